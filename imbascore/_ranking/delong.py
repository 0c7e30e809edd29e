"""DeLong's variance of the ROC AUC, its intervals and the paired test, read
from one sorted order of the scores.

DeLong, DeLong & Clarke-Pearson (1988) write the AUC as the mean of each
sample's *placement* (structural component): a positive's share of the
negatives scored below it, a negative's share of the positives scored above
it, ties counting a half. Sun & Xu (2014) compute the placements from midranks
in O(n log n) instead of the m x n comparisons; here the ranks come from the
one sort of :class:`~imbascore._core.engine.ranked.RankedScores`: samples of
equal score share a group, so the placements are per-group values read off
cumulated per-group weights, and everything after the sort is O(n).

With sample weights the placements and their moments are weighted, and each
class counts as its effective number of samples (Kish, ``(sum w)^2 / sum
w^2``), as every interval of the package does: the variance is that of
unweighted data of that size, so weights that sum to more (or less) than the
samples neither narrow nor widen it, and scaling every weight changes
nothing. Without weights (or with equal ones) this is DeLong's estimate
exactly. A zero weight removes the sample.

References
----------
.. [1] E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the
   areas under two or more correlated receiver operating characteristic
   curves: a nonparametric approach", Biometrics 44(3), 837-845, 1988.
.. [2] X. Sun and W. Xu, "Fast implementation of DeLong's algorithm for
   comparing the areas under correlated receiver operating characteristic
   curves", IEEE Signal Processing Letters 21(11), 1389-1393, 2014.
.. [3] M. S. Pepe, "The Statistical Evaluation of Medical Tests for
   Classification and Prediction", Oxford University Press, 2003.
.. [4] G. Qin and L. Hotilovac, "Comparison of non-parametric confidence
   intervals for the area under the ROC curve of a continuous-scale
   diagnostic test", Statistical Methods in Medical Research 17(2), 207-221,
   2008.
"""

from dataclasses import dataclass

import numpy as np
from scipy.special import expit, logit
from scipy.stats import norm

from .._core.checks import check_confidence_level, param_error

__all__ = [
    "PairedDeLong",
    "delong_interval",
    "delong_paired",
    "delong_placements",
    "delong_variance",
    "same_samples",
]


def _group_placements(ranked):
    """Per group: ``(positives, negatives, v10, v01, m, n)``.

    ``positives`` and ``negatives`` are the weights at each distinct score
    (descending); ``v10[g]`` is the placement of a positive scored at group
    ``g`` (weight of the negatives below it plus half the tied ones, over
    ``n``), ``v01[g]`` that of a negative (positives above plus half the
    tied, over ``m``). Without positives (negatives) ``v01`` (``v10``) is NaN.
    """
    positives, negatives = ranked.per_group()
    positives = positives.astype(np.float64, copy=False)
    negatives = negatives.astype(np.float64, copy=False)
    pos_through = np.cumsum(positives)  # weight at or above each score
    neg_through = np.cumsum(negatives)
    m = float(pos_through[-1]) if pos_through.size else 0.0
    n = float(neg_through[-1]) if neg_through.size else 0.0
    with np.errstate(invalid="ignore", divide="ignore"):
        v10 = (n - neg_through + 0.5 * negatives) / n
        v01 = (pos_through - 0.5 * positives) / m
    return positives, negatives, v10, v01, m, n


def delong_placements(ranked):
    """Each sample's placement, in the input's order: ``V10`` for a positive,
    ``V01`` for a negative (DeLong et al. 1988's structural components).

    The AUC is the weighted mean of ``V10`` over the positives and also that
    of ``V01`` over the negatives. Returns ``(placements, positive, weights)``,
    all in input order (``weights`` None when the samples carry none).
    """
    return _placements_and_auc(ranked)[:3]


def _placements_and_auc(ranked):
    """:func:`delong_placements` and the AUC, from one pass over the groups."""
    positives, _, v10, v01, m, n = _group_placements(ranked)
    auc = _auc(positives, v10, m, n)
    # each sorted sample's placement, then back to the input's order
    per_sorted = np.where(ranked.positive, v10[ranked.group], v01[ranked.group])
    placements = np.empty_like(per_sorted)
    placements[ranked.order] = per_sorted
    positive = np.empty_like(ranked.positive)
    positive[ranked.order] = ranked.positive
    if ranked.weights is None:
        return placements, positive, None, auc
    weights = np.empty_like(ranked.weights)
    weights[ranked.order] = ranked.weights
    return placements, positive, weights, auc


