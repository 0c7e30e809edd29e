"""Write the pickles that tests/test_pickles.py loads: objects a user saves
(a scorer, a multi-scorer, a PriorCorrectedClassifier, a fitted GridSearchCV
scored by IBA, counts and an interval), made with the code of the day they
were written, so that moving the code that defines them is tested against
what users saved before the move.

Run from the repository root: ``python tests/data/pickles/make_pickles.py``.
"""

import json
import pickle
from pathlib import Path

import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV

import imbascore as ims

HERE = Path(__file__).parent


def data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(120, 3))
    y = (X[:, 0] + 0.5 * rng.normal(size=120) > 1.0).astype(int)
    return X, y


def objects():
    X, y = data()
    return {
        "iba_scorer": ims.get_scorer("iba", alpha=0.2),
        "multi_scorer": ims.multi_scorer(["iba", "gmean", "roc_auc", "f1"]),
        "prior_corrected": ims.PriorCorrectedClassifier(
            LogisticRegression(), target_prior=0.1
        ).fit(X, y),
        "grid_search": GridSearchCV(
            LogisticRegression(),
            {"C": [0.1, 1.0]},
            scoring=ims.get_scorer("iba"),
            cv=3,
        ).fit(X, y),
        "counts": ims.confusion_counts(y, (X[:, 0] > 0.8).astype(int)),
        "interval": ims.metric_interval(
            y, (X[:, 0] > 0.8).astype(int), "iba", random_state=0
        ),
    }


def objects_of_wave5():
    """Objects of the families wave 5 added, pickled by main on 2026-11-28
    (1a0312c), before wave 6 moved every metric into one spec."""
    X, y = data()
    score = X[:, 0]
    return {
        "roc_auc_scorer": ims.get_scorer("roc_auc"),
        "brier_scorer": ims.get_scorer("neg_brier_score"),
        "ece_scorer": ims.get_scorer("neg_ece"),
        "multi_scorer_families": ims.multi_scorer(
            ["iba", "average_precision", "neg_brier_score"]
        ),
        "metric_info": ims.list_metrics()[0],
        "metric_infos": ims.list_metrics(),
        "score_interval": ims.metric_interval(y, score, "roc_auc", random_state=0),
        "comparison": ims.compare_predictions(
            y,
            (X[:, 0] > 0.8).astype(int),
            (X[:, 1] > 0.8).astype(int),
            metric="iba",
            random_state=0,
        ),
    }


def main(folder=HERE, made=objects):
    folder.mkdir(exist_ok=True)
    for name, value in made().items():
        (folder / f"{name}.pkl").write_bytes(pickle.dumps(value, protocol=4))
    versions = {"numpy": np.__version__, "scikit-learn": sklearn.__version__}
    (folder / "versions.json").write_text(json.dumps(versions, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["wave5"]:
        main(HERE / "wave5", lambda: {**objects(), **objects_of_wave5()})
    else:
        main()
