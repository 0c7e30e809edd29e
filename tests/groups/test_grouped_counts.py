"""confusion_counts_by_group against confusion_counts of each group's slice.

Each group's table must be the table of its rows counted alone (the classes
present in that slice only), whatever form the groups come in; grouped
counts of chunks must add up to those of the whole; dask collections must
count as in memory; groups with missing values, of the wrong length, and
multilabel targets are refused, naming the culprit.
"""

import numpy as np
import pandas as pd
import pytest

import imbascore as ims


def _data(n=600, n_classes=2, seed=0):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, n_classes, n))
    return y_true, y_pred


def _assert_same(counts, expected, *, exact=True):
    """Same labels, same matrix (exactly, or to rounding with weights)."""
    assert counts.labels.tolist() == expected.labels.tolist()
    matrix = np.asarray(counts.matrix)
    if exact:
        np.testing.assert_array_equal(matrix, np.asarray(expected.matrix))
    else:
        np.testing.assert_allclose(matrix, np.asarray(expected.matrix), rtol=1e-12)


def _assert_groups_match(grouped, y_true, y_pred, keys, weights=None):
    """Each listed group's counts equal confusion_counts of its slice."""
    labels = list(keys)
    present = sorted(set(labels), key=lambda v: (str(type(v)), v))
    assert grouped.groups == present
    for group in present:
        rows = np.array([label == group for label in labels])
        expected = ims.confusion_counts(
            np.asarray(y_true)[rows],
            np.asarray(y_pred)[rows],
            sample_weight=None if weights is None else np.asarray(weights)[rows],
        )
        _assert_same(grouped[group], expected, exact=weights is None)


# ------------------------------------------------------------ forms of labels


def test_binary_counts_equal_each_slice():
    y_true, y_pred = _data()
    groups = np.random.default_rng(1).integers(0, 4, y_true.shape[0])
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())
    assert grouped.overall() == ims.confusion_counts(y_true, y_pred)
    assert sum(grouped.sizes().values()) == y_true.shape[0]
    assert grouped.sizes() == {g: float((groups == g).sum()) for g in range(4)}


def test_multiclass_with_a_class_absent_from_some_groups():
    y_true, y_pred = _data(n_classes=4)
    groups = np.random.default_rng(2).integers(0, 3, y_true.shape[0])
    # class 3 neither true nor predicted in group 0; class 2 only predicted in 1
    y_true[(groups == 0) & (y_true == 3)] = 0
    y_pred[(groups == 0) & (y_pred == 3)] = 1
    y_true[(groups == 1) & (y_true == 2)] = 1
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())
    assert grouped[0].labels.tolist() == [0, 1, 2]
    assert grouped[1].labels.tolist() == [0, 1, 2, 3]
    assert np.asarray(grouped[1].matrix)[2].sum() == 0  # predicted, never true
    assert grouped[2].labels.tolist() == [0, 1, 2, 3]
    assert grouped.overall() == ims.confusion_counts(y_true, y_pred)


def test_string_labels():
    y_true, y_pred = _data(n_classes=3)
    names = np.array(["minority", "majority", "other"])
    y_true, y_pred = names[y_true], names[y_pred]
    groups = np.random.default_rng(3).choice(["north", "south", "east"], len(y_true))
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())
    assert grouped.groups == ["east", "north", "south"]


def test_wide_integer_labels_as_in_memory_counts():
    # labels spanning more than the engine's own-code range are sorted
    y_true, y_pred = _data(n_classes=3)
    values = np.array([-5, 1_000, 10**9])
    y_true, y_pred = values[y_true], values[y_pred]
    groups = np.random.default_rng(4).integers(0, 3, len(y_true))
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())


def test_weights():
    y_true, y_pred = _data(n_classes=3)
    rng = np.random.default_rng(5)
    weights = rng.random(len(y_true)) * 3
    groups = rng.integers(0, 5, len(y_true))
    grouped = ims.confusion_counts_by_group(
        y_true, y_pred, groups=groups, sample_weight=weights
    )
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist(), weights)
    sizes = grouped.sizes()
    for g in range(5):
        assert sizes[g] == pytest.approx(weights[groups == g].sum(), rel=1e-12)
    _assert_same(
        grouped.overall(),
        ims.confusion_counts(y_true, y_pred, sample_weight=weights),
        exact=False,
    )


def test_a_group_of_zero_weights_is_still_listed():
    y_true, y_pred = _data(n=60)
    groups = np.repeat([0, 1, 2], 20)
    weights = np.where(groups == 1, 0.0, 1.0)
    grouped = ims.confusion_counts_by_group(
        y_true, y_pred, groups=groups, sample_weight=weights
    )
    assert grouped.groups == [0, 1, 2]
    assert grouped.sizes()[1] == 0.0


# ------------------------------------------------------------ forms of groups


