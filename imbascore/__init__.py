"""imbascore: judge classifiers on imbalanced data inside scikit-learn.

Metric functions with scikit-learn's ``(y_true, y_pred, ...)`` signature,
built on one validated, one-pass confusion count.
"""

from ._formulas import is_feasible, rates_from_dominance_gmean
from .metrics import (
    ad_area_score,
    aucz_score,
    balanced_accuracy_score,
    dominance_score,
    dprime_score,
    geometric_mean_score,
    iba_score,
    index_balanced_accuracy_score,
    normalized_mutual_information_score,
    optimized_precision_score,
    sensitivity_score,
    specificity_score,
    weighted_accuracy_score,
)
from .report import imbalanced_report

__version__ = "0.1.0.dev0"

__all__ = [
    "ad_area_score",
    "aucz_score",
    "balanced_accuracy_score",
    "dominance_score",
    "dprime_score",
    "geometric_mean_score",
    "iba_score",
    "imbalanced_report",
    "index_balanced_accuracy_score",
    "is_feasible",
    "normalized_mutual_information_score",
    "optimized_precision_score",
    "rates_from_dominance_gmean",
    "sensitivity_score",
    "specificity_score",
    "weighted_accuracy_score",
]