def _effective_sizes(positive, weights, m, n):
    """Each class's effective number of samples (Kish): ``m`` and ``n``
    themselves without weights."""
    if weights is None:
        return m, n
    sizes = []
    for own, total in ((weights[positive], m), (weights[~positive], n)):
        squares = float(np.dot(own, own))
        sizes.append(total * total / squares if squares > 0 else 0.0)
    return tuple(sizes)


def _auc(positives, v10, m, n):
    """The AUC as the positives' weighted mean placement; NaN without
    positives or negatives."""
    if m <= 0 or n <= 0:
        return np.nan
    return float(np.dot(positives, v10) / m)


def delong_variance(ranked):
    """The ROC AUC and DeLong's estimate of its variance: ``(auc, variance)``.

    ``variance = S10 / m + S01 / n``, with ``S10`` the sample variance of the
    positives' placements ``V10`` (divisor ``m - 1``) and ``S01`` that of the
    negatives' ``V01`` (divisor ``n - 1``); with weights, the weighted
    variances in units of each class's effective size (see the module's
    notes). The AUC (ties a half) is NaN without positives or negatives; the
    variance is NaN unless both classes' effective sizes exceed 1. With every
    positive above every negative (AUC 1 or 0), or all scores tied, the
    placements are constant and the variance is 0.

    Cost: the sort already done in ``ranked``, then O(n_groups).
    """
    positives, negatives, v10, v01, m, n = _group_placements(ranked)
    auc = _auc(positives, v10, m, n)
    m_eff, n_eff = _effective_sizes(ranked.positive, ranked.weights, m, n)
    if m_eff <= 1 or n_eff <= 1:
        return auc, np.nan
    # the mean of V01 is the AUC as well; centring each on its own mean
    # keeps the two sums exact to rounding
    s10 = np.dot(positives, (v10 - auc) ** 2) / m / (m_eff - 1)
    mean01 = np.dot(negatives, v01) / n
    s01 = np.dot(negatives, (v01 - mean01) ** 2) / n / (n_eff - 1)
    return auc, float(s10 + s01)


def delong_interval(
    ranked, confidence_level=0.95, transform=None, *, func="delong_interval"
):
    """DeLong's interval for the ROC AUC: ``(auc, low, high)``.

    ``transform=None``: the Wald interval ``auc +- z sqrt(var)``, clipped to
    [0, 1]. ``transform="logit"``: the Wald interval of ``logit(auc)`` with
    the delta-method standard error ``sqrt(var) / (auc (1 - auc))``, mapped
    back by the logistic function (Pepe 2003, section 5.2; Qin & Hotilovac
    2008); it stays inside (0, 1) without clipping.

    At AUC 0 or 1 the logit is infinite and its standard error 0/0; there
    every placement is 0 or 1, the DeLong variance is exactly 0 and both
    forms return the degenerate ``[auc, auc]``. That zero width is the
    variance estimate's degeneracy at complete separation, not certainty:
    use a bootstrap or an exact method there. When the variance is NaN
    (``m`` or ``n`` at most 1) ``low`` and ``high`` are NaN.

    ``func`` names the public function in error messages.
    """
    level = check_confidence_level(confidence_level, func)
    if transform not in (None, "logit"):
        raise ValueError(param_error(func, "transform", "None or 'logit'", transform))
    auc, variance = delong_variance(ranked)
    if np.isnan(variance):
        return auc, np.nan, np.nan
    z = float(norm.ppf(0.5 + level / 2.0))
    se = np.sqrt(variance)
    if transform is None or se == 0.0 or auc <= 0.0 or auc >= 1.0:
        # at AUC 0 or 1 the variance is 0 (see the docstring)
        low, high = auc - z * se, auc + z * se
        return auc, float(min(max(low, 0.0), 1.0)), float(min(max(high, 0.0), 1.0))
    centre = logit(auc)
    half = z * se / (auc * (1.0 - auc))
    return auc, float(expit(centre - half)), float(expit(centre + half))


@dataclass(frozen=True)
class PairedDeLong:
    """DeLong's paired comparison of two ROC AUCs on the same samples.

    Attributes
    ----------
    auc_a, auc_b : float
        The two AUCs.
    difference : float
        ``auc_a - auc_b``.
    variance : float
        DeLong's variance of the difference,
        ``var_a + var_b - 2 cov_ab``.
    z : float
        ``difference / sqrt(variance)``; with ``variance`` 0: 0 when the
        difference is 0, else +-inf.
    pvalue : float
        Two-sided, from the standard normal; 1 when both the difference and
        its variance are 0, 0 when only the variance is.
    low, high : float
        The Wald interval of the difference, clipped to [-1, 1].
    covariance : ndarray of shape (2, 2)
        DeLong's covariance matrix of ``(auc_a, auc_b)``.
    confidence_level : float
        The level of ``low, high``.
    """

    auc_a: float
    auc_b: float
    difference: float
    variance: float
    z: float
    pvalue: float
    low: float
    high: float
    covariance: np.ndarray
    confidence_level: float


