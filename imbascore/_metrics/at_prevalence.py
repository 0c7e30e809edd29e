"""Metrics at the class ratio where the model will run, and which metrics care.

A test set rarely has the class ratio of deployment: it was sampled,
balanced, or collected elsewhere. The classifier's rates (each true class's
row of the confusion matrix) carry over; metrics that mix the rows —
precision, F1, accuracy, MCC, NPV, markedness, mutual information — do not
(Straube & Krell 2014). :func:`score_at_prevalence` reads a metric off the
counts with every row rescaled to the deployment's ratio
(:meth:`ConfusionCounts.at_prevalence <imbascore.ConfusionCounts.at_prevalence>`);
:func:`class_ratio_dependence` says, by computing it, which metrics change.
"""

from __future__ import annotations

import numbers
import warnings
from collections.abc import Mapping, Sequence, Set
from typing import Any

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._calibration.evaluate import CALIBRATION_METRIC_NAMES, calibration_score
from .._core.checks import did_you_mean, is_real, param_error
from .._core.counts import Counts, count
from .._core.types import ArrayLike, FloatArray, RandomState
from .._ranking.evaluate import SCORE_METRIC_NAMES, ranking_score
from .named_scores import check_metric_name, score_of_table
from .per_class import METRICS
from .sklearn_from_counts import SKLEARN_FROM_COUNTS

__all__ = [
    "ratio_metrics",
    "class_ratio_dependence",
    "prevalence_label",
    "score_at_prevalence",
]


#: The metrics :func:`class_ratio_dependence` classifies: the package's
#: binary metrics, its ranking metrics and scikit-learn's names that are
#: functions of the matrix (not the ``_samples`` averages, which are of
#: multilabel targets only).
def ratio_metrics():
    """The names :func:`class_ratio_dependence` and :func:`score_at_prevalence`
    take (a metric defined with ``define_metric`` among them), sorted."""
    return tuple(
        sorted(
            set(METRICS)
            | set(SCORE_METRIC_NAMES)
            | set(CALIBRATION_METRIC_NAMES)
            | {name for name in SKLEARN_FROM_COUNTS if not name.endswith("_samples")}
        )
    )


def prevalence_label(metric_params):
    """The class a float prevalence is the fraction of: the metric's
    ``pos_label``, or 1 where it has none (averages over classes)."""
    pos_label = metric_params.get("pos_label", 1)
    return 1 if pos_label is None else pos_label


def score_at_prevalence(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    metric: str,
    prevalence: float | Sequence[float] | Mapping[Any, float],
    sample_weight: ArrayLike | None = None,
    **metric_params: Any,
) -> float | FloatArray:
    """A metric's value at another class ratio than the data's.

    The counts of ``y_true`` against ``y_pred`` are rescaled so that each
    true class makes its share ``prevalence`` of the total while its row
    keeps its proportions (:meth:`ConfusionCounts.at_prevalence
    <imbascore.ConfusionCounts.at_prevalence>`), and ``metric`` is read off
    them: what data at the deployment's ratio would give in expectation,
    from predictions whose rates are those measured. The scorers built with
    ``prevalence=`` (``get_scorer("f1", prevalence=0.01)``,
    ``iba_scorer(prevalence=0.01)``) call this function.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (not multilabel: each label of multilabel
        targets has its own class ratio). For a ranking metric, ``y_pred``
        is the scores of the positive class.

    metric : str
        A name :meth:`ConfusionCounts.score <imbascore.ConfusionCounts.score>`
        takes: the package's metrics (``"iba"``, ``"gmean"``, ``"npv"``, ...)
        and scikit-learn's names that are functions of the confusion matrix
        (``"f1"``, ``"precision"``, ``"accuracy"``, ``"matthews_corrcoef"``,
        their ``_macro``, ``_micro``, ``_weighted`` variants, ...); or a
        ranking metric (``"average_precision"``, ``"auprg"``, and the
        ratio-free ``"roc_auc"`` and ``"partial_auc"``): each class's
        cumulated weight along the sorted scores is rescaled to its share,
        the ROC curve kept, and the metric read off the rescaled curve
        (equal to the metric of the data reweighted to that ratio).

    prevalence : float, sequence of float or dict
        The deployment's class ratio. A float in (0, 1): the fraction of the
        positive class, ``metric_params["pos_label"]`` (1 if not given or
        None), for data of two classes. Otherwise one prior per label of the
        data, summing to 1: a sequence in sorted label order, or a dict
        ``{label: prior}``. Required, for every kind of metric: None is
        refused (a ``TypeError``), not read as the data's own ratio (the
        metric's own function gives that value).

    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    **metric_params : dict
        The metric's options (``pos_label``, ``average``, ``labels``,
        ``alpha``, ``zero_division``, ...), as for its function.

    Returns
    -------
    score : float or ndarray
        The metric at ``prevalence``. For a metric that does not depend on
        the class ratio (see :func:`class_ratio_dependence`: balanced
        accuracy, G-mean, IBA, d', informedness, ... for two classes), the
        value at the data's own ratio, up to rounding in the last digits.

    Examples
    --------
    >>> from imbascore import score_at_prevalence
    >>> y_true = [0] * 80 + [1] * 20
    >>> y_pred = [0] * 72 + [1] * 8 + [1] * 16 + [0] * 4
    >>> round(score_at_prevalence(y_true, y_pred, metric="f1", prevalence=0.2), 4)
    0.7273
    >>> round(score_at_prevalence(y_true, y_pred, metric="f1", prevalence=0.01), 4)
    0.1368
    >>> round(score_at_prevalence(y_true, y_pred, metric="iba", prevalence=0.01), 4)
    0.7128
    """
    func = "score_at_prevalence"
    check_metric_name(metric, func)
    if prevalence is None:  # the data's own ratio is the metric's function
        raise TypeError(
            param_error(
                func,
                "prevalence",
                "a float in (0, 1) or one prior per label (there is no default)",
                prevalence,
                f"For the value at the data's own ratio, call the metric "
                f"itself (its function, or ConfusionCounts.score({metric!r})).",
            )
        )
    if metric in CALIBRATION_METRIC_NAMES:
        return calibration_score(
            y_true,
            y_pred,
            metric,
            metric_params,
            func,
            sample_weight=sample_weight,
            prevalence=prevalence,
        )
    if metric in SCORE_METRIC_NAMES:
        return ranking_score(
            y_true,
            y_pred,
            metric,
            metric_params,
            func,
            sample_weight=sample_weight,
            prevalence=prevalence,
            name="y_pred",
        )
    counts = count(y_true, y_pred, sample_weight, func, kind=Counts)
    return score_of_counts_at_prevalence(counts, metric, prevalence, metric_params)


