"""One phase.rs game and every call the adapter makes into it.

``PhaseSession`` owns the live ``phase.Game`` and the *trace*: every call that changes the
game, in order, as plain JSON (``new_game`` with its decks, the switch to debug mode, each
``apply`` with its seat and action).  The trace is what makes the adapter honest about
phase's state without ever reloading a game with a Room in it (phase's ``load_game``
rebuilds a Room permanent without its per-door ability tags):

* an action refused part-way is undone by replaying the trace up to the point before it,
  when the game is next used (a probe's replica is thrown away without it);
* probes (a mana value, whether an action with choices is legal) run on a *replica*, a new
  game built by replaying the trace, which is thrown away afterwards;
* a failing scenario's trace becomes a standalone reproduction (``trace.py``).

The only ``load_game`` is the switch to debug mode right after the opening hands are kept,
when no card has been put onto the battlefield yet.
"""

from __future__ import annotations

import itertools
import json
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import phase

from ...contract.types import ObjectId, PlayerId
from ...errors import ContractError, IllegalAction, Unsupported
from .cards import PhaseCardData

#: A trace entry: {"op": "new_game", ...} | {"op": "debug_mode"} | {"op": "apply", ...}
TraceEntry = dict[str, Any]
_T = TypeVar("_T")
_clock = time.perf_counter
#: Versions of games, never given twice (a probe gives the live game its version back).
_VERSIONS = itertools.count(1)
#: phase's calls that do the rules' work (the rest serialise the game for the adapter)
RULES_CALLS = frozenset({"new_game", "apply", "actions"})


def parse_id(object_id: ObjectId) -> tuple[int, int]:
    """``p<id>.<incarnation>`` -> (phase's object id, incarnation); ``KeyError`` for
    anything else (an option value such as ``p3.1/2``, the second trigger from ``p3.1``)."""
    if not object_id.startswith("p") or "." not in object_id:
        raise KeyError(object_id)
    number, _, incarnation = object_id[1:].partition(".")
    try:
        return int(number), int(incarnation)
    except ValueError:
        raise KeyError(object_id) from None


def action_dict(action: Any) -> dict[str, Any]:
    """A phase action as plain JSON (the shape ``GameAction.from_dict`` reads)."""
    if isinstance(action, dict):  # the adapter's own: a copy, in JSON's types
        return json.loads(json.dumps(action))  # type: ignore[no-any-return]
    return action.to_dict()  # type: ignore[no-any-return]  # new, and plain JSON already


def show(action: Any) -> str:
    """A phase action for a message."""
    try:
        return json.dumps(action_dict(action))
    except Exception:  # noqa: BLE001 - for a message only
        return repr(action)


def actor_of(waiting: dict[str, Any]) -> int:
    """The seat a ``waiting_for`` value expects to act."""
    data = waiting.get("data") or {}
    player = data.get("player")
    if player is None and data.get("pending"):
        player = data["pending"][0].get("player")
    return int(player or 0)


@dataclass(frozen=True, slots=True)
class _Opening:
    """A game's opening: the calls that made it and the snapshot debug mode reloads."""

    engine: Any
    trace: tuple[TraceEntry, ...]  # shared by the sessions that reuse it: never changed
    snapshot: str
    objects: dict[str, Any]


#: openings by (engine, decks), the most recently used last
_OPENINGS: OrderedDict[tuple[int, tuple[str, ...], tuple[str, ...]], _Opening] = OrderedDict()
_KEPT_OPENINGS = 64


def forget_openings() -> None:
    """Forget every opening kept (benchmarks measure a run as it starts, with none)."""
    _OPENINGS.clear()


#: The ``GameAction`` each trace entry's action was built as, by the entry's id (entries are
#: plain JSON, written out as reproductions; the entry is kept beside its action so that the
#: id is not reused while the action is kept): replays apply the same action again instead of
#: building it anew.
_BUILT: dict[int, tuple[TraceEntry, Any]] = {}
_KEPT_BUILT = 20_000


def built_action(entry: TraceEntry) -> Any:
    """The phase ``GameAction`` of an ``apply`` entry (phase's actions can be applied to any
    number of games)."""
    kept = _BUILT.get(id(entry))
    if kept is not None and kept[0] is entry:
        return kept[1]
    action = phase.GameAction.from_dict(entry["action"])
    remember_action(entry, action)
    return action


