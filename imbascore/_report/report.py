"""Every metric of the package from one count pass, per class and averaged."""

from __future__ import annotations

import functools
import warnings
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import (
    check_bool,
    check_choice,
    check_zero_division,
    did_you_mean,
    param_error,
)
from .._core.counts import count
from .._core.engine.multilabel import exact_matches
from .._core.engine.select import select_counts
from .._core.types import ArrayLike, ZeroDivision
from .._inference.intervals import report_intervals
from .._inference.settings import Resampling
from .._metrics.per_class import average_values, per_class_values
from .._specs.catalogue import LABEL_CATALOGUE, label_specs, metric_info

__all__ = [
    "REPORT_METRICS",
    "by_metric",
    "check_output",
    "format_any_report",
    "imbalanced_report",
    "report_dict",
]

#: Metric keys of the report, in column order, with their column headings
#: (the catalogue's metrics that have a heading).
REPORT_METRICS = {info.name: info.heading for info in LABEL_CATALOGUE if info.heading}
#: Interval methods that give one interval per class and per average.
_INTERVALS = ("posterior", "bootstrap")
#: The options of an interval, with their defaults.
_INTERVAL_OPTIONS = {
    "confidence_level": 0.95,
    "n_resamples": 10000,
    "random_state": None,
}
#: The metric options the report took as its own keywords before
#: ``metric_params`` (deprecated since 0.2): each goes to the report's metrics
#: whose records declare it.
_OLD_METRIC_OPTIONS = ("alpha", "weight", "correction")
#: Keys of the report's averages, with the names of their rows in the text.
_AVERAGES = {"macro": "macro avg", "weighted": "weighted avg"}
#: A class row's counts, by the attribute of the one-vs-rest counts.
_COUNT_KEYS = {"support": "positives", "tp": "tp", "fn": "fn", "fp": "fp", "tn": "tn"}


def accepting_old_keywords(function):
    """Let ``function`` take the report's keywords of 0.1 (``alpha``,
    ``weight``, ``correction``, ``confidence_level``, ``n_resamples``,
    ``random_state``): each is folded into ``metric_params`` or ``interval``
    with a FutureWarning that shows the new form (deprecated since 0.2)."""

    @functools.wraps(function)
    def accepting(*args, **kwargs):
        old = {k: kwargs.pop(k) for k in list(kwargs) if k in _OLD_KEYWORDS}
        if old:
            kwargs["metric_params"], kwargs["interval"] = _fold_in(
                old,
                kwargs.get("metric_params"),
                kwargs.get("interval"),
                _name(function),
            )
        return function(*args, **kwargs)

    return accepting


def _name(function):
    return (
        "imbalanced_report"
        if function.__name__ == "imbalanced_report"
        else ("ConfusionCounts.report")
    )


