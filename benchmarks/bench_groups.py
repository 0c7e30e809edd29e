"""Speed and coverage of the metrics by group.

Prints Markdown tables (medians, ratios and shares measured in the same run;
never asserted: a benchmark, not a test):

1. Counting: ``confusion_counts_by_group`` on 10^7 rows (0/1 labels, 10%
   positives, 1,000 integer groups) against one ``confusion_counts`` of the
   same rows, the median of 5 runs each (target: within 3x); with int8
   labels and with int64 labels (``confusion_counts`` of int8 0/1 labels
   is much faster than of int64 ones).

   The whole call ``metrics_by_group(..., metrics=["iba"])`` on the same
   int64 rows against the same anchor, the median of 9 runs each (target:
   within 3x; issue 49 item 5).

2. Metrics: ``metrics_by_group(..., metrics=["iba", "sensitivity",
   "specificity"], method=None)`` against fairlearn's ``MetricFrame`` with
   the same three functions of ``imbascore.metrics`` on 10^6 rows and 100
   groups (target: at least 20x faster), the median of 5 runs of
   ``metrics_by_group`` and of 3 of ``MetricFrame`` (about 30 s a run at
   10^6 rows on one core).

3. Coverage by simulation: three groups with 10, 50 and 500 positives at a
   prevalence of 10% (100, 500 and 5,000 samples; each test set has exactly
   that many positives), true sensitivities 0.7, 0.7 and 0.8 (true
   specificity 0.9 throughout), so the true between-groups difference is
   0.8 - 0.7 = 0.1. For each repetition, the share whose nominal 95%
   ``method="auto"`` interval for sensitivity holds each group's true value,
   and whose ``difference(method="between_groups")`` interval holds 0.1.
   A second scenario with equal true sensitivities (0.7 each: a true
   difference of 0) shows the interval of the best-minus-worst gap where it
   is hardest. ``method="bootstrap"`` rows for comparison. MC s.e. is
   sqrt(p (1 - p) / R) for R repetitions; the verdict marks coverage outside
   95% +- 2%.

Run: ``python benchmarks/bench_groups.py [--quick] [--reps R]
[--resamples K] [--rows N] [--skip-speed] [--skip-frame]
[--skip-coverage]``. ``--quick``: 10^6 rows
in (1), 10^5 rows and one MetricFrame run in (2), 100 repetitions of 200
draws in (3) (about a minute).
"""

import argparse
import statistics
import time

import numpy as np

import imbascore
import imbascore.metrics as M
from imbascore import confusion_counts, confusion_counts_by_group, metrics_by_group

TARGET = (0.93, 0.97)
POSITIVES = (10, 50, 500)
PREVALENCE = 0.10
SPECIFICITY = 0.9
SCENARIOS = {
    "0.7 / 0.7 / 0.8": (0.7, 0.7, 0.8),
    "0.7 / 0.7 / 0.7": (0.7, 0.7, 0.7),
}


