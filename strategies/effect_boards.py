"""Boards for games about what resolving spells and abilities do: the keyword actions that
move cards and the tokens they create (``keyword-actions``, :func:`instructed`), life
gained and lost (``life-gained-and-lost``, :func:`life_changes`), and the cleanup step's
discard (``cleanup-discard``, :func:`full_hands`).

Each is drawn only in the games of a focus that takes exactly its cards
(:func:`keyword_focus`, :func:`life_focus`, :func:`hand_focus`), so that no other
property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Door

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands, LaterHands

_N = r"(?:a|an|one|two|three|four|five|six|seven|\d+)"
#: A keyword action moving cards, or tokens created, said with a number.
_KEYWORD_ACTIONS = re.compile(rf"\b(?:draws?|discards?|mills?) {_N} cards?\b|\bcreate {_N} "
                              rf"[^.]*?\btokens?\b|\bexile the top\b|\bsacrifice this\b",
                              re.IGNORECASE)
#: Life gained or lost, said with a number.
_TARGETED = re.compile(r"\btarget (?:player|opponent) (?:gains?|loses?)\b", re.IGNORECASE)
_EACH_OPPONENT = re.compile(r"\beach opponent loses\b", re.IGNORECASE)
_PLAYER_DAMAGE = re.compile(rf"\bdeals? {_N} damage to (?:each player|each opponent|target "
                            r"player|target opponent)\b", re.IGNORECASE)
_LIFE = re.compile(rf"\b(?:gains?|loses?) {_N} life\b", re.IGNORECASE)
#: An instruction for the player a spell targets.
_PLAYER_TARGET = re.compile(r"\btarget (?:player|opponent) (?:draws?|discards?|mills?)\b",
                            re.IGNORECASE)
_HAND = re.compile(r"\bhand\b|\bdiscards?\b", re.IGNORECASE)
#: A library search: "search your library", "searches their library".
LIBRARY_SEARCH = re.compile(r"\bsearch(?:es)? (?:your|their) library\b", re.IGNORECASE)
#: A player discarding cards the instruction doesn't pick: "target player discards two cards".
_DISCARDS = re.compile(rf"\b(?:player|opponent|you) discards? {_N} cards?\b", re.IGNORECASE)
_NO_MAXIMUM = re.compile(r"you have no maximum hand size", re.IGNORECASE)


def _instant_or_sorcery(card: Card) -> bool:
    return bool({"Instant", "Sorcery"} & set(card.faces[0].types))


def _exactly(pool: CardPool, focus: Callable[[Card], bool] | None,
             wanted: Callable[[Card], bool]) -> list[str]:
    """The cards ``wanted`` takes, when ``focus`` takes those and no other."""
    if focus is None:
        return []
    names = sorted(pool)
    found = [n for n in names if wanted(pool[n])]
    if not found or any(focus(pool[n]) != (n in found) for n in names):
        return []
    return found


def _entry(pool: CardPool, name: str) -> CardEntry:
    """A permanent as it is put on a battlefield: a Room with both doors unlocked."""
    return CardEntry(name, unlocked=tuple(Door) if pool[name].is_room else ())


def keyword_focus(card: Card) -> bool:
    """The cards whose text says to draw, discard or mill a number of cards, to create
    tokens, to exile the top of a library or to sacrifice itself (the focus of
    ``keyword-actions``)."""
    return bool(_KEYWORD_ACTIONS.search(_text(card)))


def instructed(pool: CardPool, focus: Callable[[Card], bool] | None
               ) -> st.SearchStrategy[LaterHands] | None:
    """For games about keyword actions: alice holds instants or sorceries that draw,
    discard, mill, exile the top of her library or create tokens ("target player discards
    two cards", "draw two cards") -- the last two of them that target a player, when any
    does, and one more -- and a permanent that does so as it enters or on a trigger, and
    has one such permanent on the battlefield; bob holds one such instant or sorcery (one
    that targets a player, when any does); three cards in each library, so that there are
    cards to draw; plenty of mana for both.  So each resolves, for its controller or the
    player it targets (CR 608.2c, 701.9a, 701.17a, 121.1).  ``None`` for games about
    something else.

    Shrinks towards the first of each kind.
    """
    wanted = _exactly(pool, focus, keyword_focus)
    spells = [n for n in wanted if _instant_or_sorcery(pool[n])]
    permanents = [n for n in wanted if n not in spells]
    if not spells or not permanents:
        return None
    targeting = [n for n in spells if _PLAYER_TARGET.search(_text(pool[n]))] or spells
    one = st.sampled_from
    return st.builds(
        lambda first, second, held, mine, theirs: (
            [*map(CardEntry, first), CardEntry(second), CardEntry(held)], [CardEntry(theirs)],
            [_entry(pool, mine)], list[CardEntry](), [CardEntry(n) for n in spells[:3]],
            [CardEntry(n) for n in spells[:3]]),
        st.permutations(targeting[-2:]), one(spells), one(permanents), one(permanents),
        one(targeting))


def life_focus(card: Card) -> bool:
    """The cards whose text says a player gains or loses a number of life, or is dealt a
    number of damage by name ("each player", "each opponent", "target player") (the focus
    of ``life-gained-and-lost``)."""
    return bool(_LIFE.search(_text(card)) or _PLAYER_DAMAGE.search(_text(card)))


def life_changes(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[Hands] | None:
    """For games about life gained and lost: alice has one or two permanents whose
    abilities make players gain or lose life (Rooms with both doors unlocked) -- and one
    making each opponent lose life, where the pool has one -- and holds
    one such card and two creature cards (what enters or dies for the watchers); bob has
    one such permanent and holds a creature card; plenty of mana for both.  ``None`` for
    games about something else.

    Shrinks towards the first of each kind.
    """
    wanted = _exactly(pool, focus, life_focus)
    permanents = [n for n in wanted if not _instant_or_sorcery(pool[n])]
    creatures = sorted(n for n in pool if _creature(pool[n]) and pool[n].layout == "normal"
                       and "Legendary" not in pool[n].faces[0].supertypes
                       and "X" not in (pool[n].faces[0].mana_cost or "X"))
    if not permanents or not creatures:
        return None
    one = st.sampled_from
    # a card whose player is targeted ("target player loses 2 life") held too, where the
    # pool has one: the rarest of the wordings read
    targeted = [n for n in wanted if _TARGETED.search(_text(pool[n]))]
    also = st.lists(one(targeted), min_size=1, max_size=1) if targeted else st.just([])
    # and, on alice's battlefield, a permanent making each opponent lose life, where the
    # pool has one: the other wording the watchers' own abilities rarely reach
    everyone = [n for n in permanents if _EACH_OPPONENT.search(_text(pool[n]))]
    theirs_too = st.lists(one(everyone), min_size=1, max_size=1) if everyone else st.just([])
    return st.builds(
        lambda mine, held, first, second, theirs, their_creature, aimed, each: (
            [*(CardEntry(n) for n in aimed), CardEntry(held), CardEntry(first), CardEntry(second)],
            [CardEntry(their_creature)],
            [_entry(pool, n) for n in dict.fromkeys([*each, *mine])], [_entry(pool, theirs)]),
        st.lists(one(permanents), min_size=1, max_size=2, unique=True), one(wanted),
        one(creatures), one(creatures), one(permanents), one(creatures), also, theirs_too)


def hand_focus(card: Card) -> bool:
    """The cards whose text speaks of a player's hand or of discarding (the focus of
    ``cleanup-discard``)."""
    return bool(_HAND.search(_text(card)))


def full_hands(pool: CardPool, focus: Callable[[Card], bool] | None
               ) -> st.SearchStrategy[Hands] | None:
    """For games about the cleanup step's discard: alice and bob each hold eight to ten
    cards more, and alice has, one time in three, a permanent saying "you have no maximum
    hand size" (a Room with both doors unlocked).  So a turn ends with the active player
    holding more than seven cards, and the other player too (CR 514.1, 402.2).  ``None``
    for games about something else.

    Shrinks towards eight cards each, the first of the pool, and no such permanent.
    """
    if not _exactly(pool, focus, hand_focus):
        return None
    names = sorted(n for n in pool if "Land" not in pool[n].faces[0].types)
    unlimited = [n for n in sorted(pool) if _NO_MAXIMUM.search(_text(pool[n]))]
    held = st.lists(st.sampled_from(names), min_size=8, max_size=10).map(
        lambda found: [CardEntry(n) for n in found])
    kept: st.SearchStrategy[list[CardEntry]] = st.one_of(st.just([]), st.just([]), st.builds(lambda n: [_entry(pool, n)],
                                                          st.sampled_from(unlimited))) \
        if unlimited else st.just([])
    return st.builds(lambda mine, theirs, permanents: (mine, theirs, permanents, []),
                     held, held, kept)


def discard_focus(card: Card) -> bool:
    """The instants and sorceries making a player discard cards the instruction doesn't
    pick ("target player discards two cards": the focus of
    ``discard-chosen-by-the-discarder``)."""
    return _instant_or_sorcery(card) and bool(_DISCARDS.search(_text(card)))


def discarding(pool: CardPool, focus: Callable[[Card], bool] | None
               ) -> st.SearchStrategy[Hands] | None:
    """For games about who chooses the cards a player discards: alice holds one or two
    spells making a player discard (``focus`` takes exactly those) and three to five cards
    more, bob three to five, with plenty of mana -- so that the spell resolves with more
    cards in the discarding player's hand than it discards, and they have a choice to make
    (CR 701.9b).  ``None`` for games about something else.

    Shrinks towards one spell, three cards each, the first of the pool.
    """
    spells = _exactly(pool, focus, discard_focus)
    if not spells:
        return None
    names = sorted(n for n in pool if "Land" not in pool[n].faces[0].types)
    held = st.lists(st.sampled_from(names), min_size=3, max_size=5).map(
        lambda found: [CardEntry(n) for n in found])
    return st.builds(lambda mine, more, theirs: ([*(CardEntry(n) for n in mine), *more],
                                                 theirs, [], []),
                     st.lists(st.sampled_from(spells), min_size=1, max_size=2), held, held)


def search_focus(card: Card) -> bool:
    """The cards that search a library (the focus of ``searched-cards-go-where-said`` and
    ``searches-may-find-nothing``)."""
    return bool(LIBRARY_SEARCH.search(_text(card)))


def searching(pool: CardPool, focus: Callable[[Card], bool] | None
              ) -> st.SearchStrategy[LaterHands] | None:
    """For games about library searches: alice has the permanents among ``focus``'s cards
    (which takes exactly the cards that search a library) on her battlefield, untapped, and
    its instants and sorceries in hand, with plenty of mana; her library holds two or three
    basic lands and one or two cheap permanent cards on top of the board's -- so that a
    search for a basic land card or a permanent card with a small mana value finds some
    (CR 701.23).  ``None`` for games about something else.

    Shrinks towards the first of each.
    """
    wanted = _exactly(pool, focus, search_focus)
    if not wanted:
        return None
    permanents = [n for n in wanted if not _instant_or_sorcery(pool[n])]
    spells = [n for n in wanted if _instant_or_sorcery(pool[n])]
    basics = sorted(n for n, c in pool.items() if "Basic" in c.faces[0].supertypes
                    and "Land" in c.faces[0].types)
    cheap = sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types
                   and not _instant_or_sorcery(c) and len(c.faces) == 1
                   and float(c.faces[0].raw.get("manaValue", 99)) <= 2)
    if not basics or not cheap:
        return None
    return st.builds(
        lambda lands, found: ([CardEntry(n) for n in spells], [],
                              [_entry(pool, n) for n in permanents], [],
                              [*(CardEntry(n) for n in lands), *(CardEntry(n) for n in found)],
                              []),
        st.lists(st.sampled_from(basics), min_size=2, max_size=3),
        st.lists(st.sampled_from(cheap), min_size=1, max_size=2))
