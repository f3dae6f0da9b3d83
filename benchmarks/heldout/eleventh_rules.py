"""Held-out bugs, eleventh batch: targets, the stack and priority, timing and lands, the end
of the game, combat, damage, costs, mana abilities and drawing -- a spell or ability with
exactly as many legal targets as it needs refused (CR 115.1, 601.2c, 603.3d); a spell that
resolved put into exile (CR 608.2n); one pass too many asked before the top of the stack
resolves (CR 117.4); a land play refused in the postcombat main phase (CR 305.1, 505.1); a
{T} ability activated only as a sorcery (CR 602.5, 117.1b); a non-active player at 0 life
left in the game (CR 704.5a); a trampler's damage assigned to the player once one of its
blockers has lethal damage (CR 702.19b); flying read from the attacker's printed card when
blockers are declared (CR 702.9b, 613.1f); "each player" read as "each opponent" (CR 102.3,
120.3); a {T} cost paid by a tapped permanent (CR 602.2b, 118.3); "spells cost {1} less"
applied to activated abilities (CR 601.2f, 602.2b); an activated mana ability let through a
static that stops every ability of the named source (CR 605.1a); the turn's card drawn in
the upkeep (CR 504.1, 503.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from conformance.contract.types import (
    COMBAT_DAMAGE_CHOICE, PLAYER_OPTION_PREFIX, Activate, Choice, DeclareBlockers, Event, Option, PassPriority,
)
from conformance.engines.reference import (
    casting, combat, copies, lands, life, targets, triggers, turn,
)
from conformance.engines.reference.abilities import Ability, TargetSpec
from conformance.engines.reference.casting import (
    _check_not_prevented, _sorcery_timing, _values, activated_abilities, summoning_sick,
)
from conformance.engines.reference.characteristics import is_permanent_card
from conformance.engines.reference.combat import _creature, _in_combat, _name
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.dividing import announce, division_of, record
from conformance.engines.reference.effects import Context, draw_cards, legal_now, run_effects
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject, StackAbility
from conformance.engines.reference.targets import candidates, choose_targets, label
from conformance.engines.reference.turn import (
    _cleanup, _lore_counters, _saga_is_done, _step_forward, check_state,
    discard_to_hand_size,
)
from conformance.errors import IllegalAction, Unsupported
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- targets ---------------------------------------------------------------------------------

def choose_targets_needing_one_more(game: Game, spec: TargetSpec | None, you: str,
                                    given: tuple[str, ...] | None, prompt: str, *,
                                    exclude: str | None = None) -> Flow:
    """The legal targets are compared with the minimum as "more than": a spell or ability
    with exactly as many legal targets as it needs can't be cast, or is removed from the
    stack -- Twin Ping ("1 damage to each of two target creatures") with two creatures on the
    battlefield is refused (CR 115.1, 601.2c, 603.3d: it needs that many, no more)."""
    if spec is None:
        return ()
    legal = candidates(game, spec, you, exclude=exclude)
    if len(legal) <= spec.minimum:
        return None
    if given is None and not legal:
        return ()  # "up to" with nothing to target: there is nothing to choose
    if given is None:
        options = tuple(Option(value, label(game, value)) for value in legal)
        given = yield Choice("target", you, prompt, options, spec.minimum, min(spec.count, len(legal)))
    for target in given:
        if target not in legal:
            raise IllegalAction(f"{label(game, target)} is not a legal target ({prompt})")
    if len(set(given)) < len(given):  # CR 115.3: one object once for each word "target"
        twice = next(t for t in given if given.count(t) > 1)
        raise IllegalAction(f"{label(game, twice)} is chosen more than once ({prompt})")
    if not spec.minimum <= len(given) <= spec.count:
        raise IllegalAction(f"{prompt}: choose {spec.minimum} to {spec.count} targets")
    return tuple(given)


# -- the stack and priority ------------------------------------------------------------------

def resolve_spell_into_exile(game: Game, spell: GameObject) -> Flow:
    """An instant or sorcery spell that has resolved is put into exile, as if every spell
    were cast with flashback: Shock leaves its caster's graveyard empty (CR 608.2n: as the
    final part of its resolution, it is put into its owner's graveyard)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability, spell.targets,
                  x=spell.x, division=division_of(game, spell.id))
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
        game.move(spell, Zone.EXILE)


