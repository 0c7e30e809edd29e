"""Count a confusion matrix once and read one-vs-rest counts off it.

One pass over the labels fills the whole (n_classes, n_classes) contingency
table with :func:`numpy.bincount` on ``true * n_classes + pred``, in chunks so
that the temporary index array stays small whatever the number of samples.
Every metric of the package is a function of this table.
"""

import numbers
import warnings
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from ._validation import CHUNK, check_targets, param_error

__all__ = [
    "ConfusionCounts",
    "ContingencyTable",
    "confusion_counts",
    "count_table",
    "index_of",
    "select_counts",
]

# Above this many classes the contingency table is kept sparse.
_DENSE_MAX = 256


@dataclass(frozen=True)
class ConfusionCounts:
    """One-vs-rest confusion counts of the selected labels (weighted sums).

    ``positives`` and ``negatives`` are summed directly rather than derived,
    so that a class with no samples has exactly zero of them even when
    fractional weights are summed in floating point.

    Attributes
    ----------
    labels : ndarray of shape (n_labels,)
        The class whose one-vs-rest counts each row holds.
    tp, fp : ndarray of shape (n_labels,)
        True and false positives of each label.
    positives, negatives : ndarray of shape (n_labels,)
        Total weight of the samples whose true class is / is not the label.
    classes : ndarray of shape (n_classes,)
        Every label present in ``y_true`` or ``y_pred``, sorted.
    joint : ndarray or scipy.sparse matrix of shape (n_classes, n_classes)
        The weighted contingency table, true classes on rows.
    """

    labels: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    positives: np.ndarray
    negatives: np.ndarray
    classes: np.ndarray
    joint: object

    @property
    def fn(self):
        return np.maximum(self.positives - self.tp, 0.0)

    @property
    def tn(self):
        return np.maximum(self.negatives - self.fp, 0.0)

    @property
    def total(self):
        return self.positives + self.negatives

    def rate(self, numerator, denominator):
        """Ratio clipped to [0, 1] (rounding only); NaN where undefined.

        Callers silence numpy's 0/0 warning (see ``per_class_values``).
        """
        return np.minimum(np.maximum(numerator / denominator, 0.0), 1.0)

    @property
    def tpr(self):
        return self.rate(self.tp, self.positives)

    @property
    def tnr(self):
        return self.rate(self.tn, self.negatives)

    @property
    def accuracy(self):
        return self.rate(self.tp + self.tn, self.total)


def _joint_bincount(y_true, y_pred, offset, n_values, weights):
    """Unweighted and weighted counts of ``(true - offset, pred - offset)`` pairs."""
    size = n_values * n_values
    counts = np.zeros(size, dtype=np.int64)
    weighted = None if weights is None else np.zeros(size)
    for start in range(0, y_true.shape[0], CHUNK):
        stop = start + CHUNK
        index = y_true[start:stop].astype(np.int64)
        if offset:  # subtract before multiplying: large labels must not overflow
            index -= offset
            index *= n_values
            pred = y_pred[start:stop].astype(np.int64)
            pred -= offset
            index += pred
        else:
            index *= n_values
            np.add(index, y_pred[start:stop], out=index, casting="unsafe")
        counts += np.bincount(index, minlength=size)
        if weights is not None:
            weighted += np.bincount(index, weights[start:stop], minlength=size)
    shape = (n_values, n_values)
    return counts.reshape(shape), None if weights is None else weighted.reshape(shape)


def _compress_range(targets):
    """Re-encode a wide integer range as codes of the values actually present."""
    shifted = [
        y.astype(np.int64) - targets.offset for y in (targets.y_true, targets.y_pred)
    ]
    present = np.zeros(len(targets.values), dtype=bool)
    for y in shifted:
        present |= np.bincount(y, minlength=len(present)) > 0
    lookup = np.cumsum(present) - 1
    return lookup[shifted[0]], lookup[shifted[1]], targets.values[present]


def _contingency(targets):
    """Return (joint table over present classes, classes, present-in-y_true mask)."""
    n_values = len(targets.values)
    weights = targets.sample_weight
    if n_values <= _DENSE_MAX:
        counts, weighted = _joint_bincount(
            targets.y_true, targets.y_pred, targets.offset, n_values, weights
        )
        in_true, in_pred = counts.sum(axis=1) > 0, counts.sum(axis=0) > 0
        present = in_true | in_pred
        joint = counts if weighted is None else weighted
        if not present.all():
            joint = joint[np.ix_(present, present)]
        return joint.astype(np.float64), targets.values[present], in_true[present]
    if targets.encoding == "range":
        codes_true, codes_pred, classes = _compress_range(targets)
    else:
        codes_true, codes_pred, classes = targets.y_true, targets.y_pred, targets.values
    n_classes = len(classes)
    if n_classes <= _DENSE_MAX:
        counts, weighted = _joint_bincount(
            codes_true, codes_pred, 0, n_classes, weights
        )
        joint = counts if weighted is None else weighted
        return joint.astype(np.float64), classes, counts.sum(axis=1) > 0
    data = np.ones(len(codes_true)) if weights is None else weights
    joint = sparse.coo_matrix(
        (data, (codes_true, codes_pred)), shape=(n_classes, n_classes)
    ).tocsr()
    in_true = np.bincount(codes_true, minlength=n_classes) > 0
    return joint, classes, in_true


def index_of(classes, label):
    """Position of ``label`` among ``classes`` (``==`` on Python scalars), or -1."""
    for position, value in enumerate(classes.tolist()):
        if value == label:
            return position
    return -1


