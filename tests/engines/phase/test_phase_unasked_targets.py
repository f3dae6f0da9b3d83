"""Targets named with a cast that phase.rs never asks for.  With one legal target phase
chooses it itself and asks nothing, so the targets a ``Cast`` names are never handed to
it: the cast is taken only when what phase put on the stack has exactly those targets.
(Giant Growth "targeting" a Room with no door unlocked -- an enchantment, not a creature
-- was reported taken, phase having targeted the only creature.)

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.contract.types import Cast, PlayerRef  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
ROOM = "Mirror Room // Fractured Realm"


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(RULINGS / "cards.yaml")


def _start(cards: CardPool, creatures: int) -> tuple[Any, dict[str, str]]:
    engine = create()
    alice = {Zone.HAND: (CardEntry("Giant Growth", alias="growth"),),
             Zone.BATTLEFIELD: tuple(CardEntry("Grizzly Bears", alias=f"bears{i}")
                                     for i in range(creatures))}
    bob = {Zone.BATTLEFIELD: (CardEntry(ROOM, alias="room"),)}  # no door unlocked
    setup = Setup((PlayerSetup("alice", mana="{G}", zones=alice),
                   PlayerSetup("bob", zones=bob)), "alice")
    return engine, engine.start(setup, cards)


@pytest.mark.parametrize("creatures", [1, 2])
def test_a_cast_naming_what_is_not_a_creature_is_refused(cards: CardPool,
                                                          creatures: int) -> None:
    engine, ids = _start(cards, creatures)
    growth = ids["growth"]
    assert not engine.is_legal(Cast("alice", growth, targets=(ids["room"],)))
    assert not engine.is_legal(Cast("alice", growth, targets=(PlayerRef("bob"),)))
    assert engine.is_legal(Cast("alice", growth, targets=(ids[f"bears{creatures - 1}"],)))
    with pytest.raises(IllegalAction):
        engine.perform(Cast("alice", growth, targets=(ids["room"],)))
    assert engine.observe(growth).zone is Zone.HAND  # refused, and undone
    engine.perform(Cast("alice", growth, targets=(ids["bears0"],)))
    assert engine.game().stack[0].targets == (ids["bears0"],)
