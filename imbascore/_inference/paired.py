"""Two models on one test set: the paired table, and the difference of a metric.

Two classifiers scored on the same samples err on many of the same ones, so
two separate intervals overstate the uncertainty of their difference, and
two numbers resting on the same few minority samples can differ by luck.
The paired table counts each sample once by (truth, A's prediction, B's
prediction): both confusion matrices are its margins, and every metric's
difference follows from it, with an interval that keeps the pairing.
Tables of folds and chunks add up, as confusion counts do.
"""

from __future__ import annotations

import numbers
import re
import warnings
from dataclasses import dataclass

import numpy as np
from scipy import stats
from sklearn.exceptions import UndefinedMetricWarning

from .._calibration.evaluate import CALIBRATION_METRIC_NAMES
from .._core.checks import (
    check_confidence_level,
    check_n_resamples,
    check_seed,
    param_error,
)
from .._core.engine import ContingencyTable
from .._core.inputs import read_labelled
from .._core.inputs.unique import unite_labels
from .._core.types import ArrayLike, FloatArray
from .._metrics.named_scores import check_metric_name, score_of_table
from .._ranking.evaluate import SCORE_METRIC_NAMES
from .calibration import calibration_comparison
from .callables import callable_comparison, callable_name
from .cochran import SUBSETS, CochranComparison, cochran_comparison
from .intervals import table_evaluator
from .ranking import ranking_comparison
from .settings import Resampling, difference_test

__all__ = ["PairedCounts", "PredictionComparison", "compare_predictions"]

#: Metrics whose paired difference has McNemar's exact test: the samples they
#: read (all, the positives, the negatives) and who is right on them.
_MCNEMAR = {
    "accuracy": "all",
    "sensitivity": "positives",
    "recall": "positives",
    "specificity": "negatives",
}
_METHODS = ("posterior", "bootstrap", "cochran_q")


def _read_prediction(y_true, pred, name, sample_weight, func):
    """The label door's reading of ``(y_true, pred)``, its errors naming the
    prediction by its parameter here (``pred_a``, ``pred_b``): the door
    calls the predictions ``y_pred``."""
    try:
        read = read_labelled(y_true, pred, sample_weight, func)
    except (TypeError, ValueError) as error:
        message = str(error).replace("y_true/y_pred", f"y_true/{name}")
        message = re.sub(r"\by_pred\b", name, message)
        raise type(error)(message) from None
    if read is None:
        raise ValueError(
            param_error(
                func,
                name,
                "labels of one class per sample (not multilabel indicators)",
                "a 2-D indicator array",
            )
        )
    return read


