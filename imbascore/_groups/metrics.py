"""Every metric by group, with intervals, differences and ratios."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any, overload

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.utils import check_random_state

from .._calibration.evaluate import CALIBRATION_METRIC_NAMES, calibration_score
from .._core.checks import (
    check_choice,
    check_confidence_level,
    check_n_resamples,
    index_of,
    param_error,
)
from .._core.inputs.groups import read_groups
from .._core.inputs.scores import read_scores
from .._core.optional import require
from .._core.resampling import percentiles
from .._core.types import ArrayLike, FloatArray, RandomState
from .._inference.calibration import calibration_interval
from .._inference.callables import metric_value
from .._inference.intervals import counts_interval, table_evaluator
from .._inference.ranking import bootstrap_generator, ranking_interval
from .._inference.settings import Resampling
from .._metrics.named_scores import (
    check_metric_name,
    option_names,
    score_of_table,
)
from .._ranking.evaluate import SCORE_METRIC_NAMES, ranking_score
from .._specs.catalogue import BY_NAME, LOWER_IS_BETTER
from .._thresholds.curve import route_params
from .counts import count_by_group
from .resampling import label_draws, quiet, score_draws
from .slices import GroupSlices, as_array

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "GroupComparison",
    "GroupMetrics",
    "check_metric_name",
    "inputs_family",
    "metric_option_names",
    "metrics_by_group",
]

_FUNC = "metrics_by_group"
_COMPARISONS = ("between_groups", "to_overall")
_DEFAULT_METRICS = ("iba", "sensitivity", "specificity")


#: The inputs the metric functions of scores and probabilities take besides
#: their options.
_SCORE_INPUTS = frozenset({"y_true", "y_score", "y_proba", "sample_weight"})


def _reads(metric):
    if not isinstance(metric, str):
        return "callable"
    if metric in SCORE_METRIC_NAMES:
        return "scores"
    if metric in CALIBRATION_METRIC_NAMES:
        return "probabilities"
    return "labels"


@cache
def metric_option_names(name):
    """The options (keyword parameters) the metric ``name`` takes."""
    if _reads(name) == "labels":
        return option_names(name)
    parameters = inspect.signature(BY_NAME[name].function).parameters
    return frozenset(parameters) - _SCORE_INPUTS


def inputs_family(y_pred, y_score):
    """``"scores"`` when scores are given (``y_score``, or ``y_pred`` of
    floats that are not whole), else ``"labels"``: the family whose metric
    names a mistyped one is compared with first."""
    if y_score is not None:
        return "scores"
    try:
        values = as_array(y_pred)
        whole = values.dtype.kind != "f" or bool(np.all(values == np.round(values)))
    except (TypeError, ValueError):
        return "labels"
    return "labels" if whole else "scores"


def _number(value):
    return "nan" if not np.isfinite(value) else f"{value:.4g}"


@dataclass(frozen=True)
class GroupComparison:
    """A difference or ratio between groups, with its bootstrap interval.

    Attributes
    ----------
    metric : str
        The metric's key.
    kind : {'difference', 'ratio'}
    method : {'between_groups', 'to_overall'}
        ``"between_groups"``: the best group's value minus the worst's (their
        ratio, worst over best); ``"to_overall"``: the largest gap between a
        group and the overall value (the smallest ratio of the two).
    estimate, low, high : float
        The value and its interval (NaN bounds without resamples): the
        interval of the gap between the groups the value comes from, held
        fixed in the draws and signed, so that a gap that could be noise
        has an interval reaching 0 (1 for a ratio).
    groups : tuple
        The groups the value comes from (best and worst; or the farthest
        group).
    per_group : dict
        With ``"to_overall"``: each group's difference to the overall value
        (its ratio) as ``(estimate, low, high)``.
    """

    metric: str
    kind: str
    method: str
    estimate: float
    low: float
    high: float
    groups: tuple
    per_group: dict

    def __repr__(self):
        return (
            f"GroupComparison({self.kind} of {self.metric!r}, {self.method}: "
            f"{_number(self.estimate)} [{_number(self.low)}, {_number(self.high)}], "
            f"groups={self.groups!r})"
        )


class GroupMetrics:
    """Each metric in each group, with intervals; the overall values.

    Returned by :func:`metrics_by_group`.

    Attributes
    ----------
    groups : list
        The groups' labels, sorted.
    metrics : list of str
        The metrics' keys.
    values, low, high : dict
        ``{key: ndarray of shape (n_groups,)}`` (NaN bounds without
        intervals).
    overall : dict
        ``{key: (estimate, low, high)}`` over all the samples.
    sizes, positives : ndarray of shape (n_groups,)
        Each group's number of samples (total weight) and of positives
        (NaN where the positive class is not known).
    names : tuple of str or None
        The grouping keys' names.
    method : str or None
    confidence_level : float
    """

    groups: list[Any]
    metrics: list[str]
    values: dict[str, FloatArray]
    low: dict[str, FloatArray]
    high: dict[str, FloatArray]
    overall: dict[str, tuple[float, float, float]]
    sizes: FloatArray
    positives: FloatArray
    names: tuple[str, ...] | None
    method: str | None
    confidence_level: float
    _lower_is_better: dict[str, bool]

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)

    def _index(self, metric, caller=None):
        if metric is None:
            return self.metrics[0]
        if not isinstance(metric, str) or metric not in self.values:
            func = "GroupMetrics" if caller is None else f"GroupMetrics.{caller}"
            raise ValueError(
                param_error(func, "metric", f"one of {self.metrics}", metric)
            )
        return metric

    def worst(self, metric: str | None = None) -> Any:
        """The group with the worst value of ``metric`` (the first metric by
        default): lowest for a greater-is-better metric; NaN groups skipped."""
        key = self._index(metric, "worst")
        values = self.values[key]
        if not np.isfinite(values).any():
            return None
        lower = self._lower_is_better[key]
        position = np.nanargmax(values) if lower else np.nanargmin(values)
        return self.groups[position]

    @overload
    def difference(
        self, metric: str, *, method: str = "between_groups"
    ) -> GroupComparison: ...

    @overload
    def difference(
        self, metric: None = None, *, method: str = "between_groups"
    ) -> dict[str, GroupComparison]: ...

    def difference(
        self, metric: str | None = None, *, method: str = "between_groups"
    ) -> GroupComparison | dict[str, GroupComparison]:
        """The gap between groups (or to the overall value), with the
        bootstrap interval of the same gap: a :class:`GroupComparison`;
        without ``metric``, ``{key: GroupComparison}`` of every metric (as
        fairlearn's ``MetricFrame.difference()`` gives one value per
        metric)."""
        return self._compare_each(metric, method, "difference")

    @overload
    def ratio(
        self, metric: str, *, method: str = "between_groups"
    ) -> GroupComparison: ...

    @overload
    def ratio(
        self, metric: None = None, *, method: str = "between_groups"
    ) -> dict[str, GroupComparison]: ...

    def ratio(
        self, metric: str | None = None, *, method: str = "between_groups"
    ) -> GroupComparison | dict[str, GroupComparison]:
        """The ratio of the worst to the best group (or the smallest ratio
        of a group and the overall value), with its bootstrap interval;
        without ``metric``, ``{key: GroupComparison}`` of every metric."""
        return self._compare_each(metric, method, "ratio")

    def _compare_each(self, metric, method, kind):
        check_choice(method, "method", _COMPARISONS, f"GroupMetrics.{kind}")
        if metric is None:
            return {key: self._compare(key, method, kind) for key in self.metrics}
        return self._compare(metric, method, kind)

    def _compare(self, metric, method, kind):
        key = self._index(metric, kind)
        values = self.values[key]
        draws = self._draws.get(key) if self._draws else None
        overall = self.overall[key][0]
        overall_draws = None if draws is None else self._overall_draws[key]
        statistic = _STATISTICS[(kind, method)]
        estimate, groups, per_group = statistic(values, overall, self.groups)
        if not np.isfinite(estimate):
            _warn_undefined_comparison(kind, method, key, values, overall)
        low = high = np.nan
        per_group_bounds = {}
        if draws is not None and groups:
            # the gap between the groups the data single out, held fixed in
            # the draws and signed: a gap that could be noise reaches 0 (the
            # drawn best-minus-worst, never negative, would not)
            with np.errstate(all="ignore"):
                drawn = _fixed_gap(
                    kind,
                    method,
                    values,
                    overall,
                    draws,
                    overall_draws,
                    [self.groups.index(group) for group in groups],
                )
            low, high = percentiles(drawn, self.confidence_level)
            if method == "to_overall":
                gaps = _gap(kind, draws, overall_draws[:, None])
                bounds = percentiles(gaps, self.confidence_level)
                per_group_bounds = {
                    group: (bounds[0][i], bounds[1][i])
                    for i, group in enumerate(self.groups)
                }
        if method == "to_overall":
            per_group = {
                group: (value, *per_group_bounds.get(group, (np.nan, np.nan)))
                for group, value in per_group.items()
            }
        return GroupComparison(
            key,
            kind,
            method,
            float(estimate),
            float(low),
            float(high),
            groups,
            per_group,
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per group: ``size``, ``positives``, then per metric its
        key and, with intervals (a ``method``), ``<key>_low``, ``<key>_high``
        (needs pandas)."""
        pd = require("pandas", "study", "GroupMetrics.to_frame")
        columns = {"size": self.sizes, "positives": self.positives}
        for key in self.metrics:
            columns[key] = self.values[key]
            if self.method is not None:
                columns[f"{key}_low"] = self.low[key]
                columns[f"{key}_high"] = self.high[key]
        index = pd.Index(self.groups, name="group" if self.names is None else None)
        if self.names is not None and len(self.names) > 1:
            index = pd.MultiIndex.from_tuples(self.groups, names=list(self.names))
        elif self.names is not None:
            index = pd.Index(self.groups, name=self.names[0])
        return pd.DataFrame(columns, index=index)

    def __repr__(self):
        width = max(len(repr(group)) for group in self.groups) if self.groups else 5
        width = max(width, len("overall"))
        header = f"{'':<{width}}  {'size':>8}  {'positives':>9}" + "".join(
            f"  {key:>24}" for key in self.metrics
        )
        lines = [header]

        def cell(value, low, high):
            text = _number(value)
            if np.isfinite(low) or np.isfinite(high):
                text += f" [{_number(low)}, {_number(high)}]"
            return f"  {text:>24}"

        for i, group in enumerate(self.groups):
            row = f"{group!r:<{width}}  {self.sizes[i]:>8g}  {self.positives[i]:>9g}"
            row += "".join(
                cell(self.values[k][i], self.low[k][i], self.high[k][i])
                for k in self.metrics
            )
            lines.append(row)
        size, positives = np.sum(self.sizes), np.sum(self.positives)
        row = f"{'overall':<{width}}  {size:>8g}  {positives:>9g}"
        row += "".join(cell(*self.overall[k]) for k in self.metrics)
        lines.append(row)
        level = (
            ""
            if self.method is None
            else f", {self.confidence_level:.0%} {self.method}"
        )
        return f"GroupMetrics({len(self.groups)} groups{level})\n" + "\n".join(lines)


