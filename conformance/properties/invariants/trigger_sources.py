"""Triggered abilities see only the events their source was there for (CR 113.6, 603.2,
603.10, 603.10a).

An ability of a permanent functions only while it is on the battlefield, unless it says
otherwise (113.6); it triggers on an event that happens while it is there (603.2) -- a
leaves-the-battlefield ability, or one watching a creature die, "looks back in time" to the
event that moved its source, and to that event only (603.10a).  So an ability put on the
stack by an event has a source that was on the battlefield before that event or is on it
after it: the last known information of an object that left the battlefield in an earlier
step is no longer used (608.2h: only for the event or effect that needs it).

The judge reads the abilities each step put on the stack (not by an activation), and
follows each source through the engine's ``zone_changed`` events (``Observation.history``:
every object a card has been).  It judges only an ability whose text is one of its source
card's own triggered abilities ("When", "Whenever", "At") that speaks of no other zone than
the battlefield (no graveyard, hand, library, exile, casting, "if ... in your ..."): never a
delayed triggered ability, which a spell or ability makes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strategies.damage_boards import leaving_text

from ...contract.text import normalize_text
from ...contract.types import Activate, ObjectView, StackItemView
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation

_TRIGGERED = re.compile(r"^(when|whenever|at)\b")
#: Words of a triggered ability that may function outside the battlefield.
_ELSEWHERE = re.compile(r"graveyard|hand|library|exile|cast|cycle|discard|reveal|"
                        r"from anywhere|this card")


def _source_view(step: StepView, source: str) -> ObjectView | None:
    """The source as it is or was before the step, or an object its card has been."""
    view = step.view(source)
    if view is None:
        for object_id in sorted(step.now.history.get(source, ())):
            view = step.view(object_id)
            if view is not None:
                break
    return view


def _printed_trigger(step: StepView, item: StackItemView) -> bool:
    """Whether ``item`` is one of its source card's own triggered abilities that functions
    on the battlefield only."""
    view = _source_view(step, item.source)
    card = step.judge.card_of(view) if view is not None else None
    if card is None:
        return False
    text = normalize_text(item.text).lower()
    for face in card.faces:
        for raw in face.ability_texts:
            line = normalize_text(raw).lower()
            if line == text:
                return bool(_TRIGGERED.match(line)) and _ELSEWHERE.search(line) is None
    return False


def _there(step: StepView, o: Observation, source: str) -> bool:
    """Whether an object the source's card has been was on the battlefield before the step,
    is on it now, or moved during the step."""
    ids = o.history.get(source, {source}) | {source}
    for object_id in ids:
        then = step.before_views.get(object_id)
        now = o.views.get(object_id)
        if (then is not None and then.zone is Zone.BATTLEFIELD) or (
                now is not None and now.zone is Zone.BATTLEFIELD):
            return True
    return any(e.kind == "zone_changed" and ({str(e.data.get("object")),
                                              str(e.data.get("new_object"))} & ids)
               for e in o.events)


def trigger_sources(o: Observation) -> Iterable[Violation]:
    """A triggered ability of a permanent goes on the stack only for an event its source
    was on the battlefield for -- before it, or after it (a leaves-the-battlefield or dies
    ability looks back to the event that moved its source, and to no later one): its
    source was on the battlefield before the step, is on it now, or moved in the step
    (CR 113.6, 603.2, 603.10a, 608.2h)."""
    step = step_of(o)
    if not step.acted or isinstance(o.action, Activate) or step.before is None:
        return
    for item in step.new_items:
        if item.kind != "ability" or _there(step, o, item.source):
            continue
        if not _printed_trigger(step, item):
            continue
        view = _source_view(step, item.source)
        name = " // ".join(view.names) if view is not None else "a permanent"
        yield Violation(f"{name}'s triggered ability \"{item.text}\" went on the stack though "
                        f"its source was not on the battlefield for the event (it left "
                        f"before this step): last known information is used only for the "
                        f"event that moved it (CR 603.10a, 113.6)")
        return


def reached(o: Observation) -> bool:
    """A triggered ability went on the stack after a permanent with a triggered ability
    had left the battlefield earlier in the game (its last known information in play)."""
    step = step_of(o)
    if not step.acted or isinstance(o.action, Activate) or not any(
            i.kind == "ability" for i in step.new_items):
        return False
    return any(v.zone is Zone.GRAVEYARD and any(
        _TRIGGERED.match(normalize_text(t).lower()) for f in (step.judge.faces_of(v) or ())
        for t in f.ability_texts) for v in o.views.values())


PROPERTIES: tuple[Property, ...] = (
    Property("triggers-from-the-battlefield", trigger_sources.__doc__ or "",
             ("combat-noncombat-damage-is-not-combat-damage",),
             frozenset({"triggered-abilities"}), trigger_sources, leaving_text,
             ("113.6", "603.2", "603.10a", "608.2h"), "last-known-information", reached,
             weights=(("Move", 12), ("DeclareAttackers", 24), ("DeclareBlockers", 48))),
)
