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


def _table(text):
    """The report's table, without the legend line under it."""
    table, legend = text.rstrip("\n").rsplit("\n\ncolumns: ", 1)
    assert "sens = Sensitivity" in legend and "op = Optimized precision" in legend
    return table


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
    assert _table(text) == imbalanced_report(y_true, y_pred)


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
    assert list(json.loads(text)["classes"]) == ["9", "10"]  # numeric, not text order


def test_json_has_the_report_layout_whatever_the_class_names(tmp_path):
    path = tmp_path / "names.csv"
    rows = [
        ("accuracy", "accuracy"),
        ("macro avg", "accuracy"),
        ("macro avg", "macro avg"),
    ]
    path.write_text("y_true,y_pred\n" + "".join(f"{t},{p}\n" for t, p in rows))
    code, text = _run(["report", str(path), "--json"])
    assert code == 0
    result = json.loads(text)
    assert list(result) == ["classes", "averages", "accuracy", "support"]
    assert list(result["classes"]) == ["accuracy", "macro avg"]
    assert result["classes"]["accuracy"]["support"] == 1
    assert result["accuracy"] == pytest.approx(2 / 3) and result["support"] == 3
    code, text = _run(["report", str(path)])
    assert code == 0
    assert [line.split()[0] for line in text.splitlines()[2:4]] == [
        "accuracy",
        "macro",
    ]


def test_one_class_file_shows_undefined_values_with_a_note(tmp_path, capsys):
    path = tmp_path / "one_class.csv"
    path.write_text("y_true,y_pred\n0,0\n0,1\n0,0\n")
    code, text = _run(["report", str(path), "--json"])
    assert code == 0
    result = json.loads(text)
    assert result["classes"]["0"]["sensitivity"] == pytest.approx(2 / 3)
    assert result["classes"]["0"]["specificity"] is None
    assert result["classes"]["0"]["gmean"] is None  # not a contradictory 0
    assert result["classes"]["1"]["sensitivity"] is None
    assert result["classes"]["1"]["specificity"] == pytest.approx(2 / 3)
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("imbascore report: note: null marks undefined values: ")
    assert "label '1' never occurs in the --true column 'y_true'" in err
    assert "label '0' is the only class in the --true column 'y_true'" in err
    code, text = _run(["report", str(path)])
    assert code == 0
    assert _table(text) == imbalanced_report([0, 0, 0], [0, 1, 0], zero_division=np.nan)
    row = text.splitlines()[2].split()
    assert row[:4] == ["0", "0.667", "nan", "nan"]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "note: nan marks undefined values" in err


def test_one_row_file_is_undefined_not_zero(tmp_path, capsys):
    path = tmp_path / "one_row.csv"
    path.write_text("y_true,y_pred\n1,1\n")
    code, text = _run(["report", str(path), "--json"])
    assert code == 0
    row = json.loads(text)["classes"]["1"]
    assert row["sensitivity"] == 1.0
    assert row["specificity"] is None and row["dominance"] is None
    assert "label '1' is the only class" in capsys.readouterr().err


def test_zero_division_options_fill_and_warn_in_flags(tmp_path, capsys):
    path = tmp_path / "one_class.csv"
    path.write_text("y_true,y_pred\n0,0\n0,1\n")
    code, text = _run(["report", str(path), "--json", "--zero-division", "1"])
    assert code == 0 and json.loads(text)["classes"]["0"]["gmean"] == 1.0
    assert capsys.readouterr().err == ""  # asked for: no note
    code, text = _run(["report", str(path), "--json", "--zero-division", "warn"])
    assert code == 0 and json.loads(text)["classes"]["0"]["gmean"] == 0.0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("imbascore report: warning: ")
    assert "Use --zero-division to control this behavior." in err
    assert "zero_division" not in err and "y_true" not in err.replace(
        "column 'y_true'", ""
    )


def test_all_zero_weights_say_so(tmp_path, capsys):
    path = tmp_path / "zero.csv"
    path.write_text("y_true,y_pred,w\n0,1,0\n1,1,0\n")
    code, text = _run(["report", str(path), "--weight", "w", "--json"])
    assert code == 0 and json.loads(text)["accuracy"] is None
    err = capsys.readouterr().err
    assert "every weight in the --weight column 'w' is 0" in err
    path.write_text("y_true,y_pred,w\n0,1,0\n1,1,2\n")
    code, text = _run(["report", str(path), "--weight", "w", "--json"])
    assert code == 0 and json.loads(text)["classes"]["0"]["sensitivity"] is None
    err = capsys.readouterr().err
    assert "label '0' never occurs in the --true column 'y_true' (with a " in err


