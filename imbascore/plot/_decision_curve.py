"""Decision curves: net benefit against the threshold probability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.types import ArrayLike, PosLabel, RandomState
from .._thresholds.decision_curve import decision_curve
from ._base import check_matplotlib
from ._threshold_curve import scores_of_estimator

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

    from .._thresholds.decision_curve import DecisionCurve

__all__ = ["DecisionCurveDisplay"]

#: The label of the references, drawn once per axes.
_TREAT_ALL, _TREAT_NONE = "treat all", "treat none"


class DecisionCurveDisplay:
    """Net benefit across threshold probabilities, with "treat all" and
    "treat none" (Vickers & Elkin 2006).

    Build it with :meth:`from_predictions` or :meth:`from_estimator`;
    ``__init__`` only stores values. Several models go on one axis: pass the
    first display's ``ax_`` as ``ax`` to the next; the references are drawn
    once.

    Parameters
    ----------
    curve : DecisionCurve
        From :func:`~imbascore.decision_curve`.

    name : str, default=None
        The model's name, for the legend.

    Attributes
    ----------
    line_ : matplotlib Line2D
    band_ : matplotlib PolyCollection or None
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import DecisionCurveDisplay
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_proba = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> display = DecisionCurveDisplay.from_predictions(
    ...     y_true, y_proba, name="model", random_state=0
    ... )
    >>> display.curve.useful_range()
    (0.11, 0.9)
    """

    line_: Line2D

    def __init__(self, *, curve: DecisionCurve, name: str | None = None) -> None:
        self.curve = curve
        self.name = name

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_proba: ArrayLike,
        *,
        thresholds: ArrayLike | None = None,
        pos_label: PosLabel | None = None,
        sample_weight: ArrayLike | None = None,
        standardized: bool = False,
        confidence_level: float = 0.95,
        random_state: RandomState = None,
        name: str | None = None,
        ax: Axes | None = None,
        band: bool = True,
    ) -> DecisionCurveDisplay:
        """The decision curve of predicted probabilities; the parameters are
        those of :func:`~imbascore.decision_curve`, then of :meth:`plot`."""
        curve = decision_curve(
            y_true,
            y_proba,
            thresholds=thresholds,
            pos_label=pos_label,
            sample_weight=sample_weight,
            standardized=standardized,
            confidence_level=confidence_level,
            random_state=random_state,
        )
        return cls(curve=curve, name=name).plot(ax=ax, band=band)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: ArrayLike,
        y: ArrayLike,
        *,
        pos_label: PosLabel | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        band: bool = True,
        **kwargs: Any,
    ) -> DecisionCurveDisplay:
        """The decision curve of a fitted binary classifier's
        ``predict_proba`` on (X, y); ``pos_label`` defaults to the second of
        its ``classes_``; other parameters as :meth:`from_predictions`."""
        proba, pos_label = scores_of_estimator(
            estimator,
            X,
            response_method="predict_proba",
            pos_label=pos_label,
            func="DecisionCurveDisplay.from_estimator",
        )
        return cls.from_predictions(
            y,
            proba,
            pos_label=pos_label,
            name=name or type(estimator).__name__,
            ax=ax,
            band=band,
            **kwargs,
        )

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        band: bool = True,
        **kwargs: Any,
    ) -> DecisionCurveDisplay:
        """Draw the net benefit (and its band), and the references once.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        name : str, default=None
        band : bool, default=True
            Shade the pointwise interval.
        **kwargs : dict
            Passed to the model's line (``color``, ``linestyle``, ...).

        Returns
        -------
        self : DecisionCurveDisplay
        """
        plt = check_matplotlib("DecisionCurveDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(6.4, 4.2))
        curve = self.curve
        x = curve.thresholds
        labels = {line.get_label() for line in ax.get_lines()}
        if _TREAT_ALL not in labels:
            ax.plot(x, curve.treat_all, color="0.45", linewidth=1, label=_TREAT_ALL)
            ax.axhline(0.0, color="black", linewidth=1, label=_TREAT_NONE)
        label = name or self.name or "model"
        (self.line_,) = ax.plot(
            x, curve.net_benefit, linewidth=1.8, label=label, **kwargs
        )
        self.band_ = None
        if band:
            self.band_ = ax.fill_between(
                x,
                curve.low,
                curve.high,
                color=self.line_.get_color(),
                alpha=0.18,
                linewidth=0,
                label=f"{label}: {curve.confidence_level:.0%} interval",
            )
        # "treat all" falls steeply (to -(1 - p) / p * 99 at 0.99): the
        # limits follow the models drawn on these axes, not the references
        models = [
            line.get_ydata()
            for line in ax.get_lines()
            if line.get_label() not in (_TREAT_ALL, _TREAT_NONE)
        ]
        reach = np.concatenate([*models, curve.high, [curve.treat_all[0]]])
        top = np.nanmax(reach)
        floor = max(np.nanmin(np.concatenate(models)), -0.25 * top)
        ax.set_ylim(min(floor, 0.0) - 0.05 * top, 1.05 * top)
        ax.set_xlim(0.0, 1.0)
        kind = "standardized net benefit" if curve.standardized else "net benefit"
        ax.set_xlabel("threshold probability (act when predicted risk >= it)")
        ax.set_ylabel(kind)
        ax.legend(fontsize="small", frameon=False)
        ax.grid(alpha=0.3)
        self.ax_, self.figure_ = ax, ax.figure
        return self
