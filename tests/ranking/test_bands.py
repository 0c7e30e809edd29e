"""Bands of the ROC, PR and PRG curves."""

import numpy as np
import pytest
from scipy.stats import kstwo, norm
from sklearn.metrics import precision_recall_curve, roc_curve

from imbascore._ranking.bands import CurveBand, curve_band


def _data(n=300, seed=0, weighted=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.2).astype(int)
    scores = np.round(rng.normal(size=n) + 1.2 * y, 1)  # ties
    weights = rng.uniform(0.5, 2.0, n) if weighted else None
    return y, scores, weights


def _roc_reference(y, scores, weights, grid):
    """The stated rule by hand on scikit-learn's curve: at a grid FPR the
    curve reaches, its largest TPR; elsewhere linear between the points."""
    fpr, tpr, _ = roc_curve(y, scores, sample_weight=weights, drop_intermediate=False)
    out = []
    for x in grid:
        hit = np.isclose(fpr, x, rtol=0, atol=1e-12)
        if hit.any():
            out.append(tpr[hit].max())
            continue
        left = np.flatnonzero(fpr < x)[-1]
        right = np.flatnonzero(fpr > x)[0]
        share = (x - fpr[left]) / (fpr[right] - fpr[left])
        out.append(tpr[left] + share * (tpr[right] - tpr[left]))
    return np.array(out)


@pytest.mark.parametrize("weighted", [False, True])
def test_roc_estimate_is_sklearn_curve_on_the_grid(weighted):
    y, scores, weights = _data(weighted=weighted)
    band = curve_band(y, scores, sample_weight=weights, n_resamples=20, random_state=0)
    expected = _roc_reference(y, scores, weights, band.grid)
    np.testing.assert_allclose(band.estimate, expected, rtol=0, atol=1e-12)
    assert band.grid.shape == (101,) and band.grid[37] == 0.37


def test_pr_estimate_is_the_step_rule_on_sklearn_curve():
    y, scores, _ = _data()
    grid = np.linspace(0.005, 1, 57)
    band = curve_band(y, scores, curve="pr", grid=grid, n_resamples=20, random_state=0)
    precision, recall, _ = precision_recall_curve(y, scores, drop_intermediate=False)
    # sklearn's arrays run from the lowest threshold up; reverse them
    precision, recall = precision[::-1][1:], recall[::-1][1:]
    expected = [precision[np.flatnonzero(recall >= r)[0]] for r in grid]
    np.testing.assert_allclose(band.estimate, expected, rtol=0, atol=1e-12)


def test_prg_estimate_is_the_exact_prg_curve_joined_linearly():
    """The PRG estimate reads the exact curve (its points joined by straight
    lines, as PRG space allows and the display draws it; at a vertical
    segment, its top): the curve lies inside its own band."""
    from imbascore import precision_recall_gain_curve

    y, scores, _ = _data()
    band = curve_band(y, scores, curve="prg", n_resamples=200, random_state=0)
    gain_p, gain_r, _ = precision_recall_gain_curve(y, scores)
    gain_p, gain_r = gain_p[::-1], gain_r[::-1]  # increasing recall gain
    expected = []
    for g in band.grid:
        j = np.flatnonzero(gain_r >= g)[0]  # the first point at or right of g
        if gain_r[j] == g:  # on a point; on a vertical segment, its top
            expected.append(gain_p[j])
        else:
            t = (g - gain_r[j - 1]) / (gain_r[j] - gain_r[j - 1])
            expected.append(gain_p[j - 1] + t * (gain_p[j] - gain_p[j - 1]))
    np.testing.assert_allclose(band.estimate, expected, rtol=0, atol=1e-9)
    assert np.all(band.low <= band.estimate) and np.all(band.estimate <= band.high)


ISSUE_Y = [1, 0, 1, 1, 0, 0, 1, 0]
ISSUE_SCORES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2]


@pytest.mark.parametrize("method", ["simultaneous", "pointwise"])
def test_prg_reading_is_linear_with_the_top_of_a_vertical_segment(method):
    """Issue 49 item 2: the points (RG, PG) of this ranking are (0, 0.5)
    (the crossing), (1/3, 2/3)... (2/3, 1/2)... and at recall gain 1 the
    threshold 0.3 (4 TP, 3 FP: precision 4/7, gain 1/4) before the curve's
    end (gain 0). Linear between the points (0.625 at 0.5, where the step
    rule would give 2/3); at recall gain 1 the top, 1/4, not the end, 0."""
    band = curve_band(
        ISSUE_Y,
        ISSUE_SCORES,
        curve="prg",
        method=method,
        grid=[0, 0.5, 1],
        n_resamples=50,
        random_state=0,
    )
    np.testing.assert_allclose(band.estimate, [0.5, 0.625, 0.25], atol=1e-12)
    assert np.all(band.low <= band.estimate) and np.all(band.estimate <= band.high)


