"""Boards for games about last known information: a creature's {T} ability dealing damage,
its source answered before it resolves (:func:`gone_sources`); and creatures dying with what
looks back at them -- a copy of a creature with a "when this creature dies" ability, a
watcher of deaths, and spells killing two creatures at once (:func:`copies_dying`).

Each is drawn only in the games of a focus that takes exactly its cards, so that no other
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
from .choice_boards import _exactly
from .stack_boards import Hands

#: A permanent's activated ability with {T} in its cost that deals damage to a target.
_TAP_DAMAGE = re.compile(r"^[^:\n]*\{T\}[^:\n]*:[^\n]*damage to (any )?target",
                         re.IGNORECASE | re.MULTILINE)
#: An instant that answers a permanent: it deals damage to a target or returns one.
_ANSWER = re.compile(r"damage to (any|target)|return target creature", re.IGNORECASE)
_OWN_DIES = re.compile(r"^when this creature dies, ", re.IGNORECASE | re.MULTILINE)
_WATCHES = re.compile(r"^whenever a creature you control dies, ", re.IGNORECASE | re.MULTILINE)
#: A spell dividing damage among several targets, or dealing damage to each creature.
_KILLS_TWO = re.compile(r"damage divided as you choose among|damage to each creature",
                        re.IGNORECASE)
_COPY = re.compile(r"enter as a copy of any creature|token that's a copy of target creature",
                   re.IGNORECASE)


#: A permanent's activated ability that deals damage (to a target, to each opponent ...).
_ACTIVATED_DAMAGE = re.compile(r"^[^:\n]*:[^\n]*\bdeals? \d+ damage\b",
                               re.IGNORECASE | re.MULTILINE)


def _keyed_damage_source(card: Card) -> bool:
    """A creature with lifelink or deathtouch whose activated ability deals damage: what
    the ability does once it has left depends on those keywords as it last existed."""
    return _creature(card) and bool({"Lifelink", "Deathtouch"} & set(card.faces[0].keywords)) \
        and bool(_ACTIVATED_DAMAGE.search(_text(card)))


def pinger_or_answer(card: Card) -> bool:
    """Creatures whose {T} ability deals damage to a target, creatures with lifelink or
    deathtouch whose activated ability deals damage, and instants that deal damage to a
    target or return a creature (the focus of ``damage-from-a-source-that-left``)."""
    face = card.faces[0]
    return (_creature(card) and bool(_TAP_DAMAGE.search(_text(card)))) \
        or _keyed_damage_source(card) or (
            "Instant" in face.types and bool(_ANSWER.search(_text(card))))


def gone_sources(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[Hands] | None:
    """For games about an ability whose source leaves before it resolves: alice has a
    creature whose {T} ability deals damage to a target -- and, where the pool has one, a
    creature with lifelink or deathtouch whose activated ability deals damage, whose last
    known keywords decide what the damage does, with an instant that returns a creature in
    her hand -- bob holds two instants that return a creature (or deal damage to a target,
    in a pool without them) and one that deals damage to a target or returns a creature,
    plenty of mana for both.  So the ability is activated, and alice or bob answers its
    source, often the one creature an instant returning a creature can target; the ability
    resolves with the source's last known information (CR 608.2h, 113.7a).  ``None`` for
    games about something else.

    Shrinks towards the first creature and the first answers.
    """
    wanted = _exactly(pool, pinger_or_answer, focus)
    sources = [n for n in wanted if _creature(pool[n])]
    keyed = [n for n in sources if _keyed_damage_source(pool[n])]
    answers = [n for n in wanted if not _creature(pool[n])]
    returns = [n for n in answers if "return target creature" in _text(pool[n]).lower()]
    if not sources or not answers:
        return None
    one = st.sampled_from
    plain = [n for n in sources if n not in keyed]
    if not keyed or not plain:
        return st.builds(
            lambda source, first, theirs: ([], [*map(CardEntry, first), CardEntry(theirs)],
                                            [CardEntry(source)], []),
            one(sources), st.lists(one(returns or answers), min_size=2, max_size=2),
            one(answers))
    return st.builds(
        lambda source, key, first, theirs, mine: (
            [CardEntry(mine)], [*map(CardEntry, first), CardEntry(theirs)],
            [CardEntry(key), CardEntry(source)], []),
        one(plain), one(keyed),
        st.lists(one(returns or answers), min_size=2, max_size=2), one(answers),
        one(returns or answers))


def dies_or_copies(card: Card) -> bool:
    """Creatures with "when this creature dies", permanents watching creatures of their
    controller die, what copies a creature, and spells dividing damage among targets or
    dealing damage to each creature (the focus of ``dies-abilities-looking-back``)."""
    text = _text(card)
    return bool(_OWN_DIES.search(text) and _creature(card)) or bool(_WATCHES.search(text)) \
        or bool(_COPY.search(text)) or (
            bool({"Instant", "Sorcery"} & set(card.faces[0].types)) and bool(_KILLS_TWO.search(text)))


def copies_dying(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[Hands] | None:
    """For games about what looks back at creatures dying: alice has a permanent watching
    her creatures die (a Room with both doors unlocked) and a creature with a "when this
    creature dies" ability, and holds what copies a creature (a Clone, a door making a token
    copy) and two spells dividing damage or dealing damage to each creature, with plenty of
    mana.  So the copy enters as that creature, and the spell kills it and the original at
    once: each one's own ability triggers as it last existed on the battlefield, and the
    watcher once for each (CR 603.10a, 700.4).  ``None`` for games about something else.

    Shrinks towards the first of each kind.
    """
    wanted = _exactly(pool, dies_or_copies, focus)
    watchers = [n for n in wanted if _WATCHES.search(_text(pool[n]))]
    dying = [n for n in wanted if _OWN_DIES.search(_text(pool[n])) and _creature(pool[n])
             and not _WATCHES.search(_text(pool[n]))]
    copiers = [n for n in wanted if _COPY.search(_text(pool[n]))]
    killers = [n for n in wanted if _KILLS_TWO.search(_text(pool[n]))]
    if not watchers or not dying or not copiers or not killers:
        return None
    one = st.sampled_from
    return st.builds(
        lambda w, d, c, k: ([CardEntry(c), *map(CardEntry, k)], [],
                            [CardEntry(w, unlocked=tuple(Door) if pool[w].is_room else ()),
                             CardEntry(d)], []),
        one(watchers), one(dying), one(copiers), st.lists(one(killers), min_size=2, max_size=2))