def pass_priority_one_more_time(game: Game, action: PassPriority) -> Flow:
    """All players passing in succession is counted as "more passes than players": after
    both players pass, priority goes round once more, and the top of the stack resolves (or
    the step ends) only on the third pass (CR 117.4: when all players pass in succession)."""
    state = game.state
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    state.passes += 1
    game.events.append(Event("priority_passed", {"player": action.player}))
    if state.passes <= len(state.players):
        names = [p.name for p in state.players]
        # the next player would receive priority: the state is checked first (CR 704.3)
        yield from check_state(game)
        state.priority = names[(names.index(action.player) + 1) % len(names)]
        return
    if state.stack:
        yield from turn.resolve_top(game)
    else:
        yield from turn.next_step(game)


# -- timing and lands ------------------------------------------------------------------------

def land_timing_in_the_first_main_phase(game: Game, player: str) -> None:
    """A land can be played in the precombat main phase only: after combat, in the
    postcombat main phase, the land play is refused (CR 305.1, 505.1: in either main phase
    of their turn)."""
    state = game.state
    if state.active_player != player:
        raise IllegalAction("a player plays lands only during their own turn (CR 305.3)")
    if state.step is not Step.PRECOMBAT_MAIN:
        raise IllegalAction(f"lands are played in a main phase, not in the "
                            f"{state.step.value} step (CR 305.1)")
    if state.stack:
        raise IllegalAction("lands are played only while the stack is empty (CR 305.1)")
    if state.priority != player:
        raise IllegalAction(f"{player} does not have priority")


def activation_of_tap_abilities_as_a_sorcery(game: Game, action: Activate
                                             ) -> tuple[GameObject, Ability]:
    """An ability with {T} in its cost (other than a mana ability) is activated only as a
    sorcery: Prodigal Pyromancer can't ping in response to a spell or in combat (CR 602.5,
    117.1b: an activated ability can be activated any time its controller has priority,
    unless it says otherwise)."""
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
    if params.get("sorcery") or (params.get("tap") and not params.get("mana_ability")):
        _sorcery_timing(game, action.player)
    if params.get("tap") and obj.tapped:  # costs known before targets (CR 602.2b)
        raise IllegalAction(f"{obj.card.name} is tapped")
    if params.get("tap") and summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


# -- the end of the game ---------------------------------------------------------------------

def state_based_actions_life_loss_for_the_active_player(game: Game) -> bool:
    """A player at 0 or less life loses only in their own turn: Shock finishing off the
    opponent at 2 life leaves them in the game at 0 until their turn comes (CR 704.5a: any
    player with 0 or less life loses, the next time state-based actions are checked)."""
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
              and ((p.life <= 0 and p.name == state.active_player)
                   or p.drew_from_empty_library)]
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


# -- combat ----------------------------------------------------------------------------------

def trample_assignment_after_one_lethal_blocker(game: Game, combat_: Any, attacker: str,
                                                chars: Any, defender: str) -> Flow:
    """A trampler blocked by two or more creatures may assign damage to the player it
    attacks once any one of its blockers is assigned lethal damage: a 4/4 blocked by two
    2/2s gives one 2 and the player 2 (CR 702.19b: once all those blocking creatures are
    assigned lethal damage)."""
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
        if counts[player] and len(short) == len(blockers):
            return (f"{defender} can be assigned damage only once each blocker is assigned "
                    f"lethal damage (CR 702.19b); short: {', '.join(short)}")
        return None

    game.answer_rule = rule
    chosen = yield Choice(
        COMBAT_DAMAGE_CHOICE, game.state.objects[attacker].controller,
        f"divide the {power} combat damage of {_name(chars)} among "
        + ", ".join(o.label for o in options) + " (name an option once per point)",
        options, power, power)
    counts = Counter(chosen)
    return [(o.value, counts[o.value]) for o in options if counts[o.value]]


def check_blockers_with_printed_flying(game: Game, action: DeclareBlockers) -> None:
    """Whether an attacker has flying is read from its printed card as blockers are
    declared: a Bear that gained flying until end of turn (Mighty Leap) can be blocked by a
    creature without flying or reach (CR 702.9b, 613.1f: an ability an effect gives it is
    one it has)."""
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
        printed = _attacker.copiable_card.faces[0].keywords
        if "Flying" in printed and not {"Flying", "Reach"} & set(chars.keywords):
            raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}, which has "
                                f"flying (CR 702.9b)")


