"""The registry: our names first, scikit-learn's second, clear errors."""

import pickle

import pytest
from sklearn.metrics import cohen_kappa_score, make_scorer
from sklearn.metrics import get_scorer as sklearn_get_scorer
from sklearn.metrics import get_scorer_names as sklearn_scorer_names

from imbascore import get_scorer, get_scorer_names, get_scoring, register_scorer
from imbascore._scorer.decision_scorers import DECISION_FACTORIES
from imbascore._scorer.factories import BUILTIN_FACTORIES

#: Our calibration names (scikit-learn's "neg_brier_score" and "neg_log_loss"
#: stay its own without parameters).
CALIBRATION_NAMES = {
    "neg_mcb",
    "neg_ece",
    "neg_brier_positive",
    "neg_brier_negative",
    "neg_balanced_brier",
    "neg_balanced_log_loss",
}


def kappa_scorer(**params):
    return make_scorer(cohen_kappa_score, **params)


def test_names_are_ours_and_sklearns_sorted():
    names = get_scorer_names(kind="all")
    assert names == sorted(names)
    assert (
        set(names)
        == set(BUILTIN_FACTORIES)
        | set(DECISION_FACTORIES)
        | set(sklearn_scorer_names())
        | {"auprg", "partial_auc"}
        | CALIBRATION_NAMES
    )


def _sklearn_task(name):
    """Where scikit-learn defines the metric of its scorer ``name``."""
    module = sklearn_get_scorer(name)._score_func.__module__
    if "cluster" in module:
        return "clustering"
    return "regression" if "_regression" in module else "classification"


def test_default_names_are_the_classification_ones():
    names = get_scorer_names()
    assert names == sorted(names)
    # the ranking names scikit-learn has too ("roc_auc", ...) count as its own
    ours = (
        set(BUILTIN_FACTORIES)
        | set(DECISION_FACTORIES)
        | {"auprg", "partial_auc"}
        | CALIBRATION_NAMES
    )
    assert ours <= set(names)
    sklearns = set(names) - ours
    # every classification scorer of the installed scikit-learn, and no other
    assert sklearns == {
        name
        for name in sklearn_scorer_names()
        if _sklearn_task(name) == "classification"
    }
    assert {"f1", "roc_auc", "neg_log_loss"} <= set(names)
    assert not {"r2", "neg_mean_squared_error", "adjusted_rand_score"} & set(names)
    with pytest.raises(ValueError, match="'kind' parameter of get_scorer_names"):
        get_scorer_names(kind="regression")
    # every name still resolves, and the error says how to list them all
    assert "r2" in repr(get_scorer("r2"))
    with pytest.raises(ValueError, match=r"get_scorer_names\(kind='all'\)"):
        get_scorer("zzzzzz")


@pytest.mark.parametrize("name", sorted(BUILTIN_FACTORIES))
def test_our_names_build_our_scorers(name):
    assert repr(get_scorer(name)) == repr(BUILTIN_FACTORIES[name]())


@pytest.mark.parametrize("name", ["accuracy", "f1", "balanced_accuracy", "roc_auc"])
def test_sklearn_names_keep_sklearns_meaning(name):
    assert repr(get_scorer(name)) == repr(sklearn_get_scorer(name))


def test_params_go_to_our_factories():
    assert "alpha=0.5" in repr(get_scorer("iba", alpha=0.5))
    with pytest.raises(TypeError, match="'f1' is scikit-learn's scorer"):
        get_scorer("f1", average="macro")


def test_callable_is_returned_as_a_copy():
    scorer = get_scorer("gmean")
    copied = get_scorer(scorer)
    assert copied is not scorer and repr(copied) == repr(scorer)
    with pytest.raises(TypeError, match="no parameters with a callable"):
        get_scorer(scorer, alpha=0.1)


@pytest.mark.parametrize(
    "name, error, match",
    [
        ("ibaa", ValueError, "Did you mean 'iba'"),
        ("gmaen", ValueError, "Did you mean 'gmean'"),
        ("balanced_acuracy", ValueError, "'balanced_accuracy'"),
        ("IBA", ValueError, "Did you mean 'iba'\\?"),
        ("GMean", ValueError, "Did you mean 'gmean'\\?"),
        ("zzzzzz", ValueError, "get_scorer_names\\(\\) lists those"),
        (3, TypeError, "'scoring' parameter of get_scorer must be a str"),
    ],
)
def test_unknown_names(name, error, match):
    with pytest.raises(error, match=match):
        get_scorer(name)


def test_get_scoring_mixes_ours_and_sklearns():
    scoring = get_scoring(["iba", "gmean", "f1", "balanced_accuracy"], alpha=0.3)
    assert list(scoring) == ["iba", "gmean", "f1", "balanced_accuracy"]
    assert "alpha=0.3" in repr(scoring["iba"])
    assert repr(scoring["f1"]) == repr(sklearn_get_scorer("f1"))
    assert "pos_label=None" in repr(get_scoring(["gmean"], average="macro")["gmean"])


def test_register_a_scorer_of_your_own():
    register_scorer("kappa", kappa_scorer)
    assert "kappa" in get_scorer_names()
    scorer = get_scorer("kappa", weights="quadratic")
    assert "weights=quadratic" in repr(scorer)
    assert repr(pickle.loads(pickle.dumps(scorer))) == repr(scorer)
    assert list(get_scoring(["kappa", "iba"])) == ["kappa", "iba"]
    with pytest.raises(ValueError, match="already registered; pass overwrite=True"):
        register_scorer("kappa", kappa_scorer)
    register_scorer("kappa", kappa_scorer, overwrite=True)


def test_the_registry_is_restored_between_tests():
    assert "kappa" not in get_scorer_names()


def test_overwriting_our_name_takes_it_out_of_our_parameters():
    register_scorer("iba", kappa_scorer, overwrite=True)
    assert "cohen_kappa_score" in repr(get_scorer("iba"))
    with pytest.raises(TypeError, match="none of the scorers"):
        get_scoring(["iba"], alpha=0.1)


@pytest.mark.parametrize(
    "args, error, match",
    [
        (("f1", kappa_scorer), ValueError, "scikit-learn's scorer names"),
        (("", kappa_scorer), TypeError, "non-empty str"),
        ((None, kappa_scorer), TypeError, "non-empty str"),
        (("x", "not callable"), TypeError, "'factory' parameter"),
        (("gmean", kappa_scorer), ValueError, "already registered"),
    ],
)
def test_bad_registrations(args, error, match):
    with pytest.raises(error, match=match):
        register_scorer(*args)


def test_a_factory_that_returns_no_scorer():
    register_scorer("broken", lambda: 42)
    with pytest.raises(TypeError, match="returned 42, which is not a scorer"):
        get_scorer("broken")


@pytest.mark.parametrize(
    "names, params, error, match",
    [
        ("iba", {}, TypeError, r"For a single scorer use get_scorer\('iba'\)"),
        (["iba", "f1", "iba"], {}, ValueError, "distinct"),
        (["iba", "nope"], {}, ValueError, "'nope' is not a scorer name"),
        (["f1"], {"alpha": 0.1}, TypeError, "none of the scorers"),
        (["iba"], {"alpha": -1}, ValueError, "'alpha' parameter of iba_scorer"),
    ],
)
def test_bad_get_scoring(names, params, error, match):
    with pytest.raises(error, match=match):
        get_scoring(names, **params)
