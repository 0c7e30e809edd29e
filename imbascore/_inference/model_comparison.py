"""Is model A really better than model B on one dataset? Paired fold scores.

The folds of a cross-validation are not independent samples: their training
sets overlap, so the variance of the fold differences understates the
uncertainty of their mean and the naive t-test rejects far too often.
Nadeau & Bengio (2003) correct the variance by ``1/J + n_test/n_train``;
Benavoli et al. (2017) turn the same statistic into the posterior of the
mean difference (a Student t), which, with a region of practical
equivalence (ROPE), gives P(A better), P(equivalent) and P(B better).
:func:`compare_models` computes both for every pair of models from their
fold scores, or, on 5x2 folds, Dietterich's and Alpaydin's tests
(``five_by_two.py``); which test ``method="auto"`` runs on which folds, and
why, is ``fold_tests.py``'s; :func:`simplest_within_noise` is a ``refit``
callable that picks the simplest candidate of a search that is not credibly
worse than the best.
"""

from __future__ import annotations

import numbers
import re
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
from scipy import stats
from sklearn.exceptions import UndefinedMetricWarning

from .._core.checks import (
    check_bool,
    check_confidence_level,
    describe,
    is_real,
    param_error,
)
from .._core.optional import require
from .across_datasets import _holm
from .five_by_two import (
    FIVE_BY_TWO,
    check_ten_folds,
    combined_f_5x2,
    is_five_by_two,
    paired_t_5x2,
)
from .fold_tests import NAMES, choose_method

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

__all__ = ["ModelComparison", "compare_models", "simplest_within_noise"]

_SPLIT = re.compile(r"^split(\d+)_test_(.+)$")


# ---------------------------------------------------------------- inputs


def _metric_of(keys, metric, owner, func):
    """The metric read from ``keys`` (``test_<metric>`` names): ``metric``,
    or the only one there is."""
    available = sorted(keys)
    if metric is None:
        if len(available) != 1:
            raise ValueError(
                param_error(
                    func,
                    "metric",
                    f"one of {available} (the results hold several metrics)",
                    metric,
                )
            )
        return available[0]
    if metric not in keys:
        raise ValueError(
            param_error(
                func,
                "metric",
                f"a metric every model has; {owner} has {available}",
                metric,
            )
        )
    return metric


def _from_cv_results(cv_results, metric, func):
    """Fold scores of each candidate of a search's ``cv_results_``."""
    splits = {}
    for key in cv_results:
        match = _SPLIT.match(key)
        if match:
            splits.setdefault(match.group(2), []).append((int(match.group(1)), key))
    metric = _metric_of(splits, metric, "cv_results_", func)
    columns = [key for _, key in sorted(splits[metric])]
    scores = np.column_stack([np.asarray(cv_results[key], float) for key in columns])
    names = [_candidate_name(params) for params in cv_results["params"]]
    if len(set(names)) < len(names):
        names = [f"{index}: {name}" for index, name in enumerate(names)]
    return metric, dict(zip(names, scores, strict=True))


def _candidate_name(params):
    return ", ".join(f"{key}={value!r}" for key, value in params.items()) or "default"


def _from_cross_validate(results, metric, func):
    """Fold scores of each model of a dict ``{name: cross_validate(...) dict}``
    or ``{name: fold scores}``."""
    scores, chosen = {}, metric
    for name, result in results.items():
        if isinstance(result, dict):
            tests = {key[len("test_") :] for key in result if key.startswith("test_")}
            if not tests:
                raise ValueError(
                    param_error(
                        func,
                        "results",
                        "cross_validate dicts (with test_<metric> keys) or fold scores",
                        f"{{{name!r}: a dict with keys {sorted(result)}}}",
                    )
                )
            chosen = _metric_of(tests, metric, f"model {name!r}", func)
            values = result[f"test_{chosen}"]
        else:
            values = result
        scores[str(name)] = _as_scores(values, name, func)
    return chosen, scores


def _as_scores(values, name, func):
    """One model's fold scores as a 1-D float array, refused under
    ``results`` if they are not numbers (numpy's error names nothing)."""
    rule = "fold scores that are real numbers, for every model"
    if values is None or isinstance(values, str | bytes):
        raise TypeError(param_error(func, "results", rule, f"{{{name!r}: {values!r}}}"))
    try:
        array = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        shown = repr(values)
        shown = shown if len(shown) <= 60 else f"{shown[:60]}..."
        raise TypeError(
            param_error(func, "results", rule, f"{{{name!r}: {shown}}}")
        ) from None
    return array.ravel()


