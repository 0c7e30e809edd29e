"""Metrics at another class ratio: counts rescaled row by row, and which
metrics depend on the ratio (computed, then checked against the paper)."""

import sys

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold

import imbascore as ims
from imbascore._metrics.at_prevalence import ratio_metrics
from imbascore._scorer.factories import BUILTIN_FACTORIES, FACTORY_METRICS, RATIO_FREE


def _data(seed, n=300, positives=0.2):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < positives).astype(int)
    pred = np.where(rng.random(n) < 0.75, y, 1 - y)
    return y, pred


def _class_weights(y, priors):
    """Sample weights that give each class ``priors`` of the total: an
    independent way to the same counts, through scikit-learn's own metrics."""
    labels = np.unique(y)
    weights = np.empty(len(y))
    for label, prior in zip(labels, priors, strict=True):
        members = y == label
        weights[members] = prior * len(y) / members.sum()
    return weights


SKLEARN_FUNCTIONS = {
    "accuracy": skm.accuracy_score,
    "precision": skm.precision_score,
    "recall": skm.recall_score,
    "f1": skm.f1_score,
    "jaccard": skm.jaccard_score,
    "matthews_corrcoef": skm.matthews_corrcoef,
    "balanced_accuracy": skm.balanced_accuracy_score,
}


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("prevalence", [0.01, 0.2, 0.5, 0.9])
@pytest.mark.parametrize("name", sorted(SKLEARN_FUNCTIONS))
def test_sklearn_metrics_at_prevalence_equal_sklearn_with_class_weights(
    seed, prevalence, name
):
    y, pred = _data(seed)
    expected = SKLEARN_FUNCTIONS[name](
        y, pred, sample_weight=_class_weights(y, [1 - prevalence, prevalence])
    )
    ours = ims.score_at_prevalence(y, pred, metric=name, prevalence=prevalence)
    assert ours == pytest.approx(expected, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("seed", range(3))
def test_multiclass_priors_equal_sklearn_with_class_weights(seed):
    rng = np.random.default_rng(seed)
    y = rng.choice(3, 400, p=[0.6, 0.3, 0.1])
    pred = np.where(rng.random(400) < 0.7, y, rng.integers(0, 3, 400))
    priors = [0.2, 0.3, 0.5]
    weights = _class_weights(y, priors)
    for name, expected in [
        ("f1_macro", skm.f1_score(y, pred, average="macro", sample_weight=weights)),
        ("accuracy", skm.accuracy_score(y, pred, sample_weight=weights)),
        ("matthews_corrcoef", skm.matthews_corrcoef(y, pred, sample_weight=weights)),
    ]:
        ours = ims.score_at_prevalence(y, pred, metric=name, prevalence=priors)
        assert ours == pytest.approx(expected, rel=1e-12), name
    by_label = ims.score_at_prevalence(
        y, pred, metric="f1_macro", prevalence={2: 0.5, 0: 0.2, 1: 0.3}
    )
    assert by_label == ims.score_at_prevalence(
        y, pred, metric="f1_macro", prevalence=priors
    )


def test_rows_keep_their_proportions_and_the_total():
    counts = ims.ConfusionCounts.from_matrix([[70, 20, 10], [5, 15, 0], [1, 1, 8]])
    rescaled = counts.at_prevalence([0.5, 0.25, 0.25])
    matrix, original = rescaled.matrix, counts.matrix.astype(float)
    assert matrix.sum() == pytest.approx(original.sum())
    np.testing.assert_allclose(matrix.sum(axis=1) / matrix.sum(), [0.5, 0.25, 0.25])
    np.testing.assert_allclose(
        matrix / matrix.sum(axis=1, keepdims=True),
        original / original.sum(axis=1, keepdims=True),
    )
    assert rescaled.weighted and rescaled.labels.tolist() == [0, 1, 2]


def test_pos_label_names_the_class_of_a_float_prevalence():
    counts = ims.ConfusionCounts.from_matrix([[80, 20], [10, 90]], ["no", "yes"])
    rescaled = counts.at_prevalence(0.1, pos_label="yes")
    np.testing.assert_allclose(rescaled.matrix.sum(axis=1), [180, 20])
    assert rescaled == counts.at_prevalence({"no": 0.9, "yes": 0.1})


@pytest.mark.parametrize("correction", ["macmillan", "loglinear"])
@pytest.mark.parametrize("weighted", [False, True])
def test_dprime_keeps_its_trials_at_another_ratio(correction, weighted):
    # Extreme rates (TPR = 1) are corrected by the number of trials, which
    # must stay the samples counted, not the rescaled sums.
    y = np.array([1] * 6 + [0] * 94)
    pred = np.array([1] * 6 + [1] * 10 + [0] * 84)
    weights = np.random.default_rng(0).uniform(0.5, 2, 100) if weighted else None
    counts = ims.confusion_counts(y, pred, sample_weight=weights)
    for prevalence in (0.01, 0.3, 0.6):
        for metric in ("dprime", "aucz"):
            assert counts.at_prevalence(prevalence).score(
                metric, correction=correction
            ) == pytest.approx(counts.score(metric, correction=correction), rel=1e-12)


def test_ratio_dependence_is_straube_and_krell_table_1():
    dependence = ims.class_ratio_dependence()
    assert set(dependence) == set(ratio_metrics())
    # Straube & Krell (2014): these change with the class ratio ...
    for name in ["accuracy", "precision", "f1", "matthews_corrcoef", "npv"]:
        assert dependence[name], name
    for name in ["markedness", "nmi", "jaccard", "optimized_precision"]:
        assert dependence[name], name
    # ... and these do not.
    for name in ["balanced_accuracy", "gmean", "iba", "dprime", "aucz"]:
        assert not dependence[name], name
    for name in ["informedness", "sensitivity", "specificity", "recall"]:
        assert not dependence[name], name


@pytest.mark.parametrize("seed", range(3))
def test_every_scorer_docstring_states_the_computed_dependence(seed):
    # RATIO_FREE fills the factories' docstrings; it must be what the code
    # computes, on any random tables.
    keys = sorted({FACTORY_METRICS[f][0] for f in BUILTIN_FACTORIES.values()})
    dependence = ims.class_ratio_dependence(keys, random_state=seed)
    assert {key for key, depends in dependence.items() if not depends} == (
        RATIO_FREE & set(keys)
    )
    for factory in BUILTIN_FACTORIES.values():
        key = FACTORY_METRICS[factory][0]
        doc = " ".join(factory.__doc__.split())
        assert ("does not depend on the class ratio" in doc) == (key in RATIO_FREE)


@pytest.mark.parametrize(
    "prevalence, error, match",
    [
        (0.0, ValueError, r"'prevalence' .* must be in \(0, 1\). Got 0.0"),
        (1.0, ValueError, r"must be in \(0, 1\). Got 1.0"),
        (float("nan"), ValueError, r"must be in \(0, 1\)"),
        (True, TypeError, "a float in"),
        ("0.1", TypeError, "a float in"),
        ([0.5, 0.6], ValueError, "sum to 1 .* They sum to 1.1"),
        ([1.0], ValueError, r"one prior per label \(2: \[0, 1\]\)"),
        ([0.5, 0.5, 0.0], ValueError, "one prior per label"),
        ([-0.5, 1.5], ValueError, "real numbers in"),
        ({0: 1.0}, ValueError, r"a prior for every label.* Missing: \[1\]"),
        ({0: 0.5, 7: 0.5}, ValueError, "7 is not a label"),
    ],
)
def test_bad_prevalence_is_refused_with_the_rule(prevalence, error, match):
    y, pred = _data(0)
    with pytest.raises(error, match=match):
        ims.confusion_counts(y, pred).at_prevalence(prevalence)
    with pytest.raises(error, match="score_at_prevalence"):
        ims.score_at_prevalence(y, pred, metric="f1", prevalence=prevalence)


def test_a_class_without_true_samples_cannot_take_a_prior():
    counts = ims.confusion_counts([0, 0, 1, 1], [0, 2, 1, 1])  # 2 only predicted
    with pytest.raises(ValueError, match="Class 2 has no true samples"):
        counts.at_prevalence([0.3, 0.3, 0.4])
    with_absent = ims.confusion_counts([0, 1], [0, 1], labels=[0, 1, 5])
    with pytest.raises(ValueError, match="Class 5 has no true samples"):
        with_absent.at_prevalence([0.3, 0.3, 0.4])
    assert counts.at_prevalence([0.5, 0.5, 0.0]).matrix.sum() == pytest.approx(4)
    with pytest.raises(ValueError, match="a prior above 0 for every class"):
        counts.at_prevalence([1.0, 0.0, 0.0])


def test_a_float_needs_two_classes_and_its_pos_label():
    with pytest.raises(ValueError, match="one prior per label for 3 labels"):
        ims.confusion_counts([0, 1, 2], [0, 1, 2]).at_prevalence(0.2)
    with pytest.raises(ValueError, match="'pos_label' .* one of the labels"):
        ims.confusion_counts(["a", "b"], ["a", "b"]).at_prevalence(0.2)


def test_multilabel_counts_have_no_one_class_ratio():
    y = np.array([[1, 0], [0, 1], [1, 1]])
    with pytest.raises(ValueError, match="no one class ratio"):
        ims.confusion_counts(y, y).at_prevalence(0.2)


def _problem():
    X, y = make_classification(
        n_samples=600, weights=[0.7], flip_y=0.05, random_state=0
    )
    return X, y


def test_scorers_at_prevalence_equal_the_function_and_multi_scorer():
    X, y = _problem()
    model = LogisticRegression().fit(X, y)
    pred = model.predict(X)
    names = ["f1", "precision", "iba", "npv", "neg_fpr", "f1_macro", "accuracy"]
    scoring = ims.get_scoring(names, prevalence=0.02)
    together = ims.multi_scorer(names, prevalence=0.02).score(model, X, y)
    for name in names:
        scorer = scoring[name]
        metric = scorer._kwargs["metric"]
        options = {
            k: v for k, v in scorer._kwargs.items() if k not in ("metric", "prevalence")
        }
        expected = ims.score_at_prevalence(
            y, pred, metric=metric, prevalence=0.02, **options
        )
        sign = -1 if name.startswith("neg_") else 1
        assert scorer(model, X, y) == sign * expected, name
        assert together[name] == sign * expected, name
    assert ims.get_scorer("f1", prevalence=0.02)(model, X, y) < ims.get_scorer("f1")(
        model, X, y
    )


def test_names_that_cannot_take_prevalence_are_refused():
    with pytest.raises(TypeError, match=r"\['roc_auc_ovr'\] cannot take it"):
        ims.get_scoring(["iba", "roc_auc_ovr"], prevalence=0.1)
    # imbascore's calibration scorers take it: the log loss at the ratio
    together = ims.get_scoring(["iba", "neg_log_loss"], prevalence=0.1)
    assert "prevalence=0.1" in repr(together["neg_log_loss"])
    with pytest.raises(TypeError, match="cannot take it"):
        ims.get_scorer("roc_auc_ovr", prevalence=0.1)
    # imbascore's ranking scorers take it: average precision at the ratio
    assert "score_at_prevalence" in repr(
        ims.get_scorer("average_precision", prevalence=0.1)
    )
    with pytest.raises(ValueError, match="'prevalence' parameter of iba_scorer"):
        ims.iba_scorer(prevalence=1.5)
    with pytest.raises(ValueError, match="'prevalence' parameter of get_scorer"):
        ims.get_scorer("f1", prevalence=-1)


def test_searches_select_at_the_deployment_ratio():
    X, y = _problem()
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    search = GridSearchCV(
        LogisticRegression(),
        {"C": [0.01, 1.0]},
        scoring=ims.get_scorer("f1", prevalence=0.01),
        cv=cv,
    ).fit(X, y)
    assert np.isfinite(search.best_score_)
    model_selection = pytest.importorskip("sklearn.model_selection")
    if not hasattr(model_selection, "TunedThresholdClassifierCV"):
        pytest.skip("needs scikit-learn >= 1.5")
    TunedThresholdClassifierCV = model_selection.TunedThresholdClassifierCV
    tuned = TunedThresholdClassifierCV(
        LogisticRegression(), scoring=ims.get_scorer("f1", prevalence=0.01), cv=cv
    ).fit(X, y)
    at_test_ratio = TunedThresholdClassifierCV(
        LogisticRegression(), scoring="f1", cv=cv
    ).fit(X, y)
    # Fewer positives in deployment: precision matters more, threshold rises.
    assert tuned.best_threshold_ > at_test_ratio.best_threshold_


# ---------------------------------------------------------------- readers


def test_report_at_prevalence_is_the_report_of_the_rescaled_counts():
    y, pred = _data(1)
    at_ratio = ims.imbalanced_report(y, pred, prevalence=0.05, output_dict=True)
    counts = ims.confusion_counts(y, pred).at_prevalence(0.05)
    expected = counts.report(output_dict=True)
    assert at_ratio["prevalence"] == {
        "0": pytest.approx(0.95),
        "1": pytest.approx(0.05),
    }
    del at_ratio["prevalence"]
    assert at_ratio == expected
    # the F1-like columns move, the rates do not
    plain = ims.imbalanced_report(y, pred, output_dict=True)
    row = at_ratio["classes"]["1"]
    assert row["sensitivity"] == pytest.approx(
        plain["classes"]["1"]["sensitivity"], rel=1e-12
    )
    assert at_ratio["accuracy"] != pytest.approx(plain["accuracy"])
    text = ims.imbalanced_report(y, pred, prevalence={0: 0.95, 1: 0.05})
    assert text.endswith(
        "At the class ratio 0: 0.95, 1: 0.05 (the counts of each "
        "true class rescaled to it, its rates as measured)."
    )


def _f1_at(tpr, tnr, prevalence):
    precision = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * (1 - tnr))
    return 2 * precision * tpr / (precision + tpr)


