"""One metric by group: a dot per group, its interval, the overall value."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.checks import check_bool, param_error
from .._core.types import ArrayLike
from .._groups.metrics import GroupMetrics, metrics_by_group
from ._base import ClassifierDisplay, legend_below

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

__all__ = ["GroupMetricsDisplay"]

#: The text drawn in the row of a group whose value is undefined (NaN).
UNDEFINED = "undefined"


def _group_text(group):
    """A group's label: a value, or the parts of an intersection joined."""
    if isinstance(group, tuple):
        return ", ".join(str(part) for part in group)
    return str(group)


def _tick_label(group, size, positives):
    """``west (n=196, 6 pos.)``; without ``pos.`` where it is not known."""
    counts = f"n={size:g}"
    if np.isfinite(positives):
        counts += f", {positives:g} pos."
    return f"{_group_text(group)} ({counts})"


class GroupMetricsDisplay(ClassifierDisplay):
    """One metric in each group: where a model fails a group.

    One row per group: a dot at the group's value and, where there is one,
    its interval as a horizontal bar; the overall value (all the samples) as
    a vertical dashed line, its interval as a light band. Each row's label
    gives the group, its size and its positives, ``west (n=196, 6 pos.)``
    (the total weight with weights; no positives where the positive class
    is not known). With ``sort=True`` the groups are ordered by value, **the
    worst at the top** (the lowest value of a greater-is-better metric, the
    highest of a lower-is-better one, as :meth:`GroupMetrics.worst` says);
    groups whose value is undefined (NaN: no positive in the group, say)
    come last, at the bottom, with the word "undefined" in their row.

    Build it with :meth:`from_result` (a :class:`~imbascore.GroupMetrics`)
    or :meth:`from_predictions`; ``__init__`` only stores values.

    Parameters
    ----------
    groups : list
        The groups' labels (a tuple for an intersection of keys).
    values, low, high : array-like of shape (n_groups,)
        Each group's value and interval (NaN bounds: no interval).
    sizes, positives : array-like of shape (n_groups,)
        Each group's number of samples and of positives (NaN: unknown).
    overall : tuple of (float, float, float)
        The overall ``(estimate, low, high)``.
    metric : str
        The metric's key (the x axis' label).
    lower_is_better : bool, default=False
        Whether the worst group is the one of the highest value.
    confidence_level : float, default=0.95
    method : str or None, default=None
        How the intervals were made (for the legend).
    name : str, default=None
        The model's name (the title).

    Attributes
    ----------
    order_ : list
        The groups as drawn, top to bottom.
    points_ : matplotlib Line2D
        The dots of the groups of a defined value, ``(value, row)``.
    bars_ : matplotlib LineCollection or None
        The intervals, one segment ``low .. high`` per group that has one.
    overall_line_ : matplotlib Line2D
        The overall value.
    overall_band_ : matplotlib Rectangle or None
        The overall interval (``Axes.axvspan``'s patch: a Polygon before
        matplotlib 3.9).
    undefined_ : list of matplotlib Text
        The "undefined" mark of each group of a NaN value.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    See Also
    --------
    imbascore.metrics_by_group : The values drawn.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import GroupMetricsDisplay
    >>> y_true = [1, 1, 0, 0, 1, 1, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 0, 1, 1, 0, 0, 0, 0, 0]
    >>> display = GroupMetricsDisplay.from_predictions(
    ...     y_true, y_pred, groups=list("aaaabbbbbb"), metric="sensitivity",
    ...     method=None,
    ... )
    >>> display.order_
    ['b', 'a']
    >>> [label.get_text() for label in display.ax_.get_yticklabels()]
    ['a (n=4, 2 pos.)', 'b (n=6, 2 pos.)']
    """

    points_: Line2D
    _RESPONSE_METHODS: tuple[str, ...] = ("predict",)
    _DEFAULT_NAME = ""

    def __init__(
        self,
        *,
        groups: Sequence[Any],
        values: ArrayLike,
        low: ArrayLike,
        high: ArrayLike,
        sizes: ArrayLike,
        positives: ArrayLike,
        overall: tuple[float, float, float],
        metric: str,
        lower_is_better: bool = False,
        confidence_level: float = 0.95,
        method: str | None = None,
        name: str | None = None,
    ) -> None:
        self.groups = list(groups)
        self.values = np.asarray(values, dtype=float)
        self.low = np.asarray(low, dtype=float)
        self.high = np.asarray(high, dtype=float)
        self.sizes = np.asarray(sizes, dtype=float)
        self.positives = np.asarray(positives, dtype=float)
        self.overall = tuple(float(v) for v in overall)
        self.metric = metric
        self.lower_is_better = lower_is_better
        self.confidence_level = confidence_level
        self.method = method
        self.name = name

    @classmethod
    def from_result(
        cls,
        result: GroupMetrics,
        metric: str | None = None,
        *,
        name: str | None = None,
        ax: Axes | None = None,
        sort: bool = True,
    ) -> GroupMetricsDisplay:
        """Draw one metric of a :class:`~imbascore.GroupMetrics`.

        Parameters
        ----------
        result : GroupMetrics
            From :func:`~imbascore.metrics_by_group`.
        metric : str, default=None
            The metric's key; None is the result's first metric.
        name : str, default=None
            The model's name (the title).
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.
        sort : bool, default=True
            Order the groups by value, the worst at the top; False keeps the
            result's order (sorted labels), top to bottom.

        Returns
        -------
        display : GroupMetricsDisplay
        """
        func = f"{cls.__name__}.from_result"
        if not isinstance(result, GroupMetrics):
            rule = "a GroupMetrics (the result of metrics_by_group)"
            raise TypeError(param_error(func, "result", rule, type(result).__name__))
        key = result._index(metric)
        lower = getattr(result, "_lower_is_better", {}).get(key, False)
        viz = cls(
            groups=result.groups,
            values=result.values[key],
            low=result.low[key],
            high=result.high[key],
            sizes=result.sizes,
            positives=result.positives,
            overall=result.overall[key],
            metric=key,
            lower_is_better=lower,
            confidence_level=result.confidence_level,
            method=result.method,
            name=name,
        )
        return viz.plot(ax=ax, sort=sort)

    @classmethod
    def from_predictions(
        cls,
        y_true: ArrayLike,
        y_pred: ArrayLike,
        *,
        groups: ArrayLike,
        sample_weight: ArrayLike | None = None,
        name: str | None = None,
        ax: Axes | None = None,
        metric: str = "iba",
        method: str | None = "auto",
        **kwargs: Any,
    ) -> GroupMetricsDisplay:
        """Compute one metric by group and draw it.

        The parameters are :func:`~imbascore.metrics_by_group`'s (``kwargs``:
        ``y_score``, ``confidence_level``, ``n_resamples``,
        ``random_state`` and the metric's options), with one ``metric`` (a
        name of the catalogue) and ``method="auto"`` (each metric's default
        interval; None: no interval); ``name`` and ``ax`` are
        :meth:`from_result`'s. :meth:`from_estimator` draws a fitted
        classifier's ``predict`` on (X, y), with ``groups`` of its rows.

        Returns
        -------
        display : GroupMetricsDisplay
        """
        if not isinstance(metric, str):
            func = f"{cls.__name__}.from_predictions"
            raise TypeError(
                param_error(func, "metric", "a metric's name (a str)", metric)
            )
        result = metrics_by_group(
            y_true,
            y_pred,
            groups=groups,
            metrics=[metric],
            sample_weight=sample_weight,
            method=method,
            **kwargs,
        )
        return cls.from_result(result, metric, name=name, ax=ax)

    def _order(self, sort):
        """Indices of the groups, top to bottom: by value, worst first, the
        undefined last (the result's order for ties and for ``sort=False``)."""
        n = len(self.groups)
        if not sort:
            return np.arange(n)
        values = -self.values if self.lower_is_better else self.values
        defined = np.isfinite(values)
        # lexsort's last key is the primary one: defined first, then by value
        return np.lexsort((np.arange(n), np.where(defined, values, 0.0), ~defined))

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        sort: bool = True,
        **kwargs: Any,
    ) -> GroupMetricsDisplay:
        """Draw the groups' values and intervals and the overall value.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure (its height grown with the number of
            groups) if None.
        name : str, default=None
            Overrides the model's name (the title).
        sort : bool, default=True
            Order the groups by value, the worst at the top.
        **kwargs : dict
            Passed to the dots (``color``, ``marker``, ...); the bars take
            their colour.

        Returns
        -------
        self : GroupMetricsDisplay
        """
        check_bool(sort, "sort", f"{type(self).__name__}.plot")
        n = len(self.groups)
        ax, title = self._axes(ax, name, (6.4, max(2.6, 0.42 * n + 1.6)))
        from matplotlib.transforms import ScaledTranslation

        order = self._order(sort)
        self.order_ = [self.groups[i] for i in order]
        rows = np.empty(n)
        rows[order] = np.arange(n)[::-1]  # the first of the order at the top
        defined = np.isfinite(self.values)
        estimate, low, high = self.overall
        level = f"{self.confidence_level:.0%}"
        self.overall_band_ = None
        if np.isfinite(low) and np.isfinite(high):
            self.overall_band_ = ax.axvspan(
                low,
                high,
                color="0.85",
                alpha=0.6,
                linewidth=0,
                zorder=0,
                label=f"overall, {level} interval",
            )
        self.overall_line_ = ax.axvline(
            estimate,
            color="0.35",
            linestyle="--",
            linewidth=1.2,
            zorder=1,
            label=f"overall = {estimate:.3g}",
        )
        point_kw = {"marker": "o", "markersize": 6, "linestyle": "none", **kwargs}
        (self.points_,) = ax.plot(
            self.values[defined],
            rows[defined],
            zorder=3,
            label="group",
            **point_kw,
        )
        color = self.points_.get_color()
        interval = f"{level} interval" + (f" ({self.method})" if self.method else "")
        bounded = defined & np.isfinite(self.low) & np.isfinite(self.high)
        self.bars_ = None
        if bounded.any():
            self.bars_ = ax.hlines(
                rows[bounded],
                self.low[bounded],
                self.high[bounded],
                color=color,
                linewidth=2.2,
                alpha=0.7,
                zorder=2,
                label=interval,
            )
        self.undefined_ = []
        for i in np.flatnonzero(~defined):
            self.undefined_.append(
                ax.text(
                    0.01,
                    rows[i],
                    UNDEFINED,
                    transform=ax.get_yaxis_transform(),
                    ha="left",
                    va="center",
                    fontsize="small",
                    style="italic",
                    color="0.35",
                )
            )
        ax.set_yticks(np.arange(n))
        labels = [
            _tick_label(self.groups[i], self.sizes[i], self.positives[i])
            for i in order[::-1]
        ]
        ax.set_yticklabels(labels)
        ax.set_ylim(-0.7, n - 0.3)
        ax.grid(axis="x", color="0.92", zorder=0)
        ax.set_axisbelow(True)
        better = "lower is better" if self.lower_is_better else "higher is better"
        ax.set_xlabel(f"{self.metric} ({better})")
        if sort:
            ax.set_ylabel("group (worst at the top)")
        else:
            ax.set_ylabel("group")
        if title:
            ax.set_title(title)
        # under the x axis' label, at a fixed distance whatever the height
        below = ax.transAxes + ScaledTranslation(0, -0.5, ax.figure.dpi_scale_trans)
        legend_below(ax, ncol=4, bbox_to_anchor=(0.5, 0.0), bbox_transform=below)
        return self
