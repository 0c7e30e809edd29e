"""``imbascore study``: the García 2008 protocol from the console, resumable.

``--out DIR`` receives ``study.json`` (the protocol), ``cells/`` (one CSV
per finished cell, so that a rerun skips it), ``folds.csv`` (every fold),
``garcia2008_table3.md`` (ours beside the paper's) and, with matplotlib,
``figures/accuracy_dominance_<dataset>.png`` (García 2008, Figure 2).

By default the study runs the estimators that follow Weka's own code
(``weka_1nn``, ``weka_svm``, ``weka_mlp``, ``weka_smote``: the paper ran
Weka); the scikit-learn stand-ins (``1nn``, ``svm``, ``mlp``, ``smote``)
are named alternatives. In the comparison with the paper a Weka estimator
stands in the paper's column of its kind; a stand-in fills it only where no
Weka estimator of that kind ran.
"""

import argparse
import importlib.util
import io
import pathlib
import shlex
import sys
import time

from .. import __version__
from .._summaries import CELL, METRIC_NAMES, RATE_METRICS, summarize
from ..datasets import list_datasets
from ._estimators import CLASSIFIERS, NEED_NUMBA, SAMPLERS
from ._garcia2008 import (
    GARCIA2008_CLASSIFIERS,
    GARCIA2008_DATASETS,
    GARCIA2008_SAMPLERS,
    compare_garcia2008,
    garcia2008_markdown,
    paper_cells,
)
from ._html_report import study_report_html
from ._runner import COLUMNS, run_study
from ._store import StoreError, StudyStore

__all__ = ["add_study_parser"]

#: The paper's protocol, as Weka ran it.
DEFAULT_SAMPLERS = "none,weka_smote,undersample"
DEFAULT_CLASSIFIERS = "weka_1nn,weka_svm,weka_mlp"
DEFAULT_METRICS = "gmean,dominance,ad_area,iba,balanced_accuracy"


class StudyOptionError(ValueError):
    """A bad option or output directory; the message is one line."""


def _names(kind, valid):
    def parse(text):
        names = [name.strip() for name in text.split(",") if name.strip()]
        unknown = [name for name in names if name not in valid]
        if not names or unknown:
            raise StudyOptionError(
                f"--{kind} must be a comma-separated list of {sorted(valid)}; "
                f"got {text!r}"
            )
        return names

    return parse


def _n_jobs(text):
    """A non-zero int, as joblib takes it (-1: every core, -2: all but one)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value == 0:
        raise argparse.ArgumentTypeError(
            "must be a non-zero integer (1: one core, -1: every core, -2: all "
            f"but one); got {text!r}"
        )
    return value


_MAX_SEED = 2**32 - 1


def _random_state(text):
    """A seed numpy and scikit-learn take: an int in [0, 2**32 - 1]."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= _MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"must be an integer in the range [0, {_MAX_SEED}]; got {text!r}"
        )
    return value


