"""Intervals: each method against an independent computation."""

import numpy as np
import pytest
from scipy import stats

import imbascore as ims
from imbascore._inference.intervals import metric_interval

# 10 positives (7 found), 90 negatives (81 kept): TPR 0.7, TNR 0.9.
Y_TRUE = np.array([1] * 10 + [0] * 90)
Y_PRED = np.array([1] * 7 + [0] * 3 + [1] * 9 + [0] * 81)


def _beta_draws(n, seed=1):
    rng = np.random.default_rng(seed)
    return rng.beta(8, 4, n), rng.beta(82, 10, n)  # Beta(1+TP, 1+FN), Beta(1+TN, 1+FP)


def test_exact_balanced_accuracy_posterior_is_the_mean_of_two_betas():
    tpr, tnr = _beta_draws(2_000_000)
    expected = np.quantile((tpr + tnr) / 2, [0.025, 0.975])
    result = metric_interval(Y_TRUE, Y_PRED, "balanced_accuracy")
    assert result.n_resamples is None  # exact, not sampled
    assert result.estimate == pytest.approx(0.8)
    np.testing.assert_allclose([result.low, result.high], expected, atol=1.5e-3)
    # binary and multiclass readings of the name agree on two classes
    binary = metric_interval(Y_TRUE, Y_PRED, "balanced_accuracy", average="binary")
    assert (binary.low, binary.high) == pytest.approx(
        (result.low, result.high), abs=1e-9
    )


@pytest.mark.parametrize(
    "metric, formula",
    [
        ("gmean", lambda tpr, tnr: np.sqrt(tpr * tnr)),
        ("dominance", lambda tpr, tnr: tpr - tnr),
        (
            "iba",
            lambda tpr, tnr: (1 + 0.1 * (tpr - tnr)) * tpr * tnr,
        ),
        (
            "dprime",
            lambda tpr, tnr: stats.norm.ppf(tpr) - stats.norm.ppf(1 - tnr),
        ),
    ],
)
def test_posterior_of_rate_metrics_is_their_law_under_two_betas(metric, formula):
    tpr, tnr = _beta_draws(400_000)
    expected = np.quantile(formula(tpr, tnr), [0.025, 0.975])
    result = metric_interval(
        Y_TRUE, Y_PRED, metric, n_resamples=200_000, random_state=0
    )
    scale = abs(expected[1] - expected[0])
    np.testing.assert_allclose([result.low, result.high], expected, atol=0.01 * scale)


def test_posterior_of_single_rates_is_the_beta_quantiles():
    for metric, parameters in (("sensitivity", (8, 4)), ("specificity", (82, 10))):
        result = metric_interval(Y_TRUE, Y_PRED, metric)
        np.testing.assert_allclose(
            [result.low, result.high],
            stats.beta.ppf([0.025, 0.975], *parameters),
            rtol=1e-10,
        )


@pytest.mark.parametrize(
    "method, scipy_method", [("wilson", "wilson"), ("clopper-pearson", "exact")]
)
@pytest.mark.parametrize(
    "metric, k, n", [("sensitivity", 7, 10), ("specificity", 81, 90)]
)
def test_closed_form_rate_intervals_equal_scipy(method, scipy_method, metric, k, n):
    result = metric_interval(
        Y_TRUE, Y_PRED, metric, method=method, confidence_level=0.9
    )
    ci = stats.binomtest(k, n).proportion_ci(0.9, method=scipy_method)
    assert (result.low, result.high) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_clopper_pearson_at_the_edges():
    result = metric_interval(
        [1, 1, 1, 0], [1, 1, 1, 0], "sensitivity", method="clopper-pearson"
    )
    assert result.high == 1.0
    assert result.low == pytest.approx(stats.binomtest(3, 3).proportion_ci().low)


def test_bootstrap_of_the_table_resamples_the_samples():
    # Resampling the count table is resampling the samples: the percentile
    # interval of accuracy equals that of resampled labels.
    rng = np.random.default_rng(5)
    index = rng.integers(0, len(Y_TRUE), (40_000, len(Y_TRUE)))
    accuracies = (Y_TRUE[index] == Y_PRED[index]).mean(axis=1)
    expected = np.quantile(accuracies, [0.025, 0.975])
    result = metric_interval(
        Y_TRUE,
        Y_PRED,
        "accuracy",
        method="bootstrap",
        n_resamples=40_000,
        random_state=1,
    )
    np.testing.assert_allclose([result.low, result.high], expected, atol=0.011)


