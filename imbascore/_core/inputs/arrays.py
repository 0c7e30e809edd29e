"""The adapter of numpy arrays and lists: the plain case, and every input
that numpy reads as a 1-D array of labels.

Numbers (ints, bools, whole floats) are handed over as their own codes,
untouched, so that a ``predict`` output reaches the engine without a copy;
strings, objects and mixed inputs are encoded by sorting (:mod:`.unique`).
"""

import numbers
from collections.abc import Iterator, Mapping, Set

import numpy as np
from scipy import sparse

from ..checks import (
    CHUNK,
    bad_param,
    check_length,
    check_sample_weight,
    continuous_message,
    describe,
    from_frame,
    missing_message,
)
from .codes import Codes
from .unique import encode_sorted, mixed_types_error

__all__ = [
    "as_label_array",
    "check_float_labels",
    "check_whole_floats",
    "read_arrays",
]

_NUMERIC_KINDS = "biuf"
_STRING_KINDS = "US"
_FAMILIES = {"U": "str", "S": "bytes"}


def _unordered_hint(y):
    if sparse.issparse(y):
        return "Pass a dense 1-D array, e.g. y.toarray().ravel()."
    if isinstance(y, Mapping | Set):
        return "Sets and dicts have no sample order; pass a list or an array."
    return "Pass a list or an array, e.g. list(y)."


def as_label_array(y, name, func):
    """Turn array-likes (lists, numpy, anything numpy reads) into 1-D numpy.

    Column vectors of shape (n, 1), and one-column DataFrames, are accepted
    and flattened, as scikit-learn's metrics do.
    """
    if (
        type(y) is np.ndarray
        and y.ndim == 1
        and y.shape[0]
        and y.dtype.kind in _NUMERIC_KINDS
    ):
        return y  # already what the checks below would make of it
    y = from_frame(y, name, func)
    rule = "a 1-D array-like of shape (n_samples,)"
    if isinstance(y, str | bytes | numbers.Number) or y is None:
        raise bad_param(func, name, rule, y, error=TypeError)
    if sparse.issparse(y) or isinstance(y, Mapping | Set | Iterator):
        raise bad_param(
            func, name, rule, describe(y), _unordered_hint(y), error=TypeError
        )
    try:
        array = np.asarray(y)
    except ValueError:  # numpy refuses ragged nested sequences
        raise bad_param(
            func, name, rule, "a ragged nested sequence", "Pass one label per sample."
        ) from None
    if array.dtype.kind == "f" and isinstance(y, list | tuple):
        array = _exact_python_integers(y, array)
    if array.ndim == 2 and array.shape[1] == 1:
        array = array[:, 0]
    if array.ndim != 1:
        hint = (
            f"{_unordered_hint(y)}"
            if array.ndim == 0
            else "Multilabel and multioutput targets are not supported."
        )
        got = describe(y) if array.ndim == 0 else f"an array of shape {array.shape}"
        raise bad_param(func, name, rule, got, hint)
    if array.shape[0] == 0:
        raise bad_param(func, name, "a non-empty array-like", "an empty array")
    if array.dtype.kind not in _NUMERIC_KINDS + _STRING_KINDS + "O":
        raise bad_param(
            func,
            name,
            "an array of class labels (integers, strings or booleans)",
            f"an array of dtype {array.dtype}",
            error=TypeError,
        )
    return array


def _exact_python_integers(y, array):
    """Python integers beyond 2**53 that numpy turned into floats, kept exact.

    ``np.asarray([2**63 + 2, 3])`` is float64, which merges distinct labels.
    """
    values = np.ravel(np.asarray(y, dtype=object)).tolist()
    integers = [isinstance(v, int) and not isinstance(v, bool) for v in values]
    if not any(i and abs(v) > 2**53 for i, v in zip(integers, values, strict=True)):
        return array
    if all(integers):
        try:
            return np.array(y, dtype=np.uint64)
        except OverflowError:  # negative beside beyond int64
            pass
    return np.array(y, dtype=object)


def check_float_labels(array, name, func):
    """Reject NaN/inf and non-integral floats, chunk by chunk (no full-size copy).

    One test per chunk, in a reused buffer: ``x - trunc(x)`` is 0 for whole
    numbers and NaN or a fraction otherwise; a failing chunk is then read
    again to say which.
    """
    scratch = np.empty(min(CHUNK, array.shape[0]), dtype=array.dtype)
    with np.errstate(invalid="ignore"):  # inf - inf
        for start in range(0, array.shape[0], CHUNK):
            chunk = array[start : start + CHUNK]
            rest = np.trunc(chunk, out=scratch[: chunk.shape[0]])
            if np.subtract(chunk, rest, out=rest).any():
                _float_label_error(chunk, name, func)


def check_whole_floats(codes):
    """Float labels handed over as their own codes are whole numbers.

    Called by the engine before it reads their range, unless its fused pass
    found them all 0.0 or 1.0 (which are labels: then there is nothing to
    check, and the arrays are read once).
    """
    for y, name in ((codes.true, "y_true"), (codes.pred, "y_pred")):
        if y.dtype.kind == "f":
            check_float_labels(y, name, codes.func)


def _float_label_error(chunk, name, func):
    """The error of a chunk of floats that are not all whole numbers."""
    if not np.isfinite(chunk).all():
        if np.isnan(chunk).any():
            raise ValueError(missing_message(name, func))
        raise bad_param(func, name, "finite", "an array containing inf")
    fractional = chunk != np.trunc(chunk)
    example = chunk[np.flatnonzero(fractional)[0]].item()
    raise ValueError(continuous_message(name, func, example))


def read_arrays(y_true, y_pred, sample_weight, func):
    """Both label arrays and the weights, checked, as :class:`.Codes`."""
    y_true = as_label_array(y_true, "y_true", func)
    y_pred = as_label_array(y_pred, "y_pred", func)
    check_length(y_pred.shape[0], y_true.shape[0], "y_pred", func)
    # No weights, the common case, needs no call.
    weights = (
        None
        if sample_weight is None
        else check_sample_weight(sample_weight, y_true.shape[0], func)
    )
    kind_true, kind_pred = y_true.dtype.kind, y_pred.dtype.kind
    if kind_true in _NUMERIC_KINDS and kind_pred in _NUMERIC_KINDS:
        # their own codes; floats are checked by check_whole_floats
        return Codes(y_true, y_pred, None, weights, func)
    # Scores beside string labels are scores, not labels of another type.
    if kind_true == "f":
        check_float_labels(y_true, "y_true", func)
    if kind_pred == "f":
        check_float_labels(y_pred, "y_pred", func)
    if "O" not in (kind_true, kind_pred) and _FAMILIES.get(
        kind_true, "numeric"
    ) != _FAMILIES.get(kind_pred, "numeric"):
        raise mixed_types_error(y_true, y_pred, func)
    return Codes(*encode_sorted(y_true, y_pred, func), weights, func)
