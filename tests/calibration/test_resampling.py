"""How many cases the resamples of the bands and the test draw."""

import numpy as np
import pytest

import imbascore as ims


def _tied(seed=0, n=2000):
    rng = np.random.default_rng(seed)
    p = np.round(rng.uniform(0.05, 0.95, n), 1)  # 10 distinct values
    return (rng.uniform(size=n) < p).astype(int), p


def _width(diagram):
    middle = np.argmin(np.abs(diagram.x - 0.5))
    return diagram.high[middle] - diagram.low[middle]


def test_a_deployment_ratio_keeps_the_number_of_cases():
    # the rescaled weights are not integers: the resamples still draw n cases,
    # not one per distinct probability (which made the band ten times wider)
    y, p = _tied()
    plain = ims.reliability_diagram(y, p, n_resamples=400, random_state=0)
    at_ratio = ims.reliability_diagram(
        y, p, n_resamples=400, random_state=0, prevalence=0.3
    )
    assert _width(at_ratio) == pytest.approx(_width(plain), rel=0.5)


def test_weights_count_as_frequencies_or_as_samples():
    y, p = _tied(1)
    plain = _width(ims.reliability_diagram(y, p, n_resamples=400, random_state=0))
    halves = ims.reliability_diagram(
        y, p, sample_weight=np.full(y.size, 0.5), n_resamples=400, random_state=0
    )
    assert _width(halves) == pytest.approx(plain, rel=0.3)
    doubled = ims.reliability_diagram(
        y, p, sample_weight=np.full(y.size, 4.0), n_resamples=400, random_state=0
    )
    # four times the cases: about half the width
    assert _width(doubled) == pytest.approx(plain / 2, rel=0.3)