def test_bca_agrees_with_scipy_bootstrap_bca():
    def accuracy(t, p):
        return np.mean(t == p)

    scipy_result = stats.bootstrap(
        (Y_TRUE, Y_PRED),
        accuracy,
        paired=True,
        vectorized=False,
        n_resamples=20_000,
        method="BCa",
        random_state=0,
    ).confidence_interval
    ours = metric_interval(
        Y_TRUE,
        Y_PRED,
        "accuracy",
        method="bootstrap-bca",
        n_resamples=20_000,
        random_state=0,
    )
    np.testing.assert_allclose(
        [ours.low, ours.high], [scipy_result.low, scipy_result.high], atol=0.011
    )


@pytest.mark.parametrize("method", ["posterior", "bootstrap", "bootstrap-bca"])
def test_uniform_weights_give_the_unweighted_interval(method):
    plain = metric_interval(Y_TRUE, Y_PRED, "gmean", method=method, random_state=3)
    weighted = metric_interval(
        Y_TRUE,
        Y_PRED,
        "gmean",
        method=method,
        random_state=3,
        sample_weight=np.full(len(Y_TRUE), 2.5),
    )
    assert (weighted.low, weighted.high) == pytest.approx(
        (plain.low, plain.high), rel=1e-9
    )


def test_estimate_is_the_metric_and_lies_in_every_interval():
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 3, 300)
    y_pred = np.where(rng.random(300) < 0.7, y_true, rng.integers(0, 3, 300))
    for metric, params in (
        ("gmean", {"average": "multiclass"}),
        ("iba", {"average": "macro"}),
        ("balanced_accuracy", {}),
        ("nmi", {"average": "weighted"}),
        ("f1_macro", {}),
        ("matthews_corrcoef", {}),
        ("sensitivity", {"average": "micro"}),
    ):
        for method in ("posterior", "bootstrap", "bootstrap-bca"):
            result = metric_interval(
                y_true,
                y_pred,
                metric,
                method=method,
                n_resamples=2000,
                random_state=0,
                **params,
            )
            assert result.estimate == ims.confusion_counts(y_true, y_pred).score(
                metric, **params
            )
            assert result.low <= result.high
            assert result.low - 0.02 <= result.estimate <= result.high + 0.02, (
                metric,
                method,
            )


@pytest.mark.parametrize(
    "metric", ["gmean", "iba", "ad_area", "sensitivity", "balanced_accuracy"]
)
@pytest.mark.parametrize("found", [0, 10])
def test_posterior_reaches_a_rate_observed_at_the_boundary(metric, found):
    # No positive found (TPR 0) or all found with no false alarm (TPR = TNR =
    # 1): the posterior's mass lies strictly inside, so its equal-tailed
    # interval excluded the observed value (a study's SVM that never predicts
    # the minority class was marked as disagreeing with the paper's 0.00).
    y_true = [1] * 10 + [0] * 90
    y_pred = [1] * found + [0] * (10 - found) + [0] * 90
    result = metric_interval(y_true, y_pred, metric, random_state=0)
    assert result.low <= result.estimate <= result.high
    assert result.low < result.high
    if not (metric == "balanced_accuracy" and found == 0):  # 0.5: inside
        assert result.estimate in (result.low, result.high)


def test_repr_says_when_a_bound_is_the_widened_estimate():
    # Ten classes of 45 samples, 43 right each: every recall is 0.956, but the
    # uniform prior on each 10-cell row pulls it to about (43 + 1) / (45 + 10):
    # the equal-tailed interval of the multiclass G-mean lies below the
    # estimate (issue 42: 0.9692 [0.9107, 0.9692] on digits).
    y_true = np.repeat(np.arange(10), 45)
    y_pred = y_true.copy()
    y_pred[::45] = (y_pred[::45] + 1) % 10
    y_pred[1::45] = (y_pred[1::45] + 2) % 10
    result = metric_interval(
        y_true, y_pred, "gmean", average="multiclass", random_state=0
    )
    assert result.high == result.estimate
    assert result.note.startswith("high is the estimate: the equal-tailed interval [")
    assert "lay below it, so it was widened to reach it" in result.note
    assert "toward 1/k for k classes" in result.note
    assert repr(result).endswith(f"confidence_level=0.95, note={result.note!r})")
    inside = metric_interval(Y_TRUE, Y_PRED, "iba", random_state=7)
    assert inside.note is None and "note" not in repr(inside)
    nothing_found = metric_interval([1] * 10 + [0] * 90, [0] * 100, "gmean")
    assert nothing_found.low == nothing_found.estimate == 0
    assert nothing_found.note.startswith("low is the estimate:")
    per_class = metric_interval(
        [0, 0, 1, 1, 2, 2, 2],
        [0, 1, 1, 1, 2, 0, 2],
        "gmean",
        average=None,
        random_state=0,
    )
    assert per_class.note.startswith("high at positions [1] is the estimate")


