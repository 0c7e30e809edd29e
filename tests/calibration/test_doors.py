"""The calibration metrics through the package's generic doors: scorers and
the registry, metric_interval, compare_predictions, score_at_prevalence."""

import pickle

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import brier_score_loss as sklearn_brier
from sklearn.metrics import log_loss as sklearn_log_loss
from sklearn.model_selection import GridSearchCV, cross_validate

import imbascore as ims


@pytest.fixture(scope="module")
def fitted():
    X, y = make_classification(
        n_samples=600, weights=[0.9, 0.1], flip_y=0.05, random_state=0
    )
    return LogisticRegression(max_iter=1000).fit(X, y), X, y


def _probabilities(seed=0, n=400):
    rng = np.random.default_rng(seed)
    p = rng.beta(1, 6, n)
    return (rng.uniform(size=n) < p).astype(int), p


@pytest.mark.parametrize(
    "name, function, params",
    [
        ("neg_brier_positive", ims.brier_score_loss, {"stratum": "positive"}),
        ("neg_brier_negative", ims.brier_score_loss, {"stratum": "negative"}),
        ("neg_balanced_brier", ims.brier_score_loss, {"stratum": "balanced"}),
        ("neg_balanced_log_loss", ims.log_loss, {"stratum": "balanced"}),
        ("neg_mcb", ims.miscalibration_score, {}),
        ("neg_ece", ims.expected_calibration_error, {}),
    ],
)
def test_registry_names_score_the_metric_negated(fitted, name, function, params):
    model, X, y = fitted
    scorer = ims.get_scorer(name)
    expected = function(y, model.predict_proba(X)[:, 1], **params)
    assert scorer(model, X, y) == pytest.approx(-expected, rel=1e-12)
    assert pickle.loads(pickle.dumps(scorer))(model, X, y) == scorer(model, X, y)


def test_bare_shared_names_stay_sklearns_and_take_parameters(fitted):
    model, X, y = fitted
    p = model.predict_proba(X)[:, 1]
    sklearn_scorer = ims.get_scorer("neg_brier_score")
    assert sklearn_scorer._score_func is sklearn_brier
    ours = ims.get_scorer("neg_brier_score", prevalence=0.5)
    assert ours(model, X, y) == pytest.approx(
        -ims.brier_score_loss(y, p, prevalence=0.5)
    )
    assert ims.get_scorer("neg_log_loss")(model, X, y) == pytest.approx(
        -sklearn_log_loss(y, p)
    )
    balanced = ims.get_scorer("neg_log_loss", stratum="balanced")
    assert balanced(model, X, y) == pytest.approx(
        -ims.log_loss(y, p, stratum="balanced")
    )


def test_scorers_select_models_and_cross_validate(fitted):
    _, X, y = fitted
    search = GridSearchCV(
        LogisticRegression(max_iter=1000),
        {"C": [0.001, 1.0]},
        scoring=ims.get_scoring(["neg_mcb", "neg_brier_positive"]),
        refit="neg_brier_positive",
        cv=3,
    ).fit(X, y)
    assert np.all(search.cv_results_["mean_test_neg_mcb"] <= 0)
    scores = cross_validate(
        LogisticRegression(max_iter=1000),
        X,
        y,
        cv=3,
        scoring=ims.get_scoring(["neg_ece", "iba"]),
    )
    assert np.all(scores["test_neg_ece"] <= 0) and np.all(scores["test_iba"] >= 0)


def test_scorer_pos_label_reads_the_classes_column():
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=1)
    names = np.array(["rare", "common"])[1 - y]  # class 1 is "rare"
    model = LogisticRegression().fit(X, names)
    scorer = ims.brier_scorer(stratum="positive", pos_label="rare")
    column = list(model.classes_).index("rare")
    expected = ims.brier_score_loss(
        names, model.predict_proba(X)[:, column], stratum="positive", pos_label="rare"
    )
    assert scorer(model, X, names) == pytest.approx(-expected)


@pytest.mark.parametrize(
    "factory, kwargs, match",
    [
        (ims.brier_scorer, {"stratum": "minority"}, "'stratum' parameter of brier_"),
        (ims.mcb_scorer, {"score": "hinge"}, "'score' parameter of mcb_scorer"),
        (ims.ece_scorer, {"n_bins": 1.5}, "'n_bins' parameter of ece_scorer"),
        (ims.ece_scorer, {"norm": "max", "debiased": True}, "'debiased' parameter"),
        (ims.log_loss_scorer, {"prevalence": 2}, "'prevalence' parameter of log_"),
    ],
)
def test_scorers_check_their_parameters_when_built(factory, kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        factory(**kwargs)


def test_metric_interval_of_a_calibration_metric():
    y, p = _probabilities()
    result = ims.metric_interval(y, p, "brier_score", n_resamples=500, random_state=0)
    assert result.method == "bootstrap" and result.n_resamples == 500
    assert result.estimate == pytest.approx(sklearn_brier(y, p))
    assert result.low < result.estimate < result.high
    basic = ims.metric_interval(
        y, p, "mcb", method="bootstrap-basic", n_resamples=500, random_state=0
    )
    assert basic.low >= 0
    positive = ims.metric_interval(
        y, p, "brier_score", stratum="positive", n_resamples=200, random_state=0
    )
    assert positive.estimate == pytest.approx(
        ims.brier_score_loss(y, p, stratum="positive")
    )
    with pytest.raises(TypeError, match=r"\['stratum'\] that the 'mcb' metric"):
        ims.metric_interval(y, p, "mcb", stratum="positive")
    with pytest.raises(ValueError, match="'method' parameter of metric_interval"):
        ims.metric_interval(y, p, "ece", method="posterior")


def test_metric_interval_at_a_ratio_is_stratified():
    y, p = _probabilities(1)
    result = ims.metric_interval(
        y, p, "brier_score", prevalence=0.3, n_resamples=300, random_state=0
    )
    assert result.estimate == pytest.approx(
        ims.score_at_prevalence(y, p, metric="brier_score", prevalence=0.3)
    )
    assert result.estimate == pytest.approx(ims.brier_score_loss(y, p, prevalence=0.3))


def test_compare_predictions_pairs_the_resamples():
    y, p = _probabilities(2, n=600)
    worse = np.clip(p * 1.8, 0, 1)  # too high everywhere
    result = ims.compare_predictions(
        y, p, worse, metric="mcb", n_resamples=500, random_state=0
    )
    assert result.test == "bootstrap"
    assert result.estimate == pytest.approx(
        ims.miscalibration_score(y, p) - ims.miscalibration_score(y, worse)
    )
    assert result.high < 0 and result.pvalue < 0.05
    same = ims.compare_predictions(
        y, p, p, metric="brier_score", n_resamples=200, random_state=0
    )
    assert same.estimate == 0 and same.low == same.high == 0


def test_score_at_prevalence_and_ratio_dependence():
    y, p = _probabilities(3)
    assert ims.score_at_prevalence(
        y, p, metric="log_loss", prevalence=0.2, stratum="balanced"
    ) == pytest.approx(ims.log_loss(y, p, stratum="balanced"))
    dependence = ims.class_ratio_dependence(["brier_score", "mcb", "ece", "iba"])
    assert dependence == {"brier_score": True, "mcb": True, "ece": True, "iba": False}
