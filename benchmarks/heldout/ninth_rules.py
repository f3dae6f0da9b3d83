"""Held-out bugs, ninth batch: targets, the stack, timing, lands, combat, last known
information, costs, mana, the end of the game and state-based actions -- a spell among its
own targets (CR 115.5); an activated ability without a target resolving at once (CR 605.1a,
602.2a); an activated ability refused in another player's turn (CR 602.1, 117.1b); a land
searched for put into its owner's hand (CR 701.23, 608.2c); combat damage to a creature
reported as combat damage to a player (CR 510.3a); a face-down permanent remembered face up
as it leaves (CR 708.3, 603.10a); X added to the total cost after the reductions (CR 601.2f),
only the last of several cost reductions applied (CR 601.2f), a sacrifice cost paid before
targets are chosen (CR 602.2b, 601.2c-h); mana added to the active player's pool (CR 605.3b,
106.4); actions taken after the game has ended (CR 104.1); +1/+1 and -1/-1 counters never
removed in pairs (CR 704.5q)."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from conformance.contract.types import (
    PLAYER_OPTION_PREFIX, Activate, Choice, Event, Option,
)
from conformance.engines.reference import casting, combat, effects, targets, turn
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import is_attacking
from conformance.engines.reference.damage import deal_damage
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context, run_effects
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject, GameState, StackAbility
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, choose_targets, controlled_ok, label, matches,
)
from conformance.errors import IllegalAction, Unsupported
from conformance.format.vocabulary import Zone

from . import HeldOut, bug


# -- targets ---------------------------------------------------------------------------------

def candidates_including_the_spell_itself(game: Game, spec: TargetSpec, you: str, *,
                                          exclude: str | None = None) -> list[str]:
    """The spell being cast is among its own legal targets: the object to leave out is not
    looked at, so Twincast cast with no other spell on the stack targets itself (CR 115.5:
    a spell or ability on the stack is an illegal target for itself)."""
    state = game.state
    players = [PLAYER_PREFIX + p.name for p in state.players
               if controlled_ok(p.name, spec.controller, you)]
    if spec.what == "player":
        return players
    rule = spec.filter
    if spec.what == "spell":
        pool: list[GameObject] = [item for item in state.stack if isinstance(item, GameObject)]
    else:
        pool = list(state.permanents())
    found = [
        obj.id for obj in pool
        if controlled_ok(obj.controller, spec.controller, you)
        and matches(game.chars(obj), rule) and (not rule.get("tapped") or obj.tapped)
        and (not rule.get("attacking") or is_attacking(game, obj.id))
        and (spec.what != "any" or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    if spec.what == "any":
        found += players
    return found


# -- the stack, timing, costs, mana ----------------------------------------------------------

def activate_untargeted_at_once(game: Game, action: Activate) -> Flow:
    """An activated ability without a target is handled as a mana ability: it doesn't use
    the stack and resolves as it is activated, so "{1}: Transform this creature" can't be
    responded to (CR 605.1a: only one that could add mana; CR 602.2a: the others go on the
    stack)."""
    state = game.state
    obj, ability = casting.activation_refused_early(game, action)
    params = ability.params
    targets_ = yield from choose_targets(game, ability.target, action.player,
                                                 casting._values(action.targets),
                                                 f"targets for {ability.text}")
    if targets_ is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets_,
                                           ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if casting.summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(action.player).pool.pay(Cost.of(params.get("mana"), x))
    source_card = obj.copiable_card
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    if params.get("mana_ability") or ability.target is None:
        yield from run_effects(game, Context(action.player, obj.id, source_card,
                                                     ability, targets_, targets_, x),
                                       ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets_, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


def activation_refused_in_another_players_turn(game: Game, action: Activate
                                               ) -> tuple[GameObject, Any]:
    """An activated ability other than a mana ability is refused outside its controller's
    turn: a player holding priority in another player's turn can't activate "{T}: This
    creature deals 1 damage to any target" (CR 602.1, 117.1b: any time they have priority,
    unless the ability says otherwise)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only abilities of permanents can be activated here")
    if obj.controller != action.player:
        raise IllegalAction("you can activate only abilities of permanents you control")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    abilities = casting.activated_abilities(game, obj)
    if not 0 <= action.ability < len(abilities):
        raise IllegalAction(f"{obj.card.name} has no activated ability #{action.ability + 1}")
    ability = abilities[action.ability]
    casting._check_not_prevented(game, obj, ability)
    if ability.unimplemented:
        raise Unsupported(f"{ability.text!r}: {ability.unimplemented}")
    params = ability.params
    if state.active_player != action.player and not params.get("mana_ability"):
        raise IllegalAction("abilities can be activated only during your turn")
    if params.get("sorcery"):
        casting._sorcery_timing(game, action.player)
    if params.get("tap") and obj.tapped:
        raise IllegalAction(f"{obj.card.name} is tapped")
    if params.get("tap") and casting.summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def total_cost_adding_x_after_reductions(game: Game, player: str, spell: GameObject,
                                         chars: Characteristics, base: str | None) -> Cost:
    """X is added to the total cost after the cost reductions, which so reduce only the rest
    of its generic mana: "spells you cast cost {1} less" saves nothing on a Fireball ({X}{R})
    (CR 601.2f: the total cost is the mana cost with X as announced, then reductions)."""
    cost = Cost.of(base)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost.plus(Cost(spell.x, ()))


