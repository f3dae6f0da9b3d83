"""Held-out bugs, sixteenth batch: targets, the stack, timing and durations, state-based
actions, combat, the turn's steps, costs, mana, lands, the end of the game and drawing --
"target permanent" offering permanent spells on the stack (CR 110.1, 115.1); a resolving
spell's X dropped from what its effects count (CR 107.3a, 608.2h); an instant cast from exile
with a permission to play it held to sorcery timing (CR 601.3, 117.1a); "until end of turn"
effects ending as combat ends (CR 514.2, 511.3); the legend rule's losers moved to the
graveyard unseen (CR 704.5j, 700.4); blocking creatures tapped as they block (CR 509.1,
506.4); an attacker blocked by two creatures dealing its whole power to each (CR 510.1c);
summoning sickness ended for the player whose turn ended (CR 302.6); cost increases left out
for spells cast from outside the hand (CR 601.2f); convoke refusing creatures with summoning
sickness (CR 702.51a, 302.6); the mana left over after a payment lost (CR 106.4, 500.4); a
land exiled with a permission to play it refused (CR 305.1, 601.3); a player with an empty
library losing without drawing (CR 704.5b, 121.4); a draw of more cards than the library holds
drawing none of them (CR 121.4, 121.2)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from conformance.contract.types import (
    PLAYER_OPTION_PREFIX, Cast, Choice, DeclareBlockers, Event, Option,
)
from conformance.engines.reference import (
    casting, combat, convoke as convoke_module, effects, lands, mana, targets, turn,
)
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.casting import (
    FACE_DOWN_COST, _keywords, _sorcery_timing, _values, cast_refused_early,
)
from conformance.engines.reference.characteristics import (
    DOOR_INDEX, Characteristics, is_permanent_card, is_split,
)
from conformance.engines.reference.combat import _in_combat, _name
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.dividing import announce, division_of, record
from conformance.engines.reference.effects import Context, legal_now, run_effects
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import COLORS, Cost
from conformance.engines.reference.state import Combat, GameObject
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, choose_targets, controlled_ok, matches,
)
from conformance.engines.reference.turn import _saga_is_done
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Step, Zone

from . import HeldOut, bug


# -- targets and the stack -------------------------------------------------------------------

def candidates_permanent_spells_too(game: Game, spec: TargetSpec, you: str, *,
                                    exclude: str | None = None) -> list[str]:
    """"Target permanent" is looked for among permanent cards on the battlefield and on the
    stack: a creature spell waiting to resolve is offered, and Rescue ("return target
    permanent you control to its owner's hand") cast in response to its caster's own Bear
    returns the Bear spell to the hand (CR 110.1, 115.1: a permanent is a card or token on
    the battlefield; a permanent spell is no permanent)."""
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
        if spec.what == "permanent":  # a permanent card is one on the stack too
            pool += [item for item in state.stack if isinstance(item, GameObject)
                     and is_permanent_card(game.chars(item))]
    found = [
        obj.id for obj in pool
        if obj.id != exclude and controlled_ok(obj.controller, spec.controller, you)
        and matches(game.chars(obj), rule) and (not rule.get("tapped") or obj.tapped)
        and (not rule.get("attacking") or combat.is_attacking(game, obj.id))
        and (spec.what != "any" or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    if spec.what == "any":  # any target: a creature, a player, a planeswalker, a battle
        found += players
    return found


def resolve_spell_without_its_x(game: Game, spell: GameObject) -> Flow:
    """The context a resolving spell's effects run with is built without the spell's X: X
    is counted as 0 as the effects happen, and Fireball cast for X=2 deals no damage
    (CR 107.3a, 608.2h: X is the value announced for the spell, while it resolves too)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  division=division_of(game, spell.id))
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None, ctx)
    if spell.targets and not ctx.legal_targets:  # every target illegal: it doesn't resolve
        game.move(spell, Zone.GRAVEYARD)
        return
    if is_permanent_card(chars):
        door = spell.cast_door if spell.copiable_card.is_room else None
        permanent = yield from put_onto_battlefield(
            game, spell, controller=spell.controller, door=door, face_down=spell.face_down,
            x=spell.x)
        if permanent is not None and "Aura" in chars.subtypes and ctx.legal_targets:
            permanent.attached_to = ctx.legal_targets[0]  # an Aura spell's target (CR 303.4f)
        return
    if spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.GRAVEYARD)


# -- timing and durations --------------------------------------------------------------------

