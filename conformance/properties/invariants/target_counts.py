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

import re

from strategies.choice_boards import (
    ANY_NUMBER, Counted, counted, several_targets, spell_reading, target_range,
)

from ...contract.text import normalize_text
from ...contract.types import Activate, Cast, Choice, PlayerRef, Target
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


#: What may keep a permanent or a player from being targeted, or a cast from being taken
#: with legal targets: the judge says nothing of a target's legality where a permanent
#: speaks of it.
_UNTARGETABLE = re.compile(r"hexproof|shroud|protection|can't be the target|can't target|"
                           r"\bward\b", re.IGNORECASE)
#: What may follow the noun of a word "target" that puts no more requirement on it.
_PLAIN_AFTER = re.compile(r"^(?:$|[.,;]| (?:each|gets?|gains?|to|deals?|and|can't|becomes?)\b)")


def _plain(text: str, reading: Counted) -> bool:
    """Whether the text's word "target" asks only for what its noun says ("up to two
    target creatures each get", "one or two targets."): nothing after the noun (whose
    controller, tapped, with flying) and nothing before it but the number."""
    text = normalize_text(text).lower()
    found = re.search(r"\btargets?\b ?" + re.escape(reading.noun) + r"s?", text)
    return found is not None and _PLAIN_AFTER.match(text[found.end():]) is not None \
        and "other target" not in text


def _targetable(o: Observation, step: StepView) -> bool:
    """Whether no permanent speaks of what stops targeting (hexproof, shroud, protection,
    ward, "can't be the target"): then every player and every permanent of a kind is a
    legal target for a word "target" asking plainly for that kind."""
    key = "target-counts: targetable"
    if key not in step.shared:
        found = True
        for view in o.views.values():
            if view.zone is not Zone.BATTLEFIELD:
                continue
            faces = step.judge.faces_of(view)
            if faces is None:
                found = False
                break
            if any(_UNTARGETABLE.search(f.text) or any(
                    _UNTARGETABLE.search(k) for k in f.keywords) for f in faces):
                found = False
                break
        step.shared[key] = found
    return bool(step.shared[key])


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
        card = o.card(view)
        reading = spell_reading(card) or _ranged_spell(card)
        if reading is None or not o.engine.is_legal(Cast(player, view.id)):
            continue
        targets = _candidates(step, o, reading, view.id)
        size = max(reading.least, min(reading.most, 2), 1)
        if len(targets) < size or not o.engine.is_legal(Cast(player, view.id,
                                                             targets=tuple(targets[:size]))):
            continue  # the engine does not take these targets: nothing to compare with
        name = " // ".join(view.names)
        probes: list[tuple[tuple[Target, ...], str]] = []
        if size >= 2:
            twice = (targets[0], *targets[:size - 1])
            probes.append((twice, f"{_show(targets[0])} chosen twice for its one word "
                                  f"\"target\" (CR 115.3, 601.2c)"))
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
        assert card is not None
        if not violations and _plain(card.faces[0].text, reading) and _targetable(o, step):
            violations = _accepted(o, player, view.id, name, reading, targets, size)
        found = (True, violations)
        break
    step.shared[key] = found
    return found


def _ranged_spell(card: Card | None) -> Counted | None:
    """The number of targets an instant or sorcery with one face allows, when it is a range
    ("up to one target creature")."""
    if card is None or len(card.faces) != 1 or not {"Instant", "Sorcery"} & set(
            card.faces[0].types):
        return None
    reading = target_range(card.faces[0].text)
    return reading if reading is not None and reading.most > reading.least else None


def _accepted(o: Observation, player: str, spell: str, name: str, reading: Counted,
              targets: list[Target], probed: int) -> list[Violation]:
    """A cast naming any number of different legal targets its word "target" allows --
    the fewest included, none for "up to" -- is legal while the spell may be cast and the
    engine takes targets named in a cast (CR 601.2c, 115.1, 115.4)."""
    for number in range(reading.least, min(reading.most, len(targets)) + 1):
        if number == probed:
            continue
        step_of(o).shared["target-counts: accepted"] = True
        action = Cast(player, spell, targets=tuple(targets[:number]))
        if not o.engine.is_legal(action):
            return [Violation(f"{player} may not cast {name} with {number} different "
                              f"legal target(s), where its word \"target\" allows "
                              f"{reading.least} to {_most(reading)} (CR 601.2c, 115.1)",
                              legal=action)]
    return []


def _most(reading: Counted) -> str:
    return "any number" if reading.most >= ANY_NUMBER else str(reading.most)


def _show(target: Target) -> str:
    return target.name if isinstance(target, PlayerRef) else str(target)


