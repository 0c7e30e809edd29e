"""The accuracy-dominance space of García, Mollineda & Sánchez (2008).

Dominance ``d = TPR - TNR`` on x, g-mean on y. Not every point is reachable:
for a given ``d`` the g-mean is at most ``sqrt(1 - |d|)`` (the bell of their
Figure 1). A classifier's point (d, g) spans the trapezium (-1, 0), (-1, g),
(d, g), (1, 0), whose area ``g (3 + d) / 2`` is the paper's measure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .._core.types import ArrayLike, FloatArray
from .._specs import formulas as F
from ._base import legend_below
from ._operating_points import OperatingPointsDisplay

if TYPE_CHECKING:
    from matplotlib.axes import Axes


__all__ = ["AccuracyDominanceDisplay"]

#: García 2008, Figure 2: squares 1-NN, circles SVM, diamonds MLP. The sizes
#: differ so that points at the same place stay visible: the largest shape is
#: drawn first, the smallest on top.
_MARKERS = {"1nn": ("s", 120), "svm": ("o", 45), "mlp": ("D", 75)}
_OTHER_MARKERS = "^v<>pPhX*"
_CLASSIFIER_NAMES = {"1nn": "1-NN", "svm": "SVM", "mlp": "MLP"}
#: Black for the original training set, white for SMOTE, white and crossed
#: for under-sampling.
_FILLS = {"none": "black", "smote": "white", "undersample": "white"}
_CROSSED = {"undersample"}
_SAMPLER_NAMES = {
    "none": "original",
    "smote": "SMOTE",
    "undersample": "under-sampling",
}


def _role(name):
    """The paper's role of a study name: ``weka_mlp`` draws as ``mlp``."""
    name = str(name)
    return name[len("weka_") :] if name.startswith("weka_") else name


