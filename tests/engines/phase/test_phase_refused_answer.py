"""A refused answer on phase.rs: the refusal is phase's own (the adapter passes the answer on
and reports what phase says), and the same choice stays pending.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase")

from conformance.contract.types import Cast, PlayerRef  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Step, Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"


def test_a_division_is_passed_on_as_a_player_answering_phase_gives_it() -> None:
    """A target given no share is left out of the distribution, as a player answering phase
    leaves it: phase then takes all 3 to the Bears and keeps bob a target with none (a
    departure from CR 601.2d, which the ruling reports; written out as a share of 0, phase
    refused it and hid the departure).  A division giving each target a share is taken."""
    engine = create()
    setup = Setup((
        PlayerSetup("alice", mana="{2}{R}", zones={Zone.HAND: (CardEntry("Arc Lightning", "arc"),)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears"),)}),
    ), "alice", Step.PRECOMBAT_MAIN)
    cards = load_cards(RULINGS / "cards.yaml")
    ids = engine.start(setup, cards)
    engine.perform(Cast("alice", ids["arc"], targets=(ids["bears"], PlayerRef("bob"))))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "divide"
    engine.answer([ids["bears"]] * 3)  # phase's own verdict: accepted
    assert engine.pending_choice() is None
    (spell,) = engine.game().stack
    assert set(spell.targets) == {ids["bears"], PlayerRef("bob")}
    engine.close()

    engine = create()
    ids = engine.start(setup, cards)
    engine.perform(Cast("alice", ids["arc"], targets=(ids["bears"], PlayerRef("bob"))))
    engine.answer([ids["bears"], "player:bob", "player:bob"])
    assert engine.pending_choice() is None
    engine.close()


def test_convoke_is_a_choice_of_creatures_and_phase_decides_what_each_may_pay() -> None:
    """phase asks which creature pays which mana in its ``ManaPayment`` prompt; the contract
    asks which creatures.  Two creatures that phase lets pay only {1} each do not finish a
    {1}{G} payment: refused, nothing tapped, the same choice pending; a green one and
    another do, and the spell is cast."""
    engine = create()
    setup = Setup((
        PlayerSetup("alice", zones={
            Zone.HAND: (CardEntry("Grizzly Bears", "bears"),),
            Zone.BATTLEFIELD: (CardEntry("Dazzling Theater // Prop Room", "room",
                                         unlocked=(Door.LEFT,)),
                               CardEntry("Goblin Guide", "goblin"), CardEntry("Memnite", "memnite"),
                               CardEntry("Giant Spider", "spider"))}),
        PlayerSetup("bob", zones={})), "alice", Step.PRECOMBAT_MAIN)
    ids = engine.start(setup, load_cards(RULINGS / "cards.yaml"))
    engine.perform(Cast("alice", ids["bears"]))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "cards" and choice.min == 0
    assert {o.value for o in choice.options} == {ids["goblin"], ids["memnite"], ids["spider"]}
    assert not engine.accepts([ids["goblin"], ids["memnite"]])
    with pytest.raises(IllegalAction, match="convoke"):
        engine.answer([ids["goblin"], ids["memnite"]])
    assert engine.pending_choice() == choice
    assert not engine.observe(ids["goblin"]).tapped and not engine.observe(ids["memnite"]).tapped
    assert engine.accepts([ids["goblin"], ids["spider"]])
    engine.answer([ids["goblin"], ids["spider"]])
    assert engine.pending_choice() is None
    stack = engine.game().stack
    assert [item.kind for item in stack] == ["spell"]
    assert engine.observe(stack[0].id).names == ("Grizzly Bears",)
    assert engine.observe(ids["spider"]).tapped and not engine.observe(ids["memnite"]).tapped
    engine.close()
