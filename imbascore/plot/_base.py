"""What every display shares, as scikit-learn's curve displays share
``_BinaryClassifierCurveDisplayMixin``: the estimator's response,
``from_estimator`` calling ``from_predictions``, the name's default, the axes
of ``plot`` (matplotlib imported only when drawing, with the install hint),
and the few drawing helpers that several displays repeat: a reference line
drawn once per axes, a band shaded in its line's colour, the legends.

Each display keeps only what it draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from .._core.checks import check_choice, param_error
from .._core.optional import install_hint
from .._core.types import ArrayLike, PosLabel

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "ClassifierDisplay",
    "D",
    "Display",
    "as_named_predictions",
    "band_legend",
    "check_matplotlib",
    "legend_below",
    "mark_point",
    "pop_options",
    "rates_of_predictions",
    "reference_line",
    "response_values",
    "shade",
]


def check_matplotlib(caller):
    """Return ``matplotlib.pyplot``, or say how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            f"{caller} needs matplotlib: {install_hint('plot')}"
        ) from None
    return plt


def pop_options(kwargs, defaults):
    """The options named in ``defaults`` taken out of ``kwargs`` (their
    defaults where absent): one call site forwards several groups of
    keywords, each to its own function."""
    return {key: kwargs.pop(key, value) for key, value in defaults.items()}


def _fitted_classes(estimator, func):
    """The two ``classes_`` of a fitted binary classifier."""
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        raise ValueError(
            f"{func} needs a fitted classifier (with classes_); "
            f"{type(estimator).__name__} is not fitted or not a classifier."
        )
    classes = np.asarray(classes)
    if len(classes) != 2:
        got = f"a classifier of {len(classes)} classes {classes.tolist()}"
        rule = "a binary classifier (two classes_)"
        raise ValueError(param_error(func, "estimator", rule, got))
    return classes


def response_values(estimator, X, *, response_method, pos_label, methods, func):
    """The positive class's response of a fitted binary classifier, and that
    class, as scikit-learn's displays read it.

    ``methods`` are those the display draws, in the order ``"auto"`` tries
    them. ``("predict",)`` gives the predicted labels and ``pos_label`` as
    given. Otherwise ``pos_label`` defaults to the second of ``classes_``;
    ``predict_proba`` gives its column, and ``decision_function`` (which
    scores the second class) is negated when it is the first.
    """
    response_method = check_choice(
        response_method, "response_method", ("auto", *methods), func
    )
    tried = methods if response_method == "auto" else (response_method,)
    if methods == ("predict",):
        return estimator.predict(X), pos_label
    if methods == ("predict_proba",) and not hasattr(estimator, "predict_proba"):
        raise TypeError(
            f"The 'estimator' parameter of {func} must have a predict_proba "
            f"method (a probabilistic binary classifier). Got "
            f"{type(estimator).__name__}, which has none: wrap it in "
            "sklearn.calibration.CalibratedClassifierCV, or pass "
            "probabilities to from_predictions."
        )
    classes = _fitted_classes(estimator, func)
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
    for method in tried:
        if hasattr(estimator, method):
            scores = np.asarray(getattr(estimator, method)(X))
            if method == "predict_proba":
                return scores[:, position], pos_label
            scores = scores.ravel()
            return (-scores if position == 0 else scores), pos_label
    rule = f"a method the estimator has ({' or '.join(tried)})"
    raise ValueError(param_error(func, "response_method", rule, response_method))


#: The display a constructor returns: the class it is called on.
D = TypeVar("D", bound="ClassifierDisplay")


