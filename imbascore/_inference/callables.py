"""A plain callable ``f(y_true, y_pred, sample_weight=None)`` as a metric.

Any scikit-learn metric, or a user's function, reads rows, not counts: its
interval (and the paired difference of two models) is a bootstrap over the
rows. Resample ``b`` takes ``rng.randint(0, n, n)``, in order, so the draws
are reproducible by hand; a comparison gives both models the same rows.

The rows are resampled as a whole, as the package's bootstrap of a metric
of labels resamples its confusion table (a multinomial over the cells with
the total held): the same distribution of tables, drawn from the rows.
Draws where the callable is undefined (NaN, or an error-free warning such
as scikit-learn's ``UndefinedMetricWarning``) are left out of the
percentiles, as for the package's own metrics.
"""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.utils import check_consistent_length

from .._core.checks import (
    check_confidence_level,
    check_n_resamples,
    check_seed,
    param_error,
)
from .._core.resampling import percentiles

__all__ = [
    "callable_comparison",
    "callable_interval",
    "callable_name",
    "metric_value",
]

#: What ``method`` may be for a callable; "auto" and None pick the bootstrap.
_ACCEPTED = (None, "auto", "bootstrap")


def callable_name(metric):
    """How results name a callable metric: its ``__name__``."""
    return getattr(metric, "__name__", type(metric).__name__)


def _check_method(method, metric, func):
    if isinstance(method, str | type(None)) and method in _ACCEPTED:
        return "bootstrap"
    raise ValueError(
        param_error(
            func,
            "method",
            f"'bootstrap' for a metric given as a callable ({callable_name(metric)}:"
            " it reads rows, and the other methods need counts)",
            method,
        )
    )


def _rows(arrays, sample_weight):
    """The inputs as arrays of one length (the callable checks the rest)."""
    arrays = [np.asarray(array) for array in arrays]
    if sample_weight is not None:
        sample_weight = np.asarray(sample_weight, dtype=float)
        check_consistent_length(*arrays, sample_weight)
    else:
        check_consistent_length(*arrays)
    return arrays, sample_weight


def metric_value(metric, y_true, y_pred, weights, params=None):
    """``metric`` of one set of rows; ``sample_weight`` only when given."""
    params = dict(params or {})
    if weights is not None:
        params["sample_weight"] = weights
    return float(metric(y_true, y_pred, **params))


def _draws(metric, y_true, predictions, weights, options):
    """Each prediction's metric on the same resampled rows: an array of
    shape (n_resamples, len(predictions))."""
    n = len(y_true)
    n_resamples, rng, params = options
    values = np.empty((n_resamples, len(predictions)))
    with warnings.catch_warnings():  # a resample without positives, say
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        for draw in range(n_resamples):
            rows = rng.randint(0, n, n)
            w = None if weights is None else weights[rows]
            for column, pred in enumerate(predictions):
                values[draw, column] = metric_value(
                    metric, y_true[rows], pred[rows], w, params
                )
    return values


def _options(metric, resampling, params, func):
    """The checked ``(method, level, (n_resamples, rng, params))``."""
    method, level, n_resamples, random_state = resampling
    method = _check_method(method, metric, func)
    level = check_confidence_level(level, func)
    n_resamples = check_n_resamples(n_resamples, func)
    return method, level, (n_resamples, check_seed(random_state, func), params)


def callable_interval(
    y_true,
    y_pred,
    metric,
    resampling,
    *,
    sample_weight,
    prevalence,
    metric_params,
    func,
):
    """``(estimate, low, high, method, n_resamples)`` of a callable metric,
    drawn as ``resampling`` (a :class:`Resampling`) says."""
    if prevalence is not None:
        raise ValueError(
            param_error(
                func,
                "prevalence",
                f"None for a metric given as a callable ({callable_name(metric)}: "
                "its value at another class ratio needs counts)",
                prevalence,
            )
        )
    method, level, options = _options(metric, resampling, metric_params, func)
    (y_true, y_pred), weights = _rows((y_true, y_pred), sample_weight)
    estimate = metric_value(metric, y_true, y_pred, weights, metric_params)
    draws = _draws(metric, y_true, [y_pred], weights, options)[:, 0]
    low, high = percentiles(draws, level)
    return estimate, low, high, method, options[0]


def callable_comparison(
    y_true, pred_a, pred_b, metric, resampling, *, sample_weight, metric_params, func
):
    """``((score_a, score_b), differences, method, level)`` of a callable
    metric: a paired bootstrap over rows, drawn as ``resampling`` says."""
    method, level, options = _options(metric, resampling, metric_params, func)
    arrays, weights = _rows((y_true, pred_a, pred_b), sample_weight)
    y_true, pred_a, pred_b = arrays
    score_a = metric_value(metric, y_true, pred_a, weights, metric_params)
    score_b = metric_value(metric, y_true, pred_b, weights, metric_params)
    draws = _draws(metric, y_true, [pred_a, pred_b], weights, options)
    return (score_a, score_b), draws[:, 0] - draws[:, 1], method, level
