"""threshold_curve and best_threshold: the metric functions at every threshold."""

import tracemalloc
import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims
from imbascore import (
    best_threshold,
    confusion_counts,
    threshold_curve,
    threshold_metric_names,
)

#: Our names -> the public function that computes them.
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
    "fpr": getattr(ims, "false_positive_rate_score", None),
    "fnr": getattr(ims, "false_negative_rate_score", None),
    "npv": getattr(ims, "negative_predictive_value_score", None),
    "informedness": getattr(ims, "informedness_score", None),
    "markedness": getattr(ims, "markedness_score", None),
    "lr_plus": getattr(ims, "positive_likelihood_ratio_score", None),
    "lr_minus": getattr(ims, "negative_likelihood_ratio_score", None),
}
#: scikit-learn's names -> scikit-learn's own functions.
SKLEARN = {
    "accuracy": skm.accuracy_score,
    "precision": skm.precision_score,
    "recall": skm.recall_score,
    "f1": skm.f1_score,
    "jaccard": skm.jaccard_score,
    "matthews_corrcoef": skm.matthews_corrcoef,
}
NO_ZERO_DIVISION = {"accuracy", "matthews_corrcoef"}


def _data(n=240, seed=0, labels=(0, 1), weighted=False):
    """Scores with many ties (one decimal), some zero weights."""
    rng = np.random.default_rng(seed)
    positive = rng.random(n) < 0.3
    scores = np.round(rng.normal(size=n) + 1.2 * positive, 1)
    y = np.where(positive, labels[1], labels[0])
    weights = None
    if weighted:
        weights = rng.uniform(0.0, 3.0, n)
        weights[rng.random(n) < 0.1] = 0.0
    return y, scores, weights


#: The curve's options of the decisions (its cost matrix: negative first).
DECISIONS = {
    "expected_cost": {"cost_matrix": [[0.0, 1.0], [7.0, 0.5]]},
    "net_benefit": {"threshold_probability": 0.15},
}


def _reference(name, y_true, y_pred, pos_label, weights, params):
    """The value of the metric function on the thresholded predictions."""
    if name == "expected_cost":
        negative = [label for label in np.unique(y_true) if label != pos_label]
        return ims.expected_cost_score(
            y_true,
            y_pred,
            labels=[*negative, pos_label],
            sample_weight=weights,
            **DECISIONS[name],
        )
    if name == "net_benefit":
        return ims.net_benefit_score(
            y_true,
            y_pred,
            pos_label=pos_label,
            sample_weight=weights,
            **DECISIONS[name],
        )
    options = {} if name in NO_ZERO_DIVISION else {"zero_division": 0.0}
    options.update(params)
    if name in SKLEARN:
        if name not in ("accuracy", "matthews_corrcoef"):
            options["pos_label"] = pos_label
        return SKLEARN[name](y_true, y_pred, sample_weight=weights, **options)
    function = FUNCTIONS.get(name)
    if function is None:  # a metric added since: through the counts
        counts = confusion_counts(y_true, y_pred, sample_weight=weights)
        return counts.score(name, pos_label=pos_label, average="binary", **options)
    return function(
        y_true, y_pred, pos_label=pos_label, sample_weight=weights, **options
    )


