"""Differential test: every public metric against an independent reference.

``tests/metrics/_reference.py`` computes every metric from its formula on a plain
weighted confusion matrix (``math.fsum`` sums of cells, ``statistics.NormalDist``)
and imports nothing of imbascore. Here thousands of seeded random cases
(binary and multiclass, 1 to 300 samples, heavy imbalance, no / integer /
fractional / zero weights, ``labels`` subsets and supersets with absent and
foreign labels, every label type the metrics accept, every ``average`` and
``zero_division``) are scored by the library's public functions,
``imbalanced_report(..., output_dict=True)`` and ``multi_scorer`` through
``cross_validate``, and compared with the reference (rtol = atol = 1e-12, NaN
equal to NaN), warnings included: an ``UndefinedMetricWarning`` exactly when a
value is undefined under ``zero_division="warn"``, scikit-learn's
``UserWarning`` exactly when ``average="multiclass"`` drops classes.

A failing test shows up to three failing cases, the first one shrunk to a
minimal reproducer (samples removed while the same kind of failure persists).
"""

import math
import warnings
import zlib
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
import pytest
from _reference import (
    METRICS,
    MULTICLASS,
    REPORT_METRICS,
    InvalidCall,
    Table,
    reference,
    reference_report,
)
from scipy.special import ndtri
from sklearn import config_context
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import accuracy_score, class_likelihood_ratios, f1_score
from sklearn.metrics import balanced_accuracy_score as sk_balanced_accuracy
from sklearn.metrics import recall_score as sk_recall
from sklearn.model_selection import KFold, cross_validate

import imbascore as ims

FUNCTIONS = {
    "sensitivity": ims.sensitivity_score,
    "specificity": ims.specificity_score,
    "dominance": ims.dominance_score,
    "gmean": ims.geometric_mean_score,
    "iba": ims.index_balanced_accuracy_score,
    "optimized_precision": ims.optimized_precision_score,
    "ad_area": ims.ad_area_score,
    "balanced_accuracy": ims.balanced_accuracy_score,
    "weighted_accuracy": ims.weighted_accuracy_score,
    "dprime": ims.dprime_score,
    "aucz": ims.aucz_score,
    "nmi": ims.normalized_mutual_information_score,
    "fpr": ims.false_positive_rate_score,
    "fnr": ims.false_negative_rate_score,
    "npv": ims.negative_predictive_value_score,
    "informedness": ims.informedness_score,
    "markedness": ims.markedness_score,
    "lr_plus": ims.positive_likelihood_ratio_score,
    "lr_minus": ims.negative_likelihood_ratio_score,
}
ZERO_DIVISIONS = ("warn", 0.0, 1.0, np.nan)
TOLERANCE = 1e-12
DROPPED_MESSAGE = "y_pred contains classes not in y_true"

# Cases per test (the whole module runs in well under a minute).
DATASETS_PER_METRIC_AND_KIND = 22
CASES_PER_PROPERTY = 150
REPORTS_PER_KIND = 30
MULTI_SCORER_DATASETS = 12


def seed(*parts):
    return zlib.crc32("/".join(map(str, parts)).encode())


# ---------------------------------------------------------------------------
# Label types
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """A label type: six distinct values and how to build containers of them."""

    name: str
    pool: tuple
    make_true: object  # list of Python values -> y_true container
    make_pred: object  # list of Python values -> y_pred container
    dtype: object  # numpy dtype of a ``labels`` array of this type
    scalar: object  # Python value -> numpy scalar of this type
    foreign: object  # a label of the other family (never matches a class)


INTS = (-3, 0, 1, 2, 7, 100)
STRS = ("B", "a", "b", "cat", "10", "9")
STR_CATEGORIES = ("cat", "a", "10", "zz", "B", "9", "b")  # unsorted, one unused
INT_CATEGORIES = (7, 100, -3, 55, 2, 0, 1)


def _numpy(dtype):
    return lambda values: np.array(values, dtype=dtype)


def _kind(name, pool, make, dtype, scalar, foreign, make_pred=None):
    return Kind(name, pool, make, make_pred or make, dtype, scalar, foreign)


