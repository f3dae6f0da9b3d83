"""Strategies for starting positions (a scenario's ``Setup``) drawn from a card pool."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Door, Step, Zone

from .cards import card_text as _text
from .cards import is_creature as _creature
from .choice_boards import declarations, multi_targets
from .cost_boards import (cost_changes, doubled_reductions, impulses, reduced_each_turn,
                          symbol_costs, tapped_activators, x_cost_reductions)
from .damage_boards import (
    double_blocked, doubly_blocked, first_strike_duels, flickered, pumped_then_burned,
    returning, turned_up, watched_deaths,
)
from .lki_boards import copies_dying, gone_sources
from .sba_boards import doomed, drawing, legend_pairs
from .stack_boards import answered, sources_answered, timings
from .counter_boards import counted
from .dying_boards import sacrificed
from .duration_boards import granted, pumped_together, stranded, under_anthems
from .priority_boards import special_actions
from .token_boards import copied_legends, copied_tokens, face_down_copied, flickered_tokens
from .trigger_boards import delaying, double_strikes_watched, watched_morphs
from .effect_boards import discarding, full_hands, instructed, life_changes, searching
from .life_boards import life_lost_to_zero, lifelink_saves
from .transform_boards import transforming
from .target_boards import stated_targets

#: Enough mana of every color that costs rarely decide what is legal.
PLENTY = "{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}"


@cache
def mana_pools() -> st.SearchStrategy[str]:
    """A mana pool: plenty of every color or a few symbols, half of the time each, so that
    total costs, cost changes and hybrid symbols decide what is legal.  (Made once: boards
    draw it in every example.)  ``small`` is given three times, but ``st.one_of`` keeps a
    strategy once however often it is given (:func:`mostly` says more).

    Shrinks towards plenty of mana.
    """
    small = st.builds(
        lambda generic, colored: (f"{{{generic}}}" if generic else "")
        + "".join(f"{{{c}}}" for c in sorted(colored)),
        st.integers(0, 4), st.lists(st.sampled_from("WUBRG"), max_size=4))
    return st.one_of(st.just(PLENTY), small, small, small)

_PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"}


def _is_permanent(card: Card) -> bool:
    return bool(_PERMANENT_TYPES & set(card.faces[0].types))


#: What a helper card of the corpus says: the cards that change how other cards work --
#: trigger doublers, cost changers, permissions to cast from a graveyard, copy makers,
#: effects that lock or unlock doors.  Boards put them in play on both sides.
_HELPER_TEXT = re.compile(
    r"triggers an additional time|cost \{\d+\} (more|less)|from your graveyard|copy of|"
    r"copy target|lock or unlock|unlock a locked door|prowess|get \+\d+/\+\d+", re.IGNORECASE)


def is_helper(card: Card) -> bool:
    """Whether ``card`` is one of the corpus's helper cards (by what its text does)."""
    return any(_HELPER_TEXT.search(face.text) or "Prowess" in face.keywords
               for face in card.faces)


#: Cards that act on other cards, each with what it acts on (by what their texts and types
#: say): a trigger doubler with a permanent whose ability triggers and a creature card to make
#: it trigger; a spell copier with an instant or sorcery to copy; an "until end of turn" pump
#: with a creature to pump.  A helper drawn on its own rarely meets what it acts on in a game
#: of a dozen steps.
_DOUBLER = re.compile(r"triggers an additional time", re.IGNORECASE)
_SPELL_COPIER = re.compile(r"copy target [a-z ]*spell", re.IGNORECASE)
_PUMP = re.compile(r"gets? \+\d+/\+\d+ until end of turn", re.IGNORECASE)
_WATCHES_ENTERING = re.compile(r"^(when|whenever) [^.]*enters", re.IGNORECASE | re.MULTILINE)


def _instant_or_sorcery(card: Card) -> bool:
    return bool({"Instant", "Sorcery"} & set(card.faces[0].types))


def _pumps(card: Card) -> bool:
    return bool(_PUMP.search(_text(card))) or any("Prowess" in f.keywords for f in card.faces)


_COPIER = re.compile(r"enter as a copy of any (\w+)", re.IGNORECASE)


def _copier(card: Card) -> bool:
    return bool(_COPIER.search(_text(card)))


def _copiable(card: Card) -> bool:
    return _is_permanent(card) and not card.is_room


