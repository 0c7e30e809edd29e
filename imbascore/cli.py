"""The ``imbascore`` console command.

``imbascore example`` prints the all-metrics report on the papers' worked
examples; ``imbascore report FILE`` prints it for the true and predicted
labels of a CSV file; ``imbascore study`` runs the García 2008 protocol.
Problems the user can fix (a missing file or column, unusable labels, a bad
option) end with a one-line message that names the option as typed, and exit
code 2. A closed pipe (``imbascore example | head``) ends quietly.
"""

import argparse
import json
import math
import os
import re
import sys
import textwrap
import warnings
from typing import Any

import numpy as np

from ._core.checks import did_you_mean
from ._core.inputs.label_csv import CHUNK_ROWS
from ._core.inputs.label_files import count_label_file, read_label_file_columns
from ._core.optional import require
from ._metrics.garcia2009 import garcia2009_measures
from ._report.confusion import confusion_counts
from ._report.report import (
    REPORT_METRICS,
    by_metric,
    format_any_report,
    imbalanced_report,
    report_dict,
)
from ._specs.catalogue import metric_info
from ._specs.formulas import DPRIME_CORRECTIONS
from .paper_tables import GARCIA2009_TABLE2

__all__ = ["main"]


def _labels_from_counts(tp, fn, fp, tn):
    """Label arrays whose confusion counts are exactly the ones given."""
    y_true = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])
    y_pred = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
    return y_true, y_pred


#: The example's two classifiers, by title: their (TP, FN, FP, TN).
_EXAMPLES = {
    "A classifier (TP=5, FN=10, FP=50, TN=10000)": (5, 10, 50, 10000),
    "Predicting every sample negative (TP=0, FN=15, FP=0, TN=10050)": (0, 15, 0, 10050),
}
_TABLE2 = ("TPR", "TNR", "Acc", "Gmean", "AUC", "OP", "IBA1", "IBA.5", "IBA.1")


def _example(args):
    """The balanced-accuracy explainer's classifier and García 2009 Table 2."""
    out = args.stream
    for title, counts in _EXAMPLES.items():
        report = imbalanced_report(
            *_labels_from_counts(*counts),
            target_names=["negative", "positive"],
            zero_division=0.0,
        )
        print(f"{title}\n\n{report}\n", file=out)
    print(
        "Accuracy prefers predicting everything negative (0.999 > 0.994); every "
        "imbalance metric of the positive row prefers the classifier.\n\n"
        "García et al. (2009), Table 2, recomputed from its rates (ratio 1:10)",
        file=out,
    )
    print(f"{'':8}" + "".join(f"{heading:>7}" for heading in _TABLE2), file=out)
    for name, (tpr, tnr, *_printed) in GARCIA2009_TABLE2.items():
        row = garcia2009_measures(tpr, tnr, (tpr + 10 * tnr) / 11)
        print(f"{name:8}" + "".join(f"{float(v):7.3f}" for v in row), file=out)
    return 0


class _CommandError(ValueError):
    """A problem of the user's input; the message is one line."""


def _version():
    """The installed distribution's version, else the package's own."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("imbascore")
    except PackageNotFoundError:
        from ._core.version import __version__

        return __version__


def _typed(convert, accept, rule):
    """An argparse type: ``convert(text)`` where it succeeds and ``accept``
    takes the value, else the error ``must be {rule}; got {text!r}``."""

    def parse(text):
        try:
            value = convert(text)
        except ValueError:
            value = None
        if value is None or not accept(value):
            raise argparse.ArgumentTypeError(f"must be {rule}; got {text!r}")
        return value

    return parse


#: Decimals beyond float64's 17 significant digits show only noise.
_MAX_DIGITS = 17
_unit_interval = _typed(
    float, lambda value: 0.0 <= value <= 1.0, "a number in the range [0, 1]"
)
_digits = _typed(
    int,
    lambda value: 0 <= value <= _MAX_DIGITS,
    f"an integer in the range [0, {_MAX_DIGITS}]",
)
_zero_division = _typed(
    lambda text: text if text == "warn" else float(text),
    lambda value: value == "warn" or value in (0.0, 1.0) or math.isnan(value),
    "one of nan, 0, 1 or warn",
)
_positive_int = _typed(int, lambda value: value >= 1, "a positive integer")
_delimiter = _typed(
    lambda text: {"\\t": "\t", "tab": "\t"}.get(text, text),
    lambda text: len(text) == 1,
    "one character (\\t or tab for a tab)",
)


def _prevalence(text):
    """``0.01`` (the --positive class's share), ``yes=0.01`` (one label's) or
    ``no=0.99,yes=0.01`` (every label's)."""
    if "=" not in text:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0.0 < value < 1.0:
            raise argparse.ArgumentTypeError(
                "must be a number in (0, 1), the share of the --positive class, "
                f"LABEL=SHARE, or LABEL=SHARE,... for every label; got {text!r}"
            )
        return value
    pairs = []
    for part in text.split(","):
        label, _, prior = part.partition("=")
        try:
            pairs.append((label.strip(), float(prior)))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"must be LABEL=SHARE,... with numbers as shares; got {part!r} "
                f"in {text!r}"
            ) from None
    return pairs


