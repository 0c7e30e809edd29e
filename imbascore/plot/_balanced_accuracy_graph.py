"""The Balanced Accuracy Graph of García, Mollineda & Sánchez (2009), Fig. 1.

Dominance ``d = TPR - TNR`` on x in [-1, 1], ``Gmean^2 = TPR * TNR`` on y in
[0, 1]. Points above ``1 - |d|`` cannot occur. A classifier's point spans the
rectangle (-1, 0), (-1, g), (d, g), (d, 0) of area ``(1 + d) g`` = IBA with
alpha = 1; the index weights the width by alpha: ``(1 + alpha d) g``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.types import ArrayLike, PosLabel
from .._metrics import formulas as F
from ._base import (
    as_named_predictions,
    check_matplotlib,
    legend_below,
    rates_of_predictions,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .._thresholds.curve import ThresholdCurve

__all__ = ["BalancedAccuracyGraphDisplay"]


class BalancedAccuracyGraphDisplay:
    """Classifiers in the (dominance, Gmean^2) plane; the best IBA rectangle shaded.

    Build it with :meth:`from_predictions` or :meth:`from_estimator`;
    ``__init__`` only stores values.

    Parameters
    ----------
    tpr, tnr : array-like of shape (n_points,)
        Each classifier's rates.

    names : list of str

    alpha : float, default=0.1
        The IBA weight used to pick (and label) the best point.

    Attributes
    ----------
    dominance, gmean_squared, iba : ndarray of shape (n_points,)
    best_ : int
        Index of the point with the largest IBA.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure
    """

    trajectory_: Any
    curve_: ThresholdCurve
    best_threshold_: float

    def __init__(
        self,
        *,
        tpr: ArrayLike,
        tnr: ArrayLike,
        names: Sequence[str],
        alpha: float = 0.1,
    ) -> None:
        self.tpr = np.asarray(tpr, dtype=float)
        self.tnr = np.asarray(tnr, dtype=float)
        self.names = list(names)
        self.alpha = alpha
        self.dominance = F.dominance(self.tpr, self.tnr)
        self.gmean_squared = self.tpr * self.tnr
        self.iba = F.index_balanced_accuracy(self.tpr, self.tnr, alpha)

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_pred: ArrayLike,
        *,
        name: str | None = None,
        alpha: float = 0.1,
        pos_label: PosLabel = 1,
        sample_weight: ArrayLike | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> BalancedAccuracyGraphDisplay:
        """Points from predictions; ``y_pred`` may be a dict ``{name: y_pred}``."""
        predictions = as_named_predictions(y_pred, name)
        tpr, tnr = rates_of_predictions(
            y_true,
            predictions,
            pos_label=pos_label,
            sample_weight=sample_weight,
            func="BalancedAccuracyGraphDisplay.from_predictions",
        )
        viz = cls(tpr=tpr, tnr=tnr, names=list(predictions), alpha=alpha)
        return viz.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: ArrayLike,
        y: ArrayLike,
        *,
        name: str | None = None,
        alpha: float = 0.1,
        pos_label: PosLabel = 1,
        sample_weight: ArrayLike | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> BalancedAccuracyGraphDisplay:
        """One fitted classifier's point on (X, y)."""
        return cls.from_predictions(
            y,
            estimator.predict(X),
            name=name or type(estimator).__name__,
            alpha=alpha,
            pos_label=pos_label,
            sample_weight=sample_weight,
            ax=ax,
            **kwargs,
        )

    @classmethod
    def from_scores(
        cls,
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        name: str | None = None,
        alpha: float = 0.1,
        pos_label: PosLabel | None = None,
        sample_weight: ArrayLike | None = None,
        thresholds: ArrayLike | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> BalancedAccuracyGraphDisplay:
        """The operating point across decision thresholds, as a trajectory.

        Each threshold ``t`` of :func:`~imbascore.threshold_curve` gives the
        predictions ``y_score >= t`` and one point (dominance, Gmean^2); the
        line joins them from the highest threshold (few positives predicted,
        dominance near -1) to the lowest (all positive, dominance 1), a few
        thresholds written beside it. The threshold of the best IBA is the
        point drawn, with its rectangle.

        Parameters
        ----------
        y_true, y_score : array-like of shape (n_samples,)
            True labels of two classes, scores of the positive class.

        name : str, default=None

        alpha : float, default=0.1
            IBA's weight, which picks the point drawn.

        pos_label, sample_weight, thresholds
            As for :func:`~imbascore.threshold_curve`.

        ax : matplotlib Axes, default=None

        **kwargs : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : BalancedAccuracyGraphDisplay
            Also with ``curve_`` (the :class:`~imbascore.ThresholdCurve`),
            ``best_threshold_`` and ``trajectory_`` (the Line2D).
        """
        from .._thresholds.curve import threshold_curve
        from ._threshold_curve import draw_trajectory

        curve = threshold_curve(
            y_true,
            y_score,
            metrics=["sensitivity", "specificity", "iba"],
            pos_label=pos_label,
            sample_weight=sample_weight,
            thresholds=thresholds,
            alpha=alpha,
        )
        best = curve.best_index("iba")
        tpr, tnr = curve.values["sensitivity"], curve.values["specificity"]
        label = name or "classifier"
        viz = cls(
            tpr=tpr[best : best + 1],
            tnr=tnr[best : best + 1],
            names=[f"{label} at t = {curve.thresholds[best]:.3g}"],
            alpha=alpha,
        )
        legend = kwargs.pop("legend", True)
        viz.plot(ax=ax, legend=False, **kwargs)
        viz.trajectory_ = draw_trajectory(
            viz.ax_,
            F.dominance(tpr, tnr),
            tpr * tnr,
            curve.thresholds,
            label=f"{label} across thresholds",
        )
        if legend:
            legend_below(viz.ax_, ncol=2)
        viz.curve_, viz.best_threshold_ = curve, float(curve.thresholds[best])
        return viz

    def plot(
        self, ax: Axes | None = None, *, legend: bool = True
    ) -> BalancedAccuracyGraphDisplay:
        """Draw the infeasible region, the points and the best IBA rectangle.

        Parameters
        ----------
        ax : matplotlib Axes, default=None

        legend : bool, default=True

        Returns
        -------
        self : BalancedAccuracyGraphDisplay
        """
        plt = check_matplotlib("BalancedAccuracyGraphDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(5.5, 4.5))
        d = np.linspace(-1, 1, 401)
        ax.fill_between(d, 1 - np.abs(d), 1.02, color="0.9", label="infeasible")
        ax.plot(d, 1 - np.abs(d), color="gray", linewidth=1)
        self.best_ = int(np.nanargmax(self.iba)) if np.isfinite(self.iba).any() else -1
        if self.best_ >= 0:
            db, gb = self.dominance[self.best_], self.gmean_squared[self.best_]
            ax.fill(
                [-1, -1, db, db],
                [0, gb, gb, 0],
                color="C0",
                alpha=0.2,
                label=f"IBA rectangle of {self.names[self.best_]}",
            )
        for i, name in enumerate(self.names):
            ax.scatter(
                self.dominance[i],
                self.gmean_squared[i],
                s=60,
                zorder=3,
                edgecolor="black",
                label=f"{name} (IBA$_{{{self.alpha:g}}}$ = {self.iba[i]:.3f})",
            )
        ax.set_xlim(-1, 1)
        ax.set_ylim(0, 1.02)
        ax.set_xlabel("dominance (TPR - TNR)")
        ax.set_ylabel("Gmean$^2$ (TPR $\\times$ TNR)")
        if legend:
            legend_below(ax, ncol=2)
        self.ax_, self.figure_ = ax, ax.figure
        return self
