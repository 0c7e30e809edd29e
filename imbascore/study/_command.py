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
import json
import pathlib
import time

from .. import __version__
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
from ._runner import COLUMNS, run_study
from ._summary import CELL

__all__ = ["add_study_parser"]

#: The paper's protocol, as Weka ran it.
DEFAULT_SAMPLERS = "none,weka_smote,undersample"
DEFAULT_CLASSIFIERS = "weka_1nn,weka_svm,weka_mlp"

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


def _prepare_out(out, protocol):
    """Create ``out`` or check it holds a study of the same protocol."""
    out = pathlib.Path(out)
    try:
        (out / "cells").mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as error:
        raise StudyOptionError(
            f"--out {str(out)!r} is not a writable directory: {error.strerror}"
        ) from None
    saved = out / "study.json"
    if saved.exists():
        try:
            previous = json.loads(saved.read_text())
        except ValueError:
            previous = None
        if not isinstance(previous, dict):
            raise StudyOptionError(
                f"--out {str(out)!r} holds an unreadable study.json; use another "
                "--out, or delete it to start afresh"
            )
        previous = {key: previous.get(key) for key in protocol}
        if previous != protocol:
            raise StudyOptionError(
                f"--out {str(out)!r} holds a study of another protocol "
                f"({previous}); use another --out"
            )
    saved.write_text(json.dumps({**protocol, "imbascore": __version__}, indent=2))
    return out


def _cell_path(out, cell):
    return out / "cells" / ("__".join(cell) + ".csv")


def _finished_cells(out, cells, n_folds):
    import pandas as pd

    finished = {}
    for cell in cells:
        path = _cell_path(out, cell)
        if path.exists():
            frame = pd.read_csv(path, float_precision="round_trip")
            if len(frame) == n_folds and list(frame.columns) == COLUMNS:
                finished[cell] = frame
    return finished


def _run(args):
    import pandas as pd

    datasets = _names("datasets", list_datasets())(args.datasets)
    samplers = _names("samplers", SAMPLERS)(args.samplers)
    classifiers = _names("classifiers", CLASSIFIERS)(args.classifiers)
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
    out = _prepare_out(args.out, protocol)
    cells = [(d, s, c) for d in datasets for s in samplers for c in classifiers]
    finished = _finished_cells(out, cells, n_splits * n_repeats)
    if finished:
        print(
            f"skipping {len(finished)} finished cell(s) found in {out}",
            file=args.stream,
        )

    def save(cell_frame):
        first = cell_frame.iloc[0]
        key = (first["dataset"], first["sampler"], first["classifier"])
        cell_frame.to_csv(_cell_path(out, key), index=False)

    start = time.perf_counter()
    fresh = run_study(
        datasets,
        samplers,
        classifiers,
        n_splits=n_splits,
        n_repeats=n_repeats,
        random_state=args.random_state,
        n_jobs=args.n_jobs,
        scheduler=args.scheduler,
        progress=not args.no_progress,
        skip=set(finished),
        on_cell_done=save,
    )
    wall = time.perf_counter() - start
    frames = [*finished.values(), fresh]
    results = pd.concat([f for f in frames if len(f)], ignore_index=True)
    rank = {cell: i for i, cell in enumerate(cells)}
    results["_rank"] = [rank[cell] for cell in zip(*(results[c] for c in CELL))]
    results = (
        results.sort_values(["_rank", "repeat", "fold"])
        .drop(columns="_rank")
        .reset_index(drop=True)
    )
    results.to_csv(out / "folds.csv", index=False)
    _write_outputs(results, out, args.stream)
    _print_times(fresh, wall, args.stream)
    return 0


def _write_outputs(results, out, stream):
    cells, used = paper_cells(results)
    comparison = compare_garcia2008(cells)
    if not comparison.empty:
        table = garcia2008_markdown(comparison)
        paper = {**GARCIA2008_CLASSIFIERS, **GARCIA2008_SAMPLERS}
        names = ", ".join(
            f"{paper[role]} = {used[role]}"
            for role in (*GARCIA2008_CLASSIFIERS, "smote")
            if role in used
        )
        (out / "garcia2008_table3.md").write_text(
            "# García et al. (2008), Table 3: ours (paper, difference)\n\n"
            f"Ours: {names}.\n\n" + table
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
        return
    import matplotlib.pyplot as plt

    from ..plot import AccuracyDominanceDisplay

    (out / "figures").mkdir(exist_ok=True)
    for dataset in results["dataset"].unique():
        display = AccuracyDominanceDisplay.from_study(results, dataset)
        display.figure_.savefig(
            out / "figures" / f"accuracy_dominance_{dataset}.png",
            dpi=150,
            bbox_inches="tight",
        )
        plt.close(display.figure_)
    print(f"figures: {out / 'figures'}", file=stream)


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
