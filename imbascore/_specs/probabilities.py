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
class _Count:
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

#: The records of the calibration metrics: functions of the positive class's
#: probabilities (:mod:`imbascore._calibration`); each ``formula`` is a
#: function of the grouped probabilities (:mod:`.probability_formulas`).
CALIBRATION_CATALOGUE = (
    MetricInfo(
        name="brier_score",
        function_name="brier_score_loss",
        scorer="neg_brier_score",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={"stratum": None},
        checks=_STRATUM,
        plain_arithmetic=False,
        readable="Brier score",
        source="Brier (1950); by class: Wallace & Dahabreh (2014)",
        reads=_PROBABILITIES,
        formula=F.brier,
    ),
    MetricInfo(
        name="log_loss",
        function_name="log_loss",
        scorer="neg_log_loss",
        greater_is_better=False,
        bounds=(0, _INF),
        ratio_free=False,
        params={"stratum": None},
        checks=_STRATUM,
        plain_arithmetic=False,
        readable="Log loss",
        source="Good (1952); by class: Wallace & Dahabreh (2014)",
        reads=_PROBABILITIES,
        formula=F.log_loss,
    ),
    MetricInfo(
        name="mcb",
        function_name="miscalibration_score",
        scorer="neg_mcb",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={"score": "brier"},
        checks={"score": Options(tuple(F.SCORES))},
        plain_arithmetic=False,
        readable="Miscalibration (MCB)",
        source=_CORP,
        reads=_PROBABILITIES,
        formula=F.miscalibration,
    ),
    MetricInfo(
        name="ece",
        function_name="expected_calibration_error",
        scorer="neg_ece",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={
            "n_bins": 10,
            "strategy": "uniform",
            "norm": "l1",
            "debiased": False,
            "squared": False,
        },
        checks={
            "n_bins": _Count(1),
            "strategy": Options(("uniform", "quantile")),
            "norm": Options(("l1", "l2", "max")),
            "debiased": Boolean(),
            "squared": Boolean(),
        },
        plain_arithmetic=False,
        readable="Expected calibration error",
        source="Naeini, Cooper & Hauskrecht (2015); Kumar, Liang & Ma (2019)",
        reads=_PROBABILITIES,
        formula=F.ece,
    ),
)
