"""Haste lets a creature pay {T} costs the turn it arrives (CR 302.6, 702.10c), and a spell
on the stack is never a legal target for itself (CR 115.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.contract.types import Activate, Cast, PlayerRef
from conformance.engines.reference import ReferenceEngine
from conformance.errors import IllegalAction
from conformance.format.cards import load_cards
from conformance.format.model import PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone

from builders import entry

PINGERS = """\
Hasty Pinger:
  - name: Hasty Pinger
    manaCost: "{R}"
    types: [Creature]
    power: "1"
    toughness: "1"
    keywords: [Haste]
    text: "Haste\\n{T}: This creature deals 1 damage to any target."
    rules: [{activated: {tap: true}, target: {what: any}, effects: [{damage: {amount: 1}}]}]
Slow Pinger:
  - name: Slow Pinger
    manaCost: "{R}"
    types: [Creature]
    power: "1"
    toughness: "1"
    text: "{T}: This creature deals 1 damage to any target."
    rules: [{activated: {tap: true}, target: {what: any}, effects: [{damage: {amount: 1}}]}]
"""


def _game(pool, alice_zones, mana=""):
    setup = Setup(players=(PlayerSetup("alice", mana=mana, zones=alice_zones),
                           PlayerSetup("bob")),
                  active_player="alice", step=Step.PRECOMBAT_MAIN)
    engine = ReferenceEngine()
    return engine, engine.start(setup, pool)


@pytest.mark.parametrize(("card", "legal"), [("Hasty Pinger", True), ("Slow Pinger", False)])
def test_haste_lets_a_creature_that_just_arrived_tap_for_its_ability(tmp_path: Path, card,
                                                                      legal):
    path = tmp_path / "cards.yaml"
    path.write_text(PINGERS, encoding="utf-8")
    pool = load_cards(path)
    engine, ids = _game(pool, {Zone.BATTLEFIELD: (entry(card, "pinger", summoning_sick=True),)})
    action = Activate("alice", ids["pinger"], 0, targets=(PlayerRef("bob"),))
    assert engine.is_legal(action) is legal
    listed = Activate("alice", ids["pinger"], 0)  # targets chosen as it is activated
    assert (listed in engine.legal_actions("alice")) is legal
    if legal:
        engine.perform(action)
        assert engine.observe(ids["pinger"]).tapped
    else:
        with pytest.raises(IllegalAction, match="summoning sickness"):
            engine.perform(action)


def test_a_spell_is_not_a_target_for_itself(pool):
    engine, ids = _game(pool, {Zone.HAND: (entry("Twincast", "twincast"),)}, mana="{U}{U}")
    for action in (Cast("alice", ids["twincast"]),  # no instant or sorcery spell but itself
                   Cast("alice", ids["twincast"], targets=(ids["twincast"],))):
        assert not engine.is_legal(action)
        with pytest.raises(IllegalAction, match="no legal targets|not a legal target"):
            engine.perform(action)
    assert engine.observe(ids["twincast"]).zone is Zone.HAND



def test_any_target_is_a_creature_a_player_a_planeswalker_or_a_battle(tmp_path: Path) -> None:
    """CR 115.4: "any target" is a creature, a player, a planeswalker or a battle; a land is
    not, though the card's target data names no types (``{what: any}``)."""
    path = tmp_path / "cards.yaml"
    path.write_text(PINGERS + """\
Forest:
  - name: Forest
    types: [Land]
    supertypes: [Basic]
    subtypes: [Forest]
    text: "({T}: Add {G}.)"
""", encoding="utf-8")
    pool = load_cards(path)
    engine, ids = _game(pool, {Zone.BATTLEFIELD: (entry("Hasty Pinger", "pinger"),
                                                  entry("Slow Pinger", "other"),
                                                  entry("Forest", "forest"))})
    for target in (ids["other"], PlayerRef("bob")):
        assert engine.is_legal(Activate("alice", ids["pinger"], 0, targets=(target,)))
    refused = Activate("alice", ids["pinger"], 0, targets=(ids["forest"],))
    assert not engine.is_legal(refused)
    with pytest.raises(IllegalAction, match="not a legal target"):
        engine.perform(refused)
    assert not engine.observe(ids["pinger"]).tapped
