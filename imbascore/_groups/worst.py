"""The worst group's value of a metric: what model selection optimises when
no group may be left behind."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._calibration.evaluate import CALIBRATION_METRIC_NAMES, calibration_statistic
from .._core.checks import param_error
from .._core.types import ArrayLike
from .._metrics.named_scores import metric_options
from .._metrics.per_class import METRICS
from .._ranking.evaluate import SCORE_METRIC_NAMES
from .._ranking.params import check_ranking_params
from .._specs.catalogue import BY_NAME, LOWER_IS_BETTER
from .metrics import (
    check_metric_name,
    inputs_family,
    metric_option_names,
    metrics_by_group,
)

__all__ = ["check_worst_group_params", "worst_group_score"]

#: What to do when the groups do not arrive: the scorer gets them only as
#: routed metadata.
ROUTING_HINT = (
    "As a scorer (worst_group_scorer) the groups arrive as routed metadata: "
    "call sklearn.set_config(enable_metadata_routing=True) before building "
    "the scorer, then pass them as cross_validate(..., params={'groups': g}) "
    "or GridSearchCV(...).fit(X, y, groups=g); called directly, pass "
    "groups=g."
)


def check_worst_group_params(metric, metric_params, func, reads="labels"):
    """The checks of ``metric`` and its options that need no data, for a
    scorer to make when it is built: a known name (with the nearest names
    otherwise), options the metric takes, and the values of the options of
    the package's metrics of labels. ``reads``: the inputs' family, for the
    nearest names (see :func:`check_metric_name`)."""
    check_metric_name(metric, func, "metric", reads)
    options = metric_option_names(metric)
    for option, value in metric_params.items():
        if option not in options:
            raise TypeError(
                param_error(
                    func,
                    option,
                    f"an option of {metric!r}, among {sorted(options)}",
                    value,
                )
            )
    own = {key: value for key, value in metric_params.items() if key != "pos_label"}
    if metric in METRICS:
        metric_options(metric, metric_params, func)
    elif metric in SCORE_METRIC_NAMES:
        check_ranking_params(metric, own, func)
    elif metric in CALIBRATION_METRIC_NAMES:
        own.pop("prevalence", None)
        calibration_statistic(metric, own, func)


def worst_group_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    groups: ArrayLike | None = None,
    metric: str = "iba",
    sample_weight: ArrayLike | None = None,
    **metric_params: Any,
) -> float:
    """A metric's value in the group where it is worst.

    The lowest value over the groups for a greater-is-better metric (the
    highest for a lower-is-better one), groups where the metric is
    undefined left out (each named in an ``UndefinedMetricWarning``); NaN
    if it is undefined in every group. As a scorer
    (:func:`~imbascore.scorers.worst_group_scorer`) it lets a search choose
    the model whose worst group is best.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True labels and predicted labels (or scores or probabilities for the
        metrics that read them).
    groups : array-like, Series or DataFrame
        Each sample's group (several columns: their intersections).
    metric : str, default="iba"
        A name of :func:`~imbascore.list_metrics` or of scikit-learn's
        metrics of the confusion matrix.
    sample_weight : array-like of shape (n_samples,), default=None
    **metric_params
        The metric's options.

    Returns
    -------
    score : float

    Examples
    --------
    >>> from imbascore import worst_group_score
    >>> y_true = [1, 1, 0, 0, 1, 1, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 0, 1, 1, 0, 0, 0, 0, 0]
    >>> worst_group_score(
    ...     y_true, y_pred, groups=list("aaaabbbbbb"), metric="sensitivity"
    ... )
    0.5
    """
    func = "worst_group_score"
    if groups is None:
        raise TypeError(
            param_error(func, "groups", "each sample's group", groups, ROUTING_HINT)
        )
    check_worst_group_params(
        metric, metric_params, func, lambda: inputs_family(y_pred, None)
    )
    # errors and the undefined groups' warnings named as the function called
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UndefinedMetricWarning)
            result = metrics_by_group(
                y_true,
                y_pred,
                groups=groups,
                metrics={metric: (metric, metric_params)},
                sample_weight=sample_weight,
            )
    except (ValueError, TypeError) as error:
        raise type(error)(str(error).replace("metrics_by_group", func)) from None
    for warning in caught:
        message = str(warning.message).replace("metrics_by_group", func)
        warnings.warn(message, warning.category, stacklevel=2)
    values = result.values[metric]
    if not np.isfinite(values).any():
        return float("nan")
    lower = metric in LOWER_IS_BETTER or (
        metric not in BY_NAME and metric.startswith("neg_")
    )
    return float(np.nanmax(values) if lower else np.nanmin(values))
