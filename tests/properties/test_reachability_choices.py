"""The properties of the choices a player may make -- how many targets a spell has, what
may be targeted, who may attack and block -- reach what they are about in the ``ci``
profile: in their games on the reference engine, each one's precondition holds, and so do
the situations its strongest checks need."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conformance.properties import Observation, Property
from conformance.properties.invariants import attacks_and_blocks, offered_targets, target_counts
from conformance.runner.results import Status

from ci_games import group, played_in_ci, watch

OWN = {p.id: p for p in target_counts.PROPERTIES + attacks_and_blocks.PROPERTIES
       + offered_targets.PROPERTIES}

#: Situations beyond each property's own precondition, with the least number of
#: observations in which they hold in the ``ci`` games (kept modest: the games move with
#: every change to the machine, the boards and the card pool).
EXTRA: dict[str, dict[str, tuple[Callable[[Observation], bool], int]]] = {
    "target-counts": {
        "a spell whose one word \"target\" allows several cast":
            (target_counts.reached_cast, 2),
        "a cast naming another number of targets the word allows probed":
            (target_counts.reached_accepted, 20),
        "a choice of targets judged for a word \"target\" that allows none":
            (target_counts.reached_none_allowed, 2)},
    "offered-targets": {
        "a choice of targets judged for a word allowing players":
            (offered_targets.reached_players, 3),
        "a choice of targets judged for a word asking plainly for a permanent":
            (offered_targets.reached_permanents, 10),
        "casts naming a permanent for a word asking plainly for one probed":
            (offered_targets.reached_object_probes, 10),
        "activations naming a permanent for a word asking plainly for one probed":
            (offered_targets.reached_activation_probes, 2),
        "casts saying \"any target\" probed naming a permanent of another kind":
            (offered_targets.reached_any_target_permanent, 3),
        "a word \"target\" asking for a tapped or untapped permanent judged":
            (offered_targets.reached_tapped_or_untapped, 1),
        "a choice of targets judged for an activated ability whose source is what it asks for":
            (offered_targets.reached_own_source, 1)},
    "attacks-and-blocks": {
        "blockers probed against two attackers with an untapped creature":
            (attacks_and_blocks.reached_two_attackers, 1),
        "blockers probed with a tapped creature of the defending player":
            (attacks_and_blocks.reached_tapped_blocker, 5),
        "attackers probed with an untapped creature with haste":
            (attacks_and_blocks.reached_haste, 5),
        "blockers probed with an untapped creature with defender":
            (attacks_and_blocks.reached_defender_blocking, 1)},
}


def conditions(prop: Property) -> dict[str, tuple[Callable[[Observation], bool], int]]:
    assert prop.reached is not None
    return {"its precondition": (prop.reached, 5), **EXTRA.get(prop.id, {})}


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
