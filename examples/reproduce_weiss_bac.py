"""
=============================================================
Weiss et al.: ranking kNN distance metrics by BAC, ROC and PR
=============================================================

Reproduces the experiment of Weiss, Młyński & Artiemjew, "Balanced accuracy
curve": a *global* kNN (every training object votes; a test object goes to
the class whose summed distance is smallest) with eleven distance metrics, on
Heart, Pima and Australian. Each metric is scored by the area under its
balanced accuracy curve (training sets at positive shares 10%..90%, tested on
a held-out 30%, repeated), and by ROC-AUC and PR-AUC (average precision) on
the same held-out parts with the model trained on the whole 70%. The metrics
are then ranked by each area, and the agreement of the three rankings is
measured with Spearman's rho, as the paper's Figures 12-14 compare them.

Caveat: the embedded Australian is KEEL's copy, whose continuous columns A2,
A3 and A7 lost their decimal points unevenly (22.08 -> 2208); features are
min-max scaled on each training set, which bounds but does not undo the
damage, so Australian's ranking is not the UCI original's.

``--quick`` uses 10 repeats instead of the paper's 100.
"""

# Not run by the docs build (minutes of fitting): its figure, drawn by
# docs/make_figures.py from the same protocol, is the gallery thumbnail.
# sphinx_gallery_thumbnail_path = "_static/figures/weiss_bac_pima.png"

# %%
# The global kNN and the eleven metrics
# -------------------------------------
import sys

import numpy as np
from scipy.spatial.distance import cdist
from scipy.stats import spearmanr
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.metrics import average_precision_score, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import MinMaxScaler

from imbascore import balanced_accuracy_curve
from imbascore.datasets import load_dataset


def _products(A, B):
    dot = A @ B.T
    return dot, (A**2).sum(1)[:, None], (B**2).sum(1)[None, :]


def _ratio_terms(A, B):
    with np.errstate(invalid="ignore", divide="ignore"):
        terms = np.abs(A[:, None] - B[None]) / (np.abs(A[:, None]) + np.abs(B[None]))
    return np.nan_to_num(terms)  # 0/0: equal zero attributes, distance 0


def _jaccard(A, B):
    dot, a2, b2 = _products(A, B)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nan_to_num(1 - np.abs(dot / (a2 + b2 - dot)))


def _sorensen(A, B):
    dot, a2, b2 = _products(A, B)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nan_to_num(1 - np.abs(2 * dot / (a2 + b2)))


METRICS = {
    "manhattan": lambda A, B: cdist(A, B, "cityblock"),
    "euclidean": lambda A, B: cdist(A, B, "euclidean"),
    # On min-max-scaled features, Manhattan is already range-normalised:
    # the same distance as manhattan here (kept to mirror the paper's list).
    "maxmin": lambda A, B: cdist(A, B, "cityblock") / A.shape[1],
    "cosine": lambda A, B: np.nan_to_num(cdist(A, B, "cosine")),
    "minkowski": lambda A, B: cdist(A, B, "minkowski", p=3),
    "chebyshev": lambda A, B: cdist(A, B, "chebyshev"),
    "canberra": lambda A, B: _ratio_terms(A, B).sum(axis=2),
    "chisquared": lambda A, B: (_ratio_terms(A, B) ** 2).sum(axis=2),
    "jaccard": _jaccard,
    "epsilonHamming": lambda A, B: (np.abs(A[:, None] - B[None]) >= 0.01).sum(2),
    "sorensen": _sorensen,
}


class GlobalKNNClassifier(ClassifierMixin, BaseEstimator):
    """Every training object votes with its distance; the smallest sum wins."""

    def __init__(self, metric="euclidean"):
        self.metric = metric

    def fit(self, X, y):
        self.scaler_ = MinMaxScaler().fit(X)
        self.X_, self.y_ = self.scaler_.transform(X), np.asarray(y)
        self.classes_ = np.unique(self.y_)
        return self

    def class_weights(self, X):
        distances = METRICS[self.metric](self.scaler_.transform(X), self.X_)
        return np.stack([distances[:, self.y_ == c].sum(1) for c in self.classes_], 1)

    def predict(self, X):
        return self.classes_[np.argmin(self.class_weights(X), axis=1)]

    def decision_function(self, X):
        """Mean distance to the negatives minus to the positives (for ROC/PR)."""
        sizes = np.array([(self.y_ == c).sum() for c in self.classes_])
        mean = self.class_weights(X) / sizes
        return mean[:, 0] - mean[:, 1]


# %%
# Areas under the BAC, ROC and PR curves, per metric and dataset
# --------------------------------------------------------------
n_repeats = 10 if "--quick" in sys.argv else 100
areas = {}
for dataset in ["heart", "pima", "australian"]:
    data = load_dataset(dataset)
    X, y = data.data.to_numpy(dtype=float), data.target
    if data.caveats:
        print(f"{dataset}: {data.caveats}")
    seeds = np.random.SeedSequence(0).generate_state(n_repeats)
    for metric in METRICS:
        model = GlobalKNNClassifier(metric)
        bac = balanced_accuracy_curve(
            model, X, y, n_repeats=n_repeats, random_state=0
        ).auc
        roc, pr = [], []
        for seed in seeds:
            X_train, X_test, y_train, y_test = train_test_split(
                X, y, test_size=0.3, stratify=y, random_state=int(seed)
            )
            score = model.fit(X_train, y_train).decision_function(X_test)
            roc.append(roc_auc_score(y_test, score))
            pr.append(average_precision_score(y_test, score))
        areas[dataset, metric] = (bac, np.mean(roc), np.mean(pr))

# %%
# Rankings and their agreement (the paper's Figures 12-14)
# --------------------------------------------------------
for dataset in ["heart", "pima", "australian"]:
    table = np.array([areas[dataset, metric] for metric in METRICS])
    ranks = [(-table[:, k]).argsort().argsort() + 1 for k in range(3)]
    print(f"\n{dataset}: rank (area) by BAC, ROC, PR")
    for i, metric in enumerate(METRICS):
        print(
            f"  {metric:15}"
            + "".join(f"{ranks[k][i]:4d} ({table[i, k]:.3f})" for k in range(3))
        )
    pairs = {"BAC~ROC": (0, 1), "BAC~PR": (0, 2), "ROC~PR": (1, 2)}
    print(
        "  Spearman rho: "
        + ", ".join(
            f"{name} {spearmanr(table[:, a], table[:, b])[0]:.2f}"
            for name, (a, b) in pairs.items()
        )
    )
