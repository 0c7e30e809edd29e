"""An independent reference for imbascore's metrics, for the differential test.

Written from the formulas (the metric table of docs/choosing_a_metric.md and
the metrics' docstrings) on a plain confusion matrix, in plain Python: every
count is a ``math.fsum`` of the weights of its cells, never a total minus
something, and the normal distribution is :class:`statistics.NormalDist`.
Nothing here comes from imbascore, so an error shared by both is unlikely.

An undefined per-label value is ``None`` until the ``zero_division`` value
replaces it; :class:`Result` says whether that happened (when the library
must raise an ``UndefinedMetricWarning`` under ``zero_division="warn"``).
"""

import math
import numbers
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

__all__ = [
    "METRICS",
    "MULTICLASS",
    "NAN_WHEN_UNDEFINED",
    "REPORT_METRICS",
    "Counts",
    "Result",
    "Table",
    "corrected_rates",
    "reference",
    "reference_report",
]

#: The metrics of the report, in its column order.
REPORT_METRICS = (
    "sensitivity",
    "specificity",
    "dominance",
    "gmean",
    "iba",
    "optimized_precision",
    "ad_area",
    "balanced_accuracy",
    "weighted_accuracy",
    "dprime",
    "aucz",
    "nmi",
)
#: Every metric name: the report's, then those of issue 11.
METRICS = REPORT_METRICS + (
    "fpr",
    "fnr",
    "npv",
    "informedness",
    "markedness",
    "lr_plus",
    "lr_minus",
)
#: Metrics whose undefined values are NaN under ``zero_division="warn"``, as
#: in :func:`sklearn.metrics.class_likelihood_ratios`.
NAN_WHEN_UNDEFINED = ("lr_plus", "lr_minus")
#: Metrics that also take ``average="multiclass"``.
MULTICLASS = ("gmean", "balanced_accuracy", "nmi")

DIAGONAL_TOLERANCE = 1e-12
_NORMAL = NormalDist()


class InvalidCall(ValueError):
    """The call is invalid (the library must raise)."""


def key(value):
    """A label as a comparable key: ``("s", str)`` or ``("n", number)``.

    Numbers (bool, int, float, numpy scalars) compare as Python numbers, so
    ``1``, ``1.0``, ``np.int8(1)`` and ``True`` are one key; a string never
    equals a number.
    """
    if isinstance(value, str):
        return ("s", str(value))
    if isinstance(value, (bool, np.bool_)):
        return ("n", bool(value))
    if isinstance(value, numbers.Integral):
        return ("n", int(value))
    if isinstance(value, numbers.Real):
        return ("n", float(value))
    raise TypeError(f"not a label: {value!r} of type {type(value).__name__}")


def plain(values):
    """A 1-d container of labels or weights as a list of Python scalars."""
    return list(values.tolist() if hasattr(values, "tolist") else values)


def effective_size(weights):
    """``(sum w)^2 / sum(w^2)``: the number of samples without weights."""
    squares = math.fsum(w * w for w in weights)
    if squares == 0:
        return 0.0
    return math.fsum(weights) ** 2 / squares


@dataclass(frozen=True)
class Counts:
    """One-vs-rest counts of one label, and the effective class sizes."""

    tp: float
    fn: float
    fp: float
    tn: float
    n_positive: float  # effective size of the samples of the label
    n_negative: float  # effective size of the other samples

    @property
    def p(self):
        return self.tp + self.fn

    @property
    def n(self):
        return self.fp + self.tn


