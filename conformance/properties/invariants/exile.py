"""What the judge remembers of permissions to play exiled cards (CR 601.3, 611.2a): a spell
or ability whose text says "exile the top N cards of your library" and "until end of turn,
you may play" (or "until the end of your next turn, you may play those cards") lets its
controller cast the cards it exiled -- from exile, paying their costs, at the usual time --
until that turn ends.  The cards are the ones the engine reports moving from the library to
exile as it resolves.

Anything else resolving that speaks of playing or casting cards from exile makes the judge
say nothing more about casting from exile in that game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...contract.types import ObjectId
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation

_EXILE_TOP = re.compile(r"exile the top (\w+) cards? of your library")
_THIS_TURN = re.compile(r"until end of turn, you may play")
_NEXT_TURN = re.compile(r"until the end of your next turn, you may play")


@dataclass
class Permission:
    player: str
    #: the turn it was given in, and whether it lasts until the end of the player's next one
    turn: int
    next_turn: bool


@dataclass
class Exiled:
    """Permissions to play exiled cards, by card; ``unknown``: an effect the judge does not
    model let some player play or cast cards from exile."""

    permissions: dict[ObjectId, Permission] = field(default_factory=dict)
    unknown: bool = False
    turn: int = 1
    #: the active player of each turn so far
    active: list[str] = field(default_factory=list)

    def allows(self, card: ObjectId, player: str) -> bool | None:
        """Whether ``player`` may cast ``card`` from exile now; ``None``: can't tell."""
        if self.unknown:
            return None
        found = self.permissions.get(card)
        return found is not None and found.player == player


class _Memory:
    def __init__(self) -> None:
        self.current: Observation | None = None
        self.exiled = Exiled()


_MEMORIES: PerGame[_Memory] = PerGame(_Memory)


def exiled_of(o: Observation) -> Exiled:
    """The permissions after ``o``'s step (updated once per observation)."""
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        step = step_of(o)
        if memory.current is None or step.before is None:
            memory.exiled = Exiled(active=[o.game.active_player])
        if step.acted:
            _learn(step, memory.exiled, o)
        memory.current = o
    return memory.exiled


def _learn(step: StepView, exiled: Exiled, o: Observation) -> None:
    if step.turn_ended:
        ended = exiled.active[-1] if exiled.active else ""
        exiled.turn += 1
        exiled.active.append(o.game.active_player)
        for card, permission in list(exiled.permissions.items()):
            if not permission.next_turn or (permission.turn < exiled.turn - 1
                                            and ended == permission.player):
                del exiled.permissions[card]
    for event in o.events:  # a card that leaves exile is a new object (CR 400.7)
        if event.kind == "zone_changed" and event.data.get("from") == Zone.EXILE.value:
            exiled.permissions.pop(str(event.data.get("object")), None)
    item = step.resolved
    if item is None:
        return
    source = step.before_views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    if faces is None:
        exiled.unknown = True
        return
    text = normalize_text(" ".join(f.text for f in faces)).lower()
    if "exile" not in text or not re.search(r"you may (play|cast)", text):
        return
    if not _EXILE_TOP.search(text) or not (_THIS_TURN.search(text) or _NEXT_TURN.search(text)):
        exiled.unknown = True
        return
    next_turn = bool(_NEXT_TURN.search(text))
    for event in o.events:
        if event.kind == "zone_changed" and event.data.get("from") == Zone.LIBRARY.value \
                and event.data.get("to") == Zone.EXILE.value and event.data.get("new_object"):
            exiled.permissions[str(event.data["new_object"])] = Permission(
                item.controller, exiled.turn, next_turn)
