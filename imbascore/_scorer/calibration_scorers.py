"""Scorers of the calibration metrics: the Brier score and log loss by class,
miscalibration (MCB) and the expected calibration error.

They read ``predict_proba`` (the positive class's column) and are lower is
better, so scikit-learn's convention negates them (``neg_`` names). The bare
``"neg_brier_score"`` and ``"neg_log_loss"`` stay scikit-learn's (equal on
binary data); ours serve those names with parameters, and the by-class
names: ``"neg_brier_positive"``, ``"neg_brier_negative"``,
``"neg_balanced_brier"``, ``"neg_balanced_log_loss"``.
"""

from __future__ import annotations

from typing import Literal

from sklearn.metrics import make_scorer

from .._calibration.params import check_ece_params, check_score, check_stratum
from .._core.checks import check_pos_label
from .._core.engine.prevalence import check_prevalence
from .._core.types import PosLabel, Scorer
from .._specs.catalogue import CALIBRATION_CATALOGUE, metric_info
from .records import SCORER_OF, scorer_of

__all__ = [
    "CALIBRATION_FACTORIES",
    "STRATUM_FACTORIES",
    "brier_scorer",
    "ece_scorer",
    "log_loss_scorer",
    "mcb_scorer",
]


def _calibration_scorer(metric, params, pos_label, prevalence, func):
    if pos_label is not None:
        params["pos_label"] = check_pos_label(pos_label, func, required=True)
    if prevalence is not None:
        params["prevalence"] = check_prevalence(prevalence, func)
    return make_scorer(
        metric_info(metric).function,
        greater_is_better=False,
        response_method="predict_proba",
        **params,
    )


_COMMON_DOC = """
    pos_label : int, float, bool or str, default=None
        The positive class: the column of ``predict_proba`` read and the
        class ``y_true`` is compared with. None: the column of
        ``classes_[1]`` and 1 for classes {{0, 1}} or {{-1, 1}}; give it for
        other classes.

    prevalence : float, sequence of float or dict, default=None
        Score at this class ratio: each class's weights rescaled to its
        share, the probabilities read as given.

    Returns
    -------
    scorer : callable
        A scikit-learn scorer that reads ``predict_proba`` and returns the
        metric negated (greater is better).
"""


def _documented(key):
    return scorer_of(key, "    {common}\n", _COMMON_DOC.lstrip("\n") + "\n")


@_documented("brier_score")
def brier_scorer(
    *,
    stratum: Literal["positive", "negative", "balanced"] | None = None,
    pos_label: PosLabel | None = None,
    prevalence: float | None = None,
) -> Scorer:
    """Scorer of the Brier score, :func:`~imbascore.metrics.brier_score_loss`,
    overall or by class.

    Parameters
    ----------
    stratum : {None, 'positive', 'negative', 'balanced'}, default=None
        The samples averaged over: all (scikit-learn's ``neg_brier_score``),
        the positives, the negatives, or the mean of the two classes'.

    {common}
    Examples
    --------
    >>> from imbascore.scorers import brier_scorer
    >>> brier_scorer(stratum="positive")
    make_scorer(brier_score_loss, greater_is_better=False, \
response_method='predict_proba', stratum=positive)
    """
    func = "brier_scorer"
    params = {"stratum": check_stratum(stratum, func)}
    return _calibration_scorer("brier_score", params, pos_label, prevalence, func)


@_documented("log_loss")
def log_loss_scorer(
    *,
    stratum: Literal["positive", "negative", "balanced"] | None = None,
    pos_label: PosLabel | None = None,
    prevalence: float | None = None,
) -> Scorer:
    """Scorer of the log loss, :func:`~imbascore.metrics.log_loss`, overall or
    by class.

    Parameters
    ----------
    stratum : {None, 'positive', 'negative', 'balanced'}, default=None
        The samples averaged over.

    {common}
    Examples
    --------
    >>> from imbascore.scorers import log_loss_scorer
    >>> log_loss_scorer(stratum="balanced")
    make_scorer(log_loss, greater_is_better=False, \
response_method='predict_proba', stratum=balanced)
    """
    func = "log_loss_scorer"
    params = {"stratum": check_stratum(stratum, func)}
    return _calibration_scorer("log_loss", params, pos_label, prevalence, func)


@_documented("mcb")
def mcb_scorer(
    *,
    score: Literal["brier", "log_loss"] = "brier",
    pos_label: PosLabel | None = None,
    prevalence: float | None = None,
) -> Scorer:
    """Scorer of miscalibration (MCB), :func:`~imbascore.metrics.miscalibration_score`.

    Parameters
    ----------
    score : {'brier', 'log_loss'}, default='brier'
        The loss whose miscalibration is measured.

    {common}
    Examples
    --------
    >>> from imbascore.scorers import mcb_scorer
    >>> mcb_scorer()
    make_scorer(miscalibration_score, greater_is_better=False, \
response_method='predict_proba', score=brier)
    """
    func = "mcb_scorer"
    params = {"score": check_score(score, func)}
    return _calibration_scorer("mcb", params, pos_label, prevalence, func)


@_documented("ece")
def ece_scorer(
    *,
    n_bins: int = 10,
    strategy: Literal["uniform", "quantile"] = "uniform",
    norm: Literal["l1", "l2", "max"] = "l1",
    debiased: bool = False,
    squared: bool = False,
    pos_label: PosLabel | None = None,
    prevalence: float | None = None,
) -> Scorer:
    """Scorer of the expected calibration error,
    :func:`~imbascore.metrics.expected_calibration_error`.

    Parameters
    ----------
    n_bins : int, default=10
    strategy : {'uniform', 'quantile'}, default='uniform'
    norm : {'l1', 'l2', 'max'}, default='l1'
    debiased : bool, default=False
        Kumar, Liang & Ma's (2019) debiased estimator.
    squared : bool, default=False
        With ``norm='l2'``, the squared error.

    {common}
    Examples
    --------
    >>> from imbascore.scorers import ece_scorer
    >>> ece_scorer(n_bins=15)
    make_scorer(expected_calibration_error, greater_is_better=False, \
response_method='predict_proba', n_bins=15, strategy=uniform, norm=l1, \
debiased=False, squared=False)
    """
    func = "ece_scorer"
    n_bins = check_ece_params(n_bins, strategy, norm, debiased, squared, func)
    params = {
        "n_bins": n_bins,
        "strategy": strategy,
        "norm": norm,
        "debiased": debiased,
        "squared": squared,
    }
    return _calibration_scorer("ece", params, pos_label, prevalence, func)


#: Registry name of each record's scorer -> factory.
CALIBRATION_FACTORIES = {
    info.scorer: SCORER_OF[info.name] for info in CALIBRATION_CATALOGUE
}


def _stratum(factory, stratum):
    def bound(*, pos_label=None, prevalence=None):
        return factory(stratum=stratum, pos_label=pos_label, prevalence=prevalence)

    bound.__doc__ = f"{factory.__name__}(stratum={stratum!r}, ...), by name."
    bound.__name__ = bound.__qualname__ = f"{factory.__name__}_{stratum}"
    return bound


#: The by-class names: a factory with its stratum fixed.
STRATUM_FACTORIES = {
    "neg_brier_positive": _stratum(brier_scorer, "positive"),
    "neg_brier_negative": _stratum(brier_scorer, "negative"),
    "neg_balanced_brier": _stratum(brier_scorer, "balanced"),
    "neg_balanced_log_loss": _stratum(log_loss_scorer, "balanced"),
}
