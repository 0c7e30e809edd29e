"""The accuracy-dominance space of García, Mollineda & Sánchez (2008).

Dominance ``d = TPR - TNR`` on x, g-mean on y. Not every point is reachable:
for a given ``d`` the g-mean is at most ``sqrt(1 - |d|)`` (the bell of their
Figure 1). A classifier's point (d, g) spans the trapezium (-1, 0), (-1, g),
(d, g), (1, 0), whose area ``g (3 + d) / 2`` is the paper's measure.
"""

import numpy as np

from .. import _formulas as F
from ._base import (
    as_named_predictions,
    check_matplotlib,
    legend_below,
    rates_of_predictions,
)

__all__ = ["AccuracyDominanceDisplay"]

#: García 2008, Figure 2: squares 1-NN, circles SVM, diamonds MLP.
_MARKERS = {"1nn": "s", "svm": "o", "mlp": "D"}
_OTHER_MARKERS = "^v<>pPhX*"
#: Black for the original training set, white for SMOTE, crossed for
#: under-sampling.
_FILLS = {"none": "black", "smote": "white", "undersample": "white"}
_CROSSED = {"undersample"}


class AccuracyDominanceDisplay:
    """Classifiers as points (dominance, g-mean), the best one's trapezium shaded.

    Build it with :meth:`from_predictions`, :meth:`from_estimator` or
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

    def __init__(
        self, *, dominance, gmean, names, classifiers=None, samplers=None, title=None
    ):
        self.dominance = np.asarray(dominance, dtype=float)
        self.gmean = np.asarray(gmean, dtype=float)
        self.names = list(names)
        self.classifiers = classifiers
        self.samplers = samplers
        self.title = title

    @property
    def areas(self):
        """The trapezium area ``g (3 + d) / 2`` of every point."""
        return F.ad_area(self.gmean, self.dominance)

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        name=None,
        pos_label=1,
        sample_weight=None,
        ax=None,
        **kwargs,
    ):
        """One classifier's point from its predictions.

        ``y_pred`` may also be a dict ``{name: y_pred}`` to draw several.
        """
        predictions = as_named_predictions(y_pred, name)
        tpr, tnr = rates_of_predictions(
            y_true,
            predictions,
            pos_label=pos_label,
            sample_weight=sample_weight,
            func="AccuracyDominanceDisplay.from_predictions",
        )
        dominance, gmean = F.dominance(tpr, tnr), F.geometric_mean(tpr, tnr)
        viz = cls(dominance=dominance, gmean=gmean, names=list(predictions))
        return viz.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        name=None,
        pos_label=1,
        sample_weight=None,
        ax=None,
        **kwargs,
    ):
        """One fitted classifier's point on (X, y)."""
        return cls.from_predictions(
            y,
            estimator.predict(X),
            name=name or type(estimator).__name__,
            pos_label=pos_label,
            sample_weight=sample_weight,
            ax=ax,
            **kwargs,
        )

    @classmethod
    def from_scores(
        cls,
        y_true,
        y_score,
        *,
        name=None,
        pos_label=None,
        sample_weight=None,
        thresholds=None,
        ax=None,
        **kwargs,
    ):
        """The operating point across decision thresholds, as a trajectory.

        Each threshold ``t`` of :func:`~imbascore.threshold_curve` gives the
        predictions ``y_score >= t`` and one point (dominance, g-mean); the
        line joins them from the highest threshold (dominance near -1) to the
        lowest (dominance 1), a few thresholds written beside it. The
        threshold of the largest area is the point drawn, with its trapezium.

        Parameters
        ----------
        y_true, y_score : array-like of shape (n_samples,)
            True labels of two classes, scores of the positive class.

        name : str, default=None

        pos_label, sample_weight, thresholds
            As for :func:`~imbascore.threshold_curve`.

        ax : matplotlib Axes, default=None

        **kwargs : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : AccuracyDominanceDisplay
            Also with ``curve_`` (the :class:`~imbascore.ThresholdCurve`),
            ``best_threshold_`` and ``trajectory_`` (the Line2D).
        """
        from ..thresholds import threshold_curve
        from ._threshold_curve import draw_trajectory

        curve = threshold_curve(
            y_true,
            y_score,
            metrics=["dominance", "gmean", "ad_area"],
            pos_label=pos_label,
            sample_weight=sample_weight,
            thresholds=thresholds,
        )
        best = curve.best_index("ad_area")
        dominance, gmean = curve.values["dominance"], curve.values["gmean"]
        label = name or "classifier"
        viz = cls(
            dominance=dominance[best : best + 1],
            gmean=gmean[best : best + 1],
            names=[f"{label} at t = {curve.thresholds[best]:.3g}"],
        )
        legend = kwargs.pop("legend", True)
        viz.plot(ax=ax, legend=False, **kwargs)
        viz.trajectory_ = draw_trajectory(
            viz.ax_,
            dominance,
            gmean,
            curve.thresholds,
            label=f"{label} across thresholds",
        )
        if legend:
            legend_below(viz.ax_, ncol=3)
        viz.curve_, viz.best_threshold_ = curve, float(curve.thresholds[best])
        return viz

    @classmethod
    def from_study(cls, results, dataset, *, ax=None, **kwargs):
        """Every (sampler, classifier) of one dataset of a study (Figure 2).

        Parameters
        ----------
        results : pandas.DataFrame
            Per-fold results of :func:`imbascore.study.run_study`.

        dataset : str
            Which dataset to draw.
        """
        from ..study import summarize

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

    def plot(self, ax=None, *, shade_best=True, legend=True):
        """Draw the feasible bell, the points and the best point's trapezium.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure if None.

        shade_best : bool, default=True
            Shade the trapezium of the point with the largest area.

        legend : bool, default=True

        Returns
        -------
        self : AccuracyDominanceDisplay
        """
        plt = check_matplotlib("AccuracyDominanceDisplay.plot")
        if ax is None:
            _, ax = plt.subplots(figsize=(5.5, 4.5))
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
                label=f"best area {areas[self.best_]:.2f}",
            )
        others = iter(_OTHER_MARKERS)
        markers = {}
        for i, name in enumerate(self.names):
            classifier = self.classifiers[i] if self.classifiers else None
            sampler = self.samplers[i] if self.samplers else None
            if classifier not in markers:
                markers[classifier] = _MARKERS.get(classifier) or next(others, "o")
            face = _FILLS.get(sampler, "C1") if sampler else "C1"
            ax.scatter(
                self.dominance[i],
                self.gmean[i],
                marker=markers[classifier],
                s=70,
                facecolor=face,
                edgecolor="black",
                zorder=3,
                label=name,
            )
            if sampler in _CROSSED:
                ax.scatter(
                    self.dominance[i],
                    self.gmean[i],
                    marker="x",
                    s=40,
                    color="black",
                    zorder=4,
                )
        ax.set_xlim(-1, 1)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel("dominance (TPR - TNR)")
        ax.set_ylabel("geometric mean")
        if self.title:
            ax.set_title(self.title)
        if legend:
            legend_below(ax, ncol=3)
        self.ax_, self.figure_ = ax, ax.figure
        return self
