"""Regenerate the PNG figures of the README and the docs from real data.

    pip install ".[plot]" && python docs/make_figures.py

Writes into ``docs/_static/figures/``: Straube & Krell's class-ratio sweep,
García 2009 Figure 1 (Balanced
Accuracy Graph) and Figure 2 (IBA surfaces), García 2008 Figure 2 (Glass and
Vehicle in the accuracy-dominance space, full 5x10-fold protocol), a
balanced accuracy curve (Weiss et al.) on Pima, the decision curve of
the decisions example and the critical difference
diagrams of García 2008's resamplings (Demšar 2006). About two minutes on two
cores, plus the full García 2008 study with Weka's estimators (the [weka]
extra), which ``--folds imbascore-study/folds.csv`` (the output of
``imbascore study``) replaces.
"""

import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import MinMaxScaler  # noqa: E402

from imbascore import compare_approaches  # noqa: E402
from imbascore.datasets import load_dataset  # noqa: E402
from imbascore.plot import (  # noqa: E402
    AccuracyDominanceDisplay,
    BalancedAccuracyCurveDisplay,
    BalancedAccuracyGraphDisplay,
    CriticalDifferenceDisplay,
    plot_iba_surface,
)
from imbascore.study import (  # noqa: E402
    run_study,
    summarize,
)

OUT = pathlib.Path(__file__).parent / "_static" / "figures"


# The how-to pages show a figure at the text column's width: about 690 px at
# 1280 px, about 350 px on a phone (390 px wide). A figure W inches wide,
# saved at 150 dpi, is shown there at 350 / (150 W) of its size: text of s
# points is s * 350 / (72 W) px tall, legible (10 px or more) from s = 2.06 W
# points. The how-to figures are 5 to 6 inches wide, and the displays'
# smaller texts ("x-small" and "small" legends and ticks) are raised to that
# floor; at 6.6 inches and "x-small" they were 6 px on a phone.
PHONE_COLUMN_PX = 350
SMALLEST_TEXT_PX = 10


def legible_on_a_phone(figure, floor=None):
    """Raise every text of ``figure`` smaller than the phone's floor (or
    ``floor`` points) to it."""
    from matplotlib.text import Text

    if floor is None:
        floor = SMALLEST_TEXT_PX * 72 * figure.get_size_inches()[0] / PHONE_COLUMN_PX
    for ax in figure.axes:
        for axis in (ax.xaxis, ax.yaxis):
            labels = axis.get_ticklabels()
            if labels and labels[0].get_fontsize() < floor:
                ax.tick_params(axis=axis.axis_name, labelsize=floor)
    for text in figure.findobj(Text):
        if text.get_text() and text.get_fontsize() < floor:
            text.set_fontsize(floor)


def phone_floor(figure):
    """The smallest font size, in points, legible on a phone (10 px) in the
    saved PNG: ``bbox_inches="tight"`` adds ``savefig.pad_inches`` on each
    side, so a constrained layout that fills the figure is saved 0.2 in
    wider than its figure (5.4 in: 827 px, not 810, and the floor of
    ``legible_on_a_phone`` shows at 9.8 px)."""
    width = figure.get_size_inches()[0] + 2 * plt.rcParams["savefig.pad_inches"]
    return SMALLEST_TEXT_PX * 72 * width / PHONE_COLUMN_PX


def legend_under(ax, fontsize, ncols=1, gap=4):
    """Move ``ax``'s legend under its x label (``gap`` points below it),
    centred, without a frame; constrained layout makes room for it.

    The distance from the axes' bottom to the x label's, in points, does not
    change with the layout: it is measured on a draw of the figure as it is.
    """
    from matplotlib.transforms import offset_copy

    figure = ax.figure
    renderer = figure.canvas.get_renderer()
    below = ax.get_window_extent(renderer).y0 - ax.xaxis.get_tightbbox(renderer).y0
    handles, labels = ax.get_legend_handles_labels()
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    return ax.legend(
        handles,
        labels,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        bbox_transform=offset_copy(
            ax.transAxes, figure, y=-(below * 72 / figure.dpi + gap), units="points"
        ),
        ncols=ncols,
        fontsize=fontsize,
        frameon=False,
    )


def save(figure, name):
    OUT.mkdir(parents=True, exist_ok=True)
    figure.savefig(OUT / name, dpi=150, bbox_inches="tight")
    plt.close(figure)
    print("wrote", OUT / name)


