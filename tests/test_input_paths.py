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
    from imbascore import _validation

    seen = []
    real = _validation._encode_with_unique

    def recording(y_true, y_pred, weights, func):
        seen.append(len(y_true) + len(y_pred))
        return real(y_true, y_pred, weights, func)

    monkeypatch.setattr(_validation, "_encode_with_unique", recording)
    y_true, y_pred = _pairs(n=10_000)
    counts = confusion_counts(
        pd.Categorical(y_true), pd.Series(y_pred, dtype="category")
    )
    assert counts.matrix.sum() == 10_000
    assert seen and max(seen) <= 2 * len(LABELS)


@pytest.fixture
def hash_small(monkeypatch):
    """Hash object arrays of any size, so that small tests take that path."""
    from imbascore import _encode

    monkeypatch.setattr(_encode, "HASH_FROM", 1)


def test_large_object_arrays_are_hashed_with_the_same_counts(hash_small, monkeypatch):
    from imbascore import _validation

    y_true, y_pred = _pairs(3)
    weights = np.random.default_rng(4).random(len(y_true))
    sizes = []
    real = _validation._encode_with_unique

    def recording(a, b, w, func):
        sizes.append(len(a) + len(b))
        return real(a, b, w, func)

    monkeypatch.setattr(_validation, "_encode_with_unique", recording)
    got = confusion_counts(y_true, y_pred, sample_weight=weights)
    assert max(sizes) <= 2 * len(LABELS)  # only the distinct labels sorted
    monkeypatch.setattr(_validation, "_encode_with_unique", real)
    from imbascore import _encode

    monkeypatch.setattr(_encode, "HASH_FROM", 10**9)
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
    from imbascore import _encode

    assert _encode.encode_categoricals(y_true, y_pred, "f") is None
