"""The properties of damage marked, trample's lethal damage, what a face change keeps and
where a triggered ability's source was reach what they are about in the ``ci`` profile: in their games on the reference engine,
each one's precondition holds, and so do the situations its strongest checks need."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conformance.properties import Observation, Property
from conformance.properties.invariants import attachments, marked, same_object, trigger_sources
from conformance.runner.results import Status

from ci_games import group, played_in_ci, watch

OWN = {p.id: p for p in marked.PROPERTIES + same_object.PROPERTIES
       + trigger_sources.PROPERTIES
       + tuple(p for p in attachments.PROPERTIES if p.id == "attachments-through-a-return")}

#: Situations beyond each property's own precondition, with the least number of
#: observations in which they hold in the ``ci`` games (kept modest: the games move with
#: every change to the machine, the boards and the card pool).  The ``ci`` games reach a
#: blocked trampler dealing damage to the player past its blockers, and a creature dealt
#: damage again after coming back, too seldom to hold them to it (docs/properties.md).
EXTRA: dict[str, dict[str, tuple[Callable[[Observation], bool], int]]] = {
    "trample-assignment": {},
    "damage-marked": {
        "a turn ended with a creature dealt less damage than its toughness":
            (marked.reached_turn_ended_with_damage, 1)},
    "attachments-through-a-return": {
        "an object something was attached to left the battlefield and came back":
            (attachments.reached_host_returned, 1)},
    "face-changes-keep-the-object": {
        "a permanent with counters or an \"until end of turn\" change turned face up":
            (same_object.reached_with_effects, 2),
        "a permanent with an \"until end of turn\" change turned face up":
            (same_object.reached_pumped, 1),
        "a creature that could attack, turned face up, probed attacking":
            (same_object.reached_attack_after_turning, 1),
        "a creature that could attack, transformed, probed attacking":
            (same_object.reached_attack_after_transforming, 1)},
}


def conditions(prop: Property) -> dict[str, tuple[Callable[[Observation], bool], int]]:
    assert prop.reached is not None
    return {"its precondition": (prop.reached, 1), **EXTRA.get(prop.id, {})}


for _prop in OWN.values():
    watch(_prop.id, {name: test for name, (test, _least) in conditions(_prop).items()})


@pytest.mark.parametrize(("prop_id", "situation"),
                         [pytest.param(p.id, name, marks=group(p.id))
                          for p in OWN.values() for name in conditions(p)])
def test_the_property_reaches_its_subject_in_ci(prop_id, situation):
    played = played_in_ci(OWN[prop_id])
    assert played.result.status is Status.PASSED, played.result.message
    least = conditions(OWN[prop_id])[situation][1]
    assert played.seen[situation] >= least, \
        f"{prop_id} reached {situation} {played.seen[situation]} times ({dict(played.seen)})"
