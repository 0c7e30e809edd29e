"""The intercept and slope at a deployment ratio: importance weights, so the
sandwich variance (statsmodels' HC0 with the same weights)."""

import numpy as np
import pytest
from scipy.special import logit

import imbascore as ims

sm = pytest.importorskip("statsmodels.api")


def test_sandwich_errors_equal_statsmodels_hc0():
    rng = np.random.default_rng(0)
    n = 3000
    p = rng.uniform(0.02, 0.6, n)
    y = (rng.uniform(size=n) < p).astype(int)
    share = 0.05
    positives = y.sum()
    weights = np.where(y == 1, share * n / positives, (1 - share) * n / (n - positives))
    line = ims.calibration_intercept_slope(y, p, prevalence=share)
    binomial = sm.families.Binomial()
    slope_fit = sm.GLM(
        y, sm.add_constant(logit(p)), family=binomial, var_weights=weights
    ).fit(cov_type="HC0", tol=1e-12)
    intercept_fit = sm.GLM(
        y, np.ones((n, 1)), family=binomial, offset=logit(p), var_weights=weights
    ).fit(cov_type="HC0", tol=1e-12)
    assert line.slope.estimate == pytest.approx(slope_fit.params[1], abs=1e-6)
    assert line.slope_se == pytest.approx(slope_fit.bse[1], rel=1e-5)
    assert line.intercept.estimate == pytest.approx(intercept_fit.params[0], abs=1e-6)
    assert line.intercept_se == pytest.approx(intercept_fit.bse[0], rel=1e-5)
    # the model-based errors would treat the rescaled weights as samples: at
    # 5% the 94 positives' information counts as 150 positives'
    plain = ims.calibration_intercept_slope(y, p, sample_weight=weights)
    assert plain.slope.estimate == pytest.approx(line.slope.estimate)
    assert plain.slope_se != pytest.approx(line.slope_se, rel=0.05)
