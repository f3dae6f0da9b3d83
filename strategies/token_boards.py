"""Boards for games about what is a token: permanents entering as copies of tokens, and
tokens made as copies of cards (:func:`copied_tokens`).

Drawn only in the games of a focus that takes exactly :func:`copier_focus`'s cards, so that
no other property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands

_ENTERS_AS_A_COPY = re.compile(r"enter as a copy of any creature", re.IGNORECASE)
_TOKEN_COPY = re.compile(r"create a token that's a copy of target creature", re.IGNORECASE)


def copier_focus(card: Card) -> bool:
    """What enters as a copy of a creature (Clone's kind) and what creates a token that is
    a copy of one (the focus of ``copies-of-tokens``)."""
    text = _text(card)
    return bool(_ENTERS_AS_A_COPY.search(text) or _TOKEN_COPY.search(text))


def copied_tokens(pool: CardPool, focus: Callable[[Card], bool] | None
                  ) -> st.SearchStrategy[Hands] | None:
    """For games about copies and tokens: alice has two token creatures (creature cards'
    copies, created before the game) and a locked Room or permanent whose ability creates a
    token copy of a creature she controls, and holds three cards that enter as a copy of a
    creature, with plenty of mana.  So a card enters as a copy of a token (it is no token:
    CR 111.1, 707.2) and a token is made as a copy of a card or of a copy (it is one).
    ``None`` for games about something else.

    Shrinks towards the first creature and the first copiers.
    """
    if focus is None:
        return None
    names = sorted(pool)
    wanted = [n for n in names if copier_focus(pool[n])]
    if not wanted or any(focus(pool[n]) != (n in wanted) for n in names):
        return None
    clones = [n for n in wanted if _ENTERS_AS_A_COPY.search(_text(pool[n]))]
    makers = [n for n in wanted if n not in clones]
    creatures = [n for n in names if _creature(pool[n]) and pool[n].layout == "normal"
                 and "Legendary" not in pool[n].faces[0].supertypes]
    if not clones or not makers or not creatures:
        return None
    one = st.sampled_from
    return st.builds(
        lambda tokens, maker, copiers: (
            [CardEntry(c) for c in copiers], [],
            [*(CardEntry(t, token=True) for t in tokens), CardEntry(maker)], []),
        st.lists(one(creatures), min_size=2, max_size=2), one(makers),
        st.lists(one(clones), min_size=3, max_size=3))
