"""Straube & Krell's Figure 2 for your own model: metrics across class ratios."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from sklearn.utils import check_random_state

from .._core.checks import check_confidence_level, check_n_resamples, param_error
from .._core.engine.prevalence import check_priors
from .._core.engine.select import index_of
from .._core.resampling import beta_parameters
from .._core.types import ArrayLike, PosLabel
from .._metrics.named_scores import metric_options
from .._metrics.per_class import tnr as true_negative_rate
from .._metrics.per_class import tpr as true_positive_rate
from .._metrics.scoring import select_for
from .._report.confusion import confusion_counts
from .._thresholds.curve import check_metrics, route_params, values_at_rates
from ._base import ClassifierDisplay, pop_options, shade

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .._report.confusion import ConfusionCounts

__all__ = ["ClassRatioDisplay"]


#: The posterior band's options, forwarded by ``from_counts``.
_BAND_OPTIONS = {"confidence_level": 0.95, "n_draws": 2000, "random_state": 0}


def _check_ratios(ratios, func):
    values = np.asarray(ratios, dtype=float)
    if (
        values.ndim != 1
        or values.size < 2
        or not (np.isfinite(values) & (values > 0)).all()
    ):
        rule = "a 1-D array of at least two positive finite numbers (negatives "
        rule += "per positive)"
        raise ValueError(param_error(func, "ratios", rule, ratios))
    return np.sort(values)


def _two_class_counts(counts, pos_label, func):
    """The one-vs-rest counts of ``pos_label`` in two-class counts with
    samples of both classes."""
    if counts.multilabel or len(counts.labels) != 2:
        rule = "counts of two classes (the ratio is of positives to negatives)"
        got = f"counts of labels {counts.labels.tolist()!r}"
        raise ValueError(param_error(func, "counts", rule, got))
    options = metric_options(
        "sensitivity", {"pos_label": pos_label, "average": "binary"}, func
    )
    selected = select_for(options, counts.table, stacklevel=3)
    positives, negatives = selected.positives[0], selected.negatives[0]
    if positives <= 0 or negatives <= 0:
        raise ValueError(
            f"{func} needs true samples of both classes: their rates are the "
            f"curve (positives {positives:g}, negatives {negatives:g})."
        )
    return selected


class ClassRatioDisplay(ClassifierDisplay):
    """Each metric of one classifier across class ratios, with its posterior band.

    Straube & Krell (2014, Figure 2) show that some metrics (F1, precision,
    accuracy, MCC, NPV, ...) change with the class ratio of the test data
    while the classifier does not, and others (balanced accuracy, G-mean,
    IBA, d', ...) stay flat. This display draws that for your own model: its
    rates as counted, each metric evaluated at every ratio from 1:1 to
    1:1000 negatives per positive (:meth:`ConfusionCounts.at_prevalence
    <imbascore.ConfusionCounts.at_prevalence>`), with the band of the rates'
    posterior (Beta(1 + TP, 1 + FN) on TPR, Beta(1 + TN, 1 + FP) on TNR,
    the ratio held fixed), the data's own ratio and the deployment's marked.

    Build it with :meth:`from_predictions` or :meth:`from_counts`;
    ``__init__`` only stores values.

    Parameters
    ----------
    ratios : ndarray of shape (n_ratios,)
        Negatives per positive, increasing.

    values, low, high : dict of str to ndarray of shape (n_ratios,)
        Each metric at each ratio, and its band (None: no band).

    data_ratio : float
        The counted data's negatives per positive.

    deployment_ratio : float, default=None
        The deployment's, marked if given.

    confidence_level : float, default=0.95
        Of the band.

    name : str, default=None
        The classifier's name, for the title.

    Attributes
    ----------
    lines_ : dict of str to matplotlib Line2D
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import ClassRatioDisplay
    >>> y_true = [0] * 80 + [1] * 20
    >>> y_pred = [0] * 72 + [1] * 8 + [1] * 16 + [0] * 4
    >>> display = ClassRatioDisplay.from_predictions(
    ...     y_true, y_pred, metrics=["f1", "iba"], prevalence=0.01
    ... )
    >>> round(display.at_ratio("f1", 99), 4), round(display.at_ratio("iba", 99), 4)
    (0.1368, 0.7128)
    """

    _RESPONSE_METHODS: tuple[str, ...] = ("predict",)
    _FIGSIZE = (6.4, 4.2)
    _DEFAULT_NAME = ""

    def __init__(
        self,
        *,
        ratios: ArrayLike,
        values: Mapping[str, ArrayLike],
        low: Mapping[str, ArrayLike] | None = None,
        high: Mapping[str, ArrayLike] | None = None,
        data_ratio: float,
        deployment_ratio: float | None = None,
        confidence_level: float = 0.95,
        name: str | None = None,
    ) -> None:
        self.ratios = np.asarray(ratios, dtype=float)
        self.values = {key: np.asarray(v, dtype=float) for key, v in values.items()}
        self.low = None if low is None else {k: np.asarray(v) for k, v in low.items()}
        self.high = (
            None if high is None else {k: np.asarray(v) for k, v in high.items()}
        )
        self.data_ratio = float(data_ratio)
        self.deployment_ratio = (
            None if deployment_ratio is None else float(deployment_ratio)
        )
        self.confidence_level = confidence_level
        self.name = name

    def at_ratio(self, metric: str, ratio: float) -> float:
        """``metric`` at ``ratio`` negatives per positive, interpolated on a
        log scale between the ratios drawn (exact at the marked ratios)."""
        return float(np.interp(np.log(ratio), np.log(self.ratios), self.values[metric]))

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_pred: ArrayLike,
        *,
        sample_weight: ArrayLike | None = None,
        pos_label: PosLabel = 1,
        name: str | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> ClassRatioDisplay:
        """The display of labels ``y_pred`` against ``y_true`` (two classes);
        the other parameters are those of :meth:`from_counts`.
        :meth:`from_estimator` draws a fitted classifier's ``predict`` on
        (X, y)."""
        counts = confusion_counts(y_true, y_pred, sample_weight=sample_weight)
        return cls.from_counts(counts, pos_label=pos_label, name=name, ax=ax, **kwargs)

    @classmethod
    def from_counts(
        cls,
        counts: ConfusionCounts,
        *,
        pos_label: PosLabel = 1,
        name: str | None = None,
        ax: Axes | None = None,
        metrics: str | Sequence[str] = ("f1", "precision", "balanced_accuracy", "iba"),
        prevalence: float | None = None,
        ratios: ArrayLike | None = None,
        **kwargs: Any,
    ) -> ClassRatioDisplay:
        """The display of two-class :class:`~imbascore.ConfusionCounts`.

        Parameters
        ----------
        counts : ConfusionCounts
            Counts of two classes.

        pos_label : int, float, bool or str, default=1
            The positive class: the ratios are negatives per positive.

        name : str, default=None
            The classifier's name, for the title.

        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        metrics : str or list of str, default=("f1", "precision", \
"balanced_accuracy", "iba")
            Names from :func:`~imbascore.threshold_metric_names`.

        prevalence : float, default=None
            The deployment's share of positives, marked (``1 / prevalence -
            1`` negatives per positive); the ratios drawn reach it.

        ratios : array-like, default=None
            Negatives per positive to draw; by default 61 from 1 to 1000 on
            a log scale, widened to the data's and the deployment's ratio.

        **kwargs : dict
            The band's options: ``confidence_level`` (default 0.95, of the
            posterior band), ``n_draws`` (default 2000, posterior draws of
            the rates; 0 draws no band) and ``random_state`` (default 0,
            seeds the draws). The others are the metrics' options
            (``alpha``, ``correction``, ...), as for
            :func:`~imbascore.threshold_curve`.

        Returns
        -------
        display : ClassRatioDisplay
        """
        confidence_level, n_draws, random_state = pop_options(
            kwargs, _BAND_OPTIONS
        ).values()
        metric_params = kwargs
        func = "ClassRatioDisplay.from_counts"
        metrics = check_metrics(metrics, func)
        per_metric = route_params(metrics, metric_params, func)
        level = check_confidence_level(confidence_level, func)
        draws = 0 if n_draws == 0 else check_n_resamples(n_draws, func)
        selected = _two_class_counts(counts, pos_label, func)
        positives, negatives = selected.positives[0], selected.negatives[0]
        data_ratio = float(negatives / positives)
        deployment = None
        if prevalence is not None:
            priors = check_priors(prevalence, counts.labels, pos_label, func)
            share_deployed = priors[index_of(counts.labels, pos_label)]
            deployment = (1.0 - share_deployed) / share_deployed
        marked = [r for r in (data_ratio, deployment) if r is not None]
        if ratios is None:  # 1:1 to 1:1000, widened to the marked ratios
            low_end, high_end = min(1.0, *marked), max(1000.0, *marked)
            ratios = np.logspace(np.log10(low_end), np.log10(high_end), 61)
        ratios = np.unique(np.concatenate([_check_ratios(ratios, func), marked]))
        share = 1.0 / (1.0 + ratios)  # of positives
        total = float(positives + negatives)
        trials = tuple(float(size[0]) for size in selected.trials)

        def at_ratios(name_, tpr, tnr):
            """``name_`` at every ratio, for rates of any shape."""
            return values_at_rates(
                name_,
                tpr,
                1.0 - tnr,
                share * total,
                (1 - share) * total,
                per_metric[name_],
                func,
                trials,
            )

        tpr = float(true_positive_rate(selected)[0])
        tnr = float(true_negative_rate(selected)[0])
        values = {name_: at_ratios(name_, tpr, tnr) for name_ in metrics}
        low = high = None
        if draws:
            rng = check_random_state(random_state)
            (a, b), (c, d) = beta_parameters(selected)
            tprs, tnrs = rng.beta(a, b, (draws, 1)), rng.beta(c, d, (draws, 1))
            tail = (1.0 - level) / 2.0
            low, high = {}, {}
            for name_ in metrics:
                with np.errstate(invalid="ignore"):
                    low[name_], high[name_] = np.nanquantile(
                        at_ratios(name_, tprs, tnrs), [tail, 1.0 - tail], axis=0
                    )
        viz = cls(
            ratios=ratios,
            values=values,
            low=low,
            high=high,
            data_ratio=data_ratio,
            deployment_ratio=deployment,
            confidence_level=level,
            name=name,
        )
        return viz.plot(ax=ax)

    def plot(
        self, ax: Axes | None = None, *, name: str | None = None
    ) -> ClassRatioDisplay:
        """Draw each metric against the class ratio, with its band and the
        data's and the deployment's ratios marked.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        name : str, default=None
            Overrides the classifier's name in the title.

        Returns
        -------
        self : ClassRatioDisplay
        """
        ax, title = self._axes(ax, name)
        self.lines_ = {}
        for key, values in self.values.items():
            (line,) = ax.plot(self.ratios, values, label=key, linewidth=1.6)
            self.lines_[key] = line
            if self.low is not None:
                high = self.high[key]  # type: ignore[index]
                shade(ax, self.ratios, self.low[key], high, line, alpha=0.15)
        ax.set_xscale("log")
        for ratio, text, style in (
            (self.data_ratio, "test data", "--"),
            (self.deployment_ratio, "deployment", ":"),
        ):
            if ratio is None:
                continue
            ax.axvline(ratio, color="0.3", linestyle=style, linewidth=1)
            ax.annotate(
                f"{text}\n1:{ratio:.3g}",
                xy=(ratio, 0.0),
                xycoords=("data", "axes fraction"),
                xytext=(3, 3),
                textcoords="offset points",
                va="bottom",
                fontsize="x-small",
                color="0.2",
            )
        ax.set_xlabel("class ratio (negatives per positive, log scale)")
        ax.set_ylabel("metric value")
        band = f" ({self.confidence_level:.0%} band)" if self.low is not None else ""
        ax.set_title(
            (f"{title}: " if title else "") + "metrics across class ratios" + band,
            fontsize="medium",
        )
        ax.legend(fontsize="small", loc="best")
        return self
