"""WekaRBFNetworkClassifier against real Weka 3.6's RBFNetwork on the study's folds.

For each dataset, the 50 folds of ``imbascore study --paper garcia2009``
(5x10 stratified folds, ``random_state=0``) are written as ARFF; one JVM
trains Weka's RBFNetwork (defaults, -S 1) on each and prints
``distributionForInstance`` in full precision; the port does the same.
Printed: folds with identical test counts, folds with identical
predictions, the largest probability difference, and the times.

Needs Java, ``javac`` and Weka 3.6's jar (``IMBASCORE_WEKA_JAR``, default
/usr/share/java/weka.jar)::

    python benchmarks/weka_rbf_agreement.py breast glass satimage
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from sklearn.model_selection import RepeatedStratifiedKFold

from imbascore.study import WekaRBFNetworkClassifier, prepare_data

sys.path.insert(0, str(Path(__file__).parent))  # run from anywhere
from bench_study import _arff as write_arff  # noqa: E402  (one ARFF writer)

JAR = os.environ.get("IMBASCORE_WEKA_JAR", "/usr/share/java/weka.jar")

HARNESS = """
import java.io.FileReader;
import weka.classifiers.functions.RBFNetwork;
import weka.core.Instances;

public class RBFBatch {
  public static void main(String[] args) throws Exception {
    StringBuilder out = new StringBuilder();
    for (int a = 0; a + 1 < args.length; a += 2) {
      Instances train = new Instances(new FileReader(args[a]));
      train.setClassIndex(train.numAttributes() - 1);
      Instances test = new Instances(new FileReader(args[a + 1]));
      test.setClassIndex(test.numAttributes() - 1);
      RBFNetwork rbf = new RBFNetwork();
      rbf.buildClassifier(train);
      out.append("#\\n");
      for (int i = 0; i < test.numInstances(); i++) {
        double[] dist = rbf.distributionForInstance(test.instance(i));
        out.append(Double.toString(dist[0])).append(" ")
           .append(Double.toString(dist[1])).append("\\n");
      }
    }
    System.out.print(out);
  }
}
"""


def _arff(path, X, y, data):
    write_arff(path, X, y, data.categorical, data.n_categories)
    return str(path)


def _counts(y, predicted):
    return tuple(
        int(((predicted == p) & (y == t)).sum())
        for p, t in ((1, 1), (0, 1), (1, 0), (0, 0))
    )


def main(names):
    work = Path(tempfile.mkdtemp(prefix="weka_rbf_"))
    (work / "RBFBatch.java").write_text(HARNESS)
    subprocess.run(["javac", "-cp", JAR, "RBFBatch.java"], cwd=work, check=True)
    for name in names:
        data = prepare_data(name)
        cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=0)
        folds, paths = [], []
        for i, (train, test) in enumerate(cv.split(data.X, data.y)):
            X, y = data.X[train], data.y[train]
            Xt, yt = data.X[test], data.y[test]
            paths += [
                _arff(work / f"{name}_{i}_train.arff", X, y, data),
                _arff(work / f"{name}_{i}_test.arff", Xt, yt, data),
            ]
            folds.append((X, y, Xt, yt))
        start = time.perf_counter()
        out = subprocess.run(
            ["java", "-Xmx2g", "-cp", f"{JAR}:{work}", "RBFBatch", *paths],
            capture_output=True,
            text=True,
            check=True,
        )
        java_s = time.perf_counter() - start
        blocks = out.stdout.split("#\n")[1:]
        same_counts = same_predictions = 0
        largest, ours_s = 0.0, 0.0
        options = {
            "categorical_features": list(data.categorical),
            "n_categories": list(data.n_categories),
        }
        for (X, y, Xt, yt), block in zip(folds, blocks):
            weka = np.array(
                [[float(v) for v in line.split()] for line in block.split("\n") if line]
            )
            start = time.perf_counter()
            ours = WekaRBFNetworkClassifier(**options).fit(X, y).predict_proba(Xt)
            ours_s += time.perf_counter() - start
            same_counts += _counts(yt, ours.argmax(1)) == _counts(yt, weka.argmax(1))
            same_predictions += np.array_equal(ours.argmax(1), weka.argmax(1))
            largest = max(largest, float(np.abs(ours - weka).max()))
        print(
            f"{name}: identical counts {same_counts}/{len(folds)}, identical "
            f"predictions {same_predictions}/{len(folds)}, max |p - p_weka| "
            f"{largest:.3g}; Weka {java_s:.1f} s (one JVM), ours {ours_s:.1f} s"
        )


if __name__ == "__main__":
    main(sys.argv[1:] or ["breast", "glass", "satimage"])
