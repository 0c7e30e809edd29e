"""Bad input to the prior-shift family: a clear error naming the function
called, its own parameter, the rule and the value got (scikit-learn's
``validate_params`` wording).

Table-driven, as ``tests/inference/test_validation_scores.py`` and
``tests/groups/test_validation_groups.py`` are: each public function whose
code lives in ``imbascore._prior_shift`` (``estimate_prevalence``,
``correct_probabilities``, ``PriorCorrectedClassifier`` at ``fit``,
``PrevalenceEstimator`` at ``fit`` and ``estimate``, and the parameters of
``balanced_accuracy_curve`` the scores' table does not cover), with the
class-ratio functions of ``imbascore._metrics.at_prevalence``
(``class_ratio_dependence``, ``score_at_prevalence``: the cases the scores'
table lacks), gets bad input, and its error must name *its own* parameter,
the rule and the value.
"""

import warnings

import numpy as np
import pytest
from bad_input_tables import assert_names_its_parameter, case_id
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.svm import LinearSVC

import imbascore as ims

COUNTS = ims.ConfusionCounts.from_matrix([[450, 50], [40, 160]])
THREE = ims.ConfusionCounts.from_matrix([[80, 10, 10], [10, 80, 10], [5, 5, 90]])
Y_PRED = [1] * 17 + [0] * 83
PROBA = [0.1, 0.4, 0.9]
PROBA_2D = [[0.9, 0.1], [0.6, 0.4], [0.1, 0.9]]

_rng = np.random.default_rng(0)
X = np.r_[_rng.normal(1.5, 1, (40, 2)), _rng.normal(0, 1, (60, 2))]
y = np.r_[np.ones(40, int), np.zeros(60, int)]
X_CURVE = _rng.random((80, 2))
Y_CURVE = (X_CURVE[:, 0] > 0.7).astype(int)
ESTIMATOR = ims.PrevalenceEstimator(LogisticRegression(), method="pcc").fit(X, y)


def _estimate(**k):
    return ims.estimate_prevalence(k.pop("y_pred"), **k)


def _correct(**k):
    return ims.correct_probabilities(k.pop("proba"), **k)


def _corrected_fit(**k):
    X_, y_ = k.pop("X", X), k.pop("y", y)
    return ims.PriorCorrectedClassifier(**k).fit(X_, y_)


def _estimator_fit(**k):
    X_, y_ = k.pop("X", X), k.pop("y", y)
    return ims.PrevalenceEstimator(**k).fit(X_, y_)


def _estimator_estimate(**k):
    return ESTIMATOR.estimate(k.pop("X_unlabelled"), **k)


def _curve(**k):
    X_, y_ = k.pop("X", X_CURVE), k.pop("y", Y_CURVE)
    estimator = k.pop("estimator", LogisticRegression())
    return ims.balanced_accuracy_curve(estimator, X_, y_, **k)


#: function name -> (call taking keyword overrides, its keyword defaults)
SURFACES = {
    "estimate_prevalence": (
        _estimate,
        {"y_pred": Y_PRED, "counts": COUNTS, "n_resamples": 50, "random_state": 0},
    ),
    "estimate_prevalence (three classes)": (
        _estimate,
        {"y_pred": [0, 1, 2] * 10, "counts": THREE, "n_resamples": 50},
    ),
    "correct_probabilities": (
        _correct,
        {"proba": PROBA, "train_prior": 0.5, "target_prior": 0.1},
    ),
    "correct_probabilities (2-D)": (
        _correct,
        {"proba": PROBA_2D, "train_prior": [0.5, 0.5], "target_prior": [0.9, 0.1]},
    ),
    "PriorCorrectedClassifier.fit": (
        _corrected_fit,
        {"estimator": LogisticRegression(), "target_prior": 0.1},
    ),
    "PrevalenceEstimator.fit": (
        _estimator_fit,
        {"estimator": LogisticRegression(), "method": "acc", "cv": 3},
    ),
    "PrevalenceEstimator.fit (pcc)": (
        _estimator_fit,
        {"estimator": LogisticRegression(), "method": "pcc", "cv": 3},
    ),
    "PrevalenceEstimator.estimate": (
        _estimator_estimate,
        {"X_unlabelled": X[:20], "n_resamples": 20, "random_state": 0},
    ),
    "balanced_accuracy_curve": (_curve, {"n_repeats": 2, "random_state": 0}),
    "class_ratio_dependence": (
        lambda **k: ims.class_ratio_dependence(**k),
        {"metrics": ["f1", "iba"]},
    ),
    "score_at_prevalence": (
        lambda **k: ims.score_at_prevalence(k.pop("y_true"), k.pop("y_pred"), **k),
        {
            "y_true": [0, 0, 1, 1, 0, 1],
            "y_pred": [0, 1, 1, 1, 0, 0],
            "metric": "f1",
            "prevalence": 0.1,
        },
    ),
}

