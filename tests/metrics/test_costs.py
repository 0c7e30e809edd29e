"""Expected cost: the metric, the counts' method, the scorer, the threshold
curve and the Bayes-optimal threshold, against hand sums."""

import pickle

import numpy as np
import pytest
import sklearn
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate

from imbascore import (
    best_threshold,
    confusion_counts,
    cost_threshold,
    expected_cost_score,
    get_scorer,
    threshold_curve,
)


def _hand_sum(y_true, y_pred, costs, labels, weights=None):
    """sum_s w_s C[y_s, yhat_s] / sum_s w_s, one sample at a time."""
    weights = np.ones(len(y_true)) if weights is None else weights
    where = {label: i for i, label in enumerate(labels)}
    costs = np.asarray(costs, dtype=float)
    total = 0.0
    for s, (t, p) in enumerate(zip(y_true, y_pred)):
        matrix = costs[s] if costs.ndim == 3 else costs
        total += weights[s] * matrix[where[t], where[p]]
    return total / np.sum(weights)


def _multiclass(seed, n=200, k=3, labels=None):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    pred = np.where(rng.random(n) < 0.6, y, rng.integers(0, k, n))
    if labels is not None:
        y, pred = np.asarray(labels)[y], np.asarray(labels)[pred]
    return y, pred, rng.uniform(0, 2, n), rng.uniform(0, 10, (k, k))


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("weighted", [False, True])
def test_equals_the_hand_sum(k, weighted):
    y, pred, weights, costs = _multiclass(k, k=k)
    w = weights if weighted else None
    labels = sorted(set(y) | set(pred))
    got = expected_cost_score(y, pred, cost_matrix=costs, sample_weight=w)
    assert got == pytest.approx(_hand_sum(y, pred, costs, labels, w), rel=1e-12)
    counts = confusion_counts(y, pred, sample_weight=w)
    assert counts.expected_cost(costs) == pytest.approx(got, rel=1e-12)


def test_labels_order_the_matrix_and_strings_work():
    y, pred, weights, costs = _multiclass(1, labels=["cat", "dog", "eel"])
    order = ["eel", "cat", "dog"]
    got = expected_cost_score(y, pred, cost_matrix=costs, labels=order)
    assert got == pytest.approx(_hand_sum(y, pred, costs, order), rel=1e-12)
    # a label with no sample still takes its row and column of the matrix
    larger = np.ones((4, 4))
    larger[:3, :3] = costs
    got4 = expected_cost_score(
        y, pred, cost_matrix=larger, labels=["cat", "dog", "eel", "fox"]
    )
    assert got4 == pytest.approx(
        _hand_sum(y, pred, larger, ["cat", "dog", "eel", "fox"]), rel=1e-12
    )
    with pytest.raises(ValueError, match="'labels'.*\\['eel'\\] occur"):
        expected_cost_score(y, pred, cost_matrix=costs[:2, :2], labels=["cat", "dog"])


@pytest.mark.parametrize("weighted", [False, True])
def test_per_sample_costs_equal_the_hand_sum(weighted):
    rng = np.random.default_rng(0)
    y, pred, weights, _ = _multiclass(2, k=2)
    amounts = rng.uniform(1, 500, len(y))
    costs = np.zeros((len(y), 2, 2))
    costs[:, 0, 1] = 5.0  # a false alarm: a fixed review cost
    costs[:, 1, 0] = amounts  # a missed fraud: its amount
    w = weights if weighted else None
    got = expected_cost_score(y, pred, cost_matrix=costs, sample_weight=w)
    assert got == pytest.approx(_hand_sum(y, pred, costs, [0, 1], w), rel=1e-12)
    # normalised: the best constant prediction's hand cost
    constant = min(_hand_sum(y, np.full(len(y), j), costs, [0, 1], w) for j in (0, 1))
    normalised = expected_cost_score(
        y, pred, cost_matrix=costs, sample_weight=w, normalize=True
    )
    assert normalised == pytest.approx(got / constant, rel=1e-12)


