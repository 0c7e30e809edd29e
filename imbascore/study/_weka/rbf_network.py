"""Weka 3.6's ``RBFNetwork`` (its defaults: the García et al. 2009 RBF network).

:class:`WekaRBFNetworkClassifier` follows Weka's code step for step (Weka
3.6, checked against its jar by ``tests/study/test_weka_rbf.py``):

* ``weka/classifiers/functions/RBFNetwork.java`` ``buildClassifier``: the
  ``Standardize`` filter, then the ``ClusterMembership`` filter with a
  ``MakeDensityBasedClusterer`` around ``SimpleKMeans(-N numClusters -S
  seed)``, then ``Logistic(-R ridge -M maxIts)`` on the memberships.
* ``weka/filters/unsupervised/attribute/Standardize.java``: each numeric
  column minus its mean over its sample standard deviation
  (``Instances.variance``: ``(sum x^2 - (sum x)^2 / n) / (n - 1)``); a
  constant column is only centred; nominal columns are left as they are.
* ``ClusterMembership.batchFinished``: with a nominal class, one clusterer
  per class, fitted on that class's instances; the class priors are the
  classes' shares of the training data.
* ``MakeDensityBasedClusterer.buildClusterer``: every instance goes to its
  nearest k-means centre; per cluster and numeric attribute a normal
  density with the members' mean and (biased) standard deviation, which if
  at most ``minStdDev`` becomes the class's sample standard deviation of the
  attribute, and at least ``minStdDev``; per nominal attribute Laplace
  counts; the cluster priors are ``1 + members``, normalised.
* ``ClusterMembership.convertInstance``: the log joint densities (sum of the
  attributes' log densities, plus log cluster prior, plus log class prior)
  of all clusters of all classes, turned into probabilities
  (``Utils.logs2probs``): these are the logistic regression's inputs.

SimpleKMeans and Logistic (with Weka's own BFGS) are in
``simple_kmeans.py`` and ``logistic.py``.

:class:`RBFNetworkClassifier` is the older scikit-learn stand-in (the
study's ``rbf``), kept beside it.
"""

import math
from numbers import Integral

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.cluster import KMeans
from sklearn.linear_model import LogisticRegression
from sklearn.utils.validation import check_X_y

from .data import (
    check_fitted_X,
    check_param,
    keep_params,
    start_fit,
    start_predict,
)
from .logistic import fit_logistic, logistic_proba
from .simple_kmeans import SimpleKMeans

__all__ = ["RBFNetworkClassifier", "WekaRBFNetworkClassifier"]

_NORM_CONST = 0.5 * math.log(2 * math.pi)  # MakeDensityBasedClusterer.m_normConst


def _sequential_sum(values):
    # A Java loop's order (numpy's sum is pairwise).
    return np.cumsum(values, axis=0)[-1]


def _stats_std_dev(values):
    """AttributeStats' numericStats.stdDev: Stats over the sorted distinct values."""
    distinct, counts = np.unique(values, return_counts=True)
    total = total_sq = count = 0.0
    for value, n in zip(distinct.tolist(), counts.tolist()):
        total += value * n
        total_sq += value * value * n
        count += n
    if count <= 1:
        return math.inf if count == 1 else math.nan
    std = (total_sq - (total * total) / count) / (count - 1)
    return math.sqrt(max(std, 0.0))


