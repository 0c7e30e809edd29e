"""The ranking side's reading of its inputs: the score door, then one sort."""

from .._core.engine.device import rank_on_device
from .._core.engine.ranked import rank_scores
from .._core.inputs.device_scores import read_device_scores
from .._core.inputs.scores import ScoreInputs, read_scores

__all__ = ["read_ranked"]


def read_ranked(
    y_true, y_score, sample_weight, func, *, pos_label=None, name="y_score"
):
    """``(inputs, ranked)``: the score door's checked inputs of ``func`` and
    their scores sorted once (:class:`~imbascore._core.engine.ranked.RankedScores`).
    ``pos_label=None`` is 1 for classes {0, 1} or {-1, 1}, else an error."""
    device = read_device_scores(
        y_true, y_score, sample_weight, func, pos_label=pos_label, name=name
    )
    if device is not None:  # array API scores, sorted on their device
        inputs = ScoreInputs(
            None, None, None, device.classes, device.pos_label, device.low, device.high
        )
        return inputs, rank_on_device(device, name)
    inputs = read_scores(
        y_true, y_score, sample_weight, func, pos_label=pos_label, name=name
    )
    ranked = rank_scores(
        inputs.scores, inputs.truth == inputs.pos_label, inputs.weights
    )
    return inputs, ranked
