"""Laws every metric obeys, checked on generated data (hypothesis)."""

import pickle
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import precision_score

import imbascore as ims

RANGES = {
    ims.sensitivity_score: (0, 1),
    ims.specificity_score: (0, 1),
    ims.dominance_score: (-1, 1),
    ims.geometric_mean_score: (0, 1),
    ims.index_balanced_accuracy_score: (0, 1),
    ims.optimized_precision_score: (-1, 1),
    ims.ad_area_score: (0, 1.5),
    ims.balanced_accuracy_score: (0, 1),
    ims.weighted_accuracy_score: (0, 1),
    ims.dprime_score: (-np.inf, np.inf),
    ims.aucz_score: (0, 1),
    ims.normalized_mutual_information_score: (0, 1),
    ims.false_positive_rate_score: (0, 1),
    ims.false_negative_rate_score: (0, 1),
    ims.negative_predictive_value_score: (0, 1),
    ims.informedness_score: (-1, 1),
    ims.markedness_score: (-1, 1),
    ims.positive_likelihood_ratio_score: (0, np.inf),
    ims.negative_likelihood_ratio_score: (0, np.inf),
}
METRICS = list(RANGES)
#: NaN where undefined under zero_division="warn" (as scikit-learn's
#: class_likelihood_ratios); the laws are checked with 0.0 for them, the value
#: "warn" gives the other metrics.
NAN_WHEN_UNDEFINED = (
    ims.positive_likelihood_ratio_score,
    ims.negative_likelihood_ratio_score,
)


@st.composite
def binary_problems(draw, min_size=1, max_size=60):
    n = draw(st.integers(min_size, max_size))
    y_true = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y_pred = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    return y_true, y_pred


