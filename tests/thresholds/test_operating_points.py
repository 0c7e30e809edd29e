"""Operating points: the five score functions, operating_point, best_threshold's
constraint and their scorers, each against a brute force over every threshold."""

import pickle
import warnings

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import LinearSVC

from imbascore import (
    best_threshold,
    confusion_counts,
    get_scorer,
    operating_point,
    precision_at_recall_score,
    recall_at_precision_score,
    sensitivity_at_specificity_score,
    specificity_at_sensitivity_score,
    threshold_curve,
    tpr_at_fpr_score,
)

#: function -> (objective, constraint metric, operator, bound parameter)
SCORES = {
    recall_at_precision_score: ("tpr", "ppv", ">=", "min_precision"),
    precision_at_recall_score: ("ppv", "tpr", ">=", "min_recall"),
    sensitivity_at_specificity_score: ("tpr", "tnr", ">=", "min_specificity"),
    specificity_at_sensitivity_score: ("tnr", "tpr", ">=", "min_sensitivity"),
    tpr_at_fpr_score: ("tpr", "fpr", "<=", "max_fpr"),
}


def _rates(y_true, y_score, threshold, pos_label, weights):
    """The rates of ``y_score >= threshold`` counted by hand."""
    w = np.ones(len(y_true)) if weights is None else np.asarray(weights, float)
    positive = np.asarray(y_true) == pos_label
    acted = np.asarray(y_score) >= threshold
    tp = w[positive & acted].sum()
    fn = w[positive & ~acted].sum()
    fp = w[~positive & acted].sum()
    tn = w[~positive & ~acted].sum()
    nan = float("nan")
    return {
        "tpr": tp / (tp + fn) if tp + fn else nan,
        "tnr": tn / (tn + fp) if tn + fp else nan,
        "fpr": fp / (tn + fp) if tn + fp else nan,
        "ppv": tp / (tp + fp) if tp + fp else nan,
    }


def _brute_force(y_true, y_score, objective, metric, operator, bound, pos_label, w):
    """The best objective over every distinct score (None: none allowed)."""
    best = None
    for threshold in np.unique(y_score):
        rates = _rates(y_true, y_score, threshold, pos_label, w)
        value = rates[metric]
        if np.isnan(value) or np.isnan(rates[objective]):
            continue
        if (value >= bound) if operator == ">=" else (value <= bound):
            best = rates[objective] if best is None else max(best, rates[objective])
    return best


def _data(seed, n=150, weighted=False, labels=(0, 1)):
    rng = np.random.default_rng(seed)
    positive = rng.random(n) < 0.2
    scores = np.round(rng.normal(size=n) + 1.3 * positive, 1)  # many ties
    weights = rng.uniform(0, 3, n) if weighted else None
    if weighted:
        weights[rng.random(n) < 0.1] = 0.0
    return np.where(positive, labels[1], labels[0]), scores, weights


@pytest.mark.parametrize("function", list(SCORES), ids=lambda f: f.__name__)
@pytest.mark.parametrize("weighted", [False, True], ids=["counts", "weights"])
@pytest.mark.parametrize("pos_label", [1, 0, "yes"])
def test_scores_equal_a_brute_force_over_every_threshold(function, weighted, pos_label):
    objective, metric, operator, parameter = SCORES[function]
    labels = ("no", "yes") if pos_label == "yes" else (0, 1)
    for seed in range(4):
        y, scores, weights = _data(seed, weighted=weighted, labels=labels)
        if pos_label == 0:  # class 0 is the one scored high
            y = 1 - y
        for bound in (0.0, 0.3, 0.5, 0.8, 0.95, 1.0):
            expected = _brute_force(
                y, scores, objective, metric, operator, bound, pos_label, weights
            )
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                got = function(
                    y,
                    scores,
                    pos_label=pos_label,
                    sample_weight=weights,
                    **{parameter: bound},
                )
            if expected is None:
                assert got == 0.0
                assert any("no threshold gives" in str(w.message) for w in caught)
            else:
                assert got == pytest.approx(expected, abs=1e-12), (seed, bound)
                assert not caught