def garcia2008_study(folds=None):
    """The full García 2008 study with its default (Weka's) estimators, or
    the ``folds.csv`` of an ``imbascore study`` run."""
    import pandas as pd

    from imbascore.study._garcia2008 import GARCIA2008_DATASETS

    if folds is not None:
        return pd.read_csv(folds)
    return run_study(
        list(GARCIA2008_DATASETS),
        ["none", "weka_smote", "undersample"],
        ["weka_1nn", "weka_svm", "weka_mlp"],
        n_jobs=-1,
    )


def garcia2008_figure2(results):
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, dataset in zip(axes, ["glass", "vehicle"]):
        AccuracyDominanceDisplay.from_study(results, dataset, ax=ax)
    save(figure, "garcia2008_figure2.png")


def garcia2008_critical_difference(results):
    """Per classifier, original vs SMOTE vs under-sampling on the area over
    the ten data sets (Demšar 2006): ranks, Friedman, Nemenyi CD, Wilcoxon.

    The study's default estimators (Weka's, needs numba), or whichever of
    them or of the scikit-learn stand-ins a given ``folds.csv`` holds.
    """
    present = set(results["classifier"]) | set(results["sampler"])
    smote = "weka_smote" if "weka_smote" in present else "smote"
    samplers = {"none": "original", smote: "SMOTE", "undersample": "under-sampling"}
    results = results[results["sampler"].isin(list(samplers))]
    results = results.assign(sampler=results["sampler"].map(samplers))
    figure, axes = plt.subplots(3, 1, figsize=(6.4, 5.4))
    for ax, (title, kind) in zip(
        axes, {"1-NN": "1nn", "SVM": "svm", "MLP": "mlp"}.items()
    ):
        classifier = f"weka_{kind}" if f"weka_{kind}" in present else kind
        comparison = compare_approaches(
            results[results["classifier"] == classifier],
            "ad_area",
            approach="sampler",
            control="original",
            aggregate="rates",
            bayesian=False,
        )
        CriticalDifferenceDisplay.from_comparison(comparison, ax=ax)
        holm = comparison.wilcoxon.set_index("approach")["pvalue_holm"]
        ax.set_title(
            f"{title} ({classifier}): Friedman p = {comparison.friedman_pvalue:.1g}; "
            f"Wilcoxon-Holm vs original: SMOTE p = {holm['SMOTE']:.3f}, "
            f"under-sampling p = {holm['under-sampling']:.3f}",
            fontsize=9,
        )
    figure.tight_layout()
    save(figure, "garcia2008_critical_difference.png")


def garcia2009_figure1():
    """Satimage's six classifiers of ``imbascore study --paper garcia2009``
    (Weka's own algorithms where rebuilt) in the Balanced Accuracy Graph."""
    from imbascore.study import CLASSIFIERS
    from imbascore.study._garcia2009 import garcia2009_classifiers

    classifiers = garcia2009_classifiers(CLASSIFIERS)
    results = run_study(["satimage"], ["none"], classifiers, n_jobs=-1)
    rates = summarize(results, ["sensitivity", "specificity"]).reset_index()
    display = BalancedAccuracyGraphDisplay(
        tpr=rates["sensitivity"],
        tnr=rates["specificity"],
        names=list(rates["classifier"]),
        alpha=0.1,
    ).plot()
    display.ax_.set_title("Satimage, 5x10-fold: the Balanced Accuracy Graph")
    save(display.figure_, "garcia2009_figure1.png")


def garcia2009_figure2():
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.4))
    for ax, alpha in zip(axes, [0.1, 1.0]):
        plot_iba_surface(alpha, ax=ax)
    save(figure, "garcia2009_figure2.png")


