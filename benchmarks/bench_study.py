"""The García 2008 study with the Weka estimators: its time, and real Weka beside it.

``time``: runs ``imbascore study`` (the full 5x10-fold protocol, or
``--quick``) with an empty numba cache, so that compilation is counted,
and prints the wall time and the time per classifier. Targets of issue 14:
under 10 minutes on 2 cores for the full protocol, 90 s for ``--quick``.

    python benchmarks/bench_study.py time [--quick] [--out DIR]

``weka``: runs real Weka 3.6 on the very folds of a finished study (its
``folds.csv``): the same training folds, the same undersampled sets, Weka's
own SMOTE filter (in a FilteredClassifier, with the same percentage and
seed) and the same classifier seeds, through a small Java driver of Weka's
``Evaluation`` (it needs ``javac`` and Weka's jar, ``apt-get install -y
weka default-jdk-headless``). Java's ``Math.exp`` is fdlibm's there, as in
our MLP (``--default-exp`` keeps HotSpot's intrinsic). Resumable. Then it
writes, per cell of Table 3, ours beside the paper's and beside Weka's,
with the spread between repeats and what explains each difference:

    python benchmarks/bench_study.py weka STUDY_DIR [--work DIR] \\
        [--seeds OTHER_STUDY_DIR ...] [--csv docs/_static/garcia2008_weka.csv]
"""

import argparse
import math
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd

JAR = os.environ.get("IMBASCORE_WEKA_JAR", "/usr/share/java/weka.jar")
FDLIBM_EXP = ["-XX:+UnlockDiagnosticVMOptions", "-XX:-UseLibmIntrinsic"]
CLASSIFIERS = {
    "weka_1nn": ("weka.classifiers.lazy.IBk", ""),
    "weka_svm": ("weka.classifiers.functions.SMO", ""),
    "weka_mlp": ("weka.classifiers.functions.MultilayerPerceptron", "-S {seed}"),
}
DRIVER = r"""
import java.io.*;
import java.util.*;
import weka.core.*;
import weka.classifiers.*;

/** Jobs "id TAB train.arff TAB test.arff TAB classifier and options"; prints
 *  "id tp fn fp tn seconds" from Weka's Evaluation of the test instances in order. */
public class WekaFolds {
  public static void main(String[] args) throws Exception {
    Set<String> done = new HashSet<String>();
    BufferedReader previous = new BufferedReader(new FileReader(args[1]));
    String line;
    while ((line = previous.readLine()) != null) done.add(line.split(" ")[0]);
    previous.close();
    PrintWriter out = new PrintWriter(new FileWriter(args[1], true), true);
    BufferedReader jobs = new BufferedReader(new FileReader(args[0]));
    Map<String, Instances> cache = new HashMap<String, Instances>();
    while ((line = jobs.readLine()) != null) {
      String[] job = line.split("\t");
      if (done.contains(job[0])) continue;
      if (cache.size() > 40) cache.clear();
      Instances train = load(cache, job[1]);
      Instances test = load(cache, job[2]);
      String[] options = Utils.splitOptions(job[3]);
      String name = options[0];
      options[0] = "";
      long start = System.nanoTime();
      Classifier classifier = Classifier.forName(name, options);
      classifier.buildClassifier(new Instances(train));
      Evaluation evaluation = new Evaluation(train);
      evaluation.evaluateModel(classifier, test);
      double[][] m = evaluation.confusionMatrix();
      out.println(job[0] + " " + (int) m[1][1] + " " + (int) m[1][0] + " "
          + (int) m[0][1] + " " + (int) m[0][0] + " "
          + (System.nanoTime() - start) / 1e9);
    }
    out.close();
  }

  static Instances load(Map<String, Instances> cache, String path) throws Exception {
    Instances data = cache.get(path);
    if (data == null) {
      data = new Instances(new BufferedReader(new FileReader(path)));
      data.setClassIndex(data.numAttributes() - 1);
      cache.put(path, data);
    }
    return data;
  }
}
"""


