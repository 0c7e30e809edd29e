"""Bad input: a clear error naming the parameter, the rule and the value."""

import inspect

import numpy as np
import pandas as pd
import pytest
from scipy import sparse
from sklearn.dummy import DummyClassifier

import imbascore as ims

Y = [0, 1, 1, 0, 1]

# (case id, call, exception type, regex that must appear in the message)
BAD_INPUT = [
    (
        "probabilities as y_pred",
        lambda: ims.iba_score(Y, [0.1, 0.8, 0.6, 0.3, 0.9]),
        ValueError,
        r"'y_pred' parameter of iba_score must be an "
        r"array of class labels, not continuous values. Got 'an array containing 0.1'",
    ),
    (
        "NaN in y_true",
        lambda: ims.iba_score([0, 1, np.nan, 0, 1], Y),
        ValueError,
        r"'y_true' parameter .* must be free of missing values",
    ),
    (
        "NaN in y_pred",
        lambda: ims.geometric_mean_score(Y, [0, np.nan, 1, 0, 1]),
        ValueError,
        r"'y_pred' parameter .* missing values",
    ),
    (
        "inf in y_pred",
        lambda: ims.iba_score(Y, [0, np.inf, 1, 0, 1]),
        ValueError,
        r"'y_pred' parameter .* must be finite",
    ),
    (
        "None in object labels",
        lambda: ims.iba_score(["a", None, "b"], ["a", "b", "b"], pos_label="a"),
        ValueError,
        r"'y_true' parameter .* missing values",
    ),
    (
        "pd.NA in nullable ints",
        lambda: ims.iba_score(pd.Series([0, 1, None, 0, 1], dtype="Int64"), Y),
        ValueError,
        r"'y_true' parameter .* missing values",
    ),
    (
        "NaN in categorical",
        lambda: ims.iba_score(
            pd.Series(["a", None, "b"], dtype="category"), ["a", "b", "b"]
        ),
        ValueError,
        r"'y_true' parameter .* missing values",
    ),
    (
        "length mismatch",
        lambda: ims.iba_score(Y, [0, 1, 1]),
        ValueError,
        r"'y_pred' parameter .* must be of the same length as y_true \(5\). "
        r"Got 'an array of length 3'",
    ),
    (
        "empty input",
        lambda: ims.iba_score([], []),
        ValueError,
        r"'y_true' parameter .* must be a non-empty array-like",
    ),
    (
        "2-D y_true",
        lambda: ims.iba_score(np.zeros((5, 2)), Y),
        ValueError,
        r"'y_true' parameter .* 1-D .* Got 'an array of shape \(5, 2\)'",
    ),
    (
        "scalar y_true",
        lambda: ims.iba_score(1, Y),
        TypeError,
        r"'y_true' parameter .* array-like",
    ),
    (
        "pos_label absent",
        lambda: ims.iba_score(["a", "b", "a"], ["a", "b", "b"]),
        ValueError,
        r"'pos_label' parameter of iba_score must be one "
        r"of the labels present, \['a', 'b'\]. Got 1 instead",
    ),
    (
        "pos_label not a label",
        lambda: ims.iba_score(Y, Y, pos_label=[1]),
        TypeError,
        r"'pos_label' parameter .* a single label",
    ),
    (
        "multiclass with binary",
        lambda: ims.iba_score([0, 1, 2], [0, 1, 2]),
        ValueError,
        r"'average' parameter .* for multiclass targets. Got 'binary' instead. "
        r"The targets hold 3 classes",
    ),
    (
        "unknown average",
        lambda: ims.iba_score(Y, Y, average="mean"),
        ValueError,
        r"'average' parameter .* must be one of \{'binary', 'micro', 'macro', "
        r"'weighted', 'samples', None\}. Got 'mean'",
    ),
    (
        "multiclass average where unsupported",
        lambda: ims.iba_score(Y, Y, average="multiclass"),
        ValueError,
        r"'average' parameter .* Got 'multiclass'",
    ),
    (
        "alpha above 1",
        lambda: ims.iba_score(Y, Y, alpha=2),
        ValueError,
        r"The 'alpha' parameter of iba_score must be a "
        r"float in the range \[0, 1\]. Got 2 instead.",
    ),
    (
        "alpha negative",
        lambda: ims.iba_score(Y, Y, alpha=-0.1),
        ValueError,
        r"'alpha' parameter .* Got -0.1",
    ),
    (
        "alpha NaN",
        lambda: ims.iba_score(Y, Y, alpha=float("nan")),
        ValueError,
        r"'alpha' parameter",
    ),
    (
        "alpha string",
        lambda: ims.iba_score(Y, Y, alpha="0.1"),
        ValueError,
        r"'alpha' parameter .* Got '0.1'",
    ),
    (
        "squared not bool",
        lambda: ims.iba_score(Y, Y, squared="yes"),
        TypeError,
        r"'squared' parameter .* a bool",
    ),
    (
        "weight above 1",
        lambda: ims.weighted_accuracy_score(Y, Y, weight=1.5),
        ValueError,
        r"'weight' parameter of weighted_accuracy_score must be a float in "
        r"the range \[0, 1\]. Got 1.5",
    ),
    (
        "negative sample_weight",
        lambda: ims.iba_score(Y, Y, sample_weight=[1, -1, 1, 1, 1]),
        ValueError,
        r"'sample_weight' parameter .* non-negative. Got 'an array with "
        r"minimum -1.0'",
    ),
    (
        "NaN sample_weight",
        lambda: ims.iba_score(Y, Y, sample_weight=[1, np.nan, 1, 1, 1]),
        ValueError,
        r"'sample_weight' parameter .* finite",
    ),
    (
        "sample_weight wrong size",
        lambda: ims.iba_score(Y, Y, sample_weight=[1, 1]),
        ValueError,
        r"'sample_weight' parameter .* shape \(5,\), like y_true. Got 'an "
        r"array of shape \(2,\)'",
    ),
    (
        "sample_weight strings",
        lambda: ims.iba_score(Y, Y, sample_weight=list("abcde")),
        TypeError,
        r"'sample_weight' parameter .* array of real numbers. Got 'an array of "
        r"dtype <U1'",
    ),
    (
        "mixed label types",
        lambda: ims.iba_score([0, 1, 1], ["0", "1", "1"]),
        TypeError,
        r"'y_true/y_pred' parameter .* labels of one type .* Got \"y_true "
        r"with \['numeric'\] and y_pred with \['str'\] labels\"",
    ),
    (
        "mixed types inside object array",
        lambda: ims.iba_score(np.array([0, "a", 1], dtype=object), [0, 1, 1]),
        TypeError,
        r"labels of one type",
    ),
    (
        "unknown zero_division",
        lambda: ims.iba_score(Y, Y, zero_division="ignore"),
        ValueError,
        r"'zero_division' parameter .* one of \{'warn', 0.0, 1.0, nan\}. "
        r"Got 'ignore'",
    ),
    (
        "unknown correction",
        lambda: ims.dprime_score(Y, Y, correction="none"),
        ValueError,
        r"'correction' parameter of dprime_score must be one of "
        r"\{'macmillan', 'loglinear'\}. Got 'none'",
    ),
    (
        "duplicate labels",
        lambda: ims.iba_score(Y, Y, average=None, labels=[0, 0]),
        ValueError,
        r"'labels' parameter .* distinct",
    ),
    (
        "empty labels",
        lambda: ims.iba_score(Y, Y, average=None, labels=[]),
        ValueError,
        r"'labels' parameter .* non-empty",
    ),
    (
        "complex labels",
        lambda: ims.iba_score(np.array([1j, 0j]), [1, 0]),
        TypeError,
        r"'y_true' parameter .* dtype complex128",
    ),
    (
        "report digits",
        lambda: ims.imbalanced_report(Y, Y, digits=-1),
        ValueError,
        r"'digits' parameter of imbalanced_report",
    ),
    (
        "report target_names",
        lambda: ims.imbalanced_report(Y, Y, target_names=["a"]),
        ValueError,
        r"'target_names' parameter .* 2 names",
    ),
]


