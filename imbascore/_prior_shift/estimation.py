"""The class ratio you do not know: estimate it from unlabelled predictions.

A classifier's rates (each true class's row of its confusion matrix, as
fractions) do not change when only the class ratio does (label shift). So
the fraction of unlabelled samples it predicts in each class, ``q``, is a
known mixture of the unknown priors ``p``: ``q = M^T p`` with
``M[i, j] = P(predicted j | true i)`` measured on labelled data. Solving for
``p`` is adjusted classify and count (Forman 2008); its probabilistic form
(Bella et al. 2010) replaces the counts by mean probabilities, and the EM of
Saerens, Latinne & Decaestecker (2002) re-estimates the priors from the
model's probabilities alone.

:func:`estimate_prevalence` reads the rates off a
:class:`~imbascore.ConfusionCounts`; :class:`PrevalenceEstimator` measures
them itself by cross-validation and offers the probabilistic methods.
"""

from __future__ import annotations

import itertools
import numbers
import warnings
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from scipy import optimize
from sklearn.base import BaseEstimator, MetaEstimatorMixin, clone
from sklearn.model_selection import cross_val_predict
from sklearn.utils.validation import check_is_fitted

from .._core.checks import (
    check_choice,
    check_confidence_level,
    check_n_resamples,
    check_pos_label,
    check_seed,
    is_missing,
    missing_message,
    param_error,
    unknown_pos_label,
)
from .._core.counts import Counts, count
from .._core.engine.select import index_of
from .._core.resampling import containing, percentiles, posterior_tables
from .._core.types import ArrayLike, PosLabel, RandomState
from .._report.confusion import ConfusionCounts, confusion_counts

__all__ = [
    "ESTIMATOR_METHODS",
    "ClippedPrevalenceWarning",
    "PrevalenceEstimate",
    "PrevalenceEstimator",
    "estimate_prevalence",
]

#: The methods of :func:`estimate_prevalence` (from counts).
COUNT_METHODS = ("cc", "acc")
#: The methods of :class:`PrevalenceEstimator` (from a model).
ESTIMATOR_METHODS = ("cc", "acc", "pcc", "pacc", "em")
#: How far outside the simplex a solution may fall before it counts as clipped
#: (rounding of an exact solve).
_SIMPLEX_TOLERANCE = 1e-12
#: Up to this many classes the constrained least squares is solved exactly
#: by trying every face of the simplex (2^k - 1 of them); above, numerically.
_MAX_FACES_CLASSES = 10


class ClippedPrevalenceWarning(UserWarning):
    """The adjusted estimate fell outside [0, 1] (the simplex) and was clipped.

    It happens when the unlabelled predictions are rarer (or more frequent)
    than even a sample of one class alone would give: by chance with few
    samples at an extreme ratio, or because the rates measured on labelled
    data do not hold on the unlabelled data (not only the ratio shifted).
    """


@dataclass(frozen=True, repr=False, eq=False)
class PrevalenceEstimate:
    """An estimated class ratio with its interval, in the style of scipy.stats
    results.

    Attributes
    ----------
    estimate : float or ndarray of shape (n_labels,)
        For two classes the prior (share) of ``pos_label``; otherwise the
        prior of each of ``labels``.
    low, high : float or ndarray of shape (n_labels,)
        The interval's bounds, in the shape of ``estimate`` (NaN when no
        interval was asked for).
    method : str
        ``"cc"``, ``"acc"``, ``"pcc"``, ``"pacc"`` or ``"em"``.
    confidence_level : float or None
    labels : ndarray of shape (n_labels,)
        The classes, sorted as in the counts (or the estimator's ``classes_``).
    priors : ndarray of shape (n_labels,)
        The prior of every label (sums to 1), also for two classes.
    pos_label : object or None
        The class whose prior ``estimate`` is, for two classes.
    clipped : bool
        Whether the unconstrained estimate fell outside [0, 1] (the simplex)
        and was brought back onto it.
    n_resamples : int or None
        Monte Carlo draws or bootstrap resamples behind the interval.
    """

    estimate: object
    low: object
    high: object
    method: str
    confidence_level: float | None
    labels: np.ndarray
    priors: np.ndarray
    pos_label: object = None
    clipped: bool = False
    n_resamples: int | None = None

    def __repr__(self):
        def shown(value):
            if np.ndim(value):
                return np.array2string(np.asarray(value), precision=4, separator=", ")
            return f"{float(value):.4g}"

        of = f", pos_label={self.pos_label!r}" if self.pos_label is not None else ""
        if np.ndim(self.estimate):
            of = f", labels={self.labels.tolist()!r}"
        text = (
            f"PrevalenceEstimate(estimate={shown(self.estimate)}, "
            f"low={shown(self.low)}, high={shown(self.high)}, "
            f"method={self.method!r}, confidence_level={self.confidence_level}{of}"
        )
        return text + (", clipped=True" if self.clipped else "") + ")"