def _names_label(label, text):
    """Whether ``text`` names ``label`` (as written, or as the same number)."""
    if str(label) == text:
        return True
    if isinstance(label, (int, float)) and not isinstance(label, bool):
        try:
            return float(text) == float(label)
        except ValueError:
            return False
    return False


def _file_label(text, classes, flag):
    """The label of the file that ``text`` (typed after ``flag``) names."""
    for label in classes:
        if _names_label(label, text):
            return label
    raise _CommandError(
        f"{flag} names the label {text!r}, which is not among the labels of the "
        f"file: {[str(label) for label in classes]}."
    )


def _positive_label(args, classes, support, needs, says):
    """--positive's label, else the minority of the --true column (the later
    label on a tie), and the note saying which was taken: ``says`` with the
    label. ``needs`` opens the error when every weight is 0."""
    if args.positive is not None:
        return _file_label(args.positive, classes, "--positive"), None
    present = [(size, i) for i, size in enumerate(support) if size > 0]
    if not present:
        raise _CommandError(
            f"{needs}every weight in the --weight column {args.weight!r} is 0"
        )
    label = classes[min(present, key=lambda item: (item[0], -item[1]))[1]]
    return label, (
        f"{says} {str(label)!r}, the minority of the --true column {args.true!r} "
        "(choose with --positive)"
    )


def _priors_by_label(args, table):
    """``--prevalence`` as the library takes it, ``{label: prior}`` (None
    without it), and a note for stderr. A number or a single LABEL=SHARE is
    one class's share; the other classes share the rest as in the file."""
    prevalence = args.prevalence
    if prevalence is None:
        if args.positive is not None:
            raise _CommandError(
                "--positive chooses the class whose share --prevalence gives; "
                f"got --positive {args.positive!r} without --prevalence"
            )
        return None, None
    classes = table.classes.tolist()
    support = np.asarray(table.support, dtype=float).tolist()
    if isinstance(prevalence, list) and args.positive is not None:
        raise _CommandError(
            "--positive goes with a number --prevalence (that class's share); "
            f"got --positive {args.positive!r} with --prevalence "
            + ",".join(f"{label}={prior:g}" for label, prior in prevalence)
        )
    if isinstance(prevalence, list) and len(prevalence) > 1:
        return {
            _file_label(text, classes, "--prevalence"): prior
            for text, prior in prevalence
        }, None
    if isinstance(prevalence, list):
        ((text, share),) = prevalence
        positive, note = _file_label(text, classes, "--prevalence"), None
    else:
        share = prevalence
        positive, note = _positive_label(
            args,
            classes,
            support,
            "--prevalence needs true samples: ",
            f"--prevalence {share:g} is the share of",
        )
    others = sum(size for label, size in zip(classes, support) if label != positive)
    if others <= 0:
        raise _CommandError(
            f"--prevalence gives {str(positive)!r} the share {share:g}, but no "
            f"other label occurs in the --true column {args.true!r} to take the "
            "rest"
        )
    priors = {
        label: share if label == positive else (1.0 - share) * size / others
        for label, size in zip(classes, support)
    }
    return priors, note


def _without_nan(value):
    """JSON has no NaN: undefined values are written as null."""
    if isinstance(value, dict):
        return {key: _without_nan(entry) for key, entry in value.items()}
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def _flags(args):
    """What the user typed for each parameter of the library's functions that
    the report calls (the --score column plays y_pred's part with --score)."""
    flags = {
        "y_true": f"--true column {args.true!r}",
        "y_pred": f"--pred column {args.pred!r}",
        "y_true/y_pred": f"--true and --pred columns ({args.true!r}, {args.pred!r})",
        "sample_weight": f"--weight column {args.weight!r}",
        "zero_division": "--zero-division",
        "digits": "--digits",
        "interval": "--interval",
        "confidence_level": "--confidence-level",
        "n_resamples": "--n-resamples",
        "random_state": "--random-state",
        "prevalence": "--prevalence",
        "groups": f"--group column(s) {args.group!r}",
    }
    if args.score is None:
        return flags
    score = f"--score column {args.score!r}"
    return flags | {
        "y_pred": score,
        "y_score": score,
        "y_proba": score,
        "y_true/y_score": f"--true and --score columns ({args.true!r}, {args.score!r})",
        "pos_label": "--positive",
    }


_PARAMETER = re.compile(
    r"The '([\w/]+)' parameter of (?:imbalanced_report|confusion_counts|"
    r"metrics_by_group|metric_interval|average_precision_score|calibration_report)"
)


