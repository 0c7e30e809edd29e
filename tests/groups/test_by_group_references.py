"""metrics_by_group against references: fairlearn's MetricFrame with the
same metric functions (values by group, overall, differences and ratios),
and each metric computed on each group's rows (labels, scores and
probabilities)."""

import functools
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score, precision_score

import imbascore as ims
import imbascore.metrics as M

fairlearn_metrics = pytest.importorskip("fairlearn.metrics")
MetricFrame = fairlearn_metrics.MetricFrame

#: imbascore keys and the functions MetricFrame gets for them
FUNCTIONS = {
    "iba": M.iba_score,
    "sensitivity": M.sensitivity_score,
    "specificity": M.specificity_score,
    "gmean": M.geometric_mean_score,
    "f1": f1_score,
    "precision": precision_score,
    "balanced_accuracy": M.balanced_accuracy_score,
    "fpr": M.false_positive_rate_score,
}


def _data(n=900, seed=0, groups=("a", "b", "c", "d")):
    rng = np.random.default_rng(seed)
    g = rng.choice(np.array(groups), n)
    # a different quality per group, so that the groups do differ
    quality = {key: 0.6 + 0.1 * i for i, key in enumerate(groups)}
    y_true = (rng.random(n) < 0.3).astype(int)
    right = rng.random(n) < np.array([quality[key] for key in g])
    y_pred = np.where(right, y_true, 1 - y_true)
    return y_true, y_pred, g


def _frame(y_true, y_pred, groups, weights=None, functions=FUNCTIONS):
    params = None
    if weights is not None:
        params = {key: {"sample_weight": weights} for key in functions}
    return MetricFrame(
        metrics=functions,
        y_true=y_true,
        y_pred=y_pred,
        sensitive_features=groups,
        sample_params=params,
    )


@pytest.mark.parametrize("weighted", [False, True])
def test_values_by_group_equal_metricframe(weighted):
    y_true, y_pred, groups = _data()
    weights = np.random.default_rng(1).random(len(y_true)) * 2 if weighted else None
    ours = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=list(FUNCTIONS), sample_weight=weights
    )
    frame = _frame(y_true, y_pred, groups, weights)
    assert ours.groups == frame.by_group.index.tolist()
    for key in FUNCTIONS:
        np.testing.assert_allclose(
            ours.values[key], frame.by_group[key].to_numpy(float), rtol=1e-10
        )
        assert ours.overall[key][0] == pytest.approx(frame.overall[key], rel=1e-10)
        assert np.isnan(ours.overall[key][1])  # method=None: values only
    np.testing.assert_allclose(
        ours.sizes,
        [
            np.sum(weights[groups == g]) if weighted else np.sum(groups == g)
            for g in ours.groups
        ],
    )


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("method", ["between_groups", "to_overall"])
def test_differences_and_ratios_equal_metricframe(method, weighted):
    y_true, y_pred, groups = _data(seed=2)
    weights = np.random.default_rng(3).random(len(y_true)) if weighted else None
    ours = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=list(FUNCTIONS), sample_weight=weights
    )
    frame = _frame(y_true, y_pred, groups, weights)
    differences = frame.difference(method=method)
    ratios = frame.ratio(method=method)
    for key in FUNCTIONS:
        difference = ours.difference(key, method=method)
        ratio = ours.ratio(key, method=method)
        assert difference.estimate == pytest.approx(differences[key], rel=1e-10)
        assert ratio.estimate == pytest.approx(ratios[key], rel=1e-10)
        assert difference.kind == "difference" and ratio.kind == "ratio"
        assert np.isnan(difference.low) and np.isnan(ratio.high)  # no method


def test_the_groups_a_difference_comes_from():
    y_true, y_pred, groups = _data(seed=4)
    ours = ims.metrics_by_group(y_true, y_pred, groups=groups, metrics=["gmean"])
    frame = _frame(y_true, y_pred, groups, functions={"gmean": M.geometric_mean_score})
    by_group = frame.by_group["gmean"]
    between = ours.difference("gmean")
    assert between.groups == (by_group.idxmax(), by_group.idxmin())
    ratio = ours.ratio("gmean")
    assert ratio.groups == (by_group.idxmin(), by_group.idxmax())
    to_overall = ours.difference("gmean", method="to_overall")
    gaps = by_group - frame.overall["gmean"]
    assert to_overall.groups == (gaps.abs().idxmax(),)
    for group, (gap, low, high) in to_overall.per_group.items():
        assert gap == pytest.approx(gaps[group], rel=1e-10)
        assert np.isnan(low) and np.isnan(high)
    assert ours.worst("gmean") == by_group.idxmin()


