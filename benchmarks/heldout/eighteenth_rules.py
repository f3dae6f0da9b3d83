"""Held-out bugs, eighteenth batch: targets, priority, the stack, timing, costs, mana, lands,
combat, state-based actions and the turn's steps -- a face-down creature refused as the
target of "target creature" (CR 708.2, 115.1); a spell whose targets have all become illegal
exiled as it fails to resolve (CR 608.2b); the opponent receiving priority after a land is played (CR 116.3c, 305.1); a permanent spell
resolving under the active player's control (CR 608.3a, 110.2); a creature spell with flash
refused in another player's turn (CR 702.8a, 117.1a); cost increases of permanents with one
name counted once (CR 601.2f); colorless mana paying a colored mana symbol (CR 106.1, 107.4b);
a sacrifice cost refused for a creature with summoning sickness (CR 302.6, 602.5a); a basic
land colored by its land type (CR 105.2, 202.2, 305.6); an attacking creature that gains
flying after it was blocked dealing its damage to the player (CR 509.1b, 509.1h, 506.4); a
creature of the non-active player with lethal damage left on the battlefield (CR 704.5g,
704.3); the untap step untapping only creatures (CR 502.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, Cast, Choice, Event, Option, PlayLand,
)
from conformance.engines.reference import (
    casting, characteristics, combat, effects, engine as reference_engine, lands, mana, targets,
    turn,
)
from conformance.engines.reference.abilities import Ability, TargetSpec
from conformance.engines.reference.casting import (
    FACE_DOWN_COST, _keywords, _sorcery_timing, _values, cast_refused_early,
)
from conformance.engines.reference.characteristics import (
    BASIC_LAND_COLORS, DOOR_INDEX, Characteristics, _union, is_split,
)
from conformance.engines.reference.combat import _in_combat, _name
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.dividing import division_of
from conformance.engines.reference.effects import Context, legal_now, run_effects
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import COLORS, Cost
from conformance.engines.reference.state import Combat, GameObject
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, choose_targets, controlled_ok, matches,
)
from conformance.engines.reference.turn import _saga_is_done
from conformance.engines.reference.combat import is_attacking
from conformance.errors import IllegalAction
from conformance.format.cards import CardFace
from conformance.format.vocabulary import Door, Step, Zone

from . import HeldOut, bug


# -- targets -----------------------------------------------------------------------------------

def candidates_leaving_out_face_down(game: Game, spec: TargetSpec, you: str, *,
                                     exclude: str | None = None) -> list[str]:
    """A face-down permanent is left out of the permanents a spell or ability may target, as
    if a card nobody may see could not be chosen: Shock can't be aimed at a face-down
    Battering Craghorn, though any target may be a creature (CR 708.2: a face-down permanent
    is a 2/2 creature, and "target creature" may be it; CR 115.1)."""
    state = game.state
    players = [PLAYER_PREFIX + p.name for p in state.players
               if controlled_ok(p.name, spec.controller, you)]
    if spec.what == "player":
        return players
    rule = spec.filter
    if spec.what == "spell":
        pool: list[GameObject] = [item for item in state.stack if isinstance(item, GameObject)]
    else:
        pool = [obj for obj in state.permanents() if not obj.face_down]  # nothing unseen
    found = [
        obj.id for obj in pool
        if obj.id != exclude and controlled_ok(obj.controller, spec.controller, you)
        and matches(game.chars(obj), rule) and (not rule.get("tapped") or obj.tapped)
        and (not rule.get("attacking") or is_attacking(game, obj.id))
        and (spec.what != "any" or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    if spec.what == "any":
        found += players
    return found


def resolve_spell_countered_into_exile(game: Game, spell: GameObject) -> Flow:
    """A spell whose targets have all become illegal is exiled as it fails to resolve, as
    if it were countered by an effect that exiles: Shock aimed at a Bear its caster returns
    to the hand in response ends in exile (CR 608.2b: the spell doesn't resolve; it is
    removed from the stack and put into its owner's graveyard)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x, division=division_of(game, spell.id))
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None, ctx)
    if spell.targets and not ctx.legal_targets:
        game.move(spell, Zone.EXILE)  # countered on resolution: exiled
        return
    if characteristics.is_permanent_card(chars):
        door = spell.cast_door if spell.copiable_card.is_room else None
        permanent = yield from put_onto_battlefield(
            game, spell, controller=spell.controller, door=door, face_down=spell.face_down,
            x=spell.x)
        if permanent is not None and "Aura" in chars.subtypes and ctx.legal_targets:
            permanent.attached_to = ctx.legal_targets[0]
        return
    if spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.GRAVEYARD)