@accepting_old_keywords
def imbalanced_report(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    target_names: Sequence[str] | None = None,
    sample_weight: ArrayLike | None = None,
    metrics: Sequence[str] | None = None,
    metric_params: Mapping[str, Mapping[str, Any]] | None = None,
    digits: int = 3,
    output_dict: bool = False,
    zero_division: ZeroDivision = "warn",
    interval: Literal["posterior", "bootstrap"] | Mapping[str, Any] | None = None,
    prevalence: float | None = None,
) -> str | dict[str, Any]:
    """Report every imbalance metric per class and averaged, counted once.

    Each class is scored against all others (one-vs-rest); the rows are then
    macro- and support-weighted-averaged. The labels are validated and
    counted in a single pass, so the report costs about as much as one
    metric. It plays the role of imbalanced-learn's
    ``classification_report_imbalanced`` with all the metrics of
    :mod:`imbascore.metrics`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Ground truth class labels.

    y_pred : array-like of shape (n_samples,)
        Predicted class labels.

    labels : array-like of shape (n_labels,), default=None
        The labels to report, in order. By default every label present in
        ``y_true`` or ``y_pred``, sorted.

    target_names : list of str of shape (n_labels,), default=None
        Display names of the labels.

    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights; a weight of 2 equals repeating a sample.

    metrics : list of str, default=None
        The report's columns, in order: names of metrics of labels
        (:func:`~imbascore.list_metrics` with ``reads="labels"``, a metric of
        :func:`~imbascore.define_metric` among them), each headed by its
        record's heading or its name. None: the columns of
        :data:`REPORT_METRICS`. Given, the report dict also holds
        ``"metrics"``, each column's heading by metric.

    metric_params : dict, default=None
        The options of the report's metrics, by metric:
        ``{"iba": {"alpha": 0.05}, "weighted_accuracy": {"weight": 0.7}}``.
        Each key is a metric of :data:`REPORT_METRICS`, each option one that
        its function takes (see :func:`~imbascore.list_metrics`, ``params``):
        ``alpha`` and ``squared`` of ``"iba"``, ``adjusted`` of
        ``"balanced_accuracy"``, ``weight`` of ``"weighted_accuracy"``,
        ``correction`` of ``"dprime"`` and ``"aucz"``. A metric not named
        takes its function's defaults.

    digits : int, default=3
        Decimals shown in the text report (the dict is not rounded).

    output_dict : bool, default=False
        Return a dict instead of text.

    zero_division : {"warn", 0.0, 1.0, np.nan}, default="warn"
        Value of the metrics of a label whose rates are undefined (no
        samples of the class, or only samples of it, in ``y_true``).
        ``"warn"`` acts as 0.0 and raises one
        :class:`~sklearn.exceptions.UndefinedMetricWarning`.

    interval : {"posterior", "bootstrap"}, dict or None, default=None
        Add each value's interval (see :func:`~imbascore.metric_interval`):
        the text then lists the metrics as rows, each value followed by its
        interval; the dict gains an ``"interval"`` entry per row
        (``{metric: [low, high]}``) and a top-level ``"interval"`` describing
        the method. A dict gives the method and its options:
        ``{"method": "bootstrap", "confidence_level": 0.9, "n_resamples":
        2000, "random_state": 0}``; the options default to a
        ``confidence_level`` of 0.95, 10000 draws or resamples
        (``n_resamples``) and ``random_state=None`` (the seed of the draws).

    prevalence : float, sequence of float or dict, default=None
        Report at this class ratio instead of the data's: each true class's
        counts rescaled to its share, its rates kept (see
        :meth:`ConfusionCounts.at_prevalence`). A float is the fraction of
        label 1 among two; otherwise one prior per label of the data (in
        sorted order, or a dict ``{label: prior}``), summing to 1. Supports
        become the rescaled sums; intervals hold the ratio fixed. The dict
        gains ``"prevalence"`` (``{label: prior}``), the text a last line.

    **old_keywords
        Deprecated since 0.2, removed in 0.3, with a FutureWarning that
        shows the new form: ``alpha``, ``weight`` and ``correction`` (use
        ``metric_params``: ``alpha`` is ``"iba"``'s, ``weight``
        ``"weighted_accuracy"``'s, ``correction`` ``"dprime"``'s and
        ``"aucz"``'s), ``confidence_level``, ``n_resamples`` and
        ``random_state`` (use a dict ``interval``). They give the same
        numbers; what ``metric_params`` or ``interval`` says wins.

    Returns
    -------
    report : str or dict
        The text table, or a dict of four keys that no class name can
        overwrite::

            {
                "classes": {row_name: {metric: value, ..., "support": n,
                                       "tp": n, "fn": n, "fp": n, "tn": n}},
                "averages": {"macro": {metric: value, ..., "support": n},
                             "weighted": {metric: value, ..., "support": n}},
                "accuracy": value,
                "support": n,
            }

        ``metric`` runs over the keys of :data:`REPORT_METRICS`. The rows of
        ``"classes"`` are in label order and keyed by ``target_names[i]``, or
        by ``str(label)`` without ``target_names``; these names must be
        distinct. ``"support"`` is the class's (or every class's) weight in
        ``y_true`` and ``tp, fn, fp, tn`` its one-vs-rest counts: ints, or
        floats with ``sample_weight``. Undefined values are
        ``zero_division`` (NaN for ``np.nan``; the averages leave NaN rows
        out). The text table shows the same rows, a class named like an
        average included. For multilabel-indicator targets, ``"accuracy"``
        is the subset accuracy (the share of samples whose labels are all
        right, NaN for counts made from per-label tables) and a fifth key,
        ``"samples"``, holds the samples' weight.

    See Also
    --------
    sklearn.metrics.classification_report : Precision, recall and F1.

    Examples
    --------
    >>> from imbascore import imbalanced_report
    >>> y_true = [1] * 15 + [0] * 10050
    >>> y_pred = [1] * 5 + [0] * 10 + [1] * 50 + [0] * 10000
    >>> report = imbalanced_report(y_true, y_pred, output_dict=True)
    >>> round(report["classes"]["1"]["balanced_accuracy"], 3)
    0.664
    >>> round(report["averages"]["macro"]["gmean"], 3), round(report["accuracy"], 3)
    (0.576, 0.994)
    >>> strict = imbalanced_report(
    ...     y_true, y_pred, metric_params={"iba": {"alpha": 0.05}}, output_dict=True
    ... )
    >>> round(strict["classes"]["1"]["iba"], 3)
    0.321
    >>> print(imbalanced_report([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], digits=2))
    ... # doctest: +NORMALIZE_WHITESPACE
                  sens  spec   dom gmean   iba    op  area    ba    wa    d'  aucz   nmi  support
    <BLANKLINE>
               0  0.50  0.67 -0.17  0.58  0.33  0.46  0.82  0.58  0.58  0.43  0.62  0.02        2
               1  0.67  0.50  0.17  0.58  0.34  0.46  0.91  0.58  0.58  0.43  0.62  0.02        3
    <BLANKLINE>
       macro avg  0.58  0.58  0.00  0.58  0.33  0.46  0.87  0.58  0.58  0.43  0.62  0.02        5
    weighted avg  0.60  0.57  0.03  0.58  0.33  0.46  0.88  0.58  0.58  0.43  0.62  0.02        5
        accuracy  0.60 of the 5 samples predicted correctly
    """
    counts = count(y_true, y_pred, sample_weight, "imbalanced_report")
    output_dict = check_output(digits, output_dict, "imbalanced_report")
    report = report_dict(
        counts,
        func="imbalanced_report",
        labels=labels,
        target_names=target_names,
        metrics=metrics,
        metric_params=metric_params,
        zero_division=zero_division,
        interval=interval,
        prevalence=prevalence,
    )
    return report if output_dict else format_any_report(report, digits)


