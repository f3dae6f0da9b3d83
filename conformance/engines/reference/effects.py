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
from ...errors import Location, Unsupported
from ...format.cards import Card, CardFace
from ...format.vocabulary import Step, Zone
from . import rooms
from .abilities import Ability, TargetSpec
from .characteristics import can_transform
from .copies import cast_copy, copy_of
from .dividing import copy_division
from .entering import add_counters, enter_token, put_onto_battlefield
from .game import Flow, Game
from .state import ContinuousEffect, DelayedTrigger, GameObject
from .targets import PLAYER_PREFIX, candidates, label, matches
from .triggers import condition_holds


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
    event: dict[str, Any] = field(default_factory=dict)
    #: how much of a divided amount each target gets (CR 601.2d)
    division: dict[str, int] = field(default_factory=dict)


Effect = Callable[[Game, Context, Any], Flow]
EFFECTS: dict[str, Effect] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(function: Effect) -> Effect:
        EFFECTS[name] = function
        return function
    return register


def _objects(game: Game, ctx: Context, which: Any) -> list[GameObject]:
    """The objects an effect's parameter names: ``target`` (the legal ones), ``this`` (the
    source, if it is still the same object on the battlefield)."""
    if which == "target":
        return [game.state.objects[t] for t in ctx.legal_targets if t in game.state.objects]
    if which == "this":
        source = game.state.objects.get(ctx.source)
        return [source] if source is not None and source.zone is Zone.BATTLEFIELD else []
    raise ValueError(f"an effect names {which!r}: only 'target' and 'this' are known")


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
    """A number (you draw that many cards), or ``{amount, who}`` ("target player draws two
    cards"): each of those players draws (CR 121.1)."""
    if isinstance(params, dict):
        from .life import amount, players  # life registers effects of its own: no cycle
        count = amount(game, ctx, params["amount"])
        for player in players(game, ctx, params.get("who", "you")):
            draw_cards(game, player, count)
    else:
        draw_cards(game, ctx.controller, int(params))
    yield from ()


def draw_cards(game: Game, player_name: str, count: int) -> None:
    """A player draws ``count`` cards, one at a time; drawing from an empty library makes
    them lose the next time state-based actions are checked (CR 121.2, 704.5b)."""
    player = game.state.player(player_name)
    for _ in range(count):
        library = player.zones[Zone.LIBRARY]
        if not library:
            player.drew_from_empty_library = True
            return
        game.move(game.state.objects[library[0]], Zone.HAND)


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
    """``{of: target, add_subtypes: [...], gains: [...], lore_up_to: N,
    sacrifice_at_next_end_step: bool}``: a token copying a permanent's copiable values
    plus the stated exceptions; it enters with the face up that the original has up."""
    for original in _objects(game, ctx, params.get("of", "target")):
        values = copy_of(original, token=True,
                         add_subtypes=tuple(params.get("add_subtypes") or ()))
        card = values.card if values.face_down else original.card  # nothing hidden shown
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.copy = values
        token.transformed = original.transformed and can_transform(token)
        token.keywords.update(params.get("gains") or ())
        token.summoning_sick = True
        yield from enter_token(game, token)
        limit = int(params.get("lore_up_to", 0))
        if limit and "Saga" in game.chars(token).subtypes:
            options = tuple(Option(str(n), str(n)) for n in range(limit + 1))
            (answer,) = yield Choice("option", ctx.controller,
                                     f"put up to {limit} lore counters on the token", options)
            add_counters(game, token, "lore", int(answer))
        if params.get("sacrifice_at_next_end_step"):
            game.state.delayed.append(DelayedTrigger(
                Step.END.value, ctx.controller, ctx.source, ctx.source_card,
                ({"sacrifice": "delayed_objects"},), (token.id,)))


@effect("create_token")
def create_token_effect(game: Game, ctx: Context, params: Any) -> Flow:
    """``{count, name, types, subtypes, colors, power, toughness}``: tokens whose
    characteristics the effect states (CR 111.3).  A power or toughness that is an amount
    (``{unlocked_doors: you}``, ``X`` ...) is counted as the effect happens (CR 608.2h)."""
    from .life import amount  # life registers effects of its own: imported here, no cycle

    counted = {key: amount(game, ctx, params[key]) for key in ("power", "toughness")
               if key in params and not isinstance(params[key], (int, str))
               or params.get(key) == "X"}
    card = token_card({**params, **counted} if counted else params)
    for _ in range(int(params.get("count", 1))):
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.summoning_sick = True
        yield from enter_token(game, token)


