"""The study runner: folds, determinism, resampling in training folds only."""

import io

import joblib
import numpy as np
import pandas as pd
import pytest
from imblearn.over_sampling import SMOTE
from scipy import stats
from sklearn.tree import DecisionTreeClassifier

import imbascore as ims
from imbascore import geometric_mean_score, iba_score
from imbascore.datasets import load_dataset
from imbascore.paper_tables import GARCIA2008_TABLE3
from imbascore.study import (
    CELL,
    COLUMNS,
    RBFNetworkClassifier,
    fold_scores,
    prepare_data,
    run_study,
    summarize,
)
from imbascore.study._garcia2008 import (
    GARCIA2008_CLASSIFIERS,
    GARCIA2008_DATASETS,
    GARCIA2008_SAMPLERS,
    compare_garcia2008,
    count_claim,
    garcia2008_markdown,
)


@pytest.fixture(scope="module")
def small_study():
    return run_study(
        ["glass", "haberman"],
        ["none", "undersample"],
        ["1nn", "tree"],
        n_splits=3,
        n_repeats=2,
        random_state=1,
    )


def test_one_row_per_fold_with_the_counts(small_study):
    assert list(small_study.columns) == COLUMNS
    assert len(small_study) == 2 * 2 * 2 * 3 * 2
    for (dataset, *_), cell in small_study.groupby(
        ["dataset", "sampler", "classifier"]
    ):
        target = load_dataset(dataset).target
        for _, folds in cell.groupby("repeat"):
            # Every sample is tested exactly once per repeat, and never resampled.
            assert (folds.tp + folds.fn).sum() == target.sum()
            assert (folds.fp + folds.tn).sum() == (target == 0).sum()
            assert (
                (folds.n_train + folds.tp + folds.fn + folds.fp + folds.tn)
                .eq(len(target))
                .all()
            )


def test_deterministic_and_independent_of_n_jobs(small_study):
    again = run_study(
        ["glass", "haberman"],
        ["none", "undersample"],
        ["1nn", "tree"],
        n_splits=3,
        n_repeats=2,
        random_state=1,
        n_jobs=2,
    )
    counts = ["tp", "fn", "fp", "tn"]
    pd.testing.assert_frame_equal(small_study[counts], again[counts])
    other = run_study(
        ["glass"], ["undersample"], ["1nn"], n_splits=3, n_repeats=2, random_state=2
    )
    mine = small_study.query(
        "dataset == 'glass' and sampler == 'undersample' and classifier == '1nn'"
    )
    assert not np.array_equal(other[counts].to_numpy(), mine[counts].to_numpy())


def test_undersampling_raises_sensitivity(small_study):
    summary = summarize(small_study, ["sensitivity", "specificity"])
    for dataset in ("glass", "haberman"):
        assert (
            summary.loc[(dataset, "undersample", "1nn"), "sensitivity"]
            > summary.loc[(dataset, "none", "1nn"), "sensitivity"]
        )


def test_fold_scores_equal_the_metric_functions(small_study):
    rows = small_study.head(6)
    gmeans = fold_scores(rows, "gmean")
    ibas = fold_scores(rows, "iba", alpha=0.5)
    for row, gmean, iba in zip(rows.itertuples(), gmeans, ibas):
        y_true = np.repeat([1, 1, 0, 0], [row.tp, row.fn, row.fp, row.tn])
        y_pred = np.repeat([1, 0, 1, 0], [row.tp, row.fn, row.fp, row.tn])
        assert gmean == pytest.approx(geometric_mean_score(y_true, y_pred), abs=1e-12)
        assert iba == pytest.approx(iba_score(y_true, y_pred, alpha=0.5), abs=1e-12)


def test_fold_averaged_and_pooled(small_study):
    fold = summarize(small_study, ["gmean"])
    pooled = summarize(small_study, ["gmean"], aggregate="pooled")
    cell = small_study.query(
        "dataset == 'glass' and sampler == 'none' and classifier == 'tree'"
    )
    assert fold.loc[("glass", "none", "tree"), "gmean"] == pytest.approx(
        fold_scores(cell, "gmean").mean()
    )
    summed = cell[["tp", "fn", "fp", "tn"]].sum().to_frame().T
    assert pooled.loc[("glass", "none", "tree"), "gmean"] == pytest.approx(
        fold_scores(summed, "gmean")[0]
    )
    assert (fold["n_folds"] == 6).all()


