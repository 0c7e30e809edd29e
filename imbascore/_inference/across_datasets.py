"""Comparison of approaches across data sets (Demšar 2006).

One score per data set and approach (a study's cells, or any table of
scores) answers "is one approach better than another over these data sets?"
with the tests Demšar (2006) recommends: average ranks, the Friedman test
and its Iman-Davenport F, the Nemenyi critical difference, and Wilcoxon
signed-rank tests (against a control or between all pairs) with Holm's
correction, as Benavoli, Corani & Mangili (2016) advise over mean-rank
post-hoc tests. With baycomp installed, the Bayesian signed-rank test of
Benavoli et al. (2014) gives the probability that each approach is better.

Everything rests on scipy.stats: ``rankdata``, the chi-square and F tails,
``studentized_range`` (the Nemenyi q) and ``wilcoxon``. The Friedman
statistic is computed from the ranks (one line), since
``scipy.stats.friedmanchisquare`` refuses two approaches and always corrects
for ties; with ``tie_correction=True`` it equals scipy's (tested).
"""

from __future__ import annotations

import functools
import importlib.util
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from scipy import stats

from .._core.checks import (
    as_python_scalar,
    check_bool,
    check_choice,
    check_seed,
    is_real,
    param_error,
)
from .._core.optional import install_hint, require
from .._core.types import ArrayLike
from .._metrics.per_class import METRICS
from .._metrics.scoring import METRIC_PARAMETERS, check_metric_params
from .._specs.catalogue import LOWER_IS_BETTER

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ApproachComparison", "compare_approaches"]

_FUNC = "compare_approaches"
_COUNT_COLUMNS = ("tp", "fn", "fp", "tn")
_STUDY_METRICS = ("accuracy",) + tuple(METRICS)
#: Metrics of the study for which lower values are better.
_ALTERNATIVES = {"two-sided": "two-sided", "better": "greater", "worse": "less"}
#: Monte Carlo draws of the Bayesian signed-rank test's posterior.
_BAYES_SAMPLES = 50000


def _check_alpha(alpha):
    if not is_real(alpha) or not 0.0 < alpha < 1.0:
        raise ValueError(
            param_error(_FUNC, "alpha", "a float in the open interval (0, 1)", alpha)
        )
    return float(alpha)


def _check_rope(rope):
    if not is_real(rope) or not rope >= 0.0 or not np.isfinite(rope):
        raise ValueError(param_error(_FUNC, "rope", "a finite float >= 0", rope))
    return float(rope)


def _check_columns(frame, names, param):
    missing = [name for name in names if name not in frame.columns]
    if missing:
        raise ValueError(
            param_error(
                _FUNC,
                param,
                f"a column of results (columns: {list(map(str, frame.columns))})",
                missing[0] if len(names) == 1 else tuple(names),
            )
        )


def _approach_columns(approach):
    if isinstance(approach, str):
        return [approach]
    if isinstance(approach, tuple | list) and approach:
        if all(isinstance(name, str) for name in approach):
            return list(approach)
    raise ValueError(
        param_error(
            _FUNC, "approach", "a column name or a non-empty tuple of them", approach
        )
    )


def _label(values):
    """One approach's label: its value, or its values joined by '/'."""
    if len(values) == 1:
        return str(values[0])
    return "/".join(str(value) for value in values)


def _from_long(frame, metric, approach, dataset, *, study):
    """The data sets x approaches table of a long table (one row per pair)."""
    columns = _approach_columns(approach)
    _check_columns(frame, [dataset], "dataset")
    _check_columns(frame, columns, "approach")
    if not study:
        _check_columns(frame, [metric], "metric")
    keys = [dataset, *columns]
    duplicated = frame.duplicated(keys, keep=False)
    if duplicated.any():
        first = frame.loc[duplicated, keys].iloc[0]
        others = [
            str(name)
            for name in frame.columns
            if name not in keys
            and name != metric
            and frame.loc[duplicated, name].nunique(dropna=False) > 1
        ]
        differ = f" (they differ in {others})" if others else ""
        raise ValueError(
            param_error(
                _FUNC,
                "approach",
                "the columns that tell the approaches apart: one score per "
                "data set and approach",
                approach,
                f"Several rows have {dataset}={first[dataset]!r} and "
                f"{_label(first[columns].tolist())!r}{differ}; select the rows "
                "to compare (e.g. results[results['classifier'] == 'svm']) or "
                "add those columns to approach.",
            )
        )
    labels = [_label(values) for values in frame[columns].itertuples(index=False)]
    table = frame.assign(_approach=labels).pivot(
        index=dataset, columns="_approach", values=metric
    )
    order = list(dict.fromkeys(labels))
    datasets = list(dict.fromkeys(frame[dataset]))
    table = table.loc[datasets, order]
    table.columns.name = None
    return table


