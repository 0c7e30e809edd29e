"""Time of the decisions on 10^6 scores, against scikit-learn's roc_curve.

Prints medians and ratios (never asserts: these machines are noisy). Run it
with

    python benchmarks/bench_decisions.py [--quick] [--n 1000000]

The scores are random float64 values (all distinct: every one is a
threshold), the labels int8 with 5% positives. Rows: each operating-point
score (exact over every distinct score: one sort and cumulative counts),
``best_threshold`` of the expected cost, ``decision_curve`` at 99 threshold
probabilities with its posterior band (2000 draws), against
``roc_curve`` (one sort, FPR and TPR only): the target is at most 1.5x.
``operating_point`` is timed on 10^4 scores: its interval re-selects the
threshold on each of 1000 bootstrap resamples, so it costs 1000 curves, not
one.

Then: how many times a scorer asks the model for scores inside
``GridSearchCV`` (once per candidate and fold: no second prediction).
"""

import argparse
import statistics
import time

import numpy as np
import sklearn
import sklearn.metrics as skm
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV

import imbascore
from imbascore import (
    best_threshold,
    decision_curve,
    get_scorer,
    operating_point,
    precision_at_recall_score,
    recall_at_precision_score,
    sensitivity_at_specificity_score,
    specificity_at_sensitivity_score,
    tpr_at_fpr_score,
)


def _median_seconds(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _format_time(seconds):
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.1f} ms"


class _CountingModel(LogisticRegression):
    """A logistic regression that counts its calls of decision_function."""

    calls = 0

    def decision_function(self, X):
        type(self).calls += 1
        return super().decision_function(X)


def _predictions_per_fold():
    X, y = make_classification(n_samples=600, weights=[0.9], random_state=0)
    _CountingModel.calls = 0
    search = GridSearchCV(
        _CountingModel(),
        {"C": [0.1, 1.0, 10.0]},
        scoring=get_scorer("recall_at_precision", min_precision=0.5),
        cv=5,
        refit=False,
    ).fit(X, y)
    fits = len(search.cv_results_["params"]) * 5
    return _CountingModel.calls, fits


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10^5 scores, 3 runs")
    parser.add_argument("--n", type=int, default=1_000_000, help="number of scores")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row")
    args = parser.parse_args(argv)
    n = 100_000 if args.quick else args.n
    repeats = 3 if args.quick else args.repeats
    rng = np.random.default_rng(0)
    y_true = (rng.random(n) < 0.05).astype(np.int8)
    y_score = np.clip(rng.normal(0.3, 0.15, n) + 0.25 * y_true, 1e-9, 1 - 1e-9)
    small = 10_000

    tasks = [
        (
            f"sklearn {sklearn.__version__} roc_curve",
            lambda: skm.roc_curve(y_true, y_score),
        ),
        (
            "recall_at_precision_score(min_precision=0.5)",
            lambda: recall_at_precision_score(y_true, y_score, min_precision=0.5),
        ),
        (
            "precision_at_recall_score(min_recall=0.5)",
            lambda: precision_at_recall_score(y_true, y_score, min_recall=0.5),
        ),
        (
            "sensitivity_at_specificity_score(min_specificity=0.9)",
            lambda: sensitivity_at_specificity_score(
                y_true, y_score, min_specificity=0.9
            ),
        ),
        (
            "specificity_at_sensitivity_score(min_sensitivity=0.9)",
            lambda: specificity_at_sensitivity_score(
                y_true, y_score, min_sensitivity=0.9
            ),
        ),
        (
            "tpr_at_fpr_score(max_fpr=0.1)",
            lambda: tpr_at_fpr_score(y_true, y_score, max_fpr=0.1),
        ),
        (
            "best_threshold(metric='expected_cost')",
            lambda: best_threshold(
                y_true, y_score, "expected_cost", cost_matrix=[[0, 1], [50, 0]]
            ),
        ),
        (
            "decision_curve (99 thresholds, band of 2000 draws)",
            lambda: decision_curve(y_true, y_score, random_state=0),
        ),
        (
            f"operating_point on {small:,} scores (1000 resamples)",
            lambda: operating_point(
                y_true[:small],
                y_score[:small],
                objective="recall",
                constraint=("precision", ">=", 0.5),
                random_state=0,
            ),
        ),
    ]
    results = []
    for name, function in tasks:
        function()  # warm up
        seconds = _median_seconds(function, repeats)
        results.append((name, seconds))
        print(f"measured {name}: {_format_time(seconds)}")
    roc_seconds = results[0][1]
    print(
        f"\nimbascore {imbascore.__version__}, numpy {np.__version__}, scikit-learn "
        f"{sklearn.__version__}; n = {n:,} distinct float64 scores, 5% positives, "
        f"medians of {repeats} runs\n"
    )
    print("| what | median time | vs roc_curve (target <= 1.5x) |")
    print("|---|---|---|")
    for name, seconds in results:
        print(f"| {name} | {_format_time(seconds)} | {seconds / roc_seconds:.2f}x |")
    calls, fits = _predictions_per_fold()
    print(
        f"\nGridSearchCV with the recall_at_precision scorer: {calls} calls of "
        f"decision_function for {fits} candidate-folds "
        f"({calls / fits:.1f} per fold)."
    )


if __name__ == "__main__":
    main()
