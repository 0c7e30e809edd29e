"""Independent reference implementations of calibration metrics.

Short, deliberately naive (slow is fine) re-implementations that a test suite
can import and compare against; none imports imbascore.  Only numpy / scipy /
statsmodels / scikit-learn / model_diagnostics are used.  The exact
definitions, source citations and pitfalls are in the docstrings below.

Sources read:
  * Kumar, Liang & Ma (2019), github p-lambda/verified_calibration,
    calibration/utils.py @ ee81c346895e3377653bd347c429a95bd631058d
  * model_diagnostics 1.5.0, model_diagnostics/scoring/_scoring.py (decompose)
  * aijordan/reliabilitydiag @ a3d35725a5e419e09b2923643d80970655340af5,
    R/coercion.R, R/region_method.R, R/utils.R, R/summary.R,
    R/miscalibration_test.R
"""

from __future__ import annotations

import numpy as np
from scipy import special, stats

__all__ = [
    # 1. Kumar et al.
    "kumar_equal_mass_boundaries",
    "uniform_boundaries",
    "kumar_assign_bins",
    "kumar_equal_mass_bins",
    "uniform_bins",
    "kumar_plugin_ce",
    "kumar_debiased_l2_squared",
    "kumar_debiased_l2",
    "kumar_normal_debiased_ce",
    "kumar_debiased_l1",
    "kumar_debiased_l1_expected",
    # 2. CORP decomposition
    "pav_fit",
    "corp_decomposition_reference",
    "corp_decomposition_manual",
    # 3. Calibration intercept / slope
    "calibration_intercept_slope_statsmodels",
    # 4. reliabilitydiag bands
    "reliabilitydiag_consistency_band",
    "reliabilitydiag_confidence_band",
    "reliabilitydiag_miscalibration_test",
]


