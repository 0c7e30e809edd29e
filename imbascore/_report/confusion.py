"""The public confusion counts: the counts object with its readers.

:class:`ConfusionCounts` is :class:`~imbascore._core.counts.Counts` (the table, its
labels, merging) with the methods that read it: a metric by name, its
interval, the report. Those readers import the counts object, never this
module, so the convenience costs no import cycle.
"""

from __future__ import annotations

from typing import Any

from .._core.counts import Counts, count
from .._core.types import ArrayLike, FloatArray, RandomState
from .._inference.intervals import MetricInterval, counts_interval
from .._metrics.costs import cost_of_counts
from .._metrics.named_scores import score_of_table
from .report import (
    accepting_old_keywords,
    check_output,
    format_any_report,
    report_dict,
)

__all__ = ["ConfusionCounts", "confusion_counts"]


class ConfusionCounts(Counts):
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

    def score(self, metric: str, **params: Any) -> float | FloatArray:
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
        metric: str = "iba",
        *,
        method: str = "posterior",
        confidence_level: float = 0.95,
        n_resamples: int = 10000,
        random_state: RandomState = None,
        **metric_params: Any,
    ) -> MetricInterval:
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

    def expected_cost(
        self,
        cost_matrix: ArrayLike,
        *,
        labels: ArrayLike | None = None,
        normalize: bool = False,
    ) -> float:
        """:func:`~imbascore.expected_cost_score` of these counts.

        ``cost_matrix[i][j]`` is the cost of predicting class ``j`` when the
        truth is class ``i``, in the order of :attr:`labels` (or of
        ``labels``). At a deployment's class ratio:
        ``counts.at_prevalence(0.01).expected_cost(C)``. Per-sample costs
        need the samples: use the metric function.

        Examples
        --------
        >>> from imbascore import confusion_counts
        >>> counts = confusion_counts([0, 0, 0, 0, 1, 1], [0, 0, 1, 0, 1, 0])
        >>> counts.expected_cost([[0, 1], [50, 0]])
        8.5
        >>> round(counts.at_prevalence(0.01).expected_cost([[0, 1], [50, 0]]), 4)
        0.4975
        """
        return cost_of_counts(
            self, cost_matrix, labels, normalize, "ConfusionCounts.expected_cost"
        )

    @accepting_old_keywords
    def report(
        self, *, digits: int = 3, output_dict: bool = False, **params: Any
    ) -> str | dict[str, Any]:
        """:func:`~imbascore.imbalanced_report` of these counts.

        Takes the report's options (``labels``, ``target_names``,
        ``metrics``, ``metric_params``, ``digits``, ``output_dict``, ``zero_division``,
        ``interval``, ``prevalence``) and gives exactly the report of the
        counted data.

        Examples
        --------
        >>> from imbascore import ConfusionCounts
        >>> counts = ConfusionCounts.from_matrix([[81, 9], [3, 7]])
        >>> report = counts.report(metric_params={"iba": {"alpha": 0.05}},
        ...                        output_dict=True)
        >>> round(report["classes"]["1"]["iba"], 4)
        0.6237
        """
        func = "ConfusionCounts.report"
        output_dict = check_output(digits, output_dict, func)
        report = report_dict(self, func=func, **params)
        return report if output_dict else format_any_report(report, digits)


def confusion_counts(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
) -> ConfusionCounts:
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
    return count(
        y_true,
        y_pred,
        sample_weight,
        "confusion_counts",
        labels=labels,
        kind=ConfusionCounts,
    )
