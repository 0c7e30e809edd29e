"""The light core works without the extras; each extra's absence names it.

Each check runs in a fresh interpreter in which pandas, imbalanced-learn,
tqdm, matplotlib, numba, pyarrow and baycomp cannot be imported, as after
``pip install imbascore`` alone.
"""

import subprocess
import sys
import textwrap

import pytest

BLOCKED = ("pandas", "imblearn", "tqdm", "matplotlib", "numba", "pyarrow", "baycomp")

BLOCKER = f"""
import importlib.abc, sys
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ImportError(f"No module named {{name!r}} (blocked)")
        return None
sys.meta_path.insert(0, Blocker())
"""


def _run(code, tmp_path, *args):
    script = tmp_path / "check.py"
    script.write_text(BLOCKER + textwrap.dedent(code))
    return subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )


def test_metrics_scorers_counts_intervals_and_report_need_no_extra(tmp_path):
    done = _run(
        """
        import numpy as np
        import imbascore
        from imbascore import (
            confusion_counts, iba_score, imbalanced_report, metric_interval,
            threshold_curve, get_scorer,
        )
        y = np.array([0] * 90 + [1] * 10)
        p = np.array([0] * 85 + [1] * 5 + [1] * 7 + [0] * 3)
        assert round(iba_score(y, p), 4) == round(
            (1 + 0.1 * (0.7 - 85 / 90)) * 0.7 * 85 / 90, 4)
        counts = confusion_counts(y, p) + confusion_counts(y, p)
        assert counts.matrix.sum() == 200
        metric_interval(y, p, "gmean", random_state=0)
        threshold_curve(y, np.linspace(0, 1, 100))
        imbalanced_report(y, p)
        get_scorer("iba")
        for name in {blocked!r}:
            assert name not in sys.modules, name
        print("ok")
        """.replace("{blocked!r}", repr(BLOCKED)),
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_command_line_report_and_example_need_no_extra(tmp_path):
    (tmp_path / "labels.csv").write_text("y_true,y_pred\n" + "0,0\n1,1\n0,1\n1,0\n")
    done = _run(
        """
        from imbascore.cli import main
        assert main(["report", "labels.csv", "--no-progress"]) == 0
        assert main(["example"]) == 0
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "support" in done.stdout


@pytest.mark.parametrize(
    "code, message",
    [
        (
            "from imbascore.cli import main; raise SystemExit(main(['study']))",
            "imbascore study: error: imbascore.study needs pandas: pip install "
            '"imbascore[study]"',
        ),
        (
            "from imbascore.datasets import load_dataset; load_dataset('glass')",
            'load_dataset needs pandas: pip install "imbascore[study]"',
        ),
        (
            "from imbascore import compare_approaches; "
            "compare_approaches([[1, 2], [3, 4]])",
            'compare_approaches needs pandas: pip install "imbascore[compare]"',
        ),
        (
            "from imbascore.plot import AccuracyDominanceDisplay; "
            "AccuracyDominanceDisplay(dominance=[0], gmean=[0.5], names=['a']).plot()",
            'needs matplotlib: pip install "imbascore[plot]"',
        ),
        (
            "open('labels.parquet', 'wb').close(); from imbascore.cli import main; "
            "raise SystemExit(main(['report', 'labels.parquet']))",
            'reading Parquet needs pyarrow: pip install "imbascore[parquet]"',
        ),
    ],
)
def test_each_extra_is_named_when_missing(tmp_path, code, message):
    done = _run(code, tmp_path)
    assert done.returncode != 0
    assert message in done.stderr, done.stderr
    # and the form that works in a checkout, where "imbascore[...]" would
    # fetch the package from the index (issue 57.6)
    extra = message.rsplit("[", 1)[1].rstrip(']"')
    assert f'pip install ".[{extra}]"' in done.stderr, done.stderr
