"""Public metrics: the papers' worked examples, averaging, zero_division."""

import re
import warnings

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import accuracy_score, f1_score, matthews_corrcoef
from sklearn.metrics import balanced_accuracy_score as sk_balanced_accuracy

import imbascore as ims
from imbascore.cli import _labels_from_counts

ALL_METRICS = [
    ims.sensitivity_score,
    ims.specificity_score,
    ims.dominance_score,
    ims.geometric_mean_score,
    ims.index_balanced_accuracy_score,
    ims.optimized_precision_score,
    ims.ad_area_score,
    ims.balanced_accuracy_score,
    ims.weighted_accuracy_score,
    ims.dprime_score,
    ims.aucz_score,
    ims.normalized_mutual_information_score,
]


def test_explainer_example():
    """TP=5, FN=10, FP=50, TN=10000: accuracy 99.4%, balanced accuracy 66.4%."""
    y_true, y_pred = _labels_from_counts(5, 10, 50, 10000)
    assert round(accuracy_score(y_true, y_pred), 3) == 0.994
    assert round(ims.balanced_accuracy_score(y_true, y_pred), 3) == 0.664
    assert ims.sensitivity_score(y_true, y_pred) == pytest.approx(1 / 3)
    assert ims.specificity_score(y_true, y_pred) == pytest.approx(10000 / 10050)
    # Predicting everything negative: 99.9% accuracy, 50% balanced accuracy.
    y_true, y_pred = _labels_from_counts(0, 15, 0, 10050)
    assert round(accuracy_score(y_true, y_pred), 3) == 0.999
    assert ims.balanced_accuracy_score(y_true, y_pred) == 0.5


def _agent(positives, negatives, tpr=0.9, tnr=0.7):
    tp = round(tpr * positives)
    tn = round(tnr * negatives)
    return _labels_from_counts(tp, positives - tp, negatives - tn, tn)


D_PRIME = norm.ppf(0.9) - norm.ppf(0.3)
RATIOS = [(100, 100), (100, 200), (100, 400), (100, 1000), (400, 100), (1000, 100)]


def test_straube_krell_insensitive_metrics_stay_constant():
    """Fig. 2A: with TPR 0.9 and TNR 0.7 fixed, the class-ratio sweep."""
    constant = {
        "balanced_accuracy": (ims.balanced_accuracy_score, 0.8),
        "weighted_accuracy": (ims.weighted_accuracy_score, 0.8),
        "gmean": (ims.geometric_mean_score, np.sqrt(0.63)),
        "dprime": (ims.dprime_score, D_PRIME),
        "aucz": (ims.aucz_score, norm.cdf(D_PRIME / np.sqrt(2))),
    }
    for name, (metric, expected) in constant.items():
        values = [metric(*_agent(p, n)) for p, n in RATIOS]
        np.testing.assert_allclose(values, expected, atol=1e-12, err_msg=name)


def test_straube_krell_sensitive_metrics_move():
    moving = {
        "accuracy": accuracy_score,
        "f1": f1_score,
        "mcc": matthews_corrcoef,
        "nmi": ims.normalized_mutual_information_score,
    }
    for name, metric in moving.items():
        values = [metric(*_agent(p, n)) for p, n in RATIOS]
        assert np.ptp(values) > 0.05, (name, values)


def test_straube_krell_dprime_is_181_not_081():
    """The paper prints d' = 0.81; Phi^-1(0.9) - Phi^-1(0.3) = 1.81 (we follow this)."""
    d = ims.dprime_score(*_agent(100, 100))
    assert round(d, 2) == 1.81
    assert abs(d - 0.81) > 0.9


