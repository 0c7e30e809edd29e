"""What a user's type checker sees of the public API: mypy checks this file in
CI (strict; `mypy` reads the files of pyproject.toml), nothing runs it.

Each line states a type the annotations promise; a wrong or missing
annotation makes mypy fail here. The code sits in functions so that
pytest's ``--doctest-modules`` can import the file without computing.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import imbascore
from imbascore import (
    ConfusionCounts,
    MetricInterval,
    MultiScorer,
    ThresholdCurve,
    confusion_counts,
    get_scorer,
    get_scorer_names,
    get_scoring,
    iba_scorer,
    metric_interval,
    multi_scorer,
    threshold_curve,
    tpr_at_fpr_scorer,
)
from imbascore._core.types import Scorer
from imbascore.datasets import list_datasets
from imbascore.metrics import (
    brier_score_loss,
    geometric_mean_score,
    iba_score,
    precision_recall_gain_curve,
    roc_auc_score,
    sensitivity_score,
)
from imbascore.plot import ThresholdCurveDisplay
from imbascore.scorers import gmean_scorer, roc_auc_scorer


def metrics(y: list[int], p: list[int], s: list[float]) -> None:
    averaged: float | npt.NDArray[np.float64] = iba_score(y, p, alpha=0.1)
    per_label = sensitivity_score(y, p, average=None, zero_division=0.0)
    gmean = geometric_mean_score(np.asarray(y), np.asarray(p), pos_label="yes")
    auc: float = roc_auc_score(y, s)
    brier: float = brier_score_loss(y, s, stratum="balanced")
    precision_gain, recall_gain, thresholds = precision_recall_gain_curve(y, s)
    print(averaged, per_label, gmean, auc, brier, precision_gain, recall_gain)
    print(thresholds.mean() + 1.0)


def scorers() -> None:
    chosen: list[Scorer] = [
        iba_scorer(alpha=0.05),
        gmean_scorer(),
        roc_auc_scorer(),
        tpr_at_fpr_scorer(max_fpr=0.1),
        get_scorer("iba"),
    ]
    names: list[str] = get_scorer_names()
    scoring: dict[str, Scorer] = get_scoring(["iba", "gmean"])
    many: MultiScorer = multi_scorer(["iba", "gmean"])
    print(chosen, names, scoring, many)


def results(y: list[int], p: list[int], s: list[float]) -> None:
    counts: ConfusionCounts = confusion_counts(y, p)
    interval: MetricInterval = metric_interval(y, p, metric="iba")
    curve: ThresholdCurve = threshold_curve(y, s, metrics=["iba", "gmean"])
    best: float = curve.best_threshold("iba")
    display: ThresholdCurveDisplay = ThresholdCurveDisplay.from_predictions(y, s)
    datasets: list[str] = list_datasets()
    print(counts, interval, best, display, datasets, imbascore.__version__)