def _study_table(results, metric, columns, aggregate, params):
    """The scores of study results (counts): each cell's ``metric`` by
    :func:`~imbascore.study.summarize`, as a data sets x approaches table."""
    from .summaries import summarize

    check_choice(metric, "metric", _STUDY_METRICS, _FUNC)
    # the columns summarize reads (run_study's), named here under results
    needed = ("dataset", "sampler", "classifier", "fit_time", "score_time")
    needed += ("repeat",) if aggregate == "rates" else ()
    missing = [c for c in needed if c not in results]
    if missing:
        raise _results_error(
            f"study results with the columns {', '.join(needed)} beside "
            "the counts tp, fn, fp, tn",
            f"a frame without {missing}",
        )
    counts = results[list(_COUNT_COLUMNS)]
    numeric = all(getattr(kind, "kind", "O") in "biuf" for kind in counts.dtypes)
    values = counts.to_numpy(dtype=float) if numeric else None
    if values is None or not (np.isfinite(values).all() and (values >= 0).all()):
        raise _results_error(
            "study results whose counts tp, fn, fp, tn are non-negative numbers",
            "counts with a negative, missing or non-numeric value",
        )
    _check_study_params(params)
    summary = summarize(results, [metric], aggregate=aggregate, **params)
    return _from_long(summary.reset_index(), metric, *columns, study=True)


def _check_study_params(params):
    """``metric_params`` of study results: options of the study's metrics."""
    unknown = [name for name in params if name not in METRIC_PARAMETERS]
    if unknown:
        raise ValueError(
            param_error(
                _FUNC,
                "metric_params",
                f"options of the study's metrics ({sorted(METRIC_PARAMETERS)})",
                params,
                f"Unknown: {unknown}.",
            )
        )
    try:
        check_metric_params(params, "the metric")
    except (TypeError, ValueError) as error:
        rule = "options valid for the study's metrics"
        message = param_error(_FUNC, "metric_params", rule, params, str(error))
        raise type(error)(message) from None


def _results_error(rule, got):
    return ValueError(param_error(_FUNC, "results", rule, got))


def _wide_table(results, metric, dataset):
    """A wide table's (or 2-D array's) scores, every column an approach."""
    pd = require("pandas", "compare", "compare_approaches")
    if isinstance(results, pd.DataFrame):
        table = results.copy()
    else:
        array = np.asarray(results)
        if array.ndim != 2 or array.dtype.kind not in "biuf":
            raise _results_error(
                "study results, a DataFrame of scores, or a 2-D array of "
                "shape (n_datasets, n_approaches)",
                f"an array of shape {array.shape} and dtype {array.dtype}",
            )
        table = pd.DataFrame(array)
    non_numeric = [
        str(name)
        for name, kind in zip(table.columns, table.dtypes)
        if getattr(kind, "kind", "O") not in "biuf"
    ]
    if non_numeric:
        raise _results_error(
            "a wide table whose every column is an approach's scores (or "
            f"a long table with the columns {dataset!r}, the approach "
            f"columns and {metric!r})",
            f"non-numeric columns {non_numeric}",
        )
    table.columns = [str(name) for name in table.columns]
    return table


def _score_table(results, metric, columns, aggregate, params):
    """Scores of shape (n_datasets, n_approaches) as a DataFrame;
    ``columns`` are ``(approach, dataset)``."""
    pd = require("pandas", "compare", "compare_approaches")
    is_frame = isinstance(results, pd.DataFrame)
    if is_frame and set(_COUNT_COLUMNS) <= set(results.columns):
        return _study_table(results, metric, columns, aggregate, params)
    if params:
        raise ValueError(
            param_error(
                _FUNC,
                "metric_params",
                "None for a table of scores (they apply to study results, with "
                "the columns tp, fn, fp, tn)",
                params,
            )
        )
    approach, dataset = columns
    if is_frame and (metric in results.columns or dataset in results.columns):
        return _from_long(results, metric, approach, dataset, study=False)
    return _wide_table(results, metric, dataset)


def _greater_is_better(value, metric):
    if value is None:
        return metric not in LOWER_IS_BETTER
    return check_bool(value, "greater_is_better", _FUNC)


