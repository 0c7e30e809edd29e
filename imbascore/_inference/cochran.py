"""Several models on one test set: Cochran's Q.

McNemar's test asks whether two models are right equally often on the same
samples; Cochran's Q (1950) asks it of ``k >= 2`` models at once, from each
sample's row of right/wrong: ``Q = (k - 1) (k sum_j C_j^2 - T^2) /
(k T - sum_i R_i^2)``, with ``C_j`` model ``j``'s right answers, ``R_i``
sample ``i``'s and ``T`` their total, chi-squared with ``k - 1`` degrees
of freedom under the null. For two models it is McNemar's chi-squared
without continuity correction.
"""

import string
from dataclasses import dataclass

import numpy as np
from scipy import stats

from .._core.checks import param_error

__all__ = ["SUBSETS", "CochranComparison", "cochran_comparison", "cochran_q"]

#: The samples each metric reads: Cochran's Q compares the models' shares of
#: right answers on them (as McNemar's test does for two).
SUBSETS = {
    "accuracy": "all",
    "sensitivity": "positives",
    "recall": "positives",
    "specificity": "negatives",
}


@dataclass(frozen=True, repr=False)
class CochranComparison:
    """Several models' share of right answers on one test set, compared by
    Cochran's Q (:func:`compare_predictions` with ``method="cochran_q"``).

    Attributes
    ----------
    metric : str
        ``"accuracy"``, ``"sensitivity"`` (``"recall"``) or
        ``"specificity"``: the samples counted (all, positives, negatives).
    scores : dict of str to float
        Each model's metric, named ``"A"``, ``"B"``, ... in the order given.
    statistic : float
        Cochran's Q (NaN where every sample is right for all models or
        wrong for all).
    df : int
        ``k - 1`` for ``k`` models.
    pvalue : float
        Of the chi-squared distribution with ``df`` degrees of freedom; 1
        where the statistic is NaN.
    n_samples : int
        The samples counted.
    test : str
        ``"cochran_q"``.
    """

    metric: str
    scores: dict
    statistic: float
    df: int
    pvalue: float
    n_samples: int
    test: str = "cochran_q"

    def __repr__(self):
        scores = ", ".join(
            f"{name}: {value:.4g}" for name, value in self.scores.items()
        )
        return (
            f"CochranComparison(metric={self.metric!r}, scores=<{scores}>, "
            f"statistic={self.statistic:.4g}, df={self.df}, "
            f"pvalue={self.pvalue:.4g}, n_samples={self.n_samples}, "
            f"test={self.test!r})"
        )

    def __str__(self):
        scores = ", ".join(f"{name} {value:.4g}" for name, value in self.scores.items())
        return (
            f"CochranComparison({self.metric}: {scores}; Q={self.statistic:.4g}, "
            f"df={self.df}, p={self.pvalue:.4g} (Cochran's Q, "
            f"{self.n_samples} samples))"
        )


def _names(count):
    letters = string.ascii_uppercase
    return (
        list(letters[:count]) if count <= 26 else [f"model {i}" for i in range(count)]
    )


def cochran_q(correct) -> tuple[float, float]:
    """``(Q, p-value)`` of a samples x models 0/1 matrix of right answers."""
    correct = np.asarray(correct, dtype=float)
    k = correct.shape[1]
    columns, rows = correct.sum(axis=0), correct.sum(axis=1)
    total = columns.sum()
    denominator = k * total - (rows**2).sum()
    if denominator == 0:
        return np.nan, 1.0
    q = (k - 1) * (k * (columns**2).sum() - total**2) / denominator
    return float(q), float(stats.chi2.sf(q, k - 1))


def cochran_comparison(truth, correct, *, metric, metric_params, func):
    """:func:`compare_predictions` with ``method="cochran_q"``: ``truth``
    the true labels, ``correct`` the samples x models matrix of right
    answers."""
    unknown = sorted(set(metric_params) - {"pos_label"})
    if unknown:
        raise TypeError(
            param_error(
                func,
                "metric_params",
                "pos_label alone for method='cochran_q'",
                unknown,
            )
        )
    subset = SUBSETS[metric]
    if subset != "all":
        pos_label = metric_params.get("pos_label", 1)
        if len(np.unique(truth)) > 2 or pos_label not in truth.tolist():
            raise ValueError(
                param_error(
                    func,
                    "pos_label",
                    f"one of the two labels of y_true for {metric!r}",
                    pos_label,
                )
            )
        keep = (truth == pos_label) if subset == "positives" else (truth != pos_label)
        correct = correct[keep]
    statistic, pvalue = cochran_q(correct)
    names = _names(correct.shape[1])
    scores = dict(zip(names, correct.mean(axis=0).tolist(), strict=True))
    return CochranComparison(
        metric, scores, statistic, correct.shape[1] - 1, pvalue, int(correct.shape[0])
    )
