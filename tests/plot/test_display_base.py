"""What every display shares (imbascore.plot._base): one way to build, draw
and name, the keywords in scikit-learn's order, the estimator's response."""

import inspect

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression, RidgeClassifier  # noqa: E402

import imbascore.plot as plot  # noqa: E402
from imbascore.plot._base import Display  # noqa: E402

DISPLAYS = [getattr(plot, name) for name in plot.__all__ if name.endswith("Display")]
#: The keywords every constructor has, in scikit-learn's order.
SKLEARN_ORDER = ["sample_weight", "response_method", "pos_label", "name", "ax"]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def fitted():
    X, y = make_classification(n_samples=200, weights=[0.8], random_state=0)
    return LogisticRegression().fit(X, y), X, y


def _keywords(method):
    return [
        p.name
        for p in inspect.signature(method).parameters.values()
        if p.kind is p.KEYWORD_ONLY
    ]


@pytest.mark.parametrize("display", DISPLAYS, ids=lambda d: d.__name__)
def test_every_display_builds_and_draws_alike(display):
    assert issubclass(display, Display)
    # plot(ax=None, *, name=None, ...), as scikit-learn's displays
    parameters = list(inspect.signature(display.plot).parameters)
    assert parameters[:3] == ["self", "ax", "name"]
    for constructor in ("from_predictions", "from_estimator", "from_scores"):
        if not hasattr(display, constructor):
            continue
        shared = [
            k for k in _keywords(getattr(display, constructor)) if k in SKLEARN_ORDER
        ]
        assert shared == [k for k in SKLEARN_ORDER if k in shared], constructor
        assert {"name", "ax"} <= set(shared), constructor


@pytest.mark.parametrize(
    "display, kwargs",
    [
        (plot.ClassRatioDisplay, {"metrics": ["f1", "iba"], "n_draws": 0}),
        (plot.GroupMetricsDisplay, {"groups": None, "method": None}),
        (plot.AccuracyDominanceDisplay, {}),
    ],
)
def test_from_estimator_draws_the_predicted_labels(fitted, display, kwargs):
    model, X, y = fitted
    if "groups" in kwargs:
        kwargs = {**kwargs, "groups": np.arange(len(y)) % 2}
    fitted_display = display.from_estimator(model, X, y, **kwargs)
    predicted = display.from_predictions(
        y, model.predict(X), name="LogisticRegression", **kwargs
    )
    assert fitted_display.ax_ is not predicted.ax_
    for attribute in ("values", "gmean", "dominance"):
        if hasattr(predicted, attribute):
            expected = getattr(predicted, attribute)
            got = getattr(fitted_display, attribute)
            if isinstance(expected, dict):
                for key in expected:
                    np.testing.assert_allclose(got[key], expected[key])
            else:
                np.testing.assert_allclose(got, expected)
    with pytest.raises(ValueError, match="'response_method' parameter"):
        display.from_estimator(model, X, y, response_method="predict_proba", **kwargs)


def test_probability_displays_name_a_missing_predict_proba(fitted):
    _, X, y = fitted
    ridge = RidgeClassifier().fit(X, y)
    for display in (plot.DecisionCurveDisplay, plot.ReliabilityDisplay):
        with pytest.raises(TypeError, match=f"parameter of {display.__name__}"):
            display.from_estimator(ridge, X, y)


def test_band_options_are_forwarded_by_name(fitted):
    model, X, y = fitted
    display = plot.RocCurveBandDisplay.from_estimator(
        model, X, y, confidence_level=0.8, n_resamples=50, random_state=0, color="k"
    )
    assert display.band.confidence_level == 0.8
    assert matplotlib.colors.same_color(display.line_.get_color(), "k")
    assert "80% pointwise band" in display.ax_.get_legend().get_title().get_text()
    ratio = plot.ClassRatioDisplay.from_estimator(
        model, X, y, metrics=["f1"], confidence_level=0.5, n_draws=100
    )
    assert ratio.confidence_level == 0.5 and ratio.low is not None
    curve = plot.DecisionCurveDisplay.from_estimator(
        model, X, y, thresholds=[0.1, 0.2, 0.3], confidence_level=0.9
    )
    assert curve.curve.thresholds.tolist() == [0.1, 0.2, 0.3]
    assert curve.curve.confidence_level == 0.9


def test_name_is_the_title_of_displays_of_several_points():
    tpr, tnr = [0.5, 0.8], [0.9, 0.6]
    graph = plot.BalancedAccuracyGraphDisplay(tpr=tpr, tnr=tnr, names=["a", "b"])
    assert graph.plot(name="models").ax_.get_title() == "models"
    dominance = plot.AccuracyDominanceDisplay(
        dominance=[0.1], gmean=[0.7], names=["a"], title="Glass"
    )
    assert dominance.plot().ax_.get_title() == "Glass"
    assert dominance.plot(name="other").ax_.get_title() == "other"
    diagram = plot.CriticalDifferenceDisplay(average_ranks=[1.5, 1.5], names="ab")
    assert diagram.plot(name="ranks").ax_.get_title() == "ranks"