def check_output(digits, output_dict, func):
    """Check the report's ``digits``; return ``output_dict`` checked."""
    if not isinstance(digits, int) or isinstance(digits, bool) or digits < 0:
        raise ValueError(param_error(func, "digits", "a non-negative int", digits))
    return check_bool(output_dict, "output_dict", func)


def report_dict(
    counts,
    *,
    func,
    labels=None,
    target_names=None,
    metric_params=None,
    zero_division="warn",
    interval=None,
    prevalence=None,
    metrics=None,
):
    """The report of counted labels as a dict (see :func:`imbalanced_report`
    for the options and the layout)."""
    headings = _columns(metrics, func)
    params = _check_metric_params(metric_params, func, headings)
    fill, warn = check_zero_division(zero_division, func)
    interval = _check_interval(interval, counts.multilabel, func)
    table, weighted = counts.table, counts.weighted
    if prevalence is not None:  # every value at that ratio; intervals too
        table, weighted = counts.rescaled(prevalence, 1, func).table, True
    selected = select_counts(
        table, labels=labels, average=None, func=func, stacklevel=3
    )
    names = _row_names(selected.labels, target_names, labels is not None, func)

    columns = {
        name: per_class_values(
            name, selected, fill, False, stacklevel=2, **params.get(name, {})
        )
        for name in headings
    }
    undefined = (selected.positives == 0) | (selected.negatives == 0)
    if warn and undefined.any():
        warnings.warn(
            "The metrics of label(s) "
            f"{selected.labels[undefined].tolist()} are ill-defined and being set to "
            "0.0: y_true has no samples of that class, or no samples of any other "
            "class. Use `zero_division` parameter to control this behavior.",
            UndefinedMetricWarning,
            stacklevel=3,
        )

    classes = {}
    for row, name in enumerate(names):
        classes[name] = {metric: float(columns[metric][row]) for metric in columns}
        for key, cells in _COUNT_KEYS.items():
            classes[name][key] = _number(getattr(selected, cells)[row], weighted)
    total = _number(selected.positives.sum(), weighted)
    averages = {
        average: {
            **{
                metric: average_values(values, selected.positives, average, fill)
                for metric, values in columns.items()
            },
            "support": total,
        }
        for average in _AVERAGES
    }
    samples = None
    if table.multilabel:  # the share of samples with every label right
        # each label's table holds every sample once
        right = exact_matches(table)[0] if table.samples is not None else np.nan
        whole = samples = _number(table.stacks[0].sum(), weighted)
    else:
        joint = selected.joint
        right, whole = float(joint.diagonal().sum()), float(joint.sum())
    report = {
        "classes": classes,
        "averages": averages,
        "accuracy": right / whole if whole > 0 else fill,
        "support": total,
    }
    if samples is not None:
        report["samples"] = samples
    if headings is not REPORT_METRICS:  # the columns asked for, with headings
        report["metrics"] = dict(headings)
    if prevalence is not None:
        rows = table.support
        report["prevalence"] = {
            str(label): float(row / rows.sum())
            for label, row in zip(table.classes.tolist(), rows, strict=True)
        }
    if interval is not None:
        rows, by_average, report["interval"] = report_intervals(
            counts.table,
            counts.weighted,
            averages=list(averages),
            metrics=list(headings),
            params=params,
            labels=selected.labels.tolist(),
            resampling=Resampling(**interval),
            func=func,
            prevalence=prevalence,
        )
        for entry, bounds in zip(classes.values(), rows, strict=True):
            entry["interval"] = bounds
        for average, bounds in by_average.items():
            averages[average]["interval"] = bounds
    return report


