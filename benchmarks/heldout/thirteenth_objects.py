"""Held-out bugs, thirteenth batch: face-down and transformed permanents, copies, tokens,
Rooms, triggers and continuous effects -- a face-down permanent's power and toughness kept
at 2/2 whatever applies to it (CR 708.2, 613.4); a face-down permanent turned face up for
its mana cost rather than its morph cost (CR 702.37e); a transformed permanent keeping its
front face's subtypes (CR 712.8e); a copy keeping its own card's colors (CR 707.2); a token
created without the subtypes the effect gives it (CR 111.3); an effect that unlocks a door
offering to lock one (CR 709.5); "whenever a creature you control dies" triggered by any
player's creatures (CR 603.2, 603.10a); a toughness change read from the power change
(CR 613.4c); "at the beginning of your upkeep" triggering as the draw step begins
(CR 503.1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Event, TurnFaceUp
from conformance.engines.reference import casting, characteristics, effects, rooms, triggers
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.casting import morph_cost
from conformance.engines.reference.characteristics import (
    FACE_DOWN, Abilities, Characteristics, _matches, _number, _per_card_power, _printed,
    _union, can_transform, face_colors, faces_in_effect, gained_keywords,
)
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject, GameState
from conformance.engines.reference.targets import matches
from conformance.errors import IllegalAction, Location
from conformance.format.cards import Card, CardFace
from conformance.format.vocabulary import Door, Step, Zone
from conformance.contract.types import Option

from . import HeldOut, bug


# -- face-down and transformed permanents ----------------------------------------------------

def apply_effects_face_down_fixed(game: GameState, obj: GameObject, base: Characteristics,
                                  abilities: Abilities) -> Characteristics:
    """A face-down permanent is a 2/2 whatever applies to it: Growth cast on a face-down
    creature leaves it 2/2, and its +1/+1 counters are not counted (CR 708.2, 613.4: the
    face-down values are its copiable values, and effects and counters apply to them)."""
    keywords = _union(base.keywords, tuple(sorted(gained_keywords(game, obj))))
    if base.power is None or obj.zone is not Zone.BATTLEFIELD or obj.face_down:
        return replace(base, keywords=keywords)
    power, toughness = characteristics._power_and_toughness(game, obj, base, abilities)
    return replace(base, power=power, toughness=toughness, keywords=keywords)


def turn_face_up_for_its_mana_cost(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up costs the card's mana cost, not its morph
    cost: a face-down Shapeshifter (morph {2}{G}) can't be turned up with {2}{G}
    (CR 702.37e: its controller pays the morph cost)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction("only a face-down permanent can be turned face up")
    if obj.controller != action.player:
        raise IllegalAction("only its controller can turn a permanent face up")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    cost = morph_cost(game, obj)
    if cost is None:
        raise IllegalAction(f"{obj.card.name} has no morph cost")
    state.player(action.player).pool.pay(Cost.of(obj.card.faces[0].mana_cost))
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


def _copiable_values_with_branches(obj: GameObject, abilities: Abilities, *,
                                   front_subtypes: bool = False,
                                   own_colors: bool = False) -> Characteristics:
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
    if front_subtypes and obj.transformed and can_transform(obj):
        subtypes = _union(card.faces[0].subtypes, subtypes)
    if copy is not None:
        types = _union(types, copy.add_types)
        subtypes = _union(subtypes, copy.add_subtypes)
    face_abilities = abilities.get(card.name, ())
    color_faces = [obj.card.faces[i] for i in indexes if i < len(obj.card.faces)] \
        if own_colors else faces
    result = Characteristics(
        names=tuple(f.name for f in faces),
        mana_value=characteristics._mana_value(obj, indexes),
        colors=_union(*(face_colors(f) for f in color_faces)),
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


def copiable_values_front_face_subtypes(obj: GameObject, abilities: Abilities
                                        ) -> Characteristics:
    """A transformed permanent keeps its front face's subtypes beside its back face's:
    Moon Sage transformed into Moon Beast is a Human Beast (CR 712.8e: a transformed
    permanent has only its back face's characteristics)."""
    return _copiable_values_with_branches(obj, abilities, front_subtypes=True)


# -- copies and tokens -----------------------------------------------------------------------

def copiable_values_own_colors(obj: GameObject, abilities: Abilities) -> Characteristics:
    """A copy keeps the colors of its own card: a Clone that entered as a copy of a Bear is
    a blue Bear (CR 707.2: color is among the copiable values, taken from what is copied)."""
    return _copiable_values_with_branches(obj, abilities, own_colors=True)


def token_card_without_subtypes(params: Any) -> Card:
    """A token is created without the subtypes the effect gives it: Token Maker's 1/1 white
    Soldier creature token is named "Soldier Token" but has no creature type (CR 111.3: the
    token has the characteristics the effect states)."""
    types = tuple(params.get("types") or ("Creature",))
    subtypes = tuple(params.get("subtypes") or ())
    name = str(params["name"]) if "name" in params else " ".join(subtypes + ("Token",))
    face = CardFace(
        name=name, mana_cost=None, type_line=" ".join(types), types=types, subtypes=(),
        supertypes=(), text="", power=str(params.get("power")) if "power" in params else None,
        toughness=str(params.get("toughness")) if "toughness" in params else None,
        colors=tuple(params.get("colors") or ()), color_indicator=tuple(params.get("colors") or ()),
        keywords=tuple(params.get("keywords") or ()), side=None, rules=(), raw={},
    )
    return Card(name, "token", (face,), tuple(params.get("colors") or ()), Location("<token>"))


# -- Rooms -----------------------------------------------------------------------------------

def lock_or_unlock_options_locking_too(game: Game, obj: GameObject, *,
                                       lock_allowed: bool = True,
                                       unlock_allowed: bool = True) -> list[Option]:
    """An effect that may only unlock a door is offered to lock the unlocked ones as well:
    Skeleton Key ("unlock a locked door of target Room you control") can lock the left door
    of a Room whose left door is unlocked (CR 709.5: an effect unlocks only what it says)."""
    names = {door: obj.copiable_card.faces[characteristics.DOOR_INDEX[door]].name
             for door in Door}
    options = []
    for door in Door:
        if door in obj.unlocked:
            options.append(Option(f"lock {door.value}", f"lock {names[door]}"))
        if door not in obj.unlocked and unlock_allowed:
            options.append(Option(f"unlock {door.value}", f"unlock {names[door]}"))
    return options


# -- triggers --------------------------------------------------------------------------------

def dies_whoever_controlled_it(game: Game, obj: GameObject, params: Any, event: Event,
                               ability: Ability) -> bool:
    """"Whenever a creature you control dies" is checked for the creature's types but not
    for who controlled it: Mourner gains life when the opponent's Bear dies (CR 603.2,
    603.10a: the creature as it last existed was controlled by the ability's controller)."""
    if event.kind != "zone_changed" or event.data["from"] != Zone.BATTLEFIELD.value:
        return False
    if event.data["to"] != Zone.GRAVEYARD.value:
        return False
    left = str(event.data["object"])
    if params == "this":
        return left == obj.id
    known = game.departed.get(left)
    if known is None:
        return False
    other, chars = known
    if params.get("controller") == "opponent" and other.controller == obj.controller:
        return False
    if params.get("other") and other.id == obj.id:
        return False
    return matches(chars, params)


def beginning_of_upkeep_at_the_draw_step(game: Game, obj: GameObject, params: Any,
                                         event: Event, ability: Ability) -> bool:
    """"At the beginning of your upkeep" triggers as the draw step begins: Upkeep Keeper's
    life comes after the upkeep, once the turn's card is drawn (CR 503.1: it triggers as the
    upkeep begins)."""
    return (event.kind == "step_began" and event.data["step"] == Step.DRAW.value
            and game.state.active_player == obj.controller)


# -- continuous effects ----------------------------------------------------------------------

def power_and_toughness_toughness_from_power(game: GameState, obj: GameObject,
                                             base: Characteristics, abilities: Abilities
                                             ) -> tuple[int, int]:
    """An effect's toughness change is read from its power change: Spatial Contortion
    ("+3/-3") makes a Bear 5/5 instead of 5/-1 (CR 613.4c: each effect changes power and
    toughness by its own amounts)."""
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
            toughness += effect.power
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return power + plus, toughness + plus


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("face-down-permanent-stays-two-two", "face-down",
        "https://github.com/magarena/magarena/issues/642",
        _doc(apply_effects_face_down_fixed),
        (characteristics, "_apply_effects", apply_effects_face_down_fixed)),
    bug("turned-face-up-for-its-mana-cost", "face-down",
        "https://github.com/Card-Forge/forge/pull/9597",
        _doc(turn_face_up_for_its_mana_cost),
        (casting, "turn_face_up", turn_face_up_for_its_mana_cost)),
    bug("transformed-keeps-front-face-subtypes", "transform",
        "https://github.com/Card-Forge/forge/issues/4291",
        _doc(copiable_values_front_face_subtypes),
        (characteristics, "_copiable_values", copiable_values_front_face_subtypes)),
    bug("copy-keeps-its-own-colors", "copies",
        "https://github.com/WagicProject/wagic/issues/448",
        _doc(copiable_values_own_colors),
        (characteristics, "_copiable_values", copiable_values_own_colors)),
    bug("token-created-without-its-subtypes", "tokens",
        "https://github.com/magefree/mage/issues/7673",
        _doc(token_card_without_subtypes), (effects, "token_card", token_card_without_subtypes)),
    bug("unlock-effect-offers-locking", "rooms",
        "https://github.com/magefree/mage/pull/14973",
        _doc(lock_or_unlock_options_locking_too),
        (rooms, "lock_or_unlock_options", lock_or_unlock_options_locking_too)),
    bug("dies-trigger-for-any-players-creatures", "triggers",
        "https://github.com/magefree/mage/issues/149",
        _doc(dies_whoever_controlled_it), (triggers.MATCHERS, "dies", dies_whoever_controlled_it)),
    bug("upkeep-trigger-as-the-draw-step-begins", "triggers",
        "https://github.com/phase-rs/phase/issues/770",
        _doc(beginning_of_upkeep_at_the_draw_step),
        (triggers.MATCHERS, "beginning_of_upkeep", beginning_of_upkeep_at_the_draw_step)),
    bug("toughness-change-read-from-the-power-change", "continuous-effects",
        "https://github.com/magefree/mage/issues/2429",
        _doc(power_and_toughness_toughness_from_power),
        (characteristics, "_power_and_toughness", power_and_toughness_toughness_from_power)),
]