def test_posterior_interval_at_prevalence_holds_the_ratio_fixed():
    # Independent Monte Carlo: Beta posteriors of TPR and TNR, F1 at the ratio.
    y, pred = _data(2, n=400)
    tp = int(((y == 1) & (pred == 1)).sum())
    fn = int(((y == 1) & (pred == 0)).sum())
    tn = int(((y == 0) & (pred == 0)).sum())
    fp = int(((y == 0) & (pred == 1)).sum())
    rng = np.random.default_rng(1)
    tpr, tnr = rng.beta(1 + tp, 1 + fn, 200_000), rng.beta(1 + tn, 1 + fp, 200_000)
    low, high = np.quantile(_f1_at(tpr, tnr, 0.03), [0.025, 0.975])
    result = ims.metric_interval(
        y, pred, "f1", prevalence=0.03, n_resamples=50_000, random_state=0
    )
    assert result.estimate == pytest.approx(
        _f1_at(tp / (tp + fn), tn / (tn + fp), 0.03)
    )
    assert result.low == pytest.approx(low, abs=0.004)
    assert result.high == pytest.approx(high, abs=0.004)


def test_bootstrap_at_prevalence_resamples_each_class_on_its_own():
    # Independent stratified bootstrap: resample within each class, F1 with
    # the class weights that give the ratio.
    y, pred = _data(3, n=400)
    rng = np.random.default_rng(2)
    positives, negatives = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    # Each draw keeps the class sizes, so the class weights are the same in
    # every draw: F1 = 2 w1 TP / (2 w1 TP + w1 FN + w0 FP), draws as rows.
    drawn_pos = pred[rng.choice(positives, (4000, positives.size))]
    drawn_neg = pred[rng.choice(negatives, (4000, negatives.size))]
    w0, w1 = 0.97 * y.size / negatives.size, 0.03 * y.size / positives.size
    tp = drawn_pos.sum(axis=1)
    fn, fp = positives.size - tp, drawn_neg.sum(axis=1)
    values = 2 * w1 * tp / (2 * w1 * tp + w1 * fn + w0 * fp)
    # the formula is scikit-learn's F1 with those weights (the first draw)
    first = np.concatenate([drawn_pos[0], drawn_neg[0]])
    truth = np.repeat([1, 0], [positives.size, negatives.size])
    weights = _class_weights(truth, [0.97, 0.03])
    assert values[0] == pytest.approx(skm.f1_score(truth, first, sample_weight=weights))
    low, high = np.quantile(values, [0.025, 0.975])
    result = ims.metric_interval(
        y,
        pred,
        "f1",
        method="bootstrap",
        prevalence=0.03,
        n_resamples=4000,
        random_state=0,
    )
    assert result.low == pytest.approx(low, abs=0.01)
    assert result.high == pytest.approx(high, abs=0.01)
    bca = ims.metric_interval(
        y, pred, "f1", method="bootstrap-bca", prevalence=0.03, random_state=0
    )
    assert bca.low < bca.estimate < bca.high
    assert bca.high - bca.low == pytest.approx(high - low, rel=0.25)


