"""What travels together from a public reader (:func:`metric_interval`,
:func:`compare_predictions`, the report) down to each family's interval:
how the draws are made, and the percentile test of drawn differences."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .._core.resampling import percentiles

__all__ = ["Resampling", "difference_test"]


@dataclass(frozen=True)
class Resampling:
    """The interval's settings as the user gave them (checked by the family
    that reads them): ``method`` (None: the family's default),
    ``confidence_level``, ``n_resamples`` and ``random_state``."""

    method: str | None = None
    confidence_level: float = 0.95
    n_resamples: int = 10000
    random_state: Any = None

    def __iter__(self):
        # unpacks as (method, confidence_level, n_resamples, random_state);
        # not dataclasses.astuple, which would copy the random state
        fields = self.method, self.confidence_level, self.n_resamples
        return iter((*fields, self.random_state))


def difference_test(differences, level):
    """``(differences kept, low, high, pvalue)`` of drawn paired differences:
    NaN draws left out, their percentile interval, and twice the smaller
    share of them on either side of 0 (NaN without any draw)."""
    differences = np.asarray(differences, dtype=float)
    differences = differences[np.isfinite(differences)]
    low, high = percentiles(differences, level)
    pvalue = np.nan
    if differences.size:
        tail = min(np.mean(differences <= 0), np.mean(differences >= 0))
        pvalue = float(min(1.0, 2 * tail))
    return differences, low, high, pvalue
