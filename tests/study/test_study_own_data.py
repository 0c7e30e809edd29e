"""``imbascore study --data FILE --target COL``: the study on the user's files."""

import io
import json

import numpy as np
import pytest

from imbascore.cli import main

pd = pytest.importorskip("pandas")

#: Tiny runs: one 5-fold pass, two fast classifiers (one Weka), no parallelism.
FAST = [
    "--quick",
    "--no-progress",
    "--n-jobs",
    "1",
    "--samplers",
    "none,undersample",
    "--classifiers",
    "1nn,weka_1nn",
]


def _study(argv, capsys):
    out = io.StringIO()
    try:
        code = main(["study", *FAST, *argv], out=out)
    except SystemExit as exit:
        code = exit.code
    return code, out.getvalue(), capsys.readouterr().err


def _frame(n=80, seed=0):
    rng = np.random.default_rng(seed)
    churned = rng.random(n) < 0.25
    return pd.DataFrame(
        {
            "age": rng.integers(18, 80, n),
            "income": np.round(rng.normal(50, 10, n) + 15 * churned, 1),
            "colour": rng.choice(["red", "green", "blue"], n),
            "churned": np.where(churned, "yes", "no"),
        }
    )


@pytest.fixture
def churn_csv(tmp_path):
    path = tmp_path / "churn.csv"
    _frame().to_csv(path, index=False)
    return path


def _one_line_error(code, err, *parts):
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("imbascore study: error: ")
    for part in parts:
        assert part in err, err


def test_csv_with_string_labels_mixed_with_an_embedded_dataset(
    churn_csv, tmp_path, capsys
):
    out = tmp_path / "run"
    argv = ["--data", str(churn_csv), "--target", "churned", "--datasets", "glass"]
    code, printed, err = _study([*argv, "--out", str(out)], capsys)
    assert code == 0, err
    n_yes = int((_frame()["churned"] == "yes").sum())
    assert (
        f"dataset 'churn' from {str(churn_csv)!r}: 80 rows, 3 features (1 nominal: "
        f"colour); positive class 'yes' ({n_yes} rows) against 'no' "
        f"({80 - n_yes} rows)"
    ) in printed
    assert "positive class 'yes': the minority (choose with --positive)" in printed
    folds = pd.read_csv(out / "folds.csv")
    assert set(folds["dataset"]) == {"glass", "churn"}
    assert len(folds) == 2 * 2 * 2 * 5  # datasets x samplers x classifiers x folds
    # every fold of the own dataset counts all of its rows once per pass
    churn = folds[folds["dataset"] == "churn"]
    per_cell = churn.groupby(["sampler", "classifier"])[["tp", "fn"]].sum()
    assert (per_cell.sum(axis=1) == n_yes).all()
    # the García table is for the paper's datasets only; the rest is for all
    assert "| Glass |" in (out / "garcia2008_table3.md").read_text()
    assert "churn" not in (out / "garcia2008_table3.md").read_text()
    assert "| churn | none | weka_1nn |" in (out / "metrics.md").read_text()
    assert (out / "figures" / "accuracy_dominance_churn.png").stat().st_size > 1000
    page = (out / "report.html").read_text()
    assert page.count('src="data:image/png;base64,') == 2
    for heading in ("García et al. (2008), Table 3", "Metrics per cell", "churn"):
        assert heading in page
    recorded = json.loads((out / "datasets.json").read_text())
    assert recorded["churn"]["positive"] == "yes"
    # a rerun skips the finished cells; the same file with other rows is refused
    code, printed, err = _study([*argv, "--out", str(out)], capsys)
    assert code == 0 and "skipping 8 finished cell(s)" in printed
    _frame(seed=1).to_csv(churn_csv, index=False)
    code, _, err = _study([*argv, "--out", str(out)], capsys)
    _one_line_error(code, err, "--data", "holds cells of a dataset 'churn' made")


