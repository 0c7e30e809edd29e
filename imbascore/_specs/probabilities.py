"""The specs of the calibration metrics: functions of the positive class's
probabilities (:mod:`imbascore._calibration`)."""

from .spec import MetricInfo

__all__ = ["CALIBRATION_CATALOGUE"]

_INF = float("inf")
_PROBABILITIES = "probabilities"
_CORP = "Dimitriadis, Gneiting & Jordan (2021), CORP"

#: The records of the calibration metrics: functions of the positive class's
#: probabilities (:mod:`imbascore._calibration`).
CALIBRATION_CATALOGUE = (
    MetricInfo(
        name="brier_score",
        function_name="brier_score_loss",
        scorer="neg_brier_score",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={"stratum": None},
        plain_arithmetic=False,
        readable="Brier score",
        source="Brier (1950); by class: Wallace & Dahabreh (2014)",
        reads=_PROBABILITIES,
    ),
    MetricInfo(
        name="log_loss",
        function_name="log_loss",
        scorer="neg_log_loss",
        greater_is_better=False,
        bounds=(0, _INF),
        ratio_free=False,
        params={"stratum": None},
        plain_arithmetic=False,
        readable="Log loss",
        source="Good (1952); by class: Wallace & Dahabreh (2014)",
        reads=_PROBABILITIES,
    ),
    MetricInfo(
        name="mcb",
        function_name="miscalibration_score",
        scorer="neg_mcb",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={"score": "brier"},
        plain_arithmetic=False,
        readable="Miscalibration (MCB)",
        source=_CORP,
        reads=_PROBABILITIES,
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
        plain_arithmetic=False,
        readable="Expected calibration error",
        source="Naeini, Cooper & Hauskrecht (2015); Kumar, Liang & Ma (2019)",
        reads=_PROBABILITIES,
    ),
)
