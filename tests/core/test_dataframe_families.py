"""Every dataframe library's columns give the numpy path's numbers, warnings
and errors: every metric of the catalogue, with weights, labels and pos_label
variants, for pandas (plain, categorical, nullable), polars (Series,
Categorical, one-column DataFrame and LazyFrame), pyarrow (Array and
ChunkedArray) and Modin (its Python engine) where installed."""

import os
import warnings

import numpy as np
import pandas as pd
import pytest

import imbascore as ims

# Modin before 0.29 warns as it builds a frame from numpy (the tests' inputs)
pytestmark = pytest.mark.filterwarnings("ignore:Distributing:UserWarning")

pl = pytest.importorskip("polars")
pa = pytest.importorskip("pyarrow")


def _modin():
    try:
        os.environ.setdefault("MODIN_ENGINE", "python")
        import modin.pandas as mpd
    except ImportError:
        return None
    return mpd


_MODIN = _modin()


def _polars_frame(values, name="column"):
    return pl.DataFrame({name: values})


# family -> (labels, numbers): how it makes a column of strings / of numbers
FAMILIES = {
    "list": (list, list),
    "pandas Series": (pd.Series, pd.Series),
    "pandas categorical": (
        lambda v: pd.Series(v, dtype="category"),
        pd.Series,
    ),
    "pandas nullable": (
        lambda v: pd.Series(v, dtype="string"),
        lambda v: pd.Series(v, dtype="Float64" if v.dtype.kind == "f" else "Int64"),
    ),
    "polars Series": (pl.Series, pl.Series),
    "polars Categorical": (lambda v: pl.Series(v, dtype=pl.Categorical), pl.Series),
    "polars DataFrame": (_polars_frame, _polars_frame),
    "polars LazyFrame": (
        lambda v: _polars_frame(v).lazy(),
        lambda v: _polars_frame(v).lazy(),
    ),
    "pyarrow Array": (pa.array, pa.array),
    "pyarrow ChunkedArray": (
        lambda v: pa.chunked_array([v[:7], v[7:]]),
        lambda v: pa.chunked_array([v[:7], v[7:]]),
    ),
}
if _MODIN is not None:
    FAMILIES["modin Series"] = (_MODIN.Series, _MODIN.Series)
    FAMILIES["modin categorical"] = (
        lambda v: _MODIN.Series(v, dtype="category"),
        _MODIN.Series,
    )

_RNG = np.random.default_rng(7)
N = 40
Y_TRUE = np.where(_RNG.random(N) < 0.3, "pos", "neg").astype(object)
Y_PRED = np.where(_RNG.random(N) < 0.35, "pos", "neg").astype(object)
Y_THREE = np.array(["a", "b", "c"], dtype=object)[_RNG.integers(0, 3, N)]
Y_THREE_PRED = np.array(["a", "b", "c"], dtype=object)[_RNG.integers(0, 3, N)]
Y_INT = (Y_TRUE == "pos").astype(np.int64)
Y_INT_PRED = (Y_PRED == "pos").astype(np.int64)
SCORES = np.round(_RNG.random(N) * 0.6 + 0.4 * Y_INT, 2)  # ties included
WEIGHTS = np.round(_RNG.random(N) * 3, 1)
# a one-class prediction: the warnings of undefined values
Y_PRED_NONE = np.full(N, "neg", dtype=object)


def _variants(info):
    """``(kwargs of arrays, kwargs of parameters)`` of each call to compare."""
    if info.reads == "labels":
        yield {"y_true": Y_TRUE, "y_pred": Y_PRED}, {"pos_label": "pos"}
        yield (
            {"y_true": Y_TRUE, "y_pred": Y_PRED, "sample_weight": WEIGHTS},
            {"pos_label": "neg"},
        )
        yield {"y_true": Y_INT, "y_pred": Y_INT_PRED, "sample_weight": WEIGHTS}, {}
        yield {"y_true": Y_TRUE, "y_pred": Y_PRED_NONE}, {"pos_label": "pos"}
        yield (
            {"y_true": Y_THREE, "y_pred": Y_THREE_PRED},
            {
                "average": "macro",
                "labels": ["c", "a"],
            },
        )
        yield (
            {"y_true": Y_THREE, "y_pred": Y_THREE_PRED, "sample_weight": WEIGHTS},
            {"average": None},
        )
    else:
        score = "y_score" if info.reads == "scores" else "y_proba"
        yield {"y_true": Y_TRUE, score: SCORES}, {"pos_label": "pos"}
        yield {"y_true": Y_INT, score: SCORES, "sample_weight": WEIGHTS}, {}
        yield (
            {"y_true": Y_TRUE, score: 1 - SCORES, "sample_weight": WEIGHTS},
            {"pos_label": "neg"},
        )


