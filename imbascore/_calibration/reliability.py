"""The CORP reliability diagram (Dimitriadis, Gneiting & Jordan 2021): the
pool-adjacent-violators curve with a consistency or confidence band and a
test of calibration, and the binned curve beside it.

The bands resample as R's reliabilitydiag does (``region.method =
"resampling"``): the cases are bootstrapped and each resampled case gets an
outcome drawn from its own probability (consistency: where a calibrated
model's curve would lie) or from the fitted curve (confidence: where this
model's curve could lie); each resample's PAV curve is read linearly at the
original values, and the band is the pointwise quantiles. On grouped data
this is a multinomial draw of each distinct value's count and a binomial
draw of its positives, so a resample costs a pass over the distinct values,
not over the samples.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np

from .._core.checks import (
    check_choice,
    check_confidence_level,
    check_n_resamples,
    check_seed,
)
from .._core.optional import require
from .._core.types import ArrayLike, PosLabel, RandomState
from .._ranking.params import checked_params
from .._specs.probability_formulas import bin_edges, binned, decomposition, pav
from .grouped import read_grouped
from .results import CalibrationDecomposition

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "BinnedReliability",
    "ReliabilityDiagram",
    "binned_reliability",
    "calibration_test",
    "compute_reliability",
    "reliability_diagram",
    "resample_grouped",
]

_BANDS = ("consistency", "confidence", None)
#: Above this many distinct probabilities the band is read on this many of
#: them (equally spaced in rank), to bound the resamples' memory.
_MAX_POINTS = 1000


def _shown(value):
    return np.array2string(
        np.asarray(value), precision=4, separator=", ", threshold=6, edgeitems=2
    )


@dataclass(frozen=True, eq=False)
class ReliabilityDiagram:
    """The CORP reliability curve, its band and the decomposition.

    Attributes
    ----------
    x : ndarray of shape (n_values,)
        The distinct probabilities of non-zero weight, ascending.
    cep : ndarray of shape (n_values,)
        The recalibrated probability at each (the PAV fit: the conditional
        event probability).
    positives, negatives : ndarray of shape (n_values,)
        Each class's weight at each value (for the histograms).
    band : {'consistency', 'confidence'} or None
    low, high : ndarray of shape (n_values,)
        The pointwise band at each value (NaN where no resample reached the
        value, and everywhere without a band).
    decomposition : CalibrationDecomposition
        The Brier score's MCB, DSC and UNC.
    p_value : float
        The test of calibration (consistency band only; NaN otherwise):
        the share of the resamples under calibration whose MCB is at least
        the observed one, ``(1 + count) / (1 + n_resamples)``.
    confidence_level : float
    n_resamples : int
    """

    x: np.ndarray
    cep: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray
    band: str
    low: np.ndarray
    high: np.ndarray
    decomposition: CalibrationDecomposition
    p_value: float
    confidence_level: float
    n_resamples: int

    def to_frame(self) -> pd.DataFrame:
        """One row per distinct probability: ``x``, ``cep``, ``low``,
        ``high``, ``positives``, ``negatives`` (needs pandas)."""
        pd = require("pandas", "study", "ReliabilityDiagram.to_frame")
        return pd.DataFrame(
            {
                "x": self.x,
                "cep": self.cep,
                "low": self.low,
                "high": self.high,
                "positives": self.positives,
                "negatives": self.negatives,
            }
        )

    def __repr__(self):
        return (
            f"ReliabilityDiagram(x={_shown(self.x)}, cep={_shown(self.cep)}, "
            f"band={self.band!r}, low={_shown(self.low)}, high={_shown(self.high)}, "
            f"decomposition={self.decomposition!r}, p_value={self.p_value:.4g}, "
            f"confidence_level={self.confidence_level}, "
            f"n_resamples={self.n_resamples})"
        )


def resample_grouped(totals, outcome, n_cases, n_resamples, rng):
    """Yield ``(count, positives)`` per resample: ``n_cases`` cases
    bootstrapped (a multinomial count of each value, in proportion to its
    weight) and each case's outcome drawn from ``outcome`` at its value."""
    share = totals / totals.sum()
    size = max(int(round(n_cases)), 1)
    for _ in range(n_resamples):
        count = rng.multinomial(size, share)
        yield count, rng.binomial(count, outcome)


def _interpolated(x_fit, y_fit, at):
    """The PAV curve read linearly at ``at``, NaN outside its range (R's
    ``approx(rule = 1)``); a single point is read everywhere."""
    if x_fit.shape[0] == 1:
        return np.full(at.shape[0], y_fit[0])
    out = np.interp(at, x_fit, y_fit)
    out[(at < x_fit[0]) | (at > x_fit[-1])] = np.nan
    return out


def _resamples(x, totals, outcome, n_cases, n_resamples, rng):
    """Yield each resample's ``(x, positives, negatives)`` at the values it
    drew (see :func:`resample_grouped`)."""
    resamples = resample_grouped(totals, outcome, n_cases, n_resamples, rng)
    for count, positives in resamples:
        drawn = count > 0
        yield x[drawn], positives[drawn] * 1.0, (count - positives)[drawn] * 1.0


