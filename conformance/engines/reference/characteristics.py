"""An object's characteristics, worked out from its card, zone and status.

This is the one place that decides what an object *is* in a given zone (CR 109.3):

* a split card, Room included, has both halves' characteristics combined outside the
  stack and battlefield (CR 709.4); on the stack only the half cast (CR 709.3); a Room
  on the battlefield has those of its unlocked doors combined, and with none unlocked
  no name, no mana cost and no abilities but its shared type line (CR 709.5);
* a transforming double-faced card has its front face's characteristics except on the
  battlefield with its back face up; its mana value is always its front face's
  (CR 712.8);
* a face-down spell or permanent is a nameless, colorless 2/2 creature with no mana
  cost, no creature types and no abilities (CR 708.2);
* copy effects replace the copiable values (CR 707.2), then other effects apply.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...format.cards import Card, CardFace
from ...format.vocabulary import Door, Zone
from . import mana
from .abilities import Ability
from .state import GameObject, GameState

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
DOOR_INDEX = {Door.LEFT: 0, Door.RIGHT: 1}


@dataclass(frozen=True, slots=True)
class Characteristics:
    names: tuple[str, ...]
    mana_value: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    abilities: tuple[str, ...]
    ability_defs: tuple[Ability, ...]


def _union(*groups: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(item for group in groups for item in group))


def _number(value: str | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return 0  # "*": a characteristic-defining ability sets it


def is_split(card: Card) -> bool:
    return card.layout in ("split", "aftermath")


def is_transforming(card: Card) -> bool:
    return card.layout == "transform"


def faces_in_effect(obj: GameObject, zone: Zone | None = None) -> tuple[int, ...]:
    """Indexes of the faces whose characteristics the object has in ``zone``."""
    card = obj.copiable_card
    zone = zone or obj.zone
    if is_split(card):
        if zone is Zone.STACK and obj.cast_door is not None:
            return (DOOR_INDEX[obj.cast_door],)
        if zone is Zone.BATTLEFIELD and card.is_room:
            return tuple(sorted(DOOR_INDEX[door] for door in obj.unlocked))
        return tuple(range(len(card.faces)))
    if is_transforming(card) and zone is Zone.BATTLEFIELD and obj.transformed:
        return (1,)
    return (0,)


def face_mana_value(card: Card, index: int, x: int = 0) -> int:
    """The mana value a face contributes; a back face uses its front face's (CR 712.8e)."""
    if is_transforming(card):
        return mana.mana_value(card.faces[0].mana_cost, x)
    return mana.mana_value(card.faces[index].mana_cost, x)


def face_colors(face: CardFace) -> tuple[str, ...]:
    """A face's colors: its mana cost's symbols and its color indicator (CR 202.2, 204)."""
    return _union(mana.colors_of(face.mana_cost), face.color_indicator or ())


def characteristics(game: GameState, obj: GameObject,
                    abilities: dict[str, tuple[tuple[Ability, ...], ...]]) -> Characteristics:
    """``abilities`` maps card names to their faces' parsed abilities."""
    if obj.face_down:
        return Characteristics((), 0, (), ("Creature",), (), (), 2, 2, (), ())
    card = obj.copiable_card
    indexes = faces_in_effect(obj)
    faces = [card.faces[i] for i in indexes]
    x = obj.x if obj.zone is Zone.STACK else 0
    if faces:
        types = _union(*(f.types for f in faces))
        subtypes = _union(*(f.subtypes for f in faces))
        supertypes = _union(*(f.supertypes for f in faces))
    else:  # a Room with no door unlocked keeps its shared type line (CR 709.5)
        types, subtypes, supertypes = card.faces[0].types, card.faces[0].subtypes, ()
    if obj.copy is not None:
        subtypes = _union(subtypes, obj.copy.add_subtypes)
    if is_transforming(card):
        mana_value = face_mana_value(card, indexes[0], x)
    else:
        mana_value = sum(face_mana_value(card, i, x) for i in indexes)
    power = next((_number(f.power) for f in faces if f.power is not None), None)
    toughness = next((_number(f.toughness) for f in faces if f.toughness is not None), None)
    defs = tuple(a for i in indexes for a in abilities.get(card.name, ((),) * (i + 1))[i])
    result = Characteristics(
        names=tuple(f.name for f in faces),
        mana_value=mana_value,
        colors=_union(*(face_colors(f) for f in faces)),
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        power=power,
        toughness=toughness,
        abilities=tuple(text for f in faces for text in f.ability_texts),
        ability_defs=defs,
    )
    return _apply_effects(game, obj, result, abilities)


def _apply_effects(game: GameState, obj: GameObject, base: Characteristics,
                   abilities: dict[str, tuple[tuple[Ability, ...], ...]]) -> Characteristics:
    """Effects that modify power and toughness (CR 613.4), and counters on the object."""
    if base.power is None or obj.zone is not Zone.BATTLEFIELD:
        return base
    power, toughness = base.power, base.toughness or 0
    for ability in base.ability_defs:
        if ability.kind == "static" and "power_per_card" in ability.params:
            rule = ability.params["power_per_card"]
            zone = Zone(rule.get("zone", "graveyard"))
            cards = game.zone_list(zone, obj.controller)
            count = count_cards(game, cards, tuple(rule.get("types_any") or ()), abilities)
            power += count
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return Characteristics(
        base.names, base.mana_value, base.colors, base.types, base.subtypes, base.supertypes,
        power + plus, toughness + plus, base.abilities, base.ability_defs,
    )


def count_cards(game: GameState, object_ids: list[str], types_any: tuple[str, ...],
                abilities: dict[str, tuple[tuple[Ability, ...], ...]]) -> int:
    """How many cards among ``object_ids`` have one of ``types_any``: each card counts
    once, whatever its number of faces (CR 709.2)."""
    return sum(
        1 for object_id in object_ids
        if set(types_any) & set(characteristics(game, game.objects[object_id], abilities).types)
    )


def is_permanent_card(chars: Characteristics) -> bool:
    return bool(set(chars.types) & set(PERMANENT_TYPES))
