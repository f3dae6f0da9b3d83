"""The codec: every contract value survives JSON exactly, and errors keep their meaning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conformance.contract.types import (
    Activate, AdvanceTo, Cast, Choice, DeclareAttackers, DeclareBlockers, EngineInfo, Event,
    GameView, Move, ObjectView, Option, PassPriority, PlayerRef, PlayerView, PlayLand, Resolve,
    StackItemView, TurnFaceUp, Unlock, automatic_choice,
)
from conformance.errors import (
    ContractError, IllegalAction, Location, RulingFileError, UsageError, Unsupported,
)
from conformance.format.cards import load_cards
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Door, Face, Step, Zone
from conformance.protocol import codec

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"


def wire(value: Any) -> Any:
    """What the other end of the pipe reads."""
    return json.loads(json.dumps(value))


ACTIONS = [
    Cast("alice", "o1"),
    Cast("alice", "o1", door=Door.LEFT, face=Face.BACK, face_down=True,
         targets=("o2", PlayerRef("bob")), x=3),
    Cast("bob", "o9", targets=()),
    Activate("alice", "o3", 0),
    Activate("alice", "o3", 2, targets=(PlayerRef("alice"),), x=0),
    Unlock("alice", "o4", Door.RIGHT),
    TurnFaceUp("bob", "o5"),
    PlayLand("alice", "o10"),
    Resolve(),
    AdvanceTo(Step.END),
    Move("o6", Zone.EXILE),
    Move("o6", Zone.BATTLEFIELD, transformed=True),
    PassPriority("bob"),
    DeclareAttackers("alice", ("o1", "o2")),
    DeclareAttackers("alice", (), defender="bob"),
    DeclareBlockers("bob", (("o7", "o1"), ("o8", "o1"))),
    DeclareBlockers("bob"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=repr)
def test_actions_round_trip(action: Any) -> None:
    assert codec.decode_action(wire(codec.encode_action(action))) == action


def test_every_action_type_is_covered() -> None:
    from conformance.contract import types

    kinds = set(types.Action.__args__)  # type: ignore[attr-defined]
    assert {type(a) for a in ACTIONS} == kinds


def test_targets_and_enums_travel_as_plain_json() -> None:
    encoded = codec.encode_action(ACTIONS[1])
    assert encoded == {"type": "cast", "player": "alice", "card": "o1", "door": "left",
                       "face": "back", "face_down": True,
                       "targets": ["o2", {"player": "bob"}], "x": 3}


def test_events_round_trip() -> None:
    events = [Event("zone_changed", {"object": "o1", "new_object": None, "card": "X",
                                     "from": "hand", "to": "stack"}),
              Event("ability_triggered", {"source": "o2", "ability": 0, "text": "a b"}),
              Event("resolved"),
              automatic_choice(Choice("target", "alice", "target creature", (Option("o2"),)),
                               ["o2"])]
    assert codec.decode_events(wire(codec.encode_events(events))) == events


@pytest.mark.parametrize("choice", [
    None,
    Choice("door", "alice", "which door?", (Option("left", "Bottomless Pool"),
                                             Option("right", ""))),
    Choice("target", "bob", "targets", (Option("o1"), Option("player:alice", "alice")), 0, 2),
    Choice("order", "alice", "order triggers", (), 0, 0),
    Choice("name", "alice", "choose a card name", (Option("Locker Room"),), open=True),
])
def test_choices_round_trip(choice: Choice | None) -> None:
    assert codec.decode_choice(wire(codec.encode_choice(choice))) == choice


VIEWS = [
    ObjectView("o1", Zone.HAND, "alice", None, ("A", "B"), 6, ("U", "R"), ("Enchantment",),
               ("Room",), (), None, None, ("When you unlock this door, draw.",)),
    ObjectView("o2", Zone.BATTLEFIELD, "alice", "bob", (), 0, (), ("Creature",), (), (),
               2, 2, (), unlocked_doors=(Door.LEFT, Door.RIGHT), face_down=True,
               transformed=True, token=True, tapped=True, counters={"+1/+1": 2},
               identity=("Thousand Winds",), color_identity=("U",),
               keywords=("Flying", "Morph"), attached_to="o3",
               unknown={"mana_value": "not computed"}),
]


@pytest.mark.parametrize("view", VIEWS, ids=lambda v: v.id)
def test_object_views_round_trip(view: ObjectView) -> None:
    assert codec.decode_object_view(wire(codec.encode_object_view(view))) == view


def test_game_views_round_trip() -> None:
    view = GameView(Step.DECLARE_BLOCKERS, "alice", None, (
        StackItemView("s1", "ability", "o1", "bob", ("o2", PlayerRef("alice")), "draw a card"),
        StackItemView("s2", "spell", "s2", "alice"),
    ), (PlayerView("alice", 20, 7, 33, 0, 1), PlayerView("bob", -2, 0, 0, 5, 0)))
    assert codec.decode_game_view(wire(codec.encode_game_view(view))) == view


def test_a_game_over_round_trips() -> None:
    view = GameView(Step.COMBAT_DAMAGE, "alice", None, (), (PlayerView("alice", 3, 0, 0, 0, 0),),
                    game_over=True, winner="alice")
    assert codec.decode_game_view(wire(codec.encode_game_view(view))) == view
    draw = GameView(Step.DRAW, "bob", None, (), (), game_over=True)
    assert codec.decode_game_view(wire(codec.encode_game_view(draw))) == draw


def test_a_game_view_without_game_over_does_not_say_the_game_goes_on() -> None:
    """An engine written before contract 1.1 does not report the end of the game: an
    expectation on it is unsupported, not failed."""
    sent = codec.encode_game_view(GameView(Step.DRAW, "bob", None, (), ()))
    del sent["game_over"], sent["winner"]
    view = codec.decode_game_view(wire(sent))
    assert set(view.unknown) == {"game_over", "winner"}


def test_engine_info_round_trips() -> None:
    info = EngineInfo("x", "1.2", frozenset({"rooms", "morph"}), "1.0")
    assert codec.decode_info(wire(codec.encode_info(info))) == info


def test_every_setup_of_the_corpus_round_trips() -> None:
    corpus = load_corpus([RULINGS], None)
    setups = [s.setup for r in corpus.rulings for s in r.scenarios]
    assert setups
    for setup in setups:
        assert codec.decode_setup(wire(codec.encode_setup(setup))) == setup


def test_a_setup_with_every_entry_field_round_trips() -> None:
    entry = CardEntry("Bottomless Pool // Locker Room", "room", tapped=True,
                      unlocked=(Door.RIGHT,), face_down=True, transformed=True, token=True,
                      counters=(("+1/+1", 1), ("lore", 3)), summoning_sick=True, line=12)
    setup = Setup((PlayerSetup("alice", 7, "{U}{U}", {Zone.BATTLEFIELD: (entry,),
                                                        Zone.HAND: (CardEntry("X"),)}),
                   PlayerSetup("bob")), "bob", Step.UPKEEP)
    assert codec.decode_setup(wire(codec.encode_setup(setup))) == setup


def test_a_setup_carries_a_turn_only_when_it_names_one() -> None:
    setup = Setup((PlayerSetup("alice"), PlayerSetup("bob")), "alice")
    assert "turn" not in codec.encode_setup(setup)
    on_turn_4 = Setup(setup.players, "alice", Step.UPKEEP, 4)
    assert codec.encode_setup(on_turn_4)["turn"] == 4
    assert codec.decode_setup(wire(codec.encode_setup(on_turn_4))) == on_turn_4


def test_the_card_pool_round_trips_with_its_lines() -> None:
    pool = load_cards(RULINGS / "cards.yaml")
    decoded = codec.decode_cards(wire(codec.encode_cards(pool)))
    assert decoded == pool
    assert decoded.path == pool.path
    for name, card in pool.items():
        assert decoded[name].location == card.location
        assert [getattr(f.raw, "line", 0) for f in decoded[name].faces] == \
            [getattr(f.raw, "line", 0) for f in card.faces]
        assert [dict(f.raw) for f in decoded[name].faces] == [dict(f.raw) for f in card.faces]


def test_card_data_is_plain_mtgjson() -> None:
    pool = load_cards(RULINGS / "cards.yaml")
    encoded = codec.encode_cards(pool)
    name = next(iter(pool))
    assert encoded["data"][name][0]["name"] == pool[name].faces[0].raw["name"]
    assert set(encoded) == {"path", "data", "lines"}


@pytest.mark.parametrize("error", [
    IllegalAction("no mana"),
    Unsupported("no rooms here"),
    KeyError("o7"),
    RulingFileError(Location("rulings/cards.yaml", 40), "X: unknown effect 'zap'"),
    ContractError("nonsense"),
    UsageError("bad"),
    RuntimeError("observe is broken"),
    ZeroDivisionError("division by zero"),
], ids=lambda e: type(e).__name__)
def test_errors_keep_their_meaning(error: Exception) -> None:
    decoded = codec.decode_error(wire(codec.encode_error(error)))
    assert str(decoded) == str(error)
    if isinstance(error, (IllegalAction, Unsupported, KeyError, RulingFileError)):
        assert type(decoded) is type(error)
    elif isinstance(error, ContractError | UsageError):
        assert isinstance(decoded, ContractError)
    else:
        assert type(decoded).__name__ == type(error).__name__
        assert isinstance(decoded, codec.RemoteException)
    if isinstance(error, IllegalAction):
        assert isinstance(decoded, IllegalAction) and decoded.reason == error.reason


@pytest.mark.parametrize("data, message", [
    ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "unlock", "player": "a", "object": "o", "door": "middle"},
     "door: 'middle' is not a valid value"),
    ({"type": "cast", "card": "o1"}, "action 'cast': missing 'player'"),
    ([1], "action: expected a JSON object"),
])
def test_malformed_values_are_contract_errors(data: Any, message: str) -> None:
    with pytest.raises(ContractError, match=message.replace("(", r"\(")):
        codec.decode_action(data)


def test_an_engine_card_pool_travels_in_its_info() -> None:
    info = EngineInfo("toy", "0.1", frozenset({"combat"}), "1.2",
                      frozenset({"Forest", "Grizzly Bears"}))
    sent = codec.encode_info(info)
    assert sent["cards"] == ["Forest", "Grizzly Bears"]
    assert codec.decode_info(wire(sent)) == info
    assert "cards" not in codec.encode_info(EngineInfo("x", "1", frozenset()))
    with pytest.raises(ContractError, match="cards: expected a list of strings"):
        codec.decode_info({"name": "x", "version": "1", "contract": "1.2", "cards": "Forest"})


@pytest.mark.parametrize("code", ["card", "setup", "step", "value", "engine"])
def test_an_unsupported_code_travels_beside_the_text(code: str) -> None:
    sent = codec.encode_error(Unsupported("no such card", code))
    assert sent == {"type": "unsupported", "message": "no such card", "code": code}
    decoded = codec.decode_error(wire(sent))
    assert isinstance(decoded, Unsupported) and decoded.code == code


def test_an_unsupported_error_without_a_known_code_is_the_engines_own() -> None:
    for data in ({"type": "unsupported", "message": "m"},
                 {"type": "unsupported", "message": "m", "code": "weather"}):
        decoded = codec.decode_error(data)
        assert isinstance(decoded, Unsupported) and decoded.code == "engine"


def test_a_role_travels_with_its_entry() -> None:
    from conformance.format.roles import Role

    role = Role(types=("Creature",), supertypes=("Legendary",), subtypes=("Dog",), power=2,
                toughness=2, mana_value=1, colors=("W",), abilities=())
    entry = CardEntry("Isamaru, Hound of Konda", "dog", role=role, line=3)
    setup = Setup((PlayerSetup("alice", zones={Zone.BATTLEFIELD: (entry,)}),
                   PlayerSetup("bob")), "alice")
    encoded = codec.encode_setup(setup)
    assert encoded["players"][0]["zones"]["battlefield"][0]["role"] == {
        "types": ["Creature"], "supertypes": ["Legendary"], "subtypes": ["Dog"], "power": 2,
        "toughness": 2, "mana_value": 1, "colors": ["W"], "abilities": "none"}
    assert codec.decode_setup(wire(encoded)) == setup