def remember_action(entry: TraceEntry, action: Any) -> None:
    if len(_BUILT) >= _KEPT_BUILT:
        _BUILT.clear()
    _BUILT[id(entry)] = (entry, action)


def apply_entry(game: Any, entry: TraceEntry, call: Callable[..., Any]) -> None:
    """Carry out an ``apply`` entry of a trace on ``game`` (a refused one is refused again)."""
    action = built_action(entry)
    try:
        call(game.apply, entry["seat"], action)
    except ValueError:
        if not entry.get("refused"):
            raise


def _call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return function(*args, **kwargs)


def replay(engine: Any, opening: str | None, entries: list[TraceEntry],
           call: Callable[..., Any] = _call) -> Any:
    """A new game built by replaying trace ``entries``: from the opening snapshot (a new
    game, the opening hands kept, debug mode switched on, before any card is placed) when
    they switch debug mode on, else from a new game."""
    start = next((i for i, e in enumerate(entries) if e["op"] == "debug_mode"), None)
    game: Any = None
    if start is not None:
        if opening is None:
            raise ContractError("no opening snapshot to replay the game from")
        game = call(engine.load_game, opening)
        entries = entries[start + 1:]
    for entry in entries:
        if entry["op"] == "new_game":
            game = call(engine.new_game, player=entry["player"], opponent=entry["opponent"],
                        seed=entry["seed"], first_player=entry["first_player"])
        elif entry["op"] == "apply":
            apply_entry(game, entry, call)
    return game


@dataclass(frozen=True, slots=True)
class Moment:
    """A state the live game was in, for what is read from it later (views.py): its
    session while that is in use, else what rebuilds that state on a replica -- a view
    keeps no game alive."""

    session: weakref.ref[PhaseSession]
    version: int
    trace: tuple[TraceEntry, ...]
    engine: Any
    opening: str | None
    names: tuple[str, str]

    def now(self) -> PhaseSession | None:
        """The session, if the live game is still in this state."""
        session = self.session()
        return session if session is not None and session.version == self.version else None

    def replica(self) -> Any:
        """A new game in this state."""
        session = self.session()
        if session is not None:
            return session.replica(trace=list(self.trace))
        return replay(self.engine, self.opening, list(self.trace))


