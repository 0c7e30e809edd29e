"""The study's tables as text: Markdown lines, metrics with their intervals."""

__all__ = ["markdown_table", "with_intervals"]


def markdown_table(header, rows):
    """A Markdown table's lines: the header, its rule, one line per row."""
    return [
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
        *("| " + " | ".join(row) + " |" for row in rows),
    ]


def with_intervals(summary, metrics):
    """Each cell of :func:`summarize`'s ``summary`` with its ``metrics`` as
    ``value [low, high]`` texts (three decimals)."""
    rows = summary.reset_index()
    shown = rows[["dataset", "sampler", "classifier"]].copy()
    for name in metrics:
        shown[name] = [
            f"{v:.3f} [{lo:.3f}, {hi:.3f}]"
            for v, lo, hi in zip(rows[name], rows[name + "_low"], rows[name + "_high"])
        ]
    return shown