# ---------------------------------------------------------------- checks


def _bad_counts(func, rule, got, hint="", error=ValueError):
    """The error that refuses the ``counts`` parameter."""
    return error(param_error(func, "counts", rule, got, hint))


def _check_counts(counts, func):
    """The rates ``M[i, j] = P(predicted j | true i)`` of ``counts``, and
    the counts' labels; every class needs true samples."""
    if not isinstance(counts, Counts):
        rule = "a ConfusionCounts of the model on labelled data (e.g. "
        rule += "confusion_counts(y, cross_val_predict(model, X, y)))"
        raise _bad_counts(func, rule, type(counts).__name__, error=TypeError)
    if counts.multilabel:
        rule = "counts of single-label targets (one class ratio to estimate)"
        raise _bad_counts(func, rule, "multilabel counts")
    labels = counts.labels
    matrix = np.asarray(
        counts.matrix.toarray() if hasattr(counts.matrix, "toarray") else counts.matrix,
        dtype=float,
    )
    rows = matrix.sum(axis=1)
    if len(labels) < 2 or (rows <= 0).any():
        empty = [label for label, row in zip(labels.tolist(), rows) if row <= 0]
        raise _bad_counts(
            func,
            "counts with true samples of at least two classes, and of every "
            "class they have (its rates cannot be measured without)",
            f"true samples per class {dict(zip(labels.tolist(), rows.tolist()))}",
            f"Classes without true samples: {empty!r}." if empty else "",
        )
    return matrix / rows[:, None], labels


def _prediction_counts(y_pred, labels, func):
    """How many unlabelled samples are predicted in each of ``labels``."""
    if y_pred is None or (hasattr(y_pred, "__len__") and len(y_pred) == 0):
        rule = "a non-empty array of predicted labels of the unlabelled data"
        got = "an empty array" if y_pred is not None else None
        raise ValueError(param_error(func, "y_pred", rule, got))
    try:
        # The counting path checks labels once for the whole package; it
        # names its first input y_true, which here is y_pred.
        counted = count(y_pred, y_pred, None, func)
    except (TypeError, ValueError) as error:
        message = str(error).replace("'y_true' parameter", "'y_pred' parameter")
        raise type(error)(message) from None
    if counted.multilabel:
        rule = "a 1-D array of predicted labels of shape (n_samples,)"
        got = "a 2-D multilabel indicator"
        raise ValueError(param_error(func, "y_pred", rule, got))
    # matched to the counts' classes here, not by the counting's `labels`
    # (whose errors would blame a parameter this function does not have)
    unknown = [
        label for label in counted.labels.tolist() if index_of(labels, label) < 0
    ]
    if unknown:
        raise ValueError(
            param_error(
                func,
                "y_pred",
                f"predictions among the classes of counts {labels.tolist()!r}",
                f"an array with the classes {unknown!r}",
                "The counts must be of the same model on labelled data with "
                "every class it predicts.",
            )
        )
    predicted = np.zeros(len(labels))
    for label, number in zip(
        counted.labels.tolist(), np.diagonal(np.asarray(counted.matrix, dtype=float))
    ):
        predicted[index_of(labels, label)] = number
    return predicted


def _check_cv(cv, func):
    """``cv`` as cross_val_predict takes it, refused here under this name."""
    splitter = hasattr(cv, "split") and hasattr(cv, "get_n_splits")
    number = isinstance(cv, numbers.Integral) and not isinstance(cv, bool)
    iterable = hasattr(cv, "__iter__") and not isinstance(cv, str | bytes)
    if not (cv is None or splitter or iterable or (number and cv >= 2)):
        rule = "None, an int >= 2, a cross-validation splitter or an iterable "
        rule += "of (train, test) splits"
        raise ValueError(param_error(func, "cv", rule, cv))


