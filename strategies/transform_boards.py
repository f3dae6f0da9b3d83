"""Boards for games about transforming double-faced permanents: the permanents whose own
activated ability transforms them, one already transformed (:func:`transforming`).

Drawn only in the games of a focus that takes exactly the transforming double-faced cards
(``double-faced-faces``' and ``colors-from-card-data``'s), so that no other property's games
change; and only from a pool that has such a permanent (the property games' own cards)."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .stack_boards import Hands

#: An activated ability that transforms its own permanent ("{2}, {T}: Draw a card.
#: Transform this artifact.").
_TRANSFORMS_ITSELF = re.compile(r"^[^:\n]*:[^\n]*\btransform (?:this|it)\b",
                                re.IGNORECASE | re.MULTILINE)


def transforms_itself(card: Card) -> bool:
    """A transforming double-faced card with an activated ability that transforms it."""
    return card.layout == "transform" and any(_TRANSFORMS_ITSELF.search(face.text)
                                              for face in card.faces)


def transforming(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[Hands] | None:
    """For games about double-faced permanents (``focus`` takes exactly the transforming
    double-faced cards): alice has one of the permanents whose activated ability
    transforms it with its back face up, untapped, and another front face up; plenty of
    mana.  So the one is told to transform back to its front face, the other to its back
    face (CR 701.27a).  ``None`` for games about something else, or a pool without such a
    permanent.

    Shrinks towards the first such card, twice.
    """
    if focus is None:
        return None
    names = sorted(pool)
    double_faced = [n for n in names if pool[n].layout == "transform"]
    if not double_faced or any(focus(pool[n]) != (n in double_faced) for n in names):
        return None
    makers = [n for n in double_faced if transforms_itself(pool[n])]
    if not makers:
        return None
    one = st.sampled_from
    return st.builds(
        lambda back, front: ([], [], [CardEntry(back, transformed=True), CardEntry(front)], []),
        one(makers), one(makers))