#: The label door's refusal of continuous values, once in options' terms.
_CONTINUOUS = re.compile(
    r"The (--\w+) column ('[^']*') must be an array of class labels, not "
    r"continuous values\. Got 'an array containing (.*?)' instead\..*",
    re.DOTALL,
)


def _command_line_advice(match):
    """The refusal of a column of scores, with advice in command-line terms
    (the library's is Python: ``estimator.predict(X)``); ``match`` holds the
    option, the column's name and an example value, as text."""
    flag, column, example = match if isinstance(match, tuple) else match.groups()
    advice = "give the class labels"
    if flag == "--pred":
        advice = (
            f"for scores or probabilities, use --score {column} instead (ROC "
            "AUC, average precision, calibration); for the labels, write the "
            "predicted classes (the scores thresholded) in a column of their own"
        )
    return (
        f"The {flag} column {column} must hold class labels, not continuous "
        f"values; got {example}: {advice}."
    )


def _in_flags(message, flags):
    """The library's message with each parameter replaced by its option."""
    message = _PARAMETER.sub(
        lambda match: (
            f"The {flags[match.group(1)]}"
            if match.group(1) in flags
            else match.group(0)
        ),
        message,
    )
    return _CONTINUOUS.sub(_command_line_advice, message)


def _warning_in_flags(message, args):
    text = str(message).replace("`zero_division` parameter", "--zero-division")
    return re.sub(r"\by_true\b", f"the --true column {args.true!r}", text)


def _check_label_kinds(text, args):
    """Both label columns numbers, or both text: say which is which if not.

    ``text`` maps each label column to an example of its text, or None for a
    column of numbers.
    """
    columns = {"--true": args.true, "--pred": args.pred}
    text_flags = {
        flag: column for flag, column in columns.items() if text[column] is not None
    }
    if len(text_flags) != 1:
        return
    ((text_flag, text_column),) = text_flags.items()
    ((number_flag, number_column),) = (
        item for item in columns.items() if item[0] != text_flag
    )
    raise _CommandError(
        f"the {number_flag} column {number_column!r} holds numbers but the "
        f"{text_flag} column {text_column!r} holds text (e.g. "
        f"{text[text_column]!r}); both must hold labels of one kind, the classes "
        "the model was trained on"
    )


def _labels(names, singular, plural):
    """``label '0' is`` / ``labels '0', '1' are``: the subject of a reason."""
    listed = ", ".join(repr(name) for name in names)
    if len(names) == 1:
        return f"label {listed} {singular}"
    return f"labels {listed} {plural}"


def _undefined_note(report, args, shown):
    """One line: which labels' values are undefined, and why."""
    if report["support"] == 0:
        return (
            f"every value is undefined ({shown}): every weight in the --weight "
            f"column {args.weight!r} is 0"
        )
    rows = report["classes"]
    absent = [name for name, row in rows.items() if row["support"] == 0]
    alone = [
        name
        for name, row in rows.items()
        if row["fp"] + row["tn"] == 0 and row["support"] != 0
    ]
    weighted = " (with a non-zero --weight)" if args.weight else ""
    reasons = []
    if absent:
        subject = _labels(absent, "never occurs", "never occur")
        reasons.append(
            f"{subject} in the --true column {args.true!r}{weighted}, so only the "
            "specificity is defined"
        )
    if alone:
        subject = _labels(alone, "is", "are")
        reasons.append(
            f"{subject} the only class in the --true column {args.true!r}"
            f"{weighted}, so only the sensitivity is defined"
        )
    if not reasons:
        return None
    return (
        f"{shown} marks undefined values: "
        + "; ".join(reasons)
        + " (--zero-division 0 or 1 fills them in)"
    )


def _count_chunk(y_true, y_pred, sample_weight):
    """The counts of one chunk of a label file."""
    return confusion_counts(y_true, y_pred, sample_weight=sample_weight)


def _column_options(*named):
    """``{column: "--true/--pred"}``: the options that name each column, of
    ``(option, column)`` pairs (a column None is not given)."""
    options = {}
    for option, column in named:
        if column is not None:
            options.setdefault(column, []).append(option)
    return {column: "/".join(names) for column, names in options.items()}


def _read_whole(args, flag, column):
    """``(columns, examples, groups, keys)``: the --true column, ``column``
    (typed after ``flag``, --pred or --score), the --weight and --group
    columns, read chunk by chunk as the ungrouped report reads them, then
    joined in memory (``{column: array}``, ``{column: example of text or
    None}``); the --group columns' names and the groups of the rows (a
    column, or a dataframe of several)."""
    groups = list(dict.fromkeys(args.group or []))
    columns, examples = read_label_file_columns(
        args.file,
        _column_options(
            ("--true", args.true),
            (flag, column),
            ("--weight", args.weight),
            *(("--group", name) for name in groups),
        ),
        labels=list(dict.fromkeys([args.true, column, *groups])),
        weight=args.weight,
        delimiter=args.delimiter,
        chunk_rows=args.chunk_rows,
    )
    keys = columns[groups[0]] if len(groups) == 1 else None
    if len(groups) > 1:
        pd = require("pandas", "study", "imbascore report --group with two columns")
        keys = pd.DataFrame({name: columns[name] for name in groups})
    return columns, examples, groups, keys