def _ranked(y, scores, weights=None):
    from imbascore._ranking.inputs import read_ranked

    return read_ranked(y, scores, weights, "curve_band")[1]


@pytest.mark.parametrize("level", [0.8, 0.95])
def test_ks_half_widths_are_kstwo_at_the_root_of_the_level(level):
    from imbascore._ranking.bands import ks_half_widths

    y, scores, _ = _data()
    m, n = int(y.sum()), int((1 - y).sum())
    d_m, d_n = ks_half_widths(_ranked(y, scores), level)
    assert d_m == kstwo.ppf(np.sqrt(level), m)
    assert d_n == kstwo.ppf(np.sqrt(level), n)
    # weights: each class's Kish size, rounded down; equal weights: the count
    d_equal = ks_half_widths(_ranked(y, scores, np.full(y.shape, 2.5)), level)
    assert d_equal == (d_m, d_n)
    weights = np.where(np.arange(y.size) % 2 == 0, 1.0, 3.0)
    kish = [
        int(np.floor(weights[mask].sum() ** 2 / (weights[mask] ** 2).sum()))
        for mask in (y == 1, y == 0)
    ]
    assert kish[0] < m and kish[1] < n
    d_kish = ks_half_widths(_ranked(y, scores, weights), level)
    assert d_kish == tuple(kstwo.ppf(np.sqrt(level), k) for k in kish)