def score_of_counts_at_prevalence(counts, metric, prevalence, metric_params):
    """:func:`score_at_prevalence` of counted data."""
    func = "score_at_prevalence"
    rescaled = counts.rescaled(prevalence, prevalence_label(metric_params), func)
    return score_of_table(rescaled.table, metric, metric_params, func)


#: Random two-class tables and the ratios they are rescaled to.
_N_TABLES = 24
_PREVALENCES = (0.01, 0.1, 0.37, 0.5, 0.8)


def _random_tables(random_state):
    """Two-class count tables with every cell filled (no metric undefined)."""
    rng = np.random.default_rng(random_state)
    return rng.integers(1, 200, size=(_N_TABLES, 2, 2))


def class_ratio_dependence(
    metrics: Sequence[str] | None = None,
    *,
    random_state: RandomState = 0,
    rtol: float = 1e-9,
) -> dict[str, bool]:
    """Which metrics change with the class ratio of two-class test data.

    Computed, not asserted: each metric is scored on random two-class
    confusion matrices (every cell filled) and on the same matrices with
    their rows rescaled to other class ratios, the rates unchanged
    (:meth:`ConfusionCounts.at_prevalence
    <imbascore.ConfusionCounts.at_prevalence>`); a ranking metric, on random
    scores of two classes (with ties) and the same scores with each class
    reweighted to other ratios (partial AUC over both of its regions). A
    metric whose value moves by more than ``rtol`` (relative) on some input
    depends on the class ratio; one that never moves does not. This is the
    classification of Straube & Krell (2014), Table 1, read off the code.

    Parameters
    ----------
    metrics : list of str, default=None
        Names :meth:`ConfusionCounts.score
        <imbascore.ConfusionCounts.score>` takes; by default every metric of
        the package and scikit-learn's names of the confusion matrix
        (``ratio_metrics()``), scored with their defaults (binary, positive
        class 1).

    random_state : int, default=0
        Seeds the random matrices (the result does not depend on it for any
        metric of the package).

    rtol : float, default=1e-9
        Relative change above which a metric counts as dependent (rounding
        of the rescaled counts moves every value by about 1e-16).

    Returns
    -------
    dependence : dict of str to bool
        ``{metric: True}`` for metrics that depend on the class ratio.

    Examples
    --------
    >>> from imbascore import class_ratio_dependence
    >>> class_ratio_dependence(["iba", "gmean", "f1", "accuracy", "npv"])
    {'iba': False, 'gmean': False, 'f1': True, 'accuracy': True, 'npv': True}
    """
    names = _checked_metrics(metrics)
    random_state = _checked_seed(random_state)
    if isinstance(rtol, bool) or not is_real(rtol) or not 0 <= rtol < np.inf:
        raise ValueError(param_error(_RATIO_FUNC, "rtol", "a finite float >= 0", rtol))
    tables = [Counts.from_matrix(table) for table in _random_tables(random_state)]
    dependence = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        for name in names:
            if name in SCORE_METRIC_NAMES:
                dependence[name] = _ranking_moves(name, rtol, random_state)
            elif name in CALIBRATION_METRIC_NAMES:
                dependence[name] = _calibration_moves(name, rtol, random_state)
            else:
                dependence[name] = any(_moves(counts, name, rtol) for counts in tables)
    return dependence


