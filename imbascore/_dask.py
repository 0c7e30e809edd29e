"""Dask inputs: each block counted where it lives, only the tables summed.

``confusion_counts`` and ``threshold_curve`` accept dask arrays and dask
dataframe columns. Every block (chunk or partition) is validated and counted
by the in-memory function on its worker; the client receives one small table
per block and adds them (:class:`~imbascore.ConfusionCounts` adds exactly,
labels united), never the labels themselves. The sums are taken in a tree,
so that no single task holds more than two tables.

Dask is imported only when a dask collection is passed (it is then loaded).
"""

import sys
import warnings

import numpy as np

from ._validation import param_error

__all__ = ["any_dask", "dask_confusion_counts", "dask_threshold_counts"]


def _is_dask(value):
    if value is None or "dask" not in sys.modules:
        return False
    import dask

    return dask.is_dask_collection(value)


def any_dask(*values):
    """Whether any of ``values`` is a dask collection."""
    return any(_is_dask(value) for value in values)


def _is_column(value):
    """A dask dataframe column (a dask Series)."""
    return _is_dask(value) and hasattr(value, "divisions") and value.ndim == 1


def _as_dask_array(value, name, func):
    """``value`` as a 1-D dask array with known chunk sizes."""
    import dask.array as da

    if _is_column(value):
        value = value.to_dask_array(lengths=True)  # one pass: partition lengths
    elif _is_dask(value) and not isinstance(value, da.Array):
        raise TypeError(
            param_error(
                func,
                name,
                "a 1-D dask array or a dask dataframe column (a dask Series)",
                f"a {type(value).__name__}",
                "Select one column, e.g. df['y_true'].",
            )
        )
    elif not _is_dask(value):
        value = da.from_array(np.asarray(value), chunks=-1)
    if value.ndim == 2 and value.shape[1] == 1:
        value = value[:, 0]
    if value.ndim != 1:
        raise ValueError(
            param_error(
                func,
                name,
                "a 1-D array of shape (n_samples,)",
                f"a dask array of shape {value.shape}",
            )
        )
    return value


def _aligned_blocks(inputs, func):
    """One tuple of delayed blocks per part of the data, the same rows in each.

    ``inputs`` maps parameter names to values (None for an absent input).
    Dask dataframe columns with the same number of partitions keep their
    partitions (and dtypes: categoricals stay categorical), a NumPy input
    beside them is cut at their partition lengths; anything else becomes
    dask arrays cut like the first input's chunks. Blocks of different
    lengths are refused by the in-memory checks of each block.
    """
    names = [name for name, value in inputs.items() if value is not None]
    values = [inputs[name] for name in names]
    columns = [value for value in values if _is_column(value)]
    arrays_given = any(_is_dask(value) and not _is_column(value) for value in values)
    if columns and not arrays_given and len({c.npartitions for c in columns}) == 1:
        parts = _partitions(values, names, columns[0], func)
    else:
        parts = _chunks(values, names, func)
    blocks = [dict(zip(names, part)) for part in zip(*parts)]
    return [{name: block.get(name) for name in inputs} for block in blocks]


def _length_error(func, name, reference, n_samples, length):
    return ValueError(
        param_error(
            func,
            name,
            f"of the same length as {reference} ({n_samples})",
            f"an array of length {length}",
        )
    )


def _partitions(values, names, reference, func):
    """The partitions of dask columns; other inputs cut at their lengths."""
    if all(_is_column(value) for value in values):
        return [value.to_delayed() for value in values]
    lengths = np.asarray(reference.map_partitions(len).compute())
    n_samples = int(lengths.sum())
    bounds = np.cumsum(lengths)[:-1]
    parts = []
    for value, name in zip(values, names):
        if _is_column(value):
            parts.append(value.to_delayed())
            continue
        array = np.asarray(value)
        if array.shape[0] != n_samples:
            raise _length_error(func, name, names[0], n_samples, array.shape[0])
        parts.append(np.split(array, bounds))
    return parts


def _chunks(values, names, func):
    """Dask arrays of the inputs, cut like the first input's chunks."""
    with warnings.catch_warnings():
        # dask warns that string columns become object arrays: as in memory
        warnings.filterwarnings("ignore", "Dask currently has limited support")
        arrays = [_as_dask_array(v, name, func) for v, name in zip(values, names)]
    n_samples = arrays[0].shape[0]
    for array, name in zip(arrays[1:], names[1:]):
        if array.shape[0] != n_samples:
            raise _length_error(func, name, names[0], n_samples, array.shape[0])
    chunks = arrays[0].chunks
    return [array.rechunk(chunks).to_delayed().ravel() for array in arrays]


