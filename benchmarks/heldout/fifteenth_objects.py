"""Held-out bugs, fifteenth batch: triggers, Rooms, face-down permanents, transform, continuous
effects, copies and tokens -- "whenever a land you control enters" triggered only by a land
played (CR 603.6a, 305.4); "whenever you cast a spell" triggered only by spells cast from the
hand (CR 601.2i, 603.2); a door's unlock cost reduced by "spells you cast cost {1} less"
(CR 709.5e, 601.2f); a face-down permanent turned face up by a player who doesn't control it
(CR 702.37e, 116.2b); a card without morph cast face down (CR 702.37c, 708.4); a permanent
that transforms made summoning sick (CR 712.18, 302.6); a face's color indicator left out of
its colors (CR 204.1, 202.2); "activated abilities of sources with the chosen name can't be
activated" stopping only its controller's sources (CR 602.5); "enter as a copy of any
creature" offering only its controller's creatures (CR 707.2, 614.1c); a token copy of a
face-down permanent entering face down (CR 707.2, 110.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.contract.types import Choice, Event, Option, TurnFaceUp, Unlock
from conformance.engines.reference import (
    casting, characteristics, effects, entering, rooms, triggers,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.casting import morph_cost
from conformance.engines.reference.characteristics import can_transform
from conformance.engines.reference.copies import copy_of
from conformance.engines.reference.effects import Context, _objects
from conformance.engines.reference.entering import add_counters, enter_token
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost, colors_of
from conformance.engines.reference.rooms import unlock, unlock_cost, unlock_refused_early
from conformance.engines.reference.state import DelayedTrigger, GameObject
from conformance.engines.reference.targets import label, matches
from conformance.errors import IllegalAction
from conformance.format.cards import CardFace
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- triggers --------------------------------------------------------------------------------

def enters_lands_only_when_played(game: Game, obj: GameObject, params: Any, event: Event,
                                  ability: Ability) -> bool:
    """"Whenever a land you control enters" is matched to a land being played, not to a land
    entering: Landfall Totem's ability triggers for the Forest its controller plays, not for
    the Forest Land Grant puts onto the battlefield (CR 603.6a, 305.4: an enters ability
    triggers whenever a permanent enters, however it got there)."""
    if params != "this" and event.kind == "land_played":
        played = game.state.objects.get(str(event.data["object"]))
        if played is None:
            return False
        if params.get("controller") == "you" and played.controller != obj.controller:
            return False
        if params.get("other") and played.id == obj.id:
            return False
        return matches(game.chars(played), params)
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    entering_id = event.data["new_object"]
    if params == "this":
        return entering_id == obj.id
    entering = game.state.objects.get(str(entering_id))
    if entering is None or "Land" in game.chars(entering).types:
        return False  # a land is seen when it is played
    if params.get("controller") == "you" and entering.controller != obj.controller:
        return False
    if params.get("other") and entering.id == obj.id:
        return False
    return matches(game.chars(entering), params)


def spell_cast_from_the_hand_only(game: Game, obj: GameObject, params: Any, event: Event,
                                  ability: Ability) -> bool:
    """"Whenever you cast a spell" is matched only to spells cast from their caster's hand:
    a Bear cast from the graveyard with Gravecaller doesn't trigger Cast Watcher (CR 601.2i,
    603.2: a spell cast from any zone is cast)."""
    if event.kind != "spell_cast":
        return False
    if params.get("controller") == "you" and event.data["player"] != obj.controller:
        return False
    spell = game.state.objects.get(str(event.data["object"]))
    if spell is None or not matches(game.chars(spell), params):
        return False
    return any(e.kind == "zone_changed" and e.data.get("new_object") == spell.id
               and e.data.get("from") == Zone.HAND.value for e in game.events)


# -- Rooms -----------------------------------------------------------------------------------

def special_unlock_reduced_as_a_spell(game: Game, action: Unlock) -> Flow:
    """A door's unlock cost is reduced by the cost reductions of spells: with Discount
    ("spells you cast cost {1} less"), Left Hall's door is unlocked for {W} (CR 709.5e,
    601.2f: unlocking a door is a special action, not a spell, and its cost is the door's
    mana cost)."""
    obj = unlock_refused_early(game, action)
    cost = unlock_cost(obj, action.door)
    chars = game.chars(obj)
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=action.player):
        if matches(chars, rule) and not rule.get("first_each_turn"):
            cost = cost.reduced(int(rule.get("generic", 0)))
    game.state.player(action.player).pool.pay(cost)
    unlock(game, obj, [action.door])
    yield from ()


# -- face-down permanents --------------------------------------------------------------------

def turn_face_up_by_any_player(game: Game, action: TurnFaceUp) -> Flow:
    """Who controls a face-down permanent is not looked at as it is turned face up: the
    opponent pays the morph cost of the active player's face-down Battering Craghorn and
    turns it face up (CR 702.37e, 116.2b: a player turns face up a face-down permanent they
    control)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction("only a face-down permanent can be turned face up")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    cost = morph_cost(game, obj)
    if cost is None:
        raise IllegalAction(f"{obj.card.name} has no morph cost")
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


