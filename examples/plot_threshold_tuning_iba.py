"""
=====================================================
Tuning the decision threshold of a classifier for IBA
=====================================================

A probabilistic classifier predicts the positive class when its probability
exceeds 0.5. On imbalanced data that cut-off is rarely the best one: the
minority class seldom reaches it. scikit-learn's
:class:`~sklearn.model_selection.TunedThresholdClassifierCV` (scikit-learn
>= 1.5) searches the threshold that maximises a scorer by cross-validation;
with :func:`imbascore.iba_scorer` it maximises the index of balanced accuracy.
The data are the handwritten digits of ``load_digits``, the task "is it an
8?" (9.7% positives); the comparison is made on a held-out test set.
"""

# %%
# Fit with the default threshold and with a tuned one
# ---------------------------------------------------
import sys

import sklearn
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from imbascore import geometric_mean_score, iba_score, iba_scorer
from imbascore.metrics import sensitivity_score, specificity_score

try:
    from sklearn.model_selection import TunedThresholdClassifierCV
except ImportError:
    sys.exit(
        f"This example needs scikit-learn >= 1.5 (found {sklearn.__version__}) "
        "for TunedThresholdClassifierCV."
    )

X, digit = load_digits(return_X_y=True)
y = (digit == 8).astype(int)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.5, stratify=y, random_state=0
)
model = make_pipeline(StandardScaler(), LogisticRegression(C=0.1, max_iter=2000))
default = model.fit(X_train, y_train)
tuned = TunedThresholdClassifierCV(
    model, scoring=iba_scorer(alpha=0.1), cv=5, store_cv_results=True
).fit(X_train, y_train)
print(f"threshold chosen for IBA: {tuned.best_threshold_:.3f} (default 0.5)")

# %%
# Compare on the test set
# -----------------------
for name, predictions in (
    ("threshold 0.5", default.predict(X_test)),
    (f"threshold {tuned.best_threshold_:.3f}", tuned.predict(X_test)),
):
    print(
        f"{name:16} IBA={iba_score(y_test, predictions):.3f}  "
        f"G-mean={geometric_mean_score(y_test, predictions):.3f}  "
        f"sensitivity={sensitivity_score(y_test, predictions):.3f}  "
        f"specificity={specificity_score(y_test, predictions):.3f}"
    )
gain = iba_score(y_test, tuned.predict(X_test)) - iba_score(
    y_test, default.predict(X_test)
)
print(f"\nIBA gained on unseen data by moving the threshold: {gain:+.3f}")
assert gain > 0, "the tuned threshold should beat 0.5 on IBA"

# %%
# IBA across thresholds (cross-validated), with the one chosen
# ------------------------------------------------------------
try:
    import matplotlib.pyplot as plt
except ImportError:
    plt = None

if plt is not None:
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.plot(tuned.cv_results_["thresholds"], tuned.cv_results_["scores"])
    ax.axvline(0.5, color="gray", linestyle=":", label="default 0.5")
    ax.axvline(tuned.best_threshold_, color="C3", label="chosen")
    ax.set_xlabel("decision threshold on P(8)")
    ax.set_ylabel("mean IBA (5-fold CV)")
    ax.legend()
    fig.tight_layout()