def cast_from_exile_as_a_sorcery(game: Game, action: Cast) -> Flow:
    """A card cast from exile with a permission to play it is held to sorcery timing, as a
    land played with it is: the Shock that Impulse exiled can't be cast in its caster's end
    step (CR 601.3, 117.1a: the permission changes where the card may be cast from, not when;
    an instant may be cast any time its caster has priority)."""
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
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)) \
            or from_zone is Zone.EXILE:  # played from exile: when a land could be played
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
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


def end_combat_ending_turn_effects(game: Game) -> None:
    """As combat ends, the effects that last "until end of turn" end with it: Growth cast on
    a Bear in the precombat main phase leaves it a 2/2 in the postcombat main phase
    (CR 514.2, 511.3: they end in the cleanup step; only "until end of combat" effects end
    as combat does)."""
    game.state.combat = None
    game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]


# -- state-based actions ---------------------------------------------------------------------

def legend_rule_moving_unseen(game: Game) -> Flow:
    """The legendary permanents the legend rule puts into the graveyard are moved there
    directly, without the zone change being an event: with Mourner ("whenever a creature you
    control dies, you gain 1 life"), the Legend not kept gains its controller nothing
    (CR 704.5j, 700.4: they are put into their owners' graveyards from the battlefield --
    they die, and abilities see it)."""
    state = game.state
    legendary = [(obj, chars) for obj in state.permanents()
                 if "Legendary" in (chars := game.chars(obj)).supertypes]
    for player in state.apnap():
        by_name: dict[str, list[GameObject]] = {}
        for obj, chars in legendary:
            if obj.controller == player:
                for name in chars.names:  # an object with two names shares either
                    by_name.setdefault(name, []).append(obj)
        for name, same in by_name.items():
            if len(same) < 2:
                continue
            options = tuple(Option(obj.id, name) for obj in same)
            (kept,) = yield Choice("cards", player,
                                   f"legend rule: choose the {name} to keep", options, 1, 1)
            for obj in same:
                if obj.id != kept:
                    state.move(obj, Zone.GRAVEYARD)
            return True
    return False


# -- combat and the turn's steps -------------------------------------------------------------

def declare_blockers_tapping_them(game: Game, action: DeclareBlockers) -> None:
    """Blocking creatures become tapped as they are declared, as attacking creatures do:
    Blocker Wall, blocking a Bear, is tapped for the rest of the turn and into its
    controller's own (CR 509.1, 508.1f: only attacking creatures without vigilance become
    tapped; declaring a blocker taps nothing)."""
    combat_ = game.state.combat
    assert combat_ is not None
    for blocker, attacker in action.blocks:
        combat_.blockers[blocker] = attacker
        combat_.blocked.add(attacker)
        game.state.objects[blocker].tapped = True  # as an attacker is
    game.events.append(combat._declared("blockers_declared", action.player,
                                        [blocker for blocker, _ in action.blocks]))
    for blocker, attacker in action.blocks:
        game.emit("blocks", object=blocker, attacker=attacker, player=action.player)


def attacker_assignment_to_each_blocker(game: Game, combat_: Combat, attacker: str,
                                        chars: Characteristics, defender: str) -> Flow:
    """An attacking creature without trample blocked by two or more creatures assigns its
    whole power to each of them: an Ogre blocked by a Bear and a Squire deals 4 damage to
    both (CR 510.1c: its combat damage is divided among the creatures blocking it, as its
    controller chooses)."""
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
    if not trample:  # each blocker is dealt the attacker's damage
        return [(b, power) for b in blockers]
    lethal = {b: lethal_damage(game, b, chars) for b in blockers}
    if len(blockers) == 1 and power <= lethal[blockers[0]]:
        return [(blockers[0], power)]
    options = tuple(Option(b, _name(game.chars(game.state.objects[b]))) for b in blockers)
    options += (Option(player, defender),)

    def rule(values: tuple[str, ...]) -> str | None:
        counts = Counter(values)
        short = [b for b in blockers if counts[b] < lethal[b]]
        if counts[player] and short:
            return (f"{defender} can be assigned damage only once each blocker is assigned "
                    f"lethal damage (CR 702.19b); short: {', '.join(short)}")
        return None

    game.answer_rule = rule
    chosen = yield Choice(
        "combat_damage", game.state.objects[attacker].controller,
        f"divide the {power} combat damage of {_name(chars)} among "
        + ", ".join(o.label for o in options) + " (name an option once per point)",
        options, power, power)
    counts = Counter(chosen)
    return [(o.value, counts[o.value]) for o in options if counts[o.value]]