def _binary_position(labels, pos_label, func):
    if len(labels) != 2:
        return None
    pos_label = check_pos_label(pos_label, func, required=True)
    position = index_of(labels, pos_label)
    if position < 0:
        role = "the class whose prior the estimate is"
        raise unknown_pos_label(func, labels, pos_label, role=role)
    return position


def _check_informative(rates, labels, func):
    """Refuse rates from which the ratio cannot be read (TPR == FPR, or a
    singular rate matrix)."""
    if len(labels) == 2:
        gap = abs(rates[1, 1] - rates[0, 1])
        if gap <= 1e-12:
            raise _bad_counts(
                func,
                "rates with TPR different from FPR",
                f"TPR = FPR = {rates[1, 1]!r}",
                "The model predicts the positive class as often for negatives as "
                "for positives: it carries no information about the class "
                "ratio. Use a model that discriminates the classes, or "
                "method='cc'.",
            )
        return
    if np.linalg.matrix_rank(rates) < len(labels):
        raise _bad_counts(
            func,
            "rates P(predicted j | true i) that form an invertible matrix",
            np.round(rates, 6).tolist(),
            "Some classes are predicted alike whatever their truth: the "
            "model carries no information about their ratio.",
        )


# ---------------------------------------------------------------- solving


def _solve_on_simplex(system, q):
    """Solve ``system @ p = q`` for priors ``p`` kept on the simplex.

    ``system`` has shape (..., k, k), ``q`` (..., k). Where the exact
    solution has a negative entry, ``p`` minimises ``||system p - q||^2`` over
    the simplex instead (for two classes: the solution clipped into [0, 1]).
    Returns ``(p, clipped)``.
    """
    system = np.asarray(system, dtype=float)
    q = np.asarray(q, dtype=float)
    k = q.shape[-1]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if k == 2:
            # q_1 = (1 - p) * M[0, 1] + p * M[1, 1]: solved for p directly.
            share = (q[..., 1] - system[..., 1, 0]) / (
                system[..., 1, 1] - system[..., 1, 0]
            )
            share = np.where(np.isnan(share), 0.5, share)
            clipped = (share < -_SIMPLEX_TOLERANCE) | (share > 1 + _SIMPLEX_TOLERANCE)
            share = np.clip(share, 0.0, 1.0)
            return np.stack([1.0 - share, share], axis=-1), clipped
        try:
            exact = np.linalg.solve(system, q[..., None])[..., 0]
        except np.linalg.LinAlgError:
            exact = np.full(q.shape, np.nan)
    clipped = ~np.all(np.isfinite(exact) & (exact >= -_SIMPLEX_TOLERANCE), axis=-1)
    priors = np.clip(np.where(np.isfinite(exact), exact, 0.0), 0.0, None)
    if clipped.any():
        flat_system = system.reshape(-1, k, k)
        flat_q = np.broadcast_to(q, system.shape[:-1]).reshape(-1, k)
        where = np.flatnonzero(clipped.ravel())
        solved = _simplex_least_squares(flat_system[where], flat_q[where])
        priors = priors.reshape(-1, k)
        priors[where] = solved
        priors = priors.reshape(q.shape)
    priors = priors / priors.sum(axis=-1, keepdims=True)
    return priors, clipped


def _simplex_least_squares(system, q):
    """``argmin ||system p - q||^2`` over the simplex, for a batch (n, k, k).

    The minimiser lies in the relative interior of one face of the simplex,
    where it is the least-squares solution under ``sum(p) = 1`` alone; so
    every face's such solution is computed (a KKT system, batched), the
    feasible ones kept and the best taken. Exact; 2^k - 1 faces, so above
    ``_MAX_FACES_CLASSES`` classes a numerical solver (SLSQP) is used.
    """
    n, k = q.shape
    if k > _MAX_FACES_CLASSES:
        return np.array([_slsqp(a, b) for a, b in zip(system, q, strict=True)])
    best = np.full((n, k), np.nan)
    best_loss = np.full(n, np.inf)
    for size in range(1, k + 1):
        for face in itertools.combinations(range(k), size):
            columns = system[:, :, face]  # (n, k, s)
            gram = np.einsum("nki,nkj->nij", columns, columns)
            kkt = np.zeros((n, size + 1, size + 1))
            kkt[:, :size, :size] = 2 * gram
            kkt[:, :size, size] = kkt[:, size, :size] = 1.0
            rhs = np.concatenate(
                [2 * np.einsum("nki,nk->ni", columns, q), np.ones((n, 1))], axis=1
            )
            solution = np.einsum("nij,nj->ni", np.linalg.pinv(kkt), rhs)[:, :size]
            feasible = np.all(solution >= -1e-12, axis=1) & (
                np.abs(solution.sum(axis=1) - 1) < 1e-9
            )
            residual = np.einsum("nki,ni->nk", columns, solution) - q
            loss = np.where(feasible, np.sum(residual**2, axis=1), np.inf)
            better = loss < best_loss - 1e-15
            best_loss[better] = loss[better]
            candidate = np.zeros((n, k))
            candidate[:, face] = np.clip(solution, 0.0, None)
            best[better] = candidate[better]
    return best


