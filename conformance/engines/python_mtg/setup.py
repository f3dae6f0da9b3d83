"""Starting python-mtg from a scenario's setup.

python-mtg begins a game from decks only.  To start it from a given state, the adapter
builds a game from decks that hold the setup's cards (padded with Wastes, so that the opening
draw cannot end the game; its instant-speed windows outside the main phases opened,
``instant_speed=True``, and land drops made moves, ``explicit_lands=True``), then rewrites
the relations that say where each card is and in what state -- hands, libraries and their
order, the battlefield, graveyards, exile, control, tapped, counters, summoning sickness,
life, the step, the active player and the mana pool -- and wraps the result with
``mtg.Game.from_state``.  Every edit is then read back through python-mtg's own views; a
setup it does not take exactly is ``Unsupported``.

The edits are recorded as data (``Start.changes``) so that a standalone script can replay
them with nothing but ``mtg`` (see repro.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ...errors import Location, Unsupported
from ...format.cards import CardPool
from ...format.model import CardEntry, PlayerSetup, Setup
from ...format.vocabulary import Zone
from .observe import COUNTERS_TO_MTG

#: Library padding: enough for two opening hands of seven and a few draws.
PADDING_CARD = "Wastes"
PADDING = 20
SEED = 0
#: The mana symbols of a setup's pool, as python-mtg's mana colors.
_MANA = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
#: Zones whose relation is ``(player, card)``; the others are ``(card,)``.
_BY_PLAYER = {Zone.HAND: "in_hand", Zone.LIBRARY: "in_library"}
_BY_CARD = {Zone.BATTLEFIELD: "on_battlefield", Zone.GRAVEYARD: "graveyard", Zone.EXILE: "exile"}
#: Every relation ``start`` rewrites.
EDITED = ("in_hand", "in_library", "on_battlefield", "graveyard", "exile", "command_zone",
          "printed_control", "tapped", "counter", "_sick", "life", "current_step",
          "active_player", "floating_mana", "mana_pool", "mana_available", "_lib_order",
          "_land_played", "on_stack", "attacks", "blocks")


@dataclass(frozen=True, slots=True)
class Start:
    """What ``start`` did: the decks, the relations replaced, the aliases' object ids."""

    decks: Mapping[str, list[str]]
    changes: Mapping[str, Any]
    aliases: Mapping[str, str]


def refuse_unexpressible(setup: Setup, cards: CardPool) -> None:
    """``Unsupported`` for a setup python-mtg cannot hold, with the precise reason."""
    if len(setup.players) != 2:
        raise Unsupported("the python-mtg adapter plays two-player games", code="setup")
    for player, zone, entry in setup.entries():
        card = cards.lookup(entry.card, Location(cards.path))
        where = f"{entry.card!r} in {player.name}'s {zone.value}"
        if card.is_room:
            raise Unsupported(f"{where}: python-mtg's card corpus holds a Room's first door "
                              f"only (no second door, no door states)", code="setup")
        if entry.unlocked:
            raise Unsupported(f"{where}: python-mtg has no Room doors to unlock", code="setup")
        if entry.face_down:
            raise Unsupported(f"{where}: python-mtg's face-down state is set by casting face "
                              f"down only; the adapter cannot set up a face-down object",
                              code="setup")
        if entry.transformed:
            raise Unsupported(f"{where}: python-mtg exposes no transformed status, so a "
                              f"transformed permanent cannot be set up and checked", code="setup")
        if entry.token:
            raise Unsupported(f"{where}: python-mtg creates tokens by effects only", code="setup")
        if zone is Zone.COMMAND:
            raise Unsupported(f"{where}: the adapter does not set up the command zone",
                              code="setup")
    for player in setup.players:
        for symbol in re.findall(r"\{([^}]*)\}", player.mana):
            if not symbol.isdigit() and symbol not in _MANA:
                raise Unsupported(f"python-mtg has no {{{symbol}}} mana to put in a pool",
                                  code="setup")


