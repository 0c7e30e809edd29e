"""The ROC curve over the iso-lines of a metric (Flach 2003).

In ROC space, (FPR, TPR), every metric of the binary table is a surface,
and its contour lines are its isometrics (Flach, "The geometry of ROC
space", ICML 2003): points of equal value. Balanced accuracy's are lines of
slope 1; accuracy's are lines of slope ``negatives / positives`` (they move
with the class ratio); F1's are lines through ``(-positives / negatives,
0)``; G-mean's are the hyperbolas ``TPR (1 - FPR) = g^2``; IBA's lean toward
high TPR as alpha grows. The best threshold of a metric is where the ROC
curve touches its highest isometric.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.types import ArrayLike
from .._specs.catalogue import LABEL_CATALOGUE
from .._thresholds.curve import check_metrics, values_at_rates
from ._base import mark_point
from ._threshold_curve import ThresholdMetricsDisplay

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

__all__ = ["RocIsometricsDisplay"]

_MARKERS = "o^sDvP*Xh"
#: Metrics whose isometrics depend on the class ratio: scikit-learn's
#: names the threshold curve takes, and the catalogue's ratio-dependent ones.
_RATIO_DEPENDENT = frozenset(
    {"accuracy", "precision", "f1", "jaccard", "matthews_corrcoef"}
) | {info.name for info in LABEL_CATALOGUE if not info.ratio_free}


class RocIsometricsDisplay(ThresholdMetricsDisplay):
    """A ROC curve over the isometrics of a metric, each metric's best point marked.

    Build it with :meth:`from_predictions` (scores) or :meth:`from_estimator`;
    ``__init__`` only stores values. ``from_predictions`` draws the ROC curve
    over the isometrics of ``isometrics`` (default: the first of
    ``metrics``), each of ``metrics`` marked where it is best; the other
    parameters are :func:`~imbascore.threshold_curve`'s (``alpha=`` sets
    IBA's).

    Parameters
    ----------
    fpr, tpr, thresholds : array-like of shape (n_thresholds,)
        The operating point at each threshold (any order).

    values : dict of str to array-like of shape (n_thresholds,)
        Each metric's value at each threshold.

    best : dict of str to int
        The index of each metric's best threshold.

    positives, negatives : float
        The (weighted) sizes of the two classes: the class ratio that the
        isometrics of accuracy, F1, ... depend on.

    metric_params : dict, default=None
        The metrics' options (``alpha``, ...), for the isometrics.

    name : str, default=None

    Attributes
    ----------
    line_ : matplotlib Line2D
        The ROC curve.
    contours_ : matplotlib ContourSet
        The isometrics.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    References
    ----------
    .. [1] Flach, P. A. (2003). The geometry of ROC space: understanding
           machine learning metrics through ROC isometrics. ICML, 194-201.
    """

    line_: Line2D
    _METRICS = ("iba", "gmean", "balanced_accuracy", "accuracy", "f1")
    _PLOT_OPTIONS = {"isometrics": None, "levels": 9, "legend": True}
    _FIGSIZE = (5, 5)
    _DEFAULT_NAME = "ROC curve"

    def __init__(
        self,
        *,
        fpr: ArrayLike,
        tpr: ArrayLike,
        thresholds: ArrayLike,
        values: Mapping[str, ArrayLike],
        best: Mapping[str, int],
        positives: float,
        negatives: float,
        metric_params: Mapping[str, Any] | None = None,
        name: str | None = None,
    ) -> None:
        self.fpr = np.asarray(fpr, dtype=float)
        self.tpr = np.asarray(tpr, dtype=float)
        self.thresholds = np.asarray(thresholds, dtype=float)
        self.values = {key: np.asarray(v, dtype=float) for key, v in values.items()}
        self.best = dict(best)
        self.positives = float(positives)
        self.negatives = float(negatives)
        self.metric_params = dict(metric_params or {})
        self.name = name

    @classmethod
    def _of_curve(cls, curve, best, metric_params, name):
        return cls(
            fpr=curve.fpr,
            tpr=curve.tpr,
            thresholds=curve.thresholds,
            values=curve.values,
            best=best,
            positives=curve.tp[0] + curve.fn[0],
            negatives=curve.fp[0] + curve.tn[0],
            metric_params=metric_params,
            name=name,
        )

    def _describe(self, metric):
        if metric == "iba":
            return f"IBA (alpha = {self.metric_params.get('alpha', 0.1):g})"
        if metric == "weighted_accuracy":
            weight = self.metric_params.get("weight", 0.5)
            return f"weighted accuracy (weight = {weight:g})"
        return metric.replace("_", " ")

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        isometrics: str | None = None,
        levels: int = 9,
        legend: bool = True,
    ) -> RocIsometricsDisplay:
        """Draw the isometrics, the ROC curve and each metric's best point.

        Parameters
        ----------
        ax : matplotlib Axes, default=None

        isometrics : str, default=None
            The metric whose iso-lines are drawn (any name of
            :func:`~imbascore.threshold_metric_names`); default the first
            metric. Its iso-line through its best point is drawn bold: the
            ROC curve touches it there.

        levels : int, default=9
            Number of iso-lines.

        name : str, default=None
            Overrides the classifier's name.

        legend : bool, default=True

        Returns
        -------
        self : RocIsometricsDisplay
        """
        func = "RocIsometricsDisplay.plot"
        if isometrics is None:
            isometrics = next(iter(self.values))
        (isometrics,) = check_metrics([isometrics], func)
        ax, name = self._axes(ax, name)
        grid = np.linspace(0.0, 1.0, 201)
        fpr_grid, tpr_grid = np.meshgrid(grid, grid)
        surface = values_at_rates(
            isometrics,
            tpr_grid,
            fpr_grid,
            self.positives,
            self.negatives,
            self.metric_params,
            func,
        )
        finite = surface[np.isfinite(surface)]
        lines = np.linspace(finite.min(), finite.max(), levels + 2)[1:-1]
        self.contours_ = ax.contour(
            fpr_grid,
            tpr_grid,
            surface,
            levels=lines,
            cmap="Greys",
            vmin=finite.min() - 0.6 * np.ptp(finite),
            linewidths=0.8,
        )
        ax.clabel(self.contours_, fontsize="xx-small", fmt="%.2g")
        ax.plot([0, 1], [0, 1], color="0.6", linestyle=":", linewidth=1)
        order = np.lexsort((self.tpr, self.fpr))
        (self.line_,) = ax.plot(
            np.r_[0.0, self.fpr[order]],
            np.r_[0.0, self.tpr[order]],
            color="C0",
            linewidth=1.8,
            label=name,
        )
        for number, (key, index) in enumerate(self.best.items()):
            color = f"C{number + 1}"
            label = (
                f"best {self._describe(key)}: {self.values[key][index]:.3f} "
                f"at t = {self.thresholds[index]:.3g}"
            )
            marker = _MARKERS[number % len(_MARKERS)]
            size = max(13 - 2 * number, 5)  # later smaller: one point's marks show
            x, y = self.fpr[index], self.tpr[index]
            mark_point(ax, x, y, marker, size, color, zorder=4, label=label)
            if key == isometrics:
                ax.contour(
                    fpr_grid,
                    tpr_grid,
                    surface,
                    levels=[self.values[key][index]],
                    colors=[color],
                    linewidths=2,
                )
        ratio = self.negatives / self.positives if self.positives else np.inf
        title = f"isometrics of {self._describe(isometrics)}"
        if isometrics in _RATIO_DEPENDENT:
            title += f"\nat the data's ratio, {ratio:.3g} negatives per positive"
        ax.set_title(title, fontsize="medium")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_aspect("equal")
        ax.set_xlabel("false positive rate")
        ax.set_ylabel("true positive rate")
        if legend:
            ax.legend(fontsize="x-small", loc="lower right", framealpha=0.9)
        return self
