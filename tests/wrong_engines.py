"""Factories of mutants for ``--engine wrong_engines:<factory>`` in end-to-end tests."""

from __future__ import annotations

from conformance.mutants import MutantEngine, create


def room_one_door_off_battlefield() -> MutantEngine:
    """A Room card outside the stack and battlefield has only its first door's values."""
    return create("room-one-door-off-battlefield")
