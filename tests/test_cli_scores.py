"""``imbascore report FILE --score COL``: a column of scores (issue 57.2).

The numbers are checked against scikit-learn (ROC AUC, average precision,
Brier score, log loss) and DeLong's interval against its definition.
"""

import io
import json

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.metrics import (
    average_precision_score,
    brier_score_loss,
    log_loss,
    roc_auc_score,
)

from imbascore.cli import main


def _run(argv):
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


@pytest.fixture
def scores_csv(tmp_path):
    rng = np.random.default_rng(3)
    n = 300
    y = (rng.random(n) < 0.25).astype(int)
    p = np.clip(0.25 + 0.35 * y + 0.3 * rng.standard_normal(n), 0.001, 0.999)
    p = np.round(p, 4)
    group = rng.choice(["east", "west"], n)
    path = tmp_path / "scores.csv"
    lines = ["label,proba,margin,region,label_text"] + [
        f"{t},{s},{4 * s - 2:.4f},{g},{'yes' if t else 'no'}"
        for t, s, g in zip(y, p, group)
    ]
    path.write_text("\n".join(lines) + "\n")
    return path, y, p, group


def _delong(y, s, level=0.95):
    """DeLong, DeLong & Clarke-Pearson (1988): the placement values."""
    pos, neg = s[y == 1], s[y == 0]
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    auc = psi.mean()
    v10, v01 = psi.mean(axis=1), psi.mean(axis=0)
    se = np.sqrt(v10.var(ddof=1) / len(pos) + v01.var(ddof=1) / len(neg))
    z = norm.ppf(0.5 + level / 2)
    return auc, auc - z * se, auc + z * se


def test_json_numbers_are_scikit_learns(scores_csv):
    path, y, p, _ = scores_csv
    code, text = _run(
        ["report", str(path), "--true", "label", "--score", "proba", "--json"]
    )
    assert code == 0
    report = json.loads(text)
    auc, low, high = _delong(y, p)
    assert report["roc_auc"]["estimate"] == pytest.approx(roc_auc_score(y, p))
    assert report["roc_auc"]["estimate"] == pytest.approx(auc)
    assert report["roc_auc"]["method"] == "delong"
    assert report["roc_auc"]["low"] == pytest.approx(low, abs=1e-3)
    assert report["roc_auc"]["high"] == pytest.approx(high, abs=1e-3)
    assert report["average_precision"] == pytest.approx(average_precision_score(y, p))
    calibration = report["calibration"]
    assert calibration["brier"]["estimate"] == pytest.approx(brier_score_loss(y, p))
    assert calibration["log_loss"]["estimate"] == pytest.approx(log_loss(y, p))
    assert calibration["brier_positive"]["estimate"] == pytest.approx(
        brier_score_loss(y[y == 1], p[y == 1], pos_label=1)  # 1.4 has no labels=
    )


def test_text_report_shows_the_same_numbers_and_a_legend(scores_csv):
    path, y, p, _ = scores_csv
    code, text = _run(["report", str(path), "--true", "label", "--score", "proba"])
    assert code == 0
    auc, low, high = _delong(y, p)
    assert f"ROC AUC            {auc:.3f} [{low:.3f}, {high:.3f}]" in text
    assert f"average precision  {average_precision_score(y, p):.3f}" in text
    assert f"brier           {brier_score_loss(y, p):.3f} [" in text
    assert "rows: brier = Brier score" in text


def test_scores_outside_0_1_have_no_calibration(scores_csv):
    path, y, p, _ = scores_csv
    margin = 4 * p - 2
    argv = ["report", str(path), "--true", "label", "--score", "margin"]
    code, text = _run(argv + ["--json"])
    report = json.loads(text)
    assert report["calibration"] is None
    assert report["roc_auc"]["estimate"] == pytest.approx(roc_auc_score(y, margin))
    code, text = _run(argv)
    assert "no calibration: the scores are not probabilities" in text


def test_text_labels_with_positive(scores_csv):
    path, y, p, _ = scores_csv
    argv = ["report", str(path), "--true", "label_text", "--score", "proba"]
    code, text = _run(argv + ["--positive", "yes", "--json"])
    assert code == 0
    report = json.loads(text)
    assert report["roc_auc"]["estimate"] == pytest.approx(roc_auc_score(y, p))


def test_each_groups_numbers(scores_csv):
    path, y, p, group = scores_csv
    argv = ["report", str(path), "--true", "label", "--score", "proba"]
    code, text = _run(argv + ["--group", "region", "--json"])
    assert code == 0
    rows = json.loads(text)
    assert [row["group"] for row in rows] == [
        {"region": "east"},
        {"region": "west"},
        None,
    ]
    for row in rows:
        where = (
            np.ones(len(y), bool)
            if row["group"] is None
            else group == row["group"]["region"]
        )
        yg, pg = y[where], p[where]
        assert row["auc"] == pytest.approx(roc_auc_score(yg, pg))
        assert row["auc_low"] == pytest.approx(_delong(yg, pg)[1], abs=1e-3)
        assert row["ap"] == pytest.approx(average_precision_score(yg, pg))
        assert row["brier"] == pytest.approx(brier_score_loss(yg, pg))
    code, text = _run(argv + ["--group", "region"])
    assert text.splitlines()[0].split() == [
        "region",
        "n",
        "pos",
        "auc",
        "ap",
        "brier",
        "ece",
    ]
    assert "auc = ROC AUC; ap = Average precision" in " ".join(text.split())


@pytest.mark.parametrize(
    "extra, message",
    [
        (
            ["--score", "region"],
            "the --score column 'region' must hold numbers (scores or "
            "probabilities of the positive class); got text, e.g. 'east'",
        ),
        (
            ["--score", "proba", "--pred", "label"],
            "--pred is for a column of predicted labels; --score 'proba'",
        ),
        (
            ["--score", "proba", "--positive", "maybe"],
            "--positive names the label 'maybe', which is not among the labels",
        ),
    ],
)
def test_score_errors_name_the_options(scores_csv, capsys, extra, message):
    path, *_ = scores_csv
    code, _ = _run(["report", str(path), "--true", "label"] + extra)
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("imbascore report: error: ") and message in err
    assert err.count("\n") == 1
