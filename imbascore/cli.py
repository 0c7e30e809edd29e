"""The ``imbascore`` console command."""

import argparse
import sys

import numpy as np

from . import _formulas as F
from .paper_tables import GARCIA2009_TABLE2
from .report import imbalanced_report

__all__ = ["main"]


def _labels_from_counts(tp, fn, fp, tn):
    """Label arrays whose confusion counts are exactly the ones given."""
    y_true = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])
    y_pred = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
    return y_true, y_pred


def _example(args):
    """The balanced-accuracy explainer's classifier and García 2009 Table 2."""
    out = args.out
    cases = {
        "A classifier (TP=5, FN=10, FP=50, TN=10000)": (5, 10, 50, 10000),
        "Predicting every sample negative (TP=0, FN=15, FP=0, TN=10050)": (
            0,
            15,
            0,
            10050,
        ),
    }
    for title, counts in cases.items():
        y_true, y_pred = _labels_from_counts(*counts)
        print(f"{title}\n", file=out)
        print(
            imbalanced_report(
                y_true,
                y_pred,
                target_names=["negative", "positive"],
                zero_division=0.0,
            ),
            file=out,
        )
        print(file=out)
    print(
        "Accuracy prefers predicting everything negative (0.999 > 0.994); every "
        "imbalance metric of the positive row prefers the classifier.\n",
        file=out,
    )
    print(
        "García et al. (2009), Table 2, recomputed from its rates (ratio 1:10)",
        file=out,
    )
    print(
        f"{'':8}{'TPR':>7}{'TNR':>7}{'Acc':>7}{'Gmean':>7}{'AUC':>7}{'OP':>7}"
        f"{'IBA1':>7}{'IBA.5':>7}{'IBA.1':>7}",
        file=out,
    )
    for name, (tpr, tnr, *_printed) in GARCIA2009_TABLE2.items():
        acc = (tpr + 10 * tnr) / 11
        row = [
            tpr,
            tnr,
            acc,
            F.geometric_mean(tpr, tnr),
            F.balanced_accuracy(tpr, tnr),
            F.optimized_precision(acc, tpr, tnr),
        ]
        row += [F.index_balanced_accuracy(tpr, tnr, a) for a in (1.0, 0.5, 0.1)]
        print(f"{name:8}" + "".join(f"{float(v):7.3f}" for v in row), file=out)
    return 0


def main(argv=None, out=None):
    """Run the ``imbascore`` command; return its exit code."""
    parser = argparse.ArgumentParser(
        prog="imbascore",
        description="Metrics for classifiers on imbalanced data.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    example = commands.add_parser(
        "example",
        help="print the all-metrics report on the papers' embedded examples",
    )
    example.set_defaults(run=_example)
    args = parser.parse_args(argv)
    args.out = out or sys.stdout
    if args.command is None:
        args.run = _example
    return args.run(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
