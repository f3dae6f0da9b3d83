"""Resolving a spell or ability whose targets have become illegal (CR 608.2b).

As a spell or ability resolves, its controller checks whether its targets are still legal.
If every target is illegal, it doesn't resolve: it is removed from the stack (a spell card
is put into its owner's graveyard, CR 608.2b) and none of its effects happen.  If some are
legal, it resolves, but it does nothing to the illegal ones -- and it never acts on what an
illegal target has become.

The judge is sure of two kinds of illegal target.  An object that changed zones after it
was chosen: it is a new object with no memory of its old one (CR 400.7), and a spell or
ability never follows it.  The judge remembers the zone of every object target as the spell
or ability goes on the stack; an object that is no longer there in that zone as the top of
the stack resolves is an illegal target.  And a permanent still on the battlefield that no
longer meets what the word "target" asks for, when the judge can read that from the text
(the card data of a spell, the text the engine reports of an ability; an Aura spell's
enchant ability, CR 303.4a, 115.1b): a text with one "target" only, asking for a card type
("target creature") -- which the permanent has lost by its card data and by the engine's
own view --, a tapped or untapped one, or one you control or an opponent controls (the
controller of the spell or ability being "you").  A requirement worded otherwise ("target
creature with power 3 or less", "target creature or planeswalker", two targets) is not
read.  Other reasons (protection, hexproof, "can't be the target") are left to the engine:
a target the judge can't call illegal counts as legal, so it says nothing where they might
decide.

What "none of its effects" means is read from what the engine reports of the step: no
damage dealt, no token created, no player's life, hand or library changed, no permanent
tapped, untapped, given counters or changed in power and toughness, no object moved but the
spell itself (to a graveyard).  What it does not do to an illegal target: deal it damage,
move the object the target became, give it counters or tap it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...contract.types import ObjectView, PlayerRef, StackItemView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..judge import read_face
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation


@dataclass
class _Targets:
    """The zone of each object target of each item on the stack, as it was put there."""

    current: Observation | None = None
    zones: dict[str, dict[str, Zone]] = field(default_factory=dict)
    #: the resolution of ``o``'s step: (the item's targets the judge knows to be illegal,
    #: whether every target is) -- ``None`` when nothing resolved, or it can't tell
    judged: tuple[frozenset[str], bool] | None = None
    #: the object targets of the item that resolved in ``o``'s step, followed since chosen
    followed: frozenset[str] = frozenset()
    #: ... and the zone each was in when chosen
    resolved_zones: dict[str, Zone] = field(default_factory=dict)


_MEMORIES: PerGame[_Targets] = PerGame(_Targets)


def _memory(o: Observation) -> _Targets:
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        step = step_of(o)
        if step.before is None:
            memory.zones.clear()
        memory.followed = frozenset()
        memory.resolved_zones = {}
        memory.judged = _judge(step, o, memory) if step.acted else None
        for item in step.new_items:
            memory.zones[item.id] = {
                str(t): o.views[str(t)].zone for t in item.targets
                if not isinstance(t, PlayerRef) and str(t) in o.views}
        memory.current = o
    return memory


def _judge(step: StepView, o: Observation, memory: _Targets
           ) -> tuple[frozenset[str], bool] | None:
    item = step.resolved
    if item is None or any(i.id == item.id for i in o.game.stack):
        return None
    zones = memory.zones.pop(item.id, None)
    memory.resolved_zones = dict(zones or {})
    if zones is None or not item.targets or o.engine.pending_choice() is not None:
        return None
    before = step.before_views
    memory.followed = frozenset(zones)
    illegal = frozenset(t for t, zone in zones.items()
                        if t not in before or before[t].zone is not zone)
    requirement = target_requirement(step, item, before) if len(zones) == 1 else None
    if requirement is not None:
        illegal |= {t for t in zones if t not in illegal and before[t].zone is Zone.BATTLEFIELD
                    and unmet(step, before[t], requirement, item.controller)}
    every = len(illegal) == len(item.targets)
    return illegal, every


#: What one word "target" asks for: a tapped or untapped permanent of a card type, one you
#: control or an opponent controls; then the word after it, which must end the requirement.
_TARGET = re.compile(r"\btarget (tapped |untapped )?(artifact|creature|enchantment|land|"
                     r"planeswalker|permanent)( you control| an opponent controls| you don't "
                     r"control)?(?:$|[.,;]| (to|gets?|gains?|loses?|deals?|can't|becomes?)\b)")
_ENCHANT = re.compile(r"^enchant (artifact|creature|enchantment|land|permanent)"
                      r"( you control| an opponent controls| you don't control)?$")


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a target must be, as far as the judge reads it: a card type (``None``: any
    permanent), tapped (``True``), untapped (``False``) or either, and who controls it:
    ``you``, ``opponent`` or anyone."""

    kind: str | None
    tapped: bool | None
    control: str | None


