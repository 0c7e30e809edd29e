"""Net benefit (Vickers & Elkin 2006), the quantity of decision curves.

Acting on a prediction at threshold probability ``pt`` says that a missed
positive is worth ``(1 - pt) / pt`` false alarms. Net benefit counts the true
positives per sample, less the false positives weighted by the odds of
``pt``: ``TP/n - FP/n * pt / (1 - pt)``. Standardised (the "net benefit
fraction"), it is divided by the prevalence, so 1.0 is a perfect model.
"""

import numbers
import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import param_error

__all__ = ["check_threshold_probability", "net_benefit", "warn_undefined"]


def check_threshold_probability(value, func, parameter="threshold_probability"):
    """A float in the open interval (0, 1)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or not 0.0 < value < 1.0
    ):
        raise ValueError(
            param_error(func, parameter, "a float in the open interval (0, 1)", value)
        )
    return float(value)


def net_benefit(tp, fp, fn, tn, threshold_probability, standardized=False):
    """Net benefit of counts (arrays broadcast); NaN where there are no
    samples, or, standardised, no positives."""
    tp, fp, fn, tn = (np.asarray(x, dtype=float) for x in (tp, fp, fn, tn))
    n = tp + fp + fn + tn
    odds = threshold_probability / (1.0 - threshold_probability)
    # standardised, the denominator is the prevalence: with no positive it
    # is 0 and the value undefined (NaN, not the -inf of FP/0)
    scale = (tp + fn) if standardized else n
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(scale > 0, (tp - fp * odds) / scale, np.nan)


def warn_undefined(func, total, positives, standardized, stacklevel=3):
    """The ``UndefinedMetricWarning`` of a net benefit that is NaN because
    every sample weighs 0, or, standardised, no sample is positive."""
    if total > 0 and (positives > 0 or not standardized):
        return
    why = (
        "every sample weight is 0"
        if total <= 0
        else "y_true has no positive sample, so the prevalence it is divided by is 0"
    )
    warnings.warn(
        f"{func}: the {'standardized ' if standardized else ''}net benefit is "
        f"undefined ({why}); returning NaN.",
        UndefinedMetricWarning,
        stacklevel=stacklevel,
    )
