"""Intervals and paired comparisons of the calibration metrics (the
catalogue's records that read probabilities), by the bootstrap of the
grouped probabilities (:mod:`imbascore._calibration.evaluate`)."""

import numpy as np

from .._calibration.evaluate import (
    calibration_draws,
    calibration_statistic,
    calibration_value,
    paired_calibration_draws,
    read_calibration,
)
from .._calibration.grouped import at_share, of_cumulated, regroup
from .._core.checks import check_choice, check_confidence_level, check_n_resamples
from .._core.engine.ranked import rank_scores
from .._core.inputs.scores import read_scores
from .._core.resampling import bca_bounds, percentiles
from .._ranking.bootstrap import jackknife_values
from .ranking import bootstrap_generator
from .settings import difference_test

__all__ = ["CALIBRATION_METHODS", "calibration_comparison", "calibration_interval"]

#: The intervals of a calibration metric: the bootstrap's percentiles, the
#: basic (reverse percentile) interval cut at 0, BCa.
CALIBRATION_METHODS = ("bootstrap", "bootstrap-basic", "bootstrap-bca")
#: The metrics that drift upwards in resamples (a PAV fit, bins fitted to
#: noise): their default interval is the basic one, which corrects the drift
#: (the percentile interval of a calibrated model's MCB never holds 0).
_DRIFTING = frozenset({"mcb", "ece"})


def _jackknife(ranked, grouped, statistic, share, rng):
    def evaluate(positives, negatives):
        positives, negatives = at_share(positives, negatives, share)
        return statistic(type(grouped)(grouped.values, positives, negatives))

    with np.errstate(invalid="ignore", divide="ignore"):
        return jackknife_values(ranked, of_cumulated(evaluate), None, rng)


def calibration_interval(
    y_true,
    y_proba,
    metric,
    resampling,
    *,
    sample_weight,
    prevalence,
    metric_params,
    func,
):
    """``(estimate, low, high, method, n_resamples)`` of calibration metric
    ``metric`` on ``y_proba``, drawn as ``resampling`` (a :class:`Resampling`)
    says."""
    method, level, n_resamples, random_state = resampling
    if method is None:  # measured in benchmarks/bench_calibration.py
        method = "bootstrap-basic" if metric in _DRIFTING else "bootstrap"
    method = check_choice(method, "method", CALIBRATION_METHODS, func)
    level = check_confidence_level(level, func)
    n_resamples = check_n_resamples(n_resamples, func)
    params = dict(metric_params)
    pos_label = params.get("pos_label")
    own = {key: value for key, value in params.items() if key != "pos_label"}
    statistic = calibration_statistic(metric, own, func)
    inputs, ranked, grouped, share, _ = read_calibration(
        y_true,
        y_proba,
        sample_weight,
        prevalence,
        {"pos_label": pos_label},
        func,
        "y_pred",
    )
    estimate = float(calibration_value(metric, own, grouped, func))
    if not np.isfinite(estimate):
        return estimate, np.nan, np.nan, method, n_resamples
    rng = bootstrap_generator(random_state, func)
    draws = calibration_draws(ranked, grouped, statistic, share, n_resamples, rng)
    if method == "bootstrap":
        low, high = percentiles(draws, level)
    elif method == "bootstrap-basic":
        low, high = percentiles(draws, level)
        low, high = max(2 * estimate - high, 0.0), 2 * estimate - low
    else:
        left_out = _jackknife(ranked, grouped, statistic, share, rng)
        low, high = bca_bounds(
            draws, estimate, (left_out, np.ones(left_out.shape[0])), level
        )
    return estimate, float(low), float(high), method, n_resamples


def calibration_comparison(
    y_true, proba_a, proba_b, metric, resampling, *, sample_weight, metric_params, func
):
    """The paired difference of calibration metric ``metric`` between two
    models' probabilities of the same samples: ``(score_a, score_b,
    difference, low, high, pvalue, test, method, statistic)`` (no
    statistic: None); the same cases are drawn
    for both models in every resample."""
    method, level, n_resamples, random_state = resampling
    method = check_choice(
        "bootstrap" if method is None else method, "method", ("bootstrap",), func
    )
    level = check_confidence_level(level, func)
    n_resamples = check_n_resamples(n_resamples, func)
    params = dict(metric_params)
    pos_label = params.pop("pos_label", None)
    statistic = calibration_statistic(metric, params, func)
    ranked = []
    for name, proba in (("pred_a", proba_a), ("pred_b", proba_b)):
        inputs = read_scores(
            y_true,
            proba,
            sample_weight,
            func,
            pos_label=pos_label,
            name=name,
            probabilities=True,
        )
        ranked.append(
            rank_scores(inputs.scores, inputs.truth == inputs.pos_label, inputs.weights)
        )
    score_a, score_b = (float(statistic(regroup(side))) for side in ranked)
    rng = bootstrap_generator(random_state, func)
    draws_a, draws_b = paired_calibration_draws(
        ranked[0], ranked[1], statistic, n_resamples, rng
    )
    _, low, high, pvalue = difference_test(draws_a - draws_b, level)
    difference = score_a - score_b
    return score_a, score_b, difference, low, high, pvalue, "bootstrap", method, None
