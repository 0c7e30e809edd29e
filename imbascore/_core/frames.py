"""Columns of every dataframe library, read through narwhals.

polars, pyarrow, Modin, cuDF and every other backend narwhals supports (eager
Series and DataFrames, and lazy frames such as polars' LazyFrame, which are
collected) reach the package as one of two things: an Arrow array, for
categorical, enum and string columns (whose dictionary codes the label door
reads without making Python strings), or a numpy array, for numbers and
booleans. Missing values are found by the backend's own null count before any
conversion, so that a nullable integer column with a null gets the missing
value error, not a float array.

pandas objects are read by the package's own pandas adapter instead
(:mod:`imbascore._core.inputs.pandas`): wrapping a pandas Series in narwhals
costs about 125 microseconds and its null count another 240 (measured with
narwhals 2.29 and pandas 2.3), against 54 for ``Series.isna``, and a metric
call on a cross-validation fold of 100 samples takes about 40 in all. pyarrow
arrays, what this module makes of the others' strings, are read by the Arrow
adapter (:mod:`imbascore._core.inputs.arrow`) without a second wrapping.

This module imports nothing of the package: :mod:`imbascore._core.checks`
reads weights through it.
"""

import numpy as np

__all__ = ["CodedLabels", "FrameColumn", "frame_column", "frame_columns"]

# Modules whose objects never go through narwhals: numpy and plain Python
# (nothing to do), pandas (the package's own adapter, see above), pyarrow
# (what this module hands over: the Arrow adapter reads it, nulls included),
# dask (read block by block where it lives, by imbascore._core.inputs.dask).
_NOT_NARWHALS = frozenset(
    {"numpy", "builtins", "pandas", "pyarrow", "dask", "dask_expr", "scipy"}
)


class FrameColumn:
    """One column of a dataframe library, as narwhals reads it.

    Attributes
    ----------
    values : ndarray, CodedLabels or pyarrow array
        numpy for numbers and booleans; :class:`CodedLabels` for categorical
        and enum columns of polars and pandas-like backends; Arrow for the
        others' and for strings (when pyarrow is installed; numpy otherwise).
    n_missing : int
        The backend's count of null values (NaN counts for pandas-like
        backends, as in pandas).
    backend : str
        The library the column came from, e.g. ``"polars"``.
    """

    __slots__ = ("backend", "n_missing", "values")

    def __init__(self, values, n_missing, backend):
        self.values = values
        self.n_missing = n_missing
        self.backend = backend


def _narwhals_series(y):
    """The narwhals Series of a backend's column or one-column frame, or None
    (also for frames of several columns: the callers' shape checks say so)."""
    import narwhals.stable.v2 as nw

    wrapped = nw.from_native(y, allow_series=True, pass_through=True)
    if wrapped is y:
        return None
    if isinstance(wrapped, nw.LazyFrame):
        if len(wrapped.collect_schema()) != 1:
            return None
        wrapped = wrapped.collect()
    if isinstance(wrapped, nw.DataFrame):
        if len(wrapped.columns) != 1:
            return None
        wrapped = wrapped.get_column(wrapped.columns[0])
    return wrapped if isinstance(wrapped, nw.Series) else None


def _wants_arrow(series):
    import narwhals.stable.v2 as nw

    return isinstance(series.dtype, nw.Categorical | nw.Enum | nw.String)


def frame_column(y):
    """``y`` read as a :class:`FrameColumn` when it is a column (or a
    one-column frame) of a dataframe library that narwhals supports; None for
    anything else, which the callers read as before."""
    module = type(y).__module__.partition(".")[0]
    if module in _NOT_NARWHALS or isinstance(y, list | tuple | np.ndarray):
        return None
    series = _narwhals_series(y)
    return None if series is None else _read(series)


def frame_columns(frame):
    """``[(name, FrameColumn), ...]`` of every column of a dataframe (eager or
    lazy) of a library that narwhals supports, or None for anything else."""
    module = type(frame).__module__.partition(".")[0]
    if module in _NOT_NARWHALS:
        return None
    import narwhals.stable.v2 as nw

    wrapped = nw.from_native(frame, allow_series=True, pass_through=True)
    if wrapped is frame:
        return None
    if isinstance(wrapped, nw.LazyFrame):
        wrapped = wrapped.collect()
    if isinstance(wrapped, nw.Series):
        return [(wrapped.name or None, _read(wrapped))]
    return [(str(name), _read(wrapped.get_column(name))) for name in wrapped.columns]


class CodedLabels:
    """A categorical column's integer codes and the label of each code
    (some codes possibly unused), read without decoding a string per sample.

    numpy reads it as its labels (``np.asarray``), for the paths that need
    them decoded (a fallback with an error to report).
    """

    __slots__ = ("categories", "codes")

    def __init__(self, codes, categories):
        self.codes = codes
        self.categories = categories

    def __len__(self):
        return self.codes.shape[0]

    @property
    def shape(self):
        return self.codes.shape

    @property
    def ndim(self):
        return 1

    def __array__(self, dtype=None, copy=None):
        labels = self.categories[self.codes]
        return labels if dtype is None else labels.astype(dtype)


def _categorical_codes(series):
    """:class:`CodedLabels` of a categorical or enum column of polars or of
    a pandas-like backend (Modin, cuDF); None for other types and backends.

    polars' ``to_arrow`` of a Categorical rebuilds a dictionary (175 ms for
    10^7 labels with polars 2.1) where its physical codes are a view (0.3 ms).
    """
    import narwhals.stable.v2 as nw

    if not isinstance(series.dtype, nw.Categorical | nw.Enum):
        return None
    native = series.to_native()
    implementation = series.implementation
    if implementation.is_polars():
        # the codes index the dtype's categories (the global ones of a
        # Categorical, the fixed list of an Enum)
        categories = native.dtype.categories
        categories = (
            categories.to_series() if hasattr(categories, "to_series") else categories
        )
        return CodedLabels(
            native.to_physical().to_numpy(), np.asarray(categories.to_numpy())
        )
    if implementation.is_pandas_like():
        return CodedLabels(
            np.asarray(native.cat.codes.to_numpy()),
            np.asarray(native.cat.categories.to_numpy()),
        )
    return None


def _read(series):
    """The :class:`FrameColumn` of a narwhals Series."""
    backend = str(series.implementation).lower().rsplit(".", 1)[-1]
    native_dtype = getattr(series.to_native(), "dtype", None)
    if series.implementation.is_pandas_like() and isinstance(native_dtype, np.dtype):
        # numpy's integers and booleans hold no nulls and its floats' NaN is
        # read as in a numpy array: no null count (Modin: 0.1 s per 10^7)
        return FrameColumn(_numbers(series), 0, backend)
    n_missing = int(series.null_count())
    if n_missing:
        return FrameColumn(None, n_missing, backend)
    coded = _categorical_codes(series)
    if coded is not None:
        return FrameColumn(coded, 0, backend)
    if _wants_arrow(series):
        try:
            values = series.to_arrow()
        except ImportError:  # no pyarrow: Python strings, read as before
            values = series.to_numpy()
        return FrameColumn(values, 0, backend)
    return FrameColumn(_numbers(series), 0, backend)


def _numbers(series):
    """A column of numbers as numpy. Modin's ``to_numpy`` (its Python engine)
    takes 0.21 s per 10^7 labels, its ``to_pandas`` then pandas' 0.04 s."""
    if series.implementation.is_modin():
        return series.to_pandas().to_numpy()
    return series.to_numpy()
