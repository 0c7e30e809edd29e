"""Count multilabel-indicator targets: one 2x2 table per label, once.

A multilabel target is a 2-D 0/1 array (or scipy.sparse matrix) of shape
(n_samples, n_labels), as :func:`sklearn.metrics.recall_score` takes it: each
column is a binary problem of its own. One pass gives

* each label's confusion table ``[[tn, fp], [fn, tp]]``, the layout of
  :func:`sklearn.metrics.multilabel_confusion_matrix`, weighted by
  ``sample_weight`` (a sample's weight enters every label's table);
* the per-sample counts that ``average="samples"`` reads: how many of a
  sample's labels are true positives, false negatives and false positives,
  kept as a histogram of the distinct ``(tp, fn, fp)`` triples with their
  summed weights. It is small (at most ``(n_labels + 1)**3`` rows, usually far
  fewer), exact, and the histograms of two chunks add up to the histogram of
  their concatenation.

Sparse input is counted from its stored entries (CSR row pointers and column
indices), never made dense.
"""

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from scipy import sparse

__all__ = [
    "MultilabelTable",
    "SampleCounts",
    "count_indicators",
    "exact_matches",
    "merge_multilabel",
]

# Up to this many possible (tp, fn, fp) keys the histogram is a bincount.
_BINCOUNT_MAX = 1 << 16


@dataclass(frozen=True)
class SampleCounts:
    """Per-sample counts over the labels, as a histogram.

    Attributes
    ----------
    cells : ndarray of shape (n_rows, 3), int64
        Distinct ``(tp, fn, fp)``: how many of a sample's labels fall in each
        cell; its true negatives are ``len(columns) - tp - fn - fp``.
    weights : ndarray of shape (n_rows,)
        Summed sample weights (numbers of samples when unweighted) of each row.
    columns : tuple of int
        The labels (column indices) the counts run over.
    """

    cells: np.ndarray
    weights: np.ndarray
    columns: tuple


@dataclass(frozen=True)
class MultilabelTable:
    """The counted tables of multilabel-indicator targets.

    Attributes
    ----------
    stacks : ndarray of shape (n_labels, 2, 2)
        Each label's weighted table ``[[tn, fp], [fn, tp]]``.
    classes : ndarray of shape (n_labels,)
        The column index of each table.
    squared_weights : tuple or None
        ``(sums, scale)``: ``sums[:, 0]`` and ``sums[:, 1]`` are each label's
        sums of squared weights of its negative and positive samples, in units
        of ``scale**2``; None unweighted.
    samples : SampleCounts or None
        The per-sample counts (None for tables given as a matrix).
    """

    stacks: np.ndarray
    classes: np.ndarray
    squared_weights: tuple | None = None
    samples: SampleCounts | None = None
    multilabel: ClassVar[bool] = True

    @property
    def support(self):
        """Weight of each label's positive samples."""
        return self.stacks[:, 1, :].sum(axis=1)


def _columns_sums(matrix, weights):
    """Weighted sum of each column of a 0/1 matrix (dense bool or CSR)."""
    if sparse.issparse(matrix):
        if weights is None:
            return np.bincount(matrix.indices, minlength=matrix.shape[1]).astype(float)
        per_entry = np.repeat(weights, np.diff(matrix.indptr))
        return np.bincount(matrix.indices, per_entry, minlength=matrix.shape[1])
    if weights is None:
        return np.count_nonzero(matrix, axis=0).astype(float)
    return weights @ matrix


def _row_counts(matrix):
    """Number of ones in each row of a 0/1 matrix (dense bool or CSR)."""
    if sparse.issparse(matrix):
        return np.diff(matrix.indptr).astype(np.int64)
    return np.count_nonzero(matrix, axis=1).astype(np.int64)


def _cells(y_true, y_pred):
    """The 0/1 matrices of true positives, false negatives, false positives."""
    if sparse.issparse(y_true):
        tp = y_true.multiply(y_pred).tocsr()
        fn, fp = (y_true - tp).tocsr(), (y_pred - tp).tocsr()
        for cells in (tp, fn, fp):
            cells.eliminate_zeros()
        return tp, fn, fp
    return y_true & y_pred, y_true & ~y_pred, ~y_true & y_pred


