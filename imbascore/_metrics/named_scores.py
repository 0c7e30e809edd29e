"""A metric by its name, on a counted table: the package's metrics and the
scikit-learn names that are functions of the confusion matrix.

The one path of :meth:`ConfusionCounts.score <imbascore.ConfusionCounts.score>`,
of the intervals and of the threshold curves' metric names.
"""

import numpy as np

from .._calibration.evaluate import CALIBRATION_METRIC_NAMES
from .._core.checks import describe, did_you_mean, param_error
from .._ranking.evaluate import SCORE_METRIC_NAMES
from .catalogue import BY_NAME, LABEL_CATALOGUE
from .per_class import METRICS
from .scoring import check_metric_options, score_table
from .sklearn_from_counts import SKLEARN_SCORES

__all__ = [
    "check_metric_name",
    "metric_options",
    "option_names",
    "score_names",
    "score_of_table",
]


#: The options every metric of the package shares, with their defaults.
_SHARED_DEFAULTS = {
    "labels": None,
    "pos_label": 1,
    "average": "binary",
    "zero_division": "warn",
}


#: Names whose meaning is scikit-learn's, read with imbascore's own function:
#: scikit-learn's balanced_accuracy_score is the mean recall over the true
#: classes, imbascore's ``balanced_accuracy_score(average="multiclass")``.
_DEFAULT_AVERAGE = {
    info.name: info.score_average
    for info in LABEL_CATALOGUE
    if info.score_average != "binary"
}


def score_names():
    """Every name :meth:`ConfusionCounts.score` knows, sorted."""
    return sorted(set(METRICS) | set(SKLEARN_SCORES))


def option_names(metric):
    """The options the metric ``metric`` of :func:`score_names` takes."""
    if metric in METRICS:
        return frozenset(_SHARED_DEFAULTS) | frozenset(BY_NAME[metric].params)
    return SKLEARN_SCORES[metric].options


def metric_options(metric, params, func):
    """The checked options of a metric of the package named ``metric``, with
    the defaults of its function (and scikit-learn's meaning of the names
    scikit-learn has)."""
    options = dict(_SHARED_DEFAULTS)
    if metric in _DEFAULT_AVERAGE:
        options["average"] = _DEFAULT_AVERAGE[metric]
    options.update(params)
    return check_metric_options(metric, func, **options)


def score_of_table(table, metric, params, func):
    """The value of ``metric`` on a counted table: the one path of
    :meth:`ConfusionCounts.score` and of the intervals."""
    if not isinstance(metric, str):
        raise TypeError(param_error(func, "metric", "a str", type(metric).__name__))
    if metric in METRICS:
        return score_table(metric_options(metric, params, func), table, stacklevel=3)
    if metric in SKLEARN_SCORES:
        return SKLEARN_SCORES[metric](table, func=func, **params)
    raise _unknown_metric(metric, score_names(), func)


def _unknown_metric(metric, names, func):
    """The error for a metric name none of ``names``."""
    hint = did_you_mean(metric, names)
    if hint:  # the nearest names, not the whole list
        rule = (
            "a metric name of imbascore or one of scikit-learn's of the "
            "confusion matrix"
        )
    else:
        rule = f"one of {names}"
    return ValueError(param_error(func, "metric", rule, metric, hint))


def check_metric_name(metric, func):
    """``metric`` checked at the door of a function that takes labels, scores
    or probabilities by the metric's name (:func:`~imbascore.metric_interval`,
    :func:`~imbascore.compare_predictions`,
    :func:`~imbascore.score_at_prevalence`): an unknown name is blamed on
    ``metric``, not on the predictions read as the wrong kind."""
    if not isinstance(metric, str):
        got = metric if metric is None or np.isscalar(metric) else describe(metric)
        raise TypeError(param_error(func, "metric", "a str (a metric's name)", got))
    names = score_names()
    if metric in names or metric in SCORE_METRIC_NAMES:
        return metric
    if metric in CALIBRATION_METRIC_NAMES:
        return metric
    every = sorted(set(names) | set(SCORE_METRIC_NAMES) | set(CALIBRATION_METRIC_NAMES))
    raise _unknown_metric(metric, every, func)
