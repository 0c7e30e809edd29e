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


# The @attribute declarations of UCI breast-cancer.arff, as Weka ships it
# (github.com/Waikato/weka-3.8, wekadocs/data/breast-cancer.arff), copied
# here independently of the manifest.
BREAST_ARFF = {
    "age": "10-19 20-29 30-39 40-49 50-59 60-69 70-79 80-89 90-99",
    "menopause": "lt40 ge40 premeno",
    "tumor_size": "0-4 5-9 10-14 15-19 20-24 25-29 30-34 35-39 40-44 45-49 50-54 55-59",
    "inv_nodes": "0-2 3-5 6-8 9-11 12-14 15-17 18-20 21-23 24-26 27-29 30-32 "
    "33-35 36-39",
    "node_caps": "yes no",
    "deg_malig": "1 2 3",
    "breast": "left right",
    "breast_quad": "left_up left_low right_up right_low central",
    "irradiat": "yes no",
}


@pytest.mark.parametrize(
    "row, raw, codes",
    [
        # the arff's fourth instance ('no-recurrence-events')
        (
            14,
            "40-49 premeno 35-39 0-2 yes 3 right left_low yes",
            [4, 3, 8, 1, 1, 3, 2, 2, 1],
        ),
        (8, "50-59 lt40 15-19 0-2 no 2 left left_low no", [5, 1, 4, 1, 2, 2, 1, 2, 2]),
        (
            18,
            "40-49 premeno 25-29 0-2 no 2 right central no",
            [4, 3, 6, 1, 2, 2, 2, 5, 2],
        ),
    ],
)
def test_breast_papers_codes_of_known_rows(row, raw, codes):
    nominal = load_dataset("breast")
    papers = load_dataset("breast", coding="papers")
    assert [str(v) for v in nominal.data.loc[row]] == raw.split()
    assert papers.data.loc[row].tolist() == codes


@pytest.mark.parametrize(
    "row, raw, codes",
    [
        # UCI german.data, lines 1, 18 and 73
        (
            0,
            "A11 6 A34 A43 1169 A65 A75 4 A93 A101 4 A121 67 A143 A152 2 A173 1 "
            "A192 A201",
            [1, 6, 4, 3, 1169, 5, 5, 4, 3, 1, 4, 1, 67, 3, 2, 2, 3, 1, 2, 1],
        ),
        (
            17,
            "A11 30 A30 A49 8072 A65 A72 2 A93 A101 3 A123 25 A141 A152 3 A173 1 "
            "A191 A201",
            [1, 30, 0, 9, 8072, 5, 2, 2, 3, 1, 3, 3, 25, 1, 2, 3, 3, 1, 1, 1],
        ),
        (
            72,
            "A11 8 A34 A410 1164 A61 A75 3 A93 A101 4 A124 51 A141 A153 2 A174 2 "
            "A192 A201",
            [1, 8, 4, 10, 1164, 1, 5, 3, 3, 1, 4, 4, 51, 1, 3, 2, 4, 2, 2, 1],
        ),
    ],
)
def test_german_papers_codes_of_known_rows(row, raw, codes):
    nominal = load_dataset("german")
    papers = load_dataset("german", coding="papers")
    assert [str(v) for v in nominal.data.loc[row]] == raw.split()
    assert papers.data.loc[row].tolist() == codes


def test_breast_papers_codes_are_the_arff_positions():
    nominal = load_dataset("breast").data
    papers = load_dataset("breast", coding="papers").data
    for column, declared in BREAST_ARFF.items():
        position = {value: i for i, value in enumerate(declared.split(), 1)}
        expected = nominal[column].astype(str).map(position)
        assert expected.notna().all(), column
        assert (papers[column] == expected).all(), column


def test_german_papers_codes_are_the_numbers_after_the_prefix():
    nominal = load_dataset("german")
    papers = load_dataset("german", coding="papers").data
    for column in nominal.categorical:
        prefix = f"A{nominal.feature_names.index(column) + 1}"
        values = nominal.data[column]
        assert values.str.startswith(prefix).all(), column
        assert (papers[column] == values.str[len(prefix) :].astype(int)).all()
    assert sorted(papers["purpose"].unique()) == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10]


@pytest.mark.parametrize("name", ["breast", "german"])
def test_both_codings_load(name):
    default, nominal = load_dataset(name), load_dataset(name, coding="nominal")
    papers = load_dataset(name, coding="papers")
    assert default.coding == nominal.coding == "nominal"
    assert papers.coding == "papers"
    pd_testing = pytest.importorskip("pandas").testing
    pd_testing.assert_frame_equal(default.data, nominal.data)
    assert papers.data.shape == nominal.data.shape
    assert papers.feature_names == nominal.feature_names
    assert (papers.target == nominal.target).all()
    assert nominal.categorical and papers.categorical == []
    assert all(kind.kind in "if" for kind in papers.data.dtypes)
    assert (papers.data[nominal.categorical] >= 0).all().all()
    assert "numeric" in papers.description
    assert "Categorical columns" in nominal.description
    numeric = [c for c in nominal.feature_names if c not in nominal.categorical]
    pd_testing.assert_frame_equal(papers.data[numeric], nominal.data[numeric])


@pytest.mark.parametrize("name", ["glass", "pima"])
def test_datasets_without_categorical_columns_take_either_coding(name):
    nominal, papers = load_dataset(name), load_dataset(name, coding="papers")
    assert nominal.categorical == papers.categorical == []
    assert nominal.data.equals(papers.data) and papers.coding == "papers"


@pytest.mark.parametrize("coding", ["paper", "numeric", None, 1])
def test_unknown_coding_lists_the_known_ones(coding):
    with pytest.raises(
        ValueError,
        match=r"The 'coding' parameter of load_dataset must be one of "
        r"\['nominal', 'papers'\]\. Got .* instead",
    ):
        load_dataset("breast", coding=coding)


def test_manifest_states_the_papers_coding_and_its_evidence():
    manifest = _loader._manifest()
    for name in ("breast", "german"):
        papers = manifest[name]["codings"]["papers"]
        assert papers["rule"] and papers["source"]
        assert "Real Weka 3.6.14" in papers["evidence"]
    declared = manifest["breast"]["codings"]["papers"]["values"]
    assert {c: " ".join(v) for c, v in declared.items()} == {
        c: v for c, v in BREAST_ARFF.items() if c != "deg_malig"
    }
