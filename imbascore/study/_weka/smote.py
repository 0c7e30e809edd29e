"""Weka's ``SMOTE`` filter as an imbalanced-learn resampler.

The rules, each from ``weka/filters/supervised/instance/SMOTE.java``
(``doSMOTE``; in Weka 3.6 a core filter, from 3.7 the SMOTE package;
checked against the 3.6 jar by ``tests/study/test_weka.py``):

* The minority class is the least frequent non-empty class (the first of
  them on a tie); ``k`` drops to ``n_minority - 1`` when there are not
  more minority instances than ``k``.
* Neighbours are searched among the minority instances only, on the raw
  values: the distance is the square root of the sum of squared numeric
  differences plus, for each nominal attribute, the Value Difference
  Metric of the two values, ``sum_c |n(v1, c) / n(v1) - n(v2, c) / n(v2)|``
  with counts over the whole training data (every class). Neighbours are
  sorted by distance with a stable sort (ties in data order).
* One ``java.util.Random(seed)`` drives everything: first
  ``Collections.shuffle`` of the minority indices, whose first
  ``int((P / 100 - floor(P / 100)) * n_minority)`` get one extra synthetic
  instance; then, minority instance by minority instance in data order,
  ``floor(P / 100)`` (+ 1) synthetic instances, each from one neighbour
  drawn by ``nextInt(k)`` and, attribute by attribute, a fresh gap
  ``nextDouble()`` for a numeric value (``x + gap * (neighbour - x)``) or,
  for a nominal value, the most frequent value among the instance and its
  k neighbours (the first value on a tie).
* The output is the input, in its order, followed by the synthetic
  instances in the order they were made.

García et al. (2008) balanced the classes to 1:1; the filter's default
(``-P 100``, doubling the minority class) does not. ``percentage=None``
makes as many instances as the majority class has more than the minority.
"""

import math
from numbers import Integral

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.utils.multiclass import check_classification_targets

from .data import check_nominal, check_param, keep_params, validate_X_y
from .random import JavaRandom, java_seed

__all__ = ["WekaSMOTE", "weka_percentage"]


def weka_percentage(n_minority, n_majority):
    """The ``-P`` that makes Weka's SMOTE bring the minority class to 1:1.

    ``100 * (n_majority - n_minority) / n_minority``, nudged up by the
    smallest steps of a double until Weka's own arithmetic,
    ``floor(P / 100) * n + int((P / 100 - floor(P / 100)) * n)``, gives
    exactly ``n_majority - n_minority`` new instances.
    """
    wanted = n_majority - n_minority
    percentage = 100.0 * wanted / n_minority
    while _n_synthetic(percentage, n_minority) < wanted:
        percentage = float(np.nextafter(percentage, np.inf))
    return percentage


def _n_synthetic(percentage, n_minority):
    whole = math.floor(percentage / 100)
    remainder = (percentage / 100) - math.floor(percentage / 100.0)
    return whole * n_minority + int(remainder * n_minority)


