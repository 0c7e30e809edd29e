"""Count 0/1 labels in one fused pass: validation and counting together.

Most calls score two classes coded 0 and 1 (ints, bools or whole floats).
For those, the general path reads each input several times (min, max, a
widened index, a bincount). Here each chunk of both inputs is read from
memory once and the rest runs in cache: is every value 0 or 1, how many
are 1 in ``y_true``, in ``y_pred`` and in both. Those three numbers are the
2x2 table. Anything else (another value, NaN, weights) returns None after at
most one chunk, and the general path validates and counts as before, with
its errors.
"""

import numpy as np

__all__ = ["count_ones", "count_zero_one", "zero_one_view"]

_UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
#: The bits of 1.0 in float32 and float64.
_ONE_BITS = {
    4: np.float32(1).view(np.uint32),
    8: np.float64(1).view(np.uint64),
}


def zero_one_view(y):
    """``y`` seen so that a chunk check can tell 0/1 values, or None.

    Signed integers are viewed as unsigned of their width, so that one
    maximum refuses negative values (huge once unsigned) and values above 1.
    """
    kind, size = y.dtype.kind, y.dtype.itemsize
    if kind == "b":
        return y.view(np.uint8), None
    if kind in "iu":
        return y.view(_UNSIGNED[size]), "max"
    if kind == "f" and size in _ONE_BITS:
        # compared as bits: 1.0 is one pattern, 0.0 is 0 (-0.0 and NaN are
        # neither, so they take the general path, which handles them)
        return y.view(_UNSIGNED[size]), _ONE_BITS[size]
    return None


def count_ones(chunk, check, scratch):
    """How many values of ``chunk`` are 1, or -1 if one is neither 0 nor 1.

    ``check``: None (bools), ``"max"`` (integers seen unsigned) or the bits
    of 1.0 (floats seen as unsigned integers).
    """
    nonzero = np.count_nonzero(chunk)
    if check is None:
        return nonzero
    if isinstance(check, str):
        return nonzero if chunk.max() <= 1 else -1
    ones = np.count_nonzero(np.equal(chunk, check, out=scratch))
    return nonzero if ones == nonzero else -1


def count_zero_one(y_true, y_pred, chunk):
    """The 2x2 table ``[[tn, fp], [fn, tp]]`` of 0/1 labels, or None.

    ``y_true`` and ``y_pred`` are 1-D numeric arrays of one length, read
    ``chunk`` samples at a time (in cache). None
    means that some value is not 0 or 1 (or a dtype this path does not
    read): the caller goes the general way.
    """
    views = [zero_one_view(y) for y in (y_true, y_pred)]
    if None in views:
        return None
    (true, true_check), (pred, pred_check) = views
    # the same bytes per chunk whatever the width: narrow labels, fewer calls
    chunk = chunk * 8 // max(true.itemsize, pred.itemsize)
    scratch = np.empty(min(chunk, true.shape[0]), dtype=bool)
    true_ones = pred_ones = both_ones = 0
    for start in range(0, true.shape[0], chunk):
        true_chunk, pred_chunk = (
            true[start : start + chunk],
            pred[start : start + chunk],
        )
        out = scratch[: true_chunk.shape[0]]
        ones_true = count_ones(true_chunk, true_check, out)
        ones_pred = count_ones(pred_chunk, pred_check, out)
        if ones_true < 0 or ones_pred < 0:
            return None
        true_ones += ones_true
        pred_ones += ones_pred
        both_ones += np.count_nonzero(np.logical_and(true_chunk, pred_chunk, out=out))
    n_samples = true.shape[0]
    return np.array(
        [
            [n_samples - true_ones - pred_ones + both_ones, pred_ones - both_ones],
            [true_ones - both_ones, both_ones],
        ],
        dtype=np.int64,
    )
