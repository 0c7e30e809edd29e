"""The score door: the truth, scores and weights of one binary problem.

Every public function that takes ``y_score``, ``y_proba`` or ``proba`` (the
threshold curve and what is built on it: best thresholds, operating points
and their scores, decision curves; the correction of probabilities for a
class ratio) reads them here, once: ``y_true`` of at most two
classes, scores 1-D, real, finite and as long as ``y_true`` (probabilities
in [0, 1] where the function reads them as risks), the weights checked, and
``pos_label`` resolved against the classes with one wording. Errors name the
function called and its own parameter (``y_score`` or ``y_proba``).
"""

import math
import numbers
from dataclasses import dataclass

import numpy as np

from ..checks import (
    CHUNK,
    bad_param,
    check_length,
    check_pos_label,
    check_sample_weight,
    from_frame,
    index_of,
    label_array,
    label_family,
    unknown_pos_label,
)
from .array_api import array_api_namespace, host_only_error
from .arrays import as_label_array, check_float_labels

__all__ = [
    "ScoreInputs",
    "binary_classes",
    "check_probability_range",
    "check_probability_rows",
    "check_scores",
    "read_scores",
    "resolve_pos_label",
    "score_extremes",
]


@dataclass(frozen=True)
class ScoreInputs:
    """What the score door hands on: checked arrays and the positive class."""

    truth: np.ndarray
    scores: np.ndarray
    weights: np.ndarray | None
    classes: np.ndarray
    pos_label: object
    low: float
    high: float


def read_scores(
    y_true,
    y_score,
    sample_weight,
    func,
    *,
    pos_label,
    name="y_score",
    probabilities=False,
):
    """The checked inputs of ``func``; ``name`` is its scores' parameter and
    ``probabilities`` refuses scores outside [0, 1]."""
    arrays = {"y_true": y_true, name: y_score, "sample_weight": sample_weight}
    if array_api_namespace(arrays, func) is not None:
        # the score side sorts and resamples on the host: said, not copied
        raise host_only_error(func, name)
    truth = as_label_array(y_true, "y_true", func)
    scores, low, high = check_scores(y_score, truth.shape[0], func, name)
    if probabilities:
        check_probability_range(low, high, func, name)
    weights = check_sample_weight(sample_weight, truth.shape[0], func)
    classes = binary_classes(truth, func)
    pos_label = resolve_pos_label(classes, pos_label, func)
    return ScoreInputs(truth, scores, weights, classes, pos_label, low, high)


def check_probability_range(low, high, func, name):
    """Scores read as risks lie in [0, 1] (``low`` and ``high``: the
    smallest and largest of them)."""
    if low < 0.0 or high > 1.0:
        raise bad_param(
            func,
            name,
            "probabilities in [0, 1]",
            f"values from {low:g} to {high:g}",
            "Pass predict_proba(X)[:, 1], not decision_function(X).",
        )


def check_probability_rows(proba, func, name="proba"):
    """Probabilities of a model, 1-D (the positive class's) or one row per
    sample and a column per class (``predict_proba``'s output), as floats."""
    try:
        values = np.asarray(proba, dtype=float)
    except (TypeError, ValueError):
        raise bad_param(
            func, name, "an array of probabilities", proba, error=TypeError
        ) from None
    if values.ndim not in (1, 2) or values.shape[0] == 0:
        raise bad_param(
            func,
            name,
            "a non-empty array of shape (n_samples,) (positive-class "
            "probabilities) or (n_samples, n_classes)",
            f"an array of shape {values.shape}",
        )
    if values.ndim == 2 and values.shape[1] < 2:
        raise bad_param(func, name, "at least two columns", f"shape {values.shape}")
    if np.isnan(values).any():
        # NaN first: nanmin and nanmax would report the other values only
        raise bad_param(
            func,
            name,
            "probabilities in [0, 1], free of NaN",
            f"an array with {int(np.isnan(values).sum())} NaN",
        )
    if not (np.isfinite(values).all() and values.min() >= 0 and values.max() <= 1):
        raise bad_param(
            func,
            name,
            "probabilities in [0, 1]",
            f"values in [{float(values.min())!r}, {float(values.max())!r}]",
        )
    if values.ndim == 2:
        # rows that do not sum to 1 are not predict_proba's output (a column
        # missing, or scores): renormalising them would hide that. Rounded
        # probabilities (3 decimals of 10 classes: 0.995) are renormalised.
        sums = values.sum(axis=1)
        off = np.flatnonzero(np.abs(sums - 1.0) > 0.01)
        if off.size:
            raise bad_param(
                func,
                name,
                "rows of probabilities that sum to 1 (predict_proba's output, "
                "within 0.01)",
                f"row {off[0]} summing to {sums[off[0]]:.6g}",
            )
    return values


