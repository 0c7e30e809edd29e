"""The adapter of label files: the columns of a CSV or Parquet file, chunk by chunk.

``imbascore report`` reads its file here, at most ``chunk_rows`` rows at a
time, so that its memory stays the same whatever the size of the file: each
chunk is counted by the caller's ``count`` (the CLI passes
:func:`~imbascore.confusion_counts`) and the tables are added (``+`` unites
their labels). The report is then read off the one
merged table.

CSV is read by pyarrow's streaming reader when pyarrow is installed, else by
the standard library's (:func:`.label_csv.iter_label_cells`, the reference).
Both give the same cells: pyarrow only cuts the rows, every cell is stripped
and checked in Python once per distinct value of a chunk, and anything pyarrow
does not read as the standard library would (a row of another length, bytes
that are not UTF-8, an empty cell, text in the weight column) sends the whole
file to the reference reader, which then reads it or raises its own error
naming the line.

Label typing of CSV columns follows :func:`.label_csv.typed` over the whole
file: ints if every value of the column is an int, else floats if every value
is a number, else text. A stream cannot see the whole column at its first
chunk, so a column starts as ints and widens: ints to floats needs nothing
(1 == 1.0, and the merged table unites them as floats, as one float array
would have them), but numbers to text restarts the count from the top of the
file with that column as text, because "1" and "01" are one number but two
texts. A column that meets text in its first chunk starts as text. Standard
input is first copied to a temporary file, so that it can be read again.

Parquet columns keep their stored types: integers, floats and booleans are
numbers, strings text; a null is an error naming the row.
"""

import csv
import os
import shutil
import sys
import tempfile
from collections import namedtuple
from dataclasses import dataclass, replace

import numpy as np

from ..optional import install_hint
from .label_csv import (
    CHUNK_ROWS,
    LabelFileError,
    check_columns,
    described,
    is_number,
    iter_label_cells,
    open_csv,
    read_header,
    typed,
)

__all__ = [
    "read_label_file_columns",
    "CountedLabels",
    "count_label_file",
    "file_kind",
    "iter_label_chunks",
]

#: Name endings read as CSV (each also with ``.gz``) and as Parquet.
_CSV_SUFFIXES = (".csv", ".tsv", ".txt")
_PARQUET_SUFFIXES = (".parquet", ".pq")
#: Bytes pyarrow's CSV reader cuts the file into (rows are then cut to
#: ``chunk_rows``).
_BLOCK_BYTES = 1 << 20
_PARQUET_HINT = f"reading Parquet needs pyarrow: {install_hint('parquet')}"

CountedLabels = namedtuple("CountedLabels", "counts text rows error")
CountedLabels.__doc__ = """What :func:`count_label_file` counted.

``counts`` is the merged :class:`~imbascore.ConfusionCounts` (None if no row
was counted); ``text`` maps each label column to an example of its text (its
first value that is not a number), or None for a column of numbers; ``rows``
is the number of rows read; ``error`` is the ValueError or TypeError that
counting raised (the counting stopped there, the reading went on so that a
problem of the file further down is reported first), else None.
"""


@dataclass(frozen=True)
class _Reading:
    """How one file is read, built once at the door and passed whole.

    ``labels`` are the label columns, typed; ``weight`` is a column of
    numbers; ``options`` maps each column to the option that chose it, which
    the messages name. ``engine`` ("auto", "pyarrow" or "python") chooses the
    CSV reader. ``handle`` is an open text file to read instead of ``path``
    (CSV only).
    """

    path: object
    options: dict
    labels: tuple
    weight: object = None
    delimiter: str = ","
    chunk_rows: int = CHUNK_ROWS
    engine: str = "auto"
    handle: object = None

    def __post_init__(self):
        if self.chunk_rows < 1:
            raise ValueError(f"chunk_rows must be at least 1; got {self.chunk_rows}")
        if self.engine not in ("auto", "pyarrow", "python"):
            raise ValueError(
                f"engine must be auto, pyarrow or python; got {self.engine!r}"
            )

    @property
    def names(self):
        """The columns read: the labels, then the weight."""
        return list(dict.fromkeys([*self.labels, *self.numeric]))

    @property
    def numeric(self):
        """The columns that must hold numbers."""
        return [self.weight] if self.weight else []


