"""The calibration metrics against independent references.

scikit-learn (Brier score, log loss, isotonic regression, ``calibration_curve``),
``model_diagnostics.scoring.decompose`` (the CORP decomposition), statsmodels'
binomial GLM (the calibration intercept and slope), Kumar et al.'s debiased
estimators and R reliabilitydiag's resampling bands (both re-implemented in
``tests/calibration/references.py``), and hand sums.
"""

import inspect
import warnings

import numpy as np
import pytest
import references as R
from model_diagnostics.scoring import decompose
from scipy.stats import norm
from sklearn.calibration import calibration_curve
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.isotonic import IsotonicRegression
from sklearn.metrics import brier_score_loss as sk_brier
from sklearn.metrics import log_loss as sk_log_loss

from imbascore import (
    binned_reliability,
    brier_score_loss,
    calibration_decomposition,
    calibration_intercept_slope,
    expected_calibration_error,
    log_loss,
    miscalibration_score,
    reliability_diagram,
)

TOL = dict(rtol=1e-12, atol=1e-12)


def _data(seed, n=200, ties=None, extremes=False, power=1.0):
    """Probabilities ``p`` (rounded to ``ties`` decimals: tied), outcomes
    drawn from ``p ** power`` (1: calibrated) and integer and fractional
    weights."""
    rng = np.random.default_rng(seed)
    p = rng.beta(0.7, 1.6, size=n)
    if ties is not None:
        p = np.round(p, ties)
    if extremes:
        p[:3] = 0.0
        p[3:6] = 1.0
    y = (rng.uniform(size=n) < p**power).astype(int)
    if extremes:  # a 0 on a positive and a 1 on a negative
        y[0], y[3] = 1, 0
    w_int = rng.integers(1, 4, size=n).astype(float)
    w_frac = rng.uniform(0.2, 3.0, size=n)
    return p, y, w_int, w_frac


def _clipped_log(x):
    eps = np.finfo(np.float64).eps
    return np.log(np.clip(x, eps, 1 - eps))


# --------------------------------------------------------------------------
# 1. Brier score and log loss, overall and by class
# --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weighted", [None, "int", "frac"])
def test_overall_scores_equal_sklearn(seed, weighted):
    p, y, w_int, w_frac = _data(seed, extremes=True, ties=2)
    w = {None: None, "int": w_int, "frac": w_frac}[weighted]
    assert np.isclose(
        brier_score_loss(y, p, sample_weight=w),
        sk_brier(y, p, sample_weight=w),
        **TOL,
    )
    assert np.isclose(
        log_loss(y, p, sample_weight=w),
        sk_log_loss(y, p, sample_weight=w, labels=[0, 1]),
        **TOL,
    )


def test_overall_scores_with_string_labels_and_pos_label():
    p, y, w, _ = _data(7, extremes=True)
    labels = np.where(y == 1, "sick", "healthy")  # the positive class sorts last
    assert np.isclose(
        brier_score_loss(labels, p, pos_label="sick", sample_weight=w),
        sk_brier(labels, p, pos_label="sick", sample_weight=w),
        **TOL,
    )
    assert np.isclose(
        log_loss(labels, p, pos_label="sick", sample_weight=w),
        sk_log_loss(labels, p, sample_weight=w),
        **TOL,
    )
    # the positive class sorting first: scikit-learn's log_loss would read p as
    # the probability of "zzz", so compare with the binary outcome
    other = np.where(y == 1, "a_pos", "zzz")
    assert np.isclose(
        log_loss(other, p, pos_label="a_pos", sample_weight=w),
        sk_log_loss(y, p, sample_weight=w),
        **TOL,
    )
    assert np.isclose(
        brier_score_loss(other, p, pos_label="a_pos"),
        sk_brier(other, p, pos_label="a_pos"),
        **TOL,
    )


