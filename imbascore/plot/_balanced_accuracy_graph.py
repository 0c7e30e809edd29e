"""The Balanced Accuracy Graph of García, Mollineda & Sánchez (2009), Fig. 1.

Dominance ``d = TPR - TNR`` on x in [-1, 1], ``Gmean^2 = TPR * TNR`` on y in
[0, 1]. Points above ``1 - |d|`` cannot occur. A classifier's point spans the
rectangle (-1, 0), (-1, g), (d, g), (d, 0) of area ``(1 + d) g`` = IBA with
alpha = 1; the index weights the width by alpha: ``(1 + alpha d) g``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from .._core.types import ArrayLike
from .._specs import formulas as F
from ._base import legend_below
from ._operating_points import OperatingPointsDisplay

if TYPE_CHECKING:
    from matplotlib.axes import Axes


__all__ = ["BalancedAccuracyGraphDisplay"]


class BalancedAccuracyGraphDisplay(OperatingPointsDisplay):
    """Classifiers in the (dominance, Gmean^2) plane; the best IBA rectangle shaded.

    Build it with :meth:`from_predictions`, :meth:`from_estimator` or
    :meth:`from_scores` (the operating point across thresholds, the
    threshold of the best IBA drawn with its rectangle); ``__init__`` only
    stores values. ``alpha`` (default 0.1) is a keyword of each.

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

    _BEST = "iba"
    _PARAMS = {"alpha": 0.1}

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
    def _of_rates(cls, tpr, tnr, names, alpha=0.1):
        return cls(tpr=tpr, tnr=tnr, names=names, alpha=alpha)

    @staticmethod
    def _coordinates(tpr, tnr):
        return F.dominance(tpr, tnr), tpr * tnr

    def plot(
        self, ax: Axes | None = None, *, name: str | None = None, legend: bool = True
    ) -> BalancedAccuracyGraphDisplay:
        """Draw the infeasible region, the points and the best IBA rectangle.

        Parameters
        ----------
        ax : matplotlib Axes, default=None

        name : str, default=None
            A title, if given.

        legend : bool, default=True

        Returns
        -------
        self : BalancedAccuracyGraphDisplay
        """
        ax, title = self._axes(ax, name)
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
        if title:
            ax.set_title(title)
        if legend:
            legend_below(ax, ncol=2)
        return self
