"""Models compared on one dataset: corrected t-test, Bayesian correlated
t-test (against baycomp), Holm, the refit callable, and bad inputs."""

import pickle

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import (
    GridSearchCV,
    KFold,
    RepeatedStratifiedKFold,
    ShuffleSplit,
    StratifiedKFold,
    cross_validate,
)
from sklearn.tree import DecisionTreeClassifier

import imbascore as ims


def _fold_scores(seed, n_folds=10, shift=0.01):
    rng = np.random.default_rng(seed)
    common = rng.normal(0.7, 0.05, n_folds)
    return {
        "a": common + rng.normal(shift, 0.02, n_folds),
        "b": common + rng.normal(0, 0.02, n_folds),
        "c": common + rng.normal(-shift, 0.02, n_folds),
    }


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n_splits, n_repeats", [(10, 1), (5, 2), (3, 4)])
def test_bayesian_correlated_t_test_equals_baycomp(seed, n_splits, n_repeats):
    baycomp = pytest.importorskip("baycomp")
    scores = _fold_scores(seed, n_splits * n_repeats)
    cv = RepeatedStratifiedKFold(n_splits=n_splits, n_repeats=n_repeats)
    for rope in (0.0, 0.01):
        comparison = ims.compare_models(scores, cv=cv, rope=rope)
        for row in comparison.rows:
            x, y = scores[row["model_b"]], scores[row["model_a"]]  # y - x = a - b
            probs = baycomp.CorrelatedTTest.probs(x, y, rope=rope, runs=n_repeats)
            if rope > 0:
                worse, equivalent, better = probs
            else:
                (worse, better), equivalent = probs, 0.0
            assert row["p_better"] == pytest.approx(better, abs=1e-6)
            assert row["p_worse"] == pytest.approx(worse, abs=1e-6)
            assert row["p_equivalent"] == pytest.approx(equivalent, abs=1e-6)


def test_corrected_t_test_by_hand_from_nadeau_and_bengio():
    scores = _fold_scores(7, 20)
    d = scores["a"] - scores["b"]
    n_test_over_train = 1 / 9  # 10-fold, repeated twice
    t = d.mean() / np.sqrt((1 / 20 + n_test_over_train) * d.var(ddof=1))
    p = 2 * stats.t.sf(abs(t), 19)
    row = ims.compare_models(
        scores, cv=RepeatedStratifiedKFold(n_splits=10, n_repeats=2)
    ).rows[0]
    assert row["t"] == pytest.approx(t, rel=1e-12)
    assert row["pvalue"] == pytest.approx(p, rel=1e-12)
    naive = stats.ttest_rel(scores["a"], scores["b"]).pvalue
    assert row["pvalue"] > naive  # the correction widens


def test_holm_over_pairs_and_the_best_against_the_others():
    scores = _fold_scores(3, 10, shift=0.03)
    comparison = ims.compare_models(scores, cv=10)
    frame = comparison.to_frame()
    assert list(frame[["model_a", "model_b"]].itertuples(index=False, name=None)) == [
        ("a", "b"),
        ("a", "c"),
        ("b", "c"),
    ]
    p = frame["pvalue"].to_numpy()
    order = np.argsort(p)
    expected = np.maximum.accumulate(np.minimum(1, (3 - np.arange(3)) * p[order]))
    np.testing.assert_allclose(frame["pvalue_holm"].to_numpy()[order], expected)
    assert set(frame.columns) >= {
        "mean_difference",
        "pvalue",
        "pvalue_holm",
        "p_better",
        "p_equivalent",
        "p_worse",
    }
    best = ims.compare_models(scores, cv=10, pairs="best").to_frame()
    assert (best["model_a"] == "a").all() and len(best) == 2
    text = str(comparison)
    assert text.startswith("ModelComparison(score, 3 models, 10 folds, rope=0)")
    assert "a - b" in text


