"""Metrics for classifiers on imbalanced data, with scikit-learn's signature.

Every function validates and counts its inputs once (see
:class:`~imbascore.ConfusionCounts`), turns the counts into rates and
applies a formula of :mod:`imbascore._specs.formulas`. Names ending in ``_score``
are greater-is-better.
"""

from __future__ import annotations

import inspect
import sys
from typing import Literal

from .._calibration.scores import (
    brier_score_loss,
    calibration_decomposition,
    expected_calibration_error,
    log_loss,
    miscalibration_score,
)
from .._core.engine import count_table
from .._core.types import ArrayLike, Average, FloatArray, PosLabel, ZeroDivision
from .._ranking.areas import (
    auprg_score,
    average_precision_score,
    partial_auc_score,
    precision_recall_gain_curve,
    roc_auc_score,
)
from .._specs.catalogue import CATALOGUE
from .._specs.spec import implements
from .scoring import check_metric_options_once, score_table

__all__ = [
    "ad_area_score",
    "adjusted_geometric_mean_score",
    "class_balance_accuracy_score",
    "pabak_score",
    "sedi_score",
    "false_negative_rate_score",
    "false_positive_rate_score",
    "informedness_score",
    "markedness_score",
    "negative_likelihood_ratio_score",
    "negative_predictive_value_score",
    "positive_likelihood_ratio_score",
    "aucz_score",
    "balanced_accuracy_score",
    "dominance_score",
    "dprime_score",
    "geometric_mean_score",
    "iba_score",
    "index_balanced_accuracy_score",
    "normalized_mutual_information_score",
    "optimized_precision_score",
    "sensitivity_score",
    "specificity_score",
    "weighted_accuracy_score",
    # ranking metrics, defined in imbascore._ranking.areas
    "auprg_score",
    "average_precision_score",
    "partial_auc_score",
    "precision_recall_gain_curve",
    "roc_auc_score",
    # calibration metrics, defined in imbascore._calibration.scores
    "brier_score_loss",
    "calibration_decomposition",
    "expected_calibration_error",
    "log_loss",
    "miscalibration_score",
]

_TARGET_PARAMETERS = """\
    y_true : {array-like, sparse matrix} of shape (n_samples,) or (n_samples, n_labels)
        Ground truth class labels (numbers, strings or booleans), or a
        multilabel indicator (0/1 values, dense or scipy.sparse): see
        Notes.

    y_pred : {array-like, sparse matrix} of shape (n_samples,) or (n_samples, n_labels)
        Predicted class labels, as returned by ``estimator.predict``, of the
        same kind and shape as ``y_true``. Probabilities or decision scores
        are rejected."""

_OPTION_PARAMETERS = """\
    labels : array-like, default=None
        The labels to score when ``average != "binary"``, and their order if
        ``average=None``. Labels absent from the data have undefined values
        (see ``zero_division``). By default, every label present in
        ``y_true`` or ``y_pred``, sorted. Ignored when ``average="binary"``.
        Each label keeps its type: ``"1"`` does not match the class ``1``.
        For multilabel targets, column indices in ``[0, n_labels)``.

    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``. If the data hold two
        classes, it must be one of them; if they hold one other class only,
        every sample is negative. numpy scalars (``clf.classes_[1]``) work.

    average : {AVERAGES}, default="binary"
        ``"binary"``: the value for ``pos_label`` (two-class data only).
        ``None``: one value per label, each label against all others
        (one-vs-rest). ``"micro"``: the value of the summed one-vs-rest
        counts of those labels (as if each label's binary problem were
        stacked into one). ``"macro"``: the mean of the values.
        ``"weighted"``: their mean weighted by each label's support (its
        weight in ``y_true``). ``"samples"`` (multilabel targets only): the
        mean over samples of the metric of each sample's own 2x2 table of
        labels (see Notes).{MULTICLASS}

        Multilabel-indicator targets have one 2x2 table per label (column),
        and take ``average`` in {"micro", "macro", "weighted", "samples",
        None}: ``"binary"`` and ``"multiclass"`` are refused.

    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative real sample weights. They enter the confusion counts, so
        a weight of 2 equals repeating the sample (except in the extreme-rate
        correction of d' and AUCz), scaling every weight changes nothing and
        a weight of 0 equals removing the sample. For multilabel targets,
        a sample's weight enters the table of each of its labels.

    zero_division : {"warn", 0.0, 1.0, np.nan}, default="warn"
        Value of the metric for a label whose required rate is undefined
        (its denominator is zero, e.g. no samples of the class in
        ``y_true``). ``"warn"`` acts as 0.0 and raises an
        :class:`~sklearn.exceptions.UndefinedMetricWarning`. With ``np.nan``
        the label is left out of the ``"macro"``/``"weighted"`` average."""

_AVERAGES = '{"binary", "micro", "macro", "weighted", "samples"} or None'
_AVERAGES_MULTICLASS = (
    '{"binary", "micro", "macro", "weighted", "samples", "multiclass"} or None'
)


