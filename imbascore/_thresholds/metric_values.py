"""Metric values along the threshold curve: every metric of the binary table,
evaluated on the counts of all thresholds at once.

The formulas are the metric functions' own: the package's per-class
formulas (:mod:`imbascore._metrics.per_class`), scikit-learn's fractions
(:mod:`imbascore._metrics.sklearn_from_counts`) and the decisions' expected
cost and net benefit, each applied to arrays of counts, one entry per
threshold. Undefined values are filled with ``zero_division`` and announced
once per metric.
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import check_zero_division, param_error
from .._metrics.cost_formulas import (
    check_cost_matrix,
    constant_cost,
    expected_cost_of_tables,
    normalized,
)
from .._metrics.named_scores import metric_options
from .._metrics.net_benefit_formulas import check_threshold_probability, net_benefit
from .._metrics.per_class import accuracy, per_class_values
from .._metrics.sklearn_from_counts import _SET_WISE
from .._specs.catalogue import LABEL_METRICS, LOWER_IS_BETTER, metric_info
from .counting import binary_counts

__all__ = [
    "LOWER_IS_BETTER_AT_THRESHOLDS",
    "accepted_params",
    "check_metrics",
    "evaluate",
    "route_params",
    "threshold_metric_names",
    "values_at_rates",
]


def _matthews_corrcoef(c):
    # scikit-learn's multiclass formula on the 2x2 table, as its
    # matthews_corrcoef computes it (in floats: n**2 of int64 counts would
    # overflow beyond 3e9 samples); 0 where a margin is constant.
    tp, fn, fp, tn = (np.asarray(x, dtype=float) for x in (c.tp, c.fn, c.fp, c.tn))
    true = (tn + fp, fn + tp)
    predicted = (tn + fn, fp + tp)
    n = predicted[0] + predicted[1]
    cov_ytyp = (tp + tn) * n - (true[0] * predicted[0] + true[1] * predicted[1])
    cov_ypyp = n**2 - (predicted[0] ** 2 + predicted[1] ** 2)
    cov_ytyt = n**2 - (true[0] ** 2 + true[1] ** 2)
    denominator = cov_ypyp * cov_ytyt
    return np.where(denominator == 0, 0.0, cov_ytyp / np.sqrt(denominator))


#: scikit-learn's binary scores without a zero division: name -> formula.
_ALWAYS_DEFINED = {"accuracy": accuracy, "matthews_corrcoef": _matthews_corrcoef}
#: scikit-learn's binary scores (precision, recall, f1, jaccard: the
#: fractions of its set-wise metrics, of tp and the true and predicted sums).
_SKLEARN_BINARY = (*_ALWAYS_DEFINED, *_SET_WISE)


def _sklearn_values(name, c):
    """scikit-learn's ``name`` at every threshold, and where it is undefined."""
    if name in _ALWAYS_DEFINED:
        return _ALWAYS_DEFINED[name](c), np.zeros(np.shape(c.tp), dtype=bool)
    fraction, _ = _SET_WISE[name]
    numerator, denominator = fraction(c.tp, c.tp + c.fn, c.tp + c.fp)
    return numerator / denominator, denominator == 0


def _binary_tables(c):
    """The tables ``(..., 2, 2)`` with the negative class first, true on rows."""
    return np.stack([c.tn, c.fp, c.fn, c.tp], axis=-1).reshape(np.shape(c.tp) + (2, 2))


def _expected_cost(c, cost_matrix=None, normalize=False):
    costs = check_cost_matrix(cost_matrix, 2, "threshold_curve")
    tables = _binary_tables(c)
    cost = expected_cost_of_tables(tables, costs)
    if normalize:
        cost = normalized(
            cost, constant_cost(tables.sum(axis=-1), costs), "threshold_curve"
        )
    return cost


def _net_benefit(c, threshold_probability=None, standardized=False):
    weight = check_threshold_probability(threshold_probability, "threshold_curve")
    return net_benefit(c.tp, c.fp, c.fn, c.tn, weight, standardized)


#: Decisions, with options of their own and no default for the first:
#: name -> (function of the counts, its required option).
#: The cost matrix of a curve has the negative class first.
_DECISIONS = {
    "expected_cost": (_expected_cost, "cost_matrix"),
    "net_benefit": (_net_benefit, "threshold_probability"),
}

#: Lower is better: their best threshold minimises them (the catalogue's
#: lower-is-better metrics, and the expected cost of the decisions).
_LOWER_IS_BETTER = LOWER_IS_BETTER.with_names({"expected_cost"})
#: The threshold curve's lower-is-better metrics, for readers of curves.
LOWER_IS_BETTER_AT_THRESHOLDS = _LOWER_IS_BETTER

#: Why a value is undefined, by the count that is zero.
_REASONS = {
    "positives": "no positive samples",
    "negatives": "no negative samples",
    "predicted_positives": "no predicted positives",
    "predicted_negatives": "no predicted negatives",
    "fp": "no false positives",
    "tn": "no true negatives",
}


def threshold_metric_names() -> list[str]:
    """Every metric name :func:`threshold_curve` evaluates, sorted.

    The metrics of the package that are functions of the binary table (the
    keys of :meth:`ConfusionCounts.score <imbascore.ConfusionCounts.score>`)
    and scikit-learn's ``"accuracy"``, ``"precision"``, ``"recall"``,
    ``"f1"``, ``"jaccard"`` and ``"matthews_corrcoef"``.

    Returns
    -------
    names : list of str

    Examples
    --------
    >>> from imbascore import threshold_metric_names
    >>> {"iba", "gmean", "f1"} <= set(threshold_metric_names())
    True
    """
    return sorted(set(LABEL_METRICS) | set(_SKLEARN_BINARY) | set(_DECISIONS))


