"""Boards for games about when a player loses: a combat damage step in which one player's
life falls to 0 by the damage alone while a blocker of theirs with lifelink gains it back in
the same event (:func:`lifelink_saves`); a spell or an entering creature making a player
lose life, with that player's life within its reach (:func:`life_lost_to_zero`).

Drawn only in the games of a focus that takes exactly its cards, so that no other
property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .choice_boards import _exactly, _plain_creatures
from .stack_boards import Hands


def lifelinker(card: Card) -> bool:
    """Single-faced nonlegendary creatures with lifelink (the focus of
    ``losing-after-combat-damage``)."""
    face = card.faces[0]
    return len(card.faces) == 1 and "Creature" in face.types and "Lifelink" in face.keywords \
        and "Legendary" not in face.supertypes \
        and (face.power or "").isdigit() and int(face.power or 0) >= 1


#: A spell's or an entering creature's effect making a player lose life, and how much.
_LOSES = re.compile(r"^(?:when this creature enters, )?target (?:player|opponent) "
                    r"(?:draws [a-z]+ cards? and )?loses (\d+) life", re.IGNORECASE)


def makes_a_player_lose_life(card: Card) -> bool:
    """Instants, sorceries and creatures whose spell or entering makes a target player lose
    life (the focus of ``losing-to-life-loss``)."""
    face = card.faces[0]
    return len(card.faces) == 1 and bool({"Instant", "Sorcery", "Creature"} & set(face.types)) \
        and any(_LOSES.match(t) for t in face.ability_texts)


def _loss(card: Card) -> int:
    return max(int(m.group(1)) for t in card.faces[0].ability_texts
               if (m := _LOSES.match(t)) is not None)


def _number(text: str | None) -> int:
    return int(text) if text is not None and text.isdigit() else 0


def lifelink_saves(pool: CardPool, focus: Callable[[Card], bool] | None
                   ) -> st.SearchStrategy[tuple[Hands, int]] | None:
    """For games about when a player loses: bob has an untapped creature with lifelink, and
    alice either two untapped creatures of one name with no keyword, power 1 to 3, and bob
    as much life as one of them has power; or (half of the time, when the pool has one) an
    untapped creature with trample, and bob as much life as it has power beyond the
    lifelinker's toughness -- so that when the lifelinker blocks one attacker, the damage
    to bob alone (the other attacker's, or the trampler's beyond lethal damage) takes him
    to 0 while the lifelinker's gains him life in the same event, and he is still in the
    game when state-based actions are checked (CR 510.2, 702.15b, 702.19b, 704.3, 704.5a).
    The hands and permanents to add, and bob's life.  ``None`` for games about something
    else.

    Shrinks towards the first creatures, two of them.
    """
    wanted = _exactly(pool, lifelinker, focus)
    attackers = [n for n in _plain_creatures(pool) if _number(pool[n].faces[0].power) <= 3
                 and "Legendary" not in pool[n].faces[0].supertypes]
    if not wanted or not attackers:
        return None
    one = st.sampled_from
    pairs: st.SearchStrategy[tuple[Hands, int]] = st.builds(
        lambda a, ll: (([], [], [CardEntry(a), CardEntry(a)], [CardEntry(ll)]),
                       _number(pool[a].faces[0].power)),
        one(attackers), one(wanted))
    tramplers = [(t, ll) for t in sorted(pool) for ll in wanted
                 if len(pool[t].faces) == 1 and "Creature" in pool[t].faces[0].types
                 and "Trample" in pool[t].faces[0].keywords
                 and "Legendary" not in pool[t].faces[0].supertypes
                 and _number(pool[t].faces[0].power) > _number(pool[ll].faces[0].toughness)]
    if not tramplers:
        return pairs
    trampling: st.SearchStrategy[tuple[Hands, int]] = st.builds(
        lambda pair: (([], [], [CardEntry(pair[0])], [CardEntry(pair[1])]),
                      _number(pool[pair[0]].faces[0].power)
                      - _number(pool[pair[1]].faces[0].toughness)),
        one(tramplers))
    return st.one_of(pairs, trampling)


def life_lost_to_zero(pool: CardPool, focus: Callable[[Card], bool] | None
                      ) -> st.SearchStrategy[tuple[list[CardEntry], int]] | None:
    """For games about losing by life loss rather than damage: alice holds one or two cards
    whose spell or entering makes a target player lose life (``focus`` takes exactly those),
    and bob has as much life as the first makes him lose, or less -- so that it takes him to
    0 or less without damage, and he loses as state-based actions are next checked (CR
    119.3, 704.5a).  The cards to add to alice's hand, and bob's life.  ``None`` for games about something
    else.

    Shrinks towards the first card, one of it, and bob's life 1.
    """
    wanted = _exactly(pool, makes_a_player_lose_life, focus)
    if not wanted:
        return None
    one = st.sampled_from
    return st.builds(lambda held, life: ([CardEntry(n) for n in held],
                                         min(life, _loss(pool[held[0]]))),
                     st.lists(one(wanted), min_size=1, max_size=2), st.integers(1, 3))
