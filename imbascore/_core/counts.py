"""The counts object: a counted table with its labels, mergeable.

Every metric of the package is a function of one table, the (weighted)
confusion matrix of true against predicted labels. :class:`Counts` holds that
table with its labels (those of the data, and those given without data);
tables of folds, file chunks or workers add up to the table of all their
data, so each can be counted where its data lives. The readers of counts
(metrics by name, intervals, reports) live above; the public
:class:`~imbascore.ConfusionCounts` joins them to this object.
"""

import dataclasses
import numbers
import operator

import numpy as np
from scipy import sparse

from .checks import (
    bad_param,
    check_label_families,
    check_labels,
)
from .engine import ContingencyTable, MultilabelTable, count_table
from .engine.joint import DENSE_MAX
from .engine.multilabel import SampleCounts, merge_multilabel
from .engine.prevalence import check_priors, rescale_rows, row_factors
from .engine.select import index_of, label_array
from .inputs.dask import any_dask, empty_error, reduce_blocks
from .inputs.unique import unite_labels

__all__ = ["Counts", "count"]

_NO_LABELS = np.array([])


#: The engine's table types a pickle of counts may hold, by name.
_TABLE_TYPES = {
    table.__name__: table for table in (ContingencyTable, MultilabelTable, SampleCounts)
}


def _plain_table(value):
    """A table (and the tables it holds) as ``{"table": type name, field:
    value, ...}``."""
    if type(value).__name__ not in _TABLE_TYPES:
        return value
    fields = {
        f.name: _plain_table(getattr(value, f.name)) for f in dataclasses.fields(value)
    }
    return {"table": type(value).__name__, **fields}


def _rebuilt_table(value):
    """The table of :func:`_plain_table`'s form."""
    if not isinstance(value, dict):
        return value
    fields = dict(value)
    table = _TABLE_TYPES[fields.pop("table")]
    return table(**{key: _rebuilt_table(field) for key, field in fields.items()})


