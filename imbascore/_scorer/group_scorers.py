"""The scorer of the worst group: model selection that leaves no group
behind. The groups reach it as routed metadata."""

from __future__ import annotations

from typing import Any

import sklearn
from sklearn.metrics import make_scorer

from .._core.types import Scorer
from .._groups.worst import check_worst_group_params, worst_group_score
from .._specs.catalogue import BY_NAME
from .factory_as_scorer import scorer_factory

__all__ = ["worst_group_scorer"]

_RESPONSE = {
    "labels": "predict",
    "scores": ("decision_function", "predict_proba"),
    "probabilities": "predict_proba",
}


@scorer_factory
def worst_group_scorer(metric: str = "iba", **metric_params: Any) -> Scorer:
    """Scorer of a metric in the group where it is worst.

    The groups come as metadata named ``groups``: with scikit-learn's
    metadata routing on (``sklearn.set_config(enable_metadata_routing=True)``)
    the scorer requests them, and ``cross_validate(..., params={"groups":
    g})`` or ``GridSearchCV(...).fit(X, y, groups=g)`` passes each fold's
    (a group splitter such as ``GroupKFold`` then reads the same array).
    Build the scorer after turning routing on: it requests ``groups`` when
    it is built. Called directly, ``scorer(estimator, X, y, groups=g)``,
    which scikit-learn also allows only with routing on; without it,
    :func:`~imbascore.worst_group_score` gives the number.

    Parameters
    ----------
    metric : str, default="iba"
        A name of :func:`~imbascore.list_metrics` or of scikit-learn's
        metrics of the confusion matrix; the metrics of scores or
        probabilities read ``decision_function`` or ``predict_proba``.
    **metric_params
        The metric's options (``alpha=``, ``pos_label=``, ...).

    Returns
    -------
    scorer : callable
        ``make_scorer(worst_group_score, metric=..., ...)``, negated for a
        lower-is-better metric as scikit-learn's scorers are.

    Examples
    --------
    >>> from imbascore.scorers import worst_group_scorer
    >>> worst_group_scorer("sensitivity")
    make_scorer(worst_group_score, response_method='predict', metric=sensitivity)
    """
    func = "worst_group_scorer"
    check_worst_group_params(metric, metric_params, func)
    info = BY_NAME.get(metric)
    reads = "labels" if info is None else info.reads
    greater = True if info is None else info.greater_is_better
    scorer = make_scorer(
        worst_group_score,
        greater_is_better=greater,
        response_method=_RESPONSE[reads],
        metric=metric,
        **metric_params,
    )
    if sklearn.get_config().get("enable_metadata_routing", False):
        scorer = scorer.set_score_request(groups=True)
    return scorer
