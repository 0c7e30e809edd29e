"""What every display needs: matplotlib, imported only when drawing."""

from .._core.optional import install_hint

__all__ = [
    "as_named_predictions",
    "check_matplotlib",
    "legend_below",
    "rates_of_predictions",
]


def check_matplotlib(caller):
    """Return ``matplotlib.pyplot``, or say how to install it."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            f"{caller} needs matplotlib: {install_hint('plot')}"
        ) from None
    return plt


def rates_of_predictions(y_true, predictions, *, pos_label, sample_weight, func):
    """TPR and TNR arrays, one entry per prediction of the dict ``predictions``."""
    import numpy as np

    from .._core.engine import one_vs_rest_counts
    from .._metrics.per_class import tnr as true_negative_rate
    from .._metrics.per_class import tpr as true_positive_rate

    tpr, tnr = [], []
    for y_pred in predictions.values():
        counts = one_vs_rest_counts(
            y_true,
            y_pred,
            pos_label=pos_label,
            sample_weight=sample_weight,
            func=func,
        )
        with np.errstate(invalid="ignore", divide="ignore"):
            tpr.append(float(true_positive_rate(counts)[0]))
            tnr.append(float(true_negative_rate(counts)[0]))
    return np.array(tpr), np.array(tnr)


def as_named_predictions(y_pred, name):
    """``{name: y_pred}``, or ``y_pred`` itself if it is already a dict."""
    return y_pred if isinstance(y_pred, dict) else {name or "classifier": y_pred}


def legend_below(ax, ncol):
    """A small legend under the axes, out of the way of the points."""
    ax.legend(
        fontsize="x-small",
        loc="upper center",
        ncol=ncol,
        bbox_to_anchor=(0.5, -0.14),
        frameon=False,
    )
