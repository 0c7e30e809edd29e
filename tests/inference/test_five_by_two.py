"""The 5x2cv tests of compare_models against mlxtend on the same fold scores,
by hand from Dietterich's and Alpaydin's formulas, and their bad inputs."""

import pickle

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import (
    GridSearchCV,
    RepeatedKFold,
    RepeatedStratifiedKFold,
    StratifiedKFold,
    StratifiedShuffleSplit,
    cross_validate,
    train_test_split,
)
from sklearn.tree import DecisionTreeClassifier

import imbascore as ims

evaluate = pytest.importorskip("mlxtend.evaluate")


def _mlxtend_splits(n_samples, random_seed):
    """The 5x2 splits mlxtend's paired_ttest_5x2cv and combined_ftest_5x2cv
    draw (their source: one train_test_split per repetition, seeded from a
    RandomState, then the halves swapped), in their order."""
    rng = np.random.RandomState(random_seed)
    splits = []
    for _ in range(5):
        seed = rng.randint(low=0, high=32767)
        first, second = train_test_split(
            np.arange(n_samples), test_size=0.5, random_state=seed
        )
        splits += [(first, second), (second, first)]
    return splits


def _models():
    return (
        LogisticRegression(max_iter=1000),
        DecisionTreeClassifier(max_depth=3, random_state=0),
    )


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("scoring", ["accuracy", "iba"])
def test_five_by_two_tests_equal_mlxtend_on_the_same_folds(seed, scoring):
    X, y = make_classification(
        n_samples=240, weights=[0.8], flip_y=0.05, random_state=seed
    )
    scorer = ims.get_scorer(scoring) if scoring == "iba" else "accuracy"
    first, second = _models()
    splits = _mlxtend_splits(len(y), seed)
    scores = {
        name: cross_validate(model, X, y, cv=splits, scoring=scorer)["test_score"]
        for name, model in (("a", first), ("b", second))
    }
    t, p_t = evaluate.paired_ttest_5x2cv(
        first, second, X, y, scoring=scorer, random_seed=seed
    )
    f, p_f = evaluate.combined_ftest_5x2cv(
        first, second, X, y, scoring=scorer, random_seed=seed
    )
    row_t = ims.compare_models(scores, cv="5x2", method="paired_t_5x2").rows[0]
    row_f = ims.compare_models(scores, cv="5x2", method="combined_f_5x2").rows[0]
    assert row_t["statistic"] == pytest.approx(t, rel=1e-12, abs=1e-12)
    assert row_t["t"] == row_t["statistic"]
    assert row_t["pvalue"] == pytest.approx(p_t, rel=1e-12, abs=1e-12)
    assert row_f["statistic"] == pytest.approx(f, rel=1e-12, abs=1e-12)
    assert np.isnan(row_f["t"])
    assert row_f["pvalue"] == pytest.approx(p_f, rel=1e-12, abs=1e-12)


