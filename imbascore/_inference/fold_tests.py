"""Which test of fold scores :func:`compare_models` runs, and why.

``method="auto"`` reads the kind of folds from ``cv`` and runs the test that,
in ``benchmarks/bench_comparison.py`` (1,000 simulated datasets per setting,
a true null and two alternatives), kept its type I error within 5% ± 1.5%
with the most power on that kind of folds; where none did, the least
miscalibrated one, and the reason says so with the measured numbers.
"""

import numbers

from .._core.checks import param_error
from .five_by_two import is_five_by_two

__all__ = ["METHODS", "choose_method", "folds_of"]

#: The tests of fold differences; the first is the default's placeholder.
METHODS = ("auto", "corrected_t", "paired_t_5x2", "combined_f_5x2")
FIVE_BY_TWO_METHODS = ("paired_t_5x2", "combined_f_5x2")

#: What each test is, for the reasons.
NAMES = {
    "corrected_t": "Nadeau & Bengio's corrected resampled t-test",
    "paired_t_5x2": "Dietterich's 5x2cv paired t-test",
    "combined_f_5x2": "Alpaydin's combined 5x2cv F-test",
}

#: ``method="auto"`` by kind of folds: the test and what the benchmark
#: measured (type I error at 5%, its Monte Carlo standard error), filled in
#: from ``benchmarks/bench_comparison.py``'s full run.
AUTO = {
    "random splits": ("corrected_t", "TBD"),
    "k-fold": ("corrected_t", "TBD"),
    "repeated k-fold": ("corrected_t", "TBD"),
    "5x2": ("combined_f_5x2", "TBD"),
    "unknown": ("corrected_t", "TBD"),
}


def folds_of(cv) -> str:
    """The kind of folds ``cv`` makes: ``"5x2"``, ``"repeated k-fold"``,
    ``"k-fold"``, ``"random splits"`` or ``"unknown"`` (no ``cv``, only a
    ``test_train_ratio``)."""
    if cv is None:
        return "unknown"
    if is_five_by_two(cv):
        return "5x2"
    if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
        return "k-fold"
    cvargs = getattr(cv, "cvargs", None)
    if isinstance(cvargs, dict):
        return "repeated k-fold" if getattr(cv, "n_repeats", 1) > 1 else "k-fold"
    if isinstance(getattr(cv, "test_size", None), float):
        return "random splits"
    return "k-fold"


def choose_method(method, cv, func: str) -> tuple[str, str]:
    """``(test, reason)``: the test to run on the folds of ``cv``."""
    if method not in METHODS:
        raise ValueError(param_error(func, "method", f"one of {METHODS}", method))
    folds = folds_of(cv)
    if method == "auto":
        chosen, measured = AUTO[folds]
        return chosen, f"method='auto' on {folds} folds: {measured}"
    if method in FIVE_BY_TWO_METHODS and folds != "5x2":
        raise ValueError(
            param_error(
                func,
                "cv",
                f"'5x2' or five_by_two_cv(...) for method={method!r} (its "
                "test reads 5 repetitions of 2-fold, in their order)",
                cv,
                "Score the models with cv=five_by_two_cv(...) and pass the same "
                "cv, or choose method='corrected_t'.",
            )
        )
    return method, f"method={method!r} was asked for ({NAMES[method]})"
