"""Every metric along the decision threshold, from cumulative confusion counts.

A classifier's labels come from a threshold on its scores: ``y_score >= t``
is predicted positive. Every metric of the package is a function of the
binary confusion table, and the tables of all thresholds follow from one
sort of the scores: the weights of the positives and of the negatives are
summed per distinct score (or per bin between given thresholds) and then
cumulated, from above for the predicted positives (TP, FP) and from below
for the predicted negatives (FN, TN). Each count is summed from its own
samples, never derived by subtraction, so an empty cell is exactly zero.
The metrics are then evaluated on all tables at once, with the same
vectorised per-class formulas as the metric functions.
"""

from __future__ import annotations

import inspect
import numbers
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import (
    CHUNK,
    check_sample_weight,
    check_zero_division,
    param_error,
)
from .._core.engine.device import rank_on_device, squared_weights_by_code
from .._core.engine.prevalence import check_priors, row_factors
from .._core.engine.ranked import rank_scores
from .._core.engine.select import OneVsRestCounts, index_of, label_array
from .._core.inputs.array_api import host_only_error
from .._core.inputs.arrays import as_label_array
from .._core.inputs.dask import any_dask, empty_error, reduce_blocks
from .._core.inputs.device_scores import read_device_scores
from .._core.inputs.scores import (
    binary_classes,
    check_probability_range,
    check_scores,
    read_scores,
    resolve_pos_label,
)
from .._core.types import ArrayLike, FloatArray, PosLabel
from .._metrics.catalogue import LOWER_IS_BETTER, NOT_A_QUALITY, metric_info
from .._metrics.cost_formulas import (
    check_cost_matrix,
    constant_cost,
    expected_cost_of_tables,
    normalized,
)
from .._metrics.named_scores import metric_options
from .._metrics.net_benefit_formulas import check_threshold_probability, net_benefit
from .._metrics.per_class import per_class_values
from .._specs.catalogue import LABEL_METRICS
from .constraints import check_constraint, constrained_index, unmet_error

__all__ = [
    "accepted_params",
    "LOWER_IS_BETTER_AT_THRESHOLDS",
    "ThresholdCurve",
    "best_threshold",
    "threshold_curve",
    "threshold_metric_names",
]

# Weights above this are scaled by the largest before they are squared.
_WEIGHT_HUGE = 2.0**500


# ---------------------------------------------------------------- scikit-learn's
# scikit-learn's binary scores as functions of the four count arrays, with the
# formulas of imbascore._metrics.sklearn_from_counts (which reads one table at a time).


def _accuracy(c):
    return (c.tp + c.tn) / ((c.tp + c.fn) + (c.fp + c.tn))


def _precision(c):
    return c.tp / (c.tp + c.fp)


def _recall(c):
    return c.tp / (c.tp + c.fn)


def _f1(c):
    return 2.0 * c.tp / ((c.tp + c.fn) + (c.tp + c.fp))


def _jaccard(c):
    true, predicted = c.tp + c.fn, c.tp + c.fp
    return c.tp / (true + predicted - c.tp)


def _matthews_corrcoef(c):
    # scikit-learn's multiclass formula on the 2x2 table, as its
    # matthews_corrcoef computes it (in floats: n**2 of int64 counts would
    # overflow beyond 3e9 samples); 0 where a margin is constant.
    tp, fn, fp, tn = (np.asarray(x, dtype=float) for x in (c.tp, c.fn, c.fp, c.tn))
    true = (tn + fp, fn + tp)
    predicted = (tn + fn, fp + tp)
    n = predicted[0] + predicted[1]
    cov_ytyp = (tp + tn) * n - (true[0] * predicted[0] + true[1] * predicted[1])
    cov_ypyp = n**2 - (predicted[0] ** 2 + predicted[1] ** 2)
    cov_ytyt = n**2 - (true[0] ** 2 + true[1] ** 2)
    denominator = cov_ypyp * cov_ytyt
    return np.where(denominator == 0, 0.0, cov_ytyp / np.sqrt(denominator))


#: name -> (function of the counts, the sum that must be non-zero for the
#: value to be defined (None: always defined), readable name).
_SKLEARN_BINARY = {
    "accuracy": (_accuracy, None, "Accuracy"),
    "precision": (_precision, lambda c: c.tp + c.fp, "Precision"),
    "recall": (_recall, lambda c: c.tp + c.fn, "Recall"),
    "f1": (_f1, lambda c: 2.0 * c.tp + c.fp + c.fn, "F-score"),
    "jaccard": (_jaccard, lambda c: c.tp + c.fn + c.fp, "Jaccard"),
    "matthews_corrcoef": (_matthews_corrcoef, None, "Matthews correlation"),
}


def _binary_tables(c):
    """The tables ``(..., 2, 2)`` with the negative class first, true on rows."""
    return np.stack([c.tn, c.fp, c.fn, c.tp], axis=-1).reshape(np.shape(c.tp) + (2, 2))


def _expected_cost(c, cost_matrix=None, normalize=False):
    costs = check_cost_matrix(cost_matrix, 2, "threshold_curve")
    tables = _binary_tables(c)
    cost = expected_cost_of_tables(tables, costs)
    if normalize:
        cost = normalized(
            cost, constant_cost(tables.sum(axis=-1), costs), "threshold_curve"
        )
    return cost