NAN = float("nan")


def _level(func):
    return [
        (func, "confidence_level", value, r"\(0, 1\)")
        for value in (0, 1, 1.5, -0.1, NAN, True, "abc")
    ]


def _resamples(func):
    return [
        (func, "n_resamples", value, "int >= 1") for value in (0, -1, 2.5, True, "many")
    ]


def _seed(func):
    return [
        (func, "random_state", value, "random_state|RandomState")
        for value in ("abc", 1.5, -1, [1, 2], True)
    ]


#: (function, parameter, value, pattern of the rule and the value got)
CASES = (
    [
        ("estimate_prevalence", "y_pred", [], r"non-empty"),
        ("estimate_prevalence", "y_pred", None, r"non-empty"),
        ("estimate_prevalence", "y_pred", [0, 1, 2] * 5, r"classes of counts.*\[2\]"),
        ("estimate_prevalence", "y_pred", [0.1, 0.7, 0.3], r"class labels|continuous"),
        ("estimate_prevalence", "y_pred", [0, 1, NAN], r"missing"),
        ("estimate_prevalence", "y_pred", np.ones((5, 2), int), r"1-D|multilabel"),
        ("estimate_prevalence", "y_pred", "abc", r"array|labels"),
        ("estimate_prevalence", "counts", [[450, 50], [40, 160]], r"ConfusionCounts"),
        ("estimate_prevalence", "counts", None, r"ConfusionCounts"),
        (
            "estimate_prevalence",
            "counts",
            ims.ConfusionCounts.from_matrix([[450, 50], [0, 0]]),
            r"true samples",
        ),
        (
            "estimate_prevalence",
            "counts",
            ims.ConfusionCounts.from_matrix([[400, 100], [80, 20]]),
            r"TPR different from FPR",
        ),
        (
            "estimate_prevalence (three classes)",
            "counts",
            ims.ConfusionCounts.from_matrix([[50, 50, 0], [50, 50, 0], [0, 0, 100]]),
            r"invertible",
        ),
        ("estimate_prevalence", "method", "pcc", r"one of"),
        ("estimate_prevalence", "method", "ACC", r"one of"),
        ("estimate_prevalence", "method", None, r"one of"),
        ("estimate_prevalence", "method", 1, r"one of"),
        ("estimate_prevalence", "pos_label", 7, r"one of the labels"),
        ("estimate_prevalence", "pos_label", "1", r"one of the labels"),
        ("estimate_prevalence", "pos_label", [1], r"single label"),
        ("estimate_prevalence", "pos_label", NAN, r"single label"),
    ]
    + _level("estimate_prevalence")
    + _resamples("estimate_prevalence")
    + _seed("estimate_prevalence")
    + [
        ("correct_probabilities", "proba", [0.1, 1.5], r"\[0, 1\]"),
        ("correct_probabilities", "proba", [0.1, NAN], r"NaN|finite|missing"),
        ("correct_probabilities", "proba", [0.1, np.inf], r"\[0, 1\]|finite"),
        ("correct_probabilities", "proba", "abc", r"array|real|probabilit"),
        ("correct_probabilities", "proba", [], r"empty|sample"),
        ("correct_probabilities", "proba", np.ones((2, 2, 2)) / 2, r"1-D|2-D|shape"),
        ("correct_probabilities", "proba", [[0.5, 0.6]], r"sum to 1|rows"),
        ("correct_probabilities", "train_prior", 0, r"\(0, 1\)"),
        ("correct_probabilities", "train_prior", 1, r"\(0, 1\)"),
        ("correct_probabilities", "train_prior", 1.5, r"\(0, 1\)"),
        ("correct_probabilities", "train_prior", NAN, r"\(0, 1\)"),
        ("correct_probabilities", "train_prior", True, r"\(0, 1\)"),
        ("correct_probabilities", "train_prior", "abc", r"\(0, 1\)"),
        ("correct_probabilities", "train_prior", None, r"\(0, 1\)"),
        ("correct_probabilities", "train_prior", [0.2, 0.3], r"sum to 1"),
        ("correct_probabilities", "train_prior", [0.2, 0.3, 0.5], r"2 priors"),
        ("correct_probabilities", "train_prior", [0.0, 1.0], r"priors in \(0, 1\)"),
        ("correct_probabilities", "train_prior", [[0.5, 0.5]], r"2 priors"),
        ("correct_probabilities", "train_prior", ["a", "b"], r"priors"),
        ("correct_probabilities", "target_prior", -0.1, r"\[0, 1\]"),
        ("correct_probabilities", "target_prior", 1.5, r"\[0, 1\]"),
        ("correct_probabilities", "target_prior", [1.2, -0.2], r"priors in \[0, 1\]"),
        ("correct_probabilities", "target_prior", [NAN, NAN], r"priors in \[0, 1\]"),
        ("correct_probabilities", "target_prior", {"a": 1}, r"priors"),
        ("correct_probabilities (2-D)", "train_prior", [0.5, 0.5, 0.0], r"2 priors"),
        ("correct_probabilities (2-D)", "target_prior", [0.3, 0.3], r"sum to 1"),
        ("correct_probabilities (2-D)", "proba", [[0.5, NAN]], r"NaN|finite|missing"),
        ("PriorCorrectedClassifier.fit", "estimator", LinearSVC(), r"predict_proba"),
        ("PriorCorrectedClassifier.fit", "estimator", None, r"predict_proba"),
        ("PriorCorrectedClassifier.fit", "target_prior", "balanced", r"'original'"),
        ("PriorCorrectedClassifier.fit", "target_prior", None, r"'original'"),
        ("PriorCorrectedClassifier.fit", "target_prior", True, r"'original'|\(0, 1\)"),
        ("PriorCorrectedClassifier.fit", "target_prior", 1.5, r"\[0, 1\]"),
        ("PriorCorrectedClassifier.fit", "target_prior", NAN, r"\[0, 1\]"),
        ("PriorCorrectedClassifier.fit", "target_prior", [0.5, 0.6], r"sum to 1"),
        ("PriorCorrectedClassifier.fit", "target_prior", [1 / 3] * 3, r"2 priors"),
        (
            "PriorCorrectedClassifier.fit",
            "target_prior",
            ims.estimate_prevalence(
                [0, 1, 2] * 10, counts=THREE, confidence_level=None
            ),
            r"estimate for the classes \[0, 1\]",
        ),
        ("PrevalenceEstimator.fit", "method", "nope", r"one of"),
        ("PrevalenceEstimator.fit", "y", y[:50], r"length of X.*length 50"),
        ("PrevalenceEstimator.fit", "y", np.r_[NAN, y[1:]], r"missing"),
        ("PrevalenceEstimator.fit", "y", [None] + list(y[1:]), r"missing"),
        ("PrevalenceEstimator.fit", "y", np.zeros(100), r"two classes.*1 class"),
        ("PrevalenceEstimator.fit", "y", np.c_[y, y], r"1-D.*\(100, 2\)"),
        ("PrevalenceEstimator.fit", "X", None, r"array-like.*NoneType"),
        ("PriorCorrectedClassifier.fit", "y", y[:50], r"length of X.*length 50"),
        ("PriorCorrectedClassifier.fit", "y", np.r_[NAN, y[1:]], r"missing"),
        ("PriorCorrectedClassifier.fit", "y", np.zeros(100), r"two classes"),
        ("PriorCorrectedClassifier.fit", "y", np.c_[y, y], r"1-D"),
        ("PriorCorrectedClassifier.fit", "X", None, r"array-like.*NoneType"),
        ("PrevalenceEstimator.estimate", "X_unlabelled", None, r"array-like"),
        ("PrevalenceEstimator.fit", "method", None, r"one of"),
        ("PrevalenceEstimator.fit (pcc)", "estimator", LinearSVC(), r"predict_proba"),
        ("PrevalenceEstimator.fit (pcc)", "estimator", None, r"classifier"),
        ("PrevalenceEstimator.fit", "estimator", None, r"classifier|estimator"),
        ("PrevalenceEstimator.fit", "estimator", "logistic", r"classifier|estimator"),
        ("PriorCorrectedClassifier.fit", "estimator", "logistic", r"predict_proba"),
        ("PrevalenceEstimator.fit", "cv", 1, r"int >= 2"),
        ("PrevalenceEstimator.fit", "cv", "five", r"int >= 2"),
        ("PrevalenceEstimator.fit", "cv", 2.5, r"int >= 2"),
        ("PrevalenceEstimator.fit", "cv", True, r"int >= 2"),
        ("PrevalenceEstimator.estimate", "X_unlabelled", np.empty((0, 2)), "empty"),
    ]
    + _level("PrevalenceEstimator.estimate")
    + _resamples("PrevalenceEstimator.estimate")
    + _seed("PrevalenceEstimator.estimate")
    + [
        ("balanced_accuracy_curve", "estimator", None, r"classifier"),
        ("balanced_accuracy_curve", "estimator", "logistic", r"classifier"),
        ("balanced_accuracy_curve", "ratios", [0.5], r"at least two"),
        ("balanced_accuracy_curve", "ratios", None, r"at least two"),
        ("balanced_accuracy_curve", "ratios", [0.0, 0.5], r"strictly between"),
        ("balanced_accuracy_curve", "ratios", [0.2, 1.0], r"strictly between"),
        ("balanced_accuracy_curve", "ratios", [0.2, NAN], r"strictly between"),
        ("balanced_accuracy_curve", "ratios", [0.2, 0.2, 0.5], r"distinct"),
        ("balanced_accuracy_curve", "ratios", [[0.2, 0.5]], r"at least two"),
        ("balanced_accuracy_curve", "ratios", ["a", "b"], r"shares"),
        ("balanced_accuracy_curve", "ratios", "abc", r"shares"),
        ("balanced_accuracy_curve", "ratios", 0.5, r"at least two"),
        ("balanced_accuracy_curve", "n_repeats", True, r"positive int"),
        ("balanced_accuracy_curve", "n_repeats", None, r"positive int"),
        ("balanced_accuracy_curve", "test_size", True, r"\(0, 1\)"),
        ("balanced_accuracy_curve", "test_size", None, r"\(0, 1\)"),
        ("balanced_accuracy_curve", "random_state", [1, 2], r"int >= 0"),
        (
            "balanced_accuracy_curve",
            "random_state",
            np.random.RandomState(0),
            r"int >= 0",
        ),
        ("balanced_accuracy_curve", "n_jobs", "all", r"int|None"),
        ("balanced_accuracy_curve", "n_jobs", 1.5, r"int|None"),
        ("balanced_accuracy_curve", "n_jobs", True, r"int|None"),
        ("balanced_accuracy_curve", "pos_label", 7, r"one of the labels"),
        ("balanced_accuracy_curve", "pos_label", [1], r"single label"),
        ("balanced_accuracy_curve", "pos_label", "1", r"one of the labels"),
        ("balanced_accuracy_curve", "y", Y_CURVE[:50], r"length of X.*length 50"),
        ("balanced_accuracy_curve", "y", np.arange(80) % 3, r"two-class.*3 class"),
        ("balanced_accuracy_curve", "y", np.r_[np.nan, Y_CURVE[1:]], r"missing"),
        ("balanced_accuracy_curve", "y", np.c_[Y_CURVE, Y_CURVE], r"1-D"),
        ("balanced_accuracy_curve", "X", None, r"array-like.*NoneType"),
        ("class_ratio_dependence", "metrics", [], r"non-empty list"),
        ("class_ratio_dependence", "metrics", [5], r"metric"),
        ("class_ratio_dependence", "metrics", ["f1", "nope"], r"metric.*nope"),
        ("class_ratio_dependence", "metrics", 5, r"list|sequence"),
        ("class_ratio_dependence", "rtol", True, r"finite float >= 0"),
        ("class_ratio_dependence", "rtol", np.inf, r"finite float >= 0"),
        ("class_ratio_dependence", "rtol", None, r"finite float >= 0"),
        ("class_ratio_dependence", "random_state", -1, r"random_state|int"),
        ("class_ratio_dependence", "random_state", 1.5, r"random_state|int"),
        ("class_ratio_dependence", "random_state", [1, 2], r"random_state|int"),
        ("score_at_prevalence", "prevalence", [0.5, 0.6], r"prevalence"),
        ("score_at_prevalence", "prevalence", [0.5], r"prevalence"),
        ("score_at_prevalence", "prevalence", {0: 0.9, 2: 0.1}, r"prevalence"),
        ("score_at_prevalence", "prevalence", {0: 0.9}, r"prevalence"),
        ("score_at_prevalence", "prevalence", "abc", r"prevalence"),
        ("score_at_prevalence", "prevalence", np.inf, r"prevalence"),
        ("score_at_prevalence", "y_pred", [0, 1, 1], r"length|shape"),
        ("score_at_prevalence", "metric", None, r"str|metric"),
        ("balanced_accuracy_curve", "y", np.zeros(80, int), r"two-class"),
    ]
)


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_bad_input_names_the_function_its_parameter_the_rule_and_the_value(case):
    assert_names_its_parameter(
        SURFACES, case, ignore=(UndefinedMetricWarning, ims.ClippedPrevalenceWarning)
    )


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_the_defaults_of_the_table_are_valid(surface):
    call, defaults = SURFACES[surface]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ims.ClippedPrevalenceWarning)
        call(**defaults)


