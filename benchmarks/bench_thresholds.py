"""Time and peak memory of threshold_curve on 10^7 scores, against roc_curve.

Prints medians and ratios (never asserts: these machines are noisy) as a
Markdown table that goes into docs/performance.md. Run it with

    python benchmarks/bench_thresholds.py [--quick] [--n 10000000]

The scores are 10^7 random float64 values (all distinct), the labels int8
with 10% positives. Rows: ``threshold_curve`` with ``thresholds=1000`` (the
scores counted into the bins between 1000 evenly spaced thresholds, chunk by
chunk: memory independent of n) and with every distinct score (one sort),
each evaluating IBA, G-mean and balanced accuracy; scikit-learn's
``roc_curve`` (FPR and TPR only, one sort) and, if this scikit-learn has it
(>= 1.8), ``confusion_matrix_at_thresholds``. Peak memory is what
``tracemalloc`` sees allocated during the call (numpy reports its arrays to
it), beyond the inputs.
"""

import argparse
import statistics
import time
import tracemalloc

import numpy as np
import sklearn
import sklearn.metrics as skm

import imbascore
from imbascore import threshold_curve


def _median_seconds(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _peak_extra_bytes(function):
    tracemalloc.start()
    tracemalloc.reset_peak()
    function()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def _format_time(seconds):
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.0f} ms"


def _format_bytes(size):
    return f"{size / 2**20:.1f} MiB"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10^6 scores, 3 runs")
    parser.add_argument("--n", type=int, default=10_000_000, help="number of scores")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row")
    args = parser.parse_args(argv)
    n = 1_000_000 if args.quick else args.n
    repeats = 3 if args.quick else args.repeats
    rng = np.random.default_rng(0)
    y_true = (rng.random(n) < 0.1).astype(np.int8)
    y_score = rng.random(n)

    tasks = [
        (
            "threshold_curve, thresholds=1000",
            lambda: threshold_curve(y_true, y_score, thresholds=1000),
        ),
        (
            "threshold_curve, every distinct score",
            lambda: threshold_curve(y_true, y_score),
        ),
        (
            f"sklearn {sklearn.__version__} roc_curve",
            lambda: skm.roc_curve(y_true, y_score),
        ),
    ]
    if hasattr(skm, "confusion_matrix_at_thresholds"):
        tasks.append(
            (
                "sklearn confusion_matrix_at_thresholds",
                lambda: skm.confusion_matrix_at_thresholds(y_true, y_score),
            )
        )
    results = []
    for name, function in tasks:
        function()  # warm up
        seconds = _median_seconds(function, repeats)
        peak = _peak_extra_bytes(function)
        results.append((name, seconds, peak))
        print(f"measured {name}: {_format_time(seconds)}, {_format_bytes(peak)}")
    _, roc_seconds, roc_peak = results[2]
    one_input = y_score.nbytes
    print(
        f"\nimbascore {imbascore.__version__}, numpy {np.__version__}, scikit-learn "
        f"{sklearn.__version__}; n = {n:,} float64 scores "
        f"({_format_bytes(one_input)}), medians of {repeats} runs\n"
    )
    print("| what | median time | vs roc_curve | peak extra memory | vs roc_curve |")
    print("|---|---|---|---|---|")
    for name, seconds, peak in results:
        print(
            f"| {name} | {_format_time(seconds)} | {seconds / roc_seconds:.2f}x | "
            f"{_format_bytes(peak)} ({peak / one_input:.2f}x the scores) | "
            f"{peak / roc_peak:.3f}x |"
        )


if __name__ == "__main__":
    main()
