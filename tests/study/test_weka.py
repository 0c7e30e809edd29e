"""Real Weka 3.6 (the Debian package) as the anchor of the Weka estimators.

Each test writes a few of the study's folds as ARFF files, runs Weka's own
command line on them, and compares: IBk's and SMO's test counts are
identical, the MultilayerPerceptron's weights (printed by Weka in full
precision) and so its class probabilities agree to 1e-6 when both sides use
``java.util.Random`` with the same seed, and the SMOTE filter makes the same
synthetic instances for the same seed (to the 6 decimals Weka prints).

Java's ``Math.exp`` is run as fdlibm's (``-XX:-UseLibmIntrinsic``), as the
MLP computes it; HotSpot's default intrinsic differs in the last bit for
some arguments (see imbascore/study/_weka/mlp_numba.py).

The folds are the study's: Breast and German in the papers' coding (their
categorical values as the numbers the papers gave Weka, numeric attributes),
as ``imbascore study`` runs them; ``"breast/nominal"`` and
``"german/nominal"`` keep a few folds of the nominal coding, so that the
estimators' nominal paths stay anchored too.

Skipped, with the reason, where Java or Weka 3.6 is missing
(``apt-get install -y weka`` installs both; ``IMBASCORE_WEKA_JAR`` points
elsewhere).
"""

import os
import re
import shutil
import subprocess

import numpy as np
import pytest
from imblearn.under_sampling import RandomUnderSampler
from sklearn.model_selection import RepeatedStratifiedKFold

from imbascore.study import (
    WekaIBkClassifier,
    WekaMLPClassifier,
    WekaSMOClassifier,
    WekaSMOTE,
    prepare_data,
)
from imbascore.study._weka.smote import weka_percentage

JAR = os.environ.get("IMBASCORE_WEKA_JAR", "/usr/share/java/weka.jar")
JAVA = shutil.which("java")
FDLIBM_EXP = ["-XX:+UnlockDiagnosticVMOptions", "-XX:-UseLibmIntrinsic"]