def test_average_none_gives_one_interval_per_label():
    result = metric_interval(
        [0, 0, 1, 1, 2, 2, 2],
        [0, 1, 1, 1, 2, 0, 2],
        "sensitivity",
        average=None,
        method="wilson",
    )
    assert result.low.shape == result.high.shape == (3,)
    sampled = metric_interval(
        [0, 0, 1, 1, 2, 2, 2],
        [0, 1, 1, 1, 2, 0, 2],
        "gmean",
        average=None,
        random_state=0,
    )
    assert sampled.low.shape == (3,)


def test_same_seed_same_interval_and_readable_repr():
    first = metric_interval(Y_TRUE, Y_PRED, "iba", random_state=7)
    assert first == metric_interval(Y_TRUE, Y_PRED, "iba", random_state=7)
    assert repr(first).startswith("MetricInterval(metric='iba', estimate=0.6174, low=")
    assert "method='posterior', confidence_level=0.95)" in repr(first)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"method": "jackknife"}, ValueError, r"'method' parameter of metric_interval"),
        ({"confidence_level": 95}, ValueError, r"'confidence_level' .* in \(0, 1\)"),
        ({"n_resamples": 0}, ValueError, r"'n_resamples' .* an int >= 1"),
        ({"n_resamples": 10.5}, ValueError, r"'n_resamples'"),
        (
            {"metric": "iba", "method": "wilson"},
            ValueError,
            r"'metric' .*\(single rates\)",
        ),
        (
            {"metric": "gmean", "average": None, "method": "bootstrap-bca"},
            ValueError,
            "one interval at a time",
        ),
        (
            {"metric": "sensitivity", "average": "macro", "method": "wilson"},
            ValueError,
            r"'average'",
        ),
    ],
)
def test_bad_options_name_the_parameter(kwargs, error, match):
    with pytest.raises(error, match=match):
        metric_interval(
            [0, 1, 2, 1],
            [0, 1, 1, 2],
            **{"metric": "gmean", "average": "macro", **kwargs},
        )


@pytest.mark.parametrize(
    "metric, nearest", [("gmeans", "'gmean'"), ("IBA", "'iba'"), ("Dprime", "'dprime'")]
)
def test_unknown_metric_names_the_nearest_not_every_name(metric, nearest):
    with pytest.raises(ValueError) as caught:
        metric_interval([0, 1, 1, 0], [0, 1, 0, 0], metric)
    message = str(caught.value)
    assert message.startswith("The 'metric' parameter of metric_interval must be")
    assert message.endswith(f"Got {metric!r} instead. Did you mean {nearest}?")
    assert "weighted_accuracy" not in message  # not the list of every name
    with pytest.raises(ValueError, match=r"one of \['accuracy', .*'zzzz' instead\.$"):
        metric_interval([0, 1, 1, 0], [0, 1, 0, 0], "zzzz")  # none near: the list


def test_counts_of_weighted_matrices_without_sizes_are_refused():
    counts = ims.ConfusionCounts.from_matrix([[2.5, 1.0], [0.5, 3.0]])
    with pytest.raises(ValueError, match="needs sample sizes"):
        counts.interval("gmean")


def test_report_intervals_are_the_metric_intervals_of_each_row():
    y_true, y_pred = [0, 0, 1, 1, 2, 2, 2, 0, 1, 2], [0, 1, 1, 1, 2, 0, 2, 0, 2, 2]
    report = ims.imbalanced_report(
        y_true,
        y_pred,
        interval="posterior",
        random_state=3,
        output_dict=True,
        alpha=0.3,
    )
    assert report["interval"]["method"] == "posterior"
    for label in (0, 1, 2):
        row = report["classes"][str(label)]
        for metric, params in (("iba", {"alpha": 0.3}), ("gmean", {})):
            expected = metric_interval(
                y_true,
                y_pred,
                metric,
                average=None,
                random_state=3,
                zero_division=np.nan,
                **params,
            )
            assert row["interval"][metric] == [
                expected.low[label],
                expected.high[label],
            ]
    macro = metric_interval(
        y_true,
        y_pred,
        "iba",
        average="macro",
        alpha=0.3,
        random_state=3,
        zero_division=np.nan,
    )
    assert report["averages"]["macro"]["interval"]["iba"] == [macro.low, macro.high]


def test_report_text_with_intervals_lists_metrics_as_rows():
    text = ims.imbalanced_report(
        [0, 0, 1, 1, 1], [0, 1, 1, 1, 0], interval="bootstrap", random_state=0, digits=2
    )
    lines = text.splitlines()
    assert lines[0].split() == ["0", "1", "macro", "avg", "weighted", "avg"]
    assert lines[2].startswith(" sens    0.50 [")
    assert "95% intervals by bootstrap" in lines[-1]
    with pytest.raises(ValueError, match=r"'interval' parameter of imbalanced_report"):
        ims.imbalanced_report([0, 1], [0, 1], interval="wilson")
