"""ConfusionCounts: one count for every metric, from labels or from a matrix,
and counts of parts that add up to the counts of the whole."""

import pickle
import warnings

import numpy as np
import pytest
from scipy import sparse
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import imbascore as ims
from imbascore._metrics.per_class import MULTICLASS
from imbascore._scorer.factories import FACTORY_METRICS

#: metric key -> public function, for every metric with a scorer (new ones
#: included as they are registered) and balanced accuracy.
FUNCTIONS = {key: function for key, function in FACTORY_METRICS.values()}
FUNCTIONS["balanced_accuracy"] = ims.balanced_accuracy_score

SKLEARN_SET_WISE = {
    "precision": skm.precision_score,
    "recall": skm.recall_score,
    "f1": skm.f1_score,
    "jaccard": skm.jaccard_score,
}


def _outcome(call):
    """(value or error type, warning messages) of ``call``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = call()
        except ValueError:
            value = ValueError
        except TypeError:
            value = TypeError
    messages = sorted({str(w.message) for w in caught})
    return value, messages


def _same(first, second):
    value, messages = first
    expected, expected_messages = second
    assert messages == expected_messages
    if isinstance(expected, type):
        assert value is expected
    else:
        np.testing.assert_allclose(value, expected, rtol=1e-12, atol=1e-15)


def _data(rng, n_classes, weighted, n=60):
    labels = np.array([3, 7, 11, 20])[:n_classes]
    y_true = rng.choice(
        labels, n, p=np.r_[0.7, np.full(n_classes - 1, 0.3 / (n_classes - 1))]
    )
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.choice(labels, n))
    weights = rng.uniform(0, 3, n).round(2) if weighted else None
    if weighted:
        weights[rng.random(n) < 0.1] = 0.0
    return y_true, y_pred, weights


def _option_sets(key, n_classes, rng):
    labels_present = [3, 7, 11, 20][:n_classes]
    averages = ["micro", "macro", "weighted", None]
    if key in MULTICLASS:
        averages.append("multiclass")
    sets = [{"average": average} for average in averages]
    sets.append({"average": "macro", "labels": [7, 99, 3]})
    sets.append({"average": None, "labels": [20, 3], "zero_division": 1.0})
    sets.append({"average": "weighted", "zero_division": np.nan})
    if n_classes == 2:
        sets += [{}, {"pos_label": 3}, {"pos_label": 7, "zero_division": 0.0}]
    else:
        sets.append({})  # binary on multiclass data: both raise
    del labels_present, rng
    return sets


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("key", sorted(FUNCTIONS))
def test_every_metric_equals_its_score_from_counts(key, n_classes, weighted):
    rng = np.random.default_rng(hash((key, n_classes, weighted)) % 2**32)
    function = FUNCTIONS[key]
    for _ in range(4):
        y_true, y_pred, weights = _data(rng, n_classes, weighted)
        counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
        matrix = skm.confusion_matrix(y_true, y_pred, sample_weight=weights)
        from_matrix = ims.ConfusionCounts.from_matrix(
            matrix, labels=np.unique(np.r_[y_true, y_pred])
        )
        for options in _option_sets(key, n_classes, rng):
            if key in ("balanced_accuracy", "cba"):  # names that mean another average
                options.setdefault("average", "binary")
            expected = _outcome(
                lambda: function(y_true, y_pred, sample_weight=weights, **options)
            )
            _same(_outcome(lambda: counts.score(key, **options)), expected)
            if weighted and key in ("dprime", "aucz"):
                continue  # a matrix knows no effective trials (documented)
            _same(_outcome(lambda: from_matrix.score(key, **options)), expected)


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("n_classes", [2, 3, 4])
def test_sklearn_names_equal_sklearn_functions(n_classes, weighted):
    rng = np.random.default_rng(n_classes + 10 * weighted)
    for _ in range(5):
        y_true, y_pred, weights = _data(rng, n_classes, weighted, n=25)
        counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
        cases = [
            ("accuracy", skm.accuracy_score, {}),
            ("accuracy", skm.accuracy_score, {"normalize": False}),
            ("matthews_corrcoef", skm.matthews_corrcoef, {}),
            ("balanced_accuracy", skm.balanced_accuracy_score, {}),
        ]
        for name, function in SKLEARN_SET_WISE.items():
            for options in (
                {"average": "micro"},
                {"average": "macro"},
                {"average": "weighted"},
                {"average": None},
                {"average": "macro", "labels": [3, 99]},
                {"average": "micro", "labels": [7, 20, 99]},
                {"average": "weighted", "labels": [99, 98]},
                {"average": None, "labels": [99], "zero_division": 1.0},
                {"average": "macro", "labels": [3, 98], "zero_division": np.nan},
                {"average": "weighted", "pos_label": 7},
                {},
                {"pos_label": 7},
                {"pos_label": 99},
            ):
                cases.append((name, function, options))
            for suffix in ("macro", "micro", "weighted"):
                cases.append(
                    (f"{name}_{suffix}", function, {"average": suffix, "labels": [3]})
                )
        for name, function, options in cases:
            if name.startswith("jaccard") and options.get("zero_division") is np.nan:
                continue  # scikit-learn refuses NaN for Jaccard; we give NaN
            expected = _outcome(
                lambda: function(y_true, y_pred, sample_weight=weights, **options)
            )
            given = dict(options)
            if name.endswith(("_macro", "_micro", "_weighted")):
                given.pop("average")
            _same(_outcome(lambda: counts.score(name, **given)), expected)


def test_sklearn_names_warn_undefined_as_sklearn():
    counts = ims.confusion_counts([0, 0, 1], [0, 0, 0])
    with pytest.warns(UndefinedMetricWarning, match="due to no predicted samples"):
        assert counts.score("precision") == 0.0
    assert counts.score("precision", zero_division=1.0) == 1.0


def _split_sum(y_true, y_pred, weights, rng, k, **kwargs):
    cuts = np.sort(rng.choice(np.arange(1, len(y_true)), k - 1, replace=False))
    parts = []
    for index in np.split(np.arange(len(y_true)), cuts):
        w = None if weights is None else weights[index]
        parts.append(
            ims.confusion_counts(
                y_true[index], y_pred[index], sample_weight=w, **kwargs
            )
        )
    return parts


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize(
    "make",
    [
        lambda rng, n: (rng.integers(0, 3, n), rng.integers(0, 3, n)),
        lambda rng, n: (
            rng.choice(np.array(["ant", "bee", "cat", "dog"]), n),
            rng.choice(np.array(["ant", "bee", "cat", "eel"]), n),
        ),
        lambda rng, n: (rng.integers(0, 400, n), rng.integers(0, 400, n)),  # sparse
        lambda rng, n: (
            np.r_[rng.integers(0, 2, n // 2), rng.integers(5, 8, n - n // 2)],
            np.r_[rng.integers(0, 2, n // 2), rng.integers(5, 8, n - n // 2)],
        ),  # parts with disjoint labels
    ],
    ids=["ints", "strings", "many", "disjoint"],
)
def test_counts_of_parts_add_up_to_the_counts_of_the_whole(make, weighted):
    rng = np.random.default_rng(7)
    n = 900
    y_true, y_pred = make(rng, n)
    weights = rng.uniform(0.1, 4, n) if weighted else None
    whole = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    for k in (2, 5):
        parts = _split_sum(y_true, y_pred, weights, rng, k)
        merged = sum(parts)
        assert merged.labels.tolist() == whole.labels.tolist()
        assert merged.weighted == weighted
        mine, theirs = merged.matrix, whole.matrix
        if sparse.issparse(theirs):
            mine, theirs = mine.toarray(), theirs.toarray()
        if weighted:
            np.testing.assert_allclose(mine, theirs, rtol=1e-12)
        else:
            assert mine.dtype == np.int64
            np.testing.assert_array_equal(mine, theirs)  # integer counts exact
        for key in ("iba", "gmean", "dprime", "aucz", "nmi"):
            own = {"correction": "loglinear"} if key in ("dprime", "aucz") else {}
            for average in ("macro", "weighted"):
                options = dict(own, average=average, zero_division=0.0)
                np.testing.assert_allclose(
                    merged.score(key, **options),
                    whole.score(key, **options),
                    rtol=1e-10,
                )


def test_merging_unweighted_with_weighted_counts_weights_the_first_by_one():
    first = ims.confusion_counts([0, 0, 1, 1], [0, 1, 1, 1])
    second = ims.confusion_counts([0, 1, 1], [0, 0, 1], sample_weight=[0.5, 2, 1])
    whole = ims.confusion_counts(
        [0, 0, 1, 1, 0, 1, 1],
        [0, 1, 1, 1, 0, 0, 1],
        sample_weight=[1, 1, 1, 1, 0.5, 2, 1],
    )
    merged = first + second
    assert merged.weighted
    np.testing.assert_allclose(merged.matrix, whole.matrix)
    for correction in ("macmillan", "loglinear"):
        assert merged.score("dprime", correction=correction) == pytest.approx(
            whole.score("dprime", correction=correction), rel=1e-12
        )


def test_merging_keeps_labels_given_without_data():
    first = ims.confusion_counts([0, 1], [0, 1], labels=[0, 1, 2])
    second = ims.confusion_counts([1, 1], [1, 0])
    merged = first + second
    assert merged.labels.tolist() == [0, 1, 2]
    np.testing.assert_array_equal(merged.matrix, [[1, 0, 0], [1, 2, 0], [0, 0, 0]])
    # A label without data takes part in no metric unless asked for.
    assert merged.score("iba") == ims.iba_score([0, 1, 1, 1], [0, 1, 1, 0])
    assert merged == ims.confusion_counts([0, 1, 1, 1], [0, 1, 1, 0], labels=[2])


def test_merging_labels_of_different_types_is_refused():
    with pytest.raises(TypeError, match="labels of different types"):
        ims.confusion_counts([0, 1], [0, 1]) + ims.confusion_counts(["a"], ["b"])


def test_sum_of_nothing_and_adding_other_objects():
    counts = ims.confusion_counts([0, 1], [0, 1])
    assert sum([counts]) is counts
    with pytest.raises(TypeError):
        counts + 1
    with pytest.raises(TypeError):
        counts + np.eye(2)


def test_uint64_labels_merge_exactly():
    big = 2**63 + 2
    first = ims.confusion_counts(np.array([big, 3], dtype=np.uint64), [big, 3])
    second = ims.confusion_counts(np.array([big + 2], dtype=np.uint64), [big + 2])
    assert (first + second).labels.tolist() == [3, big, big + 2]


def test_pickle_and_equality():
    counts = ims.confusion_counts(
        ["b", "a", "b"], ["b", "b", "a"], sample_weight=[1, 2, 0.5]
    )
    again = pickle.loads(pickle.dumps(counts))
    assert again == counts
    assert again.score("iba", pos_label="b") == counts.score("iba", pos_label="b")
    assert counts != ims.confusion_counts(["b", "a", "b"], ["b", "b", "a"])


def test_report_from_counts_equals_the_report():
    y_true, y_pred = [0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 1, 2, 0, 2]
    weights = [1, 0.5, 2, 1, 1, 3, 0.2]
    counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    options = {"labels": [2, 0], "alpha": 0.3, "output_dict": True}
    assert counts.report(**options) == ims.imbalanced_report(
        y_true, y_pred, sample_weight=weights, **options
    )
    assert counts.report() == ims.imbalanced_report(
        y_true, y_pred, sample_weight=weights
    )


def test_repr_shows_labels_and_matrix():
    counts = ims.confusion_counts(["no", "yes", "yes"], ["no", "no", "yes"])
    assert repr(counts) == (
        "ConfusionCounts(labels=['no', 'yes'],\n"
        "                matrix=[[1, 0],\n"
        "                        [1, 1]])"
    )
    many = ims.confusion_counts(np.arange(300), np.arange(300))
    assert repr(many).startswith("ConfusionCounts(300 labels [0, 1, 2, 3, 4, 5][:6]...")


@pytest.mark.parametrize(
    "matrix, labels, error, match",
    [
        (
            [[1, 2, 3], [4, 5, 6]],
            None,
            ValueError,
            r"'matrix' .* square 2-D .* \(2, 3\)",
        ),
        ([[1, 2], [3]], None, ValueError, r"'matrix' .* square 2-D array"),
        ([[1, -2], [3, 4]], None, ValueError, r"'matrix' .* non-negative.* -2"),
        ([[1, np.nan], [3, 4]], None, ValueError, r"'matrix' .* finite"),
        ([["a", "b"], ["c", "d"]], None, TypeError, r"'matrix' .* real numbers"),
        ([[True, False], [False, True]], None, TypeError, r"'matrix' .* real numbers"),
        (np.zeros((0, 0)), None, ValueError, r"'matrix' .* not empty"),
        (
            [[1, 2], [3, 4]],
            [0, 1, 2],
            ValueError,
            r"'labels' .* one label per row.*'3 labels'",
        ),
        ([[1, 2], [3, 4]], [0, 0], ValueError, r"'labels'"),
    ],
)
def test_from_matrix_refuses_bad_matrices(matrix, labels, error, match):
    with pytest.raises(error, match=match):
        ims.ConfusionCounts.from_matrix(matrix, labels=labels)


def test_from_matrix_orders_labels_and_reads_sparse_and_float_matrices():
    counts = ims.ConfusionCounts.from_matrix([[7, 3], [1, 9]], labels=["yes", "no"])
    assert counts.labels.tolist() == ["no", "yes"]
    np.testing.assert_array_equal(counts.matrix, [[9, 1], [3, 7]])
    assert counts == ims.ConfusionCounts.from_matrix(
        sparse.csr_matrix([[9, 1], [3, 7]]), labels=["no", "yes"]
    )
    weighted = ims.ConfusionCounts.from_matrix([[0.5, 1.5], [2.0, 1.0]])
    assert weighted.weighted and weighted.matrix.dtype == np.float64


def test_score_refuses_unknown_names_and_options():
    counts = ims.confusion_counts([0, 1, 1], [0, 1, 0])
    with pytest.raises(ValueError, match=r"'metric' .* Did you mean 'gmean'\?"):
        counts.score("gmeen")
    with pytest.raises(TypeError, match="'metric' .* a str"):
        counts.score(len)
    with pytest.raises(TypeError, match="unexpected keyword argument 'beta'"):
        counts.score("f1", beta=2)
    with pytest.raises(TypeError, match="unexpected keyword argument 'average'"):
        counts.score("f1_macro", average="micro")
    with pytest.raises(
        ValueError, match=r"'average' parameter of ConfusionCounts.score\('iba'\)"
    ):
        counts.score("iba", average="samples")


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("key", sorted(FUNCTIONS))
def test_micro_average_is_the_metric_of_the_stacked_one_vs_rest_problems(key, weighted):
    # "micro" sums each label's one-vs-rest counts: the value of the binary
    # problem made by stacking every label's (y == label) pairs, weights and
    # effective trials of d' included.
    rng = np.random.default_rng(len(key) + weighted)
    function = FUNCTIONS[key]
    for labels in (None, [20, 3], [3, 99]):
        y_true, y_pred, weights = _data(rng, 4, weighted, n=40)
        chosen = np.unique(np.r_[y_true, y_pred]) if labels is None else labels
        stacked_true = np.concatenate([y_true == label for label in chosen])
        stacked_pred = np.concatenate([y_pred == label for label in chosen])
        stacked_weights = None if weights is None else np.tile(weights, len(chosen))
        options = {"zero_division": 0.0}
        expected = function(
            stacked_true,
            stacked_pred,
            pos_label=True,
            sample_weight=stacked_weights,
            **options,
        )
        value = function(
            y_true,
            y_pred,
            average="micro",
            labels=labels,
            sample_weight=weights,
            **options,
        )
        assert value == pytest.approx(expected, rel=1e-12, abs=1e-15)
        counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
        assert counts.score(key, average="micro", labels=labels, **options) == value


def test_micro_sensitivity_is_scikit_learns_micro_recall():
    rng = np.random.default_rng(3)
    y_true, y_pred, weights = _data(rng, 4, True, n=80)
    for labels in (None, [3, 7], [7, 99]):
        assert ims.sensitivity_score(
            y_true, y_pred, average="micro", labels=labels, sample_weight=weights
        ) == pytest.approx(
            skm.recall_score(
                y_true, y_pred, average="micro", labels=labels, sample_weight=weights
            ),
            rel=1e-12,
        )


def test_counts_built_from_four_cells_equal_the_dataclass_built_so():
    # of_cells skips the frozen __init__ for speed; it must set every field.
    from dataclasses import fields

    from imbascore._core.engine.select import OneVsRestCounts

    classes, joint = np.array([0, 1]), np.array([[4, 3], [2, 1]])
    fast = OneVsRestCounts.of_cells(1.0, 2.0, 3.0, 4.0, classes, joint)
    slow = OneVsRestCounts(None, 1.0, 2.0, 3.0, 4.0, classes, joint)
    assert set(vars(fast)) == {field.name for field in fields(OneVsRestCounts)}
    assert all(
        getattr(fast, field.name) is getattr(slow, field.name)
        for field in fields(OneVsRestCounts)
    )
    with pytest.raises(AttributeError):
        fast.tp = 5.0


@pytest.mark.parametrize(
    "metric, option, takes",
    [
        ("sensitivity", "alpha", "takes no option"),  # IBA's option, not recall's
        ("iba", "foo", r"takes \['alpha', 'squared'\]"),
        ("gmean", "alpha", r"takes \['zero_recall'\]"),
    ],
)
def test_an_option_the_metric_does_not_take_names_the_metrics_options(
    metric, option, takes
):
    # a TypeError naming the call, not a KeyError or a private function's name
    counts = ims.confusion_counts([0, 1, 1, 0], [0, 1, 0, 0])
    message = (
        rf"ConfusionCounts.score\('{metric}'\) got an unexpected keyword "
        rf"argument '{option}': '{metric}' {takes}"
    )
    with pytest.raises(TypeError, match=message):
        counts.score(metric, **{option: 0.1})
