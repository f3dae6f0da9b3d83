"""Held-out bugs in what an object is: face-down permanents and spells (CR 708),
transforming double-faced cards (CR 712) and Rooms (CR 709)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Event, TurnFaceUp
from conformance.engines.reference import (
    casting, characteristics, effects, engine, entering, mana, rooms, triggers, turn,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import (
    Abilities, Characteristics, is_permanent_card, is_transforming,
)
from conformance.engines.reference.dividing import division_of
from conformance.engines.reference.effects import Context, legal_now, run_effects
from conformance.engines.reference.entering import _as_it_enters, _first_lore_counter
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject, GameState
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Zone

from . import HeldOut, bug

_COPIABLE_VALUES = characteristics._copiable_values
_FACES_IN_EFFECT = characteristics.faces_in_effect
_MOVE = GameState.move


def face_down_keeps_mana_value(obj: GameObject, abilities: Abilities) -> Characteristics:
    """A face-down spell or permanent has the mana value of the card's face-up mana cost
    instead of 0 (CR 708.2)."""
    values = _COPIABLE_VALUES(obj, abilities)
    if obj.face_down:
        return replace(values, mana_value=mana.mana_value(obj.card.faces[0].mana_cost))
    return values


def face_down_abilities_trigger(game: Game, event: Event) -> list[tuple[GameObject,
                                                                         Characteristics, bool]]:
    """Triggered abilities of a face-down permanent's card still trigger while it is face
    down (CR 708.3: it has no abilities)."""
    found = []
    for obj in list(game.state.permanents()):
        if obj.face_down:
            obj.face_down = False
            try:
                chars = game.chars(obj)
            finally:
                obj.face_down = True
        else:
            chars = game.chars(obj)
        found.append((obj, chars, False))
    if event.kind != "zone_changed":
        return found
    found.extend((obj, chars, True) for obj, chars in game.departed.values()
                 if obj.id not in game.state.objects)
    new = game.state.objects.get(str(event.data.get("new_object")))
    if new is not None and new.zone is Zone.GRAVEYARD and \
            event.data["from"] != Zone.BATTLEFIELD.value:
        found.append((new, game.chars(new), True))
    return found


def _turn_face_up(game: Game, action: TurnFaceUp, *, enters: bool = False,
                  prevented_by_name: bool = False) -> Flow:
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction("only a face-down permanent can be turned face up")
    if obj.controller != action.player:
        raise IllegalAction("only its controller can turn a permanent face up")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    cost = casting.morph_cost(game, obj)
    if cost is None:
        raise IllegalAction(f"{obj.card.name} has no morph cost")
    if prevented_by_name:
        for permanent, _ability, rule in game.statics("prevent_activation"):
            if rule == "chosen_name" and permanent.chosen_name in obj.card.face_names:
                raise IllegalAction(f"{permanent.card.name} prevents it")
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    if enters:
        game.emit("zone_changed", object=obj.id, new_object=obj.id, card=obj.card.name,
                  **{"from": None, "to": Zone.BATTLEFIELD.value})
    yield from ()


def turn_face_up_enters(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up is treated as the permanent entering the
    battlefield: its "enters" abilities and others' trigger (CR 708.8)."""
    return (yield from _turn_face_up(game, action, enters=True))


