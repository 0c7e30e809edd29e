"""The Weka-semantics estimators on their own: Weka's rules, scikit-learn's API.

Agreement with Weka itself is in tests/study/test_weka.py (it needs Java and Weka).
"""

import math
import pickle
import sys

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC
from sklearn.utils.estimator_checks import parametrize_with_checks

from imbascore.study import (
    WekaIBkClassifier,
    WekaMLPClassifier,
    WekaRBFNetworkClassifier,
    WekaSMOClassifier,
    WekaSMOTE,
    prepare_data,
    run_study,
)
from imbascore.study._runner import _pipeline
from imbascore.study._weka.data import nominal_to_binary
from imbascore.study._weka.random import JavaRandom
from imbascore.study._weka.smote import _n_synthetic, weka_percentage

try:
    import numba  # noqa: F401

    HAS_NUMBA = True
except ImportError:  # pragma: no cover - the test extra installs numba
    HAS_NUMBA = False

needs_numba = pytest.mark.skipif(not HAS_NUMBA, reason='needs numba ("[weka]")')

ESTIMATORS = [WekaIBkClassifier(), WekaRBFNetworkClassifier()]
if HAS_NUMBA:
    ESTIMATORS += [WekaSMOClassifier(), WekaMLPClassifier(n_epochs=100)]


@parametrize_with_checks(ESTIMATORS)
def test_scikit_learn_estimator_checks(estimator, check):
    check(estimator)


# java.util.Random: the numbers below come from the JDK (jshell).


def test_java_random_replays_the_jdk():
    rng = JavaRandom(0)
    assert (rng.next_int(10), rng.next_double()) == (0, 0.8314409887870612)
    rng = JavaRandom(123456789)
    draws = [
        (rng.next_int(7), rng.next_int(1 << 20), rng.next_int(1073741825))
        + (rng.next_double(),)
        for _ in range(3)
    ]
    assert draws == [
        (1, 800395, 981296483, 0.2548696158901823),
        (0, 936736, 913732807, 0.749641708001546),
        (5, 514156, 1020854664, 0.0159861369013522),
    ]
    assert JavaRandom(5).shuffle(10).tolist() == [3, 4, 2, 8, 5, 6, 9, 0, 1, 7]
    assert JavaRandom(-7).next_double() == 0.2691218093260761


def test_randomize_is_weka_instances_randomize():
    # for (j = n - 1; j > 0; j--) swap(j, random.nextInt(j + 1))
    order = list(range(6))
    rng = JavaRandom(3)
    for j in range(5, 0, -1):
        k = rng.next_int(j + 1)
        order[j], order[k] = order[k], order[j]
    assert JavaRandom(3).randomize(6).tolist() == order


@needs_numba
def test_fdlibm_exp_is_strictmath_exp():
    from imbascore.study._weka.mlp_numba import fdlibm_exp

    # StrictMath.exp (fdlibm) where the C library's exp differs in the last bit.
    for x, strict in [
        (-36.30350382049605, 1.7123345398295486e-16),
        (-22.49155631299027, 1.7062442618892855e-10),
        (29.03593698815595, 4075183890702.4463),
        (-29.336928469903896, 1.8160752908134318e-13),
    ]:
        assert fdlibm_exp(x) == strict
    for x in np.linspace(-745, 709, 2001):
        assert math.isclose(fdlibm_exp(x), math.exp(x), rel_tol=3e-16)
    assert fdlibm_exp(0.0) == 1.0 and fdlibm_exp(-math.inf) == 0.0
    assert math.isnan(fdlibm_exp(math.nan)) and fdlibm_exp(800.0) == math.inf


# NominalToBinary and the nominal columns.


def test_nominal_to_binary_keeps_two_valued_nominals_one_column():
    X = np.array([[0, 1.5, 2, 1], [1, 2.5, 0, 0]], dtype=float)
    nominal = np.array([True, False, True, True])
    n_values = np.array([2, 0, 3, 2])
    converted = nominal_to_binary(X, nominal, n_values)
    assert converted.tolist() == [[0, 1.5, 0, 0, 1, 1], [1, 2.5, 1, 0, 0, 0]]


