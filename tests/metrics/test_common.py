"""Checks every metric of the catalogue passes, in scikit-learn's style.

Parametrised over :func:`imbascore.list_metrics`: a metric added to the
catalogue is checked here without a test of its own.
"""

import inspect
import math
import pickle

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression

import imbascore
from imbascore import ConfusionCounts, MetricInfo, get_scorer, list_metrics
from imbascore._scorer.calibration_scorers import CALIBRATION_FACTORIES
from imbascore._scorer.factories import BUILTIN_FACTORIES, FACTORY_METRICS
from imbascore._scorer.ranking_scorers import RANKING_FACTORIES

METRICS = list_metrics()
IDS = [info.name for info in METRICS]
#: The metrics of labels (the ranking metrics read the 0/1 predictions of
#: these tests as scores of two values).
LABEL_METRICS = [info for info in METRICS if info.reads == "labels"]
#: What a ranking metric without a default region is probed with.
PROBES = {"partial_auc": {"max_fpr": 0.3}}
#: Options every metric function shares; the others are the metric's own.
SHARED = {
    "labels",
    "pos_label",
    "average",
    "sample_weight",
    "zero_division",
    "prevalence",  # the calibration metrics take the deployment ratio
}


def _binary(seed, n=60, positives=0.3):
    """Labels and noisy predictions of two classes, every count non-zero."""
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < positives).astype(int)
    y_true[:2] = [0, 1]
    flip = rng.random(n) < 0.3
    y_pred = np.where(flip, 1 - y_true, y_true)
    y_pred[2:6] = [0, 1, 1, 0]
    y_true[2:6] = [0, 0, 1, 1]  # one of each cell, whatever the draw
    return y_true, y_pred


def _value(info, y_true, y_pred, **kwargs):
    return info.function(y_true, y_pred, **PROBES.get(info.name, {}), **kwargs)


def _close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) or (
        math.isnan(a) and math.isnan(b)
    )


def test_names_are_unique():
    names = [info.name for info in METRICS]
    assert len(set(names)) == len(names)
    scorers = [info.scorer for info in METRICS]
    assert len(set(scorers)) == len(scorers)


def test_every_label_metric_scorer_is_listed():
    assert {info.scorer for info in LABEL_METRICS} == set(BUILTIN_FACTORIES)
    assert {info.name for info in LABEL_METRICS} == {
        key for key, _ in FACTORY_METRICS.values()
    }
    ranking = {info.scorer for info in METRICS if info.reads == "scores"}
    assert ranking == set(RANKING_FACTORIES)
    calibration = {info.scorer for info in METRICS if info.reads == "probabilities"}
    assert calibration == set(CALIBRATION_FACTORIES)
    assert {info.reads for info in METRICS} == {"labels", "scores", "probabilities"}


def test_records_are_public_and_readable():
    assert "list_metrics" in imbascore.__all__
    assert "MetricInfo" in imbascore.__all__
    assert all(isinstance(info, MetricInfo) for info in METRICS)
    iba = {info.name: info for info in METRICS}["iba"]
    assert repr(iba).startswith("MetricInfo(name='iba', ")
    assert "params={'alpha': 0.1, 'squared': True}" in repr(iba)
    assert "bounds=(0.0, 1.0)" in repr(iba)
    assert pickle.loads(pickle.dumps(iba)) == iba
    assert b"_metrics" not in pickle.dumps(iba)  # the public path only


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_record_is_consistent(info):
    low, high = info.bounds
    assert low < high
    assert info.function is getattr(imbascore.metrics, info.function_name)
    assert info.function.__name__ == info.function_name
    assert info.scorer.startswith("neg_") == (not info.greater_is_better)
    # every own parameter has its rule in the record
    assert set(info.checks) == set(info.params)
    assert set(info.multiclass_params) <= set(info.params)
    assert info.readable and info.source
    # a calibration metric is defined on one class (its by-class strata warn)
    # A ranking metric needs both classes; a metric of labels says which
    # counts it needs (none for those of the whole table: PABAK, CBA).
    if info.reads == "scores":
        assert info.needs
    if info.reads == "probabilities":
        assert not info.needs


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_params_are_the_functions(info):
    parameters = inspect.signature(info.function).parameters
    own = {
        name: p.default
        for name, p in parameters.items()
        if p.kind is p.KEYWORD_ONLY and name not in SHARED
    }
    assert own == dict(info.params)


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_scorer_equals_function(info):
    y, _ = _binary(0, n=120)
    X = np.column_stack([y + np.random.default_rng(1).normal(0, 1.2, y.size), y])
    model = LogisticRegression().fit(X[:, :1], y)
    probe = PROBES.get(info.name, {})
    scorer = get_scorer(info.scorer, **probe)
    if info.reads != "labels":  # the positive class's probability
        predicted = model.predict_proba(X[:, :1])[:, 1]
    else:
        predicted = model.predict(X[:, :1])
    expected = _value(info, y, predicted, **info.scorer_params)
    sign = 1.0 if info.greater_is_better else -1.0
    assert scorer._sign == sign
    assert _close(scorer(model, X[:, :1], y), sign * expected)


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_values_within_bounds(info):
    low, high = info.bounds
    for seed in range(10):
        y_true, y_pred = _binary(seed)
        value = _value(info, y_true, y_pred)
        assert low <= value <= high, (seed, value)


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_weight_two_equals_repeating_rows(info):
    y_true, y_pred = _binary(3)
    weights = np.where(np.arange(y_true.size) % 3 == 0, 2.0, 1.0)
    repeated = np.repeat(np.arange(y_true.size), weights.astype(int))
    assert _close(
        _value(info, y_true, y_pred, sample_weight=weights),
        _value(info, y_true[repeated], y_pred[repeated]),
    )


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_order_of_samples_does_not_matter(info):
    y_true, y_pred = _binary(4)
    order = np.random.default_rng(5).permutation(y_true.size)
    assert _close(
        _value(info, y_true, y_pred), _value(info, y_true[order], y_pred[order])
    )


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_string_labels_equal_integer_labels(info):
    y_true, y_pred = _binary(6)
    names = np.array(["healthy", "sick"])
    scores = info.reads != "labels"  # scores stay numbers: of the positive class
    assert _close(
        _value(info, y_true, y_pred),
        _value(
            info, names[y_true], y_pred if scores else names[y_pred], pos_label="sick"
        ),
    )
    # The other class as the positive one: its labels swapped.
    assert _close(
        _value(info, 1 - y_true, 1 - y_pred),
        _value(
            info,
            names[y_true],
            1 - y_pred if scores else names[y_pred],
            pos_label="healthy",
        ),
    )