def _friedman(ranks, tie_correction):
    """Friedman's chi-square (Demšar 2006, eq. 3) and its tie correction."""
    n, k = ranks.shape
    average = ranks.mean(axis=0)
    chi2 = 12.0 * n / (k * (k + 1)) * (np.sum(average**2) - k * (k + 1) ** 2 / 4.0)
    if tie_correction:
        ties = sum(
            np.sum(counts**3 - counts)
            for counts in (np.unique(row, return_counts=True)[1] for row in ranks)
        )
        scale = 1.0 - ties / (n * k * (k * k - 1.0))
        chi2 = chi2 / scale if scale > 0 else 0.0
    chi2 = max(float(chi2), 0.0)
    p = float(stats.chi2.sf(chi2, k - 1))
    # Iman & Davenport (1980): F with (k - 1, (k - 1)(n - 1)) degrees of freedom.
    denominator = n * (k - 1) - chi2
    if denominator <= 1e-12 * n * k:
        f, f_p = np.inf, 0.0
    else:
        f = (n - 1) * chi2 / denominator
        f_p = float(stats.f.sf(f, k - 1, (k - 1) * (n - 1)))
    return chi2, p, float(f), f_p


def _iman_davenport_text(f, p, k, n):
    """The F line of the summary; the degenerate F in words, not as ``inf``.

    F is infinite exactly when Friedman's chi-square is at its maximum
    ``N (k - 1)``: every data set ranks the approaches the same way.
    """
    name = f"Iman-Davenport F({k - 1}, {(k - 1) * (n - 1)})"
    if np.isinf(f):
        return (
            f"{name}: every data set ranks the approaches the same way "
            f"(chi2 at its maximum, N (k - 1) = {n * (k - 1)}), so F is "
            f"infinite and p = {p:.4g}"
        )
    return f"{name} = {f:.4g}, p = {p:.4g}"


def _nemenyi_q(n_approaches, alpha):
    """Demšar's q_alpha: the studentized range quantile (infinite degrees of
    freedom) divided by sqrt(2)."""
    if n_approaches < 2:
        return np.nan
    quantile = stats.studentized_range.ppf(1.0 - alpha, n_approaches, np.inf)
    return float(quantile / np.sqrt(2.0))


def _groups(average_ranks, critical_difference):
    """Maximal runs of approaches (by rank) whose ranks differ by less than
    the critical difference: the thick lines of Demšar's diagram."""
    order = np.argsort(average_ranks, kind="stable")
    ranks = np.asarray(average_ranks)[order]
    runs = []
    for i in range(len(ranks)):
        j = i
        while j + 1 < len(ranks) and ranks[j + 1] - ranks[i] < critical_difference:
            j += 1
        if j > i and not (runs and runs[-1][1] >= j):
            runs.append((i, j))
    return [tuple(int(order[m]) for m in range(i, j + 1)) for i, j in runs]


def _holm(pvalues):
    """Holm's step-down adjusted p-values."""
    pvalues = np.asarray(pvalues, dtype=float)
    m = len(pvalues)
    order = np.argsort(pvalues, kind="stable")
    adjusted = np.empty(m)
    running = 0.0
    for step, index in enumerate(order):
        running = max(running, min(1.0, (m - step) * pvalues[index]))
        adjusted[index] = running
    return adjusted


def _signed_rank(differences, alternative):
    """Wilcoxon signed-rank test of differences (positive: better), zero
    differences split between the two sums (Demšar 2006, section 3.1.3).

    Returns R+, R- and the p-value.
    """
    d = np.asarray(differences, dtype=float)
    ranks = stats.rankdata(np.abs(d))
    zero = d == 0
    r_plus = float(ranks[d > 0].sum() + ranks[zero].sum() / 2.0)
    r_minus = float(ranks[d < 0].sum() + ranks[zero].sum() / 2.0)
    if zero.all():
        return r_plus, r_minus, 1.0
    # Exact null distribution where it is exact (no zeros, no tied |d|);
    # else the normal approximation with scipy's tie correction. Chosen here
    # so that every scipy version (>= 1.9) takes the same path, silently.
    exact = len(d) <= 50 and not zero.any() and len(np.unique(np.abs(d))) == len(d)
    with warnings.catch_warnings():
        # scipy < 1.13 warns below 10 differences; the Notes say so instead.
        warnings.filterwarnings("ignore", "Sample size too small", UserWarning)
        result = stats.wilcoxon(
            d,
            zero_method="zsplit",
            alternative=_ALTERNATIVES[alternative],
            method="exact" if exact else "approx",
        )
    return r_plus, r_minus, float(result.pvalue)


@dataclass(frozen=True)
class _Bayes:
    """The Bayesian signed-rank test's settings: whether it runs ("auto": if
    baycomp is installed), its region of practical equivalence, its seed."""

    run: Any = "auto"
    rope: Any = 0.01
    random_state: Any = 0


_BAYES_OPTIONS = ("rope", "random_state")


