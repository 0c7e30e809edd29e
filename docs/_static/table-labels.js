// On narrow screens custom.css shows each row of a table as a block of
// "column name: value" lines. This gives every body cell its column's name
// (data-label) and marks the table; a table without a header row, or with
// merged cells, is left as it is and scrolls inside its frame.
document.addEventListener("DOMContentLoaded", () => {
  for (const table of document.querySelectorAll(".bd-article table")) {
    if (table.classList.contains("comparison-table")) continue;
    const headRows = table.querySelectorAll("thead tr");
    if (headRows.length !== 1) continue;
    const names = [...headRows[0].children].map((cell) => cell.textContent.trim());
    const rows = table.querySelectorAll("tbody tr");
    const merged = [...table.querySelectorAll("th, td")].some(
      (cell) => cell.colSpan > 1 || cell.rowSpan > 1,
    );
    if (merged || rows.length === 0 || names.length < 2) continue;
    for (const row of rows) {
      [...row.children].forEach((cell, i) => {
        cell.dataset.label = names[i] || "";
        // an empty cell would show its label alone
        if (!cell.textContent.trim()) cell.classList.add("empty-cell");
      });
    }
    table.classList.add("stacks-when-narrow");
  }
});