@pytest.mark.parametrize("seed", range(3))
def test_strata_equal_hand_sums(seed):
    p, y, _, w = _data(seed, extremes=True, ties=2)
    pos, neg = y == 1, y == 0
    brier_pos = np.sum(w[pos] * (1 - p[pos]) ** 2) / np.sum(w[pos])
    brier_neg = np.sum(w[neg] * p[neg] ** 2) / np.sum(w[neg])
    log_pos = -np.sum(w[pos] * _clipped_log(p[pos])) / np.sum(w[pos])
    log_neg = -np.sum(w[neg] * _clipped_log(1 - p[neg])) / np.sum(w[neg])
    for func, on_pos, on_neg in [
        (brier_score_loss, brier_pos, brier_neg),
        (log_loss, log_pos, log_neg),
    ]:
        got = {
            s: func(y, p, stratum=s, sample_weight=w)
            for s in ("positive", "negative", "balanced")
        }
        assert np.isclose(got["positive"], on_pos, **TOL)
        assert np.isclose(got["negative"], on_neg, **TOL)
        assert np.isclose(got["balanced"], (on_pos + on_neg) / 2, **TOL)
        assert np.isclose(
            got["balanced"], (got["positive"] + got["negative"]) / 2, **TOL
        )


def test_zero_weight_samples_are_left_out_of_the_strata():
    p, y, _, w = _data(3)
    w[:20] = 0.0
    assert np.isclose(
        brier_score_loss(y, p, stratum="positive", sample_weight=w),
        brier_score_loss(y[20:], p[20:], stratum="positive", sample_weight=w[20:]),
        **TOL,
    )


@pytest.mark.parametrize("func", [brier_score_loss, log_loss])
@pytest.mark.parametrize("stratum", ["positive", "balanced"])
def test_stratum_without_positives_is_nan_with_warning(func, stratum):
    y, p = [0, 0, 0, 0], [0.1, 0.4, 0.2, 0.3]
    with pytest.warns(UndefinedMetricWarning, match=func.__name__):
        value = func(y, p, stratum=stratum)
    assert np.isnan(value)
    # positives of weight 0 are none either
    with pytest.warns(UndefinedMetricWarning, match=func.__name__):
        value = func([0, 1, 0, 1], p, stratum=stratum, sample_weight=[1, 0, 2, 0])
    assert np.isnan(value)
    # the negatives' stratum is defined: no warning
    assert np.isfinite(func(y, p, stratum="negative"))


@pytest.mark.parametrize("func", [brier_score_loss, log_loss])
def test_stratum_without_negatives_is_nan_with_warning(func):
    with pytest.warns(UndefinedMetricWarning, match=func.__name__):
        value = func([1, 1, 1], [0.1, 0.5, 0.9], stratum="negative")
    assert np.isnan(value)


# --------------------------------------------------------------------------
# 2. The PAV curve
# --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weighted", [False, True])
def test_pav_curve_equals_sklearn_isotonic(seed, weighted):
    p, y, _, w_frac = _data(seed, n=300, ties=1 + seed % 2)
    w = w_frac if weighted else None
    diagram = reliability_diagram(y, p, band=None, sample_weight=w)
    np.testing.assert_array_equal(diagram.x, np.unique(p))
    expected = (
        IsotonicRegression(increasing=True)
        .fit(p, y, sample_weight=w)
        .predict(diagram.x)
    )
    np.testing.assert_allclose(diagram.cep, expected, **TOL)
    # and the reference's per-case fit, read at each case's value
    per_case = diagram.cep[np.searchsorted(diagram.x, p)]
    np.testing.assert_allclose(per_case, R.pav_fit(p, y, w), **TOL)
    assert np.all(np.isnan(diagram.low)) and np.isnan(diagram.p_value)


def test_pav_curve_drops_values_of_zero_weight():
    p, y, w, _ = _data(5, ties=2)
    w[p == p[0]] = 0.0
    diagram = reliability_diagram(y, p, band=None, sample_weight=w)
    np.testing.assert_array_equal(diagram.x, np.unique(p[w > 0]))
    keep = w > 0
    expected = (
        IsotonicRegression(increasing=True)
        .fit(p[keep], y[keep], sample_weight=w[keep])
        .predict(diagram.x)
    )
    np.testing.assert_allclose(diagram.cep, expected, **TOL)


# --------------------------------------------------------------------------
# 3. The CORP decomposition
# --------------------------------------------------------------------------

_DECOMPOSE_TAKES_WEIGHTS = "weights" in inspect.signature(decompose).parameters


def _reference_decomposition(p, y, score, w):
    """model_diagnostics' (mcb, dsc, unc, score); integer weights as repeated
    rows where its ``decompose`` takes no weights."""
    if w is not None and not _DECOMPOSE_TAKES_WEIGHTS:
        repeat = w.astype(int)
        assert np.array_equal(repeat, w)
        return R.corp_decomposition_reference(
            np.repeat(p, repeat), np.repeat(y, repeat), score
        )
    return R.corp_decomposition_reference(p, y, score, w)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("score", ["brier", "log_loss"])
