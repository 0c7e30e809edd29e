"""Bad input to the decisions, comparisons and prevalence estimation: a clear
error naming the parameter of the function called, the rule and the value.

Table-driven, as ``test_validation.py`` is for the metrics: each public
function of these surfaces gets the same kinds of bad input (wrong type, NaN,
inf, out-of-range numbers, booleans and strings for numbers, wrong shapes,
mismatched lengths, empty input), and its error must name *its own* parameter,
not that of a function it calls.
"""

import re
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import KFold, RepeatedStratifiedKFold

import imbascore as ims

Y = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
PRED = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0]
OTHER = [0, 0, 0, 0, 0, 1, 1, 0, 0, 1]
SCORES = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
COSTS = [[0, 1], [5, 0]]
FOLDS = pd.DataFrame(np.random.default_rng(0).random((10, 3)), columns=["a", "b", "c"])
COUNTS = ims.confusion_counts([0, 1, 0, 1, 0, 0, 1, 0], [0, 1, 1, 1, 0, 0, 0, 0])

#: function name -> (call taking keyword overrides, its keyword defaults)
SURFACES = {
    "expected_cost_score": (
        lambda **k: ims.expected_cost_score(k.pop("y_true"), k.pop("y_pred"), **k),
        {"y_true": Y, "y_pred": PRED, "cost_matrix": COSTS},
    ),
    "net_benefit_score": (
        lambda **k: ims.net_benefit_score(k.pop("y_true"), k.pop("y_pred"), **k),
        {"y_true": Y, "y_pred": PRED, "threshold_probability": 0.2},
    ),
    "decision_curve": (
        lambda **k: ims.decision_curve(k.pop("y_true"), k.pop("y_proba"), **k),
        {"y_true": Y, "y_proba": SCORES, "n_resamples": 20, "random_state": 0},
    ),
    "operating_point": (
        lambda **k: ims.operating_point(k.pop("y_true"), k.pop("y_score"), **k),
        {
            "y_true": Y,
            "y_score": SCORES,
            "objective": "recall",
            "n_resamples": 20,
            "random_state": 0,
        },
    ),
    "best_threshold": (
        lambda **k: ims.best_threshold(k.pop("y_true"), k.pop("y_score"), **k),
        {"y_true": Y, "y_score": SCORES},
    ),
    "compare_predictions": (
        lambda **k: ims.compare_predictions(
            k.pop("y_true"), k.pop("pred_a"), k.pop("pred_b"), **k
        ),
        {
            "y_true": Y,
            "pred_a": PRED,
            "pred_b": OTHER,
            "n_resamples": 50,
            "random_state": 0,
        },
    ),
    "compare_models": (
        lambda **k: ims.compare_models(k.pop("results"), **k),
        {"results": FOLDS, "cv": 10},
    ),
    "estimate_prevalence": (
        lambda **k: ims.estimate_prevalence(k.pop("y_pred"), **k),
        {"y_pred": [0, 1, 1, 0, 0], "counts": COUNTS, "n_resamples": 50},
    ),
    "cost_threshold": (
        lambda **k: ims.cost_threshold(k.pop("cost_matrix"), **k),
        {"cost_matrix": COSTS},
    ),
    "correct_probabilities": (
        lambda **k: ims.correct_probabilities(k.pop("proba"), **k),
        {"proba": [[0.9, 0.1], [0.4, 0.6]], "train_prior": 0.5, "target_prior": 0.1},
    ),
}
_X = np.random.default_rng(0).random((60, 3))
_y = (_X[:, 0] > 0.7).astype(int)
SURFACES["PrevalenceEstimator.fit"] = (
    lambda **k: ims.PrevalenceEstimator(LogisticRegression(), **k).fit(_X, _y),
    {},
)
SURFACES["PriorCorrectedClassifier.fit"] = (
    lambda **k: ims.PriorCorrectedClassifier(LogisticRegression(), **k).fit(_X, _y),
    {},
)
for _name in (
    "recall_at_precision",
    "precision_at_recall",
    "sensitivity_at_specificity",
    "specificity_at_sensitivity",
    "tpr_at_fpr",
):
    _score = getattr(ims, f"{_name}_score")
    _bound = {
        "recall_at_precision": "min_precision",
        "precision_at_recall": "min_recall",
        "sensitivity_at_specificity": "min_specificity",
        "specificity_at_sensitivity": "min_sensitivity",
        "tpr_at_fpr": "max_fpr",
    }[_name]
    SURFACES[f"{_name}_score"] = (
        lambda score=_score, **k: score(k.pop("y_true"), k.pop("y_score"), **k),
        {"y_true": Y, "y_score": SCORES, _bound: 0.5},
    )
    SURFACES[f"{_name}_scorer"] = (
        lambda factory=getattr(ims, f"{_name}_scorer"), **k: factory(**k),
        {_bound: 0.5},
    )
