"""Confusion counts: the weighted confusion matrix, public and mergeable.

Every metric of the package is a function of one table, the (weighted)
confusion matrix of true against predicted labels. :class:`ConfusionCounts`
holds that table with its labels; the metric functions, the report and the
multi-metric scorer all count through it once and read every number off it.
Tables of folds, file chunks or workers add up to the table of all their
data, so each can be counted where its data lives.
"""

import difflib
import numbers

import numpy as np
from scipy import sparse

from ._counts import ContingencyTable, count_table, index_of, label_array
from ._dask import any_dask, dask_confusion_counts
from ._multilabel import MultilabelTable, merge_multilabel
from ._per_class import METRICS
from ._scoring import check_metric_options, score_table
from ._sklearn_from_counts import SKLEARN_SCORES
from ._validation import check_labels, param_error, unite_labels

__all__ = [
    "ConfusionCounts",
    "confusion_counts",
    "metric_options",
    "score_of_table",
]

# Above this many labels a table is kept sparse (as the counting does).
_DENSE_MAX = 256

#: The options every metric of the package shares, with their defaults.
_SHARED_DEFAULTS = {
    "labels": None,
    "pos_label": 1,
    "average": "binary",
    "zero_division": "warn",
}
#: Names whose meaning is scikit-learn's, read with imbascore's own function:
#: scikit-learn's balanced_accuracy_score is the mean recall over the true
#: classes, imbascore's ``balanced_accuracy_score(average="multiclass")``.
_DEFAULT_AVERAGE = {"balanced_accuracy": "multiclass"}
_NO_LABELS = np.array([])


def _scores():
    """Every name :meth:`ConfusionCounts.score` knows, sorted."""
    return sorted(set(METRICS) | set(SKLEARN_SCORES))


