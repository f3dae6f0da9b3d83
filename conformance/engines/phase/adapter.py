"""The adapter contract over a phase.rs game (``phase.Game``).

Principles (docs/adapter-contract.md, docs/engines/phase.md):

* Every action goes through phase's own legal actions (``actions.py``); what phase does not
  list, or refuses with ``ValueError``, is ``IllegalAction`` with phase's words.
* Every observation is a value phase computed and applies (``observations.py``); the
  adapter never derives a characteristic from card data.
* Object ids follow phase's own notion of a new object (CR 400.7): phase keeps a card's
  numeric id across zones and counts *incarnations*; the contract id is
  ``p<id>.<incarnation>``.
* Set-up (``setup.py``) places cards with phase's debug actions and reaches door states by
  play; a game with a Room in it is never reloaded from a snapshot.  Undo and probes
  replay the recorded calls (``session.py``), which also make each failure's standalone
  reproduction (``trace.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...contract.types import (
    Action, Activate, Cast, Choice, EngineInfo, Event, GameView, ObjectId, ObjectView,
    PlayerId, PlayLand, Resolve, TurnFaceUp, Unlock,
)
from ...errors import IllegalAction, Unsupported
from ...format.cards import CardPool
from ...format.model import Setup
from ...format.vocabulary import Door, Zone
from . import actions, observations, prompts, trace
from .cards import PhaseCardData, engine_for
from .session import PhaseSession
from .setup import set_up

#: What this adapter can drive in phase.rs.  Left out, with the reason:
#:  player-views -- phase exposes no per-player view of an object through the bindings.
#: phase makes forced choices itself (a lone legal target, say): ``automatic-choices``.
#: A player's library is phase's own list, drawn from its first card: ``library-order``.
CAPABILITIES = frozenset({
    "automatic-choices", "rooms", "special-actions", "lock-unlock-effects", "triggered-abilities",
    "trigger-doubling", "spell-copies", "token-copies", "activated-abilities",
    "cast-from-graveyard", "name-choices", "library-search", "discard", "x-costs", "morph",
    "transform", "inject-state", "inject-moves", "combat", "priority", "play-lands",
    "library-order",
})


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("phase-python")
    except Exception:  # noqa: BLE001 - a version string is informative only
        return "unknown"


class PhaseEngine:
    """phase.rs through ``phase-python``, one game at a time."""

    def __init__(self) -> None:
        self._info = EngineInfo("phase", _version(), CAPABILITIES)
        self._session: PhaseSession | None = None
        self._data: PhaseCardData | None = None
        self._mana_values: dict[Any, int] = {}
        self._given: set[int] = set()  # stack entries whose targets an action or answer named
        self._reads: list[trace.Read] = []  # what the harness last read, for reproductions
        self._calls = (0, 0.0, 0.0)

    @property
    def info(self) -> EngineInfo:
        return self._info

    @property
    def card_data(self) -> PhaseCardData | None:
        return self._data

    @property
    def session(self) -> PhaseSession:
        if self._session is None:
            raise RuntimeError("start() was not called")
        return self._session

    @property
    def engine_calls(self) -> int:
        """Calls into phase so far (benchmarks/phase_speed.py)."""
        return self._calls[0] + (self._session.calls if self._session else 0)

    @property
    def engine_seconds(self) -> float:
        """Time in every call into phase so far."""
        return self._calls[1] + (self._session.seconds if self._session else 0.0)

    @property
    def rules_seconds(self) -> float:
        """Time in phase's calls that do the rules' work on the live game so far."""
        return self._calls[2] + (self._session.rules_seconds if self._session else 0.0)

    # -- the game --------------------------------------------------------------------------

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        self._data, engine = engine_for(cards)
        if len(setup.players) != 2:
            raise Unsupported("the phase adapter plays two-player games")
        if self._session is not None:
            self._calls = (self.engine_calls, self.engine_seconds, self.rules_seconds)
        self._session = PhaseSession(engine, self._data,
                                     (setup.players[0].name, setup.players[1].name))
        self._mana_values = {}
        self._given = set()
        self._reads = []
        return set_up(self._session, setup, cards)

    @property
    def setup_steps(self) -> tuple[str, ...]:
        """What the last set-up played by phase's rules (a Room's doors), in order."""
        return tuple(self.session.setup_steps)

    def perform(self, action: Action) -> Sequence[Event]:
        self._reads.append(trace.Read("perform", repr(action), len(self.session.trace),
                                      _wanted(self.session, action)))
        before, doors = self._stack(), self._doors()
        named = {self.session.pid(action.object)} if isinstance(action, Unlock) else set()
        raw = actions.perform(self.session, action, self._given)
        raw += prompts.answer_forced(self.session)
        return self._report(raw, before, doors, named)

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        self._reads.append(trace.Read("answer", repr(list(values)), len(self.session.trace)))
        before, doors = self._stack(), self._doors()
        asked = self.session.waiting()
        raw = prompts.answer(self.session, values, self._given)
        named = {int((asked.get("data") or {}).get("object_id", -1))} \
            if asked.get("type") == "ChooseRoomDoor" else set()
        return self._report(raw, before, doors, named)

    def _stack(self) -> dict[int, Any]:
        return {int(item["id"]): item for item in self.session.stack_items()}

    def _doors(self) -> Callable[[], dict[int, Any]]:
        """Each Room permanent's door state now, read when asked for (rarely: a door an
        effect changed), then on a replica of the game as it is now."""
        session, calls = self.session, list(self.session.trace)

        def doors() -> dict[int, Any]:
            game = session.replica(trace=calls)
            return {int(obj["id"]): dict(obj["room_unlocks"])
                    for obj in session.call(game.battlefield) or () if obj.get("room_unlocks")}
        return doors

    def _report(self, raw: list[dict[str, Any]], before: dict[int, Any],
                doors: Callable[[], dict[int, Any]], named: set[int]) -> list[Event]:
        """The events of an action or answer, with the choices phase made itself."""
        events = observations.events(self.session, raw)
        return (events + prompts.automatic_amounts(self.session, before, raw)
                + prompts.automatic_doors(self.session, doors, raw, named)
                + prompts.automatic_choices(self.session, set(before), self._given))

    def is_legal(self, action: Action) -> bool:
        self._reads.append(trace.Read("is_legal", repr(action), len(self.session.trace),
                                      _wanted(self.session, action)))
        return actions.is_legal(self.session, action)

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        session = self.session
        if session.waiting().get("type") != "Priority" or session.actor() != session.seat(player):
            return []
        out: list[Action] = [Resolve()] if session.stack_ids() else []
        for candidate in session.actions():
            data = candidate.data or {}
            if candidate.kind == "CastSpell":
                out.append(_cast_mode(session, Cast(player, session.cid(int(data["object_id"])))))
            elif candidate.kind == "ActivateAbility":
                out.append(Activate(player, session.cid(int(data["source_id"])),
                                    int(data["ability_index"])))
            elif candidate.kind == "UnlockRoomDoor":
                out.append(Unlock(player, session.cid(int(data["object_id"])),
                                  Door.LEFT if data["door"] == "Left" else Door.RIGHT))
            elif candidate.kind == "TurnFaceUp":
                out.append(TurnFaceUp(player, session.cid(int(data["object_id"]))))
            elif candidate.kind == "PlayLand":
                out.append(PlayLand(player, session.cid(int(data["object_id"]))))
        return out

    # -- choices ---------------------------------------------------------------------------

    def pending_choice(self) -> Choice | None:
        self._reads.append(trace.Read("choice", "", len(self.session.trace)))
        return prompts.pending_choice(self.session)

    def accepts(self, values: Sequence[str]) -> bool:
        """Whether the pending (open) choice would take this answer; the game is unchanged."""
        self._reads.append(trace.Read("accepts", repr(list(values)), len(self.session.trace),
                                      list(values)))
        return prompts.accepts(self.session, values)

    # -- observing -------------------------------------------------------------------------

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        if viewer is not None:
            raise Unsupported("phase exposes no per-player view of objects (player-views)")
        self._reads.append(trace.Read("observe", object_id, len(self.session.trace)))
        return observations.observe(self.session, object_id, self._mana_values)

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        return observations.objects(self.session, zone, player)

    def game(self) -> GameView:
        self._reads.append(trace.Read("game", "", len(self.session.trace)))
        return observations.game_view(self.session)

    def reproduction(self, failure: str) -> str | None:
        """A standalone script (phase-python only) replaying this scenario's calls into
        phase and showing the departure ``failure`` describes."""
        if self._session is None or self._data is None:
            return None
        return trace.reproduction(self._session, self._reads, failure)

    def close(self) -> None:
        if self._session is not None:
            self._calls = (self.engine_calls, self.engine_seconds, self.rules_seconds)
        self._session = None


_FACE_DOWN_KEYWORDS = ("Morph", "Megamorph", "Disguise")


def _cast_mode(session: PhaseSession, cast: Cast) -> Cast:
    """phase's ``CastSpell`` does not say in which mode phase casts: a card phase can cast
    face down (a morph keyword on phase's object) is listed face down when phase would not
    cast it face up (it casts it face down without asking when only that is payable)."""
    obj = session.object_of(session.pid(cast.card)) or {}
    if not any(isinstance(k, dict) and set(k) & set(_FACE_DOWN_KEYWORDS)
               for k in obj.get("keywords") or ()):
        return cast
    if actions.is_legal(session, cast):
        return cast
    return Cast(cast.player, cast.card, face_down=True)


def _wanted(session: PhaseSession, action: Action) -> dict[str, Any] | None:
    """The kind of phase legal action a contract action needs, and the values it must
    have, for a reproduction (``None`` when the action is not one phase lists)."""
    try:
        if isinstance(action, Cast):
            return {"kind": "CastSpell", "match": {"object_id": session.pid(action.card)}}
        if isinstance(action, Activate):
            return {"kind": "ActivateAbility", "match": {
                "source_id": session.pid(action.object), "ability_index": action.ability}}
        if isinstance(action, Unlock):
            return {"kind": "UnlockRoomDoor", "match": {
                "object_id": session.pid(action.object),
                "door": "Left" if action.door is Door.LEFT else "Right"}}
        if isinstance(action, TurnFaceUp):
            return {"kind": "TurnFaceUp", "match": {"object_id": session.pid(action.object)}}
        if isinstance(action, PlayLand):
            return {"kind": "PlayLand", "match": {"object_id": session.pid(action.card)}}
    except IllegalAction:
        return None
    return None
