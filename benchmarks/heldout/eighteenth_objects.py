"""Held-out bugs, eighteenth batch: damage, triggers, counters, continuous effects, copies,
Rooms, face-down permanents and transform -- lifelink gaining life once for a source that
deals its combat damage to several recipients at once (CR 702.15b, 510.2); deathtouch
forgotten when the same creature is dealt other damage after it (CR 702.2b, 704.5h); a
"deals combat damage to a player" ability triggering once per combat rather than once per
combat damage step (CR 510.3a, 702.4); a permanent turned face up losing its counters
(CR 708.8, 122.1); an anthem leaving out tokens (CR 111.1, 613.4c); a "whenever you cast a
spell" ability of the spell being cast triggering on its own casting (CR 603.2, 113.6);
"another" read as "not of the same name" (CR 201.5, 603.6a); a copy getting the copied card's
text but keeping its own abilities (CR 707.2); a copy cast by an effect left out of the spells
cast this turn (CR 707.12, 601.2i); unlocking a door seen as the Room entering (CR 709.5,
603.6a); a spell cost reduction applied to turning a permanent face up (CR 702.37e, 601.2f);
damage removed from a permanent that transforms (CR 712.18, 120.3)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from conformance.contract.types import PLAYER_OPTION_PREFIX, Event, TurnFaceUp
from conformance.engines.reference import (
    casting, characteristics, combat, damage, effects, entering, life, rooms, triggers,
)
from conformance.engines.reference.characteristics import (
    FACE_DOWN, Characteristics, _mana_value, _number, _union, can_transform, face_colors,
    faces_in_effect, _per_card_power, _printed, _matches,
)
from conformance.engines.reference.casting import morph_cost
from conformance.engines.reference.damage import change_life
from conformance.engines.reference.effects import Context, _objects
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import CopyEffect, GameObject
from conformance.engines.reference.targets import choose_targets, matches
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Zone

from . import HeldOut, bug


# -- damage ------------------------------------------------------------------------------------

def deal_with_lifelink_once_per_source(game: Game,
                                       assignments: list[tuple[str, Characteristics, str, str,
                                                               int]]) -> None:
    """A creature with lifelink that deals combat damage to several creatures or players at
    once makes its controller gain life for the first share only: Vampire Nighthawk blocked
    by two creatures and dividing its 2 damage between them gains its controller 1 life
    (CR 702.15b, 510.2: damage dealt by a source with lifelink makes its controller gain that
    much life, all of it)."""
    to_players: dict[tuple[str, str], list[str]] = defaultdict(list)
    gained: set[str] = set()
    for source, chars, controller, target, amount in assignments:
        dealing = chars
        if source in gained and "Lifelink" in chars.keywords:
            dealing = replace(chars, keywords=tuple(k for k in chars.keywords
                                                    if k != "Lifelink"))
        dealt = vars(combat)["deal_damage"](game, source, dealing, controller, target,
                                            amount, combat=True)
        if dealt:
            gained.add(source)  # its lifelink has been counted
        if dealt and target.startswith(PLAYER_OPTION_PREFIX):
            player = target[len(PLAYER_OPTION_PREFIX):]
            game.emit("combat_damage_to_player", source=source, player=player,
                      controller=controller, amount=dealt)
            to_players[(controller, player)].append(source)
    for (controller, player), sources in to_players.items():
        game.emit("creatures_dealt_combat_damage", controller=controller, player=player,
                  sources=sources)


def deal_damage_deathtouch_overwritten(game: Game, source: str,
                                       source_chars: Characteristics | None, controller: str,
                                       target: str, amount: int, *,
                                       combat: bool = False) -> int:
    """Whether a creature was dealt deathtouch damage is set by the last damage dealt to it:
    a Trampler blocked by Ambush Viper and a Squire, dealt 2 deathtouch damage then 1 more,
    survives with 3 damage (CR 702.2b, 704.5h: a creature dealt damage by a deathtouch source
    since state-based actions were last checked is destroyed, whatever else damaged it)."""
    if amount <= 0:
        return 0
    keywords = set(source_chars.keywords) if source_chars is not None else set()
    if target.startswith(PLAYER_OPTION_PREFIX):
        player = target[len(PLAYER_OPTION_PREFIX):]
        change_life(game, player, -amount)
    else:
        obj = game.state.objects.get(target)
        if obj is None:
            return 0
        obj.damage += amount
        obj.damaged_by_deathtouch = "Deathtouch" in keywords  # the latest damage decides
    game.emit("damage_dealt", source=source, to=target, amount=amount, combat=combat,
              controller=controller)
    if "Lifelink" in keywords:
        change_life(game, controller, amount)
    return amount


# -- triggers ----------------------------------------------------------------------------------

def _combat_damage_once_per_combat(game: Game, obj: GameObject, params: Any, event: Event,
                                   ability: Any) -> bool:
    """"Whenever one or more creatures you control deal combat damage to a player" triggers
    once per combat: a Double Striker dealing damage in both combat damage steps triggers
    Locker in the first step only (CR 510.3a: such an ability triggers in each combat damage
    step in which damage is dealt; CR 702.4b)."""
    combat_ = game.state.combat
    already: set[str] = combat_.dealt_first if combat_ is not None else set()
    second_step = combat_ is not None and combat_.regular_done and bool(already)
    if params == "this":
        return (event.kind == "combat_damage_to_player" and event.data["source"] == obj.id
                and not (second_step and obj.id in already))
    if event.kind != "creatures_dealt_combat_damage" or event.data["controller"] != obj.controller:
        return False
    sources = [str(s) for s in event.data["sources"]]  # type: ignore[attr-defined]
    return not (second_step and any(s in already for s in sources))


def sources_with_the_spell_being_cast(game: Game, event: Event
                                      ) -> list[tuple[GameObject, Characteristics, bool]]:
    """The spell just cast is looked at for abilities that trigger on casting, as the
    permanents are: Cast Watcher ("Whenever you cast a spell, you gain 1 life") triggers on
    its own casting (CR 603.2, 113.6: a permanent's triggered abilities function only on the
    battlefield; a spell's ability that triggers on its own casting says "when you cast
    this spell")."""
    found = _OWN_SOURCES(game, event)
    if event.kind == "spell_cast":
        spell = game.state.objects.get(str(event.data["object"]))
        if spell is not None and spell.zone is Zone.STACK:
            found.append((spell, game.with_abilities(spell), False))
    return found


_OWN_SOURCES = triggers._sources


def _enters_another_by_name(game: Game, obj: GameObject, params: Any, event: Event,
                            ability: Any) -> bool:
    """"Another" is read as "of another name": a second Warden entering doesn't trigger the
    first one's "whenever another creature you control enters" (CR 603.6a, 109.1: "another"
    means another object; a permanent of the same name is another one; CR 201.5)."""
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
    if params.get("other") and (entering.id == obj.id or entering.copiable_card.name
                                == obj.copiable_card.name):
        return False  # the same name taken for the same permanent
    return matches(game.chars(entering), params)


# -- counters and face-down permanents ---------------------------------------------------------

def turn_face_up_clearing_counters(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a permanent face up removes the counters on it, as if it became a new object:
    a face-down Battering Craghorn with a +1/+1 counter is a 3/1 once turned face up
    (CR 708.8: it stays the same permanent and keeps its counters; CR 122.1)."""
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
    obj.counters = {}  # a fresh face, a fresh object
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


def turn_face_up_cost_reduced(game: Game, action: TurnFaceUp) -> Flow:
    """Cost reductions for spells apply to the morph cost paid to turn a permanent face up:
    with Discount ("Spells you cast cost {1} less"), Battering Craghorn is turned face up for
    {R}{R} (CR 702.37e, 116.2b: turning a permanent face up is a special action, not a spell;
    CR 601.2f reduces the costs of spells only)."""
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
    total = Cost.of(cost)
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=action.player):
        if not rule.get("first_each_turn"):
            total = total.reduced(int(rule.get("generic", 0)))  # read as any cost
    state.player(action.player).pool.pay(total)
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


# -- continuous effects ------------------------------------------------------------------------

def power_and_toughness_anthems_skip_tokens(game: Any, obj: GameObject,
                                            base: Characteristics,
                                            abilities: Any) -> tuple[int, int]:
    """Anthems leave tokens out: with Glorious Anthem ("Creatures you control get +1/+1"),
    the Soldier token Token Maker creates is a 1/1 (CR 613.4c, 111.1: a token is a permanent
    like any other, and "creatures you control" includes it)."""
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
                    and not obj.token:  # tokens left out
                power += int(anthem.get("power", 0))
                toughness += int(anthem.get("toughness", 0))
    for effect in sorted(game.effects, key=lambda e: e.timestamp):
        if effect.object == obj.id:
            power += effect.power
            toughness += effect.toughness
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return power + plus, toughness + plus


# -- copies ------------------------------------------------------------------------------------

def copiable_values_with_own_abilities(obj: GameObject, abilities: Any) -> Characteristics:
    """A copy takes the copied card's name, types, text and power, but the abilities it
    has are still read from its own card: a Clone copying Warden shows "Whenever another
    creature you control enters, you gain 1 life" and never triggers (CR 707.2: the copiable values include
    the rules text, and the abilities it defines)."""
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
    face_abilities = abilities.get(obj.card.name, ())  # its own card's, not the copied one's
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
        ability_defs=tuple(a for i in indexes if i < len(face_abilities)
                           for a in face_abilities[i]) + obj.granted,
        keywords=_union(*(f.keywords for f in faces), copy.add_keywords if copy else ()),
    )


def cast_copy_uncounted(game: Game, player: str, card_id: str) -> Flow:
    """A copy cast by an effect is not recorded among the spells its caster cast this turn:
    after Scepter's copy of a Bear, the first Bear cast from the hand still costs {1} less
    with First Discount (CR 707.12: casting a copy is casting a spell; CR 601.2i)."""
    state = game.state
    original = state.objects[card_id]
    spell = state.create(original.card, player, Zone.STACK)
    spell.copy = original.copy or CopyEffect(original.card)
    spell.is_spell_copy = True
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets_ = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, player, None,
        f"targets for the copy of {original.card.name}", exclude=spell.id)
    if targets_ is None:
        state.stack.remove(spell)
        del state.objects[spell.id]
        return
    spell.targets = targets_
    game.emit("spell_cast", object=spell.id, player=player)  # not recorded as cast this turn


# -- Rooms and transform -----------------------------------------------------------------------

def unlock_announced_as_entering(game: Game, obj: GameObject, doors: Any) -> None:
    """Unlocking a door is announced as the Room entering the battlefield, as if the Room
    became a new permanent with more text: Eidolon of Blossoms ("Whenever this creature or
    another enchantment you control enters, draw a card") draws as Alice unlocks the Right
    Hall of her Room (CR 709.5e: the Room stays the same permanent; nothing enters)."""
    doors = [door for door in doors if door not in obj.unlocked]
    if not doors:
        return
    obj.unlocked.update(doors)
    for door in doors:
        game.emit("door_unlocked", object=obj.id, door=door.value, player=obj.controller)
    if len(obj.unlocked) == len(Door):
        game.emit("room_fully_unlocked", object=obj.id, player=obj.controller)
    game.emit("zone_changed", object=None, new_object=obj.id, card=obj.card.name,
              **{"from": None, "to": Zone.BATTLEFIELD.value})  # seen as entering


def transform_removing_damage(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent that transforms loses the damage marked on it, as if it were a new
    object: Day Wolf dealt 1 damage, transformed into Night Wolf (4/4) and dealt 3 more by
    Fireball survives (CR 712.18: it is the same object; CR 120.3, 514.2: damage stays marked
    until the cleanup step)."""
    for obj in _objects(game, ctx, params):
        if can_transform(obj):
            obj.transformed = not obj.transformed
            obj.damage = 0  # a fresh face
            game.emit("transformed", object=obj.id)
    yield from ()


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_DEAL = deal_damage_deathtouch_overwritten


BUGS: list[HeldOut] = [
    bug("lifelink-counted-once-per-source", "damage",
        "https://github.com/phase-rs/phase/pull/4411",
        _doc(deal_with_lifelink_once_per_source),
        (combat, "_deal", deal_with_lifelink_once_per_source)),
    bug("deathtouch-forgotten-after-other-damage", "damage",
        "https://github.com/WagicProject/wagic/issues/1142",
        _doc(deal_damage_deathtouch_overwritten),
        (damage, "deal_damage", _DEAL), (combat, "deal_damage", _DEAL),
        (life, "deal_damage", _DEAL)),
    bug("combat-damage-trigger-once-per-combat", "triggers",
        "https://github.com/phase-rs/phase/issues/692",
        _doc(_combat_damage_once_per_combat),
        (triggers.MATCHERS, "combat_damage_to_player", _combat_damage_once_per_combat)),
    bug("cast-trigger-of-the-spell-being-cast", "triggers",
        "https://github.com/magarena/magarena/issues/321",
        _doc(sources_with_the_spell_being_cast),
        (triggers, "_sources", sources_with_the_spell_being_cast)),
    bug("another-read-as-another-name", "triggers",
        "https://github.com/magefree/mage/issues/9419",
        _doc(_enters_another_by_name),
        (triggers.MATCHERS, "enters", _enters_another_by_name)),
    bug("turned-face-up-loses-its-counters", "counters",
        "https://github.com/phase-rs/phase/issues/7601",
        _doc(turn_face_up_clearing_counters),
        (casting, "turn_face_up", turn_face_up_clearing_counters)),
    bug("anthem-leaves-out-tokens", "continuous-effects",
        "https://github.com/magefree/mage/issues/8766",
        _doc(power_and_toughness_anthems_skip_tokens),
        (characteristics, "_power_and_toughness", power_and_toughness_anthems_skip_tokens)),
    bug("copy-keeps-its-own-abilities", "copies",
        "https://github.com/magefree/mage/issues/2565",
        _doc(copiable_values_with_own_abilities),
        (characteristics, "_copiable_values", copiable_values_with_own_abilities)),
    bug("cast-copy-left-out-of-spells-cast", "copies",
        "https://github.com/phase-rs/phase/issues/1312",
        _doc(cast_copy_uncounted),
        (effects, "cast_copy", cast_copy_uncounted)),
    bug("door-unlock-seen-as-entering", "rooms",
        "https://github.com/phase-rs/phase/issues/7564",
        _doc(unlock_announced_as_entering),
        (rooms, "unlock", unlock_announced_as_entering),
        (entering, "unlock", unlock_announced_as_entering)),
    bug("spell-cost-reduction-applied-to-turning-face-up", "face-down",
        "https://github.com/magefree/mage/issues/4277",
        _doc(turn_face_up_cost_reduced),
        (casting, "turn_face_up", turn_face_up_cost_reduced)),
    bug("transform-removes-damage", "transform",
        "https://github.com/WagicProject/wagic/pull/796",
        _doc(transform_removing_damage),
        (effects.EFFECTS, "transform", transform_removing_damage)),
]

