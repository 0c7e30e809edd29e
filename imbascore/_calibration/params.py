"""Checks of the calibration functions' own parameters, one wording each."""

import numbers

import numpy as np

from .._core.checks import check_bool, check_choice, param_error
from .from_groups import SCORES, STRATA

__all__ = [
    "STRATEGIES",
    "NORMS",
    "check_ece_params",
    "check_score",
    "check_stratum",
    "check_open_probabilities",
]

STRATEGIES = ("uniform", "quantile")
NORMS = ("l1", "l2", "max")


def check_stratum(stratum, func):
    return check_choice(stratum, "stratum", STRATA, func)


def check_score(score, func):
    return check_choice(score, "score", tuple(SCORES), func)


def check_ece_params(n_bins, strategy, norm, debiased, squared, func):
    """The binning and the norm of an expected calibration error."""
    if (
        isinstance(n_bins, bool)
        or not isinstance(n_bins, numbers.Integral)
        or n_bins < 1
    ):
        raise ValueError(param_error(func, "n_bins", "an int >= 1", n_bins))
    check_choice(strategy, "strategy", STRATEGIES, func)
    check_choice(norm, "norm", NORMS, func)
    check_bool(debiased, "debiased", func)
    check_bool(squared, "squared", func)
    if squared and norm != "l2":
        raise ValueError(
            param_error(
                func, "squared", "False unless norm='l2'", squared, f"norm is {norm!r}."
            )
        )
    if debiased and norm == "max":
        raise ValueError(
            param_error(
                func,
                "debiased",
                "False with norm='max' (Kumar et al. debias the L1 and L2 errors)",
                debiased,
            )
        )
    return int(n_bins)


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
