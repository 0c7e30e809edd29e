"""Check and encode the inputs of every metric.

Each bad input becomes a ``ValueError`` or ``TypeError`` whose text names the
function, the parameter, the rule and the value received, so that no metric
returns a number computed from inputs it does not understand.

Labels are handed to the counting layer in one of two encodings:

* ``"range"``: both arrays hold integers (or integral floats) whose values lie in
  a small range ``[offset, offset + n_values)``; they are counted as they are,
  without sorting or copying (the fast path for ``predict`` output).
* ``"codes"``: anything else (strings, objects, categoricals, huge integers) is
  encoded once with :func:`numpy.unique` into codes ``0 .. n_values - 1``.
"""

import numbers
from collections.abc import Iterator, Mapping, Set
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from ._binary import count_zero_one
from ._encode import encode_categoricals
from ._formulas import DPRIME_CORRECTIONS

__all__ = [
    "Targets",
    "as_python_scalar",
    "check_average",
    "check_bool",
    "check_choice",
    "check_labels",
    "check_metric_params",
    "check_pos_label",
    "check_targets",
    "check_unit_interval",
    "check_zero_division",
    "label_family",
    "param_error",
    "unite_labels",
]

AVERAGE_OPTIONS = ("binary", "micro", "macro", "weighted", "samples", None)

# Integer labels spanning at most this many values are counted without encoding.
_MAX_RANGE = 1 << 20
# Chunk length for the passes over float labels (bounds temporary memory).
CHUNK = 1 << 16

_NUMERIC_KINDS = "biuf"
_STRING_KINDS = "US"


def param_error(func, param, rule, got, hint=""):
    """Message in scikit-learn's ``validate_params`` wording, plus a hint."""
    message = f"The {param!r} parameter of {func} must be {rule}. Got {got!r} instead."
    return f"{message} {hint}" if hint else message


def as_python_scalar(value):
    """A numpy scalar (``np.int64``, ``np.str_``, ``np.True_``) as its Python value."""
    return value.item() if isinstance(value, np.generic) else value


def _is_real(value):
    return isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)


def label_family(label):
    """ "str", "bytes" or "number": labels of different families never match.

    Python's ``==`` already keeps ``"1"`` apart from ``1``; numpy's coercion of
    a mixed list (``np.asarray([1, "x"])``) does not, so labels are compared
    as Python scalars tagged with their family.
    """
    if isinstance(label, str):
        return "str"
    if isinstance(label, bytes):
        return "bytes"
    return "number"


def _is_label(value):
    return isinstance(value, str | bytes | numbers.Number) and not (
        isinstance(value, float) and value != value
    )


def check_pos_label(pos_label, func, *, required):
    """Return ``pos_label`` as a Python scalar; ``None`` only if not ``required``."""
    pos_label = as_python_scalar(pos_label)
    if pos_label is None and not required:
        return None
    if not _is_label(pos_label):
        rule = "a single label (str, int or bool)"
        raise TypeError(
            param_error(
                func,
                "pos_label",
                rule if required else f"{rule} or None",
                pos_label,
                "It is a label of the positive class, not a list of labels."
                if isinstance(pos_label, list | tuple | np.ndarray)
                else "",
            )
        )
    return pos_label


def check_labels(labels, func):
    """Return ``labels`` as a tuple of distinct Python scalars (or None).

    The labels keep their own types: they are not coerced by numpy, so
    ``[1, "x"]`` stays an integer and a string.
    """
    if labels is None:
        return None
    if isinstance(labels, str | bytes) or not hasattr(labels, "__iter__"):
        raise TypeError(param_error(func, "labels", "a 1-D list of labels", labels))
    values = labels.tolist() if isinstance(labels, np.ndarray) else list(labels)
    values = [as_python_scalar(value) for value in values]
    if not values or not all(_is_label(value) for value in values):
        raise ValueError(
            param_error(func, "labels", "a non-empty 1-D list of labels", values)
        )
    if len({(label_family(v), v) for v in values}) != len(values):
        raise ValueError(
            param_error(func, "labels", "a list of distinct labels", values)
        )
    return tuple(values)


def check_unit_interval(value, name, func):
    """Return ``value`` as a float after checking it lies in [0, 1]."""
    if not _is_real(value) or not 0.0 <= value <= 1.0:
        raise ValueError(param_error(func, name, "a float in the range [0, 1]", value))
    return float(value)


