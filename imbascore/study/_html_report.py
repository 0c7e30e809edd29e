"""``report.html``: one self-contained page per study directory.

Everything is inside the file (styles inline, figures as base64 PNG data
URIs), so that it opens offline and can be mailed or archived alone: the
protocol, the table beside García et al. (2008) when the study has its
cells, the metric table with intervals, the figures, Demšar's comparison of
the samplers per classifier when there are enough data sets, the timings and
the fit warnings.
"""

import base64
import html
import io

from ._garcia2008 import GARCIA2008_TOLERANCE, off_cells
from ._tables import with_intervals

__all__ = ["study_report_html"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 1180px;
       padding: 1em 2em; color: #1a1a1a; line-height: 1.45; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em;
     border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 0.82em; margin: 0.8em 0; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.5em; text-align: right;
         white-space: nowrap; }
th { background: #f3f3f3; } .text { text-align: left; }
.scroll { max-width: 100%; overflow-x: auto; }
.figures { display: flex; flex-wrap: wrap; gap: 1em; }
.figures img { width: 540px; max-width: 100%; border: 1px solid #eee; }
img.wide { max-width: 100%; }
pre { background: #f7f7f7; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
.note { color: #555; font-size: 0.9em; }
"""


_TEXT = ' class="text"'


def _image(png, alt, css_class=""):
    data = base64.b64encode(png).decode("ascii")
    kind = f' class="{css_class}"' if css_class else ""
    return f'<img{kind} alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _table(frame, float_format="{:.3f}"):
    """A DataFrame as an HTML table in a horizontally scrolling box.

    Numbers (float and int columns) are right-aligned, floats written with
    ``float_format``; every other column (names, intervals, marks) is text,
    left-aligned, and its header with it.
    """
    import pandas as pd

    numeric = [
        pd.api.types.is_numeric_dtype(frame[c])
        and not pd.api.types.is_bool_dtype(frame[c])
        for c in frame.columns
    ]
    head = "".join(
        f"<th{'' if number else _TEXT}>{html.escape(str(c))}</th>"
        for c, number in zip(frame.columns, numeric)
    )
    rows = []
    for values in frame.itertuples(index=False):
        cells = []
        for value, number in zip(values, numeric):
            if not number:  # names and intervals read from the left
                cells.append(f"<td{_TEXT}>{html.escape(str(value))}</td>")
            elif isinstance(value, float):
                cells.append(f"<td>{html.escape(float_format.format(value))}</td>")
            else:
                cells.append(f"<td>{html.escape(str(value))}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<div class="scroll"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _garcia_section(comparison, names):
    if comparison is None or comparison.empty:
        return ""
    shown = comparison[
        [
            "dataset",
            "classifier",
            "sampler",
            "gmean",
            "paper_gmean",
            "dominance",
            "paper_dominance",
            "area",
            "paper_area",
            "diff_area",
        ]
    ].copy()
    if "paper_inside" in comparison:
        shown["paper in our 95% interval"] = comparison["paper_inside"].map(
            {True: "yes", False: "no"}
        )
    off = comparison["off"].to_numpy()
    # beside the difference it qualifies: "0.05" prints for 0.046 and 0.052
    shown.insert(
        shown.columns.get_loc("diff_area") + 1,
        f"> {GARCIA2008_TOLERANCE}",
        [f"‡ {number}" if is_off else "" for is_off, number in zip(off, off.cumsum())],
    )
    listed = "".join(f"<li>{html.escape(line)}</li>" for line in off_cells(comparison))
    return (
        "<h2>García et al. (2008), Table 3: ours beside the paper's</h2>"
        f'<p class="note">Ours: {html.escape(names)}. g and d from the '
        "fold-averaged TPR and TNR, as the paper; the area is g (3 + d) / 2. "
        f"{int((~off).sum())} of {len(comparison)} areas within "
        f"{GARCIA2008_TOLERANCE} of the paper's"
        + (
            f"; ‡ marks the {int(off.sum())} others, listed below."
            if off.any()
            else "."
        )
        + "</p>"
        + _table(shown, "{:.2f}")
        + (f'<ol class="off">{listed}</ol>' if listed else "")
    )


def _metrics_section(summary, metrics, aggregate):
    return (
        "<h2>Metrics per cell</h2>"
        f'<p class="note">{html.escape(aggregate)} over each cell\'s folds; in '
        "brackets, the 95% posterior interval of the cell's counts (every "
        "sample counted once).</p>" + _table(with_intervals(summary, metrics))
    )


def _demsar_section(results):
    """Per classifier, the samplers against the original on the area over the
    data sets (Demšar 2006), when the study has at least five data sets."""
    from .. import compare_approaches

    if results["dataset"].nunique() < 5 or "none" not in set(results["sampler"]):
        return ""
    if results["sampler"].nunique() < 2:
        return ""
    parts = []
    for classifier, folds in results.groupby("classifier", sort=False):
        try:
            comparison = compare_approaches(
                folds,
                "ad_area",
                approach="sampler",
                control="none",
                aggregate="rates",
                bayesian=False,
            )
        except ValueError as error:  # e.g. a sampler missing on some data set
            parts.append(
                f"<h3>{html.escape(classifier)}</h3><p>{html.escape(str(error))}</p>"
            )
            continue
        figure = _cd_figure(comparison)
        parts.append(
            f"<h3>{html.escape(classifier)}</h3><pre>{html.escape(str(comparison))}</pre>"
            + (
                _image(figure, f"critical difference diagram, {classifier}", "wide")
                if figure
                else ""
            )
        )
    return (
        "<h2>Are the samplers better than the original data? (Demšar 2006)</h2>"
        '<p class="note">Per classifier, the area of each data set: average ranks, '
        "the Friedman test, the Nemenyi critical difference and Holm-corrected "
        "Wilcoxon signed-rank tests against the original training set.</p>"
        + "".join(parts)
    )


def _cd_figure(comparison):
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    from ..plot import CriticalDifferenceDisplay

    figure, ax = plt.subplots(figsize=(6.4, 1.9))
    CriticalDifferenceDisplay.from_comparison(comparison, ax=ax)
    return png_bytes(figure)


def png_bytes(figure, dpi=110):
    """The figure as PNG bytes; the figure is closed."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(figure)
    return buffer.getvalue()


def study_report_html(
    results,
    *,
    protocol,
    version,
    comparison,
    names,
    summary,
    metrics,
    aggregate,
    figures,
):
    """The page as a string (see the module's docstring)."""
    cells = results[["dataset", "sampler", "classifier"]].drop_duplicates()
    listing = {
        column: ", ".join(dict.fromkeys(cells[column])) for column in cells.columns
    }
    protocol_rows = "".join(
        f"<tr><th{_TEXT}>{html.escape(k)}</th>"
        f"<td{_TEXT}>{html.escape(str(v))}</td></tr>"
        for k, v in {
            "cross-validation": "{n_repeats} x {n_splits}-fold, stratified".format(
                **protocol
            ),
            "random state": protocol["random_state"],
            "datasets": listing["dataset"],
            "samplers": listing["sampler"],
            "classifiers": listing["classifier"],
            "cells, folds": f"{len(cells)}, {len(results)}",
            "imbascore": version,
        }.items()
    )
    timing = (
        results.groupby("classifier", sort=False)
        .agg(
            folds=("fold", "size"),
            fit_seconds=("fit_time", "sum"),
            predict_seconds=("predict_time", "sum"),
            score_seconds=("score_time", "sum"),
            fits_that_warned=("fit_warnings", lambda w: int((w > 0).sum())),
        )
        .reset_index()
    )
    figure_html = "".join(
        _image(png, f"accuracy-dominance space, {name}")
        for name, png in figures.items()
    )
    body = (
        "<h1>imbascore study</h1>"
        f'<div class="scroll"><table>{protocol_rows}</table></div>'
        + _garcia_section(comparison, names)
        + _metrics_section(summary, metrics, aggregate)
        + (
            "<h2>The accuracy-dominance space (García et al. 2008, Figure 2)</h2>"
            f'<div class="figures">{figure_html}</div>'
            if figures
            else ""
        )
        + _demsar_section(results)
        + "<h2>Time and fit warnings</h2>"
        '<p class="note">Seconds summed over folds and workers, every cell of '
        "the directory.</p>" + _table(timing, "{:.1f}")
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>imbascore study</title><style>{_STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )
