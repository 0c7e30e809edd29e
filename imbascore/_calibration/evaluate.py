"""A calibration metric by name, as a function of grouped counts: the one
path of :func:`~imbascore.metric_interval`, :func:`~imbascore.
compare_predictions` and :func:`~imbascore.score_at_prevalence` for the
catalogue's calibration records, and of their bootstrap resamples."""

import warnings
from functools import partial

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import param_error
from .._ranking.params import checked_params
from .._specs.catalogue import metric_info
from .._specs.probabilities import CALIBRATION_CATALOGUE
from .._specs.probability_formulas import ThinBins
from .bootstrap import grouped_resamples, paired_multiplicities
from .grouped import at_share, read_grouped, regroup

__all__ = [
    "CALIBRATION_METRIC_NAMES",
    "calibration_draws",
    "calibration_score",
    "calibration_value",
    "calibration_statistic",
    "paired_calibration_draws",
    "read_calibration",
]

#: The calibration metrics by name (the catalogue's records that read
#: probabilities).
CALIBRATION_METRIC_NAMES = tuple(spec.name for spec in CALIBRATION_CATALOGUE)


def _evaluate(formula, params, func, grouped):
    try:
        return formula(grouped, **params)
    except ThinBins as error:  # the debiased L1 error of a bin of weight < 2
        raise ValueError(
            param_error(
                func,
                "n_bins",
                "small enough that every non-empty bin weighs at least 2 for "
                "the debiased L1 error",
                params["n_bins"],
                f"A {params['strategy']} bin weighs {error.args[0]:g}; pass fewer "
                "bins or strategy='quantile' (uniform bins of rare high "
                "probabilities are nearly empty on imbalanced data).",
            )
        ) from None


def calibration_statistic(metric, params, func):
    """Metric ``metric`` as a function of a :class:`Grouped` (its record's
    ``formula``), its parameters (``params``, without ``pos_label``) checked
    and bound."""
    checked = checked_params(metric, params, func)
    return partial(_evaluate, metric_info(metric).formula, checked, func)


def _undefined_stratum(grouped, metric, stratum, func, stacklevel):
    """Whether the ``stratum`` a mean loss averages over has no weight, with
    an ``UndefinedMetricWarning`` if so."""
    needs = {"positive": ("positive",), "negative": ("negative",)}.get(
        stratum, ("positive", "negative") if stratum == "balanced" else ()
    )
    missing = [cls for cls in needs if not getattr(grouped, f"{cls}_total") > 0]
    if missing:
        what = f"{metric_info(metric).readable} of the {stratum} samples"
        warnings.warn(
            f"{func}: {what} is undefined (no {' and no '.join(missing)} sample "
            "of non-zero weight); returning NaN.",
            UndefinedMetricWarning,
            stacklevel=stacklevel,
        )
    return bool(missing)


def read_calibration(y_true, y_proba, sample_weight, prevalence, params, func, name):
    """``(inputs, ranked, grouped, share)``: the probabilities read once,
    grouped at the deployment share (None: the data's)."""
    params = dict(params)
    pos_label = params.pop("pos_label", None)
    inputs, ranked, grouped = read_grouped(
        y_true,
        y_proba,
        sample_weight,
        func,
        pos_label=pos_label,
        prevalence=prevalence,
        name=name,
    )
    share = None
    if grouped.factors != (1.0, 1.0) or prevalence is not None:
        total = grouped.positive_total + grouped.negative_total
        share = grouped.positive_total / total if total > 0 else None
    return inputs, ranked, grouped, share, params


def calibration_draws(ranked, grouped, statistic, share, n_resamples, rng):
    """The statistic on each bootstrap resample: the cases drawn with
    replacement, each class on its own at a deployment share."""
    values = grouped.values
    draws = np.empty(n_resamples)
    resamples = grouped_resamples(
        ranked, n_resamples, rng, stratified=share is not None
    )
    with np.errstate(invalid="ignore", divide="ignore"):
        for row, (positives, negatives) in enumerate(resamples):
            positives, negatives = at_share(positives, negatives, share)
            draws[row] = statistic(type(grouped)(values, positives, negatives))
    return draws


def paired_calibration_draws(ranked_a, ranked_b, statistic, n_resamples, rng):
    """``(draws_a, draws_b)``: the statistic of two models' probabilities of
    the same samples on the same bootstrap resamples (the same cases drawn
    for both)."""
    draws = np.empty((2, n_resamples))
    with np.errstate(invalid="ignore", divide="ignore"):
        for row, multiplicity in enumerate(
            paired_multiplicities(ranked_a, n_resamples, rng)
        ):
            for column, ranked in enumerate((ranked_a, ranked_b)):
                weights = multiplicity[ranked.order]
                if ranked.weights is not None:
                    weights = weights * ranked.weights
                draws[column, row] = statistic(regroup(ranked, weights))
    return draws[0], draws[1]


def calibration_value(metric, own, grouped, func, stacklevel=4):
    """The metric's value on ``grouped``, NaN with a warning (at
    ``stacklevel`` from here) where the stratum it averages over is empty."""
    if _undefined_stratum(grouped, metric, own.get("stratum"), func, stacklevel):
        return np.nan
    return calibration_statistic(metric, own, func)(grouped)


def calibration_score(
    y_true, y_proba, metric, params, func, *, sample_weight=None, prevalence=None
):
    """Calibration metric ``metric`` of ``y_proba`` (read as ``y_pred``) at
    the deployment ratio ``prevalence``: :func:`~imbascore.
    score_at_prevalence`'s path."""
    own = {key: value for key, value in params.items() if key != "pos_label"}
    calibration_statistic(metric, own, func)  # its parameters, checked first
    _, _, grouped, _, _ = read_calibration(
        y_true,
        y_proba,
        sample_weight,
        prevalence,
        {"pos_label": params.get("pos_label")},
        func,
        "y_pred",
    )
    return float(calibration_value(metric, own, grouped, func))
