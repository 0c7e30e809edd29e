"""The fused 0/1 grouped count against the general grouped count.

``count_grouped`` first offers labels coded 0 and 1 to
``count_grouped_zero_one``; its tables must equal the general path's
exactly (weighted sums too: the same numbers added in the same order), its
classes must be those the general path finds, and it must decline (None) on
anything else, so that the general path keeps every error message.
"""

import numpy as np
import pytest

import imbascore as ims
from imbascore._core.checks import CHUNK
from imbascore._core.engine import grouped
from imbascore._core.engine.grouped import count_grouped
from imbascore._core.engine.grouped_zero_one import count_grouped_zero_one
from imbascore._core.inputs import read_targets
from imbascore._core.inputs.groups import read_groups

# more than three chunks, the last one partial
N_LONG = 3 * CHUNK + 17


def _general(monkeypatch, codes, keys):
    with monkeypatch.context() as patch:
        patch.setattr(grouped, "count_grouped_zero_one", lambda *args: None)
        return count_grouped(codes, keys)


def _fast(monkeypatch, codes, keys):
    """``count_grouped`` with the fused pass required to answer."""
    answers = []

    def spy(*args):
        answers.append(count_grouped_zero_one(*args))
        return answers[-1]

    with monkeypatch.context() as patch:
        patch.setattr(grouped, "count_grouped_zero_one", spy)
        tables = count_grouped(codes, keys)
    assert answers and answers[0] is not None, "the fused pass declined"
    return tables


def _assert_identical(fast, general):
    assert type(fast.joint) is type(general.joint)
    assert fast.joint.dtype == general.joint.dtype
    np.testing.assert_array_equal(fast.joint, general.joint)
    assert fast.classes.dtype == general.classes.dtype
    np.testing.assert_array_equal(fast.classes, general.classes)
    if general.squared is None:
        assert fast.squared is None
    else:
        np.testing.assert_array_equal(fast.squared, general.squared)
    np.testing.assert_array_equal(fast.samples, general.samples)


def _inputs(n, seed, dtype=np.int64, n_groups=7):
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < 0.3).astype(dtype)
    y_pred = np.where(rng.random(n) < 0.25, 1 - y_true, y_true).astype(dtype)
    groups = rng.integers(0, n_groups, n)
    weights = rng.random(n) * 10
    return y_true, y_pred, groups, weights


def _both(monkeypatch, y_true, y_pred, groups, weights):
    codes = read_targets(y_true, y_pred, weights, "test")
    keys = read_groups(groups, np.asarray(y_true).shape[0], "test")
    return _fast(monkeypatch, codes, keys), _general(monkeypatch, codes, keys)


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize(
    "dtype",
    [np.int64, np.int32, np.int8, np.uint8, np.uint64, bool, np.float64, np.float32],
)
@pytest.mark.parametrize("n", [50, N_LONG])
def test_fused_tables_equal_the_general_path(monkeypatch, dtype, weighted, n):
    y_true, y_pred, groups, weights = _inputs(n, seed=n)
    y_true, y_pred = y_true.astype(dtype), y_pred.astype(dtype)
    fast, general = _both(
        monkeypatch, y_true, y_pred, groups, weights if weighted else None
    )
    _assert_identical(fast, general)


@pytest.mark.parametrize("weighted", [False, True])
def test_a_group_with_a_missing_class_and_empty_codes(monkeypatch, weighted):
    y_true, y_pred, groups, weights = _inputs(N_LONG, seed=3)
    groups = groups * 2 + 5  # an offset, and codes of the range with no sample
    y_true[groups == 5] = 0  # group 5: never true, never predicted positive
    y_pred[groups == 5] = 0
    y_true[groups == 7] = 1  # group 7: only positives, all found
    y_pred[groups == 7] = 1
    fast, general = _both(
        monkeypatch, y_true, y_pred, groups, weights if weighted else None
    )
    _assert_identical(fast, general)
    counts = ims.confusion_counts_by_group(
        y_true, y_pred, groups=groups, sample_weight=weights if weighted else None
    )
    assert counts[5].labels.tolist() == [0]
    assert counts[7].labels.tolist() == [1]
    assert 6 not in counts.groups


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("value", [0, 1])
def test_one_class_in_the_whole_data(monkeypatch, value, weighted):
    y_true, _, groups, weights = _inputs(200, seed=4)
    y_true[:] = value
    fast, general = _both(
        monkeypatch, y_true, y_true.copy(), groups, weights if weighted else None
    )
    _assert_identical(fast, general)
    assert fast.classes.tolist() == [value]


