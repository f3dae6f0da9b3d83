"""Cards returned to the battlefield transformed (CR 712.14, 712.14a), and permanents told
to transform (CR 701.27a, 701.27f).

An effect that puts a transforming double-faced card onto the battlefield transformed puts
it there back face up; told to put there transformed a card that isn't one (a copy of such a
card, say), it puts nothing there: the card stays where it was.  The judge reads the effect
("exile this ..., then return it to the battlefield transformed") and what the card is from
the card data, never from an engine's report of it; these games favour the cards whose
abilities say so.

To transform a permanent is to turn it over so that its other face is up -- the back face
of a permanent with its front face up, the front face of a transformed one (CR 701.27a).  An
ability of a permanent represented by a transforming double-faced card that tells it to
transform ("Transform this artifact.") turns it over as it resolves, unless it has
transformed since the ability was put on the stack (CR 701.27f); it stays the same object
(CR 712.18).  The judge says nothing of an ability that may not resolve or may not
transform it: one with a choice ("you may", "if you do") or a condition, one whose targets
it can't be sure are still legal, a permanent that left or is a copy or a token.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...contract.types import ObjectView, StackItemView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from .offered_targets import _untargetable_anywhere
from .resolution import Requirement, unmet

_RETURN = "return it to the battlefield transformed"


def _returns_transformed(text: str) -> bool:
    return _RETURN in text.lower()


def returned_transformed(o: Observation) -> Iterable[Violation]:
    """A card an ability exiles and returns "to the battlefield transformed" enters back face
    up when it is a transforming double-faced card, and doesn't enter at all when it isn't
    one."""
    step = step_of(o)
    resolved = step.resolved
    if not step.acted or resolved is None or resolved.kind != "ability" \
            or o.engine.pending_choice() is not None:
        return
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    if not faces or not any(_returns_transformed(f.text) for f in faces):
        return
    for object_id, zone in step.entered:
        view = o.views.get(object_id)
        if zone != Zone.EXILE.value or view is None or view.zone is not Zone.BATTLEFIELD:
            continue
        card = step.judge.card_of(view)
        if card is None or view.face_down:
            continue
        name = " // ".join(view.names) or "a card"
        if card.layout != "transform":
            yield Violation(f"{name}, not a double-faced card, was put onto the battlefield "
                            f"transformed: it should have stayed in exile", object_id, "zone",
                            Zone.EXILE.value)
            return
        if not view.transformed:
            yield Violation(f"{name} returned to the battlefield front face up, not "
                            f"transformed", object_id, "transformed", True)
            return


def reached_returned(o: Observation) -> bool:
    """A step in which an ability returning a card transformed resolved."""
    step = step_of(o)
    resolved = step.resolved
    if not step.acted or resolved is None or resolved.kind != "ability":
        return False
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    return bool(faces) and any(_returns_transformed(f.text) for f in faces or ())


#: An instruction to transform the ability's own permanent, once its names are read as
#: "this permanent".
_TRANSFORM_ITSELF = re.compile(r"\btransform (?:this \w+|it)\b")
#: What keeps the judge from saying the instruction is carried out.
_OPTIONAL = re.compile(r"\b(?:may|if|unless|choose|instead)\b")
#: The one word "target" of such an ability, as far as the judge reads it.
_TARGET_WORD = re.compile(
    r"\btarget (nonland )?(tapped |untapped )?(artifact|creature|enchantment|land|"
    r"planeswalker|permanent)( you control| an opponent controls| you don't control)?"
    r"(?:$|[.,;])")


@dataclass
class _Stacked:
    """Whether each ability's permanent was transformed as the ability was put on the stack,
    by the ability's id (CR 701.27f)."""

    current: Observation | None = None
    transformed: dict[str, bool] = field(default_factory=dict)


_STACKED: PerGame[_Stacked] = PerGame(_Stacked)


def _stacked(o: Observation, step: StepView) -> dict[str, bool]:
    memory = _STACKED.of(o)
    if memory.current is not o:
        memory.current = o
        for item in step.new_items:
            source = o.views.get(item.source)
            if item.kind == "ability" and source is not None \
                    and source.zone is Zone.BATTLEFIELD:
                memory.transformed[item.id] = source.transformed
    return memory.transformed


