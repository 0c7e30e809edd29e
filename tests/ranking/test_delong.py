"""DeLong's variance, intervals and paired test (imbascore._ranking.delong)
against the m x n definition, repeated rows, scikit-learn and pROC."""

import numpy as np
import pytest
from scipy.special import expit, logit
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

from imbascore._ranking.delong import (
    delong_interval,
    delong_paired,
    delong_placements,
    delong_variance,
)
from imbascore._ranking.inputs import read_ranked


def ranked(y, scores, weights=None):
    return read_ranked(np.asarray(y), np.asarray(scores), weights, "test")[1]


def definition(y, scores):
    """DeLong et al. (1988) by the m x n kernel psi: placements (input
    order), AUC, variance."""
    y = np.asarray(y, bool)
    scores = np.asarray(scores, float)
    pos, neg = scores[y], scores[~y]
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    v10, v01 = psi.mean(axis=1), psi.mean(axis=0)
    placements = np.empty(y.shape[0])
    placements[y], placements[~y] = v10, v01
    m, n = pos.size, neg.size
    variance = v10.var(ddof=1) / m + v01.var(ddof=1) / n
    return placements, psi.mean(), variance, v10, v01


def random_case(seed, ties, correlated=False):
    rng = np.random.default_rng(seed)
    m, n = rng.integers(2, 61, size=2)
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    rng.shuffle(y)
    if ties:
        a = rng.integers(0, 6, y.size) + y * rng.integers(0, 3, y.size)
        b = rng.integers(0, 4, y.size) + (a if correlated else 0)
    else:
        a = rng.normal(size=y.size) + 0.8 * y
        b = rng.normal(size=y.size) + (a if correlated else 0.5 * y)
    return y, a.astype(float), b.astype(float)


CASES = [(seed, ties) for seed in range(30) for ties in (False, True)]


@pytest.mark.parametrize("seed, ties", CASES)
def test_placements_and_variance_equal_the_definition(seed, ties):
    y, scores, _ = random_case(seed, ties)
    placements, auc, variance, _, _ = definition(y, scores)
    got, positive, weights = delong_placements(ranked(y, scores))
    assert weights is None
    np.testing.assert_array_equal(positive, y.astype(bool))
    np.testing.assert_allclose(got, placements, rtol=0, atol=1e-12)
    got_auc, got_variance = delong_variance(ranked(y, scores))
    assert got_auc == pytest.approx(auc, rel=0, abs=1e-12)
    assert got_variance == pytest.approx(variance, rel=0, abs=1e-12)


@pytest.mark.parametrize("seed, ties", CASES)
def test_auc_equals_sklearn(seed, ties):
    y, scores, _ = random_case(seed, ties)
    w = np.random.default_rng(seed).uniform(0.1, 3.0, y.size)
    assert delong_variance(ranked(y, scores))[0] == pytest.approx(
        roc_auc_score(y, scores), rel=0, abs=1e-12
    )
    assert delong_variance(ranked(y, scores, w))[0] == pytest.approx(
        roc_auc_score(y, scores, sample_weight=w), rel=0, abs=1e-12
    )


def weighted_definition(y, scores, w):
    """DeLong by the m x n kernel with weights: weighted placements, their
    weighted variances, each class in units of its Kish effective size."""
    y = np.asarray(y, bool)
    pos, neg = scores[y], scores[~y]
    wp, wn = w[y], w[~y]
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    v10, v01 = psi @ wn / wn.sum(), wp @ psi / wp.sum()
    auc = wp @ v10 / wp.sum()
    terms = []
    for v, ww in ((v10, wp), (v01, wn)):
        mean = ww @ v / ww.sum()
        effective = ww.sum() ** 2 / (ww @ ww)
        terms.append(ww @ (v - mean) ** 2 / ww.sum() / (effective - 1))
    return auc, sum(terms)


@pytest.mark.parametrize("seed, ties", CASES)
def test_weighted_variance_equals_the_weighted_definition(seed, ties):
    y, a, _ = random_case(seed, ties)
    w = np.random.default_rng(seed + 1000).uniform(0.1, 3.0, y.size)
    np.testing.assert_allclose(
        delong_variance(ranked(y, a, w)), weighted_definition(y, a, w), atol=1e-12
    )


