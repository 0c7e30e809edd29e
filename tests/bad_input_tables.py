"""What the bad-input tables of the tests share (``tests/*/test_validation_*.py``).

A table is ``SURFACES``, a mapping from a name to ``(call, valid keyword
defaults)``, and cases ``(surface, parameter, bad value, regex of the rule)``;
a surface named ``"f (one way)"`` is the public function ``f`` called that way.
``pythonpath = ["tests"]`` (pyproject.toml) lets every test folder import it.
"""

import re
import warnings

import pytest


def case_id(case):
    """The test id of a case: its surface, parameter and value, shortened."""
    surface, param, value, _ = case[:4]
    shown = (
        f"shape {value.shape}"
        if hasattr(value, "shape")
        # no memory address: xdist's workers must collect the same ids
        else re.sub(r" at 0x[0-9a-fA-F]+", "", repr(value))
    )
    return f"{surface.strip()}-{param}-{shown[:30]}"


def error_message(surfaces, surface, param, value, ignore=()):
    """The error text of ``surface`` called with ``param=value`` (warnings of
    the categories ``ignore`` silenced, any other one still an error)."""
    call, defaults = surfaces[surface]
    with pytest.raises((TypeError, ValueError)) as raised:
        with warnings.catch_warnings():
            for category in ignore:
                warnings.simplefilter("ignore", category)
            call(**{**defaults, param: value})
    return str(raised.value)


def assert_names_its_parameter(surfaces, case, ignore=()):
    """scikit-learn's ``validate_params`` wording: the error names the public
    function, its own parameter, the rule and the value got ("instead")."""
    surface, param, value, rule = case
    message = error_message(surfaces, surface, param, value, ignore)
    public = surface.split(" (")[0]
    own = rf"The '{param}' parameter of {re.escape(public)}\b"
    assert re.search(own, message), message
    assert re.search(rule, message) and "instead" in message, message