def test_roc_band_of_perfect_rankings_is_shifted_by_both_widths():
    # empirical ROC: up to TPR 1 at FPR 0; band low: 0 up to FPR d_n, then
    # 1 - d_m; band high: 1 everywhere (clipped)
    y = np.r_[np.ones(10, int), np.zeros(40, int)]
    scores = -np.arange(50.0)
    band = curve_band(y, scores, method="simultaneous", confidence_level=0.9)
    d_m = kstwo.ppf(np.sqrt(0.9), 10)
    d_n = kstwo.ppf(np.sqrt(0.9), 40)
    expected = np.where(band.grid <= d_n, 0.0, 1.0 - d_m)
    np.testing.assert_allclose(band.low, expected, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(band.high, 1.0)
    assert band.n_resamples == 0
    # reversed: the empirical ROC runs along FPR at TPR 0, then up at FPR 1;
    # band high: d_m up to FPR 1 - d_n, then 1; band low: 0
    band = curve_band(1 - y, scores, method="simultaneous", confidence_level=0.9)
    d_m = kstwo.ppf(np.sqrt(0.9), 40)
    d_n = kstwo.ppf(np.sqrt(0.9), 10)
    expected = np.where(band.grid + d_n >= 1.0, 1.0, d_m)
    np.testing.assert_allclose(band.high, expected, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(band.low, 0.0)


@pytest.mark.parametrize("curve", ["roc", "pr", "prg"])
@pytest.mark.parametrize("weighted", [False, True])
def test_simultaneous_band_holds_the_estimate(curve, weighted):
    y, scores, weights = _data(seed=2, weighted=weighted)
    band = curve_band(
        y, scores, curve=curve, method="simultaneous", sample_weight=weights
    )
    assert (band.low <= band.estimate).all() and (band.estimate <= band.high).all()
    assert (band.low < band.high).all()
    # no resampling: the seed and the number of resamples change nothing
    other = curve_band(
        y,
        scores,
        curve=curve,
        method="simultaneous",
        sample_weight=weights,
        n_resamples=7,
        random_state=5,
    )
    np.testing.assert_array_equal(band.low, other.low)
    np.testing.assert_array_equal(band.high, other.high)


@pytest.mark.parametrize("curve", ["pr"])
def test_pr_band_is_widened_to_the_step_rule_at_ties(curve):
    from imbascore._ranking.bands import _fixed_width, ks_half_widths

    # two scores: past recall 0.7 the step rule reads precision pi (all
    # predicted positive), below the band of the interpolated curve
    y = np.r_[np.ones(300, int), np.zeros(3000, int)]
    scores = np.r_[np.arange(300) < 210, np.arange(3000) < 900].astype(float)
    band = curve_band(y, scores, curve=curve, method="simultaneous")
    ranked = _ranked(y, scores)
    tp, fp = ranked.cumulated()
    low, _ = _fixed_width(curve, tp, fp, band.grid, *ks_half_widths(ranked, 0.95))
    assert (band.estimate < low).any()  # the case the widening is for
    assert (band.low <= band.estimate).all() and (band.estimate <= band.high).all()
    np.testing.assert_array_equal(band.low, np.minimum(low, band.estimate))


@pytest.mark.parametrize("weighted", [False, True])
def test_roc_band_is_nondecreasing_and_pr_band_in_unit_interval(weighted):
    y, scores, weights = _data(seed=4, weighted=weighted)
    kwargs = dict(method="simultaneous", sample_weight=weights)
    roc = curve_band(y, scores, **kwargs)
    assert (np.diff(roc.low) >= 0).all() and (np.diff(roc.high) >= 0).all()
    assert roc.low[0] == 0.0 and roc.high[-1] == 1.0
    assert 0.0 < roc.low.max() and roc.high.min() < 1.0  # not the trivial band
    pr = curve_band(y, scores, curve="pr", **kwargs)
    assert (pr.low >= 0).all() and (pr.high <= 1).all()
    assert pr.low[0] == 0.0 and pr.high[0] == 1.0  # recall 0: [0, 1]
    assert (pr.low[1:] > 0).all()
    prg = curve_band(y, scores, curve="prg", **kwargs)
    assert (prg.high <= 1).all() and (prg.low <= prg.high).all()


def test_simultaneous_band_covers_the_true_binormal_curves():
    # 200 data sets of 20 positives N(1, 1) and 40 negatives N(0, 1): the
    # true ROC curve is Phi(1 + Phi^-1(t)); the 95% band must hold all of it
    # (on the grid) in at least 93% of them (Campbell's band is
    # conservative: all 200 here; at level 0.5, 99%)
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(20, int), np.zeros(40, int)]
    grid = np.arange(101) / 100
    true_roc = norm.cdf(1.0 + norm.ppf(grid))
    pi = 20 / 60
    with np.errstate(divide="ignore", invalid="ignore"):
        true_pr = pi * grid / (pi * grid + (1 - pi) * norm.cdf(norm.ppf(grid) - 1))
    held = {"roc": 0, "pr": 0}
    for _ in range(200):
        scores = rng.normal(size=60) + y
        for curve, truth in (("roc", true_roc), ("pr", true_pr)):
            band = curve_band(y, scores, curve=curve, method="simultaneous")
            inside = (band.low <= truth + 1e-12) & (truth <= band.high + 1e-12)
            held[curve] += bool(inside[1:].all() if curve == "pr" else inside.all())
    assert held["roc"] / 200 >= 0.93
    assert held["pr"] / 200 >= 0.93


def test_band_is_reproducible_and_readable():
    y, scores, _ = _data()
    a = curve_band(y, scores, n_resamples=50, random_state=3)
    b = curve_band(y, scores, n_resamples=50, random_state=3)
    np.testing.assert_array_equal(a.low, b.low)
    assert isinstance(a, CurveBand)
    assert repr(a).startswith("CurveBand(curve='roc', method='pointwise', grid=[0.")
    frame = a.to_frame()
    assert list(frame.columns) == ["fpr", "tpr", "low", "high"] and len(frame) == 101


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (
            {"curve": "det"},
            r"'curve' parameter of curve_band must be one of .*'roc'.*Got 'det'",
        ),
        ({"method": "band"}, r"'method' parameter of curve_band .*Got 'band'"),
        (
            {"confidence_level": 1.5},
            r"'confidence_level' .* a float in \(0, 1\). Got 1.5",
        ),
        ({"n_resamples": 0}, r"'n_resamples' .* an int >= 1. Got 0"),
        (
            {"grid": [0.5, 0.2]},
            r"'grid' .* strictly increasing .*\[0, 1\].*Got '\[0.5, 0.2\]'",
        ),
        ({"grid": [0.0, 1.5]}, r"'grid' .*Got"),
        ({"grid": [[0.1]]}, r"'grid' .*1-D"),
    ],
)
def test_errors_name_the_parameter_rule_and_value(kwargs, match):
    y, scores, _ = _data(n=50)
    with pytest.raises(ValueError, match=match):
        curve_band(y, scores, **kwargs)


def test_one_class_is_refused():
    with pytest.raises(ValueError, match="'y_true' parameter of curve_band .*both"):
        curve_band([1, 1, 1], [0.2, 0.4, 0.3], pos_label=1)