def median_time(function, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def labels(n, n_groups, rng):
    y_true = (rng.random(n) < 0.1).astype(np.int8)
    flip = rng.random(n) < 0.2
    y_pred = np.where(flip, 1 - y_true, y_true).astype(np.int8)
    groups = rng.integers(0, n_groups, n)
    return y_true, y_pred, groups


# --------------------------------------------------------------------- speed


def speed_counts(n):
    rng = np.random.default_rng(0)
    y_true, y_pred, groups = labels(n, 1000, rng)
    print("Counting (median of 5 runs; 0/1 labels, 10% positives):\n")
    print("| task | n | labels | groups | by group | anchor | ratio | target |")
    print("|---|---|---|---|---|---|---|---|")
    for dtype in (np.int8, np.int64):
        y, p = y_true.astype(dtype), y_pred.astype(dtype)
        anchor = median_time(lambda: confusion_counts(y, p))
        ours = median_time(lambda: confusion_counts_by_group(y, p, groups=groups))
        ratio = ours / anchor
        print(
            f"| confusion_counts_by_group | {n:.0e} | {np.dtype(dtype).name} | "
            f"1,000 (int64) | {ours:.3f} s | confusion_counts {anchor:.3f} s | "
            f"{ratio:.2f}x | <= 3x: {'met' if ratio <= 3 else 'MISSED'} |"
        )
    # the whole call of one label metric, anchored on the same int64 rows
    # (9 runs each: the anchor takes 10-20 ms, noisy on a loaded machine)
    y, p = y_true.astype(np.int64), y_pred.astype(np.int64)
    anchor = median_time(lambda: confusion_counts(y, p), runs=9)
    ours = median_time(
        lambda: metrics_by_group(y, p, groups=groups, metrics=["iba"]), runs=9
    )
    ratio = ours / anchor
    print(
        f"| metrics_by_group(metrics=['iba']) | {n:.0e} | int64 | 1,000 (int64) | "
        f"{ours:.3f} s | confusion_counts {anchor:.3f} s | {ratio:.2f}x | "
        f"<= 3x: {'met' if ratio <= 3 else 'MISSED'} |"
    )


def speed_metrics(n, frame_runs):
    try:
        from fairlearn.metrics import MetricFrame
    except ImportError:
        print("\n(fairlearn is not installed: no MetricFrame comparison)")
        return
    rng = np.random.default_rng(1)
    y_true, y_pred, groups = labels(n, 100, rng)
    functions = {
        "iba": M.iba_score,
        "sensitivity": M.sensitivity_score,
        "specificity": M.specificity_score,
    }

    def ours():
        return metrics_by_group(
            y_true, y_pred, groups=groups, metrics=list(functions), method=None
        )

    def theirs():
        return MetricFrame(
            metrics=functions, y_true=y_true, y_pred=y_pred, sensitive_features=groups
        ).by_group

    # the same values, or the comparison means nothing
    frame = theirs()
    result = ours()
    for key in functions:
        np.testing.assert_allclose(result.values[key], frame[key].to_numpy(float))
    mine = median_time(ours)
    anchor = median_time(theirs, runs=frame_runs)
    speedup = anchor / mine
    print(
        f"\nMetrics by group (median of 5 runs, of {frame_runs} for MetricFrame; "
        "iba, sensitivity, specificity; values only):\n"
    )
    print("| task | n | groups | metrics_by_group | MetricFrame | speed-up | target |")
    print("|---|---|---|---|---|---|---|")
    print(
        f"| 3 metrics, method=None | {n:.0e} | 100 | {mine:.3f} s | "
        f"{anchor:.3f} s | {speedup:.1f}x | "
        f">= 20x: {'met' if speedup >= 20 else 'MISSED'} |"
    )


# ------------------------------------------------------------------ coverage


def draw(sensitivities, rng):
    """One test set: each group's exact positives and negatives, each
    positive found with its group's sensitivity, each negative flagged with
    probability 1 - SPECIFICITY."""
    y_true, y_pred, groups = [], [], []
    for g, (positives, sensitivity) in enumerate(zip(POSITIVES, sensitivities)):
        n = int(round(positives / PREVALENCE))
        y = np.zeros(n, dtype=np.int8)
        y[:positives] = 1
        hit = rng.random(n) < np.where(y == 1, sensitivity, 1 - SPECIFICITY)
        y_true.append(y)
        y_pred.append(hit.astype(np.int8))
        groups.append(np.full(n, g))
    return np.concatenate(y_true), np.concatenate(y_pred), np.concatenate(groups)


def verdict(p):
    return "ok" if TARGET[0] <= p <= TARGET[1] else "OFF"


def coverage(reps, n_resamples):
    print(
        f"\nCoverage of nominal 95% intervals for sensitivity; groups of "
        f"{', '.join(map(str, POSITIVES))} positives at {PREVALENCE:.0%} "
        f"prevalence; {reps} repetitions, {n_resamples} draws each:\n"
    )
    print(
        "| true sensitivities | method | interval of | true value | coverage | "
        "MC s.e. | below | above | mean width | verdict |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for scenario, sensitivities in SCENARIOS.items():
        truth_gap = max(sensitivities) - min(sensitivities)
        for method in ("auto", "bootstrap"):
            rng = np.random.default_rng(2)
            n_cells = len(POSITIVES) + 1
            covered = np.zeros((reps, n_cells), dtype=bool)
            below = np.zeros((reps, n_cells), dtype=bool)
            widths = np.zeros((reps, n_cells))
            for rep in range(reps):
                y_true, y_pred, groups = draw(sensitivities, rng)
                result = metrics_by_group(
                    y_true,
                    y_pred,
                    groups=groups,
                    metrics=["sensitivity"],
                    method=method,
                    n_resamples=n_resamples,
                    random_state=int(rng.integers(2**31)),
                )
                lows = list(result.low["sensitivity"])
                highs = list(result.high["sensitivity"])
                truths = list(sensitivities)
                difference = result.difference("sensitivity")
                lows.append(difference.low)
                highs.append(difference.high)
                truths.append(truth_gap)
                for cell, (low, high, truth) in enumerate(zip(lows, highs, truths)):
                    covered[rep, cell] = low <= truth <= high  # NaN: a miss
                    below[rep, cell] = high < truth
                    widths[rep, cell] = high - low
            names = [f"group of {p} positives" for p in POSITIVES]
            names.append("between-groups difference")
            for cell, name in enumerate(names):
                p = covered[:, cell].mean()
                se = np.sqrt(p * (1 - p) / reps)
                low_share = below[:, cell].mean()
                high_share = 1 - p - low_share
                truth = truth_gap if cell == len(POSITIVES) else sensitivities[cell]
                print(
                    f"| {scenario} | {method} | {name} | {truth:.2f} | {p:.1%} | "
                    f"{se:.1%} | {low_share:.1%} | {high_share:.1%} | "
                    f"{np.nanmean(widths[:, cell]):.3f} | {verdict(p)} |"
                )
    print(
        "\n('below': the interval lies below the true value; 'above': above it "
        "or a NaN bound.)"
    )


# ---------------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--reps", type=int, help="repetitions of the coverage")
    parser.add_argument("--resamples", type=int, help="draws per interval")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument(
        "--skip-frame", action="store_true", help="no MetricFrame comparison (2)"
    )
    parser.add_argument("--skip-coverage", action="store_true")
    parser.add_argument(
        "--rows", type=int, help="rows of the counting table (default 10^7)"
    )
    args = parser.parse_args()
    reps = args.reps or (100 if args.quick else 1000)
    n_resamples = args.resamples or (200 if args.quick else 1000)
    print(f"imbascore {imbascore.__version__}\n")
    start = time.perf_counter()
    if not args.skip_speed:
        speed_counts(args.rows or (10**6 if args.quick else 10**7))
        if not args.skip_frame:
            speed_metrics(10**5 if args.quick else 10**6, 1 if args.quick else 3)
        print(f"\n({time.perf_counter() - start:.0f} s)")
    if not args.skip_coverage:
        start = time.perf_counter()
        coverage(reps, n_resamples)
        print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