def run_time(args):
    out = pathlib.Path(args.out or tempfile.mkdtemp(prefix="bench-study-"))
    shutil.rmtree(out, ignore_errors=True)
    cache = tempfile.mkdtemp(prefix="numba-cache-")
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    command = [sys.executable, "-m", "imbascore", "study", "--out", str(out)]
    command += ["--no-progress"] + (["--quick"] if args.quick else [])
    start = time.perf_counter()
    finished = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    shutil.rmtree(cache, ignore_errors=True)
    if finished.returncode:
        sys.exit(finished.stderr)
    for line in finished.stdout.splitlines():
        if "wall time" in line or line.startswith(("time per", "García")):
            print(line)
    target = 90 if args.quick else 600
    print(
        f"{'--quick' if args.quick else 'full protocol'}: {wall:.0f} s from the "
        f"command to its exit, numba compiling from an empty cache, on "
        f"{os.cpu_count()} cores (target {target} s)"
    )


def _arff(path, X, y, categorical, n_categories):
    nominal = dict(zip(categorical, n_categories))
    lines = ["@relation fold"]
    for column in range(X.shape[1]):
        if column in nominal:
            values = ",".join(str(v) for v in range(nominal[column]))
            lines.append(f"@attribute a{column} {{{values}}}")
        else:
            lines.append(f"@attribute a{column} numeric")
    lines += ["@attribute class {0,1}", "@data"]
    for row, label in zip(X, y):
        values = [
            str(int(v)) if column in nominal else repr(float(v))
            for column, v in enumerate(row)
        ]
        lines.append(",".join([*values, str(int(label))]))
    path.write_text("\n".join(lines) + "\n")


def write_jobs(folds, work):
    """ARFF files of every fold and one job per (cell, fold) of the study."""
    from imblearn.under_sampling import RandomUnderSampler
    from sklearn.model_selection import RepeatedStratifiedKFold

    from imbascore.study import prepare_data
    from imbascore.study._runner import _fold_seed
    from imbascore.study._weka.smote import weka_percentage

    protocol = folds.groupby("dataset")[["repeat", "fold"]].max() + 1
    jobs = []
    for dataset in folds["dataset"].unique():
        data = prepare_data(dataset)
        n_repeats, n_splits = (int(v) for v in protocol.loc[dataset])
        cv = RepeatedStratifiedKFold(
            n_splits=n_splits, n_repeats=n_repeats, random_state=0
        )
        cells = folds[folds["dataset"] == dataset][["sampler", "classifier"]]
        cells = cells.drop_duplicates().itertuples(index=False)
        cells = [c for c in cells if c.classifier in CLASSIFIERS]
        for index, (train, test) in enumerate(cv.split(data.X, data.y)):
            repeat, fold = divmod(index, n_splits)
            seed = _fold_seed(0, repeat, fold)
            base = work / f"{dataset}_{repeat}_{fold}"
            X, y = data.X[train], data.y[train]
            header = (data.categorical, data.n_categories)
            files = {
                "train": base.with_name(base.name + "_train.arff"),
                "test": base.with_name(base.name + "_test.arff"),
                "under": base.with_name(base.name + "_under.arff"),
            }
            if not files["under"].exists():
                _arff(files["train"], X, y, *header)
                _arff(files["test"], data.X[test], data.y[test], *header)
                X_under, y_under = RandomUnderSampler(random_state=seed).fit_resample(
                    X, y
                )
                _arff(files["under"], X_under, y_under, *header)
            n_minority = int(y.sum())
            percentage = weka_percentage(n_minority, len(y) - n_minority)
            weka_seed = seed % 2**31
            for sampler, classifier in cells:
                name, options = CLASSIFIERS[classifier]
                options = options.format(seed=weka_seed)
                source = files["under" if sampler == "undersample" else "train"]
                spec = f"{name} {options}".strip()
                if sampler == "weka_smote":
                    smote = (
                        "weka.filters.supervised.instance.SMOTE -C 0 -K 5 "
                        f"-P {percentage!r} -S {weka_seed}"
                    )
                    spec = (
                        f'weka.classifiers.meta.FilteredClassifier -F "{smote}" '
                        f"-W {name}" + (f" -- {options}" if options else "")
                    )
                elif sampler not in ("none", "undersample"):
                    continue
                key = f"{dataset}|{sampler}|{classifier}|{repeat}|{fold}"
                jobs.append(f"{key}\t{source}\t{files['test']}\t{spec}")
    # Repeat by repeat (a stopped run still covers every cell), and within a
    # repeat the slow MLP cells of the large data sets last.
    jobs.sort(
        key=lambda job: (
            int(job.split("|")[3]),
            "weka_mlp" in job,
            job.startswith("satimage"),
        )
    )
    return jobs


