"""The metrics of issue 11: FPR, FNR, NPV, informedness, markedness, LR+ and
LR-, and balanced accuracy's ``adjusted=True``.

Every value is checked against an independent computation from scikit-learn's
confusion matrices (binary and multiclass, weighted and not, every
``average``), the likelihood ratios against
:func:`sklearn.metrics.class_likelihood_ratios` (its NaN and warnings
included) and the adjusted balanced accuracy against scikit-learn's. Then the
scorers (``neg_`` sign), the registry, ``multi_scorer`` and ``cross_validate``,
``ConfusionCounts.score``, the undefined cases with their warnings, bad
parameters, and Straube & Krell's class-ratio sweep.
"""

import inspect
import pickle
import re
import warnings

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.datasets import make_classification
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import balanced_accuracy_score as sk_balanced_accuracy
from sklearn.metrics import (
    class_likelihood_ratios,
    confusion_matrix,
    matthews_corrcoef,
    multilabel_confusion_matrix,
)
from sklearn.metrics import get_scorer_names as sk_scorer_names
from sklearn.model_selection import StratifiedKFold, cross_validate

import imbascore as ims

FUNCTIONS = {
    "fpr": ims.false_positive_rate_score,
    "fnr": ims.false_negative_rate_score,
    "npv": ims.negative_predictive_value_score,
    "informedness": ims.informedness_score,
    "markedness": ims.markedness_score,
    "lr_plus": ims.positive_likelihood_ratio_score,
    "lr_minus": ims.negative_likelihood_ratio_score,
}
#: Registry name -> (metric key, sign of the score): scikit-learn's ``neg_``
#: convention for the lower-is-better metrics.
SCORERS = {
    "neg_fpr": ("fpr", -1),
    "neg_fnr": ("fnr", -1),
    "npv": ("npv", 1),
    "informedness": ("informedness", 1),
    "markedness": ("markedness", 1),
    "lr_plus": ("lr_plus", 1),
    "neg_lr_minus": ("lr_minus", -1),
}
LIKELIHOOD_RATIOS = ("lr_plus", "lr_minus")


# ---------------------------------------------------------------------------
# An independent reference: scikit-learn's confusion matrices and numpy
# ---------------------------------------------------------------------------


def _ratio(numerator, denominator):
    """``numerator / denominator``, NaN where the denominator is not > 0."""
    numerator = np.asarray(numerator, dtype=float)
    denominator = np.asarray(denominator, dtype=float)
    safe = np.where(denominator > 0, denominator, 1.0)
    return np.where(denominator > 0, numerator / safe, np.nan)


def _reference_values(name, tp, fn, fp, tn):
    """Per-label values of metric ``name``; NaN where undefined."""
    tpr, tnr = _ratio(tp, tp + fn), _ratio(tn, tn + fp)
    fpr, fnr = _ratio(fp, fp + tn), _ratio(fn, tp + fn)
    ppv, npv = _ratio(tp, tp + fp), _ratio(tn, tn + fn)
    return {
        "fpr": fpr,
        "fnr": fnr,
        "npv": npv,
        "informedness": tpr + tnr - 1.0,
        "markedness": ppv + npv - 1.0,
        "lr_plus": _ratio(tpr, fpr),
        "lr_minus": _ratio(fnr, tnr),
    }[name]


def _one_vs_rest(y_true, y_pred, labels, sample_weight):
    """(tp, fn, fp, tn) of each label, from scikit-learn."""
    matrices = multilabel_confusion_matrix(
        y_true, y_pred, labels=labels, sample_weight=sample_weight
    ).astype(float)
    return matrices[:, 1, 1], matrices[:, 1, 0], matrices[:, 0, 1], matrices[:, 0, 0]


def _binary(y_true, y_pred, negative, positive, sample_weight):
    """(tp, fn, fp, tn) of ``positive``, from scikit-learn's confusion matrix."""
    tn, fp, fn, tp = (
        confusion_matrix(
            y_true, y_pred, labels=[negative, positive], sample_weight=sample_weight
        )
        .astype(float)
        .ravel()
    )
    return np.array([tp]), np.array([fn]), np.array([fp]), np.array([tn])


