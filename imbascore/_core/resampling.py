"""Draws and bounds shared by every interval of the package.

Posterior and bootstrap draws of a counted table, the jackknife, effective
sample sizes under weights, and percentile bounds. The intervals, the paired
comparison, the operating points, prevalence estimation and the class-ratio
display all draw here; nothing here knows a metric (a metric enters as the
``evaluate`` callback).
"""

import numpy as np
from scipy import stats

__all__ = [
    "effective_rows",
    "effective_total",
    "dense_joint",
    "posterior_tables",
    "bootstrap_tables",
    "stratified_tables",
    "jackknife",
    "percentiles",
    "containing",
    "beta_parameters",
    "bca_bounds",
]


def effective_rows(table):
    """Row sums in units of samples: the counts, or each row's Kish size."""
    rows = np.asarray(table.joint.sum(axis=1), dtype=float).ravel()
    if table.squared_weights is None:
        return rows, rows
    sums, scales = table.squared_weights
    with np.errstate(divide="ignore", invalid="ignore"):
        sizes = np.where(sums > 0, (rows / scales) ** 2 / sums, 0.0)
    return rows, sizes


def effective_total(table):
    total = float(table.joint.sum())
    if table.squared_weights is None:
        return total, total
    sums, scales = table.squared_weights
    largest = scales.max()
    squares = np.sum(sums * (scales / largest) ** 2)
    return total, (total / largest) ** 2 / squares if squares > 0 else 0.0


def dense_joint(table):
    joint = table.joint
    return np.asarray(joint.toarray() if hasattr(joint, "toarray") else joint, float)


def posterior_tables(table, n_draws, rng):
    """Tables whose rows are Dirichlet(1 + counts) draws times the row sizes."""
    joint = dense_joint(table)
    rows, sizes = effective_rows(table)
    with np.errstate(invalid="ignore", divide="ignore"):
        in_samples = np.where(rows[:, None] > 0, joint * (sizes / rows)[:, None], 0.0)
    gamma = rng.standard_gamma(1.0 + in_samples, size=(n_draws,) + joint.shape)
    shares = gamma / gamma.sum(axis=2, keepdims=True)
    return shares * rows[None, :, None]


def bootstrap_tables(table, n_draws, rng):
    """Tables of ``n`` samples drawn with replacement from the counted cells."""
    joint = dense_joint(table)
    total, size = effective_total(table)
    draws = max(int(round(size)), 1)
    cells = rng.multinomial(draws, (joint / total).ravel(), size=n_draws)
    return cells.reshape((n_draws,) + joint.shape) * (total / draws)


def stratified_tables(table, n_draws, rng):
    """Tables whose rows are each resampled on their own, with replacement
    from the row's cells and as many samples as it holds (its effective
    size), then scaled back to the row's sum: the class ratio stays fixed."""
    joint = dense_joint(table)
    rows, sizes = effective_rows(table)
    tables = np.zeros((n_draws,) + joint.shape)
    for row in np.flatnonzero(rows > 0):
        draws = max(int(round(sizes[row])), 1)
        cells = rng.multinomial(draws, joint[row] / rows[row], size=n_draws)
        tables[:, row, :] = cells * (rows[row] / draws)
    return tables


def jackknife(table, evaluate, *, fixed_rows=False):
    """Leave-one-sample-out values and how many samples each stands for.

    With ``fixed_rows`` (a table at a set class ratio), a sample of a row
    is one unit of that row's effective size, and the row is scaled back to
    its sum after leaving it out.
    """
    joint = dense_joint(table)
    cells = np.argwhere(joint > 0)
    if fixed_rows:
        rows, sizes = effective_rows(table)
        with np.errstate(divide="ignore", invalid="ignore"):
            units = np.where(sizes > 0, rows / sizes, 1.0)[cells[:, 0]]
    else:
        total, size = effective_total(table)
        units = np.full(len(cells), total / size if size > 0 else 1.0)
    tables = np.repeat(joint[None], len(cells), axis=0)
    tables[np.arange(len(cells)), cells[:, 0], cells[:, 1]] -= units
    np.maximum(tables, 0.0, out=tables)
    if fixed_rows:
        index = np.arange(len(cells))
        left = tables[index, cells[:, 0], :].sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            scale = np.where(left > 0, joint[cells[:, 0]].sum(axis=1) / left, 0.0)
        tables[index, cells[:, 0], :] *= scale[:, None]
    return evaluate(tables), joint[cells[:, 0], cells[:, 1]] / units


