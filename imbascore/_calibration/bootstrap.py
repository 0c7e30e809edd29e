"""Bootstrap resamples of grouped probabilities, by reweighting one sorted
order.

A resample is each distinct probability's weight of positives and of
negatives after drawing the cases with replacement. Without sample weights
the cases of one (value, class) cell are interchangeable, so the cells'
counts are one multinomial draw (the resample costs a pass over the cells,
not the samples); with weights each case is drawn and its weight summed.
``stratified``: each class is drawn on its own (its count kept), as at a
fixed deployment ratio; otherwise the class counts vary too, as they do
from sample to sample.
"""

import numpy as np

from .._ranking.bootstrap import integers_of

__all__ = ["grouped_resamples", "paired_multiplicities"]


def _cell_draws(positives, negatives, n_resamples, rng, stratified):
    cells = np.concatenate([positives, negatives]).astype(np.int64)
    k = positives.shape[0]
    for _ in range(n_resamples):
        if stratified:
            drawn = np.concatenate(
                [
                    _multinomial(rng, cells[:k]),
                    _multinomial(rng, cells[k:]),
                ]
            )
        else:
            drawn = _multinomial(rng, cells)
        yield drawn[:k].astype(np.float64), drawn[k:].astype(np.float64)


def _multinomial(rng, counts):
    total = int(counts.sum())
    if total == 0:
        return np.zeros_like(counts)
    return rng.multinomial(total, counts / total)


def _sample_draws(ranked, n_resamples, rng, stratified):
    weights = ranked.weights
    kept = weights > 0  # a sample of weight 0 is drawn in no resample
    members = np.flatnonzero(kept)
    classes = (
        [members[ranked.positive[members]], members[~ranked.positive[members]]]
        if stratified
        else [members]
    )
    integers = integers_of(rng)
    for _ in range(n_resamples):
        multiplicity = np.zeros(weights.shape[0])
        for cls in classes:
            if cls.shape[0]:
                drawn = cls[integers(0, cls.shape[0], size=cls.shape[0])]
                multiplicity += np.bincount(drawn, minlength=weights.shape[0])
        positives, negatives = ranked.per_group(multiplicity * weights)
        yield positives[::-1], negatives[::-1]


def grouped_resamples(ranked, n_resamples, rng, *, stratified):
    """Yield ``(positives, negatives)`` of each resample, per distinct
    probability in ascending order (the data's own class weights, before any
    deployment ratio)."""
    if ranked.weights is None:
        positives, negatives = ranked.per_group()
        yield from _cell_draws(
            positives[::-1], negatives[::-1], n_resamples, rng, stratified
        )
    else:
        yield from _sample_draws(ranked, n_resamples, rng, stratified)


def paired_multiplicities(ranked, n_resamples, rng):
    """Yield each resample's multiplicity per sample, in the input's order:
    the cases drawn with replacement (samples of weight 0 never), the same
    for every model scored on those samples."""
    n = ranked.order.shape[0]
    members = np.arange(n)
    if ranked.weights is not None:
        weights = np.empty(n)
        weights[ranked.order] = ranked.weights
        members = np.flatnonzero(weights > 0)
    integers = integers_of(rng)
    for _ in range(n_resamples):
        drawn = members[integers(0, members.shape[0], size=members.shape[0])]
        yield np.bincount(drawn, minlength=n).astype(np.float64)