def token_card(params: Any) -> Card:
    """The card-like definition of a token an effect describes.  A token the effect does
    not name is named after its subtypes plus the word "Token" (CR 111.4)."""
    types = tuple(params.get("types") or ("Creature",))
    subtypes = tuple(params.get("subtypes") or ())
    name = str(params["name"]) if "name" in params else " ".join(subtypes + ("Token",))
    face = CardFace(
        name=name, mana_cost=None, type_line=" ".join(types), types=types, subtypes=subtypes,
        supertypes=(), text="", power=str(params.get("power")) if "power" in params else None,
        toughness=str(params.get("toughness")) if "toughness" in params else None,
        colors=tuple(params.get("colors") or ()), color_indicator=tuple(params.get("colors") or ()),
        keywords=tuple(params.get("keywords") or ()), side=None, rules=(), raw={},
    )
    return Card(name, "token", (face,), tuple(params.get("colors") or ()), Location("<token>"))


@effect("sacrifice")
def sacrifice(game: Game, ctx: Context, params: Any) -> Flow:
    """``this`` or ``delayed_objects`` (those a delayed trigger was made for)."""
    if params == "delayed_objects":
        chosen = [game.state.objects[i] for i in ctx.event.get("objects", ())
                  if i in game.state.objects]
    else:
        chosen = _objects(game, ctx, params)
    for obj in chosen:
        if obj.zone is Zone.BATTLEFIELD and obj.controller == ctx.controller:
            game.move(obj, Zone.GRAVEYARD)
    yield from ()


@effect("exile")
def exile(game: Game, ctx: Context, params: Any) -> Flow:
    """``this``: exile the source -- the permanent, or, for an ability that triggered as it
    left the battlefield ("when this permanent is put into a graveyard, exile it"), the card
    it became, if it is still in the zone it went to (CR 400.7, 603.10a); ``target``: the
    legal targets."""
    chosen = _objects(game, ctx, params)
    if params == "this" and not chosen and ctx.event.get("object") == ctx.source:
        moved = game.state.objects.get(str(ctx.event.get("new_object")))
        if moved is not None and moved.zone.value == ctx.event.get("to"):
            chosen = [moved]
    for obj in chosen:
        game.move(obj, Zone.EXILE)
    yield from ()


@effect("modify_pt")
def modify_pt(game: Game, ctx: Context, params: Any) -> Flow:
    """``{what: target|this, power, toughness, gains: [keywords]}`` until end of turn
    (CR 611.2): "gets +1/+0 and gains first strike until end of turn"."""
    gains = tuple(str(k) for k in params.get("gains") or ())
    for obj in _objects(game, ctx, params.get("what", "target")):
        game.state.effects.append(ContinuousEffect(
            obj.id, int(params.get("power", 0)), int(params.get("toughness", 0)),
            "end_of_turn", game.state.tick(), gains))
    yield from ()


@effect("add_mana")
def add_mana(game: Game, ctx: Context, params: Any) -> Flow:
    game.state.player(ctx.controller).pool.add(str(params))
    yield from ()


@effect("return_all_to_hand")
def return_all_to_hand(game: Game, ctx: Context, params: Any) -> Flow:
    """``{other: bool, tapped: bool, ...filter}``: every matching permanent, at once."""
    chosen = [obj for obj in game.state.permanents()
              if matches(game.chars(obj), params)
              and not (params.get("tapped") and not obj.tapped)
              and not (params.get("other") and obj.id == ctx.source)]
    for obj in chosen:
        game.move(obj, Zone.HAND)
    yield from ()


@effect("may")
def may(game: Game, ctx: Context, params: Any) -> Flow:
    """``[effects]`` the controller may choose to carry out."""
    options = (Option("yes", "yes"), Option("no", "no"))
    (answer,) = yield Choice("option", ctx.controller, "do it?", options)
    if answer == "yes":
        yield from run_effects(game, ctx, tuple(params))


@effect("transform")
def transform(game: Game, ctx: Context, params: Any) -> Flow:
    """Turn a transforming permanent over; nothing happens to one that can't (CR 701.27c).
    It stays the same object (CR 712.18)."""
    for obj in _objects(game, ctx, params):
        if can_transform(obj):
            obj.transformed = not obj.transformed
            game.emit("transformed", object=obj.id)
    yield from ()


