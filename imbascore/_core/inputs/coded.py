"""Labels that arrive already coded: pandas Categoricals, Arrow dictionaries
and Arrow strings, and large object arrays hashed by pandas.

Each side's ``(codes, categories)`` come from its own family's adapter
(:mod:`.pandas`, :mod:`.arrow`); here the categories of both sides are united
(a few labels), each side's codes translated through a lookup table, and the
labels no sample uses dropped, so the result is exactly what sorting every
label would give. A plain string array beside a categorical is hashed.
"""

import numpy as np

from ..frames import CodedLabels
from .arrow import arrow_codes, is_arrow
from .pandas import categorical_codes, hashed_codes, large_objects
from .unique import encode_sorted

__all__ = ["read_coded"]

# Category lists up to this long are counted as their codes (the engine's
# table of them stays dense: its DENSE_MAX).
_COUNTED_AS_CODES = 256


def _codes(y):
    """(codes, categories) of Arrow-backed or categorical labels, or None."""
    if isinstance(y, CodedLabels):
        return y.codes, y.categories
    if is_arrow(y):
        return arrow_codes(y)
    return categorical_codes(y)


def _one_type(labels):
    """Hashing merges equal values of different types (1, 1.0, True), which
    the general path reports or orders its own way: only one type here."""
    return labels.dtype.kind in "US" or len({type(v) for v in labels.tolist()}) <= 1


def read_coded(y_true, y_pred, func):
    """``(codes_true, codes_pred, classes, lookup)`` when the inputs arrive
    coded (``lookup``: see :class:`.Codes`), else None (the array adapter then
    validates and encodes them).

    Falls back whenever the general path has something to say: missing
    values (code -1), different lengths, non-string categories.
    """
    parts = [_codes(y_true), _codes(y_pred)]
    if parts == [None, None] and not large_objects(y_true, y_pred):
        return None
    parts = [
        part if part is not None else hashed_codes(y)
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
        or not (_one_type(labels_true) and _one_type(labels_pred))
    ):
        return None
    # The union of the (few) categories, with the general path's checks.
    in_true, in_pred, classes = encode_sorted(labels_true, labels_pred, func)
    if len(in_true) <= _COUNTED_AS_CODES and np.array_equal(labels_true, labels_pred):
        # one category list on both sides (polars' global categories, one
        # Enum, one pandas dtype): counted as they are, the table ordered after
        return codes_true, codes_pred, classes, in_true
    identity = np.arange(len(classes))
    # Same sorted categories on both sides (the usual case): codes as they are.
    if not np.array_equal(in_true, identity[: len(in_true)]):
        codes_true = in_true[codes_true]
    if not np.array_equal(in_pred, identity[: len(in_pred)]):
        codes_pred = in_pred[codes_pred]
    if len(classes) == 2:  # the 2x2 table's count drops an unused class
        return codes_true, codes_pred, classes, None
    present = np.bincount(codes_true, minlength=len(classes)) > 0
    present |= np.bincount(codes_pred, minlength=len(classes)) > 0
    if not present.all():  # categories no sample uses are not labels
        position = np.cumsum(present) - 1
        codes_true, codes_pred = position[codes_true], position[codes_pred]
        classes = classes[present]
    return codes_true, codes_pred, classes, None
