"""Bad input to the ranking, calibration and inference functions: a clear
error naming the function called, its own parameter, the rule and the value
got (scikit-learn's ``validate_params`` wording).

Table-driven, as ``tests/thresholds/test_validation_decisions.py`` is for
the decisions: each public function of these families gets the same kinds
of bad input (NaN, inf, out-of-range numbers, booleans and strings for
numbers, wrong shapes and lengths, unknown names), and its error must name
*its own* parameter, not that of a function it calls, nor be scikit-learn's
message without the parameter's name.
"""

import numpy as np
import pytest
from bad_input_tables import assert_names_its_parameter, case_id, error_message
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression

import imbascore as ims

_LOGISTIC = LogisticRegression()

Y = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
SCORES = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
OTHER = [0.3, 0.1, 0.2, 0.6, 0.4, 0.2, 0.7, 0.5, 0.6, 0.8]
LABELS = [0, 0, 0, 1, 0, 0, 1, 0, 1, 0]


def _positional(function, *names):
    """A call of ``function`` taking ``names`` positionally from keywords."""

    def call(**k):
        args = [k.pop(name) for name in names]
        return function(*args, **k)

    return call


#: function name -> (call taking keyword overrides, its keyword defaults)
SURFACES = {}
RESAMPLED = {"n_resamples": 20, "random_state": 0}


def _add(names, scores_name, **defaults):
    """Surfaces of the functions ``names`` of ``(y_true, <scores_name>)``."""
    for name in names:
        function = getattr(ims, name.split(" (")[0])
        SURFACES[name] = (
            _positional(function, "y_true", scores_name),
            {"y_true": Y, scores_name: SCORES, **defaults},
        )


_add(
    ["roc_auc_score", "average_precision_score", "auprg_score"],
    "y_score",
)
_add(["precision_recall_gain_curve"], "y_score")
_add(["partial_auc_score"], "y_score", max_fpr=0.5)
_add(["partial_auc_score (min_tpr)"], "y_score", min_tpr=0.5)
_add(["curve_band"], "y_score", **RESAMPLED)
CALIBRATION = [
    "brier_score_loss",
    "log_loss",
    "calibration_decomposition",
    "miscalibration_score",
    "expected_calibration_error",
    "binned_reliability",
    "calibration_intercept_slope",
]
CALIBRATION_RESAMPLED = ["reliability_diagram", "calibration_report"]
_add(CALIBRATION, "y_proba")
_add(CALIBRATION_RESAMPLED, "y_proba", **RESAMPLED)
SURFACES["metric_interval"] = (
    _positional(ims.metric_interval, "y_true", "y_pred"),
    {"y_true": Y, "y_pred": SCORES, "metric": "roc_auc"},
)
SURFACES["metric_interval (labels)"] = (
    _positional(ims.metric_interval, "y_true", "y_pred"),
    {"y_true": Y, "y_pred": LABELS, "metric": "iba", "n_resamples": 50},
)
SURFACES["compare_predictions"] = (
    _positional(ims.compare_predictions, "y_true", "pred_a", "pred_b"),
    {"y_true": Y, "pred_a": SCORES, "pred_b": OTHER, "metric": "roc_auc"},
)
SURFACES["compare_predictions (brier)"] = (
    _positional(ims.compare_predictions, "y_true", "pred_a", "pred_b"),
    {
        "y_true": Y,
        "pred_a": SCORES,
        "pred_b": OTHER,
        "metric": "brier_score",
        "n_resamples": 20,
    },
)
SURFACES["score_at_prevalence"] = (
    _positional(ims.score_at_prevalence, "y_true", "y_pred"),
    {"y_true": Y, "y_pred": SCORES, "metric": "average_precision", "prevalence": 0.1},
)
SURFACES["score_at_prevalence (labels)"] = (
    _positional(ims.score_at_prevalence, "y_true", "y_pred"),
    {"y_true": Y, "y_pred": LABELS, "metric": "f1", "prevalence": 0.1},
)
SURFACES["five_by_two_cv"] = (lambda **k: ims.five_by_two_cv(**k), {})
_X = np.random.default_rng(0).random((80, 2))
_y = (_X[:, 0] > 0.7).astype(int)
SURFACES["balanced_accuracy_curve"] = (
    lambda **k: ims.balanced_accuracy_curve(_LOGISTIC, _X, _y, **k),
    {"n_repeats": 2},
)
SURFACES["class_ratio_dependence"] = (
    lambda **k: ims.class_ratio_dependence(**k),
    {"metrics": ["f1"]},
)


