"""metrics_by_group on its own terms: undefined values named by group,
worst() and the differences on small hand-computed examples, the groups'
intervals against metric_interval on each group's rows, the differences'
intervals, to_frame() and the refusals."""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims

# three groups, hand-counted:
#   a: 4 positives, 3 found; 2 negatives, none flagged -> sensitivity 3/4
#   b: 2 positives, 1 found; 2 negatives, 1 flagged    -> sensitivity 1/2
#   c: 5 positives, 5 found; 1 negative, not flagged   -> sensitivity 1
# overall: 9 of 11 positives found
SMALL_TRUE = [1, 1, 1, 1, 0, 0] + [1, 1, 0, 0] + [1, 1, 1, 1, 1, 0]
SMALL_PRED = [1, 1, 1, 0, 0, 0] + [1, 0, 1, 0] + [1, 1, 1, 1, 1, 0]
SMALL_GROUPS = list("aaaaaa") + list("bbbb") + list("cccccc")


def _small(**kwargs):
    return ims.metrics_by_group(
        SMALL_TRUE, SMALL_PRED, groups=SMALL_GROUPS, metrics=["sensitivity"], **kwargs
    )


def _data(n, sensitivities, seed=0, prevalence=0.3):
    """Groups 0, 1, ... of n samples each, each of its own true sensitivity
    (specificity 0.8 throughout)."""
    rng = np.random.default_rng(seed)
    y_true, y_pred, groups = [], [], []
    for g, sensitivity in enumerate(sensitivities):
        y = (rng.random(n) < prevalence).astype(int)
        hit = rng.random(n) < np.where(y == 1, sensitivity, 0.2)
        y_true.append(y)
        y_pred.append(hit.astype(int))
        groups.append(np.full(n, g))
    return np.concatenate(y_true), np.concatenate(y_pred), np.concatenate(groups)


# ------------------------------------------------------------ hand-computed


def test_values_sizes_and_positives_by_hand():
    result = _small()
    assert result.groups == ["a", "b", "c"]
    np.testing.assert_allclose(result.values["sensitivity"], [0.75, 0.5, 1.0])
    np.testing.assert_array_equal(result.sizes, [6, 4, 6])
    np.testing.assert_array_equal(result.positives, [4, 2, 5])
    assert result.overall["sensitivity"][0] == pytest.approx(9 / 11)
    assert result.worst() == "b"  # the first metric by default
    assert result.metrics == ["sensitivity"]


def test_differences_and_ratios_by_hand():
    result = _small()
    overall = 9 / 11
    between = result.difference("sensitivity")
    assert between.estimate == pytest.approx(0.5)
    assert between.groups == ("c", "b")
    assert between.method == "between_groups"
    ratio = result.ratio("sensitivity")
    assert ratio.estimate == pytest.approx(0.5)
    assert ratio.groups == ("b", "c")
    to_overall = result.difference("sensitivity", method="to_overall")
    assert to_overall.estimate == pytest.approx(overall - 0.5)
    assert to_overall.groups == ("b",)
    assert to_overall.per_group["c"][0] == pytest.approx(1 - overall)
    assert to_overall.per_group["a"][0] == pytest.approx(0.75 - overall)
    ratio_to_overall = result.ratio("sensitivity", method="to_overall")
    assert ratio_to_overall.estimate == pytest.approx(0.5 / overall)
    assert ratio_to_overall.groups == ("b",)
    # c is above the overall value: its ratio is read both ways
    assert ratio_to_overall.per_group["c"][0] == pytest.approx(1 / overall)


def test_weights_by_hand():
    # weight 3 on a's missed positive: a's sensitivity 3 / 6
    weights = np.ones(len(SMALL_TRUE))
    weights[3] = 3.0
    result = _small(sample_weight=weights)
    np.testing.assert_allclose(result.values["sensitivity"], [0.5, 0.5, 1.0])
    np.testing.assert_allclose(result.sizes, [8, 4, 6])
    np.testing.assert_allclose(result.positives, [6, 2, 5])
    assert result.overall["sensitivity"][0] == pytest.approx(9 / 13)