@pytest.mark.parametrize(
    "params, X, match",
    [
        ({"categorical_features": [5]}, [[0.0, 1.0]] * 4, "column positions"),
        ({"categorical_features": [True]}, [[0.0, 1.0]] * 4, "one entry per feature"),
        ({"categorical_features": [0]}, [[0.5, 1.0]] * 4, "integer codes"),
        (
            {"categorical_features": [0], "n_categories": [1]},
            [[1.0, 1.0]] * 4,
            "integer codes in \\[0, 1\\)",
        ),
        (
            {"categorical_features": [0], "n_categories": [2, 3]},
            [[1.0, 1.0]] * 4,
            "a positive int for each of the 1 categorical",
        ),
        ({"n_neighbors": 0}, [[0.0]] * 4, "'n_neighbors' parameter"),
    ],
)
def test_bad_nominal_columns_are_refused(params, X, match):
    with pytest.raises(ValueError, match=match):
        WekaIBkClassifier(**params).fit(X, [0, 1, 0, 1])


# IBk.


def test_ibk_is_one_nn_on_scaled_data_without_ties():
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(60, 4)), rng.integers(0, 2, 60)
    test = rng.uniform(X.min(axis=0), X.max(axis=0), size=(40, 4))
    scaler = MinMaxScaler().fit(X)
    knn = KNeighborsClassifier(1).fit(scaler.transform(X), y)
    ours = WekaIBkClassifier().fit(X, y)
    np.testing.assert_array_equal(
        ours.predict(test), knn.predict(scaler.transform(test))
    )


def test_ibk_tied_instances_all_vote_and_a_tied_vote_goes_to_the_first_class():
    # One instance of each class at the same distance: the first class wins,
    # although the first instance (scikit-learn's choice) is of the second.
    ibk = WekaIBkClassifier().fit([[0.0], [2.0]], ["yes", "no"])
    assert ibk.predict([[1.0]]).tolist() == ["no"]
    knn = KNeighborsClassifier(1).fit([[0.0], [2.0]], ["yes", "no"])
    assert knn.predict([[1.0]]).tolist() == ["yes"]
    # Every instance at the nearest distance votes: two against one.
    ibk = WekaIBkClassifier().fit([[0.0], [2.0], [2.0]], [1, 0, 0])
    assert ibk.predict([[1.0]]).tolist() == [0]
    # Weka's distribution: 1 / n_train per class plus the votes, normalised.
    np.testing.assert_allclose(ibk.predict_proba([[1.0]]), [[7 / 11, 4 / 11]])


def test_ibk_nominal_values_differ_by_one_not_by_a_one_hot_vector():
    # From the query, A's nominal value differs (squared distance 1); B's two
    # numeric values differ by 0.75 of their range each (1.125). One-hot
    # columns make A's difference 2, and B the nearest.
    X = np.array([[0, 0.0, 0.0], [1, 1.5, 1.5], [1, 2.0, 2.0]])
    y = np.array([0, 1, 1])
    query = np.array([[1, 0.0, 0.0]])
    assert WekaIBkClassifier(categorical_features=[0]).fit(X, y).predict(query) == [0]
    one_hot = np.column_stack([X[:, 0] == 0, X[:, 0] == 1, X[:, 1:] / 2])
    knn = KNeighborsClassifier(1).fit(one_hot, y)
    assert knn.predict([[0, 1, 0.0, 0.0]]) == [1]


def test_ibk_ranges_widen_with_each_test_instance_in_order():
    X, y = np.array([[0.0, 0.0], [1.0, 0.6], [0.55, 1.0]]), np.array([0, 1, 1])
    ibk = WekaIBkClassifier().fit(X, y)
    query = np.array([[0.2, 0.5]])
    alone = ibk.predict(query)
    # A first test instance far out on column 0 shrinks that column's
    # differences for the instance after it, which changes its neighbour.
    after = ibk.predict(np.vstack([[[10.0, 0.5]], query]))[1]
    assert alone.tolist() == [0] and after == 1
    # Each predict call starts from the training ranges again.
    assert ibk.predict(query).tolist() == [0]


# SMOTE.


def test_weka_percentage_balances_every_small_data_set():
    for n_minority in range(2, 120):
        for n_majority in range(n_minority, 400, 7):
            percentage = weka_percentage(n_minority, n_majority)
            assert _n_synthetic(percentage, n_minority) == n_majority - n_minority