def next_turn_ending_the_previous_players_sickness(game: Game) -> None:
    """As a turn begins, summoning sickness ends for the permanents of the player whose turn
    has just ended instead of the new active player's: an Ambush Viper its controller
    flashed in during the opponent's turn still can't attack in its controller's turn
    (CR 302.6: a creature can attack once its controller has controlled it continuously
    since their most recent turn began)."""
    state = game.state
    previous = state.active_player
    state.turn += 1
    state.active_player = state.opponent(state.active_player)
    state.step = Step.UNTAP
    state.combat = None
    lands.forget_earlier_turns(game)
    for player in state.players:
        player.used_once_per_turn.clear()
        player.spells_cast_this_turn.clear()
    others = [(permanent.controller, rule) for permanent, _ability, rule
              in game.statics("untap_during_others_untap")
              if permanent.controller != state.active_player]
    for obj in state.permanents():
        if obj.controller == state.active_player or any(
                obj.controller == player and matches(game.chars(obj), rule or {})
                for player, rule in others):
            obj.untap()
        if obj.controller == previous:  # the turn that ended was theirs
            obj.summoning_sick = False


# -- costs and mana --------------------------------------------------------------------------

def cast_with_increases_from_the_hand_only(game: Game, action: Cast) -> Flow:
    """Cost increases are added only to spells cast from their caster's hand: with Thorn
    ("noncreature spells cost {1} more"), a Trinket cast from the graveyard with Gravecaller
    costs {1} (CR 601.2f: the total cost is the mana cost plus every cost increase that
    applies, whatever zone the spell is cast from)."""
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
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = FACE_DOWN_COST if action.face_down else (  # an alternative cost (CR 702.37c)
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    if from_zone is Zone.HAND:
        cost = casting.total_cost(game, action.player, spell, chars, base)
    else:  # cast from elsewhere: the increases are for spells from the hand
        cost = Cost.of(base, spell.x)
        earlier = state.player(action.player).spells_cast_this_turn
        for _permanent, _ability, rule in game.statics("cost_reduction",
                                                       controller=action.player):
            if not matches(chars, rule):
                continue
            if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
                continue
            cost = cost.reduced(int(rule.get("generic", 0)))
    yield from _pay_and_announce(game, action, card_obj, spell, chars, cost, from_zone)


def convoke_helpers_without_summoning_sickness(game: Game, player: str) -> list[GameObject]:
    """The creatures offered for convoke are those that could pay a {T} cost: a Bear that
    came under its controller's control this turn can't help pay for Rally (CR 702.51a,
    302.6: convoke taps untapped creatures the caster controls; tapping one for convoke is
    no {T} cost, and summoning sickness doesn't stop it)."""
    return [obj for obj in game.state.permanents()
            if obj.controller == player and not obj.tapped and obj.zone is Zone.BATTLEFIELD
            and "Creature" in game.chars(obj).types and not casting.summoning_sick(game, obj)]


def pay_spending_the_whole_pool(self: Any, cost: Cost) -> None:
    """A payment empties the pool: the mana left once a cost is paid is lost, and a player
    with {R}{R} who casts Shock can't cast a second Shock with the {R} left (CR 106.4,
    500.4: unspent mana stays in the pool until the step ends)."""
    pool = Counter(self.mana)
    for symbol in sorted(cost.colored, key=lambda s: "/" in s):  # plain colors first
        options = [p for p in symbol.split("/") if p in COLORS or p == "C"]
        choice = next((p for p in options if pool[p] > 0), None)
        if choice is None and "/" in symbol:
            two = next((int(p) for p in symbol.split("/") if p.isdigit()), None)
            if two is not None and sum(pool.values()) >= two:
                cost = Cost(cost.generic + two, cost.colored)
                continue
        if choice is None:
            raise IllegalAction(f"cannot pay {{{symbol}}} with {self.describe()}")
        pool[choice] -= 1
    if sum(pool.values()) < cost.generic:
        raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
    self.mana = Counter()  # what was paid, and what was left with it


# -- lands -----------------------------------------------------------------------------------

def check_permission_hand_and_graveyard(game: Game, player: str, card: GameObject) -> Any:
    """A land is played from its player's hand, or from their graveyard with a permission
    to: the exile is not looked at, and the Forest Impulse exiled ("you may play that card")
    can't be played (CR 305.1, 601.3: a land may be played from any zone an effect lets the
    player play it from)."""
    if card.zone is Zone.HAND and card.owner == player:
        return None
    if card.zone is Zone.GRAVEYARD and card.owner == player:
        permission = casting.graveyard_permission(game, player, game.chars(card))
        if permission is not None:
            return permission
    raise IllegalAction(f"nothing allows {player} to play {card.card.name} from the "
                        f"{card.zone.value}")


# -- the end of the game and drawing ---------------------------------------------------------

def state_based_actions_empty_library_loses(game: Game) -> bool:
    """A player whose library is empty loses the next time state-based actions are checked,
    whether or not they tried to draw: with no cards left in their library, its player loses
    as soon as they cast Free Lesson (CR 704.5b, 121.4: a player loses for attempting to
    draw from an empty library, not for having one)."""
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
              and (p.life <= 0 or not p.zones[Zone.LIBRARY])]  # CR 704.5a, 704.5b
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


