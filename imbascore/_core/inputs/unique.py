"""Labels of any type encoded by sorting: codes ``0 .. k - 1`` over the sorted
union of both inputs' labels, exact for every type (``np.unique``).

The adapters that meet labels numpy cannot count directly (strings, objects,
huge integers, the categories of categoricals) encode them here.
"""

import numbers

import numpy as np

from ..checks import (
    as_python_scalar,
    bad_param,
    continuous_message,
    is_missing,
    missing_message,
)
from .strings import encode_strings

__all__ = [
    "common_label_dtype",
    "encode_sorted",
    "mixed_types_error",
    "unite_labels",
]

_NUMERIC_KINDS = "biuf"


def _check_object_labels(classes, present_true, present_pred, func):
    """Missing values and continuous floats hidden in object arrays."""
    for name, present in (("y_true", present_true), ("y_pred", present_pred)):
        for label in classes[present].tolist():
            if is_missing(label):
                raise ValueError(missing_message(name, func))
            if isinstance(label, float) and not label.is_integer():
                raise ValueError(continuous_message(name, func, label))


def _family(kind):
    if kind in _NUMERIC_KINDS:
        return "numeric"
    return {"U": "str", "S": "bytes"}.get(kind, "object")


def mixed_types_error(y_true, y_pred, func):
    def kinds(array):
        if array.dtype.kind == "O":
            return sorted({type(v).__name__ for v in array.tolist()})
        return [_family(array.dtype.kind)]

    got = f"y_true with {kinds(y_true)} and y_pred with {kinds(y_pred)} labels"
    for array, name in ((y_true, "y_true"), (y_pred, "y_pred")):
        if array.dtype.kind == "O" and any(is_missing(v) for v in array.tolist()):
            return ValueError(missing_message(name, func))
    return bad_param(
        func,
        "y_true/y_pred",
        "labels of one type (all numbers or all strings)",
        got,
        "Give both arrays labels of one type: the classes the model was trained on.",
        error=TypeError,
    )


def common_label_dtype(dtype_true, dtype_pred):
    """numpy's common type, except that two integer types stay integers.

    ``np.result_type(uint64, int64)`` is float64, which would turn labels into
    floats (and merge distinct labels above 2**53).
    """
    dtype = np.result_type(dtype_true, dtype_pred)
    if dtype.kind == "f" and dtype_true.kind in "biu" and dtype_pred.kind in "biu":
        return np.dtype(np.int64)
    return dtype


def _concatenates_exactly(y_true, y_pred):
    """Whether numpy's common type keeps every label of both arrays distinct."""
    kinds = y_true.dtype.kind + y_pred.dtype.kind
    if "O" in kinds:
        return False
    common = np.result_type(y_true.dtype, y_pred.dtype)
    if common != common_label_dtype(y_true.dtype, y_pred.dtype):
        return False  # uint64 beside a signed integer
    if common.kind == "f" and any(kind in "iu" for kind in kinds):
        # integers beyond 2**53 have no exact float64
        integers = [y for y in (y_true, y_pred) if y.dtype.kind in "iu"]
        return all(abs(int(y.min())) <= 2**53 >= abs(int(y.max())) for y in integers)
    return True


def encode_sorted(y_true, y_pred, func):
    """``(codes_true, codes_pred, classes)``: labels that are not small
    integers encoded into codes ``0 .. n_classes - 1`` of their sorted union."""
    if {y_true.dtype.kind, y_pred.dtype.kind} in ({"U"}, {"S"}):
        return encode_strings(y_true, y_pred)  # numpy strings: never sorted
    both = (
        np.concatenate([y_true, y_pred])
        if _concatenates_exactly(y_true, y_pred)
        # Python objects compare exactly (uint64 beside int64, strings beside
        # objects), where a numpy concatenation would coerce
        else np.concatenate([y_true.astype(object), y_pred.astype(object)])
    )
    try:
        classes, codes = np.unique(both, return_inverse=True)
    except TypeError:
        raise mixed_types_error(y_true, y_pred, func) from None
    codes = codes.reshape(-1)
    n_samples = y_true.shape[0]
    codes_true, codes_pred = codes[:n_samples], codes[n_samples:]
    if classes.dtype.kind == "O":
        present_true = np.bincount(codes_true, minlength=len(classes)) > 0
        present_pred = np.bincount(codes_pred, minlength=len(classes)) > 0
        _check_object_labels(classes, present_true, present_pred, func)
        _check_one_family(classes, y_true, y_pred, func)
    return codes_true, codes_pred, classes


def unite_labels(first, second, func):
    """The sorted union of two arrays of distinct labels, exact for every type.

    Returns the union and the position in it of each label of ``first`` and
    of ``second``. Labels of different types (numbers and strings) cannot be
    united: a TypeError says so.
    """
    families = [
        {
            "numeric" if isinstance(label, numbers.Number) else type(label).__name__
            for label in map(as_python_scalar, array.tolist())
        }
        for array in (first, second)
    ]
    if len(families[0] | families[1]) > 1:
        raise TypeError(
            f"{func} cannot unite labels of different types: "
            f"{sorted(families[0])} and {sorted(families[1])}."
        )
    codes_first, codes_second, classes = encode_sorted(first, second, func)
    return classes, codes_first, codes_second


def _check_one_family(classes, y_true, y_pred, func):
    """Object labels may sort fine yet mix numbers with strings (e.g. 1 and True)."""
    families = {
        "numeric" if isinstance(label, numbers.Number) else type(label).__name__
        for label in classes.tolist()
    }
    if len(families) > 1:
        raise mixed_types_error(y_true, y_pred, func)