KINDS = [
    _kind("int64", INTS, _numpy(np.int64), np.int64, np.int64, "1"),
    _kind("int8", (-128, -1, 0, 1, 5, 127), _numpy(np.int8), np.int8, np.int8, "1"),
    _kind("uint8", (0, 1, 7, 128, 200, 255), _numpy(np.uint8), np.uint8, np.uint8, "1"),
    _kind(
        "uint64",
        (0, 1, 3, 2**63 + 2, 2**63 + 4, 2**64 - 1),
        _numpy(np.uint64),
        np.uint64,
        np.uint64,
        "1",
    ),
    _kind("bool", (False, True), _numpy(bool), bool, np.bool_, "True"),
    _kind(
        "float",
        (-2.0, 0.0, 1.0, 3.0, 10.0, 1e6),
        _numpy(np.float64),
        np.float64,
        np.float64,
        "1.0",
    ),
    _kind("str", STRS, _numpy(str), str, np.str_, 1),
    _kind("object_str", STRS, _numpy(object), object, np.str_, 1),
    _kind("list", INTS, list, np.int64, np.int64, "1"),
    _kind(
        "int8_vs_float",
        INTS,
        _numpy(np.int8),
        np.int64,
        np.int64,
        "1",
        make_pred=lambda values: [float(v) for v in values],
    ),
    _kind(
        "series", INTS, lambda v: pd.Series(v, dtype="int64"), np.int64, np.int64, "1"
    ),
    _kind(
        "nullable_Int64",
        INTS,
        lambda v: pd.Series(v, dtype="Int64"),
        np.int64,
        np.int64,
        "1",
        make_pred=lambda v: pd.array(v, dtype="Int64"),
    ),
    _kind(
        "categorical",
        STRS,
        lambda v: pd.Categorical(v, categories=list(STR_CATEGORIES)),
        object,
        np.str_,
        1,
    ),
    _kind(
        "categorical_series",
        INTS,
        lambda v: pd.Series(pd.Categorical(v, categories=list(INT_CATEGORIES))),
        np.int64,
        np.int64,
        "1",
    ),
    _kind(
        "pandas_string",
        STRS,
        lambda v: pd.array(v, dtype="string"),
        object,
        np.str_,
        1,
        make_pred=lambda v: pd.Series(v, dtype="string"),
    ),
]
KIND_IDS = [kind.name for kind in KINDS]


def take(container, indices):
    """The samples ``indices`` of a label or weight container, same type."""
    if container is None:
        return None
    if isinstance(container, pd.Series):
        return container.iloc[list(indices)].reset_index(drop=True)
    if isinstance(container, list):
        return [container[i] for i in indices]
    return container[np.asarray(indices, dtype=int)]


def source(obj):
    """Python source that rebuilds ``obj`` (for reproducers)."""
    if isinstance(obj, pd.Series):
        if isinstance(obj.dtype, np.dtype):
            return f"pd.Series({source(obj.to_numpy())})"
        return f"pd.Series({source(obj.array)})"
    if isinstance(obj, pd.Categorical):
        return (
            f"pd.Categorical({obj.tolist()!r}, categories={obj.categories.tolist()!r})"
        )
    if isinstance(obj, pd.api.extensions.ExtensionArray):
        return f"pd.array({obj.tolist()!r}, dtype={str(obj.dtype)!r})"
    if isinstance(obj, np.ndarray):
        dtype = "str" if obj.dtype.kind == "U" else f"np.{obj.dtype.name}"
        return f"np.array({obj.tolist()!r}, dtype={dtype})"
    if isinstance(obj, np.generic):
        return f"np.{type(obj).__name__}({obj.item()!r})"
    if isinstance(obj, list):
        return "[" + ", ".join(source(item) for item in obj) + "]"
    if isinstance(obj, float) and math.isnan(obj):
        return "np.nan"
    return repr(obj)


# ---------------------------------------------------------------------------
# Random data
# ---------------------------------------------------------------------------


@dataclass
class Data:
    kind: Kind
    y_true: object
    y_pred: object
    sample_weight: object  # None, list, ndarray or Series
    classes: list  # Python values of the classes present, sorted
    absent: list  # pool values of no class

    @property
    def n(self):
        return len(self.y_true)

    def subset(self, indices):
        return replace(
            self,
            y_true=take(self.y_true, indices),
            y_pred=take(self.y_pred, indices),
            sample_weight=take(self.sample_weight, indices),
        )

    def weights(self):
        if self.sample_weight is None:
            return np.ones(self.n)
        return np.asarray(self.sample_weight, dtype=float)


WEIGHT_STYLES = ("none", "int", "frac", "tenths", "zeros", "class_zero")


def draw_codes(rng, n_classes):
    """True and predicted class codes: the size, balance and errors vary."""
    size_style = rng.choice(
        ["tiny", "small", "medium", "imbalanced"], p=[0.15, 0.3, 0.4, 0.15]
    )
    if size_style == "imbalanced" and n_classes >= 2:
        n = int(rng.integers(150, 301))
        minority = int(rng.integers(1, 4))
        true = np.zeros(n, dtype=int)
        rare = rng.choice(n, size=minority * (n_classes - 1), replace=False)
        true[rare] = np.repeat(np.arange(1, n_classes), minority)
    else:
        n = {
            "tiny": (1, 5),
            "small": (5, 21),
            "medium": (21, 81),
            "imbalanced": (21, 81),
        }[size_style]
        n = int(rng.integers(*n))
        shares = rng.dirichlet(np.full(n_classes, 0.8))
        true = rng.choice(n_classes, size=n, p=shares)
    n_predicted = n_classes
    if rng.random() < 0.2:
        n_predicted += 1  # a class that is only predicted
    style = rng.choice(["perfect", "constant", "noisy"], p=[0.1, 0.15, 0.75])
    if style == "perfect":
        pred = true.copy()
    elif style == "constant":
        pred = np.full(n, rng.integers(n_predicted))
    else:
        correct = rng.random(n) < rng.random()
        pred = np.where(correct, true, rng.integers(n_predicted, size=n))
    return true, pred, n_predicted


def draw_weights(rng, style, true):
    n = len(true)
    if style == "none":
        return None
    if style == "int":
        weights = rng.integers(1, 5, size=n).astype(float)
    elif style == "tenths":
        weights = rng.integers(1, 8, size=n) / 10
    else:
        weights = rng.uniform(0.01, 3.0, size=n)
    if style == "zeros":
        weights[rng.random(n) < 0.35] = 0.0
    if style == "class_zero":
        weights[true == rng.choice(true)] = 0.0
        weights[rng.random(n) < 0.1] = 0.0
    if not weights.sum() > 0:
        weights[rng.integers(n)] = 1.0
    return weights


