"""The registry of the package's metrics: one spec each, built in or defined.

Every table of metric facts (the per-class readers, the parameter checks,
which metrics are lower-is-better or free of the class ratio, the scorer
names, the report's columns) is read from these specs. The built-in specs
are in :mod:`.labels`, :mod:`.scores` and :mod:`.probabilities`;
:func:`register` adds a user's metric (``imbascore.define_metric``), and
every reader sees it, because the sets below are views of the registry,
not copies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Set
from types import MappingProxyType

from .labels import LABEL_CATALOGUE
from .probabilities import CALIBRATION_CATALOGUE
from .scores import SCORE_CATALOGUE
from .spec import MetricInfo

__all__ = [
    "BY_NAME",
    "CALIBRATION_CATALOGUE",
    "CATALOGUE",
    "LABEL_CATALOGUE",
    "LABEL_METRICS",
    "LOWER_IS_BETTER",
    "NOT_A_QUALITY",
    "SCORE_CATALOGUE",
    "MetricInfo",
    "label_specs",
    "list_metrics",
    "metric_info",
    "register",
]

#: The built-in records: the metrics of labels, the ranking metrics, the
#: calibration metrics.
CATALOGUE = LABEL_CATALOGUE + SCORE_CATALOGUE + CALIBRATION_CATALOGUE

_SPECS: dict[str, MetricInfo] = {info.name: info for info in CATALOGUE}

#: name -> record, built in or registered (a live view).
BY_NAME = MappingProxyType(_SPECS)


class _SpecSet(Set):
    """The names of the registered specs for which ``test(spec)`` holds, read
    from the registry on each use (so a registered metric is in it)."""

    def __init__(
        self, test: Callable[[MetricInfo], bool], extra: Iterable[str] = frozenset()
    ) -> None:
        self._test = test
        self._extra = frozenset(extra)

    def with_names(self, names: Iterable[str]) -> _SpecSet:
        """This view and ``names`` (of readers' own quantities, not metrics)."""
        return _SpecSet(self._test, self._extra | frozenset(names))

    def __contains__(self, name: object) -> bool:
        spec = _SPECS.get(name) if isinstance(name, str) else None
        return (spec is not None and self._test(spec)) or name in self._extra

    def __iter__(self) -> Iterator[str]:
        yield from (name for name, spec in _SPECS.items() if self._test(spec))
        yield from sorted(self._extra - set(_SPECS))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @classmethod
    def _from_iterable(cls, names):  # set operations give a plain frozenset
        return frozenset(names)


#: Lower is better (a best threshold minimises them).
LOWER_IS_BETTER = _SpecSet(lambda spec: not spec.greater_is_better)
#: Not a quality: which class a model favours has no best value.
NOT_A_QUALITY = _SpecSet(lambda spec: not spec.quality)
#: The metrics of labels (functions of the confusion counts).
LABEL_METRICS = _SpecSet(lambda spec: spec.reads == "labels")


def register(spec: MetricInfo) -> MetricInfo:
    """Add ``spec`` to the registry (a name already taken is refused: a
    built-in metric cannot be redefined)."""
    if spec.name in _SPECS:
        raise ValueError(
            f"The 'name' parameter of define_metric must be a name no metric has "
            f"yet. Got {spec.name!r} instead (imbascore.list_metrics() lists "
            "the names taken)."
        )
    _SPECS[spec.name] = spec
    return spec


def metric_info(name):
    """The record of metric ``name`` (a key of :data:`BY_NAME`)."""
    return _SPECS[name]


def label_specs() -> tuple[MetricInfo, ...]:
    """The registered metrics of labels, in the report's column order."""
    return tuple(spec for spec in _SPECS.values() if spec.reads == "labels")


def list_metrics() -> tuple[MetricInfo, ...]:
    """The package's metrics, one :class:`MetricInfo` record each.

    The metrics of labels in the order of :func:`~imbascore.imbalanced_report`'s
    columns, then the ranking metrics, then the calibration metrics, then
    the metrics defined with :func:`~imbascore.define_metric`. Each
    record names the metric's function, its scorer, whether greater is
    better, its range, whether it depends on the class ratio, its own
    parameters and their defaults, and the paper it comes from.

    Returns
    -------
    metrics : tuple of MetricInfo

    Examples
    --------
    >>> from imbascore import list_metrics
    >>> info = {m.name: m for m in list_metrics()}["iba"]
    >>> info.function_name, info.scorer, info.greater_is_better, info.bounds
    ('index_balanced_accuracy_score', 'iba', True, (0.0, 1.0))
    >>> dict(info.params)
    {'alpha': 0.1, 'squared': True}
    >>> [m.scorer for m in list_metrics() if m.reads == "probabilities"]
    ['neg_brier_score', 'neg_log_loss', 'neg_mcb', 'neg_ece']
    """
    return tuple(_SPECS.values())
