"""Each group's rows, for the metrics that read scores or probabilities:
one stable sort of the group codes, then a slice per group."""

import numpy as np

from .._core.frames import frame_column

__all__ = ["GroupSlices", "as_array"]


def as_array(values):
    """A 1-D numpy array of a column (numpy, a list, pandas, or any dataframe
    library's column through :func:`~imbascore._core.frames.frame_column`);
    missing values stay in it for the door of the metric read to report."""
    if values is None:
        return None
    column = frame_column(values)
    if column is not None and not column.n_missing:
        return np.asarray(column.values)
    numpy_dtype = getattr(getattr(values, "dtype", None), "numpy_dtype", None)
    if numpy_dtype is not None and numpy_dtype.kind in "biuf":
        # pandas' nullable numbers: objects from to_numpy before pandas 2.2
        if not np.asarray(values.isna()).any():
            return values.to_numpy(dtype=numpy_dtype)
    if hasattr(values, "to_numpy"):
        return np.asarray(values.to_numpy())
    return np.asarray(values)


class GroupSlices:
    """The rows of each group, in input order within it."""

    def __init__(self, codes, n_groups):
        self.order = np.argsort(codes, kind="stable")
        bounds = np.searchsorted(codes[self.order], np.arange(n_groups + 1))
        self._bounds = bounds

    def rows(self, code):
        return self.order[self._bounds[code] : self._bounds[code + 1]]