@effect("exile_and_return")
def exile_and_return(game: Game, ctx: Context, params: Any) -> Flow:
    """``{what: this, transformed: bool}``: exile it, then return it to the battlefield
    under its owner's control -- transformed, or front face up."""
    for obj in _objects(game, ctx, params.get("what", "this")):
        exiled = game.move(obj, Zone.EXILE)
        if exiled is not None:
            yield from put_onto_battlefield(game, exiled, controller=exiled.owner,
                                            transformed=bool(params.get("transformed")))


@effect("mill")
def mill(game: Game, ctx: Context, params: Any) -> Flow:
    """``{count, then_to_hand: {up_to, ...filter}}``: mill, then maybe take one back."""
    library = game.state.player(ctx.controller).zones[Zone.LIBRARY]
    milled = [game.move(game.state.objects[i], Zone.GRAVEYARD) for i in library[:int(params["count"])]]
    back = params.get("then_to_hand")
    candidates = [m for m in milled if m is not None and back and matches(game.chars(m), back)]
    if candidates:
        options = tuple(Option(m.id, label(game, m.id)) for m in candidates)
        chosen = yield Choice("cards", ctx.controller, "put a milled card into your hand",
                              options, 0, int(back.get("up_to", 1)))
        for card_id in chosen:
            game.move(game.state.objects[card_id], Zone.HAND)


@effect("exile_from_hand")
def exile_from_hand(game: Game, ctx: Context, params: Any) -> Flow:
    """``{up_to: 1, link: name, ...filter}``: exile cards from your hand; they are linked
    to the source under ``link`` for its other abilities (CR 607.2a)."""
    hand = game.state.player(ctx.controller).zones[Zone.HAND]
    found = [i for i in hand if matches(game.chars(game.state.objects[i]), params)]
    options = tuple(Option(i, label(game, i)) for i in found)
    chosen = yield Choice("cards", ctx.controller, "exile a card from your hand", options, 0,
                          int(params.get("up_to", 1)))
    for card_id in chosen:
        exiled = game.move(game.state.objects[card_id], Zone.EXILE)
        if exiled is not None:
            game.state.linked.setdefault((ctx.source, params["link"]), []).append(exiled.id)


@effect("copy_spell")
def copy_spell(game: Game, ctx: Context, params: Any) -> Flow:
    """Copy a spell on the stack: copiable values and the choices made for it (CR 707.10)."""
    for original in _objects(game, ctx, params):
        if original.zone is not Zone.STACK:
            continue
        copy = game.state.create(original.card, ctx.controller, Zone.STACK)
        copy.copy = copy_of(original, token=True)  # it becomes a token (CR 707.10f)
        copy.is_spell_copy = True
        copy.cast_door = original.cast_door
        copy.x = original.x
        copy.targets = original.targets
        copy.face_down = original.face_down
        copy_division(game, original.id, copy.id)
        game.events.append(Event("spell_copied", {"object": copy.id, "original": original.id}))
    yield from ()


@effect("copy_linked_and_cast")
def copy_linked_and_cast(game: Game, ctx: Context, params: Any) -> Flow:
    """``link``: copy every card linked to the source under that name (all the cards
    its instances exiled, CR 607.2a); cast any of the copies, in any order, without
    paying their mana costs."""
    remaining = [i for i in game.state.linked.get((ctx.source, str(params)), [])
                 if i in game.state.objects]
    while remaining:
        options = tuple(Option(i, label(game, i)) for i in remaining)
        chosen = yield Choice("cards", ctx.controller,
                              "cast a copy of an exiled card next (or none)", options, 0, 1)
        if not chosen:
            break
        remaining.remove(chosen[0])
        yield from cast_copy(game, ctx.controller, chosen[0])


@effect("if_else")
def if_else(game: Game, ctx: Context, params: Any) -> Flow:
    """``{if: condition, then: [effects], else: [effects]}``: "if you control ...,
    [then]; otherwise, [else]", the condition checked as the effect happens."""
    holds = condition_holds(game, ctx.controller, ctx.source, params.get("if"))
    yield from run_effects(game, ctx, tuple(params.get("then" if holds else "else") or ()))


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