SURFACES["neg_expected_cost_scorer"] = (
    lambda **k: ims.neg_expected_cost_scorer(**k),
    {"cost_matrix": COSTS},
)
SURFACES["net_benefit_scorer"] = (
    lambda **k: ims.net_benefit_scorer(**k),
    {"threshold_probability": 0.2},
)

_BOUND_OF = {
    "recall_at_precision": "min_precision",
    "precision_at_recall": "min_recall",
    "sensitivity_at_specificity": "min_specificity",
    "specificity_at_sensitivity": "min_sensitivity",
    "tpr_at_fpr": "max_fpr",
}


def _labels_cases(func, param, other_length):
    """Bad labels: NaN, probabilities, a 2-D array, a wrong length, empty."""
    short = PRED[:-1]
    return [
        (func, param, [np.nan] + PRED[1:], "missing values|NaN"),
        (func, param, SCORES, "class labels, not continuous"),
        (func, param, np.c_[PRED, PRED], "shape|1-D"),
        (func, param, short, f"length|{other_length}"),
        (func, param, 5, "array|1-D"),
    ]


def _score_cases(func, param):
    return [
        (func, param, [np.nan] + SCORES[1:], "NaN"),
        (func, param, [np.inf] + SCORES[1:], "finite"),
        (func, param, np.c_[SCORES, SCORES], "1-D"),
        (func, param, SCORES[:-1], "same length"),
        (func, param, ["a"] * 10, "real scores"),
        (func, param, "abc", "real scores"),
    ]


def _number_cases(func, param, rule):
    """A number with ``rule``: out of range, NaN, inf, a bool, a string."""
    return [
        (func, param, value, rule)
        for value in (1.5, -0.5, np.nan, np.inf, True, "abc", None)
    ]


def _weight_cases(func):
    return [
        (func, "sample_weight", [1.0] * 9, "shape|length"),
        (func, "sample_weight", [np.nan] + [1.0] * 9, "finite|NaN"),
        (func, "sample_weight", [-1.0] + [1.0] * 9, "non-negative|negative"),
        (func, "sample_weight", "abc", "array|numbers|1-D"),
    ]


CASES = []
for _func in ("expected_cost_score", "net_benefit_score"):
    CASES += _labels_cases(_func, "y_true", 10)[:2] + _labels_cases(_func, "y_pred", 10)
    CASES += _weight_cases(_func)
