"""Mutants about state-based actions, durations and the turn: the legend rule (CR 704.5j),
"until end of turn" (CR 514.2, 611.2), unlocking doors at the wrong time (CR 709.5e),
face-down characteristics (CR 708.2), end-step triggers on every turn (CR 513.1), "dies"
(CR 700.4), tokens and summoning sickness (CR 302.6), and a draw (CR 104.4a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..contract.types import Choice, Option
from ..engines.reference import effects, game, rooms, triggers, turn
from ..errors import IllegalAction
from ..format.vocabulary import Door, Zone
from . import Patch, table
from .kill_sets import FOLDERS, KILLS

# -- the legend rule ---------------------------------------------------------------------


def _legend_rule(*, across_players: bool = False, printed_name: bool = False,
                 tokens: bool = True, legendary_only: bool = True,
                 ask: bool = True) -> Any:
    """turn.legend_rule with one rule broken."""

    def legend_rule(game_: Any) -> Any:
        state = game_.state
        for player in state.apnap():
            by_name: dict[str, list[Any]] = {}
            for obj in state.permanents():
                chars = game_.chars(obj)
                if not across_players and obj.controller != player:
                    continue
                if legendary_only and "Legendary" not in chars.supertypes:
                    continue
                if not tokens and obj.token:
                    continue
                names = (obj.card.name,) if printed_name else chars.names
                for name in names:
                    by_name.setdefault(name, []).append(obj)
            for name, same in by_name.items():
                if len(same) < 2:
                    continue
                if ask:
                    options = tuple(Option(obj.id, name) for obj in same)
                    (kept,) = yield Choice("cards", player,
                                           f"legend rule: choose the {name} to keep", options,
                                           1, 1)
                else:
                    kept = max(same, key=lambda o: o.timestamp).id
                for obj in same:
                    if obj.id != kept:
                        game_.move(obj, Zone.GRAVEYARD)
                return True
        return False
    return legend_rule


_across = _legend_rule(across_players=True)
_across.__doc__ = "The legend rule applies to legendary permanents of different players."
_printed = _legend_rule(printed_name=True)
_printed.__doc__ = ("The legend rule compares printed names: a copy of a legendary "
                    "permanent is not seen.")
_no_tokens = _legend_rule(tokens=False)
_no_tokens.__doc__ = "The legend rule ignores legendary tokens."
_every_name = _legend_rule(legendary_only=False)
_every_name.__doc__ = "The legend rule applies to nonlegendary permanents with the same name."
_newest_kept = _legend_rule(ask=False)
_newest_kept.__doc__ = ("The legend rule keeps the newest legendary permanent without "
                        "asking its controller.")

# -- "until end of turn" ------------------------------------------------------------------


def _cleanup_forgets_effects(game_: Any) -> None:
    """"Until end of turn" effects don't end at the cleanup step."""
    for obj in game_.state.permanents():
        obj.damage = 0


_advance = turn.advance


def _effects_end_with_the_step(game_: Any, action: Any) -> Any:
    """"Until end of turn" effects end as soon as the step they began in ends."""
    game_.state.effects = [e for e in game_.state.effects if e.until != "end_of_turn"]
    yield from _advance(game_, action)


def _effects_end_on_controllers_turn_only(game_: Any) -> None:
    """"Until end of turn" effects on a permanent end only at the cleanup step of its
    controller's turn."""
    state = game_.state
    for obj in state.permanents():
        obj.damage = 0
    active = state.active_player
    state.effects = [e for e in state.effects if e.until != "end_of_turn" or (
        e.object in state.objects and state.objects[e.object].controller != active)]


# -- unlocking doors ---------------------------------------------------------------------

_special_unlock = rooms.special_unlock


def _unlock_check_skipped(skip: str, doc: str) -> Any:
    def special_unlock(game_: Any, action: Any) -> Any:
        state = game_.state
        obj = state.objects.get(action.object)
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            raise IllegalAction("only a Room on the battlefield can be unlocked")
        if not obj.copiable_card.is_room or obj.face_down:
            raise IllegalAction(f"{obj.card.name} has no doors")
        if skip != "controller" and obj.controller != action.player:
            raise IllegalAction("only the Room's controller can unlock its doors")
        if state.priority != action.player:
            raise IllegalAction(f"{action.player} does not have priority")
        if skip != "turn" and state.active_player != action.player:
            raise IllegalAction("doors can be unlocked only on your turn")
        if skip != "phase" and not state.step.is_main_phase:
            raise IllegalAction("doors can be unlocked only in a main phase")
        if state.stack:
            raise IllegalAction("doors can be unlocked only while the stack is empty")
        if action.door in obj.unlocked:
            raise IllegalAction(f"the {action.door.value} door is already unlocked")
        state.player(action.player).pool.pay(rooms.unlock_cost(obj, action.door))
        rooms.unlock(game_, obj, [action.door])
        yield from ()
    special_unlock.__doc__ = doc
    return special_unlock


_any_phase = _unlock_check_skipped("phase", "Doors can be unlocked outside a main phase.")
_any_turn = _unlock_check_skipped("turn", "Doors can be unlocked on another player's turn.")
_any_room = _unlock_check_skipped("controller", "A player can unlock the doors of another "
                                                "player's Room.")


def _lock_unlocked_by_itself(game_: Any, obj: Any, door: Door) -> None:
    """Locking a door also locks the other one."""
    for each in list(obj.unlocked):
        obj.unlocked.discard(each)
        game_.emit("door_locked", object=obj.id, door=each.value, player=obj.controller)


# -- face-down characteristics ------------------------------------------------------------

_characteristics = game.characteristics