def test_objects_and_own_data():
    frame = pd.DataFrame(
        {
            "colour": ["red", "blue", "green"] * 40,
            "size": np.linspace(0, 1, 120),
        }
    )
    y = (np.arange(120) % 4 == 0).astype(int)
    data = prepare_data(("toy", frame, y))
    assert data.categorical == (0,) and data.n_categories == (3,)
    assert data.n_inputs == 4
    results = run_study(
        [("toy", frame, y)],
        {"smote3": SMOTE(k_neighbors=3)},
        [DecisionTreeClassifier(random_state=0)],
        n_splits=3,
        n_repeats=1,
    )
    assert set(results["sampler"]) == {"smote3"}
    assert set(results["classifier"]) == {"DecisionTreeClassifier"}


@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        ((["glas"], ["none"], ["1nn"]), {}, "dataset 'glas' is not one of"),
        ((["glass"], ["smot"], ["1nn"]), {}, "sampler 'smot' is not one of"),
        ((["glass"], ["none"], ["knn"]), {}, "classifier 'knn' is not one of"),
        ((["glass"], [], ["1nn"]), {}, "samplers must not be empty"),
        ((["glass"], ["none"], ["1nn"]), {"n_splits": 1}, "at least 2"),
        ((["glass"], ["none"], ["1nn"]), {"n_repeats": 0}, "positive int"),
        (
            ([("bad", np.zeros((4, 1)), [0, 1, 2, 1])], ["none"], ["1nn"]),
            {},
            "must hold both 0 and 1",
        ),
        (
            (["glass"], ["none"], ["1nn"]),
            {"coding": "paper"},
            r"'coding' parameter of run_study must be one of \['nominal', 'papers'\]",
        ),
    ],
)
def test_bad_arguments(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        run_study(*args, **kwargs)


def test_rbf_network_learns_blobs():
    rng = np.random.default_rng(0)
    X = np.r_[rng.normal(0, 0.3, (60, 2)), rng.normal(2, 0.3, (60, 2))]
    y = np.r_[np.zeros(60), np.ones(60)].astype(int)
    model = RBFNetworkClassifier(random_state=0).fit(X, y)
    assert model.centers_.shape == (4, 2)
    assert (model.predict(X) == y).mean() > 0.95
    with pytest.raises(ValueError, match="fitted with 2"):
        model.predict(X[:, :1])


def _paper_as_ours():
    """Folds whose averages are the paper's own g and d (for the table code)."""
    rows = []
    for classifier, paper_classifier in GARCIA2008_CLASSIFIERS.items():
        for sampler, paper_sampler in GARCIA2008_SAMPLERS.items():
            for dataset, paper_dataset in GARCIA2008_DATASETS.items():
                rows.append(
                    (
                        dataset,
                        sampler,
                        classifier,
                        GARCIA2008_TABLE3[paper_classifier][paper_sampler][
                            paper_dataset
                        ],
                    )
                )
    return rows


def test_claim_count_of_the_papers_own_table():
    # Pima/SVM: the paper's SMOTE area (0.95) is below its original (1.24).
    comparison = pd.DataFrame(
        [
            {"dataset": d, "classifier": c, "sampler": s, "area": a, "paper_area": a}
            for d, s, c, (_, _, a) in _paper_as_ours()
        ]
    )
    assert count_claim(comparison, column="paper_area") == (29, 30)


def test_comparison_and_markdown(small_study):
    glass = small_study[small_study.dataset == "glass"].copy()
    glass["classifier"] = glass["classifier"].replace({"tree": "svm"})
    comparison = compare_garcia2008(glass)
    assert len(comparison) == 4
    row = comparison.iloc[0]
    assert row["area"] == pytest.approx(row["gmean"] * (3 + row["dominance"]) / 2)
    assert row["diff_area"] == pytest.approx(row["area"] - row["paper_area"])
    text = garcia2008_markdown(comparison)
    assert "**1-NN**" in text and "| Glass |" in text
    assert "ours 0 of 0" in text  # SMOTE missing: no complete pair


def test_a_dask_cluster_gives_the_local_results():
    distributed = pytest.importorskip("distributed")
    grid = (["glass"], ["none", "smote"], ["1nn", "nb"])
    options = {"n_splits": 3, "n_repeats": 1, "random_state": 3}
    local = run_study(*grid, **options)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        with distributed.Client(cluster):
            with joblib.parallel_backend("dask"):
                on_client = run_study(*grid, **options)
            # deprecated since 0.2: still the same folds, with a warning
            with pytest.warns(FutureWarning, match="'backend' is deprecated"):
                deprecated = run_study(*grid, backend="dask", **options)
        with pytest.warns(FutureWarning, match="'scheduler' is deprecated"):
            by_address = run_study(
                *grid, scheduler=cluster.scheduler_address, **options
            )
    counts = [
        "dataset",
        "sampler",
        "classifier",
        "repeat",
        "fold",
        "tp",
        "fn",
        "fp",
        "tn",
    ]
    pd.testing.assert_frame_equal(local[counts], on_client[counts])
    pd.testing.assert_frame_equal(local[counts], by_address[counts])
    pd.testing.assert_frame_equal(local[counts], deprecated[counts])


def test_an_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="unexpected keyword argument 'n_split'"):
        run_study(["glass"], ["none"], ["1nn"], n_split=3)


