"""Held-out bugs, sixteenth batch: triggers, Rooms, face-down permanents, transform, continuous
effects, copies, tokens, counters, replacement effects and damage -- "at the beginning of"
abilities of creatures with summoning sickness not triggering (CR 603.2, 302.6); a Room spell
entering with its left door unlocked whichever half was cast (CR 709.5d); damage removed from
a permanent turned face up (CR 708.8, 120.3); a creature that transforms removed from combat
(CR 712.18, 506.4); an anthem applying only to the creatures there when it entered
(CR 611.3a, 613.7); a copy's supertypes taken from its own card (CR 707.2); a token copy
taking the original's "as this enters" choices instead of making its own (CR 707.2, 614.12);
+1/+1 counters raising power only (CR 122.1a, 613.4c); "as this enters" replacement effects
applied only to permanent spells resolving (CR 614.1c, 614.12); deathtouch read from the
creature dealt damage instead of from its source (CR 702.2b)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import PLAYER_OPTION_PREFIX, Choice, Event, Option, TurnFaceUp
from conformance.engines.reference import (
    casting, characteristics, combat, damage, effects, engine, entering, lands, life, triggers,
    turn,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import (
    FACE_DOWN, Characteristics, _matches, _per_card_power, _printed, _union, can_transform,
    face_colors, faces_in_effect, is_permanent_card, is_transforming,
)
from conformance.engines.reference.casting import morph_cost
from conformance.engines.reference.copies import copy_of
from conformance.engines.reference.damage import change_life
from conformance.engines.reference.dividing import division_of
from conformance.engines.reference.effects import Context, _objects, legal_now, run_effects
from conformance.engines.reference.entering import _as_it_enters, add_counters
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.rooms import unlock
from conformance.engines.reference.state import DelayedTrigger, GameObject, GameState
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Step, Zone

from . import HeldOut, bug


# -- triggers --------------------------------------------------------------------------------

def _beginning_of_unless_summoning_sick(step: Step) -> Any:
    def matcher(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
        """"At the beginning of" abilities of a creature with summoning sickness don't
        trigger, as if summoning sickness stopped every ability of the creature: Shapeshifter,
        which entered this turn, gains its controller nothing at the beginning of their end
        step (CR 603.2, 302.6: summoning sickness stops a creature attacking and paying {T}
        costs; its triggered abilities trigger as any others)."""
        if event.kind != "step_began" or event.data["step"] != step.value:
            return False
        if obj.summoning_sick and "Creature" in game.chars(obj).types:
            return False  # not there since the turn began
        return params == "each" or game.state.active_player == obj.controller
    return matcher


_END_STEP = _beginning_of_unless_summoning_sick(Step.END)


# -- Rooms -----------------------------------------------------------------------------------

def resolve_spell_unlocking_the_first_door(game: Game, spell: GameObject) -> Flow:
    """A Room spell resolves into a permanent with its first door unlocked, whichever half was
    cast: Right Hall, cast and resolved, enters as Left Hall, and Left Hall's "when you
    unlock this door" triggers (CR 709.5d: the door of the half that was cast becomes
    unlocked as the Room enters)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x, division=division_of(game, spell.id))
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None, ctx)
    if spell.targets and not ctx.legal_targets:  # every target illegal: it doesn't resolve
        game.move(spell, Zone.GRAVEYARD)
        return
    if is_permanent_card(chars):
        door = Door.LEFT if spell.copiable_card.is_room else None  # the Room's first door
        permanent = yield from entering.put_onto_battlefield(
            game, spell, controller=spell.controller, door=door, face_down=spell.face_down,
            x=spell.x)
        if permanent is not None and "Aura" in chars.subtypes and ctx.legal_targets:
            permanent.attached_to = ctx.legal_targets[0]  # an Aura spell's target (CR 303.4f)
        return
    if spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.GRAVEYARD)


# -- face-down permanents --------------------------------------------------------------------

