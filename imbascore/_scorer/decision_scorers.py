"""Scorers of decisions: operating points, expected cost, net benefit.

The operating-point scorers read ``decision_function`` or ``predict_proba``
(as scikit-learn's ``roc_auc``), so that a grid search picks the model that
is best at the operating point; the cost and net-benefit scorers read
``predict``, so that :class:`~sklearn.model_selection.TunedThresholdClassifierCV`
can move the threshold under them. Each factory checks its parameters when
the scorer is built, not when a search is half done.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import sklearn
from sklearn.metrics import make_scorer

from .._core.checks import check_bool, check_labels, check_unit_interval, param_error
from .._core.types import ArrayLike, PosLabel, Scorer
from .._metrics.cost_formulas import as_cost_array, check_cost_matrix
from .._metrics.costs import expected_cost_score
from .._metrics.net_benefit import net_benefit_score
from .._metrics.net_benefit_formulas import check_threshold_probability
from .._thresholds.operating_point_scores import OPERATING_POINT_SCORES
from .factory_as_scorer import scorer_factory

__all__ = [
    "DECISION_FACTORIES",
    "neg_expected_cost_scorer",
    "net_benefit_scorer",
    "precision_at_recall_scorer",
    "recall_at_precision_scorer",
    "sensitivity_at_specificity_scorer",
    "specificity_at_sensitivity_scorer",
    "tpr_at_fpr_scorer",
]

#: Scores of the positive class, as scikit-learn's threshold-free scorers.
_RESPONSE = ("decision_function", "predict_proba")


def _operating_point_factory(name: str) -> Callable[..., Scorer]:
    metric = OPERATING_POINT_SCORES[name]
    bound = next(
        parameter
        for parameter in inspect.signature(metric).parameters.values()
        if parameter.kind is parameter.KEYWORD_ONLY
    ).name

    def factory(pos_label: PosLabel | None = None, **given: float) -> Scorer:
        func = f"{name}_scorer"
        if set(given) != {bound}:
            unknown = sorted(set(given) - {bound})
            raise TypeError(
                f"{func} takes {bound!r} (required) and 'pos_label'"
                + (f"; got {unknown}." if unknown else f"; {bound!r} is missing.")
            )
        limit = check_unit_interval(given[bound], bound, func)
        params = {bound: limit}
        if pos_label is not None:
            params["pos_label"] = pos_label
        return make_scorer(metric, response_method=_RESPONSE, **params)

    factory.__name__ = factory.__qualname__ = f"{name}_scorer"
    factory.__module__ = __name__
    factory.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(
                bound, inspect.Parameter.KEYWORD_ONLY, annotation="float"
            ),
            inspect.Parameter(
                "pos_label",
                inspect.Parameter.KEYWORD_ONLY,
                default=None,
                annotation="PosLabel | None",
            ),
        ],
        return_annotation="Scorer",
    )
    factory.__doc__ = f"""Scorer of :func:`~imbascore.{metric.__name__}`.

    Reads ``decision_function``, else ``predict_proba`` (the column of
    ``pos_label``), as scikit-learn's ``roc_auc`` does.

    Parameters
    ----------
    {bound} : float in [0, 1]
        The constraint's bound (required).

    pos_label : int, float, bool or str, default=None
        The positive class; None: 1 for {{0, 1}} or {{-1, 1}}.

    Returns
    -------
    scorer : callable

    Examples
    --------
    >>> from imbascore import get_scorer
    >>> scorer = get_scorer("{name}", {bound}=0.9)
    """
    return scorer_factory(factory)


recall_at_precision_scorer = _operating_point_factory("recall_at_precision")
precision_at_recall_scorer = _operating_point_factory("precision_at_recall")
sensitivity_at_specificity_scorer = _operating_point_factory(
    "sensitivity_at_specificity"
)
specificity_at_sensitivity_scorer = _operating_point_factory(
    "specificity_at_sensitivity"
)
tpr_at_fpr_scorer = _operating_point_factory("tpr_at_fpr")


@scorer_factory
def neg_expected_cost_scorer(
    *,
    cost_matrix: ArrayLike | None = None,
    labels: ArrayLike | None = None,
    normalize: bool = False,
) -> Scorer:
    """Scorer of minus :func:`~imbascore.expected_cost_score` (lower cost is better).

    Reads ``predict``: under
    :class:`~sklearn.model_selection.TunedThresholdClassifierCV` it scores
    the predictions at each candidate threshold.

    Parameters
    ----------
    cost_matrix : array-like of shape (k, k), default=None
        ``cost_matrix[i][j]``: the cost of predicting class ``j`` when the
        truth is ``i``, in the order of ``labels`` (sorted by default). None:
        one matrix per sample, routed as metadata; the scorer then requests
        it (``set_score_request(cost_matrix=True)``, with
        ``sklearn.set_config(enable_metadata_routing=True)``).

    labels : array-like, default=None
        The order of the cost matrix's rows and columns.

    normalize : bool, default=False
        Divide by the cost of the best constant prediction.

    Returns
    -------
    scorer : callable

    Examples
    --------
    >>> from imbascore import get_scorer
    >>> get_scorer("neg_expected_cost", cost_matrix=[[0, 1], [50, 0]])
    make_scorer(expected_cost_score, greater_is_better=False, \
response_method='predict', cost_matrix=[[0, 1], [50, 0]])
    """
    func = "neg_expected_cost_scorer"
    params = {}
    checked_labels = check_labels(labels, func)
    if cost_matrix is not None:
        costs = as_cost_array(cost_matrix, func)
        if costs.ndim != 2:
            raise ValueError(
                param_error(
                    func,
                    "cost_matrix",
                    "a square array of shape (n_classes, n_classes), or None",
                    cost_matrix,
                )
            )
        size = costs.shape[0] if checked_labels is None else len(checked_labels)
        check_cost_matrix(costs, size, func)
        params["cost_matrix"] = cost_matrix
    if labels is not None:
        params["labels"] = labels
    if check_bool(normalize, "normalize", func):
        params["normalize"] = True
    scorer = make_scorer(expected_cost_score, greater_is_better=False, **params)
    if cost_matrix is None:
        # the request is stored on the scorer; routing it at fit time still
        # needs the user's enable_metadata_routing=True, as any metadata does
        with sklearn.config_context(enable_metadata_routing=True):
            scorer = scorer.set_score_request(cost_matrix=True)
    return scorer


@scorer_factory
def net_benefit_scorer(
    *, threshold_probability: float, standardized: bool = False
) -> Scorer:
    """Scorer of :func:`~imbascore.net_benefit_score` (reads ``predict``).

    Parameters
    ----------
    threshold_probability : float in (0, 1)
        The risk above which acting is worth it (required).

    standardized : bool, default=False
        Divide by the prevalence.

    Returns
    -------
    scorer : callable

    Examples
    --------
    >>> from imbascore import get_scorer
    >>> get_scorer("net_benefit", threshold_probability=0.1)
    make_scorer(net_benefit_score, response_method='predict', \
threshold_probability=0.1)
    """
    func = "net_benefit_scorer"
    check_threshold_probability(threshold_probability, func)
    params = {"threshold_probability": threshold_probability}
    if check_bool(standardized, "standardized", func):
        params["standardized"] = True
    return make_scorer(net_benefit_score, **params)


#: Registry names of the decision scorers -> factories.
DECISION_FACTORIES = {
    "recall_at_precision": recall_at_precision_scorer,
    "precision_at_recall": precision_at_recall_scorer,
    "sensitivity_at_specificity": sensitivity_at_specificity_scorer,
    "specificity_at_sensitivity": specificity_at_sensitivity_scorer,
    "tpr_at_fpr": tpr_at_fpr_scorer,
    "neg_expected_cost": neg_expected_cost_scorer,
    "net_benefit": net_benefit_scorer,
}
