"""multi_scorer: one predict, one count, the numbers of the separate scorers."""

import copy
import gc
import itertools
import pickle
import re
import warnings
import weakref
from functools import partial

import joblib
import numpy as np
import pytest
import sklearn
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.inspection import permutation_importance
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import get_scorer as sklearn_get_scorer
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate

from imbascore import get_scoring, iba_scorer, multi_scorer, register_scorer
from imbascore._metrics.sklearn_from_counts import SKLEARN_FROM_COUNTS
from imbascore._scorer.factories import BUILTIN_FACTORIES
from imbascore._scorer.multi_scorer import MultiScorer

OURS = sorted(BUILTIN_FACTORIES)
# The _samples names need multilabel targets (tests/core/test_multilabel.py).
COUNTED = sorted(name for name in SKLEARN_FROM_COUNTS if not name.endswith("_samples"))
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
        ([0, 0, 0, 0], [0, 1, 0, 0]),  # two classes, one only predicted
        ([1, 0, 1, 1], [1, 1, 1, 1]),  # two classes, one only true
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
        (["iba"], {"average": "mean"}, ValueError, "'average' parameter of multi"),
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


# Each name on its own, exactly as get_scoring: scikit-learn scores a dict
# name by name, and multi_scorer is such a dict.

CV = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)


class CountingClassifier(ClassifierMixin, BaseEstimator):
    """A logistic regression that counts the predict calls of each fitted copy.

    ``LOG`` collects the number of the fit each call predicts from (in this
    process), for searches, which do not return their fitted copies.
    """

    LOG = []
    FITS = itertools.count()

    def __init__(self, C=1.0, fail_predict=False, predict_scores=False):
        self.C = C
        self.fail_predict = fail_predict
        self.predict_scores = predict_scores

    def fit(self, X, y, sample_weight=None):
        self.model_ = LogisticRegression(C=self.C).fit(X, y)
        self.classes_ = self.model_.classes_
        self.n_predict_calls_ = 0
        self.fit_number_ = next(CountingClassifier.FITS)
        return self

    def predict(self, X):
        self.n_predict_calls_ += 1
        CountingClassifier.LOG.append(self.fit_number_)
        if self.fail_predict:
            raise RuntimeError("predict failed on purpose")
        if self.predict_scores:  # not labels: the metrics refuse them
            return self.model_.predict_proba(X)[:, 1]
        return self.model_.predict(X)

    def predict_proba(self, X):
        return self.model_.predict_proba(X)

    def decision_function(self, X):
        return self.model_.decision_function(X)


def _data(kind):
    n_classes = 3 if "three" in kind else 2
    X, y = make_classification(
        n_samples=240,
        n_features=6,
        n_informative=4,
        n_classes=n_classes,
        weights=[0.7, 0.2] if n_classes == 3 else [0.8],
        random_state=0,
    )
    if "strings" in kind:
        y = np.array(["neg", "pos", "other"])[y]
    return X, y


