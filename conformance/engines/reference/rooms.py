"""Rooms: doors, unlocking as a special action, and locking or unlocking by effects
(CR 709.5, 116.2m).

A door becoming unlocked is an event of its own (``door_unlocked``), whether it happens
on the battlefield or as the Room enters because that half was cast; "when you unlock
this door" abilities trigger on it.  When a door becomes unlocked while the other is
already unlocked, or both become unlocked at once, the Room is fully unlocked.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...contract.types import Choice, Option, Unlock
from ...errors import IllegalAction
from ...format.vocabulary import Door, Zone
from .characteristics import DOOR_INDEX
from .game import Flow, Game
from .mana import Cost
from .state import GameObject


def unlock(game: Game, obj: GameObject, doors: Iterable[Door]) -> None:
    """Unlock ``doors`` of a Room permanent at the same time."""
    doors = [door for door in doors if door not in obj.unlocked]
    if not doors:
        return
    obj.unlocked.update(doors)
    for door in doors:
        game.emit("door_unlocked", object=obj.id, door=door.value, player=obj.controller)
    if len(obj.unlocked) == len(Door):
        game.emit("room_fully_unlocked", object=obj.id, player=obj.controller)


def lock(game: Game, obj: GameObject, door: Door) -> None:
    if door in obj.unlocked:
        obj.unlocked.discard(door)
        game.emit("door_locked", object=obj.id, door=door.value, player=obj.controller)


def unlock_cost(obj: GameObject, door: Door) -> Cost:
    """A door's unlock cost is its mana cost (CR 709.5e)."""
    return Cost.of(obj.copiable_card.faces[DOOR_INDEX[door]].mana_cost)


def special_unlock(game: Game, action: Unlock) -> Flow:
    """Unlock a locked door by paying its mana cost: a special action, any time the
    player has priority in a main phase of their turn with an empty stack."""
    obj = unlock_refused_early(game, action)
    game.state.player(action.player).pool.pay(unlock_cost(obj, action.door))
    unlock(game, obj, [action.door])
    yield from ()


def unlock_refused_early(game: Game, action: Unlock) -> GameObject:
    """What refuses the special action of unlocking a door before anything changes:
    raises ``IllegalAction``; else the Room.  A probe for legality asks this before it
    copies the game."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only a Room on the battlefield can be unlocked")
    if not obj.copiable_card.is_room or obj.face_down:
        raise IllegalAction(f"{obj.card.name} has no doors")
    if obj.controller != action.player:
        raise IllegalAction("only the Room's controller can unlock its doors")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    if state.active_player != action.player or not state.step.is_main_phase:
        raise IllegalAction("doors can be unlocked only in a main phase of your turn")
    if state.stack:
        raise IllegalAction("doors can be unlocked only while the stack is empty")
    if action.door in obj.unlocked:
        raise IllegalAction(f"the {action.door.value} door is already unlocked")
    return obj


def lock_or_unlock_options(game: Game, obj: GameObject, *, lock_allowed: bool = True,
                           unlock_allowed: bool = True) -> list[Option]:
    """The doors an effect may lock or unlock: not one already in that state."""
    names = {door: obj.copiable_card.faces[DOOR_INDEX[door]].name for door in Door}
    options = []
    for door in Door:
        if door in obj.unlocked and lock_allowed:
            options.append(Option(f"lock {door.value}", f"lock {names[door]}"))
        if door not in obj.unlocked and unlock_allowed:
            options.append(Option(f"unlock {door.value}", f"unlock {names[door]}"))
    return options


def change_door_by_effect(game: Game, obj: GameObject, player: str, *, lock_allowed: bool,
                          unlock_allowed: bool) -> Flow:
    """Lock or unlock a door of ``obj`` as an effect directs; nothing if no door can."""
    options = lock_or_unlock_options(game, obj, lock_allowed=lock_allowed,
                                     unlock_allowed=unlock_allowed)
    if not options:
        return
    verb = "lock or unlock" if lock_allowed and unlock_allowed else (
        "lock" if lock_allowed else "unlock")
    (answer,) = yield Choice("option", player, f"{verb} a door of {obj.card.name}",
                             tuple(options))
    what, door_name = answer.split()
    door = Door(door_name)
    if what == "lock":
        lock(game, obj, door)
    else:
        unlock(game, obj, [door])
