"""Intervals and paired comparisons of the ranking metrics.

:func:`~imbascore.metric_interval` and :func:`~imbascore.compare_predictions`
hand a metric that reads scores (a record of the catalogue with
``reads="scores"``) here: the scores are sorted once
(:mod:`imbascore._ranking`), then DeLong's variance (ROC AUC) or a stratified
bootstrap that reweights that one order (every ranking metric) gives the
interval; two models' scores of the same samples are compared by DeLong's
paired test or by a paired bootstrap.
"""

import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import (
    check_choice,
    check_confidence_level,
    check_n_resamples,
    check_seed,
    param_error,
)
from .._ranking.bootstrap import bootstrap_interval, paired_bootstrap
from .._ranking.delong import delong_interval, delong_paired
from .._ranking.evaluate import (
    DESCRIPTIONS,
    checked_metric,
    counted_metric,
    undefined,
)
from .._ranking.inputs import read_ranked
from .._ranking.params import check_ranking_params

__all__ = ["RANKING_METHODS", "ranking_comparison", "ranking_interval"]

#: The interval methods of the ranking metrics; DeLong's for ROC AUC only.
RANKING_METHODS = ("delong", "delong-logit", "bootstrap", "bootstrap-bca")
_DELONG = {"delong": None, "delong-logit": "logit"}
_PAIRED_METHODS = ("delong", "bootstrap")


def bootstrap_generator(random_state, func):
    """The draws of a ranking bootstrap: a numpy ``Generator`` seeded from
    scikit-learn's ``random_state`` (an int, a ``RandomState``, None); its
    integers are three times faster to draw than a ``RandomState``'s, and
    a resample of 10^5 scores draws 10^5 of them."""
    if isinstance(random_state, np.random.Generator):
        return random_state
    return np.random.default_rng(check_seed(random_state, func).randint(2**31 - 1))


def default_method(metric):
    """DeLong's for ROC AUC, the BCa bootstrap for the other ranking metrics."""
    return "delong" if metric == "roc_auc" else "bootstrap-bca"


def _check_method(method, metric, methods, func):
    method = check_choice(method, "method", methods, func)
    if method in _DELONG and metric != "roc_auc":
        raise ValueError(
            param_error(
                func,
                "method",
                "'bootstrap' or 'bootstrap-bca' for a ranking metric other "
                "than 'roc_auc' (DeLong's variance is that of the full ROC AUC)",
                method,
            )
        )
    return method


def _read(y_true, y_score, sample_weight, params, func, name):
    pos_label = params.pop("pos_label", None)
    return read_ranked(
        y_true, y_score, sample_weight, func, pos_label=pos_label, name=name
    )


def ranking_interval(
    y_true,
    y_score,
    metric,
    resampling,
    *,
    sample_weight,
    prevalence,
    metric_params,
    func,
    score_name="y_pred",
):
    """``(estimate, low, high, method, n_resamples, note)`` of ranking
    metric ``metric`` on ``y_score``, drawn as ``resampling`` (a
    :class:`Resampling`) says; ``score_name`` names the scores' parameter."""
    method, confidence_level, n_resamples, random_state = resampling
    method = _check_method(
        default_method(metric) if method is None else method,
        metric,
        RANKING_METHODS,
        func,
    )
    level = check_confidence_level(confidence_level, func)
    params = dict(metric_params)
    inputs, ranked = _read(y_true, y_score, sample_weight, params, func, score_name)
    evaluate, _, _ = checked_metric(inputs, ranked, metric, params, prevalence, func)
    if evaluate is None:
        nan = float("nan")
        return nan, nan, nan, method, None, None
    if method in _DELONG:
        estimate, low, high = delong_interval(ranked, level, transform=_DELONG[method])
        if np.isnan(low):
            _warn_single(ranked, func, "interval is")
        return estimate, low, high, method, None, _degenerate_note(low, high)
    n_resamples = check_n_resamples(n_resamples, func)
    rng = bootstrap_generator(random_state, func)
    estimate, low, high = bootstrap_interval(
        ranked,
        evaluate,
        method="percentile" if method == "bootstrap" else "bca",
        confidence_level=level,
        n_resamples=n_resamples,
        rng=rng,
    )
    return estimate, low, high, method, n_resamples, _degenerate_note(low, high)


