"""The paper's table from a study: Weka's estimators fill the paper's columns."""

import html

import pandas as pd
import pytest

from imbascore.study import run_study
from imbascore.study._garcia2008 import (
    MEASURED_DIFFERENCES,
    compare_garcia2008,
    garcia2008_markdown,
    paper_cells,
)


@pytest.fixture(scope="module")
def folds():
    return run_study(
        ["glass", "haberman"],
        ["none", "undersample"],
        ["1nn"],
        n_splits=3,
        n_repeats=1,
        random_state=0,
    )


def test_weka_names_fill_the_papers_columns(folds):
    # The study's default estimators are Weka's (weka_1nn, weka_smote, ...);
    # the comparison of the example and of make_figures read them as the
    # paper's 1-NN and SMOTE (it raised KeyError: no cell had a paper name).
    weka = folds.assign(classifier="weka_1nn")
    ours = compare_garcia2008(folds, interval=None)
    theirs = compare_garcia2008(weka, interval=None)
    assert len(theirs) == 4
    pd.testing.assert_frame_equal(ours, theirs)


def test_a_weka_estimator_displaces_its_stand_in(folds):
    both = pd.concat(
        [
            folds.assign(classifier="weka_1nn", tp=0),
            folds,
        ]
    )
    cells, used = paper_cells(both)
    assert used["1nn"] == "weka_1nn"
    assert set(cells["classifier"]) == {"1nn"} and len(cells) == len(folds)
    assert (cells["tp"] == 0).all()  # the Weka rows, not the stand-in's
    comparison = compare_garcia2008(both, interval=None)
    assert (comparison["gmean"] == 0).all()


def _docs_file(*parts):
    from pathlib import Path

    return Path(__file__).resolve().parents[2].joinpath(*parts)


def test_every_cell_off_by_more_than_005_keeps_a_measured_explanation():
    table = pd.read_csv(_docs_file("docs", "_static", "garcia2008_weka.csv"))
    assert len(table) == 90
    off = table[(table["area"] - table["paper_area"]).abs() > 0.05]
    assert (~off["within_0.05"]).all()
    for why in off["explanation"]:
        assert why.startswith(("the paper's typo", "seed noise", "not noise"))
        assert " SD" in why or "TNR" in why  # a measured number, not a guess
    # Issue 30: Breast and German were given to Weka as numeric codes; both
    # 1-NN rows are what Weka gives on them, neither is a copy of the other.
    assert not table["explanation"].str.contains("copy").any()
    shown = pd.read_csv(_docs_file("docs", "_static", "garcia2008_comparison.csv"))
    assert len(shown) == 90
    assert not shown["why it differs"].fillna("").str.contains("copy").any()


def test_the_headline_is_the_csvs_count():
    table = pd.read_csv(_docs_file("docs", "_static", "garcia2008_weka.csv"))
    within = int(table["within_0.05"].sum())
    readme = _docs_file("README.md").read_text(encoding="utf-8")
    howto = _docs_file("docs", "howto", "reproduce_papers.md").read_text(
        encoding="utf-8"
    )
    page = _docs_file("docs", "reproducing", "garcia2008.rst").read_text(
        encoding="utf-8"
    )
    assert f"**{within} of the 90 cells of García 2008's Table 3 lie within" in readme
    assert f"**{within} of 90** areas within 0.05" in howto
    assert f"{within} of 90 areas within 0.05" in page


def test_the_measured_explanations_are_the_csvs():
    # One table of these facts in the package; the docs' CSV carries the same.
    table = pd.read_csv(_docs_file("docs", "_static", "garcia2008_weka.csv"))
    names = {"weka_1nn": "1nn", "weka_svm": "svm", "weka_mlp": "mlp"}
    names.update(none="none", weka_smote="smote", undersample="undersample")
    off = table[~table["within_0.05"]]
    assert MEASURED_DIFFERENCES == {
        (row.dataset, names[row.classifier], names[row.sampler]): row.explanation
        for row in off.itertuples()
    }


