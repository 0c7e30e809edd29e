"""The all-metrics report: the same numbers as the metric functions, from one count."""

import io
import warnings
from dataclasses import dataclass

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import accuracy_score

import imbascore as ims
from imbascore import report
from imbascore._core.engine import joint
from imbascore.cli import main

FUNCTIONS = {
    "sensitivity": ims.sensitivity_score,
    "specificity": ims.specificity_score,
    "dominance": ims.dominance_score,
    "gmean": ims.geometric_mean_score,
    "iba": ims.index_balanced_accuracy_score,
    "optimized_precision": ims.optimized_precision_score,
    "ad_area": ims.ad_area_score,
    "balanced_accuracy": ims.balanced_accuracy_score,
    "weighted_accuracy": ims.weighted_accuracy_score,
    "dprime": ims.dprime_score,
    "aucz": ims.aucz_score,
    "nmi": ims.normalized_mutual_information_score,
}
PARAMS = {"iba": {"alpha": 0.3}, "weighted_accuracy": {"weight": 0.7}}


def _problem(seed=0, n=300, n_classes=3):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, n_classes, n))
    return y_true, y_pred, rng.random(n)


def test_report_keys_cover_every_metric():
    assert set(report.REPORT_METRICS) == set(FUNCTIONS)


@pytest.mark.parametrize("weighted", [False, True])
def test_report_equals_the_metric_functions(weighted):
    y_true, y_pred, weights = _problem()
    sample_weight = weights if weighted else None
    result = ims.imbalanced_report(
        y_true,
        y_pred,
        sample_weight=sample_weight,
        metric_params=PARAMS,
        output_dict=True,
    )
    for name, function in FUNCTIONS.items():
        kwargs = dict(PARAMS.get(name, {}), sample_weight=sample_weight)
        per_class = function(y_true, y_pred, average=None, **kwargs)
        for label, value in zip(["0", "1", "2"], per_class):
            assert result["classes"][label][name] == pytest.approx(value, abs=1e-12), (
                name
            )
        for average in ("macro", "weighted"):
            expected = function(y_true, y_pred, average=average, **kwargs)
            assert result["averages"][average][name] == pytest.approx(
                expected, abs=1e-12
            ), name
    assert result["accuracy"] == pytest.approx(
        accuracy_score(y_true, y_pred, sample_weight=sample_weight)
    )
    counts = result["classes"]["1"]
    assert counts["tp"] + counts["fn"] == pytest.approx(counts["support"])
    if not weighted:
        assert counts["support"] == int(np.sum(y_true == 1))
    assert result["support"] == pytest.approx(
        len(y_true) if not weighted else weights.sum()
    )


@pytest.mark.parametrize(
    "old, new",
    [
        ({"alpha": 0.3}, {"metric_params": {"iba": {"alpha": 0.3}}}),
        ({"weight": 0.7}, {"metric_params": {"weighted_accuracy": {"weight": 0.7}}}),
        (
            {"correction": "loglinear"},
            {
                "metric_params": {
                    "dprime": {"correction": "loglinear"},
                    "aucz": {"correction": "loglinear"},
                }
            },
        ),
        (
            {"random_state": 0, "n_resamples": 200, "confidence_level": 0.9},
            {
                "interval": {
                    "method": "bootstrap",
                    "random_state": 0,
                    "n_resamples": 200,
                    "confidence_level": 0.9,
                }
            },
        ),
    ],
)
def test_old_keywords_warn_and_give_the_same_numbers(old, new):
    y_true, y_pred, _ = _problem(n=60)
    interval = {} if "interval" in new else {"interval": None}
    if "random_state" in old:
        interval = {"interval": "bootstrap"}
    with pytest.warns(FutureWarning) as record:
        before = ims.imbalanced_report(
            y_true, y_pred, output_dict=True, **interval, **old
        )
    assert len(record) == len(old)
    for warning, (option, value) in zip(record, old.items()):
        message = str(warning.message)
        assert f"The {option!r} parameter of imbalanced_report is deprecated" in message
        form = "metric_params={" if "metric_params" in new else "interval={"
        assert f"pass {form}" in message and f"{option!r}: {value!r}" in message
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        after = ims.imbalanced_report(y_true, y_pred, output_dict=True, **new)
    assert before == after
    # the text report and the counts' report take them too
    with pytest.warns(FutureWarning, match="ConfusionCounts.report"):
        counted = ims.confusion_counts(y_true, y_pred).report(**interval, **old)
    assert counted == ims.imbalanced_report(y_true, y_pred, **new)


