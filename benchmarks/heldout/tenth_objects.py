"""Held-out bugs, tenth batch: counters, zone and face changes, timing, replacement effects,
Rooms, triggers, continuous effects, durations and copies -- a stun counter removed from an
untapped permanent (CR 122.1d); a transformed permanent returned by a flicker with its back
face up (CR 712.14, 712.8a); a permanent turned face up made summoning sick (CR 708.8,
302.6); a permanent turned face up without priority (CR 702.37e, 116.2b); "you may have this
enter as a copy" made mandatory (CR 707.2, 614.1c); a door unlocked again, its cost paid for
nothing (CR 709.5e); "whenever you attack" triggering when no creature attacks (CR 508.3d);
"whenever this creature attacks" triggering when it blocks (CR 508.3a, 509.1i); an "enters"
trigger's types left out of its filter (CR 603.2); a power and toughness change given to the
first of its targets only (CR 608.2c, 611.2a); damage wearing off as combat ends (CR 514.2,
511.3); a token copy entering tapped because the original is (CR 707.2, 110.5b)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.contract.types import (
    Choice, DeclareAttackers, Event, Option, TurnFaceUp, Unlock,
)
from conformance.engines.reference import (
    casting, combat, effects, entering, rooms, triggers,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import can_transform
from conformance.engines.reference.copies import copy_of
from conformance.engines.reference.effects import Context, _objects
from conformance.engines.reference.entering import (
    add_counters, enter_token, put_onto_battlefield,
)
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import (
    Combat, ContinuousEffect, DelayedTrigger, GameObject,
)
from conformance.engines.reference.targets import label, matches
from conformance.engines.reference.triggers import _filter_ok
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- counters --------------------------------------------------------------------------------

def untap_removing_stun_from_untapped(self: GameObject) -> None:
    """A stun counter is removed whenever the permanent is untapped, already untapped or not:
    an untapped creature with a stun counter loses it in its controller's untap step
    (CR 122.1d: a stun counter is removed instead of untapping a permanent that would become
    untapped; an untapped permanent can't become untapped)."""
    stun = self.counters.get("stun", 0)
    if stun:
        if stun == 1:
            del self.counters["stun"]
        else:
            self.counters["stun"] = stun - 1
        return
    self.tapped = False


# -- zone and face changes -------------------------------------------------------------------

def exile_and_return_keeping_the_face(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent exiled and returned keeps the face it had up: a transformed Day Wolf
    flickered comes back as Night Wolf (CR 712.14, 712.8a: a double-faced card put onto the
    battlefield enters front face up unless the effect says transformed)."""
    for obj in _objects(game, ctx, params.get("what", "this")):
        was_transformed = obj.transformed
        exiled = game.move(obj, Zone.EXILE)
        if exiled is not None:
            yield from put_onto_battlefield(
                game, exiled, controller=exiled.owner,
                transformed=bool(params.get("transformed")) or was_transformed)


def turn_face_up_summoning_sick(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up makes it summoning sick, as if it had just come
    under its controller's control: a morph that was face down since the turn began can't
    attack once turned face up (CR 708.8: it stays the same permanent; CR 302.6)."""
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
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    obj.summoning_sick = True
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


def turn_face_up_without_priority(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up checks who controls it, not who holds priority:
    its controller can turn it face up while the other player holds priority (CR 702.37e,
    116.2b: a special action, taken any time its controller has priority)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction("only a face-down permanent can be turned face up")
    if obj.controller != action.player:
        raise IllegalAction("only its controller can turn a permanent face up")
    cost = casting.morph_cost(game, obj)
    if cost is None:
        raise IllegalAction(f"{obj.card.name} has no morph cost")
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


# -- replacement effects ---------------------------------------------------------------------

def enter_as_copy_without_declining(game: Game, new: GameObject,
                                    params: Mapping[str, Any]) -> Flow:
    """"You may have this enter as a copy" is read without its "may": a Clone entering with
    a creature on the battlefield must copy one (CR 707.2, 614.1c, 608.2d: the player
    chooses whether to apply an optional replacement)."""
    rule = params["copy"]
    found = [obj for obj in game.state.permanents()
             if obj.id != new.id and matches(game.chars(obj), rule)]
    if not found:
        return
    options = tuple(Option(obj.id, label(game, obj.id)) for obj in found)
    minimum = 1
    chosen = yield Choice("cards", new.controller, f"{new.card.name} enters as a copy of",
                          options, minimum, 1)
    for object_id in chosen:
        original = game.state.objects[object_id]
        new.copy = copy_of(original, token=new.token,
                           add_types=tuple(rule.get("add_types") or ()))
        if new.token:
            new.transformed = original.transformed and can_transform(new)


# -- Rooms -----------------------------------------------------------------------------------

def unlock_refused_early_for_locked_doors_only(game: Game, action: Unlock) -> GameObject:
    """A door already unlocked is not refused: unlocking it again is taken, its mana cost
    paid, and nothing happens (CR 709.5e: only a locked door can be unlocked)."""
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
    if state.active_player != action.player or not state.step.is_main_phase:
        raise IllegalAction("doors can be unlocked only in a main phase of your turn")
    if state.stack:
        raise IllegalAction("doors can be unlocked only while the stack is empty")
    return obj


# -- triggers --------------------------------------------------------------------------------

def declare_attackers_announcing_none(game: Game, action: DeclareAttackers,
                                      defender: str) -> None:
    """The declaration of attackers is announced whether or not any creature attacks:
    "whenever you attack" triggers in a combat where its controller attacks with nothing
    (CR 508.3d: it triggers if one or more creatures are declared as attackers)."""
    combat_ = Combat()
    game.state.combat = combat_
    for object_id in action.attackers:
        obj = game.state.objects[object_id]
        if "Vigilance" not in game.chars(obj).keywords:
            obj.tapped = True
        combat_.attackers[object_id] = defender
    game.emit("attackers_declared", player=action.player, objects=list(action.attackers))
    for object_id in action.attackers:
        game.emit("attacks", object=object_id, player=action.player, defender=defender)


def attacks_matching_blocks(game: Game, obj: GameObject, params: Any, event: Event,
                            ability: Ability) -> bool:
    """"Whenever this creature attacks" matches the creature blocking as well: a creature
    with an attack trigger that blocks triggers it (CR 508.3a: it triggers when the creature
    is declared as an attacker; blocking is another event, CR 509.1i)."""
    if event.kind not in ("attacks", "blocks"):
        return False
    attacker = str(event.data["object"])
    if params == "this":
        return attacker == obj.id
    found = game.state.objects.get(attacker)
    return found is not None and _filter_ok(game, obj, params, found, game.chars(found))


def enters_ignoring_types(game: Game, obj: GameObject, params: Any, event: Event,
                          ability: Ability) -> bool:
    """An "enters" trigger's filter is checked for who controls the permanent, not for its
    types: "whenever another enchantment you control enters" triggers when a creature
    enters (CR 603.2, 603.6a: the event must match the whole trigger condition)."""
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    entering_id = event.data["new_object"]
    if params == "this":
        return entering_id == obj.id
    entering = game.state.objects.get(str(entering_id))
    if entering is None:
        return False
    if params.get("controller") == "you" and entering.controller != obj.controller:
        return False
    if params.get("other") and entering.id == obj.id:
        return False
    return matches(game.chars(entering), {k: v for k, v in params.items() if k != "types"})


# -- continuous effects ----------------------------------------------------------------------

def modify_pt_of_the_first_target(game: Game, ctx: Context, params: Any) -> Flow:
    """A power and toughness change is given to the first of the spell's targets only: "up
    to two target creatures each get -2/-2" shrinks one of them (CR 608.2c, 611.2a: the
    effect applies to every object it names)."""
    gains = tuple(str(k) for k in params.get("gains") or ())
    for obj in _objects(game, ctx, params.get("what", "target"))[:1]:
        game.state.effects.append(ContinuousEffect(
            obj.id, int(params.get("power", 0)), int(params.get("toughness", 0)),
            "end_of_turn", game.state.tick(), gains))
    yield from ()


# -- durations -------------------------------------------------------------------------------

def end_combat_removing_damage(game: Game) -> None:
    """Damage wears off as combat ends: a blocker dealt 2 damage has none left in the second
    main phase (CR 514.2: damage is removed in the cleanup step; CR 511.3: creatures only
    stop attacking and blocking as combat ends)."""
    game.state.combat = None
    for obj in game.state.permanents():
        obj.damage = 0
        obj.damaged_by_deathtouch = False


# -- copies and tokens -----------------------------------------------------------------------

def create_token_copy_with_status(game: Game, ctx: Context, params: Any) -> Flow:
    """A token copy enters tapped when the original is tapped, as if being tapped were
    copied: a token copy of a tapped Bear can't attack or block (CR 707.2, 110.5b: status is
    not copied; a permanent enters untapped)."""
    for original in _objects(game, ctx, params.get("of", "target")):
        values = copy_of(original, token=True,
                         add_subtypes=tuple(params.get("add_subtypes") or ()))
        card = values.card if values.face_down else original.card
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.copy = values
        token.transformed = original.transformed and can_transform(token)
        token.tapped = original.tapped
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
    bug("stun-counter-removed-from-untapped-permanent", "counters",
        "https://github.com/phase-rs/phase/issues/676",
        _doc(untap_removing_stun_from_untapped),
        (GameObject, "untap", untap_removing_stun_from_untapped)),
    bug("flickered-permanent-returns-transformed", "zones",
        "https://github.com/phase-rs/phase/issues/3290",
        _doc(exile_and_return_keeping_the_face),
        (effects.EFFECTS, "exile_and_return", exile_and_return_keeping_the_face)),
    bug("turned-face-up-summoning-sick", "face-down",
        "https://github.com/magefree/mage/issues/9336",
        _doc(turn_face_up_summoning_sick), (casting, "turn_face_up", turn_face_up_summoning_sick)),
    bug("turned-face-up-without-priority", "timing",
        "https://github.com/magefree/mage/issues/1197",
        _doc(turn_face_up_without_priority),
        (casting, "turn_face_up", turn_face_up_without_priority)),
    bug("optional-copy-made-mandatory", "replacement-effects",
        "https://github.com/Card-Forge/forge/issues/3933",
        _doc(enter_as_copy_without_declining),
        (entering, "_enter_as_copy", enter_as_copy_without_declining)),
    bug("unlocked-door-unlocked-again", "rooms",
        "https://github.com/magefree/mage/issues/15651",
        _doc(unlock_refused_early_for_locked_doors_only),
        (rooms, "unlock_refused_early", unlock_refused_early_for_locked_doors_only)),
    bug("you-attack-with-no-attackers", "triggers",
        "https://github.com/magefree/mage/pull/13764",
        _doc(declare_attackers_announcing_none),
        (combat, "declare_attackers", declare_attackers_announcing_none)),
    bug("attack-trigger-on-blocking", "triggers",
        "https://github.com/magefree/mage/issues/6660",
        _doc(attacks_matching_blocks), (triggers.MATCHERS, "attacks", attacks_matching_blocks)),
    bug("enters-trigger-ignores-types", "triggers",
        "https://github.com/Card-Forge/forge/issues/11514",
        _doc(enters_ignoring_types), (triggers.MATCHERS, "enters", enters_ignoring_types)),
    bug("pt-change-to-the-first-target-only", "continuous-effects",
        "https://github.com/MedeaMelana/Magic/issues/22",
        _doc(modify_pt_of_the_first_target),
        (effects.EFFECTS, "modify_pt", modify_pt_of_the_first_target)),
    bug("damage-wears-off-as-combat-ends", "durations",
        "https://github.com/magefree/mage/pull/10705",
        _doc(end_combat_removing_damage), (combat, "end_combat", end_combat_removing_damage)),
    bug("token-copy-enters-tapped", "copies",
        "https://github.com/magefree/mage/issues/8477",
        _doc(create_token_copy_with_status),
        (effects.EFFECTS, "create_token_copy", create_token_copy_with_status)),
]