def _check_bayesian(bayesian):
    """``bayesian`` as checked :class:`_Bayes` settings, ``run`` a bool."""
    if isinstance(bayesian, Mapping):
        if not set(bayesian) <= set(_BAYES_OPTIONS):
            raise ValueError(
                param_error(
                    _FUNC,
                    "bayesian",
                    "'auto', True, False or a dict of the Bayesian test's options "
                    "'rope' and 'random_state'",
                    bayesian,
                )
            )
        bayesian = _Bayes(True, **bayesian)
    elif not isinstance(bayesian, _Bayes):  # _Bayes: the deprecated keywords
        bayesian = _Bayes(bayesian)
    check_choice(bayesian.run, "bayesian", ("auto", True, False), _FUNC)
    rope = _check_rope(bayesian.rope)
    check_seed(bayesian.random_state, _FUNC)  # checked even where baycomp is not
    found = importlib.util.find_spec("baycomp") is not None
    if bayesian.run is True and not found:
        raise ImportError(
            f"{_FUNC}(bayesian=True) needs baycomp: {install_hint('compare')}"
        )
    run = bayesian.run is True or (bayesian.run == "auto" and found)
    return replace(bayesian, run=run, rope=rope)


def _rope_and_seed_moved(function):
    """Take ``rope=`` and ``random_state=`` of 0.1, now keys of ``bayesian``,
    with a FutureWarning (to be removed in 0.3)."""

    @functools.wraps(function)
    def taking_moved_keywords(*args, **kwargs):
        moved = {name: kwargs.pop(name) for name in _BAYES_OPTIONS if name in kwargs}
        if moved:
            warnings.warn(
                f"{_FUNC}: {' and '.join(moved)} moved into bayesian (a dict of "
                "the Bayesian test's options) in 0.2 and will be removed in 0.3; "
                f"pass bayesian={moved!r} (which also requires baycomp).",
                FutureWarning,
                stacklevel=2,
            )
            kwargs["bayesian"] = _Bayes(kwargs.get("bayesian", "auto"), **moved)
        return function(*args, **kwargs)

    return taking_moved_keywords


def _bayesian(better, worse, bayes):
    """(P(better), P(practically equivalent), P(worse)) by baycomp's Bayesian
    signed-rank test (Benavoli et al. 2014) on oriented scores."""
    from baycomp import SignedRankTest

    probs = SignedRankTest.probs(
        np.asarray(worse, dtype=float),
        np.asarray(better, dtype=float),
        rope=bayes.rope,
        nsamples=_BAYES_SAMPLES,
        random_state=bayes.random_state,
    )
    if bayes.rope > 0:
        p_left, p_rope, p_right = probs
    else:
        (p_left, p_right), p_rope = probs, 0.0
    return float(p_right), float(p_rope), float(p_left)


