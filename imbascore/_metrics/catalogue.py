"""Moved to :mod:`imbascore._specs.catalogue` (the specs' layer)."""

from .._specs.catalogue import *  # noqa: F403
from .._specs.catalogue import __all__  # noqa: F401
