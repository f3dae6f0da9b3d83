"""Mutants about morph, face-down objects and turning face up (rulings/morph/)."""

from __future__ import annotations

from . import Patch, table

from dataclasses import replace
from typing import Any


from ..contract.types import Event
from ..engines.reference import casting, effects, engine, entering, game, triggers
from ..engines.reference import mana as reference_mana
from ..format.vocabulary import Zone



# -- the broken rules --------------------------------------------------------------------

_characteristics = game.characteristics


def _face_down_spell_keeps_mana_value(state: Any, obj: Any, abilities: Any) -> Any:
    """A face-down spell has its card's mana value on the stack."""
    chars = _characteristics(state, obj, abilities)
    if obj.face_down and obj.zone is Zone.STACK:
        printed = reference_mana.mana_value(obj.card.faces[0].mana_cost, 0)
        return replace(chars, mana_value=printed)
    return chars


def _face_down_permanent_keeps_name(state: Any, obj: Any, abilities: Any) -> Any:
    """A face-down permanent keeps its card's name."""
    chars = _characteristics(state, obj, abilities)
    if obj.face_down and obj.zone is Zone.BATTLEFIELD:
        return replace(chars, names=obj.card.face_names)
    return chars


_turn_face_up = casting.turn_face_up


def _turning_face_up_enters(game_: Any, action: Any) -> Any:
    """Turning a permanent face up counts as it entering the battlefield."""
    yield from _turn_face_up(game_, action)
    game_.emit("zone_changed", object=action.object, new_object=action.object,
               **{"from": Zone.BATTLEFIELD.value, "to": Zone.BATTLEFIELD.value})


def _face_down_spell_turned_face_up(game_: Any, action: Any) -> Any:
    """A face-down spell on the stack can be turned face up too."""
    obj = game_.state.objects.get(action.object)
    if obj is not None and obj.zone is Zone.STACK and obj.face_down:
        cost = casting.morph_cost(game_, obj)
        game_.state.player(action.player).pool.pay(reference_mana.Cost.of(cost))
        obj.face_down = False
        game_.emit("turned_face_up", object=obj.id, card=obj.card.name)
        return
    yield from _turn_face_up(game_, action)


def _turned_face_up_as_new_object(game_: Any, action: Any) -> Any:
    """Turning a permanent face up makes it a new object (keeping its status): Auras fall
    off, spells targeting it lose their target."""
    yield from _turn_face_up(game_, action)
    old = game_.state.objects[action.object]
    new = game_.state.move(old, Zone.BATTLEFIELD)
    new.tapped, new.summoning_sick, new.counters = old.tapped, old.summoning_sick, old.counters
    game_.events.append(Event("zone_changed", {
        "object": old.id, "new_object": new.id, "from": "battlefield", "to": "battlefield"}))
    game_.state.pending_triggers = [replace(t, source=new.id) if t.source == old.id else t
                                    for t in game_.state.pending_triggers]


def _turning_face_up_at_sorcery_speed(game_: Any, action: Any) -> Any:
    """Turning a permanent face up needs an empty stack."""
    if game_.state.stack:
        from conformance.errors import IllegalAction
        raise IllegalAction("only with an empty stack")
    yield from _turn_face_up(game_, action)


_morph_cost = casting.morph_cost


def _free_morph(game_: Any, obj: Any) -> str | None:
    """Turning a permanent face up costs nothing."""
    return None if _morph_cost(game_, obj) is None else "{0}"


def _everyone_sees(obj: Any, viewer: Any) -> tuple[str, ...]:
    """Every player may look at every face-down spell and permanent."""
    return tuple(obj.card.face_names)


_move = game.Game.move