def test_five_by_two_by_hand_from_the_papers():
    d = np.array([0.02, -0.01, 0.03, 0.01, 0.0, 0.02, -0.02, 0.01, 0.04, 0.03])
    folds = d.reshape(5, 2)
    s2 = ((folds - folds.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    scores = {"a": 0.7 + d, "b": np.full(10, 0.7)}
    row_t = ims.compare_models(scores, cv="5x2", method="paired_t_5x2").rows[0]
    t = d[0] / np.sqrt(s2.mean())
    assert row_t["statistic"] == pytest.approx(t, rel=1e-12)
    from scipy import stats

    assert row_t["pvalue"] == pytest.approx(2 * stats.t.sf(abs(t), 5), rel=1e-12)
    row_f = ims.compare_models(scores, cv="5x2", method="combined_f_5x2").rows[0]
    f = (d**2).sum() / (2 * s2.sum())
    assert row_f["statistic"] == pytest.approx(f, rel=1e-12)
    assert row_f["pvalue"] == pytest.approx(stats.f.sf(f, 10, 5), rel=1e-12)


def test_equal_folds_give_p_one_and_a_constant_shift_p_zero():
    equal = {"a": np.linspace(0.6, 0.7, 10), "b": np.linspace(0.6, 0.7, 10)}
    for method in ("paired_t_5x2", "combined_f_5x2"):
        # the statistic is 0 / 0: NaN, with a warning
        with pytest.warns(UndefinedMetricWarning, match="undefined"):
            row = ims.compare_models(equal, cv="5x2", method=method).rows[0]
        assert row["pvalue"] == pytest.approx(1.0) and np.isnan(row["statistic"])
    shifted = {"a": equal["a"] + 0.01, "b": equal["b"]}
    for method in ("paired_t_5x2", "combined_f_5x2"):
        assert ims.compare_models(shifted, cv="5x2", method=method).rows[0][
            "pvalue"
        ] == pytest.approx(0.0)


def test_five_by_two_cv_makes_five_repetitions_of_halves_in_order():
    X, y = make_classification(n_samples=100, weights=[0.8], random_state=0)
    cv = ims.five_by_two_cv(random_state=0)
    assert isinstance(cv, RepeatedStratifiedKFold)
    assert isinstance(ims.five_by_two_cv(stratify=False), RepeatedKFold)
    splits = list(cv.split(X, y))
    assert len(splits) == 10
    for r in range(5):
        (train_1, test_1), (train_2, test_2) = splits[2 * r], splits[2 * r + 1]
        # the two folds of one repetition swap the halves
        assert set(train_1) == set(test_2) and set(train_2) == set(test_1)
        assert len(test_1) == len(test_2) == 50


def test_a_search_over_five_by_two_folds_reads_its_split_columns_in_order():
    X, y = make_classification(n_samples=200, weights=[0.8], random_state=1)
    cv = ims.five_by_two_cv(random_state=1)
    search = GridSearchCV(
        DecisionTreeClassifier(random_state=0),
        {"max_depth": [1, 3]},
        cv=cv,
        scoring=ims.get_scorer("iba"),
    ).fit(X, y)
    splits = list(cv.split(X, y))
    by_hand = {
        depth: cross_validate(
            DecisionTreeClassifier(max_depth=depth, random_state=0),
            X,
            y,
            cv=splits,
            scoring=ims.get_scorer("iba"),
        )["test_score"]
        for depth in (1, 3)
    }
    from_search = ims.compare_models(search.cv_results_, cv=cv, method="paired_t_5x2")
    from_dicts = ims.compare_models(by_hand, cv="5x2", method="paired_t_5x2")
    assert from_search.rows[0]["pvalue"] == pytest.approx(
        from_dicts.rows[0]["pvalue"], rel=1e-12
    )


def test_auto_says_which_test_it_ran_and_why():
    scores = {"a": np.linspace(0.6, 0.7, 10), "b": np.linspace(0.61, 0.69, 10)}
    comparison = ims.compare_models(scores, cv="5x2")
    assert comparison.method in ("paired_t_5x2", "combined_f_5x2", "corrected_t")
    assert "method='auto' on 5x2 folds" in comparison.method_reason
    assert f"method={comparison.method!r}" in repr(comparison)
    assert "why: method='auto'" in str(comparison)
    asked = ims.compare_models(scores, cv=10, method="corrected_t")
    assert asked.method == "corrected_t"
    assert asked.method_reason.startswith("method='corrected_t' was asked for")
    for cv, folds in [
        (10, "k-fold"),
        (StratifiedKFold(10), "k-fold"),
        (RepeatedStratifiedKFold(n_splits=5, n_repeats=2), "repeated k-fold"),
        (StratifiedShuffleSplit(10, test_size=0.1), "random splits"),
    ]:
        reason = ims.compare_models(scores, cv=cv).method_reason
        assert f"on {folds} folds" in reason
    unknown = ims.compare_models(scores, test_train_ratio=0.25)
    assert "on unknown folds" in unknown.method_reason
    assert unknown.method == "corrected_t"


def test_the_method_survives_pickling_and_old_pickles_read_corrected_t():
    scores = {"a": np.linspace(0.6, 0.7, 10), "b": np.linspace(0.61, 0.69, 10)}
    comparison = ims.compare_models(scores, cv="5x2", method="combined_f_5x2")
    again = pickle.loads(pickle.dumps(comparison))
    assert again.method == "combined_f_5x2"
    assert again.method_reason == comparison.method_reason
    old = ims.ModelComparison.__new__(ims.ModelComparison)
    state = dict(comparison.__dict__)
    del state["method"], state["method_reason"]
    for row in state["rows"]:
        del row["statistic"]
    old.__setstate__(state)
    assert old.method == "corrected_t" and "0.1" in old.method_reason
    assert "statistic" in old.rows[0]


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (
            {"method": "five_by_two"},
            ValueError,
            r"'method' parameter of compare_models must be one of .*'auto'.* "
            r"Got 'five_by_two'",
        ),
        (
            {"method": "paired_t_5x2", "cv": 10},
            ValueError,
            r"'cv' parameter of compare_models must be '5x2' or "
            r"five_by_two_cv\(...\) for method='paired_t_5x2'.* Got 10",
        ),
        (
            {"method": "combined_f_5x2", "cv": None, "test_train_ratio": 1.0},
            ValueError,
            r"'cv' parameter .* Got None",
        ),
        (
            {"method": "paired_t_5x2", "cv": RepeatedStratifiedKFold(n_splits=2)},
            ValueError,
            r"'cv' parameter .*method='paired_t_5x2'",
        ),
        (
            {"cv": "5x3"},
            ValueError,
            r"'cv' parameter of compare_models must be an int, '5x2'.* Got '5x3'",
        ),
    ],
)
def test_bad_five_by_two_input_is_refused(kwargs, error, match):
    scores = {"a": np.linspace(0.6, 0.7, 10), "b": np.linspace(0.61, 0.69, 10)}
    with pytest.raises(error, match=match):
        ims.compare_models(scores, **{"cv": "5x2", **kwargs})


@pytest.mark.parametrize("method", ["paired_t_5x2", "combined_f_5x2"])
def test_five_by_two_needs_ten_folds(method):
    # a DataFrame (cv given as test_train_ratio cannot say 5x2) or dropped
    # folds: the count is checked where the test reads the differences
    scores = {"a": np.r_[np.linspace(0.6, 0.7, 9), np.nan], "b": np.full(10, 0.65)}
    with pytest.raises(
        ValueError,
        match=rf"'results' parameter of compare_models must be 10 fold scores per "
        rf"model for method='{method}'.* Got '9 scores'",
    ):
        ims.compare_models(scores, cv="5x2", method=method, drop_nan=True)
    with pytest.raises(ValueError, match="cv's 10 splits"):
        ims.compare_models({"a": np.ones(8), "b": np.ones(8)}, cv="5x2", method=method)


def test_five_by_two_cv_refuses_a_non_bool_stratify():
    with pytest.raises(TypeError, match=r"'stratify' parameter .* a bool.* Got 1"):
        ims.five_by_two_cv(stratify=1)
