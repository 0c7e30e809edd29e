"""Every example runs and prints what it claims (they assert their claims)."""

import os
import pathlib
import subprocess
import sys

import pytest
from sklearn import model_selection

EXAMPLES = sorted((pathlib.Path(__file__).parents[1] / "examples").glob("*.py"))
NEEDS_TUNED_THRESHOLD = {"plot_threshold_tuning_iba.py", "plot_deployment_ratio.py"}
# The reproductions run their full 5x10-fold protocol by default; here once.
QUICK = {
    "reproduce_garcia2008.py",
    "reproduce_garcia2009.py",
    "reproduce_weiss_bac.py",
}


def test_examples_are_found():
    assert {path.name for path in EXAMPLES} >= {
        "plot_grid_search_iba.py",
        "plot_threshold_tuning_iba.py",
    } | QUICK


@pytest.mark.slow  # 5 min in all; the docs build runs the plot_ ones too
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_runs(path, tmp_path):
    if path.name in NEEDS_TUNED_THRESHOLD and not hasattr(
        model_selection, "TunedThresholdClassifierCV"
    ):
        pytest.skip("needs scikit-learn >= 1.5")
    environment = {**os.environ, "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [sys.executable, str(path), *(["--quick"] if path.name in QUICK else [])],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment,
        # a guard against a hang, not a speed test: the quick García 2008 run
        # takes 1-2 min alone and went past 300 s on a loaded machine
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.strip()