def _scores(func, param, kind="scores"):
    """Bad scores (or probabilities): NaN, inf, 2-D, a wrong length, text."""
    cases = [
        (func, param, [np.nan] + SCORES[1:], "NaN"),
        (func, param, [np.inf] + SCORES[1:], "finite|probabilities"),
        (func, param, np.c_[SCORES, SCORES], "1-D"),
        (func, param, SCORES[:-1], "same length|length"),
        (func, param, ["a"] * 10, "real"),
        (func, param, "abc", "real|array"),
    ]
    if kind == "probabilities":
        cases += [
            (func, param, [1.5] + SCORES[1:], r"\[0, 1\]"),
            (func, param, [-0.5] + SCORES[1:], r"\[0, 1\]"),
        ]
    return cases


def _truth(func):
    return [
        (func, param, value, rule)
        for param, value, rule in (
            ("y_true", [np.nan] + Y[1:], "missing|NaN"),
            ("y_true", np.c_[Y, Y], "1-D|shape|multilabel|indicator"),
        )
    ]


def _weights(func):
    return [
        (func, "sample_weight", [1.0] * 9, "shape|length"),
        (func, "sample_weight", [np.nan] + [1.0] * 9, "finite|NaN"),
        (func, "sample_weight", [-1.0] + [1.0] * 9, "non-negative|negative"),
        (func, "sample_weight", "abc", "array|numbers|1-D"),
    ]


def _level(func):
    return [
        (func, "confidence_level", value, r"\(0, 1\)")
        for value in (0, 1, 1.5, -0.1, np.nan, True, "abc")
    ]


def _resamples(func):
    return [
        (func, "n_resamples", value, "int >= 1") for value in (0, -1, 2.5, True, "many")
    ]


def _seed(func):
    return [
        (func, "random_state", value, "random_state|RandomState")
        for value in ("abc", 1.5, -1, [1, 2])
    ]


def _choice(func, param, *values):
    return [(func, param, value, "one of|must be") for value in values]


def _prevalence(func):
    return [
        (func, "prevalence", value, "prevalence")
        for value in (1.5, 0, -0.1, np.nan, True, "abc")
    ]


CASES = []
for _func in (
    "roc_auc_score",
    "average_precision_score",
    "auprg_score",
    "partial_auc_score",
    "precision_recall_gain_curve",
    "curve_band",
):
    CASES += _scores(_func, "y_score") + _truth(_func) + _weights(_func)
    CASES += [(_func, "pos_label", 7, "pos_label|one of the labels")]
CASES += (
    [
        ("partial_auc_score", "max_fpr", value, "max_fpr")
        for value in (0, 1.5, -0.1, np.nan, True, "abc")
    ]
    + [
        ("partial_auc_score (min_tpr)", "min_tpr", value, "min_tpr")
        for value in (1.5, -0.1, np.nan, True, "abc")
    ]
    + [
        ("partial_auc_score", "standardized", "yes", "bool"),
    ]
)
CASES += (
    _choice("curve_band", "curve", "det", 5, None)
    + _choice("curve_band", "method", "bonferroni", 1)
    + _level("curve_band")
    + _resamples("curve_band")
    + _seed("curve_band")
    + [
        ("curve_band", "grid", value, "grid")
        for value in ([0.5, 0.2], [0.0, 1.5], [], [[0.1, 0.2]], "abc", [np.nan])
    ]
)
for _func in CALIBRATION + CALIBRATION_RESAMPLED:
    CASES += _scores(_func, "y_proba", "probabilities") + _truth(_func)
    CASES += _weights(_func) + _prevalence(_func)
    CASES += [(_func, "pos_label", 7, "pos_label|one of the labels")]
