"""Invariants of power and toughness over time: "until end of turn" effects apply from when
they resolve until the cleanup step of that turn, to that object only (CR 514.2, 611.2a,
400.7), on top of the printed values, counters, Auras and static abilities (CR 613.4).

The judge adds it all up itself: printed power and toughness of what the creature is (a
face-down creature is a 2/2, CR 708.2), +1/+1 and -1/-1 counters, "enchanted (or
equipped) creature gets", "legendary creatures you control get", "+1/+0 for each artifact
and/or enchantment card in your graveyard", and the pumps it saw resolve this turn
(Giant Growth's kind, prowess).  When something resolves that changes power or toughness in a
way it does not model, it says nothing until the turn ends.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.types import ObjectId, ObjectView
from ...format.vocabulary import Zone
from ..judge import Judge, Reading
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Violation
from . import instructions


def _number(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        return None


@dataclass
class _Tokens:
    last: Observation | None = None
    #: each creature token whose description the judge read as it was created: the power
    #: and toughness it defines, with the names the token had then
    printed: dict[ObjectId, tuple[tuple[int, int], tuple[str, ...]]] = field(
        default_factory=dict)


_TOKENS: PerGame[_Tokens] = PerGame(_Tokens)


def token_printed_values(o: Observation) -> dict[ObjectId, tuple[tuple[int, int],
                                                                 tuple[str, ...]]]:
    """The power and toughness the description of each creature token created in ``o``'s
    game defines (CR 111.3: a token's characteristics are those the effect that created it
    defines), with the token's names then: learned in the step that created it, where a spell
    or ability resolved whose every instruction the judge reads and whose tokens are
    described alike ("Create two 1/1 white Soldier creature tokens.",
    ``keyword-actions``' reading), for each new token of the types and subtypes it
    describes.  A token created otherwise, or in a step this memory did not see, is not
    known."""
    tokens = _TOKENS.of(o)
    if tokens.last is o:
        return tokens.printed
    tokens.last = o
    step = step_of(o)
    new = [v for v in o.views.values() if v.token and v.zone is Zone.BATTLEFIELD
           and not v.face_down and v.id not in step.before_views]
    found = instructions.outcome(o) if new else None
    kinds = {i.what for i in found.instructions if i.verb == "create"} \
        if found is not None else set()
    kind = instructions.token_kind(next(iter(kinds))) if len(kinds) == 1 else None
    if kind is None or kind.power is None or kind.toughness is None:
        return tokens.printed
    for view in new:
        if step.judge.faces_of(view) is None \
                and {t.lower() for t in view.types} == kind.types \
                and {t.lower() for t in view.subtypes} == kind.subtypes:
            tokens.printed[view.id] = ((kind.power, kind.toughness), view.names)
    return tokens.printed


def expected_power_toughness(step: StepView, view: ObjectView) -> tuple[int, int] | None:
    """What the judge works out for a creature permanent -- a token too, from the power and
    toughness its description defines, when the judge read it (:func:`token_printed_values`);
    ``None`` if it can't."""
    judge, o = step.judge, step.now
    faces = None if view.face_down else judge.faces_of(view)
    printed = token_printed_values(o).get(view.id) if faces is None and view.token \
        and not view.face_down else None
    readings: list[Reading] = []
    if view.face_down:
        power, toughness = 2, 2
    elif printed is not None and printed[1] == view.names:
        power, toughness = printed[0]
    else:
        if not faces:
            return None
        with_pt = [f for f in faces if f.power is not None]
        if not with_pt:
            return None
        power_, toughness_ = _number(with_pt[0].power), _number(with_pt[0].toughness)
        if power_ is None or toughness_ is None:
            return None
        power, toughness = power_, toughness_
        readings = [judge.reading(f) for f in faces]
    counters = view.counters.get("+1/+1", 0) - view.counters.get("-1/-1", 0)
    power, toughness = power + counters, toughness + counters
    supertypes = judge.supertypes_of(view) or frozenset()
    for other in o.views.values():
        if other.zone is not Zone.BATTLEFIELD:
            continue
        for reading in judge.readings_of(other) or ():
            if reading.unknown_pt:
                return None
            if reading.aura is not None and other.attached_to == view.id:
                power, toughness = power + reading.aura[0], toughness + reading.aura[1]
            if reading.anthem is not None and other.controller == view.controller \
                    and ("Legendary" in supertypes or not reading.anthem_legendary):
                power, toughness = power + reading.anthem[0], toughness + reading.anthem[1]
    if any(r.power_per_card for r in readings):
        count = _graveyard_count(judge, o, view.controller or view.owner)
        if count is None:
            return None
        power += count
    boost = step.knowledge.boosts.get(view.id, (0, 0))
    return power + boost[0], toughness + boost[1]


def _graveyard_count(judge: Judge, o: Observation, player: str) -> int | None:
    count = 0
    for view in o.views.values():
        if view.zone is not Zone.GRAVEYARD or view.owner != player:
            continue
        card = judge.card_of(view)
        if card is None:
            return None
        faces = card.faces[:1] if card.layout == "transform" else card.faces
        count += bool({"Artifact", "Enchantment"} & {t for f in faces for t in f.types})
    return count


def power_and_toughness(o: Observation) -> Iterable[Violation]:
    """A creature's power and toughness are its printed values (a face-down one's 2/2, a
    token's those its description defines, CR 111.3), plus its counters, its Auras and
    Equipment, the static abilities that apply, and the "until end of turn" effects that
    resolved this turn for that very object -- for each of a spell's targets still legal
    when one change is given to several (CR 608.2c, 611.2a): those end in the cleanup step
    -- not before, not later, and not for another object that card becomes."""
    step = step_of(o)
    token_printed_values(o)  # every step this judge sees: the tokens it creates
    if step.knowledge.tainted or o.engine.pending_choice() is not None:
        return
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.power is None:
            continue
        types = step.judge.types_of(view)
        if types is None or "Creature" not in types:
            continue
        expected = expected_power_toughness(step, view)
        if expected is None:
            continue
        if (view.power, view.toughness) != expected:
            name = " // ".join(view.names) or "a face-down creature"
            key = "power" if view.power != expected[0] else "toughness"
            yield Violation(f"{name} is {view.power}/{view.toughness}, not "
                            f"{expected[0]}/{expected[1]}", view.id, key,
                            expected[0] if key == "power" else expected[1])
            return


def reached(o: Observation) -> bool:
    """A creature the judge worked out carries an "until end of turn" change."""
    step = step_of(o)
    return not step.knowledge.tainted and any(
        step.knowledge.boosts.get(v.id) and expected_power_toughness(step, v) is not None
        for v in o.views.values() if v.zone is Zone.BATTLEFIELD)


def reached_several_targets(o: Observation) -> bool:
    """A spell giving one "until end of turn" change to each of its targets resolved with
    two or more of them creatures still on the battlefield, then judged (CR 608.2c,
    611.2a)."""
    step = step_of(o)
    resolved = step.resolved
    if step.knowledge.tainted or resolved is None or resolved.kind != "spell":
        return False
    source = step.before_views.get(resolved.source)
    readings = step.judge.readings_of(source) if source is not None else None
    if not readings or not any(r.pump for r in readings):
        return False
    judged = [v for t in dict.fromkeys(str(t) for t in resolved.targets)
              if (v := o.views.get(t)) is not None and v.zone is Zone.BATTLEFIELD
              and expected_power_toughness(step, v) is not None]
    return len(judged) >= 2


def reached_cleanup(o: Observation) -> bool:
    """A turn ended with an "until end of turn" change on a creature still there."""
    step = step_of(o)
    return step.turn_ended and any(
        o.views.get(i) is not None and o.views[i].zone is Zone.BATTLEFIELD
        for i in step.boosts_ended)