def target_counts(o: Observation) -> Iterable[Violation]:
    """A spell whose one word "target" allows several targets is cast with as many as it
    allows -- not more, not fewer than it needs -- and never with one object or player
    chosen twice for it (CR 115.3, 601.2c): the spell a cast put on the stack has such
    targets, and, probed while it may be cast, a cast naming one target twice, one too many
    or one too few is refused once the engine takes a cast naming different targets -- and
    a cast naming any number of different legal targets the word allows, the fewest
    included (none for "up to"), is taken (CR 601.2c, 115.1, 115.4).  A choice of targets
    the engine asks for a spell cast, an ability activated or a triggered ability lets its
    player choose any number the word allows: none for "up to one target creature", one
    for "one or two targets", as many as it allows among the options offered."""
    step = step_of(o)
    if not step.acted:
        return
    yield from _on_the_stack(o, step)
    yield from _probes(o, step)[1][:1]
    yield from _choices(o, step)[:1]


def _asked(o: Observation, step: StepView) -> list[tuple[str, str, Choice]]:
    """Each choice of targets asked in the step whose item the judge knows, with the
    item's name and text: the first one asked for the instant or sorcery a ``Cast`` put on
    the stack (its targets not given in the cast), or for the ability an ``Activate``
    did; the only one asked in a step that put one triggered ability on the stack and
    nothing else.  Copies (which keep their original's number of targets, CR 707.10c) are
    never judged."""
    if o.engine.pending_choice() is not None:
        return []
    asked = [c for c, _answer in o.choices if c.kind == "target"]
    if not asked:
        return []
    action, items = o.action, step.new_items
    if isinstance(action, Cast):
        if action.targets is not None or action.face_down or step.cast_spell is None:
            return []
        spells = [i for i in items if i.kind == "spell"]
        spell = o.views.get(step.cast_spell)
        if len(spells) != 1 or step.cast_spell not in (spells[0].id, spells[0].source) \
                or spell is None or spell.face_down:
            return []
        faces = step.judge.faces_of(spell)
        if not faces or len(faces) != 1 or not {"Instant", "Sorcery"} & set(faces[0].types):
            return []
        return [(" // ".join(spell.names), faces[0].text, asked[0])]
    if isinstance(action, Activate):
        if action.targets is not None:
            return []
        mine = [i for i in items if i.kind != "spell" and i.source == action.object]
        if len(mine) != 1 or any(i.kind == "spell" for i in items):
            return []
        return [("an ability", mine[0].text, asked[0])]
    abilities = [i for i in items if i.kind != "spell"]
    if len(asked) != 1 or len(abilities) != 1 or len(items) != 1:
        return []
    resolved = step.resolved
    if resolved is not None and _CHOOSING.search(resolved.text or ""):
        return []  # what resolved may have asked a choice of its own
    return [("a triggered ability", abilities[0].text, asked[0])]


#: What a resolving spell or ability may ask a choice of its own for.
_CHOOSING = re.compile(r"choose|copy|may", re.IGNORECASE)


def _choices(o: Observation, step: StepView) -> list[Violation]:
    key = "target-counts: choices"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    found: list[Violation] = []
    judged = 0
    for name, text, choice in _asked(o, step):
        reading = target_range(text)
        if reading is None:
            continue
        judged += 1 if reading.least == 0 else 0
        allowed = f"{reading.least} to {_most(reading)}"
        if choice.min > reading.least:
            found.append(Violation(
                f"the engine asked for {choice.min} target(s) at least for {name} "
                f"(\"{normalize_text(text)}\"), whose word \"target\" allows {allowed}: "
                f"the player may choose {reading.least} (CR 601.2c, 115.1)"))
        elif choice.max < min(reading.most, len(choice.options)):
            found.append(Violation(
                f"the engine asked for {choice.max} target(s) at most among "
                f"{len(choice.options)} for {name} (\"{normalize_text(text)}\"), whose "
                f"word \"target\" allows {allowed} (CR 601.2c, 115.1)"))
    step.shared[key] = found
    step.shared["target-counts: none allowed"] = judged
    return found


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


def reached_accepted(o: Observation) -> bool:
    """A cast naming a number of targets the word allows, other than the one the engine
    was first shown to take, was probed."""
    step = step_of(o)
    return reached(o) and bool(step.shared.get("target-counts: accepted"))


def reached_none_allowed(o: Observation) -> bool:
    """A choice of targets was judged for a word "target" that allows none ("up to")."""
    step = step_of(o)
    if not step.acted:
        return False
    _choices(o, step)
    return bool(step.shared.get("target-counts: none allowed"))


PROPERTIES: tuple[Property, ...] = (
    Property("target-counts", target_counts.__doc__ or "",
             ("divided-damage-arc-lightning-divides-as-it-is-cast",),
             frozenset(), target_counts, focus,
             ("115.3", "601.2c", "115.1", "115.4", "115.5"), "stack", reached),
)