def _exceeds(observed_mcb, x, positives, negatives):
    mcb = decomposition("brier", x, positives, negatives)[1]
    return mcb >= observed_mcb - 1e-12 * max(1.0, observed_mcb)


def calibration_test(grouped, observed_mcb, n_resamples, rng):
    """The p-value of the MCB test: the share of ``n_resamples`` resamples
    under calibration (cases bootstrapped, outcomes drawn from their own
    probabilities) whose MCB reaches ``observed_mcb``, counting the data as
    one of them: ``(1 + count) / (1 + n_resamples)``."""
    kept = grouped.totals > 0
    x, totals = grouped.values[kept], grouped.totals[kept]
    if not x.shape[0] or not np.isfinite(observed_mcb):
        return np.nan
    exceed = sum(
        _exceeds(observed_mcb, *drawn)
        for drawn in _resamples(x, totals, x, grouped.cases, n_resamples, rng)
    )
    return (1 + exceed) / (1 + n_resamples)


def _band(x, cep, totals, n_cases, band, level, n_resamples, rng, observed_mcb):
    """``(points, low, high, p_value)`` of the band at ``points`` (``x`` or,
    above ``_MAX_POINTS`` values, that many of them); the consistency band's
    resamples also give the MCB test's p-value."""
    points = np.arange(x.shape[0])
    if x.shape[0] > _MAX_POINTS:
        spaced = np.linspace(0, x.shape[0] - 1, _MAX_POINTS)
        points = np.unique(spaced.round().astype(int))
    at = x[points]
    curves = np.empty((n_resamples, at.shape[0]))
    exceed = 0
    outcome = x if band == "consistency" else cep
    resamples = _resamples(x, totals, outcome, n_cases, n_resamples, rng)
    for row, drawn in enumerate(resamples):
        x_fit, y_fit = pav(*drawn)
        curves[row] = _interpolated(x_fit, y_fit, at)
        if band == "consistency":
            exceed += _exceeds(observed_mcb, *drawn)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN columns
        low, high = np.nanquantile(curves, [0.5 - level / 2, 0.5 + level / 2], axis=0)
    if band == "confidence":
        low, high = _corrected(low, at, cep[points]), _corrected(high, at, cep[points])
    p_value = (1 + exceed) / (1 + n_resamples) if band == "consistency" else np.nan
    return points, low, high, p_value


def _corrected(bound, at, cep):
    """reliabilitydiag's bound correction of a confidence band: at an interior
    value whose fitted curve is 0 or 1 the bound is read linearly from its
    neighbours (a resampled curve cannot leave 0 or 1 there)."""
    if at.shape[0] == 1:
        return bound
    bound = bound.copy()
    interior = (at > at[0]) & (at < at[-1])
    bound[np.isin(cep, (0.0, 1.0)) & interior] = np.nan
    known = ~np.isnan(bound)
    if known.sum() >= 1:
        out = np.interp(at, at[known], bound[known])
        out[(at < at[known][0]) | (at > at[known][-1])] = np.nan
        return out
    return bound


