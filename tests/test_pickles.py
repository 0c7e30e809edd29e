"""What users save keeps loading: pickles name public modules only, and the
pickles committed in tests/data/pickles (made before any code moved, by
make_pickles.py there) load and give the same numbers."""

import copy
import importlib.util
import json
import pickle
import pickletools
import warnings
from pathlib import Path

import numpy as np
import pytest
import sklearn
from sklearn.linear_model import LogisticRegression

import imbascore as ims
from imbascore._core.public import PUBLIC_MODULES

PICKLES = Path(__file__).parent / "data" / "pickles"


def _modules(data):
    """The imbascore modules a pickle refers to (by GLOBAL or STACK_GLOBAL)."""
    found, strings = set(), []
    for opcode, argument, _ in pickletools.genops(data):
        if opcode.name == "GLOBAL":
            found.add(argument.split(" ")[0])
        elif opcode.name == "STACK_GLOBAL":
            found.add(strings[-2])
        if isinstance(argument, str):
            strings.append(argument)
    return {module for module in found if module.split(".")[0] == "imbascore"}


def _saved_objects():
    X = np.random.default_rng(0).normal(size=(60, 3))
    y = (X[:, 0] > 0.8).astype(int)
    pred = (X[:, 1] > 0.5).astype(int)
    objects = {name: ims.get_scorer(name) for name in ("iba", "gmean", "f1_macro")}
    objects.update(
        net_benefit=ims.get_scorer("net_benefit", threshold_probability=0.1),
        recall_at_precision=ims.get_scorer("recall_at_precision", min_precision=0.5),
        multi_scorer=ims.multi_scorer(["iba", "f1_macro", "roc_auc"]),
        prior_corrected=ims.PriorCorrectedClassifier(LogisticRegression()).fit(X, y),
        counts=ims.confusion_counts(y, pred, sample_weight=np.arange(60) % 3),
        multilabel=ims.confusion_counts(np.c_[y, pred], np.c_[pred, y]),
        interval=ims.metric_interval(y, pred, "iba", random_state=0),
        comparison=ims.compare_predictions(y, pred, 1 - pred, random_state=0),
        paired=ims.PairedCounts.from_predictions(y, pred, 1 - pred),
        curve=ims.threshold_curve(y, X[:, 0]),
    )
    return objects


@pytest.mark.parametrize("name, value", list(_saved_objects().items()))
def test_pickles_name_public_modules_only(name, value):
    data = pickle.dumps(value)
    assert _modules(data) <= PUBLIC_MODULES, _modules(data) - PUBLIC_MODULES
    assert type(pickle.loads(data)) is type(value)


def test_every_public_class_and_function_lives_at_a_public_address():
    for name in ims.__all__:
        module = getattr(getattr(ims, name), "__module__", None) or ""
        if module.startswith("imbascore"):
            assert module in PUBLIC_MODULES, (name, module)


def test_multi_scorer_pickles_from_its_names_and_keeps_its_request():
    scorer = ims.multi_scorer(["iba", "gmean", "roc_auc"], alpha=0.2)
    with sklearn.config_context(enable_metadata_routing=True):
        scorer.set_score_request(sample_weight=True)
    loaded = pickle.loads(pickle.dumps(scorer))
    assert isinstance(loaded, ims.MultiScorer)
    assert repr(loaded) == repr(scorer) and list(loaded) == list(scorer)
    with sklearn.config_context(enable_metadata_routing=True):
        routing = loaded["iba"].get_metadata_routing()
        assert routing.score.requests["sample_weight"] is True


def _versions_match():
    made = json.loads((PICKLES / "versions.json").read_text())
    here = {"numpy": np.__version__, "scikit-learn": sklearn.__version__}
    return made == here, f"made with {made}, here {here}"