_MULTILABEL_NOTES = """\
    Multilabel-indicator targets (2-D 0/1 arrays or scipy.sparse matrices,
    as :func:`sklearn.metrics.recall_score` takes them) are counted as one
    2x2 table per label, that label against its absence, so each label's
    value is the binary metric of its column, ``"micro"`` is the metric of
    the summed tables and ``"macro"``/``"weighted"`` average the labels'
    values. ``average="samples"`` scores each sample's own 2x2 table over
    the labels, then averages over samples (weighted by ``sample_weight``):
    its TPR is the share of the sample's true labels that are predicted (as
    scikit-learn's sample-wise recall), its TNR the share of its other labels
    that are not. A sample with no true label has no TPR, one whose every
    label is true has no TNR; metrics that need the missing rate take
    ``zero_division`` for that sample (``np.nan`` leaves it out of the mean).
    Sparse input is counted from its stored entries, without a dense copy.

"""


def _document(multiclass="", **inserts):
    """Insert the parameters every metric shares into a docstring, and each
    of ``inserts`` at its ``{name}`` line (a parameter, the references)."""

    def decorate(function):
        shared = _OPTION_PARAMETERS.replace(
            "{AVERAGES}", _AVERAGES_MULTICLASS if multiclass else _AVERAGES
        ).replace(
            "{MULTICLASS}",
            f'\n        ``"multiclass"``: {multiclass}' if multiclass else "",
        )
        function.__doc__ = (
            function.__doc__.replace(
                "    {common}", f"{_TARGET_PARAMETERS}\n\n{shared}"
            )
            .replace("    {targets}", _TARGET_PARAMETERS)
            .replace("    {options}", shared)
        )
        for name, text in inserts.items():
            function.__doc__ = function.__doc__.replace(f"    {{{name}}}", text)
        average = inspect.signature(function).parameters["average"].default
        function.__doc__ = function.__doc__.replace(
            'or None, default="binary"', f"or None, default={average!r}"
        )
        # The multilabel semantics, as the last paragraphs of the Notes.
        if "\n    References\n" in function.__doc__:
            function.__doc__ = function.__doc__.replace(
                "\n    References\n", f"\n{_MULTILABEL_NOTES}    References\n", 1
            )
        return function

    return decorate


def _score(name, y_true, y_pred, *, sample_weight, **options):
    """Check the options, count once, evaluate metric ``name`` and average it:
    the body of every public metric of labels (``_score(name, **locals())``),
    whose errors and warnings name the function called (the caller's frame:
    no name is written twice, no wrapper's frame is on the hot path)."""
    caller = sys._getframe(1).f_code.co_name
    return score_labels(name, caller, y_true, y_pred, sample_weight, options)


def score_labels(name, func, y_true, y_pred, sample_weight, options, stacklevel=4):
    """:func:`_score` for a caller named ``func``: ``options`` are the
    metric's (labels, pos_label, average, zero_division and its own);
    ``stacklevel`` counts the frames from here to the user's line, plus one."""
    options = check_metric_options_once(name, func, **options)
    # Multilabel samples-averaging runs over the chosen columns only.
    columns = options.labels if options.average == "samples" else None
    table = count_table(y_true, y_pred, sample_weight, func, columns=columns)
    return score_table(options, table, stacklevel=stacklevel)


@_document()
def sensitivity_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Sensitivity (true positive rate, recall): ``TP / (TP + FN)``.

    The share of the positive class that is found. Best value 1, worst 0.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)
        A float, or one value per label when ``average=None``.

    See Also
    --------
    specificity_score : The same rate for the negative class.
    sklearn.metrics.recall_score : The same number.

    Notes
    -----
    .. math:: \\mathrm{TPR} = \\frac{TP}{TP + FN}

    References
    ----------
    .. [1] García, V., Mollineda, R. A., Sánchez, J. S. (2009). Index of
           balanced accuracy: a performance measure for skewed class
           distributions. IbPRIA 2009, LNCS 5524, 441-448.

    Examples
    --------
    >>> from imbascore.metrics import sensitivity_score
    >>> sensitivity_score([0, 1, 1, 1, 0], [0, 1, 0, 1, 1])
    0.666...
    """
    return _score("sensitivity", **locals())


@_document()
def specificity_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Specificity (true negative rate): ``TN / (TN + FP)``.

    The share of the negative class that is recognised. Best value 1, worst 0.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    sensitivity_score : The same rate for the positive class.

    Notes
    -----
    .. math:: \\mathrm{TNR} = \\frac{TN}{TN + FP}

    Unlike ``imblearn.metrics.specificity_score`` (imbalanced-learn issue
    #1180), the true negatives are summed from the weights, so a weighted
    specificity is a rate in [0, 1].

    References
    ----------
    .. [1] García, V., Mollineda, R. A., Sánchez, J. S. (2009). Index of
           balanced accuracy: a performance measure for skewed class
           distributions. IbPRIA 2009, LNCS 5524, 441-448.

    Examples
    --------
    >>> from imbascore.metrics import specificity_score
    >>> specificity_score([0, 0, 1, 1], [0, 1, 1, 1], sample_weight=[1, 2, 3, 4])
    0.333...
    """
    return _score("specificity", **locals())