def class_ratio_sweep():
    """Straube & Krell (2014), Fig. 2: fixed rates, growing imbalance."""
    import numpy as np
    from sklearn.metrics import f1_score, matthews_corrcoef

    from imbascore import (
        aucz_score,
        balanced_accuracy_score,
        geometric_mean_score,
        informedness_score,
        markedness_score,
        negative_likelihood_ratio_score,
        negative_predictive_value_score,
        normalized_mutual_information_score,
        positive_likelihood_ratio_score,
        weighted_accuracy_score,
    )

    negatives = np.array([1, 2, 4, 8, 16, 32, 64])
    moving = ["accuracy", "F1", "MCC", "nMI", "NPV", "markedness"]
    curves = {
        name: [] for name in moving + ["BA", "WA", "G-mean", "AUCz", "informedness"]
    }
    ratios = {"LR+": [], "LR-": []}
    for ratio in negatives:
        tp, fn = 900, 100  # TPR 0.9 on 1000 positives
        tn, fp = 700 * ratio, 300 * ratio  # TNR 0.7 on 1000 * ratio negatives
        y_true = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])
        y_pred = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
        curves["accuracy"].append((tp + tn) / len(y_true))
        curves["F1"].append(f1_score(y_true, y_pred))
        curves["MCC"].append(matthews_corrcoef(y_true, y_pred))
        curves["nMI"].append(normalized_mutual_information_score(y_true, y_pred))
        curves["NPV"].append(negative_predictive_value_score(y_true, y_pred))
        curves["markedness"].append(markedness_score(y_true, y_pred))
        curves["BA"].append(balanced_accuracy_score(y_true, y_pred))
        curves["WA"].append(weighted_accuracy_score(y_true, y_pred, weight=0.3))
        curves["G-mean"].append(geometric_mean_score(y_true, y_pred))
        curves["AUCz"].append(aucz_score(y_true, y_pred))
        curves["informedness"].append(informedness_score(y_true, y_pred))
        ratios["LR+"].append(positive_likelihood_ratio_score(y_true, y_pred))
        ratios["LR-"].append(negative_likelihood_ratio_score(y_true, y_pred))
    # Stacked, 5.4 in wide (5.6 in saved): at the text column's width on a
    # phone (350 px) the smallest text is 10 px, the others 12 pt or more.
    # Side by side across 12 in they were 3 to 5 px there (ticks 4 px, the
    # legends 3 px). The metrics' legend goes under their panel, in three
    # columns; the likelihood ratios' stays in the empty band between LR+
    # and LR-.
    with plt.rc_context({"font.size": 12}):
        figure, (ax, ax_lr) = plt.subplots(
            2,
            1,
            figsize=(5.4, 9.6),
            gridspec_kw={"height_ratios": [1.5, 1]},
            layout="constrained",
        )
        floor = phone_floor(figure)
        colors = plt.get_cmap("tab20").colors
        for index, (name, values) in enumerate(curves.items()):
            style = "--" if name in moving else "-"
            ax.plot(
                negatives,
                values,
                style,
                marker="os^vD"[index % 5],
                color=colors[2 * (index % 10) + index // 10],
                label=name,
            )
        ax.set_xscale("log", base=2)
        ax.set_xlabel("negatives per positive (TPR 0.9 and TNR 0.7 fixed)")
        ax.set_ylabel("metric value")
        ax.set_ylim(0, 1.02)
        ax.set_title("Dashed: move with the class ratio; solid: do not")
        for name, values in ratios.items():
            ax_lr.plot(negatives, values, marker="o", label=name)
        ax_lr.set_xscale("log", base=2)
        ax_lr.set_ylim(0, 3.5)
        ax_lr.set_xlabel("negatives per positive")
        ax_lr.set_ylabel("likelihood ratio")
        ax_lr.axhline(1.0, color="grey", linewidth=0.8, linestyle=":")
        ax_lr.text(1, 1.05, "no information (1)", color="grey", fontsize=floor)
        ax_lr.legend(fontsize=floor, loc="center right")
        ax_lr.set_title("LR+ = TPR/FPR and LR- = FNR/TNR: constant")
        legible_on_a_phone(figure, floor)
        legend_under(ax, fontsize=floor, ncols=3)
        save(figure, "class_ratio_sweep.png")


def weiss_curve():
    pima = load_dataset("pima")
    figure, ax = plt.subplots(figsize=(5.5, 4))
    for name, model in {
        "1-NN": make_pipeline(MinMaxScaler(), KNeighborsClassifier(1)),
        "GaussianNB": GaussianNB(),
    }.items():
        BalancedAccuracyCurveDisplay.from_estimator(
            model,
            pima.data,
            pima.target,
            name=name,
            ax=ax,
            n_repeats=50,
            random_state=0,
            n_jobs=-1,
        )
    ax.set_title("Pima: balanced accuracy across training balance")
    save(figure, "weiss_bac_pima.png")


def thresholds_satimage():
    """The figure of the threshold how-to (docs/howto): the threshold
    curve, IBA's ROC isometrics and the trajectory in the Balanced Accuracy
    Graph of examples/plot_thresholds_iba.py's 25-NN on Satimage."""
    import runpy

    import numpy as np

    from imbascore.plot import RocIsometricsDisplay, ThresholdCurveDisplay

    # The example's own model and validation scores (it checks its claims).
    example = pathlib.Path(__file__).parents[1] / "examples" / "plot_thresholds_iba.py"
    plt.close("all")
    namespace = runpy.run_path(str(example))
    plt.close("all")
    y_val, scores_val = namespace["y_val"], namespace["scores_val"]
    metrics = ["iba", "gmean", "balanced_accuracy", "accuracy", "f1"]
    # The three panels stacked, 5.4 in wide (5.6 in saved; the text column's
    # width, about 350 px on a phone): the legends, the iso-lines' labels,
    # the thresholds along the trajectory and the threshold curve's x label
    # are 11.5 pt, 10 px there, the rest 12 pt or more. At 6.6 in and font
    # size 14 the legends ("x-small" and "small") were 7 and 9 px, the
    # iso-lines' labels 6 px, and the legends stood in the axes, on the
    # threshold curves and on the isometrics: each legend goes under its
    # panel, in one column (the Balanced Accuracy Graph's two columns were
    # wider than the figure at a legible size).
    with plt.rc_context({"font.size": 12}):
        figure, (curve_ax, roc_ax, graph_ax) = plt.subplots(
            3,
            1,
            figsize=(5.4, 18.5),
            gridspec_kw={"height_ratios": [1, 1.45, 1.15]},
            layout="constrained",
        )
        floor = phone_floor(figure)
        ThresholdCurveDisplay.from_predictions(
            y_val,
            scores_val,
            metrics=metrics,
            name="25-NN, Satimage (validation)",
            ax=curve_ax,
        )
        # its x label, 59 characters, is wider than the figure at 12 pt
        curve_ax.xaxis.label.set_fontsize(floor)
        # RocIsometricsDisplay labels its iso-lines "xx-small" wherever
        # matplotlib finds room: at a legible size "0.8" fell on the best
        # points and "0.4" and "0.5" on the ROC curve. Its labelling is held
        # back here and done below.
        roc_ax.clabel = lambda *args, **kwargs: None
        try:
            isometrics = RocIsometricsDisplay.from_predictions(
                y_val, scores_val, metrics=metrics, name="25-NN", ax=roc_ax
            ).contours_
        finally:
            del roc_ax.clabel
        BalancedAccuracyGraphDisplay.from_scores(
            y_val, scores_val, name="25-NN", ax=graph_ax
        )
        # at 12 pt the ticks every 0.25 ("-1.00", "-0.75", ...) touched
        graph_ax.set_xticks([-1, -0.5, 0, 0.5, 1])
        legible_on_a_phone(figure, floor)
        # The thresholds written along the trajectory ran into the path at
        # a legible size: "t=0.24" on its flat top, "t=1" and "t=0" on its
        # steep ends. Those written rightward go under their point, away
        # from the path; the one written leftward (t=0, in the bottom right
        # corner) further left of the descending path.
        for note in graph_ax.texts:
            if note.get_horizontalalignment() == "left":
                note.set_verticalalignment("top")
                note.xyann = (6, -4)
            else:
                note.xyann = (-12, 4)
        for ax in (curve_ax, roc_ax, graph_ax):
            legend_under(ax, fontsize=floor)
        # Each iso-line's label where the line crosses a vertical away from
        # the ROC curve, which hugs the left and top edges: FPR 0.45 for the
        # lines that reach it low enough (0.1 to 0.5), further left for 0.6
        # and 0.7, and left of the curve for 0.8 and 0.9 (0.8 crosses the
        # curve at the best points and runs close above it to their right).
        # Labelled once the layout is final: the gap cut in a line for its
        # label is sized at the axes' size then.
        figure.canvas.draw()
        label_fpr = {0.6: 0.3, 0.7: 0.24, 0.8: 0.03, 0.9: 0.03}
        positions = []
        for level, segments in zip(isometrics.levels, isometrics.allsegs):
            fpr = label_fpr.get(round(level, 2), 0.45)
            points = max(segments, key=len)
            order = np.argsort(points[:, 0])
            tpr = np.interp(fpr, points[order, 0], points[order, 1])
            positions.append((fpr, tpr))
        roc_ax.clabel(isometrics, fontsize=floor, fmt="%.2g", manual=positions)
        save(figure, "thresholds_satimage.png")


def decision_curve_pima():
    """The decision curve of the user guide's decisions section:
    examples/plot_decisions.py's logistic regression on held-out Pima."""
    import runpy

    example = pathlib.Path(__file__).parents[1] / "examples" / "plot_decisions.py"
    plt.close("all")
    namespace = runpy.run_path(str(example))
    save(namespace["display"].figure_, "decision_curve_pima.png")


def prior_correction_satimage():
    """Calibration of a logistic regression trained after random
    under-sampling on satimage, before and after PriorCorrectedClassifier
    (docs/howto/deployment_ratio.md)."""
    from imblearn.pipeline import make_pipeline as make_imblearn_pipeline
    from imblearn.under_sampling import RandomUnderSampler
    from sklearn.calibration import CalibrationDisplay
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler

    from imbascore import PriorCorrectedClassifier

    data = load_dataset("satimage")
    X_train, X_test, y_train, y_test = train_test_split(
        data.data, data.target, test_size=0.5, stratify=data.target, random_state=0
    )
    model = make_imblearn_pipeline(
        StandardScaler(),
        RandomUnderSampler(random_state=0),
        LogisticRegression(max_iter=1000),
    )
    corrected = PriorCorrectedClassifier(model).fit(X_train, y_train)
    figure, ax = plt.subplots(figsize=(5.6, 5.2))
    for name, proba in [
        ("after under-sampling", corrected.estimator_.predict_proba(X_test)[:, 1]),
        ("corrected to the real ratio", corrected.predict_proba(X_test)[:, 1]),
    ]:
        CalibrationDisplay.from_predictions(
            y_test, proba, n_bins=10, strategy="quantile", name=name, ax=ax
        )
    ax.legend(loc="upper left")
    ax.set_title("Satimage, held out at the real ratio (9.7% positives)")
    legible_on_a_phone(figure)
    save(figure, "prior_correction_satimage.png")


def ranking_satimage():
    """The curves with bands of the ranking how-to (docs/howto): a logistic
    regression and a random forest on held-out satimage, as the page fits
    them."""
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from imbascore.plot import (
        PrecisionRecallBandDisplay,
        PrecisionRecallGainDisplay,
        RocCurveBandDisplay,
    )

    data = load_dataset("satimage")
    X, y = data.data.to_numpy(), data.target
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.3, stratify=y, random_state=0
    )
    models = {
        "logistic regression": make_pipeline(
            StandardScaler(), LogisticRegression(max_iter=1000)
        ),
        "random forest": RandomForestClassifier(
            n_estimators=200, min_samples_leaf=3, random_state=0
        ),
    }
    scores = {
        name: model.fit(X_train, y_train).predict_proba(X_test)[:, 1]
        for name, model in models.items()
    }
    displays = (
        RocCurveBandDisplay,
        PrecisionRecallBandDisplay,
        PrecisionRecallGainDisplay,
    )
    # stacked, at the text column's width (see thresholds_satimage), narrow
    # enough to be read on a phone (legible_on_a_phone)
    with plt.rc_context({"font.size": 14}):
        # a row of its own for the precision-recall legend (below)
        figure, (roc_ax, pr_ax, pr_legend_ax, prg_ax) = plt.subplots(
            4, 1, figsize=(5.2, 16.6), gridspec_kw={"height_ratios": [1, 1, 0.3, 1]}
        )
        axes = (roc_ax, pr_ax, prg_ax)
        for display, ax in zip(displays, axes):
            for name, score in scores.items():
                display.from_predictions(
                    y_test, score, name=name, ax=ax, n_resamples=1000, random_state=0
                )
        # The precision-recall legend stood on the logistic regression's
        # curve (high precision at low recall, and the forest's curve at the
        # top right): it goes under the panel.
        title = pr_ax.get_legend().get_title().get_text()
        pr_ax.get_legend().remove()
        pr_legend_ax.axis("off")
        pr_legend_ax.legend(
            *pr_ax.get_legend_handles_labels(),
            loc="upper center",
            fontsize="small",
            title=title,
            title_fontsize="x-small",
        )
        legible_on_a_phone(figure)
        figure.tight_layout(h_pad=1.0)
        save(figure, "ranking_satimage.png")


