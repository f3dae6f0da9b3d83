"""legal-targets-affected judges damage to a player by their life going down, which lifelink
undoes when the source's controller is the one dealt the damage (CR 702.15b).  A source that
left the battlefield before its ability resolved still deals the damage with the lifelink it
last had (CR 608.2h): Sanguinary Priest, returned to its owner's hand while its Blood Chalice
ability waits, deals 1 damage to its own controller and gives the 1 back.  The property
judges nothing there -- it can't see the lifelink the Priest last had -- and never calls the
unchanged life a failure (the judgement once did, on a correct engine)."""

from __future__ import annotations

from pathlib import Path

from conformance.contract.types import Cast, Resolve
from builders import judged_script
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.properties import PROPERTIES
from conformance.properties.run import with_own_cards

RULINGS = Path(__file__).parents[2] / "rulings"
PROPERTY = {p.id: p for p in PROPERTIES}["legal-targets-affected"]

BOARD = Setup((PlayerSetup("alice", mana="{R}{U}", zones={
    Zone.BATTLEFIELD: (CardEntry("Sanguinary Priest", "p"), CardEntry("Grizzly Bears", "b")),
    Zone.HAND: (CardEntry("Shock", "s"), CardEntry("Unsummon", "u"))}), PlayerSetup("bob")),
    "alice", Step.PRECOMBAT_MAIN)


def test_damage_given_back_by_a_departed_sources_lifelink_is_no_failure():
    pool = with_own_cards(load_corpus([RULINGS]).cards)
    engine = ReferenceEngine()
    targets = {"Shock": "b", "Sanguinary Priest": None, "Unsummon": "p"}  # None: alice

    def answer(choice, ids):
        alias = next(a for name, a in targets.items() if name in choice.prompt)
        return (ids[alias],) if alias else ("player:alice",)

    found = judged_script(engine, pool, PROPERTY, BOARD, [
        lambda ids: Cast("alice", ids["s"]), lambda ids: Resolve(),
        lambda ids: Cast("alice", ids["u"]), lambda ids: Resolve(), lambda ids: Resolve()],
        answer)
    game = engine.game()
    assert game.player("alice").life == 20  # 1 damage dealt, 1 life gained
    assert not game.stack
    assert found == [], [v.message for v in found]