def _net_benefit(c, threshold_probability=None, standardized=False):
    weight = check_threshold_probability(threshold_probability, "threshold_curve")
    return net_benefit(c.tp, c.fp, c.fn, c.tn, weight, standardized)


#: Decisions, with options of their own and no default for the first:
#: name -> (function of the counts, its required option, readable name).
#: The cost matrix of a curve has the negative class first.
_DECISIONS = {
    "expected_cost": (_expected_cost, "cost_matrix", "Expected cost"),
    "net_benefit": (_net_benefit, "threshold_probability", "Net benefit"),
}

#: Lower is better: their best threshold minimises them (the catalogue's
#: lower-is-better metrics, and the expected cost of the decisions).
_LOWER_IS_BETTER = LOWER_IS_BETTER.with_names({"expected_cost"})
#: The threshold curve's lower-is-better metrics, for readers of curves.
LOWER_IS_BETTER_AT_THRESHOLDS = _LOWER_IS_BETTER

#: Why a value is undefined, by the count that is zero.
_REASONS = {
    "positives": "no positive samples",
    "negatives": "no negative samples",
    "predicted_positives": "no predicted positives",
    "predicted_negatives": "no predicted negatives",
    "fp": "no false positives",
    "tn": "no true negatives",
}


def threshold_metric_names() -> list[str]:
    """Every metric name :func:`threshold_curve` evaluates, sorted.

    The metrics of the package that are functions of the binary table (the
    keys of :meth:`ConfusionCounts.score <imbascore.ConfusionCounts.score>`)
    and scikit-learn's ``"accuracy"``, ``"precision"``, ``"recall"``,
    ``"f1"``, ``"jaccard"`` and ``"matthews_corrcoef"``.

    Returns
    -------
    names : list of str

    Examples
    --------
    >>> from imbascore import threshold_metric_names
    >>> {"iba", "gmean", "f1"} <= set(threshold_metric_names())
    True
    """
    return sorted(set(LABEL_METRICS) | set(_SKLEARN_BINARY) | set(_DECISIONS))


def accepted_params(name):
    """The options metric ``name`` takes besides the counts."""
    if name in _DECISIONS:
        own = inspect.signature(_DECISIONS[name][0]).parameters
        return set(own) - {"c"}
    if name in _SKLEARN_BINARY:
        return set() if _SKLEARN_BINARY[name][1] is None else {"zero_division"}
    info = metric_info(name)
    return {"zero_division"} | (set(info.params) - set(info.multiclass_params))


# ---------------------------------------------------------------- result


@dataclass(frozen=True, repr=False, eq=False)
class ThresholdCurve:
    """Metrics and confusion counts at each decision threshold.

    The predictions at threshold ``t`` are ``y_score >= t`` (positive) and
    ``y_score < t`` (negative). Made by :func:`threshold_curve`.

    Attributes
    ----------
    thresholds : ndarray of shape (n_thresholds,)
        Increasing distinct scores, or the thresholds asked for, in the
        order given.
    values : dict of str to ndarray of shape (n_thresholds,)
        Each metric's value at each threshold.
    tp, fp, fn, tn : ndarray of shape (n_thresholds,)
        The confusion counts at each threshold: int64, or float64 sums of
        weights if ``sample_weight`` was given; at a ``prevalence``, the
        counts of each class rescaled to it (float64).
    pos_label : int, float, bool or str
        The positive class.
    prevalence : float or None
        The positive class's share of the total that the counts were
        rescaled to (``threshold_curve(..., prevalence=...)``); None: the
        data's own.
    classes : ndarray of shape (n_classes,) or None
        The labels of ``y_true``, sorted (one or two).
    """

    thresholds: np.ndarray
    values: dict
    tp: np.ndarray
    fp: np.ndarray
    fn: np.ndarray
    tn: np.ndarray
    pos_label: object = 1
    prevalence: float | None = None
    classes: np.ndarray | None = None

    @property
    def metrics(self) -> tuple[str, ...]:
        """The names of the metrics evaluated, in order."""
        return tuple(self.values)

    @property
    def tpr(self) -> FloatArray:
        """True positive rate at each threshold (NaN without positives)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.tp / (self.tp + self.fn)

    @property
    def fpr(self) -> FloatArray:
        """False positive rate at each threshold (NaN without negatives)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.fp / (self.fp + self.tn)

    @property
    def confusion_matrices(self) -> FloatArray:
        """The 2x2 tables, shape (n_thresholds, 2, 2), laid out as
        :func:`sklearn.metrics.confusion_matrix` with the negative class first:
        ``[[tn, fp], [fn, tp]]``."""
        return np.stack([self.tn, self.fp, self.fn, self.tp], axis=-1).reshape(-1, 2, 2)

    def best_index(self, metric: str | None = None) -> int:
        """The index of the best threshold of ``metric`` (default: the first).

        The best value is the largest, or the smallest for the
        lower-is-better ``"fpr"``, ``"fnr"`` and ``"lr_minus"``; NaN values
        are left out. Ties (values exactly equal) go to the lowest threshold,
        which predicts the most positives, and between equal thresholds to
        the first: the choice of scikit-learn's
        :class:`~sklearn.model_selection.TunedThresholdClassifierCV`, whose
        ``argmax`` runs over increasing thresholds. ``"dominance"``
        has no best value (it says which class is favoured) and is refused.
        """
        func = "ThresholdCurve.best_index"
        if metric is None:
            metric = self.metrics[0]
        if metric not in self.values:
            raise ValueError(
                param_error(func, "metric", f"one of {list(self.values)}", metric)
            )
        return _best_index(self.values[metric], self.thresholds, metric, func)

    def best_threshold(self, metric: str | None = None) -> float:
        """The threshold of :meth:`best_index`, as a float."""
        return float(self.thresholds[self.best_index(metric)])

    def __len__(self):
        return len(self.thresholds)

    def __repr__(self):
        size = len(self.thresholds)
        thresholds = f"<array of {size}>"
        if size:
            thresholds = (
                f"<array of {size}, {np.min(self.thresholds):.4g} to "
                f"{np.max(self.thresholds):.4g}>"
            )
        names = ", ".join(repr(name) for name in self.values)
        text = (
            f"ThresholdCurve(thresholds={thresholds}, values=<{names} at each "
            f"threshold>, pos_label={self.pos_label!r}"
        )
        if self.prevalence is not None:
            text += f", prevalence={self.prevalence:g}"
        return text + ")"

    def __str__(self):
        """Each metric's best value and its threshold, a line each."""
        size = len(self.thresholds)
        head = (
            f"ThresholdCurve({size} threshold{'s' if size != 1 else ''} from "
            f"{np.min(self.thresholds):.4g} to {np.max(self.thresholds):.4g}, "
            f"pos_label={self.pos_label!r}"
        )
        if self.prevalence is not None:
            head += f", prevalence={self.prevalence:g}"
        rows = []
        for name, values in self.values.items():
            if name in NOT_A_QUALITY or not np.isfinite(values).any():
                rows.append(f"  {name:<20} {'-':>10} {'-':>12}")
                continue
            best = _best_index(values, self.thresholds, name, "repr")
            rows.append(
                f"  {name:<20} {values[best]:>10.4g} {self.thresholds[best]:>12.4g}"
            )
        table = "\n".join(
            [f"  {'metric':<20} {'best':>10} {'at threshold':>12}"] + rows
        )
        return f"{head},\n{table})"


