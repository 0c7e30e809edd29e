"""The result objects speak alike (issue 36, item 6): p-values are spelled
``pvalue`` as in scipy.stats (``p_value`` kept as an alias for 0.1 code, and
loaded from 0.1 pickles), and ``repr`` is field style, one line."""

import copyreg
import pickle

import numpy as np
import pandas as pd
import pytest

import imbascore as ims
from imbascore import compare_approaches


def _labels():
    rng = np.random.default_rng(0)
    y = (rng.random(200) < 0.2).astype(int)
    pred_a = np.where(rng.random(200) < 0.8, y, 1 - y)
    pred_b = np.where(rng.random(200) < 0.7, y, 1 - y)
    return y, pred_a, pred_b


def _fold_scores(seed=0, n_folds=10):
    rng = np.random.default_rng(seed)
    common = rng.normal(0.7, 0.05, n_folds)
    return {
        "a": common + rng.normal(0.01, 0.02, n_folds),
        "b": common + rng.normal(0, 0.02, n_folds),
        "c": common + rng.normal(-0.01, 0.02, n_folds),
    }


def _approach_scores():
    rng = np.random.default_rng(3)
    base = rng.random(8)
    return pd.DataFrame(
        {"none": base, "smote": base + rng.uniform(0, 0.1, 8), "rus": base + 0.02}
    )


class _Saved:
    """Pickles as an object of ``cls`` with ``state``: what an older version
    of the class would have written."""

    def __init__(self, cls, state):
        self.cls, self.state = cls, state

    def __reduce__(self):
        return copyreg._reconstructor, (self.cls, object, None), self.state


# ---------------------------------------------------------------- p-values


def test_prediction_comparison_spells_pvalue_and_keeps_the_alias():
    result = ims.compare_predictions(*_labels(), metric="accuracy", random_state=0)
    assert "pvalue" in {field.name for field in result.__dataclass_fields__.values()}
    assert "p_value" not in result.__dataclass_fields__
    assert 0 <= result.pvalue <= 1
    assert result.p_value == result.pvalue
    with pytest.raises(AttributeError):
        result.p_value = 0.5  # read-only
    again = pickle.loads(pickle.dumps(result))
    assert again == result and again.p_value == result.pvalue


def test_prediction_comparison_pickled_with_p_value_loads():
    result = ims.compare_predictions(*_labels(), random_state=0)
    old = dict(vars(result))
    old["p_value"] = old.pop("pvalue")
    loaded = pickle.loads(pickle.dumps(_Saved(type(result), old)))
    assert type(loaded) is type(result)
    assert loaded == result and loaded.p_value == result.pvalue
    assert "p_value" not in vars(loaded)


def test_model_comparison_spells_pvalue_and_keeps_the_alias():
    comparison = ims.compare_models(_fold_scores(), cv=10)
    frame = comparison.to_frame()
    assert "pvalue" in frame.columns and "p_value" not in frame.columns
    assert "pvalue_holm" in frame.columns and "p_holm" not in frame.columns
    for row, (_, line) in zip(comparison.rows, frame.iterrows(), strict=True):
        assert row["pvalue"] == line["pvalue"]
        assert row["pvalue_holm"] == line["pvalue_holm"]
        assert row["p_value"] == row["pvalue"]  # the aliases of 0.1
        assert row["p_holm"] == row["pvalue_holm"]


def test_model_comparison_pickled_with_p_value_rows_loads():
    comparison = ims.compare_models(_fold_scores(), cv=10)
    old = dict(vars(comparison))
    old["rows"] = [
        {key: value for key, value in row.items() if key != "pvalue"}
        for row in comparison.rows
    ]
    loaded = pickle.loads(pickle.dumps(_Saved(type(comparison), old)))
    pd.testing.assert_frame_equal(loaded.to_frame(), comparison.to_frame())


