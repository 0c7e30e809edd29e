"""Scorer factories: every metric as an ordinary scikit-learn scorer.

Each factory checks its parameters at once (so that a bad ``alpha`` fails when
the search is set up, not in the middle of it) and returns
``sklearn.metrics.make_scorer(<metric function>, **params)``. The metric
functions live at module level, so the scorers pickle with :mod:`pickle`, and
they take part in metadata routing like any scorer of scikit-learn::

    from sklearn.model_selection import GridSearchCV
    from imbascore.scorers import iba_scorer

    search = GridSearchCV(model, grid, scoring=iba_scorer(alpha=0.1))

The factories live in ``imbascore._scorer``; this is their public address.
"""

from ._core.public import pin_public_paths
from ._scorer import calibration_scorers, factories, group_scorers, ranking_scorers
from ._scorer.calibration_scorers import (  # noqa: F401  (listed in __all__ below)
    brier_scorer,
    ece_scorer,
    log_loss_scorer,
    mcb_scorer,
)
from ._scorer.factories import *  # noqa: F403  (the names of its __all__)
from ._scorer.group_scorers import worst_group_scorer  # noqa: F401
from ._scorer.ranking_scorers import (  # noqa: F401  (listed in __all__ below)
    auprg_scorer,
    average_precision_scorer,
    partial_auc_scorer,
    roc_auc_scorer,
)

__all__ = sorted(
    factories.__all__
    + [
        name
        for module in (ranking_scorers, calibration_scorers, group_scorers)
        for name in module.__all__
        if name.endswith("_scorer")
    ]
)

pin_public_paths(globals(), __all__, __name__)
