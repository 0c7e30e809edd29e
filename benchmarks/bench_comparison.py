"""Do the paired comparisons hold their error rates? A simulation.

Prints Markdown tables (medians never asserted: a benchmark, not a test):

1. ``compare_models`` under the null: two logistic regressions, each on one
   of two equally informative features (equal true IBA by symmetry,
   correlated errors), on fresh imbalanced datasets, with 15 random 90/10
   splits, with 10-fold cross-validation and with 10 x 10-fold (Bouckaert &
   Frank 2004's setting for the corrected test); the share of datasets where
   each test rejects at 5%: the corrected resampled t-test (Nadeau &
   Bengio), the Bayesian correlated t-test (P(A better) > 0.975 or
   P(B better) > 0.975, no ROPE) and the naive paired t-test.
2. ``compare_predictions``: test sets drawn from a population of (truth, A,
   B) with 5% positives and known cell probabilities; coverage of the 95%
   interval of the IBA difference (posterior and paired bootstrap) at n = 200
   and 2000, and the rejection rate at 5% when the true difference is 0.

Run: ``python benchmarks/bench_comparison.py [--quick]``.
"""

import argparse
import time

import numpy as np
from scipy import stats
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import (
    RepeatedStratifiedKFold,
    StratifiedKFold,
    StratifiedShuffleSplit,
    cross_validate,
)

from imbascore import compare_models, compare_predictions, get_scorer
from imbascore._metrics.formulas import index_balanced_accuracy


def rejection_rates(cv, n_datasets, n=300, strength_a=1.2):
    """Rejection rates at 5% of the tests comparing two models.

    Each dataset has two equally informative features, f1 and f2 (the
    positives are ~13%); model A is a logistic regression on f1 and two
    noise features, B the same on f2 and the noise. By symmetry their true
    IBA is equal, yet on a given dataset one feature happens to be the more
    informative, and every fold shares that: the dataset-level variance that
    the naive paired t-test over folds ignores. ``strength_a`` above 1.2
    makes A's feature more informative: the rates are then the power.
    """
    rejections = {"corrected t": 0, "Bayesian correlated t": 0, "naive paired t": 0}
    scoring = {"iba": get_scorer("iba")}
    for index in range(n_datasets):
        rng = np.random.default_rng(index)
        X = rng.normal(size=(n, 4))
        logit = strength_a * X[:, 0] + 1.2 * X[:, 1] - 2.8
        y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
        results = {
            name: cross_validate(
                LogisticRegression(), X[:, columns], y, cv=cv, scoring=scoring
            )
            for name, columns in (("a", [0, 2, 3]), ("b", [1, 2, 3]))
        }
        row = compare_models(results, "iba", cv=cv).rows[0]
        rejections["corrected t"] += row["pvalue"] < 0.05
        rejections["Bayesian correlated t"] += (
            max(row["p_better"], row["p_worse"]) > 0.975
        )
        naive = stats.ttest_rel(results["a"]["test_iba"], results["b"]["test_iba"])
        rejections["naive paired t"] += naive.pvalue < 0.05
    return {name: count / n_datasets for name, count in rejections.items()}


def _population(shift):
    """Cell probabilities of (truth, A, B) with 5% positives. Both models
    share most errors; ``shift`` moves TPR from B to A (0: equal models)."""
    p = np.zeros((2, 2, 2))
    # positives: A right w.p. 0.75 + shift, B right w.p. 0.75 - shift
    both_right, both_wrong = 0.6, 0.1
    a_only, b_only = 0.15 + shift, 0.15 - shift
    p[1, 1, 1], p[1, 0, 0], p[1, 1, 0], p[1, 0, 1] = (
        both_right,
        both_wrong,
        a_only,
        b_only,
    )
    # negatives: equal specificity 0.9 for both, shared errors
    p[0, 0, 0], p[0, 1, 1], p[0, 1, 0], p[0, 0, 1] = 0.85, 0.05, 0.05, 0.05
    p[1] *= 0.05
    p[0] *= 0.95
    return p


def _true_iba(p, model):
    margin = p.sum(axis=2) if model == "a" else p.sum(axis=1)
    tpr = margin[1, 1] / margin[1].sum()
    tnr = margin[0, 0] / margin[0].sum()
    return index_balanced_accuracy(tpr, tnr, 0.1)


def _draw(p, n, rng):
    cells = rng.choice(8, size=n, p=p.ravel())
    truth, a, b = cells // 4, (cells // 2) % 2, cells % 2
    return truth, a, b


def coverage_of_compare_predictions(n, replications, shift, method, seed=0):
    rng = np.random.default_rng(seed)
    p = _population(shift)
    truth_difference = _true_iba(p, "a") - _true_iba(p, "b")
    covered = rejected = done = 0
    for _ in range(replications):
        truth, a, b = _draw(p, n, rng)
        if truth.min() == truth.max():
            continue  # a test set without positives: no IBA
        result = compare_predictions(
            truth,
            a,
            b,
            metric="iba",
            method=method,
            n_resamples=2000,
            random_state=int(rng.integers(2**31)),
        )
        covered += result.low <= truth_difference <= result.high
        rejected += result.pvalue < 0.05
        done += 1
    return truth_difference, covered / done, rejected / done


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    n_datasets = 40 if args.quick else 400
    splitters = {
        "15 random 90/10 splits": StratifiedShuffleSplit(
            15, test_size=0.1, random_state=0
        ),
        "10-fold": StratifiedKFold(10, shuffle=True, random_state=0),
        "10 x 10-fold": RepeatedStratifiedKFold(
            n_splits=10, n_repeats=10, random_state=0
        ),
    }
    print(f"compare_models under the null ({n_datasets} datasets):\n")
    print("| folds | test | rejects at 5% | target |")
    print("|---|---|---|---|")
    for label, cv in splitters.items():
        for name, rate in rejection_rates(cv, n_datasets).items():
            target = "5% ± 1.5%" if name != "naive paired t" else "(inflated)"
            print(f"| {label} | {name} | {rate:.1%} | {target} |")
    print(
        "\nPower: the same, A's feature stronger (coefficient 1.6 against 1.2); "
        "the naive test's power is bought with its type-I error above.\n"
    )
    print("| folds | test | rejects at 5% |")
    print("|---|---|---|")
    for label, cv in splitters.items():
        for name, rate in rejection_rates(cv, n_datasets, strength_a=1.6).items():
            print(f"| {label} | {name} | {rate:.1%} |")
    replications = 100 if args.quick else 1000
    print(
        f"\ncompare_predictions, IBA difference, 5% positives ({replications} test "
        "sets each):\n"
    )
    print(
        "| n | method | true difference | coverage of the 95% interval | "
        "rejects at 5% when the difference is 0 |"
    )
    print("|---|---|---|---|---|")
    for n in (200, 2000):
        for method in ("posterior", "bootstrap"):
            true, coverage, _ = coverage_of_compare_predictions(
                n, replications, 0.05, method
            )
            _, _, null_rejection = coverage_of_compare_predictions(
                n, replications, 0.0, method, seed=1
            )
            print(
                f"| {n} | {method} | {true:.4f} | {coverage:.1%} | "
                f"{null_rejection:.1%} |"
            )
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
