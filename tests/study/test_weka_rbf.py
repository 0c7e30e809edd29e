"""WekaRBFNetworkClassifier: Weka's RBFNetwork rules, and real Weka 3.6 as anchor.

The unit tests check the pieces on data small enough to follow by hand
(SimpleKMeans' seeding by java.util.Random, empty clusters, the standard
deviation's floor, Logistic's optimum, the parameter checks). The real-Weka
tests train Weka 3.6's RBFNetwork on the study's folds (as
``tests/study/test_weka.py`` does for IBk): the test counts must be
identical, and a small Java program compiled against Weka's jar prints
``distributionForInstance`` in full precision, which must agree to 1e-9
(measured on all 150 Breast, Glass and Satimage folds: at most 5.2e-11).
Skipped, with the reason, where Java, Weka 3.6 or ``javac`` is missing.
"""

import subprocess
import warnings

import numpy as np
import pytest
from scipy.optimize import minimize
from test_weka import (
    JAVA,
    _arff,
    _command,
    _counts,
    _fold,
    _nominal,
    _weka,
    _weka_counts,
    compiled_harness,
    needs_weka,
)

from imbascore.study import WekaRBFNetworkClassifier, make_classifier
from imbascore.study._garcia2009 import garcia2009_classifiers
from imbascore.study._weka.logistic import fit_logistic, logistic_proba
from imbascore.study._weka.random import JavaRandom
from imbascore.study._weka.simple_kmeans import SimpleKMeans

# --- Weka's rules, by hand -------------------------------------------------


def test_kmeans_seeds_are_wekas_random_draws():
    # SimpleKMeans.buildClusterer: for j = n-1 .. 0, nextInt(j + 1) picks a
    # centre, which is swapped to position j.
    X = np.arange(10.0)[:, None] ** 2
    order = list(range(10))
    rng = JavaRandom(1)
    seeds = []
    for j in range(9, 7, -1):
        index = rng.next_int(j + 1)
        seeds.append(X[order[index], 0])
        order[j], order[index] = order[index], order[j]
    kmeans = SimpleKMeans(2, seed=1).fit(
        X, np.zeros(1, dtype=bool), np.zeros(1, dtype=int)
    )
    # One batch step later the centres are the means of the seeds' clusters.
    assert kmeans.n_iterations >= 1
    first = SimpleKMeans(2, seed=1, max_iterations=1).fit(
        X, np.zeros(1, dtype=bool), np.zeros(1, dtype=int)
    )
    near = np.argmin(np.abs(X[:, 0, None] - np.array(seeds)[None]), axis=1)
    expected = sorted(X[near == c, 0].mean() for c in range(2))
    assert sorted(first.centres[:, 0]) == pytest.approx(expected)


def test_duplicate_instances_are_not_two_seeds():
    # DecisionTableHashKey: a drawn instance equal to a centre is skipped, so
    # identical data make one cluster.
    X = np.ones((6, 2))
    kmeans = SimpleKMeans(2, seed=1).fit(
        X, np.zeros(2, dtype=bool), np.zeros(2, dtype=int)
    )
    assert len(kmeans.centres) == 1


def test_no_more_clusters_than_distinct_instances():
    # The seeding runs out of distinct instances: two clusters, not three.
    X = np.array([[0.0], [0.0], [0.0], [0.0], [1.0]])
    nominal, n_values = np.zeros(1, dtype=bool), np.zeros(1, dtype=int)
    kmeans = SimpleKMeans(3, seed=1).fit(X, nominal, n_values)
    assert len(kmeans.centres) == 2


def test_a_basis_function_is_at_least_min_std_wide():
    X = np.array([[0.0], [0.0], [0.0], [10.0], [10.0], [10.0]])
    model = WekaRBFNetworkClassifier(min_std=0.1).fit(X, [0, 0, 0, 1, 1, 1])
    for clusterer in model.clusterers_:
        assert (clusterer.std >= 0.1).all()


def test_logistic_reaches_the_penalised_optimum():
    rng = np.random.default_rng(0)
    Z = rng.random((80, 3))
    y = (Z[:, 0] + 0.3 * rng.standard_normal(80) > 0.5).astype(int)
    ridge = 1e-3
    kept, par, _ = fit_logistic(Z, y, 2, ridge)
    assert kept.all()
    # Weka's model: p(class 0) = 1 / (1 + exp(-v)), ridge on standardised
    # coefficients; compare the fitted probabilities with scipy's optimum.
    mean, sd = Z.mean(axis=0), Z.std(axis=0, ddof=1)
    S = (Z - mean) / sd

    def loss(b):
        v = b[0] + S @ b[1:]
        own = np.where(y == 0, v, 0.0)
        return -(own - np.logaddexp(0.0, v)).sum() + ridge * (b[1:] ** 2).sum()

    best = minimize(loss, np.zeros(4), method="BFGS", options={"gtol": 1e-10}).x
    # Weka's coefficients back on the standardised scale.
    weka = np.r_[par[0, 0] + par[1:, 0] @ mean, par[1:, 0] * sd]
    # Weka stops by its own rules (here 6e-9 above the optimum's loss).
    assert 0 <= loss(weka) - loss(best) < 1e-7
    p0 = 1.0 / (1.0 + np.exp(-(best[0] + S @ best[1:])))
    np.testing.assert_allclose(logistic_proba(Z, kept, par)[:, 0], p0, atol=1e-4)