def check_choice(value, name, options, func):
    """Check that ``value`` is one of ``options`` (compared with ``==``)."""
    if isinstance(value, str | type(None) | bool) and value in options:
        return value
    listed = ", ".join(repr(option) for option in options)
    raise ValueError(param_error(func, name, f"one of {{{listed}}}", value))


def check_average(average, func, *, multiclass=False):
    """Check ``average``; ``multiclass`` says whether "multiclass" is allowed."""
    options = AVERAGE_OPTIONS + (("multiclass",) if multiclass else ())
    return check_choice(average, "average", options, func)


def check_zero_division(zero_division, func):
    """Return the fill value for undefined metrics and whether to warn."""
    if isinstance(zero_division, str) and zero_division == "warn":
        return 0.0, True
    if _is_real(zero_division) and (
        zero_division in (0.0, 1.0) or np.isnan(zero_division)
    ):
        return float(zero_division), False
    raise ValueError(
        param_error(
            func, "zero_division", "one of {'warn', 0.0, 1.0, nan}", zero_division
        )
    )


def check_bool(value, name, func):
    """Check that ``value`` is a bool or ``np.bool_`` (not merely truthy)."""
    if not isinstance(value, bool | np.bool_):
        raise TypeError(param_error(func, name, "a bool", value))
    return bool(value)


def _check_correction(value, name, func):
    return check_choice(value, name, DPRIME_CORRECTIONS, func)


# The parameters particular to some metrics, and how each is checked.
_METRIC_PARAMETER_CHECKS = {
    "alpha": check_unit_interval,
    "squared": check_bool,
    "weight": check_unit_interval,
    "correction": _check_correction,
    "zero_recall": check_unit_interval,
    "adjusted": check_bool,
}


def check_metric_params(params, func):
    """Check the metric-specific parameters (alpha, squared, weight, ...)."""
    return {
        name: _METRIC_PARAMETER_CHECKS[name](value, name, func)
        for name, value in params.items()
    }


@dataclass(frozen=True)
class Targets:
    """Validated labels, ready to be counted.

    Attributes
    ----------
    y_true, y_pred : ndarray of shape (n_samples,)
        Integer-valued labels (encoding ``"range"``) or codes (``"codes"``).
    encoding : {"range", "codes", "counted"}
    offset : int
        Smallest value of the range (0 for codes).
    values : ndarray of shape (n_values,)
        The label of each value of the range or of each code.
    sample_weight : ndarray of shape (n_samples,) or None
    joint : ndarray of shape (2, 2) or None
        The counts of 0/1 labels, already taken while validating them
        (encoding ``"counted"``); None otherwise.
    """

    y_true: np.ndarray
    y_pred: np.ndarray
    encoding: str
    offset: int
    values: np.ndarray
    sample_weight: np.ndarray | None
    joint: np.ndarray | None = None


def _describe(value):
    """What a non-array input is, for error messages ("a set", "a generator")."""
    if sparse.issparse(value):
        return f"a scipy.sparse {type(value).__name__}"
    return f"a {type(value).__name__}"


def _unordered_hint(y):
    if sparse.issparse(y):
        return "Pass a dense 1-D array, e.g. y.toarray().ravel()."
    if isinstance(y, Mapping | Set):
        return "Sets and dicts have no sample order; pass a list or an array."
    return "Pass a list or an array, e.g. list(y)."