CASES += [
    ("expected_cost_score", "cost_matrix", 5, "shape"),
    ("expected_cost_score", "cost_matrix", "abc", "real costs"),
    ("expected_cost_score", "cost_matrix", [[0, np.nan], [1, 0]], "finite"),
    ("expected_cost_score", "cost_matrix", [[0, -1], [1, 0]], "non-negative"),
    ("expected_cost_score", "cost_matrix", [[0, 0], [0, 0]], "non-zero"),
    ("expected_cost_score", "cost_matrix", [[0, 1, 2], [1, 0, 2]], "shape"),
    ("expected_cost_score", "normalize", "yes", "a bool"),
    ("expected_cost_score", "labels", "ab", "list of labels"),
    ("net_benefit_score", "standardized", "yes", "a bool"),
    ("net_benefit_score", "pos_label", 7, "one of the labels"),
]
CASES += _number_cases("net_benefit_score", "threshold_probability", r"\(0, 1\)")
CASES += (
    _score_cases("decision_curve", "y_proba")
    + [
        ("decision_curve", "y_proba", [3.0] + SCORES[1:], r"probabilities in \[0, 1\]"),
        (
            "decision_curve",
            "y_proba",
            [-2.0] + SCORES[1:],
            r"probabilities in \[0, 1\]",
        ),
        ("decision_curve", "thresholds", "abc", "threshold probabilities"),
        ("decision_curve", "thresholds", [0.5, 1.5], r"\(0, 1\)"),
        ("decision_curve", "thresholds", [0.5, 0.2], "increasing"),
        ("decision_curve", "thresholds", [], "non-empty"),
        ("decision_curve", "thresholds", [[0.1, 0.2]], "1-D"),
        ("decision_curve", "thresholds", True, "threshold probabilities"),
        ("decision_curve", "standardized", "yes", "a bool"),
        ("decision_curve", "confidence_level", 1.5, "confidence_level"),
        ("decision_curve", "n_resamples", 0, "n_resamples"),
        ("decision_curve", "n_resamples", True, "n_resamples"),
    ]
    + _weight_cases("decision_curve")
)
for _func in ("operating_point", "best_threshold"):
    CASES += _score_cases(_func, "y_score") + _weight_cases(_func)
CASES += [
    ("best_threshold", "metric", "f1_macro", "metrics of the binary table"),
    ("operating_point", "objective", "nope", "objective"),
    ("operating_point", "constraint", ("precision", ">=", "abc"), "bound"),
    ("operating_point", "constraint", ("precision", ">=", np.nan), "bound"),
    ("operating_point", "constraint", ("precision", ">=", True), "bound"),
    ("operating_point", "constraint", {"precision": 0.5}, "tuple"),
]
for _name, _bound in _BOUND_OF.items():
    CASES += _number_cases(f"{_name}_score", _bound, r"float in the range \[0, 1\]")
    CASES += _number_cases(f"{_name}_scorer", _bound, r"float in the range \[0, 1\]")
    CASES += _score_cases(f"{_name}_score", "y_score")
    CASES += _weight_cases(f"{_name}_score")
