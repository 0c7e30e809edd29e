// Long dotted names (imbascore.index_balanced_accuracy_score) in the section
// navigation, in "On this page" and in the API pages' titles: the browser, finding no place to
// break them, cut them mid-word ("index_balanced_a|ccuracy_score"). This marks
// the places where such a name may break (<wbr>): after an underscore or a
// dot, and between the words of a CamelCase name. custom.css keeps the
// navigation from breaking anywhere else.
document.addEventListener("DOMContentLoaded", () => {
  const places = /([_.])(?=[^_.])|([a-z0-9])(?=[A-Z])/g;
  const elements = document.querySelectorAll(
    [
      ".bd-sidebar-primary nav.bd-docs-nav a",
      ".bd-sidebar-secondary nav.page-toc a",
      ".bd-article h1",
      // the signature's name: unbreakable, it widened an API page past a
      // phone's screen
      ".bd-article dt.sig .sig-name",
    ].join(", "),
  );
  for (const element of elements) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) texts.push(walker.currentNode);
    for (const text of texts) {
      const parts = text.data.replace(places, "$1$2\u0000").split("\u0000");
      if (parts.length < 2) continue;
      const fragment = document.createDocumentFragment();
      parts.forEach((part, i) => {
        if (i > 0) fragment.append(document.createElement("wbr"));
        fragment.append(part);
      });
      text.replaceWith(fragment);
    }
  }
});
