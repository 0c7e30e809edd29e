"""`imbascore report` reading CSV and Parquet files chunk by chunk.

The chunked count must give exactly the report of the whole file read at once
(``read_label_columns`` + ``imbalanced_report``, the reader the command had
before), whatever the chunk size, the CSV reader (pyarrow or the standard
library) or the file format.
"""

import gzip
import io
import json
import math
import sys

import numpy as np
import pytest

import imbascore._core.inputs.label_files as label_files
from imbascore import confusion_counts, imbalanced_report
from imbascore._core.inputs.label_csv import LabelFileError, read_label_columns
from imbascore._core.inputs.label_files import file_kind, iter_label_chunks
from imbascore.cli import main


def count_label_file(path, options, **read):
    """The adapter counting each chunk as the CLI does."""
    return label_files.count_label_file(
        path,
        options,
        count=lambda y_true, y_pred, weight: confusion_counts(
            y_true, y_pred, sample_weight=weight
        ),
        **read,
    )


pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

ENGINES = ["python", "pyarrow"]
CHUNKS = [1, 3, 7, 64, 10_000]
OPTIONS = {"y_true": "--true", "y_pred": "--pred", "w": "--weight"}


def _same(first, second, path="report"):
    """Equal dicts, floats to 1e-12 (weighted sums add up in another order)."""
    if isinstance(first, dict):
        assert isinstance(second, dict) and list(first) == list(second), path
        for key in first:
            _same(first[key], second[key], f"{path}[{key!r}]")
    elif isinstance(first, list):
        assert isinstance(second, list) and len(first) == len(second), path
        for index, (one, other) in enumerate(zip(first, second)):
            _same(one, other, f"{path}[{index}]")
    elif isinstance(first, float) or isinstance(second, float):
        assert math.isclose(first, second, rel_tol=1e-12, abs_tol=1e-12) or (
            math.isnan(first) and math.isnan(second)
        ), (path, first, second)
    else:
        assert first == second, path


def _write_csv(path, rows, header=("y_true", "y_pred")):
    text = ",".join(header) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows)
    if str(path).endswith(".gz"):
        with gzip.open(path, "wt", encoding="utf-8", newline="") as handle:
            handle.write(text)
    else:
        path.write_text(text, encoding="utf-8", newline="")
    return path


def _whole(path, weight=None, **params):
    """The report of the whole CSV read at once, as the command made it."""
    columns = {"y_true": "--true", "y_pred": "--pred"}
    if weight:
        columns[weight] = "--weight"
    data = read_label_columns(path, columns, numeric=[weight] if weight else [])
    return imbalanced_report(
        data["y_true"],
        data["y_pred"],
        sample_weight=data[weight] if weight else None,
        output_dict=True,
        zero_division=0.0,
        **params,
    )


def _chunked(path, chunk_rows, engine="auto", weight=None, **params):
    counted = count_label_file(
        path,
        OPTIONS,
        true="y_true",
        pred="y_pred",
        weight=weight,
        chunk_rows=chunk_rows,
        engine=engine,
    )
    assert counted.error is None
    return counted.counts.report(output_dict=True, zero_division=0.0, **params)


def _late_labels(n=200, seed=0):
    """Two classes, then a third (true) and a fourth (predicted only) at the end."""
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 2, n)
    y_pred = np.where(rng.random(n) < 0.8, y_true, 1 - y_true)
    y_true[-5:] = 7
    y_pred[-2:] = 12
    return list(zip(y_true.tolist(), y_pred.tolist()))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("chunk_rows", CHUNKS)
def test_csv_chunks_equal_the_whole_file(tmp_path, engine, chunk_rows):
    path = _write_csv(tmp_path / "p.csv", _late_labels())
    chunked = _chunked(path, chunk_rows, engine)
    assert list(chunked["classes"]) == ["0", "1", "7", "12"]  # numbers, sorted
    _same(chunked, _whole(path))