def test_worst_of_a_lower_is_better_metric_is_the_highest():
    y_true, y_pred, groups = _data(seed=5)
    ours = ims.metrics_by_group(y_true, y_pred, groups=groups, metrics=["fpr"])
    frame = _frame(
        y_true, y_pred, groups, functions={"fpr": M.false_positive_rate_score}
    )
    assert ours.worst("fpr") == frame.by_group["fpr"].idxmax()


def test_two_grouping_columns_equal_metricframe():
    y_true, y_pred, _ = _data(seed=6)
    rng = np.random.default_rng(7)
    features = pd.DataFrame(
        {
            "sex": rng.choice(["f", "m"], len(y_true)),
            "age": rng.choice(["old", "young"], len(y_true)),
        }
    )
    functions = {"iba": M.iba_score, "sensitivity": M.sensitivity_score}
    ours = ims.metrics_by_group(
        y_true, y_pred, groups=features, metrics=list(functions)
    )
    frame = _frame(y_true, y_pred, features, functions=functions)
    assert ours.groups == frame.by_group.index.tolist()
    for key in functions:
        np.testing.assert_allclose(
            ours.values[key], frame.by_group[key].to_numpy(float), rtol=1e-10
        )
        assert ours.difference(key).estimate == pytest.approx(
            frame.difference()[key], rel=1e-10
        )


def test_multiclass_metric_with_params_equals_metricframe():
    rng = np.random.default_rng(8)
    n = 1_200
    y_true = rng.integers(0, 3, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, 3, n))
    groups = rng.integers(0, 3, n)
    functions = {
        "gmean": functools.partial(M.geometric_mean_score, average="macro"),
        "sensitivity": functools.partial(M.sensitivity_score, average="macro"),
    }
    ours = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics={
            "gmean": ("gmean", {"average": "macro"}),
            "sensitivity": ("sensitivity", {"average": "macro"}),
        },
    )
    frame = _frame(y_true, y_pred, groups, functions=functions)
    for key in functions:
        np.testing.assert_allclose(
            ours.values[key], frame.by_group[key].to_numpy(float), rtol=1e-10
        )
    assert np.isnan(ours.positives).all()  # no positive class among 3


def test_string_labels_with_pos_label_equal_each_groups_rows():
    y_true, y_pred, groups = _data(seed=9)
    names = np.array(["healthy", "sick"])
    y_true, y_pred = names[y_true], names[y_pred]
    ours = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics=["iba", "sensitivity", "f1"],
        pos_label="sick",
    )
    for i, group in enumerate(ours.groups):
        rows = groups == group
        assert ours.values["sensitivity"][i] == pytest.approx(
            M.sensitivity_score(y_true[rows], y_pred[rows], pos_label="sick")
        )
        assert ours.values["iba"][i] == pytest.approx(
            M.iba_score(y_true[rows], y_pred[rows], pos_label="sick")
        )
        assert ours.values["f1"][i] == pytest.approx(
            f1_score(y_true[rows], y_pred[rows], pos_label="sick")
        )
        assert ours.positives[i] == np.sum(y_true[rows] == "sick")


@pytest.mark.parametrize("weighted", [False, True])
def test_label_metrics_equal_each_groups_rows(weighted):
    y_true, y_pred, groups = _data(seed=10, groups=(3, 17, 40))
    weights = np.random.default_rng(11).random(len(y_true)) if weighted else None
    names = ["iba", "sensitivity", "specificity", "gmean", "dprime", "npv", "mcc"]
    names[-1] = "matthews_corrcoef"
    ours = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=names, sample_weight=weights
    )
    assert ours.groups == [3, 17, 40]
    for i, group in enumerate(ours.groups):
        rows = groups == group
        counts = ims.confusion_counts(
            y_true[rows],
            y_pred[rows],
            sample_weight=None if weights is None else weights[rows],
        )
        for name in names:
            assert ours.values[name][i] == pytest.approx(counts.score(name), rel=1e-10)
        positives = y_true[rows] == 1
        expected = (
            positives.sum() if weights is None else weights[rows][positives].sum()
        )
        assert ours.positives[i] == pytest.approx(expected, rel=1e-12)
    whole = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    for name in names:
        assert ours.overall[name][0] == pytest.approx(whole.score(name), rel=1e-10)