def _stays_face_down(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """A face-down permanent that leaves the battlefield stays face down (unrevealed)."""
    hidden = obj.face_down and obj.zone is Zone.BATTLEFIELD
    new = _move(self, obj, zone, **kwargs)
    if hidden and new is not None:
        new.face_down = True
    return new


_return_all_to_hand = effects.EFFECTS["return_all_to_hand"]


def _returns_itself_too(game_: Any, ctx: Any, params: Any) -> Any:
    """"All other" creatures includes the source."""
    yield from _return_all_to_hand(game_, ctx, {k: v for k, v in params.items() if k != "other"})


_additional_instances = triggers.additional_instances


def _not_doubled_when_turned_face_up(game_: Any, source: Any, event: Any) -> int:
    """Fractured Realm doesn't apply to "when this is turned face up"."""
    if event.kind == "turned_face_up":
        return 0
    return _additional_instances(game_, source, event)


_caused_by_entering = triggers._caused_by_entering


def _face_up_counts_as_entering(game_: Any, event: Any, types: tuple[str, ...]) -> bool:
    """Panharmonicon also doubles "when this is turned face up"."""
    return event.kind == "turned_face_up" or _caused_by_entering(game_, event, types)


_as_it_enters = entering._as_it_enters


def _as_enters_doubled(game_: Any, new: Any, x: int) -> Any:
    """Fractured Realm makes "as this enters" apply an additional time."""
    extra = sum(1 for _ in game_.statics("trigger_additional_time", controller=new.controller))
    for _ in range(1 + extra):
        yield from _as_it_enters(game_, new, x)


MORPH_WRONG_ENGINES: dict[str, tuple[list[Patch], set[str]]] = {
    # name: (patches, the rulings under rulings/morph/ it must fail -- exactly)
    "face-down-spell-keeps-mana-value": (
        [(game, "characteristics", _face_down_spell_keeps_mana_value)],
        {"morph-face-down-spell-has-mana-value-0"}),
    "face-down-permanent-keeps-name": (
        [(game, "characteristics", _face_down_permanent_keeps_name)],
        {"morph-face-down-permanent-is-nameless-2-2"}),
    "turning-face-up-enters-the-battlefield": (
        [(casting, "turn_face_up", _turning_face_up_enters)],
        {"morph-turning-face-up-does-not-trigger-enters"}),
    "face-down-spell-can-be-turned-face-up": (
        [(casting, "turn_face_up", _face_down_spell_turned_face_up)],
        {"morph-turning-face-up-is-a-special-action"}),
    "turned-face-up-is-a-new-object": (
        [(casting, "turn_face_up", _turned_face_up_as_new_object)],
        {"morph-turned-face-up-is-same-permanent"}),
    "turning-face-up-at-sorcery-speed": (
        [(casting, "turn_face_up", _turning_face_up_at_sorcery_speed)],
        {"morph-turning-face-up-is-a-special-action", "morph-turned-face-up-is-same-permanent"}),
    "turning-face-up-is-free": (
        [(casting, "morph_cost", _free_morph)],
        {"morph-turning-face-up-is-a-special-action",
         "morph-cast-face-down-for-3-turn-face-up-for-morph-cost"}),
    "face-down-costs-2": (
        [(casting, "FACE_DOWN_COST", "{2}")],
        {"morph-cast-face-down-for-3-turn-face-up-for-morph-cost"}),
    "opponent-sees-face-down": (
        [(engine.ReferenceEngine, "_identity", staticmethod(_everyone_sees))],
        {"morph-look-at-face-down-you-control", "morph-face-down-permanent-leaving-is-revealed",
         "morph-face-down-spell-has-mana-value-0"}),
    "face-down-not-revealed-on-leaving": (
        [(game.Game, "move", _stays_face_down)],
        {"morph-face-down-permanent-leaving-is-revealed"}),
    "thousand-winds-returns-itself": (
        [(effects.EFFECTS, "return_all_to_hand", _returns_itself_too)],
        {"morph-thousand-winds-returns-other-tapped-creatures"}),
    "fractured-realm-skips-turned-face-up": (
        [(triggers, "additional_instances", _not_doubled_when_turned_face_up)],
        {"trigger-doubling-turned-face-up-triggers-additional-time"}),
    "panharmonicon-doubles-turned-face-up": (
        [(triggers, "_caused_by_entering", _face_up_counts_as_entering)],
        {"morph-turning-face-up-does-not-trigger-enters"}),
    "fractured-realm-repeats-as-enters": (
        [(entering, "_as_it_enters", _as_enters_doubled)],
        {"trigger-doubling-as-enters-unaffected"}),
}


MECHANISMS = {name: "face-down" for name in MORPH_WRONG_ENGINES}
MECHANISMS.update({"fractured-realm-skips-turned-face-up": "trigger-doubling",
                   "panharmonicon-doubles-turned-face-up": "trigger-doubling",
                   "fractured-realm-repeats-as-enters": "trigger-doubling",
                   "turning-face-up-is-free": "costs", "face-down-costs-2": "costs"})

MUTANTS = table("morph", ("morph",), MORPH_WRONG_ENGINES, mechanisms=MECHANISMS)
