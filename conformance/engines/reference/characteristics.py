"""An object's characteristics, worked out from its card, zone and status.

This is the one place that decides what an object *is* in a given zone (CR 109.3):

* a split card, Room included, has both halves' characteristics combined outside the
  stack and battlefield (CR 709.4); on the stack only the half cast (CR 709.3b); a Room
  on the battlefield has those of its unlocked doors combined, and with none unlocked
  no name, no mana cost and no abilities but its shared type line (CR 709.5);
* a transforming double-faced card has its front face's characteristics except on the
  battlefield with its back face up; its mana value is always its front face's
  (CR 712.8);
* a face-down spell or permanent is a nameless, colorless 2/2 creature with no mana
  cost, no creature types and no abilities (CR 708.2);
* copy effects replace the copiable values (CR 707.2) -- of one face only when a
  single-faced object copies a double-faced permanent (CR 707.8);
* then other effects apply: power and toughness changes, Auras, counters (CR 613.4).

A card's color identity (CR 903.4) is worked out here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...format.cards import Card, CardFace
from ...format.vocabulary import Door, Zone
from . import mana
from .abilities import Ability
from .state import GameObject, GameState

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
DOOR_INDEX = {Door.LEFT: 0, Door.RIGHT: 1}
BASIC_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

Abilities = dict[str, tuple[tuple[Ability, ...], ...]]


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
    keywords: tuple[str, ...] = ()


FACE_DOWN = Characteristics((), 0, (), ("Creature",), (), (), 2, 2, (), ())


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


def can_transform(obj: GameObject) -> bool:
    """Only a transforming double-faced card or token can transform (CR 712.9)."""
    return is_transforming(obj.copiable_card) and (obj.copy is None or obj.copy.face is None)


def faces_in_effect(obj: GameObject, zone: Zone | None = None) -> tuple[int, ...]:
    """Indexes of the faces whose characteristics the object has in ``zone``."""
    card = obj.copiable_card
    zone = zone or obj.zone
    if obj.copy is not None and obj.copy.face is not None:
        return (obj.copy.face,)
    if is_split(card):
        if zone is Zone.STACK and obj.cast_door is not None:
            return (DOOR_INDEX[obj.cast_door],)
        if zone is Zone.BATTLEFIELD and card.is_room:
            return tuple(sorted(DOOR_INDEX[door] for door in obj.unlocked))
        return tuple(range(len(card.faces)))
    if is_transforming(card) and zone is Zone.BATTLEFIELD and obj.transformed:
        return (1,)
    return (0,)


def face_colors(face: CardFace) -> tuple[str, ...]:
    """A face's colors: its mana cost's symbols and its color indicator (CR 202.2, 204)."""
    return _union(mana.colors_of(face.mana_cost), face.color_indicator or ())


def _mana_value(obj: GameObject, indexes: tuple[int, ...]) -> int:
    card = obj.copiable_card
    x = obj.x if obj.zone is Zone.STACK else 0  # X is 0 off the stack (CR 107.3g)
    if can_transform(obj):  # whichever face is up (CR 712.8e)
        return mana.mana_value(card.faces[0].mana_cost, x)
    return sum(mana.mana_value(card.faces[i].mana_cost, x) for i in indexes)


def characteristics(game: GameState, obj: GameObject, abilities: Abilities) -> Characteristics:
    """``abilities`` maps card names to their faces' parsed abilities."""
    if not _unpatched():
        return _apply_effects(game, obj, _copiable_values(obj, abilities), abilities)
    memo = _memo(obj, abilities)
    keywords = gained_keywords(game, obj)
    base = memo.base
    if base.power is None or obj.zone is not Zone.BATTLEFIELD:
        final = memo.final
        if final is None or final[0] != keywords:
            final = (frozenset(keywords), None, None,
                     _apply_effects(game, obj, base, abilities))
            memo.final = final
        return final[3]
    power, toughness = _memoized_power_and_toughness(game, obj, memo, abilities)
    # The object's own last result first: objects sharing a memo (two of a card, say) may
    # have other counters or bonuses, and would replace each other's in the memo.
    own = obj.final
    if own is not None and own[0] is memo and own[2] == power and own[3] == toughness \
            and own[1] == keywords:
        return own[4]  # type: ignore[no-any-return]
    final = memo.final
    if final is None or final[1] != power or final[2] != toughness or final[0] != keywords:
        result = replace(base, power=power, toughness=toughness,
                         keywords=_union(base.keywords, tuple(sorted(keywords))))
        final = (frozenset(keywords), power, toughness, result)
        memo.final = final
    obj.final = (memo, final[0], power, toughness, final[3])
    return final[3]