def _maker():
    spec = importlib.util.spec_from_file_location(
        "make_pickles", PICKLES / "make_pickles.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "name",
    [
        "iba_scorer",
        "multi_scorer",
        "prior_corrected",
        "grid_search",
        "counts",
        "interval",
    ],
)
def test_pickles_saved_before_the_move_load_and_agree(name):
    match, why = _versions_match()
    if not match:  # scikit-learn refuses fitted estimators across its versions
        pytest.skip(f"pickles of other library versions: {why}")
    maker = _maker()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        saved = pickle.loads((PICKLES / f"{name}.pkl").read_bytes())
    fresh = maker.objects()[name]
    X, y = maker.data()
    if name in ("iba_scorer", "multi_scorer"):
        model = LogisticRegression().fit(X, y)
        if name == "iba_scorer":
            assert saved(model, X, y) == fresh(model, X, y)
        else:
            assert saved.score(model, X, y) == fresh.score(model, X, y)
    elif name in ("prior_corrected", "grid_search"):
        np.testing.assert_array_equal(saved.predict_proba(X), fresh.predict_proba(X))
    elif name == "counts":
        assert saved == fresh and saved.score("iba") == fresh.score("iba")
    else:
        assert saved == fresh


def test_pickles_of_release_0_1_0_keep_working():
    # Pickled by imbascore 0.1.0 (97706dc), before MultiScorer pickled from
    # its names and PairedCounts knew each model's classes: they load, score,
    # copy and pickle again.
    old = PICKLES / "v0_1_0"
    made = json.loads((old / "versions.json").read_text())
    here = {"numpy": np.__version__, "scikit-learn": sklearn.__version__}
    if made != here:
        pytest.skip(f"pickles of other library versions: made with {made}, here {here}")
    scorer = pickle.loads((old / "multi_scorer.pkl").read_bytes())
    X = np.random.default_rng(0).normal(size=(60, 2))
    y = (X[:, 0] > 0.5).astype(int)
    model = LogisticRegression().fit(X, y)
    fresh = ims.multi_scorer(["iba", "gmean", "roc_auc", "f1"])
    assert scorer.score(model, X, y) == fresh.score(model, X, y)
    again = pickle.loads(pickle.dumps(copy.deepcopy(scorer)))
    assert again.score(model, X, y) == fresh.score(model, X, y)
    paired = pickle.loads((old / "paired_counts.pkl").read_bytes())
    assert paired.seen_a.all() and paired.seen_b.all()
    result = ims.compare_predictions(paired + paired, None, None, random_state=0)
    assert np.isfinite(result.estimate)


WAVE5 = PICKLES / "wave5"


@pytest.mark.parametrize("name", sorted(p.stem for p in WAVE5.glob("*.pkl")))
def test_pickles_of_main_before_the_specs_load_and_agree(name):
    # Pickled by main on 2026-11-28 (1a0312c), before wave 6 gave each metric
    # one spec: scorers of every family, records, intervals and comparisons.
    made = json.loads((WAVE5 / "versions.json").read_text())
    here = {"numpy": np.__version__, "scikit-learn": sklearn.__version__}
    if made != here:
        pytest.skip(f"pickles of other library versions: made with {made}, here {here}")
    maker = _maker()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        saved = pickle.loads((WAVE5 / f"{name}.pkl").read_bytes())
    fresh = {**maker.objects(), **maker.objects_of_wave5()}[name]
    X, y = maker.data()
    model = LogisticRegression().fit(X, y)
    if name.endswith("multi_scorer") or name == "multi_scorer_families":
        assert saved.score(model, X, y) == fresh.score(model, X, y)
    elif name.endswith("_scorer"):
        assert saved(model, X, y) == fresh(model, X, y)
    elif name in ("prior_corrected", "grid_search"):
        np.testing.assert_array_equal(saved.predict_proba(X), fresh.predict_proba(X))
    elif name == "metric_infos":  # wave 6 added metrics among them
        by_name = {info.name: info for info in fresh}
        for info in saved:
            assert by_name[info.name].bounds == info.bounds
    elif name == "metric_info":
        assert saved.name == fresh.name and saved.bounds == fresh.bounds
    else:
        assert repr(saved) == repr(fresh)
