"""IBA over the (TPR, TNR) square, García et al. (2009), Figure 2."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._core.checks import check_unit_interval
from .._specs import formulas as F
from ._base import check_matplotlib

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_iba_surface"]


def plot_iba_surface(
    alpha: float = 0.1,
    *,
    squared: bool = True,
    ax: Axes | None = None,
    levels: int = 11,
    cmap: str = "viridis",
) -> Axes:
    """Filled contours of IBA_alpha over TPR (x) and TNR (y).

    For alpha > 0 the contours lean towards high TPR: of two classifiers with
    the same G-mean, the one with the higher TPR scores higher.

    Parameters
    ----------
    alpha : float, default=0.1
        The dominance weight, in [0, 1].

    squared : bool, default=True
        ``Gmean^2`` (the paper) or ``Gmean`` as the base.

    ax : matplotlib Axes, default=None

    levels : int, default=11
        Number of contour levels.

    cmap : str, default="viridis"

    Returns
    -------
    ax : matplotlib Axes
        With the contour set in ``ax.collections`` and a colour bar.
    """
    alpha = check_unit_interval(alpha, "alpha", "plot_iba_surface")
    plt = check_matplotlib("plot_iba_surface")
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 4.2))
    rates = np.linspace(0, 1, 201)
    tpr, tnr = np.meshgrid(rates, rates)
    iba = F.index_balanced_accuracy(tpr, tnr, alpha, squared)
    filled = ax.contourf(
        tpr, tnr, iba, levels=np.linspace(0, iba.max(), levels), cmap=cmap
    )
    ax.contour(tpr, tnr, iba, levels=filled.levels, colors="white", linewidths=0.4)
    ax.plot([0, 1], [0, 1], color="white", linestyle=":", linewidth=1)
    ax.figure.colorbar(filled, ax=ax, label=f"IBA$_{{{alpha:g}}}$")
    ax.set_xlabel("TPR")
    ax.set_ylabel("TNR")
    ax.set_aspect("equal")
    ax.set_title(f"IBA, alpha = {alpha:g}")
    return ax
