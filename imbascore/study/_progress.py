"""The study's time left: each fold's expected cost, not the folds' count.

The folds of a study differ in cost by a factor of a thousand (a Weka MLP
fold on Satimage against a 1-NN fold on Glass) and come in blocks of a cell,
so an estimate from the rate of folds so far (tqdm's own) swings from
minutes to an hour within one run: issue 42 saw 1:05:11 during Phoneme's
MLP cells of a seven-minute study. Here each fold has an expected cost, the
work its fit and prediction do in units of about one second of one core
(from the fit and predict times of the default study, ``folds.csv``), and the
time left is the cost left times the seconds per unit of cost observed so
far. Compiling the Weka estimators (numba, on a worker's first fit) and the
machine's speed fall into that observed rate.
"""

__all__ = ["TimeLeft", "fold_cost"]

#: Samplers whose training set is the original one balanced to 1:1 by
#: adding synthetic positives, and by dropping negatives.
_OVERSAMPLERS = ("smote", "weka_smote")
_UNDERSAMPLERS = ("undersample",)


def _mlp(n, d, n_test):
    # Per-instance back-propagation, 500 epochs (Weka's defaults): per
    # instance a fixed cost and one growing with the attributes. Measured
    # per fold: Phoneme (d = 5, 4,864 instances) 5.1 s, Satimage (d = 36,
    # 5,792) 10.4 s, German (d = 20, 900) 2.2 s.
    return n * (9e-4 + 2.5e-5 * d)


def _nearest_neighbour(n, d, n_test):
    # Every test instance against every training one. Measured per fold:
    # Phoneme 0.35 s, Satimage 1.1 s.
    return n * n_test * (1.06e-7 + 5.4e-9 * d)


def _other(n, d, n_test):
    # SMO with a linear kernel, naive Bayes, trees, RBF networks: cheap,
    # about linear in the training data (Weka SMO: German 0.14 s, Phoneme
    # 0.13 s per fold).
    return 1e-5 * n * d


_CLASSIFIER_COSTS = {
    "weka_mlp": _mlp,
    "mlp": _mlp,
    "weka_1nn": _nearest_neighbour,
    "1nn": _nearest_neighbour,
}


def fold_cost(classifier, sampler, *, n_train, n_positive, n_test, n_inputs):
    """Expected cost of one fold, in about seconds of one core.

    Parameters
    ----------
    classifier, sampler : str or object
        The cell's names (``CLASSIFIERS``, ``SAMPLERS``); an object or an
        unknown name costs as a cheap classifier, or a sampler that keeps
        the training set's size.

    n_train, n_positive, n_test : int
        The training fold's size and positives, the test fold's size.

    n_inputs : int
        The features the classifier sees.

    Returns
    -------
    cost : float
        Positive; only ratios between folds matter (see :class:`TimeLeft`).
    """
    n, d = n_train, max(n_inputs, 1)
    minority = min(n_positive, n_train - n_positive)
    majority = n_train - minority
    cost = 0.01  # building the pipeline, predicting, counting
    if isinstance(sampler, str) and sampler in _OVERSAMPLERS:
        synthetic = majority - minority
        n = 2 * majority
        cost += synthetic * (2e-4 + 1e-7 * minority * d)  # each a k-NN search
    elif isinstance(sampler, str) and sampler in _UNDERSAMPLERS:
        n = 2 * minority
    model = (
        _CLASSIFIER_COSTS.get(classifier, _other)
        if isinstance(classifier, str)
        else _other
    )
    return cost + model(n, d, n_test)


#: No estimate before this share of the expected cost is done: the first
#: folds carry the compiling, and an estimate from them alone read
#: "406:05:49 left" after one fold and "42:46:08" after 45 on a 7-minute run.
#: On the default study's measured times 1% is done at 4% of the time.
FIRST_SHARE = 0.01


class TimeLeft:
    """Seconds left: the expected cost left times the seconds per unit of
    cost observed over the latter half of the cost done so far.

    The latter half, not all of it: the first folds carry one-off costs
    (numba compiling each Weka estimator on each worker, a minute on two
    cores, against folds of milliseconds), which the estimate forgets as the
    run goes on; half, not less, so that it stays steady.

    Parameters
    ----------
    costs : iterable of float
        Every fold's expected cost (:func:`fold_cost`), done or not.

    Examples
    --------
    >>> left = TimeLeft([1.0, 1.0, 1.0, 1.0, 8.0])
    >>> left.seconds(elapsed=0.0) is None  # nothing observed yet
    True
    >>> left.advance(1.0, elapsed=10.0)  # compiling
    >>> left.advance(1.0, elapsed=11.0)
    >>> left.advance(1.0, elapsed=12.0)
    >>> left.advance(1.0, elapsed=13.0)
    >>> left.seconds(elapsed=13.0)  # 1 s per unit over the last 2, 8 left
    8.0
    """

    def __init__(self, costs):
        self.total = float(sum(costs))
        self._done = [0.0]  # cumulative cost
        self._at = [0.0]  # ... reached at these seconds

    def advance(self, cost, *, elapsed):
        """Count a fold of expected cost ``cost`` finished at ``elapsed``."""
        self._done.append(self._done[-1] + cost)
        self._at.append(elapsed)

    def seconds(self, elapsed):
        """The time left at ``elapsed`` seconds, or None before a share
        :data:`FIRST_SHARE` of the expected cost is done."""
        import numpy as np

        done = self._done[-1]
        if done <= 0 or done < FIRST_SHARE * self.total:
            return None
        half = float(np.interp(done / 2, self._done, self._at))
        rate = (elapsed - half) / (done / 2)
        return max(self.total - done, 0.0) * max(rate, 0.0)
