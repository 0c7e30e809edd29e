"""The papers' experiments: datasets x resamplers x classifiers, fold by fold.

:func:`run_study` keeps every test fold's confusion counts; :func:`summarize`
and :func:`fold_scores` compute any metric from them afterwards;
:mod:`imbascore.study._garcia2008` puts the results beside García et al.
(2008), Table 3. The ``Weka*`` estimators follow Weka's IBk, SMO,
MultilayerPerceptron and SMOTE filter, rule by rule.
"""

from ._public import pin_to, require

# The study is the package's main job, not its core: say which extra it needs.
for _module in ("pandas", "imblearn", "tqdm"):
    require(_module, "study", "imbascore.study")

# ruff: noqa: E402 (the imports below need the extra checked above)
from .. import fold_scores, garcia2009_measures, summarize
from ._estimators import CLASSIFIERS, SAMPLERS, make_classifier, make_sampler
from ._garcia2009 import GARCIA2009_CLASSIFIERS, GARCIA2009_COLUMNS
from ._naive_bayes import MixedNaiveBayes
from ._runner import CELL, COLUMNS, prepare_data, run_study
from ._weka.ibk import WekaIBkClassifier
from ._weka.j48 import WekaJ48Classifier
from ._weka.mlp import WekaMLPClassifier
from ._weka.naive_bayes import WekaNaiveBayesClassifier
from ._weka.rbf_network import RBFNetworkClassifier, WekaRBFNetworkClassifier
from ._weka.smo import WekaSMOClassifier
from ._weka.smote import WekaSMOTE

__all__ = [
    "CELL",
    "CLASSIFIERS",
    "GARCIA2009_CLASSIFIERS",
    "GARCIA2009_COLUMNS",
    "MixedNaiveBayes",
    "COLUMNS",
    "RBFNetworkClassifier",
    "SAMPLERS",
    "fold_scores",
    "garcia2009_measures",
    "make_classifier",
    "make_sampler",
    "prepare_data",
    "run_study",
    "summarize",
    "WekaIBkClassifier",
    "WekaJ48Classifier",
    "WekaMLPClassifier",
    "WekaNaiveBayesClassifier",
    "WekaRBFNetworkClassifier",
    "WekaSMOClassifier",
    "WekaSMOTE",
]

pin_to(globals(), __all__, __name__)