@_document()
def dominance_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Dominance: ``TPR - TNR``, which class the classifier favours.

    +1: perfect on the positive class and wrong on every negative; -1: the
    opposite; 0: both rates equal. It measures balance, not quality: read it
    beside the geometric mean (the accuracy-dominance space). Range [-1, 1].

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    geometric_mean_score : The other axis of the accuracy-dominance space.
    index_balanced_accuracy_score : Combines both.

    Notes
    -----
    .. math:: \\mathrm{Dominance} = \\mathrm{TPR} - \\mathrm{TNR}

    Swapping the positive and negative class negates it.

    References
    ----------
    .. [1] García, V., Mollineda, R. A., Sánchez, J. S. (2008). A new
           performance evaluation method for two-class imbalanced problems.
           SSPR&SPR 2008, LNCS 5342, 917-925.

    Examples
    --------
    >>> from imbascore.metrics import dominance_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(dominance_score(y_true, y_pred), 4)
    -0.0833
    """
    return _score("dominance", **locals())


@_document(
    "the geometric mean of the per-class recalls, over the classes with "
    "weight in ``y_true`` (or over ``labels``); see Notes."
)
def geometric_mean_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
    zero_recall: float = 0.0,
) -> float | FloatArray:
    """Geometric mean of sensitivity and specificity: ``sqrt(TPR * TNR)``.

    High only when both classes are recognised. Best value 1, worst 0.

    Parameters
    ----------
    {common}

    zero_recall : float in [0, 1], default=0.0
        With ``average="multiclass"`` only: the value that replaces a recall
        of 0 in the geometric mean (imbalanced-learn's ``correction``, its
        issue #215). With 0, one class that is never recognised makes the
        G-mean 0 whatever the others do; a small value such as 0.001 keeps
        models that miss one class comparable. Any other ``average`` with a
        non-zero value is an error.

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    index_balanced_accuracy_score : G-mean squared, weighted by dominance.

    Notes
    -----
    .. math:: G = \\sqrt{\\mathrm{TPR} \\cdot \\mathrm{TNR}}

    ``average="macro"`` is the mean of the per-class one-vs-rest G-means.
    ``imblearn.metrics.geometric_mean_score(average="macro")`` instead returns
    the G-mean of the averaged rates (imbalanced-learn issue #1096), which is a
    different, larger number.

    ``average="multiclass"`` follows :func:`sklearn.metrics.balanced_accuracy_score`
    in what it averages: the recalls of the classes that have weight in
    ``y_true``. A class that is only predicted (or whose samples all weigh 0)
    has no recall; it is left out, with scikit-learn's warning "y_pred
    contains classes not in y_true". imbalanced-learn's multiclass G-mean
    instead scores such a class 0 and so returns 0 whenever a model predicts
    a class absent from the test fold; pass ``labels`` to choose the classes
    yourself (an absent one is then undefined, see ``zero_division``).

    References
    ----------
    .. [1] Kubat, M., Matwin, S. (1997). Addressing the curse of imbalanced
           training sets: one-sided selection. ICML 1997, 179-186.

    Examples
    --------
    >>> from imbascore.metrics import geometric_mean_score
    >>> round(geometric_mean_score([0, 0, 1, 0, 1, 1], [0, 0, 0, 0, 0, 1]), 4)
    0.5774
    >>> y_true, y_pred = [0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 1, 2]
    >>> round(geometric_mean_score(y_true, y_pred, average="multiclass"), 4)
    0.63
    >>> y_pred = [0, 0, 1, 0, 1, 0]  # class 2 is never recognised
    >>> geometric_mean_score(y_true, y_pred, average="multiclass")
    0.0
    >>> round(geometric_mean_score(
    ...     y_true, y_pred, average="multiclass", zero_recall=0.001), 4)
    0.0794
    """
    return _score("gmean", **locals())


@_document()
def index_balanced_accuracy_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    alpha: float = 0.1,
    squared: bool = True,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Index of balanced accuracy (IBA) of García, Mollineda and Sánchez.

    The G-mean squared, raised when the positive class is the better
    recognised one: ``(1 + alpha * (TPR - TNR)) * TPR * TNR``. Best value 1
    (perfect classification), worst 0; range [0, 1] for ``alpha`` in [0, 1].

    Parameters
    ----------
    {targets}

    alpha : float, default=0.1
        Weight of the dominance, in [0, 1]. ``alpha=0`` gives the G-mean
        squared; the paper finds the effect useful for ``alpha <= 0.5``.

    squared : bool, default=True
        If False, use the G-mean instead of its square (as imbalanced-learn's
        ``make_index_balanced_accuracy(squared=False)``).

    {options}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    iba_score : Alias.
    dominance_score, geometric_mean_score : Its two ingredients.

    Notes
    -----
    .. math:: \\mathrm{IBA}_\\alpha = (1 + \\alpha (\\mathrm{TPR} -
              \\mathrm{TNR})) \\, \\mathrm{TPR} \\cdot \\mathrm{TNR}

    It is the area of the rectangle with corners (-1, 0), (-1, G^2),
    (alpha * d, G^2), (alpha * d, 0) of the balanced accuracy graph.

    With ``average="macro"`` this is the mean of the per-class IBAs, each
    with its own dominance. imbalanced-learn's decorator
    ``make_index_balanced_accuracy`` applied to a macro-averaged G-mean
    multiplies its G-mean squared by the dominance of the averaged rates; on
    two-class data the averaged TPR and TNR are equal, so it returns the
    G-mean squared whatever ``alpha``.

    References
    ----------
    .. [1] García, V., Mollineda, R. A., Sánchez, J. S. (2009). Index of
           balanced accuracy: a performance measure for skewed class
           distributions. IbPRIA 2009, LNCS 5524, 441-448.

    Examples
    --------
    >>> from imbascore.metrics import index_balanced_accuracy_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(index_balanced_accuracy_score(y_true, y_pred), 4)
    0.6198
    >>> round(index_balanced_accuracy_score(y_true, y_pred, alpha=0.0), 4)
    0.625
    """
    return _score("iba", **locals())


def iba_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    alpha: float = 0.1,
    squared: bool = True,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Index of balanced accuracy (IBA): :func:`index_balanced_accuracy_score`
    under its short name.

    The same parameters, values and warnings; its error messages name
    ``iba_score``, the function called.

    See Also
    --------
    index_balanced_accuracy_score : The parameters and the formula.

    Examples
    --------
    >>> from imbascore.metrics import iba_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(iba_score(y_true, y_pred), 4)
    0.6198
    """
    return _score("iba", **locals())


@_document()
def optimized_precision_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Optimized precision: ``Acc - |TNR - TPR| / (TNR + TPR)``.

    Accuracy penalised by the imbalance of the two class rates. Best value 1,
    worst -1. It still depends on the class ratio through the accuracy.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    Notes
    -----
    .. math:: \\mathrm{OP} = \\mathrm{Acc} - \\frac{|\\mathrm{TNR} -
              \\mathrm{TPR}|}{\\mathrm{TNR} + \\mathrm{TPR}}

    When both rates are 0 the penalty is taken as 0 (the rates are equal),
    so OP equals the accuracy, 0. For one-vs-rest labels the accuracy is that
    of the label against the rest.

    References
    ----------
    .. [1] Ranawana, R., Palade, V. (2006). Optimized precision - a new
           measure for classifier performance evaluation. IEEE CEC 2006,
           2254-2261.

    Examples
    --------
    >>> from imbascore.metrics import optimized_precision_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(optimized_precision_score(y_true, y_pred), 4)
    0.7474
    """
    return _score("optimized_precision", **locals())


@_document()
def ad_area_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Area of the accuracy-dominance trapezium: ``g * (3 + d) / 2``.

    García et al. (2008) place a classifier at (dominance d, G-mean g) and
    score the area of the trapezium (-1, 0), (-1, g), (d, g), (+1, 0). For
    equal G-means it prefers the classifier better on the positive class.
    Best value 1.5 (perfect classification), worst 0.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    imbascore.is_feasible : Whether a (dominance, G-mean) point can occur.

    Notes
    -----
    .. math:: \\mathrm{area} = \\frac{g\\,(3 + d)}{2}, \\quad
              g = \\sqrt{\\mathrm{TPR} \\cdot \\mathrm{TNR}}, \\;
              d = \\mathrm{TPR} - \\mathrm{TNR}

    References
    ----------
    .. [1] García, V., Mollineda, R. A., Sánchez, J. S. (2008). A new
           performance evaluation method for two-class imbalanced problems.
           SSPR&SPR 2008, LNCS 5342, 917-925.

    Examples
    --------
    >>> from imbascore.metrics import ad_area_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(ad_area_score(y_true, y_pred), 4)
    1.1529
    """
    return _score("ad_area", **locals())


@_document(
    "the mean of the per-class recalls over the classes with weight in "
    "``y_true`` (or over ``labels``), which is "
    ":func:`sklearn.metrics.balanced_accuracy_score`; classes that are only "
    "predicted are left out with its warning."
)
def balanced_accuracy_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
    adjusted: bool = False,
) -> float | FloatArray:
    """Balanced accuracy: ``(TPR + TNR) / 2``.

    The accuracy the classifier would have on balanced classes; it equals the
    single-point ROC AUC. Best value 1, worst 0, 0.5 for any constant or
    random guess.

    Parameters
    ----------
    {common}

    adjusted : bool, default=False
        Adjust for chance, as :func:`sklearn.metrics.balanced_accuracy_score`
        does: ``(BA - 1/k) / (1 - 1/k)`` with ``k`` the number of classes
        averaged (2 for a one-vs-rest value, which makes it the informedness
        ``TPR + TNR - 1``), so that chance scores 0 and perfect 1. With a
        single class there is no chance level: the value is undefined.

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    weighted_accuracy_score : Unequal weights for the two rates.
    sklearn.metrics.balanced_accuracy_score : The same number for binary
        data, and for ``average="multiclass"``.

    Notes
    -----
    .. math:: \\mathrm{BA} = \\frac{\\mathrm{TPR} + \\mathrm{TNR}}{2}

    The default ``average="binary"`` differs from scikit-learn's function,
    which always averages the recalls of all classes: on two-class data both
    give the same number; on multiclass data choose an ``average``.

    References
    ----------
    .. [1] Straube, S., Krell, M. M. (2014). How to evaluate an agent's
           behavior to infrequent events? Reliable performance estimation
           insensitive to class distribution. Front. Comput. Neurosci. 8:43.

    Examples
    --------
    >>> from imbascore.metrics import balanced_accuracy_score
    >>> y_true = [1] * 15 + [0] * 10050
    >>> y_pred = [1] * 5 + [0] * 10 + [1] * 50 + [0] * 10000
    >>> round(balanced_accuracy_score(y_true, y_pred), 3)
    0.664
    """
    return _score("balanced_accuracy", **locals())


@_document()
def weighted_accuracy_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    weight: float = 0.5,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Weighted accuracy: ``w * TPR + (1 - w) * TNR``.

    Balanced accuracy with the positive class weighted by ``weight``.
    Insensitive to the class ratio. Best value 1, worst 0.

    Parameters
    ----------
    {targets}

    weight : float, default=0.5
        Weight ``w`` of the true positive rate, in [0, 1]. 0.5 gives the
        balanced accuracy.

    {options}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    Notes
    -----
    .. math:: \\mathrm{WA} = w\\,\\mathrm{TPR} + (1 - w)\\,\\mathrm{TNR}

    References
    ----------
    .. [1] Straube, S., Krell, M. M. (2014). How to evaluate an agent's
           behavior to infrequent events? Reliable performance estimation
           insensitive to class distribution. Front. Comput. Neurosci. 8:43.

    Examples
    --------
    >>> from imbascore.metrics import weighted_accuracy_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(weighted_accuracy_score(y_true, y_pred, weight=0.8), 4)
    0.7667
    """
    return _score("weighted_accuracy", **locals())


_CORRECTION_DOC = """\
    correction : {"macmillan", "loglinear"}, default="macmillan"
        How rates of 0 or 1, whose inverse normal is infinite, are made
        finite. ``"macmillan"`` replaces a rate of exactly 0 or 1 with
        ``1/(2N)`` or ``1 - 1/(2N)`` (half a trial), N being the size of the
        class, and leaves every other rate alone (Macmillan & Creelman
        2005). ``"loglinear"`` computes every rate as ``(hits + 0.5) /
        (N + 1)`` (Hautus 1995). Either way, a prediction on the chance
        diagonal (``TPR = FPR`` to 1e-12, which includes every constant
        prediction) scores d' = 0 exactly: corrected by amounts that depend
        on the class sizes, its rates would otherwise suggest discrimination
        (d' = 2.06 for predicting all 10065 samples of a 15:10050 problem
        negative).

        Under ``sample_weight``, N is the class's effective number of
        trials, ``(sum w)^2 / sum(w^2)`` over its samples (Kish): the count
        itself for equal weights, never below 1, unchanged when every weight
        is scaled or a class is weighted uniformly (``class_weight``), and
        blind to zero weights. The rates themselves are weighted as in every
        metric. So integer weights equal repetition wherever the correction
        does not act, but not where it does: a weight says how much a sample
        counts, not that it was observed twice."""


@_document(correction=_CORRECTION_DOC)
def dprime_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    correction: Literal["macmillan", "loglinear"] = "macmillan",
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Sensitivity index d': ``Phi^-1(TPR) - Phi^-1(FPR)``.

    The distance between the means of the signal and noise distributions in
    standard deviations, assuming both normal with equal variance. 0 for
    guessing, larger is better; not bounded.

    Parameters
    ----------
    {targets}

    {correction}

    {options}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    aucz_score : The ROC area implied by d'.

    Notes
    -----
    .. math:: d' = \\Phi^{-1}(\\mathrm{TPR}) - \\Phi^{-1}(\\mathrm{FPR})

    Straube & Krell (2014), Fig. 2, print d' = 0.81 for TPR = 0.9 and
    TNR = 0.7, but the formula gives ``Phi^-1(0.9) - Phi^-1(0.3) = 1.81``; we
    follow the formula (their printed AUCz is not given, and 0.81 matches no
    standard correction), so the printed value is taken as a typo.

    References
    ----------
    .. [1] Straube, S., Krell, M. M. (2014). How to evaluate an agent's
           behavior to infrequent events? Front. Comput. Neurosci. 8:43.
    .. [2] Macmillan, N. A., Creelman, C. D. (2005). Detection Theory: A
           User's Guide, 2nd ed. Lawrence Erlbaum.
    .. [3] Hautus, M. J. (1995). Corrections for extreme proportions and their
           biasing effects on estimated values of d'. Behav. Res. Methods
           Instrum. Comput. 27, 46-51.

    Examples
    --------
    >>> from imbascore.metrics import dprime_score
    >>> y_true = [1] * 10 + [0] * 10
    >>> y_pred = [1] * 9 + [0] + [1] * 3 + [0] * 7
    >>> round(dprime_score(y_true, y_pred), 3)
    1.806
    """
    return _score("dprime", **locals())


@_document(correction=_CORRECTION_DOC)
def aucz_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    correction: Literal["macmillan", "loglinear"] = "macmillan",
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """AUCz: the ROC area implied by d', ``Phi(d' / sqrt(2))``.

    The area under the ROC curve of two equal-variance normal distributions
    d' apart. Best value 1, 0.5 for guessing, worst 0.

    Parameters
    ----------
    {targets}

    {correction}

    {options}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    dprime_score : The d' it is computed from.

    Notes
    -----
    .. math:: \\mathrm{AUC}_z = \\Phi\\left(\\frac{d'}{\\sqrt{2}}\\right)

    References
    ----------
    .. [1] Straube, S., Krell, M. M. (2014). How to evaluate an agent's
           behavior to infrequent events? Front. Comput. Neurosci. 8:43.

    Examples
    --------
    >>> from imbascore.metrics import aucz_score
    >>> y_true = [1] * 10 + [0] * 10
    >>> y_pred = [1] * 9 + [0] + [1] * 3 + [0] * 7
    >>> round(aucz_score(y_true, y_pred), 3)
    0.899
    """
    return _score("aucz", **locals())


@_document(
    "the multiclass contingency table, ``I(truth; prediction) / H(truth)``, "
    "over the rows (true classes) of ``labels``, all predictions kept; by "
    "default over every class."
)
def normalized_mutual_information_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Normalized mutual information: ``I(truth; prediction) / H(truth)``.

    The share of the uncertainty about the true class that the prediction
    removes. 1 for a perfect (or perfectly inverted) prediction, 0 when the
    prediction is independent of the truth. Depends on the class ratio.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    sklearn.metrics.normalized_mutual_info_score : The clustering metric,
        normalised by a mean of both entropies instead of ``H(truth)``.

    Notes
    -----
    .. math:: \\mathrm{nMI} = \\frac{I(X; Y)}{H(X)} = \\frac{H(X) + H(Y) -
              H(X, Y)}{H(X)}

    with X the true and Y the predicted class. Undefined when ``y_true``
    holds a single class (``H(X) = 0``).

    References
    ----------
    .. [1] Forbes, A. D. (1995). Classification-algorithm evaluation: five
           performance measures based on confusion matrices. J. Clin.
           Monit. 11, 189-206.
    .. [2] Straube, S., Krell, M. M. (2014). How to evaluate an agent's
           behavior to infrequent events? Front. Comput. Neurosci. 8:43.

    Examples
    --------
    >>> from imbascore.metrics import normalized_mutual_information_score
    >>> normalized_mutual_information_score([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    >>> normalized_mutual_information_score([0, 0, 1, 1], [0, 1, 0, 1])
    0.0
    """
    return _score("nmi", **locals())


_REFERENCE_POWERS = """\
    .. [1] Powers, D. M. W. (2011). Evaluation: from precision, recall and
           F-measure to ROC, informedness, markedness and correlation.
           Journal of Machine Learning Technologies 2(1), 37-63."""


@_document(references=_REFERENCE_POWERS)
def false_positive_rate_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """False positive rate (fall-out): ``FP / (FP + TN)``, ``1 - TNR``.

    The share of the negative class raised as positive. Lower is better:
    best 0, worst 1. Its scorer is ``neg_fpr`` (scikit-learn's ``neg_``
    convention: the score is ``-FPR``, so that greater is better).

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    specificity_score : ``1 - FPR``.

    Notes
    -----
    .. math:: \\mathrm{FPR} = \\frac{FP}{FP + TN}

    Independent of the class ratio.

    References
    ----------
    {references}

    Examples
    --------
    >>> from imbascore import false_positive_rate_score
    >>> false_positive_rate_score([0, 0, 0, 0, 1], [0, 1, 0, 0, 1])
    0.25
    """
    return _score("fpr", **locals())


@_document(references=_REFERENCE_POWERS)
def false_negative_rate_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """False negative rate (miss rate): ``FN / (TP + FN)``, ``1 - TPR``.

    The share of the positive class that is missed. Lower is better: best 0,
    worst 1. Its scorer is ``neg_fnr`` (the score is ``-FNR``).

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    sensitivity_score : ``1 - FNR``.

    Notes
    -----
    .. math:: \\mathrm{FNR} = \\frac{FN}{TP + FN}

    Independent of the class ratio.

    References
    ----------
    {references}

    Examples
    --------
    >>> from imbascore import false_negative_rate_score
    >>> false_negative_rate_score([1, 1, 1, 1, 0], [1, 0, 1, 1, 0])
    0.25
    """
    return _score("fnr", **locals())


@_document(references=_REFERENCE_POWERS)
def negative_predictive_value_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Negative predictive value: ``TN / (TN + FN)``.

    The share of the negative predictions that are right: precision of the
    negative class. Best 1, worst 0. Undefined without negative predictions.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    sklearn.metrics.precision_score : ``TP / (TP + FP)``, its positive twin.

    Notes
    -----
    .. math:: \\mathrm{NPV} = \\frac{TN}{TN + FN}

    Depends on the class ratio: with more negatives it rises for the same
    rates.

    References
    ----------
    {references}

    Examples
    --------
    >>> from imbascore import negative_predictive_value_score
    >>> negative_predictive_value_score([0, 0, 0, 1, 1], [0, 0, 1, 0, 1])
    0.666...
    """
    return _score("npv", **locals())


@_document(references=_REFERENCE_POWERS.replace("[1]", "[2]"))
def informedness_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Informedness (Youden's J): ``TPR + TNR - 1``.

    How much better than chance the prediction informs about the truth:
    1 for a perfect prediction, 0 for any constant or random one, -1 for a
    perfectly inverted one. Equal to ``2 * balanced_accuracy - 1`` and to
    scikit-learn's ``balanced_accuracy_score(adjusted=True)`` on two
    classes.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    markedness_score : Its counterpart on the predictions.
    balanced_accuracy_score : ``(J + 1) / 2``.

    Notes
    -----
    .. math:: J = \\mathrm{TPR} + \\mathrm{TNR} - 1

    Independent of the class ratio (a function of the two rates).

    References
    ----------
    .. [1] Youden, W. J. (1950). Index for rating diagnostic tests.
           Cancer 3(1), 32-35.
    {references}

    Examples
    --------
    >>> from imbascore import informedness_score
    >>> informedness_score([0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0])
    0.25
    """
    return _score("informedness", **locals())


@_document(references=_REFERENCE_POWERS)
def markedness_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Markedness: ``PPV + NPV - 1``.

    How much the prediction marks the truth: the predictive values summed
    minus one. 1 perfect, 0 chance, -1 inverted. Undefined without positive
    or without negative predictions.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    informedness_score : Its counterpart on the true classes.

    Notes
    -----
    .. math:: M = \\frac{TP}{TP + FP} + \\frac{TN}{TN + FN} - 1

    Depends on the class ratio, like precision. The geometric mean of
    informedness and markedness is the absolute Matthews correlation.

    References
    ----------
    {references}

    Examples
    --------
    >>> from imbascore import markedness_score
    >>> markedness_score([0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0])
    0.25
    """
    return _score("markedness", **locals())


_LR_UNDEFINED = """\
    Where it is undefined (a zero denominator, or a class without samples)
    ``zero_division="warn"`` gives NaN with an UndefinedMetricWarning, as
    :func:`sklearn.metrics.class_likelihood_ratios` does by default (0 would
    read as a verdict: "useless" for LR+, "perfect" for LR-); ``1.0`` gives
    1, its ``replace_undefined_by=1.0`` ("no information"); ``np.nan`` gives
    NaN silently and ``0.0`` gives 0. NaN values are left out of the
    ``"macro"`` and ``"weighted"`` averages."""


@_document(references=_LR_UNDEFINED)
def positive_likelihood_ratio_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Positive likelihood ratio: ``LR+ = TPR / FPR``.

    How much a positive prediction raises the odds of the positive class.
    1 is no information; higher is better, up to infinity. Equal to the
    first value of :func:`sklearn.metrics.class_likelihood_ratios` wherever
    that defines it.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    negative_likelihood_ratio_score : ``FNR / TNR``.
    sklearn.metrics.class_likelihood_ratios : Both ratios, binary only.

    Notes
    -----
    .. math:: \\mathrm{LR}_+ = \\frac{\\mathrm{TPR}}{\\mathrm{FPR}}

    Independent of the class ratio (a function of the two rates).

    {references}

    References
    ----------
    .. [1] Brenner, H., Gefeller, O. (1997). Variation of sensitivity,
           specificity, likelihood ratios and predictive values with disease
           prevalence. Statistics in Medicine 16, 981-991.

    Examples
    --------
    >>> from imbascore import positive_likelihood_ratio_score
    >>> positive_likelihood_ratio_score([0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0])
    2.0
    """
    return _score("lr_plus", **locals())


@_document(references=_LR_UNDEFINED)
def negative_likelihood_ratio_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Negative likelihood ratio: ``LR- = FNR / TNR``.

    How much a negative prediction lowers the odds of the positive class.
    1 is no information; lower is better, down to 0. Its scorer is
    ``neg_lr_minus`` (the score is ``-LR-``). Equal to the second value of
    :func:`sklearn.metrics.class_likelihood_ratios` wherever that defines
    it.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    positive_likelihood_ratio_score : ``TPR / FPR``.
    sklearn.metrics.class_likelihood_ratios : Both ratios, binary only.

    Notes
    -----
    .. math:: \\mathrm{LR}_- = \\frac{\\mathrm{FNR}}{\\mathrm{TNR}}

    Independent of the class ratio (a function of the two rates).

    {references}

    References
    ----------
    .. [1] Brenner, H., Gefeller, O. (1997). Variation of sensitivity,
           specificity, likelihood ratios and predictive values with disease
           prevalence. Statistics in Medicine 16, 981-991.

    Examples
    --------
    >>> from imbascore import negative_likelihood_ratio_score
    >>> negative_likelihood_ratio_score([0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0])
    0.666...
    """
    return _score("lr_minus", **locals())


@_document()
def adjusted_geometric_mean_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Adjusted geometric mean (AGM): the G-mean lifted by the specificity.

    ``(G + TNR * Nn) / (1 + Nn)`` where ``G = sqrt(TPR * TNR)`` and ``Nn`` is
    the negatives' share of the samples; 0 when no positive is found.
    Proposed for imbalanced data, where the G-mean alone lets a gain in
    sensitivity hide a larger loss of specificity. Best value 1, worst 0.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    geometric_mean_score : The G-mean it adjusts.

    Notes
    -----
    .. math:: \\mathrm{AGM} = \\frac{G + \\mathrm{TNR}\\,N_n}{1 + N_n}
        \\quad (\\mathrm{TPR} > 0), \\qquad 0 \\quad (\\mathrm{TPR} = 0)

    It depends on the class ratio through ``Nn``. Equal to pycm's ``AGM``
    of the class.

    References
    ----------
    .. [1] Batuwita, R., Palade, V. (2009). A new performance measure for
           class imbalance learning. Application to bioinformatics problems.
           ICMLA 2009, 545-550.

    Examples
    --------
    >>> from imbascore.metrics import adjusted_geometric_mean_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(adjusted_geometric_mean_score(y_true, y_pred), 4)
    0.8066
    """
    return _score("agm", **locals())


@_document()
def class_balance_accuracy_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Class balance accuracy (CBA): each class's hits over the larger of
    its true and predicted counts, averaged over the classes.

    ``TP / max(TP + FN, TP + FP)`` per class, the smaller of its recall and
    its precision; ``average="macro"`` is Mosley's CBA of the whole table
    (what the name ``"cba"`` means to the scorer, the registry and
    :meth:`ConfusionCounts.score <imbascore.ConfusionCounts.score>`). Best
    value 1, worst 0.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    sensitivity_score : The recall, which CBA never exceeds.

    Notes
    -----
    .. math:: \\mathrm{CBA} = \\frac{1}{k} \\sum_{i=1}^{k}
        \\frac{c_{ii}}{\\max(c_{i\\cdot}, c_{\\cdot i})}

    With ``average="macro"``, equal to pycm's ``CBA``. A class neither true
    nor predicted has no value (it is left out of the average with
    ``zero_division=np.nan``).

    References
    ----------
    .. [1] Mosley, L. (2013). A balanced approach to the multi-class
           imbalance problem. PhD thesis, Iowa State University.

    Examples
    --------
    >>> from imbascore.metrics import class_balance_accuracy_score
    >>> y_true = [0, 0, 0, 0, 1, 1, 2, 2, 2, 2]
    >>> y_pred = [0, 0, 1, 0, 1, 2, 2, 2, 2, 0]
    >>> round(class_balance_accuracy_score(y_true, y_pred, average="macro"), 4)
    0.6667
    """
    return _score("cba", **locals())


@_document()
def pabak_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Prevalence- and bias-adjusted kappa (PABAK): ``2 * accuracy - 1``.

    Cohen's kappa with the chance agreement fixed at 1/2, as if the two
    classes were balanced and the predictions unbiased. Best value 1,
    worst -1, 0 at chance.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    sklearn.metrics.cohen_kappa_score : The kappa it adjusts.

    Notes
    -----
    .. math:: \\mathrm{PABAK} = 2 \\cdot \\frac{TP + TN}{N} - 1

    For a label of multiclass data the value is that of its one-vs-rest
    table. Equal to pycm's ``KappaNoPrevalence`` on two classes (pycm's
    multiclass value is ``2 * accuracy - 1`` of the whole table).

    References
    ----------
    .. [1] Byrt, T., Bishop, J., Carlin, J. B. (1993). Bias, prevalence and
           kappa. Journal of Clinical Epidemiology 46(5), 423-429.

    Examples
    --------
    >>> from imbascore.metrics import pabak_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(pabak_score(y_true, y_pred), 4)
    0.6
    """
    return _score("pabak", **locals())


@_document()
def sedi_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    pos_label: PosLabel = 1,
    average: Average | None = "binary",
    sample_weight: ArrayLike | None = None,
    zero_division: ZeroDivision = "warn",
) -> float | FloatArray:
    """Symmetric extremal dependence index (SEDI) of the hit and false
    alarm rates.

    Built for rare events: it does not tend to 0 or 1 as the event becomes
    rarer, does not depend on the base rate, and is symmetric in the two
    kinds of error. Best value 1, worst -1, 0 at chance.

    Parameters
    ----------
    {common}

    Returns
    -------
    score : float or ndarray of shape (n_labels,)

    See Also
    --------
    informedness_score : ``TPR - FPR``, the other base-rate-free skill.

    Notes
    -----
    With ``H = TPR`` and ``F = FPR``:

    .. math:: \\mathrm{SEDI} = \\frac{\\ln F - \\ln H - \\ln(1 - F) + \\ln(1 - H)}
        {\\ln F + \\ln H + \\ln(1 - F) + \\ln(1 - H)}

    Undefined (NaN under ``zero_division="warn"``, with the warning) where
    ``H`` or ``F`` is 0 or 1, as in yardstick's ``sedi()``.

    References
    ----------
    .. [1] Ferro, C. A. T., Stephenson, D. B. (2011). Extremal dependence
           indices: improved verification measures for deterministic
           forecasts of rare binary events. Weather and Forecasting 26,
           699-713.

    Examples
    --------
    >>> from imbascore.metrics import sedi_score
    >>> y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 1, 0, 0, 0, 0, 0, 0, 1]
    >>> round(sedi_score(y_true, y_pred), 4)
    0.7423
    """
    return _score("sedi", **locals())


# Each spec finds its public function here (the specs are below the functions).
for _spec in CATALOGUE:
    implements(_spec.name)(globals()[_spec.function_name])
