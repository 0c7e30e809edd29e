"""Throughput of dask inputs on this machine's LocalCluster, against one process.

Writes a Parquet file of predictions (``y_true``, ``y_pred`` and a ``score``
column; 10% positives, 90% of the predictions right; one row group per
million rows) in a temporary folder, then measures, in one run:

- the anchor: ``imbascore report FILE --json`` (one process reading and
  counting the file chunk by chunk), wall time and rows per second;
- ``confusion_counts(df.y_true, df.y_pred)`` of ``dask.dataframe.read_parquet``
  on a ``distributed.LocalCluster`` of two single-threaded worker processes:
  reading and counting on the workers, only the tables sent back;
- ``threshold_curve(df.y_true, df.score, thresholds=1000)`` the same way,
  against ``pandas.read_parquet`` and ``threshold_curve`` in one process;
- the client's peak resident memory (the labels never reach it).

Medians of ``--repeats`` runs; prints a Markdown table (never asserts):

    pip install ".[bench,distributed,parquet]"
    python benchmarks/bench_dask.py [--rows 50000000] [--repeats 3]
"""

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time

import numpy as np
from bench_report import _blocks, run

ROW_GROUP = 1_000_000


def write_predictions(path, rows):
    """Labels of bench_report's blocks, with a score that ranks them well."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(1)
    schema = pa.schema(
        [("y_true", pa.int8()), ("y_pred", pa.int8()), ("score", pa.float32())]
    )
    with pq.ParquetWriter(path, schema) as writer:
        for y_true, y_pred in _blocks(rows):
            score = (0.6 * y_pred + 0.4 * rng.random(len(y_pred))).astype(np.float32)
            table = pa.table(
                {"y_true": y_true, "y_pred": y_pred, "score": score}, schema=schema
            )
            writer.write_table(table, row_group_size=ROW_GROUP)


def _curve_in_memory(path):
    import pandas as pd

    import imbascore

    frame = pd.read_parquet(path, columns=["y_true", "score"])
    return imbascore.threshold_curve(frame["y_true"], frame["score"], thresholds=1000)


def _median(function, repeats):
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=5 * 10**7)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    import dask.dataframe as dd
    from distributed import Client, LocalCluster

    import imbascore

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "predictions.parquet")
        write_predictions(path, args.rows)
        size = os.path.getsize(path) / 2**20
        print(f"wrote {args.rows:,} rows ({size:,.0f} MiB)", file=sys.stderr)
        command = [sys.executable, "-m", "imbascore", "report", path, "--json"]
        anchor = statistics.median(
            run([*command, "--no-progress"])[0] for _ in range(args.repeats)
        )
        expected = json.loads(run([*command, "--no-progress"])[2])["support"]
        rows.append(("imbascore report FILE (one process, chunks)", anchor, None))
        with (
            LocalCluster(
                n_workers=2, threads_per_worker=1, dashboard_address=None
            ) as cluster,
            Client(cluster),
        ):
            frame = dd.read_parquet(path, split_row_groups=True)
            seconds, counts = _median(
                lambda: imbascore.confusion_counts(frame["y_true"], frame["y_pred"]),
                args.repeats,
            )
            if counts.matrix.sum() != args.rows or expected != args.rows:
                raise SystemExit("the counts do not cover every row")
            rows.append(("confusion_counts, LocalCluster of 2", seconds, anchor))
            seconds, _ = _median(
                lambda: imbascore.threshold_curve(
                    frame["y_true"], frame["score"], thresholds=1000
                ),
                args.repeats,
            )
            curve_seconds = seconds
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        curve_anchor, _ = _median(lambda: _curve_in_memory(path), args.repeats)
        rows.append(("threshold_curve, one process (read_parquet)", curve_anchor, None))
        rows.append(("threshold_curve, LocalCluster of 2", curve_seconds, curve_anchor))
    print(
        f"{args.rows:,} rows, {size:,.0f} MiB of Parquet "
        f"({frame.npartitions} partitions); medians of {args.repeats}\n"
    )
    print("| what | time (s) | rows/s | speed-up over one process |")
    print("|---|---:|---:|---:|")
    for name, seconds, reference in rows:
        ratio = "" if reference is None else f"{reference / seconds:.2f}x"
        print(f"| {name} | {seconds:.2f} | {args.rows / seconds:,.0f} | {ratio} |")
    print(f"\nPeak RSS of the client process while the cluster counted: {peak:.0f} MB.")


if __name__ == "__main__":
    main()
