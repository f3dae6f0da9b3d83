"""Held-out bugs, fourteenth batch: targets, the stack, timing and durations, lands,
state-based actions, combat, the turn's steps, costs, mana value, library searches and the
end of the game -- "target permanent" admitting only creatures, planeswalkers and battles
(CR 115.1, 110.1); an amount divided among one target dealt as 1 (CR 601.2d); a "you may"
carried out whatever the answer (CR 608.2d); an activated ability of another player's
permanent activated (CR 602.2); a card exiled with a permission to play it played by another
player (CR 601.3, 611.2); a permission "until the end of your next turn" kept a turn longer
(CR 611.2a, 514.2); +1/+1 and -1/-1 counters on one permanent all removed (CR 704.5q); a
tapped blocking creature dealing no combat damage (CR 510.1a); the combat steps after
declaring attackers not skipped when nothing attacks (CR 508.8); reach read as an evasion
ability (CR 702.17b); "the first creature spell you cast each turn" reduction used up by
another player's spell (CR 601.2f); a Room half cast for its left half's mana cost (CR 709.3,
601.2f); a hybrid symbol counted once for each of its halves in a mana value (CR 202.3f); a
player brought to 0 life by life loss staying in the game (CR 704.5a, 119.3); a permission
to cast spells from the graveyard letting a land be played (CR 305.1, 601.3); a library
search ignoring what it searches for (CR 701.23a); every player's permanents untapping in
the active player's untap step (CR 502.3)."""

from __future__ import annotations

import random
from typing import Any

from conformance.contract.types import (
    DIVIDE_CHOICE, PLAYER_OPTION_PREFIX, Activate, Cast, Choice, DeclareBlockers, Event, Option,
)
from conformance.engines.reference import (
    casting, combat, dividing, effects, exile_to_play, lands, mana, targets, triggers, turn,
)
from conformance.engines.reference.abilities import Ability, TargetSpec
from conformance.engines.reference.casting import (
    FACE_DOWN_COST, _check_not_prevented, _keywords, _permission, _sorcery_timing, _values,
    activated_abilities, cast_refused_early, summoning_sick,
)
from conformance.engines.reference.characteristics import DOOR_INDEX, Characteristics, is_split
from conformance.engines.reference.combat import (
    _attacker_assignment, _creature, _deal, _in_combat, _name, _strikes_now, is_attacking,
)
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.dividing import announce, divided_amount, record
from conformance.engines.reference.effects import Context, run_effects
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.exile_to_play import PLAY
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost, symbol_value, symbols
from conformance.engines.reference.state import GameObject
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, choose_targets, controlled_ok, label, matches,
)
from conformance.engines.reference.turn import _saga_is_done
from conformance.errors import IllegalAction, Unsupported
from conformance.format.vocabulary import STEP_ORDER, Door, Step, Zone

from . import HeldOut, bug


# -- targets ---------------------------------------------------------------------------------

