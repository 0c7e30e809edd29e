"""Scorer factories: the metric's number, repr, pickling, early errors."""

import pickle

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import get_scorer as sklearn_get_scorer

from imbascore import metrics, scorers
from imbascore._scorer.calibration_scorers import CALIBRATION_FACTORIES
from imbascore._scorer.factories import BUILTIN_FACTORIES, FACTORY_METRICS
from imbascore._scorer.ranking_scorers import RANKING_FACTORIES

FACTORIES = sorted(BUILTIN_FACTORIES.items())


@pytest.fixture(scope="module")
def fitted():
    X, y = make_classification(
        n_samples=300, weights=[0.85], flip_y=0.05, random_state=0
    )
    return LogisticRegression().fit(X, y), X, y


def test_every_registry_name_has_a_factory_and_metric():
    assert sorted(BUILTIN_FACTORIES) == sorted(
        [
            "agm",
            "cba",
            "pabak",
            "sedi",
            "iba",
            "gmean",
            "dominance",
            "sensitivity",
            "specificity",
            "optimized_precision",
            "ad_area",
            "weighted_accuracy",
            "dprime",
            "aucz",
            "nmi",
            "neg_fpr",
            "neg_fnr",
            "npv",
            "informedness",
            "markedness",
            "lr_plus",
            "neg_lr_minus",
            "adjusted_balanced_accuracy",
        ]
    )
    assert set(scorers.__all__) == {f.__name__ for f in BUILTIN_FACTORIES.values()} | {
        f.__name__ for f in RANKING_FACTORIES.values()
    } | {f.__name__ for f in CALIBRATION_FACTORIES.values()} | {"worst_group_scorer"}


@pytest.mark.parametrize("name, factory", FACTORIES)
def test_scorer_gives_the_metric_on_predictions(name, factory, fitted):
    model, X, y = fitted
    metric = FACTORY_METRICS[factory][1]
    weights = np.random.default_rng(0).uniform(0.5, 2.0, len(y))
    scorer = factory()
    fixed = scorer._kwargs  # the factory's own parameters (adjusted=True, ...)
    sign = -1 if name.startswith("neg_") else 1  # scikit-learn's neg_ names
    assert scorer(model, X, y) == sign * metric(y, model.predict(X), **fixed)
    assert scorer(model, X, y, sample_weight=weights) == sign * metric(
        y, model.predict(X), sample_weight=weights, **fixed
    )


@pytest.mark.parametrize("name, factory", FACTORIES)
def test_scorer_pickles_with_the_standard_module(name, factory, fitted):
    model, X, y = fitted
    scorer = factory(average="macro")
    restored = pickle.loads(pickle.dumps(scorer))
    assert repr(restored) == repr(scorer)
    assert restored(model, X, y) == scorer(model, X, y)


def test_parameters_reach_the_metric_and_the_repr(fitted):
    model, X, y = fitted
    y_pred = model.predict(X)
    scorer = scorers.iba_scorer(alpha=0.5, squared=False)
    assert scorer(model, X, y) == metrics.iba_score(y, y_pred, alpha=0.5, squared=False)
    assert "alpha=0.5, squared=False" in repr(scorer)
    assert scorers.weighted_accuracy_scorer(weight=0.9)(
        model, X, y
    ) == metrics.weighted_accuracy_score(y, y_pred, weight=0.9)
    assert scorers.aucz_scorer(correction="loglinear")(
        model, X, y
    ) == metrics.aucz_score(y, y_pred, correction="loglinear")


def test_averaged_scorers_work_with_string_labels_like_f1_macro():
    # scikit-learn checks a scorer's pos_label against a binary classifier's
    # classes_; averaged scorers fix pos_label=None as "f1_macro" does.
    X, y = make_classification(n_samples=200, weights=[0.8], random_state=1)
    labels = np.array(["majority", "minority"])[y]
    model = LogisticRegression().fit(X, labels)
    y_pred = model.predict(X)
    assert scorers.gmean_scorer(average="macro")(
        model, X, labels
    ) == metrics.geometric_mean_score(labels, y_pred, average="macro")
    assert sklearn_get_scorer("f1_macro")(model, X, labels) > 0
    # Binary scorers need the positive label, as scikit-learn's "f1" does.
    with pytest.raises(ValueError, match="pos_label=1 is not a valid label"):
        scorers.iba_scorer()(model, X, labels)
    assert scorers.iba_scorer(pos_label="minority")(
        model, X, labels
    ) == metrics.iba_score(labels, y_pred, pos_label="minority")


