"""The contingency table of coded labels: dense joint bincount, or sparse.

One pass over the codes fills the whole (n_classes, n_classes) table with
:func:`numpy.bincount` on ``true * n_classes + pred``, in chunks so that the
temporary index array stays small whatever the number of samples. Weighted
counts also keep each true class's sum of squared weights (for the effective
sample sizes that intervals and d' read).
"""

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from scipy import sparse

from ..checks import CHUNK
from .zero_one import count_zero_one

__all__ = [
    "ContingencyTable",
    "DENSE_MAX",
    "count_joint",
    "in_class_order",
    "zero_one_table",
]

# Above this many classes the contingency table is kept sparse.
DENSE_MAX = 256


# Squared weights: above _WEIGHT_HUGE they overflow, so all are scaled by the
# largest weight; a class whose sum of squares falls below _SQUARES_SAFE may
# have lost digits to underflow and is summed again, scaled by its own largest.
_WEIGHT_HUGE = 2.0**500


_SQUARES_SAFE = 2.0**-800


def _joint_bincount(y_true, y_pred, offset, n_values, weights):
    """Counts of ``(true - offset, pred - offset)`` pairs.

    Returns the unweighted table, the weighted one (None without weights) and
    the sum of squared weights of each true value divided by ``scale``**2
    (None without weights), with ``scale``.
    """
    size = n_values * n_values
    counts = weighted = squared = None
    scale = 1.0
    if weights is not None:
        weighted, squared = np.zeros(size), np.zeros(n_values)
        if weights.size and weights.max() > _WEIGHT_HUGE:
            scale = float(weights.max())
    # a large table is added once per chunk: chunks at least its size
    chunk = max(CHUNK, size)
    for start in range(0, y_true.shape[0], chunk):
        stop = start + chunk
        index = y_true[start:stop].astype(np.int64)
        if offset:  # subtract before multiplying: large labels must not overflow
            index -= offset
        if weights is not None:
            chunk_weights = weights[start:stop]
            squared += np.bincount(
                index, (chunk_weights / scale) ** 2, minlength=n_values
            )
        index *= n_values
        if offset:
            pred = y_pred[start:stop].astype(np.int64)
            pred -= offset
            index += pred
        else:
            np.add(index, y_pred[start:stop], out=index, casting="unsafe")
        part = np.bincount(index, minlength=size)
        if counts is None:
            counts = part
        else:
            counts += part
        if weights is not None:
            weighted += np.bincount(index, chunk_weights, minlength=size)
    shape = (n_values, n_values)
    if weights is None:
        return counts.reshape(shape), None, None, scale
    return counts.reshape(shape), weighted.reshape(shape), squared, scale


def _squared_weights(squared, scale, class_weights, weights, codes_true):
    """Per class ``(sum (w / s)^2, s)``: the sums of squares and their scales.

    Classes whose squares underflowed are summed again with ``s`` their own
    largest weight (rare: weights that span hundreds of orders of magnitude);
    ``codes_true()`` gives the true classes' codes for that.
    """
    if squared is None:
        return None
    scales = np.full(len(squared), scale)
    risky = np.flatnonzero((squared < _SQUARES_SAFE) & (class_weights > 0))
    codes = codes_true() if risky.size else None
    for code in risky:
        own = weights[codes == code]
        scales[code] = own.max()
        squared[code] = np.sum((own / scales[code]) ** 2)
    return squared, scales


@dataclass(frozen=True)
class ContingencyTable:
    """The counted table of one (y_true, y_pred) pair, before labels are chosen.

    Attributes
    ----------
    joint : ndarray or scipy.sparse matrix of shape (n_classes, n_classes)
        The weighted contingency table, true classes on rows.
    classes : ndarray of shape (n_classes,)
        Every label present in ``y_true`` or ``y_pred``, sorted.
    squared_weights : tuple of two ndarrays of shape (n_classes,) or None
        ``(sums, scales)``: each true class's sum of squared sample weights is
        ``sums * scales**2`` (kept apart so that neither under- nor overflows);
        None unweighted.
    """

    joint: object
    classes: np.ndarray
    squared_weights: tuple | None = None
    multilabel: ClassVar[bool] = False

    @property
    def support(self):
        """Weight of each class in ``y_true`` (row sums)."""
        return np.asarray(self.joint.sum(axis=1), dtype=float).ravel()