@pytest.mark.parametrize(
    "call, error, message",
    [case[1:] for case in BAD_INPUT],
    ids=[case[0] for case in BAD_INPUT],
)
def test_bad_input_gives_a_clear_error(call, error, message):
    with pytest.raises(error, match=message) as info:
        call()
    assert not isinstance(info.value, IndexError | ZeroDivisionError)


#: Metrics of scores or probabilities, not labels:
#: tests/thresholds/test_operating_points.py and tests/calibration check them.
SCORE_METRICS = {
    "miscalibration_score",
    "auprg_score",
    "average_precision_score",
    "partial_auc_score",
    "roc_auc_score",
    "precision_at_recall_score",
    "recall_at_precision_score",
    "sensitivity_at_specificity_score",
    "specificity_at_sensitivity_score",
    "tpr_at_fpr_score",
}
#: The options that metrics of decisions require.
REQUIRED = {
    "expected_cost_score": {"cost_matrix": [[0, 1], [5, 0]]},
    "net_benefit_score": {"threshold_probability": 0.2},
    "worst_group_score": {"groups": [0, 0, 1, 1, 0]},
}


@pytest.mark.parametrize(
    "metric",
    [
        getattr(ims, name)
        for name in ims.__all__
        if name.endswith("_score") and name not in SCORE_METRICS
    ],
    ids=lambda m: m.__name__,
)
def test_every_metric_rejects_probabilities_and_length_mismatch(metric):
    required = REQUIRED.get(metric.__name__, {})
    with pytest.raises(
        ValueError, match=rf"{metric.__name__} must be an array of class"
    ):
        metric(Y, [0.2, 0.7, 0.9, 0.1, 0.5], **required)
    with pytest.raises(ValueError, match="same length"):
        metric(Y, Y[:3], **required)
    if "average" in inspect.signature(metric).parameters:
        with pytest.raises(ValueError, match="'average' parameter"):
            metric(Y, Y, average="samples")