class PairedCounts:
    """The table of (truth, A's prediction, B's prediction), weighted.

    ``table[i, j, k]`` is the weight of the samples of true class ``i``
    that A predicts as ``j`` and B as ``k``. Make it with
    :meth:`from_predictions`; ``a + b`` adds the tables of disjoint data.

    Attributes
    ----------
    labels : ndarray of shape (n_labels,)
    table : ndarray of shape (n_labels, n_labels, n_labels)
    weighted : bool
    squared_weights : ndarray of shape (n_labels,) or None
        With weights, each true class's sum of squared weights: its
        effective number of samples (Kish) is ``row_sum**2 / squared``.
        The intervals draw in those units, not in units of weight.
    seen_a, seen_b : ndarray of bool of shape (n_labels,)
        The labels that occur in the truth or in A's (B's) predictions, a
        sample weight of 0 included: each model's own classes, the ones
        scikit-learn's metric of that model alone would average over. All
        True when not given.
    """

    def __init__(
        self,
        table: ArrayLike,
        labels: ArrayLike,
        *,
        weighted: bool,
        squared_weights: ArrayLike | None = None,
        seen_a: ArrayLike | None = None,
        seen_b: ArrayLike | None = None,
    ) -> None:
        self.table = np.asarray(table, dtype=float)
        self.labels = np.asarray(labels)
        self.weighted = bool(weighted)
        everywhere = np.ones(len(self.labels), dtype=bool)
        self.seen_a = everywhere if seen_a is None else np.asarray(seen_a, bool)
        self.seen_b = everywhere if seen_b is None else np.asarray(seen_b, bool)
        if self.weighted and squared_weights is None:
            raise ValueError(
                "PairedCounts: weighted tables need 'squared_weights', each "
                "true class's sum of squared weights, for their effective size."
            )
        self.squared_weights = (
            None if squared_weights is None else np.asarray(squared_weights, float)
        )

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        pred_a: ArrayLike,
        pred_b: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
    ) -> PairedCounts:
        """Count the paired table of two models' labels on the same samples."""
        func = "compare_predictions"
        pairs = []
        for name, pred in (("pred_a", pred_a), ("pred_b", pred_b)):
            pairs.append(_read_prediction(y_true, pred, name, sample_weight, func))
        (true, a, classes_a, weights), (_, b, classes_b, _) = pairs
        labels, in_a, in_b = unite_labels(classes_a, classes_b, func)
        size = len(labels)
        index = (in_a[true] * size + in_a[a]) * size + in_b[b]
        table = np.bincount(index, weights, minlength=size**3)
        squared = None
        if weights is not None:
            squared = np.bincount(in_a[true], weights**2, minlength=size)
        seen = np.zeros((2, size), bool)
        seen[0, in_a], seen[1, in_b] = True, True
        return cls._of(table.reshape(size, size, size), labels, squared, seen)

    @classmethod
    def _of(cls, table, labels, squared, seen):
        """The counts of ``table``, weighted where ``squared`` is given,
        ``seen`` the stack of ``seen_a`` and ``seen_b``."""
        return cls(
            table,
            labels,
            weighted=squared is not None,
            squared_weights=squared,
            seen_a=seen[0],
            seen_b=seen[1],
        )

    def __add__(self, other):
        if not isinstance(other, PairedCounts):
            return NotImplemented
        labels, first, second = unite_labels(self.labels, other.labels, "PairedCounts")
        size = len(labels)
        table = np.zeros((size, size, size))
        table[np.ix_(first, first, first)] += self.table
        table[np.ix_(second, second, second)] += other.table
        squared = None
        if self.weighted or other.weighted:
            squared = np.zeros(size)
            for part, where in ((self, first), (other, second)):
                rows = part.table.sum(axis=(1, 2))
                # unweighted samples weigh 1: their squares are their count
                own = rows if part.squared_weights is None else part.squared_weights
                squared[where] += own
        seen = np.zeros((2, size), bool)
        for part, where in ((self, first), (other, second)):
            seen[:, where] |= [part.seen_a, part.seen_b]
        return PairedCounts._of(table, labels, squared, seen)

    def __setstate__(self, state):
        # pickles of 0.1.0 knew no seen_a/seen_b: every label was both's
        self.__dict__.update(state)
        for name in ("seen_a", "seen_b"):
            if name not in state:
                setattr(self, name, np.ones(len(self.labels), dtype=bool))

    def __radd__(self, other):
        if isinstance(other, numbers.Number) and other == 0:
            return self
        return NotImplemented

    def margins(self) -> tuple[FloatArray, FloatArray]:
        """The confusion tables of A and of B (true on rows)."""
        return self.table.sum(axis=2), self.table.sum(axis=1)

    def __repr__(self):
        agree = float(np.einsum("ijj->", self.table))
        labels, total = self.labels.tolist(), self.table.sum()
        shape = "x".join(str(size) for size in self.table.shape)
        return (
            f"PairedCounts(labels={labels!r}, table=<{shape} array, total "
            f"{total:g}, A and B agree on {agree:g}>, weighted={self.weighted})"
        )


def _square(tables, keep):
    """The rows and columns ``keep`` of a table (or of the last two axes of
    a stack of tables)."""
    return tables[..., keep, :][..., keep]


