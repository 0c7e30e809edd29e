"""Count 0/1 labels by group in one fused pass: validation and counting
together.

The general grouped count (:func:`~imbascore._core.engine.grouped.
count_grouped`) first finds the labels' range (a minimum and a maximum of
each input: four passes over memory), then counts in chunks. For two classes
coded 0 and 1 (ints, bools or whole floats), the usual case, each chunk of
the three inputs is read from memory once and the rest runs in cache: is
every label 0 or 1 (one maximum per input), each sample's cell ``group * 4 +
2 * true + pred``, one ``bincount`` of the chunk added into the table. The
classes are those the counts show present, as the general path's range
gives them. Anything else (another value, NaN, -0.0, a dtype this path does
not read, too many groups for a dense table) returns None, after at most
one chunk for a value, and the general path validates and counts as
before, with its errors.

Weighted counts use the general path's chunks and indices, so that every
float sum adds the same numbers in the same order: the tables are equal,
not only close.
"""

import numpy as np

from .zero_one import count_ones, zero_one_view

__all__ = ["count_grouped_zero_one"]


def _addend(y):
    """``y`` as a ``np.add`` operand into an ``intp`` index: signed integers
    of their width (an unsigned operand would send the sum through
    float64), bools as they are, floats as they are (0.0 and 1.0 cast
    exactly)."""
    if y.dtype.kind == "u":
        return y.view(np.dtype(f"i{y.dtype.itemsize}"))
    return y


def count_grouped_zero_one(true, pred, groups, n_groups, weights, chunk, max_cells):
    """Each group's 2x2 table of 0/1 labels, or None.

    Parameters
    ----------
    true, pred : ndarray of shape (n_samples,)
        Labels that are their own codes (ints, bools or whole floats).
    groups : ndarray of intp, shape (n_samples,)
        Each sample's group, ``0 .. n_groups - 1``.
    n_groups : int
    weights : ndarray of float64 or None
    chunk : int
        Samples per chunk (with weights, the general path's chunk: the same
        float sums in the same order).
    max_cells : int
        The most cells (``n_groups * 4``) of a dense table; more, None.

    Returns
    -------
    None, or ``(joint, present, squared, samples)``: ``joint`` of shape
    (n_groups, 2, 2) (int64, or float64 weighted), ``present`` the classes
    0 and 1 seen in either input (a bool mask of 2), ``squared`` of shape
    (n_groups, 2) (each group's and true class's sum of squared weights) and
    ``samples`` of shape (n_groups,) (each group's samples) when weighted,
    else None and None.
    """
    n_samples = true.shape[0]
    size = n_groups * 4
    if n_samples == 0 or size > max_cells:
        return None
    views = [zero_one_view(y) for y in (true, pred)]
    if None in views:
        return None
    (true_bits, true_check), (pred_bits, pred_check) = views
    true, pred = _addend(true), _addend(pred)
    weighted = weights is not None
    joint = np.zeros(size, dtype=np.float64 if weighted else np.int64)
    counts = np.zeros(size, dtype=np.int64) if weighted else joint
    squared = np.zeros(n_groups * 2) if weighted else None
    length = min(chunk, n_samples)
    index = np.empty(length, dtype=np.intp)
    scratch = np.empty(length, dtype=bool)
    for start in range(0, n_samples, chunk):
        stop = start + chunk
        out = scratch[: min(stop, n_samples) - start]
        # count_ones is -1 for a chunk with a value other than 0 and 1
        if (
            count_ones(true_bits[start:stop], true_check, out) < 0
            or count_ones(pred_bits[start:stop], pred_check, out) < 0
        ):
            return None
        cell = index[: out.shape[0]]
        # (group * 2 + true) * 2 + pred, in place; the first half is the
        # general path's (group, true) row of the squared weights
        np.multiply(groups[start:stop], 2, out=cell, casting="unsafe")
        np.add(cell, true[start:stop], out=cell, casting="unsafe")
        if weighted:
            chunk_weights = weights[start:stop]
            squared += np.bincount(cell, chunk_weights**2, minlength=n_groups * 2)
        cell *= 2
        np.add(cell, pred[start:stop], out=cell, casting="unsafe")
        counts += np.bincount(cell, minlength=size)
        if weighted:
            joint += np.bincount(cell, chunk_weights, minlength=size)
    counts = counts.reshape(n_groups, 2, 2)
    overall = counts.sum(axis=0)
    present = (overall.sum(axis=0) + overall.sum(axis=1)) > 0
    if not weighted:
        return counts, present, None, None
    samples = counts.sum(axis=(1, 2))
    return joint.reshape(n_groups, 2, 2), present, squared.reshape(n_groups, 2), samples