_RATIO_FUNC = "class_ratio_dependence"


def _checked_metrics(metrics):
    """:func:`class_ratio_dependence`'s ``metrics``: None (every one of
    ``ratio_metrics()``) or a sequence of their names, not one bare name."""
    known = ratio_metrics()
    if metrics is None:
        return known
    rule = f"None or a list of metric names of {known}"
    if isinstance(metrics, str) or not isinstance(metrics, Sequence | Set | np.ndarray):
        raise TypeError(
            param_error(
                _RATIO_FUNC,
                "metrics",
                "None or a list of metric names",
                metrics,
                f"For one metric, pass [{metrics!r}]."
                if isinstance(metrics, str)
                else "",
            )
        )
    names = list(metrics)
    if not names:
        raise ValueError(
            param_error(
                _RATIO_FUNC,
                "metrics",
                "None or a non-empty list of metric names",
                names,
            )
        )
    for name in names:
        if not isinstance(name, str) or name not in known:
            hint = did_you_mean(name, known) if isinstance(name, str) else ""
            raise ValueError(param_error(_RATIO_FUNC, "metrics", rule, names, hint))
    return names


def _checked_seed(random_state):
    """The seed of the random tables: None, an int >= 0, a numpy Generator,
    or (as scikit-learn takes it) a RandomState, which gives an int."""
    if random_state is None or isinstance(random_state, np.random.Generator):
        return random_state
    if isinstance(random_state, np.random.RandomState):
        return int(random_state.randint(2**31 - 1))
    if isinstance(random_state, numbers.Integral) and not isinstance(
        random_state, bool
    ):
        if random_state >= 0:
            return int(random_state)
    raise ValueError(
        param_error(
            _RATIO_FUNC,
            "random_state",
            "an int >= 0, a numpy Generator or RandomState, or None",
            random_state,
        )
    )


#: The parameters a ranking metric is probed with (partial AUC needs a limit:
#: both of its regions are probed).
_PROBES = {"partial_auc": ({"max_fpr": 0.3}, {"min_tpr": 0.7})}


def _ranking_moves(name, rtol, random_state):
    """Whether ranking metric ``name`` moves when random scored samples (two
    classes, tied scores) are rescaled to other class ratios."""
    func = "class_ratio_dependence"
    rng = np.random.default_rng(random_state)
    for _ in range(_N_TABLES):
        positive = rng.permutation(np.arange(60) < rng.integers(5, 55))
        scores = np.round(rng.normal(positive * rng.uniform(0, 2), 1.0), 1)
        for params in _PROBES.get(name, ({},)):
            value = ranking_score(positive, scores, name, params, func)
            for prevalence in _PREVALENCES:
                moved = ranking_score(
                    positive, scores, name, params, func, prevalence=prevalence
                )
                if not np.isclose(moved, value, rtol=rtol, atol=rtol):
                    return True
    return False


def _calibration_moves(name, rtol, random_state):
    """Whether calibration metric ``name`` moves when random probabilities
    of two classes are rescaled to other class ratios."""
    func = "class_ratio_dependence"
    rng = np.random.default_rng(random_state)
    for _ in range(_N_TABLES):
        positive = rng.permutation(np.arange(60) < rng.integers(5, 55))
        proba = np.round(rng.uniform(size=60), 1)
        value = calibration_score(positive, proba, name, {}, func)
        for prevalence in _PREVALENCES:
            moved = calibration_score(
                positive, proba, name, {}, func, prevalence=prevalence
            )
            if not np.isclose(moved, value, rtol=rtol, atol=rtol):
                return True
    return False


def _moves(counts, name, rtol):
    func = "class_ratio_dependence"
    value = score_of_table(counts.table, name, {}, func)
    for prevalence in _PREVALENCES:
        moved = score_of_table(counts.at_prevalence(prevalence).table, name, {}, func)
        if not np.isclose(moved, value, rtol=rtol, atol=rtol):
            return True
    return False
