"""WekaNaiveBayesClassifier: Weka's NaiveBayes rules, and real Weka 3.6 as anchor.

The unit tests check each rule on data small enough to compute by hand
(precision, rounding, the standard deviation's floor, Laplace counts, the
1e-75 floor and the underflow rescaling, missing values). The real-Weka
tests run Weka 3.6's command line on the study's folds (as
``tests/study/test_weka.py`` does for IBk) and require identical test counts; a
small Java program compiled against Weka's jar prints
``distributionForInstance`` in full precision, and the probabilities must
agree to 1e-9. Skipped, with the reason, where Java, Weka 3.6 or ``javac``
is missing.
"""

import pickle
import subprocess
from types import SimpleNamespace

import numpy as np
import pytest
from scipy.special import ndtr
from scipy.stats import norm
from sklearn.base import clone
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

from imbascore.study._weka.naive_bayes import (
    WekaNaiveBayesClassifier,
    normal_probability,
    weka_sort_order,
)

# --- Weka's rules, by hand -------------------------------------------------


def test_precision_is_the_mean_gap_between_distinct_values():
    # NaiveBayes.buildClassifier: distinct 1, 2, 4, 10 -> gaps 1, 2, 6 -> 3.
    X = np.array([[1.0, 5.0], [2.0, 5.0], [2.0, 5.0], [4.0, 5.0], [10.0, 5.0]])
    nb = WekaNaiveBayesClassifier().fit(X, [0, 0, 1, 1, 1])
    assert nb.precision_[0] == 3.0
    # A single distinct value: DEFAULT_NUM_PRECISION.
    assert nb.precision_[1] == 0.01


def test_values_are_rounded_to_the_precision_before_the_sums():
    # Distinct 0, 1, 3: precision 1.5; rounded 0, 1.5, 3 (1 / 1.5 -> rint 1).
    X = np.array([[0.0], [1.0], [3.0], [0.0]])
    nb = WekaNaiveBayesClassifier().fit(X, [0, 0, 0, 1])
    assert nb.precision_[0] == 1.5
    assert nb.mean_[0, 0] == pytest.approx(1.5, abs=1e-15)  # not 4 / 3
    assert nb.std_[0, 0] == pytest.approx(np.sqrt(1.5), abs=1e-15)
    # A test value is rounded too: 1.2 and 1.9 both fall in the bin of 1.5.
    np.testing.assert_array_equal(nb.predict_proba([[1.2]]), nb.predict_proba([[1.9]]))
    assert not np.array_equal(nb.predict_proba([[1.2]]), nb.predict_proba([[0.7]]))


def test_the_standard_deviation_is_at_least_a_sixth_of_the_precision():
    # Precision 1 (values 0 and 1). Class 0: 99 zeros and a one, sd 0.0995
    # < 1/6; class 1: all ones, sd 0 -> the starting value 1/6.
    X = np.array([[0.0]] * 99 + [[1.0]] * 3)
    y = [0] * 99 + [0, 1, 1]
    nb = WekaNaiveBayesClassifier().fit(X, y)
    assert nb.precision_[0] == 1.0
    assert nb.std_[0, 0] == 1 / 6
    assert nb.std_[1, 0] == 1 / 6
    # Above the floor, the sample sd (divided by n, not n - 1).
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    nb = WekaNaiveBayesClassifier().fit(X, [0, 0, 0, 0])
    assert nb.std_[0, 0] == pytest.approx(np.std([0, 1, 2, 3]), abs=1e-15)


def test_laplace_counts_for_nominal_values_and_the_class_prior():
    # DiscreteEstimator(k, true): counts start at 1, for every value the
    # header declares (here 4, one never seen).
    X = np.array([[0], [0], [1], [2], [2], [2], [0]], dtype=float)
    y = np.array([0, 0, 0, 0, 1, 1, 1])
    nb = WekaNaiveBayesClassifier(categorical_features=[0], n_categories=[4]).fit(X, y)
    np.testing.assert_array_equal(
        nb.category_probability_[0],
        [[3 / 8, 2 / 8, 2 / 8, 1 / 8], [2 / 7, 1 / 7, 3 / 7, 1 / 7]],
    )
    np.testing.assert_array_equal(nb.class_prior_, [5 / 9, 4 / 9])
    # Without the header's count: one more than the largest code seen.
    nb = WekaNaiveBayesClassifier(categorical_features=[0]).fit(X, y)
    assert nb.category_probability_[0].shape == (2, 3)
    np.testing.assert_array_equal(nb.category_probability_[0][0], [3 / 7, 2 / 7, 2 / 7])


