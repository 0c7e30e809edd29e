"""Our study beside García, Mollineda & Sánchez (2008), Table 3.

The paper reports, per dataset, classifier (1-NN, SVM, MLP) and training
set (original, SMOTE, random under-sampling), the 5x10-fold averages of the
g-mean and the dominance, and the trapezoid area ``g (3 + d) / 2`` of those
averages. Its claim: the area after SMOTE and after under-sampling exceeds
the area on the original data, "in all cases".
"""

from .. import _formulas as F
from .._summaries import summarize
from ..paper_tables import GARCIA2008_TABLE3

__all__ = [
    "GARCIA2008_CLASSIFIERS",
    "GARCIA2008_DATASETS",
    "GARCIA2008_SAMPLERS",
    "compare_garcia2008",
    "count_claim",
    "garcia2008_markdown",
]

#: Our names -> the paper's.
GARCIA2008_DATASETS = {
    name.lower(): name for name in GARCIA2008_TABLE3["1-NN"]["original"]
}
GARCIA2008_CLASSIFIERS = {"1nn": "1-NN", "svm": "SVM", "mlp": "MLP"}
GARCIA2008_SAMPLERS = {
    "none": "original",
    "smote": "SMOTE",
    "undersample": "undersampling",
}


#: Which of the paper's columns a Weka estimator fills: the paper ran Weka.
PAPER_ROLES = {
    "classifier": {"weka_1nn": "1nn", "weka_svm": "svm", "weka_mlp": "mlp"},
    "sampler": {"weka_smote": "smote"},
}


def paper_cells(results):
    """The folds as the paper's cells: Weka estimators under the paper's names.

    ``weka_1nn``, ``weka_svm``, ``weka_mlp`` and ``weka_smote`` take the
    columns 1-NN, SVM, MLP and SMOTE; a scikit-learn stand-in keeps its
    column only where its Weka counterpart did not run. Returns the renamed
    folds and the names that filled each role.
    """
    frame = results
    used = {}
    for column, roles in PAPER_ROLES.items():
        present = set(frame[column])
        for weka, plain in roles.items():
            if weka in present:
                frame = frame[frame[column] != plain]
                used[plain] = weka
            elif plain in present:
                used[plain] = plain
        frame = frame.assign(**{column: frame[column].replace(roles)})
    return frame, used


def compare_garcia2008(
    results, *, aggregate="rates", interval="posterior", confidence_level=0.95
):
    """Per cell of the paper's Table 3: our g, d and area, the paper's, the gap.

    Parameters
    ----------
    results : pandas.DataFrame
        Per-fold results of :func:`~imbascore.study.run_study`; cells outside
        the paper's table are ignored. Weka's estimators fill the paper's
        columns (``weka_mlp`` is its MLP; see :func:`paper_cells`), the
        scikit-learn stand-ins those Weka's did not.

    aggregate : {"rates", "fold", "pooled"}, default="rates"
        How our g and d are made from the folds (see
        :func:`~imbascore.study.summarize`): ``"rates"`` as the paper does,
        from the fold-averaged TPR and TNR.

    interval : {"posterior", "repeats"} or None, default="posterior"
        Add ``area_low``, ``area_high`` (the interval of the area, see
        :func:`~imbascore.study.summarize`) and ``paper_inside`` (whether the
        paper's area lies in it).

    confidence_level : float, default=0.95
        Of the interval.

    Returns
    -------
    comparison : pandas.DataFrame
        Columns ``dataset, classifier, sampler`` (our names), ``gmean,
        dominance, area`` (ours, aggregated as ``aggregate`` says; the area
        from those g and d, as the paper computes it), ``paper_gmean, paper_dominance,
        paper_area`` and ``diff_gmean, diff_dominance, diff_area`` (ours minus
        the paper's), in the paper's order.
    """
    import pandas as pd

    results, _ = paper_cells(results)
    summary = summarize(results, ("gmean", "dominance"), aggregate=aggregate)
    if interval is not None:
        bounds = summarize(
            results, ("ad_area",), interval=interval, confidence_level=confidence_level
        )
    rows = []
    for classifier, paper_classifier in GARCIA2008_CLASSIFIERS.items():
        for sampler, paper_sampler in GARCIA2008_SAMPLERS.items():
            for dataset, paper_dataset in GARCIA2008_DATASETS.items():
                key = (dataset, sampler, classifier)
                if key not in summary.index:
                    continue
                g, d = summary.loc[key, ["gmean", "dominance"]]
                paper = GARCIA2008_TABLE3[paper_classifier][paper_sampler]
                pg, pd_, parea = paper[paper_dataset]
                area = float(F.ad_area(g, d))
                row = {
                    "dataset": dataset,
                    "classifier": classifier,
                    "sampler": sampler,
                    "gmean": g,
                    "dominance": d,
                    "area": area,
                    "paper_gmean": pg,
                    "paper_dominance": pd_,
                    "paper_area": parea,
                    "diff_gmean": g - pg,
                    "diff_dominance": d - pd_,
                    "diff_area": area - parea,
                }
                if interval is not None:
                    low, high = bounds.loc[key, ["ad_area_low", "ad_area_high"]]
                    row["area_low"], row["area_high"] = low, high
                    row["paper_inside"] = bool(low <= parea <= high)
                rows.append(row)
    comparison = pd.DataFrame(rows)
    comparison.attrs.update(
        aggregate=aggregate, interval=interval, confidence_level=confidence_level
    )
    return comparison