def _interval_options(args):
    """The interval options of the report's functions, from their flags."""
    return {
        "confidence_level": args.confidence_level,
        "n_resamples": args.n_resamples,
        "random_state": args.random_state,
    }


#: The grouped report's columns: (heading, metric of the catalogue). The
#: ungrouped report's main metrics of the positive class; balanced accuracy
#: as the binary mean of the two rates.
_GROUP_METRICS = (
    ("sens", "sensitivity"),
    ("spec", "specificity"),
    ("gmean", "gmean"),
    ("iba", "iba"),
    ("ba", "balanced_accuracy"),
)


def _group_positive(args, y_true, y_pred, weights):
    """The positive class of a grouped report (see :func:`_positive_label`),
    and the note saying which was taken; two labels at most."""
    classes = np.unique(np.concatenate([y_true, y_pred])).tolist()
    fractions = y_pred[np.isfinite(y_pred)] % 1 if y_pred.dtype.kind == "f" else []
    if np.any(fractions):  # scores, as the label door refuses them
        example = float(y_pred[np.isfinite(y_pred)][np.flatnonzero(fractions)[0]])
        raise _CommandError(
            _command_line_advice(("--pred", repr(args.pred), repr(example)))
        )
    if len(classes) > 2:
        raise _CommandError(
            "--group reports the binary case, but the --true and --pred columns "
            f"({args.true!r}, {args.pred!r}) hold {len(classes)} labels: "
            f"{[str(label) for label in classes[:10]]}"
        )
    weights = np.ones(len(y_true)) if weights is None else weights
    support = [float(np.sum(weights[y_true == label])) for label in classes]
    return _positive_label(args, classes, support, "", "the positive class is")


def _jsonable(value):
    """Python scalars for JSON (numbers as numbers, the rest as text)."""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


def _group_rows(result, names, interval):
    """The per-group objects of ``--json``, then the overall one (its
    ``group`` null)."""
    rows = []
    for i, group in enumerate([*result.groups, None]):
        if i == len(result.groups):  # the overall row
            size, positives = np.sum(result.sizes), np.sum(result.positives)
            values = result.overall
        else:
            parts = group if isinstance(group, tuple) else (group,)
            group = {name: _jsonable(part) for name, part in zip(names, parts)}
            size, positives = result.sizes[i], result.positives[i]
            values = {
                key: (result.values[key][i], result.low[key][i], result.high[key][i])
                for key in result.metrics
            }
        row = {"group": group, "size": float(size), "positives": float(positives)}
        for key in result.metrics:
            estimate, low, high = values[key]
            row[key] = float(estimate)
            if interval:
                row[f"{key}_low"], row[f"{key}_high"] = float(low), float(high)
        rows.append(row)
    return rows


def _format_group_table(rows, names, keys, digits, interval):
    """One line per group (then ``overall``): the group's values, its size
    and positives, and each metric of ``keys`` (with its interval)."""

    def number(value):
        return "nan" if value is None or math.isnan(value) else f"{value:.{digits}f}"

    def cell(row, key):
        text = number(row[key])
        if interval:
            text += f" [{number(row[f'{key}_low'])}, {number(row[f'{key}_high'])}]"
        return text

    labels = [
        "overall"
        if row["group"] is None
        else ", ".join(str(value) for value in row["group"].values())
        for row in rows
    ]
    table = [
        [label, f"{row['size']:g}", f"{row['positives']:g}"]
        + [cell(row, key) for key in keys]
        for label, row in zip(labels, rows)
    ]
    header = [", ".join(names), "n", "pos"] + keys
    lines = [header, *table]
    widths = [max(len(line[j]) for line in lines) for j in range(len(header))]
    text = []
    for k, line in enumerate(lines):
        if k == len(table):  # a blank line before the overall row
            text.append("")
        cells = [line[0].ljust(widths[0])]
        cells += [f"{cell:>{width}}" for cell, width in zip(line[1:], widths[1:])]
        text.append("  ".join(cells).rstrip())
    return "\n".join(text)


def _group_table(args, result, groups, names):
    """The grouped table of ``result`` (``names`` maps its headings to the
    catalogue's metrics): JSON with --json, else text with its legend."""
    rows = _group_rows(result, groups, result.method is not None)
    if args.json:
        return json.dumps([_without_nan(row) for row in rows], indent=2)
    text = _format_group_table(
        rows, groups, list(result.metrics), args.digits, result.method is not None
    )
    return text + "\n\n" + _legend(names, _GROUP_EXTRA)


