"""Metrics for classifiers on imbalanced data, with scikit-learn's signature.

Every function validates and counts its inputs once (see
:class:`~imbascore.ConfusionCounts`), turns the counts into rates and
applies a formula. Names ending in ``_score``
are greater-is-better.

The definitions live in ``imbascore._metrics``; this is their public address.
"""

from ._core.public import pin_public_paths
from ._metrics.definitions import (
    ad_area_score,
    aucz_score,
    balanced_accuracy_score,
    dominance_score,
    dprime_score,
    false_negative_rate_score,
    false_positive_rate_score,
    geometric_mean_score,
    iba_score,
    index_balanced_accuracy_score,
    informedness_score,
    markedness_score,
    negative_likelihood_ratio_score,
    negative_predictive_value_score,
    normalized_mutual_information_score,
    optimized_precision_score,
    positive_likelihood_ratio_score,
    sensitivity_score,
    specificity_score,
    weighted_accuracy_score,
)

__all__ = [
    "ad_area_score",
    "false_negative_rate_score",
    "false_positive_rate_score",
    "informedness_score",
    "markedness_score",
    "negative_likelihood_ratio_score",
    "negative_predictive_value_score",
    "positive_likelihood_ratio_score",
    "aucz_score",
    "balanced_accuracy_score",
    "dominance_score",
    "dprime_score",
    "geometric_mean_score",
    "iba_score",
    "index_balanced_accuracy_score",
    "normalized_mutual_information_score",
    "optimized_precision_score",
    "sensitivity_score",
    "specificity_score",
    "weighted_accuracy_score",
]

pin_public_paths(globals(), __all__, __name__)
