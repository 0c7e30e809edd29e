"""The stratified bootstrap by reweighting one sorted order, against a naive
bootstrap that draws the samples and lets scikit-learn sort them again."""

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import average_precision_score, roc_auc_score

from imbascore._ranking.bootstrap import (
    bootstrap_interval,
    bootstrap_values,
    count_chunks,
    jackknife_values,
    paired_bootstrap,
)
from imbascore._ranking.inputs import read_ranked

SKLEARN = {"roc_auc": roc_auc_score, "average_precision": average_precision_score}


def _data(n=60, seed=0, weighted=False, share=0.3):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < share).astype(int)
    y[:2], y[2:4] = 1, 0
    # rounded scores: many ties
    scores = np.round(rng.normal(size=n) + y, 1)
    weights = rng.uniform(0.2, 3.0, n) if weighted else None
    return y, scores, weights


def _naive_indices(y, n_resamples, seed):
    """The samples of each resample, drawn as bootstrap.py documents it."""
    rng = np.random.default_rng(seed)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    for _ in range(n_resamples):
        drawn_pos = pos[rng.integers(0, len(pos), size=len(pos))]
        drawn_neg = neg[rng.integers(0, len(neg), size=len(neg))]
        yield np.concatenate((drawn_pos, drawn_neg))


def _naive_values(y, scores, weights, metric, n_resamples, seed):
    values = []
    for index in _naive_indices(y, n_resamples, seed):
        w = None if weights is None else weights[index]
        values.append(SKLEARN[metric](y[index], scores[index], sample_weight=w))
    return np.array(values)


@pytest.mark.parametrize("metric", ["roc_auc", "average_precision"])
@pytest.mark.parametrize("weighted", [False, True])
def test_reweighting_equals_naive_resorting_bootstrap(metric, weighted):
    y, scores, weights = _data(weighted=weighted)
    _, ranked = read_ranked(y, scores, weights, "test")
    assert ranked.n_groups < len(y)  # ties
    values = bootstrap_values(ranked, metric, {}, 150, np.random.default_rng(7))
    naive = _naive_values(y, scores, weights, metric, 150, 7)
    np.testing.assert_allclose(values, naive, rtol=0, atol=1e-12)


def test_chunks_give_the_same_draws(monkeypatch):
    import imbascore._ranking.bootstrap as module

    y, scores, weights = _data(weighted=True)
    _, ranked = read_ranked(y, scores, weights, "test")
    whole = bootstrap_values(ranked, "roc_auc", {}, 40, np.random.default_rng(3))
    monkeypatch.setattr(module, "_CHUNK_CELLS", 7)
    pieces = bootstrap_values(ranked, "roc_auc", {}, 40, np.random.default_rng(3))
    np.testing.assert_allclose(whole, pieces, rtol=0, atol=1e-12)


def test_a_random_state_draws_as_a_generator_does():
    y, scores, _ = _data()
    _, ranked = read_ranked(y, scores, None, "test")
    values = bootstrap_values(ranked, "roc_auc", {}, 30, np.random.RandomState(5))
    assert values.shape == (30,) and np.isfinite(values).all()


def test_stratification_keeps_each_class_total():
    y, scores, _ = _data(n=80, seed=4)
    _, ranked = read_ranked(y, scores, None, "test")
    for tp, fp in count_chunks(ranked, 50, np.random.default_rng(0)):
        assert (tp[:, -1] == y.sum()).all()
        assert (fp[:, -1] == (y == 0).sum()).all()


def test_one_positive_still_defines_the_metric_on_every_resample():
    y = np.array([1, 0, 0, 0, 0])
    scores = np.array([0.3, 0.1, 0.5, 0.2, 0.4])
    _, ranked = read_ranked(y, scores, None, "test")
    values = bootstrap_values(ranked, "roc_auc", {}, 100, np.random.default_rng(0))
    assert np.isfinite(values).all()


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("metric", ["roc_auc", "average_precision"])
def test_intervals_contain_the_estimate(method, metric):
    y, scores, weights = _data(n=300, seed=1, weighted=True)
    _, ranked = read_ranked(y, scores, weights, "test")
    estimate, low, high = bootstrap_interval(
        ranked, metric, {}, method=method, n_resamples=400, rng=np.random.default_rng(0)
    )
    assert estimate == pytest.approx(
        SKLEARN[metric](y, scores, sample_weight=weights), abs=1e-12
    )
    assert low < estimate < high


