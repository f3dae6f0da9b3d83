"""Delayed triggered abilities (CR 603.7): an effect that says "at the beginning of the next
end step, ..." makes an ability that triggers once, at the next such moment, unless it says
otherwise (CR 603.7c).

The judge counts, for each object whose abilities make them, the delayed triggers made: one
for each spell or ability of it saying "next end step" that left the stack (resolved or
not: the count is what may trigger, never less).  As an end step begins, the abilities of
that object put on the stack -- other than its own printed "at the beginning of" abilities
-- are its delayed triggers triggering: never more than it has made and not yet seen
trigger.  As steps other than an end step begin, such abilities of an object with delayed
triggers made and not yet triggered are those triggering at a step they do not name (CR
513.1: "the next end step" is the end step).
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
    #: this step's delayed triggers that triggered as steps other than an end step began,
    #: by maker, with those steps
    early: list[tuple[str, tuple[Step, ...]]] = field(default_factory=list)
    #: in this step, steps other than an end step began with a delayed trigger made and not
    #: yet triggered: a chance for it to trigger too early
    waiting: bool = False


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
    memory.early, memory.waiting = [], False
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
    elif step.steps_begun:
        # steps began and none was an end step: a delayed trigger of a maker with some not
        # yet triggered triggering now triggered at a moment it does not name (CR 603.7)
        memory.waiting = any(memory.made[k] > memory.fired[k] for k in memory.made)
        for item in step.new_items:
            if item.kind != "ability":
                continue
            key = _key(o, item.source)
            printed = memory.printed.get(key)
            text = normalize_text(item.text).lower().strip()
            if memory.made[key] <= memory.fired[key] or printed is None or text in printed \
                    or text.startswith("at the beginning of"):
                continue
            memory.fired[key] += 1
            memory.early.append((key, tuple(s for s, _p in step.steps_begun)))
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
    begin, over the whole game, never again, and none as another step begins -- the
    beginning of combat, the end of combat step -- (CR 603.7, 603.7c, 513.1)."""
    memory, over = _update(o)
    for key, steps in memory.early:
        begun = ", ".join(s.value.replace("_", " ") for s in steps)
        yield Violation(f"a delayed triggered ability of {_name(o, key)} \"at the beginning "
                        f"of the next end step\" triggered as no end step began (steps "
                        f"begun: {begun}): it triggers only as the end step begins (CR "
                        f"603.7, 513.1)")
        return
    for key, made, fired in over:
        name = _name(o, key)
        yield Violation(f"the abilities of {name} made {made} delayed triggered abilit"
                        f"{'y' if made == 1 else 'ies'} \"at the beginning of the next end "
                        f"step\", which have triggered {fired} times: a delayed triggered "
                        f"ability triggers only once (CR 603.7c)")
        return


def _name(o: Observation, key: str) -> str:
    step = step_of(o)
    views = [v for i in sorted(o.history.get(key, {key}))
             if (v := o.views.get(i) or step.before_views.get(i)) is not None]
    return " // ".join(views[0].names) if views else key


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


def reached_waiting(o: Observation) -> bool:
    """Steps other than an end step began while a delayed trigger made earlier had not yet
    triggered: a chance for it to trigger at a step it does not name."""
    memory, _over = _update(o)
    return memory.waiting


PROPERTIES: tuple[Property, ...] = (
    Property("delayed-triggers-once", delayed_triggers_once.__doc__ or "",
             ("turn-structure-the-end-step-of-every-turn",), frozenset(), delayed_triggers_once,
             delayed_focus, ("603.7", "603.7c", "513.1"), "triggers",
             reached, weights=(("Advance", 40), ("Activate", 24), ("Cast", 2)), steps=20),
)
