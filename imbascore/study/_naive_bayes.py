"""Naive Bayes over mixed features, as Weka's ``NaiveBayes`` treats them.

Weka models a nominal attribute with per-class category frequencies
(Laplace-smoothed) and a numeric one with a per-class normal distribution.
After one-hot encoding, a nominal attribute is a group of 0/1 columns; this
classifier gives every column that holds only 0 and 1 a Bernoulli likelihood
(alpha = 1) and every other column a Gaussian one. A plain GaussianNB on
one-hot columns is far off (Breast: TPR 0.95, TNR 0.18, against Weka's 0.40
and 0.87).
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.naive_bayes import BernoulliNB, GaussianNB
from sklearn.utils.validation import check_X_y

from ._weka.data import check_fitted_X

__all__ = ["MixedNaiveBayes"]


class MixedNaiveBayes(ClassifierMixin, BaseEstimator):
    """Bernoulli likelihoods for 0/1 columns, Gaussian for the others.

    Attributes
    ----------
    binary_ : ndarray of bool of shape (n_features,)
        Which columns were modelled as Bernoulli.
    """

    def fit(self, X, y):
        """Fit on (X, y); return self."""
        X, y = check_X_y(X, y)
        self.n_features_in_ = X.shape[1]
        self.binary_ = np.all((X == 0) | (X == 1), axis=0)
        self.classes_ = np.unique(y)
        self.gaussian_ = (
            GaussianNB().fit(X[:, ~self.binary_], y) if (~self.binary_).any() else None
        )
        self.bernoulli_ = (
            BernoulliNB(alpha=1.0, binarize=None).fit(X[:, self.binary_], y)
            if self.binary_.any()
            else None
        )
        return self

    def _joint_log_likelihood(self, X):
        parts = []
        if self.gaussian_ is not None:
            parts.append(self.gaussian_.predict_joint_log_proba(X[:, ~self.binary_]))
        if self.bernoulli_ is not None:
            parts.append(self.bernoulli_.predict_joint_log_proba(X[:, self.binary_]))
        total = sum(parts)
        if len(parts) == 2:  # each part holds the class prior; keep it once
            total = total - np.log(self.gaussian_.class_prior_)
        return total

    def predict(self, X):
        """The class of the largest posterior probability, per row."""
        X = check_fitted_X(self, X)
        return self.classes_[np.argmax(self._joint_log_likelihood(X), axis=1)]
