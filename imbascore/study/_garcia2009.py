"""Our study beside García, Mollineda & Sánchez (2009), Table 3.

The paper cross-validates six classifiers (1-NN, MLP, SVC, naive Bayes, J48,
RBF network) five times ten-fold on Breast, Glass, Satimage and the private
Laryngeal-2, computes nine measures from the fold-averaged TPR, TNR and
accuracy, and asks which classifier each of seven measures picks. The
reproduction's target is Weka: our agreement with the paper's picks is a
measured result, and each disagreement gets a measured reason.
"""

import numpy as np

from .. import garcia2009_measures
from ..paper_tables import GARCIA2009_TABLE3
from ._tables import markdown_table

__all__ = [
    "GARCIA2009_CLASSIFIERS",
    "GARCIA2009_COLUMNS",
    "GARCIA2009_DATASETS",
    "GARCIA2009_STUDY_CLASSIFIERS",
    "compare_garcia2009",
    "garcia2009_classifiers",
    "garcia2009_markdown",
]

#: The nine columns of the paper's Tables 2 and 3 (see
#: :func:`~imbascore.garcia2009_measures`).
GARCIA2009_COLUMNS = (
    "TPR",
    "TNR",
    "Acc",
    "Gmean",
    "AUC",
    "OP",
    "IBA_1",
    "IBA_.5",
    "IBA_.1",
)

#: Our names -> the paper's (Laryngeal-2 is private).
GARCIA2009_DATASETS = {"breast": "Breast", "glass": "Glass", "satimage": "Satimage"}

#: The paper's classifiers -> ours, Weka's own algorithm where we have it
#: (the paper ran Weka), else the scikit-learn stand-in.
GARCIA2009_STUDY_CLASSIFIERS = {
    "1NN": ("weka_1nn", "1nn"),
    "MLP": ("weka_mlp", "mlp"),
    "SVC": ("weka_svm", "svm"),
    "NBC": ("weka_nb", "nb"),
    "J48": ("weka_j48", "tree"),
    "RBF": ("weka_rbf", "rbf"),
}

#: The paper's classifier names -> our scikit-learn stand-ins (see
#: ``CLASSIFIERS``).
GARCIA2009_CLASSIFIERS = {
    paper: names[-1] for paper, names in GARCIA2009_STUDY_CLASSIFIERS.items()
}
#: The seven measures whose pick the paper compares (TPR and TNR are rates).
_MEASURES = GARCIA2009_COLUMNS[2:]

#: A pick decided by less than this, or by less than two standard
#: deviations of the difference over the repeats, is a near-tie.
_TIE = 0.01


def garcia2009_classifiers(available):
    """The paper's classifier -> ours, from the names ``available``."""
    return {
        paper: next((name for name in names if name in available), names[-1])
        for paper, names in GARCIA2009_STUDY_CLASSIFIERS.items()
    }


def _rates(folds):
    """Fold-averaged TPR, TNR and accuracy (the paper's aggregation)."""
    tp, fn, fp, tn = (folds[c].to_numpy(float) for c in ("tp", "fn", "fp", "tn"))
    with np.errstate(invalid="ignore", divide="ignore"):
        tpr, tnr = tp / (tp + fn), tn / (tn + fp)
        accuracy = (tp + tn) / (tp + fn + fp + tn)
    return np.nanmean(tpr), np.nanmean(tnr), np.nanmean(accuracy)


def _measures(folds):
    return np.array([float(v) for v in garcia2009_measures(*_rates(folds))])


