"""Damage marked on creatures, and what it decides (CR 120.3e, 120.6, 400.7, 514.2, 702.19b,
702.2c, 704.5g).

Damage dealt to a creature is marked on it (120.3e) and stays until the cleanup step (514.2,
120.6); a creature with damage marked at least its toughness is destroyed as state-based
actions are checked (704.5g).  The damage is marked on the object: a permanent that leaves
the battlefield and comes back is a new object with none marked (400.7), while a permanent
that stays -- turned face up, transformed -- keeps it.  An attacking creature with trample
assigns its blockers lethal damage before any to the player (702.19b, 510.1c-d): each
blocker's toughness less the damage already marked on it, or 1 when the attacker has
deathtouch (702.2c) -- the attacker's characteristics decide, not the blocker's.

The judge keeps the damage marked on each object this turn from each step's
``damage_dealt`` events, keyed by the object each event names; it forgets it as a turn ends,
and says nothing of an object dealt damage in a step in which a turn ended (before or
after the cleanup step, it can't tell), nor of anything once an event it could not read
was reported.  It says nothing of an engine that reports no damage events.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from strategies.damage_boards import burn_or_bounce, pump_or_burn, trampler_or_deathtoucher

from ...contract.types import (
    COMBAT_DAMAGE_CHOICE, PLAYER_OPTION_PREFIX, AdvanceTo, ObjectId, ObjectView, PassPriority,
    Resolve,
)
from ...format.cards import Card
from ...format.vocabulary import Step, Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from .combat import keywords, turn_of
from .damage_results import _sturdy
from .declarations import WEIGHTS

_FIRST = frozenset({"First strike", "Double strike"})
#: Sources whose damage is not marked as damage (CR 702.80c, 702.90c): -1/-1 counters.
_COUNTER_DAMAGE = frozenset({"Wither", "Infect"})
#: Words of a resolving spell or ability that may remove a creature otherwise than by the
#: damage it deals, or change its toughness, or the damage it is dealt.
_OTHER_EFFECTS = re.compile(
    r"\b(destroy|sacrifice|exile|return|put|counters?|gets?|gains?|toughness|transform|copy|"
    r"create|fights?|prevent|attach|enchant|equip|regenerate|indestructible|control)\b|-\d",
    re.IGNORECASE)


@dataclass(frozen=True)
class _Hit:
    source: str
    to: str
    amount: int


@dataclass(frozen=True)
class _Combat:
    defender: str
    attackers: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...]


@dataclass
class _Marks:
    """The damage marked on each object this turn, before and after the step of
    ``current``."""

    current: Observation | None = None
    before: dict[str, int] = field(default_factory=dict)
    now: dict[str, int] = field(default_factory=dict)
    #: objects whose damage the judge does not know this turn
    unsure: set[str] = field(default_factory=set)
    #: an event could not be read this turn: nothing is known
    lost: bool = False
    #: ``unsure`` and ``lost`` as they were before the step (of ``before``)
    unsure_before: set[str] = field(default_factory=set)
    lost_before: bool = False
    hits: list[_Hit] = field(default_factory=list)
    #: the combat as declared before this step, and after it
    combat_before: _Combat | None = None
    combat: _Combat | None = None

    def known(self, object_id: str) -> bool:
        return not self.lost and object_id not in self.unsure

    def known_before(self, object_id: str) -> bool:
        return not self.lost_before and object_id not in self.unsure_before


_MEMORIES: PerGame[_Marks] = PerGame(_Marks)


def marks_of(o: Observation) -> _Marks:
    """The damage marked on objects after ``o``'s step (worked out once per observation)."""
    marks = _MEMORIES.of(o)
    if marks.current is o:
        return marks
    step = step_of(o)
    turn = turn_of(o)  # kept up to date with every observation: its combat is read below
    if marks.current is None or step.before is None:
        marks.now, marks.unsure, marks.lost, marks.combat = {}, set(), False, None
    marks.current = o
    marks.before = dict(marks.now)
    marks.unsure_before, marks.lost_before = set(marks.unsure), marks.lost
    marks.hits = []
    marks.combat_before = marks.combat
    fight = turn.combat
    marks.combat = None if fight is None else _Combat(
        fight.defender, tuple(fight.attackers), tuple(sorted(fight.blocks.items())))
    if not step.acted:
        return marks
    if step.turn_ended:
        marks.now, marks.unsure, marks.lost = {}, set(), False
    for event in o.events:
        if event.kind != "damage_dealt":
            continue
        source, to, amount = (event.data.get(k) for k in ("source", "to", "amount"))
        if not isinstance(amount, int) or source is None or to is None:
            marks.lost = True
            continue
        marks.hits.append(_Hit(str(source), str(to), amount))
        if str(to).startswith(PLAYER_OPTION_PREFIX):
            continue
        if step.turn_ended:
            marks.unsure.add(str(to))
        else:
            marks.now[str(to)] = marks.now.get(str(to), 0) + amount
    return marks


