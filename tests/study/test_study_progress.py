"""The study's time left: from each fold's expected cost (issue 42, item 10)."""

import re

import numpy as np
import pytest
from sklearn.model_selection import RepeatedStratifiedKFold

from imbascore.study import prepare_data, run_study
from imbascore.study._garcia2008 import GARCIA2008_DATASETS
from imbascore.study._progress import TimeLeft, fold_cost
from imbascore.study._runner import _task_cost, _tasks


def test_time_left_is_the_cost_left_at_the_observed_seconds_per_unit():
    left = TimeLeft([3.0, 3.0, 100.0, 100.0])
    assert left.seconds(elapsed=0.0) is None
    left.advance(3.0, elapsed=3.0)
    left.advance(3.0, elapsed=6.0)
    # 1 s per unit, 200 units left; the average per fold so far (3 s) would
    # say 6 s.
    assert left.seconds(elapsed=6.0) == pytest.approx(200.0)
    left.advance(100.0, elapsed=106.0)
    assert left.seconds(elapsed=106.0) == pytest.approx(100.0)
    left.advance(100.0, elapsed=206.0)
    assert left.seconds(elapsed=206.0) == 0.0


def test_a_slow_start_is_forgotten():
    # 30 s of compiling in the first fold of 1 unit, then 1 s per unit: the
    # rate over the latter half of the work done forgets it.
    left = TimeLeft([1.0] * 100)
    left.advance(1.0, elapsed=31.0)
    for done in range(2, 51):
        left.advance(1.0, elapsed=30.0 + done)
    assert left.seconds(elapsed=80.0) == pytest.approx(50.0)


def test_the_bar_shows_the_time_left_by_cost(capsys):
    run_study(["glass"], ["none"], ["1nn"], n_splits=2, n_repeats=1, progress=True)
    shown = capsys.readouterr().err.replace("\r", "\n")
    assert "2/2 folds [" in shown
    assert re.search(r"\d\d:\d\d left, glass/none/1nn\]", shown)


def test_the_costs_order_the_folds_as_measured():
    glass, phoneme = prepare_data("glass"), prepare_data("phoneme")

    def cost(data, sampler, classifier):
        n = len(data.y)
        return fold_cost(
            classifier,
            sampler,
            n_train=n - n // 10,
            n_positive=int(data.y.sum() * 0.9),
            n_test=n // 10,
            n_inputs=data.n_inputs,
        )

    mlp = cost(phoneme, "none", "weka_mlp")
    assert mlp > 10 * cost(phoneme, "none", "weka_1nn")
    assert mlp > 10 * cost(phoneme, "none", "weka_svm")
    assert mlp > 100 * cost(glass, "undersample", "weka_1nn")
    # SMOTE balances to 1:1, under-sampling drops most of Phoneme's negatives
    assert cost(phoneme, "weka_smote", "weka_mlp") > mlp
    assert cost(phoneme, "undersample", "weka_mlp") < mlp / 1.5
    # anything else: cheap, and positive
    assert 0 < cost(glass, "none", object()) < mlp / 100


#: Fit + predict seconds per fold, each cell's mean, of the default study
#: (`python -m imbascore study`, two workers on two cores) through Pima, its
#: first seven data sets; Breast's MLP and SVM include numba's compiling.
MEASURED_SECONDS = {
    ("breast", "none", "weka_1nn"): 0.005,
    ("breast", "none", "weka_mlp"): 0.696,
    ("breast", "none", "weka_svm"): 0.624,
    ("breast", "undersample", "weka_1nn"): 0.019,
    ("breast", "undersample", "weka_mlp"): 0.157,
    ("breast", "undersample", "weka_svm"): 0.019,
    ("breast", "weka_smote", "weka_1nn"): 0.036,
    ("breast", "weka_smote", "weka_mlp"): 0.380,
    ("breast", "weka_smote", "weka_svm"): 0.034,
    ("ecoli", "none", "weka_1nn"): 0.012,
    ("ecoli", "none", "weka_mlp"): 0.327,
    ("ecoli", "none", "weka_svm"): 0.011,
    ("ecoli", "undersample", "weka_1nn"): 0.018,
    ("ecoli", "undersample", "weka_mlp"): 0.095,
    ("ecoli", "undersample", "weka_svm"): 0.016,
    ("ecoli", "weka_smote", "weka_1nn"): 0.039,
    ("ecoli", "weka_smote", "weka_mlp"): 0.579,
    ("ecoli", "weka_smote", "weka_svm"): 0.052,
    ("german", "none", "weka_1nn"): 0.049,
    ("german", "none", "weka_mlp"): 2.166,
    ("german", "none", "weka_svm"): 0.143,
    ("german", "undersample", "weka_1nn"): 0.040,
    ("german", "undersample", "weka_mlp"): 1.622,
    ("german", "undersample", "weka_svm"): 0.099,
    ("german", "weka_smote", "weka_1nn"): 0.208,
    ("german", "weka_smote", "weka_mlp"): 3.304,
    ("german", "weka_smote", "weka_svm"): 0.304,
    ("glass", "none", "weka_1nn"): 0.013,
    ("glass", "none", "weka_mlp"): 0.278,
    ("glass", "none", "weka_svm"): 0.018,
    ("glass", "undersample", "weka_1nn"): 0.023,
    ("glass", "undersample", "weka_mlp"): 0.040,
    ("glass", "undersample", "weka_svm"): 0.020,
    ("glass", "weka_smote", "weka_1nn"): 0.035,
    ("glass", "weka_smote", "weka_mlp"): 0.412,
    ("glass", "weka_smote", "weka_svm"): 0.047,
    ("haberman", "none", "weka_1nn"): 0.009,
    ("haberman", "none", "weka_mlp"): 0.215,
    ("haberman", "none", "weka_svm"): 0.015,
    ("haberman", "undersample", "weka_1nn"): 0.018,
    ("haberman", "undersample", "weka_mlp"): 0.120,
    ("haberman", "undersample", "weka_svm"): 0.016,
    ("haberman", "weka_smote", "weka_1nn"): 0.023,
    ("haberman", "weka_smote", "weka_mlp"): 0.328,
    ("haberman", "weka_smote", "weka_svm"): 0.032,
    ("phoneme", "none", "weka_1nn"): 0.349,
    ("phoneme", "none", "weka_mlp"): 5.100,
    ("phoneme", "none", "weka_svm"): 0.132,
    ("phoneme", "undersample", "weka_1nn"): 0.136,
    ("phoneme", "undersample", "weka_mlp"): 1.970,
    ("phoneme", "undersample", "weka_svm"): 0.091,
    ("phoneme", "weka_smote", "weka_1nn"): 2.174,
    ("phoneme", "weka_smote", "weka_mlp"): 4.847,
    ("phoneme", "weka_smote", "weka_svm"): 1.411,
    ("pima", "none", "weka_1nn"): 0.011,
    ("pima", "none", "weka_mlp"): 0.430,
    ("pima", "none", "weka_svm"): 0.021,
    ("pima", "undersample", "weka_1nn"): 0.022,
    ("pima", "undersample", "weka_mlp"): 0.338,
    ("pima", "undersample", "weka_svm"): 0.012,
    ("pima", "weka_smote", "weka_1nn"): 0.033,
    ("pima", "weka_smote", "weka_mlp"): 0.832,
    ("pima", "weka_smote", "weka_svm"): 0.057,
}


