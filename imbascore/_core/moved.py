"""The module paths of 0.1, importable for one more minor version.

0.1 kept 37 modules side by side in ``imbascore/``; 0.2 gives each concern a
folder. Code that imported an old path (``from imbascore.thresholds import
threshold_curve``) and pickles that name one (0.1's ``multi_scorer`` named
``imbascore._scoring``) keep working until 0.3: a finder on ``sys.meta_path``
answers the old name with a module that forwards every attribute to the new
home and warns once, with a :class:`DeprecationWarning` that names the public
place. No file is left at the old path, so the package's top level shows only
its public modules. An old path is a read-only view: patching a name there
(``mock.patch("imbascore.thresholds.X")``) does not reach the code, which
reads its new home.
"""

import importlib
import importlib.abc
import importlib.util
import inspect
import sys
import types
import warnings

__all__ = ["MOVED", "install"]

#: 0.1's module (under ``imbascore.``) -> its home since 0.2.
MOVED = {
    "_checks": "_core.checks",
    "_constraints": "_thresholds.constraints",
    "_costs": "_metrics.cost_formulas",
    "_engine": "_core.engine",
    "_formulas": "_specs.formulas",
    "_garcia2009": "_metrics.garcia2009",
    "_inputs": "_core.inputs",
    "_named_scores": "_metrics.named_scores",
    "_net_benefit": "_metrics.net_benefit_formulas",
    "_optional": "_core.optional",
    "_per_class": "_metrics.per_class",
    "_public": "_core.public",
    "_scoring": "_metrics.scoring",
    "_sklearn_from_counts": "_metrics.sklearn_from_counts",
    "_summaries": "_inference.summaries",
    "compare": "_inference.across_datasets",
    "confusion": "_report.confusion",
    "costs": "_metrics.costs",
    "counts": "_core.counts",
    "curves": "_prior_shift.balanced_accuracy_curve",
    "decision_curve": "_thresholds.decision_curve",
    "decision_scorers": "_scorer.decision_scorers",
    "intervals": "_inference.intervals",
    "model_comparison": "_inference.model_comparison",
    "multi_scorer": "_scorer.multi_scorer",
    "net_benefit": "_metrics.net_benefit",
    "operating_point_scores": "_thresholds.operating_point_scores",
    "operating_points": "_thresholds.operating_points",
    "paired": "_inference.paired",
    "prevalence": "_metrics.at_prevalence",
    "prevalence_estimation": "_prior_shift.estimation",
    "prior_correction": "_prior_shift.correction",
    "registry": "_scorer.registry",
    "report": "_report.report",
    "thresholds": "_thresholds.curve",
}

_PACKAGE = "imbascore"
_REMOVED_IN = "0.3"
#: Where a 0.1 module's public names are not its new home's own.
_SUCCESSORS = {"counts": ("ConfusionCounts", "confusion_counts")}


def _new_home(fullname):
    """The new dotted name of an old module path, or None."""
    if not fullname.startswith(_PACKAGE + "."):
        return None
    old = fullname[len(_PACKAGE) + 1 :]
    top, _, rest = old.partition(".")
    if top not in MOVED:
        return None
    return ".".join(filter(None, (_PACKAGE, MOVED[top], rest)))


def _message(fullname, home):
    package = sys.modules[_PACKAGE]
    old = fullname[len(_PACKAGE) + 1 :]
    public = _SUCCESSORS.get(old) or [
        name for name in getattr(home, "__all__", ()) if name in package.__all__
    ]
    where = (
        f"import {', '.join(public)} from {_PACKAGE}"
        if public
        else f"nothing of it is public; its code is now in {home.__name__}, "
        "which may change without notice"
    )
    return f"{fullname} is deprecated since 0.2, removed in {_REMOVED_IN}: {where}."


def _import_level():
    """The stacklevel of the code that ran the import (a statement,
    ``importlib.import_module``, or an attribute of the package). ``warn``
    skips the frozen import machinery's frames itself; this skips this
    module's and ``importlib``'s own."""
    ours = (__file__, importlib.__file__)
    frame, level = sys._getframe(1), 1
    while frame is not None and (
        frame.f_code.co_filename.startswith("<frozen importlib")
        or frame.f_code.co_filename in ours
    ):
        if frame.f_code.co_filename in ours:
            level += 1
        frame = frame.f_back
    return level


class _MovedModule(types.ModuleType):
    """An old path: every attribute is read from the new home."""

    def __getattr__(self, name):
        return getattr(importlib.import_module(self.__moved_to__), name)

    def __dir__(self):
        return dir(importlib.import_module(self.__moved_to__))


class _Package(types.ModuleType):
    """The package itself. In 0.1, ``import imbascore`` made its modules
    attributes (``imbascore.intervals.metric_interval``): an old module's
    name still reads as the module, with the warning. The import system
    binds every imported submodule to its parent's attribute of the same
    name; ``imbascore.decision_curve`` and ``imbascore.multi_scorer`` are
    functions, which importing their 0.1 module paths must not replace."""

    def __getattr__(self, name):
        if name in MOVED:
            return importlib.import_module(f"{_PACKAGE}.{name}")
        raise AttributeError(f"module {_PACKAGE!r} has no attribute {name!r}")

    def __setattr__(self, name, value):
        current = self.__dict__.get(name)
        if isinstance(value, _MovedModule) and inspect.isfunction(current):
            return
        super().__setattr__(name, value)


class _MovedPathFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path, target=None):
        if _new_home(fullname) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self, is_package=True)

    def create_module(self, spec):
        module = _MovedModule(spec.name)
        module.__moved_to__ = _new_home(spec.name)
        module.__path__ = []  # a package of old paths only, never of files
        return module

    def exec_module(self, module):
        home = importlib.import_module(module.__moved_to__)
        warnings.warn(
            _message(module.__name__, home),
            DeprecationWarning,
            stacklevel=_import_level(),
        )


def install() -> None:
    """Answer the old paths (once per interpreter)."""
    sys.modules[_PACKAGE].__class__ = _Package
    if not any(isinstance(finder, _MovedPathFinder) for finder in sys.meta_path):
        # First: the path finder would find the new files under the old names.
        sys.meta_path.insert(0, _MovedPathFinder())
