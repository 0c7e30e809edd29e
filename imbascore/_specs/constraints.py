"""A metric's parameters, declared: the rule each value must follow.

In the manner of scikit-learn's ``validate_params``: a spec lists each of its
own parameters with a constraint, and one reader checks any call against it,
so the rule is written once, beside the metric, and the error text (the
parameter, the rule, the value) reads the same everywhere.
"""

from dataclasses import dataclass

from .._core.checks import check_bool, check_choice, is_real, param_error

__all__ = ["Anything", "Boolean", "Interval", "Options"]


@dataclass(frozen=True)
class Interval:
    """A real number in ``[low, high]`` (``closed`` ends; None: unbounded)."""

    low: float | None
    high: float | None
    closed: str = "both"

    @property
    def rule(self):
        left = "[" if self.closed in ("both", "left") else "("
        right = "]" if self.closed in ("both", "right") else ")"
        if self.low is None and self.high is None:
            return "a real number"
        if self.high is None:
            return f"a float {'>=' if left == '[' else '>'} {self.low}"
        if self.low is None:
            return f"a float {'<=' if right == ']' else '<'} {self.high}"
        return f"a float in the range {left}{self.low}, {self.high}{right}"

    def check(self, value, name, func):
        if is_real(value) and value == value:
            number = float(value)
            low_ok = self.low is None or (
                number >= self.low
                if self.closed in ("both", "left")
                else number > self.low
            )
            high_ok = self.high is None or (
                number <= self.high
                if self.closed in ("both", "right")
                else number < self.high
            )
            if low_ok and high_ok:
                return number
        raise ValueError(param_error(func, name, self.rule, value))


@dataclass(frozen=True)
class Options:
    """One of a fixed set of values."""

    values: tuple

    @property
    def rule(self):
        return "one of {" + ", ".join(map(repr, self.values)) + "}"

    def check(self, value, name, func):
        return check_choice(value, name, self.values, func)


@dataclass(frozen=True)
class Boolean:
    """``True`` or ``False`` (numpy's booleans too)."""

    rule = "a bool"

    def check(self, value, name, func):
        return check_bool(value, name, func)


@dataclass(frozen=True)
class Anything:
    """Any value: a parameter of a user's metric declared without a rule."""

    rule = "any value"

    def check(self, value, name, func):
        return value