def _copies(copier: Card, card: Card) -> bool:
    """Whether ``copier`` ("enter as a copy of any creature") can copy ``card``."""
    found = _COPIER.search(_text(copier))
    return found is not None and found.group(1).capitalize() in card.faces[0].types


def _watcher(card: Card) -> bool:
    """A permanent with a triggered ability that watches permanents entering."""
    return _is_permanent(card) and bool(_WATCHES_ENTERING.search(_text(card)))


#: (what acts, where it goes, what it acts on and where, what makes it act and where)
Test = Callable[[Card], bool]
RECIPES: tuple[tuple[Test, tuple[tuple[Test, Zone], ...]], ...] = (
    (lambda c: bool(_DOUBLER.search(_text(c))),
     ((_watcher, Zone.BATTLEFIELD), (_creature, Zone.HAND))),
    (lambda c: bool(_SPELL_COPIER.search(_text(c))), ((_instant_or_sorcery, Zone.HAND),)),
    (_pumps, ((_creature, Zone.BATTLEFIELD), (_instant_or_sorcery, Zone.HAND))),
    (_copier, ((_copiable, Zone.BATTLEFIELD),)),
)


# Made once, at import: ``st.composite`` reads the source of the function it wraps, which
# costs more than drawing when a strategy is made for each card pool and property.  Each
# has a docstring of its own, which keeps its label apart from the others' (Hypothesis
# tells spans apart by the code that draws them).
@st.composite
def _drawn_pair(draw: st.DrawFn,
                build: Callable[[st.DrawFn], dict[Zone, list[CardEntry]]]
                ) -> dict[Zone, list[CardEntry]]:
    """A card that acts on others with what it acts on, drawn by ``build``."""
    return build(draw)


@st.composite
def _drawn_board(draw: st.DrawFn, build: Callable[[st.DrawFn], Setup]) -> Setup:
    """A board, drawn by ``build``."""
    return build(draw)


def pairs(pool: CardPool, focus: Callable[[Card], bool] | None
          ) -> st.SearchStrategy[dict[Zone, list[CardEntry]]]:
    """Three times in four, a card that acts on others (:data:`RECIPES`) among those ``focus``
    selects, with what it acts on: the entries to add to alice's zones.  A doubler that is a
    Room door is set up with both doors unlocked; a permanent goes onto the battlefield,
    anything else into her hand -- but a card that enters as a copy goes into her hand,
    with a permanent it can copy on the battlefield, tapped or with a counter sometimes.  :func:`boards` then gives alice plenty of mana, so that
    she can cast what makes it act.

    Shrinks towards nothing added.
    """
    names = sorted(name for name, card in pool.items() if "Land" not in card.faces[0].types)
    recipes = []
    for actor, partners in RECIPES:
        actors = [n for n in names if actor(pool[n]) and (focus is None or focus(pool[n]))]
        wanted = [[n for n in names if test(pool[n]) and not actor(pool[n])]
                  for test, _zone in partners]
        if actors and all(wanted):
            recipes.append((actors, [(found, zone) for found, (_t, zone)
                                     in zip(wanted, partners)]))
    if not recipes:
        return st.just({})

    def build(draw: st.DrawFn) -> dict[Zone, list[CardEntry]]:
        actors, partners = draw(st.sampled_from(recipes), label="cards that act on others")
        name = draw(st.sampled_from(actors), label="the card that acts")
        card = pool[name]
        added: dict[Zone, list[CardEntry]] = {}
        if _copier(card):  # cast from the hand, to copy what is on the battlefield
            added[Zone.HAND] = [CardEntry(name)]
            copied = [n for n in partners[0][0] if _copies(card, pool[n])] or partners[0][0]
            target = draw(st.sampled_from(copied), label="what it copies")
            creature = "Creature" in pool[target].faces[0].types
            added[Zone.BATTLEFIELD] = [CardEntry(
                target, tapped=draw(st.booleans(), label="tapped"),
                counters=(("+1/+1", 1),) if creature and draw(st.booleans()) else ())]
            return added
        if _is_permanent(card):
            doors = tuple(Door) if card.is_room else ()
            added[Zone.BATTLEFIELD] = [CardEntry(name, unlocked=doors)]
        else:
            added[Zone.HAND] = [CardEntry(name)]
        for found, zone in partners:
            added.setdefault(zone, []).append(CardEntry(draw(st.sampled_from(found),
                                                             label="what it acts on")))
        return added

    return st.one_of(st.just({}), _drawn_pair(build), _drawn_pair(build), _drawn_pair(build))


