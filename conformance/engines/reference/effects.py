"""One-shot effects of spells and abilities, by name (the ``effects`` of card data).

Each effect is a procedure ``(game, context, params) -> Flow``.  ``context`` says who
controls the resolving spell or ability, its source, targets and X.  The registry
:data:`EFFECTS` is what card data may name; docs/card-data.md lists each with its
parameters.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...contract.types import Choice, Event, Option
from ...errors import Unsupported
from ...format.cards import Card
from ...format.vocabulary import Zone
from . import rooms
from .abilities import Ability, TargetSpec
from .entering import create_token, put_onto_battlefield
from .game import Flow, Game
from .state import CopyEffect, GameObject
from .targets import PLAYER_PREFIX, candidates, label, matches


@dataclass
class Context:
    """What an effect knows about the spell or ability it is part of."""

    controller: str
    source: str
    source_card: Card
    ability: Ability | None
    targets: tuple[str, ...] = ()
    legal_targets: tuple[str, ...] = ()
    x: int = 0
    exiled: list[str] = field(default_factory=list)


Effect = Callable[[Game, Context, Any], Flow]
EFFECTS: dict[str, Effect] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(function: Effect) -> Effect:
        EFFECTS[name] = function
        return function
    return register


def _objects(game: Game, ctx: Context, which: Any) -> list[GameObject]:
    """The objects an effect's parameter names: ``target`` (the legal ones)."""
    if which == "target":
        return [game.state.objects[t] for t in ctx.legal_targets if t in game.state.objects]
    return []


def _players(ctx: Context, which: Any) -> list[str]:
    if which == "you":
        return [ctx.controller]
    if which == "target":
        return [t[len(PLAYER_PREFIX):] for t in ctx.legal_targets if t.startswith(PLAYER_PREFIX)]
    return []


@effect("return_to_hand")
def return_to_hand(game: Game, ctx: Context, params: Any) -> Flow:
    for obj in _objects(game, ctx, params):
        game.move(obj, Zone.HAND)
    yield from ()


@effect("draw")
def draw(game: Game, ctx: Context, params: Any) -> Flow:
    player = game.state.player(ctx.controller)
    for _ in range(int(params)):
        library = player.zones[Zone.LIBRARY]
        if library:
            game.move(game.state.objects[library[0]], Zone.HAND)
    yield from ()


@effect("discard")
def discard(game: Game, ctx: Context, params: Any) -> Flow:
    """``{player: target|you, count: N}``: the player discards N cards of their choice."""
    for name in _players(ctx, params.get("player", "you")):
        hand = list(game.state.player(name).zones[Zone.HAND])
        count = min(int(params.get("count", 1)), len(hand))
        if not count:
            continue
        options = tuple(Option(card_id, label(game, card_id)) for card_id in hand)
        chosen = yield Choice("cards", name, f"discard {count} card(s)", options, count, count)
        for card_id in chosen:
            game.move(game.state.objects[card_id], Zone.GRAVEYARD)
            game.events.append(Event("card_discarded", {"object": card_id}))


@effect("return_all")
def return_all(game: Game, ctx: Context, params: Any) -> Flow:
    """``{from: graveyard, to: battlefield, types: [...]}``: every matching card you own."""
    zone = Zone(params.get("from", "graveyard"))
    cards = [game.state.objects[i] for i in game.state.zone_list(zone, ctx.controller)]
    chosen = [obj for obj in cards if matches(game.chars(obj), params)]
    for obj in chosen:
        if Zone(params.get("to", "battlefield")) is Zone.BATTLEFIELD:
            yield from put_onto_battlefield(game, obj, controller=ctx.controller)
        else:
            game.move(obj, Zone(params["to"]))


@effect("search_library")
def search_library(game: Game, ctx: Context, params: Any) -> Flow:
    """``{to: battlefield|hand, ...filter}``: find up to one matching card, then shuffle."""
    library = game.state.player(ctx.controller).zones[Zone.LIBRARY]
    found = [i for i in library if matches(game.chars(game.state.objects[i]), params, x=ctx.x)]
    options = tuple(Option(i, label(game, i)) for i in found)
    chosen = yield Choice("cards", ctx.controller, "search your library", options, 0, 1)
    for card_id in chosen:
        obj = game.state.objects[card_id]
        if Zone(params.get("to", "hand")) is Zone.BATTLEFIELD:
            yield from put_onto_battlefield(game, obj, controller=ctx.controller)
        else:
            game.move(obj, Zone(params["to"]))
    random.Random(game.state.seed + game.state.clock).shuffle(library)


@effect("lock_or_unlock_door")
def lock_or_unlock_door(game: Game, ctx: Context, params: Any) -> Flow:
    for obj in _objects(game, ctx, params):
        yield from rooms.change_door_by_effect(game, obj, ctx.controller, lock_allowed=True,
                                               unlock_allowed=True)


@effect("unlock_locked_door")
def unlock_locked_door(game: Game, ctx: Context, params: Any) -> Flow:
    for obj in _objects(game, ctx, params):
        yield from rooms.change_door_by_effect(game, obj, ctx.controller, lock_allowed=False,
                                               unlock_allowed=True)


@effect("create_token_copy")
def create_token_copy(game: Game, ctx: Context, params: Any) -> Flow:
    """``{of: target, add_subtypes: [...]}``: a token copying the permanent's copiable
    values (CR 707.2) -- what it copies if it is a copy -- plus the stated exceptions."""
    for original in _objects(game, ctx, params.get("of", "target")):
        base = original.copy
        card = base.card if base is not None else original.card
        inherited = base.add_subtypes if base is not None else ()
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.copy = CopyEffect(card, tuple(dict.fromkeys(
            inherited + tuple(params.get("add_subtypes") or ()))))
        token.summoning_sick = True
        yield from create_token(game, token)


@effect("copy_spell")
def copy_spell(game: Game, ctx: Context, params: Any) -> Flow:
    """Copy a spell on the stack: copiable values and the choices made for it (CR 707.10)."""
    for original in _objects(game, ctx, params):
        if original.zone is not Zone.STACK:
            continue
        copy = game.state.create(original.card, ctx.controller, Zone.STACK)
        copy.copy = original.copy or CopyEffect(original.card)
        copy.is_spell_copy = True
        copy.cast_door = original.cast_door
        copy.x = original.x
        copy.targets = original.targets
        copy.face_down = original.face_down
        game.events.append(Event("spell_copied", {"object": copy.id, "original": original.id}))
    yield from ()


def run_effects(game: Game, ctx: Context, effects: tuple[Any, ...]) -> Flow:
    if ctx.ability is not None and ctx.ability.unimplemented:
        raise Unsupported(f"{ctx.source_card.name}: {ctx.ability.text!r}: "
                          f"{ctx.ability.unimplemented}")
    for entry in effects:
        for name, params in entry.items():
            yield from EFFECTS[name](game, ctx, params)


def legal_now(game: Game, spec: TargetSpec | None, ctx: Context) -> tuple[str, ...]:
    """The chosen targets that are still legal as the spell or ability resolves."""
    if spec is None:
        return ()
    legal = set(candidates(game, spec, ctx.controller))
    return tuple(t for t in ctx.targets if t in legal)