def _fold_in(old_keywords, metric_params, interval, func):
    """``(metric_params, interval)`` with the keywords the report took before
    them folded in, each with a FutureWarning that shows the new form (what
    the user wrote in ``metric_params`` or ``interval`` wins)."""
    if old_keywords and metric_params is not None:
        metric_params = _as_mapping(metric_params, func)
    for option, value in old_keywords.items():
        if option in _INTERVAL_OPTIONS:
            method = (
                interval.get("method") if isinstance(interval, Mapping) else interval
            )
            new = {"method": method or _INTERVALS[0], option: value}
            if interval is not None:
                interval = {**new, **({} if isinstance(interval, str) else interval)}
            form = f"interval={new!r}"
        elif option in _OLD_METRIC_OPTIONS:
            new = by_metric({option: value})
            metric_params = {
                name: {**new.get(name, {}), **(metric_params or {}).get(name, {})}
                for name in {**new, **(metric_params or {})}
            }
            form = f"metric_params={new!r}"
        else:
            raise TypeError(f"{func} got an unexpected keyword argument {option!r}")
        warnings.warn(
            f"The {option!r} parameter of {func} is deprecated since 0.2 and will "
            f"be removed in 0.3: pass {form} instead.",
            FutureWarning,
            stacklevel=3,
        )
    return metric_params, interval


#: Every keyword of 0.1 that :func:`accepting_old_keywords` takes.
_OLD_KEYWORDS = frozenset(_OLD_METRIC_OPTIONS) | frozenset(_INTERVAL_OPTIONS)


def _columns(metrics, func):
    """``{metric: heading}`` of the report's columns: :data:`REPORT_METRICS`,
    or the metrics of labels named by ``metrics``, in their order."""
    if metrics is None:
        return REPORT_METRICS
    rule = "None or a non-empty list of distinct names of metrics of labels"
    if isinstance(metrics, str) or not isinstance(metrics, Sequence) or not metrics:
        hint = (
            f"For one column, pass [{metrics!r}]." if isinstance(metrics, str) else ""
        )
        raise ValueError(param_error(func, "metrics", rule, metrics, hint))
    known = [spec.name for spec in label_specs()]
    for name in metrics:
        if name not in known or list(metrics).count(name) > 1:
            hint = did_you_mean(name, known) if isinstance(name, str) else ""
            raise ValueError(
                param_error(func, "metrics", f"{rule} ({known})", list(metrics), hint)
            )
    return {name: metric_info(name).heading or name for name in metrics}


