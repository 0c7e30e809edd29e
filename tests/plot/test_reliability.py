"""ReliabilityDisplay draws what reliability_diagram computes."""

import numpy as np
import pytest

from imbascore import reliability_diagram

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from imbascore.plot import ReliabilityDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def data():
    """A fitted model on 10%-positive data, its probabilities and a
    miscalibrated version of them (too high everywhere)."""
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(
        n_samples=600, weights=[0.9], class_sep=0.8, flip_y=0.02, random_state=0
    )
    model = LogisticRegression().fit(X, y)
    proba = model.predict_proba(X)[:, 1]
    return model, X, y, proba, np.sqrt(proba)


def _polygon_spans(band_, x, low, high):
    """Assert that the band's polygon runs from ``low`` to ``high`` at each
    ``x``, and nowhere else."""
    vertices = band_.get_paths()[0].vertices
    where = np.searchsorted(x, vertices[:, 0])
    np.testing.assert_array_equal(x[where], vertices[:, 0])
    bottom = np.full(x.shape, np.inf)
    top = np.full(x.shape, -np.inf)
    np.minimum.at(bottom, where, vertices[:, 1])
    np.maximum.at(top, where, vertices[:, 1])
    np.testing.assert_array_equal(bottom, low)
    np.testing.assert_array_equal(top, high)


@pytest.mark.parametrize("band", ["consistency", "confidence"])
def test_the_line_and_the_band_are_reliability_diagrams(data, band):
    _, _, y, proba, _ = data
    display = ReliabilityDisplay.from_predictions(
        y, proba, band=band, n_resamples=100, random_state=3, name="LR"
    )
    diagram = reliability_diagram(y, proba, band=band, n_resamples=100, random_state=3)
    x, cep = display.line_.get_data()
    np.testing.assert_array_equal(x, diagram.x)
    np.testing.assert_array_equal(cep, diagram.cep)
    assert display.line_.get_drawstyle() == "default"  # points joined linearly
    assert np.unique(x).shape == x.shape and x.shape[0] > 100
    np.testing.assert_array_equal(display.diagram.low, diagram.low)
    np.testing.assert_array_equal(display.diagram.high, diagram.high)
    assert np.isfinite(diagram.low).all()  # fewer than 1,000 values
    _polygon_spans(display.band_, diagram.x, diagram.low, diagram.high)
    # around the diagonal (consistency) or the curve (confidence)
    centre = diagram.x if band == "consistency" else diagram.cep
    inside = (diagram.low <= centre + 1e-12) & (centre <= diagram.high + 1e-12)
    assert inside.mean() > 0.8  # the extremes excepted, where PAV pools
    np.testing.assert_allclose(
        display.band_.get_facecolor()[0][:3],
        matplotlib.colors.to_rgb(display.line_.get_color()),
    )
    ax = display.ax_
    title = ax.get_legend().get_title().get_text()
    assert title == f"shaded: 95% {band} band"
    assert ax.get_xlim() == (0.0, 1.0) and ax.get_ylim() == (0.0, 1.0)
    assert ax.get_aspect() == 1.0
    assert ax.get_xlabel() == "Predicted probability"
    assert ax.get_ylabel() == "Conditional event probability (PAV)"
    assert display.figure_ is ax.figure
    x, t = display.diagonal_.get_data()
    np.testing.assert_array_equal(x, [0, 1])
    np.testing.assert_array_equal(t, [0, 1])
    assert display.diagonal_.get_linestyle() == "--"


