"""The types of the public signatures, written once.

Imported by the modules that define public objects, for their annotations
only (they use ``from __future__ import annotations``, so nothing here is
evaluated when they are imported).
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = [
    "ArrayLike",
    "Average",
    "FloatArray",
    "PosLabel",
    "RandomState",
    "Scorer",
    "ZeroDivision",
]

#: Anything :func:`numpy.asarray` takes: lists, arrays, pandas Series, ...
ArrayLike: TypeAlias = npt.ArrayLike

#: An array of floats, as the metrics return with ``average=None``.
FloatArray: TypeAlias = npt.NDArray[np.float64]

#: The positive class: a number, a boolean, a string or a numpy scalar.
PosLabel: TypeAlias = int | float | bool | str | np.generic

#: The averages of the confusion-count metrics.
Average: TypeAlias = Literal["binary", "micro", "macro", "weighted", "samples"]

#: The value of an undefined rate: ``"warn"`` (0.0 and a warning) or a number.
ZeroDivision: TypeAlias = Literal["warn"] | float

#: A seed, or a :class:`numpy.random.RandomState` (sklearn's ``check_random_state``).
RandomState: TypeAlias = int | np.random.RandomState | None


class Scorer(Protocol):
    """A scikit-learn scorer: ``scorer(estimator, X, y_true)`` is a float.

    What :func:`sklearn.metrics.make_scorer` returns, and what every
    ``*_scorer`` factory of :mod:`imbascore.scorers` builds.
    """

    def __call__(
        self, estimator: Any, X: Any, y_true: Any, *args: Any, **kwargs: Any
    ) -> float: ...
