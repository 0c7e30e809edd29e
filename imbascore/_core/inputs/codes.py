"""What every adapter hands the counting engine: labels as integer codes.

An adapter turns one family of inputs (numpy arrays and lists, pandas,
Arrow and polars, multilabel indicators) into :class:`Codes` or
:class:`Indicators`, after checking everything particular to that family;
the engine counts them without asking where they came from.
"""

from dataclasses import dataclass

import numpy as np

__all__ = ["Codes", "Indicators"]


@dataclass(frozen=True)
class Codes:
    """Validated single-label targets, ready to be counted.

    Attributes
    ----------
    true, pred : ndarray of shape (n_samples,)
        Integer codes ``0 .. len(classes) - 1``; or, when ``classes`` is None,
        integer-valued labels (ints, bools or whole floats) that are their
        own codes: the engine finds their range as it counts them.
    classes : ndarray of shape (n_classes,) or None
        The label of each code, sorted; None for labels that are their own
        codes.
    weights : ndarray of shape (n_samples,) or None
        Checked sample weights (float64), None when unweighted.
    func : str
        The public function, for the messages of checks made while counting
        (float labels that are their own codes: see
        :func:`~imbascore._core.inputs.arrays.check_whole_floats`).
    """

    true: np.ndarray
    pred: np.ndarray
    classes: np.ndarray | None
    weights: np.ndarray | None
    func: str = "count"


@dataclass(frozen=True)
class Indicators:
    """Validated multilabel-indicator targets (dense 0/1 arrays or CSR).

    Attributes
    ----------
    true, pred : ndarray or scipy.sparse CSR matrix of shape (n_samples, n_labels)
    weights : ndarray of shape (n_samples,) or None
    columns : ndarray of shape (n_columns,)
        The columns (labels) to count.
    """

    true: object
    pred: object
    weights: np.ndarray | None
    columns: np.ndarray