def wrap_weights(rng, weights):
    if weights is None:
        return None
    form = rng.integers(3)
    if form == 0:
        return weights.tolist()
    if form == 1:
        return weights
    return pd.Series(weights)


def draw_data(rng, kind, *, max_classes=5, weight_style=None):
    max_classes = min(max_classes, len(kind.pool))
    n_classes = int(rng.integers(1, max_classes + 1))
    true, pred, n_predicted = draw_codes(rng, n_classes)
    if n_predicted > max_classes:  # no room for a predicted-only class
        pred = np.minimum(pred, n_classes - 1)
    values = [kind.pool[i] for i in rng.permutation(len(kind.pool))]
    if weight_style is None:
        weight_style = rng.choice(WEIGHT_STYLES)
    weights = draw_weights(rng, weight_style, true)
    true_values = [values[c] for c in true]
    pred_values = [values[c] for c in pred]
    present = set(true_values) | set(pred_values)
    return Data(
        kind=kind,
        y_true=kind.make_true(true_values),
        y_pred=kind.make_pred(pred_values),
        sample_weight=wrap_weights(rng, weights),
        classes=sorted(present),
        absent=[v for v in kind.pool if v not in present],
    )


def scalar_form(rng, kind, value):
    """``value`` as a Python scalar, a numpy scalar of the kind's type, or a
    number of the other numeric type that equals it (``1`` for ``1.0``)."""
    draw = rng.random()
    if draw < 0.4:
        return kind.scalar(value)
    if draw < 0.6 and type(value) in (int, float) and abs(value) < 2**53:
        if isinstance(value, float):
            return int(value) if draw < 0.5 else np.int64(value)
        if draw < 0.5:
            return float(value)
        return np.uint64(value) if value >= 0 else np.int16(value)
    return value


def draw_pos_label(rng, data):
    choices = list(data.classes)
    if len(choices) == 1 and data.absent and rng.random() < 0.4:
        choices = [data.absent[rng.integers(len(data.absent))]]
    return scalar_form(rng, data.kind, choices[rng.integers(len(choices))])


def draw_labels(rng, data):
    present = list(data.classes)
    style = rng.choice(["all", "subset", "superset", "foreign", "absent"])
    if style == "absent":
        absent = data.absent or [data.kind.foreign]
        return [absent[rng.integers(len(absent))]]
    if style == "subset":
        size = int(rng.integers(1, len(present) + 1))
        labels = [present[i] for i in rng.choice(len(present), size, replace=False)]
    else:
        labels = list(present)
    if style == "superset" and data.absent:
        size = int(rng.integers(1, min(2, len(data.absent)) + 1))
        labels += [
            data.absent[i] for i in rng.choice(len(data.absent), size, replace=False)
        ]
    labels = [
        scalar_form(rng, data.kind, labels[i]) for i in rng.permutation(len(labels))
    ]
    if style == "foreign":
        labels.insert(int(rng.integers(len(labels) + 1)), data.kind.foreign)
    elif rng.random() < 0.4:
        small_ints = all(type(v) is int and abs(v) < 2**53 for v in data.kind.pool)
        dtype = float if small_ints and rng.random() < 0.3 else data.kind.dtype
        return np.array(labels, dtype=dtype)
    return labels


def is_foreign(kind, label):
    """Whether ``label`` is of the other family (string against numbers)."""
    return isinstance(label, str) != isinstance(kind.pool[0], str)


def draw_params(rng, metric, average):
    params = {}
    if metric == "iba" and rng.random() < 0.8:
        params["alpha"] = float(rng.choice([0.0, 0.1, 1.0, rng.uniform()]))
        params["squared"] = bool(rng.random() < 0.5)
    if metric == "weighted_accuracy" and rng.random() < 0.8:
        params["weight"] = float(rng.choice([0.0, 1.0, rng.uniform()]))
    if metric in ("dprime", "aucz") and rng.random() < 0.8:
        params["correction"] = str(rng.choice(["macmillan", "loglinear"]))
    if metric == "gmean" and average == "multiclass" and rng.random() < 0.6:
        params["zero_recall"] = float(rng.choice([0.0, 0.01, 0.3]))
    if metric == "balanced_accuracy" and rng.random() < 0.5:
        params["adjusted"] = bool(rng.random() < 0.7)
    return params


def draw_options(rng, metric, data):
    """Keyword arguments of every ``average`` that applies to ``data``."""
    averages = [None, "macro", "weighted"]
    if len(data.classes) <= 2:
        averages.append("binary")
    if metric in MULTICLASS:
        averages.append("multiclass")
    for average in averages:
        kwargs = {
            "average": average,
            "zero_division": ZERO_DIVISIONS[rng.integers(len(ZERO_DIVISIONS))],
        }
        if average == "binary":
            kwargs["pos_label"] = draw_pos_label(rng, data)
        elif rng.random() < (0.35 if average == "multiclass" else 0.5):
            kwargs["labels"] = draw_labels(rng, data)
        kwargs.update(draw_params(rng, metric, average))
        yield kwargs