CASES += [
    ("neg_expected_cost_scorer", "cost_matrix", 5, "square array"),
    ("neg_expected_cost_scorer", "cost_matrix", "abc", "real costs"),
    ("neg_expected_cost_scorer", "cost_matrix", [[0, 1]], "shape"),
    ("neg_expected_cost_scorer", "cost_matrix", [[0, -1], [1, 0]], "non-negative"),
    ("neg_expected_cost_scorer", "normalize", "yes", "a bool"),
    ("neg_expected_cost_scorer", "labels", 5, "list of labels"),
    ("net_benefit_scorer", "standardized", "yes", "a bool"),
    ("net_benefit_scorer", "standardized", 1, "a bool"),
]
CASES += _number_cases("net_benefit_scorer", "threshold_probability", r"\(0, 1\)")
CASES += (
    _labels_cases("compare_predictions", "pred_a", 10)
    + _labels_cases("compare_predictions", "pred_b", 10)
    + _weight_cases("compare_predictions")
    + [
        ("compare_predictions", "pred_a", ["a"] * 10, "labels of one type"),
        ("compare_predictions", "method", "exact", "method"),
        ("compare_predictions", "confidence_level", 1.5, "confidence_level"),
        ("compare_predictions", "confidence_level", True, "confidence_level"),
        ("compare_predictions", "n_resamples", -1, "n_resamples"),
        ("compare_predictions", "n_resamples", "many", "n_resamples"),
        ("compare_predictions", "metric", "nope", "one of"),
        ("compare_predictions", "metric", 5, "a str"),
    ]
)
CASES += [
    ("compare_models", "results", FOLDS.T, "results.T"),
    ("compare_models", "results", FOLDS.iloc[:5], "10 splits"),
    ("compare_models", "results", [1, 2, 3], "a dict"),
    ("compare_models", "results", FOLDS[["a"]], "at least 2 models"),
    ("compare_models", "cv", "ten", "cv"),
    ("compare_models", "cv", 1, "at least 2 splits"),
    ("compare_models", "rope", -0.1, "rope"),
    ("compare_models", "rope", np.nan, "rope"),
    ("compare_models", "pairs", "some", "pairs"),
    ("compare_models", "confidence_level", 2, "confidence_level"),
    ("compare_models", "test_train_ratio", -1, "test_train_ratio"),
]
CASES += [
    ("estimate_prevalence", "y_pred", ["a", "b", "a"], "classes of counts"),
    ("estimate_prevalence", "y_pred", [[0, 1], [1, 0]], "1-D"),
    ("estimate_prevalence", "y_pred", [0, 0, 1, 2], r"classes \[2\]"),
    ("estimate_prevalence", "y_pred", [], "non-empty"),
    ("estimate_prevalence", "y_pred", [0.5, 1.0], "class labels"),
    ("estimate_prevalence", "y_pred", [0, np.nan], "missing values"),
    ("estimate_prevalence", "counts", [[1, 0], [0, 1]], "counts"),
    ("estimate_prevalence", "method", "em", "method"),
    ("estimate_prevalence", "confidence_level", 1.5, "confidence_level"),
    ("estimate_prevalence", "n_resamples", 0, "n_resamples"),
    ("estimate_prevalence", "pos_label", 7, "pos_label"),
]
CASES += [
    ("PrevalenceEstimator.fit", "cv", value, "int >= 2")
    for value in (1, 0, "abc", True, 2.5)
] + [
    ("PrevalenceEstimator.fit", "method", value, "one of")
    for value in ("nope", True, None)
]
CASES += [
    ("PriorCorrectedClassifier.fit", "target_prior", value, rule)
    for value, rule in (
        (1.5, r"\[0, 1\]"),
        ("abc", "'original'"),
        (True, "'original'"),
        ([0.5, 0.6], "sum to 1"),
        (np.nan, r"\[0, 1\]"),
    )
]
CASES += [
    ("cost_threshold", "cost_matrix", 5, "cost_matrix"),
    ("cost_threshold", "cost_matrix", [[0, 1, 2]], "cost_matrix"),
    ("cost_threshold", "prevalence", 1.5, "prevalence"),
    ("cost_threshold", "prevalence", True, "prevalence"),
    ("cost_threshold", "train_prevalence", "abc", "train_prevalence"),
]
CASES += [
    ("correct_probabilities", "proba", [[0.9, 0.2], [0.4, 0.6]], "sum to 1|proba"),
    ("correct_probabilities", "proba", [[np.nan, 1.0], [0.4, 0.6]], "proba"),
    ("correct_probabilities", "proba", "abc", "proba"),
    ("correct_probabilities", "train_prior", 1.5, "train_prior"),
    ("correct_probabilities", "train_prior", True, "train_prior"),
    ("correct_probabilities", "target_prior", "abc", "target_prior"),
    ("correct_probabilities", "target_prior", np.nan, "target_prior"),
]


def _case_id(case):
    func, param, value, _ = case
    text = repr(value) if not hasattr(value, "shape") else f"shape {value.shape}"
    return f"{func}-{param}-{text[:30]}"


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_bad_input_names_the_parameter_of_the_function_called(case):
    func, param, value, rule = case
    call, defaults = SURFACES[func]
    with pytest.raises((TypeError, ValueError)) as raised:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            call(**dict(defaults, **{param: value}))
    message = str(raised.value)
    assert func in message, message
    assert param in message, message
    assert re.search(rule, message), message


# ------------------------------------------------- undefined, not wrong numbers


