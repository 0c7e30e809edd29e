"""Cross-checks against scikit-learn, imbalanced-learn and PyCM on random data.

Where an anchor is wrong (imbalanced-learn issues #1180 and #1096, and its
IBA under macro averaging) the test shows that we are right and it is not.
"""

import numpy as np
import pytest
from sklearn.metrics import balanced_accuracy_score, recall_score

import imbascore as ims

imblearn_metrics = pytest.importorskip("imblearn.metrics")
pycm = pytest.importorskip("pycm")

SEEDS = range(20)


def _random_labels(seed, n_classes=2, n=None):
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(20, 400))
    prevalence = rng.dirichlet(np.ones(n_classes) * 0.7)
    y_true = rng.choice(n_classes, size=n, p=prevalence)
    noisy = rng.integers(0, n_classes, size=n)
    y_pred = np.where(rng.random(n) < rng.random(), y_true, noisy)
    # Make sure every class is present in y_true so that no rate is undefined.
    y_true[:n_classes] = np.arange(n_classes)
    return y_true, y_pred


@pytest.mark.parametrize("seed", SEEDS)
def test_binary_against_imblearn(seed):
    y_true, y_pred = _random_labels(seed)
    gmean = imblearn_metrics.geometric_mean_score(y_true, y_pred, average="binary")
    assert ims.geometric_mean_score(y_true, y_pred) == pytest.approx(gmean, abs=1e-12)
    for alpha in (0.0, 0.1, 0.5, 1.0):
        for squared in (True, False):
            iba = imblearn_metrics.make_index_balanced_accuracy(
                alpha=alpha, squared=squared
            )(imblearn_metrics.geometric_mean_score)
            expected = iba(y_true, y_pred, average="binary")
            ours = ims.iba_score(y_true, y_pred, alpha=alpha, squared=squared)
            assert ours == pytest.approx(expected, abs=1e-12)
    assert ims.specificity_score(y_true, y_pred) == pytest.approx(
        imblearn_metrics.specificity_score(y_true, y_pred), abs=1e-12
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_against_sklearn(seed):
    y_true, y_pred = _random_labels(seed)
    weights = np.random.default_rng(seed).random(len(y_true))
    assert ims.balanced_accuracy_score(y_true, y_pred) == pytest.approx(
        balanced_accuracy_score(y_true, y_pred), abs=1e-12
    )
    assert ims.sensitivity_score(
        y_true, y_pred, sample_weight=weights
    ) == pytest.approx(recall_score(y_true, y_pred, sample_weight=weights), abs=1e-12)
    y_true, y_pred = _random_labels(seed, n_classes=4)
    assert ims.balanced_accuracy_score(
        y_true, y_pred, average="multiclass"
    ) == pytest.approx(balanced_accuracy_score(y_true, y_pred), abs=1e-12)
    np.testing.assert_allclose(
        ims.sensitivity_score(y_true, y_pred, average=None),
        recall_score(y_true, y_pred, average=None),
        atol=1e-12,
    )
    assert ims.sensitivity_score(y_true, y_pred, average="weighted") == pytest.approx(
        recall_score(y_true, y_pred, average="weighted"), abs=1e-12
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_per_class_against_pycm(seed):
    """PyCM's per-class IBA (alpha=1 and others), GM and OP, one-vs-rest."""
    y_true, y_pred = _random_labels(seed, n_classes=3)
    cm = pycm.ConfusionMatrix(
        actual_vector=y_true.tolist(), predict_vector=y_pred.tolist()
    )
    classes = sorted(cm.classes)
    for alpha in (1.0, 0.5, 0.1):
        expected = [cm.IBA_alpha(alpha)[c] for c in classes]
        ours = ims.iba_score(y_true, y_pred, alpha=alpha, average=None, labels=classes)
        np.testing.assert_allclose(ours, expected, atol=1e-12)
    np.testing.assert_allclose(
        ims.geometric_mean_score(y_true, y_pred, average=None, labels=classes),
        [cm.GM[c] for c in classes],
        atol=1e-12,
    )
    np.testing.assert_allclose(
        ims.optimized_precision_score(y_true, y_pred, average=None, labels=classes),
        [cm.OP[c] for c in classes],
        atol=1e-12,
    )


def test_imblearn_1180_weighted_specificity_exceeds_one():
    """imbalanced-learn #1180: its weighted specificity is 1.667; the truth is 1/3."""
    y_true, y_pred, weights = [0, 0, 1, 1], [0, 1, 1, 1], [1.0, 2.0, 3.0, 4.0]
    ours = ims.specificity_score(y_true, y_pred, sample_weight=weights)
    assert ours == pytest.approx(1 / 3)  # TN = 1, FP = 2
    # Weights as repetition give the same number.
    assert ours == ims.specificity_score(
        [0, 0, 0, 1, 1, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    )
    _, theirs, _ = imblearn_metrics.sensitivity_specificity_support(
        y_true, y_pred, sample_weight=weights, average=None
    )
    if not np.isclose(theirs[1], 1 / 3):  # still broken in the installed version
        assert theirs[1] > 1


def test_imblearn_1096_macro_gmean():
    """imbalanced-learn #1096: its macro G-mean is not the mean of per-class G-means."""
    y_true, y_pred = [0, 0, 1, 0, 1, 1], [0, 0, 0, 0, 0, 1]
    per_class = ims.geometric_mean_score(y_true, y_pred, average=None)
    ours = ims.geometric_mean_score(y_true, y_pred, average="macro")
    assert ours == pytest.approx(per_class.mean())
    assert ours == pytest.approx(np.sqrt(1 / 3))  # both one-vs-rest G-means equal
    theirs = imblearn_metrics.geometric_mean_score(y_true, y_pred, average="macro")
    if not np.isclose(theirs, ours):  # still broken in the installed version
        tpr_mean = (1 + 1 / 3) / 2
        assert theirs == pytest.approx(tpr_mean)  # sqrt(mean TPR * mean TNR)


def test_imblearn_macro_iba_collapses_to_gmean_squared():
    """Its decorator over a macro G-mean uses the dominance of the averaged rates.

    On two-class data the averaged TPR and TNR are equal, so that dominance is
    0 and imblearn's "macro IBA" is just its macro G-mean squared, whatever
    alpha. Ours is the mean of the per-class IBAs, each with its dominance.
    """
    iba = imblearn_metrics.make_index_balanced_accuracy(alpha=0.5, squared=True)(
        imblearn_metrics.geometric_mean_score
    )
    for n_classes in (2, 3):
        y_true, y_pred = _random_labels(3, n_classes=n_classes)
        theirs = iba(y_true, y_pred, average="macro")
        ours = ims.iba_score(y_true, y_pred, alpha=0.5, average="macro")
        per_class = ims.iba_score(y_true, y_pred, alpha=0.5, average=None)
        assert ours == pytest.approx(per_class.mean())
        assert ours != pytest.approx(theirs)
        if n_classes == 2:
            macro_gmean = imblearn_metrics.geometric_mean_score(
                y_true, y_pred, average="macro"
            )
            assert theirs == pytest.approx(macro_gmean**2)
