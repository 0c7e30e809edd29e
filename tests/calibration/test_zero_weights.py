"""Every weight 0: each calibration function warns why its result is NaN
(or empty), as the ranking functions do (issue 49 item 9)."""

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims

Y, P, W = [0, 1, 0, 1], [0.1, 0.6, 0.3, 0.8], [0, 0, 0, 0]


@pytest.mark.parametrize(
    "name, kwargs",
    [
        ("brier_score_loss", {}),
        ("log_loss", {}),
        ("calibration_decomposition", {}),
        ("miscalibration_score", {}),
        ("expected_calibration_error", {}),
        ("expected_calibration_error", {"strategy": "quantile"}),
        ("binned_reliability", {}),
        ("binned_reliability", {"strategy": "quantile"}),
        ("reliability_diagram", {"n_resamples": 10, "random_state": 0}),
        ("calibration_intercept_slope", {}),
    ],
)
def test_every_weight_zero_warns(name, kwargs):
    func = getattr(ims, name)
    with pytest.warns(
        UndefinedMetricWarning, match=f"{name}: every sample has weight 0"
    ):
        result = func(Y, P, sample_weight=W, **kwargs)
    values = [
        np.asarray(getattr(result, field, result), dtype=float)
        for field in ("value", "mean_predicted", "cep", "slope")
        if hasattr(result, field)
    ] or [np.asarray(float(result))]
    for value in values:
        assert value.size == 0 or np.isnan(value).all()


def test_metric_interval_of_a_calibration_metric_with_zero_weights_warns():
    with pytest.warns(UndefinedMetricWarning, match="every sample has weight 0"):
        got = ims.metric_interval(
            Y, P, metric="brier_score", sample_weight=W, n_resamples=20
        )
    assert np.isnan(got.estimate)


@pytest.mark.parametrize(
    "call",
    [
        lambda y, p: ims.score_at_prevalence(
            y, p, metric="brier_score", prevalence=0.2
        ),
        lambda y, p: ims.score_at_prevalence(y, p, metric="ece", prevalence=0.2),
        lambda y, p: ims.brier_score_loss(y, p, prevalence=0.2),
        lambda y, p: ims.log_loss(y, p, prevalence=0.2),
        lambda y, p: ims.miscalibration_score(y, p, prevalence=0.2),
        lambda y, p: (
            ims.metric_interval(
                y, p, metric="brier_score", prevalence=0.2, n_resamples=20
            ).estimate
        ),
        lambda y, p: (
            ims.calibration_intercept_slope(y, p, prevalence=0.2).slope.estimate
        ),
    ],
)
@pytest.mark.parametrize(
    "y", [[1, 1, 1, 1], [0, 0, 0, 0]], ids=["positives", "negatives"]
)
def test_one_class_at_a_deployment_ratio_is_nan_with_a_warning(call, y):
    """Found with issue 49: with one class a deployment ratio was ignored
    (the factors fell back to 1), so the value at the data's ratio was
    returned as if it were at prevalence=0.2."""
    with pytest.warns(UndefinedMetricWarning, match="prevalence=0.2 is undefined"):
        value = call(y, [0.1, 0.5, 0.6, 0.9])
    assert np.isnan(float(value))
