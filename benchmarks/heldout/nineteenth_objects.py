"""Held-out bugs, nineteenth batch: damage, mana value, triggers and their doubling and order,
linked abilities, copies, Rooms, transform and continuous effects -- damage marked on a
creature taken off its toughness (CR 120.3, 704.5g); the colorless symbol {C} left out of
mana value (CR 202.3, 107.4c); two "triggers an additional time" statics adding one instance
between them (CR 603.2d); a delayed triggered ability dropped once the spell that created it
is gone (CR 603.7a, 603.7d); "whenever a creature you control attacks" triggering once per
combat (CR 508.3a); "at the beginning of your end step" triggering in every player's end step
(CR 513.1); the active player ordering the other player's triggered abilities (CR 603.3b,
101.4); an ability linked to an exile ability finding the cards another
permanent of its name exiled (CR 607.2a); a permanent entering as a copy taking the keywords
its original gained from effects (CR 707.2); a Room's door abilities repeated for each
unlocked door (CR 709.5); "until end of turn" effects ended by transforming (CR 712.18, 611.2);
"activated abilities of sources with the chosen name" read from the printed name
(CR 707.2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from conformance.contract.types import Choice, Event, Option
from conformance.engines.reference import (
    casting, characteristics, effects, entering, mana, triggers,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import (
    FACE_DOWN, Characteristics, _mana_value, _matches, _number, _per_card_power, _printed,
    _union, can_transform, face_colors, faces_in_effect, gained_keywords,
)
from conformance.engines.reference.copies import cast_copy, copy_of
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context, _objects
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, PendingTrigger, StackAbility
from conformance.engines.reference.targets import choose_targets, label, matches
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- damage and mana value ---------------------------------------------------------------------

def power_and_toughness_less_damage(game: Any, obj: GameObject, base: Characteristics,
                                    abilities: Any) -> tuple[int, int]:
    """The damage marked on a creature is taken off its toughness, as if damage wore the
    creature down: Ogre (4/4) dealt 2 damage by Shock is a 4/2, and as 2 damage is now lethal
    to it, it dies (CR 120.3e, 704.5g: damage is marked on the creature and compared with its
    toughness, which it doesn't change)."""
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
    return power + plus, toughness + plus - obj.damage  # what is left of it


def mana_value_without_colorless_symbols(cost: str | None, x: int = 0) -> int:
    """The colorless mana symbol {C} counts for nothing in mana value, as if only numbers
    and colored symbols did: Spatial Contortion ({1}{C}) has mana value 1 (CR 202.3, 107.4c:
    every mana symbol but X counts; {C} counts 1)."""
    return sum(mana.symbol_value(s, x) for s in mana.symbols(cost) if s != "C")


# -- triggers ----------------------------------------------------------------------------------

def additional_instances_counted_once(game: Game, source: GameObject, event: Event) -> int:
    """"That ability triggers an additional time" adds one instance however many statics
    say it: with two Doublers, Greeter triggers twice when a creature enters, not three times
    (CR 603.2d: each such effect adds an instance)."""
    if source.zone is not Zone.BATTLEFIELD:
        return 0
    extra = 0
    for rule in triggers._additional_time_rules(game, source.controller, event):
        entering_ = rule.get("entering") if isinstance(rule, dict) else None
        if entering_ and not triggers._caused_by_entering(game, event, tuple(entering_)):
            continue
        dying = rule.get("dying") if isinstance(rule, dict) else None
        if dying and not triggers._caused_by_dying(game, event, tuple(dying)):
            continue
        extra += 1
    return min(extra, 1)  # one more instance, whatever the number of statics


def delayed_dropped_without_its_source(game: Game, event: Event) -> None:
    """A delayed triggered ability is dropped when the object that created it is gone: the
    token Fleeting Mirror makes is never sacrificed, the instant having left the stack as
    it resolved (CR 603.7a, 603.7d: a spell's delayed triggered ability has that spell as its
    source, and triggers when its moment comes, the spell long gone)."""
    if event.kind != "step_began":
        return
    state = game.state
    for delayed in list(state.delayed):
        if delayed.step != event.data["step"] or state.active_player != delayed.controller:
            continue
        state.delayed.remove(delayed)
        if delayed.source not in state.objects:
            continue  # nothing left to trigger from
        ability = Ability("triggered", 0, -1, {}, effects=delayed.effects,
                          text=f"delayed trigger of {delayed.source_card.name}")
        state.pending_triggers.append(PendingTrigger(
            delayed.source, delayed.source_card, ability, delayed.controller,
            {"kind": "delayed", "objects": list(delayed.objects)}))


def _attacks_once_per_combat(game: Game, obj: GameObject, params: Any, event: Event,
                             ability: Any) -> bool:
    """"Whenever a creature you control attacks" triggers once per combat, for the first
    such attacker only: Hellrider attacking with two other creatures deals 1 damage to the
    defending player once, not three times (CR 508.3a: the ability triggers for each
    creature declared as an attacker that matches)."""
    if event.kind != "attacks":
        return False
    attacker = str(event.data["object"])
    if params == "this":
        return attacker == obj.id
    found = game.state.objects.get(attacker)
    if found is None or not triggers._filter_ok(game, obj, params, found, game.chars(found)):
        return False
    combat_ = game.state.combat
    matching = [a for a in (combat_.attackers if combat_ is not None else ())
                if (o := game.state.objects.get(a)) is not None
                and triggers._filter_ok(game, obj, params, o, game.chars(o))]
    return bool(matching) and matching[0] == attacker  # this combat's first one


def _end_step_of_any_player(game: Game, obj: GameObject, params: Any, event: Event,
                            ability: Any) -> bool:
    """"At the beginning of your end step" triggers at the beginning of every end step:
    Shapeshifter gains its controller 1 life in the other player's end step too (CR 513.1:
    "your" end step is the end step of your own turn)."""
    return event.kind == "step_began" and event.data["step"] == Step.END.value


def put_on_stack_ordered_by_the_active_player(game: Game) -> Flow:
    """Simultaneous triggered abilities are ordered by the active player, theirs and the
    other player's alike: Bob's Watchful Shrine and Greeter, triggering as his Ambush Viper
    enters in Alice's turn, are put on the stack in the order Alice chooses (CR 603.3b,
    101.4: each player puts their own triggered abilities on the stack in the order they
    choose)."""
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        for player in state.apnap():
            mine = [t for t in waiting if t.controller == player]
            ordered = yield from triggers.order_triggers(game, state.active_player, mine)
            for trigger in ordered:
                text = trigger.ability.text or "a triggered ability"
                targets_ = yield from choose_targets(
                    game, trigger.ability.target, player, None,
                    f"targets for {trigger.source_card.name}: {text}")
                if targets_ is None:
                    game.events.append(Event("ability_removed", {
                        "source": trigger.source, "reason": "no legal targets"}))
                    continue
                division = yield from announce(game, player, trigger.ability, targets_, text)
                item = StackAbility(state.new_id(), trigger.source, trigger.source_card,
                                    trigger.ability, player, targets_, event=trigger.event)
                state.stack.append(item)
                record(game, item.id, division)


# -- linked abilities and copies ---------------------------------------------------------------

def copy_linked_by_name_and_cast(game: Game, ctx: Context, params: Any) -> Flow:
    """The cards an ability is linked to are found by its source's name: a second Scepter
    copies the card the first Scepter exiled, though its own "when this artifact enters"
    exiled nothing (CR 607.2a: a linked ability refers only to the cards exiled by the other
    ability of the same object)."""
    state = game.state
    name = ctx.source_card.name

    def named(source: str) -> bool:
        obj = state.objects.get(source)
        if obj is not None:
            return obj.copiable_card.name == name
        known = game.last_known.get(source)
        return known is not None and name in known.names

    remaining = [i for (source, link), ids in list(state.linked.items())
                 if link == str(params) and named(source)
                 for i in ids if i in state.objects]
    while remaining:
        options = tuple(Option(i, label(game, i)) for i in remaining)
        chosen = yield Choice("cards", ctx.controller,
                              "cast a copy of an exiled card next (or none)", options, 0, 1)
        if not chosen:
            break
        remaining.remove(chosen[0])
        yield from cast_copy(game, ctx.controller, chosen[0])


def _enter_as_copy_with_gained_keywords(game: Game, new: GameObject, params: Any) -> Flow:
    """A permanent entering as a copy takes the keywords its original has gained from
    effects, as if they were printed: a Clone copying a Bear that Mighty Leap gave flying
    has flying, and keeps it after the turn (CR 707.2: the copiable values are those printed
    on the original, changed only by other copy effects)."""
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
        gained = tuple(sorted(gained_keywords(game.state, original)))  # as it is now
        new.copy = copy_of(original, token=new.token,
                           add_types=tuple(rule.get("add_types") or ()), add_keywords=gained)
        if new.token:
            new.transformed = original.transformed and can_transform(new)


# -- Rooms, transform and continuous effects ---------------------------------------------------

def copiable_values_with_door_abilities_per_unlock(obj: GameObject, abilities: Any
                                                   ) -> Characteristics:
    """A Room's door abilities are registered again each time one of its doors is unlocked:
    with both doors unlocked, Right Hall's "at the beginning of your end step, you gain 2
    life" triggers twice (CR 709.5: the Room has each unlocked door's abilities once)."""
    if obj.face_down:
        return FACE_DOWN
    copy = obj.copy
    if copy is not None and copy.face_down:
        return replace(FACE_DOWN, types=_union(FACE_DOWN.types, copy.add_types),
                       subtypes=copy.add_subtypes, keywords=copy.add_keywords)
    card = obj.copiable_card
    indexes = faces_in_effect(obj)
    faces = [card.faces[i] for i in indexes]
    if faces:
        types = _union(*(f.types for f in faces))
        subtypes = _union(*(f.subtypes for f in faces))
        supertypes = _union(*(f.supertypes for f in faces))
    else:
        types, subtypes, supertypes = card.faces[0].types, card.faces[0].subtypes, ()
    if copy is not None:
        types = _union(types, copy.add_types)
        subtypes = _union(subtypes, copy.add_subtypes)
    face_abilities = abilities.get(card.name, ())
    unlocks = len(obj.unlocked) if card.is_room and obj.zone is Zone.BATTLEFIELD else 1
    return Characteristics(
        names=tuple(f.name for f in faces),
        mana_value=_mana_value(obj, indexes),
        colors=_union(*(face_colors(f) for f in faces)),
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        power=next((_number(f.power) for f in faces if f.power is not None), None),
        toughness=next((_number(f.toughness) for f in faces if f.toughness is not None), None),
        abilities=tuple(text for f in faces for text in f.ability_texts)
        + tuple(a.text for a in obj.granted),
        ability_defs=tuple(a for _ in range(max(1, unlocks)) for i in indexes
                           if i < len(face_abilities) for a in face_abilities[i])
        + obj.granted,  # once more for each door unlocked
        keywords=_union(*(f.keywords for f in faces), copy.add_keywords if copy else ()),
    )


def transform_ending_its_effects(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent that transforms loses the "until end of turn" effects on it, as if its
    other face were another object: Day Wolf given +3/+3 by Growth and then transformed is a
    4/4 Night Wolf (CR 712.18: it is the same object, and the effects that applied to it
    still do; CR 611.2)."""
    for obj in _objects(game, ctx, params):
        if can_transform(obj):
            obj.transformed = not obj.transformed
            game.state.effects = [e for e in game.state.effects if e.object != obj.id]
            game.emit("transformed", object=obj.id)
    yield from ()


def _check_not_prevented_by_printed_name(game: Game, source: GameObject,
                                         ability: Ability) -> None:
    """"Activated abilities of sources with the chosen name can't be activated" looks at
    the name printed on the source's card: a Clone copying Day Wolf can pay {1} to transform
    while Needle names Day Wolf (CR 707.2: the source's name is the one it has now,
    the copied one for a copy)."""
    names = set(source.card.face_names)  # the card's own
    for permanent, _ability, rule in game.statics("prevent_activation"):
        spec = rule if isinstance(rule, Mapping) else {"source": rule}
        if spec.get("except") == "mana_abilities" and ability.params.get("mana_ability"):
            continue
        if spec.get("source") == "chosen_name" and permanent.chosen_name in names:
            raise IllegalAction(f"{permanent.card.name} prevents activating abilities of "
                                f"sources named {permanent.chosen_name}")


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("marked-damage-lowers-toughness", "damage",
        "https://github.com/magefree/mage/issues/7591",
        _doc(power_and_toughness_less_damage),
        (characteristics, "_power_and_toughness", power_and_toughness_less_damage)),
    bug("colorless-symbol-left-out-of-mana-value", "mana",
        "https://github.com/alp82/manaschmiede/issues/37",
        _doc(mana_value_without_colorless_symbols),
        (mana, "mana_value", mana_value_without_colorless_symbols)),
    bug("two-doublers-add-one-instance", "trigger-doubling",
        "https://github.com/magefree/mage/issues/5434",
        _doc(additional_instances_counted_once),
        (triggers, "additional_instances", additional_instances_counted_once)),
    bug("delayed-trigger-dropped-with-its-source", "triggers",
        "https://github.com/phase-rs/phase/issues/478",
        _doc(delayed_dropped_without_its_source),
        (triggers, "_delayed", delayed_dropped_without_its_source)),
    bug("creature-attacks-trigger-once-per-combat", "attack-triggers",
        "https://github.com/phase-rs/phase/issues/4264",
        _doc(_attacks_once_per_combat),
        (triggers.MATCHERS, "attacks", _attacks_once_per_combat)),
    bug("your-end-step-trigger-at-every-end-step", "step-triggers",
        "https://github.com/magefree/mage/issues/4581",
        _doc(_end_step_of_any_player),
        (triggers.MATCHERS, "beginning_of_end_step", _end_step_of_any_player)),
    bug("trigger-order-chosen-by-the-active-player", "trigger-order",
        "https://github.com/Ashteki/ashteki/issues/196",
        _doc(put_on_stack_ordered_by_the_active_player),
        (triggers, "put_on_stack", put_on_stack_ordered_by_the_active_player)),
    bug("linked-exile-found-by-name", "linked-abilities",
        "https://github.com/phase-rs/phase/issues/6449",
        _doc(copy_linked_by_name_and_cast),
        (effects.EFFECTS, "copy_linked_and_cast", copy_linked_by_name_and_cast)),
    bug("copy-takes-keywords-gained-from-effects", "copies",
        "https://github.com/magefree/mage/issues/6416",
        _doc(_enter_as_copy_with_gained_keywords),
        (entering, "_enter_as_copy", _enter_as_copy_with_gained_keywords)),
    bug("room-door-abilities-repeated-per-unlocked-door", "rooms",
        "https://github.com/magefree/mage/pull/15704",
        _doc(copiable_values_with_door_abilities_per_unlock),
        (characteristics, "_copiable_values", copiable_values_with_door_abilities_per_unlock)),
    bug("transform-ends-until-end-of-turn-effects", "transform",
        "https://github.com/WagicProject/wagic/issues/1065",
        _doc(transform_ending_its_effects),
        (effects.EFFECTS, "transform", transform_ending_its_effects)),
    bug("chosen-name-read-from-the-printed-card", "continuous-effects",
        "https://github.com/magefree/mage/issues/1072",
        _doc(_check_not_prevented_by_printed_name),
        (casting, "_check_not_prevented", _check_not_prevented_by_printed_name)),
]
