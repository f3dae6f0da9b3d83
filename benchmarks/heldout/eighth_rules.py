"""Held-out bugs, eighth batch: targets, the stack and priority, timing, state-based actions,
combat, last known information, lands, mana and the end of the game -- targets given with a
cast taken unchecked (CR 601.2c, 115.1), a "tapped" target filter ignored (CR 115.1,
608.2b); a step ending with an ability on the stack (CR 500.2, 117.4), a spell copy without
the original's targets (CR 707.10); a sorcery cast in the combat phase (CR 307.1); the legend
rule's choice asked of the active player (CR 704.5j), a Saga kept once its last chapter has
resolved (CR 714.4); defender keeping a creature from blocking (CR 702.3b), reach ignored
when blocking a flyer (CR 702.17b, 702.9b), a trampler's damage divided by the defending
player (CR 510.1c-d, 702.19b); last known information kept only for a permanent put into a
graveyard (CR 608.2h, 113.7a); a land played in the combat phase (CR 305.1); X left out of
a spell's total cost (CR 601.2f, 107.3a); the game won by the player who lost (CR 104.2a)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import (
    COMBAT_DAMAGE_CHOICE, PLAYER_OPTION_PREFIX, AdvanceTo, Choice, Event, Option, PlayLand,
)
from conformance.engines.reference import (
    casting, combat, copies, effects, engine, game as game_module, lands, targets, triggers,
    turn,
)
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import _in_combat, _name
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.dividing import copy_division
from conformance.engines.reference.effects import Context
from conformance.engines.reference.game import Flow, Game, GameEnded
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import Combat, GameObject, GameState
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, controlled_ok, is_attacking, label, matches,
)
from conformance.errors import IllegalAction
from conformance.format.vocabulary import STEP_ORDER, Step, Zone

from collections import Counter

from . import HeldOut, bug

_CANDIDATES = targets.candidates  # the reference engine's, for what a bug leaves alone


# -- targets -------------------------------------------------------------------------------

def choose_targets_unchecked(game: Game, spec: TargetSpec | None, you: str,
                             given: tuple[str, ...] | None, prompt: str, *,
                             exclude: str | None = None) -> Flow:
    """Targets named with a cast or an activation are taken as given: only the targets
    chosen from the options asked are legal ones, so "target permanent you control" can be
    cast on an opponent's creature (CR 601.2c, 115.1: each target must be legal)."""
    if spec is None:
        return ()
    legal = _CANDIDATES(game, spec, you, exclude=exclude)
    if len(legal) < spec.minimum:
        return None
    if given is None and not legal:
        return ()
    if given is None:
        options = tuple(Option(value, label(game, value)) for value in legal)
        given = yield Choice("target", you, prompt, options, spec.minimum,
                             min(spec.count, len(legal)))
    if len(set(given)) < len(given):
        twice = next(t for t in given if given.count(t) > 1)
        raise IllegalAction(f"{label(game, twice)} is chosen more than once ({prompt})")
    if not spec.minimum <= len(given) <= spec.count:
        raise IllegalAction(f"{prompt}: choose {spec.minimum} to {spec.count} targets")
    return tuple(given)


def candidates_ignoring_tapped(game: Game, spec: TargetSpec, you: str, *,
                               exclude: str | None = None) -> list[str]:
    """A target filter's "tapped" is not looked at: "return target tapped creature" may
    target an untapped creature (CR 115.1, 608.2b: a target must meet every requirement)."""
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
        and matches(game.chars(obj), rule)
        and (not rule.get("attacking") or is_attacking(game, obj.id))
        and (spec.what != "any" or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    if spec.what == "any":
        found += players
    return found


# -- the stack and priority ------------------------------------------------------------------

def advance_past_the_stack(game: Game, action: AdvanceTo) -> Flow:
    """Passing to a later step goes on when an ability goes on the stack on the way: the
    steps end with "at the beginning of" abilities waiting on the stack (CR 500.2, 117.4: a
    step ends only when all players pass with the stack empty)."""
    state = game.state
    if state.stack:
        raise IllegalAction("players pass to the next step only with an empty stack")
    if action.step is Step.UNTAP or action.step is Step.CLEANUP:
        raise IllegalAction("no player receives priority in that step")
    skippable = action.step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)
    for _ in range(2 * len(STEP_ORDER)):
        yield from turn.next_step(game)
        if state.step is action.step:
            return
        if skippable and state.step is Step.END_OF_COMBAT:
            break
    raise IllegalAction(f"the game does not reach the {action.step.value} step: with no "
                        f"creature attacking it is skipped (CR 508.8)")