def test_metric_params_change_only_their_metric():
    y_true, y_pred, _ = _problem(n=80)
    plain = ims.imbalanced_report(y_true, y_pred, output_dict=True)
    params = {"iba": {"alpha": 0.05, "squared": False}, "balanced_accuracy": {}}
    changed = ims.imbalanced_report(
        y_true, y_pred, output_dict=True, metric_params=params
    )
    iba = ims.iba_score(y_true, y_pred, average=None, alpha=0.05, squared=False)
    for (name, row), value in zip(changed["classes"].items(), iba, strict=True):
        assert row["iba"] == pytest.approx(value)
        assert {k: v for k, v in row.items() if k != "iba"} == {
            k: v for k, v in plain["classes"][name].items() if k != "iba"
        }
    adjusted = ims.imbalanced_report(
        y_true,
        y_pred,
        output_dict=True,
        metric_params={"balanced_accuracy": {"adjusted": True}},
    )
    row = adjusted["classes"]["1"]["balanced_accuracy"]
    assert row == pytest.approx(2 * plain["classes"]["1"]["balanced_accuracy"] - 1)


@pytest.mark.parametrize(
    "metric_params, error, pattern",
    [
        (
            {"ibaa": {"alpha": 0.1}},
            ValueError,
            r"The 'metric_params' parameter of imbalanced_report must be a dict "
            r"keyed by metrics of the report, \['sensitivity'.*Got 'ibaa' "
            r"instead\. Did you mean 'iba'\?",
        ),
        (
            {"sensitivity": {"alpha": 0.1}},
            ValueError,
            r"The 'metric_params\[\"sensitivity\"\]' parameter of imbalanced_report "
            r"must be a dict of the options sensitivity takes in the report, none\. "
            r"Got \{'alpha': 0\.1\} instead\.",
        ),
        (
            {"iba": {"beta": 1}},
            ValueError,
            r"must be a dict of the options iba takes in the report, "
            r"\['alpha', 'squared'\]\. Got \{'beta': 1\} instead\.",
        ),
        (  # an option of average="multiclass" acts in no column
            {"gmean": {"zero_recall": 0.1}},
            ValueError,
            r"options gmean takes in the report, none\. Got \{'zero_recall'",
        ),
        (
            {"iba": {"alpha": 2}},
            ValueError,
            r"The 'metric_params\[\"iba\"\]\[\"alpha\"\]' parameter of "
            r"imbalanced_report must be a float in the range \[0, 1\]\. Got 2 "
            r"instead\.",
        ),
        (
            {"dprime": {"correction": "none"}},
            ValueError,
            r"'metric_params\[\"dprime\"\]\[\"correction\"\]' parameter .* "
            r"one of \{'macmillan', 'loglinear'\}\. Got 'none' instead",
        ),
        (
            [("iba", {"alpha": 0.1})],
            TypeError,
            r"The 'metric_params' parameter of imbalanced_report must be a dict "
            r"\{metric: \{option: value\}\}",
        ),
    ],
)
def test_bad_metric_params_raise(metric_params, error, pattern):
    with pytest.raises(error, match=pattern):
        ims.imbalanced_report([0, 1], [0, 1], metric_params=metric_params)


def test_bad_interval_and_unknown_keyword_raise():
    with pytest.raises(ValueError, match=r"'interval' parameter .* 'method'"):
        ims.imbalanced_report([0, 1], [0, 1], interval={"confidence_level": 0.9})
    with pytest.raises(ValueError, match=r"optionally .*Got \{'method': 'bootst"):
        ims.imbalanced_report([0, 1], [0, 1], interval={"method": "bootstrap", "x": 1})
    with pytest.raises(ValueError, match=r"one of \{'posterior', 'bootstrap'\}"):
        ims.imbalanced_report([0, 1], [0, 1], interval={"method": "wilson"})
    with pytest.raises(
        TypeError,
        match=r"imbalanced_report(\(\))? got an unexpected keyword argument 'alfa'",
    ):
        ims.imbalanced_report([0, 1], [0, 1], alfa=0.1)


def test_binary_report_positive_row_is_the_binary_metric():
    y_true, y_pred, _ = _problem(n_classes=2)
    rows = ims.imbalanced_report(y_true, y_pred, output_dict=True)["classes"]
    for name, function in FUNCTIONS.items():
        assert rows["1"][name] == pytest.approx(function(y_true, y_pred), abs=1e-12)
        assert rows["0"][name] == pytest.approx(
            function(y_true, y_pred, pos_label=0), abs=1e-12
        )


