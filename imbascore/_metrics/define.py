"""A metric of the user's own, on the path of the package's metrics.

:func:`define_metric` writes the user's formula into a spec, registers it and
returns a metric function with the package's signature; every reader that
takes a metric by name (intervals, comparisons, the deployment's class
ratio, groups, thresholds, scorers, the report, :func:`list_metrics`) reads
the registry, so the new name works in all of them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from .._core.checks import describe, param_error, public
from .._core.types import ArrayLike, Average, FloatArray, PosLabel, ZeroDivision
from .._specs.catalogue import BY_NAME, register
from .._specs.constraints import Anything, Boolean, Interval, Options
from .._specs.spec import MetricInfo, implements
from .at_prevalence import score_at_prevalence
from .definitions import score_labels

__all__ = ["define_metric"]

_FUNC = "define_metric"


class _CountsFormula:
    """A user's ``formula(tp, fn, fp, tn, **params)`` as the package's
    per-class formula of one-vs-rest counts (picklable if ``formula`` is)."""

    def __init__(self, formula):
        self.formula = formula

    def __call__(self, counts, **params):
        cells = (
            np.asarray(getattr(counts, c), dtype=float) for c in "tp fn fp tn".split()
        )
        return self.formula(*cells, **params)


#: Two-class tables (tp, fn, fp, tn), every cell filled, and the factor the
#: negatives are scaled by: a formula free of the class ratio gives the same
#: values on both.
_TABLES = np.random.default_rng(0).integers(1, 200, size=(4, 24)).astype(float)
_SCALE = 7.3


def _is_ratio_free(formula, params):
    tp, fn, fp, tn = _TABLES
    with np.errstate(all="ignore"):
        before = np.asarray(formula(tp, fn, fp, tn, **params), dtype=float)
        after = np.asarray(formula(tp, fn, fp * _SCALE, tn * _SCALE, **params), float)
    return bool(np.allclose(before, after, rtol=1e-9, atol=1e-12, equal_nan=True))


def _check_name(name):
    if not isinstance(name, str) or not name.isidentifier() or name.startswith("neg_"):
        raise ValueError(
            param_error(
                _FUNC,
                "name",
                "a Python identifier not starting with 'neg_'",
                name,
                "The scorer's name is 'neg_<name>' when lower is better.",
            )
        )
    if name in BY_NAME:
        raise ValueError(
            param_error(
                _FUNC,
                "name",
                "a name no metric has yet (imbascore.list_metrics() lists them)",
                name,
            )
        )


def _check_formula(formula, params):
    if not callable(formula):
        raise TypeError(
            param_error(
                _FUNC,
                "formula",
                "a callable formula(tp, fn, fp, tn)",
                describe(formula),
            )
        )
    tp, fn, fp, tn = _TABLES
    try:
        with np.errstate(all="ignore"):
            values = np.asarray(formula(tp, fn, fp, tn, **params), dtype=float)
    except Exception as error:
        raise ValueError(
            param_error(
                _FUNC,
                "formula",
                "a function of numpy arrays tp, fn, fp, tn (and the metric's "
                "params) that returns one value per entry",
                formula,
                f"Called on arrays of 24 tables it raised {error!r}.",
            )
        ) from error
    if values.shape != tp.shape:
        raise ValueError(
            param_error(
                _FUNC,
                "formula",
                "a function returning one value per entry of its arrays",
                formula,
                f"On arrays of shape {tp.shape} it returned shape {values.shape}.",
            )
        )


def _constraints(params, constraints):
    """Each parameter's rule from its plain form: ``(low, high)`` a closed
    interval (None: unbounded), a list or set the options, ``bool`` a
    boolean; a parameter without one takes any value."""
    unknown = sorted(set(constraints) - set(params))
    if unknown:
        raise ValueError(
            param_error(
                _FUNC,
                "constraints",
                f"rules for parameters of params ({sorted(params)})",
                unknown[0],
            )
        )
    rules = {}
    for param in params:
        rule = constraints.get(param)
        if rule is None:
            rules[param] = Anything()
        elif rule is bool:
            rules[param] = Boolean()
        elif isinstance(rule, tuple) and len(rule) == 2:
            rules[param] = Interval(*rule)
        elif isinstance(rule, list | set | frozenset):
            rules[param] = Options(tuple(rule))
        else:
            raise ValueError(
                param_error(
                    _FUNC,
                    "constraints",
                    "a mapping of parameter -> (low, high), a list of options or bool",
                    {param: rule},
                )
            )
    return rules


def _check_bounds(bounds):
    try:
        low, high = (float(b) for b in bounds)
    except (TypeError, ValueError):
        low, high = math.nan, math.nan
    if not low < high:
        raise ValueError(
            param_error(_FUNC, "bounds", "a pair (low, high) with low < high", bounds)
        )
    return low, high


@public
def define_metric(
    name: str,
    formula: Callable[..., Any],
    *,
    greater_is_better: bool = True,
    bounds: tuple[float, float] = (-math.inf, math.inf),
    params: Mapping[str, Any] | None = None,
    constraints: Mapping[str, Any] | None = None,
    needs: tuple[str, ...] = (),
    readable: str | None = None,
    source: str = "",
) -> Callable[..., float | FloatArray]:
    """Define a metric of labels from a formula of the confusion counts.

    The metric gets everything the package's own metrics have: a function
    with their signature (binary, per-label and averaged values, weights,
    ``zero_division``, ``prevalence``), and its name in every reader:
    :func:`~imbascore.metric_interval` and
    :func:`~imbascore.compare_predictions` (with intervals),
    :func:`~imbascore.score_at_prevalence`,
    :func:`~imbascore.class_ratio_dependence`,
    :func:`~imbascore.metrics_by_group`, :func:`~imbascore.best_threshold`,
    :func:`~imbascore.threshold_curve`, :func:`~imbascore.get_scorer`
    (``"neg_<name>"`` when lower is better),
    :func:`~imbascore.multi_scorer`, :func:`~imbascore.imbalanced_report`
    (``metrics=[..., name]``, a column headed by the name) and
    :func:`~imbascore.list_metrics`.

    Parameters
    ----------
    name : str
        The metric's name in every reader (a Python identifier, not one a
        metric has already).

    formula : callable
        ``formula(tp, fn, fp, tn, **params)``: the metric of a two-class
        table, written with numpy so that it takes arrays (one entry per
        class, per resample or per threshold) and returns one value per
        entry. 0/0 gives NaN, which is the undefined value: it is set by
        ``zero_division`` with a warning, as for the package's metrics.

    greater_is_better : bool, default=True
        Whether a greater value is better (the scorer is ``"neg_<name>"``
        otherwise, and best thresholds minimise it).

    bounds : tuple of float, default=(-inf, inf)
        ``(low, high)``: the range of its values.

    params : mapping, default=None
        The metric's own parameters with their defaults (passed to
        ``formula`` by keyword).

    constraints : mapping, default=None
        Parameter -> its rule, checked on each call with the package's error
        text: ``(low, high)`` a closed interval (None for an open end), a
        list of the allowed values, or ``bool``. A parameter without a rule
        takes any value.

    needs : tuple of str, default=()
        Counts that must be non-zero for a defined value (``"positives"``,
        ``"negatives"``, ``"predicted_positives"``, ``"predicted_negatives"``
        or a cell): named in the warning when they are zero. A NaN from the
        formula is undefined whatever ``needs`` says.

    readable : str, default=None
        Its readable name in warnings (default: ``name``).

    source : str, default=""
        Where it comes from (shown by :func:`~imbascore.list_metrics`).

    Returns
    -------
    metric : callable
        ``metric(y_true, y_pred, *, labels=None, pos_label=1,
        average="binary", sample_weight=None, prevalence=None,
        zero_division="warn", **params)``, named ``<name>_score``.

    Notes
    -----
    Whether the metric depends on the class ratio is computed, not declared:
    ``formula`` is evaluated on 24 random two-class tables and on the same
    tables with their negatives scaled by 7.3.

    The definition lasts for the Python session (a process of a parallel
    search imports the package afresh: define the metric at the top of the
    script or module it runs, as for any function a scorer pickles).

    Examples
    --------
    Youden's J, ``TPR + TNR - 1``:

    >>> from imbascore import define_metric, metric_interval
    >>> youden_score = define_metric(
    ...     "youden", lambda tp, fn, fp, tn: tp / (tp + fn) + tn / (tn + fp) - 1,
    ...     bounds=(-1, 1), needs=("positives", "negatives"))
    >>> y_true = [0, 0, 0, 0, 1, 1, 1, 0, 1, 0]
    >>> y_pred = [0, 0, 1, 0, 1, 1, 0, 0, 1, 0]
    >>> round(youden_score(y_true, y_pred), 4)
    0.5833
    >>> round(metric_interval(y_true, y_pred, "youden").estimate, 4)
    0.5833
    """
    _check_name(name)
    params = dict(params or {})
    _check_formula(formula, params)
    low, high = _check_bounds(bounds)
    spec = MetricInfo(
        name=name,
        function_name=f"{name}_score",
        scorer=name if greater_is_better else f"neg_{name}",
        greater_is_better=bool(greater_is_better),
        bounds=(low, high),
        ratio_free=_is_ratio_free(formula, params),
        params=params,
        checks=_constraints(params, constraints or {}),
        needs=tuple(needs),
        plain_arithmetic=False,
        readable=readable or name,
        source=source or "defined with imbascore.define_metric",
        formula=_CountsFormula(formula),
    )

    def metric(
        y_true: ArrayLike,
        y_pred: ArrayLike,
        *,
        labels: ArrayLike | None = None,
        pos_label: PosLabel = 1,
        average: Average | None = "binary",
        sample_weight: ArrayLike | None = None,
        prevalence: Any = None,
        zero_division: ZeroDivision = "warn",
        **metric_params: Any,
    ) -> float | FloatArray:
        if prevalence is not None:  # the value at the deployment's class ratio
            return score_at_prevalence(
                y_true,
                y_pred,
                metric=name,
                prevalence=prevalence,
                sample_weight=sample_weight,
                labels=labels,
                pos_label=pos_label,
                average=average,
                zero_division=zero_division,
                **metric_params,
            )
        options = dict(params, **metric_params, labels=labels, pos_label=pos_label)
        options.update(average=average, zero_division=zero_division)
        return score_labels(
            name, spec.function_name, y_true, y_pred, sample_weight, options, 3
        )

    metric.__name__ = metric.__qualname__ = spec.function_name
    metric.__doc__ = (
        f"{spec.readable}: a metric defined with imbascore.define_metric.\n\n"
        "Takes the arguments of the package's metrics of labels (see "
        "imbascore.metrics.sensitivity_score) and ``prevalence``."
    )
    register(spec)
    implements(name)(metric)
    return metric
