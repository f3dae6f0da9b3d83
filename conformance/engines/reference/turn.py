"""Priority, resolving the stack, and moving through the turn (CR 117, 500, 608).

After every action the game "settles": state-based actions are checked and triggered
abilities that have triggered are put on the stack, repeatedly, until neither happens;
then a player receives priority (CR 117.5).
"""

from __future__ import annotations

from ...contract.types import AdvanceTo, Event
from ...errors import IllegalAction
from ...format.vocabulary import STEP_ORDER, Step, Zone
from . import triggers
from .characteristics import is_permanent_card
from .effects import Context, legal_now, run_effects
from .entering import put_onto_battlefield
from .game import Flow, Game
from .state import GameObject, StackAbility


def state_based_actions(game: Game) -> bool:
    """Perform state-based actions (CR 704); returns whether any was performed."""
    performed = False
    for obj in list(game.state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and chars.toughness <= 0:
            game.move(obj, Zone.GRAVEYARD)
            performed = True
    return performed


def settle(game: Game) -> Flow:
    """Run state-based actions and put triggers on the stack until stable (CR 117.5)."""
    while True:
        if state_based_actions(game):
            continue
        if game.state.pending_triggers:
            yield from triggers.put_on_stack(game)
            continue
        break
    game.state.priority = game.state.active_player


def resolve_top(game: Game) -> Flow:
    """All players pass in succession: the top of the stack resolves (CR 117.4, 608)."""
    state = game.state
    if not state.stack:
        raise IllegalAction("the stack is empty: there is nothing to resolve")
    item = state.stack[-1]
    if isinstance(item, StackAbility):
        yield from _resolve_ability(game, item)
    else:
        yield from _resolve_spell(game, item)
    game.events.append(Event("resolved", {"object": item.id}))
    yield from settle(game)


def _resolve_ability(game: Game, item: StackAbility) -> Flow:
    state = game.state
    ability = item.ability
    ctx = Context(item.controller, item.source, item.source_card, ability, item.targets,
                  x=item.x)
    ctx.legal_targets = legal_now(game, ability.target, ctx)
    fizzles = bool(item.targets) and not ctx.legal_targets  # CR 608.2b
    condition_fails = ability.condition is not None and not triggers.condition_holds(
        game, item.controller, item.source, ability.condition)  # CR 603.4
    if not fizzles and not condition_fails:
        yield from run_effects(game, ctx, ability.effects)
    state.stack.remove(item)


def _resolve_spell(game: Game, spell: GameObject) -> Flow:
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x)
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None, ctx)
    if spell.targets and not ctx.legal_targets:  # every target illegal: it doesn't resolve
        game.move(spell, Zone.GRAVEYARD)
        return
    if is_permanent_card(chars):
        door = spell.cast_door if spell.copiable_card.is_room else None
        yield from put_onto_battlefield(game, spell, controller=spell.controller, door=door)
        return
    if spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.GRAVEYARD)


def advance(game: Game, action: AdvanceTo) -> Flow:
    """Pass priority with an empty stack until ``action.step`` begins (CR 500.2)."""
    state = game.state
    if state.stack:
        raise IllegalAction("players pass to the next step only with an empty stack")
    if action.step is Step.UNTAP or action.step is Step.CLEANUP:
        raise IllegalAction("no player receives priority in that step")
    while True:
        index = STEP_ORDER.index(state.step)
        if index + 1 == len(STEP_ORDER):
            _next_turn(game)
        else:
            state.step = STEP_ORDER[index + 1]
        for player in state.players:
            player.pool.empty()  # mana empties between steps (CR 500.4)
        if state.step in (Step.UNTAP, Step.CLEANUP):
            continue
        game.emit("step_began", step=state.step.value, player=state.active_player)
        yield from settle(game)
        if state.step is action.step or state.stack:
            return


def _next_turn(game: Game) -> None:
    state = game.state
    state.turn += 1
    state.active_player = state.opponent(state.active_player)
    state.step = Step.UNTAP
    for player in state.players:
        player.used_once_per_turn.clear()
        player.legendary_creature_spells_cast = 0
    for obj in state.permanents():  # CR 502.3
        if obj.controller == state.active_player:
            obj.tapped = False
            obj.summoning_sick = False