def check_scores(y_score, n_samples, func, name="y_score"):
    """``y_score`` (the parameter ``name`` of ``func``) as a 1-D real array,
    with its smallest and largest value."""
    rule = "a 1-D array of real scores of shape (n_samples,)"
    if isinstance(y_score, str | bytes | numbers.Number) or y_score is None:
        raise bad_param(func, name, rule, y_score, error=TypeError)
    y_score = from_frame(y_score, name, func)
    try:
        scores = np.asarray(y_score)
        if scores.dtype.kind == "O":
            scores = scores.astype(np.float64)
    except (TypeError, ValueError):
        raise bad_param(
            func, name, rule, "an array of non-numeric values", error=TypeError
        ) from None
    if scores.ndim == 2 and scores.shape[1] == 1:
        scores = scores[:, 0]
    if scores.ndim != 1:
        hint = (
            "For predict_proba output pass the positive class's column, e.g. "
            "y_proba[:, 1]."
            if scores.ndim == 2
            else ""
        )
        raise bad_param(func, name, rule, f"an array of shape {scores.shape}", hint)
    if scores.dtype.kind not in "biuf":
        raise bad_param(
            func, name, rule, f"an array of dtype {scores.dtype}", error=TypeError
        )
    check_length(scores.shape[0], n_samples, name, func)
    # NaN propagates to the extremes: no temporaries
    low, high = score_extremes(np.min(scores), np.max(scores), func, name)
    return scores, low, high


def score_extremes(low, high, func, name):
    """The smallest and largest score as floats, checked free of NaN and inf."""
    low, high = float(low), float(high)
    if math.isnan(low) or math.isnan(high):
        raise bad_param(
            func,
            name,
            "free of NaN",
            "an array with NaN",
            "Drop or impute those samples before thresholding.",
        )
    if not (math.isfinite(low) and math.isfinite(high)):
        raise bad_param(func, name, "finite", "an array with inf")
    return low, high


def binary_classes(y_true, func):
    """The distinct labels of ``y_true``, sorted (at most two, else an error)."""
    if y_true.dtype.kind in "biuf":
        if y_true.dtype.kind == "f":
            check_float_labels(y_true, "y_true", func)
        low, high = y_true.min(), y_true.max()
        others = 0
        if low != high:
            for start in range(0, y_true.shape[0], CHUNK):
                chunk = y_true[start : start + CHUNK]
                others += np.count_nonzero((chunk != low) & (chunk != high))
                if others:
                    break
        classes = label_array(
            [low.item()] if low == high else [low.item(), high.item()]
        )
        if not others:
            return classes
        found = np.unique(y_true)
    else:
        found = np.array([], dtype=y_true.dtype)
        try:
            for start in range(0, y_true.shape[0], CHUNK):
                found = np.union1d(found, np.unique(y_true[start : start + CHUNK]))
                if len(found) > 2:
                    break
        except TypeError:
            kinds = sorted({type(v).__name__ for v in y_true.tolist()})
            raise bad_param(
                func,
                "y_true",
                "labels of one type",
                f"labels of types {kinds}",
                error=TypeError,
            ) from None
        if len(found) <= 2:
            return label_array(found.tolist())
    shown = found.tolist()
    shown = repr(shown) if len(shown) <= 10 else f"{shown[:10]!r}[:10]..."
    raise bad_param(
        func,
        "y_true",
        "binary (labels of two classes)",
        f"{len(found)}+ classes: {shown}",
        "For multiclass scores, threshold one class against the rest: "
        "pass y_true == label and that class's scores.",
    )


def resolve_pos_label(classes, pos_label, func):
    """The positive label (scikit-learn's default: 1 for {0, 1} or {-1, 1})."""
    listed = classes.tolist()
    if pos_label is None:
        numeric = classes.dtype.kind in "biuf"
        if numeric and (set(listed) <= {0, 1} or set(listed) <= {-1, 1}):
            return 1
        raise bad_param(
            func,
            "pos_label",
            "given when the classes of y_true are not {0, 1} or {-1, 1}",
            pos_label,
            f"The classes are {listed}: which is positive?",
        )
    pos_label = check_pos_label(pos_label, func, required=True)
    present = index_of(classes, pos_label) >= 0
    same_family = label_family(pos_label) == label_family(listed[0])
    if not present and (len(listed) == 2 or not same_family):
        raise unknown_pos_label(func, classes, pos_label, where="of y_true")
    return pos_label