def _group_report(args):
    """``imbascore report FILE --group COL``: the main metrics of the
    positive class in each group (the intersections of several --group
    columns), from :func:`~imbascore.metrics_by_group` on the columns read
    whole into memory; ``(text, notes)``."""
    from ._groups.metrics import metrics_by_group

    if args.prevalence is not None:
        raise _CommandError(
            "--prevalence is not available with --group: report the groups at "
            "the file's class ratio, or each group's file on its own"
        )
    columns, examples, groups, keys = _read_whole(args, "--pred", args.pred)
    _check_label_kinds(examples, args)
    y_true, y_pred = columns[args.true], columns[args.pred]
    weights = None if args.weight is None else columns[args.weight]
    positive, note = _group_positive(args, y_true, y_pred, weights)
    metrics = dict(_GROUP_METRICS)
    metrics["iba"] = ("iba", {"alpha": args.alpha})
    metrics["ba"] = ("balanced_accuracy", {"average": "binary"})
    result = metrics_by_group(
        y_true,
        y_pred,
        groups=keys,
        metrics=metrics,
        sample_weight=weights,
        method=args.interval,
        pos_label=positive,
        zero_division=args.zero_division,
        **_interval_options(args),
    )
    return _group_table(args, result, groups, dict(_GROUP_METRICS)), [note]


def _legend(columns, extra=(), title="columns"):
    """The line under a table that says what its headings stand for:
    ``columns`` maps a heading to its metric of the catalogue (whose
    readable name is given, unless it is the heading itself, as d' and
    aucz), ``extra`` adds ``(heading, meaning)`` pairs."""
    parts = [f"{heading} = {meaning}" for heading, meaning in extra]
    parts += [
        f"{heading} = {metric_info(name).readable}"
        for heading, name in columns.items()
        if heading.lower() != metric_info(name).readable.lower()
    ]
    return textwrap.fill(
        f"{title}: " + "; ".join(parts), width=88, break_on_hyphens=False
    )


#: --n-resamples by default: the label report's intervals, and the bootstrap
#: of the score report (calibration, average precision by group; the
#: package's default there, as each interval resamples every number).
_RESAMPLES = {"labels": 10000, "scores": 1000}
#: The report's headings -> their metrics, for its legend.
_REPORT_COLUMNS = {heading: name for name, heading in REPORT_METRICS.items()}
#: The grouped tables' columns that are not metrics.
_GROUP_EXTRA = (("n", "samples (weighted)"), ("pos", "positives"))
#: The grouped score report's columns (calibration ones only for
#: probabilities).
_SCORE_GROUP_METRICS = (
    ("auc", "roc_auc"),
    ("ap", "average_precision"),
    ("brier", "brier_score"),
    ("ece", "ece"),
)
#: The calibration summary's numbers that the catalogue does not name.
_CALIBRATION_EXTRA = (
    ("brier", "Brier score"),
    (
        "mcb, dsc, unc",
        "its decomposition into miscalibration, discrimination and "
        "uncertainty (brier = mcb - dsc + unc)",
    ),
    ("ece", "expected calibration error"),
    ("intercept, slope", "logistic calibration (0 and 1 when calibrated)"),
)


def _check_score_options(args):
    """The label report's options that a score column does not take."""
    for flag, given in (
        ("--pred", args.pred is not None),
        ("--interval", args.interval is not None),
        ("--prevalence", args.prevalence is not None),
    ):
        if given:
            raise _CommandError(
                f"{flag} is for a column of predicted labels; --score "
                f"{args.score!r} reports a column of scores (ROC AUC with "
                "DeLong's interval, average precision, calibration): give one "
                "of --pred and --score, and run twice for both"
            )


def _score_numbers(args, y_true, scores, weights, positive):
    """ROC AUC with DeLong's interval, average precision and, for
    probabilities, the calibration report: the package's public functions."""
    from ._calibration.report import calibration_report
    from ._inference.intervals import metric_interval
    from ._ranking.areas import average_precision_score

    auc = metric_interval(
        y_true,
        scores,
        "roc_auc",
        method="delong",
        confidence_level=args.confidence_level,
        sample_weight=weights,
        pos_label=positive,
    )
    ap = average_precision_score(
        y_true, scores, sample_weight=weights, pos_label=positive
    )
    calibration = None
    if np.all((scores >= 0.0) & (scores <= 1.0)):  # probabilities
        calibration = calibration_report(
            y_true,
            scores,
            pos_label=positive,
            sample_weight=weights,
            **_interval_options(args),
        )
    return auc, float(ap), calibration


def _estimate(value):
    """``{"estimate", "low", "high"}`` of a number with its interval."""
    return {key: float(getattr(value, key)) for key in ("estimate", "low", "high")}


def _score_json(auc, ap, calibration):
    out = {
        "roc_auc": _estimate(auc)
        | {"method": auc.method, "confidence_level": auc.confidence_level},
        "average_precision": ap,
        "calibration": None,
    }
    if calibration is not None:
        out["calibration"] = {
            name: _estimate(getattr(calibration, name)) for name in calibration.numbers
        } | {"p_value": float(calibration.p_value)}
    return _without_nan(out)


