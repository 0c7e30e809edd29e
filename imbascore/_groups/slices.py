"""Each group's rows, for the metrics that read scores or probabilities:
one stable sort of the group codes, then a slice per group."""

import sys

import numpy as np

__all__ = ["GroupSlices", "as_array"]


def as_array(values):
    """A 1-D numpy array of a column (numpy, list, pandas, polars)."""
    if values is None:
        return None
    if hasattr(values, "to_numpy"):
        return np.asarray(values.to_numpy())
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(values, pandas.Categorical):
        return np.asarray(values)
    return np.asarray(values)


class GroupSlices:
    """The rows of each group, in input order within it."""

    def __init__(self, codes, n_groups):
        self.order = np.argsort(codes, kind="stable")
        bounds = np.searchsorted(codes[self.order], np.arange(n_groups + 1))
        self._bounds = bounds

    def rows(self, code):
        return self.order[self._bounds[code] : self._bounds[code + 1]]
