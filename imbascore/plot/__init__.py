"""The papers' graphs, as displays in the style of scikit-learn's.

matplotlib is an optional extra (``pip install "imbascore[plot]"``); it is
imported only when something is drawn.
"""

from .._core.public import pin_public_paths
from ._accuracy_dominance import AccuracyDominanceDisplay
from ._balanced_accuracy_curve import BalancedAccuracyCurveDisplay
from ._balanced_accuracy_graph import BalancedAccuracyGraphDisplay
from ._class_ratio import ClassRatioDisplay
from ._critical_difference import CriticalDifferenceDisplay
from ._decision_curve import DecisionCurveDisplay
from ._groups import GroupMetricsDisplay
from ._iba_surface import plot_iba_surface
from ._ranking_curves import (
    PrecisionRecallBandDisplay,
    PrecisionRecallGainDisplay,
    RocCurveBandDisplay,
)
from ._reliability import ReliabilityDisplay
from ._roc_isometrics import RocIsometricsDisplay
from ._threshold_curve import ThresholdCurveDisplay

__all__ = [
    "DecisionCurveDisplay",
    "AccuracyDominanceDisplay",
    "BalancedAccuracyCurveDisplay",
    "BalancedAccuracyGraphDisplay",
    "ClassRatioDisplay",
    "CriticalDifferenceDisplay",
    "GroupMetricsDisplay",
    "plot_iba_surface",
    "PrecisionRecallBandDisplay",
    "PrecisionRecallGainDisplay",
    "ReliabilityDisplay",
    "RocCurveBandDisplay",
    "RocIsometricsDisplay",
    "ThresholdCurveDisplay",
]

pin_public_paths(globals(), __all__, __name__)
