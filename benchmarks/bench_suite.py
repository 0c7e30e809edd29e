"""Where the test suite's time goes: its slowest tests and its time per folder.

Runs pytest (any arguments after ``--`` go to it) with a JUnit XML report in a
temporary folder, then prints the wall time, the collection time, the N slowest
tests and the time of each test folder, as Markdown tables for CONTRIBUTING.md::

    python benchmarks/bench_suite.py                  # the default run
    python benchmarks/bench_suite.py -- -m slow       # the slow tests
    python benchmarks/bench_suite.py --from report.xml  # an existing report

Test times are summed over the workers of ``-n auto``, so the folders' total
is CPU-bound time, not wall time; the wall time is printed beside it.
"""

import argparse
import collections
import pathlib
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET


def _folder(node_id):
    """``tests/metrics`` for a test of tests/metrics/, ``imbascore`` for doctests."""
    path = node_id.split("::")[0]
    if path.startswith("imbascore"):
        return "imbascore (doctests)"
    folder = str(pathlib.PurePosixPath(path).parent)
    return "tests (top level)" if folder == "tests" else folder


def _cases(report):
    """(seconds, node id) of every test case of a JUnit XML report."""
    cases = []
    for case in ET.parse(report).getroot().iter("testcase"):
        module = case.get("classname", "").replace(".", "/")
        cases.append((float(case.get("time", 0)), f"{module}.py::{case.get('name')}"))
    return cases


def _collection_seconds(pytest_args):
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            *pytest_args,
        ],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def tables(cases, slowest=30):
    """The Markdown tables: the slowest tests, then the seconds per folder."""
    lines = ["| seconds | test |", "|---:|---|"]
    for seconds, node in sorted(cases, reverse=True)[:slowest]:
        lines.append(f"| {seconds:.1f} | `{node}` |")
    per_folder = collections.Counter()
    count = collections.Counter()
    for seconds, node in cases:
        per_folder[_folder(node)] += seconds
        count[_folder(node)] += 1
    lines += ["", "| folder | tests | seconds |", "|---|---:|---:|"]
    for folder, seconds in per_folder.most_common():
        lines.append(f"| {folder} | {count[folder]} | {seconds:.1f} |")
    total = sum(seconds for seconds, _ in cases)
    lines.append(f"| all | {len(cases)} | {total:.1f} |")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slowest", type=int, default=30, help="rows of slow tests")
    parser.add_argument("--from", dest="report", help="read this JUnit XML report")
    parser.add_argument("pytest_args", nargs="*", help="after --: pytest's arguments")
    args = parser.parse_args(argv)
    if args.slowest < 1:
        parser.error(f"--slowest must be a positive integer; got {args.slowest}")
    if args.report is None:
        with tempfile.TemporaryDirectory() as folder:
            report = pathlib.Path(folder) / "report.xml"
            start = time.perf_counter()
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pytest",
                    "-q",
                    "-p",
                    "no:cacheprovider",
                    f"--junitxml={report}",
                    *args.pytest_args,
                ],
                capture_output=True,
                text=True,
            )
            wall = time.perf_counter() - start
            summary = [line for line in done.stdout.splitlines() if line.strip()]
            print(summary[-1] if summary else done.stderr[-2000:])
            if not report.exists():
                return done.returncode or 1
            cases = _cases(report)
        collection = _collection_seconds(args.pytest_args)
        print(f"wall {wall:.0f} s; collection alone {collection:.1f} s (one process)")
    else:
        cases = _cases(args.report)
        done = None
    print(tables(cases, args.slowest))
    return 0 if done is None else done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