def test_cross_validate_results_cv_results_and_frames_give_the_same():
    X, y = make_classification(n_samples=300, weights=[0.85], random_state=0)
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    scoring = {"iba": ims.get_scorer("iba"), "gmean": ims.get_scorer("gmean")}
    models = {
        "C=0.01": LogisticRegression(C=0.01),
        "C=1.0": LogisticRegression(C=1.0),
    }
    results = {
        name: cross_validate(model, X, y, cv=cv, scoring=scoring)
        for name, model in models.items()
    }
    from_cv = ims.compare_models(results, "iba", cv=cv).to_frame()
    search = GridSearchCV(
        LogisticRegression(), {"C": [0.01, 1.0]}, cv=cv, scoring=scoring, refit="iba"
    ).fit(X, y)
    from_search = ims.compare_models(search.cv_results_, "iba", cv=cv).to_frame()
    frame = pd.DataFrame({name: r["test_iba"] for name, r in results.items()})
    from_frame = ims.compare_models(frame, cv=cv).to_frame()
    for other in (from_search, from_frame):
        np.testing.assert_allclose(other["mean_difference"], from_cv["mean_difference"])
        np.testing.assert_allclose(other["pvalue"], from_cv["pvalue"])
    assert from_search["model_a"][0] == "C=0.01"


def test_splitters_give_their_test_to_train_ratio():
    scores = _fold_scores(0, 10)
    for cv, ratio in [
        (10, 1 / 9),
        (KFold(10), 1 / 9),
        (RepeatedStratifiedKFold(n_splits=5, n_repeats=2), 1 / 4),
        (ShuffleSplit(10, test_size=0.2), 0.25),
    ]:
        assert ims.compare_models(scores, cv=cv).test_train_ratio == pytest.approx(
            ratio
        )
    assert ims.compare_models(scores, test_train_ratio=0.5).test_train_ratio == 0.5


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"results": {"a": [1, 2, 3]}}, ValueError, "at least 2 models"),
        (
            {"results": {"a": [1, 2, 3], "b": [1, 2]}},
            ValueError,
            "'a' and 'b' have fold",
        ),
        (
            {"results": {"a": [1, 2], "b": [1, 2]}, "cv": 2},
            ValueError,
            "at least 3 folds",
        ),
        (
            {"results": {"a": [1, 2, 3, 4], "b": [1, 2, 3, 4]}},
            ValueError,
            "cv's 5 splits",
        ),
        (
            {"results": {"a": [1, np.nan, 3, 4], "b": [1, 2, 3, 4]}, "cv": 4},
            ValueError,
            "1 of 4 folds have a NaN",
        ),
        ({"cv": None}, TypeError, "'cv' parameter .* needs the splitter"),
        ({"rope": -1}, ValueError, "'rope' .* >= 0"),
        ({"pairs": "some"}, ValueError, "'pairs'"),
        ({"results": [1, 2]}, TypeError, "'results'"),
    ],
)
def test_bad_input_is_refused(kwargs, error, match):
    arguments = {"results": _fold_scores(0, 5), "cv": 5, **kwargs}
    with pytest.raises(error, match=match):
        ims.compare_models(**arguments)


def test_a_missing_metric_names_the_model_and_nan_folds_can_be_dropped():
    results = {
        "a": {"test_iba": np.ones(5), "fit_time": np.ones(5)},
        "b": {"test_gmean": np.ones(5)},
    }
    with pytest.raises(ValueError, match="model 'b' has \\['gmean'\\]"):
        ims.compare_models(results, "iba", cv=5)
    scores = {"a": [0.5, np.nan, 0.7, 0.6], "b": [0.4, 0.5, 0.6, 0.5]}
    with pytest.warns(UndefinedMetricWarning, match="do not vary"):
        comparison = ims.compare_models(scores, cv=4, drop_nan=True)
    assert len(comparison.scores["a"]) == 3


def test_refit_picks_the_simplest_tree_not_credibly_worse():
    X, y = make_classification(
        n_samples=600, n_informative=3, weights=[0.9], flip_y=0.05, random_state=1
    )
    cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
    refit = ims.simplest_within_noise("max_depth", cv=cv, rope=0.02)
    search = GridSearchCV(
        DecisionTreeClassifier(random_state=0),
        {"max_depth": [1, 2, 3, 4, 6, 8]},
        scoring=ims.get_scorer("iba"),
        cv=cv,
        refit=refit,
    ).fit(X, y)
    results = search.cv_results_
    best = int(np.argmax(results["mean_test_score"]))
    chosen = search.best_index_
    assert results["param_max_depth"][chosen] <= results["param_max_depth"][best]
    comparison = ims.compare_models(results, cv=cv, rope=0.02, pairs="best").to_frame()
    row = comparison[
        comparison["model_b"] == f"max_depth={results['param_max_depth'][chosen]}"
    ]
    if chosen != best:
        assert row["p_better"].iloc[0] < 0.95
    # every simpler candidate was credibly worse
    for index in range(len(results["params"])):
        if results["param_max_depth"][index] < results["param_max_depth"][chosen]:
            name = f"max_depth={results['param_max_depth'][index]}"
            assert comparison[comparison["model_b"] == name]["p_better"].iloc[0] >= 0.95
    assert pickle.loads(pickle.dumps(refit)) == refit
    with pytest.raises(ValueError, match="'param' .* The search has \\['max_depth'\\]"):
        ims.simplest_within_noise("depth", cv=cv)(results)