def compare_garcia2009(results, classifiers):
    """The paper's Table 3 beside ours, and each measure's pick.

    Parameters
    ----------
    results : DataFrame
        Fold counts of a study (``sampler == "none"`` rows are read).
    classifiers : dict
        The paper's classifier name -> ours.

    Returns
    -------
    rows : list of dict
        Per (dataset, paper classifier): ours and the paper's nine values.
    picks : list of dict
        Per (dataset, measure): our pick, the paper's, and, where they
        differ, the measured reason.
    """
    original = results[results["sampler"] == "none"]
    rows, picks = [], []
    for dataset, paper_name in GARCIA2009_DATASETS.items():
        on = original[original["dataset"] == dataset]
        ran = {
            paper: on[on["classifier"] == ours]
            for paper, ours in classifiers.items()
            if (on["classifier"] == ours).any()
        }
        if len(ran) < len(classifiers):
            continue  # the comparison needs every classifier of the paper
        ours = {paper: _measures(folds) for paper, folds in ran.items()}
        paper_table = GARCIA2009_TABLE3[paper_name]
        for paper in classifiers:
            rows.append(
                {
                    "dataset": paper_name,
                    "classifier": paper,
                    "ours": classifiers[paper],
                    "values": ours[paper],
                    "paper": np.asarray(paper_table[paper], dtype=float),
                }
            )
        for index, measure in enumerate(_MEASURES, start=2):
            mine = max(ours, key=lambda c: ours[c][index])
            theirs = max(paper_table, key=lambda c: paper_table[c][index])
            reason = None
            if mine != theirs:
                reason = _reason(ran, mine, theirs, index, ours, paper_table)
            picks.append(
                {
                    "dataset": paper_name,
                    "measure": measure,
                    "ours": mine,
                    "paper": theirs,
                    "reason": reason,
                }
            )
    return rows, picks


def _reason(ran, mine, theirs, index, ours, paper_table):
    """Why our pick differs: a near-tie within the repeats' spread, or the
    classifiers' rates against the paper's."""
    gaps = []
    for repeat in sorted(set(ran[mine]["repeat"])):
        a = ran[mine][ran[mine]["repeat"] == repeat]
        b = ran[theirs][ran[theirs]["repeat"] == repeat]
        gaps.append(_measures(a)[index] - _measures(b)[index])
    gap = ours[mine][index] - ours[theirs][index]
    spread = float(np.std(gaps, ddof=1)) if len(gaps) > 1 else 0.0
    over = (
        f"standard deviation over the repeats {spread:.3f}"
        if len(gaps) > 1
        else "one repeat: no spread"
    )
    if gap < _TIE or gap < 2 * spread:
        return f"near-tie: {mine} leads {theirs} by {gap:.3f} ({over})"

    def rates(name):
        return (
            f"{name} TPR {ours[name][0]:.3f}/{paper_table[name][0]:.3f}, "
            f"TNR {ours[name][1]:.3f}/{paper_table[name][1]:.3f}"
        )

    lead = (
        f"{gap / spread:.1f} standard deviations over the repeats"
        if spread > 0
        else "one repeat: no spread"
    )
    return (
        f"rates (ours/paper): {rates(mine)}; {rates(theirs)}; {mine} leads by "
        f"{gap:.3f} ({lead})"
    )


def garcia2009_markdown(rows, picks, classifiers):
    """``garcia2009_table3.md``: the tables and the picks."""
    lines = [
        "# García et al. (2009), Table 3: ours / paper",
        "",
        "Ours: "
        + ", ".join(f"{paper} = {ours}" for paper, ours in classifiers.items())
        + ". Every measure from the fold-averaged TPR, TNR and accuracy, as the "
        "paper's. Laryngeal-2 is private.",
    ]
    for dataset in GARCIA2009_DATASETS.values():
        own = [row for row in rows if row["dataset"] == dataset]
        if not own:
            continue
        lines += [
            "",
            f"## {dataset}",
            "",
            *markdown_table(
                ["classifier", *GARCIA2009_COLUMNS],
                (
                    [row["classifier"]]
                    + [
                        f"{o:.3f} / {p:.3f}"
                        for o, p in zip(row["values"], row["paper"])
                    ]
                    for row in own
                ),
            ),
            "",
            *markdown_table(
                ["measure", "our pick", "the paper's", "why they differ"],
                (
                    [p["measure"], p["ours"], p["paper"], p["reason"] or "same"]
                    for p in picks
                    if p["dataset"] == dataset
                ),
            ),
        ]
    agree = sum(pick["reason"] is None for pick in picks)
    lines += ["", f"Choices that agree with the paper's: {agree} of {len(picks)}."]
    return "\n".join(lines) + "\n"
