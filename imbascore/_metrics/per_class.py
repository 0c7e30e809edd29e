"""From one-vs-rest counts to per-class metric values, then to one number.

Shared by the public ``*_score`` functions and by the all-metrics report, so
that both compute every metric the same way from the same counts.
"""

import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._specs import formulas as F
from .._specs.catalogue import LABEL_METRICS, metric_info
from .._specs.label_formulas import accuracy, fnr, fpr, npv, ppv, rate, tnr, tpr
from .._specs.spec import MetricInfo

__all__ = [
    "METRICS",
    "MULTICLASS",
    "accuracy",
    "average_values",
    "fill_undefined",
    "fnr",
    "fpr",
    "npv",
    "binary_value",
    "ppv",
    "rate",
    "tnr",
    "tpr",
]


#: The names of the metrics of labels (a view of the registry).
METRICS = LABEL_METRICS

#: The cells each entry of "counts it needs non-zero" sums.
_SUMS = {
    "positives": ("tp", "fn"),
    "negatives": ("fp", "tn"),
    "predicted_positives": ("tp", "fp"),
    "predicted_negatives": ("tn", "fn"),
}


def _spec(name_or_spec):
    """A metric's spec, from the spec itself (the hot path) or its name."""
    if isinstance(name_or_spec, MetricInfo):
        return name_or_spec
    return metric_info(name_or_spec)


def _needed_cells(spec):
    """The pairs of cells (second None: one cell) that must not sum to 0."""
    return tuple(_SUMS.get(needed, (needed, None)) for needed in spec.needs)


def binary_value(name, counts, params):
    """The value of metric ``name`` from one label's counts held as plain
    floats (``OneVsRestCounts.of_cells``), or None where it is undefined:
    the general path fills and announces that."""
    spec = _spec(name)
    for first, second in _needed_cells(spec):
        total = getattr(counts, first)
        if second is not None:
            total = total + getattr(counts, second)
        if total == 0:
            return None
    value = float(spec.formula(counts, **params))
    return None if value != value else value


def per_class_values(name, counts, fill, warn, *, stacklevel, **params):
    """Per-class values of metric ``name``; undefined entries become ``fill``."""
    spec = _spec(name)
    requires, readable = spec.needs, spec.readable
    with np.errstate(divide="ignore", invalid="ignore"):
        values = np.asarray(spec.formula(counts, **params), dtype=float)
    # 0/0 in a formula (a defined metric's own or one of its needs) is NaN.
    undefined = np.isnan(values)
    for attribute in requires:
        undefined |= getattr(counts, attribute) == 0
    if not undefined.any():
        return values
    samplewise = counts.sample_weights is not None
    reasons = _SAMPLE_REASONS if samplewise else _REASONS
    return fill_undefined(
        values,
        undefined,
        fill,
        warn,
        readable,
        None if samplewise else counts.labels,
        stacklevel + 1,
        reason=" or ".join(
            reasons[attribute]
            for attribute in requires
            if np.any(np.asarray(getattr(counts, attribute))[undefined] == 0)
        ),
    )


#: Why a metric is undefined, by the count that is zero.
_REASONS = {
    "positives": "y_true has no samples of that class",
    "negatives": "y_true has no samples of any other class",
    "predicted_positives": "y_pred has no samples of that class",
    "predicted_negatives": "y_pred has no samples of any other class",
    "fp": "there are no false positives (FPR = 0)",
    "tn": "there are no true negatives (TNR = 0)",
}
#: The same, for average="samples": a sample's counts over the labels.
_SAMPLE_REASONS = {
    "positives": "the sample has no true labels",
    "negatives": "every label of the sample is true",
    "predicted_positives": "the sample has no predicted labels",
    "predicted_negatives": "every label of the sample is predicted",
    "fp": "the sample has no false positive labels (FPR = 0)",
    "tn": "the sample has no true negative labels (TNR = 0)",
}


