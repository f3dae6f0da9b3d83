"""Where games start: positions with what later turns need (:func:`both_sides`), and the
simpler positions a game falls back on when an engine cannot set up the one drawn
(:func:`fallbacks`), so that every engine plays from what it can set up."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from strategies import card_entries, mana_pools
from strategies.boards import mostly

from ..format.cards import Card, CardPool
from ..format.model import CardEntry, Ruling, Setup
from ..format.vocabulary import Step, Zone

__all__ = ["both_sides", "fallbacks", "scenario_setups"]


#: The strategies :func:`both_sides` made, by pool, base and the cards ``focus`` selects,
#: each with its pool and base: made once for every property's games.
_BOTH_SIDES: dict[tuple[Any, ...], tuple[CardPool, st.SearchStrategy[Setup],
                                         st.SearchStrategy[Setup]]] = {}


def both_sides(pool: CardPool, base: st.SearchStrategy[Setup],
               focus: Callable[[Card], bool]) -> st.SearchStrategy[Setup]:
    """:func:`_both_sides`, made once for a pool, a base and the cards ``focus`` selects
    (it looks at what a card is)."""
    key = (id(pool), id(base), frozenset(name for name, card in pool.items() if focus(card)))
    kept = _BOTH_SIDES.get(key)
    if kept is not None and kept[0] is pool and kept[1] is base:
        return kept[2]
    if len(_BOTH_SIDES) >= 256:
        _BOTH_SIDES.clear()
    made = _both_sides(pool, base, focus)
    _BOTH_SIDES[key] = (pool, base, made)
    return made


# Made once, at import: ``st.composite`` reads the source of the function it wraps, which
# costs more than drawing when a strategy is made for each card pool and property.  Each
# has a docstring of its own, which keeps its label apart from the others' (Hypothesis
# tells spans apart by the code that draws them).
@st.composite
def _drawn_both_sides(draw: st.DrawFn, build: Callable[[st.DrawFn], Setup]) -> Setup:
    """A position with what later turns need, drawn by ``build``."""
    return build(draw)


def _both_sides(pool: CardPool, base: st.SearchStrategy[Setup],
                focus: Callable[[Card], bool]) -> st.SearchStrategy[Setup]:
    """``base`` positions with what later turns need: basic lands on both battlefields (mana
    empties between steps), one or two cards in the other player's hand (half of the time,
    ``strategies.boards.mostly``) and, two times in three, mana in their pool (plenty or a
    few symbols, as often: ``st.one_of`` takes in :func:`~strategies.boards.mana_pools`'
    two branches beside no mana), so that both players act in either turn; and half of the
    time it is the other player's turn, with the setup's mana.  New entries get the aliases
    after the setup's own.

    Shrinks towards no lands, an empty hand, no mana for the other player and the
    setup's active player, then as ``base`` does.
    """
    lands = sorted(name for name, card in pool.items()
                   if "Land" in card.faces[0].types and "Basic" in card.faces[0].supertypes)
    spells = sorted(name for name, card in pool.items() if "Land" not in card.faces[0].types)
    focused = [name for name in spells if focus(pool[name])]
    land_lists = st.lists(st.sampled_from(lands), max_size=3) if lands else st.just([])
    hands = mostly(st.lists(card_entries(pool, Zone.HAND, names=spells,
                                         focused=focused or None),
                            min_size=1, max_size=2)) if spells else st.just([])
    others_mana = st.one_of(st.just(""), mana_pools())

    def build(draw: st.DrawFn) -> Setup:
        setup = draw(base)
        taken = {entry.alias for _player, _zone, entry in setup.entries()}
        numbers = (f"c{n}" for n in itertools.count(len(taken) + 1) if f"c{n}" not in taken)
        players = []
        for player in setup.players:
            zones = dict(player.zones)
            added = [CardEntry(name) for name in draw(land_lists)]
            zones[Zone.BATTLEFIELD] = (*zones.get(Zone.BATTLEFIELD, ()),
                                       *(replace(e, alias=next(numbers)) for e in added))
            if player.name != setup.active_player:
                hand = draw(hands)
                zones[Zone.HAND] = (*zones.get(Zone.HAND, ()),
                                    *(replace(e, alias=next(numbers)) for e in hand))
            players.append(replace(player, zones=zones))
        other_mana = draw(others_mana, label="the other player's mana")
        if len(players) == 2 and draw(st.booleans(), label="the other player's turn"):
            active = next(p for p in players if p.name != setup.active_player)
            mana = "".join(p.mana for p in players)
            players = [replace(p, mana=mana if p is active else other_mana) for p in players]
            return replace(setup, players=tuple(players), active_player=active.name)
        players = [p if p.name == setup.active_player or p.mana else replace(p, mana=other_mana)
                   for p in players]
        return replace(setup, players=tuple(players))

    return _drawn_both_sides(build)


#: The zones a game that starts "by legal play" has cards in: libraries and hands, as a game
#: begins (CR 103).
_OPENING_ZONES = (Zone.LIBRARY, Zone.HAND)


def fallbacks(setup: Setup, pool: CardPool) -> Iterator[Setup]:
    """``setup``, then ever simpler positions made from it, for an engine that cannot set up
    the one before (each differs from the one before it):

    1. no mana in any pool (the lands stay: players tap them);
    2. every permanent as it would enter -- untapped, no counters, doors locked, face up,
       front face up, no tokens -- each player at 20 life, in the first main phase;
    3. by legal play from an opening hand: the cards in hands and libraries only (the
       lands that were on a battlefield put in their owner's hand, to be played), as a game
       begins (CR 103), with nothing injected at all (``Setup.provenance`` is
       ``legal-play``).
    """
    yield setup
    seen = {repr(setup)}
    no_mana = replace(setup, players=tuple(replace(p, mana="") for p in setup.players))
    plain = replace(no_mana, step=Step.PRECOMBAT_MAIN, players=tuple(
        replace(p, life=20, zones={zone: tuple(_as_entering(e) for e in entries
                                              if not e.token)
                                   for zone, entries in p.zones.items()})
        for p in no_mana.players))
    opening = replace(plain, players=tuple(replace(p, zones=_opening(p.zones, pool))
                                            for p in plain.players))
    for candidate in (no_mana, plain, opening):
        if repr(candidate) not in seen:
            seen.add(repr(candidate))
            yield candidate


def _as_entering(entry: CardEntry) -> CardEntry:
    return CardEntry(entry.card, alias=entry.alias, line=entry.line)


def _opening(zones: Any, pool: CardPool) -> dict[Zone, tuple[CardEntry, ...]]:
    """Libraries and hands only; the lands of the battlefield go to the hand."""
    lands = tuple(e for e in zones.get(Zone.BATTLEFIELD, ())
                  if e.card in pool and "Land" in pool[e.card].faces[0].types)
    kept = {zone: tuple(entries) for zone, entries in zones.items() if zone in _OPENING_ZONES}
    if lands:
        kept[Zone.HAND] = (*kept.get(Zone.HAND, ()), *lands)
    return {zone: entries for zone, entries in kept.items() if entries}


def scenario_setups(pool: CardPool, rulings: Sequence[Ruling],
                    focus: Callable[[Card], bool]) -> list[Setup]:
    """The setups of the corpus's executable scenarios that hold a card ``focus`` selects
    (every one, when none does), each once, in the corpus's order: positions the rulings'
    authors built to reach a rule's situation -- a doubler beside what it doubles, combat
    with its keywords, a copy and its original -- from which random play goes on where no
    random board goes.  Setups naming a card ``pool`` lacks are left out."""
    found: list[Setup] = []
    seen: set[str] = set()
    for ruling in rulings:
        if not ruling.executable:
            continue
        for scenario in ruling.scenarios:
            setup = scenario.setup
            names = [entry.card for _player, _zone, entry in setup.entries()]
            if not names or any(name not in pool for name in names):
                continue
            key = repr(setup)
            if key not in seen:
                seen.add(key)
                found.append(setup)
    focused = [s for s in found
               if any(focus(pool[e.card]) for _p, _z, e in s.entries())]
    return focused or found
