"""Held-out bugs, sixth batch: targets, the stack and priority, timing, state-based actions
and combat declarations -- one object chosen for two targets (CR 115.3), targets checked on
resolution from the active player's side (CR 608.2b), a trigger with no legal target put on
the stack (CR 603.3d); the stack resolved from the bottom (CR 405.5), a mana ability put on
the stack (CR 605.3b), a spell cast without priority (CR 117.1a); sorcery timing in the first
main phase only (CR 307.1, 505.1), a land played over a spell (CR 305.1); state-based actions
performed once instead of until none applies (CR 704.3), lethal damage checked against the
printed toughness (CR 704.5g); a tapped creature blocking, one creature blocking two
attackers (CR 509.1a), haste ignored by the attack declaration (CR 302.6, 702.10b)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import (
    Activate, Cast, Choice, DeclareAttackers, DeclareBlockers, Event, Option,
)
from conformance.engines.reference import casting, combat, copies, lands, triggers, turn
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.characteristics import Characteristics, _copiable_values
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context
from conformance.engines.reference.game import Flow, Game, GameEnded, outcome
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject, StackAbility
from conformance.engines.reference.targets import candidates, choose_targets, label
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug

_CHOOSE_TARGETS = choose_targets  # what putting a trigger on the stack calls
_RESOLVE_ABILITY = turn._resolve_ability
_RESOLVE_SPELL = turn._resolve_spell


# -- targets -------------------------------------------------------------------------------

def choose_targets_allowing_repeats(game: Game, spec: TargetSpec | None, you: str,
                                    given: tuple[str, ...] | None, prompt: str, *,
                                    exclude: str | None = None) -> Flow:
    """Each target is checked against the legal targets, but not against the others: one
    creature can be chosen for both targets of "each of two target creatures" and is dealt
    the damage twice (CR 115.3: the same object can't be chosen for more than one instance
    of the word "target")."""
    if spec is None:
        return ()
    legal = candidates(game, spec, you, exclude=exclude)
    if len(legal) < spec.minimum:
        return None
    if given is None and not legal:
        return ()
    if given is None:
        options = tuple(Option(value, label(game, value)) for value in legal)
        given = yield Choice("target", you, prompt, options, spec.minimum,
                             min(spec.count, len(legal)))
    for target in given:
        if target not in legal:
            raise IllegalAction(f"{label(game, target)} is not a legal target ({prompt})")
    if not spec.minimum <= len(given) <= spec.count:
        raise IllegalAction(f"{prompt}: choose {spec.minimum} to {spec.count} targets")
    return tuple(given)


def legal_for_the_active_player(game: Game, spec: TargetSpec | None,
                                ctx: Context) -> tuple[str, ...]:
    """On resolution, targets are checked against what the active player could target:
    "target permanent you control" cast by the non-active player in the other player's turn
    finds its target illegal and doesn't resolve (CR 608.2b, 115.1: the spell's controller
    chose the targets, and "you" is its controller)."""
    if spec is None:
        return ()
    legal = set(candidates(game, spec, game.state.active_player))
    return tuple(t for t in ctx.targets if t in legal)


def choose_trigger_targets_or_none(game: Game, spec: TargetSpec | None, you: str,
                                   given: tuple[str, ...] | None, prompt: str, *,
                                   exclude: str | None = None) -> Flow:
    """A triggered ability that has no legal target is put on the stack anyway, with no
    target, and resolves doing whatever needs none (CR 603.3d: it is removed from the
    stack; CR 608.2b)."""
    chosen = yield from _CHOOSE_TARGETS(game, spec, you, given, prompt, exclude=exclude)
    return () if chosen is None else chosen


# -- the stack and priority ------------------------------------------------------------------

def resolve_bottom_of_stack(game: Game) -> Flow:
    """When all players pass, the object put on the stack first resolves first: the stack
    is read from the wrong end, and a spell cast in response resolves after the spell it
    answered (CR 405.5, 608.1: the top object resolves)."""
    state = game.state
    if not state.stack:
        raise IllegalAction("the stack is empty: there is nothing to resolve")
    item = state.stack[0]
    if isinstance(item, StackAbility):
        yield from _RESOLVE_ABILITY(game, item)
    else:
        yield from _RESOLVE_SPELL(game, item)
    game.events.append(Event("resolved", {"object": item.id}))
    yield from turn.settle(game)


def activate_mana_abilities_on_the_stack(game: Game, action: Activate) -> Flow:
    """A mana ability is activated like any other: it goes on the stack and the mana is
    added only when it resolves, so it can be responded to (CR 605.3b: it doesn't use the
    stack and resolves at once)."""
    state = game.state
    obj, ability = casting.activation_refused_early(game, action)
    params = ability.params
    targets = yield from choose_targets(game, ability.target, action.player,
                                        casting._values(action.targets),
                                        f"targets for {ability.text}")
    if targets is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets, ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if obj.summoning_sick and "Creature" in game.chars(obj).types:
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(action.player).pool.pay(Cost.of(params.get("mana"), x))
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    item = StackAbility(state.new_id(), obj.id, obj.copiable_card, ability, action.player,
                        targets, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


def cast_refused_early_without_priority(game: Game, action: Cast) -> GameObject:
    """Casting checks where the card is, not who holds priority: the non-active player can
    cast an instant while the active player holds priority (CR 117.1a: a player may cast a
    spell only when they have priority)."""
    card_obj = game.state.objects.get(action.card)
    if card_obj is None or card_obj.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction("only a card in a hand, graveyard, exile or library can be cast")
    if action.face_down and casting.morph_cost(game, card_obj) is None:
        raise IllegalAction(f"{card_obj.copiable_card.name} can't be cast face down")
    return card_obj


# -- timing ----------------------------------------------------------------------------------

def sorcery_timing_first_main_only(game: Game, player: str) -> None:
    """Sorcery timing is checked against the precombat main phase only: after combat, in
    the postcombat main phase, a sorcery can't be cast (CR 307.1, 505.1: either main
    phase)."""
    state = game.state
    if state.active_player != player or state.step is not Step.PRECOMBAT_MAIN or state.stack:
        raise IllegalAction("only at sorcery speed: your precombat main phase, stack empty")


def land_timing_ignoring_stack(game: Game, player: str) -> None:
    """Playing a land checks the turn, the phase and priority, not the stack: a land can be
    played while a spell waits on the stack (CR 305.1, 116.2a: only when the stack is
    empty)."""
    state = game.state
    if state.active_player != player:
        raise IllegalAction("a player plays lands only during their own turn (CR 305.3)")
    if not state.step.is_main_phase:
        raise IllegalAction(f"lands are played in a main phase, not in the "
                            f"{state.step.value} step (CR 305.1)")
    if state.priority != player:
        raise IllegalAction(f"{player} does not have priority")


# -- state-based actions ---------------------------------------------------------------------

def check_state_once(game: Game) -> Flow:
    """Before a player receives priority, state-based actions are performed once, then
    triggers are put on the stack: an Aura whose creature died in that check stays on the
    battlefield until the next time (CR 704.3: they are checked again until none applies)."""
    if turn.state_based_actions(game) and outcome(game.state)[0]:
        raise GameEnded()
    yield from turn.legend_rule(game)
    if game.state.pending_triggers:
        yield from triggers.put_on_stack(game)


def sba_with_printed_toughness(game: Game) -> bool:
    """Lethal damage is compared with a creature's toughness before effects and counters
    (as printed, or as copied): a 2/2 given +3/+3 until end of turn dies to 2 damage
    (CR 704.5g, 613.4: the toughness it has now)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        printed = _copiable_values(obj, game.abilities).toughness
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < (printed or 0) <= obj.damage):
            doomed.append(obj)
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)
        elif turn._saga_is_done(game, obj, chars):
            doomed.append(obj)
        elif "Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch:
            doomed.append(obj)
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
              and (p.life <= 0 or p.drew_from_empty_library)]
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


