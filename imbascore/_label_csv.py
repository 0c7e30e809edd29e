"""Read true and predicted label columns from a CSV file (``imbascore report``).

The standard library's :mod:`csv` is enough: the file holds labels, not
features. A column whose every value is an integer (or every value a number)
is read as numbers, so that labels sort as numbers ("9" before "10");
anything else stays text.
"""

import csv
import sys

import numpy as np

__all__ = ["LabelFileError", "is_number", "read_label_columns"]


class LabelFileError(ValueError):
    """A label file that cannot be read as asked; the message is one line."""


def _typed(values):
    """The column as ints, else floats, else the strings themselves."""
    for kind in (int, float):
        try:
            return np.array([kind(value) for value in values])
        except ValueError:
            continue
    return np.array(values)


def _open(path):
    if path == "-":
        return sys.stdin
    try:
        return open(path, newline="", encoding="utf-8-sig")
    except OSError as error:
        raise LabelFileError(f"cannot read {path!r}: {error.strerror}") from None


def is_number(text):
    """Whether ``float`` reads ``text`` (so "nan" and "1e3" are numbers)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _described(name, options):
    """``the --pred column 'guess'``, or ``column 'guess'`` without an option."""
    option = options.get(name)
    return f"the {option} column {name!r}" if option else f"column {name!r}"


def read_label_columns(path, columns, *, delimiter=",", numeric=()):
    """Return ``{column: array}`` for the named columns of a CSV with a header.

    ``columns`` is a list of names, or a dict from each name to the option
    that chose it (``{"truth": "--true"}``), which the messages then name. A
    column named twice is read once. The ``numeric`` columns must hold
    numbers.

    Raises :class:`LabelFileError` for a missing or unreadable file, a missing
    column, an empty file, a short row, an empty cell or text in a
    ``numeric`` column.
    """
    options = columns if isinstance(columns, dict) else {}
    columns = list(dict.fromkeys(columns))
    handle = _open(path)
    try:
        reader = csv.reader(handle, delimiter=delimiter)
        try:
            header = next(reader)
        except StopIteration:
            raise LabelFileError(f"{path!r} is empty; it needs a header row") from None
        except (csv.Error, UnicodeDecodeError) as error:
            raise LabelFileError(f"{path!r} is not a readable CSV: {error}") from None
        header = [name.strip() for name in header]
        missing = [name for name in columns if name not in header]
        if missing:
            listed = " and ".join(_described(name, options) for name in missing)
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
        positions = [header.index(name) for name in columns]
        values = {name: [] for name in columns}
        try:
            for line, row in enumerate(reader, start=2):
                if not row:
                    continue
                for name, position in zip(columns, positions):
                    cell = row[position].strip() if position < len(row) else ""
                    if not cell:
                        raise LabelFileError(
                            f"{path!r} line {line}: "
                            f"{_described(name, options)} is empty"
                        )
                    if name in numeric and not is_number(cell):
                        raise LabelFileError(
                            f"{path!r} line {line}: {_described(name, options)} "
                            f"must hold numbers; got {cell!r}"
                        )
                    values[name].append(cell)
        except (csv.Error, UnicodeDecodeError) as error:
            raise LabelFileError(f"{path!r} is not a readable CSV: {error}") from None
    finally:
        if handle is not sys.stdin:
            handle.close()
    if not values[columns[0]]:
        raise LabelFileError(f"{path!r} has a header but no rows")
    return {name: _typed(column) for name, column in values.items()}