def test_mixed_naive_bayes_reduces_to_its_parts():
    from sklearn.naive_bayes import BernoulliNB, GaussianNB

    from imbascore.study import MixedNaiveBayes

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    binary = (rng.random((200, 4)) < 0.3 + 0.4 * y[:, None]).astype(float)
    numeric = rng.normal(y[:, None], 1.0, (200, 3))
    both = np.c_[binary, numeric]
    np.testing.assert_array_equal(
        MixedNaiveBayes().fit(binary, y).predict(binary),
        BernoulliNB(alpha=1.0, binarize=None).fit(binary, y).predict(binary),
    )
    np.testing.assert_array_equal(
        MixedNaiveBayes().fit(numeric, y).predict(numeric),
        GaussianNB().fit(numeric, y).predict(numeric),
    )
    model = MixedNaiveBayes().fit(both, y)
    assert model.binary_.tolist() == [True] * 4 + [False] * 3
    # The joint log-likelihood is the sum of the parts with one class prior.
    expected = (
        model.gaussian_.predict_joint_log_proba(numeric)
        + model.bernoulli_.predict_joint_log_proba(binary)
        - np.log(model.gaussian_.class_prior_)
    )
    np.testing.assert_array_equal(model.predict(both), np.argmax(expected, axis=1))
    assert (model.predict(both) == y).mean() > 0.8


def test_summarize_posterior_interval_is_that_of_the_data_set_counts(small_study):
    one_repeat = small_study[small_study["repeat"] == 0]
    summary = summarize(one_repeat, ["gmean", "iba"], interval="posterior")
    for key, cell in one_repeat.groupby(CELL, sort=False):
        tn, fp, fn, tp = (int(cell[c].sum()) for c in ("tn", "fp", "fn", "tp"))
        counts = ims.ConfusionCounts.from_matrix([[tn, fp], [fn, tp]], labels=[0, 1])
        expected = counts.interval("gmean", random_state=0, zero_division=np.nan)
        row = summary.loc[key]
        assert (row["gmean_low"], row["gmean_high"]) == pytest.approx(
            (expected.low, expected.high), rel=1e-12
        )
        assert row["iba_low"] <= row["iba_high"]
    # Two repeats count every sample twice: the interval stays that of the
    # data set, not one sqrt(2) narrower.
    both = summarize(small_study, ["gmean"], interval="posterior")
    width_one = (summary["gmean_high"] - summary["gmean_low"]).mean()
    width_both = (both["gmean_high"] - both["gmean_low"]).mean()
    assert width_both == pytest.approx(width_one, rel=0.15)


def test_summarize_repeats_interval_is_a_t_interval_over_repeats(small_study):
    summary = summarize(small_study, ["gmean"], interval="repeats")
    for key, cell in small_study.groupby(CELL, sort=False):
        per_repeat = [
            fold_scores(part, "gmean").mean() for _, part in cell.groupby("repeat")
        ]
        mean, half = (
            np.mean(per_repeat),
            stats.t.ppf(0.975, 1) * np.std(per_repeat, ddof=1) / np.sqrt(2),
        )
        row = summary.loc[key]
        assert row["gmean"] == pytest.approx(mean)
        assert (row["gmean_low"], row["gmean_high"]) == pytest.approx(
            (mean - half, mean + half)
        )
    with pytest.raises(ValueError, match="'interval' parameter of summarize"):
        summarize(small_study, ["gmean"], interval="bootstrap")


def test_garcia2008_comparison_marks_the_paper_outside_our_interval(small_study):
    glass = small_study[small_study["dataset"] == "glass"].replace(
        {"classifier": {"tree": "svm"}}
    )
    comparison = compare_garcia2008(glass)
    inside = (comparison["area_low"] <= comparison["paper_area"]) & (
        comparison["paper_area"] <= comparison["area_high"]
    )
    assert list(comparison["paper_inside"]) == list(inside)
    assert (comparison["area_low"] <= comparison["area_high"]).all()
    text = garcia2008_markdown(comparison)
    assert f"in {int(inside.sum())} of {len(comparison)} cells" in text
    assert text.count(" † |") == int((~inside).sum())
    assert "area_low" not in compare_garcia2008(glass, interval=None)


