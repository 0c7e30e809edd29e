"""The specs of the ranking metrics: functions of scores, read along their
sorted order (:mod:`imbascore._ranking`)."""

from . import score_formulas as F
from .constraints import Boolean, Interval
from .labels import BOTH, POSITIVES
from .spec import MetricInfo

__all__ = ["SCORE_CATALOGUE"]

_INF = float("inf")
_SCORES = "scores"


class Rate(Interval):
    """A rate bounding a partial AUC's band: scikit-learn's wording, "a float
    in (0, 1]" (None, its default, means the band is on the other axis)."""

    @property
    def rule(self):
        return super().rule.replace("in the range ", "in ")


def _ranking_metric(name, formula, **facts):
    """The record of ranking metric ``name``: what every ranking metric
    shares (its function ``<name>_score``, its scorer ``name``, greater is
    better, NaN when undefined, computed from arrays), and its own ``facts``."""
    shared = dict(
        function_name=f"{name}_score",
        scorer=name,
        greater_is_better=True,
        bounds=(0, 1),
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        reads=_SCORES,
    )
    return MetricInfo(name=name, formula=formula, **{**shared, **facts})


#: The records of the ranking metrics: functions of scores, read along their
#: sorted order (:mod:`imbascore._ranking`); each ``formula`` is a function of
#: the cumulated counts ``(tp, fp, **params)`` (:mod:`.score_formulas`).
SCORE_CATALOGUE = (
    _ranking_metric(
        "roc_auc",
        F.roc_auc_from_counts,
        ratio_free=True,
        readable="ROC AUC",
        source="Hanley & McNeil (1982); DeLong, DeLong & Clarke-Pearson (1988)",
    ),
    _ranking_metric(
        "average_precision",
        F.average_precision_from_counts,
        ratio_free=False,
        needs=POSITIVES,
        readable="Average precision",
        source="scikit-learn's step sum; Boyd, Eng & Page (2013)",
    ),
    _ranking_metric(
        "auprg",
        F.auprg_from_counts,
        bounds=(-_INF, 1),
        ratio_free=False,
        readable="Area under the Precision-Recall-Gain curve",
        source="Flach & Kull (2015)",
    ),
    _ranking_metric(
        "partial_auc",
        F.partial_auc_from_counts,
        ratio_free=True,
        params={"max_fpr": None, "min_tpr": None, "standardized": True},
        checks={
            "max_fpr": Rate(0, 1, "right"),
            "min_tpr": Rate(0, 1, "left"),
            "standardized": Boolean(),
        },
        readable="Partial ROC AUC",
        source="McClish (1989); Robin et al. (2011), pROC",
    ),
)