@dataclass(frozen=True)
class PredictionComparison:
    """The difference of one metric between two models on one test set.

    Attributes
    ----------
    metric : str
    score_a, score_b : float
        The metric of each model.
    estimate : float
        ``score_a - score_b``.
    low, high : float
        The interval of the difference.
    pvalue : float
        Two-sided: McNemar's exact test (``test="mcnemar"``) for accuracy,
        sensitivity (recall) and specificity of unweighted samples; otherwise
        twice the smaller tail of the difference's posterior or bootstrap
        distribution beyond 0 (``test`` is then ``method``); for ROC AUC
        with ``method="delong"``, DeLong's z test (``test="delong"``).
    test : str
    method : str
    confidence_level : float
    statistic : float or None
        The test's statistic where it has one: DeLong's z (the difference
        over its standard error) for ``test="delong"``; None for the exact
        and the resampling tests.
    p_value : float
        Alias of ``pvalue``, kept for 0.1 code (read-only).
    """

    metric: str
    score_a: float
    score_b: float
    estimate: float
    low: float
    high: float
    pvalue: float
    test: str
    method: str
    confidence_level: float
    statistic: float | None = None

    @property
    def p_value(self) -> float:
        """Alias of ``pvalue``, kept for 0.1 code."""
        return self.pvalue

    def __setstate__(self, state):
        # pickles of 0.1 named the field p_value
        state = dict(state)
        if "p_value" in state:
            state.setdefault("pvalue", state.pop("p_value"))
        self.__dict__.update(state)

    def __repr__(self):
        return (
            f"PredictionComparison(metric={self.metric!r}, "
            f"score_a={self.score_a:.4g}, score_b={self.score_b:.4g}, "
            f"estimate={self.estimate:.4g}, low={self.low:.4g}, "
            f"high={self.high:.4g}, pvalue={self.pvalue:.4g}, test={self.test!r}, "
            f"method={self.method!r}, confidence_level={self.confidence_level}"
            f"{'' if self.statistic is None else f', statistic={self.statistic:.4g}'})"
        )

    def __str__(self):
        return (
            f"PredictionComparison({self.metric}: A {self.score_a:.4g} - B "
            f"{self.score_b:.4g} = {self.estimate:.4g}, "
            f"{self.confidence_level:.0%} interval [{self.low:.4g}, {self.high:.4g}] "
            f"({self.method}), p={self.pvalue:.4g} ({self.test}))"
        )


#: Jeffreys' prior on the paired cells. With a uniform prior (one pseudo-sample
#: per cell, four cells per class for two classes) the interval of the IBA
#: difference covered 98% at 10 positives (benchmarks/bench_comparison.py);
#: with half a pseudo-sample it covers 95-96% at 10 and at 100 positives.
_PRIOR = 0.5


def _effective_rows(paired):
    """Each true class's (A, B) cells in units of samples, and its total
    weight: weighted rows are scaled to their Kish effective size."""
    size = paired.table.shape[0]
    rows = paired.table.reshape(size, -1)
    totals = rows.sum(axis=1)
    if paired.squared_weights is None:
        return rows, totals
    squared = paired.squared_weights
    with np.errstate(divide="ignore", invalid="ignore"):
        scale = np.where(squared > 0, totals / squared, 0.0)
    return rows * scale[:, None], totals


def _paired_posterior(paired, n_draws, rng):
    """Tables drawn from each true class's Dirichlet(1/2 + counts) over its
    (A, B) cells, the class sizes held at those observed."""
    table = paired.table
    rows, totals = _effective_rows(paired)
    # The prior's pseudo-samples only where both predictions are classes of
    # the truth: a class only predicted gets its observed samples alone.
    # Mass there would be errors of one model only (B's, where B alone
    # predicts it), or errors that scoring A over its own classes drops:
    # either way the difference would lean, with no data saying so.
    truth = totals > 0
    prior = np.where((truth[:, None] & truth[None, :]).ravel(), _PRIOR, 0.0)
    gamma = rng.standard_gamma(prior + rows, size=(n_draws,) + rows.shape)
    shares = gamma / gamma.sum(axis=2, keepdims=True)
    return (shares * totals[None, :, None]).reshape((n_draws,) + table.shape)


def _paired_bootstrap(paired, n_draws, rng):
    """Tables of the samples drawn with replacement, pairs kept together
    (as many draws as effective samples, under weights)."""
    table = paired.table
    total = table.sum()
    size = total
    if paired.squared_weights is not None:
        size = total**2 / paired.squared_weights.sum()
    draws = max(int(round(size)), 1)
    cells = rng.multinomial(draws, (table / total).ravel(), size=n_draws)
    return cells.reshape((n_draws,) + table.shape) * (total / draws)


