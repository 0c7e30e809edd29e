"""The all-metrics report: the same numbers as the metric functions, from one count."""

import io
import warnings

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import accuracy_score

import imbascore as ims
from imbascore import _counts, report
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
        alpha=0.3,
        weight=0.7,
        output_dict=True,
    )
    for name, function in FUNCTIONS.items():
        kwargs = dict(PARAMS.get(name, {}), sample_weight=sample_weight)
        per_class = function(y_true, y_pred, average=None, **kwargs)
        for label, value in zip(["0", "1", "2"], per_class):
            assert result[label][name] == pytest.approx(value, abs=1e-12), name
        for key, average in (("macro avg", "macro"), ("weighted avg", "weighted")):
            expected = function(y_true, y_pred, average=average, **kwargs)
            assert result[key][name] == pytest.approx(expected, abs=1e-12), name
    assert result["accuracy"] == pytest.approx(
        accuracy_score(y_true, y_pred, sample_weight=sample_weight)
    )
    counts = result["1"]
    assert counts["tp"] + counts["fn"] == pytest.approx(counts["support"])
    if not weighted:
        assert counts["support"] == int(np.sum(y_true == 1))


def test_binary_report_positive_row_is_the_binary_metric():
    y_true, y_pred, _ = _problem(n_classes=2)
    result = ims.imbalanced_report(y_true, y_pred, output_dict=True)
    for name, function in FUNCTIONS.items():
        assert result["1"][name] == pytest.approx(function(y_true, y_pred), abs=1e-12)
        assert result["0"][name] == pytest.approx(
            function(y_true, y_pred, pos_label=0), abs=1e-12
        )


def test_report_counts_once(monkeypatch):
    calls = []
    original = _counts._joint_bincount

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(_counts, "_joint_bincount", counting)
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
    assert result["2"]["gmean"] == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = ims.imbalanced_report(
            [0, 0, 1], [0, 2, 1], output_dict=True, zero_division=np.nan
        )
    assert np.isnan(result["2"]["iba"])
    assert result["macro avg"]["sensitivity"] == pytest.approx(0.75)  # class 2 left out


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
