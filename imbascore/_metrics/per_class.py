"""From one-vs-rest counts to per-class metric values, then to one number.

Shared by the public ``*_score`` functions and by the all-metrics report, so
that both compute every metric the same way from the same counts.
"""

import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from . import formulas as F
from .catalogue import LABEL_CATALOGUE

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


# ---------------------------------------------------------------- rates


def rate(numerator, denominator):
    """Ratio clipped to [0, 1] (rounding only); NaN where undefined.

    Callers silence numpy's 0/0 warning (see ``per_class_values``). Plain
    floats (defined binary cells, see ``binary_cells``) stay floats.
    """
    if type(numerator) is float:
        return min(max(numerator / denominator, 0.0), 1.0)
    return np.minimum(np.maximum(numerator / denominator, 0.0), 1.0)


def tpr(counts):
    return rate(counts.tp, counts.tp + counts.fn)


def tnr(counts):
    return rate(counts.tn, counts.fp + counts.tn)


def fpr(counts):
    return rate(counts.fp, counts.fp + counts.tn)


def fnr(counts):
    return rate(counts.fn, counts.tp + counts.fn)


def ppv(counts):
    return rate(counts.tp, counts.tp + counts.fp)


def npv(counts):
    return rate(counts.tn, counts.tn + counts.fn)


def accuracy(counts):
    total = (counts.tp + counts.fn) + (counts.fp + counts.tn)
    return rate(counts.tp + counts.tn, total)


# ---------------------------------------------------------------- metrics


def _sensitivity(counts):
    return tpr(counts)


def _specificity(counts):
    return tnr(counts)


def _dominance(counts):
    return F.dominance(tpr(counts), tnr(counts))


def _geometric_mean(counts, zero_recall=0.0):
    # zero_recall acts with average="multiclass" only (checked to be 0 here).
    return F.geometric_mean(tpr(counts), tnr(counts))


def _iba(counts, alpha=0.1, squared=True):
    return F.index_balanced_accuracy(tpr(counts), tnr(counts), alpha, squared)


def _optimized_precision(counts):
    return F.optimized_precision(accuracy(counts), tpr(counts), tnr(counts))


def _ad_area(counts):
    sens, spec = tpr(counts), tnr(counts)
    return F.ad_area(F.geometric_mean(sens, spec), F.dominance(sens, spec))


def _balanced_accuracy(counts, adjusted=False):
    value = F.balanced_accuracy(tpr(counts), tnr(counts))
    # Chance-adjusted as scikit-learn's: (BA - 1/2) / (1 - 1/2) for two classes.
    return 2.0 * value - 1.0 if adjusted else value


def _weighted_accuracy(counts, weight=0.5):
    return F.weighted_accuracy(tpr(counts), tnr(counts), weight)


# Rates closer than this are on the chance diagonal (rounding of weighted sums).
_DIAGONAL_TOLERANCE = 1e-12


def _dprime(counts, correction="macmillan"):
    hits, false_alarms = tpr(counts), fpr(counts)
    # Half a trial under weights: the trials are the effective sample sizes,
    # so scaling all weights, or weighting a class uniformly, changes nothing.
    positive_trials, negative_trials = counts.trials
    misses = rate(counts.fn, counts.positives)
    corrected = F.probit(hits, misses, positive_trials, correction) - F.probit(
        false_alarms, tnr(counts), negative_trials, correction
    )
    # A point on the chance diagonal (every constant prediction is one) has
    # d' = 0; correcting its two rates by class-size-dependent amounts would
    # credit it with discrimination it does not have.
    on_diagonal = np.abs(hits - false_alarms) <= _DIAGONAL_TOLERANCE
    return np.where(on_diagonal, 0.0, corrected)


def _aucz(counts, correction="macmillan"):
    return F.aucz(_dprime(counts, correction))


def _fpr(counts):
    return fpr(counts)


def _fnr(counts):
    return fnr(counts)


def _npv(counts):
    return npv(counts)


def _informedness(counts):
    return F.informedness(tpr(counts), tnr(counts))


def _markedness(counts):
    return F.markedness(ppv(counts), npv(counts))


def _lr_plus(counts):
    return tpr(counts) / fpr(counts)


def _lr_minus(counts):
    return fnr(counts) / tnr(counts)


def _nmi(counts):
    tables = np.stack([counts.tp, counts.fn, counts.fp, counts.tn], axis=-1)
    return F.normalized_mutual_information(tables.reshape(-1, 2, 2))


#: name -> per-class function of ConfusionCounts (the facts of each metric
#: are its record in the catalogue).
_FUNCTIONS = {
    "sensitivity": _sensitivity,
    "specificity": _specificity,
    "dominance": _dominance,
    "gmean": _geometric_mean,
    "iba": _iba,
    "optimized_precision": _optimized_precision,
    "ad_area": _ad_area,
    "balanced_accuracy": _balanced_accuracy,
    "weighted_accuracy": _weighted_accuracy,
    "dprime": _dprime,
    "aucz": _aucz,
    "nmi": _nmi,
    "fpr": _fpr,
    "fnr": _fnr,
    "npv": _npv,
    "informedness": _informedness,
    "markedness": _markedness,
    "lr_plus": _lr_plus,
    "lr_minus": _lr_minus,
}

#: name -> (per-class function of ConfusionCounts, counts it needs non-zero,
#: readable name used in warnings), from the catalogue, in its order (the
#: report's column order).
METRICS = {
    info.name: (_FUNCTIONS[info.name], info.needs, info.readable)
    for info in LABEL_CATALOGUE
}

#: Metrics whose undefined values are NaN under zero_division="warn" (as in
#: scikit-learn's class_likelihood_ratios): 0 would read as a verdict.
NAN_WHEN_UNDEFINED = frozenset(
    info.name for info in LABEL_CATALOGUE if info.nan_when_undefined
)


#: The cells each entry of "counts it needs non-zero" sums.
_SUMS = {
    "positives": ("tp", "fn"),
    "negatives": ("fp", "tn"),
    "predicted_positives": ("tp", "fp"),
    "predicted_negatives": ("tn", "fn"),
}
#: metric -> the pairs of cells (second None: one cell) that must not sum to 0.
_NEEDED_CELLS = {
    name: tuple(_SUMS.get(needed, (needed, None)) for needed in requires)
    for name, (_, requires, _) in METRICS.items()
}


def binary_value(name, counts, params):
    """The value of metric ``name`` from one label's counts held as plain
    floats (``OneVsRestCounts.of_cells``), or None where it is undefined:
    the general path fills and announces that."""
    for first, second in _NEEDED_CELLS[name]:
        total = getattr(counts, first)
        if second is not None:
            total = total + getattr(counts, second)
        if total == 0:
            return None
    return float(METRICS[name][0](counts, **params))


def per_class_values(name, counts, fill, warn, *, stacklevel, **params):
    """Per-class values of metric ``name``; undefined entries become ``fill``."""
    function, requires, readable = METRICS[name]
    with np.errstate(divide="ignore", invalid="ignore"):
        values = np.asarray(function(counts, **params), dtype=float)
    undefined = np.zeros(values.shape, dtype=bool)
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


#: name -> function of (counts, fill, warn, stacklevel, **params) for
#: average="multiclass".
MULTICLASS = {
    "gmean": _multiclass_gmean,
    "balanced_accuracy": _multiclass_balanced_accuracy,
    "nmi": _multiclass_nmi,
}
