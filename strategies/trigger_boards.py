"""Boards for games about delayed triggered abilities (``delayed-triggers-once``): the
permanents whose abilities make one "at the beginning of the next end step", with what
they need (:func:`delaying`).

Drawn only in the games of a focus that takes exactly :func:`delayed_focus`'s cards, so
that no other property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .stack_boards import LaterHands

_NEXT_END_STEP = re.compile(r"at the beginning of (?:your|the) next end step", re.IGNORECASE)


def delayed_focus(card: Card) -> bool:
    """The cards whose abilities make a delayed trigger "at the beginning of the next end
    step" (the focus of ``delayed-triggers-once``)."""
    return bool(_NEXT_END_STEP.search(_text(card)))


def _plain_enchantment(card: Card) -> bool:
    face = card.faces[0]
    return "Enchantment" in face.types and "Legendary" not in face.supertypes \
        and "Aura" not in face.subtypes and "Creature" not in face.types


def delaying(pool: CardPool, focus: Callable[[Card], bool] | None
             ) -> st.SearchStrategy[LaterHands] | None:
    """For games about delayed triggers: alice has one or two of the permanents whose
    abilities make one (a card that turns into such a Saga as its ability resolves, say)
    and a nonlegendary enchantment that is not an Aura (what a Saga's chapter copies), and
    holds another of those permanents; plenty of mana; and basic land cards on top of each
    library (eight of alice's, which a card she holds may mill, three of bob's), so that
    neither player loses at a draw step before alice's next turn ends.  So the delayed trigger is made in her first turn, triggers at its end step, and
    the games go on to her next end step, where it must not trigger again (CR 603.7c: once).
    ``None`` for games about something else.

    Shrinks towards the first cards.
    """
    if focus is None:
        return None
    names = sorted(pool)
    wanted = [n for n in names if delayed_focus(pool[n])]
    if not wanted or any(focus(pool[n]) != (n in wanted) for n in names):
        return None
    makers = [n for n in wanted if not {"Instant", "Sorcery"} & set(pool[n].faces[0].types)]
    enchantments = [n for n in names if _plain_enchantment(pool[n])]
    basics = [n for n in names if "Basic" in pool[n].faces[0].supertypes]
    if not makers or not enchantments or not basics:
        return None
    one = st.sampled_from
    eight = st.lists(one(basics), min_size=8, max_size=8)
    three = st.lists(one(basics), min_size=3, max_size=3)
    return st.builds(
        lambda mine, enchantment, held, alices, bobs: (
            [CardEntry(held)], [], [*(CardEntry(n) for n in mine), CardEntry(enchantment)], [],
            [*map(CardEntry, alices)], [*map(CardEntry, bobs)]),
        st.lists(one(makers), min_size=1, max_size=2), one(enchantments), one(wanted),
        eight, three)