def _warn_undefined_comparison(kind, method, key, values, overall):
    """Why a difference or ratio is NaN, said as every NaN of the package is."""
    defined = int(np.isfinite(values).sum())
    if method == "between_groups" and defined < 2:
        reason = f"{key!r} is defined in {defined} group(s), fewer than two"
    elif method == "to_overall" and not np.isfinite(overall):
        reason = f"the overall value of {key!r} is undefined"
    elif method == "to_overall" and not defined:
        reason = f"{key!r} is undefined in every group"
    else:
        reason = f"the values of {key!r} give 0/0 (a best value of 0)"
    warnings.warn(
        f"GroupMetrics.{kind}: {reason}; the {kind} ({method}) is NaN.",
        UndefinedMetricWarning,
        stacklevel=4,
    )


def _fixed_gap(kind, method, values, overall, draws, overall_draws, where):
    """The draws of the gap between fixed groups (``where``: their
    positions), oriented as the estimate."""
    group = draws[:, where[0]]
    if method == "between_groups":
        return _gap(kind, group, draws[:, where[1]])
    if kind == "difference":
        sign = 1.0 if values[where[0]] >= overall else -1.0
        return sign * (group - overall_draws)
    if values[where[0]] <= overall:
        return group / overall_draws
    return overall_draws / group


