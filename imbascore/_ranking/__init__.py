"""Ranking metrics: areas under the ROC, PR and PRG curves, partial AUC,
DeLong's variance, bootstrap intervals and bands, all read from one sorted
order of the scores (:mod:`imbascore._core.engine.ranked`)."""
