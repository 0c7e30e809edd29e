"""A metric by its name, on a counted table: the package's metrics and the
scikit-learn names that are functions of the confusion matrix.

The one path of :meth:`ConfusionCounts.score <imbascore.ConfusionCounts.score>`,
of the intervals and of the threshold curves' metric names.
"""

import numpy as np

from .._calibration.evaluate import CALIBRATION_METRIC_NAMES
from .._core.checks import describe, did_you_mean, param_error
from .._ranking.evaluate import SCORE_METRIC_NAMES
from .._specs.catalogue import BY_NAME, LABEL_METRICS
from .scoring import check_metric_options, score_table
from .sklearn_from_counts import SKLEARN_SCORES

__all__ = [
    "check_metric_name",
    "every_metric_name",
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


def score_names():
    """Every name :meth:`ConfusionCounts.score` knows, sorted."""
    return sorted(set(LABEL_METRICS) | set(SKLEARN_SCORES))


def option_names(metric):
    """The options the metric ``metric`` of :func:`score_names` takes."""
    if metric in LABEL_METRICS:
        return frozenset(_SHARED_DEFAULTS) | frozenset(BY_NAME[metric].params)
    return SKLEARN_SCORES[metric].options


def metric_options(metric, params, func):
    """The checked options of a metric of the package named ``metric``, with
    the defaults of its function (and scikit-learn's meaning of the names
    scikit-learn has)."""
    # A name scikit-learn has means what it means there (its
    # balanced_accuracy_score is the mean recall: average="multiclass").
    options = dict(_SHARED_DEFAULTS, average=BY_NAME[metric].score_average)
    options.update(params)
    return check_metric_options(metric, func, **options)


def score_of_table(table, metric, params, func):
    """The value of ``metric`` on a counted table: the one path of
    :meth:`ConfusionCounts.score` and of the intervals."""
    if not isinstance(metric, str):
        raise TypeError(param_error(func, "metric", "a str", type(metric).__name__))
    if metric in LABEL_METRICS:
        return score_table(metric_options(metric, params, func), table, stacklevel=3)
    if metric in SKLEARN_SCORES:
        return SKLEARN_SCORES[metric](table, func=func, **params)
    raise _unknown_metric(metric, score_names(), func)


def _unknown_metric(metric, names, func, param="metric", hint=None):
    """The error for a metric name none of ``names``."""
    hint = hint or did_you_mean(metric, names)
    if hint:  # the nearest names, not the whole list
        rule = (
            "a name of list_metrics() or of scikit-learn's metrics of the "
            "confusion matrix"
        )
    else:
        rule = f"a name of list_metrics(), one of {names}"
    return ValueError(param_error(func, param, rule, metric, hint))


def every_metric_name():
    """Every name a metric can be given by: the counts' (:func:`score_names`),
    the ranking metrics' and the calibration metrics', sorted."""
    return sorted(
        set(score_names()) | set(SCORE_METRIC_NAMES) | set(CALIBRATION_METRIC_NAMES)
    )


def check_metric_name(metric, func, param="metric", reads=None):
    """``metric`` checked at the door of a function that takes labels, scores
    or probabilities by the metric's name (:func:`~imbascore.metric_interval`,
    :func:`~imbascore.compare_predictions`,
    :func:`~imbascore.score_at_prevalence`, the metrics by group): an unknown
    name is blamed on ``func``'s ``param``, not on the predictions read as the
    wrong kind. ``reads`` (``"labels"`` or ``"scores"``, or a callable giving
    it, asked only on error) puts the nearest name of the inputs' family
    first: "brier" next to scores is 'brier_score', not 'precision'."""
    if not isinstance(metric, str):
        got = metric if metric is None or np.isscalar(metric) else describe(metric)
        raise TypeError(param_error(func, param, "a metric name (a str)", got))
    every = every_metric_name()
    if metric in every:
        return metric
    family = reads() if callable(reads) else reads
    nearest = {
        "labels": score_names(),
        "scores": [*SCORE_METRIC_NAMES, *CALIBRATION_METRIC_NAMES],
    }.get(family, [])
    hint = did_you_mean(metric, nearest) or did_you_mean(metric, every)
    raise _unknown_metric(metric, every, func, param, hint)
