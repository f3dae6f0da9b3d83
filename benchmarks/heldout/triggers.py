"""Held-out bugs in triggered abilities: additional instances (CR 603.2d), the order they
go on the stack (CR 603.3b), intervening "if" clauses (CR 603.4) and abilities that look
back in time (CR 603.10a)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from conformance.contract.types import Event
from conformance.engines.reference import triggers, turn
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context, legal_now, run_effects
from conformance.engines.reference.dividing import division_of
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, PendingTrigger, StackAbility
from conformance.engines.reference.targets import choose_targets
from conformance.format.vocabulary import Zone

from . import HeldOut, bug


def _doublers(game: Game, event: Event, source: GameObject, *, controller: str | None,
              check_entering: bool = True) -> int:
    extra = 0
    for _permanent, _ability, rule in game.statics("trigger_additional_time",
                                                   controller=controller):
        entering = rule.get("entering") if isinstance(rule, dict) else None
        if check_entering and entering and not triggers._caused_by_entering(
                game, event, tuple(entering)):
            continue
        extra += 1
    return extra


def doubles_every_players_triggers(game: Game, source: GameObject, event: Event) -> int:
    """A "triggers an additional time" static doubles the triggered abilities of every
    player's permanents, not only its controller's."""
    if source.zone is not Zone.BATTLEFIELD:
        return 0
    return _doublers(game, event, source, controller=None)


def doubles_without_its_condition(game: Game, source: GameObject, event: Event) -> int:
    """A doubler limited to permanents entering (artifact or creature) doubles every
    triggered ability of its controller's permanents, whatever the event."""
    if source.zone is not Zone.BATTLEFIELD:
        return 0
    return _doublers(game, event, source, controller=source.controller, check_entering=False)


def doubler_checks_the_trigger_source(game: Game, source: GameObject, event: Event) -> int:
    """"An artifact or creature entering causes a triggered ability to trigger" is checked
    against the permanent whose ability triggered, not against the permanent that entered."""
    if source.zone is not Zone.BATTLEFIELD:
        return 0
    extra = 0
    for _permanent, _ability, rule in game.statics("trigger_additional_time",
                                                   controller=source.controller):
        entering = rule.get("entering") if isinstance(rule, dict) else None
        if entering:
            entered = event.kind == "zone_changed" and event.data["to"] == Zone.BATTLEFIELD.value
            if not entered or not set(game.chars(source).types) & set(entering):
                continue
        extra += 1
    return extra


def doubler_without_last_known_information(game: Game, source: GameObject,
                                           event: Event) -> int:
    """The doubler looks for the triggering permanent on the battlefield now: a permanent
    that has just left (its "dies" or "leaves" ability) is not doubled."""
    if game.state.objects.get(source.id) is not source or source.zone is not Zone.BATTLEFIELD:
        return 0
    return _doublers(game, event, source, controller=source.controller)


def _delayed_doubled(game: Game, event: Event) -> None:
    """Delayed triggered abilities ("at the beginning of the next end step, sacrifice it")
    are doubled by their controller's "triggers an additional time" statics."""
    if event.kind != "step_began":
        return
    state = game.state
    for delayed in list(state.delayed):
        if delayed.step != event.data["step"] or state.active_player != delayed.controller:
            continue
        state.delayed.remove(delayed)
        ability = Ability("triggered", 0, -1, {}, effects=delayed.effects,
                          text=f"delayed trigger of {delayed.source_card.name}")
        extra = sum(1 for _ in game.statics("trigger_additional_time",
                                            controller=delayed.controller))
        for _ in range(1 + extra):
            state.pending_triggers.append(PendingTrigger(
                delayed.source, delayed.source_card, ability, delayed.controller,
                {"kind": "delayed", "objects": list(delayed.objects)}))


def _put_on_stack(game: Game, players: Any, *, ordered: bool = True) -> Flow:
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        for player in players(state):
            mine = [t for t in waiting if t.controller == player]
            chosen = (yield from triggers.order_triggers(game, player, mine)) if ordered else mine
            for trigger in chosen:
                text = trigger.ability.text or "a triggered ability"
                targets = yield from choose_targets(
                    game, trigger.ability.target, player, None,
                    f"targets for {trigger.source_card.name}: {text}")
                if targets is None:
                    game.events.append(Event("ability_removed", {
                        "source": trigger.source, "reason": "no legal targets"}))
                    continue
                division = yield from announce(game, player, trigger.ability, targets, text)
                item = StackAbility(state.new_id(), trigger.source, trigger.source_card,
                                    trigger.ability, player, targets, event=trigger.event)
                state.stack.append(item)
                record(game, item.id, division)


def nonactive_player_first(game: Game) -> Flow:
    """Simultaneous triggered abilities go on the stack nonactive player's first, so the
    active player's resolve first."""
    return (yield from _put_on_stack(game, lambda state: list(reversed(state.apnap()))))


def no_order_choice(game: Game) -> Flow:
    """A player's simultaneous triggered abilities go on the stack in the order they
    triggered; the player is never asked to order them."""
    return (yield from _put_on_stack(game, lambda state: state.apnap(), ordered=False))