@pytest.mark.parametrize(
    "call",
    [
        lambda: ims.net_benefit_score(
            [0, 0, 0, 0], [0, 1, 0, 0], threshold_probability=0.2, standardized=True
        ),
        lambda: ims.net_benefit_score(
            [0, 1], [0, 1], threshold_probability=0.2, sample_weight=[0, 0]
        ),
        lambda: ims.expected_cost_score(
            [0, 1], [0, 1], cost_matrix=COSTS, sample_weight=[0, 0]
        ),
        lambda: ims.expected_cost_score(
            [0, 1], [0, 1], cost_matrix=[COSTS, COSTS], sample_weight=[0, 0]
        ),
        lambda: ims.confusion_counts(
            [0, 1], [0, 1], sample_weight=[0, 0]
        ).expected_cost(COSTS),
    ],
    ids=[
        "standardized-no-positive",
        "nb-weights-0",
        "cost-weights-0",
        "cost-per-sample-weights-0",
        "counts-weights-0",
    ],
)
def test_undefined_decision_values_are_nan_with_a_warning(call):
    with pytest.warns(UndefinedMetricWarning, match="undefined"):
        value = call()
    assert np.isnan(value)


def test_standardized_decision_curve_without_positives_is_nan_not_inf():
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # no divide-by-zero
        with pytest.warns(UndefinedMetricWarning, match="no positive sample"):
            curve = ims.decision_curve(
                [0, 0, 0, 0],
                [0.1, 0.5, 0.3, 0.2],
                pos_label=1,
                standardized=True,
                thresholds=[0.2, 0.4],
                n_resamples=20,
                random_state=0,
            )
    for values in (curve.net_benefit, curve.treat_all, curve.low, curve.high):
        assert np.isnan(values).all()


def test_decision_curve_treat_all_and_band_unchanged_with_positives():
    curve = ims.decision_curve(
        Y, SCORES, thresholds=[0.1, 0.3, 0.5], standardized=True, random_state=0
    )
    prevalence = 0.3
    odds = np.array([0.1, 0.3, 0.5]) / (1 - np.array([0.1, 0.3, 0.5]))
    expected = (prevalence - (1 - prevalence) * odds) / prevalence
    np.testing.assert_allclose(curve.treat_all, expected)
    assert np.isfinite(curve.low).all() and (curve.low <= curve.high).all()


def test_compare_predictions_with_one_class_says_why_the_interval_is_nan():
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # no "Mean of empty slice"
        with pytest.warns(UndefinedMetricWarning) as caught:
            result = ims.compare_predictions(
                [1, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], random_state=0
            )
    assert any("every drawn table" in str(w.message) for w in caught)
    assert np.isnan(result.low) and np.isnan(result.high)
    assert np.isnan(result.pvalue)


# ------------------------------------------- each model's score is its own metric


@pytest.mark.parametrize(
    "metric, params, reference",
    [
        (
            "f1_macro",
            {},
            lambda t, p: __import__("sklearn.metrics").metrics.f1_score(
                t, p, average="macro"
            ),
        ),
        (
            "iba",
            {"average": "macro"},
            lambda t, p: ims.iba_score(t, p, average="macro"),
        ),
        (
            "gmean",
            {"average": "multiclass"},
            lambda t, p: ims.geometric_mean_score(t, p, average="multiclass"),
        ),
        (
            "balanced_accuracy",
            {},
            lambda t, p: __import__("sklearn.metrics").metrics.balanced_accuracy_score(
                t, p
            ),
        ),
    ],
)
def test_each_model_is_scored_over_its_own_classes(metric, params, reference):
    y_true, pred_a, pred_b = [0, 1, 0, 1, 2, 0], [0, 1, 0, 1, 2, 1], [0, 3, 0, 1, 2, 0]
    with warnings.catch_warnings():
        # B predicts a class y_true lacks: its own (and scikit-learn's) warnings
        warnings.simplefilter("ignore")
        result = ims.compare_predictions(
            y_true, pred_a, pred_b, metric=metric, random_state=0, **params
        )
        assert result.score_a == pytest.approx(reference(y_true, pred_a))
        assert result.score_b == pytest.approx(reference(y_true, pred_b))


def test_the_issue_example_scores_model_a_as_alone():
    result = ims.compare_predictions(
        [0, 1, 0, 1], [0, 1, 0, 1], [0, 2, 0, 1], metric="f1_macro", random_state=0
    )
    assert result.score_a == 1.0