def test_rates_aggregation_scores_the_fold_averaged_rates(small_study):
    summary = summarize(small_study, ["gmean", "ad_area", "iba"], aggregate="rates")
    for key, cell in small_study.groupby(CELL, sort=False):
        tpr = np.nanmean(fold_scores(cell, "sensitivity"))
        tnr = np.nanmean(fold_scores(cell, "specificity"))
        row = summary.loc[key]
        assert row["gmean"] == pytest.approx(np.sqrt(tpr * tnr), rel=1e-12)
        assert row["ad_area"] == pytest.approx(
            np.sqrt(tpr * tnr) * (3 + tpr - tnr) / 2, rel=1e-12
        )
        assert row["iba"] == pytest.approx((1 + 0.1 * (tpr - tnr)) * tpr * tnr)
    with pytest.raises(ValueError, match="'metrics' parameter of summarize"):
        summarize(small_study, ["accuracy"], aggregate="rates")


def test_rates_aggregation_corrects_d_prime_with_the_data_set_sizes():
    # Every fold perfect: the mean rates are 1 and 0, corrected as for the
    # whole data set (8 positives, 12 negatives), not as for classes of 1.
    folds = pd.DataFrame(
        {
            "dataset": "d",
            "sampler": "none",
            "classifier": "c",
            "repeat": [0, 0],
            "fold": [0, 1],
            "tp": [4, 4],
            "fn": [0, 0],
            "fp": [0, 0],
            "tn": [6, 6],
            "fit_time": 0.0,
            "score_time": 0.0,
        }
    )
    value = summarize(folds, ["dprime"], aggregate="rates")["dprime"].iloc[0]
    y = [1] * 8 + [0] * 12
    assert value == pytest.approx(ims.dprime_score(y, y), rel=1e-12)


def test_garcia2008_comparison_defaults_to_the_papers_rates(small_study):
    glass = small_study[small_study["dataset"] == "glass"].replace(
        {"classifier": {"tree": "svm"}}
    )
    comparison = compare_garcia2008(glass)
    rates = summarize(glass, ["gmean"], aggregate="rates")
    assert comparison["gmean"].tolist() == pytest.approx(
        [
            rates.loc[(r.dataset, r.sampler, r.classifier), "gmean"]
            for r in comparison.itertuples()
        ]
    )
    assert "from the fold-averaged TPR and TNR" in garcia2008_markdown(comparison)


def test_the_studies_use_the_papers_coding():
    # García 2008 and 2009 gave Weka Breast's and German's categorical values
    # as numbers (issue 30): the study prepares them so, numeric attributes.
    for name, n_nominal in (("breast", 8), ("german", 13)):
        papers = load_dataset(name, coding="papers")
        data = prepare_data(name)
        assert data.categorical == () and data.n_inputs == papers.data.shape[1]
        np.testing.assert_array_equal(data.X, papers.data.to_numpy(dtype=float))
        assert len(prepare_data(name, coding="nominal").categorical) == n_nominal
    protocol = dict(n_splits=3, n_repeats=1, random_state=0)
    default = run_study(["breast"], ["none"], ["weka_1nn"], **protocol)
    papers = run_study(["breast"], ["none"], ["weka_1nn"], coding="papers", **protocol)
    nominal = run_study(
        ["breast"], ["none"], ["weka_1nn"], coding="nominal", **protocol
    )
    counts = ["tp", "fn", "fp", "tn"]
    pd.testing.assert_frame_equal(default[counts], papers[counts])
    assert not default[counts].equals(nominal[counts])


def test_the_console_study_uses_the_papers_coding(tmp_path):
    from imbascore.cli import main

    argv = ["study", "--quick", "--no-progress", "--datasets", "german"]
    argv += ["--samplers", "none", "--classifiers", "weka_1nn"]
    assert main([*argv, "--out", str(tmp_path)], out=io.StringIO()) == 0
    ours = pd.read_csv(tmp_path / "folds.csv")
    counts = ["tp", "fn", "fp", "tn"]
    protocol = dict(n_splits=5, n_repeats=1, random_state=0)
    for coding, same in (("papers", True), ("nominal", False)):
        folds = run_study(["german"], ["none"], ["weka_1nn"], coding=coding, **protocol)
        assert folds[counts].equals(ours[counts]) is same


def test_the_examples_ask_for_the_papers_coding():
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "examples"
    for name in ("reproduce_garcia2008.py", "reproduce_garcia2009.py"):
        assert 'coding="papers"' in (examples / name).read_text(encoding="utf-8")
