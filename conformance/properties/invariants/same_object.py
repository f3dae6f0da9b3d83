"""A permanent that turns face up or transforms is the same object (CR 708.8, 712.18,
110.5, 611.2c, 122.1): it keeps its counters, its status, what is attached to it and the
effects that applied to it -- an "until end of turn" change from a spell that resolved for
it included.  Only a zone change makes a new object (CR 400.7; ``zones.py``).

The judge recognises a face change by the permanent's own view: on the battlefield before
and after the step with the same id, face down and then face up (``TurnFaceUp``), or with
its ``transformed`` status changed.  It says nothing of counters when something in the step
speaks of counters, of its tapped status when what resolved speaks of tapping, nor of power
and toughness where ``power-and-toughness`` would say nothing (a change it does not model).
"""

from __future__ import annotations

from collections.abc import Iterable

from strategies.damage_boards import morph_or_pump

from ...contract.types import ObjectView, TurnFaceUp
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .counters import _effects_may_change
from .durations import expected_power_toughness


def _changed_face(step: StepView, o: Observation) -> list[tuple[ObjectView, ObjectView, str]]:
    """Each permanent that stayed on the battlefield and turned face up or transformed in
    the step: (before, now, what happened)."""
    found = []
    for now in o.views.values():
        then = step.before_views.get(now.id)
        if then is None or then.zone is not Zone.BATTLEFIELD or now.zone is not Zone.BATTLEFIELD:
            continue
        if then.face_down and not now.face_down:
            found.append((then, now, "turned face up"))
        elif then.transformed != now.transformed and not then.face_down and not now.face_down:
            found.append((then, now, "transformed"))
    return found


def _resolved_text(step: StepView) -> str | None:
    item = step.resolved
    if item is None:
        return ""
    source = step.before_views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    return None if faces is None else " ".join(f.text for f in faces).lower()


def _counters_by_turning(step: StepView, view: ObjectView) -> bool:
    """Whether turning it face up may put counters on it (megamorph's kind, CR 702.37b)."""
    faces = step.judge.faces_of(view)
    return faces is None or any("counter" in f.text.lower() or "Megamorph" in f.keywords
                                for f in faces)


def same_object(o: Observation) -> Iterable[Violation]:
    """A permanent turned face up or transformed stays the same object: it keeps its
    counters, its tapped status, the objects attached to it, and the effects that applied
    to it -- its power and toughness still include an "until end of turn" change that
    resolved for it this turn (CR 708.8, 712.18, 110.5, 611.2c, 122.1)."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return
    changed = _changed_face(step, o)
    if not changed:
        return
    text = _resolved_text(step)
    counters_may_change = _effects_may_change(step, o)
    for then, now, how in changed:
        name = " // ".join(now.names) or "a permanent"
        before = {k: n for k, n in then.counters.items() if n}
        after = {k: n for k, n in now.counters.items() if n}
        if before != after and not counters_may_change and not (
                how == "turned face up" and _counters_by_turning(step, now)):
            yield Violation(f"{name} {how} and its counters went from {before} to {after}: "
                            f"it is the same object (CR {'708.8' if how != 'transformed' else '712.18'}"
                            f", 122.1)", now.id, "counters", before)
            return
        if then.tapped != now.tapped and text is not None and "tap" not in text \
                and not isinstance(o.action, TurnFaceUp) or (
                    isinstance(o.action, TurnFaceUp) and o.action.object == now.id
                    and then.tapped != now.tapped):
            yield Violation(f"{name} {how} and became {'tapped' if now.tapped else 'untapped'}"
                            f": it is the same object (CR 110.5)", now.id, "tapped",
                            then.tapped)
            return
        for other in step.before_views.values():
            if other.attached_to != then.id or other.id == then.id:
                continue
            still = o.views.get(other.id)
            if still is None or still.zone is not Zone.BATTLEFIELD:
                continue
            if still.attached_to != now.id and (text is not None and "attach" not in text
                                                and "equip" not in text):
                yield Violation(f"{' // '.join(still.names) or 'an object'} was attached to "
                                f"{name}, which {how}, and is no longer attached to it: it is "
                                f"the same object (CR 708.8, 712.18)", still.id, "attached_to",
                                now.id)
                return
        if step.knowledge.tainted or not step.knowledge.boosts.get(now.id) \
                or now.power is None:
            continue
        expected = expected_power_toughness(step, now)
        if expected is not None and (now.power, now.toughness) != expected:
            boost = step.knowledge.boosts[now.id]
            yield Violation(f"{name} {how} and is {now.power}/{now.toughness}, not "
                            f"{expected[0]}/{expected[1]}: the {boost[0]:+d}/{boost[1]:+d} "
                            f"until end of turn that applied to it still applies -- it is the "
                            f"same object (CR 708.8, 611.2c)", now.id,
                            "power" if now.power != expected[0] else "toughness",
                            expected[0] if now.power != expected[0] else expected[1])
            return


def reached(o: Observation) -> bool:
    """A permanent turned face up or transformed on the battlefield."""
    step = step_of(o)
    return step.acted and o.engine.pending_choice() is None and bool(_changed_face(step, o))


def reached_with_effects(o: Observation) -> bool:
    """... with counters on it or an "until end of turn" change applying to it."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None:
        return False
    return any(then.counters or step.knowledge.boosts.get(now.id)
               for then, now, _how in _changed_face(step, o))


def reached_pumped(o: Observation) -> bool:
    """... with an "until end of turn" change applying to it."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None:
        return False
    return any(step.knowledge.boosts.get(now.id) for _then, now, _how in _changed_face(step, o))


PROPERTIES: tuple[Property, ...] = (
    Property("face-changes-keep-the-object", same_object.__doc__ or "",
             ("morph-turned-face-up-is-same-permanent",),
             frozenset(), same_object, morph_or_pump,
             ("708.8", "712.18", "110.5", "611.2c", "122.1"), "face-down", reached,
             weights=(("TurnFaceUp", 8),)),
)
