"""The phase.rs adapter (conformance.engines.phase), run against the real engine.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

phase = pytest.importorskip("phase")

from conformance.contract import Activate, Cast, Resolve, Unlock  # noqa: E402
from conformance.contract.types import AdvanceTo, DeclareAttackers, DeclareBlockers  # noqa: E402
from conformance.contract.types import CHOICE_MADE  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.engines.phase import adapter as adapter_module  # noqa: E402
from conformance.engines.phase import observations as observations_module  # noqa: E402
from conformance.engines.phase.cards import convert_card, oracle_id  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.loader import load_ruling  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Step, Zone  # noqa: E402
from conformance.runner.execute import run_ruling  # noqa: E402
from conformance.runner.results import Status  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
ROOM = "Bottomless Pool // Locker Room"
MIRROR = "Mirror Room // Fractured Realm"


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(RULINGS / "cards.yaml")


@pytest.fixture()
def engine() -> Any:
    return create()


def setup_with(hand: tuple[CardEntry, ...] = (), mana: str = "",
               battlefield: tuple[CardEntry, ...] = ()) -> Setup:
    zones = {Zone.HAND: hand, Zone.BATTLEFIELD: battlefield}
    return Setup((PlayerSetup("alice", mana=mana, zones=zones), PlayerSetup("bob")), "alice")


def test_room_faces_share_one_oracle_id(cards: CardPool) -> None:
    faces = convert_card(cards[ROOM])
    assert [f["name"] for f in faces] == ["Bottomless Pool", "Locker Room"]
    assert {f["scryfall_oracle_id"] for f in faces} == {oracle_id(ROOM)}
    assert [f["face_index"] for f in faces] == [0, 1]
    assert {f["layout"] for f in faces} == {"split"}


def test_phase_links_both_doors_of_a_room(engine: Any, cards: CardPool) -> None:
    """With the faces linked, phase offers the door choice and knows the other door."""
    aliases = engine.start(setup_with((CardEntry(ROOM, alias="room"),), mana="{U}"), cards)
    assert engine.session.raw(aliases["room"])["back_face"]["name"] == "Locker Room"
    engine.perform(Cast("alice", aliases["room"]))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "door"
    assert sorted(o.value for o in choice.options) == ["left", "right"]


def test_card_conversion_records_unimplemented_abilities(engine: Any, cards: CardPool) -> None:
    engine.start(setup_with(), cards)
    assert "Serra Paragon" in engine.card_data.unimplemented


def test_room_scenario_end_to_end(engine: Any, cards: CardPool) -> None:
    ruling = load_ruling(RULINGS / "rooms" / "cast-one-door.yaml", cards)
    result = run_ruling(ruling, engine, cards)
    assert result.status is Status.PASSED, result.message


def test_room_enters_with_the_cast_door_unlocked(engine: Any, cards: CardPool) -> None:
    aliases = engine.start(setup_with((CardEntry(ROOM, alias="room"),), mana="{4}{U}"), cards)
    events = engine.perform(Cast("alice", aliases["room"], door=Door.RIGHT))
    moved = [e for e in events if e.kind == "zone_changed"]
    assert moved and moved[0].data["object"] == aliases["room"]
    on_stack = moved[0].data["new_object"]
    assert engine.observe(on_stack).zone is Zone.STACK
    events = engine.perform(Resolve())
    permanent = [e.data["new_object"] for e in events if e.kind == "zone_changed"][0]
    assert engine.observe(permanent).unlocked_doors == (Door.RIGHT,)
    with pytest.raises(KeyError):
        engine.observe(on_stack)  # a new object on the battlefield (CR 400.7)


def test_unlocked_doors_are_set_up_by_play(engine: Any, cards: CardPool) -> None:
    """A set-up Room with a door unlocked is cast for that door and the other is unlocked
    with the special action: phase's own door-tagged abilities, no snapshot edit."""
    room = CardEntry(ROOM, alias="room", unlocked=(Door.LEFT, Door.RIGHT))
    aliases = engine.start(setup_with(battlefield=(room,)), cards)
    assert engine.setup_steps == (
        f"{ROOM}: cast for Bottomless Pool (unlocked as it entered)",
        f"{ROOM}: Locker Room unlocked (UnlockRoomDoor)")
    raw = engine.session.raw(aliases["room"])
    doors = {entry["definition"].get("room_door") for entry in raw["trigger_definitions"]}
    assert doors == {"Left", "Right"}
    view = engine.observe(aliases["room"])
    assert view.unlocked_doors == (Door.LEFT, Door.RIGHT) and len(view.abilities) == 2
    assert engine.game().stack == () and engine.game().player("alice").hand_size == 0


