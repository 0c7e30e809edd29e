"""What the decisions cost: the expected cost of predictions, and the
Bayes-optimal threshold of a cost matrix.

``cost_matrix[i][j]`` is the cost of predicting class ``j`` when the truth is
class ``i``, in the order of the labels (sorted, or as given by ``labels``).
A missed fraud that costs as much as 50 false alarms is
``[[0, 1], [50, 0]]``.
"""

from __future__ import annotations

import numbers

import numpy as np

from .._core.checks import check_bool, check_labels, param_error
from .._core.counts import count
from .._core.engine.select import index_of
from .._core.inputs import read_labelled
from .._core.types import ArrayLike
from .cost_formulas import (
    as_cost_array,
    check_cost_matrix,
    constant_cost,
    expected_cost_of_tables,
    normalized,
    warn_weightless,
)

__all__ = ["cost_threshold", "expected_cost_of_counts", "expected_cost_score"]


def _ordered(labels, given, func):
    """Positions in ``labels`` (sorted, counted) of the ``given`` order; every
    counted label must be given (its samples need a cost)."""
    positions = [index_of(labels, label) for label in given]
    missing = [label for label in labels.tolist() if label not in given]
    if missing:
        raise ValueError(
            param_error(
                func,
                "labels",
                "every label of y_true and y_pred (each sample needs a cost)",
                list(given),
                f"{missing} occur in the data.",
            )
        )
    return np.asarray(positions)


def expected_cost_of_counts(counts, cost_matrix, *, labels=None, normalize=False):
    """The expected cost of counted predictions (see :func:`expected_cost_score`)."""
    func = "expected_cost_of_counts"
    return cost_of_counts(counts, cost_matrix, labels, normalize, func)


def cost_of_counts(counts, cost_matrix, labels, normalize, func):
    """The body of :func:`expected_cost_of_counts`, its errors naming ``func``
    (the public function or method called)."""
    normalize = check_bool(normalize, "normalize", func)
    if counts.multilabel:
        raise ValueError(
            param_error(func, "counts", "single-label counts", "multilabel counts")
        )
    matrix = counts.matrix
    matrix = matrix.toarray() if hasattr(matrix, "toarray") else np.asarray(matrix)
    given = check_labels(labels, func)
    if given is not None:
        order = _ordered(counts.labels, given, func)
        full = np.zeros((len(given), len(given)))
        present = order >= 0
        full[np.ix_(present, present)] = matrix[np.ix_(order[present], order[present])]
        matrix = full
    costs = check_cost_matrix(cost_matrix, matrix.shape[0], func)
    if warn_weightless(matrix.sum(), func):
        return np.nan
    cost = expected_cost_of_tables(matrix, costs)
    if normalize:
        cost = normalized(cost, constant_cost(matrix.sum(axis=1), costs), func)
    return float(cost)


def expected_cost_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    cost_matrix: ArrayLike,
    labels: ArrayLike | None = None,
    normalize: bool = False,
    sample_weight: ArrayLike | None = None,
) -> float:
    """The mean cost of the predictions under a cost matrix (lower is better).

    Best value 0 (every decision free); with ``normalize=True``, 1.0 is the
    cost of the best constant prediction, so below 1 a model beats always
    predicting one class.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.

    y_pred : array-like of shape (n_samples,)
        Predicted labels.

    cost_matrix : array-like of shape (k, k) or (n_samples, k, k)
        ``cost_matrix[i][j]`` is the cost of predicting class ``j`` when the
        truth is class ``i``, in the order of ``labels``: finite,
        non-negative, not all zero. One matrix per sample gives
        example-dependent costs (a fraud's amount); inside
        :func:`~sklearn.model_selection.cross_validate` it is routed as
        metadata (``set_score_request(cost_matrix=True)``), split with the
        samples.

    labels : array-like of shape (n_labels,), default=None
        The order of the cost matrix's rows and columns; every label of the
        data must be among them. None: the labels of ``y_true`` and
        ``y_pred``, sorted.

    normalize : bool, default=False
        Divide by the cost of the best constant prediction on the same
        samples.

    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights: the cost is the weighted mean.

    Returns
    -------
    cost : float

    See Also
    --------
    cost_threshold : The threshold on calibrated probabilities that minimises
        the expected cost.
    ConfusionCounts.expected_cost : The same from counts (at a deployment
        class ratio with ``counts.at_prevalence(p).expected_cost(...)``).

    Notes
    -----
    With counts :math:`N_{ij}` (weights of the samples of class :math:`i`
    predicted :math:`j`): :math:`\\sum_{ij} N_{ij} C_{ij} / \\sum_{ij} N_{ij}`.
    Per sample: :math:`\\sum_s w_s C^{(s)}_{y_s \\hat y_s} / \\sum_s w_s`.
    Normalised, divided by :math:`\\min_j \\sum_i N_{i\\cdot} C_{ij} / N`.

    Examples
    --------
    >>> from imbascore import expected_cost_score
    >>> y_true = [0, 0, 0, 0, 1, 1]
    >>> y_pred = [0, 0, 1, 0, 1, 0]
    >>> expected_cost_score(y_true, y_pred, cost_matrix=[[0, 1], [50, 0]])
    8.5
    >>> round(expected_cost_score(
    ...     y_true, y_pred, cost_matrix=[[0, 1], [50, 0]], normalize=True), 4)
    12.75
    """
    func = "expected_cost_score"
    normalize = check_bool(normalize, "normalize", func)
    if as_cost_array(cost_matrix, func).ndim != 3:
        counts = count(y_true, y_pred, sample_weight, func)
        return cost_of_counts(counts, cost_matrix, labels, normalize, func)
    read = read_labelled(y_true, y_pred, sample_weight, func)
    if read is None:
        raise ValueError(
            param_error(func, "y_true", "labels of one class per sample", "indicators")
        )
    true, pred, classes, weights = read
    given = check_labels(labels, func)
    if given is not None:
        order = _ordered(classes, given, func)
        where = np.empty(len(classes), dtype=np.int64)
        where[order[order >= 0]] = np.flatnonzero(order >= 0)
        true, pred, size = where[true], where[pred], len(given)
    else:
        size = len(classes)
    costs = check_cost_matrix(cost_matrix, size, func, n_samples=true.shape[0])
    weights = np.ones(true.shape[0]) if weights is None else weights
    if warn_weightless(weights.sum(), func, stacklevel=3):
        return np.nan
    rows = np.arange(true.shape[0])
    cost = np.dot(weights, costs[rows, true, pred]) / weights.sum()
    if normalize:
        # each constant prediction j costs sum_s w_s C_s[y_s, j]
        per_prediction = weights @ costs[rows, true, :] / weights.sum()
        cost = normalized(cost, per_prediction.min(), func)
    return float(cost)