def copy_spell_without_targets(game: Game, ctx: Context, params: Any) -> Flow:
    """A copy of a spell gets its copiable values, X and division but not its targets: a
    copy of "Shock deals 2 damage to any target" has no target and deals no damage
    (CR 707.10: a copy copies the choices made for the original, its targets included)."""
    for original in effects._objects(game, ctx, params):
        if original.zone is not Zone.STACK:
            continue
        copy = game.state.create(original.card, ctx.controller, Zone.STACK)
        copy.copy = copies.copy_of(original, token=True)
        copy.is_spell_copy = True
        copy.cast_door = original.cast_door
        copy.x = original.x
        copy.targets = ()
        copy.face_down = original.face_down
        copy_division(game, original.id, copy.id)
        game.events.append(Event("spell_copied", {"object": copy.id, "original": original.id}))
    yield from ()


# -- timing ----------------------------------------------------------------------------------

def sorcery_timing_any_step(game: Game, player: str) -> None:
    """Sorcery timing checks whose turn it is and the stack, not the step: a sorcery can be
    cast in the beginning of combat or the end step of its caster's turn (CR 307.1: a main
    phase)."""
    state = game.state
    if state.active_player != player or state.stack:
        raise IllegalAction("only at sorcery speed: a main phase of your turn, stack empty")


# -- state-based actions ---------------------------------------------------------------------

def legend_rule_chosen_by_the_active_player(game: Game) -> Flow:
    """The legend rule asks the active player which of two same-named legendary permanents
    to keep, whoever controls them (CR 704.5j: their controller chooses)."""
    state = game.state
    legendary = [(obj, chars) for obj in state.permanents()
                 if "Legendary" in (chars := game.chars(obj)).supertypes]
    for player in state.apnap():
        by_name: dict[str, list[GameObject]] = {}
        for obj, chars in legendary:
            if obj.controller == player:
                for name in chars.names:
                    by_name.setdefault(name, []).append(obj)
        for name, same in by_name.items():
            if len(same) < 2:
                continue
            options = tuple(Option(obj.id, name) for obj in same)
            (kept,) = yield Choice("cards", state.active_player,
                                   f"legend rule: choose the {name} to keep", options, 1, 1)
            for obj in same:
                if obj.id != kept:
                    game.move(obj, Zone.GRAVEYARD)
            return True
    return False


def saga_done_past_its_last_chapter(game: Game, obj: GameObject,
                                    chars: Characteristics | None = None) -> bool:
    """A Saga is sacrificed once it has more lore counters than its last chapter number: a
    two-chapter Saga whose chapter II has resolved stays until a third counter (CR 714.4:
    as many as, or more than, its final chapter)."""
    from conformance.engines.reference.abilities import chapter_numbers
    from conformance.engines.reference.state import StackAbility

    chapters = chapter_numbers((chars if chars is not None else game.chars(obj)).ability_defs)
    if not chapters or obj.counters.get("lore", 0) <= max(chapters):
        return False
    on_stack = any(isinstance(item, StackAbility) and item.source == obj.id
                   for item in game.state.stack)
    waiting = any(t.source == obj.id for t in game.state.pending_triggers)
    return not (on_stack or waiting)


# -- combat ----------------------------------------------------------------------------------

def creature_for_combat_without_defender(game: Game, object_id: str, player: str,
                                         role: str) -> tuple[GameObject, Characteristics]:
    """Defender is checked by the helper both declarations share: a creature with defender
    can't block either (CR 702.3b: it can't attack; it blocks as any creature does)."""
    obj = game.state.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it can't {role}")
    chars = game.chars(obj)
    if "Creature" not in chars.types:
        raise IllegalAction(f"{_name(chars)} is not a creature: it can't {role}")
    if obj.controller != player:
        raise IllegalAction(f"{_name(chars)} is not controlled by {player}: they can't "
                            f"have it {role}")
    if obj.tapped:
        raise IllegalAction(f"{_name(chars)} is tapped: it can't {role}")
    if "Defender" in chars.keywords:
        raise IllegalAction(f"{_name(chars)} has defender: it can't {role}")
    return obj, chars


