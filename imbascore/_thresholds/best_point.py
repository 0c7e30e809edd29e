"""The best point of a threshold curve: where a metric is best, among every
threshold or among those that meet a constraint.

Ties go to the lowest threshold (it predicts the most positives), as the
``argmax`` over increasing thresholds of scikit-learn's
:class:`~sklearn.model_selection.TunedThresholdClassifierCV`; under a
constraint, first to the most margin on it (:func:`constrained_index`).
"""

import numpy as np

from .._core.checks import param_error
from .._specs.catalogue import NOT_A_QUALITY
from .constraints import constrained_index
from .metric_values import _LOWER_IS_BETTER

__all__ = ["best_index", "constrained_best"]


def best_index(values, thresholds, metric, func):
    """The index of the best of ``values`` (metric ``metric``), NaN left out."""
    if metric in NOT_A_QUALITY:
        rule = "a metric with a best value (not 'dominance', which says which "
        rule += "class a classifier favours)"
        raise ValueError(param_error(func, "metric", rule, metric))
    values = np.asarray(values, dtype=float)
    finite = ~np.isnan(values)
    if not finite.any():
        raise ValueError(
            f"{func}: {metric!r} is undefined at every threshold, so it has no "
            "best threshold."
        )
    target = (
        np.min(values[finite]) if metric in _LOWER_IS_BETTER else np.max(values[finite])
    )
    candidates = np.flatnonzero(values == target)
    # the lowest threshold; the first of equal ones (argmin keeps the first)
    return int(candidates[np.argmin(thresholds[candidates])])


def constrained_best(curve, objective, constraint):
    """The index of the best ``objective`` of ``curve`` among the thresholds
    where ``constraint`` ``(metric, operator, bound)`` holds, or None."""
    metric, operator, bound = constraint
    return constrained_index(
        curve.values[objective],
        curve.values[metric],
        operator,
        bound,
        curve.thresholds,
        objective in _LOWER_IS_BETTER,
    )
