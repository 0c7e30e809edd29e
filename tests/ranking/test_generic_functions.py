"""The ranking metrics through the package's generic functions: intervals,
paired comparisons, the deployment ratio, the class-ratio classification,
scorers and the registry."""

import pickle

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import average_precision_score as sk_average_precision
from sklearn.metrics import roc_auc_score as sk_roc_auc
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate
from sklearn.tree import DecisionTreeClassifier

from imbascore import (
    auprg_score,
    average_precision_score,
    class_ratio_dependence,
    compare_predictions,
    get_scorer,
    get_scoring,
    metric_interval,
    multi_scorer,
    partial_auc_score,
    roc_auc_score,
    score_at_prevalence,
)
from imbascore._inference.ranking import bootstrap_generator
from imbascore._ranking.bootstrap import bootstrap_interval, paired_bootstrap
from imbascore._ranking.delong import delong_interval, delong_paired
from imbascore._ranking.evaluate import counted_metric
from imbascore._ranking.inputs import read_ranked
from imbascore.scorers import average_precision_scorer, partial_auc_scorer


def binormal(seed, n=300, share=0.1, shift=1.2):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < share).astype(int)
    y[:2] = [0, 1]
    return y, np.round(rng.normal(shift * y, 1.0), 2)


def ranked(y, s, w=None):
    return read_ranked(y, s, w, "test")[1]


# ---------------------------------------------------------------- intervals


@pytest.mark.parametrize(
    "method, transform", [("delong", None), ("delong-logit", "logit")]
)
def test_metric_interval_delong_is_the_delong_interval(method, transform):
    y, s = binormal(0)
    result = metric_interval(y, s, "roc_auc", method=method, confidence_level=0.9)
    auc, low, high = delong_interval(ranked(y, s), 0.9, transform=transform)
    assert (result.estimate, result.low, result.high) == (auc, low, high)
    assert result.estimate == pytest.approx(sk_roc_auc(y, s), abs=1e-12)
    assert result.method == method and result.n_resamples is None


def test_default_methods_by_metric():
    y, s = binormal(1)
    assert metric_interval(y, s, "roc_auc").method == "delong"
    ap = metric_interval(y, s, "average_precision", n_resamples=200, random_state=0)
    assert ap.method == "bootstrap-bca" and ap.n_resamples == 200
    assert ap.low < ap.estimate < ap.high
    # labels keep the posterior
    assert metric_interval(y, (s > 0.6).astype(int), "iba").method == "posterior"


@pytest.mark.parametrize("metric", ["average_precision", "auprg", "roc_auc"])
@pytest.mark.parametrize("method", ["bootstrap", "bootstrap-bca"])
def test_metric_interval_bootstrap_is_the_ranking_bootstrap(metric, method):
    y, s = binormal(2)
    result = metric_interval(
        y, s, metric, method=method, n_resamples=300, random_state=3
    )
    estimate, low, high = bootstrap_interval(
        ranked(y, s),
        counted_metric(metric, {}),
        method="percentile" if method == "bootstrap" else "bca",
        confidence_level=0.95,
        n_resamples=300,
        rng=bootstrap_generator(3, "metric_interval"),
    )
    assert (result.estimate, result.low, result.high) == (estimate, low, high)


def test_partial_auc_interval_takes_its_region():
    y, s = binormal(4)
    result = metric_interval(
        y, s, "partial_auc", max_fpr=0.2, n_resamples=200, random_state=0
    )
    assert result.estimate == pytest.approx(sk_roc_auc(y, s, max_fpr=0.2), abs=1e-12)
    with pytest.raises(ValueError, match="max_fpr"):
        metric_interval(y, s, "partial_auc", max_fpr=1.5)
    with pytest.raises(ValueError, match="Exactly one of the 'max_fpr' and 'min_tpr'"):
        metric_interval(y, s, "partial_auc")


