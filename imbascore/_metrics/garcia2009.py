"""The nine columns of García et al. (2009), Tables 2 and 3, from two rates.

The paper averages the rates over its folds and computes every measure from
those averages (its printed values follow the formulas of the averaged TPR
and TNR, and accuracy at the stated class ratios); so do we.
"""

from .._specs import formulas as F

__all__ = ["garcia2009_measures"]


def garcia2009_measures(tpr: float, tnr: float, accuracy: float) -> list[float]:
    """TPR, TNR, Acc, Gmean, AUC, OP and IBA for alpha 1, 0.5 and 0.1.

    Examples
    --------
    >>> from imbascore.study import garcia2009_measures
    >>> [round(float(v), 3) for v in garcia2009_measures(0.95, 0.55, 0.586)]
    [0.95, 0.55, 0.586, 0.723, 0.75, 0.319, 0.731, 0.627, 0.543]
    """
    return [
        tpr,
        tnr,
        accuracy,
        F.geometric_mean(tpr, tnr),
        F.balanced_accuracy(tpr, tnr),
        F.optimized_precision(accuracy, tpr, tnr),
    ] + [F.index_balanced_accuracy(tpr, tnr, alpha) for alpha in (1.0, 0.5, 0.1)]
