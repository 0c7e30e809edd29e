"""``imbascore report FILE --group COL``: metrics_by_group's numbers, per group."""

import io
import json

import numpy as np
import pytest

from imbascore import metrics_by_group
from imbascore.cli import main

_METRICS = {
    "sens": "sensitivity",
    "spec": "specificity",
    "gmean": "gmean",
    "iba": ("iba", {"alpha": 0.1}),
    "ba": ("balanced_accuracy", {"average": "binary"}),
}


def _run(argv, capsys=None):
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


@pytest.fixture(scope="module")
def frame():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(0)
    n = 400
    region = rng.choice(["east", "north", "west"], size=n, p=[0.2, 0.3, 0.5])
    band = rng.choice([1, 2], size=n)
    y_true = np.where(rng.random(n) < 0.2, "yes", "no")
    flip = np.where(region == "north", 0.35, 0.1)
    other = np.where(y_true == "yes", "no", "yes")
    y_pred = np.where(rng.random(n) < flip, other, y_true)
    weight = rng.integers(1, 4, n)
    return pd.DataFrame(
        {"truth": y_true, "guess": y_pred, "region": region, "band": band, "w": weight}
    )


@pytest.fixture(params=["csv", "parquet"])
def path(request, frame, tmp_path):
    if request.param == "parquet":
        pytest.importorskip("pyarrow")
        file = tmp_path / "predictions.parquet"
        frame.to_parquet(file)
    else:
        file = tmp_path / "predictions.csv"
        frame.to_csv(file, index=False)
    return file


def _expected(frame, columns, **options):
    groups = frame[columns[0]] if len(columns) == 1 else frame[columns]
    return metrics_by_group(
        frame["truth"].to_numpy(),
        frame["guess"].to_numpy(),
        groups=groups,
        metrics=_METRICS,
        pos_label="yes",
        zero_division=np.nan,
        **options,
    )


def _base(path):
    return ["report", str(path), "--true", "truth", "--pred", "guess"]


def test_json_equals_metrics_by_group(path, frame):
    code, text = _run(_base(path) + ["--group", "region", "--json"])
    assert code == 0
    rows = json.loads(text)
    result = _expected(frame, ["region"])
    assert [row["group"] for row in rows[:-1]] == [
        {"region": group} for group in result.groups
    ]
    for i, row in enumerate(rows[:-1]):
        assert row["size"] == result.sizes[i]
        assert row["positives"] == result.positives[i]
        for key in _METRICS:
            assert row[key] == pytest.approx(result.values[key][i], rel=1e-12)
            assert f"{key}_low" not in row
    overall = rows[-1]
    assert overall["group"] is None and overall["size"] == len(frame)
    for key in _METRICS:
        assert overall[key] == pytest.approx(result.overall[key][0], rel=1e-12)


def test_intervals_and_intersections_and_weights(path, frame):
    argv = _base(path) + ["--group", "region", "--group", "band", "--json"]
    argv += ["--interval", "posterior", "--n-resamples", "500", "--weight", "w"]
    code, text = _run(argv)
    assert code == 0
    rows = json.loads(text)
    result = _expected(
        frame,
        ["region", "band"],
        sample_weight=frame["w"].to_numpy(),
        method="posterior",
        n_resamples=500,
        random_state=0,
    )
    assert len(rows) == len(result.groups) + 1 == 7
    for i, (row, group) in enumerate(zip(rows, result.groups)):
        assert row["group"] == {"region": group[0], "band": group[1]}
        assert isinstance(row["group"]["band"], int)  # numbers stay numbers
        assert row["size"] == result.sizes[i]
        for key in _METRICS:
            assert row[key] == pytest.approx(result.values[key][i], rel=1e-12)
            assert row[f"{key}_low"] == pytest.approx(result.low[key][i], rel=1e-12)
            assert row[f"{key}_high"] == pytest.approx(result.high[key][i], rel=1e-12)
    estimate, low, high = result.overall["iba"]
    assert (rows[-1]["iba"], rows[-1]["iba_low"], rows[-1]["iba_high"]) == (
        pytest.approx(estimate),
        pytest.approx(low),
        pytest.approx(high),
    )