def calibration_satimage():
    """The reliability diagrams of the calibration how-to (docs/howto): a
    SMOTE pipeline's probabilities on held-out satimage before and after the
    correction for the training ratio, as the page computes them."""
    from imblearn.over_sampling import SMOTE
    from imblearn.pipeline import make_pipeline
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler

    from imbascore import correct_probabilities
    from imbascore.plot import ReliabilityDisplay

    data = load_dataset("satimage")
    X, y = data.data.to_numpy(), data.target
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.3, stratify=y, random_state=0
    )
    smote = make_pipeline(
        StandardScaler(), SMOTE(random_state=0), LogisticRegression(max_iter=1000)
    )
    proba = smote.fit(X_train, y_train).predict_proba(X_test)[:, 1]
    corrected = correct_probabilities(
        proba, train_prior=0.5, target_prior=y_train.mean()
    )
    with plt.rc_context({"font.size": 12}):
        figure, ax = plt.subplots(figsize=(5.4, 6.6))
        for name, p in (("SMOTE", proba), ("SMOTE, corrected", corrected)):
            ReliabilityDisplay.from_predictions(
                y_test, p, name=name, ax=ax, n_resamples=1000, random_state=0
            )
        # at a size read on a phone the legend would hide the bands' upper
        # half: it goes under the axes
        title = ax.get_legend().get_title().get_text()
        ax.get_legend().remove()
        ax.legend(
            loc="upper center", bbox_to_anchor=(0.5, -0.11), title=title
        )
        legible_on_a_phone(figure)
        save(figure, "calibration_satimage.png")