def _slsqp(system, q):
    k = len(q)
    result = optimize.minimize(
        lambda p: np.sum((system @ p - q) ** 2),
        np.full(k, 1.0 / k),
        jac=lambda p: 2 * system.T @ (system @ p - q),
        bounds=[(0.0, 1.0)] * k,
        constraints=[{"type": "eq", "fun": lambda p: p.sum() - 1.0}],
        method="SLSQP",
        options={"ftol": 1e-15, "maxiter": 1000},
    )
    return np.clip(result.x, 0.0, None)


# ---------------------------------------------------------------- results


def _result(priors, draws, *, method, level, labels, position, clipped, n_draws):
    """A :class:`PrevalenceEstimate` from the priors and the draws of them."""
    if draws is None:
        low = high = np.full(len(labels), np.nan)
    else:
        low, high = percentiles(draws, level)
        low, high = containing(priors, low, high)
    if position is None:
        estimate = priors
    else:
        estimate, low, high = (float(v[position]) for v in (priors, low, high))
    return PrevalenceEstimate(
        estimate=estimate,
        low=low,
        high=high,
        method=method,
        confidence_level=level,
        labels=np.asarray(labels),
        priors=priors,
        pos_label=None if position is None else labels.tolist()[position],
        clipped=bool(clipped),
        n_resamples=None if draws is None else n_draws,
    )


def _warn_clipped(priors, func):
    warnings.warn(
        f"{func}: the adjusted estimate fell outside [0, 1] and was clipped "
        f"to {np.round(priors, 6).tolist()}. With few unlabelled samples at an "
        "extreme ratio this happens by chance; otherwise the rates measured "
        "on labelled data may not hold on the unlabelled data.",
        ClippedPrevalenceWarning,
        stacklevel=3,
    )


def _check_interval_options(confidence_level, n_resamples, func):
    level = (
        None
        if confidence_level is None
        else check_confidence_level(confidence_level, func)
    )
    return level, check_n_resamples(n_resamples, func)