def add_study_parser(commands):
    """Add the ``study`` subcommand to an argparse subparsers object."""
    study = commands.add_parser(
        "study",
        help="reproduce García et al. (2008), Table 3, on the embedded datasets",
        description="Cross-validate datasets x resamplers x classifiers "
        "(default: the ten datasets, none/weka_smote/undersample and "
        "weka_1nn/weka_svm/weka_mlp of García et al. 2008 as Weka runs them, "
        "5x10-fold), then write the per-fold counts, "
        "a Markdown Table 3 beside the paper's and the accuracy-dominance "
        "figures. Classifiers: "
        + "; ".join(f"{k}: {v[1]}" for k, v in CLASSIFIERS.items())
        + ". Samplers: "
        + "; ".join(f"{k}: {v[1]}" for k, v in SAMPLERS.items())
        + ".",
    )
    study.add_argument(
        "--datasets",
        default=",".join(GARCIA2008_DATASETS),
        metavar="NAMES",
        help="comma-separated, of "
        + ", ".join(list_datasets())
        + " (default: the ten of García 2008)",
    )
    study.add_argument(
        "--samplers",
        default=DEFAULT_SAMPLERS,
        metavar="NAMES",
        help="comma-separated, of " + ", ".join(SAMPLERS) + " (default: %(default)s)",
    )
    study.add_argument(
        "--classifiers",
        default=DEFAULT_CLASSIFIERS,
        metavar="NAMES",
        help="comma-separated, of "
        + ", ".join(CLASSIFIERS)
        + " (default: %(default)s)",
    )
    study.add_argument(
        "--metrics",
        default=DEFAULT_METRICS,
        metavar="NAMES",
        help="comma-separated metrics of the per-cell table (metrics.md and "
        "metrics.csv, with 95%% posterior intervals), of "
        + ", ".join(METRIC_NAMES)
        + " (default: %(default)s)",
    )
    study.add_argument(
        "--aggregate",
        choices=("rates", "pooled", "fold"),
        default="rates",
        help="how the metric table combines a cell's folds: the metric of the "
        "fold-averaged TPR and TNR (rates, as García 2008; for metrics of the "
        "two rates only), of the summed counts (pooled), or the mean of the "
        "folds' values (fold) (default: %(default)s)",
    )
    study.add_argument(
        "--quick", action="store_true", help="one 5-fold pass instead of 5x10 folds"
    )
    study.add_argument(
        "--n-jobs",
        type=_n_jobs,
        default=-1,
        metavar="N",
        help="parallel folds: a non-zero integer, -1 for every core (default), "
        "-2 for all but one",
    )
    study.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on a Dask cluster (tcp://host:8786)"
    )
    study.add_argument(
        "--random-state",
        type=_random_state,
        default=0,
        metavar="SEED",
        help=f"seed of the folds and the models, in [0, {_MAX_SEED}] (default: 0)",
    )
    study.add_argument(
        "--out",
        default="imbascore-study",
        metavar="DIR",
        help="output directory (default: ./imbascore-study)",
    )
    study.add_argument(
        "--no-progress", action="store_true", help="hide the progress bar"
    )
    study.set_defaults(run=_run)
    return study


def _run(args):
    datasets = _names("datasets", list_datasets())(args.datasets)
    samplers = _names("samplers", SAMPLERS)(args.samplers)
    classifiers = _names("classifiers", CLASSIFIERS)(args.classifiers)
    metrics = _names("metrics", METRIC_NAMES)(args.metrics)
    if args.aggregate == "rates":
        ratio_bound = [name for name in metrics if name not in RATE_METRICS]
        if ratio_bound:
            raise StudyOptionError(
                f"--metrics {','.join(ratio_bound)} depend on the class ratio, "
                "not on TPR and TNR alone: use --aggregate pooled or fold with "
                "them"
            )
    needing = [name for name in classifiers if name in NEED_NUMBA]
    if needing and importlib.util.find_spec("numba") is None:
        raise StudyOptionError(
            f"--classifiers {','.join(needing)} need numba: "
            'pip install "imbascore[weka]" (or choose the scikit-learn stand-ins)'
        )
    if args.scheduler and importlib.util.find_spec("distributed") is None:
        raise StudyOptionError(
            '--scheduler needs Dask: pip install "imbascore[distributed]"'
        )
    n_splits, n_repeats = (5, 1) if args.quick else (10, 5)
    protocol = {
        "n_splits": n_splits,
        "n_repeats": n_repeats,
        "random_state": args.random_state,
    }
    try:
        store = StudyStore(args.out, protocol, COLUMNS, __version__)
        with store.locked():
            return _run_in(store, args, datasets, samplers, classifiers, metrics)
    except StoreError as error:
        raise StudyOptionError(str(error)) from None


