"""Categorical labels are counted from their codes, with the general path's results."""

import numpy as np
import pandas as pd
import pytest

import imbascore as ims
from imbascore import confusion_counts, iba_score, imbalanced_report

LABELS = np.array(["b", "a", "c", "d"], dtype=object)


def _pairs(seed=0, n=500):
    rng = np.random.default_rng(seed)
    y_true = LABELS[rng.integers(0, 3, n)]  # "d" never used
    y_pred = LABELS[rng.integers(0, 3, n)]
    return y_true, y_pred


@pytest.mark.parametrize(
    "make_true, make_pred",
    [
        # same categories in another order, with an unused one
        (
            lambda y: pd.Series(pd.Categorical(y, categories=["d", "c", "b", "a"])),
            lambda y: pd.Series(pd.Categorical(y, categories=["a", "b", "c", "d"])),
        ),
        # a Categorical beside a plain string array (predict's output)
        (lambda y: pd.Categorical(y), lambda y: np.asarray(y, dtype=str)),
        # a plain object array beside a categorical Series
        (lambda y: y, lambda y: pd.Series(y, dtype="category")),
        # categories only one side has
        (
            lambda y: pd.Categorical(y, categories=["a", "b", "c"]),
            lambda y: pd.Categorical(y, categories=["c", "b", "a", "z"]),
        ),
    ],
)
def test_categoricals_count_as_their_labels(make_true, make_pred):
    y_true, y_pred = _pairs()
    weights = np.random.default_rng(1).random(len(y_true))
    expected = confusion_counts(y_true, y_pred, sample_weight=weights)
    got = confusion_counts(make_true(y_true), make_pred(y_pred), sample_weight=weights)
    assert got == expected and list(got.labels) == ["a", "b", "c"]
    for average in ("macro", "weighted", None):
        np.testing.assert_array_equal(
            iba_score(make_true(y_true), make_pred(y_pred), average=average),
            iba_score(y_true, y_pred, average=average),
        )
    assert imbalanced_report(
        make_true(y_true), make_pred(y_pred), output_dict=True
    ) == (imbalanced_report(y_true, y_pred, output_dict=True))


def test_binary_categorical_with_pos_label():
    y_true, y_pred = (np.where(y == "a", "pos", "neg") for y in _pairs(2))
    cat = [
        pd.Series(pd.Categorical(y, categories=["pos", "neg"]))
        for y in (y_true, y_pred)
    ]
    for name in ("iba", "gmean", "sensitivity", "npv"):
        assert ims.confusion_counts(*cat).score(name, pos_label="pos") == (
            ims.confusion_counts(y_true, y_pred).score(name, pos_label="pos")
        )


@pytest.mark.parametrize(
    "y_true, y_pred, error, match",
    [
        (
            pd.Categorical(["a", None, "b"]),
            pd.Categorical(["a", "b", "b"]),
            ValueError,
            "missing",
        ),
        (
            pd.Categorical(["a", "b", "b"]),
            pd.Categorical(["a", "b"]),
            ValueError,
            "same length",
        ),
        (pd.Categorical(["a", "b", "b"]), np.array([1, 0, 1]), TypeError, "one type"),
    ],
)
def test_categoricals_get_the_general_paths_errors(y_true, y_pred, error, match):
    with pytest.raises(error, match=match):
        iba_score(y_true, y_pred, average="macro")
    plain = [np.asarray(y, dtype=object) for y in (y_true, y_pred)]
    with pytest.raises(error, match=match):
        iba_score(*plain, average="macro")


def test_a_categorical_is_never_sorted_as_strings(monkeypatch):
    # The general path sorted every sample's label as a Python object
    # (np.unique): 250x the count at 10^7 labels. Only the categories are.
    from imbascore._core.inputs import arrays, coded

    seen = []
    real = coded.encode_sorted

    def recording(y_true, y_pred, func):
        seen.append(len(y_true) + len(y_pred))
        return real(y_true, y_pred, func)

    for adapter in (arrays, coded):
        monkeypatch.setattr(adapter, "encode_sorted", recording)
    y_true, y_pred = _pairs(n=10_000)
    counts = confusion_counts(
        pd.Categorical(y_true), pd.Series(y_pred, dtype="category")
    )
    assert counts.matrix.sum() == 10_000
    assert seen and max(seen) <= 2 * len(LABELS)