def test_smote_appends_synthetic_minority_instances_on_segments():
    rng = np.random.default_rng(1)
    X = np.vstack([rng.normal(size=(30, 3)), rng.normal(3, 1, size=(9, 3))])
    y = np.array([0] * 30 + [1] * 9)
    smote = WekaSMOTE(random_state=4)
    X_res, y_res = smote.fit_resample(X, y)
    assert X_res.shape == (60, 3) and (y_res == 1).sum() == 30
    np.testing.assert_array_equal(X_res[:39], X)
    np.testing.assert_array_equal(y_res[:39], y)
    # Each synthetic value lies between its instance and one neighbour,
    # attribute by attribute (a fresh gap per attribute).
    minority = X[y == 1]
    for row in X_res[39:]:
        inside = [
            np.all(
                (row >= np.minimum(a, b) - 1e-12) & (row <= np.maximum(a, b) + 1e-12)
            )
            for a in minority
            for b in minority
        ]
        assert any(inside)
    again, _ = clone(smote).fit_resample(X, y)
    np.testing.assert_array_equal(again, X_res)
    other, _ = WekaSMOTE(random_state=5).fit_resample(X, y)
    assert not np.array_equal(other, X_res)


def test_smote_percentage_and_nominal_vote():
    X = np.array([[0, 0.0], [0, 1.0], [1, 2.0], [0, 3.0]] + [[1, 10.0]] * 6)
    y = np.array([1, 1, 1, 1] + [0] * 6)
    smote = WekaSMOTE(150.0, k_neighbors=2, categorical_features=[0])
    X_res, y_res = smote.fit_resample(X, y)
    # floor(1.5) = 1 each, plus int(0.5 * 4) = 2 extra.
    assert len(X_res) == 10 + 6 and (y_res[10:] == 1).all()
    # The nominal value is the vote of the instance and its 2 neighbours: the
    # one minority instance of value 1 has neighbours of value 0 (the Value
    # Difference Metric of 0 and 1 is 12/7 here), so every vote is 0.
    assert (X_res[10:, 0] == 0).all()
    assert X_res[10:, 1].min() >= 0 and X_res[10:, 1].max() <= 3
    with pytest.raises(ValueError, match="at least 2 instances"):
        WekaSMOTE().fit_resample([[0.0], [1.0], [2.0]], [0, 0, 1])


# SMO.


@needs_numba
def test_smo_is_near_the_optimum_libsvm_finds():
    # Weka's SMO stops within its tolerance: near libsvm's optimum of the same
    # problem (inputs scaled to [0, 1]), not at it.
    rng = np.random.default_rng(2)
    X = rng.normal(size=(80, 3)) * [1, 10, 100]
    y = (X[:, 0] + X[:, 1] / 10 + rng.normal(size=80) > 0).astype(int)
    Z = MinMaxScaler().fit_transform(X)
    svc = SVC(kernel="linear", C=1.0).fit(Z, y)
    smo = WekaSMOClassifier().fit(X, y)
    sign = np.where(y == 1, 1.0, -1.0)

    def primal(w, b):
        return 0.5 * w @ w + np.maximum(0, 1 - sign * (Z @ w + b)).sum()

    optimum = primal(svc.coef_[0], svc.intercept_[0])
    assert optimum <= primal(smo.coef_[0], -smo.intercept_[0]) <= optimum * 1.01
    np.testing.assert_allclose(
        smo.decision_function(X), svc.decision_function(Z), atol=0.1
    )
    assert (smo.predict(X) == svc.predict(Z)).mean() >= 0.95


@needs_numba
def test_smo_shuffles_each_pair_and_votes():
    rng = np.random.default_rng(5)
    X = np.vstack([rng.normal(m, 0.5, size=(15, 2)) for m in (0, 3, 6)])
    y = np.repeat(["a", "b", "c"], 15)
    smo = WekaSMOClassifier().fit(X, y)
    assert smo.coef_.shape == (3, 2) and smo.decision_function(X).shape == (45, 3)
    assert (smo.predict(X) == y).mean() > 0.9
    other = WekaSMOClassifier(random_state=2).fit(X, y)
    assert not np.array_equal(other.coef_, smo.coef_)


