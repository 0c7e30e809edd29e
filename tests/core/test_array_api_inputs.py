"""Array API inputs with scikit-learn's dispatch on: counted in their own
namespace, with the numpy path's numbers, warnings and errors.

The arrays live on ``array_api_strict``'s "device1", which refuses any
conversion to numpy: a numpy-only call on the array path fails here.
"""

import warnings

import numpy as np
import pytest
import sklearn

import imbascore as ims

if int(np.__version__.split(".")[0]) < 2:
    pytest.skip(
        "array_api_strict's devices need numpy 2 (np.asarray(copy=))",
        allow_module_level=True,
    )
xp = pytest.importorskip("array_api_strict")
pytest.importorskip("array_api_compat" if sklearn.__version__ < "1.6" else "sklearn")

DEVICE = xp.Device("device1")


@pytest.fixture
def dispatch(monkeypatch):
    # scikit-learn 1.6+ asks for scipy's switch too; the package's numpy
    # path does not read it
    monkeypatch.setenv("SCIPY_ARRAY_API", "1")
    with sklearn.config_context(array_api_dispatch=True):
        yield


def _on_device(values):
    return None if values is None else xp.asarray(values, device=DEVICE)


_RNG = np.random.default_rng(3)
N = 300
BINARY = (
    (_RNG.random(N) < 0.2).astype(np.int64),
    (_RNG.random(N) < 0.3).astype(np.int64),
)
THREE = _RNG.integers(0, 3, N), _RNG.integers(0, 3, N)
SEVEN = _RNG.integers(-3, 4, N), _RNG.integers(-3, 4, N)  # the sorted path
WEIGHTS = np.round(_RNG.random(N) * 4, 2)
NONE_PREDICTED = BINARY[0], np.zeros(N, dtype=np.int64)

CASES = [
    ("binary", BINARY, None, {}),
    ("binary, weighted", BINARY, WEIGHTS, {"pos_label": 0}),
    ("bool", tuple(y.astype(bool) for y in BINARY), None, {"pos_label": True}),
    ("whole floats", tuple(y.astype(np.float32) for y in BINARY), WEIGHTS, {}),
    ("int8 beside int64", (BINARY[0].astype(np.int8), BINARY[1]), None, {}),
    ("no positive predicted", NONE_PREDICTED, None, {}),
    ("three classes, macro", THREE, None, {"average": "macro"}),
    ("three classes, per class", THREE, WEIGHTS, {"average": None, "labels": [2, 0]}),
    ("seven classes, weighted", SEVEN, WEIGHTS, {"average": "weighted"}),
    ("seven classes, micro", SEVEN, None, {"average": "micro"}),
]


def _call(function, y_true, y_pred, weights, params):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = function(y_true, y_pred, sample_weight=weights, **params)
        except (TypeError, ValueError) as error:
            return "error", type(error), str(error)
    return (
        "value",
        np.asarray(value, float),
        [(w.category, str(w.message)) for w in caught],
    )


LABEL_METRICS = [info for info in ims.list_metrics() if info.reads == "labels"]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
@pytest.mark.parametrize("info", LABEL_METRICS, ids=lambda info: info.name)
def test_every_label_metric_counts_on_the_device_as_numpy(info, case, dispatch):
    _, (y_true, y_pred), weights, params = case
    expected = _call(info.function, y_true, y_pred, weights, params)
    got = _call(
        info.function,
        _on_device(y_true),
        _on_device(y_pred),
        _on_device(weights),
        params,
    )
    assert got[0] == expected[0], (got, expected)
    if expected[0] == "error":
        assert got[1:] == expected[1:]
        return
    # weights are added in another order (a sum per cell): the last bits
    np.testing.assert_allclose(got[1], expected[1], rtol=1e-13, atol=1e-15)
    assert got[2] == expected[2]


