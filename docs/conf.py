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
]

autosummary_generate = True
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
# Parameters documented with a plain ``x : type`` need no cross-reference.
numpydoc_xref_param_type = False

html_theme = "pydata_sphinx_theme"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
templates_path = ["_templates"]
html_theme_options = {
    "navigation_with_keys": False,
    # The project's name alone: "imbascore 0.1.0.dev0 documentation" ran
    # into the navigation links at 1280 px.
    "logo": {"text": "imbascore"},
    # The wide García 2008 table gets the page's whole width.
    "secondary_sidebar_items": {"reproducing/garcia2008": []},
}
exclude_patterns = ["_build", "make_figures.py"]

sphinx_gallery_conf = {
    "examples_dirs": "../examples",
    "gallery_dirs": "auto_examples",
    # The quick examples run at build time; the 5x10-fold reproductions are
    # shown as code (their output is on the "Reproducing the papers" pages).
    "filename_pattern": r"/plot_",
    "download_all_examples": False,
    "remove_config_comments": True,
}
