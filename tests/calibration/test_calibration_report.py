"""calibration_report: every number equals its function, intervals behave,
the deployment ratio, the repr and the frame."""

import math
import warnings

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims


def _data(seed=0, n=600, slope=1.0):
    rng = np.random.default_rng(seed)
    p = 1 / (1 + np.exp(-(rng.normal(-2.0, 1.2, n))))
    truth = 1 / (1 + np.exp(-(slope * np.log(p / (1 - p)))))
    y = (rng.uniform(size=n) < truth).astype(int)
    return y, p


@pytest.fixture(scope="module")
def report():
    y, p = _data()
    return y, p, ims.calibration_report(y, p, n_resamples=300, random_state=0)


def test_every_number_is_its_function(report):
    y, p, r = report
    assert r.brier.estimate == pytest.approx(ims.brier_score_loss(y, p), abs=1e-14)
    for stratum in ("positive", "negative", "balanced"):
        name = "balanced_brier" if stratum == "balanced" else f"brier_{stratum}"
        expected = ims.brier_score_loss(y, p, stratum=stratum)
        assert getattr(r, name).estimate == pytest.approx(expected, abs=1e-14)
    assert r.log_loss.estimate == pytest.approx(ims.log_loss(y, p), abs=1e-14)
    d = ims.calibration_decomposition(y, p)
    assert (r.mcb.estimate, r.dsc.estimate, r.unc.estimate) == pytest.approx(
        (d.mcb, d.dsc, d.unc), abs=1e-14
    )
    assert r.ece.estimate == pytest.approx(
        ims.expected_calibration_error(y, p), abs=1e-14
    )
    line = ims.calibration_intercept_slope(y, p)
    assert r.intercept == line.intercept and r.slope == line.slope


def test_intervals_hold_their_estimates_where_unbiased(report):
    _, _, r = report
    for name in ("brier", "brier_positive", "brier_negative", "log_loss", "unc"):
        number = getattr(r, name)
        assert number.low < number.estimate < number.high, name
    assert r.p_value > 0.05  # a calibrated model


def test_wald_intervals_cover_a_calibrated_models_line():
    # 60 calibrated samples: a 95% interval misses about 3 times (sd 1.7)
    covered = {"intercept": 0, "slope": 0}
    for seed in range(60):
        line = ims.calibration_intercept_slope(*_data(seed))
        covered["intercept"] += line.intercept.low < 0 < line.intercept.high
        covered["slope"] += line.slope.low < 1 < line.slope.high
    assert min(covered.values()) >= 52, covered


def test_a_miscalibrated_model_is_found():
    y, p = _data(1, n=2000, slope=0.5)  # probabilities too extreme
    r = ims.calibration_report(y, p, n_resamples=200, random_state=0)
    assert r.slope.high < 1
    assert r.p_value < 0.01
    assert r.mcb.low > 0


def test_same_seed_same_report_and_other_seed_other_intervals():
    y, p = _data(2)
    a = ims.calibration_report(y, p, n_resamples=100, random_state=3)
    b = ims.calibration_report(y, p, n_resamples=100, random_state=3)
    c = ims.calibration_report(y, p, n_resamples=100, random_state=4)
    assert a.to_frame().equals(b.to_frame()) and a.p_value == b.p_value
    assert not a.to_frame().equals(c.to_frame())


def test_methods_differ_as_documented():
    y, p = _data(3)
    reports = {
        method: ims.calibration_report(
            y, p, n_resamples=300, random_state=0, method=method
        )
        for method in ("percentile", "basic", "bca")
    }
    percentile, basic = reports["percentile"].mcb, reports["basic"].mcb
    # the basic interval is the percentile one reflected about the estimate
    assert basic.high == pytest.approx(2 * percentile.estimate - percentile.low)
    assert basic.low == max(0.0, 2 * percentile.estimate - percentile.high)
    assert reports["bca"].mcb.estimate == percentile.estimate


def test_deployment_ratio_rescales_the_classes():
    y, p = _data(4)
    r = ims.calibration_report(y, p, prevalence=0.5, n_resamples=100, random_state=0)
    assert r.prevalence == 0.5
    assert r.positives == pytest.approx(r.negatives)
    assert r.brier.estimate == pytest.approx(
        ims.brier_score_loss(y, p, prevalence=0.5), abs=1e-14
    )
    assert r.balanced_brier.estimate == pytest.approx(r.brier.estimate, abs=1e-14)
    # each class resampled on its own: UNC (a function of the share) is fixed
    assert r.unc.low == r.unc.high == pytest.approx(0.25)
    # the positives' own Brier score does not depend on the ratio
    plain = ims.calibration_report(y, p, n_resamples=100, random_state=0)
    assert r.brier_positive.estimate == pytest.approx(plain.brier_positive.estimate)


def test_weights_of_two_are_repeated_rows_in_the_estimates():
    y, p = _data(5, n=200)
    w = np.where(np.arange(200) % 4 == 0, 2.0, 1.0)
    rows = np.repeat(np.arange(200), w.astype(int))
    a = ims.calibration_report(y, p, sample_weight=w, n_resamples=50, random_state=0)
    b = ims.calibration_report(y[rows], p[rows], n_resamples=50, random_state=0)
    for name in a.numbers:
        assert getattr(a, name).estimate == pytest.approx(
            getattr(b, name).estimate, rel=1e-9
        ), name


def test_probabilities_of_zero_or_one_leave_the_line_undefined():
    y, p = _data(6)
    p = p.copy()
    p[0] = 0.0
    with pytest.warns(UndefinedMetricWarning, match="have no logit"):
        r = ims.calibration_report(y, p, n_resamples=50, random_state=0)
    assert math.isnan(r.slope.estimate) and math.isnan(r.intercept.high)
    assert math.isfinite(r.brier.estimate)


def test_one_class_warns_for_the_class_it_lacks():
    p = np.linspace(0.05, 0.5, 40)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = ims.calibration_report(np.zeros(40, int), p, n_resamples=20, random_state=0)
    messages = " ".join(str(w.message) for w in caught)
    assert "positive samples is undefined" in messages
    assert "intercept and slope are undefined" in messages
    assert math.isnan(r.brier_positive.estimate)
    assert r.brier_negative.estimate == pytest.approx(np.mean(p**2))


def test_repr_and_frame_are_readable(report):
    _, _, r = report
    text = repr(r)
    assert text.startswith("CalibrationReport(n_samples=600, positives=")
    assert "  brier_positive  " in text and "p = " in text
    frame = r.to_frame()
    assert list(frame.index) == list(r.numbers)
    assert list(frame.columns) == ["estimate", "low", "high"]
    assert frame.loc["slope", "estimate"] == r.slope.estimate
    assert repr(r.slope).count("[") == 1


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"method": "studentized"}, "'method' parameter of calibration_report"),
        ({"n_resamples": 0}, "'n_resamples' parameter of calibration_report"),
        ({"confidence_level": 95}, "'confidence_level' parameter"),
        ({"n_bins": 0}, "'n_bins' parameter of calibration_report"),
        ({"strategy": "kmeans"}, "'strategy' parameter of calibration_report"),
        ({"prevalence": 1.0}, "'prevalence' parameter of calibration_report"),
    ],
)
def test_bad_parameters_are_named(kwargs, match):
    y, p = _data(7, n=50)
    with pytest.raises((ValueError, TypeError), match=match):
        ims.calibration_report(y, p, **kwargs)
