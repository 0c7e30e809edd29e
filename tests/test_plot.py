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
    assert display.ax_.get_xlim() == (-1, 1)
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
