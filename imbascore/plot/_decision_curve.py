"""Decision curves: net benefit against the threshold probability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.types import ArrayLike, PosLabel
from .._thresholds.decision_curve import decision_curve
from ._base import ClassifierDisplay, shade

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

    from .._thresholds.decision_curve import DecisionCurve

__all__ = ["DecisionCurveDisplay"]

#: The label of the references, drawn once per axes.
_TREAT_ALL, _TREAT_NONE = "treat all", "treat none"


class DecisionCurveDisplay(ClassifierDisplay):
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
    _RESPONSE_METHODS: tuple[str, ...] = ("predict_proba",)
    _FIGSIZE = (6.4, 4.2)
    _DEFAULT_NAME = "model"

    def __init__(self, *, curve: DecisionCurve, name: str | None = None) -> None:
        self.curve = curve
        self.name = name

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_proba: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        pos_label: PosLabel | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        band: bool = True,
        **curve_params: Any,
    ) -> DecisionCurveDisplay:
        """The decision curve of predicted probabilities.

        ``curve_params`` (``thresholds``, ``standardized``,
        ``confidence_level``, ``random_state``, ...) and ``sample_weight``
        and ``pos_label`` are those of :func:`~imbascore.decision_curve`;
        ``name``, ``ax`` and ``band`` those of :meth:`plot`.
        :meth:`from_estimator` reads a fitted binary classifier's
        ``predict_proba`` (the column of ``pos_label``, by default the
        second of its ``classes_``).
        """
        curve = decision_curve(
            y_true,
            y_proba,
            pos_label=pos_label,
            sample_weight=sample_weight,
            **curve_params,
        )
        return cls(curve=curve, name=name).plot(ax=ax, band=band)

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
        ax, label = self._axes(ax, name)
        curve = self.curve
        x = curve.thresholds
        if _TREAT_ALL not in {line.get_label() for line in ax.get_lines()}:
            ax.plot(x, curve.treat_all, color="0.45", linewidth=1, label=_TREAT_ALL)
            ax.axhline(0.0, color="black", linewidth=1, label=_TREAT_NONE)
        (self.line_,) = ax.plot(
            x, curve.net_benefit, linewidth=1.8, label=label, **kwargs
        )
        self.band_ = None
        if band:
            interval = f"{label}: {curve.confidence_level:.0%} interval"
            self.band_ = shade(
                ax, x, curve.low, curve.high, self.line_, alpha=0.18, label=interval
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
        return self
