"""Weka's ``MultilayerPerceptron`` with its defaults, compiled with numba.

The rules, each from ``weka/classifiers/functions/MultilayerPerceptron.java``
(Weka 3.6; the weights agree with the 3.6 jar's to ~1e-12, see
``tests/study/test_weka.py``) unless another file is named:

* ``buildClassifier``: ``java.util.Random(seed)`` (``-S``, default 0) first
  shuffles the training instances (``weka/core/Instances.java``
  ``randomize``), once; the same generator then draws every initial weight
  as ``nextDouble() * 0.1 - 0.05`` (``neural/NeuralNode.java``), in the
  order the network is wired: the output units' biases, the hidden units'
  biases, input by input the weights into the hidden units, hidden unit by
  hidden unit the weights into the outputs (``setupOutputs``,
  ``setupHiddenLayer``).
* Nominal attributes go through ``NominalToBinary`` (see
  :func:`~imbascore.study._weka.data.nominal_to_binary`); then
  ``setClassType`` scales every input to [-1, 1] with the training data's
  ``(max + min) / 2`` and ``(max - min) / 2`` (a constant column is only
  centred). Test inputs get the same scaling, unclipped.
* ``setupHiddenLayer``: one hidden layer of ``(attributes + classes) / 2``
  units (``-H a``, integer division, attributes counted after
  ``NominalToBinary``), and one sigmoid output unit per class.
* Training: ``-N 500`` epochs of online back-propagation through the
  instances in the shuffled order, learning rate ``-L 0.3``, momentum
  ``-M 0.2``, no decay, no validation set (see
  :mod:`~imbascore.study._weka.mlp_numba` for the arithmetic). If the error
  becomes NaN or infinite, Weka starts again with half the learning rate.
* ``distributionForInstance``: the outputs normalised to sum to 1 (all
  zero: ZeroR's class frequencies, Laplace-corrected).
"""

from numbers import Integral

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin

from .data import (
    check_param,
    keep_params,
    nominal_to_binary,
    numba_kernels,
    start_fit,
    start_predict,
)
from .random import JavaRandom, java_seed

__all__ = ["WekaMLPClassifier"]

_NUMBA_MISSING = (
    "WekaMLPClassifier trains with numba, which is not installed: "
    'pip install "imbascore[weka]"'
)


def _kernels():
    return numba_kernels("mlp_numba", _NUMBA_MISSING)


def _hidden_units(spec, n_attributes, n_classes):
    # MultilayerPerceptron.setupHiddenLayer: the wildcards of -H.
    wildcards = {
        "a": (n_attributes + n_classes) // 2,
        "i": n_attributes,
        "o": n_classes,
        "t": n_attributes + n_classes,
    }
    if isinstance(spec, str) and spec in wildcards:
        return max(1, wildcards[spec])
    if isinstance(spec, (int, np.integer)) and not isinstance(spec, bool) and spec > 0:
        return int(spec)
    raise ValueError(
        "The 'hidden_units' parameter of WekaMLPClassifier must be a positive int "
        f"or one of 'a', 'i', 'o', 't' (as Weka's -H). Got {spec!r} instead."
    )


