"""Every metric of the package from one count pass, per class and averaged."""

import warnings

from sklearn.exceptions import UndefinedMetricWarning

from ._counts import confusion_counts
from ._per_class import average_values, per_class_values
from ._validation import check_metric_params, check_zero_division, param_error

__all__ = ["REPORT_METRICS", "imbalanced_report"]

#: Metric keys of the report, in column order, with their column headings.
REPORT_METRICS = {
    "sensitivity": "sens",
    "specificity": "spec",
    "dominance": "dom",
    "gmean": "gmean",
    "iba": "iba",
    "optimized_precision": "op",
    "ad_area": "area",
    "balanced_accuracy": "ba",
    "weighted_accuracy": "wa",
    "dprime": "d'",
    "aucz": "aucz",
    "nmi": "nmi",
}
_AVERAGES = ("macro avg", "weighted avg")


def imbalanced_report(
    y_true,
    y_pred,
    *,
    labels=None,
    target_names=None,
    sample_weight=None,
    alpha=0.1,
    weight=0.5,
    correction="macmillan",
    digits=3,
    output_dict=False,
    zero_division="warn",
):
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

    alpha : float, default=0.1
        Dominance weight of the index of balanced accuracy, in [0, 1].

    weight : float, default=0.5
        Weight of the true positive rate in the weighted accuracy, in [0, 1].

    correction : {"macmillan", "loglinear"}, default="macmillan"
        Correction of extreme rates for d' and AUCz; see
        :func:`~imbascore.metrics.dprime_score`.

    digits : int, default=3
        Decimals shown in the text report (the dict is not rounded).

    output_dict : bool, default=False
        Return a dict instead of text.

    zero_division : {"warn", 0.0, 1.0, np.nan}, default="warn"
        Value of the metrics of a label whose rates are undefined (no
        samples of the class, or only samples of it, in ``y_true``).
        ``"warn"`` acts as 0.0 and raises one
        :class:`~sklearn.exceptions.UndefinedMetricWarning`.

    Returns
    -------
    report : str or dict
        As a dict: ``{label: {metric: value, ..., "support": ..., "tp": ...,
        "fn": ..., "fp": ..., "tn": ...}, "macro avg": {...},
        "weighted avg": {...}, "accuracy": value}``, with the metric keys of
        :data:`REPORT_METRICS`. Labels are keyed by ``target_names`` or by
        ``str(label)``.

    See Also
    --------
    sklearn.metrics.classification_report : Precision, recall and F1.

    Examples
    --------
    >>> from imbascore import imbalanced_report
    >>> y_true = [1] * 15 + [0] * 10050
    >>> y_pred = [1] * 5 + [0] * 10 + [1] * 50 + [0] * 10000
    >>> report = imbalanced_report(y_true, y_pred, output_dict=True)
    >>> round(report["1"]["balanced_accuracy"], 3), round(report["accuracy"], 3)
    (0.664, 0.994)
    >>> print(imbalanced_report([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], digits=2))
    ... # doctest: +NORMALIZE_WHITESPACE
                  sens  spec   dom gmean   iba    op  area    ba    wa    d'  aucz   nmi  support
    <BLANKLINE>
               0  0.50  0.67 -0.17  0.58  0.33  0.46  0.82  0.58  0.58  0.43  0.62  0.02        2
               1  0.67  0.50  0.17  0.58  0.34  0.46  0.91  0.58  0.58  0.43  0.62  0.02        3
    <BLANKLINE>
       macro avg  0.58  0.58  0.00  0.58  0.33  0.46  0.87  0.58  0.58  0.43  0.62  0.02        5
    weighted avg  0.60  0.57  0.03  0.58  0.33  0.46  0.88  0.58  0.58  0.43  0.62  0.02        5
        accuracy                                                                    0.60        5
    """
    func = "imbalanced_report"
    checked = check_metric_params(
        {"alpha": alpha, "weight": weight, "correction": correction}, func
    )
    params = {
        "iba": {"alpha": checked["alpha"]},
        "weighted_accuracy": {"weight": checked["weight"]},
        "dprime": {"correction": checked["correction"]},
        "aucz": {"correction": checked["correction"]},
    }
    if not isinstance(digits, int) or isinstance(digits, bool) or digits < 0:
        raise ValueError(param_error(func, "digits", "a non-negative int", digits))
    fill, warn = check_zero_division(zero_division, func)
    counts = confusion_counts(
        y_true,
        y_pred,
        labels=labels,
        average=None,
        sample_weight=sample_weight,
        func=func,
    )
    names = _row_names(counts.labels, target_names, func)

    columns = {
        name: per_class_values(
            name, counts, fill, False, stacklevel=2, **params.get(name, {})
        )
        for name in REPORT_METRICS
    }
    undefined = (counts.positives == 0) | (counts.negatives == 0)
    if warn and undefined.any():
        warnings.warn(
            "The metrics of label(s) "
            f"{counts.labels[undefined].tolist()} are ill-defined and being set to "
            "0.0: y_true has no samples of that class, or no samples of any other "
            "class. Use `zero_division` parameter to control this behavior.",
            UndefinedMetricWarning,
            stacklevel=2,
        )

    weighted = sample_weight is not None
    report = {}
    for row, name in enumerate(names):
        entry = {metric: float(columns[metric][row]) for metric in REPORT_METRICS}
        for key, values in (
            ("support", counts.positives),
            ("tp", counts.tp),
            ("fn", counts.fn),
            ("fp", counts.fp),
            ("tn", counts.tn),
        ):
            entry[key] = _number(values[row], weighted)
        report[name] = entry
    total = _number(counts.positives.sum(), weighted)
    for label, average in zip(_AVERAGES, ("macro", "weighted")):
        report[label] = {
            metric: average_values(columns[metric], counts.positives, average, fill)
            for metric in REPORT_METRICS
        }
        report[label]["support"] = total
    joint = counts.joint
    joint_total = float(joint.sum())
    report["accuracy"] = (
        float(joint.diagonal().sum()) / joint_total if joint_total > 0 else fill
    )
    if output_dict:
        return report
    return _format(report, names, digits, total)


def _row_names(labels, target_names, func):
    if target_names is None:
        return [str(label) for label in labels.tolist()]
    target_names = [str(name) for name in target_names]
    if len(target_names) != len(labels):
        raise ValueError(
            param_error(
                func,
                "target_names",
                f"a list of {len(labels)} names, one per label {labels.tolist()}",
                target_names,
            )
        )
    return target_names


def _number(value, weighted):
    return float(value) if weighted else int(round(float(value)))


def _format(report, names, digits, total):
    headings = list(REPORT_METRICS.values()) + ["support"]
    width = max(len(name) for name in names + list(_AVERAGES))
    cell = max(digits + 3, 5)

    def line(name, entry):
        values = [f"{entry[m]:>{cell}.{digits}f}" for m in REPORT_METRICS]
        support = entry["support"]
        support = (
            f"{support:>8.{digits}f}" if isinstance(support, float) else f"{support:>8}"
        )
        return f"{name:>{width}} " + " ".join(values) + " " + support

    header = f"{'':>{width}} " + " ".join(f"{h:>{cell}}" for h in headings[:-1])
    lines = [header + " " + f"{'support':>8}", ""]
    lines += [line(name, report[name]) for name in names]
    lines.append("")
    lines += [line(name, report[name]) for name in _AVERAGES]
    accuracy_column = width + 1 + (cell + 1) * (len(REPORT_METRICS) - 1)
    support = f"{total:>8.{digits}f}" if isinstance(total, float) else f"{total:>8}"
    lines.append(
        f"{'accuracy':>{width}} "
        + " " * (accuracy_column - width - 1)
        + f"{report['accuracy']:>{cell}.{digits}f} "
        + support
    )
    return "\n".join(lines)
