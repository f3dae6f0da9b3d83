"""Zones, new objects, refused actions, triggers and copies in the reference engine."""

from __future__ import annotations

import pytest

from conformance.contract.types import Activate, Cast, PlayerRef, Resolve, Unlock
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Zone

from builders import entry


def test_a_card_that_changes_zones_becomes_a_new_object(start):
    engine, ids = start(mana="{1}{G}", hand=[entry("Grizzly Bears", "bears")])
    events = engine.perform(Cast("alice", ids["bears"]))
    moved = [e for e in events if e.kind == "zone_changed"]
    assert len(moved) == 1 and moved[0].data["object"] == ids["bears"]
    new = moved[0].data["new_object"]
    assert new != ids["bears"]
    with pytest.raises(KeyError):
        engine.observe(ids["bears"])
    assert engine.observe(new).zone is Zone.STACK


def test_a_refused_cast_leaves_the_game_as_it_was(start):
    engine, ids = start(mana="{G}", hand=[entry("Grizzly Bears", "bears")])
    before = engine.game()
    with pytest.raises(IllegalAction):
        engine.perform(Cast("alice", ids["bears"]))
    assert engine.game() == before
    assert engine.observe(ids["bears"]).zone is Zone.HAND


def test_sorcery_speed_spells_need_an_empty_stack(start):
    engine, ids = start(mana="{1}{G}{1}{G}",
                        hand=[entry("Grizzly Bears", "one"), entry("Grizzly Bears", "two")])
    engine.perform(Cast("alice", ids["one"]))
    assert not engine.is_legal(Cast("alice", ids["two"]))


def test_is_legal_does_not_change_the_game(start):
    engine, ids = start(mana="{1}{G}", hand=[entry("Grizzly Bears", "bears")])
    assert engine.is_legal(Cast("alice", ids["bears"]))
    assert engine.observe(ids["bears"]).zone is Zone.HAND
    assert engine.game().stack == ()


def test_a_trigger_with_no_legal_target_is_removed(start):
    engine, ids = start(mana="{2}{U}", battlefield=[entry("Mirror Room // Fractured Realm", "room")])
    engine.perform(Unlock("alice", ids["room"], Door.LEFT))
    assert engine.game().stack == () and engine.pending_choice() is None


def test_trigger_targets_are_chosen_as_it_goes_on_the_stack(start):
    engine, ids = start(mana="{2}{U}", battlefield=[
        entry("Mirror Room // Fractured Realm", "room"), entry("Grizzly Bears", "bears")])
    engine.perform(Unlock("alice", ids["room"], Door.LEFT))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "target"
    assert [o.value for o in choice.options] == [ids["bears"]]
    engine.answer([ids["bears"]])
    (item,) = engine.game().stack
    assert (item.kind, item.source, item.targets) == ("ability", ids["room"], (ids["bears"],))


def test_fractured_realm_makes_a_trigger_trigger_twice_each_with_its_own_target(start):
    engine, ids = start(mana="{2}{U}", battlefield=[
        entry("Mirror Room // Fractured Realm", "room", unlocked=("right",)),
        entry("Grizzly Bears", "bears"), entry("Memnite", "memnite")])
    engine.perform(Unlock("alice", ids["room"], Door.LEFT))
    engine.answer([ids["bears"]])
    engine.answer([ids["memnite"]])
    targets = sorted(item.targets for item in engine.game().stack)
    assert targets == sorted([(ids["bears"],), (ids["memnite"],)])
    engine.perform(Resolve())
    engine.perform(Resolve())
    tokens = [engine.observe(i) for i in engine.objects(Zone.BATTLEFIELD)
              if engine.observe(i).token]
    assert sorted(t.names for t in tokens) == [("Grizzly Bears",), ("Memnite",)]
    assert all("Reflection" in t.subtypes for t in tokens)


