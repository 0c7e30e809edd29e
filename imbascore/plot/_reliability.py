"""The CORP reliability diagram (Dimitriadis, Gneiting & Jordan 2021): the
PAV-recalibrated probability against the forecast, its consistency or
confidence band, each class's histogram, several models on one axis."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from .._calibration.reliability import compute_reliability
from .._core.checks import check_bool
from .._core.types import ArrayLike, PosLabel
from ._base import ClassifierDisplay, band_legend, pop_options, reference_line, shade
from ._ranking_curves import _BAND_OPTIONS, _unit_square

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

    from .._calibration.reliability import ReliabilityDiagram

__all__ = ["ReliabilityDisplay"]

#: The diagonal's label: drawn once per axes, and what marks axes that
#: already hold a reliability diagram (the next model draws no histogram).
_DIAGONAL = "perfectly calibrated"
#: The histograms' bins: equal widths over [0, 1].
_N_BINS = 20


class ReliabilityDisplay(ClassifierDisplay):
    """CORP reliability diagram: the PAV-recalibrated probability against the
    predicted one, with a consistency or confidence band, the Brier score's
    decomposition in the legend and each class's histogram.

    Build it with :meth:`from_predictions` (probabilities) or
    :meth:`from_estimator` (a fitted binary classifier's ``predict_proba``);
    ``__init__`` only stores values. The curve is
    :func:`~imbascore.reliability_diagram`'s: each distinct probability ``x``
    against its conditional event probability ``cep`` (the isotonic,
    pool-adjacent-violators fit of the outcome on ``x``), the points joined
    linearly as R's reliabilitydiag draws them; the dashed diagonal is a
    calibrated model. The band is shaded in the line's colour where it is
    defined: the consistency band lies around the diagonal (where a
    calibrated model's curve would fall; a curve outside it is evidence of
    miscalibration), the confidence band around the curve. The legend gives
    each model's Brier decomposition ``MCB - DSC + UNC`` (miscalibration,
    discrimination, uncertainty) and, with the consistency band, the
    p-value of the test of calibration.

    Above the diagram, a small axis sharing ``x`` shows the histogram of the
    probabilities of each class, each normalised to its own total weight
    (the share of that class in each of 20 bins), so that a rare positive
    class stays visible beside the negatives. Several models go on one
    axis: pass the first display's ``ax_`` as ``ax``; the diagonal and the
    histograms are drawn for the first model only.

    Parameters
    ----------
    diagram : ReliabilityDiagram
        From :func:`~imbascore.reliability_diagram`.
    name : str, default=None
        The model's name, for the legend.

    Attributes
    ----------
    line_ : matplotlib Line2D
        The curve, labelled "name" and, on a second line, "MCB=..., DSC=...,
        UNC=..., p=..." (p with the consistency band only).
    band_ : matplotlib PolyCollection or None
        The band, in the line's colour.
    diagonal_ : matplotlib Line2D
        The diagonal (shared by the models on one axis).
    ax_hist_ : matplotlib Axes or None
        The histograms' axis (None where none was drawn).
    histogram_ : dict or None
        ``{"negatives": patches, "positives": patches}``, each the patches
        of ``Axes.hist`` (a class of no weight is not drawn).
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    See Also
    --------
    imbascore.reliability_diagram : The values drawn.
    sklearn.calibration.CalibrationDisplay : The binned curve.

    References
    ----------
    .. [1] Dimitriadis, T., Gneiting, T. and Jordan, A. I. (2021). Stable
       reliability diagrams for probabilistic classifiers. PNAS, 118(8),
       e2016191118.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import ReliabilityDisplay
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_proba = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> display = ReliabilityDisplay.from_predictions(
    ...     y_true, y_proba, name="model", band=None
    ... )
    >>> print(display.line_.get_label())
    model
    MCB=0.071, DSC=0.143, UNC=0.210
    """

    diagonal_: Line2D
    line_: Line2D
    _RESPONSE_METHODS: tuple[str, ...] = ("predict_proba",)

    def __init__(self, *, diagram: ReliabilityDiagram, name: str | None = None) -> None:
        self.diagram = diagram
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
        band: Literal["consistency", "confidence"] | None = "consistency",
        prevalence: float | None = None,
        **kwargs: Any,
    ) -> ReliabilityDisplay:
        """The reliability diagram of predicted probabilities.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels, of at most two classes.
        y_proba : array-like of shape (n_samples,)
            Probabilities of the positive class, in [0, 1].
        sample_weight : array-like of shape (n_samples,), default=None
        pos_label : int, float, bool or str, default=None
            The positive class; None is 1 for classes {0, 1} or {-1, 1}.
        name : str, default=None
            The model's name in the legend ("classifier" if None).
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        band : {'consistency', 'confidence'} or None, default='consistency'
            The band drawn (None: none, no resampling).
        prevalence : float or sequence or dict, default=None
            The deployment's class ratio: each class's weights rescaled to
            its share (the curve, the band and the decomposition at it).
        **kwargs : dict
            ``confidence_level`` (default 0.95), ``n_resamples`` (default
            1000) and ``random_state`` (default None) go to
            :func:`~imbascore.reliability_diagram`: the band's pointwise
            level, and its resamples (and the test's). ``histogram``
            (default True: each class's histogram above the diagram, first
            model on the axes only) goes to :meth:`plot`, the others to the
            curve's line (``color``, ``linestyle``, ...).

        Returns
        -------
        display : ReliabilityDisplay
        """
        func = f"{cls.__name__}.from_predictions"
        check_bool(kwargs.get("histogram", True), "histogram", func)
        diagram = compute_reliability(
            y_true,
            y_proba,
            band=band,
            pos_label=pos_label,
            sample_weight=sample_weight,
            prevalence=prevalence,
            func=func,
            **pop_options(kwargs, _BAND_OPTIONS),
        )
        return cls(diagram=diagram, name=name).plot(ax=ax, **kwargs)

    def _label(self, name):
        diagram = self.diagram
        parts = diagram.decomposition
        text = f"MCB={parts.mcb:.3f}, DSC={parts.dsc:.3f}, UNC={parts.unc:.3f}"
        if diagram.band == "consistency" and np.isfinite(diagram.p_value):
            text += f", p={diagram.p_value:.3f}"
        return f"{name}\n{text}"

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        histogram: bool = True,
        **kwargs: Any,
    ) -> ReliabilityDisplay:
        """Draw the curve, its band (shaded in the line's colour), the
        diagonal and the histograms (once per axes).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None. Axes that already hold a
            reliability diagram get one more curve.
        name : str, default=None
            Overrides the model's name in the legend.
        histogram : bool, default=True
            Draw each class's histogram on a small axis above, unless these
            axes already hold a reliability diagram.
        **kwargs : dict
            Passed to the curve's line (``color``, ``linestyle``, ...).

        Returns
        -------
        self : ReliabilityDisplay
        """
        check_bool(histogram, "histogram", f"{type(self).__name__}.plot")
        size = (5.6, 6.6) if histogram else (5.6, 5.6)
        ax, name = self._axes(ax, name, size)
        diagram = self.diagram
        first = _DIAGONAL not in {line.get_label() for line in ax.get_lines()}
        self.diagonal_ = reference_line(ax, [0.0, 1.0], [0.0, 1.0], _DIAGONAL)
        line_kw = {"linewidth": 1.8, **kwargs}
        (self.line_,) = ax.plot(
            diagram.x, diagram.cep, label=self._label(name), **line_kw
        )
        self.band_ = None
        finite = np.isfinite(diagram.low) & np.isfinite(diagram.high)
        band = None
        if diagram.band is not None and finite.any():
            x, low, high = diagram.x[finite], diagram.low[finite], diagram.high[finite]
            self.band_ = shade(ax, x, low, high, self.line_)
            band = (diagram.confidence_level, diagram.band)
        _unit_square(ax, "Predicted probability", "Conditional event probability (PAV)")
        band_legend(ax, band, loc="upper left", fontsize="x-small")
        self.ax_hist_ = self.histogram_ = None
        if histogram and first:
            self.ax_hist_, self.histogram_ = _draw_histograms(ax, diagram, name)
        return self


def _draw_histograms(ax, diagram, name):
    """Each class's histogram, normalised to its own total weight, on a small
    axis appended above ``ax`` (sharing its x); ``(axis, patches)``."""
    from mpl_toolkits.axes_grid1 import make_axes_locatable

    hist_ax = make_axes_locatable(ax).append_axes(
        "top", size="22%", pad=0.12, sharex=ax
    )
    bins = np.linspace(0.0, 1.0, _N_BINS + 1)
    patches = {}
    styles = {
        "negatives": {"histtype": "stepfilled", "color": "0.75"},
        "positives": {"histtype": "step", "color": "black", "linewidth": 1.2},
    }
    for cls_name, weight in (
        ("negatives", diagram.negatives),
        ("positives", diagram.positives),
    ):
        total = weight.sum()
        if not total > 0:
            continue
        *_, drawn = hist_ax.hist(
            diagram.x,
            bins=bins,
            weights=weight / total,
            label=cls_name,
            **styles[cls_name],
        )
        patches[cls_name] = drawn
    hist_ax.set_ylim(0.0, 1.0)
    hist_ax.set_yticks([0.0, 0.5, 1.0])
    hist_ax.tick_params(axis="x", labelbottom=False)
    hist_ax.tick_params(labelsize="x-small")
    hist_ax.set_ylabel("share of\nits class", fontsize="x-small")
    hist_ax.legend(
        fontsize="x-small",
        loc="upper right",
        frameon=False,
        title=f"{name}: each class / its own total",
        title_fontsize="x-small",
    )
    return hist_ax, patches