class _DensityClusterer:
    """MakeDensityBasedClusterer around SimpleKMeans, on one class's instances."""

    def __init__(self, X, nominal, n_values, n_clusters, seed, min_std):
        self.nominal, self.n_values = nominal, n_values
        self.kmeans = SimpleKMeans(n_clusters, seed).fit(X, nominal, n_values)
        k = len(self.kmeans.centres)
        cluster = self.kmeans.assign(X)
        members = [X[cluster == c] for c in range(k)]
        # m_priors: a Laplace 1 plus the members, normalised.
        priors = np.array([1.0 + len(m) for m in members])
        self.log_priors = np.log(priors / _sequential_sum(priors))
        n_features = X.shape[1]
        self.mean = np.zeros((k, n_features))
        self.std = np.zeros((k, n_features))
        self.log_prob = {}
        fallback = {}
        for c, rows in enumerate(members):
            for j in range(n_features):
                if nominal[j]:
                    # DiscreteEstimator(numValues, true): counts start at 1.
                    counts = 1.0 + np.bincount(
                        rows[:, j].astype(np.int64), minlength=n_values[j]
                    )
                    self.log_prob[c, j] = np.log(counts / _sequential_sum(counts))
                    continue
                if len(rows) == 0:
                    self.std[c, j] = np.finfo(float).max
                    continue
                mean = _sequential_sum(rows[:, j]) / len(rows)
                diff = mean - rows[:, j]
                std = math.sqrt(_sequential_sum(diff * diff) / len(rows))
                if std <= min_std:
                    if j not in fallback:
                        fallback[j] = _stats_std_dev(X[:, j])
                    std = fallback[j]
                    if std <= min_std:
                        std = min_std
                self.mean[c, j], self.std[c, j] = mean, std

    def log_joint(self, X):
        """logJointDensitiesForInstance: per cluster, log density + log prior."""
        k = len(self.log_priors)
        out = np.zeros((len(X), k))
        for c in range(k):
            total = np.zeros(len(X))
            for j in range(X.shape[1]):  # attribute by attribute, as Weka sums
                if self.nominal[j]:
                    total += self.log_prob[c, j][X[:, j].astype(np.int64)]
                else:
                    diff = X[:, j] - self.mean[c, j]
                    std = self.std[c, j]
                    total += (
                        -(diff * diff / (2 * std * std)) - _NORM_CONST - math.log(std)
                    )
            out[:, c] = total + self.log_priors[c]
        return out


