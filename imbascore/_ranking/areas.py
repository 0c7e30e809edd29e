"""Areas under ranking curves: ROC AUC, average precision, AUPRG and its
curve, and the partial AUC over a band of false or true positive rates.

Each function reads its inputs through the score door and one sort
(:func:`~imbascore._ranking.inputs.read_ranked`) and computes from the
cumulated counts (:mod:`imbascore._specs.score_formulas`), the same functions
a bootstrap resample reads. A value that is undefined on these inputs (a
class absent from ``y_true``, or all its samples weighing 0) is NaN with an
``UndefinedMetricWarning``, never an error: a cross-validation fold with one
class must not stop a model selection.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._core.types import ArrayLike, FloatArray, PosLabel
from .._specs.score_formulas import prg_curve_from_counts
from .evaluate import ranking_score, undefined
from .inputs import read_ranked

__all__ = [
    "auprg_score",
    "average_precision_score",
    "partial_auc_score",
    "precision_recall_gain_curve",
    "roc_auc_score",
]


def roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the ROC curve of a binary problem.

    The probability that a random positive is scored above a random negative,
    ties counting a half: 1 for a perfect ranking, 0.5 for chance, 0 for a
    reversed ranking.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_score : array-like of shape (n_samples,)
        Scores, higher for the positive class (probabilities or decision
        function values).
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights: a weight of 2 counts a sample twice).

    Returns
    -------
    auc : float
        NaN, with an ``UndefinedMetricWarning``, when ``y_true`` has no
        positive or no negative sample (or all of a class weigh 0).

    See Also
    --------
    partial_auc_score : The area over a band of false or true positive rates.
    average_precision_score : The area under the precision-recall curve.

    Notes
    -----
    With :math:`P` and :math:`N` the positives' and the negatives' total
    weight and the ROC curve's points joined linearly (a step for each
    distinct score, diagonal across ties),

    .. math:: \\mathrm{AUC} = \\frac{1}{PN} \\sum_{i \\in +} \\sum_{j \\in -}
        w_i w_j \\left(\\mathbb{1}[s_i > s_j] + \\tfrac12 \\mathbb{1}[s_i = s_j]
        \\right),

    the Mann-Whitney statistic [1]_; equal to scikit-learn's
    ``roc_auc_score`` for binary inputs.

    References
    ----------
    .. [1] Hanley, J. A. and McNeil, B. J. (1982). The meaning and use of the
       area under a receiver operating characteristic (ROC) curve.
       Radiology, 143(1), 29-36.

    Examples
    --------
    >>> from imbascore import roc_auc_score
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    params = {"pos_label": pos_label}
    return ranking_score(
        y_true, y_score, "roc_auc", params, "roc_auc_score", sample_weight=sample_weight
    )


def average_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Average precision: the precision-recall curve summarised as a step sum.

    The precision at each distinct score weighted by the recall gained
    there: 1 for a perfect ranking, about the positive share for chance.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_score : array-like of shape (n_samples,)
        Scores, higher for the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights).

    Returns
    -------
    average_precision : float
        NaN, with an ``UndefinedMetricWarning``, when ``y_true`` has no
        positive sample (or all weigh 0). Without negatives it is 1.

    See Also
    --------
    auprg_score : The area under the Precision-Recall-Gain curve.
    roc_auc_score : The area under the ROC curve.

    Notes
    -----
    .. math:: \\mathrm{AP} = \\sum_k (R_k - R_{k-1}) P_k

    over the distinct scores :math:`k` in descending order, :math:`P_k` and
    :math:`R_k` the precision and recall of predicting positive the samples
    scored at or above the :math:`k`-th (no interpolation between points,
    which would be optimistic [1]_); equal to scikit-learn's
    ``average_precision_score`` for binary inputs.

    References
    ----------
    .. [1] Davis, J. and Goadrich, M. (2006). The relationship between
       Precision-Recall and ROC curves. Proceedings of the 23rd International
       Conference on Machine Learning, 233-240.

    Examples
    --------
    >>> from imbascore import average_precision_score
    >>> round(average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 4)
    0.8333
    """
    params = {"pos_label": pos_label}
    return ranking_score(
        y_true,
        y_score,
        "average_precision",
        params,
        "average_precision_score",
        sample_weight=sample_weight,
    )


