"""Tests of prevalence estimation (imbascore._prior_shift.estimation) and of the
prior correction of probabilities (imbascore._prior_shift.correction)."""

import itertools
import pickle

import numpy as np
import pytest
from sklearn import model_selection
from sklearn.base import clone
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_predict
from sklearn.svm import LinearSVC

from imbascore._prior_shift.correction import (
    PriorCorrectedClassifier,
    correct_probabilities,
)
from imbascore._prior_shift.estimation import (
    ClippedPrevalenceWarning,
    PrevalenceEstimate,
    PrevalenceEstimator,
    _em_priors,
    _em_priors_resampled,
    _simplex_least_squares,
    estimate_prevalence,
)
from imbascore._report.confusion import ConfusionCounts, confusion_counts

# ---------------------------------------------------------------- data


def _sample(rng, sizes, shift=1.5, n_features=2):
    """Label shift: class c is N(c * shift, I) whatever the class ratio."""
    X = np.concatenate(
        [rng.normal(c * shift, 1.0, (n, n_features)) for c, n in enumerate(sizes)]
    )
    y = np.concatenate([np.full(n, c) for c, n in enumerate(sizes)])
    return X, y


@pytest.fixture(scope="module")
def binary_data():
    rng = np.random.default_rng(0)
    X, y = _sample(rng, (700, 300))
    X_new, y_new = _sample(rng, (900, 100))
    return X, y, X_new, y_new


@pytest.fixture(scope="module")
def three_class_data():
    rng = np.random.default_rng(1)
    X, y = _sample(rng, (400, 300, 300), shift=2.0)
    X_new, y_new = _sample(rng, (600, 300, 100), shift=2.0)
    return X, y, X_new, y_new


CV = StratifiedKFold(5, shuffle=True, random_state=0)


# ---------------------------------------------------------------- references
# Written from the papers' formulas, independently of the module.


def _reference_acc_binary(matrix, y_pred):
    """Forman (2008): p = (q - FPR) / (TPR - FPR), clipped to [0, 1]."""
    (tn, fp), (fn, tp) = np.asarray(matrix, dtype=float)
    tpr, fpr = tp / (tp + fn), fp / (fp + tn)
    q = np.mean(np.asarray(y_pred) == 1)
    return min(max((q - fpr) / (tpr - fpr), 0.0), 1.0)


def _reference_acc(matrix, q):
    """Solve sum_i p_i P(pred j | true i) = q_j by Cramer's rule."""
    rates = np.asarray(matrix, float) / np.sum(matrix, axis=1, keepdims=True)
    system = rates.T
    det = np.linalg.det(system)
    out = []
    for i in range(len(q)):
        replaced = system.copy()
        replaced[:, i] = q
        out.append(np.linalg.det(replaced) / det)
    return np.array(out)


def _reference_pacc(cv_proba, y, proba):
    """Bella et al. (2010): mean probabilities adjusted by the mean
    probabilities of each true class."""
    k = cv_proba.shape[1]
    rates = np.array([cv_proba[y == c].mean(axis=0) for c in range(k)])
    return np.linalg.solve(rates.T, proba.mean(axis=0))


def _reference_em(proba, train_prior, n_iter=20000):
    """Saerens, Latinne & Decaestecker (2002), eqs. 2.9-2.10, fixed iterations."""
    prior = np.array(train_prior, float)
    for _ in range(n_iter):
        post = proba * prior / train_prior
        post /= post.sum(axis=1, keepdims=True)
        prior = post.mean(axis=0)
    return prior


# ---------------------------------------------------------------- estimate_prevalence


def test_acc_binary_equals_the_formula():
    counts = ConfusionCounts.from_matrix([[450, 50], [40, 160]])
    y_pred = np.r_[np.ones(170, int), np.zeros(830, int)]
    result = estimate_prevalence(y_pred, counts=counts, confidence_level=None)
    expected = _reference_acc_binary(counts.matrix, y_pred)
    assert result.estimate == pytest.approx(expected, abs=1e-12)
    assert result.estimate == pytest.approx(0.1, abs=1e-12)
    assert result.priors == pytest.approx([0.9, 0.1])
    assert np.isnan(result.low) and np.isnan(result.high)


