"""The output directory of ``imbascore study`` as a store of finished cells."""

import io
import os

import pandas as pd
import pytest

from imbascore.cli import main
from imbascore.study import _command
from imbascore.study._runner import COLUMNS
from imbascore.study._store import StoreError, StudyStore

QUICK = ["study", "--quick", "--no-progress", "--n-jobs", "1"]
FAST = ["--samplers", "none,undersample", "--classifiers", "1nn"]


def _study(argv, capsys=None):
    stream = io.StringIO()
    code = main([*QUICK, *argv], out=stream)
    return code, stream.getvalue()


def test_a_run_on_other_datasets_adds_to_the_store(tmp_path):
    # Before: rerunning with --datasets glass into a full directory replaced
    # folds.csv and the table by glass alone (450 rows became 45).
    out = str(tmp_path / "o")
    assert _study(["--datasets", "haberman,ecoli", *FAST, "--out", out])[0] == 0
    before = pd.read_csv(tmp_path / "o" / "folds.csv")
    code, printed = _study(["--datasets", "glass", *FAST, "--out", out])
    assert code == 0
    after = pd.read_csv(tmp_path / "o" / "folds.csv")
    assert len(after) == len(before) + 2 * 5
    assert set(after["dataset"]) == {"ecoli", "glass", "haberman"}
    # the earlier cells are kept exactly
    kept = after[after["dataset"] != "glass"].reset_index(drop=True)
    pd.testing.assert_frame_equal(kept, before)
    table = (tmp_path / "o" / "garcia2008_table3.md").read_text()
    assert all(f"| {name} |" in table for name in ("Ecoli", "Glass", "Haberman"))
    figures = sorted(p.name for p in (tmp_path / "o" / "figures").iterdir())
    assert figures == [
        f"accuracy_dominance_{d}.png" for d in ("ecoli", "glass", "haberman")
    ]
    assert "not only this run's" in printed


def test_a_write_that_dies_midway_leaves_no_half_cell(tmp_path):
    store = StudyStore(
        tmp_path, {"n_splits": 2, "n_repeats": 1, "random_state": 0}, COLUMNS, "t"
    )
    frame = pd.DataFrame(
        [
            dict.fromkeys(COLUMNS, 0)
            | {"dataset": "d", "sampler": "s", "classifier": "c", "fold": f}
            for f in range(2)
        ]
    )

    def half_then_die(path):
        with open(path, "w") as handle:
            handle.write("dataset,sampler\nd,")
        raise MemoryError  # killed in the middle of the write

    with pytest.raises(MemoryError):
        store.replace_with(store.cell_name(("d", "s", "c")), half_then_die)
    assert list((tmp_path / "cells").iterdir()) == []  # no target, no temp file
    store.save_cell(frame)
    assert list(store.finished()) == [("d", "s", "c")]
    # a cell file cut short (an older run's) is not taken as finished
    (tmp_path / "cells" / "d__s__e.csv").write_text(frame.iloc[:1].to_csv(index=False))
    assert list(store.finished()) == [("d", "s", "c")]


