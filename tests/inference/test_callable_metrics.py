"""A plain callable ``f(y_true, y_pred, sample_weight=None)`` as the metric of
metric_interval and compare_predictions: a bootstrap over rows, checked
against a brute-force loop on the same resampled indices and against the
named metric's bootstrap."""

import pickle
import warnings

import numpy as np
import pytest
from sklearn.metrics import f1_score, recall_score, roc_auc_score

from imbascore import compare_predictions, metric_interval

RNG = np.random.default_rng(7)
Y_TRUE = np.array([1] * 20 + [0] * 180)
PRED_A = np.where(RNG.random(200) < np.where(Y_TRUE == 1, 0.7, 0.1), 1, 0)
PRED_B = np.where(RNG.random(200) < np.where(Y_TRUE == 1, 0.5, 0.1), 1, 0)
WEIGHTS = RNG.uniform(0.5, 2.0, 200)


def _resampled_rows(n, n_resamples, seed):
    """The documented rule: one ``RandomState(seed).randint(0, n, n)`` per
    resample, in order."""
    rng = np.random.RandomState(seed)
    for _ in range(n_resamples):
        yield rng.randint(0, n, n)


def _brute_force(f, arrays, n_resamples, seed, sample_weight=None):
    values = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for rows in _resampled_rows(len(arrays[0]), n_resamples, seed):
            kwargs = (
                {} if sample_weight is None else {"sample_weight": sample_weight[rows]}
            )
            values.append(f(*(a[rows] for a in arrays), **kwargs))
    return np.asarray(values, dtype=float)


def _percentile(draws, level=0.95):
    kept = draws[np.isfinite(draws)]
    tail = (1 - level) / 2
    return tuple(np.quantile(kept, [tail, 1 - tail]))


def test_interval_of_a_callable_equals_the_brute_force_loop():
    result = metric_interval(
        Y_TRUE, PRED_A, f1_score, method="bootstrap", n_resamples=300, random_state=3
    )
    draws = _brute_force(f1_score, (Y_TRUE, PRED_A), 300, 3)
    assert result.estimate == pytest.approx(f1_score(Y_TRUE, PRED_A))
    assert (result.low, result.high) == pytest.approx(_percentile(draws), abs=1e-12)
    assert result.method == "bootstrap"
    assert result.n_resamples == 300
    assert "f1_score" in repr(result)
    assert result.metric == "f1_score"


def test_sample_weight_is_passed_only_when_given():
    calls = []

    def no_weights(y_true, y_pred):  # a metric that takes no weights at all
        calls.append(len(y_true))
        return float(np.mean(y_true == y_pred))

    result = metric_interval(Y_TRUE, PRED_A, no_weights, n_resamples=50, random_state=0)
    assert len(calls) == 51 and result.metric == "no_weights"

    weighted = metric_interval(
        Y_TRUE,
        PRED_A,
        f1_score,
        sample_weight=WEIGHTS,
        n_resamples=200,
        random_state=5,
    )
    draws = _brute_force(f1_score, (Y_TRUE, PRED_A), 200, 5, WEIGHTS)
    assert weighted.estimate == pytest.approx(
        f1_score(Y_TRUE, PRED_A, sample_weight=WEIGHTS)
    )
    assert (weighted.low, weighted.high) == pytest.approx(_percentile(draws))


def test_metric_params_are_the_callables_options():
    result = metric_interval(
        Y_TRUE, PRED_A, f1_score, average="macro", n_resamples=100, random_state=1
    )
    assert result.estimate == pytest.approx(f1_score(Y_TRUE, PRED_A, average="macro"))
    macro = _brute_force(
        lambda t, p: f1_score(t, p, average="macro"), (Y_TRUE, PRED_A), 100, 1
    )
    assert (result.low, result.high) == pytest.approx(_percentile(macro))


def test_auto_and_none_pick_the_bootstrap():
    for method in ("auto", None):
        result = metric_interval(
            Y_TRUE, PRED_A, f1_score, method=method, n_resamples=50, random_state=0
        )
        assert result.method == "bootstrap"


@pytest.mark.parametrize(
    "method", ["wilson", "posterior", "clopper-pearson", "bootstrap-bca", "delong"]
)
def test_methods_that_need_counts_are_refused(method):
    with pytest.raises(ValueError) as error:
        metric_interval(Y_TRUE, PRED_A, f1_score, method=method)
    message = str(error.value)
    assert message.startswith(
        "The 'method' parameter of metric_interval must be 'bootstrap' for a "
        "metric given as a callable ("
    )
    assert message.endswith(f"Got {method!r} instead.")


