"""Effects on players' life and on permanents' status: damage, life gain and loss, tapping
and untapping, counters, revealing the top card of a library (CR 119, 120, 701.26, 122,
701.20).  They join the :data:`effects.EFFECTS`
registry like every other effect.

Who an effect affects is written in card data as ``who``/``to``/``what``:

* players -- ``you`` (the controller), ``each_opponent``, ``each_player``, ``target`` (the
  player targets still legal), ``defending_player`` (of the attack that triggered it);
* objects -- ``target`` (still legal) or ``this`` (the source, if still on the battlefield).

Amounts are numbers, or ``X`` (the X paid), or ``{count: filter}`` (the number of
permanents you control that match a filter) or ``{cards_in_hand: you}``, counted as the
effect happens.
"""

from __future__ import annotations

from typing import Any

from ...contract.types import PLAYER_OPTION_PREFIX, Event
from ...format.vocabulary import Zone
from .damage import change_life, deal_damage
from .effects import Context, _objects, effect, run_effects
from .entering import add_counters
from .game import Flow, Game
from .targets import matches


def amount(game: Game, ctx: Context, value: Any) -> int:
    """A number, ``X``, ``{count: filter}``, ``{cards_in_hand: you}`` or ``{unlocked_doors:
    you}`` (the unlocked doors among Rooms you control) -- CR 608.2h: counted as the effect
    happens."""
    if value == "X":
        return ctx.x
    if isinstance(value, dict) and "cards_in_hand" in value:
        return len(game.state.player(ctx.controller).zones[Zone.HAND])
    if isinstance(value, dict) and "unlocked_doors" in value:  # "among Rooms you control"
        return sum(len(obj.unlocked) for obj in game.state.permanents()
                   if obj.controller == ctx.controller and obj.copiable_card.is_room)
    if isinstance(value, dict) and "count" in value:
        rule = value["count"]
        return sum(1 for obj in game.state.permanents()
                   if obj.controller == ctx.controller and matches(game.chars(obj), rule))
    return int(value)


def players(game: Game, ctx: Context, who: Any) -> list[str]:
    """The players ``who`` names, in turn order."""
    names = [p.name for p in game.state.players]
    if who in (None, "you"):
        return [ctx.controller]
    if who == "each_opponent":
        return [n for n in names if n != ctx.controller]
    if who == "each_player":
        return names
    if who == "defending_player":
        defender = ctx.event.get("defender")
        return [str(defender)] if defender is not None else []
    if who == "target":
        return [t[len(PLAYER_OPTION_PREFIX):] for t in ctx.legal_targets
                if t.startswith(PLAYER_OPTION_PREFIX)]
    raise ValueError(f"an effect names the players {who!r}")


def _params(params: Any) -> dict[str, Any]:
    return dict(params) if isinstance(params, dict) else {"amount": params}


@effect("damage")
def damage(game: Game, ctx: Context, params: Any) -> Flow:
    """``{amount, to: target | each_opponent | each_player | this, divided: bool}``: the
    source deals the damage; to a creature it is marked, to a player it is life lost
    (CR 120.3).  ``divided``: the amount is divided among the targets as announced when the
    spell was cast or the ability put on the stack; an illegal target's share is dealt to
    no one (CR 601.2d, 608.2b)."""
    rule = _params(params)
    if rule.get("divided"):
        chars = game.source_chars(ctx.source)
        for target in ctx.legal_targets:
            deal_damage(game, ctx.source, chars, ctx.controller, target,
                        ctx.division.get(target, 0))
        return
    dealt = amount(game, ctx, rule["amount"])
    chars = game.source_chars(ctx.source)
    to = rule.get("to", "target")
    if to in ("each_opponent", "each_player", "defending_player", "you"):
        recipients = [PLAYER_OPTION_PREFIX + p for p in players(game, ctx, to)]
    elif to == "this":
        recipients = [o.id for o in _objects(game, ctx, "this")]
    else:
        recipients = list(ctx.legal_targets)
    for target in recipients:
        deal_damage(game, ctx.source, chars, ctx.controller, target, dealt)
    yield from ()


@effect("lose_life")
def lose_life(game: Game, ctx: Context, params: Any) -> Flow:
    """A number (you lose it), or ``{amount, who}``."""
    rule = _params(params)
    for player in players(game, ctx, rule.get("who", "you")):
        change_life(game, player, -amount(game, ctx, rule["amount"]))
    yield from ()


@effect("gain_life")
def gain_life(game: Game, ctx: Context, params: Any) -> Flow:
    """A number (you gain it), or ``{amount, who}``."""
    rule = _params(params)
    for player in players(game, ctx, rule.get("who", "you")):
        change_life(game, player, amount(game, ctx, rule["amount"]))
    yield from ()


@effect("tap")
def tap(game: Game, ctx: Context, params: Any) -> Flow:
    """``target`` or ``this``: tap those permanents (CR 701.26a)."""
    for obj in _objects(game, ctx, params):
        obj.tapped = True
    yield from ()


@effect("untap")
def untap(game: Game, ctx: Context, params: Any) -> Flow:
    """``target`` or ``this``: untap those permanents (CR 701.26b); a stun counter is removed
    instead from one that has one (CR 122.1d)."""
    for obj in _objects(game, ctx, params):
        obj.untap()
    yield from ()


@effect("put_counters")
def put_counters(game: Game, ctx: Context, params: Any) -> Flow:
    """``{what: target | this, counter: "+1/+1", count: N}`` (CR 122.1)."""
    for obj in _objects(game, ctx, params.get("what", "target")):
        add_counters(game, obj, str(params.get("counter", "+1/+1")),
                     amount(game, ctx, params.get("count", 1)))
    yield from ()


@effect("reveal_top")
def reveal_top(game: Game, ctx: Context, params: Any) -> Flow:
    """``{who, if: filter, to: hand, then: [effects]}``: each of those players reveals the top
    card of their library; if it matches the filter, they put it into ``to`` (``library``:
    it stays on top) and the ``then`` effects happen ("if an instant or sorcery card is
    revealed this way, transform this creature"; CR 701.20a)."""
    for player in players(game, ctx, params.get("who", "you")):
        library = game.state.player(player).zones[Zone.LIBRARY]
        if not library:
            continue
        top = game.state.objects[library[0]]
        game.events.append(Event("revealed", {"object": top.id, "card": top.card.name,
                                              "player": player}))
        if matches(game.chars(top), params.get("if") or {}):
            if params.get("to", "hand") != "library":
                game.move(top, Zone(params.get("to", "hand")))
            yield from run_effects(game, ctx, tuple(params.get("then") or ()))
