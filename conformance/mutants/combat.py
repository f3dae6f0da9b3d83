"""Mutants about combat, divided damage, exile with permission to play, the end of the game
and the turn: several blockers and the attacking player's division of damage (CR 510.1c-d),
trample (CR 702.19), first and double strike (CR 510.4), deathtouch and lifelink, attack and
combat damage triggers, dividing damage as a spell is cast (CR 601.2d) and targets with a
minimum (CR 601.2c), permissions to play an exiled card, a player losing (CR 104.3,
704.5a-b), and priority and the steps of the turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator, Iterator
from typing import Any
from unittest import mock

from ..contract.types import DIVIDE_CHOICE, PLAYER_OPTION_PREFIX, Choice, Event, Option
from ..engines.reference import casting, combat, effects, exile_to_play, game, triggers, turn
from ..engines.reference.damage import lethal_damage
from ..engines.reference.dividing import divided_amount
from ..errors import IllegalAction
from . import Patch, table
from .kill_sets import FOLDERS, KILLS

# -- combat damage ---------------------------------------------------------------------------

_assignment = combat._attacker_assignment
_deal_damage = combat.deal_damage
_declare_attackers = combat.declare_attackers
_check_attackers = combat.check_attackers
_check_blockers = combat.check_blockers
_attacks = triggers.MATCHERS["attacks"]
_combat_damage = triggers.MATCHERS["combat_damage_to_player"]


def _no_trample(game_: Any, combat_: Any, attacker: str, chars: Any, defender: str) -> Any:
    """A blocked attacker with trample assigns no damage to the player it attacks."""
    return _assignment(game_, combat_, attacker, dataclasses.replace(chars, keywords=()),
                       defender)


def _damage_assignment_order(game_: Any, combat_: Any, attacker: str, chars: Any,
                             defender: str) -> Generator[Any, Any, Any]:
    """The rules before November 2024: an attacker blocked by several creatures assigns
    lethal damage to each blocker in the order they were declared before the next, the rest
    to the last (or, with trample, the player), instead of letting its controller divide it."""
    yield from ()
    power = chars.power or 0
    player = "player:" + defender
    if power <= 0:
        return []
    if attacker not in combat_.blocked:
        return [(player, power)]
    blockers = [b for b, a in combat_.blockers.items() if a == attacker
                and b in game_.state.battlefield]
    trample = "Trample" in chars.keywords
    out, remaining = [], power
    for index, blocker in enumerate(blockers):
        last = index == len(blockers) - 1
        lethal = lethal_damage(game_, blocker, chars)
        amount = min(remaining, lethal) if (trample or not last) else remaining
        if amount:
            out.append((blocker, amount))
        remaining -= amount
    if remaining and trample:
        out.append((player, remaining))
    return out


def _lethal_ignoring_marked_damage(game_: Any, target: str, source_chars: Any) -> int:
    """Lethal damage for trample is the blocker's toughness, ignoring damage already marked
    on it."""
    return max(1, game_.chars(game_.state.objects[target]).toughness or 0)


def _every_creature_strikes_twice(chars: Any, first_step: bool, dealt_first: bool) -> bool:
    """Every creature deals combat damage in the first-strike damage step and again in the
    regular one."""
    return True


def _double_strike_once(chars: Any, first_step: bool, dealt_first: bool) -> bool:
    """A creature with double strike deals combat damage only in the first-strike step."""
    if first_step:
        return bool(set(chars.keywords) & {"First strike", "Double strike"})
    return not dealt_first


def _first_strike_twice(chars: Any, first_step: bool, dealt_first: bool) -> bool:
    """A creature with first strike deals combat damage in both combat damage steps."""
    keywords = set(chars.keywords)
    if first_step:
        return bool(keywords & {"First strike", "Double strike"})
    return bool(keywords & {"First strike", "Double strike"}) or not dealt_first


def _ignores_keywords(game_: Any, source: str, chars: Any, *args: Any, **kwargs: Any) -> int:
    """Combat damage is dealt without the source's abilities: deathtouch and lifelink do
    nothing."""
    return int(_deal_damage(game_, source, None, *args, **kwargs))


def _check_blockers_without_flying(game_: Any, action: Any) -> None:
    """A creature without flying or reach can block a creature with flying."""
    real_chars = game_.chars

    def chars(obj: Any) -> Any:
        found = real_chars(obj)
        return dataclasses.replace(found, keywords=tuple(k for k in found.keywords
                                                         if k != "Flying"))

    with mock.patch.object(game_, "chars", chars):
        _check_blockers(game_, action)


def _attackers_stay_untapped(game_: Any, action: Any, defender: str) -> None:
    """Attacking doesn't tap creatures without vigilance."""
    tapped = {i: game_.state.objects[i].tapped for i in action.attackers}
    _declare_attackers(game_, action, defender)
    for object_id, was in tapped.items():
        game_.state.objects[object_id].tapped = was


