"""Constraints on a threshold: "recall as high as possible, precision >= 0.9".

A constraint is ``(metric, operator, bound)``: the thresholds where the
constraint's metric satisfies it are allowed, and among those the objective's
best value wins. Shared by :func:`imbascore.best_threshold` (its
``constraint=``) and the operating points, which read the same curve.
"""

import numbers

import numpy as np

from .._core.checks import param_error

__all__ = [
    "best_achievable",
    "check_constraint",
    "constrained_index",
    "met",
    "unmet_error",
]

_OPERATORS = (">=", "<=")


def check_constraint(constraint, names, func, parameter="constraint"):
    """``(metric, operator, bound)`` checked: a metric of ``names``, ``>=`` or
    ``<=``, and a finite real bound."""
    if (
        not isinstance(constraint, (tuple, list))
        or len(constraint) != 3
        or not isinstance(constraint[0], str)
    ):
        rule = "a tuple (metric, operator, bound) such as ('precision', '>=', 0.9)"
        raise ValueError(param_error(func, parameter, rule, constraint))
    metric, operator, bound = constraint
    if metric not in names:
        raise ValueError(
            param_error(func, parameter, f"a metric among {list(names)}", metric)
        )
    if operator not in _OPERATORS:
        raise ValueError(
            param_error(func, parameter, f"an operator among {_OPERATORS}", operator)
        )
    if (
        isinstance(bound, bool)
        or not isinstance(bound, numbers.Real)
        or not np.isfinite(bound)
    ):
        raise ValueError(param_error(func, parameter, "a finite real bound", bound))
    return metric, operator, float(bound)


def met(values, operator, bound):
    """Where ``values`` satisfy the constraint (NaN never does)."""
    values = np.asarray(values, dtype=float)
    with np.errstate(invalid="ignore"):
        return values >= bound if operator == ">=" else values <= bound


def constrained_index(objective, constrained, operator, bound, thresholds, lower):
    """The index of the best ``objective`` where the constraint holds, or None.

    ``lower``: the objective is lower-is-better. Ties of the objective go to
    the best constraint value (the largest for ``>=``, the smallest for
    ``<=``: the most margin), then to the lowest threshold, as the
    unconstrained best threshold does.
    """
    objective = np.asarray(objective, dtype=float)
    allowed = met(constrained, operator, bound) & ~np.isnan(objective)
    if not allowed.any():
        return None
    candidates = np.flatnonzero(allowed)
    values = objective[candidates]
    best = np.min(values) if lower else np.max(values)
    candidates = candidates[values == best]
    margin = np.asarray(constrained, dtype=float)[candidates]
    candidates = candidates[
        margin == (np.max(margin) if operator == ">=" else np.min(margin))
    ]
    return int(candidates[np.argmin(np.asarray(thresholds)[candidates])])


def best_achievable(constrained, operator):
    """The constraint metric's best value at any threshold (NaN if none)."""
    values = np.asarray(constrained, dtype=float)
    if np.isnan(values).all():
        return float("nan")
    return float(np.nanmax(values) if operator == ">=" else np.nanmin(values))


def unmet_error(constraint, constrained, func):
    """The error of a constraint that no threshold meets, naming the best
    value of its metric at any threshold."""
    metric, operator, _ = constraint
    achievable = best_achievable(constrained, operator)
    return ValueError(
        param_error(
            func,
            "constraint",
            "a constraint that some threshold meets",
            constraint,
            f"The best {metric} at any threshold is {achievable:.6g}.",
        )
    )
