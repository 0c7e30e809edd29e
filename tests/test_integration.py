"""The scorers inside real scikit-learn and imbalanced-learn objects, no mocks."""

import pickle

import joblib
import numpy as np
import pytest
import sklearn
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import (
    GridSearchCV,
    RandomizedSearchCV,
    StratifiedKFold,
    cross_validate,
)
from sklearn.tree import DecisionTreeClassifier

from imbascore import (
    get_scorer,
    get_scoring,
    iba_score,
    iba_scorer,
    metrics,
    multi_scorer,
)

CV = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)


@pytest.fixture(scope="module")
def imbalanced():
    return make_classification(
        n_samples=600,
        n_features=8,
        n_informative=4,
        weights=[0.9],
        flip_y=0.02,
        class_sep=0.8,
        random_state=0,
    )


def _iba_by_hand(estimator, X, y, **iba_params):
    """Mean IBA over CV's test folds, fitted and scored without scikit-learn."""
    values = []
    for train, test in CV.split(X, y):
        model = sklearn.clone(estimator).fit(X[train], y[train])
        values.append(iba_score(y[test], model.predict(X[test]), **iba_params))
    return float(np.mean(values))


# n_jobs=2: the scorers pickled to worker processes (the pool's start-up is slow)
@pytest.mark.parametrize("n_jobs", [1, pytest.param(2, marks=pytest.mark.slow)])
@pytest.mark.parametrize("search_class", [GridSearchCV, RandomizedSearchCV])
def test_searches_select_by_iba(search_class, n_jobs, imbalanced):
    X, y = imbalanced
    grid = {"max_depth": [1, 2, 4, 8], "class_weight": [None, "balanced"]}
    options = (
        {"n_iter": 6, "random_state": 0} if search_class is RandomizedSearchCV else {}
    )
    search = search_class(
        DecisionTreeClassifier(random_state=0),
        grid,
        scoring=get_scorer("iba", alpha=0.1),
        cv=CV,
        n_jobs=n_jobs,
        **options,
    ).fit(X, y)
    means = search.cv_results_["mean_test_score"]
    for params, mean in zip(search.cv_results_["params"], means):
        expected = _iba_by_hand(DecisionTreeClassifier(random_state=0, **params), X, y)
        assert mean == pytest.approx(expected, abs=1e-12)
    assert search.best_score_ == means.max()
    assert search.best_params_ == search.cv_results_["params"][int(np.argmax(means))]


def test_a_fitted_search_saves_and_loads(imbalanced, tmp_path):
    X, y = imbalanced
    search = GridSearchCV(
        LogisticRegression(),
        {"C": [0.1, 1.0]},
        scoring={"iba": iba_scorer(alpha=0.2), "gmean": get_scorer("gmean")},
        refit="iba",
        cv=CV,
    ).fit(X, y)
    path = tmp_path / "search.joblib"
    joblib.dump(search, path)
    for restored in (pickle.loads(pickle.dumps(search)), joblib.load(path)):
        np.testing.assert_array_equal(restored.predict(X), search.predict(X))
        assert restored.score(X, y) == search.score(X, y)
        assert restored.score(X, y) == iba_score(y, search.predict(X), alpha=0.2)
        assert repr(restored.scorer_) == repr(search.scorer_)


def test_cross_validate_mixes_our_names_and_sklearns(imbalanced):
    X, y = imbalanced
    names = ["iba", "gmean", "sensitivity", "specificity", "f1", "accuracy"]
    result = cross_validate(
        LogisticRegression(), X, y, cv=CV, scoring=get_scoring(names)
    )
    folds = list(CV.split(X, y))
    for fold, (train, test) in enumerate(folds):
        y_pred = LogisticRegression().fit(X[train], y[train]).predict(X[test])
        assert result["test_iba"][fold] == iba_score(y[test], y_pred)
        assert result["test_gmean"][fold] == metrics.geometric_mean_score(
            y[test], y_pred
        )
        assert result["test_f1"][fold] == sklearn.metrics.f1_score(y[test], y_pred)
        assert result["test_accuracy"][fold] == pytest.approx(
            sklearn.metrics.accuracy_score(y[test], y_pred)
        )
    # The imbalance shows: accuracy is high while sensitivity lags far behind.
    assert result["test_accuracy"].mean() - result["test_sensitivity"].mean() > 0.2