def with_abilities(game: GameState, obj: GameObject, abilities: Abilities) -> Characteristics:
    """Characteristics of ``obj`` with the abilities of ``characteristics(game, obj,
    abilities)``, without working out the rest: the effects applied after copiable values
    change keywords, power and toughness only (CR 613.4), so that an object's abilities are
    its copiable values', which are returned (while the functions they come from are this
    module's own; else every characteristic)."""
    if not _unpatched():
        return characteristics(game, obj, abilities)
    return _memo(obj, abilities).base


class _Memo:
    """What one object's characteristics were last worked out from, on the object itself
    (``GameObject.memo``): the object's own values that its copiable values depend on
    (``key``), those values, its printed abilities, and the last result with the keywords
    and power and toughness it had.  A change to any of them is a new key or a new
    result: nothing needs invalidating by hand.  Copies of the game share memos, which are
    never changed in place once made but for ``final``, a value of the same key."""

    __slots__ = ("base", "final", "key", "per_card", "printed", "pt_statics", "statics")

    def __init__(self, key: tuple[Any, ...], base: Characteristics,
                 printed: tuple[Ability, ...]) -> None:
        self.key = key
        self.base = base
        self.printed = printed
        self.statics = tuple(a for a in printed if a.kind == "static")
        #: the static abilities that change other objects' power and toughness: the bonus
        #: each gives the object it enchants, and its anthem's rule
        self.pt_statics = tuple(
            (a.params.get("enchanted_gets"), a.params.get("anthem")) for a in self.statics
            if a.params.get("enchanted_gets") or a.params.get("anthem"))
        self.final: tuple[frozenset[str], int | None, int | None, Characteristics] | None = None
        #: power and toughness counted from cards somewhere ("power_per_card"): worked out
        #: in full every time
        self.per_card = any(a.kind == "static" and "power_per_card" in a.params
                            for a in base.ability_defs)


def _memo(obj: GameObject, abilities: Abilities) -> _Memo:
    key = (obj.card, obj.copy, obj.face_down, obj.zone, obj.cast_door,
           frozenset(obj.unlocked) if obj.unlocked else None, obj.transformed, obj.x, abilities,
           tuple(map(id, obj.granted)))
    memo: _Memo | None = obj.memo
    if memo is None or memo.key != key:
        memo = _shared_memo(obj, key, abilities)
        obj.memo = memo
    return memo


#: Memos by what they were worked out from, for objects without a copy effect: a card moved
#: to another zone, or cast in a probe, is a new object whose memo another object with the
#: same values already has (a memo's values are a function of its key alone).
_SHARED: dict[tuple[Any, ...], _Memo] = {}

#: How many memos ``_SHARED`` keeps before it starts afresh.
SHARED_MEMOS = 4096


def _shared_memo(obj: GameObject, key: tuple[Any, ...], abilities: Abilities) -> _Memo:
    if obj.copy is not None:  # a copy effect is a mutable value: never shared
        return _Memo(key, _copiable_values(obj, abilities), _printed(obj, abilities))
    found_by = (id(obj.card), *key[2:8], id(abilities))
    memo = _SHARED.get(found_by)
    if memo is None or memo.key != key:  # the ids may be those of other, freed values
        if len(_SHARED) >= SHARED_MEMOS:
            _SHARED.clear()
        memo = _SHARED[found_by] = _Memo(key, _copiable_values(obj, abilities),
                                         _printed(obj, abilities))
    return memo


#: For each parsed card pool, the names of the cards with a static ability that changes
#: other objects' power and toughness on some face, by the id of the pool's abilities.
_PT_CARDS: dict[int, tuple[Abilities, frozenset[str]]] = {}


def _pt_cards(abilities: Abilities) -> frozenset[str]:
    """The names of the cards of ``abilities`` with a static ability that gives an enchanted
    object or an anthem's objects a bonus: no other permanent changes power or toughness."""
    known = _PT_CARDS.get(id(abilities))
    if known is not None and known[0] is abilities:
        return known[1]
    names = frozenset(name for name, faces in abilities.items()
                      if any(a.kind == "static" and (a.params.get("enchanted_gets")
                                                      or a.params.get("anthem"))
                             for face in faces for a in face))
    _PT_CARDS[id(abilities)] = (abilities, names)
    return names


