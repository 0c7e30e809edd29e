"""Pure formulas of the papers, as functions of rates (no labels, no validation).

Every function takes scalars or arrays and broadcasts; the public metrics in
:mod:`imbascore.metrics` compute the rates and call these. The paper tables are
tested directly against this layer.

Notation: ``tpr`` true positive rate (sensitivity), ``tnr`` true negative rate
(specificity), ``fpr = 1 - tnr``, ``d`` dominance, ``g`` geometric mean.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from scipy.special import ndtr, ndtri, xlogy

from .._core.types import ArrayLike, FloatArray

__all__ = [
    "DPRIME_CORRECTIONS",
    "ad_area",
    "aucz",
    "balanced_accuracy",
    "correct_extreme_rate",
    "dominance",
    "dprime",
    "geometric_mean",
    "index_balanced_accuracy",
    "informedness",
    "is_feasible",
    "markedness",
    "max_feasible_gmean",
    "nmi_from_sums",
    "normalized_mutual_information",
    "optimized_precision",
    "probit",
    "rates_from_dominance_gmean",
    "weighted_accuracy",
]


def _floats(*values):
    """Whether every value is a Python float: then plain arithmetic, the
    same IEEE operations as numpy's, skips a ufunc call per operation (the
    binary fast path of the metrics passes plain floats)."""
    return all(type(value) is float for value in values)


def informedness(tpr, tnr):
    """Youden's J (Youden 1950), Powers' informedness: ``TPR + TNR - 1``."""
    return np.add(tpr, tnr) - 1.0


def markedness(ppv, npv):
    """Powers (2011): ``PPV + NPV - 1``."""
    return np.add(ppv, npv) - 1.0


def dominance(tpr, tnr):
    """García et al. (2008) eq. 1: ``TPR - TNR``, in [-1, 1]."""
    if _floats(tpr, tnr):
        return tpr - tnr
    return np.subtract(tpr, tnr)


def geometric_mean(tpr, tnr):
    """Kubat & Matwin (1997): ``sqrt(TPR * TNR)``, in [0, 1]."""
    if _floats(tpr, tnr):
        return math.sqrt(tpr * tnr)
    return np.sqrt(np.multiply(tpr, tnr))


def index_balanced_accuracy(tpr, tnr, alpha=0.1, squared=True):
    """García et al. (2009) eq. 3: ``(1 + alpha * (TPR - TNR)) * TPR * TNR``.

    With ``squared=False`` the geometric mean replaces its square, as in
    imbalanced-learn's ``make_index_balanced_accuracy(squared=False)``.
    """
    if _floats(tpr, tnr):
        accuracy_term = tpr * tnr
        if not squared:
            accuracy_term = math.sqrt(accuracy_term)
        return (1.0 + alpha * (tpr - tnr)) * accuracy_term
    accuracy_term = np.multiply(tpr, tnr)
    if not squared:
        accuracy_term = np.sqrt(accuracy_term)
    return (1.0 + alpha * dominance(tpr, tnr)) * accuracy_term


def optimized_precision(accuracy, tpr, tnr):
    """Ranawana & Palade (2006): ``Acc - |TNR - TPR| / (TNR + TPR)``, in [-1, 1].

    When ``TPR = TNR = 0`` the two rates are equal, so the imbalance term is
    taken as 0 (its limit along TPR = TNR) and OP equals the accuracy.
    """
    tpr, tnr = np.asarray(tpr, dtype=float), np.asarray(tnr, dtype=float)
    rate_sum = tpr + tnr
    with np.errstate(divide="ignore", invalid="ignore"):
        imbalance = np.where(rate_sum > 0, np.abs(tnr - tpr) / rate_sum, 0.0)
    return accuracy - imbalance


def ad_area(g, d):
    """García et al. (2008): area of the trapezium (-1,0), (-1,g), (d,g), (1,0).

    Its parallel sides are ``1 + d`` and ``2`` apart by the height ``g``, so the
    area is ``g * (3 + d) / 2``, in [0, 1.5].
    """
    return np.multiply(g, 3.0 + np.asarray(d, dtype=float)) / 2.0


def balanced_accuracy(tpr, tnr):
    """``(TPR + TNR) / 2``, in [0, 1]; the single-point AUC of Sokolova et al."""
    return weighted_accuracy(tpr, tnr, 0.5)


def weighted_accuracy(tpr, tnr, weight=0.5):
    """Straube & Krell (2014): ``w * TPR + (1 - w) * TNR``, in [0, 1]."""
    return weight * np.asarray(tpr, dtype=float) + (1.0 - weight) * np.asarray(
        tnr, dtype=float
    )


DPRIME_CORRECTIONS = ("macmillan", "loglinear")


def correct_extreme_rate(rate, n, correction="macmillan"):
    """Rate made finite for the inverse normal, given ``n`` trials.

    ``"macmillan"`` (Macmillan & Creelman 2005): a rate of exactly 0 becomes
    ``1 / (2n)`` and one of exactly 1 becomes ``1 - 1 / (2n)`` (half a trial);
    every other rate is unchanged. ``"loglinear"`` (Hautus 1995): every rate
    becomes ``(rate * n + 0.5) / (n + 1)``, i.e. ``(hits + 0.5) / (n + 1)``.
    ``n`` must be at least 1 (it is a number of trials, or an effective number
    of weighted trials, which is never below 1), so the corrected rate lies
    strictly inside (0, 1).
    """
    rate, n = np.asarray(rate, dtype=float), np.asarray(n, dtype=float)
    if correction == "loglinear":
        return (rate * n + 0.5) / (n + 1.0)
    half = 0.5 / n
    return np.where(rate <= 0.0, half, np.where(rate >= 1.0, 1.0 - half, rate))


def probit(rate, complement, n, correction="macmillan"):
    """``Phi^-1`` of a corrected rate, read off the smaller of the rate and its
    complement (``Phi^-1(r) = -Phi^-1(1 - r)``): a rate of 1 - 1e-15 keeps
    the digits of its 1e-15, which ``1 - 1e-15`` in floating point loses.
    Both corrections treat a rate and its complement alike."""
    rate, complement = np.asarray(rate, float), np.asarray(complement, float)
    low = ndtri(correct_extreme_rate(rate, n, correction))
    high = -ndtri(correct_extreme_rate(complement, n, correction))
    return np.where(rate <= 0.5, low, high)


def dprime(tpr, fpr):
    """Signal-detection sensitivity ``Phi^-1(TPR) - Phi^-1(FPR)``.

    Rates must be strictly inside (0, 1) for a finite value; see
    :func:`correct_extreme_rate`.
    """
    return ndtri(tpr) - ndtri(fpr)


def aucz(d_prime):
    """Area under the equal-variance normal ROC curve: ``Phi(d' / sqrt(2))``."""
    return ndtr(np.asarray(d_prime, dtype=float) / np.sqrt(2.0))


def normalized_mutual_information(joint):
    """Forbes (1995): ``I(truth; prediction) / H(truth)`` of contingency tables.

    Parameters
    ----------
    joint : array-like of shape (..., n_classes, n_classes)
        Counts (or weights), true classes on the second-to-last axis. Leading
        axes are a stack of tables, e.g. one 2x2 table per class.

    Returns
    -------
    ndarray of shape (...)
        In [0, 1]; NaN where the truth has zero entropy (a single class).
    """
    joint = np.asarray(joint, dtype=float)
    if joint.shape[-2:] == (2, 2):
        return _binary_nmi(joint)
    cells = joint.reshape(joint.shape[:-2] + (-1,))
    return nmi_from_sums(cells, joint.sum(axis=-1), joint.sum(axis=-2))


def _binary_nmi(joint):
    """nMI of 2x2 tables, without the cancellation of ``H(T) + H(P) - H(T, P)``.

    With the table divided by its total (shares ``w``, margins ``r``, ``c``),
    every cell has ``w_ij - r_i c_j = +-D``, ``D = w_00 w_11 - w_01 w_10``, so
    that ``I = sum_ij w_ij log1p(+-D / (r_i c_j))`` and ``H(T) = sum_i r_i
    log1p(r_other / r_i)``: a class weighing 1e-15 of the total keeps its
    digits (the subtraction of entropies lost them all).
    """
    with np.errstate(divide="ignore", invalid="ignore", under="ignore"):
        total = joint.sum(axis=(-2, -1))
        w = joint / total[..., None, None]
        rows, columns = w.sum(axis=-1), w.sum(axis=-2)
        determinant = w[..., 0, 0] * w[..., 1, 1] - w[..., 0, 1] * w[..., 1, 0]
        sign = np.array([[1.0, -1.0], [-1.0, 1.0]])
        r, c = rows[..., :, None], columns[..., None, :]
        ratio = sign * determinant[..., None, None] / r / c
        # log1p of the small ratio near independence; elsewhere the log of
        # w_ij / (r_i c_j) as a sum of logs (log1p(-1 + e) would lose e, and
        # the product of two small margins would underflow).
        direct = np.log(w) - np.log(r) - np.log(c)
        logs = np.where(np.abs(ratio) < 0.5, np.log1p(ratio), direct)
        mutual = np.where(w > 0, w * logs, 0.0).sum(axis=(-2, -1))
        other = rows[..., ::-1]
        h_true = np.where(rows > 0, rows * np.log1p(other / rows), 0.0).sum(axis=-1)
        value = np.where(h_true > 0, mutual / h_true, np.nan)
    return np.clip(value, 0.0, 1.0)


def nmi_from_sums(cells, row_sums, column_sums):
    """:func:`normalized_mutual_information` from a table's cells and margins.

    ``cells`` may list only the non-zero cells (as a sparse table stores them).
    """
    total = np.sum(row_sums, axis=-1, keepdims=True)

    def entropy(weights):
        with np.errstate(divide="ignore", invalid="ignore"):
            p = weights / total
        return -xlogy(p, p).sum(axis=-1)

    h_true = entropy(row_sums)
    mutual = h_true + entropy(column_sums) - entropy(cells)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(h_true > 0, mutual / h_true, np.nan)
    return np.clip(ratio, 0.0, 1.0)


def max_feasible_gmean(d):
    """Largest g-mean reachable at dominance ``d``: ``sqrt(1 - |d|)``.

    Follows from ``g^2 = TPR * TNR`` with ``TPR - TNR = d`` and both rates in
    [0, 1]: the product is largest when the larger rate is 1.
    """
    return np.sqrt(np.clip(1.0 - np.abs(np.asarray(d, dtype=float)), 0.0, 1.0))


def is_feasible(
    d: ArrayLike, g: ArrayLike, *, atol: float = 0.0
) -> bool | npt.NDArray[np.bool_]:
    """Whether a (dominance, g-mean) point can come from any pair of rates.

    The feasible region of the accuracy-dominance space (García et al. 2008,
    Fig. 1 left) is ``|d| <= 1`` and ``0 <= g <= sqrt(1 - |d|)``: a bell. With
    ``atol > 0`` a point counts as feasible when some point within ``atol`` of
    it on each axis is, which accepts values rounded to ``atol``'s precision.

    Parameters
    ----------
    d : float or array-like
        Dominance, ``TPR - TNR``.
    g : float or array-like
        Geometric mean, ``sqrt(TPR * TNR)``.
    atol : float, default=0.0
        Tolerance on each coordinate (0.005 for values printed to 2 decimals).

    Returns
    -------
    bool or ndarray of bool

    Examples
    --------
    García et al. (2008), Table 3, print g = 0.94 with d = -0.36 for the SVM on
    Pima; at that dominance the g-mean cannot exceed 0.8:

    >>> from imbascore import is_feasible
    >>> bool(is_feasible(-0.36, 0.94, atol=0.005))
    False
    >>> bool(is_feasible(-0.36, 0.64))
    True
    """
    d, g = np.asarray(d, dtype=float), np.asarray(g, dtype=float)
    closest_d = np.maximum(np.abs(d) - atol, 0.0)
    return (
        (np.abs(d) - atol <= 1.0)
        & (g + atol >= 0.0)
        & (g - atol <= max_feasible_gmean(closest_d))
    )


def rates_from_dominance_gmean(
    d: ArrayLike, g: ArrayLike
) -> tuple[FloatArray, FloatArray]:
    """Invert ``d = TPR - TNR`` and ``g = sqrt(TPR * TNR)`` for a feasible point.

    ``TPR`` is the positive root of ``TPR^2 - d * TPR - g^2 = 0``.

    Parameters
    ----------
    d, g : float or array-like
        Dominance and geometric mean of a feasible point (see
        :func:`is_feasible`).

    Returns
    -------
    tpr, tnr : ndarray

    Examples
    --------
    >>> from imbascore import rates_from_dominance_gmean
    >>> tpr, tnr = rates_from_dominance_gmean(-0.2, 0.6)
    >>> round(float(tpr), 4), round(float(tnr), 4)
    (0.5083, 0.7083)
    """
    d, g = np.asarray(d, dtype=float), np.asarray(g, dtype=float)
    tpr = (d + np.sqrt(d * d + 4.0 * g * g)) / 2.0
    return tpr, tpr - d