def test_interval_at_a_prevalence_moves_average_precision_only():
    y, s = binormal(5)
    kwargs = dict(n_resamples=300, random_state=0, method="bootstrap")
    at_data = metric_interval(y, s, "average_precision", **kwargs)
    at_1 = metric_interval(y, s, "average_precision", prevalence=0.01, **kwargs)
    assert at_1.estimate == pytest.approx(
        score_at_prevalence(y, s, metric="average_precision", prevalence=0.01)
    )
    # fewer positives: a lower precision, the whole interval lower
    assert at_1.estimate < at_data.estimate and at_1.high < at_data.high
    assert at_1.low < at_1.estimate < at_1.high
    auc = metric_interval(y, s, "roc_auc", **kwargs)
    auc_1 = metric_interval(y, s, "roc_auc", prevalence=0.01, **kwargs)
    assert auc_1.estimate == pytest.approx(auc.estimate, abs=1e-12)


def test_prevalence_priors_must_leave_both_classes():
    y, s = binormal(14)
    for bad in ((1.0, 0.0), {0: 0.0, 1: 1.0}):
        with pytest.raises(ValueError, match="'prevalence'.*in \\(0, 1\\)"):
            score_at_prevalence(y, s, metric="roc_auc", prevalence=bad)
        with pytest.raises(ValueError, match="'prevalence'"):
            metric_interval(y, s, "average_precision", prevalence=bad)
    assert score_at_prevalence(
        y, s, metric="average_precision", prevalence={0: 0.9, 1: 0.1}
    ) == pytest.approx(
        score_at_prevalence(y, s, metric="average_precision", prevalence=0.1)
    )


def test_samples_of_weight_zero_change_no_bootstrap():
    y, s = binormal(15)
    w = np.random.default_rng(0).uniform(0.5, 2.0, y.size)
    w[::7] = 0.0
    kept = w > 0
    for metric in ("average_precision", "roc_auc"):
        with_zeros = metric_interval(
            y,
            s,
            metric,
            method="bootstrap-bca",
            sample_weight=w,
            n_resamples=200,
            random_state=0,
        )
        without = metric_interval(
            y[kept],
            s[kept],
            metric,
            method="bootstrap-bca",
            sample_weight=w[kept],
            n_resamples=200,
            random_state=0,
        )
        assert (with_zeros.low, with_zeros.high) == pytest.approx(
            (without.low, without.high), rel=1e-12
        )


def test_an_undefined_interval_warns():
    from sklearn.exceptions import UndefinedMetricWarning

    with pytest.warns(UndefinedMetricWarning, match="metric_interval.*no negative"):
        result = metric_interval([1, 1, 1], [0.2, 0.5, 0.9], "roc_auc")
    assert np.isnan(result.estimate) and np.isnan(result.low)


def test_a_zero_width_interval_says_why():
    separated = metric_interval([0, 0, 1, 1], [0.1, 0.2, 0.8, 0.9], "roc_auc")
    assert (separated.low, separated.high) == (1.0, 1.0)
    assert "zero width" in separated.note and "note=" in repr(separated)
    assert metric_interval(*binormal(0), "roc_auc").note is None


def test_interval_errors_name_the_parameter():
    y, s = binormal(6)
    with pytest.raises(ValueError, match="'method'.*'bootstrap' or 'bootstrap-bca'"):
        metric_interval(y, s, "average_precision", method="delong")
    with pytest.raises(ValueError, match="'method'"):
        metric_interval(y, s, "roc_auc", method="posterior")
    with pytest.raises(ValueError, match="'y_pred'.*NaN"):
        metric_interval(y, np.where(y == 1, np.nan, s), "roc_auc")
    with pytest.raises(TypeError, match="alpha"):
        metric_interval(y, s, "roc_auc", alpha=0.1)
    with pytest.raises(ValueError, match="'prevalence'"):
        metric_interval(y, s, "average_precision", prevalence=1.5)


# ---------------------------------------------------------------- comparisons


