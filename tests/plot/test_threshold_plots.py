"""The threshold displays draw what threshold_curve computes."""

import numpy as np
import pytest

from imbascore import best_threshold, iba_score, threshold_curve
from imbascore._thresholds.curve import values_at_rates

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from imbascore.plot import (  # noqa: E402
    AccuracyDominanceDisplay,
    BalancedAccuracyGraphDisplay,
    RocIsometricsDisplay,
    ThresholdCurveDisplay,
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def scored():
    """A fitted logistic regression and its scores on 10%-positive data."""
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(
        n_samples=600, weights=[0.9], class_sep=0.8, random_state=0
    )
    model = LogisticRegression().fit(X, y)
    return model, X, y, model.predict_proba(X)[:, 1]


def test_threshold_curve_display_draws_the_curve(scored, tmp_path):
    model, X, y, scores = scored
    metrics = ["iba", "gmean", "dominance", "f1"]
    display = ThresholdCurveDisplay.from_predictions(
        y, scores, metrics=metrics, alpha=0.5, name="LR"
    )
    curve = threshold_curve(y, scores, metrics=metrics, alpha=0.5)
    order = np.argsort(curve.thresholds)
    for name in metrics:
        x, values = display.lines_[name].get_data()
        np.testing.assert_array_equal(x, curve.thresholds[order])
        np.testing.assert_array_equal(values, curve.values[name][order])
    # every metric with a best value is marked; dominance has none
    assert set(display.best) == {"iba", "gmean", "f1"}
    assert display.best_thresholds_["iba"] == best_threshold(y, scores, alpha=0.5)
    assert display.ax_.get_title() == "LR"
    assert display.figure_ is display.ax_.figure
    display.figure_.savefig(tmp_path / "threshold_curve.png")


def test_threshold_curve_display_from_estimator(scored):
    model, X, y, _ = scored
    proba = ThresholdCurveDisplay.from_estimator(model, X, y, metrics=["iba"])
    assert proba.name == "LogisticRegression"
    decision = ThresholdCurveDisplay.from_estimator(
        model, X, y, metrics=["iba"], response_method="decision_function"
    )
    # a monotone transform of the scores: the same operating points
    np.testing.assert_allclose(
        proba.values["iba"], decision.values["iba"], rtol=0, atol=1e-12
    )
    # the first class as positive: its decision function is negated
    negative = ThresholdCurveDisplay.from_estimator(
        model, X, y, metrics=["sensitivity"], pos_label=0
    )
    assert negative.curve_.pos_label == 0
    assert negative.curve_.tp[0] == np.sum(y == 0)
    with pytest.raises(ValueError, match="'response_method' parameter"):
        ThresholdCurveDisplay.from_estimator(model, X, y, response_method="predict")
    with pytest.raises(ValueError, match=r"'pos_label'.*classes_, \[0, 1\]. Got 3"):
        ThresholdCurveDisplay.from_estimator(model, X, y, pos_label=3)
    from sklearn.linear_model import LogisticRegression

    with pytest.raises(ValueError, match="needs a fitted classifier"):
        ThresholdCurveDisplay.from_estimator(LogisticRegression(), X, y)


def test_roc_isometrics_display_marks_each_best_on_the_curve(scored, tmp_path):
    model, X, y, scores = scored
    display = RocIsometricsDisplay.from_estimator(model, X, y, name="LR", alpha=0.3)
    curve = threshold_curve(
        y,
        scores,
        metrics=["iba", "gmean", "balanced_accuracy", "accuracy", "f1"],
        alpha=0.3,
    )
    assert display.positives == np.sum(y == 1)
    assert display.negatives == np.sum(y == 0)
    x, t = display.line_.get_data()
    assert (x[0], t[0]) == (0.0, 0.0) and (x[-1], t[-1]) == (1.0, 1.0)
    assert np.all(np.diff(x) >= 0)  # FPR never falls as the threshold does
    for name, index in display.best.items():
        assert index == curve.best_index(name)
        # the best point is on the curve and has the best value
        assert np.any((x == curve.fpr[index]) & (t == curve.tpr[index]))
    assert "IBA (alpha = 0.3)" in display.ax_.get_title()
    display.figure_.savefig(tmp_path / "isometrics.png")
    for isometrics in ("accuracy", "f1"):
        ratio = RocIsometricsDisplay.from_predictions(y, scores, isometrics=isometrics)
        assert "negatives per positive" in ratio.ax_.get_title()


def test_isometrics_have_the_shapes_of_flach_2003():
    positives, negatives = 30.0, 270.0
    fpr = np.linspace(0.0, 0.1, 11)

    def along(name, tpr, **params):
        return values_at_rates(name, tpr, fpr, positives, negatives, params, "test")

    # accuracy: lines of slope negatives / positives (the class ratio)
    values = along("accuracy", 0.05 + fpr * negatives / positives)
    np.testing.assert_allclose(values, values[0], rtol=0, atol=1e-12)
    assert np.ptp(along("accuracy", 0.05 + fpr)) > 0.05  # not slope 1
    # balanced accuracy: lines of slope 1, whatever the ratio
    np.testing.assert_allclose(
        along("balanced_accuracy", 0.5 + fpr), 0.75, rtol=0, atol=1e-12
    )
    # F1: lines through (-positives / negatives, 0)
    values = along("f1", 2.0 * (fpr + positives / negatives))
    np.testing.assert_allclose(values, values[0], rtol=0, atol=1e-12)
    # G-mean: hyperbolas TPR (1 - FPR) = g^2
    np.testing.assert_allclose(
        along("gmean", 0.3 / (1 - fpr)), np.sqrt(0.3), rtol=0, atol=1e-12
    )
    # IBA: the same G-mean scores higher at a higher TPR when alpha > 0
    high = along("iba", 0.3 / (1 - fpr), alpha=0.5)
    assert np.all(np.diff(high) > 0)


@pytest.mark.parametrize("alpha", [0.1, 1.0])
def test_balanced_accuracy_graph_from_scores(scored, alpha, tmp_path):
    _, _, y, scores = scored
    display = BalancedAccuracyGraphDisplay.from_scores(
        y, scores, alpha=alpha, name="LR"
    )
    chosen = best_threshold(y, scores, "iba", alpha=alpha)
    assert display.best_threshold_ == chosen
    assert display.iba[0] == pytest.approx(
        iba_score(y, (scores >= chosen).astype(int), alpha=alpha), abs=1e-12
    )
    x, g2 = display.trajectory_.get_data()
    curve = display.curve_
    assert len(x) == len(curve)
    # high threshold to low: dominance rises to 1 (everything positive)
    assert x[-1] == 1.0 and g2[-1] == 0.0
    tpr, tnr = curve.values["sensitivity"], curve.values["specificity"]
    order = np.argsort(curve.thresholds)[::-1]
    np.testing.assert_allclose(x, (tpr - tnr)[order])
    np.testing.assert_allclose(g2, (tpr * tnr)[order])
    # the trajectory never enters the infeasible region above 1 - |d|
    assert np.all(g2 <= 1 - np.abs(x) + 1e-12)
    labels = [text.get_text() for text in display.ax_.get_legend().get_texts()]
    assert "LR across thresholds" in labels
    display.figure_.savefig(tmp_path / "bag.png")


def test_accuracy_dominance_from_scores(scored, tmp_path):
    _, _, y, scores = scored
    _, ax = plt.subplots()
    display = AccuracyDominanceDisplay.from_scores(y, scores, ax=ax, legend=False)
    assert display.ax_ is ax and ax.get_legend() is None
    assert display.best_threshold_ == best_threshold(y, scores, "ad_area")
    x, g = display.trajectory_.get_data()
    assert len(x) == len(display.curve_)
    assert np.all(g <= np.sqrt(1 - np.abs(x)) + 1e-12)  # the feasible bell
    assert display.areas[0] == pytest.approx(
        np.max(display.curve_.values["ad_area"]), abs=1e-12
    )
    display.figure_.savefig(tmp_path / "ad.png")
