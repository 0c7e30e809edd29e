"""The balanced accuracy curve: known answers and clear errors."""

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.naive_bayes import GaussianNB

from imbascore import balanced_accuracy_curve


class MajorityOfTraining(ClassifierMixin, BaseEstimator):
    """Predicts the training set's majority class: BA 0.5 whatever the ratio."""

    def fit(self, X, y):
        self.classes_, counts = np.unique(y, return_counts=True)
        self.majority_ = self.classes_[np.argmax(counts)]
        return self

    def predict(self, X):
        return np.full(len(X), self.majority_)


@pytest.fixture
def separable():
    rng = np.random.default_rng(0)
    y = (rng.random(400) < 0.3).astype(int)
    X = (3 * y + rng.normal(0, 0.3, 400))[:, None]
    return X, y


def test_a_perfect_classifier_scores_one_everywhere(separable):
    X, y = separable
    curve = balanced_accuracy_curve(GaussianNB(), X, y, n_repeats=4, random_state=0)
    np.testing.assert_allclose(curve.mean, 1.0)
    assert curve.auc == pytest.approx(1.0)
    assert curve.scores.shape == (4, 9)


def test_a_majority_vote_scores_one_half(separable):
    X, y = separable
    curve = balanced_accuracy_curve(
        MajorityOfTraining(), X, y, n_repeats=3, random_state=0
    )
    np.testing.assert_allclose(curve.mean, 0.5)
    assert curve.auc == pytest.approx(0.5)
    np.testing.assert_allclose(curve.std, 0.0)


def test_training_sets_have_the_requested_share():
    seen = []

    class Recorder(MajorityOfTraining):
        def fit(self, X, y):
            seen.append((len(y), float(np.mean(y))))
            return super().fit(X, y)

    y = np.r_[np.ones(100), np.zeros(200)].astype(int)
    X = np.arange(300.0)[:, None]
    curve = balanced_accuracy_curve(
        Recorder(), X, y, ratios=[0.25, 0.5, 0.75], n_repeats=2, random_state=1
    )
    sizes = {size for size, _ in seen}
    assert len(sizes) == 1  # one training size for every ratio
    assert [share for _, share in seen[:3]] == pytest.approx(
        [0.25, 0.5, 0.75], abs=0.01
    )
    # 70 positives remain after the 30% test split; 0.75 of the size uses them up.
    assert sizes.pop() == curve.train_size[0] == 93


def test_deterministic_with_a_seed(separable):
    X, y = separable
    X = X + np.random.default_rng(1).normal(0, 2, X.shape)  # not separable
    runs = [
        balanced_accuracy_curve(GaussianNB(), X, y, n_repeats=3, random_state=5)
        for _ in range(2)
    ]
    np.testing.assert_array_equal(runs[0].scores, runs[1].scores)
    parallel = balanced_accuracy_curve(
        GaussianNB(), X, y, n_repeats=3, random_state=5, n_jobs=2
    )
    np.testing.assert_array_equal(runs[0].scores, parallel.scores)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"ratios": [0.0, 0.5]}, "strictly between 0 and 1"),
        ({"ratios": [0.5, 1.2]}, "strictly between 0 and 1"),
        ({"ratios": [0.5]}, "at least two shares"),
        ({"ratios": [0.5, 0.5]}, "distinct"),
        ({"n_repeats": 0}, "'n_repeats' parameter"),
        ({"test_size": 1.5}, "'test_size' parameter"),
        ({"pos_label": 7}, "'pos_label' parameter"),
    ],
)
def test_bad_parameters(separable, kwargs, match):
    X, y = separable
    with pytest.raises(ValueError, match=match):
        balanced_accuracy_curve(GaussianNB(), X, y, **kwargs)


def test_multiclass_and_tiny_classes_are_refused():
    X = np.arange(90.0)[:, None]
    with pytest.raises(ValueError, match=r"two-class target\. Got .3 class"):
        balanced_accuracy_curve(GaussianNB(), X, np.arange(90) % 3)
    y = np.r_[np.ones(4), np.zeros(86)].astype(int)
    with pytest.raises(ValueError, match="classes are too small"):
        balanced_accuracy_curve(GaussianNB(), X, y)
