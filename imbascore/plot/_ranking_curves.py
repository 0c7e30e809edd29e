"""ROC, precision-recall and precision-recall-gain curves with their
confidence bands, several models on one axis.

The three displays share one class: each names its curve (the ``curve`` of
:func:`~imbascore.curve_band`), its exact curve, its area and its baseline.
"""

from collections.abc import Callable

import numpy as np
from sklearn.metrics import precision_recall_curve, roc_curve

from .._core.checks import check_choice, param_error
from .._ranking.areas import (
    auprg_score,
    average_precision_score,
    precision_recall_gain_curve,
    roc_auc_score,
)
from .._ranking.bands import curve_band
from .._ranking.inputs import read_ranked
from ._base import (
    ClassifierDisplay,
    band_legend,
    pop_options,
    reference_line,
    shade,
)

__all__ = [
    "PrecisionRecallBandDisplay",
    "PrecisionRecallGainDisplay",
    "RocCurveBandDisplay",
]

_BANDS = ("pointwise", "simultaneous", None)
#: The band's options, forwarded by ``from_predictions`` to ``curve_band``.
_BAND_OPTIONS = {"confidence_level": 0.95, "n_resamples": 1000, "random_state": None}
#: Where a PRG band's precision gain (down to -inf where the precision is
#: 0) is cut for drawing: below the view, so the cut is never seen.
_PRG_FLOOR = -1.0


class _RankingCurveDisplay(ClassifierDisplay):
    """What the three displays share; a subclass sets the class attributes
    and :meth:`_exact_curve`."""

    #: The ``curve`` of :func:`~imbascore.curve_band`.
    _CURVE: str | None = None
    #: The area's short name in the legend, and its function.
    _AREA_NAME: str | None = None
    _AREA: Callable[..., float] | None = None
    _XLABEL: str | None = None
    _YLABEL: str | None = None
    _DRAWSTYLE = "default"
    _LEGEND_LOC = "best"
    _FIGSIZE = (5, 5)

    def __init__(self, *, x, y, area, positive_share, band=None, name=None):
        self.x = np.asarray(x, dtype=float)
        self.y = np.asarray(y, dtype=float)
        self.area = float(area)
        self.positive_share = float(positive_share)
        self.band = band
        self.name = name

    @staticmethod
    def _exact_curve(positive, scores, weights):
        """``(x, y)`` of the exact curve, from 0/1 labels (1 = positive)."""
        raise NotImplementedError

    def _draw_baseline(self, ax):
        """Draw the baseline (unless these axes have it); return its Line2D."""
        raise NotImplementedError

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        sample_weight=None,
        pos_label=None,
        name=None,
        ax=None,
        band="pointwise",
        **kwargs,
    ):
        """The curve of ``y_score``, its area and its confidence band.

        Pass the ``ax_`` of a first display as ``ax`` to draw another model
        on the same axes; the baseline is drawn once.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of two classes.
        y_score : array-like of shape (n_samples,)
            Scores, higher for the positive class.
        sample_weight : array-like of shape (n_samples,), default=None
        pos_label : int, float, bool or str, default=None
            The positive class; None is 1 for classes {0, 1} or {-1, 1}.
        name : str, default=None
            The model's name in the legend ("classifier" if None).
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        band : {'pointwise', 'simultaneous'} or None, default='pointwise'
            The band of :func:`~imbascore.curve_band` (its ``method``); None
            draws no band.
        **kwargs : dict
            ``confidence_level`` (default 0.95), ``n_resamples`` (default
            1000) and ``random_state`` (default None) go to
            :func:`~imbascore.curve_band`: the band's level, and the
            bootstrap of the pointwise band. The others go to :meth:`plot`
            (``baseline``) and the curve's line (``color``, ``linestyle``,
            ...).

        Returns
        -------
        display
            With ``line_``, ``band_``, ``baseline_``, ``ax_`` and
            ``figure_``.
        """
        func = f"{cls.__name__}.from_predictions"
        band = check_choice(band, "band", _BANDS, func)
        options = pop_options(kwargs, _BAND_OPTIONS)
        inputs, ranked = read_ranked(
            y_true, y_score, sample_weight, func, pos_label=pos_label
        )
        tp, fp = ranked.cumulated()
        if not (tp[-1] > 0 and fp[-1] > 0):
            rule = "positive and negative samples of weight above 0"
            got = f"{float(tp[-1]):g} positive and {float(fp[-1]):g} negative weight"
            raise ValueError(param_error(func, "y_true", rule, got))
        positive = (inputs.truth == inputs.pos_label).astype(int)
        x, y = cls._exact_curve(positive, inputs.scores, inputs.weights)
        area = cls._AREA(positive, inputs.scores, sample_weight=inputs.weights)
        interval = None
        if band is not None:
            interval = curve_band(
                y_true,
                y_score,
                curve=cls._CURVE,
                method=band,
                pos_label=pos_label,
                sample_weight=sample_weight,
                **options,
            )
        share = float(tp[-1] / (tp[-1] + fp[-1]))
        viz = cls(x=x, y=y, area=area, positive_share=share, band=interval, name=name)
        return viz.plot(ax=ax, **kwargs)

    def _band_values(self):
        """The band's ``(grid, low, high)`` as drawn."""
        return self.band.grid, self.band.low, self.band.high

    def plot(self, ax=None, *, name=None, baseline=True, **kwargs):
        """Draw the curve, its band (shaded in the line's colour) and the
        baseline (once per axes).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None. Axes that already hold a
            display's curve get one more.
        name : str, default=None
            Overrides the model's name in the legend.
        baseline : bool, default=True
            Draw the baseline, unless these axes have it.
        **kwargs : dict
            Passed to the curve's line (``color``, ``linestyle``, ...).

        Returns
        -------
        self
        """
        ax, name = self._axes(ax, name)
        self.baseline_ = self._draw_baseline(ax) if baseline else None
        label = f"{name} ({self._AREA_NAME} {self.area:.3f})"
        line_kw = {"linewidth": 1.8, "drawstyle": self._DRAWSTYLE, **kwargs}
        (self.line_,) = ax.plot(self.x, self.y, label=label, **line_kw)
        self.band_ = None
        if self.band is not None:
            self.band_ = shade(ax, *self._band_values(), self.line_)
        _unit_square(ax, self._XLABEL, self._YLABEL)
        band = self.band
        band = None if band is None else (band.confidence_level, band.method)
        band_legend(ax, band, loc=self._LEGEND_LOC)
        return self