def test_a_tiny_example_computed_by_hand():
    # Column 0 nominal (2 values), column 1 numeric: 1, 2, 4, 5 (precision
    # 4 / 3). Rounded: 1 -> 4/3, 2 -> 8/3 (rint(1.5) = 2, half to even),
    # 4 -> 4, 5 -> 16/3.
    X = np.array([[0, 1.0], [0, 2.0], [1, 4.0], [1, 5.0], [0, 5.0]])
    y = np.array([0, 0, 1, 1, 1])
    nb = WekaNaiveBayesClassifier(categorical_features=[0]).fit(X, y)
    p = 4 / 3
    mean0, sd0 = 2.0, 2 / 3
    mean1 = (4 + 16 / 3 + 16 / 3) / 3
    sd1 = np.sqrt(np.mean(np.square([4, 16 / 3, 16 / 3]) - mean1**2))
    test = np.array([[0, 3.0], [1, 4.5]])
    expected = []
    for code, value in test:
        rounded = np.rint(value / p) * p
        joint = []
        for prior, counts, mean, sd in [
            (3 / 7, [3 / 4, 1 / 4], mean0, sd0),
            (4 / 7, [2 / 5, 3 / 5], mean1, sd1),
        ]:
            mass = norm.cdf((rounded - mean + p / 2) / sd) - norm.cdf(
                (rounded - mean - p / 2) / sd
            )
            joint.append(prior * counts[int(code)] * max(1e-75, mass))
        expected.append(np.array(joint) / sum(joint))
    np.testing.assert_allclose(nb.predict_proba(test), expected, rtol=1e-12)
    np.testing.assert_array_equal(nb.predict(test), [0, 1])
    # A tie (the same estimators for both classes) goes to the first class.
    tie = WekaNaiveBayesClassifier().fit([[0.0], [1.0], [0.0], [1.0]], [7, 7, 3, 3])
    np.testing.assert_array_equal(tie.predict_proba([[0.2]]), [[0.5, 0.5]])
    assert tie.predict([[0.2]]).tolist() == [3]


def test_normal_probability_is_the_normal_cdf():
    z = np.concatenate([np.linspace(-37, 37, 2001), [-0.5, 0.0, 0.70710678]])
    np.testing.assert_allclose(normal_probability(z), ndtr(z), rtol=1e-13, atol=0)
    # Statistics.errorFunctionComplemented: 0 below exp(-MAXLOG).
    assert normal_probability([-40.0, 40.0]).tolist() == [0.0, 1.0]


def test_weka_sort_order_sorts_and_puts_missing_values_last():
    values = np.array([3.0, np.nan, 1.0, 2.0, 1.0, 7.0, 2.0, 0.5])
    order = weka_sort_order(values)
    assert sorted(order.tolist()) == list(range(len(values)))
    assert order[-1] == 1  # NaN as Double.MAX_VALUE
    np.testing.assert_array_equal(
        values[order[:-1]], np.sort(values[~np.isnan(values)])
    )
    # Not stable: Weka's quicksort swaps equal values (checked against
    # Weka's own Utils.sortWithNoMissingValues below).
    assert weka_sort_order([3.0, 1.0, 2.0, 1.0]).tolist() == [1, 3, 2, 0]


def test_the_floor_of_1e75_and_the_rescaling_against_underflow():
    # Ten attributes on which the test row is impossible for both classes:
    # each factor is the floor 1e-75, and without the rescaling by 1e75 the
    # products would underflow to 0 (and 0 / 0).
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 10))
    y = np.repeat([0, 1], [25, 15])
    nb = WekaNaiveBayesClassifier().fit(X, y)
    proba = nb.predict_proba(np.full((1, 10), 1e6))
    np.testing.assert_allclose(proba, [nb.class_prior_], rtol=1e-12)
    # One class floored, the other not: the floor is on the probability
    # mass (Weka 3.6), not on mass / precision (Weka 3.8).
    X, y, test = _floored_for_one_class()
    nb = WekaNaiveBayesClassifier().fit(X, y)
    p = nb.precision_[0]
    rounded = np.rint(test[0, 0] / p) * p
    mass = [
        norm.cdf((rounded - nb.mean_[c, 0] + p / 2) / nb.std_[c, 0])
        - norm.cdf((rounded - nb.mean_[c, 0] - p / 2) / nb.std_[c, 0])
        for c in (0, 1)
    ]
    assert mass[1] < 1e-75 < mass[1] / p  # where Weka 3.6 and 3.8 part
    expected = 1e-75 / (mass[0] + 1e-75)  # equal priors
    assert nb.predict_proba(test)[0, 1] == pytest.approx(expected, rel=1e-9, abs=0)


