"""One metric call split in two: its options checked once, then its value.

The public ``*_score`` functions check their options and count their targets
on every call. The multi-metric scorer checks the options of every metric when
it is built and counts each fold once, then asks each metric for its value
from the same table. Both go through :func:`check_metric_options` and
:func:`score_table`, so the numbers cannot drift apart.
"""

from dataclasses import dataclass, field
from typing import Any

from .._core.checks import (
    check_average,
    check_labels,
    check_pos_label,
    check_zero_division,
    param_error,
)
from .._core.engine.select import (
    OneVsRestCounts,
    binary_cells,
    micro_counts,
    select_counts,
)
from .._specs.catalogue import BY_NAME, label_specs, metric_info
from .per_class import (
    MULTICLASS,
    average_values,
    binary_value,
    per_class_values,
)

__all__ = [
    "METRIC_PARAMETERS",
    "MetricOptions",
    "check_metric_options",
    "check_metric_options_once",
    "plain_binary",
    "plain_counts",
    "plain_value",
    "check_metric_params",
    "score_counts",
    "score_table",
    "select_for",
    "selection_key",
]


@dataclass(frozen=True)
class MetricOptions:
    """Checked options of one metric (``name`` names a spec of labels)."""

    name: str
    func: str
    labels: object
    pos_label: object
    average: object
    fill: float
    warn: bool
    params: dict = field(default_factory=dict)
    #: The metric's spec (read by the value, never pickled: see below).
    spec: Any = field(default=None, compare=False, repr=False)

    def __getstate__(self):  # the spec is the registry's: found again by name
        return {k: v for k, v in self.__dict__.items() if k != "spec"}

    def __setstate__(self, state):
        self.__dict__.update(state, spec=BY_NAME.get(state["name"]))


def check_metric_options(
    name, func, *, labels, pos_label, average, zero_division, **params
):
    """Check every option of a metric call; none is left for the data to reveal.

    ``labels`` and ``pos_label`` are checked here too, so that a scorer
    factory refuses them when the scorer is built.
    """
    spec = metric_info(name)
    average = check_average(average, func, multiclass=spec.multiclass is not None)
    fill, warn = check_zero_division(zero_division, func)
    for option in params:  # an option of another metric (sensitivity's alpha)
        if option not in spec.checks:
            raise _unexpected_option(func, option, spec.checks, repr(name))
    params = check_metric_params(params, func, spec)
    if warn and spec.nan_when_undefined:
        fill = float("nan")
    if params.get("zero_recall", 0.0) != 0.0 and average != "multiclass":
        raise ValueError(
            param_error(
                func,
                "zero_recall",
                "0.0 unless average='multiclass' (it replaces the zero recalls "
                "of the multiclass G-mean)",
                params["zero_recall"],
            )
        )
    return MetricOptions(
        name,
        func,
        check_labels(labels, func),
        check_pos_label(pos_label, func, required=average == "binary"),
        average,
        fill,
        warn,
        params,
        spec,
    )


#: Checked options of recent calls, by their exact values and types: a
#: cross-validation loop checks the same options on every fold.
_CHECKED: dict[Any, Any] = {}
_CHECKED_MAX = 512
_PLAIN = (str, int, float, bool, type(None))


def check_metric_options_once(
    name, func, *, labels, pos_label, average, zero_division, **params
):
    """:func:`check_metric_options`, remembered for options of plain types
    (``labels=None``); others are checked on every call."""
    shared = {
        "labels": labels,
        "pos_label": pos_label,
        "average": average,
        "zero_division": zero_division,
    }
    values = (pos_label, average, zero_division, *params.values())
    if labels is not None or not all(type(v) in _PLAIN for v in values):
        return check_metric_options(name, func, **shared, **params)
    key = (name, func, *params, *((type(v), v) for v in values))
    options = _CHECKED.get(key)
    if options is None:
        options = check_metric_options(name, func, **shared, **params)
        if len(_CHECKED) >= _CHECKED_MAX:  # NaN keys never match: stay bounded
            _CHECKED.clear()
        _CHECKED[key] = options
    return options


def selection_key(options):
    """Options that select the same counts share this key."""
    labels = options.labels  # a checked tuple: hashable, types kept
    if labels is not None:
        labels = tuple((type(label), label) for label in labels)
    return options.average, options.pos_label, labels


#: What a ``multiclass`` kind is, where a user may know it by another name
#: (said by the error of a binary average on many classes).
_MULTICLASS_FORMS = {
    "mean_recall": ": the mean recall, scikit-learn's balanced_accuracy_score"
}


