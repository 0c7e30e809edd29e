"""Scorer factories: every metric as an ordinary scikit-learn scorer.

Each factory checks its parameters at once (so that a bad ``alpha`` fails when
the search is set up, not in the middle of it) and returns
``sklearn.metrics.make_scorer(<metric function>, **params)``. The metric
functions live at module level, so the scorers pickle with :mod:`pickle`, and
they take part in metadata routing like any scorer of scikit-learn::

    from sklearn.model_selection import GridSearchCV
    from imbascore.scorers import iba_scorer

    search = GridSearchCV(model, grid, scoring=iba_scorer(alpha=0.1))

A factory passed uncalled, ``scoring=iba_scorer``, scores as ``iba_scorer()``
does; one without usable defaults (``partial_auc_scorer`` needs a bound)
raises a TypeError that says which parameters to give.

The factories live in ``imbascore._scorer``; this is their public address.
"""

from ._core.public import pin_public_paths
from ._scorer import calibration_scorers, factories, group_scorers, ranking_scorers

# `name as name`: the explicit re-export a type checker reads (PEP 484).
from ._scorer.calibration_scorers import (
    brier_scorer as brier_scorer,
)
from ._scorer.calibration_scorers import (
    ece_scorer as ece_scorer,
)
from ._scorer.calibration_scorers import (
    log_loss_scorer as log_loss_scorer,
)
from ._scorer.calibration_scorers import (
    mcb_scorer as mcb_scorer,
)
from ._scorer.factories import *  # noqa: F403  (the names of its __all__)
from ._scorer.group_scorers import worst_group_scorer as worst_group_scorer
from ._scorer.ranking_scorers import (
    auprg_scorer as auprg_scorer,
)
from ._scorer.ranking_scorers import (
    average_precision_scorer as average_precision_scorer,
)
from ._scorer.ranking_scorers import (
    partial_auc_scorer as partial_auc_scorer,
)
from ._scorer.ranking_scorers import (
    roc_auc_scorer as roc_auc_scorer,
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