def test_straube_krell_guessing_and_constant_agents_at_1_to_4():
    """Fig. 2B: class ratio 1:4 (100 positives, 400 negatives)."""
    guess = _agent(100, 400, tpr=0.5, tnr=0.5)
    assert accuracy_score(*guess) == 0.5
    assert ims.geometric_mean_score(*guess) == 0.5
    assert ims.balanced_accuracy_score(*guess) == 0.5
    assert round(f1_score(*guess), 2) == 0.29
    assert matthews_corrcoef(*guess) == 0.0
    assert ims.aucz_score(*guess) == 0.5
    assert ims.normalized_mutual_information_score(*guess) == pytest.approx(
        0, abs=1e-12
    )

    all_negative = _labels_from_counts(0, 100, 0, 400)
    real = _agent(100, 400)
    assert accuracy_score(*all_negative) == 0.8
    assert accuracy_score(*real) == 0.74
    # Ratio-insensitive metrics see the constant agent as no better than guessing.
    assert ims.balanced_accuracy_score(*all_negative) == 0.5
    assert ims.aucz_score(*all_negative) == 0.5
    assert ims.dprime_score(*all_negative) == 0.0
    assert ims.normalized_mutual_information_score(*all_negative) == 0.0
    assert ims.balanced_accuracy_score(*real) > ims.balanced_accuracy_score(
        *all_negative
    )


@pytest.mark.parametrize("correction", ["macmillan", "loglinear"])
def test_dprime_constant_predictions_score_zero(correction):
    for counts in [(0, 15, 0, 10050), (15, 0, 10050, 0)]:
        y_true, y_pred = _labels_from_counts(*counts)
        assert ims.dprime_score(y_true, y_pred, correction=correction) == 0.0
        assert ims.aucz_score(y_true, y_pred, correction=correction) == 0.5


def test_dprime_perfect_prediction_is_finite_and_corrected():
    y_true, y_pred = _labels_from_counts(10, 0, 0, 10)
    expected = norm.ppf(1 - 1 / 20) - norm.ppf(1 / 20)
    assert ims.dprime_score(y_true, y_pred) == pytest.approx(expected)
    expected = norm.ppf(10.5 / 11) - norm.ppf(0.5 / 11)
    assert ims.dprime_score(y_true, y_pred, correction="loglinear") == pytest.approx(
        expected
    )


def test_binary_values_by_hand():
    y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    tpr, tnr = 0.75, 5 / 6
    assert ims.dominance_score(y_true, y_pred) == pytest.approx(tpr - tnr)
    assert ims.iba_score(y_true, y_pred, alpha=0.5) == pytest.approx(
        (1 + 0.5 * (tpr - tnr)) * tpr * tnr
    )
    assert ims.optimized_precision_score(y_true, y_pred) == pytest.approx(
        0.8 - abs(tnr - tpr) / (tnr + tpr)
    )
    assert ims.ad_area_score(y_true, y_pred) == pytest.approx(
        np.sqrt(tpr * tnr) * (3 + tpr - tnr) / 2
    )
    assert ims.weighted_accuracy_score(y_true, y_pred, weight=0.2) == pytest.approx(
        0.2 * tpr + 0.8 * tnr
    )


def test_pos_label_string_labels():
    y_true = ["no", "yes", "yes", "no", "no"]
    y_pred = ["no", "yes", "no", "no", "yes"]
    assert ims.sensitivity_score(y_true, y_pred, pos_label="yes") == 0.5
    assert ims.sensitivity_score(y_true, y_pred, pos_label="no") == pytest.approx(2 / 3)
    assert ims.dominance_score(y_true, y_pred, pos_label="yes") == pytest.approx(
        -ims.dominance_score(y_true, y_pred, pos_label="no")
    )


def test_average_none_macro_weighted():
    y_true = [0, 0, 0, 1, 1, 2, 2, 2, 2, 2]
    y_pred = [0, 1, 0, 1, 2, 2, 2, 0, 2, 2]
    per_class = ims.geometric_mean_score(y_true, y_pred, average=None)
    assert per_class.shape == (3,)
    # Class 1 against the rest: TPR 1/2, TNR 7/8.
    assert per_class[1] == pytest.approx(np.sqrt(0.5 * 7 / 8))
    assert ims.geometric_mean_score(y_true, y_pred, average="macro") == pytest.approx(
        per_class.mean()
    )
    assert ims.geometric_mean_score(
        y_true, y_pred, average="weighted"
    ) == pytest.approx(np.average(per_class, weights=[3, 2, 5]))
    reordered = ims.geometric_mean_score(y_true, y_pred, average=None, labels=[2, 0])
    np.testing.assert_allclose(reordered, per_class[[2, 0]])


