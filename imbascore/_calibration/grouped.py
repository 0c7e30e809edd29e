"""Probabilities read once and grouped by distinct value, ascending.

Every calibration statistic is a function of the distinct probabilities and
the positives' and negatives' weight at each: a deployment ratio rescales
the two weight columns, a bootstrap resample recounts them from the same
sorted order (:meth:`RankedScores.per_group
<imbascore._core.engine.ranked.RankedScores.per_group>`), and nothing sorts
twice.
"""

import warnings
from dataclasses import dataclass

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.engine.ranked import rank_scores
from .._core.inputs.scores import read_scores
from .._ranking.evaluate import positive_share

__all__ = [
    "Grouped",
    "at_share",
    "of_cumulated",
    "read_grouped",
    "regroup",
    "squared_weights",
]


@dataclass(frozen=True, eq=False)
class Grouped:
    """Distinct probabilities (ascending) with each class's weight there.

    Attributes
    ----------
    values : ndarray of shape (n_groups,)
        The distinct probabilities, ascending.
    positives, negatives : ndarray of shape (n_groups,)
        The weight of the positives and of the negatives at each value, at
        the deployment ratio when one was given.
    factors : tuple of float
        ``(positive, negative)``: what each class's weights were multiplied
        by to reach the deployment ratio (``(1.0, 1.0)`` without one).
    cases : float
        How many cases a bootstrap of these data draws: the number of
        samples, the total weight of integer (frequency) weights, the number
        of samples of non-zero weight for other weights; NaN where unknown.
    """

    values: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray
    factors: tuple = (1.0, 1.0)
    cases: float = np.nan

    @property
    def totals(self):
        """The weight at each value."""
        return self.positives + self.negatives

    @property
    def positive_total(self):
        return float(self.positives.sum())

    @property
    def negative_total(self):
        return float(self.negatives.sum())


def squared_weights(ranked, factors):
    """Each distinct value's sums of the positives' and the negatives'
    squared weights, at the deployment ratio's ``factors`` (ascending)."""
    weights = ranked.weights
    squares = np.ones(ranked.group.shape[0]) if weights is None else weights**2
    positives, negatives = ranked.per_group(squares)
    return (
        positives[::-1] * factors[0] ** 2,
        negatives[::-1] * factors[1] ** 2,
    )


def _share_factors(positive_total, negative_total, share):
    """Factors that give the positives ``share`` of the total weight and keep
    the total (frequency weights stay in units of samples)."""
    total = positive_total + negative_total
    if share is None or positive_total <= 0 or negative_total <= 0:
        return 1.0, 1.0
    return share * total / positive_total, (1.0 - share) * total / negative_total


def of_cumulated(statistics):
    """``statistics(positives, negatives)`` (ascending) as a function of
    the cumulated counts in descending order: the jackknife's form."""

    def evaluate(tp, fp):
        positives = np.diff(tp, prepend=0.0)[::-1].astype(np.float64)
        negatives = np.diff(fp, prepend=0.0)[::-1].astype(np.float64)
        return statistics(positives, negatives)

    return evaluate


def at_share(positives, negatives, share):
    """Each class's weights rescaled so the positives weigh ``share`` of the
    total (None: as they are); NaN where a class has no weight."""
    if share is None:
        return positives, negatives
    total = positives.sum() + negatives.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        return (
            positives * (share * total / positives.sum()),
            negatives * ((1.0 - share) * total / negatives.sum()),
        )


def regroup(ranked, weights=None, factors=None, share=None):
    """:class:`Grouped` of sorted scores ``ranked`` under ``weights`` (in
    sorted order; None: the samples' own). ``factors`` rescale the classes as
    given; ``share`` computes them so the positives weigh that share."""
    positives, negatives = ranked.per_group(weights)
    positives = positives[::-1].astype(np.float64)
    negatives = negatives[::-1].astype(np.float64)
    if factors is None:
        factors = _share_factors(positives.sum(), negatives.sum(), share)
    if factors != (1.0, 1.0):
        positives = positives * factors[0]
        negatives = negatives * factors[1]
    return Grouped(
        ranked.thresholds[::-1], positives, negatives, factors, _cases(ranked)
    )


def _cases(ranked):
    weights = ranked.weights
    if weights is None:
        return float(ranked.order.shape[0])
    if np.all(weights == np.round(weights)):
        return float(weights.sum())
    return float(np.count_nonzero(weights))


def read_grouped(
    y_true,
    y_proba,
    sample_weight,
    func,
    *,
    pos_label=None,
    prevalence=None,
    name="y_proba",
    stacklevel=3,
):
    """``(inputs, ranked, grouped)`` of ``func``: the score door's checked
    inputs (probabilities in [0, 1]), their one sort, and the
    :class:`Grouped` probabilities at the deployment ratio ``prevalence``
    (a float: the positive class's share; or one prior per class). Data
    whose every weight is 0 warn (``UndefinedMetricWarning``, at
    ``stacklevel``): every number of them is undefined."""
    inputs = read_scores(
        y_true,
        y_proba,
        sample_weight,
        func,
        pos_label=pos_label,
        name=name,
        probabilities=True,
    )
    ranked = rank_scores(
        inputs.scores, inputs.truth == inputs.pos_label, inputs.weights
    )
    share = None
    if prevalence is not None:
        share = positive_share(inputs.classes, inputs.pos_label, prevalence, func)
        if not np.isfinite(share):  # one class: nothing to rescale
            share = None
    grouped = regroup(ranked, share=share)
    totals = {"positive": grouped.positive_total, "negative": grouped.negative_total}
    missing = [name for name, total in totals.items() if not total > 0]
    if share is not None and len(missing) == 1:
        # one class: its part at the deployment ratio is unknown
        warnings.warn(
            f"{func}: the value at prevalence={prevalence!r} is undefined (no "
            f"{missing[0]} sample of weight above 0, so that class's part of "
            "the metric at the deployment's ratio is unknown); returning NaN.",
            UndefinedMetricWarning,
            stacklevel=stacklevel,
        )
        nan = np.full(grouped.values.shape, np.nan)
        return inputs, ranked, Grouped(grouped.values, nan, nan.copy(), (np.nan,) * 2)
    if len(missing) == 2:  # every weight 0
        warnings.warn(
            f"{func}: every sample has weight 0, so there is nothing to "
            "measure: the result is undefined (NaN, or arrays of NaN or empty).",
            UndefinedMetricWarning,
            stacklevel=stacklevel,
        )
    return inputs, ranked, grouped