def test_same_column_as_true_and_pred_is_read_once(tmp_path):
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred\n0,1\n1,1\n1,0\n")
    code, text = _run(["report", str(path), "--pred", "y_true", "--json"])
    assert code == 0
    result = json.loads(text)
    assert result["support"] == 3 and result["accuracy"] == 1.0


@pytest.mark.parametrize(
    "content, extra, message",
    [
        (None, [], "cannot read"),
        (
            "y_true,y_pred\n0,1\n",
            ["--pred", "guess"],
            "the --pred column 'guess' is not in",
        ),
        (
            "a,b\n0,1\n",
            [],
            "the --true column 'y_true' and the --pred column 'y_pred' are not in",
        ),
        (
            "y_true,y_pred\n0,1\n",
            ["--weight", "w"],
            "(choose it with --weight)",
        ),
        ("", [], "is empty; it needs a header row"),
        ("y_true,y_pred\n", [], "has a header but no rows"),
        ("y_true,y_pred\n0,1\n1,\n", [], "line 3: the --pred column 'y_pred' is empty"),
        ("y_true,y_pred\n0,a\n1,b\n", [], "y_true"),
        ("y_true,y_pred\n0,0.5\n1,0.7\n", [], "continuous"),
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


GOOD = "y_true,y_pred,w\n0,1,1\n1,1,2\n0,0,1\n"


@pytest.mark.parametrize(
    "content, extra, messages",
    [
        (GOOD, ["--alpha", "2"], ["argument --alpha:", "range [0, 1]", "'2'"]),
        (GOOD, ["--alpha", "nan"], ["argument --alpha:", "range [0, 1]", "'nan'"]),
        (GOOD, ["--wa-weight", "3"], ["argument --wa-weight:", "[0, 1]", "'3'"]),
        (GOOD, ["--digits", "-1"], ["argument --digits:", "[0, 17]", "'-1'"]),
        (GOOD, ["--digits", "10**9"], ["argument --digits:", "'10**9'"]),
        (GOOD, ["--digits", "1000000000"], ["argument --digits:", "[0, 17]"]),
        (GOOD, ["--zero-division", "2"], ["argument --zero-division:", "'2'"]),
        (GOOD, ["--delimiter", ";;"], ["argument --delimiter:", "one character"]),
        (
            "y_true,y_pred,w\n0,1,a\n1,1,2\n",
            ["--weight", "w"],
            ["line 2: the --weight column 'w' must hold numbers; got 'a'"],
        ),
        (
            "y_true,y_pred,w\n0,1,-1\n1,1,2\n",
            ["--weight", "w"],
            ["The --weight column 'w' must be non-negative", "-1"],
        ),
        (
            "y_true,guess\n0,1\nnan,1\n",
            ["--pred", "guess"],
            ["The --true column 'y_true' must be free of missing values"],
        ),
        (
            "y_true,guess\n0,0.5\n1,1\n",
            ["--pred", "guess"],
            [
                "The --pred column 'guess' must hold class labels",
                "got 0.5: for scores or probabilities, use --score 'guess'",
            ],
        ),
        (
            "y_true,y_pred\n0,yes\n1,no\n",
            [],
            [
                "the --true column 'y_true' holds numbers but the --pred column "
                "'y_pred' holds text (e.g. 'yes')"
            ],
        ),
    ],
)
def test_errors_name_the_flag_not_the_parameter(
    tmp_path, capsys, content, extra, messages
):
    path = tmp_path / "labels.csv"
    path.write_text(content)
    try:
        code = main(["report", str(path), *extra], out=io.StringIO())
    except SystemExit as exit:  # argparse's own errors
        code = exit.code
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("imbascore report: error: ")
    for message in messages:
        assert message in err
    assert "imbalanced_report" not in err and "parameter" not in err
    assert "array([" not in err  # no numpy repr


def test_tab_delimiter(tmp_path):
    path = tmp_path / "labels.tsv"
    path.write_text("y_true\ty_pred\n0\t1\n1\t1\n")
    code, text = _run(["report", str(path), "--delimiter", "\\t", "--json"])
    assert code == 0 and json.loads(text)["support"] == 2


def test_version(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    version = capsys.readouterr().out.split()
    assert version[0] == "imbascore" and version[1][0].isdigit()


def test_bare_command_prints_the_help_and_exits_0(capsys):
    code, text = _run([])
    assert code == 0
    assert text.startswith("usage: imbascore") and "report" in text
    assert "study" in text and "example" in text
    assert capsys.readouterr().err == ""


def test_closed_pipe_ends_quietly():
    # The reader is gone before the command writes: `imbascore example | head`.
    process = subprocess.Popen(
        [sys.executable, "-m", "imbascore", "example"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait() == 141
    assert err == ""


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
        (["--n-jobs", "x"], "argument --n-jobs: must be a non-zero integer"),
        (["--n-jobs", "0"], "argument --n-jobs: must be a non-zero integer"),
        (["--random-state", "-1"], "argument --random-state: must be an integer"),
        (["--random-state", str(2**32)], "in the range [0, 4294967295]"),
    ],
)
def test_study_bad_options_are_one_line(argv, message, capsys, tmp_path):
    code, err = _study([*argv, "--out", str(tmp_path / "o")], capsys)
    assert code == 2
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "o").exists()  # nothing written


def test_study_scheduler_without_dask_fails_before_writing(
    tmp_path, capsys, monkeypatch
):
    from imbascore.study import _command

    real = _command.importlib.util.find_spec
    monkeypatch.setattr(
        _command.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "distributed" else real(name, *a),
    )
    out = tmp_path / "o"
    argv = ["--datasets", "glass", "--scheduler", "tcp://h:1", "--out", str(out)]
    code, err = _study(argv, capsys)
    assert code == 2 and err.count("\n") == 1
    assert '--scheduler needs Dask: pip install "imbascore[distributed]"' in err
    assert not out.exists()


def test_study_unreadable_study_json_is_one_line(tmp_path, capsys):
    out = tmp_path / "o"
    out.mkdir()
    (out / "study.json").write_text("{not json")
    code, err = _study(["--datasets", "glass", "--out", str(out)], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "holds an unreadable study.json" in err


def test_study_interrupted_is_one_line(tmp_path, capsys, monkeypatch):
    from imbascore.study import _command

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(_command, "run_study", interrupt)
    out = tmp_path / "o"
    code, err = _study(["--datasets", "glass", "--out", str(out)], capsys)
    assert code == 130 and err.count("\n") == 1
    assert err.startswith("imbascore study: interrupted; 0 of this run's 9 cells")
    assert err.endswith(
        f"resume with: imbascore study --datasets glass --quick --n-jobs 1 "
        f"--no-progress --out {out}\n"
    )


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


def test_interval_flag_prints_the_report_with_intervals(labels_csv, capsys):
    path, y_true, y_pred, weight = labels_csv
    argv = ["report", str(path), "--true", "truth", "--pred", "guess", "--weight", "w"]
    code, text = _run(argv + ["--interval", "posterior", "--random-state", "4"])
    assert code == 0
    assert _table(text) == imbalanced_report(
        y_true, y_pred, sample_weight=weight, interval="posterior", random_state=4
    )
    code, text = _run(argv + ["--interval", "bootstrap", "--json"])
    assert json.loads(text)["interval"]["method"] == "bootstrap"
    code = main(argv + ["--interval", "posterior", "--confidence-level", "95"])
    assert code == 2
    assert (
        "--confidence-level must be a float in (0, 1). Got 95.0"
        in capsys.readouterr().err
    )


# -- issue 42: --prevalence with text labels, help text ---------------------


@pytest.fixture
def text_labels_csv(tmp_path):
    """Benign (7) and malignant (3): text labels, the minority malignant."""
    pairs = [("benign", "benign")] * 5 + [("benign", "malignant")] * 2
    pairs += [("malignant", "malignant")] * 2 + [("malignant", "benign")]
    path = tmp_path / "tumours.csv"
    path.write_text("y_true,y_pred\n" + "".join(f"{t},{p}\n" for t, p in pairs))
    y_true, y_pred = (np.array(column) for column in zip(*pairs))
    return path, y_true, y_pred


@pytest.mark.parametrize(
    "flags, note",
    [
        # a number is the minority's share, as study --data's default class
        (["--prevalence", "0.01"], True),
        (["--prevalence", "0.01", "--positive", "malignant"], False),
        (["--prevalence", "0.99", "--positive", "benign"], False),
        # one LABEL=SHARE of two labels: the other takes the rest
        (["--prevalence", "benign=0.99"], False),
        (["--prevalence", "malignant=0.01"], False),
        (["--prevalence", "benign=0.99,malignant=0.01"], False),
    ],
)
def test_prevalence_of_text_labels(text_labels_csv, capsys, flags, note):
    path, y_true, y_pred = text_labels_csv
    code, text = _run(["report", str(path), "--json", *flags])
    assert code == 0
    result = json.loads(text)
    assert result["prevalence"] == pytest.approx({"benign": 0.99, "malignant": 0.01})
    expected = imbalanced_report(
        y_true, y_pred, prevalence=result["prevalence"], output_dict=True
    )
    assert result == expected
    err = capsys.readouterr().err
    if note:
        assert err == (
            "imbascore report: note: --prevalence 0.01 is the share of "
            "'malignant', the minority of the --true column 'y_true' (choose "
            "with --positive)\n"
        )
    else:
        assert err == ""


def test_prevalence_share_of_one_of_three_labels(tmp_path):
    path = tmp_path / "three.csv"
    pairs = [("a", "a"), ("a", "b"), ("b", "b"), ("c", "c"), ("c", "a"), ("c", "c")]
    path.write_text("y_true,y_pred\n" + "".join(f"{t},{p}\n" for t, p in pairs))
    code, text = _run(["report", str(path), "--json", "--prevalence", "b=0.5"])
    assert code == 0
    # the others keep their ratio in the file (a: 2, c: 3) in the rest
    assert json.loads(text)["prevalence"] == pytest.approx(
        {"a": 0.2, "b": 0.5, "c": 0.3}
    )


@pytest.mark.parametrize(
    "flags, message",
    [
        (
            ["--prevalence", "0.01", "--positive", "malign"],
            "--positive names the label 'malign', which is not among the labels "
            "of the file: ['benign', 'malignant'].",
        ),
        (
            ["--prevalence", "tumour=0.01"],
            "--prevalence names the label 'tumour', which is not among the labels "
            "of the file: ['benign', 'malignant'].",
        ),
        (
            ["--positive", "benign"],
            "--positive chooses the class whose share --prevalence gives; got "
            "--positive 'benign' without --prevalence",
        ),
        (
            ["--prevalence", "benign=0.5", "--positive", "benign"],
            "--positive goes with a number --prevalence (that class's share); got "
            "--positive 'benign' with --prevalence benign=0.5",
        ),
    ],
)
def test_prevalence_errors_name_the_options(text_labels_csv, capsys, flags, message):
    path, _, _ = text_labels_csv
    code, _ = _run(["report", str(path), *flags])
    assert code == 2
    assert capsys.readouterr().err == f"imbascore report: error: {message}\n"


def _help(command, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return capsys.readouterr().out


def test_report_help_fits_on_a_screen(monkeypatch, capsys):
    text = _help("report", monkeypatch, capsys)
    lines = text.splitlines()
    assert len(lines) <= 34, text  # 30, and the columns' legend (issue 57.10)
    assert "op = Optimized precision" in " ".join(text.split())
    assert max(map(len, lines)) <= 80
    for flag in ("--true COL", "--prevalence P", "--positive LABEL", "--interval"):
        assert flag in text
    assert "'Report of a CSV file'" in text  # the rest is in the docs
    prevalence = text[text.index("--prevalence P") : text.index("--positive LABEL")]
    assert "(0.01)" not in prevalence  # an example, not a default
    assert "e.g. 0.01" in prevalence


def test_study_help_says_what_each_option_is(monkeypatch, capsys):
    text = " ".join(_help("study", monkeypatch, capsys).split())
    assert "--quick one 5-fold pass instead of the default 5x10-fold" in text
    assert "--classifiers NAMES classifiers, comma-separated (" in text
    assert "--metrics NAMES metrics of the table, comma-separated (" in text


def test_a_missing_extra_gives_the_pip_command_of_an_index_and_of_a_checkout(
    tmp_path, capsys, monkeypatch
):
    # Issue 57.6: `pip install "imbascore[study]"` fails in a checkout (the
    # README's way), where `pip install ".[study]"` is the command.
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred,a,b\n0,1,x,1\n1,1,y,2\n")
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if not installed
    code, _ = _run(["report", str(path), "--group", "a", "--group", "b"])
    assert code == 2
    err = capsys.readouterr().err
    assert 'pip install "imbascore[study]"' in err
    assert 'pip install ".[study]"' in err


_HELP_IMPORTS = """
import sys
import imbascore
before = set(sys.modules)
from imbascore.cli import main
try:
    main({argv!r})
except SystemExit:
    pass
new = sorted(set(sys.modules) - before)
heavy = ("imbascore.study", "matplotlib", "pandas", "imblearn", "pyarrow")
print([m for m in new if m.split(".")[0] in heavy or m.startswith(heavy)])
print([m for m in ("imbascore.study", "matplotlib") if m in sys.modules])
"""


@pytest.mark.parametrize(
    "argv", [["--help"], [], ["report", "--help"], ["example", "--help"]]
)
def test_help_imports_nothing_beyond_the_package(argv):
    # Issue 57.9: `imbascore --help` imported the study (imbalanced-learn,
    # its estimators) to print one line of it, 0.5 s more than
    # `import imbascore`. (scikit-learn itself imports pandas when it is
    # installed, so pandas is checked against `import imbascore`.)
    done = subprocess.run(
        [sys.executable, "-c", _HELP_IMPORTS.format(argv=argv)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["[]", "[]"], done.stdout


def test_help_says_of_study_what_the_study_says(monkeypatch, capsys):
    from imbascore.cli import _parser

    lazy, _ = _parser()
    loaded, _ = _parser("study")
    assert lazy.format_help() == loaded.format_help()


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["reprot", "x.csv"],
            "imbascore: error: unknown command 'reprot': choose from example, "
            "report, study. Did you mean 'report'? (see imbascore --help)",
        ),
        (
            ["Study"],
            "imbascore: error: unknown command 'Study': choose from example, "
            "report, study. Did you mean 'study'? (see imbascore --help)",
        ),
        (
            ["report", "x.csv", "--scores", "s"],
            "imbascore report: error: unrecognized arguments: --scores s "
            "(see imbascore report --help)",
        ),
    ],
)
def test_a_mistyped_command_or_option_is_answered_by_its_parser(argv, message, capsys):
    # Issue 57.10 (did you mean) and 57.2 (the option's command's --help).
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    assert capsys.readouterr().err == message + "\n"


@pytest.fixture(scope="module")
def long_labels_csv(tmp_path_factory):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 20000)
    p = np.where(rng.random(20000) < 0.2, 1 - y, y)
    path = tmp_path_factory.mktemp("pipe") / "labels.csv"
    path.write_text("y_true,y_pred\n" + "".join(f"{a},{b}\n" for a, b in zip(y, p)))
    return path


@pytest.mark.parametrize("attempt", range(4))
def test_a_reader_that_closes_early_ends_the_report_quietly(long_labels_csv, attempt):
    # Issue 49.13: `imbascore report FILE | head -3` sometimes ended with
    # "terminate called without an active exception" (pyarrow's reader
    # threads at the interpreter's teardown); repeated, as it was rare.
    process = subprocess.Popen(
        [sys.executable, "-m", "imbascore", "report", str(long_labels_csv)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    for _ in range(3):  # `head -3`
        process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=120) in (0, 141)
    assert err == ""


def test_the_report_command_skips_the_interpreters_teardown(long_labels_csv):
    # What makes 49.13 impossible rather than rare: once the output is
    # flushed, `report` ends the process itself (os._exit), so no teardown
    # (atexit, C++ static destructors of pyarrow's thread pool) runs.
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('teardown', file=sys.stderr))\n"
        f"sys.argv = ['imbascore', 'report', {str(long_labels_csv)!r}]\n"
        "from imbascore.cli import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "macro avg" in done.stdout
    assert "teardown" not in done.stderr


def test_a_pred_column_of_scores_is_answered_in_command_line_terms(tmp_path, capsys):
    # Issue 57.10: the refusal said "estimator.predict(X)" to a command-line
    # user; with or without --group, it points at --score.
    path = tmp_path / "scores.csv"
    path.write_text("y_true,y_pred,g\n0,0.1,a\n1,0.8,a\n0,0.6,b\n1,0.3,b\n")
    for extra in ([], ["--group", "g"]):
        code, _ = _run(["report", str(path), *extra])
        assert code == 2
        err = capsys.readouterr().err
        assert "use --score 'y_pred' instead" in err, err
        assert "predict(X)" not in err and "astype" not in err