#: What watches attacks or combat damage to a player ("whenever you attack", "whenever a
#: creature you control attacks", "whenever this creature deals combat damage").
_WATCHES_COMBAT = re.compile(r"whenever (you attack|[^.]*attacks,|[^.]*deals? combat damage)",
                             re.IGNORECASE)


def _untapped(entry: CardEntry) -> CardEntry:
    return replace(entry, tapped=False, face_down=False)


def fighting(pool: CardPool, focus: Callable[[Card], bool] | None
             ) -> st.SearchStrategy[tuple[list[CardEntry], list[CardEntry]]]:
    """For games about combat: one or two untapped creatures more for alice, to attack,
    and for bob, to block (half of them among those ``focus`` selects, :func:`card_entries`),
    and half of the time a permanent of alice's whose ability watches attacks or combat
    damage (a Room with both doors unlocked).  The entries to add to alice's and bob's
    battlefields.

    Shrinks towards one creature each and no watcher.
    """
    creatures = sorted(n for n, c in pool.items() if _creature(c))
    if not creatures:
        return st.just(([], []))
    focused = [n for n in creatures if focus(pool[n])] if focus is not None else None
    fighters = st.lists(card_entries(pool, Zone.BATTLEFIELD, names=creatures,
                                     focused=focused or None), min_size=1, max_size=2
                        ).map(lambda entries: [_untapped(e) for e in entries])
    watchers = sorted(n for n, c in pool.items() if _is_permanent(c)
                      and _WATCHES_COMBAT.search(_text(c)))
    watching = mostly(st.builds(lambda n: [CardEntry(n, unlocked=tuple(Door) if pool[n].is_room
                                                      else ())], st.sampled_from(watchers))) \
        if watchers else st.just([])
    return st.tuples(fighters, fighters, watching).map(
        lambda found: (found[2] + found[0], found[1]))


def card_entries(pool: CardPool, zone: Zone, *, names: list[str],
                 focused: list[str] | None = None) -> st.SearchStrategy[CardEntry]:
    """One card entry for ``zone``: on the battlefield a permanent with a random state
    (tapped one time in four, door states, transformed or face down for the cards that can
    be, +1/+1 counters on a creature half of the time);
    elsewhere just the card.  Half of the entries come from ``focused`` when it is given,
    the others from all of ``names`` (``favoured`` is given three times, but ``st.one_of``
    keeps a strategy once: :func:`mostly` says more).

    Shrinks towards the first focused name (or the first of ``names``), untapped, no door
    unlocked, no counters.
    """
    def entry(name: str, tapped: bool, doors: list[Door], transformed: bool,
              counters: int) -> CardEntry:
        card = pool[name]
        on_battlefield = zone is Zone.BATTLEFIELD
        creature = "Creature" in card.faces[0].types
        return CardEntry(
            card=name, alias=None,
            tapped=tapped and on_battlefield,
            unlocked=tuple(sorted(set(doors), key=list(Door).index))
            if on_battlefield and card.is_room else (),
            transformed=transformed and on_battlefield and card.layout == "transform",
            face_down=transformed and on_battlefield
            and any("Morph" in face.keywords for face in card.faces),
            counters=(("+1/+1", counters),) if counters and on_battlefield and creature else (),
        )

    choices = st.sampled_from(names)
    if focused:  # half of the entries from the focused cards (one_of keeps favoured once)
        favoured = st.sampled_from(focused)
        choices = st.one_of(favoured, favoured, favoured, choices)
    return st.builds(entry, choices, st.sampled_from([False, False, False, True]),
                     st.lists(st.sampled_from(list(Door)), max_size=2), st.booleans(),
                     st.sampled_from([0, 0, 1, 2]))


def _exact_pools(pool: CardPool, entries: list[CardEntry]) -> st.SearchStrategy[str]:
    """The mana cost of a face of one of ``entries``, give or take one generic mana: the
    pools where a cost change decides whether that spell can be cast.

    Shrinks towards the first entry's first face, exactly.
    """
    return _pools_near(_costs(pool, entries))


def _costs(pool: CardPool, entries: list[CardEntry]) -> tuple[str, ...]:
    """The mana costs without {X} of the faces of ``entries``, sorted."""
    return tuple(sorted({face.mana_cost for e in entries for face in pool[e.card].faces
                         if face.mana_cost and "X" not in face.mana_cost}))


