"""The 5x2 cross-validation tests: five repetitions of 2-fold.

Dietterich (1998) proposed five repetitions of a 2-fold split because each
repetition's two halves train on disjoint data: the variance of one
repetition's two differences then estimates the variance of a difference
without the overlap that makes the t-test over k-fold reject too often.
His paired t-test divides the first difference by the pooled variance of
the five repetitions (Student's t, 5 degrees of freedom); Alpaydin (1999)
combines all ten differences into an F statistic (10 and 5 degrees of
freedom), which does not depend on which difference comes first.

Both read the differences in the order of the splits: repetition ``r``'s
fold 1 and fold 2 at positions ``2r`` and ``2r + 1``, the order of
:func:`five_by_two_cv` (scikit-learn's ``RepeatedStratifiedKFold`` with
``n_splits=2, n_repeats=5``).
"""

import numpy as np
from scipy import stats
from sklearn.model_selection import RepeatedKFold, RepeatedStratifiedKFold

from .._core.checks import check_seed, param_error

__all__ = ["five_by_two_cv", "is_five_by_two", "paired_t_5x2", "combined_f_5x2"]

#: ``cv="5x2"``: the fold scores come from :func:`five_by_two_cv`'s splits.
FIVE_BY_TWO = "5x2"


def five_by_two_cv(
    random_state: int | np.random.RandomState | None = None, *, stratify: bool = True
) -> RepeatedStratifiedKFold | RepeatedKFold:
    """The splits of the 5x2 cross-validation: five repetitions of 2-fold.

    Pass it to ``cross_validate`` (or a search) and give ``cv="5x2"`` or the
    same splitter to :func:`compare_models`. Its folds come in the order the
    5x2 tests read them: repetition ``r``'s first half as test set, then its
    second half (positions ``2r`` and ``2r + 1``).

    Parameters
    ----------
    random_state : int, RandomState instance or None, default=None
        The shuffling of each repetition.

    stratify : bool, default=True
        Keep each half's class ratio (``RepeatedStratifiedKFold``); False
        for plain halves (``RepeatedKFold``).

    Returns
    -------
    cv : RepeatedStratifiedKFold or RepeatedKFold
        With ``n_splits=2, n_repeats=5``.

    References
    ----------
    .. [1] T. G. Dietterich, "Approximate statistical tests for comparing
       supervised classification learning algorithms", Neural Computation
       10(7), 1998.

    Examples
    --------
    >>> from imbascore import five_by_two_cv
    >>> cv = five_by_two_cv(random_state=0)
    >>> cv.get_n_splits()
    10
    """
    if not isinstance(stratify, bool):
        raise TypeError(param_error("five_by_two_cv", "stratify", "a bool", stratify))
    check_seed(random_state, "five_by_two_cv")  # checked now, not at the split
    splitter = RepeatedStratifiedKFold if stratify else RepeatedKFold
    return splitter(n_splits=2, n_repeats=5, random_state=random_state)


def is_five_by_two(cv: object) -> bool:
    """Whether ``cv`` describes 5x2 folds: ``"5x2"`` or a repeated k-fold
    splitter of 5 repetitions of 2 folds."""
    if isinstance(cv, str):
        return cv == FIVE_BY_TWO
    cvargs = getattr(cv, "cvargs", None)
    return (
        isinstance(cvargs, dict)
        and cvargs.get("n_splits") == 2
        and getattr(cv, "n_repeats", None) == 5
    )


def check_ten_folds(differences, func: str, method: str) -> np.ndarray:
    """The differences as 5 repetitions x 2 folds, or an error that says why."""
    values = np.asarray(differences, dtype=float).ravel()
    if values.size != 10:
        raise ValueError(
            param_error(
                func,
                "results",
                f"10 fold scores per model for method={method!r} (5 repetitions "
                "of 2-fold, in the order of five_by_two_cv: repetition r's two "
                "folds at positions 2r and 2r + 1)",
                f"{values.size} scores",
                "Score the models with cv=five_by_two_cv(...), or choose "
                "method='corrected_t'.",
            )
        )
    return values.reshape(5, 2)


def _variances(folds):
    """Each repetition's variance of its two differences, as Dietterich
    writes it: the sum of squares about their mean (not halved)."""
    means = folds.mean(axis=1, keepdims=True)
    return ((folds - means) ** 2).sum(axis=1)


def paired_t_5x2(differences) -> tuple[float, float]:
    """Dietterich's 5x2cv paired t-test: ``(t, two-sided p-value)``.

    ``t = d_11 / sqrt(mean_r s_r^2)`` with 5 degrees of freedom, ``d_11``
    the first repetition's first difference and ``s_r^2`` repetition
    ``r``'s sum of squared deviations of its two differences. Equal to
    mlxtend's ``paired_ttest_5x2cv`` on the same fold scores. A zero
    variance gives p = 1 where ``d_11`` is 0 too, else p = 0.
    """
    folds = check_ten_folds(differences, "paired_t_5x2", "paired_t_5x2")
    variance = _variances(folds).mean()
    first = float(folds[0, 0])
    if variance == 0:
        return (np.nan if first == 0 else np.copysign(np.inf, first)), float(first == 0)
    t = first / float(np.sqrt(variance))
    return t, float(2 * stats.t.sf(abs(t), 5))


def combined_f_5x2(differences) -> tuple[float, float]:
    """Alpaydin's combined 5x2cv F-test: ``(F, p-value)``.

    ``F = sum_{r,j} d_rj^2 / (2 sum_r s_r^2)`` with 10 and 5 degrees of
    freedom; it does not depend on the order of the folds within a
    repetition. Equal to mlxtend's ``combined_ftest_5x2cv`` on the same fold
    scores. A zero variance gives p = 1 where every difference is 0, else
    p = 0.
    """
    folds = check_ten_folds(differences, "combined_f_5x2", "combined_f_5x2")
    numerator = float((folds**2).sum())
    denominator = 2 * float(_variances(folds).sum())
    if denominator == 0:
        return (np.nan if numerator == 0 else np.inf), float(numerator == 0)
    f = numerator / denominator
    return f, float(stats.f.sf(f, 10, 5))
