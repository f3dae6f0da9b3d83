"""Invariants of the turn and of the end of the game: the untap step untaps the active
player's permanents only (CR 502.3, and "untap ... during each other player's untap step"),
the draw step draws one card (CR 504.1), the top of the stack resolves or the step ends only
when every player passes in succession (CR 117.4), and a player at 0 or less life loses
while a player with life left and cards to draw does not (CR 104.3a-b, 704.5a-b).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import (
    PLAYER_OPTION_PREFIX, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, GameView, Move,
    ObjectView, PassPriority, TurnFaceUp, Unlock,
)
from ...format.cards import Card
from ...format.vocabulary import Step, Zone
from ..memory import StepView, step_of
from ..observation import Observation, Violation
from .combat import turn_of, unchanged

#: "Untap all permanents you control during each other player's untap step" (Seedborn
#: Muse's kind), "untap each creature you control ..." (Prop Room's).
_UNTAP_STATIC = re.compile(r"untap (all permanents|each creature|all creatures) you control "
                           r"during each other player's untap step")


def _untaps_in_others_turns(step: StepView, controller: str,
                            permanents: Iterable[ObjectView]) -> tuple[bool, bool] | None:
    """Whether ``controller``'s permanents, and whether their creatures, untap in other
    players' untap steps; ``None`` when the judge can't read a permanent of theirs."""
    every = creatures = False
    for view in permanents:
        if view.controller != controller:
            continue
        faces = step.judge.faces_of(view)
        if faces is None:
            return None
        for face in faces:
            found = _UNTAP_STATIC.search(normalize_text(face.text).lower())
            if found is not None:
                every |= found.group(1) == "all permanents"
                creatures = True
    return every, creatures


#: Statics that change what the untap or draw step does, which the judge does not model.
_UNTAP_CHANGES = re.compile(r"(doesn't|don't|does not|do not) untap|untap step")
_DRAW_CHANGES = re.compile(r"skip (your|their|that player's) draw step|draws? an additional "
                           r"card|draw step, (that player|you) draws?")


def _statics_say(step: StepView, pattern: re.Pattern[str], o: Observation,
                 allowed: re.Pattern[str] | None = None) -> bool | None:
    """Whether a permanent's text matches ``pattern`` (beyond ``allowed``); ``None`` when
    the judge can't read one."""
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        if faces is None:
            return None
        for face in faces:
            text = normalize_text(face.text).lower()
            if allowed is not None:
                text = allowed.sub("", text)
            if pattern.search(text):
                return True
    return False


def _passing(o: Observation, step: StepView) -> bool:
    """A step in which players only passed priority: no object left the stack."""
    before = step.before_game
    return (step.acted and isinstance(o.action, (AdvanceTo, PassPriority))
            and before is not None and not before.stack
            and o.engine.pending_choice() is None)


def untap_step(o: Observation) -> Iterable[Violation]:
    """When a turn begins, the active player's permanents untap; another player's stay as
    they were, except those an "untap ... during each other player's untap step" ability
    of theirs untaps.  A permanent that would untap and has a stun counter loses one instead
    and stays tapped (CR 502.3, 122.1d)."""
    step = step_of(o)
    before = step.before_game
    if not _passing(o, step) or not step.turn_ended or before is None \
            or before.active_player == o.game.active_player:
        return
    if _statics_say(step, _UNTAP_CHANGES, o, _UNTAP_STATIC) is not False:
        return  # "doesn't untap", or what the judge can't read
    active = o.game.active_player
    now_battlefield = [v for v in o.views.values() if v.zone is Zone.BATTLEFIELD]
    statics: dict[str, tuple[bool, bool] | None] = {}
    for view in now_battlefield:
        old = step.before_views.get(view.id)
        if old is None or old.zone is not Zone.BATTLEFIELD or view.controller is None:
            continue
        name = " // ".join(view.names) or "a face-down permanent"
        if view.tapped and old.counters.get("stun", 0) > view.counters.get("stun", 0):
            continue  # a stun counter removed instead of its untapping (CR 122.1d)
        if view.controller == active:
            if view.tapped:
                yield Violation(f"{active}'s {name} did not untap in {active}'s untap step",
                                view.id, "tapped", False)
                return
            continue
        if not old.tapped:
            continue
        if view.controller not in statics:
            statics[view.controller] = _untaps_in_others_turns(step, view.controller,
                                                               now_battlefield)
        known = statics[view.controller]
        types = step.judge.types_of(view)
        if known is None or types is None:
            continue
        every, creatures = known
        untaps = every or (creatures and "Creature" in types)
        if view.tapped == untaps:
            yield Violation(f"{view.controller}'s {name} {'stayed tapped' if untaps else 'untapped'}"
                            f" in {active}'s untap step", view.id, "tapped", not untaps)
            return


