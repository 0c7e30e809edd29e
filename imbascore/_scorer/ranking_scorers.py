"""Scorers of the ranking metrics: ROC AUC, average precision, AUPRG, partial AUC.

They read ``decision_function`` or ``predict_proba`` (the positive class's
column), as scikit-learn's ``roc_auc`` does, and check their parameters when
they are built. With ``prevalence=`` a scorer reads the metric at the
deployment's class ratio (:func:`~imbascore.score_at_prevalence`): average
precision and AUPRG move with the ratio, ROC AUC and partial AUC do not.
"""

from __future__ import annotations

from sklearn.metrics import make_scorer

from .._core.engine.prevalence import check_prevalence
from .._core.types import PosLabel, Scorer
from .._metrics.at_prevalence import score_at_prevalence
from .._ranking.params import check_ranking_params
from .._specs.catalogue import SCORE_CATALOGUE, metric_info
from .records import SCORER_OF, scorer_of

__all__ = [
    "RANKING_FACTORIES",
    "auprg_scorer",
    "average_precision_scorer",
    "partial_auc_scorer",
    "roc_auc_scorer",
]

#: Scores of the positive class, as scikit-learn's threshold-free scorers.
_RESPONSE = ("decision_function", "predict_proba")


def _ranking_scorer(metric, params, pos_label, prevalence, func):
    params = check_ranking_params(metric, params, func)
    if metric_info(metric).params:  # fix only what the metric takes
        params = {key: value for key, value in params.items() if value is not None}
    if pos_label is not None:
        params["pos_label"] = pos_label
    if prevalence is None:
        return make_scorer(
            metric_info(metric).function, response_method=_RESPONSE, **params
        )
    prevalence = check_prevalence(prevalence, func)
    return make_scorer(
        score_at_prevalence,
        response_method=_RESPONSE,
        metric=metric,
        prevalence=prevalence,
        **params,
    )


_COMMON_DOC = """
    pos_label : int, float, bool or str, default=None
        The positive class: the column of ``predict_proba`` read and the
        class ``y_true`` is compared with. None: the column of
        ``classes_[1]``, and the metric's rule (1 for classes {{0, 1}} or
        {{-1, 1}}); for other classes (strings, {{1, 2}}) give it, as
        scikit-learn's ``average_precision`` scorer needs too, or every fold
        fails with an error naming ``pos_label``.

    prevalence : float, sequence of float or dict, default=None
        Score at this class ratio instead of the data's (the fraction of
        ``pos_label``; see :func:`~imbascore.score_at_prevalence`, which the
        scorer then calls). {ratio}

    Returns
    -------
    scorer : callable
        A scikit-learn scorer, ``scorer(estimator, X, y, sample_weight=None)``,
        that reads ``decision_function`` or ``predict_proba``.
"""


def _documented(key):
    return scorer_of(key, "    {common}\n", _COMMON_DOC.lstrip("\n") + "\n")


@_documented("roc_auc")
def roc_auc_scorer(
    *, pos_label: PosLabel | None = None, prevalence: float | None = None
) -> Scorer:
    """Scorer of the area under the ROC curve, :func:`~imbascore.metrics.roc_auc_score`.

    Equal to scikit-learn's ``"roc_auc"`` scorer on two classes {0, 1} or
    {-1, 1}, or with ``pos_label`` given (scikit-learn's takes the greater
    label as positive without one); ``get_scorer("roc_auc")`` without
    parameters stays scikit-learn's (which also scores multiclass data
    one-vs-rest through its other names).

    Parameters
    ----------
    {common}
    Examples
    --------
    >>> from imbascore.scorers import roc_auc_scorer
    >>> roc_auc_scorer()
    make_scorer(roc_auc_score, response_method=('decision_function', \
'predict_proba'))
    """
    return _ranking_scorer("roc_auc", {}, pos_label, prevalence, "roc_auc_scorer")


@_documented("average_precision")
def average_precision_scorer(
    *, pos_label: PosLabel | None = None, prevalence: float | None = None
) -> Scorer:
    """Scorer of average precision, :func:`~imbascore.metrics.average_precision_score`.

    ``get_scorer("average_precision", prevalence=0.01)`` builds it: the
    average precision the model would have at 1% positives.

    Parameters
    ----------
    {common}
    Examples
    --------
    >>> from imbascore.scorers import average_precision_scorer
    >>> average_precision_scorer(prevalence=0.01)
    make_scorer(score_at_prevalence, response_method=('decision_function', \
'predict_proba'), metric=average_precision, prevalence=0.01)
    """
    return _ranking_scorer(
        "average_precision", {}, pos_label, prevalence, "average_precision_scorer"
    )


@_documented("auprg")
def auprg_scorer(
    *, pos_label: PosLabel | None = None, prevalence: float | None = None
) -> Scorer:
    """Scorer of the area under the precision-recall-gain curve
    (Flach & Kull 2015), :func:`~imbascore.metrics.auprg_score`.

    Parameters
    ----------
    {common}
    Examples
    --------
    >>> from imbascore.scorers import auprg_scorer
    >>> auprg_scorer()
    make_scorer(auprg_score, response_method=('decision_function', \
'predict_proba'))
    """
    return _ranking_scorer("auprg", {}, pos_label, prevalence, "auprg_scorer")


@_documented("partial_auc")
def partial_auc_scorer(
    *,
    max_fpr: float | None = None,
    min_tpr: float | None = None,
    standardized: bool = True,
    pos_label: PosLabel | None = None,
    prevalence: float | None = None,
) -> Scorer:
    """Scorer of the partial area under the ROC curve,
    :func:`~imbascore.metrics.partial_auc_score`.

    Parameters
    ----------
    max_fpr : float, default=None
        The area over FPR in [0, ``max_fpr``] (scikit-learn's ``max_fpr``).

    min_tpr : float, default=None
        The area over TPR in [``min_tpr``, 1] (pROC's sensitivity region).
        Exactly one of ``max_fpr`` and ``min_tpr`` is given.

    standardized : bool, default=True
        McClish's standardisation (0.5 for chance, 1 for a perfect ranking).

    {common}
    Examples
    --------
    >>> from imbascore.scorers import partial_auc_scorer
    >>> partial_auc_scorer(max_fpr=0.1)
    make_scorer(partial_auc_score, response_method=('decision_function', \
'predict_proba'), max_fpr=0.1, standardized=True)
    """
    params = {"max_fpr": max_fpr, "min_tpr": min_tpr, "standardized": standardized}
    return _ranking_scorer(
        "partial_auc", params, pos_label, prevalence, "partial_auc_scorer"
    )


#: Registry name -> factory, from the records.
RANKING_FACTORIES = {info.scorer: SCORER_OF[info.name] for info in SCORE_CATALOGUE}