def _floored_for_one_class():
    """Class 0 near 0.5, class 1 near 5.5 (precision 0.003); a test value at
    0.16, 18.5 of class 1's standard deviations below its mean."""
    X = np.concatenate([np.arange(1000) / 1000, 5 + np.arange(1000) / 1000])
    y = np.repeat([0, 1], 1000)
    return X[:, None], y, np.array([[0.16]])


def test_missing_values_are_skipped():
    rng = np.random.default_rng(1)
    X = np.column_stack([rng.normal(size=30), rng.integers(0, 3, 30)]).astype(float)
    y = np.repeat([0, 1], 15)
    gappy = X.copy()
    gappy[[2, 20], 0] = np.nan
    gappy[5, 1] = np.nan
    nb = WekaNaiveBayesClassifier(categorical_features=[1]).fit(gappy, y)
    # The numeric estimators see only the present values; the prior every row.
    present = ~np.isnan(gappy[:, 0])
    alone = WekaNaiveBayesClassifier().fit(X[present][:, [0]], y[present])
    np.testing.assert_allclose(nb.mean_[:, 0], alone.mean_[:, 0], rtol=1e-14)
    np.testing.assert_array_equal(nb.class_prior_, [16 / 32, 16 / 32])
    np.testing.assert_array_equal(nb.category_probability_[1].sum(axis=1), [1, 1])
    # A missing test value leaves the attribute out of the product.
    only_nominal = WekaNaiveBayesClassifier(categorical_features=[0]).fit(
        gappy[:, [1]], y
    )
    np.testing.assert_allclose(
        nb.predict_proba([[np.nan, 2.0]]),
        only_nominal.predict_proba([[2.0]]),
        rtol=1e-14,
    )


def test_clone_get_params_and_pickle():
    nb = WekaNaiveBayesClassifier(categorical_features=[0], n_categories=[3])
    assert nb.get_params() == {"categorical_features": [0], "n_categories": [3]}
    twin = clone(nb)
    assert twin.get_params() == nb.get_params() and not hasattr(twin, "classes_")
    X = np.array([[0, 1.0], [1, 2.5], [2, 0.5], [0, 3.0], [1, 1.0]])
    y = np.array(["a", "b", "a", "b", "a"])
    nb.fit(X, y)
    again = pickle.loads(pickle.dumps(nb))
    np.testing.assert_array_equal(again.predict_proba(X), nb.predict_proba(X))
    np.testing.assert_array_equal(again.predict(X), nb.predict(X))
    assert set(nb.predict(X)) <= {"a", "b"}
    assert nb.score(X, y) == (nb.predict(X) == y).mean()


def test_bad_input_is_refused_with_the_parameter_named():
    X = np.array([[0, 1.0], [1, 2.0], [0, 3.0]])
    nb = WekaNaiveBayesClassifier(categorical_features=[0], n_categories=[2])
    with pytest.raises(ValueError, match="categorical feature 0"):
        nb.fit(X, [0, 1, 0]).predict([[2, 1.0]])
    with pytest.raises(ValueError, match="n_categories"):
        WekaNaiveBayesClassifier(categorical_features=[0], n_categories=[2, 3]).fit(
            X, [0, 1, 0]
        )
    with pytest.raises(ValueError, match="[Ii]nf"):
        WekaNaiveBayesClassifier().fit([[np.inf], [1.0]], [0, 1])
    with pytest.raises(ValueError, match="features"):
        WekaNaiveBayesClassifier().fit(X, [0, 1, 0]).predict([[1.0]])


# --- real Weka 3.6 ---------------------------------------------------------

