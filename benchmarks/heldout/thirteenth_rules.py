"""Held-out bugs, thirteenth batch: targets, the stack and priority, lands and timing,
state-based actions, combat, costs, mana, drawing and the end of the game -- "target
permanent you control" offering the other players' permanents (CR 115.1, 109.5); "any
target" leaving out players (CR 115.4); an optional effect's "you may" asked of the active
player (CR 608.2d); a pass taken from a player who doesn't hold priority (CR 117.3d); mana
emptied from a pool as its player passes priority (CR 500.4, 106.4); a land played from
another player's hand (CR 305.1); "once during each of your turns" used in another player's
turn (CR 601.3); a draw from an empty library losing the game only in its player's turn
(CR 704.5b); a creature attacking the turn it came under its controller's control
(CR 302.6, 508.1a); a creature blocked by two creatures assigning damage to the player
without trample (CR 510.1c); a cost increase applied whatever its filter (CR 601.2f); an
activated ability's mana paid from the active player's pool (CR 602.2b); a sacrifice in an
activated ability's cost left unpaid (CR 602.2b, 601.2h); drawing the last
card of a library counted as drawing from an empty one (CR 121.3, 704.5b); a game all its
players lost at once reported as the active player's win (CR 104.4a)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.contract.types import (
    COMBAT_DAMAGE_CHOICE, PLAYER_OPTION_PREFIX, Activate, Choice, DeclareAttackers, Event,
    Option, PassPriority,
)
from conformance.engines.reference import (
    casting, combat, effects, engine, game as game_module, lands, targets, turn,
)
from conformance.engines.reference.abilities import Ability, TargetSpec
from conformance.engines.reference.casting import (
    _values, activation_refused_early, summoning_sick,
)
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import _creature, _in_combat, _name, is_attacking
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context, run_effects
from conformance.engines.reference.exile_to_play import may_play
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import Combat, GameObject, GameState, StackAbility
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, controlled_ok, matches,
)
from conformance.engines.reference.turn import _saga_is_done, check_state
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Zone

from . import HeldOut, bug


# -- targets ---------------------------------------------------------------------------------

def candidates_permanents_of_anyone(game: Game, spec: TargetSpec, you: str, *,
                                    exclude: str | None = None) -> list[str]:
    """A target's "you control" is looked at for players only, not for permanents: Rescue
    ("return target permanent you control to its owner's hand") can return the opponent's
    Bear (CR 115.1, 109.5: "you control" limits the permanents it may target)."""
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
        if obj.id != exclude
        and matches(game.chars(obj), rule) and (not rule.get("tapped") or obj.tapped)
        and (not rule.get("attacking") or is_attacking(game, obj.id))
        and (spec.what != "any" or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    if spec.what == "any":  # any target: a creature, a player, a planeswalker, a battle
        found += players
    return found


def candidates_any_target_without_players(game: Game, spec: TargetSpec, you: str, *,
                                          exclude: str | None = None) -> list[str]:
    """"Any target" is read as "any creature, planeswalker or battle": no player is among
    its legal targets, and Shock can't be aimed at the opponent (CR 115.4: any target
    means a creature, a player, a planeswalker or a battle)."""
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
        if obj.id != exclude and controlled_ok(obj.controller, spec.controller, you)
        and matches(game.chars(obj), rule) and (not rule.get("tapped") or obj.tapped)
        and (not rule.get("attacking") or is_attacking(game, obj.id))
        and (spec.what != "any" or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    return found


# -- the stack and priority ------------------------------------------------------------------

def may_asked_of_the_active_player(game: Game, ctx: Context, params: Any) -> Flow:
    """The "you may" of a resolving spell or ability is asked of the player whose turn it
    is, whoever controls it: the non-active player's Surrakar Banisher, flickered in the
    other player's turn, has its "you may return" answered by that player (CR 608.2d: the
    controller of the spell or ability makes the choices it gives)."""
    options = (Option("yes", "yes"), Option("no", "no"))
    (answer,) = yield Choice("option", game.state.active_player, "do it?", options)
    if answer == "yes":
        yield from run_effects(game, ctx, tuple(params))


def pass_priority_without_holding_it(game: Game, action: PassPriority) -> Flow:
    """A pass is taken from any player, whether or not they hold priority: while the active
    player holds priority after casting Shock, the other player's pass is counted and
    priority goes on from them (CR 117.3d: the player with priority passes it)."""
    state = game.state
    state.passes += 1
    game.events.append(Event("priority_passed", {"player": action.player}))
    if state.passes < len(state.players):
        names = [p.name for p in state.players]
        # the next player would receive priority: the state is checked first (CR 704.3)
        yield from check_state(game)
        state.priority = names[(names.index(action.player) + 1) % len(names)]
        return
    if state.stack:
        yield from turn.resolve_top(game)
    else:
        yield from turn.next_step(game)


def pass_priority_emptying_the_pool(game: Game, action: PassPriority) -> Flow:
    """A player's mana pool empties as they pass priority, not as the step ends: mana left
    after casting one Shock is gone once Shock has resolved on both players' passes, and a
    second Shock can't be paid for (CR 500.4, 106.4: unused mana empties at the end of each
    step and phase)."""
    state = game.state
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    state.passes += 1
    state.player(action.player).pool.empty()
    game.events.append(Event("priority_passed", {"player": action.player}))
    if state.passes < len(state.players):
        names = [p.name for p in state.players]
        # the next player would receive priority: the state is checked first (CR 704.3)
        yield from check_state(game)
        state.priority = names[(names.index(action.player) + 1) % len(names)]
        return
    if state.stack:
        yield from turn.resolve_top(game)
    else:
        yield from turn.next_step(game)


# -- lands and timing ------------------------------------------------------------------------

def check_permission_any_hand(game: Game, player: str, card: GameObject
                              ) -> tuple[GameObject, Ability] | None:
    """A land in any player's hand may be played, not only one in the player's own: the
    active player can play the Forest in the other player's hand (CR 305.1: a player plays
    a land from their hand, or from a zone an effect lets them play it from)."""
    if card.zone is Zone.HAND:
        return None
    if card.zone is Zone.EXILE and may_play(game, player, card.id):
        return None
    if card.zone is Zone.GRAVEYARD and card.owner == player:
        permission = casting.graveyard_permission(game, player, game.chars(card))
        if permission is not None:
            return permission
    raise IllegalAction(f"nothing allows {player} to play {card.card.name} from the "
                        f"{card.zone.value}")


def graveyard_permission_in_any_turn(game: Game, player: str, chars: Characteristics
                                     ) -> tuple[GameObject, Ability] | None:
    """"Once during each of your turns, you may cast a permanent spell from your graveyard"
    is read as "once each turn": Gravecaller's controller casts Ambush Viper (flash) from
    their graveyard in the other player's turn (CR 601.3: a permission that says "your
    turns" allows nothing in another player's turn)."""
    used = game.state.player(player).used_once_per_turn
    land = "Land" in chars.types
    for permanent, ability, rule in game.statics("cast_from_graveyard", controller=player):
        if rule.get("once_per_turn") and (permanent.id, ability.index) in used:
            continue  # "once during each of your turns": not in another player's turn
        if (rule.get("lands") if land else matches(chars, rule)):
            return permanent, ability
    return None