def select_for(options, table, *, stacklevel=2):
    """The one-vs-rest counts that metric ``options`` reads off ``table``."""
    kind = options.spec.multiclass
    return select_counts(
        table,
        labels=options.labels,
        pos_label=options.pos_label,
        average=options.average,
        func=options.func,
        stacklevel=stacklevel + 1,
        averages=("micro", "macro", "weighted", None)
        + (("multiclass",) if kind is not None else ()),
        multiclass_form=_MULTICLASS_FORMS.get(kind, ""),
    )


def score_counts(options, counts, *, stacklevel=2):
    """Value of the metric described by ``options`` from selected ``counts``."""
    if options.average == "multiclass":
        return MULTICLASS[options.spec.multiclass](
            counts,
            options.fill,
            options.warn,
            stacklevel=stacklevel + 1,
            **options.params,
        )
    if options.average == "micro":
        counts = micro_counts(counts)
    values = per_class_values(
        options.spec,
        counts,
        options.fill,
        options.warn,
        stacklevel=stacklevel + 1,
        **options.params,
    )
    if options.average == "micro":
        return float(values[0])
    samplewise = options.average == "samples"
    return average_values(
        values,
        counts.sample_weights if samplewise else counts.positives,
        options.average,
        options.fill,
        warn=options.warn
        and (
            options.spec.readable
            if samplewise
            else _unannounced_zero_support(options.name)
        ),
        stacklevel=stacklevel + 1,
    )


def _unannounced_zero_support(name):
    """Readable name of a metric defined on labels without true samples.

    Such a metric has not warned about them, so an undefined weighted average
    must; the others have named every zero-support label already.
    """
    spec = metric_info(name)
    return None if "positives" in spec.needs else spec.readable


def plain_counts(table, pos_label, *, position=None):
    """The counts of ``pos_label`` (or of the class at ``position``) as four
    plain Python floats, for an unweighted two-class table holding it; None
    for any other table."""
    cells = binary_cells(table, pos_label, position=position)
    if cells is None:
        return None
    return OneVsRestCounts.of_cells(*cells, table.classes, table.joint)


def plain_value(options, counts):
    """The binary value of ``options`` from :func:`plain_counts` (the same
    IEEE arithmetic as the arrays), or None where the general path has more
    to say: an undefined value, a metric of logarithms or quantiles."""
    # Only a metric computed in plain Python from the four cells (not from
    # logarithms or quantiles of arrays) has the same IEEE value this way.
    if not options.spec.plain_arithmetic:
        return None
    return binary_value(options.spec, counts, options.params)


def plain_binary(options, table):
    """:func:`plain_value` read off a counted table, or None."""
    if not options.spec.plain_arithmetic:
        return None
    counts = plain_counts(table, options.pos_label)
    if counts is None:
        return None
    return binary_value(options.spec, counts, options.params)


def score_table(options, table, *, stacklevel=2):
    """Value of the metric described by ``options`` on a counted ``table``."""
    if options.average == "binary":
        value = plain_binary(options, table)
        if value is not None:
            return value
    counts = select_for(options, table, stacklevel=stacklevel + 1)
    return score_counts(options, counts, stacklevel=stacklevel + 1)


def _parameter_constraints():
    """Parameter -> its constraint, over every registered metric of labels
    (a parameter shared by metrics has one rule)."""
    return {
        param: constraint
        for spec in label_specs()
        for param, constraint in spec.checks.items()
    }


#: The parameters the built-in metrics of labels take besides the shared four.
METRIC_PARAMETERS = frozenset(_parameter_constraints())


def _unexpected_option(func, option, taken, owner):
    takes = f"takes {sorted(taken)}" if taken else "takes no option"
    return TypeError(
        f"{func} got an unexpected keyword argument {option!r}: {owner} {takes} "
        "besides labels, pos_label, average and zero_division"
    )


def check_metric_params(params, func, spec=None):
    """Check the metric-specific parameters (alpha, squared, weight, ...);
    a name none of the catalogue's metrics takes is a TypeError naming
    ``func``, not a bare KeyError."""
    constraints = _parameter_constraints() if spec is None else spec.checks
    for option in params:
        if option not in constraints:
            raise _unexpected_option(func, option, constraints, "a metric of imbascore")
    return {
        name: constraints[name].check(value, name, func)
        for name, value in params.items()
    }
