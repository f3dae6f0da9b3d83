"""Invariants of damage divided among targets (CR 601.2c, 601.2d, 608.2b): "deals 3 damage
divided as you choose among one, two, or three targets".

As such a spell is cast, its controller chooses one target or more, up to the number the
text names (CR 601.2c: "one, two, or three" allows one); with two targets or more they
announce the division, each target getting at least 1 (CR 601.2d) -- with one target there
is nothing to divide, and the engine asks no division (adapter contract: a ``divide`` choice
is asked among two or more targets).  As the spell resolves, each target is dealt its share
and no more: a target that has become illegal is dealt nothing, and its share goes to no
other target (CR 608.2b).

The judge reads the amount and the number of targets from the card's Oracle text, the
targets from the spell on the stack, the division from the answer the engine took, and
what each player was dealt from their life total.  It says nothing of a step in which
damage is prevented or something else changes life (a trigger, lifelink).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...contract.types import (
    DIVIDE_CHOICE, PLAYER_OPTION_PREFIX, Cast, DeclareAttackers, DeclareBlockers, PlayerRef,
    Target,
)
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from .combat import turn_of

_DIVIDED = re.compile(r"deals (\d+) damage divided as you choose among (one|one or two|"
                      r"one, two, or three) targets")
_MOST = {"one": 1, "one or two": 2, "one, two, or three": 3}


def divided_damage(card: Card | None) -> tuple[int, int] | None:
    """The amount a card divides and the most targets it may have, from its Oracle text."""
    if card is None or len(card.faces) != 1:
        return None
    found = _DIVIDED.search(normalize_text(card.faces[0].text).lower())
    return (int(found.group(1)), _MOST[found.group(2)]) if found is not None else None


def _key(target: Target) -> str:
    return PLAYER_OPTION_PREFIX + target.name if isinstance(target, PlayerRef) else str(target)


@dataclass
class _Divisions:
    current: Observation | None = None
    #: each divided spell on the stack: how much of its amount each target gets
    shares: dict[str, dict[str, int]] = field(default_factory=dict)
    violation: str | None = None
    #: the objects that may have been dealt damage in this game (a target of something
    #: that speaks of damage, a creature in combat, what an engine said it damaged), or
    #: every object, when something without targets spoke of damage
    marked: set[str] = field(default_factory=set)
    everything_marked: bool = False


_MEMORIES: PerGame[_Divisions] = PerGame(_Divisions)


def _divisions(o: Observation) -> _Divisions:
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        step = step_of(o)
        memory.violation = None
        if step.before is None:
            memory.shares.clear()
        if step.acted and o.engine.pending_choice() is None:
            memory.violation = _cast(step, o, memory) or _resolution(step, o, memory)
        if step.acted:
            _remember_damage(step, o, memory)
        memory.current = o
    return memory


def _cast(step: StepView, o: Observation, memory: _Divisions) -> str | None:
    """The targets and the division of a spell that was just cast."""
    action = o.action
    if not isinstance(action, Cast) or step.cast_spell is None:
        return None
    spell = o.views.get(step.cast_spell)
    divided = divided_damage(step.judge.card_of(spell)) if spell is not None else None
    item = next((i for i in o.game.stack if step.cast_spell in (i.id, i.source)), None)
    if divided is None or item is None or spell is None or spell.face_down:
        return None
    amount, most = divided
    # the spell's own targets are the first chosen as it is cast (a trigger's come after)
    choice = next((c for c, _answer in o.choices if c.kind == "target"), None)
    if choice is not None and choice.max > 1 and choice.min > 1:
        return (f"the spell may have one target up to {most} (CR 601.2c), and the engine "
                f"asked for {choice.min} to {choice.max}")
    targets = [_key(t) for t in item.targets]
    divisions = [answer for choice, answer in o.choices if choice.kind == DIVIDE_CHOICE]
    if not targets or len(set(targets)) != len(targets):
        return None
    if len(targets) == 1:
        if divisions:
            return "the engine asked to divide the damage among a single target (CR 601.2d)"
        memory.shares[item.id] = {targets[0]: amount}
        return None
    if not divisions:
        if amount > len(targets):
            return (f"{amount} damage among {len(targets)} targets was divided without "
                    f"asking the caster (CR 601.2d)")
        memory.shares[item.id] = dict.fromkeys(targets, 1)
        return None
    for choice, refused in o.refused:
        named = {option.value for option in choice.options}
        if choice.kind == DIVIDE_CHOICE and named == set(targets) \
                and set(refused) == named and len(refused) == amount:
            counts = Counter(refused)
            given = ", ".join(f"{counts[t]}" for t in targets)
            return (f"the engine refused a division of {amount} damage giving its "
                    f"{len(targets)} targets {given}: any division giving each target at "
                    f"least 1 is the caster's to choose (CR 601.2d)")
    shares = Counter(divisions[0])  # the spell's own, asked first
    if set(shares) != set(targets) or sum(shares.values()) != amount:
        given = ", ".join(f"{shares.get(t, 0)}" for t in targets)
        return (f"the engine took a division of {amount} damage giving its {len(targets)} "
                f"targets {given}: each target gets at least 1 (CR 601.2d)")
    memory.shares[item.id] = dict(shares)
    return None


def _resolution(step: StepView, o: Observation, memory: _Divisions) -> str | None:
    """What a divided spell that resolved dealt each player it targets (their life), and
    each creature it targets that no damage may have been dealt to before (whether it
    died)."""
    item, before = step.resolved, step.before_game
    if item is None or before is None or any(i.id == item.id for i in o.game.stack):
        return None
    shares = memory.shares.pop(item.id, None)
    if shares is None:
        return None
    if turn_of(o).prevention or step.new_items or o.game.game_over:
        return None  # damage prevented, or something triggered: life may change otherwise
    if any(i.kind == "ability" for i in o.game.stack):
        return None
    for player in o.game.players:
        share = shares.get(PLAYER_OPTION_PREFIX + player.name)
        if share is None:
            continue
        lost = before.player(player.name).life - player.life
        if lost != share:
            return (f"{player.name}, one of the spell's targets, was to be dealt {share} of "
                    f"its damage and lost {lost} life as it resolved (CR 601.2d, 608.2b)")
    if memory.everything_marked or turn_of(o).indestructible:
        return None
    for target, share in sorted(shares.items()):
        then, now = step.before_views.get(target), o.views.get(target)
        types = step.judge.types_of(then) if then is not None else None
        if then is None or then.zone is not Zone.BATTLEFIELD or types is None \
                or "Creature" not in types or then.toughness is None or target in memory.marked:
            continue
        gone = now is None or now.zone is not Zone.BATTLEFIELD
        name = " // ".join(then.names) or "a face-down creature"
        if gone and share < then.toughness:
            return (f"{name}, with toughness {then.toughness} and no damage dealt to it before, "
                    f"was to be dealt {share} of the spell's damage and died as it resolved "
                    f"(CR 601.2d, 608.2b)")
        faces = step.judge.faces_of(then)
        sturdy = faces is None or any("indestructible" in f.text.lower() for f in faces)
        if not gone and share >= then.toughness > 0 and not sturdy:
            return (f"{name}, with toughness {then.toughness}, was to be dealt {share} of the "
                    f"spell's damage and is still on the battlefield (CR 704.5g)")
    return None


def _remember_damage(step: StepView, o: Observation, memory: _Divisions) -> None:
    """What may have been dealt damage in ``o``'s step (see :class:`_Divisions`)."""
    action = o.action
    if isinstance(action, DeclareAttackers):
        memory.marked.update(action.attackers)
    elif isinstance(action, DeclareBlockers):
        memory.marked.update(b for pair in action.blocks for b in pair)
    for event in o.events:
        if event.kind == "damage_dealt" and event.data.get("to") is not None:
            memory.marked.add(str(event.data["to"]))
    item = step.resolved
    if item is None:
        return
    source = step.before_views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    if faces is None or any("damage" in f.text.lower() for f in faces):
        if item.targets:
            memory.marked.update(_key(t) for t in item.targets)
        else:
            memory.everything_marked = True