def estimate_prevalence(
    y_pred: ArrayLike,
    *,
    counts: ConfusionCounts,
    method: Literal["acc", "cc", "pcc", "pacc", "em"] = "acc",
    pos_label: PosLabel = 1,
    confidence_level: float = 0.95,
    n_resamples: int = 10000,
    random_state: RandomState = None,
) -> PrevalenceEstimate:
    """Estimate the class ratio of unlabelled data from a model's predictions.

    Parameters
    ----------
    y_pred : array-like of shape (n_samples,)
        The model's predicted labels on the unlabelled data.

    counts : ConfusionCounts
        The confusion counts of the same model on labelled data, best from
        cross-validated predictions (``confusion_counts(y, cross_val_predict(
        model, X, y))``): every class needs true samples there.

    method : {"acc", "cc"}, default="acc"
        ``"cc"``: classify and count, the fraction predicted in each class.
        ``"acc"``: adjusted classify and count, that fraction corrected by
        the model's rates (see Notes).

    pos_label : int, float, bool or str, default=1
        For two classes, the class whose prior ``estimate`` is.

    confidence_level : float in (0, 1) or None, default=0.95
        Of the interval; None computes none (``low`` and ``high`` NaN).

    n_resamples : int, default=10000
        Monte Carlo draws of the interval.

    random_state : int, RandomState instance or None, default=None
        Seeds the draws.

    Returns
    -------
    result : PrevalenceEstimate
        ``estimate`` (a float for two classes: the prior of ``pos_label``;
        else one prior per label of ``counts``), ``low``, ``high``,
        ``method``, ``priors``, ``clipped``.

    Warns
    -----
    ClippedPrevalenceWarning
        When the adjusted estimate fell outside [0, 1] and was clipped.

    Raises
    ------
    ValueError
        For empty ``y_pred``, a predicted class the counts do not know, a
        class without true samples in the counts, or rates from which the
        ratio cannot be read (TPR equal to FPR: the model carries no
        information about the class ratio).

    Notes
    -----
    With ``M[i, j]`` the fraction of true class ``i`` predicted as ``j`` in
    ``counts`` and ``q`` the fraction of the unlabelled samples predicted as
    each class, label shift gives ``q = M^T p`` for the unknown priors
    ``p``. For two classes this is ``p = (q - FPR) / (TPR - FPR)`` (Forman
    2008); for more, the linear system is solved, and where the solution
    leaves the simplex ``p`` minimises ``||M^T p - q||^2`` over it (found
    exactly, face by face). For two classes that is the solution clipped
    into [0, 1].

    The interval carries the uncertainty of both sources: each true class's
    row of ``counts`` gets a Dirichlet(1 + row) posterior (a Beta on TPR and
    on FPR for two classes, in effective samples if the counts are
    weighted, as in :func:`~imbascore.metric_interval`'s ``"posterior"``),
    ``q`` gets a Dirichlet(1 + predicted counts) posterior given the
    unlabelled predictions, and ACC is computed for each joint draw (kept on
    the simplex as above); the interval is the equal-tailed percentiles of
    those draws, widened to contain the estimate. For ``"cc"`` only ``q``
    is drawn. It does not carry a violation of label shift: rates that
    differ on the unlabelled data bias every draw alike.

    References
    ----------
    .. [1] G. Forman, "Quantifying counts and costs via classification",
       Data Mining and Knowledge Discovery 17, 164-206, 2008.
    .. [2] K. H. Brodersen et al., "The balanced accuracy and its posterior
       distribution", ICPR 2010.

    Examples
    --------
    >>> from imbascore import ConfusionCounts
    >>> from imbascore._prior_shift.estimation import estimate_prevalence
    >>> counts = ConfusionCounts.from_matrix([[450, 50], [40, 160]])  # TPR .8, FPR .1
    >>> y_pred = [1] * 170 + [0] * 830  # 17% predicted positive
    >>> result = estimate_prevalence(y_pred, counts=counts, random_state=0)
    >>> round(result.estimate, 4)  # (0.17 - 0.1) / (0.8 - 0.1)
    0.1
    >>> round(result.low, 2), round(result.high, 2)
    (0.05, 0.15)
    >>> estimate_prevalence(y_pred, counts=counts, method="cc").estimate
    0.17
    """
    func = "estimate_prevalence"
    method = check_choice(method, "method", COUNT_METHODS, func)
    rates, labels = _check_counts(counts, func)
    position = _binary_position(labels, pos_label, func)
    level, n_draws = _check_interval_options(confidence_level, n_resamples, func)
    predicted = _prediction_counts(y_pred, labels, func)
    q = predicted / predicted.sum()
    setting = dict(  # of the result, drawn or not
        method=method, level=level, labels=labels, position=position, n_draws=n_draws
    )
    rng = check_seed(random_state, func)
    shares = rng.dirichlet(1.0 + predicted, size=n_draws) if level else None
    if method == "cc":
        return _result(q, shares, clipped=False, **setting)
    _check_informative(rates, labels, func)
    priors, clipped = _solve_on_simplex(rates.T, q)
    if clipped:
        _warn_clipped(priors, func)
    draws = None
    if level:
        tables = posterior_tables(counts.table, n_draws, rng)
        drawn_rates = tables / tables.sum(axis=2, keepdims=True)
        draws, _ = _solve_on_simplex(np.swapaxes(drawn_rates, 1, 2), shares)
    return _result(priors, draws, clipped=clipped, **setting)


# ---------------------------------------------------------------- from a model


def _soft_rates(proba, codes, k):
    """``M[i, j]``: the mean probability of class ``j`` over true class ``i``."""
    sums = np.zeros((k, k))
    np.add.at(sums, codes, proba)
    return sums / np.bincount(codes, minlength=k)[:, None]