def _as_label_array(y, name, func):
    """Turn array-likes (lists, numpy, pandas incl. extension dtypes) into 1-D numpy.

    Column vectors of shape (n, 1), and one-column DataFrames, are accepted
    and flattened, as scikit-learn's metrics do.
    """
    if (
        type(y) is np.ndarray
        and y.ndim == 1
        and y.shape[0]
        and y.dtype.kind in _NUMERIC_KINDS
    ):
        return y  # already what the checks below would make of it
    rule = "a 1-D array-like of shape (n_samples,)"
    if isinstance(y, str | bytes | numbers.Number) or y is None:
        raise TypeError(param_error(func, name, rule, y))
    if sparse.issparse(y) or isinstance(y, Mapping | Set | Iterator):
        raise TypeError(param_error(func, name, rule, _describe(y), _unordered_hint(y)))
    if hasattr(y, "iloc") and getattr(y, "ndim", 1) == 2 and y.shape[1] == 1:
        y = y.iloc[:, 0]  # a one-column DataFrame, keeping its column's dtype
    dtype = getattr(y, "dtype", None)
    if not isinstance(dtype, np.dtype | None) and hasattr(y, "isna"):
        # pandas extension arrays (nullable, categorical, string): find missing
        # values before numpy turns pd.NA into objects or NaN.
        if np.asarray(y.isna()).any():
            raise ValueError(_missing_message(name, func))
        numpy_dtype = getattr(dtype, "numpy_dtype", None)
        if numpy_dtype is not None and numpy_dtype.kind in _NUMERIC_KINDS:
            y = y.to_numpy(dtype=numpy_dtype)
    try:
        array = np.asarray(y)
    except ValueError:  # numpy refuses ragged nested sequences
        raise ValueError(
            param_error(
                func,
                name,
                rule,
                "a ragged nested sequence",
                "Pass one label per sample.",
            )
        ) from None
    if array.dtype.kind == "f" and isinstance(y, list | tuple):
        array = _exact_python_integers(y, array)
    if array.ndim == 2 and array.shape[1] == 1:
        array = array[:, 0]
    if array.ndim != 1:
        hint = (
            f"{_unordered_hint(y)}"
            if array.ndim == 0
            else "Multilabel and multioutput targets are not supported."
        )
        got = _describe(y) if array.ndim == 0 else f"an array of shape {array.shape}"
        raise ValueError(param_error(func, name, rule, got, hint))
    if array.shape[0] == 0:
        raise ValueError(
            param_error(func, name, "a non-empty array-like", "an empty array")
        )
    if array.dtype.kind not in _NUMERIC_KINDS + _STRING_KINDS + "O":
        raise TypeError(
            param_error(
                func,
                name,
                "an array of class labels (integers, strings or booleans)",
                f"an array of dtype {array.dtype}",
            )
        )
    return array


def _exact_python_integers(y, array):
    """Python integers beyond 2**53 that numpy turned into floats, kept exact.

    ``np.asarray([2**63 + 2, 3])`` is float64, which merges distinct labels.
    """
    values = np.ravel(np.asarray(y, dtype=object)).tolist()
    integers = [isinstance(v, int) and not isinstance(v, bool) for v in values]
    if not any(i and abs(v) > 2**53 for i, v in zip(integers, values, strict=True)):
        return array
    if all(integers):
        try:
            return np.array(y, dtype=np.uint64)
        except OverflowError:  # negative beside beyond int64
            pass
    return np.array(y, dtype=object)


def _missing_message(name, func):
    return param_error(
        func,
        name,
        "free of missing values (NaN, None, pd.NA)",
        "an array with missing values",
        "Drop or impute those samples before scoring.",
    )


def _continuous_message(name, func, example):
    return param_error(
        func,
        name,
        "an array of class labels, not continuous values",
        f"an array containing {example!r}",
        "Pass class predictions, e.g. estimator.predict(X) or "
        "(y_score >= threshold).astype(int), not probabilities or decision scores.",
    )


def _check_float_labels(array, name, func):
    """Reject NaN/inf and non-integral floats, chunk by chunk (no full-size copy)."""
    for start in range(0, array.shape[0], CHUNK):
        chunk = array[start : start + CHUNK]
        finite = np.isfinite(chunk)
        if not finite.all():
            if np.isnan(chunk).any():
                raise ValueError(_missing_message(name, func))
            raise ValueError(
                param_error(func, name, "finite", "an array containing inf")
            )
        fractional = chunk != np.trunc(chunk)
        if fractional.any():
            example = chunk[np.flatnonzero(fractional)[0]].item()
            raise ValueError(_continuous_message(name, func, example))


def _check_object_labels(classes, present_true, present_pred, func):
    """Missing values and continuous floats hidden in object arrays."""
    for name, present in (("y_true", present_true), ("y_pred", present_pred)):
        for label in classes[present].tolist():
            if _is_missing(label):
                raise ValueError(_missing_message(name, func))
            if isinstance(label, float) and not label.is_integer():
                raise ValueError(_continuous_message(name, func, label))


def _is_missing(label):
    """None, NaN, pd.NA or NaT (checked without importing pandas)."""
    return (
        label is None
        or (isinstance(label, float) and label != label)
        or type(label).__name__ in ("NAType", "NaTType")
    )


def _family(kind):
    if kind in _NUMERIC_KINDS:
        return "numeric"
    return {"U": "str", "S": "bytes"}.get(kind, "object")