def reached_untap(o: Observation) -> bool:
    """A turn began with a tapped permanent on the battlefield."""
    step = step_of(o)
    return _passing(o, step) and step.turn_ended and any(
        v.zone is Zone.BATTLEFIELD and v.tapped for v in step.before_views.values())


def draw_step(o: Observation) -> Iterable[Violation]:
    """As the draw step begins, the active player draws a card: one card more in their
    hand, one fewer in their library (CR 504.1) -- its top card, where the engine shows
    library order (CR 121.1, 401.2) -- or, with an empty library, they lose (CR 704.5b)."""
    step = step_of(o)
    before = step.before_game
    if not _passing(o, step) or before is None:
        return
    drawers = [p for s, p in step.steps_begun if s is Step.DRAW]
    if len(drawers) != 1 or drawers[0] != o.game.active_player:
        return
    if _statics_say(step, _DRAW_CHANGES, o) is not False:
        return  # a draw skipped or added, or what the judge can't read
    player = drawers[0]
    then, now = before.player(player), o.game.player(player)
    if then.library_size == 0:
        if not o.game.game_over and "game_over" not in o.game.unknown:
            yield Violation(f"{player} drew from an empty library and the game goes on")
        return
    if o.game.game_over:
        return
    if (now.library_size, now.hand_size) != (then.library_size - 1, then.hand_size + 1):
        yield Violation(f"in {player}'s draw step the library went from {then.library_size} to "
                        f"{now.library_size} cards and the hand from {then.hand_size} to "
                        f"{now.hand_size}: not one card drawn")
        return
    yield from _drawn_from_the_top(o, step, player)


def _drawn_from_the_top(o: Observation, step: StepView, player: str) -> Iterable[Violation]:
    """The card drawn is the top one: the library left is the one before without its top
    card (CR 121.1, 401.2) -- judged where the engine shows library order and no card went
    into that library."""
    from .instructions import LIBRARY_ORDER, _libraries
    if LIBRARY_ORDER not in o.engine.info.capabilities:
        return
    before, now = _libraries(step.before_views), _libraries(o.views)
    if before is None or now is None:
        return
    then, left = before.get(player, []), now.get(player, [])
    if any(card not in then for card in left) or len(left) >= len(then):
        return
    if left != then[len(then) - len(left):]:
        gone = [card for card in then if card not in left]
        yield Violation(f"in {player}'s draw step {', '.join(gone)} left the library, not its "
                        f"top card {then[0]}: a player draws the top card of their library "
                        f"(CR 121.1, 401.2)", gone[0], "zone", Zone.LIBRARY.value)


def reached_draw(o: Observation) -> bool:
    step = step_of(o)
    return _passing(o, step) and any(s is Step.DRAW for s, _p in step.steps_begun)


def reached_draw_from_the_top(o: Observation) -> bool:
    """The active player drew in their draw step from a library whose order the engine
    shows."""
    from .instructions import LIBRARY_ORDER, _libraries
    step = step_of(o)
    if not reached_draw(o) or LIBRARY_ORDER not in o.engine.info.capabilities \
            or o.game.game_over:
        return False
    before, now = _libraries(step.before_views), _libraries(o.views)
    player = o.game.active_player
    return before is not None and now is not None \
        and len(now.get(player, [])) < len(before.get(player, []))


