"""The logistic calibration line where its likelihood has no maximum: NaN
with an UndefinedMetricWarning and a note in the result, never a large,
meaningless slope (issue 49 item 3, issue 57 item 4)."""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims

SEPARATED_Y = [
    "pos",
    "neg",
    "pos",
    "pos",
    "neg",
    "neg",
    "neg",
    "pos",
    "pos",
    "neg",
    "neg",
]
SEPARATED_P = [0.64, 0.2, 0.86, 0.73, 0.14, 0.53, 0.56, 0.89, 0.82, 0.09, 0.09]


def test_complete_separation_gives_a_nan_slope_with_a_warning():
    """Every positive at p >= 0.64, every negative at p <= 0.56: the old
    code returned slope 221.8 (standard error 6e14) without a warning."""
    with pytest.warns(UndefinedMetricWarning, match="completely separated"):
        line = ims.calibration_intercept_slope(
            SEPARATED_Y, SEPARATED_P, pos_label="pos"
        )
    assert np.isnan(line.slope.estimate) and np.isnan(line.slope_se)
    assert np.isnan(line.slope.low) and np.isnan(line.slope.high)
    # the intercept's model (logit p an offset) has a maximum: kept
    assert np.isfinite(line.intercept.estimate)
    assert "p >= 0.64" in line.note and "p <= 0.56" in line.note
    assert "note=" in repr(line)


@pytest.mark.parametrize(
    "y, p, kind",
    [
        # quasi-complete: the classes touch at 0.5 only
        ([0, 0, 1, 0, 1, 1], [0.1, 0.3, 0.5, 0.5, 0.7, 0.9], "quasi-completely"),
        # reversed: every positive below every negative
        ([1, 1, 0, 0], [0.1, 0.2, 0.6, 0.8], "completely"),
        ([1, 1, 0, 1, 0, 0], [0.1, 0.2, 0.4, 0.4, 0.6, 0.8], "quasi-completely"),
    ],
)
def test_quasi_complete_and_reversed_separation(y, p, kind):
    with pytest.warns(UndefinedMetricWarning, match=f"{kind} separated"):
        line = ims.calibration_intercept_slope(y, p)
    assert np.isnan(line.slope.estimate)


def test_weight_zero_rows_do_not_count_for_separation():
    """A weightless positive among the negatives does not undo separation."""
    y = [0, 0, 1, 1, 1]
    p = [0.2, 0.4, 0.3, 0.7, 0.8]
    with pytest.warns(UndefinedMetricWarning, match="separated"):
        line = ims.calibration_intercept_slope(y, p, sample_weight=[1, 1, 0, 1, 1])
    assert np.isnan(line.slope.estimate)


def test_overlapping_classes_still_fit_without_a_note():
    y = [0, 0, 1, 0, 1, 1, 0, 1]
    p = [0.1, 0.3, 0.2, 0.6, 0.7, 0.9, 0.4, 0.5]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        line = ims.calibration_intercept_slope(y, p)
    assert line.note is None and "note" not in repr(line)
    assert round(line.slope.estimate, 3) == 0.886


def test_report_says_why_the_line_is_nan_at_probabilities_0_and_1():
    """Issue 57 item 4: a forest's votes of exactly 0 or 1 have no logit;
    the report itself (not only a warning) says so and what to do."""
    rng = np.random.default_rng(0)
    y = (rng.random(120) < 0.3).astype(int)
    p = np.clip(np.round(rng.random(120) * 0.6 + 0.4 * y, 1), 0, 1)
    assert p.min() == 0.0 and p.max() == 1.0
    with pytest.warns(UndefinedMetricWarning, match="exactly 0 or 1"):
        report = ims.calibration_report(y, p, n_resamples=20, random_state=0)
    assert np.isnan(report.slope.estimate) and np.isnan(report.intercept.estimate)
    assert "exactly 0 or 1" in report.note
    assert "np.clip" in report.note and "inside (0, 1)" in report.note
    assert "note: " in repr(report)


def test_report_notes_separation():
    with pytest.warns(UndefinedMetricWarning, match="separated"):
        report = ims.calibration_report(
            SEPARATED_Y, SEPARATED_P, pos_label="pos", n_resamples=20, random_state=0
        )
    assert np.isnan(report.slope.estimate)
    assert "separated" in report.note and "note: " in repr(report)