def test_cc_is_the_fraction_predicted():
    counts = ConfusionCounts.from_matrix([[450, 50], [40, 160]])
    result = estimate_prevalence([1, 0, 0, 0, 1], counts=counts, method="cc")
    assert result.estimate == pytest.approx(0.4)
    assert result.method == "cc"


def test_pos_label_selects_the_class():
    counts = ConfusionCounts.from_matrix([[450, 50], [40, 160]], labels=["a", "b"])
    y_pred = ["b"] * 170 + ["a"] * 830
    as_b = estimate_prevalence(y_pred, counts=counts, pos_label="b")
    as_a = estimate_prevalence(y_pred, counts=counts, pos_label="a")
    assert as_b.estimate == pytest.approx(0.1)
    assert as_a.estimate == pytest.approx(0.9)
    assert as_b.pos_label == "b"


def test_acc_multiclass_solves_the_system():
    matrix = np.array([[80, 15, 5], [10, 70, 20], [5, 10, 85]])
    counts = ConfusionCounts.from_matrix(matrix)
    truth = np.array([0.5, 0.3, 0.2])
    rates = matrix / matrix.sum(axis=1, keepdims=True)
    q = rates.T @ truth
    y_pred = np.repeat([0, 1, 2], np.round(q * 100000).astype(int))
    q_observed = np.bincount(y_pred) / len(y_pred)
    result = estimate_prevalence(y_pred, counts=counts, confidence_level=None)
    assert result.estimate == pytest.approx(
        _reference_acc(matrix, q_observed), abs=1e-12
    )
    assert result.estimate == pytest.approx(truth, abs=1e-4)
    assert result.estimate.sum() == pytest.approx(1.0)
    assert not result.clipped


def test_clipped_binary_warns_and_clips():
    counts = ConfusionCounts.from_matrix([[450, 50], [40, 160]])  # FPR 0.1
    y_pred = np.r_[np.ones(5, int), np.zeros(95, int)]  # q = 0.05 < FPR
    with pytest.warns(ClippedPrevalenceWarning, match="clipped"):
        result = estimate_prevalence(y_pred, counts=counts, random_state=0)
    assert result.estimate == 0.0
    assert result.clipped
    assert result.low == 0.0 and result.high > 0.0
    assert "clipped" in repr(result)


def _brute_force_simplex(system, q, steps=400):
    best, best_loss = None, np.inf
    for i, j in itertools.product(range(steps + 1), repeat=2):
        if i + j > steps:
            continue
        p = np.array([i, j, steps - i - j]) / steps
        loss = np.sum((system @ p - q) ** 2)
        if loss < best_loss:
            best, best_loss = p, loss
    return best, best_loss


def test_simplex_least_squares_against_brute_force():
    rng = np.random.default_rng(3)
    for _ in range(5):
        rates = rng.dirichlet([4, 1, 1], size=3)[:, [0, 1, 2]]
        rates = np.roll(rates, np.arange(3), axis=1)[[0, 1, 2]]
        q = rng.dirichlet([1, 1, 1])
        (solution,) = _simplex_least_squares(rates.T[None], q[None])
        _, brute_loss = _brute_force_simplex(rates.T, q)
        loss = np.sum((rates.T @ solution - q) ** 2)
        assert solution.min() >= 0 and solution.sum() == pytest.approx(1.0)
        assert loss <= brute_loss + 1e-12


def test_multiclass_clipped_stays_on_the_simplex():
    matrix = np.array([[80, 15, 5], [10, 70, 20], [5, 10, 85]])
    counts = ConfusionCounts.from_matrix(matrix)
    y_pred = np.repeat([0, 1, 2], [900, 100, 0])  # beyond what priors can give
    with pytest.warns(ClippedPrevalenceWarning):
        result = estimate_prevalence(y_pred, counts=counts, random_state=0)
    rates = matrix / matrix.sum(axis=1, keepdims=True)
    q = np.array([0.9, 0.1, 0.0])
    _, brute_loss = _brute_force_simplex(rates.T, q)
    loss = np.sum((rates.T @ result.estimate - q) ** 2)
    assert result.clipped and result.estimate.min() >= 0
    assert result.estimate.sum() == pytest.approx(1.0)
    assert loss <= brute_loss + 1e-12
    assert np.all(result.low <= result.estimate) and np.all(
        result.estimate <= result.high
    )