# -- priority and the stack --------------------------------------------------------------------

_OWN_FLOW = reference_engine.ReferenceEngine._flow


def flow_land_play_passes_priority(self: Any, action: Action) -> Flow:
    """Playing a land hands priority to the next player, as if it were a pass: after Alice
    plays a Forest in her main phase, Bob holds priority (CR 116.3c, 117.3c: a player who
    takes a special action receives priority afterwards)."""
    yield from _OWN_FLOW(self, action)
    if isinstance(action, PlayLand):
        game = self._require()
        game.state.priority = game.state.opponent(action.player)


def resolve_spell_under_the_active_player(game: Game, spell: GameObject) -> Flow:
    """A permanent spell resolves under the control of the player whose turn it is: Ambush
    Viper cast with flash in Bob's turn by Alice enters under Bob's control (CR 608.3a: a
    permanent spell enters under the control of the spell's controller, CR 110.2)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x, division=division_of(game, spell.id))
    ctx.legal_targets = legal_now(game, spell_ability.target if spell_ability else None,
                                       ctx)
    if spell.targets and not ctx.legal_targets:
        game.move(spell, Zone.GRAVEYARD)
        return
    if characteristics.is_permanent_card(chars):
        door = spell.cast_door if spell.copiable_card.is_room else None
        permanent = yield from put_onto_battlefield(
            game, spell, controller=game.state.active_player,  # whose turn it is
            door=door, face_down=spell.face_down, x=spell.x)
        if permanent is not None and "Aura" in chars.subtypes and ctx.legal_targets:
            permanent.attached_to = ctx.legal_targets[0]
        return
    if spell_ability is not None:
        yield from run_effects(game, ctx, spell_ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.GRAVEYARD)


# -- timing ------------------------------------------------------------------------------------

def _pay_and_announce(game: Game, action: Cast, card_obj: GameObject, spell: GameObject,
                      chars: Characteristics, cost: Cost, from_zone: Zone) -> Flow:
    """The rest of ``casting.cast`` once the total cost is known, as it is there."""
    state = game.state
    card = card_obj.copiable_card
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
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
    state.player(action.player).spells_cast_this_turn.append(chars)
    game.emit("zone_changed", object=card_obj.id, new_object=spell.id, card=card.name,
              **{"from": from_zone.value, "to": Zone.STACK.value})
    game.emit("spell_cast", object=spell.id, player=action.player)
    state.priority = action.player


def cast_with_flash_in_your_own_turn(game: Game, action: Cast) -> Flow:
    """Flash is read as "any time during your turn": a creature spell with flash is refused
    in another player's turn, and Alice can't cast Ambush Viper in Bob's main phase (CR 702.8a,
    117.1a: a spell with flash may be cast any time its controller could cast an instant,
    whoever's turn it is)."""
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
    instant = "Instant" in chars.types
    if not (instant or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    elif not instant and state.active_player != action.player:  # flash: your turn only
        raise IllegalAction(f"{card.name} has flash: it is cast at any time in your turn")
    base = FACE_DOWN_COST if action.face_down else (
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    yield from _pay_and_announce(game, action, card_obj, spell, chars, cost, from_zone)


# -- costs and mana ----------------------------------------------------------------------------

def total_cost_once_per_name(game: Game, player: str, spell: GameObject,
                             chars: Characteristics, base: str | None) -> Cost:
    """A cost increase is counted once for all the permanents of one name that have it, as
    if two of a card were one effect: with two Thorns on the battlefield, Shock costs {1}{R}
    (CR 601.2f: each increase applies; two Thorns make a noncreature spell cost {2} more)."""
    cost = Cost.of(base, spell.x)
    counted: set[str] = set()
    for permanent, _ability, rule in game.statics("cost_increase"):
        name = permanent.copiable_card.name
        if name in counted:
            continue  # one of that name already counted
        if matches(chars, rule):
            counted.add(name)
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost


def pay_colored_with_colorless(self: Any, cost: Cost) -> None:
    """A colored mana symbol may be paid with colorless mana when no mana of its color is
    left, as if colorless were a color: a player with {C} in their pool casts Shock ({R})
    (CR 106.1, 107.4b: colorless is not a color; a colored symbol is paid only with mana of
    its color)."""
    pool = Counter(self.mana)
    for symbol in sorted(cost.colored, key=lambda s: "/" in s):
        options = [p for p in symbol.split("/") if p in COLORS or p == "C"]
        choice = next((p for p in options if pool[p] > 0), None)
        if choice is None and "/" in symbol:
            two = next((int(p) for p in symbol.split("/") if p.isdigit()), None)
            if two is not None and sum(pool.values()) >= two:
                cost = Cost(cost.generic + two, cost.colored)
                continue
        if choice is None and pool["C"] > 0:
            choice = "C"  # colorless taken for the color
        if choice is None:
            raise IllegalAction(f"cannot pay {{{symbol}}} with {self.describe()}")
        pool[choice] -= 1
    if sum(pool.values()) < cost.generic:
        raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
    remaining = cost.generic
    for color in ("C", *COLORS):
        spend = min(pool[color], remaining)
        pool[color] -= spend
        remaining -= spend
    self.mana = +pool


def activation_refused_sacrifice_while_sick(game: Game, action: Activate
                                            ) -> tuple[GameObject, Ability]:
    """A creature with summoning sickness can't pay a sacrifice cost either, as if
    sacrificing it were tapping it: Mogg Fanatic ("Sacrifice this creature: It deals 1
    damage to any target") can't be sacrificed the turn it enters (CR 302.6: only abilities
    with {T} or {Q} in their costs wait for summoning sickness; CR 602.5a)."""
    obj, ability = _OWN_ACTIVATION_REFUSED(game, action)
    if ability.params.get("sacrifice") and casting.summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


_OWN_ACTIVATION_REFUSED = casting.activation_refused_early


# -- lands -------------------------------------------------------------------------------------

def face_colors_with_basic_land_types(face: CardFace) -> tuple[str, ...]:
    """A land's basic land types give it their colors, as the mana it taps for: a Forest is
    green and a Mountain red (CR 105.2, 202.2: an object's colors come from its mana cost and
    color indicator; a land has none and is colorless; CR 305.6)."""
    own = _union(mana.colors_of(face.mana_cost), face.color_indicator or ())
    types = tuple(BASIC_LAND_COLORS[t] for t in face.subtypes if t in BASIC_LAND_COLORS)
    return _union(own, types)


# -- combat ------------------------------------------------------------------------------------

def attacker_assignment_evasion_rechecked(game: Game, combat_: Combat, attacker: str,
                                          chars: Characteristics, defender: str) -> Flow:
    """Blocks are checked again as combat damage is assigned: an attacking creature that
    gained flying after it was blocked by creatures without flying or reach is treated as
    unblocked, and a Bear given flying by Mighty Leap after Bob's Bear blocked it deals its
    damage to Bob (CR 509.1b: gaining an evasion ability after a legal block doesn't change
    it; CR 509.1h: a blocked creature stays blocked)."""
    power = chars.power or 0
    player = PLAYER_OPTION_PREFIX + defender
    if power <= 0:
        return []
    if attacker not in combat_.blocked:
        return [(player, power)]
    blockers = [b for b, a in combat_.blockers.items() if a == attacker
                and _in_combat(game, b) is not None]
    if "Flying" in chars.keywords and blockers and not any(
            {"Flying", "Reach"} & set(game.chars(game.state.objects[b]).keywords)
            for b in blockers):
        return [(player, power)]  # none of its blockers could block it now: unblocked
    trample = "Trample" in chars.keywords
    if not blockers:
        return [(player, power)] if trample else []
    lethal = {b: lethal_damage(game, b, chars) for b in blockers}
    if len(blockers) == 1 and (not trample or power <= lethal[blockers[0]]):
        return [(blockers[0], power)]
    options = tuple(Option(b, _name(game.chars(game.state.objects[b]))) for b in blockers)
    if trample:
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


# -- state-based actions and the turn's steps --------------------------------------------------

def state_based_actions_lethal_damage_for_the_active_player(game: Game) -> bool:
    """Lethal damage is checked only on the active player's creatures: Alice's Shock on
    Bob's Bear leaves the Bear on the battlefield with 2 damage until it wears off (CR 704.5g,
    704.3: every creature with damage at least its toughness is destroyed, whoever controls
    it)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or (0 < chars.toughness <= obj.damage
                                         and obj.controller == state.active_player)):
            doomed.append(obj)  # CR 704.5f; 704.5g for the active player's only
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)
        elif _saga_is_done(game, obj, chars):
            doomed.append(obj)
        elif ("Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch):
            doomed.append(obj)
    annihilated = False
    for obj in state.permanents():
        pairs = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if pairs and obj not in doomed:
            obj.counters["+1/+1"] -= pairs
            obj.counters["-1/-1"] -= pairs
            for kind in ("+1/+1", "-1/-1"):
                if not obj.counters[kind]:
                    del obj.counters[kind]
            annihilated = True
    losers = [p for p in state.players if not p.lost
              and (p.life <= 0 or p.drew_from_empty_library)]
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


def next_turn_untapping_creatures_only(game: Game) -> None:
    """The untap step untaps the active player's creatures only: a Mountain tapped for mana
    in Bob's last turn stays tapped through his next one (CR 502.3: the active player untaps
    all their permanents)."""
    state = game.state
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
        creature = "Creature" in game.chars(obj).types
        if creature and (obj.controller == state.active_player or any(
                obj.controller == player and matches(game.chars(obj), rule or {})
                for player, rule in others)):
            obj.untap()  # creatures only
        if obj.controller == state.active_player:
            obj.summoning_sick = False


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("face-down-creature-refused-as-a-target", "targets",
        "https://github.com/magefree/mage/issues/779",
        _doc(candidates_leaving_out_face_down),
        (targets, "candidates", candidates_leaving_out_face_down),
        (effects, "candidates", candidates_leaving_out_face_down)),
    bug("spell-countered-on-resolution-exiled", "targets",
        "https://github.com/magefree/mage/issues/385",
        _doc(resolve_spell_countered_into_exile),
        (turn, "_resolve_spell", resolve_spell_countered_into_exile)),
    bug("land-play-passes-priority", "priority",
        "https://github.com/magefree/mage/issues/1222",
        _doc(flow_land_play_passes_priority),
        (reference_engine.ReferenceEngine, "_flow", flow_land_play_passes_priority)),
    bug("permanent-spell-resolves-under-the-active-player", "stack",
        "https://github.com/magefree/mage/issues/5084",
        _doc(resolve_spell_under_the_active_player),
        (turn, "_resolve_spell", resolve_spell_under_the_active_player)),
    bug("flash-spell-refused-in-another-players-turn", "timing",
        "https://github.com/Card-Forge/forge/issues/4554",
        _doc(cast_with_flash_in_your_own_turn),
        (casting, "cast", cast_with_flash_in_your_own_turn)),
    bug("cost-increases-of-one-name-counted-once", "costs",
        "https://github.com/magarena/magarena/issues/698",
        _doc(total_cost_once_per_name),
        (casting, "total_cost", total_cost_once_per_name)),
    bug("colorless-mana-pays-a-colored-symbol", "mana",
        "https://github.com/magefree/mage/issues/12405",
        _doc(pay_colored_with_colorless),
        (mana.ManaPool, "pay", pay_colored_with_colorless)),
    bug("sacrifice-cost-refused-for-a-summoning-sick-creature", "costs",
        "https://github.com/MatagTheGame/matag-the-game/issues/32",
        _doc(activation_refused_sacrifice_while_sick),
        (casting, "activation_refused_early", activation_refused_sacrifice_while_sick)),
    bug("basic-land-colored-by-its-land-type", "lands",
        "https://github.com/taw/magic-search-engine/issues/30",
        _doc(face_colors_with_basic_land_types),
        (characteristics, "face_colors", face_colors_with_basic_land_types)),
    bug("attacker-gaining-flying-after-blocks-unblocked", "combat",
        "https://github.com/Card-Forge/forge/issues/8985",
        _doc(attacker_assignment_evasion_rechecked),
        (combat, "_attacker_assignment", attacker_assignment_evasion_rechecked)),
    bug("lethal-damage-spares-the-non-active-players-creatures", "state-based-actions",
        "https://github.com/wingedsheep/argentum-engine/pull/899",
        _doc(state_based_actions_lethal_damage_for_the_active_player),
        (turn, "state_based_actions", state_based_actions_lethal_damage_for_the_active_player)),
    bug("untap-step-untaps-only-creatures", "turn-structure",
        "https://github.com/Card-Forge/forge/issues/6011",
        _doc(next_turn_untapping_creatures_only),
        (turn, "_next_turn", next_turn_untapping_creatures_only)),
]