def _face_down_then(adjust: Any, doc: str) -> Any:
    def characteristics(state: Any, obj: Any, abilities: Any) -> Any:
        chars = _characteristics(state, obj, abilities)
        if obj.face_down:
            obj.face_down = False
            try:
                printed = _characteristics(state, obj, abilities)
            finally:
                obj.face_down = True
            return adjust(chars, printed)
        return chars
    characteristics.__doc__ = doc
    return characteristics


_keeps_power = _face_down_then(
    lambda chars, printed: replace(chars, power=printed.power, toughness=printed.toughness),
    "A face-down creature has its card's power and toughness.")
_keeps_colors = _face_down_then(
    lambda chars, printed: replace(chars, colors=printed.colors),
    "A face-down spell or permanent keeps its card's colors.")
_keeps_subtypes = _face_down_then(
    lambda chars, printed: replace(chars, subtypes=printed.subtypes),
    "A face-down spell or permanent keeps its card's creature types.")
_keeps_keywords = _face_down_then(
    lambda chars, printed: replace(chars, abilities=printed.abilities,
                                   keywords=printed.keywords),
    "A face-down permanent keeps its card's abilities (Flying, Morph).")


# -- triggers of the turn, dies triggers, tokens, the end of the game ---------------------

_end_step = triggers.MATCHERS["beginning_of_end_step"]


def _end_step_of_the_active_player(game_: Any, obj: Any, params: Any, event: Any,
                                   ability: Any) -> bool:
    """Only the active player's permanents' "at the beginning of the end step" abilities
    trigger."""
    return (bool(_end_step(game_, obj, params, event, ability))
            and obj.controller == game_.state.active_player)


_leaves = triggers.MATCHERS["leaves_battlefield"]


def _dies_to_hand(game_: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """A permanent returned from the battlefield to its owner's hand "dies", as one put
    into a graveyard does."""
    return (event.kind == "zone_changed" and event.data["to"] in (Zone.GRAVEYARD.value,
                                                                  Zone.HAND.value)
            and bool(_leaves(game_, obj, params, event, ability)))


_create_token = effects.EFFECTS["create_token"]


def _tokens_enter_ready(game_: Any, ctx: Any, params: Any) -> Any:
    """Creature tokens an effect creates can attack and {T} the turn they are created."""
    before = set(game_.state.objects)
    result = yield from _create_token(game_, ctx, params)
    for object_id, obj in game_.state.objects.items():
        if object_id not in before:
            obj.summoning_sick = False
    return result


_state_based_actions = turn.state_based_actions


def _active_player_lost_last(game_: Any) -> bool:
    """When all players lose at once, the active player's loss is not counted: the other
    player's loss ends the game first, and the active player wins."""
    acted = bool(_state_based_actions(game_))
    players = game_.state.players
    if players and all(p.lost for p in players):
        game_.state.player(game_.state.active_player).lost = False
    return acted

WRONG: dict[str, tuple[list[Patch], set[str]]] = {
    "legend-rule-across-players": ([(turn, "legend_rule", _across)], set()),
    "legend-rule-by-printed-name": ([(turn, "legend_rule", _printed)], set()),
    "legend-rule-ignores-tokens": ([(turn, "legend_rule", _no_tokens)], set()),
    "legend-rule-for-nonlegendary-permanents": ([(turn, "legend_rule", _every_name)], set()),
    "legend-rule-keeps-the-newest": ([(turn, "legend_rule", _newest_kept)], set()),
    "until-end-of-turn-never-ends": ([(turn, "_cleanup", _cleanup_forgets_effects)], set()),
    "until-end-of-turn-ends-with-the-step": (
        [(turn, "advance", _effects_end_with_the_step)], set()),
    "until-end-of-turn-ends-on-controllers-turn": (
        [(turn, "_cleanup", _effects_end_on_controllers_turn_only)], set()),
    "unlock-outside-a-main-phase": ([(rooms, "special_unlock", _any_phase)], set()),
    "unlock-on-another-players-turn": ([(rooms, "special_unlock", _any_turn)], set()),
    "unlock-another-players-room": ([(rooms, "special_unlock", _any_room)], set()),
    "locking-locks-every-door": ([(rooms, "lock", _lock_unlocked_by_itself)], set()),
    "face-down-keeps-power-and-toughness": ([(game, "characteristics", _keeps_power)], set()),
    "face-down-keeps-colors": ([(game, "characteristics", _keeps_colors)], set()),
    "face-down-keeps-creature-types": ([(game, "characteristics", _keeps_subtypes)], set()),
    "face-down-keeps-abilities": ([(game, "characteristics", _keeps_keywords)], set()),
    "end-step-triggers-of-the-active-player-only": (
        [(triggers.MATCHERS, "beginning_of_end_step", _end_step_of_the_active_player)], set()),
    "dies-triggers-on-return-to-hand": (
        [(triggers.MATCHERS, "dies", _dies_to_hand)], set()),
    "tokens-enter-without-summoning-sickness": (
        [(effects.EFFECTS, "create_token", _tokens_enter_ready)], set()),
    "simultaneous-loss-won-by-the-active-player": (
        [(turn, "state_based_actions", _active_player_lost_last)], set()),
}

_OTHER = {"end-step-triggers-of-the-active-player-only": "turn-structure",
          "dies-triggers-on-return-to-hand": "triggers",
          "tokens-enter-without-summoning-sickness": "tokens",
          "simultaneous-loss-won-by-the-active-player": "game-over"}

MECHANISMS = {name: _OTHER.get(name) or (
    "legend-rule" if name.startswith("legend") else
    "durations" if name.startswith("until") else
    "face-down" if name.startswith("face-down") else "rooms")
    for name in WRONG}

MUTANTS = table("turns", FOLDERS, WRONG, mechanisms=MECHANISMS, kills=KILLS)
