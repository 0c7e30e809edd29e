"""Multilabel-indicator targets: one 2x2 table per label, counted once.

scikit-learn's set-wise metrics (recall, precision, F1, Jaccard, subset
accuracy) for every average, dense and sparse, weighted or not; the metrics
of the package per label by their binary definitions; ConfusionCounts of
multilabel data (merging, pickling, equality, from a matrix); errors.
"""

import pickle
import warnings

import numpy as np
import pytest
from scipy import sparse
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims
from imbascore._scorer.factories import FACTORY_METRICS

AVERAGES = ["micro", "macro", "weighted", "samples", None]
FORMATS = {
    "dense": np.asarray,
    "csr": sparse.csr_matrix,
    "csc": sparse.csc_matrix,
    "bool": lambda y: np.asarray(y, dtype=bool),
}
SKLEARN = {
    "recall": skm.recall_score,
    "precision": skm.precision_score,
    "f1": skm.f1_score,
    "jaccard": skm.jaccard_score,
}
#: metric key -> public function, every metric of the package with a scorer.
FUNCTIONS = {key: function for key, function in FACTORY_METRICS.values()}


def _data(seed=0, n=80, n_labels=5, weighted=False):
    """Random indicators with an empty label, a sample with no true label and
    one with every label true (so that every undefined case occurs)."""
    rng = np.random.default_rng(seed)
    y_true = (rng.random((n, n_labels)) < 0.35).astype(int)
    y_pred = np.where(rng.random((n, n_labels)) < 0.7, y_true, 1 - y_true)
    y_true[:, -1] = 0  # a label with no positives
    y_true[0], y_pred[0] = 0, 0  # nothing true, nothing predicted
    y_true[1] = 1
    # quarters: sums of them are exact in any order, so merged counts are equal
    weights = rng.integers(0, 12, n) / 4 if weighted else None
    return y_true, y_pred, weights


