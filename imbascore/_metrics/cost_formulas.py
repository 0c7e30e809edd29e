"""The cost of a confusion table under a cost matrix, and the matrix's checks.

``cost_matrix[i][j]`` is the cost of predicting class ``j`` when the truth
is class ``i``. The expected cost is the table's weights times their costs,
over the total; normalised, it is divided by the cost of the best constant
prediction (every sample predicted as one class), so 1.0 is no better than
that. Shared by the metric function, the counts object and the threshold
curve, which all hand over tables in the order of the matrix's rows.
"""

import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import param_error

__all__ = [
    "as_cost_array",
    "check_cost_matrix",
    "constant_cost",
    "expected_cost_of_tables",
    "normalized",
    "warn_weightless",
]


def as_cost_array(cost_matrix, func):
    """The cost matrix as a float64 array (ragged or non-numeric refused)."""
    try:
        return np.asarray(cost_matrix, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(
            param_error(
                func, "cost_matrix", "a square array of real costs", cost_matrix
            )
        ) from None


def check_cost_matrix(cost_matrix, n_labels, func, *, n_samples=None):
    """The cost matrix as float64, of shape ``(k, k)`` or, when ``n_samples``
    is given, ``(n_samples, k, k)`` (one matrix per sample): finite,
    non-negative and not all zero."""
    costs = as_cost_array(cost_matrix, func)
    shapes = [f"({n_labels}, {n_labels})"]
    if n_samples is not None:
        shapes.append(f"({n_samples}, {n_labels}, {n_labels}) for one per sample")
    square = costs.shape == (n_labels, n_labels)
    per_sample = n_samples is not None and costs.shape == (
        n_samples,
        n_labels,
        n_labels,
    )
    if not (square or per_sample):
        raise ValueError(
            param_error(
                func,
                "cost_matrix",
                f"an array of shape {' or '.join(shapes)}: rows are the true "
                "classes and columns the predicted ones, in the order of the "
                "labels",
                f"shape {costs.shape}",
            )
        )
    if not np.isfinite(costs).all():
        raise ValueError(
            param_error(func, "cost_matrix", "finite costs", "a NaN or infinite entry")
        )
    if (costs < 0).any():
        raise ValueError(
            param_error(
                func,
                "cost_matrix",
                "non-negative costs (a gain is a cost of 0 and a higher cost for "
                "the other decisions)",
                f"the entry {costs.min():g}",
            )
        )
    if not costs.any():
        raise ValueError(
            param_error(
                func,
                "cost_matrix",
                "at least one non-zero cost (with all costs 0 every model is "
                "equally good)",
                "all zeros",
            )
        )
    return costs


def expected_cost_of_tables(tables, costs):
    """Mean cost per unit of weight of tables ``(..., k, k)``, true on rows."""
    tables = np.asarray(tables, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (tables * costs).sum(axis=(-2, -1)) / tables.sum(axis=(-2, -1))


def constant_cost(support, costs):
    """The mean cost of the best constant prediction for classes of weights
    ``support`` (``(..., k)``): the smallest over the predicted class."""
    support = np.asarray(support, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        per_prediction = support @ costs / support.sum(axis=-1, keepdims=True)
    return per_prediction.min(axis=-1)


def warn_weightless(total, func, stacklevel=4):
    """Warn, and say so, when every sample weighs 0: the cost, a mean over
    no weight, is then undefined (NaN)."""
    if total > 0:
        return False
    warnings.warn(
        f"{func}: every sample weight is 0, so the expected cost (a weighted "
        "mean) is undefined; returning NaN.",
        UndefinedMetricWarning,
        stacklevel=stacklevel,
    )
    return True


def normalized(cost, baseline, func):
    """``cost / baseline``; NaN with a warning where the best constant
    prediction costs nothing (no model can do better, nor be compared)."""
    cost, baseline = np.asarray(cost, dtype=float), np.asarray(baseline, dtype=float)
    free = baseline == 0
    if free.any():
        warnings.warn(
            f"{func}: the best constant prediction costs 0 here, so the normalised "
            "cost is undefined and set to NaN. Use normalize=False.",
            UndefinedMetricWarning,
            stacklevel=3,
        )
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(free, np.nan, cost / np.where(free, 1.0, baseline))