@pytest.mark.parametrize("weighted", [False, True], ids=["counts", "weights"])
@pytest.mark.parametrize(
    "labels, pos_label",
    [((0, 1), 1), ((0, 1), 0), (("no", "yes"), "yes")],
    ids=["pos1", "pos0", "strings"],
)
def test_equals_the_metric_functions_at_every_threshold(weighted, labels, pos_label):
    y, scores, weights = _data(labels=labels, weighted=weighted)
    if pos_label == 0:
        scores = -scores
    names = threshold_metric_names()
    params = {"alpha": 0.3, "weight": 0.7}
    curve = threshold_curve(
        y,
        scores,
        metrics=names,
        pos_label=pos_label,
        sample_weight=weights,
        zero_division=0.0,
        **params,
        **DECISIONS["expected_cost"],
        **DECISIONS["net_benefit"],
    )
    assert np.array_equal(curve.thresholds, np.unique(scores))
    negative = labels[0] if pos_label == labels[1] else labels[1]
    worst = 0.0
    for index, threshold in enumerate(curve.thresholds):
        y_pred = np.where(scores >= threshold, pos_label, negative)
        counts = confusion_counts(y, y_pred, sample_weight=weights)
        matrix = counts.matrix
        where = list(counts.labels).index(pos_label)
        other = 1 - where
        assert (curve.tp[index], curve.fn[index]) == pytest.approx(
            (matrix[where, where], matrix[where, other]), abs=1e-12
        )
        assert (curve.fp[index], curve.tn[index]) == pytest.approx(
            (matrix[other, where], matrix[other, other]), abs=1e-12
        )
        for name in names:
            own = {k: v for k, v in params.items() if k in ("alpha", "weight")}
            own = {
                k: v
                for k, v in own.items()
                if (k == "alpha" and name == "iba")
                or (k == "weight" and name == "weighted_accuracy")
            }
            expected = _reference(name, y, y_pred, pos_label, weights, own)
            got = curve.values[name][index]
            if np.isnan(expected):
                assert np.isnan(got), (name, threshold)
                continue
            worst = max(worst, abs(got - expected))
            assert got == pytest.approx(expected, rel=0, abs=1e-12), (name, threshold)
    assert worst <= 1e-12


def test_unweighted_counts_are_integers_and_exact():
    y, scores, _ = _data()
    curve = threshold_curve(y, scores)
    assert curve.tp.dtype == np.int64 and curve.tn.dtype == np.int64
    positives, negatives = np.sum(y == 1), np.sum(y == 0)
    assert np.all(curve.tp + curve.fn == positives)
    assert np.all(curve.fp + curve.tn == negatives)
    # lowest threshold: everything positive; no rounding residue anywhere
    assert curve.fn[0] == 0 and curve.tn[0] == 0
    weighted = threshold_curve(y, scores, sample_weight=np.full(len(y), 0.1))
    assert weighted.tn[0] == 0.0 and weighted.fn[0] == 0.0  # summed, not subtracted
    assert weighted.tp.dtype == np.float64


def test_ties_are_on_the_same_side_of_every_threshold():
    y_true = [0, 1, 0, 1, 1, 0]
    y_score = [0.5, 0.5, 0.5, 0.9, 0.1, 0.1]
    curve = threshold_curve(y_true, y_score, metrics="sensitivity")
    assert curve.thresholds.tolist() == [0.1, 0.5, 0.9]
    assert curve.tp.tolist() == [3, 2, 1]
    assert curve.fp.tolist() == [3, 2, 0]


def test_matches_roc_curve():
    y, scores, weights = _data(weighted=True)
    curve = threshold_curve(y, scores, sample_weight=weights)
    fpr, tpr, thresholds = skm.roc_curve(
        y, scores, sample_weight=weights, drop_intermediate=False
    )
    # scikit-learn: decreasing, after a first point that predicts nothing,
    # and without the scores of zero-weight samples only
    thresholds, fpr, tpr = thresholds[1:], fpr[1:], tpr[1:]
    keep = np.searchsorted(curve.thresholds, thresholds)
    assert np.array_equal(curve.thresholds[keep], thresholds)
    assert len(keep) < len(curve)  # some scores are held by zero weights only
    np.testing.assert_allclose(curve.fpr[keep], fpr, rtol=0, atol=1e-12)
    np.testing.assert_allclose(curve.tpr[keep], tpr, rtol=0, atol=1e-12)