def _folds(cells):
    """One fold per cell, 1000 positives and 1000 negatives, TPR = TNR = r:
    the area is 1.5 r."""
    return pd.DataFrame(
        [
            {
                "dataset": dataset,
                "sampler": sampler,
                "classifier": classifier,
                "repeat": 0,
                "fold": 0,
                "tp": hits,
                "fn": 1000 - hits,
                "fp": 1000 - hits,
                "tn": hits,
                "fit_time": 0.0,
                "score_time": 0.0,
            }
            for dataset, sampler, classifier, hits in cells
        ]
    )


MEASURED = {"n_splits": 10, "n_repeats": 5, "random_state": 0, "coding": "papers"}


def test_each_cell_over_005_is_marked_and_explained():
    # Issue 42, item 4: both cells printed "+0.05"; only one counts as off
    # (German/1-NN/under-sampling: 0.9765 against 0.93, +0.0465; Pima/MLP/
    # original: 0.972 against 0.92, +0.052), and nothing said which or why.
    from imbascore.study._garcia2008 import MEASURED_DIFFERENCES
    from imbascore.study._html_report import _garcia_section

    folds = _folds(
        [
            ("german", "undersample", "weka_1nn", 651),
            ("pima", "none", "weka_mlp", 648),
        ]
    )
    comparison = compare_garcia2008(folds, interval=None, protocol=MEASURED)
    assert comparison["diff_area"].round(2).tolist() == [0.05, 0.05]
    assert comparison["off"].tolist() == [False, True]
    why = MEASURED_DIFFERENCES[("pima", "mlp", "none")]
    assert comparison["explanation"].tolist() == ["", why]

    text = garcia2008_markdown(comparison)
    assert "| 0.98 (0.93, +0.05) |" in text  # German: within, unmarked
    assert "| 0.97 (0.92, +0.05) ‡ |" in text  # Pima: off, marked
    assert "Areas within 0.05 of the paper's: 1 of 2; ‡ marks the 1 others" in text
    assert f"- Pima, MLP, original: area 0.972, paper 0.92 (+0.052): {why}" in text

    page = _garcia_section(comparison, "MLP = weka_mlp")
    assert "1 of 2 areas within 0.05 of the paper's; ‡ marks the 1 others" in page
    assert page.count("‡ 1") == 1 and page.count("<li>") == 1
    assert "<li>Pima, MLP, original: area 0.972, paper 0.92 (+0.052): " in page
    assert html.escape(why) in page


@pytest.mark.parametrize(
    "classifier, protocol",
    [
        ("mlp", MEASURED),  # the scikit-learn stand-in
        ("weka_mlp", {**MEASURED, "random_state": 1}),
        ("weka_mlp", {**MEASURED, "n_splits": 5, "n_repeats": 1}),  # --quick
        ("weka_mlp", None),
    ],
)
def test_an_unmeasured_run_marks_the_cell_without_borrowing_an_explanation(
    classifier, protocol
):
    folds = _folds([("pima", "none", classifier, 648)])
    comparison = compare_garcia2008(folds, interval=None, protocol=protocol)
    assert comparison["off"].tolist() == [True]
    assert comparison["explanation"].iloc[0].startswith("no measured explanation")
    assert "0.97 (0.92, +0.05) ‡ |" in garcia2008_markdown(comparison)


def test_the_study_command_explains_its_measured_cells(tmp_path):
    # The command renamed the folds to the paper's names before comparing,
    # so no cell looked measured: every explanation said "no measured".
    import io
    import types

    from imbascore.study._command import _write_outputs

    folds = _folds([("pima", "none", "weka_mlp", 648)])
    written = {}
    store = types.SimpleNamespace(
        protocol=MEASURED,
        out=tmp_path,
        write_text=written.__setitem__,
        replace_with=lambda name, write: None,
    )
    _write_outputs(folds, store, io.StringIO())
    why = MEASURED_DIFFERENCES[("pima", "mlp", "none")]
    assert f"(+0.052): {why}" in written["garcia2008_table3.md"]
