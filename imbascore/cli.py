"""The ``imbascore`` console command.

``imbascore example`` prints the all-metrics report on the papers' worked
examples; ``imbascore report FILE`` prints it for the true and predicted
labels of a CSV file. Problems the user can fix (a missing file or column,
unusable labels, a bad option) end with a one-line message and exit code 2.
"""

import argparse
import json
import math
import sys
import warnings

import numpy as np

from ._formulas import DPRIME_CORRECTIONS
from ._label_csv import read_label_columns
from .paper_tables import GARCIA2009_TABLE2
from .report import imbalanced_report
from .study._command import add_study_parser
from .study._garcia2009 import garcia2009_measures

__all__ = ["main"]


def _labels_from_counts(tp, fn, fp, tn):
    """Label arrays whose confusion counts are exactly the ones given."""
    y_true = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])
    y_pred = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
    return y_true, y_pred


def _example(args):
    """The balanced-accuracy explainer's classifier and García 2009 Table 2."""
    out = args.stream
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
        row = garcia2009_measures(tpr, tnr, (tpr + 10 * tnr) / 11)
        print(f"{name:8}" + "".join(f"{float(v):7.3f}" for v in row), file=out)
    return 0


def _zero_division(text):
    if text == "warn":
        return text
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be warn, 0, 1 or nan; got {text!r}"
        ) from None


def _without_nan(value):
    """JSON has no NaN: undefined values are written as null."""
    if isinstance(value, dict):
        return {key: _without_nan(entry) for key, entry in value.items()}
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _report(args):
    """The all-metrics report of a CSV's true and predicted label columns."""
    columns = [args.true, args.pred] + ([args.weight] if args.weight else [])
    data = read_label_columns(args.file, columns, delimiter=args.delimiter)
    options = dict(
        sample_weight=data[args.weight] if args.weight else None,
        alpha=args.alpha,
        weight=args.wa_weight,
        correction=args.correction,
        zero_division=args.zero_division,
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if args.json:
            report = imbalanced_report(
                data[args.true], data[args.pred], output_dict=True, **options
            )
            text = json.dumps(_without_nan(report), indent=2)
        else:
            text = imbalanced_report(
                data[args.true], data[args.pred], digits=args.digits, **options
            )
    for warning in caught:
        print(f"imbascore report: warning: {warning.message}", file=sys.stderr)
    print(text, file=args.stream)
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option ends with one line rather than the usage."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parser():
    parser = _Parser(
        prog="imbascore",
        description="Metrics for classifiers on imbalanced data.",
    )
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser
    )
    example = commands.add_parser(
        "example",
        help="print the all-metrics report on the papers' embedded examples",
    )
    example.set_defaults(run=_example)
    report = commands.add_parser(
        "report",
        help="print the all-metrics report of a CSV's true and predicted labels",
        description="Print every metric of imbascore, per class and averaged, "
        "for the true and predicted labels in two columns of a CSV file with a "
        "header row. Columns of integers or numbers are read as numbers.",
    )
    report.add_argument("file", help="the CSV file, or - for standard input")
    report.add_argument(
        "--true", default="y_true", metavar="COL", help="true labels (y_true)"
    )
    report.add_argument(
        "--pred", default="y_pred", metavar="COL", help="predicted labels (y_pred)"
    )
    report.add_argument(
        "--weight", metavar="COL", help="sample weights (default: none)"
    )
    report.add_argument("--delimiter", default=",", help="field separator (,)")
    report.add_argument("--json", action="store_true", help="print JSON")
    report.add_argument(
        "--digits", type=int, default=3, help="decimals in the text report (3)"
    )
    report.add_argument("--alpha", type=float, default=0.1, help="IBA alpha (0.1)")
    report.add_argument(
        "--wa-weight",
        type=float,
        default=0.5,
        metavar="W",
        help="weight of sensitivity in the weighted accuracy (0.5)",
    )
    report.add_argument(
        "--correction",
        choices=DPRIME_CORRECTIONS,
        default="macmillan",
        help="extreme-rate correction of d' and AUCz (macmillan)",
    )
    report.add_argument(
        "--zero-division",
        type=_zero_division,
        default="warn",
        metavar="{warn,0,1,nan}",
        help="value of undefined metrics (warn: 0 with a warning)",
    )
    report.set_defaults(run=_report)
    add_study_parser(commands)
    return parser


def main(argv=None, out=None):
    """Run the ``imbascore`` command; return its exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    args.stream = out or sys.stdout
    run = getattr(args, "run", _example)
    try:
        return run(args)
    except (ValueError, TypeError, ImportError, OSError) as error:
        command = f"imbascore {args.command}" if args.command else "imbascore"
        message = " ".join(str(error).split())
        print(f"{command}: error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