class WekaMLPClassifier(ClassifierMixin, BaseEstimator):
    """A one-hidden-layer perceptron trained exactly as Weka's ``MultilayerPerceptron``.

    Takes the raw features (nominal columns as integer codes): the
    ``NominalToBinary`` conversion and the scaling to [-1, 1] are part of
    Weka's classifier. Needs numba (``pip install "imbascore[weka]"``).

    Parameters
    ----------
    hidden_units : int or {"a", "i", "o", "t"}, default="a"
        Weka's ``-H`` for one layer: ``"a"`` = (attributes + classes) / 2,
        ``"i"`` attributes, ``"o"`` classes, ``"t"`` both.

    learning_rate : float, default=0.3
        Weka's ``-L``.

    momentum : float, default=0.2
        Weka's ``-M``.

    n_epochs : int, default=500
        Weka's ``-N`` (training time): passes through the training data.

    random_state : int, RandomState instance or None, default=0
        Weka's ``-S``: the seed of the ``java.util.Random`` that shuffles the
        training data and draws the initial weights. An int gives exactly
        Weka's draws (and Weka's numbers); None or a ``RandomState`` draws
        the seed from numpy.

    categorical_features : array-like of int or bool, default=None
        Positions (or a boolean mask) of the nominal columns (integer codes).

    n_categories : array-like of int, default=None
        Values of each nominal column (Weka's ARFF header): a nominal column
        of two values becomes one input, one of k > 2 values k inputs. None:
        one more than the largest code seen in ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    hidden_weights_ : ndarray of shape (1 + n_inputs, n_hidden)
        Bias (row 0) and input weights of each hidden unit.
    output_weights_ : ndarray of shape (1 + n_hidden, n_classes)
        Bias (row 0) and weights of each output unit.
    learning_rate_ : float
        The rate training finished with (halved after a divergence, as Weka).
    n_features_in_ : int

    Examples
    --------
    >>> from imbascore.study import WekaMLPClassifier
    >>> X = [[0.0, 0], [0.2, 0], [0.9, 1], [1.0, 1]]
    >>> mlp = WekaMLPClassifier(categorical_features=[1]).fit(X, [0, 0, 1, 1])
    >>> mlp.predict([[0.1, 0], [0.95, 1]])  # doctest: +SKIP
    array([0, 1])
    """

    def __init__(
        self,
        hidden_units="a",
        *,
        learning_rate=0.3,
        momentum=0.2,
        n_epochs=500,
        random_state=0,
        categorical_features=None,
        n_categories=None,
    ):
        keep_params(self, locals())

    def _check_params(self):
        check_param(
            self, "learning_rate", "a float in the range (0, 1]", lambda v: 0 < v <= 1
        )
        check_param(
            self, "momentum", "a float in the range [0, 1]", lambda v: 0 <= v <= 1
        )
        check_param(self, "n_epochs", "a positive int", kind=Integral)

    def _inputs(self, X):
        """NominalToBinary, then MultilayerPerceptron.setClassType's scaling."""
        X = nominal_to_binary(X, self.nominal_, self.n_values_)
        return (X - self._base) / self._range

    def fit(self, X, y):
        """Train the network; return self."""
        kernels = _kernels()
        X, codes = start_fit(self, X, y)
        n_classes = len(self.classes_)
        self._prior = (np.bincount(codes, minlength=n_classes) + 1.0) / (
            len(codes) + n_classes
        )
        binary = nominal_to_binary(X, self.nominal_, self.n_values_)
        n_attributes = binary.shape[1]
        n_hidden = _hidden_units(self.hidden_units, n_attributes, n_classes)
        # setClassType: centre (max + min) / 2, half-range (max - min) / 2.
        low, high = binary.min(axis=0), binary.max(axis=0)
        self._base = (high + low) / 2
        half = (high - low) / 2
        self._range = np.where(half != 0, half, 1.0)

        seed = java_seed(self.random_state)
        rate = float(self.learning_rate)
        while True:
            rand = JavaRandom(seed)
            order = rand.randomize(len(X))
            draw = rand.next_doubles
            output = np.empty((1 + n_hidden, n_classes))
            hidden = np.empty((1 + n_attributes, n_hidden))
            output[0] = draw(n_classes) * 0.1 - 0.05
            hidden[0] = draw(n_hidden) * 0.1 - 0.05
            hidden[1:] = (draw(n_attributes * n_hidden) * 0.1 - 0.05).reshape(
                n_attributes, n_hidden
            )
            output[1:] = (draw(n_hidden * n_classes) * 0.1 - 0.05).reshape(
                n_hidden, n_classes
            )
            inputs = np.ascontiguousarray(self._inputs(X)[order])
            converged = kernels.train(
                inputs,
                codes[order].astype(np.int64),
                hidden,
                output,
                int(self.n_epochs),
                rate,
                float(self.momentum),
            )
            if converged:
                break
            # "Network cannot train": Weka's reset halves the rate and rebuilds.
            if rate <= 1e-6:
                raise ValueError(
                    "WekaMLPClassifier could not train: the error diverged down "
                    f"to a learning rate of {rate} (Weka: 'Learning rate got too "
                    "small')."
                )
            rate /= 2
        self.learning_rate_ = rate
        self.hidden_weights_, self.output_weights_ = hidden, output
        return self

    def predict_proba(self, X):
        """The output units normalised to sum to 1, as Weka's distribution."""
        X = start_predict(self, X)
        proba = _kernels().predict_proba(
            np.ascontiguousarray(self._inputs(X)),
            self.hidden_weights_,
            self.output_weights_,
        )
        undefined = np.isnan(proba).any(axis=1)
        proba[undefined] = self._prior
        return proba

    def predict(self, X):
        """The class of largest probability (the first on a tie, as Weka)."""
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]