@pytest.mark.parametrize("weighted", [False, True])
def test_ranking_and_calibration_metrics_equal_each_groups_rows(weighted):
    rng = np.random.default_rng(12)
    n = 1_500
    groups = rng.choice(["a", "b", "c"], n)
    y_true = (rng.random(n) < 0.25).astype(int)
    shift = pd.Series(groups).map({"a": 0.5, "b": 1.0, "c": 2.0}).to_numpy()
    logit = shift * (2 * y_true - 1) + rng.normal(size=n) - 1
    y_score = 1 / (1 + np.exp(-logit))
    y_pred = (y_score > 0.5).astype(int)
    weights = rng.random(n) + 0.5 if weighted else None
    functions = {
        "roc_auc": M.roc_auc_score,
        "average_precision": M.average_precision_score,
        "brier_score": M.brier_score_loss,
        "mcb": M.miscalibration_score,
    }
    ours = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics=[*functions, "sensitivity"],
        y_score=y_score,
        sample_weight=weights,
    )
    for i, group in enumerate(ours.groups):
        rows = groups == group
        w = None if weights is None else weights[rows]
        for key, function in functions.items():
            expected = function(y_true[rows], y_score[rows], sample_weight=w)
            assert ours.values[key][i] == pytest.approx(expected, rel=1e-10), key
        assert ours.values["sensitivity"][i] == pytest.approx(
            M.sensitivity_score(y_true[rows], y_pred[rows], sample_weight=w)
        )
    for key, function in functions.items():
        assert ours.overall[key][0] == pytest.approx(
            function(y_true, y_score, sample_weight=weights), rel=1e-10
        )
    # and as MetricFrame gives them (scores as its y_pred)
    frame = _frame(y_true, y_score, groups, weights, functions=functions)
    for key in functions:
        np.testing.assert_allclose(
            ours.values[key], frame.by_group[key].to_numpy(float), rtol=1e-10
        )
        assert ours.difference(key).estimate == pytest.approx(
            frame.difference()[key], rel=1e-10
        )
    # the Brier score is lower-is-better: its worst group is the highest
    assert ours.worst("brier_score") == frame.by_group["brier_score"].idxmax()
    assert ours.worst("roc_auc") == frame.by_group["roc_auc"].idxmin()


def test_scores_alone_as_y_pred():
    rng = np.random.default_rng(13)
    n = 600
    groups = rng.integers(0, 2, n)
    y_true = (rng.random(n) < 0.3).astype(int)
    y_score = rng.random(n) * 0.5 + 0.4 * y_true
    ours = ims.metrics_by_group(
        y_true, y_score, groups=groups, metrics=["roc_auc", "log_loss"]
    )
    for i, group in enumerate(ours.groups):
        rows = groups == group
        assert ours.values["roc_auc"][i] == pytest.approx(
            M.roc_auc_score(y_true[rows], y_score[rows])
        )
        assert ours.values["log_loss"][i] == pytest.approx(
            M.log_loss(y_true[rows], y_score[rows])
        )


def test_labels_and_scores_together_need_y_score():
    y_true, y_pred, groups = _data(n=50)
    with pytest.raises(ValueError, match="y_score"):
        ims.metrics_by_group(
            y_true, y_pred, groups=groups, metrics=["sensitivity", "roc_auc"]
        )


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("method", ["between_groups", "to_overall"])
def test_difference_and_ratio_without_a_metric_give_every_metric(method, weighted):
    # issue 49 item 15: MetricFrame.difference() has one value per metric
    y_true, y_pred, groups = _data(seed=9)
    weights = np.random.default_rng(10).random(len(y_true)) if weighted else None
    ours = ims.metrics_by_group(
        y_true, y_pred, groups=groups, metrics=list(FUNCTIONS), sample_weight=weights
    )
    frame = _frame(y_true, y_pred, groups, weights)
    for kind in ("difference", "ratio"):
        every = getattr(ours, kind)(method=method)
        expected = getattr(frame, kind)(method=method)
        assert list(every) == list(FUNCTIONS) == expected.index.tolist()
        for key, comparison in every.items():
            assert comparison.metric == key and comparison.kind == kind
            assert comparison.estimate == pytest.approx(expected[key], rel=1e-10)


