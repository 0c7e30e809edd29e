"""The public address of public objects, for pickles and the documentation.

A class or function is pickled by reference, under its ``__module__``; left
at the private module it is defined in, every saved model, scorer or result
would break when the code moves. Each public namespace pins the objects it
exports to itself, so that a pickle names ``imbascore`` (or
``imbascore.plot``, ``imbascore.study``, ...) and nothing private.
"""

import inspect
import sys
from collections.abc import Iterable
from typing import Any

__all__ = ["PUBLIC_MODULES", "pin_public_paths"]

#: The modules users import from: pickles and the API reference name these.
PUBLIC_MODULES = frozenset(
    {
        "imbascore",
        "imbascore.metrics",
        "imbascore.scorers",
        "imbascore.plot",
        "imbascore.datasets",
        "imbascore.study",
        "imbascore.paper_tables",
    }
)


def pin_public_paths(
    namespace: dict[str, Any], names: Iterable[str], public_module: str
) -> None:
    """Set ``__module__`` to ``public_module`` for the classes and functions
    ``names`` of ``namespace`` defined in a module that is not public (and
    exported under their own name, so the pickled path finds them).

    doctest then finds a pinned class in the public module, whose globals
    its methods do not share, and would skip the methods' examples: each
    class is listed in its own module's ``__test__``, where they run.
    """
    for name in names:
        value = namespace[name]
        if (
            (inspect.isclass(value) or inspect.isfunction(value))
            and value.__qualname__ == name
            and value.__module__ not in PUBLIC_MODULES
        ):
            if inspect.isclass(value):
                home = sys.modules[value.__module__]
                home.__dict__.setdefault("__test__", {})[name] = value
            value.__module__ = public_module
