"""The best of one rate where another meets a constraint, as a score.

"The most recall with precision at least 0.9" is read off the threshold
curve: every distinct score is a threshold, the thresholds where precision
is at least 0.9 are allowed, and the largest recall among them is the
answer (exact, not a grid). These are the score functions and their shared
selection; :func:`imbascore.operating_point` returns the threshold itself.
"""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import check_unit_interval, param_error
from .._core.types import ArrayLike, PosLabel
from .best_point import constrained_best
from .constraints import best_achievable
from .curve import counted_curve
from .metric_values import accepted_params

__all__ = [
    "OPERATING_POINT_SCORES",
    "constrained_curve",
    "precision_at_recall_score",
    "recall_at_precision_score",
    "sensitivity_at_specificity_score",
    "specificity_at_sensitivity_score",
    "tpr_at_fpr_score",
]


def _check_label_like(y_score, func):
    """Integer or bool scores of 0 and 1 only are predicted labels, which
    give two thresholds: refused, so that nobody reads an operating point
    off ``predict``."""
    scores = np.asarray(y_score)
    if scores.dtype.kind in "biu" and scores.size and set(np.unique(scores)) <= {0, 1}:
        raise ValueError(
            param_error(
                func,
                "y_score",
                "continuous scores of the positive class",
                "integer labels 0 and 1",
                "Pass predict_proba(X)[:, 1] or decision_function(X), not predict(X).",
            )
        )


def _with_zero_division(metrics, params):
    """``zero_division=nan`` for the metrics that take it, unless given: an
    undefined value is never a candidate, and needs no warning."""
    if "zero_division" in params:
        return params
    if any("zero_division" in accepted_params(name) for name in metrics):
        return dict(params, zero_division=np.nan)
    return params


def constrained_curve(
    y_true, y_score, objective, constraint, pos_label, sample_weight, params, func
):
    """The curve of the objective and the constraint's metric, and the
    index of the best allowed threshold (None if none is allowed)."""
    _check_label_like(y_score, func)
    metric = constraint[0]
    metrics = [objective] if metric == objective else [objective, metric]
    params = _with_zero_division(metrics, params)
    curve = counted_curve(
        y_true,
        y_score,
        metrics=metrics,
        func=func,
        metric_params=params,
        pos_label=pos_label,
        sample_weight=sample_weight,
    )
    return curve, constrained_best(curve, objective, constraint), params


#: Registry name -> (objective, the constraint's metric, its operator, its
#: bound's parameter, the objective and the constraint in words, the
#: docstring's example).
_RATES = {
    "recall_at_precision": (
        "recall", "precision", ">=", "min_precision", "recall", "precision",
        "round(recall_at_precision_score(y_true, y_score, min_precision=0.75), 4)"
        "\n    0.6667",
    ),
    "precision_at_recall": (
        "precision", "recall", ">=", "min_recall", "precision", "recall",
        "precision_at_recall_score(y_true, y_score, min_recall=0.6)\n    1.0",
    ),
    "sensitivity_at_specificity": (
        "sensitivity", "specificity", ">=", "min_specificity", "sensitivity",
        "specificity",
        "round(sensitivity_at_specificity_score(y_true, y_score, "
        "min_specificity=0.8), 4)\n    0.6667",
    ),
    "specificity_at_sensitivity": (
        "specificity", "sensitivity", ">=", "min_sensitivity", "specificity",
        "sensitivity",
        "round(specificity_at_sensitivity_score(y_true, y_score, "
        "min_sensitivity=1.0), 4)\n    0.7143",
    ),
    "tpr_at_fpr": (
        "sensitivity", "fpr", "<=", "max_fpr", "true positive rate",
        "the false positive rate",
        "round(tpr_at_fpr_score(y_true, y_score, max_fpr=0.0), 4)\n    0.6667",
    ),
}  # fmt: skip


def _best_rate(name, y_true, y_score, bound, pos_label, sample_weight):
    """The body of the five score functions (``name``: a key of ``_RATES``)."""
    func = f"{name}_score"
    objective, metric, operator, parameter = _RATES[name][:4]
    bound = check_unit_interval(bound, parameter, func)
    constraint = (metric, operator, bound)
    curve, index, _ = constrained_curve(
        y_true, y_score, objective, constraint, pos_label, sample_weight, {}, func
    )
    if index is None:
        achievable = best_achievable(curve.values[metric], operator)
        warnings.warn(
            f"{func}: no threshold gives {metric} {operator} {bound:g} (the best "
            f"at any threshold is {achievable:.4g}); the score is 0.0.",
            UndefinedMetricWarning,
            stacklevel=3,
        )
        return 0.0
    return float(curve.values[objective][index])


_DOC = """\
The best {objective} at a threshold where {constraint} is {word} ``{bound}``.

    Every distinct score of ``y_score`` is a threshold (``y_score >= t`` is
    predicted positive); among those where the constraint holds, the
    largest {objective}. Exact, not a grid: the counts at every threshold
    come from one sort. As a scorer (``get_scorer("{name}", {bound}=...)``)
    it reads ``predict_proba`` or ``decision_function``, so that a grid
    search selects the model that is best at this operating point.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels of two classes.

    y_score : array-like of shape (n_samples,)
        Scores of the positive class: probabilities or decision values
        (integer 0/1 labels are refused).

    {bound} : float in [0, 1]
        The constraint's bound.

    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for {{0, 1}} or {{-1, 1}}.

    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights; the rates are then ratios of sums of weights.

    Returns
    -------
    score : float
        0.0 when no threshold meets the constraint, with an
        ``UndefinedMetricWarning`` that gives the best achievable
        {constraint}: in a grid search that model loses, and the search goes
        on.

    See Also
    --------
    operating_point : The threshold itself, its counts and an interval that
        includes the choice of the threshold.

    Examples
    --------
    >>> from imbascore import {function}
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> {example}
    """


def recall_at_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_precision: float,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    return _best_rate(
        "recall_at_precision", y_true, y_score, min_precision, pos_label, sample_weight
    )


def precision_at_recall_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_recall: float,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    return _best_rate(
        "precision_at_recall", y_true, y_score, min_recall, pos_label, sample_weight
    )


def sensitivity_at_specificity_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_specificity: float,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    return _best_rate(
        "sensitivity_at_specificity",
        y_true,
        y_score,
        min_specificity,
        pos_label,
        sample_weight,
    )


def specificity_at_sensitivity_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_sensitivity: float,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    return _best_rate(
        "specificity_at_sensitivity",
        y_true,
        y_score,
        min_sensitivity,
        pos_label,
        sample_weight,
    )


def tpr_at_fpr_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    max_fpr: float,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    return _best_rate("tpr_at_fpr", y_true, y_score, max_fpr, pos_label, sample_weight)


#: The score functions by registry name.
OPERATING_POINT_SCORES = {name: globals()[f"{name}_score"] for name in _RATES}
for _name, _row in _RATES.items():
    _operator, _bound, _objective, _constraint, _example = _row[2:]
    OPERATING_POINT_SCORES[_name].__doc__ = _DOC.format(
        objective=_objective,
        constraint=_constraint,
        word="at least" if _operator == ">=" else "at most",
        bound=_bound,
        name=_name,
        function=f"{_name}_score",
        example=_example,
    )
