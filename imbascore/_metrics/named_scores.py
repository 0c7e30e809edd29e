"""A metric by its name, on a counted table: the package's metrics and the
scikit-learn names that are functions of the confusion matrix.

The one path of :meth:`ConfusionCounts.score <imbascore.ConfusionCounts.score>`,
of the intervals and of the threshold curves' metric names.
"""

from .._core.checks import did_you_mean, param_error
from .catalogue import BY_NAME, LABEL_CATALOGUE
from .per_class import METRICS
from .scoring import check_metric_options, score_table
from .sklearn_from_counts import SKLEARN_SCORES

__all__ = ["metric_options", "option_names", "score_names", "score_of_table"]


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
    hint = did_you_mean(metric, score_names())
    if hint:  # the nearest names, not the whole list
        rule = (
            "a metric name of imbascore or one of scikit-learn's of the "
            "confusion matrix"
        )
    else:
        rule = f"one of {score_names()}"
    raise ValueError(param_error(func, "metric", rule, metric, hint))
