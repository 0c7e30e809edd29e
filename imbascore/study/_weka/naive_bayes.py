"""Weka's ``NaiveBayes`` with its defaults, decision for decision.

The rules, each from the Weka source file it follows (Weka 3.6, read from
the 3.8 source and the 3.6 jar's bytecode; checked against the 3.6 jar by
``tests/study/test_weka_naive_bayes.py``):

* ``weka/classifiers/bayes/NaiveBayes.java`` ``buildClassifier``: the
  precision of a numeric attribute is the *mean* gap between its adjacent
  distinct training values (the sum of the gaps, added in ascending order,
  divided by their number; missing values left out), 0.01 when it has fewer
  than two distinct values. Every numeric attribute has one
  ``NormalEstimator`` per class with that precision; every nominal one a
  ``DiscreteEstimator`` per class with Laplace counts; the class prior is a
  ``DiscreteEstimator`` with Laplace counts too.
* ``buildClassifier`` sorts the training instances by each numeric
  attribute in turn (``weka/core/Instances.java`` ``sort``, Weka's unstable
  quicksort of ``weka/core/Utils.java`` ``sortWithNoMissingValues``, a
  missing value as ``Double.MAX_VALUE``) and then adds them to the
  estimators in that order (``updateClassifier``); the sums below are made
  in the same order, so that they round as Weka's do.
* ``weka/estimators/NormalEstimator.java``: a value is rounded to the
  precision (``Math.rint(x / precision) * precision``) before it is added
  and before its probability is taken; the mean and standard deviation come
  from the running sums (``sqrt(|sum x^2 - mean * sum x| / n)``), recomputed
  after each value; the standard deviation starts at ``precision / 6`` and
  is replaced by ``max(precision / 6, sd)`` only when the computed ``sd``
  exceeds 1e-10. The probability of a value is the normal mass of the
  interval ``value +- precision / 2`` (``weka/core/Statistics.java``
  ``normalProbability``, the Cephes error functions, ported below). Weka 3.8
  divides that mass by the precision; Weka 3.6 does not (its
  ``getProbability`` returns the mass), which changes only where the
  1e-75 floor below applies.
* ``weka/estimators/DiscreteEstimator.java`` (``laplace = true``): counts
  start at 1, so a value's probability is ``(1 + count) / (k + n)``.
* ``NaiveBayes.updateClassifier``: a missing value (NaN here) is not
  counted; ``distributionForInstance``: a missing value is skipped; the
  class prior times, attribute by attribute in column order,
  ``max(1e-75, p)``; when the largest product falls below 1e-75 every
  product is multiplied by 1e75; then ``weka/core/Utils.java``
  ``normalize`` (divided by their sum). The predicted class is the first
  largest (``Classifier.classifyInstance``), here the first of
  ``classes_``.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin

from .data import keep_params, start_fit, start_predict
from .statistics import p1evl, polevl

__all__ = ["WekaNaiveBayesClassifier"]

# weka/estimators/NormalEstimator.java: the precision of an attribute with
# fewer than two distinct values (NaiveBayes.DEFAULT_NUM_PRECISION).
DEFAULT_NUM_PRECISION = 0.01

# weka/core/Statistics.java: Cephes' constants and coefficients.
_MAXLOG = 7.09782712893383996732e2
_SQRTH = 7.07106781186547524401e-1
_T = (
    9.60497373987051638749e0,
    9.00260197203842689217e1,
    2.23200534594684319226e3,
    7.00332514112805075473e3,
    5.55923013010394962768e4,
)
_U = (
    3.35617141647503099647e1,
    5.21357949780152679795e2,
    4.59432382970980127987e3,
    2.26290000613890934246e4,
    4.92673942608635921086e4,
)
_P = (
    2.46196981473530512524e-10,
    5.64189564831068821977e-1,
    7.46321056442269912687e0,
    4.86371970985681366614e1,
    1.96520832956077098242e2,
    5.26445194995477358631e2,
    9.34528527171957607540e2,
    1.02755188689515710272e3,
    5.57535335369399327526e2,
)
_Q = (
    1.32281951154744992508e1,
    8.67072140885989742329e1,
    3.54937778887819891062e2,
    9.75708501743205489753e2,
    1.82390916687909736289e3,
    2.24633760818710981792e3,
    1.65666309194161350182e3,
    5.57535340817727675546e2,
)
_R = (
    5.64189583547755073984e-1,
    1.27536670759978104416e0,
    5.01905042251180477414e0,
    6.16021097993053585195e0,
    7.40974269950448939160e0,
    2.97886665372100240670e0,
)
_S = (
    2.26052863220117276590e0,
    9.39603524938001434673e0,
    1.20489539808096656605e1,
    1.70814450747565897222e1,
    9.60896809063285878198e0,
    3.36907645100081516050e0,
)


def _erf_small(x):
    """Statistics.errorFunction for ``|x| <= 1``."""
    z = x * x
    return x * polevl(z, _T) / p1evl(z, _U)


def _erfc_nonnegative(a):
    """Statistics.errorFunctionComplemented for ``a >= 0``."""
    a = np.asarray(a, dtype=np.float64)
    out = np.empty_like(a)
    small = a < 1.0
    out[small] = 1.0 - _erf_small(a[small])
    big = ~small
    x = a[big]
    z = -x * x
    under = z < -_MAXLOG
    with np.errstate(under="ignore"):
        e = np.exp(z)
        near = x < 8.0
        p = np.where(near, polevl(x, _P), polevl(x, _R))
        q = np.where(near, p1evl(x, _Q), p1evl(x, _S))
        y = (e * p) / q
    y[under] = 0.0
    out[big] = y
    return out


def normal_probability(a):
    """``weka.core.Statistics.normalProbability``: the standard normal CDF.

    Weka's port of Cephes' ``ndtr``, operation for operation, without the
    ``expx2`` refinement of later Cephes releases (scipy 1.17's ``ndtr``
    gives the same bits; ported so that a change there cannot move us).

    Examples
    --------
    >>> from imbascore.study._weka.naive_bayes import normal_probability
    >>> normal_probability([0.0, 1.959963984540054]).round(6)
    array([0.5  , 0.975])
    """
    a = np.asarray(a, dtype=np.float64)
    x = a * _SQRTH
    z = np.abs(x)
    y = np.empty_like(x)
    inner = z < _SQRTH
    y[inner] = 0.5 + 0.5 * _erf_small(x[inner])
    outer = ~inner
    tail = 0.5 * _erfc_nonnegative(z[outer])
    y[outer] = np.where(x[outer] > 0, 1.0 - tail, tail)
    return y


def weka_sort_order(values):
    """``Utils.sortWithNoMissingValues``: the order Weka's quicksort gives.

    Median-of-three quicksort, not stable: equal values come out in an order
    that depends on the input order, as in ``weka/core/Utils.java``
    (``quickSort``, ``sortLeftRightAndCenter``, ``partition``,
    ``conditionalSwap``). NaN counts as ``Double.MAX_VALUE``
    (``Instances.sort``).

    Examples
    --------
    >>> from imbascore.study._weka.naive_bayes import weka_sort_order
    >>> weka_sort_order([3.0, 1.0, 2.0, 1.0]).tolist()
    [1, 3, 2, 0]
    """
    array = np.asarray(values, dtype=np.float64)
    array = np.where(np.isnan(array), np.finfo(np.float64).max, array).tolist()
    index = list(range(len(array)))

    def conditional_swap(left, right):
        if array[index[left]] > array[index[right]]:
            index[left], index[right] = index[right], index[left]

    stack = [(0, len(array) - 1)] if len(array) > 1 else []
    while stack:
        left, right = stack.pop()
        diff = right - left
        if diff <= 0:
            continue
        if diff == 1:
            conditional_swap(left, right)
            continue
        if diff == 2:
            conditional_swap(left, left + 1)
            conditional_swap(left, right)
            conditional_swap(left + 1, right)
            continue
        center = (left + right) // 2  # sortLeftRightAndCenter
        conditional_swap(left, center)
        conditional_swap(left, right)
        conditional_swap(center, right)
        index[center], index[right - 1] = index[right - 1], index[center]
        pivot = array[index[right - 1]]
        low, high = left, right - 1  # partition(array, index, left, right, pivot)
        while True:
            low += 1
            while array[index[low]] < pivot:
                low += 1
            high -= 1
            while array[index[high]] > pivot:
                high -= 1
            if low >= high:
                break
            index[low], index[high] = index[high], index[low]
        index[low], index[right - 1] = index[right - 1], index[low]
        # Both halves are sorted independently: the order of the recursion
        # does not change the result.
        stack.append((low + 1, right))
        stack.append((left, low - 1))
    return np.asarray(index, dtype=np.intp)


def _precision(column):
    """NaiveBayes.buildClassifier: mean gap between adjacent distinct values."""
    values = np.unique(column[~np.isnan(column)])
    if len(values) < 2:
        return DEFAULT_NUM_PRECISION
    # deltaSum += currentVal - lastVal, in ascending order (cumsum is sequential).
    delta_sum = np.cumsum(np.diff(values))[-1]
    return delta_sum / (len(values) - 1)


def _round(values, precision):
    """NormalEstimator.round: ``Math.rint(data / precision) * precision``."""
    return np.rint(values / precision) * precision


class WekaNaiveBayesClassifier(ClassifierMixin, BaseEstimator):
    """Naive Bayes as Weka's ``NaiveBayes`` computes it (default options).

    Takes the raw features: numeric columns get one normal distribution per
    class, with Weka's precision (values rounded to the mean gap between
    adjacent distinct training values, standard deviations at least a sixth
    of it); nominal columns (integer codes) get Laplace-smoothed
    frequencies. NaN is Weka's missing value: skipped in ``fit`` and in
    ``predict``.

    Parameters
    ----------
    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns, which hold
        integer codes ``0 .. k - 1``. None: every column is numeric.

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header; every one gets a
        Laplace count); None: one more than the largest code seen in
        ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels; the first wins a tie.
    class_prior_ : ndarray of shape (n_classes,)
        ``(1 + n_c) / (n_classes + n)``.
    precision_ : ndarray of shape (n_features,)
        Each numeric column's precision (NaN for nominal columns).
    mean_, std_ : ndarray of shape (n_classes, n_features)
        Each class's normal distribution of each numeric column (NaN for
        nominal columns), as Weka's ``NormalEstimator`` holds them.
    category_probability_ : list of ndarray
        For each column, an array of shape ``(n_classes, k)`` of value
        probabilities (nominal columns), or None (numeric ones).
    n_features_in_ : int

    Examples
    --------
    >>> from imbascore.study import WekaNaiveBayesClassifier
    >>> X = [[0, 1.0], [0, 1.5], [1, 3.0], [1, 3.5]]
    >>> nb = WekaNaiveBayesClassifier(categorical_features=[0]).fit(X, [0, 0, 1, 1])
    >>> nb.predict([[0, 1.2], [1, 3.4]])
    array([0, 1])
    >>> nb.precision_
    array([ nan, 0.833...])
    """

    def __init__(self, *, categorical_features=None, n_categories=None):
        keep_params(self, locals())

    def _check_params(self):
        pass  # the nominal columns are checked with the data

    def fit(self, X, y):
        """Count and sum the training data as Weka does; return self."""
        X, labels = start_fit(self, X, y, allow_nan=True)  # NaN: missing
        missing = np.isnan(X)
        n_classes = len(self.classes_)
        n_features = X.shape[1]
        numeric = np.flatnonzero(~self.nominal_)

        # NaiveBayes.buildClassifier: sort by each numeric attribute in turn;
        # the instances are then added in the last order.
        order = np.arange(len(X))
        for column in numeric:
            order = order[weka_sort_order(X[order, column])]

        # DiscreteEstimator(numClasses, true): the class prior.
        counts = np.bincount(labels, minlength=n_classes).astype(np.float64)
        self.class_prior_ = (1.0 + counts) / (n_classes + len(labels))

        self.precision_ = np.full(n_features, np.nan)
        self.mean_ = np.full((n_classes, n_features), np.nan)
        self.std_ = np.full((n_classes, n_features), np.nan)
        self.category_probability_ = [None] * n_features
        for column in np.flatnonzero(self.nominal_):
            # DiscreteEstimator(numValues, true): counts start at 1.
            k = self.n_values_[column]
            table = np.ones((n_classes, k))
            present = ~missing[:, column]
            np.add.at(
                table,
                (labels[present], X[present, column].astype(np.intp)),
                1.0,
            )
            self.category_probability_[column] = table / table.sum(
                axis=1, keepdims=True
            )
        for column in numeric:
            precision = _precision(X[:, column])
            self.precision_[column] = precision
            for label in range(n_classes):
                rows = order[labels[order] == label]
                values = X[rows, column]
                values = _round(values[~np.isnan(values)], precision)
                self.mean_[label, column], self.std_[label, column] = _normal_estimator(
                    values, precision
                )
        return self

    def _joint(self, X):
        """distributionForInstance before ``Utils.normalize``."""
        X = start_predict(self, X, allow_nan=True)
        missing = np.isnan(X)
        probs = np.tile(self.class_prior_, (len(X), 1))
        for column in range(X.shape[1]):
            present = ~missing[:, column]
            if not present.any():
                continue
            values = X[present, column]
            if self.nominal_[column]:
                table = self.category_probability_[column]
                p = table[:, values.astype(np.intp)].T
            else:
                p = self._normal_mass(values, column)
            # temp = Math.max(1e-75, p); probs[j] *= temp.
            block = probs[present] * np.maximum(1e-75, p)
            # Danger of probability underflow: every product times 1e75.
            top = block.max(axis=1)
            small = (top > 0) & (top < 1e-75)
            block[small] *= 1e75
            probs[present] = block
        return probs

    def _normal_mass(self, values, column):
        """NormalEstimator.getProbability (3.6: the mass, not divided)."""
        precision = self.precision_[column]
        data = _round(values, precision)[:, None]
        mean, std = self.mean_[:, column], self.std_[:, column]
        z_lower = (data - mean - precision / 2) / std
        z_upper = (data - mean + precision / 2) / std
        return normal_probability(z_upper) - normal_probability(z_lower)

    def predict_proba(self, X):
        """Weka's distribution: the products divided by their sum."""
        probs = self._joint(X)
        # Utils.normalize: the sum in class order, then each divided by it.
        total = probs[:, 0].copy()
        for label in range(1, probs.shape[1]):
            total += probs[:, label]
        return probs / total[:, None]

    def predict(self, X):
        """The class of the largest probability; a tie goes to the first."""
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]


def _normal_estimator(values, precision):
    """NormalEstimator.addValue, value after value: the final mean and sd.

    ``values`` are rounded already and in Weka's order; each has weight 1.
    """
    std = precision / 6  # "Allow at most 3 sd's within one interval"
    if len(values) == 0:
        return 0.0, std
    sum_of_values = np.cumsum(values)
    sum_of_squares = np.cumsum(values * values)
    weights = np.arange(1, len(values) + 1, dtype=np.float64)
    means = sum_of_values / weights
    sds = np.sqrt(np.abs(sum_of_squares - means * sum_of_values) / weights)
    # computeParameters: the sd is replaced only where it exceeds 1e-10.
    updated = np.flatnonzero(sds > 1e-10)
    if len(updated):
        std = max(std, sds[updated[-1]])
    return means[-1], std