def _gap(kind, values, reference):
    """``values`` beside ``reference``: their difference or their ratio."""
    with np.errstate(all="ignore"):
        return values - reference if kind == "difference" else values / reference


def _between(values, overall, groups, kind):
    finite = np.isfinite(values)
    if finite.sum() < 2:
        return np.nan, (), {}
    # two distinct groups even when their values tie
    ranked = np.flatnonzero(finite)[np.argsort(values[finite], kind="stable")]
    worst, best = ranked[0], ranked[-1]
    if kind == "difference":
        return values[best] - values[worst], (groups[best], groups[worst]), {}
    with np.errstate(all="ignore"):
        return values[worst] / values[best], (groups[worst], groups[best]), {}


def _to_overall(values, overall, groups, kind):
    with np.errstate(all="ignore"):
        if kind == "difference":
            gaps = values - overall
            size = np.abs(gaps)
        else:
            gaps = values / overall
            size = -np.minimum(gaps, 1 / gaps)
    per_group = dict(zip(groups, gaps.tolist()))
    if not np.isfinite(size).any():
        return np.nan, (), per_group
    far = np.nanargmax(size)
    value = size[far] if kind == "difference" else -size[far]
    return value, (groups[far],), per_group


_STATISTICS = {
    ("difference", "between_groups"): lambda v, o, g: _between(v, o, g, "difference"),
    ("ratio", "between_groups"): lambda v, o, g: _between(v, o, g, "ratio"),
    ("difference", "to_overall"): lambda v, o, g: _to_overall(v, o, g, "difference"),
    ("ratio", "to_overall"): lambda v, o, g: _to_overall(v, o, g, "ratio"),
}


