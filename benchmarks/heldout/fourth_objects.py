"""Held-out bugs, fourth batch: objects and triggers -- counters kept by a card that
changed zones (CR 400.7, 122.2), a token that enters without being seen (CR 111.1,
603.6a), a copy seen entering as its printed card (CR 707.2), a land play given back when
the land leaves (CR 305.2), a Room copy entering with a door unlocked (CR 709.5d), a
transformed permanent keeping its front face's abilities (CR 712.8e), the legend rule applied to nonlegendary permanents (CR 704.5j), a once-each-turn
permission never used up (CR 601.3), "whenever you cast" triggering on resolution
(CR 601.2i, 603.2), "dies" triggering on entering (CR 700.4) and "leaves the battlefield"
missing a permanent exiled (CR 603.6c)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Cast, Choice, Event, Option
from conformance.contract.types import PlayLand
from conformance.engines.reference import (
    casting, effects, entering, lands, rooms, triggers, turn,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, GameState
from conformance.engines.reference.targets import matches
from conformance.format.vocabulary import Door, Zone

from . import HeldOut, bug

_MOVE = GameState.move
_PERMISSION = casting._permission
_CAST = casting.cast
_RESOLVE_SPELL = turn._resolve_spell
_DIES = triggers.MATCHERS["dies"]
_ENTERS = triggers.MATCHERS["enters"]
_LAND_REFUSED = lands.land_refused_early
_ENTER_TOKEN = entering.enter_token
_ACTIVATED = casting.activated_abilities
_CAST_LATER = "cast-announced-on-resolution:"


def move_keeping_counters(self: GameState, obj: GameObject, zone: Zone, *,
                          controller: str | None = None) -> GameObject | None:
    """A card that changes zones keeps the counters it had: a permanent exiled and
    returned comes back with them (CR 400.7, 122.2: a new object, without counters)."""
    new = _MOVE(self, obj, zone, controller=controller)
    if new is not None and obj.counters:
        new.counters.update(obj.counters)
    return new


def enter_token_unseen(game: Game, token: GameObject) -> Flow:
    """A token that is created enters without an event abilities see: "whenever a creature
    enters" abilities don't trigger for it (CR 111.1, 603.6a)."""
    yield from entering._as_it_enters(game, token, 0)
    game.emit("token_created", object=token.id)
    game.events.append(Event("zone_changed", {
        "object": None, "new_object": token.id, "card": token.card.name, "from": None,
        "to": Zone.BATTLEFIELD.value}))
    entering._first_lore_counter(game, token)
    return token


def legend_rule_by_name_only(game: Game) -> Flow:
    """The legend rule applies to every permanent with the same name as another its
    controller controls, legendary or not (CR 704.5j: legendary permanents only)."""
    state = game.state
    for player in state.apnap():
        by_name: dict[str, list[GameObject]] = {}
        for obj in state.permanents():
            if obj.controller == player:
                for name in game.chars(obj).names:
                    by_name.setdefault(name, []).append(obj)
        for name, same in by_name.items():
            if len(same) < 2:
                continue
            options = tuple(Option(obj.id, name) for obj in same)
            (kept,) = yield Choice("cards", player,
                                   f"legend rule: choose the {name} to keep", options, 1, 1)
            for obj in same:
                if obj.id != kept:
                    game.move(obj, Zone.GRAVEYARD)
            return True
    return False


def permission_never_used_up(game: Game, player: str, card: GameObject,
                             chars: Characteristics) -> None:
    """A permission usable once each turn ("once during each of your turns, you may cast a
    permanent spell from your graveyard") is not used up by casting a spell with it
    (CR 601.3)."""
    used = game.state.player(player).used_once_per_turn
    before = set(used)
    _PERMISSION(game, player, card, chars)
    used.intersection_update(before)


def cast_announced_on_resolution(game: Game, action: Cast) -> Flow:
    """A spell is reported cast only as it resolves: "whenever you cast a spell" abilities
    trigger then, below nothing, instead of going on the stack above the spell
    (CR 601.2i, 603.2)."""
    emit = game.emit

    def deferring(kind: str, **data: Any) -> Event:
        if kind == "spell_cast":
            game.state.linked[(_CAST_LATER, str(data["object"]))] = [str(data["player"])]
            return Event(kind, data)
        return emit(kind, **data)

    game.emit = deferring  # type: ignore[method-assign]
    try:
        yield from _CAST(game, action)
    finally:
        del game.emit


def resolve_spell_announcing_cast(game: Game, spell: GameObject) -> Flow:
    for player in game.state.linked.pop((_CAST_LATER, spell.id), []):
        game.emit("spell_cast", object=spell.id, player=player)
    yield from _RESOLVE_SPELL(game, spell)


def dies_or_enters(game: Game, obj: GameObject, params: Any, event: Event,
                   ability: Ability) -> bool:
    """"When this creature dies" also triggers when it enters the battlefield: the
    matcher checks that the event moved this object, not where from (CR 700.4: put into a
    graveyard from the battlefield)."""
    if (params == "this" and event.kind == "zone_changed"
            and event.data.get("new_object") == obj.id
            and event.data.get("to") == Zone.BATTLEFIELD.value):
        return True
    return bool(_DIES(game, obj, params, event, ability))