def test_unmet_constraint_warns_with_the_best_achievable_value():
    y = [0, 0, 1, 0, 1, 0]
    scores = [0.9, 0.8, 0.7, 0.6, 0.5, 0.1]  # precision at most 2/5
    with pytest.warns(UndefinedMetricWarning, match=r"best at any threshold is 0.4"):
        assert recall_at_precision_score(y, scores, min_precision=0.9) == 0.0
    with pytest.raises(ValueError, match=r"best precision at any threshold is 0.4"):
        operating_point(
            y, scores, objective="recall", constraint=("precision", ">=", 0.9)
        )
    with pytest.raises(ValueError, match=r"best precision at any threshold is 0.4"):
        best_threshold(y, scores, "recall", constraint=("precision", ">=", 0.9))


@pytest.mark.parametrize("weighted", [False, True])
def test_operating_point_is_the_brute_force_threshold_with_its_counts(weighted):
    y, scores, weights = _data(3, n=300, weighted=weighted)
    point = operating_point(
        y,
        scores,
        objective="recall",
        constraint=("precision", ">=", 0.6),
        sample_weight=weights,
        n_resamples=300,
        random_state=0,
    )
    expected = _brute_force(y, scores, "tpr", "ppv", ">=", 0.6, 1, weights)
    assert point.value == pytest.approx(expected, abs=1e-12)
    rates = _rates(y, scores, point.threshold, 1, weights)
    assert point.value == pytest.approx(rates["tpr"], abs=1e-12)
    assert point.constraint_value == pytest.approx(rates["ppv"], abs=1e-12)
    assert point.constraint_value >= 0.6
    by_hand = confusion_counts(
        y, (scores >= point.threshold).astype(int), sample_weight=weights
    )
    np.testing.assert_allclose(point.counts.matrix, by_hand.matrix, atol=1e-9)
    assert point.low <= point.value <= point.high
    assert point.threshold_low <= point.threshold <= point.threshold_high
    assert point.threshold == best_threshold(
        y,
        scores,
        "recall",
        sample_weight=weights,
        constraint=("precision", ">=", 0.6),
    )
    text = repr(point)
    assert text.startswith("OperatingPoint(threshold=") and "precision" in text


def test_operating_point_counts_follow_a_positive_label_that_sorts_first():
    y = np.array(["yes", "no", "yes", "no", "no", "yes", "no", "no"])
    scores = np.array([0.9, 0.8, 0.7, 0.4, 0.3, 0.35, 0.2, 0.1])
    point = operating_point(
        y,
        scores,
        objective="recall",
        constraint=("precision", ">=", 0.6),
        pos_label="yes",
        n_resamples=50,
        random_state=0,
    )
    predicted = np.where(scores >= point.threshold, "yes", "no")
    expected = confusion_counts(y, predicted)
    assert list(point.counts.labels) == ["no", "yes"]
    np.testing.assert_array_equal(point.counts.matrix, expected.matrix)


def test_operating_point_interval_reselects_the_threshold():
    """The bootstrap chooses the threshold again: its thresholds vary, and the
    objective's interval is wider than that of the fixed threshold's rate."""
    y, scores, _ = _data(5, n=400)
    point = operating_point(
        y,
        scores,
        objective="recall",
        constraint=("precision", ">=", 0.5),
        n_resamples=500,
        random_state=1,
    )
    assert point.threshold_high > point.threshold_low
    assert 0 < point.high - point.low < 1
    # the same call twice with the same seed gives the same interval
    again = operating_point(
        y,
        scores,
        objective="recall",
        constraint=("precision", ">=", 0.5),
        n_resamples=500,
        random_state=1,
    )
    assert (again.low, again.high) == (point.low, point.high)


def test_operating_point_coverage_of_the_true_objective():
    """Over data sets drawn from one known model, the interval covers the
    objective's value that the selected threshold has on the population in
    most runs (a loose check of the procedure; the benchmark measures it)."""
    rng = np.random.default_rng(0)
    covered = 0
    runs = 40
    for _ in range(runs):
        n = 400
        positive = rng.random(n) < 0.2
        scores = np.round(rng.normal(size=n) + 1.5 * positive, 2)
        point = operating_point(
            positive.astype(int),
            scores,
            objective="specificity",
            constraint=("sensitivity", ">=", 0.8),
            n_resamples=300,
            random_state=rng.integers(1 << 30),
        )
        # the population specificity at that threshold: Phi(threshold)
        from scipy.stats import norm

        true_value = norm.cdf(point.threshold - 0.005)
        covered += point.low <= true_value <= point.high
    assert covered / runs >= 0.8