def _quiet(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        return call()


@pytest.mark.parametrize("kind", sorted(SKLEARN))
@pytest.mark.parametrize("average", AVERAGES)
@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("zero_division", ["warn", 0.0, 1.0, np.nan])
def test_set_wise_equal_scikit_learn(kind, average, fmt, weighted, zero_division):
    if kind == "jaccard" and zero_division != zero_division:
        pytest.skip("scikit-learn's jaccard_score takes no zero_division=nan")
    y_true, y_pred, weights = _data(weighted=weighted)
    y_true, y_pred = FORMATS[fmt](y_true), FORMATS[fmt](y_pred)
    options = {"average": average, "zero_division": zero_division}
    expected = _quiet(
        lambda: SKLEARN[kind](y_true, y_pred, sample_weight=weights, **options)
    )
    counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    got = _quiet(lambda: counts.score(kind, **options))
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)
    if kind == "recall":
        function = _quiet(
            lambda: ims.sensitivity_score(
                y_true, y_pred, sample_weight=weights, **options
            )
        )
        np.testing.assert_allclose(function, expected, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("kind", sorted(SKLEARN))
@pytest.mark.parametrize("average", ["micro", "macro", "samples", None])
def test_set_wise_labels_equal_scikit_learn(kind, average):
    y_true, y_pred, weights = _data(seed=3, weighted=True)
    labels = [3, 0, 4]
    expected = _quiet(
        lambda: SKLEARN[kind](
            y_true, y_pred, labels=labels, average=average, sample_weight=weights
        )
    )
    sliced = ims.confusion_counts(
        y_true[:, labels], y_pred[:, labels], sample_weight=weights
    )
    whole = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    counts = sliced if average == "samples" else whole
    options = {"labels": None if average == "samples" else labels}
    got = _quiet(lambda: counts.score(kind, average=average, **options))
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    if kind == "recall":  # the function counts the chosen columns itself
        got = _quiet(
            lambda: ims.sensitivity_score(
                y_true, y_pred, labels=labels, average=average, sample_weight=weights
            )
        )
        np.testing.assert_allclose(got, expected, rtol=1e-12)


@pytest.mark.parametrize("kind", sorted(SKLEARN))
def test_suffixed_names_and_warnings_as_scikit_learn(kind):
    y_true, y_pred, _ = _data()
    counts = ims.confusion_counts(y_true, y_pred)
    for average in ("micro", "macro", "weighted", "samples"):
        with warnings.catch_warnings(record=True) as ours:
            warnings.simplefilter("always")
            got = counts.score(f"{kind}_{average}")
        with warnings.catch_warnings(record=True) as theirs:
            warnings.simplefilter("always")
            expected = SKLEARN[kind](y_true, y_pred, average=average)
        assert got == pytest.approx(expected, rel=1e-12)
        assert [w.category for w in ours] == [w.category for w in theirs]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("weighted", [False, True])
def test_subset_accuracy_equals_scikit_learn(fmt, weighted):
    y_true, y_pred, weights = _data(weighted=weighted)
    y_pred[2:10] = y_true[2:10]  # some exact matches
    y_true, y_pred = FORMATS[fmt](y_true), FORMATS[fmt](y_pred)
    counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    for normalize in (True, False):
        expected = skm.accuracy_score(
            y_true, y_pred, normalize=normalize, sample_weight=weights
        )
        assert counts.score("accuracy", normalize=normalize) == pytest.approx(
            expected, rel=1e-12
        )


def test_matrix_is_scikit_learns_multilabel_confusion_matrix():
    y_true, y_pred, weights = _data(weighted=True)
    counts = ims.confusion_counts(sparse.csr_matrix(y_true), y_pred)
    assert counts.multilabel
    assert counts.labels.tolist() == list(range(y_true.shape[1]))
    assert counts.matrix.dtype == np.int64
    np.testing.assert_array_equal(
        counts.matrix, skm.multilabel_confusion_matrix(y_true, y_pred)
    )
    weighted = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    np.testing.assert_allclose(
        weighted.matrix,
        skm.multilabel_confusion_matrix(y_true, y_pred, sample_weight=weights),
        rtol=1e-12,
    )


@pytest.mark.parametrize("key", sorted(FUNCTIONS))
@pytest.mark.parametrize("weighted", [False, True])
def test_each_label_is_its_binary_problem(key, weighted):
    """average=None gives the binary metric of each column; macro, weighted
    and micro follow from it (micro: the binary metric of the stacked columns)."""
    function = FUNCTIONS[key]
    y_true, y_pred, weights = _data(seed=5, n=120, weighted=weighted)
    y_true[:, -1] = y_true[:, 0]  # every label defined here
    options = {"zero_division": np.nan}
    per_label = function(
        sparse.csr_matrix(y_true),
        sparse.csr_matrix(y_pred),
        average=None,
        sample_weight=weights,
        **options,
    )
    binary = [
        function(y_true[:, j], y_pred[:, j], sample_weight=weights, **options)
        for j in range(y_true.shape[1])
    ]
    np.testing.assert_allclose(per_label, binary, rtol=1e-10, atol=1e-14)
    macro = function(y_true, y_pred, average="macro", sample_weight=weights)
    assert macro == pytest.approx(np.nanmean(binary), rel=1e-10, abs=1e-14)
    support = (y_true * (1 if weights is None else weights[:, None])).sum(axis=0)
    weighted_mean = function(y_true, y_pred, average="weighted", sample_weight=weights)
    kept = ~np.isnan(binary)
    assert weighted_mean == pytest.approx(
        np.average(np.array(binary)[kept], weights=support[kept]), rel=1e-10, abs=1e-14
    )
    stacked_weights = None if weights is None else np.tile(weights, y_true.shape[1])
    micro = function(y_true, y_pred, average="micro", sample_weight=weights)
    assert micro == pytest.approx(
        function(y_true.T.ravel(), y_pred.T.ravel(), sample_weight=stacked_weights),
        rel=1e-10,
        abs=1e-14,
    )


@pytest.mark.parametrize("key", sorted(FUNCTIONS))
@pytest.mark.parametrize("weighted", [False, True])
def test_samples_average_is_the_mean_over_samples_of_their_binary_metric(key, weighted):
    """average="samples": each sample's labels are a binary problem of their
    own (its TNR: the share of its absent labels not predicted); undefined
    samples take zero_division, here NaN, and are left out of the mean."""
    function = FUNCTIONS[key]
    y_true, y_pred, weights = _data(seed=7, n=40, n_labels=6, weighted=weighted)
    weights = np.ones(len(y_true)) if weights is None else weights
    got = _quiet(
        lambda: function(
            y_true,
            sparse.csr_matrix(y_pred),
            average="samples",
            sample_weight=None if not weighted else weights,
            zero_division=np.nan,
        )
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        each = np.array(
            [
                function(t, p, labels=[0, 1], average=None, zero_division=np.nan)[1]
                for t, p in zip(y_true, y_pred, strict=True)
            ]
        )
    kept = ~np.isnan(each)
    assert got == pytest.approx(
        np.average(each[kept], weights=weights[kept]), rel=1e-10, abs=1e-14
    )


def test_gmean_and_iba_per_label_by_their_one_vs_rest_definitions():
    y_true = np.array([[1, 0, 1], [1, 1, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]])
    y_pred = np.array([[1, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 1], [1, 1, 0]])
    tpr = np.array([2 / 3, 2 / 2, 1 / 2])
    tnr = np.array([2 / 2, 2 / 3, 2 / 3])
    gmean = ims.geometric_mean_score(y_true, y_pred, average=None)
    np.testing.assert_allclose(gmean, np.sqrt(tpr * tnr))
    iba = ims.iba_score(y_true, y_pred, average=None, alpha=0.1)
    np.testing.assert_allclose(iba, (1 + 0.1 * (tpr - tnr)) * tpr * tnr)


def test_recall_of_a_label_without_positives_follows_zero_division():
    y_true = np.array([[1, 0], [0, 0], [1, 0]])
    y_pred = np.array([[1, 1], [0, 0], [0, 0]])
    with pytest.warns(UndefinedMetricWarning, match=r"label\(s\) \[1\]"):
        values = ims.sensitivity_score(y_true, y_pred, average=None)
    np.testing.assert_array_equal(values, [0.5, 0.0])
    assert ims.sensitivity_score(
        y_true, y_pred, average="macro", zero_division=np.nan
    ) == pytest.approx(0.5)
    with pytest.warns(UndefinedMetricWarning, match="for samples: the sample has no"):
        ims.sensitivity_score(y_true, y_pred, average="samples")


@pytest.mark.parametrize("weighted", [False, True])
def test_weight_is_repetition(weighted):
    y_true, y_pred, _ = _data(seed=11)
    repeats = np.random.default_rng(1).integers(0, 4, len(y_true))
    for key in ("gmean", "iba", "sensitivity", "specificity", "dprime"):
        function = FUNCTIONS[key]
        for average in ("micro", "macro", "samples"):
            kw = {"average": average, "zero_division": 0.0}
            weighted_value = function(y_true, y_pred, sample_weight=repeats, **kw)
            if key == "dprime" and average != "samples":
                continue  # the extreme-rate correction uses effective sizes
            repeated = function(
                np.repeat(y_true, repeats, axis=0),
                np.repeat(y_pred, repeats, axis=0),
                **kw,
            )
            assert weighted_value == pytest.approx(repeated, rel=1e-12)


def test_sparse_input_is_not_made_dense():
    """10^5 x 10^6 labels as dense bools would take 100 GB."""
    n, n_labels = 100_000, 1_000_000
    rng = np.random.default_rng(0)
    rows, cols = rng.integers(0, n, 3000), rng.integers(0, n_labels, 3000)
    y_true = sparse.csr_matrix((np.ones(3000), (rows, cols)), shape=(n, n_labels))
    y_true.data[:] = 1
    y_pred = y_true[:, :].tocsc()
    counts = ims.confusion_counts(y_true, y_pred)
    assert counts.score("recall", average="micro") == 1.0
    assert counts.score("accuracy") == 1.0
    assert counts.matrix.shape == (n_labels, 2, 2)


def _split(y_true, y_pred, weights, pieces):
    edges = [0, 7, 30, 31, len(y_true)][: pieces + 1]
    edges[-1] = len(y_true)
    for start, stop in zip(edges, edges[1:], strict=False):
        yield (
            y_true[start:stop],
            y_pred[start:stop],
            None if weights is None else weights[start:stop],
        )


@pytest.mark.parametrize("n_labels", [5, 50])  # histogram by bincount, by sort
@pytest.mark.parametrize("weighted", [False, True])
def test_counts_of_chunks_add_up_to_the_counts_of_the_whole(weighted, n_labels):
    y_true, y_pred, weights = _data(seed=13, n_labels=n_labels, weighted=weighted)
    whole = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    parts = [
        ims.confusion_counts(sparse.csr_matrix(t) if i % 2 else t, p, sample_weight=w)
        for i, (t, p, w) in enumerate(_split(y_true, y_pred, weights, 4))
    ]
    merged = sum(parts)
    assert merged == whole
    assert parts[0] + parts[1] != whole
    np.testing.assert_allclose(merged.matrix, whole.matrix, rtol=1e-12)
    for average in AVERAGES:
        for name in ("recall", "iba", "gmean", "dprime", "f1"):
            np.testing.assert_allclose(
                _quiet(lambda: merged.score(name, average=average)),
                _quiet(lambda: whole.score(name, average=average)),
                rtol=1e-12,
            )
    assert merged.score("accuracy") == pytest.approx(whole.score("accuracy"))


def test_counts_pickle_compare_and_repr():
    y_true, y_pred, weights = _data(n=20, n_labels=3, weighted=True)
    counts = ims.confusion_counts(y_true, y_pred)
    again = pickle.loads(pickle.dumps(counts))
    assert again == counts
    assert again.score("iba", average="samples", zero_division=0.0) == counts.score(
        "iba", average="samples", zero_division=0.0
    )
    assert counts != ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    assert counts != ims.confusion_counts(y_true[:, 0], y_pred[:, 0])
    text = repr(counts)
    assert text.startswith("ConfusionCounts(multilabel, labels=[0, 1, 2],")
    assert "tn_fp_fn_tp=" in text
    many = ims.confusion_counts(np.eye(30, dtype=int), np.eye(30, dtype=int))
    assert repr(many) == "ConfusionCounts(multilabel, 30 labels, total 30)"


def test_from_matrix_of_per_label_tables():
    y_true, y_pred, _ = _data(seed=17)
    tables = skm.multilabel_confusion_matrix(y_true, y_pred)
    counts = ims.ConfusionCounts.from_matrix(tables)
    counted = ims.confusion_counts(y_true, y_pred)
    assert counts.multilabel and not counts.weighted
    np.testing.assert_array_equal(counts.matrix, tables)
    for average in ("micro", "macro", "weighted", None):
        for name in ("recall", "iba", "gmean", "jaccard"):
            np.testing.assert_allclose(
                _quiet(lambda: counts.score(name, average=average)),
                _quiet(lambda: counted.score(name, average=average)),
            )
    assert counts != counted  # it holds no per-sample counts
    with pytest.raises(ValueError, match="no per-sample counts"):
        counts.score("recall", average="samples")
    with pytest.raises(ValueError, match="needs per-sample counts"):
        counts.score("accuracy")
    with pytest.raises(ValueError, match="'labels' .* None for per-label tables"):
        ims.ConfusionCounts.from_matrix(tables, labels=["a"] * len(tables))
    with pytest.raises(ValueError, match=r"'matrix' .* \(n_labels, 2, 2\)"):
        ims.ConfusionCounts.from_matrix(np.ones((3, 2, 3)))
    with pytest.raises(ValueError, match="'matrix' .* non-negative"):
        ims.ConfusionCounts.from_matrix(-np.ones((3, 2, 2)))


def test_report_of_multilabel_targets():
    y_true, y_pred, _ = _data(seed=19, n_labels=3)
    y_true[:, -1] = y_true[:, 0]
    report = ims.imbalanced_report(y_true, y_pred, output_dict=True)
    assert list(report["classes"]) == ["0", "1", "2"]
    assert report["classes"]["1"]["iba"] == pytest.approx(
        ims.iba_score(y_true[:, 1], y_pred[:, 1])
    )
    assert report["accuracy"] == pytest.approx(skm.accuracy_score(y_true, y_pred))
    # the subset accuracy is over samples: its support is theirs, not the labels'
    assert report["samples"] == len(y_true) != report["support"]
    last = ims.imbalanced_report(y_true, y_pred).splitlines()[-1].split()
    assert last[:2] == ["subset", "accuracy"]
    assert last[3:] == f"of the {len(y_true)} samples with every label".split() + [
        "predicted",
        "correctly",
    ]
    from_tables = ims.ConfusionCounts.from_matrix(
        skm.multilabel_confusion_matrix(y_true, y_pred)
    ).report(output_dict=True)
    assert np.isnan(from_tables["accuracy"]) and from_tables["samples"] == len(y_true)
    with pytest.raises(ValueError, match="'interval' .* None for multilabel"):
        ims.imbalanced_report(y_true, y_pred, interval="posterior")


@pytest.mark.parametrize(
    "call, error, pattern",
    [
        (
            lambda y, p: ims.iba_score(y, p),
            ValueError,
            r"'average' .* one of \{'micro', 'macro', 'weighted', 'samples', None\} "
            r"for multilabel-indicator targets. Got 'binary'",
        ),
        (
            lambda y, p: ims.geometric_mean_score(y, p, average="multiclass"),
            ValueError,
            r"'average' .* for multilabel-indicator targets. Got 'multiclass'",
        ),
        (
            lambda y, p: ims.iba_score(y[:, 0], p[:, 0], average="samples"),
            ValueError,
            r"'average' .* for targets that are not multilabel. Got 'samples'",
        ),
        (
            lambda y, p: ims.confusion_counts(y[:, 0], p[:, 0]).score(
                "recall", average="samples"
            ),
            ValueError,
            r"'average' .* not multilabel. Got 'samples'",
        ),
        (
            lambda y, p: ims.iba_score(2 * y, p, average="macro"),
            ValueError,
            r"'y_true' .* 0/1 values. Got 'an array containing 2'",
        ),
        (
            lambda y, p: ims.iba_score(y, sparse.csr_matrix(3 * p), average="macro"),
            ValueError,
            r"'y_pred' .* 0/1 values. Got 'an array containing 3",
        ),
        (
            lambda y, p: ims.iba_score(np.where(y, np.nan, 0), p, average="macro"),
            ValueError,
            r"'y_true' .* 0/1 values. Got 'an array containing nan'",
        ),
        (
            lambda y, p: ims.iba_score(y.astype(str), p, average="macro"),
            TypeError,
            r"'y_true' .* Got 'an array of dtype <U",
        ),
        (
            lambda y, p: ims.iba_score(y, p[:, :2], average="macro"),
            ValueError,
            r"'y_pred' .* same shape as y_true \(80, 5\)\. Got 'an array of "
            r"shape \(80, 2\)'",
        ),
        (
            lambda y, p: ims.iba_score(y, p[:50], average="macro"),
            ValueError,
            r"'y_pred' .* same shape as y_true",
        ),
        (
            lambda y, p: ims.iba_score(y, p[:, 0], average="macro"),
            ValueError,
            r"'y_true' .* 1-D .* like y_pred, or both a multilabel indicator .* "
            r"Got 'an array of shape \(80, 5\)'",
        ),
        (
            lambda y, p: ims.iba_score(y, p, average="macro", labels=[0, 5]),
            ValueError,
            r"'labels' .* column indices in \[0, 5\) .* Got \[0, 5\]",
        ),
        (
            lambda y, p: ims.iba_score(y, p, average="macro", labels=["a"]),
            ValueError,
            r"'labels' .* column indices",
        ),
        (
            lambda y, p: ims.iba_score(y, p, average="macro", sample_weight=[1, 2]),
            ValueError,
            r"'sample_weight' .* shape \(80,\)",
        ),
        (
            lambda y, p: ims.confusion_counts(y, p, labels=[0, 1]),
            ValueError,
            r"'labels' .* None for multilabel-indicator targets",
        ),
        (
            lambda y, p: ims.confusion_counts(y, p).score(
                "recall", average="samples", labels=[0, 1]
            ),
            ValueError,
            r"'labels' .* average='samples'",
        ),
        (
            lambda y, p: ims.confusion_counts(y, p).score("balanced_accuracy"),
            ValueError,
            r"'average' .* multilabel-indicator targets. Got 'multiclass'",
        ),
        (
            lambda y, p: ims.confusion_counts(y, p).score("matthews_corrcoef"),
            ValueError,
            "matthews_corrcoef does not take multilabel-indicator targets",
        ),
        (
            lambda y, p: ims.confusion_counts(y, p).score("recall"),
            ValueError,
            r"'average' .* multilabel-indicator targets. Got 'binary'",
        ),
        (
            lambda y, p: ims.confusion_counts(y, p).interval("iba"),
            ValueError,
            "interval is not defined for multilabel counts",
        ),
        (
            lambda y, p: ims.metric_interval(y, p, "iba", average="macro"),
            ValueError,
            "metric_interval is not defined for multilabel counts",
        ),
        (
            lambda y, p: (
                ims.confusion_counts(y, p) + ims.confusion_counts(y[:, 0], p[:, 0])
            ),
            TypeError,
            "cannot add counts of multilabel targets to counts of single-label",
        ),
        (
            lambda y, p: (
                ims.confusion_counts(y, p) + ims.confusion_counts(y[:, :2], p[:, :2])
            ),
            ValueError,
            r"same labels only: got labels \[0, 1, 2, 3, 4\] and \[0, 1\]",
        ),
        (
            lambda y, p: ims.iba_score(y[:, 0], sparse.csr_matrix(p), average="macro"),
            ValueError,
            r"'y_pred' .* 1-D .* like y_true, or both .* shape \(80, 5\)",
        ),
    ],
)
def test_bad_multilabel_input_is_refused_clearly(call, error, pattern):
    y_true, y_pred, _ = _data()
    with pytest.raises(error, match=pattern):
        call(y_true, y_pred)


def test_pos_label_is_ignored_with_a_warning():
    y_true, y_pred, _ = _data()
    with pytest.warns(UserWarning, match="pos_label=2 is ignored by iba_score"):
        _quiet(lambda: ims.iba_score(y_true, y_pred, average="macro", pos_label=2))


def test_multi_scorer_on_a_multilabel_classifier():
    from sklearn.neighbors import KNeighborsClassifier

    rng = np.random.default_rng(23)
    X = rng.normal(size=(60, 3))
    y = (X[:, :2] + rng.normal(scale=0.7, size=(60, 2)) > 0).astype(int)
    y = np.c_[y, (X[:, 2] > 0).astype(int)]
    model = KNeighborsClassifier(3).fit(X, y)
    scorer = ims.multi_scorer(["recall_samples", "f1_macro", "accuracy"])
    y_pred = model.predict(X)
    for name, expected in (
        ("recall_samples", lambda: skm.recall_score(y, y_pred, average="samples")),
        ("f1_macro", lambda: skm.f1_score(y, y_pred, average="macro")),
        ("accuracy", lambda: skm.accuracy_score(y, y_pred)),
    ):
        assert _quiet(lambda: scorer[name](model, X, y)) == pytest.approx(
            _quiet(expected)
        )