def _em_priors(proba, train_prior, *, weights=None, tol=1e-12, max_iter=10000):
    """The priors of Saerens, Latinne & Decaestecker's EM, and the adjusted
    probabilities. ``proba`` (n, k) were made at ``train_prior``; the E step
    reweighs them by ``priors / train_prior``, the M step averages them."""
    train_prior = np.asarray(train_prior, dtype=float)
    priors = train_prior.copy()
    for _ in range(max_iter):
        weighted = proba * (priors / train_prior)
        posterior = weighted / weighted.sum(axis=1, keepdims=True)
        updated = np.average(posterior, axis=0, weights=weights)
        change = np.max(np.abs(updated - priors))
        priors = updated
        if change < tol:
            break
    return priors, posterior


#: Bootstrap resamples of EM run together in batches of at most this many
#: cells (resamples x samples x classes).
_EM_BATCH_CELLS = 4_000_000


def _em_priors_resampled(proba, train_prior, weights, *, tol=1e-12, max_iter=10000):
    """:func:`_em_priors` for each row of ``weights`` (bootstrap counts), the
    rows run side by side: each row takes the same iterations as alone and
    stops when its own change is below ``tol``."""
    train_prior = np.asarray(train_prior, dtype=float)
    n, k = proba.shape
    priors = np.tile(train_prior, (weights.shape[0], 1))
    totals = weights.sum(axis=1)
    batch = max(1, _EM_BATCH_CELLS // (n * k))
    for start in range(0, weights.shape[0], batch):
        rows = np.arange(start, min(start + batch, weights.shape[0]))
        for _ in range(max_iter):
            weighted = proba[None] * (priors[rows] / train_prior)[:, None, :]
            posterior = weighted / weighted.sum(axis=2, keepdims=True)
            updated = np.einsum("dn,dnk->dk", weights[rows], posterior)
            updated /= totals[rows, None]
            change = np.max(np.abs(updated - priors[rows]), axis=1)
            priors[rows] = updated
            rows = rows[change >= tol]
            if not rows.size:
                break
    return priors


class PrevalenceEstimator(MetaEstimatorMixin, BaseEstimator):
    """Estimate the class ratio of unlabelled data with a classifier.

    ``fit(X, y)`` measures the classifier's rates by cross-validation on the
    labelled data, then refits it on all of it; ``estimate(X_unlabelled)``
    gives the class ratio of unlabelled data as a :class:`PrevalenceEstimate`.

    Parameters
    ----------
    estimator : classifier
        An unfitted scikit-learn classifier (or imbalanced-learn pipeline);
        ``"pcc"``, ``"pacc"`` and ``"em"`` need ``predict_proba``.

    method : {"acc", "cc", "pcc", "pacc", "em"}, default="acc"
        ``"cc"``: the fraction predicted in each class. ``"acc"``: that
        fraction adjusted by the cross-validated rates
        (:func:`estimate_prevalence`). ``"pcc"``: the mean predicted
        probability of each class. ``"pacc"``: that mean adjusted by the
        cross-validated mean probabilities of each class given the truth
        (Bella et al. 2010), solved as ACC is. ``"em"``: the EM of Saerens et
        al. (2002), started from the training prior, on the refit model's
        probabilities.

    cv : int, cross-validation generator or iterable, default=5
        As in :func:`~sklearn.model_selection.cross_val_predict`; used by
        ``"cc"``, ``"acc"`` and ``"pacc"``.

    Attributes
    ----------
    estimator_ : classifier
        The classifier refit on all the labelled data.
    classes_ : ndarray of shape (n_classes,)
    train_prior_ : ndarray of shape (n_classes,)
        The class ratio of the labelled data.
    counts_ : ConfusionCounts or None
        The cross-validated confusion counts (``"cc"``, ``"acc"``).
    soft_rates_ : ndarray of shape (n_classes, n_classes) or None
        Mean cross-validated probability of class ``j`` over true class
        ``i`` (``"pacc"``).

    Notes
    -----
    For ``"cc"`` and ``"acc"`` the interval is that of
    :func:`estimate_prevalence`. For ``"pcc"``, ``"pacc"`` and ``"em"`` it
    is a percentile bootstrap: the unlabelled samples are resampled (and,
    for ``"pacc"``, the cross-validated probabilities of each true class
    too, class sizes fixed), and the method is applied to each resample.

    References
    ----------
    .. [1] A. Bella, C. Ferri, J. Hernández-Orallo, M. J. Ramírez-Quintana,
       "Quantification via probability estimators", ICDM 2010.
    .. [2] M. Saerens, P. Latinne, C. Decaestecker, "Adjusting the outputs of
       a classifier to new a priori probabilities: a simple procedure",
       Neural Computation 14(1), 21-41, 2002.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> from imbascore._prior_shift.estimation import PrevalenceEstimator
    >>> rng = np.random.default_rng(0)
    >>> def sample(n_pos, n_neg):
    ...     X = np.r_[rng.normal(1.5, 1, (n_pos, 2)), rng.normal(0, 1, (n_neg, 2))]
    ...     return X, np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    >>> X, y = sample(300, 700)  # 30% positives
    >>> X_new, _ = sample(50, 950)  # deployed at 5%
    >>> quantifier = PrevalenceEstimator(LogisticRegression()).fit(X, y)
    >>> result = quantifier.estimate(X_new, random_state=0)
    >>> bool(result.low <= 0.05 <= result.high)
    True
    >>> cc = PrevalenceEstimator(LogisticRegression(), method="cc").fit(X, y)
    >>> round(cc.estimate(X_new, confidence_level=None).estimate, 3)  # biased
    0.108
    """

    def __init__(
        self,
        estimator: Any,
        *,
        method: Literal["acc", "cc", "pcc", "pacc", "em"] = "acc",
        cv: Any = 5,
    ) -> None:
        self.estimator = estimator
        self.method = method
        self.cv = cv

    def fit(self, X: ArrayLike, y: ArrayLike) -> PrevalenceEstimator:
        """Measure the rates by cross-validation, then refit on ``X, y``."""
        func = "PrevalenceEstimator.fit"
        method = check_choice(self.method, "method", ESTIMATOR_METHODS, func)
        check_classifier(self.estimator, func)
        if method in ("pcc", "pacc", "em") and not hasattr(
            self.estimator, "predict_proba"
        ):
            raise TypeError(
                param_error(
                    func,
                    "estimator",
                    f"a classifier with predict_proba for method={method!r}",
                    type(self.estimator).__name__,
                    "Use method='acc' or 'cc', or a probabilistic classifier "
                    "(e.g. wrapped in CalibratedClassifierCV).",
                )
            )
        _check_cv(self.cv, func)
        y = check_X_y(X, y, func)
        self.counts_ = self.soft_rates_ = None
        self.cv_proba_ = self.cv_codes_ = None
        if method in ("cc", "acc"):
            predicted = cross_val_predict(clone(self.estimator), X, y, cv=self.cv)
            self.counts_ = confusion_counts(y, predicted)
        self.estimator_ = clone(self.estimator).fit(X, y)
        self.classes_ = np.asarray(self.estimator_.classes_)
        codes = np.searchsorted(self.classes_, y)
        k = len(self.classes_)
        self.train_prior_ = np.bincount(codes, minlength=k) / len(codes)
        if method == "pacc":
            self.cv_proba_ = cross_val_predict(
                clone(self.estimator), X, y, cv=self.cv, method="predict_proba"
            )
            self.cv_codes_ = codes
            self.soft_rates_ = _soft_rates(self.cv_proba_, codes, k)
            _check_informative(self.soft_rates_, self.classes_, func)
        return self

    def estimate(
        self,
        X_unlabelled: ArrayLike,
        *,
        confidence_level: float = 0.95,
        n_resamples: int = 1000,
        random_state: RandomState = None,
    ) -> PrevalenceEstimate:
        """The class ratio of ``X_unlabelled``, with its interval.

        Parameters
        ----------
        X_unlabelled : array-like of shape (n_samples, n_features)
            Unlabelled samples (at least one).
        confidence_level : float in (0, 1) or None, default=0.95
            None computes no interval (faster).
        n_resamples : int, default=1000
            Monte Carlo draws or bootstrap resamples of the interval.
        random_state : int, RandomState instance or None, default=None

        Returns
        -------
        result : PrevalenceEstimate
            For two classes ``estimate`` is the prior of ``classes_[1]``.
        """
        check_is_fitted(self, "estimator_")
        func = "PrevalenceEstimator.estimate"
        if _num_samples(X_unlabelled, "X_unlabelled", func) == 0:
            rule = "a non-empty set of samples"
            raise ValueError(param_error(func, "X_unlabelled", rule, "0 samples"))
        level, n_draws = _check_interval_options(confidence_level, n_resamples, func)
        binary = len(self.classes_) == 2
        pos_label = self.classes_[1] if binary else 1
        if self.method in ("cc", "acc"):
            return estimate_prevalence(
                self.estimator_.predict(X_unlabelled),
                counts=self.counts_,  # type: ignore[arg-type]  # set by fit for cc/acc
                method=self.method,
                pos_label=pos_label,
                confidence_level=confidence_level,
                n_resamples=n_draws,
                random_state=random_state,
            )
        proba = self.estimator_.predict_proba(X_unlabelled)
        priors, clipped = self._soft_priors(proba, self.soft_rates_)
        if clipped:
            _warn_clipped(priors, func)
        draws = None
        if level:
            draws = self._bootstrap(proba, n_draws, check_seed(random_state, func))
        return _result(
            priors,
            draws,
            method=self.method,
            level=level,
            labels=self.classes_,
            position=1 if binary else None,
            clipped=clipped,
            n_draws=n_draws,
        )

    def _soft_priors(self, proba, soft_rates, weights=None):
        mean = np.average(proba, axis=0, weights=weights)
        if self.method == "pcc":
            return mean, False
        if self.method == "pacc":
            priors, clipped = _solve_on_simplex(soft_rates.T, mean)
            return priors, bool(clipped)
        return _em_priors(proba, self.train_prior_, weights=weights)[0], False

    def _bootstrap(self, proba, n_draws, rng):
        n, k = proba.shape
        if self.method == "em":  # the same resamples, their EMs side by side
            weights = np.stack(
                [rng.multinomial(n, np.full(n, 1.0 / n)) for _ in range(n_draws)]
            )
            return _em_priors_resampled(proba, self.train_prior_, weights)
        draws = np.empty((n_draws, k))
        for index in range(n_draws):
            weights = rng.multinomial(n, np.full(n, 1.0 / n))
            soft_rates = None
            if self.method == "pacc":
                picked = np.concatenate(
                    [
                        rng.choice(own, size=len(own))
                        for own in (
                            np.flatnonzero(self.cv_codes_ == c) for c in range(k)
                        )
                    ]
                )
                soft_rates = _soft_rates(
                    self.cv_proba_[picked], self.cv_codes_[picked], k
                )
            draws[index] = self._soft_priors(proba, soft_rates, weights)[0]
        return draws


def _num_samples(X, name="X", func="PrevalenceEstimator.estimate"):
    if hasattr(X, "shape") and len(X.shape):
        return int(X.shape[0])
    try:
        return len(X)
    except TypeError:
        if isinstance(X, numbers.Number):
            return 1
        rule = "an array-like of shape (n_samples, n_features)"
        raise TypeError(param_error(func, name, rule, type(X).__name__)) from None


def check_classifier(estimator, func):
    """Refuse an ``estimator`` without ``fit`` and ``predict``."""
    if not (hasattr(estimator, "fit") and hasattr(estimator, "predict")):
        rule = "a classifier with fit and predict"
        raise TypeError(param_error(func, "estimator", rule, type(estimator).__name__))


def check_labels_of(X, y, func, shape="a 1-D array of labels"):
    """``y`` as a 1-D array (``shape`` names the rule) as long as ``X``,
    free of missing labels; its classes are the caller's to check."""
    n_samples = _num_samples(X, "X", func)
    y = np.asarray(y)
    if y.ndim != 1:
        raise ValueError(param_error(func, "y", shape, f"an array of shape {y.shape}"))
    if len(y) != n_samples:
        rule = f"an array of the length of X ({n_samples} samples)"
        raise ValueError(param_error(func, "y", rule, f"an array of length {len(y)}"))
    if (y.dtype.kind == "f" and np.isnan(y).any()) or (
        y.dtype.kind == "O" and any(is_missing(label) for label in y.tolist())
    ):
        raise ValueError(missing_message("y", func))
    return y


def check_X_y(X, y, func):
    """``y`` as a 1-D array of at least two classes, free of missing labels,
    as long as ``X``: checked at the door of a function that fits models on
    them, whose own errors (scikit-learn's) would not name ``func``."""
    y = check_labels_of(X, y, func)
    classes = np.unique(y)
    if len(classes) < 2:
        got = f"{len(classes)} class(es)"
        raise ValueError(param_error(func, "y", "labels of at least two classes", got))
    return y
