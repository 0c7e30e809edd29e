"""Is the accuracy better than always predicting the largest class?

The exact one-sided binomial test of the accuracy against the
no-information rate (the largest class's share of ``y_true``), as caret's
``confusionMatrix`` and pycm report it. On imbalanced data it is the first
check of a reported accuracy: 0.95 on 95% negatives is no skill at all.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from .._core.checks import CALLER, param_error, public
from .._core.engine import count_table
from .._core.types import ArrayLike

__all__ = ["NoInformationRateTest", "no_information_rate_test"]


@dataclass(frozen=True)
class NoInformationRateTest:
    """Result of :func:`no_information_rate_test`.

    Attributes
    ----------
    accuracy : float
        The share of samples predicted right.
    no_information_rate : float
        The largest class's share of ``y_true``: the accuracy of always
        predicting that class.
    p_value : float
        ``P(X >= correct)`` for ``X ~ Binomial(n_samples, no_information_rate)``:
        the one-sided exact binomial test of ``accuracy > no_information_rate``.
    n_samples : int
        The number of samples (the sum of the integer weights).
    """

    accuracy: float
    no_information_rate: float
    p_value: float
    n_samples: int

    def __repr__(self):
        return (
            f"NoInformationRateTest(accuracy={self.accuracy:.4g}, "
            f"no_information_rate={self.no_information_rate:.4g}, "
            f"p_value={self.p_value:.4g}, n_samples={self.n_samples})"
        )


@public
def no_information_rate_test(
    y_true: ArrayLike, y_pred: ArrayLike, *, sample_weight: ArrayLike | None = None
) -> NoInformationRateTest:
    """Test whether the accuracy exceeds the no-information rate.

    The no-information rate is the accuracy of always predicting the largest
    class of ``y_true``. The p-value is the exact one-sided binomial test of
    the number of correct predictions against that rate.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Ground truth class labels (two or more classes).

    y_pred : array-like of shape (n_samples,)
        Predicted class labels.

    sample_weight : array-like of shape (n_samples,), default=None
        Whole-number weights (a weight of 2 is a repeated sample): the test
        counts samples.

    Returns
    -------
    result : NoInformationRateTest
        ``accuracy``, ``no_information_rate``, ``p_value``, ``n_samples``.

    Notes
    -----
    Equal to pycm's ``NIR`` and ``P-Value`` and to caret's ``AccuracyNull``
    and ``AccuracyPValue``.

    Examples
    --------
    >>> from imbascore import no_information_rate_test
    >>> y_true = [0] * 90 + [1] * 10
    >>> result = no_information_rate_test(y_true, [0] * 100)
    >>> result.accuracy, result.no_information_rate, round(result.p_value, 4)
    (0.9, 0.9, 0.5832)
    >>> no_information_rate_test(y_true, [0] * 90 + [1] * 9 + [0]).p_value < 0.01
    True
    """
    table = count_table(y_true, y_pred, sample_weight, CALLER)
    joint = table.joint
    joint = joint.toarray() if hasattr(joint, "toarray") else np.asarray(joint)
    n = float(joint.sum())
    if not n.is_integer() or not np.all(np.mod(joint, 1) == 0):
        raise ValueError(
            param_error(
                CALLER,
                "sample_weight",
                "None or whole numbers (the exact test counts samples)",
                "weights with fractions",
            )
        )
    correct = float(np.trace(joint))
    rate = float(joint.sum(axis=1).max() / n)
    p_value = float(stats.binom.sf(correct - 1, int(n), rate))
    return NoInformationRateTest(correct / n, rate, p_value, int(n))