def _warn_single(ranked, func, what):
    """Warn that DeLong's ``what`` is NaN: a class of one sample (or, under
    weights, of Kish effective size at most 1) has no variance of its
    placements."""
    positives = int(np.count_nonzero(ranked.positive & _weighed(ranked)))
    negatives = int(np.count_nonzero(~ranked.positive & _weighed(ranked)))
    warnings.warn(
        f"{func}: DeLong's {what} undefined ({positives} positive and "
        f"{negatives} negative samples of non-zero weight: the variance of the "
        "placements needs more than one sample of each class, or an effective "
        "size above 1 under weights); it is NaN. method='bootstrap' resamples "
        "instead, but one sample of a class tells little about the AUC.",
        UndefinedMetricWarning,
        stacklevel=4,
    )


def _weighed(ranked):
    if ranked.weights is None:
        return np.ones(ranked.positive.shape[0], dtype=bool)
    return ranked.weights > 0


def _degenerate_note(low, high):
    """Say so when an interval has no width: not certainty, but a variance
    estimated at 0 (every positive above every negative, or all scores tied)
    or a resampling with nothing to vary."""
    if low == high:
        return (
            "The interval has zero width: the placements or resamples do not "
            "vary here (complete separation, or all scores tied), which is not "
            "certainty. Report the counts of positives and negatives with it."
        )
    return None


def ranking_comparison(
    y_true, score_a, score_b, metric, resampling, *, sample_weight, metric_params, func
):
    """The paired difference of ranking metric ``metric`` between two
    models' scores of the same samples: ``(score_a, score_b, difference,
    low, high, pvalue, test, method, statistic)`` (DeLong's z, else
    None)."""
    method, confidence_level, n_resamples, random_state = resampling
    if method is None:
        method = "delong" if metric == "roc_auc" else "bootstrap"
    method = _check_method(method, metric, _PAIRED_METHODS, func)
    level = check_confidence_level(confidence_level, func)
    params = dict(metric_params)
    pos_label = params.pop("pos_label", None)
    _, ranked_a = read_ranked(
        y_true, score_a, sample_weight, func, pos_label=pos_label, name="pred_a"
    )
    _, ranked_b = read_ranked(
        y_true, score_b, sample_weight, func, pos_label=pos_label, name="pred_b"
    )
    params = check_ranking_params(metric, params, func)
    tp, fp = ranked_a.cumulated()
    what = f"the difference of {DESCRIPTIONS[metric]}"
    needs_negatives = metric != "average_precision"
    if undefined(
        ranked_a, tp, fp, func, what, needs_negatives=needs_negatives, stacklevel=4
    ):
        nan = float("nan")
        return nan, nan, nan, nan, nan, nan, method, method, None
    if method == "delong":
        paired = delong_paired(ranked_a, ranked_b, level)
        if np.isnan(paired.variance):
            _warn_single(ranked_a, func, "test and interval are")
        return (
            paired.auc_a,
            paired.auc_b,
            paired.difference,
            paired.low,
            paired.high,
            paired.pvalue,
            "delong",
            method,
            paired.z,
        )
    n_resamples = check_n_resamples(n_resamples, func)
    paired = paired_bootstrap(
        ranked_a,
        ranked_b,
        counted_metric(metric, params),
        confidence_level=level,
        n_resamples=n_resamples,
        rng=bootstrap_generator(random_state, func),
    )
    return (
        paired.score_a,
        paired.score_b,
        paired.difference,
        paired.low,
        paired.high,
        paired.pvalue,
        "bootstrap",
        method,
        None,
    )