def test_approach_comparison_spells_pvalue():
    result = compare_approaches(_approach_scores(), control="none", bayesian=False)
    assert 0 <= result.friedman_pvalue <= 1
    assert 0 <= result.iman_davenport_pvalue <= 1
    assert {"pvalue", "pvalue_holm"} <= set(result.wilcoxon.columns)
    assert "pvalue" in result.to_frame().columns


# ---------------------------------------------------------------- repr


def _results():
    y, pred_a, pred_b = _labels()
    score = np.clip(y * 0.3 + np.random.default_rng(1).random(len(y)) * 0.7, 0, 1)
    counts = ims.ConfusionCounts.from_matrix([[450, 50], [40, 160]])
    return {
        "MetricInterval": (
            ims.metric_interval(y, pred_a, random_state=0),
            ["metric", "estimate", "low", "high", "method", "confidence_level"],
        ),
        "PairedCounts": (
            ims.PairedCounts.from_predictions(y, pred_a, pred_b),
            ["labels", "table", "weighted"],
        ),
        "PredictionComparison": (
            ims.compare_predictions(y, pred_a, pred_b, random_state=0),
            ["metric", "score_a", "score_b", "estimate", "low", "high", "pvalue"],
        ),
        "ModelComparison": (
            ims.compare_models(_fold_scores(), cv=10),
            ["metric", "scores", "rows", "rope", "confidence_level"],
        ),
        "ApproachComparison": (
            compare_approaches(_approach_scores(), control="none", bayesian=False),
            ["metric", "n_datasets", "friedman_pvalue", "critical_difference"],
        ),
        "OperatingPoint": (
            ims.operating_point(
                y,
                score,
                objective="iba",
                constraint=("precision", ">=", 0.3),
                n_resamples=100,
                random_state=0,
            ),
            ["threshold", "objective", "value", "low", "high", "constraint"],
        ),
        "ThresholdCurve": (
            ims.threshold_curve(y, score, metrics=["iba", "f1"]),
            ["thresholds", "values", "pos_label"],
        ),
        "DecisionCurve": (
            ims.decision_curve(y, score, n_resamples=100, random_state=0),
            ["thresholds", "net_benefit", "prevalence", "confidence_level"],
        ),
        "PrevalenceEstimate": (
            ims.estimate_prevalence([1] * 17 + [0] * 83, counts=counts, random_state=0),
            ["estimate", "low", "high", "method", "confidence_level"],
        ),
    }


@pytest.mark.parametrize("name", list(_results()))
def test_repr_is_field_style_on_one_line(name):
    result, fields = _results()[name]
    assert type(result).__name__ == name
    text = repr(result)
    assert text.startswith(f"{name}(") and text.endswith(")"), text
    assert "\n" not in text, text
    for field in fields:
        assert f"{field}=" in text, (field, text)
    for field in fields[1:]:  # fields follow "name(" or ", ", never ": "
        assert f", {field}=" in text, (field, text)


@pytest.mark.parametrize(
    "name", ["ModelComparison", "ApproachComparison", "ThresholdCurve"]
)
def test_the_tables_print(name):
    result, _ = _results()[name]
    text = str(result)
    assert text != repr(result) and text.count("\n") >= 2, text


def test_the_sentences_print():
    results = _results()
    comparison = str(results["PredictionComparison"][0])
    assert comparison.startswith("PredictionComparison(iba: A ")
    assert " interval [" in comparison and "p=" in comparison
    point = str(results["OperatingPoint"][0])
    assert "threshold re-selected" in point and "precision" in point
    assert "better than treating all" in str(results["DecisionCurve"][0])


def test_a_clipped_prevalence_says_so_as_a_field():
    counts = ims.ConfusionCounts.from_matrix([[450, 50], [40, 160]])
    with pytest.warns(ims.ClippedPrevalenceWarning):
        result = ims.estimate_prevalence([0] * 100, counts=counts, random_state=0)
    assert result.clipped and repr(result).endswith(", clipped=True)")
