"""Priority, resolving the stack, and moving through the turn (CR 117, 500, 608).

After every action the game "settles": state-based actions are checked and triggered
abilities that have triggered are put on the stack, repeatedly, until neither happens;
then a player receives priority (CR 117.5).
"""

from __future__ import annotations

from ...contract.types import AdvanceTo, Choice, Event, Option
from ...errors import IllegalAction
from ...format.vocabulary import STEP_ORDER, Step, Zone
from . import triggers
from .abilities import chapter_numbers
from .characteristics import is_permanent_card
from .effects import Context, legal_now, run_effects
from .entering import add_counters, put_onto_battlefield
from .game import Flow, Game
from .state import GameObject, StackAbility


def state_based_actions(game: Game) -> bool:
    """Perform state-based actions (CR 704); returns whether any was performed."""
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
        elif _saga_is_done(game, obj):
            doomed.append(obj)  # CR 704.5s
    for obj in doomed:
        game.move(obj, Zone.GRAVEYARD)
    return bool(doomed)


def _saga_is_done(game: Game, obj: GameObject) -> bool:
    chapters = chapter_numbers(game.chars(obj).ability_defs)
    if not chapters or obj.counters.get("lore", 0) < max(chapters):
        return False
    on_stack = any(isinstance(item, StackAbility) and item.source == obj.id
                   for item in game.state.stack)
    waiting = any(t.source == obj.id for t in game.state.pending_triggers)
    return not (on_stack or waiting)


def legend_rule(game: Game) -> Flow:
    """A player who controls two or more legendary permanents with the same name chooses
    one of them, and the rest are put into their owners' graveyards (CR 704.5j)."""
    state = game.state
    for player in state.apnap():
        by_name: dict[str, list[GameObject]] = {}
        for obj in state.permanents():
            chars = game.chars(obj)
            if obj.controller == player and "Legendary" in chars.supertypes:
                for name in chars.names:  # an object with two names shares either
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


def settle(game: Game) -> Flow:
    """Run state-based actions and put triggers on the stack until stable (CR 117.5)."""
    while True:
        if state_based_actions(game):
            continue
        if (yield from legend_rule(game)):
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
                  x=item.x, event=item.event)
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
        permanent = yield from put_onto_battlefield(
            game, spell, controller=spell.controller, door=door, face_down=spell.face_down,
            x=spell.x)
        if permanent is not None and "Aura" in chars.subtypes and ctx.legal_targets:
            permanent.attached_to = ctx.legal_targets[0]  # an Aura spell's target (CR 303.4f)
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
        if state.step is Step.CLEANUP:
            _cleanup(game)
            continue
        if state.step is Step.UNTAP:
            continue
        game.emit("step_began", step=state.step.value, player=state.active_player)
        if state.step is Step.PRECOMBAT_MAIN:
            _lore_counters(game)
        yield from settle(game)
        if state.step is action.step or state.stack:
            return


def _cleanup(game: Game) -> None:
    """Damage wears off and "until end of turn" effects end (CR 514.2)."""
    for obj in game.state.permanents():
        obj.damage = 0
    game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]


def _lore_counters(game: Game) -> None:
    """As the precombat main phase begins, a lore counter on each Saga the active player
    controls (CR 714.3b)."""
    for obj in list(game.state.permanents()):
        if obj.controller == game.state.active_player and "Saga" in game.chars(obj).subtypes:
            add_counters(game, obj, "lore", 1)


def _next_turn(game: Game) -> None:
    state = game.state
    state.turn += 1
    state.active_player = state.opponent(state.active_player)
    state.step = Step.UNTAP
    for player in state.players:
        player.used_once_per_turn.clear()
        player.spells_cast_this_turn.clear()
    for obj in state.permanents():  # CR 502.3
        if obj.controller == state.active_player:
            obj.tapped = False
            obj.summoning_sick = False
