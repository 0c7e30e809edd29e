"""compare_models' method="auto": the rule that picks a test from the
measured table, and the table it reads."""

import pytest

from imbascore._inference import fold_tests


@pytest.fixture
def measured(monkeypatch):
    table = {}
    monkeypatch.setattr(fold_tests, "MEASURED", {"5x2": table})
    return table


def test_the_most_powerful_test_within_the_target_wins(measured):
    measured.update(
        {
            "corrected_t": (0.040, 0.006, 0.10, 0.30),
            "paired_t_5x2": (0.060, 0.006, 0.20, 0.40),
            "combined_f_5x2": (0.070, 0.006, 0.90, 0.90),  # above the target
        }
    )
    test, reason = fold_tests.choose_method("auto", "5x2", "compare_models")
    assert test == "paired_t_5x2"
    assert "6.0% ± 0.6%" in reason and "within 5% ± 1.5% with the most power" in reason


def test_none_within_the_target_prefers_the_conservative_tests(measured):
    measured.update(
        {
            "corrected_t": (0.020, 0.005, 0.30, 0.50),
            "paired_t_5x2": (0.030, 0.005, 0.10, 0.20),
            "combined_f_5x2": (0.200, 0.010, 0.90, 0.90),
        }
    )
    test, reason = fold_tests.choose_method("auto", "5x2", "compare_models")
    assert test == "corrected_t"
    assert "none within 5% ± 1.5%; the most powerful of the conservative" in reason


def test_all_liberal_picks_the_least_liberal(measured):
    measured.update(
        {
            "corrected_t": (0.080, 0.005, 0.30, 0.50),
            "combined_f_5x2": (0.200, 0.010, 0.90, 0.90),
        }
    )
    test, reason = fold_tests.choose_method("auto", "5x2", "compare_models")
    assert test == "corrected_t" and "the least liberal one" in reason


def test_the_measured_table_covers_every_kind_of_folds_and_only_known_tests():
    assert set(fold_tests.MEASURED) == set(fold_tests.SETTINGS)
    for folds, tests in fold_tests.MEASURED.items():
        assert set(tests) <= set(fold_tests.NAMES)
        for null, error, power, strong in tests.values():
            assert 0 <= null <= 1 and 0 <= error < 0.05 and power <= strong
        if folds != "5x2":
            assert set(tests) == {"corrected_t"}