def test_the_legend_gives_the_decomposition(data):
    _, _, y, proba, _ = data
    display = ReliabilityDisplay.from_predictions(
        y, proba, n_resamples=100, random_state=0, name="LR"
    )
    parts = display.diagram.decomposition
    p_value = display.diagram.p_value
    assert 0.0 < p_value <= 1.0
    expected = (
        f"LR\nMCB={parts.mcb:.3f}, DSC={parts.dsc:.3f}, UNC={parts.unc:.3f}, "
        f"p={p_value:.3f}"
    )
    assert display.line_.get_label() == expected
    texts = [text.get_text() for text in display.ax_.get_legend().get_texts()]
    assert texts == ["perfectly calibrated", expected]
    # the numbers are the Brier score's: value = MCB - DSC + UNC
    brier = np.mean((proba - y) ** 2)
    assert parts.mcb - parts.dsc + parts.unc == pytest.approx(brier)
    assert parts.unc == pytest.approx(y.mean() * (1 - y.mean()))
    # no test without the consistency band; no band at all without one
    plain = ReliabilityDisplay.from_predictions(y, proba, band=None, name="LR")
    assert plain.line_.get_label() == expected.rsplit(", p=", 1)[0]
    assert plain.band_ is None and not plain.ax_.collections
    assert plain.ax_.get_legend().get_title().get_text() == ""
    confidence = ReliabilityDisplay.from_predictions(
        y, proba, band="confidence", n_resamples=20, random_state=0
    )
    assert "p=" not in confidence.line_.get_label()
    assert confidence.line_.get_label().startswith("classifier\nMCB=")


def test_prevalence_changes_the_decomposition(data):
    _, _, y, proba, _ = data
    plain = ReliabilityDisplay.from_predictions(y, proba, band=None)
    balanced = ReliabilityDisplay.from_predictions(y, proba, band=None, prevalence=0.5)
    diagram = reliability_diagram(y, proba, band=None, prevalence=0.5)
    assert balanced.diagram.decomposition == diagram.decomposition
    np.testing.assert_array_equal(balanced.line_.get_ydata(), diagram.cep)
    assert balanced.diagram.decomposition.unc == pytest.approx(0.25)
    assert plain.diagram.decomposition.unc < 0.1
    assert "UNC=0.250" in balanced.line_.get_label()
    assert balanced.line_.get_label() != plain.line_.get_label()
    # the positives weigh more: the recalibrated probabilities rise
    assert (balanced.line_.get_ydata() >= plain.line_.get_ydata() - 1e-12).all()
    assert balanced.line_.get_ydata().mean() > plain.line_.get_ydata().mean() + 0.05


def test_the_histograms_share_each_class(data):
    _, _, y, proba, _ = data
    display = ReliabilityDisplay.from_predictions(y, proba, band=None)
    hist_ax = display.ax_hist_
    assert hist_ax is not None and hist_ax is not display.ax_
    assert hist_ax.get_xlim() == (0.0, 1.0)  # shares x with the diagram
    assert set(display.histogram_) == {"negatives", "positives"}
    bins = np.linspace(0.0, 1.0, 21)
    for cls_name, label in (("negatives", 0), ("positives", 1)):
        expected, _ = np.histogram(proba[y == label], bins=bins)
        expected = expected / (y == label).sum()
        # a step histogram is one polygon, (e0, 0), (e0, h0), (e1, h0),
        # (e1, h1), ...: each bin's height at its left edge
        (patch,) = display.histogram_[cls_name]
        corners = patch.get_path().vertices[1 : 2 * len(expected) : 2]
        np.testing.assert_allclose(corners[:, 0], bins[:-1], atol=1e-12)
        np.testing.assert_allclose(corners[:, 1], expected, atol=1e-12)
        assert sum(expected) == pytest.approx(1.0)
    # each class at its own scale: the rare positives are not flattened
    tallest = {
        name: patch[0].get_path().vertices[:, 1].max()
        for name, patch in display.histogram_.items()
    }
    assert tallest["positives"] > 0.1
    texts = [text.get_text() for text in hist_ax.get_legend().get_texts()]
    assert texts == ["negatives", "positives"]
    assert "own total" in hist_ax.get_legend().get_title().get_text()
    # no histogram: no second axis
    bare = ReliabilityDisplay.from_predictions(y, proba, band=None, histogram=False)
    assert bare.ax_hist_ is None and bare.histogram_ is None
    assert bare.figure_.axes == [bare.ax_]