def test_metric_keys_with_their_own_params():
    result = ims.metrics_by_group(
        SMALL_TRUE,
        SMALL_PRED,
        groups=SMALL_GROUPS,
        metrics={"recall": "sensitivity", "iba_a0": ("iba", {"alpha": 0.0})},
    )
    assert result.metrics == ["recall", "iba_a0"]
    np.testing.assert_allclose(result.values["recall"], [0.75, 0.5, 1.0])
    # alpha 0: IBA is the squared geometric mean, sensitivity x specificity
    np.testing.assert_allclose(result.values["iba_a0"], [0.75, 0.25, 1.0])


# ---------------------------------------------------------------- undefined


def _no_positives_in_b():
    y_true = [1, 1, 0, 0] + [0, 0, 0, 0] + [1, 0, 1, 0]
    y_pred = [1, 0, 0, 1] + [0, 0, 1, 0] + [1, 0, 0, 0]
    return y_true, y_pred, list("aaaabbbbcccc")


def test_a_group_without_positives_warns_naming_the_group():
    y_true, y_pred, groups = _no_positives_in_b()
    with pytest.warns(UndefinedMetricWarning) as caught:
        ims.metrics_by_group(y_true, y_pred, groups=groups, metrics=["sensitivity"])
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1
    assert "group 'b'" in messages[0]
    assert "0 positives" in messages[0]
    assert "4 samples" in messages[0]


def test_a_group_without_positives_gets_nan_sensitivity():
    y_true, y_pred, groups = _no_positives_in_b()
    with pytest.warns(UndefinedMetricWarning, match="group 'b'"):
        result = ims.metrics_by_group(
            y_true, y_pred, groups=groups, metrics=["sensitivity"]
        )
    assert np.isnan(result.values["sensitivity"][1])
    assert result.worst() in ("a", "c")  # b is left out; a and c tie at 0.5


def test_worst_and_differences_skip_nan_groups():
    # zero_division=np.nan asks for NaN: no warning then
    y_true, y_pred, groups = _no_positives_in_b()
    result = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics=["sensitivity"],
        zero_division=np.nan,
    )
    values = result.values["sensitivity"]
    assert values[0] == 0.5 and np.isnan(values[1]) and values[2] == 0.5 + 0
    assert result.worst() in ("a", "c")
    assert result.difference("sensitivity").estimate == 0.0
    # a's and c's sensitivities are 1/2: overall 2/4; b is left out
    assert result.difference("sensitivity", method="to_overall").estimate == 0.0
    assert np.isnan(
        result.difference("sensitivity", method="to_overall").per_group["b"][0]
    )


def test_worst_is_none_when_every_group_is_nan():
    y_true = [0, 0, 0, 0]
    y_pred = [0, 1, 0, 1]
    result = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=[0, 0, 1, 1],
        metrics=["sensitivity"],
        zero_division=np.nan,
    )
    assert result.worst() is None
    # a NaN says why (issue 49: every NaN of an undefined value warns)
    with pytest.warns(UndefinedMetricWarning, match="fewer than two"):
        difference = result.difference("sensitivity")
    assert np.isnan(difference.estimate)
    assert difference.groups == ()
    with pytest.warns(UndefinedMetricWarning, match="overall value.*undefined"):
        assert np.isnan(result.ratio("sensitivity", method="to_overall").estimate)


def test_a_lower_is_better_metric_worst_is_the_highest():
    result = ims.metrics_by_group(
        SMALL_TRUE, SMALL_PRED, groups=SMALL_GROUPS, metrics=["fpr", "fnr"]
    )
    np.testing.assert_allclose(result.values["fpr"], [0.0, 0.5, 0.0])
    assert result.worst("fpr") == "b"
    np.testing.assert_allclose(result.values["fnr"], [0.25, 0.5, 0.0])
    assert result.worst("fnr") == "b"
    assert result.difference("fnr").estimate == pytest.approx(0.5)