class Table:
    """The weighted confusion matrix J (rows true, columns predicted)."""

    def check_families(self, labels):
        """A label of another family than the data's (a string beside
        numbers) can never match a class: the library must refuse it."""
        families = {k[0] for k in self.classes}
        if labels is not None and any(key(v)[0] not in families for v in labels):
            raise InvalidCall("labels of another type than the data's")

    def __init__(self, y_true, y_pred, sample_weight=None):
        true = [key(v) for v in plain(y_true)]
        pred = [key(v) for v in plain(y_pred)]
        if sample_weight is None:
            weights = [1.0] * len(true)
        else:
            weights = [float(w) for w in plain(sample_weight)]
        families = {k[0] for k in true + pred}
        if len(families) > 1:
            raise InvalidCall("strings mixed with numbers")
        self.classes = sorted(set(true) | set(pred), key=lambda k: k[1])
        self.index = {k: i for i, k in enumerate(self.classes)}
        k = len(self.classes)
        cells = [[[] for _ in range(k)] for _ in range(k)]
        self.row_weights = [[] for _ in range(k)]
        for t, p, w in zip(true, pred, weights):
            cells[self.index[t]][self.index[p]].append(w)
            self.row_weights[self.index[t]].append(w)
        self.cells = [[math.fsum(cell) for cell in row] for row in cells]
        self.weights = weights

    def position(self, label):
        """Row of ``label`` in J, or None if it matches no class."""
        return self.index.get(key(label))

    def total(self):
        return math.fsum(c for row in self.cells for c in row)

    def trace(self):
        return math.fsum(self.cells[i][i] for i in range(len(self.classes)))

    def support(self, row):
        return math.fsum(self.cells[row]) if row is not None else 0.0

    def counts(self, label):
        """One-vs-rest counts of ``label`` (all zero but TN if it is absent)."""
        c = self.position(label)
        k = len(self.classes)
        J = self.cells
        if c is None:
            everything = [J[i][j] for i in range(k) for j in range(k)]
            return Counts(
                0.0, 0.0, 0.0, math.fsum(everything), 0.0, effective_size(self.weights)
            )
        tp = J[c][c]
        fn = math.fsum(J[c][j] for j in range(k) if j != c)
        fp = math.fsum(J[i][c] for i in range(k) if i != c)
        tn = math.fsum(J[i][j] for i in range(k) for j in range(k) if i != c and j != c)
        others = [w for i in range(k) if i != c for w in self.row_weights[i]]
        return Counts(
            tp, fn, fp, tn, effective_size(self.row_weights[c]), effective_size(others)
        )


def nmi(table):
    """I(truth; prediction) / H(truth) of a table; None if H(truth) = 0."""
    rows = [math.fsum(row) for row in table]
    if sum(1 for r in rows if r > 0) <= 1:
        return None
    columns = [math.fsum(col) for col in zip(*table)]
    total = math.fsum(rows)
    mutual = math.fsum(
        (cell / total) * math.log(cell * total / (rows[i] * columns[j]))
        for i, row in enumerate(table)
        for j, cell in enumerate(row)
        if cell > 0
    )
    entropy = -math.fsum((r / total) * math.log(r / total) for r in rows if r > 0)
    return min(1.0, max(0.0, mutual / entropy))


def _correct(rate, n_eff, correction):
    if correction == "loglinear":
        return (rate * n_eff + 0.5) / (n_eff + 1.0)
    if rate == 0.0:
        return 1.0 / (2.0 * n_eff)
    if rate == 1.0:
        return 1.0 - 1.0 / (2.0 * n_eff)
    return rate


def corrected_rates(counts, correction):
    """(TPR, FPR) as d' uses them, and whether the correction changed them."""
    tpr, fpr = counts.tp / counts.p, counts.fp / counts.n
    if abs(tpr - fpr) <= DIAGONAL_TOLERANCE:
        return tpr, fpr, False
    acts = correction == "loglinear" or tpr in (0.0, 1.0) or fpr in (0.0, 1.0)
    return (
        _correct(tpr, counts.n_positive, correction),
        _correct(fpr, counts.n_negative, correction),
        acts,
    )


def dprime(counts, correction):
    tpr, fpr = counts.tp / counts.p, counts.fp / counts.n
    if abs(tpr - fpr) <= DIAGONAL_TOLERANCE:
        return 0.0
    tpr, fpr, _ = corrected_rates(counts, correction)
    return _NORMAL.inv_cdf(tpr) - _NORMAL.inv_cdf(fpr)


