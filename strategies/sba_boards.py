"""Boards for games about state-based actions as a whole (``state-based-actions``): what
makes them apply one after another -- an Aura on a creature that dies, damage on a
creature whose toughness then drops, deathtouch, a legend cast beside its namesake,
counters of both kinds (:func:`doomed`); spells and abilities that draw a library empty
(:func:`drawing`).

Each is drawn only in the games of a focus that takes exactly its cards
(:func:`doomed_focus`, :func:`drawing_focus`), so that no other property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands, LaterHands

#: A spell dealing damage to a target.
_DAMAGE_TO = re.compile(r"damage (divided as you choose among|to) (one|any|target)",
                        re.IGNORECASE)

#: The counters a creature of the board starts with: none, each kind alone, both kinds (to
#: be removed in pairs as state-based actions are first performed, CR 704.5q).
_COUNTERS: tuple[tuple[tuple[str, int], ...], ...] = (
    (), (("-1/-1", 1),), (("+1/+1", 1), ("-1/-1", 1)), (("+1/+1", 1),))


def _keywords(card: Card) -> set[str]:
    return {k for f in card.faces for k in f.keywords}


def _toughness(card: Card) -> int:
    try:
        return int(card.faces[0].toughness or 0)
    except ValueError:
        return 0


def _aura(card: Card) -> bool:
    return any("Aura" in f.subtypes for f in card.faces)


def _legendary_creature(card: Card) -> bool:
    return _creature(card) and "Legendary" in card.faces[0].supertypes


def _burn(card: Card) -> bool:
    return bool({"Instant", "Sorcery"} & set(card.faces[0].types)) \
        and bool(_DAMAGE_TO.search(_text(card)))


def doomed_focus(card: Card) -> bool:
    """Auras and Equipment, legendary creatures, creatures with deathtouch, instants and
    sorceries dealing damage to a target (the focus of ``state-based-actions``)."""
    return _aura(card) or any("Equipment" in f.subtypes for f in card.faces) or _burn(card)


def _exactly(pool: CardPool, focus: Callable[[Card], bool] | None) -> list[str]:
    """The cards :func:`doomed_focus` takes, when ``focus`` takes those and no other."""
    if focus is None:
        return []
    names = sorted(pool)
    wanted = [n for n in names if doomed_focus(pool[n])]
    if not wanted or any(focus(pool[n]) != (n in wanted) for n in names):
        return []
    return wanted


def doomed(pool: CardPool, focus: Callable[[Card], bool] | None
           ) -> st.SearchStrategy[Hands] | None:
    """For games about state-based actions one after another: alice has a creature of
    toughness 2 to 4 and a legendary creature, and holds an Aura that enchants creatures,
    a spell dealing damage to a target and a second card of her legend; bob has a creature
    with deathtouch (to block with) and a creature of toughness 2 to 4, and holds a spell
    dealing damage.  The two creatures of toughness 2 to 4 start with no counter, a -1/-1
    counter (a toughness below the printed one), one of each kind, or a +1/+1 counter.
    Plenty of mana for both.  So that a creature enchanted dies (and its Aura goes after
    it), a creature is dealt damage and its Aura is moved away, deathtouch damage is
    dealt in combat, the legend rule applies (CR 704.5g, 704.5h, 704.5j, 704.5m, 704.5q).
    ``None`` for games about something else.

    Shrinks towards the first cards of each kind, with no counters.
    """
    wanted = _exactly(pool, focus)
    auras = [n for n in wanted if _aura(pool[n]) and "enchant creature" in _text(pool[n]).lower()]
    burns = [n for n in wanted if _burn(pool[n])]
    big = [n for n in burns if re.search(r"deals? [3-9] damage", _text(pool[n]))]
    names = sorted(pool)
    legends = [n for n in names if _legendary_creature(pool[n])
               and pool[n].layout != "transform" and _toughness(pool[n]) > 0]
    deathtouch = [n for n in names if _creature(pool[n]) and "Deathtouch" in _keywords(pool[n])
                  and "Legendary" not in pool[n].faces[0].supertypes]
    ordinary = [n for n in names if _creature(pool[n]) and not _keywords(pool[n]) & {
        "Morph", "Deathtouch"} and "Legendary" not in pool[n].faces[0].supertypes]
    sturdy = [n for n in ordinary if 2 <= _toughness(pool[n]) <= 3]
    if not (auras and big and legends and deathtouch and sturdy):
        return None
    one = st.sampled_from
    counters = one(_COUNTERS)

    def build(aura: str, burn: str, legend: str, mine: str,
              my_counters: tuple[tuple[str, int], ...], killer: str, theirs: str,
              their_counters: tuple[tuple[str, int], ...], their_burn: str) -> Hands:
        return ([CardEntry(aura), CardEntry(burn), CardEntry(legend)], [CardEntry(their_burn)],
                [CardEntry(mine, counters=my_counters), CardEntry(legend)],
                [CardEntry(killer), CardEntry(theirs, counters=their_counters)])

    return st.builds(build, one(auras), one(big), one(legends), one(sturdy), counters,
                     one(deathtouch), one(sturdy), counters, one(burns))


#: "Draw N cards" said by a spell or ability, its controller drawing (not "you may draw").
_DRAWS = re.compile(r"(?:^|[.;,] |\band )(?:you )?draw (a|an|one|two|three|\d+) cards?",
                    re.IGNORECASE | re.MULTILINE)


def _draws_cards(card: Card) -> bool:
    text = _text(card)
    return bool(_DRAWS.search(text)) and "may draw" not in text.lower()


def drawing_focus(card: Card) -> bool:
    """Instants and sorceries that make their controller draw cards, and permanents whose
    triggered ability does (the focus of ``drawing-from-an-empty-library``)."""
    return _draws_cards(card)


def drawing(pool: CardPool, focus: Callable[[Card], bool] | None
            ) -> st.SearchStrategy[LaterHands] | None:
    """For games about drawing from a library too small: alice holds two instants or
    sorceries that make her draw cards and a permanent that does as it enters or on a
    trigger, with plenty of mana; her library is the board's (two or three cards seven
    times in eight, else none), with one card more half of the time.  So a spell draws
    her library empty and the next draw finds none: she loses the next time state-based
    actions are performed (CR 704.5b, 121.4); and a spell drawing two cards finds one
    sometimes, which she draws before the draw that finds none (CR 121.2).  ``None`` for
    games about something else.

    Shrinks towards the first of each kind, and no card more.
    """
    if focus is None:
        return None
    names = sorted(pool)
    wanted = [n for n in names if drawing_focus(pool[n])]
    if not wanted or any(focus(pool[n]) != (n in wanted) for n in names):
        return None
    spells = [n for n in wanted if {"Instant", "Sorcery"} & set(pool[n].faces[0].types)]
    permanents = [n for n in wanted if n not in spells]
    if not spells or not permanents:
        return None
    one = st.sampled_from
    return st.builds(
        lambda first, second, permanent, more: (
            [CardEntry(first), CardEntry(second), CardEntry(permanent)], [], [], [],
            [CardEntry(first)] if more else [], []),
        one(spells), one(spells), one(permanents), st.booleans())


def legend_focus(card: Card) -> bool:
    """Legendary cards and what copies (the focus of ``legend-rule``)."""
    return any("Legendary" in f.supertypes for f in card.faces) \
        or "copy of" in _text(card).lower()


def legend_pairs(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[tuple[list[CardEntry], list[CardEntry]]] | None:
    """For games about the legend rule (``focus`` takes exactly :func:`legend_focus`'s
    cards): each player controls two permanents of one legendary card as the game starts,
    added after the board is settled (:func:`boards.settled`).  So the legend rule applies
    as soon as a player would receive priority, to the active player's and to the other
    player's, each choosing which of theirs to keep (CR 704.5j, 704.3).  The entries to add
    to alice's and bob's battlefields.  ``None`` for games about something else.

    Shrinks towards the first legendary card for both.
    """
    if focus is None:
        return None
    names = sorted(pool)
    if any(focus(pool[n]) != legend_focus(pool[n]) for n in names):
        return None
    legends = [n for n in names if pool[n].layout == "normal" and any(
        "Legendary" in f.supertypes for f in pool[n].faces) and bool(
        {"Artifact", "Creature", "Enchantment", "Land"} & set(pool[n].faces[0].types))
        and (_creature(pool[n]) <= (_toughness(pool[n]) > 0))]
    if not legends:
        return None
    one = st.sampled_from
    return st.builds(lambda mine, theirs: ([CardEntry(mine), CardEntry(mine)],
                                           [CardEntry(theirs), CardEntry(theirs)]),
                     one(legends), one(legends))