def _adjust(cost: str, extra: int) -> str:
    generic = sum(int(s) for s in re.findall(r"\{(\d+)\}", cost)) + extra
    colored = re.sub(r"\{(\w)/\w\}", r"{\1}", re.sub(r"\{\d+\}", "", cost))
    return (f"{{{generic}}}" if generic > 0 else "") + colored


@cache
def _pools_near(costs: tuple[str, ...]) -> st.SearchStrategy[str]:
    """What :func:`_exact_pools` draws from, made once for each list of costs."""
    if not costs:
        return st.just(PLENTY)
    return st.builds(_adjust, st.sampled_from(list(costs)), st.sampled_from([0, -1, 1]))


@cache
def _alice_mana(costs: tuple[str, ...]) -> st.SearchStrategy[str]:
    """Alice's mana when no card that acts on others is added: plenty three times in five,
    a few symbols (:func:`mana_pools`) one time in five, and one time in five the cost of
    one of ``costs`` give or take one generic mana (:func:`_exact_pools`), or plenty when
    there is none.  ``st.one_of`` keeps each branch of :func:`mana_pools` beside the
    others: five strategies, each as likely."""
    return st.one_of(st.just(PLENTY), st.just(PLENTY), mana_pools(), _pools_near(costs))


#: The strategies :func:`boards` made, by card pool and arguments (the cards ``focus``
#: selects standing for it), each with its pool: made once for every property's games.
_BOARDS: dict[tuple[Any, ...], tuple[CardPool, st.SearchStrategy[Setup]]] = {}

#: How many strategies ``_BOARDS`` keeps before it starts afresh.
KEPT_BOARDS = 256


def boards(pool: CardPool, *, max_per_zone: int = 3, mana: str | None = None,
           focus: Callable[[Card], bool] | None = None,
           fights: bool = False) -> st.SearchStrategy[Setup]:
    """A two-player position in alice's precombat main phase: cards in alice's hand (three
    times in four), graveyard and library; permanents on both battlefields -- among them,
    half of the time, one to three helper cards each (:func:`is_helper`), and up to two
    of alice's last permanents on bob's side too; cards in bob's graveyard; a library for
    each player half of the time (so that some games go on past the draw step, and others
    end there); each
    player's life 20, or one time in six 1 or 2 (so that damage ends some games); half of
    the time a land card in alice's hand; one
    card that acts on others with what it acts on three times in four (:func:`pairs`, and
    plenty of mana then); and ``mana`` for alice
    (by default plenty three times in five, else a pool from :func:`mana_pools` or the cost of
    a card in her hand or graveyard).  Every card entry gets an alias ``c1``, ``c2``... in
    order.  With ``focus``, the cards it selects come first in every zone's choices,
    helpers included, so that games use them more.  With ``fights``, both players have
    untapped creatures and alice often a permanent watching attacks (:func:`fighting`).
    In games about costs, exiled cards to play, when spells may be cast or targets that
    became illegal, damage marked, turning face up or deaths watched, what those need
    (``cost_boards``, ``stack_boards``, ``damage_boards``).

    Shrinks towards fewer cards and none shared, then towards the first cards of the pool
    (focused first, then by name).

    The strategy is made once for a pool and the same arguments: ``focus`` (which looks
    at what a card is) counts by the cards it selects.
    """
    selected = None if focus is None else frozenset(
        name for name, card in pool.items() if focus(card))
    key = (id(pool), max_per_zone, mana, selected, fights)
    kept = _BOARDS.get(key)
    if kept is not None and kept[0] is pool:
        return kept[1]
    if len(_BOARDS) >= KEPT_BOARDS:
        _BOARDS.clear()
    made = _boards(pool, max_per_zone=max_per_zone, mana=mana, focus=focus, fights=fights)
    _BOARDS[key] = (pool, made)
    return made


