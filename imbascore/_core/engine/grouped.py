"""Counts by group in one pass: the joint bincount with the group as one more
code.

Each sample's cell is ``(group * K + true) * K + pred`` for ``K`` classes,
so one weighted ``bincount`` over the samples (in chunks) fills every
group's table at once; each group's table then keeps the classes present in
its own rows and columns, as its slice counted alone would. Labels coded 0
and 1 are first offered to the fused pass of
:mod:`~imbascore._core.engine.grouped_zero_one`, which validates and counts
each chunk together and declines (None) on anything else.
"""

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from ..checks import CHUNK
from ..inputs.arrays import check_whole_floats
from ..inputs.unique import common_label_dtype, encode_sorted
from . import own_codes
from .grouped_zero_one import count_grouped_zero_one
from .joint import ContingencyTable

__all__ = ["GroupedTables", "count_grouped"]

#: Integer labels spanning at most this many values are their own codes
#: here (a table of that many classes per group); wider, they are sorted.
_MAX_OWN_CLASSES = 256
#: Above this many cells (groups x classes^2) the cells present are found by
#: sorting rather than held densely.
_DENSE_CELLS = 1 << 24


@dataclass(frozen=True, eq=False)
class GroupedTables:
    """One contingency table per group, counted together.

    Attributes
    ----------
    joint : ndarray of shape (n_groups, n_classes, n_classes) or sparse
        Each group's (weighted) table, true classes on rows; with many cells
        a CSR matrix of shape (n_groups * n_classes, n_classes), group
        ``g``'s rows from ``g * n_classes``.
    classes : ndarray of shape (n_classes,)
        Every label of the data, sorted.
    squared : ndarray of shape (n_groups, n_classes) or None
        Each group's and true class's sum of squared weights (None
        unweighted).
    samples : ndarray of shape (n_groups,)
        Each group's number of samples (whatever their weights).
    """

    joint: np.ndarray
    classes: np.ndarray
    squared: np.ndarray | None
    samples: np.ndarray

    @property
    def n_groups(self):
        k = len(self.classes)
        return self.joint.shape[0] if self.joint.ndim == 3 else self.joint.shape[0] // k

    def group_joint(self, group):
        """Group ``group``'s table over every class (dense)."""
        if self.joint.ndim == 3:
            return self.joint[group]
        k = len(self.classes)
        return self.joint[group * k : (group + 1) * k].toarray()

    def overall_table(self):
        """The :class:`ContingencyTable` of every group's samples together."""
        joint = self.joint.sum(axis=0)
        if self.joint.ndim != 3:
            k = len(self.classes)
            joint = np.asarray(self.joint.reshape(-1, k * k).sum(axis=0)).reshape(k, k)
        present = (joint.sum(axis=0) + joint.sum(axis=1)) > 0
        squared = None
        if self.squared is not None:
            squared = (self.squared.sum(axis=0)[present], np.ones(int(present.sum())))
        return ContingencyTable(
            joint[np.ix_(present, present)], self.classes[present], squared
        )

    def table(self, group):
        """The :class:`ContingencyTable` of ``group``: its present classes
        only, as its rows counted alone give."""
        joint = self.group_joint(group)
        present = (joint.sum(axis=0) + joint.sum(axis=1)) > 0
        kept = joint[np.ix_(present, present)]
        squared = None
        if self.squared is not None:
            squared = (self.squared[group][present], np.ones(int(present.sum())))
        return ContingencyTable(kept, self.classes[present], squared)


def _class_codes(codes):
    """``(true, pred, offset, classes)``: the targets' codes, ``code -
    offset`` in ``0 .. K - 1`` (integer labels are their own codes when
    their range is small, as the ungrouped count reads them)."""
    if codes.classes is not None:
        codes = codes.resolved()
        return codes.true, codes.pred, 0, codes.classes
    check_whole_floats(codes)
    own = own_codes(codes.true, codes.pred)
    if own is not None:
        offset, values = own
        if len(values) <= _MAX_OWN_CLASSES:
            return codes.true, codes.pred, offset, values
    true, pred, classes = encode_sorted(codes.true, codes.pred, codes.func)
    return true, pred, 0, classes


