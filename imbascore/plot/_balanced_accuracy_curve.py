"""The balanced accuracy curve of Weiss et al., drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.types import ArrayLike, PosLabel
from .._metrics.definitions import balanced_accuracy_score
from .._prior_shift.balanced_accuracy_curve import (
    balanced_accuracy_curve,
    normalized_area,
)
from ._base import Display, shade

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

__all__ = ["BalancedAccuracyCurveDisplay"]


class BalancedAccuracyCurveDisplay(Display):
    """Mean balanced accuracy per training positive share, with its spread.

    Build it with :meth:`from_estimator` (which runs
    :func:`~imbascore.balanced_accuracy_curve`) or :meth:`from_predictions`
    (predictions of models already trained at each share).

    Parameters
    ----------
    ratios, mean, std : array-like of shape (n_ratios,)

    auc : float

    name : str, default=None

    Attributes
    ----------
    line_ : matplotlib Line2D
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure
    """

    line_: Line2D
    _FIGSIZE = (5.5, 4)

    def __init__(
        self,
        *,
        ratios: ArrayLike,
        mean: ArrayLike,
        std: ArrayLike,
        auc: float,
        name: str | None = None,
    ) -> None:
        self.ratios = np.asarray(ratios, dtype=float)
        self.mean = np.asarray(mean, dtype=float)
        self.std = np.asarray(std, dtype=float)
        self.auc = auc
        self.name = name

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: ArrayLike,
        y: ArrayLike,
        *,
        name: str | None = None,
        ax: Axes | None = None,
        **curve_params: Any,
    ) -> BalancedAccuracyCurveDisplay:
        """Run :func:`~imbascore.balanced_accuracy_curve` and draw it.

        The (unfitted) estimator is trained at each positive share of the
        training set; ``curve_params`` go to the curve (``ratios``,
        ``n_repeats``, ...).
        """
        curve = balanced_accuracy_curve(estimator, X, y, **curve_params)
        viz = cls(
            ratios=curve.ratios,
            mean=curve.mean,
            std=curve.std,
            auc=curve.auc,
            name=name or type(estimator).__name__,
        )
        return viz.plot(ax=ax)

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        predictions: Any,
        *,
        sample_weight: ArrayLike | None = None,
        pos_label: PosLabel = 1,
        name: str | None = None,
        ax: Axes | None = None,
    ) -> BalancedAccuracyCurveDisplay:
        """Curve from ``{ratio: y_pred}`` on one test set.

        Each value is one prediction of ``y_true`` or a list of them (one per
        repeat), made by a model trained at that positive share;
        ``sample_weight`` weighs the test set's samples.
        """
        ratios = np.array(sorted(predictions), dtype=float)
        means: Any = []
        stds: list[float] = []
        for ratio in ratios:
            runs = predictions[ratio]
            # One prediction (1-D) or one per repeat (2-D, same test set).
            runs = [runs] if np.ndim(runs) == 1 else list(runs)
            scores = [
                balanced_accuracy_score(
                    y_true, run, pos_label=pos_label, sample_weight=sample_weight
                )
                for run in runs
            ]
            means.append(np.mean(scores))
            stds.append(np.std(scores))
        means = np.asarray(means)
        viz = cls(
            ratios=ratios,
            mean=means,
            std=stds,
            auc=normalized_area(ratios, means),
            name=name,
        )
        return viz.plot(ax=ax)

    def plot(
        self, ax: Axes | None = None, *, name: str | None = None
    ) -> BalancedAccuracyCurveDisplay:
        """Draw the mean curve and a band of one standard deviation.

        Returns
        -------
        self : BalancedAccuracyCurveDisplay
        """
        ax, name = self._axes(ax, name)
        label = f"{name} (AUC = {self.auc:.3f})"
        (self.line_,) = ax.plot(self.ratios, self.mean, marker="o", label=label)
        low, high = self.mean - self.std, self.mean + self.std
        shade(ax, self.ratios, low, high, self.line_)
        ax.set_xlabel("positive share of the training set")
        ax.set_ylabel("balanced accuracy (test)")
        ax.set_ylim(0, 1)
        ax.legend(loc="lower center")
        return self
