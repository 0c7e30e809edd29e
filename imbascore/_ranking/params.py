"""The ranking metrics' own parameters, checked once for every caller (the
metric functions, the intervals, the comparisons, the scorers)."""

import inspect
import numbers

import numpy as np

from .._core.checks import check_bool, param_error
from .from_counts import FROM_COUNTS

__all__ = ["check_partial_auc_params", "check_ranking_params"]


def check_partial_auc_params(max_fpr, min_tpr, standardized, func):
    """``(max_fpr, min_tpr, standardized)`` checked: exactly one of
    ``max_fpr`` in (0, 1] and ``min_tpr`` in [0, 1), the other None."""
    if (max_fpr is None) == (min_tpr is None):
        both = "both" if max_fpr is not None else "neither"
        raise ValueError(
            f"Exactly one of the 'max_fpr' and 'min_tpr' parameters of {func} "
            f"must be given. Got {both} (max_fpr={max_fpr!r}, "
            f"min_tpr={min_tpr!r}) instead. Pass max_fpr to restrict the false "
            "positive rate (scikit-learn's partial AUC), min_tpr to restrict "
            "the true positive rate (pROC's partial.auc.focus='sensitivity')."
        )
    name, value = ("max_fpr", max_fpr) if max_fpr is not None else ("min_tpr", min_tpr)
    real = isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)
    standardized = check_bool(standardized, "standardized", func)
    if name == "max_fpr":
        if not (real and 0 < value <= 1):
            raise ValueError(param_error(func, name, "a float in (0, 1]", value))
        return float(value), None, standardized
    if not (real and 0 <= value < 1):
        raise ValueError(param_error(func, name, "a float in [0, 1)", value))
    return None, float(value), standardized


def _partial_auc(params, func):
    max_fpr, min_tpr, standardized = check_partial_auc_params(
        params.get("max_fpr"),
        params.get("min_tpr"),
        params.get("standardized", True),
        func,
    )
    return {"max_fpr": max_fpr, "min_tpr": min_tpr, "standardized": standardized}


_CHECKS = {"partial_auc": _partial_auc}


def accepted_params(metric):
    """The keyword parameters of ranking metric ``metric``."""
    parameters = inspect.signature(FROM_COUNTS[metric]).parameters.values()
    return [p.name for p in parameters if p.kind is p.KEYWORD_ONLY]


def check_ranking_params(metric, params, func):
    """``params`` of ranking metric ``metric`` checked; unknown names raise."""
    accepted = accepted_params(metric)
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        raise TypeError(
            f"{func} got parameters {unknown} that the metric {metric!r} does "
            f"not take; it takes {accepted + ['pos_label']}."
        )
    check = _CHECKS.get(metric)
    return check(params, func) if check else dict(params)
