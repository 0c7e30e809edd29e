"""
=======================================================
The decision threshold for IBA, against accuracy and F1
=======================================================

A classifier's labels come from a threshold on its scores, and on imbalanced
data each metric wants its own threshold. :func:`imbascore.threshold_curve`
computes any metric of the binary table at every threshold at once (one sort
of the scores and cumulative counts); :func:`imbascore.best_threshold` picks
the best one. Here, on the embedded Satimage data (García et al. 2009; 9.7%
positives), a 25-nearest-neighbour classifier's threshold is chosen on a
validation set for the index of balanced accuracy (IBA), for accuracy and for
F1, and each choice is checked on a test set. The same choice is then made by
scikit-learn's :class:`~sklearn.model_selection.TunedThresholdClassifierCV`
with the IBA scorer.
"""

# %%
# Scores on a validation set
# --------------------------
# Half the data to train, a quarter to choose the threshold, a quarter to
# test it. The classifier's score is the share of positives among the 25
# nearest neighbours: 26 distinct values, each shared by many samples (ties
# are counted exactly: equal scores are on the same side of every threshold).
import numpy as np
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from imbascore import best_threshold, iba_scorer, threshold_curve
from imbascore.datasets import load_dataset

data = load_dataset("satimage")
X, y = data.data.to_numpy(dtype=float), np.asarray(data.target)
X_train, X_rest, y_train, y_rest = train_test_split(
    X, y, test_size=0.5, stratify=y, random_state=0
)
X_val, X_test, y_val, y_test = train_test_split(
    X_rest, y_rest, test_size=0.5, stratify=y_rest, random_state=0
)
model = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=25))
model.fit(X_train, y_train)
scores_val = model.predict_proba(X_val)[:, 1]
scores_test = model.predict_proba(X_test)[:, 1]

# %%
# Every metric along the threshold
# --------------------------------
# The result holds the thresholds (every distinct score), each metric's
# value there, and the confusion counts; its repr gives each best point.
metrics = ["iba", "gmean", "balanced_accuracy", "accuracy", "f1"]
curve = threshold_curve(y_val, scores_val, metrics=metrics)
print(curve)

# %%
# The threshold of each metric, checked on the test set
# -----------------------------------------------------
# Accuracy rewards predicting the majority class: its threshold asks for a
# large share of positive neighbours and finds few of the positives. F1
# ignores the true negatives. IBA, like the G-mean and balanced accuracy,
# weighs the two classes' rates and sets the threshold lowest.
chosen = {name: best_threshold(y_val, scores_val, name) for name in metrics}
test = threshold_curve(
    y_test,
    scores_test,
    metrics=["iba", "sensitivity", "specificity", "accuracy", "f1"],
    thresholds=[chosen[name] for name in ("iba", "accuracy", "f1")],
)
print(
    f"{'chosen for':>10} {'threshold':>9} | on the test set: {'IBA':>5} "
    f"{'TPR':>5} {'TNR':>5} {'acc.':>5} {'F1':>5}"
)
for index, name in enumerate(("iba", "accuracy", "f1")):
    row = [test.values[key][index] for key in test.metrics]
    print(
        f"{name:>10} {chosen[name]:>9.2f} | {' ' * 16}"
        + " ".join(f"{value:>5.3f}" for value in row)
    )
assert chosen["iba"] < chosen["f1"] < chosen["accuracy"]
# chosen on validation data, IBA's threshold is also the best for IBA on test
assert test.values["iba"][0] > max(test.values["iba"][1:])

# %%
# In ROC space: the isometrics of each metric
# -------------------------------------------
# Each metric's best point is where the ROC curve touches its highest
# iso-line (Flach 2003). Balanced accuracy's iso-lines have slope 1; those of
# accuracy have the slope of the class ratio, 9.3 negatives per positive, so
# steep that the best accuracy sits near the origin; F1's turn around
# (-positives/negatives, 0). IBA's and the G-mean's are curves.
try:
    import matplotlib.pyplot as plt
except ImportError:
    plt = None

if plt is not None:
    from imbascore.plot import (
        AccuracyDominanceDisplay,
        BalancedAccuracyGraphDisplay,
        RocIsometricsDisplay,
        ThresholdCurveDisplay,
    )

    display = ThresholdCurveDisplay.from_predictions(
        y_val, scores_val, metrics=metrics, name="25-NN on Satimage (validation)"
    )
    display.figure_.tight_layout()

    fig, axes = plt.subplots(2, 3, figsize=(14, 9.5))
    roc = RocIsometricsDisplay.from_predictions(
        y_val, scores_val, metrics=metrics, name="25-NN", ax=axes[0, 0]
    )
    for ax, name in zip(axes.ravel()[1:], metrics[1:], strict=False):
        roc.plot(ax=ax, isometrics=name, legend=False)
    axes.ravel()[-1].axis("off")
    fig.tight_layout()

# %%
# The operating point across thresholds, in the papers' spaces
# ------------------------------------------------------------
# As the threshold falls, the point moves from dominance -1 (nothing
# predicted positive) to +1 (everything). In the Balanced Accuracy Graph
# (García et al. 2009) the best IBA is the largest rectangle under the
# trajectory; in the accuracy-dominance space (García et al. 2008) the best
# area is the largest trapezium, reached at a lower threshold.
if plt is not None:
    fig, axes = plt.subplots(1, 2, figsize=(12, 5.2))
    BalancedAccuracyGraphDisplay.from_scores(
        y_val, scores_val, name="25-NN", ax=axes[0]
    )
    AccuracyDominanceDisplay.from_scores(y_val, scores_val, name="25-NN", ax=axes[1])
    fig.tight_layout()

# %%
# The same choice through TunedThresholdClassifierCV
# --------------------------------------------------
# scikit-learn (>= 1.5) tunes the threshold of a fitted classifier on given
# data with ``cv="prefit"`` and ``refit=False``: it scores ``thresholds=100``
# evenly spaced thresholds from the lowest to the highest score with the
# scorer, calling the metric once per threshold, and keeps the first best.
# ``best_threshold`` with the same thresholds computes all of them from one
# count and breaks ties the same way.
try:
    from sklearn.model_selection import TunedThresholdClassifierCV
except ImportError:  # scikit-learn < 1.5
    TunedThresholdClassifierCV = None

ours = best_threshold(y_val, scores_val, "iba", thresholds=100)
print(f"best_threshold(..., 'iba', thresholds=100): {ours:.4f}")
if TunedThresholdClassifierCV is None:
    print("TunedThresholdClassifierCV needs scikit-learn >= 1.5: comparison skipped.")
else:
    tuned = TunedThresholdClassifierCV(
        model, scoring=iba_scorer(), cv="prefit", refit=False, thresholds=100
    ).fit(X_val, y_val)
    print(
        f"TunedThresholdClassifierCV(scoring=iba_scorer()): {tuned.best_threshold_:.4f}"
    )
    assert tuned.best_threshold_ == ours
    # Any threshold in (0.12, 0.16] gives the predictions of score >= 0.16.
    assert np.array_equal(tuned.predict(X_test), scores_test >= chosen["iba"])
