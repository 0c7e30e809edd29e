"""Speed and memory of the metrics against their anchors, measured in one run.

Prints medians and ratios (never asserts: these machines are noisy) as a
Markdown table that goes into docs/performance.md. Run it with

    pip install ".[bench]" && python benchmarks/bench_metrics.py [--quick]

Anchors: reading both inputs once as machine words (the floor of any
metric), a bare ``np.bincount(2 * y_true + y_pred)`` (counting with no
validation at all), imbalanced-learn's IBA
(``make_index_balanced_accuracy(alpha=0.1)(geometric_mean_score)`` with
``average="binary"``) and scikit-learn's ``balanced_accuracy_score``.

The small-input rows also time a :func:`imbascore.multi_scorer` of six names
as ``cross_validate`` calls it: wrapped by ``sklearn.metrics.check_scoring``
into scikit-learn's multimetric scorer, on an estimator whose ``predict``
returns stored predictions (no model time), against one ``iba_score`` call.
"""

import argparse
import os
import statistics
import time
import tracemalloc
import warnings

import numpy as np
import sklearn
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.metrics import balanced_accuracy_score, check_scoring

import imbascore
from imbascore import iba_score, imbalanced_report, multi_scorer

#: The names of the n = 100 multi_scorer row.
MULTI_NAMES = [
    "iba",
    "gmean",
    "dominance",
    "sensitivity",
    "specificity",
    "balanced_accuracy",
]


def _median_seconds(function, repeats, number=1):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


class StoredPredictions(ClassifierMixin, BaseEstimator):
    """Predicts the stored fold predictions, whatever ``X``: no model time."""

    def __init__(self, y_pred=None):
        self.y_pred = y_pred

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        self.y_pred_ = np.asarray(self.y_pred, dtype=np.int64)
        return self

    def predict(self, X):
        return self.y_pred_


def _no_op_scorer(estimator, X, y_true, sample_weight=None):
    return 0.0


def _multimetric_scorer(estimator, scoring):
    """The scorer that ``cross_validate`` makes of a dict ``scoring``.

    ``cross_validate`` calls ``check_scoring(estimator, scoring=scoring,
    raise_exc=(error_score == "raise"))``, which wraps a dict in scikit-learn's
    ``_MultimetricScorer``; ``_score`` then calls that with
    ``(estimator, X_test, y_test)``. ``raise_exc`` only matters when a scorer
    fails: True here, so that a failure shows instead of being timed.
    Public API only (no private ``_MultimetricScorer`` import):
    ``check_scoring`` takes ``raise_exc`` from scikit-learn 1.6 on; before,
    it has no such parameter and its multimetric scorer raises by default.
    """
    try:
        return check_scoring(estimator, scoring=scoring, raise_exc=True)
    except TypeError:  # scikit-learn < 1.6: no raise_exc
        return check_scoring(estimator, scoring=scoring)


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


def _read_floor(y_true, y_pred, repeats):
    """Reading both arrays once, as machine words: no metric can be faster."""
    words = [y.view(np.uint8).view(np.uint64) for y in (y_true, y_pred)]
    return _median_seconds(lambda: [w.sum(dtype=np.uint64) for w in words], repeats)


