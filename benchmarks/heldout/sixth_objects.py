"""Held-out bugs, sixth batch: damage decided by its source, last known information,
counters and what a zone change resets -- a deathtouch trampler assigning its blocker
nothing (CR 702.19b, 702.2c), a blocker's damage fixed as blockers are declared
(CR 510.1a), creatures destroyed by first-strike damage dealing regular damage (CR 510.4,
506.4); a source that left the battlefield dealing damage without its keywords (CR 608.2h,
702.15b), a dying copy seen as its printed card (CR 603.10a, 707.2); an untap effect
ignoring stun counters (CR 122.1d), earlier chapters triggering again (CR 714.2b), the
turn-based lore counter put on every player's Sagas (CR 714.3b); a permanent that left and
came back still tapped (CR 400.7, 110.5), free of summoning sickness (CR 302.6), or still
attacking (CR 506.4)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Event
from conformance.engines.reference import combat, effects, triggers, turn
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.effects import Context
from conformance.engines.reference.entering import add_counters, put_onto_battlefield
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, GameState
from conformance.format.vocabulary import Zone

from . import HeldOut, bug

_LETHAL = lethal_damage  # what combat calls
_DECLARE_BLOCKERS = combat.declare_blockers
_DEAL = combat._deal
_DEAL_COMBAT_DAMAGE = combat.deal_combat_damage
_STATE_MOVE = GameState.move
_BLOCKER_POWER = "_sixth_blocker_power"
_FIRST_STRIKE_DEAD = "_sixth_first_strike_dead"
_DEAD_DEAL = "_sixth_dead_deal"
_FIRST = {"First strike", "Double strike"}


# -- damage decided by its source ------------------------------------------------------------

def lethal_damage_none_for_deathtouch(game: Game, target: str,
                                      source_chars: Characteristics | None) -> int:
    """"Any amount of damage from a deathtouch source is lethal" is read as "no damage is
    needed": a deathtouch trampler may assign its whole power to the player and nothing to
    the creature blocking it (CR 702.19b, 702.2c: 1 damage to each blocker first)."""
    if source_chars is not None and "Deathtouch" in source_chars.keywords:
        return 0
    return _LETHAL(game, target, source_chars)


def declare_blockers_fixing_their_damage(game: Game, action: Any) -> None:
    """The damage each blocking creature will deal is fixed as blockers are declared, from
    its power then: a blocker given +3/+3 after blocking deals its old power (CR 510.1a: it
    assigns damage equal to its power as the combat damage step begins)."""
    _DECLARE_BLOCKERS(game, action)
    fight = game.state.combat
    powers = {blocker: game.chars(game.state.objects[blocker]).power or 0
              for blocker, _attacker in action.blocks}
    game.__dict__.setdefault(_BLOCKER_POWER, {})[id(fight)] = (fight, powers)


def deal_blocker_damage_as_declared(
        game: Game, assignments: list[tuple[str, Characteristics, str, str, int]]) -> None:
    fight = game.state.combat
    kept = game.__dict__.get(_BLOCKER_POWER, {}).get(id(fight))
    if kept is not None and kept[0] is fight and fight is not None:
        assignments = [(s, c, p, t, kept[1].get(s, n) if s in fight.blockers else n)
                       for s, c, p, t, n in assignments]
    _DEAL(game, assignments)


def combat_damage_by_the_dead(game: Game) -> Flow:
    """A creature destroyed by first-strike damage still deals its regular combat damage,
    as it was when the first combat damage step began: a 2/2 blocking a first striker
    kills it (CR 510.4, 506.4: a creature that left the battlefield is removed from combat
    and deals no damage)."""
    fight = game.state.combat
    kept: dict[int, Any] = game.__dict__.setdefault(_FIRST_STRIKE_DEAD, {})
    if fight is None or fight.regular_done:
        yield from _DEAL_COMBAT_DAMAGE(game)
        return
    if not fight.first_strike_done:  # as the first (or only) combat damage step begins
        waiting = dict(fight.blockers)
        for attacker in fight.attackers:
            mine = [b for b, a in fight.blockers.items() if a == attacker]
            if mine:
                waiting[attacker] = mine[0]
        regular = {}
        for fighter, opponent in waiting.items():
            obj = game.state.objects.get(fighter)
            if obj is not None and obj.zone is Zone.BATTLEFIELD:
                chars = game.chars(obj)
                if not _FIRST & set(chars.keywords):
                    regular[fighter] = (chars, obj.controller, opponent)
        yield from _DEAL_COMBAT_DAMAGE(game)
        if fight.first_strike_done and not fight.regular_done:
            kept[id(fight)] = (fight, regular)
        return
    found = kept.get(id(fight))
    dead = []
    if found is not None and found[0] is fight:
        for fighter, (chars, controller, opponent) in found[1].items():
            there = game.state.objects.get(opponent)
            if fighter not in game.state.objects and there is not None \
                    and there.zone is Zone.BATTLEFIELD:
                dead.append((fighter, chars, controller, opponent, chars.power or 0))
    game.__dict__[_DEAD_DEAL] = (fight, dead)
    yield from _DEAL_COMBAT_DAMAGE(game)


def deal_with_the_dead(game: Game,
                       assignments: list[tuple[str, Characteristics, str, str, int]]) -> None:
    pending = game.__dict__.pop(_DEAD_DEAL, None)
    if pending is not None and pending[0] is game.state.combat:
        assignments = assignments + pending[1]
    _DEAL(game, assignments)


# -- last known information ------------------------------------------------------------------

def source_chars_on_the_battlefield_only(self: Game, source: str) -> Characteristics | None:
    """An effect's source is looked at only where it is now: a creature with lifelink or
    deathtouch that left the battlefield before its ability resolved deals the damage with
    neither (CR 608.2h, 702.15b, 702.2e: as it last existed on the battlefield)."""
    obj = self.state.objects.get(source)
    return self.chars(obj) if obj is not None else None


def move_remembering_printed_card(self: Game, obj: GameObject, zone: Zone,
                                  **kwargs: Any) -> GameObject | None:
    """A permanent that leaves the battlefield is remembered with its printed card's
    characteristics, without the copy effect it had: a Clone that entered as a copy of a
    creature with "when this creature dies" triggers nothing when it dies (CR 603.10a,
    707.2: it looks back at the permanent as it last existed, a copy)."""
    old_zone = obj.zone
    if old_zone is Zone.BATTLEFIELD:
        printed = self.chars(replace(obj, copy=None, memo=None, final=None, view=None))
        self.departed[obj.id] = (obj, printed)
        self.last_known[obj.id] = printed
    if obj.face_down and old_zone is Zone.BATTLEFIELD:
        self.events.append(Event("revealed", {"object": obj.id, "card": obj.card.name}))
    new = self.state.move(obj, zone, **kwargs)
    self.emit("zone_changed", object=obj.id, new_object=new.id if new else None,
              card=obj.card.name, **{"from": old_zone.value, "to": zone.value})
    if not self._simultaneous:
        self.departed = {}
    return new


# -- counters --------------------------------------------------------------------------------

def untap_ignoring_stun(game: Game, ctx: Context, params: Any) -> Flow:
    """An untap effect untaps the permanent whatever counters it has: the stun counter is
    looked at only in the untap step, and stays (CR 122.1d: if a permanent with a stun
    counter would become untapped, one is removed from it instead)."""
    for obj in effects._objects(game, ctx, params):
        obj.tapped = False
    yield from ()


def chapters_up_to_the_count(game: Game, obj: GameObject, params: Any, event: Any,
                             ability: Any) -> int:
    """A chapter ability triggers whenever a lore counter is put on its Saga and the Saga
    has at least that many: each new lore counter triggers every earlier chapter again
    (CR 714.2b: only when the number goes from less than N to N or more)."""
    if event.kind != "counters_added" or event.data["object"] != obj.id:
        return 0
    if event.data["counter"] != "lore":
        return 0
    after = int(str(event.data["after"]))
    chapters = params if isinstance(params, list) else [params]
    return sum(1 for n in chapters if int(n) <= after)


def lore_counters_on_every_saga(game: Game) -> None:
    """As a precombat main phase begins, a lore counter is put on each Saga on the
    battlefield, the other players' too (CR 714.3b: each Saga the active player controls)."""
    for obj in list(game.state.permanents()):
        if "Saga" in game.chars(obj).subtypes:
            add_counters(game, obj, "lore", 1)