def _name(view: ObjectView) -> str:
    return " // ".join(view.names) or "a face-down creature"


def _keywords(step: StepView, view: ObjectView) -> frozenset[str] | None:
    """Card data's keywords and those the engine shows (an effect may grant one)."""
    found = keywords(step, view)
    return None if found is None else found | frozenset(view.keywords)


def _creature(step: StepView, view: ObjectView) -> bool:
    types = step.judge.types_of(view)
    return types is not None and "Creature" in types


# -- damage marked -----------------------------------------------------------------------


def damage_marked(o: Observation) -> Iterable[Violation]:
    """Damage dealt to a creature stays marked on that object until the cleanup step: once
    state-based actions are done, no creature has damage marked at least its toughness;
    a creature that leaves the battlefield as it is dealt damage, when nothing but that
    damage happened to it, had been dealt at least its toughness this turn as that very
    object -- a permanent that left and came back is a new object with no damage marked
    (CR 120.3e, 120.6, 704.5g, 400.7, 514.2)."""
    step = step_of(o)
    marks = marks_of(o)
    if not step.acted or marks.lost or o.engine.pending_choice() is not None \
            or o.game.game_over:
        return
    yield from _still_there(o, step, marks)
    yield from _died_early(o, step, marks)
    yield from _died_as_the_turn_ended(o, step, marks)


def _still_there(o: Observation, step: StepView, marks: _Marks) -> Iterable[Violation]:
    for object_id, amount in sorted(marks.now.items()):
        view = o.views.get(object_id)
        if view is None or view.zone is not Zone.BATTLEFIELD or not marks.known(object_id) \
                or view.toughness is None or amount < view.toughness:
            continue
        if not _creature(step, view) or _sturdy(step, o, view):
            continue
        yield Violation(f"{_name(view)}, with toughness {view.toughness}, has been dealt "
                        f"{amount} damage this turn and is still on the battlefield once "
                        f"state-based actions are done (CR 120.6, 704.5g)", object_id, "zone",
                        Zone.GRAVEYARD.value)
        return


def _only_damage(step: StepView, o: Observation) -> bool:
    """Whether the step only passed priority or resolved something that does nothing but
    deal damage: then a creature leaving the battlefield left by damage."""
    if not isinstance(o.action, (PassPriority, AdvanceTo, Resolve)):
        return False
    if step.new_items or step.entered or step.turn_ended:
        return False
    item = step.resolved
    if item is None:
        return True
    source = step.before_views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    if not faces:
        return False
    text = " ".join(f.text for f in faces)
    return "damage" in text.lower() and _OTHER_EFFECTS.search(
        text.replace("Deathtouch", "").replace("deathtouch", "")) is None


def _died_early(o: Observation, step: StepView, marks: _Marks) -> Iterable[Violation]:
    dealt = {h.to for h in marks.hits if h.amount > 0}
    if not dealt or not _only_damage(step, o):
        return
    left = [v for v in step.before_views.values() if v.zone is Zone.BATTLEFIELD
            and ((now := o.views.get(v.id)) is None or now.zone is not Zone.BATTLEFIELD)]
    if any(v.id not in dealt for v in left):
        return  # something else left too (an Aura, an anthem): toughness may have fallen
    for then in left:
        if not marks.known(then.id) or then.toughness is None or then.toughness <= 0 \
                or not _creature(step, then) or then.attached_to is not None:
            continue
        faces = step.judge.faces_of(then)
        if faces is None or any("Saga" in f.subtypes for f in faces):
            continue
        if any(v.attached_to == then.id for v in step.before_views.values()):
            continue  # an Aura or Equipment on it may have left with it
        sources = [step.view(h.source) for h in marks.hits if h.to == then.id]
        if any(s is None or (k := _keywords(step, s)) is None
               or k & (_COUNTER_DAMAGE | {"Deathtouch"}) for s in sources):
            continue
        amount = marks.now.get(then.id, 0)
        if amount < then.toughness:
            yield Violation(f"{_name(then)}, with toughness {then.toughness}, left the "
                            f"battlefield when it had been dealt {amount} damage as this "
                            f"object, and nothing else happened to it (CR 120.6, 704.5g, "
                            f"400.7: a permanent that comes back has no damage marked)",
                            then.id, "zone", Zone.BATTLEFIELD.value)
            return


