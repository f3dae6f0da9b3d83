"""What the phase adapter asks phase.rs, and when: its costliest readings (a mana value, the
active player, a snapshot) are made only when used, and what it reads cheaply is what a
snapshot of the whole game says.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

phase = pytest.importorskip("phase")

from conformance.contract import Cast, Resolve  # noqa: E402
from conformance.contract.types import GameView, ObjectView  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.engines.phase import session as session_module  # noqa: E402
from conformance.engines.phase.session import PhaseSession  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
ROOM = "Bottomless Pool // Locker Room"


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(RULINGS / "cards.yaml")


@pytest.fixture()
def engine() -> Any:
    return create()


@pytest.fixture()
def replicas(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the replicas the adapter builds."""
    built: list[int] = []
    real = PhaseSession.replica

    def replica(self: PhaseSession, *args: Any, **kwargs: Any) -> Any:
        built.append(len(self.trace))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(PhaseSession, "replica", replica)
    yield built


def setup_of(hand: tuple[CardEntry, ...] = (), mana: str = "",
             battlefield: tuple[CardEntry, ...] = (),
             graveyard: tuple[CardEntry, ...] = (),
             library: tuple[CardEntry, ...] = ()) -> Setup:
    zones = {Zone.HAND: hand, Zone.BATTLEFIELD: battlefield, Zone.GRAVEYARD: graveyard,
             Zone.LIBRARY: library}
    return Setup((PlayerSetup("alice", mana=mana, zones=zones),
                  PlayerSetup("bob", zones={Zone.HAND: (CardEntry("Shock"),)})), "alice")


def test_a_mana_value_is_read_when_used_and_is_phases_at_the_observation(
        engine: Any, cards: CardPool, replicas: list[int]) -> None:
    """Observing builds no replica; the mana value read after the game moved on is the one
    phase had when the object was observed (a Room in hand: both doors, 6), not its value
    now (on the battlefield with its left door unlocked: 1)."""
    aliases = engine.start(setup_of((CardEntry(ROOM, alias="room"),), mana="{U}"), cards)
    in_hand = engine.observe(aliases["room"])
    assert replicas == []
    engine.perform(Cast("alice", aliases["room"], door=Door.LEFT))
    engine.perform(Resolve())
    permanent = engine.objects(Zone.BATTLEFIELD)
    assert len(permanent) == 1 and permanent[0] != aliases["room"]
    with pytest.raises(KeyError):
        engine.observe(aliases["room"])  # that object is gone ...
    assert in_hand.mana_value == 6  # ... and its view still says what phase said then
    assert engine.observe(permanent[0]).mana_value == 1
    assert len(replicas) == 2


