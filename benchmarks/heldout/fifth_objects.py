"""Held-out bugs, fifth batch: damage decided by its source, simultaneous events, last
known information, counters and what a zone or face change resets -- trample's lethal
damage read from the wrong creature or without counters (CR 702.19b, 702.2c, 122.1), a
blocker's lifelink credited to the attacking player and lifelink capped at lethal damage
(CR 702.15b), combat damage dealt one creature at a time (CR 510.2), "enters with
counters" as a trigger (CR 603.6e, 614.1c), last known information kept past its event
(CR 603.10a), counters removed in cleanup (CR 514.2), counters lost on transforming
(CR 712.18), effects lost on turning face up (CR 708.8), and an Aura or damage following
a permanent that left and came back (CR 400.7)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import PLAYER_OPTION_PREFIX, TurnFaceUp
from conformance.engines.reference import casting, combat, effects, entering, life, turn
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.damage import change_life, deal_damage, lethal_damage
from conformance.engines.reference.effects import Context
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, GameState, PendingTrigger
from conformance.format.vocabulary import Zone

from . import HeldOut, bug

_LETHAL = lethal_damage  # what combat calls
_DEAL = combat._deal
_COMBAT_DEAL_DAMAGE = _LIFE_DEAL_DAMAGE = deal_damage  # what combat and the damage effect call
_AS_IT_ENTERS = entering._as_it_enters
_GAME_MOVE = Game.move
_STATE_MOVE = GameState.move
_CLEANUP = turn._cleanup
_TRANSFORM = effects.EFFECTS["transform"]
_TURN_FACE_UP = casting.turn_face_up
_P1P1, _M1M1 = "+1/+1", "-1/-1"
_STALE = "_fifth_stale_departed"


# -- damage decided by its source ------------------------------------------------------------

def lethal_damage_by_the_blockers_keywords(game: Game, target: str,
                                           source_chars: Characteristics | None) -> int:
    """The lethal damage a trampler must assign to a blocker before the player is worked
    out with the blocker's own characteristics instead of the attacker's: a blocker with
    deathtouch needs only 1, while a deathtouch trampler's blocker needs its whole
    toughness (CR 702.19b, 702.2c: deathtouch of the creature assigning the damage)."""
    return _LETHAL(game, target, game.chars(game.state.objects[target]))


def deal_blocker_damage_for_attacking_player(
        game: Game, assignments: list[tuple[str, Characteristics, str, str, int]]) -> None:
    """Combat damage a blocking creature deals is dealt on behalf of the attacking player,
    whose combat it is: a blocker's lifelink gains the attacking player life (CR 702.15b,
    510.2: the controller of the source with lifelink gains the life)."""
    fight = game.state.combat
    credited = []
    for source, chars, controller, target, amount in assignments:
        if fight is not None and source in fight.blockers:
            attacker = game.state.objects.get(fight.blockers[source])
            if attacker is not None:
                controller = attacker.controller
        credited.append((source, chars, controller, target, amount))
    _DEAL(game, credited)


def _lifelink_capped(original: Any) -> Any:
    def deal_damage(game: Game, source: str, source_chars: Characteristics | None,
                    controller: str, target: str, amount: int, *, combat: bool = False) -> int:
        if source_chars is None or "Lifelink" not in source_chars.keywords \
                or target.startswith(PLAYER_OPTION_PREFIX) or amount <= 0:
            return int(original(game, source, source_chars, controller, target, amount,
                                combat=combat))
        found = game.state.objects.get(target)
        room = 0
        if found is not None:
            room = max(0, (game.chars(found).toughness or 0) - found.damage)
        without = replace(source_chars, keywords=tuple(
            k for k in source_chars.keywords if k != "Lifelink"))
        dealt = int(original(game, source, without, controller, target, amount, combat=combat))
        change_life(game, controller, min(dealt, room))
        return dealt
    deal_damage.__doc__ = """Lifelink gains life only for the damage a creature needed to be
    destroyed -- its toughness less the damage already marked --, not for the damage
    beyond it: a 2/2 lifelinker blocked by a 1/1 gains its controller 1 life (CR 702.15b,
    120.3: all the damage is dealt, and that much life is gained)."""
    return deal_damage


lifelink_capped_in_combat = _lifelink_capped(_COMBAT_DEAL_DAMAGE)
lifelink_capped_by_effects = _lifelink_capped(_LIFE_DEAL_DAMAGE)


def deal_combat_damage_one_by_one(
        game: Game, assignments: list[tuple[str, Characteristics, str, str, int]]) -> None:
    """Combat damage is dealt one creature at a time, attackers first, with state-based
    actions performed in between: a blocker destroyed by the attacker's damage deals none
    back (CR 510.2: all combat damage of a step is dealt at once)."""
    for assignment in assignments:
        source = game.state.objects.get(assignment[0])
        if source is None or source.zone is not Zone.BATTLEFIELD:
            continue
        _DEAL(game, [assignment])
        turn.state_based_actions(game)


# -- simultaneous events and last known information ------------------------------------------

def as_it_enters_counters_by_trigger(game: Game, new: GameObject, x: int) -> Flow:
    """"This creature enters with N counters on it" puts the counters on with a triggered
    ability once it is on the battlefield: a 0/0 creature is put into its owner's graveyard
    by state-based actions before that ability can resolve (CR 603.6e, 614.1c: a static
    ability; the permanent enters with the counters)."""
    before = dict(new.counters)
    yield from _AS_IT_ENTERS(game, new, x)
    added = {kind: n - before.get(kind, 0) for kind, n in new.counters.items()
             if n > before.get(kind, 0)}
    if not added:
        return
    new.counters = before
    ability = Ability("triggered", 0, -1, {}, effects=tuple(
        {"put_counters": {"what": "this", "counter": kind, "count": n}}
        for kind, n in added.items()), text="enters with counters")
    game.state.pending_triggers.append(PendingTrigger(
        new.id, new.copiable_card, ability, new.controller, {"kind": "entered"}))


def move_keeping_last_known_information(self: Game, obj: GameObject, zone: Zone,
                                        **kwargs: Any) -> GameObject | None:
    """The last known information of a permanent that left the battlefield is kept after
    the event that moved it: a creature that died earlier still sees later creatures die,
    and its "whenever another creature dies" ability triggers from the graveyard
    (CR 603.10a: leaves-the-battlefield abilities look back only to the event itself)."""
    stale: dict[str, tuple[GameObject, Characteristics]] = self.__dict__.setdefault(_STALE, {})
    known = (obj, self.chars(obj)) if obj.zone is Zone.BATTLEFIELD else None
    for object_id, entry in stale.items():
        self.departed.setdefault(object_id, entry)
    new = _GAME_MOVE(self, obj, zone, **kwargs)
    if known is not None:
        stale[obj.id] = known
    return new


# -- counters ----------------------------------------------------------------------------------

def lethal_damage_without_counters(game: Game, target: str,
                                   source_chars: Characteristics | None) -> int:
    """The lethal damage a trampler must assign to a blocker is worked out from the
    blocker's toughness without its +1/+1 and -1/-1 counters (CR 702.19b, 122.1a, 613.4c:
    its toughness, counters included)."""
    if source_chars is not None and "Deathtouch" in source_chars.keywords:
        return 1
    obj = game.state.objects[target]
    plus = obj.counters.get(_P1P1, 0) - obj.counters.get(_M1M1, 0)
    toughness = (game.chars(obj).toughness or 0) - plus
    return max(1, toughness - obj.damage)


def cleanup_removing_counters(game: Game) -> None:
    """+1/+1 and -1/-1 counters are removed in the cleanup step with the damage, as if they
    were "until end of turn" changes to power and toughness (CR 122.1, 514.2: a counter
    stays until an effect removes it or the permanent leaves)."""
    _CLEANUP(game)
    for obj in game.state.permanents():
        for kind in (_P1P1, _M1M1):
            obj.counters.pop(kind, None)


# -- what a zone or face change resets ------------------------------------------------------

def transform_clearing_counters(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent that transforms loses its counters, as if it became a new object
    (CR 712.18, 701.27: it is the same permanent; counters, damage and effects stay)."""
    chosen = effects._objects(game, ctx, params)
    faces = [obj.transformed for obj in chosen]
    yield from _TRANSFORM(game, ctx, params)
    for obj, face in zip(chosen, faces):
        if obj.transformed != face:
            obj.counters.clear()