def _run_in(store, args, datasets, samplers, classifiers, metrics):
    cells = [(d, s, c) for d in datasets for s in samplers for c in classifiers]
    finished = set(store.finished())
    skip = finished & set(cells)
    if skip:
        print(
            f"skipping {len(skip)} finished cell(s) found in {store.out}",
            file=args.stream,
        )
    start = time.perf_counter()
    try:
        fresh = run_study(
            datasets,
            samplers,
            classifiers,
            n_splits=store.protocol["n_splits"],
            n_repeats=store.protocol["n_repeats"],
            random_state=args.random_state,
            n_jobs=args.n_jobs,
            scheduler=args.scheduler,
            progress=not args.no_progress,
            skip=skip,
            on_cell_done=store.save_cell,
        )
    except KeyboardInterrupt:
        done = set(store.finished()) & set(cells)
        # below the progress bar's line, if there is one
        newline = "" if args.no_progress else "\n"
        print(
            f"{newline}imbascore study: interrupted; {len(done)} of this run's "
            f"{len(cells)} cells are finished and kept in {store.out}; resume "
            f"with: {_resume_command(args)}",
            file=sys.stderr,
        )
        return 130
    wall = time.perf_counter() - start
    results = _store_results(store)
    store.replace_with("folds.csv", lambda path: results.to_csv(path, index=False))
    if set(results["dataset"]) != set(datasets):
        print(
            f"folds.csv, the tables and the figures: every finished cell of "
            f"{store.out} ({results[CELL].drop_duplicates().shape[0]} cells, "
            f"{results['dataset'].nunique()} datasets), not only this run's",
            file=args.stream,
        )
    comparison, names, figures = _write_outputs(results, store, args.stream)
    summary = _write_metric_table(results, store, metrics, args.aggregate, args.stream)
    page = study_report_html(
        results,
        protocol=store.protocol,
        version=__version__,
        comparison=comparison,
        names=names,
        summary=summary,
        metrics=metrics,
        aggregate=args.aggregate,
        figures=figures,
    )
    store.write_text("report.html", page)
    print(f"report: {store.out / 'report.html'}", file=args.stream)
    _print_times(fresh, wall, args.stream)
    _print_fit_warnings(fresh, args.stream)
    return 0


_DEFAULTS = {
    "datasets": ",".join(GARCIA2008_DATASETS),
    "samplers": DEFAULT_SAMPLERS,
    "classifiers": DEFAULT_CLASSIFIERS,
    "metrics": DEFAULT_METRICS,
    "aggregate": "rates",
}


def _resume_command(args):
    """The command line that finishes this run (its options, not defaults)."""
    parts = ["imbascore", "study"]
    for flag in ("datasets", "samplers", "classifiers", "metrics", "aggregate"):
        value = getattr(args, flag)
        if value != _DEFAULTS[flag]:
            parts += [f"--{flag}", value]
    if args.quick:
        parts.append("--quick")
    if args.random_state != 0:
        parts += ["--random-state", str(args.random_state)]
    if args.n_jobs != -1:
        parts += ["--n-jobs", str(args.n_jobs)]
    if args.scheduler:
        parts += ["--scheduler", args.scheduler]
    if args.no_progress:
        parts.append("--no-progress")
    parts += ["--out", str(args.out)]
    return shlex.join(parts)


def _store_results(store):
    """Every finished cell of the store, datasets, samplers and classifiers
    in the order of their lists."""
    import pandas as pd

    frames = store.finished()
    order = {
        "dataset": list(list_datasets()),
        "sampler": list(SAMPLERS),
        "classifier": list(CLASSIFIERS),
    }

    def rank(cell):
        return (
            tuple(
                order[column].index(value)
                if value in order[column]
                else len(order[column])
                for column, value in zip(CELL, cell)
            )
            + cell
        )

    cells = sorted(frames, key=rank)
    return pd.concat([frames[cell] for cell in cells], ignore_index=True)


