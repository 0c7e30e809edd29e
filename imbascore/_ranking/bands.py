"""Confidence bands of the ROC, precision-recall and precision-recall-gain
curves: pointwise, by the stratified bootstrap of one sorted order
(:mod:`imbascore._ranking.bootstrap`); simultaneous, by Campbell's (1994)
fixed-width band from the Kolmogorov-Smirnov bands of the two classes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import numpy as np

from .._core.checks import (
    check_choice,
    check_confidence_level,
    check_n_resamples,
    check_seed,
    param_error,
    preview,
)
from .._core.optional import require
from .._core.types import ArrayLike, FloatArray, PosLabel, RandomState
from .._specs.score_formulas import prg_curve_from_counts
from .bootstrap import count_chunks
from .inputs import read_ranked

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CurveBand", "curve_band"]

_FUNC = "curve_band"
_CURVES = ("roc", "pr", "prg")
_METHODS = ("pointwise", "simultaneous")
#: Per curve: the names of its grid's axis and of the banded value.
_AXES = {
    "roc": ("fpr", "tpr"),
    "pr": ("recall", "precision"),
    "prg": ("recall_gain", "precision_gain"),
}
_DEFAULT_POINTS = 101


# ------------------------------------------------------------ curves on a grid


def _linear_top(xs, ys, grid):
    """``ys`` read at each ``grid`` value along a polyline of nondecreasing
    ``xs``: linear between its points; where it is vertical at a grid
    value, its top (the last point there); NaN left of ``xs[0]``."""
    return np.where(grid >= xs[0], _read_top(xs, ys, grid), np.nan)


def _linear_first(xs, ys, grid):
    """As :func:`_linear_top`, but where it is vertical at a grid value, its
    first point there; NaN outside ``[xs[0], xs[-1]]``."""
    inside = (grid >= xs[0]) & (grid <= xs[-1])
    return np.where(inside, _read_bottom(xs, ys, grid), np.nan)


def _roc_row(tp, fp, grid):
    """TPR at each FPR of ``grid``: linear between the curve's points; where
    the curve rises vertically at an FPR of the grid, its top (the most TPR
    reached at that FPR)."""
    fpr = np.concatenate(([0.0], fp / fp[-1]))
    tpr = np.concatenate(([0.0], tp / tp[-1]))
    return _linear_top(fpr, tpr, grid)


def _pr_row(tp, fp, grid):
    """Precision of the first threshold whose recall reaches each grid
    value; at or below the first recall, the top threshold that holds any
    weight."""
    predicted = tp + fp
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(predicted > 0, tp / predicted, 0.0)
    j = np.searchsorted(tp / tp[-1], grid, side="left")
    first = int(np.argmax(predicted > 0))
    return precision[np.maximum(j, first)]


def _prg_row(tp, fp, grid):
    """Precision gain at each recall gain of ``grid`` (Flach & Kull 2015):
    along the exact PRG curve of
    :func:`~imbascore._specs.score_formulas.prg_curve_from_counts`, its
    points joined by straight lines (the curve Flach & Kull define, whose
    trapezoids are AUPRG, and which
    :func:`~imbascore.precision_recall_gain_curve` draws); where the curve
    is vertical at a grid value (the recall gain held while only negatives
    are added, so the precision gain falls), its top: the first point
    there, the operating point of most precision gain at that recall gain.
    Negative precision gains are kept, not clipped."""
    precision_gain, recall_gain, _ = prg_curve_from_counts(tp, fp)
    return _linear_first(recall_gain, precision_gain, grid)


#: Per curve: its value on a grid from one row of cumulated counts.
_ROWS = {"roc": _roc_row, "pr": _pr_row, "prg": _prg_row}


def _on_grid(curve, tp, fp, grid):
    """The curve on ``grid`` for each row of the cumulated counts."""
    row = _ROWS[curve]
    return np.array([row(tp[k], fp[k], grid) for k in range(tp.shape[0])])


# ------------------------------------------------------------------- the bands


def _effective_size(weights):
    """Kish's effective number of samples ``(sum w)^2 / sum w^2``, rounded
    down (up to rounding error: equal weights give the count), at least 1."""
    squares = float(np.dot(weights, weights))
    size = float(weights.sum()) ** 2 / squares if squares > 0 else 0.0
    return max(int(np.floor(size + 1e-9)), 1)


def ks_half_widths(ranked, level):
    """The half-widths ``(d_m, d_n)`` of the Kolmogorov-Smirnov bands of the
    positives' and the negatives' score distributions, each at level
    ``sqrt(level)``: the exact two-sided critical value
    ``scipy.stats.kstwo.ppf(sqrt(level), size)``, ``size`` the class's count,
    or its Kish effective size under weights."""
    if ranked.weights is None:
        m = int(ranked.positive.sum())
        sizes = (m, ranked.positive.shape[0] - m)
    else:
        sizes = tuple(
            _effective_size(ranked.weights[mask])
            for mask in (ranked.positive, ~ranked.positive)
        )
    return tuple(_ks_critical(float(np.sqrt(level)), size) for size in sizes)


@lru_cache(maxsize=256)
def _ks_critical(level, size):
    """``scipy.stats.kstwo.ppf(level, size)``, cached (a root search of some
    milliseconds)."""
    from scipy.stats import kstwo

    return float(kstwo.ppf(level, size))


def _read_top(xs, ys, at):
    """The most ``ys`` a monotone polygon through the points ``(xs, ys)``
    (both nondecreasing) reaches at each abscissa of ``at``: linear between
    the points, the top of a vertical segment; ``at`` is clipped to
    ``[xs[0], xs[-1]]``."""
    at = np.clip(at, xs[0], xs[-1])
    j = np.searchsorted(xs, at, side="right") - 1
    nxt = np.minimum(j + 1, xs.shape[0] - 1)
    run = xs[nxt] - xs[j]
    with np.errstate(invalid="ignore", divide="ignore"):
        slope = np.where(run > 0, (ys[nxt] - ys[j]) / run, 0.0)
    return ys[j] + (at - xs[j]) * slope


def _read_bottom(xs, ys, at):
    """As :func:`_read_top`, the least ``ys`` reached: the bottom of a
    vertical segment."""
    at = np.clip(at, xs[0], xs[-1])
    i = np.searchsorted(xs, at, side="left")
    prev = np.maximum(i - 1, 0)
    run = xs[i] - xs[prev]
    with np.errstate(invalid="ignore", divide="ignore"):
        slope = np.where(run > 0, (ys[i] - ys[prev]) / run, 0.0)
    return np.where(xs[i] == at, ys[i], ys[prev] + (at - xs[prev]) * slope)


def _precision(pi, recall, fpr):
    """``pi r / (pi r + (1 - pi) fpr)``, 1 where both terms are 0."""
    predicted = pi * recall + (1.0 - pi) * fpr
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(predicted > 0, pi * recall / predicted, 1.0)


def _fixed_width(curve, tp, fp, grid, d_m, d_n):
    """Campbell's (1994) band on ``grid``, from the sample's cumulated
    counts and the KS half-widths of the positives (``d_m``) and of the
    negatives (``d_n``); see :func:`curve_band`'s Notes."""
    fpr = np.concatenate(([0.0], fp / fp[-1]))
    tpr = np.concatenate(([0.0], tp / tp[-1]))
    if curve == "roc":
        low = _read_bottom(fpr, tpr, grid - d_n) - d_m
        high = _read_top(fpr, tpr, grid + d_n) + d_m
        return np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0)
    pi = tp[-1] / (tp[-1] + fp[-1])
    if curve == "pr":
        recall = grid
    else:  # the recall whose gain (r - pi) / ((1 - pi) r) is the grid value
        recall = pi / (pi + (1.0 - pi) * (1.0 - grid))  # exactly 1 at gain 1
    # the true FPR at recall r, by the inverse reading of the same event
    fpr_low = np.clip(_read_bottom(tpr, fpr, recall - d_m) - d_n, 0.0, 1.0)
    fpr_high = np.clip(_read_top(tpr, fpr, recall + d_m) + d_n, 0.0, 1.0)
    if curve == "prg":
        # the precision gain (1 - pi / p) / (1 - pi) of p = _precision(pi, r,
        # f) is 1 - f / r, exact where f = r (gain 0); r >= pi > 0
        return 1.0 - fpr_high / recall, 1.0 - fpr_low / recall
    # at recall 0 (no value) this gives [0, 1], the band's limit as r -> 0:
    # fpr_low is 0 there, and fpr_high at least d_n > 0
    return _precision(pi, recall, fpr_high), _precision(pi, recall, fpr_low)


