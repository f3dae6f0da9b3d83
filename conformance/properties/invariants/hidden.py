"""Invariants of what objects show and to whom: face-down objects stay hidden from other
players and are revealed as they leave (CR 708.5, 708.9, 400.7), a turned-up permanent is
the same object (CR 708.8), and what card data says of a card's colors and color identity
(CR 202.2, 204, 712.8e, 903.4), and the exceptions a copy effect states (CR 707.9b).

Cards are recognised by their identity (the names of the card, from the card file), never
by an engine's wording.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import TurnFaceUp
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import step_of
from ..observation import Observation, Violation

#: Zones a face-down object can't be in: it is revealed as it leaves the battlefield or the
#: stack (exile can hold face-down cards by other effects).
_REVEALED_IN = (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD)


def face_down_hidden(o: Observation) -> Iterable[Violation]:
    """A face-down spell or permanent shows its identity to its controller only: another
    player sees a nameless 2/2 and not what card it is; a face-down permanent that leaves
    the battlefield, or a spell that leaves the stack, for a hand, a library or a graveyard
    is turned face up there."""
    players = [p.name for p in o.game.players]
    for view in o.views.values():
        if not view.face_down:
            continue
        if view.zone in _REVEALED_IN:
            yield Violation(f"a face-down object is in the {view.zone.value}, not revealed",
                            view.id, "face_down", False)
            return
        if view.zone not in (Zone.BATTLEFIELD, Zone.STACK) or view.controller is None:
            continue
        for player in players:
            if player == view.controller:
                continue
            seen = o.observe(view.id, player)
            if seen.identity or seen.names:
                yield Violation(f"{player} sees what {view.controller}'s face-down object is: "
                                f"{' // '.join(seen.identity or seen.names)}")
                return


def turned_face_up_same_object(o: Observation) -> Iterable[Violation]:
    """Turning a permanent face up changes neither the object nor its status: it stays on
    the battlefield with the same id (what is attached to it stays, spells targeting it
    still do), tapped or untapped as it was, with the same counters, and nothing enters."""
    action = o.action
    step = step_of(o)
    if not isinstance(action, TurnFaceUp) or not step.acted or step.before is None:
        return
    before = step.before_views.get(action.object)
    now = o.views.get(action.object)
    if before is None or not before.face_down:
        return
    if now is None or now.zone is not Zone.BATTLEFIELD:
        yield Violation("turning a permanent face up made it a new object (its id is gone)")
        return
    if now.face_down:
        return  # the engine refused it, or an effect turned it down again
    if now.tapped != before.tapped:
        yield Violation("turning a permanent face up changed whether it is tapped",
                        now.id, "tapped", before.tapped)
        return
    if any(e.kind == "zone_changed" and str(e.data.get("object")) == now.id
           for e in o.events):
        yield Violation("turning a permanent face up moved it from zone to zone")


def colors_from_card_data(o: Observation) -> Iterable[Violation]:
    """A card's color identity is the colors of every mana symbol in its costs and rules
    text and its color indicators, on all of its faces, in every zone; a double-faced
    permanent with its back face up has that face's colors (its color indicator), not
    its front face's."""
    judge = step_of(o).judge
    for view in o.views.values():
        card = judge.card_of(view)
        if card is None or view.face_down or view.token or \
                tuple(view.identity) not in (card.face_names, card.face_names[:1]):
            continue
        wanted = sorted(card.color_identity)
        if view.zone in _REVEALED_IN and sorted(view.color_identity) != wanted:
            yield Violation(f"{card.name} has the color identity {sorted(view.color_identity)}, "
                            f"not {wanted}", view.id, "color_identity", wanted)
            return
        if card.layout == "transform" and view.zone is Zone.BATTLEFIELD and view.transformed \
                and list(view.names) == [card.faces[1].name]:
            colors = sorted(card.faces[1].colors)
            if sorted(view.colors) != colors:
                yield Violation(f"{card.faces[1].name} has the colors {sorted(view.colors)}, "
                                f"not its color indicator's {colors}", view.id, "colors", colors)
                return


def reached_face_down(o: Observation) -> bool:
    """A face-down object in play (or one that left it)."""
    return any(v.face_down for v in o.views.values()) or any(
        v.face_down for v in step_of(o).before_views.values())


def reached_face_up(o: Observation) -> bool:
    """A permanent turned face up."""
    return isinstance(o.action, TurnFaceUp) and step_of(o).acted


def reached_colors(o: Observation) -> bool:
    """A card of more than one face seen off the battlefield, or transformed on it."""
    judge = step_of(o).judge
    return any((card := judge.card_of(v)) is not None and len(card.faces) > 1
               and (v.zone in _REVEALED_IN or v.transformed) for v in o.views.values())


_EXCEPT_SUBTYPE = re.compile(r"copy of [^.]*except it'?s an? ([a-z]+) in addition to its "
                             r"other (?:creature )?types")


def copy_exceptions(o: Observation) -> Iterable[Violation]:
    """A token made as a copy "except it's a Reflection in addition to its other types"
    has that subtype: the exception is part of the copy effect and so of the token's
    copiable values."""
    step = step_of(o)
    resolved = step.resolved
    if not step.acted or resolved is None or resolved.kind != "ability":
        return
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    text = normalize_text(" ".join(f.text for f in faces or ())).lower()
    found = _EXCEPT_SUBTYPE.search(text)
    if found is None:
        return
    subtype = found.group(1).capitalize()
    for event in o.events:
        view = o.views.get(str(event.data.get("object"))) if event.kind == "token_created" \
            else None
        if view is not None and view.zone is Zone.BATTLEFIELD and subtype not in view.subtypes:
            yield Violation(f"a token copy made by {' // '.join(source.names) if source else ''} "
                            f"is not a {subtype}", view.id, "subtypes", [subtype])
            return


def reached_copy_exception(o: Observation) -> bool:
    """A token made by a copy effect with an exception."""
    step = step_of(o)
    resolved = step.resolved
    if not step.acted or resolved is None or not any(e.kind == "token_created"
                                                     for e in o.events):
        return False
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    return _EXCEPT_SUBTYPE.search(normalize_text(
        " ".join(f.text for f in faces or ())).lower()) is not None


def makes_excepted_copies(card: Card) -> bool:
    """Whether a card makes copies with an exception (the focus of ``copy_exceptions``)."""
    return any(_EXCEPT_SUBTYPE.search(normalize_text(f.text).lower()) for f in card.faces)
