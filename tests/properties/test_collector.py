"""A property search sets the objects that exist before it aside from the garbage collector,
and gives them back afterwards, without undoing a freeze that is not its own."""

from __future__ import annotations

import gc

import pytest

from conformance.properties.run import long_lived_set_aside


@pytest.fixture
def unfrozen():
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_objects_are_set_aside_during_the_search_and_given_back(unfrozen):
    kept = [object() for _ in range(10)]
    with long_lived_set_aside():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    assert kept


def test_they_are_given_back_when_the_search_raises(unfrozen):
    with pytest.raises(RuntimeError), long_lived_set_aside():
        raise RuntimeError("a failing game")
    assert gc.get_freeze_count() == 0


def test_a_freeze_made_before_is_left_alone(unfrozen):
    gc.freeze()
    frozen = gc.get_freeze_count()
    with long_lived_set_aside():
        pass
    assert gc.get_freeze_count() == frozen


def test_nothing_is_frozen_while_the_collector_is_off(unfrozen):
    gc.disable()
    try:
        with long_lived_set_aside():
            assert gc.get_freeze_count() == 0
    finally:
        gc.enable()
