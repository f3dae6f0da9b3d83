"""Held-out bugs, second batch: combat -- declaring attackers and blockers (CR 508, 509),
evasion (CR 702.9, 702.17), vigilance (CR 702.20), first strike (CR 702.7), dividing an
attacker's damage among its blockers (CR 510.1c), trample (CR 702.19), lifelink and
deathtouch (CR 702.15, 702.2), and attack and combat-damage triggers (CR 508.3, 510.3a)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.contract.types import (
    COMBAT_DAMAGE_CHOICE, PLAYER_OPTION_PREFIX, Choice, DeclareAttackers, DeclareBlockers,
    Event, Option,
)
from conformance.engines.reference import combat, damage, life, triggers
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import (
    _creature, _deal, _in_combat, _name, _strikes_now,
)
from conformance.engines.reference.damage import change_life, lethal_damage
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import Combat, GameObject
from conformance.errors import IllegalAction

from . import HeldOut, bug

_ATTACKS = triggers.MATCHERS["attacks"]


# -- declaring blockers -----------------------------------------------------------------

def _check_blockers(can_block_flyer: Any) -> Any:
    def check_blockers(game: Game, action: DeclareBlockers) -> None:
        state_combat = game.state.combat
        if state_combat is None or not state_combat.attackers:
            raise IllegalAction("no creature is attacking")
        if len({blocker for blocker, _ in action.blocks}) != len(action.blocks):
            raise IllegalAction("a creature can block only one attacker")
        if action.player not in set(state_combat.attackers.values()):
            raise IllegalAction(f"{action.player} is not a defending player")
        for blocker, attacker in action.blocks:
            _obj, chars = _creature(game, blocker, action.player, "block")
            attacking_now = _in_combat(game, attacker)
            if state_combat.attackers.get(attacker) != action.player or attacking_now is None:
                raise IllegalAction(f"{attacker} is not attacking {action.player}")
            _attacker, attacking = attacking_now
            if "Flying" in attacking.keywords and not can_block_flyer(set(chars.keywords)):
                raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}")
    return check_blockers


_ANY_BLOCKER = _check_blockers(lambda keywords: True)
_ANY_BLOCKER.__doc__ = ("A creature with flying can be blocked by any creature: the "
                        "flying restriction is not checked as blockers are declared "
                        "(CR 702.9b).")
_REACH_ONLY = _check_blockers(lambda keywords: "Reach" in keywords)
_REACH_ONLY.__doc__ = ("A creature with flying can be blocked only by creatures with "
                       "reach, not by creatures with flying (CR 702.9b: flying and/or "
                       "reach).")


# -- declaring attackers ----------------------------------------------------------------

def _declare_attackers(*, tap: bool = True, each: bool = False) -> Any:
    def declare_attackers(game: Game, action: DeclareAttackers, defender: str) -> None:
        state_combat = Combat()
        game.state.combat = state_combat
        for object_id in action.attackers:
            obj = game.state.objects[object_id]
            if tap and "Vigilance" not in game.chars(obj).keywords:
                obj.tapped = True
            state_combat.attackers[object_id] = defender
        if each:
            for object_id in action.attackers:
                game.emit("attackers_declared", player=action.player, objects=[object_id])
        elif action.attackers:
            game.emit("attackers_declared", player=action.player,
                      objects=list(action.attackers))
        for object_id in action.attackers:
            game.emit("attacks", object=object_id, player=action.player, defender=defender)
    return declare_attackers


_UNTAPPED_ATTACKERS = _declare_attackers(tap=False)
_UNTAPPED_ATTACKERS.__doc__ = ("Creatures without vigilance don't become tapped when "
                               "they are declared as attackers (CR 508.1f).")
_YOU_ATTACK_EACH = _declare_attackers(each=True)
_YOU_ATTACK_EACH.__doc__ = ("\"Whenever you attack\" triggers once for each attacking "
                            "creature instead of once for the declaration (CR 508.3d).")


def you_attack_needs_two(game: Game, obj: GameObject, params: Any, event: Event,
                         ability: Ability) -> bool:
    """"Whenever you attack" triggers only when two or more creatures attack or the
    source itself attacks, not when one other creature attacks alone (CR 508.3d)."""
    if event.kind != "attackers_declared" or event.data["player"] != obj.controller:
        return False
    objects = event.data["objects"]
    attackers = list(objects) if isinstance(objects, list) else []
    return len(attackers) >= 2 or obj.id in attackers


def attacks_any_of_yours(game: Game, obj: GameObject, params: Any, event: Event,
                         ability: Ability) -> bool:
    """"Whenever this creature attacks" triggers whenever a creature its controller
    controls attacks (CR 508.3a)."""
    if event.kind != "attacks":
        return False
    attacker = game.state.objects.get(str(event.data["object"]))
    if params == "this":
        return attacker is not None and attacker.controller == obj.controller
    return bool(_ATTACKS(game, obj, params, event, ability))


# -- damage -----------------------------------------------------------------------------

def _deal_damage(*, lifelink_to_players_only: bool = False, deathtouch_in_combat_only: bool = False,
                 noncombat_counts_as_combat: bool = False) -> Any:
    def deal_damage(game: Game, source: str, source_chars: Characteristics | None,
                    controller: str, target: str, amount: int, *, combat: bool = False) -> int:
        if amount <= 0:
            return 0
        keywords = set(source_chars.keywords) if source_chars is not None else set()
        to_player = target.startswith(PLAYER_OPTION_PREFIX)
        if to_player:
            change_life(game, target[len(PLAYER_OPTION_PREFIX):], -amount)
        else:
            obj = game.state.objects.get(target)
            if obj is None:
                return 0
            obj.damage += amount
            if "Deathtouch" in keywords and (combat or not deathtouch_in_combat_only):
                obj.damaged_by_deathtouch = True
        game.emit("damage_dealt", source=source, to=target, amount=amount, combat=combat,
                  controller=controller)
        if "Lifelink" in keywords and (to_player or not lifelink_to_players_only):
            change_life(game, controller, amount)
        if noncombat_counts_as_combat and not combat and to_player and source_chars is not None \
                and "Creature" in source_chars.types:
            game.emit("combat_damage_to_player", source=source,
                      player=target[len(PLAYER_OPTION_PREFIX):], controller=controller,
                      amount=amount)
        return amount
    return deal_damage


_LIFELINK_PLAYERS = _deal_damage(lifelink_to_players_only=True)
_LIFELINK_PLAYERS.__doc__ = ("Lifelink gains life only for damage dealt to a player, not "
                             "for damage dealt to a creature, e.g. by a blocked attacker "
                             "(CR 702.15b).")
_DEATHTOUCH_COMBAT = _deal_damage(deathtouch_in_combat_only=True)
_DEATHTOUCH_COMBAT.__doc__ = ("Deathtouch makes only combat damage lethal: damage a "
                              "deathtouch source deals with an ability doesn't destroy the "
                              "creature (CR 702.2b).")
_NONCOMBAT_AS_COMBAT = _deal_damage(noncombat_counts_as_combat=True)
_NONCOMBAT_AS_COMBAT.__doc__ = ("Noncombat damage a creature deals to a player with an "
                                "ability triggers \"whenever this creature deals combat "
                                "damage to a player\" (CR 510.3a, 120.2a).")


def _damage_patches(function: Any) -> tuple[tuple[Any, str, Any], ...]:
    return ((damage, "deal_damage", function), (combat, "deal_damage", function),
            (life, "deal_damage", function))


def first_strike_of_attackers_only(game: Game) -> Flow:
    """There is a first-strike combat damage step only when an *attacking* creature has
    first strike or double strike: a blocker's first strike is ignored and it deals its
    damage at the same time as the attacker (CR 510.4, 702.7b)."""
    state_combat = game.state.combat
    if state_combat is None or not state_combat.attackers:
        return
    first_step = not state_combat.first_strike_done and any(
        set(game.chars(game.state.objects[i]).keywords) & {"First strike", "Double strike"}
        for i in state_combat.attackers if _in_combat(game, i) is not None)
    if first_step:
        state_combat.first_strike_done = True
    else:
        state_combat.first_strike_done = state_combat.regular_done = True
    assignments: list[tuple[str, Characteristics, str, str, int]] = []
    for attacker, defender in state_combat.attackers.items():
        found = _in_combat(game, attacker)
        if found is None or not _strikes_now(found[1], first_step,
                                             attacker in state_combat.dealt_first):
            continue
        obj, chars = found
        assigned = yield from combat._attacker_assignment(game, state_combat, attacker, chars,
                                                          defender)
        for target, amount in assigned:
            assignments.append((attacker, chars, obj.controller, target, amount))
    for blocker, attacker in state_combat.blockers.items():
        found = _in_combat(game, blocker)
        if found is None or _in_combat(game, attacker) is None:
            continue
        if not _strikes_now(found[1], first_step, blocker in state_combat.dealt_first):
            continue
        obj, chars = found
        assignments.append((blocker, chars, obj.controller, attacker, chars.power or 0))
    if first_step:
        state_combat.dealt_first.update(source for source, *_ in assignments)
    _deal(game, assignments)


def _assignment(*, in_order: bool = False, trample_needs_blocker: bool = False) -> Any:
    def attacker_assignment(game: Game, state_combat: Combat, attacker: str,
                            chars: Characteristics, defender: str) -> Flow:
        power = chars.power or 0
        player = PLAYER_OPTION_PREFIX + defender
        if power <= 0:
            return []
        if attacker not in state_combat.blocked:
            return [(player, power)]
        blockers = [b for b, a in state_combat.blockers.items() if a == attacker
                    and _in_combat(game, b) is not None]
        trample = "Trample" in chars.keywords
        if not blockers:
            return [(player, power)] if trample and not trample_needs_blocker else []
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
                return f"{defender} can be assigned damage only once each blocker has lethal"
            if in_order:
                for earlier, later in zip(blockers, blockers[1:]):
                    if counts[later] and counts[earlier] < lethal[earlier]:
                        return "damage goes to the blockers in order: lethal to each first"
            return None

        game.answer_rule = rule
        chosen = yield Choice(
            COMBAT_DAMAGE_CHOICE, game.state.objects[attacker].controller,
            f"divide the {power} combat damage of {_name(chars)} among "
            + ", ".join(o.label for o in options) + " (name an option once per point)",
            options, power, power)
        counts = Counter(chosen)
        return [(o.value, counts[o.value]) for o in options if counts[o.value]]
    return attacker_assignment


_IN_ORDER = _assignment(in_order=True)
_IN_ORDER.__doc__ = ("An attacker blocked by two or more creatures still uses a damage "
                     "assignment order: it must assign lethal damage to the first blocker "
                     "before assigning any to the next (removed from the rules in "
                     "November 2024; CR 510.1c: divided as its controller chooses).")
_TRAMPLE_NEEDS_BLOCKER = _assignment(trample_needs_blocker=True)
_TRAMPLE_NEEDS_BLOCKER.__doc__ = ("An attacker with trample whose blockers have all left "
                                  "combat deals no damage, instead of all of it to the "
                                  "player it attacks (CR 702.19e).")

def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("flying-ignored-when-blocking", "combat", "https://github.com/phase-rs/phase/issues/2854",
        _doc(_ANY_BLOCKER), (combat, "check_blockers", _ANY_BLOCKER)),
    bug("flyer-cannot-block-flyer", "combat", "https://github.com/magefree/mage/issues/2259",
        _doc(_REACH_ONLY), (combat, "check_blockers", _REACH_ONLY)),
    bug("attackers-do-not-tap", "combat", "https://github.com/magefree/mage/issues/7997",
        _doc(_UNTAPPED_ATTACKERS), (combat, "declare_attackers", _UNTAPPED_ATTACKERS)),
    bug("you-attack-per-attacker", "attack-triggers",
        "https://github.com/phase-rs/phase/issues/2386",
        _doc(_YOU_ATTACK_EACH), (combat, "declare_attackers", _YOU_ATTACK_EACH)),
    bug("you-attack-needs-two-attackers", "attack-triggers",
        "https://github.com/magefree/mage/issues/8387",
        _doc(you_attack_needs_two), (triggers.MATCHERS, "you_attack", you_attack_needs_two)),
    bug("attacks-trigger-any-attacker", "attack-triggers",
        "https://github.com/Card-Forge/forge/issues/11514",
        _doc(attacks_any_of_yours), (triggers.MATCHERS, "attacks", attacks_any_of_yours)),
    bug("lifelink-only-to-players", "combat", "https://github.com/phase-rs/phase/issues/324",
        _doc(_LIFELINK_PLAYERS), *_damage_patches(_LIFELINK_PLAYERS)),
    bug("deathtouch-only-in-combat", "damage", "https://github.com/WagicProject/wagic/issues/1142",
        _doc(_DEATHTOUCH_COMBAT), *_damage_patches(_DEATHTOUCH_COMBAT)),
    bug("noncombat-damage-triggers-combat-damage", "attack-triggers",
        "https://github.com/phase-rs/phase/issues/8127",
        _doc(_NONCOMBAT_AS_COMBAT), *_damage_patches(_NONCOMBAT_AS_COMBAT)),
    bug("first-strike-blockers-ignored", "combat",
        "https://github.com/Card-Forge/forge/issues/8174",
        _doc(first_strike_of_attackers_only),
        (combat, "deal_combat_damage", first_strike_of_attackers_only)),
    bug("damage-assignment-order", "combat", "https://github.com/magefree/mage/issues/13031",
        _doc(_IN_ORDER), (combat, "_attacker_assignment", _IN_ORDER)),
    bug("trample-removed-blocker-no-damage", "combat",
        "https://github.com/magarena/magarena/issues/821",
        _doc(_TRAMPLE_NEEDS_BLOCKER), (combat, "_attacker_assignment", _TRAMPLE_NEEDS_BLOCKER)),
]