def _compressed(true, pred, offset, values):
    """A wide integer range re-encoded as codes of the values present."""
    shifted = [y.astype(np.int64) - offset for y in (true, pred)]
    present = np.zeros(len(values), dtype=bool)
    for y in shifted:
        present |= np.bincount(y, minlength=len(present)) > 0
    lookup = np.cumsum(present) - 1
    return lookup[shifted[0]], lookup[shifted[1]], values[present]


def _dense(true, pred, offset, values, weights):
    """The table of every value, dense; values that no sample has dropped."""
    counts, weighted, squared, scale = _joint_bincount(
        true, pred, offset, len(values), weights
    )
    if weighted is not None:
        squared = _squared_weights(
            squared,
            scale,
            weighted.sum(axis=1),
            weights,
            lambda: true.astype(np.int64) - offset,
        )
    joint = counts if weighted is None else weighted
    return present_table(joint, counts, values, squared)


def zero_one_table(joint, values):
    """The table of a 0/1 count (a 2x2 int array), classes no sample has
    dropped; in plain Python, as most calls make one."""
    (tn, fp), (fn, tp) = joint.tolist()
    if tn + fp + fn and tp + fp + fn:  # both classes occur
        return ContingencyTable(joint.astype(np.float64), values)
    return present_table(joint, joint, values)


def present_table(joint, counts, values, squared=None):
    """The table of the classes some sample has (in y_true or y_pred)."""
    present = (counts.sum(axis=1) > 0) | (counts.sum(axis=0) > 0)
    if not present.all():
        joint = joint[np.ix_(present, present)]
        squared = None if squared is None else tuple(a[present] for a in squared)
        values = values[present]
    return ContingencyTable(joint.astype(np.float64), values, squared)


def _sparse(true, pred, classes, weights):
    """The table of many classes as a CSR matrix (one entry per filled cell)."""
    n_classes = len(classes)
    data = np.ones(len(true)) if weights is None else weights
    joint = sparse.coo_matrix((data, (true, pred)), shape=(n_classes, n_classes))
    joint = joint.tocsr()
    joint.eliminate_zeros()  # zero weights must not count as cells
    squared = None
    if weights is not None:
        scale = float(weights.max()) if weights.max() > _WEIGHT_HUGE else 1.0
        squared = _squared_weights(
            np.bincount(true, (weights / scale) ** 2, minlength=n_classes),
            scale,
            np.asarray(joint.sum(axis=1)).ravel(),
            weights,
            lambda: true,
        )
    return ContingencyTable(joint, classes, squared)


def in_class_order(raw, lookup, classes):
    """The table of codes ``raw`` (its classes: the codes some sample has) as
    the table of their labels ``classes[lookup[code]]``, sorted: the rows and
    columns of a small table reordered instead of every sample's code."""
    positions = lookup[raw.classes]
    order = np.argsort(positions)
    joint = np.asarray(raw.joint)[np.ix_(order, order)]
    squared = raw.squared_weights
    if squared is not None:
        squared = tuple(part[order] for part in squared)
    return ContingencyTable(joint, classes[positions[order]], squared)


def count_joint(true, pred, offset, values, weights):
    """The contingency table of labels ``values[code - offset]``.

    The strategy follows the codes: two codes without weights, one fused pass
    (:mod:`.zero_one`); a table no larger than the input, a dense bincount
    without a sort; more classes, the values present re-encoded, then a dense
    table up to ``DENSE_MAX`` classes and a sparse one above.
    """
    n_values = len(values)
    if weights is None and n_values == 2 and not offset:
        joint = count_zero_one(true, pred, CHUNK)  # None for -0.0: its bits differ
        if joint is not None:
            return zero_one_table(joint, values)
    if n_values <= DENSE_MAX or n_values * n_values <= true.shape[0]:
        return _dense(true, pred, offset, values, weights)
    true, pred, values = _compressed(true, pred, offset, values)
    if len(values) <= DENSE_MAX:
        return _dense(true, pred, 0, values, weights)
    return _sparse(true, pred, values, weights)
