"""Calibration: whether predicted probabilities match the observed frequencies.

Every function reads its probabilities through the score door and the one
sort of the score side (:mod:`imbascore._core.engine.ranked`), then works on
the distinct probabilities with the positives' and the negatives' weight at
each (:mod:`imbascore._calibration.grouped`): the Brier score and log loss
overall and by class, the CORP reliability curve by the pool-adjacent
violators and its decomposition, binned curves and the expected calibration
error, the logistic calibration intercept and slope, their bands and
intervals. A deployment ratio (``prevalence=``) rescales the two classes'
weights, a bootstrap resample reweights the same sorted order.
"""