def _survivors_into_cleanup(o: Observation, step: StepView, marks: _Marks
                            ) -> list[tuple[ObjectView, int, int]]:
    """The creatures dealt damage earlier in a turn that ended during ``o``'s step -- a
    step that only passed priority on, nothing resolving, no ability triggering, no damage
    dealt in it -- with less damage than their toughness as the step began, and a toughness
    that card data and counters keep above 0 once "until end of turn" effects end (printed
    toughness, +1/+1 and -1/-1 counters, no Aura or Equipment on them): each with the
    damage it had and that toughness."""
    if not step.acted or not step.turn_ended or marks.lost_before \
            or not isinstance(o.action, (PassPriority, AdvanceTo)) or step.new_items \
            or step.resolved is not None or marks.hits or step.entered:
        return []
    found = []
    for object_id, amount in sorted(marks.before.items()):
        then = step.before_views.get(object_id)
        if not amount or then is None or then.zone is not Zone.BATTLEFIELD \
                or not marks.known_before(object_id) or then.toughness is None \
                or amount >= then.toughness or not _creature(step, then):
            continue
        card = o.card(then) if not then.face_down else None
        printed = card.faces[0].toughness if card is not None and len(card.faces) == 1 else None
        if printed is None or not printed.isdigit():
            continue
        counters = dict(then.counters)
        base = int(printed) + counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
        if base <= 0 or any(v.attached_to == object_id for v in step.before_views.values()):
            continue
        found.append((then, amount, base))
    return found


def _died_as_the_turn_ended(o: Observation, step: StepView, marks: _Marks
                            ) -> Iterable[Violation]:
    """A creature that was dealt less damage than its toughness this turn does not die as
    the turn ends: in the cleanup step its damage is removed as its "until end of turn"
    effects end, at the same time, and state-based actions are checked only after both
    (CR 514.2, 514.3), so a creature pumped and then dealt damage beyond its printed
    toughness survives the cleanup."""
    survivors = _survivors_into_cleanup(o, step, marks)
    if not survivors or _static_toughness_changes(step):
        return
    for then, amount, _base in survivors:
        now = o.views.get(then.id)
        if now is None or now.zone is not Zone.BATTLEFIELD:
            yield Violation(f"{_name(then)}, a {then.power}/{then.toughness} creature dealt "
                            f"{amount} damage this turn, left the battlefield as the turn "
                            f"ended, though nothing but the turn's end happened to it (CR 514.2, "
                            f"514.3: its damage is removed as its \"until end of turn\" "
                            f"effects end, at the same time)", then.id, "zone",
                            Zone.BATTLEFIELD.value)
            return


def _static_toughness_changes(step: StepView) -> bool:
    """Whether a permanent's text changes other creatures' toughness ("get -1/-1")."""
    return step.battlefield_says(_static_toughness_changes, lambda f: bool(
        _STATIC_TOUGHNESS.search(f.text)))


#: A static ability lowering creatures' toughness.
_STATIC_TOUGHNESS = re.compile(r"creatures? [^.]*gets? [+-]\d+/-\d+(?! until)", re.IGNORECASE)


def reached_turn_ended_with_damage(o: Observation) -> bool:
    """A turn ended with a creature dealt damage beyond nothing but less than its toughness,
    which card data and counters keep above 0."""
    return bool(_survivors_into_cleanup(o, step_of(o), marks_of(o)))