class AccuracyDominanceDisplay(OperatingPointsDisplay):
    """Classifiers as points (dominance, g-mean), the best one's trapezium shaded.

    Build it with :meth:`from_predictions`, :meth:`from_estimator`,
    :meth:`from_scores` (the operating point across thresholds, the
    threshold of the largest area drawn with its trapezium) or
    :meth:`from_study`; ``__init__`` only stores values.

    Parameters
    ----------
    dominance, gmean : array-like of shape (n_points,)
        The coordinates.

    names : list of str
        A label per point.

    classifiers, samplers : list of str, default=None
        Per point, for the marker shape (classifier) and fill (sampler), as in
        the paper's Figure 2.

    title : str, default=None

    Attributes
    ----------
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure
    best_ : int
        Index of the point with the largest area.
    """

    _BEST = "ad_area"
    _LEGEND_COLUMNS = 3

    def __init__(
        self,
        *,
        dominance: ArrayLike,
        gmean: ArrayLike,
        names: Sequence[str],
        classifiers: Sequence[str] | None = None,
        samplers: Sequence[str] | None = None,
        title: str | None = None,
    ) -> None:
        self.dominance = np.asarray(dominance, dtype=float)
        self.gmean = np.asarray(gmean, dtype=float)
        self.names = list(names)
        self.classifiers = classifiers
        self.samplers = samplers
        self.title = title

    @property
    def areas(self) -> FloatArray:
        """The trapezium area ``g (3 + d) / 2`` of every point."""
        return F.ad_area(self.gmean, self.dominance)

    @classmethod
    def _of_rates(cls, tpr, tnr, names):
        dominance, gmean = cls._coordinates(tpr, tnr)
        return cls(dominance=dominance, gmean=gmean, names=names)

    @staticmethod
    def _coordinates(tpr, tnr):
        return F.dominance(tpr, tnr), F.geometric_mean(tpr, tnr)

    @classmethod
    def from_study(
        cls, results: Any, dataset: str, *, ax: Axes | None = None, **kwargs: Any
    ) -> AccuracyDominanceDisplay:
        """Every (sampler, classifier) of one dataset of a study (Figure 2).

        Parameters
        ----------
        results : pandas.DataFrame
            Per-fold results of :func:`imbascore.study.run_study`.

        dataset : str
            Which dataset to draw.
        """
        from .._inference.summaries import summarize

        subset = results[results["dataset"] == dataset]
        if subset.empty:
            available = sorted(set(results["dataset"]))
            raise ValueError(
                f"The 'dataset' parameter of from_study must be one of "
                f"{available}. Got {dataset!r} instead."
            )
        summary = summarize(subset, ("gmean", "dominance")).reset_index()
        viz = cls(
            dominance=summary["dominance"],
            gmean=summary["gmean"],
            names=[
                f"{c} / {s}" for c, s in zip(summary["classifier"], summary["sampler"])
            ],
            classifiers=list(summary["classifier"]),
            samplers=list(summary["sampler"]),
            title=dataset.capitalize(),
        )
        return viz.plot(ax=ax, **kwargs)

    def plot(
        self,
        ax: Axes | None = None,
        *,
        name: str | None = None,
        shade_best: bool = True,
        legend: bool = True,
    ) -> AccuracyDominanceDisplay:
        """Draw the feasible bell, the points and the best point's trapezium.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        name : str, default=None
            The title; None is the display's ``title``.

        shade_best : bool, default=True
            Shade the trapezium of the point with the largest area.

        legend : bool, default=True

        Returns
        -------
        self : AccuracyDominanceDisplay
        """
        ax, title = self._axes(ax, name or self.title)
        d = np.linspace(-1, 1, 401)
        ax.plot(
            d,
            F.max_feasible_gmean(d),
            color="gray",
            linewidth=1,
            label="feasible limit",
        )
        ax.fill_between(
            d, F.max_feasible_gmean(d), 1.05, color="0.92", label="infeasible"
        )
        areas = self.areas
        self.best_ = int(np.nanargmax(areas)) if np.isfinite(areas).any() else -1
        if shade_best and self.best_ >= 0:
            db, gb = self.dominance[self.best_], self.gmean[self.best_]
            ax.fill(
                [-1, -1, db, 1],
                [0, gb, gb, 0],
                color="C0",
                alpha=0.2,
                label=f"best: {self._display_name(self.best_)}, "
                f"area {areas[self.best_]:.2f}",
            )
        shapes = self._shapes()
        order = sorted(range(len(self.names)), key=lambda i: -shapes[i][1])
        for i in order:
            marker, size = shapes[i]
            sampler = _role(self.samplers[i]) if self.samplers else None
            face = _FILLS.get(sampler, "C1") if sampler else "C1"
            # clip_on=False: a classifier that never predicts the minority
            # class sits at (-1, 0), on the corner of the axes.
            point: dict[str, Any] = {"linewidth": 1, "zorder": 3, "clip_on": False}
            x, y = self.dominance[i], self.gmean[i]
            shape: dict[str, Any] = {"marker": marker, "s": size, "facecolor": face}
            ax.scatter(x, y, edgecolor="black", label=self.names[i], **shape, **point)
            if sampler in _CROSSED:
                ax.scatter(x, y, marker="x", s=size * 0.45, color="black", **point)
        ax.set_xlim(-1.05, 1.05)
        ax.set_ylim(-0.03, 1.05)
        ax.set_xlabel("dominance (TPR - TNR)")
        ax.set_ylabel("geometric mean")
        if title:
            ax.set_title(title)
        if legend and self.classifiers and self.samplers:
            self._paper_legend(ax)
        elif legend:
            legend_below(ax, ncol=3)
        return self

    def _display_name(self, i):
        """The paper's names of a point's classifier and training set."""
        if not (self.classifiers and self.samplers):
            return self.names[i]
        role, sampler = _role(self.classifiers[i]), _role(self.samplers[i])
        return (
            f"{_CLASSIFIER_NAMES.get(role, role)}, "
            f"{_SAMPLER_NAMES.get(sampler, sampler)}"
        )

    def _shapes(self):
        """(marker, size) per point: one shape per classifier."""
        others = iter(_OTHER_MARKERS)
        chosen = {}
        shapes = []
        for i in range(len(self.names)):
            role = _role(self.classifiers[i]) if self.classifiers else None
            if role not in chosen:
                chosen[role] = _MARKERS.get(role) or (next(others, "o"), 70)
            shapes.append(chosen[role])
        return shapes

    def _paper_legend(self, ax):
        """Shape = classifier, fill = training set, decoded once each."""
        from matplotlib.lines import Line2D

        def mark(marker, size, **style):
            return Line2D([], [], linestyle="", marker=marker, markersize=size, **style)

        def proxy(marker, face, crossed=False, size=8):
            shape = mark(marker, size, markerfacecolor=face, markeredgecolor="black")
            return (shape, mark("x", size * 0.6, color="black")) if crossed else shape

        handles, labels = ax.get_legend_handles_labels()
        keep = [
            (h, lab)
            for h, lab in zip(handles, labels)
            if lab in ("feasible limit", "infeasible") or lab.startswith("best")
        ]
        shapes = dict(zip(map(_role, self.classifiers), self._shapes()))
        for role, (marker, _) in shapes.items():
            name = _CLASSIFIER_NAMES.get(role, role)
            keep.append((proxy(marker, "0.75"), name))
        for sampler in dict.fromkeys(map(_role, self.samplers)):
            name = _SAMPLER_NAMES.get(sampler, sampler)
            face = _FILLS.get(sampler, "C1")
            keep.append((proxy("o", face, sampler in _CROSSED), name))
        from matplotlib.legend_handler import HandlerTuple

        legend_below(
            ax,
            ncol=3,
            handles=[h for h, _ in keep],
            labels=[lab for _, lab in keep],
            handler_map={tuple: HandlerTuple(ndivide=1)},
        )