def target_requirement(step: StepView, item: StackItemView,
                       views: dict[str, ObjectView]) -> Requirement | None:
    """What ``item``'s one target must be, when its text says it plainly (``views``: where
    a spell's own view is found)."""
    if item.kind == "spell":
        spell = views.get(item.source)
        faces = step.judge.faces_of(spell) if spell is not None else None
        if not faces or len(faces) != 1:
            return None
        face = faces[0]
        if "Aura" in face.subtypes:
            lines = [normalize_text(t).lower().rstrip(".") for t in face.ability_texts]
            found = [m for line in lines if (m := _ENCHANT.match(line)) is not None]
            if len(found) != 1:
                return None
            return _made(None, found[0].group(1), found[0].group(2))
        text = face.text
    else:
        text = item.text
    text = normalize_text(text).lower()
    if len(re.findall(r"\btargets?\b", text)) != 1:
        return None
    match = _TARGET.search(text)
    return None if match is None else _made(match.group(1), match.group(2), match.group(3))


def _made(state: str | None, kind: str, control: str | None) -> Requirement:
    return Requirement(
        None if kind == "permanent" else kind.capitalize(),
        None if state is None else state.strip() == "tapped",
        None if control is None else "you" if control.strip() == "you control" else "opponent")


def unmet(step: StepView, view: ObjectView, requirement: Requirement, you: str) -> bool:
    """Whether ``view`` (a permanent) no longer meets ``requirement`` -- surely."""
    if requirement.tapped is not None and view.tapped != requirement.tapped:
        return True
    if requirement.control is not None \
            and (view.controller == you) != (requirement.control == "you"):
        return True
    if requirement.kind is not None:
        types = step.judge.types_of(view)
        return types is not None and requirement.kind not in types \
            and requirement.kind not in view.types
    return False


def resolved_zones(o: Observation) -> dict[str, Zone]:
    """The zone each object target of the item that resolved in ``o``'s step was in when
    it was chosen (none when the judge did not follow them)."""
    return _memory(o).resolved_zones


def _incarnations(o: Observation, target: str) -> set[str]:
    """What an illegal target has become since (the same card's later objects)."""
    return set(o.history.get(target, {target})) - {target}


def illegal_targets(o: Observation) -> Iterable[Violation]:
    """A spell or ability all of whose targets are illegal as it resolves does not resolve:
    nothing happens but its leaving the stack (a spell card to its owner's graveyard -- an
    Aura spell too, which never enters the battlefield); one with some illegal targets does
    nothing to them, nor to what they have become -- an object target that changed zones
    after it was chosen is illegal, and so is a permanent that no longer meets what its
    word "target" asks for: a card type, tapped or untapped, who controls it
    (CR 608.2b, 400.7, 115.1b, 303.4a)."""
    judged = _memory(o).judged
    if judged is None:
        return
    illegal, every = judged
    step = step_of(o)
    item = step.resolved
    assert item is not None
    what = "spell" if item.kind == "spell" else "ability"
    if illegal:
        yield from _spared(o, step, illegal, what)
    if every:
        yield from _nothing_happened(o, step, what)


def _spared(o: Observation, step: StepView, illegal: frozenset[str],
            what: str) -> Iterable[Violation]:
    """Nothing the item did touched an illegal target or what it became."""
    for target in sorted(illegal):
        later = _incarnations(o, target)
        name = " // ".join(step.before_views[target].names) if target in step.before_views \
            else "a target"
        for event in o.events:
            if event.kind == "damage_dealt" and str(event.data.get("to")) in later | {target}:
                yield Violation(f"the resolving {what} dealt damage to {name or 'a target'}, "
                                f"an illegal target (CR 608.2b)")
                return
            if event.kind == "zone_changed" and str(event.data.get("object")) in later:
                new = str(event.data.get("new_object"))
                yield Violation(f"the resolving {what} moved the card its illegal target "
                                f"became (from the {event.data.get('from')} to the "
                                f"{event.data.get('to')}): a new object it never targeted "
                                f"(CR 608.2b, 400.7)", *((new, "zone", event.data.get("from"))
                                                         if new in o.views else ()))
                return
        for new in sorted(later):
            then, now = step.before_views.get(new), o.views.get(new)
            if then is None or now is None or then.zone is not now.zone:
                continue
            if then.tapped != now.tapped or dict(then.counters) != dict(now.counters):
                yield Violation(f"the resolving {what} changed the object its illegal target "
                                f"became (tapped or counters) (CR 608.2b, 400.7)",
                                new, "counters", dict(then.counters))
                return


_QUIET_EVENTS = ("damage_dealt", "token_created", "life_changed", "card_discarded",
                 "door_unlocked", "door_locked", "turned_face_up", "spell_copied")