def _score_text(args, numbers, positive):
    """The text of the score report's ``numbers`` (:func:`_score_json`)."""

    def number(value):
        return "nan" if value is None else f"{value:.{args.digits}f}"

    def bounds(entry):
        low, high = number(entry["low"]), number(entry["high"])
        return f"{number(entry['estimate'])} [{low}, {high}]"

    level = f"{numbers['roc_auc']['confidence_level']:.0%}"
    of = "" if positive is None else f" (positive class {str(positive)!r})"
    lines = [
        f"scores of the --score column {args.score!r} against the --true column "
        f"{args.true!r}{of}",
        "",
        f"ROC AUC            {bounds(numbers['roc_auc'])}  (DeLong, {level})",
        f"average precision  {number(numbers['average_precision'])}",
        "",
    ]
    calibration = numbers["calibration"]
    if calibration is None:
        lines.append(
            "no calibration: the scores are not probabilities (not all in [0, 1])"
        )
        return "\n".join(lines)
    p_value = calibration.pop("p_value")
    width = max(len(name) for name in calibration)
    lines.append(f"calibration (the scores read as probabilities; {level}, bootstrap)")
    lines += [
        f"  {name:<{width}}  {bounds(entry)}" for name, entry in calibration.items()
    ]
    lines.append(
        f"  test of calibration (MCB under calibration): p = {number(p_value)}"
    )
    lines += ["", _legend({}, _CALIBRATION_EXTRA, title="rows")]
    return "\n".join(lines)


def _score_group_table(args, keys, groups, y_true, scores, weights, positive):
    """Each group's ROC AUC (DeLong), average precision and, for
    probabilities, Brier score and ECE, from :func:`metrics_by_group`."""
    from ._groups.metrics import metrics_by_group

    names = dict(_SCORE_GROUP_METRICS)
    if not np.all((scores >= 0.0) & (scores <= 1.0)):  # not probabilities
        names = {key: names[key] for key in ("auc", "ap")}
    metrics = {
        key: name if positive is None else (name, {"pos_label": positive})
        for key, name in names.items()
    }
    result = metrics_by_group(
        y_true,
        scores,
        groups=keys,
        metrics=metrics,
        sample_weight=weights,
        method="auto",
        **_interval_options(args),
    )
    return _group_table(args, result, groups, names)


def _score_report(args):
    """``imbascore report FILE --score COL``: ROC AUC with DeLong's
    interval, average precision and the calibration summary of a column of
    scores or probabilities (each group's with --group), from the package's
    public functions on the columns read whole into memory; ``(text,
    notes)``."""
    _check_score_options(args)
    columns, examples, groups, keys = _read_whole(args, "--score", args.score)
    scores = columns[args.score]
    if examples[args.score] is not None or not np.issubdtype(scores.dtype, np.number):
        raise _CommandError(
            f"the --score column {args.score!r} must hold numbers (scores or "
            f"probabilities of the positive class); got text, e.g. "
            f"{examples[args.score]!r}"
        )
    y_true, scores = columns[args.true], scores.astype(float)
    positive = None
    if args.positive is not None:
        positive = _file_label(args.positive, np.unique(y_true).tolist(), "--positive")
    weights = None if args.weight is None else columns[args.weight]
    if groups:
        return _score_group_table(
            args, keys, groups, y_true, scores, weights, positive
        ), []
    auc, ap, calibration = _score_numbers(args, y_true, scores, weights, positive)
    if args.json:
        return json.dumps(_score_json(auc, ap, calibration), indent=2), []
    return _score_text(args, _score_json(auc, ap, calibration), positive), []


def _label_report(args):
    """The all-metrics report of a file's true and predicted label columns,
    read and counted chunk by chunk (:mod:`._core.inputs.label_files`), so
    that its size does not matter; the report is made from the merged
    counts. ``(text, notes)``."""
    counted = count_label_file(
        args.file,
        _column_options(
            ("--true", args.true), ("--pred", args.pred), ("--weight", args.weight)
        ),
        count=_count_chunk,
        true=args.true,
        pred=args.pred,
        weight=args.weight,
        delimiter=args.delimiter,
        chunk_rows=args.chunk_rows,
        progress=not args.no_progress and sys.stderr.isatty(),
    )
    _check_label_kinds(counted.text, args)
    if counted.error is not None:
        raise counted.error
    priors, note = _priors_by_label(args, counted.counts.table)
    report = report_dict(
        counted.counts,
        func="imbalanced_report",
        metric_params=by_metric(
            {
                "alpha": args.alpha,
                "weight": args.wa_weight,
                "correction": args.correction,
            }
        ),
        zero_division=args.zero_division,
        interval=args.interval and {"method": args.interval, **_interval_options(args)},
        prevalence=priors,
    )
    if args.json:
        text = json.dumps(_without_nan(report), indent=2)
    else:
        text = (
            format_any_report(report, args.digits) + "\n\n" + _legend(_REPORT_COLUMNS)
        )
    notes = [note]
    if isinstance(args.zero_division, float) and math.isnan(args.zero_division):
        notes.append(_undefined_note(report, args, "null" if args.json else "nan"))
    return text, notes


