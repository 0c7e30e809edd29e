"""The paper's table from a study: Weka's estimators fill the paper's columns."""

import pandas as pd
import pytest

from imbascore.study import run_study
from imbascore.study._garcia2008 import compare_garcia2008, paper_cells


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