# ---------------------------------------------------------------- intervals


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize(
    ("method", "reference"),
    [("wilson", "wilson"), ("clopper-pearson", "clopper-pearson"), ("auto", None)],
)
def test_rate_intervals_equal_metric_interval_on_each_group(
    method, reference, weighted
):
    # Wilson, Clopper-Pearson and the posterior of a single rate (a Beta's
    # quantiles) are deterministic: they must match whatever the seeds
    y_true, y_pred, groups = _data(200, [0.6, 0.75, 0.9], seed=1)
    weights = None
    if weighted:
        weights = np.random.default_rng(2).integers(1, 4, len(y_true)) / 2
    result = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics=["sensitivity", "specificity"],
        method=method,
        n_resamples=100,
        random_state=0,
        sample_weight=weights,
    )
    for key in ("sensitivity", "specificity"):
        for i, group in enumerate(result.groups):
            rows = groups == group
            expected = ims.metric_interval(
                y_true[rows],
                y_pred[rows],
                key,
                method=reference,
                random_state=123,
                sample_weight=None if weights is None else weights[rows],
            )
            assert result.values[key][i] == pytest.approx(expected.estimate)
            assert result.low[key][i] == pytest.approx(expected.low, rel=1e-9)
            assert result.high[key][i] == pytest.approx(expected.high, rel=1e-9)
            assert result.low[key][i] <= result.values[key][i] <= result.high[key][i]
        expected = ims.metric_interval(
            y_true, y_pred, key, method=reference, sample_weight=weights
        )
        np.testing.assert_allclose(
            result.overall[key], (expected.estimate, expected.low, expected.high)
        )


def test_roc_auc_interval_by_group_is_delong_on_each_group():
    rng = np.random.default_rng(3)
    n = 900
    groups = rng.integers(0, 3, n)
    y_true = (rng.random(n) < 0.2).astype(int)
    y_score = rng.normal(size=n) + (1 + groups) * 0.5 * y_true
    result = ims.metrics_by_group(
        y_true, y_score, groups=groups, metrics=["roc_auc"], method="auto"
    )
    for i, group in enumerate(result.groups):
        rows = groups == group
        expected = ims.metric_interval(y_true[rows], y_score[rows], "roc_auc")
        assert expected.method == "delong"
        assert result.values["roc_auc"][i] == pytest.approx(expected.estimate)
        assert result.low["roc_auc"][i] == pytest.approx(expected.low)
        assert result.high["roc_auc"][i] == pytest.approx(expected.high)


def test_intervals_are_reproducible_with_a_seed():
    y_true, y_pred, groups = _data(300, [0.6, 0.8], seed=4)

    def run(seed):
        return ims.metrics_by_group(
            y_true,
            y_pred,
            groups=groups,
            metrics=["iba"],
            method="bootstrap",
            n_resamples=200,
            random_state=seed,
        )

    first, second, other = run(7), run(7), run(8)
    np.testing.assert_array_equal(first.low["iba"], second.low["iba"])
    assert first.difference("iba").low == second.difference("iba").low
    assert first.difference("iba").low != other.difference("iba").low


@pytest.mark.parametrize("method", ["auto", "bootstrap"])
def test_difference_interval_excludes_zero_when_groups_truly_differ(method):
    y_true, y_pred, groups = _data(10_000, [0.6, 0.9], seed=5)
    result = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics=["sensitivity", "iba"],
        method=method,
        n_resamples=500,
        random_state=0,
    )
    for key in ("sensitivity", "iba"):
        difference = result.difference(key)
        assert difference.groups == (1, 0)
        assert difference.low <= difference.estimate <= difference.high
        assert difference.low > 0
        ratio = result.ratio(key)
        assert ratio.low <= ratio.estimate <= ratio.high < 1
    # sensitivity 0.6 against 0.9: the difference is near 0.3
    sensitivity = result.difference("sensitivity")
    assert sensitivity.low < 0.3 < sensitivity.high
    to_overall = result.difference("sensitivity", method="to_overall")
    assert to_overall.low <= to_overall.estimate <= to_overall.high
    for gap, low, high in to_overall.per_group.values():
        assert low <= gap <= high
        assert low > 0 or high < 0  # each group is far from the overall value


def test_difference_interval_of_scores_contains_its_estimate():
    rng = np.random.default_rng(6)
    n = 4_000
    groups = rng.integers(0, 2, n)
    y_true = (rng.random(n) < 0.3).astype(int)
    y_score = rng.normal(size=n) + np.where(groups == 1, 2.0, 0.5) * y_true
    result = ims.metrics_by_group(
        y_true,
        y_score,
        groups=groups,
        metrics=["roc_auc"],
        method="auto",
        n_resamples=200,
        random_state=0,
    )
    difference = result.difference("roc_auc")
    assert difference.low <= difference.estimate <= difference.high
    assert difference.low > 0