@pytest.mark.skipif(
    not hasattr(skm, "confusion_matrix_at_thresholds"),
    reason="confusion_matrix_at_thresholds needs scikit-learn >= 1.8",
)
@pytest.mark.parametrize("weighted", [False, True])
def test_matches_confusion_matrix_at_thresholds(weighted):
    y, scores, weights = _data(labels=("no", "yes"), weighted=weighted)
    curve = threshold_curve(y, scores, pos_label="yes", sample_weight=weights)
    tns, fps, fns, tps, thresholds = skm.confusion_matrix_at_thresholds(
        y, scores, pos_label="yes", sample_weight=weights
    )
    if weights is None:
        # scikit-learn keeps only the scores where a count changes
        assert np.array_equal(thresholds[::-1], curve.thresholds)
    keep = np.searchsorted(curve.thresholds, thresholds)
    assert np.array_equal(curve.thresholds[keep], thresholds)
    for ours, theirs in (
        (curve.tn, tns),
        (curve.fp, fps),
        (curve.fn, fns),
        (curve.tp, tps),
    ):
        np.testing.assert_allclose(ours[keep], theirs, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("weighted", [False, True])
def test_int_thresholds_are_evenly_spaced_and_exact(weighted):
    y, scores, weights = _data(weighted=weighted)
    curve = threshold_curve(
        y, scores, sample_weight=weights, thresholds=25, metrics=["iba", "f1"]
    )
    expected = np.linspace(scores.min(), scores.max(), 25)
    assert np.array_equal(curve.thresholds, expected)
    given = threshold_curve(
        y, scores, sample_weight=weights, thresholds=expected, metrics=["iba", "f1"]
    )
    for name in ("iba", "f1"):
        assert np.array_equal(curve.values[name], given.values[name])
    for index, threshold in enumerate(expected):
        y_pred = (scores >= threshold).astype(int)
        assert curve.values["iba"][index] == pytest.approx(
            ims.iba_score(y, y_pred, sample_weight=weights), abs=1e-12
        )
        assert curve.values["f1"][index] == pytest.approx(
            skm.f1_score(y, y_pred, sample_weight=weights, zero_division=0.0),
            abs=1e-12,
        )


def test_given_thresholds_keep_their_order_and_duplicates():
    y, scores, _ = _data()
    given = [0.35, np.inf, -np.inf, 0.35, scores[5], 1e9]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)  # inf: nothing
        curve = threshold_curve(y, scores, thresholds=given, metrics=["recall"])
    assert curve.thresholds.tolist() == [float(t) for t in given]
    assert curve.tp[1] == curve.fp[1] == 0  # +inf: nothing predicted positive
    assert curve.fn[2] == curve.tn[2] == 0  # -inf: everything positive
    assert curve.tp[0] == curve.tp[3]
    for index, threshold in enumerate(given):
        assert curve.tp[index] == np.sum((scores >= threshold) & (y == 1))
        assert curve.fp[index] == np.sum((scores >= threshold) & (y == 0))


def test_binned_memory_does_not_grow_with_n():
    rng = np.random.default_rng(1)
    peaks = []
    for n in (500_000, 2_000_000):
        y = (rng.random(n) < 0.1).astype(np.int8)
        scores = rng.random(n)
        tracemalloc.start()
        threshold_curve(y, scores, thresholds=200)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    # chunks of 64 Ki samples: about 3 MiB whatever n (the scores are 16 MB)
    assert max(peaks) < 4 * 2**20
    assert peaks[1] < 1.5 * peaks[0]


def test_best_threshold_ties_go_to_the_lowest_threshold():
    y_true = [0, 1, 0, 1]
    y_score = [1.0, 2.0, 3.0, 4.0]
    curve = threshold_curve(y_true, y_score, metrics=["balanced_accuracy", "fnr"])
    # (TPR 1, TNR 0.5) at 2 and (TPR 0.5, TNR 1) at 4: both exactly 0.75
    assert curve.values["balanced_accuracy"].tolist() == [0.5, 0.75, 0.5, 0.75]
    assert best_threshold(y_true, y_score, "balanced_accuracy") == 2.0
    assert curve.best_threshold() == 2.0
    # among equal given thresholds, the first
    given = [4.0, 2.0, 2.5, 2.0]
    assert best_threshold(y_true, y_score, "balanced_accuracy", thresholds=given) == 2
    curve = threshold_curve(
        y_true, y_score, metrics="balanced_accuracy", thresholds=given
    )
    assert curve.best_index() == 1
    # lower-is-better metrics are minimised, ties to the lowest threshold too
    assert best_threshold(y_true, y_score, "fpr") == 4.0
    assert best_threshold(y_true, y_score, "fnr") == 1.0


def test_best_threshold_refuses_dominance_and_all_undefined():
    y_true = [0, 1, 0, 1]
    y_score = [0.1, 0.6, 0.4, 0.8]
    with pytest.raises(ValueError, match="'metric' parameter.*'dominance'"):
        best_threshold(y_true, y_score, "dominance")
    with pytest.raises(ValueError, match="undefined at every threshold"):
        best_threshold([0, 0, 0], [0.1, 0.2, 0.3], "lr_plus", zero_division=np.nan)
    curve = threshold_curve(y_true, y_score, metrics=["iba"])
    with pytest.raises(ValueError, match=r"must be one of \['iba'\]. Got 'f1'"):
        curve.best_index("f1")