def _callable_key(metric):
    """A callable's key in the result: its ``__name__``; a lambda (or a
    callable without a name) needs one given as a dict key."""
    name = getattr(metric, "__name__", "<lambda>")
    if name == "<lambda>":
        raise ValueError(
            param_error(
                _FUNC,
                "metrics",
                "named callables; give a lambda (or a callable without "
                "__name__) its name as a dict key: metrics={'name': lambda ...}",
                metric,
            )
        )
    return name


def _metric_list(metrics, metric_params, reads):
    """``[(key, metric, params)]`` of ``metrics``: names or callables, or a
    dict of key -> name, ``(name, params)`` or callable. The options of
    ``metric_params`` go to the named metrics that take them (an option no
    metric asked takes is an error); a metric's own ``params`` must all be
    its options. A callable takes no options: its key is its ``__name__``."""
    if isinstance(metrics, str) or callable(metrics):
        metrics = [metrics]
    rule = (
        "metric names, or a dict of key -> name or (name, params); or callables "
        "f(y_true, y_pred, sample_weight=None)"
    )
    if isinstance(metrics, Mapping):
        items = list(metrics.items())
    elif isinstance(metrics, Sequence):
        items = [(_callable_key(m) if callable(m) else m, m) for m in metrics]
    else:
        raise TypeError(param_error(_FUNC, "metrics", rule, metrics))
    listed = []
    for key, spec in items:
        if callable(spec):
            listed.append((str(key), spec, {}))
            continue
        if isinstance(spec, str):
            name, params = spec, {}
        elif (
            isinstance(spec, tuple | list)
            and len(spec) == 2
            and isinstance(spec[0], str)
            and isinstance(spec[1], Mapping)
        ):
            name, params = spec
        else:
            raise TypeError(param_error(_FUNC, "metrics", rule, spec))
        check_metric_name(name, _FUNC, "metrics", reads)
        options = metric_option_names(name)
        unknown = sorted(set(params) - options)
        if unknown:
            raise TypeError(
                param_error(
                    _FUNC,
                    "metrics",
                    f"options of {name!r} among {sorted(options)} in {key!r}",
                    unknown[0],
                )
            )
        listed.append((str(key), name, dict(params)))
    if not listed:
        raise ValueError(param_error(_FUNC, "metrics", "at least one metric", metrics))
    names = list(dict.fromkeys(n for _, n, _ in listed if isinstance(n, str)))
    shared = route_params(names, metric_params, _FUNC, metric_option_names)
    listed = [
        (key, name, {**shared.get(name, {}), **params}) for key, name, params in listed
    ]
    for _, name, params in listed:
        if "average" in params and params["average"] is None:
            raise ValueError(
                param_error(
                    _FUNC,
                    "average",
                    "an average giving one value per group ('binary', 'micro', "
                    "'macro', 'weighted'), not None (one value per class: ask "
                    "each class as pos_label)",
                    None,
                )
            )
    return listed


def _random_state(random_state):
    try:
        return check_random_state(random_state)
    except ValueError:
        raise ValueError(
            param_error(
                _FUNC,
                "random_state",
                "None, an int or a numpy RandomState",
                random_state,
            )
        ) from None


class _Renamed:
    """One group's metric: its own undefined-value warnings held back, and,
    where its value is NaN, one ``UndefinedMetricWarning`` naming the group,
    its class counts and the metric's reason (a group with no positive gets
    NaN, not the 0 of ``zero_division``: a number would read as a verdict)."""

    def __init__(self, group, size, positives, key, quiet=False):
        self.quiet = quiet  # NaN asked for (zero_division=np.nan): no warning
        self.prefix = f"{_FUNC}: group {group!r} ({size:g} samples"
        self.prefix += (
            "" if not np.isfinite(positives) else f", {positives:g} positives"
        )
        self.prefix += f"): {key!r} is undefined"
        self.estimate = np.nan

    def __enter__(self):
        self._manager = warnings.catch_warnings(record=True)
        self._caught = self._manager.__enter__()
        warnings.simplefilter("always", UndefinedMetricWarning)
        return self

    def __exit__(self, *exc):
        self._manager.__exit__(*exc)
        reasons = []
        for caught in self._caught:
            if issubclass(caught.category, UndefinedMetricWarning):
                reasons.append(str(caught.message))
            else:
                warnings.warn_explicit(
                    caught.message, caught.category, caught.filename, caught.lineno
                )
        if exc[0] is None and not self.quiet and not np.isfinite(self.estimate):
            reason = f" ({reasons[0]})" if reasons else ""
            warnings.warn(
                f"{self.prefix}; it is NaN{reason}",
                UndefinedMetricWarning,
                stacklevel=4,
            )
        return False


