"""What the reference engine keeps between calls -- each object's characteristics, the
answers of legality probes -- never outlives the values it was worked out from: after every
change, what it reports is what it works out afresh."""

from __future__ import annotations

import pytest

from conformance.contract.types import Cast
from conformance.engines.reference import characteristics as chars_module
from conformance.engines.reference.state import ContinuousEffect, CopyEffect
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Zone

from builders import entry


def _afresh(engine, object_id):
    """The object's characteristics worked out without any memo."""
    game = engine._require()
    obj = game.state.objects[object_id]
    base = chars_module._copiable_values(obj, game.abilities)
    return chars_module._apply_effects(game.state, obj, base, game.abilities)


def _chars(engine, object_id):
    game = engine._require()
    return game.chars(game.state.objects[object_id])


def _same(engine, *object_ids):
    for object_id in object_ids:
        assert _chars(engine, object_id) == _afresh(engine, object_id)


def test_power_and_toughness_follow_counters_effects_and_auras(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears"),
                                     entry("Holy Strength", "aura")])
    state = engine.game_state
    bears, aura = state.objects[ids["bears"]], state.objects[ids["aura"]]
    assert (_chars(engine, bears.id).power, _chars(engine, bears.id).toughness) == (2, 2)
    bears.counters["+1/+1"] = 2
    assert _chars(engine, bears.id).power == 4
    aura.attached_to = bears.id
    assert (_chars(engine, bears.id).power, _chars(engine, bears.id).toughness) == (5, 6)
    state.effects.append(ContinuousEffect(bears.id, 3, 0, "end_of_turn", state.tick()))
    assert _chars(engine, bears.id).power == 8
    state.effects.clear()
    aura.attached_to = None
    bears.counters.clear()
    assert (_chars(engine, bears.id).power, _chars(engine, bears.id).toughness) == (2, 2)
    _same(engine, bears.id, aura.id)


def test_an_anthem_applies_from_the_moment_its_face_is_up(start):
    engine, ids = start(battlefield=[entry("Terra, Magical Adept // Esper Terra", "terra"),
                                     entry("Serah Farron // Crystallized Serah", "serah")])
    state = engine.game_state
    terra, serah = state.objects[ids["terra"]], state.objects[ids["serah"]]
    before = _chars(engine, terra.id)
    serah.transformed = True  # Crystallized Serah: legendary creatures you control +2/+2
    after = _chars(engine, terra.id)
    assert (after.power, after.toughness) == (before.power + 2, before.toughness + 2)
    _same(engine, terra.id, serah.id)
    serah.controller = "bob"
    assert _chars(engine, terra.id).power == before.power
    serah.controller = "alice"
    state.battlefield.remove(serah.id)
    assert _chars(engine, terra.id).power == before.power
    _same(engine, terra.id)


def test_characteristics_follow_zone_face_down_doors_and_copies(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears"),
                                     entry("Bottomless Pool // Locker Room", "room")],
                        hand=[entry("Hystrodon", "hystrodon")])
    state = engine.game_state
    bears, room = state.objects[ids["bears"]], state.objects[ids["room"]]
    hystrodon = state.objects[ids["hystrodon"]]
    assert _chars(engine, bears.id).names == ("Grizzly Bears",)
    bears.face_down = True
    assert _chars(engine, bears.id).names == ()
    bears.face_down = False
    bears.copy = CopyEffect(hystrodon.card)
    assert _chars(engine, bears.id).names == ("Hystrodon",)
    bears.copy = None
    bears.keywords.add("Flying")
    assert "Flying" in _chars(engine, bears.id).keywords
    assert _chars(engine, room.id).names == ()
    room.unlocked.add(Door.LEFT)
    assert _chars(engine, room.id).names == ("Bottomless Pool",)
    hystrodon.zone = Zone.BATTLEFIELD  # the memo is keyed by the zone too
    state.player("alice").zones[Zone.HAND].remove(hystrodon.id)
    state.battlefield.append(hystrodon.id)
    _same(engine, bears.id, room.id, hystrodon.id)