def priority(o: Observation) -> Iterable[Violation]:
    """A player passing priority gives it to the next player; only when every player has
    passed in succession, without an action in between, does the top of the stack resolve
    or the step end -- and then it does (CR 117.3d, 117.4, 500.2)."""
    step = step_of(o)
    turn = turn_of(o)
    action, before = o.action, step.before_game
    if not step.acted or not isinstance(action, PassPriority) or before is None:
        return
    if "stack" in o.game.unknown or "priority_player" in o.game.unknown or o.game.game_over:
        return
    if not turn.fresh_before:
        # another player passed just before, nothing in between: with two players, all
        # have passed in succession, and the top of the stack resolves or the step ends
        if turn.passed_before not in (None, action.player) and len(o.game.players) == 2 \
                and o.engine.pending_choice() is None and unchanged(before, o.game):
            what = "the top of the stack did not resolve" if before.stack \
                else "the step did not end"
            yield Violation(f"{turn.passed_before} then {action.player} passed priority in "
                            f"succession, and {what} (CR 117.4, 500.2)")
        return
    if not _nothing_ended(before, o.game):
        what = "the top of the stack resolved" if before.stack else "the step ended"
        yield Violation(f"{action.player} passed priority, no other player had passed since "
                        f"the last action, and {what}")
        return
    if o.engine.pending_choice() is None and o.game.priority_player == action.player:
        yield Violation(f"{action.player} passed priority and still has it")


def _nothing_ended(before: GameView, now: GameView) -> bool:
    """Whether the step, the turn and every item on the stack are as they were -- triggered
    abilities put on top of it aside: state-based actions are checked, and what triggered
    is put on the stack, before the next player receives priority (CR 117.5, 704.3)."""
    if not unchanged(before, now) and len(now.stack) > len(before.stack):
        kept = now.stack[len(now.stack) - len(before.stack):]  # listed top first
        return before.step is now.step and before.active_player == now.active_player \
            and [i.id for i in kept] == [i.id for i in before.stack] \
            and all(i.kind == "ability" for i in now.stack[:len(now.stack) - len(before.stack)])
    return unchanged(before, now)


def reached_priority(o: Observation) -> bool:
    step = step_of(o)
    return step.acted and isinstance(o.action, PassPriority) and turn_of(o).fresh_before


def game_over(o: Observation) -> Iterable[Violation]:
    """A player with 0 or less life loses, and with one opponent left the game is over
    (CR 704.5a, 104.2a, 104.3b) -- no player may act any more (CR 104.1); a game is over
    only when each player but the winner has
    0 or less life or an empty library to draw from (CR 704.5b); and life totals change
    only as damage is dealt or spells and abilities resolve (CR 119.3), not in a step that
    resolved nothing and dealt no combat damage."""
    step = step_of(o)
    game = o.game
    if not step.acted or o.engine.pending_choice() is not None:
        return
    yield from _life_unchanged(o, step)
    if "game_over" in game.unknown or "winner" in game.unknown:
        return
    if game.game_over:
        for player in game.players:
            if o.engine.legal_actions(player.name):
                yield Violation(f"the game is over and {player.name} may still act "
                                f"(CR 104.1: it ends immediately)")
                return
    if not game.game_over:
        dead = [p.name for p in game.players if p.life <= 0]
        if dead:
            yield Violation(f"{dead[0]} has {game.player(dead[0]).life} life and the game "
                            f"goes on")
        return
    for player in game.players:
        if player.name == game.winner:
            if player.life <= 0:
                yield Violation(f"{player.name} won with {player.life} life")
                return
            continue
        if player.life > 0 and player.library_size > 0:
            yield Violation(f"the game is over though {player.name} has {player.life} life "
                            f"and {player.library_size} cards in their library")
            return


def _quiet(o: Observation, step: StepView) -> bool:
    """A step in which nothing resolved and no combat damage was dealt: a spell cast, a door
    unlocked, a permanent turned face up, a declaration, a card moved, or priority passed
    with an empty stack through steps without combat damage."""
    action, before = o.action, step.before_game
    if not step.acted or before is None:
        return False
    if isinstance(action, (Cast, TurnFaceUp)):
        view = step.before_views.get(action.card if isinstance(action, Cast) else action.object)
        card = step.judge.card_of(view) if view is not None else None
        return card is not None and not any("life" in f.text.lower() for f in card.faces)
    if isinstance(action, (Unlock, DeclareAttackers, DeclareBlockers, Move)):
        return True
    return isinstance(action, (AdvanceTo, PassPriority)) and not before.stack \
        and not any(s is Step.COMBAT_DAMAGE for s, _p in step.steps_begun) \
        and not (before.step is Step.COMBAT_DAMAGE or o.game.step is Step.COMBAT_DAMAGE)


def _life_unchanged(o: Observation, step: StepView) -> Iterable[Violation]:
    """Life changes as damage is dealt and as spells and abilities that gain or lose life
    resolve (CR 119.3, 120.3): not in a quiet step."""
    before = step.before_game
    if before is None or not _quiet(o, step):
        return
    for player in o.game.players:
        then = before.player(player.name).life
        if player.life != then:
            yield Violation(f"{player.name}'s life went from {then} to {player.life} in a step "
                            f"that resolved nothing and dealt no combat damage")
            return


