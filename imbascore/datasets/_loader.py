"""The twelve two-class datasets of the papers, shipped inside the package.

Each is a gzip-compressed CSV under ``data/``, with the original feature
columns and a last column ``target`` (1 = the minority class). ``MANIFEST.json``
records for each file its size, class counts, categorical columns, source,
caveats and the sha256 of the uncompressed CSV, which is checked at every load
so that a damaged copy cannot give quietly different results. For Breast and
German it also records the papers' numeric coding of the categorical columns
(``codings``: the rule, its source and the real-Weka evidence for it).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
from functools import lru_cache
from importlib import resources
from typing import Literal

import numpy as np
from sklearn.utils import Bunch

from .._core.checks import did_you_mean
from .._core.optional import require

__all__ = ["CODINGS", "DatasetIntegrityError", "list_datasets", "load_dataset"]

#: The codings of categorical columns that ``load_dataset`` offers.
CODINGS = ("nominal", "papers")

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


def list_datasets() -> list[str]:
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
        hint = did_you_mean(name, list_datasets())
        hint = f" {hint}" if hint else ""
        raise ValueError(
            f"The 'name' parameter of load_dataset must be one of "
            f"{list_datasets()}. Got {name!r} instead.{hint}"
        )
    return name.lower()


def _check_coding(coding):
    if not isinstance(coding, str) or coding not in CODINGS:
        raise ValueError(
            f"The 'coding' parameter of load_dataset must be one of "
            f"{list(CODINGS)}. Got {coding!r} instead."
        )
    return coding


def _papers_codes(name, entry, frame):
    """The papers' numbers for every categorical column, as a new frame.

    Breast: a value's 1-based position in its attribute's declaration in
    UCI ``breast-cancer.arff`` (``values`` in the manifest). German: the
    number after the attribute's prefix ``A<k>`` of the UCI code (A43 -> 3).
    A value the rule does not cover means the file is not the one the
    manifest describes.
    """
    rule = entry["codings"]["papers"]
    frame = frame.copy()
    for column in entry["categorical"]:
        values = frame[column].astype(str)
        if "values" in rule:
            declared = rule["values"][column]
            codes = {value: position for position, value in enumerate(declared, 1)}
        else:
            prefix = rule["prefixes"][column]
            codes = {
                value: int(value[len(prefix) :])
                for value in values.unique()
                if value.startswith(prefix) and value[len(prefix) :].isdigit()
            }
        unknown = sorted(set(values) - set(codes))
        if unknown:
            raise DatasetIntegrityError(
                f"Dataset {name!r}: column {column!r} holds {unknown[:3]}, which "
                "the papers' coding in the manifest does not cover. Reinstall "
                "imbascore."
            )
        frame[column] = values.map(codes).astype(np.int64)
    return frame


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


def _description(name, entry, coding):
    lines = [
        f"{name}: {entry['rows']} rows, {entry['features']} features, "
        f"{entry['n_positive']} positive / {entry['n_negative']} negative.",
        f"Positive (minority) class, target = 1: {_POSITIVE[name]}; "
        "target = 0: every other class.",
        f"Source: {entry['source']}.",
    ]
    if entry["categorical"] and coding == "papers":
        lines.append(
            "Coded as the papers' Weka runs saw it, every column numeric: "
            f"{entry['codings']['papers']['rule']}."
        )
    elif entry["categorical"]:
        lines.append(f"Categorical columns: {', '.join(entry['categorical'])}.")
    if name in _CAVEATS:
        lines.append(f"Caveat: {_CAVEATS[name]}")
    lines.append(f"Cite: {_CITATION}")
    return "\n".join(lines)


def load_dataset(
    name: str, *, coding: Literal["nominal", "papers"] = "nominal"
) -> Bunch:
    """Load one embedded two-class dataset, its checksum verified.

    Parameters
    ----------
    name : str
        One of :func:`list_datasets` (case-insensitive).

    coding : {"nominal", "papers"}, default="nominal"
        How the categorical columns of Breast and German come out.

        - ``"nominal"``: as text, the values of the UCI files (``"40-49"``,
          ``"premeno"``; German's codes ``"A11"``, ``"A43"``), listed in
          ``categorical``, for a nominal-aware model or one-hot encoding.
        - ``"papers"``: as the numbers García et al. (2008, 2009) gave Weka,
          every column numeric and ``categorical`` empty. Breast: a value's
          1-based position in its attribute's declaration in UCI
          ``breast-cancer.arff`` (age 10-19 -> 1, 20-29 -> 2, ...; lt40 <
          ge40 < premeno; yes < no; left < right; left_up < left_low <
          right_up < right_low < central). German: the number after the
          attribute's prefix in the UCI code (A11 -> 1, A43 -> 3, A410 -> 10,
          A201 -> 1).

        The default is ``"nominal"`` because these values are categories:
        the numbers put an order and distances between them that the data
        do not have (breast-quad, German's purpose). ``"papers"`` is there to
        reproduce the papers: real Weka given these numbers comes within
        0.05 of 11 of the 12 Breast and German areas of García 2008, Table 3,
        nominal attributes 4 of 12 (the MANIFEST's ``codings`` has the
        numbers), and the studies (:func:`~imbascore.study.run_study`) use it.
        The ten datasets without categorical columns are the same under
        either coding.

    Returns
    -------
    dataset : sklearn.utils.Bunch
        ``data`` (pandas DataFrame of the features), ``target`` (ndarray of
        0/1, 1 = the minority class), ``feature_names``, ``categorical``
        (names of the categorical columns, to be one-hot encoded; empty under
        ``coding="papers"``), ``coding``, ``positive_class`` (what target 1
        is), ``caveats`` (str, empty if none), ``description`` (source,
        classes, coding, caveats, citation) and ``name``.

    Raises
    ------
    ValueError
        For an unknown name or coding (the message lists the valid ones).
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
    >>> load_dataset("breast").data.loc[0, ["age", "menopause", "breast_quad"]].tolist()
    ['40-49', 'premeno', 'left_low']
    >>> breast = load_dataset("breast", coding="papers")
    >>> breast.data.loc[0, ["age", "menopause", "breast_quad"]].tolist()
    [4, 3, 2]
    >>> breast.categorical
    []
    """
    pd = require("pandas", "study", "load_dataset")

    name = _check_name(name)
    coding = _check_coding(coding)
    entry = _manifest()[name]
    frame = pd.read_csv(io.BytesIO(_read_verified(name, entry)))
    target = frame.pop("target").to_numpy().astype(np.int64)
    categorical = list(entry["categorical"])
    if coding == "papers" and categorical:
        frame = _papers_codes(name, entry, frame)
        categorical = []
    return Bunch(
        name=name,
        data=frame,
        target=target,
        feature_names=list(frame.columns),
        categorical=categorical,
        coding=coding,
        positive_class=_POSITIVE[name],
        caveats=_CAVEATS.get(name, ""),
        description=_description(name, entry, coding),
    )
