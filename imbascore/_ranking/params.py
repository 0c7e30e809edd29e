"""The own parameters of a metric of scores or probabilities, checked against
its spec (the defaults in ``params``, the rules in ``checks``), once for every
caller (the metric functions, the intervals, the comparisons, the scorers)."""

from .._core.checks import param_error
from .._specs.catalogue import metric_info

__all__ = ["check_ranking_params", "checked_params"]


def _one_band(max_fpr, min_tpr, func):
    """A partial AUC's band is on one axis: exactly one of ``max_fpr`` and
    ``min_tpr`` is given."""
    if (max_fpr is None) == (min_tpr is None):
        both = "both" if max_fpr is not None else "neither"
        raise ValueError(
            f"Exactly one of the 'max_fpr' and 'min_tpr' parameters of {func} "
            f"must be given. Got {both} (max_fpr={max_fpr!r}, "
            f"min_tpr={min_tpr!r}) instead. Pass max_fpr to restrict the false "
            "positive rate (scikit-learn's partial AUC), min_tpr to restrict "
            "the true positive rate (pROC's partial.auc.focus='sensitivity')."
        )


def _ece_norm(norm, debiased, squared, func):
    """The rules of an expected calibration error's norm that tie two of its
    parameters together."""
    if squared and norm != "l2":
        raise ValueError(
            param_error(
                func, "squared", "False unless norm='l2'", squared, f"norm is {norm!r}."
            )
        )
    if debiased and norm == "max":
        raise ValueError(
            param_error(
                func,
                "debiased",
                "False with norm='max' (Kumar et al. debias the L1 and L2 errors)",
                debiased,
            )
        )


#: Rules between parameters, by the parameters they tie (a spec's ``checks``
#: hold the rule of each parameter alone).
_JOINT = (
    (("max_fpr", "min_tpr"), _one_band),
    (("norm", "debiased", "squared"), _ece_norm),
)


def checked_params(metric, params, func):
    """``params`` of metric ``metric`` (a record's name; without
    ``pos_label``), checked by the rules of its record and completed with
    its defaults; a parameter it does not take raises."""
    spec = metric_info(metric)
    unknown = sorted(set(params) - set(spec.params))
    if unknown:
        raise TypeError(
            f"{func} got parameters {unknown} that the {metric!r} metric does "
            f"not take; it takes {list(spec.params)} and pos_label."
        )
    merged = {**spec.params, **params}
    for name, constraint in spec.checks.items():
        if merged[name] is not None or spec.params[name] is not None:
            merged[name] = constraint.check(merged[name], name, func)
    for names, rule in _JOINT:
        if set(names) <= set(merged):
            rule(*(merged[name] for name in names), func)
    return merged


#: The ranking metrics' name for the same check.
check_ranking_params = checked_params
