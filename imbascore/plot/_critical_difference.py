"""Demšar's critical difference diagram: average ranks over data sets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.types import ArrayLike
from ._base import Display

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .._inference.across_datasets import ApproachComparison

__all__ = ["CriticalDifferenceDisplay"]


class CriticalDifferenceDisplay(Display):
    """Demšar's (2006) critical difference diagram.

    An axis of average ranks (1, the best, on the left); each approach hangs
    from its average rank, the better half labelled on the left, the other
    half on the right; above the axis, a bar as long as the Nemenyi critical
    difference; below it, thick lines join the approaches whose average ranks
    differ by less than that (not significantly different).

    Build it with :meth:`from_comparison` (a result of
    :func:`~imbascore.compare_approaches`) or :meth:`from_results` (study
    results or a table of scores); ``__init__`` only stores values.

    Parameters
    ----------
    average_ranks : array-like of shape (n_approaches,)

    names : list of str of length n_approaches

    critical_difference : float, default=None
        The bar's length; None draws no bar.

    groups : sequence of sequence of str, default=()
        Approaches joined by a thick line.

    Attributes
    ----------
    cd_line_ : matplotlib Line2D or None
        The critical difference bar.
    group_lines_ : list of matplotlib Line2D
        One thick line per group.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    References
    ----------
    .. [1] J. Demšar, "Statistical comparisons of classifiers over multiple
       data sets", Journal of Machine Learning Research 7 (2006) 1-30,
       Figures 1 and 2.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from imbascore.plot import CriticalDifferenceDisplay
    >>> display = CriticalDifferenceDisplay(
    ...     average_ranks=[3.143, 2.000, 2.893, 1.964],
    ...     names=["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"],
    ...     critical_difference=1.25,
    ...     groups=[["C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5"]],
    ... ).plot()
    >>> len(display.group_lines_)
    1
    """

    comparison_: ApproachComparison
    _DEFAULT_NAME = ""

    def __init__(
        self,
        *,
        average_ranks: ArrayLike,
        names: Sequence[str],
        critical_difference: float | None = None,
        groups: Sequence[Sequence[str]] = (),
    ) -> None:
        self.average_ranks = np.asarray(average_ranks, dtype=float)
        self.names = [str(name) for name in names]
        if len(self.names) != len(self.average_ranks):
            raise ValueError(
                "CriticalDifferenceDisplay needs one name per average rank; got "
                f"{len(self.names)} names for {len(self.average_ranks)} ranks."
            )
        self.critical_difference = critical_difference
        self.groups = [list(group) for group in groups]

    @classmethod
    def from_comparison(
        cls,
        comparison: ApproachComparison,
        *,
        name: str | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> CriticalDifferenceDisplay:
        """The diagram of an :class:`~imbascore.ApproachComparison`; ``name``,
        ``ax`` and ``kwargs`` are :meth:`plot`'s."""
        viz = cls(
            average_ranks=comparison.average_ranks.to_numpy(),
            names=list(comparison.average_ranks.index),
            critical_difference=comparison.critical_difference,
            groups=comparison.groups,
        )
        viz.comparison_ = comparison
        return viz.plot(ax=ax, name=name, **kwargs)

    @classmethod
    def from_results(
        cls,
        results: Any,
        metric: str = "ad_area",
        *,
        name: str | None = None,
        ax: Axes | None = None,
        **kwargs: Any,
    ) -> CriticalDifferenceDisplay:
        """Run :func:`~imbascore.compare_approaches` (``kwargs`` are its
        parameters) and draw the result (``name``: a title)."""
        from .._inference.across_datasets import compare_approaches

        comparison = compare_approaches(results, metric, **kwargs)
        return cls.from_comparison(comparison, name=name, ax=ax)

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        label_ranks: bool = True,
        fontsize: float = 10,
    ) -> CriticalDifferenceDisplay:
        """Draw the diagram.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None. Its frame is hidden.

        name : str, default=None
            A title, if given.

        label_ranks : bool, default=True
            Write each approach's average rank beside its name.

        fontsize : float, default=10
            Of the names.

        Returns
        -------
        self : CriticalDifferenceDisplay
        """
        ranks, names = self.average_ranks, self.names
        k = len(ranks)
        order = np.argsort(ranks, kind="stable")
        n_left = (k + 1) // 2
        n_rows = max(n_left, k - n_left)
        lowest = min(1.0, np.floor(ranks.min()))
        highest = max(float(k), np.ceil(ranks.max()))
        index = {name: i for i, name in enumerate(names)}
        groups = [g for g in self.groups if len(g) > 1 and set(g) <= set(index)]

        # Vertical layout, in data units: the axis at 0, the CD bar above,
        # the group lines just below, then one row per label.
        group_step, row_step = 0.22, 0.42
        first_row = -0.45 - group_step * len(groups)
        bottom = first_row - row_step * (n_rows - 1) - 0.35
        top = 1.2 if self.critical_difference is not None else 0.55
        ax, title = self._axes(ax, name, (6.4, 0.45 * (top - bottom) + 0.3))
        texts = [
            f"{name} ({rank:.2f})" if label_ranks else name
            for name, rank in zip(names, ranks)
        ]
        # Room for the labels either side, in rank units: each side's
        # longest label in inches (about 0.6 em per character) times ranks
        # per inch of what the labels leave to the axis.
        figure_width = ax.figure.get_size_inches()[0] * ax.get_position().width  # type: ignore[union-attr]
        em = 0.6 * fontsize / 72.0
        widths = [
            em * max(len(texts[i]) for i in side) if len(side) else 0.0
            for side in (order[:n_left], order[n_left:])
        ]
        per_inch = (highest - lowest + 0.7) / max(figure_width - sum(widths), 0.5)
        left, right = lowest - 0.3, highest + 0.3
        ax.set_xlim(
            left - 0.05 - widths[0] * per_inch, right + 0.05 + widths[1] * per_inch
        )
        ax.set_ylim(bottom, top)
        ax.set_axis_off()

        line: dict[str, Any] = {
            "color": "black",
            "linewidth": 1.0,
            "solid_capstyle": "butt",
        }
        ax.plot([lowest, highest], [0, 0], **line)
        for tick in np.arange(lowest, highest + 0.25, 0.5):
            size = 0.12 if float(tick).is_integer() else 0.06
            ax.plot([tick, tick], [0, size], **line)
            if float(tick).is_integer():
                ax.text(tick, 0.18, f"{tick:g}", ha="center", va="bottom", fontsize=9)

        self.cd_line_ = None
        if self.critical_difference is not None:
            cd = float(self.critical_difference)
            y = 0.78
            (self.cd_line_,) = ax.plot([lowest, lowest + cd], [y, y], **line)
            for x in (lowest, lowest + cd):
                ax.plot([x, x], [y - 0.06, y + 0.06], **line)
            ax.text(
                lowest + cd / 2,
                y + 0.08,
                f"CD = {cd:.2f}",
                ha="center",
                va="bottom",
                fontsize=9,
            )

        self.group_lines_ = []
        for g, group in enumerate(groups):
            members = [ranks[index[name]] for name in group]
            y = -0.25 - group_step * g
            (bar,) = ax.plot(
                [min(members) - 0.04, max(members) + 0.04],
                [y, y],
                color="black",
                linewidth=4,
                solid_capstyle="round",
            )
            self.group_lines_.append(bar)

        for position, i in enumerate(order):
            on_left = position < n_left
            row = position if on_left else k - 1 - position
            y = first_row - row_step * row
            end = left if on_left else right
            ax.plot([ranks[i], ranks[i], end], [0, y, y], **line)
            ax.text(
                end + (-0.05 if on_left else 0.05),
                y,
                texts[i],
                ha="right" if on_left else "left",
                va="center",
                fontsize=fontsize,
            )
        if title:
            ax.set_title(title)
        return self