def test_single_rate_intervals_refuse_a_prevalence():
    y, pred = _data(0)
    with pytest.raises(ValueError, match="'method' .* with a prevalence"):
        ims.metric_interval(y, pred, "npv", method="wilson", prevalence=0.1)


@pytest.mark.parametrize("weighted", [False, True])
def test_threshold_curve_at_prevalence_equals_each_threshold_scored(weighted):
    rng = np.random.default_rng(4)
    y = (rng.random(300) < 0.3).astype(int)
    score = np.round(rng.random(300) + 0.5 * y, 2)
    weights = rng.uniform(0.5, 2, 300) if weighted else None
    names = ["f1", "precision", "iba", "npv", "dprime"]
    curve = ims.threshold_curve(
        y,
        score,
        metrics=names,
        prevalence=0.02,
        sample_weight=weights,
        zero_division=np.nan,
    )
    assert curve.prevalence == 0.02 and "prevalence=0.02" in repr(curve)
    for index in range(0, len(curve), 37):
        pred = (score >= curve.thresholds[index]).astype(int)
        for name in names:
            expected = ims.score_at_prevalence(
                y,
                pred,
                metric=name,
                prevalence=0.02,
                sample_weight=weights,
                zero_division=np.nan,
            )
            assert curve.values[name][index] == pytest.approx(
                expected, rel=1e-9, nan_ok=True
            ), (name, index)