def run_weka_jobs(jobs, work, default_exp):
    (work / "WekaFolds.java").write_text(DRIVER)
    subprocess.run(
        ["javac", "-nowarn", "-cp", JAR, "WekaFolds.java"],
        cwd=work,
        check=True,
        capture_output=True,
    )
    (work / "jobs.txt").write_text("\n".join(jobs) + "\n")
    results = work / ("weka_default_exp.txt" if default_exp else "weka.txt")
    results.touch()
    jvm = [] if default_exp else FDLIBM_EXP
    command = ["java", "-Xmx2g", *jvm, "-cp", f"{JAR}:.", "WekaFolds"]
    subprocess.run([*command, "jobs.txt", str(results)], cwd=work, check=True)
    rows = []
    for line in results.read_text().splitlines():
        key, tp, fn, fp, tn, seconds = line.split()[:6]
        dataset, sampler, classifier, repeat, fold = key.split("|")
        rows.append(
            {
                "dataset": dataset,
                "sampler": sampler,
                "classifier": classifier,
                "repeat": int(repeat),
                "fold": int(fold),
                "tp": int(tp),
                "fn": int(fn),
                "fp": int(fp),
                "tn": int(tn),
                "seconds": float(seconds),
            }
        )
    return pd.DataFrame(rows)


#: What the paper's table itself shows about a cell, beyond the measured
#: explanations (none since issue 30: both Breast/German 1-NN rows are what
#: Weka gives on the papers' numeric coding, not a copy).
PAPER_NOTES = {}

KEYS = ["dataset", "sampler", "classifier", "repeat", "fold"]
CELL = ["dataset", "sampler", "classifier"]
COUNTS = ["tp", "fn", "fp", "tn"]


def _rates(frame, by=CELL):
    """Fold-averaged TPR and TNR (the paper's aggregation)."""
    rates = frame.assign(
        tpr=frame.tp / (frame.tp + frame.fn), tnr=frame.tn / (frame.tn + frame.fp)
    )
    return rates.groupby(by)[["tpr", "tnr"]].mean()


def _g_d_area(tpr, tnr):
    g = np.sqrt(tpr * tnr)
    d = tpr - tnr
    return g, d, g * (3 + d) / 2


def _paper_feasible(g, d):
    """TNR of a (g, d) pair: g**2 = TPR TNR and d = TPR - TNR."""
    tnr = (-d + math.sqrt(d * d + 4 * g * g)) / 2
    return tnr, tnr + d


