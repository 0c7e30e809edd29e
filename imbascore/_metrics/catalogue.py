"""The one catalogue of the package's metrics: a record of plain data each.

Every table of metric facts (the per-class readers, the parameter checks,
which metrics are lower-is-better or free of the class ratio, the scorer
names, the report's columns) is derived from :data:`CATALOGUE`. The records
import nothing of the package, so the catalogue sits at the bottom of
``_metrics``; :attr:`MetricInfo.function` finds the public function by its
name when asked.

Adding a metric: a record here, its per-class function in
:mod:`~imbascore._metrics.per_class`, its public function in
:mod:`~imbascore._metrics.definitions` (re-exported by
:mod:`imbascore.metrics`) and its scorer factory in
:mod:`~imbascore._scorer.factories`.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = [
    "CATALOGUE",
    "LABEL_CATALOGUE",
    "LOWER_IS_BETTER",
    "SCORE_CATALOGUE",
    "CALIBRATION_CATALOGUE",
    "NOT_A_QUALITY",
    "MetricInfo",
    "list_metrics",
    "metric_info",
]

_INF = math.inf


@dataclass(frozen=True, eq=False, repr=False)
class MetricInfo:
    """What the package knows about one of its metrics.

    Returned by :func:`~imbascore.list_metrics`. The fields are plain data;
    :attr:`function` is the public metric function.

    Attributes
    ----------
    name : str
        The metric's key: a name of :meth:`ConfusionCounts.score
        <imbascore.ConfusionCounts.score>`, of :func:`~imbascore.threshold_curve`
        and a column of :func:`~imbascore.imbalanced_report`.
    function_name : str
        The public function's name in :mod:`imbascore.metrics`.
    scorer : str
        Its scorer's name for :func:`~imbascore.get_scorer` (``"neg_"`` before
        a lower-is-better metric, as scikit-learn's).
    greater_is_better : bool
        Whether a greater value is better.
    bounds : tuple of float
        ``(low, high)``: the range of its values at the default parameters.
    ratio_free : bool
        Whether its two-class value is a function of TPR and TNR alone, so it
        does not change with the class ratio.
    params : mapping
        The metric's own parameters (besides ``labels``, ``pos_label``,
        ``average``, ``sample_weight`` and ``zero_division``) with their
        defaults.
    checks : mapping
        Parameter -> name of the rule that checks it (one shared table of
        rules reads the names).
    multiclass_params : tuple of str
        Those of ``params`` that act with ``average="multiclass"`` only.
    scorer_params : mapping
        Parameters its scorer fixes by default (beyond the function's).
    score_average : str
        The ``average`` the name means for :meth:`ConfusionCounts.score
        <imbascore.ConfusionCounts.score>` (scikit-learn's meaning of the
        names scikit-learn has too).
    needs : tuple of str
        The one-vs-rest counts that must be non-zero for a defined value.
    proportion : tuple or None
        For a metric that is one binomial proportion, ``(successes,
        trials)``: the cell counted as a success and the cells of the trials
        (``("tp", ("tp", "fn"))`` for sensitivity), for the exact intervals
        (Wilson, Clopper-Pearson); None otherwise.
    nan_when_undefined : bool
        Whether an undefined value is NaN under ``zero_division="warn"`` (0
        would read as a verdict).
    quality : bool
        False for a metric with no best value (which class a model favours).
    plain_arithmetic : bool
        Whether its binary value is computed in plain Python from the four
        cells (not from logarithms or quantiles of arrays).
    readable : str
        Its readable name, used in warnings.
    heading : str or None
        Its column heading in :func:`~imbascore.imbalanced_report`; None for
        a metric the report leaves out.
    source : str
        The paper it comes from (short citation).
    reads : str
        What its function reads besides ``y_true``: ``"labels"`` (predicted
        labels, counted into a confusion matrix) or ``"scores"`` (scores or
        probabilities, ranked along their sorted order: the ranking metrics)
        or ``"probabilities"`` (the positive class's probabilities, compared
        with the outcomes: the calibration metrics).
    """

    name: str
    function_name: str
    scorer: str
    greater_is_better: bool
    bounds: tuple[float, float]
    ratio_free: bool
    params: Mapping[str, Any] = field(default_factory=dict)
    checks: Mapping[str, str] = field(default_factory=dict)
    multiclass_params: tuple[str, ...] = ()
    scorer_params: Mapping[str, Any] = field(default_factory=dict)
    score_average: str = "binary"
    needs: tuple[str, ...] = ()
    proportion: tuple[str, tuple[str, ...]] | None = None
    nan_when_undefined: bool = False
    quality: bool = True
    plain_arithmetic: bool = True
    readable: str = ""
    heading: str | None = None
    source: str = ""
    reads: str = "labels"

    def __post_init__(self):
        for name in ("params", "checks", "scorer_params"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        object.__setattr__(self, "bounds", tuple(float(b) for b in self.bounds))

    @property
    def function(self) -> Callable[..., Any]:
        """The public metric function, ``imbascore.metrics.<function_name>``."""
        return getattr(importlib.import_module("imbascore.metrics"), self.function_name)

    def __repr__(self):
        shown = []
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if isinstance(value, MappingProxyType):
                value = dict(value)
            shown.append(f"{name}={value!r}")
        return f"MetricInfo({', '.join(shown)})"

    def __eq__(self, other):
        if not isinstance(other, MetricInfo):
            return NotImplemented
        return repr(self) == repr(other)

    def __hash__(self):
        return hash(self.name)

    def __getstate__(self):  # a mapping proxy does not pickle: plain dicts do
        return {
            name: dict(value) if isinstance(value, MappingProxyType) else value
            for name, value in self.__dict__.items()
        }

    def __setstate__(self, state):
        for name, value in state.items():
            if isinstance(value, dict):
                value = MappingProxyType(value)
            object.__setattr__(self, name, value)


POSITIVES, NEGATIVES = ("positives",), ("negatives",)
BOTH = POSITIVES + NEGATIVES
PREDICTIONS = ("predicted_positives", "predicted_negatives")

_GARCIA_2009 = "García, Mollineda & Sánchez (2009)"
_GARCIA_2008 = "García, Mollineda & Sánchez (2008)"
_STRAUBE_KRELL = "Straube & Krell (2014)"
_POWERS = "Powers (2011)"
_BRENNER = "Brenner & Gefeller (1997)"

#: The records of the metrics of labels, in the report's column order.
LABEL_CATALOGUE = (
    MetricInfo(
        name="sensitivity",
        function_name="sensitivity_score",
        scorer="sensitivity",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        needs=POSITIVES,
        proportion=("tp", ("tp", "fn")),
        readable="Sensitivity",
        heading="sens",
        source=_GARCIA_2009,
    ),
    MetricInfo(
        name="specificity",
        function_name="specificity_score",
        scorer="specificity",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        needs=NEGATIVES,
        proportion=("tn", ("tn", "fp")),
        readable="Specificity",
        heading="spec",
        source=_GARCIA_2009,
    ),
    MetricInfo(
        name="dominance",
        function_name="dominance_score",
        scorer="dominance",
        greater_is_better=True,
        bounds=(-1, 1),
        ratio_free=True,
        needs=BOTH,
        quality=False,
        readable="Dominance",
        heading="dom",
        source=_GARCIA_2008,
    ),
    MetricInfo(
        name="gmean",
        function_name="geometric_mean_score",
        scorer="gmean",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"zero_recall": 0.0},
        checks={"zero_recall": "unit_interval"},
        multiclass_params=("zero_recall",),
        needs=BOTH,
        readable="Geometric mean",
        heading="gmean",
        source="Kubat & Matwin (1997)",
    ),
    MetricInfo(
        name="iba",
        function_name="index_balanced_accuracy_score",
        scorer="iba",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"alpha": 0.1, "squared": True},
        checks={"alpha": "unit_interval", "squared": "bool"},
        needs=BOTH,
        readable="Index of balanced accuracy",
        heading="iba",
        source=_GARCIA_2009,
    ),
    MetricInfo(
        name="optimized_precision",
        function_name="optimized_precision_score",
        scorer="optimized_precision",
        greater_is_better=True,
        bounds=(-1, 1),
        ratio_free=False,
        needs=BOTH,
        readable="Optimized precision",
        heading="op",
        source="Ranawana & Palade (2006)",
    ),
    MetricInfo(
        name="ad_area",
        function_name="ad_area_score",
        scorer="ad_area",
        greater_is_better=True,
        bounds=(0, 1.5),
        ratio_free=True,
        needs=BOTH,
        readable="Accuracy-dominance area",
        heading="area",
        source=_GARCIA_2008,
    ),
    MetricInfo(
        name="balanced_accuracy",
        function_name="balanced_accuracy_score",
        scorer="adjusted_balanced_accuracy",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"adjusted": False},
        checks={"adjusted": "bool"},
        scorer_params={"adjusted": True, "average": "multiclass"},
        score_average="multiclass",
        needs=BOTH,
        readable="Balanced accuracy",
        heading="ba",
        source=_STRAUBE_KRELL,
    ),
    MetricInfo(
        name="weighted_accuracy",
        function_name="weighted_accuracy_score",
        scorer="weighted_accuracy",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"weight": 0.5},
        checks={"weight": "unit_interval"},
        needs=BOTH,
        readable="Weighted accuracy",
        heading="wa",
        source=_STRAUBE_KRELL,
    ),
    MetricInfo(
        name="dprime",
        function_name="dprime_score",
        scorer="dprime",
        greater_is_better=True,
        bounds=(-_INF, _INF),
        ratio_free=True,
        params={"correction": "macmillan"},
        checks={"correction": "dprime_correction"},
        needs=BOTH,
        plain_arithmetic=False,
        readable="d'",
        heading="d'",
        source=f"{_STRAUBE_KRELL}; Macmillan & Creelman (2005)",
    ),
    MetricInfo(
        name="aucz",
        function_name="aucz_score",
        scorer="aucz",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"correction": "macmillan"},
        checks={"correction": "dprime_correction"},
        needs=BOTH,
        plain_arithmetic=False,
        readable="AUCz",
        heading="aucz",
        source=_STRAUBE_KRELL,
    ),
    MetricInfo(
        name="nmi",
        function_name="normalized_mutual_information_score",
        scorer="nmi",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=False,
        needs=BOTH,
        plain_arithmetic=False,
        readable="Normalized mutual information",
        heading="nmi",
        source=f"Forbes (1995); {_STRAUBE_KRELL}",
    ),
    MetricInfo(
        name="fpr",
        function_name="false_positive_rate_score",
        scorer="neg_fpr",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=True,
        needs=NEGATIVES,
        proportion=("fp", ("fp", "tn")),
        readable="False positive rate",
        source=_POWERS,
    ),
    MetricInfo(
        name="fnr",
        function_name="false_negative_rate_score",
        scorer="neg_fnr",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=True,
        needs=POSITIVES,
        proportion=("fn", ("tp", "fn")),
        readable="False negative rate",
        source=_POWERS,
    ),
    MetricInfo(
        name="npv",
        function_name="negative_predictive_value_score",
        scorer="npv",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=False,
        needs=("predicted_negatives",),
        proportion=("tn", ("tn", "fn")),
        readable="Negative predictive value",
        source=_POWERS,
    ),
    MetricInfo(
        name="informedness",
        function_name="informedness_score",
        scorer="informedness",
        greater_is_better=True,
        bounds=(-1, 1),
        ratio_free=True,
        needs=BOTH,
        readable="Informedness",
        source="Youden (1950); Powers (2011)",
    ),
    MetricInfo(
        name="markedness",
        function_name="markedness_score",
        scorer="markedness",
        greater_is_better=True,
        bounds=(-1, 1),
        ratio_free=False,
        needs=PREDICTIONS,
        readable="Markedness",
        source=_POWERS,
    ),
    # A ratio with a zero denominator (FPR = 0, TNR = 0) is undefined too.
    MetricInfo(
        name="lr_plus",
        function_name="positive_likelihood_ratio_score",
        scorer="lr_plus",
        greater_is_better=True,
        bounds=(0, _INF),
        ratio_free=True,
        needs=BOTH + ("fp",),
        nan_when_undefined=True,
        readable="Positive likelihood ratio",
        source=_BRENNER,
    ),
    MetricInfo(
        name="lr_minus",
        function_name="negative_likelihood_ratio_score",
        scorer="neg_lr_minus",
        greater_is_better=False,
        bounds=(0, _INF),
        ratio_free=True,
        needs=BOTH + ("tn",),
        nan_when_undefined=True,
        readable="Negative likelihood ratio",
        source=_BRENNER,
    ),
)

_SCORES = "scores"

#: The records of the ranking metrics: functions of scores, read along their
#: sorted order (:mod:`imbascore._ranking`).
SCORE_CATALOGUE = (
    MetricInfo(
        name="roc_auc",
        function_name="roc_auc_score",
        scorer="roc_auc",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="ROC AUC",
        source="Hanley & McNeil (1982); DeLong, DeLong & Clarke-Pearson (1988)",
        reads=_SCORES,
    ),
    MetricInfo(
        name="average_precision",
        function_name="average_precision_score",
        scorer="average_precision",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=False,
        needs=POSITIVES,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="Average precision",
        source="scikit-learn's step sum; Boyd, Eng & Page (2013)",
        reads=_SCORES,
    ),
    MetricInfo(
        name="auprg",
        function_name="auprg_score",
        scorer="auprg",
        greater_is_better=True,
        bounds=(-_INF, 1),
        ratio_free=False,
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="Area under the precision-recall-gain curve",
        source="Flach & Kull (2015)",
        reads=_SCORES,
    ),
    MetricInfo(
        name="partial_auc",
        function_name="partial_auc_score",
        scorer="partial_auc",
        greater_is_better=True,
        bounds=(0, 1),
        ratio_free=True,
        params={"max_fpr": None, "min_tpr": None, "standardized": True},
        needs=BOTH,
        nan_when_undefined=True,
        plain_arithmetic=False,
        readable="Partial ROC AUC",
        source="McClish (1989); Robin et al. (2011), pROC",
        reads=_SCORES,
    ),
)

_PROBABILITIES = "probabilities"
_CORP = "Dimitriadis, Gneiting & Jordan (2021), CORP"

#: The records of the calibration metrics: functions of the positive class's
#: probabilities (:mod:`imbascore._calibration`).
CALIBRATION_CATALOGUE = (
    MetricInfo(
        name="brier_score",
        function_name="brier_score_loss",
        scorer="neg_brier_score",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={"stratum": None},
        plain_arithmetic=False,
        readable="Brier score",
        source="Brier (1950); by class: Wallace & Dahabreh (2014)",
        reads=_PROBABILITIES,
    ),
    MetricInfo(
        name="log_loss",
        function_name="log_loss",
        scorer="neg_log_loss",
        greater_is_better=False,
        bounds=(0, _INF),
        ratio_free=False,
        params={"stratum": None},
        plain_arithmetic=False,
        readable="Log loss",
        source="Good (1952); by class: Wallace & Dahabreh (2014)",
        reads=_PROBABILITIES,
    ),
    MetricInfo(
        name="mcb",
        function_name="miscalibration_score",
        scorer="neg_mcb",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={"score": "brier"},
        plain_arithmetic=False,
        readable="Miscalibration (MCB)",
        source=_CORP,
        reads=_PROBABILITIES,
    ),
    MetricInfo(
        name="ece",
        function_name="expected_calibration_error",
        scorer="neg_ece",
        greater_is_better=False,
        bounds=(0, 1),
        ratio_free=False,
        params={
            "n_bins": 10,
            "strategy": "uniform",
            "norm": "l1",
            "debiased": False,
            "squared": False,
        },
        plain_arithmetic=False,
        readable="Expected calibration error",
        source="Naeini, Cooper & Hauskrecht (2015); Kumar, Liang & Ma (2019)",
        reads=_PROBABILITIES,
    ),
)

#: Every record: the metrics of labels, the ranking metrics, the calibration
#: metrics.
CATALOGUE = LABEL_CATALOGUE + SCORE_CATALOGUE + CALIBRATION_CATALOGUE

#: name -> record.
BY_NAME = MappingProxyType({info.name: info for info in CATALOGUE})

#: Derived sets the readers of many metrics share (the threshold curve, its
#: displays, the comparison across data sets).
LOWER_IS_BETTER = frozenset(
    info.name for info in CATALOGUE if not info.greater_is_better
)
#: Not a quality: which class a model favours has no best value.
NOT_A_QUALITY = frozenset(info.name for info in CATALOGUE if not info.quality)


def metric_info(name):
    """The record of metric ``name`` (a key of :data:`CATALOGUE`)."""
    return BY_NAME[name]


def list_metrics() -> tuple[MetricInfo, ...]:
    """The package's metrics, one :class:`MetricInfo` record each.

    The metrics of labels in the order of :func:`~imbascore.imbalanced_report`'s
    columns, then the ranking metrics, then the calibration metrics. Each
    record names the metric's function, its scorer, whether greater is
    better, its range, whether it depends on the class ratio, its own
    parameters and their defaults, and the paper it comes from.

    Returns
    -------
    metrics : tuple of MetricInfo

    Examples
    --------
    >>> from imbascore import list_metrics
    >>> info = {m.name: m for m in list_metrics()}["iba"]
    >>> info.function_name, info.scorer, info.greater_is_better, info.bounds
    ('index_balanced_accuracy_score', 'iba', True, (0.0, 1.0))
    >>> dict(info.params)
    {'alpha': 0.1, 'squared': True}
    >>> [m.scorer for m in list_metrics() if m.reads == "probabilities"]
    ['neg_brier_score', 'neg_log_loss', 'neg_mcb', 'neg_ece']
    """
    return CATALOGUE
