"""Sphinx configuration of the imbascore documentation."""

import imbascore

project = "imbascore"
author = "the imbascore developers"
copyright = "2026, the imbascore developers"
release = version = imbascore.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    # MathJax bundled into _static: formulas render without a network.
    "sphinx-mathjax-offline",
    "numpydoc",
    "sphinx_gallery.gen_gallery",
    # the guides and how-to pages are Markdown, their code run by the tests
    "myst_parser",
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_heading_anchors = 3

autosummary_generate = True
# The signatures stay as scikit-learn's read (names and defaults); the types are
# in each docstring's numpydoc Parameters and Returns, and in the annotations
# for type checkers (the package ships py.typed).
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
# Parameters documented with a plain ``x : type`` need no cross-reference.
numpydoc_xref_param_type = False

html_theme = "pydata_sphinx_theme"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
# Labels each table cell with its column's name, for the stacked rows of
# narrow screens (custom.css).
# break-names.js: where the API's long names may break (after "_" or ".").
html_js_files = ["table-labels.js", "break-names.js"]
templates_path = ["_templates"]
html_theme_options = {
    "navigation_with_keys": False,
    # The project's name alone: "imbascore 0.1.0 documentation" ran
    # into the navigation links at 1280 px.
    "logo": {"text": "imbascore"},
    # Four links and "More": with five the links, the search field and the
    # theme switch took three rows at 1280 px.
    "header_links_before_dropdown": 4,
    # Every page's own headings on the right ("On this page"); the wide
    # García 2008 table gets the page's whole width.
    "secondary_sidebar_items": {
        "**": ["page-toc", "sourcelink"],
        "reproducing/garcia2008": [],
        # the home page has no headings: its text gets the whole width
        "index": [],
    },
}
# The top-level pages without sub-pages have no section navigation: an empty
# "Section Navigation" column is dropped, their headings are on the right.
html_sidebars = {
    page: []
    for page in [
        "getting_started",
        "choosing_a_metric",
        "user_guide",
        "performance",
        "architecture",
        "cite",
        "changelog",
    ]
}
exclude_patterns = ["_build", "make_figures.py", "_generated"]


def _write_ratio_table():
    """The table of which metrics depend on the class ratio, computed by
    :func:`imbascore.class_ratio_dependence` at every build (it cannot
    drift from the code)."""
    import pathlib

    from imbascore._scorer.factories import BUILTIN_FACTORIES, FACTORY_METRICS

    scorer_names = {}
    for name, factory in BUILTIN_FACTORIES.items():
        key = FACTORY_METRICS[factory][0]
        if name == key or name == f"neg_{key}":
            scorer_names[key] = name
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 30 30 40",
        "",
        "   * - metric (``ConfusionCounts.score``)",
        "     - scorer name",
        "     - depends on the class ratio (two classes)",
    ]
    for metric, depends in imbascore.class_ratio_dependence().items():
        scorer = scorer_names.get(metric, metric)
        lines += [
            f"   * - ``{metric}``",
            f"     - ``{scorer}``",
            f"     - {'**yes**' if depends else 'no'}",
        ]
    folder = pathlib.Path(__file__).parent / "_generated"
    folder.mkdir(exist_ok=True)
    (folder / "ratio_dependence.rst").write_text("\n".join(lines) + "\n")


_write_ratio_table()

sphinx_gallery_conf = {
    "examples_dirs": "../examples",
    "gallery_dirs": "auto_examples",
    # The quick examples run at build time; the 5x10-fold reproductions are
    # shown as code (their output is on the "Reproducing the papers" pages).
    "filename_pattern": r"/plot_",
    "download_all_examples": False,
    "remove_config_comments": True,
}
