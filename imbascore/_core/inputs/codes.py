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
    lookup : ndarray of shape (n_codes,) or None
        When given, ``true`` and ``pred`` hold a categorical column's own
        codes and code ``c`` is the label ``classes[lookup[c]]``: the engine
        counts the codes as they are and orders the small table after, where
        translating every sample's code would cost more than the count
        (polars' codes follow the order the labels first appeared in). Readers
        of every sample's class call :meth:`resolved`.
    """

    true: np.ndarray
    pred: np.ndarray
    classes: np.ndarray | None
    weights: np.ndarray | None
    func: str = "count"
    lookup: np.ndarray | None = None

    def resolved(self):
        """These codes with :attr:`lookup` applied: positions in ``classes``."""
        if self.lookup is None:
            return self
        return Codes(
            self.lookup[self.true],
            self.lookup[self.pred],
            self.classes,
            self.weights,
            self.func,
        )


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
