"""Status off the battlefield on phase.rs (CR 110.5, 400.7): phase leaves a permanent's
tapped flag on the card it moves to exile or a hand and never applies it there -- the card
comes back untapped whichever way it returns -- so the adapter reports it untapped.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.contract import Cast, Resolve  # noqa: E402
from conformance.contract.types import Event, Move, ObjectId  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
MAGE = "Blinding Mage"


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(RULINGS / "cards.yaml")


def _start(cards: CardPool, mana: str = "") -> tuple[Any, ObjectId]:
    engine = create()
    zones = {Zone.BATTLEFIELD: (CardEntry(MAGE, alias="mage", tapped=True),)}
    setup = Setup((PlayerSetup("alice", mana=mana, zones=zones), PlayerSetup("bob")), "alice")
    aliases = engine.start(setup, cards)
    assert engine.observe(aliases["mage"]).tapped
    return engine, aliases["mage"]


def _moved(events: list[Event], old: ObjectId) -> ObjectId:
    return next(e.data["new_object"] for e in events
                if e.kind == "zone_changed" and e.data.get("object") == old)


def test_an_exiled_card_is_untapped_and_comes_back_untapped(cards: CardPool) -> None:
    engine, mage = _start(cards)
    exiled = _moved(engine.perform(Move(mage, Zone.EXILE)), mage)
    assert engine.observe(exiled).zone is Zone.EXILE
    assert not engine.observe(exiled).tapped
    back = _moved(engine.perform(Move(exiled, Zone.BATTLEFIELD)), exiled)
    assert engine.observe(back).zone is Zone.BATTLEFIELD
    assert not engine.observe(back).tapped


def test_a_card_returned_to_hand_is_untapped_and_cast_untapped(cards: CardPool) -> None:
    engine, mage = _start(cards, mana="{1}{W}")
    in_hand = _moved(engine.perform(Move(mage, Zone.HAND)), mage)
    assert not engine.observe(in_hand).tapped
    engine.perform(Cast("alice", in_hand))
    events = engine.perform(Resolve())
    permanent = next(e.data["new_object"] for e in events
                     if e.kind == "zone_changed" and e.data.get("to") == "battlefield")
    assert engine.observe(permanent).zone is Zone.BATTLEFIELD
    assert not engine.observe(permanent).tapped
