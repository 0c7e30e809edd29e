"""Scores counted along their sorted order: the one sort of the score side.

One sort gives the distinct scores (descending) and, for every sample, the
index of its score among them (its *group*). Every count of the score side is
then a weighted ``bincount`` over the groups: the threshold curve's
cumulated counts, the DeLong placements, and each bootstrap resample, which
reweights the same sorted order instead of sorting again.
"""

from dataclasses import dataclass

import numpy as np

__all__ = ["GroupedRanking", "RankedScores", "rank_scores"]


@dataclass(frozen=True, eq=False)
class RankedScores:
    """Samples in descending order of score, grouped by equal score.

    Attributes
    ----------
    thresholds : ndarray of shape (n_groups,)
        The distinct scores, descending (float64).
    group : ndarray of shape (n_samples,)
        Per sample, in sorted order, the index of its score in ``thresholds``.
    positive : ndarray of bool of shape (n_samples,)
        Per sample, in sorted order, whether it is of the positive class.
    weights : ndarray of shape (n_samples,) or None
        Per sample, in sorted order, its weight (None: all 1).
    order : ndarray of shape (n_samples,)
        The permutation that sorted the input: sorted sample ``k`` is input
        sample ``order[k]``.
    """

    thresholds: np.ndarray
    group: np.ndarray
    positive: np.ndarray
    weights: np.ndarray | None
    order: np.ndarray

    @property
    def n_groups(self):
        return self.thresholds.shape[0]

    def per_group(self, weights=None):
        """The weight of the positives and of the negatives at each distinct
        score: ``(positives, negatives)``, each of shape (n_groups,).

        ``weights`` (in sorted order) replaces the samples' own weights, as a
        bootstrap resample's multiplicities times the weights do. Integer
        arrays without weights, float64 with.
        """
        if weights is None:
            weights = self.weights
        k = self.n_groups
        if weights is None:
            positives = np.bincount(self.group[self.positive], minlength=k)
            total = np.bincount(self.group, minlength=k)
            return positives, total - positives
        positives = np.bincount(
            self.group, np.where(self.positive, weights, 0.0), minlength=k
        )
        negatives = np.bincount(
            self.group, np.where(self.positive, 0.0, weights), minlength=k
        )
        return positives, negatives

    def cumulated(self, weights=None):
        """``(tp, fp)`` at each threshold of :attr:`thresholds`: the weight of
        the positives and of the negatives scored at or above it."""
        positives, negatives = self.per_group(weights)
        return np.cumsum(positives), np.cumsum(negatives)

    def any_positive(self):
        """Whether some sample is of the positive class (whatever its weight)."""
        return bool(self.positive.any())

    def all_positive(self):
        """Whether every sample is of the positive class."""
        return bool(self.positive.all())

    def group_of_input(self):
        """Per sample in the input's order, the index of its score in
        :attr:`thresholds` (to pair two models' groups sample by sample)."""
        groups = np.empty_like(self.group)
        groups[self.order] = self.group
        return groups


class GroupedRanking:
    """Scores ranked on their device (array API inputs): the distinct scores
    and each one's positives and negatives, without the samples.

    It answers what the ranking metrics read (:meth:`per_group`,
    :meth:`cumulated`, :attr:`thresholds`); what needs every sample on the
    host (resampling, DeLong's placements) gets ``error``.
    """

    def __init__(
        self, thresholds, positives, negatives, any_positive, all_positive, error
    ):
        self.thresholds = thresholds
        self._counts = positives, negatives
        self._any, self._all = any_positive, all_positive
        self._error = error

    @property
    def n_groups(self):
        return self.thresholds.shape[0]

    def per_group(self, weights=None):
        if weights is not None:
            raise self._error
        return self._counts

    def cumulated(self, weights=None):
        positives, negatives = self.per_group(weights)
        return np.cumsum(positives), np.cumsum(negatives)

    def any_positive(self):
        return self._any

    def all_positive(self):
        return self._all

    def __getattr__(self, name):  # group, positive, weights, order: per sample
        if name in ("group", "positive", "weights", "order", "group_of_input"):
            raise self._error
        raise AttributeError(name)


def rank_scores(scores, positive, weights=None):
    """Sort ``scores`` once, descending, and group the equal ones.

    Parameters
    ----------
    scores : ndarray of shape (n_samples,)
        Real, finite scores (checked by the score door).
    positive : ndarray of bool of shape (n_samples,)
        Whether each sample is of the positive class.
    weights : ndarray of shape (n_samples,) or None
        Checked sample weights.

    Returns
    -------
    ranked : RankedScores
    """
    # descending by sorting the negated scores: a stable order is not needed,
    # equal scores form one group whatever their order within it
    order = np.argsort(-np.asarray(scores, dtype=np.float64), kind="quicksort")
    ordered = scores[order]
    new = np.empty(ordered.shape[0], dtype=bool)
    if new.size:
        new[0] = True
        np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    group = np.cumsum(new, dtype=np.intp) - 1
    thresholds = ordered[new].astype(np.float64)
    return RankedScores(
        thresholds=thresholds,
        group=group,
        positive=np.asarray(positive, dtype=bool)[order],
        weights=None if weights is None else np.asarray(weights, np.float64)[order],
        order=order,
    )