def test_multiclass_averages():
    y_true = [0, 0, 0, 1, 1, 2, 2, 2, 2, 2]
    y_pred = [0, 1, 0, 1, 2, 2, 2, 0, 2, 2]
    recalls = np.array([2 / 3, 1 / 2, 4 / 5])
    assert ims.geometric_mean_score(
        y_true, y_pred, average="multiclass"
    ) == pytest.approx(np.prod(recalls) ** (1 / 3))
    assert ims.balanced_accuracy_score(
        y_true, y_pred, average="multiclass"
    ) == pytest.approx(recalls.mean())
    assert (
        0
        < ims.normalized_mutual_information_score(y_true, y_pred, average="multiclass")
        < 1
    )


def test_many_classes_use_sparse_table():
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 400, 5000).astype(str)
    y_pred = np.where(
        rng.random(5000) < 0.7, y_true, rng.integers(0, 400, 5000).astype(str)
    )
    from sklearn.metrics import balanced_accuracy_score, recall_score

    assert ims.balanced_accuracy_score(
        y_true, y_pred, average="multiclass"
    ) == pytest.approx(balanced_accuracy_score(y_true, y_pred))
    labels = np.unique(y_true)
    np.testing.assert_allclose(
        ims.sensitivity_score(y_true, y_pred, average=None, labels=labels),
        recall_score(y_true, y_pred, average=None, labels=labels),
    )
    nmi = ims.normalized_mutual_information_score(y_true, y_pred, average="multiclass")
    assert 0.5 < nmi < 1


def test_wide_integer_range_is_compressed():
    y_true = np.array([0, 10**6, 10**6, 5, 5])
    y_pred = np.array([0, 10**6, 5, 5, 5])
    np.testing.assert_allclose(
        ims.sensitivity_score(y_true, y_pred, average=None), [1.0, 1.0, 0.5]
    )


@pytest.mark.parametrize("metric", ALL_METRICS, ids=lambda m: m.__name__)
def test_zero_division_no_positive_samples(metric):
    y_true, y_pred = [0, 0, 0], [0, 1, 0]
    if metric is ims.specificity_score:
        y_true, y_pred = [1, 1, 1], [0, 1, 1]
    with pytest.warns(UndefinedMetricWarning, match="ill-defined"):
        assert metric(y_true, y_pred) == 0.0
    assert metric(y_true, y_pred, zero_division=1.0) == 1.0
    assert np.isnan(metric(y_true, y_pred, zero_division=np.nan))


def test_zero_division_nan_is_left_out_of_the_average():
    y_true, y_pred = [0, 0, 1, 1], [0, 1, 1, 2]
    per_class = ims.sensitivity_score(
        y_true, y_pred, average=None, zero_division=np.nan
    )
    assert np.isnan(per_class[2])
    assert ims.sensitivity_score(
        y_true, y_pred, average="macro", zero_division=np.nan
    ) == pytest.approx(np.nanmean(per_class))


def test_pos_label_absent_with_one_other_class_means_no_positives():
    with pytest.warns(UndefinedMetricWarning):
        assert ims.sensitivity_score([0, 0], [0, 0]) == 0.0
    assert ims.specificity_score([0, 0], [0, 0]) == 1.0


def test_pos_label_ignored_warning_outside_binary():
    with pytest.warns(UserWarning, match="pos_label='b' is ignored"):
        ims.sensitivity_score(["a", "b"], ["a", "b"], pos_label="b", average="macro")


