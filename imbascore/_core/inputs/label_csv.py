"""Read true and predicted label columns from a CSV file (``imbascore report``).

The standard library's :mod:`csv` is enough: the file holds labels, not
features. A column whose every value is an integer (or every value a number)
is read as numbers, so that labels sort as numbers ("9" before "10");
anything else stays text.

:func:`iter_label_cells` is the reference reader: it yields the cells of the
chosen columns a chunk of rows at a time, so that a file of any size is read
in constant memory (:mod:`.label_files` counts them as they come).
:func:`read_label_columns` reads the whole file through it. A name ending in
``.gz`` is read through :mod:`gzip`.
"""

import csv
import gzip
import io
import sys
import zlib

import numpy as np

__all__ = [
    "LabelFileError",
    "is_number",
    "iter_label_cells",
    "read_label_columns",
    "typed",
]

#: Rows per chunk of :func:`iter_label_cells` unless told: 262,144, small
#: enough that the chunk held in memory stays in tens of megabytes.
CHUNK_ROWS = 1 << 18
#: What a damaged file raises while it is decoded.
UNREADABLE = (csv.Error, UnicodeDecodeError, gzip.BadGzipFile, EOFError, zlib.error)


class LabelFileError(ValueError):
    """A label file that cannot be read as asked; the message is one line."""


_KINDS = {"int": int, "float": float}


def typed(values, kind="int"):
    """``(array, kind)``: the column as ints, else floats, else the strings
    themselves (kind ``"text"``), trying from ``kind`` on."""
    kinds = list(_KINDS)
    start = kinds.index(kind) if kind in _KINDS else len(kinds)  # "text": none
    for kind in kinds[start:]:
        try:
            return np.array([_KINDS[kind](value) for value in values]), kind
        except ValueError:
            continue
    return np.array(values), "text"


def open_csv(path):
    """``(text, raw)``: the file as text, and the binary file under it (whose
    ``tell()`` is the number of bytes of the file read so far), or ``None``
    for standard input."""
    if path == "-":
        return sys.stdin, None
    try:
        raw = open(path, "rb")
    except OSError as error:
        raise LabelFileError(f"cannot read {path!r}: {error.strerror}") from None
    source = gzip.open(raw, "rb") if str(path).endswith(".gz") else raw
    text = io.TextIOWrapper(source, encoding="utf-8-sig", newline="")
    return text, raw


def is_number(text):
    """Whether ``float`` reads ``text`` (so "nan" and "1e3" are numbers)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def described(name, options):
    """``the --pred column 'guess'``, or ``column 'guess'`` without an option."""
    option = options.get(name)
    return f"the {option} column {name!r}" if option else f"column {name!r}"


def check_columns(path, header, columns, options):
    """Raise the one-line error for the ``columns`` missing from ``header``."""
    missing = [name for name in columns if name not in header]
    if not missing:
        return
    listed = " and ".join(described(name, options) for name in missing)
    verb = "is" if len(missing) == 1 else "are"
    chosen = [options[name] for name in missing if options.get(name)]
    hint = (
        f" (choose {'it' if len(missing) == 1 else 'them'} with "
        + " and ".join(chosen)
        + ")"
        if chosen
        else ""
    )
    raise LabelFileError(
        f"{listed} {verb} not in {path!r}; its columns are {header}{hint}"
    )


def read_header(path, reader):
    """The stripped names of the header row that ``reader`` is at."""
    try:
        header = next(reader)
    except StopIteration:
        raise LabelFileError(f"{path!r} is empty; it needs a header row") from None
    except UNREADABLE as error:
        raise LabelFileError(f"{path!r} is not a readable CSV: {error}") from None
    return [name.strip() for name in header]


def _unique(columns):
    """``(names, options)``: each name once, and the option of each name."""
    options = columns if isinstance(columns, dict) else {}
    return list(dict.fromkeys(columns)), options


def iter_label_cells(
    path,
    columns,
    *,
    delimiter=",",
    numeric=(),
    chunk_rows=CHUNK_ROWS,
    handle=None,
    on_progress=None,
):
    """Yield ``{column: [cell, ...]}`` for at most ``chunk_rows`` rows at a time.

    ``columns`` is a list of names, or a dict from each name to the option
    that chose it (``{"truth": "--true"}``), which the messages then name. A
    column named twice is read once. Cells are stripped of surrounding
    white space; empty rows are skipped. The ``numeric`` columns must hold
    numbers. ``handle`` is an open text file to read instead of opening
    ``path`` (the name still serves the messages); ``on_progress(raw)`` is
    called after each chunk with the binary file under the text, if any.

    Raises :class:`LabelFileError` for a missing or unreadable file, a missing
    column, an empty file, a row with fewer or more fields than the header,
    an empty cell or text in a
    ``numeric`` column, naming the line (the row number, header first). A
    file with a header but no rows yields nothing.
    """
    columns, options = _unique(columns)
    raw = None
    if handle is None:
        handle, raw = open_csv(path)
    try:
        reader = csv.reader(handle, delimiter=delimiter)
        header = read_header(path, reader)
        check_columns(path, header, columns, options)
        positions = [header.index(name) for name in columns]
        checks = [
            (name, position, name in numeric)
            for name, position in zip(columns, positions)
        ]
        values = {name: [] for name in columns}
        rows = 0
        try:
            for line, row in enumerate(reader, start=2):
                if not row:
                    continue
                if len(row) != len(header):  # a field too many is no less wrong
                    raise LabelFileError(
                        f"{path!r} line {line}: every row needs one field per "
                        f"column of the header ({len(header)}); got {len(row)} "
                        f"(is the delimiter {delimiter!r} the file's separator?)"
                    )
                for name, position, number in checks:
                    cell = row[position].strip()
                    if not cell:
                        raise LabelFileError(
                            f"{path!r} line {line}: {described(name, options)} is empty"
                        )
                    if number and not is_number(cell):
                        raise LabelFileError(
                            f"{path!r} line {line}: {described(name, options)} "
                            f"must hold numbers; got {cell!r}"
                        )
                    values[name].append(cell)
                rows += 1
                if rows == chunk_rows:
                    yield values
                    if on_progress is not None:
                        on_progress(raw)
                    values = {name: [] for name in columns}
                    rows = 0
        except UNREADABLE as error:
            raise LabelFileError(f"{path!r} is not a readable CSV: {error}") from None
        if rows:
            yield values
        if on_progress is not None:
            on_progress(raw)
    finally:
        if raw is not None:
            handle.close()
            raw.close()


def read_label_columns(path, columns, *, delimiter=",", numeric=()):
    """Return ``{column: array}`` for the named columns of a CSV with a header.

    The whole file at once (see :func:`iter_label_cells` for the arguments and
    errors); a column of ints is read as ints, of numbers as floats, else as
    strings. Raises :class:`LabelFileError` for a file with a header but no
    rows too.
    """
    names, _ = _unique(columns)
    values = {name: [] for name in names}
    for chunk in iter_label_cells(path, columns, delimiter=delimiter, numeric=numeric):
        for name in names:
            values[name].extend(chunk[name])
    if not values[names[0]]:
        raise LabelFileError(f"{path!r} has a header but no rows")
    return {name: typed(column)[0] for name, column in values.items()}
