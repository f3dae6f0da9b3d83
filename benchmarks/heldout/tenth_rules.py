"""Held-out bugs, tenth batch: targets, the stack, timing and lands, state-based actions,
combat, the end of the game, mana, costs, drawing and the turn's steps -- "target player"
refused to its own controller (CR 115.1, 115.4); the latest spell resolving before the
abilities above it (CR 405.5, 608.1); a land played without priority (CR 305.1, 116.2a); the
legend rule looking at nontoken permanents only (CR 704.5j, 111.1); an attacking creature
blocked by one creature at most (CR 509.1a, 509.2); a player losing the moment their life
reaches 0 in the middle of an event (CR 704.5a, 510.2); mana emptied from the active
player's pool only (CR 500.4); a cost's generic mana paid before its colored symbols (CR
601.2h, 107.4); cost reductions skipped for the face-down cost (CR 601.2f, 702.37c); the
spells a player cast kept from one turn to the next when it is not their turn (CR 601.2f);
cards drawn from the bottom of the library (CR 121.1, 401.2); the maximum hand size read as
eight (CR 402.2, 514.1)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.contract.types import Choice, DeclareBlockers, Event, Option
from conformance.engines.reference import (
    casting, combat, damage, effects, lands, life, targets, turn,
)
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import _creature, _in_combat, _name, is_attacking
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import COLORS, Cost, ManaPool
from conformance.engines.reference.state import GameObject, StackAbility
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, controlled_ok, label, matches,
)
from conformance.engines.reference.turn import _cleanup, _lore_counters, _step_forward
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- targets ---------------------------------------------------------------------------------

def candidates_without_yourself(game: Game, spec: TargetSpec, you: str, *,
                                exclude: str | None = None) -> list[str]:
    """A player target that says nothing of who it may be is read as an opponent: "target
    player draws two cards" can't target its own controller (CR 115.1, 115.4: "target
    player" is any player, the spell's controller too)."""
    state = game.state
    players = [PLAYER_PREFIX + p.name for p in state.players
               if controlled_ok(p.name, spec.controller or "opponent", you)]
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
    if spec.what == "any":
        found += players
    return found


# -- the stack -------------------------------------------------------------------------------

def resolve_latest_spell_first(game: Game) -> Flow:
    """When all players pass, the spell put on the stack last resolves, whatever abilities
    are above it: an ability activated in response to a spell resolves after it (CR 405.5,
    608.1: the top object of the stack resolves, spell or ability)."""
    state = game.state
    if not state.stack:
        raise IllegalAction("the stack is empty: there is nothing to resolve")
    spells = [item for item in state.stack if not isinstance(item, StackAbility)]
    item = spells[-1] if spells else state.stack[-1]
    if isinstance(item, StackAbility):
        yield from turn._resolve_ability(game, item)
    else:
        yield from turn._resolve_spell(game, item)
    game.events.append(Event("resolved", {"object": item.id}))
    yield from turn.settle(game)


# -- timing and lands ------------------------------------------------------------------------

def land_timing_without_priority(game: Game, player: str) -> None:
    """Playing a land checks whose turn it is, the phase and the stack, not priority: the
    active player can play a land while the other player holds priority in their main phase
    (CR 305.1, 116.2a: a special action, taken only by a player with priority)."""
    state = game.state
    if state.active_player != player:
        raise IllegalAction("a player plays lands only during their own turn (CR 305.3)")
    if not state.step.is_main_phase:
        raise IllegalAction(f"lands are played in a main phase, not in the "
                            f"{state.step.value} step (CR 305.1)")
    if state.stack:
        raise IllegalAction("lands are played only while the stack is empty (CR 305.1)")


# -- state-based actions ---------------------------------------------------------------------

def legend_rule_for_nontokens(game: Game) -> Flow:
    """The legend rule compares only nontoken permanents: a token copy of a legendary
    creature stays beside the original (CR 704.5j: two or more legendary permanents with the
    same name, tokens or not)."""
    state = game.state
    legendary = [(obj, chars) for obj in state.permanents()
                 if "Legendary" in (chars := game.chars(obj)).supertypes and not obj.token]
    for player in state.apnap():
        by_name: dict[str, list[GameObject]] = {}
        for obj, chars in legendary:
            if obj.controller == player:
                for name in chars.names:
                    by_name.setdefault(name, []).append(obj)
        for name, same in by_name.items():
            if len(same) < 2:
                continue
            options = tuple(Option(obj.id, name) for obj in same)
            (kept,) = yield Choice("cards", player,
                                   f"legend rule: choose the {name} to keep", options, 1, 1)
            for obj in same:
                if obj.id != kept:
                    game.move(obj, Zone.GRAVEYARD)
            return True
    return False


# -- combat ----------------------------------------------------------------------------------