# -- combat declarations ---------------------------------------------------------------------

def creature_for_combat_tapped_blockers(game: Game, object_id: str, player: str,
                                        role: str) -> tuple[GameObject, Characteristics]:
    """Whether a creature is untapped is checked for attacking only: a tapped creature can
    be declared as a blocker (CR 509.1a: the defending player chooses among their untapped
    creatures)."""
    obj = game.state.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it can't {role}")
    chars = game.chars(obj)
    if "Creature" not in chars.types:
        raise IllegalAction(f"{combat._name(chars)} is not a creature: it can't {role}")
    if obj.controller != player:
        raise IllegalAction(f"{combat._name(chars)} is not controlled by {player}")
    if obj.tapped and role != "block":
        raise IllegalAction(f"{combat._name(chars)} is tapped: it can't {role}")
    return obj, chars


def check_blockers_allowing_repeats(game: Game, action: DeclareBlockers) -> None:
    """Each block is checked on its own, not the declaration as a whole: one creature can
    be declared blocking two attackers, both of which become blocked (CR 509.1a: each
    creature blocks one attacker unless an effect allows more)."""
    fight = game.state.combat
    if fight is None or not fight.attackers:
        raise IllegalAction("no creature is attacking")
    if action.player not in set(fight.attackers.values()):
        raise IllegalAction(f"{action.player} is not a defending player")
    for blocker, attacker in action.blocks:
        _obj, chars = combat._creature(game, blocker, action.player, "block")
        attacking_now = combat._in_combat(game, attacker)
        if fight.attackers.get(attacker) != action.player or attacking_now is None:
            raise IllegalAction(f"{attacker} is not attacking {action.player}")
        _attacker, attacking = attacking_now
        if "Flying" in attacking.keywords and not {"Flying", "Reach"} & set(chars.keywords):
            raise IllegalAction(f"{combat._name(chars)} can't block {combat._name(attacking)}")


