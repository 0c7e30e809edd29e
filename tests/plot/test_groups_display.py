"""GroupMetricsDisplay draws what metrics_by_group computes."""

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning

from imbascore import metrics_by_group

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from imbascore.plot import GroupMetricsDisplay  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def data():
    """Four groups of different sizes and error rates."""
    rng = np.random.default_rng(0)
    groups = np.repeat(["east", "north", "south", "west"], [60, 90, 120, 196])
    y_true = (rng.random(groups.shape[0]) < 0.25).astype(int)
    flip = {"east": 0.05, "north": 0.4, "south": 0.2, "west": 0.3}
    rate = np.array([flip[g] for g in groups])
    y_pred = np.where(rng.random(groups.shape[0]) < rate, 1 - y_true, y_true)
    return y_true, y_pred, groups


def _rows(display):
    """``{group: row}`` as drawn (row 0 at the bottom)."""
    n = len(display.order_)
    return {group: n - 1 - i for i, group in enumerate(display.order_)}


def _tick_texts(display):
    return [label.get_text() for label in display.ax_.get_yticklabels()]


@pytest.fixture(scope="module")
def result(data):
    y_true, y_pred, groups = data
    return metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics=["sensitivity", "specificity"],
        method="auto",
        random_state=0,
        n_resamples=200,
    )


def test_points_and_bars_are_the_values_and_intervals(result):
    display = GroupMetricsDisplay.from_result(result, "specificity")
    rows = _rows(display)
    x, y = display.points_.get_data()
    expected = dict(zip(result.groups, result.values["specificity"]))
    for value, row in zip(x, y):
        group = display.order_[len(rows) - 1 - int(row)]
        assert value == expected[group]
    assert sorted(x) == sorted(result.values["specificity"])
    segments = display.bars_.get_segments()
    assert len(segments) == len(result.groups)
    low = dict(zip(result.groups, result.low["specificity"]))
    high = dict(zip(result.groups, result.high["specificity"]))
    for segment in segments:
        (x0, y0), (x1, y1) = segment
        assert y0 == y1
        group = display.order_[len(rows) - 1 - int(y0)]
        assert (x0, x1) == (low[group], high[group])
    assert display.ax_ is display.points_.axes
    assert display.figure_ is display.ax_.figure
    assert display.metric == "specificity"


def test_the_first_metric_by_default_and_the_overall_value(result):
    display = GroupMetricsDisplay.from_result(result)
    assert display.metric == "sensitivity"
    estimate, low, high = result.overall["sensitivity"]
    xdata = display.overall_line_.get_xdata()
    assert xdata[0] == xdata[1] == estimate
    band = display.overall_band_  # a Rectangle; a Polygon before matplotlib 3.9
    if hasattr(band, "get_width"):
        xs = [band.get_x(), band.get_x() + band.get_width()]
    else:
        xs = band.get_xy()[:, 0]
    assert np.isclose(min(xs), low) and np.isclose(max(xs), high)
    assert display.overall_line_.get_label() == f"overall = {estimate:.3g}"


def test_groups_are_ordered_worst_at_the_top(result):
    display = GroupMetricsDisplay.from_result(result, "sensitivity")
    values = dict(zip(result.groups, result.values["sensitivity"]))
    drawn = [values[group] for group in display.order_]
    assert drawn == sorted(drawn)  # the lowest (the worst) first, at the top
    assert display.order_[0] == result.worst("sensitivity")
    rows = _rows(display)
    assert rows[display.order_[0]] == len(rows) - 1
    assert display.ax_.get_ylabel() == "group (worst at the top)"
    unsorted = GroupMetricsDisplay.from_result(result, "sensitivity", sort=False)
    assert unsorted.order_ == result.groups


def test_a_lower_is_better_metric_puts_its_highest_value_at_the_top(data):
    y_true, y_pred, groups = data
    result = metrics_by_group(
        y_true, y_pred, groups=groups, metrics=["brier_score"], random_state=0
    )
    display = GroupMetricsDisplay.from_result(result)
    values = dict(zip(result.groups, result.values["brier_score"]))
    drawn = [values[group] for group in display.order_]
    assert drawn == sorted(drawn, reverse=True)
    assert display.order_[0] == result.worst()
    assert display.bars_ is None and display.overall_band_ is None  # no method
    assert "lower is better" in display.ax_.get_xlabel()


def test_tick_labels_give_sizes_and_positives(result):
    display = GroupMetricsDisplay.from_result(result, "sensitivity")
    sizes = dict(zip(result.groups, result.sizes))
    positives = dict(zip(result.groups, result.positives))
    expected = [
        f"{group} (n={sizes[group]:g}, {positives[group]:g} pos.)"
        for group in display.order_[::-1]
    ]
    assert _tick_texts(display) == expected
    assert "west (n=196, " in " ".join(expected)