class Display:
    """Base of the displays: ``__init__`` stores values; ``plot(ax=None, *,
    name=None, ...)`` draws them, sets ``ax_`` and ``figure_`` and returns
    the display."""

    #: The figure's size when ``plot`` makes one.
    _FIGSIZE: tuple[float, float] = (6.4, 4.8)
    #: The name drawn when neither the display nor ``plot`` gives one.
    _DEFAULT_NAME = "classifier"
    name: str | None = None

    def _axes(self, ax, name=None, figsize=None):
        """``(ax, name)``: the axes to draw on (a new figure if None; the
        lazy matplotlib import), set as ``ax_`` and ``figure_``, and the name
        to draw (``plot``'s, else the display's, else the default)."""
        plt = check_matplotlib(f"{type(self).__name__}.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=figsize or self._FIGSIZE)
        self.ax_, self.figure_ = ax, ax.figure
        return ax, name or self.name or self._DEFAULT_NAME


class ClassifierDisplay(Display):
    """A display of one binary classifier's predictions: ``from_estimator``
    reads the estimator's response and calls ``from_predictions``."""

    #: What ``from_estimator`` reads, in the order ``"auto"`` tries them.
    _RESPONSE_METHODS: tuple[str, ...] = ("predict_proba", "decision_function")

    @classmethod
    def from_estimator(
        cls: type[D],
        estimator: Any,
        X: ArrayLike,
        y: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        response_method: str = "auto",
        pos_label: PosLabel | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> D:
        """The display of a fitted binary classifier's response on (X, y).

        Parameters
        ----------
        estimator : fitted classifier
            Of two classes (``classes_``).
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
            True labels.
        sample_weight : array-like of shape (n_samples,), default=None
        response_method : str, default="auto"
            What is read: for displays of scores ``"predict_proba"``,
            ``"decision_function"`` or ``"auto"`` (the first the estimator
            has, in that order); displays of probabilities read
            ``predict_proba`` only, and displays of labels ``predict``.
        pos_label : int, float, bool or str, default=None
            The positive class; None is the second of the estimator's
            ``classes_`` (for displays of labels: ``from_predictions``'
            default). Its column of ``predict_proba`` is read; the decision
            function is negated where it is the first class.
        name : str, default=None
            The model's name; None is the estimator's class name.
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        **kwargs : dict
            The other parameters of ``from_predictions``.

        Returns
        -------
        display
        """
        y_pred, pos_label = response_values(
            estimator,
            X,
            response_method=response_method,
            pos_label=pos_label,
            methods=cls._RESPONSE_METHODS,
            func=f"{cls.__name__}.from_estimator",
        )
        if pos_label is not None:
            kwargs["pos_label"] = pos_label
        return cls.from_predictions(  # type: ignore[attr-defined]
            y,
            y_pred,
            sample_weight=sample_weight,
            name=name or type(estimator).__name__,
            ax=ax,
            **kwargs,
        )


def reference_line(ax, x, y, label, **style):
    """The line ``label`` of ``ax``, drawn from ``(x, y)`` (dashed grey by
    default) where ``ax`` has none: a reference shared by the models drawn
    on one axes."""
    for line in ax.get_lines():
        if line.get_label() == label:
            return line
    style = {"color": "0.4", "linestyle": "--", "linewidth": 1, "zorder": 1, **style}
    (line,) = ax.plot(x, y, label=label, **style)
    return line


def shade(ax, x, low, high, line, *, alpha=0.2, label="_band"):
    """A band from ``low`` to ``high``, in ``line``'s colour (by default not
    in the legend)."""
    return ax.fill_between(
        x, low, high, color=line.get_color(), alpha=alpha, linewidth=0, label=label
    )


def band_legend(ax, band, *, loc, fontsize="small"):
    """The legend, its title naming the shaded band (``band`` is the
    ``(confidence_level, kind)`` of the band drawn last, or None: the title
    of an earlier model's band is kept)."""
    legend = ax.get_legend()
    title = legend.get_title().get_text() if legend is not None else ""
    if band is not None:
        title = f"shaded: {band[0]:.0%} {band[1]} band"
    ax.legend(
        loc=loc,
        fontsize=fontsize,
        title=title or None,
        title_fontsize="x-small",
        framealpha=0.9,
    )


def mark_point(ax, x, y, marker, size, color, **style):
    """One point marked in ``color``, outlined in black (a best point)."""
    style = {"markeredgecolor": "black", "linestyle": "none", **style}
    return ax.plot(x, y, marker=marker, markersize=size, color=color, **style)


def legend_below(ax, ncol, **kwargs):
    """A small legend under the axes, out of the way of the points
    (``kwargs`` may move its anchor)."""
    place = {"bbox_to_anchor": (0.5, -0.14), **kwargs}
    ax.legend(fontsize="x-small", loc="upper center", ncol=ncol, frameon=False, **place)


def rates_of_predictions(y_true, predictions, *, pos_label, sample_weight, func):
    """TPR and TNR arrays, one entry per prediction of the dict ``predictions``."""
    from .._core.engine import one_vs_rest_counts
    from .._metrics.per_class import tnr as true_negative_rate
    from .._metrics.per_class import tpr as true_positive_rate

    tpr, tnr = [], []
    for y_pred in predictions.values():
        counts = one_vs_rest_counts(
            y_true,
            y_pred,
            pos_label=pos_label,
            sample_weight=sample_weight,
            func=func,
        )
        with np.errstate(invalid="ignore", divide="ignore"):
            tpr.append(float(true_positive_rate(counts)[0]))
            tnr.append(float(true_negative_rate(counts)[0]))
    return np.array(tpr), np.array(tnr)


def as_named_predictions(y_pred, name):
    """``{name: y_pred}``, or ``y_pred`` itself if it is already a dict."""
    return y_pred if isinstance(y_pred, dict) else {name or "classifier": y_pred}