def percentiles(draws, level):
    tail = (1.0 - level) / 2.0
    draws = np.asarray(draws, dtype=float)
    if draws.ndim == 1:
        kept = draws[np.isfinite(draws)]
        if kept.size == 0:
            return float("nan"), float("nan")
        low, high = np.quantile(kept, [tail, 1.0 - tail])
        return float(low), float(high)
    bounds = [percentiles(column, level) for column in draws.T]
    return np.array([b[0] for b in bounds]), np.array([b[1] for b in bounds])


def containing(estimate, low, high):
    """Widen a posterior interval to the observed estimate. With a rate
    observed at 0 or 1 (no true positive found, say) the posterior puts all
    its mass inside the boundary, so its equal-tailed interval would exclude
    the very value observed; like Clopper-Pearson's, ours then reaches it."""
    # fmin/fmax: an undefined (NaN) estimate leaves the bounds as they are;
    # arrays (average=None) widen element by element.
    low, high = np.fmin(low, estimate), np.fmax(high, estimate)
    if np.ndim(low) == 0:
        return float(low), float(high)
    return low, high


def beta_parameters(counts):
    """Beta(1 + TP, 1 + FN) on TPR and Beta(1 + TN, 1 + FP) on TNR, with the
    counts in effective samples under weights."""
    tp, fn, fp, tn = (
        float(getattr(counts, name)[0]) for name in ("tp", "fn", "fp", "tn")
    )
    if counts.positive_trials is not None:
        positives, negatives = tp + fn, tn + fp
        to_pos = counts.positive_trials[0] / positives if positives > 0 else 0.0
        to_neg = counts.negative_trials[0] / negatives if negatives > 0 else 0.0
        tp, fn, tn, fp = tp * to_pos, fn * to_pos, tn * to_neg, fp * to_neg
    return (1.0 + tp, 1.0 + fn), (1.0 + tn, 1.0 + fp)


def bca_bounds(draws, estimate, jackknife, level):
    """Efron's bias-corrected and accelerated bootstrap interval of 1-D
    ``draws``; ``jackknife`` is ``(values, multiplicity)``: the statistic with
    each sample (or block) left out and how many samples each stands for.
    Undefined draws are left out; NaN bounds if none is left."""
    draws = np.asarray(draws, dtype=float)
    kept = draws[np.isfinite(draws)]
    values, multiplicity = jackknife
    usable = np.isfinite(values)
    if kept.size == 0 or not np.isfinite(estimate) or not usable.any():
        return float("nan"), float("nan")
    below = np.mean(kept < estimate) + 0.5 * np.mean(kept == estimate)
    bias = stats.norm.ppf(np.clip(below, 1e-12, 1 - 1e-12))
    values, weights = values[usable], multiplicity[usable]
    mean = np.average(values, weights=weights)
    deviation = mean - values
    spread = np.sum(weights * deviation**2)
    acceleration = (
        np.sum(weights * deviation**3) / (6.0 * spread**1.5) if spread > 0 else 0.0
    )
    tail = (1.0 - level) / 2.0
    quantiles = []
    for z in stats.norm.ppf([tail, 1.0 - tail]):
        shifted = bias + (bias + z) / (1.0 - acceleration * (bias + z))
        quantiles.append(stats.norm.cdf(shifted))
    low, high = np.quantile(kept, quantiles)
    return float(low), float(high)
