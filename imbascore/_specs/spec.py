"""The spec of one metric: every fact about it, in one record.

A metric is its :class:`MetricInfo` (name, formula, parameters with their
constraints, direction, bounds, dependence on the class ratio, value when
undefined, readable name, column heading, source) and a one-line public
function. The readers above (intervals, comparisons, the deployment's class
ratio, groups, the report, the threshold curve, the scorers) read the spec;
none keeps a table keyed by metric names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = ["FUNCTIONS", "MetricInfo", "implements"]

#: name -> public metric function, filled by :func:`implements`.
FUNCTIONS: dict[str, Callable[..., Any]] = {}


def implements(name):
    """Register the decorated function as metric ``name``'s public function
    (the spec is below the functions, so they announce themselves)."""

    def register(function):
        FUNCTIONS[name] = function
        return function

    return register


@dataclass(frozen=True, eq=False, repr=False)
class MetricInfo:
    """What the package knows about one of its metrics.

    Returned by :func:`~imbascore.list_metrics`. The fields are plain data;
    :attr:`function` is the public metric function; ``formula`` (not shown
    in the repr) is how its value follows from its counts.

    Attributes
    ----------
    name : str
        The metric's key: a name of :meth:`ConfusionCounts.score
        <imbascore.ConfusionCounts.score>`, of :func:`~imbascore.threshold_curve`
        and a column of :func:`~imbascore.imbalanced_report`.
    function_name : str
        The public function's name in :mod:`imbascore.metrics`.
    scorer : str
        Its scorer's name for :func:`~imbascore.get_scorer` (``"neg_"`` before
        a lower-is-better metric, as scikit-learn's).
    greater_is_better : bool
        Whether a greater value is better.
    bounds : tuple of float
        ``(low, high)``: the range of its values at the default parameters.
    ratio_free : bool
        Whether its two-class value is a function of TPR and TNR alone, so it
        does not change with the class ratio.
    params : mapping
        The metric's own parameters (besides ``labels``, ``pos_label``,
        ``average``, ``sample_weight`` and ``zero_division``) with their
        defaults.
    checks : mapping
        Parameter -> the constraint it must meet (an object of
        :mod:`imbascore._specs.constraints` or of the same form: ``rule``,
        ``check(value, name, func)``); one reader checks every call by them.
    multiclass_params : tuple of str
        Those of ``params`` that act with ``average="multiclass"`` only.
    scorer_params : mapping
        Parameters its scorer fixes by default (beyond the function's).
    score_average : str
        The ``average`` the name means for :meth:`ConfusionCounts.score
        <imbascore.ConfusionCounts.score>` (scikit-learn's meaning of the
        names scikit-learn has too).
    needs : tuple of str
        The one-vs-rest counts that must be non-zero for a defined value.
    proportion : tuple or None
        For a metric that is one binomial proportion, ``(successes,
        trials)``: the cell counted as a success and the cells of the trials
        (``("tp", ("tp", "fn"))`` for sensitivity), for the exact intervals
        (Wilson, Clopper-Pearson); None otherwise.
    nan_when_undefined : bool
        Whether an undefined value is NaN under ``zero_division="warn"`` (0
        would read as a verdict).
    quality : bool
        False for a metric with no best value (which class a model favours).
    plain_arithmetic : bool
        Whether its binary value is computed in plain Python from the four
        cells (not from logarithms or quantiles of arrays).
    readable : str
        Its readable name, used in warnings.
    heading : str or None
        Its column heading in :func:`~imbascore.imbalanced_report`; None for
        a metric the report leaves out.
    source : str
        The paper it comes from (short citation).
    reads : str
        What its function reads besides ``y_true``: ``"labels"`` (predicted
        labels, counted into a confusion matrix) or ``"scores"`` (scores or
        probabilities, ranked along their sorted order: the ranking metrics)
        or ``"probabilities"`` (the positive class's probabilities, compared
        with the outcomes: the calibration metrics).
    formula : callable or None
        How its value follows from its family's counts and its own
        parameters (keywords): for a metric of labels, its per-class value
        from one-vs-rest counts (an object with array attributes ``tp``,
        ``fn``, ``fp``, ``tn``); for a ranking metric, its value from the
        cumulated counts ``(tp, fp)`` of one sorted order; for a calibration
        metric, its value from the grouped probabilities (an object with
        arrays ``values``, ``positives``, ``negatives``).
    multiclass : str or None
        For a metric of labels with an ``average="multiclass"`` value, how
        that value is formed (``"mean_recall"``, ``"geometric_mean_recall"``,
        ``"mutual_information"``); None for the others.
    """

    name: str
    function_name: str
    scorer: str
    greater_is_better: bool
    bounds: tuple[float, float]
    ratio_free: bool
    params: Mapping[str, Any] = field(default_factory=dict)
    checks: Mapping[str, Any] = field(default_factory=dict)
    multiclass_params: tuple[str, ...] = ()
    scorer_params: Mapping[str, Any] = field(default_factory=dict)
    score_average: str = "binary"
    needs: tuple[str, ...] = ()
    proportion: tuple[str, tuple[str, ...]] | None = None
    nan_when_undefined: bool = False
    quality: bool = True
    plain_arithmetic: bool = True
    readable: str = ""
    heading: str | None = None
    source: str = ""
    reads: str = "labels"
    formula: Callable[..., Any] | None = field(default=None, compare=False)
    multiclass: str | None = None

    def __post_init__(self):
        for name in ("params", "checks", "scorer_params"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        object.__setattr__(self, "bounds", tuple(float(b) for b in self.bounds))

    @property
    def function(self) -> Callable[..., Any]:
        """The public metric function, ``imbascore.metrics.<function_name>``
        (each registers itself with :func:`implements` where it is defined)."""
        return FUNCTIONS[self.name]

    def __repr__(self):
        shown = []
        for name in self.__dataclass_fields__:
            if name == "formula":
                continue
            value = getattr(self, name)
            if isinstance(value, MappingProxyType):
                value = dict(value)
            shown.append(f"{name}={value!r}")
        return f"MetricInfo({', '.join(shown)})"

    def __eq__(self, other):
        if not isinstance(other, MetricInfo):
            return NotImplemented
        return repr(self) == repr(other)

    def __hash__(self):
        return hash(self.name)

    def __getstate__(self):  # a mapping proxy does not pickle: plain dicts do
        return {
            name: dict(value) if isinstance(value, MappingProxyType) else value
            for name, value in self.__dict__.items()
        }

    def __setstate__(self, state):
        # Records pickled before a field existed take its default.
        for name, definition in self.__dataclass_fields__.items():
            if name not in state and definition.default is not MISSING:
                object.__setattr__(self, name, definition.default)
        for name, value in state.items():
            if isinstance(value, dict):
                value = MappingProxyType(value)
            object.__setattr__(self, name, value)