def _as_py(p, y):
    p = np.asarray(p, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    if p.shape != y.shape:
        raise ValueError("p and y must have the same length")
    return p, y


# ---------------------------------------------------------------------------
# 1. Kumar, Liang & Ma (2019) -- verified_calibration/calibration/utils.py
# ---------------------------------------------------------------------------


def kumar_equal_mass_boundaries(p, n_bins):
    """Upper bin boundaries exactly as ``get_equal_bins`` (utils.py L27-40).

    sorted p split with np.array_split into min(n_bins, n) parts (the first
    n % k parts get one extra element); boundary = midpoint between the last
    value of part i and the first value of part i+1; 1.0 appended; duplicates
    removed (sorted(set(...))), so ties can reduce the number of bins.
    """
    s = sorted(np.asarray(p, dtype=float).ravel().tolist())
    k = min(int(n_bins), len(s))
    parts = [list(a) for a in np.array_split(s, k)]
    b = [(parts[i][-1] + parts[i + 1][0]) / 2.0 for i in range(len(parts) - 1)]
    b.append(1.0)
    return np.array(sorted(set(b)), dtype=float)


def uniform_boundaries(p, n_bins):
    """Upper bin boundaries exactly as ``get_equal_prob_bins`` (utils.py L43-44).

    ``[i * 1.0 / n_bins for i in 1..n_bins]`` -- NOTE: computed as i/n_bins,
    which is NOT bitwise equal to np.linspace(0, 1, n_bins+1)[1:]
    (e.g. 3/10 == 0.3 but linspace gives 0.30000000000000004).
    """
    del p  # unused, as in Kumar's code
    return np.array([i * 1.0 / n_bins for i in range(1, n_bins + 1)], dtype=float)


def kumar_assign_bins(p, boundaries):
    """Bin index per sample as ``fast_bin`` (utils.py L306-313).

    ``np.searchsorted(bins, p)`` with side='left'  =>  index i such that
    boundaries[i-1] < p <= boundaries[i]: bins are RIGHT-closed (a, b],
    the first bin is [0, b_0], p == 1.0 lands in the last bin.  Values > 1
    (index len(bins)) end up in the last chunk of np.split, i.e. the last bin,
    which we mimic by clipping.
    """
    p = np.asarray(p, dtype=float).ravel()
    b = np.asarray(boundaries, dtype=float)
    idx = np.searchsorted(b, p, side="left")
    return np.minimum(idx, len(b) - 1).astype(np.int64)


def kumar_equal_mass_bins(p, n_bins):
    """Per-sample bin index, Kumar's equal-mass scheme (get_equal_bins, fast_bin)."""
    return kumar_assign_bins(p, kumar_equal_mass_boundaries(p, n_bins))


def uniform_bins(p, n_bins):
    """Per-sample bin index, Kumar's equal-width scheme (get_equal_prob_bins,
    fast_bin)."""
    return kumar_assign_bins(p, uniform_boundaries(p, n_bins))


def _groups(p, y, bins):
    p, y = _as_py(p, y)
    bins = np.asarray(bins).ravel()
    if bins.shape != p.shape:
        raise ValueError("bins must have one entry per sample")
    out = []
    for b in np.unique(bins):  # only occupied bins; empty bins have weight 0
        m = bins == b
        out.append((p[m], y[m]))
    return out, len(p)


def kumar_plugin_ce(p, y, bins, power=2):
    """``plugin_ce`` (utils.py L339-346):
    (sum_b n_b/n |mean p_b - mean y_b|^power)^(1/power)."""
    groups, n = _groups(p, y, bins)
    tot = 0.0
    for pb, yb in groups:
        tot += len(pb) / n * abs(np.mean(pb) - np.mean(yb)) ** power
    return tot ** (1.0 / power)


def kumar_debiased_l2_squared(p, y, bins):
    """``unbiased_square_ce`` (utils.py L349-362). No square root, can be < 0.

    per bin (n_b >= 2): (pbar - ybar)^2 - ybar (1 - ybar) / (n_b - 1);
    bins with n_b < 2 contribute 0 (but still count in n);
    weights n_b / n.
    """
    groups, n = _groups(p, y, bins)
    tot = 0.0
    for pb, yb in groups:
        nb = len(pb)
        if nb < 2:
            continue
        ybar = np.mean(yb)
        tot += nb / n * ((np.mean(pb) - ybar) ** 2 - ybar * (1.0 - ybar) / (nb - 1.0))
    return tot


def kumar_debiased_l2(p, y, bins):
    """``unbiased_l2_ce`` (utils.py L365-366): sqrt(max(debiased squared, 0))."""
    return max(kumar_debiased_l2_squared(p, y, bins), 0.0) ** 0.5


def _normal_debiased_parts(p, y, bins, n_bins=None):
    groups, n = _groups(p, y, bins)
    if n_bins is not None:  # Kumar also raises for EMPTY bins of the boundary grid
        counts = np.bincount(np.asarray(bins).ravel(), minlength=n_bins)
        if counts.min() <= 1:
            raise ValueError(
                "Every bin must have at least 2 points (empty bin in grid)."
            )
    sizes = np.array([len(pb) for pb, _ in groups], dtype=float)
    if sizes.min() <= 1:
        raise ValueError(
            "Every bin must have at least 2 points for debiased estimator."
        )
    ybar = np.array([np.mean(yb) for _, yb in groups])
    pbar = np.array([np.mean(pb) for pb, _ in groups])
    sd = np.sqrt(ybar * (1 - ybar) / sizes)  # NB: / n_b, not / (n_b - 1)
    w = sizes / n
    return w, pbar, ybar, sd


def kumar_normal_debiased_ce(
    p, y, bins, power=1, resamples=100000, seed=0, n_bins=None
):
    """``normal_debiased_ce`` (utils.py L369-391) with a seeded Generator.

    ce = plugin_ce(power); draw ybar*_b ~ N(ybar_b, ybar_b(1-ybar_b)/n_b)
    independently per bin, ce* = (sum_b w_b |ybar*_b - pbar_b|^power)^(1/power);
    return 2 * ce - mean(ce*).  Raises if any (occupied) bin has < 2 points
    (Kumar's code also raises for EMPTY bins of the boundary grid).
    Kumar uses resamples=1000 and the global np.random state.
    Pass n_bins (size of the boundary grid) to also raise on empty bins.
    """
    w, pbar, ybar, sd = _normal_debiased_parts(p, y, bins, n_bins)
    ce = kumar_plugin_ce(p, y, bins, power=power)
    rng = np.random.default_rng(seed)
    vals = np.empty(resamples)
    for i in range(resamples):
        ys = rng.normal(loc=ybar, scale=sd)
        vals[i] = np.dot(w, np.abs(ys - pbar) ** power) ** (1.0 / power)
    return 2 * ce - vals.mean()


def kumar_debiased_l1(p, y, bins, resamples=100000, seed=0, n_bins=None):
    """``normal_debiased_ce(power=1)`` -- Monte-Carlo, seeded."""
    return kumar_normal_debiased_ce(
        p, y, bins, power=1, resamples=resamples, seed=seed, n_bins=n_bins
    )


def kumar_debiased_l1_expected(p, y, bins, n_bins=None):
    """resamples -> infinity limit of ``normal_debiased_ce(power=1)`` (deterministic).

    For power=1, E[ce*] = sum_b w_b E|N(ybar_b, sd_b^2) - pbar_b| and
    E|N(mu, s^2) - c| = s sqrt(2/pi) exp(-d^2/(2 s^2)) + d (1 - 2 Phi(-d/s)),
    d = mu - c  (= |d| when s = 0).
    """
    w, pbar, ybar, sd = _normal_debiased_parts(p, y, bins, n_bins)
    d = ybar - pbar
    e = np.abs(d).astype(float)
    pos = sd > 0
    s, dd = sd[pos], d[pos]
    e[pos] = s * np.sqrt(2 / np.pi) * np.exp(-(dd**2) / (2 * s**2)) + dd * (
        1 - 2 * stats.norm.cdf(-dd / s)
    )
    ce = kumar_plugin_ce(p, y, bins, power=1)
    return 2 * ce - float(np.dot(w, e))


# ---------------------------------------------------------------------------
# 2. CORP decomposition (model_diagnostics.scoring.decompose)
# ---------------------------------------------------------------------------


def pav_fit(p, y, weights=None):
    """PAV / isotonic regression of y on p with ties in p pooled (sklearn).

    For binary y the fitted values are automatically in [0, 1], so
    y_min / y_max are irrelevant.
    """
    from sklearn.isotonic import IsotonicRegression

    p, y = _as_py(p, y)
    iso = IsotonicRegression(increasing=True)
    iso.fit(p, y, sample_weight=weights)
    return iso.predict(p)


def corp_decomposition_reference(p, y, score="brier", weights=None):
    """(mcb, dsc, unc, score) from ``model_diagnostics.scoring.decompose``.

    score="brier"   -> SquaredError()  (y - p)^2, NOT divided by 2
    score="log_loss"-> LogLoss()       -xlogy(y, p) - xlogy(1-y, 1-p), natural log
    """
    from model_diagnostics.scoring import LogLoss, SquaredError, decompose

    sf = {"brier": SquaredError(), "log_loss": LogLoss()}[score]
    df = decompose(
        y_obs=np.asarray(y, dtype=float),
        y_pred=np.asarray(p, dtype=float),
        weights=weights,
        scoring_function=sf,
    )
    row = df.row(0, named=True)
    return (
        row["miscalibration"],
        row["discrimination"],
        row["uncertainty"],
        row["score"],
    )


def corp_decomposition_manual(p, y, score="brier", weights=None):
    """Same as corp_decomposition_reference but written out by hand.

    S = mean score of p, S_rc = mean score of PAV(p) (ties pooled),
    S_mg = mean score of the constant (weighted) mean of y.
    MCB = S - S_rc, DSC = S_mg - S_rc, UNC = S_mg.  (R reliabilitydiag's
    summary() uses exactly the same formulas, R/summary.R L95-112.)
    """
    p, y = _as_py(p, y)
    if score == "brier":

        def sf(z):
            return (y - z) ** 2
    elif score == "log_loss":

        def sf(z):
            return -special.xlogy(y, z) - special.xlogy(1 - y, 1 - z)
    else:
        raise ValueError(score)
    rc = pav_fit(p, y, weights)
    mg = np.full_like(p, np.average(y, weights=weights))
    s = np.average(sf(p), weights=weights)
    s_rc = np.average(sf(rc), weights=weights)
    s_mg = np.average(sf(mg), weights=weights)
    return (s - s_rc, s_mg - s_rc, s_mg, s)


# ---------------------------------------------------------------------------
# 3. Calibration intercept / slope (statsmodels GLM Binomial, logit link)
# ---------------------------------------------------------------------------


def calibration_intercept_slope_statsmodels(p, y, weights=None, level=0.95):
    """Calibration-in-the-large and calibration slope via statsmodels GLM.

    intercept: GLM(y, 1, Binomial, offset=logit(p))        -> coefficient a
    slope:     GLM(y, [1, logit(p)], Binomial)              -> coefficient b of logit(p)
    (the intercept of the second model, a2, is also returned.)
    weights are passed as freq_weights (identical params/bse to var_weights
    for the Binomial family, whose scale is fixed at 1; see NOTES.md).
    Fitted to tol=1e-13 (statsmodels' default 1e-8 leaves ~1e-6 in the
    intervals). Wald intervals: est -/+ norm.ppf(1 - (1-level)/2) * se  (= conf_int()).
    Requires 0 < p < 1 (logit must be finite).
    """
    import statsmodels.api as sm

    p, y = _as_py(p, y)
    if np.any((p <= 0) | (p >= 1)):
        raise ValueError("p must be strictly inside (0, 1)")
    lp = np.log(p) - np.log1p(-p)  # logit(p)
    fw = None if weights is None else np.asarray(weights, dtype=float)
    fam = sm.families.Binomial()  # canonical logit link

    m0 = sm.GLM(y, np.ones((len(y), 1)), family=fam, offset=lp, freq_weights=fw).fit(
        tol=1e-13, maxiter=500
    )
    m1 = sm.GLM(
        y, np.column_stack([np.ones_like(lp), lp]), family=fam, freq_weights=fw
    ).fit(tol=1e-13, maxiter=500)

    alpha = 1 - level
    ci0 = np.asarray(m0.conf_int(alpha=alpha))
    ci1 = np.asarray(m1.conf_int(alpha=alpha))
    z = stats.norm.ppf(1 - alpha / 2)
    out = {
        "intercept": float(m0.params[0]),
        "intercept_se": float(m0.bse[0]),
        "intercept_ci": (float(ci0[0, 0]), float(ci0[0, 1])),
        "intercept_z_p": float(m0.pvalues[0]),  # H0: a = 0
        "slope": float(m1.params[1]),
        "slope_se": float(m1.bse[1]),
        "slope_ci": (float(ci1[1, 0]), float(ci1[1, 1])),
        "slope_z_p_vs_1": float(2 * stats.norm.sf(abs((m1.params[1] - 1) / m1.bse[1]))),
        "slope_model_intercept": float(m1.params[0]),
        "slope_model_intercept_se": float(m1.bse[0]),
        "z": float(z),
    }
    # sanity: Wald interval by hand
    assert np.allclose(
        out["intercept_ci"],
        (
            out["intercept"] - z * out["intercept_se"],
            out["intercept"] + z * out["intercept_se"],
        ),
    )
    return out


# ---------------------------------------------------------------------------
# 4. reliabilitydiag (R) resampling consistency / confidence bands
# ---------------------------------------------------------------------------


def _pav_at_unique(x, y):
    """PAV fit of binary y on x, ties pooled; returns (unique x, fitted values)."""
    from sklearn.isotonic import IsotonicRegression

    ux = np.unique(x)
    if len(ux) == 1:
        return ux, np.array([np.mean(y)])
    iso = IsotonicRegression(increasing=True).fit(x, y)
    return ux, iso.predict(ux)


def _approx_rule1(xp, fp, xout):
    """R approx(xp, fp, xout) (linear, rule=1, NA pairs dropped): NaN outside range."""
    ok = ~np.isnan(fp)
    xp, fp = xp[ok], fp[ok]
    out = np.full(len(xout), np.nan)
    if len(xp) == 0:
        return out
    inside = (xout >= xp.min()) & (xout <= xp.max())
    out[inside] = np.interp(xout[inside], xp, fp)
    return out


def _bound_correction(bound, x, cep, position):
    """R/utils.R L23-30."""
    if len(x) == 1 or position == "diagonal":
        return bound
    b = bound.copy()
    kill = np.isin(cep, [0.0, 1.0]) & ~np.isin(x, [x.min(), x.max()])
    b[kill] = np.nan
    return _approx_rule1(x, b, x)


def _reliabilitydiag_resampling(p, y, n_boot, level, seed, position):
    """R/region_method.R ``resampling`` (L92-146)."""
    p, y = _as_py(p, y)
    rng = np.random.default_rng(seed)
    cep = pav_fit(p, y)  # CEP_pav per case (ties pooled)
    ux = np.unique(p)  # "regions": unique forecast values
    cep_u = np.array([cep[p == u][0] for u in ux])
    n_u = np.array([np.sum(p == u) for u in ux])
    x0 = p if position == "diagonal" else cep
    n = len(p)
    mat = np.empty((len(ux), n_boot))
    for j in range(n_boot):
        s = rng.integers(0, n, size=n)  # bootstrap the (x, x0) pairs
        xb = p[s]
        yb = (rng.random(n) < x0[s]).astype(float)  # y* ~ Bernoulli(x0[s])
        bx, bfit = _pav_at_unique(xb, yb)
        if len(bx) == 1:
            mat[:, j] = bfit[0]  # R returns the single value (recycled)
        else:
            mat[:, j] = _approx_rule1(bx, bfit, ux)  # NaN outside resampled x-range
    probs = 0.5 + np.array([-0.5, 0.5]) * level
    with np.errstate(all="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            q = np.nanquantile(mat, probs, axis=1)  # type 7 == numpy 'linear'
    lower = _bound_correction(q[0], ux, cep_u, position)
    upper = _bound_correction(q[1], ux, cep_u, position)
    return {"x": ux, "lower": lower, "upper": upper, "n": n_u, "cep_pav": cep_u}


def reliabilitydiag_consistency_band(p, y, n_boot=100, level=0.9, seed=0):
    """region.position="diagonal", region.method="resampling".

    Bootstrap cases (x), draw y* ~ Bernoulli(x*) (calibration assumed), PAV,
    interpolate at the unique original x, pointwise type-7 quantiles at
    (1-level)/2 and (1+level)/2 with NaN (outside resampled range) removed.
    """
    return _reliabilitydiag_resampling(p, y, n_boot, level, seed, "diagonal")


def reliabilitydiag_confidence_band(p, y, n_boot=100, level=0.9, seed=0):
    """region.position="estimate": as above but y* ~ Bernoulli(PAV(x)*), plus
    R's bound_correction (interior points whose original CEP_pav is 0 or 1 get
    their bound replaced by linear interpolation of the neighbours)."""
    return _reliabilitydiag_resampling(p, y, n_boot, level, seed, "estimate")


def reliabilitydiag_miscalibration_test(p, y, n_boot=100, seed=0):
    """R/miscalibration_test.R (experimental): Brier MCB statistic, null by
    bootstrapping x and drawing y* ~ Bernoulli(x*), p-value = mean(null >= obs)."""
    p, y = _as_py(p, y)
    rng = np.random.default_rng(seed)
    obs = corp_decomposition_manual(p, y, "brier")[0]
    n = len(p)
    null = np.empty(n_boot)
    for j in range(n_boot):
        xb = p[rng.integers(0, n, size=n)]
        yb = (rng.random(n) < xb).astype(float)
        null[j] = corp_decomposition_manual(xb, yb, "brier")[0]
    return obs, float(np.mean(null >= obs))
