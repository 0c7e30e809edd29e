"""Many metrics from one prediction and one count per fold.

``cross_validate(model, X, y, scoring=get_scoring(names))`` lets scikit-learn
call every scorer on every fold; each counts the fold's labels again.
:func:`multi_scorer` returns one scorer that calls ``predict`` once, counts
the contingency table once, and reads every metric off it: all of imbascore's
names and scikit-learn's confusion-matrix scorers (see
:mod:`imbascore._sklearn_from_counts`). Other names (``"roc_auc"``, a
registered scorer of your own) are delegated to their own scorer.
"""

import dataclasses

import numpy as np
from sklearn import get_config
from sklearn.base import is_classifier
from sklearn.utils.metadata_routing import MetadataRequest

from ._counts import count_table
from ._scoring import score_counts, select_for, selection_key
from ._sklearn_from_counts import SKLEARN_FROM_COUNTS, SKLEARN_POS_LABELS
from .registry import (
    _FACTORIES,
    check_scorer_list,
    get_scorer,
    split_params,
)
from .scorers import FACTORY_METRICS, check_scorer_params

__all__ = ["MultiScorer", "multi_scorer"]


def _plan(name, params):
    """How to evaluate ``name``: ("ours", options), ("table", f) or ("scorer", s)."""
    factory = _FACTORIES.get(name)
    if factory in FACTORY_METRICS:
        key, metric = FACTORY_METRICS[factory]
        _, options = check_scorer_params(key, metric, params, "multi_scorer")
        # Warnings and errors at scoring time name the metric, as its scorer's do.
        return "ours", dataclasses.replace(options, func=metric.__name__)
    if factory is None and name in SKLEARN_FROM_COUNTS:
        return "table", SKLEARN_FROM_COUNTS[name]
    return "scorer", get_scorer(name)


def _pos_label(kind, how):
    """The pos_label a separate scorer would check against ``classes_``."""
    if kind == "ours":
        return how.pos_label
    if kind == "table":
        return SKLEARN_POS_LABELS.get(how)
    return None  # delegated scorers check for themselves


def _check_pos_labels(estimator, pos_labels):
    """Fail where scikit-learn's scorers fail: a pos_label a binary
    classifier does not know (see ``sklearn.utils._response``)."""
    if not is_classifier(estimator) or not hasattr(estimator, "classes_"):
        return
    classes = np.asarray(estimator.classes_)
    # type_of_target(classes) == "binary", without its cost (~1 ms per call)
    if classes.ndim != 1 or len(classes) > 2:
        return
    if classes.dtype.kind == "f" and not np.all(classes == np.round(classes)):
        return  # continuous "classes": scikit-learn does not check them
    for pos_label in pos_labels:
        if pos_label not in classes.tolist():
            raise ValueError(
                f"pos_label={pos_label} is not a valid label: It should be one "
                f"of {classes}"
            )


