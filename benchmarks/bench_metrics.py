"""Speed and memory of the metrics against their anchors, measured in one run.

Prints medians and ratios (never asserts: these machines are noisy) as a
Markdown table that goes into the README. Run it with

    pip install ".[bench]" && python benchmarks/bench_metrics.py [--quick]

Anchors: a bare ``np.bincount(2 * y_true + y_pred)`` (the floor: counting
with no validation at all), imbalanced-learn's IBA
(``make_index_balanced_accuracy(alpha=0.1)(geometric_mean_score)`` with
``average="binary"``) and scikit-learn's ``balanced_accuracy_score``.
"""

import argparse
import statistics
import time
import tracemalloc
import warnings

import numpy as np
import sklearn
from sklearn.metrics import balanced_accuracy_score

import imbascore
from imbascore import iba_score, imbalanced_report


def _median_seconds(function, repeats, number=1):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def _peak_extra_bytes(function):
    tracemalloc.start()
    tracemalloc.reset_peak()
    function()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def _imblearn_iba():
    try:
        import imblearn
        from imblearn.metrics import geometric_mean_score, make_index_balanced_accuracy
    except ImportError:  # the anchor is optional; its rows are skipped
        return None, None
    iba = make_index_balanced_accuracy(alpha=0.1, squared=True)(geometric_mean_score)
    return iba, imblearn.__version__


def _format_time(seconds):
    return f"{seconds * 1e3:.2f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.1f} µs"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n=10^6, fewer repeats")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(0)
    imblearn_iba, imblearn_version = _imblearn_iba()

    rows = []

    def add(task, name, seconds, reference=None, target=""):
        ratio = "" if reference is None else f"{reference / seconds:.1f}x"
        rows.append((task, name, _format_time(seconds), ratio, target))

    # Large binary input.
    n = 10**6 if args.quick else 10**7
    repeats = 3 if args.quick else 5
    y_true = rng.integers(0, 2, n)
    y_pred = np.where(rng.random(n) < 0.8, y_true, 1 - y_true)
    label = f"n = 10^{len(str(n)) - 1}"
    floor = _median_seconds(
        lambda: np.bincount(2 * y_true + y_pred, minlength=4), repeats
    )
    ours = _median_seconds(lambda: iba_score(y_true, y_pred), repeats)
    report = _median_seconds(
        lambda: imbalanced_report(y_true, y_pred, output_dict=True), repeats
    )
    sk = _median_seconds(lambda: balanced_accuracy_score(y_true, y_pred), 3)
    add(label, "bare np.bincount floor", floor)
    rows.append(
        (
            label,
            "imbascore iba_score",
            _format_time(ours),
            f"{ours / floor:.2f}x the floor",
            "<= 2x the floor",
        )
    )
    if imblearn_iba is not None:
        theirs = _median_seconds(
            lambda: imblearn_iba(y_true, y_pred, average="binary"), 3
        )
        add(label, f"imblearn {imblearn_version} IBA", theirs)
        rows.append(
            (
                label,
                "iba_score speed-up vs imblearn",
                "",
                f"{theirs / ours:.1f}x",
                ">= 30x",
            )
        )
    add(label, f"sklearn {sklearn.__version__} balanced_accuracy_score", sk)
    rows.append(
        (label, "iba_score speed-up vs sklearn", "", f"{sk / ours:.1f}x", ">= 10x")
    )
    rows.append(
        (
            label,
            "imbalanced_report (all 12 metrics)",
            _format_time(report),
            f"{report / ours:.2f}x one metric",
            "<= 1.5x one metric",
        )
    )
    peak = _peak_extra_bytes(lambda: iba_score(y_true, y_pred))
    rows.append(
        (
            label,
            "iba_score peak extra memory",
            f"{peak / 2**20:.1f} MiB",
            f"{peak / y_true.nbytes:.3f}x one input ({y_true.nbytes / 2**20:.0f} MiB)",
            "<= 1x one input",
        )
    )

    # Small input: per-call overhead, validation included.
    small_true, small_pred = y_true[:100].copy(), y_pred[:100].copy()
    number = 200 if args.quick else 1000
    ours = _median_seconds(lambda: iba_score(small_true, small_pred), 7, number)
    sk = _median_seconds(lambda: balanced_accuracy_score(small_true, small_pred), 7, 50)
    add("n = 100", "imbascore iba_score", ours)
    if imblearn_iba is not None:
        theirs = _median_seconds(
            lambda: imblearn_iba(small_true, small_pred, average="binary"), 7, 20
        )
        add("n = 100", f"imblearn {imblearn_version} IBA", theirs)
        rows.append(
            (
                "n = 100",
                "iba_score speed-up vs imblearn",
                "",
                f"{theirs / ours:.1f}x",
                ">= 20x",
            )
        )
    add("n = 100", "sklearn balanced_accuracy_score", sk)
    rows.append(
        ("n = 100", "iba_score speed-up vs sklearn", "", f"{sk / ours:.1f}x", ">= 10x")
    )

    print(f"imbascore {imbascore.__version__}, numpy {np.__version__}; medians\n")
    print("| input | what | median | ratio | target |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
