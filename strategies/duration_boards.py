"""Boards for games about how long continuous effects last and where they work from:
keywords granted "until end of turn" with the turn ending (:func:`granted`), and static
abilities changing power and toughness held off the battlefield while creatures are on
it (:func:`stranded`), one change given to each of several targets (:func:`pumped_together`),
tokens created where such static abilities apply (:func:`under_anthems`).

Each is drawn only in the games of a focus that takes exactly its cards, so that no other
property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands, LaterHands

#: A keyword given until end of turn ("gets +1/+0 and gains first strike until end of
#: turn"), in one sentence.
_GRANT = re.compile(r"\bgains? [^.]*\buntil end of turn\b", re.IGNORECASE)
#: A static ability changing the power and toughness of the creatures of a kind ("Creatures
#: you control get +1/+1."), not for a while, not triggered.
_ANTHEM = re.compile(r"^(?:other )?(?:[a-z]+ )?creatures(?: you control)? get [+-]\d+/[+-]\d+"
                     r"(?!.*until end of turn)", re.IGNORECASE | re.MULTILINE)
#: An instruction creating creature tokens its description gives a power and toughness
#: ("Create two 1/1 white Soldier creature tokens.").
_TOKEN_MAKER = re.compile(r"\bcreate (?:a|an|one|two|three|four) \d+/\d+ [a-z ]*creature tokens?\b",
                          re.IGNORECASE)
#: What changes power or toughness any other way (the judge then says nothing).
_CHANGES_PT = re.compile(r"[+-]\d+/[+-]\d+|\+x|for each", re.IGNORECASE)


#: One change of power and toughness given to several targets ("up to two target creatures
#: each get -2/-2", "... target creatures. They each get +2/+2").
_SEVERAL = re.compile(r"target creatures[^.]*\.? (?:they )?each get [+-]\d+/[+-]\d+",
                      re.IGNORECASE)


def grants_until_end_of_turn(card: Card) -> bool:
    """What gives keywords until end of turn (the focus of ``until-end-of-turn-effects``)."""
    return bool(_GRANT.search(_text(card)))


def anthem(card: Card) -> bool:
    """What has a static ability changing other creatures' power and toughness (the focus
    of ``statics-on-the-battlefield-only``)."""
    return bool(_ANTHEM.search(_text(card)))


def token_maker(card: Card) -> bool:
    """An instant or sorcery creating creature tokens of a power and toughness its text
    gives."""
    return bool({"Instant", "Sorcery"} & set(card.faces[0].types)) \
        and bool(_TOKEN_MAKER.search(_text(card)))


def anthem_or_token_maker(card: Card) -> bool:
    """What ``tokens-under-static-abilities`` focuses on: :func:`anthem` or
    :func:`token_maker`."""
    return anthem(card) or token_maker(card)


def _plain_creatures(pool: CardPool, names: list[str]) -> list[str]:
    return [n for n in names if _creature(pool[n]) and len(pool[n].faces) == 1
            and not _CHANGES_PT.search(_text(pool[n])) and not pool[n].is_room]


def _libraries(pool: CardPool, names: list[str]) -> list[str]:
    return [n for n in sorted(pool) if "Land" in pool[n].faces[0].types
            and "Basic" in pool[n].faces[0].supertypes] or names


def granted(pool: CardPool, focus: Callable[[Card], bool] | None
            ) -> st.SearchStrategy[LaterHands] | None:
    """For games about "until end of turn" effects ending: alice holds one or two cards
    giving a creature keywords until end of turn, bob one, each with a creature on the
    battlefield, and basic lands on top of both libraries, so that a grant resolves and the
    turn ends with the creature still there (CR 514.2, 611.2a).  ``None`` for games about
    something else.

    Shrinks towards the first of each kind.
    """
    if focus is None:
        return None
    names = sorted(pool)
    if any(focus(pool[n]) != grants_until_end_of_turn(pool[n]) for n in names):
        return None
    grants = [n for n in names if grants_until_end_of_turn(pool[n])
              and not _creature(pool[n]) and not pool[n].is_room]
    creatures = _plain_creatures(pool, names)
    if not grants or not creatures:
        return None
    lands = _libraries(pool, creatures)
    one, entry = st.sampled_from, CardEntry
    return st.builds(
        lambda mine, theirs, a, b, land: (
            [entry(n) for n in mine], [entry(theirs)], [entry(a)], [entry(b)],
            [entry(land)] * 4, [entry(land)] * 3),
        st.lists(one(grants), min_size=1, max_size=2), one(grants), one(creatures),
        one(creatures), one(lands))


def stranded(pool: CardPool, focus: Callable[[Card], bool] | None
             ) -> st.SearchStrategy[LaterHands] | None:
    """For games about where static abilities work from: alice holds a card with a static
    ability changing her creatures' power and toughness and has another on top of her
    library, bob holds one, and each has two creatures on the battlefield whose power and
    toughness nothing else changes -- so the card off the battlefield must change nothing
    (CR 113.6), until it is cast.  ``None`` for games about something else.

    Shrinks towards the first of each kind.
    """
    if focus is None:
        return None
    names = sorted(pool)
    if any(focus(pool[n]) != anthem(pool[n]) for n in names):
        return None
    anthems = [n for n in names if anthem(pool[n]) and not pool[n].is_room]
    creatures = _plain_creatures(pool, names)
    if not anthems or not creatures:
        return None
    lands = _libraries(pool, creatures)
    one, entry = st.sampled_from, CardEntry
    return st.builds(
        lambda a, b, c, mine, theirs, land: (
            [entry(a)], [entry(b)], [entry(n) for n in mine], [entry(n) for n in theirs],
            [entry(c), *[entry(land)] * 3], [entry(land)] * 3),
        one(anthems), one(anthems), one(anthems),
        st.lists(one(creatures), min_size=2, max_size=2),
        st.lists(one(creatures), min_size=2, max_size=2), one(lands))


def under_anthems(pool: CardPool, focus: Callable[[Card], bool] | None
                  ) -> st.SearchStrategy[LaterHands] | None:
    """For games about tokens under static abilities: alice has a card with a static
    ability changing her creatures' power and toughness on the battlefield and another in
    hand, with one or two instants or sorceries creating creature tokens; bob has one of
    each kind, the anthem on the battlefield; each has a creature whose power and toughness
    nothing else changes -- so that tokens are created where anthems apply, and anthems
    enter where tokens are (CR 111.3, 613.4c), and a player's anthem meets the other
    player's tokens.  Only anthems their front face says are drawn.  ``None`` for games
    about something else.

    Shrinks towards the first of each kind.
    """
    if focus is None:
        return None
    names = sorted(pool)
    if any(focus(pool[n]) != anthem_or_token_maker(pool[n]) for n in names):
        return None
    anthems = [n for n in names if _ANTHEM.search(pool[n].faces[0].text)
               and not pool[n].is_room and len(pool[n].faces) == 1]
    makers = [n for n in names if token_maker(pool[n])]
    creatures = _plain_creatures(pool, names)
    if not anthems or not makers or not creatures:
        return None
    lands = _libraries(pool, creatures)
    one, entry = st.sampled_from, CardEntry
    return st.builds(
        lambda mine, held, theirs, laid, creatures_, land: (
            [*(entry(n) for n in mine), entry(held)], [entry(theirs)],
            [entry(laid[0]), entry(creatures_[0])], [entry(laid[1]), entry(creatures_[1])],
            [entry(land)] * 3, [entry(land)] * 3),
        st.lists(one(makers), min_size=1, max_size=2), one(anthems), one(makers),
        st.tuples(one(anthems), one(anthems)), st.tuples(one(creatures), one(creatures)),
        one(lands))


def pumped_together(pool: CardPool, focus: Callable[[Card], bool] | None
                    ) -> st.SearchStrategy[Hands] | None:
    """For games about power and toughness (``focus`` takes exactly the cards whose changes
    ``power-and-toughness`` works out: "target creature gets +N/+N until end of turn", Auras
    and Equipment giving a bonus, prowess): alice holds two instants or sorceries giving one
    change to each of several target creatures, bob one, and each has two creatures whose
    power and toughness nothing else changes -- so that such a spell resolves with two
    targets or more, each of which it changes (CR 608.2c, 611.2a).  ``None`` for games about
    something else, or when the pool has no such spell.

    Shrinks towards the first of each kind.
    """
    if focus is None:
        return None
    from conformance.properties.judge import read_face

    def pumps(card: Card) -> bool:
        return any((r := read_face(f)).pump or r.aura or any(t.event == "cast" for t in r.triggers)
                   for f in card.faces)

    names = sorted(pool)
    if any(focus(pool[n]) != pumps(pool[n]) for n in names):
        return None
    spells = [n for n in names if pumps(pool[n]) and len(pool[n].faces) == 1
              and pool[n].faces[0].types[:1] in (["Instant"], ["Sorcery"], ("Instant",),
                                                 ("Sorcery",))
              and _SEVERAL.search(_text(pool[n]))]
    creatures = _plain_creatures(pool, names)
    if not spells or not creatures:
        return None
    one, entry = st.sampled_from, CardEntry
    pair = st.lists(one(creatures), min_size=2, max_size=2)
    return st.builds(
        lambda a, b, c, mine, theirs: ([entry(a), entry(b)], [entry(c)],
                                       [entry(n) for n in mine], [entry(n) for n in theirs]),
        one(spells), one(spells), one(spells), pair, pair)
