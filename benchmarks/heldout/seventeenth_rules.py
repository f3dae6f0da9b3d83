"""Held-out bugs, seventeenth batch: targets, priority, timing and durations, state-based
actions, combat, the turn's steps, lands, mana and costs -- the source of an activated ability
left out of its targets (CR 115.1, 115.5); the player whose triggered ability was put on the
stack receiving priority (CR 117.3b, 117.5); a permanent spell with flash refused while
another spell waits on the stack (CR 702.8a, 117.1a); state-based actions checked in the
cleanup step between the end of "until end of turn" effects and the removal of damage
(CR 514.2, 704.3); an Aura attached to another player's permanent put into the graveyard
(CR 704.5m, 303.4c); a noncreature permanent declared as a blocker (CR 509.1a); every creature
dealing its combat damage in the first-strike combat damage step (CR 702.7b, 510.4); the
cards discarded down to the maximum hand size taken from the hand without a choice
(CR 514.1); a land card cast as a spell (CR 305.1, 305.9); unspent mana making its player lose
life as the pool empties (CR 106.4, 500.4); cost increases sparing their controller's own
spells (CR 601.2f); a trampler's controller refused a division giving a blocker more than
lethal damage (CR 702.19b, 510.1c)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.contract.types import (
    PLAYER_OPTION_PREFIX, Activate, Cast, Choice, DeclareBlockers, Event, Option,
)
from conformance.engines.reference import casting, combat, turn
from conformance.engines.reference.casting import (
    FACE_DOWN_COST, _keywords, _sorcery_timing, _values, activation_refused_early,
    cast_refused_early,
)
from conformance.engines.reference.characteristics import (
    DOOR_INDEX, Characteristics, is_split,
)
from conformance.engines.reference.combat import _in_combat, _name
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.damage import change_life, lethal_damage
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context, draw_cards, run_effects
from conformance.engines.reference.exile_to_play import end_permissions
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import Combat, GameObject, StackAbility
from conformance.engines.reference.targets import choose_targets, matches
from conformance.engines.reference.turn import _saga_is_done, check_state
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Step, Zone

from . import HeldOut, bug


# -- targets and priority --------------------------------------------------------------------

def activate_leaving_out_its_source(game: Game, action: Activate) -> Flow:
    """The permanent whose ability is activated is left out of the ability's targets, as if
    every ability said "another": Prodigal Pyromancer ("{T}: This creature deals 1 damage to
    any target") can't be aimed at itself (CR 115.1, 115.5: only a spell or ability on the
    stack is an illegal target for itself; its source is a legal target unless the text says
    otherwise)."""
    state = game.state
    obj, ability = activation_refused_early(game, action)
    params = ability.params
    targets_ = yield from choose_targets(game, ability.target, action.player,
                                         _values(action.targets), f"targets for {ability.text}",
                                         exclude=obj.id)  # the source: never its own target
    if targets_ is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets_, ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if casting.summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:  # "X is the mana value of the exiled card" (CR 607.2)
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(action.player).pool.pay(Cost.of(params.get("mana"), x))
    source_card = obj.copiable_card
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    if params.get("mana_ability"):  # doesn't use the stack; resolves at once (CR 605.3b)
        yield from run_effects(game, Context(action.player, obj.id, source_card, ability,
                                             targets_, targets_, x), ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets_, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


def settle_with_priority_to_the_triggers_controller(game: Game) -> Flow:
    """Once the state is checked, the player whose triggered ability was put on the stack
    last receives priority, as a player who casts a spell does: at the beginning of the
    active player's end step, the opponent's End Pinger trigger leaves the opponent holding
    priority (CR 117.3b, 117.5, 117.3c: the active player receives priority after a
    resolution and as a step begins, whoever controls the triggered abilities put on the
    stack; only a player who casts, activates or takes a special action keeps it)."""
    state = game.state
    before = len(state.stack)
    yield from check_state(game)
    state = game.state
    top = state.stack[-1] if state.stack else None
    if len(state.stack) > before and isinstance(top, StackAbility):
        state.priority = top.controller  # the player who put it there
    else:
        state.priority = state.active_player
    state.passes = 0


# -- timing and durations --------------------------------------------------------------------

def cast_with_flash_over_an_empty_stack(game: Game, action: Cast) -> Flow:
    """Flash is read as "any step", not "any time its controller has priority": a creature
    spell with flash is refused while another spell waits on the stack, and Ambush Viper
    can't be cast in response to its caster's own Shock (CR 702.8a, 117.1a: a spell with
    flash may be cast any time its controller could cast an instant, the stack holding
    anything)."""
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
    casting._permission(game, action.player, card_obj, chars)
    if permission is not None:  # "if you do, it gains ..."
        spell.granted = permission[1].grants
    instant = "Instant" in chars.types
    if not (instant or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    elif not instant and len(state.stack) > 1:  # flash: any step, over an empty stack
        raise IllegalAction(f"{card.name} has flash: it is cast in any step, with the stack "
                            f"empty")
    base = FACE_DOWN_COST if action.face_down else (  # an alternative cost (CR 702.37c)
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    yield from _pay_and_announce(game, action, card_obj, spell, chars, cost, from_zone)


def _pay_and_announce(game: Game, action: Cast, card_obj: GameObject, spell: GameObject,
                      chars: Characteristics, cost: Cost, from_zone: Zone) -> Flow:
    """The rest of ``casting.cast`` once the total cost is known, as it is there: targets,
    division, convoke, payment, then the spell is announced as cast."""
    state = game.state
    card = card_obj.copiable_card
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


def cleanup_checking_the_state_between(game: Game) -> None:
    """In the cleanup step, "until end of turn" effects end first and state-based actions
    are checked before damage wears off: a Bear made 5/5 by Growth and dealt 2 damage by
    Shock dies as its turn ends (CR 514.2: damage is removed and "until end of turn"
    effects end at the same time; CR 514.3: state-based actions are checked only after
    both)."""
    game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]
    turn.state_based_actions(game)  # the effects are over, the damage is still marked
    for obj in game.state.permanents():
        obj.damage = 0
        obj.damaged_by_deathtouch = False
    end_permissions(game)


# -- state-based actions ---------------------------------------------------------------------

def state_based_actions_auras_on_their_controllers_permanents(game: Game) -> bool:
    """An Aura attached to a permanent another player controls is put into its owner's
    graveyard, as if "enchant creature" meant "enchant creature you control": Might Aura cast
    on the opponent's Bear goes to the graveyard as soon as it has resolved (CR 704.5m,
    303.4c: an Aura is put into the graveyard when it is attached to an illegal object or to
    nothing; "enchant creature" allows any player's creature)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)  # CR 704.5f, 704.5g
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield
                or state.objects[obj.attached_to].controller != obj.controller):
            doomed.append(obj)  # CR 704.5m, read as "a permanent its controller controls"
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
              and (p.life <= 0 or p.drew_from_empty_library)]  # CR 704.5a, 704.5b
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


