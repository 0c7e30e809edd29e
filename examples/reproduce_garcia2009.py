"""
====================================================================
García et al. (2009): the index of balanced accuracy, Tables 2 and 3
====================================================================

Reproduces García, Mollineda & Sánchez (2009), "Index of balanced accuracy: a
performance measure for skewed class distributions":

* Table 2, the theoretical example: four classifiers at a 1:10 ratio whose
  G-mean and AUC tie in pairs, which IBA separates in favour of the higher
  true positive rate.
* Table 3, the experiment: six classifiers (1-NN, MLP, SVC, naive Bayes, J48,
  RBF network) under 5x10-fold cross-validation on Breast, Glass and
  Satimage, and which classifier each measure picks. Laryngeal-2, the
  paper's fourth dataset, is private and left out.

The classifiers are Weka's own algorithms where imbascore rebuilds them rule by
rule (IBk, SMO, MultilayerPerceptron, and naive Bayes and J48 where
registered), else the stand-ins (``imbascore study --list``), as ``imbascore
study --paper garcia2009`` runs them. Breast comes in the papers' coding
(``coding="papers"``): its categorical values as their positions in UCI
``breast-cancer.arff``, the numbers Weka was given (real Weka on them: its TPR
and TNR differ from the paper's by 0.019 and 0.013 on average over the six
classifiers; on nominal attributes by 0.062 and 0.038). ``--quick`` runs one
5-fold pass.
"""

# Not run by the docs build (minutes of fitting): its figure, drawn by
# docs/make_figures.py from the same protocol, is the gallery thumbnail.
# sphinx_gallery_thumbnail_path = "_static/figures/garcia2009_figure1.png"

# %%
# Table 2: the theoretical example, recomputed from its rates
# -----------------------------------------------------------
import sys

from imbascore._specs import formulas as F
from imbascore.paper_tables import GARCIA2009_TABLE2
from imbascore.study import CLASSIFIERS, run_study
from imbascore.study._garcia2009 import (
    GARCIA2009_DATASETS,
    compare_garcia2009,
    garcia2009_classifiers,
    garcia2009_markdown,
)

print(f"{'':8}{'Gmean':>7}{'AUC':>7}{'IBA_1':>7}{'IBA_.1':>7}   (ratio 1:10)")
for name, (tpr, tnr, *_) in GARCIA2009_TABLE2.items():
    values = [
        F.geometric_mean(tpr, tnr),
        F.balanced_accuracy(tpr, tnr),
        F.index_balanced_accuracy(tpr, tnr, 1.0),
        F.index_balanced_accuracy(tpr, tnr, 0.1),
    ]
    print(f"{name:8}" + "".join(f"{float(v):7.3f}" for v in values))
print(
    "theta1/theta4 and theta2/theta3 tie on G-mean and AUC; IBA prefers the "
    "higher TPR (theta4, theta3).\n"
)

# %%
# Table 3: six classifiers on three datasets
# ------------------------------------------
# The same run as ``imbascore study --paper garcia2009``: Weka's own
# algorithms where imbascore rebuilds them, the scikit-learn stand-ins
# elsewhere, every measure from the fold-averaged rates, and for each
# measure whose pick differs from the paper's, the measured reason.
quick = "--quick" in sys.argv
classifiers = garcia2009_classifiers(CLASSIFIERS)
results = run_study(
    list(GARCIA2009_DATASETS),
    ["none"],
    list(classifiers.values()),
    n_splits=5 if quick else 10,
    n_repeats=1 if quick else 5,
    n_jobs=-1,
    coding="papers",
)
rows, picks = compare_garcia2009(results, classifiers)
print(garcia2009_markdown(rows, picks, classifiers))
for pick in picks:
    if pick["reason"] is not None:
        print(f"{pick['dataset']}, {pick['measure']}: {pick['reason']}")
agree = sum(pick["reason"] is None for pick in picks)
assert len(picks) == 21 and 0 <= agree <= 21