HARNESS = """
import java.io.FileReader;
import weka.classifiers.bayes.NaiveBayes;
import weka.core.Instances;
import weka.core.Statistics;
import weka.core.Utils;
import weka.estimators.NormalEstimator;

public class NaiveBayesProbabilities extends NaiveBayes {
  public static void main(String[] args) {
    try {
      run(args);
    } catch (Exception error) {
      error.printStackTrace();
      System.exit(1);
    }
  }

  static void run(String[] args) throws Exception {
    StringBuilder out = new StringBuilder();
    if (args[0].equals("sort")) {
      double[] values = new double[args.length - 1];
      for (int i = 1; i < args.length; i++) {
        values[i - 1] = Double.parseDouble(args[i]);
      }
      for (int i : Utils.sortWithNoMissingValues(values)) {
        out.append(i).append(" ");
      }
      System.out.println(out.toString().trim());
      return;
    }
    if (args[0].equals("normal")) {
      for (int i = 1; i < args.length; i++) {
        double z = Double.parseDouble(args[i]);
        out.append(Double.toString(Statistics.normalProbability(z))).append("\\n");
      }
      System.out.print(out);
      return;
    }
    Instances train = new Instances(new FileReader(args[1]));
    train.setClassIndex(train.numAttributes() - 1);
    NaiveBayesProbabilities nb = new NaiveBayesProbabilities();
    nb.buildClassifier(train);
    if (args[0].equals("model")) {
      // Each numeric attribute's NormalEstimators: attribute, class,
      // precision, mean, standard deviation.
      for (int a = 0; a < nb.m_Distributions.length; a++) {
        for (int c = 0; c < nb.m_Distributions[a].length; c++) {
          if (nb.m_Distributions[a][c] instanceof NormalEstimator) {
            NormalEstimator e = (NormalEstimator) nb.m_Distributions[a][c];
            out.append(a + " " + c + " " + e.getPrecision() + " " + e.getMean()
              + " " + e.getStdDev() + "\\n");
          }
        }
      }
      System.out.print(out);
      return;
    }
    Instances test = new Instances(new FileReader(args[2]));
    test.setClassIndex(test.numAttributes() - 1);
    for (int i = 0; i < test.numInstances(); i++) {
      double[] dist = nb.distributionForInstance(test.instance(i));
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
    return compiled_harness(tmp_path_factory, "NaiveBayesProbabilities", HARNESS)


def _weka_output(classpath, *args):
    out = subprocess.run(
        [JAVA, "-cp", classpath, "NaiveBayesProbabilities", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return np.array(
        [[float(v) for v in line.split()] for line in out.stdout.split("\n") if line]
    )


def _weka_probabilities(classpath, train, test):
    """Weka's ``distributionForInstance`` of each test row, in full."""
    return _weka_output(classpath, "probabilities", train, test)


# Breast in the papers' coding (integer codes, many ties) and nominal, Glass,
# Satimage (36 attributes, the slowest), and German's mix of both kinds.
NB_FOLDS = [
    ("breast", 0),
    ("breast", 27),
    ("breast/nominal", 0),
    ("breast/nominal", 44),
    ("glass", 0),
    ("glass", 38),
    ("satimage", 0),
    ("satimage", 49),
    ("german/nominal", 5),
]


@needs_weka
@pytest.mark.parametrize("name, index", NB_FOLDS)
def test_naive_bayes_counts_are_wekas(tmp_path, name, index):
    fold = data, X, y, X_test, y_test = _fold(name, index)
    command = _command(tmp_path, "weka.classifiers.bayes.NaiveBayes", [], data, fold)
    weka = _weka_counts(_weka(*command, "-o"))
    ours = WekaNaiveBayesClassifier(**_nominal(data)).fit(X, y).predict(X_test)
    assert _counts(y_test, ours) == weka


