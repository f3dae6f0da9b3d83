"""How many targets a spell has for its word "target", and that each is a different object
or player (CR 115.3, 601.2c).

A spell whose text has one word "target" allowing several ("one or two targets", "one,
two, or three targets", "up to two target creatures", "two target creatures") is cast with
a number of targets within what that word allows, and with each object or player chosen at
most once for it: "Tap two target creatures" needs two different creatures (CR 115.3). Only
where a spell uses the word "target" in several places may one object be chosen once for
each (601.2c: "Destroy target artifact and target land" may target one artifact land twice)
-- so the judge reads only texts with one word "target" and says nothing of the others.

Judged two ways.  The spell a ``Cast`` puts on the stack has as many targets as its word
allows.  And, with no choice pending, each such spell in the hand of the player with
priority that may be cast now is *probed* (``is_legal`` of a ``Cast`` naming its targets,
which changes nothing): once the engine accepts a cast with a number of different targets
the word allows (which shows it takes the targets given), a cast naming one of them twice,
one with one target more than the word allows and one with one fewer than it needs must
each be refused.  The spell's own card is never among the targets (CR 115.5), and the
targets probed are the players and then the creatures, planeswalkers and battles on the
battlefield ("targets" alone is any target, CR 115.4), the creatures for "target
creatures", the players for "target players", the permanents for "target permanents".
"""

from __future__ import annotations

from collections.abc import Iterable

from strategies.choice_boards import Counted, counted, several_targets, spell_reading

from ...contract.types import Cast, PlayerRef, Target
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation

def focus(card: Card) -> bool:
    """Cards with a face whose one word "target" allows several targets."""
    return several_targets(card)


def _candidates(step: StepView, o: Observation, reading: Counted,
                spell: str) -> list[Target]:
    """What the probes name as targets: players first, then permanents of the kind the
    noun names, in a stable order (by their names, then ids)."""
    players: list[Target] = [PlayerRef(p.name) for p in o.game.players]
    if reading.noun == "player":
        return players
    kinds = {"": {"Creature", "Planeswalker", "Battle"}, "creature": {"Creature"},
             "permanent": None, "planeswalker": {"Planeswalker"}}
    if reading.noun not in kinds:
        return []
    wanted = kinds[reading.noun]
    permanents = []
    for view in sorted(o.views.values(), key=lambda v: (v.names, v.id)):
        if view.zone is not Zone.BATTLEFIELD or view.id == spell:
            continue
        types = step.judge.types_of(view)
        if types is None or wanted is not None and not wanted & types:
            continue
        permanents.append(view.id)
    return (players if reading.noun == "" else []) + permanents


def _probes(o: Observation, step: StepView) -> tuple[bool, list[Violation]]:
    """Whether a spell was probed, and what the probes found (worked out once a step)."""
    key = "target-counts"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    found: tuple[bool, list[Violation]] = (False, [])
    step.shared[key] = found
    game = o.game
    player = game.priority_player
    if player is None or game.game_over or o.engine.pending_choice() is not None:
        return found
    for view in sorted(o.views.values(), key=lambda v: (v.names, v.id)):
        if view.zone is not Zone.HAND or view.owner != player or view.face_down:
            continue
        reading = spell_reading(o.card(view))
        if reading is None or not o.engine.is_legal(Cast(player, view.id)):
            continue
        targets = _candidates(step, o, reading, view.id)
        size = max(reading.least, 2)
        if len(targets) < size or not o.engine.is_legal(Cast(player, view.id,
                                                             targets=tuple(targets[:size]))):
            continue  # the engine does not take these targets: nothing to compare with
        name = " // ".join(view.names)
        twice = (targets[0], *targets[:size - 1])
        probes = [(twice, f"{_show(targets[0])} chosen twice for its one word \"target\" "
                          f"(CR 115.3, 601.2c)")]
        if len(targets) > reading.most:
            probes.append((tuple(targets[:reading.most + 1]),
                           f"{reading.most + 1} targets, where its word \"target\" allows "
                           f"at most {reading.most} (CR 601.2c)"))
        if reading.least >= 1:
            probes.append((tuple(targets[:reading.least - 1]),
                           f"{reading.least - 1} target(s), where its word \"target\" needs "
                           f"at least {reading.least} (CR 601.2c)"))
        violations = []
        for chosen, why in probes:
            action = Cast(player, view.id, targets=chosen)
            if o.engine.is_legal(action):
                violations.append(Violation(f"{player} may cast {name} with {why}",
                                            illegal=action))
                break
        found = (True, violations)
        break
    step.shared[key] = found
    return found


def _show(target: Target) -> str:
    return target.name if isinstance(target, PlayerRef) else str(target)


def target_counts(o: Observation) -> Iterable[Violation]:
    """A spell whose one word "target" allows several targets is cast with as many as it
    allows -- not more, not fewer than it needs -- and never with one object or player
    chosen twice for it (CR 115.3, 601.2c): the spell a cast put on the stack has such
    targets, and, probed while it may be cast, a cast naming one target twice, one too many
    or one too few is refused once the engine takes a cast naming different targets."""
    step = step_of(o)
    if not step.acted:
        return
    yield from _on_the_stack(o, step)
    yield from _probes(o, step)[1][:1]


def _on_the_stack(o: Observation, step: StepView) -> Iterable[Violation]:
    if not isinstance(o.action, Cast) or step.cast_spell is None \
            or o.engine.pending_choice() is not None:
        return
    items = [i for i in step.new_items if i.kind == "spell"
             and step.cast_spell in (i.id, i.source)]
    spell = o.views.get(step.cast_spell)
    if len(items) != 1 or spell is None or spell.face_down:
        return
    faces = step.judge.faces_of(spell)
    reading = counted(faces[0]) if faces and len(faces) == 1 else None
    if reading is None:
        return
    targets = items[0].targets
    name = " // ".join(spell.names)
    if not reading.least <= len(targets) <= reading.most:
        yield Violation(f"{name} was put on the stack with {len(targets)} target(s), where "
                        f"its word \"target\" allows {reading.least} to {reading.most} "
                        f"(CR 601.2c)")
    elif len(set(map(str, targets))) < len(targets):
        yield Violation(f"{name} was put on the stack with one target chosen twice for its "
                        f"one word \"target\" (CR 115.3, 601.2c)")


def reached(o: Observation) -> bool:
    """A spell whose one word "target" allows several was probed while it could be cast."""
    step = step_of(o)
    return step.acted and _probes(o, step)[0]


def reached_cast(o: Observation) -> bool:
    """Such a spell was cast."""
    step = step_of(o)
    if not step.acted or not isinstance(o.action, Cast) or step.cast_spell is None:
        return False
    spell = o.views.get(step.cast_spell)
    faces = step.judge.faces_of(spell) if spell is not None else None
    return bool(faces) and len(faces) == 1 and counted(faces[0]) is not None  # type: ignore[index,arg-type]


PROPERTIES: tuple[Property, ...] = (
    Property("target-counts", target_counts.__doc__ or "",
             ("divided-damage-arc-lightning-divides-as-it-is-cast",),
             frozenset(), target_counts, focus,
             ("115.3", "601.2c", "115.4", "115.5"), "stack", reached),
)