# -- damage ----------------------------------------------------------------------------------

def players_with_each_player_as_opponents(game: Game, ctx: Context, who: Any) -> list[str]:
    """"Each player" is read as "each opponent": Scorch ("2 damage to each player") leaves
    its caster's life total alone (CR 102.3, 120.3: each player is every player in the
    game, the spell's controller too)."""
    names = [p.name for p in game.state.players]
    if who in (None, "you"):
        return [ctx.controller]
    if who == "each_opponent":
        return [n for n in names if n != ctx.controller]
    if who == "each_player":
        return [n for n in names if n != ctx.controller]
    if who == "defending_player":
        defender = ctx.event.get("defender")
        return [str(defender)] if defender is not None else []
    if who == "target":
        return [t[len(PLAYER_OPTION_PREFIX):] for t in ctx.legal_targets
                if t.startswith(PLAYER_OPTION_PREFIX)]
    raise ValueError(f"an effect names the players {who!r}")


# -- costs -----------------------------------------------------------------------------------

def activation_refused_early_untapped_or_not(game: Game, action: Activate
                                             ) -> tuple[GameObject, Ability]:
    """A {T} cost is checked for summoning sickness but not for the permanent being
    untapped: Prodigal Pyromancer, tapped for its ability, can be activated again (CR 602.2b,
    118.3: a cost that includes {T} can't be paid by a tapped permanent)."""
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
    if params.get("tap") and summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def activate_untapped_or_not(game: Game, action: Activate) -> Flow:
    """:func:`activation_refused_early_untapped_or_not`'s other half: the {T} cost paid
    again by a permanent already tapped."""
    state = game.state
    obj, ability = casting.activation_refused_early(game, action)
    params = ability.params
    targets = yield from choose_targets(game, ability.target, action.player,
                                                _values(action.targets),
                                                f"targets for {ability.text}")
    if targets is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets, ability.text)
    if params.get("tap"):
        if summoning_sick(game, obj):
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
                                             targets, targets, x), ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


