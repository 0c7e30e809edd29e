"""The metrics added as one spec and a one-line function each (AGM, CBA,
PABAK, SEDI) and the no-information-rate test, against pycm and the papers'
formulas, and through the readers every metric of the registry gets."""

import math

import numpy as np
import pycm
import pytest
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims
from imbascore import metrics

rng = np.random.default_rng(7)
# Two-class and three-class data with every cell filled.
Y2 = rng.integers(0, 2, 300)
P2 = np.where(rng.random(300) < 0.75, Y2, 1 - Y2)
Y3 = rng.choice(3, 400, p=[0.6, 0.3, 0.1])
P3 = np.where(rng.random(400) < 0.7, Y3, rng.integers(0, 3, 400))


def _pycm(y, p):
    return pycm.ConfusionMatrix(actual_vector=list(y), predict_vector=list(p))


@pytest.mark.parametrize("y, p", [(Y2, P2), (Y3, P3)], ids=["binary", "3 classes"])
def test_adjusted_geometric_mean_equals_pycm_per_class(y, p):
    stats = _pycm(y, p).class_stat["AGM"]
    values = metrics.adjusted_geometric_mean_score(y, p, average=None)
    np.testing.assert_allclose(values, [stats[c] for c in sorted(stats)], rtol=1e-12)


def test_adjusted_geometric_mean_is_zero_without_a_found_positive():
    y = [1, 1, 0, 0, 0]
    assert metrics.adjusted_geometric_mean_score(y, [0, 0, 0, 1, 0]) == 0.0


@pytest.mark.parametrize("y, p", [(Y2, P2), (Y3, P3)], ids=["binary", "3 classes"])
def test_class_balance_accuracy_equals_pycm(y, p):
    assert metrics.class_balance_accuracy_score(y, p, average="macro") == pytest.approx(
        _pycm(y, p).overall_stat["CBA"], rel=1e-12
    )


def test_pabak_equals_pycm_on_two_classes():
    expected = _pycm(Y2, P2).overall_stat["Kappa No Prevalence"]
    assert metrics.pabak_score(Y2, P2) == pytest.approx(expected, rel=1e-12)


def test_sedi_is_ferro_and_stephensons_formula():
    tp = np.sum((Y2 == 1) & (P2 == 1))
    fn = np.sum((Y2 == 1) & (P2 == 0))
    fp = np.sum((Y2 == 0) & (P2 == 1))
    tn = np.sum((Y2 == 0) & (P2 == 0))
    h, f = tp / (tp + fn), fp / (fp + tn)
    expected = (math.log(f) - math.log(h) - math.log(1 - f) + math.log(1 - h)) / (
        math.log(f) + math.log(h) + math.log(1 - f) + math.log(1 - h)
    )
    assert metrics.sedi_score(Y2, P2) == pytest.approx(expected, rel=1e-12)


def test_sedi_without_false_alarms_is_undefined_with_a_warning():
    with pytest.warns(UndefinedMetricWarning, match="Symmetric extremal dependence"):
        assert np.isnan(metrics.sedi_score([1, 1, 0, 0], [1, 0, 0, 0]))


@pytest.mark.parametrize("y, p", [(Y2, P2), (Y3, P3), ([0] * 90 + [1] * 10, [0] * 100)])
def test_no_information_rate_test_equals_pycm(y, p):
    overall = _pycm(y, p).overall_stat
    result = ims.no_information_rate_test(y, p)
    assert result.no_information_rate == pytest.approx(overall["NIR"], rel=1e-12)
    assert result.p_value == pytest.approx(overall["P-Value"], rel=1e-9, abs=1e-15)
    assert result.accuracy == pytest.approx(overall["Overall ACC"], rel=1e-12)


def test_no_information_rate_test_counts_whole_weights_and_refuses_fractions():
    y, p = [0, 0, 1, 1, 0], [0, 1, 1, 0, 0]
    weighted = ims.no_information_rate_test(y, p, sample_weight=[2, 1, 1, 1, 3])
    repeated = ims.no_information_rate_test(
        [0, 0, 0, 1, 1, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0, 0]
    )
    assert weighted == repeated
    with pytest.raises(
        ValueError, match="'sample_weight' parameter of no_information_rate_test"
    ):
        ims.no_information_rate_test(y, p, sample_weight=[0.5, 1, 1, 1, 1])


@pytest.mark.parametrize("name", ["agm", "cba", "pabak", "sedi"])
def test_each_new_spec_reaches_the_readers(name):
    info = {m.name: m for m in ims.list_metrics()}[name]
    function = getattr(metrics, info.function_name)
    # the name means the record's average (CBA: over every class)
    value = function(Y2, P2, average=info.score_average)
    interval = ims.metric_interval(Y2, P2, name, random_state=0)
    assert interval.estimate == pytest.approx(value, rel=1e-12)
    assert interval.low <= value <= interval.high
    assert ims.confusion_counts(Y2, P2).score(name) == pytest.approx(value, rel=1e-12)
    dependence = ims.class_ratio_dependence([name])[name]
    assert dependence is (not info.ratio_free)
