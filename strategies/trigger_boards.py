"""Boards for games about delayed triggered abilities (``delayed-triggers-once``): the
permanents whose abilities make one "at the beginning of the next end step", with what
they need (:func:`delaying`); and for games about triggers under doublers
(``turned-face-up-under-doublers``), a morph card to cast face down beside a permanent
watching creatures enter (:func:`watched_morphs`); and for games about combat triggers
(``combat-trigger-instances``), a creature with double strike beside a permanent watching
combat damage to a player (:func:`double_strikes_watched`).

Drawn only in the games of a focus that takes exactly :func:`delayed_focus`'s cards (or
:func:`face_up_and_doublers`', or :func:`watches_combat`'), so that no other property's
games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Door

from .cards import card_text as _text
from .choice_boards import _exactly
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


def face_up_and_doublers(card: Card) -> bool:
    """Morph cards whose "when this is turned face up" ability triggers, and doublers (the
    focus of ``turned-face-up-under-doublers``)."""
    from conformance.properties.judge import read_face

    return any(t.event == "face-up" for f in card.faces for t in read_face(f).triggers) \
        or "triggers an additional time" in _text(card).lower()


def watched_morphs(pool: CardPool, focus: Callable[[Card], bool] | None
                   ) -> st.SearchStrategy[LaterHands] | None:
    """For games about triggers under doublers (``focus`` takes exactly the cards
    :func:`face_up_and_doublers` takes): alice holds a morph card and has a creature whose
    ability watches another creature entering (Soul Warden's kind), and bob sometimes one
    too -- so that a creature cast face down enters under their eyes: a face-down permanent
    is a 2/2 creature, and it enters like any other (CR 708.2, 603.6a).  ``None`` for games
    about something else.

    Shrinks towards the first of each kind, bob without a watcher.
    """
    from conformance.properties.judge import read_face

    if not _exactly(pool, face_up_and_doublers, focus):
        return None
    morphs = [n for n in sorted(pool) if len(pool[n].faces) == 1
              and "Morph" in pool[n].faces[0].keywords]
    watchers = [n for n in sorted(pool) if len(pool[n].faces) == 1
                and "Creature" in pool[n].faces[0].types
                and any(t.event == "enters-other" for t in read_face(pool[n].faces[0]).triggers)]
    if not morphs or not watchers:
        return None
    one = st.sampled_from
    return st.builds(
        lambda morph, mine, theirs: ([CardEntry(morph)], [], [CardEntry(mine)],
                                     [CardEntry(n) for n in theirs], [], []),
        one(morphs), one(watchers), st.lists(one(watchers), max_size=1))


#: The events of triggered abilities watching combat (their names begin so), and a creature
#: dealing damage by an ability ("{T}: This creature deals 1 damage to any target").
COMBAT_TRIGGERS = ("attacks", "you-attack", "combat-damage")
_ABILITY_DAMAGE = re.compile(r"\{t\}: this creature deals \d+ damage")


def watches_combat(card: Card) -> bool:
    """A permanent whose triggered ability watches attacks or combat damage, or a creature
    that deals damage by an ability (the focus of ``combat-trigger-instances``)."""
    from conformance.contract.text import normalize_text
    from conformance.properties.judge import read_face

    return any(any(t.event.startswith(COMBAT_TRIGGERS) for t in read_face(f).triggers)
               or "Creature" in f.types and _ABILITY_DAMAGE.search(
                   normalize_text(f.text).lower()) is not None
               for f in card.faces)


def double_strikes_watched(pool: CardPool, focus: Callable[[Card], bool] | None
                           ) -> st.SearchStrategy[LaterHands] | None:
    """For games about combat triggers (``focus`` takes exactly the cards
    :func:`watches_combat` takes): alice has a creature with double strike and a permanent
    whose ability watches combat damage her creatures deal to a player (a Room with both
    doors unlocked), so that an attack deals combat damage in two steps: "whenever one or
    more creatures you control deal combat damage to a player" triggers in each (CR 510.3a,
    702.4b).  ``None`` for games about something else.

    Shrinks towards the first of each kind.
    """
    from conformance.properties.judge import read_face

    if not _exactly(pool, watches_combat, focus):
        return None
    strikers = [n for n in sorted(pool) if len(pool[n].faces) == 1
                and "Creature" in pool[n].faces[0].types
                and "Double strike" in pool[n].faces[0].keywords]
    watchers = [n for n in sorted(pool) if any(  # whoever deals it: not "this creature"
        t.event.startswith("combat-damage") and not t.event.endswith("-self")
        for f in pool[n].faces for t in read_face(f).triggers)]
    if not strikers or not watchers:
        return None

    def entry(name: str) -> CardEntry:
        return CardEntry(name, unlocked=tuple(Door) if pool[name].is_room else ())

    return st.builds(lambda striker, watcher: ([], [], [entry(striker), entry(watcher)], [],
                                               [], []),
                     st.sampled_from(strikers), st.sampled_from(watchers))
