"""The phase.rs adapter (conformance.engines.phase), run against the real engine.

Skipped when phase-python is not installed (CI installs the base package only).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

phase = pytest.importorskip("phase")

from conformance.contract import Cast, Resolve, Unlock  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.engines.phase import adapter as adapter_module  # noqa: E402
from conformance.engines.phase.cards import convert_card, oracle_id  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.loader import load_ruling  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Zone  # noqa: E402
from conformance.runner.execute import run_ruling  # noqa: E402
from conformance.runner.results import Status  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
ROOM = "Bottomless Pool // Locker Room"


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(RULINGS / "cards.yaml")


@pytest.fixture()
def engine() -> Any:
    return create()


def setup_with(hand: tuple[CardEntry, ...], mana: str = "",
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
    raw = engine._raw(aliases["room"])
    assert raw["back_face"]["name"] == "Locker Room"
    engine.perform(Cast("alice", aliases["room"]))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "door"
    assert sorted(o.value for o in choice.options) == ["left", "right"]


def test_card_conversion_records_unimplemented_abilities(engine: Any, cards: CardPool) -> None:
    engine.start(setup_with(()), cards)
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


def test_unreproducible_setup_is_unsupported(engine: Any, cards: CardPool) -> None:
    ruling = load_ruling(RULINGS / "rooms" / "unlock-is-a-special-action.yaml", cards)
    result = run_ruling(ruling, engine, cards)
    assert result.status is Status.UNSUPPORTED
    assert "door" in result.message


def test_mana_value_comes_from_phase(engine: Any, cards: CardPool,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The reported mana value is phase's ZoneChanged record, not anything the adapter
    adds up: change the record phase returns and the observation follows it."""
    aliases = engine.start(setup_with((CardEntry("Grizzly Bears", alias="bears"),)), cards)
    assert engine.observe(aliases["bears"]).mana_value == 2  # phase's value

    real_load = engine._engine.load_game

    class Probe:
        def __init__(self, game: Any) -> None:
            self.game = game

        def __getattr__(self, name: str) -> Any:
            return getattr(self.game, name)

        def apply(self, *args: Any, **kwargs: Any) -> Any:
            result = self.game.apply(*args, **kwargs)
            events = result.events
            for event in events:
                if event["type"] == "ZoneChanged":
                    event["data"]["record"]["mana_value"] = 42

            class Result:
                pass
            patched = Result()
            patched.events = events  # type: ignore[attr-defined]
            return patched

    class EngineProxy:
        def __getattr__(self, name: str) -> Any:
            return getattr(real_load.__self__, name)

        def load_game(self, state: Any) -> Any:
            return Probe(real_load(state))

    monkeypatch.setattr(engine, "_engine", EngineProxy())
    engine._mana_values.clear()
    assert engine.observe(aliases["bears"]).mana_value == 42


def test_adapter_reads_no_characteristic_from_card_data() -> None:
    """The adapter module never reads the project's card data (MTGJSON keys, CardFace
    fields): every value it reports comes from phase."""
    source = Path(adapter_module.__file__).read_text()
    for forbidden in ("manaValue", "faceManaValue", "colorIdentity", ".raw", ".mana_cost",
                      ".color_indicator", ".type_line"):
        assert forbidden not in source, forbidden
