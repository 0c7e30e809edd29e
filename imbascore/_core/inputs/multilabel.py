"""The adapter of multilabel-indicator targets: 2-D 0/1 arrays, dense or
scipy.sparse, as :func:`sklearn.metrics.recall_score` takes them.

Both inputs are checked (shape, 0/1 values, lengths) and handed over as a
dense bool array or a binary CSR matrix, never made dense.
"""

import numbers

import numpy as np
from scipy import sparse

from ..checks import as_python_scalar, bad_param, check_sample_weight
from .codes import Indicators

__all__ = ["check_multilabel_labels", "is_indicator", "read_indicators"]

_RULE = "a multilabel indicator of shape (n_samples, n_labels) with 0/1 values"


def is_indicator(y):
    """Whether ``y`` is 2-D with more than one column (dense or sparse)."""
    if sparse.issparse(y):
        return len(y.shape) == 2 and y.shape[1] > 1
    shape = getattr(y, "shape", None)
    if shape is None and isinstance(y, list | tuple) and len(y):
        if not isinstance(y[0], list | tuple | np.ndarray):
            return False  # a list of labels: not converted twice
        try:
            shape = np.shape(y)
        except ValueError:  # ragged: the 1-D checks say so
            return False
    return shape is not None and len(shape) == 2 and shape[1] > 1


def _indicator(y, name, func):
    """``y`` as a binary CSR matrix (sparse input) or a bool array (dense)."""
    if sparse.issparse(y):
        matrix = sparse.csr_matrix(y, copy=True)
        values = matrix.data
    else:
        try:
            values = matrix = np.asarray(y)
        except ValueError:
            raise bad_param(func, name, _RULE, "a ragged list") from None
    if len(matrix.shape) != 2 or matrix.shape[1] < 2:
        raise bad_param(
            func,
            name,
            _RULE,
            f"an array of shape {matrix.shape}",
            "y_true and y_pred must both be multilabel indicators, or both "
            "1-D arrays of class labels.",
        )
    if matrix.shape[0] == 0:
        raise bad_param(func, name, "a non-empty array-like", "no rows")
    if values.dtype.kind not in "biuf":
        raise bad_param(
            func, name, _RULE, f"an array of dtype {values.dtype}", error=TypeError
        )
    bad = (values != 0) & (values != 1)
    if bad.any():
        example = as_python_scalar(values.ravel()[np.flatnonzero(bad)[0]])
        hint = (
            "Multilabel targets hold 0 or 1 for each (sample, label); for "
            "multiclass-multioutput targets score each column on its own."
        )
        raise bad_param(func, name, _RULE, f"an array containing {example!r}", hint)
    if sparse.issparse(matrix):
        matrix.sum_duplicates()
        matrix.eliminate_zeros()
        matrix.data = np.ones(len(matrix.data), dtype=np.int8)
        return matrix
    return matrix.astype(bool, copy=False)


def read_indicators(y_true, y_pred, sample_weight, func, *, columns=None):
    """Checked multilabel-indicator targets, ready to be counted.

    ``columns``, when given, are the labels (column indices) to count; the
    others are left out of every table and of the per-sample counts.
    """
    if is_indicator(y_true) != is_indicator(y_pred):
        name, y, other = (
            ("y_true", y_true, "y_pred")
            if is_indicator(y_true)
            else ("y_pred", y_pred, "y_true")
        )
        raise bad_param(
            func,
            name,
            f"a 1-D array-like of shape (n_samples,) like {other}, or both {_RULE}",
            _shape_of(y),
            "Pass both as multilabel indicators (2-D 0/1 arrays), or both as "
            "1-D arrays of class labels.",
        )
    true = _indicator(y_true, "y_true", func)
    pred = _indicator(y_pred, "y_pred", func)
    if true.shape != pred.shape:
        raise bad_param(
            func,
            "y_pred",
            f"of the same shape as y_true {true.shape}",
            f"an array of shape {pred.shape}",
        )
    n_samples, n_labels = true.shape
    weights = check_sample_weight(sample_weight, n_samples, func)
    if sparse.issparse(true) != sparse.issparse(pred):
        true, pred = (sparse.csr_matrix(y, dtype=np.int8) for y in (true, pred))
    if columns is None:
        columns = np.arange(n_labels)
    else:
        columns = check_multilabel_labels(columns, n_labels, func)
        true, pred = true[:, columns], pred[:, columns]
    return Indicators(true, pred, weights, columns)


def _shape_of(y):
    shape = getattr(y, "shape", None)
    if shape is None:
        try:
            shape = np.shape(y)
        except ValueError:
            return "a ragged list"
    return f"an array of shape {tuple(shape)}"


def check_multilabel_labels(labels, n_labels, func):
    """``labels`` of multilabel targets: column indices in [0, n_labels)."""
    values = [as_python_scalar(label) for label in labels]
    for label in values:
        if (
            not isinstance(label, numbers.Integral)
            or isinstance(label, bool)
            or not 0 <= label < n_labels
        ):
            raise bad_param(
                func,
                "labels",
                f"column indices in [0, {n_labels}) for multilabel targets "
                f"of {n_labels} labels",
                values,
            )
    return np.array(values, dtype=np.int64)
