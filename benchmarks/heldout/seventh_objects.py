"""Held-out bugs, seventh batch: counters, zone and face changes, triggered abilities,
continuous effects, copies and Rooms -- "enters with X counters" reading X from the
permanent (CR 107.3m, 122.6); a face-down spell resolving face up (CR 708.4, 702.37c), a
flickered permanent returning under the control of the flicker's controller (CR 110.2,
400.7); an ability triggering once for each of its trigger conditions one event meets
(CR 603.2c); an anthem for every player's creatures (CR 611.3a, 613.4c); a copy of a token
becoming a token (CR 707.2, 111.1); a door unlocked with a spell on the stack (CR 709.5e,
116.2m), a Room's mana value counting its locked door (CR 709.5, 202.3)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import Choice, Event, Option, Unlock
from conformance.engines.reference import (
    characteristics, effects, entering, mana, rooms, triggers, turn,
)
from conformance.engines.reference.characteristics import (
    Characteristics, _matches, _per_card_power, _printed, can_transform, is_permanent_card,
    is_split,
)
from conformance.engines.reference.copies import copy_of
from conformance.engines.reference.dividing import division_of
from conformance.engines.reference.effects import Context, legal_now, run_effects
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, GameState, PendingTrigger
from conformance.engines.reference.targets import label, matches
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Zone

from . import HeldOut, bug


# -- counters --------------------------------------------------------------------------------

def as_it_enters_reading_x_from_the_permanent(game: Game, new: GameObject, x: int) -> Flow:
    """"Enters with X +1/+1 counters" reads X from the permanent that entered, on which X is
    0: an Endless One cast for X=3 enters with no counters and dies (CR 107.3m, 122.6: X is
    the value chosen for the spell it was)."""
    if new.face_down:
        return
    for ability in game.chars(new).ability_defs:
        if ability.kind != "as_enters":
            continue
        params = ability.params
        if "copy" in params:
            yield from entering._enter_as_copy(game, new, params)
        if "choose_card_name" in params:
            options = tuple(Option(name, name) for name in entering._name_options(game))
            (name,) = yield Choice("name", new.controller,
                                   f"choose a card name for {new.card.name}", options)
            new.chosen_name = name
            game.events.append(Event("name_chosen", {"object": new.id, "name": name}))
    for ability in game.chars(new).ability_defs:
        if ability.kind == "as_enters" and "counters" in ability.params:
            for kind, amount in ability.params["counters"].items():
                count = new.x if amount == "X" else int(amount)
                if count:
                    new.counters[kind] = new.counters.get(kind, 0) + count


# -- zone and face changes -------------------------------------------------------------------

def resolve_spell_face_up(game: Game, spell: GameObject) -> Flow:
    """A permanent spell resolves into a permanent that enters face up, whether or not the
    spell was face down: a morph cast for {3} enters as the card it is, its "enters"
    abilities triggering (CR 708.4, 702.37c: it enters face down)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x, division=division_of(game, spell.id))
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None, ctx)
    if spell.targets and not ctx.legal_targets:
        game.move(spell, Zone.GRAVEYARD)
        return
    if is_permanent_card(chars):
        door = spell.cast_door if spell.copiable_card.is_room else None
        permanent = yield from put_onto_battlefield(
            game, spell, controller=spell.controller, door=door, x=spell.x)
        if permanent is not None and "Aura" in chars.subtypes and ctx.legal_targets:
            permanent.attached_to = ctx.legal_targets[0]
        return
    if spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.GRAVEYARD)