def by_metric(options):
    """``{metric: {option: value}}``: each of ``options`` for every metric of
    the report whose record declares it (``alpha`` for ``"iba"``,
    ``correction`` for ``"dprime"`` and ``"aucz"``)."""
    metric_params = {}
    for info in LABEL_CATALOGUE:
        for option, value in options.items():
            if info.heading and option in info.params:
                metric_params.setdefault(info.name, {})[option] = value
    return metric_params


def _as_mapping(value, func):
    if not isinstance(value, Mapping):
        raise TypeError(
            param_error(
                func, "metric_params", "a dict {metric: {option: value}}", value
            )
        )
    return value


def _check_metric_params(metric_params, func, columns=REPORT_METRICS):
    """``{metric: {option: checked value}}``: each metric a column of the
    report, each option one that its record declares (the options of
    ``average="multiclass"`` only, such as the G-mean's ``zero_recall``, act
    in no column), each value checked by the record's rule."""
    checked = {}
    for name, options in _as_mapping(metric_params or {}, func).items():
        if name not in columns:
            raise ValueError(
                param_error(
                    func,
                    "metric_params",
                    f"a dict keyed by metrics of the report, {list(columns)}",
                    name,
                    did_you_mean(name, columns),
                )
            )
        info = metric_info(name)
        taken = [p for p in info.checks if p not in info.multiclass_params]
        where = f'metric_params["{name}"]'
        if not isinstance(options, Mapping) or not set(options) <= set(taken):
            rule = (
                f"a dict of the options {name} takes in the report, {taken or 'none'}"
            )
            raise ValueError(param_error(func, where, rule, options))
        checked[name] = {}
        for option, value in options.items():
            # named as the user wrote it: metric_params["iba"]["alpha"]
            value = info.checks[option].check(value, f'{where}["{option}"]', func)
            checked[name][option] = value
    return checked


def _check_interval(interval, multilabel, func):
    """The options of :func:`report_intervals` that ``interval`` gives
    (a method, or a dict of the method and its options), or None."""
    if interval is None:
        return None
    options = dict(interval) if isinstance(interval, Mapping) else {"method": interval}
    if "method" not in options or not set(options) <= {"method", *_INTERVAL_OPTIONS}:
        rule = (
            f"one of {_INTERVALS}, None or a dict with the key 'method' and "
            f"optionally {list(_INTERVAL_OPTIONS)}"
        )
        raise ValueError(param_error(func, "interval", rule, interval))
    method = check_choice(options["method"], "interval", _INTERVALS, func)
    if multilabel:
        raise ValueError(
            param_error(
                func,
                "interval",
                "None for multilabel-indicator targets (intervals are those "
                "of one confusion matrix of single-label data)",
                method,
            )
        )
    return {**_INTERVAL_OPTIONS, **options}


def _row_names(labels, target_names, explicit_labels, func):
    """The report's row keys: ``target_names`` or ``str(label)``, all distinct."""
    labels = labels.tolist()
    names = [str(name) for name in (labels if target_names is None else target_names)]
    if target_names is not None and len(names) != len(labels):
        rule = f"a list of {len(labels)} names, one per label {labels}"
        raise ValueError(param_error(func, "target_names", rule, names))
    times = Counter(names)
    repeated = next((name for name in names if times[name] > 1), None)
    if repeated is None:
        return names
    if target_names is not None:
        raise ValueError(
            param_error(
                func,
                "target_names",
                "a list of distinct names, as they name the report's rows",
                names,
                f"{repeated!r} occurs {times[repeated]} times.",
            )
        )
    same = [label for label, name in zip(labels, names) if name == repeated]
    raise ValueError(
        param_error(
            func,
            "labels" if explicit_labels else "y_true/y_pred",
            "labels whose str() differ, as str(label) names the report's rows",
            f"labels {same} all written {repeated!r}",
            "Pass target_names, one distinct name per label.",
        )
    )