@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_the_counts_and_the_report_are_numpys(case, dispatch):
    _, (y_true, y_pred), weights, _ = case
    device = _on_device(y_true), _on_device(y_pred)
    got = ims.confusion_counts(*device, sample_weight=_on_device(weights))
    expected = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    assert list(got.labels) == list(expected.labels)
    assert type(got.labels[0]) is type(expected.labels[0])
    np.testing.assert_allclose(got.matrix, expected.matrix, rtol=1e-13)
    assert ims.imbalanced_report(*device, digits=6) == ims.imbalanced_report(
        y_true, y_pred, digits=6
    )
    average = {} if len(expected.labels) == 2 else {"average": "macro"}
    got, expected = (
        ims.metric_interval(*y, metric="iba", random_state=0, **average)
        for y in (device, (y_true, y_pred))
    )
    np.testing.assert_allclose(
        [got.estimate, got.low, got.high],
        [expected.estimate, expected.low, expected.high],
    )


def test_the_scorers_take_device_predictions(dispatch):
    y_true, y_pred = BINARY
    table = ims.confusion_counts(_on_device(y_true), _on_device(y_pred))
    assert table.score("gmean") == ims.confusion_counts(y_true, y_pred).score("gmean")


def test_without_the_dispatch_numpy_reads_them_as_before():
    y_true, y_pred = (xp.asarray(y) for y in BINARY)  # on the CPU device
    assert ims.iba_score(y_true, y_pred) == ims.iba_score(*BINARY)


@pytest.mark.parametrize(
    "y_true, y_pred, weights, error, match",
    [
        (
            _on_device(BINARY[0]),
            BINARY[1],
            None,
            TypeError,
            "'y_pred' parameter .* namespace",
        ),
        (
            _on_device(BINARY[0]),
            list(BINARY[1]),
            None,
            TypeError,
            "'y_pred' .* builtins.list",
        ),
        (
            _on_device(BINARY[0]),
            _on_device(BINARY[1]),
            WEIGHTS,
            TypeError,
            "'sample_weight' parameter .* namespace",
        ),
        (
            _on_device(BINARY[0]),
            xp.asarray(BINARY[1]),
            None,
            ValueError,
            "'y_pred' parameter .* must be on y_true's device",
        ),
        (
            _on_device(BINARY[0] + 0.5),
            _on_device(BINARY[1]),
            None,
            ValueError,
            "continuous",
        ),
        (
            _on_device(np.where(BINARY[0], np.nan, 0.0)),
            _on_device(BINARY[1]),
            None,
            ValueError,
            "'y_true' parameter .* missing values",
        ),
        (
            _on_device(BINARY[0]),
            _on_device(np.where(BINARY[1], np.inf, 0.0)),
            None,
            ValueError,
            "'y_pred' parameter .* finite",
        ),
        (
            _on_device(BINARY[0]),
            _on_device(BINARY[1]),
            _on_device(-WEIGHTS),
            ValueError,
            "'sample_weight' parameter .* non-negative",
        ),
        (
            _on_device(BINARY[0]),
            _on_device(BINARY[1][:-1]),
            None,
            ValueError,
            r"'y_pred' parameter .* same length as y_true \(300\)",
        ),
        (
            _on_device(np.stack(BINARY, axis=1)),
            _on_device(np.stack(BINARY, axis=1)),
            None,
            ValueError,
            r"'y_true' parameter .* shape \(300, 2\)",
        ),
        (
            _on_device(np.arange(N)),
            _on_device(np.arange(N)),
            None,
            ValueError,
            "at most 256 classes on the array API path",
        ),
        (
            _on_device(np.array([], dtype=np.int64)),
            _on_device(np.array([], dtype=np.int64)),
            None,
            ValueError,
            "'y_true' parameter .* non-empty",
        ),
    ],
)
def test_what_the_array_path_cannot_serve_is_refused(
    y_true, y_pred, weights, error, match, dispatch
):
    with pytest.raises(error, match=match):
        ims.iba_score(y_true, y_pred, sample_weight=weights, average="macro")


def test_functions_that_read_every_sample_on_the_host_say_so(dispatch):
    device = _on_device(BINARY[0]), _on_device(BINARY[1])
    with pytest.raises(TypeError, match="reads every sample on the host"):
        ims.metrics_by_group(*device, groups=np.zeros(N, dtype=int), metrics=["iba"])


