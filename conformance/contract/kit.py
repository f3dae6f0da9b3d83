"""Bookkeeping every adapter writes again: contract object ids for an engine whose own ids
survive zone changes, the ``zone_changed`` events that follow from them, and the aliases of a
setup.

The contract says a card that changes zones is a new object (CR 400.7) with a new id, and that
the engine reports each change as a ``zone_changed`` event.  Many engines keep one id per
card for the whole game (managym, manacore, python-mtg, Forge ...): their adapter must mint a
new contract id whenever a card's zone changes and say so.  :class:`ZoneTracker` does that
from snapshots of where the engine says each card is, read after every action::

    tracker = ZoneTracker()
    keys = setup_aliases(setup, lambda player, zone, entry: engine.add(...))  # in start
    tracker.sync(engine_zones())            # every card gets an id, no events
    return alias_ids(keys, tracker)         # start's answer
    ...
    events = tracker.sync(engine_zones())   # after each action: one event per card moved

It only compares zones the engine reports: it computes no rule.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Generic, TypeVar

from ..format.model import CardEntry, Setup
from ..format.vocabulary import Zone
from .types import Event, ObjectId, PlayerId

Key = TypeVar("Key", bound=Hashable)


class ZoneTracker(Generic[Key]):
    """Contract ids for the cards of an engine that names each card with one key (``Key``)
    for the whole game; a new id each time a card is seen in another zone."""

    def __init__(self, prefix: str = "o") -> None:
        self.prefix = prefix
        self._next = 0
        self._zones: dict[Key, Zone] = {}
        self._ids: dict[Key, ObjectId] = {}
        self._keys: dict[ObjectId, Key] = {}

    def reset(self) -> None:
        """Forget every card (a new game); ids keep growing, so none is reused."""
        self._zones.clear()
        self._ids.clear()
        self._keys.clear()

    def _mint(self, key: Key) -> ObjectId:
        self._next += 1
        object_id = f"{self.prefix}{self._next}"
        self._ids[key] = object_id
        self._keys[object_id] = key
        return object_id

    def sync(self, zones: Mapping[Key, Zone]) -> list[Event]:
        """Take the engine's view of where each card is now; the ``zone_changed`` events
        since the last call.  A card seen for the first time gets an id and no event (it was
        set up, or created: a token's ``token_created`` is the adapter's to report); a card
        no longer listed has ceased to exist (``new_object: None``)."""
        events = []
        for key, zone in zones.items():
            before = self._zones.get(key)
            if before is None:
                self._mint(key)
            elif before != zone:
                old = self._ids[key]
                del self._keys[old]
                new = self._mint(key)
                events.append(Event("zone_changed", {"object": old, "new_object": new,
                                                     "from": before.value, "to": zone.value}))
            self._zones[key] = zone
        for key in [k for k in self._zones if k not in zones]:
            old = self._ids.pop(key)
            del self._keys[old]
            events.append(Event("zone_changed", {"object": old, "new_object": None,
                                                 "from": self._zones.pop(key).value,
                                                 "to": None}))
        return events

    def id_of(self, key: Key) -> ObjectId:
        """The card's contract id now; ``KeyError`` for a card never synced."""
        return self._ids[key]

    def key_of(self, object_id: ObjectId) -> Key:
        """The engine's key of a contract id; ``KeyError`` for an id that no longer names
        the card (it changed zones since), as ``Engine.observe`` must raise."""
        return self._keys[object_id]

    def zone_of(self, object_id: ObjectId) -> Zone:
        return self._zones[self.key_of(object_id)]

    def ids(self, keys: Iterable[Key]) -> list[ObjectId]:
        """The contract ids of the engine's cards, in the order given."""
        return [self._ids[key] for key in keys]


def setup_aliases(setup: Setup,
                  place: Callable[[PlayerId, Zone, CardEntry], Key]) -> dict[str, Key]:
    """Place every card entry of ``setup`` in the engine, in the order of the ruling file
    (``place(player, zone, entry)`` puts it there and returns the engine's key for it); the
    keys of the aliased entries, by alias.  Sync the tracker, then :func:`alias_ids` gives
    what ``Engine.start`` returns."""
    keys: dict[str, Key] = {}
    for player, zone, entry in setup.entries():
        key = place(player.name, zone, entry)
        if entry.alias is not None:
            keys[entry.alias] = key
    return keys


def alias_ids(keys: Mapping[str, Key], tracker: ZoneTracker[Key]) -> dict[str, ObjectId]:
    """What ``Engine.start`` returns: each alias's contract id, once ``tracker`` has synced
    the placed cards."""
    return {alias: tracker.id_of(key) for alias, key in keys.items()}


__all__ = ["ZoneTracker", "alias_ids", "setup_aliases"]
