"""Mutants about Rooms (rulings/rooms/)."""

from __future__ import annotations

from typing import Any

from ..contract.types import Option
from ..engines.reference import characteristics, effects, entering, rooms, targets, triggers, turn
from ..format.vocabulary import Door, Zone
from . import Patch, table

# -- the broken rules --------------------------------------------------------------------

_faces_in_effect = characteristics.faces_in_effect


def _one_door_off_battlefield(obj: Any, zone: Any = None) -> tuple[int, ...]:
    """A Room card outside the stack and battlefield has only its first door's values."""
    faces = _faces_in_effect(obj, zone)
    zone = zone or obj.zone
    if obj.copiable_card.is_room and zone not in (Zone.STACK, Zone.BATTLEFIELD):
        return faces[:1]
    return faces


def _every_door_on_battlefield(obj: Any, zone: Any = None) -> tuple[int, ...]:
    """A Room permanent has both doors' characteristics, locked or not."""
    zone = zone or obj.zone
    if obj.copiable_card.is_room and zone is Zone.BATTLEFIELD:
        return (0, 1)
    return _faces_in_effect(obj, zone)


def _both_doors_on_stack(obj: Any, zone: Any = None) -> tuple[int, ...]:
    """A Room spell has both doors' characteristics on the stack."""
    zone = zone or obj.zone
    if obj.copiable_card.is_room and zone is Zone.STACK:
        return (0, 1)
    return _faces_in_effect(obj, zone)


_put_onto_battlefield = entering.put_onto_battlefield


def _enters_left_unlocked(game: Any, obj: Any, **kwargs: Any) -> Any:
    """A Room put onto the battlefield by an effect enters with its left door unlocked."""
    if kwargs.get("door") is None and obj.copiable_card.is_room:
        kwargs["door"] = Door.LEFT
    return _put_onto_battlefield(game, obj, **kwargs)


_special_unlock = rooms.special_unlock


def _unlock_with_anything_on_stack(game: Any, action: Any) -> Any:
    """Unlocking is allowed while the stack is not empty."""
    saved, game.state.stack = game.state.stack, []
    try:
        flow = _special_unlock(game, action)
        next(flow, None)
    finally:
        game.state.stack = saved
    yield from ()


def _entering_doubles_everything(game: Any, event: Any, types: tuple[str, ...]) -> bool:
    """Panharmonicon also doubles a door's unlock trigger as the Room enters."""
    return event.kind in ("zone_changed", "door_unlocked")


def _every_door_offered(game: Any, obj: Any, **kwargs: Any) -> list[Option]:
    """A lock-or-unlock effect offers doors already in the state it would put them in."""
    return [Option(f"{verb} {door.value}") for door in Door for verb in ("lock", "unlock")]


_choose_targets = targets.choose_targets


def _triggers_without_targets(game: Any, spec: Any, you: str, given: Any, prompt: str,
                              **kwargs: Any) -> Any:
    """A triggered ability with no legal target still goes on the stack, targetless."""
    result = yield from _choose_targets(game, spec, you, given, prompt, **kwargs)
    return () if result is None else result


_unlock = rooms.unlock


def _fully_unlocked_every_time(game: Any, obj: Any, doors: Any) -> None:
    """Every door unlocked counts as fully unlocking the Room."""
    doors = [door for door in doors if door not in obj.unlocked]
    _unlock(game, obj, doors)
    if doors and len(obj.unlocked) < len(Door):
        game.emit("room_fully_unlocked", object=obj.id, player=obj.controller)


_count_cards = characteristics.count_cards


def _rooms_count_per_door(game: Any, object_ids: list[str], types_any: Any,
                          abilities: Any) -> int:
    """Counting cards counts a Room card once per door."""
    extra = sum(1 for i in object_ids if game.objects[i].copiable_card.is_room)
    return _count_cards(game, object_ids, types_any, abilities) + extra


def _full_name_choosable(game: Any) -> tuple[str, ...]:
    """A name choice offers a split card's full name, "A // B"."""
    return tuple(game.cards) + game.cards.face_names()


_copy_spell = effects.copy_spell