def auprg_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the Precision-Recall-Gain curve (Flach & Kull, 2015).

    Precision and recall rescaled so that the always-positive classifier is
    at 0 and a perfect one at 1, the area taken over recall gain in [0, 1]:
    1 for a perfect ranking; a ranking no better than chance is near 0 or
    below (segments of negative precision gain count negatively).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_score : array-like of shape (n_samples,)
        Scores, higher for the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights: a weight of 2 counts a sample
        twice; Flach & Kull's implementation has none).

    Returns
    -------
    auprg : float
        NaN, with an ``UndefinedMetricWarning``, when ``y_true`` has no
        positive or no negative sample (or all of a class weigh 0).

    See Also
    --------
    precision_recall_gain_curve : The curve whose area this is.
    average_precision_score : The area under the precision-recall curve.

    Notes
    -----
    With :math:`\\pi` the positives' share of the total weight,

    .. math:: \\mathrm{precG} = \\frac{\\mathrm{prec} - \\pi}{(1 - \\pi)\\,
        \\mathrm{prec}}, \\qquad \\mathrm{recG} = \\frac{\\mathrm{rec} -
        \\pi}{(1 - \\pi)\\, \\mathrm{rec}},

    and the area is the trapezoidal sum over the points of
    :func:`precision_recall_gain_curve`, as the authors' reference
    implementation computes it [1]_ (``calc_auprg`` of
    github.com/meeliskull/prg): one point per distinct score, the points of
    negative recall gain dropped and a point at recall gain 0 interpolated on
    the segment that crosses it. The authors show it to be related to the
    expected F1 score over the ranking's thresholds, which average precision
    is not.

    References
    ----------
    .. [1] Flach, P. A. and Kull, M. (2015). Precision-Recall-Gain Curves: PR
       Analysis Done Right. Advances in Neural Information Processing Systems
       28, 838-846.

    Examples
    --------
    >>> from imbascore import auprg_score
    >>> auprg_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.25
    """
    params = {"pos_label": pos_label}
    return ranking_score(
        y_true, y_score, "auprg", params, "auprg_score", sample_weight=sample_weight
    )


def precision_recall_gain_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Precision-Recall-Gain curve (Flach & Kull, 2015).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_score : array-like of shape (n_samples,)
        Scores, higher for the positive class.
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights; samples of weight 0 give no point).

    Returns
    -------
    precision_gain : ndarray of shape (n_points,)
        Precision gain at each point, by increasing threshold.
    recall_gain : ndarray of shape (n_points,)
        Recall gain at each point, decreasing from 1 (every sample predicted
        positive) to 0.
    thresholds : ndarray of shape (n_points,)
        Increasing: point ``k`` predicts positive the samples scored at or
        above ``thresholds[k]``. The last point, at recall gain 0, is
        interpolated where no threshold gives recall gain 0 exactly: it is
        reached by predicting positive a share of the samples scored
        ``thresholds[-1]``, which it repeats from the point before.
        Unlike scikit-learn's ``precision_recall_curve``, the three arrays
        have one length. All three are empty, with an
        ``UndefinedMetricWarning``, when ``y_true`` has no positive or no
        negative sample (or all of a class weigh 0).

    See Also
    --------
    auprg_score : The area under this curve.

    Notes
    -----
    With :math:`\\pi` the positives' share of the total weight, precision
    gain is :math:`(\\mathrm{prec} - \\pi) / ((1 - \\pi) \\mathrm{prec})` and
    recall gain :math:`(\\mathrm{rec} - \\pi) / ((1 - \\pi) \\mathrm{rec})`
    [1]_. The points are those of the authors' ``create_prg_curve``
    (github.com/meeliskull/prg) for recall gain in [0, 1], without its extra
    points at precision gain 0 (they lie on the straight segments between
    these, so neither a plot nor the area changes).

    References
    ----------
    .. [1] Flach, P. A. and Kull, M. (2015). Precision-Recall-Gain Curves: PR
       Analysis Done Right. Advances in Neural Information Processing Systems
       28, 838-846.

    Examples
    --------
    >>> from imbascore import precision_recall_gain_curve
    >>> gain_p, gain_r, thresholds = precision_recall_gain_curve(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    ... )
    >>> gain_p
    array([0. , 0.5, 0. , 1. ])
    >>> gain_r
    array([1., 1., 0., 0.])
    >>> thresholds
    array([0.1 , 0.35, 0.4 , 0.8 ])
    """
    func = "precision_recall_gain_curve"
    _, ranked = read_ranked(y_true, y_score, sample_weight, func, pos_label=pos_label)
    tp, fp = ranked.cumulated()
    what = "the Precision-Recall-Gain curve"
    if undefined(ranked, tp, fp, func, what, returning="empty arrays", stacklevel=3):
        return np.empty(0), np.empty(0), np.empty(0)
    precision_gain, recall_gain, index = prg_curve_from_counts(tp, fp)
    # by increasing threshold, as scikit-learn's precision_recall_curve
    return (
        precision_gain[::-1].copy(),
        recall_gain[::-1].copy(),
        ranked.thresholds[index[::-1]],
    )


