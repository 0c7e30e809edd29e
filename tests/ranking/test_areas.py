"""The areas under ranking curves (imbascore/_ranking/areas.py) and their count
functions (imbascore/_ranking/from_counts.py): equal to scikit-learn where it
has the metric, to Flach & Kull's reference implementation for AUPRG, to a
brute-force integration for the partial AUC, to hand-worked small cases."""

import re
import warnings

import numpy as np
import pytest
from _prg_reference import calc_auprg, create_prg_curve
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

from imbascore._core.engine.ranked import rank_scores
from imbascore._ranking.areas import (
    __all__ as AREAS_ALL,
)
from imbascore._ranking.areas import (
    auprg_score,
    average_precision_score,
    partial_auc_score,
    precision_recall_gain_curve,
    roc_auc_score,
)
from imbascore._specs.catalogue import metric_info
from imbascore._specs.score_formulas import (
    auprg_from_counts,
    partial_auc_from_counts,
    prg_curve_from_counts,
)

SCORES = [
    roc_auc_score,
    average_precision_score,
    auprg_score,
    precision_recall_gain_curve,
    lambda y, s, **kw: partial_auc_score(y, s, max_fpr=0.3, **kw),
    lambda y, s, **kw: partial_auc_score(y, s, min_tpr=0.7, **kw),
]
NAMES = ["roc_auc", "ap", "auprg", "prg_curve", "pauc_fpr", "pauc_tpr"]


def random_problem(rng, *, weighted=True, zeros=True):
    """Integer-valued scores (ties), both classes of positive weight, and
    random weights (some 0) or None."""
    while True:
        n = int(rng.integers(2, 60))
        y = rng.integers(0, 2, n)
        scores = rng.integers(0, int(rng.integers(1, 12)), n).astype(float)
        weights = None
        if weighted:
            weights = rng.uniform(0.0, 3.0, n)
            if zeros:
                weights[rng.random(n) < 0.2] = 0.0
        w = np.ones(n) if weights is None else weights
        if w[y == 1].sum() > 0 and w[y == 0].sum() > 0:
            return y, scores, weights


def counts(y, scores, weights=None):
    return rank_scores(
        np.asarray(scores, float), np.asarray(y) == 1, weights
    ).cumulated()


# -- equal to scikit-learn ---------------------------------------------------


def test_auc_ap_and_max_fpr_equal_scikit_learn_on_random_inputs():
    rng = np.random.default_rng(20240601)
    checked = 0
    for trial in range(300):
        y, s, w = random_problem(rng, weighted=trial % 3 != 0)
        assert roc_auc_score(y, s, sample_weight=w) == pytest.approx(
            skm.roc_auc_score(y, s, sample_weight=w), abs=1e-12
        )
        assert average_precision_score(y, s, sample_weight=w) == pytest.approx(
            skm.average_precision_score(y, s, sample_weight=w), abs=1e-12
        )
        for max_fpr in (0.05, 0.3, float(rng.uniform(0.01, 1.0)), 1.0):
            expected = skm.roc_auc_score(y, s, sample_weight=w, max_fpr=max_fpr)
            got = partial_auc_score(y, s, max_fpr=max_fpr, sample_weight=w)
            assert got == pytest.approx(expected, abs=1e-12), (trial, max_fpr)
        checked += 1
    assert checked == 300


def test_max_fpr_at_a_curve_point_and_on_a_vertical_step():
    # ROC points (0, 0), (0, .5), (.5, .5), (.5, 1), (1, 1): max_fpr=0.5 ends
    # on the vertical step at FPR 0.5, which adds no area
    y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    assert partial_auc_score(y, s, max_fpr=0.5, standardized=False) == 0.25
    assert partial_auc_score(y, s, max_fpr=0.5) == pytest.approx(
        skm.roc_auc_score(y, s, max_fpr=0.5), abs=1e-15
    )
    assert partial_auc_score(y, s, max_fpr=0.5) == pytest.approx(2 / 3)