class Counts:
    """The counts of :class:`~imbascore.ConfusionCounts`, without their readers.

    It holds the table, its labels and matrix, and adds, compares and prints
    itself; :class:`~imbascore.ConfusionCounts` adds the readers (``score``,
    ``interval``, ``report``), which live in the layers above. The modules
    that read counts take either.
    """

    def __init__(self, table, *, weighted, absent=()):
        # Use confusion_counts or from_matrix. ``table`` counts the labels
        # observed in the data; ``absent`` are labels given without data.
        # Kept cheap: every metric call makes one.
        self._table = table
        self._weighted = bool(weighted)
        self._absent = label_array(list(absent)) if len(absent) else _NO_LABELS
        self._labels = self._rows = None

    def _layout(self):
        """The labels of the matrix and the row of each observed label in it."""
        if self._labels is None and self.multilabel:
            classes = self._table.classes
            self._labels, self._rows = classes, np.arange(len(classes))
        if self._labels is None:
            classes = self._table.classes
            if len(self._absent):
                labels, rows, _ = unite_labels(classes, self._absent, "ConfusionCounts")
            else:
                labels, rows = classes, np.arange(len(classes))
            self._labels, self._rows = labels, rows
        return self._labels, self._rows

    @property
    def table(self):
        """The counted table of the observed labels (the engine's view)."""
        return self._table

    @property
    def absent(self):
        """Labels given without data (a zero row and column)."""
        return self._absent.tolist()

    @property
    def labels(self):
        return self._layout()[0]

    @property
    def weighted(self):
        return self._weighted

    @property
    def multilabel(self):
        return self._table.multilabel

    @property
    def matrix(self):
        if self.multilabel:
            return self._table.stacks.astype(np.float64 if self._weighted else np.int64)
        joint = self._table.joint
        labels, rows = self._layout()
        size = len(labels)
        dtype = np.float64 if self._weighted else np.int64
        if sparse.issparse(joint) or size > DENSE_MAX:
            coo = sparse.coo_matrix(joint)
            return sparse.csr_matrix(
                (
                    coo.data.astype(dtype),
                    (rows[coo.row], rows[coo.col]),
                ),
                shape=(size, size),
            )
        matrix = np.zeros((size, size), dtype=dtype)
        matrix[np.ix_(rows, rows)] = joint
        return matrix

    @classmethod
    def from_matrix(cls, matrix, labels=None):
        """Counts from a confusion matrix you already have.

        Parameters
        ----------
        matrix : array-like or scipy.sparse matrix of shape (n_labels, n_labels)
            Rows true, columns predicted (as
            :func:`sklearn.metrics.confusion_matrix` gives it): finite and
            non-negative. Integer matrices are counts; float ones are taken as
            sums of sample weights. An array of shape (n_labels, 2, 2), as
            :func:`sklearn.metrics.multilabel_confusion_matrix` gives it,
            is the counts of multilabel targets: each label's table
            ``[[tn, fp], [fn, tp]]``. Those hold no per-sample counts, so
            ``average="samples"`` and the subset accuracy are refused.

        labels : array-like of shape (n_labels,), default=None
            The label of each row and column, distinct; by default
            ``0 .. n_labels - 1``. A label whose row and column are all zero
            counts as absent from the data. Must be None for multilabel
            tables (their labels are the column indices).

        Returns
        -------
        counts : ConfusionCounts

        Examples
        --------
        >>> from imbascore import ConfusionCounts
        >>> counts = ConfusionCounts.from_matrix([[50, 10], [3, 7]], ["no", "yes"])
        >>> round(counts.score("gmean", pos_label="yes"), 4)
        0.7638
        """
        func = "ConfusionCounts.from_matrix"
        if _is_stack(matrix):
            return cls._from_stacks(matrix, labels, func)
        dense = _checked_matrix(matrix, func)
        size = dense.shape[0]
        labels = _checked_matrix_labels(labels, size, func)
        observed = (dense.sum(axis=0) > 0) | (dense.sum(axis=1) > 0)
        order = np.argsort(labels, kind="stable")  # the order of counted labels
        dense, labels, observed = (
            dense[np.ix_(order, order)],
            labels[order],
            observed[order],
        )
        joint = dense[np.ix_(observed, observed)].astype(np.float64)
        if size > DENSE_MAX:
            joint = sparse.csr_matrix(joint)
        table = ContingencyTable(joint, labels[observed])
        return cls(
            table,
            weighted=dense.dtype.kind == "f",
            absent=labels[~observed].tolist(),
        )

    @classmethod
    def _from_stacks(cls, matrix, labels, func):
        """Counts of multilabel targets from their (n_labels, 2, 2) tables."""
        stacks = np.asarray(matrix)
        if stacks.shape[1:] != (2, 2) or not stacks.shape[0]:
            raise bad_param(
                func,
                "matrix",
                "a square 2-D array, or an array of shape (n_labels, 2, 2) "
                "of per-label tables",
                f"an array of shape {stacks.shape}",
            )
        if labels is not None:
            raise bad_param(
                func,
                "labels",
                "None for per-label tables of multilabel targets (their "
                "labels are the column indices 0 .. n_labels - 1)",
                labels,
            )
        stacks = _checked_values(stacks, func)
        table = MultilabelTable(stacks.astype(np.float64), np.arange(stacks.shape[0]))
        return cls(table, weighted=stacks.dtype.kind == "f")

    def at_prevalence(self, prevalence, *, pos_label=1):
        """These counts at another class ratio: each true class's row rescaled.

        Every row keeps its proportions (the classifier's rates: TPR, TNR,
        each class's recall and confusions) and is scaled so that its class
        makes ``prevalence`` of the total, which is kept. Every metric of
        the result reads at that ratio: those that do not depend on the class
        ratio (balanced accuracy, G-mean, IBA, d', informedness, ...) are
        unchanged; precision, F1, accuracy, MCC, NPV and the like become
        what data at that ratio would give in expectation.

        Parameters
        ----------
        prevalence : float, sequence of float or dict
            A float in (0, 1): the fraction of ``pos_label``, for counts of
            two labels. Otherwise one prior per label, summing to 1 (within
            1e-9): a sequence in the order of :attr:`labels`, or a dict
            ``{label: prior}``. A label without true samples has no rates and
            must get 0; every label with true samples must get more than 0.

        pos_label : int, float, bool or str, default=1
            The class whose fraction a float ``prevalence`` is.

        Returns
        -------
        counts : ConfusionCounts
            Weighted counts (float sums) with the same labels and total.
            Each class keeps its effective number of samples (its squared
            weights are rescaled with it), so the extreme-rate correction of d'
            and the intervals count the samples that were counted, not the
            rescaled sums. (Counts from a float matrix, which know no
            weights, take their row sums as those numbers.)

        Raises
        ------
        ValueError
            For multilabel counts (each label has its own positives and
            negatives: there is no one class ratio to set), a prevalence
            outside (0, 1), priors of the wrong length or not summing to 1,
            or a class without true samples given a prior.

        Examples
        --------
        >>> from imbascore import ConfusionCounts
        >>> counts = ConfusionCounts.from_matrix([[80, 20], [10, 90]])
        >>> deployed = counts.at_prevalence(0.01)
        >>> deployed
        ConfusionCounts(labels=[0, 1],
                        matrix=[[158.4,  39.6],
                                [  0.2,   1.8]])
        >>> round(counts.score("f1"), 3), round(deployed.score("f1"), 3)
        (0.857, 0.083)
        >>> round(deployed.score("balanced_accuracy"), 12)  # a rate: unchanged
        0.85
        """
        return self.rescaled(prevalence, pos_label, "ConfusionCounts.at_prevalence")

    def rescaled(self, prevalence, pos_label, func):
        """:meth:`at_prevalence`, its errors naming ``func``."""
        if self.multilabel:
            raise ValueError(
                f"{func} is not defined for multilabel counts: each label has "
                "its own positives and negatives, so there is no one class "
                "ratio to set. Count one column as binary data, e.g. "
                "confusion_counts(y_true[:, j], y_pred[:, j]).at_prevalence(p)."
            )
        labels, rows = self._layout()
        priors = check_priors(prevalence, labels, pos_label, func)
        sums = np.zeros(len(labels))  # labels given without data: no samples
        sums[rows] = self._table.support
        factors = row_factors(sums, priors, labels, func)
        table = rescale_rows(self._table, factors[rows])
        return type(self)(table, weighted=True, absent=self.absent)

    def __getstate__(self):
        # The engine's table as plain fields: a pickle of counts names the
        # public class only, never the private engine module it may move from.
        state = dict(self.__dict__)
        state["_table"] = _plain_table(state["_table"])
        return state

    def __setstate__(self, state):
        self.__dict__.update(state, _table=_rebuilt_table(state["_table"]))

    def __add__(self, other):
        if not isinstance(other, Counts):
            return NotImplemented
        return _merged(self, other)

    def __radd__(self, other):
        if isinstance(other, numbers.Number) and other == 0:  # sum() starts at 0
            return self
        return NotImplemented

    def __eq__(self, other):
        if not isinstance(other, Counts):
            return NotImplemented
        if self.multilabel != other.multilabel:
            return False
        if self.labels.tolist() != other.labels.tolist():
            return False
        mine, theirs = self.matrix, other.matrix
        if self.multilabel:
            return bool(np.array_equal(mine, theirs)) and _same_samples(
                self._table.samples, other._table.samples
            )
        if sparse.issparse(mine):
            return (mine != theirs).nnz == 0
        return bool(np.array_equal(mine, theirs))

    __hash__ = None  # type: ignore[assignment]  # mutable-looking value type: compare, do not hash

    def __repr__(self):
        labels = self.labels.tolist()
        if self.multilabel:
            kind = "weighted " if self._weighted else ""
            stacks = self._table.stacks
            if len(labels) > 12:
                return (
                    f"ConfusionCounts(multilabel, {len(labels)} labels, "
                    f"{kind}total {stacks[0].sum():g})"
                )
            tables = np.array2string(
                self.matrix.reshape(len(labels), 4),
                separator=", ",
                prefix=" " * 28,
                max_line_width=200,
            )
            return (
                f"ConfusionCounts(multilabel, labels={labels!r},\n"
                f"{' ' * 16}tn_fp_fn_tp={tables})"
            )
        if len(labels) > 12:
            kind = "weighted " if self._weighted else ""
            total = self._table.joint.sum()
            return (
                f"ConfusionCounts({len(labels)} labels {labels[:6]!r}[:6]..., "
                f"{kind}total {total:g})"
            )
        matrix = self.matrix
        body = np.array2string(
            matrix,
            separator=", ",
            prefix=" " * 23,
            max_line_width=200,
        )
        return f"ConfusionCounts(labels={labels!r},\n{' ' * 16}matrix={body})"


