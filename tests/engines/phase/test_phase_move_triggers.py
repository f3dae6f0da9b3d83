"""Triggers of a ``Move`` on phase.rs (contract: "move a card as an effect would, with the
usual triggers"; CR 603.3b-d).  phase's debug ``MoveToZone`` leaves a triggered ability
whose targets must be chosen pending -- on the stack with no targets, the next player's
abilities held back -- while it says it waits for priority; the adapter has phase ask for
the targets, so the move's triggers are all put on the stack, each targeted one with the
target its controller chooses, and no pass of priority is counted.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.contract.types import Move, PassPriority, PlayerRef  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Zone  # noqa: E402

ROOT = Path(__file__).parents[3]
ROOM = "Funeral Room // Awakening Hall"  # "Whenever a creature you control dies, ..."
ARTIST = "Blood Artist"  # "Whenever ~ or another creature dies, target player loses 1 life ..."


@pytest.fixture(scope="module")
def cards() -> CardPool:
    corpus = load_cards(ROOT / "rulings" / "cards.yaml")
    own = load_cards(ROOT / "strategies" / "cards.yaml")
    return CardPool({**dict(corpus), **dict(own)}, "both")


def _start(cards: CardPool, active: str, artist: bool = True) -> tuple[Any, dict[str, str]]:
    engine = create()
    alice = {Zone.BATTLEFIELD: (CardEntry(ROOM, alias="room", unlocked=(Door.LEFT,)),
                                CardEntry("Grizzly Bears", alias="bears"))}
    bob = {Zone.BATTLEFIELD: (CardEntry(ARTIST, alias="artist"),)} if artist else {}
    setup = Setup((PlayerSetup("alice", zones=alice), PlayerSetup("bob", zones=bob)), active)
    return engine, engine.start(setup, cards)


@pytest.mark.parametrize("active", ["alice", "bob"])
def test_a_targeted_trigger_of_a_move_is_asked_for_and_every_trigger_goes_on_the_stack(
        cards: CardPool, active: str) -> None:
    engine, ids = _start(cards, active)
    engine.perform(Move(ids["bears"], Zone.GRAVEYARD))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "target" and choice.player == "bob"
    engine.answer(["player:alice"])
    assert engine.pending_choice() is None
    stack = engine.game().stack
    sources = sorted(item.source for item in stack)
    assert sources == sorted([ids["room"], ids["artist"]])
    artist = next(item for item in stack if item.source == ids["artist"])
    assert artist.targets == (PlayerRef("alice"),)
    # no pass is counted: the top of the stack resolves once both players have passed
    first = engine.game().priority_player
    engine.perform(PassPriority(first))
    assert len(engine.game().stack) == 2
    engine.perform(PassPriority(engine.game().priority_player))
    assert len(engine.game().stack) == 1


def test_a_move_triggering_nothing_targeted_asks_nothing(cards: CardPool) -> None:
    engine, ids = _start(cards, "bob", artist=False)
    engine.perform(Move(ids["bears"], Zone.GRAVEYARD))
    assert engine.pending_choice() is None
    assert [item.source for item in engine.game().stack] == [ids["room"]]
    assert engine.game().priority_player == "bob"
