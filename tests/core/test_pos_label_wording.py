"""An unknown pos_label gets one wording in every function (issue 36):
``one of the labels <where>, [...]``, with what the class is for, if anything."""

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression

import imbascore as ims

Y = np.array([0, 1, 1, 0, 1, 0, 0, 1])
P = np.array([0, 1, 0, 0, 1, 1, 0, 1])
S = np.linspace(0.1, 0.9, Y.size)
X = np.arange(Y.size, dtype=float).reshape(-1, 1)

CALLS = [
    ("iba_score", lambda: ims.iba_score(Y, P, pos_label=7), "present"),
    (
        "net_benefit_score",
        lambda: ims.net_benefit_score(Y, P, threshold_probability=0.2, pos_label=7),
        "present",
    ),
    (
        "score_at_prevalence",
        lambda: ims.score_at_prevalence(
            Y, P, metric="iba", prevalence=0.1, pos_label=7
        ),
        "present",
    ),
    ("threshold_curve", lambda: ims.threshold_curve(Y, S, pos_label=7), "of y_true"),
    ("decision_curve", lambda: ims.decision_curve(Y, S, pos_label=7), "of y_true"),
    (
        "estimate_prevalence",
        lambda: ims.estimate_prevalence(
            P, counts=ims.confusion_counts(Y, P), pos_label=7
        ),
        "present",
    ),
    (
        "balanced_accuracy_curve",
        lambda: ims.balanced_accuracy_curve(LogisticRegression(), X, Y, pos_label=7),
        "of y",
    ),
]


@pytest.mark.parametrize("func, call, where", CALLS, ids=[c[0] for c in CALLS])
def test_an_unknown_pos_label_has_one_wording(func, call, where):
    expected = (
        rf"The 'pos_label' parameter of {func}\S* must be one of the labels "
        rf"{where}, \[0, 1\]( \([^)]+\))?\. Got 7 instead\."
    )
    with pytest.raises(ValueError, match=expected):
        call()
