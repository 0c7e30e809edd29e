"""report.html: one self-contained page per study, checked in a real browser."""

import io
import json
import re
import shutil
import subprocess

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
  document.title = JSON.stringify({
    images: images.length, broken, overflowing,
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
