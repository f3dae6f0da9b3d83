"""Held-out bugs, second batch: state-based actions (CR 704.5a, 704.5f), the end of the
game (CR 104.4a) and "dies" triggers, which look back at the permanent as it last existed
(CR 603.10a, 700.4)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import Event
from conformance.engines.reference import triggers, turn
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.game import Game
from conformance.engines.reference.state import GameObject
from conformance.format.vocabulary import Zone

from . import HeldOut, bug

_DIES = triggers.MATCHERS["dies"]


def _state_based_actions(*, zero_toughness: bool = True, one_loser: bool = False) -> Any:
    def state_based_actions(game: Game) -> bool:
        state = game.state
        doomed = []
        for obj in list(state.permanents()):
            chars = game.chars(obj)
            toughness = chars.toughness
            if "Creature" in chars.types and toughness is not None and (
                    (zero_toughness and toughness <= 0) or 0 < toughness <= obj.damage):
                doomed.append(obj)
            elif "Aura" in chars.subtypes and (
                    obj.attached_to is None or obj.attached_to not in state.battlefield):
                doomed.append(obj)
            elif turn._saga_is_done(game, obj):
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
        if one_loser:
            losers = losers[:1]
        for player in losers:
            player.lost = True
            game.events.append(Event("player_lost", {"player": player.name}))
        with game.simultaneously():
            for obj in doomed:
                game.move(obj, Zone.GRAVEYARD)
        return bool(doomed) or bool(losers) or annihilated
    return state_based_actions


_ZERO_TOUGHNESS = _state_based_actions(zero_toughness=False)
_ZERO_TOUGHNESS.__doc__ = ("A creature with toughness 0 or less is put into its owner's "
                           "graveyard only if it has damage marked on it: a -X/-X effect "
                           "alone leaves it on the battlefield (CR 704.5f).")
_ONE_LOSER = _state_based_actions(one_loser=True)
_ONE_LOSER.__doc__ = ("Players at 0 or less life lose one at a time: when both reach 0 at "
                      "once, the first checked loses and the other wins, instead of the "
                      "game being a draw (CR 704.5a, 104.4a).")


def dies_ignoring_tokens(game: Game, obj: GameObject, params: Any, event: Event,
                         ability: Ability) -> bool:
    """"Whenever a creature dies" doesn't see tokens die: a token that leaves the
    battlefield is not looked back at (CR 111.7, 603.10a)."""
    known = game.departed.get(str(event.data.get("object")))
    if event.kind == "zone_changed" and known is not None and known[0].token:
        return False
    return bool(_DIES(game, obj, params, event, ability))


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_LEAVES = triggers._leaves(None)
_LEAVES.__doc__ = ("\"When this creature dies\" triggers whenever it leaves the battlefield, "
                   "also when it is exiled or returned to a hand (CR 700.4: dies means put "
                   "into a graveyard from the battlefield).")

BUGS: list[HeldOut] = [
    bug("zero-toughness-survives", "state-based-actions",
        "https://github.com/magarena/magarena/issues/986",
        _doc(_ZERO_TOUGHNESS), (turn, "state_based_actions", _ZERO_TOUGHNESS)),
    bug("simultaneous-loss-not-draw", "game-over", "https://github.com/phase-rs/phase/issues/1763",
        _doc(_ONE_LOSER), (turn, "state_based_actions", _ONE_LOSER)),
    bug("token-deaths-unseen", "dies-triggers", "https://github.com/magefree/mage/issues/4287",
        _doc(dies_ignoring_tokens), (triggers.MATCHERS, "dies", dies_ignoring_tokens)),
    bug("dies-on-any-zone-change", "dies-triggers",
        "https://github.com/magefree/mage/issues/3772",
        _doc(_LEAVES), (triggers.MATCHERS, "dies", _LEAVES)),
]
