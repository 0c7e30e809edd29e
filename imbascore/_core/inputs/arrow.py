"""The adapter of Arrow-backed labels: pyarrow arrays and chunked arrays,
and the Arrow arrays :mod:`imbascore._core.frames` makes of other dataframe
libraries' strings.

Dictionary arrays are read from their indices,
string arrays dictionary-encoded by Arrow's hashing kernel: never turned into
Python objects. Their numbers need nothing: numpy reads them as they are.
"""

import numpy as np

__all__ = ["arrow_codes", "is_arrow"]


def is_arrow(y):
    """Whether ``y`` is a pyarrow object."""
    return type(y).__module__.partition(".")[0] == "pyarrow"


def arrow_codes(y):
    """(codes, categories) of a pyarrow array of strings or dictionary type;
    None for other types and for missing values (the general path reads and
    reports those)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    array = y
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
