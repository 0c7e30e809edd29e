"""Weka's ``IBk`` nearest-neighbour classifier, decision for decision.

The rules, each from the Weka source file it follows (Weka 3.6, checked
against its jar by ``tests/study/test_weka.py``):

* ``weka/core/EuclideanDistance.java`` and ``NormalizableDistance.java``:
  the squared distance is the sum, attribute by attribute in column order,
  of the squared differences; a numeric value is scaled to
  ``(x - min) / (max - min)`` (``norm``; 0 where ``max == min``); nominal
  values differ by 0 or 1 (``difference``), not by a one-hot vector.
* ``NormalizableDistance.initializeRanges`` and ``weka/core/neighboursearch/
  LinearNNSearch.addInstanceInfo``: ``min`` and ``max`` come from the
  training data and widen as each test instance is seen, before it is
  classified, and stay widened for the instances after it.
* ``LinearNNSearch.kNearestNeighbours`` (with ``NearestNeighbourSearch.MyHeap``
  ``putKthNearest``): every training instance at the k-th smallest distance
  is a neighbour too, so with k = 1 every instance at the nearest distance
  votes.
* ``weka/classifiers/lazy/IBk.java`` ``makeDistribution``: votes of weight 1
  on top of ``1 / n_train`` per class, normalised; the predicted class is
  the first largest (``weka.core.Utils.maxIndex``), so a tied vote goes to
  the first class of the header (here the first of ``classes_``).
"""

from numbers import Integral

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin

from .data import (
    check_param,
    keep_params,
    start_fit,
    start_predict,
)

__all__ = ["WekaIBkClassifier"]


class WekaIBkClassifier(ClassifierMixin, BaseEstimator):
    """k nearest neighbours as Weka's ``IBk`` computes them (default k = 1).

    Takes the raw features (no scaling, nominal columns as integer codes):
    the normalisation is part of Weka's distance. ``predict`` classifies the
    rows in order and, as Weka, widens the numeric ranges with each row
    before classifying it; each call starts again from the training ranges.

    Parameters
    ----------
    n_neighbors : int, default=1
        Weka's ``-K``. Instances tied with the k-th nearest are neighbours too.

    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns, which hold
        integer codes and differ by 0 or 1. None: every column is numeric.

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header); None: one more
        than the largest code seen in ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels; the first wins a tied vote.
    ranges_ : ndarray of shape (2, n_features)
        Minimum and maximum of each column over the training data.
    n_features_in_ : int

    Examples
    --------
    >>> from imbascore.study import WekaIBkClassifier
    >>> X = [[0, 0.0], [0, 1.0], [1, 0.5], [1, 0.6]]
    >>> WekaIBkClassifier(categorical_features=[0]).fit(X, [0, 0, 1, 1]).predict(
    ...     [[1, 0.0], [0, 0.55]])
    array([1, 0])
    """

    def __init__(self, n_neighbors=1, *, categorical_features=None, n_categories=None):
        keep_params(self, locals())

    def _check_params(self):
        check_param(self, "n_neighbors", "a positive int", kind=Integral)

    def fit(self, X, y):
        """Store the training data and its ranges; return self."""
        X, self._y = start_fit(self, X, y)
        self._X = np.asfortranarray(X)
        # NormalizableDistance.initializeRanges: min and max of the training data.
        self.ranges_ = np.vstack([X.min(axis=0), X.max(axis=0)])
        return self

    def _votes(self, X):
        X = start_predict(self, X)
        n_train = len(self._X)
        k = min(self.n_neighbors, n_train)
        numeric = np.flatnonzero(~self.nominal_)
        low, high = self.ranges_[0].copy(), self.ranges_[1].copy()
        votes = np.zeros((len(X), len(self.classes_)))
        # Test rows between two widenings of the ranges share one distance pass.
        start = 0
        while start < len(X):
            # LinearNNSearch.addInstanceInfo -> NormalizableDistance.updateRanges,
            # before the search for the row's neighbours.
            low = np.minimum(low, X[start])
            high = np.maximum(high, X[start])
            stop = start + 1
            while stop < len(X) and np.all(
                (X[stop, numeric] >= low[numeric]) & (X[stop, numeric] <= high[numeric])
            ):
                stop += 1
            scaled = self._scaled(low, high)
            # Rows in chunks of ~2**18 distances, so that the work stays in cache.
            step = max(1, 2**18 // max(1, n_train))
            for first in range(start, stop, step):
                block = X[first : min(stop, first + step)]
                distance = self._squared_distances(block, scaled, low, high)
                # The k-th smallest distance; every instance at or below it votes.
                kth = np.partition(distance, k - 1, axis=1)[:, k - 1]
                near = distance <= kth[:, None]
                for label in range(len(self.classes_)):
                    votes[first : first + len(block), label] = (
                        near & (self._y == label)
                    ).sum(axis=1)
            start = stop
        return votes

    def _scaled(self, low, high):
        """NormalizableDistance.norm of every training value: (x - min) / width."""
        width = high - low
        safe = np.where(width != 0, width, 1.0)
        return np.asfortranarray((self._X - low) / safe)

    def _squared_distances(self, block, scaled, low, high):
        """EuclideanDistance: squared differences summed column by column."""
        width = high - low
        distance = np.zeros((len(block), len(scaled)))
        diff = np.empty_like(distance)
        for column in range(block.shape[1]):  # in column order, as Weka sums
            if self.nominal_[column]:
                np.not_equal(block[:, column, None], self._X[None, :, column], out=diff)
            elif width[column] == 0:  # norm() is 0 where max == min
                continue
            else:
                test = (block[:, column] - low[column]) / width[column]
                np.subtract(test[:, None], scaled[None, :, column], out=diff)
                np.multiply(diff, diff, out=diff)
            distance += diff
        return distance

    def predict_proba(self, X):
        """Weka's distribution: ``(1 / n_train + votes)``, normalised."""
        votes = self._votes(X) + 1.0 / max(1, len(self._X))
        return votes / votes.sum(axis=1, keepdims=True)

    def predict(self, X):
        """The class with most votes; a tie goes to the first of ``classes_``."""
        votes = self._votes(X)
        return self.classes_[np.argmax(votes, axis=1)]
