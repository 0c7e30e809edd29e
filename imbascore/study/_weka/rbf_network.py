"""A radial basis function network in the manner of Weka's ``RBFNetwork``.

scikit-learn has no RBF network. Weka's (the one García et al. 2009 used, with
its defaults) clusters each class separately with k-means (2 clusters per
class), puts a symmetric Gaussian on every cluster (its width is the
cluster's standard deviation, at least 0.1), and fits a logistic regression
(ridge 1e-8) on the Gaussians' activations. This class does the same with
scikit-learn's :class:`~sklearn.cluster.KMeans` and
:class:`~sklearn.linear_model.LogisticRegression`.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.cluster import KMeans
from sklearn.linear_model import LogisticRegression
from sklearn.utils.validation import check_array, check_is_fitted, check_X_y

__all__ = ["RBFNetworkClassifier"]


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
        self.n_clusters = n_clusters
        self.min_std = min_std
        self.ridge = ridge
        self.random_state = random_state

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
        check_is_fitted(self)
        X = check_array(X)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(
                f"X has {X.shape[1]} features, but {type(self).__name__} was "
                f"fitted with {self.n_features_in_}."
            )
        return self.logistic_.predict(self._activations(X))