def _best_index(values, thresholds, metric, func):
    if metric in NOT_A_QUALITY:
        raise ValueError(
            param_error(
                func,
                "metric",
                "a metric with a best value (not 'dominance', which says which "
                "class a classifier favours)",
                metric,
            )
        )
    values = np.asarray(values, dtype=float)
    finite = ~np.isnan(values)
    if not finite.any():
        raise ValueError(
            f"{func}: {metric!r} is undefined at every threshold, so it has no "
            "best threshold."
        )
    target = (
        np.min(values[finite]) if metric in _LOWER_IS_BETTER else np.max(values[finite])
    )
    candidates = np.flatnonzero(values == target)
    # the lowest threshold; the first of equal ones (argmin keeps the first)
    return int(candidates[np.argmin(thresholds[candidates])])


# ---------------------------------------------------------------- checks


def check_metrics(metrics, func, parameter="metrics"):
    if isinstance(metrics, str):
        metrics = (metrics,)
    names = threshold_metric_names()
    if not hasattr(metrics, "__iter__"):
        raise TypeError(
            param_error(
                func, parameter, f"a name or a list of names among {names}", metrics
            )
        )
    metrics = list(metrics)
    if not metrics:
        raise ValueError(
            param_error(func, parameter, "a non-empty list of metric names", metrics)
        )
    for name in metrics:
        if not isinstance(name, str) or name not in names:
            raise ValueError(
                param_error(
                    func,
                    parameter,
                    f"names of metrics of the binary table, among {names}",
                    name,
                    "Averaged variants (f1_macro, ...) and metrics of scores "
                    "(roc_auc, ...) are not functions of one threshold's table.",
                )
            )
    repeated = sorted({name for name in metrics if metrics.count(name) > 1})
    if repeated:
        raise ValueError(
            param_error(
                func, parameter, "distinct names", metrics, f"{repeated} repeat."
            )
        )
    return metrics


def route_params(metrics, params, func, accepted=None):
    """Each of ``params`` to every metric that takes it; unused ones refused.
    ``accepted(name)``: the options of metric ``name`` (by default those of
    the metrics of one threshold's binary table)."""
    binary = accepted is None
    accepted = accepted_params if accepted is None else accepted
    per_metric = {
        name: {k: v for k, v in params.items() if k in accepted(name)}
        for name in metrics
    }
    unused = sorted(set(params) - {k for given in per_metric.values() for k in given})
    if unused:
        takes = {name: sorted(accepted(name)) for name in metrics if accepted(name)}
        raise TypeError(
            f"{func} got parameter(s) {unused} that none of the metrics {metrics} "
            f"takes. Their options: {takes}."
            + (
                " The counts are binary: 'average' and 'labels' do not apply; "
                "the positive class is 'pos_label'."
                if binary
                else ""
            )
        )
    return per_metric