def test_normalize_divides_by_the_best_constant_prediction():
    y, pred, _, costs = _multiclass(3, k=3)
    labels = [0, 1, 2]
    constant = min(_hand_sum(y, np.full(len(y), j), costs, labels) for j in labels)
    got = expected_cost_score(y, pred, cost_matrix=costs, normalize=True)
    assert got == pytest.approx(_hand_sum(y, pred, costs, labels) / constant)
    constants = [_hand_sum(y, np.full(len(y), j), costs, labels) for j in labels]
    best = labels[int(np.argmin(constants))]
    assert expected_cost_score(
        y, np.full(len(y), best), cost_matrix=costs, normalize=True
    ) == pytest.approx(1.0)


def test_normalize_with_a_free_constant_prediction_warns_and_gives_nan():
    with pytest.warns(UndefinedMetricWarning, match="best constant prediction costs 0"):
        value = expected_cost_score(
            [0, 0, 0], [0, 1, 0], cost_matrix=[[0, 1], [1, 0]], normalize=True
        )
    assert np.isnan(value)


def test_at_prevalence_reweights_the_rows():
    y = np.array([0] * 80 + [1] * 20)
    pred = np.array([0] * 70 + [1] * 10 + [1] * 15 + [0] * 5)
    costs = [[0, 1], [50, 0]]
    counts = confusion_counts(y, pred)
    # at 1% positives: 0.99 * FPR * 1 + 0.01 * FNR * 50
    expected = 0.99 * (10 / 80) * 1 + 0.01 * (5 / 20) * 50
    assert counts.at_prevalence(0.01).expected_cost(costs) == pytest.approx(expected)


@pytest.mark.parametrize(
    "costs, match",
    [
        ([[0, 1], [1]], "square array|shape"),
        (np.zeros((3, 3)), "shape"),
        ([[0, -1], [1, 0]], "non-negative"),
        ([[0, np.nan], [1, 0]], "finite"),
        ([[0, np.inf], [1, 0]], "finite"),
        (np.zeros((2, 2)), "at least one non-zero"),
        ("expensive", "square array|shape"),
    ],
)
def test_bad_cost_matrices_are_named(costs, match):
    with pytest.raises(ValueError, match=match) as error:
        expected_cost_score([0, 1, 0], [0, 1, 1], cost_matrix=costs)
    assert "'cost_matrix'" in str(error.value)
    with pytest.raises(ValueError, match="'cost_matrix'"):
        get_scorer("neg_expected_cost", cost_matrix=costs)


def test_per_sample_matrix_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match=r"\(3, 2, 2\) for one per sample"):
        expected_cost_score([0, 1, 0], [0, 1, 1], cost_matrix=np.ones((4, 2, 2)))


def test_normalize_must_be_a_bool():
    with pytest.raises(TypeError, match="'normalize'"):
        expected_cost_score([0, 1], [0, 1], cost_matrix=[[0, 1], [1, 0]], normalize=1)


def _data(n=600, seed=0):
    X, y = make_classification(
        n_samples=n, weights=[0.9], n_informative=4, random_state=seed
    )
    return X, y


def test_scorer_in_cross_validate_is_minus_the_cost_of_predict():
    X, y = _data()
    costs = [[0, 1], [20, 0]]
    scorer = get_scorer("neg_expected_cost", cost_matrix=costs)
    result = cross_validate(
        LogisticRegression(), X, y, scoring=scorer, cv=StratifiedKFold(3)
    )
    for split, (train, test) in enumerate(StratifiedKFold(3).split(X, y)):
        model = LogisticRegression().fit(X[train], y[train])
        expected = -expected_cost_score(
            y[test], model.predict(X[test]), cost_matrix=costs
        )
        assert result["test_score"][split] == pytest.approx(expected)
    assert pickle.loads(pickle.dumps(scorer)) is not None


def test_per_sample_costs_are_routed_as_metadata():
    X, y = _data()
    rng = np.random.default_rng(0)
    costs = np.zeros((len(y), 2, 2))
    costs[:, 0, 1] = 1.0
    costs[:, 1, 0] = rng.uniform(5, 100, len(y))
    scorer = get_scorer("neg_expected_cost")
    with sklearn.config_context(enable_metadata_routing=True):
        result = cross_validate(
            LogisticRegression(),
            X,
            y,
            scoring=scorer,
            cv=StratifiedKFold(3),
            params={"cost_matrix": costs},
        )
    for split, (train, test) in enumerate(StratifiedKFold(3).split(X, y)):
        model = LogisticRegression().fit(X[train], y[train])
        expected = -_hand_sum(y[test], model.predict(X[test]), costs[test], [0, 1])
        assert result["test_score"][split] == pytest.approx(expected, rel=1e-12)


