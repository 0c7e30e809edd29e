"""Dask inputs: each block counted on the workers, the tables summed.

Against the in-memory results, on a distributed.LocalCluster of two worker
processes (and once on dask's default threaded scheduler).
"""

import pickle

import numpy as np
import pandas as pd
import pytest

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")

import imbascore as ims  # noqa: E402

LABELS = np.array(["minority", "majority", "other"])


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        with distributed.Client(cluster) as client:
            yield client


def _data(n=20_011, n_classes=3, seed=0):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, n_classes, n))
    weights = rng.integers(0, 8, n) / 4  # quarters: sums exact in any order
    return y_true, y_pred, weights


@pytest.mark.parametrize("weighted", [False, True])
def test_dask_arrays_with_uneven_chunks_count_as_in_memory(client, weighted):
    y_true, y_pred, weights = _data()
    counts = ims.confusion_counts(
        da.from_array(y_true, chunks=3_000),
        da.from_array(y_pred, chunks=(7_000, 7_000, 6_011)),
        sample_weight=da.from_array(weights, chunks=999) if weighted else None,
        labels=[0, 1, 2, 9],  # 9 absent: a zero row and column, as in memory
    )
    expected = ims.confusion_counts(
        y_true, y_pred, sample_weight=weights if weighted else None, labels=[0, 1, 2, 9]
    )
    assert counts == expected
    assert counts.labels.tolist() == [0, 1, 2, 9]
    assert counts.score("iba", average="macro", zero_division=0.0) == (
        expected.score("iba", average="macro", zero_division=0.0)
    )


def test_a_class_missing_from_some_blocks_is_united(client):
    y_true, y_pred, _ = _data(n=9_000)
    y_true[:3_000] = y_pred[:3_000] = 0  # the first block sees one class
    y_true[-10:], y_pred[-10:] = 7, 7  # the last block, one more
    counts = ims.confusion_counts(
        da.from_array(y_true, chunks=3_000), da.from_array(y_pred, chunks=3_000)
    )
    assert counts == ims.confusion_counts(y_true, y_pred)


@pytest.mark.parametrize("dtype", ["object", "category", "string[pyarrow]"])
def test_parquet_columns_count_as_in_memory(client, tmp_path, dtype):
    y_true, y_pred, weights = _data()
    frame = pd.DataFrame(
        {"y_true": LABELS[y_true], "y_pred": LABELS[y_pred], "weight": weights}
    )
    frame = frame.astype({"y_true": dtype, "y_pred": dtype})
    frame.to_parquet(tmp_path / "predictions.parquet", row_group_size=4_000)
    predictions = dd.read_parquet(
        tmp_path / "predictions.parquet", split_row_groups=True
    )
    assert predictions.npartitions > 1
    counts = ims.confusion_counts(
        predictions["y_true"],
        predictions["y_pred"],
        sample_weight=predictions["weight"],
    )
    assert counts == ims.confusion_counts(
        LABELS[y_true], LABELS[y_pred], sample_weight=weights
    )


def test_a_column_beside_an_array_and_a_numpy_array(client):
    y_true, y_pred, weights = _data()
    frame = dd.from_pandas(pd.DataFrame({"y_true": y_true}), npartitions=5)
    counts = ims.confusion_counts(
        frame["y_true"], da.from_array(y_pred, chunks=4_000), sample_weight=weights
    )
    assert counts == ims.confusion_counts(y_true, y_pred, sample_weight=weights)


def test_empty_partitions_are_skipped(client):
    y_true, y_pred, _ = _data(n=1_000)
    frame = dd.from_pandas(pd.DataFrame({"t": y_true, "p": y_pred}), npartitions=4)
    sparse_frame = frame[frame["t"] >= 0]  # keeps every row
    filtered = frame[frame["t"] > 5]  # no row left in any partition
    assert ims.confusion_counts(sparse_frame["t"], sparse_frame["p"]) == (
        ims.confusion_counts(y_true, y_pred)
    )
    with pytest.raises(ValueError, match="'y_true' .* non-empty"):
        ims.confusion_counts(filtered["t"], filtered["p"])


