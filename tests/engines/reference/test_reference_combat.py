"""Combat, priority, steps, damage and life, and the order of triggers in the reference
engine, through the adapter contract."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.contract.types import (
    AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, Move, PassPriority, PlayerRef, Resolve,
)
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from builders import entry


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def test_attacking_taps_and_moves_to_declare_attackers(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears")])
    events = engine.perform(DeclareAttackers("alice", (ids["bears"],)))
    assert engine.game().step is Step.DECLARE_ATTACKERS
    assert engine.observe(ids["bears"]).tapped
    assert "attackers_declared" in kinds(events) and "attacks" in kinds(events)


@pytest.mark.parametrize("state, reason", [
    ({"summoning_sick": True}, "summoning sickness"),
    ({"tapped": True}, "tapped"),
])
def test_a_creature_that_cant_attack_is_refused(start, state, reason):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears", **state)])
    with pytest.raises(IllegalAction, match=reason):
        engine.perform(DeclareAttackers("alice", (ids["bears"],)))
    assert engine.game().step is Step.PRECOMBAT_MAIN  # the game is as it was


def test_only_the_active_player_attacks_and_only_the_defender_blocks(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears")],
                        bob={"battlefield": [entry("Memnite", "memnite")]})
    with pytest.raises(IllegalAction):
        engine.perform(DeclareAttackers("bob", (ids["memnite"],)))
    engine.perform(DeclareAttackers("alice", (ids["bears"],)))
    with pytest.raises(IllegalAction):
        engine.perform(DeclareBlockers("alice", ((ids["bears"], ids["bears"]),)))


def _double_blocked_dreadmaw(start):
    engine, ids = start(battlefield=[entry("Colossal Dreadmaw", "dreadmaw")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears"),
                                             entry("Giant Spider", "spider")]})
    engine.perform(DeclareAttackers("alice", (ids["dreadmaw"],)))
    engine.perform(DeclareBlockers("bob", ((ids["bears"], ids["dreadmaw"]),
                                           (ids["spider"], ids["dreadmaw"]))))
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    return engine, ids


def test_two_blockers_share_the_damage_as_the_attacking_player_divides_it(start):
    engine, ids = _double_blocked_dreadmaw(start)
    choice = engine.pending_choice()  # no damage assignment order (CR 510.1c)
    assert choice is not None and choice.kind == "combat_damage" and choice.player == "alice"
    assert {o.value for o in choice.options} == {ids["bears"], ids["spider"], "player:bob"}
    assert choice.min == choice.max == 6 and not choice.forced
    engine.answer([ids["bears"]] * 2 + [ids["spider"]] * 4)  # lethal to each
    assert engine.game().player("bob").life == 20
    assert engine.objects(Zone.BATTLEFIELD, "bob") == []
    assert engine.observe(ids["dreadmaw"]).zone is Zone.BATTLEFIELD


def test_trample_reaches_the_player_only_past_lethal_damage_to_every_blocker(start):
    engine, ids = _double_blocked_dreadmaw(start)
    with pytest.raises(IllegalAction, match="702.19b"):
        engine.answer([ids["bears"]] * 2 + [ids["spider"]] * 3 + ["player:bob"])
    assert engine.pending_choice() is not None  # the choice stays pending
    engine.answer([ids["bears"]] * 6)  # all to one blocker: allowed, nothing tramples over
    assert engine.game().player("bob").life == 20
    assert engine.observe(ids["spider"]).zone is Zone.BATTLEFIELD


def test_a_single_blocker_without_trample_takes_everything_unasked(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears")],
                        bob={"battlefield": [entry("Memnite", "memnite")]})
    engine.perform(DeclareAttackers("alice", (ids["bears"],)))
    engine.perform(DeclareBlockers("bob", ((ids["memnite"], ids["bears"]),)))
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    assert engine.pending_choice() is None
    assert engine.objects(Zone.GRAVEYARD, "bob")


def test_no_attackers_skips_blockers_and_damage(start):
    engine, _ids = start(battlefield=[entry("Grizzly Bears", "bears")])
    engine.perform(DeclareAttackers("alice", ()))
    with pytest.raises(IllegalAction, match="skipped"):
        engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    engine.perform(AdvanceTo(Step.END_OF_COMBAT))
    assert engine.game().step is Step.END_OF_COMBAT


def test_zero_life_loses_the_game_and_ends_it(start):
    engine, ids = start(mana="{R}{R}", hand=[entry("Shock", "shock"), entry("Shock", "other")])
    engine.game_state.player("bob").life = 2
    engine.perform(Cast("alice", ids["shock"], targets=(PlayerRef("bob"),)))
    assert not engine.game().game_over
    events = engine.perform(Resolve())
    assert ("player_lost", "bob") in [(e.kind, e.data.get("player")) for e in events]
    view = engine.game()
    assert view.game_over and view.winner == "alice" and view.priority_player is None
    with pytest.raises(IllegalAction, match="the game is over"):
        engine.perform(Cast("alice", ids["other"], targets=(PlayerRef("bob"),)))
    assert not engine.is_legal(AdvanceTo(Step.END))


def test_drawing_from_an_empty_library_loses_the_game(start):
    engine, _ids = start()
    events = engine.perform(AdvanceTo(Step.DRAW))  # bob's draw step, bob has no library
    assert engine.game().active_player == "bob"
    assert ("player_lost", "bob") in [(e.kind, e.data.get("player")) for e in events]
    assert engine.game().winner == "alice"
    assert engine.game().step is Step.DRAW  # the game stopped there
    with pytest.raises(IllegalAction, match="the game is over"):
        engine.perform(PassPriority("bob"))


def test_both_players_losing_at_once_is_a_draw(start):
    engine, _ids = start()
    for player in engine.game_state.players:
        player.life = 0
    engine.perform(AdvanceTo(Step.BEGINNING_OF_COMBAT))
    view = engine.game()
    assert view.game_over and view.winner is None


def test_priority_goes_around_before_anything_resolves(start):
    engine, ids = start(mana="{1}{G}", hand=[entry("Grizzly Bears", "bears")])
    engine.perform(Cast("alice", ids["bears"]))
    assert engine.game().priority_player == "alice"
    with pytest.raises(IllegalAction):
        engine.perform(PassPriority("bob"))
    engine.perform(PassPriority("alice"))
    assert engine.game().priority_player == "bob" and len(engine.game().stack) == 1
    engine.perform(PassPriority("bob"))
    assert engine.game().stack == () and engine.game().priority_player == "alice"


def test_cleanup_discards_down_to_seven(start):
    hand = [entry("Memnite") for _ in range(8)]
    engine, _ids = start(hand=hand)
    engine.perform(AdvanceTo(Step.UPKEEP))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "cards" and choice.min == choice.max == 1
    engine.answer([choice.options[0].value])
    assert engine.game().player("alice").hand_size == 7
    assert engine.game().step is Step.UPKEEP and engine.game().active_player == "bob"


def test_the_order_choice_names_each_distinct_ability_by_its_source(start):
    engine, ids = start(mana="{1}{G}", hand=[entry("Elvish Visionary", "elf")],
                        library=[entry("Memnite")],
                        battlefield=[entry("Soul Warden", "warden")])
    engine.perform(Cast("alice", ids["elf"]))
    engine.perform(Resolve())
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "order" and not choice.forced
    labels = {o.value: o.label for o in choice.options}
    elf = next(v for v in labels if v != ids["warden"])
    assert labels[ids["warden"]] == "Soul Warden: Whenever another creature enters, you gain 1 life."
    assert labels[elf].startswith("Elvish Visionary: ")
    engine.answer([ids["warden"], elf])  # the Warden's first: it resolves last
    assert [item.source for item in engine.game().stack] == [elf, ids["warden"]]


def test_a_dies_trigger_sees_the_creature_as_it_last_was(start):
    engine, ids = start(mana="{R}", hand=[entry("Shock", "shock")],
                        battlefield=[entry("Funeral Room // Awakening Hall", "room",
                                           unlocked=["left"]),
                                     entry("Grizzly Bears", "bears")])
    engine.perform(Cast("alice", ids["shock"], targets=(ids["bears"],)))
    engine.perform(Resolve())
    (item,) = engine.game().stack
    assert item.source == ids["room"]


def test_an_attacker_that_left_the_battlefield_cannot_be_blocked(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears")],
                        bob={"battlefield": [entry("Memnite", "memnite")]})
    engine.perform(DeclareAttackers("alice", (ids["bears"],)))
    engine.perform(Move(ids["bears"], Zone.HAND))  # removed from combat (CR 506.4)
    with pytest.raises(IllegalAction, match="506.4"):
        engine.perform(DeclareBlockers("bob", ((ids["memnite"], ids["bears"]),)))


# -- a damage source that has left the battlefield ------------------------------------------

#: Two creatures whose tap abilities deal damage, one with lifelink, one with deathtouch: test
#: cards, in the card file's own vocabulary.
_PINGERS = """\
Lifelink Pinger:
  - name: Lifelink Pinger
    manaCost: "{1}{B}"
    types: [Creature]
    power: "1"
    toughness: "1"
    keywords: [Lifelink]
    text: |-
      Lifelink
      {T}: This creature deals 1 damage to target creature.
    rules:
      - {activated: {tap: true}, target: {types: [Creature]}, effects: [{damage: {amount: 1}}], text: "{T}: This creature deals 1 damage to target creature."}