# -- combat ----------------------------------------------------------------------------------

def _untapped_permanent(game: Game, object_id: str, player: str) -> Characteristics:
    obj = game.state.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it can't block")
    chars = game.chars(obj)
    if obj.controller != player:
        raise IllegalAction(f"{_name(chars)} is not controlled by {player}: they can't have "
                            f"it block")
    if obj.tapped:
        raise IllegalAction(f"{_name(chars)} is tapped: it can't block")
    return chars


def check_blockers_any_permanent(game: Game, action: DeclareBlockers) -> None:
    """Blockers are checked for being untapped permanents of the defending player, not for
    being creatures: Trinket, an artifact, is declared as a blocker, and the Bear it blocks
    deals its damage to the Trinket instead of the player (CR 509.1a: the defending player
    chooses which untapped creatures they control block)."""
    combat_ = game.state.combat
    if combat_ is None or not combat_.attackers:
        raise IllegalAction("no creature is attacking")
    if len({blocker for blocker, _ in action.blocks}) != len(action.blocks):
        raise IllegalAction("a creature can block only one attacker")
    defenders = set(combat_.attackers.values())
    if action.player not in defenders:
        raise IllegalAction(f"{action.player} is not a defending player")
    for blocker, attacker in action.blocks:
        chars = _untapped_permanent(game, blocker, action.player)  # a creature, not asked
        attacking_now = _in_combat(game, attacker)
        if combat_.attackers.get(attacker) != action.player or attacking_now is None:
            raise IllegalAction(f"{attacker} is not attacking {action.player} (a creature "
                                f"that left the battlefield is removed from combat, CR 506.4)")
        _attacker, attacking = attacking_now
        if "Flying" in attacking.keywords and not {"Flying", "Reach"} & set(chars.keywords):
            raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}, which has "
                                f"flying (CR 702.9b)")