def _row_totals(tables):
    """Each group's total by true class: shape (n_groups, n_classes)."""
    joint = tables.joint
    if joint.ndim == 3:
        return joint.sum(axis=2)
    k = len(tables.classes)
    return np.asarray(joint.sum(axis=1)).reshape(-1, k)


def _label_positives(totals, classes, observed, pos_label):
    """Each group's positives (NaN where the positive class is not known:
    no ``pos_label`` and classes other than {0, 1} or {-1, 1})."""
    if pos_label is None:
        values = set(observed.tolist())
        numeric = observed.dtype.kind in "biuf"
        if not numeric or not (values <= {0, 1} or values <= {-1, 1}):
            return np.full(totals.shape[0], np.nan)
        pos_label = 1
    where = index_of(classes, pos_label)
    if where < 0:
        return np.zeros(totals.shape[0])
    return totals[:, where].astype(float)


def _stacked_values(tables, overall, present, name, params):
    """Each present group's value of the metric of labels ``name`` from the
    stacked tables at once (one evaluation, no table object per group); NaN
    where a group's table lacks a class of the overall one (its own table,
    counted alone, reads differently) or the value is undefined: those are
    read one by one, as before, with their warnings. None with sparse
    tables."""
    if tables.joint.ndim != 3:
        return None
    where = np.searchsorted(tables.classes, overall.classes)
    stack = tables.joint[present][:, where[:, None], where[None, :]]
    evaluate = table_evaluator(overall, name, params, _FUNC)
    with quiet():
        values = np.asarray(evaluate(stack), dtype=float)
    if values.shape != (stack.shape[0],):
        return None  # a metric of one value per class (average=None)
    complete = ((stack.sum(axis=1) + stack.sum(axis=2)) > 0).all(axis=1)
    return np.where(complete, values, np.nan)


