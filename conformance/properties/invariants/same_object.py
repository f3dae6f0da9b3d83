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

from strategies.damage_boards import changes_face

from dataclasses import dataclass, field

from ...contract.types import DeclareAttackers, ObjectId, ObjectView, TurnFaceUp
from ...format.vocabulary import Step, Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from .attacks_and_blocks import _RULES_CHANGED
from .combat import creature, keywords, turn_of
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


@dataclass
class _Attacks:
    """What the judge remembers of who could attack: the creatures that could attack alone
    at the last observation, and those that could and changed face since."""

    current: Observation | None = None
    could: set[ObjectId] = field(default_factory=set)
    pending: set[ObjectId] = field(default_factory=set)
    probed_now: bool = False
    #: of ``pending``, those that transformed; whether one of them was probed now
    transformed: set[ObjectId] = field(default_factory=set)
    probed_transformed: bool = False
    violation: Violation | None = None


_ATTACKS: PerGame[_Attacks] = PerGame(_Attacks)


def _may_declare(step: StepView, o: Observation) -> bool:
    """Whether the active player may declare attackers now, with no card's text in any zone
    speaking of who attacks beyond keywords."""
    game = o.game
    if o.engine.pending_choice() is not None or game.game_over \
            or game.priority_player != game.active_player or game.stack \
            or turn_of(o).combat is not None \
            or game.step not in (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT):
        return False
    for view in o.views.values():
        faces = step.judge.faces_of(view)
        if faces is None and not view.face_down or any(
                _RULES_CHANGED.search(f.text.lower()) or "goad" in f.text.lower()
                for f in faces or ()):
            return False
    return o.engine.is_legal(DeclareAttackers(game.active_player, ()))


def _changing(step: StepView, view: ObjectView) -> bool:
    """Whether the permanent may change face: face down, or double-faced."""
    if view.face_down:
        return True
    card = step.judge.card_of(view)
    return card is not None and card.layout == "transform"


def _attacks(o: Observation) -> _Attacks:
    """The memory of who could attack, brought up to ``o`` (once an observation)."""
    memory = _ATTACKS.of(o)
    if memory.current is o:
        return memory
    memory.current, memory.violation = o, None
    step = step_of(o)
    memory.probed_now = memory.probed_transformed = False
    if step.before is None or step.turn_ended:
        memory.could, memory.pending = set(), set()
    if step.acted:
        changed = [(then.id, how) for then, _now, how in _changed_face(step, o)
                   if then.id in memory.could]
        memory.pending |= {i for i, _how in changed}
        memory.transformed |= {i for i, how in changed if how == "transformed"}
    if any(v.zone is Zone.BATTLEFIELD and (o.views.get(i) is None
                                           or o.views[i].zone is not Zone.BATTLEFIELD)
           for i, v in step.before_views.items()):
        memory.pending = set()
    memory.pending -= {i for i, v in step.before_views.items()
                       if i in o.views and o.views[i].controller != v.controller}
    if not _may_declare(step, o):
        game = o.game
        if game.game_over or turn_of(o).combat is not None \
                or game.step not in (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT):
            memory.could = set()
        # else kept while the stack is not empty: an ability that transforms a creature
        # resolves after the creature could attack
        return memory
    active = o.game.active_player
    for object_id in sorted(memory.pending):
        view = o.views.get(object_id)
        if view is None or view.zone is not Zone.BATTLEFIELD or view.controller != active \
                or view.tapped or not creature(step, view):
            continue
        words = keywords(step, view)
        if words is None or "Defender" in words:
            continue
        memory.probed_now = True
        memory.probed_transformed |= object_id in memory.transformed
        attack = DeclareAttackers(active, (object_id,))
        if not o.engine.is_legal(attack):
            name = " // ".join(view.names) or "a face-down creature"
            memory.violation = Violation(
                f"{name} could attack before it changed face, and now, untapped and "
                f"without defender, may not: turning face up or transforming doesn't make "
                f"it a new object, nor newly under its controller's control (CR 708.8, "
                f"712.18, 302.6)", legal=attack)
            break
    memory.pending, memory.transformed = set(), set()
    memory.could = {
        view.id for view in o.views.values()
        if view.zone is Zone.BATTLEFIELD and view.controller == active and not view.tapped
        and _changing(step, view) and creature(step, view)
        and o.engine.is_legal(DeclareAttackers(active, (view.id,)))}
    return memory


def same_object(o: Observation) -> Iterable[Violation]:
    """A permanent turned face up or transformed stays the same object: no zone change is
    reported for it (nothing entered or left), it keeps its counters, its tapped status,
    the objects attached to it, and the effects that applied to it -- its power and
    toughness still include an "until end of turn" change that resolved for it this turn
    -- and, untapped and without defender, it may still attack when it could before: it is
    not newly under its controller's control (CR 708.8, 712.18, 400.7, 110.5, 611.2c,
    122.1, 302.6)."""
    step = step_of(o)
    attacks = _attacks(o)
    if attacks.violation is not None:
        yield attacks.violation
        return
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return
    changed = _changed_face(step, o)
    if not changed:
        return
    text = _resolved_text(step)
    counters_may_change = _effects_may_change(step, o)
    for then, now, how in changed:
        moved = next((e for e in o.events if e.kind == "zone_changed"
                      and now.id in (str(e.data.get("object")), str(e.data.get("new_object")))),
                     None)
        if moved is not None:
            yield Violation(f"{' // '.join(now.names) or 'a permanent'} {how} and was reported "
                            f"moving from the {moved.data.get('from') or 'void'} to the "
                            f"{moved.data.get('to') or 'void'}: it stayed on the battlefield "
                            f"as the same object, and nothing entered or left (CR "
                            f"{'708.8' if how != 'transformed' else '712.18'}, 400.7, 603.6a)",
                            now.id)
            return
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


def reached_attack_after_turning(o: Observation) -> bool:
    """... and a creature that could attack before it changed face was probed attacking
    after."""
    return _attacks(o).probed_now


def reached_attack_after_transforming(o: Observation) -> bool:
    """... a creature that could attack before it transformed, probed attacking after."""
    return _attacks(o).probed_transformed


def reached_pumped(o: Observation) -> bool:
    """... with an "until end of turn" change applying to it."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None:
        return False
    return any(step.knowledge.boosts.get(now.id) for _then, now, _how in _changed_face(step, o))


PROPERTIES: tuple[Property, ...] = (
    Property("face-changes-keep-the-object", same_object.__doc__ or "",
             ("morph-turned-face-up-is-same-permanent",),
             frozenset(), same_object, changes_face,
             ("708.8", "712.18", "110.5", "611.2c", "122.1", "302.6"), "face-down", reached,
             weights=(("TurnFaceUp", 8),), focused_cards=True),
)
