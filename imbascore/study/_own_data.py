"""The user's own data for ``imbascore study --data FILE --target COLUMN``.

A CSV file is read as ``imbascore report`` reads one (the same endings,
``.gz`` and BOM handling, header and column checks, and the same typing of a
column: ints if every value is an int, else floats if every value is a
number, else text); a Parquet file keeps its stored types.
Feature columns of text, booleans or Parquet dictionaries (pandas
categoricals) are nominal, the others numeric; ``--nominal`` adds columns.
Unlike label files, feature files may have missing values (an empty cell, a
``nan``, a Parquet null): the rows that hold one are counted and refused, or
dropped with ``--drop-missing``.

The target becomes 0/1 with 1 the positive class: ``--positive``, or the
minority class. The result is the ``(name, X, y)`` tuple that
:func:`~imbascore.study.run_study` takes, named by the file's stem, with a
fingerprint of its values so that an output directory never mixes the cells
of two versions of one file.
"""

import csv
import gzip
import hashlib
import io
import json
import os
import pathlib
import zlib
from dataclasses import dataclass, field

import numpy as np

from ._public import require

__all__ = [
    "OwnDataError",
    "OwnDataset",
    "check_recorded",
    "comma_list",
    "dataset_name",
    "read_own_dataset",
    "split_paths",
]

#: What ``--out`` records of each own dataset (``datasets.json``).
RECORD = "datasets.json"


class OwnDataError(ValueError):
    """A data file that cannot be studied as asked; the message is one line."""


@dataclass(frozen=True)
class OwnDataset:
    """One file, ready for :func:`~imbascore.study.run_study`."""

    name: str
    path: str
    X: object  # pandas DataFrame; nominal columns as Categorical
    y: np.ndarray  # 0/1, 1 = positive
    positive: object
    negatives: tuple
    nominal: tuple
    notes: tuple = field(default=())

    def as_tuple(self):
        return self.name, self.X, self.y

    def fingerprint(self):
        """sha256 of the columns, their kinds, the values and the target."""
        digest = hashlib.sha256()
        digest.update(json.dumps([list(self.X.columns), self.nominal]).encode())
        for column in self.X.columns:
            values = self.X[column]
            if column in self.nominal:
                digest.update(json.dumps([str(v) for v in values]).encode())
            else:
                digest.update(values.to_numpy(dtype=float).tobytes())
        digest.update(self.y.astype(np.int64).tobytes())
        return digest.hexdigest()

    def summary(self):
        """One line: rows, features, nominal ones, the classes."""
        n_pos = int(self.y.sum())
        nominal = (
            f" ({len(self.nominal)} nominal: {', '.join(self.nominal)})"
            if self.nominal
            else ""
        )
        negatives = ", ".join(repr(_plain(v)) for v in self.negatives)
        return (
            f"dataset {self.name!r} from {self.path!r}: {len(self.y)} rows, "
            f"{self.X.shape[1]} feature{'' if self.X.shape[1] == 1 else 's'}"
            f"{nominal}; positive class "
            f"{_plain(self.positive)!r} ({n_pos} rows) against {negatives} "
            f"({len(self.y) - n_pos} rows)"
        )


def _plain(value):
    """A numpy scalar as the Python value (so that reprs read as typed)."""
    return value.item() if isinstance(value, np.generic) else value


def comma_list(text):
    """The non-empty, stripped parts of a comma-separated option."""
    return [part.strip() for part in text.split(",") if part.strip()]


def split_paths(values):
    """``--data`` given several times, or as a comma list: the paths in order."""
    return [path for value in values or () for path in comma_list(value)]


def dataset_name(path):
    """The file's stem: ``data/Churn.csv.gz`` -> ``Churn``."""
    name = pathlib.Path(path).name
    if name.lower().endswith(".gz"):
        name = name[:-3]
    return pathlib.Path(name).stem


def check_names(paths, embedded):
    """Refuse names that would collide with each other or with ``--datasets``."""
    seen = {}
    for path in paths:
        name = dataset_name(path)
        if not name or "__" in name:
            raise OwnDataError(
                f"--data {path!r}: a dataset is named by its file's stem, which "
                "must be non-empty and must not hold '__' (the output directory "
                f"separates a cell's parts with it); got {name!r}: rename the file"
            )
        if name.lower() in embedded:
            raise OwnDataError(
                f"--data {path!r}: a dataset is named by its file's stem, and "
                f"{name!r} is the name of an embedded dataset, whose results the "
                "study compares with the paper; rename the file"
            )
        if name in seen:
            raise OwnDataError(
                f"--data {seen[name]!r} and {path!r}: a dataset is named by its "
                f"file's stem, so both would be {name!r}; rename one"
            )
        seen[name] = path