def test_cost_threshold_is_bayes_optimal_and_moves_with_the_prevalence():
    costs = [[0, 1], [50, 0]]
    assert cost_threshold(costs) == pytest.approx(1 / 51)
    # with an offset cost of being right: the differences count
    assert cost_threshold([[2, 3], [52, 2]]) == pytest.approx(1 / 51)
    # probabilities calibrated at 50% used at 1%: odds times (0.01/0.99)/(0.5/0.5)
    # so the corrected probability reaches 1/51 where the raw one reaches t
    t = cost_threshold(costs, prevalence=0.01, train_prevalence=0.5)
    raw_odds = t / (1 - t)
    corrected_odds = raw_odds * (0.01 / 0.99)
    assert corrected_odds / (1 + corrected_odds) == pytest.approx(1 / 51)
    assert cost_threshold(costs, prevalence=0.3, train_prevalence=0.3) == (
        pytest.approx(1 / 51)
    )


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"prevalence": 0.1}, "give both"),
        ({"prevalence": 0.0, "train_prevalence": 0.5}, "'prevalence'.*\\(0, 1\\)"),
        ({"prevalence": 0.1, "train_prevalence": 1.0}, "'train_prevalence'"),
    ],
)
def test_cost_threshold_bad_prevalences(kwargs, match):
    with pytest.raises(ValueError, match=match):
        cost_threshold([[0, 1], [5, 0]], **kwargs)


def test_cost_threshold_refuses_a_matrix_where_one_decision_always_wins():
    with pytest.raises(ValueError, match="right decision costs less"):
        cost_threshold([[1, 0], [5, 0]])


def test_threshold_curve_expected_cost_is_the_metric_at_each_threshold():
    rng = np.random.default_rng(4)
    y = (rng.random(300) < 0.2).astype(int)
    scores = np.round(rng.normal(size=300) + y, 1)
    costs = [[0, 2], [30, 1]]
    curve = threshold_curve(y, scores, metrics=["expected_cost"], cost_matrix=costs)
    for threshold, value in zip(curve.thresholds, curve.values["expected_cost"]):
        pred = (scores >= threshold).astype(int)
        assert value == pytest.approx(
            expected_cost_score(y, pred, cost_matrix=costs), rel=1e-12
        )
    best = best_threshold(y, scores, "expected_cost", cost_matrix=costs)
    at_best = expected_cost_score(y, (scores >= best).astype(int), cost_matrix=costs)
    assert at_best == pytest.approx(curve.values["expected_cost"].min())
    with pytest.raises(TypeError, match="'cost_matrix'"):
        threshold_curve(y, scores, metrics=["expected_cost"])


def test_tuned_threshold_lands_near_the_bayes_threshold():
    """On calibrated probabilities (a logistic model of data drawn from a
    logistic model), the threshold tuned by cross-validation for the cost
    lands within a few grid steps of cost_threshold."""
    model_selection = pytest.importorskip("sklearn.model_selection")
    if not hasattr(model_selection, "TunedThresholdClassifierCV"):
        pytest.skip("TunedThresholdClassifierCV needs scikit-learn >= 1.5")
    TunedThresholdClassifierCV = model_selection.TunedThresholdClassifierCV
    rng = np.random.default_rng(0)
    n = 20_000
    X = rng.normal(size=(n, 2))
    logit = -2.5 + 1.5 * X[:, 0] - 1.0 * X[:, 1]
    y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
    costs = [[0, 1], [9, 0]]  # Bayes threshold 0.1
    tuned = TunedThresholdClassifierCV(
        LogisticRegression(),
        scoring=get_scorer("neg_expected_cost", cost_matrix=costs),
        thresholds=np.linspace(0.0, 1.0, 101),
        cv=3,
    ).fit(X, y)
    assert abs(tuned.best_threshold_ - cost_threshold(costs)) <= 0.02