def check_attackers_ignoring_haste(game: Game, action: DeclareAttackers) -> str:
    """Summoning sickness is checked for attacking without looking at haste: a creature
    with haste can't attack the turn it comes under its controller's control (CR 302.6,
    702.10b: haste lets it)."""
    state = game.state
    if action.player != state.active_player:
        raise IllegalAction("only the active player declares attackers")
    defender = action.defender or state.opponent(action.player)
    if defender == action.player or defender not in {p.name for p in state.players}:
        raise IllegalAction(f"{defender!r} is not an opponent of {action.player}")
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("a creature can attack only once")
    for object_id in action.attackers:
        obj, chars = combat._creature(game, object_id, action.player, "attack")
        if obj.summoning_sick:
            raise IllegalAction(f"{combat._name(chars)} has summoning sickness: it can't attack")
        if "Defender" in chars.keywords:
            raise IllegalAction(f"{combat._name(chars)} has defender: it can't attack")
    return defender


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("same-object-targeted-twice", "targets",
        "https://github.com/phase-rs/phase/issues/6459",
        _doc(choose_targets_allowing_repeats),
        (casting, "choose_targets", choose_targets_allowing_repeats),
        (triggers, "choose_targets", choose_targets_allowing_repeats),
        (copies, "choose_targets", choose_targets_allowing_repeats)),
    bug("targets-rechecked-for-active-player", "targets",
        "https://github.com/Card-Forge/forge/pull/2425",
        _doc(legal_for_the_active_player), (turn, "legal_now", legal_for_the_active_player)),
    bug("targetless-trigger-put-on-stack", "targets",
        "https://github.com/phase-rs/phase/issues/815",
        _doc(choose_trigger_targets_or_none),
        (triggers, "choose_targets", choose_trigger_targets_or_none)),
    bug("stack-resolves-from-the-bottom", "stack",
        "https://github.com/magefree/mage/issues/3748",
        _doc(resolve_bottom_of_stack), (turn, "resolve_top", resolve_bottom_of_stack)),
    bug("mana-ability-uses-the-stack", "stack",
        "https://github.com/magefree/mage/issues/2191",
        _doc(activate_mana_abilities_on_the_stack),
        (casting, "activate", activate_mana_abilities_on_the_stack)),
    bug("spell-cast-without-priority", "priority",
        "https://github.com/Card-Forge/forge/pull/336",
        _doc(cast_refused_early_without_priority),
        (casting, "cast_refused_early", cast_refused_early_without_priority)),
    bug("sorcery-only-in-first-main-phase", "timing",
        "https://github.com/phase-rs/phase/issues/1509",
        _doc(sorcery_timing_first_main_only),
        (casting, "_sorcery_timing", sorcery_timing_first_main_only)),
    bug("land-played-over-a-spell", "timing",
        "https://github.com/Card-Forge/forge/issues/4554",
        _doc(land_timing_ignoring_stack), (lands, "check_timing", land_timing_ignoring_stack)),
    bug("state-based-actions-checked-once", "state-based-actions",
        "https://github.com/Card-Forge/forge/pull/3688",
        _doc(check_state_once), (turn, "check_state", check_state_once)),
    bug("lethal-damage-against-printed-toughness", "state-based-actions",
        "https://github.com/magarena/magarena/issues/986",
        _doc(sba_with_printed_toughness),
        (turn, "state_based_actions", sba_with_printed_toughness)),
    bug("tapped-creature-blocks", "combat",
        "https://github.com/WagicProject/wagic/issues/525",
        _doc(creature_for_combat_tapped_blockers),
        (combat, "_creature", creature_for_combat_tapped_blockers)),
    bug("one-creature-blocks-two-attackers", "combat",
        "https://github.com/phase-rs/phase/issues/1840",
        _doc(check_blockers_allowing_repeats),
        (combat, "check_blockers", check_blockers_allowing_repeats)),
    bug("haste-ignored-when-attacking", "combat",
        "https://github.com/magefree/mage/issues/2349",
        _doc(check_attackers_ignoring_haste),
        (combat, "check_attackers", check_attackers_ignoring_haste)),
]
