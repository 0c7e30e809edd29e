"""One-vs-rest counts read off a counted table: the labels a metric needs.

Every metric of the package is a function of the contingency table (or, for
multilabel targets, of each label's 2x2 table); this module selects the rows
``average`` asks for and sums each label's four cells from the table.
"""

import warnings
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from ..checks import (
    as_python_scalar,
    bad_param,
    check_label_families,
    check_labels,
    check_pos_label,
    index_of,
    label_array,
    label_family,
    preview,
    unknown_pos_label,
)
from ..inputs.multilabel import check_multilabel_labels

__all__ = [
    "OneVsRestCounts",
    "binary_cells",
    "index_of",
    "label_array",
    "micro_counts",
    "select_counts",
]


@dataclass(frozen=True)
class OneVsRestCounts:
    """One-vs-rest confusion counts of the selected labels (weighted sums).

    The engine hands counts and their sums; the rates are the metrics'
    (:mod:`imbascore._metrics.per_class`).

    Each of the four counts is summed from the cells of the contingency table
    it covers, never derived by subtraction from a total: a count whose cells
    are all zero is exactly zero, and a rate whose complement is zero is
    exactly 1, whatever fractional weights were summed.

    Attributes
    ----------
    labels : ndarray of shape (n_labels,)
        The class whose one-vs-rest counts each row holds.
    tp, fn, fp, tn : ndarray of shape (n_labels,)
        True positives, false negatives, false positives, true negatives.
    classes : ndarray of shape (n_classes,)
        Every label present in ``y_true`` or ``y_pred``, sorted.
    joint : ndarray or scipy.sparse matrix of shape (n_classes, n_classes)
        The weighted contingency table, true classes on rows.
    positive_trials, negative_trials : ndarray of shape (n_labels,) or None
        Effective number of samples of the label and of the other classes,
        ``(sum w)^2 / sum(w^2)`` (Kish), for the extreme-rate correction of
        d'; None when unweighted (then they are ``positives`` and
        ``negatives``).
    positions : ndarray of shape (n_labels,) or None
        Row of each label in ``joint`` (-1 for a label absent from the data).
    sample_weights : ndarray of shape (n_labels,) or None
        For ``average="samples"`` of multilabel targets: the rows are samples
        (the counts of their labels), grouped, and these are the groups'
        summed weights; None otherwise.
    """

    labels: np.ndarray
    tp: np.ndarray
    fn: np.ndarray
    fp: np.ndarray
    tn: np.ndarray
    classes: np.ndarray
    joint: object
    positive_trials: np.ndarray | None = None
    negative_trials: np.ndarray | None = None
    positions: np.ndarray | None = None
    sample_weights: np.ndarray | None = None

    @property
    def positives(self):
        return self.tp + self.fn

    @property
    def negatives(self):
        return self.fp + self.tn

    @property
    def total(self):
        return self.positives + self.negatives

    @property
    def predicted_positives(self):
        return self.tp + self.fp

    @property
    def predicted_negatives(self):
        return self.tn + self.fn

    @classmethod
    def of_cells(cls, tp, fn, fp, tn, classes, joint):
        """The counts of one label from its four cells (plain floats), built
        without the frozen ``__init__``'s eleven ``object.__setattr__`` calls
        (a tenth of a small metric call)."""
        counts = object.__new__(cls)
        counts.__dict__.update(
            _NO_EXTRAS, tp=tp, fn=fn, fp=fp, tn=tn, classes=classes, joint=joint
        )
        return counts

    @property
    def trials(self):
        """Effective sizes of the positive and the negative class."""
        if self.positive_trials is None:
            return self.positives, self.negatives
        return self.positive_trials, self.negative_trials


#: The fields of :meth:`OneVsRestCounts.of_cells` that one label's cells leave
#: empty.
_NO_EXTRAS = dict.fromkeys(
    ("labels", "positive_trials", "negative_trials", "positions", "sample_weights")
)


def _binary_position(classes, pos_label, func, averages=None, multiclass_form=""):
    """``averages``: the multiclass averages ``func`` takes, for its error
    (None: the ones every metric takes, 'multiclass' said to vary);
    ``multiclass_form`` says what its 'multiclass' is, if it has one."""
    if len(classes) > 2:
        found = f"The targets hold {len(classes)} classes: {preview(classes)}."
        if averages is None:
            rule = (
                "one of {'micro', 'macro', 'weighted', None} (or 'multiclass' "
                "where supported) for multiclass targets"
            )
        else:
            listed = ", ".join(map(repr, averages))
            rule = f"one of {{{listed}}} for multiclass targets"
            if "multiclass" in averages:
                found += (
                    f" average='multiclass' gives {func}'s own multiclass "
                    f"definition over the classes of y_true{multiclass_form}."
                )
        raise bad_param(func, "average", rule, "binary", found)
    pos_label = check_pos_label(pos_label, func, required=True)
    position = index_of(classes, pos_label)
    if position < 0 and len(classes) == 2:
        raise unknown_pos_label(func, classes, pos_label)
    return position, pos_label


