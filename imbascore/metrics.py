"""Metrics for classifiers on imbalanced data, with scikit-learn's signature.

Every function validates and counts its inputs once (see
:class:`~imbascore.ConfusionCounts`), turns the counts into rates and
applies a formula. Names ending in ``_score``
are greater-is-better.

The definitions live in ``imbascore._metrics``; this is their public address.
"""

from ._core.public import pin_public_paths
from ._metrics.definitions import *  # noqa: F403  (the names of its __all__)
from ._metrics.definitions import __all__

pin_public_paths(globals(), __all__, __name__)