def _nothing_happened(o: Observation, step: StepView, what: str) -> Iterable[Violation]:
    """An item whose targets are all illegal left the stack and did nothing else."""
    item = step.resolved
    before = step.before_game
    assert item is not None and before is not None
    itself = {item.id, item.source} if item.kind == "spell" else {item.id}
    article = "a" if item.kind == "spell" else "an"
    for event in o.events:
        if event.kind in _QUIET_EVENTS:
            yield Violation(f"{article} {what} all of whose targets were illegal resolved anyway: "
                            f"{event.kind.replace('_', ' ')} (CR 608.2b)")
            return
        if event.kind != "zone_changed":
            continue
        moved = str(event.data.get("object"))
        if moved in itself:
            if event.data.get("to") not in (Zone.GRAVEYARD.value, None):
                new = str(event.data.get("new_object"))
                yield Violation(f"a spell all of whose targets were illegal went to the "
                                f"{event.data.get('to')}, not its owner's graveyard "
                                f"(CR 608.2b)", *((new, "zone", Zone.GRAVEYARD.value)
                                                  if new in o.views else ()))
                return
            continue
        yield Violation(f"{article} {what} all of whose targets were illegal resolved anyway: an "
                        f"object went from the {event.data.get('from')} to the "
                        f"{event.data.get('to')} (CR 608.2b)")
        return
    for player in o.game.players:
        earlier = before.player(player.name)
        if (player.life, player.hand_size, player.library_size) != (
                earlier.life, earlier.hand_size, earlier.library_size):
            yield Violation(f"{article} {what} all of whose targets were illegal resolved anyway: "
                            f"{player.name}'s life, hand or library changed (CR 608.2b)")
            return
    for object_id, now in o.views.items():
        then = step.before_views.get(object_id)
        if then is None or then.zone is not Zone.BATTLEFIELD or now.zone is not Zone.BATTLEFIELD:
            continue
        readings = step.judge.readings_of(now)
        measured = readings is not None and not any(r.unknown_pt or r.power_per_card
                                                     for r in readings)
        if (then.tapped, dict(then.counters), then.controller) != (
                now.tapped, dict(now.counters), now.controller) or measured and (
                then.power, then.toughness) != (now.power, now.toughness):
            name = " // ".join(now.names) or "a face-down permanent"
            yield Violation(f"{article} {what} all of whose targets were illegal resolved anyway: "
                            f"{name} changed (tapped, counters, power and toughness or "
                            f"controller) (CR 608.2b)", object_id, "tapped", then.tapped)
            return


def reached(o: Observation) -> bool:
    """A spell or ability resolved with an object target the judge followed from the
    moment it was chosen (whether it was still legal)."""
    judged = _memory(o).judged
    return judged is not None and bool(_memory(o).followed)


def reached_some(o: Observation) -> bool:
    """A spell or ability resolved with a target the judge knows to be illegal."""
    judged = _memory(o).judged
    return judged is not None and bool(judged[0])


def reached_every(o: Observation) -> bool:
    """A spell or ability resolved all of whose targets the judge knows to be illegal."""
    judged = _memory(o).judged
    return judged is not None and judged[1]


def reached_aura_every(o: Observation) -> bool:
    """An Aura spell resolved whose target the judge knows to be illegal."""
    judged = _memory(o).judged
    if judged is None or not judged[1]:
        return False
    item = step_of(o).resolved
    spell = step_of(o).before_views.get(item.source) if item is not None else None
    faces = step_of(o).judge.faces_of(spell) if spell is not None else None
    return item is not None and item.kind == "spell" and bool(faces) and any(
        "Aura" in f.subtypes for f in faces or ())


def _answers(card: Card) -> bool:
    """What copies spells, instants that bounce or burn a target, and Auras: a copy
    resolves before its original, so that a bounce or a burn copied with the same target
    leaves the original with an illegal one -- as does a spell answered by another, an Aura
    spell among them (the boards then give both players an answer,
    ``strategies.stack_boards.answered``)."""
    face = card.faces[0]
    text = face.text.lower()
    return any(read_face(f).copies_spells for f in card.faces) or "Instant" in face.types \
        and ("return target" in text or "damage to any target" in text
             or "damage to target" in text) or any("Aura" in f.subtypes for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("illegal-targets", illegal_targets.__doc__ or "",
             ("divided-damage-arc-lightning-divides-as-it-is-cast",
              "room-unlock-without-targets-for-trigger"),
             frozenset(), illegal_targets, _answers,
             ("608.2b", "400.7", "115.1", "303.4a"), "resolution", reached,
             weights=(("Cast", 24), ("Activate", 6), ("PassPriority", 2), ("Resolve", 3))),
)