def _fold_scores(results, metric, func):
    """``(metric, {model: fold scores})`` from any accepted form."""
    if hasattr(results, "columns") and hasattr(results, "to_numpy"):  # a DataFrame
        return metric, {
            str(column): _as_scores(results[column].to_numpy(), column, func)
            for column in results
        }
    if isinstance(results, dict) and "params" in results:
        return _from_cv_results(results, metric, func)
    if isinstance(results, dict):
        return _from_cross_validate(results, metric, func)
    raise TypeError(
        param_error(
            func,
            "results",
            "a dict {name: cross_validate result or fold scores}, a search's "
            "cv_results_, or a DataFrame of fold scores (one column per model)",
            type(results).__name__,
        )
    )


def _checked_scores(scores, drop_nan, func, *, cv=None, results=None):
    if len(scores) < 2:
        raise ValueError(
            param_error(
                func, "results", "the fold scores of at least 2 models", list(scores)
            )
        )
    lengths = {name: len(values) for name, values in scores.items()}
    first = next(iter(lengths))
    for name, length in lengths.items():
        if length != lengths[first]:
            raise ValueError(
                param_error(
                    func,
                    "results",
                    "as many fold scores for every model (scored on the same "
                    "splits, so that their differences are paired)",
                    f"{lengths[first]} scores for {first!r} and {length} for {name!r}",
                    f"Models {first!r} and {name!r} have fold scores of different "
                    "lengths.",
                )
            )
    _check_fold_count(scores, cv, results, func)
    matrix = np.vstack(list(scores.values()))
    failed = ~np.isfinite(matrix).all(axis=0)
    if failed.any():
        if not drop_nan:
            raise ValueError(
                param_error(
                    func,
                    "results",
                    "finite fold scores (or drop_nan=True)",
                    f"{int(failed.sum())} of {matrix.shape[1]} folds have a NaN "
                    "or infinite score",
                    "A failed fit or an undefined metric; pass drop_nan=True to "
                    "compare on the other folds.",
                )
            )
        matrix = matrix[:, ~failed]
    if matrix.shape[1] < 3:
        dropped = " after dropping those with NaN" if failed.any() else ""
        raise ValueError(
            param_error(
                func,
                "results",
                "at least 3 folds scored for every model",
                f"{matrix.shape[1]} fold(s){dropped}",
            )
        )
    return dict(zip(scores, matrix, strict=True))


def split_ratio_of(cv, func):
    """``n_test / n_train`` of a splitter's folds (Nadeau & Bengio's
    correction), from its settings."""
    if is_five_by_two(cv):
        return 1.0  # halves: as many test samples as training samples
    if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
        n_splits = int(cv)
    elif hasattr(cv, "cvargs") and "n_splits" in cv.cvargs:  # Repeated*KFold
        n_splits = int(cv.cvargs["n_splits"])
    elif hasattr(cv, "n_splits") and getattr(cv, "test_size", None) is None:
        n_splits = int(cv.n_splits)  # KFold, StratifiedKFold, GroupKFold, ...
    elif isinstance(getattr(cv, "test_size", None), float):  # ShuffleSplit
        test = cv.test_size
        train = cv.train_size if isinstance(cv.train_size, float) else 1.0 - test
        return test / train
    else:
        raise ValueError(
            param_error(
                func,
                "cv",
                "an int, '5x2', a k-fold splitter (KFold, StratifiedKFold, "
                "RepeatedStratifiedKFold, ...) or a ShuffleSplit with float sizes",
                cv,
                "For other splitters pass test_train_ratio=n_test / n_train.",
            )
        )
    if n_splits < 2:
        raise ValueError(param_error(func, "cv", "at least 2 splits", cv))
    return 1.0 / (n_splits - 1)


def _splits_of(cv):
    """How many folds ``cv`` makes, or None where that depends on the data
    (LeaveOneOut, a group splitter without its groups)."""
    if isinstance(cv, str):
        return 10 if cv == FIVE_BY_TWO else None
    if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
        return int(cv)
    try:
        return int(cv.get_n_splits())
    except (AttributeError, TypeError, ValueError):
        return None


