"""Decision curves: net benefit across threshold probabilities.

At threshold probability ``pt`` a model acts on the samples whose predicted
risk is at least ``pt``, and ``pt`` is also the exchange rate of its false
alarms for its hits: the curve is the net benefit of that decision at each
``pt`` (Vickers & Elkin 2006), beside acting on everybody ("treat all") and
on nobody (0). All thresholds are counted from one pass over the sorted
scores (:func:`~imbascore.threshold_curve`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sklearn.utils import check_random_state

from .._core.checks import (
    check_bool,
    check_confidence_level,
    check_n_resamples,
    param_error,
)
from .._core.types import ArrayLike, PosLabel, RandomState
from .._metrics.net_benefit_formulas import (
    check_threshold_probability,
    net_benefit,
    warn_undefined,
)
from .counting import threshold_array
from .curve import array_text, counted_curve

__all__ = ["DecisionCurve", "decision_curve"]

#: Jeffreys' prior on each threshold's four cells, as the paired intervals.
_PRIOR = 0.5


@dataclass(frozen=True, repr=False, eq=False)
class DecisionCurve:
    """Net benefit at each threshold probability.

    Attributes
    ----------
    thresholds : ndarray of shape (n_thresholds,)
        The threshold probabilities, increasing.
    net_benefit : ndarray of shape (n_thresholds,)
    treat_all : ndarray of shape (n_thresholds,)
        Net benefit of acting on every sample.
    low, high : ndarray of shape (n_thresholds,)
        The pointwise interval of the net benefit (posterior of each
        threshold's confusion table).
    prevalence : float
        The share of the positive class (weighted).
    standardized : bool
    confidence_level : float
    """

    thresholds: np.ndarray
    net_benefit: np.ndarray
    treat_all: np.ndarray
    low: np.ndarray
    high: np.ndarray
    prevalence: float
    standardized: bool
    confidence_level: float

    def useful_range(self) -> tuple[float, float] | None:
        """The threshold probabilities where the model beats both acting on
        everybody and on nobody: ``(low, high)``, or None."""
        # a margin: "treat all" equals the model where it acts on everybody
        reference = np.maximum(self.treat_all, 0.0) + 1e-12
        better = (self.net_benefit > reference) & np.isfinite(self.net_benefit)
        if not better.any():
            return None
        return float(self.thresholds[better][0]), float(self.thresholds[better][-1])

    def __repr__(self):
        size = len(self.thresholds)
        return (
            f"DecisionCurve(thresholds={array_text(self.thresholds)}, "
            f"net_benefit=<array of {size}>, "
            f"prevalence={self.prevalence:.4g}, standardized={self.standardized}, "
            f"confidence_level={self.confidence_level})"
        )

    def __str__(self):
        useful = self.useful_range()
        where = (
            "nowhere" if useful is None else f"from {useful[0]:.3g} to {useful[1]:.3g}"
        )
        kind = "standardized net benefit" if self.standardized else "net benefit"
        return (
            f"DecisionCurve({len(self.thresholds)} threshold probabilities from "
            f"{self.thresholds[0]:.3g} to {self.thresholds[-1]:.3g}, {kind}, "
            f"prevalence {self.prevalence:.4g}; better than treating all and "
            f"none {where})"
        )


def _check_probabilities(thresholds, func):
    rule = "a non-empty 1-D array of threshold probabilities in (0, 1)"
    if thresholds is None:
        return np.round(np.arange(0.01, 1.0, 0.01), 10)
    if isinstance(thresholds, str | bytes | bool | np.bool_):
        raise TypeError(param_error(func, "thresholds", rule, thresholds))
    values = threshold_array(thresholds, func, rule, scalar=True)
    for value in values:
        check_threshold_probability(float(value), func, "thresholds")
    if np.any(np.diff(values) <= 0):
        raise ValueError(
            param_error(func, "thresholds", "increasing values", values.tolist())
        )
    return values


def _effective_scale(sample_weight):
    """Units of weight per effective sample (Kish): 1 unweighted."""
    if sample_weight is None:
        return 1.0
    weights = np.asarray(sample_weight, dtype=float).ravel()
    squares = np.dot(weights, weights)
    return float(weights.sum() / squares) if squares > 0 else 1.0


def decision_curve(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    thresholds: ArrayLike | None = None,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    standardized: bool = False,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: RandomState = None,
) -> DecisionCurve:
    """Net benefit of acting where ``y_proba >= pt``, at each ``pt``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels of two classes.

    y_proba : array-like of shape (n_samples,)
        Predicted probabilities of the positive class (calibrated: the
        threshold probability is read as a risk).

    thresholds : array-like of shape (n_thresholds,), default=None
        Threshold probabilities in (0, 1), increasing. None: 0.01 to 0.99
        by 0.01.

    pos_label : int, float, bool or str, default=None
        As for :func:`threshold_curve`.

    sample_weight : array-like of shape (n_samples,), default=None

    standardized : bool, default=False
        Net benefit divided by the prevalence.

    confidence_level : float, default=0.95
        Of the pointwise band: at each threshold, the 2.5% and 97.5%
        quantiles of the net benefit over draws of the table's four cells
        from their Dirichlet posterior (Jeffreys' prior; in effective
        samples under weights).

    n_resamples : int, default=2000

    random_state : int, RandomState instance or None, default=None

    Returns
    -------
    curve : DecisionCurve

    Examples
    --------
    >>> from imbascore import decision_curve
    >>> y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    >>> y_proba = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    >>> curve = decision_curve(y_true, y_proba, thresholds=[0.1, 0.3, 0.5],
    ...                        random_state=0)
    >>> curve.net_benefit.round(4)
    array([0.2222, 0.1286, 0.1   ])
    >>> curve.treat_all.round(4)
    array([ 0.2222,  0.    , -0.4   ])
    """
    func = "decision_curve"
    probabilities = _check_probabilities(thresholds, func)
    standardized = check_bool(standardized, "standardized", func)
    level = check_confidence_level(confidence_level, func)
    n_resamples = check_n_resamples(n_resamples, func)
    curve = counted_curve(
        y_true,
        y_proba,
        metrics=["sensitivity"],
        func=func,
        metric_params={"zero_division": np.nan},
        pos_label=pos_label,
        sample_weight=sample_weight,
        thresholds=probabilities,
        score_name="y_proba",
        probabilities=True,
    )
    tp, fp, fn, tn = (
        np.asarray(getattr(curve, name), dtype=float)
        for name in ("tp", "fp", "fn", "tn")
    )
    positives, total = tp[0] + fn[0], tp[0] + fp[0] + fn[0] + tn[0]
    warn_undefined(func, total, positives, standardized)
    values = net_benefit(tp, fp, fn, tn, probabilities, standardized)
    # acting on everybody: every positive a hit, every negative a false alarm
    treat_all = net_benefit(
        positives, total - positives, 0.0, 0.0, probabilities, standardized
    )
    prevalence = positives / total if total > 0 else np.nan
    rng = check_random_state(random_state)
    cells = np.stack([tp, fp, fn, tn], axis=-1) * _effective_scale(sample_weight)
    gamma = rng.standard_gamma(_PRIOR + cells, size=(n_resamples,) + cells.shape)
    shares = gamma / gamma.sum(axis=-1, keepdims=True)
    drawn = net_benefit(
        shares[..., 0],
        shares[..., 1],
        shares[..., 2],
        shares[..., 3],
        probabilities,
        standardized,
    )
    tail = (1.0 - level) / 2.0
    low, high = np.quantile(drawn, [tail, 1.0 - tail], axis=0)
    # the prior's pseudo-samples would give a band where the value is undefined
    low, high = (np.where(np.isnan(values), np.nan, bound) for bound in (low, high))
    return DecisionCurve(
        thresholds=probabilities,
        net_benefit=values,
        treat_all=treat_all,
        low=low,
        high=high,
        prevalence=float(prevalence),
        standardized=bool(standardized),
        confidence_level=level,
    )
