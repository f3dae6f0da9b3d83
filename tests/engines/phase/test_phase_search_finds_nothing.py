"""A library search on phase.rs may find nothing when phase allows it: phase's
``SearchChoice`` prompt says ``allows_partial_find`` for a search of a stated quality (CR
701.23b) and takes an empty selection then, so the adapter reports the choice with
``min`` 0 -- reporting 1 made ``searches-may-find-nothing`` fail phase for a rule it
follows.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase")

from conformance.contract.types import Cast, Resolve  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.format.cards import load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
PLENTY = "{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}"


def test_a_search_of_a_stated_quality_may_find_nothing_on_phase() -> None:
    cards = load_cards(RULINGS / "cards.yaml")
    setup = Setup(players=(
        PlayerSetup("alice", mana=PLENTY, zones={
            Zone.HAND: (CardEntry("Wargate", alias="gate"),),
            Zone.LIBRARY: (CardEntry("Forest", alias="f1"), CardEntry("Forest", alias="f2"),
                           CardEntry("Blinding Mage", alias="mage"))}),
        PlayerSetup("bob", mana=PLENTY)), active_player="alice")
    engine = create()
    aliases = engine.start(setup, cards)
    engine.perform(Cast("alice", aliases["gate"], x=0))
    engine.perform(Resolve())
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "cards"
    # "a permanent card with mana value 0 or less": the Forests, and none of them need be found
    assert {o.value for o in choice.options} == {aliases["f1"], aliases["f2"]}
    assert (choice.min, choice.max) == (0, 1)
    engine.answer([])
    assert engine.pending_choice() is None
    assert {engine.observe(aliases[a]).zone for a in ("f1", "f2")} == {Zone.LIBRARY}