def test_difference_interval_includes_zero_for_identical_groups():
    method = "auto"
    y_true, y_pred, _ = _data(2_000, [0.8], seed=7)
    groups = np.repeat([0, 1], len(y_true))
    result = ims.metrics_by_group(
        np.r_[y_true, y_true],
        np.r_[y_pred, y_pred],
        groups=groups,
        metrics=["sensitivity"],
        method=method,
        n_resamples=500,
        random_state=0,
    )
    difference = result.difference("sensitivity")
    assert difference.estimate == 0.0
    assert difference.low <= 0.0 <= difference.high
    ratio = result.ratio("sensitivity")
    assert ratio.low <= 1.0 <= ratio.high


def test_no_method_no_bounds():
    result = _small()
    assert np.isnan(result.low["sensitivity"]).all()
    assert np.isnan(result.high["sensitivity"]).all()
    difference = result.difference("sensitivity")
    assert np.isnan(difference.low) and np.isnan(difference.high)
    assert result.method is None


# ------------------------------------------------------------------ to_frame


def test_to_frame_columns_and_values():
    result = ims.metrics_by_group(
        SMALL_TRUE,
        SMALL_PRED,
        groups=SMALL_GROUPS,
        metrics=["sensitivity", "specificity"],
        method="wilson",
    )
    frame = result.to_frame()
    assert list(frame.columns) == [
        "size",
        "positives",
        "sensitivity",
        "sensitivity_low",
        "sensitivity_high",
        "specificity",
        "specificity_low",
        "specificity_high",
    ]
    assert frame.index.tolist() == ["a", "b", "c"]
    assert frame.index.name == "group"
    np.testing.assert_allclose(frame["sensitivity"], [0.75, 0.5, 1.0])
    np.testing.assert_allclose(frame["sensitivity_low"], result.low["sensitivity"])
    np.testing.assert_allclose(frame["specificity_high"], result.high["specificity"])
    assert frame["size"].tolist() == [6, 4, 6]
    assert frame["positives"].tolist() == [4, 2, 5]
    assert (frame["sensitivity_low"] <= frame["sensitivity"]).all()


def test_to_frame_of_a_named_series_is_indexed_by_its_name():
    result = ims.metrics_by_group(
        SMALL_TRUE,
        SMALL_PRED,
        groups=pd.Series(SMALL_GROUPS, name="region"),
        metrics=["sensitivity"],
    )
    assert result.to_frame().index.name == "region"


def test_to_frame_of_two_keys_has_a_multiindex():
    rng = np.random.default_rng(8)
    n = 400
    features = pd.DataFrame(
        {"sex": rng.choice(["f", "m"], n), "age": rng.choice([30, 60], n)}
    )
    y_true = rng.integers(0, 2, n)
    y_pred = rng.integers(0, 2, n)
    result = ims.metrics_by_group(
        y_true, y_pred, groups=features, metrics=["sensitivity"]
    )
    frame = result.to_frame()
    assert isinstance(frame.index, pd.MultiIndex)
    assert list(frame.index.names) == ["sex", "age"]
    assert frame.index.tolist() == [("f", 30), ("f", 60), ("m", 30), ("m", 60)]
    rows = (features.sex == "m").to_numpy() & (features.age == 30).to_numpy()
    expected = ims.metrics.sensitivity_score(y_true[rows], y_pred[rows])
    assert frame.loc[("m", 30), "sensitivity"] == pytest.approx(expected)
    assert frame.loc[("m", 30), "size"] == rows.sum()


def test_repr_lists_groups_and_overall():
    text = repr(_small(method="wilson"))
    assert text.startswith("GroupMetrics(3 groups, 95% wilson)")
    assert "'b'" in text and "overall" in text and "0.5" in text


# ---------------------------------------------------------------- refusals


def test_unknown_metric_key_and_comparison_are_refused():
    result = _small()
    with pytest.raises(ValueError, match="metric"):
        result.worst("iba")
    with pytest.raises(ValueError, match="method"):
        result.difference(method="pairwise")


def test_wilson_for_a_metric_that_is_no_rate_is_refused():
    with pytest.raises(ValueError, match="wilson"):
        ims.metrics_by_group(
            SMALL_TRUE,
            SMALL_PRED,
            groups=SMALL_GROUPS,
            metrics=["iba"],
            method="wilson",
        )