@pytest.mark.parametrize("seed, ties", CASES[:20])
def test_scaled_or_equal_weights_change_nothing(seed, ties):
    """Weights count in effective samples: equal weights are no weights,
    and scaling every weight leaves the variance and the test unchanged."""
    y, a, b = random_case(seed, ties, correlated=True)
    w = np.random.default_rng(seed).uniform(0.1, 3.0, y.size)
    plain = delong_variance(ranked(y, a))
    np.testing.assert_allclose(
        delong_variance(ranked(y, a, np.full(y.size, 7.5))), plain, atol=1e-12
    )
    np.testing.assert_allclose(
        delong_variance(ranked(y, a, w * 1000.0)),
        delong_variance(ranked(y, a, w)),
        rtol=1e-10,
    )
    scaled = delong_paired(ranked(y, a, w / 50.0), ranked(y, b, w / 50.0))
    kept = delong_paired(ranked(y, a, w), ranked(y, b, w))
    np.testing.assert_allclose(scaled.covariance, kept.covariance, rtol=1e-10)
    assert scaled.z == pytest.approx(kept.z, rel=1e-10)


def test_zero_weight_samples_have_no_effect():
    y, a, _ = random_case(7, ties=True)
    rng = np.random.default_rng(0)
    y_more = np.r_[y, [1, 0, 1, 0]]
    a_more = np.r_[a, rng.normal(size=4) * 100]  # new scores, new groups
    w = np.r_[np.ones(y.size), np.zeros(4)]
    assert delong_variance(ranked(y_more, a_more, w)) == pytest.approx(
        delong_variance(ranked(y, a)), abs=1e-15
    )


@pytest.mark.parametrize("seed, ties", CASES)
def test_paired_covariance_equals_the_definition(seed, ties):
    y, a, b = random_case(seed, ties, correlated=seed % 2 == 0)
    _, auc_a, _, a10, a01 = definition(y, a)
    _, auc_b, _, b10, b01 = definition(y, b)
    m, n = a10.size, a01.size
    # DeLong et al. (1988): S = S10 / m + S01 / n, S10 and S01 the sample
    # covariance matrices of the placements (divisors m - 1, n - 1)
    cov = np.cov([a10, b10]) / m + np.cov([a01, b01]) / n
    variance = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    got = delong_paired(ranked(y, a), ranked(y, b))
    np.testing.assert_allclose(got.covariance, cov, rtol=0, atol=1e-12)
    assert (got.auc_a, got.auc_b) == pytest.approx((auc_a, auc_b), abs=1e-12)
    assert got.variance == pytest.approx(variance, abs=1e-12)
    z = (auc_a - auc_b) / np.sqrt(variance)
    assert got.z == pytest.approx(z, rel=1e-9)
    assert got.pvalue == pytest.approx(2 * norm.sf(abs(z)), rel=1e-9)
    half = norm.ppf(0.975) * np.sqrt(variance)
    assert (got.low, got.high) == pytest.approx(
        (np.clip(auc_a - auc_b - half, -1, 1), np.clip(auc_a - auc_b + half, -1, 1))
    )


@pytest.mark.parametrize("seed", range(10))
def test_paired_is_antisymmetric_in_a_and_b(seed):
    y, a, b = random_case(seed, ties=seed % 2 == 0, correlated=True)
    ab = delong_paired(ranked(y, a), ranked(y, b))
    ba = delong_paired(ranked(y, b), ranked(y, a))
    assert ba.z == pytest.approx(-ab.z, abs=1e-12)
    assert ba.difference == pytest.approx(-ab.difference, abs=1e-15)
    assert ba.pvalue == pytest.approx(ab.pvalue, abs=1e-12)
    assert ba.variance == pytest.approx(ab.variance, abs=1e-15)
    assert (ba.low, ba.high) == pytest.approx((-ab.high, -ab.low), abs=1e-12)
    np.testing.assert_allclose(ba.covariance, ab.covariance[::-1, ::-1], atol=1e-15)