def test_compare_predictions_delong_is_the_paired_test():
    y, a = binormal(7)
    b = np.round(a + np.random.default_rng(8).normal(0, 1.0, a.size), 2)
    result = compare_predictions(y, a, b, metric="roc_auc")
    paired = delong_paired(ranked(y, a), ranked(y, b))
    assert result.test == "delong" and result.method == "delong"
    assert result.estimate == pytest.approx(paired.difference, abs=1e-15)
    assert result.pvalue == pytest.approx(paired.pvalue, abs=1e-15)
    assert (result.low, result.high) == pytest.approx((paired.low, paired.high))
    assert result.score_a == pytest.approx(sk_roc_auc(y, a), abs=1e-12)
    assert result.score_b == pytest.approx(sk_roc_auc(y, b), abs=1e-12)


def test_compare_predictions_bootstrap_for_average_precision():
    y, a = binormal(9)
    b = np.round(a + np.random.default_rng(10).normal(0, 1.0, a.size), 2)
    result = compare_predictions(
        y, a, b, metric="average_precision", n_resamples=300, random_state=0
    )
    paired = paired_bootstrap(
        ranked(y, a),
        ranked(y, b),
        counted_metric("average_precision", {}),
        n_resamples=300,
        rng=bootstrap_generator(0, "metric_interval"),
    )
    assert result.test == "bootstrap"
    assert result.estimate == pytest.approx(paired.difference, abs=1e-15)
    assert result.pvalue == paired.pvalue
    same = compare_predictions(y, a, a, metric="auprg", n_resamples=100, random_state=0)
    assert same.estimate == 0 and same.pvalue == 1


def test_compare_predictions_names_the_scores_in_errors():
    y, a = binormal(11)
    with pytest.raises(ValueError, match="'pred_b'.*length"):
        compare_predictions(y, a, a[:-1], metric="roc_auc")
    with pytest.raises(ValueError, match="'method'"):
        compare_predictions(y, a, a, metric="average_precision", method="delong")


# ---------------------------------------------------------------- class ratio


@pytest.mark.parametrize("prevalence", [0.01, 0.3, 0.7])
def test_average_precision_at_a_prevalence_is_the_reweighted_sample(prevalence):
    """Each class reweighted to its deployment share: scikit-learn's average
    precision of that weighted sample."""
    y, s = binormal(12)
    share = y.mean()
    w = np.where(y == 1, prevalence / share, (1 - prevalence) / (1 - share))
    expected = sk_average_precision(y, s, sample_weight=w)
    got = score_at_prevalence(y, s, metric="average_precision", prevalence=prevalence)
    assert got == pytest.approx(expected, rel=1e-12)
    assert score_at_prevalence(
        y, s, metric="auprg", prevalence=prevalence
    ) == pytest.approx(auprg_score(y, s, sample_weight=w), rel=1e-12)


def test_ratio_free_ranking_metrics_do_not_move():
    y, s = binormal(13)
    for p in (0.01, 0.5):
        assert score_at_prevalence(
            y, s, metric="roc_auc", prevalence=p
        ) == pytest.approx(roc_auc_score(y, s), abs=1e-12)
        assert score_at_prevalence(
            y, s, metric="partial_auc", prevalence=p, min_tpr=0.6
        ) == pytest.approx(partial_auc_score(y, s, min_tpr=0.6), abs=1e-12)


def test_class_ratio_dependence_computes_the_ranking_metrics():
    assert class_ratio_dependence(
        ["roc_auc", "partial_auc", "average_precision", "auprg"]
    ) == {
        "roc_auc": False,
        "partial_auc": False,
        "average_precision": True,
        "auprg": True,
    }


def test_average_precision_without_negatives_at_a_ratio_is_undefined():
    with pytest.warns(UserWarning, match="no negative sample"):
        value = score_at_prevalence(
            [1, 1, 1], [0.2, 0.5, 0.9], metric="average_precision", prevalence=0.1
        )
    assert np.isnan(value)
    assert average_precision_score([1, 1, 1], [0.2, 0.5, 0.9]) == 1.0


