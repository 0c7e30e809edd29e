"""Time and memory of ``imbascore report`` on a file larger than it should hold.

Writes a two-column file of integer labels (``y_true``, ``y_pred``; 10% positives,
90% of the predictions right) as CSV and as Parquet in a temporary folder, block
by block, then runs ``python -m imbascore report FILE --json --no-progress`` on
each as a subprocess and measures its wall time, rows per second and peak
resident memory (``ru_maxrss`` of that child, from ``os.wait4``). The files are
deleted afterwards. Prints a Markdown table (never asserts). Run it with

    nice python benchmarks/bench_report.py [--rows 100000000] [--formats csv parquet]

The target of issue 16: peak RSS under 500 MB whatever the file size (the
command reads and counts the file chunk by chunk).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

TARGET_MB = 500
BLOCK = 1_000_000


def _blocks(rows, seed=0):
    """``(y_true, y_pred)`` int8 blocks of at most BLOCK rows, and their counts."""
    rng = np.random.default_rng(seed)
    for start in range(0, rows, BLOCK):
        n = min(BLOCK, rows - start)
        y_true = (rng.random(n) < 0.1).astype(np.int8)
        y_pred = np.where(rng.random(n) < 0.9, y_true, 1 - y_true).astype(np.int8)
        yield y_true, y_pred


def write_csv(path, rows):
    with open(path, "wb") as handle:
        handle.write(b"y_true,y_pred\n")
        for y_true, y_pred in _blocks(rows):
            line = np.empty((len(y_true), 4), dtype=np.uint8)
            line[:, 0] = y_true + ord("0")
            line[:, 1] = ord(",")
            line[:, 2] = y_pred + ord("0")
            line[:, 3] = ord("\n")
            handle.write(line.tobytes())


def write_parquet(path, rows):
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([("y_true", pa.int64()), ("y_pred", pa.int64())])
    with pq.ParquetWriter(path, schema) as writer:
        for y_true, y_pred in _blocks(rows):
            writer.write_table(
                pa.table(
                    {
                        "y_true": y_true.astype(np.int64),
                        "y_pred": y_pred.astype(np.int64),
                    },
                    schema=schema,
                )
            )


def run(argv):
    """Wall time (s), peak RSS (MB) and stdout of a child process."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = child.stdout.read()
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{argv} failed ({child.returncode}): {err.decode()}")
    return elapsed, usage.ru_maxrss / 1024, out  # ru_maxrss is in KiB on Linux


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10**8)
    parser.add_argument(
        "--formats", nargs="+", choices=("csv", "parquet"), default=["csv", "parquet"]
    )
    args = parser.parse_args()
    command = [sys.executable, "-m", "imbascore", "report"]
    _, floor, _ = run([sys.executable, "-c", "import imbascore.cli, pyarrow.csv"])
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in args.formats:
            path = os.path.join(folder, f"labels.{kind}")
            start = time.perf_counter()
            (write_csv if kind == "csv" else write_parquet)(path, args.rows)
            wrote = time.perf_counter() - start
            size = os.path.getsize(path) / 2**20
            print(
                f"wrote {args.rows:,} rows of {kind} ({size:,.0f} MiB) "
                f"in {wrote:.0f} s",
                file=sys.stderr,
            )
            elapsed, peak, out = run([*command, path, "--json", "--no-progress"])
            support = json.loads(out)["support"]
            if support != args.rows:
                raise SystemExit(f"{kind}: the report counted {support} rows")
            results.append((kind, size, elapsed, peak))
            os.remove(path)
    print(
        "| file | rows | size (MiB) | time (s) | rows/s | peak RSS (MB) "
        f"| < {TARGET_MB} MB |"
    )
    print("|---|---:|---:|---:|---:|---:|:---:|")
    for kind, size, elapsed, peak in results:
        print(
            f"| {kind} | {args.rows:,} | {size:,.0f} | {elapsed:.1f} | "
            f"{args.rows / elapsed:,.0f} | {peak:.0f} | "
            f"{'yes' if peak < TARGET_MB else 'no'} |"
        )
    print(
        "\nImporting the command alone (python, numpy, scipy, scikit-learn, "
        f"pyarrow): {floor:.0f} MB."
    )


if __name__ == "__main__":
    main()