def _default_study_tasks():
    names = list(GARCIA2008_DATASETS)[:7]
    assert names[-1] == "pima"
    prepared = [prepare_data(name) for name in names]
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=0)
    samplers = {name: name for name in ("none", "weka_smote", "undersample")}
    classifiers = {name: name for name in ("weka_1nn", "weka_svm", "weka_mlp")}
    return list(_tasks(prepared, samplers, classifiers, cv, 10, 0, set()))


def test_on_the_default_studys_measured_times_the_estimate_holds():
    # Each fold takes its cell's measured mean time (MEASURED_SECONDS), one
    # after another in the study's order. The estimate from the folds' rate
    # so far swings far off during the big data sets' MLP cells (the issue:
    # 1:05:11 left in a seven-minute study); the cost estimate stays close.
    tasks = _default_study_tasks()
    assert len(tasks) == 63 * 50
    seconds = np.array([MEASURED_SECONDS[key] for key, _ in tasks])
    costs = [_task_cost(*arguments) for _, arguments in tasks]
    elapsed = np.cumsum(seconds)
    truth = seconds.sum() - elapsed
    left = TimeLeft(costs)
    ours, by_folds, recent = [], [], seconds[0]
    for done, cost in enumerate(costs, start=1):
        left.advance(cost, elapsed=elapsed[done - 1])
        ours.append(left.seconds(elapsed[done - 1]))
        # tqdm's: the folds left at its smoothed recent seconds per fold
        recent = 0.3 * seconds[done - 1] + 0.7 * recent
        by_folds.append((len(tasks) - done) * recent)
    # past the first 5% of the time, until the last 5%
    settled = (elapsed > 0.05 * seconds.sum()) & (truth > 0.05 * seconds.sum())
    ours = np.array(ours, dtype=float)[settled] / truth[settled]
    assert not np.isnan(ours).any()  # an estimate once the run has settled
    by_folds = np.array(by_folds)[settled] / truth[settled]
    # measured: ours 0.94 to 2.04 times the truth, tqdm's 0.012 to 14.7
    assert 0.5 < ours.min() and ours.max() < 2.5
    assert by_folds.max() > 10 and by_folds.min() < 0.1


def test_no_estimate_from_the_first_folds_alone():
    # The first fold carries the compiling (30 s against folds of 0.1 s):
    # an estimate from it alone read "406:05:49 left" on a 7-minute run.
    left = TimeLeft([1.0] * 1000)
    left.advance(1.0, elapsed=30.0)
    assert left.seconds(elapsed=30.0) is None
    for done in range(2, 11):
        left.advance(1.0, elapsed=30.0 + 0.1 * (done - 1))
    # at 1% of the cost, the latter half of the work done (5 units from
    # 30.4 s) forgets the compile: 0.1 s per unit, 990 units left
    assert left.seconds(elapsed=30.9) == pytest.approx(99.0)


def test_the_bar_runs_before_the_first_estimate(capsys, monkeypatch):
    # The README's study: its first folds are under FIRST_SHARE of the cost,
    # where TimeLeft has no estimate yet (None); the bar said nothing then and
    # the run stopped with "'<' not supported between NoneType and int".
    from imbascore.study import _progress

    monkeypatch.setattr(_progress, "FIRST_SHARE", 2.0)  # never an estimate
    results = run_study(
        ["glass"], ["none"], ["1nn"], n_splits=2, n_repeats=1, progress=True
    )
    assert len(results) == 2
    assert "time left: estimating" in capsys.readouterr().err
