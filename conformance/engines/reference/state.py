"""Game state: players, zones and objects (CR 108-110, 400).

An object is a card or token in a zone, or a spell.  When a card changes zones it becomes
a new object with a new id (CR 400.7); :meth:`GameState.move` is the only place that
happens.  Abilities on the stack are :class:`StackAbility` entries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ...format.cards import Card
from ...format.vocabulary import PLAYER_ZONES, Door, Step, Zone
from .abilities import Ability
from .mana import ManaPool


@dataclass
class CopyEffect:
    """Copiable values a copy effect gives an object (CR 707.2): the copied card plus
    the exceptions the effect states.

    ``face`` is set when only one face was copied: a single-faced object copying a
    double-faced permanent gets the face that was up and can't transform (CR 707.8); a
    token copy has both faces (CR 707.8a).
    """

    card: Card
    add_subtypes: tuple[str, ...] = ()
    add_types: tuple[str, ...] = ()
    add_keywords: tuple[str, ...] = ()
    face: int | None = None
    #: The original was face down: its copiable values are the face-down ones, a nameless
    #: colorless 2/2 creature with no abilities (CR 707.2, 708.2), and ``card`` is blank.
    face_down: bool = False


@dataclass
class ContinuousEffect:
    """An effect that modifies an object's power and toughness for a while (CR 611, 613.4c),
    and gives it keyword abilities for as long ("gains first strike until end of turn",
    CR 611.2a, 613.1f)."""

    object: str
    power: int
    toughness: int
    until: str  # "end_of_turn"
    timestamp: int
    keywords: tuple[str, ...] = ()


@dataclass
class DelayedTrigger:
    """A delayed triggered ability (CR 603.7): at ``step`` begins, do ``effects``."""

    step: str
    controller: str
    source: str
    source_card: Card
    effects: tuple[Any, ...]
    objects: tuple[str, ...] = ()


@dataclass
class Combat:
    """Who attacks and blocks whom in this combat (CR 506.3-4), and which combat damage
    steps have happened (CR 510.4)."""

    attackers: dict[str, str] = field(default_factory=dict)  # attacker -> defending player
    blockers: dict[str, str] = field(default_factory=dict)  # blocker -> attacker it blocks
    blocked: set[str] = field(default_factory=set)  # attackers that became blocked
    first_strike_done: bool = False
    regular_done: bool = False
    #: creatures that dealt damage in the first-strike combat damage step
    dealt_first: set[str] = field(default_factory=set)

    def copy(self) -> Combat:
        return Combat(dict(self.attackers), dict(self.blockers), set(self.blocked),
                      self.first_strike_done, self.regular_done, set(self.dealt_first))


@dataclass
class GameObject:
    id: str
    card: Card
    owner: str
    controller: str
    zone: Zone
    timestamp: int
    token: bool = False
    copy: CopyEffect | None = None
    # status of a permanent (CR 110.5)
    tapped: bool = False
    summoning_sick: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    unlocked: set[Door] = field(default_factory=set)
    face_down: bool = False
    transformed: bool = False
    chosen_name: str | None = None
    attached_to: str | None = None
    damage: int = 0
    damaged_by_deathtouch: bool = False  # CR 704.5h
    keywords: set[str] = field(default_factory=set)  # keywords gained from effects
    #: abilities gained from effects ("it gains ..."): the parsed rules entries (CR 613.1f)
    granted: tuple[Ability, ...] = ()
    # choices made for a spell on the stack (CR 601.2b-c)
    cast_door: Door | None = None
    x: int = 0
    targets: tuple[Any, ...] = ()
    is_spell_copy: bool = False
    #: characteristics.py's record of what it last worked out for this object, checked
    #: against the object's values on every use (never a value of the game itself)
    memo: Any = field(default=None, compare=False, repr=False)
    #: characteristics.py's last result for this object on the battlefield, with the memo,
    #: keywords, power and toughness it was made from (objects sharing a memo may differ)
    final: Any = field(default=None, compare=False, repr=False)
    #: the adapter's last view of this object, with everything it was made from
    view: Any = field(default=None, compare=False, repr=False)

    @property
    def copiable_card(self) -> Card:
        """The card whose printed values this object has: its own, or what it copies."""
        return self.copy.card if self.copy is not None else self.card

    def untap(self) -> None:
        """Untap this permanent -- unless it has a stun counter: then one is removed instead
        and it stays tapped (CR 122.1d).  An untapped permanent can't become untapped."""
        if not self.tapped:
            return
        stun = self.counters.get("stun", 0)
        if stun:
            if stun == 1:
                del self.counters["stun"]
            else:
                self.counters["stun"] = stun - 1
            return
        self.tapped = False


