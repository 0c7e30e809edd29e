"""Bad input to the comparisons of models across folds and of approaches
across data sets: a clear error naming the function called, its own
parameter, the rule and the value got (scikit-learn's ``validate_params``
wording).

Table-driven, as ``tests/inference/test_validation_scores.py`` is (which
already covers ``five_by_two_cv``'s ``random_state`` and ``stratify``):
``compare_models``, ``simplest_within_noise``, ``compare_approaches`` and
the rest of ``five_by_two_cv`` get bad input, and each error must name *its
own* parameter, not that of a function it calls, nor be numpy's or
pandas' message without the parameter's name.
"""

import numpy as np
import pandas as pd
import pytest
from bad_input_tables import assert_names_its_parameter, case_id
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims

NAN = float("nan")
A = [0.80, 0.82, 0.79, 0.85, 0.81]
B = [0.78, 0.80, 0.80, 0.83, 0.77]
C = [0.70, 0.74, 0.72, 0.71, 0.73]
FOLDS = {"a": A, "b": B, "c": C}
CROSS_VALIDATE = {
    "a": {"test_iba": A, "test_f1": B, "fit_time": A},
    "b": {"test_iba": B, "test_f1": C, "fit_time": A},
}
CV_RESULTS = {
    "params": [{"max_depth": 1}, {"max_depth": 2}],
    **{f"split{i}_test_score": [A[i], B[i]] for i in range(5)},
    "param_max_depth": [1, 2],
}
WIDE = np.array(
    [
        [0.80, 0.75, 0.70],
        [0.60, 0.62, 0.50],
        [0.90, 0.85, 0.88],
        [0.70, 0.65, 0.66],
        [0.55, 0.50, 0.45],
    ]
)
LONG = pd.DataFrame(
    {
        "dataset": ["d1", "d1", "d2", "d2", "d3", "d3"],
        "sampler": ["none", "smote"] * 3,
        "classifier": ["svm"] * 6,
        "iba": [0.5, 0.6, 0.4, 0.45, 0.7, 0.72],
    }
)


_STUDY_ROWS = [
    {
        "dataset": dataset,
        "sampler": sampler,
        "classifier": "svm",
        "repeat": 0,
        "fold": fold,
        "tp": 8 + fold + (sampler == "smote"),
        "fn": 2,
        "fp": 5,
        "tn": 85,
        "fit_time": 0.1,
        "score_time": 0.1,
    }
    for dataset in ("d1", "d2", "d3")
    for sampler in ("none", "smote")
    for fold in (0, 1)
]
STUDY = pd.DataFrame(_STUDY_ROWS)


def _compare_models(**k):
    return ims.compare_models(k.pop("results"), k.pop("metric", None), **k)


def _compare_approaches(**k):
    return ims.compare_approaches(k.pop("results"), **k)


#: function name -> (call taking keyword overrides, its keyword defaults)
SURFACES = {
    "compare_models": (_compare_models, {"results": FOLDS, "cv": 5}),
    "compare_models (cross_validate)": (
        _compare_models,
        {"results": CROSS_VALIDATE, "metric": "iba", "test_train_ratio": 0.25},
    ),
    "compare_models (cv_results_)": (
        _compare_models,
        {"results": CV_RESULTS, "cv": 5},
    ),
    "simplest_within_noise": (
        lambda **k: ims.simplest_within_noise(k.pop("param"), **k)(CV_RESULTS),
        {"param": "max_depth", "cv": 5},
    ),
    "compare_approaches": (
        _compare_approaches,
        {"results": WIDE, "bayesian": False},
    ),
    "compare_approaches (long)": (
        _compare_approaches,
        {"results": LONG, "metric": "iba", "bayesian": False},
    ),
    "compare_approaches (study)": (
        _compare_approaches,
        {"results": STUDY, "metric": "gmean", "bayesian": False},
    ),
    "five_by_two_cv": (lambda **k: ims.five_by_two_cv(**k), {}),
}


def _level(func):
    return [
        (func, "confidence_level", value, r"\(0, 1\)")
        for value in (0, 1, 1.5, -0.1, NAN, True, "abc", None)
    ]


def _rope(func, rule):
    return [(func, "rope", value, rule) for value in (-0.1, NAN, np.inf, True, "abc")]


def _ratio(func):
    return [
        (func, "test_train_ratio", value, r"number > 0")
        for value in (0, -1, NAN, np.inf, True, "abc")
    ]


def _cv(func):
    return [
        (func, "cv", "abc", r"k-fold splitter"),
        (func, "cv", 1, r"at least 2 splits"),
        (func, "cv", 2.5, r"k-fold splitter"),
        (func, "cv", True, r"k-fold splitter"),
        (func, "cv", None, r"splitter of the folds|test_train_ratio"),
    ]