def test_report_counts_once(monkeypatch):
    calls = []
    original = joint._joint_bincount

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(joint, "_joint_bincount", counting)
    ims.imbalanced_report(*_problem()[:2], output_dict=True)
    assert len(calls) == 1


def test_report_text_target_names_and_labels():
    y_true, y_pred, _ = _problem()
    text = ims.imbalanced_report(
        y_true, y_pred, labels=[2, 0], target_names=["two", "zero"], digits=4
    )
    lines = text.splitlines()
    assert lines[0].split() == list(report.REPORT_METRICS.values()) + ["support"]
    assert lines[2].split()[0] == "two" and lines[3].split()[0] == "zero"
    assert "macro avg" in text and "weighted avg" in text
    assert lines[-1].split()[0] == "accuracy"
    value = ims.iba_score(y_true, y_pred, average=None, labels=[2])[0]
    assert lines[2].split()[5] == f"{value:.4f}"


def test_report_warns_once_for_undefined_labels():
    with pytest.warns(UndefinedMetricWarning) as record:
        result = ims.imbalanced_report([0, 0, 1], [0, 2, 1], output_dict=True)
    assert len([w for w in record if w.category is UndefinedMetricWarning]) == 1
    assert result["classes"]["2"]["gmean"] == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = ims.imbalanced_report(
            [0, 0, 1], [0, 2, 1], output_dict=True, zero_division=np.nan
        )
    assert np.isnan(result["classes"]["2"]["iba"])
    # class 2 left out
    assert result["averages"]["macro"]["sensitivity"] == pytest.approx(0.75)


def test_report_dict_layout():
    result = ims.imbalanced_report(
        ["b", "a", "c", "a"],
        ["b", "a", "a", "a"],
        labels=["c", "a", "b"],
        output_dict=True,
    )
    assert list(result) == ["classes", "averages", "accuracy", "support"]
    assert list(result["classes"]) == ["c", "a", "b"]  # label order
    row_keys = list(report.REPORT_METRICS) + ["support", "tp", "fn", "fp", "tn"]
    for row in result["classes"].values():
        assert list(row) == row_keys
    assert list(result["averages"]) == ["macro", "weighted"]
    for average in result["averages"].values():
        assert list(average) == list(report.REPORT_METRICS) + ["support"]
        assert average["support"] == 4
    assert result["support"] == 4 and result["accuracy"] == 0.75
    assert result["classes"]["a"] == {
        **result["classes"]["a"],
        "support": 2,
        "tp": 2,
        "fn": 0,
        "fp": 1,
        "tn": 1,
    }


RESERVED = ["accuracy", "macro avg", "weighted avg", "classes", "averages", "support"]


@pytest.mark.parametrize("name", RESERVED)
@pytest.mark.parametrize("how", ["labels", "target_names"])
def test_class_named_like_a_summary_keeps_its_row(name, how):
    y_true = np.array(["x", "x", "x", "y", "y"])
    y_pred = np.array(["x", "y", "x", "y", "y"])
    kwargs = {}
    if how == "labels":
        y_true, y_pred = (
            np.where(y_true == "x", name, y_true),
            np.where(y_pred == "x", name, y_pred),
        )
    else:
        kwargs["target_names"] = [name, "y"]
    result = ims.imbalanced_report(y_true, y_pred, output_dict=True, **kwargs)
    expected = ims.imbalanced_report(
        ["x", "x", "x", "y", "y"], ["x", "y", "x", "y", "y"], output_dict=True
    )
    assert list(result["classes"]) == [name, "y"]
    assert result["classes"][name] == expected["classes"]["x"]
    assert result["averages"] == expected["averages"]
    assert result["accuracy"] == 0.8 and result["support"] == 5
    lines = ims.imbalanced_report(y_true, y_pred, **kwargs).splitlines()
    rows = [line for line in lines if line.strip()]
    assert len(rows) == 1 + 2 + 2 + 1  # header, classes, averages, accuracy
    assert rows[1].split()[-1] == "3" and rows[1].strip().startswith(name)
    assert rows[-1].split()[1:] == "0.800 of the 5 samples predicted correctly".split()


