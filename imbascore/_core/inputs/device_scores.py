"""The score door for array API inputs: ``y_true`` and scores checked on
their device, with the host door's rules and messages.

Only the classes (at most two), the extreme scores and the positive label come
to the host here; the ranking engine
(:func:`imbascore._core.engine.device.rank_on_device`) then sorts the scores
where they are.
"""

from dataclasses import dataclass

from ..checks import bad_param, check_length
from .array_api import array_api_namespace, label_vector, to_host, weight_vector
from .scores import (
    binary_classes,
    check_probability_range,
    resolve_pos_label,
    score_extremes,
)

__all__ = ["DeviceScores", "read_device_scores"]


@dataclass(frozen=True)
class DeviceScores:
    """Checked array API scores: the positives' mask, the scores and the
    weights on their device; the classes and the positive label on the host."""

    positive: object
    scores: object
    weights: object
    classes: object
    pos_label: object
    low: float
    high: float
    xp: object
    func: str


def _score_vector(y_score, n_samples, xp, func, name):
    """``y_score`` as a checked 1-D real array of ``xp`` with its extremes."""
    rule = "a 1-D array of real scores of shape (n_samples,)"
    if y_score.ndim == 2 and y_score.shape[1] == 1:
        y_score = xp.reshape(y_score, (-1,))
    if y_score.ndim != 1:
        raise bad_param(func, name, rule, f"an array of shape {tuple(y_score.shape)}")
    if not xp.isdtype(y_score.dtype, ("bool", "integral", "real floating")):
        raise bad_param(
            func, name, rule, f"an array of dtype {y_score.dtype}", error=TypeError
        )
    check_length(y_score.shape[0], n_samples, name, func)
    if xp.isdtype(y_score.dtype, "bool"):
        y_score = xp.astype(y_score, xp.int8)
    low, high = score_extremes(
        to_host(xp.min(y_score)), to_host(xp.max(y_score)), func, name
    )
    return y_score, low, high


def read_device_scores(
    y_true, y_score, sample_weight, func, *, pos_label, name, probabilities=False
):
    """:class:`DeviceScores` of array API inputs with scikit-learn's dispatch
    on, else None (the host door reads them)."""
    found = array_api_namespace(
        {"y_true": y_true, name: y_score, "sample_weight": sample_weight}, func
    )
    if found is None:
        return None
    xp, device = found
    truth = label_vector(y_true, "y_true", xp, func)
    scores, low, high = _score_vector(y_score, truth.shape[0], xp, func, name)
    if probabilities:
        check_probability_range(low, high, func, name)
    weights = (
        None
        if sample_weight is None
        else weight_vector(sample_weight, truth.shape[0], xp, device, func)
    )
    # the distinct labels (few) on the host, for the host door's rules
    boolean = xp.isdtype(truth.dtype, "bool")  # sorted as 0 and 1
    distinct = xp.unique_values(xp.astype(truth, xp.int8) if boolean else truth)
    distinct = to_host(xp.sort(distinct))
    classes = binary_classes(distinct.astype(bool) if boolean else distinct, func)
    pos_label = resolve_pos_label(classes, pos_label, func)
    positive = truth == xp.asarray(pos_label, dtype=truth.dtype, device=device)
    return DeviceScores(
        positive, scores, weights, classes, pos_label, low, high, xp, func
    )
