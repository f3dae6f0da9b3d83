"""Held-out bugs, twelfth batch: transform, face-down permanents, copies, triggers, tokens,
Rooms and durations -- a transformed permanent's power and toughness read from its front
face (CR 712.8d); a face-down permanent keeping its card's keywords (CR 708.2a); a copy
effect's "in addition to its other types" replacing the copied subtypes (CR 707.9b); an
"enters" ability of its own triggering only for a permanent spell resolving (CR 603.6a);
"whenever a creature enters" limited to its controller's creatures (CR 603.2); a triggered
ability dropped when its source has left the battlefield (CR 603.10a, 113.7a); "enter as a
copy of a creature" offering the entering permanent itself (CR 707.2, 614.1c); a token copy
created under the active player's control (CR 111.2); a door unlocked outside a main phase
(CR 709.5e, 116.2m); "until end of turn" effects ended on the active player's permanents
only (CR 514.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Choice, Event, Option, Unlock
from conformance.engines.reference import (
    characteristics, effects, entering, rooms, triggers, turn,
)
from conformance.engines.reference.characteristics import Abilities
from conformance.engines.reference.characteristics import (
    FACE_DOWN, Characteristics, _mana_value, _number, _union, face_colors, faces_in_effect,
    is_transforming,
)
from conformance.engines.reference.copies import copy_of
from conformance.engines.reference.effects import Context, _objects
from conformance.engines.reference.entering import add_counters, enter_token
from conformance.engines.reference.exile_to_play import end_permissions
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import DelayedTrigger, GameObject, StackAbility
from conformance.engines.reference.characteristics import can_transform
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.targets import choose_targets, label, matches
from conformance.engines.reference.triggers import order_triggers
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- transform and face-down permanents ------------------------------------------------------

def _copiable_values_with_branches(obj: GameObject, abilities: Abilities,
                                        front_pt: bool = True,
                                        hidden_keywords: bool = False,
                                        replaced_subtypes: bool = False) -> Characteristics:
    if obj.face_down:
        if hidden_keywords:
            return replace(FACE_DOWN, keywords=obj.copiable_card.faces[0].keywords)
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
        subtypes = (copy.add_subtypes or subtypes) if replaced_subtypes \
            else _union(subtypes, copy.add_subtypes)
    face_abilities = abilities.get(card.name, ())
    pt_faces = [card.faces[0]] if front_pt and is_transforming(card) else faces
    result = Characteristics(
        names=tuple(f.name for f in faces),
        mana_value=_mana_value(obj, indexes),
        colors=_union(*(face_colors(f) for f in faces)),
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        power=next((_number(f.power) for f in pt_faces if f.power is not None), None),
        toughness=next((_number(f.toughness) for f in pt_faces if f.toughness is not None),
                       None),
        abilities=tuple(text for f in faces for text in f.ability_texts)
        + tuple(a.text for a in obj.granted),
        ability_defs=tuple(a for i in indexes if i < len(face_abilities)
                           for a in face_abilities[i]) + obj.granted,
        keywords=_union(*(f.keywords for f in faces), copy.add_keywords if copy else ()),
    )
    return result


def copiable_values_front_face_pt(obj: GameObject, abilities: Abilities) -> Characteristics:
    """A transforming permanent's power and toughness are read from its front face, face
    up or not: Day Wolf transformed into Night Wolf stays a 2/2 (CR 712.8d-e: a transformed
    permanent has only its back face's characteristics)."""
    return _copiable_values_with_branches(obj, abilities)


def copiable_values_face_down_keywords(obj: GameObject, abilities: Abilities
                                       ) -> Characteristics:
    """A face-down permanent is a nameless 2/2 creature that keeps its card's keywords:
    Battering Craghorn cast face down for {3} has first strike (CR 708.2a: a face-down
    permanent has no text, no name, no subtypes and no mana cost, and is a 2/2)."""
    return _copiable_values_with_branches(obj, abilities, front_pt=False,
                                               hidden_keywords=True)


def copiable_values_exception_replacing_subtypes(obj: GameObject, abilities: Abilities
                                                 ) -> Characteristics:
    """A copy effect's "in addition to its other types" exception replaces the copied
    subtypes instead of adding to them: Spirit Mirror's token copy of a Bear is a Spirit and
    no longer a Bear (CR 707.9b: the exception becomes part of the copiable values, along
    with what is copied)."""
    return _copiable_values_with_branches(obj, abilities, front_pt=False,
                                               replaced_subtypes=True)


# -- triggers --------------------------------------------------------------------------------

def enters_any_limited_to_yours(game: Game, obj: GameObject, params: Any, event: Event,
                                ability: Any) -> bool:
    """"Whenever a creature enters" is read as "whenever a creature you control enters":
    Watchful Shrine gains nothing when the opponent's creature enters (CR 603.2, 109.5: a
    trigger condition without "you control" is met by any player's permanents)."""
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    entering_id = event.data["new_object"]
    if params == "this":
        return entering_id == obj.id
    entering = game.state.objects.get(str(entering_id))
    if entering is None:
        return False
    if entering.controller != obj.controller:
        return False
    if params.get("other") and entering.id == obj.id:
        return False
    return matches(game.chars(entering), params)


def enters_this_only_from_the_stack(game: Game, obj: GameObject, params: Any, event: Event,
                                    ability: Any) -> bool:
    """"When this creature enters" triggers only when the permanent comes from the stack,
    as a spell resolving: a Shapeshifter flickered (exiled and returned) gains nothing
    (CR 603.6a: an enters-the-battlefield ability triggers whenever the permanent enters,
    however it got there)."""
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    entering_id = event.data["new_object"]
    if params == "this":
        return entering_id == obj.id and event.data["from"] == Zone.STACK.value
    entering = game.state.objects.get(str(entering_id))
    if entering is None:
        return False
    if params.get("controller") == "you" and entering.controller != obj.controller:
        return False
    if params.get("other") and entering.id == obj.id:
        return False
    return matches(game.chars(entering), params)


def put_on_stack_without_gone_sources(game: Game) -> Flow:
    """A waiting triggered ability whose source is no longer on the battlefield is dropped
    instead of put on the stack: Self Mourner's "when this creature dies, you gain 2 life"
    never resolves (CR 603.10a, 113.7a: the ability exists independently of its source once
    it has triggered)."""
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        for player in state.apnap():
            mine = [t for t in waiting if t.controller == player]
            ordered = yield from order_triggers(game, player, mine)
            for trigger in ordered:
                if trigger.source not in state.battlefield:
                    continue
                text = trigger.ability.text or "a triggered ability"
                targets = yield from choose_targets(
                    game, trigger.ability.target, player, None,
                    f"targets for {trigger.source_card.name}: {text}")
                if targets is None:
                    game.events.append(Event("ability_removed", {
                        "source": trigger.source, "reason": "no legal targets"}))
                    continue
                division = yield from announce(game, player, trigger.ability, targets, text)
                item = StackAbility(state.new_id(), trigger.source, trigger.source_card,
                                    trigger.ability, player, targets, event=trigger.event)
                state.stack.append(item)
                record(game, item.id, division)


# -- copies and tokens -----------------------------------------------------------------------

def enter_as_copy_of_itself_too(game: Game, new: GameObject, params: Any) -> Flow:
    """The permanents a Clone may copy include the Clone itself, entering: alone on the
    battlefield it is offered itself, and copying itself it stays a 0/0 (CR 707.2, 614.1c:
    it enters as a copy of a creature already on the battlefield)."""
    rule = params["copy"]
    found = [obj for obj in game.state.permanents() if matches(game.chars(obj), rule)]
    if not found:
        return
    options = tuple(Option(obj.id, label(game, obj.id)) for obj in found)
    minimum = 0 if rule.get("optional", True) else 1
    chosen = yield Choice("cards", new.controller, f"{new.card.name} enters as a copy of",
                          options, minimum, 1)
    for object_id in chosen:
        original = game.state.objects[object_id]
        new.copy = copy_of(original, token=new.token,
                           add_types=tuple(rule.get("add_types") or ()))
        if new.token:
            new.transformed = original.transformed and can_transform(new)


def create_token_copy_for_the_active_player(game: Game, ctx: Context, params: Any) -> Flow:
    """A token copy is created under the control of the player whose turn it is: Mirror
    cast by the non-active player in the other player's turn gives that player the token
    (CR 111.2: the player who creates a token is its owner and controller)."""
    for original in _objects(game, ctx, params.get("of", "target")):
        values = copy_of(original, token=True,
                         add_subtypes=tuple(params.get("add_subtypes") or ()))
        card = values.card if values.face_down else original.card  # nothing hidden shown
        token = game.state.create(card, game.state.active_player, Zone.BATTLEFIELD, token=True)
        token.copy = values
        token.transformed = original.transformed and can_transform(token)
        token.keywords.update(params.get("gains") or ())
        token.summoning_sick = True
        yield from enter_token(game, token)
        limit = int(params.get("lore_up_to", 0))
        if limit and "Saga" in game.chars(token).subtypes:
            options = tuple(Option(str(n), str(n)) for n in range(limit + 1))
            (answer,) = yield Choice("option", ctx.controller,
                                     f"put up to {limit} lore counters on the token", options)
            add_counters(game, token, "lore", int(answer))
        if params.get("sacrifice_at_next_end_step"):
            game.state.delayed.append(DelayedTrigger(
                Step.END.value, ctx.controller, ctx.source, ctx.source_card,
                ({"sacrifice": "delayed_objects"},), (token.id,)))


# -- Rooms -----------------------------------------------------------------------------------

def unlock_refused_early_in_any_step(game: Game, action: Unlock) -> GameObject:
    """Unlocking a door checks whose turn it is, priority and the stack, not the phase: a
    door can be unlocked in the beginning of combat step (CR 709.5e, 116.2m: any time its
    controller could cast a sorcery -- a main phase)."""
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
    if state.active_player != action.player:
        raise IllegalAction("doors can be unlocked only in a main phase of your turn")
    if state.stack:
        raise IllegalAction("doors can be unlocked only while the stack is empty")
    if action.door in obj.unlocked:
        raise IllegalAction(f"the {action.door.value} door is already unlocked")
    return obj


# -- durations -------------------------------------------------------------------------------

def cleanup_ending_the_active_players_effects(game: Game) -> None:
    """In the cleanup step, "until end of turn" effects end only on the active player's
    permanents: Growth cast on the opponent's Bear leaves it a 5/5 into the opponent's turn
    (CR 514.2: all "until end of turn" effects end)."""
    for obj in game.state.permanents():
        obj.damage = 0
        obj.damaged_by_deathtouch = False
    active = game.state.active_player
    game.state.effects = [
        e for e in game.state.effects
        if e.until != "end_of_turn" or (e.object in game.state.objects
                                        and game.state.objects[e.object].controller != active)]
    end_permissions(game)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("transformed-power-from-the-front-face", "transform",
        "https://github.com/WagicProject/wagic/pull/796",
        _doc(copiable_values_front_face_pt),
        (characteristics, "_copiable_values", copiable_values_front_face_pt)),
    bug("face-down-keeps-its-keywords", "face-down",
        "https://github.com/magefree/mage/issues/11733",
        _doc(copiable_values_face_down_keywords),
        (characteristics, "_copiable_values", copiable_values_face_down_keywords)),
    bug("enters-trigger-only-from-the-stack", "triggers",
        "https://github.com/magarena/magarena/issues/553",
        _doc(enters_this_only_from_the_stack),
        (triggers.MATCHERS, "enters", enters_this_only_from_the_stack)),
    bug("enters-trigger-limited-to-your-permanents", "triggers",
        "https://github.com/magefree/mage/issues/2806",
        _doc(enters_any_limited_to_yours),
        (triggers.MATCHERS, "enters", enters_any_limited_to_yours)),
    bug("trigger-dropped-when-its-source-is-gone", "triggers",
        "https://github.com/phase-rs/phase/issues/1059",
        _doc(put_on_stack_without_gone_sources),
        (triggers, "put_on_stack", put_on_stack_without_gone_sources)),
    bug("copy-offered-itself", "copies",
        "https://github.com/phase-rs/phase/issues/5289",
        _doc(enter_as_copy_of_itself_too), (entering, "_enter_as_copy", enter_as_copy_of_itself_too)),
    bug("copy-exception-replaces-subtypes", "copies",
        "https://github.com/phase-rs/phase/pull/1951",
        _doc(copiable_values_exception_replacing_subtypes),
        (characteristics, "_copiable_values", copiable_values_exception_replacing_subtypes)),
    bug("token-copy-created-for-the-active-player", "tokens",
        "https://github.com/magefree/mage/issues/3442",
        _doc(create_token_copy_for_the_active_player),
        (effects.EFFECTS, "create_token_copy", create_token_copy_for_the_active_player)),
    bug("door-unlocked-outside-a-main-phase", "rooms",
        "https://github.com/Card-Forge/forge/issues/6033",
        _doc(unlock_refused_early_in_any_step),
        (rooms, "unlock_refused_early", unlock_refused_early_in_any_step)),
    bug("until-end-of-turn-ends-on-the-active-players-permanents", "durations",
        "https://github.com/magarena/magarena/issues/131",
        _doc(cleanup_ending_the_active_players_effects),
        (turn, "_cleanup", cleanup_ending_the_active_players_effects)),
]
