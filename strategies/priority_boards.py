"""Boards for games about who may act (``acting-with-priority``): a player holds something of
every kind a player without priority might try -- a land card to play, a face-down permanent
to turn face up, a locked door to unlock -- while the other holds an instant, so that each
holds priority in turn, in a main phase with an empty stack among others (CR 117.1, 116.2)."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .stack_boards import Hands

_MORPH_COST = re.compile(r"Morph ((?:\{[^}]+\})+)")


def acts(card: Card) -> bool:
    """What a player may act with, outside casting a spell at sorcery speed: instants,
    spells with flash, permanents with an activated ability, land cards, morph cards and
    Rooms (the focus of ``acting-with-priority``)."""
    face = card.faces[0]
    return "Instant" in face.types or "Flash" in face.keywords or ": " in face.text \
        or "Land" in face.types or "Morph" in face.keywords or card.is_room


def special_actions(pool: CardPool, focus: Callable[[Card], bool] | None
                    ) -> st.SearchStrategy[Hands] | None:
    """For games about who may act (``focus`` is :func:`acts`, or takes the same cards):
    alice holds a land card and has a face-down morph creature and a Room with both doors
    locked, bob holds an instant that needs no creature to target; both have plenty of
    mana.  So when alice passes priority in her main phase, bob holds it with an empty
    stack while she could play her land, turn her creature face up and unlock a door; and
    once bob casts his instant, she holds priority with a spell of his on the stack.
    ``None`` for games about something else.

    Shrinks towards the first land, morph card, Room and instant.
    """
    if focus is None:
        return None
    names = sorted(pool)
    if any(focus(pool[n]) != acts(pool[n]) for n in names):
        return None
    lands = [n for n in names if "Land" in pool[n].faces[0].types]
    morphs = [n for n in names if _MORPH_COST.search(_text(pool[n]))]
    rooms = [n for n in names if pool[n].is_room]
    instants = [n for n in names if "Instant" in pool[n].faces[0].types
                and "target" not in _text(pool[n]).lower()]
    if not lands or not morphs or not rooms or not instants:
        return None
    one = st.sampled_from
    return st.builds(
        lambda land, morph, room, instant: (
            [CardEntry(land)], [CardEntry(instant)],
            [CardEntry(morph, face_down=True), CardEntry(room)], []),
        one(lands), one(morphs), one(rooms), one(instants))