def check_blockers_one_per_attacker(game: Game, action: DeclareBlockers) -> None:
    """An attacking creature can be blocked by one creature at most, as if every attacker
    said "can't be blocked by more than one creature": two creatures can't block the same
    attacker (CR 509.1a-b: each blocker blocks one attacker; any number may block it)."""
    combat_ = game.state.combat
    if combat_ is None or not combat_.attackers:
        raise IllegalAction("no creature is attacking")
    if len({blocker for blocker, _ in action.blocks}) != len(action.blocks):
        raise IllegalAction("a creature can block only one attacker")
    if len({attacker for _, attacker in action.blocks}) != len(action.blocks):
        raise IllegalAction("a creature can be blocked by only one creature")
    defenders = set(combat_.attackers.values())
    if action.player not in defenders:
        raise IllegalAction(f"{action.player} is not a defending player")
    for blocker, attacker in action.blocks:
        _obj, chars = _creature(game, blocker, action.player, "block")
        attacking_now = _in_combat(game, attacker)
        if combat_.attackers.get(attacker) != action.player or attacking_now is None:
            raise IllegalAction(f"{attacker} is not attacking {action.player} (a creature "
                                f"that left the battlefield is removed from combat, CR 506.4)")
        _attacker, attacking = attacking_now
        if "Flying" in attacking.keywords and not {"Flying", "Reach"} & set(chars.keywords):
            raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}, which has "
                                f"flying (CR 702.9b)")


# -- the end of the game ---------------------------------------------------------------------

def change_life_losing_at_once(game: Game, player: str, amount: int) -> None:
    """A player whose life total reaches 0 loses at once, in the middle of the event: the
    life a blocker's lifelink gains in the same combat damage step comes too late (CR 704.5a,
    510.2: combat damage is dealt at once, and the loss is a state-based action checked
    after it)."""
    if not amount:
        return
    someone = game.state.player(player)
    someone.life += amount
    game.emit("life_changed", player=player, amount=amount)
    if someone.life <= 0 and not someone.lost:
        someone.lost = True
        game.events.append(Event("player_lost", {"player": player}))


# -- mana ------------------------------------------------------------------------------------

def next_step_emptying_the_active_players_pool(game: Game, declare: Any = None) -> Flow:
    """As a step ends only the active player's mana pool empties: mana the other player
    made in one step can be spent in the next (CR 500.4: each player's unspent mana
    empties)."""
    state = game.state
    while True:
        _step_forward(game)
        state.player(state.active_player).pool.empty()
        if state.step is Step.CLEANUP:
            yield from turn.discard_to_hand_size(game)
            _cleanup(game)
            continue
        if state.step is not Step.UNTAP:
            break
    if declare is not None:
        declare()
    if state.step is Step.DRAW:
        turn.draw_cards(game, state.active_player, 1)
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step is Step.PRECOMBAT_MAIN:
        _lore_counters(game)
    yield from turn.settle(game)


def pay_generic_before_colored(self: ManaPool, cost: Cost) -> None:
    """The generic part of a cost is paid before its colored symbols, with the first mana
    found: {W}{G} can't pay Mighty Leap's {1}{W}, the {W} having gone to the {1} (CR 601.2h,
    107.4: the player chooses which mana pays each symbol; it can be paid)."""
    pool = Counter(self.mana)
    first = cost.generic
    if sum(pool.values()) < first:
        raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
    remaining = first
    for color in ("C", *COLORS):  # spend colorless first, then colors in order
        spend = min(pool[color], remaining)
        pool[color] -= spend
        remaining -= spend
    for symbol in sorted(cost.colored, key=lambda s: "/" in s):  # plain colors first
        options = [p for p in symbol.split("/") if p in COLORS or p == "C"]
        choice = next((p for p in options if pool[p] > 0), None)
        if choice is None and "/" in symbol:
            two = next((int(p) for p in symbol.split("/") if p.isdigit()), None)
            if two is not None and sum(pool.values()) >= two:
                cost = Cost(cost.generic + two, cost.colored)
                continue
        if choice is None:
            raise IllegalAction(f"cannot pay {{{symbol}}} with {self.describe()}")
        pool[choice] -= 1
    if sum(pool.values()) < cost.generic - first:
        raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
    remaining = cost.generic - first
    for color in ("C", *COLORS):
        spend = min(pool[color], remaining)
        pool[color] -= spend
        remaining -= spend
    self.mana = +pool


# -- costs -----------------------------------------------------------------------------------

def total_cost_without_reductions_when_face_down(game: Game, player: str, spell: GameObject,
                                                 chars: Characteristics,
                                                 base: str | None) -> Cost:
    """Cost reductions are not applied to a spell cast face down, whose {3} is taken as
    fixed: with "spells you cast cost {1} less", a morph cast face down still costs {3}
    (CR 601.2f, 702.37c: the {3} is an alternative cost, and the total cost is reduced)."""
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule) or spell.face_down:
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost


