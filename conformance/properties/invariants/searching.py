"""A card found by searching a library goes where the instruction says (CR 701.23a, 608.2c:
the controller of a resolving spell or ability follows its instructions as written) --
"search your library for a basic land card, put it onto the battlefield" puts the card
onto the battlefield, "put it into your hand" into its owner's hand.

The judge reads the text of the spell or ability that resolved in a step (an instant's or
a sorcery's card text, one face; an ability's text as the engine reports it) when it says
"search your library" once and names one destination for what it finds: "put it (them,
that card, those cards) onto the battlefield (tapped)", "into your hand" or "into your
graveyard" -- and nothing else that takes cards from a library (draw, mill, "the top",
reveal of the top, "exile"), nothing that changes where cards go ("instead", "would"), no
second "put".  Then every card that left the controller's library in the step (the
engine's ``zone_changed`` events) went to that zone.  A search that finds nothing is legal
(CR 701.23b) and says nothing.

And a search for cards of a stated quality ("a basic land card", "a permanent card with
mana value X or less") may find nothing, even with such cards in the library: a player
searching a hidden zone for cards with a stated quality isn't required to find them (CR
701.23b).  So a choice the engine asked while such a search resolved, among cards of the
searching player's library, allowed choosing none (``min`` 0).  A search for "a card" says
nothing there: it finds one if it can.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import Choice
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .instructions import _item_text
from strategies.effect_boards import LIBRARY_SEARCH, search_focus

_PUT = re.compile(r"\bput (?:it|them|that card|those cards|the card|the cards) "
                  r"(onto the battlefield|into (?:your|its owner's|their) hand|"
                  r"into (?:your|its owner's|their) graveyard)\b")
_OTHERS = re.compile(r"\bdraws?\b|\bmills?\b|\bthe top\b|\bexile\b|\binstead\b|\bwould\b|"
                     r"\bcopy\b|\bcast\b|\bplay\b|\beach (?:player|opponent)\b|\btarget player\b|"
                     r"\btarget opponent\b")
_ZONES = {"onto the battlefield": Zone.BATTLEFIELD, "hand": Zone.HAND,
          "graveyard": Zone.GRAVEYARD}


def _destination(step: StepView) -> tuple[str, Zone] | None:
    """The resolved item's text and the zone its search puts what it finds into."""
    item = step.resolved
    if item is None or step.before_game is None:
        return None
    read = _item_text(step, item)
    if read is None:
        return None
    text = normalize_text(read[0]).lower()
    if len(LIBRARY_SEARCH.findall(text)) != 1 or len(re.findall(r"\bput\b", text)) != 1 \
            or _OTHERS.search(text):
        return None
    found = _PUT.search(text)
    if found is None:
        return None
    where = found.group(1)
    zone = next(z for key, z in _ZONES.items() if where.endswith(key))
    return read[0], zone


def _judged(o: Observation) -> tuple[StepView, str, Zone] | None:
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return None
    found = _destination(step)
    return None if found is None else (step, *found)


def searched_cards_go_where_said(o: Observation) -> Iterable[Violation]:
    """A card found by searching a library goes to the zone the instruction names --
    onto the battlefield, into its owner's hand or graveyard (CR 701.23a, 608.2c)."""
    judged = _judged(o)
    if judged is None:
        return
    step, text, zone = judged
    item = step.resolved
    assert item is not None
    for event in o.events:
        if event.kind != "zone_changed" or event.data.get("from") != Zone.LIBRARY.value:
            continue
        was = step.before_views.get(str(event.data.get("object")))
        if was is not None and was.owner != item.controller:
            continue
        to = event.data.get("to")
        if to != zone.value:
            yield Violation(f"{item.text or text!r} resolved and the card it found went from "
                            f"the library to the {to}, not {zone.value} as it says (CR "
                            f"701.23a, 608.2c)", str(event.data.get("new_object")
                                                       or event.data.get("object")),
                            "zone", zone.value)
            return


#: A search for cards of a stated quality: "for a basic land card", "for up to two creature
#: cards" -- some words between the number and "card".
_QUALITY = re.compile(r"\bsearch(?:es)? (?:your|their) library for "
                      r"(?:a|an|one|two|three|up to \w+) (?!cards?\b)\S[^.]*?\bcards?\b")


def _searches_of_a_quality(o: Observation) -> tuple[StepView, str, list[Choice]] | None:
    """The text of a search for cards of a stated quality that resolved in the step, with
    the choices asked in it among cards of the searching player's library."""
    judged = _judged(o)
    if judged is None:
        return None
    step, text, _zone = judged
    item = step.resolved
    if item is None or not _QUALITY.search(normalize_text(text).lower()):
        return None
    library = {str(v.id) for v in step.before_views.values()
               if v.zone is Zone.LIBRARY and v.owner == item.controller}
    asked = [choice for choice, _answer in o.choices
             if choice.options and {option.value for option in choice.options} <= library]
    return (step, text, asked) if asked else None


def searches_may_find_nothing(o: Observation) -> Iterable[Violation]:
    """A search of a library for cards of a stated quality may find none of them, even
    when the library holds some: the choice of what it finds allows none (CR 701.23b)."""
    found = _searches_of_a_quality(o)
    if found is None:
        return
    step, text, asked = found
    item = step.resolved
    assert item is not None
    for choice in asked:
        if choice.min > 0:
            yield Violation(f"{item.text or text!r} resolved and {choice.player} was asked to "
                            f"find at least {choice.min} of {len(choice.options)} cards of "
                            f"their library: a search for cards of a stated quality may find "
                            f"none of them (CR 701.23b)")
            return


def reached_quality(o: Observation) -> bool:
    """A search for cards of a stated quality resolved and asked which card it finds."""
    return _searches_of_a_quality(o) is not None


def reached(o: Observation) -> bool:
    """A spell or ability that searches a library for a card to put into one named zone
    resolved, and a card left the library."""
    judged = _judged(o)
    return judged is not None and any(
        e.kind == "zone_changed" and e.data.get("from") == Zone.LIBRARY.value
        for e in o.events)


PROPERTIES: tuple[Property, ...] = (
    Property("searched-cards-go-where-said", searched_cards_go_where_said.__doc__ or "",
             ("room-characteristics-outside-stack-and-battlefield",),
             frozenset({"library-search"}), searched_cards_go_where_said, search_focus,
             ("701.23a", "608.2c"), "lands", reached,
             weights=(("Cast", 24), ("Resolve", 16), ("Activate", 8))),
    Property("searches-may-find-nothing", searches_may_find_nothing.__doc__ or "",
             ("room-characteristics-outside-stack-and-battlefield",),
             frozenset({"library-search"}), searches_may_find_nothing, search_focus,
             ("701.23b",), "zones", reached_quality,
             weights=(("Cast", 24), ("Resolve", 16), ("Activate", 8))),
)