def _more_negatives(y_true, y_pred, times=3):
    negatives = np.flatnonzero(y_true == 0)
    rows = np.concatenate([np.arange(y_true.size)] + [negatives] * (times - 1))
    return y_true[rows], y_pred[rows]


@pytest.mark.parametrize("info", METRICS, ids=IDS)
def test_ratio_free_as_recorded(info):
    changed = []
    for seed in range(5):
        y_true, y_pred = _binary(seed)
        before = _value(info, y_true, y_pred)
        after = _value(info, *_more_negatives(y_true, y_pred))
        changed.append(not _close(before, after))
    if info.ratio_free:
        assert not any(changed)
    else:
        assert any(changed)


def test_derived_tables_follow_the_catalogue():
    from imbascore._inference.across_datasets import LOWER_IS_BETTER as ACROSS
    from imbascore._inference.summaries import RATE_METRICS
    from imbascore._metrics.per_class import METRICS as PER_CLASS
    from imbascore._report.report import REPORT_METRICS
    from imbascore._scorer.factories import LOWER_IS_BETTER, RATIO_FREE
    from imbascore._specs.catalogue import NOT_A_QUALITY
    from imbascore._thresholds.curve import _LOWER_IS_BETTER

    names = [info.name for info in LABEL_METRICS]
    assert list(PER_CLASS) == names
    assert list(REPORT_METRICS) == [m for m in names if m in REPORT_METRICS]
    assert RATE_METRICS == tuple(m.name for m in LABEL_METRICS if m.ratio_free)
    assert RATIO_FREE == set(RATE_METRICS) | {"roc_auc", "partial_auc"}
    lower = {m.name for m in METRICS if not m.greater_is_better}
    lower_labels = {m.name for m in LABEL_METRICS if not m.greater_is_better}
    assert lower_labels == {FACTORY_METRICS[f][0] for f in LOWER_IS_BETTER}
    assert lower - lower_labels == {"brier_score", "log_loss", "mcb", "ece"}
    assert lower == _LOWER_IS_BETTER - {"expected_cost"}
    assert NOT_A_QUALITY == {m.name for m in METRICS if not m.quality}
    assert ACROSS == lower


@pytest.mark.parametrize(
    "info", [m for m in METRICS if m.proportion], ids=lambda m: m.name
)
def test_a_proportion_is_its_successes_over_its_trials(info):
    # the exact intervals (Wilson, Clopper-Pearson) read these cells
    counts = ConfusionCounts.from_matrix([[37, 5], [8, 11]])  # tn fp / fn tp
    cells = {"tn": 37, "fp": 5, "fn": 8, "tp": 11}
    successes, trials = info.proportion
    expected = cells[successes] / sum(cells[c] for c in trials)
    assert counts.score(info.name) == pytest.approx(expected, rel=1e-15)
    assert {m.name for m in METRICS if m.proportion} == {
        "sensitivity",
        "specificity",
        "fpr",
        "fnr",
        "npv",
    }
