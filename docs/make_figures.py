"""Regenerate the PNG figures of the README and the docs from real data.

    pip install ".[plot]" && python docs/make_figures.py

Writes into ``docs/_static/figures/``: García 2009 Figure 1 (Balanced
Accuracy Graph) and Figure 2 (IBA surfaces), García 2008 Figure 2 (Glass and
Vehicle in the accuracy-dominance space, full 5x10-fold protocol) and a
balanced accuracy curve (Weiss et al.) on Pima. About two minutes on two cores.
"""

import pathlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import MinMaxScaler  # noqa: E402

from imbascore.datasets import load_dataset  # noqa: E402
from imbascore.plot import (  # noqa: E402
    AccuracyDominanceDisplay,
    BalancedAccuracyCurveDisplay,
    BalancedAccuracyGraphDisplay,
    plot_iba_surface,
)
from imbascore.study import (  # noqa: E402
    GARCIA2009_CLASSIFIERS,
    run_study,
    summarize,
)

OUT = pathlib.Path(__file__).parent / "_static" / "figures"


def save(figure, name):
    OUT.mkdir(parents=True, exist_ok=True)
    figure.savefig(OUT / name, dpi=80, bbox_inches="tight")
    plt.close(figure)
    print("wrote", OUT / name)


def garcia2008_figure2():
    results = run_study(
        ["glass", "vehicle"],
        ["none", "smote", "undersample"],
        ["1nn", "svm", "mlp"],
        n_jobs=-1,
    )
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, dataset in zip(axes, ["glass", "vehicle"]):
        AccuracyDominanceDisplay.from_study(results, dataset, ax=ax)
    save(figure, "garcia2008_figure2.png")


def garcia2009_figure1():
    classifiers = GARCIA2009_CLASSIFIERS
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


if __name__ == "__main__":
    garcia2009_figure2()
    weiss_curve()
    garcia2009_figure1()
    garcia2008_figure2()