def _check_without_condition(game: Game, event: Event) -> None:
    """An intervening "if" clause is not checked when the event happens: the ability
    triggers and the condition is only checked as it resolves."""
    triggers._delayed(game, event)
    for obj, chars, departed in triggers._sources(game, event):
        for ability in chars.ability_defs:
            if ability.kind != "triggered":
                continue
            if departed and not any(name in triggers.LOOKS_BACK for name, _ in ability.events):
                continue
            times = max((triggers.MATCHERS[name](game, obj, params, event, ability)
                         for name, params in ability.events), default=0)
            if not times:
                continue
            for _ in range(int(times) * (1 + triggers.additional_instances(game, obj, event))):
                game.state.pending_triggers.append(
                    PendingTrigger(obj.id, obj.copiable_card, ability, obj.controller,
                                   dict(event.data, kind=event.kind)))
                game.events.append(Event("ability_triggered", {
                    "source": obj.id, "ability": ability.index, "text": ability.text}))


def _resolve_without_recheck(game: Game, item: StackAbility) -> Flow:
    """An intervening "if" clause is checked when the ability triggers, never again as it
    resolves."""
    ability = item.ability
    ctx = Context(item.controller, item.source, item.source_card, ability, item.targets,
                  x=item.x, event=item.event, division=division_of(game, item.id))
    ctx.legal_targets = legal_now(game, ability.target, ctx)
    if not (bool(item.targets) and not ctx.legal_targets):
        yield from run_effects(game, ctx, ability.effects)
    game.state.stack.remove(item)


def _leaves_in_new_zone(to: Zone | None) -> triggers.Matcher:
    """"Whenever a creature you control dies" looks at the card in its new zone instead
    of the permanent as it last existed: a token (gone) or a card that is not a creature in
    the graveyard does not trigger it."""

    def matcher(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
        if event.kind != "zone_changed" or event.data["from"] != Zone.BATTLEFIELD.value:
            return False
        if to is not None and event.data["to"] != to.value:
            return False
        if params == "this":
            return str(event.data["object"]) == obj.id
        new = game.state.objects.get(str(event.data.get("new_object")))
        if new is None:
            return False
        return triggers._filter_ok(game, obj, params, new, game.chars(new))
    return matcher


@contextlib.contextmanager
def _one_at_a_time(self: Game) -> Iterator[None]:
    """Permanents that leave the battlefield at once (state-based actions) are moved one by
    one, each forgotten as the next leaves: a dying creature's "whenever another creature
    dies" does not see the others."""
    yield


BUGS: list[HeldOut] = [
    bug("doubler-any-controller", "trigger-doubling",
        "https://github.com/magefree/mage/issues/2333",
        doubles_every_players_triggers.__doc__ or "",
        (triggers, "additional_instances", doubles_every_players_triggers)),
    bug("doubler-ignores-entering-condition", "trigger-doubling",
        "https://github.com/phase-rs/phase/issues/5291",
        doubles_without_its_condition.__doc__ or "",
        (triggers, "additional_instances", doubles_without_its_condition)),
    bug("doubler-checks-trigger-source", "trigger-doubling",
        "https://github.com/Card-Forge/forge/pull/4076",
        doubler_checks_the_trigger_source.__doc__ or "",
        (triggers, "additional_instances", doubler_checks_the_trigger_source)),
    bug("doubler-no-lki", "trigger-doubling",
        "https://github.com/Card-Forge/forge/pull/3451",
        doubler_without_last_known_information.__doc__ or "",
        (triggers, "additional_instances", doubler_without_last_known_information)),
    bug("doubler-doubles-delayed", "trigger-doubling",
        "https://github.com/Card-Forge/forge/issues/204",
        _delayed_doubled.__doc__ or "",
        (triggers, "_delayed", _delayed_doubled)),
    bug("apnap-reversed", "trigger-order",
        "https://github.com/phase-rs/phase/issues/591",
        nonactive_player_first.__doc__ or "",
        (triggers, "put_on_stack", nonactive_player_first)),
    bug("trigger-order-not-asked", "trigger-order",
        "https://github.com/Card-Forge/forge/pull/1583",
        no_order_choice.__doc__ or "",
        (triggers, "put_on_stack", no_order_choice)),
    bug("intervening-if-only-on-resolution", "triggers",
        "https://github.com/magefree/mage/issues/8265",
        _check_without_condition.__doc__ or "",
        (triggers, "check", _check_without_condition)),
    bug("intervening-if-not-rechecked", "triggers",
        "https://github.com/wingedsheep/argentum-engine/pull/1838",
        _resolve_without_recheck.__doc__ or "",
        (turn, "_resolve_ability", _resolve_without_recheck)),
    bug("dies-filter-without-lki", "triggers",
        "https://github.com/Card-Forge/forge/issues/4335",
        (_leaves_in_new_zone.__doc__ or ""),
        (triggers.MATCHERS, "dies", _leaves_in_new_zone(Zone.GRAVEYARD)),
        (triggers.MATCHERS, "leaves_battlefield", _leaves_in_new_zone(None))),
    bug("simultaneous-deaths-unseen", "triggers",
        "https://github.com/magefree/mage/issues/6325",
        _one_at_a_time.__doc__ or "",
        (Game, "simultaneously", _one_at_a_time)),
]
