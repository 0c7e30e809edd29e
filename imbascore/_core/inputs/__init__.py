"""The door: every input reaches the counting engine through here.

:func:`read_targets` chooses the adapter once, by what the inputs are, and
returns what every adapter hands the engine (:class:`.Codes` or
:class:`.Indicators`). The plain case, two 1-D numpy arrays, is decided first
and goes straight to the array adapter. Adapters never call back up: what a
family needs to check lives in its module, what every family shares in
:mod:`imbascore._core.checks`.
"""

import numpy as np

from ..checks import check_sample_weight, from_frame
from .array_api import DeviceCodes, host_only_error, read_device_targets
from .arrays import check_whole_floats, read_arrays
from .coded import read_coded
from .codes import Codes, Indicators
from .multilabel import is_indicator, read_indicators
from .pandas import from_pandas

__all__ = [
    "Codes",
    "DeviceCodes",
    "Indicators",
    "from_frame",
    "host_only_error",
    "read_labelled",
    "read_targets",
]


def read_targets(y_true, y_pred, sample_weight, func, *, columns=None):
    """The checked targets of one metric call, ready to be counted.

    ``columns``: for multilabel targets, the labels (columns) to count.
    """
    if (
        type(y_true) is np.ndarray
        and type(y_pred) is np.ndarray
        and y_true.ndim == 1
        and y_pred.ndim == 1
        and y_true.dtype.kind != "O"
    ):  # the plain case
        return read_arrays(y_true, y_pred, sample_weight, func)
    device = read_device_targets(y_true, y_pred, sample_weight, func)
    if device is not None:  # counted where they are
        return device
    if is_indicator(y_true) or is_indicator(y_pred):
        return read_indicators(y_true, y_pred, sample_weight, func, columns=columns)
    y_true = from_frame(y_true, "y_true", func)
    y_pred = from_frame(y_pred, "y_pred", func)
    coded = read_coded(y_true, y_pred, func)
    if coded is not None:
        weights = check_sample_weight(sample_weight, coded[0].shape[0], func)
        true, pred, classes, lookup = coded
        return Codes(true, pred, classes, weights, func, lookup)
    y_true = from_pandas(y_true, "y_true", func)
    y_pred = from_pandas(y_pred, "y_pred", func)
    return read_arrays(y_true, y_pred, sample_weight, func)


def read_labelled(y_true, y_pred, sample_weight, func):
    """``(true codes, predicted codes, classes, weights)`` of single-label
    targets, every code a position in ``classes`` (sorted): for readers that
    need each sample's classes, not only the counted table."""
    codes = read_targets(y_true, y_pred, sample_weight, func)
    if isinstance(codes, Indicators):
        return None
    if isinstance(codes, DeviceCodes):
        raise host_only_error(func)
    codes = codes.resolved()
    if codes.classes is not None:
        return codes.true, codes.pred, codes.classes, codes.weights
    check_whole_floats(codes)
    both = np.concatenate([codes.true, codes.pred])
    classes, inverse = np.unique(both, return_inverse=True)
    n = codes.true.shape[0]
    return inverse[:n], inverse[n:], classes, codes.weights
