"""Boards for games about what is a token: permanents entering as copies of tokens, and
tokens made as copies of cards (:func:`copied_tokens`); token copies of a face-down
permanent (:func:`face_down_copied`); a permanent entering as a copy of a legendary
creature (:func:`copied_legends`).

Drawn only in the games of a focus that takes exactly :func:`copier_focus`'s cards (or
:func:`token_copiers`'), so that no other property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .cards import is_creature as _creature
from .choice_boards import _exactly
from .stack_boards import Hands

_ENTERS_AS_A_COPY = re.compile(r"enter as a copy of any creature", re.IGNORECASE)
_TOKEN_COPY = re.compile(r"create a token that's a copy of target creature", re.IGNORECASE)


def copier_focus(card: Card) -> bool:
    """What enters as a copy of a creature (Clone's kind) and what creates a token that is
    a copy of one (the focus of ``copies-of-tokens``)."""
    text = _text(card)
    return bool(_ENTERS_AS_A_COPY.search(text) or _TOKEN_COPY.search(text))


def ceasing_focus(card: Card) -> bool:
    """What makes tokens and copies of spells, and what returns permanents to a hand (the
    focus of ``tokens-and-spell-copies-cease-to-exist``)."""
    text = _text(card).lower()
    return any(words in text for words in ("token", "copy target", "owner's hand",
                                          "owners' hands"))


_FLICKER = re.compile(r"exile target [^.]*, then return it to the battlefield", re.IGNORECASE)


def flickered_tokens(pool: CardPool, focus: Callable[[Card], bool] | None
                     ) -> st.SearchStrategy[Hands] | None:
    """For games about tokens ceasing to exist: alice has two token creatures (creature
    cards' copies, created before the game) and holds a spell that exiles a creature and
    returns it at once, with plenty of mana -- so that a token is exiled that way, ceases to
    exist and does not come back (CR 111.7, 111.8).  ``None`` for games about something
    else.

    Shrinks towards the first creatures and the first such spell.
    """
    if not _exactly(pool, ceasing_focus, focus):
        return None
    names = sorted(pool)
    flickers = [n for n in names if _FLICKER.search(_text(pool[n]))
                and {"Instant", "Sorcery"} & set(pool[n].faces[0].types)]
    creatures = [n for n in names if _creature(pool[n]) and pool[n].layout == "normal"
                 and "Legendary" not in pool[n].faces[0].supertypes]
    if not flickers or not creatures:
        return None
    one = st.sampled_from
    return st.builds(
        lambda tokens, flicker: ([CardEntry(flicker)], [],
                                 [CardEntry(t, token=True) for t in tokens], []),
        st.lists(one(creatures), min_size=2, max_size=2), one(flickers))


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


def token_copiers(card: Card) -> bool:
    """What makes token copies of a target permanent, and what such copies show: tokens an
    effect makes, double-faced cards (the focus of ``token-copies-copy``)."""
    text = _text(card).lower()
    return "create a token that's a copy of target" in text or card.layout == "transform" \
        or ("create" in text and "token" in text and "copy" not in text)


def face_down_copied(pool: CardPool, focus: Callable[[Card], bool] | None
                     ) -> st.SearchStrategy[list[CardEntry]] | None:
    """For games about token copies of permanents: alice has, half of the time, a
    face-down creature (a creature card of the pool put face down, as a manifested card
    is) beside a permanent whose ability makes a token copy of a creature she controls --
    so that a token copy of a face-down permanent is made: a face-up 2/2 with no name (CR
    707.2, 708.2, 110.5b).  The permanents to add to alice's battlefield (the mana left as
    the other boards make it).  ``None`` for games about something else.

    Shrinks towards no face-down creature.
    """
    if focus is None:
        return None
    names = sorted(pool)
    wanted = [n for n in names if token_copiers(pool[n])]
    if not wanted or any(focus(pool[n]) != (n in wanted) for n in names):
        return None
    makers = [n for n in wanted if _TOKEN_COPY.search(_text(pool[n]))]
    creatures = [n for n in names if _creature(pool[n]) and pool[n].layout == "normal"
                 and "Legendary" not in pool[n].faces[0].supertypes]
    if not makers or not creatures:
        return None
    one = st.sampled_from
    return st.one_of(st.just([]), st.builds(
        lambda maker, creature: [CardEntry(creature, face_down=True), CardEntry(maker)],
        one(makers), one(creatures)))


def enters_as_a_copy(card: Card) -> bool:
    """What enters as a copy of a permanent (Clone's kind; the focus of
    ``entering-as-a-copy``)."""
    return "enter as a copy of" in _text(card)


def copied_legends(pool: CardPool, focus: Callable[[Card], bool] | None
                   ) -> st.SearchStrategy[Hands] | None:
    """For games about what a copy takes (``focus`` takes exactly the cards
    :func:`enters_as_a_copy` takes): alice holds a card entering as a copy of any creature,
    and bob has a legendary creature (on his side, so that the legend rule leaves both):
    supertypes are copiable values, and the copy is legendary too (CR 707.2, 205.4).
    ``None`` for games about something else.

    Shrinks towards the first of each kind.
    """
    copiers = [n for n in _exactly(pool, enters_as_a_copy, focus)
               if _ENTERS_AS_A_COPY.search(_text(pool[n]))]
    legends = [n for n in sorted(pool) if _creature(pool[n]) and len(pool[n].faces) == 1
               and "Legendary" in pool[n].faces[0].supertypes]
    if not copiers or not legends:
        return None
    return st.builds(lambda copier, legend: ([CardEntry(copier)], [], [], [CardEntry(legend)]),
                     st.sampled_from(copiers), st.sampled_from(legends))