def test_best_threshold_at_a_lower_prevalence_is_higher_for_f1():
    rng = np.random.default_rng(5)
    y = (rng.random(2000) < 0.3).astype(int)
    score = rng.normal(size=2000) + 1.5 * y
    at_data = ims.best_threshold(y, score, "f1")
    deployed = ims.best_threshold(y, score, "f1", prevalence=0.01)
    assert deployed > at_data
    assert ims.best_threshold(y, score, "iba", prevalence=0.01) == ims.best_threshold(
        y, score, "iba"
    )


def test_command_line_prevalence(tmp_path):
    import io
    import json

    from imbascore.cli import main

    y, pred = _data(5)
    path = tmp_path / "labels.csv"
    path.write_text("y,p\n" + "".join(f"{a},{b}\n" for a, b in zip(y, pred)))
    out = io.StringIO()
    assert (
        main(
            [
                "report",
                str(path),
                "--true",
                "y",
                "--pred",
                "p",
                "--json",
                "--prevalence",
                "0=0.9,1=0.1",
            ],
            out=out,
        )
        == 0
    )
    expected = ims.imbalanced_report(y, pred, prevalence=0.1, output_dict=True)
    assert json.loads(out.getvalue()) == expected
    for value, message in [
        ("1.5", "must be a number in (0, 1)"),
        ("0=0.5,7=0.5", "names the label '7'"),
        ("0=0.5,1=0.6", "--prevalence must be priors that sum to 1"),
    ]:
        result = __import__("subprocess").run(
            [
                sys.executable,
                "-m",
                "imbascore",
                "report",
                str(path),
                "--true",
                "y",
                "--pred",
                "p",
                "--prevalence",
                value,
            ],
            capture_output=True,
            text=True,
        )
        assert result.returncode != 0 and message in result.stderr, result.stderr