def _instruction(step: StepView, item: StackItemView, then: ObjectView,
                 card: Card) -> str | None:
    """The ability's text, normalized, when it tells its own permanent to transform and
    nothing in it may stop that; else ``None``."""
    text = normalize_text(item.text).lower()
    for name in sorted(card.face_names + (card.name,), key=len, reverse=True):
        text = text.replace(name.lower(), "this permanent")
    effect = text.split(":", 1)[1] if ":" in text else text
    if len(re.findall(r"\btransforms?\b", effect)) != 1 \
            or not _TRANSFORM_ITSELF.search(effect) or _OPTIONAL.search(effect):
        return None
    return effect.strip()


def _targets_legal(o: Observation, step: StepView, item: StackItemView, effect: str) -> bool:
    """Whether every target of the ability surely is still legal: a permanent that stayed
    on the battlefield and is what the ability's one word "target" asks for."""
    if not item.targets:
        return "target" not in effect
    found = _TARGET_WORD.search(effect)
    if found is None or len(re.findall(r"\btargets?\b", effect)) != 1 \
            or _untargetable_anywhere(o, step):
        return False
    nonland, state, kind, control = found.groups()
    requirement = Requirement(None if kind == "permanent" else kind.capitalize(),
                              None if state is None else state.strip() == "tapped",
                              None if control is None
                              else "you" if control.strip() == "you control" else "opponent")
    for target in item.targets:
        then = step.before_views.get(str(target))
        now = o.views.get(str(target))
        if then is None or now is None or then.zone is not Zone.BATTLEFIELD \
                or now.zone is not Zone.BATTLEFIELD:
            return False
        types = step.judge.types_of(then)
        if types is None or unmet(step, then, requirement, item.controller) \
                or (nonland and ("Land" in types or "Land" in then.types)):
            return False
        if requirement.kind is not None and requirement.kind not in types & set(then.types):
            return False
    return True


def transform_instructions(o: Observation) -> Iterable[Violation]:
    """An ability of a transforming double-faced permanent that tells it to transform turns
    it over as it resolves -- its back face up if its front face was, its front face up if
    it was transformed -- unless it has transformed since the ability was put on the stack;
    it stays the same object (CR 701.27a, 701.27f, 712.18)."""
    step = step_of(o)
    if not step.acted:
        return
    stacked = _stacked(o, step)
    item = step.resolved
    if item is None or item.kind != "ability" or o.engine.pending_choice() is not None \
            or o.game.game_over:
        return
    then = step.before_views.get(item.source)
    now = o.views.get(item.source)
    if then is None or now is None or then.zone is not Zone.BATTLEFIELD \
            or now.zone is not Zone.BATTLEFIELD or then.face_down or now.face_down \
            or then.token or item.id not in stacked or stacked[item.id] != then.transformed:
        return
    card = step.judge.card_of(then)
    if card is None or card.layout != "transform" \
            or tuple(then.identity) not in (card.face_names, card.face_names[:1]):
        return
    effect = _instruction(step, item, then, card)
    if effect is None or not _targets_legal(o, step, item, effect):
        return
    step.shared["transform-instructions: judged"] = then.transformed
    if now.transformed == then.transformed:
        name = " // ".join(now.names) or card.name
        face = "front" if then.transformed else "back"
        yield Violation(f"{name}'s ability \"{normalize_text(item.text)}\" resolved and it "
                        f"is still {'transformed' if then.transformed else 'front face up'}: "
                        f"told to transform, a permanent turns over to its other face, here "
                        f"its {face} face (CR 701.27a, 701.27f)", now.id, "transformed",
                        not then.transformed)


def reached_transform_instruction(o: Observation) -> bool:
    """An ability telling its permanent to transform resolved, and was judged."""
    step = step_of(o)
    list(transform_instructions(o))
    return step.acted and "transform-instructions: judged" in step.shared


def reached_transform_back(o: Observation) -> bool:
    """... telling a transformed permanent to transform: back to its front face."""
    step = step_of(o)
    list(transform_instructions(o))
    return step.acted and step.shared.get("transform-instructions: judged") is True


def _focus(card: Card) -> bool:
    """The cards whose abilities return them transformed."""
    return any(_returns_transformed(f.text) for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("returned-transformed", returned_transformed.__doc__ or "",
             ("dfc-enters-front-face-up-unless-transformed",
              "dfc-non-double-faced-card-put-transformed-stays"),
             frozenset({"transform"}), returned_transformed, _focus,
             ("712.14", "712.14a", "707.8"), "transform", reached_returned,
             weights=(("Activate", 16), ("Move", 1))),
)