def test_parquet_with_a_categorical_column_and_nominal_override(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    from imbascore.study import prepare_data
    from imbascore.study._own_data import read_own_dataset

    frame = _frame()
    frame["colour"] = frame["colour"].astype("category")
    frame["plan"] = np.arange(len(frame)) % 3  # integer codes, nominal by choice
    frame["churned"] = frame["churned"] == "yes"  # a boolean target
    path = tmp_path / "accounts.parquet"
    frame.to_parquet(path)
    own = read_own_dataset(path, target="churned", positive="True", nominal=["plan"])
    assert own.nominal == ("colour", "plan")
    data = prepare_data(own.as_tuple())  # what the Weka estimators are told
    assert data.categorical == (2, 3) and data.n_categories == (3, 3)
    assert data.y.sum() == frame["churned"].sum()
    out = tmp_path / "run"
    code, printed, err = _study(
        ["--data", str(path), "--target", "churned", "--positive", "True"]
        + ["--nominal", "plan", "--out", str(out)],
        capsys,
    )
    assert code == 0, err
    assert "4 features (2 nominal: colour, plan); positive class True" in printed
    assert "positive class True (--positive)" in printed
    assert not (out / "garcia2008_table3.md").exists()
    page = (out / "report.html").read_text()
    assert "Metrics per cell" in page and "García et al. (2008), Table 3" not in page


def test_missing_values_are_refused_with_count_and_line_or_dropped(
    churn_csv, tmp_path, capsys
):
    lines = churn_csv.read_text().splitlines()
    cells = lines[4].split(",")
    cells[1] = ""  # line 5: income empty
    lines[4] = ",".join(cells)
    cells = lines[9].split(",")
    cells[2] = ""  # line 10: colour empty
    lines[9] = ",".join(cells)
    churn_csv.write_text("\n".join(lines) + "\n")
    argv = ["--data", str(churn_csv), "--target", "churned"]
    code, _, err = _study([*argv, "--out", str(tmp_path / "a")], capsys)
    _one_line_error(
        code,
        err,
        f"--data {str(churn_csv)!r} has 2 rows with missing values",
        "the first at line 5, column 'income'",
        "--drop-missing",
    )
    assert not (tmp_path / "a").exists()
    code, printed, err = _study(
        [*argv, "--drop-missing", "--out", str(tmp_path / "b")], capsys
    )
    assert code == 0, err
    assert "78 rows" in printed
    assert "left out 2 of 80 rows with missing values (--drop-missing" in printed


def test_one_class_file_is_refused(churn_csv, tmp_path, capsys):
    frame = _frame()
    frame["churned"] = "no"
    frame.to_csv(churn_csv, index=False)
    code, _, err = _study(
        ["--data", str(churn_csv), "--target", "churned", "--out", str(tmp_path / "o")],
        capsys,
    )
    _one_line_error(code, err, "--target 'churned'", "holds one class only ('no' (80))")


def test_missing_target_column_lists_the_columns(churn_csv, tmp_path, capsys):
    code, _, err = _study(
        ["--data", str(churn_csv), "--target", "churn", "--out", str(tmp_path / "o")],
        capsys,
    )
    _one_line_error(
        code,
        err,
        "the --target column 'churn' is not in",
        "its columns are ['age', 'income', 'colour', 'churned']",
    )


def test_multiclass_target_is_refused_unless_positive_makes_it_one_vs_rest(
    churn_csv, tmp_path, capsys
):
    argv = ["--data", str(churn_csv), "--target", "colour"]
    code, _, err = _study([*argv, "--out", str(tmp_path / "a")], capsys)
    _one_line_error(code, err, "holds 3 classes", "two-class", "--positive VALUE")
    code, _, err = _study(
        [*argv, "--positive", "purple", "--out", str(tmp_path / "a")], capsys
    )
    _one_line_error(
        code, err, "--positive must be one of", "['blue', 'green', 'red']", "'purple'"
    )
    code, printed, err = _study(
        [*argv, "--positive", "red", "--out", str(tmp_path / "b")], capsys
    )
    assert code == 0, err
    assert "positive class 'red' (--positive) against the rest" in printed
    assert "against 'blue', 'green'" in printed


@pytest.mark.parametrize(
    "argv, parts",
    [
        (["--target", "y"], ["--target applies to your own files", "--data FILE"]),
        (["--data", "nothere.csv", "--target", "y"], ["'nothere.csv'", "not there"]),
        (["--data", "x.json", "--target", "y"], ["--data must name a CSV or"]),
    ],
)
def test_option_errors_name_the_flag(argv, parts, tmp_path, capsys):
    code, _, err = _study([*argv, "--out", str(tmp_path / "o")], capsys)
    _one_line_error(code, err, *parts)


def test_own_file_named_like_an_embedded_dataset_is_refused(tmp_path, capsys):
    path = tmp_path / "Glass.csv"
    _frame().to_csv(path, index=False)
    code, _, err = _study(
        ["--data", str(path), "--target", "churned", "--out", str(tmp_path / "o")],
        capsys,
    )
    _one_line_error(code, err, "'Glass' is the name of an embedded dataset")


def test_help_fits_on_one_screen_and_list_describes(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["study", "--help"])
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert len(lines) <= 40, text
    assert max(map(len, lines)) <= 80
    for flag in ("--data FILE", "--target COL", "--positive", "--drop-missing"):
        assert flag in text
    assert "WekaIBkClassifier" not in text  # descriptions are under --list
    out = io.StringIO()
    assert main(["study", "--list"], out=out) == 0
    listed = out.getvalue()
    assert "WekaIBkClassifier" in listed and "WekaSMOTE" in listed
    assert "glass" in listed and "balanced_accuracy" in listed