#: (function, parameter, value, pattern of the rule and the value got)
CASES = (
    [
        ("compare_models", "results", "abc", r"a dict .*'str'"),
        ("compare_models", "results", [A, B], r"a dict .*'list'"),
        ("compare_models", "results", np.array([A, B]), r"a dict .*'ndarray'"),
        ("compare_models", "results", {"a": A}, r"at least 2 models.*\['a'\]"),
        ("compare_models", "results", {}, r"at least 2 models"),
        ("compare_models", "results", {"a": A, "b": B[:4]}, r"as many fold.*4 for"),
        ("compare_models", "results", {"a": A, "b": B + [0.7]}, r"as many fold"),
        ("compare_models", "results", {"a": A, "b": ["x"] * 5}, r"numbers|real"),
        ("compare_models", "results", {"a": A, "b": [NAN] + B[1:]}, r"NaN.*drop_nan"),
        ("compare_models", "results", {"a": A, "b": [np.inf] + B[1:]}, r"finite"),
        ("compare_models", "results", {"a": A, "b": None}, r"numbers|real"),
        (
            "compare_models",
            "results",
            pd.DataFrame({"a": A, "b": ["x"] * 5}),
            r"numbers|real",
        ),
        (
            "compare_models",
            "results",
            pd.DataFrame({"a": A, "b": B}).T,
            r"cv's 5 splits.*results\.T",
        ),
        (
            "compare_models (cross_validate)",
            "results",
            {"a": {"fit_time": A}, "b": {"fit_time": B}},
            r"test_<metric>",
        ),
        (
            "compare_models (cross_validate)",
            "results",
            {"a": {"test_iba": A[:2]}, "b": {"test_iba": B[:2]}},
            r"at least 3 folds",
        ),
        ("compare_models (cross_validate)", "metric", "nope", r"every model has"),
        ("compare_models (cross_validate)", "metric", None, r"several metrics"),
        ("compare_models (cross_validate)", "metric", 5, r"a str"),
        ("compare_models (cross_validate)", "metric", ["iba"], r"a str"),
        ("compare_models (cv_results_)", "metric", "nope", r"cv_results_ has"),
        ("compare_models", "pairs", "some", r"'all' or 'best'"),
        ("compare_models", "pairs", None, r"'all' or 'best'"),
        ("compare_models", "pairs", 1, r"'all' or 'best'"),
        ("compare_models", "drop_nan", "yes", r"bool"),
        ("compare_models", "drop_nan", None, r"bool"),
        ("compare_models", "method", "t_test", r"one of"),
        ("compare_models", "method", None, r"one of"),
    ]
    + _cv("compare_models")
    + _level("compare_models")
    + _rope("compare_models", r"number >= 0")
    + _ratio("compare_models (cross_validate)")
    + [
        ("simplest_within_noise", "param", 5, r"a str"),
        ("simplest_within_noise", "param", "C", r"grid.*'C'"),
        ("simplest_within_noise", "simplest", "middle", r"'lowest' or 'highest'"),
        ("simplest_within_noise", "simplest", None, r"'lowest' or 'highest'"),
        ("simplest_within_noise", "metric", "nope", r"cv_results_ has"),
        ("simplest_within_noise", "metric", 5, r"a str|None"),
    ]
    + [
        ("simplest_within_noise", "credibility", value, r"\(0, 1\)")
        for value in (0, 1, 1.5, NAN, True, "abc", None)
    ]
    + _cv("simplest_within_noise")
    + _rope("simplest_within_noise", r"number >= 0")
    + [
        ("compare_approaches", "results", "abc", r"2-D array"),
        ("compare_approaches", "results", WIDE[0], r"2-D array.*\(3,\)"),
        ("compare_approaches", "results", WIDE[:1], r"at least 2 data sets"),
        ("compare_approaches", "results", WIDE[:, :1], r"at least 2 approaches"),
        ("compare_approaches", "results", WIDE.astype(str), r"2-D array.*dtype"),
        ("compare_approaches", "results", np.r_[WIDE[:4], [[NAN, 1, 1]]], "finite"),
        ("compare_approaches", "results", np.r_[WIDE[:4], [[np.inf, 1, 1]]], "finite"),
        (
            "compare_approaches",
            "results",
            pd.DataFrame({"a": [1.0, 2.0], "b": ["x", "y"]}),
            r"non-numeric columns \['b'\]",
        ),
        ("compare_approaches", "metric", 5, r"a str"),
        ("compare_approaches", "metric", None, r"a str"),
        ("compare_approaches", "dataset", 5, r"column name"),
        ("compare_approaches", "approach", 5, r"column name"),
        ("compare_approaches", "approach", (), r"column name"),
        ("compare_approaches", "approach", ("sampler", 1), r"column name"),
        ("compare_approaches", "control", "nope", r"one of \['0', '1', '2'\]"),
        ("compare_approaches", "control", 7, r"one of \['0', '1', '2'\]"),
        ("compare_approaches", "aggregate", "mean", r"one of"),
        ("compare_approaches", "aggregate", None, r"one of"),
        ("compare_approaches", "alternative", "less", r"one of"),
        ("compare_approaches", "tie_correction", "yes", r"bool"),
        ("compare_approaches", "tie_correction", None, r"bool"),
        ("compare_approaches", "bayesian", "yes", r"one of"),
        ("compare_approaches", "bayesian", None, r"one of"),
        ("compare_approaches", "bayesian", 1, r"one of"),
        ("compare_approaches", "greater_is_better", "yes", r"bool"),
        ("compare_approaches", "metric_params", [1], r"dict or None"),
        ("compare_approaches", "metric_params", {"beta": 2}, r"None for a table"),
    ]
    + [
        ("compare_approaches", "alpha", value, r"open interval \(0, 1\)")
        for value in (0, 1, 1.5, -0.1, NAN, True, "abc", None)
    ]
    + _rope("compare_approaches", r"finite float >= 0")
    + [
        ("compare_approaches", "random_state", value, r"random_state|RandomState|int")
        for value in ("abc", 1.5, -1, [1, 2], True)
    ]
    + [
        ("compare_approaches (long)", "metric", "auc", r"a column of results"),
        ("compare_approaches (long)", "dataset", "data", r"a column of results"),
        ("compare_approaches (long)", "approach", "model", r"a column of results"),
        ("compare_approaches (long)", "approach", "classifier", r"one score per"),
        ("compare_approaches (long)", "control", "svm", r"one of"),
        ("compare_approaches (study)", "metric", "nope", r"one of"),
        ("compare_approaches (study)", "metric", "roc_auc", r"one of"),
        ("compare_approaches (study)", "metric_params", {"beta": 2}, r"options"),
        ("compare_approaches (study)", "metric_params", {"alpha": 2}, r"\[0, 1\]"),
        ("compare_approaches (study)", "metric_params", [1], r"dict or None"),
        ("compare_approaches (study)", "aggregate", "median", r"one of"),
        (
            "compare_approaches (study)",
            "results",
            STUDY.drop(columns="sampler"),
            r"columns dataset.*without \['sampler'\]",
        ),
        (
            "compare_approaches (study)",
            "results",
            STUDY.drop(columns=["fit_time", "score_time"]),
            r"without \['fit_time', 'score_time'\]",
        ),
        (
            "compare_approaches (study)",
            "results",
            STUDY.assign(tp=-1),
            r"non-negative",
        ),
        (
            "compare_approaches (study)",
            "results",
            STUDY.assign(fn=np.nan),
            r"non-negative",
        ),
        (
            "compare_approaches (study)",
            "results",
            STUDY.assign(tn="x"),
            r"non-negative",
        ),
    ]
    + [
        ("five_by_two_cv", "stratify", value, r"a bool")
        for value in (None, 1, "False", [True])
    ]
    + [
        ("five_by_two_cv", "random_state", value, r"int in \[0, 2\*\*32 - 1\]")
        for value in (2**32, True, NAN, "0")
    ]
)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_bad_input_names_the_function_its_parameter_the_rule_and_the_value(case):
    assert_names_its_parameter(SURFACES, case)


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_the_defaults_of_the_table_are_valid(surface):
    call, defaults = SURFACES[surface]
    call(**defaults)