SCORES = np.round(_RNG.random(N) * 0.7 + 0.3 * BINARY[0], 2)  # ties included
SCORE_CASES = [
    ("scores", BINARY[0], SCORES, None, {}),
    ("weighted", BINARY[0], SCORES, WEIGHTS, {}),
    ("pos_label 0", BINARY[0], 1 - SCORES, WEIGHTS, {"pos_label": 0}),
    (
        "float32 scores, bool truth",
        BINARY[0].astype(bool),
        SCORES.astype(np.float32),
        None,
        {},
    ),
    ("integer scores", BINARY[0], (SCORES * 10).astype(np.int64), None, {}),
    ("no positive", np.zeros(N, dtype=np.int64), SCORES, None, {"pos_label": 1}),
]


@pytest.mark.parametrize("case", SCORE_CASES, ids=[case[0] for case in SCORE_CASES])
@pytest.mark.parametrize(
    "info",
    [info for info in ims.list_metrics() if info.reads == "scores"],
    ids=lambda info: info.name,
)
def test_ranking_metrics_sort_on_the_device_as_numpy(info, case, dispatch):
    _, y_true, scores, weights, params = case
    expected = _call(info.function, y_true, scores, weights, params)
    got = _call(
        info.function,
        _on_device(y_true),
        _on_device(scores),
        _on_device(weights),
        params,
    )
    assert got[0] == expected[0], (got, expected)
    if expected[0] == "error":
        assert got[1:] == expected[1:]
        return
    np.testing.assert_allclose(got[1], expected[1], rtol=1e-12)
    assert got[2] == expected[2]


@pytest.mark.parametrize(
    "call, match",
    [
        (
            lambda y, s: ims.metrics.roc_auc_score(y, xp.asarray(SCORES)),
            "'y_score' parameter .* on y_true's device",
        ),
        (
            lambda y, s: ims.metrics.roc_auc_score(y, s * xp.nan),
            "'y_score' parameter .* free of NaN",
        ),
        (
            lambda y, s: ims.metrics.roc_auc_score(y, s[:-1]),
            r"'y_score' parameter .* same length as y_true \(300\)",
        ),
        (
            lambda y, s: ims.metrics.roc_auc_score(y * 2, s),
            "'pos_label' parameter",
        ),
        (
            lambda y, s: ims.metric_interval(y, s, metric="roc_auc"),
            "reads every sample on the host",
        ),
        (
            lambda y, s: ims.threshold_curve(y, s, thresholds=10),
            "'thresholds' parameter .* reads every sample on the host",
        ),
    ],
)
def test_the_score_side_checks_on_the_device_or_says_it_cannot(call, match, dispatch):
    y_true, scores = _on_device(BINARY[0]), _on_device(SCORES)
    with pytest.raises((TypeError, ValueError), match=match):
        call(y_true, scores)


@pytest.mark.parametrize(
    "info",
    [info for info in ims.list_metrics() if info.reads == "probabilities"],
    ids=lambda info: info.name,
)
def test_the_calibration_side_refuses_device_probabilities(info, dispatch):
    with pytest.raises(TypeError, match="'y_proba' parameter .* reads every sample"):
        info.function(_on_device(BINARY[0]), _on_device(SCORES))


@pytest.mark.parametrize("case", SCORE_CASES[:4], ids=[c[0] for c in SCORE_CASES[:4]])
def test_the_threshold_curve_cumulates_on_the_device_as_numpy(case, dispatch):
    _, y_true, scores, weights, params = case
    metrics = ["iba", "gmean", "dprime", "sensitivity"]
    expected = ims.threshold_curve(
        y_true, scores, sample_weight=weights, metrics=metrics, **params
    )
    got = ims.threshold_curve(
        _on_device(y_true),
        _on_device(scores),
        sample_weight=_on_device(weights),
        metrics=metrics,
        **params,
    )
    assert got.pos_label == expected.pos_label
    np.testing.assert_array_equal(got.thresholds, expected.thresholds)
    for field in ("tp", "fp", "fn", "tn"):
        np.testing.assert_allclose(
            getattr(got, field), getattr(expected, field), rtol=1e-12
        )
    for metric in metrics:
        np.testing.assert_allclose(
            got.values[metric], expected.values[metric], rtol=1e-9, atol=1e-12
        )
