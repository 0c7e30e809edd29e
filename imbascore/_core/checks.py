"""The rules every input family shares: parameters, labels, weights, lengths.

Each bad input becomes a ``ValueError`` or ``TypeError`` whose text names the
function, the parameter, the rule and the value received. The adapters of
:mod:`imbascore._core.inputs` check what is particular to their family of inputs
and call these for the rest; this module imports nothing of the package but
:mod:`.frames` (weights from a dataframe library's column).
"""

import difflib
import functools
import numbers
from collections.abc import Iterator, Mapping, Set

import numpy as np
from scipy import sparse

from .frames import frame_column

__all__ = [
    "AVERAGE_OPTIONS",
    "CALLER",
    "CHUNK",
    "as_python_scalar",
    "bad_param",
    "check_average",
    "check_bool",
    "check_choice",
    "check_confidence_level",
    "check_label_families",
    "check_length",
    "check_labels",
    "check_n_resamples",
    "check_pos_label",
    "check_sample_weight",
    "check_weight_shape",
    "check_seed",
    "check_unit_interval",
    "check_zero_division",
    "continuous_message",
    "describe",
    "from_frame",
    "index_of",
    "did_you_mean",
    "is_missing",
    "is_real",
    "label_array",
    "label_family",
    "missing_message",
    "param_error",
    "preview",
    "public",
    "raise_named",
    "unknown_pos_label",
]

AVERAGE_OPTIONS = ("binary", "micro", "macro", "weighted", "samples", None)

# Chunk length for passes over labels (bounds temporary memory).
CHUNK = 1 << 16


#: Stands for the public function the user called, in the text of an error
#: raised below it: the code below the door need not know who called it;
#: :func:`public` writes the name in.
CALLER = "<the function called>"