def test_plot_draws_one_interval_per_pair():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    ax = ims.compare_models(_fold_scores(1, 10), cv=10, rope=0.01).plot()
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a - b", "a - c", "b - c"]


# ---------------------------------------------------------------- one test set


def _paired_predictions(seed, n=400, positives=0.1):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < positives).astype(int)
    shared = rng.random(n) < 0.15  # samples both models get wrong
    a = np.where(shared | (rng.random(n) < 0.05), 1 - y, y)
    b = np.where(shared | (rng.random(n) < 0.10), 1 - y, y)
    return y, a, b


def test_margins_are_each_models_confusion_matrix_and_tables_add_up():
    y, a, b = _paired_predictions(0)
    paired = ims.PairedCounts.from_predictions(y, a, b)
    margin_a, margin_b = paired.margins()
    np.testing.assert_array_equal(margin_a, ims.confusion_counts(y, a).matrix)
    np.testing.assert_array_equal(margin_b, ims.confusion_counts(y, b).matrix)
    halves = ims.PairedCounts.from_predictions(
        y[:200], a[:200], b[:200]
    ) + ims.PairedCounts.from_predictions(y[200:], a[200:], b[200:])
    np.testing.assert_array_equal(halves.table, paired.table)
    both = ims.compare_predictions(halves, None, None, metric="gmean", random_state=0)
    assert both == ims.compare_predictions(y, a, b, metric="gmean", random_state=0)


@pytest.mark.parametrize("metric", ["iba", "gmean", "f1", "balanced_accuracy"])
def test_estimate_is_the_difference_of_the_metric_functions(metric):
    y, a, b = _paired_predictions(1)
    result = ims.compare_predictions(y, a, b, metric=metric, random_state=0)
    expected = ims.ConfusionCounts.from_matrix(ims.confusion_counts(y, a).matrix).score(
        metric
    ) - ims.ConfusionCounts.from_matrix(ims.confusion_counts(y, b).matrix).score(metric)
    assert result.estimate == pytest.approx(expected, abs=1e-12)
    assert result.low < result.estimate < result.high
    assert result.test == "posterior"


def test_mcnemar_exact_by_hand():
    y, a, b = _paired_predictions(2)
    a_only = int(((a == y) & (b != y)).sum())
    b_only = int(((a != y) & (b == y)).sum())
    expected = stats.binomtest(a_only, a_only + b_only, 0.5).pvalue
    result = ims.compare_predictions(y, a, b, metric="accuracy")
    assert result.test == "mcnemar" and result.pvalue == pytest.approx(expected)
    positives = y == 1
    a_pos = int(((a == y) & (b != y) & positives).sum())
    b_pos = int(((a != y) & (b == y) & positives).sum())
    result = ims.compare_predictions(y, a, b, metric="sensitivity")
    assert result.pvalue == pytest.approx(
        stats.binomtest(a_pos, a_pos + b_pos, 0.5).pvalue
    )


def test_the_paired_interval_is_narrower_than_two_separate_ones():
    # Both models share most of their errors: the difference is known far
    # better than either value.
    y, a, b = _paired_predictions(3, n=1000)
    paired = ims.compare_predictions(y, a, b, metric="gmean", random_state=0)
    one = ims.metric_interval(y, a, "gmean", random_state=0)
    two = ims.metric_interval(y, b, "gmean", random_state=0)
    separate = np.hypot(one.high - one.low, two.high - two.low)
    assert paired.high - paired.low < 0.8 * separate
    boot = ims.compare_predictions(
        y, a, b, metric="gmean", method="bootstrap", random_state=0
    )
    assert boot.high - boot.low == pytest.approx(paired.high - paired.low, rel=0.3)


def test_compare_predictions_refuses_bad_input():
    y, a, b = _paired_predictions(4)
    with pytest.raises(ValueError, match="'method'"):
        ims.compare_predictions(y, a, b, method="wilson")
    with pytest.raises(ValueError, match="consistent|length|samples"):
        ims.compare_predictions(y, a, b[:-1])
    with pytest.raises(ValueError, match="choose an average"):
        ims.compare_predictions(y, a, b, metric="iba", average=None)