def _histogram(tp, fn, fp, weights, columns):
    """Distinct per-sample ``(tp, fn, fp)`` with their summed weights."""
    base = len(columns) + 1
    if base**3 <= _BINCOUNT_MAX:  # few labels: count the keys, no sort
        keys = (tp * base + fn) * base + fp
        counted = np.bincount(keys, minlength=base**3)
        unique = np.flatnonzero(counted)
        summed = counted if weights is None else np.bincount(keys, weights, base**3)
        cells = np.stack([unique // base**2, unique // base % base, unique % base], 1)
        return SampleCounts(
            cells.astype(np.int64), summed[unique].astype(float), tuple(columns)
        )
    if base**3 < 2**62:
        keys = (tp * base + fn) * base + fp
        unique, inverse = np.unique(keys, return_inverse=True)
        cells = np.stack([unique // base**2, unique // base % base, unique % base], 1)
    else:  # too many labels for one int64 key
        cells, inverse = np.unique(
            np.stack([tp, fn, fp], 1), axis=0, return_inverse=True
        )
    inverse = inverse.reshape(-1)
    summed = np.bincount(inverse, weights, minlength=len(cells)).astype(float)
    return SampleCounts(cells.astype(np.int64), summed, tuple(columns))


def merge_multilabel(first, second, func):
    """The tables of two multilabel counts of the same labels, added."""
    if first.classes.tolist() != second.classes.tolist():
        raise ValueError(
            f"{func} adds multilabel counts of the same labels only: got labels "
            f"{first.classes.tolist()} and {second.classes.tolist()}. Count every "
            "chunk with all its columns."
        )
    squared = None
    if first.squared_weights is not None or second.squared_weights is not None:
        parts = [_squares(table) for table in (first, second)]
        scale = max(part[1] for part in parts)
        squared = (sum(s * (own / scale) ** 2 for s, own in parts), scale)
    samples = None
    if first.samples is not None and second.samples is not None:
        a, b = first.samples, second.samples
        cells = np.concatenate([a.cells, b.cells])
        unique, inverse = np.unique(cells, axis=0, return_inverse=True)
        weights = np.bincount(
            inverse.reshape(-1), np.concatenate([a.weights, b.weights]), len(unique)
        )
        samples = SampleCounts(unique, weights, a.columns)
    return MultilabelTable(
        first.stacks + second.stacks, first.classes, squared, samples
    )


def _squares(table):
    """``(sums, scale)`` of a table; unweighted, its counts (every weight 1)."""
    if table.squared_weights is not None:
        return table.squared_weights
    return np.stack([table.stacks[:, 0].sum(1), table.stacks[:, 1].sum(1)], 1), 1.0


def exact_matches(table):
    """Weight of the samples whose labels are all predicted right, and of all
    samples (scikit-learn's subset accuracy of multilabel targets)."""
    samples = table.samples
    if samples is None or len(samples.columns) != len(table.classes):
        raise ValueError(
            "The accuracy of multilabel targets is the share of samples whose "
            "labels are all predicted right: it needs per-sample counts, which "
            "counts made from per-label tables (from_matrix) do not hold. Count "
            "the labels with confusion_counts(y_true, y_pred)."
        )
    exact = (samples.cells[:, 1] == 0) & (samples.cells[:, 2] == 0)
    return float(samples.weights[exact].sum()), float(samples.weights.sum())


def count_indicators(indicators):
    """Each label's 2x2 table and the per-sample counts, in one pass."""
    true, pred, weights, columns = (
        indicators.true,
        indicators.pred,
        indicators.weights,
        indicators.columns,
    )
    n_samples = true.shape[0]
    tp, fn, fp = _cells(true, pred)
    sums = [_columns_sums(cells, weights) for cells in (tp, fn, fp)]
    total = float(n_samples if weights is None else weights.sum())
    if sparse.issparse(true):
        # true negatives are the rest; exactly 0 where no sample is one
        union = _columns_sums(tp, None) + _columns_sums(fn, None)
        union += _columns_sums(fp, None)
        tn = np.where(
            union < n_samples, np.maximum(total - sums[0] - sums[1] - sums[2], 0.0), 0.0
        )
    else:
        tn = _columns_sums(~true & ~pred, weights)
    stacks = np.empty((len(columns), 2, 2))
    stacks[:, 0, 0], stacks[:, 0, 1] = tn, sums[2]
    stacks[:, 1, 0], stacks[:, 1, 1] = sums[1], sums[0]
    squared = None
    if weights is not None:
        scale = (
            float(weights.max()) if weights.size and weights.max() > 2.0**500 else 1.0
        )
        squares = (weights / scale) ** 2
        positive = _columns_sums(true, squares)
        negative = np.maximum(squares.sum() - positive, 0.0)
        squared = (np.stack([negative, positive], axis=1), scale)
    samples = _histogram(
        *(_row_counts(cells) for cells in (tp, fn, fp)), weights, columns.tolist()
    )
    return MultilabelTable(stacks, columns, squared, samples)
