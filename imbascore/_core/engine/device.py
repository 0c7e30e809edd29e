"""The contingency table of array API labels, counted on their device.

The array API standard has no ``bincount``: each class pair's count is a
reduction of a mask. Up to ``_MASKED_MAX`` classes (the binary case and small
multiclass ones) every cell is one sum over the samples, which a GPU runs at
memory speed and which adds the weights as exactly as numpy's sums; above it,
the pair codes are sorted once and each cell's count (or weight) is read from
the sorted order at its bounds (``searchsorted``, and a cumulative sum of the
weights). Only the table, the classes and the per-class sums of squared
weights come to the host.
"""

import numpy as np

from ..checks import bad_param
from ..inputs.array_api import device_of, host_only_error, to_host
from .joint import DENSE_MAX, present_table
from .ranked import GroupedRanking

__all__ = ["count_device", "rank_on_device", "squared_weights_by_code"]

# Classes up to this many: one masked sum per cell.
_MASKED_MAX = 4


def _classes(codes):
    """The sorted labels of both sides, on the device and on the host."""
    xp = codes.xp
    true, pred = codes.true, codes.pred
    if true.dtype == xp.bool and pred.dtype == xp.bool:  # sorted as 0 and 1
        true, pred = xp.astype(true, xp.int8), xp.astype(pred, xp.int8)
    if true.dtype != pred.dtype:
        dtype = xp.result_type(true.dtype, pred.dtype)
        true, pred = xp.astype(true, dtype), xp.astype(pred, dtype)
    classes = xp.sort(xp.unique_values(xp.concat([true, pred])))
    if classes.shape[0] > DENSE_MAX:
        raise bad_param(
            codes.func,
            "y_true/y_pred",
            f"labels of at most {DENSE_MAX} classes on the array API path",
            f"{classes.shape[0]} classes",
            "Pass numpy arrays to count more classes.",
        )
    return true, pred, classes


def _masked_cells(true, pred, weights, k, xp):
    """``(counts, weighted)`` by one sum per cell (``weighted`` None unweighted)."""
    counts = np.zeros((k, k), dtype=np.int64)
    weighted = None if weights is None else np.zeros((k, k))
    for i in range(k):
        row = true == i
        for j in range(k):
            cell = row & (pred == j)
            counts[i, j] = int(xp.sum(xp.astype(cell, xp.int64)))
            if weights is not None:
                weighted[i, j] = float(xp.sum(xp.where(cell, weights, 0.0)))
    return counts, weighted


def _sorted_cells(true, pred, weights, k, xp):
    """``(counts, weighted)`` from one sort of the pair codes."""
    index = xp.astype(true, xp.int64) * k + xp.astype(pred, xp.int64)
    order = xp.argsort(index)
    ordered = xp.take(index, order)
    cells = xp.arange(k * k + 1, dtype=xp.int64, device=device_of(index))
    bounds = xp.searchsorted(ordered, cells, side="left")
    counts = np.diff(to_host(bounds)).reshape(k, k)
    if weights is None:
        return counts, None
    cumulated = xp.cumulative_sum(xp.take(weights, order), include_initial=True)
    weighted = np.diff(to_host(xp.take(cumulated, bounds))).reshape(k, k)
    return counts, weighted


def squared_weights_by_code(true, weights, k, xp):
    """Per true class ``(sum (w / s)^2, s)``, ``s`` its largest weight (no
    under- or overflow whatever the weights' scale), as the numpy path's."""
    sums, scales = np.zeros(k), np.ones(k)
    for i in range(k):
        own = xp.where(true == i, weights, 0.0)
        largest = float(xp.max(own))
        if largest > 0:
            scales[i] = largest
            sums[i] = float(xp.sum((own / largest) ** 2))
    return sums, scales


def count_device(codes):
    """The :class:`ContingencyTable` of :class:`DeviceCodes`, counted where
    the labels are."""
    xp = codes.xp
    true, pred, classes = _classes(codes)
    k = classes.shape[0]
    true = xp.searchsorted(classes, true)
    pred = xp.searchsorted(classes, pred)
    cells = _masked_cells if k <= _MASKED_MAX else _sorted_cells
    counts, weighted = cells(true, pred, codes.weights, k, xp)
    values = to_host(classes)
    if codes.true.dtype == xp.bool and codes.pred.dtype == xp.bool:
        values = values.astype(bool)  # as the numpy path's classes
    if weighted is None:
        return present_table(counts, counts, values)
    squared = squared_weights_by_code(true, codes.weights, k, xp)
    return present_table(weighted, counts, values, squared)


def rank_on_device(read, name="y_score"):
    """The :class:`GroupedRanking` of :class:`DeviceScores`: one sort on the
    device, descending; each distinct score's positives and negatives read
    from cumulative sums at the ends of its run of equal scores. The
    distinct scores and their counts come to the host (the curve's size)."""
    xp = read.xp
    order = xp.argsort(read.scores, descending=True)
    ordered = xp.take(read.scores, order)
    positive = xp.take(read.positive, order)
    last = xp.concat(
        [
            ordered[1:] != ordered[:-1],
            xp.ones(1, dtype=xp.bool, device=device_of(ordered)),
        ]
    )
    ends = xp.nonzero(last)[0]
    if read.weights is None:
        ones = xp.astype(positive, xp.int64)
        on_positives = xp.take(xp.cumulative_sum(ones), ends)
        on_all = xp.astype(ends, xp.int64) + 1
    else:
        weights = xp.take(read.weights, order)
        on_positives = xp.take(
            xp.cumulative_sum(xp.where(positive, weights, 0.0)), ends
        )
        on_all = xp.take(xp.cumulative_sum(weights), ends)
    tp, total = to_host(on_positives), to_host(on_all)
    positives = np.diff(tp, prepend=tp.dtype.type(0))
    negatives = np.diff(total - tp, prepend=tp.dtype.type(0))
    thresholds = to_host(xp.take(ordered, ends)).astype(np.float64)
    any_positive = bool(xp.any(read.positive))
    all_positive = bool(xp.all(read.positive))
    return GroupedRanking(
        thresholds,
        positives,
        negatives,
        any_positive,
        all_positive,
        host_only_error(read.func, name),
    )
