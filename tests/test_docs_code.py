"""Every Python code block of the README and the guide pages runs, and every
output they show is what the code prints today.

A page's blocks run in order in one namespace, as a reader pasting them one
after the other would run them. A block that starts with
``# requires scikit-learn >= 1.5`` is skipped on older releases. A block with
``>>>`` prompts is a doctest:
its outputs are compared (whitespace normalised, ``...`` matching anything);
a block without prompts is executed as a script.
"""

import doctest
import os
import pathlib
import re

import pytest
from sklearn import model_selection

ROOT = pathlib.Path(__file__).parents[1]
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "docs" / "howto").glob("*.md")),
]
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def blocks(path):
    """The Python blocks of a page with their line numbers."""
    text = path.read_text(encoding="utf-8")
    return [
        (text[: match.start()].count("\n") + 2, match.group(1))
        for match in FENCE.finditer(text)
    ]


def test_the_pages_have_code():
    """The pages this test reads exist and hold Python blocks (a renamed
    page would otherwise pass by running nothing)."""
    names = {path.relative_to(ROOT).as_posix() for path in PAGES}
    assert {"README.md", "docs/getting_started.md", "docs/choosing_a_metric.md"} <= (
        names
    )
    pages = ("README.md", "docs/getting_started.md", "docs/choosing_a_metric.md")
    assert all(blocks(ROOT / name) for name in pages)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    "path", PAGES, ids=lambda path: path.relative_to(ROOT).as_posix()
)
def test_page_runs_and_prints_what_it_shows(path, tmp_path, monkeypatch):
    pytest.importorskip("matplotlib").use("Agg")
    monkeypatch.chdir(tmp_path)  # files a page writes land here
    monkeypatch.setitem(os.environ, "MPLBACKEND", "Agg")
    namespace = {"__name__": "__page__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for line, code in blocks(path):
        where = f"{path.relative_to(ROOT)}:{line}"
        if code.startswith("# requires scikit-learn >= 1.5") and not hasattr(
            model_selection, "TunedThresholdClassifierCV"
        ):
            continue  # the oldest supported scikit-learn (1.4) has no such class
        if ">>>" in code:
            test = parser.get_doctest(code, namespace, where, str(path), line)
            result = runner.run(test, clear_globs=False)
            assert result.failed == 0, f"{where}: output differs (see above)"
            namespace.update(test.globs)  # DocTest ran on a copy
        else:
            exec(compile(code, where, "exec"), namespace)