def test_the_text_table(path, frame, capsys):
    code, text = _run(_base(path) + ["--group", "region"])
    assert code == 0
    table, legend = text.rstrip("\n").split("\n\ncolumns: ")
    assert legend.startswith("n = samples (weighted); pos = positives; sens =")
    lines = table.splitlines()
    assert lines[0].split() == [
        "region",
        "n",
        "pos",
        "sens",
        "spec",
        "gmean",
        "iba",
        "ba",
    ]
    result = _expected(frame, ["region"])
    for line, group, i in zip(lines[1:], result.groups, range(3)):
        cells = line.split()
        assert cells[0] == group
        assert float(cells[1]) == result.sizes[i]
        assert float(cells[2]) == result.positives[i]
        values = [float(cell) for cell in cells[3:]]
        expected = [round(result.values[key][i], 3) for key in _METRICS]
        np.testing.assert_allclose(values, expected, atol=5e-4)
    assert lines[-2] == "" and lines[-1].split()[:2] == ["overall", str(len(frame))]
    note = capsys.readouterr().err
    assert "the positive class is 'yes', the minority" in note


def test_text_with_intervals_and_positive(path, frame):
    argv = _base(path) + ["--group", "region", "--interval", "posterior"]
    code, text = _run(argv + ["--positive", "no", "--n-resamples", "300"])
    assert code == 0
    result = metrics_by_group(
        frame["truth"].to_numpy(),
        frame["guess"].to_numpy(),
        groups=frame["region"],
        metrics=_METRICS,
        pos_label="no",
        zero_division=np.nan,
        method="posterior",
        n_resamples=300,
        random_state=0,
    )
    first = text.splitlines()[1]
    low, high = result.low["sens"][0], result.high["sens"][0]
    assert first.startswith("east")
    assert f"{result.values['sens'][0]:.3f} [{low:.3f}, {high:.3f}]" in first


def test_an_undefined_group_is_nan_and_null(tmp_path):
    file = tmp_path / "few.csv"
    rows = [(1, 1, "a"), (0, 1, "a"), (0, 0, "b"), (0, 1, "b"), (1, 0, "a")]
    file.write_text("y_true,y_pred,g\n" + "".join(f"{t},{p},{g}\n" for t, p, g in rows))
    code, text = _run(["report", str(file), "--group", "g", "--json"])
    assert code == 0
    b = json.loads(text)[1]
    assert b["group"] == {"g": "b"} and b["positives"] == 0
    assert b["sens"] is None and b["spec"] == 0.5
    code, text = _run(["report", str(file), "--group", "g"])
    assert text.splitlines()[2].split()[:4] == ["b", "2", "0", "nan"]


def test_an_unknown_group_column_names_group(path, capsys):
    code, _ = _run(_base(path) + ["--group", "regio"])
    assert code == 2
    error = capsys.readouterr().err
    assert "the --group column 'regio' is not in" in error
    assert "(choose it with --group)" in error


def test_a_missing_group_value_names_group(tmp_path, capsys):
    file = tmp_path / "gaps.csv"
    file.write_text("y_true,y_pred,g\n1,1,a\n0,0,\n1,0,b\n")
    code, _ = _run(["report", str(file), "--group", "g"])
    assert code == 2
    assert "line 3: the --group column 'g' is empty" in capsys.readouterr().err


def test_a_missing_group_value_in_parquet_names_group(tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    file = tmp_path / "gaps.parquet"
    pd.DataFrame(
        {"y_true": [1, 0, 1], "y_pred": [1, 0, 0], "g": ["a", None, "b"]}
    ).to_parquet(file)
    code, _ = _run(["report", str(file), "--group", "g"])
    assert code == 2
    assert "the --group column 'g' is empty (null)" in capsys.readouterr().err


def test_more_than_two_labels_and_prevalence_are_refused(tmp_path, capsys):
    file = tmp_path / "three.csv"
    file.write_text("y_true,y_pred,g\n0,1,a\n1,2,a\n2,2,b\n")
    code, _ = _run(["report", str(file), "--group", "g"])
    assert code == 2
    assert "--group reports the binary case" in capsys.readouterr().err
    code, _ = _run(["report", str(file), "--group", "g", "--prevalence", "0.1"])
    assert code == 2
    assert "--prevalence is not available with --group" in capsys.readouterr().err


def test_help_mentions_group(capsys):
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    assert "--group COL" in capsys.readouterr().out
