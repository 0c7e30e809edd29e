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
import pathlib
import shlex
import sys
import textwrap
import time
from contextlib import ExitStack

from .. import __version__, list_metrics, summarize
from ..datasets import list_datasets, load_dataset
from ._estimators import CLASSIFIERS, NEED_NUMBA, SAMPLERS
from ._garcia2008 import (
    GARCIA2008_CLASSIFIERS,
    GARCIA2008_DATASETS,
    GARCIA2008_SAMPLERS,
    compare_garcia2008,
    garcia2008_markdown,
    paper_cells,
)
from ._garcia2009 import (
    GARCIA2009_DATASETS,
    compare_garcia2009,
    garcia2009_classifiers,
    garcia2009_markdown,
)
from ._html_report import png_bytes, study_report_html
from ._own_data import (
    check_names,
    check_nominal_names,
    check_recorded,
    comma_list,
    read_own_dataset,
    split_paths,
)
from ._public import install_hint
from ._runner import CELL, COLUMNS, parallel_backend, run_study
from ._store import StoreError, StudyStore
from ._tables import markdown_table, with_intervals

__all__ = ["add_study_parser"]

#: The papers whose protocol and table ``--paper`` runs.
PAPERS = ("garcia2008", "garcia2009")
#: The paper's protocol, as Weka ran it.
DEFAULT_SAMPLERS = "none,weka_smote,undersample"
DEFAULT_CLASSIFIERS = "weka_1nn,weka_svm,weka_mlp"
DEFAULT_METRICS = "gmean,dominance,ad_area,iba,balanced_accuracy"
#: The metrics of :func:`~imbascore.study.fold_scores`, and those free of the
#: class ratio (functions of TPR and TNR alone) that ``--aggregate rates`` takes.
_LABEL_METRICS = [m for m in list_metrics() if m.reads == "labels"]
METRIC_NAMES = ("accuracy",) + tuple(m.name for m in _LABEL_METRICS)
RATE_METRICS = tuple(m.name for m in _LABEL_METRICS if m.ratio_free)


class StudyOptionError(ValueError):
    """A bad option or output directory; the message is one line."""


def _names(kind, valid):
    def parse(text):
        names = comma_list(text)
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


class _Formatter(argparse.HelpFormatter):
    """Help with each option's text on its line (a wider first column)."""

    def __init__(self, prog):
        super().__init__(prog, max_help_position=28)


def add_study_parser(commands):
    """Add the ``study`` subcommand to an argparse subparsers object."""
    study = commands.add_parser(
        "study",
        help="reproduce García et al. (2008), Table 3, or run its protocol on "
        "your own data",
        usage="%(prog)s [--datasets NAMES] [--data FILE --target COL] [options]",
        formatter_class=_Formatter,
        description="Cross-validate datasets x samplers x classifiers (default: "
        "García et al. 2008 as Weka runs it, 5x10-fold) and write every fold's "
        "counts, the metric table, figures and report.html to --out.",
        epilog="Names and what each estimator does: imbascore study --list.",
    )
    data = study.add_argument_group("data (default: the ten datasets of García 2008)")
    data.add_argument(
        "--datasets",
        metavar="NAMES",
        help="embedded datasets, comma-separated (none with --data)",
    )
    data.add_argument(
        "--data",
        action="append",
        metavar="FILE",
        help="your CSV or Parquet file; repeat or comma-separate",
    )
    data.add_argument("--target", metavar="COL", help="the --data files' class column")
    data.add_argument(
        "--positive",
        metavar="VALUE",
        help="positive class, against the rest (the minority)",
    )
    data.add_argument(
        "--nominal",
        metavar="COLS",
        help="columns nominal besides the text ones (none)",
    )
    data.add_argument(
        "--drop-missing",
        action="store_true",
        help="leave out rows with missing values (default: refuse)",
    )
    data.add_argument(
        "--delimiter",
        type=_delimiter,
        default=",",
        metavar="CHAR",
        help="CSV field separator, or tab (,)",
    )
    runs = study.add_argument_group("the study")
    runs.add_argument(
        "--paper",
        choices=PAPERS,
        default="garcia2008",
        metavar="NAME",
        help="protocol and table: garcia2008 or garcia2009 (%(default)s)",
    )
    runs.add_argument(
        "--samplers",
        default=DEFAULT_SAMPLERS,
        metavar="NAMES",
        help="resampling before training, comma-separated (%(default)s)",
    )
    runs.add_argument(
        "--classifiers",
        default=DEFAULT_CLASSIFIERS,
        metavar="NAMES",
        help="classifiers, comma-separated (%(default)s)",
    )
    runs.add_argument(
        "--metrics",
        default=DEFAULT_METRICS,
        metavar="NAMES",
        help="metrics of the table, comma-separated (%(default)s)",
    )
    runs.add_argument(
        "--aggregate",
        choices=("rates", "pooled", "fold"),
        default="rates",
        metavar="HOW",
        help="rates, pooled or fold: combines folds (%(default)s)",
    )
    runs.add_argument(
        "--quick",
        action="store_true",
        help="one 5-fold pass instead of the default 5x10-fold",
    )
    runs.add_argument(
        "--random-state",
        type=_random_state,
        default=0,
        metavar="SEED",
        help="seed of the folds and models (%(default)s)",
    )
    runs.add_argument(
        "--n-jobs",
        type=_n_jobs,
        default=-1,
        metavar="N",
        help="parallel folds; -1 every core (%(default)s)",
    )
    runs.add_argument(
        "--scheduler", metavar="ADDRESS", help="a Dask cluster, tcp://host:8786"
    )
    runs.add_argument(
        "--out",
        default="imbascore-study",
        metavar="DIR",
        help="output directory (./%(default)s)",
    )
    runs.add_argument(
        "--no-progress", action="store_true", help="hide the progress bar"
    )
    runs.add_argument(
        "--list",
        action="store_true",
        help="describe datasets, samplers, classifiers, metrics",
    )
    study.set_defaults(run=_run)
    return study