@dataclass(frozen=True, repr=False)
class ApproachComparison:
    """Approaches compared over data sets, as :func:`compare_approaches` gives.

    Attributes
    ----------
    metric : str
        The metric compared.
    scores : pandas.DataFrame of shape (n_datasets, n_approaches)
        One score per data set (rows) and approach (columns).
    ranks : pandas.DataFrame of shape (n_datasets, n_approaches)
        Each approach's rank on each data set: 1 the best, ties averaged.
    average_ranks : pandas.Series of shape (n_approaches,)
        The ranks averaged over data sets.
    greater_is_better : bool
        Whether a higher score ranks better.
    friedman_statistic, friedman_pvalue : float
        Friedman's chi-square (``n_approaches - 1`` degrees of freedom) and
        its p-value.
    iman_davenport_statistic, iman_davenport_pvalue : float
        Iman and Davenport's F, with ``(k - 1, (k - 1)(N - 1))`` degrees of
        freedom, less conservative than the chi-square (Demšar recommends it).
        When every data set ranks the approaches the same way, the
        chi-square reaches its maximum ``N (k - 1)``, F divides by zero and
        is ``inf`` with p-value ``0.0`` (what ``scipy.stats.f.sf`` gives at
        infinity); the printed summary says so in words.
    alpha : float
        The significance level of the critical difference and of
        ``wilcoxon["significant"]``.
    q_alpha : float
        The Nemenyi critical value: the studentized range quantile
        (infinite degrees of freedom) divided by sqrt(2).
    critical_difference : float
        ``q_alpha * sqrt(k (k + 1) / (6 N))``: two approaches whose average
        ranks differ by at least this are significantly different
        (Nemenyi test).
    groups : tuple of tuple of str
        Maximal sets of approaches, consecutive by average rank, whose ranks
        differ by less than the critical difference (the thick lines of the
        critical difference diagram).
    control : str or None
        The approach the others are tested against; None for all pairs.
    wilcoxon : pandas.DataFrame
        One row per comparison: ``approach``, ``versus``, ``mean_difference``
        (mean of approach minus versus), ``wins``, ``ties``, ``losses`` (data
        sets where the approach is better, equal, worse), ``r_plus`` and
        ``r_minus`` (the signed-rank sums for and against the approach, zero
        differences split), ``pvalue``, ``pvalue_holm`` and
        ``significant`` (``pvalue_holm < alpha``); with baycomp, also
        ``p_better``, ``p_equivalent`` and ``p_worse``.
    alternative : str
        The Wilcoxon tests' alternative hypothesis.
    rope : float or None
        The Bayesian test's region of practical equivalence; None if the
        Bayesian test was not run.
    """

    metric: str
    scores: pd.DataFrame
    ranks: pd.DataFrame
    average_ranks: pd.Series
    greater_is_better: bool
    friedman_statistic: float
    friedman_pvalue: float
    iman_davenport_statistic: float
    iman_davenport_pvalue: float
    alpha: float
    q_alpha: float
    critical_difference: float
    groups: tuple[tuple[str, ...], ...]
    control: str | tuple[str, ...] | None
    wilcoxon: pd.DataFrame
    alternative: str
    rope: float | None

    @property
    def n_datasets(self) -> int:
        """N, the number of data sets."""
        return self.scores.shape[0]

    @property
    def n_approaches(self) -> int:
        """k, the number of approaches."""
        return self.scores.shape[1]

    def to_frame(self) -> pd.DataFrame:
        """One row per approach, best average rank first.

        Columns ``mean`` (the metric's mean over data sets) and
        ``average_rank``; with a control, also each approach's Wilcoxon
        comparison with it (the control's row empty).
        """
        frame = self.scores.mean(axis=0).to_frame("mean")
        frame["average_rank"] = self.average_ranks
        if self.control is not None:
            versus = self.wilcoxon.set_index("approach").drop(columns="versus")
            frame = frame.join(versus)
        frame.index.name = "approach"
        return frame.sort_values("average_rank", kind="stable")

    def __repr__(self):
        return (
            f"ApproachComparison(metric={self.metric!r}, "
            f"n_datasets={self.n_datasets}, n_approaches={self.n_approaches}, "
            f"friedman_pvalue={self.friedman_pvalue:.4g}, "
            f"iman_davenport_pvalue={self.iman_davenport_pvalue:.4g}, "
            f"critical_difference={self.critical_difference:.4g}, "
            f"alpha={self.alpha}, control={self.control!r})"
        )

    def __str__(self):
        """The summary: average ranks, Friedman, Iman-Davenport, Nemenyi's
        groups and the Wilcoxon tests, a line each."""
        k, n = self.n_approaches, self.n_datasets
        ranks = ", ".join(
            f"{name} {rank:.3f}"
            for name, rank in self.average_ranks.sort_values(kind="stable").items()
        )
        groups = "; ".join("[" + ", ".join(group) + "]" for group in self.groups)
        lines = [
            f"ApproachComparison(metric={self.metric!r}, n_datasets={n}, "
            f"n_approaches={k}, alpha={self.alpha})",
            f"  average ranks (1 = best): {ranks}",
            f"  Friedman chi2({k - 1}) = {self.friedman_statistic:.4g}, "
            f"p = {self.friedman_pvalue:.4g}",
            "  "
            + _iman_davenport_text(
                self.iman_davenport_statistic, self.iman_davenport_pvalue, k, n
            ),
            f"  Nemenyi critical difference {self.critical_difference:.4g} "
            f"(q = {self.q_alpha:.4g}), not significantly different:",
            f"    {groups or 'no two approaches'}",
        ]
        title = f"versus {self.control!r}" if self.control is not None else "all pairs"
        lines.append(f"  Wilcoxon signed-rank, {title}, Holm-corrected:")
        for row in self.wilcoxon.itertuples(index=False):
            line = (
                f"    {row.approach} vs {row.versus}: {row.wins}/{row.ties}/"
                f"{row.losses} wins/ties/losses, p = {row.pvalue_holm:.4g}"
            )
            if self.rope is not None:
                line += (
                    f"; Bayesian P(better, equivalent, worse) = {row.p_better:.3f}, "
                    f"{row.p_equivalent:.3f}, {row.p_worse:.3f}"
                )
            lines.append(line)
        return "\n".join(lines)