def _check_thresholds(thresholds, func):
    """None, a positive int, or a 1-D float array without NaN."""
    rule = (
        "None (every distinct score), a positive int (that many evenly spaced "
        "thresholds from the lowest to the highest score) or a 1-D array of "
        "thresholds"
    )
    if thresholds is None:
        return None
    if isinstance(thresholds, bool | np.bool_):
        raise TypeError(param_error(func, "thresholds", rule, thresholds))
    if isinstance(thresholds, numbers.Integral):
        if thresholds < 1:
            raise ValueError(param_error(func, "thresholds", rule, thresholds))
        return int(thresholds)
    if isinstance(thresholds, numbers.Number | str | bytes):
        raise TypeError(param_error(func, "thresholds", rule, thresholds))
    try:
        given = np.asarray(thresholds, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(param_error(func, "thresholds", rule, thresholds)) from None
    if given.ndim != 1 or given.size == 0:
        raise ValueError(
            param_error(func, "thresholds", rule, f"an array of shape {given.shape}")
        )
    if np.isnan(given).any():
        raise ValueError(param_error(func, "thresholds", "free of NaN", "NaN"))
    return given


# ---------------------------------------------------------------- counting


class _Accumulator:
    """Per-bin weights of the positives and negatives, and the sums of
    squared weights of each class (for the effective sizes of d')."""

    def __init__(self, n_bins, weighted):
        self.n_bins = n_bins
        self.hist = np.zeros(2 * n_bins, dtype=np.float64 if weighted else np.int64)
        # per class (negative, positive): sum of (w / scale)^2 and the scale
        self.squares = np.zeros(2)
        self.scales = np.zeros(2)

    def add(self, bins, positive, weights):
        """Count samples by bin (``positive`` is 0 or 1 per sample)."""
        key = 2 * bins + positive
        if weights is None:
            self.hist += np.bincount(key, minlength=2 * self.n_bins)
            return
        self.hist += np.bincount(key, weights, minlength=2 * self.n_bins)
        self.add_squares(positive, weights)

    def add_squares(self, positive, weights):
        """Sums of squared weights per class, each in units of its largest."""
        for side in (0, 1):
            own = weights[positive == side]
            if not own.size:
                continue
            largest = own.max()
            if largest <= 0:
                continue
            scale = max(self.scales[side], largest)
            self.squares[side] = self.squares[side] * (
                self.scales[side] / scale
            ) ** 2 + np.sum((own / scale) ** 2)
            self.scales[side] = scale

    def merged(self, other):
        """The counts of two parts of the data, added (squares rescaled)."""
        total = _Accumulator(self.n_bins, False)
        total.hist = self.hist + other.hist
        for side in (0, 1):
            scale = max(self.scales[side], other.scales[side])
            if scale > 0:
                total.squares[side] = sum(
                    part.squares[side] * (part.scales[side] / scale) ** 2
                    for part in (self, other)
                )
            total.scales[side] = scale
        return total

    def counts(self):
        """Cumulated counts at thresholds ``0 .. n_bins - 2``: bin ``k`` holds
        the samples at or above ``k`` thresholds, so the predicted positives of
        threshold ``j`` are the bins above ``j``."""
        per_bin = self.hist.reshape(self.n_bins, 2)
        cumulated = []
        for side in (1, 0):  # positives, negatives
            column = per_bin[:, side]
            below = np.cumsum(column)[:-1]  # bins 0..j: under the threshold
            above = np.cumsum(column[::-1])[::-1][1:]  # bins j+1..: at or above
            cumulated.append((above, below))
        (tp, fn), (fp, tn) = cumulated
        return tp, fp, fn, tn

    def trials(self, positives, negatives):
        """Kish's effective sizes ``(sum w)^2 / sum w^2`` of the two classes."""
        sizes = []
        for side, total in ((1, positives), (0, negatives)):
            scale, squares = self.scales[side], self.squares[side]
            sizes.append((total / scale) ** 2 / squares if squares > 0 else 0.0)
        return sizes


def _count_at_scores(scores, y_true, pos_label, weights):
    """Counts at every distinct score, from the score side's one sort
    (:func:`~imbascore._core.engine.ranked.rank_scores`, as the ranking
    metrics read them): bin ``k + 1`` holds the ``k``-th distinct score,
    ascending."""
    ranked = rank_scores(scores, y_true == pos_label, weights)
    accumulator = _fill(ranked, weights is not None)
    if weights is not None:
        accumulator.add_squares(ranked.positive.astype(np.int64), ranked.weights)
    return ranked.thresholds[::-1].copy(), accumulator


def _count_on_device(device, name):
    """:func:`_count_at_scores` of array API scores: sorted and cumulated on
    their device (:func:`~imbascore._core.engine.device.rank_on_device`)."""
    ranked = rank_on_device(device, name)
    weighted = device.weights is not None
    accumulator = _fill(ranked, weighted)
    if weighted:
        xp = device.xp
        sums, scales = squared_weights_by_code(
            xp.astype(device.positive, xp.int64), device.weights, 2, xp
        )
        accumulator.squares, accumulator.scales = sums, np.where(sums > 0, scales, 0.0)
    return ranked.thresholds[::-1].copy(), accumulator


def _fill(ranked, weighted):
    """An accumulator of the counts at every distinct score of ``ranked``:
    bin ``k + 1`` holds the ``k``-th distinct score, ascending."""
    positives, negatives = ranked.per_group()
    accumulator = _Accumulator(ranked.n_groups + 1, weighted)
    per_bin = accumulator.hist.reshape(-1, 2)
    per_bin[1:, 1] = positives[::-1]
    per_bin[1:, 0] = negatives[::-1]
    return accumulator


def _count_at_thresholds(scores, y_true, pos_label, weights, thresholds):
    """Counts at given thresholds, chunk by chunk: memory O(n_thresholds)."""
    accumulator = _Accumulator(len(thresholds) + 1, weights is not None)
    for start in range(0, scores.shape[0], CHUNK):
        stop = start + CHUNK
        chunk = scores[start:stop].astype(np.float64, copy=False)
        bins = np.searchsorted(thresholds, chunk, side="right")
        positive = (y_true[start:stop] == pos_label).astype(np.int64)
        accumulator.add(
            bins, positive, None if weights is None else weights[start:stop]
        )
    return accumulator


def check_block(y_true, y_score, sample_weight, func, name="y_score"):
    """One block of dask inputs checked as in memory: its classes (a list),
    lowest and highest score (``name``: the scores' parameter)."""
    truth = as_label_array(y_true, "y_true", func)
    _, low, high = check_scores(y_score, truth.shape[0], func, name)
    check_sample_weight(sample_weight, truth.shape[0], func)
    return binary_classes(truth, func).tolist(), low, high


def classes_of(found, func):
    """The classes of all blocks together (at most two, else the error)."""
    return binary_classes(label_array(found), func)


def count_block(
    y_true, y_score, sample_weight, pos_label, thresholds, func, name="y_score"
):
    """One block of dask inputs counted between sorted ``thresholds``."""
    truth = as_label_array(y_true, "y_true", func)
    scores, _, _ = check_scores(y_score, truth.shape[0], func, name)
    weights = check_sample_weight(sample_weight, truth.shape[0], func)
    return _count_at_thresholds(scores, truth, pos_label, weights, thresholds)


# ---------------------------------------------------------------- evaluation


def _evaluate(name, counts, params, pos_label, func):
    """Values of metric ``name`` at every threshold, undefined ones filled."""
    size = len(counts.tp)
    if name in _DECISIONS:
        function, required, _ = _DECISIONS[name]
        if params.get(required) is None:
            raise TypeError(
                f"{func}: the metric {name!r} needs the parameter {required!r}."
            )
        return np.asarray(function(counts, **params), dtype=float)
    if name in _SKLEARN_BINARY:
        function, denominator, readable = _SKLEARN_BINARY[name]
        fill, warn = check_zero_division(params.get("zero_division", "warn"), func)
        with np.errstate(invalid="ignore", divide="ignore"):
            values = np.asarray(function(counts), dtype=float)
        undefined = (
            np.zeros(size, dtype=bool)
            if denominator is None
            else denominator(counts) == 0
        )
        reason = "a zero denominator"
    else:
        options = metric_options(
            name, dict(params, average="binary", pos_label=pos_label), func
        )
        requires, readable = metric_info(name).needs, metric_info(name).readable
        fill, warn = options.fill, options.warn
        values = per_class_values(
            name, counts, fill, False, stacklevel=2, **options.params
        )
        undefined = np.zeros(size, dtype=bool)
        zero = []
        for attribute in requires:
            empty = np.asarray(getattr(counts, attribute)) == 0
            if empty.any():
                zero.append(_REASONS[attribute])
            undefined |= empty
        reason = " or ".join(zero)
    values = np.where(undefined, fill, values)
    if warn and undefined.any():
        warnings.warn(
            f"{readable} is ill-defined at {int(undefined.sum())} of {size} "
            f"thresholds ({reason}) and being set to {fill} there. Use "
            "`zero_division` parameter to control this behavior.",
            UndefinedMetricWarning,
            stacklevel=3,
        )
    return values


def values_at_rates(
    name, tpr, fpr, positives, negatives, params, func, trials=(None, None)
):
    """Metric ``name`` at rates of any shape, for classes of these sizes
    (the isometrics of ROC space; the class ratio sweeps): NaN where
    undefined, without warnings. ``positives`` and ``negatives`` broadcast
    against the rates; ``trials``, the classes' numbers of samples for the
    correction of d', default to them."""
    accepted = accepted_params(name)
    params = {key: value for key, value in params.items() if key in accepted}
    if "zero_division" in accepted:
        params["zero_division"] = np.nan
    tpr, fpr, positives, negatives = np.broadcast_arrays(
        np.asarray(tpr, float), np.asarray(fpr, float), positives, negatives
    )
    shape = tpr.shape
    tpr, fpr, positives, negatives = (
        np.ravel(values) for values in (tpr, fpr, positives, negatives)
    )
    positive_trials, negative_trials = (
        None if size is None else np.broadcast_to(np.float64(size), tpr.shape)
        for size in trials
    )
    counts = OneVsRestCounts(
        labels=np.arange(tpr.size),
        tp=tpr * positives,
        fn=(1.0 - tpr) * positives,
        fp=fpr * negatives,
        tn=(1.0 - fpr) * negatives,
        classes=np.array([0, 1]),
        joint=None,
        positive_trials=positive_trials,
        negative_trials=negative_trials,
    )
    return _evaluate(name, counts, params, 1, func).reshape(shape)


def threshold_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    metrics: str | Sequence[str] = ("iba", "gmean", "balanced_accuracy"),
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    thresholds: ArrayLike | None = None,
    prevalence: float | None = None,
    **metric_params: Any,
) -> ThresholdCurve:
    """Metrics of the predictions ``y_score >= t`` at every decision threshold.

    Each metric's value at threshold ``t`` is exactly the metric function's
    value on ``y_pred = y_score >= t`` (``pos_label`` where true, the other
    class elsewhere), for all thresholds at once: the scores are sorted once
    (or binned, for given thresholds), the weights of each class are summed
    per distinct score and cumulated, and the metrics are evaluated on all
    the tables together.

    Parameters
    ----------
    y_true : array-like, dask array or dask Series of shape (n_samples,)
        True labels of two classes.

    y_score : array-like, dask array or dask Series of shape (n_samples,)
        Scores of the positive class: probabilities, decision function
        values, any real numbers (compared in float64).

    metrics : str or list of str, default=("iba", "gmean", "balanced_accuracy")
        Names from :func:`threshold_metric_names`: the package's metrics of
        the binary table (``"iba"``, ``"gmean"``, ``"balanced_accuracy"``,
        ``"dominance"``, ``"ad_area"``, ``"dprime"``, ...) and
        scikit-learn's ``"accuracy"``, ``"precision"``, ``"recall"``,
        ``"f1"``, ``"jaccard"`` and ``"matthews_corrcoef"``.

    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for the classes {0, 1} or {-1, 1}
        (scikit-learn's rule for curves) and is an error otherwise.

    sample_weight : array-like or dask collection of shape (n_samples,), default=None
        Non-negative sample weights; the counts are then sums of weights.

    thresholds : None, int or array-like of shape (n_thresholds,), default=None
        None: every distinct score, increasing (one sort, O(n log n)). An
        int ``k``: ``k`` evenly spaced thresholds from the lowest to the
        highest score (``numpy.linspace``, as the ``thresholds=k`` of
        :class:`~sklearn.model_selection.TunedThresholdClassifierCV`); the
        scores are counted into the bins between them chunk by chunk, so
        the memory used is O(k) whatever the number of samples. An array:
        those thresholds, in the order given, counted the same way.

    prevalence : float, sequence of float or dict, default=None
        Evaluate every metric at this class ratio instead of the data's: a
        float in (0, 1) is the share of ``pos_label``; a pair of priors (in
        sorted label order) or a dict ``{label: prior}`` also works. At each
        threshold the positives' counts and the negatives' are rescaled to
        their shares of the total (the rates kept, see
        :meth:`ConfusionCounts.at_prevalence`), so that the best threshold is
        the best at the deployment's ratio. The effective numbers of samples
        stay those counted (for the correction of d').

    **metric_params : dict
        Options of the metrics, each given to every metric that takes it:
        ``alpha`` and ``squared`` (IBA), ``weight`` (weighted accuracy),
        ``correction`` (d', AUCz), ``adjusted`` (balanced accuracy),
        ``zero_division`` (all but accuracy and MCC). An option no metric
        takes raises a ``TypeError``.

    Returns
    -------
    curve : ThresholdCurve
        ``thresholds``, ``values`` (a dict of arrays, one per metric), the
        counts ``tp``, ``fp``, ``fn``, ``tn`` at each threshold, and
        ``best_threshold(metric)``.

    See Also
    --------
    best_threshold : The threshold that maximises one metric.
    sklearn.metrics.roc_curve : FPR and TPR at each distinct score.

    Notes
    -----
    Ties are exact: samples with equal scores are on the same side of every
    threshold. Where a metric is undefined (e.g. NPV when nothing is
    predicted negative) the value is ``zero_division``, as in the metric
    functions, with one warning per metric (``"warn"``).

    Dask inputs (dask arrays, dask dataframe columns; ``sample_weight`` too)
    are read in two passes on the workers: one for each block's classes and
    score range (so an int ``thresholds`` is spaced over the whole range,
    as in memory), one counting each block into the bins between the
    thresholds; only the per-bin counts come back. They need an int or an
    array ``thresholds``: every distinct score would gather the scores on
    one machine. The curve equals the in-memory one.

    Examples
    --------
    >>> from imbascore import threshold_curve
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> curve = threshold_curve(y_true, y_score, metrics=["iba", "f1"])
    >>> curve.thresholds
    array([0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.8, 0.9])
    >>> curve.tp, curve.fp
    (array([3, 3, 3, 3, 3, 2, 2, 1]), array([7, 6, 4, 3, 2, 1, 0, 0]))
    >>> curve.best_threshold("iba"), curve.best_threshold("f1")
    (0.5, 0.8)
    >>> curve
    ThresholdCurve(thresholds=<array of 8, 0.1 to 0.9>, values=<'iba', 'f1' at each
    threshold>, pos_label=1)
    >>> print(curve)
    ThresholdCurve(8 thresholds from 0.1 to 0.9, pos_label=1,
      metric                     best at threshold
      iba                      0.7347          0.5
      f1                          0.8          0.8)
    """
    return counted_curve(
        y_true,
        y_score,
        metrics=metrics,
        pos_label=pos_label,
        sample_weight=sample_weight,
        thresholds=thresholds,
        prevalence=prevalence,
        metric_params=metric_params,
        func="threshold_curve",
    )


