"""Net benefit of acting on predictions (Vickers & Elkin 2006).

``TP/n - FP/n * pt / (1 - pt)``: the true positives per sample, less the
false positives weighted by the odds of the threshold probability ``pt``, the
risk at which acting is worth it (a miss is worth ``(1 - pt) / pt`` false
alarms). Positive: better than acting on nobody.
"""

from __future__ import annotations

import numpy as np

from .._core.checks import check_bool, check_pos_label, param_error, unknown_pos_label
from .._core.counts import count
from .._core.engine.select import index_of
from .._core.types import ArrayLike, PosLabel
from .net_benefit_formulas import (
    check_threshold_probability,
    net_benefit,
    warn_undefined,
)

__all__ = ["net_benefit_score"]


def net_benefit_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    threshold_probability: float,
    standardized: bool = False,
    pos_label: PosLabel = 1,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Net benefit of acting on the samples predicted ``pos_label``.

    Best value the prevalence (1.0 standardised): every positive acted on,
    no false alarm. 0 is acting on nobody; negative is worse than that.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.

    y_pred : array-like of shape (n_samples,)
        Predicted labels: acting where ``y_pred == pos_label``.

    threshold_probability : float in (0, 1)
        The risk at which acting is worth it; it sets the exchange rate of
        false positives for true positives, ``pt / (1 - pt)``.

    standardized : bool, default=False
        Divide by the prevalence (the "net benefit fraction" of the
        decision-curve literature): 1.0 is a perfect model.

    pos_label : int, float, bool or str, default=1
        The class acted upon.

    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    net_benefit : float

    See Also
    --------
    DecisionCurveDisplay : Net benefit across threshold probabilities.

    Notes
    -----
    :math:`NB = TP/n - FP/n \\cdot p_t / (1 - p_t)`, and standardised
    :math:`NB / \\pi` with :math:`\\pi` the share of ``pos_label`` in
    ``y_true``. Undefined, NaN with an ``UndefinedMetricWarning``, when
    every sample weighs 0, or, standardised, when ``y_true`` has no sample
    of ``pos_label``.

    References
    ----------
    .. [1] A. J. Vickers and E. B. Elkin, "Decision curve analysis: a novel
       method for evaluating prediction models", Medical Decision Making
       26(6), 2006.

    Examples
    --------
    >>> from imbascore import net_benefit_score
    >>> y_true = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    >>> round(net_benefit_score(y_true, y_pred, threshold_probability=0.2), 4)
    0.075
    """
    func = "net_benefit_score"
    weight = check_threshold_probability(threshold_probability, func)
    standardized = check_bool(standardized, "standardized", func)
    pos_label = check_pos_label(pos_label, func, required=True)
    counts = count(y_true, y_pred, sample_weight, func)
    if counts.multilabel:
        raise ValueError(
            param_error(func, "y_true", "labels of one class per sample", "indicators")
        )
    matrix = counts.matrix
    matrix = matrix.toarray() if hasattr(matrix, "toarray") else np.asarray(matrix)
    matrix = matrix.astype(float)
    position = index_of(counts.labels, pos_label)
    if position < 0:
        raise unknown_pos_label(func, counts.labels, pos_label)
    tp = matrix[position, position]
    fp = matrix[:, position].sum() - tp
    fn = matrix[position, :].sum() - tp
    tn = matrix.sum() - tp - fp - fn
    warn_undefined(func, matrix.sum(), tp + fn, standardized)
    return float(net_benefit(tp, fp, fn, tn, weight, standardized))
