"""Ranking intervals and comparisons that are undefined say so: NaN with an
UndefinedMetricWarning, never silently (issue 49 items 9 and 19)."""

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims


@pytest.mark.parametrize("method", ["delong", "bootstrap"])
def test_compare_predictions_of_one_class_warns(method):
    with pytest.warns(UndefinedMetricWarning, match="no negative sample"):
        got = ims.compare_predictions(
            [1, 1, 1, 1],
            [0.1, 0.2, 0.3, 0.4],
            [0.4, 0.3, 0.2, 0.1],
            metric="roc_auc",
            method=method,
            n_resamples=20,
            random_state=0,
        )
    assert np.isnan(got.estimate) and np.isnan(got.low) and np.isnan(got.pvalue)


@pytest.mark.parametrize(
    "y", [[0, 0, 0, 1], [1, 1, 1, 0]], ids=["one-positive", "one-negative"]
)
def test_delong_with_a_single_sample_of_a_class_warns(y):
    scores = [0.1, 0.2, 0.5, 0.4]
    with pytest.warns(UndefinedMetricWarning, match="DeLong's interval is undefined"):
        interval = ims.metric_interval(y, scores, metric="roc_auc")
    assert np.isfinite(interval.estimate) and np.isnan(interval.low)
    with pytest.warns(UndefinedMetricWarning, match="DeLong's test and interval"):
        got = ims.compare_predictions(y, scores, scores[::-1], metric="roc_auc")
    assert np.isnan(got.pvalue) and np.isnan(got.statistic)


def test_delong_weighted_effective_size_one_warns():
    """Two positives, one of them weightless: one effective positive."""
    y = [0, 0, 0, 1, 1]
    with pytest.warns(UndefinedMetricWarning, match="1 positive and 3 negative"):
        interval = ims.metric_interval(
            y,
            [0.1, 0.2, 0.5, 0.4, 0.3],
            metric="roc_auc",
            sample_weight=[1, 1, 1, 1, 0],
        )
    assert np.isnan(interval.high)