def count(y_true, y_pred, sample_weight, func, *, labels=None, kind=Counts):
    """Check and count once: counts of class ``kind`` (a :class:`Counts`),
    ``labels`` kept as labels absent from the data. Dask inputs are counted
    block by block where they live
    (:func:`~imbascore._core.inputs.dask.reduce_blocks`)."""
    if any_dask(y_true, y_pred, sample_weight):
        inputs = {"y_true": y_true, "y_pred": y_pred, "sample_weight": sample_weight}
        total = reduce_blocks(inputs, _count_block, operator.add, func, labels, func)
        if total is None:
            raise empty_error(func)
        return kind(total.table, weighted=total.weighted, absent=total.absent)
    table = count_table(y_true, y_pred, sample_weight, func)
    if table.multilabel:
        if labels is not None:
            raise bad_param(
                func,
                "labels",
                "None for multilabel-indicator targets (every column is a "
                "label, always counted)",
                labels,
                "To count some columns only, pass y_true[:, columns] and "
                "y_pred[:, columns].",
            )
        return kind(table, weighted=sample_weight is not None)
    absent = ()
    if labels is not None:
        given = check_labels(labels, func)
        check_label_families(given, table.classes, func)
        absent = [label for label in given if index_of(table.classes, label) < 0]
    return kind(table, weighted=sample_weight is not None, absent=absent)


