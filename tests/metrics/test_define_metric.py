"""A metric of the user's own (define_metric) gets every reader by name."""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import fbeta_score

import imbascore as ims


def _youden(tp, fn, fp, tn):
    return tp / (tp + fn) + tn / (tn + fp) - 1


def _fbeta(tp, fn, fp, tn, beta=1.0):
    return (1 + beta**2) * tp / ((1 + beta**2) * tp + beta**2 * fn + fp)


@pytest.fixture(autouse=True)
def defined():
    """The metrics of these tests, defined for each (the registry is
    restored after every test by the root conftest)."""
    global youden_score, fbeta_test_score, miss_rate_score
    youden_score = ims.define_metric(
        "youden_test", _youden, bounds=(-1, 1), needs=("positives", "negatives")
    )
    fbeta_test_score = ims.define_metric(
        "fbeta_test",
        _fbeta,
        bounds=(0, 1),
        params={"beta": 1.0},
        constraints={"beta": (0, None)},
    )
    miss_rate_score = ims.define_metric(
        "miss_test", lambda tp, fn, fp, tn: fn / (tp + fn), greater_is_better=False
    )


rng = np.random.default_rng(3)
Y = rng.integers(0, 2, 400)
P = np.where(rng.random(400) < 0.8, Y, 1 - Y)
Q = np.where(rng.random(400) < 0.7, Y, 1 - Y)
S = P + rng.random(400)
G = rng.choice(["a", "b", "c"], 400)


def test_the_function_has_the_package_signature_and_values():
    assert youden_score(Y, P) == pytest.approx(ims.informedness_score(Y, P), rel=1e-12)
    assert youden_score.__name__ == "youden_test_score"
    y3, p3 = rng.integers(0, 3, 90), rng.integers(0, 3, 90)
    np.testing.assert_allclose(
        youden_score(y3, p3, average=None),
        ims.informedness_score(y3, p3, average=None),
    )
    assert youden_score(y3, p3, average="macro") == pytest.approx(
        ims.informedness_score(y3, p3, average="macro")
    )
    w = rng.random(400)
    assert youden_score(Y, P, sample_weight=w) == pytest.approx(
        ims.informedness_score(Y, P, sample_weight=w)
    )


def test_its_parameters_are_passed_and_checked():
    for beta in (0.5, 2.0):
        assert fbeta_test_score(Y, P, beta=beta) == pytest.approx(
            fbeta_score(Y, P, beta=beta), rel=1e-12
        )
    with pytest.raises(ValueError, match="'beta' parameter of fbeta_test_score"):
        fbeta_test_score(Y, P, beta=-1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'alpha'"):
        fbeta_test_score(Y, P, alpha=0.1)


def test_an_undefined_value_warns_from_the_callers_line():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert youden_score([0, 0, 0], [0, 1, 0]) == 0.0
    (warning,) = [w for w in caught if w.category is UndefinedMetricWarning]
    assert warning.filename == __file__
    assert "youden_test is ill-defined" in str(warning.message)


def test_a_package_metric_warns_from_the_callers_line_too():
    # the door of each public function (@public) is one frame more
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ims.iba_score([0, 0, 0], [0, 1, 0])
    assert {w.filename for w in caught} == {__file__}


def test_every_reader_takes_it_by_name():
    value = youden_score(Y, P)
    assert ims.confusion_counts(Y, P).score("youden_test") == pytest.approx(value)
    for method in ("posterior", "bootstrap"):
        interval = ims.metric_interval(
            Y, P, "youden_test", method=method, random_state=0
        )
        assert interval.estimate == pytest.approx(value)
        assert interval.low < value < interval.high
    comparison = ims.compare_predictions(Y, P, Q, metric="youden_test", random_state=0)
    assert comparison.estimate == pytest.approx(value - youden_score(Y, Q))
    assert ims.score_at_prevalence(
        Y, P, metric="youden_test", prevalence=0.01
    ) == pytest.approx(value)
    assert youden_score(Y, P, prevalence=0.01) == pytest.approx(value)
    assert ims.class_ratio_dependence(["youden_test", "fbeta_test"]) == {
        "youden_test": False,
        "fbeta_test": True,
    }
    frame = ims.metrics_by_group(Y, P, groups=G, metrics=["youden_test"]).to_frame()
    for group in "abc":
        rows = G == group
        assert frame.loc[group, "youden_test"] == pytest.approx(
            youden_score(Y[rows], P[rows])
        )
    curve = ims.threshold_curve(Y, S, metrics=["youden_test"])
    best = ims.best_threshold(Y, S, "youden_test")
    assert youden_score(Y, S >= best) == pytest.approx(
        max(youden_score(Y, S >= t) for t in np.unique(S))
    )
    assert curve is not None
    assert ims.best_threshold(Y, S, "miss_test") <= S.min()  # lower is better
    assert "youden_test" in {m.name for m in ims.list_metrics()}


def test_its_prevalence_moves_a_ratio_dependent_metric():
    at_one_percent = fbeta_test_score(Y, P, prevalence=0.01)
    assert at_one_percent == pytest.approx(
        ims.score_at_prevalence(Y, P, metric="fbeta_test", prevalence=0.01)
    )
    assert at_one_percent < fbeta_test_score(Y, P)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(name="iba", formula=_youden), ValueError, "a name no metric has"),
        (dict(name="neg_x", formula=_youden), ValueError, "not starting with 'neg_'"),
        (dict(name="two words", formula=_youden), ValueError, "a Python identifier"),
        (dict(name="x1", formula=3), TypeError, "'formula' parameter"),
        (dict(name="x2", formula=lambda tp: tp), ValueError, "'formula' parameter"),
        (
            dict(name="x3", formula=lambda tp, fn, fp, tn: 1.0),
            ValueError,
            "one value per entry",
        ),
        (dict(name="x4", formula=_youden, bounds=(1, 0)), ValueError, "'bounds'"),
        (
            dict(name="x5", formula=_fbeta, constraints={"gamma": (0, 1)}),
            ValueError,
            "'constraints' parameter",
        ),
    ],
    ids=[
        "taken",
        "neg_",
        "not identifier",
        "not callable",
        "bad formula",
        "scalar formula",
        "bounds",
        "constraint of no param",
    ],
)
def test_bad_definitions_are_refused_by_name(kwargs, error, match):
    with pytest.raises(error, match=match) as raised:
        ims.define_metric(**kwargs)
    assert "define_metric" in str(raised.value)


def test_an_operating_point_and_the_scorers_take_it_by_name():
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_score

    point = ims.operating_point(
        Y,
        S,
        objective="youden_test",
        constraint=("sensitivity", ">=", 0.8),
        n_resamples=200,
        random_state=0,
    )
    assert point.threshold in S or point.threshold <= S.max()
    assert youden_score(Y, S >= point.threshold) == pytest.approx(point.value)
    X = np.c_[S, rng.normal(size=S.size)]
    model = LogisticRegression()
    by_name = cross_val_score(model, X, Y, cv=3, scoring=ims.get_scorer("youden_test"))
    by_hand = cross_val_score(model, X, Y, cv=3, scoring="balanced_accuracy")
    np.testing.assert_allclose(by_name, 2 * by_hand - 1, rtol=1e-12)
    lower = ims.get_scorer("neg_miss_test")
    assert lower._sign == -1
    assert "youden_test" in ims.get_scorer_names()
    multi = ims.multi_scorer(["youden_test", "neg_miss_test", "iba"])
    scores = multi.score(model.fit(X, Y), X, Y)
    assert scores["youden_test"] == pytest.approx(youden_score(Y, model.predict(X)))