def accepted_params(name):
    """The options metric ``name`` takes besides the counts."""
    if name in _DECISIONS:
        return set(inspect.signature(_DECISIONS[name][0]).parameters) - {"c"}
    if name in _SKLEARN_BINARY:
        return set() if name in _ALWAYS_DEFINED else {"zero_division"}
    info = metric_info(name)
    return {"zero_division"} | (set(info.params) - set(info.multiclass_params))


def check_metrics(metrics, func, parameter="metrics"):
    """``metrics`` as a list of distinct names of :func:`threshold_metric_names`."""
    if isinstance(metrics, str):
        metrics = (metrics,)
    names = threshold_metric_names()

    def error(rule, value, hint=""):
        return param_error(func, parameter, rule, value, hint)

    if not hasattr(metrics, "__iter__"):
        raise TypeError(error(f"a name or a list of names among {names}", metrics))
    metrics = list(metrics)
    if not metrics:
        raise ValueError(error("a non-empty list of metric names", metrics))
    for name in metrics:
        if not isinstance(name, str) or name not in names:
            raise ValueError(
                error(
                    f"names of metrics of the binary table, among {names}",
                    name,
                    "Averaged variants (f1_macro, ...) and metrics of scores "
                    "(roc_auc, ...) are not functions of one threshold's table.",
                )
            )
    repeated = sorted({name for name in metrics if metrics.count(name) > 1})
    if repeated:
        raise ValueError(error("distinct names", metrics, f"{repeated} repeat."))
    return metrics


def route_params(metrics, params, func, accepted=None):
    """Each of ``params`` to every metric that takes it; unused ones refused.
    ``accepted(name)``: the options of metric ``name`` (by default those of
    the metrics of one threshold's binary table)."""
    binary = accepted is None
    accepted = accepted_params if accepted is None else accepted
    per_metric = {
        name: {k: v for k, v in params.items() if k in accepted(name)}
        for name in metrics
    }
    unused = sorted(set(params) - {k for given in per_metric.values() for k in given})
    if unused:
        takes = {name: sorted(accepted(name)) for name in metrics if accepted(name)}
        raise TypeError(
            f"{func} got parameter(s) {unused} that none of the metrics {metrics} "
            f"takes. Their options: {takes}."
            + (
                " The counts are binary: 'average' and 'labels' do not apply; "
                "the positive class is 'pos_label'."
                if binary
                else ""
            )
        )
    return per_metric


def evaluate(name, counts, params, pos_label, func):
    """Values of metric ``name`` at every threshold, undefined ones filled."""
    if name in _DECISIONS:
        function, required = _DECISIONS[name]
        if params.get(required) is None:
            raise TypeError(
                f"{func}: the metric {name!r} needs the parameter {required!r}."
            )
        return np.asarray(function(counts, **params), dtype=float)
    if name in _SKLEARN_BINARY:
        fill, warn = check_zero_division(params.get("zero_division", "warn"), func)
        with np.errstate(invalid="ignore", divide="ignore"):
            values, undefined = _sklearn_values(name, counts)
        readable = "F-score" if name == "f1" else name.capitalize()
        reason = "a zero denominator"
    else:
        options = metric_options(
            name, dict(params, average="binary", pos_label=pos_label), func
        )
        requires, readable = metric_info(name).needs, metric_info(name).readable
        fill, warn = options.fill, options.warn
        values = per_class_values(
            name, counts, fill, False, stacklevel=2, **options.params
        )
        undefined, zero = np.zeros(len(counts.tp), dtype=bool), []
        for key in requires:
            empty = np.asarray(getattr(counts, key)) == 0
            undefined |= empty
            zero += [_REASONS[key]] if empty.any() else []
        reason = " or ".join(zero)
    values = np.where(undefined, fill, np.asarray(values, dtype=float))
    if warn and undefined.any():
        warnings.warn(
            f"{readable} is ill-defined at {int(undefined.sum())} of {len(values)} "
            f"thresholds ({reason}) and being set to {fill} there. Use "
            "`zero_division` parameter to control this behavior.",
            UndefinedMetricWarning,
            stacklevel=3,
        )
    return values


def values_at_rates(
    name, tpr, fpr, positives, negatives, params, func, trials=(None, None)
):
    """Metric ``name`` at rates of any shape, for classes of these sizes
    (the isometrics of ROC space; the class ratio sweeps): NaN where
    undefined, without warnings. ``positives`` and ``negatives`` broadcast
    against the rates; ``trials``, the classes' numbers of samples for the
    correction of d', default to them."""
    accepted = accepted_params(name)
    params = {key: value for key, value in params.items() if key in accepted}
    if "zero_division" in accepted:
        params["zero_division"] = np.nan
    arrays = np.broadcast_arrays(
        np.asarray(tpr, float), np.asarray(fpr, float), positives, negatives
    )
    shape = arrays[0].shape
    tpr, fpr, positives, negatives = (np.ravel(values) for values in arrays)
    counts = binary_counts(
        tpr * positives,
        (1.0 - tpr) * positives,
        fpr * negatives,
        (1.0 - fpr) * negatives,
        np.array([0, 1]),
        trials,
    )
    return evaluate(name, counts, params, 1, func).reshape(shape)