def _unit_square(ax, xlabel, ylabel):
    """Square axes over [0, 1] x [0, 1], labelled."""
    ax.set_xlim(0.0, 1.0)
    ax.set_ylim(0.0, 1.0)
    ax.set_aspect("equal")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


class RocCurveBandDisplay(_RankingCurveDisplay):
    """ROC curve with its area and confidence band, against chance.

    Build it with :meth:`from_predictions` (scores) or :meth:`from_estimator`
    (a fitted binary classifier); ``__init__`` only stores values. The curve
    is scikit-learn's ``roc_curve``, the area :func:`~imbascore.roc_auc_score`,
    the band :func:`~imbascore.curve_band` (``curve="roc"``) shaded in the
    line's colour, and the baseline the chance diagonal TPR = FPR. Several
    models go on one axis: pass the first display's ``ax_`` as ``ax``.

    Parameters
    ----------
    x, y : array-like of shape (n_points,)
        The curve: false and true positive rates.
    area : float
        The ROC AUC.
    positive_share : float
        The positives' share of the (weighted) samples.
    band : CurveBand, default=None
        The band on a grid of FPR; None draws none.
    name : str, default=None
        The model's name, for the legend.

    Attributes
    ----------
    line_ : matplotlib Line2D
        The curve, labelled "name (AUC 0.873)".
    band_ : matplotlib PolyCollection or None
        The band, in the line's colour.
    baseline_ : matplotlib Line2D or None
        The chance diagonal.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import RocCurveBandDisplay
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> display = RocCurveBandDisplay.from_predictions(
    ...     y_true, y_score, name="model", n_resamples=200, random_state=0
    ... )
    >>> display.line_.get_label()
    'model (AUC 0.929)'
    """

    _CURVE = "roc"
    _AREA_NAME = "AUC"
    _AREA = staticmethod(roc_auc_score)
    _XLABEL = "false positive rate"
    _YLABEL = "true positive rate"
    _LEGEND_LOC = "lower right"

    @staticmethod
    def _exact_curve(positive, scores, weights):
        fpr, tpr, _ = roc_curve(positive, scores, sample_weight=weights)
        return fpr, tpr

    def _draw_baseline(self, ax):
        return reference_line(ax, [0.0, 1.0], [0.0, 1.0], "chance (AUC 0.5)")


class PrecisionRecallBandDisplay(_RankingCurveDisplay):
    """Precision-recall curve with its average precision and confidence band,
    against the always-positive classifier.

    Build it with :meth:`from_predictions` (scores) or :meth:`from_estimator`
    (a fitted binary classifier); ``__init__`` only stores values. The curve
    is scikit-learn's ``precision_recall_curve``, drawn as steps (each
    recall's precision that of the first threshold reaching it, the rule of
    average precision, as scikit-learn's ``PrecisionRecallDisplay`` draws
    it); the area :func:`~imbascore.average_precision_score`; the band
    :func:`~imbascore.curve_band` (``curve="pr"``) shaded in the line's
    colour. The baseline is the horizontal line precision = pi, the
    positives' share: the precision of the always-positive classifier, and
    of any classifier that predicts positive at random (its expected
    average precision too). Several models go on one axis: pass the first
    display's ``ax_`` as ``ax``; a baseline at another share is drawn
    besides.

    Parameters
    ----------
    x, y : array-like of shape (n_points,)
        The curve: recall and precision.
    area : float
        The average precision.
    positive_share : float
        The positives' share of the (weighted) samples: the baseline.
    band : CurveBand, default=None
        The band on a grid of recall; None draws none.
    name : str, default=None
        The model's name, for the legend.

    Attributes
    ----------
    line_ : matplotlib Line2D
        The curve, labelled "name (AP 0.412)".
    band_ : matplotlib PolyCollection or None
    baseline_ : matplotlib Line2D or None
        The line precision = pi.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import PrecisionRecallBandDisplay
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> display = PrecisionRecallBandDisplay.from_predictions(
    ...     y_true, y_score, name="model", band=None
    ... )
    >>> display.line_.get_label(), display.baseline_.get_label()
    ('model (AP 0.867)', 'always positive (precision 0.300)')
    """

    _CURVE = "pr"
    _AREA_NAME = "AP"
    _AREA = staticmethod(average_precision_score)
    _XLABEL = "recall"
    _YLABEL = "precision"
    _DRAWSTYLE = "steps-post"

    @staticmethod
    def _exact_curve(positive, scores, weights):
        precision, recall, _ = precision_recall_curve(
            positive, scores, sample_weight=weights
        )
        return recall, precision

    def _draw_baseline(self, ax):
        pi = self.positive_share
        label = f"always positive (precision {pi:.3f})"
        return reference_line(ax, [0.0, 1.0], [pi, pi], label)


