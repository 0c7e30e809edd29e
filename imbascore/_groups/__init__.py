"""Metrics by group: where a model fails the minority of the minority.

The labels are counted by group in one pass (the engine's joint bincount
with the group as one more code, :mod:`imbascore._core.engine.grouped`);
each group's table is a :class:`~imbascore.ConfusionCounts`, so every
metric, interval and report of the counts reads it, the overall counts are
their sum, and grouped counts of chunks or dask partitions add up. Scores
and probabilities (the ranking and calibration metrics) are sliced by group
after one stable sort of the group codes.
"""