def _binary_selection(classes, pos_label, func):
    if len(classes) > 2:
        raise ValueError(
            param_error(
                func,
                "average",
                "one of {'macro', 'weighted', None} (or 'multiclass' where "
                "supported) for multiclass targets",
                "binary",
                f"The targets hold {len(classes)} classes: {_preview(classes)}.",
            )
        )
    if not isinstance(pos_label, str | numbers.Number):
        raise TypeError(
            param_error(
                func, "pos_label", "a single label (str, int or bool)", pos_label
            )
        )
    position = index_of(classes, pos_label)
    if position < 0 and len(classes) == 2:
        raise ValueError(
            param_error(
                func,
                "pos_label",
                f"one of the labels present, {_preview(classes)}",
                pos_label,
            )
        )
    return np.array([position]), np.array([pos_label])


def _label_selection(classes, labels, func):
    if labels is None:
        return np.arange(len(classes)), classes
    labels = np.asarray(labels)
    if labels.ndim != 1 or labels.shape[0] == 0:
        raise ValueError(
            param_error(
                func, "labels", "a non-empty 1-D list of labels", labels.tolist()
            )
        )
    if len(set(labels.tolist())) != labels.shape[0]:
        raise ValueError(
            param_error(func, "labels", "a list of distinct labels", labels.tolist())
        )
    lookup = {value: position for position, value in enumerate(classes.tolist())}
    positions = np.array([lookup.get(label, -1) for label in labels.tolist()])
    return positions, labels


def _binary_sums(joint, position):
    """The pos_label's sums from a table of at most 2x2, in plain Python.

    Avoids a dozen numpy calls on tiny arrays: most of the cost of scoring a
    small fold. Sums of at most four numbers; a zero row stays exactly zero.
    """
    rows = joint.tolist()
    total = sum(map(sum, rows))
    if position < 0:
        return np.zeros(1), np.zeros(1), np.zeros(1), total
    tp = rows[position][position]
    predicted = sum(row[position] for row in rows)
    return np.array([tp]), np.array([sum(rows[position])]), np.array([predicted]), total


def _one_vs_rest_sums(joint, positions):
    """Each label's true positives, true count, predicted count; and the total."""
    diagonal = np.asarray(joint.diagonal())
    row_sums, column_sums = _column(joint, 1), _column(joint, 0)
    if (positions >= 0).all():
        sums = (diagonal[positions], row_sums[positions], column_sums[positions])
    else:  # some requested labels are absent: their counts are 0
        sums = (
            _take(values, positions) for values in (diagonal, row_sums, column_sums)
        )
    return (*sums, row_sums.sum())


def _take(values, positions):
    """``values[positions]``, with 0 where a position is -1 (label absent)."""
    found = positions >= 0
    return np.where(found, values[np.where(found, positions, 0)], 0.0)


def _preview(values, limit=10):
    listed = values.tolist()
    return repr(listed) if len(listed) <= limit else f"{listed[:limit]!r}[:{limit}]..."


def _column(matrix, axis):
    return np.asarray(matrix.sum(axis=axis)).ravel()


@dataclass(frozen=True)
class ContingencyTable:
    """The counted table of one (y_true, y_pred) pair, before labels are chosen.

    Attributes
    ----------
    joint : ndarray or scipy.sparse matrix of shape (n_classes, n_classes)
        The weighted contingency table, true classes on rows.
    classes : ndarray of shape (n_classes,)
        Every label present in ``y_true`` or ``y_pred``, sorted.
    in_true : ndarray of bool of shape (n_classes,)
        Whether each class occurs in ``y_true``.
    """

    joint: object
    classes: np.ndarray
    in_true: np.ndarray


def count_table(y_true, y_pred, sample_weight=None, func="count_table"):
    """Validate the targets and count their contingency table, once."""
    targets = check_targets(y_true, y_pred, sample_weight, func)
    return ContingencyTable(*_contingency(targets))


def select_counts(
    table, *, labels=None, pos_label=1, average="binary", func, stacklevel=2
):
    """One-vs-rest counts of the labels that ``average`` needs, from ``table``.

    With ``average="binary"`` the single row is ``pos_label``; with
    ``"multiclass"`` and no ``labels`` the rows are the classes present in
    ``y_true`` (as in :func:`sklearn.metrics.balanced_accuracy_score`);
    otherwise they are ``labels`` or every class present.
    """
    joint, classes = table.joint, table.classes
    if average == "binary":
        positions, selected = _binary_selection(classes, pos_label, func)
        tp, positives, predicted, total = _binary_sums(joint, positions[0])
    else:
        if pos_label not in (None, 1):
            warnings.warn(
                f"pos_label={pos_label!r} is ignored by {func} when average != "
                f"'binary' (got {average!r}). Use labels=[pos_label] to score a "
                "single class.",
                UserWarning,
                stacklevel=stacklevel + 1,
            )
        if average == "multiclass" and labels is None:
            positions = np.flatnonzero(table.in_true)
            selected = classes[positions]
        else:
            positions, selected = _label_selection(classes, labels, func)
        tp, positives, predicted, total = _one_vs_rest_sums(joint, positions)
    return ConfusionCounts(
        labels=selected,
        tp=tp,
        fp=np.maximum(predicted - tp, 0.0),
        positives=positives,
        negatives=total - positives,
        classes=classes,
        joint=joint,
    )


def confusion_counts(
    y_true,
    y_pred,
    *,
    labels=None,
    pos_label=1,
    average="binary",
    sample_weight=None,
    func="confusion_counts",
):
    """Validate the inputs, count once, and select the labels ``average`` needs."""
    table = count_table(y_true, y_pred, sample_weight, func)
    return select_counts(
        table,
        labels=labels,
        pos_label=pos_label,
        average=average,
        func=func,
        stacklevel=3,
    )
