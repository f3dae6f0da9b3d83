"""Held-out bugs, fifth batch: the stack, priority and timing -- targets that became illegal
without leaving their zone, the share of an illegal target in a division, an Aura spell
whose target is gone, an ability whose source left (CR 608.2b, 113.7a, 303.4); who
receives priority after a spell is cast, after it resolves, as a step begins and after
passes (CR 117.3a-d, 117.4); sorcery timing and flash (CR 307.1, 602.5d, 702.8a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Action, Activate, Cast
from conformance.engines.reference import ReferenceEngine, casting, effects, turn
from conformance.engines.reference.abilities import Ability, TargetSpec
from conformance.engines.reference.characteristics import is_permanent_card
from conformance.engines.reference.dividing import division_of
from conformance.engines.reference.effects import Context
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.game import Flow, Game, outcome
from conformance.engines.reference.state import GameObject, StackAbility
from conformance.engines.reference.targets import PLAYER_PREFIX
from conformance.errors import IllegalAction, Unsupported
from conformance.format.vocabulary import Zone

from . import HeldOut, bug

_RESOLVE_SPELL = turn._resolve_spell
_RESOLVE_ABILITY = turn._resolve_ability
_RESOLVE_TOP = turn.resolve_top
_NEXT_STEP = turn.next_step
_DAMAGE = effects.EFFECTS["damage"]
_FLOW = ReferenceEngine._flow


# -- targets on resolution ----------------------------------------------------------------

def legal_while_in_their_zone(game: Game, spec: TargetSpec | None,
                              ctx: Context) -> tuple[str, ...]:
    """A target is checked on resolution only for being where it was: a permanent still on
    the battlefield (a spell still on the stack) is a legal target whatever it has become,
    and the effect applies to it (CR 608.2b: a target no longer matching what the spell or
    ability may target -- a "tapped creature" untapped in response -- is illegal)."""
    if spec is None:
        return ()
    kept = []
    for target in ctx.targets:
        if target.startswith(PLAYER_PREFIX):
            kept.append(target)
            continue
        obj = game.state.objects.get(target)
        if obj is not None and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
            kept.append(target)
    return tuple(kept)


def damage_share_moved_to_legal_target(game: Game, ctx: Context, params: Any) -> Flow:
    """When a target of divided damage has become illegal, its share goes to the first
    target still legal instead of being lost: "2 damage divided between two targets"
    deals 2 to the one left (CR 608.2b, 601.2d: the division doesn't change; an illegal
    target's share is dealt to no one)."""
    if isinstance(params, dict) and params.get("divided") and ctx.legal_targets:
        lost = sum(n for target, n in ctx.division.items() if target not in ctx.legal_targets)
        if lost:
            division = dict(ctx.division)
            first = ctx.legal_targets[0]
            division[first] = division.get(first, 0) + lost
            ctx = replace(ctx, division=division)
    yield from _DAMAGE(game, ctx, params)


def resolve_aura_without_its_target(game: Game, spell: GameObject) -> Flow:
    """An Aura spell whose target has become illegal still resolves: it enters the
    battlefield enchanting nothing (and is then put into the graveyard), so "whenever an
    enchantment enters" abilities trigger (CR 608.2b, 608.3a, 303.4: it doesn't resolve
    and is put into the graveyard from the stack)."""
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    if spell.targets and spell_ability is not None and is_permanent_card(chars) \
            and "Aura" in chars.subtypes:
        ctx = Context(spell.controller, spell.id, spell.copiable_card, spell_ability,
                      spell.targets, division=division_of(game, spell.id))
        if not effects.legal_now(game, spell_ability.target, ctx):
            yield from put_onto_battlefield(game, spell, controller=spell.controller)
            return
    yield from _RESOLVE_SPELL(game, spell)


def resolve_ability_needing_its_source(game: Game, item: StackAbility) -> Flow:
    """An activated ability whose source has left the battlefield is removed from the stack
    without resolving, as if its source were one of its targets (CR 113.7a: once activated,
    an ability exists independently of its source)."""
    if item.ability.kind == "activated":
        source = game.state.objects.get(item.source)
        if source is None or source.zone is not Zone.BATTLEFIELD:
            game.state.stack.remove(item)
            return
    yield from _RESOLVE_ABILITY(game, item)


# -- priority ------------------------------------------------------------------------------

def flow_passing_priority_after_casting(self: ReferenceEngine, action: Action) -> Flow:
    """After a player casts a spell, the next player in turn order receives priority, as if
    casting passed it: the caster can't respond to their own spell (CR 117.3c: the player
    who cast it receives priority)."""
    yield from _FLOW(self, action)
    if isinstance(action, Cast):
        state = self._require().state
        if state.stack and not outcome(state)[0]:
            state.priority = state.opponent(action.player)


def resolve_top_priority_to_controller(game: Game) -> Flow:
    """After a spell or ability resolves, its controller receives priority instead of the
    active player: a spell the non-active player cast leaves them holding priority in the
    other player's turn (CR 117.3b: the active player)."""
    state = game.state
    item = state.stack[-1] if state.stack else None
    yield from _RESOLVE_TOP(game)
    if item is not None and not outcome(game.state)[0]:
        game.state.priority = item.controller


def next_step_priority_to_last_passer(game: Game,
                                      declare: Any = None) -> Flow:
    """As a step begins, priority stays with the player who held it when the previous step
    ended -- the last to pass -- instead of going to the active player (CR 117.3a: the
    active player receives priority at the beginning of each step)."""
    passer = game.state.priority
    yield from _NEXT_STEP(game, declare)
    if passer is not None and not game.state.stack and not outcome(game.state)[0]:
        game.state.priority = passer


def flow_keeping_passes_after_acting(self: ReferenceEngine, action: Action) -> Flow:
    """Casting a spell or activating an ability doesn't start the passing of priority again:
    passes made before it still count, so a player who responds to a pass and then passes
    in turn resolves the top of the stack at once (CR 117.4: all players pass in
    succession, with no action in between)."""
    kept = self._require().state.passes
    yield from _FLOW(self, action)
    if isinstance(action, (Cast, Activate)):
        self._require().state.passes = kept


# -- timing --------------------------------------------------------------------------------

def keywords_without_flash(obj: GameObject) -> tuple[str, ...]:
    """Flash is never looked at when a spell is cast: a creature with flash can be cast
    only at sorcery speed (CR 702.8a: any time its controller could cast an instant)."""
    return ()


def sorcery_timing_ignoring_stack(game: Game, player: str) -> None:
    """Sorcery timing checks the turn and the phase, not the stack: a sorcery can be cast
    in response to a spell in its controller's main phase (CR 307.1: the stack must be
    empty)."""
    state = game.state
    if state.active_player != player or not state.step.is_main_phase:
        raise IllegalAction("only at sorcery speed: a main phase of your turn")


def sorcery_timing_in_any_players_turn(game: Game, player: str) -> None:
    """Sorcery timing checks the phase and the stack, not whose turn it is: a player with
    priority in another player's main phase can cast a sorcery (CR 307.1: a main phase of
    their own turn)."""
    state = game.state
    if not state.step.is_main_phase or state.stack:
        raise IllegalAction("only at sorcery speed: a main phase, stack empty")


def activation_ignoring_sorcery_timing(game: Game,
                                       action: Activate) -> tuple[GameObject, Ability]:
    """An ability that can be activated only as a sorcery ("Outlast", "Level up", "Activate
    only as a sorcery") can be activated whenever its controller has priority, a spell on
    the stack or in another step (CR 602.5d, 307.1)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only abilities of permanents can be activated here")
    if obj.controller != action.player:
        raise IllegalAction("you can activate only abilities of permanents you control")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    abilities = casting.activated_abilities(game, obj)
    if not 0 <= action.ability < len(abilities):
        raise IllegalAction(f"{obj.card.name} has no activated ability #{action.ability + 1}")
    ability = abilities[action.ability]
    casting._check_not_prevented(game, obj, ability)
    if ability.unimplemented:
        raise Unsupported(f"{ability.text!r}: {ability.unimplemented}")
    params = ability.params
    if params.get("tap") and obj.tapped:
        raise IllegalAction(f"{obj.card.name} is tapped")
    if params.get("tap") and obj.summoning_sick and "Creature" in game.chars(obj).types:
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("illegal-target-still-in-zone-affected", "stack",
        "https://github.com/phase-rs/phase/issues/8656",
        _doc(legal_while_in_their_zone), (turn, "legal_now", legal_while_in_their_zone)),
    bug("divided-share-moves-to-legal-target", "stack",
        "https://github.com/Card-Forge/forge/issues/1179",
        _doc(damage_share_moved_to_legal_target),
        (effects.EFFECTS, "damage", damage_share_moved_to_legal_target)),
    bug("aura-spell-enters-without-its-target", "stack",
        "https://github.com/magefree/mage/issues/371",
        _doc(resolve_aura_without_its_target),
        (turn, "_resolve_spell", resolve_aura_without_its_target)),
    bug("ability-fizzles-when-source-leaves", "stack",
        "https://github.com/magefree/mage/issues/3247",
        _doc(resolve_ability_needing_its_source),
        (turn, "_resolve_ability", resolve_ability_needing_its_source)),
    bug("priority-to-opponent-after-casting", "priority",
        "https://github.com/magefree/mage/issues/1222",
        _doc(flow_passing_priority_after_casting),
        (ReferenceEngine, "_flow", flow_passing_priority_after_casting)),
    bug("priority-after-resolution-to-controller", "priority",
        "https://github.com/magefree/mage/issues/2470",
        _doc(resolve_top_priority_to_controller),
        (turn, "resolve_top", resolve_top_priority_to_controller)),
    bug("priority-in-new-step-to-last-passer", "priority",
        "https://github.com/brine/mtg-octgn/issues/109",
        _doc(next_step_priority_to_last_passer),
        (turn, "next_step", next_step_priority_to_last_passer)),
    bug("passes-kept-after-acting", "priority",
        "https://github.com/magefree/mage/issues/784",
        _doc(flow_keeping_passes_after_acting),
        (ReferenceEngine, "_flow", flow_keeping_passes_after_acting)),
    bug("flash-ignored", "timing", "https://github.com/magefree/mage/issues/8102",
        _doc(keywords_without_flash), (casting, "_keywords", keywords_without_flash)),
    bug("sorcery-cast-with-spell-on-stack", "timing",
        "https://github.com/magefree/mage/issues/3300",
        _doc(sorcery_timing_ignoring_stack),
        (casting, "_sorcery_timing", sorcery_timing_ignoring_stack)),
    bug("sorcery-cast-in-opponents-turn", "timing",
        "https://github.com/phase-rs/phase/issues/329",
        _doc(sorcery_timing_in_any_players_turn),
        (casting, "_sorcery_timing", sorcery_timing_in_any_players_turn)),
    bug("sorcery-speed-ability-at-instant-speed", "timing",
        "https://github.com/phase-rs/phase/issues/233",
        _doc(activation_ignoring_sorcery_timing),
        (casting, "activation_refused_early", activation_ignoring_sorcery_timing)),
]