def test_string_labels_with_pos_label_and_minus_one_one_default():
    rng = np.random.default_rng(7)
    for _ in range(30):
        y, s, w = random_problem(rng)
        labels = np.where(y == 1, "spam", "ham")
        for ours, theirs in (
            (roc_auc_score, skm.roc_auc_score),
            (average_precision_score, skm.average_precision_score),
        ):
            expected = theirs(y, s, sample_weight=w)
            got = ours(labels, s, pos_label="spam", sample_weight=w)
            assert got == pytest.approx(expected, abs=1e-12)
            # the other class as positive: the scores negated
            flipped = ours(labels, -s, pos_label="ham", sample_weight=w)
            assert flipped == pytest.approx(theirs(1 - y, -s, sample_weight=w))
            signed = np.where(y == 1, 1, -1)
            assert ours(signed, s, sample_weight=w) == pytest.approx(
                expected, abs=1e-12
            )
        got = auprg_score(labels, s, pos_label="spam", sample_weight=w)
        assert got == pytest.approx(auprg_score(y, s, sample_weight=w), abs=1e-12)


def test_string_labels_without_pos_label_is_an_error_naming_pos_label():
    with pytest.raises(ValueError, match="'pos_label' parameter of auprg_score"):
        auprg_score(["a", "b", "a"], [0.1, 0.2, 0.3])


# -- AUPRG: Flach & Kull's reference -----------------------------------------


def test_auprg_equals_the_reference_on_random_inputs_with_ties():
    rng = np.random.default_rng(2015)
    for trial in range(200):
        y, s, _ = random_problem(rng, weighted=False)
        reference = calc_auprg(create_prg_curve(y, s))
        assert auprg_score(y, s) == pytest.approx(reference, abs=1e-12), trial


def test_prg_curve_has_the_reference_points_in_recall_gain_zero_to_one():
    rng = np.random.default_rng(11)
    for trial in range(200):
        y, s, _ = random_problem(rng, weighted=False)
        curve = create_prg_curve(y, s)
        rg, pg = curve["recall_gain"], curve["precision_gain"]
        # the reference's points in [0, 1] of recall gain, less its extra
        # points at precision gain 0 (which lie on the segments): crossing
        # points after a point of recall gain >= 0 (the one at recall gain 0
        # follows a point of negative recall gain)
        before = np.concatenate(([-np.inf], rg[:-1]))
        extra = (curve["is_crossing"] == 1) & (pg == 0) & (before >= 0)
        keep = (rg >= 0) & ~extra
        gain_p, gain_r, thresholds = precision_recall_gain_curve(y, s)
        np.testing.assert_allclose(gain_r[::-1], rg[keep], atol=1e-12)
        np.testing.assert_allclose(gain_p[::-1], pg[keep], atol=1e-12)
        assert np.all(np.diff(thresholds) >= 0) and np.all(np.diff(gain_r) <= 0)
        assert gain_r[0] == 1.0 and gain_r[-1] == 0.0
        # every point but an interpolated last one is its threshold's
        for p, r, t in zip(gain_p[:-1], gain_r[:-1], thresholds[:-1], strict=True):
            predicted = s >= t
            tp, fp = np.sum(predicted & (y == 1)), np.sum(predicted & (y == 0))
            pos, neg = np.sum(y == 1), np.sum(y == 0)
            assert r == pytest.approx(1 - pos / neg * (pos - tp) / tp, abs=1e-12)
            assert p == pytest.approx(1 - pos / neg * fp / tp, abs=1e-12), trial


def test_auprg_hand_worked_with_a_crossing_point():
    # Ranked +, -, +, -, +, - (P = N = 3, pi = 1/2): precG = 1 - FP/TP,
    # recG = 1 - FN/TP. Points (TP, FP) -> (recG, precG):
    #   (1, 0) -> (-1, 1); (1, 1) -> (-1, 0): dropped, recG < 0
    #   (2, 1) -> (1/2, 1/2); (2, 2) -> (1/2, 0); (3, 2) -> (1, 1/3); (3, 3) -> (1, 0)
    # recG = 0 at TP = P^2 / (P + N) = 3/2: halfway from (1, 1) to (2, 1), so
    # FP = 1 and precG = 1 - 1/1.5 = 1/3. Trapezoids over recG:
    #   (0 -> 1/2): 1/2 * (1/3 + 1/2) / 2 = 5/24; (1/2 -> 1): 1/2 * (0 + 1/3) / 2
    #   = 1/12; total 7/24.
    y = [1, 0, 1, 0, 1, 0]
    s = [6, 5, 4, 3, 2, 1]
    assert auprg_score(y, s) == pytest.approx(7 / 24, abs=1e-15)
    assert calc_auprg(create_prg_curve(np.array(y), np.array(s))) == pytest.approx(
        7 / 24, abs=1e-15
    )
    gain_p, gain_r, thresholds = precision_recall_gain_curve(y, s)
    np.testing.assert_allclose(gain_r, [1, 1, 0.5, 0.5, 0])
    np.testing.assert_allclose(gain_p, [0, 1 / 3, 0, 0.5, 1 / 3])
    # the interpolated point repeats the threshold of the segment it is on
    np.testing.assert_array_equal(thresholds, [1, 2, 3, 4, 4])


