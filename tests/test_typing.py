"""The typed public API: every public function, method and property is
annotated (parameters and return), and the wheel marks the package typed.

mypy checks that the annotations are right (`mypy`, see pyproject.toml and
tests/typecheck/check_public_api.py); this checks that none is missing, which
mypy cannot say of a function defined without any.
"""

import importlib
import inspect
import typing
from pathlib import Path

import pytest

import imbascore

PUBLIC = [
    "imbascore",
    "imbascore.metrics",
    "imbascore.scorers",
    "imbascore.plot",
    "imbascore.datasets",
]

#: Defined in modules being rewritten elsewhere: annotate them there, then
#: remove them from this list (the test fails while a listed name is typed).
NOT_YET: set[str] = set()


def _public_callables():
    seen = {}
    for module_name in PUBLIC:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isclass(value) and not issubclass(value, BaseException):
                for attribute, member in vars(value).items():
                    if attribute.startswith("_") and attribute != "__init__":
                        continue
                    if isinstance(member, (staticmethod, classmethod)):
                        member = member.__func__
                    if isinstance(member, property):
                        member = member.fget
                    if inspect.isfunction(member):
                        seen.setdefault(f"{name}.{attribute}", member)
            elif inspect.isfunction(value):
                seen.setdefault(name, value)
    return seen


def _missing(function):
    signature = inspect.signature(function)
    missing = [
        parameter.name
        for parameter in signature.parameters.values()
        if parameter.annotation is inspect.Parameter.empty
        and parameter.name not in ("self", "cls")
    ]
    if signature.return_annotation is inspect.Signature.empty:
        missing.append("return")
    return missing


def test_every_public_callable_is_annotated():
    callables = _public_callables()
    assert len(callables) > 200
    missing = {
        name: gaps
        for name, function in callables.items()
        if name not in NOT_YET and (gaps := _missing(function))
    }
    assert missing == {}


def test_the_not_yet_list_is_current():
    callables = _public_callables()
    typed = sorted(name for name in NOT_YET if not _missing(callables[name]))
    assert typed == [], "annotated now: remove them from NOT_YET"


#: Names of the optional extras (matplotlib, pandas), imported for the type
#: checker only (under ``TYPE_CHECKING``): not resolvable at runtime.
OPTIONAL = {"Axes", "Figure", "Line2D", "pd"}


@pytest.mark.parametrize("module_name", PUBLIC)
def test_annotations_resolve(module_name):
    """`typing.get_type_hints` (what runtime tools such as autodoc call)
    resolves the public functions' annotations, on every supported numpy,
    except names of the optional extras."""
    module = importlib.import_module(module_name)
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isfunction(value) and name not in NOT_YET:
            try:
                typing.get_type_hints(value)
            except NameError as error:
                assert error.name in OPTIONAL, (name, error)


def test_py_typed_marker():
    assert (Path(imbascore.__file__).parent / "py.typed").is_file()