@pytest.fixture
def hash_small(monkeypatch):
    """Hash object arrays of any size, so that small tests take that path."""
    from imbascore._core.inputs import pandas as pandas_adapter

    monkeypatch.setattr(pandas_adapter, "HASH_FROM", 1)


def test_large_object_arrays_are_hashed_with_the_same_counts(hash_small, monkeypatch):
    from imbascore._core.inputs import arrays, coded
    from imbascore._core.inputs import pandas as pandas_adapter

    y_true, y_pred = _pairs(3)
    weights = np.random.default_rng(4).random(len(y_true))
    sizes = []
    real = coded.encode_sorted

    def recording(a, b, func):
        sizes.append(len(a) + len(b))
        return real(a, b, func)

    for adapter in (arrays, coded):
        monkeypatch.setattr(adapter, "encode_sorted", recording)
    got = confusion_counts(y_true, y_pred, sample_weight=weights)
    assert max(sizes) <= 2 * len(LABELS)  # only the distinct labels sorted
    for adapter in (arrays, coded):
        monkeypatch.setattr(adapter, "encode_sorted", real)
    monkeypatch.setattr(pandas_adapter, "HASH_FROM", 10**9)
    assert got == confusion_counts(y_true, y_pred, sample_weight=weights)


@pytest.mark.parametrize(
    "y_true, y_pred, error, match",
    [
        (["a", None, "b"], ["a", "b", "b"], ValueError, "missing"),
        (["a", "b", "b"], [1, 0, 1], TypeError, "one type"),
        (["a", "b", "b"], ["a", 0.5, "b"], TypeError, "one type"),
        ([1.5, 1.0, 1.0], [1.0, 1.0, 1.5], ValueError, "continuous"),
    ],
)
def test_hashed_objects_get_the_general_paths_errors(
    hash_small, y_true, y_pred, error, match
):
    objects = [np.array(y, dtype=object) for y in (y_true, y_pred)]
    with pytest.raises(error, match=match):
        iba_score(*objects, average="macro")


def test_equal_values_of_different_types_keep_the_general_path(hash_small):
    # 1, 1.0 and True hash alike; the general path decides what they are.
    y_true = np.array([1, True, 0, 0], dtype=object)
    y_pred = np.array([1.0, 1, 0, False], dtype=object)
    from imbascore._core.inputs.coded import read_coded

    assert read_coded(y_true, y_pred, "f") is None


# --- 0/1 labels: counted in one fused pass (imbascore/_core/engine/zero_one.py)


def _general_counts(y_true, y_pred):
    """The counts of the general path: the same labels as Python objects."""
    as_objects = [np.asarray(y).astype(object) for y in (y_true, y_pred)]
    return confusion_counts(*as_objects)


ZERO_ONE_DTYPES = [bool, np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64]
ZERO_ONE_DTYPES += [np.float32, np.float64]


@pytest.mark.parametrize("dtype_true", ZERO_ONE_DTYPES)
@pytest.mark.parametrize("dtype_pred", [bool, np.int64, np.float64, np.int8])
def test_zero_one_labels_of_every_dtype_count_as_the_general_path(
    dtype_true, dtype_pred
):
    # over two chunks of the widest dtype, so that chunk sums are added
    rng = np.random.default_rng(1)
    n = 3 * 2**16 + 7
    y_true = rng.integers(0, 2, n).astype(dtype_true)
    y_pred = rng.integers(0, 2, n).astype(dtype_pred)
    counts = confusion_counts(y_true, y_pred)
    expected = _general_counts(y_true, y_pred)
    np.testing.assert_array_equal(counts.matrix, expected.matrix)
    assert counts.labels.tolist() == expected.labels.tolist()
    # the labels keep the inputs' common type (two integer types stay integers)
    common = np.result_type(dtype_true, dtype_pred)
    assert counts.labels.dtype.kind == (
        "i"
        if common.kind == "f"
        and np.dtype(dtype_true).kind in "iu"
        and np.dtype(dtype_pred).kind in "iu"
        else common.kind
    )