@dataclass
class StackAbility:
    """An activated or triggered ability on the stack (CR 113.1, 405)."""

    id: str
    source: str  # the source object's id when the ability was created
    source_card: Card
    ability: Ability
    controller: str
    targets: tuple[Any, ...] = ()
    x: int = 0
    zone: Zone = Zone.STACK
    # the triggering event's details, for abilities that refer to it
    event: dict[str, Any] = field(default_factory=dict)


@dataclass
class Player:
    name: str
    life: int = 20
    pool: ManaPool = field(default_factory=ManaPool)
    zones: dict[Zone, list[str]] = field(
        default_factory=lambda: {zone: [] for zone in PLAYER_ZONES}
    )
    # "once each turn" permissions used this turn, by source object id and ability index
    used_once_per_turn: set[tuple[str, int]] = field(default_factory=set)
    # the characteristics of the spells cast this turn, for "the first ... each turn"
    spells_cast_this_turn: list[Any] = field(default_factory=list)
    drew_from_empty_library: bool = False  # CR 704.5b
    lost: bool = False  # CR 104.3


@dataclass
class PendingTrigger:
    """A triggered ability that has triggered but is not on the stack yet (CR 603.3)."""

    source: str
    source_card: Card
    ability: Ability
    controller: str
    event: dict[str, Any]


