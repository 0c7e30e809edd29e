"""Keep the scorer registry and the metrics' registry as they were after
every test (doctests included): define_metric and register_scorer last for
the session, and one test's names must not reach another's."""

import pytest

from imbascore._scorer import registry
from imbascore._specs import catalogue, spec


@pytest.fixture(autouse=True)
def _restore_registries():
    specs, functions = dict(catalogue._SPECS), dict(spec.FUNCTIONS)
    saved = dict(registry._FACTORIES)
    yield
    for table, kept in ((catalogue._SPECS, specs), (spec.FUNCTIONS, functions)):
        table.clear()
        table.update(kept)
    registry._FACTORIES.clear()
    registry._FACTORIES.update(saved)
