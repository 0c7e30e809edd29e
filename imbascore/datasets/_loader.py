"""The twelve two-class datasets of the papers, shipped inside the package.

Each is a gzip-compressed CSV under ``data/``, with the original feature
columns and a last column ``target`` (1 = the minority class). ``MANIFEST.json``
records for each file its size, class counts, categorical columns, source,
caveats and the sha256 of the uncompressed CSV, which is checked at every load
so that a damaged copy cannot give quietly different results.
"""

import difflib
import gzip
import hashlib
import io
import json
from functools import lru_cache
from importlib import resources

import numpy as np
from sklearn.utils import Bunch

from .._optional import require

__all__ = ["DatasetIntegrityError", "list_datasets", "load_dataset"]

_DATA = resources.files("imbascore.datasets") / "data"

#: Caveats a user must see wherever the dataset is used.
_CAVEATS = {
    "australian": (
        "KNOWN DAMAGE: in this (KEEL) copy the continuous columns A2, A3 and A7 "
        "lost their decimal points unevenly (22.08 -> 2208, 11.46 -> 1146, "
        "1.585 -> 1585), so distances on them are distorted. Results on "
        "Australian are not comparable with results on the UCI original."
    ),
    "heart": (
        "The column oldpeak_x10 holds the ST depression multiplied by 10 "
        "(integers); min-max scaling makes this harmless."
    ),
    "pima": "Zeros stand for missing values, as in the original.",
}

#: What target 1 is (the manifest's own field says "True" for several).
_POSITIVE = {
    "australian": "class 1 of UCI Statlog (Australian Credit Approval)",
    "breast": "recurrence-events",
    "ecoli": "imU (KEEL ecoli3)",
    "german": "bad credit (UCI class 2)",
    "glass": "vehicle windows float (UCI class 3, KEEL glass2)",
    "haberman": "died within 5 years",
    "heart": "presence of heart disease (Statlog class 2)",
    "phoneme": "nasal (class 1)",
    "pima": "tested positive for diabetes",
    "satimage": "damp grey soil (UCI class 4)",
    "vehicle": "opel (KEEL vehicle3)",
    "yeast": "NUC (KEEL yeast1)",
}

_CITATION = (
    "Dua, D., Graff, C. (2019). UCI Machine Learning Repository. University "
    "of California, Irvine. Alcalá-Fdez, J. et al. (2011). KEEL data-mining "
    "software tool: data set repository. J. Mult.-Valued Logic Soft Comput. "
    "17, 255-287."
)


class DatasetIntegrityError(OSError):
    """An embedded dataset file is missing or does not match its checksum."""


@lru_cache(maxsize=1)
def _manifest():
    return json.loads((_DATA / "MANIFEST.json").read_text(encoding="utf-8"))


def list_datasets():
    """Names of the embedded datasets, sorted.

    Returns
    -------
    names : list of str

    Examples
    --------
    >>> from imbascore.datasets import list_datasets
    >>> list_datasets()[:4]
    ['australian', 'breast', 'ecoli', 'german']
    >>> len(list_datasets())
    12
    """
    return sorted(_manifest())


def _check_name(name):
    if not isinstance(name, str) or name.lower() not in _manifest():
        close = difflib.get_close_matches(str(name).lower(), list_datasets(), n=3)
        hint = f" Did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise ValueError(
            f"The 'name' parameter of load_dataset must be one of "
            f"{list_datasets()}. Got {name!r} instead.{hint}"
        )
    return name.lower()


def _read_verified(name, entry):
    path = _DATA / f"{name}.csv.gz"
    try:
        raw = gzip.decompress(path.read_bytes())
    except FileNotFoundError:
        raise DatasetIntegrityError(
            f"The file of dataset {name!r} is missing from the installed "
            f"package ({path}). Reinstall imbascore."
        ) from None
    except (OSError, EOFError) as error:
        raise DatasetIntegrityError(
            f"The file of dataset {name!r} ({path}) is not valid gzip: {error}. "
            "Reinstall imbascore."
        ) from None
    digest = hashlib.sha256(raw).hexdigest()
    if digest != entry["sha256"]:
        raise DatasetIntegrityError(
            f"The file of dataset {name!r} ({path}) is damaged: its sha256 is "
            f"{digest}, the manifest says {entry['sha256']}. Reinstall imbascore."
        )
    return raw


def _description(name, entry):
    lines = [
        f"{name}: {entry['rows']} rows, {entry['features']} features, "
        f"{entry['n_positive']} positive / {entry['n_negative']} negative.",
        f"Positive (minority) class, target = 1: {_POSITIVE[name]}; "
        "target = 0: every other class.",
        f"Source: {entry['source']}.",
    ]
    if entry["categorical"]:
        lines.append(f"Categorical columns: {', '.join(entry['categorical'])}.")
    if name in _CAVEATS:
        lines.append(f"Caveat: {_CAVEATS[name]}")
    lines.append(f"Cite: {_CITATION}")
    return "\n".join(lines)


def load_dataset(name):
    """Load one embedded two-class dataset, its checksum verified.

    Parameters
    ----------
    name : str
        One of :func:`list_datasets` (case-insensitive).

    Returns
    -------
    dataset : sklearn.utils.Bunch
        ``data`` (pandas DataFrame of the features), ``target`` (ndarray of
        0/1, 1 = the minority class), ``feature_names``, ``categorical``
        (names of the categorical columns, to be one-hot encoded),
        ``positive_class`` (what target 1 is), ``caveats`` (str, empty if
        none), ``description`` (source, classes, caveats, citation) and
        ``name``.

    Raises
    ------
    ValueError
        For an unknown name (the message lists the valid ones).
    DatasetIntegrityError
        If the file is missing, unreadable or fails its sha256 check.

    Examples
    --------
    >>> from imbascore.datasets import load_dataset
    >>> glass = load_dataset("glass")
    >>> glass.data.shape, int(glass.target.sum())
    ((214, 9), 17)
    >>> print(glass.description.splitlines()[1])
    Positive (minority) class, target = 1: vehicle windows float (UCI class 3,
    KEEL glass2); target = 0: every other class.
    """
    pd = require("pandas", "study", "load_dataset")

    name = _check_name(name)
    entry = _manifest()[name]
    frame = pd.read_csv(io.BytesIO(_read_verified(name, entry)))
    target = frame.pop("target").to_numpy().astype(np.int64)
    return Bunch(
        name=name,
        data=frame,
        target=target,
        feature_names=list(frame.columns),
        categorical=list(entry["categorical"]),
        positive_class=_POSITIVE[name],
        caveats=_CAVEATS.get(name, ""),
        description=_description(name, entry),
    )
