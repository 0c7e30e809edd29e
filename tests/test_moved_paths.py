"""0.1's module paths keep importing, with a warning that names the public
place, for one more minor version (imbascore._core.moved)."""

import importlib
import pathlib
import pickle
import subprocess
import sys

import pytest

import imbascore
from imbascore._core.moved import _SUCCESSORS, MOVED

OLD_PATHS = sorted(f"imbascore.{old}" for old in MOVED)


@pytest.mark.parametrize("old", OLD_PATHS)
def test_an_old_path_imports_with_a_warning_and_reads_the_new_home(old, monkeypatch):
    monkeypatch.delitem(sys.modules, old, raising=False)
    expected = rf"{old} is deprecated .* 0\.3"
    with pytest.warns(DeprecationWarning, match=expected) as seen:
        module = importlib.import_module(old)
    home = importlib.import_module(module.__moved_to__)
    public = _SUCCESSORS.get(old.split(".")[1]) or [
        name for name in home.__all__ if name in imbascore.__all__
    ]
    message = str(seen[0].message)
    if public:
        assert "from imbascore" in message
        assert all(name in message for name in public)
    else:
        assert f"now in {home.__name__}" in message
    for name in home.__all__:
        assert getattr(module, name) is getattr(home, name)


def test_the_warning_points_at_the_importing_line(monkeypatch):
    monkeypatch.delitem(sys.modules, "imbascore.thresholds", raising=False)
    with pytest.warns(DeprecationWarning) as seen:
        from imbascore.thresholds import threshold_curve  # noqa: F401
    assert seen[0].filename == __file__


def test_old_submodules_of_old_packages_import(monkeypatch):
    monkeypatch.delitem(sys.modules, "imbascore._engine.select", raising=False)
    with pytest.warns(DeprecationWarning, match="imbascore._core.engine.select"):
        from imbascore._engine.select import index_of
    from imbascore._core.engine.select import index_of as new

    assert index_of is new


@pytest.mark.parametrize("name", ["decision_curve", "multi_scorer"])
def test_a_function_named_like_its_old_module_stays_the_function(name):
    # In a fresh interpreter: importing the old module path must not rebind
    # the package's attribute (the function) to the module.
    code = (
        "import warnings, types; warnings.simplefilter('ignore')\n"
        f"import imbascore\n"
        f"function = imbascore.{name}\n"
        f"import imbascore.{name}\n"
        f"from imbascore.{name} import *\n"
        f"assert imbascore.{name} is function, imbascore.{name}\n"
        f"assert isinstance(function, types.FunctionType)\n"
        f"import sys; print(type(sys.modules['imbascore.{name}']).__name__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "_MovedModule"


def test_every_old_path_leaves_the_package_s_functions_alone(monkeypatch):
    for old in OLD_PATHS:
        monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning):
        for old in OLD_PATHS:
            importlib.import_module(old)
    for name in imbascore.__all__:
        value = getattr(imbascore, name)
        assert not isinstance(value, type(imbascore)), name


def test_an_unknown_old_name_is_not_invented():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("imbascore.no_such_module")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("imbascore._engine.no_such_module")


def test_a_pickle_naming_an_old_private_path_loads(monkeypatch):
    # 0.1's multi_scorer pickles named imbascore._scoring (see test_pickles);
    # a plain object pickled under an old path loads from the new home.
    from imbascore._metrics.scoring import score_table

    monkeypatch.delitem(sys.modules, "imbascore._scoring", raising=False)
    data = pickle.dumps(score_table, protocol=0)
    assert b"imbascore._metrics.scoring" in data
    data = data.replace(b"imbascore._metrics.scoring", b"imbascore._scoring")
    with pytest.warns(DeprecationWarning, match="imbascore._scoring"):
        assert pickle.loads(data) is score_table


def test_the_top_level_holds_public_modules_only():
    top = pathlib.Path(imbascore.__file__).parent
    files = {p.stem for p in top.glob("*.py")}
    public = {"__init__", "__main__", "cli", "metrics", "scorers", "paper_tables"}
    assert files == public
    folders = {p.name for p in top.iterdir() if (p / "__init__.py").exists()}
    assert {f for f in folders if f[0] != "_"} == {"plot", "datasets", "study"}


def test_an_old_module_name_reads_as_an_attribute_of_the_package(monkeypatch):
    # 0.1: `import imbascore` made its modules attributes of the package
    monkeypatch.delitem(sys.modules, "imbascore.intervals", raising=False)
    monkeypatch.delitem(imbascore.__dict__, "intervals", raising=False)
    with pytest.warns(DeprecationWarning, match="imbascore.intervals") as seen:
        module = imbascore.intervals
    assert module.metric_interval is imbascore.metric_interval
    assert seen[0].filename == __file__
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        imbascore.no_such_name  # noqa: B018


def test_import_module_warns_at_its_caller(monkeypatch):
    monkeypatch.delitem(sys.modules, "imbascore.paired", raising=False)
    with pytest.warns(DeprecationWarning) as seen:
        importlib.import_module("imbascore.paired")
    assert seen[0].filename == __file__


def test_a_public_module_of_0_1_names_its_public_successor(monkeypatch):
    monkeypatch.delitem(sys.modules, "imbascore.counts", raising=False)
    with pytest.warns(DeprecationWarning, match="import ConfusionCounts"):
        importlib.import_module("imbascore.counts")
