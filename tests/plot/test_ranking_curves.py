"""The ROC, PR and PRG displays draw what the ranking functions compute."""

import numpy as np
import pytest
from sklearn.metrics import precision_recall_curve, roc_curve

from imbascore import (
    auprg_score,
    average_precision_score,
    curve_band,
    precision_recall_gain_curve,
    roc_auc_score,
)

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from imbascore.plot import (  # noqa: E402
    PrecisionRecallBandDisplay,
    PrecisionRecallGainDisplay,
    RocCurveBandDisplay,
)


def _roc(y, s, w=None):
    fpr, tpr, _ = roc_curve(y, s, sample_weight=w)
    return fpr, tpr


def _pr(y, s, w=None):
    precision, recall, _ = precision_recall_curve(y, s, sample_weight=w)
    return recall, precision


def _prg(y, s, w=None):
    precision_gain, recall_gain, _ = precision_recall_gain_curve(y, s, sample_weight=w)
    return recall_gain, precision_gain


#: Per display: its curve in curve_band, its exact curve, its area's name
#: and function.
CASES = {
    "roc": (RocCurveBandDisplay, "roc", _roc, "AUC", roc_auc_score),
    "pr": (PrecisionRecallBandDisplay, "pr", _pr, "AP", average_precision_score),
    "prg": (PrecisionRecallGainDisplay, "prg", _prg, "AUPRG", auprg_score),
}


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def data():
    """Two models' scores on 15%-positive data, and a fitted model."""
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(
        n_samples=400, weights=[0.85], class_sep=0.7, flip_y=0.05, random_state=0
    )
    model = LogisticRegression().fit(X, y)
    noisy = model.predict_proba(X)[:, 1] + np.random.default_rng(0).normal(
        scale=0.3, size=y.shape[0]
    )
    return model, X, y, model.predict_proba(X)[:, 1], noisy


@pytest.mark.parametrize("case", CASES)
def test_the_line_is_the_exact_curve(data, case):
    display_cls, _, exact, area_name, area = CASES[case]
    _, _, y, scores, _ = data
    display = display_cls.from_predictions(y, scores, name="LR", band=None)
    x, values = display.line_.get_data()
    expected_x, expected_y = exact(y, scores)
    np.testing.assert_array_equal(x, expected_x)
    np.testing.assert_array_equal(values, expected_y)
    assert display.area == area(y, scores)
    # PR as scikit-learn draws it: steps, each recall at the precision of
    # the first threshold that reaches it; ROC and PRG linear
    drawstyle = "steps-post" if case == "pr" else "default"
    assert display.line_.get_drawstyle() == drawstyle
    ax = display.ax_
    assert ax.get_xlim() == (0.0, 1.0) and ax.get_ylim() == (0.0, 1.0)
    assert ax.get_aspect() == 1.0
    assert display.figure_ is ax.figure
    assert display.band is None and display.band_ is None
    assert not ax.collections


@pytest.mark.parametrize("case", CASES)
def test_the_band_spans_curve_band(data, case):
    display_cls, curve, _, _, _ = CASES[case]
    _, _, y, scores, _ = data
    display = display_cls.from_predictions(
        y, scores, band="pointwise", n_resamples=200, random_state=3
    )
    band = curve_band(
        y, scores, curve=curve, method="pointwise", n_resamples=200, random_state=3
    )
    np.testing.assert_array_equal(display.band.low, band.low)
    np.testing.assert_array_equal(display.band.high, band.high)
    # the polygon: at each grid point, from low up to high
    vertices = display.band_.get_paths()[0].vertices
    where = np.searchsorted(band.grid, vertices[:, 0])
    np.testing.assert_array_equal(band.grid[where], vertices[:, 0])
    bottom = np.full(band.grid.shape, np.inf)
    top = np.full(band.grid.shape, -np.inf)
    np.minimum.at(bottom, where, vertices[:, 1])
    np.maximum.at(top, where, vertices[:, 1])
    np.testing.assert_array_equal(bottom, band.low)
    np.testing.assert_array_equal(top, band.high)
    # shaded in the line's colour, and the legend says what the shade is
    np.testing.assert_allclose(
        display.band_.get_facecolor()[0][:3],
        matplotlib.colors.to_rgb(display.line_.get_color()),
    )
    assert display.band_.get_alpha() == pytest.approx(0.2)
    title = display.ax_.get_legend().get_title().get_text()
    assert title == "shaded: 95% pointwise band"


