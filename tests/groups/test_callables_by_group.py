"""metrics_by_group with plain callables ``f(y_true, y_pred, sample_weight=None)``,
as fairlearn's MetricFrame takes them: alone, in a list beside names, or in a
dict; checked against MetricFrame on the same data, with bootstrap intervals
and a clear refusal of the count-based methods."""

import numpy as np
import pytest
from fairlearn.metrics import MetricFrame
from sklearn.metrics import (
    balanced_accuracy_score,
    f1_score,
    precision_score,
    recall_score,
    roc_auc_score,
)

import imbascore as ims


def _data(n=600, seed=0):
    rng = np.random.default_rng(seed)
    groups = rng.choice(["a", "b", "c"], size=n)
    y_true = (rng.random(n) < 0.3).astype(int)
    flip = rng.random(n) < np.where(groups == "c", 0.35, 0.15)
    y_pred = np.where(flip, 1 - y_true, y_true)
    weights = rng.integers(1, 4, size=n).astype(float)
    return y_true, y_pred, groups, weights


def _frame(metrics, y_true, y_pred, groups, **kwargs):
    return MetricFrame(
        metrics=metrics,
        y_true=y_true,
        y_pred=y_pred,
        sensitive_features=groups,
        **kwargs,
    )


def test_callable_alone_equals_fairlearn():
    y_true, y_pred, groups, _ = _data()
    result = ims.metrics_by_group(y_true, y_pred, groups=groups, metrics=f1_score)
    frame = _frame(f1_score, y_true, y_pred, groups)
    assert result.metrics == ["f1_score"]
    assert result.groups == ["a", "b", "c"]
    np.testing.assert_allclose(
        result.values["f1_score"], frame.by_group.loc[result.groups].to_numpy()
    )
    assert result.overall["f1_score"][0] == pytest.approx(frame.overall)
    assert np.isnan(result.low["f1_score"]).all()


def test_callables_in_a_list_beside_names():
    y_true, y_pred, groups, _ = _data()
    result = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=[f1_score, "sensitivity", recall_score]
    )
    assert result.metrics == ["f1_score", "sensitivity", "recall_score"]
    frame = _frame({"f1": f1_score, "recall": recall_score}, y_true, y_pred, groups)
    np.testing.assert_allclose(
        result.values["f1_score"], frame.by_group["f1"].loc[result.groups].to_numpy()
    )
    # the callable recall and the catalogue's sensitivity agree group by group
    np.testing.assert_allclose(
        result.values["recall_score"], result.values["sensitivity"]
    )
    names_only = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=["sensitivity"]
    )
    np.testing.assert_allclose(
        result.values["sensitivity"], names_only.values["sensitivity"]
    )


def test_callables_in_a_dict_with_weights_equal_fairlearn():
    y_true, y_pred, groups, weights = _data()
    metrics = {"f1": f1_score, "precision": precision_score, "iba": "iba"}
    result = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=metrics, sample_weight=weights
    )
    frame = _frame(
        {"f1": f1_score, "precision": precision_score},
        y_true,
        y_pred,
        groups,
        sample_params={
            "f1": {"sample_weight": weights},
            "precision": {"sample_weight": weights},
        },
    )
    for key in ("f1", "precision"):
        np.testing.assert_allclose(
            result.values[key], frame.by_group[key].loc[result.groups].to_numpy()
        )
        assert result.overall[key][0] == pytest.approx(frame.overall[key])
    # the weights are the callables' own: unweighted values differ
    unweighted = ims.metrics_by_group(y_true, y_pred, groups=groups, metrics=metrics)
    assert not np.allclose(unweighted.values["f1"], result.values["f1"])


def test_sample_weight_passed_only_when_given():
    y_true, y_pred, groups, weights = _data()
    seen = []

    def hits(y_true, y_pred):  # takes no sample_weight at all
        seen.append(len(y_true))
        return float(np.mean(np.asarray(y_true) == np.asarray(y_pred)))

    result = ims.metrics_by_group(y_true, y_pred, groups=groups, metrics=[hits])
    sizes = [int((groups == g).sum()) for g in result.groups]
    assert sorted(seen) == sorted([*sizes, len(y_true)])
    np.testing.assert_allclose(
        result.values["hits"],
        [np.mean(y_true[groups == g] == y_pred[groups == g]) for g in result.groups],
    )

    def weighted(y_true, y_pred, sample_weight=None):
        assert sample_weight is not None
        return float(np.average(y_true == y_pred, weights=sample_weight))

    result = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=[weighted], sample_weight=weights
    )
    expected = [
        np.average(
            y_true[groups == g] == y_pred[groups == g], weights=weights[groups == g]
        )
        for g in result.groups
    ]
    np.testing.assert_allclose(result.values["weighted"], expected)


def test_callable_of_scores_reads_y_pred_as_given():
    rng = np.random.default_rng(3)
    groups = np.repeat(["x", "y"], 200)
    y_true = (rng.random(400) < 0.4).astype(int)
    scores = y_true * 0.6 + rng.random(400)
    result = ims.metrics_by_group(y_true, scores, groups=groups, metrics=roc_auc_score)
    expected = [roc_auc_score(y_true[groups == g], scores[groups == g]) for g in "xy"]
    np.testing.assert_allclose(result.values["roc_auc_score"], expected)


def test_lambda_needs_a_dict_key():
    y_true, y_pred, groups, _ = _data()
    with pytest.raises(ValueError, match=r"(?s)'metrics'.*lambda.*dict key"):
        ims.metrics_by_group(
            y_true, y_pred, groups=groups, metrics=[lambda t, p: f1_score(t, p)]
        )
    result = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics={"f1": lambda t, p, sample_weight=None: f1_score(t, p)},
    )
    frame = _frame(f1_score, y_true, y_pred, groups)
    np.testing.assert_allclose(
        result.values["f1"], frame.by_group.loc[result.groups].to_numpy()
    )


@pytest.mark.parametrize("method", ["bootstrap", "auto"])
def test_bootstrap_intervals_of_a_callable(method):
    y_true, y_pred, groups, _ = _data()
    result = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics={"bal": balanced_accuracy_score, "sens": "sensitivity"},
        method=method,
        n_resamples=200,
        random_state=0,
    )
    values, low, high = (result.values["bal"], result.low["bal"], result.high["bal"])
    assert np.isfinite(low).all() and np.isfinite(high).all()
    assert (low <= values).all() and (values <= high).all()
    assert (high - low < 0.3).all()
    estimate, lo, hi = result.overall["bal"]
    assert lo <= estimate <= hi
    gap = result.difference("bal")
    assert np.isfinite(gap.low) and gap.low <= gap.estimate <= gap.high
    # the same seed, the same intervals
    again = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics={"bal": balanced_accuracy_score, "sens": "sensitivity"},
        method=method,
        n_resamples=200,
        random_state=0,
    )
    np.testing.assert_array_equal(again.low["bal"], low)


@pytest.mark.parametrize("method", ["posterior", "wilson"])
def test_count_based_method_refused_for_a_callable(method):
    y_true, y_pred, groups, _ = _data()
    with pytest.raises(ValueError, match=rf"(?s)'method'.*f1_score.*{method}"):
        ims.metrics_by_group(
            y_true, y_pred, groups=groups, metrics=[f1_score], method=method
        )


def test_not_a_metric_refused():
    y_true, y_pred, groups, _ = _data()
    with pytest.raises(TypeError, match="'metrics'"):
        ims.metrics_by_group(y_true, y_pred, groups=groups, metrics=[3])
