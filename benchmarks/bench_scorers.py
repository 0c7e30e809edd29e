"""Twelve metrics per fold: one multi_scorer against twelve separate scorers.

Prints medians and ratios measured in the same run (never asserts: these
machines are noisy) as a Markdown table that goes into docs/performance.md. Run it with

    pip install ".[bench]" && python benchmarks/bench_scorers.py [--quick]

The estimator thresholds one feature, so that fitting and predicting cost
almost nothing and the time left is the scoring. With a dict of scorers,
scikit-learn already calls ``predict`` once per fold (its multimetric scorer
caches it) but each scorer validates and counts the labels again;
:func:`imbascore.multi_scorer` (the same kind of dict, whose scorers share
one prediction and one count) counts once. The "one call" rows time
``MultiScorer.score`` against calling the twelve scorers one by one.
"""

import argparse
import warnings

import numpy as np
import sklearn
from bench_metrics import _format_time, _median_seconds
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.model_selection import StratifiedKFold, cross_validate

import imbascore
from imbascore import get_scorer, get_scoring, multi_scorer

NAMES = [
    "iba",
    "gmean",
    "dominance",
    "sensitivity",
    "specificity",
    "optimized_precision",
    "ad_area",
    "weighted_accuracy",
    "dprime",
    "aucz",
    "nmi",
    "balanced_accuracy",
]


class FirstFeatureThreshold(ClassifierMixin, BaseEstimator):
    """Predicts 1 where the first feature is positive; fitting is free."""

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return (X[:, 0] > 0).astype(np.int64)


def _problem(n, rng):
    y = (rng.random(n) < 0.1).astype(np.int64)
    X = (y - 0.5 + rng.normal(scale=0.6, size=n))[:, None]
    return X, y


def _score_seconds(X, y, scoring, repeats):
    """Median over runs of cross_validate's total score time (5 folds)."""
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    totals = []
    for _ in range(repeats):
        result = cross_validate(FirstFeatureThreshold(), X, y, cv=cv, scoring=scoring)
        totals.append(result["score_time"].sum())
    return float(np.median(totals))


def _comparison(label, apart_name, apart, together, one, one_target):
    """Table rows: separate scorers, multi_scorer (ratio), one scorer (ratio)."""
    return [
        (label, apart_name, _format_time(apart), "", ""),
        (
            label,
            "multi_scorer(12 names)",
            _format_time(together),
            f"{apart / together:.1f}x faster",
            ">= 5x faster",
        ),
        (
            label,
            "one scorer (iba)",
            _format_time(one),
            f"multi_scorer = {together / one:.2f}x one scorer",
            one_target,
        ),
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n=2*10^5, fewer repeats")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(0)
    rows = []

    n = 2 * 10**5 if args.quick else 2 * 10**6
    repeats = 3 if args.quick else 5
    X, y = _problem(n, rng)
    label = f"cross_validate, 5 folds of {n // 5:,}"
    together = _score_seconds(X, y, multi_scorer(NAMES), repeats)
    apart = _score_seconds(X, y, get_scoring(NAMES), repeats)
    one = _score_seconds(X, y, get_scorer("iba"), repeats)
    rows += _comparison(
        label,
        "12 separate scorers (get_scoring)",
        apart,
        together,
        one,
        "<= 2x one scorer",
    )

    # Small folds: the per-call cost, predict and validation included.
    X_small, y_small = _problem(100, rng)
    model = FirstFeatureThreshold().fit(X_small, y_small)
    number = 50 if args.quick else 200
    scorers = get_scoring(NAMES)
    scorer = multi_scorer(NAMES)
    iba = get_scorer("iba")
    together = _median_seconds(lambda: scorer.score(model, X_small, y_small), 7, number)
    apart = _median_seconds(
        lambda: [s(model, X_small, y_small) for s in scorers.values()], 7, number
    )
    one = _median_seconds(lambda: iba(model, X_small, y_small), 7, number)
    label = "one call, fold of 100"
    rows += _comparison(
        label, "12 separate scorers", apart, together, one, "<= 3x one scorer"
    )

    print(
        f"imbascore {imbascore.__version__}, scikit-learn {sklearn.__version__}, "
        f"numpy {np.__version__}; medians\n"
    )
    print("| input | what | median | ratio | target |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