# ---------------------------------------------------------------------------
# Running and comparing
# ---------------------------------------------------------------------------


def same(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and bool(
        np.allclose(a, b, rtol=TOLERANCE, atol=TOLERANCE, equal_nan=True)
    )


@dataclass
class Outcome:
    value: object = None
    error: Exception = None
    undefined_warned: bool = False
    dropped_warned: bool = False
    other_warnings: tuple = ()


def call_recorded(function, *args, **kwargs):
    """Call, recording warnings (pytest here turns them into errors)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value, error = function(*args, **kwargs), None
        except Exception as exc:  # compared with the reference's verdict
            value, error = None, exc
    outcome = Outcome(value, error)
    others = []
    for warning in caught:
        if issubclass(warning.category, UndefinedMetricWarning):
            outcome.undefined_warned = True
        elif DROPPED_MESSAGE in str(warning.message):
            outcome.dropped_warned = True
        elif not issubclass(warning.category, (DeprecationWarning, FutureWarning)):
            others.append(f"{warning.category.__name__}: {warning.message}")
    outcome.other_warnings = tuple(others)
    return outcome


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def compare(metric, data, kwargs):
    """(failure kind, detail) of one case, or None if library == reference."""
    args = (data.y_true, data.y_pred)
    kwargs = dict(kwargs, sample_weight=data.sample_weight)
    try:
        want = reference(metric, *args, **kwargs)
    except InvalidCall as exc:
        got = call_recorded(FUNCTIONS[metric], *args, **kwargs)
        if got.error is None:
            return "no-error", f"library {got.value!r}, reference raises ({exc})"
        return None
    got = call_recorded(FUNCTIONS[metric], *args, **kwargs)
    if got.error is not None:
        return (
            f"error {type(got.error).__name__}",
            f"library raises {type(got.error).__name__}: {got.error}; "
            f"reference {want.value!r}",
        )
    if kwargs["average"] is not None and not isinstance(got.value, float):
        return "type", f"library returns {type(got.value).__name__} {got.value!r}"
    if not same(got.value, want.value):
        return "value", f"library {got.value!r}, reference {want.value!r}"
    expected = want.undefined and kwargs["zero_division"] == "warn"
    if got.undefined_warned != expected:
        verb = "raises" if got.undefined_warned else "does not raise"
        return "undefined-warning", (
            f"library {verb} UndefinedMetricWarning; the reference's value is "
            f"{'' if want.undefined else 'not '}undefined (value {want.value!r})"
        )
    if got.dropped_warned != want.dropped:
        verb = "raises" if got.dropped_warned else "does not raise"
        return "dropped-warning", f"library {verb} UserWarning {DROPPED_MESSAGE!r}"
    if got.other_warnings:
        return "other-warning", "; ".join(got.other_warnings)
    return None


def reproducer(metric, data, kwargs):
    arguments = [source(data.y_true), source(data.y_pred)]
    if data.sample_weight is not None:
        arguments.append(f"sample_weight={source(data.sample_weight)}")
    arguments += [f"{name}={source(value)}" for name, value in kwargs.items()]
    return f"{FUNCTIONS[metric].__name__}({', '.join(arguments)})"


def shrink(metric, data, kwargs, kind):
    """Remove samples while the same kind of failure persists."""
    changed = True
    while changed and data.n > 1:
        changed = False
        for i in reversed(range(data.n)):
            if data.n == 1:
                break
            smaller = data.subset([j for j in range(data.n) if j != i])
            if not smaller.weights().sum() > 0:
                continue
            failure = compare(metric, smaller, kwargs)
            if failure is not None and failure[0] == kind:
                data, changed = smaller, True
    return data


class Failures:
    """Failing cases of one test; the message shows a few, the first shrunk."""

    def __init__(self):
        self.cases = []
        self.count = 0

    def add(self, metric, data, kwargs, failure):
        self.count += 1
        if len(self.cases) < 3:
            self.cases.append((metric, data, kwargs, failure))

    def check(self, n_cases):
        if not self.cases:
            return
        lines = [f"{self.count} of {n_cases} cases differ from the reference:"]
        for number, (metric, data, kwargs, (kind, detail)) in enumerate(self.cases):
            if number == 0:
                data = shrink(metric, data, kwargs, kind)
                kind, detail = compare(metric, data, kwargs) or (kind, detail)
            lines.append(f"[{kind}] {reproducer(metric, data, kwargs)}\n    {detail}")
        pytest.fail("\n".join(lines), pytrace=False)


# ---------------------------------------------------------------------------
# Every metric against the reference
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
@pytest.mark.parametrize("metric", METRICS)
def test_metric_matches_reference(metric, kind):
    rng = np.random.default_rng(seed("metric", metric, kind.name))
    failures, n_cases = Failures(), 0
    for number in range(DATASETS_PER_METRIC_AND_KIND):
        data = draw_data(rng, kind, max_classes=2 if number % 2 else 5)
        for kwargs in draw_options(rng, metric, data):
            n_cases += 1
            failure = compare(metric, data, kwargs)
            if failure is not None:
                failures.add(metric, data, kwargs, failure)
    failures.check(n_cases)


@pytest.mark.parametrize("metric", METRICS)
def test_invalid_binary_calls_raise_like_the_reference(metric):
    """Multiclass data, or a pos_label that is no class of two-class data."""
    function = FUNCTIONS[metric]
    with pytest.raises(ValueError):
        quiet(function, [0, 1, 2], [0, 1, 1])
    with pytest.raises(ValueError):
        quiet(function, [0, 1, 1], [0, 1, 0], pos_label=2)
    with pytest.raises(ValueError):
        quiet(function, ["a", "b"], ["a", "a"], pos_label="1")


# ---------------------------------------------------------------------------
# Properties of every metric (library against itself)
# ---------------------------------------------------------------------------

PROPERTIES = ("scaled_weights", "zero_weight_is_removal", "repetition", "order")


def one_option(rng, metric, data):
    options = list(draw_options(rng, metric, data))
    return options[rng.integers(len(options))]


def transformed(rng, prop, metric, data, kwargs):
    """Two calls that must give the same value, or None to skip the case."""
    weights = data.weights()
    if prop == "scaled_weights":
        factor = float(rng.choice([1e-3, 0.37, 3.0, 1e3]))
        return data, replace(data, sample_weight=weights * factor), kwargs
    if prop == "order":
        return data, data.subset(rng.permutation(data.n).tolist()), kwargs
    if prop == "zero_weight_is_removal":
        kept = np.flatnonzero(weights > 0).tolist()
        if len(kept) == data.n:
            return None
        smaller = data.subset(kept)
        if kwargs["average"] in (None, "macro", "weighted") and "labels" not in kwargs:
            # The class of zero-weight samples only is still a label of the
            # full data; name the labels so that both calls score the same.
            kwargs = dict(kwargs, labels=list(data.classes))
        return data, smaller, kwargs
    # repetition: integer weights against repeated samples
    repeated = data.subset(np.repeat(np.arange(data.n), weights.astype(int)).tolist())
    repeated = replace(repeated, sample_weight=None)
    if metric in ("dprime", "aucz"):
        # Expected exception: the extreme-rate correction counts the effective
        # class size (sum w)^2 / sum(w^2), not sum w, so where it acts integer
        # weights differ from repetition by design.
        try:
            want = reference(
                metric,
                data.y_true,
                data.y_pred,
                sample_weight=data.sample_weight,
                **kwargs,
            )
        except InvalidCall:  # refused: not a case of the property
            return None
        if want.correction_acts:
            return None
    return data, repeated, kwargs


@pytest.mark.parametrize("prop", PROPERTIES)
@pytest.mark.parametrize("metric", METRICS)
def test_property(metric, prop):
    rng = np.random.default_rng(seed("property", metric, prop))
    style = {"repetition": "int", "zero_weight_is_removal": "class_zero"}.get(prop)
    mismatches, n_cases = [], 0
    for number in range(CASES_PER_PROPERTY):
        kind = KINDS[rng.integers(len(KINDS))]
        data = draw_data(
            rng,
            kind,
            max_classes=2 if number % 2 else 5,
            weight_style=style or rng.choice(WEIGHT_STYLES[1:]),
        )
        kwargs = one_option(rng, metric, data)
        pair = transformed(rng, prop, metric, data, kwargs)
        if pair is None:
            continue
        first, second, kwargs = pair
        if kwargs.get("average") != "binary" and any(
            is_foreign(kind, label) for label in kwargs.get("labels", [])
        ):
            continue  # refused (the comparison with the reference checks it)
        n_cases += 1
        function = FUNCTIONS[metric]
        a = call_recorded(
            function,
            first.y_true,
            first.y_pred,
            sample_weight=first.sample_weight,
            **kwargs,
        )
        b = call_recorded(
            function,
            second.y_true,
            second.y_pred,
            sample_weight=second.sample_weight,
            **kwargs,
        )
        if a.error is not None or b.error is not None or not same(a.value, b.value):
            mismatches.append(
                f"{reproducer(metric, first, kwargs)} -> {a.value!r} {a.error!r}\n"
                f"    {reproducer(metric, second, kwargs)} -> {b.value!r} {b.error!r}"
            )
    assert n_cases >= CASES_PER_PROPERTY // 3
    assert not mismatches, (
        f"{len(mismatches)} of {n_cases} pairs differ:\n" + "\n".join(mismatches[:3])
    )


# ---------------------------------------------------------------------------
# The reference itself against scikit-learn (so that it is trusted)
# ---------------------------------------------------------------------------


def test_reference_agrees_with_scikit_learn():
    rng = np.random.default_rng(seed("sklearn"))
    for number in range(200):
        data = draw_data(rng, KINDS[0], max_classes=5)
        true, pred = data.y_true, data.y_pred
        weights = data.sample_weight
        labels = [int(v) for v in data.classes]
        recall = quiet(
            sk_recall,
            true,
            pred,
            labels=labels,
            average=None,
            sample_weight=weights,
            zero_division=0.0,
        )
        ours = reference(
            "sensitivity",
            true,
            pred,
            average=None,
            sample_weight=weights,
            zero_division=0.0,
        ).value
        assert same(ours, recall), number
        bac = quiet(sk_balanced_accuracy, true, pred, sample_weight=weights)
        ours = reference(
            "balanced_accuracy", true, pred, average="multiclass", sample_weight=weights
        )
        assert same(ours.value, bac), number
        table = Table(true, pred, weights)
        assert math.isclose(
            table.trace() / table.total(),
            accuracy_score(true, pred, sample_weight=weights),
        )
        if sum(table.support(i) > 0 for i in range(len(table.classes))) > 1:
            adjusted = quiet(
                sk_balanced_accuracy, true, pred, sample_weight=weights, adjusted=True
            )
            ours = reference(
                "balanced_accuracy",
                true,
                pred,
                average="multiclass",
                sample_weight=weights,
                adjusted=True,
            )
            assert same(ours.value, adjusted), number
        if len(labels) == 2:  # scikit-learn's NaN where it warns: "warn" here
            ratios = quiet(
                class_likelihood_ratios,
                true,
                pred,
                labels=labels,
                sample_weight=weights,
            )
            ours = [
                reference(name, true, pred, pos_label=labels[1], sample_weight=weights)
                for name in ("lr_plus", "lr_minus")
            ]
            assert same([r.value for r in ours], ratios), number
            assert [r.undefined for r in ours] == [math.isnan(v) for v in ratios]


def test_reference_formulas_on_hand_computed_cases():
    y_true, y_pred = [1] * 10 + [0] * 10, [1] * 9 + [0] + [1] * 3 + [0] * 7
    d = reference("dprime", y_true, y_pred).value
    assert d == pytest.approx(ndtri(0.9) - ndtri(0.3), rel=1e-13)
    assert reference("nmi", [0, 0, 1, 1], [1, 1, 0, 0]).value == 1.0
    assert reference("nmi", [0, 0, 1, 1], [0, 1, 0, 1]).value == 0.0
    # Macmillan: TPR 1 of 2 positives -> 3/4, FPR 0 of 2 negatives -> 1/4.
    d = reference("dprime", [1, 1, 0, 0], [1, 1, 0, 0]).value
    assert d == pytest.approx(ndtri(0.75) - ndtri(0.25), rel=1e-13)


# ---------------------------------------------------------------------------
# imbalanced_report(output_dict=True)
# ---------------------------------------------------------------------------

COUNT_KEYS = ("support", "tp", "fn", "fp", "tn")


def report_sections(report):
    """(rows by name, macro, weighted, accuracy, support) of the new layout."""
    if not isinstance(report, dict) or "classes" not in report:
        pytest.skip(
            "imbalanced_report(output_dict=True) does not have the new layout "
            "{'classes', 'averages', 'accuracy', 'support'} yet; found keys "
            f"{sorted(report)[:6]}"
        )
    averages = report["averages"]
    return (
        report["classes"],
        averages["macro"],
        averages["weighted"],
        report["accuracy"],
        report["support"],
    )


def compare_report(data, kwargs, target_names):
    got = call_recorded(
        ims.imbalanced_report,
        data.y_true,
        data.y_pred,
        sample_weight=data.sample_weight,
        target_names=target_names,
        output_dict=True,
        **kwargs,
    )
    try:
        want = reference_report(
            data.y_true, data.y_pred, sample_weight=data.sample_weight, **kwargs
        )
    except InvalidCall as exc:  # the library must refuse the call too
        return [] if got.error is not None else [f"no error; reference: {exc}"]
    if got.error is not None:
        return [f"raises {type(got.error).__name__}: {got.error}"]
    rows, macro, weighted, accuracy, support = report_sections(got.value)
    labels = kwargs.get("labels")
    labels = data.classes if labels is None else labels
    names = target_names or [str(label) for label in labels]
    problems = []
    if list(rows) != names:
        problems.append(f"rows named {list(rows)}, expected {names}")
        if len(rows) != len(names):
            return problems
    counts_type = int if data.sample_weight is None else float
    for name, row, want_row in zip(names, rows.values(), want.rows):
        for key in REPORT_METRICS + COUNT_KEYS:
            value = row.get(key)
            if value is None or not same(value, want_row[key]):
                problems.append(f"{name}/{key}: {value!r}, reference {want_row[key]!r}")
        for key in COUNT_KEYS:
            if type(row.get(key)) is not counts_type:
                problems.append(f"{name}/{key} is {type(row.get(key)).__name__}")
    for title, section, want_section in (
        ("macro", macro, want.macro),
        ("weighted", weighted, want.weighted),
    ):
        for key in REPORT_METRICS + ("support",):
            value = section.get(key)
            if value is None or not same(value, want_section[key]):
                problems.append(
                    f"{title}/{key}: {value!r}, reference {want_section[key]!r}"
                )
    if not same(accuracy, want.accuracy):
        problems.append(f"accuracy: {accuracy!r}, reference {want.accuracy!r}")
    if not same(support, want.support):
        problems.append(f"support: {support!r}, reference {want.support!r}")
    expected = want.undefined and kwargs["zero_division"] == "warn"
    if got.undefined_warned != expected:
        problems.append(
            f"UndefinedMetricWarning raised: {got.undefined_warned}, "
            f"expected {expected}"
        )
    if got.other_warnings:
        problems.append(f"other warnings: {got.other_warnings}")
    return problems


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_report_matches_reference(kind):
    rng = np.random.default_rng(seed("report", kind.name))
    failures = []
    for number in range(REPORTS_PER_KIND):
        data = draw_data(rng, kind, max_classes=2 if number % 2 else 5)
        kwargs = {
            "zero_division": ZERO_DIVISIONS[rng.integers(len(ZERO_DIVISIONS))],
            "alpha": float(rng.uniform()),
            "weight": float(rng.uniform()),
            "correction": str(rng.choice(["macmillan", "loglinear"])),
        }
        if rng.random() < 0.5:
            kwargs["labels"] = draw_labels(rng, data)
        n_rows = len(kwargs.get("labels", data.classes))
        foreign = any(is_foreign(kind, label) for label in kwargs.get("labels", []))
        target_names = None
        # int8 against float data: whether a class is named "1" or "1.0" is
        # not specified, so those rows are named.
        if foreign or kind.name == "int8_vs_float" or rng.random() < 0.4:
            target_names = [f"row {i}" for i in range(n_rows)]
        problems = compare_report(data, kwargs, target_names)
        if problems:
            call = (
                f"imbalanced_report({source(data.y_true)}, {source(data.y_pred)}, "
                f"sample_weight={source(data.sample_weight)}, "
                f"target_names={target_names!r}, "
                + ", ".join(f"{k}={source(v)}" for k, v in kwargs.items())
                + ", output_dict=True)"
            )
            failures.append(f"{call}\n    " + "\n    ".join(problems[:6]))
    assert not failures, (
        f"{len(failures)} of {REPORTS_PER_KIND} reports differ:\n"
        + "\n".join(failures[:2])
    )


# ---------------------------------------------------------------------------
# multi_scorer through cross_validate
# ---------------------------------------------------------------------------

SCORER_NAMES = (
    "iba",
    "gmean",
    "sensitivity",
    "specificity",
    "dominance",
    "ad_area",
    "dprime",
    "nmi",
    "neg_fpr",
    "neg_fnr",
    "npv",
    "informedness",
    "markedness",
    "lr_plus",
    "neg_lr_minus",
    "balanced_accuracy",
    "accuracy",
    "f1",
)
OUR_SCORERS = {
    "iba",
    "gmean",
    "sensitivity",
    "specificity",
    "dominance",
    "ad_area",
    "dprime",
    "nmi",
    "npv",
    "informedness",
    "markedness",
    "lr_plus",
}
#: Scorers of lower-is-better metrics: minus the metric (scikit-learn's neg_).
NEGATED = {"neg_fpr": "fpr", "neg_fnr": "fnr", "neg_lr_minus": "lr_minus"}


class StoredPredictions(ClassifierMixin, BaseEstimator):
    """Predicts ``predictions[i]`` for the sample whose first feature is ``i``."""

    def __init__(self, predictions=None):
        self.predictions = predictions

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(np.concatenate([y, self.predictions]))
        return self

    def predict(self, X):
        return np.asarray(self.predictions)[np.asarray(X)[:, 0].astype(int)]


def expected_fold_score(name, y_true, y_pred, weights, params):
    if name in NEGATED:
        return -reference(NEGATED[name], y_true, y_pred, sample_weight=weights).value
    if name in OUR_SCORERS:
        accepted = {"iba": ("alpha",), "dprime": ("correction",)}.get(name, ())
        kept = {key: value for key, value in params.items() if key in accepted}
        return reference(name, y_true, y_pred, sample_weight=weights, **kept).value
    sklearn_metric = {
        "accuracy": accuracy_score,
        "f1": f1_score,
        "balanced_accuracy": sk_balanced_accuracy,
    }[name]
    return quiet(sklearn_metric, y_true, y_pred, sample_weight=weights)


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
def test_multi_scorer_matches_reference(weighted):
    rng = np.random.default_rng(seed("multi_scorer", weighted))
    problems, n_cases = [], 0
    for _ in range(MULTI_SCORER_DATASETS):
        n = int(rng.integers(12, 120))
        share = rng.choice([0.02, 0.3, 0.5])
        y = np.where(rng.random(n) < share, 1, 0)
        y[:2] = [0, 1]  # both classes in the data
        predictions = np.where(rng.random(n) < rng.random(), y, 1 - y)
        weights = draw_weights(rng, rng.choice(["int", "frac", "zeros"]), y)
        params = {}
        if rng.random() < 0.6:
            params = {
                "alpha": float(rng.uniform()),
                "correction": str(rng.choice(["macmillan", "loglinear"])),
            }
        X = np.arange(n, dtype=float).reshape(-1, 1)
        cv = KFold(
            n_splits=int(rng.integers(2, 6)),
            shuffle=True,
            random_state=int(rng.integers(1000)),
        )
        scorer = ims.multi_scorer(list(SCORER_NAMES), **params)
        estimator = StoredPredictions(predictions)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if weighted:
                with config_context(enable_metadata_routing=True):
                    scorer = scorer.set_score_request(sample_weight=True)
                    estimator = estimator.set_fit_request(sample_weight=False)
                    result = cross_validate(
                        estimator,
                        X,
                        y,
                        scoring=scorer,
                        cv=cv,
                        params={"sample_weight": weights},
                        error_score="raise",
                    )
            else:
                result = cross_validate(
                    estimator, X, y, scoring=scorer, cv=cv, error_score="raise"
                )
        for fold, (_, test) in enumerate(cv.split(X, y)):
            fold_weights = weights[test] if weighted else None
            for name in SCORER_NAMES:
                n_cases += 1
                want = expected_fold_score(
                    name, y[test], predictions[test], fold_weights, params
                )
                got = result[f"test_{name}"][fold]
                if not same(got, want):
                    problems.append(
                        f"{name} (params {params}) on y_true={y[test].tolist()}, "
                        f"y_pred={predictions[test].tolist()}, sample_weight="
                        f"{None if fold_weights is None else fold_weights.tolist()}: "
                        f"library {got!r}, reference {want!r}"
                    )
    assert n_cases > 0
    assert not problems, f"{len(problems)} of {n_cases} differ:\n" + "\n".join(
        problems[:4]
    )


# ---------------------------------------------------------------------------
# Named regressions (known bugs; they pass once fixed)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("weight", [0.1, 0.4])
def test_dprime_of_uniform_weights_equals_unweighted(weight):
    y = [1, 1, 0, 0]
    weighted = ims.dprime_score(y, y, sample_weight=[weight] * 4)
    assert math.isfinite(weighted) and weighted > 0
    assert weighted == pytest.approx(ims.dprime_score(y, y), rel=1e-12)
    assert weighted == pytest.approx(reference("dprime", y, y).value, rel=1e-12)


def test_dprime_of_fractional_weights():
    value = ims.dprime_score(
        [1, 1, 0, 0], [1, 0, 0, 1], sample_weight=[0.2, 0.6, 0.4, 0.4]
    )
    assert value == pytest.approx(ndtri(0.25) - ndtri(0.5), rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("metric", ["dprime", "aucz"])
def test_constant_prediction_is_on_the_chance_diagonal(metric):
    y_true = [1, 0, 1, 0, 0, 1, 0, 0]
    weights = [0.4, 0.1, 0.3, 0.3, 0.6, 0.7, 0.3, 0.1]
    for constant in (0, 1):
        value = FUNCTIONS[metric](
            y_true, [constant] * 8, sample_weight=weights, correction="loglinear"
        )
        assert value == (0.0 if metric == "dprime" else 0.5)


def test_optimized_precision_with_both_rates_zero():
    assert ims.optimized_precision_score([1, 0], [0, 1], sample_weight=[0.2, 0.1]) == 0


def test_multiclass_balanced_accuracy_drops_a_zero_weight_class():
    with pytest.warns(UserWarning, match=DROPPED_MESSAGE):
        value = ims.balanced_accuracy_score(
            [0, 0, 1, 1, 2],
            [0, 1, 1, 1, 0],
            average="multiclass",
            sample_weight=[1, 1, 1, 1, 0],
        )
    assert value == pytest.approx(0.75, rel=1e-12)


def test_a_string_label_beside_integer_classes_is_refused():
    # It could never match a class (issue 26: it was scored 0 with a warning).
    with pytest.raises(TypeError, match="'labels'.*numeric.*'x'"):
        ims.sensitivity_score([0, 1, 1], [0, 1, 0], labels=[1, "x"], average=None)


def test_large_uint64_labels_stay_two_classes():
    big = np.array([2**63 + 2, 2**63 + 4], dtype=np.uint64)
    # Absent from int64 data: two labels, each undefined.
    value = ims.sensitivity_score(
        np.array([0, 1, 1], dtype=np.int64),
        np.array([0, 1, 0], dtype=np.int64),
        labels=big,
        average=None,
        zero_division=np.nan,
    )
    assert same(value, [np.nan, np.nan])
    value = ims.specificity_score(
        np.array([0, 1, 1], dtype=np.int64),
        np.array([0, 1, 0], dtype=np.int64),
        labels=big,
        average=None,
    )
    assert same(value, [1.0, 1.0])
    # Present in uint64 data, beside int64 predictions: two distinct classes.
    y_true = np.array([2**63 + 2, 2**63 + 4, 2**63 + 4], dtype=np.uint64)
    y_pred = np.array([2**63 + 2, 2**63 + 4, 2**63 + 2], dtype=np.uint64)
    value = ims.sensitivity_score(y_true, y_pred, labels=big, average=None)
    assert same(value, [1.0, 0.5])
    value = ims.sensitivity_score(
        y_true, np.zeros(3, dtype=np.int64), labels=big, average=None
    )
    assert same(value, [0.0, 0.0])


def test_weighted_average_over_labels_without_support_warns():
    """Every label has support 0, so the weights of ``"weighted"`` sum to 0 and
    the average is the zero_division value: an undefined value, which
    ``"warn"`` announces (our reading; sensitivity warns here anyway)."""
    with pytest.warns(UndefinedMetricWarning):
        value = ims.specificity_score([1, 1], [1, 0], labels=[0], average="weighted")
    assert value == 0.0
    assert (
        ims.specificity_score(
            [1, 1], [1, 0], labels=[0], average="weighted", zero_division=1.0
        )
        == 1.0
    )


def test_report_names_large_uint64_labels_by_their_str():
    big = 2**63 + 2
    data = np.array([0, big, big + 2], dtype=np.uint64)
    for labels in ([0, big], np.array([0, big, big + 2], dtype=np.uint64)):
        report = ims.imbalanced_report(data, data, labels=labels, output_dict=True)
        rows, *_ = report_sections(report)
        assert list(rows) == [str(int(label)) for label in labels]