def divided_damage_invariant(o: Observation) -> Iterable[Violation]:
    """A spell that divides damage among "one, two, or three targets" may have one target;
    with two or more, its controller divides the amount, each target getting at least 1,
    and with one there is nothing to divide; as it resolves, each player it targets is
    dealt their share, no more and no less (an illegal target's share goes to no other),
    and a creature it targets dies exactly when its share is lethal."""
    found = _divisions(o).violation
    if found is not None:
        yield Violation(found)


def reached(o: Observation) -> bool:
    """A divided spell cast, or one that resolved with a player among its targets."""
    step = step_of(o)
    if not step.acted:
        return False
    if isinstance(o.action, Cast) and step.cast_spell is not None:
        spell = o.views.get(step.cast_spell)
        return spell is not None and divided_damage(step.judge.card_of(spell)) is not None
    return False


def _focus(card: Card) -> bool:
    return divided_damage(card) is not None


PROPERTIES = (
    Property("divided-damage", divided_damage_invariant.__doc__ or "",
             ("divided-damage-arc-lightning-divides-as-it-is-cast",
              "divided-damage-arc-lightning-each-target-gets-at-least-1"),
             frozenset(), divided_damage_invariant, _focus,
             ("601.2c", "601.2d", "608.2b"), "divided-damage", reached),
)