def test_refit_takes_none_as_the_most_complex_and_refuses_words():
    cv = 3
    scores = np.array([[0.5, 0.6, 0.55], [0.5, 0.6, 0.55], [0.5, 0.6, 0.55]])
    results = {
        "params": [{"max_depth": None}, {"max_depth": 4}, {"max_depth": 2}],
        "param_max_depth": np.ma.masked_array([None, 4, 2], dtype=object),
        **{f"split{i}_test_score": scores[:, i] for i in range(3)},
    }
    # equal scores: every candidate is kept, and the shallowest wins
    assert ims.simplest_within_noise("max_depth", cv=cv)(results) == 2
    assert (
        ims.simplest_within_noise("max_depth", cv=cv, simplest="highest")(results) == 0
    )
    results["param_max_depth"] = np.array(["a", "b", "c"], dtype=object)
    with pytest.raises(TypeError, match="values are numbers"):
        ims.simplest_within_noise("max_depth", cv=cv)(results)


@pytest.mark.parametrize("method", ["posterior", "bootstrap"])
def test_weights_count_in_effective_samples_not_in_units_of_weight(method):
    # Every sample weighing 10 is the same data: the same interval, not one
    # ten times as many samples would give.
    y, a, b = _paired_predictions(5)
    plain = ims.compare_predictions(
        y, a, b, metric="iba", method=method, random_state=0
    )
    heavy = ims.compare_predictions(
        y,
        a,
        b,
        metric="iba",
        method=method,
        random_state=0,
        sample_weight=np.full(len(y), 10.0),
    )
    assert heavy.estimate == pytest.approx(plain.estimate, abs=1e-12)
    assert heavy.low == pytest.approx(plain.low, abs=1e-9)
    assert heavy.high == pytest.approx(plain.high, abs=1e-9)
    # Half the samples weighing 0 leave the other half's effective size.
    keep = np.arange(len(y)) % 2 == 0
    half = ims.compare_predictions(
        y[keep], a[keep], b[keep], metric="iba", method=method, random_state=0
    )
    zeroed = ims.compare_predictions(
        y,
        a,
        b,
        metric="iba",
        method=method,
        random_state=0,
        sample_weight=keep.astype(float),
    )
    assert zeroed.high - zeroed.low == pytest.approx(half.high - half.low, rel=1e-9)


def test_weighted_tables_add_with_their_squared_weights():
    y, a, b = _paired_predictions(6)
    w = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    whole = ims.PairedCounts.from_predictions(y, a, b, sample_weight=w)
    first = ims.PairedCounts.from_predictions(y[:200], a[:200], b[:200])
    second = ims.PairedCounts.from_predictions(
        y[200:], a[200:], b[200:], sample_weight=w[200:]
    )
    both = first + second
    expected = [
        ((y[:200] == c).sum() + (w[200:][y[200:] == c] ** 2).sum()) for c in (0, 1)
    ]
    np.testing.assert_allclose(both.squared_weights, expected)
    np.testing.assert_allclose(
        whole.squared_weights, [(w[y == c] ** 2).sum() for c in (0, 1)]
    )
    with pytest.raises(ValueError, match="squared_weights"):
        ims.PairedCounts(whole.table, whole.labels, weighted=True)


def test_single_test_set_call_points_to_compare_predictions():
    """Issue 57 item 5: compare_models(y_test, pred_a, pred_b) gave Python's
    bare 'takes from 1 to 2 positional arguments'."""
    import imbascore as ims

    y, a, b = [0, 1, 0, 1], [0, 1, 1, 1], [0, 0, 0, 1]
    with pytest.raises(TypeError, match=r"compare_predictions\(y_true, pred_a"):
        ims.compare_models(y, a, b)
    with pytest.raises(TypeError) as raised:
        ims.compare_models(y, a)
    message = str(raised.value)
    assert "The 'metric' parameter of compare_models" in message
    assert "compare_predictions(" in message


@pytest.mark.parametrize("folds", ["k-fold", "repeated k-fold", "random splits", "5x2"])
def test_method_reason_names_the_design_of_its_figure(folds):
    """Issue 49 item 14: the reason quoted 11.3% as if it held in general;
    it names the design the figure was measured on."""
    from imbascore._inference.fold_tests import _auto

    _, reason = _auto(folds)
    assert "measured by benchmarks/bench_comparison.py on one design" in reason
    assert "IBA" in reason and "300 samples" in reason