def count_claim(comparison, *, column="area"):
    """How many (dataset, classifier) pairs satisfy the paper's claim.

    The claim: ``area(SMOTE) > area(original)`` and ``area(under-sampling) >
    area(original)``. Pass ``column="paper_area"`` to count the paper's own
    table.

    Returns
    -------
    satisfied, total : int
        Pairs that satisfy it, and pairs with all three samplings present.
    """
    satisfied = total = 0
    for _, pair in comparison.groupby(["dataset", "classifier"], sort=False):
        areas = dict(zip(pair["sampler"], pair[column]))
        if set(areas) != set(GARCIA2008_SAMPLERS):
            continue
        total += 1
        satisfied += bool(
            areas["smote"] > areas["none"] and areas["undersample"] > areas["none"]
        )
    return satisfied, total


_AGGREGATE_WORDS = {
    "rates": "from the fold-averaged TPR and TNR, as the paper",
    "fold": "averaged over folds",
    "pooled": "from the counts pooled over folds",
}
_INTERVAL_WORDS = {
    "posterior": "posterior interval of the area (uniform Beta priors on TPR "
    "and TNR, from the counts of the whole data set)",
    "repeats": "interval of the area over the repeats of the cross-validation",
}


def _cell(ours, paper, outside=False):
    mark = " †" if outside else ""
    return f"{ours:.2f} ({paper:.2f}, {ours - paper:+.2f}){mark}"


def garcia2008_markdown(comparison):
    """Markdown shaped like the paper's Table 3: one table per classifier.

    Each cell reads ``ours (paper, ours - paper)``.
    """
    lines = []
    for classifier, paper_classifier in GARCIA2008_CLASSIFIERS.items():
        block = comparison[comparison["classifier"] == classifier]
        if block.empty:
            continue
        samplers = [s for s in GARCIA2008_SAMPLERS if s in set(block["sampler"])]
        header = ["dataset"] + [
            f"{GARCIA2008_SAMPLERS[s]} {metric}"
            for s in samplers
            for metric in ("g", "d", "area")
        ]
        lines += [
            f"**{paper_classifier}**: ours (paper, difference); ours "
            f"{_AGGREGATE_WORDS[comparison.attrs.get('aggregate', 'rates')]}",
            "",
            "| " + " | ".join(header) + " |",
            "|" + "---|" * len(header),
        ]
        for dataset, paper_dataset in GARCIA2008_DATASETS.items():
            cells = block[block["dataset"] == dataset].set_index("sampler")
            if cells.empty:
                continue
            values = [paper_dataset]
            for sampler in samplers:
                if sampler not in cells.index:
                    values += ["", "", ""]
                    continue
                row = cells.loc[sampler]
                outside = "paper_inside" in row and not row["paper_inside"]
                values += [
                    _cell(
                        row[metric],
                        row[f"paper_{metric}"],
                        metric == "area" and outside,
                    )
                    for metric in ("gmean", "dominance", "area")
                ]
            lines.append("| " + " | ".join(values) + " |")
        lines.append("")
    differences = comparison[["diff_gmean", "diff_dominance", "diff_area"]].abs()
    ours, total = count_claim(comparison)
    paper, paper_total = count_claim(comparison, column="paper_area")
    lines += [
        f"Mean absolute difference over {len(comparison)} cells: g "
        f"{differences['diff_gmean'].mean():.3f}, d "
        f"{differences['diff_dominance'].mean():.3f}, area "
        f"{differences['diff_area'].mean():.3f}; cells within 0.05 of the "
        f"paper's area: {int((differences['diff_area'] <= 0.05).sum())}.",
        "",
        "Pairs (dataset, classifier) where the area after SMOTE and after "
        f"under-sampling both exceed the original's: ours {ours} of {total}, "
        f"the paper's own table {paper} of {paper_total}.",
    ]
    if "paper_inside" in comparison:
        inside = int(comparison["paper_inside"].sum())
        level = comparison.attrs.get("confidence_level", 0.95)
        kind = _INTERVAL_WORDS[comparison.attrs.get("interval", "posterior")]
        lines += [
            "",
            f"The paper's area lies inside our {level:.0%} {kind} in {inside} of "
            f"{len(comparison)} cells; † marks the others.",
        ]
    return "\n".join(lines) + "\n"