def test_the_active_player_is_read_when_used(engine: Any, cards: CardPool,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    engine.start(setup_of((CardEntry("Grizzly Bears"),)), cards)
    snapshots: list[int] = []
    real = PhaseSession.state

    def state(self: PhaseSession) -> dict[str, Any]:
        snapshots.append(self.version)
        return real(self)

    monkeypatch.setattr(PhaseSession, "state", state)
    view = engine.game()
    assert view.players[0].hand_size == 1 and not view.stack
    assert snapshots == []
    assert view.active_player == "alice"
    assert snapshots == []  # the player phase's set-up step was given (PhaseSession.active_seat)
    engine.session.changed(another_game=True)  # as after an undo: kept players are forgotten
    view = engine.game()
    assert view.players[0].hand_size == 1 and not view.stack
    assert snapshots == []
    assert view.active_player == "alice"
    assert len(snapshots) == 1


def test_views_equal_the_contracts_plain_views(engine: Any, cards: CardPool) -> None:
    aliases = engine.start(setup_of((CardEntry("Grizzly Bears", alias="bears"),)), cards)
    view = engine.observe(aliases["bears"])
    plain = ObjectView(**{f.name: getattr(view, f.name) for f in dataclasses.fields(ObjectView)})
    assert view == plain and plain == view
    assert view != dataclasses.replace(plain, mana_value=3)
    assert dataclasses.replace(view, tapped=True).mana_value == 2
    game = engine.game()
    assert game == GameView(**{f.name: getattr(game, f.name)
                               for f in dataclasses.fields(GameView)})


def test_objects_are_listed_as_a_snapshot_lists_them(engine: Any, cards: CardPool) -> None:
    """Each zone is read on its own (``battlefield``, ``exile``, each player's lists), in
    the order of phase's snapshot of the whole game."""
    engine.start(setup_of(hand=(CardEntry("Shock"), CardEntry("Grizzly Bears")),
                          battlefield=(CardEntry("Grizzly Bears"), CardEntry(ROOM)),
                          graveyard=(CardEntry("Shock"),),
                          library=(CardEntry("Grizzly Bears"), CardEntry("Shock"))), cards)
    state = engine.session.state()

    def listed(zone: Zone, seat: int | None) -> list[str]:
        objects = state["objects"]
        if zone is Zone.BATTLEFIELD:
            numbers = [n for n in state["battlefield"]
                       if seat in (None, objects[str(n)]["controller"])]
        elif zone is Zone.EXILE:
            numbers = [n for n in state["exile"] if seat in (None, objects[str(n)]["owner"])]
        elif zone is Zone.STACK:
            numbers = [int(i["id"]) for i in reversed(state["stack"])]
        else:
            seats = [0, 1] if seat is None else [seat]
            numbers = [n for s in seats for n in state["players"][s][zone.value]]
        return [engine.session.cid(int(n)) for n in numbers]

    for zone in (Zone.LIBRARY, Zone.HAND, Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE,
                 Zone.STACK):
        for seat, player in ((None, None), (0, "alice"), (1, "bob")):
            assert engine.objects(zone, player) == listed(zone, seat), (zone, player)
    assert len(engine.objects(Zone.LIBRARY, "alice")) == 2
    game = engine.session.require()
    for object_id in engine.objects(Zone.BATTLEFIELD):  # kept from the zone's reading
        number = int(object_id[1:].partition(".")[0])
        assert engine.session.raw(object_id) == dict(game.object(number))


def test_a_game_with_the_same_decks_starts_from_the_same_opening(
        engine: Any, cards: CardPool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second game with the same decks is not played from a new game again: its
    opening (hands kept, debug mode on) is reloaded, its calls recorded as they were."""
    session_module.forget_openings()
    new_games: list[int] = []
    real = PhaseSession.new_game

    def new_game(self: PhaseSession, player: list[str], opponent: list[str]) -> None:
        new_games.append(1)
        real(self, player, opponent)

    monkeypatch.setattr(PhaseSession, "new_game", new_game)
    setup = setup_of((CardEntry("Grizzly Bears", alias="bears"),),
                     battlefield=(CardEntry(ROOM, alias="room", unlocked=(Door.LEFT,)),))
    first = engine.start(setup, cards)
    trace, views = list(engine.session.trace), [engine.observe(i) for i in first.values()]
    second = engine.start(setup, cards)
    assert new_games == [1]
    assert second == first and engine.session.trace == trace
    assert [engine.observe(i) for i in second.values()] == views


def test_a_cast_phase_does_not_list_is_refused_without_a_replica(
        engine: Any, cards: CardPool, replicas: list[int]) -> None:
    aliases = engine.start(setup_of((CardEntry("Grizzly Bears", alias="bears"),)), cards)
    assert not engine.is_legal(Cast("alice", aliases["bears"]))  # no mana
    assert replicas == []


def test_an_option_value_is_no_object(engine: Any, cards: CardPool) -> None:
    """``p3.1/2`` (the second trigger of p3.1 in an order choice) names no object."""
    engine.start(setup_of((CardEntry("Grizzly Bears"),)), cards)
    for value in ("p3.1/2", "p3", "x", "pa.b"):
        with pytest.raises(KeyError):
            engine.observe(value)