def counted_curve(
    y_true,
    y_score,
    *,
    metrics,
    pos_label,
    sample_weight,
    thresholds,
    prevalence,
    metric_params,
    func,
    score_name="y_score",
    probabilities=False,
):
    """The body of :func:`threshold_curve`, for the public functions built
    on it: its errors name ``func`` and its scores' parameter ``score_name``;
    ``probabilities`` refuses scores outside [0, 1]."""
    metrics = check_metrics(metrics, func)
    per_metric = route_params(metrics, metric_params, func)
    given = _check_thresholds(thresholds, func)
    if any_dask(y_true, y_score, sample_weight):  # counted on the workers
        classes, pos_label, at, accumulator = dask_threshold_counts(
            y_true,
            y_score,
            sample_weight,
            given,
            pos_label,
            func,
            score_name,
            probabilities,
        )
    elif (
        device := read_device_scores(
            y_true,
            y_score,
            sample_weight,
            func,
            pos_label=pos_label,
            name=score_name,
            probabilities=probabilities,
        )
    ) is not None:  # array API scores: counted on their device
        if given is not None:
            raise host_only_error(func, "thresholds")
        classes, pos_label = device.classes, device.pos_label
        at, accumulator = _count_on_device(device, score_name)
    else:
        read = read_scores(
            y_true,
            y_score,
            sample_weight,
            func,
            pos_label=pos_label,
            name=score_name,
            probabilities=probabilities,
        )
        truth, scores, weights = read.truth, read.scores, read.weights
        classes, pos_label = read.classes, read.pos_label
        low, high = read.low, read.high
        if given is None:
            at, accumulator = _count_at_scores(scores, truth, pos_label, weights)
        else:
            at = np.linspace(low, high, given) if isinstance(given, int) else given
            accumulator = _count_at_thresholds(
                scores, truth, pos_label, weights, np.unique(at)
            )
    tp, fp, fn, tn = accumulator.counts()
    if given is not None:  # counted at the sorted distinct thresholds
        order = np.unique(at, return_inverse=True)[1].reshape(-1)
        tp, fp, fn, tn = (values[order] for values in (tp, fp, fn, tn))
    trials = (None, None)
    positives, negatives = (
        float(np.sum(accumulator.hist[1::2])),
        float(np.sum(accumulator.hist[0::2])),
    )
    if sample_weight is not None:
        trials = [  # read-only views: no array per threshold
            np.broadcast_to(np.float64(size), tp.shape)
            for size in accumulator.trials(positives, negatives)
        ]
    share = None
    if prevalence is not None:
        share, (to_positives, to_negatives) = _ratio_factors(
            prevalence, classes, pos_label, positives, negatives, func
        )
        if sample_weight is None:  # the samples counted stay the trials
            trials = [
                np.broadcast_to(np.float64(n), tp.shape) for n in (positives, negatives)
            ]
        tp, fn = tp * to_positives, fn * to_positives
        fp, tn = fp * to_negatives, tn * to_negatives
    counts = OneVsRestCounts(
        labels=np.broadcast_to(np.array("threshold"), tp.shape),  # (no warnings)
        tp=tp,
        fn=fn,
        fp=fp,
        tn=tn,
        classes=classes,
        joint=None,
        positive_trials=trials[0],
        negative_trials=trials[1],
    )
    values = {}
    for name in metrics:  # a loop, not a comprehension: warnings' stacklevel
        values[name] = _evaluate(name, counts, per_metric[name], pos_label, func)
    return ThresholdCurve(
        thresholds=np.asarray(at, dtype=np.float64),
        values=values,
        tp=tp,
        fp=fp,
        fn=fn,
        tn=tn,
        pos_label=pos_label,
        prevalence=share,
        classes=classes,
    )