def test_paired_tables_added_keep_each_models_classes():
    whole = ims.PairedCounts.from_predictions([0, 1, 0, 1], [0, 1, 0, 1], [0, 2, 0, 1])
    parts = ims.PairedCounts.from_predictions(
        [0, 1], [0, 1], [0, 2]
    ) + ims.PairedCounts.from_predictions([0, 1], [0, 1], [0, 1])
    for table in (whole, parts):
        assert table.seen_a.tolist() == [True, True, False]
        assert table.seen_b.tolist() == [True, True, True]
        result = ims.compare_predictions(
            table, None, None, metric="f1_macro", random_state=0
        )
        assert result.score_a == 1.0


def test_labels_given_score_both_models_over_them():
    from sklearn.metrics import f1_score

    y_true, pred_a, pred_b = [0, 1, 0, 1], [0, 1, 0, 1], [0, 2, 0, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        result = ims.compare_predictions(
            y_true,
            pred_a,
            pred_b,
            metric="f1_macro",
            labels=[0, 1, 2],
            random_state=0,
        )
        assert result.score_a == pytest.approx(
            f1_score(y_true, pred_a, average="macro", labels=[0, 1, 2])
        )


# -------------------------------------------------- fold scores laid out wrongly


def test_transposed_fold_scores_are_refused_with_the_transpose_suggested():
    folds = pd.DataFrame(
        np.random.default_rng(1).random((100, 4)), columns=list("abcd")
    )
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=10)
    assert len(ims.compare_models(folds, cv=cv).rows) == 6
    with pytest.raises(ValueError, match=r"100 splits.*4 scores.*results\.T"):
        ims.compare_models(folds.T, cv=cv)


def test_fold_count_is_not_checked_where_the_splitter_cannot_tell():
    folds = pd.DataFrame(np.random.default_rng(1).random((7, 2)), columns=["a", "b"])
    result = ims.compare_models(folds, test_train_ratio=0.2)
    assert len(result.rows) == 1
    assert len(ims.compare_models(folds, cv=KFold(7)).rows) == 1


def test_a_class_only_one_model_predicts_does_not_lean_the_interval():
    # B errs on exactly A's samples, once with a class of neither the truth
    # nor A's predictions: the difference is 0 and its interval must not
    # lean (prior mass on B's extra class, or on A's, would make it lean).
    rng = np.random.default_rng(0)
    y_true = np.repeat([0, 1], 50)
    pred_a = y_true.copy()
    wrong = rng.choice(100, 20, replace=False)
    pred_a[wrong] = 1 - pred_a[wrong]
    pred_b = pred_a.copy()
    pred_b[wrong[0]] = 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = ims.compare_predictions(
            y_true, pred_a, pred_b, metric="balanced_accuracy", random_state=0
        )
    assert result.estimate == 0.0
    assert abs(result.low + result.high) < 0.005, (result.low, result.high)
    assert result.pvalue > 0.5


def test_dask_probabilities_are_checked_and_named_as_in_memory():
    da = pytest.importorskip("dask.array")
    y_true = da.from_array(np.array(Y), chunks=5)
    for bad in ([1.7] + SCORES[1:], [-0.3] + SCORES[1:]):
        with pytest.raises(ValueError, match=r"'y_proba' parameter of decision_curve"):
            ims.decision_curve(y_true, da.from_array(np.array(bad), chunks=5))
    with pytest.raises(ValueError, match=r"'y_proba' parameter of decision_curve"):
        ims.decision_curve(
            y_true, da.from_array(np.array([np.nan] + SCORES[1:]), chunks=5)
        )


def test_rounded_probabilities_are_corrected_as_the_exact_ones():
    # three decimals of three classes sum to 0.999: not a missing column
    rounded = ims.correct_probabilities(
        [[0.333, 0.333, 0.333]], train_prior=[1 / 3] * 3, target_prior=[0.5, 0.3, 0.2]
    )
    np.testing.assert_allclose(rounded, [[0.5, 0.3, 0.2]])