def _sickness_ignored(game_: Any, action: Any) -> str:
    """A creature that came under its controller's control this turn can attack."""
    for object_id in action.attackers:
        if object_id in game_.state.objects:
            game_.state.objects[object_id].summoning_sick = False
    return str(_check_attackers(game_, action))



def _flying_blocker_ignored(game_: Any, action: Any) -> None:
    """Only reach lets a creature block a creature with flying: a blocker's own flying
    doesn't."""
    real_chars = game_.chars
    blockers = {blocker for blocker, _attacker in action.blocks}

    def chars(obj: Any) -> Any:
        found = real_chars(obj)
        if obj.id not in blockers:
            return found
        return dataclasses.replace(found, keywords=tuple(k for k in found.keywords
                                                         if k != "Flying"))

    with mock.patch.object(game_, "chars", chars):
        _check_blockers(game_, action)


_deal_combat_damage = combat.deal_combat_damage


def _first_strike_of_the_attacking_player(game_: Any) -> Generator[Any, Any, Any]:
    """First strike and double strike count only for the active player's creatures: a
    blocking creature with first strike deals its damage with the others."""
    real_chars = game_.chars

    def chars(obj: Any) -> Any:
        found = real_chars(obj)
        if obj.controller == game_.state.active_player:
            return found
        return dataclasses.replace(found, keywords=tuple(
            k for k in found.keywords if k not in ("First strike", "Double strike")))

    with mock.patch.object(game_, "chars", chars):
        return (yield from _deal_combat_damage(game_))


def _blocked_without_blockers_deals_nothing(game_: Any, combat_: Any, attacker: str,
                                            chars: Any, defender: str) -> Any:
    """A blocked creature whose blockers have all left combat assigns no combat damage,
    trample or not."""
    if attacker in combat_.blocked and not any(
            a == attacker and b in game_.state.battlefield for b, a in combat_.blockers.items()):
        yield from ()
        return []
    return (yield from _assignment(game_, combat_, attacker, chars, defender))

def _blocked_hits_the_player(game_: Any, combat_: Any, attacker: str, chars: Any,
                             defender: str) -> Any:
    """A blocked creature deals its combat damage to the player it attacks, as if it were
    unblocked."""
    yield from ()
    power = chars.power or 0
    return [(PLAYER_OPTION_PREFIX + defender, power)] if power > 0 else []

# -- attack and combat damage triggers ----------------------------------------------------------


