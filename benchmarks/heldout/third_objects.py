"""Held-out bugs, third batch: copies of copies and of spells (CR 707.9b, 707.10, 704.5e),
face-down objects leaving the battlefield and cast face down (CR 708.9, 702.37c),
transforming an object that left and came back (CR 400.7, 701.27), split cards and Rooms
outside the stack and with both doors unlocked (CR 709.4, 709.5), doors unlocked by
effects (CR 709.5f-h) and the mana value of a spell with X (CR 202.3e)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import Choice, Event
from conformance.engines.reference import (
    casting, characteristics, copies, effects, entering, mana, rooms,
)
from conformance.engines.reference.characteristics import can_transform, is_split
from conformance.engines.reference.effects import EFFECTS, Context, _objects
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import CopyEffect, GameObject, GameState
from conformance.format.vocabulary import Door, Zone

from . import HeldOut, bug

_MOVE = GameState.move
_TOTAL_COST = casting.total_cost
_FACES_IN_EFFECT = characteristics.faces_in_effect


# -- copies -----------------------------------------------------------------------------

def copy_without_inherited_exceptions(original: GameObject, *, token: bool,
                                      add_subtypes: tuple[str, ...] = (),
                                      add_types: tuple[str, ...] = (),
                                      add_keywords: tuple[str, ...] = ()) -> CopyEffect:
    """A copy of an object that is itself a copy gets what the first copy copied, but not
    the exceptions of the first copy effect ("except it's a Spirit in addition to its
    other types"), which are part of its copiable values (CR 707.9b)."""
    values = copies.copy_of(original, token=token, add_subtypes=add_subtypes,
                            add_types=add_types, add_keywords=add_keywords)
    if original.copy is None or values.face_down:
        return values
    return CopyEffect(values.card, add_subtypes, add_types, add_keywords, values.face,
                      values.face_down)


def move_spell_copies_kept(self: GameState, obj: GameObject, zone: Zone, *,
                           controller: str | None = None) -> GameObject | None:
    """A copy of an instant or sorcery spell that resolves (or otherwise leaves the stack)
    is put into its owner's graveyard like a card, instead of ceasing to exist
    (CR 707.10a, 704.5e)."""
    self._remove(obj)
    del self.objects[obj.id]
    if obj.token and zone is not Zone.BATTLEFIELD:
        return None
    if controller is None:
        controller = obj.controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
    keeps_copy = obj.token or obj.is_spell_copy
    new = GameObject(self.new_id(), obj.card, obj.owner, controller, zone, self.tick(),
                     token=obj.token or obj.is_spell_copy,
                     copy=obj.copy if keeps_copy else None)
    self.objects[new.id] = new
    self._place(new, None)
    return new


def copy_spell_without_division(game: Game, ctx: Context, params: Any) -> Flow:
    """A copy of a spell that divides damage among its targets copies the targets but not
    how the damage is divided, so it deals no damage (CR 707.10: the copy copies every
    choice made for the original, "how it will affect multiple targets" among them)."""
    for original in _objects(game, ctx, params):
        if original.zone is not Zone.STACK:
            continue
        copy = game.state.create(original.card, ctx.controller, Zone.STACK)
        copy.copy = copies.copy_of(original, token=True)
        copy.is_spell_copy = True
        copy.cast_door = original.cast_door
        copy.x = original.x
        copy.targets = original.targets
        copy.face_down = original.face_down
        game.events.append(Event("spell_copied", {"object": copy.id,
                                                  "original": original.id}))
    yield from ()


# -- face-down --------------------------------------------------------------------------

def move_keeping_face_down(self: GameState, obj: GameObject, zone: Zone, *,
                           controller: str | None = None) -> GameObject | None:
    """A face-down permanent that leaves the battlefield stays face down in its new zone
    instead of being revealed and turned face up (CR 708.9)."""
    new = _MOVE(self, obj, zone, controller=controller)
    if new is not None and obj.zone is Zone.BATTLEFIELD and obj.face_down:
        new.face_down = True
    return new


def face_down_priced_at_mana_cost(game: Game, player: str, spell: GameObject,
                                  chars: characteristics.Characteristics,
                                  base: str | None) -> Cost:
    """A card cast face down costs its printed mana cost instead of {3} (CR 702.37c)."""
    if spell.face_down:
        base = spell.card.faces[0].mana_cost
    return _TOTAL_COST(game, player, spell, chars, base)


# -- transform --------------------------------------------------------------------------

def transform_finding_the_card(game: Game, ctx: Context, params: Any) -> Flow:
    """"Transform this creature" finds the creature by its card when it resolves: a
    permanent that left the battlefield and came back (a new object) transforms anyway
    (CR 400.7)."""
    found = _objects(game, ctx, params)
    if params == "this" and not found:
        found = [obj for obj in game.state.permanents()
                 if obj.card is ctx.source_card and obj.controller == ctx.controller][:1]
    for obj in found:
        if can_transform(obj):
            obj.transformed = not obj.transformed
            game.emit("transformed", object=obj.id)
    yield from ()


# -- split cards and Rooms --------------------------------------------------------------

def front_half_off_the_stack(obj: GameObject, zone: Zone | None = None) -> tuple[int, ...]:
    """A split card (a Room among them) in a hand, library, graveyard or exile has only its
    first half's characteristics -- name, mana value, colors -- instead of both halves'
    combined (CR 709.4)."""
    where = zone or obj.zone
    if is_split(obj.copiable_card) and where not in (Zone.STACK, Zone.BATTLEFIELD) \
            and (obj.copy is None or obj.copy.face is None):
        return (0,)
    return _FACES_IN_EFFECT(obj, zone)


def first_unlocked_door_only(obj: GameObject, zone: Zone | None = None) -> tuple[int, ...]:
    """A Room permanent has the characteristics of only one unlocked door, the left one if
    unlocked: unlocking its second door adds no name and no abilities (CR 709.5: every
    unlocked half)."""
    faces = _FACES_IN_EFFECT(obj, zone)
    card = obj.copiable_card
    if card.is_room and (zone or obj.zone) is Zone.BATTLEFIELD and len(faces) > 1 \
            and (obj.copy is None or obj.copy.face is None):
        return faces[:1]
    return faces


def change_door_silently(game: Game, obj: GameObject, player: str, *, lock_allowed: bool,
                         unlock_allowed: bool) -> Flow:
    """A door unlocked by an effect ("unlock a locked door of target Room") becomes unlocked
    without the door becoming unlocked as an event: its "when you unlock this door" ability
    and "whenever you fully unlock a Room" don't trigger (CR 709.5f, 709.5h)."""
    options = rooms.lock_or_unlock_options(game, obj, lock_allowed=lock_allowed,
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
        rooms.lock(game, obj, door)
    else:
        obj.unlocked.add(door)


# -- mana value -------------------------------------------------------------------------

def mana_value_without_x(obj: GameObject, indexes: tuple[int, ...]) -> int:
    """The mana value of a spell with {X} in its cost counts X as 0 on the stack too,
    instead of the value chosen for it (CR 202.3e)."""
    card = obj.copiable_card
    if can_transform(obj):
        return mana.mana_value(card.faces[0].mana_cost)
    return sum(mana.mana_value(card.faces[i].mana_cost) for i in indexes)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("copy-of-copy-loses-exceptions", "copies", "https://github.com/phase-rs/phase/issues/7686",
        _doc(copy_without_inherited_exceptions),
        (effects, "copy_of", copy_without_inherited_exceptions),
        (entering, "copy_of", copy_without_inherited_exceptions)),
    bug("spell-copy-goes-to-graveyard", "spell-copies",
        "https://github.com/magefree/mage/issues/694",
        _doc(move_spell_copies_kept), (GameState, "move", move_spell_copies_kept)),
    bug("spell-copy-loses-division", "spell-copies",
        "https://github.com/phase-rs/phase/issues/7686",
        _doc(copy_spell_without_division), (EFFECTS, "copy_spell", copy_spell_without_division)),
    bug("face-down-stays-hidden-off-battlefield", "face-down",
        "https://github.com/magarena/magarena/issues/708",
        _doc(move_keeping_face_down), (GameState, "move", move_keeping_face_down)),
    bug("face-down-cast-costs-mana-cost", "face-down",
        "https://github.com/phase-rs/phase/issues/7770",
        _doc(face_down_priced_at_mana_cost), (casting, "total_cost", face_down_priced_at_mana_cost)),
    bug("transform-follows-new-object", "transform", "https://github.com/magefree/mage/issues/2912",
        _doc(transform_finding_the_card), (EFFECTS, "transform", transform_finding_the_card)),
    bug("split-card-front-half-off-stack", "rooms", "https://github.com/phase-rs/phase/pull/5093",
        _doc(front_half_off_the_stack),
        (characteristics, "faces_in_effect", front_half_off_the_stack)),
    bug("room-second-door-has-no-text", "rooms", "https://github.com/phase-rs/phase/issues/7564",
        _doc(first_unlocked_door_only),
        (characteristics, "faces_in_effect", first_unlocked_door_only)),
    bug("unlock-by-effect-not-an-event", "rooms",
        "https://github.com/wingedsheep/argentum-engine/pull/961",
        _doc(change_door_silently), (rooms, "change_door_by_effect", change_door_silently)),
    bug("x-not-in-mana-value-on-stack", "costs", "https://github.com/magefree/mage/issues/459",
        _doc(mana_value_without_x), (characteristics, "_mana_value", mana_value_without_x)),
]