# case -> (data, names, params, the names that fail, estimator options)
CASES = {
    # A binary scorer with pos_label=1 on string labels: only "iba" fails.
    "pos_label=1 on strings": (
        "binary strings",
        ["iba", "balanced_accuracy", "f1_macro", "matthews_corrcoef"],
        {},
        {"iba"},
        {},
    ),
    # The same after a name that predicted: scikit-learn hands that
    # prediction to the next names without checking their pos_label, and
    # their metrics refuse it, with their own errors.
    "pos_label=1 on strings, after a prediction": (
        "binary strings",
        ["balanced_accuracy", "iba", "f1", "f1_macro"],
        {},
        {"iba", "f1"},
        {},
    ),
    # A binary metric of ours (default average) on 3 classes, beside
    # averaged ones and a scorer that is not read off the count.
    "binary iba on 3 classes": (
        "three classes",
        ["balanced_accuracy", "iba", "f1_macro", "iba_macro", "recall_weighted"],
        {},
        {"iba"},
        {},
    ),
    # Ours averaged; scikit-learn's binary f1 and roc_auc fail on 3 classes.
    "binary f1 on 3 classes": (
        "three classes",
        ["iba", "gmean", "f1", "balanced_accuracy", "roc_auc"],
        {"average": "macro", "alpha": 0.2},
        {"f1", "roc_auc"},
        {},
    ),
    # 3 string classes: scikit-learn < 1.6 refuses pos_label=1 before
    # predicting, later versions fail in the metric; the same either way.
    "pos_label=1 on 3 string classes": (
        "three classes strings",
        ["f1", "accuracy", "iba", "f1_weighted"],
        {},
        {"f1", "iba"},
        {},
    ),
    # predict returns scores, not labels: the count fails, and each counted
    # name with its own error; roc_auc (predict_proba) is scored.
    "predict returns scores": (
        "binary",
        ["iba", "accuracy", "roc_auc", "f1_macro"],
        {},
        {"iba", "accuracy", "f1_macro"},
        {"predict_scores": True},
    ),
    # predict fails: every name fails, each on its own.
    "predict fails": (
        "binary",
        ["iba", "accuracy", "gmean"],
        {},
        {"iba", "accuracy", "gmean"},
        {"fail_predict": True},
    ),
}


def _case(case):
    data, names, params, failing, options = CASES[case]
    if "iba_macro" in names:  # a registered name: its own scorer
        register_scorer("iba_macro", partial(iba_scorer, average="macro"))
    X, y = _data(data)
    return X, y, names, params, failing, CountingClassifier(**options)


def _warning_lines(records):
    """Each warning's category, first line and last line (for a failed
    scorer, the exception; the traceback above it differs)."""
    notes = []
    for record in records:
        lines = str(record.message).strip().splitlines()
        notes.append((record.category.__name__, lines[0], lines[-1]))
    return notes


def _failures(warning_lines):
    """The warnings of scorers that failed."""
    return [line for line in warning_lines if line[1].startswith("Scoring failed")]


def _outcome(run):
    """``run()``'s result and warnings, or the exception it raised."""
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        try:
            result = run()
        except Exception as error:
            return "raised", (type(error), str(error))
    return result, _warning_lines(records)


# n_jobs=2 sends the scorer to worker processes: 5-15 s a case for the pool's
# start-up, so these run with the slow tests; test_cross_validate_and_grid_search_refit
# keeps one n_jobs=2 run in the default set.
N_JOBS = [1, pytest.param(2, marks=pytest.mark.slow)]


def _error(outcome, n_jobs):
    """A raised error's type and message. With workers, the fold that fails
    first varies from run to run, so the numbers it quotes are masked."""
    raised, (error_type, message) = outcome
    if n_jobs > 1:
        message = re.sub(r"\d+\.\d+(e[-+]?\d+)?", "<float>", message)
    return raised, error_type, message


def _scorings(case):
    X, y, names, params, failing, estimator = _case(case)
    return (
        X,
        y,
        names,
        failing,
        estimator,
        (
            get_scoring(names, **params),
            multi_scorer(names, **params),
        ),
    )


