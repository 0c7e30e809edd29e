"""Calibration statistics of grouped probabilities: the formulas, with no
reading or checking, and each calibration metric's (its record's
``formula`` in :mod:`.probabilities`).

Each takes the distinct probabilities ``x`` (ascending) and the positives'
and negatives' weight at each (a metric's formula: an object with those
arrays as ``values``, ``positives``, ``negatives``, such as
:class:`~imbascore._calibration.grouped.Grouped`), so the same function
serves the data, a deployment ratio and every bootstrap resample.
"""

import numpy as np
from scipy.special import ndtr
from sklearn.isotonic import isotonic_regression

__all__ = [
    "SCORES",
    "STRATA",
    "ThinBins",
    "bin_edges",
    "binned",
    "brier",
    "decomposition",
    "ece",
    "ece_from_bins",
    "log_loss",
    "miscalibration",
    "pav",
    "stratified_score",
]

#: Which samples a Brier score or log loss averages over.
STRATA = (None, "positive", "negative", "balanced")

_EPS = np.finfo(np.float64).eps


def _brier_terms(x):
    """Per value: the loss of a positive and of a negative predicted ``x``."""
    return (1.0 - x) ** 2, x**2


def _log_terms(x):
    # scikit-learn's log_loss clips each class's probability to [eps, 1 - eps]
    return -np.log(np.clip(x, _EPS, 1 - _EPS)), -np.log(np.clip(1 - x, _EPS, 1 - _EPS))


#: score name -> per-value losses of a positive and a negative.
SCORES = {"brier": _brier_terms, "log_loss": _log_terms}


def _mean(loss, weights):
    total = weights.sum()
    return float(np.dot(loss, weights) / total) if total > 0 else np.nan


def stratified_score(score, x, positives, negatives, stratum=None):
    """The mean loss ``score`` over the samples of ``stratum`` (None: all;
    ``"positive"``, ``"negative"``; ``"balanced"``: the mean of those two);
    NaN where the stratum has no weight."""
    if_positive, if_negative = SCORES[score](x)
    on_positives = _mean(if_positive, positives)
    on_negatives = _mean(if_negative, negatives)
    if stratum == "positive":
        return on_positives
    if stratum == "negative":
        return on_negatives
    if stratum == "balanced":
        return 0.5 * (on_positives + on_negatives)
    total = positives.sum() + negatives.sum()
    if not total > 0:
        return np.nan
    return float(
        (np.dot(if_positive, positives) + np.dot(if_negative, negatives)) / total
    )


def pav(x, positives, negatives):
    """The CORP reliability curve: ``(x, cep)`` at the values of non-zero
    weight, ``cep`` the isotonic (pool-adjacent-violators) regression of the
    outcome on ``x``, weighted, ties in ``x`` pooled first."""
    totals = positives + negatives
    kept = totals > 0
    if not kept.all():
        x, positives, totals = x[kept], positives[kept], totals[kept]
    if x.shape[0] == 0:
        return x, x.copy()
    frequency = positives / totals
    return x, isotonic_regression(frequency, sample_weight=totals)


def decomposition(score, x, positives, negatives):
    """``(value, mcb, dsc, unc)`` of mean loss ``score`` (Dimitriadis,
    Gneiting & Jordan 2021): the value of ``x``, of the PAV-recalibrated
    ``x`` and of the base rate; ``value = mcb - dsc + unc`` up to rounding.
    NaN for no weight."""
    totals = positives + negatives
    total = totals.sum()
    if not total > 0:
        return (np.nan,) * 4
    kept = totals > 0
    x, positives, negatives = x[kept], positives[kept], negatives[kept]
    _, cep = pav(x, positives, negatives)
    value = stratified_score(score, x, positives, negatives)
    recalibrated = stratified_score(score, cep, positives, negatives)
    base_rate = np.array([positives.sum() / total])
    unc = stratified_score(
        score, base_rate, np.array([positives.sum()]), np.array([negatives.sum()])
    )
    return value, value - recalibrated, unc - recalibrated, unc


def _weighted_quantiles(x, weights, levels):
    """numpy's default (linear) percentiles of ``x`` (ascending) repeated
    ``weights`` times, computed as ``np.percentile(repeated, levels * 100)``
    computes them, operation for operation (the levels through percent and
    back, numpy's virtual index ``(n - 1) q`` and its two-sided
    interpolation), so that integer weights give its edges to the last bit:
    scikit-learn's ``calibration_curve`` bins with those, and a value on an
    edge falls in the same bin. Other weights are read as frequencies."""
    q = np.true_divide(levels * 100, 100)
    n = np.cumsum(weights)
    last = n[-1] - 1
    virtual = last * q
    previous = np.floor(virtual)

    def at(position):  # the value at a 0-based position of the repeated x
        position = np.clip(position, 0, last)
        return x[np.minimum(np.searchsorted(n, position, side="right"), x.size - 1)]

    lower, upper = at(previous), at(previous + 1)
    gamma = virtual - previous
    difference = upper - lower
    return np.where(
        gamma >= 0.5, upper - difference * (1 - gamma), lower + difference * gamma
    )