def turn_face_up_ending_effects(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up ends the "until end of turn" effects that
    applied to it (CR 708.8: it stays the same permanent, and effects that applied to it
    still apply)."""
    yield from _TURN_FACE_UP(game, action)
    game.state.effects = [e for e in game.state.effects if e.object != action.object]


def move_reattaching_auras(self: GameState, obj: GameObject, zone: Zone, *,
                           controller: str | None = None) -> GameObject | None:
    """An Aura follows the permanent it enchants to the new object when that permanent
    leaves the battlefield and comes back (a flicker): it stays on the battlefield
    enchanting it (CR 400.7, 704.5m: the new object is not enchanted, and the Aura is put
    into its owner's graveyard)."""
    attached = [o for o in self.objects.values() if o.attached_to == obj.id]
    new = _STATE_MOVE(self, obj, zone, controller=controller)
    if new is not None:
        for aura in attached:
            aura.attached_to = new.id
    return new


def move_keeping_damage(self: GameState, obj: GameObject, zone: Zone, *,
                        controller: str | None = None) -> GameObject | None:
    """A permanent that leaves the battlefield and comes back keeps the damage marked on it
    (CR 400.7: a new object, with no damage marked; CR 120.3e)."""
    new = _STATE_MOVE(self, obj, zone, controller=controller)
    if new is not None:
        new.damage = obj.damage
        new.damaged_by_deathtouch = obj.damaged_by_deathtouch
    return new


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("trample-lethal-reads-blockers-deathtouch", "damage",
        "https://github.com/magefree/mage/issues/7633",
        _doc(lethal_damage_by_the_blockers_keywords),
        (combat, "lethal_damage", lethal_damage_by_the_blockers_keywords)),
    bug("blocker-lifelink-to-attacking-player", "damage",
        "https://github.com/Card-Forge/forge/issues/7847",
        _doc(deal_blocker_damage_for_attacking_player),
        (combat, "_deal", deal_blocker_damage_for_attacking_player)),
    bug("lifelink-capped-at-lethal-damage", "damage",
        "https://github.com/phase-rs/phase/issues/324",
        _doc(lifelink_capped_in_combat),
        (combat, "deal_damage", lifelink_capped_in_combat),
        (life, "deal_damage", lifelink_capped_by_effects)),
    bug("combat-damage-dealt-one-by-one", "damage",
        "https://github.com/alp82/manaschmiede/issues/35",
        _doc(deal_combat_damage_one_by_one),
        (combat, "_deal", deal_combat_damage_one_by_one)),
    bug("enters-with-counters-as-trigger", "last-known-information",
        "https://github.com/magefree/mage/issues/404",
        _doc(as_it_enters_counters_by_trigger),
        (entering, "_as_it_enters", as_it_enters_counters_by_trigger)),
    bug("last-known-information-kept-too-long", "last-known-information",
        "https://github.com/magefree/mage/issues/3853",
        _doc(move_keeping_last_known_information),
        (Game, "move", move_keeping_last_known_information)),
    bug("lethal-damage-ignores-counters", "counters",
        "https://github.com/phase-rs/phase/issues/1510",
        _doc(lethal_damage_without_counters),
        (combat, "lethal_damage", lethal_damage_without_counters)),
    bug("counters-removed-in-cleanup", "counters",
        "https://github.com/phase-rs/phase/issues/4382",
        _doc(cleanup_removing_counters), (turn, "_cleanup", cleanup_removing_counters)),
    bug("transform-clears-counters", "transform",
        "https://github.com/Card-Forge/forge/issues/1807",
        _doc(transform_clearing_counters),
        (effects.EFFECTS, "transform", transform_clearing_counters)),
    bug("turn-face-up-ends-effects", "face-down",
        "https://github.com/Card-Forge/forge/issues/10165",
        _doc(turn_face_up_ending_effects),
        (casting, "turn_face_up", turn_face_up_ending_effects)),
    bug("aura-follows-flickered-permanent", "zones",
        "https://github.com/magefree/mage/issues/9839",
        _doc(move_reattaching_auras), (GameState, "move", move_reattaching_auras)),
    bug("damage-kept-through-zone-change", "zones",
        "https://github.com/magefree/mage/issues/4893",
        _doc(move_keeping_damage), (GameState, "move", move_keeping_damage)),
]