def _ratio_factors(prevalence, classes, pos_label, positives, negatives, func):
    """The positive class's share and the factors of the positives' and the
    negatives' counts at ``prevalence`` (see :func:`row_factors`)."""
    priors = check_priors(prevalence, classes, pos_label, func)
    positive = index_of(classes, pos_label)
    rows = np.array([negatives, positives] if positive == 1 else [positives, negatives])
    factors = row_factors(rows, priors, classes, func)
    return float(priors[positive]), (factors[positive], factors[1 - positive])


def best_threshold(
    y_true: ArrayLike,
    y_score: ArrayLike,
    metric: str = "iba",
    *,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    thresholds: ArrayLike | None = None,
    prevalence: float | None = None,
    constraint: tuple[str, str, float] | None = None,
    **metric_params: Any,
) -> float:
    """The decision threshold at which ``metric`` of ``y_score >= t`` is best.

    Parameters
    ----------
    y_true, y_score, pos_label, sample_weight, thresholds, **metric_params
        As for :func:`threshold_curve`.

    prevalence : float, sequence of float or dict, default=None
        The threshold best at this class ratio rather than the data's (see
        :func:`threshold_curve`): for a metric that depends on the ratio
        (F1, precision, accuracy, MCC, ...), the best threshold at a
        deployment with fewer positives is usually higher.

    metric : str, default="iba"
        A name from :func:`threshold_metric_names`, except ``"dominance"``.

    constraint : tuple (metric, operator, bound), default=None
        Only thresholds where the constraint holds, e.g.
        ``("precision", ">=", 0.9)``: a name of
        :func:`threshold_metric_names`, ``">="`` or ``"<="``, a number. Ties
        of ``metric`` then go to the most margin on the constraint. No
        threshold meeting it raises, naming the best achievable value.
        :func:`operating_point` gives the same threshold with its counts and
        an interval.

    Returns
    -------
    threshold : float
        The best threshold: a score of ``y_score`` (every threshold between
        the next lower distinct score, excluded, and this one gives the same
        predictions), or one of the given ``thresholds``.

    Notes
    -----
    The best value is the largest, or the smallest for the lower-is-better
    ``"fpr"``, ``"fnr"`` and ``"lr_minus"``; undefined (NaN) values are
    left out. **Ties**: among thresholds whose values are exactly equal, the
    lowest wins (it predicts the most positives, the minority class on
    imbalanced data); between equal given thresholds, the first. This is
    the choice of :class:`~sklearn.model_selection.TunedThresholdClassifierCV`
    (an ``argmax`` over increasing thresholds), so that both pick the same
    threshold on the same scores and thresholds.

    Examples
    --------
    >>> from imbascore import best_threshold
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> best_threshold(y_true, y_score, "iba")
    0.5
    >>> best_threshold(y_true, y_score, "accuracy")
    0.8
    """
    func = "best_threshold"
    if not isinstance(metric, str):
        raise TypeError(param_error(func, "metric", "a str", type(metric).__name__))
    metrics = check_metrics(metric, func, "metric")
    if constraint is not None:
        constraint = check_constraint(constraint, threshold_metric_names(), func)
        if constraint[0] != metric:
            metrics.append(constraint[0])
    curve = counted_curve(
        y_true,
        y_score,
        metrics=metrics,
        pos_label=pos_label,
        sample_weight=sample_weight,
        thresholds=thresholds,
        prevalence=prevalence,
        metric_params=metric_params,
        func=func,
    )
    if constraint is None:
        index = _best_index(curve.values[metric], curve.thresholds, metric, func)
        return float(curve.thresholds[index])
    if metric in NOT_A_QUALITY:
        _best_index(curve.values[metric], curve.thresholds, metric, func)  # refuses
    name, operator, bound = constraint
    index = constrained_index(
        curve.values[metric],
        curve.values[name],
        operator,
        bound,
        curve.thresholds,
        metric in _LOWER_IS_BETTER,
    )
    if index is None:
        raise unmet_error(constraint, curve.values[name], func)
    return float(curve.thresholds[index])