@pytest.mark.parametrize("chunk_rows", [1, 13, 10_000])
def test_parquet_chunks_equal_the_whole_file(tmp_path, chunk_rows):
    rows = _late_labels()
    csv_path = _write_csv(tmp_path / "p.csv", rows)
    path = tmp_path / "p.parquet"
    table = pa.table({"y_true": [r[0] for r in rows], "y_pred": [r[1] for r in rows]})
    pq.write_table(table, path, row_group_size=50)  # chunks across row groups
    _same(_chunked(path, chunk_rows), _whole(csv_path))


@pytest.mark.parametrize("engine", ENGINES)
def test_gzipped_csv(tmp_path, engine):
    rows = _late_labels()
    path = _write_csv(tmp_path / "p.csv.gz", rows)
    plain = _write_csv(tmp_path / "p.csv", rows)
    _same(_chunked(path, 17, engine), _whole(plain))
    _same(_whole(path), _whole(plain))


@pytest.mark.parametrize("engine", ENGINES)
def test_string_labels(tmp_path, engine):
    names = {0: "cat", 1: "dog", 7: "eel", 12: "fox"}
    rows = [(names[t], names[p]) for t, p in _late_labels()]
    path = _write_csv(tmp_path / "s.csv", rows)
    chunked = _chunked(path, 9, engine)
    assert list(chunked["classes"]) == ["cat", "dog", "eel", "fox"]
    _same(chunked, _whole(path))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("chunk_rows", [1, 4, 100])
def test_numbers_then_text_is_text_from_the_top(tmp_path, engine, chunk_rows):
    # "1" and "01" are one number but two texts: a column that is numbers for
    # many chunks and then meets text is counted again as text.
    rows = [("1", "01"), ("01", "1"), ("2", "2")] * 5 + [("x", "2"), ("1", "x")]
    path = _write_csv(tmp_path / "m.csv", rows)
    chunked = _chunked(path, chunk_rows, engine)
    assert list(chunked["classes"]) == ["01", "1", "2", "x"]
    _same(chunked, _whole(path))


@pytest.mark.parametrize("engine", ENGINES)
def test_ints_then_floats_are_floats(tmp_path, engine):
    rows = [(1, 1), (0, 1), (1, 0)] * 4 + [("1.0", "0"), ("1e0", "0.0")]
    path = _write_csv(tmp_path / "f.csv", rows)
    chunked = _chunked(path, 2, engine)
    assert list(chunked["classes"]) == ["0.0", "1.0"]
    _same(chunked, _whole(path))


@pytest.mark.parametrize("engine", ENGINES)
def test_numbers_only_are_one_number_however_written(tmp_path, engine):
    rows = [("1", "01"), ("01", "1"), (" 2 ", "+2"), ("1_0", "10")]
    path = _write_csv(tmp_path / "n.csv", rows)
    chunked = _chunked(path, 1, engine)
    assert list(chunked["classes"]) == ["1", "2", "10"]
    _same(chunked, _whole(path))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("weights", [[1, 2, 0, 3], [0.5, 1.25, 0, 2e-3]])
def test_weights(tmp_path, engine, weights):
    rows = [(t, p, weights[i % 4]) for i, (t, p) in enumerate(_late_labels())]
    path = _write_csv(tmp_path / "w.csv", rows, header=("y_true", "y_pred", "w"))
    for chunk_rows in (3, 1000):
        chunked = _chunked(path, chunk_rows, engine, weight="w")
        _same(chunked, _whole(path, weight="w"))


def test_weights_in_parquet(tmp_path):
    rows = _late_labels()
    w = np.linspace(0, 2, len(rows))
    csv_path = tmp_path / "w.csv"
    _write_csv(
        csv_path,
        [(t, p, repr(float(x))) for (t, p), x in zip(rows, w)],
        ("y_true", "y_pred", "w"),
    )
    path = tmp_path / "w.parquet"
    pq.write_table(
        pa.table(
            {"y_true": [r[0] for r in rows], "y_pred": [r[1] for r in rows], "w": w}
        ),
        path,
        row_group_size=64,
    )
    _same(_chunked(path, 10, weight="w"), _whole(csv_path, weight="w"))