def test_interval_carries_both_sources():
    """Fewer labelled samples (rates less certain) and fewer unlabelled
    samples (q less certain) each widen the interval."""
    y_small = np.r_[np.ones(170, int), np.zeros(830, int)]
    y_large = np.repeat(y_small, 20)
    few = ConfusionCounts.from_matrix([[45, 5], [4, 16]])
    many = ConfusionCounts.from_matrix([[45000, 5000], [4000, 16000]])

    def width(y_pred, counts):
        result = estimate_prevalence(y_pred, counts=counts, random_state=0)
        return result.high - result.low

    assert width(y_small, few) > 1.5 * width(y_small, many)
    assert width(y_small, many) > 2 * width(y_large, many)
    # with both nearly exact, the interval nearly closes
    assert width(np.repeat(y_large, 50), many) < 0.01


def test_interval_matches_an_independent_monte_carlo():
    """The interval equals percentiles of ACC over Beta draws of TPR, FPR
    and q (a second implementation, different random numbers)."""
    tn, fp, fn, tp = 450, 50, 40, 160
    counts = ConfusionCounts.from_matrix([[tn, fp], [fn, tp]])
    y_pred = np.r_[np.ones(340, int), np.zeros(1660, int)]
    result = estimate_prevalence(
        y_pred, counts=counts, n_resamples=200000, random_state=1
    )
    rng = np.random.default_rng(7)
    n = 200000
    tpr = rng.beta(tp + 1, fn + 1, n)
    fpr = rng.beta(fp + 1, tn + 1, n)
    q = rng.beta(340 + 1, 1660 + 1, n)
    draws = np.clip((q - fpr) / (tpr - fpr), 0, 1)
    low, high = np.quantile(draws, [0.025, 0.975])
    assert result.low == pytest.approx(low, abs=2e-3)
    assert result.high == pytest.approx(high, abs=2e-3)


def test_repr_is_readable():
    counts = ConfusionCounts.from_matrix([[450, 50], [40, 160]])
    result = estimate_prevalence([1] * 17 + [0] * 83, counts=counts, random_state=0)
    text = repr(result)
    assert text.startswith("PrevalenceEstimate(estimate=0.1, low=")
    assert "method='acc'" in text and "pos_label=1" in text
    assert isinstance(result, PrevalenceEstimate)
    with pytest.raises(AttributeError):
        result.estimate = 0.5  # frozen


def test_weighted_counts_give_wider_intervals_than_their_sums_suggest():
    """Weights enter the rates' posterior in effective samples."""
    y = np.r_[np.zeros(500, int), np.ones(200, int)]
    pred = np.r_[np.zeros(450, int), np.ones(50, int), np.zeros(40), np.ones(160)]
    plain = confusion_counts(y, pred)
    heavy = confusion_counts(y, pred, sample_weight=np.full(700, 100.0))
    y_pred = np.r_[np.ones(1700, int), np.zeros(8300, int)]
    a = estimate_prevalence(y_pred, counts=plain, random_state=0)
    b = estimate_prevalence(y_pred, counts=heavy, random_state=0)
    assert a.estimate == pytest.approx(b.estimate)
    assert b.high - b.low == pytest.approx(a.high - a.low, rel=0.05)


# ---------------------------------------------------------------- bad input


COUNTS = ConfusionCounts.from_matrix([[450, 50], [40, 160]])


def test_unknown_predicted_class():
    with pytest.raises(ValueError, match=r"'y_pred'.*classes of counts.*\[2\]"):
        estimate_prevalence([0, 1, 2], counts=COUNTS)


def test_no_information_when_tpr_equals_fpr():
    counts = ConfusionCounts.from_matrix([[80, 20], [40, 10]])  # both 0.2
    with pytest.raises(ValueError, match=r"'counts'.*TPR.*no information about"):
        estimate_prevalence([0, 1, 1], counts=counts)
    # method "cc" needs no rates
    assert estimate_prevalence([0, 1], counts=counts, method="cc").estimate == 0.5


def test_singular_multiclass_rates():
    counts = ConfusionCounts.from_matrix([[5, 5, 0], [5, 5, 0], [0, 0, 10]])
    with pytest.raises(ValueError, match=r"'counts'.*invertible.*no information"):
        estimate_prevalence([0, 1, 2], counts=counts)