def reliability_diagram(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    band: Literal["consistency", "confidence"] | None = "consistency",
    confidence_level: float = 0.95,
    n_resamples: int = 1000,
    random_state: RandomState = None,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> ReliabilityDiagram:
    """The CORP reliability curve with a consistency or confidence band.

    The curve is the isotonic (pool-adjacent-violators) regression of the
    outcome on the probability: no bins to choose, each distinct
    probability mapped to the recalibrated one [1]_. The band resamples as
    R's reliabilitydiag does: cases bootstrapped, outcomes drawn from the
    probabilities themselves (``"consistency"``: where a calibrated model's
    curve would lie; a curve outside it is evidence of miscalibration) or
    from the fitted curve (``"confidence"``: where this model's curve could
    lie), each resample's curve read linearly at the original values,
    pointwise quantiles. With the consistency band comes a test of
    calibration: the share of resamples under calibration whose
    miscalibration (MCB) reaches the observed one.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    band : {'consistency', 'confidence'} or None, default='consistency'
        The band drawn (None: none, no resampling).
    confidence_level : float, default=0.95
        The band's pointwise level (reliabilitydiag's default is 0.9).
    n_resamples : int, default=1000
        Resamples of the band and the test.
    random_state : int, RandomState instance or None, default=None
        Seeds the resamples.
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights: the cases are resampled in
        proportion to them).
    prevalence : float or sequence or dict, default=None
        The deployment's class ratio; each class's weights are rescaled to
        its share (the probabilities are read as given).

    Returns
    -------
    diagram : ReliabilityDiagram
        ``x``, ``cep``, the band's ``low`` and ``high``, each class's weight
        at each value, the Brier decomposition and the test's ``p_value``.
        Above 1,000 distinct probabilities the band is read at 1,000 of
        them (evenly spaced in rank) and NaN at the others.

    See Also
    --------
    binned_reliability : The binned curve.
    calibration_decomposition : The decomposition alone.
    imbascore.plot.ReliabilityDisplay : The diagram drawn.

    References
    ----------
    .. [1] Dimitriadis, T., Gneiting, T. and Jordan, A. I. (2021). Stable
       reliability diagrams for probabilistic classifiers. PNAS, 118(8),
       e2016191118.

    Examples
    --------
    >>> import numpy as np
    >>> from imbascore import reliability_diagram
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(size=500)
    >>> y = rng.uniform(size=500) < p
    >>> diagram = reliability_diagram(y, p, n_resamples=200, random_state=0)
    >>> bool(diagram.p_value > 0.05)
    True
    """
    return compute_reliability(
        y_true,
        y_proba,
        func="reliability_diagram",
        band=band,
        confidence_level=confidence_level,
        n_resamples=n_resamples,
        random_state=random_state,
        pos_label=pos_label,
        sample_weight=sample_weight,
        prevalence=prevalence,
    )


def compute_reliability(
    y_true,
    y_proba,
    *,
    func,
    band="consistency",
    confidence_level=0.95,
    n_resamples=1000,
    random_state=None,
    sample_weight=None,
    **common,
):
    """:func:`reliability_diagram`, its errors naming ``func`` (the
    display's constructors call it under their own name); ``common``:
    ``pos_label`` and ``prevalence``."""
    check_choice(band, "band", _BANDS, func)
    level = check_confidence_level(confidence_level, func)
    n_resamples = check_n_resamples(n_resamples, func)
    rng = check_seed(random_state, func)
    grouped = read_grouped(y_true, y_proba, sample_weight, func, **common)[2]
    kept = grouped.totals > 0
    x, positives, negatives = (
        column[kept]
        for column in (grouped.values, grouped.positives, grouped.negatives)
    )
    _, cep = pav(x, positives, negatives)
    value, mcb, dsc, unc = decomposition("brier", x, positives, negatives)
    low, high, p_value = (
        np.full(x.shape[0], np.nan),
        np.full(x.shape[0], np.nan),
        np.nan,
    )
    if band is not None and x.shape[0]:
        resampling = band, level, n_resamples, rng, mcb
        points, band_low, band_high, p_value = _band(
            x, cep, positives + negatives, grouped.cases, *resampling
        )
        low[points], high[points] = band_low, band_high
    return ReliabilityDiagram(
        x=x,
        cep=cep,
        positives=positives,
        negatives=negatives,
        band=band,
        low=low,
        high=high,
        decomposition=CalibrationDecomposition("brier", value, mcb, dsc, unc),
        p_value=float(p_value),
        confidence_level=level,
        n_resamples=n_resamples if band is not None else 0,
    )


@dataclass(frozen=True, eq=False)
class BinnedReliability:
    """A binned reliability curve.

    Attributes
    ----------
    edges : ndarray of shape (n_bins + 1,)
    weight : ndarray of shape (n_bins,)
        Each bin's weight (its number of samples without weights).
    mean_predicted : ndarray of shape (n_bins,)
        The mean probability in each bin (NaN in an empty bin).
    fraction_positive : ndarray of shape (n_bins,)
        The observed frequency of the positive class in each bin.
    strategy : {'uniform', 'quantile'}
    """

    edges: np.ndarray
    weight: np.ndarray
    mean_predicted: np.ndarray
    fraction_positive: np.ndarray
    strategy: str

    def __repr__(self):
        return (
            f"BinnedReliability(strategy={self.strategy!r}, "
            f"mean_predicted={_shown(self.mean_predicted)}, "
            f"fraction_positive={_shown(self.fraction_positive)}, "
            f"weight={_shown(self.weight)})"
        )


def binned_reliability(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    n_bins: int = 10,
    strategy: Literal["uniform", "quantile"] = "uniform",
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> BinnedReliability:
    """The binned reliability curve, with weights and a deployment ratio.

    scikit-learn's ``calibration_curve`` with its bins (each ``(lower,
    upper]``, the first also holding 0; ``"quantile"`` edges at the
    weighted quantiles), keeping empty bins (NaN) and each bin's weight, so
    the curve and
    :func:`expected_calibration_error` read the same bins.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    n_bins : int, default=10
    strategy : {'uniform', 'quantile'}, default='uniform'
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    prevalence : float or sequence or dict, default=None
        The deployment's class ratio (each class's weights rescaled).

    Returns
    -------
    curve : BinnedReliability

    Examples
    --------
    >>> from imbascore import binned_reliability
    >>> curve = binned_reliability([0, 0, 1, 1], [0.1, 0.2, 0.7, 0.9], n_bins=2)
    >>> curve.fraction_positive
    array([0., 1.])
    """
    func = "binned_reliability"
    n_bins = checked_params("ece", {"n_bins": n_bins, "strategy": strategy}, func)[
        "n_bins"
    ]
    _, _, grouped = read_grouped(
        y_true, y_proba, sample_weight, func, pos_label=pos_label, prevalence=prevalence
    )
    edges = bin_edges(grouped.values, grouped.totals, n_bins, strategy)
    weight, mean, frequency = binned(
        grouped.values, grouped.positives, grouped.negatives, edges
    )
    return BinnedReliability(edges, weight, mean, frequency, strategy)