def strikes_now_everyone_in_the_first_step(chars: Characteristics, first_step: bool,
                                           dealt_first: bool) -> bool:
    """When any attacking or blocking creature has first strike, every creature deals its
    combat damage in the first combat damage step: First Striker blocked by a Bear is dealt
    the Bear's damage at the same time and dies with it (CR 702.7b, 510.4: only creatures
    with first strike or double strike deal damage in that step; the others deal theirs in
    a second step, if they are still there)."""
    keywords = set(chars.keywords)
    if first_step:
        return True  # the first step is taken as every creature's
    return "Double strike" in keywords or not dealt_first


def attacker_assignment_excess_to_the_player(game: Game, combat_: Combat, attacker: str,
                                             chars: Characteristics, defender: str) -> Flow:
    """A trampler's damage beyond what its blockers need to be destroyed must be assigned to
    the player it attacks: its controller can't assign more than lethal damage to a blocker,
    and a Trampler blocked by a Bear can't deal all 4 of its damage to the Bear
    (CR 702.19b, 510.1c: once each blocker is assigned lethal damage, the rest is assigned as
    its controller chooses among the blockers and the player)."""
    power = chars.power or 0
    player = PLAYER_OPTION_PREFIX + defender
    if power <= 0:
        return []
    if attacker not in combat_.blocked:
        return [(player, power)]
    blockers = [b for b, a in combat_.blockers.items() if a == attacker
                and _in_combat(game, b) is not None]
    trample = "Trample" in chars.keywords
    if not blockers:
        return [(player, power)] if trample else []
    lethal = {b: lethal_damage(game, b, chars) for b in blockers}
    if len(blockers) == 1 and (not trample or power <= lethal[blockers[0]]):
        return [(blockers[0], power)]  # one way to assign it: all to the blocker
    options = tuple(Option(b, _name(game.chars(game.state.objects[b]))) for b in blockers)
    if trample:
        options += (Option(player, defender),)

    def rule(values: tuple[str, ...]) -> str | None:
        counts = Counter(values)
        short = [b for b in blockers if counts[b] < lethal[b]]
        if counts[player] and short:
            return (f"{defender} can be assigned damage only once each blocker is assigned "
                    f"lethal damage (CR 702.19b); short: {', '.join(short)}")
        over = [b for b in blockers if counts[b] > lethal[b]]
        if trample and over and power > sum(lethal.values()):  # the excess is the player's
            return (f"the damage beyond lethal goes to {defender}; assigned more than lethal: "
                    f"{', '.join(over)}")
        return None

    game.answer_rule = rule
    chosen = yield Choice(
        "combat_damage", game.state.objects[attacker].controller,
        f"divide the {power} combat damage of {_name(chars)} among "
        + ", ".join(o.label for o in options) + " (name an option once per point)",
        options, power, power)
    counts = Counter(chosen)
    return [(o.value, counts[o.value]) for o in options if counts[o.value]]


# -- the turn's steps ------------------------------------------------------------------------

def discard_to_hand_size_without_a_choice(game: Game) -> Flow:
    """The cards the active player discards down to the maximum hand size are the first ones
    in their hand, taken without asking: with eight cards, the oldest goes, and a player who
    would keep a Bear and discard a Shock discards the Bear (CR 514.1: the player discards
    enough cards -- of their choice -- to reduce their hand size to seven)."""
    player = game.state.active_player
    if any(True for _ in game.statics("no_maximum_hand_size", controller=player)):
        return
    hand = list(game.state.player(player).zones[Zone.HAND])
    extra = len(hand) - 7
    if extra <= 0:
        return
    for card_id in hand[:extra]:  # the first cards in hand, not chosen
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(Event("card_discarded", {"object": card_id}))
    yield from ()


# -- lands and mana --------------------------------------------------------------------------

def cast_with_lands_too(game: Game, action: Cast) -> Flow:
    """A land card is let be cast like any permanent card: a Forest in its owner's hand is
    put on the stack for its mana cost (none), resolves into a permanent, and uses no land
    play (CR 305.1, 305.9: a land is played, never cast; a land card can't be cast as a
    spell)."""
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
    permission = casting.graveyard_permission(game, action.player, chars) \
        if from_zone is Zone.GRAVEYARD else None
    casting._permission(game, action.player, card_obj, chars)
    if permission is not None:  # "if you do, it gains ..."
        spell.granted = permission[1].grants
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = FACE_DOWN_COST if action.face_down else (  # an alternative cost (CR 702.37c)
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    yield from _pay_and_announce(game, action, card_obj, spell, chars, cost, from_zone)


def next_step_with_mana_burn(game: Game, declare: Any = None) -> Flow:
    """The mana left in a pool as it empties between steps makes its player lose that much
    life, as mana burn did before 2009: a player who taps a Mountain in the main phase and
    spends nothing loses 1 life as the step ends (CR 106.4, 500.4: unspent mana empties
    from the pool, and nothing else happens)."""
    state = game.state
    while True:
        turn._step_forward(game)
        for player in state.players:
            burnt = player.pool.total()
            player.pool.empty()  # mana empties between steps (CR 500.4)
            if burnt:
                change_life(game, player.name, -burnt)  # and burns its player
        if state.step is Step.CLEANUP:
            yield from turn.discard_to_hand_size(game)
            turn._cleanup(game)
            continue
        if state.step is not Step.UNTAP:
            break
    if declare is not None:
        declare()
    if state.step is Step.DRAW:
        draw_cards(game, state.active_player, 1)  # CR 504.1
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)  # CR 510.1-2
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step is Step.PRECOMBAT_MAIN:
        turn._lore_counters(game)
    yield from turn.settle(game)