def partial_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    max_fpr: float | None = None,
    min_tpr: float | None = None,
    standardized: bool = True,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Partial area under the ROC curve, over low false positive rates
    (``max_fpr``) or high true positive rates (``min_tpr``).

    Standardised (McClish), 1 for a perfect ranking and 0.5 for chance, as
    the full AUC; raw, at most the band's width.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_score : array-like of shape (n_samples,)
        Scores, higher for the positive class.
    max_fpr : float in (0, 1], default=None
        The area over false positive rates in [0, max_fpr] (scikit-learn's
        ``roc_auc_score(max_fpr=...)``). Exactly one of ``max_fpr`` and
        ``min_tpr`` is given.
    min_tpr : float in [0, 1), default=None
        The area over true positive rates in [min_tpr, 1], between the curve
        and the line FPR = 1 (pROC's ``partial.auc.focus="sensitivity"``).
    standardized : bool, default=True
        Apply McClish's standardisation; False gives the raw area.
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights).

    Returns
    -------
    partial_auc : float
        NaN, with an ``UndefinedMetricWarning``, when ``y_true`` has no
        positive or no negative sample (or all of a class weigh 0).

    See Also
    --------
    roc_auc_score : The full area, the value at ``max_fpr=1`` or
        ``min_tpr=0``.

    Notes
    -----
    The ROC curve's points are joined linearly and the band's end
    interpolated. With ``max_fpr`` the area is
    :math:`A = \\int_0^{\\mathrm{max\\_fpr}} \\mathrm{TPR}\\, d\\mathrm{FPR}`;
    with ``min_tpr`` it is
    :math:`A = \\int_{\\mathrm{min\\_tpr}}^1 (1 - \\mathrm{FPR})\\,
    d\\mathrm{TPR}` (pROC's, ``R/auc.R`` of github.com/xrobin/pROC [2]_).
    For a band of width :math:`w` (``max_fpr`` or ``1 - min_tpr``), McClish's
    standardisation [1]_ is

    .. math:: \\frac12 \\left(1 + \\frac{A - w^2/2}{w - w^2/2}\\right),

    :math:`w^2/2` being the chance diagonal's area in the band and :math:`w`
    a perfect ranking's. For ``min_tpr``, pROC's
    ``partial.auc.correct=TRUE`` gives NA below the diagonal (unless
    ``allow.invalid.partial.auc.correct=TRUE``); here, as scikit-learn does
    for ``max_fpr``, the formula's value (below 0.5).

    References
    ----------
    .. [1] McClish, D. K. (1989). Analyzing a portion of the ROC curve.
       Medical Decision Making, 9(3), 190-195.
    .. [2] Robin, X. et al. (2011). pROC: an open-source package for R and S+
       to analyze and compare ROC curves. BMC Bioinformatics, 12, 77.

    Examples
    --------
    >>> from imbascore import partial_auc_score
    >>> y_true, y_score = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> partial_auc_score(y_true, y_score, max_fpr=0.5, standardized=False)
    0.25
    >>> round(partial_auc_score(y_true, y_score, max_fpr=0.5), 4)
    0.6667
    >>> partial_auc_score(y_true, y_score, min_tpr=0.5, standardized=False)
    0.25
    """
    params: dict[str, Any] = {
        "max_fpr": max_fpr,
        "min_tpr": min_tpr,
        "standardized": standardized,
        "pos_label": pos_label,
    }
    func = "partial_auc_score"
    return ranking_score(
        y_true, y_score, "partial_auc", params, func, sample_weight=sample_weight
    )
