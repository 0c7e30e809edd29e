"""The worst group's scorer, and decisions by group."""

import warnings

import numpy as np
import pytest
import sklearn
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_validate

import imbascore as ims


@pytest.fixture
def routing():
    sklearn.set_config(enable_metadata_routing=True)
    yield
    sklearn.set_config(enable_metadata_routing=False)


def _problem(seed=0, n=1500):
    X, y = make_classification(n, weights=[0.85], flip_y=0.05, random_state=seed)
    groups = np.random.default_rng(seed).integers(0, 3, n)
    return X, y, groups


def test_worst_group_score_is_the_worst_groups_value():
    X, y, groups = _problem()
    pred = LogisticRegression().fit(X, y).predict(X)
    by_hand = [
        ims.sensitivity_score(y[groups == g], pred[groups == g]) for g in range(3)
    ]
    assert ims.worst_group_score(
        y, pred, groups=groups, metric="sensitivity"
    ) == pytest.approx(min(by_hand))
    # lower is better: the largest false positive rate
    fpr = [
        ims.false_positive_rate_score(y[groups == g], pred[groups == g])
        for g in range(3)
    ]
    assert ims.worst_group_score(y, pred, groups=groups, metric="fpr") == pytest.approx(
        max(fpr)
    )


def test_an_undefined_group_is_skipped_with_its_name():
    y = np.array([1, 0, 1, 0, 0, 0])
    pred = np.array([1, 0, 0, 0, 1, 0])
    with pytest.warns(UndefinedMetricWarning, match="group 'b'"):
        value = ims.worst_group_score(
            y, pred, groups=list("aaabbb"), metric="sensitivity"
        )
    assert value == 0.5


def test_scorer_reads_routed_groups(routing):
    X, y, groups = _problem(1)
    scorer = ims.worst_group_scorer("iba")
    model = LogisticRegression().fit(X, y)
    expected = ims.worst_group_score(y, model.predict(X), groups=groups, metric="iba")
    assert scorer(model, X, y, groups=groups) == pytest.approx(expected)
    scores = cross_validate(
        LogisticRegression(), X, y, cv=3, scoring=scorer, params={"groups": groups}
    )["test_score"]
    assert np.all((scores > 0) & (scores <= 1))
    brier = ims.worst_group_scorer("brier_score")
    worst = max(
        ims.brier_score_loss(y[groups == g], model.predict_proba(X[groups == g])[:, 1])
        for g in range(3)
    )
    assert brier(model, X, y, groups=groups) == pytest.approx(-worst)


def test_scorer_names_a_bad_metric():
    with pytest.raises(ValueError, match="'metric' parameter of worst_group_scorer"):
        ims.worst_group_scorer("accuracy_of_groups")


def test_group_threshold_meets_the_constraint_in_every_group():
    X, y, groups = _problem(2)
    score = LogisticRegression().fit(X, y).predict_proba(X)[:, 1]
    result = ims.group_threshold(
        y,
        score,
        groups=groups,
        objective="precision",
        constraint=("recall", ">=", 0.9),
        zero_division=0.0,
    )
    predicted = score >= result.threshold
    for g in range(3):
        rows = groups == g
        recall = ims.sensitivity_score(y[rows], predicted[rows])
        assert recall >= 0.9
        assert result.at_threshold[g]["recall"] == pytest.approx(recall)
        # each group's own threshold is at least as good for it
        assert result.own[g][1] >= result.at_threshold[g]["precision"] - 1e-12
    # brute force: no threshold meeting the constraint in every group has a
    # better overall precision
    best = -1.0
    for t in np.unique(score):
        cut = score >= t
        if all(
            ims.sensitivity_score(y[groups == g], cut[groups == g]) >= 0.9
            for g in range(3)
        ):
            best = max(best, np.mean(y[cut]))
    assert result.value == pytest.approx(best)
    frame = result.to_frame()
    assert list(frame.index) == [0, 1, 2] and "own_threshold" in frame.columns


def test_group_threshold_refuses_an_unmet_constraint():
    y = np.array([1, 0, 1, 0, 1, 0])
    s = np.array([0.9, 0.8, 0.2, 0.1, 0.7, 0.6])
    with pytest.raises(ValueError, match="'constraint' parameter of group_threshold"):
        ims.group_threshold(
            y,
            s,
            groups=list("aabbcc"),
            objective="precision",
            constraint=("fpr", "<=", -0.5),
            zero_division=0.0,
        )


def test_threshold_curves_by_group_are_each_groups_curve():
    X, y, groups = _problem(3, n=300)
    score = LogisticRegression().fit(X, y).predict_proba(X)[:, 1]
    curves = ims.threshold_curves_by_group(y, score, groups=groups, metrics=["gmean"])
    for g, curve in curves.items():
        alone = ims.threshold_curve(
            y[groups == g], score[groups == g], metrics=["gmean"]
        )
        np.testing.assert_array_equal(curve.thresholds, alone.thresholds)
        np.testing.assert_allclose(curve.values["gmean"], alone.values["gmean"])


@pytest.mark.parametrize("zero_division", ["default", 0.0, 1.0, np.nan])
def test_group_threshold_leaves_out_a_group_without_positives(zero_division):
    # issue 49 item 6: the docstring's promise held at every zero_division
    y = [1, 1, 0, 0, 0, 0, 0, 0]
    s = [0.9, 0.6, 0.5, 0.1, 0.7, 0.3, 0.4, 0.2]
    options = {} if zero_division == "default" else {"zero_division": zero_division}
    with pytest.warns(UserWarning, match=r"recall is undefined in groups \['b'\]"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            result = ims.group_threshold(
                y,
                s,
                groups=list("aaaabbbb"),
                objective="precision",
                constraint=("recall", ">=", 1.0),
                **options,
            )
    assert result.skipped == ["b"]
    assert result.threshold == 0.6


def test_worst_group_scorer_without_routing_says_how_to_route(routing):
    # issue 57 item 3: without routing the groups never arrive; the error
    # says what to call
    X, y, groups = _problem(n=300)
    sklearn.set_config(enable_metadata_routing=False)
    scorer = ims.worst_group_scorer("iba")
    with pytest.raises(TypeError, match=r"enable_metadata_routing=True"):
        cross_validate(LogisticRegression(), X, y, scoring=scorer, error_score="raise")


def test_worst_group_score_names_itself_in_the_undefined_groups_warning():
    with pytest.warns(UndefinedMetricWarning, match=r"^worst_group_score: group 0"):
        value = ims.worst_group_score(
            [0, 0, 1, 1], [0, 1, 1, 0], groups=[0, 0, 1, 1], metric="sensitivity"
        )
    assert value == 0.5
