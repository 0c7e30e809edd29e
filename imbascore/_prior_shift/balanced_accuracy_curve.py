"""The balanced accuracy curve of Weiss, Młyński & Artiemjew.

How well does a classifier cope with the class balance of its training data?
Hold out a stratified test part (30%), then, from the rest, build training
sets whose positive share runs over ``ratios`` (10%, 20%, ..., 90%), all of
the same size; fit on each and score balanced accuracy on the held-out part;
repeat. The curve is the mean balanced accuracy per ratio, and its area
(trapezoidal, normalised by the span of the ratios to [0, 1]) sums the
classifier's stability across training balances in one number.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

import joblib
import numpy as np
from sklearn.base import clone
from sklearn.model_selection import train_test_split
from sklearn.utils import Bunch

from .._core.checks import (
    check_pos_label,
    param_error,
    unknown_pos_label,
)
from .._core.engine.select import index_of
from .._core.types import ArrayLike, PosLabel, RandomState
from .._metrics.definitions import balanced_accuracy_score
from .estimation import check_classifier, check_labels_of

__all__ = ["balanced_accuracy_curve"]

_FUNC = "balanced_accuracy_curve"


def _check_ratios(ratios):
    def refused(rule, got):
        return param_error(_FUNC, "ratios", f"a list of {rule}", got)

    try:
        values = np.asarray(ratios, dtype=float) if ratios is not None else None
    except (TypeError, ValueError):
        raise TypeError(refused("at least two shares", ratios)) from None
    if values is None or values.ndim != 1 or len(values) < 2:
        raise ValueError(refused("at least two shares", ratios))
    if not np.all((values > 0) & (values < 1)):
        raise ValueError(refused("shares strictly between 0 and 1", values.tolist()))
    if len(np.unique(values)) != len(values):
        raise ValueError(refused("distinct shares", values.tolist()))
    return np.sort(values)


def _check_int(value, name, rule, *, low=None):
    """Refuse ``value`` unless an int (not a bool) of at least ``low``, or
    None where ``rule`` allows it."""
    if value is None and rule.endswith("None"):
        return
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Integral)
        or (low is not None and value < low)
    ):
        raise ValueError(param_error(_FUNC, name, rule, value))


def _check_binary(X, y, pos_label):
    y = check_labels_of(X, y, _FUNC, "a 1-D array of two classes")
    classes = np.unique(y)
    if len(classes) != 2:
        raise ValueError(
            param_error(
                _FUNC,
                "y",
                "a two-class target",
                f"{len(classes)} class(es) {classes.tolist()[:10]}",
                "For multiclass data, score one class against the rest (y == label).",
            )
        )
    pos_label = check_pos_label(pos_label, _FUNC, required=True)
    if index_of(classes, pos_label) < 0:
        raise unknown_pos_label(_FUNC, classes, pos_label, where="of y")
    return y, np.asarray([value == pos_label for value in y.tolist()])


def _training_size(n_positive, n_negative, ratios):
    """The largest training size every ratio can be drawn at without replacement."""
    return int(min(n_positive / ratios.max(), n_negative / (1 - ratios.min())))


def normalized_area(ratios, mean):
    """The area under the mean curve (trapezoids) divided by the span of the
    ratios: in [0, 1]."""
    area = np.sum((mean[1:] + mean[:-1]) / 2 * np.diff(ratios))
    return float(area / (ratios[-1] - ratios[0]))


def _one_repeat(estimator, X, y, positive, ratios, test_size, seed, pos_label):
    rng = np.random.default_rng(seed)
    indices = np.arange(len(y))
    train, test = train_test_split(
        indices,
        test_size=test_size,
        stratify=positive,
        random_state=int(rng.integers(2**31 - 1)),
    )
    pool_positive, pool_negative = train[positive[train]], train[~positive[train]]
    size = _training_size(len(pool_positive), len(pool_negative), ratios)
    scores = []
    for ratio in ratios:
        n_positive = int(round(ratio * size))
        chosen = np.r_[
            rng.choice(pool_positive, n_positive, replace=False),
            rng.choice(pool_negative, size - n_positive, replace=False),
        ]
        model = clone(estimator).fit(_take(X, chosen), y[chosen])
        scores.append(
            balanced_accuracy_score(
                y[test], model.predict(_take(X, test)), pos_label=pos_label
            )
        )
    return scores, size


def _take(X, rows):
    return X.iloc[rows] if hasattr(X, "iloc") else X[rows]


def balanced_accuracy_curve(
    estimator: Any,
    X: ArrayLike,
    y: ArrayLike,
    *,
    ratios: Sequence[float] = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9),
    n_repeats: int = 100,
    test_size: float = 0.3,
    pos_label: PosLabel = 1,
    random_state: RandomState = None,
    n_jobs: int | None = None,
) -> Bunch:
    """Balanced accuracy across the class balance of the training set.

    Parameters
    ----------
    estimator : estimator object
        A classifier; cloned and fitted once per ratio and repeat.

    X : array-like or DataFrame of shape (n_samples, n_features)

    y : array-like of shape (n_samples,)
        Two classes.

    ratios : sequence of float, default=(0.1, ..., 0.9)
        Shares of the positive class in the training sets, in (0, 1).

    n_repeats : int, default=100
        Number of random test/train splits (the paper's hundred).

    test_size : float, default=0.3
        Share of the data held out (stratified) for testing in each repeat.

    pos_label : int, float, bool or str, default=1
        The positive class.

    random_state : int or None, default=None
        Seeds the splits and the draws of the training sets.

    n_jobs : int, default=None
        Repeats run in parallel through joblib.

    Returns
    -------
    curve : sklearn.utils.Bunch
        ``ratios`` (sorted), ``mean`` and ``std`` (balanced accuracy per
        ratio over the repeats), ``scores`` (n_repeats, n_ratios),
        ``train_size`` (per repeat, the same for every ratio of a repeat:
        the largest size at which every ratio can be drawn)
        and ``auc`` (the area under the mean curve divided by the span of
        the ratios, in [0, 1]).

    Raises
    ------
    ValueError
        For a target without exactly two classes, ratios outside (0, 1), or
        a class too small to build every ratio (fewer than 2 samples of a
        class in some training set).

    References
    ----------
    .. [1] Weiss, Młyński, Artiemjew. Balanced accuracy curve: a new way to
           evaluate classifiers on data with different balance degrees.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from imbascore import balanced_accuracy_curve
    >>> X, y = make_classification(n_samples=400, random_state=0)
    >>> curve = balanced_accuracy_curve(GaussianNB(), X, y, n_repeats=5,
    ...                                 random_state=0)
    >>> curve.ratios.tolist()
    [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> bool(0.5 < curve.auc <= 1.0)
    True
    """
    check_classifier(estimator, _FUNC)
    ratios = _check_ratios(ratios)
    _check_int(n_jobs, "n_jobs", "an int or None")
    _check_int(n_repeats, "n_repeats", "a positive int", low=1)
    if not isinstance(test_size, numbers.Real) or not 0 < test_size < 1:
        raise ValueError(
            param_error(_FUNC, "test_size", "a float in the range (0, 1)", test_size)
        )
    y, positive = _check_binary(X, y, pos_label)
    n_positive_pool = int(np.floor(positive.sum() * (1 - test_size)))
    n_negative_pool = int(np.floor((~positive).sum() * (1 - test_size)))
    size = _training_size(n_positive_pool, n_negative_pool, ratios)
    smallest = min(round(ratios.min() * size), size - round(ratios.max() * size))
    if smallest < 2:
        raise ValueError(
            f"The classes are too small for the ratios of {_FUNC}: after holding "
            f"out {test_size:.0%}, about {n_positive_pool} positive and "
            f"{n_negative_pool} negative samples remain, so training sets of "
            f"{size} samples at shares {ratios.min():g}..{ratios.max():g} would "
            f"hold {smallest} sample(s) of a class (at least 2 needed). Use "
            "narrower ratios or more data."
        )
    _check_int(random_state, "random_state", "an int >= 0 or None", low=0)
    seeds = np.random.SeedSequence(random_state).generate_state(n_repeats)
    repeats = joblib.Parallel(n_jobs=n_jobs)(
        joblib.delayed(_one_repeat)(
            estimator, X, y, positive, ratios, test_size, int(seed), pos_label
        )
        for seed in seeds
    )
    scores = np.asarray([repeat[0] for repeat in repeats], dtype=float)
    mean = scores.mean(axis=0)
    return Bunch(
        ratios=ratios,
        mean=mean,
        std=scores.std(axis=0),
        scores=scores,
        train_size=np.asarray([repeat[1] for repeat in repeats]),
        auc=normalized_area(ratios, mean),
    )
