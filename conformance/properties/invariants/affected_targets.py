"""A spell or ability whose targets are legal as it resolves does what it says to them
(CR 608.2b, 608.2c, 113.7a): it is countered only if every target is illegal, and an
activated ability resolves whether or not its source is still there.

The judge reads three plain instructions, from a spell's card data or the text the engine
reports of an ability, with one word "target", no choice ("may"), no condition ("if",
"unless") and no division: "deals N damage to any target" (or "to target creature",
"target player"...), "return target ... to its owner's hand" and "tap target ...".  It
calls a target legal only when it is sure: an object still in the zone it was in when
chosen that still meets what its word "target" asks for (``resolution.target_requirement``;
for "any target", a creature or planeswalker by its card data and by the engine's view),
or a player; and nothing on the battlefield speaks of hexproof, shroud, protection, ward,
"can't be the target", preventing damage or doing something "instead".  Then what the
instruction does shows in the views, whatever events the engine reports:

- damage to a player lowers their life (unless the source has lifelink and is theirs);
  damage to a creature at least its toughness destroys it (unless it is indestructible),
  so it is no longer on the battlefield once state-based actions are done (CR 704.5g);
- the returned permanent is no longer on the battlefield;
- the tapped permanent is tapped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ...contract.text import normalize_text
from ...contract.types import ObjectView, PlayerRef, StackItemView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .resolution import resolved_zones, target_requirement, unmet

_DAMAGE = re.compile(r"\bdeals (\d+) damage to (any target|target (?:creature|player|opponent|"
                     r"creature or planeswalker|player or planeswalker)(?: you control| an "
                     r"opponent controls| you don't control)?)(?:$|[.,])")
_RETURN = re.compile(r"\breturn target [a-z ]+ to its owner's hand(?:$|[.,])")
_TAP = re.compile(r"\btap target [a-z ]+?(?:$|[.,])")
#: What may stop an instruction from doing what it says to a legal target.
_SPOILERS = re.compile(r"hexproof|shroud|protection|\bward\b|can't be the target|prevent|"
                       r"instead|indestructible|regenerate|phases? out", re.IGNORECASE)
_UNREAD = re.compile(r"\bmay\b|\bif\b|\bunless\b|divided|\beach\b|\bthen\b")


@dataclass(frozen=True, slots=True)
class _Instruction:
    kind: str  # "damage", "return" or "tap"
    amount: int = 0
    any_target: bool = False


def _text_of(step: StepView, item: StackItemView) -> str | None:
    if item.kind == "spell":
        spell = step.before_views.get(item.source)
        faces = step.judge.faces_of(spell) if spell is not None else None
        if not faces or len(faces) != 1:
            return None
        return faces[0].text
    return item.text or None


def _instruction(step: StepView, item: StackItemView) -> _Instruction | None:
    text = _text_of(step, item)
    if text is None:
        return None
    text = normalize_text(text).lower()
    if len(re.findall(r"\btargets?\b", text)) != 1 or _UNREAD.search(text):
        return None
    if (damage := _DAMAGE.search(text)) is not None:
        return _Instruction("damage", int(damage.group(1)), damage.group(2) == "any target")
    if _RETURN.search(text):
        return _Instruction("return")
    if _TAP.search(text):
        return _Instruction("tap")
    return None


def _spoiled(step: StepView, views: Iterable[ObjectView]) -> bool:
    """Something on the battlefield may keep an instruction from a legal target."""
    key = "affected targets: spoilers"
    kept = step.shared.get(key)
    if kept is None:
        kept = step.shared[key] = any(
            _SPOILERS.search(f.text) or any(_SPOILERS.search(k) for k in f.keywords)
            for v in views if v.zone is Zone.BATTLEFIELD
            for f in step.judge.faces_of(v) or ())
    return bool(kept)


def _legal(step: StepView, item: StackItemView, target: str, zone: Zone,
           instruction: _Instruction) -> ObjectView | None:
    """The target as it was when the item resolved, when the judge is sure it was legal."""
    view = step.before_views.get(target)
    if view is None or view.zone is not zone or zone is not Zone.BATTLEFIELD or view.face_down:
        return None
    types = step.judge.types_of(view)
    if types is None:
        return None
    if instruction.any_target:
        wanted = {"Creature", "Planeswalker"}
        return view if wanted & types and wanted & set(view.types) else None
    requirement = target_requirement(step, item, step.before_views)
    if requirement is None or unmet(step, view, requirement, item.controller):
        return None
    if requirement.kind is not None and (requirement.kind not in types
                                         or requirement.kind not in view.types):
        return None
    return view


def affected_targets(o: Observation) -> Iterable[Violation]:
    """A spell or ability that deals damage to, returns or taps its one target, and whose
    target is legal as it resolves, does so: it is countered only when every target is
    illegal, and an ability resolves without its source (CR 608.2b, 608.2c, 113.7a)."""
    step = step_of(o)
    found = _judged(o, step)
    if found is None:
        return
    item, instruction, target, then = found
    what = "a spell" if item.kind == "spell" else "an ability"
    if isinstance(target, PlayerRef):
        before = step.before_game
        assert before is not None
        name = target.name
        if o.game.player(name).life >= before.player(name).life:
            yield Violation(f"{what} dealing {instruction.amount} damage to {name}, a legal "
                            f"target, resolved and {name}'s life did not go down (CR 608.2b)")
        return
    assert then is not None
    now = o.views.get(str(target))
    name = " // ".join(then.names)
    on_battlefield = now is not None and now.zone is Zone.BATTLEFIELD
    if instruction.kind == "return" and on_battlefield:
        yield Violation(f"{what} returning {name}, a legal target, to its owner's hand "
                        f"resolved and {name} is still on the battlefield (CR 608.2b)",
                        str(target), "zone", Zone.HAND.value)
    elif instruction.kind == "tap" and now is not None and on_battlefield and not now.tapped:
        yield Violation(f"{what} tapping {name}, a legal target, resolved and {name} is "
                        f"untapped (CR 608.2b)", str(target), "tapped", True)
    elif instruction.kind == "damage" and on_battlefield and then.toughness is not None \
            and 0 < then.toughness <= instruction.amount:
        yield Violation(f"{what} dealing {instruction.amount} damage to {name} "
                        f"({then.power}/{then.toughness}), a legal target, resolved and "
                        f"{name} is still on the battlefield (CR 608.2b, 704.5g)",
                        str(target), "zone", Zone.GRAVEYARD.value)


def _judged(o: Observation, step: StepView
            ) -> tuple[StackItemView, _Instruction, object, ObjectView | None] | None:
    """The resolved item, its instruction, its one target and the target's view before
    (``None`` for a player), when the judge is sure the target was legal."""
    zones = resolved_zones(o)  # followed at every step, from the moment targets are chosen
    item = step.resolved
    if item is None or len(item.targets) != 1 or o.engine.pending_choice() is not None \
            or any(i.id == item.id for i in o.game.stack):
        return None
    instruction = _instruction(step, item)
    if instruction is None or _spoiled(step, step.before_views.values()):
        return None
    target = item.targets[0]
    if isinstance(target, PlayerRef):
        before = step.before_game
        if instruction.kind != "damage" or before is None:
            return None
        if _lifelinked(step, item, target.name):
            return None
        return item, instruction, target, None
    if str(target) not in zones:
        return None
    then = _legal(step, item, str(target), zones[str(target)], instruction)
    if then is None:
        return None
    if instruction.kind == "damage" and _deathtouch_or_lifelink(step, item):
        return None  # a deathtouch source kills with any damage: the judge's rule is simpler
    return item, instruction, target, then


def _source_keywords(step: StepView, item: StackItemView) -> set[str]:
    source = step.before_views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    return {k for f in faces or () for k in f.keywords}


def _lifelinked(step: StepView, item: StackItemView, player: str) -> bool:
    """Whether the damage an ability deals may come back as life (CR 702.15b): its source
    has lifelink -- or has left the battlefield before the step, its last known lifelink
    unseen, and the damage is dealt to the ability's controller, who would gain it."""
    if item.kind == "spell":
        return False
    if item.source not in step.before_views:
        return player == item.controller
    return "Lifelink" in _source_keywords(step, item)


