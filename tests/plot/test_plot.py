"""Displays draw with every constructor, and show the metric functions' values."""

import numpy as np
import pytest

from imbascore import dominance_score, geometric_mean_score
from imbascore.study import run_study

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from imbascore.plot import AccuracyDominanceDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def test_accuracy_dominance_from_predictions():
    y_true = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    predictions = {
        "a": [1, 1, 0, 0, 0, 0, 0, 0, 0, 1],
        "b": [1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
    }
    display = AccuracyDominanceDisplay.from_predictions(y_true, predictions)
    for i, y_pred in enumerate(predictions.values()):
        assert display.gmean[i] == pytest.approx(geometric_mean_score(y_true, y_pred))
        assert display.dominance[i] == pytest.approx(dominance_score(y_true, y_pred))
    areas = display.gmean * (3 + display.dominance) / 2
    assert display.best_ == int(np.argmax(areas))
    low, high = display.ax_.get_xlim()
    assert low < -1 and high > 1  # a point at d = -1 is not cut in half
    assert display.figure_ is display.ax_.figure


def test_accuracy_dominance_from_estimator_and_study():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(weights=[0.8], random_state=0)
    model = LogisticRegression().fit(X, y)
    _, ax = plt.subplots()
    display = AccuracyDominanceDisplay.from_estimator(model, X, y, ax=ax)
    assert display.ax_ is ax
    assert display.names == ["LogisticRegression"]
    results = run_study(["glass"], ["none", "smote"], ["1nn"], n_splits=3, n_repeats=1)
    display = AccuracyDominanceDisplay.from_study(results, "glass")
    assert len(display.names) == 2 and display.title == "Glass"
    with pytest.raises(ValueError, match=r"must be one of \['glass'\]"):
        AccuracyDominanceDisplay.from_study(results, "vehicle")


def test_accuracy_dominance_legend_decodes_the_papers_markers():
    # García 2008, Figure 2: shape = classifier, fill = training set, the
    # under-sampling entry crossed, the best approach named with its area.
    # Study names with Weka's prefix draw as their role (weka_mlp as MLP).
    from matplotlib.lines import Line2D

    from imbascore.plot import AccuracyDominanceDisplay

    display = AccuracyDominanceDisplay(
        dominance=[-1.0, 0.1, 0.0, -0.2],
        gmean=[0.0, 0.78, 0.75, 0.6],
        names=["a", "b", "c", "d"],
        classifiers=["weka_svm", "weka_mlp", "weka_mlp", "weka_1nn"],
        samplers=["none", "undersample", "weka_smote", "none"],
    ).plot()
    legend = display.ax_.get_legend()
    labels = [text.get_text() for text in legend.get_texts()]
    areas = display.areas
    best = int(np.argmax(areas))
    assert best == 1
    assert f"best: MLP, under-sampling, area {areas[best]:.2f}" in labels
    for name in ("1-NN", "SVM", "MLP", "original", "SMOTE", "under-sampling"):
        assert labels.count(name) == 1, name
    # every point is drawn whole: none is clipped at the axes' border
    points = [c for c in display.ax_.collections if c.get_label() in "abcd"]
    assert len(points) == 4 and not any(c.get_clip_on() for c in points)
    # the legend shows each shape once and a cross (under-sampling's)
    display.figure_.canvas.draw()
    shown = [line.get_marker() for line in legend.findobj(Line2D)]
    assert {"s", "o", "D", "x"} <= set(shown) and shown.count("x") == 1


def test_balanced_accuracy_graph_both_constructors():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    from imbascore import iba_score
    from imbascore.plot import BalancedAccuracyGraphDisplay

    y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    predictions = {
        "theta1": [1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        "theta4": [1, 1, 1, 1, 1, 1, 1, 0, 0, 0],
    }
    display = BalancedAccuracyGraphDisplay.from_predictions(
        y_true, predictions, alpha=0.5
    )
    for i, y_pred in enumerate(predictions.values()):
        assert display.iba[i] == pytest.approx(iba_score(y_true, y_pred, alpha=0.5))
        assert display.gmean_squared[i] == pytest.approx(
            geometric_mean_score(y_true, y_pred) ** 2
        )
    assert display.best_ == int(np.argmax(display.iba))
    assert display.ax_.get_ylim() == (0, 1.02)
    X, y = make_classification(weights=[0.8], random_state=0)
    model = LogisticRegression().fit(X, y)
    display = BalancedAccuracyGraphDisplay.from_estimator(model, X, y)
    assert display.iba[0] == pytest.approx(iba_score(y, model.predict(X)))


def test_iba_surface():
    from imbascore.plot import plot_iba_surface

    ax = plot_iba_surface(alpha=0.5)
    assert ax.get_xlabel() == "TPR" and "0.5" in ax.get_title()
    with pytest.raises(ValueError, match="'alpha' parameter of plot_iba_surface"):
        plot_iba_surface(alpha=2)


def test_balanced_accuracy_curve_display_both_constructors():
    from sklearn.naive_bayes import GaussianNB

    from imbascore import balanced_accuracy_curve
    from imbascore.plot import BalancedAccuracyCurveDisplay

    rng = np.random.default_rng(0)
    y = (rng.random(300) < 0.4).astype(int)
    X = (y + rng.normal(0, 0.8, 300))[:, None]
    display = BalancedAccuracyCurveDisplay.from_estimator(
        GaussianNB(), X, y, n_repeats=3, random_state=0
    )
    curve = balanced_accuracy_curve(GaussianNB(), X, y, n_repeats=3, random_state=0)
    np.testing.assert_allclose(display.mean, curve.mean)
    assert display.auc == curve.auc
    np.testing.assert_allclose(display.line_.get_ydata(), curve.mean)
    y_true = np.array([1, 1, 0, 0, 0])
    by_ratio = {0.2: [0, 0, 0, 0, 0], 0.8: [[1, 1, 1, 0, 0], [1, 0, 0, 0, 0]]}
    display = BalancedAccuracyCurveDisplay.from_predictions(
        y_true, {0.2: by_ratio[0.2], 0.8: [np.array(p) for p in by_ratio[0.8]]}
    )
    assert display.mean.tolist() == pytest.approx([0.5, (5 / 6 + 0.75) / 2])
    assert display.auc == pytest.approx(np.mean(display.mean))


def test_missing_matplotlib_names_the_extra(monkeypatch):
    import sys

    from imbascore.plot import BalancedAccuracyGraphDisplay

    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    display = BalancedAccuracyGraphDisplay(tpr=[0.5], tnr=[0.9], names=["a"])
    with pytest.raises(ImportError, match=r'pip install "imbascore\[plot\]"'):
        display.plot()
