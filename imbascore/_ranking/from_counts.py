"""Ranking metrics as functions of the cumulated counts of one sorted order.

``tp`` and ``fp`` are the weights of the positives and of the negatives
scored at or above each distinct score, descending
(:meth:`RankedScores.cumulated <imbascore._core.engine.ranked.RankedScores.cumulated>`):
the point estimate, every bootstrap resample and every band read the same
functions, so a resample is a reweighting, never a new sort.
"""

import numpy as np

__all__ = ["FROM_COUNTS", "average_precision_from_counts", "roc_auc_from_counts"]


def roc_auc_from_counts(tp, fp):
    """The trapezoidal area under the ROC curve (ties: a half), scikit-learn's
    ``roc_auc_score``; NaN without positives or negatives."""
    positives, negatives = float(tp[-1]), float(fp[-1])
    if positives <= 0 or negatives <= 0:
        return np.nan
    tp = np.concatenate(([0.0], tp))
    fp = np.concatenate(([0.0], fp))
    area = np.dot(np.diff(fp), tp[1:] + tp[:-1]) / 2.0
    return float(area / (positives * negatives))


def average_precision_from_counts(tp, fp):
    """Average precision, ``sum_k (R_k - R_{k-1}) P_k`` over the distinct
    scores (scikit-learn's step sum, no interpolation); NaN without
    positives."""
    positives = float(tp[-1])
    if positives <= 0:
        return np.nan
    predicted = tp + fp
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(predicted > 0, tp / predicted, 0.0)
    gained = np.diff(np.concatenate(([0.0], tp)))
    return float(np.dot(gained, precision) / positives)


#: metric name -> function of ``(tp, fp, **params)``.
FROM_COUNTS = {
    "roc_auc": roc_auc_from_counts,
    "average_precision": average_precision_from_counts,
}