class _Widen(Exception):
    """A column counted as numbers met text: count again with it as text."""

    def __init__(self, column):
        super().__init__(column)
        self.column = column


class _UseReference(Exception):
    """pyarrow's reading may differ from the standard library's here."""


def file_kind(path):
    """``"csv"`` or ``"parquet"``, by the name's ending; ``-`` is CSV."""
    if path == "-":
        return "csv"
    name = os.fspath(path).lower()
    if name.endswith(_PARQUET_SUFFIXES):
        return "parquet"
    if name.removesuffix(".gz").endswith(_CSV_SUFFIXES):
        return "csv"
    endings = (
        ", ".join(_CSV_SUFFIXES) + " (each also .gz), " + ", ".join(_PARQUET_SUFFIXES)
    )
    raise LabelFileError(
        f"the FILE argument must end in {endings}, or be - for standard input; "
        f"got {os.fspath(path)!r}"
    )


def _pyarrow(what):
    try:
        import pyarrow  # noqa: F401
    except ImportError as error:
        if what == "parquet":
            raise ImportError(f"{_PARQUET_HINT} ({error})") from None
        return False
    return True


def _encoded(cells):
    """``(codes, values)``: each cell as the index of its distinct value."""
    index = {}
    codes = np.fromiter(
        (index.setdefault(cell, len(index)) for cell in cells),
        dtype=np.intp,
        count=len(cells),
    )
    return codes, list(index)


def _python_cells(reading, bar):
    """The reference reader's chunks as ``{column: (codes, values)}``."""
    if reading.handle is not None:
        reading.handle.seek(0)
    chunks = iter_label_cells(
        reading.path,
        {name: reading.options.get(name) for name in reading.names},
        delimiter=reading.delimiter,
        numeric=reading.numeric,
        chunk_rows=reading.chunk_rows,
        handle=reading.handle,
        on_progress=bar.at_file if bar else None,
    )
    for chunk in chunks:
        yield {name: _encoded(cells) for name, cells in chunk.items()}


def _arrow_cells(reading, bar):
    """pyarrow's chunks as ``{column: (codes, values)}``, the same cells as the
    reference reader's; raises _UseReference where they might differ."""
    import pyarrow as pa
    from pyarrow import csv as pacsv

    path, names, delimiter = reading.path, reading.names, reading.delimiter
    chunk_rows = reading.chunk_rows

    text, raw = open_csv(path)
    try:
        header = read_header(path, csv.reader(text, delimiter=delimiter))
    finally:
        text.close()
        raw.close()
    check_columns(path, header, names, reading.options)
    fields = {name: f"f{header.index(name)}" for name in names}
    raw = open(path, "rb")
    try:
        stream = pa.PythonFile(raw, mode="r")
        if os.fspath(path).lower().endswith(".gz"):
            stream = pa.CompressedInputStream(stream, "gzip")
        try:
            reader = pacsv.open_csv(
                stream,
                read_options=pacsv.ReadOptions(
                    autogenerate_column_names=True, block_size=_BLOCK_BYTES
                ),
                parse_options=pacsv.ParseOptions(
                    delimiter=delimiter, newlines_in_values=True
                ),
                convert_options=pacsv.ConvertOptions(
                    include_columns=list(dict.fromkeys(fields.values())),
                    column_types={field: pa.string() for field in fields.values()},
                ),
            )
        except (pa.ArrowException, OSError):
            raise _UseReference from None
        first = True
        while True:
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                break
            except (pa.ArrowException, OSError):
                raise _UseReference from None
            if first:  # the header row
                batch, first = batch.slice(1), False
            for start in range(0, batch.num_rows, chunk_rows):
                part = batch.slice(start, chunk_rows)
                chunk = {}
                for name in names:
                    encoded = part.column(fields[name]).dictionary_encode()
                    stripped = {}
                    moved = np.array(
                        [
                            stripped.setdefault(value.strip(), len(stripped))
                            for value in encoded.dictionary.to_pylist()
                        ],
                        dtype=np.intp,
                    )
                    values = list(stripped)
                    if "" in stripped or (
                        name in reading.numeric and not all(map(is_number, values))
                    ):
                        raise _UseReference  # its error names the line
                    indices = encoded.indices.to_numpy(zero_copy_only=False)
                    chunk[name] = moved[indices], values
                yield chunk
            if bar:
                bar.at_file(raw)
    finally:
        raw.close()