def reached_pumped_survivor(o: Observation) -> bool:
    """A turn ended with a creature dealt damage at least its printed toughness (with its
    counters) but less than its toughness then: a pumped creature that must survive."""
    return any(amount >= base
               for _then, amount, base in _survivors_into_cleanup(o, step_of(o), marks_of(o)))


def damage_after_a_pump(o: Observation) -> Iterable[Violation]:
    """A creature pumped "until end of turn" and then dealt damage at least its printed
    toughness but less than its pumped one survives the turn's end: in the cleanup step its
    damage is removed as the pump ends, at the same time, and state-based actions are
    checked only after both (CR 514.2, 514.3) -- ``damage-marked``'s judgement, in games
    that pump a creature and then deal it damage."""
    yield from damage_marked(o)


def reached_marked(o: Observation) -> bool:
    """A creature dealt damage in an earlier step of the turn is still on the battlefield,
    its damage known."""
    step = step_of(o)
    marks = marks_of(o)
    if not step.acted or marks.lost:
        return False
    return any(amount and marks.known(i) and (v := o.views.get(i)) is not None
               and v.zone is Zone.BATTLEFIELD for i, amount in marks.before.items())


def reached_dealt_again(o: Observation) -> bool:
    """... and was dealt damage again."""
    step = step_of(o)
    marks = marks_of(o)
    return step.acted and not marks.lost and any(
        marks.before.get(h.to) and marks.known(h.to) for h in marks.hits)


# -- trample -----------------------------------------------------------------------------


def trample_assignment(o: Observation) -> Iterable[Violation]:
    """A blocked attacking creature with trample assigns the player it attacks only the
    damage left once each creature blocking it is assigned lethal damage: that blocker's
    toughness (counters and effects included) less the damage already marked on it, or
    1 if the attacking creature has deathtouch -- the attacker's keywords decide, never
    the blocker's (CR 702.19b, 702.2c, 510.1c, 510.1d, 120.6); how it divides its damage
    among its blockers and that player is asked of its controller, never of another player
    (CR 510.1c-d), and a division the rules allow is never refused
    (:func:`_legal_division_refused`)."""
    step = step_of(o)
    marks = marks_of(o)
    fight = marks.combat_before
    if not step.acted or marks.lost_before or fight is None or step.resolved is not None \
            or not isinstance(o.action, (PassPriority, AdvanceTo)):
        return
    fighters = {i: step.before_views.get(i) for i in (*fight.attackers,
                                                       *(b for b, _a in fight.blocks))}
    found = {i: _keywords(step, v) for i, v in fighters.items() if v is not None}
    if any(k is None or k & _FIRST for k in found.values()):
        return  # two damage steps: blockers may have died or been dealt damage in between
    player = PLAYER_OPTION_PREFIX + fight.defender
    for attacker in fight.attackers:
        then = fighters.get(attacker)
        kinds = found.get(attacker)
        if then is None or kinds is None or "Trample" not in kinds or then.power is None \
                or then.zone is not Zone.BATTLEFIELD:
            continue
        blockers = [step.before_views.get(b) for b, a in fight.blocks if a == attacker]
        present = [b for b in blockers if b is not None and b.zone is Zone.BATTLEFIELD]
        if not present:
            continue
        ids = {b.id for b in present}
        for choice, _answer in o.choices:
            if choice.kind == COMBAT_DAMAGE_CHOICE and choice.player != then.controller \
                    and ids <= {option.value for option in choice.options}:
                yield Violation(
                    f"the division of {_name(then)}'s combat damage among its blockers"
                    f"{' and ' + fight.defender if player in {x.value for x in choice.options} else ''}"
                    f" was asked of {choice.player}, not of {then.controller}, who controls it "
                    f"(CR 510.1c-d, 702.19b: the attacking creature's controller assigns its "
                    f"combat damage)")
                return
        refused = _legal_division_refused(o, then, kinds, present, player)
        if refused is not None:
            yield Violation(refused)
            return
        if any(b.toughness is None or not marks.known_before(b.id) for b in present):
            continue
        to_player = sum(h.amount for h in marks.hits if h.source == attacker and h.to == player)
        if not to_player:
            continue
        now = o.views.get(attacker)
        power = max(then.power, now.power if now is not None and now.zone is Zone.BATTLEFIELD
                    and now.power is not None else 0)
        deathtouch = "Deathtouch" in kinds
        lethal = 0
        for blocker in present:
            left = max((blocker.toughness or 0) - marks.before.get(blocker.id, 0), 0)
            lethal += min(left, 1) if deathtouch else left
        if to_player > power - lethal:
            yield Violation(
                f"{_name(then)}, a {power}-power attacker with trample"
                f"{' and deathtouch' if deathtouch else ''}, dealt {to_player} damage to "
                f"{fight.defender} though its blockers "
                f"({', '.join(f'{_name(b)} {b.power}/{b.toughness}' for b in present)}) "
                f"needed {lethal} as lethal damage: at most {max(power - lethal, 0)} "
                f"(CR 702.19b{', 702.2c' if deathtouch else ''})")
            return