def groups_german():
    """The display of the groups how-to (docs/howto): the balanced logistic
    regression's sensitivity by personal_status_sex on held-out german
    credit, as the page fits it."""
    from sklearn.compose import make_column_selector, make_column_transformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    from imbascore.plot import GroupMetricsDisplay

    data = load_dataset("german")
    X, y = data.data, data.target
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.4, stratify=y, random_state=0
    )
    encode = make_column_transformer(
        (
            OneHotEncoder(handle_unknown="ignore"),
            make_column_selector(dtype_include=object),
        ),
        (StandardScaler(), make_column_selector(dtype_exclude=object)),
    )
    model = make_pipeline(
        encode, LogisticRegression(max_iter=1000, class_weight="balanced")
    ).fit(X_train, y_train)
    with plt.rc_context({"font.size": 12}):
        figure, ax = plt.subplots(figsize=(6, 4.2))
        GroupMetricsDisplay.from_predictions(
            y_test,
            model.predict(X_test),
            groups=X_test["personal_status_sex"],
            metric="sensitivity",
            random_state=0,
            ax=ax,
        )
        # the legend's four entries in two rows under the axes, legible on a
        # phone (one row of four was 6 px tall there)
        ax.get_legend().remove()
        ax.legend(
            loc="upper center",
            bbox_to_anchor=(0.5, -0.22),
            ncol=2,
            frameon=False,
        )
        legible_on_a_phone(figure)
        figure.tight_layout()
        save(figure, "groups_german.png")


