"""
==========================================================
Is the best model of a grid search really better?
==========================================================

A grid search ranks its candidates by their mean cross-validated score and
refits the first. On imbalanced data those means rest on a few minority
samples per fold, and the folds share most of their training data, so the
best and the runner-up are often not distinguishable. Here a decision tree's
depth is searched on the embedded ``vehicle`` data (a van against the other
vehicles, 25% positives) with IBA as the score, 5-fold cross-validation
repeated 4 times. :func:`~imbascore.compare_models` tests each candidate
against the best (Nadeau & Bengio's corrected t-test and the Bayesian
correlated t-test with a region of practical equivalence of 0.01 IBA), and
:func:`~imbascore.simplest_within_noise` refits the shallowest tree that is
not credibly worse than the best.
"""

# %%
# The search, refitting the simplest candidate within the noise
# -------------------------------------------------------------
import matplotlib.pyplot as plt
import numpy as np
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold
from sklearn.tree import DecisionTreeClassifier

from imbascore import compare_models, get_scorer, simplest_within_noise
from imbascore.datasets import load_dataset

data = load_dataset("vehicle")
X, y = np.asarray(data.data, dtype=float), np.asarray(data.target)
cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=4, random_state=0)
refit = simplest_within_noise("max_depth", cv=cv, rope=0.01, credibility=0.9)
search = GridSearchCV(
    DecisionTreeClassifier(random_state=0),
    {"max_depth": [2, 3, 4, 5, 6, 8, None]},
    scoring=get_scorer("iba"),
    cv=cv,
    refit=refit,
).fit(X, y)
results = search.cv_results_
means = results["mean_test_score"]
best = int(np.argmax(means))
print(
    "mean IBA per depth:",
    dict(zip(map(str, results["param_max_depth"]), means.round(3))),
)
print(f"best mean: max_depth={results['param_max_depth'][best]} ({means[best]:.3f})")
print(
    f"refitted:  max_depth={search.best_params_['max_depth']} "
    f"({means[search.best_index_]:.3f})"
)

# %%
# Each candidate against the best
# -------------------------------
comparison = compare_models(results, cv=cv, rope=0.01, pairs="best")
print(comparison)
frame = comparison.to_frame()
runner_up = frame.loc[frame["mean_b"].idxmax()]
print(
    f"\nbest against the runner-up ({runner_up['model_b']}): difference "
    f"{runner_up['mean_difference']:.3f}, p = {runner_up['pvalue']:.2f}, "
    f"P(best better by more than 0.01) = {runner_up['p_better']:.2f}"
)
assert runner_up["p_better"] < 0.9 and runner_up["pvalue"] > 0.05
chosen = frame[frame["model_b"] == f"max_depth={search.best_params_['max_depth']}"]
assert chosen.empty or chosen["p_better"].iloc[0] < 0.9
assert search.best_params_["max_depth"] is not None

# %%
# The best and the runner-up are not credibly different; neither are several
# shallower trees. With ``credibility=0.9`` the refit drops the candidates
# that the best beats by more than the ROPE with probability 0.9 or more and
# keeps the shallowest of the rest. The intervals below are the corrected
# t-test's 95% intervals of each difference; the grey band is the ROPE.
comparison.plot()
plt.tight_layout()
plt.show()