# MLP.


def _one_epoch_by_hand(inputs, targets, hidden, output, rate=0.3, momentum=0.2):
    """Back-propagation as Weka's NeuralNode/SigmoidUnit, unit by unit, in Python."""
    hidden, output = hidden.copy(), output.copy()
    change_h, change_o = np.zeros_like(hidden), np.zeros_like(output)
    for x, target in zip(inputs, targets):
        out_h = [
            1
            / (
                1
                + math.exp(
                    -(
                        hidden[0, h]
                        + sum(x[i] * hidden[1 + i, h] for i in range(len(x)))
                    )
                )
            )
            for h in range(hidden.shape[1])
        ]
        out_o = [
            1
            / (
                1
                + math.exp(
                    -(
                        output[0, c]
                        + sum(out_h[h] * output[1 + h, c] for h in range(len(out_h)))
                    )
                )
            )
            for c in range(output.shape[1])
        ]
        err_o = [
            ((1.0 if target == c else 0.0) - o) * o * (1 - o)
            for c, o in enumerate(out_o)
        ]
        err_h = [
            sum(err_o[c] * output[1 + h, c] for c in range(len(out_o))) * v * (1 - v)
            for h, v in enumerate(out_h)
        ]
        for c in range(len(out_o)):
            for j, value in enumerate([1.0, *out_h]):
                change_o[j, c] = rate * err_o[c] * value + momentum * change_o[j, c]
                output[j, c] += change_o[j, c]
        for h in range(len(out_h)):
            for j, value in enumerate([1.0, *x]):
                change_h[j, h] = rate * err_h[h] * value + momentum * change_h[j, h]
                hidden[j, h] += change_h[j, h]
    return hidden, output


@needs_numba
def test_mlp_epoch_is_weka_back_propagation():
    from imbascore.study._weka.mlp_numba import train

    rng = np.random.default_rng(3)
    inputs, targets = rng.uniform(-1, 1, size=(25, 4)), rng.integers(0, 2, 25)
    hidden, output = rng.uniform(-0.05, 0.05, (5, 3)), rng.uniform(-0.05, 0.05, (4, 2))
    expected = _one_epoch_by_hand(inputs, targets, hidden, output)
    assert train(inputs, targets.astype(np.int64), hidden, output, 1, 0.3, 0.2)
    np.testing.assert_allclose(hidden, expected[0], rtol=0, atol=1e-14)
    np.testing.assert_allclose(output, expected[1], rtol=0, atol=1e-14)


@needs_numba
def test_mlp_is_set_up_as_weka_builds_it():
    rng = np.random.default_rng(4)
    X = np.column_stack(
        [rng.integers(0, 3, 40), rng.integers(0, 2, 40), rng.normal(size=40)]
    )
    y = rng.integers(0, 2, 40)
    mlp = WekaMLPClassifier(n_epochs=1, categorical_features=[0, 1]).fit(X, y)
    # NominalToBinary: 3 + 1 + 1 = 5 inputs; "a" = (5 + 2) // 2 = 3 hidden units.
    assert mlp.hidden_weights_.shape == (6, 3) and mlp.output_weights_.shape == (4, 2)
    # java.util.Random(0): shuffle, then output biases, hidden biases, input
    # weights (input by input), output weights (hidden unit by hidden unit).
    rng = JavaRandom(0)
    rng.randomize(40)
    first = rng.next_doubles(2 + 3 + 15 + 6) * 0.1 - 0.05
    untrained = WekaMLPClassifier(n_epochs=1, learning_rate=1e-300, momentum=0.0)
    untrained.set_params(categorical_features=[0, 1]).fit(X, y)
    np.testing.assert_allclose(untrained.output_weights_[0], first[:2])
    np.testing.assert_allclose(untrained.hidden_weights_[0], first[2:5])
    np.testing.assert_allclose(untrained.hidden_weights_[1:].ravel(), first[5:20])
    np.testing.assert_allclose(untrained.output_weights_[1:].ravel(), first[20:])
    proba = mlp.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)


