"""The specs of the calibration metrics: functions of the positive class's
probabilities (:mod:`imbascore._calibration`)."""

import numbers
from dataclasses import dataclass

from .._core.checks import param_error
from . import probability_formulas as F
from .constraints import Boolean, Options
from .spec import MetricInfo

__all__ = ["CALIBRATION_CATALOGUE"]

_INF = float("inf")
_PROBABILITIES = "probabilities"
_CORP = "Dimitriadis, Gneiting & Jordan (2021), CORP"


@dataclass(frozen=True)
class Count:
    """An int ``>= low`` (not a bool)."""

    low: int

    @property
    def rule(self):
        return f"an int >= {self.low}"

    def check(self, value, name, func):
        integral = isinstance(value, numbers.Integral) and not isinstance(value, bool)
        if integral and value >= self.low:
            return int(value)
        raise ValueError(param_error(func, name, self.rule, value))


_STRATUM = {"stratum": Options(F.STRATA)}


def _calibration_metric(name, function_name, formula, **facts):
    """The record of calibration metric ``name``: what every calibration
    metric shares (its scorer ``neg_<name>``, lower is better, its value at
    the class ratio it is read at, computed from arrays), and its own
    ``facts``."""
    shared = dict(
        scorer=f"neg_{name}",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        plain_arithmetic=False,
        reads=_PROBABILITIES,
    )
    return MetricInfo(
        name=name, function_name=function_name, formula=formula, **{**shared, **facts}
    )


#: The records of the calibration metrics: functions of the positive class's
#: probabilities (:mod:`imbascore._calibration`); each ``formula`` is a
#: function of the grouped probabilities (:mod:`.probability_formulas`).
CALIBRATION_CATALOGUE = (
    _calibration_metric(
        "brier_score",
        "brier_score_loss",
        F.brier,
        params={"stratum": None},
        checks=_STRATUM,
        readable="Brier score",
        source="Brier (1950); by class: Wallace & Dahabreh (2014)",
    ),
    _calibration_metric(
        "log_loss",
        "log_loss",
        F.log_loss,
        bounds=(0, _INF),
        params={"stratum": None},
        checks=_STRATUM,
        readable="Log loss",
        source="Good (1952); by class: Wallace & Dahabreh (2014)",
    ),
    _calibration_metric(
        "mcb",
        "miscalibration_score",
        F.miscalibration,
        params={"score": "brier"},
        checks={"score": Options(tuple(F.SCORES))},
        readable="Miscalibration (MCB)",
        source=_CORP,
    ),
    _calibration_metric(
        "ece",
        "expected_calibration_error",
        F.ece,
        params={
            "n_bins": 10,
            "strategy": "uniform",
            "norm": "l1",
            "debiased": False,
            "squared": False,
        },
        checks={
            "n_bins": Count(1),
            "strategy": Options(("uniform", "quantile")),
            "norm": Options(("l1", "l2", "max")),
            "debiased": Boolean(),
            "squared": Boolean(),
        },
        readable="Expected calibration error",
        source="Naeini, Cooper & Hauskrecht (2015); Kumar, Liang & Ma (2019)",
    ),
)