def _check_fold_count(scores, cv, results, func):
    """Each model's fold scores, as many as ``cv``'s splits: a DataFrame laid
    out one row per model would otherwise read as many models of few folds."""
    expected = _splits_of(cv) if cv is not None else None
    if expected is None:
        return
    for name, values in scores.items():
        if len(values) != expected:
            layout = (
                "For folds of several runs pass the repeated splitter "
                "(RepeatedStratifiedKFold) or test_train_ratio instead of cv."
            )
            if hasattr(results, "columns") and len(results.columns) == expected:
                layout = (
                    "The DataFrame has one column per fold: pass results.T, "
                    "one column per model."
                )
            raise ValueError(
                param_error(
                    func,
                    "results",
                    f"the fold scores of cv's {expected} splits for every model",
                    f"{len(values)} scores for model {name!r}",
                    layout,
                )
            )


def _ratio(cv, test_train_ratio, func):
    if test_train_ratio is not None:
        if cv is not None:
            raise TypeError(f"{func} takes cv or test_train_ratio, not both.")
        if not (
            is_real(test_train_ratio)
            and np.isfinite(test_train_ratio)
            and test_train_ratio > 0
        ):
            raise ValueError(
                param_error(func, "test_train_ratio", "a number > 0", test_train_ratio)
            )
        return float(test_train_ratio)
    if cv is None:
        raise TypeError(
            param_error(
                func,
                "cv",
                "the splitter of the folds (or give test_train_ratio=n_test / "
                "n_train instead)",
                cv,
                f"{func} needs the splitter of the folds: the correction of the "
                "variance depends on how much the training sets overlap.",
            )
        )
    return split_ratio_of(cv, func)


def _check_rope(rope, func):
    if not (is_real(rope) and np.isfinite(rope) and rope >= 0):
        raise ValueError(param_error(func, "rope", "a number >= 0", rope))
    return float(rope)


# ---------------------------------------------------------------- tests


@dataclass(frozen=True)
class _Posterior:
    """The corrected statistics of fold differences ``a - b``: the Student t
    posterior of their mean (Benavoli et al. 2017), whose standardised mean
    is Nadeau & Bengio's corrected t statistic."""

    mean: float
    scale: float
    df: int

    @classmethod
    def of(cls, a, b, ratio):
        differences = np.asarray(a, float) - np.asarray(b, float)
        n = differences.size
        variance = np.var(differences, ddof=1) * (1.0 / n + ratio)
        return cls(float(differences.mean()), float(np.sqrt(variance)), n - 1)

    def pvalue(self):
        """Two-sided p-value of the corrected resampled t-test."""
        if self.scale == 0:
            return 1.0 if self.mean == 0 else 0.0
        return float(2 * stats.t.sf(abs(self.mean) / self.scale, self.df))

    def probabilities(self, rope):
        """P(mean > rope), P(|mean| <= rope), P(mean < -rope)."""
        if self.scale == 0:
            above, below = float(self.mean > rope), float(self.mean < -rope)
        else:
            t = stats.t(self.df, loc=self.mean, scale=self.scale)
            above, below = float(t.sf(rope)), float(t.cdf(-rope))
        return above, max(0.0, 1.0 - above - below), below

    def interval(self, level):
        if self.scale == 0:
            return self.mean, self.mean
        low, high = stats.t.interval(level, self.df, loc=self.mean, scale=self.scale)
        return float(low), float(high)


# ---------------------------------------------------------------- result


_COLUMNS = (
    "model_a",
    "model_b",
    "mean_a",
    "mean_b",
    "mean_difference",
    "low",
    "high",
    "t",
    "statistic",
    "pvalue",
    "pvalue_holm",
    "p_better",
    "p_equivalent",
    "p_worse",
)