class WekaRBFNetworkClassifier(ClassifierMixin, BaseEstimator):
    """Weka's ``RBFNetwork``: per-class k-means Gaussians, then ``Logistic``.

    Takes the raw features (nominal columns as integer codes): the
    standardisation is part of Weka's network.

    Parameters
    ----------
    n_clusters : int, default=2
        Weka's ``-B``: k-means clusters (basis functions) per class.

    random_state : int, default=1
        Weka's ``-S``: the seed of ``java.util.Random`` that picks the k-means
        starting centres (a Java int).

    ridge : float, default=1e-8
        Weka's ``-R``: the logistic regression's ridge (intercepts free).

    max_iter : int, default=-1
        Weka's ``-M``: iterations of the logistic regression's optimiser;
        -1 runs until it converges.

    min_std : float, default=0.1
        Weka's ``-W``: the smallest standard deviation of a basis function.

    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns. None: every
        column is numeric.

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header); None: one more
        than the largest code seen in ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    mean_, scale_ : ndarray of shape (n_features,)
        Weka's ``Standardize``: the training means and standard deviations
        (0 and 1 for nominal columns; a constant column's scale is 1).
    clusterers_ : list
        One density-based k-means clusterer per class.
    coef_ : ndarray of shape (1 + n_kept, n_classes - 1)
        Weka's ``Logistic`` coefficients (``m_Par``, intercept first) on the
        memberships that ``RemoveUseless`` keeps (``kept_``).
    n_iter_ : int
        Iterations of Weka's optimiser (over its restarts every 200).
    n_features_in_ : int

    Examples
    --------
    >>> from imbascore.study import WekaRBFNetworkClassifier
    >>> X = [[0.0], [0.2], [0.1], [1.0], [1.2], [1.1]]
    >>> WekaRBFNetworkClassifier().fit(X, [0, 0, 0, 1, 1, 1]).predict([[0.05], [1.05]])
    array([0, 1])
    """

    def __init__(
        self,
        n_clusters=2,
        *,
        random_state=1,
        ridge=1e-8,
        max_iter=-1,
        min_std=0.1,
        categorical_features=None,
        n_categories=None,
    ):
        keep_params(self, locals())

    def _check_params(self):
        check_param(self, "n_clusters", "a positive int", kind=Integral)
        check_param(
            self,
            "random_state",
            "an int in [-2**31, 2**31) (a Java int, Weka's -S)",
            lambda v: -(2**31) <= v < 2**31,
            Integral,
        )
        check_param(self, "ridge", "a finite float >= 0", lambda v: 0 <= v < math.inf)
        check_param(
            self,
            "max_iter",
            "-1 (until convergence) or a positive int",
            lambda v: v == -1 or v >= 1,
            Integral,
        )
        check_param(self, "min_std", "a finite float > 0", lambda v: 0 < v < math.inf)

    def fit(self, X, y):
        """Fit Weka's RBF network on (X, y); return self."""
        X, codes = start_fit(self, X, y)
        numeric = ~self.nominal_
        # Standardize.batchFinished: Instances.meanOrMode and variance.
        n = len(X)
        self.mean_ = np.zeros(X.shape[1])
        self.scale_ = np.ones(X.shape[1])
        total = _sequential_sum(X[:, numeric])
        squares = _sequential_sum(X[:, numeric] * X[:, numeric])
        self.mean_[numeric] = total / n
        if n > 1:
            variance = (squares - total * total / n) / (n - 1)
            std = np.sqrt(np.maximum(variance, 0.0))
        else:
            std = np.zeros(numeric.sum())
        self.scale_[numeric] = np.where(std > 0, std, 1.0)
        Z = self._standardize(X)
        # ClusterMembership: one clusterer per class, class priors by share.
        self.class_log_priors_ = np.log(
            np.bincount(codes, minlength=len(self.classes_)) / n
        )
        self.clusterers_ = [
            _DensityClusterer(
                Z[codes == c],
                self.nominal_,
                self.n_values_,
                self.n_clusters,
                int(self.random_state),
                self.min_std,
            )
            for c in range(len(self.classes_))
        ]
        self.n_iter_ = 0
        if len(self.classes_) > 1:
            self.kept_, self.coef_, self.n_iter_ = fit_logistic(
                self._memberships(Z),
                codes,
                len(self.classes_),
                float(self.ridge),
                int(self.max_iter),
            )
        return self

    def _standardize(self, X):
        Z = X.copy()
        numeric = ~self.nominal_
        Z[:, numeric] = (X[:, numeric] - self.mean_[numeric]) / self.scale_[numeric]
        return Z

    def _memberships(self, Z):
        """ClusterMembership.convertInstance: Utils.logs2probs of the log joints."""
        logs = np.hstack(
            [
                clusterer.log_joint(Z) + self.class_log_priors_[c]
                for c, clusterer in enumerate(self.clusterers_)
            ]
        )
        top = logs.max(axis=1, keepdims=True)
        probs = np.exp(logs - top)
        return probs / _sequential_sum(probs.T)[:, None]

    def predict_proba(self, X):
        """Weka's ``distributionForInstance`` for each row."""
        X = start_predict(self, X)
        if len(self.classes_) == 1:
            return np.ones((len(X), 1))
        Z = self._memberships(self._standardize(X))
        return logistic_proba(Z, self.kept_, self.coef_)

    def predict(self, X):
        """The class of largest probability (the first of a tie, as Weka)."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]


class RBFNetworkClassifier(ClassifierMixin, BaseEstimator):
    """Gaussian basis functions from per-class k-means, then logistic regression.

    Parameters
    ----------
    n_clusters : int, default=2
        Clusters (basis functions) per class, as Weka's ``numClusters``.

    min_std : float, default=0.1
        Smallest width of a basis function, as Weka's ``minStdDev``.

    ridge : float, default=1e-8
        Ridge penalty of the logistic regression, as Weka's ``ridge``
        (``C = 1 / ridge``).

    random_state : int, RandomState instance or None, default=None
        Seed of k-means.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    centers_ : ndarray of shape (n_centers, n_features)
    widths_ : ndarray of shape (n_centers,)
    logistic_ : LogisticRegression
    """

    def __init__(self, n_clusters=2, min_std=0.1, ridge=1e-8, random_state=None):
        keep_params(self, locals())

    def fit(self, X, y):
        """Fit on (X, y); return self."""
        X, y = check_X_y(X, y)
        self.n_features_in_ = X.shape[1]
        self.classes_ = np.unique(y)
        centers, widths = [], []
        for label in self.classes_:
            members = X[y == label]
            k = min(self.n_clusters, len(members))
            kmeans = KMeans(k, n_init=1, random_state=self.random_state).fit(members)
            for cluster in range(k):
                points = members[kmeans.labels_ == cluster]
                spread = np.sqrt(
                    ((points - kmeans.cluster_centers_[cluster]) ** 2)
                    .sum(axis=1)
                    .mean()
                    / X.shape[1]
                )
                centers.append(kmeans.cluster_centers_[cluster])
                widths.append(max(spread, self.min_std))
        self.centers_, self.widths_ = np.array(centers), np.array(widths)
        self.logistic_ = LogisticRegression(C=1.0 / self.ridge, max_iter=1000).fit(
            self._activations(X), y
        )
        return self

    def _activations(self, X):
        distances = ((X[:, None, :] - self.centers_[None]) ** 2).sum(axis=2)
        return np.exp(-distances / (2.0 * self.widths_**2))

    def predict(self, X):
        """The logistic regression's class for each row's activations."""
        X = check_fitted_X(self, X)
        return self.logistic_.predict(self._activations(X))