def test_result_object():
    y_true = [0, 0, 0, 0, 0, 0, 1, 0, 1, 1]
    y_score = [0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.5, 0.7, 0.8, 0.9]
    curve = threshold_curve(y_true, y_score, metrics=["iba", "dominance", "f1"])
    assert len(curve) == 8 and curve.metrics == ("iba", "dominance", "f1")
    text = str(curve)
    assert text.startswith("ThresholdCurve(8 thresholds from 0.1 to 0.9, pos_label=1")
    assert "dominance" in text and "iba" in text
    matrices = curve.confusion_matrices
    assert matrices.shape == (8, 2, 2)
    assert (
        matrices[4].tolist()
        == skm.confusion_matrix(y_true, (np.array(y_score) >= 0.5).astype(int)).tolist()
    )
    np.testing.assert_allclose(curve.tpr, curve.tp / 3)
    np.testing.assert_allclose(curve.fpr, curve.fp / 7)


def test_undefined_values_warn_once_per_metric():
    y_true = [0, 1, 0, 1, 1]
    y_score = [0.1, 0.2, 0.3, 0.4, 0.5]
    with pytest.warns(UndefinedMetricWarning) as caught:
        curve = threshold_curve(y_true, y_score, metrics=["npv", "iba"])
    assert len(caught) == 1
    message = str(caught[0].message)
    assert "at 1 of 5 thresholds (no predicted negatives)" in message
    assert curve.values["npv"][0] == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        quiet = threshold_curve(y_true, y_score, metrics="npv", zero_division=1.0)
    assert quiet.values["npv"][0] == 1.0


def test_metric_params_go_to_the_metrics_that_take_them():
    y, scores, _ = _data()
    curve = threshold_curve(
        y, scores, metrics=["iba", "gmean"], alpha=1.0, squared=False
    )
    index = 7
    y_pred = (scores >= curve.thresholds[index]).astype(int)
    assert curve.values["iba"][index] == pytest.approx(
        ims.iba_score(y, y_pred, alpha=1.0, squared=False), abs=1e-12
    )
    with pytest.raises(TypeError, match=r"\['average'\] that none of the metrics"):
        threshold_curve(y, scores, metrics=["iba"], average="macro")
    with pytest.raises(ValueError, match="'alpha' parameter.*Got 2"):
        threshold_curve(y, scores, metrics=["iba"], alpha=2)


def test_pos_label_rules():
    with pytest.raises(ValueError, match=r"'pos_label' parameter.*\['a', 'b'\]"):
        threshold_curve(["a", "b", "a"], [0.1, 0.2, 0.3])
    with pytest.raises(
        ValueError, match=r"'pos_label' parameter.*labels of y_true, \[0, 1\]. Got 2"
    ):
        threshold_curve([0, 1, 0], [0.1, 0.2, 0.3], pos_label=2)
    curve = threshold_curve([-1, 1, -1], [0.1, 0.2, 0.3], metrics="recall")
    assert curve.pos_label == 1 and curve.tp.tolist() == [1, 1, 0]
    boolean = threshold_curve([False, True, False], [0.1, 0.2, 0.3], metrics="recall")
    assert boolean.tp.tolist() == [1, 1, 0]


@pytest.mark.parametrize(
    "y_true, y_score, error, match",
    [
        ([0, 1, 2], [0.1, 0.2, 0.3], ValueError, r"'y_true'.*binary.*\[0, 1, 2\]"),
        (["a", "b", "c"], [0.1, 0.2, 0.3], ValueError, r"'y_true'.*binary"),
        ([0, 1, 0], [0.1, np.nan, 0.3], ValueError, r"'y_score'.*free of NaN"),
        ([0, 1, 0], [0.1, np.inf, 0.3], ValueError, r"'y_score'.*finite"),
        ([0, 1, 0], ["a", "b", "c"], TypeError, r"'y_score'.*dtype <U1"),
        ([0, 1, 0], [[0.9, 0.1]] * 3, ValueError, r"shape \(3, 2\).*y_proba\[:, 1\]"),
        ([0, 1, 0], [0.1, 0.2], ValueError, r"same length as y_true \(3\)"),
        ([0, 1, 0], 0.5, TypeError, r"'y_score' parameter.*Got 0.5"),
    ],
)
def test_bad_inputs_name_the_parameter(y_true, y_score, error, match):
    with pytest.raises(error, match=match):
        threshold_curve(y_true, y_score)