class PrecisionRecallGainDisplay(_RankingCurveDisplay):
    """Precision-Recall-Gain curve (Flach & Kull 2015) with its AUPRG and
    confidence band, against the F1 baseline of the always-positive
    classifier.

    Build it with :meth:`from_predictions` (scores) or :meth:`from_estimator`
    (a fitted binary classifier); ``__init__`` only stores values. The curve
    is :func:`~imbascore.precision_recall_gain_curve`, drawn linearly
    between its points (the gains interpolate linearly, as precision and
    recall do not); the area :func:`~imbascore.auprg_score`; the band
    :func:`~imbascore.curve_band` (``curve="prg"``) shaded in the line's
    colour. As Flach & Kull plot it, only the unit square is shown: recall
    gain below 0 is not on the curve, and precision gain below 0
    (precision below the positives' share) is out of view.

    The baseline drawn is the line ``precG + recG = 1``. With ``pi`` the
    positives' share, a gain ``(v - pi) / ((1 - pi) v)`` is linear in
    ``1 / v``, so the gain of a harmonic mean is the arithmetic mean of the
    gains: F1's gain is ``(precG + recG) / 2`` and F1's isometrics are lines
    of slope -1 [1]_. The always-positive classifier (recall 1, precision
    ``pi``) is the corner ``recG = 1, precG = 0``; its F1, ``2 pi / (1 +
    pi)``, is the baseline Flach & Kull propose for PR analysis [1]_, and its
    isometric through that corner is ``precG + recG = 1``: a point below it
    has a lower F1 than predicting every sample positive. (A classifier that
    predicts positive at random has precision ``pi``: it lies on the bottom
    edge, ``precG = 0``.)

    The band reads each resample's curve on the grid by the step rule of
    precision-recall (see :func:`~imbascore.curve_band`), while the line is
    linear between the curve's points: where the points are far apart (few
    distinct scores, as a shallow tree's), the line can pass outside the
    band between them.

    Parameters
    ----------
    x, y : array-like of shape (n_points,)
        The curve: recall gain and precision gain.
    area : float
        The AUPRG.
    positive_share : float
        The positives' share of the (weighted) samples.
    band : CurveBand, default=None
        The band on a grid of recall gain; None draws none. Drawn with its
        precision gain cut at -1 (below the view; it reaches -inf where a
        resample's precision is 0).
    name : str, default=None
        The model's name, for the legend.

    Attributes
    ----------
    line_ : matplotlib Line2D
        The curve, labelled "name (AUPRG 0.523)".
    band_ : matplotlib PolyCollection or None
    baseline_ : matplotlib Line2D or None
        The line precG + recG = 1.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    References
    ----------
    .. [1] Flach, P. A. and Kull, M. (2015). Precision-Recall-Gain Curves: PR
       Analysis Done Right. Advances in Neural Information Processing Systems
       28, 838-846.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import PrecisionRecallGainDisplay
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> display = PrecisionRecallGainDisplay.from_predictions(
    ...     y_true, y_score, name="model", band=None
    ... )
    >>> display.line_.get_label()
    'model (AUPRG 0.946)'
    """

    _CURVE = "prg"
    _AREA_NAME = "AUPRG"
    _AREA = staticmethod(auprg_score)
    _XLABEL = "recall gain"
    _YLABEL = "precision gain"

    @staticmethod
    def _exact_curve(positive, scores, weights):
        precision_gain, recall_gain, _ = precision_recall_gain_curve(
            positive, scores, sample_weight=weights
        )
        return recall_gain, precision_gain

    def _band_values(self):
        grid, low, high = super()._band_values()
        return grid, np.maximum(low, _PRG_FLOOR), np.maximum(high, _PRG_FLOOR)

    def _draw_baseline(self, ax):
        label = "F1 of always positive (precG + recG = 1)"
        return reference_line(ax, [0.0, 1.0], [1.0, 0.0], label)
