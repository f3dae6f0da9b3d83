"""Held-out bugs, nineteenth batch: targets, the stack, timing, costs, convoke, mana abilities,
zones, combat, the turn's steps and the end of the game -- the targets of a triggered ability
chosen as it resolves rather than as it is put on the stack (CR 603.3d, 601.2c); turning a
face-down permanent face up put on the stack as an ability (CR 116.2b, 702.37e); a spell cast
face down at instant speed (CR 702.37c, 302.1); "the first creature spell you cast each turn"
counting the spell being cast (CR 601.2f, 601.2i); a spell with convoke refused when its
player's mana pool can't pay it alone (CR 702.51a, 601.2h); a tapped permanent's abilities
refused whatever their costs (CR 107.5, 602.1); mana abilities refused outside their
controller's turn (CR 605.3a); a library search for a stated quality made to find a card
(CR 701.23b); the caster choosing the cards another player discards (CR 701.9b); another
player's creature declared as an attacker (CR 508.1a); a player's "no maximum hand size"
sparing every player (CR 402.2, 514.1); a life total that stops at 0 (CR 107.1b, 119.3)."""

from __future__ import annotations

import random
from typing import Any

from conformance.contract.types import (
    Activate, Cast, Choice, DeclareAttackers, Event, Option, TurnFaceUp,
)
from conformance.engines.reference import (
    casting, combat, damage, effects, life, triggers, turn,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.casting import (
    FACE_DOWN_COST, _check_not_prevented, _keywords, _sorcery_timing, _values,
    activated_abilities, cast_refused_early, morph_cost, summoning_sick,
)
from conformance.engines.reference.characteristics import DOOR_INDEX, is_split
from conformance.engines.reference.combat import _name
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.dividing import announce, division_of, record
from conformance.engines.reference.effects import Context, legal_now, run_effects
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject, StackAbility
from conformance.engines.reference.targets import choose_targets, label, matches
from conformance.errors import IllegalAction, Unsupported
from conformance.format.vocabulary import Door, Zone

from . import HeldOut, bug


# -- targets -----------------------------------------------------------------------------------

def put_on_stack_targets_left_for_resolution(game: Game) -> Flow:
    """Waiting triggered abilities go on the stack without their targets, which are chosen
    as each resolves: Surrakar Banisher's "you may return target tapped creature" is on the
    stack aiming at nothing, and its controller picks the creature only when it resolves
    (CR 603.3d: targets are chosen as the ability is put on the stack; CR 601.2c)."""
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        for player in state.apnap():
            mine = [t for t in waiting if t.controller == player]
            ordered = yield from triggers.order_triggers(game, player, mine)
            for trigger in ordered:
                item = StackAbility(state.new_id(), trigger.source, trigger.source_card,
                                    trigger.ability, player, (), event=trigger.event)
                state.stack.append(item)  # its targets wait for its resolution


def resolve_ability_choosing_its_targets(game: Game, item: StackAbility) -> Flow:
    """``turn._resolve_ability``, choosing a triggered ability's targets first when none
    were chosen before (the other half of the deferred choice above)."""
    state = game.state
    ability = item.ability
    if ability.kind == "triggered" and ability.target is not None and not item.targets:
        text = ability.text or "a triggered ability"
        chosen = yield from choose_targets(
            game, ability.target, item.controller, None,
            f"targets for {item.source_card.name}: {text}")
        if chosen is None:  # nothing to aim at now: removed
            state.stack.remove(item)
            return
        item.targets = chosen
    ctx = Context(item.controller, item.source, item.source_card, ability, item.targets,
                  x=item.x, event=item.event, division=division_of(game, item.id))
    ctx.legal_targets = legal_now(game, ability.target, ctx)
    fizzles = bool(item.targets) and not ctx.legal_targets
    condition_fails = ability.condition is not None and not triggers.condition_holds(
        game, item.controller, item.source, ability.condition)
    if not fizzles and not condition_fails:
        yield from run_effects(game, ctx, ability.effects)
    state.stack.remove(item)


# -- the stack ---------------------------------------------------------------------------------

def turn_face_up_as_an_ability(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up is handled as an activated ability: its morph
    cost is paid and an ability goes on the stack, and the permanent is turned face up only
    when that ability resolves, so a face-down Battering Craghorn stays a 2/2 while players
    may respond (CR 116.2b, 702.37e: turning face up is a special action; it doesn't use the
    stack and happens at once)."""
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
    ability = Ability("activated", 0, -1, {}, effects=({_FACE_UP: "this"},),
                      text=f"Morph {cost}: turn this permanent face up")
    state.stack.append(StackAbility(state.new_id(), obj.id, obj.card, ability, action.player))
    yield from ()  # turned face up as the ability resolves


def _turned_face_up_on_resolution(game: Game, ctx: Context, params: Any) -> Flow:
    obj = game.state.objects.get(ctx.source)
    if obj is not None and obj.zone is Zone.BATTLEFIELD and obj.face_down:
        obj.face_down = False
        game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


_FACE_UP = "turn_face_up"


# -- casting: timing, costs and convoke --------------------------------------------------------

def _choose_door(card: Any, action: Cast) -> Flow:
    door = action.door
    if is_split(card) and door is None:
        options = tuple(Option(d.value, card.faces[DOOR_INDEX[d]].name) for d in Door)
        (answer,) = yield Choice("door", action.player, f"which half of {card.name} to cast",
                                 options)
        door = Door(answer)
    if door is not None and not is_split(card):
        raise IllegalAction(f"{card.name} has no halves to choose from")
    return door


def cast_face_down_at_instant_speed(game: Game, action: Cast) -> Flow:
    """A spell cast face down is exempt from the timing of creature spells, as if casting a
    card face down were a special action: Battering Craghorn is cast face down for {3} in the
    other player's turn (CR 702.37c, 708.4: a face-down spell is a creature spell; CR 302.1,
    117.1a: without flash, only in its controller's main phase with an empty stack)."""
    state = game.state
    card_obj = cast_refused_early(game, action)
    card = card_obj.copiable_card
    door = yield from _choose_door(card, action)
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
    if not ("Instant" in chars.types or "Flash" in _keywords(spell) or action.face_down):
        state.stack.remove(spell)  # a face-down spell is cast any time
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = FACE_DOWN_COST if action.face_down else (
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    yield from _targets_and_payment(game, action, card_obj, spell, chars, cost, from_zone,
                                    convoking)
    state.player(action.player).spells_cast_this_turn.append(chars)
    _announce_cast(game, action, card_obj, spell, from_zone)


def cast_counting_itself_among_spells_cast(game: Game, action: Cast) -> Flow:
    """The spell being cast is recorded among the spells its player cast this turn before
    its total cost is worked out, so "the first creature spell you cast each turn costs {1}
    less" finds it already cast: with First Discount, the turn's first Bear costs {1}{G}
    (CR 601.2f: the total cost is determined before the spell becomes cast, CR 601.2i)."""
    state = game.state
    card_obj = cast_refused_early(game, action)
    card = card_obj.copiable_card
    door = yield from _choose_door(card, action)
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
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    state.player(action.player).spells_cast_this_turn.append(chars)  # cast as it starts
    base = FACE_DOWN_COST if action.face_down else (
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    yield from _targets_and_payment(game, action, card_obj, spell, chars, cost, from_zone,
                                    convoking)
    _announce_cast(game, action, card_obj, spell, from_zone)


def cast_refused_on_mana_before_convoke(game: Game, action: Cast) -> Flow:
    """Whether a spell can be paid for is judged on the caster's mana pool alone before
    convoke is offered: Small Rally ({W}, convoke) can't be cast by a player with an
    untapped white creature and no mana (CR 702.51a: each creature tapped while paying the
    total cost pays for {1} or one mana of its color; CR 601.2h: convoke is part of paying
    the cost)."""
    state = game.state
    card_obj = cast_refused_early(game, action)
    card = card_obj.copiable_card
    door = yield from _choose_door(card, action)
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
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = FACE_DOWN_COST if action.face_down else (
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost):  # the pool alone, convoke or not
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    yield from _targets_and_payment(game, action, card_obj, spell, chars, cost, from_zone,
                                    convoking)
    state.player(action.player).spells_cast_this_turn.append(chars)
    _announce_cast(game, action, card_obj, spell, from_zone)


def _targets_and_payment(game: Game, action: Cast, card_obj: GameObject, spell: GameObject,
                         chars: Any, cost: Cost, from_zone: Zone, convoking: bool) -> Flow:
    """The rest of ``casting.cast`` once its total cost is known, as it is there: targets,
    the division, convoke and paying."""
    card = card_obj.copiable_card
    pool = game.state.player(action.player).pool
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets_ = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, action.player,
        _values(action.targets), f"targets for {card.name}", exclude=spell.id)
    if targets_ is None:
        raise IllegalAction(f"{card.name} has no legal targets")
    spell.targets = targets_
    record(game, spell.id, (yield from announce(game, action.player, spell_ability, targets_,
                                                card.name)))
    if convoking:
        cost = yield from convoke(game, action.player, cost)
    if not pool.can_pay(cost):
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    pool.pay(cost)


def _announce_cast(game: Game, action: Cast, card_obj: GameObject, spell: GameObject,
                   from_zone: Zone) -> None:
    card = card_obj.copiable_card
    game.emit("zone_changed", object=card_obj.id, new_object=spell.id, card=card.name,
              **{"from": from_zone.value, "to": Zone.STACK.value})
    game.emit("spell_cast", object=spell.id, player=action.player)
    game.state.priority = action.player


# -- activated abilities -----------------------------------------------------------------------

def activation_refused_for_a_tapped_permanent(game: Game, action: Activate
                                              ) -> tuple[GameObject, Ability]:
    """A tapped permanent's abilities can't be activated at all, as if being tapped meant
    being used up: a tapped Day Wolf can't pay {1} to transform (CR 107.5: only a cost with
    {T} needs the permanent untapped; CR 602.1: an ability without {T} in its cost is
    activated whatever the permanent's status)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only abilities of permanents can be activated here")
    if obj.controller != action.player:
        raise IllegalAction("you can activate only abilities of permanents you control")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    abilities = activated_abilities(game, obj)
    if not 0 <= action.ability < len(abilities):
        raise IllegalAction(f"{obj.card.name} has no activated ability #{action.ability + 1}")
    ability = abilities[action.ability]
    _check_not_prevented(game, obj, ability)
    if ability.unimplemented:
        raise Unsupported(f"{ability.text!r}: {ability.unimplemented}")
    params = ability.params
    if params.get("sorcery"):
        _sorcery_timing(game, action.player)
    if obj.tapped:  # any ability of a tapped permanent
        raise IllegalAction(f"{obj.card.name} is tapped")
    if params.get("tap") and summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def activation_refused_mana_outside_your_turn(game: Game, action: Activate
                                              ) -> tuple[GameObject, Ability]:
    """A mana ability can be activated only in its controller's turn: a player can't tap a
    Forest for {G} to cast Growth in the other player's turn (CR 605.3a: a mana ability is
    activated whenever its controller has priority, or is paying a cost)."""
    obj, ability = _OWN_ACTIVATION_REFUSED(game, action)
    if ability.params.get("mana_ability") and game.state.active_player != action.player:
        raise IllegalAction(f"{obj.card.name}'s mana ability waits for its controller's turn")
    return obj, ability


_OWN_ACTIVATION_REFUSED = casting.activation_refused_early


# -- zones: the library and the hand -----------------------------------------------------------

def search_library_finding_a_card(game: Game, ctx: Context, params: Any) -> Flow:
    """A library search for a card of a stated quality must find one when the library holds
    one: Land Grant's "search your library for a land card" can't come back empty while a
    Forest is there (CR 701.23b: a player searching a hidden zone for a stated quality isn't
    required to find it)."""
    library = game.state.player(ctx.controller).zones[Zone.LIBRARY]
    found = [i for i in library if matches(game.chars(game.state.objects[i]), params, x=ctx.x)]
    options = tuple(Option(i, label(game, i)) for i in found)
    chosen = yield Choice("cards", ctx.controller, "search your library", options,
                          1 if options else 0, 1)  # one must be found when there is one
    for card_id in chosen:
        obj = game.state.objects[card_id]
        if Zone(params.get("to", "hand")) is Zone.BATTLEFIELD:
            yield from put_onto_battlefield(game, obj, controller=ctx.controller)
        else:
            game.move(obj, Zone(params["to"]))
    random.Random(game.state.seed + game.state.clock).shuffle(library)


def discard_chosen_by_the_caster(game: Game, ctx: Context, params: Any) -> Flow:
    """The cards a player discards to a spell are chosen by the spell's controller: Mind
    Rot cast on the other player has its caster pick which two cards leave that player's
    hand (CR 701.9b: the discarding player chooses, unless the effect says otherwise)."""
    for name in effects._players(ctx, params.get("player", "you")):
        hand = list(game.state.player(name).zones[Zone.HAND])
        count = min(int(params.get("count", 1)), len(hand))
        if not count:
            continue
        options = tuple(Option(card_id, label(game, card_id)) for card_id in hand)
        chosen = yield Choice("cards", ctx.controller, f"discard {count} card(s)", options,
                              count, count)  # asked of the caster
        for card_id in chosen:
            game.move(game.state.objects[card_id], Zone.GRAVEYARD)
            game.events.append(_discarded(card_id))


def _discarded(card_id: str) -> Event:
    return Event("card_discarded", {"object": card_id})


# -- combat ------------------------------------------------------------------------------------

def check_attackers_of_any_controller(game: Game, action: DeclareAttackers) -> str:
    """The attackers declared are checked for being untapped creatures able to attack, not
    for being the attacking player's: Alice can declare Bob's Bear as an attacker, and it
    attacks Bob (CR 508.1a: the active player chooses which creatures that they control
    attack)."""
    state = game.state
    if action.player != state.active_player:
        raise IllegalAction("only the active player declares attackers")
    defender = action.defender or state.opponent(action.player)
    if defender == action.player or defender not in {p.name for p in state.players}:
        raise IllegalAction(f"{defender!r} is not an opponent of {action.player}")
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("a creature can attack only once")
    for object_id in action.attackers:
        obj = state.objects.get(object_id)
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it "
                                f"can't attack")
        chars = game.chars(obj)
        if "Creature" not in chars.types:
            raise IllegalAction(f"{_name(chars)} is not a creature: it can't attack")
        if obj.tapped:  # whoever controls it
            raise IllegalAction(f"{_name(chars)} is tapped: it can't attack")
        if obj.summoning_sick and "Haste" not in chars.keywords:
            raise IllegalAction(f"{_name(chars)} has summoning sickness: it can't attack")
        if "Defender" in chars.keywords:
            raise IllegalAction(f"{_name(chars)} has defender: it can't attack")
    return defender


# -- the turn's steps and the end of the game --------------------------------------------------

def discard_to_hand_size_unless_anyone_has_no_maximum(game: Game) -> Flow:
    """A "you have no maximum hand size" ability spares every player, not only its
    controller: with Bob's Reliquary Tower on the battlefield, Alice keeps eight cards
    through her cleanup step (CR 402.2, 514.1: the active player discards down to their
    own maximum hand size)."""
    player = game.state.active_player
    if any(True for _ in game.statics("no_maximum_hand_size")):  # anyone's
        return
    hand = list(game.state.player(player).zones[Zone.HAND])
    extra = len(hand) - 7
    if extra <= 0:
        return
    options = tuple(Option(card_id, label(game, card_id)) for card_id in hand)
    chosen = yield Choice("cards", player, f"discard {extra} card(s) down to seven", options,
                          extra, extra)
    for card_id in chosen:
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(_discarded(card_id))


def change_life_floored_at_zero(game: Game, player: str, amount: int) -> None:
    """A life total never goes below 0: a player at 1 life dealt 4 combat damage is at 0,
    and the 2 life their blocking Lifelinker gains in the same damage step brings them to 2
    instead of leaving them at -1 (CR 107.1b: a life total can be less than 0; CR 119.3,
    510.2)."""
    if not amount:
        return
    target = game.state.player(player)
    target.life = max(0, target.life + amount)  # no less than nothing
    game.emit("life_changed", player=player, amount=amount)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("trigger-targets-chosen-on-resolution", "targets",
        "https://github.com/magefree/mage/issues/8875",
        _doc(put_on_stack_targets_left_for_resolution),
        (triggers, "put_on_stack", put_on_stack_targets_left_for_resolution),
        (turn, "_resolve_ability", resolve_ability_choosing_its_targets)),
    bug("turning-face-up-uses-the-stack", "stack",
        "https://github.com/magefree/mage/issues/10800",
        _doc(turn_face_up_as_an_ability),
        (casting, "turn_face_up", turn_face_up_as_an_ability),
        (effects.EFFECTS, _FACE_UP, _turned_face_up_on_resolution)),
    bug("face-down-spell-cast-at-instant-speed", "timing",
        "https://github.com/magefree/mage/pull/7169",
        _doc(cast_face_down_at_instant_speed),
        (casting, "cast", cast_face_down_at_instant_speed)),
    bug("first-creature-discount-sees-the-spell-itself", "costs",
        "https://github.com/phase-rs/phase/issues/787",
        _doc(cast_counting_itself_among_spells_cast),
        (casting, "cast", cast_counting_itself_among_spells_cast)),
    bug("convoke-spell-refused-with-an-empty-pool", "convoke",
        "https://github.com/magefree/mage/issues/1897",
        _doc(cast_refused_on_mana_before_convoke),
        (casting, "cast", cast_refused_on_mana_before_convoke)),
    bug("tapped-permanents-abilities-refused", "costs",
        "https://github.com/magefree/mage/issues/2349",
        _doc(activation_refused_for_a_tapped_permanent),
        (casting, "activation_refused_early", activation_refused_for_a_tapped_permanent)),
    bug("mana-ability-refused-in-another-players-turn", "mana-abilities",
        "https://github.com/phase-rs/phase/issues/4388",
        _doc(activation_refused_mana_outside_your_turn),
        (casting, "activation_refused_early", activation_refused_mana_outside_your_turn)),
    bug("library-search-must-find-a-card", "zones",
        "https://github.com/phase-rs/phase/pull/3198",
        _doc(search_library_finding_a_card),
        (effects.EFFECTS, "search_library", search_library_finding_a_card)),
    bug("discard-chosen-by-the-caster", "zones",
        "https://github.com/wingedsheep/argentum-engine/pull/373",
        _doc(discard_chosen_by_the_caster),
        (effects.EFFECTS, "discard", discard_chosen_by_the_caster)),
    bug("another-players-creature-declared-as-an-attacker", "combat",
        "https://github.com/magefree/mage/issues/71",
        _doc(check_attackers_of_any_controller),
        (combat, "check_attackers", check_attackers_of_any_controller)),
    bug("no-maximum-hand-size-for-every-player", "turn-structure",
        "https://github.com/magefree/mage/issues/10358",
        _doc(discard_to_hand_size_unless_anyone_has_no_maximum),
        (turn, "discard_to_hand_size", discard_to_hand_size_unless_anyone_has_no_maximum)),
    bug("life-total-floored-at-zero", "game-over",
        "https://github.com/magefree/mage/issues/6297",
        _doc(change_life_floored_at_zero),
        (damage, "change_life", change_life_floored_at_zero),
        (life, "change_life", change_life_floored_at_zero)),
]
