"""The specs of the ranking metrics: functions of scores, read along their
sorted order (:mod:`imbascore._ranking`)."""

from . import score_formulas as F
from .constraints import Boolean, Interval
from .labels import BOTH, POSITIVES
from .spec import MetricInfo

__all__ = ["SCORE_CATALOGUE"]

_INF = float("inf")
_SCORES = "scores"


class _Band(Interval):
    """A rate bounding a partial AUC's band: scikit-learn's wording, "a float
    in (0, 1]" (None, its default, means the band is on the other axis)."""

    @property
    def rule(self):
        return super().rule.replace("in the range ", "in ")


#: The records of the ranking metrics: functions of scores, read along their
#: sorted order (:mod:`imbascore._ranking`); each ``formula`` is a function of
#: the cumulated counts ``(tp, fp, **params)`` (:mod:`.score_formulas`).
SCORE_CATALOGUE = (
    MetricInfo(
        name="roc_auc",
        function_name="roc_auc_score",
        scorer="roc_auc",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="ROC AUC",
        source="Hanley & McNeil (1982); DeLong, DeLong & Clarke-Pearson (1988)",
        reads=_SCORES,
        formula=F.roc_auc_from_counts,
    ),
    MetricInfo(
        name="average_precision",
        function_name="average_precision_score",
        scorer="average_precision",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=False,
        needs=POSITIVES,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="Average precision",
        source="scikit-learn's step sum; Boyd, Eng & Page (2013)",
        reads=_SCORES,
        formula=F.average_precision_from_counts,
    ),
    MetricInfo(
        name="auprg",
        function_name="auprg_score",
        scorer="auprg",
        greater_is_better=True,
        bounds=(-_INF, 1),
        ratio_free=False,
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="Area under the Precision-Recall-Gain curve",
        source="Flach & Kull (2015)",
        reads=_SCORES,
        formula=F.auprg_from_counts,
    ),
    MetricInfo(
        name="partial_auc",
        function_name="partial_auc_score",
        scorer="partial_auc",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"max_fpr": None, "min_tpr": None, "standardized": True},
        checks={
            "max_fpr": _Band(0, 1, "right"),
            "min_tpr": _Band(0, 1, "left"),
            "standardized": Boolean(),
        },
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="Partial ROC AUC",
        source="McClish (1989); Robin et al. (2011), pROC",
        reads=_SCORES,
        formula=F.partial_auc_from_counts,
    ),
)