def _check_grid(grid: ArrayLike | None, curve: str) -> FloatArray:
    if grid is None:
        return np.arange(_DEFAULT_POINTS) / (_DEFAULT_POINTS - 1)
    try:
        array = np.asarray(grid, dtype=np.float64)
    except (TypeError, ValueError):
        array = None
    rule = (
        f"a 1-D, strictly increasing array of values in [0, 1] (of {_AXES[curve][0]})"
    )
    if (
        array is None
        or array.ndim != 1
        or array.size == 0
        or not np.isfinite(array).all()
        or array.min() < 0.0
        or array.max() > 1.0
        or (np.diff(array) <= 0).any()
    ):
        got = preview(array) if array is not None and array.ndim == 1 else grid
        raise ValueError(param_error(_FUNC, "grid", rule, got))
    return array


@dataclass(frozen=True, eq=False)
class CurveBand:
    """A curve on a grid and its confidence band.

    Attributes
    ----------
    curve : {'roc', 'pr', 'prg'}
    method : {'pointwise', 'simultaneous'}
    grid : ndarray of shape (n_points,)
        FPR ('roc'), recall ('pr') or recall gain ('prg').
    estimate : ndarray of shape (n_points,)
        The curve of the sample on the grid: TPR, precision or precision
        gain.
    low, high : ndarray of shape (n_points,)
        The band.
    confidence_level : float
    n_resamples : int
        The bootstrap resamples of the pointwise band; 0 for the
        simultaneous band, which draws none.
    """

    curve: str
    method: str
    grid: np.ndarray
    estimate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    confidence_level: float
    n_resamples: int

    @property
    def axes(self) -> tuple[str, str]:
        """The names of the grid's axis and of the banded value."""
        return _AXES[self.curve]

    def to_frame(self) -> pd.DataFrame:
        """A DataFrame, one row per grid point: the grid's axis, the curve,
        ``low`` and ``high`` (needs pandas)."""
        pd = require("pandas", "study", "CurveBand.to_frame")
        x, y = self.axes
        return pd.DataFrame(
            {x: self.grid, y: self.estimate, "low": self.low, "high": self.high}
        )

    def __repr__(self):
        def shown(value):
            return np.array2string(
                np.asarray(value), precision=4, separator=", ", threshold=6, edgeitems=2
            )

        return (
            f"CurveBand(curve={self.curve!r}, method={self.method!r}, "
            f"grid={shown(self.grid)}, estimate={shown(self.estimate)}, "
            f"low={shown(self.low)}, high={shown(self.high)}, "
            f"confidence_level={self.confidence_level}, "
            f"n_resamples={self.n_resamples})"
        )


