"""Optional dependencies: import them when needed, or name the extra to install.

The core (metrics, scorers, counts, intervals, thresholds, reports) needs
numpy, scipy, scikit-learn and narwhals only; the study, the datasets as
DataFrames, the comparison of approaches and the figures have extras.
"""

import importlib

__all__ = ["install_hint", "require"]


def install_hint(extra):
    """The pip command that installs ``extra``, in the two forms that work:
    from an index, and from a checkout of the repository (where
    ``"imbascore[extra]"`` would fetch the package from the index instead).

    >>> print(install_hint("plot"))
    pip install "imbascore[plot]" (or, in a checkout of imbascore,
    pip install ".[plot]")
    """
    return (
        f'pip install "imbascore[{extra}]" '
        f'(or, in a checkout of imbascore, pip install ".[{extra}]")'
    )


def require(module, extra, what):
    """Import ``module``, or raise an ImportError naming the pip command.

    >>> require("numpy", "study", "this").__name__
    'numpy'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"{what} needs {module.split('.')[0]}: {install_hint(extra)}"
        ) from None