def _legal_division_refused(o: Observation, attacker: ObjectView, kinds: frozenset[str],
                            present: list[ObjectView], player: str) -> str | None:
    """A division of ``attacker``'s combat damage that the engine refused though the rules
    allow it: all of it among its blockers, however divided, or -- with trample -- some to
    ``player`` once each blocker is assigned at least its toughness, which is at least
    lethal damage whatever was marked on it (CR 510.1c-d, 702.19b: beyond lethal damage,
    the rest is assigned as the attacking creature's controller chooses)."""
    ids = {b.id for b in present}
    for choice, values in o.refused:
        offered = {option.value for option in choice.options}
        if choice.kind != COMBAT_DAMAGE_CHOICE or offered - {player} != ids \
                or not choice.min <= len(values) <= choice.max or not set(values) <= offered:
            continue
        counts = Counter(values)
        if counts[player]:
            if "Trample" not in kinds:
                continue
            if any(b.toughness is None or counts[b.id] < max(b.toughness, _toughness_now(o, b.id))
                   for b in present):
                continue
        shown = ", ".join(f"{counts[b.id]} to {_name(b)}" for b in present) + (
            f", {counts[player]} to the player" if counts[player] else "")
        return (f"the engine refused to divide {_name(attacker)}'s {len(values)} combat damage "
                f"as {shown}, a division the rules allow (CR 510.1c-d"
                f"{', 702.19b' if 'Trample' in kinds else ''}: "
                f"{'once each blocker is assigned lethal damage, ' if 'Trample' in kinds else ''}"
                f"its controller divides it as they choose)")
    return None


def _toughness_now(o: Observation, object_id: ObjectId) -> int:
    now = o.views.get(object_id)
    return (now.toughness or 0) if now is not None else 0


def reached_trample(o: Observation) -> bool:
    """A blocked attacker with trample dealt combat damage, its blockers still there."""
    step = step_of(o)
    marks = marks_of(o)
    fight = marks.combat_before
    if not step.acted or fight is None or marks.lost_before:
        return False
    for blocker, attacker in fight.blocks:
        then, b = step.before_views.get(attacker), step.before_views.get(blocker)
        if then is None or b is None or b.zone is not Zone.BATTLEFIELD:
            continue
        kinds = _keywords(step, then)
        if kinds is not None and "Trample" in kinds and any(
                h.source == attacker for h in marks.hits):
            return True
    return False


def reached_trample_to_player(o: Observation) -> bool:
    """... and dealt some of it to the player it attacks (what the rule bounds)."""
    if not reached_trample(o):
        return False
    marks = marks_of(o)
    fight = marks.combat_before
    assert fight is not None
    player = PLAYER_OPTION_PREFIX + fight.defender
    return any(h.to == player and h.source in {a for _b, a in fight.blocks} and h.amount
               for h in marks.hits)