def test_integral_floats_and_booleans_are_labels():
    assert ims.iba_score([0.0, 1.0, 1.0], [0.0, 1.0, 0.0]) == ims.iba_score(
        [0, 1, 1], [0, 1, 0]
    )
    assert ims.iba_score([False, True, True], [False, True, False]) == ims.iba_score(
        [0, 1, 1], [0, 1, 0]
    )


# ---------------------------------------------------------------------------
# Errors that misled, and valid input that was refused.

MISLEADING = [
    (
        "complex weights",
        lambda: ims.iba_score(Y, Y, sample_weight=np.ones(5) + 1j),
        TypeError,
        r"'sample_weight' parameter .* array of real numbers. Got 'an array of "
        r"dtype complex128'",
    ),
    (
        "complex weights as Python objects",
        lambda: ims.iba_score(Y, Y, sample_weight=[1, 1, 1, 1, 2j]),
        TypeError,
        r"'sample_weight' parameter .* array of real numbers",
    ),
    (
        "scores beside string labels",
        lambda: ims.iba_score(["a", "b", "a"], [0.2, 0.9, 0.4], pos_label="b"),
        ValueError,
        r"'y_pred' parameter .* not continuous values. Got 'an array containing "
        r"0.2'.* estimator.predict",
    ),
    (
        "sparse matrix",
        lambda: ims.iba_score(sparse.csr_matrix(np.ones((5, 1))), Y),
        TypeError,
        r"'y_true' parameter .* Got 'a scipy.sparse csr_matrix' instead. .*toarray",
    ),
    (
        "generator",
        lambda: ims.iba_score((label for label in Y), Y),
        TypeError,
        r"'y_true' parameter .* Got 'a generator' instead. .*list\(y\)",
    ),
    (
        "set",
        lambda: ims.iba_score(Y, {0, 1}),
        TypeError,
        r"'y_pred' parameter .* Got 'a set' instead. "
        r"Sets and dicts have no sample order",
    ),
    (
        "dict",
        lambda: ims.iba_score(dict(enumerate(Y)), Y),
        TypeError,
        r"'y_true' parameter .* Got 'a dict' instead",
    ),
    (
        "ragged list of lists",
        lambda: ims.iba_score([[0, 1], [1], [0], [1], [0]], Y),
        ValueError,
        r"'y_true' parameter .* Got 'a ragged nested sequence' instead",
    ),
    (
        "weights as a set",
        lambda: ims.iba_score(Y, Y, sample_weight={1.0, 2.0}),
        TypeError,
        r"'sample_weight' parameter .* Got 'a set' instead",
    ),
    (
        "pos_label None with binary",
        lambda: ims.iba_score(Y, Y, pos_label=None),
        TypeError,
        r"'pos_label' parameter .* must be a single label .* Got None",
    ),
    (
        "duplicate labels, 1 and True",
        lambda: ims.iba_score(Y, Y, labels=[1, True], average=None),
        ValueError,
        r"'labels' parameter .* distinct labels",
    ),
    (
        "labels holding a list",
        lambda: ims.iba_score(Y, Y, labels=[[0, 1]], average=None),
        ValueError,
        r"'labels' parameter .* non-empty 1-D list of labels",
    ),
]


