"""The papers' classifiers and resamplers by name, set up like Weka's defaults.

García et al. (2008, 2009) ran Weka with default hyper-parameters. The
``weka_`` names build estimators that follow Weka's own code (IBk, SMO,
MultilayerPerceptron, the SMOTE filter; see their modules) on the raw
features; the other names build the closest scikit-learn / imbalanced-learn
counterpart, on one-hot, min-max scaled features. What each does is said in
``CLASSIFIERS`` and ``SAMPLERS`` (the descriptions are printed by
``imbascore study --list`` and in the docs).
"""

from imblearn.over_sampling import SMOTE
from imblearn.under_sampling import RandomUnderSampler
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from ._naive_bayes import MixedNaiveBayes
from ._weka.ibk import WekaIBkClassifier
from ._weka.j48 import WekaJ48Classifier
from ._weka.mlp import WekaMLPClassifier
from ._weka.naive_bayes import WekaNaiveBayesClassifier
from ._weka.rbf_network import RBFNetworkClassifier, WekaRBFNetworkClassifier
from ._weka.smo import WekaSMOClassifier
from ._weka.smote import WekaSMOTE

__all__ = [
    "CLASSIFIERS",
    "NEED_NUMBA",
    "SAMPLERS",
    "make_classifier",
    "make_sampler",
]

#: Classifier names that train with numba (the ``[weka]`` extra).
NEED_NUMBA = frozenset({"weka_mlp", "weka_svm"})


def _one_nn(n_inputs, random_state):
    return KNeighborsClassifier(n_neighbors=1)


def _svm(n_inputs, random_state):
    return SVC(kernel="linear", C=1.0)


