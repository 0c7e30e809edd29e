"""multi_scorer: one predict, one count, the numbers of the separate scorers."""

import pickle
import warnings

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import get_scorer as sklearn_get_scorer
from sklearn.model_selection import GridSearchCV, cross_validate

from imbascore import get_scoring, multi_scorer
from imbascore._sklearn_from_counts import SKLEARN_FROM_COUNTS
from imbascore.multi_scorer import MultiScorer
from imbascore.scorers import BUILTIN_FACTORIES

OURS = sorted(BUILTIN_FACTORIES)
COUNTED = sorted(SKLEARN_FROM_COUNTS)
BINARY_ONLY = [
    name
    for name in COUNTED
    if name.split("_")[-1] in ("f1", "precision", "recall", "jaccard")
]


class FixedPredictions(ClassifierMixin, BaseEstimator):
    """Predicts the labels it is given, row by row; counts predict calls."""

    def __init__(self, predictions=None):
        self.predictions = predictions

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        self.n_predict_calls_ = 0
        return self

    def predict(self, X):
        self.n_predict_calls_ += 1
        return np.asarray(self.predictions)[np.asarray(X)[:, 0].astype(int)]


def _problem(n_classes, seed, n=300):
    rng = np.random.default_rng(seed)
    y = rng.choice(
        n_classes, size=n, p=np.r_[0.6, np.full(n_classes - 1, 0.4 / (n_classes - 1))]
    )
    flip = rng.random(n) < 0.3
    predictions = np.where(flip, rng.integers(0, n_classes, n), y)
    X = np.arange(n)[:, None]
    return X, y, FixedPredictions(predictions).fit(X, y)


def _separately(names, estimator, X, y, sample_weight=None, **params):
    scorers = get_scoring(names, **params)
    kwargs = {} if sample_weight is None else {"sample_weight": sample_weight}
    return {name: scorer(estimator, X, y, **kwargs) for name, scorer in scorers.items()}


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("weighted", [False, True])
def test_binary_equals_separate_scorers(seed, weighted):
    X, y, estimator = _problem(2, seed)
    weights = np.random.default_rng(seed).uniform(0.1, 3, len(y)) if weighted else None
    names = OURS + COUNTED
    together = multi_scorer(names).score(estimator, X, y, sample_weight=weights)
    apart = _separately(names, estimator, X, y, sample_weight=weights)
    assert list(together) == names
    for name in names:
        if weighted:  # weighted sums are added in a different order
            assert together[name] == pytest.approx(apart[name], rel=1e-12, abs=1e-15)
        else:
            assert together[name] == apart[name], name


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("weighted", [False, True])
def test_multiclass_equals_separate_scorers(seed, weighted):
    X, y, estimator = _problem(4, seed)
    weights = np.random.default_rng(seed).uniform(0.1, 3, len(y)) if weighted else None
    names = OURS + [name for name in COUNTED if name not in BINARY_ONLY]
    params = {"average": "macro"}
    together = multi_scorer(names, **params).score(
        estimator, X, y, sample_weight=weights
    )
    apart = _separately(names, estimator, X, y, sample_weight=weights, **params)
    for name in names:
        assert together[name] == pytest.approx(apart[name], rel=1e-12, abs=1e-15), name


def test_counted_names_equal_sklearn_scorers_on_edge_cases():
    # No predicted positives (precision undefined), a class only predicted
    # (balanced accuracy drops it), a single class, labels 1 absent.
    cases = [
        ([0, 0, 1, 1, 0], [0, 0, 0, 0, 0]),
        ([0, 0, 1, 1], [0, 2, 1, 1]),
        ([1, 1, 1], [1, 1, 1]),
        ([0, 0, 0], [0, 0, 0]),
        ([0, 1, 2, 2, 1], [2, 2, 2, 2, 2]),
    ]
    for y, predictions in cases:
        X = np.arange(len(y))[:, None]
        estimator = FixedPredictions(predictions).fit(X, y)
        for name in COUNTED:
            with warnings.catch_warnings(record=True) as expected_warnings:
                warnings.simplefilter("always")
                try:
                    expected = sklearn_get_scorer(name)(estimator, X, y)
                except ValueError:
                    with pytest.raises(ValueError):
                        multi_scorer([name]).score(estimator, X, y)
                    continue
            with warnings.catch_warnings(record=True) as our_warnings:
                warnings.simplefilter("always")
                ours = multi_scorer([name]).score(estimator, X, y)[name]
            assert ours == pytest.approx(expected, abs=1e-15), (name, y, predictions)
            assert _metric_warnings(our_warnings) == _metric_warnings(
                expected_warnings
            ), (name, y, predictions)