@_rope_and_seed_moved
def compare_approaches(
    results: pd.DataFrame | ArrayLike,
    metric: str = "ad_area",
    *,
    approach: str | tuple[str, ...] = ("sampler", "classifier"),
    dataset: str = "dataset",
    control: str | tuple[str, ...] | None = None,
    alpha: float = 0.05,
    aggregate: Literal["fold", "pooled", "rates"] = "fold",
    greater_is_better: bool | None = None,
    alternative: Literal["two-sided", "better", "worse"] = "two-sided",
    tie_correction: bool = True,
    bayesian: Literal["auto"] | bool | Mapping[str, Any] = "auto",
    metric_params: Mapping[str, Any] | None = None,
) -> ApproachComparison:
    """Compare approaches over data sets: ranks, Friedman, Nemenyi, Wilcoxon.

    The tests of Demšar (2006) on one score per data set and approach:
    each data set ranks the approaches (rank 1 the best, ties averaged), the
    Friedman test asks whether the average ranks differ more than chance
    would make them, the Nemenyi critical difference says which pairs of
    average ranks are far enough apart, and Wilcoxon signed-rank tests
    compare approaches on the scores themselves, with Holm's correction for
    the number of comparisons (Benavoli et al. 2016 prefer these to tests on
    mean ranks, whose outcome depends on the other approaches in the
    comparison).

    Parameters
    ----------
    results : pandas.DataFrame or array-like of shape (n_datasets, n_approaches)
        One of:

        - study results (the per-fold counts of
          :func:`~imbascore.study.run_study`, with the columns ``tp, fn, fp,
          tn``): each cell's ``metric`` is computed by
          :func:`~imbascore.study.summarize`;
        - a long table with the column ``dataset``, the ``approach``
          column(s) and a column named ``metric`` holding the scores;
        - a wide table: one row per data set, one column per approach (the
          column names are the approaches'), or a 2-D array.

    metric : str, default="ad_area"
        For study results, a metric of :func:`~imbascore.study.fold_scores`
        (``"ad_area"``, ``"gmean"``, ``"iba"``, ``"dominance"``, ...); for a
        long table, the scores' column; for a wide table, a name only.

    approach : str or tuple of str, default=("sampler", "classifier")
        The column(s) that tell approaches apart; several columns' values
        are joined with ``"/"`` (``"smote/svm"``). Ignored for wide tables.

    dataset : str, default="dataset"
        The column of data set names. Ignored for wide tables (rows are
        data sets).

    control : str, tuple or None, default=None
        The approach every other is tested against (k - 1 Wilcoxon tests);
        None tests all k (k - 1) / 2 pairs. A tuple of values is joined with
        ``"/"``.

    alpha : float, default=0.05
        Significance level of the critical difference and of the
        ``significant`` column, in (0, 1).

    aggregate : {"fold", "pooled", "rates"}, default="fold"
        For study results, how each cell's score is made from its folds (see
        :func:`~imbascore.study.summarize`); ``"rates"`` as García et al.
        (2008) do. Ignored for tables of scores.

    greater_is_better : bool or None, default=None
        Whether a higher score is better (ranks 1). None: True, except for
        ``"fpr"``, ``"fnr"`` and ``"lr_minus"``.

    alternative : {"two-sided", "better", "worse"}, default="two-sided"
        The Wilcoxon tests' alternative: the approach scores differently
        from, better than, or worse than the one it is compared with.

    tie_correction : bool, default=True
        Correct the Friedman statistic for ties within a data set (as
        scipy.stats.friedmanchisquare and R's friedman.test do). Demšar's
        formula (his worked example) is the uncorrected one; without ties
        the two agree.

    bayesian : {"auto", True, False} or dict, default="auto"
        Add the Bayesian signed-rank test (Benavoli et al. 2014, via
        baycomp): ``"auto"`` if baycomp is installed, True requires it. A
        dict runs it (baycomp required) with its options: ``"rope"``, the
        region of practical equivalence in the metric's units (differences
        smaller than this count as equal; default 0.01), and
        ``"random_state"``, an int or None seeding its Monte Carlo draws
        (default 0): ``bayesian={"rope": 0.02, "random_state": 1}``.

    rope : float, default=0.01
        Deprecated since 0.2 (a FutureWarning; removed in 0.3): pass
        ``bayesian={"rope": rope}``. Still taken, with ``bayesian`` as given.

    random_state : int or None, default=0
        Deprecated since 0.2 (a FutureWarning; removed in 0.3): pass
        ``bayesian={"random_state": random_state}``.

    metric_params : dict, default=None
        For study results, the metric's parameters (``{"alpha": 0.1}`` for
        IBA, ...): a dict, since ``alpha`` here is the significance level.

    Returns
    -------
    comparison : ApproachComparison
        Scores, ranks, the tests' statistics and p-values; ``to_frame()``
        gives one row per approach. Draw it with
        :class:`~imbascore.plot.CriticalDifferenceDisplay`.

    See Also
    --------
    imbascore.study.run_study : The per-fold counts this compares.
    imbascore.plot.CriticalDifferenceDisplay : Demšar's diagram.

    Notes
    -----
    With :math:`N` data sets, :math:`k` approaches and average ranks
    :math:`R_j`, Friedman's statistic is

    .. math::

        \\chi^2_F = \\frac{12N}{k(k+1)}\\Big[\\sum_j R_j^2
        - \\frac{k(k+1)^2}{4}\\Big],

    divided by :math:`1 - \\sum (t^3 - t) / (N k (k^2 - 1))` over the groups
    of :math:`t` tied scores when ``tie_correction``; Iman and Davenport's
    :math:`F_F = (N-1)\\chi^2_F / (N(k-1) - \\chi^2_F)`; the critical
    difference :math:`CD = q_\\alpha \\sqrt{k(k+1)/(6N)}`. The Wilcoxon test
    ranks the absolute differences and splits the ranks of zero differences
    evenly between the two sums (Demšar's rule, scipy's ``"zsplit"``); its
    p-value is exact for up to 50 data sets without zero or tied
    differences, from the normal approximation otherwise (rough below ten
    data sets). With ten data sets the smallest two-sided p-value is
    2 / 2^10 = 0.002.

    The post-hoc results are meaningful when the Friedman test rejects;
    Demšar proceeds to them only then.

    References
    ----------
    .. [1] J. Demšar, "Statistical comparisons of classifiers over multiple
       data sets", Journal of Machine Learning Research 7 (2006) 1-30.
    .. [2] A. Benavoli, G. Corani, F. Mangili, "Should we really use post-hoc
       tests based on mean-ranks?", Journal of Machine Learning Research 17
       (2016) 1-10.
    .. [3] A. Benavoli, G. Corani, F. Mangili, M. Zaffalon, F. Ruggeri, "A
       Bayesian Wilcoxon signed-rank test based on the Dirichlet process",
       ICML 2014.

    Examples
    --------
    >>> import pandas as pd
    >>> from imbascore import compare_approaches
    >>> scores = pd.DataFrame(
    ...     {"original": [0.80, 0.84, 0.86, 0.39, 0.58, 1.25],
    ...      "smote": [0.85, 1.00, 0.93, 0.59, 0.63, 1.27],
    ...      "undersample": [0.81, 1.26, 0.97, 0.95, 0.82, 1.30]},
    ...     index=["breast", "ecoli", "german", "glass", "haberman", "phoneme"],
    ... )
    >>> result = compare_approaches(scores, control="original", bayesian=False)
    >>> result.average_ranks.round(3).to_dict()
    {'original': 3.0, 'smote': 1.833, 'undersample': 1.167}
    >>> round(result.friedman_pvalue, 4), round(result.critical_difference, 3)
    (0.0057, 1.353)
    >>> print(result)
    ApproachComparison(metric='ad_area', n_datasets=6, n_approaches=3, alpha=0.05)
      average ranks (1 = best): undersample 1.167, smote 1.833, original 3.000
      Friedman chi2(2) = 10.33, p = 0.005704
      Iman-Davenport F(2, 10) = 31, p = 5.168e-05
      Nemenyi critical difference 1.353 (q = 2.344), not significantly different:
        [undersample, smote]; [smote, original]
      Wilcoxon signed-rank, versus 'original', Holm-corrected:
        smote vs original: 6/0/0 wins/ties/losses, p = 0.0625
        undersample vs original: 6/0/0 wins/ties/losses, p = 0.0625

    Six data sets that all agree give each Wilcoxon test p = 2 / 2^6 =
    0.031, and Holm's correction for two tests doubles the smaller one.
    """
    pd = require("pandas", "compare", "compare_approaches")
    alpha = _check_alpha(alpha)
    check_choice(aggregate, "aggregate", ("fold", "pooled", "rates"), _FUNC)
    check_choice(alternative, "alternative", tuple(_ALTERNATIVES), _FUNC)
    tie_correction = check_bool(tie_correction, "tie_correction", _FUNC)
    bayes = _check_bayesian(bayesian)
    _check_names(metric, dataset, approach)
    greater_is_better = _greater_is_better(greater_is_better, metric)
    if metric_params is None:
        metric_params = {}
    elif not isinstance(metric_params, dict):
        raise ValueError(
            param_error(_FUNC, "metric_params", "a dict or None", metric_params)
        )
    table = _score_table(results, metric, (approach, dataset), aggregate, metric_params)
    values, names = _checked_scores(table), [str(name) for name in table.columns]
    control = _control_label(control, names)
    oriented = values if greater_is_better else -values
    ranks = stats.rankdata(-oriented, axis=1)
    average = ranks.mean(axis=0)
    chi2, p, f, f_p = _friedman(ranks, tie_correction)
    (n, k), q = values.shape, _nemenyi_q(values.shape[1], alpha)
    cd = q * np.sqrt(k * (k + 1) / (6.0 * n))
    groups = tuple(tuple(names[i] for i in group) for group in _groups(average, cd))
    wilcoxon = _wilcoxon(values, oriented, names, control, (alternative, alpha, bayes))
    scores = pd.DataFrame(values, index=list(table.index), columns=names)
    scores.index.name = table.index.name
    return ApproachComparison(
        metric=metric,
        scores=scores,
        ranks=pd.DataFrame(ranks, index=scores.index, columns=names),
        average_ranks=pd.Series(average, index=names, name="average_rank"),
        greater_is_better=greater_is_better,
        friedman_statistic=chi2,
        friedman_pvalue=p,
        iman_davenport_statistic=f,
        iman_davenport_pvalue=f_p,
        alpha=alpha,
        q_alpha=q,
        critical_difference=float(cd),
        groups=groups,
        control=control,
        wilcoxon=wilcoxon,
        alternative=alternative,
        rope=bayes.rope if bayes.run else None,
    )