def _mixed_types_error(y_true, y_pred, func):
    def kinds(array):
        if array.dtype.kind == "O":
            return sorted({type(v).__name__ for v in array.tolist()})
        return [_family(array.dtype.kind)]

    got = f"y_true with {kinds(y_true)} and y_pred with {kinds(y_pred)} labels"
    if any(
        _is_missing(v)
        for array in (y_true, y_pred)
        if array.dtype.kind == "O"
        for v in array.tolist()
    ):
        return ValueError(_missing_message("y_true/y_pred", func))
    return TypeError(
        param_error(
            func,
            "y_true/y_pred",
            "labels of one type (all numbers or all strings)",
            got,
            "Give both arrays labels of one type: the classes the model was "
            "trained on.",
        )
    )


def _check_sample_weight(sample_weight, n_samples, func):
    if sample_weight is None:
        return None
    rule = "an array of real numbers"
    if sparse.issparse(sample_weight) or isinstance(
        sample_weight, Mapping | Set | Iterator | str | bytes
    ):
        raise TypeError(
            param_error(func, "sample_weight", rule, _describe(sample_weight))
        )
    try:
        weights = np.asarray(sample_weight)
        if weights.dtype.kind == "O":  # Python numbers; complex ones fail here
            weights = weights.astype(np.float64)
    except (TypeError, ValueError):
        raise TypeError(
            param_error(func, "sample_weight", rule, sample_weight)
        ) from None
    if weights.dtype.kind not in "biuf":
        # complex weights would lose their imaginary part in silence
        raise TypeError(
            param_error(
                func, "sample_weight", rule, f"an array of dtype {weights.dtype}"
            )
        )
    weights = weights.astype(np.float64, copy=False)
    if weights.ndim == 2 and weights.shape[1] == 1:
        weights = weights[:, 0]
    if weights.ndim != 1 or weights.shape[0] != n_samples:
        raise ValueError(
            param_error(
                func,
                "sample_weight",
                f"a 1-D array of shape ({n_samples},), like y_true",
                f"an array of shape {weights.shape}",
            )
        )
    if not np.isfinite(weights).all():
        raise ValueError(
            param_error(func, "sample_weight", "finite", "an array with NaN or inf")
        )
    if (weights < 0).any():
        raise ValueError(
            param_error(
                func,
                "sample_weight",
                "non-negative",
                f"an array with minimum {float(weights.min())!r}",
            )
        )
    return weights


def check_targets(y_true, y_pred, sample_weight, func):
    """Validate both label arrays and the weights; choose an encoding.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
    sample_weight : array-like of shape (n_samples,) or None
    func : str
        Name of the public function, used in error messages.

    Returns
    -------
    Targets
    """
    encoded = encode_categoricals(y_true, y_pred, func)
    if encoded is not None:  # categoricals: counted from their codes
        codes_true, codes_pred, classes = encoded
        weights = _check_sample_weight(sample_weight, codes_true.shape[0], func)
        joint = None
        if weights is None and len(classes) == 2:  # codes 0 and 1: one pass
            joint = count_zero_one(codes_true, codes_pred, CHUNK)
        return Targets(codes_true, codes_pred, "codes", 0, classes, weights, joint)
    y_true = _as_label_array(y_true, "y_true", func)
    y_pred = _as_label_array(y_pred, "y_pred", func)
    n_samples = y_true.shape[0]
    if y_pred.shape[0] != n_samples:
        raise ValueError(
            param_error(
                func,
                "y_pred",
                f"of the same length as y_true ({n_samples})",
                f"an array of length {y_pred.shape[0]}",
            )
        )
    weights = _check_sample_weight(sample_weight, n_samples, func)

    kind_true, kind_pred = y_true.dtype.kind, y_pred.dtype.kind
    if weights is None and kind_true in _NUMERIC_KINDS and kind_pred in _NUMERIC_KINDS:
        joint = count_zero_one(y_true, y_pred, CHUNK)  # None unless all 0 or 1
        if joint is not None:
            dtype = _common_label_dtype(y_true.dtype, y_pred.dtype)
            values = np.arange(2).astype(dtype)
            return Targets(y_true, y_pred, "counted", 0, values, None, joint)
    # Scores beside string labels are scores, not labels of another type.
    for array, name in ((y_true, "y_true"), (y_pred, "y_pred")):
        if array.dtype.kind == "f":
            _check_float_labels(array, name, func)
    if kind_true in _NUMERIC_KINDS and kind_pred in _NUMERIC_KINDS:
        # .item() first: comparing np.uint64 with np.int64 goes through float64
        low = min(y_true.min().item(), y_pred.min().item())
        high = max(y_true.max().item(), y_pred.max().item())
        n_values = int(high) - int(low) + 1
        if n_values <= _MAX_RANGE and -(2**63) <= low and high < 2**63:
            dtype = _common_label_dtype(y_true.dtype, y_pred.dtype)
            values = (np.arange(n_values) + int(low)).astype(dtype)
            return Targets(y_true, y_pred, "range", int(low), values, weights)
    elif _family(kind_true) != _family(kind_pred) and "O" not in (
        kind_true,
        kind_pred,
    ):
        raise _mixed_types_error(y_true, y_pred, func)
    return _encode_with_unique(y_true, y_pred, weights, func)