def _check_prevalence_value(value, name, func):
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or not 0.0 < value < 1.0
    ):
        raise ValueError(
            param_error(func, name, "a float in the open interval (0, 1)", value)
        )
    return float(value)


def cost_threshold(
    cost_matrix: ArrayLike,
    *,
    prevalence: float | None = None,
    train_prevalence: float | None = None,
) -> float:
    """The Bayes-optimal threshold on calibrated probabilities of the positive
    class, for a 2x2 cost matrix.

    Predicting positive when ``proba >= threshold`` minimises the expected
    cost if the probabilities are calibrated (Elkan 2001):
    ``t = (C[0][1] - C[0][0]) / ((C[0][1] - C[0][0]) + (C[1][0] - C[1][1]))``
    with class 0 the negative and class 1 the positive. If the probabilities
    were calibrated at ``train_prevalence`` (a model trained on resampled
    data, or on data with another class ratio) and are used where the
    positives' share is ``prevalence``, the threshold moves so that the
    decision is Bayes-optimal there: the odds are multiplied by the ratio of
    the two prior odds.

    Parameters
    ----------
    cost_matrix : array-like of shape (2, 2)
        ``cost_matrix[i][j]``: the cost of predicting ``j`` when the truth is
        ``i`` (0 negative, 1 positive); finite and non-negative. Making the
        right decision must cost less than the wrong one in each class.

    prevalence : float in (0, 1), default=None
        The positives' share where the model is deployed.

    train_prevalence : float in (0, 1), default=None
        The positives' share the probabilities are calibrated for. Both or
        neither.

    Returns
    -------
    threshold : float in [0, 1]

    Examples
    --------
    >>> from imbascore import cost_threshold
    >>> round(cost_threshold([[0, 1], [50, 0]]), 4)
    0.0196
    >>> round(cost_threshold([[0, 1], [50, 0]], prevalence=0.01,
    ...                      train_prevalence=0.5), 4)
    0.6644
    """
    func = "cost_threshold"
    costs = check_cost_matrix(cost_matrix, 2, func)
    false_alarm = costs[0, 1] - costs[0, 0]
    miss = costs[1, 0] - costs[1, 1]
    if false_alarm <= 0 or miss <= 0:
        raise ValueError(
            param_error(
                func,
                "cost_matrix",
                "a matrix where the right decision costs less than the wrong "
                "one in each class (C[0][1] > C[0][0] and C[1][0] > C[1][1])",
                costs.tolist(),
                "Otherwise one constant prediction is always best.",
            )
        )
    threshold = false_alarm / (false_alarm + miss)
    if (prevalence is None) != (train_prevalence is None):
        raise ValueError(
            f"{func}: give both 'prevalence' and 'train_prevalence' (the "
            "positives' share where the model is used and where its "
            "probabilities are calibrated), or neither. Got "
            f"prevalence={prevalence!r}, train_prevalence={train_prevalence!r}."
        )
    if prevalence is None:
        return float(threshold)
    deployed = _check_prevalence_value(prevalence, "prevalence", func)
    trained = _check_prevalence_value(train_prevalence, "train_prevalence", func)
    # p' odds = p odds * [deployed odds / trained odds]; act when p' >= t
    odds = threshold / (1.0 - threshold)
    odds *= (trained / (1.0 - trained)) / (deployed / (1.0 - deployed))
    return float(odds / (1.0 + odds))
