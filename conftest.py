"""Keep the scorer registry as it was after every test (doctests included)."""

import pytest

from imbascore._scorer import registry


@pytest.fixture(autouse=True)
def _restore_scorer_registry():
    saved = dict(registry._FACTORIES)
    yield
    registry._FACTORIES.clear()
    registry._FACTORIES.update(saved)