@pytest.mark.parametrize("where", [0, 2**16 + 3, 5 * 2**16 - 1])  # chunk 1, 2, last
@pytest.mark.parametrize(
    "dtype, value",
    [
        (np.int64, 2),
        (np.int64, -1),
        (np.int8, -1),
        (np.uint8, 255),
        (np.float64, 0.5),
        (np.float64, 1 + 2**-52),  # a hair above 1: a score, refused
        (np.float64, -0.0),  # label 0 by value, other bits: general path
        (np.float32, 2.0),
    ],
)
def test_a_value_other_than_zero_or_one_anywhere_leaves_the_fused_path(
    dtype, value, where
):
    rng = np.random.default_rng(2)
    y_true = rng.integers(0, 2, 5 * 2**16).astype(dtype)
    y_pred = rng.integers(0, 2, 5 * 2**16).astype(dtype)
    y_pred[where] = value
    if np.float64(value) != np.trunc(np.float64(value)):
        with pytest.raises(ValueError, match="'y_pred' .* not continuous values"):
            confusion_counts(y_true, y_pred)
        return
    counts = confusion_counts(y_true, y_pred)
    expected = _general_counts(y_true, y_pred)
    np.testing.assert_array_equal(counts.matrix, expected.matrix)
    assert counts.labels.tolist() == expected.labels.tolist()


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_missing_values_among_zero_one_floats_are_refused(dtype):
    y_true = np.zeros(3 * 2**16, dtype=dtype)
    y_true[2**16 + 5] = np.nan
    with pytest.raises(ValueError, match="'y_true' .* free of missing values"):
        iba_score(y_true, np.ones_like(y_true))


def test_one_class_of_zero_one_labels_counts_that_class_only():
    counts = confusion_counts(np.ones(10, dtype=np.int8), np.ones(10, dtype=np.int8))
    assert counts.labels.tolist() == [1]
    np.testing.assert_array_equal(counts.matrix, [[10]])


# --- many classes: a table no larger than the input is counted dense, no sort


def _many_classes(n, n_classes=300, seed=4):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, n_classes, n))
    y_true[y_true == 7] = 8  # 7 absent from both
    y_pred[y_pred == 7] = 8
    y_true[y_true == 11] = 12  # 11 only predicted
    return y_true, y_pred


@pytest.mark.parametrize("weighted", [False, True])
def test_many_classes_dense_and_sparse_paths_agree(weighted):
    # 50,000 samples of 300 classes take the sparse path (table larger than
    # the input); the same samples twice take the dense one
    y_true, y_pred = _many_classes(50_000)
    weights = None
    if weighted:  # quarters: sums exact in any order
        weights = np.random.default_rng(5).integers(0, 8, len(y_true)) / 4
    once = confusion_counts(y_true, y_pred, sample_weight=weights)
    twice = confusion_counts(
        np.tile(y_true, 2),
        np.tile(y_pred, 2),
        sample_weight=None if weights is None else np.tile(weights, 2),
    )
    assert twice.labels.tolist() == once.labels.tolist()
    assert 7 not in once.labels.tolist() and 11 in once.labels.tolist()
    np.testing.assert_array_equal(twice.matrix.toarray(), 2 * once.matrix.toarray())
    for average in [None, "macro", "weighted", "micro"]:
        np.testing.assert_allclose(
            twice.score("iba", average=average, zero_division=0.0),
            once.score("iba", average=average, zero_division=0.0),
            rtol=1e-12,
        )