def test_auprg_perfect_ranking_is_one_and_reversed_is_negative():
    assert auprg_score([0, 0, 1, 1], [1, 2, 3, 4]) == pytest.approx(1.0)
    assert auprg_score([1, 1, 0, 0], [1, 2, 3, 4]) < 0


def test_auprg_weights_are_repetitions():
    rng = np.random.default_rng(3)
    for _ in range(100):
        y, s, _ = random_problem(rng, weighted=False)
        w = rng.integers(0, 4, y.shape[0])
        if w[y == 1].sum() == 0 or w[y == 0].sum() == 0:
            continue
        yr, sr = np.repeat(y, w), np.repeat(s, w)
        weighted = auprg_score(y, s, sample_weight=w)
        assert weighted == pytest.approx(auprg_score(yr, sr), abs=1e-12)
        assert weighted == pytest.approx(
            calc_auprg(create_prg_curve(yr, sr)), abs=1e-12
        )
        for got, repeated in zip(
            precision_recall_gain_curve(y, s, sample_weight=w),
            precision_recall_gain_curve(yr, sr),
            strict=True,
        ):
            np.testing.assert_allclose(got, repeated, atol=1e-12)


def test_weights_are_repetitions_for_every_area():
    rng = np.random.default_rng(5)
    for _ in range(60):
        y, s, _ = random_problem(rng, weighted=False)
        w = rng.integers(0, 4, y.shape[0])
        if w[y == 1].sum() == 0 or w[y == 0].sum() == 0:
            continue
        yr, sr = np.repeat(y, w), np.repeat(s, w)
        for score in SCORES[:3] + SCORES[4:]:
            assert score(y, s, sample_weight=w) == pytest.approx(
                score(yr, sr), abs=1e-12
            )


# -- partial AUC --------------------------------------------------------------


def brute_force_area(x, y, low, high, cells=1_000_000):
    """Midpoint rule on the polyline through (x, y) over [low, high]: exact
    on linear pieces, off by at most half a cell times the jump at a vertical
    step (the jumps sum to at most 1): error <= (high - low) / cells / 2."""
    width = (high - low) / cells
    mid = low + width * (np.arange(cells) + 0.5)
    return float(np.interp(mid, x, y).sum() * width)


def test_partial_auc_equals_brute_force_integration_both_ways():
    rng = np.random.default_rng(1989)
    for trial in range(40):
        y, s, w = random_problem(rng, weighted=trial % 2 == 0)
        tp, fp = counts(y, s, w)
        tpr = np.concatenate(([0.0], tp / tp[-1]))
        fpr = np.concatenate(([0.0], fp / fp[-1]))
        max_fpr = float(rng.uniform(0.02, 1.0))
        min_tpr = float(rng.uniform(0.0, 0.98))
        by_fpr = brute_force_area(fpr, tpr, 0.0, max_fpr)
        by_tpr = brute_force_area(tpr, 1.0 - fpr, min_tpr, 1.0)
        got = partial_auc_score(
            y, s, max_fpr=max_fpr, standardized=False, sample_weight=w
        )
        assert got == pytest.approx(by_fpr, abs=1e-6), trial
        got = partial_auc_score(
            y, s, min_tpr=min_tpr, standardized=False, sample_weight=w
        )
        assert got == pytest.approx(by_tpr, abs=1e-6), trial
        # McClish on the TPR band, width 1 - min_tpr
        band = 1.0 - min_tpr
        mcclish = 0.5 * (1 + (by_tpr - band**2 / 2) / (band - band**2 / 2))
        got = partial_auc_score(y, s, min_tpr=min_tpr, sample_weight=w)
        assert got == pytest.approx(mcclish, abs=1e-5), trial


