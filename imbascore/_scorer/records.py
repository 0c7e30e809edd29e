"""The built-in scorer factory of each catalogue record, in one table.

Each family's module (labels, scores, probabilities) marks its factories with
:func:`scorer_of`; the registry's table of names (as scikit-learn's
``_SCORERS``) is generated from the catalogue's records through
:data:`SCORER_OF`, so that a metric's scorer name, sign and parameters are
written once, in its record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._specs.catalogue import metric_info
from .factory_as_scorer import scorer_factory

__all__ = ["SCORER_OF", "ratio_text", "scorer_of"]

#: Metric key (a catalogue record's name) -> its built-in scorer factory.
SCORER_OF: dict[str, Callable[..., Any]] = {}

_RATIO_FREE_DOC = (
    "This metric does not depend on the class ratio (for two classes): "
    "``prevalence`` changes nothing but the rounding of the last digits, and "
    "is accepted so that one set of parameters serves every name."
)
_RATIO_DEPENDENT_DOC = "This metric depends on the class ratio."


def ratio_text(info: Any) -> str:
    """What a scorer's docstring says of its metric and the class ratio."""
    return _RATIO_FREE_DOC if info.ratio_free else _RATIO_DEPENDENT_DOC


def scorer_of(key: str, placeholder: str, text: str) -> Callable[..., Any]:
    """Record the decorated factory as the scorer of metric ``key``.

    The factory's docstring gets ``text`` for ``placeholder`` (``{metric}``:
    the metric function's name, ``{ratio}``: whether the record says the
    metric depends on the class ratio), and the factory also scores with its
    defaults when passed uncalled as a scorer
    (:func:`~.factory_as_scorer.scorer_factory`).
    """
    info = metric_info(key)
    ratio = ratio_text(info)

    def decorate(factory):
        text_of = text.format(metric=info.function_name, ratio=ratio)
        factory.__doc__ = factory.__doc__.replace(placeholder, text_of)
        SCORER_OF[key] = factory = scorer_factory(factory)
        return factory

    return decorate