def turn_face_up_removing_damage(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up removes the damage marked on it: a face-down
    Battering Craghorn dealt 1 damage survives being turned face up as a 3/1 (CR 708.8,
    120.3e: it stays the same permanent, and the damage marked on it stays)."""
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
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    obj.damage = 0  # revealed as the card it is
    obj.damaged_by_deathtouch = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


# -- transform -------------------------------------------------------------------------------

def transform_removing_from_combat(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent that transforms is removed from combat, as if it were a new object: Day
    Wolf, attacking, transforms into Night Wolf and deals no combat damage (CR 712.18,
    506.4: it is the same permanent, and it stays attacking)."""
    for obj in _objects(game, ctx, params):
        if can_transform(obj):
            obj.transformed = not obj.transformed
            state_combat = game.state.combat
            if state_combat is not None:  # the other face was never in this combat
                state_combat.attackers.pop(obj.id, None)
                state_combat.blockers.pop(obj.id, None)
            game.emit("transformed", object=obj.id)
    yield from ()


# -- continuous effects and counters ---------------------------------------------------------

def power_and_toughness_anthem_locked_in(game: GameState, obj: GameObject,
                                         base: Characteristics,
                                         abilities: Any) -> tuple[int, int]:
    """An anthem's bonus is given to the creatures that were on the battlefield when its
    source entered, not to those that entered later: with Glorious Anthem, a Bear cast
    afterwards is a 2/2 (CR 611.3a: a static ability's effect applies at any moment to
    whatever its text indicates; it is not locked in)."""
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
            if anthem and source.controller == obj.controller and _matches(base, anthem) \
                    and obj.timestamp < source.timestamp:  # there when the anthem came
                power += int(anthem.get("power", 0))
                toughness += int(anthem.get("toughness", 0))
    for effect in sorted(game.effects, key=lambda e: e.timestamp):
        if effect.object == obj.id:
            power += effect.power
            toughness += effect.toughness
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return power + plus, toughness + plus


def power_and_toughness_counters_on_power(game: GameState, obj: GameObject,
                                          base: Characteristics,
                                          abilities: Any) -> tuple[int, int]:
    """+1/+1 and -1/-1 counters change a creature's power only: Ainok Bond-Kin (2/1) with a
    +1/+1 counter from its outlast is a 3/1 (CR 122.1a, 613.4c: a +1/+1 counter gives +1/+1,
    to toughness as to power)."""
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
    return power + plus, toughness


# -- copies and tokens -----------------------------------------------------------------------

def copiable_values_keeping_own_supertypes(obj: GameObject, abilities: Any) -> Characteristics:
    """A copy takes its supertypes from its own card, not from what it copies: a Clone that
    entered as a copy of Legend is not legendary, and the legend rule leaves both
    (CR 707.2: supertypes are copiable values, taken from the object copied)."""
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
        supertypes = _union(*(f.supertypes for f in obj.card.faces))  # the copy's own card
    face_abilities = abilities.get(card.name, ())
    return Characteristics(
        names=tuple(f.name for f in faces),
        mana_value=characteristics._mana_value(obj, indexes),
        colors=_union(*(face_colors(f) for f in faces)),
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        power=next((characteristics._number(f.power) for f in faces if f.power is not None),
                   None),
        toughness=next((characteristics._number(f.toughness) for f in faces
                        if f.toughness is not None), None),
        abilities=tuple(text for f in faces for text in f.ability_texts)
        + tuple(a.text for a in obj.granted),
        ability_defs=tuple(a for i in indexes if i < len(face_abilities)
                           for a in face_abilities[i]) + obj.granted,
        keywords=_union(*(f.keywords for f in faces), copy.add_keywords if copy else ()),
    )


def create_token_copy_taking_the_originals_choices(game: Game, ctx: Context,
                                                   params: Any) -> Flow:
    """A token copy takes the "as this enters" choices the original made instead of making
    its own: Mirror's token copy of Needle enters naming what Needle named, and its
    controller is never asked for a name (CR 707.2, 614.12: a choice made as a permanent
    entered is not copied; the copy makes its own as it enters)."""
    for original in _objects(game, ctx, params.get("of", "target")):
        values = copy_of(original, token=True,
                         add_subtypes=tuple(params.get("add_subtypes") or ()))
        card = values.card if values.face_down else original.card  # nothing hidden shown
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.copy = values
        token.transformed = original.transformed and can_transform(token)
        token.keywords.update(params.get("gains") or ())
        token.summoning_sick = True
        token.chosen_name = original.chosen_name  # entered as the original did
        game.emit("token_created", object=token.id)
        game.emit("zone_changed", object=None, new_object=token.id, card=token.card.name,
                  **{"from": None, "to": Zone.BATTLEFIELD.value})
        entering._first_lore_counter(game, token)
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
    yield from ()


# -- replacement effects ---------------------------------------------------------------------

def put_onto_battlefield_as_enters_for_spells(game: Game, obj: GameObject, *,
                                              controller: str | None = None,
                                              door: Door | None = None,
                                              transformed: bool = False,
                                              face_down: bool = False, x: int = 0) -> Flow:
    """"As this enters" replacement effects are applied only to a permanent spell resolving:
    a Clone that copied a Bear, flickered, comes back as a 0/0 Clone without being offered a
    creature to copy, and dies (CR 614.1c, 614.12: they apply however the permanent enters
    the battlefield)."""
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
        yield from _as_it_enters(game, new, x)  # a spell resolving
    game.emit("zone_changed", object=obj.id, new_object=new.id, card=obj.card.name,
              **{"from": old_zone.value, "to": Zone.BATTLEFIELD.value})
    if new.token and old_zone is Zone.STACK:  # a copy of a permanent spell (CR 111.13)
        game.events.append(Event("token_created", {"object": new.id}))
    if door is not None:
        unlock(game, new, [door])
    entering._first_lore_counter(game, new)
    return new


# -- damage ----------------------------------------------------------------------------------

def deal_damage_deathtouch_of_the_recipient(game: Game, source: str,
                                            source_chars: Characteristics | None,
                                            controller: str, target: str, amount: int, *,
                                            combat: bool = False) -> int:
    """Deathtouch is looked for on the creature dealt damage instead of on its source: Deadly
    Pinger's 1 damage leaves an Ogre alive, and Shock destroys a Vampire Nighthawk (CR 702.2b:
    a creature dealt damage by a source with deathtouch is destroyed)."""
    if amount <= 0:
        return 0  # 0 or less damage is no damage (CR 120.8)
    keywords = set(source_chars.keywords) if source_chars is not None else set()
    if target.startswith(PLAYER_OPTION_PREFIX):
        player = target[len(PLAYER_OPTION_PREFIX):]
        change_life(game, player, -amount)
    else:
        obj = game.state.objects.get(target)
        if obj is None:
            return 0
        obj.damage += amount
        if "Deathtouch" in game.chars(obj).keywords:  # the creature's own
            obj.damaged_by_deathtouch = True
    game.emit("damage_dealt", source=source, to=target, amount=amount, combat=combat,
              controller=controller)
    if "Lifelink" in keywords:
        change_life(game, controller, amount)
    return amount


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_PUT = put_onto_battlefield_as_enters_for_spells
_DEAL = deal_damage_deathtouch_of_the_recipient

BUGS: list[HeldOut] = [
    bug("summoning-sick-creatures-step-triggers-skipped", "triggers",
        "https://github.com/phase-rs/phase/issues/723",
        _doc(_END_STEP),
        (triggers.MATCHERS, "beginning_of_end_step", _END_STEP),
        (triggers.MATCHERS, "beginning_of_precombat_main",
         _beginning_of_unless_summoning_sick(Step.PRECOMBAT_MAIN)),
        (triggers.MATCHERS, "beginning_of_draw_step",
         _beginning_of_unless_summoning_sick(Step.DRAW))),
    bug("room-enters-with-its-first-door-unlocked", "rooms",
        "https://github.com/phase-rs/phase/pull/8292",
        _doc(resolve_spell_unlocking_the_first_door),
        (turn, "_resolve_spell", resolve_spell_unlocking_the_first_door)),
    bug("damage-removed-when-turned-face-up", "face-down",
        "https://github.com/magefree/mage/issues/7091",
        _doc(turn_face_up_removing_damage),
        (casting, "turn_face_up", turn_face_up_removing_damage)),
    bug("transformed-attacker-removed-from-combat", "transform",
        "https://github.com/Card-Forge/forge/issues/7705",
        _doc(transform_removing_from_combat),
        (effects.EFFECTS, "transform", transform_removing_from_combat)),
    bug("anthem-locked-to-creatures-already-there", "continuous-effects",
        "https://github.com/magefree/mage/issues/3166",
        _doc(power_and_toughness_anthem_locked_in),
        (characteristics, "_power_and_toughness", power_and_toughness_anthem_locked_in)),
    bug("copy-keeps-its-own-supertypes", "copies",
        "https://github.com/phase-rs/phase/issues/685",
        _doc(copiable_values_keeping_own_supertypes),
        (characteristics, "_copiable_values", copiable_values_keeping_own_supertypes)),
    bug("token-copy-takes-the-originals-choices", "tokens",
        "https://github.com/magefree/mage/issues/4041",
        _doc(create_token_copy_taking_the_originals_choices),
        (effects.EFFECTS, "create_token_copy", create_token_copy_taking_the_originals_choices)),
    bug("plus-counters-raise-power-only", "counters",
        "https://github.com/phase-rs/phase/issues/4393",
        _doc(power_and_toughness_counters_on_power),
        (characteristics, "_power_and_toughness", power_and_toughness_counters_on_power)),
    bug("as-enters-replacements-only-for-spells", "replacement-effects",
        "https://github.com/magefree/mage/issues/8922",
        _doc(put_onto_battlefield_as_enters_for_spells),
        (entering, "put_onto_battlefield", _PUT), (turn, "put_onto_battlefield", _PUT),
        (effects, "put_onto_battlefield", _PUT), (lands, "put_onto_battlefield", _PUT),
        (engine, "put_onto_battlefield", _PUT)),
    bug("deathtouch-read-from-the-creature-dealt-damage", "damage",
        "https://github.com/magefree/mage/issues/2378",
        _doc(deal_damage_deathtouch_of_the_recipient),
        (damage, "deal_damage", _DEAL), (combat, "deal_damage", _DEAL),
        (life, "deal_damage", _DEAL)),
]
