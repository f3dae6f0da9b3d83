"""Held-out bugs, second batch: the turn -- mana emptying between steps (CR 500.4),
"at the beginning of" triggers (CR 503.1, 513.1), summoning sickness of tokens (CR 302.6),
the order a player puts their triggered abilities on the stack in (CR 603.3b), and
permissions to play exiled cards: how long they last and when they can be used
(CR 611.2, 601.3, 307.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.contract.types import Cast, Event
from conformance.engines.reference import casting, combat, exile_to_play, triggers, turn
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.effects import EFFECTS, Context, draw_cards, token_card
from conformance.engines.reference.entering import enter_token
from conformance.engines.reference.exile_to_play import may_play
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, PendingTrigger
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug

_ORDER = triggers.order_triggers
_CAST = casting.cast


def next_step_keeping_mana(game: Game, declare: Callable[[], None] | None = None) -> Flow:
    """Unspent mana empties only in the cleanup step, not as each step and phase ends: mana
    made in the main phase can still be spent in combat or in the end step (CR 500.4)."""
    state = game.state
    while True:
        turn._step_forward(game)
        if state.step is Step.CLEANUP:
            for player in state.players:
                player.pool.empty()
            yield from turn.discard_to_hand_size(game)
            turn._cleanup(game)
            continue
        if state.step is not Step.UNTAP:
            break
    if declare is not None:
        declare()
    if state.step is Step.DRAW:
        draw_cards(game, state.active_player, 1)
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step is Step.PRECOMBAT_MAIN:
        turn._lore_counters(game)
    yield from turn.settle(game)


def upkeep_of_each_player(game: Game, obj: GameObject, params: Any, event: Event,
                          ability: Ability) -> bool:
    """"At the beginning of your upkeep" triggers at the beginning of every player's
    upkeep, not only its controller's (CR 503.1)."""
    return event.kind == "step_began" and event.data["step"] == Step.UPKEEP.value


def end_step_of_yours_only(game: Game, obj: GameObject, params: Any, event: Event,
                           ability: Ability) -> bool:
    """"At the beginning of each end step" triggers only at the beginning of its
    controller's end step (CR 513.1)."""
    return (event.kind == "step_began" and event.data["step"] == Step.END.value
            and game.state.active_player == obj.controller)


def tokens_without_summoning_sickness(game: Game, ctx: Context, params: Any) -> Flow:
    """Creature tokens an effect creates can attack (and use {T} abilities) the turn they
    are created: they enter without summoning sickness (CR 302.6)."""
    card = token_card(params)
    for _ in range(int(params.get("count", 1))):
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.summoning_sick = False
        yield from enter_token(game, token)


def order_reversed(game: Game, player: str, waiting: list[PendingTrigger]) -> Flow:
    """The order a player chooses for their triggered abilities is applied backwards: the
    ability chosen to go on the stack first goes on it last, so it resolves first
    (CR 603.3b)."""
    ordered = yield from _ORDER(game, player, waiting)
    distinct = {(t.source, t.ability.text) for t in waiting}
    return list(reversed(ordered)) if len(distinct) >= 2 else ordered


def next_turn_of_anyone(game: Game, player: str, duration: str) -> int:
    """"Until the end of your next turn" ends at the end of the next turn, whoever's it is:
    a permission given on your own turn ends as your opponent's turn ends (CR 611.2)."""
    if duration == "end_of_turn":
        return game.state.turn
    if duration == "end_of_your_next_turn":
        return game.state.turn + 1
    raise ValueError(duration)


def exiled_cards_any_time(game: Game, action: Cast) -> Flow:
    """A card cast with a permission to play it from exile can be cast any time its
    controller has priority, whatever its type: the permission ignores the timing rules
    for sorceries and creatures (CR 601.3, 307.1)."""
    card = game.state.objects.get(action.card)
    if card is None or card.zone is not Zone.EXILE or not may_play(game, action.player, card.id):
        return (yield from _CAST(game, action))
    flow = _CAST(game, action)
    saved = casting._sorcery_timing
    casting._sorcery_timing = lambda game, player: None  # timing is checked before any choice
    try:
        asked = next(flow)
    except StopIteration as done:
        return done.value
    finally:
        casting._sorcery_timing = saved
    while True:
        answer = yield asked
        try:
            asked = flow.send(answer)
        except StopIteration as done:
            return done.value


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("mana-kept-between-steps", "turn-structure",
        "https://github.com/wingedsheep/argentum-engine/pull/1218",
        _doc(next_step_keeping_mana), (turn, "next_step", next_step_keeping_mana)),
    bug("upkeep-trigger-every-upkeep", "step-triggers",
        "https://github.com/phase-rs/phase/issues/1535",
        _doc(upkeep_of_each_player),
        (triggers.MATCHERS, "beginning_of_upkeep", upkeep_of_each_player)),
    bug("each-end-step-only-yours", "step-triggers",
        "https://github.com/Card-Forge/forge/issues/3533",
        _doc(end_step_of_yours_only),
        (triggers.MATCHERS, "beginning_of_end_step", end_step_of_yours_only)),
    bug("tokens-not-summoning-sick", "tokens", "https://github.com/phase-rs/phase/issues/480",
        _doc(tokens_without_summoning_sickness),
        (EFFECTS, "create_token", tokens_without_summoning_sickness)),
    bug("trigger-order-reversed", "trigger-order", "https://github.com/phase-rs/phase/pull/1690",
        _doc(order_reversed), (triggers, "order_triggers", order_reversed)),
    bug("next-turn-permission-ends-early", "exile-to-play",
        "https://github.com/phase-rs/phase/issues/1300",
        _doc(next_turn_of_anyone), (exile_to_play, "last_turn", next_turn_of_anyone)),
    bug("exiled-cards-ignore-timing", "exile-to-play",
        "https://github.com/magefree/mage/issues/3300",
        _doc(exiled_cards_any_time), (casting, "cast", exiled_cards_any_time)),
]
