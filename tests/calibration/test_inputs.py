"""Every bad input of the calibration functions: a ``ValueError`` that names
the function and the parameter (scikit-learn's ``validate_params`` wording)."""

import re

import numpy as np
import pytest

from imbascore import (
    binned_reliability,
    brier_score_loss,
    calibration_decomposition,
    calibration_intercept_slope,
    expected_calibration_error,
    log_loss,
    miscalibration_score,
    reliability_diagram,
)

Y = np.array([0, 1, 0, 1, 1, 0])
P = np.array([0.1, 0.6, 0.3, 0.8, 0.35, 0.7])  # classes not separated

FUNCTIONS = [
    brier_score_loss,
    log_loss,
    calibration_decomposition,
    miscalibration_score,
    expected_calibration_error,
    calibration_intercept_slope,
    reliability_diagram,
    binned_reliability,
]

# band=None keeps reliability_diagram from resampling in the input checks
EXTRA = {reliability_diagram: {"band": None}}


def _call(func, y, p, **kwargs):
    return func(y, p, **{**EXTRA.get(func, {}), **kwargs})


def _names(func, param):
    """The message names the parameter and the function."""
    return rf"'{param}' parameter of {func.__name__}\b"


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_valid_inputs_pass(func):
    _call(func, Y, P)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", [1.2, -0.1, 1 + 1e-9])
def test_probabilities_outside_0_1(func, bad):
    p = P.copy()
    p[2] = bad
    with pytest.raises(ValueError, match=_names(func, "y_proba") + r".*\[0, 1\]"):
        _call(func, Y, p)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_infinite_probability(func):
    p = P.copy()
    p[2] = -np.inf
    with pytest.raises(ValueError, match=_names(func, "y_proba") + ".*finite"):
        _call(func, Y, p)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_nan_probability(func):
    p = P.copy()
    p[1] = np.nan
    with pytest.raises(ValueError, match=_names(func, "y_proba") + ".*NaN"):
        _call(func, Y, p)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_two_columns_of_predict_proba_get_a_hint(func):
    both = np.column_stack([1 - P, P])
    with pytest.raises(
        ValueError, match=_names(func, "y_proba") + r".*shape.*y_proba\[:, 1\]"
    ):
        _call(func, Y, both)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_wrong_length(func):
    with pytest.raises(ValueError, match=_names(func, "y_proba") + ".*length"):
        _call(func, Y, P[:-1])


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_three_classes(func):
    with pytest.raises(ValueError, match=_names(func, "y_true") + ".*binary"):
        _call(func, [0, 1, 2, 1, 0, 2], P)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_pos_label_not_in_y_true(func):
    with pytest.raises(ValueError, match=_names(func, "pos_label") + ".*Got 3"):
        _call(func, Y, P, pos_label=3)
    labels = np.where(Y == 1, "yes", "no")
    with pytest.raises(ValueError, match=_names(func, "pos_label") + ".*'maybe'"):
        _call(func, labels, P, pos_label="maybe")


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", [1.5, 0.0, 1.0, -0.2])
def test_prevalence_outside_0_1(func, bad):
    with pytest.raises(ValueError, match=_names(func, "prevalence") + r".*\(0, 1\)"):
        _call(func, Y, P, prevalence=bad)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_sample_weight_of_wrong_length(func):
    with pytest.raises(ValueError, match=_names(func, "sample_weight")):
        _call(func, Y, P, sample_weight=np.ones(Y.size + 1))


@pytest.mark.parametrize("func", [brier_score_loss, log_loss])
@pytest.mark.parametrize("bad", ["pos", "Positive", "both", 1])
def test_stratum(func, bad):
    with pytest.raises(
        ValueError, match=_names(func, "stratum") + ".*'balanced'.*Got " + repr(bad)
    ):
        func(Y, P, stratum=bad)


@pytest.mark.parametrize("func", [calibration_decomposition, miscalibration_score])
@pytest.mark.parametrize("bad", ["mse", "Brier", "log-loss"])
def test_score(func, bad):
    with pytest.raises(
        ValueError, match=_names(func, "score") + ".*'log_loss'.*Got " + repr(bad)
    ):
        func(Y, P, score=bad)


BINNED = [expected_calibration_error, binned_reliability]


@pytest.mark.parametrize("func", BINNED, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_n_bins(func, bad):
    with pytest.raises(ValueError, match=_names(func, "n_bins") + ".*>= 1"):
        func(Y, P, n_bins=bad)


@pytest.mark.parametrize("func", BINNED, ids=lambda f: f.__name__)
def test_strategy(func):
    with pytest.raises(
        ValueError, match=_names(func, "strategy") + ".*'quantile'.*Got 'equal'"
    ):
        func(Y, P, strategy="equal")


def test_norm():
    with pytest.raises(
        ValueError,
        match=_names(expected_calibration_error, "norm") + ".*'max'.*Got 'l3'",
    ):
        expected_calibration_error(Y, P, norm="l3")


@pytest.mark.parametrize("norm", ["l1", "max"])
def test_squared_needs_l2(norm):
    with pytest.raises(
        ValueError,
        match=_names(expected_calibration_error, "squared") + ".*norm='l2'",
    ):
        expected_calibration_error(Y, P, norm=norm, squared=True)


def test_debiased_max_norm():
    with pytest.raises(
        ValueError,
        match=_names(expected_calibration_error, "debiased") + ".*norm='max'",
    ):
        expected_calibration_error(Y, P, norm="max", debiased=True)


@pytest.mark.parametrize("param", ["debiased", "squared"])
def test_flags_are_bools(param):
    # a TypeError, as scikit-learn's InvalidParameterError is both
    with pytest.raises(
        (TypeError, ValueError),
        match=_names(expected_calibration_error, param) + ".*bool",
    ):
        expected_calibration_error(Y, P, norm="l2", **{param: "yes"})


def test_debiased_l1_needs_two_per_bin():
    with pytest.raises(
        ValueError, match="'n_bins' parameter of expected_calibration_error"
    ):
        expected_calibration_error(Y, P, n_bins=10, norm="l1", debiased=True)


@pytest.mark.parametrize("bad", ["both", "diagonal", True])
def test_band(bad):
    with pytest.raises(
        ValueError,
        match=_names(reliability_diagram, "band")
        + ".*'confidence'.*Got "
        + re.escape(repr(bad)),
    ):
        reliability_diagram(Y, P, band=bad)


@pytest.mark.parametrize("func", [reliability_diagram, calibration_intercept_slope])
@pytest.mark.parametrize("bad", [1.5, 0.0, 1.0, -0.5, 95])
def test_confidence_level(func, bad):
    with pytest.raises(
        ValueError, match=_names(func, "confidence_level") + r".*\(0, 1\)"
    ):
        func(Y, P, confidence_level=bad)


@pytest.mark.parametrize("bad", [0, -1, 2.5])
def test_n_resamples(bad):
    with pytest.raises(
        ValueError, match=_names(reliability_diagram, "n_resamples") + ".*>= 1"
    ):
        reliability_diagram(Y, P, n_resamples=bad)


@pytest.mark.parametrize("bad", [0.0, 1.0])
def test_intercept_slope_open_probabilities(bad):
    p = P.copy()
    p[0] = bad
    with pytest.raises(
        ValueError,
        match=_names(calibration_intercept_slope, "y_proba")
        + r".*strictly inside \(0, 1\).*np\.clip",
    ):
        calibration_intercept_slope(Y, p)