def test_bca_is_the_textbook_formula_with_the_leave_one_out_jackknife():
    y, scores, _ = _data(n=30, seed=2, share=0.4)
    _, ranked = read_ranked(y, scores, None, "test")
    estimate, low, high = bootstrap_interval(
        ranked,
        "roc_auc",
        method="bca",
        confidence_level=0.9,
        n_resamples=300,
        rng=np.random.default_rng(11),
    )
    # by hand: draws by re-sorting, the jackknife by leaving each sample out
    draws = _naive_values(y, scores, None, "roc_auc", 300, 11)
    theta = roc_auc_score(y, scores)
    keep = np.ones(len(y), bool)
    jack = []
    for i in range(len(y)):
        keep[:] = True
        keep[i] = False
        jack.append(roc_auc_score(y[keep], scores[keep]))
    jack = np.array(jack)
    z0 = stats.norm.ppf(np.mean(draws < theta) + 0.5 * np.mean(draws == theta))
    d = jack.mean() - jack
    a = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    alphas = [
        stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
        for z in stats.norm.ppf([0.05, 0.95])
    ]
    expected = np.quantile(draws, alphas)
    assert estimate == pytest.approx(theta, abs=1e-12)
    assert [low, high] == pytest.approx(list(expected), abs=1e-12)
    assert a != 0 and z0 != 0  # the corrections are exercised


def test_grouped_jackknife_leaves_out_stratified_blocks():
    y, scores, weights = _data(n=1000, seed=3, weighted=True)
    _, ranked = read_ranked(y, scores, weights, "test")
    values = jackknife_values(ranked, "roc_auc", {}, np.random.default_rng(0))
    assert values.shape == (200,)
    full = roc_auc_score(y, scores, sample_weight=weights)
    assert np.isfinite(values).all() and np.abs(values - full).max() < 0.02
    # leave-one-out below the block count equals leaving each sample out
    values = jackknife_values(
        ranked, "average_precision", {}, np.random.default_rng(0), max_blocks=2000
    )
    keep = np.arange(1000) != 17
    assert values[17] == pytest.approx(
        average_precision_score(y[keep], scores[keep], sample_weight=weights[keep]),
        abs=1e-12,
    )


def test_paired_identical_scores_differ_by_nothing():
    y, scores, _ = _data()
    _, ranked = read_ranked(y, scores, None, "test")
    result = paired_bootstrap(
        ranked,
        ranked,
        "average_precision",
        n_resamples=200,
        rng=np.random.default_rng(0),
    )
    assert result.difference == 0 and result.low == 0 and result.high == 0
    assert result.pvalue == 1.0
    assert "PairedBootstrap(metric='average_precision'" in repr(result)


@pytest.mark.parametrize("weighted", [False, True])
def test_paired_equals_the_naive_paired_bootstrap(weighted):
    y, scores_a, weights = _data(weighted=weighted)
    scores_b = np.round(scores_a + np.random.default_rng(9).normal(size=len(y)), 1)
    _, ranked_a = read_ranked(y, scores_a, weights, "test")
    _, ranked_b = read_ranked(y, scores_b, weights, "test")
    result = paired_bootstrap(
        ranked_a,
        ranked_b,
        "roc_auc",
        confidence_level=0.8,
        n_resamples=120,
        rng=np.random.default_rng(4),
    )
    differences = _naive_values(y, scores_a, weights, "roc_auc", 120, 4) - (
        _naive_values(y, scores_b, weights, "roc_auc", 120, 4)
    )
    assert result.score_a == pytest.approx(
        roc_auc_score(y, scores_a, sample_weight=weights), abs=1e-12
    )
    assert result.difference == pytest.approx(result.score_a - result.score_b)
    low, high = np.quantile(differences, [0.1, 0.9])
    assert [result.low, result.high] == pytest.approx([low, high], abs=1e-12)
    tail = min(np.mean(differences <= 0), np.mean(differences >= 0))
    assert result.pvalue == pytest.approx(min(1.0, 2 * tail))


def test_paired_needs_the_same_samples():
    y, scores, _ = _data()
    _, ranked_a = read_ranked(y, scores, None, "test")
    _, ranked_b = read_ranked(1 - y, scores, None, "test")
    with pytest.raises(ValueError, match="same samples"):
        paired_bootstrap(
            ranked_a, ranked_b, "roc_auc", n_resamples=5, rng=np.random.default_rng()
        )


def test_unknown_metric_and_method_are_named():
    y, scores, _ = _data()
    _, ranked = read_ranked(y, scores, None, "test")
    with pytest.raises(ValueError, match="Unknown ranking metric 'auc'.*roc_auc"):
        bootstrap_values(ranked, "auc", {}, 5, np.random.default_rng())
    with pytest.raises(ValueError, match="method.*'bca'.*'basic'"):
        bootstrap_interval(
            ranked, "roc_auc", method="basic", rng=np.random.default_rng()
        )


def test_a_callable_metric_is_used_as_it_is():
    y, scores, _ = _data()
    _, ranked = read_ranked(y, scores, None, "test")
    values = bootstrap_values(
        ranked, lambda tp, fp: float(tp[-1] / fp[-1]), None, 4, np.random.default_rng()
    )
    assert values == pytest.approx(np.full(4, y.sum() / (y == 0).sum()))