def bin_edges(x, totals, n_bins, strategy):
    """Edges of ``n_bins`` bins on [0, 1]: ``"uniform"`` (equal width) or
    ``"quantile"`` (equal weight, the weighted quantiles of ``x``), as
    scikit-learn's ``calibration_curve`` builds them."""
    levels = np.linspace(0.0, 1.0, n_bins + 1)
    if strategy == "uniform":
        return levels
    kept = totals > 0
    if not kept.any():  # no weight: no quantiles (every bin empty)
        return np.full(levels.shape, np.nan)
    return _weighted_quantiles(x[kept], totals[kept], levels)


def binned(x, positives, negatives, edges):
    """Per bin (``(edge, next]``, the first also holding 0, as scikit-learn
    assigns them): ``(weight, mean probability, observed frequency)``; the
    means are NaN in an empty bin."""
    index = np.searchsorted(edges[1:-1], x, side="left")
    k = edges.shape[0] - 1
    totals = positives + negatives
    weight = np.bincount(index, totals, minlength=k)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.bincount(index, totals * x, minlength=k) / weight
        frequency = np.bincount(index, positives, minlength=k) / weight
    return weight, mean, frequency


def _expected_absolute(centre, spread):
    """E|Z| for Z ~ N(centre, spread^2): Kumar et al.'s resampled bin error
    for the L1 norm, in closed form instead of by simulation."""
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(spread > 0, centre / spread, np.inf * np.sign(centre))
        folded = spread * np.sqrt(2 / np.pi) * np.exp(-0.5 * ratio**2) + centre * (
            1 - 2 * ndtr(-ratio)
        )
    return np.where(spread > 0, folded, np.abs(centre))


def ece_from_bins(weight, mean, frequency, norm, debiased=False, squared=False):
    """The expected calibration error of bins: ``norm`` ``"l1"`` (the mean
    absolute gap), ``"l2"`` (root mean squared gap) or ``"max"``, weighted
    by the bins' shares; ``debiased``: Kumar, Liang & Ma (2019)'s
    estimators (bins of weight < 2 add nothing to the L2 one); ``squared``:
    the L2 error squared (the debiased square is unbiased and can be < 0)."""
    filled = weight > 0
    weight, gap = weight[filled], (frequency - mean)[filled]
    if not weight.size:
        return np.nan
    share = weight / weight.sum()
    if norm == "max":
        return float(np.abs(gap).max())
    if norm == "l1":
        value = float(np.dot(share, np.abs(gap)))
        if debiased:
            spread = np.sqrt(frequency[filled] * (1 - frequency[filled]) / weight)
            value = 2 * value - float(np.dot(share, _expected_absolute(gap, spread)))
        return value
    square = gap**2
    if debiased:
        observed = frequency[filled]
        with np.errstate(invalid="ignore", divide="ignore"):
            variance = observed * (1 - observed) / (weight - 1)
        square = np.where(weight >= 2, square - variance, 0.0)
    value = float(np.dot(share, square))
    if squared:
        return value
    return float(np.sqrt(max(value, 0.0)))


# ---------------------------------------------------------------------------
# The calibration metrics' formulas: functions of grouped probabilities


def brier(grouped, *, stratum=None):
    """The Brier score over ``stratum`` (see :func:`stratified_score`)."""
    return stratified_score(
        "brier", grouped.values, grouped.positives, grouped.negatives, stratum
    )


def log_loss(grouped, *, stratum=None):
    """The log loss over ``stratum`` (see :func:`stratified_score`)."""
    return stratified_score(
        "log_loss", grouped.values, grouped.positives, grouped.negatives, stratum
    )


def miscalibration(grouped, *, score="brier"):
    """MCB of mean loss ``score``: the loss saved by the PAV recalibration."""
    return decomposition(score, grouped.values, grouped.positives, grouped.negatives)[1]


class ThinBins(ValueError):
    """A non-empty bin weighs less than 2, where the debiased L1 error needs
    2; ``args[0]``: its weight (the reader names the parameter to change)."""


def ece(grouped, *, n_bins, strategy, norm, debiased, squared):
    """The expected calibration error of ``n_bins`` bins of ``strategy``
    (see :func:`ece_from_bins`); raises :class:`ThinBins` where the
    debiased L1 error is asked of a bin of weight below 2."""
    edges = bin_edges(
        grouped.values, grouped.positives + grouped.negatives, n_bins, strategy
    )
    weight, mean, frequency = binned(
        grouped.values, grouped.positives, grouped.negatives, edges
    )
    thin = (weight > 0) & (weight < 2)
    if debiased and norm == "l1" and thin.any():
        raise ThinBins(float(weight[thin][0]))
    return ece_from_bins(weight, mean, frequency, norm, debiased, squared)
