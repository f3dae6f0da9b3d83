"""Trigger doubling and trigger conditions in the games where they decide something.

The invariant is ``triggers.trigger_instances``: every event puts each triggered ability
that watches it on the stack once, and once more for each permanent of the ability's
controller saying a triggered ability "triggers an additional time" that applies (CR
603.2, 603.2d) -- an artifact or creature entering for Panharmonicon's kind, any trigger
for Fractured Realm's kind; never for another player's permanents, never for an event the
ability does not watch ("another", "you control", "your upkeep", "a noncreature spell").

A random game rarely has a doubler and a watcher of the right event in play at once, so
each property here plays games that favour one subject: doublers with abilities watching
other permanents enter (CR 603.6a), and doublers with abilities watching steps and spells
cast (CR 603.2, 503.1a, 601.2i).  Cards are chosen by what the judge reads in their text
(``judge.read_face``), never by name.
"""

from __future__ import annotations

from collections.abc import Callable

from ...format.cards import Card
from ..judge import Reading, read_face
from ..observation import Property
from . import triggers


def _reads(test: Callable[[Reading], bool]) -> Callable[[Card], bool]:
    def focus(card: Card) -> bool:
        return any(test(read_face(face)) for face in card.faces)
    return focus


#: Doublers, and abilities watching other permanents enter.
_ENTERING = _reads(lambda r: bool(r.doubler) or any(
    t.event in ("enters-other", "enters-yours") for t in r.triggers))
#: Doublers, and abilities watching a step begin or a spell being cast.
_STEPS_AND_CASTS = _reads(lambda r: bool(r.doubler) or any(
    t.event in ("upkeep", "cast") for t in r.triggers))


PROPERTIES: tuple[Property, ...] = (
    Property("additional-instances-entering", triggers.trigger_instances.__doc__ or "",
             ("trigger-conditions-doublers-add-one-instance-each",
              "trigger-conditions-what-each-trigger-watches"),
             frozenset({"triggered-abilities"}), triggers.trigger_instances, _ENTERING,
             ("603.2", "603.2d", "603.6a", "603.2c"), "trigger-doubling",
             triggers.reached_instances),
    Property("additional-instances-steps-and-casts", triggers.trigger_instances.__doc__ or "",
             ("trigger-doubling-every-kind-of-trigger",
              "trigger-conditions-what-each-trigger-watches"),
             frozenset({"triggered-abilities"}), triggers.trigger_instances, _STEPS_AND_CASTS,
             ("603.2", "603.2d", "503.1a", "601.2i"), "triggers",
             triggers.reached_instances),
)
