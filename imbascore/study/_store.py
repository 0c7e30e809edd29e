"""The output directory of ``imbascore study``: a store of finished cells.

Every run adds its finished cells (``cells/<dataset>__<sampler>__<classifier>.csv``,
one row per fold) to the directory; ``folds.csv``, the tables and the
figures are then rebuilt from *every* finished cell of the directory, so that
a run on a few datasets never hides the others. A directory holds one
protocol (``study.json``: folds, repeats, seed); another protocol is refused.

Writes are atomic: each file is written beside its target and renamed over
it (``os.replace``), so a run killed at any moment leaves every cell either
whole or absent. One run at a time: an exclusive ``fcntl`` lock on
``.lock`` is held for the whole run, and a second run on the same
directory is refused at once.
"""

import contextlib
import json
import os
import pathlib
import tempfile

__all__ = ["StudyStore", "StoreError"]


class StoreError(ValueError):
    """The output directory cannot be used; the message names ``--out``."""


class StudyStore:
    """The finished cells of one protocol in one directory.

    Parameters
    ----------
    out : path-like
        The directory (created if missing).

    protocol : dict
        What makes cells comparable (``n_splits``, ``n_repeats``,
        ``random_state``); saved in ``study.json`` and checked on reuse.

    columns : list of str
        The columns of a finished cell's file.

    version : str
        The package's version, recorded in ``study.json``.
    """

    def __init__(self, out, protocol, columns, version):
        self.out = pathlib.Path(out)
        self.protocol = dict(protocol)
        self.columns = list(columns)
        self.n_folds = protocol["n_splits"] * protocol["n_repeats"]
        self._lock = None
        self._prepare(version)

    # -- the directory ---------------------------------------------------
    def _prepare(self, version):
        try:
            (self.out / "cells").mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=self.out):
                pass
        except OSError as error:
            raise StoreError(
                f"--out {str(self.out)!r} is not a writable directory: {error.strerror}"
            ) from None
        saved = self.out / "study.json"
        if saved.exists():
            try:
                previous = json.loads(saved.read_text())
            except ValueError:
                previous = None
            if not isinstance(previous, dict):
                raise StoreError(
                    f"--out {str(self.out)!r} holds an unreadable study.json; "
                    "use another --out, or delete it to start afresh"
                )
            previous = {key: previous.get(key) for key in self.protocol}
            if previous != self.protocol:
                raise StoreError(
                    f"--out {str(self.out)!r} holds a study of another protocol "
                    f"({_describe(previous)}; this run: "
                    f"{_describe(self.protocol)}); use another --out"
                )
        else:
            self.write_text(
                "study.json",
                json.dumps({**self.protocol, "imbascore": version}, indent=2),
            )

    @contextlib.contextmanager
    def locked(self):
        """Hold the directory's exclusive lock, or refuse at once."""
        import fcntl

        handle = open(self.out / ".lock", "a")  # noqa: SIM115 (held for the run)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise StoreError(
                f"--out {str(self.out)!r} is in use by another imbascore study "
                "run; wait for it to end, or use another --out"
            ) from None
        try:
            yield self
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
            handle.close()

    # -- atomic writes ---------------------------------------------------
    def replace_with(self, name, write):
        """Call ``write(path)`` on a temporary file, then rename it to ``name``."""
        target = self.out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=target.suffix
        )
        os.close(handle)
        try:
            # mkstemp makes the file private; give it the mode a plain open would
            os.chmod(temporary, 0o666 & ~_umask())
            write(temporary)
            with open(temporary, "rb") as written:
                os.fsync(written.fileno())
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        return target

    def write_text(self, name, text):
        return self.replace_with(
            name, lambda path: pathlib.Path(path).write_text(text, encoding="utf-8")
        )

    # -- cells -------------------------------------------------------------
    @staticmethod
    def cell_name(cell):
        return "cells/" + "__".join(cell) + ".csv"

    def save_cell(self, frame):
        """Store one finished cell (all its folds), atomically."""
        first = frame.iloc[0]
        cell = (first["dataset"], first["sampler"], first["classifier"])
        self.replace_with(
            self.cell_name(cell), lambda path: frame.to_csv(path, index=False)
        )

    def finished(self):
        """Every whole cell of the directory, by (dataset, sampler, classifier)."""
        import pandas as pd

        cells = {}
        for path in sorted((self.out / "cells").glob("*.csv")):
            parts = tuple(path.stem.split("__"))
            if len(parts) != 3:
                continue
            frame = pd.read_csv(path, float_precision="round_trip")
            if len(frame) == self.n_folds and list(frame.columns) == self.columns:
                cells[parts] = frame
        return cells


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _describe(protocol):
    return ", ".join(f"{key} {value}" for key, value in protocol.items())
