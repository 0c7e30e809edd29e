"""Checks of the calibration functions' own parameters: the rules are in the
metrics' records (:mod:`imbascore._specs.probabilities`), read by one check
(:func:`~imbascore._ranking.params.checked_params`); these name a record's
rules for a caller that holds single values."""

import numpy as np

from .._core.checks import param_error
from .._ranking.params import checked_params

__all__ = [
    "check_ece_params",
    "check_open_probabilities",
    "check_score",
    "check_stratum",
]


def check_stratum(stratum, func):
    return checked_params("brier_score", {"stratum": stratum}, func)["stratum"]


def check_score(score, func):
    return checked_params("mcb", {"score": score}, func)["score"]


def check_ece_params(n_bins, strategy, norm, debiased, squared, func):
    """The binning and the norm of an expected calibration error; the
    number of bins, an int."""
    params = dict(
        n_bins=n_bins, strategy=strategy, norm=norm, debiased=debiased, squared=squared
    )
    return checked_params("ece", params, func)["n_bins"]


def check_open_probabilities(low, high, func, name="y_proba"):
    """Probabilities strictly inside (0, 1): their logit is finite."""
    if low <= 0.0 or high >= 1.0:
        raise ValueError(
            param_error(
                func,
                name,
                "probabilities strictly inside (0, 1) (the calibration intercept "
                "and slope regress on their logit)",
                f"values from {low:g} to {high:g}",
                "Clip them, e.g. np.clip(y_proba, 1e-6, 1 - 1e-6), if the 0s and "
                "1s are rounded probabilities.",
            )
        )
    return np.float64(low), np.float64(high)