# -- what a zone change resets ---------------------------------------------------------------

def move_keeping_tapped(self: GameState, obj: GameObject, zone: Zone, *,
                        controller: str | None = None) -> GameObject | None:
    """A permanent keeps its tapped status through a zone change: exiled and returned, it
    comes back tapped (CR 400.7, 110.5b: a new object; permanents enter untapped)."""
    new = _STATE_MOVE(self, obj, zone, controller=controller)
    if new is not None:
        new.tapped = obj.tapped
    return new


def exile_and_return_keeping_summoning_status(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent exiled and returned at once is treated as having stayed under its
    controller's control: a creature flickered this turn can attack and use {T} abilities
    (CR 400.7, 302.6: it is a new object that came under their control this turn)."""
    for obj in effects._objects(game, ctx, params.get("what", "this")):
        was_sick = obj.summoning_sick
        exiled = game.move(obj, Zone.EXILE)
        if exiled is not None:
            new = yield from put_onto_battlefield(game, exiled, controller=exiled.owner,
                                                  transformed=bool(params.get("transformed")))
            if new is not None:
                new.summoning_sick = was_sick


def move_keeping_combat(self: GameState, obj: GameObject, zone: Zone, *,
                        controller: str | None = None) -> GameObject | None:
    """An attacking or blocking creature that leaves the battlefield and comes back is
    still attacking or blocking: combat follows the card to its new object (CR 506.4,
    400.7: it is removed from combat)."""
    new = _STATE_MOVE(self, obj, zone, controller=controller)
    fight = self.combat
    if new is None or fight is None:
        return new
    if obj.id in fight.attackers:
        fight.attackers = {new.id if k == obj.id else k: v for k, v in fight.attackers.items()}
        if obj.id in fight.blocked:
            fight.blocked = (fight.blocked - {obj.id}) | {new.id}
        fight.blockers = {b: new.id if a == obj.id else a for b, a in fight.blockers.items()}
    if obj.id in fight.blockers:
        fight.blockers = {new.id if k == obj.id else k: v for k, v in fight.blockers.items()}
    return new


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("deathtouch-trample-skips-blocker", "damage",
        "https://github.com/magefree/mage/issues/290",
        _doc(lethal_damage_none_for_deathtouch),
        (combat, "lethal_damage", lethal_damage_none_for_deathtouch)),
    bug("blocker-damage-fixed-when-declared", "damage",
        "https://github.com/magefree/mage/pull/4939",
        _doc(declare_blockers_fixing_their_damage),
        (combat, "declare_blockers", declare_blockers_fixing_their_damage),
        (combat, "_deal", deal_blocker_damage_as_declared)),
    bug("first-strike-victims-deal-damage", "damage",
        "https://github.com/Card-Forge/forge/issues/8174",
        _doc(combat_damage_by_the_dead),
        (combat, "deal_combat_damage", combat_damage_by_the_dead),
        (combat, "_deal", deal_with_the_dead)),
    bug("gone-source-loses-its-keywords", "last-known-information",
        "https://github.com/Card-Forge/forge/issues/7487",
        _doc(source_chars_on_the_battlefield_only),
        (Game, "source_chars", source_chars_on_the_battlefield_only)),
    bug("dying-copy-seen-as-printed-card", "last-known-information",
        "https://github.com/magefree/mage/issues/7107",
        _doc(move_remembering_printed_card), (Game, "move", move_remembering_printed_card)),
    bug("untap-effect-ignores-stun-counter", "counters",
        "https://github.com/phase-rs/phase/issues/676",
        _doc(untap_ignoring_stun), (effects.EFFECTS, "untap", untap_ignoring_stun)),
    bug("earlier-chapters-trigger-again", "counters",
        "https://github.com/magefree/mage/issues/5393",
        _doc(chapters_up_to_the_count), (triggers.MATCHERS, "chapter", chapters_up_to_the_count)),
    bug("lore-counter-on-every-players-saga", "counters",
        "https://github.com/magefree/mage/issues/11154",
        _doc(lore_counters_on_every_saga), (turn, "_lore_counters", lore_counters_on_every_saga)),
    bug("tapped-kept-through-zone-change", "zones",
        "https://github.com/magefree/mage/issues/753",
        _doc(move_keeping_tapped), (GameState, "move", move_keeping_tapped)),
    bug("flickered-creature-not-summoning-sick", "zones",
        "https://github.com/wingedsheep/argentum-engine/pull/65",
        _doc(exile_and_return_keeping_summoning_status),
        (effects.EFFECTS, "exile_and_return", exile_and_return_keeping_summoning_status)),
    bug("flickered-attacker-stays-in-combat", "zones",
        "https://github.com/phase-rs/phase/issues/4223",
        _doc(move_keeping_combat), (GameState, "move", move_keeping_combat)),
]