# -- state-based actions ---------------------------------------------------------------------

def state_based_actions_empty_library_in_own_turn(game: Game) -> bool:
    """A player who drew from an empty library loses only if it is their turn: Inspiration
    making the opponent draw two from an empty library leaves them in the game (CR 704.5b:
    a player who attempted to draw from an empty library since the last check loses)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)  # CR 704.5f, 704.5g
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)  # CR 704.5m
        elif _saga_is_done(game, obj, chars):
            doomed.append(obj)  # CR 704.5s
        elif ("Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch):
            doomed.append(obj)  # CR 704.5h
    annihilated = False
    for obj in state.permanents():
        pairs = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if pairs and obj not in doomed:  # CR 704.5q
            obj.counters["+1/+1"] -= pairs
            obj.counters["-1/-1"] -= pairs
            for kind in ("+1/+1", "-1/-1"):
                if not obj.counters[kind]:
                    del obj.counters[kind]
            annihilated = True
    losers = [p for p in state.players if not p.lost
              and (p.life <= 0 or (p.drew_from_empty_library
                                   and p.name == state.active_player))]  # CR 704.5a, 704.5b
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


# -- combat ----------------------------------------------------------------------------------

def check_attackers_without_summoning_sickness(game: Game, action: DeclareAttackers) -> str:
    """Summoning sickness is not looked at as attackers are declared: a Bear cast this turn
    attacks (CR 302.6, 508.1a: a creature attacks only if its controller has controlled it
    continuously since their most recent turn began, or it has haste)."""
    state = game.state
    if action.player != state.active_player:
        raise IllegalAction("only the active player declares attackers")
    defender = action.defender or state.opponent(action.player)
    if defender == action.player or defender not in {p.name for p in state.players}:
        raise IllegalAction(f"{defender!r} is not an opponent of {action.player}")
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("a creature can attack only once")
    for object_id in action.attackers:
        obj, chars = _creature(game, object_id, action.player, "attack")
        if "Defender" in chars.keywords:  # CR 702.3b
            raise IllegalAction(f"{_name(chars)} has defender: it can't attack")
    return defender


def attacker_assignment_player_always_offered(game: Game, combat_: Combat, attacker: str,
                                              chars: Characteristics, defender: str) -> Flow:
    """A creature blocked by two or more creatures is offered the player it attacks among
    the recipients of its damage, trample or not: once each blocker is assigned lethal
    damage, an Ogre blocked by two Squires deals the rest to the defending player
    (CR 510.1c: a blocked creature without trample assigns its damage only among the
    creatures blocking it)."""
    power = chars.power or 0
    player = PLAYER_OPTION_PREFIX + defender
    if power <= 0:
        return []
    if attacker not in combat_.blocked:
        return [(player, power)]
    blockers = [b for b, a in combat_.blockers.items() if a == attacker
                and _in_combat(game, b) is not None]
    trample = "Trample" in chars.keywords
    if not blockers:
        return [(player, power)] if trample else []
    lethal = {b: lethal_damage(game, b, chars) for b in blockers}
    if len(blockers) == 1 and (not trample or power <= lethal[blockers[0]]):
        return [(blockers[0], power)]  # one way to assign it: all to the blocker
    options = tuple(Option(b, _name(game.chars(game.state.objects[b]))) for b in blockers)
    options += (Option(player, defender),)

    def rule(values: tuple[str, ...]) -> str | None:
        counts = Counter(values)
        short = [b for b in blockers if counts[b] < lethal[b]]
        if counts[player] and short:
            return (f"{defender} can be assigned damage only once each blocker is assigned "
                    f"lethal damage (CR 702.19b); short: {', '.join(short)}")
        return None

    game.answer_rule = rule
    chosen = yield Choice(
        COMBAT_DAMAGE_CHOICE, game.state.objects[attacker].controller,
        f"divide the {power} combat damage of {_name(chars)} among "
        + ", ".join(o.label for o in options) + " (name an option once per point)",
        options, power, power)
    counts = Counter(chosen)
    return [(o.value, counts[o.value]) for o in options if counts[o.value]]


# -- costs -----------------------------------------------------------------------------------

def total_cost_increase_for_every_spell(game: Game, player: str, spell: GameObject,
                                        chars: Characteristics, base: str | None) -> Cost:
    """A cost increase is added to every spell, whatever its filter says: with Thorn
    ("noncreature spells cost {1} more"), a Bear costs {2}{G} (CR 601.2f: an increase
    applies to the spells it names)."""
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost


def activate_paying_from_the_active_players_pool(game: Game, action: Activate) -> Flow:
    """An activated ability's mana cost is paid from the pool of the player whose turn it
    is: the non-active player, activating Day Wolf's "{1}: Transform" with {1} of their
    own, is refused while the active player's pool is empty (CR 602.2b, 601.2h: the player
    activating the ability pays its costs)."""
    state = game.state
    obj, ability = activation_refused_early(game, action)
    params = ability.params
    targets_ = yield from casting.choose_targets(game, ability.target, action.player,
                                                 _values(action.targets),
                                                 f"targets for {ability.text}")
    if targets_ is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets_, ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:  # "X is the mana value of the exiled card" (CR 607.2)
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(state.active_player).pool.pay(Cost.of(params.get("mana"), x))
    source_card = obj.copiable_card
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    if params.get("mana_ability"):  # doesn't use the stack; resolves at once (CR 605.3b)
        yield from run_effects(game, Context(action.player, obj.id, source_card, ability,
                                             targets_, targets_, x), ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets_, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


def activate_without_the_sacrifice(game: Game, action: Activate) -> Flow:
    """A sacrifice in an activated ability's cost is not paid: Mogg Fanatic's "Sacrifice
    this creature: It deals 1 damage to any target" deals its damage and the Fanatic stays
    on the battlefield (CR 602.2b, 601.2h: the costs are paid as the ability is activated,
    a sacrifice among them)."""
    state = game.state
    obj, ability = activation_refused_early(game, action)
    params = ability.params
    targets_ = yield from casting.choose_targets(game, ability.target, action.player,
                                                 _values(action.targets),
                                                 f"targets for {ability.text}")
    if targets_ is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets_, ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:  # "X is the mana value of the exiled card" (CR 607.2)
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(action.player).pool.pay(Cost.of(params.get("mana"), x))
    source_card = obj.copiable_card
    if params.get("mana_ability"):  # doesn't use the stack; resolves at once (CR 605.3b)
        yield from run_effects(game, Context(action.player, obj.id, source_card, ability,
                                             targets_, targets_, x), ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets_, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


# -- drawing ---------------------------------------------------------------------------------

def draw_cards_last_card_loses(game: Game, player_name: str, count: int) -> None:
    """Drawing the last card of a library is counted as drawing from an empty library: a
    player whose draw step takes the one card left loses the game (CR 121.3, 704.5b: only
    an attempt to draw from a library with no cards in it loses)."""
    player = game.state.player(player_name)
    for _ in range(count):
        library = player.zones[Zone.LIBRARY]
        if len(library) <= 1:
            player.drew_from_empty_library = True
        if not library:
            return
        game.move(game.state.objects[library[0]], Zone.HAND)


# -- the end of the game ---------------------------------------------------------------------

def outcome_draw_won_by_the_active_player(state: GameState) -> tuple[bool, str | None]:
    """A game all its players lost at once is reported won by the active player: Scorch
    dealing 2 damage to each player at 2 life gives the game to its caster, whose turn it is
    (CR 104.4a: a game in which all the players lose at once is a draw)."""
    if not any(p.lost for p in state.players):
        return False, None
    left = [p.name for p in state.players if not p.lost]
    if len(left) > 1:
        return False, None
    return True, (left[0] if left else state.active_player)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("target-you-control-offers-others-permanents", "targets",
        "https://github.com/magefree/mage/issues/3150",
        _doc(candidates_permanents_of_anyone),
        (targets, "candidates", candidates_permanents_of_anyone),
        (effects, "candidates", candidates_permanents_of_anyone)),
    bug("any-target-leaves-out-players", "targets",
        "https://github.com/phase-rs/phase/issues/9114",
        _doc(candidates_any_target_without_players),
        (targets, "candidates", candidates_any_target_without_players),
        (effects, "candidates", candidates_any_target_without_players)),
    bug("may-asked-of-the-active-player", "stack",
        "https://github.com/Card-Forge/forge/issues/5538",
        _doc(may_asked_of_the_active_player),
        (effects.EFFECTS, "may", may_asked_of_the_active_player)),
    bug("pass-taken-without-priority", "priority",
        "https://github.com/magefree/mage/issues/784",
        _doc(pass_priority_without_holding_it),
        (turn, "pass_priority", pass_priority_without_holding_it)),
    bug("mana-emptied-as-priority-passes", "mana",
        "https://github.com/magefree/mage/issues/4130",
        _doc(pass_priority_emptying_the_pool),
        (turn, "pass_priority", pass_priority_emptying_the_pool)),
    bug("land-played-from-another-players-hand", "lands",
        "https://github.com/magefree/mage/issues/2619",
        _doc(check_permission_any_hand),
        (lands, "check_permission", check_permission_any_hand)),
    bug("your-turn-permission-used-in-another-players-turn", "timing",
        "https://github.com/magefree/mage/pull/6040",
        _doc(graveyard_permission_in_any_turn),
        (casting, "graveyard_permission", graveyard_permission_in_any_turn),
        (lands, "graveyard_permission", graveyard_permission_in_any_turn)),
    bug("empty-library-loss-only-in-your-turn", "state-based-actions",
        "https://github.com/magefree/mage/issues/1681",
        _doc(state_based_actions_empty_library_in_own_turn),
        (turn, "state_based_actions", state_based_actions_empty_library_in_own_turn)),
    bug("summoning-sick-creature-attacks", "combat",
        "https://github.com/wingedsheep/argentum-engine/pull/65",
        _doc(check_attackers_without_summoning_sickness),
        (combat, "check_attackers", check_attackers_without_summoning_sickness)),
    bug("blocked-creature-assigns-damage-to-the-player", "combat",
        "https://github.com/magefree/mage/issues/2076",
        _doc(attacker_assignment_player_always_offered),
        (combat, "_attacker_assignment", attacker_assignment_player_always_offered)),
    bug("cost-increase-ignores-its-filter", "costs",
        "https://github.com/magarena/magarena/issues/698",
        _doc(total_cost_increase_for_every_spell),
        (casting, "total_cost", total_cost_increase_for_every_spell)),
    bug("ability-paid-from-the-active-players-pool", "costs",
        "https://github.com/magefree/mage/issues/4047",
        _doc(activate_paying_from_the_active_players_pool),
        (casting, "activate", activate_paying_from_the_active_players_pool)),
    bug("sacrifice-cost-left-unpaid", "costs",
        "https://github.com/Card-Forge/forge/issues/10622",
        _doc(activate_without_the_sacrifice),
        (casting, "activate", activate_without_the_sacrifice)),
    bug("drawing-the-last-card-loses", "drawing",
        "https://github.com/Card-Forge/forge/issues/7047",
        _doc(draw_cards_last_card_loses),
        (effects, "draw_cards", draw_cards_last_card_loses),
        (turn, "draw_cards", draw_cards_last_card_loses)),
    bug("draw-reported-as-the-active-players-win", "game-over",
        "https://github.com/SWU-Karabast/forceteki/issues/1554",
        _doc(outcome_draw_won_by_the_active_player),
        (game_module, "outcome", outcome_draw_won_by_the_active_player),
        (turn, "outcome", outcome_draw_won_by_the_active_player),
        (engine, "outcome", outcome_draw_won_by_the_active_player)),
]
