"""What the study needs of the package's plumbing, on the public API alone.

The study reads only ``imbascore``'s public modules (an import-linter
``forbidden`` contract says so), so that it could ship as a distribution of
its own; these few helpers are its own: the pip command of an extra, and the
public address of its objects (for pickles and the documentation).
"""

import importlib
import inspect
import sys

__all__ = ["install_hint", "pin_to", "require"]


def install_hint(extra):
    """The pip command that installs ``extra``, from an index or a checkout.

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


def pin_to(namespace, names, public_module):
    """Set ``__module__`` to ``public_module`` for the classes and functions
    ``names`` of ``namespace`` defined inside it (so a pickle names the public
    path); each class is listed in its home module's ``__test__``, where
    doctest then runs its methods' examples."""
    for name in names:
        value = namespace[name]
        if (
            (inspect.isclass(value) or inspect.isfunction(value))
            and value.__qualname__ == name
            and value.__module__.startswith(public_module + ".")
        ):
            if inspect.isclass(value):
                home = sys.modules[value.__module__]
                home.__dict__.setdefault("__test__", {})[name] = value
            value.__module__ = public_module
