"""Bands of the ROC, PR and PRG curves."""

import numpy as np
import pytest
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


def test_prg_estimate_is_the_gain_of_the_pr_step_rule():
    y, scores, _ = _data()
    pi = y.mean()
    band = curve_band(y, scores, curve="prg", n_resamples=20, random_state=0)
    precision, recall, _ = precision_recall_curve(y, scores, drop_intermediate=False)
    precision, recall = precision[::-1][1:], recall[::-1][1:]
    with np.errstate(divide="ignore"):
        recall_gain = (recall - pi) / ((1 - pi) * recall)
    expected = []
    for g in band.grid:
        p = precision[np.flatnonzero(recall_gain >= g - 1e-12)[0]]
        expected.append((p - pi) / ((1 - pi) * p))
    np.testing.assert_allclose(band.estimate, expected, rtol=0, atol=1e-9)
    # at recall gain 1 (recall 1): the gain of the first threshold recalling all
    assert band.estimate[-1] == pytest.approx(expected[-1]) and band.grid[-1] == 1.0


@pytest.mark.parametrize("curve", ["roc", "pr", "prg"])
def test_pointwise_band_inside_simultaneous_band(curve):
    y, scores, weights = _data(seed=2, weighted=True)
    kwargs = dict(curve=curve, n_resamples=300, random_state=1, sample_weight=weights)
    pointwise = curve_band(y, scores, method="pointwise", **kwargs)
    simultaneous = curve_band(y, scores, method="simultaneous", **kwargs)
    np.testing.assert_array_equal(pointwise.estimate, simultaneous.estimate)
    assert (simultaneous.low <= pointwise.low).all()
    assert (simultaneous.high >= pointwise.high).all()
    # wider somewhere: the simultaneous level is above the pointwise one
    width = simultaneous.high - simultaneous.low
    assert (width > pointwise.high - pointwise.low).any()
    assert (pointwise.low <= pointwise.high).all()


def test_simultaneous_band_holds_the_stated_share_of_resampled_curves():
    from imbascore._ranking.bands import _simultaneous

    rng = np.random.default_rng(0)
    values = np.cumsum(rng.normal(size=(500, 30)), axis=1)
    low, high = _simultaneous(values, 0.9)
    inside = ((values >= low) & (values <= high)).all(axis=1)
    assert 0.9 <= inside.mean() < 0.92


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