FIGURES = {
    "groups_german": groups_german,
    "calibration_satimage": calibration_satimage,
    "class_ratio_sweep": class_ratio_sweep,
    "ranking_satimage": ranking_satimage,
    "prior_correction_satimage": prior_correction_satimage,
    "decision_curve_pima": decision_curve_pima,
    "garcia2009_figure2": garcia2009_figure2,
    "weiss_curve": weiss_curve,
    "garcia2009_figure1": garcia2009_figure1,
    "thresholds_satimage": thresholds_satimage,
}
GARCIA2008_FIGURES = {
    "garcia2008_figure2": garcia2008_figure2,
    "garcia2008_critical_difference": garcia2008_critical_difference,
}

if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--folds", help="folds.csv of a García 2008 `imbascore study` run, reused"
    )
    parser.add_argument(
        "--only",
        choices=[*FIGURES, *GARCIA2008_FIGURES],
        action="append",
        help="draw this figure alone (repeatable)",
    )
    args = parser.parse_args()
    chosen = args.only or [*FIGURES, *GARCIA2008_FIGURES]
    for name in chosen:
        if name in FIGURES:
            FIGURES[name]()
    if any(name in GARCIA2008_FIGURES for name in chosen):
        study = garcia2008_study(args.folds)
        for name in chosen:
            if name in GARCIA2008_FIGURES:
                GARCIA2008_FIGURES[name](study)
