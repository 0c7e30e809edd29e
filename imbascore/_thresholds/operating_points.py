"""Operating points: the best of one rate where another meets a constraint.

"The most recall with precision at least 0.9" is read off the threshold
curve: every distinct score is a threshold, the thresholds where precision
is at least 0.9 are allowed, and the largest recall among them is the
answer (exact, not a grid). :func:`operating_point` returns that threshold
with its counts and an interval for the objective from a bootstrap that
chooses the threshold again on every resample, so the interval carries the
optimism of choosing it on the same data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from sklearn.utils import check_random_state

from .._core.checks import check_confidence_level, check_n_resamples, param_error
from .._core.engine.select import index_of
from .._core.resampling import percentiles
from .._core.types import ArrayLike, PosLabel, RandomState
from .._report.confusion import ConfusionCounts
from .._specs.catalogue import NOT_A_QUALITY
from .constraints import check_constraint, constrained_index, unmet_error
from .metric_values import (
    _LOWER_IS_BETTER,
    check_metrics,
    threshold_metric_names,
    values_at_rates,
)
from .operating_point_scores import constrained_curve

__all__ = ["OperatingPoint", "operating_point"]


@dataclass(frozen=True, repr=False)
class OperatingPoint:
    """The threshold where ``objective`` is best under ``constraint``.

    Attributes
    ----------
    threshold : float
        Predict ``pos_label`` where ``y_score >= threshold``.
    objective : str
    value : float
        The objective's value at the threshold, on the data given.
    constraint : tuple (metric, operator, bound) or None
    constraint_value : float
        The constraint metric's value at the threshold (the objective's
        without a constraint).
    counts : ConfusionCounts
        The confusion counts at the threshold (labels in sorted order).
    low, high : float
        The interval of the objective from a bootstrap that re-selects the
        threshold on every resample (see :func:`operating_point`).
    threshold_low, threshold_high : float
        The same percentiles of the re-selected thresholds.
    unmet : float
        The share of resamples where no threshold met the constraint
        (counted with the objective's worst value, 0).
    confidence_level : float
    """

    threshold: float
    objective: str
    value: float
    constraint: tuple[str, str, float] | None
    constraint_value: float
    counts: ConfusionCounts
    low: float
    high: float
    threshold_low: float
    threshold_high: float
    unmet: float
    confidence_level: float

    def __repr__(self):
        constraint = "None"
        if self.constraint is not None:
            metric, operator, bound = self.constraint
            constraint = f"({metric!r}, {operator!r}, {bound:g})"
        return (
            f"OperatingPoint(threshold={self.threshold:.4g}, "
            f"objective={self.objective!r}, value={self.value:.4g}, "
            f"low={self.low:.4g}, high={self.high:.4g}, constraint={constraint}, "
            f"constraint_value={self.constraint_value:.4g}, "
            f"threshold_low={self.threshold_low:.4g}, "
            f"threshold_high={self.threshold_high:.4g}, unmet={self.unmet:.4g}, "
            f"confidence_level={self.confidence_level})"
        )

    def __str__(self):
        level = f"{self.confidence_level:.0%}"
        text = (
            f"OperatingPoint(threshold={self.threshold:.4g}: {self.objective} "
            f"{self.value:.4g} [{self.low:.4g}, {self.high:.4g}] ({level}, threshold "
            "re-selected)"
        )
        if self.constraint is not None:
            metric, operator, bound = self.constraint
            text += f", {metric} {self.constraint_value:.4g} ({operator} {bound:g})"
        text += (
            f"; thresholds of the resamples [{self.threshold_low:.4g}, "
            f"{self.threshold_high:.4g}]"
        )
        if self.unmet:
            text += f"; constraint unmet in {self.unmet:.1%} of the resamples"
        return text + ")"


def _per_bin(curve):
    """Each class's count or weight per distinct score, undone from the
    cumulated counts (``tp[k]`` counts the positives scored ``>= t_k``)."""
    positives = -np.diff(np.append(curve.tp, 0.0).astype(float))
    negatives = -np.diff(np.append(curve.fp, 0.0).astype(float))
    return positives, negatives


#: Resamples are evaluated in batches of at most this many cells.
_BATCH_CELLS = 4_000_000


def _resampled_bins(curve, samples, n_draws, rng):
    """Per-bin counts of ``n_draws`` stratified resamples of each class:
    multinomial over the bins unweighted, over the samples weighted."""
    drawn = []
    if samples is None:
        for per_bin in _per_bin(curve):
            total = int(round(per_bin.sum()))
            drawn.append(rng.multinomial(total, per_bin / total, size=n_draws))
        return drawn
    bins, positive, weights = samples
    size = len(curve.thresholds)
    for side in (True, False):
        own_bins, own = bins[positive == side], weights[positive == side]
        n = own.shape[0]
        times = rng.multinomial(n, np.full(n, 1.0 / n), size=n_draws)
        drawn.append(
            np.stack([np.bincount(own_bins, own * t, minlength=size) for t in times])
        )
    return drawn


def _samples(y_true, y_score, sample_weight, curve):
    """Each sample's bin (the index of its score among the thresholds), its
    class and weight: what a weighted bootstrap resamples."""
    if sample_weight is None:
        return None
    scores = np.asarray(y_score, dtype=float).ravel()
    positive = np.asarray(y_true).ravel() == curve.pos_label
    bins = np.searchsorted(curve.thresholds, scores)
    return bins, positive, np.asarray(sample_weight, dtype=float).ravel()


def _reselected(curve, samples, objective, constraint, params, n_resamples, rng):
    """The objective and the threshold chosen again on each resample (NaN
    threshold where no threshold met the constraint)."""
    metric, operator, bound = constraint
    lower = objective in _LOWER_IS_BETTER
    size = len(curve.thresholds)
    values = np.empty(n_resamples)
    chosen = np.full(n_resamples, np.nan)
    batch = max(1, _BATCH_CELLS // size)
    for start in range(0, n_resamples, batch):
        draws = min(batch, n_resamples - start)
        positives, negatives = _resampled_bins(curve, samples, draws, rng)
        # predicted positive at threshold k: the bins k and above
        tp = np.cumsum(positives[:, ::-1], axis=1)[:, ::-1]
        fp = np.cumsum(negatives[:, ::-1], axis=1)[:, ::-1]
        n_pos = tp[:, :1]
        n_neg = fp[:, :1]
        tpr, fpr = tp / n_pos, fp / n_neg
        value_of = {
            name: values_at_rates(name, tpr, fpr, n_pos, n_neg, params, FUNC)
            for name in {objective, metric}
        }
        for row in range(draws):
            at = constrained_index(
                value_of[objective][row],
                value_of[metric][row],
                operator,
                bound,
                curve.thresholds,
                lower,
            )
            if at is None:
                values[start + row] = np.inf if lower else 0.0
            else:
                values[start + row] = value_of[objective][row, at]
                chosen[start + row] = curve.thresholds[at]
    return values, chosen


FUNC = "operating_point"


def operating_point(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    objective: str,
    constraint: tuple[str, str, float] | None = None,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    confidence_level: float = 0.95,
    n_resamples: int = 1000,
    random_state: RandomState = None,
    **metric_params: Any,
) -> OperatingPoint:
    """The threshold where ``objective`` is best among those meeting ``constraint``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels of two classes.

    y_score : array-like of shape (n_samples,)
        Scores of the positive class.

    objective : str
        A name of :func:`threshold_metric_names` to make as good as possible
        (largest, or smallest for ``"fpr"``, ``"fnr"``, ``"lr_minus"`` and
        ``"expected_cost"``).

    constraint : tuple (metric, operator, bound), default=None
        E.g. ``("precision", ">=", 0.9)``: a name of
        :func:`threshold_metric_names`, ``">="`` or ``"<="``, and a number.
        None: every threshold is allowed (the best threshold of
        ``objective``, as :func:`best_threshold`, with its interval).

    pos_label, sample_weight
        As for :func:`threshold_curve`.

    confidence_level : float, default=0.95

    n_resamples : int, default=1000
        Bootstrap resamples of the interval.

    random_state : int, RandomState instance or None, default=None

    **metric_params : dict
        Options of the two metrics (``alpha``, ``cost_matrix``,
        ``zero_division``, ...), as for :func:`threshold_curve`.

    Returns
    -------
    point : OperatingPoint
        The threshold, the objective's value, the constraint's value, the
        counts there, and the interval.

    Raises
    ------
    ValueError
        When no threshold meets the constraint; the message names the best
        achievable value of the constraint's metric.

    Notes
    -----
    **The interval includes the choice of the threshold.** A threshold
    chosen to meet a constraint on some data meets it there by construction,
    and its objective is optimistic. The bootstrap resamples the samples
    (each class keeping its size), chooses the threshold again on each
    resample, and takes the percentiles of the objective there: the spread
    of the whole procedure, not of the objective at one fixed threshold.
    The re-selected thresholds' percentiles are ``threshold_low`` and
    ``threshold_high``: a wide range says the constraint is met by luck of
    a few samples. Resamples where no threshold meets the constraint count
    as the objective's worst value (0, or the largest value for
    lower-is-better objectives) and are reported as ``unmet``.

    Ties: among thresholds with the best objective, the one with the most
    margin on the constraint, then the lowest.

    Examples
    --------
    >>> from imbascore import operating_point
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> point = operating_point(y_true, y_score, objective="recall",
    ...                         constraint=("precision", ">=", 0.6),
    ...                         random_state=0)
    >>> point.threshold, point.value, round(point.constraint_value, 4)
    (0.5, 1.0, 0.6)
    """
    func = FUNC
    (objective,) = check_metrics(objective, func, "objective")
    if objective in NOT_A_QUALITY:
        raise ValueError(
            param_error(func, "objective", "a metric with a best value", objective)
        )
    given = constraint
    if constraint is None:  # every threshold with a value is allowed
        lower = objective in _LOWER_IS_BETTER
        constraint = (objective, "<=" if lower else ">=", np.inf if lower else -np.inf)
    else:
        constraint = check_constraint(constraint, threshold_metric_names(), func)
    metric = constraint[0]
    level = check_confidence_level(confidence_level, func)
    n_resamples = check_n_resamples(n_resamples, func)
    curve, index, params = constrained_curve(
        y_true,
        y_score,
        objective,
        constraint,
        pos_label,
        sample_weight,
        metric_params,
        func,
    )
    if curve.classes is not None and len(curve.classes) < 2:
        rule = "labels of both classes (an operating point trades one class's "
        rule += "errors against the other's)"
        got = f"one class, {curve.classes.tolist()}"
        raise ValueError(param_error(func, "y_true", rule, got))
    if index is None and given is None:
        rule = "a metric defined at some threshold"
        raise ValueError(param_error(func, "objective", rule, objective))
    if index is None:
        raise unmet_error(constraint, curve.values[metric], func)
    rng = check_random_state(random_state)
    samples = _samples(y_true, y_score, sample_weight, curve)
    values, chosen = _reselected(
        curve, samples, objective, constraint, params, n_resamples, rng
    )
    low, high = percentiles(values, level)
    met = chosen[~np.isnan(chosen)]
    threshold_low, threshold_high = (
        percentiles(met, level) if met.size else (np.nan, np.nan)
    )
    return OperatingPoint(
        threshold=float(curve.thresholds[index]),
        objective=objective,
        value=float(curve.values[objective][index]),
        constraint=None if given is None else constraint,
        constraint_value=float(curve.values[metric][index]),
        counts=_counts_at(curve, index),
        low=float(low),
        high=float(high),
        threshold_low=float(threshold_low),
        threshold_high=float(threshold_high),
        unmet=float(np.mean(np.isnan(chosen))),
        confidence_level=level,
    )


def _counts_at(curve, index):
    """The confusion counts at one threshold of the curve, labels sorted."""
    tp, fp, fn, tn = (getattr(curve, name)[index] for name in ("tp", "fp", "fn", "tn"))
    matrix = np.array([[tn, fp], [fn, tp]])
    if index_of(curve.classes, curve.pos_label) == 0:  # the positive sorts first
        matrix = matrix[::-1, ::-1]
    return ConfusionCounts.from_matrix(matrix, labels=curve.classes)
