"""The counting engine: checked codes in, a counted table out.

:func:`count_table` is the one path from labels to a table: the door of
:mod:`imbascore._core.inputs` chooses the adapter, and the engine picks its
strategy from the codes it receives (:func:`count_codes`), never from where
they came from: the fused pass of two codes, the dense joint bincount, the
sparse table of many classes, the per-label tables of multilabel targets.
"""

import numpy as np

from ..checks import CHUNK
from ..inputs import DeviceCodes, Indicators, read_targets
from ..inputs.arrays import check_whole_floats
from ..inputs.unique import common_label_dtype, encode_sorted
from .device import count_device
from .joint import ContingencyTable, count_joint, in_class_order, zero_one_table
from .multilabel import MultilabelTable, count_indicators
from .select import select_counts
from .zero_one import count_zero_one

__all__ = [
    "ContingencyTable",
    "MultilabelTable",
    "count_codes",
    "count_table",
    "one_vs_rest_counts",
    "own_codes",
]

# Integer labels spanning at most this many values are counted as they are.
_MAX_RANGE = 1 << 20


def own_codes(true, pred):
    """The offset and values of integer labels that are their own codes, or
    None when their range is too wide to count densely."""
    # .item() first: comparing np.uint64 with np.int64 goes through float64
    low = min(true.min().item(), pred.min().item())
    high = max(true.max().item(), pred.max().item())
    n_values = int(high) - int(low) + 1
    if n_values > _MAX_RANGE or low < -(2**63) or high >= 2**63:
        return None
    dtype = common_label_dtype(true.dtype, pred.dtype)
    return int(low), (np.arange(n_values) + int(low)).astype(dtype)


def count_codes(codes):
    """The contingency table of :class:`~imbascore._core.inputs.Codes`."""
    true, pred, classes, weights = codes.true, codes.pred, codes.classes, codes.weights
    if codes.lookup is not None:  # a categorical's own codes
        raw = count_joint(true, pred, 0, np.arange(len(codes.lookup)), weights)
        return in_class_order(raw, codes.lookup, classes)
    if classes is not None:
        return count_joint(true, pred, 0, classes, weights)
    # integer labels, their own codes: 0/1 labels are counted as they are read
    if weights is None:
        joint = count_zero_one(true, pred, CHUNK)
        if joint is not None:
            values = _ZERO_ONE_VALUES.get((true.dtype, pred.dtype))
            if values is None:
                values = _zero_one_values(true.dtype, pred.dtype)
            return zero_one_table(joint, values)
    check_whole_floats(codes)
    own = own_codes(true, pred)
    if own is None:  # labels too far apart: sorted into codes
        true, pred, classes = encode_sorted(true, pred, "count_codes")
        return count_joint(true, pred, 0, classes, weights)
    offset, values = own
    return count_joint(true, pred, offset, values, weights)


#: The classes of a 0/1 count, by the dtypes of (y_true, y_pred).
_ZERO_ONE_VALUES: dict = {}


def _count_plain_zero_one(y_true, y_pred):
    """The table of two plain 1-D numeric arrays of 0/1 labels, one length,
    no weights (what the door would pass on unchanged), or None: the fused
    count reads them once, before any other module is entered."""
    if not (
        type(y_true) is np.ndarray
        and type(y_pred) is np.ndarray
        and y_true.ndim == 1
        and y_true.shape == y_pred.shape
        and y_true.shape[0]
        and y_true.dtype.kind in "biuf"
        and y_pred.dtype.kind in "biuf"
    ):
        return None
    joint = count_zero_one(y_true, y_pred, CHUNK)
    if joint is None:
        return None
    # the look-up inline: a call here would be one more module on the hot path
    values = _ZERO_ONE_VALUES.get((y_true.dtype, y_pred.dtype))
    if values is None:
        values = _zero_one_values(y_true.dtype, y_pred.dtype)
    return zero_one_table(joint, values)


def _zero_one_values(dtype_true, dtype_pred):
    """The classes ``[0, 1]`` of a 0/1 count in the labels' common type, made
    once per pair of dtypes (read-only: every such table shares them)."""
    values = np.arange(2).astype(common_label_dtype(dtype_true, dtype_pred))
    values.flags.writeable = False
    _ZERO_ONE_VALUES[dtype_true, dtype_pred] = values
    return values


def count_table(y_true, y_pred, sample_weight, func, *, columns=None):
    """Check the targets and count their table, once: the one path of every
    metric. Multilabel-indicator targets give a :class:`MultilabelTable` (of
    ``columns`` only, if given)."""
    if sample_weight is None:
        table = _count_plain_zero_one(y_true, y_pred)
        if table is not None:
            return table
    targets = read_targets(y_true, y_pred, sample_weight, func, columns=columns)
    if isinstance(targets, Indicators):
        return count_indicators(targets)
    if isinstance(targets, DeviceCodes):
        return count_device(targets)
    return count_codes(targets)


def one_vs_rest_counts(
    y_true,
    y_pred,
    *,
    labels=None,
    pos_label=1,
    average="binary",
    sample_weight=None,
    func="one_vs_rest_counts",
):
    """Check the inputs, count once, and select the labels ``average`` needs."""
    return select_counts(
        count_table(y_true, y_pred, sample_weight, func),
        labels=labels,
        pos_label=pos_label,
        average=average,
        func=func,
        stacklevel=3,
    )