def test_the_prg_band_is_cut_below_the_view(data):
    _, _, y, scores, _ = data
    # a reversed ranking: precision near 0 at the top, gains down to -inf
    display = PrecisionRecallGainDisplay.from_predictions(
        y, -scores, n_resamples=100, random_state=0
    )
    assert display.band.low.min() < -1.0
    vertices = display.band_.get_paths()[0].vertices
    assert np.isfinite(vertices).all() and vertices[:, 1].min() == -1.0
    drawn = np.sort(np.unique(vertices[:, 1]))
    kept = np.maximum(np.r_[display.band.low, display.band.high], -1.0)
    np.testing.assert_array_equal(drawn, np.unique(kept))


@pytest.mark.parametrize("case", CASES)
def test_two_models_on_one_axis(data, case):
    display_cls, _, _, area_name, area = CASES[case]
    _, _, y, scores, noisy = data
    first = display_cls.from_predictions(
        y, scores, name="model A", n_resamples=50, random_state=0
    )
    second = display_cls.from_predictions(
        y, noisy, name="model B", n_resamples=50, random_state=0, ax=first.ax_
    )
    ax = first.ax_
    assert second.ax_ is ax
    texts = [text.get_text() for text in ax.get_legend().get_texts()]
    expected = [
        f"model A ({area_name} {area(y, scores):.3f})",
        f"model B ({area_name} {area(y, noisy):.3f})",
    ]
    assert texts[1:] == expected  # after the baseline, drawn once
    assert area(y, scores) - area(y, noisy) > 0.01  # two different labels
    assert len(ax.get_lines()) == 3 and len(ax.collections) == 2
    assert first.baseline_ is second.baseline_
    assert first.line_.get_color() != second.line_.get_color()
    assert second.band_.get_facecolor()[0][:3] == pytest.approx(
        matplotlib.colors.to_rgb(second.line_.get_color())
    )


def test_the_baselines():
    y = np.array([0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1])
    scores = np.linspace(0.0, 1.0, y.shape[0])
    roc = RocCurveBandDisplay.from_predictions(y, scores, band=None)
    x, t = roc.baseline_.get_data()
    np.testing.assert_array_equal(x, [0, 1])
    np.testing.assert_array_equal(t, [0, 1])
    assert roc.baseline_.get_label() == "chance (AUC 0.5)"
    # PR: the always-positive precision, the positives' (weighted) share
    weights = np.where(y == 1, 2.0, 1.0)
    pr = PrecisionRecallBandDisplay.from_predictions(
        y, scores, sample_weight=weights, band=None
    )
    pi = 8.0 / 16.0
    assert pr.positive_share == pi
    x, precision = pr.baseline_.get_data()
    np.testing.assert_array_equal(x, [0, 1])
    np.testing.assert_array_equal(precision, [pi, pi])
    assert pr.baseline_.get_label() == "always positive (precision 0.500)"
    # another data set on the same axes: its own baseline besides
    other = PrecisionRecallBandDisplay.from_predictions(y, scores, band=None, ax=pr.ax_)
    assert other.baseline_ is not pr.baseline_
    np.testing.assert_array_equal(other.baseline_.get_ydata(), [4 / 12, 4 / 12])
    # PRG: precG + recG = 1, where F1 is the always-positive classifier's
    prg = PrecisionRecallGainDisplay.from_predictions(y, scores, band=None)
    recall_gain, precision_gain = prg.baseline_.get_data()
    np.testing.assert_array_equal(recall_gain, [0, 1])
    np.testing.assert_array_equal(precision_gain, [1, 0])
    pi = prg.positive_share
    assert pi == 4 / 12
    along = np.linspace(0.0, 1.0, 11)  # recall gain on the line

    def ungain(g):  # the value v of gain g = (v - pi) / ((1 - pi) v)
        return pi / (1.0 - g * (1.0 - pi))

    precision, recall = ungain(1.0 - along), ungain(along)
    f1 = 2 * precision * recall / (precision + recall)
    np.testing.assert_allclose(f1, 2 * pi / (1 + pi), rtol=1e-12)
    assert (ungain(0.0), ungain(1.0)) == pytest.approx((pi, 1.0))  # the corner