class _Progress:
    """A tqdm bar on stderr: the bytes of a file read, or its rows."""

    def __init__(self, bar):
        self.bar = bar

    @classmethod
    def shown(cls, total, unit, enabled):
        """The bar, or None where none is shown (not asked for, or no tqdm)."""
        if not enabled:
            return None
        try:
            from tqdm.auto import tqdm
        except ImportError:  # tqdm comes with the [study] extra: no bar
            return None
        return cls(
            tqdm(
                total=total,
                unit=unit,
                unit_scale=True,
                unit_divisor=1024 if unit == "B" else 1000,
                file=sys.stderr,
                desc="reading",
                leave=False,
                dynamic_ncols=True,
            )
        )

    def at_file(self, raw):
        """Move to the position of the binary file ``raw``."""
        if raw is not None and not raw.closed:
            self.bar.n = raw.tell()
            self.bar.refresh()

    def add(self, rows):
        self.bar.update(rows)

    def set_total(self, total):
        self.bar.total = total
        self.bar.refresh()

    def restart(self):
        self.bar.reset(total=self.bar.total)

    def close(self):
        self.bar.close()


class _Labels:
    """The labels of one reading of a file: typing state and text examples."""

    def __init__(self, labels, text):
        self.kinds = {name: "text" if name in text else "int" for name in labels}
        self.text = dict.fromkeys(labels)
        self.counted = False

    def csv_array(self, name, codes, values):
        """The typed labels of CSV cells (``values[codes]``), widening the
        column's kind ints -> floats -> text as needed."""
        if self.text[name] is None:
            self.text[name] = next((v for v in values if not is_number(v)), None)
        table, kind = typed(values, self.kinds[name])
        if kind == "text" and self.kinds[name] != "text" and self.counted:
            raise _Widen(name)
        self.kinds[name] = kind
        return table[codes]

    def examples(self):
        """``{column: first text value, or None for numbers}``."""
        return {
            name: self.text[name] if kind == "text" else None
            for name, kind in self.kinds.items()
        }


def _csv_chunks(reading, state, bar):
    labels, weight, handle = reading.labels, reading.weight, reading.handle
    arrow = reading.engine == "pyarrow" or (
        reading.engine == "auto" and _pyarrow("csv")
    )
    if handle is None and arrow:
        cells = _arrow_cells(reading, bar)
    else:
        cells = _python_cells(reading, bar)
    for chunk in cells:
        arrays = {name: state.csv_array(name, *chunk[name]) for name in labels}
        if weight:
            codes, values = chunk[weight]
            arrays[weight] = typed(values)[0][codes]
        yield arrays
        if bar and handle is not None:
            bar.add(len(arrays[labels[0]]))