def per_label(
    name,
    counts,
    alpha=0.1,
    squared=True,
    weight=0.5,
    correction="macmillan",
    zero_recall=0.0,
    adjusted=False,
):
    """Value of metric ``name`` for one label's counts; None if undefined."""
    P, N = counts.p, counts.n
    if name == "sensitivity":
        return counts.tp / P if P != 0 else None
    if name == "specificity":
        return counts.tn / N if N != 0 else None
    if name == "fnr":
        return counts.fn / P if P != 0 else None
    if name == "fpr":
        return counts.fp / N if N != 0 else None
    # Predictive values: shares of the predictions, defined whenever there are
    # predictions of that side, whatever the true classes.
    said_positive, said_negative = counts.tp + counts.fp, counts.tn + counts.fn
    if name == "npv":
        return counts.tn / said_negative if said_negative != 0 else None
    if name == "markedness":
        if said_positive == 0 or said_negative == 0:
            return None
        return counts.tp / said_positive + counts.tn / said_negative - 1.0
    if P == 0 or N == 0:
        return None
    tpr, tnr = counts.tp / P, counts.tn / N
    g = math.sqrt(tpr * tnr)
    d = tpr - tnr
    if name == "dominance":
        return d
    if name == "gmean":
        return g
    if name == "iba":
        return (1.0 + alpha * d) * (tpr * tnr if squared else g)
    if name == "optimized_precision":
        accuracy = (counts.tp + counts.tn) / (P + N)
        penalty = abs(tnr - tpr) / (tnr + tpr) if tnr + tpr > 0 else 0.0
        return accuracy - penalty
    if name == "ad_area":
        return g * (3.0 + d) / 2.0
    if name == "balanced_accuracy":
        # adjusted: chance (1/2 for a label against the rest) scores 0.
        return tpr + tnr - 1.0 if adjusted else (tpr + tnr) / 2.0
    if name == "informedness":
        return tpr + tnr - 1.0
    if name == "lr_plus":  # TPR / FPR: undefined without false positives
        return tpr / (counts.fp / N) if counts.fp != 0 else None
    if name == "lr_minus":  # FNR / TNR: undefined without true negatives
        return (counts.fn / P) / tnr if counts.tn != 0 else None
    if name == "weighted_accuracy":
        return weight * tpr + (1.0 - weight) * tnr
    if name == "dprime":
        return dprime(counts, correction)
    if name == "aucz":
        return _NORMAL.cdf(dprime(counts, correction) / math.sqrt(2.0))
    if name == "nmi":
        return nmi([[counts.tp, counts.fn], [counts.fp, counts.tn]])
    raise KeyError(name)


@dataclass
class Result:
    """A reference value and the warnings the library must raise with it."""

    value: object  # float, or list of floats for average=None
    undefined: bool  # some value was undefined: UndefinedMetricWarning
    dropped: bool = False  # multiclass rows dropped: sklearn's UserWarning
    correction_acts: bool = False  # d'/AUCz: an extreme-rate correction acted


def fill_value(zero_division, name=None):
    """The value of an undefined entry: ``zero_division``, "warn" acting as 0,
    or as NaN for the likelihood ratios."""
    if isinstance(zero_division, str):
        return math.nan if name in NAN_WHEN_UNDEFINED else 0.0
    return float(zero_division)


def _average(values, supports, average, fill):
    """(value, whether the average itself is undefined)."""
    if average is None:
        return list(values), False
    kept = [(v, s) for v, s in zip(values, supports) if not math.isnan(v)]
    if average == "macro":
        if not kept:
            return math.nan, False
        return math.fsum(v for v, _ in kept) / len(kept), False
    total = math.fsum(s for _, s in kept)
    if total == 0:
        return fill, True
    return math.fsum(v * s for v, s in kept) / total, False