# -- costs -----------------------------------------------------------------------------------

def total_cost_sparing_the_increases_controller(game: Game, player: str, spell: GameObject,
                                                chars: Characteristics,
                                                base: str | None) -> Cost:
    """Cost increases are added to the spells of their controller's opponents only: with
    Thorn ("noncreature spells cost {1} more"), its controller casts Shock for {R}
    (CR 601.2f: an increase applies to every spell it names, its controller's too)."""
    cost = Cost.of(base, spell.x)
    for permanent, _ability, rule in game.statics("cost_increase"):
        if permanent.controller == player:
            continue  # its own controller's spells are spared
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")



BUGS: list[HeldOut] = [
    bug("ability-source-excluded-from-its-targets", "targets",
        "https://github.com/Card-Forge/forge/issues/10001",
        _doc(activate_leaving_out_its_source),
        (casting, "activate", activate_leaving_out_its_source)),
    bug("trigger-controller-receives-priority", "priority",
        "https://github.com/WagicProject/wagic/issues/476",
        _doc(settle_with_priority_to_the_triggers_controller),
        (turn, "settle", settle_with_priority_to_the_triggers_controller)),
    bug("flash-spell-refused-over-a-spell", "timing",
        "https://github.com/magefree/mage/issues/8102",
        _doc(cast_with_flash_over_an_empty_stack),
        (casting, "cast", cast_with_flash_over_an_empty_stack)),
    bug("pump-ends-before-damage-wears-off", "durations",
        "https://github.com/Card-Forge/forge/pull/3688",
        _doc(cleanup_checking_the_state_between),
        (turn, "_cleanup", cleanup_checking_the_state_between)),
    bug("aura-on-another-players-permanent-put-away", "state-based-actions",
        "https://github.com/magefree/mage/issues/209",
        _doc(state_based_actions_auras_on_their_controllers_permanents),
        (turn, "state_based_actions", state_based_actions_auras_on_their_controllers_permanents)),
    bug("noncreature-permanent-blocks", "combat",
        "https://github.com/phase-rs/phase/issues/1377",
        _doc(check_blockers_any_permanent),
        (combat, "check_blockers", check_blockers_any_permanent)),
    bug("every-creature-strikes-in-the-first-strike-step", "combat",
        "https://github.com/Card-Forge/forge/issues/8174",
        _doc(strikes_now_everyone_in_the_first_step),
        (combat, "_strikes_now", strikes_now_everyone_in_the_first_step)),
    bug("trample-excess-forced-onto-the-player", "damage",
        "https://github.com/phase-rs/phase/pull/1816",
        _doc(attacker_assignment_excess_to_the_player),
        (combat, "_attacker_assignment", attacker_assignment_excess_to_the_player)),
    bug("cleanup-discard-not-chosen", "turn-structure",
        "https://github.com/phase-rs/phase/issues/181",
        _doc(discard_to_hand_size_without_a_choice),
        (turn, "discard_to_hand_size", discard_to_hand_size_without_a_choice)),
    bug("land-card-cast-as-a-spell", "lands",
        "https://github.com/magefree/mage/pull/10556",
        _doc(cast_with_lands_too),
        (casting, "cast", cast_with_lands_too)),
    bug("unspent-mana-burns", "mana",
        "https://github.com/phase-rs/phase/pull/8778",
        _doc(next_step_with_mana_burn),
        (turn, "next_step", next_step_with_mana_burn)),
    bug("cost-increase-spares-its-controller", "costs",
        "https://github.com/phase-rs/phase/issues/9071",
        _doc(total_cost_sparing_the_increases_controller),
        (casting, "total_cost", total_cost_sparing_the_increases_controller)),
]
