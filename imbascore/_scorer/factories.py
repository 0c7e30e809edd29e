"""Scorer factories: every metric as an ordinary scikit-learn scorer.

Each factory checks its parameters at once (so that a bad ``alpha`` fails when
the search is set up, not in the middle of it) and returns
``sklearn.metrics.make_scorer(<metric function>, **params)``. The metric
functions live at module level, so the scorers pickle with :mod:`pickle`, and
they take part in metadata routing like any scorer of scikit-learn::

    from sklearn.model_selection import GridSearchCV
    from imbascore.scorers import iba_scorer

    search = GridSearchCV(model, grid, scoring=iba_scorer(alpha=0.1))
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from sklearn.metrics import make_scorer

from .._core.engine.prevalence import check_prevalence
from .._core.types import Scorer
from .._metrics.at_prevalence import score_at_prevalence
from .._metrics.scoring import check_metric_options
from .._specs.catalogue import CATALOGUE, LABEL_CATALOGUE, metric_info
from .records import SCORER_OF, ratio_text, scorer_of

__all__ = [
    "ad_area_scorer",
    "adjusted_balanced_accuracy_scorer",
    "aucz_scorer",
    "dominance_scorer",
    "dprime_scorer",
    "gmean_scorer",
    "iba_scorer",
    "informedness_scorer",
    "lr_plus_scorer",
    "markedness_scorer",
    "neg_fnr_scorer",
    "neg_fpr_scorer",
    "neg_lr_minus_scorer",
    "nmi_scorer",
    "npv_scorer",
    "agm_scorer",
    "cba_scorer",
    "pabak_scorer",
    "sedi_scorer",
    "optimized_precision_scorer",
    "sensitivity_scorer",
    "specificity_scorer",
    "weighted_accuracy_scorer",
]

#: Factory -> (key of ``_per_class.METRICS``, metric function).
FACTORY_METRICS: dict[Callable[..., Scorer], tuple[str, Callable[..., Any]]] = {}

_KWARGS_DOC = """\
    **kwargs : dict
        Further parameters of :func:`~imbascore.metrics.{metric}`:
        ``labels``, ``pos_label``, ``average`` and ``zero_division``. They are
        checked now and fixed in the scorer; with an ``average`` other than
        ``"binary"``, ``pos_label=None`` is fixed too (as in scikit-learn's
        ``"f1_macro"``). ``sample_weight`` is not one of
        them: it varies with the fold, so it is passed at scoring time
        (``cross_validate(..., params={{"sample_weight": w}})`` with
        ``scorer.set_score_request(sample_weight=True)`` under metadata
        routing, or directly by ``GridSearchCV.fit(X, y, sample_weight=w)``).

    prevalence : float, sequence of float or dict, default=None
        Score at this class ratio instead of the data's: the fraction of the
        positive class (``pos_label``, or 1 where it is None) for two
        classes, or one prior per label (see
        :func:`~imbascore.score_at_prevalence`, which the scorer then calls),
        so that a search selects for the deployment's ratio. {ratio}

    Returns
    -------
    scorer : callable
        A scikit-learn scorer, ``scorer(estimator, X, y, sample_weight=None)``,
        made by :func:`sklearn.metrics.make_scorer` with
        ``response_method="predict"``."""

#: Metrics whose two-class value does not change with the class ratio (from
#: the catalogue); the tests check this against
#: :func:`~imbascore.class_ratio_dependence`.
RATIO_FREE = frozenset(info.name for info in CATALOGUE if info.ratio_free)


def _factory(key):
    """Record a factory as the built-in scorer of metric ``key`` (its name,
    function and sign come from the metric's catalogue record)."""
    info = metric_info(key)
    document = scorer_of(key, "    {kwargs}", _KWARGS_DOC)

    def decorate(factory):
        if "{kwargs}" not in factory.__doc__:  # the sections every factory has
            factory.__doc__ = factory.__doc__.rstrip() + _PLAIN_DOC.format(
                kwargs="{kwargs}",
                name=factory.__name__,
                function=info.function_name,
                sign="" if info.greater_is_better else ", greater_is_better=False",
            )
        factory = document(factory)
        FACTORY_METRICS[factory] = (key, metric_info(key).function)
        return factory

    return decorate


def metric_parameters(metric):
    """Keyword parameters a scorer may fix for ``metric`` (not sample_weight)."""
    parameters = inspect.signature(metric).parameters
    return [
        parameter.name
        for parameter in parameters.values()
        if parameter.kind is parameter.KEYWORD_ONLY
        # weights come when scoring; a prevalence is the scorer's own
        and parameter.name not in ("sample_weight", "prevalence")
    ]


def check_scorer_params(name, metric, params, func):
    """Check the parameters a scorer fixes for ``metric``; unknown ones raise.

    Returns the parameters to fix in the scorer and the
    :class:`~imbascore._metrics.scoring.MetricOptions` they amount to. As in
    scikit-learn's ``f1_macro``, a scorer that does not average ``"binary"``
    fixes ``pos_label=None``: the metric ignores it, and scikit-learn would
    otherwise check the default ``pos_label=1`` against a binary
    classifier's ``classes_``.
    """
    signature = inspect.signature(metric).parameters
    accepted = metric_parameters(metric)
    for param in params:
        if param not in accepted:
            hint = (
                " Sample weights are passed when scoring, not when building the scorer."
                if param == "sample_weight"
                else ""
            )
            raise TypeError(
                f"{func} got an unexpected parameter {param!r}. It accepts "
                f"{accepted} (the parameters of {metric.__name__}).{hint}"
            )
    if params.get("average", "binary") != "binary" and "pos_label" not in params:
        params = {**params, "pos_label": None}
    merged = {key: signature[key].default for key in accepted} | params
    return params, check_metric_options(name, func, **merged)


@dataclass(frozen=True)
class Fixed:
    """What the built-in scorer ``factory(**given)`` hands its metric: the
    metric's key and function, the checked parameters and the options they
    amount to, the prevalence (None: the data's ratio), and the sign."""

    key: str
    metric: Callable[..., Any]
    params: dict[str, Any]
    options: Any
    prevalence: Any
    sign: dict[str, bool]


def fixed_by(factory, given, func=None):
    """The :class:`Fixed` of ``factory(**given)``: the given parameters over
    the factory's defaults and the record's ``scorer_params``, checked (the
    error names ``func``, by default the factory). The multi-scorer plans
    from it; the factory builds its scorer from it."""
    key, metric = FACTORY_METRICS[factory]
    bound = inspect.signature(factory).bind(**given)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    arguments |= arguments.pop("kwargs", {})
    prevalence = arguments.pop("prevalence", None)
    info = metric_info(key)
    params = {**info.scorer_params, **arguments}
    params, options = check_scorer_params(key, metric, params, func or factory.__name__)
    sign = {} if info.greater_is_better else {"greater_is_better": False}
    return Fixed(key, metric, params, options, prevalence, sign)


def _make(factory, given):
    fixed = fixed_by(factory, given)
    if fixed.prevalence is None:
        return make_scorer(fixed.metric, **fixed.sign, **fixed.params)
    return prevalence_scorer(
        fixed.key, fixed.prevalence, fixed.params, factory.__name__, **fixed.sign
    )


def prevalence_scorer(metric, prevalence, params, func, **sign):
    """The scorer of ``metric`` (a name :func:`~imbascore.score_at_prevalence`
    takes) at ``prevalence``, checked now."""
    prevalence = check_prevalence(prevalence, func)
    return make_scorer(
        score_at_prevalence, metric=metric, prevalence=prevalence, **sign, **params
    )


#: The sections of a factory without parameters of its own, from its record.
_PLAIN_DOC = """

    Parameters
    ----------
    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import {name}
    >>> {name}()
    make_scorer({function}{sign}, response_method='predict')
    """


@_factory("gmean")
def gmean_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the geometric mean of sensitivity and specificity.

    Parameters
    ----------
    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import gmean_scorer
    >>> gmean_scorer(average="multiclass")
    make_scorer(geometric_mean_score, response_method='predict', \
average=multiclass, pos_label=None)
    """
    return _make(gmean_scorer, kwargs)


@_factory("dominance")
def dominance_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the dominance, ``TPR - TNR``.

    Dominance says which class a model favours; it is not a quality to
    maximise (0 is balanced, +1 finds every positive and no negative). Report
    it beside a quality measure (``cross_validate(scoring=...)``); do not use
    it as ``refit`` or as the only ``scoring`` of a search.
    """
    return _make(dominance_scorer, kwargs)


@_factory("sensitivity")
def sensitivity_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the sensitivity (true positive rate, recall).

    Parameters
    ----------
    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import sensitivity_scorer
    >>> sensitivity_scorer(pos_label="yes")
    make_scorer(sensitivity_score, response_method='predict', \
pos_label=yes)
    """
    return _make(sensitivity_scorer, kwargs)


@_factory("specificity")
def specificity_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the specificity (true negative rate)."""
    return _make(specificity_scorer, kwargs)


@_factory("optimized_precision")
def optimized_precision_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the optimized precision (Ranawana & Palade 2006)."""
    return _make(optimized_precision_scorer, kwargs)


@_factory("ad_area")
def ad_area_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the accuracy-dominance trapezoid area (García et al. 2008)."""
    return _make(ad_area_scorer, kwargs)


@_factory("nmi")
def nmi_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the normalized mutual information of Straube & Krell (2014).

    Parameters
    ----------
    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import nmi_scorer
    >>> nmi_scorer(average="multiclass")
    make_scorer(normalized_mutual_information_score, response_method='predict', \
average=multiclass, pos_label=None)
    """
    return _make(nmi_scorer, kwargs)


@_factory("fpr")
def neg_fpr_scorer(**kwargs: Any) -> Scorer:
    """Scorer of minus the false positive rate (lower FPR is better)."""
    return _make(neg_fpr_scorer, kwargs)


@_factory("fnr")
def neg_fnr_scorer(**kwargs: Any) -> Scorer:
    """Scorer of minus the false negative rate (lower FNR is better)."""
    return _make(neg_fnr_scorer, kwargs)


@_factory("agm")
def agm_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the adjusted geometric mean."""
    return _make(agm_scorer, kwargs)


@_factory("cba")
def cba_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the class balance accuracy of all classes (Mosley's CBA:
    ``average="macro"`` unless given).

    Parameters
    ----------
    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import cba_scorer
    >>> cba_scorer()
    make_scorer(class_balance_accuracy_score, response_method='predict',
    average=macro, pos_label=None)
    """
    return _make(cba_scorer, kwargs)


@_factory("pabak")
def pabak_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the prevalence- and bias-adjusted kappa."""
    return _make(pabak_scorer, kwargs)


@_factory("sedi")
def sedi_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the symmetric extremal dependence index."""
    return _make(sedi_scorer, kwargs)


@_factory("npv")
def npv_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the negative predictive value."""
    return _make(npv_scorer, kwargs)


@_factory("informedness")
def informedness_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the informedness (Youden's J), ``TPR + TNR - 1``."""
    return _make(informedness_scorer, kwargs)


@_factory("markedness")
def markedness_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the markedness, ``PPV + NPV - 1``."""
    return _make(markedness_scorer, kwargs)


@_factory("lr_plus")
def lr_plus_scorer(**kwargs: Any) -> Scorer:
    """Scorer of the positive likelihood ratio ``TPR / FPR`` (NaN where undefined)."""
    return _make(lr_plus_scorer, kwargs)


@_factory("lr_minus")
def neg_lr_minus_scorer(**kwargs: Any) -> Scorer:
    """Scorer of minus the negative likelihood ratio ``FNR / TNR`` (lower is better)."""
    return _make(neg_lr_minus_scorer, kwargs)


@_factory("iba")
def iba_scorer(alpha: float = 0.1, squared: bool = True, **kwargs: Any) -> Scorer:
    """Scorer of the index of balanced accuracy (García et al. 2009).

    Parameters
    ----------
    alpha : float, default=0.1
        Weight of the dominance, in [0, 1].

    squared : bool, default=True
        Whether IBA weights ``Gmean^2`` (the paper) or ``Gmean``.

    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import iba_scorer
    >>> iba_scorer(alpha=0.1)
    make_scorer(index_balanced_accuracy_score, response_method='predict', \
alpha=0.1, squared=True)
    """
    return _make(iba_scorer, dict(alpha=alpha, squared=squared, **kwargs))


@_factory("weighted_accuracy")
def weighted_accuracy_scorer(weight: float = 0.5, **kwargs: Any) -> Scorer:
    """Scorer of the weighted accuracy, ``weight * TPR + (1 - weight) * TNR``.

    Parameters
    ----------
    weight : float, default=0.5
        Weight of the sensitivity, in [0, 1]; 0.5 gives balanced accuracy.

    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import weighted_accuracy_scorer
    >>> weighted_accuracy_scorer(weight=0.8)
    make_scorer(weighted_accuracy_score, response_method='predict', weight=0.8)
    """
    return _make(weighted_accuracy_scorer, dict(weight=weight, **kwargs))


@_factory("dprime")
def dprime_scorer(
    correction: Literal["macmillan", "loglinear"] = "macmillan", **kwargs: Any
) -> Scorer:
    """Scorer of the sensitivity index d' of signal detection theory.

    Parameters
    ----------
    correction : {"macmillan", "loglinear"}, default="macmillan"
        How rates of 0 or 1 are made finite (see
        :func:`~imbascore.metrics.dprime_score`).

    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import dprime_scorer
    >>> dprime_scorer()
    make_scorer(dprime_score, response_method='predict', correction=macmillan)
    """
    return _make(dprime_scorer, dict(correction=correction, **kwargs))


@_factory("aucz")
def aucz_scorer(
    correction: Literal["macmillan", "loglinear"] = "macmillan", **kwargs: Any
) -> Scorer:
    """Scorer of AUCz, the area under the binormal ROC curve of d'.

    Parameters
    ----------
    correction : {"macmillan", "loglinear"}, default="macmillan"
        How rates of 0 or 1 are made finite (see
        :func:`~imbascore.metrics.dprime_score`).

    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import aucz_scorer
    >>> aucz_scorer(correction="loglinear")
    make_scorer(aucz_score, response_method='predict', correction=loglinear)
    """
    return _make(aucz_scorer, dict(correction=correction, **kwargs))


@_factory("balanced_accuracy")
def adjusted_balanced_accuracy_scorer(
    average: str | None = "multiclass", **kwargs: Any
) -> Scorer:
    """Scorer of balanced accuracy adjusted for chance, as scikit-learn's.

    ``balanced_accuracy_score(adjusted=True)``: ``(BA - 1/k) / (1 - 1/k)``,
    0 for chance and 1 for perfect predictions (for two classes, the
    informedness). scikit-learn has the metric but no scorer name for it.

    Parameters
    ----------
    average : str or None, default="multiclass"
        As in :func:`~imbascore.metrics.balanced_accuracy_score`; the default
        averages the recalls of the true classes, as
        :func:`sklearn.metrics.balanced_accuracy_score` does, whatever the
        number of classes.

    {kwargs}

    Examples
    --------
    >>> from imbascore.scorers import adjusted_balanced_accuracy_scorer
    >>> adjusted_balanced_accuracy_scorer()
    make_scorer(balanced_accuracy_score, response_method='predict', \
adjusted=True, average=multiclass, pos_label=None)
    """
    # adjusted=True: the record's scorer_params
    return _make(adjusted_balanced_accuracy_scorer, dict(average=average, **kwargs))


#: Factories of lower-is-better metrics: scikit-learn's ``neg_`` convention.
LOWER_IS_BETTER: set[Callable[..., Any]] = {
    factory
    for factory, (key, _) in FACTORY_METRICS.items()
    if not metric_info(key).greater_is_better
}


def spec_factory(key):
    """The scorer factory of metric of labels ``key``: its own where it has
    one (``iba_scorer``, ...), else one generated from its spec once (AGM,
    CBA, PABAK, SEDI, and the metrics of :func:`~imbascore.define_metric`),
    reached through :func:`~imbascore.get_scorer` by the record's name."""
    info = metric_info(key)
    factory = SCORER_OF.get(key)
    if factory is None or FACTORY_METRICS[factory][1] is not info.function:
        # (a name defined again in the session: its new function)

        def factory(**kwargs: Any) -> Scorer:
            return _make(factory, kwargs)

        factory.__name__ = factory.__qualname__ = f"{info.scorer}_scorer"
        factory.__doc__ = (
            f"The scorer of {info.function_name}, generated from its spec: "
            f"``get_scorer({info.scorer!r}, **params)`` builds it. " + ratio_text(info)
        )
        FACTORY_METRICS[factory] = (key, info.function)
        SCORER_OF[key] = factory
        if not info.greater_is_better:
            LOWER_IS_BETTER.add(factory)
    return factory


#: Registry name -> factory of the metrics of labels, from their records.
BUILTIN_FACTORIES = {info.scorer: spec_factory(info.name) for info in LABEL_CATALOGUE}