def _boards(pool: CardPool, *, max_per_zone: int, mana: str | None,
            focus: Callable[[Card], bool] | None, fights: bool) -> st.SearchStrategy[Setup]:
    everything = sorted(name for name, card in pool.items() if "Land" not in card.faces[0].types)
    permanents = [name for name in everything if _is_permanent(pool[name])]
    if not permanents:
        raise ValueError("the card pool has no permanent cards")

    chosen = {name for name in everything if focus(pool[name])} if focus is not None else None

    def zone(z: Zone, names: list[str], low: int = 0,
             high: int | None = None) -> st.SearchStrategy[list[CardEntry]]:
        focused = [n for n in names if n in chosen] if chosen is not None else None
        return st.lists(card_entries(pool, z, names=names, focused=focused),
                        min_size=low, max_size=max_per_zone if high is None else high)

    helpers = [name for name in permanents if is_helper(pool[name])]
    focused_helpers = [n for n in helpers if n in chosen] if chosen is not None else None
    helping = (mostly(st.lists(card_entries(pool, Zone.BATTLEFIELD, names=helpers,
                                            focused=focused_helpers or None),
                               min_size=1, max_size=3))
               if helpers else st.just([]))
    acting = pairs(pool, focus)
    fighters = fighting(pool, focus) if fights else None
    legends = legend_pairs(pool, focus) if mana is None else None
    costs_at_stake = cost_changes(pool, focus)
    exiling = impulses(pool, focus)
    symbols_at_stake = symbol_costs(pool, focus)
    x_at_stake = x_cost_reductions(pool, focus)
    doubled_at_stake = doubled_reductions(pool, focus)
    face_down_at_stake = face_down_copied(pool, focus)
    each_turn_at_stake = reduced_each_turn(pool, focus)
    saving = lifelink_saves(pool, focus) if mana is None else None
    losing = life_lost_to_zero(pool, focus) if mana is None else None
    held = [found for found in (timings(pool, focus), answered(pool, focus),
                                returning(pool, focus), turned_up(pool, focus),
                                watched_deaths(pool, focus), sources_answered(pool, focus),
                                flickered(pool, focus), gone_sources(pool, focus), copies_dying(pool, focus),
                                multi_targets(pool, focus),
                                declarations(pool, focus), doomed(pool, focus),
                                drawing(pool, focus), copied_tokens(pool, focus),
                                copied_legends(pool, focus), counted(pool, focus),
                                delaying(pool, focus), watched_morphs(pool, focus),
                                double_strikes_watched(pool, focus),
                                transforming(pool, focus), stated_targets(pool, focus),
                                instructed(pool, focus),
                                life_changes(pool, focus), full_hands(pool, focus),
                                sacrificed(pool, focus), granted(pool, focus),
                                stranded(pool, focus), special_actions(pool, focus),
                                pumped_together(pool, focus), double_blocked(pool, focus),
                                first_strike_duels(pool, focus),
                                flickered_tokens(pool, focus), under_anthems(pool, focus),
                                pumped_then_burned(pool, focus), doubly_blocked(pool, focus),
                                discarding(pool, focus), tapped_activators(pool, focus),
                                searching(pool, focus))
            if found is not None] if mana is None else []
    basics = sorted(name for name, card in pool.items() if "Land" in card.faces[0].types)
    land_in_hand: st.SearchStrategy[list[CardEntry]] = st.one_of(
        st.just([]), st.builds(lambda n: [CardEntry(n)], st.sampled_from(basics))) \
        if basics else st.just([])
    # Games about lands (the focus takes land cards, and not every card): two in alice's
    # hand, and land cards among the libraries' cards, so that a land is played in a later
    # turn too, a second one is at hand, and exiling the top of a library may exile one.
    lands_focused = bool(basics) and focus is not None and any(
        focus(pool[n]) for n in basics) and not all(focus(pool[n]) for n in everything)
    if lands_focused:
        land_in_hand = st.lists(st.sampled_from(basics), min_size=2, max_size=2).map(
            lambda names: [CardEntry(n) for n in names])
    library = everything + basics if lands_focused else everything
    life = st.sampled_from([20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 1, 2])  # near the end sometimes
    zones = {
        "hand": zone(Zone.HAND, everything, 1),
        "battlefield": zone(Zone.BATTLEFIELD, permanents, 1, 4),
        "graveyard": zone(Zone.GRAVEYARD, everything),
        "library": usually(zone(Zone.LIBRARY, library, 2)),
        "bob": zone(Zone.BATTLEFIELD, permanents), "bob graveyard": zone(Zone.GRAVEYARD, everything, 0, 1),
        "bob library": usually(zone(Zone.LIBRARY, library, 2, 2)),
    }

    def build(draw: st.DrawFn) -> Setup:
        alice = {
            Zone.HAND: draw(zones["hand"]) + draw(land_in_hand, label="a land in hand"),
            Zone.BATTLEFIELD: draw(zones["battlefield"]),
            Zone.GRAVEYARD: draw(zones["graveyard"]),
            Zone.LIBRARY: draw(zones["library"]),
        }
        bob = {Zone.BATTLEFIELD: draw(zones["bob"]), Zone.GRAVEYARD: draw(zones["bob graveyard"]),
               Zone.LIBRARY: draw(zones["bob library"])}
        added = draw(acting, label="a card with what it acts on")
        for zone, entries in added.items():
            alice[zone] = [*entries, *alice[zone]]
        alice[Zone.BATTLEFIELD] += draw(helping, label="alice's helpers")
        bob[Zone.BATTLEFIELD] += draw(helping, label="bob's helpers")
        if fighters is not None:
            attackers, blockers = draw(fighters, label="creatures to fight with")
            alice[Zone.BATTLEFIELD] = [*attackers, *alice[Zone.BATTLEFIELD]]
            bob[Zone.BATTLEFIELD] = [*blockers, *bob[Zone.BATTLEFIELD]]
        tight = draw(costs_at_stake, label="a cost change with the spells it changes") \
            if costs_at_stake is not None and mana is None else None
        if tight is not None:
            alice[Zone.HAND] = [*tight[0], *alice[Zone.HAND]]
            alice[Zone.BATTLEFIELD] = [*tight[1], *alice[Zone.BATTLEFIELD]]
            bob[Zone.BATTLEFIELD] = [*tight[2], *bob[Zone.BATTLEFIELD]]
            bob[Zone.HAND] = list(tight[0])
            alice[Zone.GRAVEYARD] = [*tight[4], *alice[Zone.GRAVEYARD]]
        doubled = draw(doubled_at_stake, label="two reductions of a spell's cost") \
            if doubled_at_stake is not None and mana is None else None
        if face_down_at_stake is not None and mana is None:
            alice[Zone.BATTLEFIELD] = [*draw(face_down_at_stake, label="a face-down creature "
                                             "beside what copies it"), *alice[Zone.BATTLEFIELD]]
        if doubled is not None:
            alice[Zone.HAND] = [*doubled[0], *alice[Zone.HAND]]
            alice[Zone.BATTLEFIELD] = [*doubled[1], *alice[Zone.BATTLEFIELD]]
        impulse = draw(exiling, label="a spell exiling cards to play, with those cards") \
            if exiling is not None and mana is None else None
        if impulse is not None:
            alice[Zone.HAND] = [*impulse[0], *alice[Zone.HAND]]
            alice[Zone.LIBRARY] = [*impulse[1], *alice[Zone.LIBRARY]]
        paying = draw(symbols_at_stake, label="spells with hybrid or colorless symbols") \
            if symbols_at_stake is not None and mana is None else None
        if paying is not None:
            alice[Zone.HAND] = [*paying[0], *alice[Zone.HAND]]
        reduced = draw(x_at_stake, label="a spell with {X} beside a reduction of its cost") \
            if x_at_stake is not None and mana is None else None
        if reduced is not None:
            alice[Zone.HAND] = [*reduced[0], *alice[Zone.HAND]]
            alice[Zone.BATTLEFIELD] = [*reduced[1], *alice[Zone.BATTLEFIELD]]
        each_turn = draw(each_turn_at_stake, label="a first-spell-each-turn reduction") \
            if each_turn_at_stake is not None and mana is None else None
        # Games about the stack: spells in both hands, plenty of mana for both players.
        hands = [draw(found, label="spells held by both players") for found in held]
        for mine, theirs, my_permanents, their_permanents, *libraries in hands:
            alice[Zone.HAND] = [*mine, *alice[Zone.HAND]]
            bob[Zone.HAND] = [*theirs, *bob.get(Zone.HAND, [])]
            alice[Zone.BATTLEFIELD] = [*my_permanents, *alice[Zone.BATTLEFIELD]]
            bob[Zone.BATTLEFIELD] = [*their_permanents, *bob[Zone.BATTLEFIELD]]
            for side, library in zip((alice, bob), libraries):  # for games of later turns
                side[Zone.LIBRARY] = [*library, *side[Zone.LIBRARY]]
        # Both players with the same permanents: their triggers on one event, the legend
        # rule per player, a doubler on each side.
        mirrored = draw(st.integers(0, 2), label="alice's permanents bob has too")
        bob[Zone.BATTLEFIELD] += alice[Zone.BATTLEFIELD][-mirrored:] if mirrored else []
        for side in (alice, bob):
            side[Zone.BATTLEFIELD] = settled(pool, side[Zone.BATTLEFIELD])
        if legends is not None:  # the legend rule to apply to both players, as games begin
            for side, pair in zip((alice, bob), draw(legends, label="two legends each")):
                side[Zone.BATTLEFIELD] = [*pair, *side[Zone.BATTLEFIELD]]
        if each_turn is not None:  # alone on her side: no other mana, no other spell first
            alice[Zone.HAND], alice[Zone.BATTLEFIELD] = list(each_turn[0]), list(each_turn[1])
            bob[Zone.HAND], bob[Zone.BATTLEFIELD] = [], []
            alice[Zone.LIBRARY] = list(each_turn[2])
        alice_mana = doubled[2] if doubled is not None \
            else tight[3] if tight is not None else paying[1] if paying is not None \
            else reduced[2] if reduced is not None \
            else each_turn[3] if each_turn is not None \
            else mana if mana is not None \
            else PLENTY if added or impulse is not None or hands else draw(
            _alice_mana(_costs(pool, alice[Zone.HAND] + alice[Zone.GRAVEYARD])), label="mana")
        counter = iter(range(1, 1000))

        def named(zones: dict[Zone, list[CardEntry]]) -> dict[Zone, tuple[CardEntry, ...]]:
            return {z: tuple(_with_alias(e, f"c{next(counter)}") for e in entries)
                    for z, entries in zones.items()}

        lives = [draw(life, label=f"{player}'s life") for player in ("alice", "bob")]
        saved = draw(saving, label="attackers, a lifelinker, bob's life") \
            if saving is not None else None
        if saved is not None:  # games about losing: bob's life within an attacker's reach
            (_mine, _theirs, my_permanents, their_permanents), lives[1] = saved
            alice[Zone.BATTLEFIELD] = [*my_permanents, *alice[Zone.BATTLEFIELD]]
            bob[Zone.BATTLEFIELD] = [*their_permanents, *bob[Zone.BATTLEFIELD]]
        lost = draw(losing, label="what makes bob lose life, bob's life") \
            if losing is not None else None
        if lost is not None:  # games about losing: bob's life within a life loss's reach
            losers, lives[1] = lost
            alice[Zone.HAND] = [*losers, *alice[Zone.HAND]]
        return Setup(
            players=(PlayerSetup("alice", life=lives[0], mana=alice_mana, zones=named(alice)),
                     PlayerSetup("bob", life=lives[1], mana=PLENTY if hands else "",
                                 zones=named(bob))),
            active_player="alice", step=Step.PRECOMBAT_MAIN,
        )

    return _drawn_board(build)