class PhaseSession:
    """The live game of one scenario, its trace, and the ids the contract uses."""

    def __init__(self, engine: Any, data: PhaseCardData, names: tuple[str, str]) -> None:
        self.engine = engine
        self.data = data
        self.names = names
        self.game: Any = None
        self.trace: list[TraceEntry] = []
        #: what the set-up played or placed, in order (shown in docs and diagnostics)
        self.setup_steps: list[str] = []
        self.version = 0  # bumped by every change of the game: keys the caches
        self._state_cache: tuple[int, dict[str, Any]] | None = None
        #: (turn, seat): phase's active player in that turn (``active_seat``)
        self._active: tuple[int, int] | None = None
        #: what phase said at this version (``waiting_for``, ``stack``, ``actions``, objects
        #: by id ...): each read once per state of the game
        self._reads: dict[Any, Any] = {}
        #: True while an action is tried on a replica standing in for the live game
        #: (``probe``); benchmarks/phase_adapter.py counts those calls as the adapter's
        self.probing = False
        #: the snapshot the switch to debug mode reloads (no card placed yet): replicas
        #: start from it instead of a new game
        self._opening: str | None = None
        #: the objects of that snapshot, by id (the set-up finds its cards there)
        self.opening_objects: dict[str, Any] = {}
        #: replicas built to read mana values, by the version of the game they stand for
        #: (observations.py)
        self.replicas: dict[int, Any] = {}
        #: results of probes on replicas, valid while the game does not change
        self._memo: dict[str, Any] = {}
        self._memo_version = -1
        #: counters for benchmarks/phase_speed.py: calls into phase and the time they took,
        #: and the time of those that do the rules' work on the live game (``RULES_CALLS``;
        #: not a snapshot, a reading, nor a replay on a replica)
        self.calls = 0
        self.seconds = 0.0
        self.rules_seconds = 0.0
        self._replaying = 0
        #: the game was rolled back: it is rebuilt by a replay when next used (``require``)
        self._rebuild = False

    # -- calling phase -----------------------------------------------------------------------

    def call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        started = _clock()
        try:
            return function(*args, **kwargs)
        finally:
            took = _clock() - started
            self.calls += 1
            self.seconds += took
            if not self._replaying and not self.probing \
                    and getattr(function, "__name__", "") in RULES_CALLS \
                    and getattr(function, "__self__", None) in (self.game, self.engine):
                self.rules_seconds += took

    def changed(self, another_game: bool = False) -> None:
        """The game changed (``another_game``: the active player is read again)."""
        self.version = next(_VERSIONS)
        if another_game:
            self._active = None
        self._state_cache = None
        self._reads = {}

    def _read(self, key: Any, read: Callable[[], _T]) -> _T:
        """phase's answer to ``read`` at this version of the game, asked once."""
        if key not in self._reads:
            self._reads[key] = read()
        found: _T = self._reads[key]
        return found

    def open(self, player: list[str], opponent: list[str]) -> None:
        """A new game with these decks, the opening hands kept and debug mode switched on.
        The same decks open the same way (phase's seed is fixed): a game opened before with
        them is reloaded from its opening snapshot, as replicas are, and its calls are
        taken into the trace as they were made."""
        key = (id(self.engine), tuple(player), tuple(opponent))
        known = _OPENINGS.get(key)
        if known is not None and known.engine is self.engine:
            _OPENINGS.move_to_end(key)
            self.trace = list(known.trace)
            self._opening, self.opening_objects = known.snapshot, known.objects
            self.game = self.call(self.engine.load_game, self._opening)
            self.changed(another_game=True)
            return
        self.new_game(player, opponent)
        while self.waiting().get("type") == "MulliganDecision":
            keep = [a for a in self.actions()
                    if a.kind == "MulliganDecision" and a.data["choice"]["type"] == "Keep"]
            self.apply(self.actor(), keep[0])
        self.debug_mode()
        assert self._opening is not None
        _OPENINGS[key] = _Opening(self.engine, tuple(self.trace), self._opening,
                                  self.opening_objects)
        while len(_OPENINGS) > _KEPT_OPENINGS:
            _OPENINGS.popitem(last=False)

    def new_game(self, player: list[str], opponent: list[str]) -> None:
        entry: TraceEntry = {"op": "new_game", "player": player, "opponent": opponent,
                             "seed": 1, "first_player": 0}
        self.trace = [entry]
        self._opening = None
        self.game = self._run(entry, None)
        self.changed(another_game=True)

    def debug_mode(self) -> None:
        """Switch debug actions on (phase has no other way than a reloaded snapshot)."""
        entry: TraceEntry = {"op": "debug_mode"}
        self.trace.append(entry)
        self.game = self._run(entry, self.game)
        self.changed(another_game=True)

    def _run(self, entry: TraceEntry, game: Any) -> Any:
        """Carry out one trace entry on ``game``; returns the game (a new one for the first
        two kinds) -- the same code builds the live game, replicas and reproductions."""
        if entry["op"] == "new_game":
            return self.call(self.engine.new_game, player=entry["player"],
                             opponent=entry["opponent"], seed=entry["seed"],
                             first_player=entry["first_player"])
        if entry["op"] == "debug_mode":
            if self._opening is None:
                snapshot = self.call(game.state)
                snapshot["state"]["debug_mode"] = True
                self._opening = json.dumps(snapshot, separators=(",", ":"))  # read faster
                self.opening_objects = snapshot["state"]["objects"]
            return self.call(self.engine.load_game, self._opening)
        apply_entry(game, entry, self.call)
        return game

    def replica(self, upto: int | None = None,
                trace: list[TraceEntry] | None = None) -> Any:
        """A new game built by replaying the trace (or its first ``upto`` entries, or
        ``trace``, a trace this one began with).  The opening -- a new game, the opening
        hands kept, debug mode switched on, before any card is placed -- is the same for
        every replica: it is reloaded from its snapshot."""
        self._replaying += 1
        try:
            return replay(self.engine, self._opening,
                          (self.trace if trace is None else trace)[:upto], self.call)
        finally:
            self._replaying -= 1

    def moment(self) -> Moment:
        """The game's state now, for reading later."""
        return Moment(weakref.ref(self), self.version, tuple(self.trace), self.engine,
                      self._opening, self.names)

    def memo(self, key: str, compute: Callable[[], Any]) -> Any:
        """``compute()`` once per state of the game (probes on replicas are not free)."""
        if self._memo_version != self.version:
            self._memo, self._memo_version = {}, self.version
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    @contextmanager
    def probe(self) -> Iterator[None]:
        """Stand a replica of the game in for the live game while the block tries
        something on it; the live game, its trace, its version and what was read of it come
        back afterwards, as they were (nothing read on the replica is kept: it had a version
        of its own)."""
        live, trace, probing, active = self.require(), list(self.trace), self.probing, \
            self._active
        kept = (self.version, self._reads, self._state_cache, self._memo, self._memo_version)
        self.game = self.replica()
        self.changed()
        self.probing = True
        try:
            yield
        finally:
            self.game, self.trace, self.probing = live, trace, probing
            self._rebuild = False
            (self.version, self._reads, self._state_cache, self._memo,
             self._memo_version) = kept
            self._active = active

    def rollback(self, mark: int) -> None:
        """Undo every call after the first ``mark`` trace entries, by replaying those --
        when the game is next used: a probe's replica that refused an action is thrown
        away unused."""
        del self.trace[mark:]
        self.game, self._rebuild = None, True
        self.changed(another_game=True)

    # -- reading ---------------------------------------------------------------------------

    def require(self) -> Any:
        if self.game is None:
            if not self._rebuild:
                raise RuntimeError("start() was not called")
            self.game, self._rebuild = self.replica(), False
        return self.game

    def state(self) -> dict[str, Any]:
        """The whole game as phase serialises it (costly: read only what has no cheaper
        reading; once per version)."""
        if self._state_cache is None or self._state_cache[0] != self.version:
            snapshot = self.call(self.require().state)
            self._state_cache = (self.version, snapshot["state"])
        return self._state_cache[1]

    # The readings below are phase's own at this version of the game, shared by every
    # caller until the game changes: callers do not change what they are given.

    def object_of(self, number: int) -> dict[str, Any] | None:
        """phase's object ``number`` (``None`` if there is none): from the state already
        read at this version, or else by phase's ``object`` (a snapshot of the whole game
        costs fifty times as much)."""
        if self._state_cache is not None and self._state_cache[0] == self.version:
            found: dict[str, Any] | None = self._state_cache[1]["objects"].get(str(number))
            return found
        key = ("object", number)
        if key in self._reads:
            read: dict[str, Any] | None = self._reads[key]
            return read
        read = self._reads[key] = self._object(number)
        return read

    def _object(self, number: int) -> dict[str, Any] | None:
        try:
            return dict(self.call(self.require().object, number))
        except ValueError:  # phase: "unknown object id"
            return None

    def stack_items(self) -> list[dict[str, Any]]:
        """The stack's entries, bottom first (as in a snapshot)."""
        found: list[dict[str, Any]] | None = self._reads.get("stack")
        if found is None:
            found = self._reads["stack"] = list(self.call(self.require().stack) or [])
        return found

    def battlefield(self) -> list[dict[str, Any]]:
        """The objects on the battlefield (each also read as ``object_of`` would)."""
        return self._read("battlefield", lambda: self._zone(self.require().battlefield))

    def exile(self) -> list[dict[str, Any]]:
        """The objects in exile (each also read as ``object_of`` would)."""
        return self._read("exile", lambda: self._zone(self.require().exile))

    def _zone(self, read: Callable[[], Any]) -> list[dict[str, Any]]:
        """A zone's objects, kept as phase's objects at this version: phase serialises an
        object in a zone's list as it does alone."""
        found = [dict(obj) for obj in self.call(read) or []]
        for obj in found:
            self._reads.setdefault(("object", int(obj["id"])), obj)
        return found

    def player_state(self, seat: int) -> dict[str, Any]:
        """phase's player ``seat`` (life, the ids in hand, library and graveyard ...)."""
        return self._read(("player", seat), lambda: dict(
            self.call(self.require().player, seat)))

    def waiting(self) -> dict[str, Any]:
        found: dict[str, Any] | None = self._reads.get("waiting")
        if found is None:
            found = self._reads["waiting"] = dict(self.call(self.require().waiting_for))
        return found

    def actions(self) -> list[Any]:
        found: list[Any] | None = self._reads.get("actions")
        if found is None:
            found = self._reads["actions"] = list(self.call(self.require().actions))
        return found

    def actor(self) -> int:
        return actor_of(self.waiting())

    def stack_ids(self) -> list[int]:
        """Stack entry ids, top first."""
        return [int(item["id"]) for item in reversed(self.stack_items())]

    def active_seat(self) -> int:
        """The active player's seat.  Only a snapshot of the whole game says it, but phase
        sets it in two places only (``turns.rs``, ``engine_debug.rs``): as a turn begins,
        which ``TurnStarted`` reports, and by the set-up's debug action that sets the step.
        ``apply`` keeps both with the turn number; in another turn a snapshot says."""
        turn = self.step()[0]
        if self._active is None or self._active[0] != turn:
            self._active = (turn, int(self.state()["active_player"]))
        return self._active[1]

    def step(self) -> tuple[int, str]:
        """phase's turn number and step (cheaper than the whole state)."""
        return self._read("step", lambda: (int(self.require().turn), str(self.require().phase)))

    def legal(self, kind: str, **match: Any) -> Any:
        """The first of phase's legal actions of ``kind`` whose data has these values."""
        for candidate in self.actions():
            if candidate.kind != kind:
                continue
            data = candidate.data or {}
            if all(data.get(k) == v for k, v in match.items()):
                return candidate
        return None

    # -- changing the game ---------------------------------------------------------------

    def apply(self, seat: int, action: Any, read: bool = True) -> list[dict[str, Any]]:
        """Apply an action; its events (if ``read``: phase converts them when asked);
        ``IllegalAction`` with phase's words if phase refuses it."""
        try:
            if isinstance(action, dict):  # the adapter's own, built for this call alone
                plain, built = action, phase.GameAction.from_dict(action)
            else:  # one of phase's legal actions: applied as it is, kept as plain JSON
                plain, built = action.to_dict(), action
        except ValueError as exc:  # the adapter's shape, not a refusal by the rules
            raise Unsupported(f"the adapter cannot build phase's {show(action)} action for "
                              f"this phase version: {exc}") from None
        entry: TraceEntry = {"op": "apply", "seat": seat, "action": plain}
        remember_action(entry, built)
        self.trace.append(entry)
        try:
            result = self.call(self.require().apply, seat, built)
        except ValueError as exc:
            entry["refused"] = True
            raise IllegalAction(f"phase refused {show(plain)}: {exc}") from None
        finally:
            self.changed()
        events = list(result.events) if read else []
        if plain.get("type") == "Debug" and plain["data"].get("type") == "SetPhase":
            self._active = (int(self.require().turn), int(plain["data"]["data"]["active_player"]))
        for event in events:
            if event.get("type") == "TurnStarted":
                started = event["data"]
                self._active = (int(started["turn_number"]), int(started["player_id"]))
        return events

    def debug(self, kind: str, **data: Any) -> None:
        """A set-up step (whose events no one reads)."""
        action = {"type": "Debug", "data": {"type": kind, "data": data}}
        try:
            self.apply(self.actor(), action, read=False)
        except IllegalAction as exc:
            raise ContractError(f"phase refused the set-up step {kind} {data}: "
                                f"{exc.reason}") from None

    # -- ids -------------------------------------------------------------------------------

    def raw(self, object_id: ObjectId) -> dict[str, Any]:
        """phase's object for a contract id; ``KeyError`` if that object no longer exists."""
        number, incarnation = parse_id(object_id)
        obj = self.object_of(number)
        if obj is None or int(obj.get("incarnation", 0)) != incarnation:
            raise KeyError(object_id)
        return dict(obj)

    def pid(self, object_id: ObjectId) -> int:
        try:
            self.raw(object_id)
        except KeyError:
            raise IllegalAction(f"object {object_id} no longer exists in phase") from None
        return parse_id(object_id)[0]

    def cid(self, number: int) -> ObjectId:
        obj = self.object_of(number)
        if obj is None:
            raise KeyError(number)
        return f"p{number}.{obj.get('incarnation', 0)}"

    def seat(self, player: PlayerId) -> int:
        if player not in self.names:
            raise IllegalAction(f"no player {player!r}")
        return self.names.index(player)

    def player(self, seat: object) -> PlayerId:
        return self.names[int(str(seat))]
