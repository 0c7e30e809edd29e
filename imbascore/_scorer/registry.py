"""One name space for our scorers and scikit-learn's.

scikit-learn checks the strings it accepts as ``scoring=`` against its own
registry, fixed when it is imported; this package does not patch it. Instead,
:func:`get_scorer` resolves our names first and scikit-learn's second, and
hands back scorer objects, which every ``scoring=`` accepts::

    from sklearn.model_selection import GridSearchCV, cross_validate
    from imbascore import get_scorer, get_scoring

    GridSearchCV(model, grid, scoring=get_scorer("iba", alpha=0.1))
    cross_validate(model, X, y, scoring=get_scoring(["iba", "gmean", "f1"]))
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Sequence
from typing import Any, Literal

from sklearn.metrics import get_scorer as _sklearn_get_scorer
from sklearn.metrics import get_scorer_names as _sklearn_scorer_names

from .._core.checks import check_choice, did_you_mean
from .._core.types import Scorer
from .._metrics.sklearn_from_counts import SKLEARN_FROM_COUNTS
from .._specs.catalogue import CATALOGUE, label_specs
from .calibration_scorers import STRATUM_FACTORIES
from .decision_scorers import DECISION_FACTORIES
from .factories import (
    FACTORY_METRICS,
    metric_parameters,
    prevalence_scorer,
    spec_factory,
)
from .ranking_scorers import RANKING_FACTORIES  # noqa: F401  (fills SCORER_OF)
from .records import SCORER_OF

__all__ = ["get_scorer", "get_scorer_names", "get_scoring", "register_scorer"]

#: Every record's scorer factory by its scorer name, generated from the
#: catalogue (as scikit-learn's ``_SCORERS``).
_OURS = {info.scorer: SCORER_OF[info.name] for info in CATALOGUE}
#: Names scikit-learn has too: its scorer serves the bare name, ours the
#: name with parameters (``prevalence=``, ``pos_label=``).
_SHARED_NAMES = frozenset(
    {"roc_auc", "average_precision", "neg_brier_score", "neg_log_loss"}
)


class _Factories(dict):
    """Scorer name -> factory. A metric defined with ``define_metric`` after
    import joins on the next look-up, under its record's scorer name (the
    specs are below the scorers: the registry reads them, they cannot
    write here)."""

    def _join_defined(self):
        for spec in label_specs():
            if spec.scorer not in self.keys():
                dict.__setitem__(self, spec.scorer, spec_factory(spec.name))

    def __contains__(self, name):
        self._join_defined()
        return dict.__contains__(self, name)

    def __getitem__(self, name):
        self._join_defined()
        return dict.__getitem__(self, name)

    def get(self, name, default=None):
        self._join_defined()
        return dict.get(self, name, default)

    def __iter__(self):
        self._join_defined()
        return dict.__iter__(self)


#: Our scorer names -> factories; :func:`register_scorer` adds to it.
_FACTORIES = _Factories(
    {name: factory for name, factory in _OURS.items() if name not in _SHARED_NAMES}
    | DECISION_FACTORIES
    | STRATUM_FACTORIES
)


#: scikit-learn's scorer names for classifiers (labels, probabilities or
#: decision scores against class labels), as its user guide groups them; the
#: others are for regression and clustering. A name missing from the installed
#: scikit-learn is left out; one added later shows under ``kind="all"``.
SKLEARN_CLASSIFICATION_NAMES = frozenset(
    {
        *("accuracy", "average_precision", "balanced_accuracy", "top_k_accuracy"),
        *("d2_brier_score", "d2_log_loss_score", "neg_brier_score", "neg_log_loss"),
        *("matthews_corrcoef", "positive_likelihood_ratio", "roc_auc"),
        "neg_negative_likelihood_ratio",
        *(f"roc_auc_{kind}" for kind in ("ovo", "ovo_weighted", "ovr", "ovr_weighted")),
        # the averaged variants, generated as in scikit-learn's _scorer.py
        *(
            f"{name}{average}"
            for name in ("f1", "jaccard", "precision", "recall")
            for average in ("", "_macro", "_micro", "_samples", "_weighted")
        ),
    }
)

#: What :func:`get_scorer_names` can list.
NAME_KINDS = ("classification", "all")


def get_scorer_names(
    *, kind: Literal["classification", "all"] = "classification"
) -> list[str]:
    """The names :func:`get_scorer` resolves, sorted: by default the
    classification ones, ours and scikit-learn's.

    Parameters
    ----------
    kind : {"classification", "all"}, default="classification"
        ``"classification"``: imbascore's names (and those registered with
        :func:`register_scorer`) and scikit-learn's classification scorers
        (``"accuracy"``, ``"f1"``, ``"roc_auc"``, ...). ``"all"``: also
        scikit-learn's regression and clustering scorers (``"r2"``,
        ``"adjusted_rand_score"``, ...), which :func:`get_scorer` resolves
        as well: every name of :func:`sklearn.metrics.get_scorer_names`.

    Returns
    -------
    names : list of str

    Examples
    --------
    >>> from imbascore import get_scorer_names
    >>> names = get_scorer_names()
    >>> "iba" in names and "f1" in names and "r2" not in names
    True
    >>> "r2" in get_scorer_names(kind="all")
    True
    """
    kind = check_choice(kind, "kind", NAME_KINDS, "get_scorer_names")
    sklearn_names = set(_sklearn_scorer_names())
    if kind == "classification":
        sklearn_names &= SKLEARN_CLASSIFICATION_NAMES
    return sorted(set(_FACTORIES) | sklearn_names)


def _unknown_name_error(name):
    hint = did_you_mean(name, get_scorer_names(kind="all"))
    hint = f" {hint}" if hint else ""
    return ValueError(
        f"{name!r} is not a scorer name of imbascore or scikit-learn.{hint} "
        "imbascore.get_scorer_names() lists those for classification, "
        "get_scorer_names(kind='all') all of them."
    )


def get_scorer(scoring: str | Callable[..., Any], **params: Any) -> Scorer:
    """A scorer by name: imbascore's names first, then scikit-learn's.

    Parameters
    ----------
    scoring : str or callable
        A name from :func:`get_scorer_names`, such as ``"iba"``, ``"gmean"``
        or scikit-learn's ``"f1"``. A callable (a scorer already) is returned
        as a copy, as :func:`sklearn.metrics.get_scorer` does.

    **params : dict
        Parameters of our scorer factory, e.g. ``alpha=0.5`` for ``"iba"``
        (see :mod:`imbascore.scorers`). scikit-learn's names take none; they
        keep scikit-learn's meaning exactly, but ``prevalence=`` for its
        names of the confusion matrix, and ``"roc_auc"`` and
        ``"average_precision"``, which with parameters (``prevalence=``,
        ``pos_label=``) are our :func:`~imbascore.scorers.roc_auc_scorer` and
        :func:`~imbascore.scorers.average_precision_scorer`.

    Returns
    -------
    scorer : callable
        ``scorer(estimator, X, y, sample_weight=None)``, ready for ``scoring=``.

    Raises
    ------
    ValueError
        For an unknown name; the message lists the closest valid names.

    Examples
    --------
    >>> from imbascore import get_scorer
    >>> get_scorer("iba", alpha=0.5)
    make_scorer(index_balanced_accuracy_score, response_method='predict', \
alpha=0.5, squared=True)
    >>> get_scorer("accuracy")
    make_scorer(accuracy_score, response_method='predict')
    """
    if callable(scoring) and not isinstance(scoring, str):
        if params:
            raise TypeError(
                "get_scorer takes no parameters with a callable 'scoring'; got "
                f"{sorted(params)}. Build the scorer with them instead."
            )
        return copy.deepcopy(scoring)
    if not isinstance(scoring, str):
        raise TypeError(
            "The 'scoring' parameter of get_scorer must be a str among "
            f"get_scorer_names() or a callable. Got {scoring!r} instead."
        )
    if scoring in _FACTORIES:
        scorer = _FACTORIES[scoring](**params)
        if not callable(scorer):
            raise TypeError(
                f"The factory registered as {scoring!r} returned {scorer!r}, "
                "which is not a scorer (a callable)."
            )
        return scorer
    if scoring in _SHARED_NAMES and params:
        return _OURS[scoring](**params)
    if scoring not in _sklearn_scorer_names():
        raise _unknown_name_error(scoring)
    if "prevalence" in params and scoring in PREVALENCE_NAMES:
        prevalence = params.pop("prevalence")
        if params:
            raise TypeError(
                f"{scoring!r} is scikit-learn's scorer and takes no parameters "
                f"but prevalence here (got {sorted(params)})."
            )
        return prevalence_scorer(scoring, prevalence, {}, "get_scorer")
    if "prevalence" in params:
        raise TypeError(_no_prevalence_message([scoring]))
    if params:
        raise TypeError(
            f"{scoring!r} is scikit-learn's scorer and takes no parameters here "
            f"(got {sorted(params)}); use one of its named variants (e.g. "
            "'f1_macro') or sklearn.metrics.make_scorer(<metric>, ...)."
        )
    return _sklearn_get_scorer(scoring)


#: scikit-learn's names that take ``prevalence``: functions of the matrix.
PREVALENCE_NAMES = frozenset(
    name for name in SKLEARN_FROM_COUNTS if not name.endswith("_samples")
)


def _no_prevalence_message(names):
    return (
        f"prevalence applies to metrics of the confusion matrix and to the "
        f"ranking metrics of imbascore; {names} cannot take it (scikit-learn's "
        "other scorers of scores, or a scorer of your own). Score them without "
        "prevalence, in a scoring dict of their own."
    )


def accepted_params(name):
    """Parameters the built-in scorer ``name`` accepts: its metric's and
    ``prevalence``; ``("prevalence",)`` for scikit-learn's names of the
    confusion matrix, ``()`` for other names."""
    factory = _FACTORIES.get(name, _OURS.get(name))
    if factory in FACTORY_METRICS:
        return [*metric_parameters(FACTORY_METRICS[factory][1]), "prevalence"]
    if (
        factory in _OURS.values()
        or factory in STRATUM_FACTORIES.values()
        or (factory is not None and factory is DECISION_FACTORIES.get(name))
    ):
        return list(inspect.signature(factory).parameters)
    return ("prevalence",) if name in PREVALENCE_NAMES else ()  # not ours


def check_scorer_list(names, func):
    """Check ``names`` is a non-empty list of distinct known scorer names."""
    if isinstance(names, str) or not hasattr(names, "__iter__"):
        raise TypeError(
            f"The 'names' parameter of {func} must be a list of scorer names. "
            f"Got {names!r} instead. For a single scorer use get_scorer({names!r})."
        )
    names = list(names)
    if not names:
        raise ValueError(
            f"The 'names' parameter of {func} must be a non-empty list of scorer "
            "names. Got [] instead."
        )
    for name in names:
        if not isinstance(name, str):
            raise TypeError(
                f"The 'names' parameter of {func} must hold str names. Got "
                f"{name!r} in {names!r}."
            )
        if name not in _FACTORIES and name not in _sklearn_scorer_names():
            raise _unknown_name_error(name)
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(
            f"The 'names' parameter of {func} must hold distinct names. Got "
            f"{repeated} more than once."
        )
    return names


def split_params(names, params, func):
    """Hand each name the ``params`` its metric accepts; reject unused ones."""
    per_name = {
        name: {k: v for k, v in params.items() if k in accepted_params(name)}
        for name in names
    }
    if "prevalence" in params:
        left_out = [name for name in names if "prevalence" not in per_name[name]]
        if left_out:  # scored at the data's ratio beside the others: refused
            raise TypeError(f"{func}: " + _no_prevalence_message(left_out))
    used = {key for given in per_name.values() for key in given}
    unused = sorted(set(params) - used)
    if unused:
        raise TypeError(
            f"{func} got parameter(s) {unused} that none of the scorers "
            f"{names} accepts. Parameters go to imbascore's own scorers only "
            "(scikit-learn's names keep scikit-learn's settings)."
        )
    return per_name


def get_scoring(names: Sequence[str], **params: Any) -> dict[str, Scorer]:
    """The ``{name: scorer}`` dict that ``scoring=`` takes, for several names.

    Parameters
    ----------
    names : list of str
        Names from :func:`get_scorer_names`, ours and scikit-learn's mixed.

    **params : dict
        Parameters for our scorers; each goes to every named scorer of ours
        that accepts it (``alpha`` to ``"iba"``, ``average`` to all of ours).
        A parameter that none of them accepts raises a ``TypeError``.

    Returns
    -------
    scoring : dict of str to callable

    See Also
    --------
    multi_scorer : The same numbers from one prediction and one count.

    Examples
    --------
    >>> from imbascore import get_scoring
    >>> scoring = get_scoring(["iba", "gmean", "f1"], alpha=0.5)
    >>> sorted(scoring)
    ['f1', 'gmean', 'iba']
    >>> scoring["iba"]
    make_scorer(index_balanced_accuracy_score, response_method='predict', \
alpha=0.5, squared=True)
    """
    names = check_scorer_list(names, "get_scoring")
    per_name = split_params(names, params, "get_scoring")
    return {name: get_scorer(name, **per_name[name]) for name in names}


def register_scorer(
    name: str, factory: Callable[..., Any], *, overwrite: bool = False
) -> Scorer:
    """Make a scorer of your own available to :func:`get_scorer` by name.

    Parameters
    ----------
    name : str
        The new name. scikit-learn's names cannot be taken (they keep their
        meaning); imbascore's and earlier registrations only with
        ``overwrite=True``.

    factory : callable
        Called as ``factory(**params)`` by ``get_scorer(name, **params)``; it
        must return a scorer, e.g. ``lambda: make_scorer(cohen_kappa_score)``.
        Use a module-level function if the scorer must pickle.

    overwrite : bool, default=False
        Whether to replace a name imbascore already resolves.

    Returns
    -------
    factory : callable
        The factory, unchanged.

    Examples
    --------
    >>> from sklearn.metrics import cohen_kappa_score, make_scorer
    >>> from imbascore import get_scorer, register_scorer
    >>> def kappa_scorer(**params):
    ...     return make_scorer(cohen_kappa_score, **params)
    >>> _ = register_scorer("kappa", kappa_scorer, overwrite=True)
    >>> get_scorer("kappa", weights="linear")
    make_scorer(cohen_kappa_score, response_method='predict', weights=linear)
    """
    if not isinstance(name, str) or not name:
        raise TypeError(
            "The 'name' parameter of register_scorer must be a non-empty str. "
            f"Got {name!r} instead."
        )
    if not callable(factory):
        raise TypeError(
            "The 'factory' parameter of register_scorer must be a callable "
            f"returning a scorer. Got {factory!r} instead."
        )
    if name in _sklearn_scorer_names():
        raise ValueError(
            f"The 'name' parameter of register_scorer must not be one of "
            f"scikit-learn's scorer names, which keep their meaning. Got {name!r}."
        )
    if name in _FACTORIES and not overwrite:
        raise ValueError(
            f"The 'name' parameter of register_scorer must be a new name. Got "
            f"{name!r}, which is already registered; pass overwrite=True to "
            "replace it."
        )
    _FACTORIES[name] = factory
    return factory