def reached_game_over(o: Observation) -> bool:
    """A player at 2 life or less after an action: losing is at stake."""
    return step_of(o).acted and any(p.life <= 2 for p in o.game.players)


#: "At the beginning of <a step>": the step in which such an ability triggers.
_BEGINNING = re.compile(
    r"^at the beginning of (?:each |your |the |each player's |each opponent's |an opponent's |"
    r"that player's |the next |your next )?(upkeep|draw step|end step|combat|precombat main "
    r"phase|first main phase|postcombat main phase|second main phase)\b")
_TRIGGER_STEPS = {
    "upkeep": Step.UPKEEP, "draw step": Step.DRAW, "end step": Step.END,
    "combat": Step.BEGINNING_OF_COMBAT, "precombat main phase": Step.PRECOMBAT_MAIN,
    "first main phase": Step.PRECOMBAT_MAIN, "postcombat main phase": Step.POSTCOMBAT_MAIN,
    "second main phase": Step.POSTCOMBAT_MAIN,
}


def _beginning_step(text: str) -> Step | None:
    """The step an ability "at the beginning of" it triggers in; ``None`` for other texts."""
    found = _BEGINNING.match(normalize_text(text).lower().strip())
    return _TRIGGER_STEPS[found.group(1)] if found is not None else None


def _step_change(o: Observation) -> StepView | None:
    step = step_of(o)
    if not step.acted or not step.steps_begun or step.before_game is None or o.game.game_over \
            or o.engine.pending_choice() is not None or "stack" in o.game.unknown \
            or "step" in o.game.unknown:
        return None
    return step


def steps_end_with_the_stack_empty(o: Observation) -> Iterable[Violation]:
    """A step or phase ends only when all players pass in succession with the stack empty
    (CR 500.2, 117.4): after an action in which the step changed, nothing that was on the
    stack before it is still there, and an ability on the stack that triggered "at the
    beginning of" a step was put there in the step the game is in -- it is that step, and
    the ability resolves (or is responded to) in it, before the game moves on (CR 503.1,
    504.2, 507.1, 513.1, 603.3)."""
    step = _step_change(o)
    if step is None:
        return
    assert step.before_game is not None
    before = {item.id for item in step.before_game.stack}
    for item in o.game.stack:
        if item.id in before:
            yield Violation(f"the game went on to the {o.game.step.value.replace('_', ' ')} "
                            f"step with {item.text or item.kind} ({item.id}) still on the "
                            f"stack from the step before (CR 500.2: a step ends only with the "
                            f"stack empty)")
            return
    for item in step.new_items:
        when = _beginning_step(item.text) if item.kind == "ability" else None
        if when is not None and o.game.step is not when:
            yield Violation(f"an ability that triggers at the beginning of the "
                            f"{when.value.replace('_', ' ')} step ({item.text!r}) is on the stack "
                            f"in the {o.game.step.value.replace('_', ' ')} step: that step ended "
                            f"with it on the stack (CR 500.2, 117.4)")
            return


def reached_stack_at_step_change(o: Observation) -> bool:
    """The step changed and an ability triggered "at the beginning of" a step went on the
    stack."""
    step = _step_change(o)
    return step is not None and any(
        item.kind == "ability" and _beginning_step(item.text) is not None
        for item in step.new_items)


def beginning_focus(card: Card) -> bool:
    """The cards with an ability triggering "at the beginning of" a step."""
    return any(_beginning_step(line) is not None
               for f in card.faces for line in f.text.splitlines())


def reached_life_lost_to_zero(o: Observation) -> bool:
    """... a player brought from above 0 to 0 or less life in a step that dealt them no
    damage: life lost, not damage (CR 119.3, 704.5a)."""
    step = step_of(o)
    before = step.before_game
    if not step.acted or before is None:
        return False
    damaged = {str(e.data.get("to")) for e in o.events if e.kind == "damage_dealt"}
    then = {p.name: p.life for p in before.players}
    return any(then.get(p.name, 0) > 0 >= p.life and p.name not in damaged
               and f"{PLAYER_OPTION_PREFIX}{p.name}" not in damaged for p in o.game.players)
