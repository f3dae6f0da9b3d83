"""Every scenario of the rulings about combat, steps and priority, zone-change triggers,
trigger order and copiable values can fail: each passes on the reference engine and fails
on a reference engine with the one rule it is about broken."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from conformance.contract.types import Choice, Event, Option
from conformance.engines.reference import (
    ReferenceEngine, casting, combat, convoke, copies, damage, effects, entering, life, rooms,
    state, triggers, turn,
)
from conformance.engines.reference import exile_to_play, lands
from conformance.engines.reference import game as game_module
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.dividing import divided_amount
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.targets import matches
from conformance.errors import IllegalAction
from conformance.format.loader import Corpus
from conformance.mutants import MutantEngine, Patch
from conformance.mutants.combat import (  # the same wrong branches as the meter's
    _any_combat_damage,
    _attackers_stay_untapped,
    _damage_stays,
    _double_strike_once,
    _each_attacker,
    _each_target_dealt_it_all,
    _everyone_untaps,
    _first_strike_twice,
    _game_goes_on,
    _lethal_ignoring_marked_damage,
    _loses_at_one_life,
    _no_trample,
    _one_pass_resolves,
    _per_creature,
    _reveal_takes_any_card,
    _share_goes_to_the_others,
)
from conformance.mutants.lands import (  # the same wrong branches as the meter's
    _any_stack,
    _any_step,
    _any_turn,
    _every_land_ever,
    _hand_only,
    _nonland,
    _two_lands,
)
from conformance.runner.execute import run_scenario
from conformance.runner.results import Status



# -- the broken rules ------------------------------------------------------------------------

_copy_of = copies.copy_of
_deal_damage = damage.deal_damage
_assignment = combat._attacker_assignment
_declare_attackers = combat.declare_attackers
_check_attackers = combat.check_attackers
_check_blockers = combat.check_blockers
_matchers = dict(triggers.MATCHERS)


def _copies_the_hidden_card(original: Any, **kwargs: Any) -> Any:
    return _copy_of(dataclasses.replace(original, face_down=False), **kwargs)


def _no_copy(*args: Any, **kwargs: Any) -> Iterator[Any]:
    yield from ()


def _in_trigger_order(game: Any, player: str, waiting: list[Any]) -> Iterator[Any]:
    yield from ()
    return waiting


def _orders_every_instance(game: Any, player: str, waiting: list[Any]) -> Iterator[Any]:
    if len(waiting) < 2:
        return waiting
    options = tuple(Option(f"{t.source}#{i}", t.ability.text) for i, t in enumerate(waiting))
    chosen = yield Choice("order", player, "order", options, len(options), len(options))
    return [waiting[int(value.split("#")[1])] for value in chosen]


def _ignores_keywords(game: Any, source: str, chars: Any, *args: Any, **kwargs: Any) -> int:
    return _deal_damage(game, source, None, *args, **kwargs)


def _no_first_strike_step(chars: Any, first_step: bool, dealt_first: bool) -> bool:
    return True


def _sickness_ignored(game: Any, action: Any) -> str:
    sick = [game.state.objects[i] for i in action.attackers if i in game.state.objects]
    for obj in sick:
        obj.summoning_sick = False
    return _check_attackers(game, action)


def _check_blockers_without_flying(game: Any, action: Any) -> None:
    real_chars = game.chars

    def chars(obj: Any) -> Any:
        found = real_chars(obj)
        return dataclasses.replace(found, keywords=tuple(k for k in found.keywords if k != "Flying"))

    game.chars = chars
    try:
        _check_blockers(game, action)
    finally:
        del game.chars


def _no_draw(game: Any, player: str, count: int) -> None:
    return None


def _every_end_step(game: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    return event.kind == "step_began" and event.data["step"] == "end"


def _never(game: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    return False


def _dies_without_looking_back(game: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    if params == "this":
        return bool(_matchers["dies"](game, obj, params, event, ability))
    return False


_sources = triggers._sources


def _face_down_keeps_abilities(game: Any, event: Event) -> Any:
    found = []
    for obj, chars, departed in _sources(game, event):
        if obj.face_down:
            obj.face_down = False
            chars = game.chars(obj)
            obj.face_down = True
        found.append((obj, chars, departed))
    return found


def _dies_any_controller(game: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    if isinstance(params, dict):
        params = {k: v for k, v in params.items() if k != "controller"}
    return bool(_matchers["dies"](game, obj, params, event, ability))


def _nonactive_first(self: Any) -> list[str]:
    names = [p.name for p in self.players]
    start = names.index(self.active_player)
    return list(reversed(names[start:] + names[:start]))


_next_turn = turn._next_turn


def _untap_statics_ignored(game: Any) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "statics", lambda name, **kwargs: iter(()))
        _next_turn(game)


_token_card = effects.token_card
_choose_targets = triggers.choose_targets


def _token_named_after_subtypes(params: Any) -> Any:
    return _token_card({**params, "name": " ".join(params.get("subtypes") or ())})


def _one_target_at_most(game: Any, spec: Any, *args: Any, **kwargs: Any) -> Any:
    narrowed = dataclasses.replace(spec, count=1) if spec is not None else None
    return (yield from _choose_targets(game, narrowed, *args, **kwargs))


_amount = life.amount
_discard_to_hand_size = turn.discard_to_hand_size


def _hand_counted_as_one_more(game: Any, ctx: Any, value: Any) -> int:
    found = _amount(game, ctx, value)
    return found + 1 if isinstance(value, dict) and "cards_in_hand" in value else found


def _hand_not_counted(game: Any, ctx: Any, value: Any) -> int:
    return 0 if isinstance(value, dict) else _amount(game, ctx, value)


def _always_seven(game: Any) -> Iterator[Any]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "statics", lambda name, **kwargs: iter(()))
        return (yield from _discard_to_hand_size(game))


_reveal_top = effects.EFFECTS["reveal_top"]


def _reveal_takes_nothing(game: Any, ctx: Any, params: Any) -> Any:
    return _reveal_top(game, ctx, {**params, "if": {"types": ["Nothing"]}})


_special_unlock = rooms.special_unlock


def _unlock_on_any_turn(game: Any, action: Any) -> Iterator[Any]:
    active = game.state.active_player
    game.state.active_player = action.player
    try:
        yield from _special_unlock(game, action)
    finally:
        game.state.active_player = active


def _every_upkeep(game: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    return event.kind == "step_began" and event.data["step"] == "upkeep"


def _anyones_spells(game: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    rule = {k: v for k, v in params.items() if k != "controller"}
    return bool(_matchers["spell_cast"](game, obj, rule, event, ability))


def _convoke_pays_generic_only(game: Any, player: str, cost: Any) -> Iterator[Any]:
    from conformance.engines.reference.mana import Cost

    left = yield from convoke.convoke(game, player, Cost(cost.generic + len(cost.colored), ()))
    paid = cost.generic + len(cost.colored) - left.generic
    if paid > cost.generic:
        raise IllegalAction("creatures pay only generic mana")
    return Cost(cost.generic - paid, cost.colored)


# -- divided damage, several blockers, exile to play, the end of the game ----------------

_damage = effects.EFFECTS["damage"]


def _evenly_without_asking(game: Any, player: str, ability: Any, targets: Any,
                           what: str) -> Iterator[Any]:
    yield from ()
    amount = divided_amount(ability)
    if amount is None or not targets:
        return ()
    return tuple(targets[i % len(targets)] for i in range(amount))


def _asks_even_for_one_target(game: Any, player: str, ability: Any, targets: Any,
                              what: str) -> Iterator[Any]:
    amount = divided_amount(ability)
    if amount is None or not targets:
        return ()
    options = tuple(Option(t, t) for t in targets)
    chosen = yield Choice("divide", player, what, options, amount, amount)
    return tuple(chosen)


_casting_choose_targets = casting.choose_targets


def _every_target_required(game: Any, spec: Any, *args: Any, **kwargs: Any) -> Any:
    whole = dataclasses.replace(spec, at_least=None) if spec is not None else None
    return (yield from _casting_choose_targets(game, whole, *args, **kwargs))


def _damage_assignment_order(game: Any, combat_: Any, attacker: str, chars: Any,
                             defender: str) -> Iterator[Any]:
    """The rules before November 2024: lethal damage to each blocker in the order they
    were declared before the next, the rest to the last (or, with trample, the player)."""
    yield from ()
    power = chars.power or 0
    player = "player:" + defender
    if power <= 0:
        return []
    if attacker not in combat_.blocked:
        return [(player, power)]
    blockers = [b for b, a in combat_.blockers.items() if a == attacker
                and b in game.state.battlefield]
    trample = "Trample" in chars.keywords
    out, remaining = [], power
    for index, blocker in enumerate(blockers):
        last = index == len(blockers) - 1
        lethal = lethal_damage(game, blocker, chars)
        amount = min(remaining, lethal) if (trample or not last) else remaining
        if amount:
            out.append((blocker, amount))
        remaining -= amount
    if remaining and trample:
        out.append((player, remaining))
    return out


_state_based_actions = turn.state_based_actions


_move = state.GameState.move


def _tokens_stay(self: Any, obj: Any, zone: Any, *, controller: str | None = None) -> Any:
    if obj.token and not obj.is_spell_copy and zone.value != "battlefield":
        obj.token = False
    return _move(self, obj, zone, controller=controller)


def _dead_cards_cease(self: Any, obj: Any, zone: Any, *, controller: str | None = None) -> Any:
    if zone.value == "graveyard" and obj.zone.value == "battlefield":
        obj.token = True
    return _move(self, obj, zone, controller=controller)


def _reductions_before_increases(game: Any, player: str, spell: Any, chars: Any,
                                 base: str | None) -> Any:
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if matches(chars, rule):
            cost = cost.reduced(int(rule.get("generic", 0)))
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    return cost


_copy_spell = effects.EFFECTS["copy_spell"]


def _copy_controlled_by_original(game: Any, ctx: Any, params: Any) -> Iterator[Any]:
    seen = len(game.events)
    yield from _copy_spell(game, ctx, params)
    for event in game.events[seen:]:
        if event.kind == "spell_copied":
            original = game.state.objects[event.data["original"]]
            game.state.objects[event.data["object"]].controller = original.controller


#: For each ruling, wrong engines (each a list of patches); every scenario of the ruling
#: fails on at least one of them.
BROKEN: dict[str, list[list[Patch]]] = {
    "copy-of-face-down-permanent": [[(entering, "copy_of", _copies_the_hidden_card)]],
    "copy-enchantment-copying-a-room": [[(entering, "_enter_as_copy", _no_copy)]],
    "trigger-order-controller-orders-simultaneous-triggers": [
        [(triggers, "order_triggers", _in_trigger_order)],
        [(state.GameState, "apnap", _nonactive_first)],
        [(triggers, "order_triggers", _orders_every_instance)]],
    "combat-locker-room-draws-once-per-combat-damage-step": [
        [(triggers.MATCHERS, "combat_damage_to_player", _per_creature)],
        [(triggers.MATCHERS, "combat_damage_to_player", _any_combat_damage)]],
    "combat-hystrodon-trample-and-combat-damage-trigger": [
        [(combat, "_attacker_assignment", _no_trample)],
        [(triggers, "_sources", _face_down_keeps_abilities)]],
    "combat-first-strike-and-double-strike": [
        [(combat, "_strikes_now", _no_first_strike_step)],
        [(combat, "_strikes_now", _double_strike_once)]],
    "combat-deathtouch-lifelink-flying": [
        [(combat, "deal_damage", _ignores_keywords),
         (combat, "check_blockers", _check_blockers_without_flying)]],
    "combat-attacking-creatures": [[(combat, "check_attackers", _sickness_ignored),
                                    (combat, "declare_attackers", _attackers_stay_untapped)]],
    "combat-thousand-winds-returns-attacking-creatures": [
        [(combat, "declare_attackers", _attackers_stay_untapped)]],
    "combat-brutal-hordechief-attack-trigger": [[(triggers.MATCHERS, "attacks", _never)]],
    "turn-structure-priority-passes-to-the-opponent": [
        [(turn, "pass_priority", _one_pass_resolves)]],
    "turn-structure-draw-step-and-cleanup": [[(turn, "_cleanup", _damage_stays),
                                              (turn, "draw_cards", _no_draw)]],
    "rooms-duskmourn-unholy-annex-end-step": [
        [(triggers.MATCHERS, "beginning_of_end_step", _every_end_step),
         (life, "players", lambda game, ctx, who: [ctx.controller])],
        [(effects, "condition_holds", lambda *args: True)]],
    "rooms-duskmourn-glassworks-and-shattered-yard": [
        [(triggers.MATCHERS, "beginning_of_end_step", _never),
         (life, "deal_damage", lambda *args, **kwargs: 0)]],
    "rooms-duskmourn-funeral-room-dies": [
        [(triggers.MATCHERS, "dies", _dies_without_looking_back)],
        [(triggers.MATCHERS, "dies", _dies_any_controller)]],
    "turn-structure-seedborn-muse-untaps-during-other-untap-steps": [
        [(turn, "_next_turn", _untap_statics_ignored)], [(turn, "_next_turn", _everyone_untaps)]],
    "rooms-duskmourn-grand-entryway-and-elegant-rotunda": [
        [(effects, "token_card", _token_named_after_subtypes)],
        [(triggers, "choose_targets", _one_target_at_most)]],
    "combat-hospital-room-whenever-you-attack": [
        [(triggers.MATCHERS, "you_attack", _each_attacker)]],
    "rooms-duskmourn-roaring-furnace-and-steaming-sauna": [
        [(life, "amount", _hand_not_counted)], [(life, "amount", _hand_counted_as_one_more)],
        [(turn, "discard_to_hand_size", _always_seven)]],
    "combat-goblin-guide-attack-trigger": [
        [(effects.EFFECTS, "reveal_top", _reveal_takes_nothing)],
        [(effects.EFFECTS, "reveal_top", _reveal_takes_any_card)]],
    "turn-structure-your-upkeep-and-your-spells": [
        [(triggers.MATCHERS, "beginning_of_upkeep", _every_upkeep)],
        [(triggers.MATCHERS, "spell_cast", _anyones_spells)]],
    "rooms-duskmourn-doors-unlock-only-on-your-turn": [
        [(rooms, "special_unlock", _unlock_on_any_turn)]],
    "rooms-duskmourn-dazzling-theater-and-prop-room": [
        [(casting, "convoke", _convoke_pays_generic_only)],
        [(casting, "has_convoke", lambda *args: True)],
        [(turn, "_next_turn", _everyone_untaps)]],
    "turn-structure-tap-an-attacker-before-attacks": [
        [(effects.EFFECTS, "tap", lambda game, ctx, params: iter(()))],
        [(turn, "pass_priority", _one_pass_resolves)]],
    "combat-thousand-winds-on-the-opponents-turn": [
        [(turn, "pass_priority", _one_pass_resolves)],
        [(combat, "declare_attackers", _attackers_stay_untapped)]],
    "rooms-duskmourn-ghostly-keybearer-unlocks-a-door": [
        [(triggers.MATCHERS, "combat_damage_to_player", _never)]],
    "divided-damage-arc-lightning-divides-as-it-is-cast": [
        [(effects.EFFECTS, "damage", _each_target_dealt_it_all)],
        [(effects.EFFECTS, "damage", _share_goes_to_the_others)],
        [(casting, "announce", _evenly_without_asking)],
        [(casting, "announce", _asks_even_for_one_target)],
        [(casting, "choose_targets", _every_target_required)]],
    "combat-several-blockers-attacking-player-divides-damage": [
        [(combat, "_attacker_assignment", _damage_assignment_order)],
        [(combat, "_attacker_assignment", _no_trample)]],
    "exile-to-play-until-end-of-turn-or-your-next-turn": [
        [(casting, "may_play", lambda *args: False)],
        [(turn, "end_permissions", lambda game: None)],
        [(exile_to_play, "last_turn", lambda game, player, duration: game.state.turn)],
        [(casting, "_sorcery_timing", lambda game, player: None)]],
    "game-over-a-player-who-loses-ends-the-game": [
        [(turn, "outcome", _game_goes_on), (game_module, "outcome", _game_goes_on)],
        [(turn, "state_based_actions", _loses_at_one_life)]],
    "combat-trample-counts-damage-already-marked": [
        [(combat, "lethal_damage", _lethal_ignoring_marked_damage)]],
    "combat-first-strike-deals-damage-once": [
        [(combat, "_strikes_now", _first_strike_twice)]],
    "entering-objects-a-token-that-leaves-ceases-to-exist": [
        [(state.GameState, "move", _tokens_stay)],
        [(state.GameState, "move", _dead_cards_cease)]],
    "cost-changes-increases-before-reductions": [
        [(casting, "total_cost", _reductions_before_increases)]],
    "spell-copies-a-copy-of-an-opponents-spell-is-yours": [
        [(effects.EFFECTS, "copy_spell", _copy_controlled_by_original)]],
    "playing-lands-act-on-impulse-land-uses-the-land-play": [
        [(lands, "check_permission", _hand_only)], [(lands, "lands_allowed", _two_lands)]],
    "playing-lands-reckless-impulse-land-on-your-next-turn": [
        [(lands, "lands_allowed", _two_lands)], [(lands, "check_timing", _any_turn)],
        [(turn, "end_permissions", lambda game: None)]],
    "playing-lands-one-land-each-turn": [
        [(lands, "lands_allowed", _two_lands)],
        [(lands, "played_this_turn", _every_land_ever),
         (lands, "forget_earlier_turns", lambda game: None)],
        [(lands, "check_timing", _any_stack)], [(lands, "check_timing", _any_turn)],
        [(lands, "check_timing", _any_step)], [(lands, "play_land", _nonland)]],
}


@pytest.mark.parametrize("ruling_id", sorted(BROKEN))
def test_each_scenario_passes_on_the_reference_engine_and_fails_with_its_rule_broken(
        corpus: Corpus, ruling_id: str) -> None:
    ruling = next(r for r in corpus.rulings if r.id == ruling_id)
    for scenario in ruling.scenarios:
        right = run_scenario(ruling, scenario, ReferenceEngine(), corpus.cards)
        assert right.status is Status.PASSED, (scenario.name, right.message)
        wrong = [run_scenario(ruling, scenario, MutantEngine(ruling_id, patches), corpus.cards)
                 for patches in BROKEN[ruling_id]]
        assert Status.FAILED in {w.status for w in wrong}, (
            scenario.name, [(w.status, w.message) for w in wrong])
