"""Confusion counts by group, counted in one pass, mergeable."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from .._core.checks import param_error
from .._core.engine.grouped import count_grouped
from .._core.inputs import DeviceCodes, Indicators, host_only_error, read_targets
from .._core.inputs.dask import any_dask, empty_error, reduce_blocks
from .._core.inputs.groups import read_groups
from .._core.optional import require
from .._core.types import ArrayLike
from .._report.confusion import ConfusionCounts

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["GroupedCounts", "confusion_counts_by_group", "count_by_group"]


class GroupedCounts:
    """One :class:`~imbascore.ConfusionCounts` per group.

    Make it with :func:`confusion_counts_by_group`. Groups are listed in
    sorted order of their labels (a value for one key, a tuple for several);
    a group with no sample is not listed. Grouped counts of disjoint data
    add up group by group (``a + b``, ``sum([...])``), a group of one side
    only keeping its counts: folds, file chunks and dask partitions each
    count their share.

    Attributes
    ----------
    groups : list
        The groups' labels, sorted.
    names : tuple of str or None
        The grouping keys' names (DataFrame columns), if known.
    """

    def __init__(
        self,
        counts: Mapping[Any, ConfusionCounts],
        names: Sequence[str] | None = None,
        *,
        overall: ConfusionCounts | None = None,
    ) -> None:
        self._counts = dict(sorted(counts.items(), key=lambda item: _sort_key(item[0])))
        self.names = names
        self._overall = overall

    @property
    def groups(self) -> list[Any]:
        return list(self._counts)

    def __getitem__(self, group):
        try:
            counts = self._counts[group]
        except (KeyError, TypeError):
            raise KeyError(
                f"No group {group!r}; the groups are {self.groups[:10]!r}"
                + ("..." if len(self._counts) > 10 else "")
            ) from None
        if callable(counts):  # made when first read: 1,000 groups cost 30 ms
            counts = self._counts[group] = counts()
        return counts

    def __iter__(self):
        return iter(self._counts)

    def __len__(self):
        return len(self._counts)

    def items(self) -> list[tuple[Any, ConfusionCounts]]:
        return [(group, self[group]) for group in self._counts]

    def overall(self) -> ConfusionCounts:
        """The counts of all the groups' samples together."""
        if self._overall is None:
            self._overall = cast(
                ConfusionCounts, sum(counts for _, counts in self.items())
            )
        return self._overall

    def sizes(self) -> dict[Any, float]:
        """``{group: total}``: each group's number of samples (its total
        weight with weights)."""
        return {group: float(c.matrix.sum()) for group, c in self.items()}

    def __add__(self, other):
        if other == 0:  # sum([...]) starts from 0
            return self
        if not isinstance(other, GroupedCounts):
            return NotImplemented
        merged = dict(self.items())
        for group, counts in other.items():
            merged[group] = merged[group] + counts if group in merged else counts
        return GroupedCounts(merged, self.names or other.names)

    __radd__ = __add__

    def __eq__(self, other):
        if not isinstance(other, GroupedCounts):
            return NotImplemented
        return self.groups == other.groups and all(
            self[group] == other[group] for group in self
        )

    __hash__ = None  # type: ignore[assignment]

    def to_frame(self) -> pd.DataFrame:
        """One row per group and cell: ``group``, ``true``, ``pred``,
        ``count`` (needs pandas)."""
        pd = require("pandas", "study", "GroupedCounts.to_frame")
        rows = []
        for group, counts in self.items():
            labels = counts.labels.tolist()
            matrix = counts.matrix
            matrix = matrix.toarray() if hasattr(matrix, "toarray") else matrix
            for i, true in enumerate(labels):
                for j, pred in enumerate(labels):
                    rows.append((group, true, pred, matrix[i, j]))
        return pd.DataFrame(rows, columns=["group", "true", "pred", "count"])

    def __repr__(self):
        shown = [
            f"{group!r}: {self[group].matrix.sum():g}" for group in self.groups[:6]
        ]
        more = f", ... ({len(self)} groups)" if len(self) > 6 else ""
        names = "" if self.names is None else f", names={self.names!r}"
        return f"GroupedCounts({{{', '.join(shown)}{more}}} samples{names})"


def _sort_key(label):
    # labels of one key are of one type; tuples compare element-wise
    return (str(type(label)), label)


def count_by_group(y_true, y_pred, groups, sample_weight, func):
    """``(GroupedCounts, group codes, GroupedTables)`` of in-memory inputs:
    the targets and the groups read once, every group's table from one pass
    (the stacked tables too, for readers of every group at once)."""
    codes = read_targets(y_true, y_pred, sample_weight, func)
    if isinstance(codes, DeviceCodes):
        raise host_only_error(func)
    if isinstance(codes, Indicators):
        raise ValueError(
            param_error(
                func,
                "y_true",
                "single-label targets (labels of one or more classes)",
                "a multilabel indicator",
                "Count each label's column by group on its own.",
            )
        )
    keys = read_groups(groups, codes.true.shape[0], func)
    tables = count_grouped(codes, keys)
    weighted = codes.weights is not None
    # a value of an integer key's range with no sample is no group (a group
    # whose samples all weigh 0 is one, as a label of such samples is)
    present = tables.samples > 0
    counts = {
        label: partial(_group_counts, tables, code, weighted)
        for code, label in enumerate(keys.labels)
        if present[code]
    }
    overall = ConfusionCounts(tables.overall_table(), weighted=weighted)
    return GroupedCounts(counts, keys.names, overall=overall), keys, tables


def _group_counts(tables, code, weighted):
    return ConfusionCounts(tables.table(code), weighted=weighted)


def _count_block(y_true, y_pred, groups, sample_weight, func):
    return count_by_group(y_true, y_pred, groups, sample_weight, func)[0]


def confusion_counts_by_group(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    groups: ArrayLike,
    sample_weight: ArrayLike | None = None,
) -> GroupedCounts:
    """Count the confusion matrix of each group, in one pass.

    Parameters
    ----------
    y_true, y_pred : array-like, Series or dask collection of shape (n_samples,)
        True and predicted labels (single-label targets).
    groups : array-like, Series, DataFrame or dask collection
        Each sample's group: an array of shape (n_samples,), a column, or
        several columns (shape (n_samples, n_keys), or a DataFrame): then
        the groups are their intersections, labelled by tuples.
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    counts : GroupedCounts
        One :class:`~imbascore.ConfusionCounts` per group; ``overall()``
        their sum.

    Examples
    --------
    >>> from imbascore import confusion_counts_by_group
    >>> y_true, y_pred = [1, 0, 1, 1, 0, 0], [1, 0, 0, 1, 1, 0]
    >>> counts = confusion_counts_by_group(y_true, y_pred, groups=list("aaabbb"))
    >>> counts["a"].score("sensitivity"), counts["b"].score("specificity")
    (0.5, 0.5)
    """
    func = "confusion_counts_by_group"
    if any_dask(y_true, y_pred, groups, sample_weight):
        inputs = {
            "y_true": y_true,
            "y_pred": y_pred,
            "groups": groups,
            "sample_weight": sample_weight,
        }
        merged = reduce_blocks(inputs, _count_block, _merge, func, func)
        if merged is None:
            raise empty_error(func)
        return merged
    return count_by_group(y_true, y_pred, groups, sample_weight, func)[0]


def _merge(first, second):
    return first + second
