"""The specs of the ranking metrics: functions of scores, read along their
sorted order (:mod:`imbascore._ranking`)."""

from .labels import BOTH, POSITIVES
from .spec import MetricInfo

__all__ = ["SCORE_CATALOGUE"]

_INF = float("inf")
_SCORES = "scores"

#: The records of the ranking metrics: functions of scores, read along their
#: sorted order (:mod:`imbascore._ranking`).
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
        readable="Area under the precision-recall-gain curve",
        source="Flach & Kull (2015)",
        reads=_SCORES,
    ),
    MetricInfo(
        name="partial_auc",
        function_name="partial_auc_score",
        scorer="partial_auc",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"max_fpr": None, "min_tpr": None, "standardized": True},
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="Partial ROC AUC",
        source="McClish (1989); Robin et al. (2011), pROC",
        reads=_SCORES,
    ),
)