def test_constant_memberships_are_removed():
    Z = np.column_stack([np.linspace(0, 1, 20), np.full(20, 0.5)])
    kept, par, _ = fit_logistic(Z, (np.arange(20) >= 10).astype(int), 2, 1e-8)
    assert kept.tolist() == [True, False]
    assert par.shape == (2, 1)


@pytest.mark.parametrize(
    "params, message",
    [
        ({"n_clusters": 0}, "'n_clusters' .* positive int. Got 0"),
        ({"n_clusters": 2.0}, "'n_clusters' .* positive int. Got 2.0"),
        ({"random_state": None}, "'random_state' .* Java int.* Got None"),
        ({"random_state": 2**31}, "'random_state' .* Got 2147483648"),
        ({"ridge": -1.0}, "'ridge' .* >= 0. Got -1.0"),
        ({"ridge": float("nan")}, "'ridge' .* Got nan"),
        ({"max_iter": 0}, "'max_iter' .* -1 .* positive int. Got 0"),
        ({"min_std": 0.0}, "'min_std' .* > 0. Got 0.0"),
    ],
)
def test_bad_parameters_are_named(params, message):
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    with pytest.raises(ValueError, match=message):
        WekaRBFNetworkClassifier(**params).fit(X, [0, 0, 1, 1])


def test_the_study_runs_it_for_garcia2009():
    assert isinstance(make_classifier("weka_rbf", 4, 7), WekaRBFNetworkClassifier)
    # Weka's default -S 1 whatever the study's fold seed.
    assert make_classifier("weka_rbf", 4, 7).random_state == 1
    from imbascore.study import CLASSIFIERS

    assert garcia2009_classifiers(CLASSIFIERS)["RBF"] == "weka_rbf"


# --- real Weka 3.6 ---------------------------------------------------------

HARNESS = """
import java.io.FileReader;
import weka.classifiers.functions.RBFNetwork;
import weka.core.Instances;

public class RBFNetworkProbabilities {
  public static void main(String[] args) throws Exception {
    Instances train = new Instances(new FileReader(args[0]));
    train.setClassIndex(train.numAttributes() - 1);
    Instances test = new Instances(new FileReader(args[1]));
    test.setClassIndex(test.numAttributes() - 1);
    RBFNetwork rbf = new RBFNetwork();
    rbf.buildClassifier(train);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < test.numInstances(); i++) {
      double[] dist = rbf.distributionForInstance(test.instance(i));
      for (int j = 0; j < dist.length; j++) {
        out.append(j == 0 ? "" : " ").append(Double.toString(dist[j]));
      }
      out.append("\\n");
    }
    System.out.print(out);
  }
}
"""


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    """A class path holding Weka's jar and a program printing Weka's distributions."""
    return compiled_harness(tmp_path_factory, "RBFNetworkProbabilities", HARNESS)


# Breast in the papers' coding and nominal (Laplace counts in the clusters),
# Glass, Satimage (36 attributes, the slowest), German's mix.
RBF_FOLDS = [
    ("breast", 0),
    ("breast", 31),
    ("breast/nominal", 2),
    ("glass", 0),
    ("satimage", 0),
    ("german/nominal", 5),
]


@needs_weka
@pytest.mark.parametrize("name, index", [("breast", 0), ("glass", 17)])
def test_rbf_counts_are_wekas(tmp_path, name, index):
    fold = data, X, y, X_test, y_test = _fold(name, index)
    rbf = "weka.classifiers.functions.RBFNetwork"
    weka = _weka_counts(_weka(*_command(tmp_path, rbf, [], data, fold), "-o"))
    ours = WekaRBFNetworkClassifier(**_nominal(data)).fit(X, y).predict(X_test)
    assert _counts(y_test, ours) == weka


@needs_weka
@pytest.mark.parametrize("name, index", RBF_FOLDS)
def test_rbf_probabilities_are_wekas(tmp_path, harness, name, index):
    data, X, y, X_test, y_test = _fold(name, index)
    train = _arff(tmp_path / "train.arff", X, y, data)
    test = _arff(tmp_path / "test.arff", X_test, y_test, data)
    out = subprocess.run(
        [JAVA, "-cp", harness, "RBFNetworkProbabilities", train, test],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    weka = np.array(
        [[float(v) for v in line.split()] for line in out.stdout.split("\n") if line]
    )
    ours = WekaRBFNetworkClassifier(**_nominal(data)).fit(X, y).predict_proba(X_test)
    np.testing.assert_allclose(ours, weka, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(ours.argmax(axis=1), weka.argmax(axis=1))
    assert _counts(y_test, ours.argmax(axis=1)) == _counts(y_test, weka.argmax(axis=1))


def test_one_positive_fits_without_a_warning():
    # Issue 49.12: with a single positive, the last row of Weka's BFGS
    # update divides by zero (Java's Infinity, never read again); numpy's
    # RuntimeWarning must not reach the user, and the fit stays finite.
    X = np.random.default_rng(0).normal(size=(10, 1))
    y = np.zeros(10, dtype=int)
    y[0] = 1
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = WekaRBFNetworkClassifier(n_clusters=3).fit(X, y)
        proba = model.predict_proba(X)
    assert [str(w.message) for w in caught] == []
    assert np.isfinite(model.coef_).all() and np.isfinite(proba).all()