SCORE_TRUE = [1, 0, 1, 1, 0, 0, 1, 0, 1, 0]
SCORE_PRED = [1, 0, 0, 1, 1, 0, 1, 0, 0, 0]
SCORE_GROUPS = list("aaaabbbbbb")
SCORE_VALUES = [0.9, 0.1, 0.4, 0.8, 0.6, 0.2, 0.7, 0.3, 0.35, 0.05]


@pytest.mark.parametrize(
    "metric, reference",
    [
        ("roc_auc", "roc_auc_score"),
        ("average_precision", "average_precision_score"),
        ("brier_score", "brier_score_loss"),
    ],
)
@pytest.mark.parametrize("with_labels", [False, True])
def test_metrics_of_scores_read_y_score_when_given(metric, reference, with_labels):
    # issue 49 item 1: y_pred's 0/1 labels were scored when every metric
    # read scores, although y_score was given
    import sklearn.metrics

    function = getattr(sklearn.metrics, reference)
    metrics = [metric, "iba"] if with_labels else [metric]
    ours = ims.metrics_by_group(
        SCORE_TRUE,
        SCORE_PRED,
        groups=SCORE_GROUPS,
        metrics=metrics,
        y_score=SCORE_VALUES,
    )
    truth, scores = np.array(SCORE_TRUE), np.array(SCORE_VALUES)
    groups = np.array(SCORE_GROUPS)
    expected = [function(truth[groups == g], scores[groups == g]) for g in "ab"]
    np.testing.assert_allclose(ours.values[metric], expected, rtol=1e-12)
    assert ours.overall[metric][0] == pytest.approx(function(truth, scores))
    if metric == "roc_auc":
        np.testing.assert_allclose(ours.values[metric], [1.0, 0.875])


def test_label_metrics_by_group_equal_each_groups_own_counts():
    # the groups' tables read at once (issue 49 item 5) give each group's
    # own value, groups of one class and weights included
    rng = np.random.default_rng(11)
    n = 3_000
    groups = rng.integers(0, 40, n)
    y_true = (rng.random(n) < 0.2).astype(int)
    y_true[groups == 3] = 0  # no positive
    y_true[groups == 4] = 1  # no negative
    y_pred = np.where(rng.random(n) < 0.8, y_true, 1 - y_true)
    y_pred[groups == 5] = 0  # never predicted positive
    metrics = {
        "iba": "iba",
        "gmean": "gmean",
        "precision": "precision",
        "accuracy": "accuracy",
        "mcc": "matthews_corrcoef",
        "f1_macro": "f1_macro",
        "balanced_accuracy": "balanced_accuracy",
        "iba_05": ("iba", {"alpha": 0.05}),
        "sensitivity_zero": ("sensitivity", {"zero_division": 0.0}),
    }
    for weights in (None, rng.random(n)):
        with pytest.warns(Warning):  # the undefined groups, each named
            ours = ims.metrics_by_group(
                y_true, y_pred, groups=groups, metrics=metrics, sample_weight=weights
            )
        for key, spec in metrics.items():
            name, params = (spec, {}) if isinstance(spec, str) else spec
            expected = []
            for g in ours.groups:
                rows = groups == g
                counts = ims.confusion_counts(
                    y_true[rows],
                    y_pred[rows],
                    sample_weight=None if weights is None else weights[rows],
                )
                options = {"zero_division": np.nan, **params}
                if name in ("accuracy", "matthews_corrcoef"):
                    options.pop("zero_division")
                with np.errstate(all="ignore"), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    expected.append(float(counts.score(name, **options)))
            np.testing.assert_allclose(
                ours.values[key], expected, rtol=1e-12, err_msg=key
            )
        positives = [
            np.sum(
                (y_true == 1)[groups == g]
                * (1 if weights is None else weights[groups == g])
            )
            for g in ours.groups
        ]
        np.testing.assert_allclose(ours.positives, positives, rtol=1e-12)