@pytest.mark.parametrize(
    "call, error, message",
    [case[1:] for case in MISLEADING],
    ids=[case[0] for case in MISLEADING],
)
def test_misleading_input_gets_a_message_naming_parameter_and_rule(
    call, error, message
):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize(
    "column",
    [
        lambda y: np.asarray(y).reshape(-1, 1),
        lambda y: pd.DataFrame({"label": y}),
        lambda y: pd.DataFrame({"label": pd.array(y, dtype="Int64")}),
    ],
    ids=["numpy (n, 1)", "one-column DataFrame", "nullable one-column DataFrame"],
)
def test_column_vectors_are_accepted_as_scikit_learn_does(column):
    y_pred = [0, 1, 0, 0, 1]
    expected = ims.iba_score(Y, y_pred)
    assert ims.iba_score(column(Y), y_pred) == expected
    assert ims.iba_score(Y, column(y_pred)) == expected
    weights = np.arange(1.0, 6.0)
    assert ims.iba_score(Y, y_pred, sample_weight=weights.reshape(-1, 1)) == (
        ims.iba_score(Y, y_pred, sample_weight=weights)
    )


@pytest.mark.parametrize(
    "y",
    [
        np.array([0, 1, 1, 0, 1]),
        np.array([0, 1, 1, 0, 1], dtype=np.uint8),
        np.array([0.0, 1.0, 1.0, 0.0, 1.0]),
        np.array([False, True, True, False, True]),
        np.array(["no", "yes", "yes", "no", "yes"]),
        np.array(["no", "yes", "yes", "no", "yes"], dtype=object),
        pd.Series(["no", "yes", "yes", "no", "yes"], dtype="category"),
    ],
    ids=["int64", "uint8", "float", "bool", "str", "object", "category"],
)
def test_pos_label_from_classes_works_for_every_label_type(y):
    # pos_label=clf.classes_[1] is a numpy scalar (np.int64, np.str_, np.True_).
    clf = DummyClassifier(strategy="stratified", random_state=0).fit(
        np.zeros((5, 1)), y
    )
    y_pred = clf.predict(np.zeros((5, 1)))
    pos_label = clf.classes_[1]
    assert isinstance(pos_label, np.generic | str)
    value = ims.iba_score(y, y_pred, pos_label=pos_label, squared=np.True_)
    plain = [v == pos_label for v in np.asarray(y)], [v == pos_label for v in y_pred]
    assert value == ims.iba_score(*plain, pos_label=True)
    scorer = ims.iba_scorer(pos_label=pos_label, squared=np.True_)
    assert scorer(clf, np.zeros((5, 1)), y) == value


def test_numpy_scalars_are_accepted_for_options():
    assert ims.iba_score(Y, Y, alpha=np.float32(0.5), squared=np.False_) == 1.0
    assert ims.iba_score(["a", "b"], ["a", "b"], pos_label=np.str_("b")) == 1.0
    assert ims.iba_score(Y, Y, pos_label=np.int64(0)) == 1.0


@pytest.mark.parametrize(
    "function, takes_multiclass",
    [
        (ims.balanced_accuracy_score, True),
        (ims.geometric_mean_score, True),
        (ims.iba_score, False),
        (ims.sensitivity_score, False),
    ],
)
def test_binary_average_on_three_classes_lists_what_this_function_takes(
    function, takes_multiclass
):
    with pytest.raises(ValueError) as raised:
        function([0, 1, 2, 0], [0, 1, 1, 0])
    message = str(raised.value)
    assert f"'average' parameter of {function.__name__}" in message
    assert "where supported" not in message
    assert ("'multiclass'}" in message) == takes_multiclass
    if function is ims.balanced_accuracy_score:
        assert "the mean recall, scikit-learn's balanced_accuracy_score" in message
