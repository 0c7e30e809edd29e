"""A calibration metric by name, as a function of grouped counts: the one
path of :func:`~imbascore.metric_interval`, :func:`~imbascore.
compare_predictions` and :func:`~imbascore.score_at_prevalence` for the
catalogue's calibration records, and of their bootstrap resamples."""

from functools import partial

import numpy as np

from .bootstrap import grouped_resamples, paired_multiplicities
from .from_groups import decomposition, stratified_score
from .grouped import at_share, read_grouped, regroup
from .params import check_ece_params, check_score, check_stratum
from .scores import ece_of_groups, stratum_score

__all__ = [
    "CALIBRATION_METRIC_NAMES",
    "calibration_draws",
    "calibration_score",
    "calibration_value",
    "calibration_statistic",
    "paired_calibration_draws",
    "read_calibration",
]


def _loss(score, grouped, *, stratum=None):
    return stratified_score(
        score, grouped.values, grouped.positives, grouped.negatives, stratum
    )


def _mcb(grouped, *, score="brier"):
    return decomposition(score, grouped.values, grouped.positives, grouped.negatives)[1]


def _ece(grouped, *, func, **params):
    return ece_of_groups(grouped, func=func, **params)


def _checked_ece(params, func):
    defaults = {
        "n_bins": 10,
        "strategy": "uniform",
        "norm": "l1",
        "debiased": False,
        "squared": False,
    }
    merged = defaults | params
    merged["n_bins"] = check_ece_params(
        merged["n_bins"],
        merged["strategy"],
        merged["norm"],
        merged["debiased"],
        merged["squared"],
        func,
    )
    return merged


#: name -> (function of a Grouped, its parameters' check).
_STATISTICS = {
    "brier_score": (
        partial(_loss, "brier"),
        lambda p, func: {"stratum": check_stratum(p.get("stratum"), func)},
    ),
    "log_loss": (
        partial(_loss, "log_loss"),
        lambda p, func: {"stratum": check_stratum(p.get("stratum"), func)},
    ),
    "mcb": (
        _mcb,
        lambda p, func: {"score": check_score(p.get("score", "brier"), func)},
    ),
    "ece": (_ece, _checked_ece),
}
_OWN = {
    "brier_score": ("stratum",),
    "log_loss": ("stratum",),
    "mcb": ("score",),
    "ece": ("n_bins", "strategy", "norm", "debiased", "squared"),
}

#: The calibration metrics by name (the catalogue's records that read
#: probabilities).
CALIBRATION_METRIC_NAMES = tuple(_STATISTICS)


def calibration_statistic(metric, params, func):
    """Metric ``metric`` as a function of a :class:`Grouped`, its
    parameters (``params``, without ``pos_label``) checked and bound."""
    unknown = sorted(set(params) - set(_OWN[metric]))
    if unknown:
        raise TypeError(
            f"{func} got parameters {unknown} that the {metric!r} metric does "
            f"not take; it takes {list(_OWN[metric])} and pos_label."
        )
    function, check = _STATISTICS[metric]
    checked = check(dict(params), func)
    if metric == "ece":
        checked = dict(checked, func=func)
    return partial(function, **checked)


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


def calibration_value(metric, own, grouped, func):
    """The metric's value on ``grouped``, with its function's warning where a
    stratum is empty."""
    if metric in ("brier_score", "log_loss") and own.get("stratum") is not None:
        score = "brier" if metric == "brier_score" else "log_loss"
        return stratum_score(grouped, score, own["stratum"], func)
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
