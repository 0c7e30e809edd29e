"""Metrics against the decision threshold, each best point marked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from .._core.types import ArrayLike, PosLabel
from .._specs.catalogue import NOT_A_QUALITY
from .._thresholds.curve import threshold_curve
from ._base import ClassifierDisplay, mark_point, pop_options

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .._thresholds.curve import ThresholdCurve

__all__ = ["ThresholdCurveDisplay", "ThresholdMetricsDisplay"]


T = TypeVar("T", bound="ThresholdMetricsDisplay")


class ThresholdMetricsDisplay(ClassifierDisplay):
    """A display of the metrics of :func:`~imbascore.threshold_curve`, each
    best threshold marked; a subclass sets the default metrics, its options
    of :meth:`plot` and :meth:`_of_curve`."""

    curve_: ThresholdCurve
    _METRICS: tuple[str, ...] = ("iba", "gmean", "balanced_accuracy")
    #: The options of ``plot`` that ``from_predictions`` takes, and their
    #: defaults.
    _PLOT_OPTIONS: dict[str, Any] = {}

    @classmethod
    def _of_curve(cls, curve, best, metric_params, name):
        raise NotImplementedError

    @classmethod
    def from_predictions(
        cls: type[T],
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        pos_label: PosLabel | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        metrics: str | Sequence[str] | None = None,
        **kwargs: Any,
    ) -> T:
        """The curves of ``y_score``, each metric's best point marked.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of two classes.
        y_score : array-like of shape (n_samples,)
            Scores, higher for the positive class.
        sample_weight, pos_label
            As for :func:`~imbascore.threshold_curve`.
        name : str, default=None
            The classifier's name.
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        metrics : str or list of str, default=None
            Names of :func:`~imbascore.threshold_metric_names`; None is the
            display's default.
        **kwargs : dict
            The options of :meth:`plot` that the display names (the
            isometrics' metric of :class:`RocIsometricsDisplay`, ...); the
            others go to :func:`~imbascore.threshold_curve`
            (``thresholds``, ``alpha``, ...).

        Returns
        -------
        display
            With ``curve_``, the :class:`~imbascore.ThresholdCurve`.
        """
        plot_kw = pop_options(kwargs, cls._PLOT_OPTIONS)
        curve = threshold_curve(
            y_true,
            y_score,
            metrics=cls._METRICS if metrics is None else metrics,
            pos_label=pos_label,
            sample_weight=sample_weight,
            **kwargs,
        )
        best = {
            key: curve.best_index(key)
            for key, values in curve.values.items()
            if key not in NOT_A_QUALITY and not np.isnan(values).all()
        }
        kwargs.pop("thresholds", None)
        viz = cls._of_curve(curve, best, kwargs, name)
        viz.curve_ = curve
        return viz.plot(ax=ax, **plot_kw)


class ThresholdCurveDisplay(ThresholdMetricsDisplay):
    """Several metrics against the decision threshold, each best point marked.

    Build it with :meth:`from_predictions` (scores) or :meth:`from_estimator`
    (a fitted binary classifier); ``__init__`` only stores values. The
    values are those of :func:`~imbascore.threshold_curve`: each metric of
    the predictions ``y_score >= t``.

    Parameters
    ----------
    thresholds : array-like of shape (n_thresholds,)

    values : dict of str to array-like of shape (n_thresholds,)
        Each metric's value at each threshold.

    best : dict of str to int, default=None
        The index of each metric's best threshold (see
        :meth:`~imbascore.ThresholdCurve.best_index`); metrics without one
        (dominance) are not marked.

    name : str, default=None
        The classifier's name, for the title.

    Attributes
    ----------
    lines_ : dict of str to matplotlib Line2D
        One line per metric.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import ThresholdCurveDisplay
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> display = ThresholdCurveDisplay.from_predictions(
    ...     y_true, y_score, metrics=["iba", "f1"]
    ... )
    >>> display.best_thresholds_
    {'iba': 0.5, 'f1': 0.8}
    """

    _PLOT_OPTIONS = {"mark_best": True}
    _FIGSIZE = (6, 4)
    _DEFAULT_NAME = ""

    def __init__(
        self,
        *,
        thresholds: ArrayLike,
        values: Mapping[str, ArrayLike],
        best: Mapping[str, int] | None = None,
        name: str | None = None,
    ) -> None:
        self.thresholds = np.asarray(thresholds, dtype=float)
        self.values = {key: np.asarray(v, dtype=float) for key, v in values.items()}
        self.best = dict(best or {})
        self.name = name

    @property
    def best_thresholds_(self) -> dict[str, float]:
        """Each marked metric's best threshold."""
        return {key: float(self.thresholds[i]) for key, i in self.best.items()}

    @classmethod
    def _of_curve(cls, curve, best, metric_params, name):
        return cls(
            thresholds=curve.thresholds, values=curve.values, best=best, name=name
        )

    def plot(
        self, ax: Axes | None = None, *, name: str | None = None, mark_best: bool = True
    ) -> ThresholdCurveDisplay:
        """Draw one line per metric and mark each best threshold.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        name : str, default=None
            Overrides the classifier's name in the title.

        mark_best : bool, default=True
            Mark each metric's best point, and give it in the legend.

        Returns
        -------
        self : ThresholdCurveDisplay
        """
        ax, title = self._axes(ax, name)
        order = np.argsort(self.thresholds, kind="stable")
        x = self.thresholds[order]
        self.lines_ = {}
        for key, values in self.values.items():
            label = key
            best = self.best.get(key) if mark_best else None
            if best is not None:
                label = f"{key}: best {values[best]:.3f} at {self.thresholds[best]:.3g}"
            (line,) = ax.plot(x, values[order], label=label, linewidth=1.5)
            self.lines_[key] = line
            if best is not None:
                x_best, color = self.thresholds[best], line.get_color()
                mark_point(ax, x_best, values[best], "o", 7, color, zorder=3)
                ax.axvline(
                    self.thresholds[best],
                    color=line.get_color(),
                    linestyle=":",
                    linewidth=1,
                )
        ax.set_xlabel("decision threshold (predicted positive: score >= threshold)")
        ax.set_ylabel("metric value")
        if title:
            ax.set_title(title)
        ax.legend(fontsize="small", loc="best")
        return self