class ConfusionCounts:
    """The weighted confusion matrix of one or more (y_true, y_pred) pairs.

    Make it with :func:`confusion_counts` from labels, or with
    :meth:`from_matrix` from a matrix you already have. Every metric of the
    package follows from it (:meth:`score`, :meth:`report`), and counts of
    disjoint data add up: ``a + b`` and ``sum([a, b, ...])`` equal the counts
    of the concatenated data, so that folds, chunks of a file or workers of a
    cluster each count their share.

    Attributes
    ----------
    labels : ndarray of shape (n_labels,)
        The labels of the rows and columns, sorted; for multilabel targets,
        the column index of each label.
    matrix : ndarray of shape (n_labels, n_labels) or (n_labels, 2, 2)
        Rows true, columns predicted, as :func:`sklearn.metrics.confusion_matrix`:
        int64 counts, or float64 sums of weights if any sample was weighted.
        A scipy.sparse CSR matrix above 256 labels. For multilabel targets,
        each label's table ``[[tn, fp], [fn, tp]]``, as
        :func:`sklearn.metrics.multilabel_confusion_matrix`.
    weighted : bool
        Whether the counts are sums of sample weights.
    multilabel : bool
        Whether the counts are of multilabel-indicator targets.

    Notes
    -----
    A label that occurs in the data takes part in the metrics even if all its
    samples weigh 0 (as in scikit-learn, where the classes come from the
    labels, not the weights). A label given only by ``labels=`` has a zero row
    and column and takes part in no metric unless you ask for it by
    ``labels=`` there too. Counts from :meth:`from_matrix` know no weights: the
    extreme-rate correction of d' and AUCz takes their row sums as the numbers
    of trials, where counts of weighted samples use the effective numbers
    (see :func:`~imbascore.dprime_score`).

    Counts of multilabel-indicator targets (2-D 0/1 arrays or sparse
    matrices) hold one 2x2 table per label, and the per-sample counts over
    the labels that ``average="samples"`` (and scikit-learn's subset
    ``"accuracy"``) read, kept as a histogram of the distinct per-sample
    counts: exact and mergeable, and no larger than the data. Their metrics
    take ``average`` in {"micro", "macro", "weighted", "samples", None}. Two
    such counts add up only if they have the same labels (columns); counts
    of multilabel and of other targets do not add up. They have no
    :meth:`interval`.

    Examples
    --------
    >>> from imbascore import confusion_counts
    >>> first = confusion_counts([0, 0, 1, 1], [0, 1, 1, 1])
    >>> second = confusion_counts([0, 1, 2], [0, 1, 1])
    >>> both = first + second
    >>> both
    ConfusionCounts(labels=[0, 1, 2],
                    matrix=[[2, 1, 0],
                            [0, 3, 0],
                            [0, 1, 0]])
    >>> round(both.score("iba", average="macro"), 4)
    0.3898
    >>> round(both.score("recall_macro"), 4)
    0.5556
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
        if sparse.issparse(joint) or size > _DENSE_MAX:
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
        if size > _DENSE_MAX:
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
            raise ValueError(
                param_error(
                    func,
                    "matrix",
                    "a square 2-D array, or an array of shape (n_labels, 2, 2) "
                    "of per-label tables",
                    f"an array of shape {stacks.shape}",
                )
            )
        if labels is not None:
            raise ValueError(
                param_error(
                    func,
                    "labels",
                    "None for per-label tables of multilabel targets (their "
                    "labels are the column indices 0 .. n_labels - 1)",
                    labels,
                )
            )
        stacks = _checked_values(stacks, func)
        table = MultilabelTable(stacks.astype(np.float64), np.arange(stacks.shape[0]))
        return cls(table, weighted=stacks.dtype.kind == "f")

    def score(self, metric, **params):
        """The value of ``metric`` on these counts.

        Parameters
        ----------
        metric : str
            A metric of the package by its key (``"iba"``, ``"gmean"``,
            ``"dominance"``, ``"sensitivity"``, ``"specificity"``,
            ``"optimized_precision"``, ``"ad_area"``,
            ``"weighted_accuracy"``, ``"dprime"``, ``"aucz"``, ``"nmi"``, ...)
            or a scikit-learn name that is a function of the matrix:
            ``"accuracy"``, ``"balanced_accuracy"``, ``"matthews_corrcoef"``,
            ``"precision"``, ``"recall"``, ``"f1"``, ``"jaccard"`` and their
            ``_macro``, ``_micro`` and ``_weighted`` variants (and
            ``_samples``, for multilabel counts).

        **params : dict
            The options of the matching function: ``labels``, ``pos_label``,
            ``average``, ``zero_division`` and the metric's own (``alpha``,
            ...), with the same defaults. ``"balanced_accuracy"`` means
            scikit-learn's (``average="multiclass"`` unless given).

        Returns
        -------
        score : float or ndarray
            Exactly the number the metric function gives on the data that
            were counted.
        """
        func = "ConfusionCounts.score"
        if isinstance(metric, str):
            func = f"{func}({metric!r})"
        return score_of_table(self._table, metric, params, func)

    def interval(
        self,
        metric="iba",
        *,
        method="posterior",
        confidence_level=0.95,
        n_resamples=10000,
        random_state=None,
        **metric_params,
    ):
        """The value of ``metric`` with its interval (see
        :func:`~imbascore.metric_interval`, which this is for counts).

        Returns
        -------
        result : MetricInterval
            ``estimate``, ``low``, ``high``, ``method``, ``confidence_level``.

        Examples
        --------
        >>> from imbascore import ConfusionCounts
        >>> counts = ConfusionCounts.from_matrix([[81, 9], [3, 7]])
        >>> result = counts.interval("balanced_accuracy")
        >>> round(result.low, 3), round(result.high, 3)
        (0.637, 0.896)
        """
        from .intervals import counts_interval  # intervals read counts

        return counts_interval(
            self,
            metric,
            method=method,
            confidence_level=confidence_level,
            n_resamples=n_resamples,
            random_state=random_state,
            func="ConfusionCounts.interval",
            **metric_params,
        )

    def report(self, **params):
        """:func:`~imbascore.imbalanced_report` of these counts.

        Takes the report's options (``labels``, ``target_names``, ``alpha``,
        ``weight``, ``correction``, ``digits``, ``output_dict``,
        ``zero_division``) and gives exactly the report of the counted data.
        """
        from .report import report_from_table  # the report module uses this one

        return report_from_table(
            self._table,
            weighted=self._weighted,
            func="ConfusionCounts.report",
            **params,
        )

    def __add__(self, other):
        if not isinstance(other, ConfusionCounts):
            return NotImplemented
        return _merged(self, other)

    def __radd__(self, other):
        if isinstance(other, numbers.Number) and other == 0:  # sum() starts at 0
            return self
        return NotImplemented

    def __eq__(self, other):
        if not isinstance(other, ConfusionCounts):
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

    __hash__ = None  # mutable-looking value type: compare, do not hash

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


def metric_options(metric, params, func):
    """The checked options of a metric of the package named ``metric``, with
    the defaults of its function (and scikit-learn's meaning of the names
    scikit-learn has)."""
    options = dict(_SHARED_DEFAULTS)
    if metric in _DEFAULT_AVERAGE:
        options["average"] = _DEFAULT_AVERAGE[metric]
    options.update(params)
    return check_metric_options(metric, func, **options)


def score_of_table(table, metric, params, func):
    """The value of ``metric`` on a counted table: the one path of
    :meth:`ConfusionCounts.score` and of the intervals."""
    if not isinstance(metric, str):
        raise TypeError(param_error(func, "metric", "a str", type(metric).__name__))
    if metric in METRICS:
        return score_table(metric_options(metric, params, func), table, stacklevel=3)
    if metric in SKLEARN_SCORES:
        return SKLEARN_SCORES[metric](table, func=func, **params)
    close = difflib.get_close_matches(metric, _scores(), n=3, cutoff=0.5)
    hint = f"Did you mean {close}?" if close else ""
    raise ValueError(param_error(func, "metric", f"one of {_scores()}", metric, hint))


def confusion_counts(y_true, y_pred, *, labels=None, sample_weight=None):
    """Count the (weighted) confusion matrix of two label arrays, once.

    Parameters
    ----------
    y_true : {array-like, sparse matrix, dask array or Series}
        Ground truth class labels, of shape (n_samples,), or a multilabel
        indicator of shape (n_samples, n_labels) (0/1 values, dense or
        scipy.sparse; see Notes of :class:`ConfusionCounts`). Dask inputs:
        see Notes.

    y_pred : {array-like, sparse matrix, dask array or Series}
        Predicted class labels, of the same kind and shape as ``y_true``.

    labels : array-like, default=None
        Labels to include even if absent from the data (they get a zero row
        and column), so that the counts of several chunks share one label set.
        The rows stay sorted; every label of the data is kept. Must be None
        for multilabel targets (every column is counted).

    sample_weight : array-like or dask collection of shape (n_samples,), default=None
        Non-negative real sample weights; for multilabel targets a sample's
        weight enters the table of each of its labels.

    Returns
    -------
    counts : ConfusionCounts

    Notes
    -----
    Dask inputs (1-D dask arrays, dask dataframe columns) are counted where
    they live: each block (chunk or partition) is validated and counted on
    its worker by this same function, and only the tables come back to be
    added, in a tree of pairwise sums; the labels are never gathered. The
    columns of one dask dataframe keep their partitions (and dtypes, so
    categoricals are counted from their codes); other dask inputs are cut
    like the first one's chunks, and a NumPy input beside them is cut to
    match. The result is the in-memory one (integer counts exact) and is
    computed at once, on the active ``distributed.Client`` if there is one.
    Empty partitions are skipped. Of multilabel targets, only in-memory
    ones are read.

    Examples
    --------
    >>> from imbascore import confusion_counts
    >>> counts = confusion_counts(["a", "b", "b"], ["a", "b", "a"])
    >>> counts.matrix
    array([[1, 0],
           [1, 1]])
    >>> counts.score("sensitivity", pos_label="b")
    0.5
    >>> Y_true, Y_pred = [[1, 0], [1, 1], [0, 1]], [[1, 0], [0, 1], [0, 0]]
    >>> multilabel = confusion_counts(Y_true, Y_pred)
    >>> multilabel.matrix[0]  # label 0: [[tn, fp], [fn, tp]]
    array([[1, 0],
           [1, 1]])
    >>> multilabel.score("recall", average="samples")
    0.5
    """
    if any_dask(y_true, y_pred, sample_weight):  # counted on the workers
        return dask_confusion_counts(
            y_true, y_pred, labels, sample_weight, "confusion_counts"
        )
    return count(y_true, y_pred, sample_weight, "confusion_counts", labels=labels)


def count(y_true, y_pred, sample_weight, func, *, labels=None, columns=None):
    """Validate and count once: the one path of every metric.

    ``columns``: for multilabel targets, the labels to count (all if None).
    """
    table = count_table(y_true, y_pred, sample_weight, func, columns=columns)
    if table.multilabel:
        if labels is not None:
            raise ValueError(
                param_error(
                    func,
                    "labels",
                    "None for multilabel-indicator targets (every column is a "
                    "label, always counted)",
                    labels,
                    "To count some columns only, pass y_true[:, columns] and "
                    "y_pred[:, columns].",
                )
            )
        return ConfusionCounts(table, weighted=sample_weight is not None)
    absent = ()
    if labels is not None:
        given = check_labels(labels, func)
        absent = [label for label in given if index_of(table.classes, label) < 0]
    return ConfusionCounts(table, weighted=sample_weight is not None, absent=absent)


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
        raise ValueError(param_error(func, "matrix", "a square 2-D array", got))
    if dense.shape[0] == 0:
        raise ValueError(param_error(func, "matrix", "not empty", "a 0 x 0 matrix"))
    return _checked_values(dense, func)


def _checked_values(dense, func):
    """Finite, non-negative real values, as int64 counts or float64 sums."""
    if dense.dtype.kind == "b" or dense.dtype.kind not in "iuf":
        raise TypeError(
            param_error(
                func, "matrix", "an array of real numbers", f"dtype {dense.dtype}"
            )
        )
    if dense.dtype.kind == "f" and not np.isfinite(dense).all():
        raise ValueError(
            param_error(func, "matrix", "finite", "a matrix with NaN or inf")
        )
    if dense.min() < 0:
        raise ValueError(
            param_error(
                func, "matrix", "non-negative", f"a matrix with minimum {dense.min()}"
            )
        )
    if dense.dtype.kind == "f":
        return dense.astype(np.float64)
    return dense.astype(np.int64)


def _checked_matrix_labels(labels, size, func):
    if labels is None:
        return np.arange(size)
    given = check_labels(labels, func)
    if len(given) != size:
        raise ValueError(
            param_error(
                func,
                "labels",
                f"one label per row of the matrix ({size})",
                f"{len(given)} labels",
            )
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
        return ConfusionCounts(
            merge_multilabel(a, b, func),
            weighted=first.weighted or second.weighted,
        )
    if not a.classes.size or not b.classes.size:  # nothing observed on one side
        classes, positions = (
            (b.classes, (None, np.arange(b.classes.size)))
            if not a.classes.size
            else (a.classes, (np.arange(a.classes.size), None))
        )
    classes, in_a, in_b = unite_labels(a.classes, b.classes, func)
    size = len(classes)
    joint = _placed(a.joint, in_a, size) + _placed(b.joint, in_b, size)
    joint = joint.tocsr() if size > _DENSE_MAX else joint.toarray()
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
    return ConfusionCounts(
        ContingencyTable(joint, classes, squared),
        weighted=first.weighted or second.weighted,
        absent=list(dict.fromkeys(absent)),
    )
