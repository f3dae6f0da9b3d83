"""Priority, resolving the stack, and moving through the turn (CR 117, 500, 608).

After every action the game "settles": state-based actions are checked and triggered
abilities that have triggered are put on the stack, repeatedly, until neither happens;
then a player receives priority (CR 117.5).  When a player passes priority to the next
player, the same checks come first (CR 704.3).
"""

from __future__ import annotations

from collections.abc import Callable

from ...contract.types import AdvanceTo, Choice, DeclareAttackers, DeclareBlockers, Event, Option, PassPriority
from ...errors import IllegalAction
from ...format.vocabulary import STEP_ORDER, Step, Zone
from . import combat, lands, triggers
from .abilities import chapter_numbers
from .characteristics import Characteristics, is_permanent_card
from .dividing import division_of
from .effects import Context, draw_cards, legal_now, run_effects
from .entering import add_counters, put_onto_battlefield
from .exile_to_play import end_permissions
from .game import Flow, Game, GameEnded, outcome
from .state import GameObject, StackAbility
from .targets import label, matches


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
              and (p.life <= 0 or p.drew_from_empty_library)]  # CR 704.5a, 704.5b
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


def _saga_is_done(game: Game, obj: GameObject, chars: Characteristics | None = None) -> bool:
    chapters = chapter_numbers((chars if chars is not None else game.chars(obj)).ability_defs)
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
                if obj.id != kept:
                    game.move(obj, Zone.GRAVEYARD)
            return True
    return False


def check_state(game: Game) -> Flow:
    """What happens whenever a player would receive priority (CR 117.5, 704.3): state-based
    actions are performed and triggered abilities put on the stack, repeatedly, until
    neither happens."""
    while True:
        if state_based_actions(game):
            if outcome(game.state)[0]:  # a player lost and no opponent is left (CR 104.2a)
                raise GameEnded()
            continue
        if (yield from legend_rule(game)):
            continue
        if game.state.pending_triggers:
            yield from triggers.put_on_stack(game)
            continue
        break


def settle(game: Game) -> Flow:
    """After an action, a resolution or a new step: the state is checked, then the active
    player receives priority (CR 117.3a-c, 117.5)."""
    yield from check_state(game)
    game.state.priority = game.state.active_player
    game.state.passes = 0


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
                  x=item.x, event=item.event, division=division_of(game, item.id))
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
                  x=spell.x, division=division_of(game, spell.id))
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
    """Pass priority with an empty stack until ``action.step`` begins (CR 500.2); stop early
    if an ability goes on the stack."""
    state = game.state
    if state.stack:
        raise IllegalAction("players pass to the next step only with an empty stack")
    if action.step is Step.UNTAP or action.step is Step.CLEANUP:
        raise IllegalAction("no player receives priority in that step")
    skippable = action.step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)
    for _ in range(2 * len(STEP_ORDER)):
        yield from next_step(game)
        if state.step is action.step or state.stack:
            return
        if skippable and state.step is Step.END_OF_COMBAT:
            break  # this combat went by without it
    raise IllegalAction(f"the game does not reach the {action.step.value} step: with no "
                        f"creature attacking it is skipped (CR 508.8)")


def next_step(game: Game, declare: Callable[[], None] | None = None) -> Flow:
    """End the current step and begin the next one in which players receive priority
    (CR 500.2-4): mana empties, the untap and cleanup steps pass by, the step's turn-based
    actions happen (``declare``: attackers or blockers; the draw; combat damage), then
    "at the beginning of" abilities trigger and the active player receives priority."""
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
        draw_cards(game, state.active_player, 1)  # CR 504.1
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)  # CR 510.1-2
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step is Step.PRECOMBAT_MAIN:
        _lore_counters(game)
    yield from settle(game)


