"""Held-out bugs, fourth batch: the stack and priority -- a spell or ability whose targets
are gone (CR 608.2b), a target followed to a new object (CR 400.7), passing priority
(CR 117.3d, 117.4), state-based actions before triggers (CR 117.5) --, the end of the game
(CR 104.3b), combat and damage (CR 508.1f, 510.2, 120.3, 702.15b), summoning sickness
(CR 302.6) and paying generic mana (CR 601.2h)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from conformance.contract.types import DeclareAttackers, Event, PassPriority
from conformance.engines.reference import combat, life, triggers, turn
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.damage import deal_damage
from conformance.engines.reference.dividing import division_of
from conformance.engines.reference.effects import Context, legal_now, run_effects
from conformance.engines.reference.game import Flow, Game, GameEnded, outcome
from conformance.engines.reference.mana import COLORS, Cost, ManaPool
from conformance.engines.reference.state import GameObject, GameState, StackAbility
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Zone

from . import HeldOut, bug

_RESOLVE_SPELL = turn._resolve_spell
_PASS = turn.pass_priority
_NEXT_TURN = turn._next_turn
_DECLARE = combat.declare_attackers
_COMBAT_DAMAGE = _LIFE_DAMAGE = deal_damage  # what combat and the damage effect call
_MOVE = GameState.move
_SBA = turn.state_based_actions
_PAY = ManaPool.pay
_FOLLOWED = "moved-to:"


# -- the stack ----------------------------------------------------------------------------

def _spell_context(game: Game, spell: GameObject) -> tuple[Any, Context]:
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x, division=division_of(game, spell.id))
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None, ctx)
    return spell_ability, ctx


def resolve_spell_fizzling_on_any_illegal_target(game: Game, spell: GameObject) -> Flow:
    """A spell with several targets doesn't resolve when any one of them has become
    illegal: it is put into the graveyard although other targets are still legal
    (CR 608.2b: only when every target is illegal)."""
    _ability, ctx = _spell_context(game, spell)
    if spell.targets and len(ctx.legal_targets) < len(spell.targets):
        game.move(spell, Zone.GRAVEYARD)
        return
    yield from _RESOLVE_SPELL(game, spell)


def resolve_spell_without_target_check(game: Game, spell: GameObject) -> Flow:
    """A spell whose only target has become illegal still resolves: the parts of its effect
    that don't need the target happen (CR 608.2b: it doesn't resolve at all)."""
    spell_ability, ctx = _spell_context(game, spell)
    if spell.targets and not ctx.legal_targets and spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
        if spell in game.state.stack:
            game.move(spell, Zone.GRAVEYARD)
        return
    yield from _RESOLVE_SPELL(game, spell)


def resolve_ability_without_target_check(game: Game, item: StackAbility) -> Flow:
    """An activated or triggered ability whose targets have all become illegal still
    resolves, doing whatever doesn't need a target (CR 608.2b: it is removed from the stack
    without resolving)."""
    ability = item.ability
    ctx = Context(item.controller, item.source, item.source_card, ability, item.targets,
                  x=item.x, event=item.event, division=division_of(game, item.id))
    ctx.legal_targets = legal_now(game, ability.target, ctx)
    condition_fails = ability.condition is not None and not triggers.condition_holds(
        game, item.controller, item.source, ability.condition)
    if not condition_fails:
        yield from run_effects(game, ctx, ability.effects)
    game.state.stack.remove(item)


def move_remembering_new_object(self: GameState, obj: GameObject, zone: Zone, *,
                                controller: str | None = None) -> GameObject | None:
    new = _MOVE(self, obj, zone, controller=controller)
    if new is not None:
        self.linked[(_FOLLOWED, obj.id)] = [new.id]
    return new


def resolve_spell_following_targets(game: Game, spell: GameObject) -> Flow:
    """A target that left the battlefield and came back is still the spell's target: the
    spell follows the card to the new permanent (CR 400.7, 608.2b: the new object is not
    the one targeted, and the target is illegal)."""
    linked = game.state.linked
    followed = []
    for target in spell.targets:
        value = str(target)
        while (_FOLLOWED, value) in linked:
            value = linked[(_FOLLOWED, value)][0]
        found = game.state.objects.get(value)
        followed.append(value if found is not None and found.zone is Zone.BATTLEFIELD
                        else target)
    spell.targets = tuple(followed)
    yield from _RESOLVE_SPELL(game, spell)


# -- priority and the state check -----------------------------------------------------------

def pass_priority_resolving_at_once(game: Game, action: PassPriority) -> Flow:
    """When a player passes priority with an object on the stack, the top of the stack
    resolves at once: the other player never receives priority to respond (CR 117.3d,
    117.4: all players must pass in succession)."""
    state = game.state
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    if not state.stack:
        yield from _PASS(game, action)
        return
    game.events.append(Event("priority_passed", {"player": action.player}))
    yield from turn.resolve_top(game)


def pass_priority_ending_step_at_once(game: Game, action: PassPriority) -> Flow:
    """When a player passes priority with an empty stack, the step ends at once: the other
    player never receives priority in it (CR 117.3d, 500.2: the step ends when all players
    pass in succession)."""
    state = game.state
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    if state.stack:
        yield from _PASS(game, action)
        return
    game.events.append(Event("priority_passed", {"player": action.player}))
    yield from turn.next_step(game)


def check_state_triggers_first(game: Game) -> Flow:
    """Before a player receives priority, waiting triggered abilities are put on the stack
    before state-based actions are performed, so a trigger from a state-based action goes
    on the stack apart from, and above, those already waiting (CR 117.5: state-based
    actions first, then all waiting triggers together)."""
    while True:
        if game.state.pending_triggers:
            yield from triggers.put_on_stack(game)
            continue
        if turn.state_based_actions(game):
            if outcome(game.state)[0]:
                raise GameEnded()
            continue
        if (yield from turn.legend_rule(game)):
            continue
        break


def sba_zero_life_survives(game: Game) -> bool:
    """A player loses for life below 0 only: at exactly 0 life they stay in the game
    (CR 104.3b, 704.5a: 0 or less)."""
    players = game.state.players
    saved = [p for p in players if p.life == 0 and not p.lost]
    for player in saved:
        player.life = 1
    try:
        return _SBA(game)
    finally:
        for player in saved:
            player.life = 0


# -- combat and damage --------------------------------------------------------------------

def attackers_tap_despite_vigilance(game: Game, action: DeclareAttackers, defender: str) -> None:
    """Every attacking creature becomes tapped, those with vigilance too (CR 702.20b)."""
    _DECLARE(game, action, defender)
    for object_id in action.attackers:
        game.state.objects[object_id].tapped = True


def combat_damage_replacing_marked(game: Game, source: str, source_chars: Characteristics | None,
                                   controller: str, target: str, amount: int, *,
                                   combat: bool = False) -> int:
    """Combat damage dealt to a creature replaces the damage already marked on it instead
    of adding to it: a creature damaged before combat survives combat damage that, added,
    is lethal (CR 120.3e, 704.5g)."""
    found = game.state.objects.get(target)
    if found is not None and amount > 0:
        found.damage = 0
    return _COMBAT_DAMAGE(game, source, source_chars, controller, target, amount, combat=combat)


def damage_lifelink_in_combat_only(game: Game, source: str, source_chars: Characteristics | None,
                                   controller: str, target: str, amount: int, *,
                                   combat: bool = False) -> int:
    """Lifelink applies to combat damage only: damage a lifelink source deals through an
    ability gains its controller no life (CR 702.15b: any damage)."""
    if source_chars is not None and not combat and "Lifelink" in source_chars.keywords:
        source_chars = replace(source_chars, keywords=tuple(
            k for k in source_chars.keywords if k != "Lifelink"))
    return _LIFE_DAMAGE(game, source, source_chars, controller, target, amount, combat=combat)


# -- the turn and mana --------------------------------------------------------------------

def next_turn_ending_all_sickness(game: Game) -> None:
    """As a turn begins, every permanent stops being summoning sick, the non-active
    player's too: a creature can use {T} abilities in the next player's turn (CR 302.6:
    only since its controller's most recent turn began)."""
    _NEXT_TURN(game)
    for obj in game.state.permanents():
        obj.summoning_sick = False


def pay_generic_with_colors_first(self: ManaPool, cost: Cost) -> None:
    """Generic mana is paid with colored mana before colorless mana, so colored mana a
    later cost needs is spent while colorless mana stays (CR 601.2h: the player chooses;
    automatic payment must keep a payable cost payable)."""
    colorless = self.mana.get("C", 0)
    trial = ManaPool()
    trial.mana = Counter({c: n for c, n in self.mana.items() if c != "C"})
    _PAY(trial, Cost(0, cost.colored))
    remaining = cost.generic
    for color in COLORS:
        spend = min(trial.mana[color], remaining)
        trial.mana[color] -= spend
        remaining -= spend
    spend = min(colorless, remaining)
    remaining -= spend
    if remaining:
        raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
    left = +trial.mana
    if colorless - spend:
        left["C"] = colorless - spend
    self.mana = left



def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("spell-fizzles-on-one-illegal-target", "stack",
        "https://github.com/Card-Forge/forge/pull/4873",
        _doc(resolve_spell_fizzling_on_any_illegal_target),
        (turn, "_resolve_spell", resolve_spell_fizzling_on_any_illegal_target)),
    bug("spell-resolves-without-its-target", "stack",
        "https://github.com/phase-rs/phase/pull/8685",
        _doc(resolve_spell_without_target_check),
        (turn, "_resolve_spell", resolve_spell_without_target_check)),
    bug("ability-resolves-without-its-targets", "stack",
        "https://github.com/magarena/magarena/pull/1516",
        _doc(resolve_ability_without_target_check),
        (turn, "_resolve_ability", resolve_ability_without_target_check)),
    bug("target-follows-flickered-permanent", "stack",
        "https://github.com/phase-rs/phase/issues/6419",
        _doc(resolve_spell_following_targets),
        (GameState, "move", move_remembering_new_object),
        (turn, "_resolve_spell", resolve_spell_following_targets)),
    bug("one-pass-resolves-the-stack", "priority",
        "https://github.com/phase-rs/phase/issues/6361",
        _doc(pass_priority_resolving_at_once),
        (turn, "pass_priority", pass_priority_resolving_at_once)),
    bug("one-pass-ends-the-step", "priority", "https://github.com/magefree/mage/issues/784",
        _doc(pass_priority_ending_step_at_once),
        (turn, "pass_priority", pass_priority_ending_step_at_once)),
    bug("triggers-stacked-before-state-based-actions", "priority",
        "https://github.com/magarena/magarena/issues/209",
        _doc(check_state_triggers_first), (turn, "check_state", check_state_triggers_first)),
    bug("zero-life-player-survives", "game-over", "https://github.com/phase-rs/phase/issues/6421",
        _doc(sba_zero_life_survives), (turn, "state_based_actions", sba_zero_life_survives)),
    bug("vigilance-attacker-taps", "combat", "https://github.com/WagicProject/wagic/issues/519",
        _doc(attackers_tap_despite_vigilance),
        (combat, "declare_attackers", attackers_tap_despite_vigilance)),
    bug("combat-damage-replaces-marked-damage", "damage",
        "https://github.com/magefree/mage/issues/2816",
        _doc(combat_damage_replacing_marked), (combat, "deal_damage", combat_damage_replacing_marked)),
    bug("lifelink-only-for-combat-damage", "damage", "https://github.com/magefree/mage/issues/685",
        _doc(damage_lifelink_in_combat_only), (life, "deal_damage", damage_lifelink_in_combat_only)),
    bug("summoning-sickness-ends-any-turn", "turn-structure",
        "https://github.com/magefree/mage/issues/9336",
        _doc(next_turn_ending_all_sickness), (turn, "_next_turn", next_turn_ending_all_sickness)),
    bug("generic-paid-with-colors-first", "mana", "https://github.com/phase-rs/phase/pull/4173",
        _doc(pay_generic_with_colors_first), (ManaPool, "pay", pay_generic_with_colors_first)),
]