def combat_damage_amounts(o: Observation) -> Iterable[Violation]:
    """In a combat damage step, each attacking and each blocking creature deals combat
    damage equal to its power -- counters and effects included -- among what it fights
    (an attacker with trample, or unblocked, to the player too), all at once: none when it
    fights nothing any more (a blocked attacker without trample whose blockers are gone, a
    blocker whose attacker is gone), or has no power (CR 510.1a, 510.1c, 510.1d, 510.2,
    702.19b)."""
    step = step_of(o)
    marks = marks_of(o)
    fight = marks.combat_before
    if not step.acted or fight is None or step.resolved is not None or not marks.hits \
            or not isinstance(o.action, (PassPriority, AdvanceTo)) or o.game.game_over \
            or o.engine.pending_choice() is not None:
        return
    before = step.before_game
    if before is None or before.step not in (Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS) \
            or not any(s is Step.COMBAT_DAMAGE for s, _p in step.steps_begun):
        return
    if turn_of(o).prevention or any(
            "prevent" in f.text.lower() for v in step.before_views.values()
            if v.zone is Zone.BATTLEFIELD for f in step.judge.faces_of(v) or ()):
        return
    blocks = dict(fight.blocks)
    present: dict[str, ObjectView] = {}
    for object_id in (*fight.attackers, *blocks):
        then = step.before_views.get(object_id)
        if then is not None and then.zone is Zone.BATTLEFIELD:
            present[object_id] = then
    found = {i: _keywords(step, v) for i, v in present.items()}
    if any(k is None or k & _FIRST for k in found.values()):
        return
    for object_id in sorted(present):
        view = present[object_id]
        if view.power is None:
            return
        if object_id in blocks:
            against = [blocks[object_id]] if blocks[object_id] in present else []
            reaches = bool(against)
        else:
            against = [b for b, a in blocks.items() if a == object_id and b in present]
            blocked = any(a == object_id for a in blocks.values())
            kinds = found[object_id] or frozenset()
            reaches = bool(against) or not blocked or "Trample" in kinds
        expected = max(view.power, 0) if reaches else 0
        dealt = sum(h.amount for h in marks.hits if h.source == object_id)
        if dealt != expected:
            role = "blocking" if object_id in blocks else "attacking"
            yield Violation(f"{_name(view)}, a {role} creature with power {view.power}, dealt "
                            f"{dealt} combat damage, not {expected} (CR 510.1a"
                            f"{', 510.1c' if against else ''})")
            return


def reached_amounts(o: Observation) -> bool:
    """Combat damage was dealt in a combat with a block."""
    step = step_of(o)
    marks = marks_of(o)
    fight = marks.combat_before
    return step.acted and fight is not None and bool(fight.blocks) and bool(marks.hits) \
        and any(s is Step.COMBAT_DAMAGE for s, _p in step.steps_begun)


def ordinary_fighter(card: Card) -> bool:
    """Creatures that deal combat damage in the regular step only (no first strike or
    double strike): the creatures ``combat-damage-amounts`` judges."""
    return any("Creature" in f.types for f in card.faces) and not any(
        _FIRST & set(f.keywords) for f in card.faces)


#: Games about combat damage: attacks and blocks drawn as in the combat properties' games,
#: and casting less often than passing on to later steps, so that more games fight.
_FIGHTS = WEIGHTS + (("Cast", 3), ("Advance", 8))

PROPERTIES: tuple[Property, ...] = (
    Property("trample-assignment", trample_assignment.__doc__ or "",
             ("combat-hystrodon-trample-and-combat-damage-trigger",),
             frozenset({"combat"}), trample_assignment, trampler_or_deathtoucher,
             ("702.19b", "702.2c", "510.1c", "510.1d", "120.6"), "damage", reached_trample,
             weights=_FIGHTS),
    Property("combat-damage-amounts", combat_damage_amounts.__doc__ or "",
             ("combat-deathtouch-lifelink-flying",),
             frozenset({"combat"}), combat_damage_amounts, ordinary_fighter,
             ("510.1a", "510.1c", "510.1d", "510.2", "702.19b"), "damage", reached_amounts,
             weights=_FIGHTS),
    Property("damage-marked", damage_marked.__doc__ or "",
             ("combat-noncombat-damage-is-not-combat-damage",),
             frozenset(), damage_marked, burn_or_bounce,
             ("120.3e", "120.6", "704.5g", "400.7", "514.2"), "zones", reached_marked,
             weights=(("Cast", 24), ("Move", 8), ("Activate", 2))),
    Property("damage-after-a-pump", damage_after_a_pump.__doc__ or "",
             ("durations-giant-growth-until-end-of-turn",),
             frozenset(), damage_after_a_pump, pump_or_burn,
             ("514.2", "514.3", "120.3e", "704.5g"), "durations", reached_pumped_survivor,
             weights=(("Cast", 24), ("Resolve", 12), ("Advance", 16), ("Move", 1),
                      ("Activate (land)", 1)), focused_cards=True),
)
