"""A scorer factory passed uncalled, ``scoring=iba_scorer`` (issue 57.1).

Every public ``*_scorer`` (of :mod:`imbascore.scorers` and of
:mod:`imbascore`, found by name, so a new one is covered without editing this
file) either scores exactly as ``factory()`` in a real search and in
``cross_validate``, or refuses with an error that names the parameters to
give; none lets scikit-learn turn every fold into NaN and pick the first
candidate.
"""

import pickle
import warnings

import numpy as np
import pytest
import sklearn
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate

import imbascore
from imbascore import scorers
from imbascore._scorer import registry


def _public_factories():
    """Every public ``*_scorer`` but the registry's functions."""
    names = set(scorers.__all__) | {
        name
        for name in imbascore.__all__
        if name.endswith("_scorer") and name not in registry.__all__
    }
    return {
        name: getattr(imbascore, name, None) or getattr(scorers, name)
        for name in sorted(names)
    }


FACTORIES = _public_factories()

#: Factories whose scorer needs routed metadata to score: what to route.
#: Filled at data time by ``_metadata``.
_ROUTED = {"worst_group_scorer", "neg_expected_cost_scorer"}


def _builds(factory):
    try:
        factory()
    except (TypeError, ValueError):
        return False
    return True


SCORING = [name for name, factory in FACTORIES.items() if _builds(factory)]
REFUSING = [name for name in FACTORIES if name not in SCORING]


@pytest.fixture(scope="module")
def data():
    X, y = make_classification(
        n_samples=240, weights=[0.85], flip_y=0.05, random_state=0
    )
    groups = np.arange(len(y)) % 3
    costs = np.tile([[0.0, 1.0], [10.0, 0.0]], (len(y), 1, 1))
    weights = np.random.default_rng(0).integers(1, 4, len(y)).astype(float)
    return X, y, {"groups": groups, "cost_matrix": costs, "sample_weight": weights}


def _metadata(name, extra):
    """``(routing on?, params)`` of the search for factory ``name``: what its
    scorer needs routed, else sample weights (which a search hands to a
    scorer that takes them)."""
    if name == "worst_group_scorer":
        return True, {"groups": extra["groups"]}
    if name == "neg_expected_cost_scorer":
        return True, {"cost_matrix": extra["cost_matrix"]}
    return False, {"sample_weight": extra["sample_weight"]}


GRID = {"class_weight": [None, "balanced"]}
CV = StratifiedKFold(3, shuffle=True, random_state=0)


def _same(a, b):
    np.testing.assert_array_equal(np.asarray(a, float), np.asarray(b, float))


def test_the_table_covers_every_factory():
    assert {"iba_scorer", "roc_auc_scorer", "worst_group_scorer"} <= set(SCORING)
    assert "precision_at_recall_scorer" in REFUSING
    assert len(FACTORIES) >= 35


#: A fold may leave a metric undefined (no false positive for lr_plus):
#: the metric's own warning, and scikit-learn's about the mean, the same for
#: both spellings (a failed score still fails: "Scoring failed" is an error).
def undefined_allowed(test):
    test = pytest.mark.filterwarnings(
        "ignore::sklearn.exceptions.UndefinedMetricWarning"
    )(test)
    return pytest.mark.filterwarnings(
        "ignore:One or more of the test scores are non-finite"
    )(test)


@undefined_allowed
@pytest.mark.parametrize("name", SCORING)
def test_an_uncalled_factory_selects_as_its_default_scorer(name, data):
    X, y, extra = data
    factory = FACTORIES[name]
    routing, params = _metadata(name, extra)
    with sklearn.config_context(enable_metadata_routing=routing):
        called = GridSearchCV(LogisticRegression(), GRID, scoring=factory(), cv=CV)
        called.fit(X, y, **params)
        uncalled = GridSearchCV(LogisticRegression(), GRID, scoring=factory, cv=CV)
        uncalled.fit(X, y, **params)
    scores = uncalled.cv_results_["mean_test_score"]
    assert np.isfinite(scores).any(), scores  # not the NaN of a failed score
    _same(scores, called.cv_results_["mean_test_score"])
    assert uncalled.best_params_ == called.best_params_


@undefined_allowed
@pytest.mark.parametrize("name", SCORING)
def test_an_uncalled_factory_cross_validates_as_its_default_scorer(name, data):
    X, y, extra = data
    factory = FACTORIES[name]
    routing, params = _metadata(name, extra)
    model = LogisticRegression(C=0.1)
    with sklearn.config_context(enable_metadata_routing=routing):
        kwargs = {"cv": CV, "params": params if routing else None}
        uncalled = cross_validate(model, X, y, scoring=factory, **kwargs)
        called = cross_validate(model, X, y, scoring=factory(), **kwargs)
        in_dict = cross_validate(model, X, y, scoring={"m": factory}, **kwargs)
    assert np.isfinite(uncalled["test_score"]).any()
    _same(uncalled["test_score"], called["test_score"])
    _same(in_dict["test_m"], called["test_score"])


# Routing off, a search asks its scorer whether it takes sample weights before
# the first fold only from scikit-learn 1.7 on (scikit-learn#30743).
SEARCH_ASKS_SCORER_FOR_WEIGHTS = tuple(
    int(part) for part in sklearn.__version__.split(".")[:2]
) >= (1, 7)


@pytest.mark.parametrize("name", REFUSING)
def test_a_factory_without_usable_defaults_refuses_by_name(name, data):
    X, y, _ = data
    factory = FACTORIES[name]
    model = LogisticRegression().fit(X, y)
    with pytest.raises(TypeError, match=rf"scoring={name}\("):
        factory(model, X, y)
    # Given metadata, scikit-learn asks the scorer before the first fold
    # what it requests (routing on) or whether it takes sample weights
    # (routing off): the search stops there.
    weights = np.ones(len(y))
    for routing in (True, False):
        search = GridSearchCV(LogisticRegression(), GRID, scoring=factory, cv=CV)
        with sklearn.config_context(enable_metadata_routing=routing):
            if routing or SEARCH_ASKS_SCORER_FOR_WEIGHTS:
                with pytest.raises(TypeError, match=f"{name} was given where a scorer"):
                    search.fit(X, y, sample_weight=weights)
                assert not hasattr(search, "cv_results_")
            else:  # every fold fails, saying why; the scores are NaN, never a number
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    search.fit(X, y, sample_weight=weights)
                said = " ".join(str(warning.message) for warning in caught)
                assert f"{name} was given where a scorer" in said
                assert np.isnan(search.cv_results_["mean_test_score"]).all()


@pytest.mark.parametrize("name", list(FACTORIES))
def test_factories_still_pickle_by_reference(name):
    factory = FACTORIES[name]
    assert pickle.loads(pickle.dumps(factory)) is factory
