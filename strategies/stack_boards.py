"""Boards for games about the stack: spells held by both players outside sorcery timing
(:func:`timings`), and spells and abilities answered before they resolve (:func:`answered`,
:func:`sources_answered`)."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text

#: What they hold, and plenty of mana for both players: (alice's hand, bob's hand, alice's
#: battlefield, bob's battlefield).
Hands = tuple[list[CardEntry], list[CardEntry], list[CardEntry], list[CardEntry]]
#: ... and, for games that go on to later turns, cards on top of alice's and bob's libraries
#: (so that neither loses at a draw step on the way).
LaterHands = tuple[list[CardEntry], list[CardEntry], list[CardEntry], list[CardEntry],
                   list[CardEntry], list[CardEntry]]

_SYMBOL = re.compile(r"\{([^}]+)\}")
#: An instant that answers a spell by making its target illegal: it returns a target to
#: its owner's hand, or deals damage to one.
_ANSWER = re.compile(r"return target|damage to (any|target)", re.IGNORECASE)


def _nonland(pool: CardPool) -> list[str]:
    return sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types)


def _flash(card: Card) -> bool:
    return "Flash" in card.faces[0].keywords


def _cheap(card: Card, most: int = 3) -> bool:
    """A mana cost without {X}, of mana value ``most`` or less."""
    cost = card.faces[0].mana_cost
    if not cost or "X" in cost:
        return False
    return sum(int(s) if s.isdigit() else 1 for s in _SYMBOL.findall(cost)) <= most


def _untargeted(card: Card) -> bool:
    """Castable whatever is in play: no target, or a player may be the target."""
    text = _text(card).lower()
    return ("target" not in text or "any target" in text or "target player" in text) \
        and not card.is_room and not any("Aura" in f.subtypes for f in card.faces)


def _focused(pool: CardPool, names: list[str], wanted: list[str],
             focus: Callable[[Card], bool] | None, share: int) -> bool:
    """Whether ``focus`` takes every card of ``wanted`` and not more than one card in
    ``share`` of ``names``: games about those cards, not about every card."""
    return bool(wanted) and focus is not None and all(focus(pool[n]) for n in wanted) \
        and share * sum(1 for n in names if focus(pool[n])) <= len(names)


def timings(pool: CardPool, focus: Callable[[Card], bool] | None
            ) -> st.SearchStrategy[Hands] | None:
    """For games about when spells may be cast (``focus`` takes every spell with flash and
    every sorcery, and not more than half of the pool): alice holds a spell with flash, an
    instant that needs no creature to target and a cheap spell that is neither (a creature,
    a sorcery), bob a spell with flash and a spell that is neither; both have plenty of
    mana.  So alice casts her instant and holds priority with a spell on the stack, bob
    holds priority in alice's turn -- with an empty stack when she passes in her main
    phase -- and, in the games in which it is bob's turn, alice in his (CR 307.1, 702.8a).
    ``None`` for games about something else (the boards then draw nothing more).

    Shrinks towards the first card of each kind.
    """
    names = _nonland(pool)
    flash = [n for n in names if _flash(pool[n]) and _untargeted(pool[n])]
    sorceries = [n for n in names if "Sorcery" in pool[n].faces[0].types]
    if not flash or not _focused(pool, names, [n for n in names if _flash(pool[n])]
                                 + sorceries, focus, 2):
        return None
    instants = [n for n in names if "Instant" in pool[n].faces[0].types
                and _untargeted(pool[n]) and _cheap(pool[n])]
    slow = [n for n in names if not _flash(pool[n]) and _untargeted(pool[n])
            and _cheap(pool[n]) and "Instant" not in pool[n].faces[0].types]
    if not instants or not slow:
        return None
    one = st.sampled_from
    return st.builds(
        lambda f, i, s, bf, bs: ([CardEntry(f), CardEntry(i), CardEntry(s)],
                                 [CardEntry(bf), CardEntry(bs)], [], []),
        one(flash), one(instants), one(slow), one(flash), one(slow))


def answered(pool: CardPool, focus: Callable[[Card], bool] | None
             ) -> st.SearchStrategy[Hands] | None:
    """For games about targets that became illegal (``focus`` takes every Aura and every
    instant that returns a target to its owner's hand or deals damage to one, and not more
    than a third of the pool): alice holds an Aura -- or a spell that targets a creature --
    and three such answers, bob three too, a creature is on each battlefield, and both have
    plenty of mana.  So an Aura spell or a targeted spell is answered by a spell that moves
    or kills its target before it resolves (CR 608.2b, 303.4): each answer is cast at a
    target drawn among every creature and player, so that it takes several for one to meet
    the Aura's.  ``None`` for games about
    something else.

    Shrinks towards the first Aura, the first answer and the first creature.
    """
    names = _nonland(pool)
    auras = [n for n in names if any("Aura" in f.subtypes for f in pool[n].faces)]
    answers = [n for n in names if "Instant" in pool[n].faces[0].types
               and _ANSWER.search(_text(pool[n]))]
    if not auras or not answers or not _focused(pool, names, auras + answers, focus, 3):
        return None
    targeted = [n for n in names if n not in auras and "target creature" in _text(pool[n])
                and "Instant" in pool[n].faces[0].types]
    creatures = [n for n in names if "Creature" in pool[n].faces[0].types
                 and _cheap(pool[n], 4)]
    if not creatures:
        return None
    one = st.sampled_from
    spells = st.one_of(one(auras), one(auras), one(targeted)) if targeted else one(auras)
    three = st.lists(one(answers), min_size=3, max_size=3)
    return st.builds(
        lambda spell, mine, theirs, a, b: ([CardEntry(spell), *map(CardEntry, mine)],
                                           [*map(CardEntry, theirs)], [CardEntry(a)],
                                           [CardEntry(b)]),
        spells, three, three, one(creatures), one(creatures))


#: A permanent's activated ability with {T} in its cost that deals damage to, returns or
#: taps a target.
_TAPPING_ABILITY = re.compile(r"^[^:\n]*\{T\}[^:\n]*:[^\n]*(damage to (any )?target|return target|"
                              r"tap target)", re.IGNORECASE | re.MULTILINE)


#: What deals damage to, returns or taps a target, whatever it is.
_INSTRUCTION = re.compile(r"damage to (any )?target|return target|tap target", re.IGNORECASE)


def sources_answered(pool: CardPool, focus: Callable[[Card], bool] | None
                     ) -> st.SearchStrategy[Hands] | None:
    """For games about what spells and abilities do to their targets (``focus`` takes every
    card that deals damage to, returns or taps a target, no Aura, and not more than a third
    of the pool): a creature whose {T} ability does so on alice's battlefield, three such instants in her hand and
    three in bob's, a creature on his battlefield, plenty of mana for both.  So the ability
    is activated and its source, or its target, answered before it resolves: an activated
    ability exists independently of its source (CR 113.7a), and a target moved is illegal
    (CR 608.2b).  ``None`` for games about something else.

    Shrinks towards the first such permanent, answers and creature.
    """
    names = _nonland(pool)
    sources = [n for n in names if _TAPPING_ABILITY.search(_text(pool[n]))
               and "Creature" in pool[n].faces[0].types]
    answers = [n for n in names if "Instant" in pool[n].faces[0].types
               and _ANSWER.search(_text(pool[n]))]
    auras = [n for n in names if any("Aura" in f.subtypes for f in pool[n].faces)]
    instructed = [n for n in names if _INSTRUCTION.search(_text(pool[n]))]
    if not sources or not answers or not _focused(pool, names, instructed, focus, 3) \
            or focus is None or any(focus(pool[n]) for n in auras):
        return None
    creatures = [n for n in names if "Creature" in pool[n].faces[0].types and _cheap(pool[n], 4)]
    one = st.sampled_from
    three = st.lists(one(answers), min_size=3, max_size=3)
    return st.builds(
        lambda source, mine, theirs, b: ([*map(CardEntry, mine)], [*map(CardEntry, theirs)],
                                         [CardEntry(source)], [CardEntry(b)]),
        one(sources), three, three, one(creatures))