# ---------------------------------------------------------------- scorers


def data(seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(400, 3))
    y = (X[:, 0] + rng.normal(0, 1.0, 400) > 1.6).astype(int)
    return X, y


def test_scorers_read_the_positive_scores():
    X, y = data()
    model = LogisticRegression().fit(X, y)
    proba = model.predict_proba(X)[:, 1]
    assert get_scorer("auprg")(model, X, y) == pytest.approx(auprg_score(y, proba))
    assert get_scorer("partial_auc", min_tpr=0.8)(model, X, y) == pytest.approx(
        partial_auc_score(y, proba, min_tpr=0.8)
    )
    at_1 = get_scorer("average_precision", prevalence=0.01)
    assert at_1(model, X, y) == pytest.approx(
        score_at_prevalence(y, proba, metric="average_precision", prevalence=0.01)
    )
    # decision_function first, as scikit-learn's roc_auc
    assert get_scorer("roc_auc", pos_label=1)(model, X, y) == pytest.approx(
        sk_roc_auc(y, model.decision_function(X))
    )


def test_bare_shared_names_stay_scikit_learns():
    from sklearn.metrics import get_scorer as sk_get_scorer

    for name in ("roc_auc", "average_precision"):
        assert repr(get_scorer(name)) == repr(sk_get_scorer(name))


def test_string_classes_with_pos_label():
    X, y = data(1)
    labels = np.array(["ok", "fraud"])[y]
    model = LogisticRegression().fit(X, labels)
    column = list(model.classes_).index("fraud")
    proba = model.predict_proba(X)[:, column]
    scorer = get_scorer("auprg", pos_label="fraud")
    assert scorer(model, X, labels) == pytest.approx(
        auprg_score(labels, proba, pos_label="fraud")
    )


def test_scorers_in_searches_and_cross_validation():
    X, y = data(2)
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    search = GridSearchCV(
        DecisionTreeClassifier(random_state=0),
        {"max_depth": [1, 3]},
        scoring=get_scorer("auprg"),
        cv=cv,
    ).fit(X, y)
    assert np.isfinite(search.best_score_)
    scores = cross_validate(
        LogisticRegression(),
        X,
        y,
        cv=cv,
        scoring={
            "iba": get_scorer("iba"),
            "auprg": get_scorer("auprg"),
            "pauc": partial_auc_scorer(max_fpr=0.1),
            "ap_5": average_precision_scorer(prevalence=0.05),
        },
    )
    assert all(
        np.isfinite(scores[f"test_{k}"]).all() for k in ("iba", "auprg", "pauc", "ap_5")
    )
    at_5 = get_scoring(["f1", "average_precision"], prevalence=0.05)
    assert repr(at_5["average_precision"]) == repr(
        average_precision_scorer(prevalence=0.05)
    )
    many = multi_scorer(["iba", "auprg", "partial_auc"], max_fpr=0.2)
    result = cross_validate(LogisticRegression(), X, y, cv=cv, scoring=many)
    assert np.isfinite(result["test_auprg"]).all()
    assert np.isfinite(result["test_partial_auc"]).all()


def test_scorers_check_parameters_when_built_and_pickle():
    with pytest.raises(ValueError, match="Exactly one of the 'max_fpr' and 'min_tpr'"):
        partial_auc_scorer()
    with pytest.raises(ValueError, match="'prevalence'"):
        average_precision_scorer(prevalence=0)
    with pytest.raises(TypeError, match="alpha"):
        get_scorer("auprg", alpha=0.1)
    scorer = pickle.loads(pickle.dumps(partial_auc_scorer(min_tpr=0.9)))
    X, y = data(3)
    model = LogisticRegression().fit(X, y)
    assert scorer(model, X, y) == pytest.approx(
        partial_auc_score(y, model.predict_proba(X)[:, 1], min_tpr=0.9)
    )