def _step_forward(game: Game) -> None:
    """The step after the current one: a second combat damage step when first strike
    damage was dealt (CR 510.4); none of the combat steps after declaring attackers when
    no creature attacks (CR 508.8); creatures stop attacking when combat ends (CR 511.3)."""
    state = game.state
    fighting = combat.has_attackers(game)
    if state.step is Step.COMBAT_DAMAGE and fighting and state.combat is not None \
            and not state.combat.regular_done:
        return  # the regular combat damage step follows the first-strike one
    index = STEP_ORDER.index(state.step)
    if index + 1 == len(STEP_ORDER):
        _next_turn(game)
        return
    if state.step is Step.END_OF_COMBAT:
        combat.end_combat(game)
    state.step = STEP_ORDER[index + 1]
    if state.step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE) and not fighting:
        state.step = Step.END_OF_COMBAT


def pass_priority(game: Game, action: PassPriority) -> Flow:
    """``action.player`` passes priority to the next player in turn order; when all have
    passed in succession, the top of the stack resolves or the step ends (CR 117.3d, 117.4)."""
    state = game.state
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    state.passes += 1
    game.events.append(Event("priority_passed", {"player": action.player}))
    if state.passes < len(state.players):
        names = [p.name for p in state.players]
        # the next player would receive priority: the state is checked first (CR 704.3)
        yield from check_state(game)
        state.priority = names[(names.index(action.player) + 1) % len(names)]
        return
    if state.stack:
        yield from resolve_top(game)
    else:
        yield from next_step(game)


def attack(game: Game, action: DeclareAttackers) -> Flow:
    """Pass to the declare attackers step with an empty stack and declare ``action``'s
    attackers as it begins (CR 508.1)."""
    state = game.state
    if state.stack:
        raise IllegalAction("attackers are declared after every player passes with an empty stack")
    if STEP_ORDER.index(state.step) >= STEP_ORDER.index(Step.DECLARE_ATTACKERS):
        raise IllegalAction(f"this turn's declare attackers step has passed ({state.step.value})")
    if state.step is not Step.BEGINNING_OF_COMBAT:
        yield from _advance_in_probe(game, Step.BEGINNING_OF_COMBAT)
        state = game.state
        if state.stack:
            raise IllegalAction("an ability went on the stack at the beginning of combat: "
                                "resolve it before declaring attackers")
    defender = combat.check_attackers(game, action)
    yield from next_step(game, lambda: combat.declare_attackers(game, action, defender))


def _advance_in_probe(game: Game, step: Step) -> Flow:
    """Pass priority until ``step`` begins (:func:`advance`).  In a probe, the state reached
    is kept for the other probes of the same state (every declaration of attackers passes
    to combat the same way) when no choice was asked on the way: a choice ends a probe, and
    with it this procedure, before the state is kept.  The state reached replaces
    ``game.state``: callers read it again."""
    reached = game.probe_reached
    if reached is not None:
        kept = reached.get(step)
        if kept is not None:
            game.state = kept.clone()
            return
    yield from advance(game, AdvanceTo(step))
    if reached is not None and game.probe_reached is reached:
        reached[step] = game.state.clone()


def block(game: Game, action: DeclareBlockers) -> Flow:
    """Pass to the declare blockers step with an empty stack and declare ``action``'s
    blockers as it begins (CR 509.1)."""
    state = game.state
    if state.stack or state.step is not Step.DECLARE_ATTACKERS:
        raise IllegalAction("blockers are declared when every player passes with an empty "
                            "stack in the declare attackers step")
    combat.check_blockers(game, action)
    yield from next_step(game, lambda: combat.declare_blockers(game, action))


def discard_to_hand_size(game: Game) -> Flow:
    """The active player discards down to the maximum hand size, seven, unless they have no
    maximum hand size (CR 514.1, 402.2)."""
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
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(Event("card_discarded", {"object": card_id}))


def _cleanup(game: Game) -> None:
    """Damage wears off and "until end of turn" effects end (CR 514.2), permissions to play
    exiled cards that last until the end of this turn among them."""
    for obj in game.state.permanents():
        obj.damage = 0
        obj.damaged_by_deathtouch = False
    game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]
    end_permissions(game)


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
    state.combat = None
    lands.forget_earlier_turns(game)
    for player in state.players:
        player.used_once_per_turn.clear()
        player.spells_cast_this_turn.clear()
    # the active player untaps their permanents (CR 502.3), and so does a player with an
    # "untap ... during each other player's untap step" ability
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