@needs_weka
@pytest.mark.parametrize("name, index", NB_FOLDS)
def test_naive_bayes_probabilities_are_wekas(tmp_path, harness, name, index):
    data, X, y, X_test, y_test = _fold(name, index)
    train = _arff(tmp_path / "train.arff", X, y, data)
    test = _arff(tmp_path / "test.arff", X_test, y_test, data)
    weka = _weka_probabilities(harness, train, test)
    ours = WekaNaiveBayesClassifier(**_nominal(data)).fit(X, y).predict_proba(X_test)
    np.testing.assert_allclose(ours, weka, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(ours.argmax(axis=1), weka.argmax(axis=1))


def _arff_with_missing(path, X, y, data):
    """``_arff``, with NaN written as Weka's missing value ``?``."""
    _arff(path, np.nan_to_num(X, nan=0.0), y, data)
    lines = path.read_text().split("\n")
    start = lines.index("@data") + 1
    for row, values in enumerate(X):
        cells = lines[start + row].split(",")
        for column in np.flatnonzero(np.isnan(values)):
            cells[column] = "?"
        lines[start + row] = ",".join(cells)
    path.write_text("\n".join(lines))
    return str(path)


@pytest.mark.parametrize("name", ["breast/nominal", "glass"])
def test_missing_values_are_skipped_as_weka_skips_them(tmp_path, harness, name):
    data, X, y, X_test, y_test = _fold(name, 3)
    rng = np.random.default_rng(7)
    X, X_test = X.copy(), X_test.copy()
    X[rng.random(X.shape) < 0.1] = np.nan
    X_test[rng.random(X_test.shape) < 0.2] = np.nan
    train = _arff_with_missing(tmp_path / "train.arff", X, y, data)
    test = _arff_with_missing(tmp_path / "test.arff", X_test, y_test, data)
    weka = _weka_probabilities(harness, train, test)
    ours = WekaNaiveBayesClassifier(**_nominal(data)).fit(X, y).predict_proba(X_test)
    np.testing.assert_allclose(ours, weka, rtol=0, atol=1e-9)


def test_the_sort_order_is_wekas(harness):
    # Ties in many places: the order of equal values is Weka's quicksort's.
    values = np.random.default_rng(3).integers(0, 6, 300).astype(float)
    out = subprocess.run(
        [JAVA, "-cp", harness, "NaiveBayesProbabilities", "sort", *map(str, values)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    weka = [int(i) for i in out.stdout.split()]
    assert weka_sort_order(values).tolist() == weka
    assert weka != np.argsort(values, kind="stable").tolist()


@pytest.mark.parametrize("name, index", [("satimage", 0), ("breast", 0), ("glass", 7)])
def test_the_normal_estimators_are_wekas_to_the_bit(tmp_path, harness, name, index):
    # Same precision, and the same sums made in the same order (Weka's
    # unstable sorts): the means and standard deviations are bit for bit.
    data, X, y, *_ = _fold(name, index)
    train = _arff(tmp_path / "train.arff", X, y, data)
    weka = _weka_output(harness, "model", train)
    nb = WekaNaiveBayesClassifier(**_nominal(data)).fit(X, y)
    attribute, label = weka[:, 0].astype(int), weka[:, 1].astype(int)
    assert len(weka) == 2 * X.shape[1]
    np.testing.assert_array_equal(nb.precision_[attribute], weka[:, 2])
    np.testing.assert_array_equal(nb.mean_[label, attribute], weka[:, 3])
    np.testing.assert_array_equal(nb.std_[label, attribute], weka[:, 4])


def test_the_floor_is_on_the_mass_as_in_weka_3_6(tmp_path, harness):
    # Weka 3.8 divides the mass by the precision before the 1e-75 floor;
    # the 3.6 jar does not, and gives a probability ~44 times larger here.
    X, y, test = _floored_for_one_class()
    data = SimpleNamespace(categorical=(), n_categories=())
    train = _arff(tmp_path / "train.arff", X, y, data)
    test_file = _arff(tmp_path / "test.arff", test, [0], data)
    weka = _weka_probabilities(harness, train, test_file)
    ours = WekaNaiveBayesClassifier().fit(X, y).predict_proba(test)
    assert 1e-74 < weka[0, 1] < 1e-72
    np.testing.assert_allclose(ours, weka, rtol=1e-9, atol=0)


def test_normal_probability_is_wekas_port_of_cephes(harness):
    # Weka's Statistics.normalProbability, tails included, bit for bit here
    # (numpy's exp and Java's may part in the last bit elsewhere).
    z = np.concatenate([np.linspace(-37.5, 8.5, 461), [-0.7071, 0.7071, -26.3]])
    weka = _weka_output(harness, "normal", *map(repr, z.tolist()))[:, 0]
    np.testing.assert_allclose(normal_probability(z), weka, rtol=4e-16, atol=0)