@pytest.mark.parametrize(
    "constraint, match",
    [
        (("nonsense", ">=", 0.5), "a metric among"),
        (("precision", ">", 0.5), "an operator among"),
        (("precision", ">=", float("nan")), "a finite real bound"),
        (("precision", ">="), "a tuple"),
        ("precision >= 0.5", "a tuple"),
    ],
)
def test_bad_constraints_are_named(constraint, match):
    y, scores, _ = _data(0)
    with pytest.raises(ValueError, match=match) as error:
        operating_point(y, scores, objective="recall", constraint=constraint)
    assert "'constraint'" in str(error.value)
    with pytest.raises(ValueError, match=match):
        best_threshold(y, scores, "recall", constraint=constraint)


@pytest.mark.parametrize("function", list(SCORES), ids=lambda f: f.__name__)
@pytest.mark.parametrize("bound", [-0.1, 1.5, float("nan"), True, "0.9"])
def test_bounds_outside_zero_one_are_refused(function, bound):
    parameter = SCORES[function][3]
    y, scores, _ = _data(0)
    with pytest.raises(ValueError, match=rf"'{parameter}'.*\[0, 1\]"):
        function(y, scores, **{parameter: bound})
    with pytest.raises(ValueError, match=rf"'{parameter}'"):
        get_scorer(function.__name__.removesuffix("_score"), **{parameter: bound})


def test_predicted_labels_and_two_dimensional_scores_are_refused():
    y = [0, 1, 0, 1, 0]
    with pytest.raises(ValueError, match="'y_score'.*continuous.*predict_proba"):
        recall_at_precision_score(y, [0, 1, 0, 1, 1], min_precision=0.5)
    with pytest.raises(ValueError, match="y_score"):
        recall_at_precision_score(y, np.ones((5, 2)) / 2, min_precision=0.5)
    with pytest.raises(ValueError, match="'objective'"):
        operating_point(
            y,
            [0.1, 0.2, 0.3, 0.4, 0.5],
            objective="dominance",
            constraint=("precision", ">=", 0.5),
        )


def test_one_class_is_refused_by_operating_point():
    with pytest.raises(ValueError, match="both classes"):
        operating_point(
            [0, 0, 0],
            [0.1, 0.5, 0.9],
            objective="specificity",
            constraint=("fpr", "<=", 0.5),
        )


def _search_data():
    X, y = make_classification(
        n_samples=400, weights=[0.9], n_informative=4, random_state=0
    )
    return X, y


@pytest.mark.parametrize(
    "name, bound",
    [
        ("recall_at_precision", {"min_precision": 0.7}),
        ("precision_at_recall", {"min_recall": 0.5}),
        ("sensitivity_at_specificity", {"min_specificity": 0.9}),
        ("specificity_at_sensitivity", {"min_sensitivity": 0.8}),
        ("tpr_at_fpr", {"max_fpr": 0.1}),
    ],
)
def test_scorers_read_scores_not_labels(name, bound):
    X, y = _search_data()
    model = LogisticRegression().fit(X, y)
    scorer = get_scorer(name, **bound)
    function = {f.__name__: f for f in SCORES}[f"{name}_score"]
    # predict_proba's positive column gives the same thresholds' order as
    # decision_function: the score is the same
    expected = function(y, model.decision_function(X), **bound)
    assert scorer(model, X, y) == pytest.approx(expected, abs=1e-12)
    assert expected == pytest.approx(
        function(y, model.predict_proba(X)[:, 1], **bound), abs=1e-12
    )
    svc = LinearSVC(dual=False).fit(X, y)  # no predict_proba
    assert scorer(svc, X, y) == pytest.approx(
        function(y, svc.decision_function(X), **bound), abs=1e-12
    )
    assert pickle.loads(pickle.dumps(scorer))(model, X, y) == scorer(model, X, y)