def enters_seen_as_printed(game: Game, obj: GameObject, params: Any, event: Event,
                           ability: Ability) -> bool:
    """A permanent entering as a copy is seen by other permanents' "whenever a [type]
    enters" abilities with its printed card's types, not the copied ones: a Clone entering
    as a copy of a Bear doesn't trigger "whenever a Bear you control enters" (CR 707.2,
    614.1c, 603.6a)."""
    if params == "this" or event.kind != "zone_changed":
        return bool(_ENTERS(game, obj, params, event, ability))
    entering_obj = game.state.objects.get(str(event.data.get("new_object")))
    if entering_obj is None or entering_obj.copy is None or entering_obj.token:
        return bool(_ENTERS(game, obj, params, event, ability))
    if not _ENTERS(game, obj, {**params, "types": (), "subtypes": ()}, event, ability):
        return False
    face = entering_obj.card.faces[0]
    printed = replace(game.chars(entering_obj), types=face.types, subtypes=face.subtypes)
    return matches(printed, params)


def land_refused_counting_lands_still_here(game: Game, action: PlayLand) -> GameObject:
    """The turn's land play counts only the lands played this turn that are still on the
    battlefield: a land played and then destroyed or bounced gives the land play back
    (CR 305.2: a land played this turn counts wherever it went)."""
    key = (f"{lands.LANDS}{game.state.turn}", action.player)
    played = game.state.linked.get(key)
    if played is None:
        return _LAND_REFUSED(game, action)
    kept = list(played)
    game.state.linked[key] = [i for i in played if i in game.state.objects
                              and game.state.objects[i].zone is Zone.BATTLEFIELD]
    try:
        return _LAND_REFUSED(game, action)
    finally:
        game.state.linked[key] = kept


def enter_token_room_left_unlocked(game: Game, token: GameObject) -> Flow:
    """A Room that enters the battlefield without being cast -- a token copy of a Room --
    enters with its left door unlocked, as if its left half had been cast (CR 709.5d: only
    the half cast is unlocked; a Room put onto the battlefield otherwise enters with both
    doors locked)."""
    entered = yield from _ENTER_TOKEN(game, token)
    if token.copiable_card.is_room and not token.unlocked:
        rooms.unlock(game, token, [Door.LEFT])
    return entered


def activated_abilities_keeping_front_face(game: Game, obj: GameObject) -> list[Ability]:
    """A transformed permanent keeps the activated abilities of its front face besides its
    back face's: a "transform this" ability printed on the front can still be activated
    (CR 712.8e: a transformed permanent has only its back face's characteristics)."""
    found = _ACTIVATED(game, obj)
    if obj.transformed and not obj.face_down:
        front = game.abilities.get(obj.card.name, ((),))[0]
        found += [a for a in front if a.kind == "activated" and a not in found]
    return found


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("counters-kept-through-zone-change", "zones", "https://github.com/magefree/mage/issues/5393",
        _doc(move_keeping_counters), (GameState, "move", move_keeping_counters)),
    bug("created-token-enters-unseen", "tokens", "https://github.com/magefree/mage/issues/10392",
        _doc(enter_token_unseen), (effects, "enter_token", enter_token_unseen)),
    bug("legend-rule-any-same-name", "legend-rule", "https://github.com/phase-rs/phase/issues/685",
        _doc(legend_rule_by_name_only), (turn, "legend_rule", legend_rule_by_name_only)),
    bug("once-each-turn-permission-not-used", "permissions",
        "https://github.com/magefree/mage/issues/6739",
        _doc(permission_never_used_up), (casting, "_permission", permission_never_used_up)),
    bug("cast-trigger-on-resolution", "triggers", "https://github.com/phase-rs/phase/issues/2872",
        _doc(cast_announced_on_resolution),
        (casting, "cast", cast_announced_on_resolution),
        (turn, "_resolve_spell", resolve_spell_announcing_cast)),
    bug("dies-trigger-on-entering", "triggers", "https://github.com/Card-Forge/forge/issues/5257",
        _doc(dies_or_enters), (triggers.MATCHERS, "dies", dies_or_enters)),
    bug("copy-enters-as-printed-card", "copies", "https://github.com/magarena/magarena/issues/553",
        _doc(enters_seen_as_printed), (triggers.MATCHERS, "enters", enters_seen_as_printed)),
    bug("land-play-returned-when-land-leaves", "lands",
        "https://github.com/Card-Forge/forge/issues/9679",
        _doc(land_refused_counting_lands_still_here),
        (lands, "land_refused_early", land_refused_counting_lands_still_here)),
    bug("room-copy-enters-with-a-door-unlocked", "rooms",
        "https://github.com/phase-rs/phase/pull/8292",
        _doc(enter_token_room_left_unlocked), (effects, "enter_token", enter_token_room_left_unlocked)),
    bug("transformed-keeps-front-face-abilities", "transform",
        "https://github.com/magefree/mage/issues/10351",
        _doc(activated_abilities_keeping_front_face),
        (casting, "activated_abilities", activated_abilities_keeping_front_face)),
    bug("leaves-trigger-misses-exile", "triggers",
        "https://github.com/magefree/mage/issues/15583",
        """"When this permanent leaves the battlefield" triggers only when it is put into a
        graveyard: exiled or returned to hand, nothing triggers (CR 603.6c: leaving for
        any zone).""",
        (triggers.MATCHERS, "leaves_battlefield", triggers._leaves(Zone.GRAVEYARD))),
]
