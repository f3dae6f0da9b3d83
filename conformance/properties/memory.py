"""What the judge remembers of a game between steps: the previous observation, and what it
has worked out so far (each player's mana when it can be known, the spells cast this turn,
the "until end of turn" changes it expects).

A property is a function of one :class:`Observation`; some invariants are about a step --
what changed between two observations.  :func:`step_of` gives any property the
:class:`StepView` of its observation: the one before, and the knowledge after this step.
The first property that asks brings the memory of its game up to date; the others of the
same observation reuse it.  Nothing here asks an engine anything it didn't already report.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ..contract.types import (
    Activate, AdvanceTo, Cast, GameView, ObjectId, ObjectView, PassPriority, Resolve,
    StackItemView, TurnFaceUp, Unlock,
)
from ..format.cards import CardFace
from ..format.vocabulary import STEP_INDEX, Step, Zone
from .judge import Cost, Judge, Pool, judge_for, total_cost
from .observation import NotComputed, Observation

T = TypeVar("T")


#: A basic land's mana ability, as its reminder text says it.
_BASIC_MANA = re.compile(r"\(?\{T\}: Add (\{[WUBRGC]\})\.\)?")


@dataclass
class Knowledge:
    """What the judge knows of the game after a step."""

    pools: dict[str, Pool | None] = field(default_factory=dict)
    #: the types and supertypes of the spells each player cast this turn
    casts: dict[str, list[tuple[frozenset[str], frozenset[str]]]] = field(default_factory=dict)
    graveyard_casts: Counter[str] = field(default_factory=Counter)
    #: "until end of turn" power/toughness changes the judge expects, by object
    boosts: dict[ObjectId, tuple[int, int]] = field(default_factory=dict)
    #: an unmodelled change of power or toughness happened this turn
    tainted: bool = False
    damaged: set[ObjectId] = field(default_factory=set)
    turns: int = 1
    #: copies of spells (not cast) put on the stack so far
    spell_copies: set[ObjectId] = field(default_factory=set)
    #: for each cast from a graveyard this turn, the permissions' sources then
    permission_sources: dict[str, list[frozenset[ObjectId]]] = field(default_factory=dict)


@dataclass
class StepView:
    """One step of a game: what was before it, what is now, and what the judge knows."""

    judge: Judge
    before: tuple[dict[ObjectId, ObjectView], GameView] | None
    now: Observation
    knowledge: Knowledge
    #: (step, active player) of every step that began during this step, in order
    steps_begun: list[tuple[Step, str]] = field(default_factory=list)
    turn_ended: bool = False
    new_items: list[StackItemView] = field(default_factory=list)  # bottom first
    resolved: StackItemView | None = None
    entered: list[tuple[ObjectId, str | None]] = field(default_factory=list)
    #: the object each entering object was before it entered
    entered_as: dict[ObjectId, ObjectId] = field(default_factory=dict)
    cast_spell: ObjectId | None = None
    cast_from: str | None = None
    copies_cast: list[ObjectId] = field(default_factory=list)
    #: the "until end of turn" changes that ended with the turn in this step
    boosts_ended: dict[ObjectId, tuple[int, int]] = field(default_factory=dict)
    #: whether an action was taken since the observation before: the machine may observe
    #: again after a rule that did nothing, with the last action still attached
    acted: bool = False
    #: what properties worked out of this step and share, by what it was worked out from
    #: (the judge's candidate actions, say): each is worked out once per observation
    shared: dict[Any, Any] = field(default_factory=dict)

    @property
    def before_views(self) -> dict[ObjectId, ObjectView]:
        return self.before[0] if self.before is not None else {}

    @property
    def before_game(self) -> GameView | None:
        return self.before[1] if self.before is not None else None

    def view(self, object_id: ObjectId) -> ObjectView | None:
        """The object now, or as it was before the step."""
        return self.now.views.get(object_id) or self.before_views.get(object_id)

    def battlefield_says(self, key: Any, says: Callable[[CardFace], bool]) -> bool:
        """Whether ``says`` holds for a face of a permanent on the battlefield now, worked
        out once an observation for each ``key`` (:attr:`shared`)."""
        kept = self.shared.get(key)
        if kept is None:
            kept = self.shared[key] = any(
                says(f) for v in self.now.views.values() if v.zone is Zone.BATTLEFIELD
                for f in self.judge.faces_of(v) or ())
        return bool(kept)


class _Memory:
    def __init__(self) -> None:
        self.current: Observation | None = None
        self.step: StepView | None = None
        self.knowledge = Knowledge()
        #: set when working out a step needed a value the engine does not compute
        self.broken: NotComputed | None = None


class PerGame(Generic[T]):
    """What is kept of each game, made by ``make`` when a game is first seen: by the id of
    the game's recorder (or engine), with a weak reference to it, for the ``KEPT`` games
    seen last.  What is kept often refers to its game (an observation holds its recorder),
    so a game's memory cannot go with it; a machine plays one game at a time, and a game's
    memory goes once ``KEPT`` newer games have been seen."""

    #: how many games' memories are kept, the latest seen
    KEPT = 8

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._entries: dict[int, tuple[weakref.ref[Any], T]] = {}

    def of(self, o: Observation) -> T:
        key = o.recorder if o.recorder is not None else o.engine
        entry = self._entries.get(id(key))
        if entry is not None and entry[0]() is key:
            return entry[1]
        self._entries.pop(id(key), None)  # a game gone, whose id was given to this one
        while len(self._entries) >= self.KEPT:
            del self._entries[next(iter(self._entries))]
        kept = self._make()
        self._entries[id(key)] = (weakref.ref(key), kept)
        return kept


_MEMORIES: PerGame[_Memory] = PerGame(_Memory)


def step_of(o: Observation) -> StepView:
    """The step that led to ``o`` (see the module's docstring)."""
    memory = _MEMORIES.of(o)
    if memory.broken is not None:  # half worked out: nothing of it can be trusted
        raise memory.broken
    if memory.current is not o or memory.step is None:
        previous = memory.current
        before = (previous.views, previous.game) if previous is not None else None
        repeated = previous is not None and o.events is previous.events \
            and o.action is previous.action
        try:
            if previous is None:
                memory.knowledge = _start(o)
            memory.step = _advance(judge_for(o.cards), before, o, memory.knowledge,
                                   repeated=repeated)
        except NotComputed as exc:  # a value the engine does not compute, for the whole game
            memory.broken = exc
            raise
        memory.current = o
    return memory.step


def resolved_spell(step: StepView) -> tuple[ObjectView, CardFace] | None:
    """The spell that resolved in ``step``, as it was on the stack, with its one face
    (``None``: no spell resolved, or one the judge reads no single face of)."""
    resolved = step.resolved
    if resolved is None or resolved.kind != "spell":
        return None
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    if source is None or not faces or len(faces) != 1:
        return None
    return source, faces[0]


def _start(o: Observation) -> Knowledge:
    knowledge = Knowledge()
    setup = getattr(o.recorder, "setup", None)
    for player in o.game.players:
        mana = next((p.mana for p in setup.players if p.name == player.name), "") \
            if setup is not None else None
        knowledge.pools[player.name] = Pool.of(mana) if mana is not None else None
    return knowledge


def steps_between(before: GameView, now: GameView) -> tuple[list[tuple[Step, str]], bool]:
    """The steps that began between two observations, and whether a turn ended."""
    if before.active_player == now.active_player:
        if now.step is before.step:
            return [], False
        first, last = STEP_INDEX[before.step], STEP_INDEX[now.step]
        return [(s, now.active_player) for s in _BEGUN_STEPS
                if first < STEP_INDEX[s] <= last], False
    rest = [(s, before.active_player) for s in _BEGUN_STEPS
            if STEP_INDEX[s] > STEP_INDEX[before.step]]
    new = [(s, now.active_player) for s in _BEGUN_STEPS
           if STEP_INDEX[s] <= STEP_INDEX[now.step]]
    return rest + new, True


#: The steps :func:`steps_between` tells: every step but untap and cleanup, in turn order.
_BEGUN_STEPS: tuple[Step, ...] = tuple(s for s in Step if s not in (Step.UNTAP, Step.CLEANUP))


def _advance(judge: Judge, before: tuple[dict[ObjectId, ObjectView], GameView] | None,
             o: Observation, knowledge: Knowledge, *, repeated: bool = False) -> StepView:
    step = StepView(judge, before, o, knowledge)
    if before is None or repeated:
        return step
    step.acted = o.action is not None
    views, game = before
    if isinstance(o.action, AdvanceTo) or game.step is not o.game.step \
            or game.active_player != o.game.active_player:  # passing priority, attacking...
        step.steps_begun, step.turn_ended = steps_between(game, o.game)
    old_ids = {item.id for item in game.stack}
    step.new_items = [item for item in reversed(o.game.stack) if item.id not in old_ids]
    if isinstance(o.action, Resolve) and game.stack:
        step.resolved = game.stack[0]
    elif isinstance(o.action, PassPriority) and game.stack \
            and all(item.id != game.stack[0].id for item in o.game.stack):
        step.resolved = game.stack[0]  # the last player passed: the top of the stack resolved
    for event in o.events:
        if event.kind == "zone_changed" and event.data.get("to") == Zone.BATTLEFIELD.value \
                and event.data.get("new_object"):
            source = event.data.get("from")
            entered = str(event.data["new_object"])
            step.entered = [e for e in step.entered if e[0] != entered]
            step.entered.append((entered, str(source) if source else None))
            if event.data.get("object"):
                step.entered_as[entered] = str(event.data["object"])
        elif event.kind == "token_created" and event.data.get("object"):
            token = str(event.data["object"])
            if all(token != e for e, _ in step.entered):
                step.entered.append((token, None))
        elif event.kind == "zone_changed" and event.data.get("to") == Zone.STACK.value \
                and isinstance(o.action, Cast) and step.cast_spell is None:
            step.cast_spell = str(event.data.get("new_object"))
            step.cast_from = str(event.data.get("from"))
    _learn(judge, step, knowledge)
    return step


def _learn(judge: Judge, step: StepView, knowledge: Knowledge) -> None:
    """Bring ``knowledge`` up to date with ``step``."""
    o, action = step.now, step.now.action
    views = step.before_views
    if step.turn_ended:
        step.boosts_ended = dict(knowledge.boosts)
        knowledge.casts.clear()
        knowledge.graveyard_casts.clear()
        knowledge.boosts.clear()
        knowledge.tainted = False
        knowledge.turns += 1
        knowledge.permission_sources.clear()
    if step.steps_begun:  # mana empties between steps (CR 500.4)
        knowledge.pools = {p.name: Pool() for p in o.game.players}
    resolved = step.resolved
    if resolved is not None:
        source = views.get(resolved.source)
        readings = judge.readings_of(source) if source is not None else None
        if readings is None:
            knowledge.tainted = True
            knowledge.pools[resolved.controller] = None
        else:
            _resolution(judge, step, resolved, readings, knowledge)
    if isinstance(action, Cast) and step.cast_spell is not None:
        spell = o.views.get(step.cast_spell)
        faces = judge.faces_of(spell) if spell is not None else None
        cast = _characteristics(faces, spell)
        knowledge.casts.setdefault(action.player, []).append(cast)
        if step.cast_from == Zone.GRAVEYARD.value:
            knowledge.graveyard_casts[action.player] += 1
            knowledge.permission_sources.setdefault(action.player, []).append(frozenset(
                v.id for v in views.values() if v.zone is Zone.BATTLEFIELD
                and v.controller == action.player
                and any(r.permission_mv is not None for r in judge.readings_of(v) or ())))
        pool = knowledge.pools.get(action.player)
        if pool is not None and faces is not None and spell is not None:
            card = judge.card_of(spell)
            base = "{3}" if action.face_down else (
                faces[0].mana_cost if len(faces) == 1 else None)
            earlier = knowledge.casts[action.player][:-1]
            cost = total_cost(judge, views, action.player, cast, base, earlier) \
                if card is not None and (base is not None or action.face_down) else None
            knowledge.pools[action.player] = pool.after_exact(cost) if cost else None
        else:
            knowledge.pools[action.player] = None
    elif isinstance(action, Activate):
        land = views.get(action.object)
        faces = judge.faces_of(land) if land is not None else None
        added = _BASIC_MANA.fullmatch(faces[0].text.strip()) if faces and len(faces) == 1 \
            and "Land" in faces[0].types else None
        pool = knowledge.pools.get(action.player)
        knowledge.pools[action.player] = pool.plus(added.group(1)) \
            if pool is not None and added is not None and not step.new_items else None
    elif isinstance(action, (Unlock, TurnFaceUp)):
        pool = knowledge.pools.get(action.player)
        known = None
        if pool is not None and isinstance(action, Unlock):
            room = views.get(action.object)
            card = judge.card_of(room) if room is not None else None
            if card is not None and card.is_room:
                face = card.faces[0 if action.door.value == "left" else 1]
                known = pool.after_exact(Cost.of(face.mana_cost))
        knowledge.pools[action.player] = known
    for copy in step.copies_cast:
        spell = o.views.get(copy)
        faces = judge.faces_of(spell) if spell is not None else None
        knowledge.casts.setdefault(resolved.controller if resolved else "", []).append(
            _characteristics(faces, spell))


def _characteristics(faces: Any, view: ObjectView | None) -> tuple[frozenset[str],
                                                                   frozenset[str]]:
    if view is not None and view.face_down:
        return frozenset({"Creature"}), frozenset()
    if not faces:
        return frozenset(), frozenset()
    return (frozenset(t for f in faces for t in f.types),
            frozenset(t for f in faces for t in f.supertypes))


def _resolution(judge: Judge, step: StepView, item: StackItemView, readings: list[Any],
                knowledge: Knowledge) -> None:
    """What the judge learns from an item resolving."""
    o = step.now
    if any(r.adds_mana for r in readings):
        knowledge.pools[item.controller] = None
    if any(r.unknown_pump for r in readings):
        knowledge.tainted = True
    if any(r.deals_damage for r in readings):
        knowledge.damaged.update(str(t) for t in item.targets)
    old = {i.id for i in step.before_game.stack} if step.before_game else set()
    new_spells = [i.id for i in o.game.stack if i.kind == "spell" and i.id not in old]
    if any(r.casts_copies for r in readings):
        step.copies_cast = new_spells
    elif any(r.copies_spells for r in readings):
        knowledge.spell_copies.update(new_spells)
    if item.kind == "spell":
        for reading in readings:
            if reading.pump is None:
                continue
            for target in item.targets:
                view = o.views.get(str(target))
                types = judge.types_of(view) if view is not None else None
                if view is None or view.zone is not Zone.BATTLEFIELD or types is None:
                    continue
                if "Creature" in types:
                    p, t = knowledge.boosts.get(view.id, (0, 0))
                    knowledge.boosts[view.id] = (p + reading.pump[0], t + reading.pump[1])
        return
    source = o.views.get(item.source)
    if source is not None and source.zone is Zone.BATTLEFIELD:
        triggers = [t for r in readings for t in r.triggers]
        if triggers and all(t.event == "cast" for t in triggers):  # prowess
            p, t = knowledge.boosts.get(source.id, (0, 0))
            knowledge.boosts[source.id] = (p + 1, t + 1)