def test_all_zero_weights_are_undefined_not_a_number():
    with pytest.warns(UndefinedMetricWarning):
        assert ims.iba_score([0, 1], [0, 1], sample_weight=[0, 0]) == 0.0


def test_fractional_weights_give_exact_zero_negatives():
    """Rounding in weighted sums must not turn an undefined TNR into a number."""
    y = [1, 1, 1]
    with pytest.warns(UndefinedMetricWarning):
        value = ims.specificity_score(y, [1, 0, 1], sample_weight=[0.1, 0.2, 0.7])
    assert value == 0.0


@pytest.mark.parametrize("metric", ALL_METRICS, ids=lambda m: m.__name__)
def test_docstring_documents_each_parameter_once_in_order(metric):
    """The shared parameter blocks are inserted at the right indentation."""
    import inspect

    doc = inspect.cleandoc(metric.__doc__)
    assert "{" + "common}" not in doc and "{" + "correction}" not in doc
    section = doc.split("Parameters\n----------")[1].split("Returns\n-------")[0]
    documented = re.findall(r"^(\w+) : ", section, flags=re.MULTILINE)
    assert documented == list(inspect.signature(metric).parameters)


# ---------------------------------------------------------------------------
# Wrong numbers that used to come back silently (one test per root cause).


def _quiet(metric, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return metric(*args, **kwargs)


@pytest.mark.parametrize("weights", [[0.1] * 4, [0.4] * 4, [3.0] * 4, [0.2, 0.2, 5, 5]])
@pytest.mark.parametrize("metric", [ims.dprime_score, ims.aucz_score])
def test_d_prime_of_a_perfect_prediction_does_not_depend_on_weight_scale(
    metric, weights
):
    # The correction clipped with the weighted class size: NaN below a size of
    # 1, 0.0 at 0.8. Effective sizes make the value that of the unweighted data.
    y = [1, 1, 0, 0]
    assert metric(y, y, sample_weight=weights) == pytest.approx(metric(y, y), 1e-12)


@pytest.mark.parametrize("scale", [1e-305, 1e-160, 1e160, 1e300])
@pytest.mark.parametrize("n_classes", [2, 40, 300])  # direct, total-minus, sparse
def test_d_prime_effective_trials_survive_tiny_and_huge_weights(scale, n_classes):
    # Squared weights under- or overflowed: 1e-300 gave NaN, 1e300 NaN too.
    rng = np.random.default_rng(0)
    y_true = np.arange(20 * n_classes) % n_classes
    y_pred = np.where(rng.random(y_true.size) < 0.8, y_true, 0)
    weights = rng.uniform(0.5, 2.0, y_true.size)
    kwargs = dict(average="macro", correction="loglinear", labels=[0, 1])
    expected = ims.dprime_score(y_true, y_pred, sample_weight=weights, **kwargs)
    scaled = ims.dprime_score(y_true, y_pred, sample_weight=weights * scale, **kwargs)
    assert np.isfinite(expected)
    assert scaled == pytest.approx(expected, rel=1e-9)


def test_d_prime_counts_a_class_of_tiny_weights_beside_large_ones():
    # One positive of weight 1e-313 beside a negative of weight 1: one trial
    # each (as without weights), not 0/0 = NaN trials.
    y = [0, 0, 1]
    assert ims.dprime_score(y, y, sample_weight=[0.0, 1.0, 1e-313]) == (
        ims.dprime_score([0, 1], [0, 1])
    )


def test_d_prime_leaves_rates_that_are_not_extreme_alone():
    value = ims.dprime_score(
        [1, 1, 0, 0], [1, 0, 0, 1], sample_weight=[0.2, 0.6, 0.4, 0.4]
    )
    assert value == pytest.approx(norm.ppf(0.25) - norm.ppf(0.5), abs=1e-12)


@pytest.mark.parametrize("correction", ["macmillan", "loglinear"])
@pytest.mark.parametrize(
    "y_true, y_pred",
    [
        ([0, 0, 0, 0, 0, 0, 1, 1], [0] * 8),  # constant
        ([0, 0, 0, 0, 0, 0, 1, 1], [1] * 8),  # constant
        ([0, 0, 0, 0, 0, 0, 1, 1], [1, 1, 0, 0, 1, 1, 1, 0]),  # TPR = FPR = 1/4
        ([0, 0, 0, 0, 1, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1, 1]),  # TPR = FPR = 1/7
    ],
)
def test_chance_diagonal_has_d_prime_zero_under_fractional_weights(
    correction, y_true, y_pred
):
    # TP * N == FP * P compared floats exactly: 0.1 + 0.2 != 0.3 moved these
    # points off the diagonal, and loglinear then gave d' = -0.28 or 0.27.
    weights = [0.4, 0.1, 0.3, 0.3, 0.6, 0.7, 0.3, 0.1]
    value = ims.dprime_score(
        y_true, y_pred, correction=correction, sample_weight=weights
    )
    assert value == 0.0


def test_weighted_counts_leave_no_rounding_residue():
    # TN was negatives - FP: ~3e-17 where nothing was counted, so OP jumped to -1.
    weights = [0.2, 0.1]
    assert ims.optimized_precision_score([1, 0], [0, 1], sample_weight=weights) == 0.0
    assert _quiet(ims.geometric_mean_score, [1, 0], [0, 1], sample_weight=weights) == 0
    report = _quiet(
        ims.imbalanced_report, [1, 0], [0, 1], sample_weight=weights, output_dict=True
    )
    counts = report["classes"]["1"]
    assert (counts["tp"], counts["tn"]) == (0.0, 0.0)


def test_counts_of_many_classes_are_exactly_zero_where_no_cell_is():
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 5, 200)
    y_pred = np.where(y_true == 4, 4, rng.integers(0, 4, 200))  # class 4 perfect
    weights = rng.random(200) / 7
    assert (
        ims.sensitivity_score(
            y_true, y_pred, labels=[4], average=None, sample_weight=weights
        )[0]
        == 1.0
    )
    assert (
        ims.specificity_score(
            y_true, y_pred, labels=[4], average=None, sample_weight=weights
        )[0]
        == 1.0
    )