def check_blockers_flying_only(game: Game, action: Any) -> None:
    """Only a creature with flying may block a creature with flying: reach is not looked
    at (CR 702.17b, 702.9b: flying or reach)."""
    combat_ = game.state.combat
    if combat_ is None or not combat_.attackers:
        raise IllegalAction("no creature is attacking")
    if len({blocker for blocker, _ in action.blocks}) != len(action.blocks):
        raise IllegalAction("a creature can block only one attacker")
    defenders = set(combat_.attackers.values())
    if action.player not in defenders:
        raise IllegalAction(f"{action.player} is not a defending player")
    for blocker, attacker in action.blocks:
        _obj, chars = combat._creature(game, blocker, action.player, "block")
        attacking_now = _in_combat(game, attacker)
        if combat_.attackers.get(attacker) != action.player or attacking_now is None:
            raise IllegalAction(f"{attacker} is not attacking {action.player} (a creature "
                                f"that left the battlefield is removed from combat, CR 506.4)")
        _attacker, attacking = attacking_now
        if "Flying" in attacking.keywords and "Flying" not in chars.keywords:
            raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}, which has "
                                f"flying (CR 702.9b)")


def attacker_assignment_by_the_defender(game: Game, combat_: Combat, attacker: str,
                                        chars: Characteristics, defender: str) -> Flow:
    """The division of a blocked trampler's combat damage is asked of the player it attacks
    rather than of its controller (CR 510.1c-d, 702.19b: the attacking creature's
    controller assigns it)."""
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
        COMBAT_DAMAGE_CHOICE, defender,
        f"divide the {power} combat damage of {_name(chars)} among "
        + ", ".join(o.label for o in options) + " (name an option once per point)",
        options, power, power)
    counts = Counter(chosen)
    return [(o.value, counts[o.value]) for o in options if counts[o.value]]


# -- last known information ------------------------------------------------------------------

def move_remembering_only_deaths(self: Game, obj: GameObject, zone: Zone,
                                 **kwargs: Any) -> GameObject | None:
    """A permanent's last known information is kept for effects only when it is put into a
    graveyard: a lifelink creature exiled while its ability waits deals that damage without
    lifelink (CR 608.2h, 113.7a: as it last existed, whatever zone it went to)."""
    old_zone = obj.zone
    if old_zone is Zone.BATTLEFIELD:
        self.departed[obj.id] = (obj, self.chars(obj))
        if zone is Zone.GRAVEYARD:
            self.last_known[obj.id] = self.departed[obj.id][1]
    if obj.face_down and old_zone is Zone.BATTLEFIELD:
        self.events.append(Event("revealed", {"object": obj.id, "card": obj.card.name}))
    new = self.state.move(obj, zone, **kwargs)
    self.emit("zone_changed", object=obj.id, new_object=new.id if new else None,
              card=obj.card.name, **{"from": old_zone.value, "to": zone.value})
    if not self._simultaneous:
        self.departed = {}
    return new


# -- lands and costs -------------------------------------------------------------------------

def land_timing_without_the_phase(game: Game, player: str) -> None:
    """Playing a land checks whose turn it is, the stack and priority, not the step: a land
    can be played in the combat phase or the end step (CR 305.1: a main phase)."""
    state = game.state
    if state.active_player != player:
        raise IllegalAction("a player plays lands only during their own turn (CR 305.3)")
    if state.stack:
        raise IllegalAction("lands are played only while the stack is empty (CR 305.1)")
    if state.priority != player:
        raise IllegalAction(f"{player} does not have priority")


def total_cost_without_x(game: Game, player: str, spell: GameObject, chars: Characteristics,
                         base: str | None) -> Cost:
    """The total cost is worked out from the mana cost with X as 0: a Fireball cast for
    X=3 costs {R} (CR 601.2f, 107.3a: X is the value announced)."""
    cost = Cost.of(base)
    for _permanent, _ability, rule in game.statics("cost_increase"):
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