def test_scorer_with_string_labels_reads_the_positive_column():
    X, y = _search_data()
    labels = np.where(y == 1, "fraud", "ok")
    model = LogisticRegression().fit(X, labels)
    scorer = get_scorer("recall_at_precision", min_precision=0.7, pos_label="fraud")
    expected = recall_at_precision_score(
        labels,
        model.predict_proba(X)[:, list(model.classes_).index("fraud")],
        min_precision=0.7,
        pos_label="fraud",
    )
    assert scorer(model, X, labels) == pytest.approx(expected, abs=1e-12)


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.UndefinedMetricWarning")
def test_grid_search_selects_by_the_operating_point():
    """A candidate that never reaches the precision (1-NN here) scores 0.0,
    with a warning, and loses; the search goes on."""
    X, y = _search_data()
    scorer = get_scorer("recall_at_precision", min_precision=0.7)
    search = GridSearchCV(
        KNeighborsClassifier(),
        {"n_neighbors": [1, 15]},
        scoring=scorer,
        cv=StratifiedKFold(3),
    ).fit(X, y)
    # each candidate's fold scores are the function on its fold's scores
    folds = list(StratifiedKFold(3).split(X, y))
    for index, params in enumerate(search.cv_results_["params"]):
        for split, (train, test) in enumerate(folds):
            model = KNeighborsClassifier(**params).fit(X[train], y[train])
            expected = recall_at_precision_score(
                y[test], model.predict_proba(X[test])[:, 1], min_precision=0.7
            )
            got = search.cv_results_[f"split{split}_test_score"][index]
            assert got == pytest.approx(expected, abs=1e-12)
    assert list(search.cv_results_["mean_test_score"][:1]) == [0.0]
    assert search.best_params_ == {"n_neighbors": 15}


def test_scorer_factories_check_their_parameters():
    with pytest.raises(TypeError, match="'min_precision' is missing"):
        get_scorer("recall_at_precision")
    with pytest.raises(TypeError, match="unexpected|takes"):
        get_scorer("recall_at_precision", min_precision=0.5, min_recall=0.5)


def test_best_threshold_with_a_constraint_equals_the_operating_point_choice():
    y, scores, weights = _data(7, n=300, weighted=True)
    curve = threshold_curve(
        y,
        scores,
        metrics=["iba", "specificity"],
        sample_weight=weights,
    )
    allowed = curve.values["specificity"] >= 0.7
    best = np.max(curve.values["iba"][allowed])
    expected = curve.thresholds[allowed & (curve.values["iba"] == best)]
    got = best_threshold(
        y,
        scores,
        "iba",
        sample_weight=weights,
        constraint=("specificity", ">=", 0.7),
    )
    assert got in expected


@pytest.mark.parametrize(
    "objective, params",
    [("iba", {}), ("expected_cost", {"cost_matrix": [[0, 1], [8, 0]]})],
)
def test_without_a_constraint_it_is_the_best_threshold(objective, params):
    y, scores, weights = _data(9, n=300, weighted=True)
    point = operating_point(
        y,
        scores,
        objective=objective,
        sample_weight=weights,
        n_resamples=200,
        random_state=0,
        **params,
    )
    expected = best_threshold(y, scores, objective, sample_weight=weights, **params)
    assert point.threshold == expected
    assert point.constraint is None and point.value == point.constraint_value
    assert point.low <= point.value <= point.high
    assert "(>=" not in str(point) and "(<=" not in str(point)
    assert "constraint=None" in repr(point)


class _CountingModel(LogisticRegression):
    calls = 0

    def decision_function(self, X):
        type(self).calls += 1
        return super().decision_function(X)


def test_a_scorer_in_a_grid_search_asks_for_scores_once_per_fold():
    X, y = _search_data()
    _CountingModel.calls = 0
    GridSearchCV(
        _CountingModel(),
        {"C": [0.1, 1.0]},
        scoring=get_scorer("recall_at_precision", min_precision=0.1),
        cv=3,
        refit=False,
    ).fit(X, y)
    assert _CountingModel.calls == 2 * 3