def test_a_copy_of_the_game_changes_apart_from_the_game(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears")])
    game = engine._require()
    bears = game.state.objects[ids["bears"]]
    assert _chars(engine, bears.id).power == 2
    copy = game.state.clone()
    copy.objects[bears.id].counters["+1/+1"] = 3
    copy.objects[bears.id].keywords.add("Flying")
    copy.player("alice").pool.add("{G}")
    assert game.chars(copy.objects[bears.id]).power == 5
    assert _chars(engine, bears.id).power == 2
    assert "Flying" not in _chars(engine, bears.id).keywords
    assert game.state.player("alice").pool.total() == 0
    assert copy.player("alice").pool.total() == 1


def test_a_probe_is_answered_afresh_once_the_game_changes(start):
    engine, ids = start(mana="{1}{G}", hand=[entry("Grizzly Bears", "bears")])
    cast = Cast("alice", ids["bears"])
    assert engine.is_legal(cast)
    engine.game_state.player("alice").pool.empty()
    assert not engine.is_legal(cast)


def test_objects_with_the_same_values_share_a_memo_but_not_their_status(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "one"), entry("Grizzly Bears", "two")],
                        hand=[entry("Grizzly Bears", "three")])
    state = engine.game_state
    one, two = state.objects[ids["one"]], state.objects[ids["two"]]
    three = state.objects[ids["three"]]
    _same(engine, one.id, two.id, three.id)
    assert one.memo is two.memo and one.memo is not three.memo
    one.counters["+1/+1"] = 1
    one.keywords.add("Flying")
    assert _chars(engine, one.id).power == 3 and "Flying" in _chars(engine, one.id).keywords
    assert _chars(engine, two.id).power == 2 and "Flying" not in _chars(engine, two.id).keywords
    two.face_down = True
    assert _chars(engine, two.id).names == () and _chars(engine, one.id).names == ("Grizzly Bears",)
    _same(engine, one.id, two.id, three.id)


def test_what_is_reported_follows_every_action_answer_and_refusal(start):
    engine, ids = start(mana="{1}{G}{R}", hand=[entry("Grizzly Bears", "bears"),
                                                 entry("Shock", "shock")])
    game = engine._require()
    assert engine.observe(ids["bears"]).zone is Zone.HAND
    assert engine.observe(ids["bears"]) is engine.observe(ids["bears"])  # kept while unchanged
    assert engine.is_legal(Cast("alice", ids["bears"]))  # a probe changes nothing reported
    assert engine.observe(ids["bears"]).zone is Zone.HAND
    assert engine.game().stack == ()
    engine.perform(Cast("alice", ids["shock"]))  # asks for a target
    assert engine.pending_choice() is not None
    assert len(engine.game().stack) == 1
    target = engine.pending_choice().options[0].value
    engine.answer([target])
    assert engine.pending_choice() is None
    stack = engine.game().stack
    assert len(stack) == 1
    with pytest.raises(IllegalAction):
        engine.perform(Cast("alice", ids["bears"]))  # sorcery speed: refused
    assert engine.observe(ids["bears"]).zone is Zone.HAND
    assert engine.game().stack == stack
    for item in engine.objects(Zone.STACK):
        assert engine.observe(item).zone is Zone.STACK
    assert game.reported  # kept between calls


def test_nothing_is_kept_once_the_state_is_handed_out(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears")])
    assert engine.observe(ids["bears"]).tapped is False
    state = engine.game_state
    state.objects[ids["bears"]].tapped = True
    assert engine.observe(ids["bears"]).tapped is True
    state.objects[ids["bears"]].tapped = False
    assert engine.observe(ids["bears"]).tapped is False
    state.player("alice").life = 7
    assert engine.game().players[0].life == 7
    state.player("alice").life = 5
    assert engine.game().players[0].life == 5
