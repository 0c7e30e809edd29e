"""``imbascore report FILE``: the report of a CSV, and one-line errors."""

import io
import json
import subprocess
import sys

import numpy as np
import pytest

from imbascore import imbalanced_report
from imbascore.cli import main


def _run(argv):
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


@pytest.fixture
def labels_csv(tmp_path):
    rng = np.random.default_rng(0)
    y_true = rng.choice(["no", "yes"], size=200, p=[0.85, 0.15])
    y_pred = np.where(rng.random(200) < 0.2, "yes", y_true)
    weight = rng.integers(1, 4, 200)
    path = tmp_path / "predictions.csv"
    lines = ["id,truth,guess,w"] + [
        f"{i},{t},{p},{w}" for i, (t, p, w) in enumerate(zip(y_true, y_pred, weight))
    ]
    path.write_text("\n".join(lines) + "\n")
    return path, y_true, y_pred, weight


def test_text_report_equals_imbalanced_report(labels_csv):
    path, y_true, y_pred, _ = labels_csv
    code, text = _run(["report", str(path), "--true", "truth", "--pred", "guess"])
    assert code == 0
    assert text.rstrip("\n") == imbalanced_report(y_true, y_pred)


def test_json_report_with_weights_and_options(labels_csv):
    path, y_true, y_pred, weight = labels_csv
    argv = ["report", str(path), "--true", "truth", "--pred", "guess", "--json"]
    code, text = _run(argv + ["--weight", "w", "--alpha", "0.5"])
    assert code == 0
    expected = imbalanced_report(
        y_true, y_pred, sample_weight=weight, alpha=0.5, output_dict=True
    )
    assert json.loads(text) == expected


def test_numeric_columns_are_read_as_numbers(tmp_path):
    path = tmp_path / "numbers.csv"
    rows = [(9, 9), (10, 10), (10, 9), (9, 9), (10, 10)]
    path.write_text("y_true,y_pred\n" + "".join(f"{t},{p}\n" for t, p in rows))
    code, text = _run(["report", str(path), "--json"])
    assert code == 0
    assert list(json.loads(text))[:2] == ["9", "10"]  # numeric, not text order


def test_undefined_values_are_null_in_json_and_warned_on_one_line(tmp_path, capsys):
    path = tmp_path / "one_class.csv"
    path.write_text("y_true,y_pred\n0,0\n0,1\n0,0\n")
    code, text = _run(["report", str(path), "--json", "--zero-division", "nan"])
    assert code == 0
    assert json.loads(text)["0"]["gmean"] is None
    code, _ = _run(["report", str(path)])
    warning_lines = capsys.readouterr().err.strip().splitlines()
    assert warning_lines and all(
        line.startswith("imbascore report: warning: ") for line in warning_lines
    )


@pytest.mark.parametrize(
    "content, extra, message",
    [
        (None, [], "cannot read"),
        ("y_true,y_pred\n0,1\n", ["--pred", "guess"], "column(s) ['guess'] not in"),
        ("", [], "is empty; it needs a header row"),
        ("y_true,y_pred\n", [], "has a header but no rows"),
        ("y_true,y_pred\n0,1\n1,\n", [], "line 3: column 'y_pred' is empty"),
        ("y_true,y_pred\n0,a\n1,b\n", [], "y_true"),
        ("y_true,y_pred\n0,0.5\n1,0.7\n", [], "continuous"),
        ("y_true,y_pred\n0,1\n1,1\n", ["--alpha", "2"], "'alpha' parameter"),
        ("y_true,y_pred\n0,1\n1,1\n", ["--zero-division", "x"], "--zero-division"),
        ("y_true,y_pred\n0,1\n1,1\n", ["--correction", "x"], "--correction"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(tmp_path, capsys, content, extra, message):
    path = tmp_path / "labels.csv"
    if content is not None:
        path.write_text(content)
    try:
        code = main(["report", str(path), *extra], out=io.StringIO())
    except SystemExit as exit:  # argparse's own errors
        code = exit.code
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("imbascore report: error: ")
    assert message in err


def test_console_script_runs_and_fails_cleanly(tmp_path):
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred\n0,1\n1,1\n0,0\n")
    ok = subprocess.run(
        [sys.executable, "-m", "imbascore", "report", str(path)],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and "macro avg" in ok.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "imbascore", "report", str(tmp_path / "no.csv")],
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2
    assert "Traceback" not in missing.stderr
    assert missing.stderr.count("\n") == 1


def _study(argv, capsys):
    try:
        code = main(
            ["study", "--quick", "--no-progress", "--n-jobs", "1", *argv],
            out=io.StringIO(),
        )
    except SystemExit as exit:
        code = exit.code
    return code, capsys.readouterr().err


def test_study_writes_its_outputs_and_resumes(tmp_path, capsys):
    out = tmp_path / "run"
    argv = [
        "--datasets",
        "glass",
        "--samplers",
        "none,undersample",
        "--classifiers",
        "1nn",
        "--out",
        str(out),
    ]
    stream = io.StringIO()
    assert main(["study", "--quick", "--no-progress", *argv], out=stream) == 0
    folds = (out / "folds.csv").read_text().splitlines()
    assert len(folds) == 1 + 2 * 5
    table = (out / "garcia2008_table3.md").read_text()
    assert "| Glass |" in table
    assert (out / "figures" / "accuracy_dominance_glass.png").stat().st_size > 1000
    assert "scoring" in stream.getvalue() and "% of the fold work" in stream.getvalue()
    # A rerun skips both finished cells and rewrites the same folds.
    again = io.StringIO()
    assert main(["study", "--quick", "--no-progress", *argv], out=again) == 0
    assert "skipping 2 finished cell(s)" in again.getvalue()
    assert "nothing was run" in again.getvalue()
    assert (out / "folds.csv").read_text().splitlines() == folds


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--datasets", "glas"], "--datasets must be a comma-separated list"),
        (["--classifiers", "1nn,knn"], "--classifiers must be"),
        (["--samplers", ""], "--samplers must be"),
        (["--n-jobs", "x"], "argument --n-jobs: invalid int value"),
    ],
)
def test_study_bad_options_are_one_line(argv, message, capsys, tmp_path):
    code, err = _study([*argv, "--out", str(tmp_path / "o")], capsys)
    assert code == 2
    assert err.count("\n") == 1 and message in err


def test_study_unwritable_or_foreign_out(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    code, err = _study(["--datasets", "glass", "--out", str(blocker / "x")], capsys)
    assert code == 2 and "is not a writable directory" in err
    assert err.count("\n") == 1
    out = tmp_path / "other"
    out.mkdir()
    (out / "study.json").write_text(
        '{"n_splits": 10, "n_repeats": 5, "random_state": 0}'
    )
    code, err = _study(["--datasets", "glass", "--out", str(out)], capsys)
    assert code == 2 and "holds a study of another protocol" in err


def test_study_unreachable_scheduler_is_one_line(tmp_path, capsys, monkeypatch):
    from imbascore.study import _command

    def refuse(*args, **kwargs):
        raise OSError("Timed out trying to connect to tcp://127.0.0.1:1 after 30 s")

    monkeypatch.setattr(_command, "run_study", refuse)
    code, err = _study(
        [
            "--datasets",
            "glass",
            "--scheduler",
            "tcp://127.0.0.1:1",
            "--out",
            str(tmp_path / "o"),
        ],
        capsys,
    )
    assert code == 2 and "Timed out trying to connect" in err
    assert err.count("\n") == 1