@pytest.mark.parametrize("engine", ENGINES)
def test_intervals_from_the_merged_counts(tmp_path, engine):
    path = _write_csv(tmp_path / "p.csv", _late_labels())
    params = {"interval": "posterior", "n_resamples": 500, "random_state": 0}
    _same(_chunked(path, 11, engine, **params), _whole(path, **params))


@pytest.mark.parametrize("engine", ["auto", *ENGINES])
@pytest.mark.parametrize("chunk_rows", [1, 5, 64])
def test_never_more_than_chunk_rows(tmp_path, engine, chunk_rows):
    rows = _late_labels(1000)
    path = _write_csv(tmp_path / "p.csv", rows)
    chunks = iter_label_chunks(
        path, OPTIONS, labels=["y_true", "y_pred"], chunk_rows=chunk_rows, engine=engine
    )
    lengths = [len(chunk["y_true"]) for chunk in chunks]
    assert max(lengths) == chunk_rows and sum(lengths) == len(rows)


def test_parquet_never_more_than_chunk_rows(tmp_path):
    path = tmp_path / "p.parquet"
    pq.write_table(
        pa.table({"y_true": np.arange(1000) % 3, "y_pred": np.zeros(1000, int)}),
        path,
        row_group_size=300,
    )
    chunks = iter_label_chunks(
        path, OPTIONS, labels=["y_true", "y_pred"], chunk_rows=64
    )
    lengths = [len(chunk["y_true"]) for chunk in chunks]
    assert max(lengths) <= 64 and sum(lengths) == 1000


# Problems: the same one-line errors as the whole-file reader, with either engine.

BAD_FILES = {
    "empty": "",
    "header only": "y_true,y_pred\n",
    "missing column": "y_true,guess\n1,0\n",
    "empty cell": "y_true,y_pred\n1,0\n" * 30 + "1,\n",
    "short row": "y_true,y_pred\n1,0\n" * 30 + "1\n",
    "long row": "y_true,y_pred\n1,0\n" * 30 + "1,0,5\n",
    "long row before the columns end": "a,y_true,y_pred\n2,1,0\n" * 30 + "2,1,0,\n",
    "blank cell": "y_true,y_pred\n1,0\n\n" + "1,0\n" * 30 + " , 1\n",
    "text weight": "y_true,y_pred,w\n" + "1,0,1\n" * 30 + "1,0,heavy\n",
    "empty weight": "y_true,y_pred,w\n" + "1,0,1\n" * 30 + "1,0,\n",
    "not utf-8": "y_true,y_pred\n1,0\n",
}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", BAD_FILES)
def test_errors_equal_the_whole_file_readers(tmp_path, engine, case):
    path = tmp_path / "bad.csv"
    data = BAD_FILES[case].encode()
    if case == "not utf-8":
        data += b"1,\xff\xfe\n"
    path.write_bytes(data)
    weight = "w" if "weight" in case else None
    with pytest.raises(LabelFileError) as expected:
        _whole(path, weight=weight)
    with pytest.raises(LabelFileError) as got:
        _chunked(path, 4, engine, weight=weight)
    assert str(got.value) == str(expected.value)


TRICKY = (
    "\ufeffy_true , y_pred,other\r\n"
    '"1",0,x\r\n'
    '1 , " 0 ",y\r\n'
    "\r\n"
    '"a,b","c\nd",z\r\n'
    '2,"""q""",extra\r\n'
    "0,1,\r\n"
)


@pytest.mark.parametrize("engine", ENGINES)
def test_csv_quirks_read_as_the_standard_library_does(tmp_path, engine):
    # BOM, spaces around names and cells, CRLF, blank lines, quoted delimiters
    # and newlines, doubled quotes, an empty cell in a column not read.
    path = tmp_path / "q.csv"
    path.write_text(TRICKY, encoding="utf-8", newline="")
    chunked = _chunked(path, 2, engine)
    whole = _whole(path)
    assert list(whole["classes"]) == ['" 0 "', '"q"', "0", "1", "2", "a,b", "c\nd"]
    _same(chunked, whole)


