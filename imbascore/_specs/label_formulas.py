"""Each metric of labels as a function of one-vs-rest counts.

``counts`` has array (or plain float) attributes ``tp``, ``fn``, ``fp``,
``tn`` (and ``positives``, ``trials``, ...: see
:class:`~imbascore._core.engine.select.OneVsRestCounts`), one entry per class;
each function returns the metric's value per class. Their records in
:mod:`.labels` point here; the 0/0 cases are the readers' (numpy's warnings
are silenced there, undefined entries filled from the record's ``needs``).
"""

import numpy as np

from . import formulas as F

# ---------------------------------------------------------------- rates


def rate(numerator, denominator):
    """Ratio clipped to [0, 1] (rounding only); NaN where undefined.

    Callers silence numpy's 0/0 warning (see ``per_class_values``). Plain
    floats (defined binary cells, see ``binary_cells``) stay floats.
    """
    if type(numerator) is float:
        return min(max(numerator / denominator, 0.0), 1.0)
    return np.minimum(np.maximum(numerator / denominator, 0.0), 1.0)


def tpr(counts):
    return rate(counts.tp, counts.tp + counts.fn)


def tnr(counts):
    return rate(counts.tn, counts.fp + counts.tn)


def fpr(counts):
    return rate(counts.fp, counts.fp + counts.tn)


def fnr(counts):
    return rate(counts.fn, counts.tp + counts.fn)


def ppv(counts):
    return rate(counts.tp, counts.tp + counts.fp)


def npv(counts):
    return rate(counts.tn, counts.tn + counts.fn)


def accuracy(counts):
    total = (counts.tp + counts.fn) + (counts.fp + counts.tn)
    return rate(counts.tp + counts.tn, total)


# ---------------------------------------------------------------- metrics


def dominance(counts):
    return F.dominance(tpr(counts), tnr(counts))


def geometric_mean(counts, zero_recall=0.0):
    # zero_recall acts with average="multiclass" only (checked to be 0 here).
    return F.geometric_mean(tpr(counts), tnr(counts))


def iba(counts, alpha=0.1, squared=True):
    return F.index_balanced_accuracy(tpr(counts), tnr(counts), alpha, squared)


def optimized_precision(counts):
    return F.optimized_precision(accuracy(counts), tpr(counts), tnr(counts))


def ad_area(counts):
    sens, spec = tpr(counts), tnr(counts)
    return F.ad_area(F.geometric_mean(sens, spec), F.dominance(sens, spec))


def balanced_accuracy(counts, adjusted=False):
    value = F.balanced_accuracy(tpr(counts), tnr(counts))
    # Chance-adjusted as scikit-learn's: (BA - 1/2) / (1 - 1/2) for two classes.
    return 2.0 * value - 1.0 if adjusted else value


def weighted_accuracy(counts, weight=0.5):
    return F.weighted_accuracy(tpr(counts), tnr(counts), weight)


# Rates closer than this are on the chance diagonal (rounding of weighted sums).
_DIAGONAL_TOLERANCE = 1e-12


def dprime(counts, correction="macmillan"):
    hits, false_alarms = tpr(counts), fpr(counts)
    # Half a trial under weights: the trials are the effective sample sizes,
    # so scaling all weights, or weighting a class uniformly, changes nothing.
    positive_trials, negative_trials = counts.trials
    misses = rate(counts.fn, counts.positives)
    corrected = F.probit(hits, misses, positive_trials, correction) - F.probit(
        false_alarms, tnr(counts), negative_trials, correction
    )
    # A point on the chance diagonal (every constant prediction is one) has
    # d' = 0; correcting its two rates by class-size-dependent amounts would
    # credit it with discrimination it does not have.
    on_diagonal = np.abs(hits - false_alarms) <= _DIAGONAL_TOLERANCE
    return np.where(on_diagonal, 0.0, corrected)


def aucz(counts, correction="macmillan"):
    return F.aucz(dprime(counts, correction))


def informedness(counts):
    return F.informedness(tpr(counts), tnr(counts))


def markedness(counts):
    return F.markedness(ppv(counts), npv(counts))


def lr_plus(counts):
    return tpr(counts) / fpr(counts)


def lr_minus(counts):
    return fnr(counts) / tnr(counts)


def nmi(counts):
    tables = np.stack([counts.tp, counts.fn, counts.fp, counts.tn], axis=-1)
    return F.normalized_mutual_information(tables.reshape(-1, 2, 2))


def adjusted_geometric_mean(counts):
    # Batuwita & Palade (2009): (G + TNR * Nn) / (1 + Nn), Nn the negatives'
    # share of the samples; 0 when no positive is found (G would hide it).
    sens, spec = tpr(counts), tnr(counts)
    negatives = counts.fp + counts.tn
    share = negatives / (counts.tp + counts.fn + negatives)
    value = (F.geometric_mean(sens, spec) + spec * share) / (1.0 + share)
    return np.where(sens == 0.0, 0.0, value)


def class_balance_accuracy(counts):
    # Mosley (2013): a class's hits over the larger of its true and
    # predicted counts; the macro average over classes is the CBA.
    return rate(counts.tp, np.maximum(counts.tp + counts.fn, counts.tp + counts.fp))


def pabak(counts):
    # Prevalence- and bias-adjusted kappa (Byrt, Bishop & Carlin 1993).
    return 2.0 * accuracy(counts) - 1.0


def sedi(counts):
    # Ferro & Stephenson (2011): symmetric in H = TPR and F = FPR, and free
    # of the base rate; undefined (NaN) where H or F is 0 or 1.
    hits, false_alarms = tpr(counts), fpr(counts)
    logs = np.log(false_alarms), np.log(hits), np.log1p(-false_alarms), np.log1p(-hits)
    return (logs[0] - logs[1] - logs[2] + logs[3]) / (
        logs[0] + logs[1] + logs[2] + logs[3]
    )
