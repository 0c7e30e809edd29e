"""The calibration metrics as functions: Brier score and log loss (overall
and by class), miscalibration (MCB), the CORP decomposition and the expected
calibration error. Each reads through :func:`~imbascore._calibration.
grouped.read_grouped` and computes by its record's formula
(:mod:`imbascore._specs.probability_formulas`), as a bootstrap resample
does."""

from __future__ import annotations

import textwrap
from typing import Literal

from .._core.types import ArrayLike, PosLabel
from .._ranking.params import checked_params
from .._specs.probability_formulas import decomposition
from .evaluate import calibration_value
from .grouped import read_grouped
from .results import CalibrationDecomposition

__all__ = [
    "brier_score_loss",
    "calibration_decomposition",
    "expected_calibration_error",
    "log_loss",
    "miscalibration_score",
]

_COMMON = """\
    pos_label : int, float, bool or str, default=None
        The positive class; None means 1 for classes {0, 1} or {-1, 1}.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (frequency weights).
    prevalence : float or sequence or dict, default=None
        The deployment's class ratio: the positive class's share, or one
        prior per class. Each class's weights are rescaled to its share (the
        probabilities are read as given: pass probabilities corrected with
        :func:`~imbascore.correct_probabilities` to check them there).
        None: the data's own ratio."""


def _grouped(y_true, y_proba, pos_label, sample_weight, prevalence, func):
    return read_grouped(
        y_true,
        y_proba,
        sample_weight,
        func,
        pos_label=pos_label,
        prevalence=prevalence,
        stacklevel=4,
    )[2]


def _metric(metric, func, y_true, y_proba, *, common, **params):
    """Calibration metric ``metric`` (a record's name) of the public function
    ``func``: its own ``params`` checked first, then the inputs read, with
    ``common`` the shared ``(pos_label, sample_weight, prevalence)``."""
    params = checked_params(metric, params, func)
    grouped = _grouped(y_true, y_proba, *common, func)
    return calibration_value(metric, params, grouped, func, stacklevel=5)