@pytest.mark.parametrize(
    "build, error, match",
    [
        (
            lambda: scorers.iba_scorer(alpha=1.5),
            ValueError,
            r"'alpha' parameter of iba_scorer must be a float in the range \[0, 1\]"
            r". Got 1.5",
        ),
        (
            lambda: scorers.iba_scorer(squared="yes"),
            TypeError,
            "'squared' parameter of iba_scorer must be a bool",
        ),
        (
            lambda: scorers.gmean_scorer(average="mean"),
            ValueError,
            "'average' parameter of gmean_scorer must be one of",
        ),
        (
            lambda: scorers.dominance_scorer(average="multiclass"),
            ValueError,
            "'average' parameter of dominance_scorer",
        ),
        (
            lambda: scorers.nmi_scorer(zero_division="ignore"),
            ValueError,
            "'zero_division' parameter of nmi_scorer",
        ),
        (
            lambda: scorers.dprime_scorer(correction="none"),
            ValueError,
            "'correction' parameter of dprime_scorer must be one of",
        ),
        (
            lambda: scorers.gmean_scorer(alpha=0.1),
            TypeError,
            "gmean_scorer got an unexpected parameter 'alpha'",
        ),
        (
            lambda: scorers.iba_scorer(sample_weight=[1, 2]),
            TypeError,
            "passed when scoring",
        ),
        (
            lambda: scorers.weighted_accuracy_scorer(weight=-0.1),
            ValueError,
            "'weight' parameter of weighted_accuracy_scorer",
        ),
        (
            lambda: scorers.sensitivity_scorer(labels=[0, 1, 1], average="macro"),
            ValueError,
            "'labels' parameter of sensitivity_scorer must be a list of distinct",
        ),
        (
            lambda: scorers.gmean_scorer(labels="ab", average=None),
            TypeError,
            "'labels' parameter of gmean_scorer must be a 1-D list of labels",
        ),
        (
            lambda: scorers.iba_scorer(pos_label=None),
            TypeError,
            "'pos_label' parameter of iba_scorer must be a single label",
        ),
        (
            lambda: scorers.iba_scorer(pos_label=[1]),
            TypeError,
            "'pos_label' parameter of iba_scorer .* not a list of labels",
        ),
        (
            lambda: scorers.gmean_scorer(zero_recall=0.1),
            ValueError,
            "'zero_recall' parameter of gmean_scorer",
        ),
    ],
)
def test_bad_parameters_fail_when_the_scorer_is_built(build, error, match):
    with pytest.raises(error, match=match):
        build()


def test_dominance_scorer_keeps_the_sign(fitted):
    model, X, y = fitted
    value = scorers.dominance_scorer()(model, X, y)
    assert value == metrics.dominance_score(y, model.predict(X))
    assert value < 0  # the majority class is favoured: TNR > TPR


@pytest.mark.parametrize("n_classes", [2, 3])
def test_adjusted_balanced_accuracy_scorer_is_scikit_learns_adjusted_metric(
    n_classes,
):
    from sklearn.metrics import balanced_accuracy_score, make_scorer
    from sklearn.model_selection import cross_validate

    import imbascore as ims

    X, y = make_classification(
        300,
        n_classes=n_classes,
        n_informative=4,
        weights=[0.7, 0.2, 0.1][:n_classes],
        random_state=0,
    )
    model = LogisticRegression(max_iter=500)

    def scores(scoring, key="test_score"):
        return cross_validate(model, X, y, scoring=scoring, cv=3)[key]

    expected = scores(make_scorer(balanced_accuracy_score, adjusted=True))
    assert (np.abs(expected - scores("balanced_accuracy")) > 0.05).all()
    np.testing.assert_allclose(
        scores(ims.get_scorer("adjusted_balanced_accuracy")), expected, rtol=1e-12
    )
    # the shared pass reads the factory's adjusted=True too
    np.testing.assert_allclose(
        scores(
            ims.multi_scorer(["adjusted_balanced_accuracy", "balanced_accuracy"]),
            "test_adjusted_balanced_accuracy",
        ),
        expected,
        rtol=1e-12,
    )
