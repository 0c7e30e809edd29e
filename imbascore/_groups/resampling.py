"""Draws of metrics by group, stratified by group and class: each group's
positives and negatives (each true class) are drawn on their own, so every
draw keeps every group's class counts and a difference between groups
reflects only the noise within them.

Metrics of labels draw each group's table row by row: from the posterior of
each (group, true class) row (Dirichlet(1 + counts), as the groups'
intervals do by default: a group whose 6 positives were all found still
has an uncertain sensitivity), or by the bootstrap (a multinomial draw of
the row); no pass over the samples, and the stack of tables is evaluated at
once. Metrics of scores resample each group's rows within their classes and
call the metric with the multiplicities as weights.
"""

import warnings
from contextlib import contextmanager

import numpy as np
from sklearn.exceptions import UndefinedMetricWarning

from .._core.resampling import posterior_tables, stratified_tables
from .._inference.intervals import table_evaluator

__all__ = ["label_draws", "quiet", "score_draws"]


@contextmanager
def quiet():
    """Undefined values expected (a resample without positives): their
    warnings and NumPy's off."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        yield


def label_draws(counts, metric, params, n_resamples, rng, func, *, posterior):
    """The metric of ``counts`` (one group's :class:`ConfusionCounts`) on
    ``n_resamples`` draws of its rows (``posterior``: Dirichlet draws;
    else the bootstrap), and the drawn tables (for the overall sum)."""
    table = counts.table
    draw = posterior_tables if posterior else stratified_tables
    tables = draw(table, n_resamples, rng)
    evaluate = table_evaluator(table, metric, params, func)
    with quiet():
        return np.asarray(evaluate(tables), dtype=float), tables


def score_draws(function, y_true, scores, weights, cells, n_resamples, rng, params):
    """The metric ``function(y_true, scores, sample_weight=...)`` on
    ``n_resamples`` resamples of the rows, each of ``cells`` (arrays of row
    indices: the strata a resample keeps) drawn on its own; a resample's
    weights are the drawn multiplicities times ``weights``."""
    n = y_true.shape[0]
    base = np.ones(n) if weights is None else np.asarray(weights, dtype=float)
    values = np.empty(n_resamples)
    with quiet():
        for row in range(n_resamples):
            multiplicity = np.zeros(n)
            for cell in cells:
                if cell.shape[0]:
                    drawn = cell[rng.integers(0, cell.shape[0], size=cell.shape[0])]
                    multiplicity += np.bincount(drawn, minlength=n)
            values[row] = function(
                y_true, scores, sample_weight=multiplicity * base, **params
            )
    return values