Deathtouch Pinger:
  - name: Deathtouch Pinger
    manaCost: "{1}{B}"
    types: [Creature]
    power: "1"
    toughness: "1"
    keywords: [Deathtouch]
    text: |-
      Deathtouch
      {T}: This creature deals 1 damage to target creature.
    rules:
      - {activated: {tap: true}, target: {types: [Creature]}, effects: [{damage: {amount: 1}}], text: "{T}: This creature deals 1 damage to target creature."}
"""


@pytest.mark.parametrize("pinger", ["Lifelink Pinger", "Deathtouch Pinger"])
def test_a_source_gone_from_the_battlefield_deals_damage_as_it_last_existed(tmp_path, pinger):
    """An ability whose source has left the battlefield uses the source's last known
    information (CR 608.2h, 113.7a): its lifelink still gains life, its deathtouch still
    destroys (CR 702.15b, 702.2b)."""
    from conformance.contract.types import Activate, Move
    from conformance.engines.reference import ReferenceEngine
    from conformance.format.cards import load_cards
    from conformance.format.model import CardEntry, PlayerSetup, Setup

    cards = tmp_path / "cards.yaml"
    corpus_cards = Path(__file__).parents[3] / "rulings" / "cards.yaml"
    cards.write_text(corpus_cards.read_text("utf-8") + _PINGERS, "utf-8")
    pool = load_cards(cards)
    setup = Setup((PlayerSetup("alice", zones={Zone.BATTLEFIELD: (
        CardEntry(pinger, "pinger"),)}), PlayerSetup("bob", zones={Zone.BATTLEFIELD: (
            CardEntry("Hill Giant", "giant"),)})), "alice", Step.PRECOMBAT_MAIN)
    engine = ReferenceEngine()
    ids = engine.start(setup, pool)
    engine.perform(Activate("alice", ids["pinger"], 0, targets=(ids["giant"],)))
    engine.perform(Move(ids["pinger"], Zone.GRAVEYARD))  # the source leaves in response
    engine.perform(Resolve())
    alice = engine.game().player("alice")
    giants = [o for o in engine.objects(Zone.BATTLEFIELD)
              if "Hill Giant" in engine.observe(o).names]
    if pinger == "Lifelink Pinger":
        assert (alice.life, len(giants)) == (21, 1)
    else:
        assert (alice.life, giants) == (20, [])