class MultiScorer:
    """A scorer returning ``{name: value}``; build it with :func:`multi_scorer`.

    Parameters
    ----------
    names : list of str
        Checked scorer names.

    params : dict
        Parameters of imbascore's scorers, as given to :func:`multi_scorer`.
    """

    def __init__(self, names, params):
        self.names = check_scorer_list(names, "multi_scorer")
        self.params = dict(params)
        per_name = split_params(self.names, self.params, "multi_scorer")
        self._plans = {name: _plan(name, per_name[name]) for name in self.names}
        # Metrics of equal options share one selection of counts per call.
        self._selection_keys = {
            name: selection_key(how)
            for name, (kind, how) in self._plans.items()
            if kind == "ours"
        }
        self._pos_labels = {_pos_label(*plan) for plan in self._plans.values()} - {None}
        self._sample_weight_request = None

    def __call__(self, estimator, X, y_true, sample_weight=None):
        """Score ``estimator`` on ``X`` against ``y_true`` with every name.

        Parameters
        ----------
        estimator : fitted classifier
            Its ``predict`` is called once.

        X : array-like of shape (n_samples, n_features)
            Test data.

        y_true : array-like of shape (n_samples,)
            True labels.

        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights, for every metric.

        Returns
        -------
        scores : dict of str to float
            One value per name, in the order of ``names``.
        """
        _check_pos_labels(estimator, self._pos_labels)
        y_pred = estimator.predict(X)
        table = count_table(y_true, y_pred, sample_weight, "multi_scorer")
        scores, selected = {}, {}
        for name, (kind, how) in self._plans.items():
            if kind == "ours":
                key = self._selection_keys[name]
                if key not in selected:
                    selected[key] = select_for(how, table, stacklevel=2)
                scores[name] = score_counts(how, selected[key], stacklevel=2)
            elif kind == "table":
                scores[name] = how(table)
            elif sample_weight is None:
                scores[name] = how(estimator, X, y_true)
            else:
                scores[name] = how(estimator, X, y_true, sample_weight=sample_weight)
        return scores

    def __repr__(self):
        params = "".join(f", {key}={value!r}" for key, value in self.params.items())
        return f"multi_scorer({self.names!r}{params})"

    def set_score_request(self, *, sample_weight=None):
        """Request ``sample_weight`` under metadata routing, as scorers do.

        Parameters
        ----------
        sample_weight : bool, str or None, default=None
            ``True`` to receive the weights routed to scorers, ``False`` not
            to, a str to receive them under that alias.

        Returns
        -------
        self : MultiScorer
        """
        if not get_config()["enable_metadata_routing"]:
            raise RuntimeError(
                "set_score_request is only available when metadata routing is "
                "enabled: sklearn.set_config(enable_metadata_routing=True)."
            )
        self._sample_weight_request = sample_weight
        return self

    def get_metadata_routing(self):
        """The metadata this scorer requests: ``sample_weight`` if set so.

        Returns
        -------
        routing : sklearn.utils.metadata_routing.MetadataRequest
        """
        request = MetadataRequest(owner=type(self).__name__)
        request.score.add_request(
            param="sample_weight", alias=self._sample_weight_request
        )
        return request


def multi_scorer(names, **params):
    """One scorer for many metrics: one ``predict`` and one count per call.

    Gives the same numbers as ``get_scoring(names, **params)`` (each of its
    scorers predicts and counts on its own) in a single pass, and fits where
    scikit-learn takes a callable ``scoring`` that returns a dict:
    ``cross_validate(..., scoring=multi_scorer(names))`` and
    ``GridSearchCV(..., scoring=multi_scorer(names), refit="iba")``.

    Parameters
    ----------
    names : list of str
        Names from :func:`~imbascore.get_scorer_names`. imbascore's names and
        scikit-learn's confusion-matrix scorers (``accuracy``,
        ``balanced_accuracy``, ``matthews_corrcoef``, and ``precision``,
        ``recall``, ``f1``, ``jaccard`` with their ``_macro``, ``_micro`` and
        ``_weighted`` variants) are read off the one count. Any other name
        (e.g. ``"roc_auc"``, a registered scorer) is delegated to its own
        scorer, which calls the estimator again.

    **params : dict
        Parameters of imbascore's scorers; each goes to every named scorer of
        ours that accepts it (see :func:`~imbascore.get_scoring`).

    Returns
    -------
    scorer : MultiScorer
        ``scorer(estimator, X, y, sample_weight=None) -> dict``. It pickles,
        and under metadata routing takes ``set_score_request(sample_weight=True)``.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import cross_validate
    >>> from imbascore import multi_scorer
    >>> X, y = make_classification(weights=[0.9], random_state=0)
    >>> scoring = multi_scorer(["iba", "gmean", "f1"], alpha=0.1)
    >>> scoring
    multi_scorer(['iba', 'gmean', 'f1'], alpha=0.1)
    >>> result = cross_validate(LogisticRegression(), X, y, scoring=scoring)
    >>> sorted(key for key in result if key.startswith("test_"))
    ['test_f1', 'test_gmean', 'test_iba']
    """
    return MultiScorer(names, params)