def _label_positions(classes, labels, func):
    """Positions of the requested ``labels`` among ``classes`` (-1 if absent)."""
    labels = check_labels(labels, func)
    check_label_families(labels, classes, func)
    lookup = {
        (label_family(value), value): position
        for position, value in enumerate(map(as_python_scalar, classes.tolist()))
    }
    positions = [lookup.get((label_family(label), label), -1) for label in labels]
    return np.array(positions, dtype=np.int64), label_array(labels)


def binary_cells(table, pos_label, *, position=None):
    """``(tp, fn, fp, tn)`` of ``pos_label`` (or of the class at
    ``position``) as Python floats, for an unweighted two-class table holding
    it; None for any other table (the general selection then checks and
    reads it)."""
    if table.multilabel or table.squared_weights is not None:
        return None
    joint = table.joint
    if type(joint) is not np.ndarray or joint.shape != (2, 2):
        return None
    if position is None:
        position = index_of(table.classes, pos_label)
    return None if position < 0 else _binary_cells(joint, position)


def _binary_cells(joint, position):
    """The four cells of ``position`` in a table of at most 2x2, in plain Python.

    Avoids a dozen numpy calls on tiny arrays: most of the cost of scoring a
    small fold. Every count is one cell of the table, as counted.
    """
    rows = joint.tolist()
    if position < 0:  # the label is absent: every sample is a negative
        total = sum(map(sum, rows))
        return 0.0, 0.0, 0.0, total
    if len(rows) == 1:
        return rows[0][0], 0.0, 0.0, 0.0
    other = 1 - position
    return (
        rows[position][position],
        rows[position][other],
        rows[other][position],
        rows[other][other],
    )


# Up to this many classes the true negatives of each label are summed from
# their own cells (k^3 work); above it they come from the total, with counts
# whose cells are all empty set to exactly zero.
_DIRECT_TN_MAX = 32


def _one_vs_rest_cells(joint, positions):
    """Each label's tp, fn, fp, tn, each summed from its own cells.

    Labels at position -1 (absent from the data) have every sample negative.
    """
    n_classes = joint.shape[0]
    if n_classes <= 2 and not sparse.issparse(joint):
        cells = [_binary_cells(joint, position) for position in positions.tolist()]
        return tuple(np.array(column, dtype=float) for column in zip(*cells))
    if not sparse.issparse(joint) and n_classes > _DIRECT_TN_MAX:
        return _dense_one_vs_rest_cells(joint, positions)
    if sparse.issparse(joint):
        cells = joint.tocoo()
        rows, columns, data = cells.row, cells.col, cells.data
    else:
        rows, columns = np.nonzero(joint)
        data = joint[rows, columns]
    off = rows != columns
    diagonal = np.bincount(rows[~off], data[~off], minlength=n_classes)
    fn = np.bincount(rows[off], data[off], minlength=n_classes)
    fp = np.bincount(columns[off], data[off], minlength=n_classes)
    total = data.sum()
    if n_classes <= _DIRECT_TN_MAX:
        table = np.asarray(joint)
        outside = np.ones((n_classes, n_classes, n_classes), dtype=bool)
        index = np.arange(n_classes)
        outside[index, index, :] = False  # the label's own row
        outside[index, :, index] = False  # the label's own column
        tn = (table[np.newaxis] * outside).sum(axis=(1, 2))
    else:
        cells_in_row = np.bincount(rows, minlength=n_classes)
        cells_in_column = np.bincount(columns, minlength=n_classes)
        on_diagonal = np.bincount(rows[~off], minlength=n_classes)
        cells_outside = len(data) - cells_in_row - cells_in_column + on_diagonal
        tn = np.where(
            cells_outside > 0, np.maximum(total - diagonal - fn - fp, 0.0), 0.0
        )
    return _taken(positions, diagonal, fn, fp, tn, total)


def _dense_one_vs_rest_cells(joint, positions):
    """The same from a large dense table, by its row and column sums."""
    diagonal = joint.diagonal().copy()
    fn = joint.sum(axis=1) - diagonal
    fp = joint.sum(axis=0) - diagonal
    total = joint.sum()
    # tn is exactly zero when no cell lies outside the label's row and column
    filled = joint != 0
    cells_outside = (
        np.count_nonzero(filled)
        - filled.sum(axis=1)
        - filled.sum(axis=0)
        + (diagonal != 0)
    )
    tn = np.where(cells_outside > 0, np.maximum(total - diagonal - fn - fp, 0.0), 0.0)
    return _taken(positions, diagonal, fn, fp, tn, total)


