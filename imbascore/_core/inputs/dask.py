"""The adapter of dask collections: aligned blocks, each reduced where it lives.

``confusion_counts`` and ``threshold_curve`` accept dask arrays and dask
dataframe columns. :func:`reduce_blocks` cuts the inputs into aligned blocks
(chunks or partitions), runs the caller's in-memory function on each block
on its worker, and adds the small results in a tree, so that no task holds
more than two of them and the labels never reach the client. The function
and the addition are the caller's: this module counts nothing itself.

Dask is imported only when a dask collection is passed (it is then loaded).
"""

import functools
import sys
import warnings

import numpy as np

from ..checks import bad_param, check_length

__all__ = ["any_dask", "empty_error", "reduce_blocks"]


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
        raise bad_param(
            func,
            name,
            "a 1-D dask array or a dask dataframe column (a dask Series)",
            f"a {type(value).__name__}",
            "Select one column, e.g. df['y_true'].",
            error=TypeError,
        )
    elif not _is_dask(value):
        value = da.from_array(np.asarray(value), chunks=-1)
    if value.ndim == 2 and value.shape[1] == 1:
        value = value[:, 0]
    if value.ndim != 1:
        raise bad_param(
            func,
            name,
            "a 1-D array of shape (n_samples,)",
            f"a dask array of shape {value.shape}",
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
        check_length(array.shape[0], n_samples, name, func, names[0])
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
        check_length(array.shape[0], n_samples, name, func, names[0])
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


def _run_block(per_block, *arguments):
    """``per_block`` of one block (None when the block holds no sample)."""
    if len(arguments[0]) == 0 and len(arguments[1]) == 0:
        return None
    return per_block(*arguments)


def _added(add, first, second):
    """Two block results added by ``add``; None is an empty block."""
    if first is None or second is None:
        return second if first is None else first
    return add(first, second)


def empty_error(func):
    return bad_param(func, "y_true", "a non-empty array-like", "no rows")


def reduce_blocks(inputs, per_block, add, func, *args):
    """``per_block(*block, *args)`` of every aligned block of ``inputs`` (a
    dict of name -> collection or None), added in a tree by ``add``; None
    for empty blocks (every block empty: None)."""
    import dask

    run = dask.delayed(_run_block, pure=True)
    parts = [
        run(per_block, *block.values(), *args)
        for block in _aligned_blocks(inputs, func)
    ]
    return _tree_sum(parts, functools.partial(_added, add)).compute()