def _tree_sum(parts, add):
    """Delayed pairwise sums of ``parts``, level by level."""
    import dask

    add = dask.delayed(add, pure=True)
    while len(parts) > 1:
        pairs = zip(parts[0::2], parts[1::2])
        summed = [add(first, second) for first, second in pairs]
        parts = summed + ([parts[-1]] if len(parts) % 2 else [])
    return parts[0]


def _added(first, second):
    """Two block results added; None is an empty block."""
    if first is None or second is None:
        return second if first is None else first
    return first + second


def _count_block(y_true, y_pred, sample_weight, labels):
    """The counts of one block (None when the block holds no sample)."""
    from .counts import confusion_counts

    if len(y_true) == 0 and len(y_pred) == 0:
        return None
    return confusion_counts(y_true, y_pred, labels=labels, sample_weight=sample_weight)


def _empty_error(func):
    return ValueError(param_error(func, "y_true", "a non-empty array-like", "no rows"))


def dask_confusion_counts(y_true, y_pred, labels, sample_weight, func):
    """:func:`~imbascore.confusion_counts` of dask inputs, counted per block."""
    import dask

    blocks = _aligned_blocks(
        {"y_true": y_true, "y_pred": y_pred, "sample_weight": sample_weight}, func
    )
    count = dask.delayed(_count_block, pure=True)
    parts = [
        count(block["y_true"], block["y_pred"], block["sample_weight"], labels)
        for block in blocks
    ]
    counts = _tree_sum(parts, _added).compute()
    if counts is None:
        raise _empty_error(func)
    return counts


def _block_summary(y_true, y_score, sample_weight, func):
    """Classes of ``y_true``, lowest and highest score of one block, each
    checked by the in-memory checks (None for an empty block)."""
    from .thresholds import check_block

    if len(y_true) == 0 and len(y_score) == 0:
        return None
    return check_block(y_true, y_score, sample_weight, func)


def _united_summaries(first, second):
    if first is None or second is None:
        return second if first is None else first
    classes = list(dict.fromkeys(first[0] + second[0]))
    return classes, min(first[1], second[1]), max(first[2], second[2])


def _accumulate_block(y_true, y_score, sample_weight, pos_label, thresholds, func):
    from .thresholds import count_block

    if len(y_true) == 0 and len(y_score) == 0:
        return None
    return count_block(y_true, y_score, sample_weight, pos_label, thresholds, func)


def _merged_accumulators(first, second):
    if first is None or second is None:
        return second if first is None else first
    return first.merged(second)


def dask_threshold_counts(y_true, y_score, sample_weight, given, pos_label, func):
    """Counts of dask inputs at fixed thresholds, by two passes over them.

    The first pass takes each block's classes and score range (so that an
    int ``given`` is spaced over the global range, as in memory); the second
    counts each block into the bins between the thresholds. Returns
    ``(classes, pos_label, thresholds, accumulator)``.
    """
    import dask

    from .thresholds import _check_positive, classes_of

    if given is None:
        raise ValueError(
            param_error(
                func,
                "thresholds",
                "an int or an array of thresholds for dask inputs (every "
                "distinct score would gather all the scores on one machine)",
                None,
                "Pass e.g. thresholds=1000: that many evenly spaced thresholds "
                "from the lowest to the highest score.",
            )
        )
    blocks = _aligned_blocks(
        {"y_true": y_true, "y_score": y_score, "sample_weight": sample_weight}, func
    )
    summarize = dask.delayed(_block_summary, pure=True)
    summary = _tree_sum(
        [
            summarize(block["y_true"], block["y_score"], block["sample_weight"], func)
            for block in blocks
        ],
        _united_summaries,
    ).compute()
    if summary is None:
        raise _empty_error(func)
    found, low, high = summary
    classes = classes_of(found, func)
    pos_label = _check_positive(classes, pos_label, func)
    at = np.linspace(low, high, given) if isinstance(given, int) else given
    distinct = np.unique(at)
    accumulate = dask.delayed(_accumulate_block, pure=True)
    accumulator = _tree_sum(
        [
            accumulate(
                block["y_true"],
                block["y_score"],
                block["sample_weight"],
                pos_label,
                distinct,
                func,
            )
            for block in blocks
        ],
        _merged_accumulators,
    ).compute()
    return classes, pos_label, at, accumulator
