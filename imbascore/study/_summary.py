"""Metrics of a study, computed afterwards from each fold's counts.

The runner keeps only the four counts of every test fold; any metric of the
package follows from them, averaged over folds (the papers' way) or from the
counts pooled over all folds of a cell.
"""

import numpy as np

from .._per_class import METRICS
from .._validation import check_choice, check_metric_params
from ..counts import ConfusionCounts

__all__ = ["CELL", "fold_scores", "summarize"]

#: The columns that identify a cell of the study.
CELL = ["dataset", "sampler", "classifier"]
_NAMES = ("accuracy",) + tuple(METRICS)


def _counts(frame):
    """The ConfusionCounts of each row (positive class 1)."""
    cells = frame[["tn", "fp", "fn", "tp"]].to_numpy(dtype=np.int64).reshape(-1, 2, 2)
    return [ConfusionCounts.from_matrix(cell, labels=[0, 1]) for cell in cells]


def fold_scores(results, metric, **params):
    """One metric for every row (fold) of a study's results.

    Parameters
    ----------
    results : pandas.DataFrame
        Rows with the columns ``tp, fn, fp, tn`` (as :func:`run_study` gives).

    metric : str
        ``"accuracy"`` or a metric key of :data:`imbascore.report.REPORT_METRICS`
        (``"gmean"``, ``"dominance"``, ``"iba"``, ``"ad_area"``, ...).

    **params : dict
        The metric's own parameters (``alpha``, ``squared``, ``weight``,
        ``correction``).

    Returns
    -------
    scores : ndarray of shape (n_rows,)
        NaN where the metric is undefined for a fold.
    """
    check_choice(metric, "metric", _NAMES, "fold_scores")
    params = check_metric_params(params, "fold_scores")
    return np.array(
        [
            counts.score(metric, average="binary", zero_division=np.nan, **params)
            if metric != "accuracy"
            else counts.score("accuracy")
            for counts in _counts(results)
        ],
        dtype=float,
    )


def summarize(
    results, metrics=("gmean", "dominance", "ad_area"), *, aggregate="fold", **params
):
    """One row per cell: each metric averaged over folds, or from pooled counts.

    Parameters
    ----------
    results : pandas.DataFrame
        Per-fold results of :func:`run_study`.

    metrics : sequence of str, default=("gmean", "dominance", "ad_area")
        Names accepted by :func:`fold_scores`.

    aggregate : {"fold", "pooled"}, default="fold"
        ``"fold"``: the mean of the per-fold values, as the papers report them.
        ``"pooled"``: the metric of the counts summed over the cell's folds.

    **params : dict
        Metric parameters, as in :func:`fold_scores`.

    Returns
    -------
    summary : pandas.DataFrame
        Indexed by (dataset, sampler, classifier), one column per metric, plus
        ``n_folds``, ``fit_time`` and ``score_time`` (sums over folds), in the
        order the cells first appear.
    """
    import pandas as pd

    check_choice(aggregate, "aggregate", ("fold", "pooled"), "summarize")
    if isinstance(metrics, str):
        metrics = [metrics]
    grouped = results.groupby(CELL, sort=False)
    if aggregate == "pooled":
        pooled = grouped[["tp", "fn", "fp", "tn"]].sum()
        table = pd.DataFrame(
            {m: fold_scores(pooled, m, **params) for m in metrics}, index=pooled.index
        )
    else:
        scores = pd.DataFrame(
            {m: fold_scores(results, m, **params) for m in metrics},
            index=results.index,
        )
        table = scores.join(results[CELL]).groupby(CELL, sort=False).mean()
    table["n_folds"] = grouped.size()
    table["fit_time"] = grouped["fit_time"].sum()
    table["score_time"] = grouped["score_time"].sum()
    return table