@pytest.mark.parametrize("func", ["compare_models", "simplest_within_noise"])
def test_cv_and_test_train_ratio_together_name_both(func):
    call, defaults = SURFACES[func]
    with pytest.raises(TypeError) as raised:
        call(**dict(defaults, test_train_ratio=0.25))
    message = str(raised.value)
    assert func in message and "cv" in message and "test_train_ratio" in message


def test_a_5x2_test_on_other_folds_names_cv_and_the_method():
    with pytest.raises(ValueError) as raised:
        ims.compare_models(FOLDS, cv=5, method="paired_t_5x2")
    message = str(raised.value)
    assert "The 'cv' parameter of compare_models" in message
    assert "method='paired_t_5x2'" in message and "Got 5 instead" in message


@pytest.mark.parametrize(
    "scores, cv, method",
    [
        ({"a": A, "b": A}, 5, "auto"),
        ({"a": A, "b": [x - 0.01 for x in A]}, 5, "corrected_t"),
        (
            {"a": np.linspace(0.6, 0.7, 10), "b": np.linspace(0.6, 0.7, 10)},
            "5x2",
            "paired_t_5x2",
        ),
        (
            {"a": np.linspace(0.6, 0.7, 10), "b": np.linspace(0.6, 0.7, 10)},
            "5x2",
            "combined_f_5x2",
        ),
    ],
)
def test_an_undefined_statistic_warns(scores, cv, method):
    with pytest.warns(UndefinedMetricWarning, match="compare_models.*undefined"):
        comparison = ims.compare_models(scores, cv=cv, method=method)
    assert np.isnan(comparison.rows[0]["statistic"])