def test_only_tables_travel_to_the_client(client, monkeypatch):
    def gathered(*args, **kwargs):
        raise AssertionError("the labels were gathered on the client")

    column = dd.from_pandas(pd.Series([0, 1]), npartitions=1)
    for collection in (da.Array, type(column)):
        monkeypatch.setattr(collection, "__array__", gathered)
    frame = dd.from_pandas(pd.DataFrame({"t": [0, 1, 1] * 100}), npartitions=3)
    assert ims.confusion_counts(frame["t"], frame["t"]).matrix.sum() == 300
    # the result's size does not grow with the data: no labels came back
    sizes = []
    for n in (10_000, 1_000_000):
        y_true = da.random.default_rng(1).integers(0, 2, n, chunks=n // 4)
        counts = ims.confusion_counts(y_true, 1 - y_true)
        sizes.append(len(pickle.dumps(counts)))
        assert counts.matrix.sum() == n
    assert sizes[1] < 1.1 * sizes[0] and sizes[1] < 4_000


def test_dask_threaded_scheduler_without_a_cluster():
    import dask

    y_true, y_pred, _ = _data(n=5_000)
    with dask.config.set(scheduler="threads"):
        counts = ims.confusion_counts(
            da.from_array(y_true, chunks=1_000), da.from_array(y_pred, chunks=1_000)
        )
    assert counts == ims.confusion_counts(y_true, y_pred)


def test_a_numpy_array_beside_columns_is_cut_at_their_partitions(client):
    y_true, y_pred, weights = _data()
    frame = dd.from_pandas(
        pd.DataFrame({"y_true": LABELS[y_true], "y_pred": LABELS[y_pred]}),
        npartitions=6,
    )
    counts = ims.confusion_counts(
        frame["y_true"], frame["y_pred"], sample_weight=weights
    )
    assert counts == ims.confusion_counts(
        LABELS[y_true], LABELS[y_pred], sample_weight=weights
    )
    with pytest.raises(ValueError, match=r"'sample_weight' .* same length as y_true"):
        ims.confusion_counts(
            frame["y_true"], frame["y_pred"], sample_weight=weights[1:]
        )


@pytest.mark.parametrize(
    "call, error, pattern",
    [
        (
            lambda t, p: ims.confusion_counts(t, p[:-1]),
            ValueError,
            r"'y_pred' .* same length as y_true \(3000\). Got .* length 2999'",
        ),
        (
            lambda t, p: ims.confusion_counts(t, da.stack([p, p], axis=1)),
            ValueError,
            r"'y_pred' .* 1-D array of shape \(n_samples,\). Got 'a dask array",
        ),
        (
            lambda t, p: ims.confusion_counts(t.astype(float) / 3, p),
            ValueError,
            r"'y_true' .* not continuous values",
        ),
        (
            lambda t, p: ims.confusion_counts(
                dd.from_pandas(pd.DataFrame({"a": t.compute()}), npartitions=2), p
            ),
            TypeError,
            r"'y_true' .* a dask dataframe column .* Select one column",
        ),
    ],
    ids=["length", "2-D", "scores", "dataframe"],
)
def test_bad_dask_inputs_are_refused_as_in_memory(client, call, error, pattern):
    y_true, y_pred, _ = _data(n=3_000)
    with pytest.raises(error, match=pattern):
        call(da.from_array(y_true, chunks=1_000), da.from_array(y_pred, chunks=1_000))


@pytest.mark.parametrize("thresholds", [64, [0.9, 0.1, 0.5, 0.5, 2.0]])
@pytest.mark.parametrize("weighted", [False, True])
def test_threshold_curve_of_dask_inputs_equals_in_memory(client, thresholds, weighted):
    rng = np.random.default_rng(3)
    n = 20_011
    y_true = np.where(rng.random(n) < 0.1, "minority", "majority")
    y_score = np.round(rng.random(n) + (y_true == "minority") * 0.3, 2)  # ties
    weights = rng.integers(0, 8, n) / 4 if weighted else None
    expected = ims.threshold_curve(
        y_true,
        y_score,
        metrics=["iba", "f1", "dprime"],
        pos_label="minority",
        sample_weight=weights,
        thresholds=thresholds,
    )
    curve = ims.threshold_curve(
        da.from_array(y_true, chunks=4_000),
        da.from_array(y_score, chunks=3_000),
        metrics=["iba", "f1", "dprime"],
        pos_label="minority",
        sample_weight=None if weights is None else da.from_array(weights, chunks=5_000),
        thresholds=thresholds,
    )
    np.testing.assert_array_equal(curve.thresholds, expected.thresholds)
    for cells in ("tp", "fp", "fn", "tn"):
        np.testing.assert_array_equal(getattr(curve, cells), getattr(expected, cells))
    for name, values in expected.values.items():
        np.testing.assert_allclose(curve.values[name], values, rtol=1e-12)
    assert curve.best_threshold("iba") == expected.best_threshold("iba")


def test_threshold_curve_of_dask_inputs_needs_thresholds(client):
    y_true = da.from_array(np.array([0, 1] * 50), chunks=30)
    with pytest.raises(ValueError, match="'thresholds' .* an int or an array"):
        ims.threshold_curve(y_true, y_true.astype(float))
    with pytest.raises(ValueError, match="'y_true' .* binary"):
        ims.threshold_curve(
            da.from_array(np.arange(100) % 3, chunks=30),
            y_true.astype(float),
            thresholds=10,
        )
