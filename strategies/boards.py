"""Strategies for starting positions (a scenario's ``Setup``) drawn from a card pool."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Door, Step, Zone

#: Enough mana of every color that costs rarely decide what is legal.
PLENTY = "{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}"

_PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"}


def _is_permanent(card: Card) -> bool:
    return bool(_PERMANENT_TYPES & set(card.faces[0].types))


def card_entries(pool: CardPool, zone: Zone, *, names: list[str],
                 focused: list[str] | None = None) -> st.SearchStrategy[CardEntry]:
    """One card entry for ``zone``: on the battlefield a permanent with a random state
    (tapped, door states, transformed); elsewhere just the card.  Half of the entries
    come from ``focused`` when it is given.

    Shrinks towards the first focused name (or the first of ``names``), untapped, no door
    unlocked.
    """
    def entry(name: str, tapped: bool, doors: list[Door], transformed: bool) -> CardEntry:
        card = pool[name]
        on_battlefield = zone is Zone.BATTLEFIELD
        return CardEntry(
            card=name, alias=None,
            tapped=tapped and on_battlefield,
            unlocked=tuple(sorted(set(doors), key=list(Door).index))
            if on_battlefield and card.is_room else (),
            transformed=transformed and on_battlefield and card.layout == "transform",
        )

    choices = st.sampled_from(names)
    if focused:
        choices = st.one_of(st.sampled_from(focused), choices)
    return st.builds(entry, choices, st.booleans(),
                     st.lists(st.sampled_from(list(Door)), max_size=2), st.booleans())


def boards(pool: CardPool, *, max_per_zone: int = 3, mana: str = PLENTY,
           focus: Callable[[Card], bool] | None = None) -> st.SearchStrategy[Setup]:
    """A two-player position in alice's precombat main phase: cards in alice's hand,
    graveyard and library, permanents on both battlefields, and ``mana`` for alice.  Every
    card entry gets an alias ``c1``, ``c2``... in order.  With ``focus``, the cards it
    selects come first in every zone's choices, so that games use them more.

    Shrinks towards fewer cards, then towards the first cards of the pool (focused first,
    then by name).
    """
    everything = sorted(name for name, card in pool.items() if "Land" not in card.faces[0].types)
    permanents = [name for name in everything if _is_permanent(pool[name])]
    if not permanents:
        raise ValueError("the card pool has no permanent cards")

    def zone(z: Zone, names: list[str], low: int = 0) -> st.SearchStrategy[list[CardEntry]]:
        focused = [n for n in names if focus(pool[n])] if focus is not None else None
        return st.lists(card_entries(pool, z, names=names, focused=focused),
                        min_size=low, max_size=max_per_zone)

    @st.composite
    def build(draw: st.DrawFn) -> Setup:
        alice = {
            Zone.HAND: draw(zone(Zone.HAND, everything)),
            Zone.BATTLEFIELD: draw(zone(Zone.BATTLEFIELD, permanents, 1)),
            Zone.GRAVEYARD: draw(zone(Zone.GRAVEYARD, everything)),
            Zone.LIBRARY: draw(zone(Zone.LIBRARY, everything, 2)),
        }
        bob = {Zone.BATTLEFIELD: draw(zone(Zone.BATTLEFIELD, permanents))}
        counter = iter(range(1, 1000))

        def named(zones: dict[Zone, list[CardEntry]]) -> dict[Zone, tuple[CardEntry, ...]]:
            return {z: tuple(_with_alias(e, f"c{next(counter)}") for e in entries)
                    for z, entries in zones.items()}

        return Setup(
            players=(PlayerSetup("alice", mana=mana, zones=named(alice)),
                     PlayerSetup("bob", zones=named(bob))),
            active_player="alice", step=Step.PRECOMBAT_MAIN,
        )

    return build()


def _with_alias(entry: CardEntry, alias: str) -> CardEntry:
    return replace(entry, alias=alias)