def mana_rows(player: PlayerSetup) -> set[tuple[str, str, int]]:
    """The setup's pool as python-mtg's ``floating_mana`` rows (a number is colorless mana)."""
    amounts: dict[str, int] = {}
    for symbol in re.findall(r"\{([^}]*)\}", player.mana):
        color, count = ("colorless", int(symbol)) if symbol.isdigit() else (_MANA[symbol], 1)
        amounts[color] = amounts.get(color, 0) + count
    return {(player.name, color, n) for color, n in amounts.items() if n > 0}


def decks_for(setup: Setup, cards: CardPool) -> dict[str, list[str]]:
    """Each player's deck: the setup's cards (full names) and the padding."""
    decks: dict[str, list[str]] = {p.name: [] for p in setup.players}
    for player, _zone, entry in setup.entries():
        decks[player.name].append(full_name(cards, entry.card))
    for deck in decks.values():
        deck.extend([PADDING_CARD] * PADDING)
    return decks


def full_name(cards: CardPool, name: str) -> str:
    """The card's full name (an entry may name one face)."""
    return cards.lookup(name, Location(cards.path)).name


def _assign(game: Any, setup: Setup, cards: CardPool) -> list[tuple[
        PlayerSetup, Zone, CardEntry, str]]:
    """An instance of python-mtg's game for each setup entry, in the setup's order."""
    owner = {c: p for (p, c) in game.state.get("printed_control", set())}
    free: dict[tuple[str, str], list[str]] = {}
    for card_id in sorted(owner, key=_id_order):
        free.setdefault((owner[card_id], game.name(card_id)), []).append(card_id)
    placed = []
    for player, zone, entry in setup.entries():
        name = full_name(cards, entry.card)
        ids = free.get((player.name, name)) or []
        if not ids:
            raise Unsupported(f"python-mtg built no {name!r} for {player.name} (its name for "
                              f"the card differs, or its corpus lacks the card)", code="card")
        placed.append((player, zone, entry, ids.pop(0)))
    return placed


def refuse_unmodelled(game: Any, placed: list[tuple[PlayerSetup, Zone, CardEntry, str]],
                      cards: CardPool) -> None:
    """``Unsupported`` for a card with abilities (other than mana abilities, which python-mtg
    makes from its ``land_produces`` facts) of which python-mtg models none: it would play
    the card as a vanilla card, and a verdict would be about the missing card, not about the
    rule.  A card python-mtg models in part is played as python-mtg plays it."""
    state = game.state
    slugs = dict(state.get("instance_of") or ())
    backs = {o: b for (o, b) in state.get("transform_target") or ()}
    modelled = {row[0] for row in state.get("card_ability") or ()} | \
        {row[0] for row in state.get("card_keyword") or ()}
    for _player, _zone, entry, card_id in placed:
        card = cards.lookup(entry.card, Location(cards.path))
        printed = [rule for face in card.faces for rule in face.rules
                   if not (rule.get("activated") or {}).get("mana_ability")]
        own = {slugs.get(card_id), backs.get(card_id)} - {None}
        if printed and not own & modelled:
            raise Unsupported(f"python-mtg models none of the abilities of {card.name!r} "
                              f"(its card facts hold no ability or keyword for it)", code="card")


def _id_order(card_id: str) -> tuple[str, int]:
    head, _, tail = card_id.rpartition("_")
    return (head, int(tail)) if tail.isdigit() else (card_id, 0)


def build(mtg: ModuleType, setup: Setup, cards: CardPool) -> tuple[Any, Start]:
    """A python-mtg game in the setup's state, and how it was made."""
    refuse_unexpressible(setup, cards)
    decks = decks_for(setup, cards)
    game = mtg.Game(decks, seed=SEED, explicit_lands=True, instant_speed=True)
    placed = _assign(game, setup, cards)
    refuse_unmodelled(game, placed, cards)
    changes = edits(setup, placed)
    state = dict(game.state)
    state.update(changes)
    for player in setup.players:  # python-mtg's own pool from the sources and floating mana
        mtg.driver._refresh_mana_pool(state, player.name)
    for key in ("mana_pool", "mana_available"):
        changes[key] = state[key]
    started = mtg.Game.from_state(state)
    aliases = {entry.alias: card_id for _p, _z, entry, card_id in placed if entry.alias}
    check(started, setup, placed)
    return started, Start(decks, changes, aliases)


