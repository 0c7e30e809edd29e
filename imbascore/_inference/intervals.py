"""Intervals for every metric: how much a number resting on few samples says.

On imbalanced data a metric rests on a handful of minority samples, so its
point value alone can mislead. Every interval here is computed from the
confusion counts, never from the samples again:

- ``"posterior"`` (Brodersen et al. 2010): each true class's row of the table
  gets a Dirichlet(1 + counts) posterior (a Beta on TPR and on TNR for two
  classes), the class sizes being those observed; the metric's posterior is
  sampled by Monte Carlo, except balanced accuracy's of two classes, which is
  exact (the convolution of the two Betas, Brodersen's ``betaavgcdf``).
- ``"bootstrap"`` and ``"bootstrap-bca"``: the table resampled as a whole
  (multinomial over its cells, total the number of samples), percentile or
  bias-corrected and accelerated (Efron 1987) intervals; O(k^2) per
  resample whatever the number of samples.
- ``"wilson"`` and ``"clopper-pearson"``: the classical intervals of a single
  rate (sensitivity, specificity, FPR, FNR, NPV).

With sample weights, counts are taken in units of the effective sample size
(Kish, ``(sum w)^2 / sum w^2``, per true class for the posterior and over all
samples for the bootstrap): the interval is that of unweighted data of that
size and the same proportions.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

import numpy as np
from scipy import optimize, special, stats
from sklearn.exceptions import UndefinedMetricWarning

from .._calibration.evaluate import CALIBRATION_METRIC_NAMES
from .._core.checks import (
    check_choice,
    check_confidence_level,
    check_n_resamples,
    check_seed,
    param_error,
)
from .._core.counts import Counts, count
from .._core.engine import ContingencyTable
from .._core.engine.select import OneVsRestCounts
from .._core.resampling import (
    bca_bounds,
    beta_parameters,
    bootstrap_tables,
    containing,
    jackknife,
    percentiles,
    posterior_tables,
    stratified_tables,
)
from .._core.types import ArrayLike, RandomState
from .._metrics.at_prevalence import prevalence_label
from .._metrics.named_scores import check_metric_name, metric_options, score_of_table
from .._metrics.per_class import per_class_values
from .._metrics.scoring import score_table, select_for
from .._metrics.sklearn_from_counts import SKLEARN_SCORES
from .._ranking.evaluate import SCORE_METRIC_NAMES
from .._specs.catalogue import LABEL_CATALOGUE
from .calibration import calibration_interval
from .callables import callable_interval, callable_name
from .ranking import ranking_interval
from .settings import Resampling

__all__ = [
    "METHODS",
    "MetricInterval",
    "counts_interval",
    "metric_interval",
    "report_intervals",
    "table_evaluator",
]

METHODS = ("posterior", "bootstrap", "bootstrap-bca", "wilson", "clopper-pearson")

#: Single rates: metric -> (the count of successes, the counts of trials).
_SINGLE_RATES = {
    info.name: info.proportion for info in LABEL_CATALOGUE if info.proportion
}


@dataclass(frozen=True, repr=False)
class MetricInterval:
    """A metric's value and its interval, in the style of scipy.stats results.

    Attributes
    ----------
    metric : str
        The metric's name.
    estimate : float or ndarray
        The metric's value on the counts (as the metric function gives it).
    low, high : float or ndarray
        The interval's bounds (NaN where the metric is undefined).
    method : str
        How the interval was made (see :func:`metric_interval`).
    confidence_level : float
        Its nominal probability of containing the true value.
    n_resamples : int or None
        Monte Carlo draws or bootstrap resamples; None for closed forms.
    note : str or None
        Set when a bound is the estimate itself rather than a quantile: the
        posterior's equal-tailed interval lay beside the estimate and was
        widened to reach it (see :func:`metric_interval`); the repr shows it.
    """

    metric: str
    estimate: object
    low: object
    high: object
    method: str
    confidence_level: float
    n_resamples: int | None = None
    note: str | None = None

    def __repr__(self):
        def shown(value):
            if np.ndim(value):
                return np.array2string(np.asarray(value), precision=4, separator=", ")
            return f"{float(value):.4g}"

        return (
            f"MetricInterval(metric={self.metric!r}, estimate={shown(self.estimate)}, "
            f"low={shown(self.low)}, high={shown(self.high)}, "
            f"method={self.method!r}, confidence_level={self.confidence_level}"
            + (f", note={self.note!r})" if self.note else ")")
        )


def metric_interval(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    metric: str = "iba",
    *,
    method: str | None = None,
    confidence_level: float = 0.95,
    n_resamples: int = 10000,
    random_state: RandomState = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
    **metric_params: Any,
) -> MetricInterval:
    """A metric's value with its confidence (or credible) interval.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True class labels.

    y_pred : array-like of shape (n_samples,)
        Predicted class labels; for a ranking metric (``"roc_auc"``,
        ``"average_precision"``, ``"auprg"``, ``"partial_auc"``), the scores
        of the positive class (``decision_function`` or the positive column
        of ``predict_proba``).

    metric : str, default="iba"
        A name :meth:`ConfusionCounts.score` accepts: any metric of the package
        (``"iba"``, ``"gmean"``, ``"balanced_accuracy"``, ``"ad_area"``,
        ``"dprime"``, ...) or scikit-learn's (``"accuracy"``, ``"f1"``,
        ``"matthews_corrcoef"``, ...); or a ranking metric of the package.

    method : {"posterior", "bootstrap", "bootstrap-bca", "wilson", \
"clopper-pearson", "delong", "delong-logit"}, default=None
        None: ``"posterior"`` for a metric of labels, ``"delong"`` for
        ``"roc_auc"``, ``"bootstrap-bca"`` for the other ranking metrics.

        For ranking metrics (see :doc:`/howto/ranking_metrics`): ``"delong"``,
        DeLong's variance of the ROC AUC (DeLong, DeLong & Clarke-Pearson
        1988; by Sun & Xu's 2014 algorithm, O(n log n)) and the Wald
        interval, clipped to [0, 1]; ``"delong-logit"``, the same variance
        on the logit scale (better near an AUC of 1); ``"bootstrap"`` and
        ``"bootstrap-bca"``, a stratified bootstrap (the positives and the
        negatives resampled on their own) that reweights one sorted order.

        For metrics of labels: ``"posterior"``: the equal-tailed credible interval under
        a uniform Dirichlet prior on each true class's row of the confusion matrix
        (Beta(1 + TP, 1 + FN) on TPR and Beta(1 + TN, 1 + FP) on TNR for two classes;
        Brodersen et al. 2010), the class sizes held at those observed; exact for
        two-class balanced accuracy, Monte Carlo otherwise; widened to reach the
        estimate where the equal-tailed interval excludes it (a rate observed at 0 or 1,
        or rates of few samples among many classes, which the prior pulls away from 0
        and 1); the result's ``note`` then says which bound is the estimate.
        ``"bootstrap"``: percentile interval of the metric over resampled tables;
        ``"bootstrap-bca"``: the same, bias-corrected and accelerated. ``"wilson"``,
        ``"clopper-pearson"``: for the single rates ``"sensitivity"``,
        ``"specificity"``, ``"fpr"``, ``"fnr"`` and ``"npv"`` only.

    confidence_level : float, default=0.95
        In (0, 1).

    n_resamples : int, default=10000
        Monte Carlo draws or bootstrap resamples.

    random_state : int, RandomState instance or None, default=None
        Seeds the draws (for reproducible intervals).

    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights; the interval is then that of the effective sample
        size (see the module's notes).

    prevalence : float, sequence of float or dict, default=None
        The metric at this class ratio instead of the data's (see
        :meth:`ConfusionCounts.at_prevalence`; a float is the fraction of
        ``pos_label``, 1 if not given). The ratio is held fixed and only the
        rates are uncertain: ``"posterior"`` draws each true class's row
        from its posterior, as counted, and rescales it to the ratio;
        ``"bootstrap"`` and ``"bootstrap-bca"`` resample each class's row on
        its own (a stratified bootstrap) and rescale it. ``"wilson"`` and
        ``"clopper-pearson"`` are refused: the single rates they bound do
        not depend on the ratio (NPV, which does, has no such interval
        there).

    **metric_params : dict
        The metric's options (``pos_label``, ``average``, ``labels``,
        ``alpha``, ...), as for the metric function.

    Returns
    -------
    result : MetricInterval
        ``estimate``, ``low``, ``high``, ``method``, ``confidence_level``.
        Draws where the metric is undefined (a resample without positives)
        are left out; the bounds are NaN if every draw is.

    Examples
    --------
    >>> from imbascore import metric_interval
    >>> y_true = [1] * 10 + [0] * 90
    >>> y_pred = [1] * 7 + [0] * 3 + [1] * 9 + [0] * 81
    >>> result = metric_interval(y_true, y_pred, "balanced_accuracy")
    >>> round(result.estimate, 3), round(result.low, 3), round(result.high, 3)
    (0.8, 0.637, 0.896)
    """
    name, family = _family(metric)
    check_seed(random_state, "metric_interval")  # even where unused (DeLong)
    if family is not None:
        resampling = Resampling(method, confidence_level, n_resamples, random_state)
        estimate, low, high, method, n_resamples, *note = family(
            y_true,
            y_pred,
            metric,
            resampling,
            sample_weight=sample_weight,
            prevalence=prevalence,
            metric_params=metric_params,
            func="metric_interval",
        )
        return MetricInterval(
            name, estimate, low, high, method, confidence_level, n_resamples, *note
        )
    counts = count(y_true, y_pred, sample_weight, "metric_interval")
    return counts_interval(
        counts,
        metric,
        method="posterior" if method is None else method,
        confidence_level=confidence_level,
        n_resamples=n_resamples,
        random_state=random_state,
        prevalence=prevalence,
        func="metric_interval",
        **metric_params,
    )


def _family(metric):
    """``(name, interval)``: the interval of a metric read from rows (a
    callable), scores or probabilities; None for a metric of labels,
    whose interval is that of its counts."""
    if callable(metric):
        return callable_name(metric), callable_interval
    check_metric_name(metric, "metric_interval")
    if metric in CALIBRATION_METRIC_NAMES:
        return metric, calibration_interval
    return metric, ranking_interval if metric in SCORE_METRIC_NAMES else None


def counts_interval(
    counts,
    metric,
    *,
    method,
    confidence_level,
    n_resamples,
    random_state,
    func,
    prevalence=None,
    **metric_params,
):
    """The interval of ``metric`` on a :class:`ConfusionCounts` (one path);
    at ``prevalence``, with the class ratio held fixed."""
    if counts.multilabel:
        raise ValueError(
            f"{func} is not defined for multilabel counts: its intervals are "
            "those of one confusion matrix of single-label data. Count one "
            "column as binary data, e.g. confusion_counts(y_true[:, j], "
            "y_pred[:, j]), and take its interval."
        )
    method = check_choice(method, "method", METHODS, func)
    level = check_confidence_level(confidence_level, func)
    table = counts.table
    if counts.weighted and table.squared_weights is None:
        raise ValueError(
            f"{func} needs sample sizes: these counts hold sums of weights "
            "without the squared weights that give their effective size "
            "(ConfusionCounts.from_matrix of a float matrix). Count from the "
            "labels with sample_weight, or pass integer counts."
        )
    fixed_rows = prevalence is not None
    if fixed_rows:
        if method in ("wilson", "clopper-pearson"):
            raise ValueError(
                param_error(
                    func,
                    "method",
                    "'posterior', 'bootstrap' or 'bootstrap-bca' with a prevalence",
                    method,
                    "The single rates these bound do not depend on the class "
                    "ratio: leave prevalence out for them.",
                )
            )
        table = counts.rescaled(prevalence, prevalence_label(metric_params), func).table
    estimate = score_of_table(table, metric, metric_params, func)
    if method in ("wilson", "clopper-pearson"):
        low, high = _rate_interval(table, metric, method, level, metric_params, func)
        return MetricInterval(metric, estimate, low, high, method, level)
    n_resamples = check_n_resamples(n_resamples, func)
    rng = check_seed(random_state, func)
    evaluate = table_evaluator(table, metric, metric_params, func)
    if method == "posterior":
        exact = _exact_balanced_accuracy(table, metric, metric_params, level, func)
        if exact is not None:
            note = _widening_note(estimate, *exact)
            low, high = containing(estimate, *exact)
            return MetricInterval(metric, estimate, low, high, method, level, note=note)
        draws = evaluate(posterior_tables(table, n_resamples, rng))
        equal_tailed = percentiles(draws, level)
        note = _widening_note(estimate, *equal_tailed)
        low, high = containing(estimate, *equal_tailed)
        return MetricInterval(
            metric, estimate, low, high, method, level, n_resamples, note
        )
    else:
        resample = stratified_tables if fixed_rows else bootstrap_tables
        draws = evaluate(resample(table, n_resamples, rng))
        if method == "bootstrap":
            low, high = percentiles(draws, level)
        else:
            left_out = jackknife(table, evaluate, fixed_rows=fixed_rows)
            low, high = _bca(draws, estimate, left_out, level)
    return MetricInterval(metric, estimate, low, high, method, level, n_resamples)


_MEANINGS = {
    "posterior": "equal-tailed credible intervals, uniform Dirichlet prior "
    "on each true class's row",
    "bootstrap": "percentile intervals over resampled count tables",
}


def report_intervals(
    table,
    weighted,
    *,
    averages,
    metrics,
    params,
    labels,
    resampling,
    func,
    prevalence=None,
):
    """The intervals of a report's rows (one per label of ``labels``) and
    averages (at ``prevalence``, if given), drawn as ``resampling`` (a
    :class:`Resampling`) says: ``(rows, averages, description)``, where
    ``rows[i]`` and ``averages[average]`` map each metric to ``[low,
    high]``; the report places them."""
    method, confidence_level, n_resamples, random_state = resampling
    counts = Counts(table, weighted=weighted)
    rows = [{} for _ in labels]
    by_average = {average: {} for average in averages}
    for metric in metrics:
        options = dict(params.get(metric, {}), labels=labels)
        for average, entries in [(None, rows)] + [
            (key, [entry]) for key, entry in by_average.items()
        ]:
            result = counts_interval(
                counts,
                metric,
                method=method,
                confidence_level=confidence_level,
                n_resamples=n_resamples,
                random_state=random_state,
                func=func,
                average=average,
                zero_division=np.nan,
                prevalence=prevalence,
                **options,
            )
            lows, highs = np.atleast_1d(result.low), np.atleast_1d(result.high)
            for entry, low, high in zip(entries, lows, highs, strict=True):
                entry[metric] = [float(low), float(high)]
    description = {
        "method": method,
        "confidence_level": confidence_level,
        "n_resamples": n_resamples,
        "meaning": _MEANINGS[method],
    }
    return rows, by_average, description


# ---------------------------------------------------------------- evaluation


def table_evaluator(table, metric, params, func):
    """``evaluate(tables)``: the metric of each table of a stack (tables of
    ``table``'s classes), as a vector."""
    classes = table.classes
    if metric in SKLEARN_SCORES:
        score = partial(SKLEARN_SCORES[metric], func=func, **params)
        return partial(_each, score=score, classes=classes)
    options = metric_options(metric, params, func)
    if options.average == "multiclass" and metric in _MEAN_RECALLS:
        rows = select_for(options, table, stacklevel=2).positions
        return partial(
            _batch_mean_recall, rows=rows, metric=metric, params=options.params
        )
    if options.average == "multiclass":
        score = partial(score_table, options, stacklevel=2)
        return partial(_each, score=score, classes=classes)
    selected = select_for(options, table, stacklevel=2)
    return partial(_batch_values, selected=selected, options=options)


_MEAN_RECALLS = ("balanced_accuracy", "gmean")


def _batch_mean_recall(tables, rows, metric, params):
    """Multiclass balanced accuracy or G-mean of each table of a stack: the
    mean (arithmetic or geometric) recall over its classes with samples."""
    support = tables.sum(axis=2)[:, rows]
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a draw without classes
        recalls = np.where(support > 0, tables[:, rows, rows] / support, np.nan)
        if metric == "balanced_accuracy":
            return np.nanmean(recalls, axis=1)
        recalls = np.where(recalls == 0.0, params.get("zero_recall", 0.0), recalls)
        return np.exp(np.nanmean(np.log(recalls), axis=1))


def _each(tables, score, classes):
    """Score tables one by one (metrics that are not per-class formulas),
    each as a :class:`ContingencyTable` of ``classes``."""
    values = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        warnings.filterwarnings("ignore", "y_pred contains classes not in y_true")
        for table in tables:
            values.append(score(ContingencyTable(table, classes)))
    return np.asarray(values, dtype=float)


def _batch_values(tables, selected, options):
    """The metric of every table of a stack at once, per-class formulas vectorised.

    ``selected`` are the observed table's one-vs-rest counts: which labels are
    scored, and (for d') their effective trials.
    """
    positions = selected.positions
    n_tables, n_labels = len(tables), len(positions)
    found = positions >= 0
    at = np.where(found, positions, 0)
    diagonal = np.where(found, tables[:, at, at], 0.0)
    rows = np.where(found, tables.sum(axis=2)[:, at], 0.0)
    columns = np.where(found, tables.sum(axis=1)[:, at], 0.0)
    total = tables.sum(axis=(1, 2))[:, None]
    tp = diagonal
    fn = np.maximum(rows - diagonal, 0.0)
    fp = np.maximum(columns - diagonal, 0.0)
    tn = np.maximum(total - rows - columns + diagonal, 0.0)
    trials = [
        None if values is None else np.tile(values, (n_tables, 1))
        for values in (selected.positive_trials, selected.negative_trials)
    ]
    if options.average == "micro":
        stacked = _micro_of_each((tp, fn, fp, tn), trials, selected.classes)
        n_labels = 1
    else:
        stacked = OneVsRestCounts(
            labels=np.tile(np.arange(n_labels), n_tables),
            tp=tp.ravel(),
            fn=fn.ravel(),
            fp=fp.ravel(),
            tn=tn.ravel(),
            classes=selected.classes,
            joint=None,
            positive_trials=None if trials[0] is None else trials[0].ravel(),
            negative_trials=None if trials[1] is None else trials[1].ravel(),
        )
    values = per_class_values(
        options.name, stacked, np.nan, False, stacklevel=2, **options.params
    ).reshape(n_tables, n_labels)
    if options.average in ("binary", "micro"):
        return values[:, 0]
    if options.average is None:
        return values
    if options.average == "macro":
        with warnings.catch_warnings():  # a draw without any defined value
            warnings.simplefilter("ignore", RuntimeWarning)
            return np.nanmean(values, axis=1)
    support = np.where(np.isnan(values), 0.0, (tp + fn))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nansum(values * support, axis=1) / support.sum(axis=1)


def _micro_of_each(cells, trials, classes):
    """Micro counts of each table of a stack (``cells``: tp, fn, fp, tn of
    shape (n_tables, n_labels)), by :func:`micro_counts`' rule: the labels
    summed, the effective trials ``(sum W)^2 / sum(W^2 / n)``."""
    tp, fn, fp, tn = cells

    def pooled(weights, own):
        if own is None:
            return None
        with np.errstate(divide="ignore", invalid="ignore"):
            squares = np.where(own > 0, weights**2 / own, 0.0).sum(axis=1)
            return np.where(squares > 0, weights.sum(axis=1) ** 2 / squares, 0.0)

    return OneVsRestCounts(
        labels=np.zeros(len(tp), dtype=int),
        tp=tp.sum(axis=1),
        fn=fn.sum(axis=1),
        fp=fp.sum(axis=1),
        tn=tn.sum(axis=1),
        classes=classes,
        joint=None,
        positive_trials=pooled(tp + fn, trials[0]),
        negative_trials=pooled(fp + tn, trials[1]),
    )


def _widening_note(estimate, low, high):
    """What :func:`containing` is about to do to the equal-tailed interval
    ``[low, high]``, in words; None if it contains the estimate."""
    below = np.asarray(np.asarray(high) < estimate)  # the estimate above it
    above = np.asarray(np.asarray(low) > estimate)
    if not (below.any() or above.any()):
        return None
    why = (
        "The uniform prior on each true class's row pulls its rates toward 1/k "
        "for k classes, most where a rate is 0 or 1 or a class has few samples."
    )
    if below.ndim == 0:
        bound, side = ("high", "below") if below else ("low", "above")
        return (
            f"{bound} is the estimate: the equal-tailed interval "
            f"[{float(low):.4g}, {float(high):.4g}] lay {side} it, so it was "
            f"widened to reach it. {why}"
        )
    parts = [
        f"{bound} at positions {np.flatnonzero(mask).tolist()}"
        for bound, mask in (("high", below), ("low", above))
        if mask.any()
    ]
    return (
        f"{' and '.join(parts)} is the estimate: there the equal-tailed "
        f"interval lay beside it, so it was widened to reach it. {why}"
    )


def _bca(draws, estimate, jackknife, level):
    """Efron's bias-corrected and accelerated bootstrap interval."""
    draws = np.asarray(draws, dtype=float)
    if draws.ndim != 1:
        raise ValueError(
            "method='bootstrap-bca' gives one interval at a time: use an "
            "average (not average=None), or method='bootstrap'."
        )
    return bca_bounds(draws, estimate, jackknife, level)


# ---------------------------------------------------------------- closed forms


def _binary_counts(table, metric, params, func):
    options = metric_options(metric, params, func)
    if options.average not in ("binary", None):
        raise ValueError(
            param_error(
                func,
                "average",
                "'binary' or None with method 'wilson' or 'clopper-pearson' "
                "(one rate per label)",
                options.average,
            )
        )
    return select_for(options, table, stacklevel=3), options


def _rate_interval(table, metric, method, level, params, func):
    if metric not in _SINGLE_RATES:
        raise ValueError(
            param_error(
                func,
                "metric",
                f"one of {sorted(_SINGLE_RATES)} with method={method!r} (single "
                "rates); use method='posterior' or 'bootstrap' for the others",
                metric,
            )
        )
    counts, options = _binary_counts(table, metric, params, func)
    successes, trials = _SINGLE_RATES[metric]
    k = getattr(counts, successes)
    n = sum(getattr(counts, name) for name in trials)
    if table.squared_weights is not None:  # in units of effective samples
        own = (
            counts.positive_trials if trials == ("tp", "fn") else counts.negative_trials
        )
        if metric == "npv":
            own = n  # predicted negatives: no effective size is kept; as counted
        with np.errstate(invalid="ignore", divide="ignore"):
            k, n = np.where(n > 0, k / n * own, 0.0), own
    alpha = 1.0 - level
    with np.errstate(invalid="ignore", divide="ignore"):
        if method == "wilson":
            z = stats.norm.ppf(1.0 - alpha / 2.0)
            centre = (k + z**2 / 2.0) / (n + z**2)
            half = z * np.sqrt(k * (n - k) / n + z**2 / 4.0) / (n + z**2)
            low, high = centre - half, centre + half
        else:
            low = np.where(k > 0, special.betaincinv(k, n - k + 1, alpha / 2.0), 0.0)
            high = np.where(
                k < n, special.betaincinv(k + 1, n - k, 1.0 - alpha / 2.0), 1.0
            )
    undefined = n == 0
    low = np.where(undefined, np.nan, np.clip(low, 0.0, 1.0))
    high = np.where(undefined, np.nan, np.clip(high, 0.0, 1.0))
    if options.average == "binary":
        return float(low[0]), float(high[0])
    return low, high


def _exact_balanced_accuracy(table, metric, params, level, func):
    """Two-class balanced accuracy, TPR and TNR: their exact posteriors.

    Balanced accuracy's is the distribution of the mean of two Betas
    (Brodersen's ``betaavgcdf``). None where this does not apply.
    """
    if metric not in ("balanced_accuracy", "sensitivity", "specificity"):
        return None
    options = metric_options(metric, params, func)
    if len(table.classes) != 2 or options.average not in ("binary", "multiclass"):
        return None
    if options.average == "multiclass":  # symmetric: either class positive
        positive = table.classes[1].item()
        options = replace(options, average="binary", pos_label=positive)
    p, q = beta_parameters(select_for(options, table, stacklevel=3))
    tail = (1.0 - level) / 2.0
    if metric == "sensitivity":
        return tuple(float(v) for v in stats.beta.ppf([tail, 1 - tail], *p))
    if metric == "specificity":
        return tuple(float(v) for v in stats.beta.ppf([tail, 1 - tail], *q))
    return _beta_average_quantile(p, q, tail), _beta_average_quantile(p, q, 1 - tail)


def _beta_average_quantile(p, q, probability):
    """Quantile of (X + Y) / 2 for X ~ Beta(*p), Y ~ Beta(*q).

    Its CDF is ``E[F(2z - S)]`` with S the sharper of the two Betas and F
    the CDF of the other: a smooth function at the scale of S, integrated by
    Gauss-Legendre over the range where S's density lives (1e-15 to
    1 - 1e-15 of its mass).
    """
    (sharp, smooth) = (p, q) if _spread(p) <= _spread(q) else (q, p)
    low, high = stats.beta.ppf([1e-15, 1.0 - 1e-15], *sharp)
    nodes, weights = _legendre()
    x = (high - low) / 2.0 * nodes + (high + low) / 2.0
    mass = weights * (high - low) / 2.0 * stats.beta.pdf(x, *sharp)
    mass /= mass.sum()

    def cdf(z):
        return float(mass @ special.betainc(*smooth, np.clip(2.0 * z - x, 0.0, 1.0)))

    return float(optimize.brentq(lambda z: cdf(z) - probability, 0.0, 1.0, xtol=1e-12))


# Nodes of the Beta-average quadrature: exact to ~1e-12 for Betas of up to
# millions of samples (checked against Monte Carlo and adaptive quadrature).
_NODES = 400


@cache
def _legendre():
    return np.polynomial.legendre.leggauss(_NODES)


def _spread(parameters):
    a, b = parameters
    return np.sqrt(a * b / ((a + b) ** 2 * (a + b + 1.0)))