def _metric_warnings(records):
    """The warnings about the metric's value (not version-specific notes)."""
    return {
        record.category.__name__
        for record in records
        if issubclass(record.category, UndefinedMetricWarning)
        or "classes not in y_true" in str(record.message)
    }


def test_predict_is_called_once():
    X, y, estimator = _problem(2, 0)
    multi_scorer(OURS + COUNTED).score(estimator, X, y)
    assert estimator.n_predict_calls_ == 1


def test_other_names_are_delegated():
    X, y = make_classification(n_samples=200, weights=[0.8], random_state=0)
    model = LogisticRegression().fit(X, y)
    scores = multi_scorer(["iba", "roc_auc", "neg_log_loss"]).score(model, X, y)
    assert scores["roc_auc"] == sklearn_get_scorer("roc_auc")(model, X, y)
    assert scores["neg_log_loss"] == sklearn_get_scorer("neg_log_loss")(model, X, y)


def test_params_reach_only_scorers_that_accept_them():
    X, y, estimator = _problem(2, 1)
    scorer = multi_scorer(["iba", "weighted_accuracy", "f1"], alpha=0.5, weight=0.9)
    scores = scorer.score(estimator, X, y)
    apart = _separately(
        ["iba", "weighted_accuracy", "f1"], estimator, X, y, alpha=0.5, weight=0.9
    )
    assert scores == apart
    assert repr(scorer) == (
        "multi_scorer(['iba', 'weighted_accuracy', 'f1'], alpha=0.5, weight=0.9)"
    )


@pytest.mark.parametrize(
    "names, params, error, match",
    [
        ("iba", {}, TypeError, "must be a list of scorer names"),
        ([], {}, ValueError, "non-empty"),
        (["iba", "iba"], {}, ValueError, r"distinct names. Got \['iba'\]"),
        (["iba", "ibaa"], {}, ValueError, "Did you mean 'iba'"),
        (["iba", 3], {}, TypeError, "must hold str names"),
        (["gmean", "f1"], {"alpha": 0.1}, TypeError, r"\['alpha'\] that none"),
        (
            ["iba"],
            {"alpha": 2},
            ValueError,
            "The 'alpha' parameter of multi_scorer must be a float in the range",
        ),
        (["iba"], {"average": "micro"}, ValueError, "'average' parameter of multi"),
    ],
)
def test_bad_construction(names, params, error, match):
    with pytest.raises(error, match=match):
        multi_scorer(names, **params)


def test_pickles_and_scores_the_same():
    X, y, estimator = _problem(2, 2)
    scorer = multi_scorer(["iba", "gmean", "f1", "matthews_corrcoef"], alpha=0.3)
    restored = pickle.loads(pickle.dumps(scorer))
    assert isinstance(restored, MultiScorer)
    assert restored.score(estimator, X, y) == scorer.score(estimator, X, y)


def test_cross_validate_and_grid_search_refit():
    X, y = make_classification(n_samples=400, weights=[0.9], random_state=0)
    names = ["iba", "gmean", "accuracy", "f1"]
    together = cross_validate(LogisticRegression(), X, y, scoring=multi_scorer(names))
    apart = cross_validate(LogisticRegression(), X, y, scoring=get_scoring(names))
    for name in names:
        np.testing.assert_array_equal(together[f"test_{name}"], apart[f"test_{name}"])

    grid = {"class_weight": [None, "balanced"]}
    results = []
    for n_jobs in (1, 2):  # n_jobs=2 sends the scorer to worker processes
        search = GridSearchCV(
            LogisticRegression(),
            grid,
            scoring=multi_scorer(names),
            refit="iba",
            n_jobs=n_jobs,
        ).fit(X, y)
        means = search.cv_results_["mean_test_iba"]
        assert search.best_index_ == int(np.argmax(means))
        assert search.best_score_ == means.max()
        results.append(means)
    np.testing.assert_array_equal(*results)
