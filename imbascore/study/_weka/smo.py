"""Weka's ``SMO`` (linear support vector machine) with its defaults.

The rules, each from the Weka source file it follows (Weka 3.6; the counts
agree with the 3.6 jar's, see ``tests/study/test_weka.py``):

* ``weka/classifiers/functions/SMO.java`` ``buildClassifier``: when any
  attribute is nominal, the unsupervised ``NominalToBinary`` filter (a
  nominal of two values stays one column, one of k > 2 values becomes k
  columns; see :func:`~imbascore.study._weka.data.nominal_to_binary`);
  then, with the default ``-N 0``, ``weka/filters/unsupervised/attribute/
  Normalize.java`` scales every column to [0, 1] with the training data's
  minimum and maximum (a constant column becomes 0; test values are not
  clipped).
* The instances of the first class, then those of the second, in data
  order, shuffled by ``Instances.randomize(new Random(-W))`` (seed 1).
* ``-C 1``, ``-L 0.001``, ``-P 1e-12``, ``-K "PolyKernel -E 1"``: Weka's
  ``BinarySMO`` optimiser, step for step (see
  :mod:`~imbascore.study._weka.smo_numba`): it stops within its tolerance,
  which on overlapping classes leaves a machine libsvm's optimum does not
  reproduce (libsvm's counts differ from Weka's on 9 of 150 of our
  Breast and German folds; this optimiser's on none).
* ``distributionForInstance`` without logistic models: the second class
  where ``w . x - b > 0`` (the sum over the non-zero weights, in order),
  else the first; several classes are separated pair by pair (each pair
  shuffled by the same generator, in turn) and vote, a tie going to the
  first class.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin

from .data import (
    check_param,
    keep_params,
    nominal_to_binary,
    numba_kernels,
    start_fit,
    start_predict,
)
from .random import JavaRandom, java_seed

__all__ = ["WekaSMOClassifier"]

_NUMBA_MISSING = (
    "WekaSMOClassifier optimises with numba, which is not installed: "
    'pip install "imbascore[weka]"'
)


def _optimiser():
    return numba_kernels("smo_numba", _NUMBA_MISSING).binary_smo


class WekaSMOClassifier(ClassifierMixin, BaseEstimator):
    """A linear support vector machine trained exactly as Weka's ``SMO``.

    Takes the raw features (nominal columns as integer codes): the
    ``NominalToBinary`` conversion and the scaling to [0, 1] are part of
    Weka's classifier. Needs numba (``pip install "imbascore[weka]"``).

    Parameters
    ----------
    C : float, default=1.0
        Weka's ``-C`` (complexity constant).

    tol : float, default=1e-3
        Weka's ``-L`` (tolerance of the optimality conditions).

    eps : float, default=1e-12
        Weka's ``-P`` (round-off epsilon).

    random_state : int, RandomState instance or None, default=1
        Weka's ``-W``: the seed of the ``java.util.Random`` that shuffles the
        training data (an int gives exactly Weka's order).

    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns (integer codes).

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header); None: one more
        than the largest code seen in ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    coef_ : ndarray of shape (n_pairs, n_inputs)
        Weight vector of each pairwise machine, on the converted and
        normalised inputs (pairs in the order (0, 1), (0, 2), ..., (1, 2), ...).
    intercept_ : ndarray of shape (n_pairs,)
        Weka's threshold ``b`` of each machine (the output is ``w . x - b``).
    n_features_in_ : int

    Examples
    --------
    >>> from imbascore.study import WekaSMOClassifier
    >>> X = [[0.0, 0], [0.2, 0], [0.9, 1], [1.0, 1]]
    >>> WekaSMOClassifier(categorical_features=[1]).fit(X, [0, 0, 1, 1]).predict(
    ...     [[0.1, 0], [0.95, 1]])  # doctest: +SKIP
    array([0, 1])
    """

    def __init__(
        self,
        C=1.0,
        *,
        tol=1e-3,
        eps=1e-12,
        random_state=1,
        categorical_features=None,
        n_categories=None,
    ):
        keep_params(self, locals())

    def _inputs(self, X):
        """NominalToBinary where any column is nominal, then Normalize."""
        if self.nominal_.any():
            X = nominal_to_binary(X, self.nominal_, self.n_values_)
        # Normalize.convertInstance: (x - min) / (max - min) * 1 + 0; 0 if constant.
        return np.where(self._width != 0, (X - self._low) / self._safe_width, 0.0)

    def _check_params(self):
        for name in ("C", "tol", "eps"):
            check_param(self, name, "a positive float")

    def fit(self, X, y):
        """Train one machine per pair of classes; return self."""
        binary_smo = _optimiser()
        X, codes = start_fit(self, X, y)
        binary = (
            nominal_to_binary(X, self.nominal_, self.n_values_)
            if self.nominal_.any()
            else X
        )
        self._low = binary.min(axis=0)
        self._width = binary.max(axis=0) - self._low
        self._safe_width = np.where(self._width != 0, self._width, 1.0)
        Z = self._inputs(X)
        rand = JavaRandom(java_seed(self.random_state))
        coefs, intercepts = [], []
        n_classes = len(self.classes_)
        for first in range(n_classes):
            for second in range(first + 1, n_classes):
                rows = np.concatenate(
                    [np.flatnonzero(codes == first), np.flatnonzero(codes == second)]
                )
                rows = rows[rand.randomize(len(rows))]
                w, b = binary_smo(
                    np.ascontiguousarray(Z[rows]),
                    np.where(codes[rows] == second, 1.0, -1.0),
                    float(self.C),
                    float(self.tol),
                    float(self.eps),
                )
                coefs.append(w)
                intercepts.append(b)
        self.coef_ = np.array(coefs).reshape(-1, Z.shape[1])
        self.intercept_ = np.array(intercepts)
        return self

    def _outputs(self, X):
        X = start_predict(self, X)
        Z = self._inputs(X)
        outputs = np.zeros((len(Z), len(self.intercept_)))
        for pair, (w, b) in enumerate(zip(self.coef_, self.intercept_)):
            total = np.zeros(len(Z))
            for k in np.flatnonzero(w):  # the sparse weights, in order
                total += Z[:, k] * w[k]
            outputs[:, pair] = total - b
        return outputs

    def _votes(self, outputs):
        votes = np.zeros((len(outputs), len(self.classes_)))
        pair = 0
        for first in range(len(self.classes_)):
            for second in range(first + 1, len(self.classes_)):
                positive = outputs[:, pair] > 0
                votes[:, second] += positive
                votes[:, first] += ~positive
                pair += 1
        return votes

    def decision_function(self, X):
        """Two classes: ``w . x - b`` (Weka's ``SVMOutput``); more: the votes.

        Shape ``(n_samples,)`` for two classes, else ``(n_samples, n_classes)``:
        the pairwise votes of each class (its largest, first on a tie, is
        the prediction).
        """
        outputs = self._outputs(X)
        if len(self.classes_) == 2:
            return outputs[:, 0]
        return self._votes(outputs)

    def predict(self, X):
        """Pairwise votes (the second class of a pair where ``w . x - b > 0``)."""
        votes = self._votes(self._outputs(X))
        if len(self.classes_) < 2:
            return np.full(len(votes), self.classes_[0])
        return self.classes_[np.argmax(votes, axis=1)]
