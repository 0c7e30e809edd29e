"""Metrics against the decision threshold, each best point marked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.checks import check_choice, param_error
from .._core.types import ArrayLike, PosLabel
from .._metrics.catalogue import NOT_A_QUALITY
from .._thresholds.curve import threshold_curve
from ._base import check_matplotlib

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .._thresholds.curve import ThresholdCurve

__all__ = ["ThresholdCurveDisplay", "scores_of_estimator"]

_RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")


def scores_of_estimator(estimator, X, *, response_method, pos_label, func):
    """The positive class's scores of a fitted binary classifier, and that class.

    ``"auto"`` tries ``predict_proba`` then ``decision_function``; the
    decision function is negated when the positive class is the first of
    ``classes_`` (it scores the second), as scikit-learn's displays do.
    """
    response_method = check_choice(
        response_method, "response_method", _RESPONSE_METHODS, func
    )
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        raise ValueError(
            f"{func} needs a fitted classifier (with classes_); "
            f"{type(estimator).__name__} is not fitted or not a classifier."
        )
    classes = np.asarray(classes)
    if len(classes) != 2:
        raise ValueError(
            param_error(
                func,
                "estimator",
                "a binary classifier (two classes_)",
                f"a classifier of {len(classes)} classes {classes.tolist()}",
            )
        )
    if pos_label is None:
        pos_label = classes[1].item()
    matches = np.flatnonzero(classes == pos_label)
    if not matches.size:
        raise ValueError(
            param_error(
                func,
                "pos_label",
                f"one of the estimator's classes_, {classes.tolist()}",
                pos_label,
            )
        )
    position = int(matches[0])
    methods = (
        ("predict_proba", "decision_function")
        if response_method == "auto"
        else (response_method,)
    )
    for method in methods:
        if hasattr(estimator, method):
            scores = np.asarray(getattr(estimator, method)(X))
            if method == "predict_proba":
                return scores[:, position], pos_label
            scores = scores.ravel()
            return (-scores if position == 0 else scores), pos_label
    raise ValueError(
        param_error(
            func,
            "response_method",
            f"a method the estimator has ({' or '.join(methods)})",
            response_method,
        )
    )


class ThresholdCurveDisplay:
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

    curve_: ThresholdCurve

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
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_score: ArrayLike,
        *,
        metrics: str | Sequence[str] = ("iba", "gmean", "balanced_accuracy"),
        pos_label: PosLabel | None = None,
        sample_weight: ArrayLike | None = None,
        thresholds: ArrayLike | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        **metric_params: Any,
    ) -> ThresholdCurveDisplay:
        """The curves of ``y_score``; the parameters are those of
        :func:`~imbascore.threshold_curve` (``metrics``, ``pos_label``,
        ``sample_weight``, ``thresholds``, ``alpha``, ...)."""
        curve = threshold_curve(
            y_true,
            y_score,
            metrics=metrics,
            pos_label=pos_label,
            sample_weight=sample_weight,
            thresholds=thresholds,
            **metric_params,
        )
        best = {
            key: curve.best_index(key)
            for key, values in curve.values.items()
            if key not in NOT_A_QUALITY and not np.isnan(values).all()
        }
        viz = cls(
            thresholds=curve.thresholds, values=curve.values, best=best, name=name
        )
        viz.curve_ = curve
        return viz.plot(ax=ax)

    @classmethod
    def from_estimator(
        cls,
        estimator: Any,
        X: ArrayLike,
        y: ArrayLike,
        *,
        metrics: str | Sequence[str] = ("iba", "gmean", "balanced_accuracy"),
        response_method: str = "auto",
        pos_label: PosLabel | None = None,
        sample_weight: ArrayLike | None = None,
        thresholds: ArrayLike | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        **metric_params: Any,
    ) -> ThresholdCurveDisplay:
        """The curves of a fitted binary classifier's scores on (X, y).

        ``response_method`` is ``"auto"`` (``predict_proba``, else
        ``decision_function``), ``"predict_proba"`` or
        ``"decision_function"``; ``pos_label`` defaults to the second of the
        estimator's ``classes_``.
        """
        scores, pos_label = scores_of_estimator(
            estimator,
            X,
            response_method=response_method,
            pos_label=pos_label,
            func="ThresholdCurveDisplay.from_estimator",
        )
        return cls.from_predictions(
            y,
            scores,
            metrics=metrics,
            pos_label=pos_label,
            sample_weight=sample_weight,
            thresholds=thresholds,
            name=name or type(estimator).__name__,
            ax=ax,
            **metric_params,
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
        plt = check_matplotlib("ThresholdCurveDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 4))
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
                ax.plot(
                    self.thresholds[best],
                    values[best],
                    marker="o",
                    markersize=7,
                    markeredgecolor="black",
                    color=line.get_color(),
                    linestyle="none",
                    zorder=3,
                )
                ax.axvline(
                    self.thresholds[best],
                    color=line.get_color(),
                    linestyle=":",
                    linewidth=1,
                )
        ax.set_xlabel("decision threshold (predicted positive: score >= threshold)")
        ax.set_ylabel("metric value")
        title = name or self.name
        if title:
            ax.set_title(title)
        ax.legend(fontsize="small", loc="best")
        self.ax_, self.figure_ = ax, ax.figure
        return self


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
