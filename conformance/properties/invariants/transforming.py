"""Cards returned to the battlefield transformed (CR 712.14, 712.14a).

An effect that puts a transforming double-faced card onto the battlefield transformed puts
it there back face up; told to put there transformed a card that isn't one (a copy of such a
card, say), it puts nothing there: the card stays where it was.  The judge reads the effect
("exile this ..., then return it to the battlefield transformed") and what the card is from
the card data, never from an engine's report of it; these games favour the cards whose
abilities say so.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import step_of
from ..observation import Observation, Property, Violation

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
