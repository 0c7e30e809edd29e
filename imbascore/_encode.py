"""Labels counted without sorting them: categoricals from their codes, large
object arrays by hashing.

A pandas Categorical holds integer codes and a small array of categories;
turning it into an array of Python strings and sorting them (``np.unique``)
cost 250 times the count itself. Here the codes are used as they are: the
categories of both inputs are united (a few labels), each input's codes are
translated through a lookup table, and the labels no sample uses are
dropped, so the result is exactly what the general path gives. A plain
string array beside a categorical, and two large object arrays (pandas
being loaded), are encoded by hashing (``pd.factorize``), not by sorting.

Arrow-backed labels (pyarrow arrays and chunked arrays, polars Series) are
read the same way: dictionary arrays (polars Categorical and Enum) from their
indices, strings dictionary-encoded by Arrow's hashing kernel, never turned
into Python objects. Their numbers need nothing: numpy reads them as they are.
"""

import sys

import numpy as np

__all__ = ["encode_categoricals"]


def _categorical(y):
    """(codes, categories) of a pandas Categorical or categorical Series, or
    of Arrow-backed labels with a dictionary or strings."""
    if type(y) is np.ndarray:  # the common case, decided at once
        return None
    if type(y).__module__.split(".")[0] in ("pyarrow", "polars"):
        return _arrow_codes(y)
    dtype = getattr(y, "dtype", None)
    if getattr(dtype, "name", None) != "category":
        return None
    parts = getattr(y, "cat", y)  # a Series' accessor, or the Categorical
    return np.asarray(parts.codes), np.asarray(parts.categories)


def _arrow_codes(y):
    """(codes, categories) of a pyarrow array or polars Series of strings or
    dictionary type; None for other types and for missing values (the
    general path reads and reports those)."""
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
    except ImportError:  # polars without pyarrow: the general path reads it
        return None
    array = y.to_arrow() if hasattr(y, "to_arrow") else y
    if not isinstance(array, pa.Array | pa.ChunkedArray) or array.null_count:
        return None
    kind = array.type
    if pa.types.is_dictionary(kind):
        kind = kind.value_type
    elif pa.types.is_string(kind) or pa.types.is_large_string(kind):
        array = pc.dictionary_encode(array)  # hashing, in Arrow's C++
    else:
        return None
    if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
        return None
    chunks = (
        array.unify_dictionaries().chunks
        if isinstance(array, pa.ChunkedArray)
        else [array]
    )
    if not chunks:
        return None
    codes = np.concatenate(
        [chunk.indices.to_numpy(zero_copy_only=False) for chunk in chunks]
    )
    categories = chunks[0].dictionary.to_numpy(zero_copy_only=False)
    return codes.astype(np.intp, copy=False), categories


def _factorized(y):
    """(codes, uniques) of a 1-D array of strings or objects, by hashing."""
    pandas = sys.modules.get("pandas")
    if pandas is None or hasattr(y, "iloc") and getattr(y, "ndim", 1) != 1:
        return None
    array = np.asarray(y)
    if array.ndim != 1 or array.dtype.kind not in "OUS":
        return None
    codes, uniques = pandas.factorize(array)
    return codes, np.asarray(uniques)


#: From this many samples on, object labels are hashed rather than sorted:
#: pd.factorize of 10^6 Python strings takes 37 ms, np.unique 813 ms; on a
#: few samples the sort is cheaper than the call.
HASH_FROM = 50_000


def _large_objects(y_true, y_pred):
    """Two object arrays (pandas loaded) large enough to be worth hashing."""
    if "pandas" not in sys.modules:
        return False
    return all(
        getattr(getattr(y, "dtype", None), "kind", None) == "O"
        and getattr(y, "ndim", 0) == 1
        and len(y) >= HASH_FROM
        for y in (y_true, y_pred)
    )


def _one_type(labels):
    """Hashing merges equal values of different types (1, 1.0, True), which
    the general path reports or orders its own way: only one type here."""
    return labels.dtype.kind in "US" or len({type(v) for v in labels.tolist()}) <= 1


def encode_categoricals(y_true, y_pred, func):
    """``(codes_true, codes_pred, classes)`` when a categorical input allows
    the fast path, else None (the general path then validates and encodes).

    Falls back whenever the general path has something to say: missing
    values (code -1), different lengths, non-string categories.
    """
    from ._validation import _encode_with_unique

    parts = [_categorical(y_true), _categorical(y_pred)]
    if parts == [None, None] and not _large_objects(y_true, y_pred):
        return None
    parts = [
        part if part is not None else _factorized(y)
        for part, y in zip(parts, (y_true, y_pred))
    ]
    if any(part is None for part in parts):
        return None
    (codes_true, labels_true), (codes_pred, labels_pred) = parts
    if (
        codes_true.ndim != 1
        or codes_true.shape != codes_pred.shape
        or labels_true.dtype.kind not in "OUS"
        or labels_pred.dtype.kind not in "OUS"
        or codes_true.min(initial=0) < 0
        or codes_pred.min(initial=0) < 0
        or not (_one_type(labels_true) and _one_type(labels_pred))
    ):
        return None
    # The union of the (few) categories, with the general path's checks.
    union = _encode_with_unique(labels_true, labels_pred, None, func)
    classes = union.values
    identity = np.arange(len(classes))
    # Same sorted categories on both sides (the usual case): codes as they are.
    if not np.array_equal(union.y_true, identity[: len(union.y_true)]):
        codes_true = union.y_true[codes_true]
    if not np.array_equal(union.y_pred, identity[: len(union.y_pred)]):
        codes_pred = union.y_pred[codes_pred]
    if len(classes) == 2:  # the 2x2 table's count drops an unused class
        return codes_true, codes_pred, classes
    present = np.bincount(codes_true, minlength=len(classes)) > 0
    present |= np.bincount(codes_pred, minlength=len(classes)) > 0
    if not present.all():  # categories no sample uses are not labels
        position = np.cumsum(present) - 1
        codes_true, codes_pred = position[codes_true], position[codes_pred]
        classes = classes[present]
    return codes_true, codes_pred, classes