def test_pyarrow_reads_quirks_itself(tmp_path, monkeypatch):
    # Without ragged rows pyarrow reads the quirks itself, as the reference does.
    path = tmp_path / "q.csv"
    tricky = TRICKY.replace('2,"""q""",extra,cells', '2,"""q""",w')
    path.write_text(tricky.replace("0,1\r\n", "0,1,v\r\n"), encoding="utf-8")
    whole = _whole(path)

    def refuse(*args, **kwargs):
        raise AssertionError("fell back to the standard library's reader")

    monkeypatch.setattr(label_files, "_python_cells", refuse)
    _same(_chunked(path, 2, "pyarrow"), whole)


def test_tab_delimiter(tmp_path):
    path = tmp_path / "t.tsv"
    path.write_text("y_true\ty_pred\n1\t0\n0\t0\n1\t1\n")
    counted = count_label_file(
        path, OPTIONS, true="y_true", pred="y_pred", delimiter="\t", chunk_rows=2
    )
    assert counted.counts.matrix.tolist() == [[1, 0], [1, 1]]


# The command


def _run(argv):
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


def test_command_reads_parquet_as_csv(tmp_path, capsys):
    rows = _late_labels()
    csv_path = _write_csv(tmp_path / "p.csv", rows)
    path = tmp_path / "p.parquet"
    pq.write_table(
        pa.table({"y_true": [r[0] for r in rows], "y_pred": [r[1] for r in rows]}), path
    )
    outputs = [
        _run(["report", str(p), "--json", "--chunk-rows", "7"])
        for p in (csv_path, path)
    ]
    assert outputs[0] == outputs[1] and outputs[0][0] == 0
    assert "reading" not in capsys.readouterr().err  # stderr is not a terminal


def test_command_no_progress_flag(tmp_path, capsys):
    path = _write_csv(tmp_path / "p.csv", _late_labels())
    code, text = _run(["report", str(path), "--no-progress"])
    assert code == 0 and "macro avg" in text
    assert capsys.readouterr().err.count("note") <= 1