def metrics_by_group(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    groups: ArrayLike,
    metrics: str | Callable[..., Any] | Sequence[Any] | Mapping[str, Any] = (
        _DEFAULT_METRICS
    ),
    y_score: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    confidence_level: float = 0.95,
    method: str | None = None,
    n_resamples: int = 1000,
    random_state: RandomState = None,
    **metric_params: Any,
) -> GroupMetrics:
    """Every metric in every group, with intervals, in one pass over the labels.

    The labels are counted by group in one pass (one table per group); each
    metric of labels is read from its group's table, with the interval of
    :func:`~imbascore.metric_interval` from the same table. The metrics of
    scores (ROC AUC, average precision, ...) and of probabilities (the Brier
    score, MCB, ...) read each group's rows. The overall values come from
    all the samples (for labels: the sum of the groups' tables).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels; or scores or probabilities when every metric reads
        them.
    groups : array-like, Series or DataFrame
        Each sample's group: one array or column, or several (shape
        (n_samples, n_keys), a DataFrame): their intersections.
    metrics : str, callable, sequence or dict, default=("iba", "sensitivity", \
"specificity")
        Names of the catalogue (:func:`~imbascore.list_metrics`) or of
        scikit-learn's metrics of the confusion matrix; or ``{key: name}``
        or ``{key: (name, params)}`` for a metric with its own parameters.
        A plain callable ``f(y_true, y_pred, sample_weight=None)`` (any
        scikit-learn metric, as fairlearn's ``MetricFrame`` takes them) is a
        metric too, alone, in the list beside names (its key is its
        ``__name__``; a lambda needs a dict key) or in the dict: it is called
        on each group's rows of ``y_true`` and ``y_pred`` as given (with
        their ``sample_weight`` only when weights are given), takes none of
        ``metric_params``, and counts as greater-is-better for ``worst()``.
    y_score : array-like of shape (n_samples,), default=None
        Scores or probabilities for the metrics that read them (when given,
        they are what those metrics read, even if no metric reads labels;
        checked as ``y_score``: same length as ``y_true``, no NaN, in
        [0, 1] for the metrics of probabilities).
    sample_weight : array-like of shape (n_samples,), default=None
    confidence_level : float, default=0.95
    method : str or None, default=None
        None: values only. ``"auto"``: each metric's default interval (the
        posterior for labels, DeLong or the bootstrap for scores, the
        bootstrap for probabilities). Another name is passed to every
        metric (``"bootstrap"``, ``"wilson"``, ...). With a method, the
        differences and ratios get intervals from draws stratified by group
        and class: for metrics of labels each (group, class) row drawn from
        its posterior (``"auto"``, ``"posterior"``) or resampled (the
        bootstrap methods); for scores and probabilities each group's rows
        resampled within their classes. A callable reads rows, not counts:
        its intervals are the percentiles of the same stratified bootstrap
        (``"auto"`` or ``"bootstrap"``; another method is an error).
    n_resamples : int, default=1000
    random_state : int, RandomState instance or None, default=None
    **metric_params
        Options of the metrics (``pos_label``, ``average``, ``alpha``, ...):
        each goes to every metric that takes it (``pos_label`` to
        sensitivity, not to accuracy); one that no metric asked takes is an
        error. A metric
        of labels undefined in a group is NaN there (``zero_division``
        defaults to NaN here, not to the metric function's 0).

    Returns
    -------
    result : GroupMetrics
        ``values``, ``low``, ``high`` per metric and group, ``overall``,
        ``sizes`` and ``positives``; ``worst()``, ``difference()``,
        ``ratio()``, ``to_frame()``. A group where a metric is undefined
        (no positive, say) gets NaN with an ``UndefinedMetricWarning``
        naming the group and its counts.

    Examples
    --------
    >>> from imbascore import metrics_by_group
    >>> y_true = [1, 1, 0, 0, 1, 1, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 0, 1, 1, 0, 0, 0, 0, 0]
    >>> result = metrics_by_group(
    ...     y_true, y_pred, groups=list("aaaabbbbbb"), metrics=["sensitivity"]
    ... )
    >>> result.values["sensitivity"].tolist(), result.worst("sensitivity")
    ([1.0, 0.5], 'b')
    """
    level = check_confidence_level(confidence_level, _FUNC)
    if method is not None:
        n_resamples = check_n_resamples(n_resamples, _FUNC)
    asked = Resampling(method, level, n_resamples, _random_state(random_state))
    listed = _metric_list(
        metrics, metric_params, lambda: inputs_family(y_pred, y_score)
    )
    kinds = {key: _reads(name) for key, name, _ in listed}
    _check_callable_method(listed, kinds, method)
    score_kinds = set(kinds.values()) - {"labels", "callable"}
    if y_score is None and "labels" in kinds.values() and score_kinds:
        raise ValueError(
            param_error(
                _FUNC,
                "y_score",
                "given when metrics of labels and of scores are asked together",
                None,
                "Pass the labels as y_pred and the scores as y_score.",
            )
        )
    pos_label = metric_params.get("pos_label")
    counts: Any = None
    tables: Any = None
    rows: dict[str, _Rows] = {}
    if "labels" in kinds.values():
        counts, keys, tables = count_by_group(
            y_true, y_pred, groups, sample_weight, _FUNC
        )
    if score_kinds:
        # the scores' own door: checked against y_true and named as the
        # parameter they came by (y_pred when every metric reads scores)
        scored = read_scores(
            y_true,
            y_pred if y_score is None else y_score,
            sample_weight,
            _FUNC,
            pos_label=pos_label,
            name="y_pred" if y_score is None else "y_score",
            probabilities="probabilities" in score_kinds,
        )
        given = (scored.truth, scored.scores, scored.weights, scored.pos_label)
        rows["scores"] = rows["probabilities"] = _Rows(*given)
    if "callable" in kinds.values():  # the inputs as given, row by row
        rows["callable"] = _Rows.as_given(y_true, y_pred, sample_weight)
    if counts is None:
        first = next(iter(rows.values()))
        keys = read_groups(groups, first.truth.shape[0], _FUNC)
        if score_kinds:
            pos_label = scored.pos_label
        sizes, positives, present = _row_sizes(keys, first, pos_label)
    else:
        present = np.flatnonzero(tables.samples > 0)
        totals = _row_totals(tables)[present]
        sizes = totals.sum(axis=1).astype(float)
        observed = counts.overall().table.classes
        positives = _label_positives(totals, tables.classes, observed, pos_label)
    labels = [keys.labels[code] for code in present]
    if rows:
        slices = GroupSlices(keys.codes, keys.n_groups)
        for of_rows in rows.values():
            of_rows.groups = [slices.rows(code) for code in present]
    values, low, high, overall = {}, {}, {}, {}
    draws, overall_draws = {}, {}
    for key, name, params in listed:
        kind, taken = kinds[key], rows.get(kinds[key])
        values[key], low[key], high[key] = np.full((3, len(labels)), np.nan)
        stacked = None
        if kind == "labels" and method is None:
            stacked = _stacked_values(
                tables,
                counts.overall().table,
                present,
                name,
                _nan_default(name, params),
            )
            values[key][:] = stacked
        for i, group in enumerate(labels):
            if stacked is not None and np.isfinite(stacked[i]):
                continue
            quiet = kind == "labels" and "zero_division" in params
            with _Renamed(group, sizes[i], positives[i], key, quiet) as renamed:
                table = counts[group] if kind == "labels" else None
                renamed.estimate, lo, hi = _value(
                    kind, name, params, table, taken, i, asked
                )
            values[key][i], low[key][i], high[key][i] = renamed.estimate, lo, hi
        table = counts.overall() if kind == "labels" else None
        overall[key] = _value(kind, name, params, table, taken, None, asked)
        if method is not None:
            draws[key], overall_draws[key] = _group_draws(
                kind, name, params, counts, labels, taken, asked
            )
        if method is not None and kind == "callable":  # the draws' percentiles
            low[key], high[key] = percentiles(draws[key], level)
            overall[key] = (overall[key][0], *percentiles(overall_draws[key], level))
    lower = {
        key: isinstance(name, str)
        and (name in LOWER_IS_BETTER or name.startswith("neg_"))
        for key, name, _ in listed
    }
    return GroupMetrics(
        groups=labels,
        metrics=[key for key, _, _ in listed],
        values=values,
        low=low,
        high=high,
        overall=overall,
        sizes=sizes,
        positives=positives,
        names=keys.names,
        method=method,
        confidence_level=level,
        _draws=draws,
        _overall_draws=overall_draws,
        _lower_is_better=lower,
    )