def test_a_class_seen_only_with_zero_weight(monkeypatch):
    y_true, _, groups, weights = _inputs(200, seed=5)
    y_true[:] = 0
    y_pred = y_true.copy()
    y_pred[10] = 1
    weights[10] = 0.0
    fast, general = _both(monkeypatch, y_true, y_pred, groups, weights)
    _assert_identical(fast, general)
    assert fast.classes.tolist() == [0, 1]


@pytest.mark.parametrize("weighted", [False, True])
def test_string_and_several_keys(monkeypatch, weighted):
    y_true, y_pred, groups, weights = _inputs(N_LONG, seed=6)
    names = np.array(["north", "south", "east", "west", "up", "down", "centre"])
    for keys in (names[groups], np.column_stack([groups % 2, groups % 3])):
        fast, general = _both(
            monkeypatch, y_true, y_pred, keys, weights if weighted else None
        )
        _assert_identical(fast, general)


def test_public_counts_equal_each_slice():
    y_true, y_pred, groups, weights = _inputs(N_LONG, seed=7, n_groups=50)
    counts = ims.confusion_counts_by_group(
        y_true, y_pred, groups=groups, sample_weight=weights
    )
    for group in counts.groups:
        rows = groups == group
        expected = ims.confusion_counts(
            y_true[rows], y_pred[rows], sample_weight=weights[rows]
        )
        np.testing.assert_allclose(
            np.asarray(counts[group].matrix), np.asarray(expected.matrix), rtol=1e-12
        )


# ------------------------------------------------------------------ declines


def _call(y_true, y_pred, *, n_groups=3, weights=None, max_cells=1 << 24):
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    groups = np.arange(y_true.shape[0], dtype=np.intp) % n_groups
    return count_grouped_zero_one(
        y_true, y_pred, groups, n_groups, weights, CHUNK, max_cells
    )


@pytest.mark.parametrize(
    "y_true",
    [
        [0, 1, 2, 1],
        [0, 1, -1, 1],
        [0, 1, 2**62, 1],
        np.array([0, 1, 2**63, 1], dtype=np.uint64),
        [0.0, 1.0, np.nan, 1.0],
        [0.0, 1.0, -0.0, 1.0],
        [0.0, 1.0, 0.5, 1.0],
        [0.0, 1.0, np.inf, 1.0],
        ["0", "1", "1", "0"],
        np.array([0, 1, 1, 0], dtype=np.complex128),
        np.array([0, 1, 1, 0], dtype=np.float16),
    ],
    ids=repr,
)
@pytest.mark.parametrize("side", ["y_true", "y_pred"])
def test_declines_other_values(y_true, side):
    other = [0, 1, 1, 0]
    args = (y_true, other) if side == "y_true" else (other, y_true)
    assert _call(*args) is None


def test_declines_a_value_in_a_later_chunk():
    y_true = np.zeros(N_LONG, dtype=np.int64)
    y_true[-1] = 2
    assert _call(y_true, np.zeros(N_LONG, dtype=np.int64)) is None


def test_declines_empty_inputs_and_too_many_groups():
    empty = np.array([], dtype=np.int64)
    assert _call(empty, empty) is None
    assert _call([0, 1, 1, 0], [0, 1, 1, 0], n_groups=4, max_cells=15) is None
    assert _call([0, 1, 1, 0], [0, 1, 1, 0], n_groups=4, max_cells=16) is not None


@pytest.mark.parametrize(
    "y_true",
    [[0.0, 1.0, 0.5, 1.0], [0.0, 1.0, np.nan, 1.0], [0, 1, 2, 1], [0.0, -0.0, 1, 1]],
    ids=repr,
)
def test_the_general_path_keeps_its_results_and_errors(monkeypatch, y_true):
    """Where the fused pass declines, the public call answers as the general
    path alone: the same error (type and text) or the same counts."""

    def outcome():
        try:
            counts = ims.confusion_counts_by_group(
                y_true, [0, 1, 1, 0], groups=["a", "a", "b", "b"]
            )
        except (TypeError, ValueError) as error:
            return type(error), str(error)
        return {g: np.asarray(c.matrix).tolist() for g, c in counts.items()}

    with_fast = outcome()
    with monkeypatch.context() as patch:
        patch.setattr(grouped, "count_grouped_zero_one", lambda *args: None)
        assert outcome() == with_fast