class WekaSMOTE(BaseEstimator):
    """SMOTE over-sampling exactly as Weka's ``SMOTE`` filter does it.

    An imbalanced-learn resampler (``fit_resample``) for the raw features:
    no scaling (Weka's filter has none), nominal columns as integer codes.
    Put it before any scaling, as Weka's ``FilteredClassifier`` applies the
    filter to the data the classifier then preprocesses itself.

    Parameters
    ----------
    percentage : float, default=None
        Weka's ``-P``: synthetic instances as a percentage of the minority
        class. None: balance the classes 1:1 (see :func:`weka_percentage`).

    k_neighbors : int, default=5
        Weka's ``-K``.

    random_state : int, RandomState instance or None, default=1
        Weka's ``-S``: the seed of the ``java.util.Random`` that draws the
        neighbours and gaps (an int gives exactly Weka's draws; None or a
        ``RandomState`` draws a seed from numpy).

    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns (integer codes).

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header); None: one more
        than the largest code.

    Examples
    --------
    >>> from imbascore.study import WekaSMOTE
    >>> X = [[0.0], [1.0], [2.0], [10.0], [11.0], [12.0], [13.0], [14.0]]
    >>> X_res, y_res = WekaSMOTE(k_neighbors=2).fit_resample(X, [1] * 3 + [0] * 5)
    >>> X_res.shape, int((y_res == 1).sum())
    ((10, 1), 5)
    """

    def __init__(
        self,
        percentage=None,
        *,
        k_neighbors=5,
        random_state=1,
        categorical_features=None,
        n_categories=None,
    ):
        keep_params(self, locals())

    def fit(self, X, y):
        """Check the input; return self (the work is in ``fit_resample``)."""
        self.fit_resample(X, y)
        return self

    def fit_resample(self, X, y):
        """The input followed by Weka's synthetic minority instances.

        Returns
        -------
        X_resampled : ndarray of shape (n_samples + n_new, n_features)
        y_resampled : ndarray of shape (n_samples + n_new,)
        """
        X, y = validate_X_y(self, X, y)
        check_classification_targets(y)
        self._check_params()
        nominal, n_values = check_nominal(
            X, self.categorical_features, self.n_categories, owner="WekaSMOTE"
        )
        classes, codes = np.unique(y, return_inverse=True)
        counts = np.bincount(codes, minlength=len(classes))
        # The first least frequent class (classCounts[i] < min, strictly).
        minority = int(np.argmin(counts))
        n_minority = int(counts[minority])
        self.minority_class_ = classes[minority]
        if self.percentage is None:
            percentage = (
                weka_percentage(n_minority, int(counts.max()))
                if counts.max() > n_minority
                else 0.0
            )
        else:
            percentage = float(self.percentage)
        self.percentage_ = percentage
        k = n_minority - 1 if n_minority <= self.k_neighbors else self.k_neighbors
        if percentage > 0 and k < 1:
            raise ValueError(
                "WekaSMOTE needs at least 2 instances of the minority class "
                f"{self.minority_class_!r} (Weka: 'Cannot use 0 neighbors!'). Got "
                f"{n_minority}."
            )
        synthetic = self._synthesise(X, codes, minority, nominal, n_values, k)
        self.n_synthetic_ = len(synthetic)
        X_res = np.vstack([X, synthetic])
        y_res = np.concatenate([y, np.full(len(synthetic), self.minority_class_)])
        return X_res, y_res

    def _check_params(self):
        check_param(self, "k_neighbors", "a positive int", kind=Integral)
        if self.percentage is not None:
            rule = "a non-negative float or None"
            check_param(self, "percentage", rule, lambda v: v >= 0)

    def _synthesise(self, X, codes, minority, nominal, n_values, k):
        sample = X[codes == minority]
        n = len(sample)
        rand = JavaRandom(java_seed(self.random_state))
        percentage = self.percentage_
        whole = math.floor(percentage / 100)
        remainder = (percentage / 100) - math.floor(percentage / 100.0)
        n_extra = int(remainder * n)
        extra = set()
        if n_extra >= 1:
            extra = set(rand.shuffle(n)[:n_extra].tolist())
        if whole == 0 and not extra:
            return np.empty((0, X.shape[1]))
        distance = self._distances(X, codes, sample, nominal, n_values)
        numeric_columns = np.flatnonzero(~nominal)
        nominal_columns = np.flatnonzero(nominal)
        rows = []
        for i in range(n):
            # Every other minority instance, sorted stably by distance.
            others = np.delete(np.arange(n), i)
            neighbours = others[np.argsort(distance[i, others], kind="stable")[:k]]
            count = whole + (i in extra)
            if count == 0:
                continue
            votes = None
            if nominal_columns.size:
                group = np.concatenate([[i], neighbours])
                votes = [
                    int(np.argmax(np.bincount(sample[group, c].astype(np.int64))))
                    for c in nominal_columns
                ]
            for _ in range(count):
                neighbour = sample[neighbours[rand.next_int(k)]]
                gaps = rand.next_doubles(len(numeric_columns))
                values = sample[i].copy()
                values[numeric_columns] = sample[i, numeric_columns] + gaps * (
                    neighbour[numeric_columns] - sample[i, numeric_columns]
                )
                if votes is not None:
                    values[nominal_columns] = votes
                rows.append(values)
        return np.array(rows).reshape(-1, X.shape[1])

    @staticmethod
    def _distances(X, codes, sample, nominal, n_values):
        """Distances between minority instances, as ``doSMOTE`` sums them."""
        n_classes = codes.max() + 1
        squared = np.zeros((len(sample), len(sample)))
        for column in range(X.shape[1]):  # attribute order, as Weka sums
            if nominal[column]:
                # The Value Difference Metric over the whole training data.
                values = X[:, column].astype(np.int64)
                by_class = np.zeros((n_classes, n_values[column]))
                np.add.at(by_class, (codes, values), 1)
                total = by_class.sum(axis=0)
                with np.errstate(invalid="ignore", divide="ignore"):
                    share = by_class / total
                vdm = np.zeros((n_values[column], n_values[column]))
                for c in range(n_classes):
                    vdm += np.abs(share[c][:, None] - share[c][None, :])
                mine = sample[:, column].astype(np.int64)
                squared += vdm[mine[:, None], mine[None, :]]
            else:
                diff = sample[:, column, None] - sample[None, :, column]
                squared += diff * diff
        return np.sqrt(squared)
