"""Weka's ``SMO`` (linear support vector machine) with its defaults.

Weka's SMO and libsvm solve the same dual problem to the same tolerance
(1e-3); what makes Weka's SMO Weka's is the data it is given. The rules,
each from the Weka source file it follows:

* ``weka/classifiers/functions/SMO.java`` ``buildClassifier``: when any
  attribute is nominal, the unsupervised ``NominalToBinary`` filter (a
  nominal of two values stays one column, one of k > 2 values becomes k
  columns; see :func:`~imbascore.study._weka_data.nominal_to_binary`);
  then, with the default ``-N 0``, ``weka/filters/unsupervised/attribute/
  Normalize.java`` scales every column to [0, 1] with the training data's
  minimum and maximum (a constant column becomes 0; test values are not
  clipped).
* ``-C 1``, ``-K "PolyKernel -E 1"``: a linear kernel ``<x, y>`` without
  the lower-order term; the machine separates the first class (-1) from
  the second (+1) and predicts the second where ``w . x - b > 0``
  (``distributionForInstance`` without logistic models); several classes
  are separated pair by pair and vote.

The solution is found by scikit-learn's :class:`~sklearn.svm.SVC` (libsvm);
on the folds of ``tests/test_weka.py`` its counts equal Weka's.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.svm import SVC
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from ._weka_data import (
    check_codes,
    check_nominal,
    nominal_to_binary,
    validate_X,
    validate_X_y,
)

__all__ = ["WekaSMOClassifier"]


class WekaSMOClassifier(ClassifierMixin, BaseEstimator):
    """A linear SVM on the inputs Weka's ``SMO`` builds (NominalToBinary, [0, 1]).

    Takes the raw features (nominal columns as integer codes).

    Parameters
    ----------
    C : float, default=1.0
        Weka's ``-C`` (complexity constant).

    tol : float, default=1e-3
        Weka's ``-L`` (tolerance of the stopping criterion).

    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns (integer codes).

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header); None: one more
        than the largest code seen in ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    svc_ : sklearn.svm.SVC
        The fitted machine, on the converted and normalised inputs.
    n_features_in_ : int

    Examples
    --------
    >>> from imbascore.study import WekaSMOClassifier
    >>> X = [[0.0, 0], [0.2, 0], [0.9, 1], [1.0, 1]]
    >>> WekaSMOClassifier(categorical_features=[1]).fit(X, [0, 0, 1, 1]).predict(
    ...     [[0.1, 0], [0.95, 1]])
    array([0, 1])
    """

    def __init__(
        self, C=1.0, *, tol=1e-3, categorical_features=None, n_categories=None
    ):
        self.C = C
        self.tol = tol
        self.categorical_features = categorical_features
        self.n_categories = n_categories

    def _inputs(self, X):
        """NominalToBinary where any column is nominal, then Normalize."""
        if self.nominal_.any():
            X = nominal_to_binary(X, self.nominal_, self.n_values_)
        # Normalize.convertInstance: (x - min) / (max - min) * 1 + 0; 0 if constant.
        return np.where(self._width != 0, (X - self._low) / self._safe_width, 0.0)

    def fit(self, X, y):
        """Fit the machine; return self."""
        X, y = validate_X_y(self, X, y)
        check_classification_targets(y)
        for name in ("C", "tol"):
            value = getattr(self, name)
            if (
                not isinstance(value, (int, float, np.number))
                or isinstance(value, bool)
                or not value > 0
            ):
                raise ValueError(
                    f"The {name!r} parameter of WekaSMOClassifier must be a positive "
                    f"float. Got {value!r} instead."
                )
        self.nominal_, self.n_values_ = check_nominal(
            X, self.categorical_features, self.n_categories, owner="WekaSMOClassifier"
        )
        self.classes_ = np.unique(y)
        binary = (
            nominal_to_binary(X, self.nominal_, self.n_values_)
            if self.nominal_.any()
            else X
        )
        self._low = binary.min(axis=0)
        self._width = binary.max(axis=0) - self._low
        self._safe_width = np.where(self._width != 0, self._width, 1.0)
        self.svc_ = SVC(kernel="linear", C=float(self.C), tol=float(self.tol))
        if len(self.classes_) == 1:
            self.svc_ = None
        else:
            self.svc_.fit(self._inputs(X), y)
        return self

    def decision_function(self, X):
        """``w . x - b`` of the machine (two classes), as Weka's ``SVMOutput``."""
        check_is_fitted(self)
        X = validate_X(self, X)
        check_codes(X, self.nominal_, self.n_values_, owner="WekaSMOClassifier")
        if self.svc_ is None:
            return np.zeros(len(X))
        return self.svc_.decision_function(self._inputs(X))

    def predict(self, X):
        """The second class where ``w . x - b > 0``, else the first (pairwise votes)."""
        check_is_fitted(self)
        X = validate_X(self, X)
        check_codes(X, self.nominal_, self.n_values_, owner="WekaSMOClassifier")
        if self.svc_ is None:
            return np.full(len(X), self.classes_[0])
        if len(self.classes_) == 2:
            output = self.svc_.decision_function(self._inputs(X))
            return self.classes_[(output > 0).astype(np.intp)]
        return self.svc_.predict(self._inputs(X))