def test_empty_unlabelled_predictions():
    with pytest.raises(ValueError, match=r"'y_pred'.*non-empty.*empty array"):
        estimate_prevalence([], counts=COUNTS)


def test_continuous_predictions_name_y_pred():
    with pytest.raises(ValueError, match=r"'y_pred' parameter.*continuous"):
        estimate_prevalence([0.2, 0.7], counts=COUNTS)


def test_counts_of_the_wrong_type_or_without_a_class():
    with pytest.raises(TypeError, match=r"'counts'.*ConfusionCounts.*ndarray"):
        estimate_prevalence([0, 1], counts=np.eye(2))
    counts = confusion_counts([0, 0, 1], [0, 1, 1], labels=[0, 1, 2])
    with pytest.raises(ValueError, match=r"'counts'.*without true samples: \[2\]"):
        estimate_prevalence([0, 1], counts=counts)


def test_bad_options():
    with pytest.raises(ValueError, match=r"'method'.*'cc', 'acc'.*'em'"):
        estimate_prevalence([0, 1], counts=COUNTS, method="em")
    with pytest.raises(ValueError, match=r"'confidence_level'.*\(0, 1\).*Got 95"):
        estimate_prevalence([0, 1], counts=COUNTS, confidence_level=95)
    with pytest.raises(ValueError, match=r"'pos_label'.*one of the labels.*'x'"):
        estimate_prevalence([0, 1], counts=COUNTS, pos_label="x")


# ---------------------------------------------------------------- PrevalenceEstimator


def test_estimator_acc_uses_cross_validated_counts(binary_data):
    X, y, X_new, _ = binary_data
    model = LogisticRegression()
    quantifier = PrevalenceEstimator(model, cv=CV).fit(X, y)
    predicted = cross_val_predict(model, X, y, cv=CV)
    assert quantifier.counts_ == confusion_counts(y, predicted)
    expected = _reference_acc_binary(
        quantifier.counts_.matrix, quantifier.estimator_.predict(X_new)
    )
    result = quantifier.estimate(X_new, random_state=0)
    assert result.estimate == pytest.approx(expected, abs=1e-12)
    assert result.low <= 0.1 <= result.high
    assert quantifier.train_prior_ == pytest.approx([0.7, 0.3])


@pytest.mark.parametrize("method", ["cc", "acc", "pcc", "pacc", "em"])
def test_estimator_methods_near_the_truth(binary_data, method):
    X, y, X_new, y_new = binary_data
    quantifier = PrevalenceEstimator(LogisticRegression(), method=method, cv=CV)
    result = quantifier.fit(X, y).estimate(X_new, n_resamples=200, random_state=0)
    if method in ("cc", "pcc"):  # unadjusted: pulled toward the training 30%
        assert 0.13 < result.estimate < 0.3
    else:
        assert abs(result.estimate - 0.1) < 0.03
    assert result.low <= result.estimate <= result.high
    assert result.method == method and result.pos_label == 1


def test_adjusted_methods_beat_unadjusted_ones(binary_data):
    X, y, X_new, _ = binary_data
    errors = {
        method: abs(
            PrevalenceEstimator(LogisticRegression(), method=method, cv=CV)
            .fit(X, y)
            .estimate(X_new, confidence_level=None)
            .estimate
            - 0.1
        )
        for method in ("cc", "acc", "pcc", "pacc", "em")
    }
    assert errors["acc"] < errors["cc"]
    assert errors["pacc"] < errors["pcc"]
    assert errors["em"] < errors["pcc"]


def test_estimator_pacc_and_em_equal_the_references(three_class_data):
    X, y, X_new, _ = three_class_data
    model = LogisticRegression()
    pacc = PrevalenceEstimator(model, method="pacc", cv=CV).fit(X, y)
    cv_proba = cross_val_predict(model, X, y, cv=CV, method="predict_proba")
    proba = pacc.estimator_.predict_proba(X_new)
    result = pacc.estimate(X_new, confidence_level=None)
    assert result.estimate == pytest.approx(
        _reference_pacc(cv_proba, y, proba), abs=1e-12
    )
    em = PrevalenceEstimator(model, method="em").fit(X, y)
    result = em.estimate(X_new, confidence_level=None)
    assert result.estimate == pytest.approx(
        _reference_em(proba, np.array([0.4, 0.3, 0.3])), abs=1e-9
    )
    assert result.estimate == pytest.approx([0.6, 0.3, 0.1], abs=0.05)