def activate_with_spell_cost_reductions(game: Game, action: Activate) -> Flow:
    """The cost reductions of spells are taken off activated abilities too: with "spells
    you cast cost {1} less", Day Wolf's "{1}: Transform this creature" costs nothing
    (CR 601.2f, 602.2b: a reduction applies to what it names; a spell is not an ability)."""
    state = game.state
    obj, ability = casting.activation_refused_early(game, action)
    params = ability.params
    targets = yield from choose_targets(game, ability.target, action.player,
                                                _values(action.targets),
                                                f"targets for {ability.text}")
    if targets is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets, ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:  # "X is the mana value of the exiled card" (CR 607.2)
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    cost = Cost.of(params.get("mana"), x)
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=action.player):
        cost = cost.reduced(int(rule.get("generic", 0)))
    state.player(action.player).pool.pay(cost)
    source_card = obj.copiable_card
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    if params.get("mana_ability"):  # doesn't use the stack; resolves at once (CR 605.3b)
        yield from run_effects(game, Context(action.player, obj.id, source_card, ability,
                                             targets, targets, x), ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


# -- mana abilities --------------------------------------------------------------------------

def check_not_prevented_sparing_mana_abilities(game: Game, source: GameObject,
                                               ability: Ability) -> None:
    """Every "can't be activated" static spares mana abilities, as Pithing Needle's does,
    whether or not it says so: a Forest named by a static that stops every activated ability
    of sources with the chosen name still taps for {G} (CR 605.1a, 602.5: only the statics
    that say "unless they're mana abilities" spare them)."""
    names = set(game.chars(source).names)
    for permanent, _ability, rule in game.statics("prevent_activation"):
        spec = rule if isinstance(rule, Mapping) else {"source": rule}
        if ability.params.get("mana_ability"):
            continue
        if spec.get("source") == "chosen_name" and permanent.chosen_name in names:
            raise IllegalAction(f"{permanent.card.name} prevents activating abilities of "
                                f"sources named {permanent.chosen_name}")


# -- drawing ---------------------------------------------------------------------------------

def next_step_drawing_in_the_upkeep(game: Game, declare: Any = None) -> Flow:
    """The turn's card is drawn as the upkeep begins instead of the draw step: the active
    player has it in hand before their "at the beginning of your upkeep" abilities resolve
    (CR 504.1, 503.1: the draw is the draw step's turn-based action)."""
    state = game.state
    while True:
        _step_forward(game)
        for player in state.players:
            player.pool.empty()  # mana empties between steps (CR 500.4)
        if state.step is Step.CLEANUP:
            yield from discard_to_hand_size(game)
            _cleanup(game)
            continue
        if state.step is not Step.UNTAP:
            break
    if declare is not None:
        declare()
    if state.step is Step.UPKEEP:
        draw_cards(game, state.active_player, 1)  # CR 504.1
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)  # CR 510.1-2
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step is Step.PRECOMBAT_MAIN:
        _lore_counters(game)
    yield from turn.settle(game)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("exactly-enough-targets-refused", "targets",
        "https://github.com/magefree/mage/issues/4495",
        _doc(choose_targets_needing_one_more),
        (targets, "choose_targets", choose_targets_needing_one_more),
        (casting, "choose_targets", choose_targets_needing_one_more),
        (triggers, "choose_targets", choose_targets_needing_one_more),
        (copies, "choose_targets", choose_targets_needing_one_more)),
    bug("resolved-spell-put-into-exile", "stack",
        "https://github.com/phase-rs/phase/issues/8721",
        _doc(resolve_spell_into_exile), (turn, "_resolve_spell", resolve_spell_into_exile)),
    bug("one-pass-too-many-to-resolve", "priority",
        "https://github.com/magefree/mage/issues/2355",
        _doc(pass_priority_one_more_time), (turn, "pass_priority", pass_priority_one_more_time)),
    bug("land-play-in-the-first-main-phase-only", "lands",
        "https://github.com/Card-Forge/forge/issues/6215",
        _doc(land_timing_in_the_first_main_phase),
        (lands, "check_timing", land_timing_in_the_first_main_phase)),
    bug("tap-abilities-only-as-a-sorcery", "timing",
        "https://github.com/magefree/mage/issues/3773",
        _doc(activation_of_tap_abilities_as_a_sorcery),
        (casting, "activation_refused_early", activation_of_tap_abilities_as_a_sorcery)),
    bug("non-active-player-at-zero-life-stays", "game-over",
        "https://github.com/phase-rs/phase/issues/6421",
        _doc(state_based_actions_life_loss_for_the_active_player),
        (turn, "state_based_actions", state_based_actions_life_loss_for_the_active_player)),
    bug("trample-over-after-one-lethal-blocker", "combat",
        "https://github.com/phase-rs/phase/pull/1816",
        _doc(trample_assignment_after_one_lethal_blocker),
        (combat, "_attacker_assignment", trample_assignment_after_one_lethal_blocker)),
    bug("flying-read-from-the-printed-card", "combat",
        "https://github.com/phase-rs/phase/issues/2854",
        _doc(check_blockers_with_printed_flying),
        (combat, "check_blockers", check_blockers_with_printed_flying)),
    bug("each-player-read-as-each-opponent", "damage",
        "https://github.com/magefree/mage/issues/878",
        _doc(players_with_each_player_as_opponents),
        (life, "players", players_with_each_player_as_opponents)),
    bug("tap-cost-paid-by-a-tapped-permanent", "costs",
        "https://github.com/phase-rs/phase/issues/1130",
        _doc(activation_refused_early_untapped_or_not),
        (casting, "activation_refused_early", activation_refused_early_untapped_or_not),
        (casting, "activate", activate_untapped_or_not)),
    bug("spell-cost-reduction-applied-to-abilities", "costs",
        "https://github.com/magefree/mage/issues/6790",
        _doc(activate_with_spell_cost_reductions),
        (casting, "activate", activate_with_spell_cost_reductions)),
    bug("mana-abilities-never-prevented", "mana-abilities",
        "https://github.com/Card-Forge/forge/pull/577",
        _doc(check_not_prevented_sparing_mana_abilities),
        (casting, "_check_not_prevented", check_not_prevented_sparing_mana_abilities)),
    bug("card-drawn-in-the-upkeep", "drawing",
        "https://github.com/phase-rs/phase/issues/779",
        _doc(next_step_drawing_in_the_upkeep), (turn, "next_step", next_step_drawing_in_the_upkeep)),
]

