"""Delayed triggered abilities (CR 603.7): an effect that says "at the beginning of the next
end step, ..." makes an ability that triggers once, at the next such moment, unless it says
otherwise (CR 603.7c).

The judge counts, for each object whose abilities make them, the delayed triggers made: one
for each spell or ability of it saying "next end step" that left the stack (resolved or
not: the count is what may trigger, never less).  As an end step begins, the abilities of
that object put on the stack -- other than its own printed "at the beginning of" abilities
-- are its delayed triggers triggering: never more than it has made and not yet seen
trigger.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...format.vocabulary import Step
from ..memory import PerGame, step_of
from ..observation import Observation, Property, Violation
from strategies.trigger_boards import delayed_focus

_NEXT_END_STEP = re.compile(r"at the beginning of (?:your|the) next end step", re.IGNORECASE)


@dataclass
class _Delayed:
    current: Observation | None = None
    made: Counter[str] = field(default_factory=Counter)  # by the first id of the maker
    fired: Counter[str] = field(default_factory=Counter)
    #: each maker's printed ability texts, read as it made its first delayed trigger (a
    #: spell that made one is gone from the stack by the time it triggers)
    printed: dict[str, set[str]] = field(default_factory=dict)
    seen_firing: bool = False
    blind: bool = False  # an item the judge couldn't read left the stack
    #: the player who controlled each maker's first delayed trigger, by maker
    controllers: dict[str, str] = field(default_factory=dict)
    #: an end step of such a player began after one of that maker's delayed triggers had
    #: triggered: a chance for it to trigger again
    again: bool = False


_MEMORIES: PerGame[_Delayed] = PerGame(_Delayed)


def _key(o: Observation, object_id: str) -> str:
    return min(o.history.get(object_id, {object_id}))


def _printed(o: Observation, object_id: str) -> set[str] | None:
    """The printed ability texts of an object, normalized; ``None`` when unknown."""
    step = step_of(o)
    view = step.before_views.get(object_id) or o.views.get(object_id)
    faces = step.judge.faces_of(view) if view is not None else None
    if faces is None:
        return None
    return {normalize_text(t).lower().strip() for f in faces for t in f.ability_texts}


def _update(o: Observation) -> tuple[_Delayed, list[tuple[str, int, int]]]:
    """The memory brought up to ``o``; the makers whose delayed triggers triggered more
    often than they were made, with the counts."""
    memory = _MEMORIES.of(o)
    over: list[tuple[str, int, int]] = []
    if memory.current is o:
        return memory, over
    memory.current = o
    step = step_of(o)
    before = step.before_game
    if not step.acted or before is None or "stack" in o.game.unknown:
        return memory, over
    if any(s is Step.END for s, _p in step.steps_begun):
        ends = {p for s, p in step.steps_begun if s is Step.END}
        memory.again = any(memory.fired[key] and player in ends
                           for key, player in memory.controllers.items())
        new = Counter[str]()
        for item in step.new_items:
            if item.kind != "ability":
                continue
            key = _key(o, item.source)
            printed = memory.printed.get(key)
            text = normalize_text(item.text).lower().strip()
            if not memory.made[key] or printed is None or text in printed \
                    or text.startswith("at the beginning of"):
                continue
            new[key] += 1
        for key, count in new.items():
            memory.fired[key] += count
            memory.seen_firing = True
            if memory.fired[key] > memory.made[key]:
                over.append((key, memory.made[key], memory.fired[key]))
    now = {item.id for item in o.game.stack}
    for item in before.stack:
        if item.id in now:
            continue
        text = item.text
        if item.kind == "spell" or not text:
            view = step.before_views.get(item.source)
            faces = step.judge.faces_of(view) if view is not None else None
            text = " ".join(f.text for f in faces) if faces else ""
        if _NEXT_END_STEP.search(text):
            key = _key(o, item.source)
            if key not in memory.printed:
                printed = _printed(o, item.source)
                if printed is None:
                    continue  # the judge can't tell its delayed triggers from its own
                memory.printed[key] = printed
            memory.made[key] += 1
            memory.controllers.setdefault(key, item.controller)
    return memory, over


def delayed_triggers_once(o: Observation) -> Iterable[Violation]:
    """A delayed triggered ability triggers only once, at the next time its trigger event
    happens, unless it says otherwise: an object's abilities that made n delayed triggers
    "at the beginning of the next end step" put at most n of them on the stack as end steps
    begin, over the whole game, never again (CR 603.7, 603.7c)."""
    _memory, over = _update(o)
    for key, made, fired in over:
        step = step_of(o)
        views = [v for i in sorted(o.history.get(key, {key}))
                 if (v := o.views.get(i) or step.before_views.get(i)) is not None]
        name = " // ".join(views[0].names) if views else key
        yield Violation(f"the abilities of {name} made {made} delayed triggered abilit"
                        f"{'y' if made == 1 else 'ies'} \"at the beginning of the next end "
                        f"step\", which have triggered {fired} times: a delayed triggered "
                        f"ability triggers only once (CR 603.7c)")
        return


def reached(o: Observation) -> bool:
    """An end step began with a delayed trigger made earlier in the game."""
    memory, _over = _update(o)
    step = step_of(o)
    return step.acted and any(s is Step.END for s, _p in step.steps_begun) \
        and sum(memory.made.values()) > 0


def reached_again(o: Observation) -> bool:
    """An end step of a player began after a delayed trigger of theirs had triggered: a
    chance for it to trigger again."""
    memory, _over = _update(o)
    step = step_of(o)
    return step.acted and any(s is Step.END for s, _p in step.steps_begun) and memory.again


PROPERTIES: tuple[Property, ...] = (
    Property("delayed-triggers-once", delayed_triggers_once.__doc__ or "",
             ("turn-structure-the-end-step-of-every-turn",), frozenset(), delayed_triggers_once, delayed_focus, ("603.7", "603.7c"), "triggers",
             reached, weights=(("Advance", 40), ("Activate", 24), ("Cast", 2)), steps=20),
)