# ---------------------------------------------------------------- display


@pytest.mark.parametrize("weighted", [False, True])
def test_class_ratio_display_reads_the_metrics_at_every_ratio(weighted):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from imbascore.plot import ClassRatioDisplay

    y, pred = _data(6, n=400)
    weights = np.random.default_rng(6).uniform(0.5, 2, 400) if weighted else None
    names = ["f1", "precision", "iba", "dprime"]
    display = ClassRatioDisplay.from_predictions(
        y, pred, metrics=names, prevalence=0.01, sample_weight=weights
    )
    assert display.deployment_ratio == pytest.approx(99)
    assert display.ratios[0] == 1 and display.ratios[-1] == 1000
    for ratio in (display.data_ratio, 99.0, 1000.0):
        for name in names:
            expected = ims.score_at_prevalence(
                y, pred, metric=name, prevalence=1 / (1 + ratio), sample_weight=weights
            )
            assert display.at_ratio(name, ratio) == pytest.approx(expected, rel=1e-9)
    for name in names:
        assert (display.low[name] <= display.values[name] + 1e-12).all()
        assert (display.values[name] <= display.high[name] + 1e-12).all()
    # ratio-free metrics are flat, their band too
    assert np.ptp(display.values["iba"]) < 1e-12
    assert np.ptp(display.high["dprime"]) < 1e-9
    assert display.values["f1"][0] > display.values["f1"][-1]
    assert set(display.lines_) == set(names)


