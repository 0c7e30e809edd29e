"""Each ranking metric as a function of the cumulated counts of one sorted
order (its record's ``formula`` in :mod:`.scores`).

``tp`` and ``fp`` are the weights of the positives and of the negatives
scored at or above each distinct score, descending
(:meth:`RankedScores.cumulated <imbascore._core.engine.ranked.RankedScores.cumulated>`):
the point estimate, every bootstrap resample and every band read the same
functions, so a resample is a reweighting, never a new sort.
"""

import numpy as np

__all__ = [
    "auprg_from_counts",
    "average_precision_from_counts",
    "partial_auc_from_counts",
    "prg_curve_from_counts",
    "roc_auc_from_counts",
]


def roc_auc_from_counts(tp, fp):
    """The trapezoidal area under the ROC curve (ties: a half), scikit-learn's
    ``roc_auc_score``; NaN without positives or negatives."""
    positives, negatives = float(tp[-1]), float(fp[-1])
    if positives <= 0 or negatives <= 0:
        return np.nan
    tp = np.concatenate(([0.0], tp))
    fp = np.concatenate(([0.0], fp))
    area = np.dot(np.diff(fp), tp[1:] + tp[:-1]) / 2.0
    return float(area / (positives * negatives))


def average_precision_from_counts(tp, fp):
    """Average precision, ``sum_k (R_k - R_{k-1}) P_k`` over the distinct
    scores (scikit-learn's step sum, no interpolation); NaN without
    positives."""
    positives = float(tp[-1])
    if positives <= 0:
        return np.nan
    gained = np.diff(tp, prepend=0)
    # only the scores that gain recall count, and there tp + fp >= tp > 0:
    # the precision of the others (a bootstrap resample's empty groups among
    # them) is never computed
    at = np.flatnonzero(gained)
    hits = tp[at].astype(np.float64)
    return float(np.dot(gained[at], hits / (hits + fp[at])) / positives)


# ---------------------------------------------------------------------------
# Precision-Recall-Gain (Flach & Kull, 2015)


def _prg_points(tp, fp):
    """Precision gain and recall gain at the origin and at every distinct
    score whose samples weigh more than 0, with the index of that score
    (-1: the origin), as the reference's ``create_prg_curve`` computes them
    before its crossing points."""
    tp = np.asarray(tp, dtype=np.float64)
    fp = np.asarray(fp, dtype=np.float64)
    # a score whose samples all weigh 0 repeats the previous point: dropped,
    # as repeating a row of weight 0 zero times would drop it
    total = tp + fp
    kept = np.flatnonzero(np.diff(np.concatenate(([0.0], total))) > 0)
    index = np.concatenate(([-1], kept))
    tp = np.concatenate(([0.0], tp[kept]))
    fp = np.concatenate(([0.0], fp[kept]))
    positives, negatives = tp[-1], fp[-1]
    ratio = positives / negatives
    with np.errstate(divide="ignore", invalid="ignore"):
        # the reference's formulas, 1 - (P/N)(FP/TP) and 1 - (P/N)(FN/TP):
        # (prec - pi)/((1 - pi) prec) and (rec - pi)/((1 - pi) rec) rewritten
        precision_gain = 1.0 - ratio * (fp / tp)
        recall_gain = 1.0 - ratio * ((positives - tp) / tp)
    return tp, fp, precision_gain, recall_gain, index


def prg_curve_from_counts(tp, fp):
    """The Precision-Recall-Gain curve: ``(precision_gain, recall_gain,
    index)`` in increasing recall gain, from recall gain 0 to 1.

    ``index`` is, per point, the index of its distinct score (of ``tp`` and
    ``fp``). The curve is that of Flach & Kull's reference implementation
    (``create_prg_curve`` of github.com/meeliskull/prg, ``prg/prg.py``):
    one point per distinct score (a score's ties in one step), the points
    with negative recall gain dropped, and, where no point lies at recall
    gain 0, the crossing point there inserted by linear interpolation of the
    counts on the segment that crosses it (it takes that segment's lower
    score as its index: it is reached by predicting positive a share of the
    samples tied at that score).

    Deviations from the reference, none of which changes the area:
    weights are frequency weights (the reference has none; a weight of 2 is
    a repeated row, a score whose samples weigh 0 gives no point); the
    reference's further crossing points at precision gain 0 (for plotting the
    part inside the unit square) are not inserted, as they lie on the
    straight segments between the points; the point at recall gain 0 is
    first, not after the points of negative recall gain.

    Empty arrays without positives or negatives (all three arrays empty).
    """
    if not (len(tp) and float(tp[-1]) > 0 and float(fp[-1]) > 0):
        empty = np.empty(0)
        return empty, empty.copy(), np.empty(0, dtype=np.intp)
    tp, fp, precision_gain, recall_gain, index = _prg_points(tp, fp)
    positives, negatives = tp[-1], fp[-1]
    # recall gain is nondecreasing along the scores: the first point at or
    # above 0 follows a point below it (the origin's is -inf)
    first = int(np.flatnonzero(recall_gain >= 0)[0])
    if recall_gain[first] > 0:
        # the reference's interpolation: TP = P^2/(P + N) has recall gain 0
        delta_tp = tp[first] - tp[first - 1]
        alpha = (
            (positives * positives / (positives + negatives) - tp[first - 1]) / delta_tp
            if delta_tp > 0
            else 0.5
        )
        tp_cross = tp[first - 1] + alpha * delta_tp
        fp_cross = fp[first - 1] + alpha * (fp[first] - fp[first - 1])
        gain_cross = 1.0 - (positives / negatives) * (fp_cross / tp_cross)
        precision_gain = np.concatenate(([gain_cross], precision_gain[first:]))
        recall_gain = np.concatenate(([0.0], recall_gain[first:]))
        index = np.concatenate(([index[first]], index[first:]))
    else:
        precision_gain = precision_gain[first:]
        recall_gain = recall_gain[first:]
        index = index[first:]
    return precision_gain, recall_gain, index.astype(np.intp)