def _check_names(metric, dataset, approach):
    if not isinstance(metric, str):
        raise ValueError(param_error(_FUNC, "metric", "a str", metric))
    if not isinstance(dataset, str):
        raise ValueError(param_error(_FUNC, "dataset", "a column name (str)", dataset))
    _approach_columns(approach)


def _checked_scores(table):
    """The scores as floats: at least 2 approaches and 2 data sets, every
    score finite."""
    n, k = table.shape
    if k < 2:
        raise _results_error(
            "scores of at least 2 approaches", f"{k} approach(es) {list(table.columns)}"
        )
    if n < 2:
        raise _results_error(
            "scores on at least 2 data sets", f"{n} data set(s) {list(table.index)}"
        )
    values = table.to_numpy(dtype=float)
    missing = ~np.isfinite(values)
    if missing.any():
        row, column = np.argwhere(missing)[0]
        raise ValueError(
            param_error(
                _FUNC,
                "results",
                "a finite score for every data set and approach",
                f"{int(missing.sum())} missing or undefined score(s)",
                f"Data set {as_python_scalar(table.index[row])!r} x approach "
                f"{str(table.columns[column])!r} is {float(values[row, column])}. "
                "Drop that data set or approach, or choose a metric defined on "
                "every cell.",
            )
        )
    return values