def _expected(name, counts, average, fill):
    """The reference value: undefined entries become ``fill``; NaN entries are
    left out of "macro" and "weighted" (scikit-learn's zero_division=np.nan)."""
    values = _reference_values(name, *counts)
    values = np.where(np.isnan(values), fill, values)
    if average == "binary":
        return float(values[0])
    if average is None:
        return values
    kept = ~np.isnan(values)
    if not kept.any():
        return np.nan
    if average == "macro":
        return float(values[kept].mean())
    support = (counts[0] + counts[1])[kept]  # tp + fn
    if support.sum() == 0:  # no weights to average with: undefined
        return float(fill)
    return float(np.average(values[kept], weights=support))


def _draw(rng, n_classes, n=None, weighted=False):
    """Imbalanced labels, a noisy prediction and maybe weights."""
    if n is None:  # a third tiny, where counts of zero are common
        n = int(rng.integers(1, 9)) if rng.random() < 0.3 else int(rng.integers(9, 200))
    shares = rng.dirichlet(np.full(n_classes, 0.7))
    y_true = rng.choice(n_classes, size=n, p=shares)
    keep = rng.random(n) < rng.uniform(0.2, 1.0)
    y_pred = np.where(keep, y_true, rng.integers(n_classes, size=n))
    weights = rng.uniform(0.1, 3.0, size=n) if weighted else None
    return y_true, y_pred, weights


def _quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        warnings.simplefilter("ignore", RuntimeWarning)  # scikit-learn's 0/0
        return function(*args, **kwargs)


