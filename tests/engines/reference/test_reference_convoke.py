"""Convoke (CR 702.51a) in the reference engine through the adapter contract: each creature
tapped pays for {1} or one mana of its color; an answer with a creature that can pay for
neither is refused, nothing of it is taken, and the same choice stays pending."""

from __future__ import annotations

import pytest

from conformance.contract.types import Cast
from conformance.errors import IllegalAction

from builders import entry

ROOM = "Dazzling Theater // Prop Room"


def _cast_bears(start):  # type: ignore[no-untyped-def]
    engine, ids = start(hand=[entry("Grizzly Bears", "bears")], battlefield=[
        entry(ROOM, "room", unlocked=["left"]), entry("Goblin Guide", "goblin"),
        entry("Memnite", "memnite"), entry("Giant Spider", "spider")])
    engine.perform(Cast("alice", ids["bears"]))
    return engine, ids


def test_a_creature_that_can_pay_for_nothing_is_refused_and_the_choice_stays(start) -> None:  # type: ignore[no-untyped-def]
    engine, ids = _cast_bears(start)
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "cards"
    with pytest.raises(IllegalAction, match="can't pay"):
        engine.answer([ids["goblin"], ids["memnite"]])  # neither is green: {G} is left unpaid
    assert engine.pending_choice() == choice
    assert not engine.observe(ids["goblin"]).tapped
    assert not engine.observe(ids["memnite"]).tapped
    engine.answer([ids["goblin"], ids["spider"]])  # {1} and {G}
    assert len(engine.game().stack) == 1  # Grizzly Bears, cast
    assert engine.observe(ids["goblin"]).tapped and engine.observe(ids["spider"]).tapped
    assert not engine.observe(ids["memnite"]).tapped


def test_a_green_creature_pays_for_green_before_generic(start) -> None:  # type: ignore[no-untyped-def]
    engine, ids = _cast_bears(start)
    engine.answer([ids["spider"], ids["memnite"]])  # in either order
    assert len(engine.game().stack) == 1  # Grizzly Bears, cast