def test_a_room_reports_only_the_abilities_phase_applies(engine: Any, cards: CardPool) -> None:
    """phase lists both doors' abilities on a Room permanent and applies the unlocked
    door's: one door unlocked, one ability."""
    room = CardEntry(ROOM, alias="room", unlocked=(Door.RIGHT,))
    aliases = engine.start(setup_with(battlefield=(room,)), cards)
    assert len(engine.session.raw(aliases["room"])["trigger_definitions"]) == 2
    assert engine.observe(aliases["room"]).abilities == (
        "Whenever one or more creatures you control deal combat damage to a player, "
        "draw a card.",)


def test_no_game_with_a_room_is_reloaded(engine: Any, cards: CardPool,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Once cards are placed, the adapter never calls load_game: undoing a refused action,
    is_legal probes and mana values replay the recorded calls."""
    room = CardEntry(ROOM, alias="room", unlocked=(Door.LEFT,))
    aliases = engine.start(setup_with((CardEntry("Grizzly Bears", alias="bears"),),
                                      battlefield=(room,)), cards)
    loads: list[object] = []
    real = engine.session.engine

    class Watch:
        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def load_game(self, state: Any) -> Any:
            loads.append(state)
            return real.load_game(state)

    monkeypatch.setattr(engine.session, "engine", Watch())
    assert engine.observe(aliases["room"]).mana_value == 1
    assert not engine.is_legal(Cast("alice", aliases["bears"]))  # no mana
    with pytest.raises(IllegalAction):
        engine.perform(Unlock("alice", aliases["room"], Door.RIGHT))  # no mana
    # every replay starts from the opening: debug mode on, before any card is placed
    assert loads
    assert all(not json.loads(state)["state"]["battlefield"] for state in loads)
    assert engine.observe(aliases["room"]).unlocked_doors == (Door.LEFT,)


def test_a_lone_target_phase_picks_is_reported_as_an_automatic_choice(
        engine: Any, cards: CardPool) -> None:
    aliases = engine.start(setup_with(mana="{2}{U}", battlefield=(
        CardEntry(MIRROR, alias="room"), CardEntry("Grizzly Bears", alias="bears"))), cards)
    events = engine.perform(Unlock("alice", aliases["room"], Door.LEFT))
    assert engine.pending_choice() is None  # phase asked nothing
    made = [e for e in events if e.kind == CHOICE_MADE]
    assert len(made) == 1
    assert made[0].data["chosen"] == [aliases["bears"]]
    assert made[0].data["options"] == [aliases["bears"]] and made[0].data["min"] == 1


def test_a_door_an_effect_unlocks_without_asking_is_an_automatic_choice(
        engine: Any, cards: CardPool) -> None:
    """Ghostly Keybearer unlocks "a locked door": with one locked door phase unlocks it
    without asking, reported as a forced choice of that door."""
    room = CardEntry(ROOM, alias="room", unlocked=(Door.RIGHT,))
    setup = Setup((PlayerSetup("alice", zones={
        Zone.LIBRARY: (CardEntry("Island"),),
        Zone.BATTLEFIELD: (CardEntry("Ghostly Keybearer", alias="keybearer"), room)}),
        PlayerSetup("bob")), "alice")
    aliases = engine.start(setup, cards)
    engine.perform(DeclareAttackers("alice", (aliases["keybearer"],)))
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    order = engine.pending_choice()  # Locker Room's draw triggers too
    assert order is not None and order.kind == "order"
    engine.answer([aliases["room"], aliases["keybearer"]])  # Keybearer's on top
    engine.answer([aliases["room"]])  # Keybearer's trigger: up to one target Room
    events = engine.perform(Resolve())
    made = [e.data for e in events if e.kind == CHOICE_MADE and e.data["kind"] == "option"]
    assert made == [{"kind": "option", "player": "alice", "prompt": made[0]["prompt"],
                     "options": ["unlock left"], "chosen": ["unlock left"], "min": 1,
                     "max": 1, "automatic": True}]
    assert engine.observe(aliases["room"]).unlocked_doors == (Door.LEFT, Door.RIGHT)


def test_combat_damage_is_assigned_as_the_contract_says(engine: Any, cards: CardPool) -> None:
    """phase asks the attacker to assign trample damage: the contract's combat_damage
    choice, answered with an option once per point (CR 702.19b)."""
    setup = Setup((PlayerSetup("alice", zones={Zone.BATTLEFIELD: (
        CardEntry("Colossal Dreadmaw", alias="dreadmaw"),)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (
            CardEntry("Grizzly Bears", alias="bears"),)})), "alice")
    aliases = engine.start(setup, cards)
    engine.perform(DeclareAttackers("alice", (aliases["dreadmaw"],)))
    with pytest.raises(IllegalAction):  # alice does not block
        engine.perform(DeclareBlockers("alice", ((aliases["bears"], aliases["dreadmaw"]),)))
    engine.perform(DeclareBlockers("bob", ((aliases["bears"], aliases["dreadmaw"]),)))
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "combat_damage" and choice.player == "alice"
    assert {o.value for o in choice.options} == {aliases["bears"], "player:bob"}
    assert choice.min == choice.max == 6
    engine.answer([aliases["bears"]] * 2 + ["player:bob"] * 4)
    assert engine.game().player("bob").life == 16  # 6 power, 2 to the 2/2, 4 trample over
    assert engine.pending_choice() is None


def test_card_names_are_an_open_choice(engine: Any, cards: CardPool) -> None:
    """phase takes any valid card name: the choice is open, and accepts() asks phase."""
    aliases = engine.start(setup_with((CardEntry("Pithing Needle", alias="needle"),),
                                      mana="{1}"), cards)
    engine.perform(Cast("alice", aliases["needle"]))
    engine.perform(Resolve())
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "name" and choice.open
    assert engine.accepts(["Locker Room"])
    assert not engine.accepts([ROOM])  # phase: "Invalid card name"
    with pytest.raises(IllegalAction):
        engine.answer([ROOM])
    assert engine.pending_choice() is not None  # still pending
    engine.answer(["Locker Room"])
    assert engine.pending_choice() is None


def test_a_land_taps_for_mana_with_phase_selection(engine: Any, cards: CardPool) -> None:
    aliases = engine.start(setup_with(battlefield=(CardEntry("Island", alias="island"),)),
                           cards)
    engine.perform(Activate("alice", aliases["island"], 0))
    assert engine.observe(aliases["island"]).tapped
    with pytest.raises(IllegalAction):  # already tapped: phase refuses
        engine.perform(Activate("alice", aliases["island"], 0))


def test_a_cast_phase_makes_in_another_mode_is_refused(engine: Any, cards: CardPool) -> None:
    """With only {3}, phase casts a morph card face down without asking: a face-up cast
    is not what phase does, so it is refused and undone."""
    aliases = engine.start(setup_with((CardEntry("Thousand Winds", alias="winds"),),
                                      mana="{3}"), cards)
    assert not engine.is_legal(Cast("alice", aliases["winds"]))
    assert engine.legal_actions("alice") == [Cast("alice", aliases["winds"], face_down=True)]
    with pytest.raises(IllegalAction, match="face down"):
        engine.perform(Cast("alice", aliases["winds"]))
    assert engine.observe(aliases["winds"]).zone is Zone.HAND
    assert engine.game().stack == ()
    engine.perform(Cast("alice", aliases["winds"], face_down=True))
    assert len(engine.game().stack) == 1


def test_a_face_down_cast_phase_does_not_offer_is_refused(engine: Any,
                                                         cards: CardPool) -> None:
    """phase offers a Room no face-down cast: it asks which door to cast instead."""
    aliases = engine.start(setup_with((CardEntry(ROOM, alias="room"),), mana="{4}{U}"), cards)
    assert not engine.is_legal(Cast("alice", aliases["room"], face_down=True))
    assert engine.is_legal(Cast("alice", aliases["room"]))
    with pytest.raises(IllegalAction, match="face down"):
        engine.perform(Cast("alice", aliases["room"], face_down=True))
    assert engine.observe(aliases["room"]).zone is Zone.HAND


def test_advancing_to_a_step_phase_skips_stops_in_that_turn(engine: Any,
                                                            cards: CardPool) -> None:
    """With no attacker declared phase goes on to the end of combat: advancing to the
    declare attackers step is refused, not carried on into later turns."""
    engine.start(setup_with(battlefield=(CardEntry("Grizzly Bears"),)), cards)
    with pytest.raises(IllegalAction, match="does not reach"):
        engine.perform(AdvanceTo(Step.DECLARE_ATTACKERS))
    assert engine.game().step is Step.PRECOMBAT_MAIN


def test_illegal_action_raises(engine: Any, cards: CardPool) -> None:
    aliases = engine.start(setup_with((CardEntry(ROOM, alias="room"),)), cards)
    with pytest.raises(IllegalAction):  # no mana: phase does not list the cast
        engine.perform(Cast("alice", aliases["room"], door=Door.LEFT))
    with pytest.raises(IllegalAction):  # the stack is empty
        engine.perform(Resolve())
    with pytest.raises(IllegalAction):  # not a permanent
        engine.perform(Unlock("alice", aliases["room"], Door.LEFT))
    assert engine.observe(aliases["room"]).zone is Zone.HAND  # unchanged


def test_missing_capability_is_unsupported(engine: Any, cards: CardPool) -> None:
    assert "player-views" not in engine.info.capabilities
    ruling = load_ruling(RULINGS / "morph" / "look-at-face-down-you-control.yaml", cards)
    result = run_ruling(ruling, engine, cards)
    assert result.status is Status.UNSUPPORTED
    assert "player-views" in result.message


def test_mana_value_comes_from_phase(engine: Any, cards: CardPool,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The reported mana value is phase's ZoneChanged record, not anything the adapter
    adds up: change the record phase returns and the observation follows it."""
    aliases = engine.start(setup_with((CardEntry("Grizzly Bears", alias="bears"),)), cards)
    assert engine.observe(aliases["bears"]).mana_value == 2  # phase's value

    real = observations_module.mana_value_probe

    def patched(game: Any, number: int, zone: str) -> int | None:
        value = real(game, number, zone)
        return None if value is None else value + 40

    monkeypatch.setattr(observations_module, "mana_value_probe", patched)
    engine._mana_values.clear()
    assert engine.observe(aliases["bears"]).mana_value == 42


def test_color_identity_is_not_computed_by_phase(engine: Any, cards: CardPool) -> None:
    """phase's card builder keeps the color identity it is given and computes none: the
    adapter lists it as not computed instead of reading back what the harness gave."""
    import phase

    face = {"name": "Shock", "manaCost": "{R}", "manaValue": 1, "type": "Instant",
            "types": ["Instant"], "text": "Shock deals 2 damage to any target.",
            "layout": "normal", "colors": ["R"], "colorIdentity": ["G", "U"], "identifiers": {}}
    built = dict(phase.build_oracle_face(face, "11111111-1111-1111-1111-111111111111"))
    assert built["color_identity"] == ["Green", "Blue"]  # the wrong one, back unchanged
    aliases = engine.start(setup_with((CardEntry("Grizzly Bears", alias="bears"),)), cards)
    view = engine.observe(aliases["bears"])
    assert "color_identity" in view.unknown and view.color_identity == ()


def test_adapter_reads_no_characteristic_from_card_data() -> None:
    """The modules that report observations never read the project's card data (MTGJSON
    keys, CardFace fields): every value they report comes from phase."""
    for module in (adapter_module, observations_module):
        source = Path(module.__file__).read_text()
        for forbidden in ("manaValue", "faceManaValue", "colorIdentity", ".raw[", ".mana_cost",
                          ".color_indicator", ".type_line"):
            assert forbidden not in source, (module.__name__, forbidden)