@dataclass
class _Rows:
    """The rows that the metrics of scores, probabilities or callables read:
    the truth, what they read (scores, or ``y_pred`` as given), the weights,
    the positive class (None for a callable's rows: each true class is a
    stratum of the resamples) and, once the groups are known, each present
    group's rows."""

    truth: Any
    read: Any
    weights: Any
    pos_label: Any = None
    groups: list[Any] | None = None

    @classmethod
    def as_given(cls, y_true, y_pred, sample_weight):
        truth, read = as_array(y_true), as_array(y_pred)
        weights = as_array(sample_weight)
        for name, values in (("y_pred", read), ("sample_weight", weights)):
            if values is not None and values.shape[:1] != truth.shape[:1]:
                raise ValueError(
                    param_error(
                        _FUNC,
                        name,
                        f"of the same length as y_true ({truth.shape[0]})",
                        f"{values.shape[0]} values",
                    )
                )
        return cls(truth, read, weights)

    def take(self, where=None):
        """``(truth, read, weights)`` of the rows ``where`` (all: None)."""
        if where is None:
            return self.truth, self.read, self.weights
        weights = None if self.weights is None else self.weights[where]
        return self.truth[where], self.read[where], weights

    def strata(self, i):
        """Group ``i``'s rows by class: the strata a resample keeps."""
        members = self.groups[i]
        truth = self.truth[members]
        if self.pos_label is not None:
            positive = truth == self.pos_label
            return [members[positive], members[~positive]]
        _, codes = np.unique(truth, return_inverse=True)
        return [members[codes == c] for c in range(codes.max() + 1)]


def _row_sizes(keys, rows, pos_label):
    """Each present group's size, positives (as :func:`_label_positives`
    says) and the codes of the present groups, from the rows."""
    present = np.flatnonzero(np.bincount(keys.codes, minlength=keys.n_groups) > 0)
    classes, codes = np.unique(rows.truth, return_inverse=True)
    k = len(classes)
    totals = np.bincount(
        keys.codes * k + codes.ravel(), rows.weights, minlength=keys.n_groups * k
    ).reshape(keys.n_groups, k)[present]
    positives = _label_positives(totals, classes, classes, pos_label)
    return totals.sum(axis=1).astype(float), positives, present


def _check_callable_method(listed, kinds, method):
    """A callable reads rows: the bootstrap is its only interval."""
    if method in (None, "auto", "bootstrap"):
        return
    for key, _, _ in listed:
        if kinds[key] == "callable":
            raise ValueError(
                param_error(
                    _FUNC,
                    "method",
                    f"None, 'auto' or 'bootstrap' with {key!r}, a callable "
                    "metric (it reads rows, not the counts that method needs)",
                    method,
                )
            )


def _nan_default(name, params):
    """By group an undefined value is NaN unless ``zero_division`` says
    otherwise: a 0 in a table of groups would read as a verdict."""
    if "zero_division" in params or "zero_division" not in metric_option_names(name):
        return params
    return {"zero_division": np.nan, **params}


def _value(kind, name, params, counts, rows, i, asked):
    """``(estimate, low, high)`` of one metric in group ``i`` (overall:
    None), read off the group's ``counts`` (labels) or its ``rows``. A
    callable's bounds come from the groups' draws, afterwards."""
    where = None if i is None or rows is None else rows.groups[i]
    if kind == "callable":
        return metric_value(name, *rows.take(where)), np.nan, np.nan
    if kind == "labels":
        return _label_value(counts, name, params, asked)
    return _score_value(rows.take(where), name, params, asked)