def test_prevalence_is_refused_for_a_callable():
    with pytest.raises(ValueError, match="'prevalence' parameter of metric_interval"):
        metric_interval(Y_TRUE, PRED_A, f1_score, prevalence=0.3)


def test_undefined_draws_are_left_out():
    # 2 positives in 30: many resamples have none, where the metric is NaN
    y_true = np.array([1, 1] + [0] * 28)
    y_pred = np.array([1, 0] + [0] * 28)

    def recall_or_nan(y_true, y_pred, sample_weight=None):
        positives = y_true == 1
        return np.mean(y_pred[positives] == 1) if positives.any() else np.nan

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        result = metric_interval(
            y_true, y_pred, recall_or_nan, n_resamples=400, random_state=2
        )
        draws = _brute_force(recall_or_nan, (y_true, y_pred), 400, 2)
    assert np.isnan(draws).any()
    assert (result.low, result.high) == pytest.approx(_percentile(draws))


def test_recall_score_agrees_with_sensitivity_in_distribution():
    # The named bootstrap resamples the confusion table (a multinomial over
    # its cells, total n); resampling rows gives the same distribution of
    # tables, not the same draws: the bounds agree to Monte Carlo error.
    named = metric_interval(
        Y_TRUE,
        PRED_A,
        "sensitivity",
        method="bootstrap",
        n_resamples=4000,
        random_state=0,
    )
    plain = metric_interval(
        Y_TRUE,
        PRED_A,
        recall_score,
        method="bootstrap",
        n_resamples=4000,
        random_state=1,
    )
    assert plain.estimate == pytest.approx(named.estimate)
    assert plain.low == pytest.approx(named.low, abs=0.03)
    assert plain.high == pytest.approx(named.high, abs=0.03)


def test_a_callable_of_scores_works_too():
    scores = np.where(Y_TRUE == 1, 0.6, 0.4) + RNG.normal(0, 0.2, 200)
    result = metric_interval(
        Y_TRUE, scores, roc_auc_score, n_resamples=200, random_state=0
    )
    draws = _brute_force(roc_auc_score, (Y_TRUE, scores), 200, 0)
    assert (result.low, result.high) == pytest.approx(_percentile(draws))


def test_result_pickles():
    result = metric_interval(Y_TRUE, PRED_A, f1_score, n_resamples=20, random_state=0)
    assert repr(pickle.loads(pickle.dumps(result))) == repr(result)


# ---------------------------------------------------------------- compare


def test_comparison_of_a_callable_equals_the_paired_brute_force():
    result = compare_predictions(
        Y_TRUE, PRED_A, PRED_B, metric=f1_score, n_resamples=300, random_state=4
    )
    a = _brute_force(f1_score, (Y_TRUE, PRED_A), 300, 4)
    b = _brute_force(f1_score, (Y_TRUE, PRED_B), 300, 4)  # same rows for both
    differences = a - b
    assert result.score_a == pytest.approx(f1_score(Y_TRUE, PRED_A))
    assert result.score_b == pytest.approx(f1_score(Y_TRUE, PRED_B))
    assert result.estimate == pytest.approx(result.score_a - result.score_b)
    assert (result.low, result.high) == pytest.approx(_percentile(differences))
    kept = differences[np.isfinite(differences)]
    tail = min(np.mean(kept <= 0), np.mean(kept >= 0))
    assert result.pvalue == pytest.approx(min(1.0, 2 * tail))
    assert result.method == "bootstrap" and result.test == "bootstrap"
    assert "f1_score" in repr(result)


def test_comparison_with_weights_and_auto():
    result = compare_predictions(
        Y_TRUE,
        PRED_A,
        PRED_B,
        metric=f1_score,
        method="auto",
        sample_weight=WEIGHTS,
        n_resamples=100,
        random_state=0,
    )
    a = _brute_force(f1_score, (Y_TRUE, PRED_A), 100, 0, WEIGHTS)
    b = _brute_force(f1_score, (Y_TRUE, PRED_B), 100, 0, WEIGHTS)
    assert (result.low, result.high) == pytest.approx(_percentile(a - b))
    assert result.method == "bootstrap"


@pytest.mark.parametrize("method", ["posterior", "delong", "cochran_q"])
def test_comparison_methods_that_need_counts_are_refused(method):
    with pytest.raises(ValueError) as error:
        compare_predictions(Y_TRUE, PRED_A, PRED_B, metric=f1_score, method=method)
    assert str(error.value).startswith(
        "The 'method' parameter of compare_predictions must be 'bootstrap' for a "
        "metric given as a callable ("
    )