def test_min_tpr_hand_worked():
    # Ranked +, -, +, -, +, - (P = N = 3): ROC points (0, 0), (0, 1/3),
    # (1/3, 1/3), (1/3, 2/3), (2/3, 2/3), (2/3, 1), (1, 1). Over TPR in
    # [1/2, 1] the specificity 1 - FPR is 2/3 for TPR in (1/3, 2/3) and 1/3
    # for TPR in (2/3, 1): area (2/3 - 1/2) * 2/3 + 1/3 * 1/3 = 1/9 + 1/9 = 2/9.
    # McClish, width 1/2: min 1/8, max 1/2: (1 + (2/9 - 1/8) / (3/8)) / 2 = 17/27.
    y, s = [1, 0, 1, 0, 1, 0], [6, 5, 4, 3, 2, 1]
    raw = partial_auc_score(y, s, min_tpr=0.5, standardized=False)
    assert raw == pytest.approx(2 / 9, abs=1e-15)
    assert partial_auc_score(y, s, min_tpr=0.5) == pytest.approx(17 / 27, abs=1e-15)
    # a tie of a positive and a negative: ROC (0, 0), (0, 1/2), (1/2, 1), (1, 1);
    # on the diagonal FPR = TPR - 1/2, so over [3/4, 1]:
    # integral of 1 - (t - 1/2) = 3/2 - t from 3/4 to 1 = 3/8 - 7/32 = 5/32.
    y, s = [1, 1, 0, 0], [3, 2, 2, 1]
    raw = partial_auc_score(y, s, min_tpr=0.75, standardized=False)
    assert raw == pytest.approx(5 / 32, abs=1e-15)


def test_partial_auc_at_the_full_band_is_the_auc():
    rng = np.random.default_rng(99)
    for _ in range(50):
        y, s, w = random_problem(rng)
        auc = roc_auc_score(y, s, sample_weight=w)
        for standardized in (True, False):
            full_tpr = partial_auc_score(
                y, s, min_tpr=0.0, standardized=standardized, sample_weight=w
            )
            full_fpr = partial_auc_score(
                y, s, max_fpr=1.0, standardized=standardized, sample_weight=w
            )
            assert full_tpr == pytest.approx(auc, abs=1e-12)
            assert full_fpr == pytest.approx(auc, abs=1e-12)


def test_partial_auc_chance_and_perfect():
    y = np.repeat([0, 1], 50)
    perfect = np.arange(100)
    for band in ({"max_fpr": 0.2}, {"min_tpr": 0.8}):
        assert partial_auc_score(y, perfect, **band) == pytest.approx(1.0)
        assert partial_auc_score(y, np.zeros(100), **band) == pytest.approx(0.5)


# -- the records' formulas ---------------------------------------------------


def test_the_records_hold_their_formulas_with_keyword_params():
    assert metric_info("auprg").formula is auprg_from_counts
    assert metric_info("partial_auc").formula is partial_auc_from_counts
    tp, fp = counts([1, 0, 1, 0, 1, 0], [6, 5, 4, 3, 2, 1])
    assert metric_info("partial_auc").formula(tp, fp, min_tpr=0.5) == pytest.approx(
        17 / 27
    )
    # float counts (a bootstrap's reweighting) give the same
    assert metric_info("auprg").formula(tp * 1.0, fp * 1.0) == pytest.approx(7 / 24)
    with pytest.raises(ValueError, match="max_fpr.*min_tpr"):
        partial_auc_from_counts(tp, fp)
    assert np.isnan(auprg_from_counts(np.array([0, 0]), np.array([1, 2])))
    assert prg_curve_from_counts(np.array([1, 2]), np.array([0, 0]))[0].size == 0


def test_all_lists_the_five_public_functions():
    assert sorted(AREAS_ALL) == [
        "auprg_score",
        "average_precision_score",
        "partial_auc_score",
        "precision_recall_gain_curve",
        "roc_auc_score",
    ]


