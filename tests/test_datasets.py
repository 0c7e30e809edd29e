"""Embedded datasets: the papers' counts, checksums, clear errors."""

import gzip
import shutil

import numpy as np
import pytest

from imbascore.datasets import (
    DatasetIntegrityError,
    _loader,
    list_datasets,
    load_dataset,
)

# García et al. 2008, Table 1 (and the Weiss et al. / Statlog counts):
# rows, features, positives.
PAPER_COUNTS = {
    "breast": (277, 9, 81),
    "ecoli": (336, 7, 35),
    "german": (1000, 20, 300),
    "glass": (214, 9, 17),
    "haberman": (306, 3, 81),
    "phoneme": (5404, 5, 1586),
    "pima": (768, 8, 268),
    "satimage": (6435, 36, 626),
    "vehicle": (846, 18, 212),
    "yeast": (1484, 8, 429),
    "heart": (270, 13, 120),
    "australian": (690, 14, 307),
}


def test_list_datasets():
    assert list_datasets() == sorted(PAPER_COUNTS)


@pytest.mark.parametrize("name", sorted(PAPER_COUNTS))
def test_counts_match_the_papers(name):
    rows, features, positives = PAPER_COUNTS[name]
    dataset = load_dataset(name)
    assert dataset.data.shape == (rows, features)
    assert dataset.target.dtype == np.int64
    assert set(np.unique(dataset.target)) == {0, 1}
    assert int(dataset.target.sum()) == positives
    assert positives < rows - positives  # 1 is the minority class
    assert dataset.feature_names == list(dataset.data.columns)
    assert set(dataset.categorical) <= set(dataset.feature_names)
    assert dataset.positive_class and "Cite:" in dataset.description


def test_categorical_columns_are_the_text_columns():
    breast, german = load_dataset("breast"), load_dataset("german")
    assert len(breast.categorical) == 8 and len(german.categorical) == 13
    for dataset in (breast, german):
        numeric = dataset.data.drop(columns=dataset.categorical)
        assert all(kind.kind in "if" for kind in numeric.dtypes)


@pytest.mark.parametrize(
    "name, words", [("australian", "KNOWN DAMAGE"), ("heart", "multiplied by 10")]
)
def test_caveats_are_in_the_description(name, words):
    dataset = load_dataset(name)
    assert words in dataset.caveats and words in dataset.description


def test_names_are_case_insensitive():
    assert load_dataset("Glass").name == "glass"


@pytest.mark.parametrize("name", ["glas", "iris", 3, None])
def test_unknown_name_lists_the_valid_ones(name):
    with pytest.raises(ValueError, match=r"must be one of \['australian'"):
        load_dataset(name)


def test_unknown_name_suggests_the_closest():
    with pytest.raises(ValueError, match="Did you mean 'glass'"):
        load_dataset("glas")


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    copy = tmp_path / "data"
    shutil.copytree(_loader._DATA, copy)
    monkeypatch.setattr(_loader, "_DATA", copy)
    return copy


def test_damaged_file_fails_its_checksum(data_copy):
    path = data_copy / "glass.csv.gz"
    text = gzip.decompress(path.read_bytes()).replace(b"1.51673", b"1.51674", 1)
    path.write_bytes(gzip.compress(text))
    with pytest.raises(DatasetIntegrityError, match="'glass'.*is damaged: its sha256"):
        load_dataset("glass")


def test_truncated_file_is_not_gzip(data_copy):
    path = data_copy / "glass.csv.gz"
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(DatasetIntegrityError, match="not valid gzip"):
        load_dataset("glass")


def test_missing_file(data_copy):
    (data_copy / "glass.csv.gz").unlink()
    with pytest.raises(DatasetIntegrityError, match="missing from the installed"):
        load_dataset("glass")
