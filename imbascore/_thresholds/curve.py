"""Every metric along the decision threshold, from cumulative confusion counts.

A classifier's labels come from a threshold on its scores: ``y_score >= t``
is predicted positive. Every metric of the package is a function of the
binary confusion table, and the tables of all thresholds follow from one
sort of the scores (:mod:`.counting`). The metrics are then evaluated on all
tables at once, with the same vectorised formulas as the metric functions
(:mod:`.metric_values`), and the best threshold is read off them
(:mod:`.best_point`). This module holds the public functions and the curve.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._core.checks import param_error
from .._core.types import ArrayLike, FloatArray, PosLabel
from .._specs.catalogue import NOT_A_QUALITY
from .best_point import best_index, constrained_best
from .constraints import check_constraint, unmet_error
from .counting import count_curve
from .metric_values import (  # the readers of curves import them from here
    _LOWER_IS_BETTER,  # noqa: F401 (tests/metrics/test_common.py reads it here)
    LOWER_IS_BETTER_AT_THRESHOLDS,
    accepted_params,
    check_metrics,
    evaluate,
    route_params,
    threshold_metric_names,
    values_at_rates,
)

__all__ = [
    "LOWER_IS_BETTER_AT_THRESHOLDS",
    "ThresholdCurve",
    "accepted_params",
    "best_threshold",
    "check_metrics",
    "counted_curve",
    "route_params",
    "threshold_curve",
    "threshold_metric_names",
    "values_at_rates",
]


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
        return best_index(self.values[metric], self.thresholds, metric, func)

    def best_threshold(self, metric: str | None = None) -> float:
        """The threshold of :meth:`best_index`, as a float."""
        return float(self.thresholds[self.best_index(metric)])

    def __len__(self):
        return len(self.thresholds)

    def __repr__(self):
        names = ", ".join(repr(name) for name in self.values)
        text = (
            f"ThresholdCurve(thresholds={array_text(self.thresholds)}, "
            f"values=<{names} at each threshold>, pos_label={self.pos_label!r}"
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
            best = best_index(values, self.thresholds, name, "repr")
            rows.append(
                f"  {name:<20} {values[best]:>10.4g} {self.thresholds[best]:>12.4g}"
            )
        table = "\n".join(
            [f"  {'metric':<20} {'best':>10} {'at threshold':>12}"] + rows
        )
        return f"{head},\n{table})"


def array_text(thresholds):
    """``<array of n, lowest to highest>``: thresholds in a repr."""
    size = len(thresholds)
    if not size:
        return f"<array of {size}>"
    return f"<array of {size}, {np.min(thresholds):.4g} to {np.max(thresholds):.4g}>"


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
        func="threshold_curve",
        metric_params=metric_params,
        pos_label=pos_label,
        sample_weight=sample_weight,
        thresholds=thresholds,
        prevalence=prevalence,
    )


def counted_curve(y_true, y_score, *, metrics, func, metric_params=None, **counting):
    """The body of :func:`threshold_curve`, for the public functions built
    on it: its errors name ``func``; ``counting``, the options of
    :func:`~.counting.count_curve` (``pos_label``, ``sample_weight``,
    ``thresholds``, ``prevalence``, ``score_name``, ``probabilities``)."""
    metrics = check_metrics(metrics, func)
    per_metric = route_params(metrics, metric_params or {}, func)
    at, counts, pos_label, share = count_curve(y_true, y_score, func, **counting)
    values = {}
    for name in metrics:  # a loop, not a comprehension: warnings' stacklevel
        values[name] = evaluate(name, counts, per_metric[name], pos_label, func)
    return ThresholdCurve(
        thresholds=at,
        values=values,
        **{name: getattr(counts, name) for name in ("tp", "fp", "fn", "tn")},
        pos_label=pos_label,
        prevalence=share,
        classes=counts.classes,
    )


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
        func=func,
        metric_params=metric_params,
        pos_label=pos_label,
        sample_weight=sample_weight,
        thresholds=thresholds,
        prevalence=prevalence,
    )
    if constraint is None or metric in NOT_A_QUALITY:  # (the latter refused)
        index = best_index(curve.values[metric], curve.thresholds, metric, func)
    elif (index := constrained_best(curve, metric, constraint)) is None:
        raise unmet_error(constraint, curve.values[constraint[0]], func)
    return float(curve.thresholds[index])
