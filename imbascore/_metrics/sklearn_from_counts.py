"""scikit-learn's label scorers, computed from a counted contingency table.

The multi-metric scorer counts each fold once. For the scikit-learn scorer
names that are functions of the confusion matrix (accuracy, balanced accuracy,
MCC, and precision, recall, F1 and Jaccard with their ``_macro``, ``_micro``
and ``_weighted`` variants) it reads their value off that table instead of
calling scikit-learn, which would count again. The formulas, the default
settings of each scorer (``pos_label=1``, ``zero_division="warn"``) and the
warnings follow scikit-learn's ``metrics/_classification.py``; the tests
check the numbers against scikit-learn's own scorers.
"""

import warnings
from functools import cache, partial

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import confusion_matrix

from .._core.checks import (
    check_bool,
    check_choice,
    check_labels,
    check_pos_label,
    check_zero_division,
)
from .._core.engine.multilabel import exact_matches
from .._core.engine.select import index_of, select_counts
from .per_class import tnr, tpr
from .scoring import check_metric_options, plain_counts, score_table

__all__ = ["SKLEARN_FROM_COUNTS", "SKLEARN_POS_LABELS", "SKLEARN_SCORES"]


def _sums(joint):
    """Diagonal, row sums (true) and column sums (predicted), as float arrays."""
    diagonal = np.asarray(joint.diagonal(), dtype=np.float64)
    true = np.asarray(joint.sum(axis=1), dtype=np.float64).ravel()
    predicted = np.asarray(joint.sum(axis=0), dtype=np.float64).ravel()
    return diagonal, true, predicted


_MEAN_RECALL = check_metric_options(
    "balanced_accuracy",
    "balanced_accuracy_score",
    labels=None,
    pos_label=1,
    average="multiclass",
    zero_division="warn",
)


@cache
def _sklearn_warns_single_label():
    """Whether this scikit-learn's confusion_matrix warns on a 1x1 matrix
    (newer releases do; balanced accuracy and MCC pass that warning on)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        confusion_matrix([0], [0])
    return any("single label" in str(warning.message) for warning in caught)


def _warn_single_label(joint):
    if joint.shape == (1, 1) and _sklearn_warns_single_label():
        warnings.warn(
            "A single label was found in 'y_true' and 'y_pred'. For the "
            "confusion matrix to have the correct shape, use the 'labels' "
            "parameter to pass all known labels.",
            UserWarning,
            stacklevel=4,
        )


def _refuse_multilabel(table, name):
    if table.multilabel:
        raise ValueError(
            f"{name} does not take multilabel-indicator targets (as in "
            "scikit-learn): it is defined for one label per sample. Score each "
            "column as binary data, or use a metric that averages over labels."
        )


def _accuracy(table):
    if table.multilabel:
        correct, total = exact_matches(table)
        return correct / total
    diagonal, true, _ = _sums(table.joint)
    return float(diagonal.sum() / true.sum())


def _balanced_accuracy(table):
    # scikit-learn's balanced accuracy is ours over the true classes.
    _refuse_multilabel(table, "balanced_accuracy")
    _warn_single_label(table.joint)
    if len(table.classes) == 2:  # both recalls defined: their mean, in floats
        counts = plain_counts(table, None, position=1)
        if counts is not None and counts.positives and counts.negatives:
            return (tpr(counts) + tnr(counts)) / 2
    return score_table(_MEAN_RECALL, table, stacklevel=3)


def _matthews_corrcoef(table):
    _refuse_multilabel(table, "matthews_corrcoef")
    _warn_single_label(table.joint)
    diagonal, true, predicted = _sums(table.joint)
    n_samples = predicted.sum()
    cov_ytyp = diagonal.sum() * n_samples - np.dot(true, predicted)
    cov_ypyp = n_samples**2 - np.dot(predicted, predicted)
    cov_ytyt = n_samples**2 - np.dot(true, true)
    if cov_ypyp * cov_ytyt == 0:
        return 0.0
    return float(cov_ytyp / np.sqrt(cov_ypyp * cov_ytyt))


# kind -> (numerator and denominator from (tp, true, predicted), what is
# missing when the denominator is zero, as scikit-learn words it).
_SET_WISE = {
    "precision": (lambda tp, t, p: (tp, p), "predicted"),
    "recall": (lambda tp, t, p: (tp, t), "true"),
    "f1": (lambda tp, t, p: (2.0 * tp, 1.0 * t + p), "true nor predicted"),
    "jaccard": (lambda tp, t, p: (tp, t + p - tp), "true or predicted"),
}
_SET_WISE_AVERAGES = ("binary", "micro", "macro", "weighted", "samples", None)


def _set_wise_labels(table, average, labels, pos_label, func):
    """The labels scored, as scikit-learn's ``_check_set_wise_labels``."""
    classes = table.classes
    if average == "binary":
        if len(classes) > 2:
            raise ValueError(
                "Target is multiclass but average='binary'. Please choose another "
                "average setting, one of [None, 'micro', 'macro', 'weighted']."
            )
        if index_of(classes, pos_label) < 0 and len(classes) == 2:
            raise ValueError(
                f"pos_label={pos_label} is not a valid label. It should be one of "
                f"{classes.tolist()}"
            )
        return [pos_label]
    _warn_ignored_pos_label(pos_label, average)
    return classes.tolist() if labels is None else list(labels)


def _warn_ignored_pos_label(pos_label, average):
    if pos_label not in (None, 1):
        warnings.warn(
            f"Note that pos_label (set to {pos_label!r}) is ignored when average "
            f"!= 'binary' (got {average!r}). You may use labels=[pos_label] to "
            "specify a single positive class.",
            UserWarning,
            stacklevel=5,
        )


