"""Many metrics from one prediction and one count per fold.

``cross_validate(model, X, y, scoring=get_scoring(names))`` lets scikit-learn
call every scorer on every fold; each counts the fold's labels again.
:func:`multi_scorer` returns a :class:`MultiScorer`, the same ``{name:
scorer}`` dict, whose scorers share one ``predict`` and one count of the
contingency table per fold and read their metric off it: all of imbascore's
names and scikit-learn's confusion-matrix scorers (see
:mod:`imbascore._metrics.sklearn_from_counts`). Other names (``"roc_auc"``, a
registered scorer of your own) map to their own scorer.

Because it is a dict, scikit-learn scores each name on its own, as it does
``get_scoring(names)``: a name that cannot be scored fails alone (NaN with
``error_score=np.nan``), and the others keep their values. (A callable
returning a dict would be one scorer to scikit-learn: one failing name
would fail them all.)
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from sklearn import config_context, get_config
from sklearn.base import BaseEstimator, is_classifier
from sklearn.utils.metadata_routing import MetadataRequest

from .._core.counts import Counts
from .._core.engine import count_table
from .._core.engine.prevalence import check_prevalence
from .._core.types import ArrayLike
from .._metrics.at_prevalence import score_of_counts_at_prevalence
from .._metrics.scoring import (
    plain_counts,
    plain_value,
    score_counts,
    select_for,
    selection_key,
)
from .._metrics.sklearn_from_counts import SKLEARN_FROM_COUNTS, SKLEARN_POS_LABELS
from .factories import FACTORY_METRICS, LOWER_IS_BETTER, fixed_by
from .factory_as_scorer import scorer_factory
from .registry import (
    _FACTORIES,
    check_scorer_list,
    get_scorer,
    split_params,
)

__all__ = ["MultiScorer", "multi_scorer"]


def _check_routing_enabled():
    if not get_config()["enable_metadata_routing"]:
        raise RuntimeError(
            "set_score_request is only available when metadata routing is "
            "enabled: sklearn.set_config(enable_metadata_routing=True)."
        )


def _plan(name, params):
    """How to score ``name`` off a count: ("ours", options), ("table", f),
    ("prevalence", (metric, prevalence, params)), or None for a name that
    is its own scorer.

    Our names are read with every parameter their factory fixes
    (:func:`~.factories.fixed_by`): those given and its own (a factory may
    fix some that its metric leaves at other defaults, as
    adjusted_balanced_accuracy's ``adjusted=True``).
    """
    factory = _FACTORIES.get(name)
    prevalence = params.get("prevalence")
    if factory in FACTORY_METRICS:
        fixed = fixed_by(factory, params, None if prevalence else "multi_scorer")
        if fixed.prevalence is not None:
            checked = check_prevalence(fixed.prevalence, factory.__name__)
            return "prevalence", (fixed.key, checked, fixed.params)
        # Warnings at scoring time name the metric, as its scorer's do.
        options = dataclasses.replace(fixed.options, func=fixed.metric.__name__)
        return "ours", options
    if factory is not None or name not in SKLEARN_FROM_COUNTS:
        return None  # a registered scorer, or one of scikit-learn's others
    if prevalence is None:
        return "table", SKLEARN_FROM_COUNTS[name]
    get_scorer(name, **params)  # refuses what scikit-learn's name cannot take
    return "prevalence", (name, check_prevalence(prevalence, "get_scorer"), {})


class _Unscorable(Exception):
    """The shared pass cannot score this name; its own scorer will."""


#: What the shared pass may meet and hand to the name's own scorer, which
#: then raises it as the name alone would: the estimator's failure to
#: predict, the data's refusal by a check (ValueError, TypeError), a warning
#: raised as an error, arithmetic under np.seterr(all="raise"). Anything else
#: is a bug of the pass, and propagates.
_REFUSED = (_Unscorable, ValueError, TypeError, Warning, ArithmeticError)

_ANY_LABEL, _NO_LABEL, _NOT_YET = object(), object(), object()


class _Prediction(BaseEstimator):
    """A stand-in estimator whose ``predict`` returns a prediction already made.

    Within one pass, scikit-learn's multimetric scorer hands the prediction
    it cached for one scorer to the next, without checking their
    ``pos_label`` again; a name's own scorer gets the pass's prediction
    through this stand-in, which is not a classifier and so is not checked.
    """

    def __init__(self, y_pred=None):
        self.y_pred = y_pred

    def predict(self, X):
        return self.y_pred


class _Pass:
    """One scoring pass: ``(estimator, X, y_true, sample_weight)``, counted once.

    It holds strong references to the four objects, so that no other object
    can take their ids while it lives, and remembers which names it served.
    """

    def __init__(self, estimator, X, y_true, sample_weight):
        self.args = (estimator, X, y_true, sample_weight)
        self.served = set()
        self.y_pred = _NOT_YET
        self._predict_failed = False
        self._table = None
        self._count_failed = False
        self._labels = None
        self._selected = {}
        self._plain = {}

    def is_for(self, estimator, X, y_true, sample_weight):
        held = self.args
        return (
            held[0] is estimator
            and held[1] is X
            and held[2] is y_true
            and held[3] is sample_weight
        )

    @property
    def predicted(self):
        return self.y_pred is not _NOT_YET

    def passes_pos_label(self, pos_label):
        """Whether scikit-learn's scorer surely accepts ``pos_label``.

        Its scorer reads ``classes_`` of a classifier and refuses a
        ``pos_label`` not among them (``sklearn.utils._response``: binary
        ``classes_``, and multiclass ones too in releases before
        scikit-learn#33473). This refuses at least as often; the name's own
        scorer then decides.
        """
        if self._labels is None:
            estimator = self.args[0]
            classes = getattr(estimator, "classes_", None)
            if classes is not None and np.ndim(classes) == 1:
                self._labels = np.asarray(classes).tolist()
            elif classes is None and not is_classifier(estimator):
                self._labels = _ANY_LABEL  # scikit-learn checks classifiers only
            else:
                self._labels = _NO_LABEL
        if self._labels is _ANY_LABEL or self._labels is _NO_LABEL:
            return self._labels is _ANY_LABEL
        return pos_label is None or pos_label in self._labels

    def predict(self):
        """``estimator.predict(X)``, once."""
        if self.y_pred is _NOT_YET:
            if self._predict_failed:
                raise _Unscorable
            estimator, X = self.args[:2]
            try:
                self.y_pred = estimator.predict(X)
            except Exception as error:  # any estimator's: each name tries on its own
                self._predict_failed = True
                raise _Unscorable from error
        return self.y_pred

    def table(self):
        """The contingency table of ``y_true`` and the prediction, once."""
        if self._table is None:
            if self._count_failed:
                raise _Unscorable
            y_pred = self.predict()
            _, _, y_true, sample_weight = self.args
            try:
                self._table = count_table(y_true, y_pred, sample_weight, "multi_scorer")
            except _REFUSED as error:
                self._count_failed = True  # each name's own metric says why
                raise _Unscorable from error
        return self._table

    def counts(self):
        """The counts of the pass's table (for names at another class ratio)."""
        return Counts(self.table(), weighted=self.args[3] is not None)

    def plain(self, pos_label):
        """The plain counts of ``pos_label`` (see ``plain_counts``), once."""
        if pos_label not in self._plain:
            self._plain[pos_label] = plain_counts(self.table(), pos_label)
        return self._plain[pos_label]

    def selected(self, key, options):
        """The counts ``options`` select; metrics with equal keys share them."""
        if key not in self._selected:
            self._selected[key] = select_for(options, self.table(), stacklevel=4)
        return self._selected[key]


class _CountedScorer:
    """The scorer of one name of a :class:`MultiScorer`, read off its count.

    ``scorer(estimator, X, y_true, sample_weight=None)`` returns a float, as
    the name's own scorer does. Every name of one :class:`MultiScorer` called
    with the same four objects shares one ``predict`` and one count.
    Where that shared pass cannot score the name (a ``pos_label`` the
    classifier may not know, a failed ``predict`` or count, targets this
    metric refuses), the name's own scorer (``get_scorer(name, **params)``)
    scores it, so that it fails, or succeeds, exactly as in
    ``get_scoring(names, **params)``.
    """

    def __init__(self, parent, name, kind, how, scorer):
        self._parent = parent
        self.name = name
        self._kind = kind
        self._how = how
        self._selection_key = selection_key(how) if kind == "ours" else None
        if kind == "ours":
            self._pos_label = how.pos_label
        elif kind == "prevalence":
            self._pos_label = how[2].get("pos_label")
        else:
            self._pos_label = SKLEARN_POS_LABELS.get(how)
        self._scorer = scorer
        # A neg_ name scores a lower-is-better metric negated, as its scorer.
        self._sign = -1.0 if _FACTORIES.get(name) in LOWER_IS_BETTER else 1.0
        self._sample_weight_request = None

    def __call__(self, estimator, X, y_true, sample_weight=None):
        """Score ``estimator`` on ``X`` against ``y_true``.

        Parameters
        ----------
        estimator : fitted estimator
            Its ``predict`` is called once per pass of the names.

        X : array-like of shape (n_samples, n_features)
            Test data.

        y_true : array-like of shape (n_samples,)
            True labels.

        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.

        Returns
        -------
        score : float
        """
        shared = self._parent._pass_for(self.name, estimator, X, y_true, sample_weight)
        # As in scikit-learn's multimetric scorer, pos_label is checked
        # against classes_ until a name of the pass has predicted.
        accepted = shared.predicted or shared.passes_pos_label(self._pos_label)
        if accepted:
            try:
                return self._value(shared)
            except _REFUSED:
                pass  # the name's own scorer scores it, or says why it cannot
        if accepted and shared.predicted:
            estimator = _Prediction(shared.y_pred)
        if sample_weight is None:
            return self._scorer(estimator, X, y_true)
        return self._scorer(estimator, X, y_true, sample_weight=sample_weight)

    def _value(self, shared):
        if self._kind == "table":
            return self._how(shared.table())
        if self._kind == "prevalence":
            metric, prevalence, options = self._how
            value = score_of_counts_at_prevalence(
                shared.counts(), metric, prevalence, options
            )
            return value if self._sign > 0 else -value
        value = None
        if self._how.average == "binary":  # the four cells, in plain Python
            counts = shared.plain(self._pos_label)
            if counts is not None:
                value = plain_value(self._how, counts)
        if value is None:
            counts = shared.selected(self._selection_key, self._how)
            value = score_counts(self._how, counts, stacklevel=4)
        return value if self._sign > 0 else -value

    def __repr__(self):
        return f"{self._parent!r}[{self.name!r}]"

    def _accept_sample_weight(self):
        # Without metadata routing, scikit-learn asks each scorer of a dict
        # whether to pass it GridSearchCV.fit's sample_weight.
        return True

    def set_score_request(self, *, sample_weight=None):
        """Request ``sample_weight`` under metadata routing, as scorers do.

        Parameters
        ----------
        sample_weight : bool, str or None, default=None
            ``True`` to receive the weights routed to scorers, ``False`` not
            to, a str to receive them under that alias.

        Returns
        -------
        self
        """
        _check_routing_enabled()
        self._sample_weight_request = sample_weight
        return self

    def get_metadata_routing(self):
        """The metadata this scorer requests: ``sample_weight`` if set so.

        Returns
        -------
        routing : sklearn.utils.metadata_routing.MetadataRequest
        """
        # The owner names this scorer in scikit-learn's routing errors.
        request = MetadataRequest(owner=f"MultiScorer[{self.name!r}]")
        request.score.add_request(
            param="sample_weight", alias=self._sample_weight_request
        )
        return request


class MultiScorer(dict):
    """``{name: scorer}`` sharing one prediction and one count per fold.

    Build it with :func:`multi_scorer`, and pass it as ``scoring=`` to
    ``cross_validate``, ``GridSearchCV`` and the like: it is the dict of
    scorers that ``get_scoring(names, **params)`` returns, with the same
    numbers and the same errors, name by name.

    scikit-learn calls the scorers of a dict one after the other, with the
    same estimator, ``X``, ``y_true`` and ``sample_weight`` objects, on each
    fold and candidate: a pass. The first name of a pass read off the count
    calls ``predict`` and counts the table; the others read it. A pass ends
    when every such name has been called, or when a name is called a second
    time or with other objects (a new fold, a refitted candidate); each
    thread has its own. Names not read off the count (``"roc_auc"``,
    registered scorers) map to their own scorer.

    It is not callable itself (scikit-learn would then take it for one
    scorer); :meth:`score` scores every name directly.

    Parameters
    ----------
    names : list of str
        Checked scorer names.

    params : dict
        Parameters of imbascore's scorers, as given to :func:`multi_scorer`.

    Attributes
    ----------
    names : list of str
        The names, in order (the keys).

    params : dict
        The parameters given to :func:`multi_scorer`.
    """

    def __init__(self, names: Sequence[str], params: Mapping[str, Any]) -> None:
        names = check_scorer_list(names, "multi_scorer")
        params = dict(params)
        self._build(names, params, split_params(names, params, "multi_scorer"), {})

    def _build(self, names, params, per_name, own):
        """The scorers: ``own`` are those of the names not read off the count,
        as already built (a pickle's); the others are planned from
        ``per_name``, each name's checked parameters."""
        scorers = {}
        for name in names:
            if name in own:
                scorers[name] = own[name]
                continue
            plan = _plan(name, per_name[name])
            scorer = get_scorer(name, **per_name[name])
            scorers[name] = (
                scorer if plan is None else _CountedScorer(self, name, *plan, scorer)
            )
        super().__init__(scorers)
        self.names = names
        self.params = params
        self._per_name = per_name
        self._counted = frozenset(
            name
            for name, scorer in scorers.items()
            if isinstance(scorer, _CountedScorer)
        )
        self._n_counted = len(self._counted)
        self._passes = threading.local()
        self._request = None  # set_score_request's sample_weight, kept for pickles

    def _pass_for(self, name, estimator, X, y_true, sample_weight):
        """The pass of this thread that serves ``name`` on these four objects.

        The current pass if it is on the same objects and has not served
        ``name`` yet, otherwise a new one; dropped once every name is served.
        """
        passes = self._passes
        shared = getattr(passes, "current", None)
        if (
            shared is None
            or name in shared.served
            or not shared.is_for(estimator, X, y_true, sample_weight)
        ):
            shared = passes.current = _Pass(estimator, X, y_true, sample_weight)
        served = shared.served
        served.add(name)
        if len(served) == self._n_counted:
            passes.current = None
        return shared

    def score(
        self,
        estimator: Any,
        X: ArrayLike,
        y_true: ArrayLike,
        sample_weight: ArrayLike | None = None,
    ) -> dict[str, float]:
        """Score ``estimator`` on ``X`` against ``y_true`` with every name.

        Parameters
        ----------
        estimator : fitted classifier
            Its ``predict`` is called once for all the names read off the
            count.

        X : array-like of shape (n_samples, n_features)
            Test data.

        y_true : array-like of shape (n_samples,)
            True labels.

        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights, for every name.

        Returns
        -------
        scores : dict of str to float
            One value per name, in the order of ``names``.

        Raises
        ------
        Exception
            The error of the first name that cannot be scored, as its own
            scorer raises it.
        """
        kwargs = {} if sample_weight is None else {"sample_weight": sample_weight}
        self._passes.current = None  # a pass of its own
        try:
            return {
                name: scorer(estimator, X, y_true, **kwargs)
                for name, scorer in self.items()
            }
        finally:
            self._passes.current = None

    def set_score_request(
        self, *, sample_weight: ArrayLike | None = None
    ) -> MultiScorer:
        """Request ``sample_weight`` for every name, under metadata routing.

        A name whose scorer has no ``set_score_request`` (a plain function
        you registered) is left as it is.

        Parameters
        ----------
        sample_weight : bool, str or None, default=None
            ``True`` to receive the weights routed to scorers, ``False`` not
            to, a str to receive them under that alias.

        Returns
        -------
        self : MultiScorer
        """
        _check_routing_enabled()
        for scorer in self.values():
            if hasattr(scorer, "set_score_request"):
                scorer.set_score_request(sample_weight=sample_weight)
        self._request = sample_weight
        return self

    def __repr__(self):
        params = "".join(f", {key}={value!r}" for key, value in self.params.items())
        return f"multi_scorer({self.names!r}{params})"

    def __reduce__(self):
        # Rebuilt from its names and parameters, so that a pickle names the
        # public imbascore.MultiScorer only, never the private modules of its
        # plan, and holds no data of a pass. The scorers of names not read off
        # the count travel as they are: a scorer registered in this process
        # is unknown to a worker's registry.
        own = {
            name: scorer
            for name, scorer in self.items()
            if not isinstance(scorer, _CountedScorer)
        }
        parts = (self.names, self.params, self._per_name, own, self._request)
        return MultiScorer._from_parts, parts

    def __setstate__(self, state):
        # only pickles of 0.1.0 come here (their scorers restored as items)
        self.__dict__.update(state)
        self._passes = threading.local()
        if "_per_name" not in state:
            self._per_name = split_params(self.names, self.params, "multi_scorer")
            self._request = None

    @classmethod
    def _from_parts(cls, names, params, per_name, own, request):
        """The scorer of :meth:`__reduce__`'s parts."""
        scorer = cls.__new__(cls)
        scorer._build(names, params, per_name, own)
        if request is not None:
            with config_context(enable_metadata_routing=True):
                scorer.set_score_request(sample_weight=request)
        return scorer


@scorer_factory
def multi_scorer(names: Sequence[str], **params: Any) -> MultiScorer:
    """Scorers for many metrics that share one ``predict`` and one count.

    Gives the same numbers as ``get_scoring(names, **params)`` (each of its
    scorers predicts and counts on its own) in a single pass per fold, and is
    used like it: ``cross_validate(..., scoring=multi_scorer(names))`` and
    ``GridSearchCV(..., scoring=multi_scorer(names), refit="iba")``. Each name
    succeeds or fails on its own, as in ``get_scoring``: with
    ``error_score=np.nan`` a name that cannot be scored (e.g. a binary metric
    on multiclass data) is NaN, with scikit-learn's warning, and the others
    keep their values.

    Parameters
    ----------
    names : list of str
        Names from :func:`~imbascore.get_scorer_names`. imbascore's names and
        scikit-learn's confusion-matrix scorers (``accuracy``,
        ``balanced_accuracy``, ``matthews_corrcoef``, and ``precision``,
        ``recall``, ``f1``, ``jaccard`` with their ``_macro``, ``_micro`` and
        ``_weighted`` variants) are read off the one count. Any other name
        (e.g. ``"roc_auc"``, a registered scorer) is its own scorer, which
        calls the estimator itself.

    **params : dict
        Parameters of imbascore's scorers; each goes to every named scorer of
        ours that accepts it (see :func:`~imbascore.get_scoring`).

    Returns
    -------
    scorer : MultiScorer
        A dict ``{name: scorer}`` for ``scoring=``;
        ``scorer.score(estimator, X, y, sample_weight=None)`` returns
        ``{name: value}`` directly (see :meth:`MultiScorer.score`). It
        pickles, and under metadata routing takes
        ``set_score_request(sample_weight=True)`` for every name.

    See Also
    --------
    imbascore.get_scoring : The same dict, each scorer predicting and counting.

    Notes
    -----
    Errors are those of ``get_scoring(names, **params)``, name by name. A
    name that the shared count cannot score (the targets do not suit its
    metric, ``predict`` or the count fail, its ``pos_label`` may not be
    among the classifier's ``classes_``) is scored by its own scorer,
    ``get_scorer(name, **params)``, which raises, warns or scores as it does
    there. As in scikit-learn's pass over a dict of scorers, that scorer is
    handed the prediction of the pass once a name has predicted (the
    ``pos_label`` of later names is then not checked against ``classes_``);
    before that, it calls the estimator itself. A failing ``predict`` is
    tried once for the pass and once by each name.

    Names share a count within a pass (see :class:`MultiScorer`), which
    holds the estimator, ``X``, ``y_true`` and ``sample_weight`` until it
    ends. Calling some names yourself, changing the estimator or the data
    in place, and then calling the other names with the same objects would
    read the earlier count: use :meth:`MultiScorer.score` there, which
    starts a pass of its own.

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
    >>> model = LogisticRegression().fit(X[:50], y[:50])
    >>> scores = scoring.score(model, X[50:], y[50:])
    >>> {name: round(value, 3) for name, value in scores.items()}
    {'iba': 0.784, 'gmean': 0.894, 'f1': 0.889}
    """
    return MultiScorer(names, params)
