"""Counts at another class ratio: each true class's row rescaled, its rates kept.

A classifier's rates (each true class's row of the confusion matrix, as
fractions) do not depend on how many samples of each class the test data
holds; precision, F1, accuracy and the like do. Rescaling every row to the
deployment's share of the total (the rows' proportions unchanged) gives the
table that data at that ratio would give in expectation, so every metric
reads there. The total weight is kept, and so is each class's effective
number of samples: the rescaled table carries squared weights scaled with
its rows, so that the extreme-rate correction of d' and the intervals see the
samples that were counted, not the rescaled sums.
"""

import numbers
from collections.abc import Mapping

import numpy as np
from scipy import sparse

from ..checks import (
    as_python_scalar,
    bad_param,
    check_pos_label,
    is_real,
    unknown_pos_label,
)
from .joint import ContingencyTable
from .select import index_of

__all__ = [
    "PRIOR_SUM_TOLERANCE",
    "check_prevalence",
    "check_priors",
    "rescale_rows",
    "row_factors",
]

#: How far from 1 a vector of priors may sum (rounding of decimal input).
PRIOR_SUM_TOLERANCE = 1e-9

_RULE = (
    "a float in (0, 1) (the fraction of pos_label) for two classes, or one "
    "prior per label (a sequence in the order of the labels, or a dict "
    "{label: prior}) summing to 1"
)


def check_prevalence(prevalence, func):
    """``prevalence`` checked for what it can be without the labels: a float
    in (0, 1), a tuple of priors or a dict ``{label: prior}`` of priors in
    [0, 1] summing to 1."""
    if isinstance(prevalence, bool | np.bool_ | str | bytes) or prevalence is None:
        raise bad_param(func, "prevalence", _RULE, prevalence, error=TypeError)
    if isinstance(prevalence, numbers.Real):
        if not (np.isfinite(prevalence) and 0.0 < prevalence < 1.0):
            raise bad_param(func, "prevalence", "in (0, 1)", prevalence)
        return float(prevalence)
    if isinstance(prevalence, Mapping):
        checked = {
            as_python_scalar(label): _one_prior(prior, prevalence, func)
            for label, prior in prevalence.items()
        }
        priors = list(checked.values())
    else:
        try:
            values = list(prevalence)
        except TypeError:
            raise bad_param(
                func, "prevalence", _RULE, prevalence, error=TypeError
            ) from None
        checked = priors = tuple(
            _one_prior(value, prevalence, func) for value in values
        )
    total = float(np.sum(priors))
    if abs(total - 1.0) > PRIOR_SUM_TOLERANCE:
        raise bad_param(
            func,
            "prevalence",
            f"priors that sum to 1 (within {PRIOR_SUM_TOLERANCE:g})",
            prevalence,
            f"They sum to {total!r}.",
        )
    return checked


def _one_prior(prior, prevalence, func):
    if not is_real(prior) or not np.isfinite(prior) or not 0.0 <= prior <= 1.0:
        raise bad_param(
            func,
            "prevalence",
            "priors that are real numbers in [0, 1]",
            prevalence,
            f"{prior!r} is not.",
        )
    return float(prior)


def _binary_priors(prevalence, labels, pos_label, func):
    if len(labels) != 2:
        raise bad_param(
            func,
            "prevalence",
            f"one prior per label for {len(labels)} labels (a float is the "
            "fraction of pos_label among two)",
            prevalence,
            f"The labels are {labels.tolist()!r}.",
        )
    pos_label = check_pos_label(pos_label, func, required=True)
    position = index_of(labels, pos_label)
    if position < 0:
        role = "the class whose fraction prevalence gives"
        raise unknown_pos_label(func, labels, pos_label, role=role)
    priors = np.full(2, 1.0 - prevalence)
    priors[position] = prevalence
    return priors


def _mapped_priors(prevalence, labels, func):
    priors, given = np.zeros(len(labels)), set()
    for label, prior in prevalence.items():
        position = index_of(labels, label)
        if position < 0:
            raise bad_param(
                func,
                "prevalence",
                f"a dict whose keys are among the labels {labels.tolist()!r}",
                prevalence,
                f"{label!r} is not a label of the counts.",
            )
        priors[position] = prior
        given.add(position)
    missing = [label for i, label in enumerate(labels.tolist()) if i not in given]
    if missing:
        raise bad_param(
            func,
            "prevalence",
            "a dict with a prior for every label",
            prevalence,
            f"Missing: {missing!r}.",
        )
    return priors


def check_priors(prevalence, labels, pos_label, func):
    """The prior of each of ``labels`` (sorted labels of the counts), checked.

    ``prevalence`` is a float (two labels: the fraction of ``pos_label``), a
    sequence aligned with ``labels`` or a dict ``{label: prior}``.
    """
    labels = np.asarray(labels)
    checked = check_prevalence(prevalence, func)
    if isinstance(checked, float):
        return _binary_priors(checked, labels, pos_label, func)
    if isinstance(checked, dict):
        return _mapped_priors(checked, labels, func)
    if len(checked) != len(labels):
        raise bad_param(
            func,
            "prevalence",
            f"one prior per label ({len(labels)}: {labels.tolist()!r})",
            prevalence,
            f"It has {len(checked)}.",
        )
    return np.array(checked)


def row_factors(rows, priors, labels, func):
    """The factor of each row (sums ``rows``, classes ``labels``) that gives
    its class ``priors`` of the total. A class without true samples has no
    rates to keep: its prior must be 0; one with samples needs a prior."""
    empty = (rows <= 0) & (priors > 0)
    if empty.any():
        first = np.flatnonzero(empty)[0]
        raise bad_param(
            func,
            "prevalence",
            "0 for a class without true samples (its rates are undefined)",
            float(priors[first]),
            f"Class {as_python_scalar(labels[first])!r} has no true samples.",
        )
    dropped = (rows > 0) & (priors <= 0)
    if dropped.any():
        first = np.flatnonzero(dropped)[0]
        raise bad_param(
            func,
            "prevalence",
            "a prior above 0 for every class with true samples",
            0.0,
            f"Class {as_python_scalar(labels[first])!r} has {rows[first]:g} "
            "true samples; leave it out of the counts to score without it.",
        )
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(rows > 0, priors * rows.sum() / rows, 0.0)


def rescale_rows(table, factors):
    """``table`` with each true class's row multiplied by its factor (see
    :func:`row_factors`), aligned with ``table.classes``."""
    rows = table.support
    joint = table.joint
    if sparse.issparse(joint):
        joint = sparse.csr_matrix(sparse.diags(factors) @ joint)
    else:
        joint = joint * factors[:, None]
    # Sums of squared weights scale with the square of their row's factor:
    # the effective number of samples of each class stays what was counted.
    if table.squared_weights is None:
        sums, scales = rows.copy(), np.ones(len(rows))
    else:
        sums, scales = table.squared_weights
    scales = np.where(factors > 0, scales * factors, scales)
    return ContingencyTable(joint, table.classes, (sums, scales))