def _mcnemar(paired, metric, pos_label):
    """McNemar's exact test on the samples the metric reads, or None."""
    subset = _MCNEMAR.get(metric)
    if subset is None or paired.weighted:
        return None
    table, labels = paired.table, paired.labels.tolist()
    size = len(labels)
    rows = np.arange(size)
    if subset != "all":
        if size > 2 or pos_label not in labels:
            return None
        positive = labels.index(pos_label)
        rows = [positive] if subset == "positives" else [1 - positive]
    rows = np.asarray(rows)
    both_right = table[rows, rows, rows]
    a_only = float((table[rows, rows, :].sum(axis=-1) - both_right).sum())
    b_only = float((table[rows, :, rows].sum(axis=-1) - both_right).sum())
    discordant = int(round(a_only + b_only))
    if discordant == 0:
        return 1.0
    return float(stats.binomtest(int(round(a_only)), discordant, 0.5).pvalue)


def _cochran(y_true, predictions, metric, sample_weight, metric_params, func):
    """:func:`compare_predictions` of ``method="cochran_q"``: each sample's
    right answers, read through the label door, to Cochran's Q."""
    if metric is None:
        metric = "accuracy"
    if metric not in SUBSETS:
        raise ValueError(
            param_error(
                func,
                "metric",
                f"one of {sorted(SUBSETS)} for method='cochran_q' (Cochran's Q "
                "compares shares of right answers)",
                metric,
            )
        )
    if sample_weight is not None:
        raise ValueError(
            param_error(
                func,
                "sample_weight",
                "None for method='cochran_q' (Cochran's Q counts samples)",
                "an array of weights",
            )
        )
    if isinstance(y_true, PairedCounts):
        raise TypeError(
            param_error(
                func,
                "y_true",
                "the true labels for method='cochran_q' (it reads each sample's "
                "answers, which a PairedCounts has summed)",
                "a PairedCounts",
            )
        )
    names = ["pred_a", "pred_b"]
    names += [f"more_preds[{i}]" for i in range(len(predictions) - 2)]
    truth, correct = None, []
    for name, pred in zip(names, predictions, strict=True):
        codes_true, codes_pred, classes, _ = _read_prediction(
            y_true, pred, name, None, func
        )
        truth = np.asarray(classes)[codes_true]
        correct.append(codes_true == codes_pred)
    return cochran_comparison(
        truth,
        np.column_stack(correct),
        metric=metric,
        metric_params=metric_params,
        func=func,
    )


def _family_comparison(y_true, pred_a, pred_b, metric, resampling, **options):
    """:func:`compare_predictions` of a metric read from rows (a callable),
    scores or probabilities (``pred_a`` and ``pred_b`` as that metric reads
    them)."""
    if callable(metric):
        drawn = callable_comparison(
            y_true, pred_a, pred_b, metric, resampling, **options
        )
        return _difference(callable_name(metric), *drawn)
    compare = (
        calibration_comparison
        if metric in CALIBRATION_METRIC_NAMES
        else ranking_comparison
    )
    result = compare(y_true, pred_a, pred_b, metric, resampling, **options)
    *values, test, method, statistic = result
    level = check_confidence_level(resampling.confidence_level, options["func"])
    values = (float(value) for value in values)
    statistic = None if statistic is None else float(statistic)
    return PredictionComparison(metric, *values, test, method, level, statistic)


