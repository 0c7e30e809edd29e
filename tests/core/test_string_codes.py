"""numpy string labels encoded without sorting them: equal to np.unique."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import imbascore._core.inputs.strings as E
from imbascore._core.inputs.strings import encode_strings as encode_unicode


def reference(y_true, y_pred):
    classes, codes = np.unique(np.concatenate([y_true, y_pred]), return_inverse=True)
    codes = codes.reshape(-1)
    return codes[: len(y_true)], codes[len(y_true) :], classes


def check(y_true, y_pred):
    expected, got = reference(y_true, y_pred), encode_unicode(y_true, y_pred)
    for e, g in zip(expected, got):
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_array_equal(g, e)
    assert all(g.dtype == np.intp for g in got[:2])


# characters chosen to hit every path: NUL (embedded and trailing), ASCII,
# Latin-1 top, BMP, astral, and the code-unit boundaries 0xFF/0x100, 0xFFFF/0x10000
CHARS = st.sampled_from(
    [
        "\x00",
        "a",
        "b",
        "z",
        "\x7f",
        "\xff",
        "\u0100",
        "é",
        "я",
        "\uffff",
        "\U00010000",
        "\U0010ffff",
        "日",
    ]
)
TEXT = st.text(CHARS, max_size=11)
BYTES = st.binary(max_size=11).map(lambda b: b.replace(b"\x01", b"\x00"))


def arrays(draw, pool, kind):
    values = draw(st.lists(pool, min_size=1, max_size=40))
    n = draw(st.integers(0, 60))
    idx = draw(
        st.lists(st.integers(0, len(values) - 1), min_size=2 * n, max_size=2 * n)
    )
    pad = draw(st.integers(0, 5))  # a wider itemsize for one array
    a = np.array(
        [values[i] for i in idx[:n]],
        dtype=kind + str(max(1, max((len(v) for v in values), default=1))),
    )
    b = np.array(
        [values[i] for i in idx[n:]],
        dtype=kind + str(max(1, max((len(v) for v in values), default=1)) + pad),
    )
    if kind == "U" and draw(st.booleans()):
        a = a.astype(a.dtype.newbyteorder(">"))  # big-endian storage
    if draw(st.booleans()):  # strided views
        a2 = np.repeat(a, 2)
        a = a2[::2]
        assert not a.flags.c_contiguous or len(a) <= 1
    return a, b


@st.composite
def pairs(draw):
    kind = draw(st.sampled_from(["U", "S"]))
    return arrays(draw, TEXT if kind == "U" else BYTES, kind)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs())
def test_matches_np_unique(pair):
    check(*pair)


@pytest.mark.parametrize("k", [1, 2, 11, 12, 13, 300, 5000])
@pytest.mark.parametrize(
    "fmt", ["{}", "label_{:05d}", "ярлык_{}", "\U0001f600{}", "é{}"]
)
def test_many_classes(k, fmt):
    rng = np.random.default_rng(k)
    labels = np.array([fmt.format(i) for i in range(k)])
    check(labels[rng.integers(0, k, 4000)], labels[rng.integers(0, k, 3000)])
    check(
        labels[rng.integers(0, k, 4000)].astype("S") if fmt.isascii() else labels[:1],
        labels[:1].astype("S") if fmt.isascii() else labels[:1],
    )


def test_edge_cases():
    check(np.array(["a", "a\x00", "", "a\x00b", "\x00b"]), np.array(["", "ab"]))
    check(
        np.array([b"a", b"a\x00", b"", b"a\x00b", b"\xff"]),
        np.array([b"", b"ab\x00\x00"]),
    )
    check(
        np.array(["majority", "minority"] * 3), np.array(["minority"] * 6, dtype="<U12")
    )
    check(np.array([], dtype="U3"), np.array([], dtype="U5"))
    check(np.array(["x"]), np.array([], dtype="U5"))
    check(np.array([], dtype="S2"), np.array([b"q", b"r"]))
    check(np.array(["b", "a"], dtype=">U1"), np.array(["c", "a"], dtype=">U1"))
    long = np.array(["x" * 200 + str(i) for i in range(30)])
    check(long[::3], long[::-2])


def test_hash_collision_falls_back(monkeypatch):
    monkeypatch.setattr(E, "_MIX", np.zeros(5, np.uint64))  # every hash equal
    labels = np.array([f"label_{i:05d}" for i in range(40)])
    check(labels[::2], labels[1::2])
    check(labels[:3], labels[1:4])


def test_wide_index_path(monkeypatch):
    monkeypatch.setattr(E, "_INDEX_BITS", 2)  # the np.unique(keys) grouping
    labels = np.array(
        [f"c{i}" for i in range(100)] + [f"long_label_{i}" for i in range(100)]
    )
    rng = np.random.default_rng(0)
    check(labels[rng.integers(0, 100, 500)], labels[rng.integers(0, 100, 500)])
    check(labels[rng.integers(100, 200, 500)], labels[rng.integers(0, 200, 500)])


def test_not_strings_of_one_kind():
    check(np.array([3, 1, 2]), np.array([2, 5, 1]))
    check(np.array(["b", "a"], dtype=object), np.array(["a", "c"], dtype=object))


@pytest.mark.parametrize("extra", [10, 11, 12, 13, 50])
def test_peeling_gives_up_late(extra):
    # the first 1000 labels show one class: peeling starts, then meets more
    late = np.array([f"late_{i}" if i % 2 else f"z{i}" for i in range(extra)])
    y_true = np.concatenate([np.full(1500, "first"), late])
    check(y_true, y_true[::-1].copy())
    check(y_true.astype("S"), np.full(3, b"zz"))
