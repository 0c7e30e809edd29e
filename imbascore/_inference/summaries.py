"""Metrics of a study, computed afterwards from each fold's counts.

The runner keeps only the four counts of every test fold; any metric of the
package follows from them, averaged over folds (the papers' way) or from the
counts pooled over all folds of a cell.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np

from .._core.checks import check_choice
from .._core.counts import Counts
from .._core.engine import ContingencyTable
from .._metrics.named_scores import score_of_table
from .._metrics.per_class import METRICS
from .._metrics.scoring import check_metric_params
from .._specs.catalogue import LABEL_CATALOGUE
from .intervals import counts_interval

__all__ = ["CELL", "fold_scores", "summarize"]

#: The columns that identify a cell of the study.
CELL = ["dataset", "sampler", "classifier"]
METRIC_NAMES = ("accuracy",) + tuple(METRICS)


def _counts(frame):
    """The counts of each row (positive class 1)."""
    cells = frame[["tn", "fp", "fn", "tp"]].to_numpy(dtype=np.int64).reshape(-1, 2, 2)
    return [Counts.from_matrix(cell, labels=[0, 1]) for cell in cells]


def _binary_score(counts, metric, params, func):
    """``metric`` of two-class counts, NaN where it is undefined."""
    if metric == "accuracy":
        return score_of_table(counts.table, metric, {}, func)
    options = dict(params, average="binary", zero_division=np.nan)
    return score_of_table(counts.table, metric, options, func)


def fold_scores(results: Any, metric: str, **params: Any) -> Any:
    """One metric for every row (fold) of a study's results.

    Parameters
    ----------
    results : pandas.DataFrame
        Rows with the columns ``tp, fn, fp, tn`` (as :func:`run_study` gives).

    metric : str
        ``"accuracy"`` or a metric key of
        :data:`imbascore._report.report.REPORT_METRICS`
        (``"gmean"``, ``"dominance"``, ``"iba"``, ``"ad_area"``, ...).

    **params : dict
        The metric's own parameters (``alpha``, ``squared``, ``weight``,
        ``correction``).

    Returns
    -------
    scores : ndarray of shape (n_rows,)
        NaN where the metric is undefined for a fold.
    """
    check_choice(metric, "metric", METRIC_NAMES, "fold_scores")
    params = check_metric_params(params, "fold_scores")
    return np.array(
        [
            _binary_score(counts, metric, params, "fold_scores")
            for counts in _counts(results)
        ],
        dtype=float,
    )


def summarize(
    results: Any,
    metrics: str | Sequence[str] = ("gmean", "dominance", "ad_area"),
    *,
    aggregate: str = "fold",
    interval: str | None = None,
    confidence_level: float = 0.95,
    n_resamples: int = 10000,
    random_state: Any = 0,
    **params: Any,
) -> Any:
    """One row per cell: each metric averaged over folds, or from pooled counts.

    Parameters
    ----------
    results : pandas.DataFrame
        Per-fold results of :func:`run_study`.

    metrics : sequence of str, default=("gmean", "dominance", "ad_area")
        Names accepted by :func:`fold_scores`.

    aggregate : {"fold", "pooled", "rates"}, default="fold"
        ``"fold"``: the mean of the per-fold values. ``"pooled"``: the metric
        of the counts summed over the cell's folds. ``"rates"``: the metric of
        the fold-averaged TPR and TNR (García et al. 2008 report g, d and the
        area this way: g = sqrt(mean TPR x mean TNR)); for the metrics that
        are functions of the two rates only (not accuracy, optimized
        precision or nMI, which also depend on the class ratio). d' and AUCz
        correct extreme rates with the data set's class sizes.

    interval : {"posterior", "repeats"} or None, default=None
        Add ``{metric}_low`` and ``{metric}_high`` columns.
        ``"posterior"``: the posterior interval (see
        :func:`~imbascore.metric_interval`) of the metric on the cell's
        counts summed over folds and divided by the number of repeats: every
        sample of the data set counted once, so the interval is that of a
        test set the size of the data set. ``"repeats"``: a Student-t
        interval of the mean over repeats of each repeat's value (computed as
        ``aggregate`` says); it shows how much the partition into folds
        moves the number, not the uncertainty of testing on few samples, and
        is much narrower.

    confidence_level : float, default=0.95
        Of the intervals.

    n_resamples : int, default=10000
        Monte Carlo draws of the posterior.

    random_state : int, RandomState instance or None, default=0
        Seeds the posterior's draws.

    **params : dict
        Metric parameters, as in :func:`fold_scores`.

    Returns
    -------
    summary : pandas.DataFrame
        Indexed by (dataset, sampler, classifier), one column per metric (and
        its interval's), plus ``n_folds``, ``fit_time`` and ``score_time``
        (sums over folds), in the order the cells first appear.
    """
    import pandas as pd

    check_choice(aggregate, "aggregate", ("fold", "pooled", "rates"), "summarize")
    check_choice(interval, "interval", (None, "posterior", "repeats"), "summarize")
    if isinstance(metrics, str):
        metrics = [metrics]
    if aggregate == "rates":
        for metric in metrics:
            check_choice(
                metric, "metrics", RATE_METRICS, "summarize (aggregate='rates')"
            )
    grouped = results.groupby(CELL, sort=False)
    table = _aggregated(results, metrics, aggregate, CELL, params)
    if interval == "posterior":
        bounds = _posterior_bounds(
            grouped, metrics, confidence_level, n_resamples, random_state, params
        )
        table = table.join(pd.DataFrame(bounds, index=table.index))
    elif interval == "repeats":
        per_repeat = _aggregated(results, metrics, aggregate, CELL + ["repeat"], params)
        table = table.join(_repeat_bounds(per_repeat, metrics, confidence_level))
    table["n_folds"] = grouped.size()
    table["fit_time"] = grouped["fit_time"].sum()
    table["score_time"] = grouped["score_time"].sum()
    return table


def _aggregated(results, metrics, aggregate, keys, params):
    """Each metric per group of ``keys``: fold-averaged or from pooled counts."""
    import pandas as pd

    grouped = results.groupby(keys, sort=False)
    if aggregate == "rates":
        return _from_mean_rates(results, metrics, keys, params)
    if aggregate == "pooled":
        pooled = grouped[["tp", "fn", "fp", "tn"]].sum()
        return pd.DataFrame(
            {m: fold_scores(pooled, m, **params) for m in metrics}, index=pooled.index
        )
    scores = pd.DataFrame(
        {m: fold_scores(results, m, **params) for m in metrics}, index=results.index
    )
    return scores.join(results[keys]).groupby(keys, sort=False).mean()


#: Metrics that are functions of TPR and TNR alone (Straube & Krell 2014):
#: the catalogue's metrics free of the class ratio, in its order.
RATE_METRICS = tuple(info.name for info in LABEL_CATALOGUE if info.ratio_free)


def _from_mean_rates(results, metrics, keys, params):
    """Each metric of the fold-averaged TPR and TNR of each group."""
    import pandas as pd

    frame = results[keys].copy()
    frame["tpr"] = fold_scores(results, "sensitivity")
    frame["tnr"] = fold_scores(results, "specificity")
    frame["positives"] = results["tp"] + results["fn"]
    frame["negatives"] = results["tn"] + results["fp"]
    grouped = frame.groupby(keys, sort=False)
    means = grouped[["tpr", "tnr"]].mean()
    repeats = results.groupby(keys, sort=False)["repeat"].nunique()
    sizes = grouped[["positives", "negatives"]].sum().div(repeats, axis=0)
    values = {metric: [] for metric in metrics}
    for key in means.index:
        counts = _rate_counts(*means.loc[key], *sizes.loc[key])
        for metric in metrics:
            values[metric].append(_binary_score(counts, metric, params, "summarize"))
    return pd.DataFrame(values, index=means.index)


def _rate_counts(tpr, tnr, positives, negatives):
    """Counts whose rates are ``tpr`` and ``tnr``, the classes of the given
    sizes (as effective samples, for d's correction of extreme rates)."""
    joint = np.array(
        [
            [tnr * negatives, (1 - tnr) * negatives],
            [(1 - tpr) * positives, tpr * positives],
        ]
    )
    squares = (np.array([negatives, positives], dtype=float), np.ones(2))
    return Counts(ContingencyTable(joint, np.array([0, 1]), squares), weighted=True)


def _posterior_bounds(grouped, metrics, level, n_resamples, random_state, params):
    bounds = {f"{m}_{side}": [] for m in metrics for side in ("low", "high")}
    for _, cell in grouped:
        counts = _data_set_counts(cell)
        for metric in metrics:
            result = counts_interval(
                counts,
                metric,
                func="summarize",
                method="posterior",
                confidence_level=level,
                n_resamples=n_resamples,
                random_state=random_state,
                average="binary",
                zero_division=np.nan,
                **params,
            )
            bounds[f"{metric}_low"].append(result.low)
            bounds[f"{metric}_high"].append(result.high)
    return bounds


def _data_set_counts(cell):
    """A cell's counts summed over folds, divided by the repeats: each sample
    of the data set once, as effective samples (the sums may not be whole)."""
    n_repeats = cell["repeat"].nunique()
    tn, fp, fn, tp = (cell[c].sum() / n_repeats for c in ("tn", "fp", "fn", "tp"))
    joint = np.array([[tn, fp], [fn, tp]], dtype=float)
    rows = joint.sum(axis=1)
    present = (rows > 0) | (joint.sum(axis=0) > 0)
    joint = joint[np.ix_(present, present)]
    # Weight-1 samples: the sum of squared weights of a row is its count.
    squares = (rows[present], np.ones(int(present.sum())))
    table = ContingencyTable(joint, np.array([0, 1])[present], squares)
    return Counts(table, weighted=True)


def _repeat_bounds(per_repeat, metrics, level):
    from scipy import stats

    grouped = per_repeat.groupby(level=CELL, sort=False)
    mean, spread, size = grouped.mean(), grouped.std(ddof=1), grouped.count()
    half = stats.t.ppf(0.5 + level / 2.0, size - 1) * spread / np.sqrt(size)
    columns = {}
    for metric in metrics:
        columns[f"{metric}_low"] = mean[metric] - half[metric]
        columns[f"{metric}_high"] = mean[metric] + half[metric]
    import pandas as pd

    return pd.DataFrame(columns)
