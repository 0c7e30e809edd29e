"""Decisions by group: each group's threshold curve, and one threshold that
meets a constraint in every group ("recall at least 0.9 in every group")
with what it costs each group."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.checks import param_error
from .._core.inputs.groups import read_groups
from .._core.inputs.scores import read_scores
from .._core.optional import require
from .._core.types import ArrayLike, PosLabel
from .._thresholds.constraints import check_constraint, constrained_index, met
from .._thresholds.curve import (
    LOWER_IS_BETTER_AT_THRESHOLDS,
    ThresholdCurve,
    accepted_params,
    check_metrics,
    counted_curve,
    route_params,
    threshold_metric_names,
)
from .slices import GroupSlices

if TYPE_CHECKING:
    import pandas as pd


__all__ = ["GroupThreshold", "group_threshold", "threshold_curves_by_group"]

_FUNC = "group_threshold"


def _read(y_true, y_score, sample_weight, pos_label, func):
    """The checked inputs (the score door, errors naming ``func``)."""
    return read_scores(y_true, y_score, sample_weight, func, pos_label=pos_label)


def _curve(inputs, metrics, thresholds, params, func, rows=slice(None)):
    """The threshold curve of the checked ``inputs``' ``rows`` (all by
    default)."""
    weights = None if inputs.weights is None else inputs.weights[rows]
    return counted_curve(
        inputs.truth[rows],
        inputs.scores[rows],
        metrics=metrics,
        pos_label=inputs.pos_label,
        sample_weight=weights,
        thresholds=thresholds,
        prevalence=None,
        metric_params=params,
        func=func,
    )


def _curves(inputs, groups, metrics, thresholds, params, func):
    """``{group: ThresholdCurve}`` of each group's rows of the checked
    ``inputs``."""
    keys = read_groups(groups, inputs.truth.shape[0], func)
    slices = GroupSlices(keys.codes, keys.n_groups)
    present = np.flatnonzero(np.bincount(keys.codes, minlength=keys.n_groups) > 0)
    return {
        keys.labels[code]: _curve(
            inputs, metrics, thresholds, params, func, slices.rows(code)
        )
        for code in present
    }


def threshold_curves_by_group(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    groups: ArrayLike,
    metrics: str | Sequence[str] = ("iba", "gmean", "balanced_accuracy"),
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    thresholds: ArrayLike | None = None,
    **metric_params: Any,
) -> dict[Any, ThresholdCurve]:
    """Each group's :func:`~imbascore.threshold_curve`.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n_samples,)
    groups : array-like, Series or DataFrame
        Each sample's group (several columns: their intersections).
    metrics, pos_label, sample_weight, thresholds, **metric_params
        As for :func:`~imbascore.threshold_curve`. Without ``thresholds``
        each curve is at its own group's distinct scores.

    Returns
    -------
    curves : dict
        ``{group: ThresholdCurve}``, groups sorted.

    Examples
    --------
    >>> from imbascore import threshold_curves_by_group
    >>> curves = threshold_curves_by_group(
    ...     [0, 1, 1, 0, 1, 0], [0.2, 0.8, 0.6, 0.3, 0.4, 0.5],
    ...     groups=list("aaabbb"), metrics=["recall"],
    ... )
    >>> curves["b"].values["recall"].tolist()
    [1.0, 1.0, 0.0]
    """
    func = "threshold_curves_by_group"
    check_metrics(metrics, func)
    inputs = _read(y_true, y_score, sample_weight, pos_label, func)
    return _curves(inputs, groups, metrics, thresholds, metric_params, func)


@dataclass(frozen=True, eq=False)
class GroupThreshold:
    """One threshold for every group, meeting a constraint in each.

    Attributes
    ----------
    threshold : float
        Predict positive where ``y_score >= threshold``: the threshold
        where ``constraint`` holds in every group and ``objective`` is best
        over all the samples.
    objective : str
    value : float
        The objective over all the samples at ``threshold``.
    constraint : tuple
    at_threshold : dict
        ``{group: {metric: value}}``: the objective, the constraint's metric
        and the other ``metrics`` in each group at ``threshold``.
    own : dict
        ``{group: (threshold, objective value)}``: each group's own best
        threshold under the same constraint (NaN where none meets it), so
        ``own[g][1] - at_threshold[g][objective]`` is what the common
        threshold costs group ``g``.
    skipped : list
        Groups where the constraint's metric is undefined (no positive, for
        recall), left out of the constraint, with a warning.
    curves : dict
        ``{group: ThresholdCurve}`` at the candidate thresholds.
    """

    threshold: float
    objective: str
    value: float
    constraint: tuple
    at_threshold: dict
    own: dict
    skipped: list
    curves: dict

    def to_frame(self) -> pd.DataFrame:
        """One row per group: its values at the common threshold, its own
        threshold and objective there (needs pandas)."""
        pd = require("pandas", "study", "GroupThreshold.to_frame")
        rows = {
            group: {
                **values,
                "own_threshold": self.own[group][0],
                f"own_{self.objective}": self.own[group][1],
            }
            for group, values in self.at_threshold.items()
        }
        return pd.DataFrame.from_dict(rows, orient="index")

    def __repr__(self):
        metric, operator, bound = self.constraint
        return (
            f"GroupThreshold(threshold={self.threshold:.6g}, {self.objective}="
            f"{self.value:.4g} overall, {metric} {operator} {bound:g} in all "
            f"{len(self.at_threshold)} groups"
            + (f", skipped={self.skipped!r}" if self.skipped else "")
            + ")"
        )


def group_threshold(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    groups: ArrayLike,
    objective: str,
    constraint: tuple[str, str, float],
    metrics: Sequence[str] = (),
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    **metric_params: Any,
) -> GroupThreshold:
    """The threshold that meets a constraint in every group, and its cost.

    For example ``objective="precision", constraint=("recall", ">=", 0.9)``:
    among the thresholds where every group's recall is at least 0.9, the one
    with the best precision over all the samples; with each group's own
    metrics there and its own best threshold, to show what the common one
    costs each group.

    Parameters
    ----------
    y_true, y_score : array-like of shape (n_samples,)
        True labels of two classes and scores of the positive class.
    groups : array-like, Series or DataFrame
        Each sample's group (several columns: their intersections).
    objective : str
        A name of :func:`~imbascore.threshold_metric_names` to make best over
        all the samples.
    constraint : tuple (metric, operator, bound)
        To hold in every group, e.g. ``("recall", ">=", 0.9)``. A group where
        its metric is undefined at every threshold (no positive, for recall)
        is left out, with a warning naming it.
    metrics : sequence of str, default=()
        More metrics to report in each group at the threshold.
    pos_label, sample_weight, **metric_params
        As for :func:`~imbascore.threshold_curve`.

    Returns
    -------
    result : GroupThreshold

    Raises
    ------
    ValueError
        Naming ``constraint`` when no threshold meets it in every group.

    Examples
    --------
    >>> from imbascore import group_threshold
    >>> y = [1, 1, 0, 0, 1, 1, 0, 0]
    >>> s = [0.9, 0.6, 0.5, 0.1, 0.7, 0.3, 0.4, 0.2]
    >>> result = group_threshold(
    ...     y, s, groups=list("aaaabbbb"), objective="precision",
    ...     constraint=("recall", ">=", 1.0), zero_division=0.0,
    ... )
    >>> result.threshold, round(result.value, 3)
    (0.3, 0.667)
    """
    names = threshold_metric_names()
    metric, operator, bound = check_constraint(constraint, names, _FUNC)
    if objective not in names:
        raise ValueError(
            param_error(
                _FUNC, "objective", "a name of threshold_metric_names()", objective
            )
        )
    extra = check_metrics(metrics, _FUNC) if len(metrics) else []
    asked = list(dict.fromkeys([objective, metric, *extra]))
    inputs = _read(y_true, y_score, sample_weight, pos_label, _FUNC)
    overall = _curve(inputs, asked, None, metric_params, _FUNC)
    candidates = overall.thresholds
    curves = _curves(inputs, groups, asked, candidates, metric_params, _FUNC)
    # where the constraint's metric is undefined whatever zero_division says
    # (no positive, for recall): its 0/0 as NaN, not as the number asked for
    probes = curves
    if "zero_division" in accepted_params(metric):
        own = route_params([metric], metric_params, _FUNC)[metric]
        nan = {**own, "zero_division": np.nan}
        probes = _curves(inputs, groups, [metric], candidates, nan, _FUNC)
    allowed = np.ones(candidates.shape[0], dtype=bool)
    skipped = []
    for group, curve in curves.items():
        if np.isnan(probes[group].values[metric]).all():
            skipped.append(group)
            continue
        allowed &= met(curve.values[metric], operator, bound)
    if skipped:
        warnings.warn(
            f"{_FUNC}: {metric} is undefined in groups {skipped!r} at every "
            "threshold; the constraint is not applied to them.",
            UserWarning,
            stacklevel=2,
        )
    lower = objective in LOWER_IS_BETTER_AT_THRESHOLDS
    # the constraint holds in every group: mark the others as unmet
    constrained = np.where(allowed, bound, np.nan)
    index = constrained_index(
        overall.values[objective], constrained, ">=", bound, candidates, lower
    )
    if index is None:
        raise ValueError(
            param_error(
                _FUNC,
                "constraint",
                "a constraint that some threshold meets in every group",
                constraint,
            )
        )
    own = {}
    for group, curve in curves.items():
        where = constrained_index(
            curve.values[objective],
            curve.values[metric],
            operator,
            bound,
            candidates,
            lower,
        )
        own[group] = (
            (np.nan, np.nan)
            if where is None
            else (float(candidates[where]), float(curve.values[objective][where]))
        )
    at_threshold = {
        group: {name: float(curve.values[name][index]) for name in asked}
        for group, curve in curves.items()
    }
    return GroupThreshold(
        threshold=float(candidates[index]),
        objective=objective,
        value=float(overall.values[objective][index]),
        constraint=(metric, operator, bound),
        at_threshold=at_threshold,
        own=own,
        skipped=skipped,
        curves=curves,
    )
