"""Weka 3.6's ``SimpleKMeans`` with its defaults (Euclidean distance).

Followed from ``weka/clusterers/SimpleKMeans.java`` and
``weka/core/NormalizableDistance.java`` / ``EuclideanDistance.java``:

* Seeds: ``java.util.Random(seed)``; for ``j = n - 1`` down to 0 the instance
  at ``nextInt(j + 1)`` becomes a centre unless one with the same values is
  one already, and is swapped to position ``j`` (the data's order is changed
  for the rest of the run, as ``m_PreserveOrder`` is off).
* Distance: square root of the sum, attribute by attribute, of squared
  differences of ``(x - min) / (max - min)`` over the clustered data's ranges
  (0 where ``max == min``); nominal values differ by 0 or 1. The nearest
  centre is the first at the smallest distance.
* Batch updates: all instances are assigned, then every non-empty cluster's
  centre becomes its mean (mode for nominal attributes, first largest
  count); empty clusters are dropped and the others renumbered; stop when no
  assignment changes or after 500 iterations.
"""

import numpy as np

from .random import JavaRandom

__all__ = ["SimpleKMeans"]


def _sequential_mean(values):
    # Instances.meanOrMode: sum of weight * value in order, over the count.
    return np.cumsum(values, axis=0)[-1] / len(values)


class SimpleKMeans:
    """Weka's SimpleKMeans on complete data; ``nominal`` / ``n_values`` per column."""

    def __init__(self, n_clusters=2, seed=10, max_iterations=500):
        self.n_clusters = n_clusters
        self.seed = seed
        self.max_iterations = max_iterations

    def fit(self, X, nominal, n_values):
        X = np.asarray(X, dtype=float)
        self.nominal, self.n_values = nominal, n_values
        # NormalizableDistance.initializeRanges on the data being clustered.
        self.low, self.high = X.min(axis=0), X.max(axis=0)
        order = np.arange(len(X))
        rng = JavaRandom(self.seed)
        centres, seen = [], set()
        for j in range(len(X) - 1, -1, -1):
            index = rng.next_int(j + 1)
            key = tuple(X[order[index]])  # DecisionTableHashKey over all values
            if key not in seen:
                centres.append(X[order[index]].copy())
                seen.add(key)
            order[j], order[index] = order[index], order[j]
            if len(centres) == self.n_clusters:
                break
        centres = np.array(centres)
        data = X[order]  # the swapped order the iterations run in
        assignments = np.zeros(len(data), dtype=np.int64)
        self.n_iterations = 0
        converged = False
        while not converged:
            self.n_iterations += 1
            new = self.assign(data, centres)
            converged = bool(np.all(new == assignments))
            assignments = new
            kept = [c for c in range(len(centres)) if np.any(assignments == c)]
            centres = np.array([self._centre(data[assignments == c]) for c in kept])
            if self.n_iterations == self.max_iterations:
                converged = True
        self.centres = centres
        return self

    def _centre(self, members):
        centre = _sequential_mean(members)
        for column in np.flatnonzero(self.nominal):
            counts = np.bincount(
                members[:, column].astype(np.int64), minlength=self.n_values[column]
            )
            centre[column] = np.argmax(counts)
        return centre

    def assign(self, X, centres=None):
        """clusterProcessedInstance: the first nearest centre of each row."""
        centres = self.centres if centres is None else centres
        width = self.high - self.low
        squared = np.zeros((len(X), len(centres)))
        for column in range(X.shape[1]):  # in column order, as Weka sums
            if self.nominal[column]:
                diff = (X[:, column, None] != centres[None, :, column]).astype(float)
            elif width[column] == 0:  # norm() is 0 where max == min
                continue
            else:
                a = (X[:, column] - self.low[column]) / width[column]
                b = (centres[:, column] - self.low[column]) / width[column]
                diff = a[:, None] - b[None, :]
                diff = diff * diff
            squared += diff
        return np.argmin(np.sqrt(squared), axis=1)
