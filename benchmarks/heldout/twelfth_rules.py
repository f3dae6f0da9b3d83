"""Held-out bugs, twelfth batch: targets, the stack and priority, combat, state-based
actions, costs, mana, the cleanup step, drawing and the end of the game -- "any target"
offering every permanent (CR 115.4); one target more than a spell allows accepted (CR 115.1,
601.2c); a triggered ability's targets chosen by the active player (CR 603.3d, 109.5); the
passes counted before a resolution kept after it (CR 117.3b, 117.4); a tapped creature
declared as an attacker (CR 508.1a); a creature with flying kept from blocking one without
(CR 702.9b, 509.1a); the legend rule putting the permanent chosen to keep into the graveyard
(CR 704.5j); "the first creature spell each turn" reduction used up by a noncreature spell
(CR 601.2f); convoke tapping a creature already tapped (CR 702.51a); a mana ability
activated without priority (CR 605.3a, 117.1d); a hybrid symbol paid with mana of any color
(CR 107.4e); the cards discarded in the cleanup step exiled (CR 514.1, 701.9a); the draw
step's card drawn by the non-active player (CR 504.1); the game going on with one player
left in it (CR 104.2a)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.contract.types import Activate, Choice, Event, Option
from conformance.engines.reference import (
    casting, combat, convoke, copies, effects, engine, game as game_module, mana, targets,
    triggers, turn,
)
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.casting import (
    _check_not_prevented, _sorcery_timing, activated_abilities, summoning_sick,
)
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import _creature, _in_combat, _name, is_attacking
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import draw_cards
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import COLORS, Cost, ManaPool
from conformance.engines.reference.state import GameObject, GameState, StackAbility
from conformance.engines.reference.targets import (
    PLAYER_PREFIX, candidates, choose_targets, controlled_ok, label, matches,
)
from conformance.engines.reference.triggers import order_triggers
from conformance.engines.reference.turn import (
    _cleanup, _lore_counters, _step_forward, check_state, discard_to_hand_size,
)
from conformance.contract.types import DeclareBlockers
from conformance.errors import IllegalAction, Unsupported
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- targets ---------------------------------------------------------------------------------

def candidates_any_permanent(game: Game, spec: TargetSpec, you: str, *,
                             exclude: str | None = None) -> list[str]:
    """"Any target" admits every permanent that meets the filter, not only creatures,
    planeswalkers and battles: Shock can be aimed at an artifact such as Trinket (CR 115.4:
    any target means a creature, player, planeswalker or battle)."""
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
    ]
    if spec.what == "any":  # any target: a creature, a player, a planeswalker, a battle
        found += players
    return found


def choose_targets_one_more(game: Game, spec: TargetSpec | None, you: str,
                            given: tuple[str, ...] | None, prompt: str, *,
                            exclude: str | None = None) -> Flow:
    """The number of targets given is checked against the maximum plus one: Wither ("up to
    two target creatures each get -2/-2") cast with three targets is taken, and shrinks all
    three (CR 115.1, 601.2c: no more targets than the spell states)."""
    if spec is None:
        return ()
    legal = candidates(game, spec, you, exclude=exclude)
    if len(legal) < spec.minimum:
        return None
    if given is None and not legal:
        return ()  # "up to" with nothing to target: there is nothing to choose
    if given is None:
        options = tuple(Option(value, label(game, value)) for value in legal)
        given = yield Choice("target", you, prompt, options, spec.minimum, min(spec.count, len(legal)))
    for target in given:
        if target not in legal:
            raise IllegalAction(f"{label(game, target)} is not a legal target ({prompt})")
    if len(set(given)) < len(given):  # CR 115.3: one object once for each word "target"
        twice = next(t for t in given if given.count(t) > 1)
        raise IllegalAction(f"{label(game, twice)} is chosen more than once ({prompt})")
    if not spec.minimum <= len(given) <= spec.count + 1:
        raise IllegalAction(f"{prompt}: choose {spec.minimum} to {spec.count} targets")
    return tuple(given)


def put_on_stack_targets_by_active_player(game: Game) -> Flow:
    """The targets of a waiting triggered ability are chosen by the active player, whoever
    controls the ability: the non-active player's Surrakar Banisher, flickered in the other
    player's turn, has its target chosen by that player (CR 603.3d: the ability's controller
    chooses its targets as it is put on the stack)."""
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        for player in state.apnap():
            mine = [t for t in waiting if t.controller == player]
            ordered = yield from order_triggers(game, player, mine)
            for trigger in ordered:
                text = trigger.ability.text or "a triggered ability"
                targets = yield from choose_targets(
                    game, trigger.ability.target, state.active_player, None,
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


# -- the stack and priority ------------------------------------------------------------------

def settle_keeping_passes(game: Game) -> Flow:
    """The passes counted are not started again when a player receives priority after a
    resolution or as a step begins: once Shock has resolved on both players' passes, the
    active player's next pass ends the step, and the other player never receives priority
    (CR 117.3b, 117.4: all players must pass in succession after the resolution)."""
    yield from check_state(game)
    game.state.priority = game.state.active_player


# -- combat ----------------------------------------------------------------------------------

def creature_tapped_only_for_blocking(game: Game, object_id: str, player: str,
                                      role: str) -> tuple[GameObject, Characteristics]:
    """Whether a creature is untapped is checked for blocking only: a tapped creature can
    be declared as an attacker (CR 508.1a: the active player chooses untapped creatures)."""
    obj = game.state.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it can't {role}")
    chars = game.chars(obj)
    if "Creature" not in chars.types:
        raise IllegalAction(f"{_name(chars)} is not a creature: it can't {role}")
    if obj.controller != player:
        raise IllegalAction(f"{_name(chars)} is not controlled by {player}: they can't "
                            f"have it {role}")
    if obj.tapped and role == "block":
        raise IllegalAction(f"{_name(chars)} is tapped: it can't {role}")
    return obj, chars


def check_blockers_flyers_block_flyers(game: Game, action: DeclareBlockers) -> None:
    """Flying is read as a restriction on blocking as well: a creature with flying can
    block only a creature with flying, so a Flyer can't block a Bear (CR 702.9b: flying
    restricts what can block the creature, not what it can block)."""
    combat = game.state.combat
    if combat is None or not combat.attackers:
        raise IllegalAction("no creature is attacking")
    if len({blocker for blocker, _ in action.blocks}) != len(action.blocks):
        raise IllegalAction("a creature can block only one attacker")
    defenders = set(combat.attackers.values())
    if action.player not in defenders:
        raise IllegalAction(f"{action.player} is not a defending player")
    for blocker, attacker in action.blocks:
        _obj, chars = _creature(game, blocker, action.player, "block")
        attacking_now = _in_combat(game, attacker)
        if combat.attackers.get(attacker) != action.player or attacking_now is None:
            raise IllegalAction(f"{attacker} is not attacking {action.player} (a creature "
                                f"that left the battlefield is removed from combat, CR 506.4)")
        _attacker, attacking = attacking_now
        if "Flying" in attacking.keywords and not {"Flying", "Reach"} & set(chars.keywords):
            raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}, which has "
                                f"flying (CR 702.9b)")
        if "Flying" in chars.keywords and "Flying" not in attacking.keywords:
            raise IllegalAction(f"{_name(chars)} has flying: it can block only creatures "
                                f"with flying")


# -- state-based actions ---------------------------------------------------------------------

def legend_rule_discarding_the_chosen(game: Game) -> Flow:
    """The legendary permanent the player chooses is the one put into the graveyard, and
    the others stay: with two Legends, the one chosen to keep is lost (CR 704.5j: the player
    chooses one of them, and the rest are put into their owners' graveyards)."""
    state = game.state
    legendary = [(obj, chars) for obj in state.permanents()
                 if "Legendary" in (chars := game.chars(obj)).supertypes]
    for player in state.apnap():
        by_name: dict[str, list[GameObject]] = {}
        for obj, chars in legendary:
            if obj.controller == player:
                for name in chars.names:  # an object with two names shares either
                    by_name.setdefault(name, []).append(obj)
        for name, same in by_name.items():
            if len(same) < 2:
                continue
            options = tuple(Option(obj.id, name) for obj in same)
            (kept,) = yield Choice("cards", player,
                                   f"legend rule: choose the {name} to keep", options, 1, 1)
            for obj in same:
                if obj.id == kept:
                    game.move(obj, Zone.GRAVEYARD)
            return True
    return False


# -- costs and mana abilities ----------------------------------------------------------------

def total_cost_first_spell_of_any_kind(game: Game, player: str, spell: GameObject,
                                       chars: Characteristics, base: str | None) -> Cost:
    """"The first creature spell you cast each turn costs {1} less" is used up by any spell
    cast earlier in the turn, whatever it is: a Free Lesson cast first leaves the Bear cast
    next at full cost (CR 601.2f: only a creature spell cast earlier makes it not the first)."""
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and earlier:
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost


def activation_refused_early_mana_without_priority(game: Game, action: Activate
                                                   ) -> tuple[GameObject, Any]:
    """Priority is not asked of a mana ability: a player can tap a Forest for mana while
    the other player holds priority (CR 605.3a: a mana ability is activated when its
    controller has priority or is asked to pay a cost)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only abilities of permanents can be activated here")
    if obj.controller != action.player:
        raise IllegalAction("you can activate only abilities of permanents you control")
    abilities = activated_abilities(game, obj)
    if state.priority != action.player and not (
            0 <= action.ability < len(abilities)
            and abilities[action.ability].params.get("mana_ability")):
        raise IllegalAction(f"{action.player} does not have priority")
    if not 0 <= action.ability < len(abilities):
        raise IllegalAction(f"{obj.card.name} has no activated ability #{action.ability + 1}")
    ability = abilities[action.ability]
    _check_not_prevented(game, obj, ability)
    if ability.unimplemented:
        raise Unsupported(f"{ability.text!r}: {ability.unimplemented}")
    params = ability.params
    if params.get("sorcery"):
        _sorcery_timing(game, action.player)
    if params.get("tap") and obj.tapped:  # costs known before targets (CR 602.2b)
        raise IllegalAction(f"{obj.card.name} is tapped")
    if params.get("tap") and summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def convoke_helpers_tapped_or_not(game: Game, player: str) -> list[GameObject]:
    """Every creature its caster controls is offered for convoke, tapped ones too: a tapped
    Squire helps pay for Rally and stays tapped (CR 702.51a: each untapped creature tapped
    this way pays for {1} or one mana of its color)."""
    return [obj for obj in game.state.permanents()
            if obj.controller == player and obj.zone is Zone.BATTLEFIELD
            and "Creature" in game.chars(obj).types]


def pay_hybrid_with_any_mana(self: ManaPool, cost: Cost) -> None:
    """A hybrid symbol is paid with any mana in the pool, as if it were generic: Boros
    Recruit's {R/W} is paid with {G} (CR 107.4e: a hybrid symbol is paid with one of its
    colors)."""
    pool = Counter(self.mana)
    for symbol in sorted(cost.colored, key=lambda s: "/" in s):  # plain colors first
        options = [p for p in symbol.split("/") if p in COLORS or p == "C"] \
            if "/" not in symbol else [*COLORS, "C"]
        choice = next((p for p in options if pool[p] > 0), None)
        if choice is None and "/" in symbol:
            two = next((int(p) for p in symbol.split("/") if p.isdigit()), None)
            if two is not None and sum(pool.values()) >= two:
                cost = Cost(cost.generic + two, cost.colored)
                continue
        if choice is None:
            raise IllegalAction(f"cannot pay {{{symbol}}} with {self.describe()}")
        pool[choice] -= 1
    if sum(pool.values()) < cost.generic:
        raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
    remaining = cost.generic
    for color in ("C", *COLORS):  # spend colorless first, then colors in order
        spend = min(pool[color], remaining)
        pool[color] -= spend
        remaining -= spend
    self.mana = +pool


# -- drawing and the cleanup step ------------------------------------------------------------

def discard_to_hand_size_into_exile(game: Game) -> Flow:
    """The cards discarded down to the maximum hand size in the cleanup step are put into
    exile rather than into the graveyard: with eight cards in hand, one goes to exile
    (CR 514.1, 701.9a: a discarded card is put into its owner's graveyard)."""
    player = game.state.active_player
    if any(True for _ in game.statics("no_maximum_hand_size", controller=player)):
        return
    hand = list(game.state.player(player).zones[Zone.HAND])
    extra = len(hand) - 7
    if extra <= 0:
        return
    options = tuple(Option(card_id, label(game, card_id)) for card_id in hand)
    chosen = yield Choice("cards", player, f"discard {extra} card(s) down to seven", options,
                          extra, extra)
    for card_id in chosen:
        game.move(game.state.objects[card_id], Zone.EXILE)
        game.events.append(Event("card_discarded", {"object": card_id}))


def next_step_draw_for_the_other_player(game: Game, declare: Any = None) -> Flow:
    """The draw step's card is drawn by the player after the active player in turn order:
    in Alice's draw step, Bob draws (CR 504.1: the active player draws a card)."""
    state = game.state
    while True:
        _step_forward(game)
        for player in state.players:
            player.pool.empty()  # mana empties between steps (CR 500.4)
        if state.step is Step.CLEANUP:
            yield from discard_to_hand_size(game)
            _cleanup(game)
            continue
        if state.step is not Step.UNTAP:
            break
    if declare is not None:
        declare()
    if state.step is Step.DRAW:
        draw_cards(game, state.opponent(state.active_player), 1)  # CR 504.1
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)  # CR 510.1-2
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step is Step.PRECOMBAT_MAIN:
        _lore_counters(game)
    yield from turn.settle(game)


