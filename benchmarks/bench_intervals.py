"""Coverage and width of the metric intervals on simulated test sets.

For each setting (test-set size n, share of positives) it draws test sets
whose true rates TPR and TNR are uniform in [0.6, 0.95]: the positives are
round(n * share) (at least 1), TP ~ Binomial(P, TPR), TN ~ Binomial(N, TNR).
For balanced accuracy, G-mean and IBA (alpha 0.1) it computes nominal 95%
intervals by "posterior", "bootstrap" and "bootstrap-bca" from the counts
and reports how often they contain the true value (the value of the true
rates) and their mean width. Prints a Markdown table (never asserts). Run it with

    python benchmarks/bench_intervals.py [--quick] [--sets 2000] [--resamples 2000]

The target of issue 12: coverage within [93%, 97.5%] for n >= 200; smaller
sets are reported as they are.
"""

import argparse
import time

import numpy as np

import imbascore
from imbascore import ConfusionCounts

TRUE_VALUES = {
    "balanced_accuracy": lambda tpr, tnr: (tpr + tnr) / 2,
    "gmean": lambda tpr, tnr: np.sqrt(tpr * tnr),
    "iba": lambda tpr, tnr: (1 + 0.1 * (tpr - tnr)) * tpr * tnr,
}
METHODS = ("posterior", "bootstrap", "bootstrap-bca")
SIZES = (50, 200, 1000)
SHARES = (0.05, 0.20)
TARGET = (0.93, 0.975)


def simulate(n, share, n_sets, n_resamples, seed):
    """Coverage, mean width and undefined share per (metric, method)."""
    rng = np.random.default_rng(seed)
    positives = max(int(round(n * share)), 1)
    negatives = n - positives
    hits = {(m, k): [] for m in TRUE_VALUES for k in METHODS}
    widths = {key: [] for key in hits}
    for index in range(n_sets):
        tpr, tnr = rng.uniform(0.6, 0.95, 2)
        tp = rng.binomial(positives, tpr)
        tn = rng.binomial(negatives, tnr)
        counts = ConfusionCounts.from_matrix(
            [[tn, negatives - tn], [positives - tp, tp]]
        )
        for metric, truth in TRUE_VALUES.items():
            value = truth(tpr, tnr)
            for method in METHODS:
                result = counts.interval(
                    metric,
                    method=method,
                    n_resamples=n_resamples,
                    random_state=seed + index,
                )
                defined = np.isfinite(result.low) and np.isfinite(result.high)
                hits[metric, method].append(
                    defined and result.low <= value <= result.high
                )
                if defined:
                    widths[metric, method].append(result.high - result.low)
    return {
        key: (np.mean(hits[key]), np.mean(widths[key]) if widths[key] else np.nan)
        for key in hits
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 sets per setting")
    parser.add_argument("--sets", type=int, default=2000, help="test sets per setting")
    parser.add_argument(
        "--resamples", type=int, default=2000, help="draws per interval"
    )
    args = parser.parse_args()
    n_sets = 200 if args.quick else args.sets
    print(
        f"imbascore {imbascore.__version__}; {n_sets} test sets per setting, "
        f"{args.resamples} draws per interval, nominal 95%\n"
    )
    print("| n | positives | metric | method | coverage | mean width | target |")
    print("|---|---|---|---|---|---|---|")
    start = time.perf_counter()
    for n in SIZES:
        for share in SHARES:
            rows = simulate(
                n, share, n_sets, args.resamples, seed=n * 100 + int(share * 100)
            )
            for (metric, method), (coverage, width) in rows.items():
                if n >= 200:
                    met = TARGET[0] <= coverage <= TARGET[1]
                    target = f"[93%, 97.5%]: {'met' if met else 'MISSED'}"
                else:
                    target = "reported as is"
                print(
                    f"| {n} | {share:.0%} | {metric} | {method} | {coverage:.1%} "
                    f"| {width:.3f} | {target} |"
                )
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