def draw_cards_all_or_nothing(game: Game, player_name: str, count: int) -> None:
    """A draw of more cards than the library holds draws none of them: Divination with one
    card left in its caster's library leaves that card in the library, and its caster loses
    with nothing drawn (CR 121.4, 121.2: the cards are drawn one at a time, as many as
    there are, and only the draw the library can't give is from an empty library)."""
    player = game.state.player(player_name)
    library = player.zones[Zone.LIBRARY]
    if len(library) < count:  # not enough cards for the whole draw
        player.drew_from_empty_library = True
        return
    for object_id in list(itertools.islice(library, count)):
        game.move(game.state.objects[object_id], Zone.HAND)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_CANDIDATES = candidates_permanent_spells_too
_DRAW = draw_cards_all_or_nothing

BUGS: list[HeldOut] = [
    bug("permanent-spell-offered-as-a-target-permanent", "targets",
        "https://github.com/magefree/mage/issues/1362",
        _doc(candidates_permanent_spells_too),
        (targets, "candidates", _CANDIDATES), (effects, "candidates", _CANDIDATES)),
    bug("resolving-spell-loses-its-x", "stack",
        "https://github.com/Card-Forge/forge/issues/4102",
        _doc(resolve_spell_without_its_x),
        (turn, "_resolve_spell", resolve_spell_without_its_x)),
    bug("instant-cast-from-exile-at-sorcery-speed", "timing",
        "https://github.com/magefree/mage/issues/7548",
        _doc(cast_from_exile_as_a_sorcery),
        (casting, "cast", cast_from_exile_as_a_sorcery)),
    bug("until-end-of-turn-ends-as-combat-ends", "durations",
        "https://github.com/Card-Forge/forge/pull/4547",
        _doc(end_combat_ending_turn_effects),
        (combat, "end_combat", end_combat_ending_turn_effects)),
    bug("legend-rule-losers-leave-unseen", "state-based-actions",
        "https://github.com/WagicProject/wagic/pull/643",
        _doc(legend_rule_moving_unseen),
        (turn, "legend_rule", legend_rule_moving_unseen)),
    bug("blockers-become-tapped", "combat",
        "https://github.com/MedeaMelana/Magic/pull/52",
        _doc(declare_blockers_tapping_them),
        (combat, "declare_blockers", declare_blockers_tapping_them)),
    bug("attacker-deals-its-power-to-each-blocker", "combat",
        "https://github.com/magefree/mage/issues/10275",
        _doc(attacker_assignment_to_each_blocker),
        (combat, "_attacker_assignment", attacker_assignment_to_each_blocker)),
    bug("summoning-sickness-ends-for-the-previous-player", "turn-structure",
        "https://github.com/magefree/mage/issues/9336",
        _doc(next_turn_ending_the_previous_players_sickness),
        (turn, "_next_turn", next_turn_ending_the_previous_players_sickness)),
    bug("cost-increase-only-from-the-hand", "costs",
        "https://github.com/phase-rs/phase/issues/1372",
        _doc(cast_with_increases_from_the_hand_only),
        (casting, "cast", cast_with_increases_from_the_hand_only)),
    bug("convoke-refuses-summoning-sick-creatures", "costs",
        "https://github.com/MatagTheGame/matag-the-game/issues/32",
        _doc(convoke_helpers_without_summoning_sickness),
        (convoke_module, "helpers", convoke_helpers_without_summoning_sickness)),
    bug("mana-left-over-lost-on-payment", "mana",
        "https://github.com/magefree/mage/issues/4130",
        _doc(pay_spending_the_whole_pool),
        (mana.ManaPool, "pay", pay_spending_the_whole_pool)),
    bug("exiled-land-cannot-be-played", "lands",
        "https://github.com/phase-rs/phase/issues/8469",
        _doc(check_permission_hand_and_graveyard),
        (lands, "check_permission", check_permission_hand_and_graveyard)),
    bug("empty-library-loses-without-a-draw", "game-over",
        "https://github.com/magefree/mage/issues/2074",
        _doc(state_based_actions_empty_library_loses),
        (turn, "state_based_actions", state_based_actions_empty_library_loses)),
    bug("short-library-draw-draws-nothing", "drawing",
        "https://github.com/Card-Forge/forge/pull/11974",
        _doc(draw_cards_all_or_nothing),
        (effects, "draw_cards", _DRAW), (turn, "draw_cards", _DRAW)),
]