def next_turn_forgetting_the_active_players_spells(game: Game) -> None:
    """As a turn begins, only the new active player's spells cast and once-each-turn
    permissions are forgotten: a player who cast a creature spell in their own turn has
    no "first creature spell each turn" reduction in the next one (CR 601.2f: "each turn"
    counts the spells cast this turn)."""
    state = game.state
    state.turn += 1
    state.active_player = state.opponent(state.active_player)
    state.step = Step.UNTAP
    state.combat = None
    lands.forget_earlier_turns(game)
    for player in state.players:
        if player.name != state.active_player:
            continue
        player.used_once_per_turn.clear()
        player.spells_cast_this_turn.clear()
    others = [(permanent.controller, rule) for permanent, _ability, rule
              in game.statics("untap_during_others_untap")
              if permanent.controller != state.active_player]
    for obj in state.permanents():
        if obj.controller == state.active_player or any(
                obj.controller == player and matches(game.chars(obj), rule or {})
                for player, rule in others):
            obj.untap()
        if obj.controller == state.active_player:
            obj.summoning_sick = False


# -- drawing and the turn's steps ------------------------------------------------------------

def draw_cards_from_the_bottom(game: Game, player_name: str, count: int) -> None:
    """Cards are drawn from the bottom of the library: Divination puts the last two cards of
    the library into the hand (CR 121.1: a player draws the top card of their library)."""
    player = game.state.player(player_name)
    for _ in range(count):
        library = player.zones[Zone.LIBRARY]
        if not library:
            player.drew_from_empty_library = True
            return
        game.move(game.state.objects[library[-1]], Zone.HAND)


def discard_down_to_eight(game: Game) -> Flow:
    """The maximum hand size is compared as "more than eight": a player with eight cards in
    hand discards nothing in their cleanup step (CR 402.2, 514.1: seven)."""
    player = game.state.active_player
    if any(True for _ in game.statics("no_maximum_hand_size", controller=player)):
        return
    hand = list(game.state.player(player).zones[Zone.HAND])
    extra = len(hand) - 8
    if extra <= 0:
        return
    options = tuple(Option(card_id, label(game, card_id)) for card_id in hand)
    chosen = yield Choice("cards", player, f"discard {extra} card(s) down to seven", options,
                          extra, extra)
    for card_id in chosen:
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(Event("card_discarded", {"object": card_id}))


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("target-player-excludes-yourself", "targets",
        "https://github.com/magarena/magarena/issues/917",
        _doc(candidates_without_yourself),
        (targets, "candidates", candidates_without_yourself),
        (effects, "candidates", candidates_without_yourself)),
    bug("latest-spell-resolves-before-abilities", "stack",
        "https://github.com/magefree/mage/issues/3748",
        _doc(resolve_latest_spell_first), (turn, "resolve_top", resolve_latest_spell_first)),
    bug("land-played-without-priority", "lands",
        "https://github.com/magefree/mage/issues/784",
        _doc(land_timing_without_priority),
        (lands, "check_timing", land_timing_without_priority)),
    bug("legend-rule-ignores-tokens", "state-based-actions",
        "https://github.com/phase-rs/phase/issues/685",
        _doc(legend_rule_for_nontokens), (turn, "legend_rule", legend_rule_for_nontokens)),
    bug("attacker-blocked-by-one-creature-only", "combat",
        "https://github.com/phase-rs/phase/pull/1861",
        _doc(check_blockers_one_per_attacker),
        (combat, "check_blockers", check_blockers_one_per_attacker)),
    bug("player-loses-in-the-middle-of-combat-damage", "game-over",
        "https://github.com/phase-rs/phase/issues/1763",
        _doc(change_life_losing_at_once),
        (damage, "change_life", change_life_losing_at_once),
        (life, "change_life", change_life_losing_at_once)),
    bug("mana-empties-from-the-active-players-pool-only", "mana",
        "https://github.com/magefree/mage/issues/12468",
        _doc(next_step_emptying_the_active_players_pool),
        (turn, "next_step", next_step_emptying_the_active_players_pool)),
    bug("generic-paid-before-colored-symbols", "mana",
        "https://github.com/phase-rs/phase/pull/4173",
        _doc(pay_generic_before_colored), (ManaPool, "pay", pay_generic_before_colored)),
    bug("face-down-cost-not-reduced", "costs",
        "https://github.com/phase-rs/phase/issues/7769",
        _doc(total_cost_without_reductions_when_face_down),
        (casting, "total_cost", total_cost_without_reductions_when_face_down)),
    bug("spells-cast-kept-into-the-next-turn", "costs",
        "https://github.com/phase-rs/phase/pull/7771",
        _doc(next_turn_forgetting_the_active_players_spells),
        (turn, "_next_turn", next_turn_forgetting_the_active_players_spells)),
    bug("cards-drawn-from-the-bottom", "drawing",
        "https://github.com/magefree/mage/pull/12700",
        _doc(draw_cards_from_the_bottom),
        (effects, "draw_cards", draw_cards_from_the_bottom),
        (turn, "draw_cards", draw_cards_from_the_bottom)),
    bug("maximum-hand-size-eight", "turn-structure",
        "https://github.com/phase-rs/phase/issues/181",
        _doc(discard_down_to_eight), (turn, "discard_to_hand_size", discard_down_to_eight)),
]