def test_several_models_on_one_axis(data):
    _, _, y, proba, too_high = data
    first = ReliabilityDisplay.from_predictions(
        y, proba, name="A", n_resamples=50, random_state=0
    )
    second = ReliabilityDisplay.from_predictions(
        y, too_high, name="B", n_resamples=50, random_state=0, ax=first.ax_
    )
    third = second.plot(ax=first.ax_, name="B again", color="C5")
    ax = first.ax_
    assert second.ax_ is ax and third.ax_ is ax
    assert len(ax.get_lines()) == 4  # the diagonal once, three curves
    assert len(ax.collections) == 3  # three bands
    assert first.diagonal_ is second.diagonal_ is third.diagonal_
    texts = [text.get_text() for text in ax.get_legend().get_texts()]
    assert [text.split("\n")[0] for text in texts] == [
        "perfectly calibrated",
        "A",
        "B",
        "B again",
    ]
    assert texts[1] != texts[2]  # two decompositions
    assert second.diagram.decomposition.mcb > first.diagram.decomposition.mcb + 0.01
    np.testing.assert_array_equal(
        second.line_.get_ydata(), reliability_diagram(y, too_high, band=None).cep
    )
    assert first.line_.get_color() != second.line_.get_color()
    assert third.line_.get_color() == "C5"
    # the histograms of the first model only: one extra axis in the figure
    assert first.ax_hist_ is not None
    assert second.ax_hist_ is None and second.histogram_ is None
    assert len(first.figure_.axes) == 2


def test_from_estimator_is_from_predictions(data):
    model, X, y, proba, _ = data
    fitted = ReliabilityDisplay.from_estimator(
        model, X, y, n_resamples=50, random_state=1
    )
    scored = ReliabilityDisplay.from_predictions(
        y, proba, n_resamples=50, random_state=1, name="LogisticRegression"
    )
    np.testing.assert_array_equal(fitted.line_.get_xydata(), scored.line_.get_xydata())
    np.testing.assert_array_equal(fitted.diagram.low, scored.diagram.low)
    np.testing.assert_array_equal(fitted.diagram.high, scored.diagram.high)
    assert fitted.line_.get_label() == scored.line_.get_label()
    assert fitted.line_.get_label().startswith("LogisticRegression\nMCB=")
    named = ReliabilityDisplay.from_estimator(model, X, y, band=None, name="mine")
    assert named.line_.get_label().startswith("mine\n")


def test_string_classes_and_pos_label(data):
    from sklearn.linear_model import LogisticRegression

    _, X, y, proba, _ = data
    labels = np.where(y == 1, "yes", "no")
    named = ReliabilityDisplay.from_predictions(
        labels, proba, pos_label="yes", band=None
    )
    plain = ReliabilityDisplay.from_predictions(y, proba, band=None)
    np.testing.assert_array_equal(named.line_.get_xydata(), plain.line_.get_xydata())
    assert named.line_.get_label() == plain.line_.get_label()
    # an estimator on strings: pos_label picks the column of classes_
    model = LogisticRegression().fit(X, labels)
    assert list(model.classes_) == ["no", "yes"]
    for pos_label, column in (("yes", 1), (None, 1), ("no", 0)):
        fitted = ReliabilityDisplay.from_estimator(
            model, X, labels, pos_label=pos_label, band=None
        )
        expected = reliability_diagram(
            labels,
            model.predict_proba(X)[:, column],
            pos_label=pos_label or "yes",
            band=None,
        )
        np.testing.assert_array_equal(fitted.line_.get_xdata(), expected.x)
        np.testing.assert_array_equal(fitted.line_.get_ydata(), expected.cep)
    # the negatives' probability is the mirror image of the positives'
    no = ReliabilityDisplay.from_estimator(model, X, labels, pos_label="no", band=None)
    yes = ReliabilityDisplay.from_estimator(model, X, labels, band=None)
    np.testing.assert_allclose(no.line_.get_xdata(), 1 - yes.line_.get_xdata()[::-1])
    with pytest.raises(ValueError, match="'pos_label' parameter of ReliabilityDis"):
        ReliabilityDisplay.from_estimator(model, X, labels, pos_label="maybe")


