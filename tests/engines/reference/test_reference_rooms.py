"""Rooms in the reference engine: characteristics by zone and door state, unlocking."""

from __future__ import annotations

import pytest

from conformance.contract.types import AdvanceTo, Cast, Resolve, Unlock
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Step, Zone

from builders import entry

ROOM = "Bottomless Pool // Locker Room"


@pytest.mark.parametrize("zone", ["library", "hand", "graveyard", "exile"])
def test_off_the_battlefield_and_stack_a_room_has_both_doors(start, zone):
    engine, ids = start(**{zone: [entry(ROOM, "room")]})
    view = engine.observe(ids["room"])
    assert view.names == ("Bottomless Pool", "Locker Room")
    assert view.mana_value == 6
    assert len(view.abilities) == 2


@pytest.mark.parametrize(("unlocked", "names", "mana_value"), [
    ((), (), 0),
    (("left",), ("Bottomless Pool",), 1),
    (("right",), ("Locker Room",), 5),
    (("left", "right"), ("Bottomless Pool", "Locker Room"), 6),
])
def test_on_the_battlefield_a_room_is_its_unlocked_doors(start, unlocked, names, mana_value):
    engine, ids = start(battlefield=[entry(ROOM, "room", unlocked=unlocked)])
    view = engine.observe(ids["room"])
    assert (view.names, view.mana_value, len(view.abilities)) == (names, mana_value, len(names))
    assert view.types == ("Enchantment",) and view.subtypes == ("Room",)


def test_on_the_stack_a_room_spell_is_the_door_cast(start):
    engine, ids = start(mana="{4}{U}", hand=[entry(ROOM, "room")])
    engine.perform(Cast("alice", ids["room"], door=Door.RIGHT))
    (spell,) = engine.objects(Zone.STACK)
    view = engine.observe(spell)
    assert (view.names, view.mana_value) == (("Locker Room",), 5)


def test_casting_a_room_without_a_door_asks_which(start):
    engine, ids = start(mana="{U}", hand=[entry(ROOM, "room")])
    engine.perform(Cast("alice", ids["room"]))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "door"
    assert [o.value for o in choice.options] == ["left", "right"]
    assert (choice.min, choice.max) == (1, 1)
    with pytest.raises(IllegalAction):
        engine.answer(["left", "right"])
    engine.answer(["left"])
    assert engine.pending_choice() is None
    assert len(engine.game().stack) == 1


def test_the_cast_door_is_unlocked_as_the_room_enters(start):
    engine, ids = start(mana="{4}{U}", hand=[entry(ROOM, "room")])
    events = list(engine.perform(Cast("alice", ids["room"], door=Door.RIGHT)))
    events += engine.perform(Resolve())
    (room,) = engine.objects(Zone.BATTLEFIELD)
    assert engine.observe(room).unlocked_doors == (Door.RIGHT,)
    kinds = [e.kind for e in events]
    assert kinds.index("door_unlocked") > max(i for i, e in enumerate(events)
                                               if e.kind == "zone_changed")


def test_unlocking_pays_the_door_cost_and_uses_no_stack(start):
    engine, ids = start(mana="{4}{U}", battlefield=[entry(ROOM, "room", unlocked=("left",))])
    engine.perform(Unlock("alice", ids["room"], Door.RIGHT))
    assert engine.observe(ids["room"]).unlocked_doors == (Door.LEFT, Door.RIGHT)
    assert engine.game().stack == ()


@pytest.mark.parametrize(("why", "setup"), [
    ("not enough mana", {"mana": "{3}{U}"}),
    ("wrong color", {"mana": "{5}"}),
    ("not a main phase", {"mana": "{4}{U}", "step": Step.BEGINNING_OF_COMBAT}),
    ("opponent's turn", {"mana": "{4}{U}", "active": "bob"}),
])
def test_unlocking_is_refused(start, why, setup):
    engine, ids = start(battlefield=[entry(ROOM, "room", unlocked=("left",))], **setup)
    assert not engine.is_legal(Unlock("alice", ids["room"], Door.RIGHT)), why
    with pytest.raises(IllegalAction):
        engine.perform(Unlock("alice", ids["room"], Door.RIGHT))
    assert engine.observe(ids["room"]).unlocked_doors == (Door.LEFT,)


def test_an_unlocked_door_cannot_be_unlocked_again(start):
    engine, ids = start(mana="{U}", battlefield=[entry(ROOM, "room", unlocked=("left",))])
    assert not engine.is_legal(Unlock("alice", ids["room"], Door.LEFT))


def test_mana_empties_between_steps(start):
    engine, ids = start(mana="{4}{U}", battlefield=[entry(ROOM, "room", unlocked=("left",))])
    engine.perform(AdvanceTo(Step.POSTCOMBAT_MAIN))
    assert engine.game().step is Step.POSTCOMBAT_MAIN
    assert not engine.is_legal(Unlock("alice", ids["room"], Door.RIGHT))


def test_legal_actions_offer_each_door_of_a_room_in_hand(start):
    engine, ids = start(mana="{4}{U}", hand=[entry(ROOM, "room")])
    doors = {a.door for a in engine.legal_actions("alice")
             if isinstance(a, Cast) and a.card == ids["room"]}
    assert doors == {Door.LEFT, Door.RIGHT}