def test_unknown_metric_lists_the_valid_names():
    with pytest.raises(ValueError) as raised:
        threshold_curve([0, 1], [0.1, 0.2], metrics=["iba", "roc_auc"])
    message = str(raised.value)
    assert "'metrics' parameter of threshold_curve" in message
    assert "Got 'roc_auc'" in message
    for name in threshold_metric_names():
        assert repr(name) in message
    with pytest.raises(ValueError, match="distinct"):
        threshold_curve([0, 1], [0.1, 0.2], metrics=["iba", "iba"])
    with pytest.raises(ValueError, match="non-empty"):
        threshold_curve([0, 1], [0.1, 0.2], metrics=[])


@pytest.mark.parametrize(
    "thresholds, error",
    [(0, ValueError), (-3, ValueError), (2.5, TypeError), (True, TypeError)],
)
def test_thresholds_must_be_a_positive_int_or_an_array(thresholds, error):
    with pytest.raises(
        error, match=rf"'thresholds' parameter.*positive int.*Got {thresholds}"
    ):
        threshold_curve([0, 1], [0.1, 0.2], thresholds=thresholds)
    with pytest.raises(ValueError, match="'thresholds' parameter.*NaN"):
        threshold_curve([0, 1], [0.1, 0.2], thresholds=[0.1, np.nan])
    with pytest.raises(ValueError, match=r"shape \(1, 2\)"):
        threshold_curve([0, 1], [0.1, 0.2], thresholds=[[0.1, 0.2]])


def _tuned(model, X, y, scorer, thresholds):
    from sklearn.model_selection import TunedThresholdClassifierCV

    return TunedThresholdClassifierCV(
        model,
        scoring=scorer,
        cv="prefit",
        refit=False,
        thresholds=thresholds,
        store_cv_results=True,
    ).fit(X, y)


@pytest.mark.parametrize("model", ["logistic", "knn"])
@pytest.mark.parametrize("metric", ["iba", "gmean", "f1", "balanced_accuracy"])
def test_same_choice_as_tuned_threshold_classifier(metric, model):
    """On the example's data (Satimage): the same threshold, and the same
    values at every threshold, as TunedThresholdClassifierCV(cv="prefit")."""
    model_selection = pytest.importorskip("sklearn.model_selection")
    if not hasattr(model_selection, "TunedThresholdClassifierCV"):
        pytest.skip("TunedThresholdClassifierCV needs scikit-learn >= 1.5")
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import make_scorer
    from sklearn.model_selection import train_test_split
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from imbascore.datasets import load_dataset

    data = load_dataset("satimage")
    X, y = data.data.to_numpy(dtype=float), np.asarray(data.target)
    X_train, X_val, y_train, y_val = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=0
    )
    classifier = (
        LogisticRegression(max_iter=1000)
        if model == "logistic"
        else KNeighborsClassifier(n_neighbors=25)  # 26 scores: many ties
    )
    fitted = make_pipeline(StandardScaler(), classifier).fit(X_train, y_train)
    scorers = {
        "iba": ims.iba_scorer(),
        "gmean": ims.gmean_scorer(),
        "f1": make_scorer(skm.f1_score),
        "balanced_accuracy": make_scorer(skm.balanced_accuracy_score),
    }
    scores = fitted.predict_proba(X_val)[:, 1]
    for thresholds in (100, np.linspace(0.02, 0.62, 31)):
        tuned = _tuned(fitted, X_val, y_val, scorers[metric], thresholds)
        ours = best_threshold(y_val, scores, metric, thresholds=thresholds)
        assert ours == tuned.best_threshold_
        curve = threshold_curve(y_val, scores, metrics=metric, thresholds=thresholds)
        assert np.array_equal(curve.thresholds, tuned.cv_results_["thresholds"])
        np.testing.assert_allclose(
            curve.values[metric], tuned.cv_results_["scores"], rtol=0, atol=1e-12
        )
        # a choice inside the range, not at an end
        assert curve.thresholds.min() < ours < curve.thresholds.max()