def total_cost_keeping_the_last_reduction(game: Game, player: str, spell: GameObject,
                                          chars: Characteristics, base: str | None) -> Cost:
    """Each cost reduction is taken off the cost before reductions, and the last one worked
    out is the total cost: two "spells you cast cost {1} less" take off {1} in all
    (CR 601.2f: the total cost is reduced by every reduction that applies)."""
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    total = cost
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        total = cost.reduced(int(rule.get("generic", 0)))
    return total


def activate_sacrificing_before_targets(game: Game, action: Activate) -> Flow:
    """A sacrifice cost is paid before the ability's targets are chosen: "Sacrifice this
    creature: It deals 1 damage to any target" is no longer offered the creature itself
    (CR 602.2b, 601.2c-h: targets are chosen, then the costs are paid)."""
    state = game.state
    obj, ability = casting.activation_refused_early(game, action)
    params = ability.params
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    targets_ = yield from choose_targets(game, ability.target, action.player,
                                                 casting._values(action.targets),
                                                 f"targets for {ability.text}")
    if targets_ is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets_,
                                           ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if casting.summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(action.player).pool.pay(Cost.of(params.get("mana"), x))
    source_card = obj.copiable_card
    if params.get("mana_ability"):
        yield from run_effects(game, Context(action.player, obj.id, source_card,
                                                     ability, targets_, targets_, x),
                                       ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets_, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


def activate_adding_mana_for_the_active_player(game: Game, action: Activate) -> Flow:
    """The mana a mana ability makes is added to the active player's pool, whoever
    activated it: a Mountain tapped for mana in another player's turn gives that player the
    {R} (CR 605.3b, 106.4: the player who activated it adds the mana)."""
    state = game.state
    obj, ability = casting.activation_refused_early(game, action)
    params = ability.params
    targets_ = yield from choose_targets(game, ability.target, action.player,
                                                 casting._values(action.targets),
                                                 f"targets for {ability.text}")
    if targets_ is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets_,
                                           ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if casting.summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(action.player).pool.pay(Cost.of(params.get("mana"), x))
    source_card = obj.copiable_card
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    if params.get("mana_ability"):
        yield from run_effects(game, Context(state.active_player, obj.id, source_card,
                                                     ability, targets_, targets_, x),
                                       ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets_, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


# -- lands -----------------------------------------------------------------------------------

def search_library_into_the_hand(game: Game, ctx: Context, params: Any) -> Flow:
    """The card a library search finds is put into its owner's hand whatever the effect
    says: "search your library for a land card, put it onto the battlefield" puts the land
    into the hand (CR 701.23a, 608.2c: the card goes where the instruction says)."""
    library = game.state.player(ctx.controller).zones[Zone.LIBRARY]
    found = [i for i in library if matches(game.chars(game.state.objects[i]), params, x=ctx.x)]
    options = tuple(Option(i, label(game, i)) for i in found)
    chosen = yield Choice("cards", ctx.controller, "search your library", options, 0, 1)
    for card_id in chosen:
        obj = game.state.objects[card_id]
        game.move(obj, Zone.HAND)
    random.Random(game.state.seed + game.state.clock).shuffle(library)


# -- combat ----------------------------------------------------------------------------------

def deal_reporting_damage_to_creatures_as_to_players(
        game: Game, assignments: list[tuple[str, Characteristics, str, str, int]]) -> None:
    """Combat damage dealt to a creature is reported as combat damage to a player, the
    creature's controller: a blocked creature's "whenever this creature deals combat damage
    to a player" triggers on the damage it deals its blocker (CR 510.3a, 120.2a: only combat
    damage dealt to a player)."""
    to_players: dict[tuple[str, str], list[str]] = defaultdict(list)
    for source, chars, controller, target, amount in assignments:
        dealt = deal_damage(game, source, chars, controller, target, amount, combat=True)
        if dealt:
            hit = game.state.objects.get(target)
            player = (target[len(PLAYER_OPTION_PREFIX):]
                      if target.startswith(PLAYER_OPTION_PREFIX) or hit is None
                      else hit.controller)
            game.emit("combat_damage_to_player", source=source, player=player,
                      controller=controller, amount=dealt)
            to_players[(controller, player)].append(source)
    for (controller, player), sources in to_players.items():
        game.emit("creatures_dealt_combat_damage", controller=controller, player=player,
                  sources=sources)


# -- last known information ------------------------------------------------------------------

def move_revealing_before_remembering(self: Game, obj: GameObject, zone: Zone,
                                      **kwargs: Any) -> GameObject | None:
    """A face-down permanent that leaves the battlefield is turned face up as it is revealed
    before it is remembered as it last existed: a face-down creature with "when this creature
    dies" that dies triggers it (CR 708.3, 603.10a: it left as a face-down 2/2 with no
    abilities)."""
    old_zone = obj.zone
    if obj.face_down and old_zone is Zone.BATTLEFIELD:
        obj.face_down = False
        self.events.append(Event("revealed", {"object": obj.id, "card": obj.card.name}))
    if old_zone is Zone.BATTLEFIELD:
        self.departed[obj.id] = (obj, self.chars(obj))
        self.last_known[obj.id] = self.departed[obj.id][1]
    new = self.state.move(obj, zone, **kwargs)
    self.emit("zone_changed", object=obj.id, new_object=new.id if new else None,
              card=obj.card.name, **{"from": old_zone.value, "to": zone.value})
    if not self._simultaneous:
        self.departed = {}
    return new


# -- the end of the game ---------------------------------------------------------------------

def run_after_the_game_ended(self: Game, flow: Flow, *,
                             snapshot: GameState | None = None) -> list[Event]:
    """An action is taken whether or not the game is over: a player can still cast a spell
    once their opponent has lost (CR 104.1: the game ends immediately)."""
    if self._flow is not None:
        raise IllegalAction(f"a choice is pending: {self._choice.prompt if self._choice else ''}")
    self._snapshot = snapshot if snapshot is not None else self.state.clone()
    self.state_changed()
    self.events = []
    self._flow = flow
    return self._advance(None)


# -- state-based actions ---------------------------------------------------------------------

def sba_without_counter_pairs(game: Game) -> bool:
    """+1/+1 and -1/-1 counters on one permanent are never removed in pairs: a creature keeps
    both kinds (CR 704.5q: N of each kind are removed as a state-based action)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)
        elif turn._saga_is_done(game, obj, chars):
            doomed.append(obj)
        elif ("Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch):
            doomed.append(obj)
    losers = [p for p in state.players if not p.lost
              and (p.life <= 0 or p.drew_from_empty_library)]
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("spell-among-its-own-targets", "targets",
        "https://github.com/magefree/mage/issues/9849",
        _doc(candidates_including_the_spell_itself),
        (targets, "candidates", candidates_including_the_spell_itself),
        (effects, "candidates", candidates_including_the_spell_itself)),
    bug("untargeted-ability-resolves-at-once", "stack",
        "https://github.com/magefree/mage/issues/1253",
        _doc(activate_untargeted_at_once), (casting, "activate", activate_untargeted_at_once)),
    bug("ability-refused-in-another-players-turn", "timing",
        "https://github.com/phase-rs/phase/issues/4387",
        _doc(activation_refused_in_another_players_turn),
        (casting, "activation_refused_early", activation_refused_in_another_players_turn)),
    bug("searched-land-put-into-the-hand", "lands",
        "https://github.com/phase-rs/phase/issues/2405",
        _doc(search_library_into_the_hand),
        (effects.EFFECTS, "search_library", search_library_into_the_hand)),
    bug("combat-damage-to-a-creature-seen-as-to-a-player", "combat",
        "https://github.com/magefree/mage/issues/1286",
        _doc(deal_reporting_damage_to_creatures_as_to_players),
        (combat, "_deal", deal_reporting_damage_to_creatures_as_to_players)),
    bug("face-down-permanent-remembered-face-up", "last-known-information",
        "https://github.com/magefree/mage/issues/7063",
        _doc(move_revealing_before_remembering),
        (Game, "move", move_revealing_before_remembering)),
    bug("x-added-after-cost-reductions", "costs",
        "https://github.com/phase-rs/phase/pull/1953",
        _doc(total_cost_adding_x_after_reductions),
        (casting, "total_cost", total_cost_adding_x_after_reductions)),
    bug("only-the-last-cost-reduction-applies", "costs",
        "https://github.com/magarena/magarena/issues/616",
        _doc(total_cost_keeping_the_last_reduction),
        (casting, "total_cost", total_cost_keeping_the_last_reduction)),
    bug("sacrifice-cost-paid-before-targets", "costs",
        "https://github.com/phase-rs/phase/issues/3870",
        _doc(activate_sacrificing_before_targets),
        (casting, "activate", activate_sacrificing_before_targets)),
    bug("mana-added-to-the-active-players-pool", "mana",
        "https://github.com/magefree/mage/issues/14381",
        _doc(activate_adding_mana_for_the_active_player),
        (casting, "activate", activate_adding_mana_for_the_active_player)),
    bug("actions-taken-after-the-game-ended", "game-over",
        "https://github.com/phase-rs/phase/pull/1066",
        _doc(run_after_the_game_ended), (Game, "run", run_after_the_game_ended)),
    bug("counter-pairs-never-removed", "state-based-actions",
        "https://github.com/magefree/mage/issues/998",
        _doc(sba_without_counter_pairs),
        (turn, "state_based_actions", sba_without_counter_pairs)),
]
