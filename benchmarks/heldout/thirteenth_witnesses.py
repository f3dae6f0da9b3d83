"""Witness games of the thirteenth batch of held-out bugs (see ``witnesses.py``): in each,
the bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, face_up, pass_priority, resolve,
    setup,
)

BOB = "player:bob"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Memnite", "Bear", "Ogre"]


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


def _play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


THIRTEENTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "target-you-control-offers-others-permanents": _w(
        {"alice": {"hand": ["Rescue as r"], "mana": "{U}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "r", "b"), resolve()),
    "any-target-leaves-out-players": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"}},
        cast("alice", "s", BOB), resolve()),
    # -- the stack and priority ----------------------------------------------------------------
    "may-asked-of-the-active-player": _w(
        {"alice": {"battlefield": [{"card": "Bear", "tapped": True}]},
         "bob": {"battlefield": ["Surrakar Banisher as sb"], "hand": ["Flicker as fl"],
                 "mana": "{W}"}},
        pass_priority("alice"), cast("bob", "fl", "sb"), resolve(), resolve()),
    "pass-taken-without-priority": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"}},
        cast("alice", "s", BOB), pass_priority("bob"), resolve()),
    "mana-emptied-as-priority-passes": _w(
        {"alice": {"hand": ["Shock as s1", "Shock as s2"], "mana": "{R}{R}"}},
        cast("alice", "s1", BOB), pass_priority("alice"), pass_priority("bob"),
        cast("alice", "s2", BOB), resolve()),
    # -- lands and timing ----------------------------------------------------------------------
    "land-played-from-another-players-hand": _w(
        {"alice": {}, "bob": {"hand": ["Forest as f"]}},
        _play_land("alice", "f")),
    "your-turn-permission-used-in-another-players-turn": _w(
        {"alice": {"battlefield": ["Gravecaller"], "graveyard": ["Ambush Viper as v"],
                   "mana": "{1}{G}"},
         "bob": {}},
        pass_priority("bob"), cast("alice", "v"), resolve(), active="bob"),
    # -- state-based actions -------------------------------------------------------------------
    "empty-library-loss-only-in-your-turn": _w(
        {"alice": {"hand": ["Inspiration as i"], "mana": "{3}{U}"}, "bob": {}},
        cast("alice", "i", BOB), resolve()),
    # -- combat --------------------------------------------------------------------------------
    "summoning-sick-creature-attacks": _w(
        {"alice": {"hand": ["Bear as b"], "mana": "{1}{G}"}},
        cast("alice", "b"), resolve(), attack("alice", "b"), block("bob"), advance(Step.END)),
    "blocked-creature-assigns-damage-to-the-player": _w(
        {"alice": {"battlefield": ["Ogre as a"]},
         "bob": {"battlefield": ["Squire as s1", "Squire as s2"]}},
        attack("alice", "a"), block("bob", ("s1", "a"), ("s2", "a")), advance(Step.END),
        answers=(("s1", "s2", BOB, BOB),)),
    # -- costs ---------------------------------------------------------------------------------
    "cost-increase-ignores-its-filter": _w(
        {"alice": {"battlefield": ["Thorn"], "hand": ["Bear as b"], "mana": "{1}{G}"}},
        cast("alice", "b"), resolve()),
    "ability-paid-from-the-active-players-pool": _w(
        {"alice": {}, "bob": {"battlefield": ["Day Wolf // Night Wolf as w"], "mana": "{1}"}},
        pass_priority("alice"), activate("bob", "w"), resolve()),
    "sacrifice-cost-left-unpaid": _w(
        {"alice": {"battlefield": ["Mogg Fanatic as m"]}},
        activate("alice", "m"), resolve(), answers=((BOB,),)),
    # -- drawing and the end of the game -------------------------------------------------------
    "drawing-the-last-card-loses": _w(
        {"alice": {"library": ["Bear"]}, "bob": {"library": LIBRARY}},
        advance(Step.DRAW), step=Step.UPKEEP),
    "draw-reported-as-the-active-players-win": _w(
        {"alice": {"hand": ["Scorch as s"], "mana": "{R}", "life": 2}, "bob": {"life": 2}},
        cast("alice", "s"), resolve()),
    # -- face-down and transformed permanents --------------------------------------------------
    "face-down-permanent-stays-two-two": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "fd", "face_down": True}],
                   "hand": ["Growth as g"], "mana": "{G}"}},
        cast("alice", "g", "fd"), resolve()),
    "turned-face-up-for-its-mana-cost": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "fd", "face_down": True}],
                   "mana": "{2}{G}"}},
        face_up("alice", "fd")),
    "transformed-keeps-front-face-subtypes": _w(
        {"alice": {"battlefield": ["Moon Sage // Moon Beast as ms"], "mana": "{1}"}},
        activate("alice", "ms"), resolve()),
    # -- copies and tokens ---------------------------------------------------------------------
    "copy-keeps-its-own-colors": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Clone as c"], "mana": "{3}{U}"}},
        cast("alice", "c"), resolve(), answers=(("b",),)),
    "token-created-without-its-subtypes": _w(
        {"alice": {"hand": ["Token Maker as tm"], "mana": "{W}"}},
        cast("alice", "tm"), resolve()),
    # -- Rooms ---------------------------------------------------------------------------------
    "unlock-effect-offers-locking": _w(
        {"alice": {"battlefield": [{"card": ROOM, "as": "room", "unlocked": ["left"]}],
                   "hand": ["Skeleton Key as k"], "mana": "{U}"}},
        cast("alice", "k", "room"), resolve()),
    # -- triggers ------------------------------------------------------------------------------
    "dies-trigger-for-any-players-creatures": _w(
        {"alice": {"battlefield": ["Mourner"], "hand": ["Shock as s"], "mana": "{R}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "s", "b"), resolve(), resolve()),
    "upkeep-trigger-as-the-draw-step-begins": _w(
        {"alice": {"battlefield": ["Upkeep Keeper"], "library": LIBRARY},
         "bob": {"library": LIBRARY}},
        advance(Step.UPKEEP), resolve(), advance(Step.DRAW), active="bob", step=Step.END),
    # -- continuous effects --------------------------------------------------------------------
    "toughness-change-read-from-the-power-change": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Spatial Contortion as sc"],
                   "mana": "{1}{C}"}},
        cast("alice", "sc", "b"), resolve()),
}