def _report(args):
    """``imbascore report FILE``: :func:`_label_report`, :func:`_group_report`
    with --group, :func:`_score_report` with --score; their notes and the
    library's warnings on stderr, its errors in the options' terms."""
    if args.n_resamples is None:
        args.n_resamples = _RESAMPLES["labels" if args.score is None else "scores"]
    if args.score is None and args.pred is None:
        args.pred = "y_pred"
    make = _score_report if args.score else _group_report if args.group else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            text, notes = (make or _label_report)(args)
        except (ValueError, TypeError) as error:
            raise _CommandError(_in_flags(str(error), _flags(args))) from None
    for note in filter(None, notes):
        print(f"imbascore report: note: {note}", file=sys.stderr)
    for warning in caught:
        message = _warning_in_flags(warning.message, args)
        print(f"imbascore report: warning: {message}", file=sys.stderr)
    print(text, file=args.stream)
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option ends with one line rather than the usage."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class _Formatter(argparse.HelpFormatter):
    """Help with each option's text on its line (a wider first column)."""

    def __init__(self, prog):
        super().__init__(prog, max_help_position=28)


class _Version(argparse.Action):
    """``--version``, which reads the installed version only when asked."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"imbascore {_version()}")
        parser.exit()


#: The subcommands, in the order of the help.
_COMMANDS = ("example", "report", "study")

#: ``imbascore report``'s options, in the order of its help: each flag with
#: its metavar, its help and the rest of its :meth:`add_argument` keywords.
#: --alpha, --wa-weight and --correction are the report's ``metric_params``.
_REPORT_OPTIONS: tuple[tuple[str, str | None, str, dict[str, Any]], ...] = (
    ("--true", "COL", "true labels (%(default)s)", {"default": "y_true"}),
    ("--pred", "COL", "predicted labels (y_pred)", {}),
    ("--score", "COL", "scores or probabilities: ROC AUC, AP, calibration", {}),
    ("--weight", "COL", "sample weights (none)", {}),
    (
        "--delimiter",
        "CHAR",
        "CSV field separator, or tab (,)",
        {"type": _delimiter, "default": ","},
    ),
    ("--json", None, "print JSON", {"action": "store_true"}),
    (
        "--digits",
        "N",
        f"decimals in the text, 0 to {_MAX_DIGITS} (%(default)s)",
        {"type": _digits, "default": 3},
    ),
    (
        "--alpha",
        "A",
        "IBA's alpha, in [0, 1] (%(default)s)",
        {"type": _unit_interval, "default": 0.1},
    ),
    (
        "--wa-weight",
        "W",
        "sensitivity's weight in wa, in [0, 1] (%(default)s)",
        {"type": _unit_interval, "default": 0.5},
    ),
    (
        "--correction",
        "NAME",
        f"d'/AUCz at 0, 1: {', '.join(DPRIME_CORRECTIONS)} (%(default)s)",
        {"choices": DPRIME_CORRECTIONS, "default": "macmillan"},
    ),
    (
        "--zero-division",
        "V",
        "undefined values: nan, 0, 1 or warn (nan)",
        {"type": _zero_division, "default": math.nan},
    ),
    (
        "--interval",
        "HOW",
        "each value with its interval: posterior or bootstrap",
        {"choices": ("posterior", "bootstrap")},
    ),
    (
        "--confidence-level",
        "C",
        "of the intervals, in (0, 1) (%(default)s)",
        {"type": float, "default": 0.95},
    ),
    (
        "--n-resamples",
        "N",
        f"draws or resamples per interval ({_RESAMPLES['labels']}; --score: "
        f"{_RESAMPLES['scores']})",
        {"type": int},
    ),
    (
        "--random-state",
        "SEED",
        "seed of the intervals' draws (%(default)s)",
        {"type": int, "default": 0},
    ),
    (
        "--prevalence",
        "P",
        "report at a class ratio: the --positive class's share, e.g. 0.01; "
        "LABEL=SHARE; or LABEL=SHARE,... for all",
        {"type": _prevalence},
    ),
    ("--positive", "LABEL", "the class of P, and of --group (the minority)", {}),
    (
        "--group",
        "COL",
        "a table per group; repeat for intersections (read whole)",
        {"action": "append"},
    ),
    ("--no-progress", None, "no progress bar on stderr", {"action": "store_true"}),
    # rows read and counted at a time
    (
        "--chunk-rows",
        None,
        argparse.SUPPRESS,
        {"type": _positive_int, "default": CHUNK_ROWS},
    ),
)


def _command(argv):
    """The subcommand that ``argv`` names: its first word not an option."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def _parser(command=None):
    """The parser, with ``study``'s options only when ``command`` is
    ``study``: importing the study (imbalanced-learn, its estimators) costs
    more than all the rest, and ``--help`` or ``report`` never need it."""
    parser = _Parser(
        prog="imbascore",
        description="Metrics for classifiers on imbalanced data.",
        epilog="Run 'imbascore COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser
    )
    example = commands.add_parser(
        "example",
        help="print the all-metrics report on the papers' embedded examples",
        description="Print the all-metrics report of a classifier and of "
        "predicting every sample negative (TP=5, FN=10, FP=50, TN=10000 against "
        "TP=0, FN=15, FP=0, TN=10050), and García et al. (2009), Table 2.",
    )
    example.set_defaults(run=_example)
    report = commands.add_parser(
        "report",
        help="print the all-metrics report of a file's true and predicted labels",
        usage="%(prog)s FILE [--true COL] [--pred COL] [options]",
        formatter_class=_Formatter,
        description="Every metric, per class and averaged, of two label columns "
        "of a CSV file with a header row (.gz, or - for stdin) or a Parquet "
        "file, of any size.",
        epilog=_legend(_REPORT_COLUMNS)
        + ". Details: the how-to 'Report with intervals', 'Report of a CSV file'.",
    )
    report.add_argument("file", metavar="FILE", help=argparse.SUPPRESS)
    for flag, metavar, text, keywords in _REPORT_OPTIONS:
        if metavar is not None:
            keywords = {"metavar": metavar, **keywords}
        report.add_argument(flag, help=text, **keywords)
    report.set_defaults(run=_report)
    _add_study(commands, load=command == "study")
    return parser, commands.choices