def test_from_estimator_is_from_predictions(data):
    model, X, y, scores, _ = data
    for display_cls, *_ in CASES.values():
        fitted = display_cls.from_estimator(model, X, y, n_resamples=50, random_state=1)
        scored = display_cls.from_predictions(
            y, scores, n_resamples=50, random_state=1, name="LogisticRegression"
        )
        np.testing.assert_array_equal(
            fitted.line_.get_xydata(), scored.line_.get_xydata()
        )
        np.testing.assert_array_equal(fitted.band.low, scored.band.low)
        np.testing.assert_array_equal(fitted.band.high, scored.band.high)
        assert fitted.line_.get_label() == scored.line_.get_label()
        assert fitted.line_.get_label().startswith("LogisticRegression (")
    # the decision function: a monotone transform, the same ROC curve
    decision = RocCurveBandDisplay.from_estimator(
        model, X, y, response_method="decision_function", band=None
    )
    np.testing.assert_allclose(decision.line_.get_xydata(), _roc_xy(y, scores))
    with pytest.raises(ValueError, match="'response_method' parameter"):
        RocCurveBandDisplay.from_estimator(model, X, y, response_method="predict")


def _roc_xy(y, scores):
    return np.column_stack(_roc(y, scores))


@pytest.mark.parametrize("band", ["bootstrap", True, "Pointwise"])
def test_a_bad_band_names_band(data, band):
    _, _, y, scores, _ = data
    message = (
        r"The 'band' parameter of PrecisionRecallGainDisplay.from_predictions "
        r"must be one of \{'pointwise', 'simultaneous', None\}"
    )
    with pytest.raises(ValueError, match=message):
        PrecisionRecallGainDisplay.from_predictions(y, scores, band=band)


def test_one_class_names_y_true():
    with pytest.raises(ValueError, match="'y_true' parameter of RocCurveBandDisplay"):
        RocCurveBandDisplay.from_predictions([0, 0, 0], [0.1, 0.2, 0.3], band=None)


def test_labels_and_the_simultaneous_band(data):
    _, _, y, scores, _ = data
    labels = np.where(y == 1, "yes", "no")
    named = PrecisionRecallBandDisplay.from_predictions(
        labels, scores, pos_label="yes", band="simultaneous", color="C3"
    )
    plain = PrecisionRecallBandDisplay.from_predictions(y, scores, band=None)
    np.testing.assert_array_equal(named.line_.get_xydata(), plain.line_.get_xydata())
    assert named.area == plain.area
    assert named.band.method == "simultaneous"
    assert named.line_.get_color() == "C3"  # kwargs go to the line
    title = named.ax_.get_legend().get_title().get_text()
    assert title == "shaded: 95% simultaneous band"


def test_missing_matplotlib_names_the_extra(monkeypatch):
    import sys

    display = RocCurveBandDisplay(x=[0, 1], y=[0, 1], area=0.5, positive_share=0.5)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"RocCurveBandDisplay.plot needs"):
        display.plot()
