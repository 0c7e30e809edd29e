"""The public calibration intercept and slope, with Wald intervals."""

from __future__ import annotations

import warnings

import numpy as np
from scipy.stats import norm
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import check_confidence_level
from .._core.types import ArrayLike, PosLabel
from .grouped import read_grouped, squared_weights
from .logistic import NotFitted, fit_intercept, fit_slope
from .params import check_open_probabilities
from .results import Estimate, LogisticCalibration

__all__ = ["calibration_intercept_slope", "logistic_calibration"]


def _wald(estimate, se, level):
    half = norm.ppf(0.5 + level / 2) * se
    return Estimate(estimate, estimate - half, estimate + half)


def _undefined(func, what, reason, stacklevel):
    """The note of a NaN intercept or slope, warned as well."""
    note = f"the calibration {what} undefined ({reason}); NaN."
    warnings.warn(f"{func}: {note}", UndefinedMetricWarning, stacklevel=stacklevel + 1)
    return note


def logistic_calibration(grouped, level, func, stacklevel=3, squares=None):
    """:class:`LogisticCalibration` of ``grouped`` (probabilities inside
    (0, 1)); a number whose likelihood has no maximum is NaN, with an
    ``UndefinedMetricWarning`` and the result's ``note`` saying why: both
    with one class or a single distinct probability; only the slope where
    the probability separates the classes (the intercept's model, the logit
    an offset, has no free slope to diverge). ``squares`` (at a deployment
    ratio): sandwich variances."""
    columns = grouped.values, grouped.positives, grouped.negatives
    nan = Estimate(np.nan, np.nan, np.nan)
    total = grouped.positive_total + grouped.negative_total
    if not total > 0:  # read_grouped has warned
        why = (
            "one class, at a deployment ratio"
            if np.isnan(total)
            else "every sample has weight 0"
        )
        note = f"the calibration intercept and slope are undefined ({why}); NaN."
        return LogisticCalibration(nan, nan, np.nan, np.nan, level, note)
    try:
        a, a_se = fit_intercept(*columns, squares)
    except NotFitted:
        reason = "the logistic likelihood has no finite maximum: one class"
        note = _undefined(func, "intercept and slope are", reason, stacklevel)
        return LogisticCalibration(nan, nan, np.nan, np.nan, level, note)
    intercept = _wald(a, a_se, level)
    try:
        (b, b_se), _ = fit_slope(*columns, squares)
    except NotFitted as error:
        reason = "the logistic likelihood has no finite maximum"
        reason = f"{reason}: {error}" if str(error) else reason
        note = _undefined(func, "slope is", reason, stacklevel)
        return LogisticCalibration(intercept, nan, a_se, np.nan, level, note)
    return LogisticCalibration(intercept, _wald(b, b_se, level), a_se, b_se, level)


def calibration_intercept_slope(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    confidence_level: float = 0.95,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> LogisticCalibration:
    """Calibration intercept (in the large) and slope, with Wald intervals.

    A logistic regression of the outcome on the logit of the probability
    (Cox 1958), as clinical prediction reports it (Van Calster et al. 2016,
    2019): the intercept ``a`` of ``logit P(y=1) = a + logit(p)`` (the logit
    an offset) is 0 when the probabilities are right on average, positive
    when they are too low; the slope ``b`` of ``logit P(y=1) = a' + b
    logit(p)`` is 1 for a calibrated model, below 1 when its probabilities
    are too extreme (an overfitted model, or one trained on a resampled set),
    above 1 when too modest. Fitted by Newton's method (maximum likelihood,
    weights as frequencies); the intervals from the observed information
    (the sandwich at a deployment ratio).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, strictly inside (0, 1).
    confidence_level : float, default=0.95
        The Wald intervals' level.
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights).
    prevalence : float or sequence or dict, default=None
        The deployment's class ratio; each class's weights are rescaled to
        its share, the total kept. The weights are then not frequencies, so
        the standard errors are the sandwich (robust) ones, which keep each
        class's own number of samples.

    Returns
    -------
    calibration : LogisticCalibration
        ``intercept`` and ``slope``, each an :class:`Estimate` (``estimate``,
        ``low``, ``high``), their standard errors and the level. NaN, with
        an ``UndefinedMetricWarning`` and a ``note`` saying why, where the
        likelihood has no maximum: both with one class; the slope alone
        where the probability separates the classes, completely (every
        positive above every negative) or quasi-completely (the two touching
        at one value), detected before fitting (the intercept, with the
        logit as an offset, is still defined).

    See Also
    --------
    calibration_report : Every calibration number with its interval.

    References
    ----------
    .. [1] Cox, D. R. (1958). Two further applications of a model for binary
       regression. Biometrika, 45(3/4), 562-565.
    .. [2] Van Calster, B., Nieboer, D., Vergouwe, Y., De Cock, B., Pencina,
       M. J. and Steyerberg, E. W. (2016). A calibration hierarchy for risk
       models was defined: from utopia to empirical data. Journal of
       Clinical Epidemiology, 74, 167-176.

    Examples
    --------
    >>> from imbascore import calibration_intercept_slope
    >>> y = [0, 0, 1, 0, 1, 1, 0, 1]
    >>> p = [0.1, 0.3, 0.2, 0.6, 0.7, 0.9, 0.4, 0.5]
    >>> line = calibration_intercept_slope(y, p)
    >>> round(line.slope.estimate, 3)
    0.886
    """
    func = "calibration_intercept_slope"
    level = check_confidence_level(confidence_level, func)
    inputs, ranked, grouped = read_grouped(
        y_true, y_proba, sample_weight, func, pos_label=pos_label, prevalence=prevalence
    )
    check_open_probabilities(inputs.low, inputs.high, func)
    squares = None
    if prevalence is not None:
        squares = squared_weights(ranked, grouped.factors)
    return logistic_calibration(grouped, level, func, squares=squares)