def test_panharmonicon_doubles_only_triggers_caused_by_artifacts_or_creatures_entering(start):
    engine, ids = start(mana="{1}{G}{U}", library=[entry("Memnite"), entry("Memnite")],
                        hand=[entry("Elvish Visionary", "elf"),
                              entry("Bottomless Pool // Locker Room", "room")],
                        battlefield=[entry("Panharmonicon"), entry("Entity Tracker", "tracker")])
    engine.perform(Cast("alice", ids["elf"]))
    engine.perform(Resolve())
    assert len(engine.game().stack) == 2  # Elvish Visionary's ability, twice
    engine.perform(Resolve())
    engine.perform(Resolve())
    engine.perform(Cast("alice", ids["room"], door=Door.LEFT))
    engine.perform(Resolve())
    # An enchantment entering: Entity Tracker once, not doubled; the door's ability once --
    # two different abilities, so alice orders them first (CR 603.3b).
    order = engine.pending_choice()
    assert order is not None and order.kind == "order" and len(order.options) == 2
    engine.answer([o.value for o in order.options])
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "target"
    engine.answer([])
    sources = sorted(item.source for item in engine.game().stack)
    assert len(sources) == 2 and ids["tracker"] in sources


def test_a_token_copy_copies_printed_values_not_state(start):
    engine, ids = start(mana="{2}{U}", battlefield=[
        entry("Mirror Room // Fractured Realm", "room"),
        entry("Grizzly Bears", "bears", tapped=True, counters=(("+1/+1", 2),))])
    engine.perform(Unlock("alice", ids["room"], Door.LEFT))
    engine.answer([ids["bears"]])
    engine.perform(Resolve())
    (token,) = [i for i in engine.objects(Zone.BATTLEFIELD) if engine.observe(i).token]
    view = engine.observe(token)
    assert (view.power, view.toughness, view.tapped, dict(view.counters)) == (2, 2, False, {})
    assert view.subtypes == ("Bear", "Reflection")


def test_activated_ability_costs_are_paid_and_targets_checked(start):
    engine, ids = start(mana="{3}", battlefield=[entry("Keys to the House", "keys"),
                                                 entry("Grizzly Bears", "bears")])
    assert not engine.is_legal(Activate("alice", ids["keys"], 1, targets=(ids["bears"],)))
    with pytest.raises(IllegalAction):
        engine.perform(Activate("alice", ids["keys"], 5))


def test_a_player_target(start):
    engine, ids = start(mana="{2}{B}", hand=[entry("Mind Rot", "rot"), entry("Memnite")],
                        bob={"hand": [entry("Memnite"), entry("Memnite"), entry("Memnite")]})
    engine.perform(Cast("alice", ids["rot"], targets=(PlayerRef("bob"),)))
    engine.perform(Resolve())
    choice = engine.pending_choice()
    assert choice is not None and (choice.player, choice.min, choice.max) == ("bob", 2, 2)
    engine.answer([o.value for o in choice.options[:2]])
    assert engine.game().player("bob").hand_size == 1


def test_pithing_needle_stops_activations_of_the_chosen_name(start):
    engine, ids = start(mana="{1}{3}", hand=[entry("Pithing Needle", "needle")],
                        battlefield=[entry("Keys to the House", "keys"),
                                     entry("Bottomless Pool // Locker Room", "room")])
    engine.perform(Cast("alice", ids["needle"]))
    engine.perform(Resolve())
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "name"
    names = {o.value for o in choice.options}
    assert {"Keys to the House", "Bottomless Pool", "Locker Room"} <= names
    assert "Bottomless Pool // Locker Room" not in names
    engine.answer(["Keys to the House"])
    assert not engine.is_legal(Activate("alice", ids["keys"], 1, targets=(ids["room"],)))


def test_the_game_starts_on_the_turn_the_setup_names(pool):
    """``set-turn``: the reference engine counts turns from the setup's ``turn``; without one
    the game is on its first turn.  (The turn number is kept in the engine's state; the
    contract's views carry none.)"""
    from conformance.contract.types import AdvanceTo
    from conformance.engines.reference import ReferenceEngine
    from conformance.format.model import PlayerSetup, Setup
    from conformance.format.vocabulary import Step

    assert "set-turn" in ReferenceEngine().info.capabilities
    players = (PlayerSetup("alice"), PlayerSetup("bob"))
    engine = ReferenceEngine()
    engine.start(Setup(players, "alice", Step.END, 7), pool)
    assert engine._require().state.turn == 7
    engine.perform(AdvanceTo(Step.UPKEEP))
    assert engine.game().active_player == "bob" and engine._require().state.turn == 8
    engine.start(Setup(players, "alice"), pool)
    assert engine._require().state.turn == 1
