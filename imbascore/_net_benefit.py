"""Net benefit (Vickers & Elkin 2006), the quantity of decision curves.

Acting on a prediction at threshold probability ``pt`` says that a missed
positive is worth ``(1 - pt) / pt`` false alarms. Net benefit counts the true
positives per sample, less the false positives weighted by the odds of
``pt``: ``TP/n - FP/n * pt / (1 - pt)``. Standardised (the "net benefit
fraction"), it is divided by the prevalence, so 1.0 is a perfect model.
"""

import numbers

import numpy as np

from ._checks import param_error

__all__ = ["check_threshold_probability", "net_benefit"]


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
    with np.errstate(invalid="ignore", divide="ignore"):
        value = (tp - fp * odds) / n
        if standardized:
            value = value / ((tp + fn) / n)
    return value