@pytest.mark.parametrize(
    "proba, train_prior, target_prior",
    [
        ([1.0, 0.5], 0.5, 0.0),  # the only class kept has probability 0
        ([0.0, 0.5], 0.5, 1.0),
        ([[1.0, 0.0], [0.5, 0.5]], [0.5, 0.5], [0.0, 1.0]),
    ],
)
def test_undefined_corrected_probabilities_warn(proba, train_prior, target_prior):
    with pytest.warns(UndefinedMetricWarning, match=r"correct_probabilities.*sample 0"):
        corrected = ims.correct_probabilities(
            proba, train_prior=train_prior, target_prior=target_prior
        )
    corrected = np.asarray(corrected)
    assert np.isnan(corrected[0]).all() and np.isfinite(corrected[1]).all()


@pytest.mark.parametrize("target_prior", [0.0, 1.0])
def test_a_target_prior_of_0_or_1_is_taken_as_a_float_too(target_prior):
    """As in a sequence of priors: the target prior is in [0, 1]."""
    as_float = ims.correct_probabilities(
        [0.2, 0.6], train_prior=0.5, target_prior=target_prior
    )
    as_sequence = ims.correct_probabilities(
        [0.2, 0.6], train_prior=0.5, target_prior=[1 - target_prior, target_prior]
    )
    np.testing.assert_allclose(as_float, [target_prior] * 2)
    np.testing.assert_allclose(as_float, as_sequence)