def _memoized_power_and_toughness(game: GameState, obj: GameObject, memo: _Memo,
                                  abilities: Abilities) -> tuple[int, int]:
    """What :func:`_power_and_toughness` works out, looking only at the permanents whose
    card has a static ability that changes power and toughness, each one's from its memo."""
    base = memo.base
    assert base.power is not None
    power, toughness = base.power, base.toughness or 0
    if memo.per_card:  # counted from cards somewhere: counted afresh every time
        power += _per_card_power(game, obj, base, abilities)
    pt_cards = _pt_cards(abilities)
    if pt_cards:
        objects = game.objects
        for source_id in game.battlefield:
            source = objects[source_id]
            copied = source.copy
            if (copied.card if copied is not None else source.card).name not in pt_cards:
                continue
            for bonus, anthem in _memo(source, abilities).pt_statics:
                if bonus and source.attached_to == obj.id:
                    power += int(bonus.get("power", 0))
                    toughness += int(bonus.get("toughness", 0))
                if anthem and source.controller == obj.controller and _matches(base, anthem):
                    power += int(anthem.get("power", 0))
                    toughness += int(anthem.get("toughness", 0))
    if game.effects:
        for effect in sorted(game.effects, key=lambda e: e.timestamp):
            if effect.object == obj.id:
                power += effect.power
                toughness += effect.toughness
    counters = obj.counters
    if counters:
        plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
        return power + plus, toughness + plus
    return power, toughness


def _copiable_values(obj: GameObject, abilities: Abilities) -> Characteristics:
    """The characteristics from the object's card, zone and status, before effects other
    than copy effects apply: they depend on the object alone."""
    if obj.face_down:
        return FACE_DOWN
    copy = obj.copy
    if copy is not None and copy.face_down:  # a copy of a face-down permanent (CR 707.2)
        return replace(FACE_DOWN, types=_union(FACE_DOWN.types, copy.add_types),
                       subtypes=copy.add_subtypes, keywords=copy.add_keywords)
    card = obj.copiable_card
    indexes = faces_in_effect(obj)
    faces = [card.faces[i] for i in indexes]
    if faces:
        types = _union(*(f.types for f in faces))
        subtypes = _union(*(f.subtypes for f in faces))
        supertypes = _union(*(f.supertypes for f in faces))
    else:  # a Room with no door unlocked keeps its shared type line (CR 709.5)
        types, subtypes, supertypes = card.faces[0].types, card.faces[0].subtypes, ()
    if copy is not None:
        types = _union(types, copy.add_types)
        subtypes = _union(subtypes, copy.add_subtypes)
    face_abilities = abilities.get(card.name, ())
    result = Characteristics(
        names=tuple(f.name for f in faces),
        mana_value=_mana_value(obj, indexes),
        colors=_union(*(face_colors(f) for f in faces)),
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        power=next((_number(f.power) for f in faces if f.power is not None), None),
        toughness=next((_number(f.toughness) for f in faces if f.toughness is not None), None),
        abilities=tuple(text for f in faces for text in f.ability_texts)
        + tuple(a.text for a in obj.granted),
        ability_defs=tuple(a for i in indexes if i < len(face_abilities)
                           for a in face_abilities[i]) + obj.granted,
        keywords=_union(*(f.keywords for f in faces), copy.add_keywords if copy else ()),
    )
    return result


def gained_keywords(game: GameState, obj: GameObject) -> set[str] | frozenset[str]:
    """The keywords an object has from effects: those given for good (``GameObject.keywords``)
    and, on the battlefield, those of effects lasting a while ("gains first strike until end
    of turn", CR 611.2a, 613.1f)."""
    if not game.effects or obj.zone is not Zone.BATTLEFIELD:
        return obj.keywords
    gained = [k for effect in game.effects if effect.object == obj.id for k in effect.keywords]
    return obj.keywords | frozenset(gained) if gained else obj.keywords


def _apply_effects(game: GameState, obj: GameObject, base: Characteristics,
                   abilities: Abilities) -> Characteristics:
    """Effects that apply after copiable values: keywords gained, then power and
    toughness -- abilities, Auras, effects in timestamp order, counters (CR 613.4)."""
    keywords = _union(base.keywords, tuple(sorted(gained_keywords(game, obj))))
    if base.power is None or obj.zone is not Zone.BATTLEFIELD:
        return replace(base, keywords=keywords)
    power, toughness = _power_and_toughness(game, obj, base, abilities)
    return replace(base, power=power, toughness=toughness, keywords=keywords)