@pytest.mark.parametrize("ties", [False, True])
def test_identical_or_monotone_scores_give_zero_variance_and_p_one(ties):
    y, a, _ = random_case(3, ties)
    for b in (a.copy(), 3 * a + 1, np.exp(a)):  # same order, same placements
        got = delong_paired(ranked(y, a), ranked(y, b))  # warnings are errors
        assert got.difference == 0.0
        assert got.variance == 0.0
        assert got.z == 0.0 and got.pvalue == 1.0
        assert got.low == 0.0 and got.high == 0.0


def test_zero_variance_with_a_difference_gives_infinite_z():
    # A separates perfectly, B ties everything: both sets of placements are
    # constant, the difference 0.5 has variance 0
    y = np.array([1, 1, 1, 0, 0, 0])
    got = delong_paired(ranked(y, y * 2.0), ranked(y, np.ones(6)))
    assert got.difference == 0.5 and got.variance == 0.0
    assert got.z == np.inf and got.pvalue == 0.0
    assert got.low == got.high == 0.5
    swapped = delong_paired(ranked(y, np.ones(6)), ranked(y, y * 2.0))
    assert swapped.z == -np.inf and swapped.pvalue == 0.0


def test_paired_refuses_different_samples():
    y = np.array([1, 0, 1, 0, 1])
    s = np.arange(5.0)
    with pytest.raises(ValueError, match="same y_true and the same sample_weight"):
        delong_paired(ranked(y, s), ranked(1 - y, s))
    with pytest.raises(ValueError, match="same y_true"):
        delong_paired(ranked(y, s, np.ones(5)), ranked(y, s, np.r_[np.ones(4), 2]))
    with pytest.raises(ValueError, match="same y_true"):
        delong_paired(ranked(y, s), ranked(y[:4], s[:4]))


@pytest.mark.parametrize(
    "y, weights, auc_nan",
    [
        ([1, 0, 0, 0], None, False),  # m = 1
        ([1, 1, 1, 0], None, False),  # n = 1
        ([0, 0, 0, 0], None, True),  # no positives
        ([1, 1, 0, 0], [1.0, 0.0, 1.0, 1.0], False),  # m = 1 after a zero weight
    ],
)
def test_too_few_positives_or_negatives_give_nan(y, weights, auc_nan):
    r = ranked(y, [0.9, 0.8, 0.7, 0.1], None if weights is None else np.array(weights))
    auc, variance = delong_variance(r)
    assert np.isnan(variance) and np.isnan(auc) == auc_nan
    for transform in (None, "logit"):
        _, low, high = delong_interval(r, transform=transform)
        assert np.isnan(low) and np.isnan(high)
    if not auc_nan:
        p = delong_paired(r, r)
        assert np.isnan(p.variance) and np.isnan(p.z) and np.isnan(p.pvalue)
        assert np.isnan(p.covariance).all()


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("level", [0.8, 0.95, 0.99])
def test_intervals_follow_their_formulas(seed, level):
    y, a, _ = random_case(seed, ties=seed % 2 == 1)
    r = ranked(y, a)
    auc, variance = delong_variance(r)
    z = norm.ppf(0.5 + level / 2)
    got = delong_interval(r, level)
    assert got == pytest.approx(
        (auc, max(auc - z * variance**0.5, 0), min(auc + z * variance**0.5, 1)),
        abs=1e-12,
    )
    se = variance**0.5 / (auc * (1 - auc))
    got = delong_interval(r, level, "logit")
    assert got == pytest.approx(
        (auc, expit(logit(auc) - z * se), expit(logit(auc) + z * se)), abs=1e-12
    )
    assert 0 < got[1] <= auc <= got[2] < 1


@pytest.mark.parametrize("transform", [None, "logit"])
@pytest.mark.parametrize("sign", [1, -1])
def test_separation_gives_the_degenerate_interval(transform, sign):
    y = np.array([1, 1, 1, 0, 0, 0, 0])
    r = ranked(y, sign * np.arange(7.0) * (2 * y - 1) + 10 * y * sign)
    auc, variance = delong_variance(r)
    assert auc == (1.0 if sign == 1 else 0.0) and variance == 0.0
    assert delong_interval(r, transform=transform) == (auc, auc, auc)