def test_accuracy_row_says_what_it_is():
    # scikit-learn's classification_report sets the accuracy under its last
    # column (here nmi's), where only a reader who knows the convention sees
    # that it is not the nmi: the row says what the number is.
    text = ims.imbalanced_report([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], digits=2)
    header, last = text.splitlines()[0], text.splitlines()[-1]
    assert last.split() == [
        "accuracy",
        *"0.60 of the 5 samples predicted correctly".split(),
    ]
    nmi = header.index("nmi")
    assert last[nmi - 2 : nmi + 3].strip() != "0.60"  # not under the nmi heading
    weighted = ims.imbalanced_report([0, 1, 1], [0, 1, 0], sample_weight=[1, 2.5, 1])
    assert weighted.splitlines()[-1].split()[1:] == (
        "0.778 of the total weight (4.500) predicted correctly".split()
    )


def test_text_report_prints_undefined_values_as_nan():
    text = ims.imbalanced_report([0, 0], [0, 0], zero_division=np.nan)
    row = text.splitlines()[2].split()
    assert row[:3] == ["0", "1.000", "nan"]


def test_duplicate_target_names_raise():
    with pytest.raises(
        ValueError, match=r"'target_names' parameter .* distinct"
    ) as info:
        ims.imbalanced_report([0, 1, 2], [0, 1, 2], target_names=["a", "b", "a"])
    assert "['a', 'b', 'a']" in str(info.value)
    assert "'a' occurs 2 times" in str(info.value)


@dataclass(frozen=True, order=True)
class _Code:
    """A label type whose str() forgets its value."""

    value: int

    def __str__(self):
        return "code"


def test_labels_with_equal_str_raise_unless_named():
    y = np.array([_Code(1), _Code(2), _Code(1)], dtype=object)
    with pytest.raises(
        ValueError, match=r"'y_true/y_pred' parameter .* str\(\)"
    ) as info:
        ims.imbalanced_report(y, y, output_dict=True)
    assert "all written 'code'" in str(info.value)
    assert "target_names" in str(info.value)
    result = ims.imbalanced_report(y, y, target_names=["one", "two"], output_dict=True)
    assert [row["support"] for row in result["classes"].values()] == [2, 1]


def test_cli_example_prints_the_explainer_and_table2():
    out = io.StringIO()
    assert main(["example"], out=out) == 0
    text = out.getvalue()
    assert "0.994" in text and "0.999" in text
    theta3 = next(line for line in text.splitlines() if line.startswith("theta3"))
    assert theta3.split()[1:] == [
        "0.810",
        "0.680",
        "0.692",
        "0.742",
        "0.745",
        "0.605",
        "0.622",
        "0.587",
        "0.558",
    ]


def test_metrics_choose_the_columns_a_defined_metric_among_them():
    y = [0, 0, 1, 1, 1, 0, 1, 0, 1, 1]
    p = [0, 1, 1, 1, 0, 0, 1, 0, 1, 0]
    ims.define_metric(
        "youden_report", lambda tp, fn, fp, tn: tp / (tp + fn) + tn / (tn + fp) - 1
    )
    report = ims.imbalanced_report(
        y, p, metrics=["youden_report", "iba"], output_dict=True
    )
    assert report["metrics"] == {"youden_report": "youden_report", "iba": "iba"}
    for label in (0, 1):
        entry = report["classes"][str(label)]
        assert set(entry) >= {"youden_report", "iba"} and "sens" not in entry
        assert entry["youden_report"] == pytest.approx(
            ims.informedness_score(y, p, pos_label=label)
        )
    text = ims.imbalanced_report(y, p, metrics=["youden_report", "sedi"])
    assert text.splitlines()[0].split() == ["youden_report", "sedi", "support"]
    with_intervals = ims.imbalanced_report(
        y, p, metrics=["youden_report"], interval="posterior", output_dict=True
    )
    low, high = with_intervals["classes"]["1"]["interval"]["youden_report"]
    assert low < report["classes"]["1"]["youden_report"] < high


@pytest.mark.parametrize(
    "metrics, match",
    [
        ("iba", "For one column, pass \\['iba'\\]"),
        (["iba", "nope"], "'metrics'"),
        (["iba", "iba"], "distinct"),
        (["roc_auc"], "metrics of labels"),
        ([], "non-empty"),
    ],
)
def test_bad_metrics_are_refused_by_name(metrics, match):
    with pytest.raises(ValueError, match=match):
        ims.imbalanced_report([0, 1, 1], [0, 1, 0], metrics=metrics)


def test_metric_params_must_name_a_chosen_column():
    with pytest.raises(ValueError, match="metrics of the report, \\['sedi'\\]"):
        ims.imbalanced_report(
            [0, 1, 1], [0, 1, 0], metrics=["sedi"], metric_params={"iba": {"alpha": 0}}
        )