def turn_face_up_prevented(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up is treated as an activated ability: a "can't
    activate abilities of sources with the chosen name" static stops it (CR 116.2b)."""
    return (yield from _turn_face_up(game, action, prevented_by_name=True))


def back_face_mana_value(obj: GameObject, indexes: tuple[int, ...]) -> int:
    """A transformed permanent's mana value comes from its back face (which has no mana
    cost) instead of its front face (CR 712.8e)."""
    card = obj.copiable_card
    x = obj.x if obj.zone is Zone.STACK else 0
    return sum(mana.mana_value(card.faces[i].mana_cost, x) for i in indexes)


def _move_keeping_face(self: GameState, obj: GameObject, zone: Zone, *,
                       controller: str | None = None) -> GameObject | None:
    new = _MOVE(self, obj, zone, controller=controller)
    if new is not None:
        new.transformed = obj.transformed
    return new


def back_face_everywhere(obj: GameObject, zone: Zone | None = None) -> tuple[int, ...]:
    """A transformed double-faced card that leaves the battlefield keeps its back face up
    in its new zone (CR 712.8a: front face only outside the battlefield)."""
    card = obj.copiable_card
    if is_transforming(card) and obj.transformed and (obj.copy is None or obj.copy.face is None):
        return (1,)
    return _FACES_IN_EFFECT(obj, zone)


def transforms_copies(obj: GameObject) -> bool:
    """A permanent copying a double-faced permanent (one face only) can transform."""
    return is_transforming(obj.copiable_card)


def enters_transformed_anything(game: Game, obj: GameObject, *, controller: str | None = None,
                                door: Door | None = None, transformed: bool = False,
                                face_down: bool = False, x: int = 0) -> Flow:
    """A card that can't transform, put onto the battlefield transformed, enters anyway
    (front face up) instead of staying where it is (CR 712.14a)."""
    old_zone = obj.zone
    new = game.state.move(obj, Zone.BATTLEFIELD, controller=controller)
    if new is None:
        return None
    new.transformed = transformed and is_transforming(obj.card)
    new.face_down = face_down
    new.summoning_sick = True
    yield from _as_it_enters(game, new, x)
    game.emit("zone_changed", object=obj.id, new_object=new.id, card=obj.card.name,
              **{"from": old_zone.value, "to": Zone.BATTLEFIELD.value})
    if door is not None:
        rooms.unlock(game, new, [door])
    _first_lore_counter(game, new)
    return new


def room_enters_locked(game: Game, spell: GameObject) -> Flow:
    """A Room spell resolves into a permanent with both doors locked: the half that was
    cast is not unlocked as it enters (CR 709.5d)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x, division=division_of(game, spell.id))
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None, ctx)
    if spell.targets and not ctx.legal_targets:
        game.move(spell, Zone.GRAVEYARD)
        return
    if is_permanent_card(chars):
        permanent = yield from entering.put_onto_battlefield(
            game, spell, controller=spell.controller, door=None, face_down=spell.face_down,
            x=spell.x)
        if permanent is not None and "Aura" in chars.subtypes and ctx.legal_targets:
            permanent.attached_to = ctx.legal_targets[0]
        return
    if spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.GRAVEYARD)


def locked_doors_have_abilities(obj: GameObject, abilities: Abilities) -> Characteristics:
    """A Room on the battlefield has the abilities of both doors, locked or not (CR 709.5:
    a locked door's half has no text)."""
    values = _COPIABLE_VALUES(obj, abilities)
    card = obj.copiable_card
    if card.is_room and obj.zone is Zone.BATTLEFIELD and not obj.face_down and \
            (obj.copy is None or obj.copy.face is None):
        faces = abilities.get(card.name, ())
        return replace(values, ability_defs=tuple(a for face in faces for a in face))
    return values


def _any_door(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    """"When you unlock this door" triggers whenever either door of the Room is unlocked
    (CR 709.5h)."""
    return event.kind == "door_unlocked" and event.data["object"] == obj.id


def unlock_cost_of_left_door(obj: GameObject, door: Door) -> Cost:
    """Unlocking a door costs the left door's mana cost whichever door is unlocked
    (CR 709.5e)."""
    return Cost.of(obj.copiable_card.faces[0].mana_cost)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("face-down-keeps-mana-value", "face-down", "https://github.com/magefree/mage/issues/3726",
        _doc(face_down_keeps_mana_value),
        (characteristics, "_copiable_values", face_down_keeps_mana_value)),
    bug("face-down-abilities-trigger", "face-down", "https://github.com/magefree/mage/issues/581",
        _doc(face_down_abilities_trigger), (triggers, "_sources", face_down_abilities_trigger)),
    bug("turn-face-up-enters", "face-down", "https://github.com/magefree/mage/issues/8127",
        _doc(turn_face_up_enters), (casting, "turn_face_up", turn_face_up_enters)),
    bug("turn-face-up-prevented-by-name", "face-down",
        "https://github.com/magefree/mage/issues/1197",
        _doc(turn_face_up_prevented), (casting, "turn_face_up", turn_face_up_prevented)),
    bug("transformed-mana-value-back-face", "transform",
        "https://github.com/magefree/mage/issues/4435",
        _doc(back_face_mana_value), (characteristics, "_mana_value", back_face_mana_value)),
    bug("transformed-card-leaves-back-face-up", "transform",
        "https://github.com/wingedsheep/argentum-engine/issues/21",
        _doc(back_face_everywhere),
        (characteristics, "faces_in_effect", back_face_everywhere),
        (GameState, "move", _move_keeping_face)),
    bug("copy-of-dfc-transforms", "transform", "https://github.com/magefree/mage/issues/392",
        _doc(transforms_copies), (effects, "can_transform", transforms_copies)),
    bug("enters-transformed-anything", "transform",
        "https://github.com/magefree/mage/issues/12070",
        _doc(enters_transformed_anything),
        (effects, "put_onto_battlefield", enters_transformed_anything),
        (engine, "put_onto_battlefield", enters_transformed_anything)),
    bug("room-enters-locked", "rooms", "https://github.com/magefree/mage/issues/15651",
        _doc(room_enters_locked), (turn, "_resolve_spell", room_enters_locked)),
    bug("locked-doors-have-abilities", "rooms", "https://github.com/phase-rs/phase/pull/7573",
        _doc(locked_doors_have_abilities),
        (characteristics, "_copiable_values", locked_doors_have_abilities)),
    bug("unlock-trigger-any-door", "rooms", "https://github.com/phase-rs/phase/pull/7567",
        _doc(_any_door), (triggers.MATCHERS, "door_unlocked", _any_door)),
    bug("unlock-cost-left-door", "rooms", "https://github.com/phase-rs/phase/pull/7567",
        _doc(unlock_cost_of_left_door), (rooms, "unlock_cost", unlock_cost_of_left_door)),
]
