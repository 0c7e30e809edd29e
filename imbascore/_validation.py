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
from dataclasses import dataclass

import numpy as np

from ._formulas import DPRIME_CORRECTIONS

__all__ = [
    "Targets",
    "check_average",
    "check_bool",
    "check_choice",
    "check_metric_params",
    "check_targets",
    "check_unit_interval",
    "check_zero_division",
    "param_error",
]

AVERAGE_OPTIONS = ("binary", "macro", "weighted", None)

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


def _is_real(value):
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


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
    """Check that ``value`` is a bool (not merely truthy)."""
    if not isinstance(value, bool):
        raise TypeError(param_error(func, name, "a bool", value))
    return value


def _check_correction(value, name, func):
    return check_choice(value, name, DPRIME_CORRECTIONS, func)


# The parameters particular to some metrics, and how each is checked.
_METRIC_PARAMETER_CHECKS = {
    "alpha": check_unit_interval,
    "squared": check_bool,
    "weight": check_unit_interval,
    "correction": _check_correction,
}


def check_metric_params(params, func):
    """Check the metric-specific parameters (alpha, squared, weight, correction)."""
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
    encoding : {"range", "codes"}
    offset : int
        Smallest value of the range (0 for codes).
    values : ndarray of shape (n_values,)
        The label of each value of the range or of each code.
    sample_weight : ndarray of shape (n_samples,) or None
    """

    y_true: np.ndarray
    y_pred: np.ndarray
    encoding: str
    offset: int
    values: np.ndarray
    sample_weight: np.ndarray | None


def _as_label_array(y, name, func):
    """Turn array-likes (lists, numpy, pandas incl. extension dtypes) into 1-D numpy."""
    if isinstance(y, str | bytes | numbers.Number) or y is None:
        raise TypeError(
            param_error(func, name, "an array-like of shape (n_samples,)", y)
        )
    dtype = getattr(y, "dtype", None)
    if not isinstance(dtype, np.dtype | None) and hasattr(y, "isna"):
        # pandas extension arrays (nullable, categorical, string): find missing
        # values before numpy turns pd.NA into objects or NaN.
        if np.asarray(y.isna()).any():
            raise ValueError(_missing_message(name, func))
        numpy_dtype = getattr(dtype, "numpy_dtype", None)
        if numpy_dtype is not None and numpy_dtype.kind in _NUMERIC_KINDS:
            y = y.to_numpy(dtype=numpy_dtype)
    array = np.asarray(y)
    if array.ndim != 1:
        hint = (
            "Pass a 1-D array; use np.ravel(y) for a column vector."
            if array.ndim == 2 and array.shape[1] == 1
            else "Multilabel and multioutput targets are not supported."
        )
        raise ValueError(
            param_error(
                func,
                name,
                "a 1-D array-like of shape (n_samples,)",
                f"an array of shape {array.shape}",
                hint,
            )
        )
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
            "Convert both arrays to the same type, e.g. y.astype(str).",
        )
    )


def _check_sample_weight(sample_weight, n_samples, func):
    if sample_weight is None:
        return None
    try:
        weights = np.asarray(sample_weight, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(
            param_error(func, "sample_weight", "an array of numbers", sample_weight)
        ) from None
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
    if kind_true in _NUMERIC_KINDS and kind_pred in _NUMERIC_KINDS:
        for array, name in ((y_true, "y_true"), (y_pred, "y_pred")):
            if array.dtype.kind == "f":
                _check_float_labels(array, name, func)
        low = min(y_true.min(), y_pred.min()).item()
        high = max(y_true.max(), y_pred.max()).item()
        n_values = int(high) - int(low) + 1
        if n_values <= _MAX_RANGE and -(2**63) <= low and high < 2**63:
            dtype = np.result_type(y_true.dtype, y_pred.dtype)
            values = (np.arange(n_values) + int(low)).astype(dtype)
            return Targets(y_true, y_pred, "range", int(low), values, weights)
    elif _family(kind_true) != _family(kind_pred) and "O" not in (
        kind_true,
        kind_pred,
    ):
        raise _mixed_types_error(y_true, y_pred, func)
    return _encode_with_unique(y_true, y_pred, weights, func)


def _encode_with_unique(y_true, y_pred, weights, func):
    """Encode labels that are not small integers into codes 0 .. n_values - 1."""
    both = (
        np.concatenate([y_true.astype(object), y_pred.astype(object)])
        if (y_true.dtype.kind == "O" or y_pred.dtype.kind == "O")
        else np.concatenate([y_true, y_pred])
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


def _check_one_family(classes, y_true, y_pred, func):
    """Object labels may sort fine yet mix numbers with strings (e.g. 1 and True)."""
    families = {
        "numeric" if isinstance(label, numbers.Number) else type(label).__name__
        for label in classes.tolist()
    }
    if len(families) > 1:
        raise _mixed_types_error(y_true, y_pred, func)