def _deathtouch_or_lifelink(step: StepView, item: StackItemView) -> bool:
    return item.kind != "spell" and bool({"Deathtouch", "Lifelink"}
                                         & _source_keywords(step, item))


def reached(o: Observation) -> bool:
    """A spell or ability resolved doing one of the instructions the judge reads to a
    target it knows to be legal."""
    return _judged(o, step_of(o)) is not None


def _kind_reached(o: Observation, kind: str, player: bool) -> bool:
    found = _judged(o, step_of(o))
    return found is not None and found[1].kind == kind and (found[3] is None) is player


def reached_damage_to_player(o: Observation) -> bool:
    """... damage dealt to a player."""
    return _kind_reached(o, "damage", True)


def reached_lethal_damage(o: Observation) -> bool:
    """... damage at least its toughness dealt to a creature."""
    found = _judged(o, step_of(o))
    return found is not None and found[1].kind == "damage" and found[3] is not None \
        and found[3].toughness is not None and 0 < found[3].toughness <= found[1].amount


def reached_return_or_tap(o: Observation) -> bool:
    """... a permanent returned to its owner's hand or tapped."""
    return _kind_reached(o, "return", False) or _kind_reached(o, "tap", False)


def reached_without_source(o: Observation) -> bool:
    """An ability resolved whose source had left the battlefield."""
    step = step_of(o)
    item = step.resolved
    if item is None or item.kind == "spell" or not step.acted:
        return False
    source = o.views.get(item.source)
    return source is None or source.zone is not Zone.BATTLEFIELD


def focus(card: Card) -> bool:
    """Cards that deal damage to, return or tap a target."""
    text = " ".join(f.text for f in card.faces).lower()
    return bool(re.search(r"damage to (any )?target|return target|tap target", text))


PROPERTIES: tuple[Property, ...] = (
    Property("legal-targets-affected", affected_targets.__doc__ or "",
             ("divided-damage-arc-lightning-divides-as-it-is-cast",),
             frozenset(), affected_targets, focus,
             ("608.2b", "608.2c", "113.7a", "704.5g"), "stack", reached,
             weights=(("Cast", 24), ("Activate", 8), ("PassPriority", 2), ("Resolve", 3))),
)