def mostly(entries: st.SearchStrategy[list[CardEntry]]) -> st.SearchStrategy[list[CardEntry]]:
    """``entries`` (which are never empty) half of the time, else none.

    ``entries`` is given three times, as it has been since the games were first drawn:
    ``st.one_of`` keeps a strategy once however often it is given (it tells its branches
    apart by identity), so the repeats weigh nothing.  They stay because they are part of
    the strategy's label, and so of the games drawn: every recorded ``ci`` game, and the
    tests measuring what those games reach, would move without them.

    Shrinks towards none: a shrunk counterexample keeps only the cards it needs.
    """
    return st.one_of(st.just([]), entries, entries, entries)


def usually(entries: st.SearchStrategy[list[CardEntry]]) -> st.SearchStrategy[list[CardEntry]]:
    """``entries`` half of the time, else none: a library, so that some games go on past
    the next draw step and others end there (CR 704.5b).  ``entries`` is given seven times,
    which weighs nothing, and stays as part of the label (:func:`mostly`).

    Shrinks towards none.
    """
    return st.one_of(st.just([]), *[entries] * 7)


def settled(pool: CardPool, permanents: list[CardEntry]) -> list[CardEntry]:
    """``permanents`` of one player without a second legendary card of a name: a position
    where the legend rule is still to apply would judge an engine on when it checks
    state-based actions, not on what the rules say once they are checked (CR 704.3)."""
    seen: set[str] = set()
    kept = []
    for entry in permanents:
        faces = pool[entry.card].faces
        if any("Legendary" in face.supertypes for face in faces):
            if entry.card in seen:
                continue
            seen.add(entry.card)
        kept.append(entry)
    return kept


def _with_alias(entry: CardEntry, alias: str) -> CardEntry:
    return replace(entry, alias=alias)
