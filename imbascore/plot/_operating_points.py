"""What the displays of García et al.'s spaces share: classifiers as points
of their rates (TPR, TNR), from labels or, across thresholds, from scores."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from .._core.types import ArrayLike, PosLabel
from .._thresholds.curve import threshold_curve
from ._base import (
    ClassifierDisplay,
    as_named_predictions,
    legend_below,
    pop_options,
    rates_of_predictions,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .._thresholds.curve import ThresholdCurve

__all__ = ["OperatingPointsDisplay", "draw_trajectory"]


P = TypeVar("P", bound="OperatingPointsDisplay")


class OperatingPointsDisplay(ClassifierDisplay):
    """Classifiers as points of a space of their rates; a subclass names the
    space (:meth:`_of_rates`, :meth:`_coordinates`) and the metric whose best
    threshold :meth:`from_scores` draws."""

    trajectory_: Any
    curve_: ThresholdCurve
    best_threshold_: float
    #: ``from_estimator`` draws the labels of ``predict``.
    _RESPONSE_METHODS: tuple[str, ...] = ("predict",)
    _FIGSIZE = (5.5, 4.5)
    _DEFAULT_NAME = ""
    #: The metric of :func:`~imbascore.threshold_curve` that picks the point.
    _BEST = ""
    #: The options of the space (the constructor's), and their defaults.
    _PARAMS: dict[str, Any] = {}
    _LEGEND_COLUMNS = 2

    @classmethod
    def _of_rates(cls, tpr, tnr, names, **params):
        """The display of points of rates ``tpr`` and ``tnr``."""
        raise NotImplementedError

    @staticmethod
    def _coordinates(tpr, tnr):
        """``(x, y)`` of rates in the space."""
        raise NotImplementedError

    @classmethod
    def from_predictions(
        cls: type[P],
        y_true: ArrayLike,
        y_pred: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        pos_label: PosLabel = 1,
        name: str | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> P:
        """One classifier's point from its predictions.

        ``y_pred`` may also be a dict ``{name: y_pred}`` to draw several.
        ``kwargs`` are the space's options (``alpha`` of
        :class:`BalancedAccuracyGraphDisplay`) and :meth:`plot`'s.
        :meth:`from_estimator` draws a fitted classifier's ``predict`` on
        (X, y).
        """
        params = pop_options(kwargs, cls._PARAMS)
        predictions = as_named_predictions(y_pred, name)
        tpr, tnr = rates_of_predictions(
            y_true,
            predictions,
            pos_label=pos_label,
            sample_weight=sample_weight,
            func=f"{cls.__name__}.from_predictions",
        )
        viz = cls._of_rates(tpr, tnr, list(predictions), **params)
        return viz.plot(ax=ax, **kwargs)

    @classmethod
    def from_scores(
        cls: type[P],
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        pos_label: PosLabel | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        thresholds: ArrayLike | None = None,
        **kwargs: Any,
    ) -> P:
        """The operating point across decision thresholds, as a trajectory.

        Each threshold ``t`` of :func:`~imbascore.threshold_curve` gives the
        predictions ``y_score >= t`` and one point; the line joins them from
        the highest threshold (few positives predicted, dominance near -1)
        to the lowest (all positive, dominance 1), a few thresholds written
        beside it. The threshold where the display's measure is best (the
        largest area, or IBA) is the point drawn, with its region.

        Parameters
        ----------
        y_true, y_score : array-like of shape (n_samples,)
            True labels of two classes, scores of the positive class.

        sample_weight, pos_label, thresholds
            As for :func:`~imbascore.threshold_curve`.

        name : str, default=None

        ax : matplotlib Axes, default=None

        **kwargs : dict
            The space's options (``alpha``: IBA's weight, which picks the
            point of :class:`BalancedAccuracyGraphDisplay`), then
            :meth:`plot`'s.

        Returns
        -------
        display
            Also with ``curve_`` (the :class:`~imbascore.ThresholdCurve`),
            ``best_threshold_`` and ``trajectory_`` (the Line2D).
        """
        params = pop_options(kwargs, cls._PARAMS)
        curve = threshold_curve(
            y_true,
            y_score,
            metrics=["sensitivity", "specificity", cls._BEST],
            pos_label=pos_label,
            sample_weight=sample_weight,
            thresholds=thresholds,
            **params,
        )
        best = curve.best_index(cls._BEST)
        tpr, tnr = curve.values["sensitivity"], curve.values["specificity"]
        label = name or "classifier"
        at = f"{label} at t = {curve.thresholds[best]:.3g}"
        viz = cls._of_rates(tpr[best : best + 1], tnr[best : best + 1], [at], **params)
        legend = kwargs.pop("legend", True)
        viz.plot(ax=ax, legend=False, **kwargs)
        x, y = cls._coordinates(tpr, tnr)
        viz.trajectory_ = draw_trajectory(
            viz.ax_, x, y, curve.thresholds, label=f"{label} across thresholds"
        )
        if legend:
            legend_below(viz.ax_, ncol=cls._LEGEND_COLUMNS)
        viz.curve_, viz.best_threshold_ = curve, float(curve.thresholds[best])
        return viz


def draw_trajectory(ax, x, y, thresholds, *, label, color="C1", n_labels=5):
    """The operating point's path as the threshold falls, a few thresholds
    written beside it; returns the Line2D."""
    order = np.argsort(thresholds, kind="stable")[::-1]  # high to low
    x, y, thresholds = x[order], y[order], thresholds[order]
    (line,) = ax.plot(
        x,
        y,
        color=color,
        marker=".",
        markersize=3,
        linewidth=1.2,
        label=label,
        zorder=2,
    )
    shown = np.unique(np.linspace(0, len(x) - 1, n_labels).round().astype(int))
    for index in shown:
        if not (np.isfinite(x[index]) and np.isfinite(y[index])):
            continue
        right = x[index] > np.mean(ax.get_xlim())  # write toward the middle
        ax.annotate(
            f"t={thresholds[index]:.2g}",
            (x[index], y[index]),
            xytext=(-4 if right else 4, 4),
            textcoords="offset points",
            horizontalalignment="right" if right else "left",
            fontsize="x-small",
            color=color,
        )
    return line