def test_estimator_clone_params_pickle(binary_data):
    X, y, X_new, _ = binary_data
    quantifier = PrevalenceEstimator(LogisticRegression(C=0.5), method="pacc", cv=3)
    params = quantifier.get_params()
    assert params["method"] == "pacc" and params["estimator__C"] == 0.5
    copy = clone(quantifier).set_params(estimator__C=2.0)
    assert copy.estimator.C == 2.0 and quantifier.estimator.C == 0.5
    quantifier.fit(X, y)
    restored = pickle.loads(pickle.dumps(quantifier))
    assert restored.estimate(X_new, confidence_level=None).estimate == (
        quantifier.estimate(X_new, confidence_level=None).estimate
    )


@pytest.mark.parametrize("method", ["pcc", "pacc", "em"])
def test_estimator_without_predict_proba(binary_data, method):
    X, y, _, _ = binary_data
    with pytest.raises(TypeError, match=r"'estimator'.*predict_proba.*LinearSVC"):
        PrevalenceEstimator(LinearSVC(), method=method).fit(X, y)


def test_estimator_empty_unlabelled_set(binary_data):
    X, y, _, _ = binary_data
    quantifier = PrevalenceEstimator(LogisticRegression(), cv=3).fit(X, y)
    with pytest.raises(ValueError, match=r"'X_unlabelled'.*non-empty.*0 samples"):
        quantifier.estimate(np.empty((0, 2)))


def test_estimator_bad_method(binary_data):
    X, y, _, _ = binary_data
    with pytest.raises(ValueError, match=r"'method'.*'pacc'.*Got 'bogus'"):
        PrevalenceEstimator(LogisticRegression(), method="bogus").fit(X, y)


# ---------------------------------------------------------------- QuaPy


@pytest.fixture(scope="module")
def quapy():
    return pytest.importorskip("quapy")


def test_acc_binary_agrees_with_quapy(quapy, binary_data):
    from quapy.functional import solve_adjustment_binary

    X, y, X_new, _ = binary_data
    quantifier = PrevalenceEstimator(LogisticRegression(), cv=CV).fit(X, y)
    (tn, fp), (fn, tp) = quantifier.counts_.matrix
    y_pred = quantifier.estimator_.predict(X_new)
    theirs = solve_adjustment_binary(
        y_pred.mean(), tpr=tp / (tp + fn), fpr=fp / (fp + tn)
    )
    ours = quantifier.estimate(X_new, confidence_level=None).estimate
    assert ours == pytest.approx(float(theirs), abs=1e-9)


def test_acc_multiclass_agrees_with_quapy(quapy, three_class_data):
    from quapy.method.aggregative import ACC

    X, y, X_new, _ = three_class_data
    model = LogisticRegression()
    quantifier = PrevalenceEstimator(model, cv=CV).fit(X, y)
    predicted = cross_val_predict(model, X, y, cv=CV)
    rates = ACC.getPteCondEstim(np.arange(3), y, predicted)
    y_pred = quantifier.estimator_.predict(X_new)
    theirs = ACC.solve_adjustment(
        class_conditional_rates=rates,
        unadjusted_counts=np.bincount(y_pred, minlength=3) / len(y_pred),
        method="inversion",
        solver="exact-raise",
    )
    ours = quantifier.estimate(X_new, confidence_level=None).estimate
    assert ours == pytest.approx(theirs, abs=1e-9)


def test_pacc_agrees_with_quapy(quapy, three_class_data):
    from quapy.method.aggregative import ACC, PACC

    X, y, X_new, _ = three_class_data
    model = LogisticRegression()
    quantifier = PrevalenceEstimator(model, method="pacc", cv=CV).fit(X, y)
    cv_proba = cross_val_predict(model, X, y, cv=CV, method="predict_proba")
    rates = PACC.getPteCondEstim(np.arange(3), y, cv_proba)
    proba = quantifier.estimator_.predict_proba(X_new)
    theirs = ACC.solve_adjustment(
        class_conditional_rates=rates,
        unadjusted_counts=proba.mean(axis=0),
        method="inversion",
        solver="exact-raise",
    )
    ours = quantifier.estimate(X_new, confidence_level=None).estimate
    assert ours == pytest.approx(theirs, abs=1e-9)


