"""Held-out bugs, fourteenth batch: triggers, Rooms, zone changes, copies, transform, tokens
and continuous effects -- an ability's "this" read as the permanent whose entering triggered
it (CR 603.2, 201.5); "when this leaves the battlefield" triggered by a permanent of the same
name (CR 603.6c, 201.5); the door of a Room spell unlocked as it enters without the event
"when you unlock this door" waits for (CR 709.5d, 709.5h); a Room's unlocked doors kept
through a zone change (CR 400.7); a token copy of a transforming double-faced permanent
unable to transform (CR 707.8a, 712.9); a token copy's mana value read as 0 (CR 707.2,
202.3); a second anthem with the same name as the first left out (CR 613.4c, 611.3a)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import Event
from conformance.engines.reference import (
    characteristics, copies, effects, engine, entering, lands, life, state as state_module,
    triggers, turn,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import (
    Abilities, Characteristics, _matches, _per_card_power, _printed, can_transform,
    is_transforming,
)
from conformance.engines.reference.effects import Context
from conformance.engines.reference.entering import _as_it_enters, _first_lore_counter
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import mana_value
from conformance.engines.reference.state import CopyEffect, GameObject, GameState
from conformance.format.vocabulary import Door, Zone

from . import HeldOut, bug


# -- triggers --------------------------------------------------------------------------------

def objects_this_read_as_the_entering_permanent(game: Game, ctx: Context,
                                                which: Any) -> list[GameObject]:
    """An ability's "this" is read as the permanent whose entering triggered it: Hada
    Freeblade's "whenever this creature or another Ally you control enters, you may put a
    +1/+1 counter on this creature" puts the counter on the other Ally that entered
    (CR 603.2, 201.5: "this creature" is the object with the ability)."""
    if which == "target":
        return [game.state.objects[t] for t in ctx.legal_targets if t in game.state.objects]
    if which == "this":
        source = game.state.objects.get(str(ctx.event.get("new_object", ctx.source)))
        return [source] if source is not None and source.zone is Zone.BATTLEFIELD else []
    raise ValueError(f"an effect names {which!r}: only 'target' and 'this' are known")


def leaves_for_any_permanent_of_its_name(game: Game, obj: GameObject, params: Any,
                                         event: Event, ability: Ability) -> bool:
    """"When this permanent leaves the battlefield" is matched by card name: with two
    Departing Spirits, the one returned to its owner's hand and the one still on the
    battlefield both trigger (CR 603.6c, 201.5: the ability triggers when the object that
    has it leaves)."""
    if event.kind != "zone_changed" or event.data["from"] != Zone.BATTLEFIELD.value:
        return False
    left = str(event.data["object"])
    known = game.departed.get(left)
    if params == "this":
        return known is not None and known[0].card.name == obj.card.name
    return known is not None and triggers._filter_ok(game, obj, params, known[0], known[1])


# -- Rooms -----------------------------------------------------------------------------------

def put_onto_battlefield_door_unlocked_silently(game: Game, obj: GameObject, *,
                                               controller: str | None = None,
                                               door: Door | None = None,
                                               transformed: bool = False,
                                               face_down: bool = False, x: int = 0) -> Flow:
    """The door of the half a Room spell was cast as is unlocked as the Room enters without
    the door becoming unlocked as an event: Left Hall cast and resolved gains its controller
    no life from "when you unlock this door" (CR 709.5d, 709.5h: that door becomes unlocked
    as the Room enters, and its ability triggers)."""
    if transformed and not (is_transforming(obj.card) and obj.copy is None):
        return None  # a card that can't transform doesn't enter at all (CR 712.14a)
    old_zone = obj.zone
    new = game.state.move(obj, Zone.BATTLEFIELD, controller=controller)
    if new is None:
        return None
    new.transformed = transformed
    new.face_down = face_down
    new.summoning_sick = True
    if old_zone is Zone.STACK:  # what a spell gained as it was cast, the permanent keeps
        new.granted = obj.granted
    yield from _as_it_enters(game, new, x)
    game.emit("zone_changed", object=obj.id, new_object=new.id, card=obj.card.name,
              **{"from": old_zone.value, "to": Zone.BATTLEFIELD.value})
    if new.token and old_zone is Zone.STACK:  # a copy of a permanent spell (CR 111.13)
        game.events.append(Event("token_created", {"object": new.id}))
    if door is not None:
        new.unlocked.add(door)
    _first_lore_counter(game, new)
    return new


# -- zone changes ----------------------------------------------------------------------------

def state_move_keeping_doors(self: GameState, obj: GameObject, zone: Zone, *,
                             controller: str | None = None) -> GameObject | None:
    """A Room keeps its unlocked doors when it changes zones: returned to its owner's hand
    with its left door unlocked and cast again as Left Hall, it enters with that door
    already unlocked and "when you unlock this door" doesn't trigger (CR 400.7: the card
    becomes a new object, with no door unlocked)."""
    self._remove(obj)
    del self.objects[obj.id]
    ceases = (obj.is_spell_copy or obj.token) and zone is not Zone.BATTLEFIELD
    if ceases:
        return None
    if controller is None:
        controller = obj.controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
    # A token's or a spell copy's copiable values are its own; a copy effect on a card
    # ends when the card leaves the battlefield (CR 400.7).
    keeps_copy = obj.token or obj.is_spell_copy
    new = GameObject(self.new_id(), obj.card, obj.owner, controller, zone, self.tick(),
                     token=obj.token or obj.is_spell_copy,
                     copy=obj.copy if keeps_copy else None)
    if obj.card.is_room:
        new.unlocked = set(obj.unlocked)
    self.objects[new.id] = new
    self._place(new, None)
    return new


# -- copies, transform and tokens ------------------------------------------------------------

def copy_of_one_face_for_tokens_too(original: GameObject, *, token: bool,
                                    add_subtypes: tuple[str, ...] = (),
                                    add_types: tuple[str, ...] = (),
                                    add_keywords: tuple[str, ...] = ()) -> CopyEffect:
    """A token copy of a transforming double-faced permanent gets only the face that is up,
    as any other copy does: Mirror's token copy of Day Wolf can't transform with its own
    "{1}: Transform this creature" (CR 707.8a, 712.9: a token copy of a transforming
    double-faced permanent has both faces and can transform)."""
    if original.face_down:  # its face-down values, whatever it is or copies (CR 708.2)
        return CopyEffect(copies.FACE_DOWN_CARD, add_subtypes, add_types, add_keywords, None,
                          True)
    base = original.copy
    card = base.card if base is not None else original.card
    face = base.face if base is not None else None
    if face is None and card.layout == "transform":
        face = 1 if original.transformed else 0
    inherited = base if base is not None else CopyEffect(card)
    return CopyEffect(
        card,
        tuple(dict.fromkeys(inherited.add_subtypes + add_subtypes)),
        tuple(dict.fromkeys(inherited.add_types + add_types)),
        tuple(dict.fromkeys(inherited.add_keywords + add_keywords)),
        face,
        inherited.face_down,
    )


def mana_value_tokens_zero(obj: GameObject, indexes: tuple[int, ...]) -> int:
    """A token's mana value is 0 whatever it copies: Mirror's token copy of a Bear has mana
    value 0 instead of 2 (CR 707.2, 202.3: the mana cost is a copiable value, and a token
    copy's mana value comes from the mana cost it copied)."""
    card = obj.copiable_card
    x = obj.x if obj.zone is Zone.STACK else 0  # X is 0 off the stack (CR 107.3g)
    if obj.token:
        return 0
    if can_transform(obj):  # whichever face is up (CR 712.8e)
        return mana_value(card.faces[0].mana_cost, x)
    return sum(mana_value(card.faces[i].mana_cost, x) for i in indexes)


# -- continuous effects ----------------------------------------------------------------------

def power_and_toughness_one_anthem_per_name(game: GameState, obj: GameObject,
                                            base: Characteristics, abilities: Abilities
                                            ) -> tuple[int, int]:
    """Anthems with the same name are applied once: with two Glorious Anthems, a Bear is a
    3/3 instead of a 4/4 (CR 613.4c, 611.3a: each static ability applies its own effect,
    whatever the name of its source)."""
    assert base.power is not None
    power, toughness = base.power, base.toughness or 0
    power += _per_card_power(game, obj, base, abilities)
    applied: set[str] = set()
    for source in game.permanents():
        statics = tuple(a for a in _printed(source, abilities) if a.kind == "static")
        for ability in statics:
            bonus = ability.params.get("enchanted_gets")
            if bonus and source.attached_to == obj.id:
                power += int(bonus.get("power", 0))
                toughness += int(bonus.get("toughness", 0))
            anthem = ability.params.get("anthem")
            if anthem and source.controller == obj.controller and _matches(base, anthem) \
                    and source.copiable_card.name not in applied:
                applied.add(source.copiable_card.name)
                power += int(anthem.get("power", 0))
                toughness += int(anthem.get("toughness", 0))
    for effect in sorted(game.effects, key=lambda e: e.timestamp):
        if effect.object == obj.id:
            power += effect.power
            toughness += effect.toughness
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return power + plus, toughness + plus


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_PUT = put_onto_battlefield_door_unlocked_silently

BUGS: list[HeldOut] = [
    bug("this-read-as-the-entering-permanent", "triggers",
        "https://github.com/magefree/mage/issues/9419",
        _doc(objects_this_read_as_the_entering_permanent),
        (effects, "_objects", objects_this_read_as_the_entering_permanent),
        (life, "_objects", objects_this_read_as_the_entering_permanent)),
    bug("leaves-trigger-for-a-permanent-of-its-name", "triggers",
        "https://github.com/magarena/magarena/issues/647",
        _doc(leaves_for_any_permanent_of_its_name),
        (triggers.MATCHERS, "leaves_battlefield", leaves_for_any_permanent_of_its_name)),
    bug("cast-door-unlocked-without-the-event", "rooms",
        "https://github.com/phase-rs/phase/pull/7567",
        _doc(put_onto_battlefield_door_unlocked_silently),
        (entering, "put_onto_battlefield", _PUT), (turn, "put_onto_battlefield", _PUT),
        (effects, "put_onto_battlefield", _PUT), (lands, "put_onto_battlefield", _PUT),
        (engine, "put_onto_battlefield", _PUT)),
    bug("room-keeps-its-doors-through-a-zone-change", "zones",
        "https://github.com/phase-rs/phase/pull/8292",
        _doc(state_move_keeping_doors),
        (state_module.GameState, "move", state_move_keeping_doors)),
    bug("token-copy-of-a-transforming-card-cannot-transform", "transform",
        "https://github.com/magefree/mage/issues/7682",
        _doc(copy_of_one_face_for_tokens_too),
        (copies, "copy_of", copy_of_one_face_for_tokens_too),
        (effects, "copy_of", copy_of_one_face_for_tokens_too),
        (entering, "copy_of", copy_of_one_face_for_tokens_too)),
    bug("token-copy-mana-value-zero", "tokens",
        "https://github.com/Card-Forge/forge/pull/5898",
        _doc(mana_value_tokens_zero),
        (characteristics, "_mana_value", mana_value_tokens_zero)),
    bug("anthems-of-one-name-applied-once", "continuous-effects",
        "https://github.com/magarena/magarena/issues/320",
        _doc(power_and_toughness_one_anthem_per_name),
        (characteristics, "_power_and_toughness", power_and_toughness_one_anthem_per_name)),
]