def _multiclass(name, table, labels, fill, params):
    if labels is None:
        rows = [i for i in range(len(table.classes)) if table.support(i) > 0]
        dropped = len(rows) < len(table.classes)
    else:
        rows = [table.position(label) for label in labels]
        dropped = False
    width = len(table.classes)
    if name == "nmi":
        sub = [table.cells[i] if i is not None else [0.0] * width for i in rows]
        value = nmi(sub)
        return Result(fill if value is None else value, value is None, dropped)
    recalls, undefined = [], False
    for i in rows:
        support = table.support(i)
        if support == 0:
            undefined = True
            recalls.append(fill)
        else:
            recalls.append(table.cells[i][i] / support)
    recalls = [r for r in recalls if not math.isnan(r)]
    if not recalls:
        return Result(math.nan, undefined, dropped)
    if name == "balanced_accuracy":
        mean = math.fsum(recalls) / len(recalls)
        if not params.get("adjusted", False):
            return Result(mean, undefined, dropped)
        # scikit-learn's (mean - 1/k) / (1 - 1/k) over the k recalls averaged;
        # one recall has no chance level: undefined.
        k = len(recalls)
        if k == 1:
            return Result(fill, True, dropped)
        return Result((mean - 1.0 / k) / (1.0 - 1.0 / k), undefined, dropped)
    zero_recall = params.get("zero_recall", 0.0)
    recalls = [zero_recall if r == 0 else r for r in recalls]
    if min(recalls) == 0:
        return Result(0.0, undefined, dropped)
    value = math.exp(math.fsum(math.log(r) for r in recalls) / len(recalls))
    return Result(value, undefined, dropped)


def reference(
    name,
    y_true,
    y_pred,
    *,
    labels=None,
    pos_label=1,
    average="binary",
    sample_weight=None,
    zero_division="warn",
    **params,
):
    """The value the library's ``<name>`` metric must return, as a Result.

    Raises InvalidCall where the library must raise.
    """
    table = Table(y_true, y_pred, sample_weight)
    if average != "binary":  # the binary average ignores labels
        table.check_families(labels)
    fill = fill_value(zero_division, name)
    correction = params.get("correction", "macmillan")
    if average == "multiclass":
        return _multiclass(name, table, labels, fill, params)
    if average == "binary":
        if len(table.classes) > 2:
            raise InvalidCall("multiclass data with average='binary'")
        if len(table.classes) == 2 and table.position(pos_label) is None:
            raise InvalidCall("pos_label is not a class")
        chosen = [pos_label]
    elif labels is None:
        chosen = [label for _, label in table.classes]
    else:
        chosen = list(labels)
    counts = [table.counts(label) for label in chosen]
    raw = [per_label(name, c, **params) for c in counts]
    values = [fill if v is None else v for v in raw]
    undefined = any(v is None for v in raw)
    acts = name in ("dprime", "aucz") and any(
        v is not None and corrected_rates(c, correction)[2] for v, c in zip(raw, counts)
    )
    if average == "binary":
        return Result(values[0], undefined, correction_acts=acts)
    value, empty = _average(values, [c.p for c in counts], average, fill)
    return Result(value, undefined or empty, correction_acts=acts)


@dataclass
class Report:
    rows: list  # per label: dict of the 12 metrics, support, tp, fn, fp, tn
    macro: dict
    weighted: dict
    accuracy: float
    support: float
    undefined: bool


def reference_report(
    y_true,
    y_pred,
    *,
    labels=None,
    sample_weight=None,
    alpha=0.1,
    weight=0.5,
    correction="macmillan",
    zero_division="warn",
):
    """The numbers of ``imbalanced_report(..., output_dict=True)``."""
    table = Table(y_true, y_pred, sample_weight)
    table.check_families(labels)
    fill = fill_value(zero_division)
    chosen = [lab for _, lab in table.classes] if labels is None else list(labels)
    params = {"alpha": alpha, "weight": weight, "correction": correction}
    counts = [table.counts(label) for label in chosen]
    rows, undefined = [], False
    for c in counts:
        row = {}
        for name in REPORT_METRICS:
            value = per_label(name, c, **params)
            undefined |= value is None
            row[name] = fill if value is None else value
        row.update(support=c.p, tp=c.tp, fn=c.fn, fp=c.fp, tn=c.tn)
        rows.append(row)
    supports = [c.p for c in counts]
    averages = {}
    for average in ("macro", "weighted"):
        averages[average] = {}
        for name in REPORT_METRICS:
            value, empty = _average(
                [row[name] for row in rows], supports, average, fill
            )
            undefined |= empty
            averages[average][name] = value
        averages[average]["support"] = math.fsum(supports)
    total = table.total()
    accuracy = table.trace() / total if total > 0 else fill
    return Report(
        rows,
        averages["macro"],
        averages["weighted"],
        accuracy,
        math.fsum(supports),
        undefined,
    )