def test_numpy_integer_groups_with_gaps_list_only_present_groups():
    y_true, y_pred = _data()
    rng = np.random.default_rng(6)
    groups = rng.choice(np.array([-3, 2, 7, 40], dtype=np.int16), len(y_true))
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    assert grouped.groups == [-3, 2, 7, 40]  # not every value of -3 .. 40
    assert all(type(g) is int for g in grouped.groups)
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())
    # numpy scalars find their group too
    assert grouped[np.int64(7)] == grouped[7]


def test_integer_groups_of_a_huge_range():
    y_true, y_pred = _data()
    groups = np.random.default_rng(7).choice([0, 10**12, -(10**12)], len(y_true))
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    assert grouped.groups == [-(10**12), 0, 10**12]
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())


def test_boolean_groups():
    y_true, y_pred = _data()
    groups = np.random.default_rng(8).random(len(y_true)) < 0.3
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    assert grouped.groups == [False, True]
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())


def test_string_groups_as_a_list():
    y_true, y_pred = _data(n=30)
    groups = list("ab" * 15)
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    _assert_groups_match(grouped, y_true, y_pred, groups)


def test_pandas_categorical_groups_keep_only_used_categories():
    y_true, y_pred = _data()
    rng = np.random.default_rng(9)
    values = rng.choice(["young", "old", "middle"], len(y_true))
    # unused category "unborn", and an order that is not alphabetical
    groups = pd.Series(
        pd.Categorical(values, categories=["young", "unborn", "old", "middle"]),
        name="age",
    )
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    assert grouped.groups == ["middle", "old", "young"]
    assert grouped.names == ("age",)
    _assert_groups_match(grouped, y_true, y_pred, values.tolist())


def test_pandas_dataframe_of_two_columns_groups_by_intersections():
    y_true, y_pred = _data()
    rng = np.random.default_rng(10)
    frame = pd.DataFrame(
        {
            "sex": rng.choice(["f", "m"], len(y_true)),
            "band": rng.choice([1, 2, 3], len(y_true)),
        }
    )
    # one intersection empty: it is not listed
    frame.loc[(frame.sex == "f") & (frame.band == 3), "band"] = 2
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=frame)
    assert grouped.names == ("sex", "band")
    assert grouped.groups == [("f", 1), ("f", 2), ("m", 1), ("m", 2), ("m", 3)]
    keys = list(zip(frame.sex.tolist(), frame.band.tolist()))
    _assert_groups_match(grouped, y_true, y_pred, keys)


def test_two_dimensional_array_groups_by_intersections():
    y_true, y_pred = _data()
    rng = np.random.default_rng(11)
    groups = rng.integers(0, 2, (len(y_true), 2))
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    assert grouped.groups == [(0, 0), (0, 1), (1, 0), (1, 1)]
    keys = [tuple(row) for row in groups.tolist()]
    _assert_groups_match(grouped, y_true, y_pred, keys)


def test_polars_series_groups():
    pl = pytest.importorskip("polars")
    y_true, y_pred = _data()
    values = np.random.default_rng(12).choice(["x", "y", "z"], len(y_true))
    grouped = ims.confusion_counts_by_group(
        y_true, y_pred, groups=pl.Series("site", values.tolist())
    )
    assert grouped.groups == ["x", "y", "z"]
    assert grouped.names == ("site",)
    _assert_groups_match(grouped, y_true, y_pred, values.tolist())


def test_polars_integer_series_and_pandas_series_targets():
    pl = pytest.importorskip("polars")
    y_true, y_pred = _data()
    groups = np.random.default_rng(13).integers(5, 9, len(y_true))
    grouped = ims.confusion_counts_by_group(
        pd.Series(y_true), pl.Series(y_pred), groups=pl.Series(groups)
    )
    _assert_groups_match(grouped, y_true, y_pred, groups.tolist())


# --------------------------------------------------------- merge, dask, frame


def test_merge_over_chunks_equals_the_whole():
    y_true, y_pred = _data(n=3_001, n_classes=3)
    groups = np.random.default_rng(14).integers(0, 6, len(y_true))
    groups[:1000][groups[:1000] == 5] = 4  # group 5 absent from the first chunk
    whole = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    parts = [
        ims.confusion_counts_by_group(y_true[s:e], y_pred[s:e], groups=groups[s:e])
        for s, e in [(0, 1000), (1000, 1700), (1700, 3001)]
    ]
    assert 5 not in parts[0].groups
    assert sum(parts) == whole
    assert parts[0] + parts[1] + parts[2] == whole
    assert (parts[0] + parts[1] + parts[2]).overall() == ims.confusion_counts(
        y_true, y_pred
    )


def test_to_frame_lists_each_group_and_cell():
    y_true, y_pred = _data(n=40)
    groups = np.repeat(["a", "b"], 20)
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    frame = grouped.to_frame()
    assert list(frame.columns) == ["group", "true", "pred", "count"]
    assert len(frame) == 8
    cell = frame[(frame.group == "b") & (frame.true == 1) & (frame.pred == 0)]
    expected = ((y_true[20:] == 1) & (y_pred[20:] == 0)).sum()
    assert cell["count"].item() == expected