def test_many_classes_dense_path_equals_scikit_learn_one_vs_rest():
    from sklearn.metrics import confusion_matrix

    y_true, y_pred = _many_classes(100_000)
    counts = confusion_counts(y_true, y_pred)
    labels = counts.labels
    np.testing.assert_array_equal(
        counts.matrix.toarray(), confusion_matrix(y_true, y_pred, labels=labels)
    )
    per_class = iba_score(y_true, y_pred, average=None, zero_division=0.0)
    expected = [
        iba_score(y_true == label, y_pred == label, pos_label=True, zero_division=0.0)
        for label in labels.tolist()
    ]
    np.testing.assert_allclose(per_class, expected, rtol=1e-12)


# --- Arrow-backed labels: pyarrow arrays and polars Series, read from Arrow

try:
    import polars as pl
    import pyarrow as pa
except ImportError:  # the other tests of this module still run
    pa = pl = None
needs_arrow = pytest.mark.skipif(pa is None, reason="needs pyarrow and polars")

ARROW_INPUTS = {
    "pyarrow strings": lambda y: pa.array(y.tolist()),
    "pyarrow chunked strings": lambda y: pa.chunked_array(
        [y[:100].tolist(), y[100:].tolist()]
    ),
    "pyarrow dictionary": lambda y: pa.array(y.tolist()).dictionary_encode(),
    "polars strings": lambda y: pl.Series(y.tolist()),
    "polars Categorical": lambda y: pl.Series(y.tolist(), dtype=pl.Categorical),
    # an unused category, in another order than sorted
    "polars Enum": lambda y: pl.Series(y.tolist(), dtype=pl.Enum(["d", "c", "b", "a"])),
}


@needs_arrow
@pytest.mark.parametrize("make_true", sorted(ARROW_INPUTS))
@pytest.mark.parametrize("make_pred", ["polars Categorical", "pyarrow strings"])
def test_arrow_labels_count_as_their_strings(make_true, make_pred, monkeypatch):
    y_true, y_pred = _pairs()
    expected = confusion_counts(y_true, y_pred)
    expected_iba = iba_score(y_true, y_pred, average="macro")
    arrow_true = ARROW_INPUTS[make_true](y_true)
    arrow_pred = ARROW_INPUTS[make_pred](y_pred)

    def no_python_objects(*args, **kwargs):
        raise AssertionError("the labels went through the general path")

    # read from their Arrow codes, never as an array of Python strings
    monkeypatch.setattr(
        "imbascore._core.inputs.arrays.as_label_array", no_python_objects
    )
    counts = confusion_counts(arrow_true, arrow_pred)
    assert counts == expected
    assert counts.labels.tolist() == ["a", "b", "c"]
    assert iba_score(arrow_true, arrow_pred, average="macro") == expected_iba


@needs_arrow
@pytest.mark.parametrize(
    "make",
    [
        lambda y: pa.array(y),
        lambda y: pl.Series(y),
        lambda y: pa.chunked_array([y[:3], y[3:]]),
    ],
    ids=["pyarrow", "polars", "pyarrow chunked"],
)
@pytest.mark.parametrize("values", [[0, 1, 1, 0, 1, 1], [True, False, True] * 2])
def test_arrow_numbers_and_booleans_count_as_numpy(make, values):
    y_pred = values[1:] + values[:1]
    assert confusion_counts(make(values), make(y_pred)) == confusion_counts(
        np.array(values), np.array(y_pred)
    )


@needs_arrow
@pytest.mark.parametrize(
    "make",
    [
        lambda y: pa.array(y),
        lambda y: pl.Series(y),
        lambda y: pl.Series(y, dtype=pl.Categorical),
        lambda y: pa.array(y).dictionary_encode(),
    ],
    ids=["pyarrow", "polars", "polars Categorical", "pyarrow dictionary"],
)
def test_missing_arrow_labels_are_refused(make):
    y_true = make(["a", None, "b"])
    with pytest.raises(ValueError, match="free of missing values"):
        iba_score(y_true, np.array(["a", "b", "b"]), pos_label="a")