def curve_band(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    curve: Literal["roc", "pr", "prg"] = "roc",
    method: Literal["pointwise", "simultaneous"] = "pointwise",
    confidence_level: float = 0.95,
    n_resamples: int = 1000,
    random_state: RandomState = None,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    grid: ArrayLike | None = None,
) -> CurveBand:
    """Confidence band of a ROC, precision-recall or PRG curve.

    The curve is read on a grid of its horizontal axis. The pointwise band
    is made from the curves of stratified bootstrap resamples (the positives
    and the negatives resampled separately, each keeping its count); the
    simultaneous band from the Kolmogorov-Smirnov bands of the two classes'
    score distributions (Campbell 1994), without resampling.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels of two classes.
    y_score : array-like of shape (n_samples,)
        Scores, higher for the positive class.
    curve : {'roc', 'pr', 'prg'}, default='roc'
        'roc': TPR on a grid of FPR. 'pr': precision on a grid of recall.
        'prg': precision gain on a grid of recall gain in [0, 1] (Flach &
        Kull 2015).
    method : {'pointwise', 'simultaneous'}, default='pointwise'
        'pointwise': at each grid point, the equal-tailed percentile
        interval of the resampled values; each point is covered at
        ``confidence_level``, the whole curve less often.
        'simultaneous': a band that holds the whole curve with probability
        at least ``confidence_level``, by Campbell's fixed-width band (see
        Notes).
    confidence_level : float, default=0.95
        In (0, 1).
    n_resamples : int, default=1000
        Bootstrap resamples of the pointwise band; checked, but not used by
        the simultaneous band (recorded as 0 in the result).
    random_state : int, RandomState instance or None, default=None
        Seeds the resamples (pointwise band only).
    pos_label : int, float, bool or str, default=None
        The positive class; None is 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        A resampled sample weighs its multiplicity times its weight; the
        simultaneous band counts each class as its Kish effective size.
    grid : array-like of shape (n_points,), default=None
        Strictly increasing points of [0, 1] on the curve's horizontal axis;
        None is ``0, 0.01, ..., 1``.

    Returns
    -------
    band : CurveBand
        ``grid``, ``estimate``, ``low`` and ``high`` (arrays on the grid);
        ``to_frame()`` with pandas.

    Notes
    -----
    Reading a curve on the grid, for the sample and every resample alike:

    - ROC: linear interpolation between the curve's points; where the curve
      rises vertically at a grid FPR (tied scores, or consecutive
      positives), the top of the rise, the largest TPR reached at that FPR.
      At FPR 0 that is the share of positives scored above every negative,
      so the band there describes the empirical step, not the limit 0.
    - PR: the precision at the first threshold whose recall reaches the
      grid value (the step rule of average precision); at recall 0, the
      precision of the top-scored samples.
    - PRG: the precision gain ``(prec - pi) / ((1 - pi) prec)`` along
      Flach & Kull's PRG curve (the curve of
      :func:`~imbascore.precision_recall_gain_curve`, ``pi`` the resample's
      positive share): its points (one per distinct score, the points of
      negative recall gain dropped, the crossing point at recall gain 0
      inserted) joined by straight lines, linear interpolation between two
      operating points being valid in PRG space (Flach & Kull 2015, where
      AUPRG is the area of these trapezoids), not the step rule of PR
      space. Where the curve is vertical at a grid recall gain (no positive
      added, so the precision gain falls), the top of that segment: at
      recall gain 1, the threshold that first reaches recall 1, not the
      curve's end at precision gain 0. Negative gains are kept.

    The simultaneous band is Campbell's (1994) fixed-width band. With
    ``F`` and ``G`` the negatives' and the positives' score distributions,
    the two-sided Kolmogorov-Smirnov band of each empirical distribution is
    taken at level ``sqrt(confidence_level)``, of half-width
    ``d_n = scipy.stats.kstwo.ppf(sqrt(confidence_level), n)`` for the
    ``n`` negatives and ``d_m`` likewise for the ``m`` positives; the two
    samples being independent, both bands hold together with probability
    at least ``confidence_level``, whatever the distributions. Under
    weights, ``m`` and ``n`` are the classes' Kish effective sizes
    ``(sum w)^2 / sum w^2``, rounded down, at least 1 (an approximation:
    the KS distribution is exact for unweighted samples). When both bands
    hold, every point of the true curve is within ``d_n`` in FPR and
    ``d_m`` in TPR of a point of the empirical ROC curve (linear between
    its points: the randomized thresholds of tied scores), so:

    - ROC: the true TPR at FPR ``t`` lies in
      ``[R_low(t - d_n) - d_m, R_high(t + d_n) + d_m]``, clipped to
      ``[0, 1]``, ``R_low`` and ``R_high`` the empirical curve read at the
      bottom and at the top of its vertical segments (0 left of FPR 0, 1
      right of FPR 1). The band holds the estimate and is nondecreasing.
    - PR: by the same event, the true FPR at recall ``r`` lies in
      ``[FPR_left(r - d_m) - d_n, FPR_right(r + d_m) + d_n]`` (the
      empirical curve read sideways, at the left and the right end of its
      horizontal segments), clipped to ``[0, 1]``; precision
      ``pi r / (pi r + (1 - pi) fpr)``, decreasing in ``fpr``, maps it to
      the precision band, ``pi`` the sample's (weighted) positive share,
      held fixed: the band is for the curve at that share, not for the
      share's own uncertainty. At recall 0 precision has no value; the
      band there is ``[0, 1]``, its limit as the recall goes to 0.
    - PRG: the PR band at the recall ``pi / (pi + (1 - pi)(1 - g))`` of
      each recall gain ``g`` of the grid, mapped by the precision gain
      (increasing in precision): ``1 - fpr / r`` at FPR ``fpr``.

    The PR step rule reads the precision at the first threshold whose
    recall reaches ``r``, which can be past ``r`` (and the PRG reading can
    lie above the straight PR-band mapping between two points) (at the end of a group of
    scores tied across the classes, or at a grid recall just past a
    positive's step): there the estimate can fall outside the band of the
    curve at ``r``, and the PR and PRG bands are widened to hold it (only
    widened, so the coverage stays at least the level).

    It replaced a percentile-bootstrap envelope (Mandel & Betensky 2008),
    which did not hold: a bootstrap of an empirical step curve collapses at
    the curve's ends (where the true TPR is just below 1, every resample
    already has TPR 1), and in a simulation (binormal scores, d' = 1, 20
    positives and 180 negatives) that 95% band held the whole true ROC curve
    in about 5% of data sets. Campbell's band is distribution-free and
    conservative: in the same simulation (grid FPR 0, 0.01, ..., 1), the 95%
    ROC band held the whole true curve in all of 300 data sets (and of
    1,000), as did the PR and PRG bands; at level 0.5, 97% of 300. The cost
    is width: at 95% in that simulation, 0.59 in TPR on average over the
    grid; for large classes, about ``1.48 / sqrt(m)`` in TPR and
    ``1.48 / sqrt(n)`` in FPR at 95%, the same along the curve, so wide with
    few positives, and not nested with the pointwise band (which is usually
    inside it but can reach beyond it, with ties or weights). The pointwise
    band is unchanged.

    References
    ----------
    .. [1] G. Campbell, "Advances in statistical methodology for the
       evaluation of diagnostic and laboratory tests", Statistics in
       Medicine 13, 499-508, 1994.
    .. [2] M. Mandel and R. A. Betensky, "Simultaneous confidence intervals
       based on the percentile bootstrap approach", Computational
       Statistics & Data Analysis 52, 2158-2165, 2008.
    .. [3] P. Flach and M. Kull, "Precision-Recall-Gain curves: PR analysis
       done right", NeurIPS 2015.

    Examples
    --------
    >>> import numpy as np
    >>> from imbascore._ranking.bands import curve_band
    >>> rng = np.random.default_rng(0)
    >>> y = (rng.random(300) < 0.2).astype(int)
    >>> band = curve_band(y, rng.normal(size=300) + y, n_resamples=200,
    ...                   random_state=0, grid=[0.0, 0.1, 0.5, 1.0])
    >>> bool(np.all(band.low <= band.high)), float(band.estimate[-1])
    (True, 1.0)
    """
    curve = check_choice(curve, "curve", _CURVES, _FUNC)
    method = check_choice(method, "method", _METHODS, _FUNC)
    level = check_confidence_level(confidence_level, _FUNC)
    n_resamples = check_n_resamples(n_resamples, _FUNC)
    grid = _check_grid(grid, curve)
    rng = check_seed(random_state, _FUNC)
    _, ranked = read_ranked(y_true, y_score, sample_weight, _FUNC, pos_label=pos_label)
    tp, fp = ranked.cumulated()
    if not (tp[-1] > 0 and fp[-1] > 0):
        raise ValueError(
            param_error(
                _FUNC,
                "y_true",
                "positive and negative samples of weight above 0 (a "
                f"{curve.upper()} curve needs both classes)",
                f"{float(tp[-1]):g} positive and {float(fp[-1]):g} negative weight",
            )
        )
    estimate = _on_grid(curve, tp[None, :], fp[None, :], grid)[0]
    if method == "simultaneous":
        d_m, d_n = ks_half_widths(ranked, level)
        low, high = _fixed_width(curve, tp, fp, grid, d_m, d_n)
        if curve != "roc":  # the step rule can read past the grid recall
            low, high = np.minimum(low, estimate), np.maximum(high, estimate)
        return CurveBand(curve, method, grid, estimate, low, high, level, 0)
    values = np.concatenate(
        [
            _on_grid(curve, tp, fp, grid)
            for tp, fp in count_chunks(ranked, n_resamples, rng)
        ]
    )
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(values, [tail, 1.0 - tail], axis=0)
    return CurveBand(curve, method, grid, estimate, low, high, level, n_resamples)