def test_groups_with_a_missing_value_are_refused_for_score_metrics_too():
    with pytest.raises(ValueError, match="groups"):
        ims.metrics_by_group(
            [0, 1, 0, 1],
            [0.1, 0.9, 0.2, 0.7],
            groups=["a", None, "b", "b"],
            metrics=["roc_auc"],
        )


def test_no_warning_for_well_defined_groups():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _small(method="auto", n_resamples=50, random_state=0).difference("sensitivity")


def test_shared_options_go_to_the_metrics_that_take_them():
    # issue 49 item 7: **metric_params are options of every metric; accuracy
    # takes no pos_label and is not given it
    y_true = ["y", "n", "y", "y", "n", "n"]
    y_pred = ["y", "n", "n", "y", "y", "n"]
    result = ims.metrics_by_group(
        y_true,
        y_pred,
        groups=list("aaabbb"),
        metrics=["accuracy", "sensitivity"],
        pos_label="n",
    )
    assert result.values["accuracy"].tolist() == [2 / 3, 2 / 3]
    # the negatives ("n") found: a has 1 of 1, b 1 of 2
    assert result.values["sensitivity"].tolist() == [1.0, 0.5]
    assert result.positives.tolist() == [1.0, 2.0]


def test_an_option_no_metric_takes_is_named():
    with pytest.raises(TypeError, match=r"metrics_by_group.*\['normalize'\]"):
        ims.metrics_by_group(
            SMALL_TRUE, SMALL_PRED, groups=SMALL_GROUPS, metrics=["iba"], normalize=1
        )


def test_a_mistyped_name_is_matched_within_its_family():
    # issue 49 items 8 and 18: the error names metrics_by_group's metrics,
    # and "brier" is nearest to brier_score, not to 'precision'
    scores = np.linspace(0.05, 0.95, len(SMALL_TRUE))
    with pytest.raises(ValueError) as raised:
        ims.metrics_by_group(
            SMALL_TRUE,
            SMALL_PRED,
            groups=SMALL_GROUPS,
            metrics=["brier"],
            y_score=scores,
        )
    message = str(raised.value)
    assert "'metrics' parameter of metrics_by_group" in message
    assert "Did you mean 'brier_score'?" in message and "precision" not in message
    with pytest.raises(ValueError, match="Did you mean 'roc_auc'"):
        ims.metrics_by_group(
            SMALL_TRUE, scores, groups=SMALL_GROUPS, metrics=["roc_aux"]
        )
    with pytest.raises(ValueError, match="Did you mean 'sensitivity'"):
        ims.metrics_by_group(
            SMALL_TRUE, SMALL_PRED, groups=SMALL_GROUPS, metrics=["sensitivty"]
        )


def test_scores_of_other_classes_are_named_as_y_score():
    # issue 49 item 1: with classes {2, 5} the error blamed brier's y_proba
    y_true = [2, 5, 2, 5, 2, 5]
    with pytest.raises(ValueError) as raised:
        ims.metrics_by_group(
            y_true,
            y_true,
            groups=list("aaabbb"),
            metrics=["brier_score", "iba"],
            y_score=[2.0, 5.0, 2.0, 5.0, 2.0, 5.0],
            pos_label=5,
        )
    message = str(raised.value)
    assert "'y_score' parameter of metrics_by_group" in message
    assert "y_proba" not in message
    result = ims.metrics_by_group(
        y_true,
        y_true,
        groups=list("aaabbb"),
        metrics=["roc_auc", "iba"],
        y_score=[0.1, 0.9, 0.2, 0.8, 0.3, 0.7],
        pos_label=5,
    )
    assert result.values["roc_auc"].tolist() == [1.0, 1.0]


def test_to_frame_has_bounds_only_with_intervals():
    # issue 49 item 11
    frame = _small().to_frame()
    assert frame.columns.tolist() == ["size", "positives", "sensitivity"]
    with_bounds = _small(method="auto", n_resamples=50, random_state=0).to_frame()
    assert with_bounds.columns.tolist() == [
        "size",
        "positives",
        "sensitivity",
        "sensitivity_low",
        "sensitivity_high",
    ]
    assert with_bounds["sensitivity_low"].notna().all()
