"""Cochran's Q in compare_predictions: against mlxtend, by hand, McNemar's
chi-squared for two models, and its bad inputs."""

import pickle

import numpy as np
import pytest
from scipy import stats

import imbascore as ims

evaluate = pytest.importorskip("mlxtend.evaluate")


def _predictions(seed, n=300, rates=(0.8, 0.75, 0.7, 0.72)):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.2).astype(int)
    shared = rng.random(n)
    preds = [
        np.where(0.5 * shared + 0.5 * rng.random(n) < rate, y, 1 - y) for rate in rates
    ]
    return y, preds


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("k", [2, 3, 4])
def test_cochrans_q_equals_mlxtend(seed, k):
    y, preds = _predictions(seed)
    result = ims.compare_predictions(y, *preds[:k], method="cochran_q")
    q, p = evaluate.cochrans_q(y, *preds[:k])
    assert result.statistic == pytest.approx(q, rel=1e-12)
    assert result.pvalue == pytest.approx(p, rel=1e-12, abs=1e-15)
    assert result.df == k - 1 and result.test == "cochran_q"
    assert list(result.scores) == list("ABCD")[:k]
    assert result.scores["A"] == pytest.approx(np.mean(preds[0] == y))


def test_more_than_two_models_run_cochrans_q_on_accuracy_by_default():
    y, preds = _predictions(0)
    result = ims.compare_predictions(y, *preds[:3])
    assert isinstance(result, ims.CochranComparison)
    assert result.metric == "accuracy" and result.n_samples == len(y)
    assert "Q=" in str(result) and "test='cochran_q'" in repr(result)
    assert pickle.loads(pickle.dumps(result)) == result
    # two models without method: the paired table, as before (IBA)
    assert ims.compare_predictions(y, *preds[:2], random_state=0).metric == "iba"


def test_two_models_give_mcnemars_chi_squared_without_correction():
    y, preds = _predictions(1)
    result = ims.compare_predictions(y, preds[0], preds[1], method="cochran_q")
    right_a, right_b = preds[0] == y, preds[1] == y
    b, c = np.sum(right_a & ~right_b), np.sum(~right_a & right_b)
    chi2 = (b - c) ** 2 / (b + c)
    assert result.statistic == pytest.approx(chi2, rel=1e-12)
    assert result.pvalue == pytest.approx(stats.chi2.sf(chi2, 1), rel=1e-12)


def test_sensitivity_and_specificity_count_the_positives_or_the_negatives():
    y, preds = _predictions(2)
    positives = y == 1
    result = ims.compare_predictions(y, *preds[:3], metric="sensitivity")
    q, p = evaluate.cochrans_q(y[positives], *(pred[positives] for pred in preds[:3]))
    assert result.n_samples == positives.sum()
    assert result.statistic == pytest.approx(q, rel=1e-12)
    negatives = ims.compare_predictions(y, *preds[:3], metric="specificity")
    q, _ = evaluate.cochrans_q(y[~positives], *(pred[~positives] for pred in preds[:3]))
    assert negatives.statistic == pytest.approx(q, rel=1e-12)


def test_string_labels_and_all_agreeing_models():
    y = np.array(["no", "yes", "no", "no", "yes"])
    result = ims.compare_predictions(y, y, y, y)
    assert np.isnan(result.statistic) and result.pvalue == 1.0
    other = np.array(["yes", "yes", "no", "no", "no"])
    result = ims.compare_predictions(
        y, y, other, other, metric="sensitivity", pos_label="yes"
    )
    assert result.n_samples == 2


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (
            {"metric": "iba"},
            ValueError,
            r"'metric' parameter of compare_predictions must be one of "
            r"\['accuracy', .*\] for method='cochran_q'.* Got 'iba'",
        ),
        (
            {"method": "posterior"},
            ValueError,
            r"'method' parameter of compare_predictions must be 'cochran_q' "
            r"\(or None\) for more than two models' predictions. Got 'posterior'",
        ),
        (
            {"sample_weight": np.ones(300)},
            ValueError,
            r"'sample_weight' parameter .* None for method='cochran_q'",
        ),
        (
            {"average": "macro"},
            TypeError,
            r"'metric_params' parameter .* pos_label alone .* Got \['average'\]",
        ),
        (
            {"metric": "sensitivity", "pos_label": 2},
            ValueError,
            r"'pos_label' parameter .* one of the two labels of y_true .* Got 2",
        ),
    ],
)
def test_bad_cochran_input_is_refused(kwargs, error, match):
    y, preds = _predictions(0)
    with pytest.raises(error, match=match):
        ims.compare_predictions(y, *preds[:3], **kwargs)


def test_a_short_or_missing_prediction_names_its_parameter():
    y, preds = _predictions(0)
    with pytest.raises(ValueError, match="more_preds"):
        ims.compare_predictions(y, preds[0], preds[1], preds[2][:10])
    counts = ims.PairedCounts.from_predictions(y, preds[0], preds[1])
    with pytest.raises(TypeError, match=r"'y_true' parameter .* a PairedCounts"):
        ims.compare_predictions(counts, None, None, method="cochran_q")