@pytest.mark.parametrize("n_jobs", N_JOBS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_cross_validate_nan_name_by_name_as_get_scoring(case, n_jobs):
    X, y, names, failing, estimator, (apart, together) = _scorings(case)
    outcomes = [
        _outcome(
            lambda scoring=scoring: cross_validate(
                estimator,
                X,
                y,
                cv=CV,
                scoring=scoring,
                error_score=np.nan,
                n_jobs=n_jobs,
                return_train_score=True,
            )
        )
        for scoring in (apart, together)
    ]
    (expected, expected_warnings), (result, result_warnings) = outcomes
    assert sorted(result) == sorted(expected)
    for name in names:
        for split in ("test", "train"):
            key = f"{split}_{name}"
            np.testing.assert_array_equal(result[key], expected[key], err_msg=key)
        # The case means what it says: the failing names, and only they, fail.
        assert np.isnan(expected[f"test_{name}"]).all() == (name in failing), name
        assert not np.isnan(expected[f"test_{name}"]).any() or name in failing
    if n_jobs == 1:  # warnings of worker processes do not come back
        assert result_warnings == expected_warnings
        assert any("Scoring failed" in line for _, line, _ in expected_warnings)


@pytest.mark.parametrize("n_jobs", N_JOBS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_cross_validate_raise_as_get_scoring(case, n_jobs):
    X, y, names, failing, estimator, (apart, together) = _scorings(case)
    outcomes = [
        _outcome(
            lambda scoring=scoring: cross_validate(
                estimator,
                X,
                y,
                cv=CV,
                scoring=scoring,
                error_score="raise",
                n_jobs=n_jobs,
            )
        )
        for scoring in (apart, together)
    ]
    assert outcomes[0][0] == "raised"
    assert _error(outcomes[1], n_jobs) == _error(outcomes[0], n_jobs)


@pytest.mark.parametrize("error_score", ["raise", np.nan])
@pytest.mark.parametrize("n_jobs", N_JOBS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_grid_search_refit_as_get_scoring(case, n_jobs, error_score):
    X, y, names, failing, estimator, (apart, together) = _scorings(case)
    refit = next((name for name in names if name not in failing), False)

    def search(scoring):
        fitted = GridSearchCV(
            estimator,
            {"C": [0.05, 1.0]},
            scoring=scoring,
            refit=refit,
            cv=CV,
            n_jobs=n_jobs,
            error_score=error_score,
        ).fit(X, y)
        results = {
            key: value for key, value in fitted.cv_results_.items() if "test_" in key
        }
        if not refit:
            return results
        return results, fitted.best_index_, fitted.score(X, y)

    expected, expected_warnings = _outcome(lambda: search(apart))
    result, result_warnings = _outcome(lambda: search(together))
    if error_score == "raise":
        assert expected == "raised"
        assert _error((result, result_warnings), n_jobs) == _error(
            (expected, expected_warnings), n_jobs
        )
        return
    if refit:
        assert result[1:] == expected[1:]
        result, expected = result[0], expected[0]
    assert sorted(result) == sorted(expected)
    for key in expected:
        np.testing.assert_array_equal(result[key], expected[key], err_msg=key)
    for name in names:
        assert np.isnan(expected[f"mean_test_{name}"]).all() == (name in failing)
    if n_jobs == 1:
        assert result_warnings == expected_warnings


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.UndefinedMetricWarning")
@pytest.mark.filterwarnings("ignore:One or more of the test scores are non-finite")
def test_predict_once_per_fold_and_pass():
    # LR+ of a fold without false positives is undefined (NaN, warned): the
    # calls to predict are what this test counts.
    X, y = _data("binary")
    names = OURS + COUNTED
    weights = np.random.default_rng(0).uniform(0.5, 2, len(y))
    for scoring in (get_scoring(names), multi_scorer(names)):
        result = cross_validate(
            CountingClassifier(),
            X,
            y,
            cv=CV,
            scoring=scoring,
            return_estimator=True,
            return_train_score=True,  # a second pass, on other data
        )
        # one call for the train fold, one for the test fold
        assert [model.n_predict_calls_ for model in result["estimator"]] == [2] * 4

    # A failing predict: each name calls it again through its own scorer
    # (as scikit-learn's cache keeps no failure), the shared pass once more.
    for scoring, calls in (
        (get_scoring(names), len(names)),
        (multi_scorer(names), len(names) + 1),
    ):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            result = cross_validate(
                CountingClassifier(fail_predict=True),
                X,
                y,
                cv=CV,
                scoring=scoring,
                return_estimator=True,
                error_score=np.nan,
            )
        assert np.isnan(result["test_iba"]).all()
        assert [model.n_predict_calls_ for model in result["estimator"]] == [calls] * 4

    CountingClassifier.LOG.clear()
    grid = {"C": [0.1, 1.0, 10.0]}
    search = GridSearchCV(
        CountingClassifier(), grid, scoring=multi_scorer(names), refit="iba", cv=CV
    )
    search.fit(X, y)
    assert len(CountingClassifier.LOG) == 3 * 4  # candidates x folds
    assert len(set(CountingClassifier.LOG)) == 3 * 4  # each its own fitted copy

    # Under metadata routing, with sample weights routed to every name.
    with sklearn.config_context(enable_metadata_routing=True):
        scoring = multi_scorer(names).set_score_request(sample_weight=True)
        result = cross_validate(
            CountingClassifier().set_fit_request(sample_weight=False),
            X,
            y,
            cv=CV,
            scoring=scoring,
            params={"sample_weight": weights},
            return_estimator=True,
        )
    assert [model.n_predict_calls_ for model in result["estimator"]] == [1] * 4


def test_metadata_routing_weights_as_get_scoring():
    X, y = _data("three classes")
    names = ["iba", "gmean", "balanced_accuracy", "f1_macro", "roc_auc_ovr"]
    weights = np.random.default_rng(1).integers(1, 5, len(y))

    def run(scoring, **params):
        return cross_validate(
            CountingClassifier().set_fit_request(sample_weight=False),
            X,
            y,
            cv=CV,
            scoring=scoring,
            params=params,
            return_estimator=True,
        )

    with sklearn.config_context(enable_metadata_routing=True):
        apart = get_scoring(names, average="macro")
        for scorer in apart.values():
            scorer.set_score_request(sample_weight=True)
        together = multi_scorer(names, average="macro")
        assert together.set_score_request(sample_weight=True) is together
        expected = run(apart, sample_weight=weights)
        result = run(together, sample_weight=weights)
        unweighted = run(together)
    for name in names:
        key = f"test_{name}"
        np.testing.assert_array_equal(result[key], expected[key], err_msg=key)
        assert not np.array_equal(result[key], unweighted[key]), key
    # predict_proba for roc_auc_ovr is not counted; predict once per fold
    assert [model.n_predict_calls_ for model in result["estimator"]] == [1] * 4


def test_search_fit_weights_without_routing_as_get_scoring():
    # scikit-learn >= 1.9 hands GridSearchCV.fit's sample_weight to the
    # scorers that accept it; older versions to the estimator only.
    X, y = _data("binary")
    names = ["iba", "gmean", "accuracy", "f1"]
    weights = np.random.default_rng(2).integers(1, 5, len(y))
    results = []
    for scoring in (get_scoring(names), multi_scorer(names)):
        search = GridSearchCV(
            LogisticRegression(), {"C": [0.1, 1.0]}, scoring=scoring, refit="iba", cv=CV
        ).fit(X, y, sample_weight=weights)
        results.append(
            {
                key: value
                for key, value in search.cv_results_.items()
                if key.startswith("split")
            }
        )
    assert results[0].keys() == results[1].keys()
    for key in results[0]:
        np.testing.assert_array_equal(results[1][key], results[0][key], err_msg=key)


def test_a_refit_between_passes_gives_fresh_numbers():
    X, y, estimator = _problem(2, 0)
    _, _, other = _problem(2, 1)
    names = OURS + COUNTED
    scorer = multi_scorer(names)
    first = {name: scorer[name](estimator, X, y) for name in names}
    assert first == _separately(names, estimator, X, y)
    # The same estimator object refitted, the same X and y objects.
    estimator.set_params(predictions=other.predictions).fit(X, y)
    second = {name: scorer[name](estimator, X, y) for name in names}
    assert second == _separately(names, estimator, X, y)
    assert second != first
    assert estimator.n_predict_calls_ == 1 + len(names)  # one pass, then separately

    # One name twice in a row: the second call is a new pass.
    iba = scorer["iba"]
    before = iba(estimator, X, y)
    estimator.set_params(predictions=_problem(2, 2)[2].predictions).fit(X, y)
    assert iba(estimator, X, y) == _separately(["iba"], estimator, X, y)["iba"]
    assert iba(estimator, X, y) != before


def test_names_share_a_count_only_on_the_same_four_objects():
    X, y, estimator = _problem(2, 4)
    _, other_y, other = _problem(2, 5)
    weights = np.random.default_rng(4).uniform(0.5, 2, len(y))
    names = ["iba", "gmean", "accuracy", "f1"]
    scorer = multi_scorer(names)
    cases = [
        ((estimator, X, y, None), (other, X, y, None)),
        ((estimator, X, y, None), (estimator, X[::-1].copy(), y, None)),
        ((estimator, X, y, None), (estimator, X, other_y, None)),
        ((estimator, X, y, None), (estimator, X, y, weights)),
        ((estimator, X, y, weights), (estimator, X, y, weights[::-1].copy())),
    ]
    for first, second in cases:
        # The names alternate between two sets of arguments.
        for name, args in zip(names, [first, second, first, second]):
            value = scorer[name](*args[:3], sample_weight=args[3])
            expected = _separately([name], *args[:3], sample_weight=args[3])[name]
            assert value == pytest.approx(expected, rel=1e-12, abs=1e-15), name


def test_a_pass_keeps_nothing_alive_once_every_name_is_served():
    X, y, estimator = _problem(2, 6)
    scorer = multi_scorer(["iba", "gmean", "roc_auc"])
    alive = weakref.ref(estimator)
    scorer["iba"](estimator, X, y)
    scorer["gmean"](estimator, X, y)  # roc_auc is its own scorer
    del estimator
    gc.collect()
    assert alive() is None

    # A pass left open by a direct call is closed by score().
    names = ["iba", "gmean", "accuracy"]
    scorer = multi_scorer(names)
    estimator = FixedPredictions(_problem(2, 7)[2].predictions).fit(X, y)
    alive = weakref.ref(estimator)
    scorer["gmean"](estimator, X, y)
    estimator.set_params(predictions=_problem(2, 8)[2].predictions).fit(X, y)
    assert scorer.score(estimator, X, y) == _separately(names, estimator, X, y)
    del estimator
    gc.collect()
    assert alive() is None


class NoClassesClassifier(ClassifierMixin, BaseEstimator):
    """A classifier without ``classes_``, which scikit-learn's scorers read."""

    def fit(self, X, y):
        return self

    def predict(self, X):
        return np.asarray(X)[:, 0].astype(int) % 2


def _value_or_error(run):
    """``run()``'s value, or the type and message of its error (warnings of
    the counted scikit-learn names are compared in the edge-case test)."""
    outcome = _outcome(run)
    return outcome if outcome[0] == "raised" else outcome[0]


@pytest.mark.parametrize("params", [{}, {"average": "macro"}])
def test_pos_label_is_checked_against_classes_name_by_name(params):
    # classes_ is [0, 2]: pos_label=1 is refused by the separate scorer even
    # on a fold whose labels (all 0) would let the count score it.
    X = np.arange(20)[:, None]
    y = np.r_[[0] * 5, [2] * 5, [0] * 10]
    train, test = np.arange(10), np.arange(10, 20)
    estimator = FixedPredictions(np.zeros(20, dtype=int))
    names = ["iba", "balanced_accuracy", "f1", "accuracy", "gmean"]
    fitted = sklearn.clone(estimator).fit(X[train], y[train])
    for name in names:  # each name alone: the pos_label of each is checked
        assert _value_or_error(
            lambda: multi_scorer(names, **params)[name](fitted, X[test], y[test])
        ) == _value_or_error(
            lambda: get_scoring(names, **params)[name](fitted, X[test], y[test])
        )
    # Within scikit-learn's pass, until a name has predicted.
    for n_jobs, error_score in ((1, np.nan), (2, np.nan), (1, "raise")):
        outcomes = [
            _outcome(
                lambda scoring=scoring: _one_fold(
                    scoring,
                    estimator,
                    X,
                    y,
                    train=train,
                    test=test,
                    n_jobs=n_jobs,
                    error_score=error_score,
                )
            )
            for scoring in (get_scoring(names, **params), multi_scorer(names, **params))
        ]
        if outcomes[0][0] == "raised":
            assert outcomes[1] == outcomes[0]
            continue
        (expected, expected_warnings), (result, result_warnings) = outcomes
        for name in names:
            key = f"test_{name}"
            np.testing.assert_array_equal(result[key], expected[key], err_msg=key)
        if n_jobs == 1:  # scikit-learn also warns of the single label
            assert _failures(result_warnings) == _failures(expected_warnings)
            assert bool(_failures(expected_warnings)) == (params == {})  # iba
    assert _outcome(lambda: multi_scorer(names)["iba"](fitted, X[test], y[test]))[
        0
    ] == ("raised")

    # A classifier without classes_ fails every name, as each scorer does.
    model = NoClassesClassifier().fit(X, y)
    scoring, expected = multi_scorer(names, **params), get_scoring(names, **params)
    for name in names:
        outcome = _value_or_error(lambda: scoring[name](model, X, y))
        assert isinstance(outcome, tuple), name
        assert outcome == _value_or_error(lambda: expected[name](model, X, y))


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.UndefinedMetricWarning")
def test_threads_sharing_a_multi_scorer_keep_their_own_passes():
    X, y = _data("binary")
    names = OURS + COUNTED
    cv = StratifiedKFold(n_splits=10, shuffle=True, random_state=1)
    results = []
    with joblib.parallel_backend("threading", n_jobs=4):
        for scoring in (get_scoring(names), multi_scorer(names)):
            results.append(
                cross_validate(
                    CountingClassifier(),
                    X,
                    y,
                    cv=cv,
                    scoring=scoring,
                    return_estimator=True,
                )
            )
    for name in names:
        key = f"test_{name}"
        np.testing.assert_array_equal(results[1][key], results[0][key], err_msg=key)
    assert [model.n_predict_calls_ for model in results[1]["estimator"]] == [1] * 10


def _one_fold(scoring, estimator, X, y, *, train=None, test=None, **options):
    """scikit-learn's pass over a dict of scorers on one fold."""
    everything = np.arange(len(y))
    train = everything if train is None else train
    test = everything if test is None else test
    return cross_validate(
        estimator, X, y, cv=[(train, test)], scoring=scoring, **options
    )


@pytest.mark.parametrize(
    "names, message",
    [
        # gmean checks pos_label=1 against classes_ before predicting.
        (["gmean", "balanced_accuracy", "iba"], "pos_label=1 is not a valid label"),
        # balanced_accuracy predicted first: scikit-learn hands its prediction
        # to gmean unchecked, and the metric itself refuses pos_label=1.
        (["balanced_accuracy", "gmean", "iba"], "geometric_mean_score must be one"),
    ],
)
def test_score_raises_the_first_failing_names_error(names, message):
    X, y = _data("binary strings")
    model = LogisticRegression().fit(X, y)
    expected = _outcome(
        lambda: _one_fold(
            get_scoring(names), LogisticRegression(), X, y, error_score="raise"
        )
    )
    raised = _outcome(lambda: multi_scorer(names).score(model, X, y))
    assert raised == expected
    assert message in raised[1][1]
    scores = multi_scorer(names, pos_label="pos").score(model, X, y)
    assert scores == _separately(names, model, X, y, pos_label="pos")


def test_a_dict_of_scorers_not_a_callable():
    scorer = multi_scorer(["iba", "roc_auc", "f1"], alpha=0.3)
    assert isinstance(scorer, dict) and not callable(scorer)
    assert list(scorer) == ["iba", "roc_auc", "f1"]
    assert repr(scorer) == "multi_scorer(['iba', 'roc_auc', 'f1'], alpha=0.3)"
    assert repr(scorer["iba"]) == f"{scorer!r}['iba']"
    assert all(callable(value) for value in scorer.values())
    # Names not read off the count are their own, ordinary scorer.
    assert repr(scorer["roc_auc"]) == repr(sklearn_get_scorer("roc_auc"))


def _parents_are(scorer, parent):
    counted = [value for value in scorer.values() if hasattr(value, "_parent")]
    return bool(counted) and all(value._parent is parent for value in counted)


def test_pickle_deepcopy_and_clone_keep_each_name_with_its_own_parent():
    X, y = _data("binary")
    estimator = LogisticRegression().fit(X, y)
    scorer = multi_scorer(["iba", "gmean", "f1", "roc_auc"], alpha=0.3)
    fresh_size = len(pickle.dumps(scorer))
    scorer["iba"](estimator, X, y)  # a pass left open: it holds X and y
    assert len(pickle.dumps(scorer)) == fresh_size  # ... which are not saved
    search = GridSearchCV(estimator, {"C": [1.0]}, scoring=scorer, refit="iba")
    for copied in (
        pickle.loads(pickle.dumps(scorer)),
        copy.deepcopy(scorer),
        sklearn.clone(search).scoring,
    ):
        assert isinstance(copied, MultiScorer) and copied is not scorer
        assert repr(copied) == repr(scorer)
        assert _parents_are(copied, copied)
        assert copied.score(estimator, X, y) == scorer.score(estimator, X, y)
    assert _parents_are(scorer, scorer)


def test_a_fitted_search_saves_and_scores_the_same():
    X, y = _data("binary")
    search = GridSearchCV(
        LogisticRegression(),
        {"C": [0.1, 1.0]},
        scoring=multi_scorer(["iba", "gmean", "accuracy"], alpha=0.2),
        refit="iba",
        cv=CV,
    ).fit(X, y)
    restored = pickle.loads(pickle.dumps(search))
    assert restored.score(X, y) == search.score(X, y)
    assert search.score(X, y) == get_scoring(["iba"], alpha=0.2)["iba"](
        search.best_estimator_, X, y
    )


def test_routing_errors_name_the_scorer_of_the_name():
    X, y = _data("binary")
    with sklearn.config_context(enable_metadata_routing=True):
        estimator = LogisticRegression().set_fit_request(sample_weight=False)
        scoring = multi_scorer(["gmean", "iba"])
        scoring["gmean"].set_score_request(sample_weight=True)
        with pytest.raises(Exception, match=r"MultiScorer\['iba'\]\.score"):
            cross_validate(
                estimator,
                X,
                y,
                cv=CV,
                scoring=scoring,
                params={"sample_weight": 1.0 + y},
            )


def test_permutation_importance_shuffling_x_in_place_as_get_scoring():
    # permutation_importance scores one copy of X, shuffled in place between
    # calls: each call is a pass of its own.
    X, y = _data("binary")
    model = LogisticRegression().fit(X, y)
    names = ["iba", "gmean", "accuracy", "f1", "roc_auc"]
    results = [
        permutation_importance(
            model, X, y, scoring=scoring, n_repeats=3, random_state=0
        )
        for scoring in (get_scoring(names), multi_scorer(names))
    ]
    for name in names:
        np.testing.assert_array_equal(
            results[1][name]["importances"], results[0][name]["importances"]
        )
        assert np.abs(results[0][name]["importances"]).max() > 0


def test_single_label_warnings_as_sklearn():
    X = np.arange(6)[:, None]
    estimator = FixedPredictions(np.zeros(6, dtype=int)).fit(X, np.r_[0, 0, 0, 1, 1, 1])
    names = ["balanced_accuracy", "matthews_corrcoef"]
    y = np.zeros(6, dtype=int)
    for name in names:
        assert _outcome(lambda: multi_scorer(names)[name](estimator, X, y)) == _outcome(
            lambda: get_scoring(names)[name](estimator, X, y)
        ), name


def test_a_bug_in_the_shared_pass_is_raised_not_hidden(monkeypatch):
    # The shared pass hands to a name's own scorer only what the data or the
    # estimator refuse; an error of its own (here a KeyError) propagates
    # instead of quietly making scoring slower.
    import importlib

    # (imbascore._scorer.multi_scorer, the attribute, is the function of that name)
    module = importlib.import_module("imbascore._scorer.multi_scorer")

    def broken(options, counts):
        raise KeyError("a bug in the shared pass")

    monkeypatch.setattr(module, "plain_value", broken)
    X = np.random.default_rng(0).random((40, 2))
    y = (X[:, 0] > 0.6).astype(int)
    model = LogisticRegression().fit(X, y)
    with pytest.raises(KeyError, match="a bug in the shared pass"):
        multi_scorer(["iba", "gmean"]).score(model, X, y)