for _func in ("brier_score_loss", "log_loss"):
    CASES += _choice(_func, "stratum", "both", 1)
for _func in ("calibration_decomposition", "miscalibration_score"):
    CASES += _choice(_func, "score", "hinge", 1, None)
for _func in ("expected_calibration_error", "binned_reliability", "calibration_report"):
    CASES += [
        (_func, "n_bins", value, "n_bins") for value in (0, -1, 2.5, True, "ten", None)
    ] + _choice(_func, "strategy", "kmeans", 1, None)
CASES += _choice("expected_calibration_error", "norm", "l3", 1, None)
CASES += [
    ("expected_calibration_error", "debiased", "yes", "bool"),
    ("expected_calibration_error", "squared", 1, "bool"),
]
for _func in (
    "calibration_intercept_slope",
    "reliability_diagram",
    "calibration_report",
):
    CASES += _level(_func)
for _func in ("reliability_diagram", "calibration_report"):
    CASES += _resamples(_func) + _seed(_func)
CASES += _choice("reliability_diagram", "band", "both", 1)
CASES += _choice("calibration_report", "method", "studentized", 1, None)
for _func in ("metric_interval", "metric_interval (labels)"):
    CASES += _level(_func) + _seed(_func) + _weights(_func)
    CASES += _choice(_func, "metric", "nope", "auc_roc")
    CASES += [(_func, "metric", 5, "str")]
    CASES += _choice(_func, "method", "exact", 1)
CASES += _resamples("metric_interval (labels)")
CASES += _scores("metric_interval", "y_pred") + _prevalence("metric_interval")
for _func in ("compare_predictions", "compare_predictions (brier)"):
    CASES += _scores(_func, "pred_a") + _scores(_func, "pred_b")
    CASES += _level(_func) + _weights(_func)
    CASES += _choice(_func, "metric", "nope", "auc_roc")
    CASES += _choice(_func, "method", "exact", 1)
CASES += _resamples("compare_predictions (brier)")
CASES += _seed("compare_predictions (brier)")
for _func in ("score_at_prevalence", "score_at_prevalence (labels)"):
    CASES += _prevalence(_func) + [(_func, "prevalence", None, "prevalence")]
    CASES += _choice(_func, "metric", "nope", "auc_roc") + [(_func, "metric", 5, "str")]
    CASES += _weights(_func)
CASES += _scores("score_at_prevalence", "y_pred")
CASES += [
    ("class_ratio_dependence", "metrics", ["nope"], "metric"),
    ("class_ratio_dependence", "metrics", "f1", "list|sequence"),
    ("class_ratio_dependence", "rtol", -1, "rtol"),
    ("class_ratio_dependence", "rtol", "abc", "rtol"),
    ("class_ratio_dependence", "rtol", np.nan, "rtol"),
    ("class_ratio_dependence", "random_state", "abc", "random_state"),
    ("class_ratio_dependence", "random_state", -1, "random_state"),
    ("class_ratio_dependence", "random_state", True, "random_state"),
]


CASES += _seed("five_by_two_cv") + [("five_by_two_cv", "stratify", "yes", "bool")]
CASES += (
    [
        ("balanced_accuracy_curve", "random_state", value, "int >= 0")
        for value in ("abc", 1.5, -1, True)
    ]
    + [
        ("balanced_accuracy_curve", "test_size", value, r"\(0, 1\)")
        for value in (0, 1.5, "abc", np.nan)
    ]
    + [
        ("balanced_accuracy_curve", "n_repeats", value, "positive int")
        for value in (0, -1, 2.5, "two")
    ]
)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_bad_input_names_the_function_its_parameter_the_rule_and_the_value(case):
    assert_names_its_parameter(SURFACES, case, ignore=(UndefinedMetricWarning,))


def test_partial_auc_with_both_limits_names_both():
    message = error_message(
        SURFACES, "partial_auc_score", "min_tpr", 0.5, ignore=(UndefinedMetricWarning,)
    )
    assert "Exactly one of the 'max_fpr' and 'min_tpr' parameters of " in message
    assert "partial_auc_score" in message and "Got both" in message