def test_pacc_binary_agrees_with_quapy(quapy, binary_data):
    from quapy.functional import solve_adjustment_binary

    X, y, X_new, _ = binary_data
    model = LogisticRegression()
    quantifier = PrevalenceEstimator(model, method="pacc", cv=CV).fit(X, y)
    cv_proba = cross_val_predict(model, X, y, cv=CV, method="predict_proba")[:, 1]
    proba = quantifier.estimator_.predict_proba(X_new)[:, 1]
    theirs = solve_adjustment_binary(
        proba.mean(), tpr=cv_proba[y == 1].mean(), fpr=cv_proba[y == 0].mean()
    )
    ours = quantifier.estimate(X_new, confidence_level=None).estimate
    assert ours == pytest.approx(float(theirs), abs=1e-9)


@pytest.mark.parametrize("fixture", ["binary_data", "three_class_data"])
def test_em_agrees_with_quapy(quapy, request, fixture):
    from quapy.method.aggregative import EMQ

    X, y, X_new, _ = request.getfixturevalue(fixture)
    quantifier = PrevalenceEstimator(LogisticRegression(), method="em").fit(X, y)
    proba = quantifier.estimator_.predict_proba(X_new)
    theirs, _ = EMQ.EM(quantifier.train_prior_, proba, epsilon=1e-13)
    ours = quantifier.estimate(X_new, confidence_level=None).priors
    assert ours == pytest.approx(theirs, abs=1e-6)


def test_em_helper_agrees_with_quapy_posteriors(quapy):
    from quapy.method.aggregative import EMQ

    rng = np.random.default_rng(5)
    proba = rng.dirichlet([2, 1, 1], size=500)
    ours, posterior = _em_priors(proba, np.array([0.5, 0.25, 0.25]))
    theirs, their_posterior = EMQ.EM(np.array([0.5, 0.25, 0.25]), proba, epsilon=1e-13)
    assert ours == pytest.approx(theirs, abs=1e-6)
    assert posterior == pytest.approx(their_posterior, abs=1e-6)


# ---------------------------------------------------------------- correction


def test_correct_probabilities_binary_odds():
    p = np.array([0.1, 0.5, 0.9])
    out = correct_probabilities(p, train_prior=0.5, target_prior=0.2)
    odds = p / (1 - p) * (0.2 / 0.8) / (0.5 / 0.5)
    assert out == pytest.approx(odds / (1 + odds), abs=1e-15)
    two_columns = correct_probabilities(
        np.c_[1 - p, p], train_prior=[0.5, 0.5], target_prior=[0.8, 0.2]
    )
    assert two_columns[:, 1] == pytest.approx(out, abs=1e-15)


def test_correct_probabilities_round_trip_and_identity():
    rng = np.random.default_rng(0)
    proba = rng.dirichlet([1, 1, 1, 1], size=50)
    train, target = [0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1]
    there = correct_probabilities(proba, train_prior=train, target_prior=target)
    back = correct_probabilities(there, train_prior=target, target_prior=train)
    assert back == pytest.approx(proba, abs=1e-12)
    same = correct_probabilities(proba, train_prior=train, target_prior=train)
    assert same == pytest.approx(proba, abs=1e-15)
    assert there.sum(axis=1) == pytest.approx(np.ones(50))


@pytest.mark.parametrize(
    "kwargs, error, pattern",
    [
        (
            {"train_prior": [0.5, 0.6], "target_prior": 0.1},
            ValueError,
            r"'train_prior'.*sum to 1.*\[0.5, 0.6\].*sum to 1.1",
        ),
        (
            {"train_prior": 0.5, "target_prior": [0.2, 0.3, 0.5]},
            ValueError,
            r"'target_prior'.*2 priors, one per class.*shape \(3,\)",
        ),
        (
            {"train_prior": 0.0, "target_prior": 0.1},
            ValueError,
            r"'train_prior'.*\(0, 1\).*Got 0.0",
        ),
        (
            {"train_prior": "balanced", "target_prior": 0.1},
            TypeError,
            r"'train_prior'.*float in \(0, 1\).*'balanced'",
        ),
    ],
)
def test_correct_probabilities_bad_priors(kwargs, error, pattern):
    with pytest.raises(error, match=pattern):
        correct_probabilities([0.2, 0.8], **kwargs)