def same_samples(positive_a, weights_a, positive_b, weights_b):
    """``(same truth, same weights)``: whether two rankings' samples, in
    input order, have the same classes and the same weights (None: none)."""
    truth = positive_a.shape == positive_b.shape and np.array_equal(
        positive_a, positive_b
    )
    if weights_a is None or weights_b is None:
        return truth, weights_a is None and weights_b is None
    return truth, np.array_equal(weights_a, weights_b)


def _covariance_term(x, y, weights, total, effective):
    """One class's share of a covariance of two AUCs: the weighted sample
    covariance of its placements ``x`` and ``y`` over its effective size
    (``S_xy / m`` unweighted, divisor ``m - 1``)."""
    if weights is None:
        dx, dy = x - x.mean(), y - y.mean()
        return float(np.dot(dx, dy) / total / (effective - 1))
    dx = x - np.dot(weights, x) / total
    dy = y - np.dot(weights, y) / total
    return float(np.dot(weights * dx, dy) / total / (effective - 1))


def delong_paired(ranked_a, ranked_b, confidence_level=0.95, *, func="delong_paired"):
    """DeLong's test of two correlated ROC AUCs, from two models' scores of
    the same samples (same ``y_true``, same weights, read as in
    :func:`delong_variance`): a :class:`PairedDeLong`.

    With ``V10`` and ``V01`` the placements of each model (input order, so
    the two sort orders are paired sample by sample), DeLong et al. (1988)
    estimate ``Cov(auc_r, auc_s) = S10_rs / m + S01_rs / n`` with ``S10_rs``
    the sample covariance of the positives' ``V10_r`` and ``V10_s``, ``S01_rs``
    that of the negatives'. The difference's variance is computed as the
    sample variance of the placement differences (the same quantity, never
    negative by rounding, exactly 0 for identical or monotonely related
    scores). ``z = difference / sqrt(variance)``, two-sided p-value from the
    standard normal, Wald interval of the difference clipped to [-1, 1].
    NaN throughout the variance-based fields when ``m`` or ``n`` is at most 1.
    """
    level = check_confidence_level(confidence_level, func)
    place_a, positive, weights, auc_a = _placements_and_auc(ranked_a)
    place_b, positive_b, weights_b, auc_b = _placements_and_auc(ranked_b)
    if not all(same_samples(positive, weights, positive_b, weights_b)):
        raise ValueError(
            "The two rankings of delong_paired must score the same samples: the "
            "same y_true and the same sample_weight, in the same order."
        )
    neg = ~positive
    if weights is None:
        m, n = float(positive.sum()), float(neg.sum())
        w_pos = w_neg = None
    else:
        w_pos, w_neg = weights[positive], weights[neg]
        m, n = float(w_pos.sum()), float(w_neg.sum())
    difference = auc_a - auc_b
    m_eff, n_eff = _effective_sizes(positive, weights, m, n)
    if m_eff <= 1 or n_eff <= 1:
        nan = float("nan")
        return PairedDeLong(
            auc_a, auc_b, difference, nan, nan, nan, nan, nan,
            np.full((2, 2), np.nan), level,
        )  # fmt: skip
    a10, b10 = place_a[positive], place_b[positive]
    a01, b01 = place_a[neg], place_b[neg]

    def cov(x10, x01, y10, y01):
        return _covariance_term(x10, y10, w_pos, m, m_eff) + _covariance_term(
            x01, y01, w_neg, n, n_eff
        )

    between = cov(a10, a01, b10, b01)
    covariance = np.array(
        [[cov(a10, a01, a10, a01), between], [between, cov(b10, b01, b10, b01)]]
    )
    d10, d01 = a10 - b10, a01 - b01
    variance = cov(d10, d01, d10, d01)
    if variance > 0.0:
        se = np.sqrt(variance)
        z = difference / se
        pvalue = float(2.0 * norm.sf(abs(z)))
    else:
        se = 0.0
        z = 0.0 if difference == 0.0 else float(np.copysign(np.inf, difference))
        pvalue = 1.0 if difference == 0.0 else 0.0
    half = float(norm.ppf(0.5 + level / 2.0)) * se
    low = min(max(difference - half, -1.0), 1.0)
    high = min(max(difference + half, -1.0), 1.0)
    return PairedDeLong(
        auc_a=auc_a,
        auc_b=auc_b,
        difference=float(difference),
        variance=float(variance),
        z=float(z),
        pvalue=pvalue,
        low=float(low),
        high=float(high),
        covariance=covariance,
        confidence_level=level,
    )
