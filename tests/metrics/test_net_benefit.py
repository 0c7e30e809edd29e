"""Net benefit, the decision curve and its display, against hand sums and the
dcurves package on the same data."""

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression

from imbascore import decision_curve, get_scorer, net_benefit_score


def _data(seed=0, n=400, prevalence=0.15):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    # probabilities on a 0.01 grid: ties, and some equal to the thresholds
    proba = np.clip(np.round(rng.beta(2, 6, n) + 0.25 * y, 2), 0.0, 1.0)
    return y, proba


def _hand(y, acted, pt, weights=None, standardized=False):
    w = np.ones(len(y)) if weights is None else weights
    n = w.sum()
    tp = w[(y == 1) & acted].sum()
    fp = w[(y == 0) & acted].sum()
    value = tp / n - fp / n * pt / (1 - pt)
    return value / (w[y == 1].sum() / n) if standardized else value


@pytest.mark.parametrize("standardized", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_net_benefit_score_equals_the_hand_formula(standardized, weighted):
    y, proba = _data()
    weights = np.random.default_rng(1).uniform(0, 2, len(y)) if weighted else None
    for pt in (0.05, 0.2, 0.5, 0.9):
        pred = (proba >= pt).astype(int)
        got = net_benefit_score(
            y,
            pred,
            threshold_probability=pt,
            standardized=standardized,
            sample_weight=weights,
        )
        assert got == pytest.approx(
            _hand(y, pred == 1, pt, weights, standardized), abs=1e-12
        )


def test_net_benefit_of_string_labels_and_another_positive_class():
    y, proba = _data(2)
    labels = np.where(y == 1, "sick", "well")
    pred = np.where(proba >= 0.2, "sick", "well")
    got = net_benefit_score(labels, pred, threshold_probability=0.2, pos_label="sick")
    assert got == pytest.approx(_hand(y, pred == "sick", 0.2))
    # acting on the 'well' ones: they are the positives now
    got = net_benefit_score(labels, pred, threshold_probability=0.2, pos_label="well")
    assert got == pytest.approx(_hand(1 - y, pred == "well", 0.2))
    with pytest.raises(ValueError, match="'pos_label'"):
        net_benefit_score(labels, pred, threshold_probability=0.2, pos_label="x")


@pytest.mark.parametrize("pt", [0.0, 1.0, -0.5, 2, float("nan"), True, "0.1"])
def test_threshold_probability_outside_the_open_interval_is_refused(pt):
    with pytest.raises(ValueError, match=r"'threshold_probability'.*\(0, 1\)"):
        net_benefit_score([0, 1], [0, 1], threshold_probability=pt)
    with pytest.raises(ValueError, match="'threshold_probability'"):
        get_scorer("net_benefit", threshold_probability=pt)


def test_decision_curve_equals_the_dcurves_package():
    pd = pytest.importorskip("pandas")
    dcurves = pytest.importorskip("dcurves")
    y, proba = _data(3, n=600)
    thresholds = np.round(np.arange(0.01, 1.0, 0.01), 2)
    curve = decision_curve(y, proba, thresholds=thresholds, random_state=0)
    theirs = dcurves.dca(
        data=pd.DataFrame({"y": y, "model": proba}),
        outcome="y",
        modelnames=["model"],
        thresholds=list(thresholds),
    )
    model = theirs[theirs.model == "model"].sort_values("threshold")
    everyone = theirs[theirs.model == "all"].sort_values("threshold")
    np.testing.assert_allclose(model.threshold, curve.thresholds)
    np.testing.assert_allclose(curve.net_benefit, model.net_benefit, atol=1e-12)
    np.testing.assert_allclose(curve.treat_all, everyone.net_benefit, atol=1e-12)
    # and each point is the score function on the thresholded predictions
    for pt, value in zip(curve.thresholds, curve.net_benefit):
        pred = (proba >= pt).astype(int)
        assert value == pytest.approx(
            net_benefit_score(y, pred, threshold_probability=pt), abs=1e-12
        )


def test_standardized_curve_is_divided_by_the_prevalence():
    y, proba = _data(4)
    plain = decision_curve(y, proba, random_state=0)
    standard = decision_curve(y, proba, standardized=True, random_state=0)
    np.testing.assert_allclose(
        standard.net_benefit, plain.net_benefit / y.mean(), atol=1e-12
    )
    np.testing.assert_allclose(standard.treat_all, plain.treat_all / y.mean())


def test_band_covers_the_population_net_benefit():
    """Data drawn from a known model: the pointwise 95% band at a threshold
    covers the population's net benefit in about 95% of the draws."""
    from scipy.stats import norm

    rng = np.random.default_rng(0)
    pt, prevalence, shift, covered, runs = 0.2, 0.2, 1.5, 0, 200
    # scores: positives N(shift, 1), negatives N(0, 1); act where proba >= pt
    cut = 0.6
    tpr, fpr = norm.sf(cut - shift), norm.sf(cut)
    truth = prevalence * tpr - (1 - prevalence) * fpr * pt / (1 - pt)
    for _ in range(runs):
        y = (rng.random(300) < prevalence).astype(int)
        scores = rng.normal(size=300) + shift * y
        proba = np.where(scores >= cut, 0.5, 0.1)  # acted on above the cut
        curve = decision_curve(
            y,
            proba,
            thresholds=[pt],
            n_resamples=1000,
            random_state=int(rng.integers(1 << 30)),
        )
        covered += curve.low[0] <= truth <= curve.high[0]
    assert 0.91 <= covered / runs <= 0.99


def test_useful_range_and_repr():
    y, proba = _data(5, n=2000)
    curve = decision_curve(y, proba, random_state=0)
    low, high = curve.useful_range()
    assert 0 < low < high < 1
    inside = (curve.thresholds >= low) & (curve.thresholds <= high)
    assert np.all(curve.net_benefit[curve.thresholds == low] > 0)
    assert inside.sum() >= 2
    text = str(curve)
    assert text.startswith("DecisionCurve(99 threshold probabilities")
    assert f"from {low:.3g} to {high:.3g}" in text


@pytest.mark.parametrize(
    "thresholds, match",
    [
        ([], "non-empty"),
        ([0.1, 0.1], "increasing"),
        ([0.3, 0.2], "increasing"),
        ([0.0, 0.5], r"\(0, 1\)"),
        ([0.5, 1.0], r"\(0, 1\)"),
    ],
)
def test_decision_curve_bad_thresholds(thresholds, match):
    y, proba = _data()
    with pytest.raises(ValueError, match=match) as error:
        decision_curve(y, proba, thresholds=thresholds)
    assert "'thresholds'" in str(error.value)


def test_net_benefit_scorer_reads_predict():
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=0)
    model = LogisticRegression().fit(X, y)
    scorer = get_scorer("net_benefit", threshold_probability=0.1)
    assert scorer(model, X, y) == pytest.approx(
        net_benefit_score(y, model.predict(X), threshold_probability=0.1)
    )


def test_display_draws_the_references_once_and_each_model(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from imbascore.plot import DecisionCurveDisplay

    X, y = make_classification(n_samples=600, weights=[0.85], random_state=0)
    good = LogisticRegression().fit(X, y)
    weak = LogisticRegression().fit(X[:, :1], y)
    first = DecisionCurveDisplay.from_estimator(good, X, y, random_state=0)
    second = DecisionCurveDisplay.from_estimator(
        weak, X[:, :1], y, ax=first.ax_, name="one feature", random_state=0
    )
    labels = [line.get_label() for line in second.ax_.get_lines()]
    assert labels.count("treat all") == 1 and labels.count("treat none") == 1
    assert "LogisticRegression" in labels and "one feature" in labels
    np.testing.assert_allclose(
        first.line_.get_ydata(),
        decision_curve(y, good.predict_proba(X)[:, 1], random_state=0).net_benefit,
    )
    first.figure_.savefig(tmp_path / "curve.png")
    assert (tmp_path / "curve.png").stat().st_size > 0