# -- reading ---------------------------------------------------------------

#: The file endings ``imbascore report`` reads as CSV (each also ``.gz``) and
#: as Parquet.
CSV_SUFFIXES = (".csv", ".tsv", ".txt")
PARQUET_SUFFIXES = (".parquet", ".pq")
#: What a damaged file raises while it is decoded.
UNREADABLE = (csv.Error, UnicodeDecodeError, gzip.BadGzipFile, EOFError, zlib.error)


def _file_kind(path):
    """``"csv"`` or ``"parquet"``, by the name's ending."""
    name = os.fspath(path).lower()
    if name.endswith(PARQUET_SUFFIXES):
        return "parquet"
    if name.removesuffix(".gz").endswith(CSV_SUFFIXES):
        return "csv"
    endings = (
        ", ".join(CSV_SUFFIXES) + " (each also .gz), " + ", ".join(PARQUET_SUFFIXES)
    )
    raise OwnDataError(f"--data must end in {endings}; got {os.fspath(path)!r}")


def _is_number(text):
    """Whether ``float`` reads ``text`` (so "nan" and "1e3" are numbers)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _typed(values):
    """The column as ints, else floats, else the strings themselves."""
    for kind in (int, float):
        try:
            return np.array([kind(value) for value in values])
        except ValueError:
            continue
    return np.array(values)


def _read_csv(path, delimiter):
    """``(header, {column: (values, missing mask, kind)}, line of each row,
    hints)``."""
    try:
        raw = open(path, "rb")
    except OSError as error:
        raise OwnDataError(f"cannot read {path!r}: {error.strerror}") from None
    source = gzip.open(raw, "rb") if str(path).endswith(".gz") else raw
    text = io.TextIOWrapper(source, encoding="utf-8-sig", newline="")
    try:
        reader = csv.reader(text, delimiter=delimiter)
        try:
            header = [name.strip() for name in next(reader)]
        except StopIteration:
            raise OwnDataError(
                f"--data {path!r} is empty; it needs a header row"
            ) from None
        duplicated = sorted({name for name in header if header.count(name) > 1})
        if duplicated:
            raise OwnDataError(
                f"--data {path!r}: every column needs its own name; the header "
                f"names {duplicated} more than once"
            )
        rows, lines = [], []
        for line, row in enumerate(reader, start=2):
            if not row:
                continue
            if len(row) != len(header):
                raise OwnDataError(
                    f"--data {path!r} line {line}: every row needs one field "
                    f"per column of the header ({len(header)}); got {len(row)} "
                    f"(is --delimiter {delimiter!r} the file's separator?)"
                )
            rows.append([cell.strip() for cell in row])
            lines.append(line)
    except UNREADABLE as error:
        raise OwnDataError(f"--data {path!r} is not a readable CSV: {error}") from None
    finally:
        text.close()
        raw.close()
    columns, hints = {}, []
    for position, name in enumerate(header):
        cells = [row[position] for row in rows]
        missing = np.array([cell == "" for cell in cells], dtype=bool)
        present = [cell for cell, gap in zip(cells, missing) if not gap]
        values = _typed(present) if present else np.array([], dtype=float)
        full = np.empty(len(cells), dtype=object)
        full[~missing] = list(values.tolist())
        if values.dtype.kind == "f":  # "nan" reads as a number: missing too
            nan = np.zeros(len(cells), dtype=bool)
            nan[~missing] = np.isnan(values)
            missing |= nan
        kind = {"i": "number", "f": "number"}.get(values.dtype.kind, "text")
        if not present:
            kind = "number"
        if kind == "text":
            numbers = [_is_number(cell) for cell in present]
            if sum(numbers) > len(numbers) / 2:
                word = present[numbers.index(False)]
                row = [i for i, gap in enumerate(missing) if not gap][
                    numbers.index(False)
                ]
                hints.append(
                    f"column {name!r} is nominal because it holds text among its "
                    f"numbers ({word!r} at line {lines[row]}); if that marks a "
                    "missing value, leave the cell empty"
                )
        columns[name] = (full, missing, kind)
    return header, columns, np.array(lines, dtype=np.int64), hints


def _read_parquet(path):
    """``(header, {column: (values, missing mask, kind)}, row numbers, [])``."""
    require("pyarrow", "parquet", "imbascore study --data FILE.parquet")
    import pyarrow as pa
    import pyarrow.parquet as pq
    import pyarrow.types as types

    try:
        table = pq.read_table(path)
    except FileNotFoundError:
        raise OwnDataError(f"cannot read {path!r}: No such file or directory") from None
    except (OSError, pa.ArrowException) as error:
        raise OwnDataError(
            f"{path!r} is not a readable Parquet file: {error}"
        ) from None
    header = list(table.column_names)
    columns = {}
    for name in header:
        array = table.column(name).combine_chunks()
        kind = array.type
        missing = array.is_null().to_numpy(zero_copy_only=False)
        if types.is_dictionary(kind):
            array, kind, nominal = array.dictionary_decode(), kind.value_type, True
        else:
            nominal = False
        if types.is_integer(kind) or types.is_floating(kind):
            values = array.cast(pa.float64()).to_numpy(zero_copy_only=False)
            missing = missing | np.isnan(values)
            if types.is_integer(kind) and not missing.any():
                values = values.astype(np.int64)
            column_kind = "text" if nominal else "number"
        elif (
            types.is_boolean(kind)
            or types.is_string(kind)
            or types.is_large_string(kind)
        ):
            values, column_kind = array.to_numpy(zero_copy_only=False), "text"
        else:
            raise OwnDataError(
                f"--data {path!r}: column {name!r} has the Parquet type {kind}; "
                "the study takes numbers, booleans, strings and dictionary "
                "(categorical) columns: convert it, or leave it out of the file"
            )
        full = np.empty(len(values), dtype=object)
        full[:] = list(values.tolist())
        columns[name] = (full, missing, column_kind)
    return header, columns, np.arange(1, table.num_rows + 1, dtype=np.int64), []


def _read(path, delimiter):
    if path == "-" or not os.path.isfile(path):
        what = (
            "standard input"
            if path == "-"
            else "a directory"
            if os.path.isdir(path)
            else "not there"
        )
        raise OwnDataError(
            f"--data must name a CSV or Parquet file; got {path!r}, which is {what}"
        )
    if _file_kind(path) == "parquet":
        return _read_parquet(path), "row"
    return _read_csv(path, delimiter), "line"


# -- the target ------------------------------------------------------------


def _matches(label, text):
    """Whether ``--positive text`` names ``label`` (as written, or as a number)."""
    if str(label) == text:
        return True
    if isinstance(label, (int, float)) and not isinstance(label, bool):
        return _is_number(text) and float(text) == float(label)
    return False


def _positive_class(path, target, labels, counts, positive):
    """The positive label, and a note saying how it was chosen."""
    shown = ", ".join(f"{v!r} ({n})" for v, n in zip(labels, counts))
    if len(labels) < 2:
        raise OwnDataError(
            f"--target {target!r} of {path!r} holds one class only ({shown}); the "
            "study compares classifiers on two classes: choose a file or a "
            "column with two"
        )
    if positive is not None:
        chosen = [label for label in labels if _matches(label, positive)]
        if not chosen:
            raise OwnDataError(
                f"--positive must be one of the classes of the --target column "
                f"{target!r} of {path!r}: {[*labels]}; got {positive!r}"
            )
        label = chosen[0]
        rest = "" if len(labels) == 2 else " against the rest (one-vs-rest)"
        note = f"positive class {label!r} (--positive){rest}"
        return label, note
    if len(labels) > 2:
        raise OwnDataError(
            f"--target {target!r} of {path!r} holds {len(labels)} classes "
            f"({shown}); the study is two-class: choose the positive class with "
            "--positive VALUE, which makes it one class against the rest"
        )
    order = np.argsort(counts, kind="stable")
    label = labels[order[0]]
    if counts[0] == counts[1]:
        label = labels[-1]
        note = (
            f"positive class {label!r}: the classes tie at {counts[0]} rows, so "
            "the later one (choose with --positive)"
        )
    else:
        note = f"positive class {label!r}: the minority (choose with --positive)"
    return label, note


def _check_folds(path, target, y, positive, n_splits, quick):
    """Stratified folds need every class in every test fold."""
    for name, size in (
        (f"the positive class {positive!r} has", int(y.sum())),
        ("the other classes have", int(len(y) - y.sum())),
    ):
        if size < n_splits:
            folds = f"{n_splits} folds" + (" (--quick)" if quick else "")
            raise OwnDataError(
                f"--target {target!r} of {path!r}: {name} {size} rows, fewer "
                f"than the {folds}; every class needs at least one row per "
                "test fold: add rows" + ("" if quick else ", or use --quick")
            )


# -- the dataset -----------------------------------------------------------


def read_own_dataset(
    path,
    *,
    target,
    positive=None,
    nominal=(),
    drop_missing=False,
    delimiter=",",
    n_splits=10,
    quick=False,
):
    """Read one file into an :class:`OwnDataset` (see the module's docstring).

    ``nominal`` names columns to treat as nominal besides the detected ones;
    those absent from this file are ignored (the caller checks that each is
    in some file).
    """
    import pandas as pd

    (header, columns, lines, hints), unit = _read(path, delimiter)
    if target not in header:
        hint = ""
        if len(header) == 1 and unit == "line":
            hint = (
                f"; the header is one column: is --delimiter {delimiter!r} the "
                "file's separator?"
            )
        raise OwnDataError(
            f"the --target column {target!r} is not in {path!r}; its columns are "
            f"{header} (choose it with --target){hint}"
        )
    features = [name for name in header if name != target]
    if not features:
        raise OwnDataError(
            f"--data {path!r} has no feature columns besides the --target "
            f"column {target!r}"
        )
    if not len(lines):
        raise OwnDataError(f"--data {path!r} has a header but no rows")
    missing = np.zeros(len(lines), dtype=bool)
    first = None
    for name in header:
        gaps = columns[name][1]
        if gaps.any():
            row = int(np.flatnonzero(gaps)[0])
            if first is None or row < first[0]:
                first = (row, name)
        missing |= gaps
    notes = list(hints)
    if missing.any():
        row, name = first
        where = f"{unit} {lines[row]}, column {name!r}"
        if not drop_missing:
            n_missing = int(missing.sum())
            rows = "row" if n_missing == 1 else "rows"
            raise OwnDataError(
                f"--data {path!r} has {n_missing} {rows} with missing "
                f"values (the first at {where}); the study needs complete rows: "
                "fill them in, or pass --drop-missing to leave them out"
            )
        notes.append(
            f"left out {int(missing.sum())} of {len(lines)} rows with missing "
            f"values (--drop-missing; the first at {where})"
        )
    keep = ~missing
    if not keep.any():
        raise OwnDataError(
            f"--data {path!r}: every row has a missing value, so --drop-missing "
            "leaves none"
        )
    labels = np.array(columns[target][0][keep].tolist())
    classes, counts = np.unique(labels, return_counts=True)
    classes_list = [_plain(v) for v in classes]
    label, note = _positive_class(path, target, classes_list, counts.tolist(), positive)
    notes.insert(0, note)
    nominal = [name for name in nominal if name != target]
    y = (labels == label).astype(np.int64)
    _check_folds(path, target, y, label, n_splits, quick)
    frame, chosen = {}, []
    for name in features:
        values, _, kind = columns[name]
        values = values[keep]
        if kind == "text" or name in nominal:
            chosen.append(name)
            frame[name] = pd.Categorical(values.tolist())
        else:
            frame[name] = values.astype(float)
    X = pd.DataFrame(frame, columns=features)
    negatives = tuple(v for v in classes_list if v != label)
    return OwnDataset(
        name=dataset_name(path),
        path=os.fspath(path),
        X=X,
        y=y,
        positive=label,
        negatives=negatives,
        nominal=tuple(chosen),
        notes=tuple(notes),
    )


def check_nominal_names(nominal, headers):
    """Each ``--nominal`` column must be in at least one ``--data`` file."""
    for name in nominal:
        if not any(name in header for header in headers.values()):
            listed = "; ".join(
                f"{path!r}: {header}" for path, header in headers.items()
            )
            raise OwnDataError(
                f"--nominal must name columns of the --data files; {name!r} is in "
                f"none of them (their columns: {listed})"
            )


# -- the output directory ----------------------------------------------------


def check_recorded(out, datasets, write):
    """Refuse a dataset whose cells in ``out`` came from other data; record it.

    ``datasets.json`` maps each own dataset's name to its file and
    fingerprint; ``write(name, text)`` writes a file of the directory
    atomically.
    """
    path = pathlib.Path(out) / RECORD
    try:
        recorded = json.loads(path.read_text()) if path.exists() else {}
    except ValueError:
        recorded = None
    if not isinstance(recorded, dict):
        raise OwnDataError(
            f"--out {str(out)!r} holds an unreadable {RECORD}; use another --out, "
            "or delete it to start afresh"
        )
    for dataset in datasets:
        fingerprint = dataset.fingerprint()
        before = recorded.get(dataset.name)
        if isinstance(before, dict) and before.get("sha256") != fingerprint:
            raise OwnDataError(
                f"--data {dataset.path!r}: --out {str(out)!r} holds cells of a "
                f"dataset {dataset.name!r} made from other rows, columns or "
                f"classes (from {before.get('file')!r}); use another --out, or "
                f"delete its cells ({dataset.name}__*.csv in cells/)"
            )
        recorded[dataset.name] = {
            "file": os.path.abspath(dataset.path),
            "positive": str(dataset.positive),
            "rows": len(dataset.y),
            "nominal": list(dataset.nominal),
            "sha256": fingerprint,
        }
    if datasets:
        write(RECORD, json.dumps(recorded, indent=2, sort_keys=True))