def _per_card_power(game: GameState, obj: GameObject, base: Characteristics,
                    abilities: Abilities) -> int:
    """What ``obj``'s own "power_per_card" abilities add to its power: the cards counted."""
    power = 0
    for ability in base.ability_defs:
        if ability.kind == "static" and "power_per_card" in ability.params:
            rule = ability.params["power_per_card"]
            cards = game.zone_list(Zone(rule.get("zone", "graveyard")), obj.controller)
            power += count_cards(game, cards, tuple(rule.get("types_any") or ()), abilities)
    return power


def _power_and_toughness(game: GameState, obj: GameObject, base: Characteristics,
                         abilities: Abilities) -> tuple[int, int]:
    """Power and toughness after abilities, Auras, effects and counters."""
    assert base.power is not None
    power, toughness = base.power, base.toughness or 0
    power += _per_card_power(game, obj, base, abilities)
    for source in game.permanents():
        statics = tuple(a for a in _printed(source, abilities) if a.kind == "static")
        for ability in statics:
            bonus = ability.params.get("enchanted_gets")
            if bonus and source.attached_to == obj.id:
                power += int(bonus.get("power", 0))
                toughness += int(bonus.get("toughness", 0))
            anthem = ability.params.get("anthem")
            if anthem and source.controller == obj.controller and _matches(base, anthem):
                power += int(anthem.get("power", 0))
                toughness += int(anthem.get("toughness", 0))
    for effect in sorted(game.effects, key=lambda e: e.timestamp):
        if effect.object == obj.id:
            power += effect.power
            toughness += effect.toughness
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return power + plus, toughness + plus


def _printed(obj: GameObject, abilities: Abilities) -> tuple[Ability, ...]:
    """The abilities an object has from its copiable values, before other effects; what a
    static ability that changes power and toughness needs to find its sources without
    computing their power and toughness in turn."""
    if obj.face_down:
        return ()
    face_abilities = abilities.get(obj.copiable_card.name, ())
    return tuple(a for i in faces_in_effect(obj) if i < len(face_abilities)
                 for a in face_abilities[i])


def _matches(chars: Characteristics, rule: Mapping[str, Any]) -> bool:
    """Types and supertypes filters of a static ability (the full filter is targets.matches,
    which builds on this module)."""
    wanted: tuple[str, ...] = tuple(rule.get("types") or ())
    supers: tuple[str, ...] = tuple(rule.get("supertypes") or ())
    return set(wanted) <= set(chars.types) and set(supers) <= set(chars.supertypes)


def count_cards(game: GameState, object_ids: list[str], types_any: tuple[str, ...],
                abilities: Abilities) -> int:
    """How many cards among ``object_ids`` have one of ``types_any``: each card counts
    once, whatever its number of faces (CR 709.2)."""
    return sum(
        1 for object_id in object_ids
        if set(types_any) & set(characteristics(game, game.objects[object_id], abilities).types)
    )


def is_permanent_card(chars: Characteristics) -> bool:
    return bool(set(chars.types) & set(PERMANENT_TYPES))


#: The functions the memos' values come from (``_sources``).  While one of them is replaced
#: (the mutation meter's mutants replace them), every characteristic is worked out afresh.
def _sources() -> tuple[Any, ...]:
    return (faces_in_effect, _mana_value, face_colors, count_cards, can_transform, is_split,
            is_transforming, _matches, _copiable_values, _printed, _apply_effects,
            _power_and_toughness, _memo, _memoized_power_and_toughness, mana.mana_value,
            mana.colors_of)


def _unpatched() -> bool:
    return _sources() == _ORIGINAL_SOURCES


_IDENTITIES: dict[int, tuple[Card, tuple[str, ...]]] = {}


def color_identity(card: Card) -> tuple[str, ...]:
    """The colors of the mana symbols in the card's mana costs and rules text, its color
    indicators and basic land types, over all its faces (CR 903.4, 903.4d)."""
    known = _IDENTITIES.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    identity = _color_identity(card)
    _IDENTITIES[id(card)] = (card, identity)
    return identity


def _color_identity(card: Card) -> tuple[str, ...]:
    found: set[str] = set()
    for face in card.faces:
        found.update(mana.colors_of(face.mana_cost))
        found.update(mana.identity_symbols("\n".join(face.ability_texts)))
        found.update(face.color_indicator or ())
        found.update(BASIC_LAND_COLORS[t] for t in face.subtypes if t in BASIC_LAND_COLORS)
    return tuple(c for c in mana.COLORS if c in found)


_ORIGINAL_SOURCES = _sources()