def public(function):
    """Name ``function`` in the errors raised below it (as scikit-learn's
    ``validate_params`` names the function the user called).

    A ``ValueError`` or ``TypeError`` whose text holds :data:`CALLER` is
    raised again, of the same type, with ``function``'s name in its place.
    Public functions that call each other: the outermost, the one the user
    called, is named (each door keeps the text it was given).
    """
    name = function.__qualname__

    @functools.wraps(function)
    def door(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except (ValueError, TypeError) as error:
            raise_named(error, name)

    return door


def raise_named(error, name):
    """Raise ``error`` again with ``name`` for :data:`CALLER` (or as it is, if
    its text does not hold it): the one step of every door."""
    named = _naming(error, name)
    if named is None:
        raise error
    raise named.with_traceback(error.__traceback__) from error.__cause__


def _naming(error, name):
    """``error`` again with ``name`` for :data:`CALLER`, or None if its text
    does not hold it."""
    template = getattr(error, "_caller_template", None)
    if template is None:
        if not error.args or CALLER not in str(error.args[0]):
            return None
        template = str(error.args[0])
    try:
        named = type(error)(template.replace(CALLER, name), *error.args[1:])
    except Exception:  # an error type with another signature: leave it be
        return None
    named._caller_template = template
    return named


def param_error(func, param, rule, got, hint=""):
    """Message in scikit-learn's ``validate_params`` wording, plus a hint."""
    message = f"The {param!r} parameter of {func} must be {rule}. Got {got!r} instead."
    return f"{message} {hint}" if hint else message


def bad_param(func, param, rule, got, hint="", *, error=ValueError):
    """The ``error`` (a ``ValueError`` unless told) of a parameter that
    breaks its rule, with :func:`param_error`'s text: one call where each
    check raised ``ValueError(param_error(...))``."""
    return error(param_error(func, param, rule, got, hint))


def check_length(length, n_samples, name, func, reference="y_true"):
    """``name`` (of ``length`` rows) has as many rows as ``reference``."""
    if length != n_samples:
        raise bad_param(
            func,
            name,
            f"of the same length as {reference} ({n_samples})",
            f"an array of length {length}",
        )


def preview(values, limit=10):
    """The first ``limit`` of ``values`` (an array), for an error message."""
    listed = values.tolist()
    return repr(listed) if len(listed) <= limit else f"{listed[:limit]!r}[:{limit}]..."


def unknown_pos_label(func, classes, pos_label, *, where="present", role=""):
    """The error for a ``pos_label`` that is none of ``classes``, in one
    wording for every function: ``where`` says which labels (``"present"``
    in the inputs, ``"of y_true"``, ...), ``role`` what the positive class
    is for there."""
    rule = f"one of the labels {where}, {preview(classes)}"
    return bad_param(func, "pos_label", f"{rule} ({role})" if role else rule, pos_label)


def did_you_mean(name, names):
    """``"Did you mean 'gmean'?"``: the valid ``names`` closest to ``name``, or
    ``""`` if none is close. A name that differs only in case (``"IBA"``) is
    the answer on its own; otherwise up to three by :mod:`difflib`'s ratio.
    The one hint of every unknown-name error (scorers, metrics, datasets)."""
    names = [str(valid) for valid in names]
    text = str(name)
    close = [valid for valid in names if valid.lower() == text.lower()]
    if not close:
        close = difflib.get_close_matches(text, names, n=3, cutoff=0.6)
    if not close and text != text.lower():
        close = difflib.get_close_matches(text.lower(), names, n=3, cutoff=0.6)
    return f"Did you mean {' or '.join(map(repr, close))}?" if close else ""


def as_python_scalar(value):
    """A numpy scalar (``np.int64``, ``np.str_``, ``np.True_``) as its Python value."""
    return value.item() if isinstance(value, np.generic) else value


def is_real(value):
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
        raise bad_param(
            func,
            "pos_label",
            rule if required else f"{rule} or None",
            pos_label,
            "It is a label of the positive class, not a list of labels."
            if isinstance(pos_label, list | tuple | np.ndarray)
            else "",
            error=TypeError,
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
        raise bad_param(func, "labels", "a 1-D list of labels", labels, error=TypeError)
    values = labels.tolist() if isinstance(labels, np.ndarray) else list(labels)
    values = [as_python_scalar(value) for value in values]
    if not values or not all(_is_label(value) for value in values):
        raise bad_param(func, "labels", "a non-empty 1-D list of labels", values)
    if len({(label_family(v), v) for v in values}) != len(values):
        raise bad_param(func, "labels", "a list of distinct labels", values)
    return tuple(values)


_FAMILY_NAMES = {"number": "numeric", "str": "str", "bytes": "bytes"}


def check_label_families(labels, classes, func):
    """Refuse ``labels`` of a type family the data do not have.

    A string label on numeric data (``'1'`` beside the class ``1``), or a
    number on string data, can never match a class: it would be scored as an
    absent class, quietly. ``classes`` are the data's labels (one family).
    """
    if labels is None or not len(classes):
        return
    families = {label_family(as_python_scalar(c)) for c in classes.tolist()}
    foreign = [label for label in labels if label_family(label) not in families]
    if foreign:
        kinds = " and ".join(sorted(_FAMILY_NAMES[f] for f in families))
        raise bad_param(
            func,
            "labels",
            f"labels of the same type as the data ({kinds} labels)",
            list(labels),
            f"{foreign[0]!r} is a {type(foreign[0]).__name__}: it can never "
            "match a class of the data.",
            error=TypeError,
        )


def check_unit_interval(value, name, func):
    """Return ``value`` as a float after checking it lies in [0, 1]."""
    if not is_real(value) or not 0.0 <= value <= 1.0:
        raise bad_param(func, name, "a float in the range [0, 1]", value)
    return float(value)


def check_choice(value, name, options, func):
    """Check that ``value`` is one of ``options`` (compared with ``==``)."""
    if isinstance(value, str | type(None) | bool) and value in options:
        return value
    listed = ", ".join(repr(option) for option in options)
    raise bad_param(func, name, f"one of {{{listed}}}", value)


def check_average(average, func, *, multiclass=False):
    """Check ``average``; ``multiclass`` says whether "multiclass" is allowed."""
    options = AVERAGE_OPTIONS + (("multiclass",) if multiclass else ())
    return check_choice(average, "average", options, func)


def check_zero_division(zero_division, func):
    """Return the fill value for undefined metrics and whether to warn."""
    if isinstance(zero_division, str) and zero_division == "warn":
        return 0.0, True
    if is_real(zero_division) and (
        zero_division in (0.0, 1.0) or np.isnan(zero_division)
    ):
        return float(zero_division), False
    raise bad_param(
        func, "zero_division", "one of {'warn', 0.0, 1.0, nan}", zero_division
    )


def check_bool(value, name, func):
    """Check that ``value`` is a bool or ``np.bool_`` (not merely truthy)."""
    if not isinstance(value, bool | np.bool_):
        raise bad_param(func, name, "a bool", value, error=TypeError)
    return bool(value)


def describe(value):
    """What a non-array input is, for error messages ("a set", "a generator")."""
    if sparse.issparse(value):
        return f"a scipy.sparse {type(value).__name__}"
    return f"a {type(value).__name__}"


def _has_nulls(values):
    """Whether pandas' nullable numbers or a pyarrow array hold nulls, which
    numpy would turn into NaN."""
    if isinstance(getattr(values, "null_count", None), int):  # pyarrow
        return values.null_count > 0
    return (
        not isinstance(getattr(values, "dtype", None), np.dtype | None)
        and hasattr(values, "isna")
        and bool(np.asarray(values.isna()).any())
    )


def check_sample_weight(sample_weight, n_samples, func):
    if sample_weight is None:
        return None
    rule = "an array of real numbers"
    values = from_frame(sample_weight, "sample_weight", func)
    if values is sample_weight and _has_nulls(sample_weight):  # not a frame's
        raise ValueError(missing_message("sample_weight", func))
    sample_weight = values
    if sparse.issparse(sample_weight) or isinstance(
        sample_weight, Mapping | Set | Iterator | str | bytes
    ):
        raise bad_param(
            func, "sample_weight", rule, describe(sample_weight), error=TypeError
        )
    try:
        weights = np.asarray(sample_weight)
        # Python numbers; missing ones (None, pd.NA) said as such, complex fail
        if weights.dtype.kind == "O" and not any(
            is_missing(value) for value in weights.ravel().tolist()
        ):
            weights = weights.astype(np.float64)
    except (TypeError, ValueError):
        raise bad_param(
            func, "sample_weight", rule, sample_weight, error=TypeError
        ) from None
    if weights.dtype.kind == "O":
        raise ValueError(missing_message("sample_weight", func))
    if weights.dtype.kind not in "biuf":
        # complex weights would lose their imaginary part in silence
        raise bad_param(
            func,
            "sample_weight",
            rule,
            f"an array of dtype {weights.dtype}",
            error=TypeError,
        )
    weights = weights.astype(np.float64, copy=False)
    if weights.ndim == 2 and weights.shape[1] == 1:
        weights = weights[:, 0]
    check_weight_shape(weights.shape, n_samples, func)
    if not np.isfinite(weights).all():
        raise bad_param(func, "sample_weight", "finite", "an array with NaN or inf")
    if (weights < 0).any():
        raise bad_param(
            func,
            "sample_weight",
            "non-negative",
            f"an array with minimum {float(weights.min())!r}",
        )
    return weights


def check_weight_shape(shape, n_samples, func):
    """``sample_weight`` (of ``shape``) is 1-D, one weight per sample."""
    if len(shape) != 1 or shape[0] != n_samples:
        raise bad_param(
            func,
            "sample_weight",
            f"a 1-D array of shape ({n_samples},), like y_true",
            f"an array of shape {tuple(shape)}",
        )


def from_frame(y, name, func):
    """A dataframe library's column as Arrow (categories, strings) or numpy
    (numbers), its missing values refused; ``y`` itself for anything else."""
    column = frame_column(y)
    if column is None:
        return y
    if column.n_missing:
        raise ValueError(missing_message(name, func))
    return column.values


def missing_message(name, func):
    return param_error(
        func,
        name,
        "free of missing values (NaN, None, pd.NA)",
        "an array with missing values",
        "Drop or impute those samples before scoring.",
    )


def continuous_message(name, func, example):
    return param_error(
        func,
        name,
        "an array of class labels, not continuous values",
        f"an array containing {example!r}",
        "Pass class predictions, e.g. estimator.predict(X) or "
        "(y_score >= threshold).astype(int), not probabilities or decision scores.",
    )


def is_missing(label):
    """None, NaN, pd.NA or NaT (checked without importing pandas)."""
    return (
        label is None
        or (isinstance(label, float) and label != label)
        or type(label).__name__ in ("NAType", "NaTType")
    )


def index_of(classes, label):
    """Position of ``label`` among ``classes``, or -1.

    Labels are compared as Python scalars of the same family (see
    :func:`label_family`): ``"1"`` is not ``1``.
    """
    family = label_family(label)
    values = classes.tolist()
    if classes.dtype.kind == "O":  # may hold numpy scalars
        values = [as_python_scalar(value) for value in values]
    for position, value in enumerate(values):
        if value == label and label_family(value) == family:
            return position
    return -1


def label_array(values):
    """Labels as an array, without numpy's coercion of mixed types to str.

    Python integers beyond int64 would become float64 (losing digits and
    their names); they are kept as uint64 if all fit, else as objects.
    """
    types = {type(value) for value in values}
    if types == {int}:
        for dtype in (np.int64, np.uint64):
            try:
                return np.array(values, dtype=dtype)
            except OverflowError:
                pass
    elif len(types) <= 1:
        return np.asarray(values)
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return array


def check_confidence_level(level, func):
    """A confidence level: a float in (0, 1), not a bool."""
    if (
        isinstance(level, bool)
        or not isinstance(level, int | float | np.floating)
        or not 0 < level < 1
    ):
        raise bad_param(func, "confidence_level", "a float in (0, 1)", level)
    return float(level)


def check_n_resamples(n_resamples, func):
    """A number of resamples or draws: an int >= 1, not a bool."""
    if (
        isinstance(n_resamples, bool)
        or not isinstance(n_resamples, int | np.integer)
        or n_resamples < 1
    ):
        raise bad_param(func, "n_resamples", "an int >= 1", n_resamples)
    return int(n_resamples)


def check_seed(random_state, func):
    """A ``random_state`` as scikit-learn takes it (None, an int, a
    ``RandomState``), as a ``RandomState``; anything else is blamed on
    ``random_state`` of ``func`` (scikit-learn's own message names neither)."""
    if random_state is None or isinstance(random_state, np.random.RandomState):
        return np.random.mtrand._rand if random_state is None else random_state
    if isinstance(random_state, numbers.Integral) and not isinstance(
        random_state, bool
    ):
        if 0 <= random_state < 2**32:
            return np.random.RandomState(int(random_state))
    raise bad_param(
        func,
        "random_state",
        "an int in [0, 2**32 - 1], a numpy RandomState instance or None",
        random_state,
    )
