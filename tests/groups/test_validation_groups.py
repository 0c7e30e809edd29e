"""Bad input to the groups family: a clear error naming the function called,
its own parameter, the rule and the value got.

Table-driven, as ``tests/thresholds/test_validation_decisions.py`` is for the
decisions: each public function of the groups family (``metrics_by_group``,
``confusion_counts_by_group``, ``threshold_curves_by_group``,
``group_threshold``, ``worst_group_score``, ``worst_group_scorer`` and the
methods of ``GroupMetrics``) gets bad input, and its error must name *its
own* parameter, not that of a function it calls.
"""

import warnings

import numpy as np
import pytest
from bad_input_tables import case_id
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims

Y = [1, 0, 1, 1, 0, 0, 1, 0, 1, 0]
PRED = [1, 0, 0, 1, 1, 0, 1, 0, 0, 0]
SCORES = [0.9, 0.1, 0.4, 0.8, 0.6, 0.2, 0.7, 0.3, 0.35, 0.05]
GROUPS = list("aaaabbbbbb")
RESULT = ims.metrics_by_group(Y, PRED, groups=GROUPS, metrics=["iba", "sensitivity"])


def _by_group(**k):
    return ims.metrics_by_group(k.pop("y_true"), k.pop("y_pred"), **k)


def _counts(**k):
    return ims.confusion_counts_by_group(k.pop("y_true"), k.pop("y_pred"), **k)


def _curves(**k):
    return ims.threshold_curves_by_group(k.pop("y_true"), k.pop("y_score"), **k)


def _threshold(**k):
    return ims.group_threshold(k.pop("y_true"), k.pop("y_score"), **k)


def _worst(**k):
    return ims.worst_group_score(k.pop("y_true"), k.pop("y_pred"), **k)


def _scorer(**k):
    return ims.worst_group_scorer(k.pop("metric"), **k)


#: function name -> (call taking keyword overrides, its keyword defaults)
SURFACES = {
    "metrics_by_group": (
        _by_group,
        {"y_true": Y, "y_pred": PRED, "groups": GROUPS, "metrics": ["iba"]},
    ),
    "metrics_by_group ": (  # metrics of scores, with y_score
        _by_group,
        {
            "y_true": Y,
            "y_pred": PRED,
            "groups": GROUPS,
            "metrics": ["roc_auc", "brier_score", "ece"],
            "y_score": SCORES,
        },
    ),
    "metrics_by_group  ": (  # metrics of labels and of scores together
        _by_group,
        {
            "y_true": Y,
            "y_pred": PRED,
            "groups": GROUPS,
            "metrics": ["roc_auc", "iba"],
            "y_score": SCORES,
        },
    ),
    "metrics_by_group   ": (  # an option of one metric of scores
        _by_group,
        {
            "y_true": Y,
            "y_pred": SCORES,
            "groups": GROUPS,
            "metrics": ["partial_auc", "roc_auc"],
            "max_fpr": 0.5,
        },
    ),
    "confusion_counts_by_group": (
        _counts,
        {"y_true": Y, "y_pred": PRED, "groups": GROUPS},
    ),
    "threshold_curves_by_group": (
        _curves,
        {"y_true": Y, "y_score": SCORES, "groups": GROUPS, "metrics": ["recall"]},
    ),
    "group_threshold": (
        _threshold,
        {
            "y_true": Y,
            "y_score": SCORES,
            "groups": GROUPS,
            "objective": "precision",
            "constraint": ("recall", ">=", 0.5),
        },
    ),
    "worst_group_score": (
        _worst,
        {"y_true": Y, "y_pred": PRED, "groups": GROUPS, "metric": "iba"},
    ),
    "worst_group_scorer": (_scorer, {"metric": "iba"}),
    "worst_group_scorer ": (_scorer, {"metric": "partial_auc"}),
    "worst_group_scorer  ": (_scorer, {"metric": "ece"}),
    "GroupMetrics.difference": (lambda **k: RESULT.difference(**k), {}),
    "GroupMetrics.ratio": (lambda **k: RESULT.ratio(**k), {}),
    "GroupMetrics.worst": (lambda **k: RESULT.worst(**k), {}),
}

SHORT = [1, 0, 1]
MULTICLASS = [0, 1, 2, 1, 0, 2, 1, 0, 1, 2]
WITH_NAN = [0.9, np.nan, 0.4, 0.8, 0.6, 0.2, 0.7, 0.3, 0.35, 0.05]