def test_unknown_group_key_error_names_the_groups():
    y_true, y_pred = _data(n=20)
    grouped = ims.confusion_counts_by_group(y_true, y_pred, groups=[0, 1] * 10)
    with pytest.raises(KeyError, match="groups are"):
        grouped[2]


@pytest.mark.parametrize("weighted", [False, True])
def test_dask_arrays_equal_in_memory(weighted):
    da = pytest.importorskip("dask.array")
    y_true, y_pred = _data(n=5_003, n_classes=3)
    rng = np.random.default_rng(15)
    groups = rng.integers(0, 7, len(y_true))
    groups[:2000][groups[:2000] == 6] = 0  # group 6 absent from the first blocks
    weights = rng.integers(0, 8, len(y_true)) / 4  # sums exact in any order
    counts = ims.confusion_counts_by_group(
        da.from_array(y_true, chunks=1000),
        da.from_array(y_pred, chunks=1000),
        groups=da.from_array(groups, chunks=1000),
        sample_weight=da.from_array(weights, chunks=1000) if weighted else None,
    )
    expected = ims.confusion_counts_by_group(
        y_true, y_pred, groups=groups, sample_weight=weights if weighted else None
    )
    assert counts == expected
    assert counts.groups == list(range(7))


def test_dask_dataframe_columns_equal_in_memory():
    dd = pytest.importorskip("dask.dataframe")
    y_true, y_pred = _data(n=2_000)
    groups = np.random.default_rng(16).choice(["a", "b", "c"], len(y_true))
    frame = pd.DataFrame({"y": y_true, "p": y_pred, "g": groups})
    ddf = dd.from_pandas(frame, npartitions=4)
    counts = ims.confusion_counts_by_group(ddf["y"], ddf["p"], groups=ddf["g"])
    expected = ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    assert counts == expected


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda n: [None] + ["a"] * (n - 1), id="None in a list"),
        pytest.param(
            lambda n: np.r_[np.nan, np.ones(n - 1)], id="NaN in a float array"
        ),
        pytest.param(
            lambda n: pd.Series(["a", np.nan] + ["b"] * (n - 2)), id="NaN in Series"
        ),
        pytest.param(
            lambda n: pd.Series(pd.Categorical([None] + ["a"] * (n - 1))),
            id="missing in a Categorical",
        ),
        pytest.param(
            lambda n: pd.Series(pd.array([pd.NA] + [1] * (n - 1), dtype="Int64")),
            id="NA in a nullable Int64",
        ),
        pytest.param(
            lambda n: pd.DataFrame({"a": [1] * n, "b": [None] + ["x"] * (n - 1)}),
            id="None in a DataFrame column",
        ),
    ],
)
def test_groups_with_missing_values_are_refused(make):
    y_true, y_pred = _data(n=10)
    with pytest.raises(ValueError, match="groups"):
        ims.confusion_counts_by_group(y_true, y_pred, groups=make(10))


def test_polars_groups_with_a_null_are_refused():
    pl = pytest.importorskip("polars")
    y_true, y_pred = _data(n=10)
    for values in ([None] + ["a"] * 9, [None] + [1] * 9):
        with pytest.raises(ValueError, match="groups"):
            ims.confusion_counts_by_group(y_true, y_pred, groups=pl.Series(values))


@pytest.mark.parametrize(
    "groups",
    [
        pytest.param([0, 1] * 4, id="list"),
        pytest.param(np.zeros(11), id="array"),
        pytest.param(pd.DataFrame({"a": [0] * 9, "b": [1] * 9}), id="DataFrame"),
    ],
)
def test_groups_of_the_wrong_length_are_refused(groups):
    y_true, y_pred = _data(n=10)
    with pytest.raises(ValueError, match="groups") as info:
        ims.confusion_counts_by_group(y_true, y_pred, groups=groups)
    assert "10" in str(info.value)  # the expected length is named


@pytest.mark.parametrize("groups", [None, "a", 3])
def test_scalar_groups_are_refused(groups):
    y_true, y_pred = _data(n=10)
    with pytest.raises(TypeError, match="groups"):
        ims.confusion_counts_by_group(y_true, y_pred, groups=groups)


def test_multilabel_targets_are_refused_clearly():
    rng = np.random.default_rng(17)
    y_true = rng.integers(0, 2, (20, 3))
    y_pred = rng.integers(0, 2, (20, 3))
    with pytest.raises(ValueError, match="multilabel"):
        ims.confusion_counts_by_group(y_true, y_pred, groups=[0, 1] * 10)
    with pytest.raises(ValueError, match="multilabel"):
        ims.metrics_by_group(y_true, y_pred, groups=[0, 1] * 10)