def _call(function, arrays, params):
    """``("value", value, warnings)`` or ``("error", type, message)``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = function(**arrays, **params)
        except (TypeError, ValueError) as error:
            return ("error", type(error), str(error))
    return (
        "value",
        np.asarray(value, dtype=float),
        [(w.category, str(w.message)) for w in caught],
    )


def _convert(family, name, values):
    make_labels, make_numbers = FAMILIES[family]
    if values.dtype.kind == "O":
        return make_labels(values)
    if name == "y_true" and family.endswith("categorical"):
        return make_labels(values)  # integer categories
    return make_numbers(values)


@pytest.mark.parametrize("family", sorted(FAMILIES))
@pytest.mark.parametrize("info", ims.list_metrics(), ids=lambda info: info.name)
def test_every_family_scores_as_numpy(info, family):
    for arrays, params in _variants(info):
        expected = _call(info.function, arrays, params)
        converted = {
            name: _convert(family, name, values) for name, values in arrays.items()
        }
        got = _call(info.function, converted, params)
        assert got[0] == expected[0], (got, expected)
        if expected[0] == "error":
            assert got[1:] == expected[1:]
            continue
        np.testing.assert_array_equal(got[1], expected[1])
        assert got[2] == expected[2]


# family -> a column of the values (a list, with None) with a null
WITH_NULL = {
    "pandas nullable": lambda v: pd.Series(
        v, dtype="string" if isinstance(v[0], str) else "Float64"
    ),
    "polars Series": pl.Series,
    "polars Categorical": lambda v: pl.Series(
        v, dtype=pl.Categorical if isinstance(v[0], str) else None
    ),
    "polars LazyFrame": lambda v: pl.DataFrame({"c": v}).lazy(),
    "pyarrow ChunkedArray": lambda v: pa.chunked_array([v]),
}
if _MODIN is not None:
    WITH_NULL["modin Series"] = lambda v: _MODIN.Series(
        v, dtype="string" if isinstance(v[0], str) else "Float64"
    )


@pytest.mark.parametrize("family", sorted(WITH_NULL))
@pytest.mark.parametrize("where", ["y_true", "y_pred", "sample_weight"])
def test_missing_values_are_refused_naming_the_parameter(family, where):
    arrays = {"y_true": Y_TRUE, "y_pred": Y_PRED, "sample_weight": WEIGHTS}
    converted = {name: _convert(family, name, v) for name, v in arrays.items()}
    listed = arrays[where].tolist()
    listed[3] = None
    converted[where] = WITH_NULL[family](listed)
    with pytest.raises(
        ValueError, match=f"'{where}' parameter of iba_score must be free of missing"
    ):
        ims.iba_score(**converted, pos_label="pos")


def test_a_frame_of_several_columns_is_refused_as_numpy_is():
    frame = pl.DataFrame({"a": Y_INT, "b": Y_INT_PRED})
    with pytest.raises(ValueError) as expected:
        ims.sensitivity_score(np.column_stack([Y_INT, Y_INT_PRED]).astype(float), Y_INT)
    with pytest.raises(ValueError) as got:
        ims.sensitivity_score(frame.to_numpy().astype(float), Y_INT)
    assert str(got.value) == str(expected.value)


def test_groups_of_every_family_give_the_same_table():
    groups = np.array(["x", "y", "z"], dtype=object)[_RNG.integers(0, 3, N)]
    expected = ims.metrics_by_group(Y_INT, Y_INT_PRED, groups=groups, metrics=["iba"])
    for make in (
        pl.Series,
        lambda g: pl.Series(g, dtype=pl.Categorical),
        lambda g: pl.DataFrame({"g": g}),
        lambda g: pl.DataFrame({"g": g}).lazy(),
        pa.chunked_array,
        lambda g: pd.Series(g, dtype="category"),
    ):
        got = ims.metrics_by_group(
            Y_INT, Y_INT_PRED, groups=make(groups), metrics=["iba"]
        )
        assert repr(got) == repr(expected)
        assert got.to_frame().equals(expected.to_frame())


@pytest.mark.parametrize("weighted", [False, True])
def test_polars_codes_in_order_of_appearance_count_as_their_labels(weighted):
    # categories made before (unused here) and labels first seen out of order:
    # the codes are counted as they are and the table put in label order
    pl.Series(["unused", "zzz", "e"], dtype=pl.Categorical)
    labels = np.array(["e", "d", "c", "b", "a"], dtype=object)
    y_true = labels[_RNG.integers(0, 5, 500)]
    y_pred = labels[_RNG.integers(0, 4, 500)]  # "a" never predicted
    weights = _RNG.random(500) if weighted else None
    columns = [pl.Series(y, dtype=pl.Categorical) for y in (y_true, y_pred)]
    expected = ims.confusion_counts(y_true, y_pred, sample_weight=weights)
    got = ims.confusion_counts(*columns, sample_weight=weights)
    assert got == expected and list(got.labels) == ["a", "b", "c", "d", "e"]
    assert ims.imbalanced_report(
        *columns, sample_weight=weights, output_dict=True
    ) == ims.imbalanced_report(y_true, y_pred, sample_weight=weights, output_dict=True)
    groups = _RNG.integers(0, 3, 500)
    assert repr(
        ims.metrics_by_group(*columns, groups=groups, metrics=["iba"], average="macro")
    ) == repr(
        ims.metrics_by_group(
            y_true, y_pred, groups=groups, metrics=["iba"], average="macro"
        )
    )
    enum = pl.Enum(["e", "c", "a", "d", "b"])
    np.testing.assert_array_equal(
        ims.confusion_counts(
            pl.Series(y_true, dtype=enum),
            pl.Series(y_pred, dtype=enum),
            sample_weight=weights,
        ).matrix,
        expected.matrix,
    )


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_scores_by_group_of_every_family_are_numpys(family):
    groups = np.array(["x", "y"], dtype=object)[_RNG.integers(0, 2, N)]
    metrics = ["roc_auc", "brier_score", "average_precision"]
    expected = ims.metrics_by_group(Y_INT, SCORES, groups=groups, metrics=metrics)
    got = ims.metrics_by_group(
        _convert(family, "y_true", Y_INT),
        _convert(family, "y_score", SCORES),
        groups=_convert(family, "groups", groups),
        metrics=metrics,
    )
    assert repr(got) == repr(expected)