@pytest.mark.parametrize("weighted", [None, "int", "frac"])
def test_decomposition_equals_model_diagnostics(seed, score, weighted):
    if weighted == "frac" and not _DECOMPOSE_TAKES_WEIGHTS:
        pytest.skip("this model_diagnostics' decompose takes no weights")
    p, y, w_int, w_frac = _data(seed, n=250, ties=2)
    p = np.clip(p, 0.005, 0.995)  # model_diagnostics does not clip the log loss
    w = {None: None, "int": w_int, "frac": w_frac}[weighted]
    got = calibration_decomposition(y, p, score=score, sample_weight=w)
    mcb, dsc, unc, value = _reference_decomposition(p, y, score, w)
    assert got.score == score
    np.testing.assert_allclose(
        [got.value, got.mcb, got.dsc, got.unc], [value, mcb, dsc, unc], **TOL
    )
    # and the hand-written decomposition
    np.testing.assert_allclose(
        [got.mcb, got.dsc, got.unc, got.value],
        R.corp_decomposition_manual(p, y, score, w),
        **TOL,
    )
    assert abs(got.value - (got.mcb - got.dsc + got.unc)) <= 1e-12
    assert got.mcb >= 0 and got.dsc >= 0
    assert miscalibration_score(y, p, score=score, sample_weight=w) == got.mcb


@pytest.mark.parametrize("score", ["brier", "log_loss"])
def test_decomposition_with_zeros_and_ones(score):
    """0 and 1 probabilities on the right class: the decomposition is finite
    and still adds up (Brier: equal to model_diagnostics)."""
    p = np.array([0.0, 0.0, 0.2, 0.2, 0.5, 0.7, 1.0, 1.0])
    y = np.array([0, 0, 0, 1, 1, 0, 1, 1])
    got = calibration_decomposition(y, p, score=score)
    assert abs(got.value - (got.mcb - got.dsc + got.unc)) <= 1e-12
    assert got.mcb >= 0 and got.dsc >= 0
    mcb, dsc, unc, value = R.corp_decomposition_reference(p, y, score)
    np.testing.assert_allclose(
        [got.value, got.mcb, got.dsc, got.unc], [value, mcb, dsc, unc], atol=1e-12
    )


def test_decomposition_of_its_own_recalibration_has_no_miscalibration():
    p, y, _, _ = _data(11, n=200, ties=1)
    recalibrated = R.pav_fit(p, y)
    got = calibration_decomposition(y, recalibrated)
    assert abs(got.mcb) <= 1e-15
    assert got.mcb >= 0


# --------------------------------------------------------------------------
# 4. The calibration intercept and slope
# --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("weighted", [None, "int", "frac"])
@pytest.mark.parametrize("power", [1.0, 0.6, 1.8])
def test_intercept_and_slope_equal_statsmodels(seed, weighted, power):
    p, y, w_int, w_frac = _data(seed, n=300, ties=2, power=power)
    p = np.clip(p, 0.01, 0.99)
    w = {None: None, "int": w_int, "frac": w_frac}[weighted]
    got = calibration_intercept_slope(y, p, sample_weight=w)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # statsmodels' own notices
        ref = R.calibration_intercept_slope_statsmodels(p, y, w)
    tol = dict(rtol=1e-6, atol=1e-6)
    assert np.isclose(got.intercept.estimate, ref["intercept"], **tol)
    assert np.isclose(got.intercept_se, ref["intercept_se"], **tol)
    assert np.isclose(got.slope.estimate, ref["slope"], **tol)
    assert np.isclose(got.slope_se, ref["slope_se"], **tol)
    np.testing.assert_allclose(
        [got.intercept.low, got.intercept.high], ref["intercept_ci"], **tol
    )
    np.testing.assert_allclose([got.slope.low, got.slope.high], ref["slope_ci"], **tol)


