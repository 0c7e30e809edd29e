"""report.html: one self-contained page per study, checked in a real browser."""

import io
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from imbascore.cli import main

DATASETS = "glass,ecoli,haberman,pima,yeast"
PROBE = """
<script>
window.addEventListener("load", () => {
  const images = [...document.images];
  const broken = images.filter((i) => !(i.complete && i.naturalWidth > 0)).length;
  const overflowing = [...document.querySelectorAll("table")].filter((t) => {
    const box = t.closest(".scroll") || t.parentElement;
    return box.getBoundingClientRect().right > window.innerWidth + 1;
  }).length;
  // a header aligned unlike its column's values, or a text value (the
  // settings table's) pushed to the right
  const align = (cell) => getComputedStyle(cell).textAlign;
  let misaligned = 0;
  for (const table of document.querySelectorAll("table")) {
    const head = [...table.querySelectorAll("thead th")];
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.children].forEach((cell, i) => {
        if (head.length ? align(cell) !== align(head[i]) : align(cell) !== "left")
          misaligned += 1;
      });
    }
  }
  document.title = JSON.stringify({
    images: images.length, broken, overflowing, misaligned,
    page: document.documentElement.scrollWidth, window: window.innerWidth});
});
</script>
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("study")
    argv = ["study", "--quick", "--no-progress", "--n-jobs", "1", "--datasets"]
    argv += [DATASETS, "--samplers", "none,undersample", "--classifiers", "1nn"]
    assert main([*argv, "--out", str(out)], out=io.StringIO()) == 0
    return out / "report.html"


def test_the_page_holds_everything_and_fetches_nothing(report):
    page = report.read_text()
    # no external resource: no src/href to a network address, no <link>
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page
    # one figure per data set and one critical difference diagram, inline
    assert page.count('src="data:image/png;base64,') == 5 + 1
    for heading in (
        "García et al. (2008), Table 3",
        "Metrics per cell",
        "Demšar 2006",
        "Time and fit warnings",
    ):
        assert heading in page
    assert "5 x 1-fold" not in page and "1 x 5-fold, stratified" in page


@pytest.mark.slow  # starts chromium
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs chromium")
def test_in_a_browser_every_figure_shows_and_no_table_overflows(report, tmp_path):
    probed = tmp_path / "probed.html"
    probed.write_text(report.read_text() + PROBE)
    dom = subprocess.run(
        [
            "chromium",
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=1280,1000",
            "--virtual-time-budget=5000",
            "--dump-dom",
            probed.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    title = re.search(r"<title>([^<]*)</title>", dom).group(1)
    seen = json.loads(title.replace("&quot;", '"'))
    assert seen["images"] == 6 and seen["broken"] == 0
    assert seen["overflowing"] == 0 and seen["page"] <= seen["window"]
    assert seen["misaligned"] == 0


class _Cells(HTMLParser):
    """Each table's rows as lists of (tag, is text) cells."""

    def __init__(self):
        super().__init__()
        self.tables = []

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("th", "td"):
            self.tables[-1][-1].append((tag, "text" in dict(attrs).get("class", "")))


def test_text_reads_from_the_left_and_each_header_sits_like_its_column(report):
    # Issue 42, item 8: the settings table's values were right-aligned, and
    # "sampler" (a text column not first) was a right-aligned header over
    # left-aligned names.
    parser = _Cells()
    parser.feed(report.read_text())
    settings, garcia, *tables = parser.tables
    assert all(row == [("th", True), ("td", True)] for row in settings)
    for header, *rows in [garcia, *tables]:
        assert {tag for tag, _ in header} == {"th"} and rows
        for row in rows:
            assert [text for _, text in row] == [text for _, text in header]
    header = [text for _, text in garcia[0]]
    # dataset, classifier, sampler; then g, d and the area, ours and the paper's
    assert header[:3] == [True] * 3 and not any(header[3:9])
    timing = [text for _, text in tables[-1][0]]
    assert timing == [True] + [False] * (len(timing) - 1)  # classifier; numbers