def test_imblearn_pipeline_with_smote(imbalanced):
    imblearn_pipeline = pytest.importorskip("imblearn.pipeline")
    from imblearn.over_sampling import SMOTE

    X, y = imbalanced
    pipeline = imblearn_pipeline.make_pipeline(
        SMOTE(random_state=0), LogisticRegression()
    )
    result = cross_validate(
        pipeline, X, y, cv=CV, scoring=multi_scorer(["iba", "gmean"])
    )
    for fold, (train, test) in enumerate(CV.split(X, y)):
        # SMOTE sees the training fold only; the test fold is scored as it is.
        X_res, y_res = SMOTE(random_state=0).fit_resample(X[train], y[train])
        y_pred = LogisticRegression().fit(X_res, y_res).predict(X[test])
        assert result["test_iba"][fold] == iba_score(y[test], y_pred)
    plain = cross_validate(LogisticRegression(), X, y, cv=CV, scoring=get_scorer("iba"))
    assert result["test_iba"].mean() > plain["test_score"].mean()


def test_tuned_threshold_beats_half_on_iba(imbalanced):
    model_selection = pytest.importorskip("sklearn.model_selection")
    if not hasattr(model_selection, "TunedThresholdClassifierCV"):
        pytest.skip("TunedThresholdClassifierCV needs scikit-learn >= 1.5")
    from sklearn.model_selection import TunedThresholdClassifierCV, train_test_split

    X, y = make_classification(
        n_samples=4000, weights=[0.95], class_sep=0.7, flip_y=0.01, random_state=3
    )
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, stratify=y, test_size=0.5, random_state=0
    )
    base = LogisticRegression().fit(X_train, y_train)
    tuned = TunedThresholdClassifierCV(
        LogisticRegression(), scoring=iba_scorer(), cv=5
    ).fit(X_train, y_train)
    assert abs(tuned.best_threshold_ - 0.5) > 0.1
    at_half = iba_score(y_test, base.predict(X_test))
    at_tuned = iba_score(y_test, tuned.predict(X_test))
    assert at_tuned > at_half + 0.1


@pytest.mark.parametrize(
    "make_scoring",
    [
        lambda: get_scorer("iba"),
        lambda: multi_scorer(["iba", "gmean", "f1"]),
    ],
)
def test_metadata_routing_weights_act_as_repetition(make_scoring, imbalanced):
    X, y = imbalanced
    weights = np.random.default_rng(0).integers(1, 4, len(y))
    folds = list(CV.split(X, y))
    with sklearn.config_context(enable_metadata_routing=True):
        scoring = make_scoring().set_score_request(sample_weight=True)
        estimator = LogisticRegression().set_fit_request(sample_weight=False)
        weighted = cross_validate(
            estimator,
            X,
            y,
            cv=folds,
            scoring=scoring,
            params={"sample_weight": weights},
        )
        unweighted = cross_validate(estimator, X, y, cv=folds, scoring=scoring)
    key = "test_iba" if "test_iba" in weighted else "test_score"
    for fold, (train, test) in enumerate(folds):
        model = LogisticRegression().fit(X[train], y[train])
        repeated = np.repeat(test, weights[test])
        expected = iba_score(y[repeated], model.predict(X[repeated]))
        assert weighted[key][fold] == pytest.approx(expected, abs=1e-12)
    assert not np.allclose(weighted[key], unweighted[key])


def test_weights_without_a_request_are_refused_under_routing(imbalanced):
    X, y = imbalanced
    with sklearn.config_context(enable_metadata_routing=True):
        estimator = LogisticRegression().set_fit_request(sample_weight=False)
        for scoring in (get_scorer("iba"), multi_scorer(["iba"])):
            with pytest.raises(Exception, match="sample_weight"):
                cross_validate(
                    estimator,
                    X,
                    y,
                    cv=CV,
                    scoring=scoring,
                    params={"sample_weight": np.ones(len(y))},
                )


def test_set_score_request_needs_routing():
    with pytest.raises(RuntimeError, match="enable_metadata_routing=True"):
        multi_scorer(["iba"]).set_score_request(sample_weight=True)