@dataclass(frozen=True, repr=False)
class ModelComparison:
    """Models compared on the folds of one dataset (:func:`compare_models`).

    Attributes
    ----------
    metric : str or None
        The metric compared.
    scores : dict of str to ndarray of shape (n_folds,)
        Each model's fold scores, as compared.
    rows : list of dict
        One per pair, with the keys of :meth:`to_frame`'s columns, and
        ``"p_value"`` and ``"p_holm"``: aliases of ``"pvalue"`` and
        ``"pvalue_holm"``, kept for 0.1 code.
    rope : float
        The region of practical equivalence, in the metric's units.
    test_train_ratio : float
        ``n_test / n_train`` of the folds.
    confidence_level : float
        Of the ``low``, ``high`` interval of each mean difference.
    method : str
        The test whose ``statistic`` and ``pvalue`` the rows hold:
        ``"corrected_t"``, ``"paired_t_5x2"`` or ``"combined_f_5x2"``.
    method_reason : str
        Why that test: asked for, or what ``method="auto"`` read from
        ``cv`` and the error rates measured there.
    """

    metric: object
    scores: dict
    rows: list
    rope: float
    test_train_ratio: float
    confidence_level: float
    method: str = "corrected_t"
    method_reason: str = "the only test of 0.1"

    def __setstate__(self, state):
        # pickles of 0.1 had rows keyed "p_value" only
        for row in state.get("rows", ()):
            if "p_value" in row:
                row.setdefault("pvalue", row["p_value"])
            if "p_holm" in row:
                row.setdefault("pvalue_holm", row["p_holm"])
            if "t" in row:
                row.setdefault("statistic", row["t"])
        state.setdefault("method", "corrected_t")
        state.setdefault("method_reason", "the only test of 0.1")
        self.__dict__.update(state)

    @property
    def means(self) -> dict[str, float]:
        """Each model's mean fold score."""
        return {name: float(np.mean(values)) for name, values in self.scores.items()}

    def to_frame(self) -> pd.DataFrame:
        """One row per pair (A, B): ``mean_difference`` is A minus B;
        ``low``, ``high`` its interval (the corrected t's, equal to the
        Bayesian posterior's equal-tailed interval, whatever the test);
        ``statistic`` and ``pvalue`` the test of :attr:`method` (two-sided;
        ``t`` is ``statistic`` for the t-tests and NaN for the F-test);
        ``pvalue_holm`` Holm's adjustment over the pairs; ``p_better``,
        ``p_equivalent``, ``p_worse`` the Bayesian correlated t-test's
        P(A better by more than the ROPE), P(within it), P(B better)."""
        import pandas as pd

        return pd.DataFrame(self.rows, columns=list(_COLUMNS))

    def __repr__(self):
        names = ", ".join(repr(name) for name in self.scores)
        folds = len(next(iter(self.scores.values())))
        pairs = len(self.rows)
        return (
            f"ModelComparison(metric={self.metric!r}, scores=<{len(self.scores)} "
            f"models x {folds} folds: {names}>, rows=<{pairs} "
            f"pair{'s' if pairs != 1 else ''}>, rope={self.rope:g}, "
            f"test_train_ratio={self.test_train_ratio:.4g}, "
            f"confidence_level={self.confidence_level}, method={self.method!r}, "
            f"method_reason={self.method_reason!r})"
        )

    def __str__(self):
        """The table of the pairs: mean difference, p-values, probabilities."""
        title = (
            f"ModelComparison({self.metric or 'score'}, {len(self.scores)} models, "
            f"{len(next(iter(self.scores.values())))} folds, rope={self.rope:g})"
        )
        lines = [title, f"  test: {NAMES.get(self.method, self.method)}"]
        lines.append(f"  why: {self.method_reason}")
        width = max(len(f"{r['model_a']} - {r['model_b']}") for r in self.rows)
        lines.append(
            f"  {'A - B':<{width}}  {'diff':>8}  {'p':>7}  {'p_holm':>7}  "
            f"{'P(A>B)':>7}  {'P(=)':>7}  {'P(B>A)':>7}"
        )
        for row in self.rows:
            pair = f"{row['model_a']} - {row['model_b']}"
            lines.append(
                f"  {pair:<{width}}  {row['mean_difference']:>8.4f}  "
                f"{row['pvalue']:>7.4f}  {row['pvalue_holm']:>7.4f}  "
                f"{row['p_better']:>7.3f}  {row['p_equivalent']:>7.3f}  "
                f"{row['p_worse']:>7.3f}"
            )
        return "\n".join(lines)

    def plot(self, ax: Axes | None = None) -> Axes:
        """Each pair's mean difference with its interval, the ROPE shaded.

        Returns
        -------
        ax : matplotlib Axes
        """
        plt = require("matplotlib.pyplot", "plot", "ModelComparison.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(self.rows)))
        positions = np.arange(len(self.rows))[::-1]
        for position, row in zip(positions, self.rows, strict=True):
            ax.errorbar(
                row["mean_difference"],
                position,
                xerr=[
                    [row["mean_difference"] - row["low"]],
                    [row["high"] - row["mean_difference"]],
                ],
                fmt="o",
                color="C0",
                capsize=3,
            )
        if self.rope > 0:
            ax.axvspan(-self.rope, self.rope, color="0.85", label="ROPE")
        ax.axvline(0, color="0.4", linewidth=0.8)
        ax.set_yticks(positions)
        ax.set_yticklabels([f"{r['model_a']} - {r['model_b']}" for r in self.rows])
        ax.set_xlabel(
            f"mean difference of {self.metric or 'the score'} "
            f"({self.confidence_level:.0%} interval, corrected t)"
        )
        return ax


_SINGLE_TEST_SET = (
    "compare_models compares models over the folds of a cross-validation (a "
    "dict of cross_validate results, a search's cv_results_, or a DataFrame of "
    "fold scores). For two models' predictions on a single test set, call "
    "compare_predictions(y_true, pred_a, pred_b, metric=...)."
)


def _refuse_single_test_set(metric, more, func):
    """A call shaped as :func:`compare_predictions`'s (``y_true, pred_a,
    pred_b``) is told which function that is, not Python's bare count of
    positional arguments."""
    if more:
        raise TypeError(
            f"{func} takes results and metric positionally, not "
            f"{2 + len(more)} arrays. {_SINGLE_TEST_SET}"
        )
    if metric is not None and not isinstance(metric, str):
        raise TypeError(
            param_error(
                func,
                "metric",
                "a str (the name of a metric of the results) or None",
                describe(metric),
                _SINGLE_TEST_SET,
            )
        )


def compare_models(
    results: object,
    metric: str | None = None,
    *more: object,
    cv: object = None,
    test_train_ratio: float | None = None,
    rope: float = 0.0,
    pairs: str = "all",
    confidence_level: float = 0.95,
    drop_nan: bool = False,
    method: str = "auto",
) -> ModelComparison:
    """Compare models on the folds of one dataset, pair by pair.

    Parameters
    ----------
    results : dict or DataFrame
        The fold scores of the models, on the same splits: a dict ``{name:
        cross_validate(...) result}`` (its ``test_<metric>`` arrays), a dict
        ``{name: fold scores}``, a search's ``cv_results_`` (each candidate
        a model, named by its parameters; the ``split<i>_test_<metric>``
        columns), or a DataFrame with one column of fold scores per model.

    metric : str, default=None
        The metric to compare (``"iba"`` for ``test_iba``); None when the
        results hold only one.

    *more : object
        Not taken: a third positional argument means a call shaped as
        :func:`compare_predictions`'s (``y_true, pred_a, pred_b``, a single
        test set), and the ``TypeError`` says so.

    cv : int, "5x2" or splitter, default=None
        The splitter of the folds, for the size of the test folds against
        the training sets (``n_test / n_train``; ``1 / (k - 1)`` for k-fold,
        repeated or not) and, with ``method="auto"``, for the test. ``"5x2"``
        (or :func:`five_by_two_cv`'s splitter, any repeated splitter of 5
        repetitions of 2 folds): the folds of 5x2 cross-validation, in its
        order (repetition ``r``'s two folds at positions ``2r``, ``2r + 1``).
        Give this or ``test_train_ratio``.

    test_train_ratio : float, default=None
        ``n_test / n_train`` directly, for other splitters.

    rope : float, default=0.0
        The region of practical equivalence: differences within ``±rope``
        (in the metric's units) count as equivalent.

    pairs : {"all", "best"}, default="all"
        Every pair of models, or the best (highest mean) against each other.

    confidence_level : float, default=0.95
        Of the interval of each mean difference.

    drop_nan : bool, default=False
        Drop the folds where some model's score is NaN (a failed fit)
        instead of refusing them.

    method : {"auto", "corrected_t", "paired_t_5x2", "combined_f_5x2"}, \
            default="auto"
        The test of each pair's fold differences (its ``statistic`` and
        ``pvalue``; the interval and the Bayesian probabilities are the
        corrected t's posterior whatever the test):

        - ``"corrected_t"``: Nadeau & Bengio's (2003) corrected resampled
          t-test, for any folds. On ``r`` repetitions of k-fold it is
          Bouckaert & Frank's (2004) corrected repeated k-fold test (the
          same statistic over all ``k r`` folds, ``k r - 1`` degrees of
          freedom).
        - ``"paired_t_5x2"``: Dietterich's (1998) 5x2cv paired t-test;
          needs ``cv="5x2"`` and 10 folds.
        - ``"combined_f_5x2"``: Alpaydin's (1999) combined 5x2cv F-test;
          needs ``cv="5x2"`` and 10 folds.
        - ``"auto"``: by the kind of folds ``cv`` describes, the test whose
          type I error ``benchmarks/bench_comparison.py`` measured within
          5% ± 1.5% there with the most power; where none was, the least
          miscalibrated one. The result's ``method`` and ``method_reason``
          say which and why, with the numbers (see Notes).

    Returns
    -------
    comparison : ModelComparison
        With a readable repr, ``to_frame()`` (one row per pair) and
        ``plot()``.

    Notes
    -----
    For the fold differences :math:`d_j = a_j - b_j`, :math:`j = 1..J`, with
    mean :math:`\\bar d` and variance :math:`s^2`, the corrected t statistic is
    :math:`t = \\bar d / \\sqrt{(1/J + n_2/n_1)\\, s^2}` with :math:`J - 1`
    degrees of freedom (Nadeau & Bengio 2003; :math:`n_2/n_1` the test size
    over the training size). The Bayesian correlated t-test (Benavoli et al.
    2017, as baycomp's ``CorrelatedTTest``) takes the posterior of the mean
    difference as Student's t with that location, scale and degrees of
    freedom.

    Dietterich's 5x2cv paired t-test divides the first repetition's first
    difference by the pooled variance of the five repetitions,
    :math:`t = d_{11} / \\sqrt{\\frac15 \\sum_r s_r^2}` with
    :math:`s_r^2 = (d_{r1} - \\bar d_r)^2 + (d_{r2} - \\bar d_r)^2`, 5 degrees
    of freedom; Alpaydin's combined F-test takes all ten,
    :math:`F = \\sum_{r,j} d_{rj}^2 / (2 \\sum_r s_r^2)` with 10 and 5 degrees
    of freedom. Both equal mlxtend's ``paired_ttest_5x2cv`` and
    ``combined_ftest_5x2cv`` on the same fold scores.

    What ``method="auto"`` runs, from the simulation of
    ``benchmarks/bench_comparison.py`` (rejection rate at 5% under a true
    null over 1,000 datasets per setting, ± its Monte Carlo standard error;
    the whole table, power included, is in the user guide):

    - 5x2 folds: Dietterich's 5x2cv paired t-test, 4.0% ± 0.6%, the only
      test within 5% ± 1.5% (Alpaydin's F: 3.2% ± 0.6%, more power; the
      corrected t: 2.1% ± 0.5%).
    - k-fold (measured with 10-fold): the corrected t, 2.6% ± 0.5%; below
      the target, and the only test for these folds.
    - repeated k-fold (measured with 10 x 10-fold): the corrected t
      (Bouckaert & Frank's test), 11.3% ± 1.0%; above the target, and the
      only test for these folds.
    - random splits (measured with 15 random 90/10 splits): the corrected
      t, 7.2% ± 0.8%; above the target, and the only test for these folds.

    No test meets the target on k-fold, repeated k-fold or random splits;
    for a test that does, score the models on :func:`five_by_two_cv`.

    These rates hold for the benchmark's design (IBA, 300 samples, ~13%
    positives), not in general: the corrected t's type I error depends on
    the metric and the data's size. On the same 10 x 10-fold design it
    rejected 1.8% of true nulls for accuracy, 9.8% for balanced accuracy
    and 19.4% for IBA with 1,000 samples (measured for issue 49; the table
    is in the how-to "Compare models").

    References
    ----------
    .. [1] C. Nadeau and Y. Bengio, "Inference for the generalization
       error", Machine Learning 52, 2003.
    .. [2] R. R. Bouckaert and E. Frank, "Evaluating the replicability of
       significance tests for comparing learning algorithms", PAKDD 2004.
    .. [3] T. G. Dietterich, "Approximate statistical tests for comparing
       supervised classification learning algorithms", Neural Computation
       10(7), 1998.
    .. [4] E. Alpaydin, "Combined 5x2 cv F test for comparing supervised
       classification learning algorithms", Neural Computation 11(8), 1999.
    .. [5] A. Benavoli, G. Corani, J. Demšar and M. Zaffalon, "Time for a
       change: a tutorial for comparing multiple classifiers through
       Bayesian analysis", JMLR 18, 2017.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from imbascore import compare_models, get_scorer
    >>> X, y = make_classification(n_samples=400, weights=[0.9], random_state=0)
    >>> cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=0)
    >>> results = {
    ...     name: cross_validate(model, X, y, cv=cv, scoring={"iba": get_scorer("iba")})
    ...     for name, model in [
    ...         ("logistic", LogisticRegression()),
    ...         ("tree", DecisionTreeClassifier(random_state=0)),
    ...     ]
    ... }
    >>> comparison = compare_models(results, "iba", cv=cv, rope=0.01)
    >>> row = comparison.to_frame().iloc[0]
    >>> row["model_a"], row["model_b"], bool(row["pvalue"] < 1)
    ('logistic', 'tree', True)
    """
    func = "compare_models"
    _refuse_single_test_set(metric, more, func)
    if pairs not in ("all", "best"):
        raise ValueError(param_error(func, "pairs", "'all' or 'best'", pairs))
    confidence_level = check_confidence_level(confidence_level, func)
    drop_nan = check_bool(drop_nan, "drop_nan", func)
    ratio = _ratio(cv, test_train_ratio, func)
    method, reason = choose_method(method, cv, func)
    rope = _check_rope(rope, func)
    metric, scores = _fold_scores(results, metric, func)
    scores = _checked_scores(scores, drop_nan, func, cv=cv, results=results)
    names = list(scores)
    if pairs == "best":
        best = max(names, key=lambda name: np.mean(scores[name]))
        couples = [(best, name) for name in names if name != best]
    else:
        couples = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    rows = []
    for a, b in couples:
        posterior = _Posterior.of(scores[a], scores[b], ratio)
        better, equivalent, worse = posterior.probabilities(rope)
        low, high = posterior.interval(confidence_level)
        statistic, pvalue = _test(method, posterior, scores[a] - scores[b], func)
        rows.append(
            {
                "model_a": a,
                "model_b": b,
                "mean_a": float(np.mean(scores[a])),
                "mean_b": float(np.mean(scores[b])),
                "mean_difference": posterior.mean,
                "low": low,
                "high": high,
                "t": np.nan if method == "combined_f_5x2" else statistic,
                "statistic": statistic,
                "pvalue": pvalue,
                "p_better": better,
                "p_equivalent": equivalent,
                "p_worse": worse,
            }
        )
    undefined = [(r["model_a"], r["model_b"]) for r in rows if np.isnan(r["statistic"])]
    if undefined:
        warnings.warn(
            f"{func}: the test statistic of {len(undefined)} pair(s) is undefined "
            f"and set to NaN (first: {undefined[0][0]!r} vs {undefined[0][1]!r}): "
            "their fold differences do not vary, so the test has zero variance "
            "to divide by.",
            UndefinedMetricWarning,
            stacklevel=2,
        )
    for row, adjusted in zip(rows, _holm([r["pvalue"] for r in rows]), strict=True):
        row["pvalue_holm"] = float(adjusted)
        # aliases, kept for 0.1 code
        row["p_value"], row["p_holm"] = row["pvalue"], row["pvalue_holm"]
    return ModelComparison(
        metric, scores, rows, rope, ratio, float(confidence_level), method, reason
    )


def _test(method, posterior, differences, func):
    """``(statistic, p-value)`` of ``method`` on one pair's differences."""
    if method == "corrected_t":
        t = posterior.mean / posterior.scale if posterior.scale else np.nan
        return t, posterior.pvalue()
    check_ten_folds(differences, func, method)
    if method == "paired_t_5x2":
        return paired_t_5x2(differences)
    return combined_f_5x2(differences)


def simplest_within_noise(
    param: str,
    *,
    metric: str | None = None,
    cv: object = None,
    test_train_ratio: float | None = None,
    rope: float = 0.0,
    credibility: float = 0.95,
    simplest: Literal["lowest", "highest"] = "lowest",
) -> Callable[[Mapping[str, Any]], int]:
    """A ``refit`` callable: the simplest candidate not credibly worse than the best.

    scikit-learn's "balance model complexity and cross-validated score"
    keeps the candidates within one standard deviation of the best. This
    keeps those for which the Bayesian correlated t-test (see
    :func:`compare_models`) does not say, with probability ``credibility``
    or more, that the best is better by more than ``rope``, and among them
    picks the simplest by ``param``.

    Parameters
    ----------
    param : str
        The parameter that measures complexity (``"max_depth"``, ``"C"``,
        ...: the search's ``param_<param>`` column).

    metric : str, default=None
        The metric of ``cv_results_`` to compare (the ``refit`` metric of a
        multi-metric search); None for a single-metric search.

    cv, test_train_ratio : as in :func:`compare_models`
        The search's splitter (the same ``cv``), for the correction.

    rope : float, default=0.0
        Differences within ``±rope`` are practically equivalent.

    credibility : float, default=0.95
        How sure the posterior must be that the best is better by more than
        ``rope`` to drop a candidate.

    simplest : {"lowest", "highest"}, default="lowest"
        Whether the lowest or the highest value of ``param`` is the
        simplest (lowest ``max_depth``; lowest ``C`` is the strongest
        regularisation). None counts as the highest (``max_depth=None``:
        no limit). Ties go to the higher mean score.

    Returns
    -------
    refit : callable
        ``refit(cv_results) -> index`` of the chosen candidate, for
        ``GridSearchCV(..., refit=refit)``.
    """
    func = "simplest_within_noise"
    if not isinstance(param, str):
        raise TypeError(param_error(func, "param", "a str", param))
    if metric is not None and not isinstance(metric, str):
        raise TypeError(
            param_error(
                func, "metric", "a str (a metric of cv_results_) or None", metric
            )
        )
    if simplest not in ("lowest", "highest"):
        raise ValueError(
            param_error(func, "simplest", "'lowest' or 'highest'", simplest)
        )
    if not (isinstance(credibility, numbers.Real) and 0 < credibility < 1):
        raise ValueError(
            param_error(func, "credibility", "a float in (0, 1)", credibility)
        )
    ratio = _ratio(cv, test_train_ratio, func)
    rope = _check_rope(rope, func)
    return _SimplestWithinNoise(
        param, metric, ratio, rope, float(credibility), simplest
    )


@dataclass(frozen=True)
class _SimplestWithinNoise:
    """The refit callable of :func:`simplest_within_noise` (picklable)."""

    param: str
    metric: object
    ratio: float
    rope: float
    credibility: float
    simplest: str

    def __call__(self, cv_results):
        func = "simplest_within_noise"
        column = f"param_{self.param}"
        if column not in cv_results:
            grid = sorted(k[6:] for k in cv_results if k.startswith("param_"))
            raise ValueError(
                param_error(
                    func,
                    "param",
                    "a parameter of the search's grid",
                    self.param,
                    f"The search has {grid}.",
                )
            )
        _, by_name = _from_cv_results(cv_results, self.metric, func)
        scores = np.vstack(list(by_name.values()))
        means = scores.mean(axis=1)
        best = int(np.nanargmax(means))
        kept = []
        for index in range(len(scores)):
            posterior = _Posterior.of(scores[best], scores[index], self.ratio)
            better, _, _ = posterior.probabilities(self.rope)
            if index == best or better < self.credibility:
                kept.append(index)
        values = _complexities(cv_results[column], self.param)
        sign = 1.0 if self.simplest == "lowest" else -1.0
        return min(kept, key=lambda index: (sign * values[index], -means[index]))


def _complexities(values, param):
    """The grid's values of ``param`` as numbers; None (no limit, as
    ``max_depth=None``) is the most complex: +inf."""
    numbers_ = []
    for value in values:
        if value is None or value is np.ma.masked:
            numbers_.append(np.inf)
        elif isinstance(value, numbers.Real) and not isinstance(value, bool):
            numbers_.append(float(value))
        else:
            raise TypeError(
                param_error(
                    "simplest_within_noise",
                    "param",
                    "a parameter whose values are numbers (or None: no limit)",
                    param,
                    f"It takes {value!r}.",
                )
            )
    return np.array(numbers_)