def test_correct_probabilities_bad_proba():
    with pytest.raises(ValueError, match=r"'proba'.*\[0, 1\].*1.5"):
        correct_probabilities([0.2, 1.5], train_prior=0.5, target_prior=0.1)
    with pytest.raises(ValueError, match=r"'proba'.*non-empty"):
        correct_probabilities([], train_prior=0.5, target_prior=0.1)


@pytest.fixture(scope="module")
def imbalanced():
    rng = np.random.default_rng(2)
    X, y = _sample(rng, (1800, 200), shift=1.0)
    return X, y


def test_under_sampling_correction_is_dal_pozzolo(imbalanced):
    pytest.importorskip("imblearn")
    from imblearn.pipeline import make_pipeline
    from imblearn.under_sampling import RandomUnderSampler

    X, y = imbalanced
    model = make_pipeline(
        RandomUnderSampler(random_state=0), LogisticRegression(random_state=0)
    )
    corrected = PriorCorrectedClassifier(model).fit(X, y)
    assert corrected.train_prior_ == pytest.approx([0.5, 0.5])
    assert corrected.original_prior_ == pytest.approx([0.9, 0.1])
    beta = 200 / 1800  # share of the negatives kept
    p_s = corrected.estimator_.predict_proba(X)[:, 1]
    closed_form = beta * p_s / (beta * p_s - p_s + 1)
    assert corrected.predict_proba(X)[:, 1] == pytest.approx(closed_form, abs=1e-12)
    # the same logistic regression fitted by hand on the under-sample
    X_s, y_s = RandomUnderSampler(random_state=0).fit_resample(X, y)
    by_hand = LogisticRegression(random_state=0).fit(X_s, y_s).predict_proba(X)[:, 1]
    assert by_hand == pytest.approx(p_s, abs=1e-12)
    # prediction is the argmax of the corrected probabilities
    assert np.array_equal(corrected.predict(X), (closed_form > 0.5).astype(int))
    assert corrected.predict(X).mean() < model.fit(X, y).predict(X).mean()


def test_correction_lowers_log_loss_on_held_out_data():
    pytest.importorskip("imblearn")
    from imblearn.pipeline import make_pipeline
    from imblearn.under_sampling import RandomUnderSampler
    from sklearn.metrics import brier_score_loss, log_loss

    rng = np.random.default_rng(4)
    X, y = _sample(rng, (4500, 500), shift=1.0)
    X_test, y_test = _sample(rng, (4500, 500), shift=1.0)
    model = make_pipeline(RandomUnderSampler(random_state=0), LogisticRegression())
    corrected = PriorCorrectedClassifier(model).fit(X, y)
    before = corrected.estimator_.predict_proba(X_test)[:, 1]
    after = corrected.predict_proba(X_test)[:, 1]
    assert log_loss(y_test, after) < log_loss(y_test, before)
    assert brier_score_loss(y_test, after) < brier_score_loss(y_test, before)


def test_smote_train_prior(imbalanced):
    pytest.importorskip("imblearn")
    from imblearn.over_sampling import SMOTE
    from imblearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = imbalanced
    model = make_pipeline(
        StandardScaler(),
        SMOTE(sampling_strategy=0.5, random_state=0),
        LogisticRegression(),
    )
    corrected = PriorCorrectedClassifier(model).fit(X, y)
    assert corrected.train_prior_ == pytest.approx([2 / 3, 1 / 3])


def test_plain_classifier_needs_no_correction(imbalanced):
    X, y = imbalanced
    corrected = PriorCorrectedClassifier(LogisticRegression()).fit(X, y)
    assert corrected.train_prior_ == pytest.approx(corrected.original_prior_)
    raw = LogisticRegression().fit(X, y).predict_proba(X)
    assert corrected.predict_proba(X) == pytest.approx(raw, abs=1e-12)