# -- the end of the game ---------------------------------------------------------------------

def outcome_won_by_the_loser(state: GameState) -> tuple[bool, str | None]:
    """When the game ends, the winner reported is the first player who lost rather than the
    one left in the game (CR 104.2a: the last player left wins)."""
    if not any(p.lost for p in state.players):
        return False, None
    left = [p.name for p in state.players if not p.lost]
    if len(left) > 1:
        return False, None
    return True, next((p.name for p in state.players if p.lost), None)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("given-targets-taken-unchecked", "targets",
        "https://github.com/magefree/mage/issues/9543",
        _doc(choose_targets_unchecked),
        (targets, "choose_targets", choose_targets_unchecked),
        (casting, "choose_targets", choose_targets_unchecked),
        (triggers, "choose_targets", choose_targets_unchecked),
        (copies, "choose_targets", choose_targets_unchecked)),
    bug("tapped-target-filter-ignored", "targets",
        "https://github.com/Card-Forge/forge/pull/1332",
        _doc(candidates_ignoring_tapped),
        (targets, "candidates", candidates_ignoring_tapped),
        (effects, "candidates", candidates_ignoring_tapped)),
    bug("step-ends-with-an-ability-on-the-stack", "priority",
        "https://github.com/Talishar/Talishar/pull/557",
        _doc(advance_past_the_stack), (turn, "advance", advance_past_the_stack)),
    bug("spell-copy-without-targets", "stack",
        "https://github.com/phase-rs/phase/issues/7168",
        _doc(copy_spell_without_targets),
        (effects.EFFECTS, "copy_spell", copy_spell_without_targets)),
    bug("sorcery-cast-outside-main-phase", "timing",
        "https://github.com/magefree/mage/issues/12043",
        _doc(sorcery_timing_any_step), (casting, "_sorcery_timing", sorcery_timing_any_step)),
    bug("legend-rule-chosen-by-the-active-player", "state-based-actions",
        "https://github.com/phase-rs/phase/issues/390",
        _doc(legend_rule_chosen_by_the_active_player),
        (turn, "legend_rule", legend_rule_chosen_by_the_active_player)),
    bug("saga-kept-after-its-last-chapter", "state-based-actions",
        "https://github.com/magefree/mage/issues/4875",
        _doc(saga_done_past_its_last_chapter),
        (turn, "_saga_is_done", saga_done_past_its_last_chapter)),
    bug("defender-cannot-block", "combat",
        "https://github.com/Ashteki/ashteki/issues/1478",
        _doc(creature_for_combat_without_defender),
        (combat, "_creature", creature_for_combat_without_defender)),
    bug("reach-ignored-when-blocking", "combat",
        "https://github.com/phase-rs/phase/issues/2854",
        _doc(check_blockers_flying_only), (combat, "check_blockers", check_blockers_flying_only)),
    bug("trample-damage-divided-by-the-defender", "damage",
        "https://github.com/magefree/mage/issues/11567",
        _doc(attacker_assignment_by_the_defender),
        (combat, "_attacker_assignment", attacker_assignment_by_the_defender)),
    bug("last-known-information-only-for-deaths", "last-known-information",
        "https://github.com/Card-Forge/forge/issues/10554",
        _doc(move_remembering_only_deaths), (Game, "move", move_remembering_only_deaths)),
    bug("land-played-outside-main-phase", "lands",
        "https://github.com/Card-Forge/forge/pull/5745",
        _doc(land_timing_without_the_phase),
        (lands, "check_timing", land_timing_without_the_phase)),
    bug("x-left-out-of-the-total-cost", "costs",
        "https://github.com/magefree/mage/issues/78",
        _doc(total_cost_without_x), (casting, "total_cost", total_cost_without_x)),
    bug("game-won-by-the-player-who-lost", "game-over",
        "https://github.com/SaitoTech/saito-old/issues/56",
        _doc(outcome_won_by_the_loser),
        (game_module, "outcome", outcome_won_by_the_loser),
        (turn, "outcome", outcome_won_by_the_loser),
        (engine, "outcome", outcome_won_by_the_loser)),
]

_ = (GameEnded, PlayLand)