def _write_outputs(results, store, stream):
    """The García table and the figures; returns them for report.html."""
    cells, used = paper_cells(results)
    comparison = compare_garcia2008(cells)
    names = ""
    if not comparison.empty:
        table = garcia2008_markdown(comparison)
        paper = {**GARCIA2008_CLASSIFIERS, **GARCIA2008_SAMPLERS}
        names = ", ".join(
            f"{paper[role]} = {used[role]}"
            for role in (*GARCIA2008_CLASSIFIERS, "smote")
            if role in used
        )
        store.write_text(
            "garcia2008_table3.md",
            "# García et al. (2008), Table 3: ours (paper, difference)\n\n"
            f"Ours: {names}.\n\n" + table,
        )
        print(f"García et al. (2008), Table 3; ours: {names}", file=stream)
        print(table, file=stream)
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError:
        print(
            'matplotlib is not installed: no figures (pip install "imbascore[plot]")',
            file=stream,
        )
        return comparison, names, {}
    import matplotlib.pyplot as plt

    from ..plot import AccuracyDominanceDisplay

    figures = {}
    for dataset in results["dataset"].unique():
        display = AccuracyDominanceDisplay.from_study(results, dataset)
        buffer = io.BytesIO()
        display.figure_.savefig(buffer, format="png", dpi=150, bbox_inches="tight")
        plt.close(display.figure_)
        figures[dataset] = buffer.getvalue()
        store.replace_with(
            f"figures/accuracy_dominance_{dataset}.png",
            lambda path, png=figures[dataset]: pathlib.Path(path).write_bytes(png),
        )
    print(f"figures: {store.out / 'figures'}", file=stream)
    return comparison, names, figures


def _write_metric_table(results, store, metrics, aggregate, stream):
    """``metrics.csv`` and ``metrics.md``: each cell's metrics with their
    95% posterior intervals, for any study."""
    summary = summarize(results, metrics, aggregate=aggregate, interval="posterior")
    store.replace_with("metrics.csv", lambda path: summary.to_csv(path))
    header = ["dataset", "sampler", "classifier", *metrics]
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    for cell, row in summary.iterrows():
        values = [
            f"{row[m]:.3f} [{row[m + '_low']:.3f}, {row[m + '_high']:.3f}]"
            for m in metrics
        ]
        lines.append("| " + " | ".join([*cell, *values]) + " |")
    note = (
        f"Each cell's metrics ({aggregate} over its folds; see summarize) with "
        "the 95% posterior interval of the cell's counts (every sample counted "
        "once), in brackets."
    )
    table = "\n".join(lines)
    store.write_text("metrics.md", f"# Metrics per cell\n\n{note}\n\n{table}\n")
    print(
        f"\nMetrics per cell ({aggregate}), 95% posterior interval in brackets:",
        file=stream,
    )
    print(table, file=stream)
    return summary


def _print_times(fresh, wall, stream):
    if fresh.empty:
        print("every cell was already finished; nothing was run", file=stream)
        return
    fit, score = fresh["fit_time"].sum(), fresh["score_time"].sum()
    work = fit + fresh["predict_time"].sum() + score
    print(
        f"{len(fresh)} folds in {wall:.1f} s wall time; fitting {fit:.1f} s, "
        f"scoring {score:.2f} s = {100 * score / work:.2f}% of the fold work",
        file=stream,
    )
    # Resampling and compilation (numba, on a worker's first fit) count in
    # the fit time of the classifier they ran for.
    per_classifier = (
        (fresh["fit_time"] + fresh["predict_time"])
        .groupby(fresh["classifier"], sort=False)
        .agg(["sum", "count"])
    )
    print(
        "time per classifier (fit + predict, summed over folds and workers): "
        + ", ".join(
            f"{name} {row['sum']:.1f} s ({int(row['count'])} folds)"
            for name, row in per_classifier.iterrows()
        ),
        file=stream,
    )


def _print_fit_warnings(fresh, stream):
    """Per classifier, how many of this run's fits warned, and of what."""
    if fresh.empty:
        return
    parts = []
    for classifier, folds in fresh.groupby("classifier", sort=False):
        warned = folds[folds["fit_warnings"] > 0]
        if warned.empty:
            parts.append(f"{classifier} none")
            continue
        kinds = sorted(
            {
                kind
                for text in warned["fit_warning_kinds"].fillna("")
                for kind in str(text).split(";")
                if kind
            }
        )
        parts.append(
            f"{classifier} {len(warned)} of {len(folds)} fits "
            f"({', '.join(kinds) or 'warnings'})"
        )
    print("fit warnings: " + "; ".join(parts), file=stream)