#: ``imbascore study``'s line in ``imbascore --help`` (the study's parser
#: says the same; a test compares the two).
_STUDY_HELP = (
    "reproduce García et al. (2008), Table 3, or run its protocol on your own data"
)


def _add_study(commands, load):
    """``imbascore study``: its parser when ``load``, else its line in the
    help only; without the [study] extra, a stand-in that says what to
    install."""
    if not load:
        commands.add_parser("study", help=_STUDY_HELP, add_help=False)
        return
    try:
        from .study._command import add_study_parser
    except ImportError as error:
        missing = str(error)
        study = commands.add_parser(
            "study",
            help="reproduce García et al. (2008), Table 3 (needs the [study] extra)",
        )

        def refuse(args):
            raise ImportError(missing)

        study.set_defaults(run=refuse)
        return
    add_study_parser(commands)


def _run(argv, stream):
    argv = sys.argv[1:] if argv is None else list(argv)
    command = _command(argv)
    parser, subparsers = _parser(command)
    if command is not None and command not in subparsers:
        hint = did_you_mean(command, _COMMANDS)
        parser.error(
            f"unknown command {command!r}: choose from {', '.join(_COMMANDS)}"
            + (f". {hint}" if hint else "")
        )
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # said by the command's parser, which points at its --help
        subparsers[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.command is None:  # bare `imbascore`: say what it can do
        parser.print_help(file=stream)
        return 0
    args.stream = stream
    command = f"imbascore {args.command}"
    try:
        return args.run(args)
    except BrokenPipeError:
        raise
    except KeyboardInterrupt:
        print(f"{command}: interrupted", file=sys.stderr)
        return 130
    except (ValueError, TypeError, ImportError, OSError) as error:
        message = " ".join(str(error).split())
        print(f"{command}: error: {message}", file=sys.stderr)
        return 2


def _run_quietly(argv, stream):
    """:func:`_run`, and a closed pipe ends it quietly with 141."""
    try:
        try:
            return _run(argv, stream)
        finally:
            stream.flush()
    except BrokenPipeError:
        # The reader went away (``imbascore example | head``): stop quietly,
        # and point stdout at devnull so that Python's own flush at exit
        # does not complain (the recipe of the signal module's docs).
        if stream is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 141


#: The commands that end the process themselves (see :func:`main`).
_ENDS_ITSELF = ("report", "example")


def main(argv=None, out=None):
    """Run the ``imbascore`` command; return its exit code.

    Run as the console command (neither ``argv`` nor ``out``), ``report``
    and ``example`` end the process themselves once stdout and stderr are
    flushed (:func:`os._exit`, with the exit code): the interpreter's
    teardown would stop the threads of pyarrow's CSV reader from under
    them, which can abort the finished command with "terminate called
    without an active exception" (seen after ``imbascore report FILE |
    head -3``). They hold nothing else that needs the teardown; the study
    (joblib, Dask) exits as usual.
    """
    stream = out or sys.stdout
    code = _run_quietly(argv, stream)
    if argv is None and out is None and _command(sys.argv[1:]) in _ENDS_ITSELF:
        for opened in (sys.stdout, sys.stderr):
            try:
                opened.flush()
            except (OSError, ValueError):  # a closed pipe: nothing to say
                pass
        os._exit(code)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