def _label_value(counts, name, params, asked):
    params = _nan_default(name, params)
    if asked.method is None:
        return float(score_of_table(counts.table, name, params, _FUNC)), np.nan, np.nan
    interval = counts_interval(
        counts,
        name,
        method="posterior" if asked.method == "auto" else asked.method,
        confidence_level=asked.confidence_level,
        n_resamples=asked.n_resamples,
        random_state=asked.random_state,
        func=_FUNC,
        **params,
    )
    return float(interval.estimate), float(interval.low), float(interval.high)


def _score_value(taken, name, params, asked):
    y_true, scores, weights = taken
    if asked.method is None:  # the metric functions' own path, named as ours
        if name in SCORE_METRIC_NAMES:
            value = ranking_score(
                y_true, scores, name, params, _FUNC, sample_weight=weights
            )
        else:
            own = dict(params)
            prevalence = own.pop("prevalence", None)
            value = calibration_score(
                y_true,
                scores,
                name,
                own,
                _FUNC,
                sample_weight=weights,
                prevalence=prevalence,
            )
        return float(value), np.nan, np.nan
    resampling = replace(
        asked,
        method=None if asked.method == "auto" else asked.method,
        random_state=bootstrap_generator(asked.random_state, _FUNC),
    )
    options = {
        "sample_weight": weights,
        "prevalence": None,
        "metric_params": params,
        "func": _FUNC,
    }
    interval = ranking_interval if name in SCORE_METRIC_NAMES else calibration_interval
    estimate, lo, hi, *_ = interval(y_true, scores, name, resampling, **options)
    return float(estimate), float(lo), float(hi)


def _group_draws(kind, name, params, counts, labels, rows, asked):
    """``(draws of shape (n_resamples, n_groups), overall draws)`` of one
    metric, each group resampled within its classes."""
    if kind == "labels":
        return _label_group_draws(name, params, counts, labels, asked)
    if kind == "callable":
        return _callable_draws(name, rows, asked)
    function = BY_NAME[name].function
    options = asked.n_resamples, bootstrap_generator(asked.random_state, _FUNC), params
    columns = []
    for members in rows.groups:
        y_true, scores, weights = rows.take(members)
        positive = y_true == rows.pos_label
        cells = [np.flatnonzero(positive), np.flatnonzero(~positive)]
        columns.append(score_draws(function, y_true, scores, weights, cells, *options))
    # the overall value of each resample: the groups' resampled rows together
    options = asked.n_resamples, bootstrap_generator(asked.random_state, _FUNC), params
    cells = [cell for i in range(len(rows.groups)) for cell in rows.strata(i)]
    overall = score_draws(function, *rows.take(), cells, *options)
    return np.column_stack(columns), overall


def _label_group_draws(name, params, counts, labels, asked):
    """The draws of a metric of labels: each group's table drawn row by row
    (from the posterior with ``"auto"`` and ``"posterior"``), the overall
    draws from the sum of the groups' drawn tables."""
    params = _nan_default(name, params)
    posterior = asked.method in ("auto", "posterior")
    classes = counts.overall().table.classes
    k = len(classes)
    total = np.zeros((asked.n_resamples, k, k))
    columns = []
    for group in labels:
        values, tables = label_draws(
            counts[group],
            name,
            params,
            asked.n_resamples,
            asked.random_state,
            _FUNC,
            posterior=posterior,
        )
        columns.append(values)
        where = np.searchsorted(classes, counts[group].table.classes)
        total[:, where[:, None], where[None, :]] += tables
    evaluate = table_evaluator(counts.overall().table, name, params, _FUNC)
    with quiet():
        overall = np.asarray(evaluate(total), dtype=float)
    return np.column_stack(columns), overall


def _callable_draws(metric, rows, asked):
    """The draws of a callable: each group's rows resampled within their
    true classes and the metric called on the rows drawn (their weights
    drawn with them, passed only when given); each draw's overall value
    from all the groups' rows drawn."""
    rng = bootstrap_generator(asked.random_state, _FUNC)
    strata = [rows.strata(i) for i in range(len(rows.groups))]
    draws = np.empty((asked.n_resamples, len(strata)))
    overall = np.empty(asked.n_resamples)
    with quiet():
        for row in range(asked.n_resamples):
            drawn = [
                np.concatenate([c[rng.integers(0, len(c), size=len(c))] for c in cells])
                for cells in strata
            ]
            draws[row] = [metric_value(metric, *rows.take(where)) for where in drawn]
            overall[row] = metric_value(metric, *rows.take(np.concatenate(drawn)))
    return draws, overall
