"""The confusion counts of ``y_score >= t`` at every threshold, in one pass.

The weights of the positives and of the negatives are summed per distinct
score (or per bin between given thresholds) and then cumulated, from above
for the predicted positives (TP, FP) and from below for the predicted
negatives (FN, TN). Each count is summed from its own samples, never
derived by subtraction, so an empty cell is exactly zero. In memory, on an
array API device, or on dask workers (per-bin counts merged); the counts
of parts of the data add.
"""

from __future__ import annotations

import numbers

import numpy as np

from .._core.checks import CHUNK, check_sample_weight, param_error
from .._core.engine.device import rank_on_device, squared_weights_by_code
from .._core.engine.prevalence import check_priors, row_factors
from .._core.engine.ranked import rank_scores
from .._core.engine.select import OneVsRestCounts, index_of, label_array
from .._core.inputs.array_api import host_only_error
from .._core.inputs.arrays import as_label_array
from .._core.inputs.dask import any_dask, empty_error, reduce_blocks
from .._core.inputs.device_scores import read_device_scores
from .._core.inputs.scores import (
    binary_classes,
    check_probability_range,
    check_scores,
    read_scores,
    resolve_pos_label,
)

__all__ = ["binary_counts", "check_block", "count_block", "count_curve"]


def _check_thresholds(thresholds, func):
    """None, a positive int, or a 1-D float array without NaN."""
    rule = (
        "None (every distinct score), a positive int (that many evenly spaced "
        "thresholds from the lowest to the highest score) or a 1-D array of "
        "thresholds"
    )
    if thresholds is None:
        return None
    if isinstance(thresholds, bool | np.bool_):
        raise TypeError(param_error(func, "thresholds", rule, thresholds))
    if isinstance(thresholds, numbers.Integral):
        if thresholds < 1:
            raise ValueError(param_error(func, "thresholds", rule, thresholds))
        return int(thresholds)
    if isinstance(thresholds, numbers.Number | str | bytes):
        raise TypeError(param_error(func, "thresholds", rule, thresholds))
    given = threshold_array(thresholds, func, rule)
    if np.isnan(given).any():
        raise ValueError(param_error(func, "thresholds", "free of NaN", "NaN"))
    return given