def auprg_from_counts(tp, fp):
    """The area under the Precision-Recall-Gain curve, Flach & Kull's
    ``calc_auprg``: trapezoids between the points of
    :func:`prg_curve_from_counts` over recall gain in [0, 1] (linear
    interpolation in PRG space; where precision gain is negative the area
    counts negatively). NaN without positives or negatives."""
    precision_gain, recall_gain, _ = prg_curve_from_counts(tp, fp)
    if recall_gain.size == 0:
        return np.nan
    heights = precision_gain[1:] + precision_gain[:-1]
    return float(np.dot(np.diff(recall_gain), heights) / 2.0)


# ---------------------------------------------------------------------------
# Partial AUC (McClish, 1989; scikit-learn; pROC)


def _area_between(x, y, low, high):
    """The area under the polyline through ``(x, y)`` (``x`` nondecreasing,
    from 0 to 1) over ``low <= x <= high``, its ends interpolated linearly
    (a vertical step at a bound adds no area, whichever side it is taken)."""
    start = int(np.searchsorted(x, low, "right"))  # x[start-1] <= low < x[start]
    stop = int(np.searchsorted(x, high, "left"))  # x[stop-1] < high <= x[stop]

    def at(point, left):
        x0, x1, y0, y1 = x[left], x[left + 1], y[left], y[left + 1]
        return y0 + (point - x0) / (x1 - x0) * (y1 - y0)

    xs = np.concatenate(([low], x[start:stop], [high]))
    ys = np.concatenate(([at(low, start - 1)], y[start:stop], [at(high, stop - 1)]))
    return float(np.dot(np.diff(xs), ys[1:] + ys[:-1]) / 2.0)


def _mcclish(area, width):
    """McClish's (1989) standardisation of a partial area over a band of
    ``width`` along the axis it restricts: 0.5 for the chance diagonal, 1 for
    a perfect ranking, ``0.5 * (1 + (area - min) / (max - min))`` with
    ``min = width**2 / 2`` (the diagonal's area there) and ``max = width``."""
    low, high = width * width / 2.0, width
    return 0.5 * (1.0 + (area - low) / (high - low))


def partial_auc_from_counts(tp, fp, *, max_fpr=None, min_tpr=None, standardized=True):
    """The area under the ROC curve over a band of false positive rates
    (``max_fpr``) or of true positive rates (``min_tpr``); exactly one of the
    two. NaN without positives or negatives.

    ``max_fpr``: the area under the curve over FPR in [0, max_fpr], the
    curve interpolated linearly at ``max_fpr``, scikit-learn's
    ``roc_auc_score(max_fpr=...)``. ``min_tpr``: the area between the curve
    and the line FPR = 1 over TPR in [min_tpr, 1], i.e. the integral of the
    specificity over the sensitivity, pROC's ``partial.auc=c(1, min_tpr)``
    with ``partial.auc.focus="sensitivity"`` (``R/auc.R`` of
    github.com/xrobin/pROC: the axes swapped). At ``max_fpr=1`` or
    ``min_tpr=0`` both are the full AUC.

    ``standardized``: McClish's (1989) correction, ``0.5 * (1 + (A - min) /
    (max - min))`` for the band's width ``w`` (``max_fpr`` or
    ``1 - min_tpr``), ``min = w**2 / 2``, ``max = w``: scikit-learn's for
    ``max_fpr`` and pROC's ``partial.auc.correct=TRUE`` for ``min_tpr``,
    except that a curve below the diagonal gets the formula's value (below
    0.5, as scikit-learn gives), where pROC gives NA unless
    ``allow.invalid.partial.auc.correct=TRUE``.
    """
    if (max_fpr is None) == (min_tpr is None):
        raise ValueError(
            "Exactly one of 'max_fpr' and 'min_tpr' must be given. Got "
            f"max_fpr={max_fpr!r} and min_tpr={min_tpr!r} instead."
        )
    positives, negatives = float(tp[-1]), float(fp[-1])
    if positives <= 0 or negatives <= 0:
        return np.nan
    tpr = np.concatenate(([0.0], np.asarray(tp, dtype=np.float64) / positives))
    fpr = np.concatenate(([0.0], np.asarray(fp, dtype=np.float64) / negatives))
    if max_fpr is not None:
        width = float(max_fpr)
        area = _area_between(fpr, tpr, 0.0, width)
    else:
        width = 1.0 - float(min_tpr)
        area = _area_between(tpr, 1.0 - fpr, float(min_tpr), 1.0)
    return _mcclish(area, width) if standardized else area