def edits(setup: Setup, placed: list[tuple[PlayerSetup, Zone, CardEntry, str]]
          ) -> dict[str, Any]:
    """The relations to replace, each as a new value (the game's own are not mutated)."""
    changes: dict[str, Any] = {rel: set() for rel in (*_BY_PLAYER.values(), *_BY_CARD.values())}
    changes["command_zone"] = set()
    changes["_lib_order"] = {p.name: [] for p in setup.players}
    control: set[tuple[str, str]] = set()  # the padding is out of the game: no one's
    changes["tapped"], changes["counter"], changes["_sick"] = set(), set(), set()
    for player, zone, entry, card_id in placed:
        control.add((player.name, card_id))
        if zone in _BY_PLAYER:
            changes[_BY_PLAYER[zone]].add((player.name, card_id))
            if zone is Zone.LIBRARY:  # the setup lists a library top first, as python-mtg does
                changes["_lib_order"][player.name].append(card_id)
        else:
            changes[_BY_CARD[zone]].add((card_id,))
        if entry.tapped:
            changes["tapped"].add((card_id,))
        if entry.summoning_sick:
            changes["_sick"].add((card_id,))
        for kind, count in entry.counters:
            changes["counter"].add((card_id, COUNTERS_TO_MTG.get(kind, kind), count))
    changes["printed_control"] = control
    changes["life"] = {(p.name, p.life) for p in setup.players}
    changes["current_step"] = {(setup.step.value,)}
    changes["active_player"] = {(setup.active_player,)}
    changes["floating_mana"] = set().union(*(mana_rows(p) for p in setup.players))
    changes["mana_pool"] = set(changes["floating_mana"])
    changes["mana_available"] = {(p.name, sum(n for *_pc, n in mana_rows(p)))
                                 for p in setup.players}
    changes["_land_played"] = set()
    changes["on_stack"] = set()
    changes["attacks"], changes["blocks"] = set(), set()
    return changes


def check(game: Any, setup: Setup, placed: list[tuple[PlayerSetup, Zone, CardEntry, str]]) -> None:
    """Read every edit back through python-mtg's views; ``Unsupported`` when one did not take."""
    problems = []
    views = {card_id: game.card(card_id) for *_rest, card_id in placed}
    for player, zone, entry, card_id in placed:
        view = views[card_id]
        where = f"{entry.card!r} ({card_id})"
        if not view.types:
            problems.append(f"{where}: python-mtg's corpus gives it no card type (unknown card)")
        if view.zone != zone.value:
            problems.append(f"{where}: python-mtg puts it in {view.zone}, not {zone.value}")
        if zone is Zone.BATTLEFIELD and view.controller != player.name:
            problems.append(f"{where}: python-mtg says {view.controller} controls it")
        if zone is Zone.BATTLEFIELD and bool(view.tapped) != entry.tapped:
            problems.append(f"{where}: python-mtg says tapped={view.tapped}")
        if zone is Zone.BATTLEFIELD and bool(view.summoning_sick) != entry.summoning_sick:
            problems.append(f"{where}: python-mtg says summoning_sick={view.summoning_sick}")
    for player in setup.players:
        if game.life().get(player.name) != player.life:
            problems.append(f"{player.name}'s life is {game.life().get(player.name)}")
        for zone, count in ((Zone.HAND, game.hand_count(player.name)),
                            (Zone.LIBRARY, game.library_size(player.name))):
            if count != len(player.zones.get(zone, ())):
                problems.append(f"{player.name}'s {zone.value} holds {count} cards")
    if game.step != setup.step.value or game.active_player != setup.active_player:
        problems.append(f"python-mtg is in {game.step} of {game.active_player}'s turn")
    if game.is_game_over():
        problems.append("python-mtg says the game is over")
    if problems:
        raise Unsupported("python-mtg did not take the setup: " + "; ".join(problems), code="setup")