def threshold_array(thresholds, func, rule, *, scalar=False):
    """``thresholds`` as a non-empty 1-D float array (from a scalar too where
    ``scalar``), refused under ``rule``."""
    try:
        given = np.asarray(thresholds, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(param_error(func, "thresholds", rule, thresholds)) from None
    if given.ndim > 1 or given.ndim < (not scalar) or given.size == 0:
        got = f"an array of shape {given.shape}"
        raise ValueError(param_error(func, "thresholds", rule, got))
    return given.ravel()


def _spaced(given, low, high):
    """The thresholds asked for: ``given`` evenly spaced ones (an int) over
    ``[low, high]``, as ``numpy.linspace``, or the array ``given``."""
    return np.linspace(low, high, given) if isinstance(given, int) else given


class _Accumulator:
    """Per-bin weights of the positives and negatives, and the sums of
    squared weights of each class (for the effective sizes of d')."""

    def __init__(self, n_bins, weighted):
        self.n_bins = n_bins
        self.hist = np.zeros(2 * n_bins, dtype=np.float64 if weighted else np.int64)
        # per class (negative, positive): sum of (w / scale)^2 and the scale
        self.squares = np.zeros(2)
        self.scales = np.zeros(2)

    def add(self, bins, positive, weights):
        """Count samples by bin (``positive`` is 0 or 1 per sample)."""
        key = 2 * bins + positive
        if weights is None:
            self.hist += np.bincount(key, minlength=2 * self.n_bins)
            return
        self.hist += np.bincount(key, weights, minlength=2 * self.n_bins)
        self.add_squares(positive, weights)

    def add_squares(self, positive, weights):
        """Sums of squared weights per class, each in units of its largest."""
        for side in (0, 1):
            own = weights[positive == side]
            if not own.size:
                continue
            largest = own.max()
            if largest <= 0:
                continue
            scale = max(self.scales[side], largest)
            self.squares[side] = self.squares[side] * (
                self.scales[side] / scale
            ) ** 2 + np.sum((own / scale) ** 2)
            self.scales[side] = scale

    def merged(self, other):
        """The counts of two parts of the data, added (squares rescaled)."""
        total = _Accumulator(self.n_bins, False)
        total.hist = self.hist + other.hist
        for side in (0, 1):
            scale = max(self.scales[side], other.scales[side])
            if scale > 0:
                total.squares[side] = sum(
                    part.squares[side] * (part.scales[side] / scale) ** 2
                    for part in (self, other)
                )
            total.scales[side] = scale
        return total

    def counts(self):
        """Cumulated counts at thresholds ``0 .. n_bins - 2``: bin ``k`` holds
        the samples at or above ``k`` thresholds, so the predicted positives of
        threshold ``j`` are the bins above ``j``."""
        per_bin = self.hist.reshape(self.n_bins, 2)
        cumulated = []
        for side in (1, 0):  # positives, negatives
            column = per_bin[:, side]
            below = np.cumsum(column)[:-1]  # bins 0..j: under the threshold
            above = np.cumsum(column[::-1])[::-1][1:]  # bins j+1..: at or above
            cumulated.append((above, below))
        (tp, fn), (fp, tn) = cumulated
        return tp, fp, fn, tn

    def class_totals(self):
        """The positives' and the negatives' counts (or weights)."""
        return float(np.sum(self.hist[1::2])), float(np.sum(self.hist[0::2]))

    def trials(self, positives, negatives):
        """Kish's effective sizes ``(sum w)^2 / sum w^2`` of the two classes."""
        sizes = []
        for side, total in ((1, positives), (0, negatives)):
            scale, squares = self.scales[side], self.squares[side]
            sizes.append((total / scale) ** 2 / squares if squares > 0 else 0.0)
        return sizes


def _count_at_scores(scores, y_true, pos_label, weights):
    """Counts at every distinct score, from the score side's one sort
    (:func:`~imbascore._core.engine.ranked.rank_scores`, as the ranking
    metrics read them): bin ``k + 1`` holds the ``k``-th distinct score,
    ascending."""
    ranked = rank_scores(scores, y_true == pos_label, weights)
    accumulator = _fill(ranked, weights is not None)
    if weights is not None:
        accumulator.add_squares(ranked.positive.astype(np.int64), ranked.weights)
    return ranked.thresholds[::-1].copy(), accumulator


def _count_on_device(device, name):
    """:func:`_count_at_scores` of array API scores: sorted and cumulated on
    their device (:func:`~imbascore._core.engine.device.rank_on_device`)."""
    ranked = rank_on_device(device, name)
    weighted = device.weights is not None
    accumulator = _fill(ranked, weighted)
    if weighted:
        xp = device.xp
        sums, scales = squared_weights_by_code(
            xp.astype(device.positive, xp.int64), device.weights, 2, xp
        )
        accumulator.squares, accumulator.scales = sums, np.where(sums > 0, scales, 0.0)
    return ranked.thresholds[::-1].copy(), accumulator


def _fill(ranked, weighted):
    """An accumulator of the counts at every distinct score of ``ranked``:
    bin ``k + 1`` holds the ``k``-th distinct score, ascending."""
    positives, negatives = ranked.per_group()
    accumulator = _Accumulator(ranked.n_groups + 1, weighted)
    per_bin = accumulator.hist.reshape(-1, 2)
    per_bin[1:, 1] = positives[::-1]
    per_bin[1:, 0] = negatives[::-1]
    return accumulator


def _count_at_thresholds(scores, y_true, pos_label, weights, thresholds):
    """Counts at given thresholds, chunk by chunk: memory O(n_thresholds)."""
    accumulator = _Accumulator(len(thresholds) + 1, weights is not None)
    for start in range(0, scores.shape[0], CHUNK):
        stop = start + CHUNK
        chunk = scores[start:stop].astype(np.float64, copy=False)
        bins = np.searchsorted(thresholds, chunk, side="right")
        positive = (y_true[start:stop] == pos_label).astype(np.int64)
        accumulator.add(
            bins, positive, None if weights is None else weights[start:stop]
        )
    return accumulator


def check_block(y_true, y_score, sample_weight, func, name="y_score"):
    """One block of dask inputs checked as in memory: its classes (a list),
    lowest and highest score (``name``: the scores' parameter)."""
    truth = as_label_array(y_true, "y_true", func)
    _, low, high = check_scores(y_score, truth.shape[0], func, name)
    check_sample_weight(sample_weight, truth.shape[0], func)
    return binary_classes(truth, func).tolist(), low, high


def _united_summaries(first, second):
    classes = list(dict.fromkeys(first[0] + second[0]))
    return classes, min(first[1], second[1]), max(first[2], second[2])


def count_block(
    y_true, y_score, sample_weight, pos_label, thresholds, func, name="y_score"
):
    """One block of dask inputs counted between sorted ``thresholds``."""
    truth = as_label_array(y_true, "y_true", func)
    scores, _, _ = check_scores(y_score, truth.shape[0], func, name)
    weights = check_sample_weight(sample_weight, truth.shape[0], func)
    return _count_at_thresholds(scores, truth, pos_label, weights, thresholds)


def _dask_counts(y_true, y_score, sample_weight, func, given, door):
    """Counts of dask inputs at fixed thresholds, by two passes over them.

    The first pass takes each block's classes and score range (so that an
    int ``given`` is spaced over the global range, as in memory); the second
    counts each block into the bins between the thresholds. ``door``: the
    options of the score door. Returns ``(classes, pos_label, thresholds,
    accumulator)``.
    """
    if given is None:
        raise ValueError(
            param_error(
                func,
                "thresholds",
                "an int or an array of thresholds for dask inputs (every "
                "distinct score would gather all the scores on one machine)",
                None,
                "Pass e.g. thresholds=1000: that many evenly spaced thresholds "
                "from the lowest to the highest score.",
            )
        )
    name = door["name"]
    inputs = {"y_true": y_true, name: y_score, "sample_weight": sample_weight}
    summary = reduce_blocks(inputs, check_block, _united_summaries, func, func, name)
    if summary is None:
        raise empty_error(func)
    found, low, high = summary
    if door["probabilities"]:
        check_probability_range(low, high, func, name)
    classes = binary_classes(label_array(found), func)
    pos_label = resolve_pos_label(classes, door["pos_label"], func)
    at = _spaced(given, low, high)
    accumulator = reduce_blocks(
        inputs,
        count_block,
        _Accumulator.merged,
        func,
        pos_label,
        np.unique(at),
        func,
        name,
    )
    return classes, pos_label, at, accumulator


def _ratio_factors(prevalence, classes, pos_label, totals, func):
    """The positive class's share and the factors of the positives' and the
    negatives' counts at ``prevalence`` (see :func:`row_factors`)."""
    priors = check_priors(prevalence, classes, pos_label, func)
    positive = index_of(classes, pos_label)
    rows = np.array(totals if positive == 0 else totals[::-1])
    factors = row_factors(rows, priors, classes, func)
    return float(priors[positive]), (factors[positive], factors[1 - positive])


def binary_counts(tp, fn, fp, tn, classes, trials=(None, None)):
    """The counts of every threshold as one-vs-rest counts of the positive
    class (one row per threshold), as the metric formulas read them;
    ``trials``: the classes' effective numbers of samples (or None)."""
    positive_trials, negative_trials = (  # read-only views: no array per threshold
        None if size is None else np.broadcast_to(np.float64(size), np.shape(tp))
        for size in trials
    )
    return OneVsRestCounts(
        labels=np.broadcast_to(np.array("threshold"), np.shape(tp)),  # (no warnings)
        tp=tp,
        fn=fn,
        fp=fp,
        tn=tn,
        classes=classes,
        joint=None,
        positive_trials=positive_trials,
        negative_trials=negative_trials,
    )


def count_curve(
    y_true,
    y_score,
    func,
    *,
    pos_label=None,
    sample_weight=None,
    thresholds=None,
    prevalence=None,
    score_name="y_score",
    probabilities=False,
):
    """The counts of :func:`~imbascore.threshold_curve`: its errors name
    ``func`` and its scores' parameter ``score_name``; ``probabilities``
    refuses scores outside [0, 1]. Returns ``(thresholds, counts,
    pos_label, share)``: the counts of every threshold as
    :func:`binary_counts`, and the positive class's share at ``prevalence``
    (None: the data's own)."""
    given = _check_thresholds(thresholds, func)
    inputs = (y_true, y_score, sample_weight, func)
    door = {"pos_label": pos_label, "name": score_name, "probabilities": probabilities}
    if any_dask(y_true, y_score, sample_weight):  # counted on the workers
        classes, pos_label, at, accumulator = _dask_counts(*inputs, given, door)
    elif (device := read_device_scores(*inputs, **door)) is not None:
        if given is not None:  # array API scores: counted on their device
            raise host_only_error(func, "thresholds")
        classes, pos_label = device.classes, device.pos_label
        at, accumulator = _count_on_device(device, score_name)
    else:
        read = read_scores(*inputs, **door)
        classes, pos_label = read.classes, read.pos_label
        counted = (read.scores, read.truth, pos_label, read.weights)
        if given is None:
            at, accumulator = _count_at_scores(*counted)
        else:
            at = _spaced(given, read.low, read.high)
            accumulator = _count_at_thresholds(*counted, np.unique(at))
    tp, fp, fn, tn = accumulator.counts()
    if given is not None:  # counted at the sorted distinct thresholds
        order = np.unique(at, return_inverse=True)[1].reshape(-1)
        tp, fp, fn, tn = (values[order] for values in (tp, fp, fn, tn))
    totals = accumulator.class_totals()
    trials = (None, None)
    if sample_weight is not None:
        trials = accumulator.trials(*totals)
    share = None
    if prevalence is not None:
        share, (to_positives, to_negatives) = _ratio_factors(
            prevalence, classes, pos_label, totals, func
        )
        if sample_weight is None:  # the samples counted stay the trials
            trials = totals
        tp, fn = tp * to_positives, fn * to_positives
        fp, tn = fp * to_negatives, tn * to_negatives
    counts = binary_counts(tp, fn, fp, tn, classes, trials)
    return np.asarray(at, dtype=np.float64), counts, pos_label, share