def test_class_ratio_display_refuses_what_has_no_ratio():
    pytest.importorskip("matplotlib")
    from imbascore.plot import ClassRatioDisplay

    with pytest.raises(ValueError, match="'counts' .* counts of two classes"):
        ClassRatioDisplay.from_predictions([0, 1, 2], [0, 1, 2])
    with pytest.raises(ValueError, match="'ratios' .* positive finite"):
        ClassRatioDisplay.from_predictions([0, 1, 1], [0, 1, 0], ratios=[0, 1])
    with pytest.raises(ValueError, match="true samples of both classes"):
        ClassRatioDisplay.from_predictions([1, 1, 1], [0, 1, 0])


@pytest.mark.parametrize(
    "metric, pred",
    [
        ("f1", [0, 1, 1, 1, 0, 0]),
        ("average_precision", [0.1, 0.9, 0.6, 0.7, 0.2, 0.3]),
        ("roc_auc", [0.1, 0.9, 0.6, 0.7, 0.2, 0.3]),
        ("brier_score", [0.1, 0.9, 0.6, 0.7, 0.2, 0.3]),
        ("log_loss", [0.1, 0.9, 0.6, 0.7, 0.2, 0.3]),
    ],
)
def test_score_at_prevalence_refuses_none_for_every_kind_of_metric(metric, pred):
    """Issue 49 item 10: None was read as the data's own ratio for ranking
    and calibration metrics (undocumented) and refused for label metrics;
    now refused for all, the error saying what to call instead."""
    from imbascore import score_at_prevalence

    with pytest.raises(TypeError) as raised:
        score_at_prevalence([0, 1, 0, 1, 0, 0], pred, metric=metric, prevalence=None)
    message = str(raised.value)
    assert "The 'prevalence' parameter of score_at_prevalence" in message
    assert "Got None instead" in message and "call the metric itself" in message


@pytest.mark.parametrize("metric", ["nope", "brier_score_loss", "auc"])
def test_unknown_metric_with_scores_blames_metric(metric):
    """Issue 49 item 8: an unknown metric with scores said that y_pred
    'must be an array of class labels'."""
    from imbascore import compare_predictions, metric_interval, score_at_prevalence

    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    calls = {
        "metric_interval": lambda: metric_interval(y, s, metric=metric),
        "score_at_prevalence": lambda: score_at_prevalence(
            y, s, metric=metric, prevalence=0.1
        ),
        "compare_predictions": lambda: compare_predictions(
            y, s, s[::-1], metric=metric
        ),
    }
    for func, call in calls.items():
        with pytest.raises(ValueError) as raised:
            call()
        message = str(raised.value)
        assert f"The 'metric' parameter of {func}" in message, message
        assert f"Got {metric!r} instead" in message, message
        assert "y_pred" not in message and "pred_a" not in message, message