def _common_label_dtype(dtype_true, dtype_pred):
    """numpy's common type, except that two integer types stay integers.

    ``np.result_type(uint64, int64)`` is float64, which would turn labels into
    floats (and merge distinct labels above 2**53).
    """
    dtype = np.result_type(dtype_true, dtype_pred)
    if dtype.kind == "f" and dtype_true.kind in "biu" and dtype_pred.kind in "biu":
        return np.dtype(np.int64)
    return dtype


def _concatenates_exactly(y_true, y_pred):
    """Whether numpy's common type keeps every label of both arrays distinct."""
    kinds = y_true.dtype.kind + y_pred.dtype.kind
    if "O" in kinds:
        return False
    common = np.result_type(y_true.dtype, y_pred.dtype)
    if common != _common_label_dtype(y_true.dtype, y_pred.dtype):
        return False  # uint64 beside a signed integer
    if common.kind == "f" and any(kind in "iu" for kind in kinds):
        # integers beyond 2**53 have no exact float64
        integers = [y for y in (y_true, y_pred) if y.dtype.kind in "iu"]
        return all(abs(int(y.min())) <= 2**53 >= abs(int(y.max())) for y in integers)
    return True


def _encode_with_unique(y_true, y_pred, weights, func):
    """Encode labels that are not small integers into codes 0 .. n_values - 1."""
    both = (
        np.concatenate([y_true, y_pred])
        if _concatenates_exactly(y_true, y_pred)
        # Python objects compare exactly (uint64 beside int64, strings beside
        # objects), where a numpy concatenation would coerce
        else np.concatenate([y_true.astype(object), y_pred.astype(object)])
    )
    try:
        classes, codes = np.unique(both, return_inverse=True)
    except TypeError:
        raise _mixed_types_error(y_true, y_pred, func) from None
    codes = codes.reshape(-1)
    n_samples = y_true.shape[0]
    codes_true, codes_pred = codes[:n_samples], codes[n_samples:]
    if classes.dtype.kind == "O":
        present_true = np.bincount(codes_true, minlength=len(classes)) > 0
        present_pred = np.bincount(codes_pred, minlength=len(classes)) > 0
        _check_object_labels(classes, present_true, present_pred, func)
        _check_one_family(classes, y_true, y_pred, func)
    return Targets(codes_true, codes_pred, "codes", 0, classes, weights)


def unite_labels(first, second, func):
    """The sorted union of two arrays of distinct labels, exact for every type.

    Returns the union and the position in it of each label of ``first`` and
    of ``second``. Labels of different types (numbers and strings) cannot be
    united: a TypeError says so.
    """
    families = [
        {
            "numeric" if isinstance(label, numbers.Number) else type(label).__name__
            for label in map(as_python_scalar, array.tolist())
        }
        for array in (first, second)
    ]
    if len(families[0] | families[1]) > 1:
        raise TypeError(
            f"{func} cannot unite labels of different types: "
            f"{sorted(families[0])} and {sorted(families[1])}."
        )
    targets = _encode_with_unique(first, second, None, func)
    return targets.values, targets.y_true, targets.y_pred


def _check_one_family(classes, y_true, y_pred, func):
    """Object labels may sort fine yet mix numbers with strings (e.g. 1 and True)."""
    families = {
        "numeric" if isinstance(label, numbers.Number) else type(label).__name__
        for label in classes.tolist()
    }
    if len(families) > 1:
        raise _mixed_types_error(y_true, y_pred, func)
