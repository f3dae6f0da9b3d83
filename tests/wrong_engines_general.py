"""Wrong engines for ``tests/properties/test_general_rules_kills.py``: the reference engine
with one rule of the Comprehensive Rules broken in general, as independent engines have
broken it (the seventh held-out batch's survivors are one case of each)."""

from __future__ import annotations

from typing import Any

from conformance.engines.reference import combat, effects, entering, triggers
from conformance.engines.reference.state import PendingTrigger
from conformance.contract.types import Event
from conformance.mutants import MutantEngine

_DRAW_CARDS = effects.draw_cards
_ENTER_AS_COPY = entering._enter_as_copy


def _draw_cards_forgetting_an_empty_library(game: Any, player_name: str, count: int) -> None:
    """effects.draw_cards, but a draw from an empty library is not remembered: a spell or
    ability drawing past the library costs nothing (CR 704.5b, 121.4 forgotten)."""
    player = game.state.player(player_name)
    drew = player.drew_from_empty_library
    _DRAW_CARDS(game, player_name, count)
    player.drew_from_empty_library = drew


def effect_draws_never_lose() -> MutantEngine:
    """Drawing from an empty library loses only in the draw step: a spell or ability that
    makes a player draw more cards than their library holds does not make them lose."""
    return MutantEngine("effect-draws-never-lose", [
        (effects, "draw_cards", _draw_cards_forgetting_an_empty_library)])


def _enter_as_copy_taking_token_status(game: Any, new: Any, params: Any) -> Any:
    """entering._enter_as_copy, the permanent becoming a token when what it copies is one
    (as if being a token were copied: CR 111.1, 707.2 forgotten)."""
    flow = _ENTER_AS_COPY(game, new, params)
    chosen: tuple[str, ...] = ()
    try:
        request = next(flow)
        while True:
            chosen = tuple((yield request))
            request = flow.send(chosen)
    except StopIteration:
        pass
    objects = game.state.objects
    if any(i in objects and objects[i].token for i in chosen):
        new.token = True


def copies_of_tokens_are_tokens() -> MutantEngine:
    """A card entering as a copy of a token is a token: it ceases to exist as it leaves the
    battlefield."""
    return MutantEngine("copies-of-tokens-are-tokens", [
        (entering, "_enter_as_copy", _enter_as_copy_taking_token_status)])


def _strikes_by_keywords_now(chars: Any, first_step: bool, dealt_first: bool) -> bool:
    """combat._strikes_now, the regular step's strikers read from the keywords creatures
    have then (CR 510.4, 702.7c forgotten)."""
    keywords = set(chars.keywords)
    if first_step:
        return bool(keywords & {"First strike", "Double strike"})
    return "Double strike" in keywords or "First strike" not in keywords


def first_strike_read_in_the_regular_step() -> MutantEngine:
    """Who deals combat damage in the regular step is read from the keywords creatures have
    then: one that gained first strike after the first-strike step deals none."""
    return MutantEngine("first-strike-read-in-the-regular-step", [
        (combat, "_strikes_now", _strikes_by_keywords_now)])


def _check_once_per_condition(game: Any, event: Any) -> None:
    """triggers.check, an ability triggering once for each of its trigger conditions the
    event meets (CR 603.2c forgotten)."""
    triggers._delayed(game, event)
    for obj, chars, departed in triggers._sources(game, event):
        for ability in chars.ability_defs:
            if ability.kind != "triggered":
                continue
            if departed and not any(n in triggers.LOOKS_BACK for n, _ in ability.events):
                continue
            times = sum(int(triggers.MATCHERS[name](game, obj, params, event, ability))
                        for name, params in ability.events)
            if not times or ability.condition and not triggers.condition_holds(
                    game, obj.controller, obj.id, ability.condition):
                continue
            for _ in range(times * (1 + triggers.additional_instances(game, obj, event))):
                game.state.pending_triggers.append(PendingTrigger(
                    obj.id, obj.copiable_card, ability, obj.controller,
                    dict(event.data, kind=event.kind)))
                game.events.append(Event("ability_triggered", {
                    "source": obj.id, "ability": ability.index, "text": ability.text}))


def triggers_once_per_condition() -> MutantEngine:
    """An ability with two trigger conditions triggers twice for an event meeting both:
    "whenever this creature or another enchantment you control enters" on its own
    entering."""
    return MutantEngine("triggers-once-per-condition", [(triggers, "check", _check_once_per_condition)])