def _block_summary(y_true, y_score, sample_weight, func, name):
    """Classes of ``y_true``, lowest and highest score of one block, each
    checked by the in-memory checks."""
    return check_block(y_true, y_score, sample_weight, func, name)


def _united_summaries(first, second):
    classes = list(dict.fromkeys(first[0] + second[0]))
    return classes, min(first[1], second[1]), max(first[2], second[2])


def _merged_accumulators(first, second):
    return first.merged(second)


def dask_threshold_counts(
    y_true,
    y_score,
    sample_weight,
    given,
    pos_label,
    func,
    score_name="y_score",
    probabilities=False,
):
    """Counts of dask inputs at fixed thresholds, by two passes over them.

    The first pass takes each block's classes and score range (so that an
    int ``given`` is spaced over the global range, as in memory); the second
    counts each block into the bins between the thresholds. Returns
    ``(classes, pos_label, thresholds, accumulator)``.
    """
    if given is None:
        raise ValueError(
            param_error(
                func,
                "thresholds",
                "an int or an array of thresholds for dask inputs (every "
                "distinct score would gather all the scores on one machine)",
                None,
                "Pass e.g. thresholds=1000: that many evenly spaced thresholds "
                "from the lowest to the highest score.",
            )
        )
    inputs = {"y_true": y_true, score_name: y_score, "sample_weight": sample_weight}
    summary = reduce_blocks(
        inputs, _block_summary, _united_summaries, func, func, score_name
    )
    if summary is None:
        raise empty_error(func)
    found, low, high = summary
    if probabilities:
        check_probability_range(low, high, func, score_name)
    classes = classes_of(found, func)
    pos_label = resolve_pos_label(classes, pos_label, func)
    at = np.linspace(low, high, given) if isinstance(given, int) else given
    accumulator = reduce_blocks(
        inputs,
        count_block,
        _merged_accumulators,
        func,
        pos_label,
        np.unique(at),
        func,
        score_name,
    )
    return classes, pos_label, at, accumulator