def _delimiter(text):
    text = {"\\t": "\t", "tab": "\t"}.get(text, text)
    if len(text) != 1:
        raise argparse.ArgumentTypeError(
            f"must be one character (\\t or tab for a tab); got {text!r}"
        )
    return text


def _wrapped(name, text, width=78):
    return textwrap.fill(
        text, width, initial_indent=f"  {name:<13}", subsequent_indent=" " * 15
    )


def _print_list(stream):
    """``imbascore study --list``: every name the options take, described."""
    paper = set(GARCIA2008_DATASETS)
    garcia2009 = ", ".join(garcia2009_classifiers(CLASSIFIERS).values())
    lines = [
        "Papers (--paper):",
        _wrapped(
            "garcia2008",
            "the default: ten datasets x {none, weka_smote, undersample} x "
            "{weka_1nn, weka_svm, weka_mlp}; garcia2008_table3.md",
        ),
        _wrapped(
            "garcia2009",
            f"breast, glass, satimage x none x {garcia2009}; garcia2009_table3.md "
            "and the agreement of each measure's pick",
        ),
        "\nDatasets (--datasets; * = in García 2008, the default):",
        *(
            f"  {name:<12}{'*' if name in paper else ' '} positive: "
            f"{load_positive(name)}"
            for name in list_datasets()
        ),
        f"\nSamplers (--samplers; default: {DEFAULT_SAMPLERS}):",
        *(_wrapped(name, text) for name, (_, text) in SAMPLERS.items()),
        f"\nClassifiers (--classifiers; default: {DEFAULT_CLASSIFIERS}):",
        *(_wrapped(name, text) for name, (_, text) in CLASSIFIERS.items()),
        f"\nMetrics (--metrics; default: {DEFAULT_METRICS}):",
        textwrap.fill(
            ", ".join(METRIC_NAMES), 78, initial_indent="  ", subsequent_indent="  "
        ),
        "\n--aggregate: rates = the metric of the fold-averaged TPR and TNR "
        "(García 2008; metrics of the two rates only), pooled = of the summed "
        "counts, fold = the mean of the folds' values.",
    ]
    print("\n".join(lines), file=stream)
    return 0


def load_positive(name):
    return load_dataset(name).positive_class