def test_multiclass_leaves_out_classes_whose_samples_all_weigh_zero():
    args = ([0, 0, 1, 1, 2], [0, 1, 1, 1, 0])
    weights = [1, 1, 1, 1, 0]
    with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
        expected = sk_balanced_accuracy(*args, sample_weight=weights)
    for metric in (ims.balanced_accuracy_score, ims.geometric_mean_score):
        with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
            value = metric(*args, average="multiclass", sample_weight=weights)
        kept = metric([0, 0, 1, 1], [0, 1, 1, 1], average="multiclass")
        assert value == pytest.approx(kept, abs=1e-15)
    assert expected == pytest.approx(0.75)


def test_multiclass_gmean_warns_for_a_class_only_predicted_and_offers_zero_recall():
    y_true, y_pred = [0, 0, 1, 1], [0, 2, 1, 0]
    with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
        value = ims.geometric_mean_score(y_true, y_pred, average="multiclass")
    assert value == pytest.approx(0.5)
    missed = ([0, 0, 1, 1, 2], [0, 0, 1, 0, 1])  # class 2 never recognised
    assert ims.geometric_mean_score(*missed, average="multiclass") == 0.0
    corrected = ims.geometric_mean_score(
        *missed, average="multiclass", zero_recall=0.01
    )
    assert corrected == pytest.approx((1 * 0.5 * 0.01) ** (1 / 3))
    with pytest.raises(ValueError, match="'zero_recall' parameter .* multiclass"):
        ims.geometric_mean_score(*missed, average="macro", zero_recall=0.01)


