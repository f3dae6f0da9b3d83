"""Boards for games about what a word "target" allows: spells whose word asks for a tapped
or an untapped permanent, with permanents in both states to choose from
(:func:`stated_targets`).

Drawn only in the games of a focus that takes every such card and only cards whose text says
"target" (``offered-targets``'), so that no other property's games change; and only from a
pool that has such a spell (the property games' own cards)."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands

#: A word "target" asking for a permanent in a particular state.
_STATED = re.compile(r"\btarget (?:tapped|untapped) ", re.IGNORECASE)
_TARGET = re.compile(r"\btarget\b", re.IGNORECASE)


def states_its_target(card: Card) -> bool:
    """An instant or sorcery whose word "target" asks for a tapped or untapped permanent."""
    return bool({"Instant", "Sorcery"} & set(card.faces[0].types)) \
        and bool(_STATED.search(_text(card)))


def stated_targets(pool: CardPool, focus: Callable[[Card], bool] | None
                   ) -> st.SearchStrategy[Hands] | None:
    """For games about what a word "target" allows (``focus`` takes every instant or
    sorcery whose word asks for a tapped or untapped permanent, and only cards whose text
    says "target"): alice holds one or two of those spells, and each battlefield has a
    tapped creature and an untapped one; plenty of mana.  So the targets offered for such a
    word, and casts naming each creature, are judged against the state it asks for (CR
    115.1, 601.2c).  ``None`` for games about something else, or a pool without such a
    spell.

    Shrinks towards the first spell and the first creatures.
    """
    if focus is None:
        return None
    names = sorted(pool)
    stated = [n for n in names if states_its_target(pool[n])]
    if not stated or not all(focus(pool[n]) for n in stated) or any(
            focus(pool[n]) and not _TARGET.search(_text(pool[n])) for n in names):
        return None
    creatures = [n for n in names if _creature(pool[n])
                 and not any("Legendary" in f.supertypes for f in pool[n].faces)]
    if not creatures:
        return None
    one = st.sampled_from

    def both(tapped: str, untapped: str) -> list[CardEntry]:
        return [CardEntry(tapped, tapped=True), CardEntry(untapped)]

    return st.builds(
        lambda spells, mine, theirs: ([*map(CardEntry, spells)], [], mine, theirs),
        st.lists(one(stated), min_size=1, max_size=2),
        st.builds(both, one(creatures), one(creatures)),
        st.builds(both, one(creatures), one(creatures)))
