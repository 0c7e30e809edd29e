"""One call for every calibration number with its interval.

The Brier score overall and by class, the log loss, the CORP decomposition
and the expected calibration error are computed on each bootstrap resample
of the grouped probabilities (:mod:`imbascore._calibration.bootstrap`: a
resample redraws the cells of the one sorted order, never sorts again; at a
deployment ratio each class is redrawn on its own), all from the same
resample; the intercept and slope have Wald intervals; the test of
calibration resamples under calibration, from its own stream of draws
(:mod:`imbascore._calibration.reliability`).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import (
    check_choice,
    check_confidence_level,
    check_n_resamples,
    check_seed,
)
from .._core.optional import require
from .._core.resampling import bca_bounds, percentiles
from .._core.types import ArrayLike, PosLabel, RandomState
from .._ranking.bootstrap import jackknife_values
from .._ranking.evaluate import positive_share
from .._ranking.params import checked_params
from .._specs.probability_formulas import (
    bin_edges,
    binned,
    decomposition,
    ece_from_bins,
)
from .._specs.probability_formulas import stratified_score as _score
from .bootstrap import grouped_resamples
from .grouped import (
    Grouped,
    at_share,
    of_cumulated,
    read_grouped,
    squared_weights,
)
from .line import logistic_calibration
from .reliability import calibration_test
from .results import Estimate, LogisticCalibration

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CalibrationReport", "calibration_report"]

_FUNC = "calibration_report"
_METHODS = ("auto", "percentile", "basic", "bca")
#: ``method="auto"``: the basic interval for the numbers that drift upwards
#: in resamples (a PAV fit or bins fitted to noise), the percentiles for the
#: means of losses (benchmarks/bench_calibration.py measured both).
_AUTO = {"mcb": "basic", "dsc": "basic", "ece": "basic"}
#: The bootstrapped numbers, in the order of the statistics' vector.
_BOOTSTRAPPED = (
    "brier",
    "brier_positive",
    "brier_negative",
    "balanced_brier",
    "log_loss",
    "mcb",
    "dsc",
    "unc",
    "ece",
)


@dataclass(frozen=True, eq=False)
class CalibrationReport:
    """Every calibration number of one model, each with its interval.

    Each number is an :class:`Estimate` (``estimate``, ``low``, ``high``):
    the Brier score overall (``brier``), of the positives
    (``brier_positive``), of the negatives (``brier_negative``) and their
    mean (``balanced_brier``); the log loss; the Brier score's CORP
    decomposition (``mcb``, ``dsc``, ``unc``); the expected calibration
    error (``ece``, L1, of the report's bins), with bootstrap intervals; the
    logistic calibration ``intercept`` and ``slope``, with
    Wald intervals.

    Attributes
    ----------
    p_value : float
        The test of calibration: the share of resamples under calibration
        whose MCB reaches the observed one.
    n_samples : int
    positives, negatives : float
        Each class's weight (at the deployment ratio, when given).
    prevalence : float or None
        The positive share the numbers are at (None: the data's).
    confidence_level : float
    method : {'auto', 'percentile', 'basic', 'bca'}
    n_resamples : int
    note : str or None
        Why the intercept or the slope is NaN and what to do (probabilities
        of exactly 0 or 1, which have no logit; classes separated by the
        probability); None when both are defined.
    """

    brier: Estimate
    brier_positive: Estimate
    brier_negative: Estimate
    balanced_brier: Estimate
    log_loss: Estimate
    mcb: Estimate
    dsc: Estimate
    unc: Estimate
    ece: Estimate
    intercept: Estimate
    slope: Estimate
    p_value: float
    n_samples: int
    positives: float
    negatives: float
    prevalence: float | None
    confidence_level: float
    method: str
    n_resamples: int
    note: str | None = None

    @property
    def numbers(self) -> tuple[str, ...]:
        """The names of the numbers with an interval, in order."""
        return _BOOTSTRAPPED + ("intercept", "slope")

    def to_frame(self) -> pd.DataFrame:
        """One row per number (indexed by its name): ``estimate``, ``low``,
        ``high`` (needs pandas)."""
        pd = require("pandas", "study", "CalibrationReport.to_frame")
        rows = {name: getattr(self, name) for name in self.numbers}
        return pd.DataFrame(
            {
                "estimate": [r.estimate for r in rows.values()],
                "low": [r.low for r in rows.values()],
                "high": [r.high for r in rows.values()],
            },
            index=pd.Index(list(rows), name="number"),
        )

    def __repr__(self):
        width = max(len(name) for name in self.numbers)
        lines = [f"  {name:<{width}}  {getattr(self, name)!r}" for name in self.numbers]
        ratio = "the data's" if self.prevalence is None else f"{self.prevalence:g}"
        return "\n".join(
            [
                f"CalibrationReport(n_samples={self.n_samples}, "
                f"positives={self.positives:g}, negatives={self.negatives:g}, "
                f"prevalence={ratio}, confidence_level={self.confidence_level}, "
                f"method={self.method!r}, n_resamples={self.n_resamples})",
                *lines,
                f"  test of calibration (MCB under calibration): "
                f"p = {self.p_value:.4g}",
                *([] if self.note is None else [f"  note: {self.note}"]),
            ]
        )


def _statistics(positives, negatives, *, values, share, edges_of):
    """The bootstrapped numbers of one resample: each distinct value's
    positives and negatives (ascending), rescaled to ``share``."""
    positives, negatives = at_share(positives, negatives, share)
    grouped = Grouped(values, positives, negatives)
    with np.errstate(invalid="ignore", divide="ignore"):
        strata = [
            _score("brier", values, positives, negatives, stratum)
            for stratum in (None, "positive", "negative", "balanced")
        ]
        loss = _score("log_loss", values, positives, negatives)
        _, mcb, dsc, unc = decomposition("brier", values, positives, negatives)
        bins = binned(values, positives, negatives, edges_of(grouped))
        ece = ece_from_bins(*bins, "l1")
    return np.array([*strata, loss, mcb, dsc, unc, ece])


def _interval(draws, estimate, jackknife, level, method):
    if method == "percentile":
        return percentiles(draws, level)
    if method == "basic":  # the percentiles reflected about the estimate
        low, high = percentiles(draws, level)
        return max(2 * estimate - high, 0.0), 2 * estimate - low
    return bca_bounds(draws, estimate, (jackknife, np.ones(jackknife.shape[0])), level)


def calibration_report(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
    confidence_level: float = 0.95,
    n_resamples: int = 1000,
    method: str = "auto",
    n_bins: int = 10,
    strategy: Literal["uniform", "quantile"] = "uniform",
    random_state: RandomState = None,
) -> CalibrationReport:
    """Every calibration number of a model's probabilities, with intervals.

    The Brier score overall and by class, the log loss, the CORP
    decomposition (MCB, DSC, UNC), the expected calibration error, the
    logistic calibration intercept and slope, and a test of calibration,
    at the data's class ratio or at a deployment's.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights).
    prevalence : float or sequence or dict, default=None
        The deployment's class ratio: each class's weights are rescaled to
        its share, in the data and in every resample; the probabilities are
        read as given (pass probabilities corrected with
        :func:`~imbascore.correct_probabilities` to check them there).
    confidence_level : float, default=0.95
    n_resamples : int, default=1000
        Bootstrap resamples (the cases drawn with replacement; at a
        deployment ratio each class on its own, its share being fixed, so
        there UNC, a function of the share alone, has an interval of width
        0), and as many resamples under calibration for the test.
    method : {'auto', 'percentile', 'basic', 'bca'}, default='auto'
        The bootstrap interval: the percentiles of the resamples; the basic
        (reverse percentile) interval, the percentiles reflected about the
        estimate and cut at 0; or Efron's BCa (its acceleration from a
        jackknife: leave-one-out up to 200 samples, 200 stratified blocks
        above). ``"auto"``: the basic interval for MCB, DSC and ECE, which
        drift upwards in resamples (the percentile interval of a calibrated
        model's MCB never holds its true value, 0), the percentiles for the
        others; measured in ``benchmarks/bench_calibration.py`` and the
        how-to. BCa is unreliable for MCB and ECE: when every resample lies
        above the estimate its interval collapses to a point.
    n_bins : int, default=10
        The bins of the expected calibration error.
    strategy : {'uniform', 'quantile'}, default='uniform'
        Their kind (see :func:`~imbascore.expected_calibration_error`).
    random_state : int, RandomState instance or None, default=None
        Seeds the resamples.

    Returns
    -------
    report : CalibrationReport
        Each number an :class:`Estimate` (``estimate``, ``low``, ``high``);
        ``to_frame()`` gives one row per number. A number undefined on the
        data (the positives' Brier score without positives; the intercept and
        slope with probabilities of exactly 0 or 1, which have no logit) is
        NaN with an ``UndefinedMetricWarning``.

    See Also
    --------
    reliability_diagram : The CORP curve and its bands.
    imbascore.plot.ReliabilityDisplay : The diagram drawn.

    Examples
    --------
    >>> import numpy as np
    >>> from imbascore import calibration_report
    >>> rng = np.random.default_rng(0)
    >>> p = rng.uniform(0.01, 0.3, size=2000)
    >>> y = rng.uniform(size=2000) < p
    >>> report = calibration_report(y, p, n_resamples=200, random_state=0)
    >>> report.slope.low < 1 < report.slope.high
    True
    """
    level = check_confidence_level(confidence_level, _FUNC)
    n_resamples = check_n_resamples(n_resamples, _FUNC)
    check_choice(method, "method", _METHODS, _FUNC)
    binning = checked_params("ece", {"n_bins": n_bins, "strategy": strategy}, _FUNC)
    n_bins = binning["n_bins"]
    rng = check_seed(random_state, _FUNC)
    # the test draws from a stream of its own: its p-value does not depend
    # on the interval's method (BCa's jackknife draws from rng too)
    test_rng = np.random.default_rng(rng.randint(2**31 - 1))
    common = {"pos_label": pos_label, "prevalence": prevalence}
    inputs, ranked, grouped = read_grouped(
        y_true, y_proba, sample_weight, _FUNC, **common
    )
    share: float | None = None
    if prevalence is not None:
        share = positive_share(inputs.classes, inputs.pos_label, prevalence, _FUNC)
        share = share if np.isfinite(share) else None
    edges = bin_edges(grouped.values, grouped.totals, n_bins, strategy)

    def edges_of(resampled):
        # uniform bins are fixed; equal-mass bins follow each resample
        if strategy == "uniform":
            return edges
        return bin_edges(resampled.values, resampled.totals, n_bins, strategy)

    def statistics(positives, negatives):
        return _statistics(
            positives, negatives, values=grouped.values, share=share, edges_of=edges_of
        )

    own_positives, own_negatives = ranked.per_group()
    estimates = statistics(own_positives[::-1] * 1.0, own_negatives[::-1] * 1.0)
    # at a deployment ratio the class shares are fixed: each class resampled
    # on its own; at the data's ratio the class counts vary as samples do
    resamples = grouped_resamples(
        ranked, n_resamples, rng, stratified=share is not None
    )
    draws = np.array([statistics(*resample) for resample in resamples])
    jackknife = None
    if method == "bca":
        jackknife = jackknife_values(ranked, of_cumulated(statistics), None, rng)
    numbers = {}
    for column, name in enumerate(_BOOTSTRAPPED):
        estimate = float(estimates[column])
        left_out = None if jackknife is None else jackknife[:, column]
        chosen = _AUTO.get(name, "percentile") if method == "auto" else method
        low, high = _interval(draws[:, column], estimate, left_out, level, chosen)
        numbers[name] = Estimate(estimate, low, high)
    for what in ("positive", "negative"):
        if not np.isfinite(numbers[f"brier_{what}"].estimate):
            warnings.warn(
                f"{_FUNC}: the Brier score of the {what} samples is undefined "
                f"(no {what} sample of non-zero weight); it is NaN.",
                UndefinedMetricWarning,
                stacklevel=2,
            )
    squares = None if share is None else squared_weights(ranked, grouped.factors)
    line = _line(inputs, grouped, level, squares)
    p_value = calibration_test(grouped, numbers["mcb"].estimate, n_resamples, test_rng)
    return CalibrationReport(
        **numbers,
        intercept=line.intercept,
        slope=line.slope,
        p_value=p_value,
        n_samples=int(inputs.truth.shape[0]),
        positives=grouped.positive_total,
        negatives=grouped.negative_total,
        prevalence=share,
        confidence_level=level,
        method=method,
        n_resamples=n_resamples,
        note=line.note,
    )


def _line(inputs, grouped, level, squares):
    if inputs.low <= 0.0 or inputs.high >= 1.0:
        note = (
            "the calibration intercept and slope are NaN: probabilities of "
            "exactly 0 or 1 have no logit (as a random forest's or a tree's "
            "votes give). Clip them, e.g. np.clip(y_proba, 1e-6, 1 - 1e-6), "
            "if they are rounded; or read the line on the probabilities inside "
            "(0, 1): inside = (y_proba > 0) & (y_proba < 1); "
            "calibration_intercept_slope(y_true[inside], y_proba[inside])."
        )
        warnings.warn(f"{_FUNC}: {note}", UndefinedMetricWarning, stacklevel=3)
        nan = Estimate(np.nan, np.nan, np.nan)
        return LogisticCalibration(nan, nan, np.nan, np.nan, level, note)
    return logistic_calibration(grouped, level, _FUNC, stacklevel=4, squares=squares)