def _own_datasets(args, n_splits, embedded):
    """The ``--data`` files as :class:`OwnDataset`, each told on ``stream``."""
    paths = split_paths(args.data)
    if args.data is not None and not paths:
        raise StudyOptionError(f"--data must name a file; got {args.data[0]!r}")
    for flag in ("target", "positive", "nominal", "drop_missing"):
        if not paths and getattr(args, flag) not in (None, False):
            raise StudyOptionError(
                f"--{flag.replace('_', '-')} applies to your own files: give "
                "them with --data FILE"
            )
    if not paths:
        return []
    if args.target is None:
        raise StudyOptionError(
            "--data needs --target COL, the column that holds the classes"
        )
    check_names(paths, embedded)
    nominal = comma_list(args.nominal or "")
    if args.nominal is not None and not nominal:
        raise StudyOptionError(
            f"--nominal must be comma-separated column names; got {args.nominal!r}"
        )
    datasets = [
        read_own_dataset(
            path,
            target=args.target,
            positive=args.positive,
            nominal=nominal,
            drop_missing=args.drop_missing,
            delimiter=args.delimiter,
            n_splits=n_splits,
            quick=args.quick,
        )
        for path in paths
    ]
    check_nominal_names(
        nominal, {d.path: [*d.X.columns, args.target] for d in datasets}
    )
    for dataset in datasets:
        print(dataset.summary(), file=args.stream)
        for note in dataset.notes:
            print(f"  {note}", file=args.stream)
    return datasets


def _run(args):
    if args.list:
        return _print_list(args.stream)
    embedded = list_datasets()
    paper_2009 = args.paper == "garcia2009"
    if paper_2009 and args.samplers == DEFAULT_SAMPLERS:
        args.samplers = "none"  # the paper's experiment has no resampling
    if paper_2009 and args.classifiers == DEFAULT_CLASSIFIERS:
        args.classifiers = ",".join(garcia2009_classifiers(CLASSIFIERS).values())
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
            f"{install_hint('weka')}; or choose the scikit-learn stand-ins"
        )
    if args.scheduler and importlib.util.find_spec("distributed") is None:
        raise StudyOptionError(f"--scheduler needs Dask: {install_hint('distributed')}")
    n_splits, n_repeats = (5, 1) if args.quick else (10, 5)
    datasets = None
    if args.datasets is not None:
        datasets = _names("datasets", embedded)(args.datasets)
    own = _own_datasets(args, n_splits, embedded)
    paper_datasets = GARCIA2009_DATASETS if paper_2009 else GARCIA2008_DATASETS
    if datasets is None:
        datasets = [] if own else list(paper_datasets)
    for name in datasets:
        if name not in paper_datasets:
            print(
                f"note: {args.paper} has no numbers for {name!r}; it runs "
                "anyway, and appears in every output but the paper's table",
                file=args.stream,
            )
    protocol = {
        "n_splits": n_splits,
        "n_repeats": n_repeats,
        "random_state": args.random_state,
        # Breast and German in the papers' numeric coding (issue 30): a store
        # of cells counted on nominal attributes is another protocol
        "coding": "papers",
    }
    try:
        store = StudyStore(args.out, protocol, COLUMNS, __version__)
        with store.locked():
            check_recorded(store.out, own, store.write_text)
            return _run_in(
                store,
                args,
                [*datasets, *(d.as_tuple() for d in own)],
                samplers,
                classifiers,
                metrics,
            )
    except StoreError as error:
        raise StudyOptionError(str(error)) from None