def _set_wise_sums(table, average, labels, pos_label, func):
    """``tp``, true and predicted sums of the labels scored (or of the
    samples, for ``average="samples"``), and the samples' weights."""
    if table.multilabel or average == "samples":
        # one 2x2 table per label, or per sample: the counts the metrics read
        if table.multilabel:
            _warn_ignored_pos_label(pos_label, average)
        counts = select_counts(
            table, labels=labels, pos_label=None, average=average, func=func
        )
        return (
            counts.tp,
            counts.positives,
            counts.predicted_positives,
            counts.sample_weights,
        )
    scored = _set_wise_labels(table, average, labels, pos_label, func)
    diagonal, true, predicted = _sums(table.joint)
    positions = np.array([index_of(table.classes, label) for label in scored])
    found = positions >= 0
    tp, true, predicted = (
        np.where(found, values[np.where(found, positions, 0)], 0.0)
        for values in (diagonal, true, predicted)
    )
    return tp, true, predicted, None


def _set_wise(
    kind,
    table,
    *,
    average="binary",
    labels=None,
    pos_label=1,
    zero_division="warn",
    func="scorer",
):
    """Precision, recall, F1 or Jaccard with scikit-learn's options and numbers."""
    average = check_choice(average, "average", _SET_WISE_AVERAGES, func)
    labels = check_labels(labels, func)
    pos_label = check_pos_label(pos_label, func, required=average == "binary")
    fill, warn = check_zero_division(zero_division, func)
    tp, true, predicted, sample_weights = _set_wise_sums(
        table, average, labels, pos_label, func
    )
    if average == "micro":
        tp, true, predicted = (np.array([v.sum()]) for v in (tp, true, predicted))
    fraction, missing = _SET_WISE[kind]
    numerator, denominator = fraction(tp, true, predicted)
    undefined = denominator == 0
    values = numerator / np.where(undefined, 1.0, denominator)
    if undefined.any():
        values[undefined] = fill
        if warn:
            subject = "F-score" if kind == "f1" else kind.capitalize()
            where = "due to" if len(values) == 1 else "in labels with"
            units = "samples"
            if average == "samples":
                where, units = "in samples with", "labels"
            warnings.warn(
                f"{subject} is ill-defined and being set to 0.0 {where} no "
                f"{missing} {units}. Use `zero_division` parameter to control "
                "this behavior.",
                UndefinedMetricWarning,
                stacklevel=3,
            )
    if average is None:
        return values
    if kind == "jaccard":  # scikit-learn averages NaN in, for Jaccard only
        kept = np.ones(len(values), dtype=bool)
    else:
        kept = ~np.isnan(values)
    if not kept.any():
        return float("nan")
    weights = (sample_weights if average == "samples" else true)[kept]
    if average in ("weighted", "samples") and weights.sum() > 0:
        return float(np.average(values[kept], weights=weights))
    return float(values[kept].mean())


#: scikit-learn scorer name -> function of a ContingencyTable.
SKLEARN_FROM_COUNTS = {
    "accuracy": _accuracy,
    "balanced_accuracy": _balanced_accuracy,
    "matthews_corrcoef": _matthews_corrcoef,
}
for _kind in _SET_WISE:
    for _suffix, _average in (
        ("", "binary"),
        ("_macro", "macro"),
        ("_micro", "micro"),
        ("_weighted", "weighted"),
        ("_samples", "samples"),
    ):
        SKLEARN_FROM_COUNTS[_kind + _suffix] = partial(
            _set_wise, _kind, average=_average
        )

#: The pos_label scikit-learn's scorer of each function checks (binary ones).
SKLEARN_POS_LABELS = {SKLEARN_FROM_COUNTS[kind]: 1 for kind in _SET_WISE}


def _accuracy_score(table, *, normalize=True, func="scorer"):
    normalize = check_bool(normalize, "normalize", func)
    if normalize:
        return _accuracy(table)
    if table.multilabel:
        return exact_matches(table)[0]
    return float(np.asarray(table.joint.diagonal()).sum())


def _with_options(function, allowed, fixed=None):
    """``function(table, func=..., **options)``, refusing options not in ``allowed``."""

    def score(table, *, func, **options):
        for name in options:
            if name not in allowed:
                rule = f"one of {sorted(allowed)}" if allowed else "none"
                raise TypeError(
                    f"{func} got an unexpected keyword argument {name!r}; its "
                    f"options are {rule}."
                )
        return function(table, func=func, **options, **(fixed or {}))

    score.options = frozenset(allowed)  # type: ignore[attr-defined]
    return score


_SET_WISE_OPTIONS = {"average", "labels", "pos_label", "zero_division"}

#: scikit-learn name -> function of a ContingencyTable taking the options of
#: scikit-learn's function (``func`` names the caller in errors).
SKLEARN_SCORES = {
    "accuracy": _with_options(_accuracy_score, {"normalize"}),
    "matthews_corrcoef": _with_options(
        lambda table, func: _matthews_corrcoef(table), set()
    ),
}
for _kind in _SET_WISE:
    SKLEARN_SCORES[_kind] = _with_options(partial(_set_wise, _kind), _SET_WISE_OPTIONS)
    for _suffix in ("macro", "micro", "weighted", "samples"):
        SKLEARN_SCORES[f"{_kind}_{_suffix}"] = _with_options(
            partial(_set_wise, _kind),
            _SET_WISE_OPTIONS - {"average"},
            fixed={"average": _suffix},
        )