def _parquet_array(path, name, options, array, row, *, numbers_only):
    """A Parquet column chunk as a numpy array; ``row`` is its first row."""
    import pyarrow as pa
    import pyarrow.types as types

    if array.null_count:
        first = int(np.flatnonzero(array.is_null().to_numpy(zero_copy_only=False))[0])
        raise LabelFileError(
            f"{path!r} row {row + first}: {described(name, options)} is empty (null)"
        )
    kind = array.type
    if types.is_dictionary(kind):
        array, kind = array.dictionary_decode(), kind.value_type
    if types.is_integer(kind) or types.is_floating(kind):
        return array.to_numpy(zero_copy_only=False)
    if not numbers_only:
        if types.is_boolean(kind):
            return array.to_numpy(zero_copy_only=False)
        if (
            types.is_string(kind)
            or types.is_large_string(kind)
            or (hasattr(types, "is_string_view") and types.is_string_view(kind))
        ):
            encoded = array.cast(pa.string()).dictionary_encode()
            table = np.array(encoded.dictionary.to_pylist(), dtype=str)
            return table[encoded.indices.to_numpy(zero_copy_only=False)]
    rule = "numbers" if numbers_only else "integers, floats, booleans or strings"
    raise LabelFileError(
        f"{path!r}: {described(name, options)} must hold {rule}; got the Parquet "
        f"type {kind}"
    )


def _parquet_chunks(reading, state, bar):
    _pyarrow("parquet")
    import pyarrow as pa
    import pyarrow.parquet as pq

    path, options, labels, weight = (
        reading.path,
        reading.options,
        reading.labels,
        reading.weight,
    )
    names = reading.names
    try:
        parquet = pq.ParquetFile(path, buffer_size=1 << 20)
    except FileNotFoundError:
        raise LabelFileError(
            f"cannot read {path!r}: No such file or directory"
        ) from None
    except OSError as error:
        raise LabelFileError(f"cannot read {path!r}: {error}") from None
    except pa.ArrowException as error:
        raise LabelFileError(
            f"{path!r} is not a readable Parquet file: {error}"
        ) from None
    with parquet:
        check_columns(path, parquet.schema_arrow.names, names, options)
        if bar:
            bar.set_total(parquet.metadata.num_rows)
        row = 1
        batches = parquet.iter_batches(batch_size=reading.chunk_rows, columns=names)
        while True:
            try:
                batch = next(batches)
            except StopIteration:
                break
            except pa.ArrowException as error:
                raise LabelFileError(
                    f"{path!r} is not a readable Parquet file: {error}"
                ) from None
            arrays = {}
            for name in names:
                column = batch.column(batch.schema.get_field_index(name))
                arrays[name] = _parquet_array(
                    path, name, options, column, row, numbers_only=name == weight
                )
                if name in labels and arrays[name].dtype.kind == "U":
                    if state.text[name] is None and len(arrays[name]):
                        state.text[name] = next(
                            (v for v in arrays[name].tolist() if not is_number(v)),
                            arrays[name][0].item(),
                        )
                    state.kinds[name] = "text"
                elif name in labels:
                    state.kinds[name] = "number"
            row += batch.num_rows
            yield arrays
            if bar:
                bar.add(batch.num_rows)


def iter_label_chunks(path, options, *, labels, **read):
    """Yield ``{column: array}`` for at most ``chunk_rows`` rows at a time.

    ``labels`` are the label columns, typed; ``options`` maps each column to
    the option that chose it, which the messages name. ``read`` are the
    reading options: ``weight`` (a column of numbers), ``delimiter``,
    ``chunk_rows``, ``engine`` ("auto", "pyarrow" or "python": the CSV
    reader) and ``handle`` (an open text file to read instead of ``path``,
    CSV only).
    """
    reading = _Reading(path, options, tuple(labels), **read)
    return _chunks(reading, _Labels(reading.labels, ()), None)


def _chunks(reading, state, bar):
    """The chunks of ``reading``; ``state`` (a ``_Labels``) records the kinds
    of the labels: a CSV column that held numbers in earlier chunks and meets
    text raises ``_Widen`` (:func:`count_label_file` then reads again)."""
    if reading.handle is None and file_kind(reading.path) == "parquet":
        return _parquet_chunks(reading, state, bar)
    return _csv_chunks(reading, state, bar)


def _spooled_stdin():
    """Standard input copied to a temporary file, so it can be read again."""
    spool = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")
    shutil.copyfileobj(sys.stdin, spool)
    spool.seek(0)
    return spool