def _dataframe_columns(y_true, y_pred):
    """``(name, y_true column, y_pred column, pos_label)`` of each dataframe
    library installed: the same 0/1 labels as columns of numbers, and as
    categories for polars."""
    columns = []
    try:
        import polars as pl
    except ImportError:
        pl = None
    if pl is not None:
        columns.append(("polars Int64 Series", pl.Series(y_true), pl.Series(y_pred), 1))
        labels = np.array(["majority", "minority"])
        categorical = [
            pl.Series(labels[y], dtype=pl.Categorical) for y in (y_true, y_pred)
        ]
        columns.append(("polars Categorical", *categorical, "minority"))
        frames = [pl.DataFrame({"y": y}).lazy() for y in (y_true, y_pred)]
        columns.append(("polars LazyFrame column", *frames, 1))
    try:
        import pyarrow as pa
    except ImportError:
        pa = None
    if pa is not None:
        columns.append(
            (
                "pyarrow ChunkedArray",
                pa.chunked_array([y_true]),
                pa.chunked_array([y_pred]),
                1,
            )
        )
    try:
        os.environ.setdefault("MODIN_ENGINE", "python")
        import modin.pandas as mpd
    except ImportError:
        mpd = None
    if mpd is not None:
        columns.append(("Modin Series", mpd.Series(y_true), mpd.Series(y_pred), 1))
    return columns


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

    def against(task, name, seconds, floor, what, target):
        rows.append(
            (
                task,
                name,
                _format_time(seconds),
                f"{seconds / floor:.2f}x {what}",
                target,
            )
        )

    # Large binary input.
    n = 10**6 if args.quick else 10**7
    repeats = 3 if args.quick else 5
    y_true = rng.integers(0, 2, n)
    y_pred = np.where(rng.random(n) < 0.8, y_true, 1 - y_true)
    label = f"n = 10^{len(str(n)) - 1}"
    read = _read_floor(y_true, y_pred, repeats)
    floor = _median_seconds(
        lambda: np.bincount(2 * y_true + y_pred, minlength=4), repeats
    )
    ours = _median_seconds(lambda: iba_score(y_true, y_pred), repeats)
    report = _median_seconds(
        lambda: imbalanced_report(y_true, y_pred, output_dict=True), repeats
    )
    sk = _median_seconds(lambda: balanced_accuracy_score(y_true, y_pred), 3)
    add(label, "reading both int64 arrays once (floor)", read)
    add(label, "bare np.bincount(2 * y_true + y_pred)", floor)
    against(
        label, "imbascore iba_score, int64", ours, read, "the read floor", "<= 2.5x"
    )
    against(label, "imbascore iba_score, int64", ours, floor, "the bincount", "<= 2x")
    for dtype in (np.int8, bool):
        narrow_true, narrow_pred = y_true.astype(dtype), y_pred.astype(dtype)
        narrow_read = _read_floor(narrow_true, narrow_pred, repeats)
        narrow = _median_seconds(lambda: iba_score(narrow_true, narrow_pred), repeats)
        name = np.dtype(dtype).name
        add(label, f"reading both {name} arrays once (floor)", narrow_read)
        against(
            label,
            f"imbascore iba_score, {name}",
            narrow,
            narrow_read,
            "its read floor",
            "<= 2x",
        )
    float_true, float_pred = y_true.astype(float), y_pred.astype(float)
    floats = _median_seconds(lambda: iba_score(float_true, float_pred), repeats)
    against(
        label, "imbascore iba_score, float 0.0/1.0", floats, read, "the read floor", ""
    )
    try:
        import pandas as pd
    except ImportError:
        pd = None
    if pd is not None:
        categories = np.array(["majority", "minority"])
        cat_true = pd.Categorical.from_codes(y_true, categories)
        cat_pred = pd.Categorical.from_codes(y_pred, categories)
        categorical = _median_seconds(
            lambda: iba_score(cat_true, cat_pred, pos_label="minority"), repeats
        )
        against(
            label,
            "imbascore iba_score, pandas Categorical",
            categorical,
            ours,
            "int64 labels",
            "<= 0.3x",
        )
    for name, make_true, make_pred, pos in _dataframe_columns(y_true, y_pred):
        seconds = _median_seconds(
            lambda: iba_score(make_true, make_pred, pos_label=pos), repeats
        )
        target = "<= 0.3x" if "Categorical" in name else "<= 1.5x"
        against(label, f"imbascore iba_score, {name}", seconds, ours, "int64", target)
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
    against(
        label,
        "imbalanced_report (all 12 metrics)",
        report,
        ours,
        "one metric",
        "<= 1.5x",
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

    # Strings and many classes, 10^6 samples.
    m = 10**5 if args.quick else 10**6
    small_label = f"n = 10^{len(str(m)) - 1}"
    words = np.array(["majority", "minority"], dtype=object)
    str_true, str_pred = words[y_true[:m]], words[y_pred[:m]]
    strings = _median_seconds(
        lambda: iba_score(str_true, str_pred, pos_label="minority"), 3
    )
    sk_strings = _median_seconds(lambda: balanced_accuracy_score(str_true, str_pred), 3)
    add(small_label, "sklearn balanced_accuracy_score, string objects", sk_strings)
    rows.append(
        (
            small_label,
            "imbascore iba_score, string objects",
            _format_time(strings),
            f"{sk_strings / strings:.1f}x faster than sklearn",
            ">= 10x",
        )
    )
    uni_true, uni_pred = str_true.astype(str), str_pred.astype(str)  # '<U8'
    unicode = _median_seconds(
        lambda: iba_score(uni_true, uni_pred, pos_label="minority"), 3
    )
    sk_unicode = _median_seconds(lambda: balanced_accuracy_score(uni_true, uni_pred), 3)
    add(
        small_label,
        f"sklearn balanced_accuracy_score, numpy unicode `{uni_true.dtype.str}`",
        sk_unicode,
    )
    rows.append(
        (
            small_label,
            f"imbascore iba_score, numpy unicode `{uni_true.dtype.str}`",
            _format_time(unicode),
            f"{sk_unicode / unicode:.1f}x faster than sklearn",
            ">= 10x",
        )
    )
    try:
        import pyarrow as pa
    except ImportError:
        pa = None
    if pa is not None:
        arrow_true, arrow_pred = (
            pa.array(str_true.tolist()),
            pa.array(str_pred.tolist()),
        )
        arrow = _median_seconds(
            lambda: iba_score(arrow_true, arrow_pred, pos_label="minority"), 3
        )
        rows.append(
            (
                small_label,
                "imbascore iba_score, pyarrow strings",
                _format_time(arrow),
                f"{sk_strings / arrow:.1f}x faster than sklearn on objects",
                "",
            )
        )
    k = 1000
    many_true = rng.integers(0, k, m)
    many_pred = np.where(rng.random(m) < 0.5, many_true, rng.integers(0, k, m))
    many_floor = _median_seconds(
        lambda: np.bincount(many_true * k + many_pred, minlength=k * k), repeats
    )
    many = _median_seconds(
        lambda: iba_score(many_true, many_pred, average="macro"), repeats
    )
    add(small_label, f"{k} classes: bare np.bincount(k * y_true + y_pred)", many_floor)
    against(
        small_label,
        f"{k} classes: imbascore iba_score macro",
        many,
        many_floor,
        "the bincount",
        "<= 3x",
    )
    many_peak = _peak_extra_bytes(
        lambda: iba_score(many_true, many_pred, average="macro")
    )
    rows.append(
        (
            small_label,
            f"{k} classes: peak extra memory",
            f"{many_peak / 2**20:.1f} MiB",
            f"{many_peak / many_true.nbytes:.2f}x one input",
            "",
        )
    )

    # Small input: per-call overhead, validation included.
    small_true, small_pred = y_true[:100].copy(), y_pred[:100].copy()
    number = 200 if args.quick else 1000
    ours = _median_seconds(lambda: iba_score(small_true, small_pred), 7, number)
    sk = _median_seconds(lambda: balanced_accuracy_score(small_true, small_pred), 7, 50)
    add("n = 100", "imbascore iba_score", ours, target="<= 25 µs, or")
    X_small = np.zeros((small_true.size, 1))
    stored = StoredPredictions(small_pred).fit(X_small, small_true)
    multimetric = _multimetric_scorer(stored, multi_scorer(MULTI_NAMES))
    multimetric(stored, X_small, small_true)  # warm up; raises if a name fails
    multi = _median_seconds(lambda: multimetric(stored, X_small, small_true), 7, number)
    against(
        "n = 100",
        f"multi_scorer({len(MULTI_NAMES)} names) through sklearn's multimetric scorer",
        multi,
        ours,
        "one iba_score call",
        "<= 2x",
    )
    # scikit-learn's own cost of a dict of six scorers (routing the keyword
    # arguments of each): the part of the row above that no scorer can save.
    no_ops = _multimetric_scorer(stored, {name: _no_op_scorer for name in MULTI_NAMES})
    floor = _median_seconds(lambda: no_ops(stored, X_small, small_true), 7, number)
    add("n = 100", f"{len(MULTI_NAMES)} no-op scorers through the same scorer", floor)
    against(
        "n = 100",
        "multi_scorer above the no-op scorers",
        multi - floor,
        ours,
        "one iba_score call",
        "",
    )
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
        ("n = 100", "iba_score speed-up vs sklearn", "", f"{sk / ours:.1f}x", ">= 30x")
    )

    print(f"imbascore {imbascore.__version__}, numpy {np.__version__}; medians\n")
    print("| input | what | median | ratio | target |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