def test_labels_keep_their_types():
    # "1" is not the class 1: a label of another type is refused (issue 26),
    # where scikit-learn's recall_score scores it as an absent class.
    for labels in ([1, "x"], ["1"]):
        with pytest.raises(TypeError, match="'labels'.*numeric"):
            ims.sensitivity_score([0, 1, 1], [0, 1, 0], labels=labels, average=None)
    values = ims.sensitivity_score([0, 1, 1], [0, 1, 0], labels=[1.0], average=None)
    np.testing.assert_array_equal(values, [0.5])


def test_uint64_beside_int64_keeps_distinct_labels():
    big = np.array([2**63 + 2, 2**63 + 4, 2**63 + 2], dtype=np.uint64)
    other = np.array([2**63 + 2, 2**63 + 2, 2**63 + 2], dtype=np.uint64)
    y_pred = np.array([5, 6, 5], dtype=np.int64)
    values = _quiet(ims.sensitivity_score, big, y_pred, average=None)
    assert values.shape == (4,)  # 5, 6 and the two large labels
    np.testing.assert_array_equal(
        ims.sensitivity_score(big, other, average=None), [1.0, 0.0]
    )
    # int64 beside float64 above 2**53: 2**53 + 1 is not the float 2**53
    values = _quiet(
        ims.sensitivity_score,
        np.array([2**53 + 1, 2**53 + 1, 5]),
        np.array([2.0**53, 2.0**53, 5.0]),
        average=None,
    )
    assert values.shape == (3,)
    small = np.array([1, 2, 1], dtype=np.uint64)
    report = _quiet(ims.imbalanced_report, small, np.array([1, 2, 2]), output_dict=True)
    assert list(report["classes"]) == ["1", "2"]  # integers, not "1.0"


def test_multiclass_nmi_honours_labels_like_balanced_accuracy():
    y_true = [0, 0, 1, 1, 2, 2]
    y_pred = [0, 0, 1, 1, 0, 1]
    full = ims.normalized_mutual_information_score(y_true, y_pred, average="multiclass")
    rows = ims.normalized_mutual_information_score(
        y_true, y_pred, average="multiclass", labels=[0, 1]
    )
    assert rows == 1.0  # on the rows of 0 and 1, the prediction is perfect
    assert full < 1.0
    assert (
        ims.balanced_accuracy_score(y_true, y_pred, average="multiclass", labels=[0, 1])
        == 1.0
    )


def test_d_prime_reads_rates_near_one_off_their_complement():
    # FPR = 1 / (1 + 1e-15) is 1 - 1e-15 to 11% in floating point, so
    # Phi^-1(FPR) wandered with the scale of the weights (7.941 or 7.928).
    y_true = [0, 0, 1, 1]
    y_pred = [1, 0, 1, 0]
    weights = np.array([1.0, 1e-15, 1.0, 1.0])
    tnr = 1e-15 / (1.0 + 1e-15)
    expected = norm.ppf(0.5) + norm.ppf(tnr)  # Phi^-1(FPR) = -Phi^-1(TNR)
    for scale in (1.0, 3.0, 1e-3, 7.7):
        value = ims.dprime_score(y_true, y_pred, sample_weight=weights * scale)
        assert value == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize(
    "name, function",
    [
        ("iba_score", ims.iba_score),
        ("index_balanced_accuracy_score", ims.index_balanced_accuracy_score),
    ],
)
def test_iba_errors_name_the_function_called(name, function):
    with pytest.raises(ValueError, match=f"^The 'alpha' parameter of {name} must"):
        function([0, 1, 1], [0, 1, 0], alpha=2)
    with pytest.raises(ValueError, match=f"'average' parameter of {name} must"):
        function([0, 1, 1], [0, 1, 0], average="mean")
    assert function.__name__ == name
    y_true, y_pred = [0, 1, 0, 1, 1], [0, 1, 1, 1, 0]
    assert ims.iba_score(y_true, y_pred, alpha=0.3, average="macro") == (
        ims.index_balanced_accuracy_score(y_true, y_pred, alpha=0.3, average="macro")
    )