def _per_creature(game_: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    """"Whenever one or more creatures you control deal combat damage to a player" triggers
    once for each creature."""
    return (event.kind == "combat_damage_to_player"
            and (params == "this" and event.data["source"] == obj.id
                 or params != "this" and event.data["controller"] == obj.controller))


def _any_combat_damage(game_: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    """A trigger on combat damage to a player triggers on combat damage to creatures too."""
    return (event.kind == "damage_dealt" and bool(event.data["combat"])
            and event.data["controller"] == obj.controller)


def _attacks_never(game_: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    """"Whenever ~ attacks" never triggers."""
    return False


def _each_attacker(game_: Any, obj: Any, params: Any, event: Event, ability: Any) -> bool:
    """"Whenever you attack" triggers once for each attacking creature."""
    return event.kind == "attacks" and event.data["player"] == obj.controller



def _attacks_when_you_attack(game_: Any, obj: Any, params: Any, event: Event,
                             ability: Any) -> bool:
    """"Whenever this creature attacks" triggers whenever its controller attacks, with it
    or with other creatures."""
    if params == "this":
        return (event.kind == "attackers_declared"
                and event.data["player"] == obj.controller)
    return bool(_attacks(game_, obj, params, event, ability))


def _attacking_as_a_group(game_: Any, obj: Any, params: Any, event: Event,
                          ability: Any) -> bool:
    """"Whenever you attack" triggers only when you attack with more than one creature."""
    attackers: list[str] = list(event.data.get("objects") or ())  # type: ignore[call-overload]
    return (event.kind == "attackers_declared" and event.data["player"] == obj.controller
            and len(attackers) > 1)


def _any_damage_by_a_creature(game_: Any, obj: Any, params: Any, event: Event,
                              ability: Any) -> bool:
    """Damage a creature deals to a player by an ability counts as combat damage for "deals
    combat damage to a player" triggers."""
    if _combat_damage(game_, obj, params, event, ability):
        return True
    if (event.kind != "damage_dealt" or event.data["combat"]
            or not str(event.data["to"]).startswith("player:")):
        return False
    source = game_.state.objects.get(str(event.data["source"]))
    if source is None or "Creature" not in game_.chars(source).types:
        return False
    return (source.id == obj.id if params == "this"
            else source.controller == obj.controller)

_reveal_top = effects.EFFECTS["reveal_top"]


def _reveal_takes_any_card(game_: Any, ctx: Any, params: Any) -> Any:
    """Revealing the top card puts it into its owner's hand whatever its type."""
    return _reveal_top(game_, ctx, {**params, "if": {}})


# -- divided damage and targets with a minimum ---------------------------------------------

_damage = effects.EFFECTS["damage"]
_choose_targets = casting.choose_targets


def _each_target_dealt_it_all(game_: Any, ctx: Any, params: Any) -> Any:
    """Damage to divide is dealt in full to each target."""
    return _damage(game_, ctx, {k: v for k, v in params.items() if k != "divided"})


def _share_goes_to_the_others(game_: Any, ctx: Any, params: Any) -> Any:
    """The share of divided damage of a target that became illegal goes to a legal one."""
    legal = [t for t in ctx.legal_targets if t in ctx.division]
    if params.get("divided") and legal:
        lost = sum(ctx.division.values()) - sum(ctx.division[t] for t in legal)
        ctx.division = {**ctx.division, legal[0]: ctx.division[legal[0]] + lost}
    return _damage(game_, ctx, params)


def _evenly_without_asking(game_: Any, player: str, ability: Any, targets: Any,
                           what: str) -> Generator[Any, Any, Any]:
    """Damage is divided evenly among the targets without asking the caster."""
    yield from ()
    amount = divided_amount(ability)
    if amount is None or not targets:
        return ()
    return tuple(targets[i % len(targets)] for i in range(amount))


def _asks_even_for_one_target(game_: Any, player: str, ability: Any, targets: Any,
                              what: str) -> Generator[Any, Any, Any]:
    """The caster is asked to divide damage even among a single target."""
    amount = divided_amount(ability)
    if amount is None or not targets:
        return ()
    options = tuple(Option(t, t) for t in targets)
    chosen = yield Choice("divide", player, what, options, amount, amount)
    return tuple(chosen)


_answer = game.Game.answer


def _division_without_a_minimum(self: Any, values: tuple[str, ...]) -> Any:
    """A division of damage may leave a chosen target with none (CR 601.2d: at least 1)."""
    choice = self._choice
    if choice is None or choice.kind != DIVIDE_CHOICE:
        return _answer(self, values)
    with mock.patch.object(game, "DIVIDE_CHOICE", "divide, each target at least 1 unchecked"):
        return _answer(self, values)


def _every_target_required(game_: Any, spec: Any, *args: Any, **kwargs: Any) -> Any:
    """A spell with "one, two or three targets" must have the most targets."""
    whole = dataclasses.replace(spec, at_least=None) if spec is not None else None
    return (yield from _choose_targets(game_, whole, *args, **kwargs))


# -- exile with permission to play -------------------------------------------------------------


def _no_permission(game_: Any, player: str, object_id: str) -> bool:
    """A card exiled with permission to play can't be played."""
    return False


def _permissions_never_end(game_: Any) -> None:
    """Permission to play an exiled card never ends."""


def _next_turn_is_this_turn(game_: Any, player: str, duration: str) -> int:
    """Permission "until the end of your next turn" ends at the end of this turn."""
    return int(game_.state.turn)


def _any_time(game_: Any, player: str) -> None:
    """Sorcery-speed spells (an exiled sorcery too) can be cast at any time."""


# -- the end of the game -----------------------------------------------------------------------

_state_based_actions = turn.state_based_actions


def _game_goes_on(state_: Any) -> tuple[bool, None]:
    """The game goes on after a player loses."""
    return False, None


def _loses_at_one_life(game_: Any) -> bool:
    """A player with 1 life loses the game."""
    for player in game_.state.players:
        if player.life <= 1 and not player.lost:
            player.life = 0
    return bool(_state_based_actions(game_))


# -- priority and the turn ---------------------------------------------------------------------

_next_turn = turn._next_turn


def _one_pass_resolves(game_: Any, action: Any) -> Iterator[Any]:
    """One player passing priority resolves the top of the stack (or ends the step)
    without the other players passing."""
    if game_.state.priority != action.player:
        raise IllegalAction("no priority")
    if game_.state.stack:
        yield from turn.resolve_top(game_)
    else:
        yield from turn.next_step(game_)


def _damage_stays(game_: Any) -> None:
    """Damage marked on permanents is not removed at the cleanup step."""
    game_.state.effects = [e for e in game_.state.effects if e.until != "end_of_turn"]


def _no_draw(game_: Any, player: str, count: int) -> None:
    """The active player draws no card in the draw step."""


def _untap_statics_ignored(game_: Any) -> None:
    """Static abilities that untap permanents in other players' untap steps are ignored."""
    with mock.patch.object(game_, "statics", lambda name, **kwargs: iter(())):
        _next_turn(game_)


def _everyone_untaps(game_: Any) -> None:
    """Every player's permanents untap in each untap step."""
    _next_turn(game_)
    for obj in game_.state.permanents():
        obj.tapped = False


WRONG: dict[str, tuple[list[Patch], set[str]]] = {
    "trample-ignored-when-blocked": ([(combat, "_attacker_assignment", _no_trample)], set()),
    "damage-assignment-order": (
        [(combat, "_attacker_assignment", _damage_assignment_order)], set()),
    "trample-ignores-marked-damage": (
        [(combat, "lethal_damage", _lethal_ignoring_marked_damage)], set()),
    "every-creature-strikes-twice": (
        [(combat, "_strikes_now", _every_creature_strikes_twice)], set()),
    "double-strike-strikes-once": ([(combat, "_strikes_now", _double_strike_once)], set()),
    "first-strike-strikes-twice": ([(combat, "_strikes_now", _first_strike_twice)], set()),
    "combat-damage-without-deathtouch-or-lifelink": (
        [(combat, "deal_damage", _ignores_keywords)], set()),
    "flying-blocked-by-anything": (
        [(combat, "check_blockers", _check_blockers_without_flying)], set()),
    "attackers-stay-untapped": (
        [(combat, "declare_attackers", _attackers_stay_untapped)], set()),
    "summoning-sick-creatures-attack": (
        [(combat, "check_attackers", _sickness_ignored)], set()),
    "combat-damage-trigger-per-creature": (
        [(triggers.MATCHERS, "combat_damage_to_player", _per_creature)], set()),
    "combat-damage-trigger-on-damage-to-creatures": (
        [(triggers.MATCHERS, "combat_damage_to_player", _any_combat_damage)], set()),
    "attack-trigger-never": ([(triggers.MATCHERS, "attacks", _attacks_never)], set()),
    "attack-trigger-when-its-controller-attacks": (
        [(triggers.MATCHERS, "attacks", _attacks_when_you_attack)], set()),
    "you-attack-trigger-needs-a-group": (
        [(triggers.MATCHERS, "you_attack", _attacking_as_a_group)], set()),
    "ability-damage-is-combat-damage": (
        [(triggers.MATCHERS, "combat_damage_to_player", _any_damage_by_a_creature)], set()),
    "flying-blocker-needs-reach": (
        [(combat, "check_blockers", _flying_blocker_ignored)], set()),
    "first-strike-only-for-attacking-player": (
        [(combat, "deal_combat_damage", _first_strike_of_the_attacking_player)], set()),
    "blocked-trampler-without-blockers-deals-nothing": (
        [(combat, "_attacker_assignment", _blocked_without_blockers_deals_nothing)], set()),
    "blocked-creature-hits-the-player": (
        [(combat, "_attacker_assignment", _blocked_hits_the_player)], set()),
    "you-attack-trigger-per-attacker": (
        [(triggers.MATCHERS, "you_attack", _each_attacker)], set()),
    "reveal-top-takes-any-card": (
        [(effects.EFFECTS, "reveal_top", _reveal_takes_any_card)], set()),
    "divided-damage-dealt-in-full-to-each": (
        [(effects.EFFECTS, "damage", _each_target_dealt_it_all)], set()),
    "divided-share-goes-to-legal-targets": (
        [(effects.EFFECTS, "damage", _share_goes_to_the_others)], set()),
    "divided-evenly-without-asking": ([(casting, "announce", _evenly_without_asking)], set()),
    "divide-asked-for-one-target": ([(casting, "announce", _asks_even_for_one_target)], set()),
    "divided-damage-target-may-get-none": (
        [(game.Game, "answer", _division_without_a_minimum)], set()),
    "minimum-targets-ignored": ([(casting, "choose_targets", _every_target_required)], set()),
    "exiled-card-not-playable": ([(casting, "may_play", _no_permission)], set()),
    "play-permission-never-ends": ([(turn, "end_permissions", _permissions_never_end)], set()),
    "next-turn-permission-ends-this-turn": (
        [(exile_to_play, "last_turn", _next_turn_is_this_turn)], set()),
    "sorcery-timing-ignored": ([(casting, "_sorcery_timing", _any_time)], set()),
    "game-goes-on-after-a-loss": (
        [(turn, "outcome", _game_goes_on), (game, "outcome", _game_goes_on)], set()),
    "loses-at-one-life": ([(turn, "state_based_actions", _loses_at_one_life)], set()),
    "one-pass-resolves": ([(turn, "pass_priority", _one_pass_resolves)], set()),
    "damage-not-removed-at-cleanup": ([(turn, "_cleanup", _damage_stays)], set()),
    "no-card-in-the-draw-step": ([(turn, "draw_cards", _no_draw)], set()),
    "untap-statics-ignored": ([(turn, "_next_turn", _untap_statics_ignored)], set()),
    "every-player-untaps": ([(turn, "_next_turn", _everyone_untaps)], set()),
}

_GROUPS = {
    "divided-damage": ("divided-", "divide-", "minimum-"),
    "exile-to-play": ("exiled-", "play-", "next-turn-", "sorcery-"),
    "game-over": ("game-goes-on", "loses-at-"),
    "turn-structure": ("one-pass", "damage-not-removed", "no-card", "untap-", "every-player-"),
}

MECHANISMS = {name: next((group for group, prefixes in _GROUPS.items()
                          if name.startswith(prefixes)), "combat")
              for name in WRONG}

MUTANTS = table("combat", FOLDERS, WRONG, mechanisms=MECHANISMS, kills=KILLS)