@dataclass
class GameState:
    players: list[Player]
    active_player: str
    step: Step
    priority: str | None
    objects: dict[str, GameObject] = field(default_factory=dict)
    battlefield: list[str] = field(default_factory=list)
    stack: list[StackAbility | GameObject] = field(default_factory=list)  # bottom first
    pending_triggers: list[PendingTrigger] = field(default_factory=list)
    effects: list[ContinuousEffect] = field(default_factory=list)
    delayed: list[DelayedTrigger] = field(default_factory=list)
    linked: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    next_id: int = 1
    clock: int = 0
    turn: int = 1
    seed: int = 0
    #: players who have passed priority in succession with nothing happening (CR 117.4)
    passes: int = 0
    combat: Combat | None = None

    # -- copying ---------------------------------------------------------------------------

    def clone(self) -> GameState:
        """An independent copy for rolling back; cards, abilities and other immutable
        values are shared, every mutable part is copied (a spell on the stack stays the
        same object in ``stack`` and ``objects``).  Copies are made field by field
        (``dataclasses.replace`` runs ``__init__`` and costs ten times as much): a probe
        for legality clones the whole game."""
        objects = {i: _copy_object(o) for i, o in self.objects.items()}
        stack: list[StackAbility | GameObject] = [
            objects[item.id] if isinstance(item, GameObject)
            else _shallow(item, event=dict(item.event))
            for item in self.stack
        ]
        return _shallow(
            self,
            players=[_shallow(p, pool=_copy_pool(p.pool),
                              zones={z: list(ids) for z, ids in p.zones.items()},
                              used_once_per_turn=set(p.used_once_per_turn),
                              spells_cast_this_turn=list(p.spells_cast_this_turn))
                     for p in self.players],
            objects=objects,
            battlefield=list(self.battlefield),
            stack=stack,
            pending_triggers=[_shallow(t, event=dict(t.event)) for t in self.pending_triggers],
            effects=list(self.effects),
            delayed=list(self.delayed),
            linked={k: list(v) for k, v in self.linked.items()},
            combat=self.combat.copy() if self.combat is not None else None,
        )

    # -- lookups ---------------------------------------------------------------------------

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def opponent(self, name: str) -> str:
        return next(p.name for p in self.players if p.name != name)

    def apnap(self) -> list[str]:
        """Players in active-player, nonactive-player order (CR 101.4)."""
        names = [p.name for p in self.players]
        start = names.index(self.active_player)
        return names[start:] + names[:start]

    def permanents(self) -> Iterator[GameObject]:
        for object_id in self.battlefield:
            yield self.objects[object_id]

    def zone_list(self, zone: Zone, player: str) -> list[str]:
        if zone is Zone.BATTLEFIELD:
            return self.battlefield
        return self.player(player).zones[zone]

    def stack_object(self, object_id: str) -> StackAbility | GameObject | None:
        return next((item for item in self.stack if item.id == object_id), None)

    # -- changes ---------------------------------------------------------------------------

    def new_id(self) -> str:
        object_id = f"o{self.next_id}"
        self.next_id += 1
        return object_id

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def create(self, card: Card, owner: str, zone: Zone, *, controller: str | None = None,
               token: bool = False, position: int | None = None) -> GameObject:
        obj = GameObject(self.new_id(), card, owner, controller or owner, zone, self.tick(),
                         token=token)
        self.objects[obj.id] = obj
        self._place(obj, position)
        return obj

    def _place(self, obj: GameObject, position: int | None) -> None:
        if obj.zone is Zone.STACK:
            self.stack.append(obj)
            return
        target = self.zone_list(obj.zone, obj.owner)
        target.insert(len(target) if position is None else position, obj.id)

    def _remove(self, obj: GameObject) -> None:
        if obj.zone is Zone.STACK:
            self.stack.remove(obj)
        else:
            self.zone_list(obj.zone, obj.owner).remove(obj.id)

    def move(self, obj: GameObject, zone: Zone, *, controller: str | None = None) -> GameObject | None:
        """Move ``obj`` to ``zone`` as a new object (CR 400.7); returns it.

        A token or a copy of a spell that leaves the battlefield or stack ceases to exist
        in its new zone (CR 111.8, 707.10a), and then ``None`` is returned.
        """
        self._remove(obj)
        del self.objects[obj.id]
        ceases = (obj.is_spell_copy or obj.token) and zone is not Zone.BATTLEFIELD
        if ceases:
            return None
        if controller is None:
            controller = obj.controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
        # A token's or a spell copy's copiable values are its own; a copy effect on a card
        # ends when the card leaves the battlefield (CR 400.7).
        keeps_copy = obj.token or obj.is_spell_copy
        new = GameObject(self.new_id(), obj.card, obj.owner, controller, zone, self.tick(),
                         token=obj.token or obj.is_spell_copy,
                         copy=obj.copy if keeps_copy else None)
        self.objects[new.id] = new
        self._place(new, None)
        return new


def _copy_object(obj: GameObject) -> GameObject:
    copied = object.__new__(GameObject)
    fields = obj.__dict__.copy()
    fields["counters"] = obj.counters.copy()
    fields["unlocked"] = obj.unlocked.copy()
    fields["keywords"] = obj.keywords.copy()
    copied.__dict__ = fields
    return copied


def _copy_pool(pool: ManaPool) -> ManaPool:
    """What ``ManaPool.copy`` makes, without parsing an empty pool's mana first."""
    copied = object.__new__(ManaPool)
    fields = pool.__dict__.copy()
    mana: Counter[str] = Counter.__new__(Counter)  # Counter() runs update() in Python
    dict.update(mana, pool.mana)
    fields["mana"] = mana
    copied.__dict__ = fields
    return copied


_T = TypeVar("_T")


def _shallow(value: _T, **changes: Any) -> _T:
    """A copy of a (non-frozen, unslotted) dataclass instance sharing every field but
    ``changes``, without running ``__init__``: what ``dataclasses.replace`` does, faster."""
    copied: _T = object.__new__(type(value))
    fields = value.__dict__.copy()
    fields.update(changes)
    copied.__dict__ = fields
    return copied