def _mlp(n_inputs, random_state):
    # Weka: one hidden layer of (attributes + classes) / 2 sigmoid units,
    # trained by 500 epochs of online back-propagation (learning rate 0.3,
    # momentum 0.2), which takes the network close to a minimum of its loss.
    # L-BFGS gets there in far less time; SGD on mini-batches with a step of
    # 0.3 learns ~200 times less per epoch and leaves the minority class
    # unlearned (measured: mean |g - paper's g| 0.03 with L-BFGS, 0.25 with
    # that SGD, on six datasets).
    return MLPClassifier(
        hidden_layer_sizes=(max(1, (n_inputs + 2) // 2),),
        activation="logistic",
        solver="lbfgs",
        max_iter=500,
        random_state=random_state,
    )


def _naive_bayes(n_inputs, random_state):
    return MixedNaiveBayes()


def _tree(n_inputs, random_state):
    # J48: information-gain splits, at least 2 objects per leaf.
    return DecisionTreeClassifier(
        criterion="entropy", min_samples_leaf=2, random_state=random_state
    )


def _rbf(n_inputs, random_state):
    return RBFNetworkClassifier(random_state=random_state)


def _weka_seed(random_state):
    # Weka's -S is a Java int: the study's seeds (below 2**32) modulo 2**31.
    if random_state is None:
        return None
    return int(random_state) % 2**31


def _weka_one_nn(n_inputs, random_state):
    return WekaIBkClassifier()


def _weka_svm(n_inputs, random_state):
    return WekaSMOClassifier()


def _weka_mlp(n_inputs, random_state):
    return WekaMLPClassifier(random_state=_weka_seed(random_state))


def _weka_nb(n_inputs, random_state):
    return WekaNaiveBayesClassifier()


def _weka_j48(n_inputs, random_state):
    return WekaJ48Classifier()


def _weka_rbf(n_inputs, random_state):
    # Weka's default -S 1 in every fold: RBFNetwork is not Randomizable, so
    # neither the Explorer nor the Experimenter gives it another seed.
    return WekaRBFNetworkClassifier()


#: name -> (factory of (n_inputs, random_state), what it stands for).
CLASSIFIERS = {
    "1nn": (_one_nn, "IBk, k = 1: KNeighborsClassifier(n_neighbors=1), Euclidean"),
    "svm": (
        _svm,
        "SMO, linear kernel, C = 1: SVC(kernel='linear', C=1) (the same dual "
        "problem; Weka fits logistic models for probabilities, unused here)",
    ),
    "mlp": (
        _mlp,
        "MultilayerPerceptron: one hidden layer of (inputs + 2) / 2 logistic "
        "units. Weka trains it by 500 epochs of online back-propagation "
        "(learning rate 0.3, momentum 0.2) on squared error; here "
        "MLPClassifier minimises log-loss with L-BFGS (up to 500 iterations), "
        "which reaches a similar optimum far faster",
    ),
    "nb": (
        _naive_bayes,
        "NaiveBayes: MixedNaiveBayes (Gaussian for numeric columns, Bernoulli "
        "with Laplace smoothing for the 0/1 columns of one-hot nominal ones)",
    ),
    "tree": (
        _tree,
        "J48 (C4.5): DecisionTreeClassifier(criterion='entropy', "
        "min_samples_leaf=2); binary splits and no C4.5 pessimistic pruning",
    ),
    "rbf": (
        _rbf,
        "RBFNetwork: RBFNetworkClassifier (2 k-means clusters per class, "
        "Gaussian widths >= 0.1, logistic regression with ridge 1e-8)",
    ),
    "weka_1nn": (
        _weka_one_nn,
        "IBk, k = 1, as Weka computes it: WekaIBkClassifier (Euclidean distance "
        "on values scaled by the training ranges widened by each test instance, "
        "nominal values differing by 0 or 1, every instance at the nearest "
        "distance votes, a tie goes to the first class)",
    ),
    "weka_svm": (
        _weka_svm,
        "SMO as Weka trains it: WekaSMOClassifier (NominalToBinary, every "
        "column scaled to [0, 1], linear kernel, C = 1, Weka's BinarySMO "
        "optimiser step for step on the data shuffled by java.util.Random(1); "
        "needs numba)",
    ),
    "weka_mlp": (
        _weka_mlp,
        "MultilayerPerceptron as Weka trains it: WekaMLPClassifier (inputs "
        "scaled to [-1, 1], (attributes + classes) / 2 sigmoid hidden units, "
        "one sigmoid output per class, 500 epochs of online back-propagation "
        "with learning rate 0.3 and momentum 0.2 in an order shuffled once, "
        "weights U(-0.05, 0.05) from java.util.Random; needs numba)",
    ),
    "weka_nb": (
        _weka_nb,
        "NaiveBayes as Weka computes it: WekaNaiveBayesClassifier (per class a "
        "normal distribution for each numeric attribute, values rounded to the "
        "mean gap between adjacent distinct training values and sd at least a "
        "sixth of it; Laplace counts for nominal values and the class prior; "
        "missing values skipped)",
    ),
    "weka_j48": (
        _weka_j48,
        "J48 (C4.5 release 8) as Weka builds it: WekaJ48Classifier (gain ratio "
        "among the attributes of at least average gain, MDL-corrected binary "
        "cuts of numeric attributes at a training value, one branch per nominal "
        "value, at least 2 instances in two branches, collapsing, error-based "
        "pruning at CF = 0.25 with subtree raising, fractional instances for "
        "missing values)",
    ),
    "weka_rbf": (
        _weka_rbf,
        "RBFNetwork as Weka builds it: WekaRBFNetworkClassifier (attributes "
        "standardised; per class, Weka's SimpleKMeans with 2 clusters seeded by "
        "java.util.Random(1) on range-normalised distances; a normal density "
        "per cluster and attribute, standard deviation at least 0.1; the "
        "clusters' posterior memberships into Weka's Logistic, ridge 1e-8, "
        "fitted by Weka's BFGS until it converges)",
    ),
}


def _none(random_state):
    return None


def _smote(random_state):
    return SMOTE(k_neighbors=5, random_state=random_state)


def _undersample(random_state):
    return RandomUnderSampler(random_state=random_state)


def _weka_smote(random_state):
    return WekaSMOTE(k_neighbors=5, random_state=_weka_seed(random_state))


#: name -> (factory of random_state, what it does).
SAMPLERS = {
    "none": (_none, "the original training folds"),
    "smote": (
        _smote,
        "SMOTE, k = 5, minority class synthesised up to 1:1 (on the scaled, "
        "one-hot-encoded features; before a weka_ classifier, on the raw values, "
        "as SMOTENC where there are nominal columns)",
    ),
    "undersample": (
        _undersample,
        "random under-sampling of the majority class to 1:1",
    ),
    "weka_smote": (
        _weka_smote,
        "Weka's SMOTE filter, k = 5, minority class synthesised up to 1:1: "
        "WekaSMOTE (neighbours among the minority instances on the raw values, "
        "nominal ones by the Value Difference Metric; a fresh gap per numeric "
        "attribute, nominal values by the neighbours' vote), before any scaling",
    ),
}


def _lookup(table, name, kind):
    if not isinstance(name, str) or name not in table:
        raise ValueError(
            f"The {kind!r} name must be one of {sorted(table)} (or an estimator "
            f"object). Got {name!r} instead."
        )
    return table[name][0]


def make_classifier(name, n_inputs, random_state=None):
    """A new classifier by name (see ``CLASSIFIERS``), for ``n_inputs`` features."""
    return _lookup(CLASSIFIERS, name, "classifier")(n_inputs, random_state)


def make_sampler(name, random_state=None):
    """A new resampler by name (see ``SAMPLERS``); ``None`` for ``"none"``."""
    return _lookup(SAMPLERS, name, "sampler")(random_state)
