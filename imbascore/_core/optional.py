"""Optional dependencies: import them when needed, or name the extra to install.

The core (metrics, scorers, counts, intervals, thresholds, reports) needs
numpy, scipy and scikit-learn only; the study, the datasets as DataFrames,
the comparison of approaches and the figures have extras.
"""

import importlib

__all__ = ["require"]


def require(module, extra, what):
    """Import ``module``, or raise an ImportError naming the pip command.

    >>> require("numpy", "study", "this").__name__
    'numpy'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f'{what} needs {module.split(".")[0]}: pip install "imbascore[{extra}]"'
        ) from None