def fill_undefined(
    values, undefined, fill, warn, readable, labels, stacklevel, *, reason=None
):
    """Set undefined entries to ``fill`` and warn as scikit-learn does."""
    if not undefined.any():
        return values
    values = np.where(undefined, fill, values)
    if warn:
        which = (
            "samples" if labels is None else f"label(s) {labels[undefined].tolist()}"
        )
        reason = reason or (
            "y_true has no samples of that class, or no samples of any other class"
        )
        warnings.warn(
            f"{readable} is ill-defined and being set to {fill} for {which}: "
            f"{reason}. Use `zero_division` parameter to control this "
            "behavior.",
            UndefinedMetricWarning,
            stacklevel=stacklevel + 1,
        )
    return values


def average_values(values, support, average, fill, *, warn=None, stacklevel=2):
    """Reduce per-class values as sklearn does; NaN values are left out.

    ``"samples"`` takes ``support`` to be the weights of the rows (samples).

    ``"weighted"`` over labels that all have zero support has no weights: the
    value is ``fill``, announced if ``warn`` names the metric (its per-class
    values may all be defined, so nothing else has warned).
    """
    if average == "binary":
        return float(values[0])
    if average is None:
        return values
    kept = ~np.isnan(values)
    if average in ("weighted", "samples"):
        weights = support[kept]
        if weights.sum() == 0:
            if warn:
                why = (
                    "the samples weigh 0"
                    if average == "samples"
                    else "the labels have no true samples"
                )
                warnings.warn(
                    f"{warn} with average={average!r} is ill-defined and being "
                    f"set to {float(fill)}: {why}, "
                    "so the weights sum to 0. Use `zero_division` parameter "
                    "to control this behavior.",
                    UndefinedMetricWarning,
                    stacklevel=stacklevel + 1,
                )
            return float(fill)
        return float(np.average(values[kept], weights=weights))
    if not kept.any():
        return float("nan")
    return float(values[kept].mean())


def _multiclass_recalls(counts, fill, warn, stacklevel):
    recalls = per_class_values(
        "sensitivity", counts, fill, warn, stacklevel=stacklevel + 1
    )
    return recalls[~np.isnan(recalls)]


def _multiclass_gmean(counts, fill, warn, stacklevel, zero_recall=0.0):
    recalls = _multiclass_recalls(counts, fill, warn, stacklevel + 1)
    if recalls.size == 0:
        return float("nan")
    recalls = np.where(recalls == 0.0, zero_recall, recalls)
    with np.errstate(divide="ignore"):
        return float(np.exp(np.log(recalls).mean()))


def _multiclass_balanced_accuracy(counts, fill, warn, stacklevel, adjusted=False):
    recalls = _multiclass_recalls(counts, fill, warn, stacklevel + 1)
    if not recalls.size:
        return float("nan")
    value = float(recalls.mean())
    if not adjusted:
        return value
    chance = 1.0 / recalls.size  # as scikit-learn: over the classes scored
    if recalls.size == 1:  # (value - 1) / 0: no chance level to adjust to
        return float(
            fill_undefined(
                np.array([np.nan]),
                np.array([True]),
                fill,
                warn,
                "Adjusted balanced accuracy",
                np.array(["(one class)"]),
                stacklevel + 1,
            )[0]
        )
    return (value - chance) / (1.0 - chance)


def _rows_of_labels(counts):
    """The table restricted to the rows (true classes) of the counts' labels."""
    joint, rows = counts.joint, counts.positions
    if rows is None or len(rows) == joint.shape[0]:
        return joint
    return joint[rows[rows >= 0]]


def _multiclass_nmi(counts, fill, warn, stacklevel):
    joint = _rows_of_labels(counts)
    if hasattr(joint, "tocoo"):  # sparse table of many classes
        value = F.nmi_from_sums(
            joint.data,
            np.asarray(joint.sum(1)).ravel(),
            np.asarray(joint.sum(0)).ravel(),
        )
    else:
        value = F.normalized_mutual_information(joint)
    value = np.atleast_1d(value)
    return float(
        fill_undefined(
            value,
            np.isnan(value),
            fill,
            warn,
            "Normalized mutual information",
            np.array(["(all classes)"]),
            stacklevel + 1,
        )[0]
    )


#: A spec's ``multiclass`` kind -> function of (counts, fill, warn,
#: stacklevel, **params) for average="multiclass".
MULTICLASS = {
    "geometric_mean_recall": _multiclass_gmean,
    "mean_recall": _multiclass_balanced_accuracy,
    "mutual_information": _multiclass_nmi,
}