def compare(folds, weka=None, seeds=(), notes=None):
    """Per cell of Table 3: ours, the paper's, real Weka's, and the explanation.

    ``folds``: our study; ``weka``: Weka's counts on the same folds;
    ``seeds``: the folds of further studies with other random states, whose
    spread is the noise of a 5x10-fold mean; ``notes``: extra explanations
    by cell. Without ``seeds`` the noise comes from the spread of the five
    repeats within our study.
    """
    from imbascore.paper_tables import GARCIA2008_TABLE3
    from imbascore.study._garcia2008 import (
        GARCIA2008_CLASSIFIERS,
        GARCIA2008_DATASETS,
        GARCIA2008_SAMPLERS,
    )

    roles = {"1nn": "weka_1nn", "svm": "weka_svm", "mlp": "weka_mlp"}
    roles.update(none="none", smote="weka_smote", undersample="undersample")
    ours = _rates(folds)
    per_repeat = _rates(folds, CELL + ["repeat"])
    per_seed = [_rates(frame) for frame in seeds]
    if weka is not None and len(weka):
        # Ours beside Weka's on the folds Weka ran (all, or the first repeats).
        merged = folds.merge(weka, on=KEYS, suffixes=("", "_weka"))
        ours_common = _rates(merged)
        theirs = _rates(weka)
        merged["identical"] = (
            merged[COUNTS].to_numpy()
            == merged[[c + "_weka" for c in COUNTS]].to_numpy()
        ).all(axis=1)
        identical = merged.groupby(CELL)["identical"].agg(["sum", "count"])
    rows = []
    for role, paper_classifier in GARCIA2008_CLASSIFIERS.items():
        for role_sampler, paper_sampler in GARCIA2008_SAMPLERS.items():
            for dataset, paper_dataset in GARCIA2008_DATASETS.items():
                key = (dataset, roles[role_sampler], roles[role])
                if key not in ours.index:
                    continue
                g, d, area = _g_d_area(*ours.loc[key])
                table = GARCIA2008_TABLE3[paper_classifier][paper_sampler]
                pg, pdom, parea = table[paper_dataset]
                if per_seed:
                    areas = [_g_d_area(*r.loc[key])[2] for r in per_seed]
                    areas.append(area)
                    spread, source = np.std(areas, ddof=1), f"{len(areas)} seeds"
                else:
                    repeats = per_repeat.loc[key]
                    repeat_areas = _g_d_area(repeats.tpr, repeats.tnr)[2]
                    spread = repeat_areas.std(ddof=1) / math.sqrt(len(repeat_areas))
                    source = "repeats"
                # Ours and the paper's are two draws of a 5x10-fold mean.
                noise = math.sqrt(2) * spread
                row = {
                    "dataset": dataset,
                    "classifier": roles[role],
                    "sampler": roles[role_sampler],
                    "paper_gmean": pg,
                    "paper_dominance": pdom,
                    "paper_area": parea,
                    "gmean": round(g, 4),
                    "dominance": round(d, 4),
                    "area": round(area, 4),
                    "area_minus_paper": round(area - parea, 4),
                    "within_0.05": bool(abs(area - parea) <= 0.05),
                    "noise_sd": round(noise, 4),
                    "noise_from": source,
                }
                if weka is not None and key in identical.index:
                    wg, wd, warea = _g_d_area(*theirs.loc[key])
                    common_area = _g_d_area(*ours_common.loc[key])[2]
                    same, count = identical.loc[key]
                    row.update(
                        weka_gmean=round(wg, 4),
                        weka_dominance=round(wd, 4),
                        weka_area=round(warea, 4),
                        area_minus_weka=round(common_area - warea, 4),
                        weka_area_minus_paper=round(warea - parea, 4),
                        folds_identical_to_weka=f"{int(same)}/{int(count)}",
                    )
                tnr, tpr = _paper_feasible(pg, pdom)
                if row["within_0.05"]:
                    why = "within 0.05"
                elif tnr > 1 or tpr > 1:
                    why = (
                        f"the paper's typo: g {pg} and d {pdom} need TNR {tnr:.2f} > 1 "
                        "(no classifier can reach them)"
                    )
                elif abs(area - parea) <= 2 * noise:
                    z = abs(area - parea) / noise
                    why = f"seed noise: {z:.1f} SD of two 5x10-fold means ({source})"
                else:
                    z = abs(area - parea) / noise
                    why = f"not noise ({z:.1f} SD, {source}): something else differs"
                if "weka_area" in row and not row["within_0.05"]:
                    why += (
                        f"; real Weka on the same folds: area {row['weka_area']:.2f}"
                        f" ({row['weka_area_minus_paper']:+.2f} from the paper's)"
                    )
                if notes and key in notes:
                    why += "; " + notes[key]
                row["explanation"] = why
                rows.append(row)
    return pd.DataFrame(rows)