def _taken(positions, diagonal, fn, fp, tn, total):
    """Cells of the labels at ``positions`` (-1: absent, all samples negative)."""
    found = positions >= 0
    where = np.where(found, positions, 0)

    def take(values, absent):
        return np.where(found, values[where], absent)

    return take(diagonal, 0.0), take(fn, 0.0), take(fp, 0.0), take(tn, total)


def _trials(squared_weights, positives, negatives, positions):
    """Effective class sizes ``(sum w)^2 / sum(w^2)`` of each label and its rest.

    ``squared_weights`` is the table's ``(sums, scales)`` (None unweighted);
    each size is computed in the units of its largest scale.
    """
    if squared_weights is None:
        return None, None
    sums, scales = squared_weights
    found = positions >= 0
    at = np.where(found, positions, 0)
    own = np.where(found, sums[at], 0.0)
    own_scale = np.where(found, scales[at], 1.0)
    if len(sums) <= _DIRECT_TN_MAX:  # summed directly: no cancellation
        index = np.arange(len(sums))
        rest = [index != p for p in positions.tolist()]
        rest_scale = np.array([scales[r].max(initial=0.0) or 1.0 for r in rest])
        others = np.array(
            [
                np.sum(sums[r] * (scales[r] / m) ** 2)
                for r, m in zip(rest, rest_scale, strict=True)
            ]
        )
    else:
        rest_scale = np.full(len(positions), scales.max(initial=0.0) or 1.0)
        total = np.sum(sums * (scales / rest_scale[0]) ** 2)
        others = np.maximum(total - own * (own_scale / rest_scale) ** 2, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        positive = np.where(own > 0, (positives / own_scale) ** 2 / own, 0.0)
        negative = np.where(others > 0, (negatives / rest_scale) ** 2 / others, 0.0)
    return positive, np.maximum(negative, 0.0)


def micro_counts(counts):
    """The one-vs-rest counts of every selected label summed into one row.

    The effective trials of the summed rows follow from each row's:
    ``(sum W)^2 / sum(W^2 / n)``, the Kish size of the pooled (sample, label)
    pairs.
    """

    def pooled(weights, trials):
        if trials is None:
            return None
        with np.errstate(divide="ignore", invalid="ignore"):
            squares = np.where(trials > 0, weights**2 / trials, 0.0).sum()
        return np.array([weights.sum() ** 2 / squares if squares > 0 else 0.0])

    return OneVsRestCounts(
        labels=label_array(["micro"]),
        tp=np.array([counts.tp.sum()]),
        fn=np.array([counts.fn.sum()]),
        fp=np.array([counts.fp.sum()]),
        tn=np.array([counts.tn.sum()]),
        classes=counts.classes,
        joint=counts.joint,
        positive_trials=pooled(counts.positives, counts.positive_trials),
        negative_trials=pooled(counts.negatives, counts.negative_trials),
    )


def _multiclass_rows(table, stacklevel):
    """Classes with weight in ``y_true``; the others are left out, with
    scikit-learn's warning of ``balanced_accuracy_score``."""
    support = table.support
    if not support.any():  # every sample weighs 0: every class is undefined
        return np.arange(len(table.classes)), table.classes
    positions = np.flatnonzero(support > 0)
    if len(positions) < len(table.classes):
        warnings.warn(
            "y_pred contains classes not in y_true", UserWarning, stacklevel + 1
        )
    return positions, table.classes[positions]


def _warn_pos_label(pos_label, average, func, stacklevel):
    if pos_label is not None and pos_label != 1:
        warnings.warn(
            f"pos_label={pos_label!r} is ignored by {func} when average != "
            f"'binary' (got {average!r}). Use labels=[pos_label] to score a "
            "single class.",
            UserWarning,
            stacklevel=stacklevel + 1,
        )


def _select_multilabel(table, labels, pos_label, average, func, stacklevel):
    """One-vs-rest counts of multilabel targets: each label's own table, or,
    for ``average="samples"``, each (group of) sample's counts over labels."""
    if average in ("binary", "multiclass"):
        raise bad_param(
            func,
            "average",
            "one of {'micro', 'macro', 'weighted', 'samples', None} for "
            "multilabel-indicator targets",
            average,
            "Each column is a label of its own binary problem; choose how "
            "to average them.",
        )
    _warn_pos_label(pos_label, average, func, stacklevel + 2)
    classes = table.classes
    if labels is None:
        positions = np.arange(len(classes))
    else:
        wanted = check_multilabel_labels(
            check_labels(labels, func), int(classes.max()) + 1, func
        )
        positions = np.array([index_of(classes, int(label)) for label in wanted])
        if (positions < 0).any():
            raise bad_param(
                func,
                "labels",
                f"among the counted labels {classes.tolist()}",
                wanted.tolist(),
            )
    if average == "samples":
        return _samples_counts(table, positions, func)
    stacks = table.stacks[positions]
    tn, fp, fn, tp = (stacks[:, row, column] for row in (0, 1) for column in (0, 1))
    positive_trials = negative_trials = None
    if table.squared_weights is not None:
        sums, scale = table.squared_weights
        with np.errstate(divide="ignore", invalid="ignore"):
            positive_trials, negative_trials = (
                np.where(own > 0, (count / scale) ** 2 / own, 0.0)
                for count, own in (
                    (tp + fn, sums[positions, 1]),
                    (fp + tn, sums[positions, 0]),
                )
            )
    return OneVsRestCounts(
        labels=classes[positions],
        tp=tp,
        fn=fn,
        fp=fp,
        tn=tn,
        classes=classes,
        joint=None,
        positive_trials=positive_trials,
        negative_trials=negative_trials,
        positions=positions,
    )


def _samples_counts(table, positions, func):
    """Each sample's counts over the labels, as rows (grouped, with weights)."""
    samples = table.samples
    if samples is None:
        raise ValueError(
            f"{func} cannot average over samples: these multilabel counts hold "
            "each label's table but no per-sample counts (they were made from "
            "a matrix). Count the labels with confusion_counts(y_true, y_pred)."
        )
    wanted = table.classes[positions].tolist()
    if sorted(wanted) != sorted(samples.columns):
        raise bad_param(
            func,
            "labels",
            f"None or all the counted labels {list(samples.columns)} with "
            "average='samples' (the per-sample counts run over all of them)",
            wanted,
            "Count the chosen columns only: confusion_counts(y_true[:, labels], "
            "y_pred[:, labels]).",
        )
    tp, fn, fp = (samples.cells[:, k].astype(float) for k in range(3))
    return OneVsRestCounts(
        labels=np.arange(len(tp)),
        tp=tp,
        fn=fn,
        fp=fp,
        tn=len(samples.columns) - tp - fn - fp,
        classes=table.classes,
        joint=None,
        sample_weights=samples.weights,
    )


def select_counts(
    table,
    *,
    labels=None,
    pos_label=1,
    average="binary",
    func,
    stacklevel=2,
    averages=None,
    multiclass_form="",
):
    """One-vs-rest counts of the labels that ``average`` needs, from ``table``.

    With ``average="binary"`` the single row is ``pos_label``; with
    ``"multiclass"`` and no ``labels`` the rows are the classes with weight
    in ``y_true`` (as in :func:`sklearn.metrics.balanced_accuracy_score`);
    otherwise they are ``labels`` or every class present. ``averages`` are
    the multiclass averages ``func`` takes, which its errors then list, with
    ``multiclass_form`` saying what its 'multiclass' is.
    """
    if table.multilabel:
        return _select_multilabel(table, labels, pos_label, average, func, stacklevel)
    if average == "samples":
        raise bad_param(
            func,
            "average",
            "one of {'binary', 'micro', 'macro', 'weighted', None} for "
            "targets that are not multilabel",
            "samples",
            "Averaging over samples needs multilabel-indicator targets "
            "(2-D 0/1 arrays); for these, accuracy is the per-sample score.",
        )
    joint, classes = table.joint, table.classes
    if average == "binary":
        position, pos_label = _binary_position(
            classes, pos_label, func, averages, multiclass_form
        )
        positions, selected = np.array([position]), label_array([pos_label])
    else:
        _warn_pos_label(pos_label, average, func, stacklevel + 1)
        if average == "multiclass" and labels is None:
            positions, selected = _multiclass_rows(table, stacklevel + 1)
        elif labels is None:
            positions, selected = np.arange(len(classes)), classes
        else:
            positions, selected = _label_positions(classes, labels, func)
    tp, fn, fp, tn = _one_vs_rest_cells(joint, positions)
    positive_trials, negative_trials = _trials(
        table.squared_weights, tp + fn, fp + tn, positions
    )
    return OneVsRestCounts(
        labels=selected,
        tp=tp,
        fn=fn,
        fp=fp,
        tn=tn,
        classes=classes,
        joint=joint,
        positive_trials=positive_trials,
        negative_trials=negative_trials,
        positions=positions,
    )