def test_command_kind_mismatch_found_late(tmp_path, capsys):
    rows = [(1, 0)] * 50 + [(1, "maybe"), (0, "no")]
    path = _write_csv(tmp_path / "k.csv", rows)
    code, _ = _run(["report", str(path), "--chunk-rows", "4"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (
        "imbascore report: error: the --true column 'y_true' holds numbers but the "
        "--pred column 'y_pred' holds text (e.g. 'maybe'); both must hold labels of "
        "one kind, the classes the model was trained on\n"
    )


def test_command_file_error_after_a_counting_error_comes_first(tmp_path, capsys):
    # NaN labels in the first chunk, an empty cell further down: the whole-file
    # reader reported the empty cell, so does the chunked one.
    rows = [("nan", 0)] + [(1, 0)] * 20 + [(1, "")]
    path = _write_csv(tmp_path / "e.csv", rows)
    code, _ = _run(["report", str(path), "--chunk-rows", "3"])
    assert code == 2
    assert "line 23: the --pred column 'y_pred' is empty" in capsys.readouterr().err


@pytest.mark.parametrize("row", ["1,0,5", "1"])
def test_command_refuses_a_row_of_more_or_fewer_fields_with_its_line(
    tmp_path, capsys, row
):
    # a field too many was ignored: the row may be shifted, so it is refused
    # (as study --data refuses it), naming the line and the counts
    path = tmp_path / "ragged.csv"
    path.write_text("y_true,y_pred\n" + "1,0\n0,0\n" + row + "\n0,1\n")
    code, _ = _run(["report", str(path)])
    assert code == 2
    error = capsys.readouterr().err
    assert "line 4: every row needs one field per column of the header (2)" in error
    assert f"got {len(row.split(','))}" in error


def test_command_counting_error_names_the_flag(tmp_path, capsys):
    rows = [("nan", 0)] + [(1, 0)] * 20
    path = _write_csv(tmp_path / "e.csv", rows)
    code, _ = _run(["report", str(path), "--chunk-rows", "3"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(
        "imbascore report: error: The --true column 'y_true' must be free of "
        "missing values"
    )


def test_command_negative_weight_names_the_flag(tmp_path, capsys):
    rows = [(1, 0, 1), (0, 0, -2)]
    path = _write_csv(tmp_path / "w.csv", rows, header=("y_true", "y_pred", "w"))
    code, _ = _run(["report", str(path), "--weight", "w"])
    assert code == 2
    assert "The --weight column 'w' must be non-negative" in capsys.readouterr().err


def test_unknown_extension_names_the_argument(tmp_path, capsys):
    path = tmp_path / "p.xlsx"
    path.write_text("y_true,y_pred\n1,0\n")
    code, _ = _run(["report", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and "the FILE argument must end in .csv" in err
    assert "'" + str(path) + "'" in err
    with pytest.raises(LabelFileError, match="FILE argument"):
        file_kind("labels.json")
    assert file_kind("A.CSV.GZ") == "csv" and file_kind("a.pq") == "parquet"


def test_stdin_numbers_then_text(monkeypatch):
    rows = "y_true,y_pred\n" + "1,01\n" * 10 + "x,y\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(rows))
    counted = count_label_file("-", OPTIONS, true="y_true", pred="y_pred", chunk_rows=3)
    assert counted.counts.labels.tolist() == ["01", "1", "x", "y"]
    assert counted.rows == 11


def test_parquet_problems(tmp_path):
    path = tmp_path / "n.parquet"
    pq.write_table(pa.table({"y_true": [1, 0, None, 1], "y_pred": [1, 0, 0, 1]}), path)
    with pytest.raises(
        LabelFileError, match=r"row 3: the --true column 'y_true' is empty \(null\)"
    ):
        _chunked(path, 2)
    pq.write_table(
        pa.table({"y_true": [1, 0], "y_pred": [1, 0], "w": ["a", "b"]}), path
    )
    with pytest.raises(
        LabelFileError,
        match="the --weight column 'w' must hold numbers; got the Parquet type string",
    ):
        _chunked(path, 2, weight="w")
    with pytest.raises(LabelFileError, match="not in .*choose it with --pred"):
        count_label_file(
            path, {"y_true": "--true", "guess": "--pred"}, true="y_true", pred="guess"
        )
    pq.write_table(
        pa.table(
            {"y_true": pa.array([], pa.int64()), "y_pred": pa.array([], pa.int64())}
        ),
        path,
    )
    with pytest.raises(LabelFileError, match="has no rows"):
        _chunked(path, 2)
    path.write_bytes(b"not parquet")
    with pytest.raises(LabelFileError, match="not a readable Parquet file"):
        _chunked(path, 2)


def test_parquet_string_and_categorical_labels(tmp_path):
    path = tmp_path / "s.parquet"
    names = ["no", "yes", "no", "maybe"]
    pq.write_table(
        pa.table(
            {"y_true": pa.array(names).dictionary_encode(), "y_pred": names[::-1]}
        ),
        path,
    )
    counted = count_label_file(
        path, OPTIONS, true="y_true", pred="y_pred", chunk_rows=3
    )
    assert counted.counts.labels.tolist() == ["maybe", "no", "yes"]
    assert counted.text == {"y_true": "no", "y_pred": "maybe"}


def test_missing_pyarrow_names_the_extra(tmp_path, monkeypatch):
    path = tmp_path / "p.parquet"
    pq.write_table(pa.table({"y_true": [1], "y_pred": [1]}), path)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ImportError, match=r'pip install "imbascore\[parquet\]"'):
        count_label_file(path, OPTIONS, true="y_true", pred="y_pred")
    # CSV needs no pyarrow: the standard library reads it.
    csv_path = _write_csv(tmp_path / "p.csv", _late_labels())
    _same(_chunked(csv_path, 5), _whole(csv_path))


def test_report_json_is_json(tmp_path):
    path = _write_csv(tmp_path / "p.csv", _late_labels())
    code, text = _run(["report", str(path), "--json", "--chunk-rows", "3"])
    assert code == 0 and json.loads(text)["support"] == 200