def test_ctrl_c_keeps_the_finished_cells_and_names_the_command(
    tmp_path, capsys, monkeypatch
):
    real = _command.run_study

    def one_cell_then_interrupt(datasets, samplers, classifiers, **kwargs):
        real(datasets, samplers[:1], classifiers, **kwargs)  # saves one cell
        raise KeyboardInterrupt

    monkeypatch.setattr(_command, "run_study", one_cell_then_interrupt)
    out = tmp_path / "o"
    code, _ = _study(["--datasets", "glass", *FAST, "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 130 and err.count("\n") == 1 and "Traceback" not in err
    assert "1 of this run's 2 cells are finished and kept" in err
    resume = err.split("resume with: ")[1].strip()
    assert resume == (
        "imbascore study --datasets glass --samplers none,undersample "
        f"--classifiers 1nn --quick --n-jobs 1 --no-progress --out {out}"
    )
    assert [p.name for p in (out / "cells").iterdir()] == ["glass__none__1nn.csv"]
    monkeypatch.setattr(_command, "run_study", real)
    code, printed = _study([*resume.split()[2:-2], "--out", str(out)])
    assert code == 0 and "skipping 1 finished cell(s)" in printed


def test_a_second_run_on_the_same_directory_is_refused(tmp_path, capsys):
    protocol = {"n_splits": 5, "n_repeats": 1, "random_state": 0, "coding": "papers"}
    store = StudyStore(tmp_path, protocol, COLUMNS, "t")
    with store.locked():
        code, _ = _study(["--datasets", "glass", *FAST, "--out", str(tmp_path)])
        err = capsys.readouterr().err
        assert code == 2 and "is in use by another imbascore study run" in err
        assert f"--out {str(tmp_path)!r}" in err
        with pytest.raises(StoreError, match="in use"):
            with store.locked():
                pass
    assert _study(["--datasets", "glass", *FAST, "--out", str(tmp_path)])[0] == 0


def test_metric_table_with_intervals_for_any_study(tmp_path):
    out = tmp_path / "o"
    code, printed = _study(
        [
            "--datasets",
            "glass",
            *FAST,
            "--metrics",
            "iba,npv",
            "--aggregate",
            "pooled",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    table = pd.read_csv(out / "metrics.csv")
    for name in ("iba", "npv"):
        assert {name, f"{name}_low", f"{name}_high"} <= set(table.columns)
        assert (table[f"{name}_low"] <= table[name]).all()
        assert (table[name] <= table[f"{name}_high"]).all()
    markdown = (out / "metrics.md").read_text()
    assert "| dataset | sampler | classifier | iba | npv |" in markdown
    assert "| dataset | sampler | classifier | iba | npv |" in printed
    assert "fit warnings: 1nn none" in printed


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--metrics", "iba,auc"], "--metrics must be a comma-separated list of"),
        (["--metrics", "accuracy"], "--metrics accuracy depend on the class ratio"),
    ],
)
def test_bad_metrics_are_named(tmp_path, capsys, argv, message):
    code, _ = _study(["--datasets", "glass", *argv, "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1
    assert not (tmp_path / "o").exists()


def test_fit_warnings_are_summarised_per_classifier():
    fresh = pd.DataFrame(
        {
            "classifier": ["mlp", "mlp", "mlp", "1nn"],
            "fit_warnings": [1, 0, 2, 0],
            "fit_warning_kinds": [
                "ConvergenceWarning",
                float("nan"),
                "ConvergenceWarning;UserWarning",
                "",
            ],
        }
    )
    stream = io.StringIO()
    _command._print_fit_warnings(fresh, stream)
    assert stream.getvalue() == (
        "fit warnings: mlp 2 of 3 fits (ConvergenceWarning, UserWarning); 1nn none\n"
    )


def test_temporary_files_never_stay(tmp_path):
    out = str(tmp_path / "o")
    assert _study(["--datasets", "glass", *FAST, "--out", out])[0] == 0
    leftovers = [
        name for _, _, files in os.walk(out) for name in files if name.startswith(".")
    ]
    assert leftovers == [".lock"]


def test_a_store_from_before_the_papers_coding_is_refused(tmp_path, capsys):
    """Cells of Breast and German counted on nominal attributes (a store
    written before the papers' coding) are not resumed and mixed with new
    ones: the protocol records the coding."""
    out = tmp_path / "o"
    assert _study(["--datasets", "haberman", *FAST, "--out", str(out)])[0] == 0
    recorded = out / "study.json"
    old = recorded.read_text().replace('"coding": "papers",', "")
    assert old != recorded.read_text()
    recorded.write_text(old)
    code, _ = _study(["--datasets", "haberman", *FAST, "--out", str(out)])
    assert code != 0
    assert "another protocol" in capsys.readouterr().err