@pytest.mark.parametrize("estimator", [WekaMLPClassifier(), WekaSMOClassifier()])
def test_without_numba_the_pip_command_is_named(estimator, monkeypatch):
    monkeypatch.setitem(sys.modules, "numba", None)
    for module in ("mlp_numba", "smo_numba"):
        name = f"imbascore.study._weka.{module}"
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(sys.modules["imbascore.study._weka"], module, raising=False)
    with pytest.raises(ImportError, match=r'pip install "imbascore\[weka\]"'):
        estimator.fit([[0.0], [1.0]], [0, 1])


@pytest.mark.parametrize(
    "params, match",
    [
        ({"learning_rate": 0}, "'learning_rate' parameter"),
        ({"momentum": 2}, "'momentum' parameter"),
        ({"n_epochs": 0}, "'n_epochs' parameter"),
        ({"hidden_units": "x"}, "'hidden_units' parameter"),
    ],
)
@needs_numba
def test_mlp_bad_parameters(params, match):
    with pytest.raises(ValueError, match=match):
        WekaMLPClassifier(**params).fit([[0.0], [1.0]], [0, 1])


# Together, in the study.


@pytest.mark.parametrize(
    "estimator",
    [
        WekaIBkClassifier(categorical_features=[0]),
        WekaSMOTE(random_state=3),
        *([WekaSMOClassifier(), WekaMLPClassifier(n_epochs=5)] if HAS_NUMBA else []),
    ],
)
def test_clone_and_pickle(estimator):
    X = np.array([[0, 0.1], [1, 0.5], [0, 0.9], [1, 0.3], [0, 0.2], [1, 0.8]])
    y = np.array([0, 1, 1, 0, 1, 1])
    assert clone(estimator).get_params() == estimator.get_params()
    if isinstance(estimator, WekaSMOTE):
        before = estimator.fit_resample(X, y)[0]
        after = pickle.loads(pickle.dumps(estimator)).fit_resample(X, y)[0]
        np.testing.assert_array_equal(before, after)
        return
    fitted = clone(estimator).fit(X, y)
    restored = pickle.loads(pickle.dumps(fitted))
    np.testing.assert_array_equal(restored.predict(X), fitted.predict(X))


def test_pipelines_put_weka_resampling_before_scaling():
    breast = prepare_data("breast", coding="nominal")  # nominal columns to route
    steps = lambda s, c: [  # noqa: E731
        (name, type(step).__name__) for name, step in _pipeline(breast, s, c, 7).steps
    ]
    assert steps("weka_smote", "1nn") == [
        ("resample", "WekaSMOTE"),
        ("prepare", "ColumnTransformer"),
        ("classify", "KNeighborsClassifier"),
    ]
    assert steps("weka_smote", "weka_1nn") == [
        ("resample", "WekaSMOTE"),
        ("classify", "WekaIBkClassifier"),
    ]
    assert steps("smote", "1nn")[0] == ("prepare", "ColumnTransformer")
    assert steps("smote", "weka_svm")[0] == ("resample", "SMOTENC")
    pipeline = _pipeline(breast, "weka_smote", "weka_1nn", 7)
    assert pipeline.named_steps["classify"].categorical_features == list(
        breast.categorical
    )
    assert pipeline.named_steps["resample"].n_categories == list(breast.n_categories)
    glass = prepare_data("glass")
    assert (
        type(_pipeline(glass, "smote", "weka_1nn", 7).steps[0][1]).__name__ == "SMOTE"
    )


def test_weka_cells_in_the_study():
    classifiers = ["weka_1nn"] + (["weka_svm", "weka_mlp"] if HAS_NUMBA else [])
    folds = run_study(
        ["breast"], ["none", "weka_smote"], classifiers, n_splits=3, n_repeats=1
    )
    assert len(folds) == 2 * len(classifiers) * 3
    assert (
        (folds.tp + folds.fn)
        .groupby([folds.sampler, folds.classifier])
        .sum()
        .eq(81)
        .all()
    )
    again = run_study(
        ["breast"],
        ["none", "weka_smote"],
        classifiers,
        n_splits=3,
        n_repeats=1,
        n_jobs=2,
    )
    np.testing.assert_array_equal(
        folds[["tp", "fn", "fp", "tn"]], again[["tp", "fn", "fp", "tn"]]
    )