# -- the end of the game ---------------------------------------------------------------------

def outcome_only_when_no_one_is_left(state: GameState) -> tuple[bool, str | None]:
    """The game is taken to end only when every player has lost: in a two-player game, the
    player who wins by their opponent's loss is left playing alone (CR 104.2a: a player
    still in the game wins when all their opponents have left it)."""
    if not any(p.lost for p in state.players):
        return False, None
    left = [p.name for p in state.players if not p.lost]
    if len(left) > 0:
        return False, None
    return True, (left[0] if left else None)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("any-target-offers-noncreature-permanents", "targets",
        "https://github.com/magefree/mage/issues/8703",
        _doc(candidates_any_permanent),
        (targets, "candidates", candidates_any_permanent),
        (effects, "candidates", candidates_any_permanent)),
    bug("one-target-more-than-allowed", "targets",
        "https://github.com/magefree/mage/issues/3025",
        _doc(choose_targets_one_more),
        (targets, "choose_targets", choose_targets_one_more),
        (casting, "choose_targets", choose_targets_one_more),
        (triggers, "choose_targets", choose_targets_one_more),
        (copies, "choose_targets", choose_targets_one_more)),
    bug("trigger-targets-chosen-by-the-active-player", "targets",
        "https://github.com/phase-rs/phase/issues/7626",
        _doc(put_on_stack_targets_by_active_player),
        (triggers, "put_on_stack", put_on_stack_targets_by_active_player)),
    bug("passes-kept-after-resolution", "priority",
        "https://github.com/magefree/mage/issues/6463",
        _doc(settle_keeping_passes), (turn, "settle", settle_keeping_passes)),
    bug("tapped-creature-attacks", "combat",
        "https://github.com/phase-rs/phase/issues/6463",
        _doc(creature_tapped_only_for_blocking),
        (combat, "_creature", creature_tapped_only_for_blocking)),
    bug("flyer-blocks-only-flyers", "combat",
        "https://github.com/magefree/mage/issues/2259",
        _doc(check_blockers_flyers_block_flyers),
        (combat, "check_blockers", check_blockers_flyers_block_flyers)),
    bug("legend-rule-discards-the-one-kept", "state-based-actions",
        "https://github.com/WagicProject/wagic/pull/643",
        _doc(legend_rule_discarding_the_chosen),
        (turn, "legend_rule", legend_rule_discarding_the_chosen)),
    bug("first-creature-spell-discount-used-by-any-spell", "costs",
        "https://github.com/phase-rs/phase/issues/7769",
        _doc(total_cost_first_spell_of_any_kind),
        (casting, "total_cost", total_cost_first_spell_of_any_kind)),
    bug("convoke-taps-a-tapped-creature", "costs",
        "https://github.com/phase-rs/phase/issues/4379",
        _doc(convoke_helpers_tapped_or_not), (convoke, "helpers", convoke_helpers_tapped_or_not)),
    bug("mana-ability-without-priority", "mana-abilities",
        "https://github.com/phase-rs/phase/issues/592",
        _doc(activation_refused_early_mana_without_priority),
        (casting, "activation_refused_early", activation_refused_early_mana_without_priority)),
    bug("hybrid-paid-with-any-mana", "mana",
        "https://github.com/magefree/mage/issues/1404",
        _doc(pay_hybrid_with_any_mana), (mana.ManaPool, "pay", pay_hybrid_with_any_mana)),
    bug("cleanup-discard-exiled", "turn-structure",
        "https://github.com/magarena/magarena/issues/1405",
        _doc(discard_to_hand_size_into_exile),
        (turn, "discard_to_hand_size", discard_to_hand_size_into_exile)),
    bug("card-drawn-by-the-non-active-player", "drawing",
        "https://github.com/phase-rs/phase/issues/954",
        _doc(next_step_draw_for_the_other_player),
        (turn, "next_step", next_step_draw_for_the_other_player)),
    bug("game-goes-on-with-one-player-left", "game-over",
        "https://github.com/Card-Forge/forge/issues/7136",
        _doc(outcome_only_when_no_one_is_left),
        (game_module, "outcome", outcome_only_when_no_one_is_left),
        (turn, "outcome", outcome_only_when_no_one_is_left),
        (engine, "outcome", outcome_only_when_no_one_is_left)),
]
