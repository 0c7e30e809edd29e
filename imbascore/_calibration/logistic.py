"""The logistic calibration intercept and slope (Cox 1958; Van Calster et al.
2016): the outcome's logit regressed on the probabilities' logit.

Calibration-in-the-large is the intercept ``a`` of ``logit P(y=1) = a +
logit(p)`` (the logit as an offset): 0 when the probabilities are right on
average, > 0 when they are too low. The slope is ``b`` of ``logit P(y=1) =
a' + b logit(p)``: 1 for a calibrated model, < 1 when its probabilities are
too extreme (overfitting; a resampled training set's inflated minority), > 1
when too modest. Both are fitted by Newton's method on the grouped
likelihood (one row per distinct probability), with the Wald interval of
the observed information.
"""

import numpy as np
from scipy.special import expit, logit

__all__ = ["fit_intercept", "fit_slope", "NotFitted"]

_MAX_ITER = 100
_TOLERANCE = 1e-12


class NotFitted(ArithmeticError):
    """The likelihood has no finite maximum (one class, or a separation);
    its text, where known, says why."""


def _separation(eta, positives, negatives):
    """Why the slope's likelihood has no finite maximum, or None: the
    classes separated by ``eta`` (the logits), completely (every positive
    above every negative, or below) or quasi-completely (touching at one
    value). With an intercept and one covariate the maximum exists exactly
    when the two classes' ranges of ``eta`` overlap beyond one point
    (Albert & Anderson 1984); Newton's method would otherwise walk off
    towards an infinite slope and stop at a large, meaningless one."""
    pos, neg = eta[positives > 0], eta[negatives > 0]
    for (low, low_name), (high, high_name) in (
        ((neg, "negative"), (pos, "positive")),
        ((pos, "positive"), (neg, "negative")),
    ):
        top, bottom = low.max(), high.min()
        if top <= bottom:
            kind = "completely" if top < bottom else "quasi-completely"
            return (
                f"the classes are {kind} separated by the probability: every "
                f"{high_name} at p >= {expit(bottom):.4g}, every {low_name} at "
                f"p <= {expit(top):.4g}"
            )
    return None


def _loglik(eta, positives, negatives):
    # log sigma(eta) = -log(1 + e^-eta), stable for both signs
    return float(
        -np.dot(positives, np.logaddexp(0, -eta))
        - np.dot(negatives, np.logaddexp(0, eta))
    )


def _newton(design, offset, positives, negatives, start, squares=None):
    """The maximum likelihood coefficients of a binomial model with linear
    predictor ``design @ beta + offset`` and their covariance: the inverse
    information, or with ``squares`` (each value's sums of the positives'
    and the negatives' squared weights) the sandwich ``H^-1 J H^-1`` of
    weights that are not frequencies (a deployment ratio's)."""
    beta = np.asarray(start, dtype=np.float64)
    totals = positives + negatives
    current = _loglik(design @ beta + offset, positives, negatives)
    for _ in range(_MAX_ITER):
        fitted = expit(design @ beta + offset)
        gradient = design.T @ (positives - totals * fitted)
        information = (design * (totals * fitted * (1 - fitted))[:, None]).T @ design
        try:
            step = np.linalg.solve(information, gradient)
        except np.linalg.LinAlgError:
            raise NotFitted from None
        size = 1.0
        while True:  # halve a step that lowers the likelihood
            trial = beta + size * step
            value = _loglik(design @ trial + offset, positives, negatives)
            if value >= current - 1e-12 * abs(current) or size < 1e-10:
                break
            size /= 2
        beta, current = trial, value
        if not np.all(np.isfinite(beta)) or np.abs(beta).max() > 1e6:
            raise NotFitted
        if np.abs(size * step).max() < _TOLERANCE * (1 + np.abs(beta).max()):
            break
    else:
        raise NotFitted
    fitted = expit(design @ beta + offset)
    information = (design * (totals * fitted * (1 - fitted))[:, None]).T @ design
    try:
        covariance = np.linalg.inv(information)
    except np.linalg.LinAlgError:
        raise NotFitted from None
    if squares is not None:
        squared_positives, squared_negatives = squares
        spread = squared_positives * (1 - fitted) ** 2 + squared_negatives * fitted**2
        meat = (design * spread[:, None]).T @ design
        covariance = covariance @ meat @ covariance
    if not np.all(np.isfinite(covariance)) or np.any(np.diag(covariance) <= 0):
        raise NotFitted
    return beta, covariance


def _logits(x, positives, negatives, squares):
    kept = (positives + negatives) > 0
    if squares is not None:
        squares = (squares[0][kept], squares[1][kept])
    return logit(x[kept]), positives[kept], negatives[kept], squares


def fit_intercept(x, positives, negatives, squares=None):
    """``(a, standard error)`` of calibration-in-the-large; raises
    :class:`NotFitted` where the likelihood has no maximum. ``squares``:
    the sandwich variance (see :func:`_newton`)."""
    eta, positives, negatives, squares = _logits(x, positives, negatives, squares)
    if not (positives.sum() > 0 and negatives.sum() > 0):
        raise NotFitted
    design = np.ones((eta.shape[0], 1))
    beta, covariance = _newton(design, eta, positives, negatives, [0.0], squares)
    return float(beta[0]), float(np.sqrt(covariance[0, 0]))


def fit_slope(x, positives, negatives, squares=None):
    """``(b, standard error)`` of the calibration slope (and its model's
    intercept, ``(a', standard error)``)."""
    eta, positives, negatives, squares = _logits(x, positives, negatives, squares)
    if not (positives.sum() > 0 and negatives.sum() > 0):
        raise NotFitted
    if eta.shape[0] < 2:
        raise NotFitted("a single distinct probability")
    separated = _separation(eta, positives, negatives)
    if separated:
        raise NotFitted(separated)
    design = np.column_stack([np.ones_like(eta), eta])
    beta, covariance = _newton(design, 0.0, positives, negatives, [0.0, 1.0], squares)
    return (
        (float(beta[1]), float(np.sqrt(covariance[1, 1]))),
        (float(beta[0]), float(np.sqrt(covariance[0, 0]))),
    )