def count_label_file(path, options, *, count, true, pred, progress=False, **read):
    """Count the ``true`` and ``pred`` columns of a file, chunk by chunk.

    Each chunk is counted by ``count(y_true, y_pred, sample_weight)`` (weighted
    by the ``weight`` column if given; :func:`~imbascore.confusion_counts`)
    and the counts are added. ``options`` maps
    each column to the option that chose it (``{"truth": "--true"}``), which
    the messages name. ``progress`` shows a bar on stderr. ``read`` are the
    reading options of :func:`iter_label_chunks`: ``weight``, ``delimiter``,
    ``chunk_rows`` and ``engine``.

    Returns
    -------
    CountedLabels
    """
    kind = file_kind(path)
    labels = tuple(dict.fromkeys([true, pred]))
    handle = _spooled_stdin() if path == "-" else None
    if kind == "parquet":
        _pyarrow("parquet")
        total, unit = None, "rows"
    else:
        total = (
            None if handle else os.path.getsize(path) if os.path.isfile(path) else None
        )
        unit = "rows" if handle else "B"
    bar = _Progress.shown(total, unit, progress)
    try:
        reading = _Reading(path, options, labels, handle=handle, **read)
        return _with_retries(
            reading,
            bar,
            lambda reading, state: _count(reading, state, bar, count, true, pred),
        )
    finally:
        if bar is not None:
            bar.close()
        if handle is not None:
            handle.close()


def _with_retries(reading, bar, read):
    """``read(reading, state)`` of the whole file, read again when a column
    of numbers meets text (its labels become text) or when the standard
    library's reader must take over."""
    text = set()
    while True:
        state = _Labels(reading.labels, text)
        try:
            return read(reading, state)
        except _Widen as widen:  # numbers so far, then text: read again
            text.add(widen.column)
        except _UseReference:  # let the standard library read it
            reading = replace(reading, engine="python")
        if bar is not None:
            bar.restart()


def _no_rows(path):
    return LabelFileError(
        f"{path!r} has no rows"
        if file_kind(path) == "parquet"
        else f"{path!r} has a header but no rows"
    )


def read_label_file_columns(path, options, *, labels, **read):
    """``({column: array}, examples)``: the whole of the ``labels`` columns
    (and the ``weight`` column) of a file, read chunk by chunk as
    :func:`count_label_file` reads them, then joined in memory (for readers
    that need every row, as the report by group); ``examples`` as
    :class:`CountedLabels`'. ``read`` are the reading options of
    :func:`iter_label_chunks`: ``weight``, ``delimiter`` and ``chunk_rows``."""
    file_kind(path)
    handle = _spooled_stdin() if path == "-" else None

    def gather(reading, state):
        parts = {}
        for chunk in _chunks(reading, state, None):
            for name, values in chunk.items():
                parts.setdefault(name, []).append(values)
            state.counted = True
        return parts, state

    try:
        reading = _Reading(path, options, tuple(labels), handle=handle, **read)
        parts, state = _with_retries(reading, None, gather)
    finally:
        if handle is not None:
            handle.close()
    if not parts:
        raise _no_rows(path)
    columns = {}
    for name, chunks in parts.items():
        if any(chunk.dtype.kind == "U" for chunk in chunks):
            chunks = [chunk.astype(str) for chunk in chunks]
        columns[name] = np.concatenate(chunks)
    return columns, state.examples()


def _count(reading, state, bar, count, true, pred):
    counts = error = None
    rows = 0
    weight = reading.weight
    for chunk in _chunks(reading, state, bar):
        rows += len(chunk[true])
        if error is not None:
            continue  # read on: a problem of the file further down comes first
        try:
            part = count(chunk[true], chunk[pred], chunk[weight] if weight else None)
            counts = part if counts is None else counts + part
        except (ValueError, TypeError) as problem:
            error = problem
        state.counted = True
    if not rows:
        raise _no_rows(path=reading.path)
    return CountedLabels(counts, state.examples(), rows, error)