def _quiet_sklearn(function, *args, **kwargs):
    """scikit-learn's function without its warnings (before 1.6 its undefined
    likelihood ratios warn with a plain UserWarning)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        return function(*args, **kwargs)


def _same(got, want):
    return np.allclose(got, want, rtol=1e-12, atol=1e-12, equal_nan=True)


# ---------------------------------------------------------------------------
# Values against scikit-learn's confusion matrices
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("name", FUNCTIONS)
def test_binary_values_equal_the_confusion_matrix(name, weighted):
    rng = np.random.default_rng([1, len(name), weighted])
    names = np.array(["no", "yes"])
    failures, undefined_seen = [], 0
    for case in range(150):
        y_true, y_pred, weights = _draw(rng, 2, weighted=weighted)
        if case % 2:  # string labels, the positive class named
            y_true, y_pred, kwargs = names[y_true], names[y_pred], {"pos_label": "yes"}
            counts = _binary(y_true, y_pred, "no", "yes", weights)
        else:
            kwargs = {}
            counts = _binary(y_true, y_pred, 0, 1, weights)
        for zero_division in (0.0, 1.0, np.nan):
            got = FUNCTIONS[name](
                y_true,
                y_pred,
                sample_weight=weights,
                zero_division=zero_division,
                **kwargs,
            )
            want = _expected(name, counts, "binary", zero_division)
            if not (isinstance(got, float) and _same(got, want)):
                failures.append((case, zero_division, got, want))
        undefined_seen += bool(np.isnan(_reference_values(name, *counts)).any())
    assert not failures, failures[:3]
    assert undefined_seen > 0  # the cases reach the undefined values too


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("average", [None, "macro", "weighted"])
@pytest.mark.parametrize("name", FUNCTIONS)
def test_multiclass_values_equal_the_one_vs_rest_matrices(name, average, weighted):
    rng = np.random.default_rng([2, len(name), len(str(average)), weighted])
    failures = []
    for case in range(80):
        n_classes = int(rng.integers(3, 6))
        y_true, y_pred, weights = _draw(rng, n_classes, weighted=weighted)
        labels = None
        if case % 3 == 0:  # chosen labels, one of them absent from the data
            labels = [n_classes + 2] + list(rng.permutation(n_classes)[:2])
        used = labels if labels is not None else sorted(set(y_true) | set(y_pred))
        counts = _one_vs_rest(y_true, y_pred, used, weights)
        for zero_division in (0.0, 1.0, np.nan):
            got = FUNCTIONS[name](
                y_true,
                y_pred,
                labels=labels,
                average=average,
                sample_weight=weights,
                zero_division=zero_division,
            )
            want = _expected(name, counts, average, zero_division)
            if not _same(got, want) or np.shape(got) != np.shape(want):
                failures.append((case, labels, zero_division, got, want))
    assert not failures, failures[:3]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_micro_average_is_the_value_of_the_summed_counts(name):
    rng = np.random.default_rng([3, len(name)])
    for _ in range(40):
        y_true, y_pred, weights = _draw(rng, 4, weighted=True)
        counts = _one_vs_rest(y_true, y_pred, sorted(set(y_true)), weights)
        summed = tuple(np.array([c.sum()]) for c in counts)
        got = FUNCTIONS[name](
            y_true,
            y_pred,
            labels=sorted(set(y_true)),
            average="micro",
            sample_weight=weights,
            zero_division=np.nan,
        )
        assert _same(got, _expected(name, summed, "binary", np.nan))


def test_informedness_times_markedness_is_mcc_squared():
    # Powers (2011): MCC is the geometric mean of informedness and markedness,
    # with their common sign. scikit-learn's MCC is a third, independent path.
    rng = np.random.default_rng(4)
    checked = 0
    for _ in range(200):
        y_true, y_pred, weights = _draw(rng, 2, n=int(rng.integers(10, 100)))
        informedness = _quiet(ims.informedness_score, y_true, y_pred)
        markedness = _quiet(ims.markedness_score, y_true, y_pred, zero_division=np.nan)
        if np.isnan(markedness) or len(set(y_true)) < 2:
            continue
        mcc = matthews_corrcoef(y_true, y_pred)
        assert informedness * markedness == pytest.approx(mcc**2, abs=1e-12)
        assert np.sign(round(informedness, 12)) == np.sign(round(mcc, 12))
        checked += 1
    assert checked > 100


def test_rates_are_complements_and_informedness_is_adjusted_balanced_accuracy():
    rng = np.random.default_rng(5)
    for _ in range(50):
        y_true, y_pred, weights = _draw(rng, 3, n=60, weighted=True)
        kwargs = dict(sample_weight=weights, average=None, zero_division=np.nan)
        fpr = ims.false_positive_rate_score(y_true, y_pred, **kwargs)
        tnr = ims.specificity_score(y_true, y_pred, **kwargs)
        fnr = ims.false_negative_rate_score(y_true, y_pred, **kwargs)
        tpr = ims.sensitivity_score(y_true, y_pred, **kwargs)
        assert _same(fpr, 1 - tnr) and _same(fnr, 1 - tpr)
        informedness = ims.informedness_score(y_true, y_pred, **kwargs)
        adjusted = ims.balanced_accuracy_score(y_true, y_pred, adjusted=True, **kwargs)
        assert _same(informedness, adjusted)


# ---------------------------------------------------------------------------
# Likelihood ratios against sklearn.metrics.class_likelihood_ratios
# ---------------------------------------------------------------------------


# replace_undefined_by came with scikit-learn 1.6 (CI also tests 1.4).
_SKLEARN_REPLACES_UNDEFINED = (
    "replace_undefined_by" in inspect.signature(class_likelihood_ratios).parameters
)


def _recorded(function, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function(*args, **kwargs)
    undefined = [w for w in caught if issubclass(w.category, UndefinedMetricWarning)]
    others = [
        w
        for w in caught
        if not issubclass(w.category, UndefinedMetricWarning | RuntimeWarning)
    ]
    return value, bool(undefined), others


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
def test_likelihood_ratios_equal_scikit_learn_nan_and_warnings_included(weighted):
    """Where scikit-learn defines LR+ and LR-, the same numbers; where it warns
    and returns NaN (no false positives, no true negatives, no positives),
    ``zero_division="warn"`` warns and returns NaN too."""
    rng = np.random.default_rng([6, weighted])
    undefined_cases, defined_cases = 0, 0
    for case in range(400):
        n = int(rng.integers(1, 12)) if case % 2 else int(rng.integers(12, 150))
        y_true, y_pred, weights = _draw(rng, 2, n=n, weighted=weighted)
        sk_values = _quiet_sklearn(
            class_likelihood_ratios,
            y_true,
            y_pred,
            labels=[0, 1],
            sample_weight=weights,
        )
        for name, want in zip(LIKELIHOOD_RATIOS, sk_values, strict=True):
            got, warned, others = _recorded(
                FUNCTIONS[name], y_true, y_pred, sample_weight=weights
            )
            assert _same(got, want), (case, name, y_true, y_pred, got, want)
            assert warned == bool(np.isnan(want)), (case, name, got, want)
            assert not others, [str(w.message) for w in others]
            undefined_cases += bool(np.isnan(want))
            defined_cases += not np.isnan(want)
            # zero_division=1.0 is scikit-learn's replace_undefined_by=1.0,
            # except without positives: scikit-learn then returns NaN whatever
            # replace_undefined_by says; zero_division still applies here.
            positives = np.sum(np.where(y_true == 1, weights if weighted else 1, 0))
            if positives == 0:
                ours = FUNCTIONS[name](y_true, y_pred, zero_division=1.0)
                assert ours == 1.0
                continue
            if not _SKLEARN_REPLACES_UNDEFINED:  # scikit-learn < 1.6
                continue
            sk_one = _quiet(
                class_likelihood_ratios,
                y_true,
                y_pred,
                labels=[0, 1],
                sample_weight=weights,
                replace_undefined_by=1.0,
            )[LIKELIHOOD_RATIOS.index(name)]
            ours = FUNCTIONS[name](
                y_true, y_pred, sample_weight=weights, zero_division=1.0
            )
            assert _same(ours, sk_one), (case, name, ours, sk_one)
    assert undefined_cases > 30 and defined_cases > 300


def test_likelihood_ratios_with_string_labels_and_pos_label():
    y_true = np.array(["non-cat", "cat", "non-cat", "cat", "non-cat"])
    y_pred = np.array(["cat", "cat", "non-cat", "non-cat", "non-cat"])
    want = class_likelihood_ratios(y_true, y_pred, labels=["non-cat", "cat"])
    got = (
        ims.positive_likelihood_ratio_score(y_true, y_pred, pos_label="cat"),
        ims.negative_likelihood_ratio_score(y_true, y_pred, pos_label="cat"),
    )
    np.testing.assert_allclose(got, want, rtol=1e-12)
    assert got == (1.5, 0.75)


def test_likelihood_ratios_at_their_bounds_are_defined():
    # No true positives but false positives: LR+ = 0; no false negatives but
    # true negatives: LR- = 0. Both are values, not undefined.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ims.positive_likelihood_ratio_score([0, 0, 1, 1], [1, 0, 0, 0]) == 0.0
        assert ims.negative_likelihood_ratio_score([0, 0, 1, 1], [0, 0, 1, 1]) == 0.0
        # A perfectly inverted prediction: LR+ = 0 and LR- is undefined (TN=0).
        assert ims.positive_likelihood_ratio_score([0, 1], [1, 0]) == 0.0


# ---------------------------------------------------------------------------
# Adjusted balanced accuracy against scikit-learn
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("n_classes", [2, 3, 5])
def test_adjusted_balanced_accuracy_equals_scikit_learn(n_classes, weighted):
    rng = np.random.default_rng([7, n_classes, weighted])
    checked = 0
    for _ in range(150):
        y_true, y_pred, weights = _draw(rng, n_classes, weighted=weighted)
        if len(set(y_true)) < 2:  # one true class: no chance level (see below)
            continue
        want, _, _ = _recorded(
            sk_balanced_accuracy, y_true, y_pred, sample_weight=weights, adjusted=True
        )
        got, warned, others = _recorded(
            ims.balanced_accuracy_score,
            y_true,
            y_pred,
            average="multiclass",
            sample_weight=weights,
            adjusted=True,
        )
        assert got == pytest.approx(want, rel=1e-12, abs=1e-12)
        assert not warned
        # The same "y_pred contains classes not in y_true" as scikit-learn.
        dropped = bool(set(y_pred) - set(y_true))
        assert [str(w.message) for w in others] == (
            ["y_pred contains classes not in y_true"] if dropped else []
        )
        if n_classes == 2 and not dropped:
            binary = ims.balanced_accuracy_score(
                y_true, y_pred, sample_weight=weights, adjusted=True
            )
            assert binary == pytest.approx(want, rel=1e-12, abs=1e-12)
        checked += 1
    assert checked > 100


def test_adjusted_balanced_accuracy_is_unchanged_without_adjusted():
    y_true, y_pred = [0, 1, 2, 0, 1, 2, 2], [0, 2, 1, 0, 1, 2, 0]
    plain = ims.balanced_accuracy_score(y_true, y_pred, average="multiclass")
    assert plain == sk_balanced_accuracy(y_true, y_pred)
    adjusted = ims.balanced_accuracy_score(
        y_true, y_pred, average="multiclass", adjusted=True
    )
    assert adjusted == pytest.approx((plain - 1 / 3) / (2 / 3), rel=1e-12)
    assert adjusted < plain


def test_adjusted_one_vs_rest_values_are_the_informedness():
    # average=None/"macro"/"weighted" chance-adjust each label's two-class
    # problem (k = 2): 2 * BA - 1 = TPR + TNR - 1.
    y_true, y_pred = [0, 1, 2, 0, 1, 2, 2, 1], [0, 2, 1, 0, 1, 2, 0, 1]
    for average in (None, "macro", "weighted", "micro"):
        adjusted = ims.balanced_accuracy_score(
            y_true, y_pred, average=average, adjusted=True
        )
        plain = ims.balanced_accuracy_score(y_true, y_pred, average=average)
        informedness = ims.informedness_score(y_true, y_pred, average=average)
        np.testing.assert_allclose(adjusted, informedness, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(adjusted, 2 * np.asarray(plain) - 1, atol=1e-15)


def test_adjusted_balanced_accuracy_of_a_single_true_class_is_undefined():
    # scikit-learn divides by 1 - 1/1 = 0 (-inf or NaN, a RuntimeWarning);
    # here it is undefined: zero_division, with an UndefinedMetricWarning.
    y_true, y_pred = [0, 0, 0], [0, 1, 1]
    with pytest.warns(UserWarning, match="y_pred contains classes not in y_true"):
        with pytest.warns(UndefinedMetricWarning, match="(?i)adjusted balanced"):
            value = ims.balanced_accuracy_score(
                y_true, y_pred, average="multiclass", adjusted=True
            )
    assert value == 0.0
    with pytest.warns(UserWarning, match="y_pred contains classes"):
        value = ims.balanced_accuracy_score(
            y_true, y_pred, average="multiclass", adjusted=True, zero_division=np.nan
        )
    assert np.isnan(value)
    # Two-class data without positives: undefined as the unadjusted value is.
    with pytest.warns(UndefinedMetricWarning):
        assert ims.balanced_accuracy_score(y_true, y_pred, adjusted=True) == 0.0


def test_counts_score_balanced_accuracy_adjusted_is_scikit_learns():
    y_true, y_pred = [0, 1, 2, 0, 1, 2, 2], [0, 2, 1, 0, 1, 2, 0]
    weights = [1.0, 0.5, 2.0, 1.0, 3.0, 0.2, 1.0]
    counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    want = sk_balanced_accuracy(y_true, y_pred, sample_weight=weights, adjusted=True)
    assert counts.score("balanced_accuracy", adjusted=True) == pytest.approx(
        want, rel=1e-12
    )


# ---------------------------------------------------------------------------
# ConfusionCounts.score knows the new names
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", FUNCTIONS)
def test_counts_score_equals_the_function(name):
    rng = np.random.default_rng([8, len(name)])
    for _ in range(20):
        y_true, y_pred, weights = _draw(rng, 3, n=80, weighted=True)
        counts = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
        labels = sorted(set(y_true) | set(y_pred))
        matrix = confusion_matrix(y_true, y_pred, labels=labels, sample_weight=weights)
        from_matrix = ims.ConfusionCounts.from_matrix(matrix, labels=labels)
        for average in (None, "macro", "weighted", "micro"):
            kwargs = dict(average=average, zero_division=np.nan)
            want = FUNCTIONS[name](y_true, y_pred, sample_weight=weights, **kwargs)
            assert _same(counts.score(name, **kwargs), want)
            assert np.allclose(
                from_matrix.score(name, **kwargs), want, rtol=1e-9, equal_nan=True
            )


# ---------------------------------------------------------------------------
# Scorers, registry, multi_scorer, cross_validate
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def binary_model():
    X, y = make_classification(
        n_samples=300, weights=[0.85, 0.15], flip_y=0.05, random_state=0
    )
    return LogisticRegression().fit(X, y), X, y


@pytest.fixture(scope="module")
def multiclass_model():
    X, y = make_classification(
        n_samples=300,
        n_classes=3,
        n_informative=4,
        weights=[0.6, 0.3, 0.1],
        random_state=1,
    )
    return LogisticRegression(max_iter=500).fit(X, y), X, y


def test_new_names_are_registered_and_do_not_shadow_scikit_learn():
    names = ims.get_scorer_names()
    assert set(SCORERS) <= set(names)
    assert not set(SCORERS) & set(sk_scorer_names())
    # Lower-is-better metrics have only their neg_ name, as in scikit-learn.
    for plain in ("fpr", "fnr", "lr_minus"):
        assert plain not in names
        with pytest.raises(ValueError, match=f"neg_{plain}"):
            ims.get_scorer(plain)
    # scikit-learn's likelihood-ratio scorers keep scikit-learn's meaning.
    for sk_name in ("positive_likelihood_ratio", "neg_negative_likelihood_ratio"):
        assert ims.get_scorer(sk_name)._score_func.__module__.startswith("sklearn")


@pytest.mark.parametrize("name", SCORERS)
def test_scorer_is_the_function_with_scikit_learns_sign(name, binary_model):
    model, X, y = binary_model
    key, sign = SCORERS[name]
    predicted = model.predict(X)
    weights = np.random.default_rng(9).uniform(0.2, 2.0, len(y))
    scorer = ims.get_scorer(name)
    value = scorer(model, X, y)
    assert value == sign * FUNCTIONS[key](y, predicted)
    assert scorer(model, X, y, sample_weight=weights) == sign * FUNCTIONS[key](
        y, predicted, sample_weight=weights
    )
    if sign < 0:
        assert value <= 0.0  # the score is minus the metric
    restored = pickle.loads(pickle.dumps(scorer))
    assert restored(model, X, y) == value


@pytest.mark.parametrize("name", SCORERS)
def test_scorer_parameters_reach_the_function(name, multiclass_model):
    model, X, y = multiclass_model
    key, sign = SCORERS[name]
    for average in ("macro", "weighted", "micro"):
        scorer = ims.get_scorer(name, average=average)
        want = _quiet(FUNCTIONS[key], y, model.predict(X), average=average)
        assert _same(_quiet(scorer, model, X, y), sign * want)


def test_multi_scorer_and_get_scoring_equal_the_functions_in_cross_validate(
    binary_model,
):
    _, X, y = binary_model
    names = list(SCORERS) + ["balanced_accuracy", "positive_likelihood_ratio"]
    cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)
    model = LogisticRegression()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        warnings.simplefilter("ignore", UserWarning)  # non-finite fold scores
        one_pass = cross_validate(model, X, y, cv=cv, scoring=ims.multi_scorer(names))
        separate = cross_validate(model, X, y, cv=cv, scoring=ims.get_scoring(names))
    for fold, (train, test) in enumerate(cv.split(X, y)):
        predicted = LogisticRegression().fit(X[train], y[train]).predict(X[test])
        for name in SCORERS:
            key, sign = SCORERS[name]
            want = sign * _quiet(FUNCTIONS[key], y[test], predicted)
            assert _same(one_pass[f"test_{name}"][fold], want), name
            assert _same(separate[f"test_{name}"][fold], want), name
    for name in names:
        assert _same(one_pass[f"test_{name}"], separate[f"test_{name}"]), name


def test_likelihood_ratio_scorers_with_zero_division_one_are_scikit_learns(
    binary_model,
):
    # scikit-learn's scorers use replace_undefined_by=1.0; ours do with
    # zero_division=1.0 (by default an undefined fold is NaN, warned).
    _, X, y = binary_model
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=3)
    scoring = {
        "ours_plus": ims.get_scorer("lr_plus", zero_division=1.0),
        "sklearn_plus": "positive_likelihood_ratio",
        "ours_minus": ims.get_scorer("neg_lr_minus", zero_division=1.0),
        "sklearn_minus": "neg_negative_likelihood_ratio",
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        result = cross_validate(LogisticRegression(), X, y, cv=cv, scoring=scoring)
    for which in ("plus", "minus"):
        np.testing.assert_allclose(
            result[f"test_ours_{which}"], result[f"test_sklearn_{which}"], rtol=1e-12
        )


def test_multi_scorer_negates_the_neg_names_only(binary_model):
    model, X, y = binary_model
    predicted = model.predict(X)
    scores = ims.multi_scorer(["neg_fpr", "npv", "neg_lr_minus"]).score(model, X, y)
    assert set(scores) == {"neg_fpr", "npv", "neg_lr_minus"}
    assert scores["neg_fpr"] == -ims.false_positive_rate_score(y, predicted) <= 0
    assert scores["npv"] == ims.negative_predictive_value_score(y, predicted) >= 0
    assert scores["neg_lr_minus"] == -ims.negative_likelihood_ratio_score(y, predicted)


# ---------------------------------------------------------------------------
# Undefined values and their warnings
# ---------------------------------------------------------------------------

#: name -> (y_true, y_pred) where the metric is undefined, and why.
UNDEFINED = {
    "fpr": ([1, 1, 1], [1, 0, 1]),  # no negatives
    "fnr": ([0, 0, 0], [0, 1, 0]),  # no positives
    "npv": ([0, 1, 1, 0], [1, 1, 1, 1]),  # no negative predictions
    "informedness": ([1, 1, 1], [1, 0, 1]),  # one class
    "markedness": ([0, 1, 1, 0], [0, 0, 0, 0]),  # no positive predictions
    "lr_plus": ([0, 0, 1, 1], [0, 0, 1, 0]),  # FPR = 0
    "lr_minus": ([0, 0, 1, 1], [1, 1, 1, 0]),  # TNR = 0
}


@pytest.mark.parametrize("name", FUNCTIONS)
def test_undefined_values_follow_zero_division(name):
    y_true, y_pred = UNDEFINED[name]
    function = FUNCTIONS[name]
    with pytest.warns(UndefinedMetricWarning, match="ill-defined"):
        value = function(y_true, y_pred)
    if name in LIKELIHOOD_RATIOS:  # as class_likelihood_ratios: NaN
        assert np.isnan(value)
    else:  # as precision_score: 0.0
        assert value == 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert function(y_true, y_pred, zero_division=0.0) == 0.0
        assert function(y_true, y_pred, zero_division=1.0) == 1.0
        assert np.isnan(function(y_true, y_pred, zero_division=np.nan))


@pytest.mark.parametrize("name", FUNCTIONS)
def test_defined_values_do_not_warn(name):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = FUNCTIONS[name]([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 0])
    assert np.isfinite(value)


def test_undefined_likelihood_ratios_are_left_out_of_the_macro_average():
    # Class 2 is never predicted wrongly as 2 (FP = 0): LR+ undefined there.
    y_true, y_pred = [0, 0, 1, 1, 2, 2], [0, 1, 1, 0, 2, 1]
    with pytest.warns(UndefinedMetricWarning, match=r"\[2\]"):
        per_label = ims.positive_likelihood_ratio_score(y_true, y_pred, average=None)
    assert np.isnan(per_label[2]) and np.isfinite(per_label[:2]).all()
    with pytest.warns(UndefinedMetricWarning):
        macro = ims.positive_likelihood_ratio_score(y_true, y_pred, average="macro")
    assert macro == pytest.approx(np.mean(per_label[:2]))
    filled = ims.positive_likelihood_ratio_score(
        y_true, y_pred, average="macro", zero_division=1.0
    )
    assert filled == pytest.approx((per_label[0] + per_label[1] + 1.0) / 3)


# ---------------------------------------------------------------------------
# Bad parameters
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", FUNCTIONS)
def test_bad_options_name_the_parameter_and_the_value(name):
    function = FUNCTIONS[name]
    func = function.__name__
    y_true, y_pred = [0, 1, 1, 0], [0, 1, 0, 0]
    bad = {
        "zero_division": ("bad", ValueError),
        "average": ("samples", ValueError),
        "pos_label": ([1], TypeError),
        "labels": ("ab", TypeError),
    }
    for param, (value, error) in bad.items():
        message = f"The '{param}' parameter of {func} must be"
        with pytest.raises(error, match=re.escape(message)) as caught:
            function(y_true, y_pred, **{param: value})
        assert repr(value) in str(caught.value)
    with pytest.raises(ValueError, match="'average'.*'multiclass'"):
        function(y_true, y_pred, average="multiclass")
    with pytest.raises(ValueError, match="'pos_label'"):
        function(y_true, y_pred, pos_label=2)
    with pytest.raises(ValueError, match="'average'"):
        function([0, 1, 2], [0, 1, 1])
    with pytest.raises(TypeError):
        function(y_true, y_pred, adjusted=True)


@pytest.mark.parametrize("value", ["yes", 1, None, np.array([True])])
def test_bad_adjusted_names_the_parameter(value):
    message = "The 'adjusted' parameter of balanced_accuracy_score must be a bool"
    with pytest.raises(TypeError, match=re.escape(message)):
        ims.balanced_accuracy_score([0, 1], [0, 1], adjusted=value)


def test_numpy_bool_adjusted_is_accepted():
    assert ims.balanced_accuracy_score([0, 1, 1], [0, 1, 0], adjusted=np.True_) == 0.5


@pytest.mark.parametrize("name", SCORERS)
def test_scorer_factories_check_their_parameters_when_built(name):
    with pytest.raises(TypeError, match="'alpha'"):
        ims.get_scorer(name, alpha=0.1)
    with pytest.raises(TypeError, match="'adjusted'"):
        ims.get_scorer(name, adjusted=True)
    with pytest.raises(ValueError, match="'zero_division'.*'oops'"):
        ims.get_scorer(name, zero_division="oops")
    with pytest.raises(ValueError, match="'average'"):
        ims.get_scorer(name, average="multiclass")


def test_multi_scorer_rejects_a_parameter_no_named_scorer_takes():
    with pytest.raises(TypeError, match="'alpha'"):
        ims.multi_scorer(["neg_fpr", "npv"], alpha=0.2)


# ---------------------------------------------------------------------------
# Straube & Krell (2014): which metrics ignore the class ratio
# ---------------------------------------------------------------------------


def _agent(positives, negatives, tpr=0.9, tnr=0.7):
    """Labels of an agent with fixed rates on the given class sizes."""
    tp, tn = round(tpr * positives), round(tnr * negatives)
    fn, fp = positives - tp, negatives - tn
    y_true = np.repeat([1, 1, 0, 0], [tp, fn, fp, tn])
    y_pred = np.repeat([1, 0, 1, 0], [tp, fn, fp, tn])
    return y_true, y_pred


#: (positives, negatives): the sweep of tests/metrics/test_metrics.py.
RATIOS = [(100, 100), (100, 200), (100, 400), (100, 1000), (400, 100), (1000, 100)]


def test_straube_krell_rate_metrics_stay_constant_over_the_class_ratio():
    """Informedness, LR+ and LR- are functions of TPR and TNR alone."""
    constant = {
        "informedness": (ims.informedness_score, 0.9 + 0.7 - 1),
        "lr_plus": (ims.positive_likelihood_ratio_score, 0.9 / 0.3),
        "lr_minus": (ims.negative_likelihood_ratio_score, 0.1 / 0.7),
        "fpr": (ims.false_positive_rate_score, 0.3),
        "fnr": (ims.false_negative_rate_score, 0.1),
        "adjusted balanced accuracy": (
            lambda t, p: ims.balanced_accuracy_score(t, p, adjusted=True),
            0.6,
        ),
    }
    for name, (metric, expected) in constant.items():
        values = [metric(*_agent(p, n)) for p, n in RATIOS]
        np.testing.assert_allclose(values, expected, rtol=1e-12, err_msg=name)


def test_straube_krell_predictive_values_move_with_the_class_ratio():
    """NPV and markedness read the predictions, so the class ratio moves them:
    more negatives raise the NPV, more positives lower it."""
    for name, metric in {
        "npv": ims.negative_predictive_value_score,
        "markedness": ims.markedness_score,
    }.items():
        values = [metric(*_agent(p, n)) for p, n in RATIOS]
        assert np.ptp(values) > 0.2, (name, values)
    npv = [ims.negative_predictive_value_score(*_agent(100, n)) for n in (100, 1000)]
    assert npv[0] == pytest.approx(70 / 80) and npv[1] == pytest.approx(700 / 710)
    lowered = ims.negative_predictive_value_score(*_agent(1000, 100))
    assert lowered == pytest.approx(70 / 170)


def test_straube_krell_guessing_is_zero_informedness_and_unit_likelihood_ratios():
    """Fig. 2B: a guessing agent at 1:4 informs nothing, at any ratio."""
    for positives, negatives in RATIOS:
        guess = _agent(positives, negatives, tpr=0.5, tnr=0.5)
        assert ims.informedness_score(*guess) == 0.0
        assert ims.markedness_score(*guess) == pytest.approx(0.0, abs=1e-12)
        assert ims.positive_likelihood_ratio_score(*guess) == 1.0
        assert ims.negative_likelihood_ratio_score(*guess) == 1.0


def test_straube_krell_likelihood_ratios_match_the_binormal_d_prime():
    # Same agent, every ratio: LR+ = 3 and d' = 1.81 together describe it.
    d_prime = norm.ppf(0.9) - norm.ppf(0.3)
    for positives, negatives in RATIOS:
        agent = _agent(positives, negatives)
        assert ims.dprime_score(*agent) == pytest.approx(d_prime, rel=1e-12)
        assert ims.positive_likelihood_ratio_score(*agent) == pytest.approx(3.0)