def exile_and_return_under_its_controller(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent exiled and returned "under its owner's control" returns under the control
    of whoever controls the effect: a Flicker cast on an opponent's creature keeps it
    (CR 110.2, 610.3c: it returns under its owner's control)."""
    for obj in effects._objects(game, ctx, params.get("what", "this")):
        exiled = game.move(obj, Zone.EXILE)
        if exiled is not None:
            yield from put_onto_battlefield(game, exiled, controller=ctx.controller,
                                            transformed=bool(params.get("transformed")))


# -- triggered abilities ---------------------------------------------------------------------

def check_counting_each_condition(game: Game, event: Event) -> None:
    """An ability with two trigger conditions ("whenever this creature or another Ally
    enters") triggers once for each condition the event meets: the creature entering
    triggers it twice (CR 603.2c: an ability triggers once each time its trigger event
    occurs)."""
    triggers._delayed(game, event)
    for obj, chars, departed in triggers._sources(game, event):
        for ability in chars.ability_defs:
            if ability.kind != "triggered":
                continue
            if departed and not any(name in triggers.LOOKS_BACK for name, _ in ability.events):
                continue
            times = sum(int(triggers.MATCHERS[name](game, obj, params, event, ability))
                        for name, params in ability.events)
            if not times:
                continue
            if ability.condition and not triggers.condition_holds(game, obj.controller, obj.id,
                                                                  ability.condition):
                continue
            for _ in range(times * (1 + triggers.additional_instances(game, obj, event))):
                game.state.pending_triggers.append(
                    PendingTrigger(obj.id, obj.copiable_card, ability, obj.controller,
                                   dict(event.data, kind=event.kind)))
                game.events.append(Event("ability_triggered", {
                    "source": obj.id, "ability": ability.index, "text": ability.text}))


# -- continuous effects ----------------------------------------------------------------------

def power_and_toughness_anthems_for_all(game: GameState, obj: GameObject,
                                        base: Characteristics,
                                        abilities: Any) -> tuple[int, int]:
    """An anthem's bonus is given to every creature its filter matches, whoever controls it:
    "Creatures you control get +1/+1" pumps the opponents' creatures too (CR 611.3a,
    109.5: "you control" is its controller's)."""
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
            if anthem and _matches(base, anthem):
                power += int(anthem.get("power", 0))
                toughness += int(anthem.get("toughness", 0))
    for effect in sorted(game.effects, key=lambda e: e.timestamp):
        if effect.object == obj.id:
            power += effect.power
            toughness += effect.toughness
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return power + plus, toughness + plus


# -- copies ----------------------------------------------------------------------------------

def enter_as_copy_of_a_token_as_a_token(game: Game, new: GameObject, params: Any) -> Flow:
    """A permanent entering as a copy of a token becomes a token itself, as if being a token
    were copied: a Clone copying a Soldier token ceases to exist when it leaves the
    battlefield (CR 707.2, 111.1: being a token is not a copiable value)."""
    rule = params["copy"]
    found = [obj for obj in game.state.permanents()
             if obj.id != new.id and matches(game.chars(obj), rule)]
    if not found:
        return
    options = tuple(Option(obj.id, label(game, obj.id)) for obj in found)
    minimum = 0 if rule.get("optional", True) else 1
    chosen = yield Choice("cards", new.controller, f"{new.card.name} enters as a copy of",
                          options, minimum, 1)
    for object_id in chosen:
        original = game.state.objects[object_id]
        new.token = new.token or original.token
        new.copy = copy_of(original, token=new.token,
                           add_types=tuple(rule.get("add_types") or ()))
        if new.token:
            new.transformed = original.transformed and can_transform(new)


# -- Rooms -----------------------------------------------------------------------------------

def unlock_refused_early_ignoring_stack(game: Game, action: Unlock) -> GameObject:
    """Unlocking a door checks the turn and the phase, not the stack: a door can be unlocked
    in response to a spell in its controller's main phase (CR 709.5e, 116.2m: only when
    they could cast a sorcery)."""
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
    if action.door in obj.unlocked:
        raise IllegalAction(f"the {action.door.value} door is already unlocked")
    return obj


def mana_value_of_split_cards_combined(obj: GameObject, indexes: tuple[int, ...]) -> int:
    """A split card's mana value is its halves' combined everywhere but on the stack: a
    Room on the battlefield counts its locked door's mana cost too (CR 709.5, 709.4: on the
    battlefield, only its unlocked doors')."""
    card = obj.copiable_card
    x = obj.x if obj.zone is Zone.STACK else 0
    if can_transform(obj):
        return mana.mana_value(card.faces[0].mana_cost, x)
    if is_split(card) and obj.zone is not Zone.STACK:
        return sum(mana.mana_value(face.mana_cost, x) for face in card.faces)
    return sum(mana.mana_value(card.faces[i].mana_cost, x) for i in indexes)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("enters-with-x-counters-reads-zero", "counters",
        "https://github.com/wingedsheep/argentum-engine/pull/591",
        _doc(as_it_enters_reading_x_from_the_permanent),
        (entering, "_as_it_enters", as_it_enters_reading_x_from_the_permanent)),
    bug("face-down-spell-enters-face-up", "face-down",
        "https://github.com/Cockatrice/Cockatrice/issues/333",
        _doc(resolve_spell_face_up), (turn, "_resolve_spell", resolve_spell_face_up)),
    bug("flickered-permanent-returns-to-its-flickerer", "zones",
        "https://github.com/magefree/mage/issues/5084",
        _doc(exile_and_return_under_its_controller),
        (effects.EFFECTS, "exile_and_return", exile_and_return_under_its_controller)),
    bug("trigger-once-per-condition-met", "triggers",
        "https://github.com/magefree/mage/issues/7509",
        _doc(check_counting_each_condition), (triggers, "check", check_counting_each_condition)),
    bug("anthem-pumps-every-players-creatures", "continuous-effects",
        "https://github.com/magefree/mage/issues/7776",
        _doc(power_and_toughness_anthems_for_all),
        (characteristics, "_power_and_toughness", power_and_toughness_anthems_for_all)),
    bug("copy-of-a-token-is-a-token", "copies",
        "https://github.com/keyteki/keyteki/issues/3384",
        _doc(enter_as_copy_of_a_token_as_a_token),
        (entering, "_enter_as_copy", enter_as_copy_of_a_token_as_a_token)),
    bug("door-unlocked-over-a-spell", "rooms",
        "https://github.com/Card-Forge/forge/issues/6033",
        _doc(unlock_refused_early_ignoring_stack),
        (rooms, "unlock_refused_early", unlock_refused_early_ignoring_stack)),
    bug("room-mana-value-counts-locked-door", "rooms",
        "https://github.com/Card-Forge/forge/pull/6044",
        _doc(mana_value_of_split_cards_combined),
        (characteristics, "_mana_value", mana_value_of_split_cards_combined)),
]
