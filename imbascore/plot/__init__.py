"""The papers' graphs, as displays in the style of scikit-learn's.

matplotlib is an optional extra (``pip install "imbascore[plot]"``); it is
imported only when something is drawn.
"""

from ._accuracy_dominance import AccuracyDominanceDisplay

__all__ = ["AccuracyDominanceDisplay"]