# -- errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "pattern"),
    [
        ({"max_fpr": 0.0}, "'max_fpr' parameter .* must be a float in (0, 1]. Got 0.0"),
        ({"max_fpr": 1.5}, "'max_fpr' parameter .* in (0, 1]. Got 1.5"),
        ({"max_fpr": True}, "'max_fpr' parameter .* Got True"),
        ({"max_fpr": "0.1"}, "'max_fpr' parameter .* Got '0.1'"),
        ({"min_tpr": 1.0}, "'min_tpr' parameter .* must be a float in [0, 1). Got 1.0"),
        ({"min_tpr": -0.1}, "'min_tpr' parameter .* Got -0.1"),
        ({}, "Exactly one of the 'max_fpr' and 'min_tpr' parameters .* Got neither"),
        ({"max_fpr": 0.1, "min_tpr": 0.9}, "Exactly one of .* Got both"),
    ],
)  # fmt: skip
def test_bad_band_is_an_error_naming_the_parameter(params, pattern):
    pattern = re.escape(pattern).replace(re.escape(".*"), ".*")
    with pytest.raises(ValueError, match=pattern):
        partial_auc_score([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], **params)


def test_band_error_wording():
    with pytest.raises(ValueError) as error:
        partial_auc_score([0, 1], [0.1, 0.2], max_fpr=2)
    assert str(error.value) == (
        "The 'max_fpr' parameter of partial_auc_score must be a float in (0, 1]. "
        "Got 2 instead."
    )


def test_standardized_must_be_a_bool():
    with pytest.raises(TypeError, match="'standardized' parameter .* a bool"):
        partial_auc_score([0, 1], [0.1, 0.2], max_fpr=0.5, standardized=1)


@pytest.mark.parametrize("score", SCORES, ids=NAMES)
def test_input_errors_name_the_parameter(score):
    with pytest.raises(ValueError, match="'y_true' parameter .* binary"):
        score([0, 1, 2, 1], [0.1, 0.2, 0.3, 0.4])
    with pytest.raises(ValueError, match="'y_score' parameter .* free of NaN"):
        score([0, 1, 0, 1], [0.1, np.nan, 0.3, 0.4])
    with pytest.raises(ValueError, match="'y_score' parameter .* same length"):
        score([0, 1, 0, 1], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="'sample_weight' parameter"):
        score([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], sample_weight=[1, 1])


# -- undefined: NaN with a warning --------------------------------------------


NEED_BOTH = [score for score in SCORES if score is not average_precision_score]


@pytest.mark.parametrize("score", NEED_BOTH, ids=[n for n in NAMES if n != "ap"])
def test_one_class_is_nan_with_undefined_metric_warning(score):
    with pytest.warns(
        UndefinedMetricWarning, match="no negative sample.*returning (NaN|empty arrays)"
    ):
        value = score([1, 1, 1], [0.1, 0.2, 0.3])
    if isinstance(value, tuple):
        assert all(part.size == 0 for part in value)
    else:
        assert np.isnan(value)


def test_average_precision_without_negatives_is_one_without_warning():
    # without negatives every precision is 1: defined, as scikit-learn's
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert average_precision_score([1, 1, 1], [0.1, 0.2, 0.3]) == 1.0
    assert skm.average_precision_score([1, 1, 1], [0.1, 0.2, 0.3]) == 1.0


@pytest.mark.parametrize("score", SCORES, ids=NAMES)
def test_no_positive_or_zero_weight_class_is_nan_with_warning(score):
    with pytest.warns(UndefinedMetricWarning, match="no positive sample"):
        value = score([0, 0, 0], [0.1, 0.2, 0.3])
    assert (
        all(p.size == 0 for p in value)
        if isinstance(value, tuple)
        else (np.isnan(value))
    )
    with pytest.warns(UndefinedMetricWarning, match="every positive sample weighs 0"):
        value = score([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], sample_weight=[1, 0, 1, 0])
    assert (
        all(p.size == 0 for p in value)
        if isinstance(value, tuple)
        else (np.isnan(value))
    )


def test_undefined_warning_names_the_function():
    with pytest.warns(UndefinedMetricWarning, match=r"^partial_auc_score: the partial"):
        partial_auc_score([1, 1], [0.1, 0.2], min_tpr=0.5)
