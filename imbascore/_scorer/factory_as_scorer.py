"""A scorer factory passed where a scorer goes scores with its defaults.

``GridSearchCV(model, grid, scoring=iba_scorer)`` (the factory, not
``iba_scorer()``) is the obvious spelling. Left alone, scikit-learn calls
``iba_scorer(estimator, X, y)``, the factory refuses three positional
arguments, every fold's score becomes NaN with a warning, and the search
"chooses" its first candidate. :func:`scorer_factory` makes each public
factory tell the two calls apart: called with an estimator first (anything
with ``fit``, scikit-learn's own test of an estimator), it scores exactly as
``factory()(estimator, X, y, ...)``; under metadata routing it also requests
what ``factory()`` requests, and takes ``sample_weight`` where it does.

A factory without usable defaults (a required parameter, as
``precision_at_recall_scorer``'s ``min_recall``, or ``partial_auc_scorer``'s
choice of bound) raises a TypeError naming the parameters and the spelling
to use. scikit-learn asks a scorer nothing before the first fold unless
metadata is passed: with routing on, or with ``fit(..., sample_weight=w)``,
the search stops before fitting; with neither, the error is raised at each
score, and scikit-learn turns it into NaN with a warning that carries it
(``error_score="raise"`` stops there). Nothing short of patching
scikit-learn, which this package does not do, refuses earlier.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["scorer_factory"]

_Factory = TypeVar("_Factory", bound=Callable[..., Any])


def _required_parameters(factory):
    """The parameters of ``factory`` without a default."""
    return [
        parameter.name
        for parameter in inspect.signature(factory).parameters.values()
        if parameter.default is parameter.empty
        and parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
    ]


def _default_scorer(factory, required):
    """``factory()``, or the error that says why ``factory`` cannot stand
    for its scorer: parameters without a default, or defaults that do not
    make a scorer (``partial_auc_scorer`` needs one of two bounds)."""
    name = factory.__name__
    if required:
        given = ", ".join(f"{param}=..." for param in required)
        raise TypeError(
            f"{name} was given where a scorer goes (scoring={name}), but "
            f"its parameter(s) {required} have no default. Build the scorer "
            f"instead: scoring={name}({given})."
        )
    try:
        return factory()
    except (TypeError, ValueError) as error:
        raise TypeError(
            f"{name} was given where a scorer goes (scoring={name}), but its "
            f"defaults do not make a scorer: {error} Build the scorer with "
            f"its parameters instead: scoring={name}(...)."
        ) from None


def scorer_factory(factory: _Factory) -> _Factory:
    """``factory``, which also scores with its defaults when it is called as
    a scorer, ``factory(estimator, X, y, sample_weight=None)``.

    The wrapper keeps the factory's name, module, signature and docstring
    (:func:`functools.wraps`), so it pickles by reference and documents as
    the factory does.
    """
    required = _required_parameters(factory)

    @functools.wraps(factory)
    def build_or_score(*args: Any, **kwargs: Any) -> Any:
        if args and hasattr(args[0], "fit"):  # (estimator, X, y, ...)
            return _default_scorer(factory, required)(*args, **kwargs)
        return factory(*args, **kwargs)

    # What scikit-learn asks a scorer before the first fold, answered as
    # factory() answers: with metadata routing on, what it requests
    # (sklearn.utils.metadata_routing.get_routing_for_object); with routing
    # off and fit(..., sample_weight=w), whether it takes sample_weight
    # (the search's probe of a scorer; a function's signature otherwise).
    def get_metadata_routing() -> Any:
        return _default_scorer(factory, required).get_metadata_routing()

    def _accept_sample_weight() -> bool:
        scorer = _default_scorer(factory, required)
        probe = getattr(scorer, "_accept_sample_weight", None)
        if probe is not None:
            return bool(probe())
        return "sample_weight" in inspect.signature(scorer).parameters

    build_or_score.get_metadata_routing = get_metadata_routing  # type: ignore[attr-defined]
    build_or_score._accept_sample_weight = _accept_sample_weight  # type: ignore[attr-defined]
    return build_or_score  # type: ignore[return-value]