def test_target_prior_forms(imbalanced):
    X, y = imbalanced
    estimate = estimate_prevalence(
        [1] * 17 + [0] * 83,
        counts=ConfusionCounts.from_matrix([[450, 50], [40, 160]]),
        confidence_level=None,
    )
    for target, expected in [
        (0.1, [0.9, 0.1]),
        ([0.7, 0.3], [0.7, 0.3]),
        (estimate, [0.9, 0.1]),
    ]:
        model = PriorCorrectedClassifier(LogisticRegression(), target_prior=target)
        assert model.fit(X, y).target_prior_ == pytest.approx(expected)
    raw = LogisticRegression().fit(X, y).predict_proba(X)
    shifted = PriorCorrectedClassifier(LogisticRegression(), target_prior=0.5)
    expected = correct_probabilities(
        raw, train_prior=[0.9, 0.1], target_prior=[0.5, 0.5]
    )
    assert shifted.fit(X, y).predict_proba(X) == pytest.approx(expected, abs=1e-12)


def test_target_prior_bad(imbalanced):
    X, y = imbalanced
    with pytest.raises(ValueError, match=r"'target_prior'.*sum to 1"):
        PriorCorrectedClassifier(LogisticRegression(), target_prior=[0.5, 0.6]).fit(
            X, y
        )
    with pytest.raises(TypeError, match=r"'target_prior'.*'original'.*'balanced'"):
        PriorCorrectedClassifier(LogisticRegression(), target_prior="balanced").fit(
            X, y
        )
    other = estimate_prevalence(
        ["b", "a"],
        counts=ConfusionCounts.from_matrix([[4, 1], [1, 4]], labels=["a", "b"]),
        pos_label="b",
        confidence_level=None,
    )
    with pytest.raises(ValueError, match=r"'target_prior'.*classes \[0, 1\]"):
        PriorCorrectedClassifier(LogisticRegression(), target_prior=other).fit(X, y)


def test_correction_needs_predict_proba(imbalanced):
    X, y = imbalanced
    with pytest.raises(TypeError, match=r"'estimator'.*predict_proba.*LinearSVC"):
        PriorCorrectedClassifier(LinearSVC()).fit(X, y)


def test_corrected_classifier_in_grid_search_and_tuned_threshold(imbalanced):
    pytest.importorskip("imblearn")
    from imblearn.pipeline import make_pipeline
    from imblearn.under_sampling import RandomUnderSampler

    X, y = imbalanced
    model = PriorCorrectedClassifier(
        make_pipeline(RandomUnderSampler(random_state=0), LogisticRegression())
    )
    grid = GridSearchCV(
        model, {"estimator__logisticregression__C": [0.1, 1.0]}, scoring="neg_log_loss"
    ).fit(X, y)
    assert grid.best_estimator_.train_prior_ == pytest.approx([0.5, 0.5])
    assert grid.predict_proba(X).shape == (len(y), 2)
    if not hasattr(model_selection, "TunedThresholdClassifierCV"):
        return  # scikit-learn < 1.5: GridSearchCV checked above
    tuned = model_selection.TunedThresholdClassifierCV(
        model, scoring="balanced_accuracy"
    ).fit(X, y)
    assert 0 < tuned.best_threshold_ < 1
    assert np.array_equal(tuned.classes_, [0, 1])
    # the corrected probabilities move the threshold that balances the rates
    assert tuned.best_threshold_ < 0.5


def test_corrected_classifier_clone_and_pickle(imbalanced):
    X, y = imbalanced
    model = PriorCorrectedClassifier(LogisticRegression(C=0.3), target_prior=0.2)
    assert clone(model).get_params()["estimator__C"] == 0.3
    model.fit(X, y)
    restored = pickle.loads(pickle.dumps(model))
    assert np.array_equal(restored.predict_proba(X), model.predict_proba(X))
    assert np.array_equal(restored.classes_, [0, 1])
    assert model.score(X, y) > 0.5


@pytest.mark.parametrize("k", [2, 3])
def test_em_over_resamples_side_by_side_equals_em_one_at_a_time(k):
    """The bootstrap's EMs run as a batch (for speed): each resample's priors
    are those of EM run alone on it, rows that converge early included."""
    rng = np.random.default_rng(k)
    proba = rng.dirichlet(np.full(k, 0.7), size=400)
    train = np.full(k, 1.0 / k)
    weights = rng.multinomial(400, np.full(400, 1 / 400), size=25)
    weights[0] = 1  # the full data: converges at its own pace
    together = _em_priors_resampled(proba, train, weights)
    alone = np.array([_em_priors(proba, train, weights=w)[0] for w in weights])
    np.testing.assert_allclose(together, alone, rtol=0, atol=1e-12)