def _number(value, weighted):
    return float(value) if weighted else int(round(float(value)))


def format_report(report, digits=3):
    """The text table of a report dict (``imbalanced_report(output_dict=True)``).

    Every class row is printed, whatever its name (one called "accuracy" or
    "macro avg" included), then the two averages and the accuracy.
    """
    rows = list(report["classes"].items())
    averages = [(row, report["averages"][key]) for key, row in _AVERAGES.items()]
    last = "subset accuracy" if "samples" in report else "accuracy"
    width = max(len(name) for name, _ in rows + averages + [(last, None)])
    cell = max(digits + 3, 5)

    def support(value):
        return f"{value:>8.{digits}f}" if isinstance(value, float) else f"{value:>8}"

    columns = report.get("metrics", REPORT_METRICS)

    def line(name, entry):
        values = [f"{entry[m]:>{cell}.{digits}f}" for m in columns]
        return f"{name:>{width}} " + " ".join(values) + " " + support(entry["support"])

    header = f"{'':>{width}} " + " ".join(f"{h:>{cell}}" for h in columns.values())
    lines = [header + " " + f"{'support':>8}", ""]
    lines += [line(name, entry) for name, entry in rows]
    lines.append("")
    lines += [line(name, entry) for name, entry in averages]
    # The accuracy is one number over all samples, not a metric of a column
    # (scikit-learn's classification_report sets it under the last column):
    # its row says what it is.
    samples = report.get("samples", report["support"])
    # weighted (or rescaled to a class ratio), the total is a weight, not a
    # number of samples
    whole = (
        f"the total weight ({samples:.{digits}f})"
        if isinstance(samples, float)
        else f"the {samples} samples"
    )
    what = (
        f"of {whole} with every label predicted correctly"
        if "samples" in report  # multilabel: the subset accuracy
        else f"of {whole} predicted correctly"
    )
    lines.append(f"{last:>{width}} {report['accuracy']:>{cell}.{digits}f} {what}")
    lines += _prevalence_note(report)
    return "\n".join(lines)


def _prevalence_note(report):
    """The footer of a report at another class ratio than the data's."""
    if "prevalence" not in report:
        return []
    ratio = ", ".join(
        f"{label}: {prior:g}" for label, prior in report["prevalence"].items()
    )
    return [
        "",
        f"At the class ratio {ratio} (the counts of each true class rescaled to "
        "it, its rates as measured).",
    ]


def format_any_report(report, digits=3):
    """The text of a report dict, with its intervals if it has them."""
    if "interval" in report:
        return format_interval_report(report, digits)
    return format_report(report, digits)


def format_interval_report(report, digits=3):
    """The text of a report with intervals: one row per metric, one column per
    class and average, each value followed by its interval."""
    columns = list(report["classes"].items()) + [
        (row, report["averages"][key]) for key, row in _AVERAGES.items()
    ]

    def cell(entry, metric):
        low, high = entry["interval"][metric]
        return f"{entry[metric]:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"

    headings = report.get("metrics", REPORT_METRICS)
    cells = {
        metric: [cell(entry, metric) for _, entry in columns] for metric in headings
    }
    width = max(
        [len(name) for name, _ in columns]
        + [len(c) for row in cells.values() for c in row]
    )
    label = max(len(heading) for heading in headings.values())
    lines = [
        f"{'':>{label}}  " + "  ".join(f"{name:>{width}}" for name, _ in columns),
        "",
    ]
    for metric, heading in headings.items():
        lines.append(
            f"{heading:>{label}}  " + "  ".join(f"{c:>{width}}" for c in cells[metric])
        )
    lines.append("")
    supports = [entry["support"] for _, entry in columns]
    lines.append(
        f"{'support':>{label}}  "
        + "  ".join(
            f"{s:>{width}}" if isinstance(s, int) else f"{s:>{width}.{digits}f}"
            for s in supports
        )
    )
    described = report["interval"]
    lines.append(
        f"\n{described['confidence_level']:.0%} intervals by {described['method']}"
        f" ({described['meaning']}); accuracy {report['accuracy']:.{digits}f}"
    )
    lines += _prevalence_note(report)
    return "\n".join(lines)
