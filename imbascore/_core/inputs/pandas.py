"""The adapter of pandas labels: Categorical (from its codes), nullable and
other extension arrays, and large object arrays (hashed, not sorted).

A pandas Categorical holds integer codes and a small array of categories;
turning it into an array of Python strings and sorting them (``np.unique``)
cost 250 times the count itself, so its codes are used as they are.
"""

import sys

import numpy as np

from ..checks import missing_message

__all__ = [
    "HASH_FROM",
    "categorical_codes",
    "from_pandas",
    "hashed_codes",
    "large_objects",
]

_NUMERIC_KINDS = "biuf"


def hashed_codes(y):
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


def large_objects(y_true, y_pred):
    """Two object arrays (pandas loaded) large enough to be worth hashing."""
    if "pandas" not in sys.modules:
        return False
    return all(
        getattr(getattr(y, "dtype", None), "kind", None) == "O"
        and getattr(y, "ndim", 0) == 1
        and len(y) >= HASH_FROM
        for y in (y_true, y_pred)
    )


def categorical_codes(y):
    """(codes, categories) of a pandas Categorical or categorical Series."""
    dtype = getattr(y, "dtype", None)
    if getattr(dtype, "name", None) != "category":
        return None
    parts = getattr(y, "cat", y)  # a Series' accessor, or the Categorical
    return np.asarray(parts.codes), np.asarray(parts.categories)


def from_pandas(y, name, func):
    """pandas labels as numpy reads them, ``y`` itself for anything else.

    A one-column DataFrame gives its column; an extension array (nullable,
    string) has its missing values found before numpy turns pd.NA into
    objects or NaN, and its numbers read with their numpy dtype.
    """
    if hasattr(y, "iloc") and getattr(y, "ndim", 1) == 2 and y.shape[1] == 1:
        y = y.iloc[:, 0]  # a one-column DataFrame, keeping its column's dtype
    dtype = getattr(y, "dtype", None)
    if isinstance(dtype, np.dtype | None) or not hasattr(y, "isna"):
        return y
    if np.asarray(y.isna()).any():
        raise ValueError(missing_message(name, func))
    numpy_dtype = getattr(dtype, "numpy_dtype", None)
    if numpy_dtype is not None and numpy_dtype.kind in _NUMERIC_KINDS:
        return y.to_numpy(dtype=numpy_dtype)
    return y
