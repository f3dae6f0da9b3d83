"""Held-out bugs, ninth batch: counters, face-down spells, copies, Rooms, triggered
abilities, durations and continuous effects, tokens and drawing -- a Saga's first lore
counter only when it was cast (CR 714.3a), -1/-1 counters left out of power and toughness
(CR 122.1a, 613.4c); a face-down spell seen face up on the stack (CR 708.2, 708.4); a
permanent entering as a copy announced before it copies (CR 614.1c, 707.2, 603.6a); a Room
cast as its left half (CR 709.3); an intervening "if you control" counting every
player's permanents (CR 603.4, 109.5), a delayed "next end step" trigger at the end of combat
(CR 603.7, 513.1), a permanent sacrificed by an effect not dying (CR 701.21a, 700.4); keywords
gained until end of turn kept for good (CR 611.2a, 514.2), an anthem working from its owner's
hand (CR 113.6, 611.3a); a token without its color (CR 111.3); cards an effect makes another
player draw drawn by the spell's controller (CR 121.1, 608.2c)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Cast, Choice, Event, Option
from conformance.engines.reference import (
    casting, characteristics, effects, engine, entering, lands, triggers, turn,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import (
    DOOR_INDEX, FACE_DOWN, Characteristics, _matches, _mana_value, _number, _per_card_power,
    _printed, _union, face_colors, faces_in_effect, is_split, is_transforming,
)
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.life import amount, players
from conformance.engines.reference.rooms import unlock
from conformance.engines.reference.state import (
    ContinuousEffect, GameObject, GameState, PendingTrigger,
)
from conformance.engines.reference.targets import choose_targets, matches
from conformance.errors import IllegalAction, Location
from conformance.format.cards import Card, CardFace
from conformance.format.vocabulary import Door, Zone

from . import HeldOut, bug


# -- counters --------------------------------------------------------------------------------

def put_onto_battlefield_lore_counter_when_cast(
        game: Game, obj: GameObject, *, controller: str | None = None,
        door: Door | None = None, transformed: bool = False, face_down: bool = False,
        x: int = 0) -> Flow:
    """A Saga gets its first lore counter as it enters only when it resolves as a spell: a
    Saga an effect puts onto the battlefield enters with none, and its chapter I doesn't
    trigger (CR 714.3a: as a Saga enters the battlefield, however it enters)."""
    if transformed and not (is_transforming(obj.card) and obj.copy is None):
        return None
    old_zone = obj.zone
    new = game.state.move(obj, Zone.BATTLEFIELD, controller=controller)
    if new is None:
        return None
    new.transformed = transformed
    new.face_down = face_down
    new.summoning_sick = True
    if old_zone is Zone.STACK:
        new.granted = obj.granted
    yield from entering._as_it_enters(game, new, x)
    game.emit("zone_changed", object=obj.id, new_object=new.id, card=obj.card.name,
              **{"from": old_zone.value, "to": Zone.BATTLEFIELD.value})
    if new.token and old_zone is Zone.STACK:
        game.events.append(Event("token_created", {"object": new.id}))
    if door is not None:
        unlock(game, new, [door])
    if old_zone is Zone.STACK:
        entering._first_lore_counter(game, new)
    return new


def power_and_toughness_without_minus_counters(game: GameState, obj: GameObject,
                                               base: Characteristics,
                                               abilities: Any) -> tuple[int, int]:
    """-1/-1 counters are kept on a permanent but left out of its power and toughness: a 2/2
    with a -1/-1 counter is still a 2/2 (CR 122.1a, 613.4c: each -1/-1 counter gives it
    -1/-1)."""
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
    plus = obj.counters.get("+1/+1", 0)
    return power + plus, toughness + plus


# -- face-down spells and copies -------------------------------------------------------------

def copiable_values_face_down_on_the_battlefield(obj: GameObject,
                                                 abilities: Any) -> Characteristics:
    """A face-down object is a nameless 2/2 only on the battlefield: a face-down spell has
    its card's characteristics on the stack, so a morph cast face down is seen as the card
    it is (CR 708.2, 708.4: a face-down spell has no characteristics but those of a 2/2
    creature with no text)."""
    if obj.face_down and obj.zone is Zone.BATTLEFIELD:
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
    result = Characteristics(
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
    return result


def put_onto_battlefield_announced_before_it_copies(
        game: Game, obj: GameObject, *, controller: str | None = None,
        door: Door | None = None, transformed: bool = False, face_down: bool = False,
        x: int = 0) -> Flow:
    """A permanent is announced as entering before its "as this enters" replacement effects
    apply: a Clone entering as a copy of a creature with "when this creature enters" has no
    such ability yet, and nothing triggers (CR 614.1c, 707.2, 603.6a: it enters as the
    copy)."""
    if transformed and not (is_transforming(obj.card) and obj.copy is None):
        return None
    old_zone = obj.zone
    new = game.state.move(obj, Zone.BATTLEFIELD, controller=controller)
    if new is None:
        return None
    new.transformed = transformed
    new.face_down = face_down
    new.summoning_sick = True
    if old_zone is Zone.STACK:
        new.granted = obj.granted
    game.emit("zone_changed", object=obj.id, new_object=new.id, card=obj.card.name,
              **{"from": old_zone.value, "to": Zone.BATTLEFIELD.value})
    yield from entering._as_it_enters(game, new, x)
    if new.token and old_zone is Zone.STACK:
        game.events.append(Event("token_created", {"object": new.id}))
    if door is not None:
        unlock(game, new, [door])
    entering._first_lore_counter(game, new)
    return new


# -- Rooms -----------------------------------------------------------------------------------

def cast_room_as_its_left_half(game: Game, action: Cast) -> Flow:
    """A Room is cast as its left door whichever half is named: the half to cast is chosen
    only for split instants and sorceries, so a Room's right door can't be cast (CR 709.3:
    the player chooses which half of a split card to cast, a Room's too)."""
    state = game.state
    card_obj = casting.cast_refused_early(game, action)
    card = card_obj.copiable_card
    door = Door.LEFT if card.is_room else action.door
    if is_split(card) and door is None:
        options = tuple(Option(d.value, card.faces[DOOR_INDEX[d]].name) for d in Door)
        (answer,) = yield Choice("door", action.player, f"which half of {card.name} to cast",
                                 options)
        door = Door(answer)
    if door is not None and not is_split(card):
        raise IllegalAction(f"{card.name} has no halves to choose from")
    from_zone = card_obj.zone
    spell = state.move(card_obj, Zone.STACK, controller=action.player)
    assert spell is not None
    spell.cast_door = door
    spell.face_down = action.face_down
    spell.x = action.x or 0
    chars = game.chars(spell)
    if "Land" in chars.types:
        raise IllegalAction(f"{card.name} is a land: it is played, never cast (CR 305.1)")
    permission = casting.graveyard_permission(game, action.player, chars) \
        if from_zone is Zone.GRAVEYARD else None
    casting._permission(game, action.player, card_obj, chars)
    if permission is not None:
        spell.granted = permission[1].grants
    if not ("Instant" in chars.types or "Flash" in casting._keywords(spell)):
        state.stack.remove(spell)
        try:
            casting._sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = casting.FACE_DOWN_COST if action.face_down else (
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, action.player,
        casting._values(action.targets), f"targets for {card.name}",
        exclude=spell.id)
    if targets is None:
        raise IllegalAction(f"{card.name} has no legal targets")
    spell.targets = targets
    record(game, spell.id, (yield from announce(
        game, action.player, spell_ability, targets, card.name)))
    if convoking:
        cost = yield from convoke(game, action.player, cost)
    if not pool.can_pay(cost):
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    pool.pay(cost)
    state.player(action.player).spells_cast_this_turn.append(chars)
    game.emit("zone_changed", object=card_obj.id, new_object=spell.id, card=card.name,
              **{"from": from_zone.value, "to": Zone.STACK.value})
    game.emit("spell_cast", object=spell.id, player=action.player)
    state.priority = action.player


# -- triggered abilities ---------------------------------------------------------------------

def condition_holds_counting_every_players(game: Game, you: str, source_id: str,
                                           condition: Any) -> bool:
    """An intervening "if you control N or more" counts every player's permanents: "if you
    control two or more creatures" holds with one creature of yours and one of an
    opponent's (CR 603.4, 109.5: "you" is the ability's controller)."""
    rule = condition.get("control") if isinstance(condition, dict) else None
    if rule is None:
        return True
    count = sum(
        1 for obj in game.state.permanents()
        if not (rule.get("other") and obj.id == source_id)
        and matches(game.chars(obj), rule)
    )
    return count >= int(rule.get("count", 1))


def delayed_matched_by_step_prefix(game: Game, event: Event) -> None:
    """A delayed triggered ability's step is matched by the beginning of the step's name:
    "at the beginning of the next end step" triggers as the end of combat step begins
    (CR 603.7, 513.1: the end step)."""
    if event.kind != "step_began":
        return
    state = game.state
    for delayed in list(state.delayed):
        if not str(event.data["step"]).startswith(delayed.step) \
                or state.active_player != delayed.controller:
            continue
        state.delayed.remove(delayed)
        ability = Ability("triggered", 0, -1, {}, effects=delayed.effects,
                          text=f"delayed trigger of {delayed.source_card.name}")
        state.pending_triggers.append(PendingTrigger(
            delayed.source, delayed.source_card, ability, delayed.controller,
            {"kind": "delayed", "objects": list(delayed.objects)}))


def sacrifice_unseen(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent an effect sacrifices is moved to its owner's graveyard without the zone
    change being seen: its own "when this creature dies" and others' "whenever a creature
    dies" don't trigger (CR 701.21a, 700.4: a sacrificed permanent is put into its owner's
    graveyard, so it dies)."""
    if params == "delayed_objects":
        chosen = [game.state.objects[i] for i in ctx.event.get("objects", ())
                  if i in game.state.objects]
    else:
        chosen = effects._objects(game, ctx, params)
    for obj in chosen:
        if obj.zone is Zone.BATTLEFIELD and obj.controller == ctx.controller:
            game.state.move(obj, Zone.GRAVEYARD)
    yield from ()


# -- durations and continuous effects --------------------------------------------------------

def modify_pt_keywords_for_good(game: Game, ctx: Context, params: Any) -> Flow:
    """The keywords a creature gains "until end of turn" are given to it for good, while its
    power and toughness change ends in the cleanup step: a creature that gained flying keeps
    it the next turn (CR 611.2a, 514.2: the whole effect ends)."""
    gains = tuple(str(k) for k in params.get("gains") or ())
    for obj in effects._objects(game, ctx, params.get("what", "target")):
        obj.keywords.update(gains)
        game.state.effects.append(ContinuousEffect(
            obj.id, int(params.get("power", 0)), int(params.get("toughness", 0)),
            "end_of_turn", game.state.tick()))
    yield from ()


def power_and_toughness_counting_hands(game: GameState, obj: GameObject,
                                       base: Characteristics,
                                       abilities: Any) -> tuple[int, int]:
    """Static abilities that change power and toughness are looked for in their owners'
    hands as well as on the battlefield: an anthem in its owner's hand pumps their creatures
    (CR 113.6, 611.3a: a permanent's static abilities function only on the battlefield)."""
    assert base.power is not None
    power, toughness = base.power, base.toughness or 0
    power += _per_card_power(game, obj, base, abilities)
    in_hands = [game.objects[i] for p in game.players for i in p.zones[Zone.HAND]]
    for source in [*game.permanents(), *in_hands]:
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
    return power + plus, toughness + plus


# -- tokens and drawing ----------------------------------------------------------------------

def token_card_without_its_colors(params: Any) -> Card:
    """A token's colors are worked out from its mana cost and color indicator, as a card's
    are, and the effect's colors are left out: a "1/1 white Soldier creature token" is
    colorless (CR 111.3: the effect that creates a token defines its characteristics)."""
    types = tuple(params.get("types") or ("Creature",))
    subtypes = tuple(params.get("subtypes") or ())
    name = str(params["name"]) if "name" in params else " ".join(subtypes + ("Token",))
    face = CardFace(
        name=name, mana_cost=None, type_line=" ".join(types), types=types, subtypes=subtypes,
        supertypes=(), text="", power=str(params.get("power")) if "power" in params else None,
        toughness=str(params.get("toughness")) if "toughness" in params else None,
        colors=tuple(params.get("colors") or ()), color_indicator=None,
        keywords=tuple(params.get("keywords") or ()), side=None, rules=(), raw={},
    )
    return Card(name, "token", (face,), tuple(params.get("colors") or ()), Location("<token>"))


def draw_for_the_controller(game: Game, ctx: Context, params: Any) -> Flow:
    """The cards an effect makes a player draw are drawn by the spell's or ability's
    controller, whoever the effect names: "target player draws two cards" cast on an
    opponent draws its caster two (CR 121.1, 608.2c: the player the instruction names)."""
    if isinstance(params, dict):
        count = amount(game, ctx, params["amount"])
        for _player in players(game, ctx, params.get("who", "you")):
            effects.draw_cards(game, ctx.controller, count)
    else:
        effects.draw_cards(game, ctx.controller, int(params))
    yield from ()


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_PUT_ONTO_BATTLEFIELD = (entering, turn, effects, lands, engine)

BUGS: list[HeldOut] = [
    bug("saga-lore-counter-only-when-cast", "counters",
        "https://github.com/phase-rs/phase/issues/691",
        _doc(put_onto_battlefield_lore_counter_when_cast),
        *((module, "put_onto_battlefield", put_onto_battlefield_lore_counter_when_cast)
          for module in _PUT_ONTO_BATTLEFIELD)),
    bug("minus-counters-left-out-of-power-and-toughness", "counters",
        "https://github.com/magefree/mage/issues/1975",
        _doc(power_and_toughness_without_minus_counters),
        (characteristics, "_power_and_toughness", power_and_toughness_without_minus_counters)),
    bug("face-down-spell-face-up-on-the-stack", "face-down",
        "https://github.com/magarena/magarena/issues/455",
        _doc(copiable_values_face_down_on_the_battlefield),
        (characteristics, "_copiable_values", copiable_values_face_down_on_the_battlefield)),
    bug("copy-announced-before-it-copies", "copies",
        "https://github.com/phase-rs/phase/issues/5450",
        _doc(put_onto_battlefield_announced_before_it_copies),
        *((module, "put_onto_battlefield", put_onto_battlefield_announced_before_it_copies)
          for module in _PUT_ONTO_BATTLEFIELD)),
    bug("room-cast-as-its-left-half", "rooms",
        "https://github.com/phase-rs/phase/issues/4248",
        _doc(cast_room_as_its_left_half), (casting, "cast", cast_room_as_its_left_half)),
    bug("intervening-if-counts-every-players-permanents", "triggers",
        "https://github.com/magefree/mage/issues/12146",
        _doc(condition_holds_counting_every_players),
        (triggers, "condition_holds", condition_holds_counting_every_players),
        (effects, "condition_holds", condition_holds_counting_every_players)),
    bug("next-end-step-trigger-at-end-of-combat", "triggers",
        "https://github.com/magefree/mage/issues/8734",
        _doc(delayed_matched_by_step_prefix),
        (triggers, "_delayed", delayed_matched_by_step_prefix)),
    bug("sacrificed-permanent-does-not-die", "triggers",
        "https://github.com/magefree/mage/issues/10610",
        _doc(sacrifice_unseen), (effects.EFFECTS, "sacrifice", sacrifice_unseen)),
    bug("gained-keyword-outlasts-the-turn", "durations",
        "https://github.com/phase-rs/phase/issues/4085",
        _doc(modify_pt_keywords_for_good),
        (effects.EFFECTS, "modify_pt", modify_pt_keywords_for_good)),
    bug("anthem-works-from-the-hand", "continuous-effects",
        "https://github.com/phase-rs/phase/issues/8158",
        _doc(power_and_toughness_counting_hands),
        (characteristics, "_power_and_toughness", power_and_toughness_counting_hands)),
    bug("token-created-colorless", "tokens",
        "https://github.com/magefree/mage/issues/9005",
        _doc(token_card_without_its_colors),
        (effects, "token_card", token_card_without_its_colors)),
    bug("target-player-draw-made-by-the-caster", "drawing",
        "https://github.com/Card-Forge/forge/issues/1856",
        _doc(draw_for_the_controller), (effects.EFFECTS, "draw", draw_for_the_controller)),
]
