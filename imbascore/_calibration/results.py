"""The calibration functions' result objects: plain fields, readable reprs."""

from dataclasses import dataclass, fields

import numpy as np

__all__ = ["CalibrationDecomposition", "Estimate", "LogisticCalibration"]


def _number(value):
    return "nan" if value is None or not np.isfinite(value) else f"{value:.4g}"


@dataclass(frozen=True)
class Estimate:
    """A number with its interval (``low`` and ``high``: NaN without one)."""

    estimate: float
    low: float = np.nan
    high: float = np.nan

    def __post_init__(self):
        for name in ("estimate", "low", "high"):  # Python floats, not numpy's
            object.__setattr__(self, name, float(getattr(self, name)))

    def __repr__(self):
        if np.isnan(self.low) and np.isnan(self.high):
            return _number(self.estimate)
        return f"{_number(self.estimate)} [{_number(self.low)}, {_number(self.high)}]"

    def __float__(self):
        return float(self.estimate)


@dataclass(frozen=True)
class CalibrationDecomposition:
    """A mean loss split into miscalibration, discrimination and uncertainty.

    ``value = mcb - dsc + unc`` (Dimitriadis, Gneiting & Jordan 2021): MCB
    is what recalibrating the probabilities by the pool-adjacent-violators
    algorithm would save, DSC what the recalibrated probabilities save over
    the base rate, UNC the base rate's loss.

    Attributes
    ----------
    score : {'brier', 'log_loss'}
    value, mcb, dsc, unc : float
    """

    score: str
    value: float
    mcb: float
    dsc: float
    unc: float

    def __repr__(self):
        shown = ", ".join(
            f"{f.name}={_number(getattr(self, f.name))}" for f in fields(self)[1:]
        )
        return f"CalibrationDecomposition(score={self.score!r}, {shown})"


@dataclass(frozen=True)
class LogisticCalibration:
    """The logistic calibration intercept and slope with Wald intervals.

    Attributes
    ----------
    intercept : Estimate
        Calibration-in-the-large: the intercept of ``logit P(y=1) = a +
        logit(p)``; 0 for probabilities right on average, > 0 when too low.
    slope : Estimate
        The slope of ``logit P(y=1) = a' + b logit(p)``; 1 for a calibrated
        model, < 1 for probabilities too extreme.
    intercept_se, slope_se : float
        Their standard errors.
    confidence_level : float
    note : str or None
        Why a number is NaN (its likelihood has no finite maximum), and what
        to do; None when both are defined.
    """

    intercept: Estimate
    slope: Estimate
    intercept_se: float
    slope_se: float
    confidence_level: float
    note: str | None = None

    def __repr__(self):
        note = "" if self.note is None else f", note={self.note!r}"
        return (
            f"LogisticCalibration(intercept={self.intercept!r}, "
            f"slope={self.slope!r}, confidence_level={self.confidence_level}"
            f"{note})"
        )
