"""Labels that arrive already encoded: categoricals, counted from their codes.

A pandas Categorical holds integer codes and a small array of categories;
turning it into an array of Python strings and sorting them (``np.unique``)
cost 250 times the count itself. Here the codes are used as they are: the
categories of both inputs are united (a few labels), each input's codes are
translated through a lookup table, and the labels no sample uses are
dropped, so the result is exactly what the general path gives. A plain
string array beside a categorical is encoded by hashing (``pd.factorize``,
pandas being loaded already), not by sorting.
"""

import sys

import numpy as np

__all__ = ["encode_categoricals"]


def _categorical(y):
    """(codes, categories) of a pandas Categorical or categorical Series."""
    dtype = getattr(y, "dtype", None)
    if getattr(dtype, "name", None) != "category":
        return None
    parts = getattr(y, "cat", y)  # a Series' accessor, or the Categorical
    return np.asarray(parts.codes), np.asarray(parts.categories)


def _factorized(y):
    """(codes, uniques) of a 1-D array of strings or objects, by hashing."""
    pandas = sys.modules.get("pandas")
    if pandas is None or hasattr(y, "iloc") and getattr(y, "ndim", 1) != 1:
        return None
    array = np.asarray(y)
    if array.ndim != 1 or array.dtype.kind not in "OUS":
        return None
    codes, uniques = pandas.factorize(array)
    return codes, np.asarray(uniques)


def encode_categoricals(y_true, y_pred, func):
    """``(codes_true, codes_pred, classes)`` when a categorical input allows
    the fast path, else None (the general path then validates and encodes).

    Falls back whenever the general path has something to say: missing
    values (code -1), different lengths, non-string categories.
    """
    from ._validation import _encode_with_unique

    parts = [_categorical(y_true), _categorical(y_pred)]
    if parts == [None, None]:
        return None
    parts = [
        part if part is not None else _factorized(y)
        for part, y in zip(parts, (y_true, y_pred))
    ]
    if any(part is None for part in parts):
        return None
    (codes_true, labels_true), (codes_pred, labels_pred) = parts
    if (
        codes_true.ndim != 1
        or codes_true.shape != codes_pred.shape
        or labels_true.dtype.kind not in "OUS"
        or labels_pred.dtype.kind not in "OUS"
        or codes_true.min(initial=0) < 0
        or codes_pred.min(initial=0) < 0
    ):
        return None
    # The union of the (few) categories, with the general path's checks.
    union = _encode_with_unique(labels_true, labels_pred, None, func)
    classes = union.values
    identity = np.arange(len(classes))
    # Same sorted categories on both sides (the usual case): codes as they are.
    if not np.array_equal(union.y_true, identity[: len(union.y_true)]):
        codes_true = union.y_true[codes_true]
    if not np.array_equal(union.y_pred, identity[: len(union.y_pred)]):
        codes_pred = union.y_pred[codes_pred]
    present = np.bincount(codes_true, minlength=len(classes)) > 0
    present |= np.bincount(codes_pred, minlength=len(classes)) > 0
    if not present.all():  # categories no sample uses are not labels
        position = np.cumsum(present) - 1
        codes_true, codes_pred = position[codes_true], position[codes_pred]
        classes = classes[present]
    return codes_true, codes_pred, classes