def brier_score_loss(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    stratum: Literal["positive", "negative", "balanced"] | None = None,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float:
    """Brier score: the mean squared error of the positive class's probability.

    With ``stratum=None`` it equals scikit-learn's ``brier_score_loss``. On
    imbalanced data that overall mean is the majority's: ``stratum=
    "positive"`` is the mean over the positives alone (:math:`(1-p)^2`),
    ``"negative"`` over the negatives (:math:`p^2`), and ``"balanced"`` the
    mean of the two, which weighs the classes equally whatever their ratio
    (Wallace & Dahabreh 2014).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    stratum : {None, 'positive', 'negative', 'balanced'}, default=None
        The samples averaged over.
    %s

    Returns
    -------
    loss : float
        Lower is better, 0 at best. NaN, with an ``UndefinedMetricWarning``,
        for a stratum with no sample of non-zero weight.

    See Also
    --------
    log_loss : The same strata for the logarithmic loss.
    calibration_decomposition : Its split into miscalibration,
        discrimination and uncertainty.

    References
    ----------
    .. [1] Brier, G. W. (1950). Verification of forecasts expressed in terms
       of probability. Monthly Weather Review, 78(1), 1-3.
    .. [2] Wallace, B. C. and Dahabreh, I. J. (2014). Improving class
       probability estimates for imbalanced data. Knowledge and Information
       Systems, 41(1), 33-52.

    Examples
    --------
    >>> from imbascore import brier_score_loss
    >>> y, p = [0, 0, 0, 1], [0.1, 0.2, 0.1, 0.4]
    >>> round(brier_score_loss(y, p), 4)
    0.105
    >>> round(brier_score_loss(y, p, stratum="positive"), 4)
    0.36
    """
    common = pos_label, sample_weight, prevalence
    return _metric(
        "brier_score",
        "brier_score_loss",
        y_true,
        y_proba,
        common=common,
        stratum=stratum,
    )


def log_loss(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    stratum: Literal["positive", "negative", "balanced"] | None = None,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float:
    """Log loss of the positive class's probability, overall or by class.

    With ``stratum=None`` it equals scikit-learn's ``log_loss`` on binary
    probabilities (each clipped to [eps, 1 - eps], eps of float64, as
    scikit-learn does); ``"positive"``: the mean of :math:`-\\log p` over the
    positives, ``"negative"``: of :math:`-\\log(1-p)` over the negatives,
    ``"balanced"``: the mean of the two.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    stratum : {None, 'positive', 'negative', 'balanced'}, default=None
        The samples averaged over.
    %s

    Returns
    -------
    loss : float
        In nats; lower is better. NaN, with an ``UndefinedMetricWarning``,
        for a stratum with no sample of non-zero weight.

    See Also
    --------
    brier_score_loss : The same strata for the squared error.

    Examples
    --------
    >>> from imbascore import log_loss
    >>> y, p = [0, 0, 0, 1], [0.1, 0.2, 0.1, 0.4]
    >>> round(log_loss(y, p, stratum="balanced"), 4)
    0.5305
    """
    common = pos_label, sample_weight, prevalence
    return _metric(
        "log_loss", "log_loss", y_true, y_proba, common=common, stratum=stratum
    )


def calibration_decomposition(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    score: Literal["brier", "log_loss"] = "brier",
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> CalibrationDecomposition:
    """The CORP decomposition of a mean loss: miscalibration, discrimination,
    uncertainty.

    The probabilities are recalibrated by the pool-adjacent-violators
    algorithm (isotonic regression of the outcome on the probability, ties
    pooled; no bins to choose) [1]_. Then ``value = mcb - dsc + unc``:

    - MCB, miscalibration: the loss of the probabilities minus that of the
      recalibrated ones (0 for a calibrated model, up to sampling);
    - DSC, discrimination: the loss of the base rate minus that of the
      recalibrated probabilities;
    - UNC, uncertainty: the loss of the base rate (the positive share).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    score : {'brier', 'log_loss'}, default='brier'
        The mean loss decomposed.
    %s

    Returns
    -------
    decomposition : CalibrationDecomposition
        Fields ``score``, ``value``, ``mcb``, ``dsc`` and ``unc``.

    See Also
    --------
    miscalibration_score : MCB alone, as a float.
    reliability_diagram : The recalibrated curve with its bands.

    References
    ----------
    .. [1] Dimitriadis, T., Gneiting, T. and Jordan, A. I. (2021). Stable
       reliability diagrams for probabilistic classifiers. PNAS, 118(8),
       e2016191118.

    Examples
    --------
    >>> from imbascore import calibration_decomposition
    >>> y = [0, 0, 1, 0, 1, 1]
    >>> p = [0.1, 0.3, 0.2, 0.6, 0.7, 0.9]
    >>> calibration_decomposition(y, p)
    CalibrationDecomposition(score='brier', value=0.2, mcb=0.08889, dsc=0.1389, \
    unc=0.25)
    """
    func = "calibration_decomposition"
    score = checked_params("mcb", {"score": score}, func)["score"]
    grouped = _grouped(y_true, y_proba, pos_label, sample_weight, prevalence, func)
    columns = grouped.values, grouped.positives, grouped.negatives
    return CalibrationDecomposition(score, *decomposition(score, *columns))


def miscalibration_score(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    score: Literal["brier", "log_loss"] = "brier",
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float:
    """Miscalibration (MCB): the loss the probabilities lose to their own
    isotonic recalibration.

    The MCB term of :func:`calibration_decomposition` as a float: 0 when
    the pool-adjacent-violators recalibration changes nothing, larger the
    further the probabilities are from the observed frequencies. It needs no
    bins. A calibrated model's MCB is small but positive in a finite sample;
    :func:`reliability_diagram` tests it against resamples under
    calibration.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    score : {'brier', 'log_loss'}, default='brier'
        The loss whose miscalibration is measured.
    %s

    Returns
    -------
    mcb : float
        Lower is better, 0 at best.

    See Also
    --------
    calibration_decomposition : MCB with DSC and UNC.
    expected_calibration_error : The binned measure.

    Examples
    --------
    >>> from imbascore import miscalibration_score
    >>> y = [0, 0, 1, 0, 1, 1]
    >>> round(miscalibration_score(y, [0.1, 0.3, 0.2, 0.6, 0.7, 0.9]), 4)
    0.0889
    """
    common = pos_label, sample_weight, prevalence
    return _metric(
        "mcb", "miscalibration_score", y_true, y_proba, common=common, score=score
    )


def expected_calibration_error(
    y_true: ArrayLike,
    y_proba: ArrayLike,
    *,
    n_bins: int = 10,
    strategy: Literal["uniform", "quantile"] = "uniform",
    norm: Literal["l1", "l2", "max"] = "l1",
    debiased: bool = False,
    squared: bool = False,
    pos_label: PosLabel | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float:
    """Expected calibration error (ECE) of binned probabilities.

    The probabilities are binned (bins as scikit-learn's
    ``calibration_curve`` forms them); in each bin the mean probability is
    compared with the observed frequency of the positive class, and the gaps
    are averaged with the bins' shares as weights.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, of at most two classes.
    y_proba : array-like of shape (n_samples,)
        Probabilities of the positive class, in [0, 1].
    n_bins : int, default=10
        The number of bins.
    strategy : {'uniform', 'quantile'}, default='uniform'
        Bins of equal width on [0, 1], or of equal weight (edges at the
        weighted quantiles of the probabilities; tied probabilities stay in
        one bin).
    norm : {'l1', 'l2', 'max'}, default='l1'
        The mean absolute gap (the usual ECE), the root mean squared gap, or
        the largest gap of a non-empty bin (MCE).
    debiased : bool, default=False
        Kumar, Liang & Ma's (2019) estimators: the L2 error's square minus
        each bin's binomial variance :math:`\\bar y(1-\\bar y)/(n_b-1)`
        (bins of weight < 2 add nothing), the L1 error as twice the
        plug-in minus its expectation under normal resampling of the bins'
        frequencies (computed exactly, not by simulation; every non-empty
        bin needs a weight >= 2). A plug-in ECE is biased upwards, most on
        small bins: the minority's.
    squared : bool, default=False
        With ``norm='l2'``: return the squared error. The debiased square is
        unbiased, so it can be negative; the root is of its positive part.
    %s

    Returns
    -------
    ece : float
        Lower is better, 0 at best.

    See Also
    --------
    miscalibration_score : A measure that needs no bins.
    reliability_diagram : The binned curve and the CORP curve.

    References
    ----------
    .. [1] Naeini, M. P., Cooper, G. and Hauskrecht, M. (2015). Obtaining
       well calibrated probabilities using Bayesian binning. AAAI.
    .. [2] Kumar, A., Liang, P. and Ma, T. (2019). Verified uncertainty
       calibration. NeurIPS.

    Examples
    --------
    >>> from imbascore import expected_calibration_error
    >>> y = [0, 0, 1, 0, 1, 1]
    >>> p = [0.1, 0.3, 0.2, 0.6, 0.7, 0.9]
    >>> round(expected_calibration_error(y, p, n_bins=2), 4)
    0.1
    """
    own = dict(
        n_bins=n_bins, strategy=strategy, norm=norm, debiased=debiased, squared=squared
    )
    common = pos_label, sample_weight, prevalence
    func = "expected_calibration_error"
    return _metric("ece", func, y_true, y_proba, common=common, **own)


def _with_common(doc):
    """``doc`` with the shared parameters at its placeholder's indentation."""
    line = next(line for line in doc.splitlines() if line.strip() == "%s")
    indent = line[: len(line) - len(line.lstrip())]
    common = textwrap.indent(textwrap.dedent(_COMMON), indent)
    return doc.replace(line, common)


for _function in (
    brier_score_loss,
    log_loss,
    calibration_decomposition,
    miscalibration_score,
    expected_calibration_error,
):
    _function.__doc__ = _with_common(_function.__doc__)