def _run_in(store, args, datasets, samplers, classifiers, metrics):
    names = [d if isinstance(d, str) else d[0] for d in datasets]
    cells = [(d, s, c) for d in names for s in samplers for c in classifiers]
    finished = set(store.finished())
    skip = finished & set(cells)
    if skip:
        print(
            f"skipping {len(skip)} finished cell(s) found in {store.out}",
            file=args.stream,
        )
    start = time.perf_counter()
    try:
        with ExitStack() as stack:
            parallel_backend(stack, scheduler=args.scheduler)
            fresh = run_study(
                datasets,
                samplers,
                classifiers,
                n_splits=store.protocol["n_splits"],
                n_repeats=store.protocol["n_repeats"],
                random_state=args.random_state,
                n_jobs=args.n_jobs,
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
    if set(results["dataset"]) != set(names):
        print(
            f"folds.csv, the tables and the figures: every finished cell of "
            f"{store.out} ({results[CELL].drop_duplicates().shape[0]} cells, "
            f"{results['dataset'].nunique()} datasets), not only this run's",
            file=args.stream,
        )
    comparison, names, figures = _write_outputs(
        results, store, args.stream, garcia2008=args.paper == "garcia2008"
    )
    if args.paper == "garcia2009":
        _write_garcia2009(results, store, args.stream)
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


def _resume_command(args):
    """The command line that finishes this run (its options, not defaults)."""
    parser = argparse.ArgumentParser()
    add_study_parser(parser.add_subparsers())
    defaults = vars(parser.parse_args(["study"]))
    parts = ["imbascore", "study"]
    for dest in sorted(defaults, key=lambda dest: dest != "paper"):  # --paper first
        value, flag = getattr(args, dest), "--" + dest.replace("_", "-")
        if dest in ("out", "list", "run") or value in (defaults[dest], None):
            continue
        if _paper_default(args, dest, value):
            continue
        if value is True:
            parts.append(flag)
        elif dest == "data":
            parts += [part for path in split_paths(value) for part in (flag, path)]
        else:
            parts += [flag, "tab" if value == "\t" else str(value)]
    parts += ["--out", str(args.out)]
    return shlex.join(parts)


def _paper_default(args, flag, value):
    """Whether ``value`` is what ``--paper`` chose for ``--flag`` by itself."""
    if args.paper != "garcia2009":
        return False
    chosen = {
        "samplers": "none",
        "classifiers": ",".join(garcia2009_classifiers(CLASSIFIERS).values()),
    }
    return chosen.get(flag) == value


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


def _write_outputs(results, store, stream, garcia2008=True):
    """The García 2008 table (unless ``garcia2008`` is false: another
    paper's run) and the figures; returns them for report.html."""
    cells, used = paper_cells(results)
    # the folds under our names: which estimator filled a column decides
    # whether the measured explanations apply
    comparison = compare_garcia2008(
        results if garcia2008 else results.iloc[:0], protocol=store.protocol
    )
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
            f"matplotlib is not installed: no figures ({install_hint('plot')})",
            file=stream,
        )
        return comparison, names, {}

    from ..plot import AccuracyDominanceDisplay

    figures = {}
    for dataset in results["dataset"].unique():
        display = AccuracyDominanceDisplay.from_study(results, dataset)
        figures[dataset] = png_bytes(display.figure_, dpi=150)
        store.replace_with(
            f"figures/accuracy_dominance_{dataset}.png",
            lambda path, png=figures[dataset]: pathlib.Path(path).write_bytes(png),
        )
    print(f"figures: {store.out / 'figures'}", file=stream)
    return comparison, names, figures


def _write_garcia2009(results, store, stream):
    """``garcia2009_table3.md``, the agreement count and each disagreement's
    measured reason."""
    classifiers = garcia2009_classifiers(set(results["classifier"]))
    rows, picks = compare_garcia2009(results, classifiers)
    if not picks:
        print(
            "García et al. (2009), Table 3: needs every one of the paper's six "
            "classifiers on one of its datasets; not written",
            file=stream,
        )
        return
    table = garcia2009_markdown(rows, picks, classifiers)
    store.write_text("garcia2009_table3.md", table)
    agree = sum(pick["reason"] is None for pick in picks)
    print(
        f"García et al. (2009), Table 3: {store.out / 'garcia2009_table3.md'}\n"
        f"choices that agree with the paper's: {agree} of {len(picks)}",
        file=stream,
    )
    for pick in picks:
        if pick["reason"] is not None:
            print(
                f"  {pick['dataset']}, {pick['measure']}: ours {pick['ours']}, "
                f"paper {pick['paper']}: {pick['reason']}",
                file=stream,
            )


def _write_metric_table(results, store, metrics, aggregate, stream):
    """``metrics.csv`` and ``metrics.md``: each cell's metrics with their
    95% posterior intervals, for any study."""
    summary = summarize(results, metrics, aggregate=aggregate, interval="posterior")
    store.replace_with("metrics.csv", lambda path: summary.to_csv(path))
    shown = with_intervals(summary, metrics)
    lines = markdown_table(shown.columns, shown.itertuples(index=False))
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
