"""Moved to :mod:`imbascore._specs.formulas` (the specs' layer)."""

from .._specs.formulas import *  # noqa: F403
from .._specs.formulas import __all__  # noqa: F401
