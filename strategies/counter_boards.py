"""Boards for games about the rules that move counters on their own (``counter-rules``): a
Saga one lore counter short of its final chapter, a tapped permanent with two stun
counters, an untapped one with a stun counter, a creature with +1/+1 and -1/-1 counters
(:func:`counted`).

Drawn only in the games of a focus that takes exactly :func:`counter_rules_focus`'s cards,
so that no other property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands

_CHAPTERS = re.compile(r"^([IVX]+(?:, [IVX]+)*) —", re.MULTILINE)
_NUMERALS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
_COUNTERS = re.compile(r"stun counters?|-1/-1 counters?", re.IGNORECASE)


def _saga(card: Card) -> bool:
    return "Saga" in card.faces[0].subtypes


def counter_rules_focus(card: Card) -> bool:
    """Sagas (front face up) and the cards that put stun or -1/-1 counters (the focus of
    ``counter-rules``)."""
    return _saga(card) or bool(_COUNTERS.search(_text(card)))


def _final_chapter(card: Card) -> int:
    return max((_NUMERALS.get(n.strip(), 0) for found in _CHAPTERS.finditer(card.faces[0].text)
                for n in found.group(1).split(",")), default=0)


def counted(pool: CardPool, focus: Callable[[Card], bool] | None
            ) -> st.SearchStrategy[Hands] | None:
    """For games about the rules that move counters: each player has a Saga -- alice's with
    as many lore counters as its final chapter number (sacrificed as state-based actions are
    first checked, CR 714.4, 704.5s), bob's with one fewer (it reaches it in his precombat
    main phase: its last chapter ability triggers, resolves, and the Saga is sacrificed,
    CR 714.3b, 714.4, 704.5s) -- a tapped creature with
    two stun counters (each untap step of its controller removes one and leaves it tapped,
    CR 122.1d), an untapped creature with one stun counter (an untap step untaps nothing
    there, so it keeps the counter until it is tapped, CR 502.3, 122.1d) and a creature with two +1/+1 counters and one -1/-1 counter or the other
    way round (one of each is removed as state-based actions are first checked, CR
    704.5q); alice holds the cards that put stun or -1/-1 counters, plenty of mana.
    ``None`` for games about something else.

    Shrinks towards the first Saga and creatures.
    """
    if focus is None:
        return None
    names = sorted(pool)
    wanted = [n for n in names if counter_rules_focus(pool[n])]
    if not wanted or any(focus(pool[n]) != (n in wanted) for n in names):
        return None
    sagas = [n for n in wanted if _saga(pool[n]) and _final_chapter(pool[n]) > 1]
    givers = [n for n in wanted if n not in sagas and not _saga(pool[n])]
    creatures = [n for n in names if _creature(pool[n]) and pool[n].layout == "normal"
                 and "Legendary" not in pool[n].faces[0].supertypes
                 and "untap" not in _text(pool[n]).lower()]
    if not sagas or not creatures:
        return None
    one = st.sampled_from
    mixed = one(((("+1/+1", 2), ("-1/-1", 1)), (("+1/+1", 1), ("-1/-1", 2))))

    def side(short: int, saga: str, stunned: str, countered: str,
             both: tuple[tuple[str, int], ...], idle: str) -> list[CardEntry]:
        return [CardEntry(saga, counters=(("lore", _final_chapter(pool[saga]) - short),)),
                CardEntry(stunned, tapped=True, counters=(("stun", 2),)),
                CardEntry(countered, counters=both),
                CardEntry(idle, counters=(("stun", 1),))]

    return st.builds(
        lambda mine, theirs, held: ([CardEntry(n) for n in held], [], mine, theirs),
        st.builds(side, st.just(0), one(sagas), one(creatures), one(creatures), mixed,
                  one(creatures)),
        st.builds(side, st.just(1), one(sagas), one(creatures), one(creatures), mixed,
                  one(creatures)),
        st.lists(one(givers), max_size=2) if givers else st.just([]))