def test_intersections_and_unknown_positives_in_labels():
    y_true = np.array([0, 1, 2, 0, 1, 2])  # three classes: no positive class
    keys = np.array([["x", 1], ["x", 1], ["y", 2], ["y", 2], ["y", 2], ["x", 1]])
    display = GroupMetricsDisplay.from_predictions(
        y_true, y_true, groups=keys, metric="balanced_accuracy", method=None
    )
    assert sorted(_tick_texts(display)) == ["x, 1 (n=3)", "y, 2 (n=3)"]


def test_an_undefined_group_is_listed_and_marked(data):
    y_true, y_pred, groups = data
    y_true = np.where(groups == "east", 0, y_true)
    y_pred = np.where(groups == "east", 0, y_pred)
    with pytest.warns(UndefinedMetricWarning, match="group 'east'"):
        zero = GroupMetricsDisplay.from_predictions(
            y_true, y_pred, groups=groups, metric="sensitivity", method=None
        )
    # by group an undefined value is NaN (not zero_division's 0), marked
    assert [mark.get_text() for mark in zero.undefined_] == ["undefined"]
    with pytest.warns(UndefinedMetricWarning, match="group 'east'"):
        display = GroupMetricsDisplay.from_predictions(
            y_true,
            y_pred,
            groups=groups,
            metric="sensitivity",
            method="auto",
            n_resamples=50,
            random_state=0,
        )
    assert display.order_[-1] == "east"  # last, at the bottom
    assert len(display.points_.get_xdata()) == 3
    assert len(display.bars_.get_segments()) == 3
    assert np.isfinite(display.points_.get_xdata()).all()
    (mark,) = display.undefined_
    assert mark.get_text() == "undefined"
    assert mark.get_position()[1] == 0  # the bottom row
    assert _tick_texts(display)[0] == "east (n=60, 0 pos.)"


def test_from_predictions_is_metrics_by_group(data):
    y_true, y_pred, groups = data
    display = GroupMetricsDisplay.from_predictions(
        y_true,
        y_pred,
        groups=groups,
        metric="iba",
        random_state=1,
        n_resamples=100,
        alpha=0.5,
    )
    result = metrics_by_group(
        y_true,
        y_pred,
        groups=groups,
        metrics=["iba"],
        method="auto",
        random_state=1,
        n_resamples=100,
        alpha=0.5,
    )
    np.testing.assert_array_equal(display.values, result.values["iba"])
    np.testing.assert_array_equal(display.low, result.low["iba"])
    np.testing.assert_array_equal(display.high, result.high["iba"])
    assert display.overall == result.overall["iba"]


def test_plot_on_given_axes_with_a_name_and_kwargs(result):
    _, ax = plt.subplots()
    display = GroupMetricsDisplay.from_result(result, ax=ax, name="LR")
    assert display.ax_ is ax and ax.get_title() == "LR"
    display.plot(ax=ax, name="other", color="red", sort=False)
    assert ax.get_title() == "other"
    assert display.points_.get_color() == "red"


def test_an_unknown_metric_names_metric(result):
    with pytest.raises(ValueError, match="'metric' parameter of GroupMetrics"):
        GroupMetricsDisplay.from_result(result, "gmean")


@pytest.mark.parametrize(
    "call, error, match",
    [
        (
            lambda r: GroupMetricsDisplay.from_result({"values": {}}),
            TypeError,
            "'result' parameter of GroupMetricsDisplay.from_result",
        ),
        (
            lambda r: GroupMetricsDisplay.from_result(r, sort="yes"),
            TypeError,
            "'sort' parameter of GroupMetricsDisplay.plot",
        ),
    ],
)
def test_bad_parameters_are_named(result, call, error, match):
    with pytest.raises(error, match=match):
        call(result)


def test_bad_inputs_of_from_predictions_are_named(data):
    y_true, y_pred, groups = data
    func = "GroupMetricsDisplay.from_predictions"
    with pytest.raises(TypeError, match=f"'metric' parameter of {func}"):
        GroupMetricsDisplay.from_predictions(
            y_true, y_pred, groups=groups, metric=["iba", "gmean"]
        )
    with pytest.raises(ValueError, match="'groups' parameter of metrics_by_group"):
        GroupMetricsDisplay.from_predictions(y_true, y_pred, groups=groups[:10])


def test_missing_matplotlib_names_the_extra(monkeypatch, result):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(ImportError, match=r"GroupMetricsDisplay.plot needs"):
        GroupMetricsDisplay.from_result(result)