def _count_block(y_true, y_pred, sample_weight, labels, func):
    """The counts of one block of dask inputs, counted on its worker."""
    return count(y_true, y_pred, sample_weight, func, labels=labels)


def _checked_matrix(matrix, func):
    """A square, finite, non-negative real matrix, dense."""
    if sparse.issparse(matrix):
        matrix = matrix.toarray()
    try:
        dense = np.asarray(matrix)
    except ValueError:  # ragged nested lists
        dense = None
    if dense is None or dense.ndim != 2 or dense.shape[0] != dense.shape[1]:
        got = "a ragged list" if dense is None else f"an array of shape {dense.shape}"
        raise bad_param(func, "matrix", "a square 2-D array", got)
    if dense.shape[0] == 0:
        raise bad_param(func, "matrix", "not empty", "a 0 x 0 matrix")
    return _checked_values(dense, func)


def _checked_values(dense, func):
    """Finite, non-negative real values, as int64 counts or float64 sums."""
    if dense.dtype.kind == "b" or dense.dtype.kind not in "iuf":
        raise bad_param(
            func,
            "matrix",
            "an array of real numbers",
            f"dtype {dense.dtype}",
            error=TypeError,
        )
    if dense.dtype.kind == "f" and not np.isfinite(dense).all():
        raise bad_param(func, "matrix", "finite", "a matrix with NaN or inf")
    if dense.min() < 0:
        raise bad_param(
            func, "matrix", "non-negative", f"a matrix with minimum {dense.min()}"
        )
    if dense.dtype.kind == "f":
        return dense.astype(np.float64)
    return dense.astype(np.int64)


def _checked_matrix_labels(labels, size, func):
    if labels is None:
        return np.arange(size)
    given = check_labels(labels, func)
    if len(given) != size:
        raise bad_param(
            func,
            "labels",
            f"one label per row of the matrix ({size})",
            f"{len(given)} labels",
        )
    return label_array(list(given))


def _united_squares(first, second, positions, size):
    """Sums of squared weights of two tables, on the united labels.

    An unweighted table's sum of squares is its count (every weight is 1).
    """
    sums, scales = np.zeros(size), np.zeros(size)
    for table, where in zip((first, second), positions, strict=True):
        own = table.squared_weights
        if own is None:
            own = (np.asarray(table.joint.sum(axis=1), dtype=float).ravel(), None)
            own = own[0], np.ones(len(own[0]))
        own_sums, own_scales = own
        united = np.maximum(scales[where], own_scales)
        safe = np.where(united > 0, united, 1.0)
        sums[where] = (
            sums[where] * (scales[where] / safe) ** 2
            + own_sums * (own_scales / safe) ** 2
        )
        scales[where] = united
    return sums, np.where(scales > 0, scales, 1.0)


def _placed(joint, where, size):
    """``joint`` with its rows and columns moved to positions ``where``."""
    coo = sparse.coo_matrix(joint)
    return sparse.coo_matrix(
        (coo.data, (where[coo.row], where[coo.col])), shape=(size, size)
    )


def _is_stack(matrix):
    """Whether ``matrix`` is 3-D: per-label tables of multilabel targets."""
    try:
        return np.ndim(matrix) == 3
    except ValueError:  # ragged nested lists: the 2-D checks say so
        return False


def _same_samples(first, second):
    if first is None or second is None:
        return first is second
    return (
        first.columns == second.columns
        and np.array_equal(first.cells, second.cells)
        and np.array_equal(first.weights, second.weights)
    )


def _merged(first, second):
    a, b = first.table, second.table
    func = "ConfusionCounts.__add__"
    if a.multilabel or b.multilabel:
        if not (a.multilabel and b.multilabel):
            raise TypeError(
                f"{func} cannot add counts of multilabel targets to counts of "
                "single-label targets: their tables mean different things."
            )
        return type(first)(
            merge_multilabel(a, b, func),
            weighted=first.weighted or second.weighted,
        )
    classes, in_a, in_b = unite_labels(a.classes, b.classes, func)
    size = len(classes)
    joint = _placed(a.joint, in_a, size) + _placed(b.joint, in_b, size)
    joint = joint.tocsr() if size > DENSE_MAX else joint.toarray()
    if sparse.issparse(joint):
        joint.eliminate_zeros()
    squared = None
    if a.squared_weights is not None or b.squared_weights is not None:
        squared = _united_squares(a, b, (in_a, in_b), size)
    absent = [
        label
        for label in first._absent.tolist() + second._absent.tolist()
        if index_of(classes, label) < 0
    ]
    return type(first)(
        ContingencyTable(joint, classes, squared),
        weighted=first.weighted or second.weighted,
        absent=list(dict.fromkeys(absent)),
    )