def test_interval_parameters_are_checked():
    r = ranked([1, 0, 1, 0], [0.4, 0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="'confidence_level' parameter of f_name"):
        delong_interval(r, 1.5, func="f_name")
    with pytest.raises(ValueError, match="'transform' parameter of .* 'probit'"):
        delong_interval(r, 0.9, "probit")
    with pytest.raises(ValueError, match="'confidence_level'"):
        delong_paired(r, r, 0)


# pROC's aSAH data (Turck et al. 2010, Intensive Care Medicine 36(1), 107-115;
# 113 patients), per patient: outcome (P: Poor, the positive class; G: Good),
# wfns, s100b, ndka.
ASAH = """
G,1,0.13,3.01 G,1,0.14,8.54 G,1,0.1,8.09 G,1,0.04,10.42 P,3,0.13,17.4
P,2,0.1,12.75 G,5,0.47,6.0 P,4,0.16,13.2 G,1,0.18,15.54 G,2,0.1,6.01
P,5,0.12,15.96 G,2,0.1,17.86 P,5,0.44,5.18 P,5,0.71,8.9 G,1,0.04,13.41
G,2,0.08,20.75 P,5,0.49,11.6 G,2,0.04,16.11 P,2,0.07,32.37 P,5,0.33,54.82
P,2,0.09,32.41 G,1,0.09,49.94 P,1,0.07,40.34 G,1,0.11,9.47 G,1,0.07,6.29
G,2,0.17,12.53 G,1,0.07,6.54 G,2,0.11,6.3 G,1,0.13,80.3 G,1,0.19,12.8
G,3,0.05,9.8 G,4,0.16,9.81 P,2,0.41,9.85 G,1,0.14,18.21 G,4,0.34,5.03
P,5,0.35,14.04 P,4,0.48,21.93 G,1,0.09,8.02 P,4,0.96,7.42 P,2,0.25,8.38
G,5,0.5,6.59 G,5,0.46,9.63 G,1,0.16,13.12 G,1,0.07,7.96 G,2,0.43,14.34
G,4,0.45,41.43 G,1,0.11,7.63 G,1,0.08,7.06 G,2,0.09,12.59 P,5,0.86,13.56
P,5,0.52,3.87 G,2,0.08,9.44 G,1,0.06,7.66 G,2,0.13,12.98 P,5,2.07,419.19
G,1,0.1,27.19 G,2,0.14,22.27 G,2,0.15,9.95 P,2,0.07,21.22 G,1,0.06,11.73
P,5,0.77,10.4 G,1,0.05,58.83 G,1,0.09,6.39 P,2,0.3,11.09 P,5,0.03,12.22
P,2,0.09,13.67 G,1,0.04,17.21 P,4,0.23,22.63 P,5,0.7,12.9 G,2,0.09,9.7
P,4,0.27,21.57 P,4,0.71,8.23 P,1,0.08,72.57 P,4,0.26,15.54 G,1,0.08,10.51
G,2,0.16,10.6 G,1,0.09,14.57 P,4,0.13,5.19 P,2,0.1,9.63 G,1,0.08,4.61
P,2,0.11,21.48 G,3,0.33,17.3 G,2,0.11,12.71 G,4,0.28,9.44 G,2,0.07,11.07
G,1,0.1,19.46 G,4,0.32,10.83 P,5,0.22,5.37 G,1,0.07,11.97 G,1,0.05,7.75
G,5,0.24,9.83 G,4,0.38,10.55 G,2,0.1,28.49 G,2,0.15,8.53 G,1,0.08,12.57
G,1,0.14,12.9 G,1,0.1,46.83 G,3,0.07,11.68 G,1,0.04,12.67 G,2,0.19,9.01
P,5,0.56,9.57 P,2,0.14,34.06 P,2,0.58,11.72 P,5,0.32,14.26 P,5,0.82,47.61
P,5,0.74,11.67 G,2,0.15,24.58 G,4,0.47,10.33 G,4,0.17,13.87 P,5,0.44,15.89
G,1,0.15,22.43 G,1,0.5,6.79 G,1,0.48,13.45
"""


@pytest.fixture(scope="module")
def asah():
    rows = [row.split(",") for row in ASAH.split()]
    y = np.array([row[0] == "P" for row in rows], dtype=int)
    markers = {
        name: ranked(y, np.array([float(row[k]) for row in rows]))
        for k, name in enumerate(("wfns", "s100b", "ndka"), start=1)
    }
    assert y.size == 113 and y.sum() == 41
    return markers


# pROC's own tests (github.com/xrobin/pROC, tests/testthat/test-var.R:
# var(r.wfns), var(r.ndka), var(r.s100b)) and its documented
# roc(aSAH$outcome, aSAH$s100b): AUC 0.7314, 95% CI 0.6301-0.8326 (DeLong)
@pytest.mark.parametrize(
    "name, auc, variance",
    [
        ("wfns", 0.823678861788618, 0.00146991470882363),
        ("ndka", 0.611957994579946, 0.0031908105493913),
        ("s100b", 0.7313685636856367, 0.00266868245717244),
    ],
)
def test_proc_asah_variances(asah, name, auc, variance):
    got_auc, got_variance = delong_variance(asah[name])
    assert got_auc == pytest.approx(auc, rel=1e-12)
    assert got_variance == pytest.approx(variance, rel=1e-10)


def test_proc_asah_s100b_interval(asah):
    auc, low, high = delong_interval(asah["s100b"], 0.95)
    assert (round(auc, 4), round(low, 4), round(high, 4)) == (0.7314, 0.6301, 0.8326)


# pROC tests/testthat/test-roc.test.R: roc.test(r.wfns, r.s100b) etc.,
# DeLong's test for two correlated ROC curves, two-sided, 95%
@pytest.mark.parametrize(
    "a, b, z, p, low, high",
    [
        ("wfns", "s100b", 2.20898359144091, 0.0271757822291882,
         0.0104061769564846, 0.174214419249478),
        ("wfns", "ndka", 2.79777591868904, 0.00514557970691098,
         0.0634011709339876, 0.3600405634833566),
        ("ndka", "s100b", -1.39077002573558, 0.164295175223054,
         -0.2876917446341914, 0.0488706064228094),
    ],
)  # fmt: skip
def test_proc_asah_roc_test(asah, a, b, z, p, low, high):
    got = delong_paired(asah[a], asah[b], 0.95)
    assert got.z == pytest.approx(z, rel=1e-10)
    assert got.pvalue == pytest.approx(p, rel=1e-10)
    assert (got.low, got.high) == pytest.approx((low, high), rel=1e-10)
    same = delong_paired(asah[a], asah[a])
    assert same.z == 0 and same.pvalue == 1  # pROC: identical curves


def test_compare_predictions_exposes_delongs_z_on_asah():
    """Issue 49 item 16: the public result carries DeLong's z (pROC's
    roc.test(r.wfns, r.s100b): z = 2.20898359144091), and shows it."""
    import imbascore as ims

    rows = [row.split(",") for row in ASAH.split()]
    y = np.array([row[0] == "P" for row in rows], dtype=int)
    wfns = np.array([float(row[1]) for row in rows])
    s100b = np.array([float(row[2]) for row in rows])
    got = ims.compare_predictions(y, wfns, s100b, metric="roc_auc")
    assert got.test == "delong"
    assert got.statistic == pytest.approx(2.20898359144091, rel=1e-10)
    assert got.pvalue == pytest.approx(0.0271757822291882, rel=1e-10)
    assert "statistic=2.209" in repr(got)
    boot = ims.compare_predictions(
        y, wfns, s100b, metric="roc_auc", method="bootstrap", n_resamples=50,
        random_state=0,
    )  # fmt: skip
    assert boot.statistic is None and "statistic" not in repr(boot)