def test_the_band_is_drawn_where_it_is_defined():
    # above 1,000 distinct probabilities the band is read at 1,000 of them
    rng = np.random.default_rng(0)
    proba = rng.uniform(size=1500)
    y = (rng.uniform(size=1500) < proba).astype(int)
    display = ReliabilityDisplay.from_predictions(
        y, proba, n_resamples=20, random_state=0, histogram=False
    )
    diagram = display.diagram
    finite = np.isfinite(diagram.low)
    assert 900 < finite.sum() < 1500
    vertices = display.band_.get_paths()[0].vertices
    assert np.isfinite(vertices).all()
    _polygon_spans(
        display.band_, diagram.x[finite], diagram.low[finite], diagram.high[finite]
    )


@pytest.mark.parametrize("band", ["bootstrap", True, "Consistency"])
def test_a_bad_band_names_band(data, band):
    _, _, y, proba, _ = data
    message = (
        r"The 'band' parameter of ReliabilityDisplay.from_predictions must be "
        r"one of \{'consistency', 'confidence', None\}"
    )
    with pytest.raises(ValueError, match=message):
        ReliabilityDisplay.from_predictions(y, proba, band=band)


@pytest.mark.parametrize(
    "params, error, param",
    [
        ({"confidence_level": 95}, ValueError, "confidence_level"),
        ({"n_resamples": 0}, ValueError, "n_resamples"),
        ({"histogram": "yes"}, TypeError, "histogram"),
        ({"prevalence": 1.5}, ValueError, "prevalence"),
    ],
)
def test_bad_parameters_are_named(data, params, error, param):
    _, _, y, proba, _ = data
    with pytest.raises(
        error, match=f"'{param}' parameter of ReliabilityDisplay.from_predictions"
    ):
        ReliabilityDisplay.from_predictions(y, proba, **params)


def test_bad_inputs_are_named(data):
    _, _, y, proba, _ = data
    func = "ReliabilityDisplay.from_predictions"
    with pytest.raises(ValueError, match=f"'y_proba' parameter of {func}"):
        ReliabilityDisplay.from_predictions(y, proba * 2, band=None)
    with pytest.raises(ValueError, match=f"'pos_label' parameter of {func}"):
        ReliabilityDisplay.from_predictions(y, proba, pos_label=7, band=None)
    with pytest.raises(ValueError, match="inconsistent|length|sample"):
        ReliabilityDisplay.from_predictions(y[:-1], proba, band=None)


def test_estimators_without_probabilities_or_of_three_classes(data):
    from sklearn.linear_model import LogisticRegression, RidgeClassifier

    _, X, y, _, _ = data
    # a classifier without predict_proba, fitted in closed form (LinearSVC's
    # solver warns that it did not converge on scikit-learn 1.4)
    ridge = RidgeClassifier().fit(X, y)
    message = (
        r"'estimator' parameter .* must have a predict_proba .* Got RidgeClassifier"
    )
    with pytest.raises(TypeError, match=message):
        ReliabilityDisplay.from_estimator(ridge, X, y)
    three = np.arange(y.shape[0]) % 3
    model = LogisticRegression().fit(X, three)
    with pytest.raises(ValueError, match="'estimator' parameter.*binary"):
        ReliabilityDisplay.from_estimator(model, X, three)


def test_missing_matplotlib_names_the_extra(monkeypatch, data):
    import sys

    _, _, y, proba, _ = data
    diagram = reliability_diagram(y, proba, band=None)
    display = ReliabilityDisplay(diagram=diagram, name="LR")
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"ReliabilityDisplay.plot needs"):
        display.plot()