@pytest.mark.parametrize("level", [0.8, 0.9, 0.95, 0.99])
def test_wald_interval_is_estimate_plus_minus_z_se(level):
    p, y, w, _ = _data(4, n=200)
    p = np.clip(p, 0.01, 0.99)
    got = calibration_intercept_slope(y, p, confidence_level=level, sample_weight=w)
    z = norm.ppf(0.5 + level / 2)
    for estimate, se in [(got.intercept, got.intercept_se), (got.slope, got.slope_se)]:
        assert se > 0
        assert np.isclose(estimate.low, estimate.estimate - z * se, **TOL)
        assert np.isclose(estimate.high, estimate.estimate + z * se, **TOL)
    assert got.confidence_level == level


def test_calibrated_model_has_intercept_0_and_slope_1_within_intervals():
    p, y, _, _ = _data(2, n=5000)
    p = np.clip(p, 0.01, 0.99)
    y = (np.random.default_rng(9).uniform(size=p.size) < p).astype(int)
    got = calibration_intercept_slope(y, p)
    assert got.intercept.low < 0 < got.intercept.high
    assert got.slope.low < 1 < got.slope.high


@pytest.mark.parametrize("bad", [0.0, 1.0])
def test_intercept_slope_refuses_probabilities_of_0_or_1(bad):
    p = [0.2, bad, 0.4, 0.7]
    with pytest.raises(ValueError, match="'y_proba'.*calibration_intercept_slope"):
        calibration_intercept_slope([0, 1, 0, 1], p)


@pytest.mark.parametrize("y", [[0, 0, 0, 0], [1, 1, 1, 1]])
def test_intercept_slope_of_one_class_is_nan_with_warning(y):
    with pytest.warns(UndefinedMetricWarning, match="calibration_intercept_slope"):
        got = calibration_intercept_slope(y, [0.2, 0.3, 0.4, 0.7])
    values = [got.intercept.estimate, got.intercept.low, got.slope.estimate]
    assert np.all(np.isnan(values + [got.intercept_se, got.slope_se]))


# --------------------------------------------------------------------------
# 5. Binned curves and the expected calibration error
# --------------------------------------------------------------------------


def _sklearn_bins(p, n_bins, strategy):
    """scikit-learn's calibration_curve edges and per-sample bin index."""
    if strategy == "uniform":
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    else:
        edges = np.percentile(p, np.linspace(0, 1, n_bins + 1) * 100)
    return edges, np.searchsorted(edges[1:-1], p)


def _off_edge_data(seed, n):
    """Continuous probabilities, n = 100 (the quantile edges interpolate
    between samples, never on one)."""
    rng = np.random.default_rng(seed)
    p = rng.beta(0.8, 1.5, size=n)
    y = (rng.uniform(size=n) < p**1.3).astype(int)
    return p, y


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [4, 5, 10])
def test_binned_curve_equals_calibration_curve(seed, strategy, n_bins):
    p, y = _off_edge_data(seed, 100)
    curve = binned_reliability(y, p, n_bins=n_bins, strategy=strategy)
    edges, index = _sklearn_bins(p, n_bins, strategy)
    assert not np.isin(p, edges[1:-1]).any()  # no sample on an edge
    np.testing.assert_allclose(curve.edges, edges, **TOL)
    prob_true, prob_pred = calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    filled = curve.weight > 0
    np.testing.assert_allclose(curve.fraction_positive[filled], prob_true, **TOL)
    np.testing.assert_allclose(curve.mean_predicted[filled], prob_pred, **TOL)
    np.testing.assert_array_equal(curve.weight, np.bincount(index, minlength=n_bins))
    assert np.all(np.isnan(curve.mean_predicted[~filled]))


@pytest.mark.parametrize("case", ["quantile_n101", "uniform_on_edge"], ids=lambda c: c)
def test_binned_curve_and_ece_equal_calibration_curve_on_edges(case):
    if case == "quantile_n101":
        p, y = _off_edge_data(0, 101)
        strategy, n_bins = "quantile", 10
    else:
        p = np.array([0.1, 0.2, 0.5, 0.5, 0.5, 0.7, 0.9, 0.95])
        y = np.array([0, 0, 0, 1, 1, 1, 1, 1])
        strategy, n_bins = "uniform", 2
    curve = binned_reliability(y, p, n_bins=n_bins, strategy=strategy)
    prob_true, prob_pred = calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    _, index = _sklearn_bins(p, n_bins, strategy)
    ece = expected_calibration_error(y, p, n_bins=n_bins, strategy=strategy)
    share = np.bincount(index)[np.bincount(index) > 0] / p.size
    hand = np.sum(share * np.abs(prob_true - prob_pred))
    assert np.isclose(ece, hand, **TOL)
    filled = curve.weight > 0
    np.testing.assert_allclose(curve.fraction_positive[filled], prob_true, **TOL)
    np.testing.assert_allclose(curve.mean_predicted[filled], prob_pred, **TOL)