def _control_label(control, names):
    """The control's column name (a tuple of values joined by '/')."""
    if control is None:
        return None
    label = _label(control) if isinstance(control, tuple) else str(control)
    if label not in names:
        raise ValueError(param_error(_FUNC, "control", f"one of {names}", control))
    return label


def _wilcoxon(values, oriented, names, control, settings):
    """The Wilcoxon table: each approach against the control, or all pairs;
    ``settings`` are ``(alternative, alpha, bayes)``."""
    pd = require("pandas", "compare", "compare_approaches")
    alternative, alpha, bayes = settings
    k = len(names)
    pairs = (
        [(names.index(name), names.index(control)) for name in names if name != control]
        if control is not None
        else [(i, j) for i in range(k) for j in range(i + 1, k)]
    )
    rows = []
    for i, j in pairs:
        diff = oriented[:, i] - oriented[:, j]
        r_plus, r_minus, pvalue = _signed_rank(diff, alternative)
        row = {
            "approach": names[i],
            "versus": names[j],
            "mean_difference": float(np.mean(values[:, i] - values[:, j])),
            "wins": int(np.sum(diff > 0)),
            "ties": int(np.sum(diff == 0)),
            "losses": int(np.sum(diff < 0)),
            "r_plus": r_plus,
            "r_minus": r_minus,
            "pvalue": pvalue,
        }
        if bayes.run:
            better, equal, worse = _bayesian(oriented[:, i], oriented[:, j], bayes)
            row.update(p_better=better, p_equivalent=equal, p_worse=worse)
        rows.append(row)
    wilcoxon = pd.DataFrame(rows)
    at = wilcoxon.columns.get_loc("pvalue") + 1
    wilcoxon.insert(at, "pvalue_holm", _holm(wilcoxon["pvalue"]))
    wilcoxon.insert(at + 1, "significant", wilcoxon["pvalue_holm"] < alpha)
    return wilcoxon
