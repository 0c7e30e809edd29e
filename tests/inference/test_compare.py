"""compare_approaches against Demšar (2006)'s worked example, and its rules."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from imbascore import compare_approaches

#: Demšar (2006), Table 6: AUC of C4.5 with default parameters, with the
#: minimal number of examples in a leaf tuned (m), with the confidence
#: interval for pruning tuned (cf), and with both, on 14 UCI data sets.
DEMSAR_APPROACHES = ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"]
DEMSAR_AUC = pd.DataFrame(
    [
        [0.763, 0.768, 0.771, 0.798],
        [0.599, 0.591, 0.590, 0.569],
        [0.954, 0.971, 0.968, 0.967],
        [0.628, 0.661, 0.654, 0.657],
        [0.882, 0.888, 0.886, 0.898],
        [0.936, 0.931, 0.916, 0.931],
        [0.661, 0.668, 0.609, 0.685],
        [0.583, 0.583, 0.563, 0.625],
        [0.775, 0.838, 0.866, 0.875],
        [1.000, 1.000, 1.000, 1.000],
        [0.940, 0.962, 0.965, 0.962],
        [0.619, 0.666, 0.614, 0.669],
        [0.972, 0.981, 0.975, 0.975],
        [0.957, 0.978, 0.946, 0.970],
    ],
    index=[
        "adult (sample)",
        "breast cancer",
        "breast cancer wisconsin",
        "cmc",
        "ionosphere",
        "iris",
        "liver disorders",
        "lung cancer",
        "lymphography",
        "mushroom",
        "primary tumor",
        "rheum",
        "voting",
        "wine",
    ],
    columns=DEMSAR_APPROACHES,
)


def demsar_table():
    """Table 6 as ranked in the paper: on voting the printed AUCs of C4.5+cf
    and C4.5+m+cf are both 0.975, but the paper ranks them 2 and 3 (from
    unrounded values); a nudge of 1e-5 reproduces its ranks."""
    table = DEMSAR_AUC.copy()
    table.loc["voting", "C4.5+cf"] += 1e-5
    return table


def test_demsar_2006_worked_example():
    result = compare_approaches(demsar_table(), tie_correction=False, bayesian=False)
    # Section 3.2.4: average ranks 3.143, 2.000, 2.893, 1.964.
    assert result.average_ranks.round(3).tolist() == [3.143, 2.0, 2.893, 1.964]
    assert result.friedman_statistic == pytest.approx(9.28, abs=0.005)
    assert result.iman_davenport_statistic == pytest.approx(3.69, abs=0.005)
    # F(3, 39) at alpha 0.05 is 2.85: the null hypothesis is rejected.
    assert stats.f.ppf(0.95, 3, 39) == pytest.approx(2.85, abs=0.005)
    assert result.iman_davenport_pvalue < 0.05
    # Nemenyi: q_0.05 = 2.569 for four classifiers, CD = 1.25.
    assert result.q_alpha == pytest.approx(2.569, abs=5e-4)
    assert result.critical_difference == pytest.approx(1.25, abs=0.005)
    # No pair differs by 1.25: the largest gap, 3.143 - 1.964, is 1.179.
    assert result.groups == (("C4.5+m+cf", "C4.5+m", "C4.5+cf", "C4.5"),)


def test_demsar_2006_friedman_with_ties_is_scipys():
    # The printed table has ties (iris, lung cancer, mushroom, ...): the
    # tie-corrected statistic is scipy's (and R's friedman.test).
    table = DEMSAR_AUC
    result = compare_approaches(table, bayesian=False)
    expected = stats.friedmanchisquare(*table.to_numpy().T)
    assert result.friedman_statistic == pytest.approx(expected.statistic, rel=1e-12)
    assert result.friedman_pvalue == pytest.approx(expected.pvalue, rel=1e-12)
    n, k = table.shape
    chi2 = result.friedman_statistic
    f = (n - 1) * chi2 / (n * (k - 1) - chi2)
    assert result.iman_davenport_statistic == pytest.approx(f)
    assert result.iman_davenport_pvalue == pytest.approx(
        stats.f.sf(f, k - 1, (k - 1) * (n - 1))
    )


def test_demsar_2006_wilcoxon_example():
    # Section 3.1.3: C4.5+m against C4.5, zero differences (lung cancer,
    # mushroom) split between the sums: R+ = 93, R- = 12; T = 12 is below
    # 21, the critical value for 14 data sets at alpha 0.05.
    table = DEMSAR_AUC[["C4.5", "C4.5+m"]]
    result = compare_approaches(table, control="C4.5", bayesian=False)
    row = result.wilcoxon.iloc[0]
    assert (row["approach"], row["versus"]) == ("C4.5+m", "C4.5")
    assert (row["r_plus"], row["r_minus"]) == (93.0, 12.0)
    assert (row["wins"], row["ties"], row["losses"]) == (10, 2, 2)
    assert row["pvalue"] < 0.05 and row["significant"]
    difference = table["C4.5+m"] - table["C4.5"]
    expected = stats.wilcoxon(difference, zero_method="zsplit", method="approx")
    assert row["pvalue"] == pytest.approx(expected.pvalue)
    assert row["pvalue_holm"] == row["pvalue"]  # one comparison


# Demšar (2006), Table 5(a) and (b): q_alpha for 2 to 10 classifiers.
DEMSAR_Q = {
    0.05: [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164],
    0.10: [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920],
}


@pytest.mark.parametrize("alpha", [0.05, 0.10])
def test_nemenyi_q_is_demsars_table(alpha):
    rng = np.random.default_rng(0)
    for k, q in zip(range(2, 11), DEMSAR_Q[alpha]):
        result = compare_approaches(rng.random((6, k)), alpha=alpha, bayesian=False)
        assert result.q_alpha == pytest.approx(q, abs=1.5e-3)
        assert result.critical_difference == pytest.approx(
            result.q_alpha * np.sqrt(k * (k + 1) / 36)
        )


def test_ties_are_averaged_and_corrected():
    scores = pd.DataFrame(
        {
            "a": [0.9, 0.5, 0.7, 0.6],
            "b": [0.9, 0.6, 0.7, 0.4],
            "c": [0.8, 0.6, 0.2, 0.5],
        }
    )
    result = compare_approaches(scores, control="a", bayesian=False)
    assert result.ranks.to_numpy().tolist() == [
        [1.5, 1.5, 3.0],
        [3.0, 1.5, 1.5],
        [1.5, 1.5, 3.0],
        [1.0, 3.0, 2.0],
    ]
    assert result.average_ranks.tolist() == [1.75, 1.875, 2.375]
    expected = stats.friedmanchisquare(*scores.to_numpy().T)
    assert result.friedman_statistic == pytest.approx(expected.statistic)
    b = result.wilcoxon.set_index("approach").loc["b"]
    assert (b["wins"], b["ties"], b["losses"]) == (1, 2, 1)
    assert b["r_plus"] + b["r_minus"] == 10  # 4 data sets: 1 + 2 + 3 + 4


def test_every_score_tied():
    scores = np.full((5, 3), 0.7)
    result = compare_approaches(scores, control="0", bayesian=False)
    assert result.average_ranks.tolist() == [2.0, 2.0, 2.0]
    assert result.friedman_statistic == 0.0
    assert result.friedman_pvalue == 1.0
    assert result.wilcoxon["pvalue"].tolist() == [1.0, 1.0]
    assert result.wilcoxon["ties"].tolist() == [5, 5]
    assert result.groups == (("0", "1", "2"),)


def test_an_infinite_iman_davenport_f_is_said_in_words():
    # Issue 42, item 8: every data set ranks the approaches the same way, so
    # Friedman's chi2 is at its maximum N (k - 1) and F divides by zero. The
    # field stays as scipy gives it (inf, p 0.0); the summary printed
    # "F(2, 18) = inf, p = 0".
    rng = np.random.default_rng(0)
    worst = rng.random(10)
    scores = pd.DataFrame(
        {"none": worst, "smote": worst + 0.1, "undersample": worst + 0.2}
    )
    result = compare_approaches(scores, control="none", bayesian=False)
    assert result.friedman_statistic == pytest.approx(20.0)
    assert result.iman_davenport_statistic == np.inf
    assert result.iman_davenport_pvalue == 0.0
    text = str(result)
    assert "inf" not in text.replace("infinite", "")
    assert (
        "Iman-Davenport F(2, 18): every data set ranks the approaches the same "
        "way (chi2 at its maximum, N (k - 1) = 20), so F is infinite and p = 0"
    ) in text
    # an ordinary F keeps its number
    scores.loc[0, "none"] = 5.0
    assert "Iman-Davenport F(2, 18) = " in str(
        compare_approaches(scores, control="none", bayesian=False)
    )


def test_one_approach_dominates():
    rng = np.random.default_rng(1)
    worst = rng.random(12)
    middle = worst + rng.uniform(0.05, 0.1, 12)  # distinct differences: exact p
    scores = pd.DataFrame(
        {"worst": worst, "middle": middle, "best": middle + rng.uniform(0.05, 0.1, 12)}
    )
    result = compare_approaches(scores, control="worst", bayesian=False)
    assert result.average_ranks.tolist() == [3.0, 2.0, 1.0]
    # Perfect agreement: chi2 = N (k - 1) and F is infinite.
    assert result.friedman_statistic == pytest.approx(24.0)
    assert result.iman_davenport_statistic == np.inf
    assert result.iman_davenport_pvalue == 0.0
    # CD = 2.343 * sqrt(12 / 72) = 0.957 < 1: every pair differs.
    assert result.critical_difference == pytest.approx(0.957, abs=1e-3)
    assert result.groups == ()
    # 12 wins of 12, exact: p = 2 / 2^12, then Holm (two tests) doubles it.
    assert result.wilcoxon["wins"].tolist() == [12, 12]
    assert result.wilcoxon["pvalue"].tolist() == pytest.approx([2 / 4096] * 2)
    assert result.wilcoxon["pvalue_holm"].tolist() == pytest.approx([4 / 4096] * 2)
    assert result.wilcoxon["significant"].all()
    one_sided = compare_approaches(
        scores, control="worst", alternative="better", bayesian=False
    )
    assert one_sided.wilcoxon["pvalue"].tolist() == pytest.approx([1 / 4096] * 2)
    worse = compare_approaches(
        scores, control="worst", alternative="worse", bayesian=False
    )
    assert worse.wilcoxon["pvalue"].tolist() == pytest.approx([1.0, 1.0])
    frame = result.to_frame()
    assert frame.index.tolist() == ["best", "middle", "worst"]
    assert np.isnan(frame.loc["worst", "pvalue"])
    text = str(result)
    assert "average ranks (1 = best): best 1.000, middle 2.000, worst 3.000" in text
    assert "best vs worst: 12/0/0 wins/ties/losses, p = 0.0009766" in text


def test_lower_is_better():
    scores = pd.DataFrame({"a": [0.1, 0.2, 0.1], "b": [0.3, 0.4, 0.2]})
    assert compare_approaches(scores, "fpr", bayesian=False).average_ranks.tolist() == [
        1.0,
        2.0,
    ]
    assert compare_approaches(scores, bayesian=False).average_ranks.tolist() == [
        2.0,
        1.0,
    ]
    assert compare_approaches(
        scores, greater_is_better=False, bayesian=False
    ).average_ranks.tolist() == [1.0, 2.0]
    result = compare_approaches(scores, "fpr", control="b", bayesian=False)
    assert result.wilcoxon["wins"].tolist() == [3]  # a's lower FPR wins


def test_holm():
    from imbascore._inference.across_datasets import _holm

    assert _holm([0.01, 0.04, 0.03]).tolist() == pytest.approx([0.03, 0.06, 0.06])
    assert _holm([0.5, 0.6]).tolist() == [1.0, 1.0]


def _study_frame():
    """Per-fold counts in the shape of run_study's results: 4 data sets x
    3 samplers x 2 classifiers x 2 folds."""
    rng = np.random.default_rng(2)
    rows = []
    for d in ["breast", "ecoli", "glass", "pima"]:
        for s, boost in [("none", 0), ("smote", 3), ("undersample", 5)]:
            for c in ["1nn", "svm"]:
                for fold in range(2):
                    tp = 5 + boost + int(rng.integers(0, 3))
                    tn = 80 - 2 * boost + int(rng.integers(0, 5))
                    rows.append(
                        {
                            "dataset": d,
                            "sampler": s,
                            "classifier": c,
                            "repeat": 0,
                            "fold": fold,
                            "tp": tp,
                            "fn": 20 - tp,
                            "fp": 90 - tn,
                            "tn": tn,
                            "fit_time": 0.0,
                            "score_time": 0.0,
                        }
                    )
    return pd.DataFrame(rows)


def test_study_results_long_and_wide_tables_agree():
    from imbascore.study import summarize

    results = _study_frame()
    svm = results[results["classifier"] == "svm"]
    from_study = compare_approaches(
        svm, "gmean", approach="sampler", control="none", bayesian=False
    )
    assert from_study.scores.columns.tolist() == ["none", "smote", "undersample"]
    assert from_study.scores.index.tolist() == ["breast", "ecoli", "glass", "pima"]
    summary = summarize(svm, ["gmean"]).reset_index()
    from_long = compare_approaches(
        summary, "gmean", approach="sampler", control="none", bayesian=False
    )
    wide = summary.pivot(index="dataset", columns="sampler", values="gmean")
    from_wide = compare_approaches(wide, "gmean", control="none", bayesian=False)
    from_array = compare_approaches(wide.to_numpy(), control="0", bayesian=False)
    for other in (from_long, from_wide):
        pd.testing.assert_frame_equal(
            other.scores, from_study.scores, check_names=False
        )
        pd.testing.assert_frame_equal(other.wilcoxon, from_study.wilcoxon)
    assert from_array.average_ranks.tolist() == from_study.average_ranks.tolist()
    # Both classifiers as approaches: labels join the columns' values.
    both = compare_approaches(results, "iba", control=("none", "svm"), bayesian=False)
    assert both.control == "none/svm"
    assert both.n_approaches == 6 and "smote/1nn" in both.average_ranks.index
    # The metric's parameters and the aggregation reach summarize.
    pooled = compare_approaches(
        svm,
        "iba",
        approach="sampler",
        aggregate="pooled",
        metric_params={"alpha": 0.5},
        bayesian=False,
    )
    expected = summarize(svm, ["iba"], aggregate="pooled", alpha=0.5)
    assert pooled.scores.loc["glass", "smote"] == pytest.approx(
        expected.loc[("glass", "smote", "svm"), "iba"]
    )


def _message(excinfo):
    return str(excinfo.value)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"alpha": 1.5}, ["'alpha' parameter of compare_approaches", "(0, 1)", "1.5"]),
        ({"alpha": 0}, ["'alpha' parameter", "Got 0 instead"]),
        ({"control": "smoteX"}, ["'control' parameter", "one of", "'smoteX'"]),
        ({"alternative": "greater"}, ["'alternative' parameter", "'better'"]),
        ({"aggregate": "mean"}, ["'aggregate' parameter", "'rates'", "'mean'"]),
        ({"rope": -0.1}, ["'rope' parameter", ">= 0", "-0.1"]),
        ({"bayesian": "yes"}, ["'bayesian' parameter", "'auto'", "'yes'"]),
        ({"approach": ()}, ["'approach' parameter", "non-empty tuple"]),
    ],
)
def test_parameter_errors_name_the_rule_and_value(kwargs, words):
    scores = pd.DataFrame({"none": [0.1, 0.2, 0.3], "smote": [0.2, 0.3, 0.5]})
    with pytest.raises(ValueError) as excinfo:
        compare_approaches(scores, **kwargs)
    for word in words:
        assert word in _message(excinfo)


def test_input_errors():
    results = _study_frame()
    with pytest.raises(ValueError) as excinfo:
        compare_approaches(results, approach="sampler")
    message = _message(excinfo)
    assert "'approach' parameter of compare_approaches" in message
    assert "dataset='breast'" in message and "'classifier'" in message
    with pytest.raises(ValueError, match="'metric' parameter.*'auc'"):
        compare_approaches(results, "auc")
    with pytest.raises(ValueError, match="'approach' parameter.*'learner'"):
        compare_approaches(results, approach="learner")
    with pytest.raises(ValueError, match="'metric_params'.*None for a table"):
        compare_approaches(np.ones((3, 2)), metric_params={"alpha": 0.5})
    with pytest.raises(ValueError, match="'metric_params'.*a dict or None"):
        compare_approaches(results, metric_params=0.5)
    with pytest.raises(ValueError, match="at least 2 approaches.*1 approach"):
        compare_approaches(np.ones((3, 1)))
    with pytest.raises(ValueError, match="at least 2 data sets"):
        compare_approaches(np.ones((1, 3)))
    with pytest.raises(ValueError, match="2-D array.*shape \\(3,\\)"):
        compare_approaches([0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="non-numeric columns \\['name'\\]"):
        compare_approaches(pd.DataFrame({"name": ["x", "y"], "a": [1, 2]}))
    with pytest.raises(
        ValueError, match="'results' parameter.*Data set 7 x approach 'b' is nan"
    ):
        compare_approaches(pd.DataFrame({"a": [1, 2], "b": [np.nan, 2]}, index=[7, 8]))
    with pytest.raises(
        ValueError, match="'results' parameter.*without \\['sampler'\\]"
    ):
        compare_approaches(results.drop(columns="sampler"), approach="classifier")
    assert compare_approaches(np.eye(3), control=2, bayesian=False).control == "2"
    with pytest.raises(ValueError, match="'dataset' parameter.*'data'"):
        compare_approaches(
            pd.DataFrame({"sampler": ["a"], "ad_area": [1.0]}),
            approach="sampler",
            dataset="data",
        )


def test_bayesian_requires_baycomp_when_asked(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *args: None if name == "baycomp" else real(name, *args),
    )
    scores = np.array([[0.1, 0.2], [0.3, 0.5], [0.2, 0.3]])
    with pytest.raises(ImportError, match='pip install "imbascore\\[compare\\]"'):
        compare_approaches(scores, bayesian=True)
    result = compare_approaches(scores)  # "auto": without the Bayesian test
    assert result.rope is None and "p_better" not in result.wilcoxon


def test_bayesian_signed_rank():
    pytest.importorskip("baycomp")
    rng = np.random.default_rng(3)
    base = rng.random(10)
    scores = pd.DataFrame({"none": base, "smote": base + 0.1, "same": base})
    result = compare_approaches(scores, control="none", bayesian={"rope": 0.01})
    rows = result.wilcoxon.set_index("approach")
    probabilities = rows[["p_better", "p_equivalent", "p_worse"]]
    assert probabilities.sum(axis=1).tolist() == pytest.approx([1.0, 1.0])
    assert rows.loc["smote", "p_better"] > 0.99
    assert rows.loc["same", "p_equivalent"] > 0.99
    assert result.rope == 0.01
    assert "Bayesian P(better, equivalent, worse)" in str(result)


@pytest.fixture
def pyplot():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    yield plt
    plt.close("all")


def test_critical_difference_display_draws_demsars_example(pyplot):
    from imbascore.plot import CriticalDifferenceDisplay

    result = compare_approaches(demsar_table(), tie_correction=False, bayesian=False)
    display = CriticalDifferenceDisplay.from_comparison(result)
    assert display.comparison_ is result
    assert display.figure_ is display.ax_.figure
    # The CD bar is as long as the critical difference, from rank 1.
    x = display.cd_line_.get_xdata()
    assert (x[0], x[1] - x[0]) == (1.0, pytest.approx(1.254, abs=1e-3))
    # One thick line joins all four (no pair differs by the CD).
    assert len(display.group_lines_) == 1
    left, right = display.group_lines_[0].get_xdata()
    assert left < 1.964 and right > 3.143
    texts = [text.get_text() for text in display.ax_.texts]
    assert "CD = 1.25" in texts
    assert {
        "C4.5 (3.14)",
        "C4.5+m (2.00)",
        "C4.5+cf (2.89)",
        "C4.5+m+cf (1.96)",
    } <= set(texts)


def test_critical_difference_display_groups_and_axes(pyplot):
    from imbascore.plot import CriticalDifferenceDisplay

    rng = np.random.default_rng(4)
    scores = rng.normal(size=(30, 6)) + np.arange(6) * 0.5
    _, ax = pyplot.subplots()
    display = CriticalDifferenceDisplay.from_results(
        scores, "accuracy", ax=ax, bayesian=False
    )
    assert display.ax_ is ax
    assert len(display.group_lines_) == len(display.comparison_.groups) > 1
    plain = CriticalDifferenceDisplay(average_ranks=[1.0, 2.0], names=["a", "b"]).plot(
        label_ranks=False
    )
    assert plain.cd_line_ is None and plain.group_lines_ == []
    assert {"a", "b"} <= {text.get_text() for text in plain.ax_.texts}
    with pytest.raises(ValueError, match="one name per average rank.*1 names for 2"):
        CriticalDifferenceDisplay(average_ranks=[1.0, 2.0], names=["a"])


def test_rope_and_random_state_moved_into_bayesian_with_a_future_warning():
    pytest.importorskip("baycomp")
    rng = np.random.default_rng(3)
    base = rng.random(10)
    scores = pd.DataFrame({"none": base, "smote": base + 0.02})
    new = compare_approaches(scores, bayesian={"rope": 0.05, "random_state": 4})
    with pytest.warns(FutureWarning, match="rope and random_state moved into bayes"):
        old = compare_approaches(scores, rope=0.05, random_state=4)
    assert old.rope == new.rope == 0.05
    pd.testing.assert_frame_equal(old.wilcoxon, new.wilcoxon)
    with pytest.warns(FutureWarning, match="rope moved into bayesian"):
        off = compare_approaches(scores, rope=0.05, bayesian=False)
    assert off.rope is None and "p_better" not in off.wilcoxon
    # the old keywords are still checked, with their own names
    with pytest.warns(FutureWarning), pytest.raises(ValueError, match="'rope' param"):
        compare_approaches(scores, rope=-1.0, bayesian=False)


def test_bayesian_dict_options_are_checked():
    scores = pd.DataFrame({"none": [0.1, 0.2, 0.3], "smote": [0.2, 0.3, 0.5]})
    with pytest.raises(ValueError, match="'bayesian' parameter.*'rope' and 'random"):
        compare_approaches(scores, bayesian={"ropes": 0.1})
    with pytest.raises(ValueError, match="'rope' parameter.*>= 0"):
        compare_approaches(scores, bayesian={"rope": -0.1})
    with pytest.raises(ValueError, match="random_state"):
        compare_approaches(scores, bayesian={"random_state": "x"})