def test_quantile_bins_are_sklearns_to_the_last_bit_on_the_issue_example():
    """Issue 49 item 4: scikit-learn's edge is np.percentile's
    0.29999999999999993, so the sample at 0.3 falls in the second bin; the
    old weighted quantile gave 0.3 exactly and put it in the first."""
    y, p = [0, 1, 0, 1, 1, 0, 0], [0.7, 0.5, 0.3, 0.2, 1.0, 0.5, 0.1]
    edges, index = _sklearn_bins(np.array(p), 3, "quantile")
    curve = binned_reliability(y, p, n_bins=3, strategy="quantile")
    np.testing.assert_array_equal(curve.edges, edges)
    prob_true, prob_pred = calibration_curve(y, p, n_bins=3, strategy="quantile")
    share = np.bincount(index) / len(p)
    hand = np.sum(share * np.abs(prob_true - prob_pred))
    ece = expected_calibration_error(y, p, n_bins=3, strategy="quantile")
    assert np.isclose(ece, hand, rtol=0, atol=1e-15)


@pytest.mark.parametrize("seed", range(40))
def test_quantile_bins_equal_calibration_curve_with_samples_on_edges(seed):
    """Rounded probabilities (ties, samples on the edges), many sizes and
    numbers of bins: the same edges bit for bit, the same bin of every
    sample, the same curve and the ECE of those bins."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 80))
    p = np.round(rng.random(n), int(rng.integers(1, 3)))
    y = (rng.random(n) < p).astype(int)
    if y.min() == y.max():
        y[0] = 1 - y[0]
    n_bins = int(rng.integers(2, 12))
    edges, index = _sklearn_bins(p, n_bins, "quantile")
    curve = binned_reliability(y, p, n_bins=n_bins, strategy="quantile")
    np.testing.assert_array_equal(curve.edges, edges)
    np.testing.assert_array_equal(curve.weight, np.bincount(index, minlength=n_bins))
    prob_true, prob_pred = calibration_curve(y, p, n_bins=n_bins, strategy="quantile")
    filled = curve.weight > 0
    np.testing.assert_allclose(curve.fraction_positive[filled], prob_true, **TOL)
    np.testing.assert_allclose(curve.mean_predicted[filled], prob_pred, **TOL)
    counts = np.bincount(index, minlength=n_bins)
    hand = np.sum(counts[counts > 0] / n * np.abs(prob_true - prob_pred))
    ece = expected_calibration_error(y, p, n_bins=n_bins, strategy="quantile")
    assert np.isclose(ece, hand, **TOL)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("n_bins", [4, 10])
def test_ece_equals_hand_computation_from_sklearn_bins(seed, strategy, n_bins):
    p, y = _off_edge_data(seed, 100)
    edges, index = _sklearn_bins(p, n_bins, strategy)
    prob_true, prob_pred = calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    counts = np.bincount(index, minlength=n_bins)
    share = counts[counts > 0] / p.size
    gap = np.abs(prob_true - prob_pred)
    expected = {
        "l1": np.sum(share * gap),
        "l2": np.sqrt(np.sum(share * gap**2)),
        "max": np.max(gap),
    }
    for norm_, value in expected.items():
        got = expected_calibration_error(
            y, p, n_bins=n_bins, strategy=strategy, norm=norm_
        )
        assert np.isclose(got, value, **TOL), norm_
    squared = expected_calibration_error(
        y, p, n_bins=n_bins, strategy=strategy, norm="l2", squared=True
    )
    assert np.isclose(squared, expected["l2"] ** 2, **TOL)
    # and Kumar's plug-in estimator on the same bins
    assert np.isclose(expected["l1"], R.kumar_plugin_ce(p, y, index, 1), **TOL)
    assert np.isclose(expected["l2"], R.kumar_plugin_ce(p, y, index, 2), **TOL)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_debiased_ece_equals_kumar_on_the_same_bins(seed, strategy):
    p, y = _off_edge_data(seed, 100)
    n_bins = 5
    _, index = _sklearn_bins(p, n_bins, strategy)
    assert np.bincount(index).min() >= 2  # the debiased L1 needs 2 per bin

    def ece(**kwargs):
        return expected_calibration_error(
            y, p, n_bins=n_bins, strategy=strategy, **kwargs
        )

    squared = ece(norm="l2", debiased=True, squared=True)
    assert np.isclose(squared, R.kumar_debiased_l2_squared(p, y, index), **TOL)
    root = ece(norm="l2", debiased=True)
    assert np.isclose(root, R.kumar_debiased_l2(p, y, index), **TOL)
    l1 = ece(norm="l1", debiased=True)
    assert np.isclose(l1, R.kumar_debiased_l1_expected(p, y, index), **TOL)
    # Kumar's own Monte Carlo estimator, up to its simulation error
    monte_carlo = R.kumar_debiased_l1(p, y, index, resamples=20000, seed=seed)
    assert abs(l1 - monte_carlo) < 3e-3


def test_debiased_l2_with_singleton_bins_and_negative_square():
    """Bins of one sample add nothing to the debiased square (but count in
    the shares); the square can be negative and its root is then 0."""
    p = np.array([0.05, 0.31, 0.33, 0.36, 0.52, 0.55, 0.58, 0.93])
    y = np.array([0, 0, 1, 0, 1, 0, 1, 1])
    _, index = _sklearn_bins(p, 4, "uniform")
    squared = expected_calibration_error(
        y, p, n_bins=4, norm="l2", debiased=True, squared=True
    )
    assert np.isclose(squared, R.kumar_debiased_l2_squared(p, y, index), **TOL)
    assert squared < 0
    assert expected_calibration_error(y, p, n_bins=4, norm="l2", debiased=True) == 0


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n_bins", [3, 7, 10])
def test_quantile_bins_weight_2_equal_repeated_rows(seed, n_bins):
    rng = np.random.default_rng(seed)
    p = np.round(rng.beta(0.8, 1.5, size=57), 2)  # ties too
    y = (rng.uniform(size=57) < p).astype(int)
    w = rng.integers(1, 3, size=57)  # weights 1 and 2
    weighted = binned_reliability(
        y, p, n_bins=n_bins, strategy="quantile", sample_weight=w.astype(float)
    )
    repeated = binned_reliability(
        np.repeat(y, w), np.repeat(p, w), n_bins=n_bins, strategy="quantile"
    )
    np.testing.assert_allclose(weighted.edges, repeated.edges, **TOL)
    np.testing.assert_allclose(
        weighted.edges,
        np.percentile(np.repeat(p, w), np.linspace(0, 100, n_bins + 1)),
        **TOL,
    )
    np.testing.assert_array_equal(weighted.weight, repeated.weight)
    np.testing.assert_allclose(
        weighted.fraction_positive, repeated.fraction_positive, **TOL
    )
    for norm_, debiased in [("l1", False), ("l2", False), ("max", False), ("l2", True)]:
        assert np.isclose(
            expected_calibration_error(
                y,
                p,
                n_bins=n_bins,
                strategy="quantile",
                norm=norm_,
                debiased=debiased,
                sample_weight=w,
            ),
            expected_calibration_error(
                np.repeat(y, w),
                np.repeat(p, w),
                n_bins=n_bins,
                strategy="quantile",
                norm=norm_,
                debiased=debiased,
            ),
            **TOL,
        )


def test_all_weight_2_is_the_data_twice():
    p, y = _off_edge_data(3, 100)
    for strategy in ("uniform", "quantile"):
        assert np.isclose(
            expected_calibration_error(
                y, p, strategy=strategy, norm="l2", sample_weight=np.full(100, 2.0)
            ),
            expected_calibration_error(
                np.tile(y, 2), np.tile(p, 2), strategy=strategy, norm="l2"
            ),
            **TOL,
        )


# --------------------------------------------------------------------------
# 6. Bands of the reliability diagram
# --------------------------------------------------------------------------


def _calibrated(seed, n, power=1.0, decimals=2):
    rng = np.random.default_rng(seed)
    p = np.round(rng.uniform(0.02, 0.98, size=n), decimals)
    y = (rng.uniform(size=n) < p).astype(int)
    return p**power, y


@pytest.mark.parametrize("band", ["consistency", "confidence"])
def test_band_agrees_with_reliabilitydiag_resampling(band):
    p, y = _calibrated(0, 300, power=1.4)
    n_resamples, level = 2000, 0.9
    got = reliability_diagram(
        y,
        p,
        band=band,
        confidence_level=level,
        n_resamples=n_resamples,
        random_state=1,
    )
    reference = {
        "consistency": R.reliabilitydiag_consistency_band,
        "confidence": R.reliabilitydiag_confidence_band,
    }[band](p, y, n_boot=n_resamples, level=level, seed=2)
    np.testing.assert_array_equal(got.x, reference["x"])
    interior = (got.x > np.quantile(p, 0.1)) & (got.x < np.quantile(p, 0.9))
    assert interior.sum() > 50
    assert np.max(np.abs(got.low - reference["lower"])[interior]) < 0.03
    assert np.max(np.abs(got.high - reference["upper"])[interior]) < 0.03
    assert np.all(got.low <= got.high)
    assert np.all((got.low >= 0) & (got.high <= 1))


def test_consistency_band_of_a_calibrated_model_contains_the_diagonal():
    p, y = _calibrated(4, 500)
    got = reliability_diagram(y, p, n_resamples=500, random_state=0)
    inside = (got.low <= got.x) & (got.x <= got.high)
    assert inside.mean() >= 0.95
    # the band is about the diagonal, not about the fitted curve
    assert np.all(got.low < got.high) or np.mean(got.low < got.high) > 0.9


def test_calibration_test_p_values():
    p, y = _calibrated(5, 500)
    calibrated = reliability_diagram(y, p, n_resamples=500, random_state=0)
    assert calibrated.p_value > 0.05
    miscalibrated = reliability_diagram(y, p**3, n_resamples=500, random_state=0)
    assert miscalibrated.p_value < 0.01
    assert miscalibrated.p_value >= 1 / 501  # (1 + count) / (1 + n_resamples)
    # the reference test agrees on both
    _, reference_calibrated = R.reliabilitydiag_miscalibration_test(p, y, 200, 1)
    _, reference_miscalibrated = R.reliabilitydiag_miscalibration_test(p**3, y, 200, 1)
    assert reference_calibrated > 0.05 and reference_miscalibrated < 0.01
    # the observed MCB is the decomposition's
    assert miscalibrated.decomposition.mcb == miscalibration_score(y, p**3)


def test_confidence_band_has_no_p_value():
    p, y = _calibrated(6, 200)
    got = reliability_diagram(y, p, band="confidence", n_resamples=100, random_state=0)
    assert np.isnan(got.p_value)
    assert got.n_resamples == 100


@pytest.mark.parametrize("band", ["consistency", "confidence"])
def test_same_random_state_same_result(band):
    p, y = _calibrated(7, 200)
    w = np.random.default_rng(0).integers(1, 3, size=200).astype(float)
    first, second = (
        reliability_diagram(
            y, p, band=band, n_resamples=200, random_state=42, sample_weight=w
        )
        for _ in range(2)
    )
    np.testing.assert_array_equal(first.low, second.low)
    np.testing.assert_array_equal(first.high, second.high)
    assert first.p_value == second.p_value or (
        np.isnan(first.p_value) and np.isnan(second.p_value)
    )
    rng = np.random.RandomState(3)
    third = reliability_diagram(
        y, p, band=band, n_resamples=200, random_state=rng, sample_weight=w
    )
    fourth = reliability_diagram(
        y,
        p,
        band=band,
        n_resamples=200,
        random_state=np.random.RandomState(3),
        sample_weight=w,
    )
    np.testing.assert_array_equal(third.low, fourth.low)
    other = reliability_diagram(
        y, p, band=band, n_resamples=200, random_state=43, sample_weight=w
    )
    assert not np.array_equal(first.low, other.low, equal_nan=True)


def test_band_with_weights_2_equals_repeated_rows():
    p, y = _calibrated(8, 150)
    w = np.random.default_rng(1).integers(1, 3, size=150)
    for band in ("consistency", "confidence"):
        weighted = reliability_diagram(
            y, p, band=band, n_resamples=200, random_state=5, sample_weight=w
        )
        repeated = reliability_diagram(
            np.repeat(y, w),
            np.repeat(p, w),
            band=band,
            n_resamples=200,
            random_state=5,
        )
        np.testing.assert_array_equal(weighted.x, repeated.x)
        np.testing.assert_allclose(weighted.cep, repeated.cep, **TOL)
        np.testing.assert_allclose(weighted.low, repeated.low, **TOL)
        np.testing.assert_allclose(weighted.high, repeated.high, **TOL)
        assert weighted.p_value == repeated.p_value or band == "confidence"


def test_band_is_continuous_in_the_prevalence():
    p, y = _calibrated(0, 300)
    share = y.mean()
    own = reliability_diagram(y, p, n_resamples=300, random_state=0, prevalence=share)
    near = reliability_diagram(
        y, p, n_resamples=300, random_state=0, prevalence=share + 1e-4
    )
    width_own = np.nanmean(own.high - own.low)
    width_near = np.nanmean(near.high - near.low)
    assert abs(width_near / width_own - 1) < 0.1
    assert abs(near.p_value - own.p_value) < 0.2


# --------------------------------------------------------------------------
# 7. A deployment ratio (prevalence=)
# --------------------------------------------------------------------------


def _every_metric(y, p, **kwargs):
    q = np.clip(p, 0.01, 0.99)
    decomposition = calibration_decomposition(y, p, **kwargs)
    line = calibration_intercept_slope(y, q, **kwargs)
    curve = binned_reliability(y, p, n_bins=5, strategy="quantile", **kwargs)
    diagram = reliability_diagram(y, p, band=None, **kwargs)
    values = [
        brier_score_loss(y, p, **kwargs),
        brier_score_loss(y, p, stratum="balanced", **kwargs),
        log_loss(y, p, **kwargs),
        log_loss(y, p, stratum="positive", **kwargs),
        decomposition.mcb,
        decomposition.dsc,
        decomposition.unc,
        calibration_decomposition(y, p, score="log_loss", **kwargs).mcb,
        expected_calibration_error(y, p, **kwargs),
        expected_calibration_error(y, p, strategy="quantile", norm="l2", **kwargs),
        expected_calibration_error(y, p, n_bins=5, debiased=True, **kwargs),
        # with prevalence= the line's errors are the sandwich ones (even at the
        # data's own share; test_line_at_ratio.py checks them): estimates only
        line.intercept.estimate,
        line.slope.estimate,
    ]
    return np.concatenate([values, curve.edges, curve.fraction_positive, diagram.cep])


@pytest.mark.parametrize("weighted", [False, True])
def test_prevalence_of_the_data_changes_nothing(weighted):
    p, y, _, w_frac = _data(8, n=300, ties=2)
    w = w_frac if weighted else None
    share = np.average(y, weights=w)
    np.testing.assert_allclose(
        _every_metric(y, p, sample_weight=w, prevalence=share),
        _every_metric(y, p, sample_weight=w),
        rtol=1e-12,
        atol=1e-12,
    )


def _deployment_weights(y, w, share):
    """Weights giving the positives ``share`` of the total, the total kept."""
    positives, negatives = w[y == 1].sum(), w[y == 0].sum()
    total = positives + negatives
    return np.where(
        y == 1, w * share * total / positives, w * (1 - share) * total / negatives
    )


@pytest.mark.parametrize("share", [0.05, 0.3, 0.5, 0.8])
@pytest.mark.parametrize("weighted", [False, True])
def test_prevalence_rescales_the_class_weights(share, weighted):
    p, y, _, w_frac = _data(9, n=300, ties=2)
    w = w_frac if weighted else np.ones(p.size)
    rescaled = _deployment_weights(y, w, share)
    assert np.isclose(
        brier_score_loss(y, p, sample_weight=w if weighted else None, prevalence=share),
        sk_brier(y, p, sample_weight=rescaled),
        **TOL,
    )
    np.testing.assert_allclose(
        _every_metric(y, p, sample_weight=w if weighted else None, prevalence=share),
        _every_metric(y, p, sample_weight=rescaled),
        rtol=1e-9,
        atol=1e-12,
    )


def test_prevalence_as_class_priors():
    p, y, _, _ = _data(10, n=200)
    labels = np.where(y == 1, "yes", "no")
    by_share = brier_score_loss(y, p, prevalence=0.2)
    by_priors = brier_score_loss(
        labels, p, pos_label="yes", prevalence={"yes": 0.2, "no": 0.8}
    )
    assert np.isclose(by_share, by_priors, **TOL)