def _short(explanation):
    """An explanation without what the table's own columns already say."""
    parts = [p.strip() for p in explanation.split(";")]
    parts = [p for p in parts if not p.startswith("real Weka")]
    parts[0] = parts[0].replace(": something else differs", "")
    parts[0] = parts[0].replace(", repeats)", ")").replace(" (repeats)", "")
    return "; ".join(parts)


def docs_table(table):
    """The per-cell comparison as the García 2008 docs page shows it."""
    from imbascore.study._garcia2008 import GARCIA2008_DATASETS

    names = {"weka_1nn": "1-NN", "weka_svm": "SVM", "weka_mlp": "MLP"}
    names.update(none="original", weka_smote="SMOTE", undersample="under-sampling")
    shown = pd.DataFrame(
        {
            "dataset": table["dataset"].map(GARCIA2008_DATASETS),
            "classifier": table["classifier"].map(names),
            "training set": table["sampler"].map(names),
            "g ours (paper)": [
                f"{g:.2f} ({p:.2f})" for g, p in zip(table.gmean, table.paper_gmean)
            ],
            "d ours (paper)": [
                f"{d:.2f} ({p:.2f})"
                for d, p in zip(table.dominance, table.paper_dominance)
            ],
            "area ours": table["area"].map("{:.2f}".format),
            "area paper": table["paper_area"].map("{:.2f}".format),
        }
    )
    if "folds_identical_to_weka" in table:
        shown["folds as Weka"] = table["folds_identical_to_weka"]
    shown["why it differs"] = [
        "" if within else _short(why)
        for within, why in zip(table["within_0.05"], table["explanation"])
    ]
    return shown


def run_weka(args):
    study = pathlib.Path(args.study)
    folds = pd.read_csv(study / "folds.csv")
    work = pathlib.Path(args.work or tempfile.mkdtemp(prefix="bench-weka-"))
    work.mkdir(parents=True, exist_ok=True)
    jobs = write_jobs(folds, work)
    print(f"{len(jobs)} Weka fits in {work}", file=sys.stderr)
    weka = run_weka_jobs(jobs, work, args.default_exp)
    seeds = [pd.read_csv(pathlib.Path(d) / "folds.csv") for d in args.seeds]
    table = compare(folds, weka, seeds, PAPER_NOTES)
    within = int(table["within_0.05"].sum())
    print(f"area within 0.05 of the paper: {within} of {len(table)}")
    if "weka_area" in table:
        weka_within = int((table["weka_area_minus_paper"].abs() <= 0.05).sum())
        print(f"real Weka's area within 0.05 of the paper: {weka_within}")
        print(
            "ours minus real Weka, area: max |difference| "
            f"{table['area_minus_weka'].abs().max():.4f}; folds identical: "
            f"{table['folds_identical_to_weka'].str.split('/').str[0].astype(int).sum()}"
            f" of {len(weka)}"
        )
    if args.csv:
        table.to_csv(args.csv, index=False)
        print(f"written: {args.csv}")
    if args.docs_csv:
        docs_table(table).to_csv(args.docs_csv, index=False)
        print(f"written: {args.docs_csv}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    timing = commands.add_parser("time", help="time `imbascore study`")
    timing.add_argument("--quick", action="store_true")
    timing.add_argument("--out")
    timing.set_defaults(run=run_time)
    weka = commands.add_parser("weka", help="real Weka on a study's folds")
    weka.add_argument("study", help="output directory of `imbascore study`")
    weka.add_argument("--work", help="where the ARFF folds and Weka's results go")
    weka.add_argument("--csv", help="write the per-cell comparison here")
    weka.add_argument("--docs-csv", help="write the docs page's shorter table here")
    weka.add_argument("--default-exp", action="store_true")
    weka.add_argument(
        "--seeds",
        nargs="*",
        default=(),
        metavar="STUDY_DIR",
        help="studies of the same cells with other --random-state values",
    )
    weka.set_defaults(run=run_weka)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
