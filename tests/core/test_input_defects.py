"""Defects of input handling, pinned through the public API.

1. ``labels=`` of another type family than the data (str labels on numbers,
   numbers on str, bytes on str, a mixed list) must be refused with an error
   naming ``'labels'``, the data's family and the offending value, not scored
   as an absent class. Absent labels of the same family, and numbers of
   another numeric dtype (1.0 on ints, True on bools), stay accepted.
2. ``imbalanced_report(output_dict=...)`` and ``ConfusionCounts.report``
   accept only a bool (or numpy.bool_).
3. ``average="multiclass"`` with every sample weighted 0 gives the
   ``zero_division`` value, like the binary average, instead of crashing or
   warning that y_pred holds classes absent from y_true.
"""

import re
import warnings

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims


def _record(call):
    """``call()`` and the categories and messages of every warning it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = call()
    return value, [(w.category, str(w.message)) for w in caught]


def _no_warning(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return call()


# ---------------------------------------------------------------- 1. labels

INT_T, INT_P = [1, 0, 1], [1, 1, 1]
STR_T, STR_P = ["a", "b", "a"], ["a", "a", "b"]

# (id, y_true, y_pred, labels, regex of the data's family, the offending value)
FOREIGN_LABELS = [
    ("str label on ints", INT_T, INT_P, ["1"], r"numer", "'1'"),
    ("mixed list on ints", INT_T, INT_P, [1, "x"], r"numer", "'x'"),
    ("int label on str", STR_T, STR_P, [0], r"str", "0"),
    ("bytes label on str", STR_T, STR_P, [b"a"], r"str", "b'a'"),
]


def _entry_points():
    """Public calls that take ``labels``: (id, f(y_true, y_pred, labels))."""
    return [
        (
            "sensitivity_score",
            lambda t, p, lab: ims.sensitivity_score(t, p, labels=lab, average="macro"),
        ),
        (
            "iba_score",
            lambda t, p, lab: ims.iba_score(t, p, labels=lab, average="macro"),
        ),
        (
            "ConfusionCounts.score",
            lambda t, p, lab: ims.confusion_counts(t, p).score(
                "sensitivity", labels=lab, average="macro"
            ),
        ),
        (
            "imbalanced_report",
            lambda t, p, lab: ims.imbalanced_report(t, p, labels=lab),
        ),
        (
            "ConfusionCounts.report",
            lambda t, p, lab: ims.confusion_counts(t, p).report(labels=lab),
        ),
        (
            # Refused when called, not later when .labels or repr() unite them.
            "confusion_counts",
            lambda t, p, lab: ims.confusion_counts(t, p, labels=lab),
        ),
    ]


ENTRY_POINTS = _entry_points()


@pytest.mark.parametrize(
    "func", [f for _, f in ENTRY_POINTS], ids=[i for i, _ in ENTRY_POINTS]
)
@pytest.mark.parametrize(
    "y_true, y_pred, labels, family, value",
    [case[1:] for case in FOREIGN_LABELS],
    ids=[case[0] for case in FOREIGN_LABELS],
)
def test_labels_of_another_family_are_refused(
    func, y_true, y_pred, labels, family, value
):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "ill-defined" warning first
        with pytest.raises((TypeError, ValueError), match=r"'labels'") as excinfo:
            func(y_true, y_pred, labels)
    message = str(excinfo.value)
    assert re.search(family, message, re.IGNORECASE), message
    assert value in message, message


@pytest.mark.parametrize(
    "func", [f for _, f in ENTRY_POINTS[:4]], ids=[i for i, _ in ENTRY_POINTS[:4]]
)
def test_absent_labels_of_the_same_family_still_score(func):
    # Label 5 cannot be told apart from a class that happens to be absent:
    # it is scored with the usual warning, as before.
    with pytest.warns(UndefinedMetricWarning, match=r"\[5\]"):
        func(INT_T, INT_P, [0, 1, 5])


def test_absent_label_values_and_counts_unchanged():
    with pytest.warns(UndefinedMetricWarning):
        per_label = ims.sensitivity_score(INT_T, INT_P, labels=[0, 1, 5], average=None)
    np.testing.assert_array_equal(per_label, [0.0, 1.0, 0.0])
    assert ims.sensitivity_score(
        INT_T, INT_P, labels=[0, 1, 5], average="macro", zero_division=1.0
    ) == pytest.approx(2 / 3)
    counts = _no_warning(lambda: ims.confusion_counts(INT_T, INT_P, labels=[0, 1, 5]))
    assert counts.labels.tolist() == [0, 1, 5]


BOOL_T, BOOL_P = [True, False, True], [True, True, True]


@pytest.mark.parametrize(
    "y_true, y_pred, labels",
    [(INT_T, INT_P, [1.0]), (BOOL_T, BOOL_P, [True]), (BOOL_T, BOOL_P, [1])],
    ids=["1.0 on ints", "True on bools", "1 on bools"],
)
def test_numbers_of_another_dtype_are_the_same_family(y_true, y_pred, labels):
    # Observed today, kept: the label matches the class 1 / True (recall 1.0).
    assert _no_warning(
        lambda: ims.sensitivity_score(y_true, y_pred, labels=labels, average="macro")
    ) == pytest.approx(1.0)
    assert _no_warning(
        lambda: ims.confusion_counts(y_true, y_pred).score(
            "iba", labels=labels, average="macro"
        )
    ) == pytest.approx(ims.iba_score(y_true, y_pred, labels=labels, average="macro"))
    report = _no_warning(
        lambda: ims.imbalanced_report(y_true, y_pred, labels=labels, output_dict=True)
    )
    assert len(report["classes"]) == 1
    counts = _no_warning(lambda: ims.confusion_counts(y_true, y_pred, labels=labels))
    assert counts.labels.tolist() == [0, 1]  # no extra class for 1.0 / True


# ----------------------------------------------------------- 2. output_dict

REPORTS = [
    (
        "imbalanced_report",
        lambda od: ims.imbalanced_report(INT_T, INT_P, output_dict=od),
    ),
    (
        "ConfusionCounts.report",
        lambda od: ims.confusion_counts(INT_T, INT_P).report(output_dict=od),
    ),
]


@pytest.mark.parametrize("report", [r for _, r in REPORTS], ids=[i for i, _ in REPORTS])
@pytest.mark.parametrize("output_dict", ["yes", "", 1, 0, None], ids=repr)
def test_output_dict_must_be_a_bool(report, output_dict):
    with pytest.raises(TypeError, match=r"output_dict"):
        report(output_dict)


@pytest.mark.parametrize("report", [r for _, r in REPORTS], ids=[i for i, _ in REPORTS])
@pytest.mark.parametrize(
    "output_dict, kind",
    [(True, dict), (False, str), (np.bool_(True), dict), (np.bool_(False), str)],
    ids=["True", "False", "np.True_", "np.False_"],
)
def test_output_dict_accepts_bools(report, output_dict, kind):
    assert isinstance(report(output_dict), kind)


# ------------------------------------------- 3. multiclass, all weights zero

MULTICLASS = [
    ims.balanced_accuracy_score,
    ims.geometric_mean_score,
    ims.normalized_mutual_information_score,
]
ALL_WEIGHTS_ZERO = [
    ([3], [3], [0]),
    ([0, 1], [0, 1], [0, 0]),
    ([0, 1, 2], [0, 2, 1], [0, 0, 0]),
]
ZERO_DIVISION = [("warn", 0.0), (0.0, 0.0), (1.0, 1.0), (np.nan, np.nan)]


def _check(value, caught, zero_division, expected):
    categories = {category for category, _ in caught}
    if zero_division == "warn":
        assert categories == {UndefinedMetricWarning}, caught
    else:
        assert not caught, caught
    np.testing.assert_equal(value, expected)


@pytest.mark.parametrize("metric", MULTICLASS, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "y_true, y_pred, sample_weight", ALL_WEIGHTS_ZERO, ids=["1 class", "2", "3"]
)
@pytest.mark.parametrize("zero_division, expected", ZERO_DIVISION, ids=repr)
def test_multiclass_all_weights_zero_is_zero_division(
    metric, y_true, y_pred, sample_weight, zero_division, expected
):
    value, caught = _record(
        lambda: metric(
            y_true,
            y_pred,
            average="multiclass",
            sample_weight=sample_weight,
            zero_division=zero_division,
        )
    )
    _check(value, caught, zero_division, expected)


@pytest.mark.parametrize("metric", MULTICLASS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("zero_division", ["warn", 1.0, np.nan], ids=repr)
def test_multiclass_all_weights_zero_mirrors_binary(metric, zero_division):
    def call(average):
        return _record(
            lambda: metric(
                [0, 1],
                [0, 1],
                average=average,
                sample_weight=[0, 0],
                zero_division=zero_division,
            )
        )

    binary, binary_caught = call("binary")
    multiclass, multiclass_caught = call("multiclass")
    np.testing.assert_equal(multiclass, binary)
    assert {c for c, _ in multiclass_caught} == {c for c, _ in binary_caught}


@pytest.mark.parametrize(
    "y_true, y_pred, sample_weight", ALL_WEIGHTS_ZERO, ids=["1 class", "2", "3"]
)
@pytest.mark.parametrize("zero_division, expected", ZERO_DIVISION, ids=repr)
@pytest.mark.parametrize(
    "metric, params",
    [("balanced_accuracy", {}), ("gmean", {"average": "multiclass"})],
    ids=["balanced_accuracy", "gmean multiclass"],
)
def test_counts_score_all_weights_zero_is_zero_division(
    y_true, y_pred, sample_weight, zero_division, expected, metric, params
):
    # scikit-learn's balanced_accuracy_score refuses all-zero weights with a
    # ValueError; the counts give what imbascore's own metric gives.
    counts = _no_warning(
        lambda: ims.confusion_counts(y_true, y_pred, sample_weight=sample_weight)
    )
    value, caught = _record(
        lambda: counts.score(metric, zero_division=zero_division, **params)
    )
    _check(value, caught, zero_division, expected)