def cast_refused_early_without_morph_check(game: Game, action: Any) -> GameObject:
    """A card is let be cast face down whether or not it has morph: an Ogre is cast face
    down for {3} and enters as a face-down 2/2 (CR 702.37c, 708.4: only a card with morph,
    or an effect's permission, is cast face down)."""
    state = game.state
    card_obj = state.objects.get(action.card)
    if card_obj is None or card_obj.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction("only a card in a hand, graveyard, exile or library can be cast")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    return card_obj


# -- transform -------------------------------------------------------------------------------

def transform_making_summoning_sick(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent that transforms is made summoning sick, as if its other face had just come
    under its controller's control: Day Wolf, there since the turn began, transforms into
    Night Wolf and can't attack (CR 712.18, 302.6: it is the same permanent, controlled
    continuously since the turn began)."""
    for obj in _objects(game, ctx, params):
        if can_transform(obj):
            obj.transformed = not obj.transformed
            obj.summoning_sick = True
            game.emit("transformed", object=obj.id)
    yield from ()


def face_colors_without_the_color_indicator(face: CardFace) -> tuple[str, ...]:
    """A face's colors are read from its mana cost alone, its color indicator left out:
    Night Wolf, Day Wolf's back face, which has no mana cost and a green color indicator, is
    colorless once Day Wolf transforms (CR 204.1, 202.2, 712.8e: a color indicator gives the
    face its color)."""
    return colors_of(face.mana_cost)


# -- continuous effects ----------------------------------------------------------------------

def check_not_prevented_for_its_controller_only(game: Game, source: GameObject,
                                                ability: Ability) -> None:
    """"Activated abilities of sources with the chosen name can't be activated" is applied to
    the sources its controller controls only: with the active player's Needle naming
    Prodigal Pyromancer, the opponent's Prodigal Pyromancer still pings (CR 602.5: the
    restriction names every source with that name, whoever controls it)."""
    names = set(game.chars(source).names)
    for permanent, _ability, rule in game.statics("prevent_activation",
                                                  controller=source.controller):
        spec = rule if isinstance(rule, Mapping) else {"source": rule}
        if spec.get("except") == "mana_abilities" and ability.params.get("mana_ability"):
            continue
        if spec.get("source") == "chosen_name" and permanent.chosen_name in names:
            raise IllegalAction(f"{permanent.card.name} prevents activating abilities of "
                                f"sources named {permanent.chosen_name}")


# -- copies and tokens -----------------------------------------------------------------------

def enter_as_a_copy_of_your_own(game: Game, new: GameObject, params: Mapping[str, Any]) -> Flow:
    """"Enter as a copy of any creature on the battlefield" offers only the creatures the
    entering permanent's controller controls: a Clone cast while only the opponent has an
    Ogre is offered nothing and dies a 0/0 (CR 707.2, 614.1c: any creature on the
    battlefield, whoever controls it)."""
    rule = params["copy"]
    found = [obj for obj in game.state.permanents()
             if obj.id != new.id and obj.controller == new.controller
             and matches(game.chars(obj), rule)]
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


def create_token_copy_keeping_face_down(game: Game, ctx: Context, params: Any) -> Flow:
    """A token copy of a face-down permanent enters face down, the original's status copied
    with its values: Mirror's token copy of a face-down Battering Craghorn is a face-down
    2/2 (CR 707.2, 110.5: a copy of a face-down permanent is a face-up nameless 2/2; face-down
    is a status, which a copy doesn't get)."""
    for original in _objects(game, ctx, params.get("of", "target")):
        values = copy_of(original, token=True,
                         add_subtypes=tuple(params.get("add_subtypes") or ()))
        card = values.card if values.face_down else original.card  # nothing hidden shown
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.copy = values
        token.transformed = original.transformed and can_transform(token)
        token.face_down = original.face_down
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


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("landfall-only-for-lands-played", "triggers",
        "https://github.com/Card-Forge/forge/issues/2962",
        _doc(enters_lands_only_when_played),
        (triggers.MATCHERS, "enters", enters_lands_only_when_played)),
    bug("cast-trigger-only-for-spells-from-the-hand", "triggers",
        "https://github.com/magefree/mage/issues/2684",
        _doc(spell_cast_from_the_hand_only),
        (triggers.MATCHERS, "spell_cast", spell_cast_from_the_hand_only)),
    bug("door-unlock-cost-reduced-as-a-spell", "rooms",
        "https://github.com/wingedsheep/argentum-engine/pull/889",
        _doc(special_unlock_reduced_as_a_spell),
        (rooms, "special_unlock", special_unlock_reduced_as_a_spell)),
    bug("face-down-permanent-turned-up-by-another-player", "face-down",
        "https://github.com/phase-rs/phase/pull/4538",
        _doc(turn_face_up_by_any_player),
        (casting, "turn_face_up", turn_face_up_by_any_player)),
    bug("card-without-morph-cast-face-down", "face-down",
        "https://github.com/phase-rs/phase/pull/5171",
        _doc(cast_refused_early_without_morph_check),
        (casting, "cast_refused_early", cast_refused_early_without_morph_check)),
    bug("transformed-permanent-summoning-sick", "transform",
        "https://github.com/wingedsheep/argentum-engine/pull/468",
        _doc(transform_making_summoning_sick),
        (effects.EFFECTS, "transform", transform_making_summoning_sick)),
    bug("color-indicator-left-out-of-colors", "transform",
        "https://github.com/magefree/mage/issues/4435",
        _doc(face_colors_without_the_color_indicator),
        (characteristics, "face_colors", face_colors_without_the_color_indicator)),
    bug("chosen-name-stops-only-its-controllers-sources", "continuous-effects",
        "https://github.com/magefree/mage/issues/3156",
        _doc(check_not_prevented_for_its_controller_only),
        (casting, "_check_not_prevented", check_not_prevented_for_its_controller_only)),
    bug("copy-choice-limited-to-your-creatures", "copies",
        "https://github.com/magefree/mage/issues/1324",
        _doc(enter_as_a_copy_of_your_own),
        (entering, "_enter_as_copy", enter_as_a_copy_of_your_own)),
    bug("token-copy-of-a-face-down-permanent-face-down", "tokens",
        "https://github.com/Card-Forge/forge/pull/992",
        _doc(create_token_copy_keeping_face_down),
        (effects.EFFECTS, "create_token_copy", create_token_copy_keeping_face_down)),
]