def compare_predictions(
    y_true: ArrayLike,
    pred_a: ArrayLike,
    pred_b: ArrayLike,
    *more_preds: ArrayLike,
    metric: str | None = None,
    method: str | None = None,
    confidence_level: float = 0.95,
    n_resamples: int = 10000,
    random_state: int | np.random.RandomState | None = None,
    sample_weight: ArrayLike | None = None,
    **metric_params: object,
) -> PredictionComparison | CochranComparison:
    """Is model A better than model B on this test set? The paired difference.

    Parameters
    ----------
    y_true, pred_a, pred_b : array-like of shape (n_samples,)
        The truth and the two models' labels on the same samples (or a
        :class:`PairedCounts` as ``y_true``, with ``pred_a`` and ``pred_b``
        None, for tables added over folds or chunks). For a ranking metric,
        ``pred_a`` and ``pred_b`` are the two models' scores of the positive
        class.

    *more_preds : array-like of shape (n_samples,)
        The labels of more models on the same samples: Cochran's Q of all
        of them (``method="cochran_q"``, which then is the default).

    metric : str, default=None
        A name :meth:`ConfusionCounts.score` takes, or a ranking metric
        (``"roc_auc"``, ``"average_precision"``, ``"auprg"``,
        ``"partial_auc"``). None: ``"iba"``, or ``"accuracy"`` for
        Cochran's Q (which takes ``"accuracy"``, ``"sensitivity"``,
        ``"recall"`` and ``"specificity"``: the shares of right answers on
        all samples, the positives or the negatives).

    method : {"posterior", "bootstrap", "delong", "cochran_q"}, default=None
        None: ``"cochran_q"`` for more than two models, ``"posterior"`` for
        a metric of labels, ``"delong"`` for ``"roc_auc"``, ``"bootstrap"``
        for the other ranking metrics.

        ``"cochran_q"``: Cochran's Q test (1950) that two or more models
        are right equally often on the same samples, from each sample's
        row of right and wrong answers (chi-squared, ``k - 1`` degrees of
        freedom; McNemar's chi-squared without continuity correction for
        two models; equal to mlxtend's ``cochrans_q``). It counts samples:
        no ``sample_weight``, no :class:`PairedCounts`. Returns a
        :class:`CochranComparison`.

        For ranking metrics: ``"delong"`` is DeLong's test of two correlated
        ROC AUCs (DeLong, DeLong & Clarke-Pearson 1988): the covariance of
        the two areas from the samples' placements, a z statistic, its
        two-sided p-value and the Wald interval of the difference
        (``test="delong"``); ``"bootstrap"`` resamples the positives and the
        negatives on their own, each sample with both scores, and reweights
        each model's one sorted order (``test="bootstrap"``).

        For metrics of labels:
        The interval of the difference: ``"posterior"`` draws each true
        class's row of the paired table from its Dirichlet(1/2 + counts)
        posterior over the (A, B) cells (Jeffreys' prior; the class sizes
        held), so both models' tables come from the same draw;
        ``"bootstrap"`` resamples the samples, each with both predictions.
        Measured by simulation (5% positives, ``bench_comparison.py``): the
        posterior's 95% interval of an IBA difference covers 95-96% at 200
        and at 2000 samples; the bootstrap's covers too little with ten
        positives (about 85%) and 95-97% at 2000.

    confidence_level : float, default=0.95

    n_resamples : int, default=10000

    random_state : int, RandomState instance or None, default=None

    sample_weight : array-like of shape (n_samples,), default=None
        Both intervals then count each true class in units of its effective
        number of samples (Kish, ``(sum w)^2 / sum w^2``), so that weights
        that sum to more than the samples do not narrow the interval.

    **metric_params : dict
        The metric's options (``pos_label``, ``average``, ``alpha``, ...).

    Returns
    -------
    comparison : PredictionComparison or CochranComparison
        ``estimate`` (A minus B), ``low``, ``high``, ``pvalue``; with
        ``method="cochran_q"`` each model's ``scores``, ``statistic``,
        ``df`` and ``pvalue``.

    Notes
    -----
    The paired table's classes are the union of the labels of ``y_true``,
    ``pred_a`` and ``pred_b``; each model is scored over its own classes
    only (those of ``y_true`` and its predictions, as the metric of that
    model alone), so ``score_a`` equals the metric of ``pred_a`` alone even
    when a class occurs only in ``pred_b``. With ``labels=`` both models are
    scored over those labels.

    ``pvalue`` is McNemar's exact test (a binomial test of the samples on
    which exactly one model is right) for ``"accuracy"`` on every sample,
    and for ``"sensitivity"``/``"recall"`` and ``"specificity"`` of two
    classes on the positives or the negatives; that test counts samples, so
    weighted data use the other rule. For every other metric it is twice the
    smaller share of the drawn differences on either side of 0.

    Examples
    --------
    >>> from imbascore import compare_predictions
    >>> y_true = [1] * 10 + [0] * 90
    >>> pred_a = [1] * 8 + [0] * 2 + [1] * 10 + [0] * 80
    >>> pred_b = [1] * 5 + [0] * 5 + [1] * 4 + [0] * 86
    >>> result = compare_predictions(
    ...     y_true, pred_a, pred_b, metric="sensitivity", random_state=0
    ... )
    >>> round(result.estimate, 2), round(result.pvalue, 3), result.test
    (0.3, 0.25, 'mcnemar')
    >>> pred_c = [1] * 9 + [0] * 1 + [1] * 30 + [0] * 60
    >>> print(compare_predictions(y_true, pred_a, pred_b, pred_c))
    CochranComparison(accuracy: A 0.88, B 0.91, C 0.69; Q=28.47, df=2,
    p=6.585e-07 (Cochran's Q, 100 samples))
    """
    func = "compare_predictions"
    if more_preds and method not in (None, "cochran_q"):
        raise ValueError(
            param_error(
                func,
                "method",
                "'cochran_q' (or None) for more than two models' predictions",
                method,
            )
        )
    if (more_preds or method == "cochran_q") and not callable(metric):
        predictions = (pred_a, pred_b, *more_preds)
        return _cochran(y_true, predictions, metric, sample_weight, metric_params, func)
    if metric is None:
        metric = "iba"
    if not callable(metric):
        check_metric_name(metric, func)
    check_seed(random_state, func)  # even where unused (DeLong)
    if callable(metric) or metric in SCORE_METRIC_NAMES + CALIBRATION_METRIC_NAMES:
        return _family_comparison(
            y_true,
            pred_a,
            pred_b,
            metric,
            Resampling(method, confidence_level, n_resamples, random_state),
            sample_weight=sample_weight,
            metric_params=metric_params,
            func=func,
        )
    if method is None:
        method = "posterior"
    if method not in _METHODS:
        raise ValueError(param_error(func, "method", f"one of {_METHODS}", method))
    level = check_confidence_level(confidence_level, func)
    n_resamples = check_n_resamples(n_resamples, func)
    if isinstance(y_true, PairedCounts):
        if pred_a is not None or pred_b is not None:
            raise TypeError(
                f"{func}: with PairedCounts, pred_a and pred_b must be None."
            )
        paired = y_true
    else:
        paired = PairedCounts.from_predictions(
            y_true, pred_a, pred_b, sample_weight=sample_weight
        )
    seen_a, seen_b = paired.seen_a, paired.seen_b
    if metric_params.get("labels") is not None:
        # labels given: both models are scored over them, as scikit-learn does
        seen_a = seen_b = np.ones(len(paired.labels), dtype=bool)
    seen = (seen_a, seen_b)
    tables = [
        ContingencyTable(_square(margin, where), paired.labels[where])
        for margin, where in zip(paired.margins(), seen, strict=True)
    ]
    scores = [score_of_table(table, metric, metric_params, func) for table in tables]
    if np.ndim(scores[0]):
        raise ValueError(
            param_error(
                func,
                "metric_params",
                "options that give one number",
                metric_params,
                "average=None gives one value per label; choose an average.",
            )
        )
    rng = check_seed(random_state, func)
    draw = _paired_posterior if method == "posterior" else _paired_bootstrap
    drawn = draw(paired, n_resamples, rng)
    # A's table sums B's predictions out (axis 3), B's sums A's (axis 2)
    values_a, values_b = (
        table_evaluator(table, metric, metric_params, func)(
            _square(drawn.sum(axis=axis), where)
        )
        for table, axis, where in zip(tables, (3, 2), seen, strict=True)
    )
    pvalue = _mcnemar(paired, metric, metric_params.get("pos_label", 1))
    return _difference(metric, scores, values_a - values_b, method, level, pvalue)


def _difference(metric, scores, differences, method, level, pvalue=None):
    """The :class:`PredictionComparison` of drawn ``differences`` (NaN draws
    left out): their percentile interval and, without an exact ``pvalue``,
    twice the smaller share of them on either side of 0."""
    func = "compare_predictions"
    differences, low, high, tail_pvalue = difference_test(differences, level)
    if differences.size == 0:
        warnings.warn(
            f"{func}: {metric!r} is undefined on every drawn table (as when "
            "y_true has one class and the metric needs both), so the difference "
            "has no interval and no p-value: they are NaN.",
            UndefinedMetricWarning,
            stacklevel=3,
        )
    score_a, score_b = (float(score) for score in scores)
    test = "mcnemar" if pvalue is not None else method
    pvalue = tail_pvalue if pvalue is None else pvalue
    return PredictionComparison(
        metric,
        score_a,
        score_b,
        score_a - score_b,
        float(low),
        float(high),
        pvalue,
        test,
        method,
        level,
    )
