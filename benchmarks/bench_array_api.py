"""Counting labels where they live: the array API path against scikit-learn
and torchmetrics on the same arrays. A benchmark, not a test: it prints
medians and ratios, asserts nothing.

Rows, each at 10^6, 10^7 and 10^8 labels (``--sizes``), median of ``--repeat``:

- ``numpy``: the package on numpy arrays (the host path; the anchor).
- for each array library found (torch and CuPy on a GPU, else torch on the
  CPU, else ``array_api_strict``): the package's binary counts
  (``confusion_counts``) with scikit-learn's ``array_api_dispatch`` on,
  scikit-learn's ``confusion_matrix`` on the same arrays with the dispatch
  on, and torchmetrics' ``binary_confusion_matrix`` for torch; every time
  includes a synchronisation of the device.
- the threshold curve on the device: the package's ``threshold_curve`` (one
  sort and cumulative sums on the device) and ``roc_auc_score``, scikit-learn's
  ``roc_curve`` and torchmetrics' ``binary_roc``; and the package's
  ``threshold_curve`` on numpy.

Run: ``SCIPY_ARRAY_API=1 python benchmarks/bench_array_api.py [--sizes 1e6 1e7]``.
"""

import argparse
import os
import statistics
import time

os.environ.setdefault("SCIPY_ARRAY_API", "1")

import numpy as np  # noqa: E402
import sklearn  # noqa: E402
from sklearn.metrics import confusion_matrix, roc_curve  # noqa: E402

import imbascore as ims  # noqa: E402
from imbascore.metrics import roc_auc_score  # noqa: E402


def _median_seconds(function, sync, repeat):
    function()
    sync()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        sync()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _libraries():
    """``(name, to_array, sync)`` of each array library found."""
    found = []
    try:
        import torch

        device = "cuda" if torch.cuda.is_available() else "cpu"
        sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
        found.append(
            (f"torch ({device})", lambda a: torch.asarray(a, device=device), sync)
        )
    except ImportError:
        pass
    try:
        import cupy

        found.append(("cupy (cuda)", cupy.asarray, cupy.cuda.Device().synchronize))
    except ImportError:
        pass
    if not found:
        import array_api_strict as xp

        found.append(("array_api_strict (cpu)", xp.asarray, lambda: None))
    return found


def _torchmetrics_rows(name, y_true, y_pred, scores, repeat, sync):
    try:
        from torchmetrics.functional.classification import (
            binary_confusion_matrix,
            binary_roc,
        )
    except ImportError:
        return []
    return [
        (
            f"{name}: torchmetrics binary_confusion_matrix",
            _median_seconds(
                lambda: binary_confusion_matrix(y_pred, y_true), sync, repeat
            ),
        ),
        (
            f"{name}: torchmetrics binary_roc",
            _median_seconds(
                lambda: binary_roc(scores, y_true, thresholds=None), sync, repeat
            ),
        ),
    ]


def run(n, repeat):
    rng = np.random.default_rng(0)
    y_true = (rng.random(n) < 0.1).astype(np.int64)
    y_pred = (rng.random(n) < 0.12).astype(np.int64)
    scores = rng.random(n).astype(np.float32)
    anchor = _median_seconds(
        lambda: ims.confusion_counts(y_true, y_pred), lambda: None, repeat
    )
    rows = [("numpy: imbascore confusion_counts (anchor)", anchor)]
    for label, function in (
        ("threshold_curve", lambda: ims.threshold_curve(y_true, scores)),
        ("roc_auc_score", lambda: roc_auc_score(y_true, scores)),
    ):
        rows.append(
            (
                f"numpy: imbascore {label}",
                _median_seconds(function, lambda: None, repeat),
            )
        )
    for name, to_array, sync in _libraries():
        t, p, s = to_array(y_true), to_array(y_pred), to_array(scores)
        with sklearn.config_context(array_api_dispatch=True):
            rows.append(
                (
                    f"{name}: imbascore confusion_counts",
                    _median_seconds(lambda: ims.confusion_counts(t, p), sync, repeat),
                )
            )
            rows.append(
                (
                    f"{name}: scikit-learn confusion_matrix",
                    _median_seconds(lambda: confusion_matrix(t, p), sync, repeat),
                )
            )
            try:
                rows.append(
                    (
                        f"{name}: scikit-learn roc_curve",
                        _median_seconds(lambda: roc_curve(t, s), sync, repeat),
                    )
                )
            except (TypeError, ValueError) as error:
                print(f"  {name}: scikit-learn roc_curve refused: {error}")
            for label, function in (
                ("threshold_curve", lambda: ims.threshold_curve(t, s)),
                ("roc_auc_score", lambda: roc_auc_score(t, s)),
            ):
                seconds = _median_seconds(function, sync, repeat)
                rows.append((f"{name}: imbascore {label}", seconds))
        if name.startswith("torch"):
            rows.extend(_torchmetrics_rows(name, t, p, s, repeat, sync))
    print(f"\n{n:,} labels, median of {repeat}\n")
    print("| row | seconds | ratio to numpy |")
    print("|---|---|---|")
    for label, seconds in rows:
        print(f"| {label} | {seconds:.4f} | {seconds / anchor:.2f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", nargs="+", type=float, default=[1e6, 1e7, 1e8])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for size in args.sizes:
        run(int(size), args.repeat)


if __name__ == "__main__":
    main()