def candidates_permanent_read_as_creature(game: Game, spec: TargetSpec, you: str, *,
                                          exclude: str | None = None) -> list[str]:
    """"Target permanent" is read with the card types of "any target": only creatures,
    planeswalkers and battles are offered, and Mirror ("create a token that's a copy of
    target permanent") can't be cast on Trinket, an artifact (CR 115.1, 110.1: a permanent
    is any card or token on the battlefield, whatever its card type)."""
    state = game.state
    players = [PLAYER_PREFIX + p.name for p in state.players
               if controlled_ok(p.name, spec.controller, you)]
    if spec.what == "player":
        return players
    rule = spec.filter
    if spec.what == "spell":
        pool: list[GameObject] = [item for item in state.stack if isinstance(item, GameObject)]
    else:
        pool = list(state.permanents())
    found = [
        obj.id for obj in pool
        if obj.id != exclude and controlled_ok(obj.controller, spec.controller, you)
        and matches(game.chars(obj), rule) and (not rule.get("tapped") or obj.tapped)
        and (not rule.get("attacking") or is_attacking(game, obj.id))
        and (spec.what not in ("any", "permanent")
             or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    if spec.what == "any":  # any target: a creature, a player, a planeswalker, a battle
        found += players
    return found


def announce_one_target_once(game: Game, player: str, ability: Ability | None,
                             targets_: tuple[str, ...], what: str) -> Flow:
    """An amount divided among "one or two targets" with one target chosen is announced as
    1 for that target: Forked Bolt aimed at the opponent alone deals them 1 damage instead
    of 2 (CR 601.2d: with one target, that target gets the whole amount)."""
    amount = divided_amount(ability)
    if amount is None or not targets_:
        return ()
    if len(targets_) == 1:
        return tuple(targets_)
    if amount < len(targets_):
        raise IllegalAction(f"{what}: {amount} can't be divided among {len(targets_)} targets, "
                            f"each of which gets at least 1 (CR 601.2d)")
    options = tuple(Option(target, label(game, target)) for target in targets_)
    chosen = yield Choice(DIVIDE_CHOICE, player,
                          f"{what}: divide {amount} among "
                          + ", ".join(o.label for o in options)
                          + " (name a target once per point, each at least once)",
                          options, amount, amount)
    return tuple(chosen)


# -- the stack -------------------------------------------------------------------------------

def may_whatever_the_answer(game: Game, ctx: Context, params: Any) -> Flow:
    """The "you may" of a resolving spell or ability is asked, but its effects happen
    whatever the answer: Hada Freeblade's controller answers "no" and the +1/+1 counter is
    put on it all the same (CR 608.2d: the player chooses whether to do what "may" offers)."""
    options = (Option("yes", "yes"), Option("no", "no"))
    (_answer,) = yield Choice("option", ctx.controller, "do it?", options)
    yield from run_effects(game, ctx, tuple(params))


def activation_refused_early_any_controller(game: Game, action: Activate
                                            ) -> tuple[GameObject, Ability]:
    """Who controls the permanent is not looked at as an ability is activated: the active
    player can activate the opponent's Prodigal Pyromancer and ping the opponent with it
    (CR 602.2: a player activates only the activated abilities of objects they control,
    unless an ability says otherwise)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only abilities of permanents can be activated here")
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
    if params.get("tap") and obj.tapped:  # costs known before targets (CR 602.2b)
        raise IllegalAction(f"{obj.card.name} is tapped")
    if params.get("tap") and summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


# -- timing and durations --------------------------------------------------------------------

def may_play_for_any_player(game: Game, player: str, object_id: str) -> bool:
    """A permission to play an exiled card is looked up by the card alone, not by the player
    it was given to: the card Impulse exiled for its caster can be cast by the other player
    (CR 601.3, 611.2: "you may play that card" is a permission of the effect's controller)."""
    return any(name.startswith(PLAY) and object_id in ids
               for (name, who), ids in game.state.linked.items())


def end_permissions_a_turn_late(game: Game) -> None:
    """Permissions to play exiled cards end in the cleanup step of the turn after their last
    one: the card Impulse exiled "until the end of your next turn" can still be cast in the
    opponent's turn that follows (CR 611.2a, 514.2: they end as that turn's cleanup step
    begins)."""
    ending = f"{PLAY}{game.state.turn - 1}"
    for key in [k for k in game.state.linked if k[0] == ending]:
        del game.state.linked[key]


# -- state-based actions ---------------------------------------------------------------------

def state_based_actions_removing_every_counter_pair(game: Game) -> bool:
    """When a permanent has both +1/+1 and -1/-1 counters, all of both kinds are removed, not
    as many of each as the smaller number: a Bear with two +1/+1 counters and one -1/-1
    counter is left a 2/2 with none (CR 704.5q: N of each kind, N the smaller count)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)  # CR 704.5f, 704.5g
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)  # CR 704.5m
        elif _saga_is_done(game, obj, chars):
            doomed.append(obj)  # CR 704.5s
        elif ("Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch):
            doomed.append(obj)  # CR 704.5h
    annihilated = False
    for obj in state.permanents():
        pairs = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if pairs and obj not in doomed:  # CR 704.5q
            for kind in ("+1/+1", "-1/-1"):
                del obj.counters[kind]
            annihilated = True
    losers = [p for p in state.players if not p.lost
              and (p.life <= 0 or p.drew_from_empty_library)]  # CR 704.5a, 704.5b
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


# -- combat ----------------------------------------------------------------------------------

def deal_combat_damage_untapped_blockers_only(game: Game) -> Flow:
    """A blocking creature that has become tapped deals no combat damage, as under the rules
    before Sixth Edition: Prodigal Pyromancer, tapped for its ability after blocking a
    Squire, deals the Squire nothing (CR 510.1a: each blocking creature assigns combat damage
    equal to its power, tapped or untapped)."""
    combat_ = game.state.combat
    if combat_ is None or not combat_.attackers:
        return
    fighters = [i for i in list(combat_.attackers) + list(combat_.blockers)
                if _in_combat(game, i) is not None]
    first_step = not combat_.first_strike_done and any(
        set(game.chars(game.state.objects[i]).keywords) & {"First strike", "Double strike"}
        for i in fighters)
    if first_step:
        combat_.first_strike_done = True
    else:
        combat_.first_strike_done = combat_.regular_done = True
    assignments: list[tuple[str, Characteristics, str, str, int]] = []
    for attacker, defender in combat_.attackers.items():
        found = _in_combat(game, attacker)
        if found is None or not _strikes_now(found[1], first_step,
                                             attacker in combat_.dealt_first):
            continue
        obj, chars = found
        assigned = yield from _attacker_assignment(game, combat_, attacker, chars, defender)
        for target, amount in assigned:
            assignments.append((attacker, chars, obj.controller, target, amount))
    for blocker, attacker in combat_.blockers.items():
        found = _in_combat(game, blocker)
        if found is None or _in_combat(game, attacker) is None or found[0].tapped:
            continue
        if not _strikes_now(found[1], first_step, blocker in combat_.dealt_first):
            continue
        obj, chars = found
        assignments.append((blocker, chars, obj.controller, attacker, chars.power or 0))
    if first_step:
        combat_.dealt_first.update(source for source, *_ in assignments)
    _deal(game, assignments)


def step_forward_without_skipping_combat(game: Game) -> None:
    """The declare blockers and combat damage steps happen whether or not any creature
    attacks: with no attackers declared, the game can still be taken to the combat damage
    step (CR 508.8: if no creatures are declared as attackers, those steps are skipped)."""
    state = game.state
    fighting = combat.has_attackers(game)
    if state.step is Step.COMBAT_DAMAGE and fighting and state.combat is not None \
            and not state.combat.regular_done:
        return  # the regular combat damage step follows the first-strike one
    index = STEP_ORDER.index(state.step)
    if index + 1 == len(STEP_ORDER):
        turn._next_turn(game)
        return
    if state.step is Step.END_OF_COMBAT:
        combat.end_combat(game)
    state.step = STEP_ORDER[index + 1]


def check_blockers_reach_as_evasion(game: Game, action: DeclareBlockers) -> None:
    """Reach is read as an evasion ability, like flying: an attacking Reacher can be blocked
    only by creatures with flying or reach, and a Bear's block of it is refused (CR 702.17b:
    reach lets a creature block creatures with flying; it restricts nothing)."""
    combat_ = game.state.combat
    if combat_ is None or not combat_.attackers:
        raise IllegalAction("no creature is attacking")
    if len({blocker for blocker, _ in action.blocks}) != len(action.blocks):
        raise IllegalAction("a creature can block only one attacker")
    defenders = set(combat_.attackers.values())
    if action.player not in defenders:
        raise IllegalAction(f"{action.player} is not a defending player")
    for blocker, attacker in action.blocks:
        _obj, chars = _creature(game, blocker, action.player, "block")
        attacking_now = _in_combat(game, attacker)
        if combat_.attackers.get(attacker) != action.player or attacking_now is None:
            raise IllegalAction(f"{attacker} is not attacking {action.player} (a creature "
                                f"that left the battlefield is removed from combat, CR 506.4)")
        _attacker, attacking = attacking_now
        if {"Flying", "Reach"} & set(attacking.keywords) \
                and not {"Flying", "Reach"} & set(chars.keywords):
            raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}, which has "
                                f"flying (CR 702.9b)")


def next_turn_untapping_every_player(game: Game) -> None:
    """In the untap step every player's permanents untap, not only the active player's: the
    other player's creature tapped for an attack is untapped again as their opponent's turn
    begins (CR 502.3: the active player untaps all their permanents)."""
    state = game.state
    state.turn += 1
    state.active_player = state.opponent(state.active_player)
    state.step = Step.UNTAP
    state.combat = None
    lands.forget_earlier_turns(game)
    for player in state.players:
        player.used_once_per_turn.clear()
        player.spells_cast_this_turn.clear()
    for obj in state.permanents():
        obj.untap()
        if obj.controller == state.active_player:
            obj.summoning_sick = False


# -- costs and mana value --------------------------------------------------------------------

def total_cost_first_each_turn_any_player(game: Game, player: str, spell: GameObject,
                                          chars: Characteristics, base: str | None) -> Cost:
    """"The first creature spell you cast each turn costs {1} less" is used up by any
    player's creature spell: once the opponent has flashed in Ambush Viper, the Bear its
    controller casts next, their first creature spell of the turn, costs full price
    (CR 601.2f: the spells "you cast" are its controller's)."""
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = [c for p in game.state.players for c in p.spells_cast_this_turn]
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost


def cast_paying_the_left_halfs_cost(game: Game, action: Cast) -> Flow:
    """A split card is cast for its first half's mana cost whichever half is cast: Right
    Hall, the right half of Left Hall // Right Hall ({3}{W}), is cast with {1}{W}
    (CR 709.3, 601.2f: only the half cast is evaluated, its mana cost among them)."""
    state = game.state
    card_obj = cast_refused_early(game, action)
    card = card_obj.copiable_card
    door = action.door
    if is_split(card) and door is None:
        options = tuple(Option(d.value, card.faces[DOOR_INDEX[d]].name) for d in Door)
        (answer,) = yield Choice("door", action.player, f"which half of {card.name} to cast",
                                 options)
        door = Door(answer)
    if door is not None and not is_split(card):
        raise IllegalAction(f"{card.name} has no halves to choose from")
    from_zone = card_obj.zone
    spell = state.move(card_obj, Zone.STACK, controller=action.player)  # CR 601.2a
    assert spell is not None
    spell.cast_door = door
    spell.face_down = action.face_down
    spell.x = action.x or 0
    chars = game.chars(spell)  # the spell's characteristics: only the door cast (CR 709.3)
    if "Land" in chars.types:
        raise IllegalAction(f"{card.name} is a land: it is played, never cast (CR 305.1)")
    permission = casting.graveyard_permission(game, action.player, chars) \
        if from_zone is Zone.GRAVEYARD else None
    _permission(game, action.player, card_obj, chars)
    if permission is not None:  # "if you do, it gains ..."
        spell.granted = permission[1].grants
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = FACE_DOWN_COST if action.face_down else card.faces[0].mana_cost
    cost = casting.total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:  # known before targets, which don't change it
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets_ = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, action.player,
        _values(action.targets), f"targets for {card.name}",
        exclude=spell.id)  # a spell can't target itself (CR 115.5)
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
    state.player(action.player).spells_cast_this_turn.append(chars)
    game.emit("zone_changed", object=card_obj.id, new_object=spell.id, card=card.name,
              **{"from": from_zone.value, "to": Zone.STACK.value})
    game.emit("spell_cast", object=spell.id, player=action.player)
    state.priority = action.player


def mana_value_counting_each_hybrid_half(cost: str | None, x: int = 0) -> int:
    """Each half of a hybrid symbol is counted in a mana value: Boros Recruit ({R/W}) has mana
    value 2 (CR 202.3f: a hybrid symbol counts as its largest component, 1 for {R/W})."""
    return sum(symbol_value(part, x) for s in symbols(cost) for part in s.split("/"))


# -- lands and library searches --------------------------------------------------------------

def graveyard_permission_letting_lands_be_played(game: Game, player: str,
                                                 chars: Characteristics
                                                 ) -> tuple[GameObject, Ability] | None:
    """A permission to cast permanent spells from the graveyard is taken for lands too, a
    land card being a permanent card: Gravecaller's controller plays a Forest from their
    graveyard (CR 305.1, 601.3: a land is played, never cast, and a permission to cast
    spells doesn't let it be played)."""
    used = game.state.player(player).used_once_per_turn
    land = "Land" in chars.types
    for permanent, ability, rule in game.statics("cast_from_graveyard", controller=player):
        if rule.get("once_per_turn") and ((permanent.id, ability.index) in used
                                          or game.state.active_player != player):
            continue  # "once during each of your turns": not in another player's turn
        if matches(chars, rule) or (land and rule.get("lands")):
            return permanent, ability
    return None


def search_library_any_card(game: Game, ctx: Context, params: Any) -> Flow:
    """A library search offers every card of the library, whatever it is searching for:
    Land Grant ("search your library for a land card") can put a Bear onto the battlefield
    (CR 701.23a: the player finds a card with the stated quality, or none)."""
    library = game.state.player(ctx.controller).zones[Zone.LIBRARY]
    found = list(library)
    options = tuple(Option(i, label(game, i)) for i in found)
    chosen = yield Choice("cards", ctx.controller, "search your library", options, 0, 1)
    for card_id in chosen:
        obj = game.state.objects[card_id]
        if Zone(params.get("to", "hand")) is Zone.BATTLEFIELD:
            yield from put_onto_battlefield(game, obj, controller=ctx.controller)
        else:
            game.move(obj, Zone(params["to"]))
    random.Random(game.state.seed + game.state.clock).shuffle(library)


# -- the end of the game ---------------------------------------------------------------------

def state_based_actions_zero_life_from_damage_only(game: Game) -> bool:
    """A player at 0 or less life loses only if damage took them there in the same action:
    Bump in the Night's 3 life lost leaves its target in the game at 0 (CR 704.5a, 119.3: a
    player with 0 or less life loses, whatever made them lose the life)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)  # CR 704.5f, 704.5g
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)  # CR 704.5m
        elif _saga_is_done(game, obj, chars):
            doomed.append(obj)  # CR 704.5s
        elif ("Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch):
            doomed.append(obj)  # CR 704.5h
    annihilated = False
    for obj in state.permanents():
        pairs = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if pairs and obj not in doomed:  # CR 704.5q
            obj.counters["+1/+1"] -= pairs
            obj.counters["-1/-1"] -= pairs
            for kind in ("+1/+1", "-1/-1"):
                if not obj.counters[kind]:
                    del obj.counters[kind]
            annihilated = True
    losers = [p for p in state.players if not p.lost
              and ((p.life <= 0 and any(
                  e.kind == "damage_dealt" and e.data.get("to") == PLAYER_OPTION_PREFIX + p.name
                  for e in game.events))
                   or p.drew_from_empty_library)]  # CR 704.5a, 704.5b
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("target-permanent-read-as-target-creature", "targets",
        "https://github.com/magefree/mage/issues/628",
        _doc(candidates_permanent_read_as_creature),
        (targets, "candidates", candidates_permanent_read_as_creature),
        (effects, "candidates", candidates_permanent_read_as_creature)),
    bug("divided-amount-to-one-target-dealt-once", "targets",
        "https://github.com/magefree/mage/issues/619",
        _doc(announce_one_target_once),
        (dividing, "announce", announce_one_target_once),
        (casting, "announce", announce_one_target_once),
        (triggers, "announce", announce_one_target_once)),
    bug("may-carried-out-whatever-the-answer", "stack",
        "https://github.com/Card-Forge/forge/issues/4421",
        _doc(may_whatever_the_answer),
        (effects.EFFECTS, "may", may_whatever_the_answer)),
    bug("ability-activated-by-another-player", "stack",
        "https://github.com/magefree/mage/issues/2177",
        _doc(activation_refused_early_any_controller),
        (casting, "activation_refused_early", activation_refused_early_any_controller)),
    bug("exiled-card-played-by-another-player", "timing",
        "https://github.com/magefree/mage/issues/589",
        _doc(may_play_for_any_player),
        (exile_to_play, "may_play", may_play_for_any_player),
        (casting, "may_play", may_play_for_any_player),
        (lands, "may_play", may_play_for_any_player)),
    bug("play-permission-outlasts-its-turn", "durations",
        "https://github.com/wingedsheep/argentum-engine/pull/418",
        _doc(end_permissions_a_turn_late),
        (exile_to_play, "end_permissions", end_permissions_a_turn_late),
        (turn, "end_permissions", end_permissions_a_turn_late)),
    bug("counter-pairs-remove-every-counter", "state-based-actions",
        "https://github.com/magefree/mage/issues/998",
        _doc(state_based_actions_removing_every_counter_pair),
        (turn, "state_based_actions", state_based_actions_removing_every_counter_pair)),
    bug("tapped-blocker-deals-no-combat-damage", "combat",
        "https://github.com/phase-rs/phase/issues/1740",
        _doc(deal_combat_damage_untapped_blockers_only),
        (combat, "deal_combat_damage", deal_combat_damage_untapped_blockers_only)),
    bug("combat-steps-kept-without-attackers", "turn-structure",
        "https://github.com/phase-rs/phase/pull/3622",
        _doc(step_forward_without_skipping_combat),
        (turn, "_step_forward", step_forward_without_skipping_combat)),
    bug("reach-read-as-evasion", "combat",
        "https://github.com/phase-rs/phase/issues/2854",
        _doc(check_blockers_reach_as_evasion),
        (combat, "check_blockers", check_blockers_reach_as_evasion)),
    bug("untap-step-untaps-every-player", "turn-structure",
        "https://github.com/magarena/magarena/issues/1106",
        _doc(next_turn_untapping_every_player),
        (turn, "_next_turn", next_turn_untapping_every_player)),
    bug("first-creature-discount-used-by-another-players-spell", "costs",
        "https://github.com/phase-rs/phase/issues/7769",
        _doc(total_cost_first_each_turn_any_player),
        (casting, "total_cost", total_cost_first_each_turn_any_player)),
    bug("room-half-cast-for-the-left-halfs-cost", "costs",
        "https://github.com/Card-Forge/forge/issues/6372",
        _doc(cast_paying_the_left_halfs_cost),
        (casting, "cast", cast_paying_the_left_halfs_cost)),
    bug("hybrid-symbol-counted-for-each-half", "mana",
        "https://github.com/magefree/mage/issues/6961",
        _doc(mana_value_counting_each_hybrid_half),
        (mana, "mana_value", mana_value_counting_each_hybrid_half)),
    bug("cast-permission-lets-a-land-be-played", "lands",
        "https://github.com/magefree/mage/pull/6441",
        _doc(graveyard_permission_letting_lands_be_played),
        (casting, "graveyard_permission", graveyard_permission_letting_lands_be_played),
        (lands, "graveyard_permission", graveyard_permission_letting_lands_be_played)),
    bug("library-search-ignores-its-filter", "zones",
        "https://github.com/phase-rs/phase/issues/7188",
        _doc(search_library_any_card),
        (effects.EFFECTS, "search_library", search_library_any_card)),
    bug("life-loss-to-zero-does-not-lose", "game-over",
        "https://github.com/phase-rs/phase/issues/6421",
        _doc(state_based_actions_zero_life_from_damage_only),
        (turn, "state_based_actions", state_based_actions_zero_life_from_damage_only)),
]