#: (function, parameter, value, pattern of the rule and the value got)
CASES = [
    # item 1: the scores are y_score whenever given, and checked as such
    ("metrics_by_group ", "y_score", SCORES[:5], r"same length.*length 5"),
    ("metrics_by_group ", "y_score", WITH_NAN, r"free of NaN.*with NaN"),
    ("metrics_by_group ", "y_score", [2.0] * 10, r"probabilities in \[0, 1\]"),
    ("metrics_by_group ", "y_score", np.ones((10, 2)), r"1-D.*shape \(10, 2\)"),
    ("metrics_by_group  ", "y_score", SCORES[:5], r"same length.*length 5"),
    ("metrics_by_group  ", "y_score", "high", r"1-D array.*'high'"),
    # item 17: the inputs of metrics of scores are metrics_by_group's
    ("metrics_by_group ", "sample_weight", [1.0] * 3, r"shape \(10,\).*\(3,\)"),
    ("metrics_by_group ", "y_true", MULTICLASS, r"binary.*3\+ classes"),
    ("metrics_by_group", "sample_weight", [1.0] * 3, r"shape \(10,\)|length"),
    ("metrics_by_group", "groups", GROUPS[:4], r"same length as y_true.*4"),
    ("metrics_by_group ", "groups", GROUPS[:4], r"same length as y_true.*4"),
    ("metrics_by_group", "y_pred", PRED[:4], r"length|shape"),
    # items 8 and 18: names and their options
    ("metrics_by_group", "metrics", ["nope"], r"list_metrics\(\).*'nope'"),
    ("metrics_by_group", "metrics", [], r"at least one metric"),
    ("metrics_by_group", "metrics", [3], r"metric names.*3"),
    ("metrics_by_group", "metrics", {"k": ("iba", {"foo": 1})}, r"options of 'iba'"),
    ("metrics_by_group", "alpha", 2, r"range \[0, 1\].*2"),
    ("metrics_by_group", "zero_division", "x", r"zero_division|'x'"),
    ("metrics_by_group", "foo", 1, r"none of the metrics \['iba'\]"),
    ("metrics_by_group", "confidence_level", 1.5, r"1.5"),
    ("metrics_by_group", "random_state", "x", r"None, an int.*'x'"),
    ("metrics_by_group", "average", None, r"one value per group.*None"),
    ("metrics_by_group   ", "max_fpr", 3, r"\(0, 1\].*3"),
    ("metrics_by_group ", "n_bins", 0, r"int >= 1.*0"),
    ("metrics_by_group ", "pos_label", 7, r"labels of y_true.*7"),
    ("metrics_by_group", "pos_label", 7, r"labels present.*7"),
    ("metrics_by_group", "method", "nope", r"nope"),
    ("confusion_counts_by_group", "groups", GROUPS[:4], r"same length.*4"),
    ("confusion_counts_by_group", "groups", [None] * 10, r"missing"),
    ("confusion_counts_by_group", "sample_weight", [1.0] * 3, r"\(10,\)|length"),
    ("confusion_counts_by_group", "y_pred", PRED[:4], r"length|shape"),
    ("threshold_curves_by_group", "y_score", SCORES[:5], r"same length.*5"),
    ("threshold_curves_by_group", "groups", GROUPS[:4], r"same length.*4"),
    ("threshold_curves_by_group", "sample_weight", [1.0] * 3, r"\(10,\)|length"),
    ("threshold_curves_by_group", "metrics", ["nope"], r"nope"),
    ("group_threshold", "y_score", SCORES[:5], r"same length.*5"),
    ("group_threshold", "y_score", WITH_NAN, r"NaN"),
    ("group_threshold", "groups", GROUPS[:4], r"same length.*4"),
    ("group_threshold", "sample_weight", [1.0] * 3, r"\(10,\)|length"),
    ("group_threshold", "objective", "nope", r"threshold_metric_names.*'nope'"),
    ("group_threshold", "constraint", ("recall", ">=", 2.0), r"2\.0|constraint"),
    ("group_threshold", "constraint", "recall", r"recall"),
    ("group_threshold", "metrics", ["nope"], r"nope"),
    ("group_threshold", "y_true", MULTICLASS, r"binary|two classes"),
    ("worst_group_score", "groups", None, r"enable_metadata_routing=True"),
    ("worst_group_score", "metric", "nope", r"list_metrics\(\).*'nope'"),
    ("worst_group_score", "groups", GROUPS[:4], r"same length.*4"),
    ("worst_group_score", "alpha", 2, r"range \[0, 1\].*2"),
    # item 10: the scorer's parameters when it is built
    ("worst_group_scorer", "alpha", "x", r"float.*'x'"),
    ("worst_group_scorer", "zero_division", "x", r"'x'"),
    ("worst_group_scorer", "foo", 1, r"option of 'iba'.*1"),
    ("worst_group_scorer", "metric", "nope", r"list_metrics\(\).*'nope'"),
    ("worst_group_scorer", "metric", 3, r"metric name.*3"),
    ("worst_group_scorer ", "max_fpr", 3, r"\(0, 1\].*3"),
    ("worst_group_scorer  ", "n_bins", 0, r"int >= 1.*0"),
    ("GroupMetrics.difference", "metric", "nope", r"one of \['iba', 'sensitivity'\]"),
    ("GroupMetrics.difference", "method", "pairwise", r"pairwise"),
    ("GroupMetrics.ratio", "metric", "nope", r"one of \['iba', 'sensitivity'\]"),
    ("GroupMetrics.ratio", "method", "pairwise", r"pairwise"),
    ("GroupMetrics.worst", "metric", "nope", r"one of \['iba', 'sensitivity'\]"),
]


#: functions whose parameters the groups family must not be named by
CALLEES = ("ConfusionCounts.score", "roc_auc_score", "brier_score_loss")


@pytest.mark.parametrize(
    "func, param, value, rule",
    [pytest.param(*case, id=case_id(case)) for case in CASES],
)
def test_bad_input_names_the_parameter_of_the_function_called(func, param, value, rule):
    call, defaults = SURFACES[func]
    warnings.simplefilter("ignore", UndefinedMetricWarning)
    with pytest.raises((TypeError, ValueError), match=rule) as raised:
        call(**{**defaults, param: value})
    message = str(raised.value)
    assert func.strip() in message and f"'{param}'" in message, message
    assert not any(callee in message for callee in CALLEES), message


def test_multiclass_labels_name_the_average_of_metrics_by_group():
    with pytest.raises(ValueError, match="metrics_by_group") as raised:
        ims.metrics_by_group(MULTICLASS, PRED, groups=GROUPS, metrics=["iba"])
    message = str(raised.value)
    assert "'average'" in message and "3 classes" in message
    assert "ConfusionCounts.score" not in message
