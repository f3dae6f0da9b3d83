"""The properties of trigger doubling, trigger conditions, cost changes, permissions and
zone changes reach what they are about in the ``ci`` profile: in their games on the
reference engine, each one's precondition holds at least once, and so do the situations
its strongest checks need (a doubler applying to a trigger)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from conformance.properties import Observation, Property
from conformance.properties.invariants import (
    doubling, exile_play, permissions, spells, triggers, zones,
)
from conformance.runner.results import Status

from ci_games import group, played_in_ci, watch

OWN = {p.id: p for p in (doubling.PROPERTIES + permissions.PROPERTIES + zones.PROPERTIES
                         + spells.PROPERTIES + exile_play.PROPERTIES)}

EXTRA: dict[str, dict[str, Callable[[Observation], bool]]] = {
    "additional-instances-entering": {"a doubler applying": triggers.reached_doubling},
    "additional-instances-steps-and-casts": {"a doubler applying": triggers.reached_doubling},
}


def conditions(prop: Property) -> dict[str, Callable[[Observation], bool]]:
    assert prop.reached is not None, f"{prop.id} says nothing of when it has something to judge"
    return {"its precondition": prop.reached, **EXTRA.get(prop.id, {})}


for _prop in OWN.values():
    watch(_prop.id, conditions(_prop))


def seen_in_ci(prop: Property) -> Counter[str]:
    """How often each condition held in ``prop``'s ``ci`` games (played once per process,
    for test_properties.py and test_reachability.py too)."""
    played = played_in_ci(prop)
    assert played.result.status is Status.PASSED, played.result.message
    return played.seen


@pytest.mark.parametrize(("prop_id", "situation"),
                         [pytest.param(p.id, name, marks=group(p.id))
                          for p in OWN.values() for name in conditions(p)])
def test_the_property_reaches_its_subject_in_ci(prop_id, situation):
    seen = seen_in_ci(OWN[prop_id])
    assert seen[situation], f"{prop_id} never reached {situation} ({dict(seen)})"