def _zero_one_tables(codes, groups):
    """The :class:`GroupedTables` of labels coded 0 and 1 from the fused
    pass, or None (other labels, or too many groups for a dense table)."""
    if codes.classes is not None:
        return None
    true, pred = codes.true, codes.pred
    counted = count_grouped_zero_one(
        true,
        pred,
        groups.codes,
        groups.n_groups,
        codes.weights,
        CHUNK,
        max(_DENSE_CELLS, true.shape[0]),
    )
    if counted is None:
        return None
    joint, present, squared, samples = counted
    # the classes seen, as own_codes' range gives them: [0], [1] or [0, 1]
    classes = np.flatnonzero(present).astype(common_label_dtype(true.dtype, pred.dtype))
    if not present.all():
        joint = joint[:, present][:, :, present]
        squared = None if squared is None else squared[:, present]
    if samples is None:  # unweighted counts are the samples
        samples = joint.sum(axis=(1, 2))
    return GroupedTables(joint, classes, squared, samples)


def count_grouped(codes, groups):
    """The :class:`GroupedTables` of single-label :class:`~imbascore._core.
    inputs.Codes` by :class:`~imbascore._core.inputs.groups.GroupCodes`."""
    tables = _zero_one_tables(codes, groups)
    if tables is not None:
        return tables
    true, pred, offset, classes = _class_codes(codes)
    k, g = len(classes), groups.n_groups
    weights = codes.weights
    size = g * k * k
    dense = size <= max(_DENSE_CELLS, true.shape[0])
    cells = None if dense else []
    dtype = np.float64 if weights is not None else np.int64
    joint = np.zeros(size if dense else 0, dtype=dtype)
    squared = None if weights is None else np.zeros(g * k)
    samples = None if weights is None else np.zeros(g, dtype=np.int64)
    # chunks of CHUNK samples keep the index in cache (measured on 10^7
    # samples: 55 ms against 75 ms with chunks of 2^20)
    for start in range(0, true.shape[0], CHUNK):
        stop = start + CHUNK
        index = groups.codes[start:stop] * k
        np.add(index, true[start:stop], out=index, casting="unsafe")
        if offset:
            index -= offset
        chunk_weights = None if weights is None else weights[start:stop]
        if weights is not None:  # index is each sample's (group, true) row
            squared += np.bincount(index, chunk_weights**2, minlength=g * k)
            samples += np.bincount(groups.codes[start:stop], minlength=g)
        index *= k
        np.add(index, pred[start:stop], out=index, casting="unsafe")
        if offset:
            index -= offset
        if dense:
            joint += np.bincount(index, chunk_weights, minlength=size).astype(
                joint.dtype, copy=False
            )
        else:
            cells.append((index, chunk_weights))
    joint = joint.reshape(g, k, k) if dense else _sparse_cells(cells, g * k, k)
    if squared is not None:
        squared = squared.reshape(g, k)
    else:  # unweighted counts are the samples
        if joint.ndim == 3:
            samples = joint.sum(axis=(1, 2))
        else:
            samples = np.asarray(joint.sum(axis=1)).reshape(g, k).sum(axis=1)
    return GroupedTables(joint, classes, squared, samples)


def _sparse_cells(cells, rows, k):
    """The counts of many cells, few of them present, as a CSR matrix of
    shape (rows, k): found by sorting the cells' indices."""
    index = np.concatenate([c for c, _ in cells])
    weights = None if cells[0][1] is None else np.concatenate([w for _, w in cells])
    present, inverse = np.unique(index, return_inverse=True)
    sums = np.bincount(inverse.ravel(), weights)
    return sparse.csr_matrix((sums, (present // k, present % k)), shape=(rows, k))