def _weka_version():
    if JAVA is None:
        return None, "Java is not installed (apt-get install -y weka brings it)"
    if not os.path.exists(JAR):
        return None, (
            f"Weka's jar is not at {JAR} (apt-get install -y weka, or set "
            "IMBASCORE_WEKA_JAR)"
        )
    try:
        out = subprocess.run(
            [JAVA, "-cp", JAR, "weka.core.Version"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, f"Java could not run Weka: {error}"
    version = out.stdout.strip().splitlines()[0] if out.stdout.strip() else ""
    if not version.startswith("3.6"):
        return None, (
            f"these tests anchor on Weka 3.6 (the Debian package); {JAR} is "
            f"{version or 'unreadable'!r}"
        )
    return version, None


VERSION, WHY_NOT = _weka_version()
# Real Weka runs in a JVM: slow, and only where Debian's weka is installed.
WEKA_INSTALLED = pytest.mark.skipif(VERSION is None, reason=str(WHY_NOT))
pytestmark = [WEKA_INSTALLED, pytest.mark.slow]


def needs_weka(test):
    """Mark a test of another module that runs real Weka, as this module's are."""
    return pytest.mark.slow(WEKA_INSTALLED(test))


try:
    import numba  # noqa: F401

    HAS_NUMBA = True
except ImportError:  # pragma: no cover - the test extra installs numba
    HAS_NUMBA = False
needs_numba = pytest.mark.skipif(not HAS_NUMBA, reason='needs numba ("[weka]")')


JAVAC = shutil.which("javac")


def compiled_harness(tmp_path_factory, class_name, source):
    """A class path holding Weka's jar and ``class_name`` compiled from
    ``source`` (a program printing Weka's distributions in full); skips
    without Weka or javac."""
    if VERSION is None:
        pytest.skip(str(WHY_NOT))
    if JAVAC is None:
        pytest.skip(
            "javac is not installed (apt-get install -y default-jdk-headless); it "
            "compiles the few lines that print Weka's probabilities in full"
        )
    folder = tmp_path_factory.mktemp(class_name)
    (folder / f"{class_name}.java").write_text(source)
    compiled = subprocess.run(
        [JAVAC, "-cp", JAR, f"{class_name}.java"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stderr
    return f"{JAR}:{folder}"


def _weka(*args, jvm=()):
    out = subprocess.run(
        [JAVA, "-Xmx1g", *jvm, "-cp", JAR, *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.fixture(scope="module")
def fdlibm_jvm():
    probe = subprocess.run(
        [JAVA, *FDLIBM_EXP, "-version"], capture_output=True, text=True
    )
    if probe.returncode:
        pytest.skip(
            "this JVM cannot be told to compute Math.exp as fdlibm "
            f"({' '.join(FDLIBM_EXP)}): {probe.stderr.strip()[:200]}"
        )
    return FDLIBM_EXP


def _arff(path, X, y, data):
    nominal = dict(zip(data.categorical, data.n_categories))
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
    return str(path)


def _fold(name, index, sampler="none", seed=11):
    """Training and test rows of the study's fold ``index`` (random_state 0).

    ``name`` is a dataset, in the papers' coding as the study runs it, or
    ``"<dataset>/nominal"``.
    """
    name, _, coding = name.partition("/")
    data = prepare_data(name, coding=coding or "papers")
    cv = RepeatedStratifiedKFold(n_splits=10, n_repeats=5, random_state=0)
    for i, (train, test) in enumerate(cv.split(data.X, data.y)):
        if i == index:
            break
    X, y = data.X[train], data.y[train]
    if sampler == "undersample":
        X, y = RandomUnderSampler(random_state=seed).fit_resample(X, y)
    return data, X, y, data.X[test], data.y[test]


def _nominal(data):
    return {
        "categorical_features": list(data.categorical),
        "n_categories": list(data.n_categories),
    }


def _smote_filter(y, seed):
    n_minority = int((y == 1).sum())
    percentage = weka_percentage(n_minority, len(y) - n_minority)
    return (
        f"weka.filters.supervised.instance.SMOTE -C 0 -K 5 -P {percentage!r} -S {seed}"
    )


def _weka_counts(text):
    """(tp, fn, fp, tn) of Weka's '=== Error on test data ===' confusion matrix."""
    part = text.split("=== Error on test data ===")[1]
    match = re.search(
        r"<-- classified as\s*\n\s*(\d+)\s+(\d+)\s*\|.*\n\s*(\d+)\s+(\d+)\s*\|", part
    )
    tn, fp, fn, tp = map(int, match.groups())
    return tp, fn, fp, tn


def _counts(y_true, y_pred):
    return (
        int(((y_pred == 1) & (y_true == 1)).sum()),
        int(((y_pred == 0) & (y_true == 1)).sum()),
        int(((y_pred == 1) & (y_true == 0)).sum()),
        int(((y_pred == 0) & (y_true == 0)).sum()),
    )


def _command(tmp_path, classifier, options, data, fold, smote=None):
    """Weka's command line: train on the fold, evaluate on its test rows.

    With ``smote``, the classifier inside a FilteredClassifier, as the paper's
    experiments ran it; Weka's own options (-t, -T) come before ``--``.
    """
    _, X, y, X_test, y_test = fold
    train = _arff(tmp_path / "train.arff", X, y, data)
    test = _arff(tmp_path / "test.arff", X_test, y_test, data)
    command = [classifier, "-t", train, "-T", test, *options]
    if smote is not None:
        command = [
            "weka.classifiers.meta.FilteredClassifier",
            "-t",
            train,
            "-T",
            test,
            "-F",
            smote,
            "-W",
            classifier,
            *(["--", *options] if options else []),
        ]
    return command


# IBk: ties on integer-coded Breast and Haberman, all-nominal Breast, mixed
# German; SMOTE first.
IBK_FOLDS = [
    ("breast", 0, "none"),
    ("breast", 1, "none"),
    ("breast/nominal", 0, "none"),
    ("haberman", 0, "none"),
    ("german", 0, "none"),
    ("german/nominal", 0, "none"),
    ("glass", 0, "weka_smote"),
    ("breast", 2, "weka_smote"),
    ("breast/nominal", 2, "weka_smote"),
    ("german", 3, "weka_smote"),
    ("ecoli", 3, "undersample"),
]


@pytest.mark.parametrize("name, index, sampler", IBK_FOLDS)
def test_ibk_counts_are_wekas(tmp_path, name, index, sampler):
    fold = data, X, y, X_test, y_test = _fold(name, index, sampler)
    smote = _smote_filter(y, 5) if sampler == "weka_smote" else None
    ibk = "weka.classifiers.lazy.IBk"
    weka = _weka_counts(_weka(*_command(tmp_path, ibk, [], data, fold, smote), "-o"))
    if smote is not None:
        X, y = WekaSMOTE(random_state=5, **_nominal(data)).fit_resample(X, y)
    ours = WekaIBkClassifier(**_nominal(data)).fit(X, y).predict(X_test)
    assert _counts(y_test, ours) == weka


SMO_FOLDS = [
    ("breast", 9, "none"),
    ("breast", 46, "none"),
    ("breast/nominal", 9, "none"),  # libsvm's optimum misses Weka's counts here
    ("german", 0, "none"),
    ("german/nominal", 0, "none"),
    ("breast", 3, "weka_smote"),
    ("german", 1, "weka_smote"),
    ("pima", 0, "weka_smote"),
    ("yeast", 1, "undersample"),
]


@needs_numba
@pytest.mark.parametrize("name, index, sampler", SMO_FOLDS)
def test_smo_counts_are_wekas(tmp_path, name, index, sampler):
    fold = data, X, y, X_test, y_test = _fold(name, index, sampler)
    smote = _smote_filter(y, 3) if sampler == "weka_smote" else None
    smo = "weka.classifiers.functions.SMO"
    weka = _weka_counts(_weka(*_command(tmp_path, smo, [], data, fold, smote), "-o"))
    if smote is not None:
        X, y = WekaSMOTE(random_state=3, **_nominal(data)).fit_resample(X, y)
    ours = WekaSMOClassifier(**_nominal(data)).fit(X, y).predict(X_test)
    assert _counts(y_test, ours) == weka


def _mlp_weights(text, n_classes=2):
    """Weka's model: {node: [threshold, weights...]} as our two weight matrices."""
    nodes, current = {}, None
    for line in text.splitlines():
        match = re.match(r"Sigmoid Node (\d+)$", line.strip())
        if match:
            current = int(match.group(1))
            nodes[current] = []
            continue
        match = re.match(r"\s+(?:Threshold|Attrib \S+|Node \d+)\s+(\S+)$", line)
        if match and current is not None:
            nodes[current].append(float(match.group(1)))
        elif line.startswith("Class"):
            current = None
    output = np.array([nodes[c] for c in range(n_classes)]).T
    hidden = np.array([nodes[k] for k in sorted(nodes) if k >= n_classes]).T
    return hidden, output


MLP_FOLDS = [
    ("glass", 0, "none", 500),
    ("breast", 0, "none", 500),
    ("breast", 0, "weka_smote", 500),
    ("breast/nominal", 0, "weka_smote", 500),
    ("haberman", 1, "undersample", 500),
    ("german", 0, "none", 500),
    ("german/nominal", 0, "none", 60),  # 60 inputs x 30 hidden units: fewer epochs
]


@needs_numba
@pytest.mark.parametrize("name, index, sampler, epochs", MLP_FOLDS)
def test_mlp_weights_and_probabilities_are_wekas(
    tmp_path, fdlibm_jvm, name, index, sampler, epochs
):
    fold = data, X, y, X_test, y_test = _fold(name, index, sampler)
    seed = 12345
    smote = _smote_filter(y, seed) if sampler == "weka_smote" else None
    options = ["-N", str(epochs), "-S", str(seed)]
    mlp = "weka.classifiers.functions.MultilayerPerceptron"
    command = _command(tmp_path, mlp, options, data, fold, smote)
    text = _weka(*command, jvm=fdlibm_jvm)
    hidden, output = _mlp_weights(text)
    if smote is not None:
        X, y = WekaSMOTE(random_state=seed, **_nominal(data)).fit_resample(X, y)
    mlp = WekaMLPClassifier(n_epochs=epochs, random_state=seed, **_nominal(data))
    mlp.fit(X, y)
    np.testing.assert_allclose(mlp.hidden_weights_, hidden, rtol=0, atol=1e-9)
    np.testing.assert_allclose(mlp.output_weights_, output, rtol=0, atol=1e-9)
    ours = mlp.predict_proba(X_test)
    mlp.hidden_weights_, mlp.output_weights_ = hidden, output
    np.testing.assert_allclose(ours, mlp.predict_proba(X_test), rtol=0, atol=1e-6)
    assert _counts(y_test, np.argmax(ours, axis=1)) == _weka_counts(text)


SMOTE_CASES = [
    ("glass", 0, 1),
    ("glass", 0, 7),
    ("breast", 0, 3),
    ("breast/nominal", 0, 3),
    ("german", 0, 9),
    ("german/nominal", 0, 9),
]


@pytest.mark.parametrize("name, index, seed", SMOTE_CASES)
def test_smote_makes_wekas_synthetic_instances(tmp_path, name, index, seed):
    data, X, y, _, _ = _fold(name, index)
    source = _arff(tmp_path / "train.arff", X, y, data)
    options = _smote_filter(y, seed).split()
    text = _weka(*options, "-c", "last", "-i", source)
    rows = [line.split(",") for line in text.split("@data")[1].split()]
    weka_X = np.array([[float(v) for v in row[:-1]] for row in rows])
    weka_y = np.array([int(row[-1]) for row in rows])
    ours_X, ours_y = WekaSMOTE(random_state=seed, **_nominal(data)).fit_resample(X, y)
    assert weka_X.shape == ours_X.shape and (weka_y == ours_y).all()
    assert (ours_y[len(y) :] == 1).all() and (ours_y == 1).sum() == (ours_y == 0).sum()
    nominal = list(data.categorical)
    np.testing.assert_array_equal(weka_X[:, nominal], ours_X[:, nominal])
    # Weka prints 6 decimals.
    np.testing.assert_allclose(weka_X, ours_X, rtol=1e-12, atol=5.000001e-7)


@pytest.mark.parametrize("name", ["breast", "german"])
def test_the_folds_are_in_the_papers_coding(name):
    # What Weka is given above is what the study runs: numeric attributes.
    data, X, *_ = _fold(name, 0)
    assert data.categorical == () and (X >= 0).all()
    nominal, *_ = _fold(f"{name}/nominal", 0)
    assert len(nominal.categorical) == {"breast": 8, "german": 13}[name]