def _copy_forgets_door(game: Any, ctx: Any, params: Any) -> Any:
    """A copy of a Room spell loses the choice of door."""
    before = {item.id for item in game.state.stack}
    yield from _copy_spell(game, ctx, params)
    for item in game.state.stack:
        if item.id not in before:
            item.cast_door = None


_turn_put_onto_battlefield = turn.put_onto_battlefield


def _cast_room_enters_locked(game: Any, obj: Any, **kwargs: Any) -> Any:
    """A Room spell resolves into a Room with both doors locked."""
    kwargs["door"] = None
    return _turn_put_onto_battlefield(game, obj, **kwargs)


_this_door = triggers._this_door


def _any_door_unlocked(game: Any, obj: Any, params: Any, event: Any, ability: Any) -> int:
    """"When you unlock this door" triggers when either door becomes unlocked."""
    if event.kind == "door_unlocked" and event.data["object"] == obj.id:
        return 1
    return _this_door(game, obj, params, event, ability)


WRONG_ENGINES: dict[str, tuple[list[Patch], set[str]]] = {
    "cast-room-enters-locked": (
        [(turn, "put_onto_battlefield", _cast_room_enters_locked)],
        {"room-battlefield-characteristics-are-unlocked-doors", "room-cast-one-door",
         "room-spell-copy-keeps-door-choice", "room-when-you-unlock-this-door"}),
    "second-door-fires-first-door-trigger": (
        [(triggers.MATCHERS, "door_unlocked", _any_door_unlocked)],
        {"room-fully-unlock", "room-unlock-is-a-special-action"}),
    # name: (patches, the rulings it must fail -- exactly)
    "room-one-door-off-battlefield": (
        [(characteristics, "faces_in_effect", _one_door_off_battlefield)],
        {"room-characteristics-outside-stack-and-battlefield"}),
    "room-every-door-on-battlefield": (
        [(characteristics, "faces_in_effect", _every_door_on_battlefield)],
        {"room-battlefield-characteristics-are-unlocked-doors", "room-cast-one-door",
         "room-lock-effects-skip-locked-doors", "room-with-no-door-unlocked",
         "room-spell-copy-keeps-door-choice", "room-unlock-without-targets-for-trigger"}),
    "room-both-doors-on-stack": (
        [(characteristics, "faces_in_effect", _both_doors_on_stack)],
        {"room-spell-has-only-cast-door-characteristics", "room-cast-permission-checks-cast-door",
         "room-cast-one-door", "room-spell-copy-keeps-door-choice"}),
    "room-enters-unlocked-from-other-zones": (
        [(effects, "put_onto_battlefield", _enters_left_unlocked)],
        {"room-enters-locked-from-other-zones", "room-with-no-door-unlocked",
         "room-when-you-unlock-this-door"}),
    "unlock-with-stack-not-empty": (
        [(rooms, "special_unlock", _unlock_with_anything_on_stack)],
        {"room-unlock-is-a-special-action"}),
    "panharmonicon-doubles-door-triggers": (
        [(triggers, "_caused_by_entering", _entering_doubles_everything)],
        {"room-when-you-unlock-this-door"}),
    "lock-effects-offer-every-door": (
        [(rooms, "lock_or_unlock_options", _every_door_offered)],
        {"room-lock-effects-skip-locked-doors", "room-unlock-effects-skip-unlocked-doors"}),
    "trigger-without-targets-goes-on-stack": (
        [(triggers, "choose_targets", _triggers_without_targets)],
        {"room-unlock-without-targets-for-trigger"}),
    "every-unlock-fully-unlocks": (
        [(rooms, "unlock", _fully_unlocked_every_time)],
        {"room-fully-unlock"}),
    "room-counted-once-per-door": (
        [(characteristics, "count_cards", _rooms_count_per_door)],
        {"room-is-one-card"}),
    "full-room-name-choosable": (
        [(entering, "_name_options", _full_name_choosable)],
        {"room-has-two-names"}),
    "spell-copy-forgets-door": (
        [(effects.EFFECTS, "copy_spell", _copy_forgets_door)],
        {"room-spell-copy-keeps-door-choice"}),
}


MUTANTS = table('rooms', ('rooms',), WRONG_ENGINES)
