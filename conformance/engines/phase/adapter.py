"""The adapter contract over a phase.rs game (``phase.Game``).

Principles (docs/adapter-contract.md, docs/engines/phase.md):

* Every action goes through phase's own legal actions; what phase does not list, or
  refuses with ``ValueError``, is ``IllegalAction`` with phase's words.
* Every observation is a value phase computed: the object's layer-computed fields
  (``name``, ``color``, ``card_types``, ``power``...), its own event records (the
  ``ZoneChanged`` last-known information carries ``mana_value``), or a probe on a
  throw-away copy of the game.  The adapter never derives a characteristic from card data.
* Object ids follow phase's own notion of a new object (CR 400.7): phase keeps a card's
  numeric id across zones and counts *incarnations*; the contract id is
  ``p<id>.<incarnation>``.
* Set-up is state injection through phase's debug actions, from a snapshot of a started
  game with the needed decks (cached per deck list), and the finished set-up is cached
  per scenario set-up.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import phase

from ...contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, Choice, EngineInfo, Event,
    GameView, Move, ObjectId, ObjectView, Option, PlayerId, PlayerRef, PlayerView, Resolve,
    StackItemView, Target, TurnFaceUp, Unlock,
)
from ...errors import ContractError, IllegalAction, Location, Unsupported
from ...format.cards import CardPool
from ...format.model import CardEntry, Setup
from ...format.vocabulary import Door, Face, Step, Zone
from .cards import PhaseCardData, engine_for

#: What this adapter can drive in phase.rs.  Left out, with the reason:
#:  player-views -- phase exposes no per-player view of an object through the bindings.
#:  transform    -- nothing in phase's legal actions or debug actions puts a card onto the
#:                  battlefield transformed, which ``Move(transformed=True)`` and the
#:                  double-faced rulings need; see docs/engines/phase.md.
CAPABILITIES = frozenset({
    "rooms", "special-actions", "lock-unlock-effects", "triggered-abilities",
    "trigger-doubling", "spell-copies", "token-copies", "activated-abilities",
    "cast-from-graveyard", "name-choices", "library-search", "discard", "x-costs", "morph",
    "transform",
    "inject-state", "inject-moves",
})

_STEP_TO_PHASE = {
    Step.UNTAP: "Untap", Step.UPKEEP: "Upkeep", Step.DRAW: "Draw",
    Step.PRECOMBAT_MAIN: "PreCombatMain", Step.BEGINNING_OF_COMBAT: "BeginCombat",
    Step.DECLARE_ATTACKERS: "DeclareAttackers", Step.DECLARE_BLOCKERS: "DeclareBlockers",
    Step.COMBAT_DAMAGE: "CombatDamage", Step.END_OF_COMBAT: "EndCombat",
    Step.POSTCOMBAT_MAIN: "PostCombatMain", Step.END: "End", Step.CLEANUP: "Cleanup",
}
_PHASE_TO_STEP = {v: k for k, v in _STEP_TO_PHASE.items()}
_ZONE_TO_PHASE = {
    Zone.LIBRARY: "Library", Zone.HAND: "Hand", Zone.STACK: "Stack",
    Zone.BATTLEFIELD: "Battlefield", Zone.GRAVEYARD: "Graveyard", Zone.EXILE: "Exile",
    Zone.COMMAND: "Command",
}
_PHASE_TO_ZONE = {v: k for k, v in _ZONE_TO_PHASE.items()}
_MANA = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
_COLOR_LETTER = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
#: contract counter name <-> phase's serialised CounterType
_COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
_COUNTER_FROM_PHASE = {v: k for k, v in _COUNTER_TO_PHASE.items()}
_TARGET_PROMPTS = ("TargetSelection", "TriggerTargetSelection")
_CARD_PROMPTS = ("DiscardChoice", "SearchChoice", "ChooseFromZoneChoice", "EffectZoneChoice",
                 "DiscardToHandSize")
_EVENT_KINDS = {
    "SpellCast": "spell_cast", "AbilityActivated": "ability_activated",
    "RoomDoorUnlocked": "door_unlocked", "RoomDoorLocked": "door_locked",
    "TokenCreated": "token_created", "TurnedFaceUp": "turned_face_up",
    "CardDiscarded": "card_discarded", "Discarded": "card_discarded",
    "StackResolved": "resolved",
}


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("phase-python")
    except Exception:  # noqa: BLE001 - a version string is informative only
        return "unknown"


def _parse_id(object_id: ObjectId) -> tuple[int, int]:
    if not object_id.startswith("p") or "." not in object_id:
        raise KeyError(object_id)
    number, _, incarnation = object_id[1:].partition(".")
    return int(number), int(incarnation)


def _mana_types(mana: str) -> list[str]:
    """The mana a setup puts in a pool, as phase ManaTypes ({3} is three colorless)."""
    out: list[str] = []
    for symbol in mana.replace("}", "").split("{")[1:]:
        if symbol.isdigit():
            out.extend(["Colorless"] * int(symbol))
        elif symbol in _MANA:
            out.append(_MANA[symbol])
        else:
            raise Unsupported(f"the phase adapter cannot put {{{symbol}}} in a mana pool")
    return out


class PhaseEngine:
    """phase.rs through ``phase-python``, one game at a time."""

    def __init__(self) -> None:
        self._info = EngineInfo("phase", _version(), CAPABILITIES)
        self._engine: Any = None
        self._data: PhaseCardData | None = None
        self._game: Any = None
        self._names: tuple[str, str] = ("", "")
        self._version = 0  # bumped by every change of the game: keys the caches below
        self._state_cache: tuple[int, dict[str, Any]] | None = None
        self._mana_values: dict[tuple[int, ObjectId], int] = {}
        self._deck_snapshots: dict[tuple[int, tuple[str, ...], tuple[str, ...]],
                                   tuple[Any, tuple[int, ...]]] = {}
        self._setup_snapshots: dict[tuple[int, str], tuple[Any, dict[str, ObjectId]]] = {}
        #: counters for benchmarks/phase_speed.py: calls into phase and the time they took
        self.engine_calls = 0
        self.engine_seconds = 0.0
        #: measured in benchmarks/phase_speed.py: with the corpus's small decks a new game
        #: (~1-5 ms) is cheaper than load_game of a snapshot, so reuse is off by default
        self.reuse_snapshots = False

    @property
    def info(self) -> EngineInfo:
        return self._info

    @property
    def card_data(self) -> PhaseCardData | None:
        return self._data

    # -- calling phase -----------------------------------------------------------------------

    def _call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            self.engine_calls += 1
            self.engine_seconds += time.perf_counter() - started

    def _require(self) -> Any:
        if self._game is None:
            raise RuntimeError("start() was not called")
        return self._game

    def _changed(self) -> None:
        self._version += 1
        self._state_cache = None

    def _snapshot(self) -> Any:
        return self._call(self._require().state)

    def _restore(self, snapshot: Any) -> None:
        self._game = self._call(self._engine.load_game, snapshot)
        self._changed()

    def _state(self) -> dict[str, Any]:
        if self._state_cache is None or self._state_cache[0] != self._version:
            self._state_cache = (self._version, self._snapshot()["state"])
        return self._state_cache[1]

    def _waiting(self) -> dict[str, Any]:
        return dict(self._call(self._require().waiting_for))

    def _actions(self) -> list[Any]:
        return list(self._call(self._require().actions))

    def _actor(self) -> int:
        """The seat phase expects to act now."""
        data = self._waiting().get("data") or {}
        player = data.get("player")
        if player is None and data.get("pending"):
            player = data["pending"][0].get("player")
        return int(player or 0)

    def _apply(self, seat: int, action: Any) -> list[dict[str, Any]]:
        if isinstance(action, dict):
            try:
                action = phase.GameAction.from_dict(action)
            except ValueError as exc:  # the adapter's shape, not a refusal by the rules
                raise Unsupported(f"the adapter cannot build phase's {action.get('type')} "
                                  f"action for this phase version: {exc}") from None
        try:
            result = self._call(self._require().apply, seat, action)
        except ValueError as exc:
            raise IllegalAction(f"phase refused {_show(action)}: {exc}") from None
        finally:
            self._changed()
        return list(result.events)

    def _debug(self, kind: str, **data: Any) -> list[dict[str, Any]]:
        action = {"type": "Debug", "data": {"type": kind, "data": data}}
        try:
            return self._apply(self._actor(), action)
        except IllegalAction as exc:
            raise ContractError(f"phase refused the set-up step {kind} {data}: "
                                f"{exc.reason}") from None

    # -- ids -------------------------------------------------------------------------------

    def _raw(self, object_id: ObjectId) -> dict[str, Any]:
        """phase's object for a contract id; KeyError if it has since changed zones."""
        number, incarnation = _parse_id(object_id)
        obj = self._state()["objects"].get(str(number))
        if obj is None or int(obj.get("incarnation", 0)) != incarnation:
            raise KeyError(object_id)
        return dict(obj)

    def _pid(self, object_id: ObjectId) -> int:
        try:
            self._raw(object_id)
        except KeyError:
            raise IllegalAction(f"object {object_id} no longer exists in phase") from None
        return _parse_id(object_id)[0]

    def _cid(self, number: int) -> ObjectId:
        obj = self._state()["objects"].get(str(number))
        if obj is None:
            raise KeyError(number)
        return f"p{number}.{obj.get('incarnation', 0)}"

    def _seat(self, player: PlayerId) -> int:
        if player not in self._names:
            raise IllegalAction(f"no player {player!r}")
        return self._names.index(player)

    def _player(self, seat: object) -> PlayerId:
        return self._names[int(str(seat))]

    # -- set-up ----------------------------------------------------------------------------

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        self._data, self._engine = engine_for(cards)
        if len(setup.players) != 2:
            raise Unsupported("the phase adapter plays two-player games")
        self._names = (setup.players[0].name, setup.players[1].name)
        key = (id(cards), repr(setup))
        cached = self._setup_snapshots.get(key) if self.reuse_snapshots else None
        if cached is not None:
            self._restore(cached[0])
            return dict(cached[1])
        aliases = self._set_up(setup, cards)
        # a snapshot reload rebuilds Room permanents (see _set_up): never reuse those
        rooms_in_play = any(z is Zone.BATTLEFIELD and cards.lookup(e.card, Location("")).is_room
                            for _p, z, e in setup.entries())
        if self.reuse_snapshots and not rooms_in_play:
            self._setup_snapshots[key] = (self._snapshot(), dict(aliases))
        return aliases

    def _base_game(self, cards: CardPool, decks: tuple[list[str], list[str]]) -> tuple[int, ...]:
        """A started game (mulligans kept, debug mode on) whose decks hold every card the
        set-up needs; returns the ids of filler cards to remove."""
        filler = sorted(cards)[0]
        lists = tuple(sorted(d) if d else [filler] for d in decks)
        key = (id(cards), tuple(lists[0]), tuple(lists[1]))
        cached = self._deck_snapshots.get(key) if self.reuse_snapshots else None
        if cached is not None:
            self._restore(cached[0])
            return cached[1]
        game = self._call(self._engine.new_game, player=lists[0], opponent=lists[1], seed=1,
                          first_player=0)
        self._game = game
        self._changed()
        while self._waiting().get("type") == "MulliganDecision":
            keep = [a for a in self._actions()
                    if a.kind == "MulliganDecision" and a.data["choice"]["type"] == "Keep"]
            self._apply(self._actor(), keep[0])
        snapshot = self._snapshot()
        snapshot["state"]["debug_mode"] = True
        self._restore(snapshot)
        fillers = tuple(int(o["id"]) for o in self._state()["objects"].values()
                        if not decks[int(o["owner"])])
        if self.reuse_snapshots:
            self._deck_snapshots[key] = (self._snapshot(), fillers)
        return fillers

    def _set_up(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        assert self._data is not None
        where = Location("<setup>")
        decks: tuple[list[str], list[str]] = ([], [])
        for player, _zone, entry in setup.entries():
            if entry.token:
                raise Unsupported("the phase adapter cannot set up a token of a card: phase's "
                                  "debug actions create tokens only as copies or by stats")
            if entry.unlocked:
                raise Unsupported(
                    "set-up with unlocked doors: phase has no action that sets a door state, "
                    "and a Room edited into a snapshot is rebuilt by load_game without the "
                    "per-door ability tags it has in play (see docs/engines/phase.md)")
            decks[self._seat(player.name)].append(cards.lookup(entry.card, where).name)
        fillers = self._base_game(cards, decks)

        # phase's objects of each card, per owner
        by_card: dict[tuple[int, str], list[int]] = {}
        names = self._data.card_by_oracle_id
        for obj in sorted(self._state()["objects"].values(), key=lambda o: int(o["id"])):
            ref = obj.get("base_printed_ref") or obj.get("printed_ref") or {}
            card = names.get(str(ref.get("oracle_id")))
            if card is not None:
                by_card.setdefault((int(obj["owner"]), card), []).append(int(obj["id"]))

        placed: list[tuple[int, Zone, CardEntry]] = []
        for player, zone, entry in setup.entries():
            seat = self._seat(player.name)
            name = cards.lookup(entry.card, where).name
            number = by_card[(seat, name)].pop(0)
            placed.append((number, zone, entry))
        for number in fillers:
            self._debug("RemoveObject", object_id=number)
        # libraries: the first entry on top
        for number, zone, _entry in reversed(placed):
            if zone is Zone.LIBRARY:
                self._place(number, zone)
        # Rooms first, through phase's full zone-change pipeline while the battlefield is
        # still empty: phase builds a Room permanent's door-tagged abilities as it enters
        # (a raw placement leaves a one-door object); nothing else is there to trigger.
        rooms_first = sorted(placed, key=lambda p: not (p[1] is Zone.BATTLEFIELD and
                                                         cards.lookup(p[2].card, where).is_room))
        for number, zone, entry in rooms_first:
            if zone is not Zone.LIBRARY:
                self._place(number, zone, simulate=zone is Zone.BATTLEFIELD and
                            cards.lookup(entry.card, where).is_room)

        for number, zone, entry in placed:
            self._set_state(number, zone, entry)

        for player in setup.players:
            seat = self._seat(player.name)
            if player.life != 20:
                self._debug("SetLife", player_id=seat, life=player.life)
        self._debug("SetPhase", phase=_STEP_TO_PHASE[setup.step],
                    active_player=self._seat(setup.active_player))
        for player in setup.players:
            if player.mana:
                self._debug("AddMana", player_id=self._seat(player.name),
                            mana=_mana_types(player.mana))
        waiting = self._waiting()
        if self._stack_ids():
            raise ContractError(f"phase put {len(self._stack_ids())} item(s) on the stack "
                                f"during set-up")
        if waiting.get("type") != "Priority" or self._actor() != self._seat(setup.active_player):
            raise ContractError(f"after set-up phase waits for {waiting}, not for "
                                f"{setup.active_player}'s priority")
        return {e.alias: self._cid(n) for n, _z, e in placed if e.alias}

    def _place(self, number: int, zone: Zone, simulate: bool = False) -> None:
        obj = self._state()["objects"][str(number)]
        target = _ZONE_TO_PHASE[zone]
        if obj["zone"] == target and zone is not Zone.LIBRARY:
            return
        if obj["zone"] == target:  # to re-order a library, take the card out first
            self._debug("MoveToZone", object_id=number, to_zone="Exile", simulate=False)
        self._debug("MoveToZone", object_id=number, to_zone=target, simulate=simulate,
                    library_position={"type": "Top"})

    def _set_state(self, number: int, zone: Zone, entry: CardEntry) -> None:
        if zone is Zone.BATTLEFIELD:
            self._debug("SetSummoningSickness", object_id=number, sick=entry.summoning_sick)
            self._debug("SetTapped", object_id=number, tapped=entry.tapped)
        for counter, amount in entry.counters:
            self._debug("ModifyCounters", object_id=number,
                        counter_type=_COUNTER_TO_PHASE.get(counter, counter), delta=amount)
        if entry.face_down:
            self._debug("SetFaceState", object_id=number, face_down=True, transformed=None,
                        flipped=None)
        if entry.transformed:
            self._debug("SetFaceState", object_id=number, face_down=None, transformed=True,
                        flipped=None)

    # -- acting ----------------------------------------------------------------------------

    @contextmanager
    def _atomic(self) -> Iterator[None]:
        """Undo everything if the action is refused part-way (the contract's promise)."""
        snapshot = self._snapshot()
        try:
            yield
        except IllegalAction:
            self._restore(snapshot)
            raise

    def _priority_seat(self, player: PlayerId) -> int:
        waiting = self._waiting()
        seat = self._seat(player)
        if waiting.get("type") != "Priority":
            raise IllegalAction(f"phase is waiting for {waiting.get('type')}, not for an action")
        if self._actor() != seat:
            raise IllegalAction(f"{player} does not have priority")
        return seat

    def _legal(self, kind: str, **match: Any) -> Any:
        for candidate in self._actions():
            if candidate.kind != kind:
                continue
            data = candidate.data or {}
            if all(data.get(k) == v for k, v in match.items()):
                return candidate
        return None

    def perform(self, action: Action) -> Sequence[Event]:
        raw = self._perform(action)
        return self._events(raw)

    def _perform(self, action: Action) -> list[dict[str, Any]]:
        self._require()
        if isinstance(action, Cast):
            return self._cast(action)
        if isinstance(action, Activate):
            return self._activate(action)
        if isinstance(action, Unlock):
            seat = self._priority_seat(action.player)
            number = self._pid(action.object)
            door = "Left" if action.door is Door.LEFT else "Right"
            legal = self._legal("UnlockRoomDoor", object_id=number, door=door)
            if legal is None:
                raise IllegalAction(f"phase does not offer unlocking the {action.door.value} "
                                    f"door of {action.object} now")
            return self._apply(seat, legal)
        if isinstance(action, TurnFaceUp):
            seat = self._priority_seat(action.player)
            legal = self._legal("TurnFaceUp", object_id=self._pid(action.object))
            if legal is None:
                raise IllegalAction(f"phase does not offer turning {action.object} face up now")
            return self._apply(seat, legal)
        if isinstance(action, Resolve):
            return self._resolve()
        if isinstance(action, AdvanceTo):
            return self._advance(action.step)
        if isinstance(action, Move):
            if action.transformed:
                raise Unsupported("phase has no way to put a card onto the battlefield "
                                  "transformed (its MoveToZone has no such option)")
            number = self._pid(action.object)
            seat = self._actor()
            return self._apply(seat, {"type": "Debug", "data": {"type": "MoveToZone", "data": {
                "object_id": number, "to_zone": _ZONE_TO_PHASE[action.to], "simulate": True}}})
        raise Unsupported(f"unknown action {action!r}")

    def _cast(self, action: Cast) -> list[dict[str, Any]]:
        seat = self._priority_seat(action.player)
        number = self._pid(action.card)
        legal = self._legal("CastSpell", object_id=number)
        if legal is None:
            raise IllegalAction(f"casting {action.card} is not among phase's legal actions")
        events: list[dict[str, Any]] = []
        with self._atomic():
            events += self._apply(seat, legal)
            events += self._settle_cast(action.door, action.face, action.face_down,
                                        action.targets, action.x)
        return events

    def _activate(self, action: Activate) -> list[dict[str, Any]]:
        seat = self._priority_seat(action.player)
        number = self._pid(action.object)
        legal = self._legal("ActivateAbility", source_id=number, ability_index=action.ability)
        if legal is None and action.ability == 0 and self._is_mana_source(number):
            # phase keeps mana abilities out of its legal actions (CR 605.3a) and activates a
            # land's through TapLandForMana; it refuses (ValueError) when that is illegal
            return self._apply(seat, {"type": "TapLandForMana", "data": {"object_id": number}})
        if legal is None:
            raise IllegalAction(f"activating ability {action.ability + 1} of {action.object} is "
                                f"not among phase's legal actions")
        events: list[dict[str, Any]] = []
        with self._atomic():
            events += self._apply(seat, legal)
            events += self._settle_cast(None, None, False, action.targets, action.x)
        return events

    def _is_mana_source(self, number: int) -> bool:
        """Whether phase lists the object as one a player may tap for mana."""
        obj = self._state()["objects"].get(str(number)) or {}
        abilities = obj.get("abilities") or []
        return bool(abilities) and bool(abilities[0].get("is_mana_ability"))

    def _settle_cast(self, door: Door | None, face: Face | None, face_down: bool,
                     targets: tuple[Target, ...] | None, x: int | None) -> list[dict[str, Any]]:
        """Answer the prompts of casting or activating that the action itself decides."""
        events: list[dict[str, Any]] = []
        queue = list(targets) if targets is not None else None
        for _ in range(50):
            waiting = self._waiting()
            kind = waiting.get("type")
            seat = self._actor()
            if kind == "ModalFaceChoice" and (door is not None or face is not None):
                back = door is Door.RIGHT if door is not None else face is Face.BACK
                events += self._apply(seat, {"type": "ChooseModalFace",
                                             "data": {"back_face": back}})
                door = face = None
            elif kind == "AlternativeCastChoice":
                choice = "Alternative" if face_down else "Normal"
                events += self._apply(seat, {"type": "ChooseAlternativeCast",
                                             "data": {"choice": {"type": choice}}})
            elif kind == "ChooseXValue" and x is not None:
                events += self._apply(seat, {"type": "ChooseX", "data": {"value": x}})
                x = None
            elif kind in _TARGET_PROMPTS and queue is not None:
                if queue:
                    events += self._apply(seat, self._target_action(queue.pop(0)))
                else:
                    events += self._apply(seat, {"type": "ChooseTarget", "data": {"target": None}})
                    queue = None
            else:
                return events
        raise ContractError("phase kept prompting while casting")

    def _target_action(self, target: Target | str) -> dict[str, Any]:
        if isinstance(target, PlayerRef):
            value: dict[str, int] = {"Player": self._seat(target.name)}
        elif target.startswith(PLAYER_OPTION_PREFIX):
            value = {"Player": self._seat(target[len(PLAYER_OPTION_PREFIX):])}
        else:
            value = {"Object": self._pid(target)}
        return {"type": "ChooseTarget", "data": {"target": value}}

    def _stack_ids(self) -> list[int]:
        """Stack entry ids, top first."""
        return [int(item["id"]) for item in reversed(self._state().get("stack") or [])]

    def _resolve(self) -> list[dict[str, Any]]:
        stack = self._stack_ids()
        if not stack:
            raise IllegalAction("the stack is empty")
        if self._waiting().get("type") != "Priority":
            raise IllegalAction(f"phase is waiting for {self._waiting().get('type')}")
        top = stack[0]
        events: list[dict[str, Any]] = []
        for _ in range(10):
            if self._waiting().get("type") != "Priority" or top not in self._stack_ids():
                return events
            events += self._apply(self._actor(), {"type": "PassPriority"})
        raise ContractError("the top of the stack did not resolve after every player passed")

    def _advance(self, step: Step) -> list[dict[str, Any]]:
        if self._stack_ids():
            raise IllegalAction("the stack is not empty")
        wanted = _STEP_TO_PHASE[step]
        events: list[dict[str, Any]] = []
        for _ in range(200):
            state = self._state()
            if state.get("phase") == wanted or state.get("stack"):
                return events
            if self._waiting().get("type") != "Priority":
                return events
            events += self._apply(self._actor(), {"type": "PassPriority"})
        raise ContractError(f"phase did not reach {step.value}")

    def is_legal(self, action: Action) -> bool:
        """Answered from phase's legal-action list when that decides it; otherwise by
        performing the action on a throw-away copy of the game (a reload rebuilds Room
        permanents, so the live game is never restored from a snapshot for this)."""
        simple = isinstance(action, (Unlock, TurnFaceUp)) or (
            isinstance(action, Activate) and action.targets is None and action.x is None) or (
            isinstance(action, Cast) and action.door is None and action.face is None
            and not action.face_down and action.targets is None and action.x is None)
        if simple and isinstance(action, (Unlock, TurnFaceUp, Activate, Cast)):
            try:
                self._priority_seat(action.player)
                return self._find_legal(action) is not None
            except IllegalAction:
                return False
        live = self._require()
        self._game = self._call(self._engine.load_game, self._snapshot())
        self._changed()
        try:
            self._perform(action)
        except IllegalAction:
            return False
        finally:
            self._game = live
            self._changed()
        return True

    def _find_legal(self, action: Action) -> Any:
        if isinstance(action, Unlock):
            door = "Left" if action.door is Door.LEFT else "Right"
            return self._legal("UnlockRoomDoor", object_id=self._pid(action.object), door=door)
        if isinstance(action, TurnFaceUp):
            return self._legal("TurnFaceUp", object_id=self._pid(action.object))
        if isinstance(action, Activate):
            return self._legal("ActivateAbility", source_id=self._pid(action.object),
                               ability_index=action.ability)
        if isinstance(action, Cast):
            return self._legal("CastSpell", object_id=self._pid(action.card))
        return None

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        if self._waiting().get("type") != "Priority" or self._actor() != self._seat(player):
            return []
        out: list[Action] = [Resolve()] if self._stack_ids() else []
        for candidate in self._actions():
            data = candidate.data or {}
            if candidate.kind == "CastSpell":
                out.append(Cast(player, self._cid(int(data["object_id"]))))
            elif candidate.kind == "ActivateAbility":
                out.append(Activate(player, self._cid(int(data["source_id"])),
                                    int(data["ability_index"])))
            elif candidate.kind == "UnlockRoomDoor":
                out.append(Unlock(player, self._cid(int(data["object_id"])),
                                  Door.LEFT if data["door"] == "Left" else Door.RIGHT))
            elif candidate.kind == "TurnFaceUp":
                out.append(TurnFaceUp(player, self._cid(int(data["object_id"]))))
        return out

    # -- choices ---------------------------------------------------------------------------

    def pending_choice(self) -> Choice | None:
        waiting = self._waiting()
        kind = waiting.get("type")
        data = waiting.get("data") or {}
        if kind in ("Priority", "GameOver", None):
            return None
        player = self._player(self._actor())
        if kind == "ModalFaceChoice":
            return Choice("door", player, "choose a door to cast",
                          (Option("left"), Option("right")))
        if kind in _TARGET_PROMPTS:
            selection = data.get("selection") or {}
            slots = data.get("target_slots") or []
            slot = slots[int(selection.get("current_slot", 0))] if slots else {}
            legal = selection.get("current_legal_targets") or slot.get("legal_targets") or []
            options = tuple(self._target_option(t) for t in legal)
            prompt = str(data.get("description") or "choose targets")
            return Choice("target", player, prompt, options,
                          0 if slot.get("optional") else 1, 1)
        if kind == "NamedChoice":
            options = tuple(Option(str(o)) for o in data.get("options") or ())
            return Choice("name", player, "choose a name", options)
        if kind in _CARD_PROMPTS:
            count = int(data.get("count", 1))
            options = tuple(Option(self._cid(int(c))) for c in data.get("cards") or ())
            low = 0 if data.get("up_to") else min(count, len(options))
            return Choice("cards", player, f"choose cards ({kind})", options, low, count)
        raise Unsupported(f"phase waits for a {kind} prompt, which the adapter does not map "
                          f"to a contract choice")

    def _target_option(self, target: Any) -> Option:
        if isinstance(target, dict) and "Player" in target:
            return Option(PLAYER_OPTION_PREFIX + self._player(target["Player"]))
        if isinstance(target, dict) and "Object" in target:
            return Option(self._cid(int(target["Object"])))
        return Option(json.dumps(target))

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        waiting = self._waiting()
        kind = waiting.get("type")
        choice = self.pending_choice()
        if choice is None:
            raise IllegalAction("phase is not waiting for a choice")
        offered = {o.value for o in choice.options}
        unknown = [v for v in values if v not in offered and choice.options]
        if unknown or not choice.min <= len(values) <= max(choice.max, choice.min):
            if kind not in _TARGET_PROMPTS or unknown:
                raise IllegalAction(f"{list(values)} is not an answer phase allows "
                                    f"(offered: {sorted(offered)})")
        seat = self._actor()
        events: list[dict[str, Any]] = []
        with self._atomic():
            if kind == "ModalFaceChoice":
                events += self._apply(seat, {"type": "ChooseModalFace",
                                             "data": {"back_face": values[0] == "right"}})
            elif kind in _TARGET_PROMPTS:
                if not values:
                    events += self._apply(seat, {"type": "ChooseTarget",
                                                 "data": {"target": None}})
                for value in values:
                    events += self._apply(seat, self._target_action(value))
            elif kind == "NamedChoice":
                events += self._apply(seat, {"type": "ChooseOption",
                                             "data": {"choice": values[0]}})
            elif kind in _CARD_PROMPTS:
                events += self._apply(seat, {"type": "SelectCards",
                                             "data": {"cards": [self._pid(v) for v in values]}})
        return self._events(events)

    # -- events ----------------------------------------------------------------------------

    def _events(self, raw: list[dict[str, Any]]) -> list[Event]:
        out: list[Event] = []
        for index, event in enumerate(raw):
            kind, data = event.get("type"), event.get("data") or {}
            if kind == "ZoneChanged":
                out.append(self._zone_changed(raw, index, data))
            elif kind in _EVENT_KINDS:
                out.append(Event(_EVENT_KINDS[str(kind)], {"phase": data}))
        return out

    def _zone_changed(self, raw: list[dict[str, Any]], index: int,
                      data: dict[str, Any]) -> Event:
        number = int(data["object_id"])
        before = _incarnation_left(data)
        after: int | None = None
        for later in raw[index + 1:]:  # the same card moving again in the same action
            if later.get("type") == "ZoneChanged" and \
                    int(later["data"]["object_id"]) == number:
                after = _incarnation_left(later["data"])
                break
        if after is None:
            obj = self._state()["objects"].get(str(number))
            if obj is not None and obj.get("zone") == data.get("to"):
                after = int(obj.get("incarnation", 0))
        return Event("zone_changed", {
            "object": f"p{number}.{before}",
            "new_object": None if after is None else f"p{number}.{after}",
            "from": _zone_name(data.get("from")), "to": _zone_name(data.get("to")),
        })

    # -- observing -------------------------------------------------------------------------

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        if viewer is not None:
            raise Unsupported("phase exposes no per-player view of objects (player-views)")
        obj = self._raw(object_id)
        zone = _PHASE_TO_ZONE.get(str(obj.get("zone")), Zone.EXILE)
        public = zone in (Zone.BATTLEFIELD, Zone.STACK)
        card_types = obj.get("card_types") or {}
        name = str(obj.get("name") or "")
        return ObjectView(
            id=object_id, zone=zone, owner=self._player(obj["owner"]),
            controller=self._player(obj["controller"]) if public else None,
            names=tuple(n for n in name.split(" // ") if n),
            mana_value=self._mana_value(object_id),
            colors=tuple(_COLOR_LETTER.get(str(c), str(c)) for c in obj.get("color") or ()),
            types=tuple(str(t) for t in card_types.get("core_types") or ()),
            subtypes=tuple(str(t) for t in card_types.get("subtypes") or ()),
            supertypes=tuple(str(t) for t in card_types.get("supertypes") or ()),
            power=_int_or_none(obj.get("power")), toughness=_int_or_none(obj.get("toughness")),
            abilities=_ability_texts(obj),
            unlocked_doors=_unlocked(obj) if zone is Zone.BATTLEFIELD else (),
            face_down=bool(obj.get("face_down")), transformed=bool(obj.get("transformed")),
            token=bool(obj.get("is_token")), tapped=bool(obj.get("tapped")),
            counters={_COUNTER_FROM_PHASE.get(str(k), str(k)): int(v)
                      for k, v in (obj.get("counters") or {}).items()},
            identity=_printed_names(obj),
            color_identity=self._color_identity(obj),
            keywords=tuple(_keyword_name(k) for k in obj.get("keywords") or ()),
            attached_to=self._attached_to(obj.get("attached_to")),
        )

    def _attached_to(self, value: object) -> ObjectId | None:
        if value is None:
            return None
        if isinstance(value, dict):  # {"type": "Object", "data": id} (or a player)
            if value.get("type") != "Object":
                raise Unsupported(f"attached to {value}, which the contract cannot name")
            value = value.get("data")
        return self._cid(int(str(value)))

    def _mana_value(self, object_id: ObjectId) -> int:
        """phase's own mana value of the object where it is: the last-known information
        phase records when the object leaves its zone, read on a throw-away copy of the
        game (the real game is untouched)."""
        key = (self._version, object_id)
        if key not in self._mana_values:
            number, _ = _parse_id(object_id)
            obj = self._raw(object_id)
            probe = self._call(self._engine.load_game, self._snapshot())
            away = "Graveyard" if obj.get("zone") == "Exile" else "Exile"
            action = phase.GameAction.from_dict({"type": "Debug", "data": {
                "type": "MoveToZone",
                "data": {"object_id": number, "to_zone": away, "simulate": False}}})
            waiting = probe.waiting_for().get("data") or {}
            seat = int(waiting.get("player") or 0)
            try:
                result = self._call(probe.apply, seat, action)
            except ValueError as exc:
                raise Unsupported(f"phase would not show its mana value of {object_id}: "
                                  f"{exc}") from None
            records = [e["data"].get("record") or {} for e in result.events
                       if e.get("type") == "ZoneChanged"
                       and int(e["data"]["object_id"]) == number]
            if not records or records[0].get("mana_value") is None:
                raise Unsupported(f"phase recorded no mana value for {object_id}")
            self._mana_values[key] = int(records[0]["mana_value"])
        return self._mana_values[key]

    def _color_identity(self, obj: dict[str, Any]) -> tuple[str, ...]:
        """Color identity as phase's card builder computed it for the card."""
        assert self._data is not None
        ref = obj.get("base_printed_ref") or obj.get("printed_ref") or {}
        face = self._data.faces.get(str(ref.get("face_name") or "").lower()) or {}
        return tuple(_COLOR_LETTER.get(str(c), str(c)) for c in face.get("color_identity") or ())

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        state = self._state()
        seat = None if player is None else self._seat(player)
        if zone is Zone.STACK:
            numbers = [int(item["id"]) for item in reversed(state.get("stack") or [])
                       if (item.get("kind") or {}).get("type") == "Spell"
                       and seat in (None, int(item["controller"]))]
        elif zone is Zone.BATTLEFIELD:
            numbers = [int(n) for n in state.get("battlefield") or []
                       if seat in (None, int(state["objects"][str(n)]["controller"]))]
        elif zone in (Zone.EXILE, Zone.COMMAND):
            listed = state.get("exile" if zone is Zone.EXILE else "command_zone") or []
            numbers = [int(n) for n in listed if str(n) in state["objects"]
                       and seat in (None, int(state["objects"][str(n)]["owner"]))]
        else:
            key = {Zone.LIBRARY: "library", Zone.HAND: "hand", Zone.GRAVEYARD: "graveyard"}[zone]
            seats = [seat] if seat is not None else [0, 1]
            numbers = [int(n) for s in seats for n in state["players"][s].get(key) or []]
        return [self._cid(n) for n in numbers]

    def game(self) -> GameView:
        state = self._state()
        waiting = self._waiting()
        priority = self._player(self._actor()) if waiting.get("type") == "Priority" else None
        players = []
        for seat, name in enumerate(self._names):
            raw = state["players"][seat]
            exile = [n for n in state.get("exile") or []
                     if int(state["objects"].get(str(n), {}).get("owner", -1)) == seat]
            players.append(PlayerView(name, int(raw["life"]), len(raw.get("hand") or []),
                                      len(raw.get("library") or []),
                                      len(raw.get("graveyard") or []), len(exile)))
        phase_name = str(state.get("phase"))
        if phase_name not in _PHASE_TO_STEP:
            raise ContractError(f"phase reports an unknown step {phase_name!r}")
        return GameView(
            step=_PHASE_TO_STEP[phase_name], active_player=self._player(state["active_player"]),
            priority_player=priority,
            stack=tuple(self._stack_item(item) for item in reversed(state.get("stack") or [])),
            players=tuple(players),
        )

    def _stack_item(self, item: dict[str, Any]) -> StackItemView:
        kind = item.get("kind") or {}
        data = kind.get("data") or {}
        controller = self._player(item["controller"])
        if kind.get("type") == "Spell":
            spell = self._cid(int(item["id"]))
            spell_ability = data.get("ability") or {}
            targets = tuple(self._contract_target(t) for t in spell_ability.get("targets") or ())
            return StackItemView(spell, "spell", spell, controller, targets)
        ability = data.get("ability") or {}
        source_number = int(str(ability.get("source_id", item.get("source_id"))))
        incarnation = ability.get("source_incarnation")
        source = f"p{source_number}.{incarnation}" if incarnation is not None \
            else self._cid(source_number)
        targets = tuple(self._contract_target(t) for t in ability.get("targets") or ())
        return StackItemView(f"a{item['id']}", "ability", source, controller, targets,
                             str(data.get("description") or ability.get("description") or ""))

    def _contract_target(self, target: Any) -> Target:
        if isinstance(target, dict) and "Player" in target:
            return PlayerRef(self._player(target["Player"]))
        if isinstance(target, dict) and "Object" in target:
            try:
                return self._cid(int(target["Object"]))
            except KeyError:
                return f"p{target['Object']}.gone"
        return json.dumps(target)

    def close(self) -> None:
        self._game = None
        self._changed()


# -- helpers -----------------------------------------------------------------------------


def _show(action: Any) -> str:
    try:
        return json.dumps(action.to_dict())
    except Exception:  # noqa: BLE001 - for a message only
        return repr(action)


def _incarnation_left(data: dict[str, Any]) -> int:
    record = data.get("record") or {}
    context = record.get("trigger_source_context") or {}
    reference = (context.get("identity") or {}).get("reference") or {}
    if "incarnation" not in reference:
        raise ContractError(f"phase's ZoneChanged event has no incarnation: {data}")
    return int(reference["incarnation"])


def _zone_name(zone: object) -> str:
    found = _PHASE_TO_ZONE.get(str(zone))
    return found.value if found else str(zone)


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        return None


def _unlocked(obj: dict[str, Any]) -> tuple[Door, ...]:
    unlocks = obj.get("room_unlocks") or {}
    doors = []
    if unlocks.get("left_unlocked"):
        doors.append(Door.LEFT)
    if unlocks.get("right_unlocked"):
        doors.append(Door.RIGHT)
    return tuple(doors)


def _keyword_name(keyword: object) -> str:
    if isinstance(keyword, dict) and keyword:
        return str(next(iter(keyword)))
    return str(keyword)


def _description(entry: Any) -> str:
    if isinstance(entry, dict):
        definition = entry.get("definition")
        source: dict[str, Any] = definition if isinstance(definition, dict) else entry
        return str(source.get("description") or "")
    return ""


def _ability_texts(obj: dict[str, Any]) -> tuple[str, ...]:
    """The texts of the abilities phase says the object has now: its keywords and the
    descriptions of its activated, triggered, static and replacement abilities."""
    texts = [_keyword_name(k) for k in obj.get("keywords") or ()]
    for key in ("abilities", "trigger_definitions", "static_definitions",
                "replacement_definitions"):
        for entry in obj.get(key) or ():
            text = _description(entry)
            if text and text not in texts:
                texts.append(text)
    return tuple(texts)


def _printed_names(obj: dict[str, Any]) -> tuple[str, ...]:
    names = []
    for ref in (obj.get("base_printed_ref"), (obj.get("back_face") or {}).get("printed_ref")):
        if isinstance(ref, dict) and ref.get("face_name"):
            names.append(str(ref["face_name"]))
    return tuple(names)
