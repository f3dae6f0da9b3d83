"""The properties about what resolving spells and abilities do, where a resolving spell
goes and the cleanup step's discard reach, in their ``ci`` games on the reference engine,
the situations their checks need: each keyword action of the cards their games hold,
"target player" and "each opponent", a permanent spell of the player who is not the active
player, a turn ending with more than seven cards in a hand -- the active player's and the
other player's --, a spell making a player discard cards they choose."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conformance.properties import PROPERTIES, Observation
from conformance.properties.invariants import cleanup, discarding, instructions, resolving
from conformance.runner.results import Status

from ci_games import group, played_in_ci, watch

OWN = {p.id: p for p in PROPERTIES}


def _who(who: str) -> Callable[[Observation], bool]:
    def reached(o: Observation) -> bool:
        found = instructions.outcome(o)
        return found is not None and any(i.who == who and i.verb in ("gain", "lose")
                                         for i in found.instructions)
    return reached


#: Situations beyond each property's own precondition, with the least number of
#: observations in which they hold in the ``ci`` games (kept modest: the games move with
#: every change to the machine, the boards and the card pool).
EXTRA: dict[str, dict[str, tuple[Callable[[Observation], bool], int]]] = {
    "keyword-actions": {
        "cards drawn": (instructions.reached_verb("draw"), 3),
        "cards drawn by a player targeted": (instructions.reached_verb("draw", "target"), 1),
        "cards discarded by a player targeted": (instructions.reached_verb("discard", "target"), 1),
        "the top of a library exiled": (instructions.reached_verb("exile_top"), 3),
        "a source sacrificing itself": (instructions.reached_verb("sacrifice"), 2),
        "tokens created": (instructions.reached_verb("create"), 3),
        "the characteristics of tokens created judged":
            (instructions.reached_token_characteristics, 2),
        "cards taken from a library whose order the engine shows":
            (instructions.reached_from_the_top, 3)},
    "life-gained-and-lost": {
        "life gained": (instructions.reached_verb("gain"), 3),
        "life lost": (instructions.reached_verb("lose"), 3),
        "life lost by each opponent": (_who("each opponent"), 1),
        "life lost by a player targeted": (_who("target"), 1),
        "damage dealt to players": (instructions.reached_verb("damage"), 2)},
    "resolved-spell-destination": {
        "an instant or sorcery card resolving": (resolving.reached_instant_or_sorcery, 5),
        "a permanent spell of the player who is not the active player resolving":
            (resolving.reached_permanent_of_another_player, 2)},
    "cleanup-discard": {
        "a turn ending with the player who is not the active player holding more than seven":
            (cleanup.reached_other_player, 2),
        "a turn ending with more than seven cards in hand and no maximum hand size":
            (cleanup.reached_no_maximum, 1)},
    "discard-chosen-by-the-discarder": {
        "a spell making a player discard after a choice among their cards in hand":
            (discarding.reached, 5),
        "... a player other than its controller": (discarding.reached_other_player, 2)},
}

for _prop_id, _conditions in EXTRA.items():
    watch(_prop_id, {name: condition for name, (condition, _least) in _conditions.items()})


@pytest.mark.parametrize(("prop_id", "situation"),
                         [pytest.param(p, name, marks=group(p))
                          for p, conditions in EXTRA.items() for name in conditions])
def test_the_property_reaches_its_subject_in_ci(prop_id, situation):
    played = played_in_ci(OWN[prop_id])
    assert played.result.status is Status.PASSED, played.result.message
    least = EXTRA[prop_id][situation][1]
    assert played.seen[situation] >= least, \
        f"{prop_id} reached {situation} {played.seen[situation]} times ({dict(played.seen)})"