def _quiet(metric, *args, **kwargs):
    if metric in NAN_WHEN_UNDEFINED:
        kwargs.setdefault("zero_division", 0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return metric(*args, **kwargs)


@settings(max_examples=150, deadline=None)
@given(binary_problems(), st.floats(0, 1), st.floats(0, 1))
def test_every_metric_stays_in_its_range(problem, alpha, weight):
    y_true, y_pred = problem
    for metric, (low, high) in RANGES.items():
        kwargs = {}
        if metric is ims.index_balanced_accuracy_score:
            kwargs["alpha"] = alpha
        if metric is ims.weighted_accuracy_score:
            kwargs["weight"] = weight
        value = _quiet(metric, y_true, y_pred, **kwargs)
        assert low <= value <= high, (metric.__name__, value)
        assert np.isfinite(value)


@settings(max_examples=100, deadline=None)
@given(binary_problems())
def test_iba_alpha_zero_is_gmean_squared(problem):
    y_true, y_pred = problem
    iba = _quiet(ims.iba_score, y_true, y_pred, alpha=0.0)
    gmean = _quiet(ims.geometric_mean_score, y_true, y_pred)
    assert iba == pytest.approx(gmean**2, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(binary_problems())
def test_swapping_classes_negates_dominance(problem):
    y_true, y_pred = problem
    swapped = _quiet(ims.dominance_score, 1 - y_true, 1 - y_pred)
    assert swapped == pytest.approx(-_quiet(ims.dominance_score, y_true, y_pred))


@settings(max_examples=100, deadline=None)
@given(binary_problems())
def test_swapping_classes_exchanges_the_error_rates_and_likelihood_ratios(problem):
    y_true, y_pred = problem
    swapped = 1 - y_true, 1 - y_pred

    def value(metric, *data):
        return _quiet(metric, *data, zero_division=np.nan)

    fpr, fnr = ims.false_positive_rate_score, ims.false_negative_rate_score
    assert _same(value(fpr, *swapped), value(fnr, y_true, y_pred))
    assert _same(value(fnr, *swapped), value(fpr, y_true, y_pred))
    # The NPV of the swapped classes is the precision of the positive class.
    precision = precision_score(y_true, y_pred, zero_division=np.nan)
    assert _same(value(ims.negative_predictive_value_score, *swapped), precision)
    for symmetric in (ims.informedness_score, ims.markedness_score):
        assert _same(value(symmetric, *swapped), value(symmetric, y_true, y_pred))
    # LR+ of the swapped classes is TNR / FNR = 1 / LR-.
    lr_plus = value(ims.positive_likelihood_ratio_score, *swapped)
    lr_minus = value(ims.negative_likelihood_ratio_score, y_true, y_pred)
    if lr_minus > 0 and np.isfinite(lr_plus):
        assert lr_plus * lr_minus == pytest.approx(1.0, rel=1e-12)


def _same(a, b):
    return bool(np.allclose(a, b, rtol=1e-12, atol=1e-12, equal_nan=True))


@settings(max_examples=100, deadline=None)
@given(binary_problems(max_size=30), st.data())
def test_weight_k_equals_repeating_the_row_k_times(problem, data):
    y_true, y_pred = problem
    weights = np.array(
        data.draw(
            st.lists(st.integers(0, 4), min_size=len(y_true), max_size=len(y_true))
        )
    )
    for metric in METRICS:
        weighted = _quiet(metric, y_true, y_pred, sample_weight=weights)
        if weights.sum() == 0:
            continue
        y_true_repeated = np.repeat(y_true, weights)
        y_pred_repeated = np.repeat(y_pred, weights)
        if metric in CORRECTED and _has_extreme_rate(y_true_repeated, y_pred_repeated):
            # The extreme-rate correction counts effective trials, (sum w)^2 /
            # sum(w^2), not summed weights: documented in dprime_score.
            continue
        repeated = _quiet(metric, y_true_repeated, y_pred_repeated)
        assert weighted == pytest.approx(repeated, abs=1e-12), metric.__name__


CORRECTED = (ims.dprime_score, ims.aucz_score)


def _has_extreme_rate(y_true, y_pred):
    tpr = _quiet(ims.sensitivity_score, y_true, y_pred)
    tnr = _quiet(ims.specificity_score, y_true, y_pred)
    return tpr in (0.0, 1.0) or tnr in (0.0, 1.0)


@settings(max_examples=100, deadline=None)
@given(
    binary_problems(max_size=30),
    st.data(),
    st.floats(1e-3, 1e3),
    st.sampled_from(["macmillan", "loglinear"]),
)
def test_scaling_every_weight_changes_nothing(problem, data, scale, correction):
    y_true, y_pred = problem
    weights = np.array(
        data.draw(
            st.lists(
                # Subnormal weights are left out: scaling them rounds them
                # (5e-324 * 0.5 is 0), so the data themselves change.
                st.one_of(st.just(0.0), st.floats(1e-300, 5.0)),
                min_size=len(y_true),
                max_size=len(y_true),
            )
        )
    )
    for metric in METRICS:
        kwargs = {"correction": correction} if metric in CORRECTED else {}
        scaled = _quiet(metric, y_true, y_pred, sample_weight=weights * scale, **kwargs)
        plain = _quiet(metric, y_true, y_pred, sample_weight=weights, **kwargs)
        assert scaled == pytest.approx(plain, rel=1e-9, abs=1e-12), metric.__name__


@settings(max_examples=100, deadline=None)
@given(binary_problems(max_size=30), st.data())
def test_uniform_weights_within_a_class_leave_the_rates_and_d_prime(problem, data):
    # A class weighted uniformly (class_weight="balanced") keeps its rates, so
    # no metric of the rates may move: d' and AUCz included.
    y_true, y_pred = problem
    w_pos, w_neg = data.draw(st.floats(0.01, 50)), data.draw(st.floats(0.01, 50))
    weights = np.where(y_true == 1, w_pos, w_neg)
    # Optimized precision, nMI and the predictive values (NPV, markedness)
    # depend on the class ratio, which moves; the metrics of the two rates
    # (informedness, LR+, LR- included) must not.
    ratio_dependent = (
        ims.optimized_precision_score,
        ims.normalized_mutual_information_score,
        ims.negative_predictive_value_score,
        ims.markedness_score,
    )
    for metric in [m for m in METRICS if m not in ratio_dependent]:
        weighted = _quiet(metric, y_true, y_pred, sample_weight=weights)
        plain = _quiet(metric, y_true, y_pred)
        assert weighted == pytest.approx(plain, rel=1e-9, abs=1e-12), metric.__name__


@settings(max_examples=100, deadline=None)
@given(binary_problems(), st.randoms(use_true_random=False))
def test_sample_order_does_not_matter(problem, random):
    y_true, y_pred = problem
    order = list(range(len(y_true)))
    random.shuffle(order)
    for metric in METRICS:
        assert _quiet(metric, y_true[order], y_pred[order]) == pytest.approx(
            _quiet(metric, y_true, y_pred), abs=1e-12
        ), metric.__name__


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda k: st.tuples(
            st.lists(st.integers(0, k - 1), min_size=k, max_size=50),
            st.lists(st.integers(0, k - 1), min_size=50, max_size=50),
        )
    )
)
def test_string_labels_and_their_codes_agree(lists):
    y_true = np.array(lists[0])
    y_pred = np.array(lists[1][: len(y_true)])
    names = np.array(["ant", "bee", "cat", "dog"])
    for metric in METRICS:
        for average in ("macro", "weighted", None):
            codes = _quiet(metric, y_true, y_pred, average=average)
            strings = _quiet(metric, names[y_true], names[y_pred], average=average)
            np.testing.assert_allclose(strings, codes, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(binary_problems(min_size=2))
def test_pandas_and_lists_agree_with_numpy(problem):
    y_true, y_pred = problem
    names = np.array(["neg", "pos"])
    variants = [
        (list(y_true), list(y_pred)),
        (pd.Series(y_true), pd.Series(y_pred)),
        (pd.Series(y_true, dtype="Int64"), pd.Series(y_pred, dtype="Int64")),
        (pd.Series(y_true, dtype="category"), pd.Series(y_pred, dtype="category")),
        (pd.Series(y_true.astype(bool), dtype="boolean"), y_pred.astype(bool)),
    ]
    for metric in METRICS:
        expected = _quiet(metric, y_true, y_pred)
        for a, b in variants:
            assert _quiet(metric, a, b) == pytest.approx(expected, abs=1e-12)
        as_strings = _quiet(
            metric,
            pd.Series(names[y_true], dtype="category"),
            pd.Series(names[y_pred], dtype="string"),
            pos_label="pos",
        )
        assert as_strings == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("metric", METRICS, ids=lambda m: m.__name__)
def test_metrics_pickle(metric):
    restored = pickle.loads(pickle.dumps(metric))
    y_true, y_pred = [0, 1, 1, 0, 0], [0, 1, 0, 1, 0]  # every metric defined
    assert restored(y_true, y_pred) == metric(y_true, y_pred)


def test_large_label_values_and_negative_labels():
    y_true = np.array([-5, 7, 7, -5, 7], dtype=np.int8)
    y_pred = np.array([-5, 7, -5, -5, 7], dtype=np.int64)
    assert ims.sensitivity_score(y_true, y_pred, pos_label=7) == pytest.approx(2 / 3)
    big = np.array([2**62, 2**62 + 1, 2**62 + 1], dtype=np.int64)
    assert ims.sensitivity_score(big, big, pos_label=2**62 + 1) == 1.0


def test_wide_range_of_small_integer_dtype_does_not_overflow():
    y_true = np.array([-30000, 30000, 30000, 0], dtype=np.int16)
    y_pred = np.array([-30000, 30000, 0, 0], dtype=np.int16)
    np.testing.assert_allclose(
        ims.sensitivity_score(y_true, y_pred, average=None), [1.0, 1.0, 0.5]
    )
    huge = np.array([2**64 - 1, 2**63, 2**63], dtype=np.uint64)
    assert ims.sensitivity_score(huge, huge, pos_label=2**63) == 1.0
