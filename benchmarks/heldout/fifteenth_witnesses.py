"""Witness games of the fifteenth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import Cast, PlayLand
from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, cast, face_up, pass_priority, resolve, setup,
    unlock,
)

BOB = "player:bob"
ALICE = "player:alice"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Bear", "Bear", "Bear"]
FACE_DOWN_CRAGHORN = {"card": "Battering Craghorn", "as": "c", "face_down": True}


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


def _play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


def _cast_at_top_of_stack(player: str, card: str) -> Step_:
    """Cast ``card`` targeting what is on top of the stack (a spell or an ability)."""
    return lambda t: Cast(player, t.ids[card], targets=(t.engine.game().stack[0].id,))


FIFTEENTH_BATCH: dict[str, Witness] = {
    # -- targets and the stack -----------------------------------------------------------------
    "target-spell-offers-abilities": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp"], "hand": ["Twincast as tw"],
                   "mana": "{U}"}},
        activate("alice", "pp"), _cast_at_top_of_stack("alice", "tw"), resolve(), resolve(),
        answers=((BOB,),)),
    "triggered-ability-put-under-the-stack": _w(
        {"alice": {"battlefield": ["Cast Watcher", "Bear as b"], "hand": ["Growth as g"],
                   "mana": "{G}"}},
        cast("alice", "g", "b"), resolve(), resolve()),
    # -- timing and durations ------------------------------------------------------------------
    "graveyard-cast-ignores-timing": _w(
        {"alice": {"battlefield": ["Gravecaller"], "graveyard": ["Bear as b"],
                   "mana": "{1}{G}"}},
        cast("alice", "b"), resolve(), step=Step.BEGINNING_OF_COMBAT),
    "play-permission-ends-as-the-end-step-begins": _w(
        {"alice": {"battlefield": ["Mountain as mtn"], "hand": ["Impulse as imp"],
                   "library": ["Shock as s", "Bear", "Bear"], "mana": "{R}"},
         "bob": {"library": LIBRARY}},
        cast("alice", "imp"), resolve(), advance(Step.UPKEEP), advance(Step.UPKEEP),
        advance(Step.END), activate("alice", "mtn"), cast("alice", "s", BOB), resolve()),
    # -- state-based actions -------------------------------------------------------------------
    "state-based-actions-skipped-after-a-special-action": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp", FACE_DOWN_CRAGHORN],
                   "mana": "{1}{R}{R}"}},
        activate("alice", "pp"), resolve(), face_up("alice", "c"), advance(Step.END),
        answers=(("c",),)),
    # -- combat and the turn's steps -----------------------------------------------------------
    "attackers-declared-by-the-non-active-player": _w(
        {"alice": {}, "bob": {"battlefield": ["Bear as b"]}},
        attack("bob", "b"), advance(Step.END)),
    "noncreature-permanent-attacks": _w(
        {"alice": {"battlefield": ["Trinket as t"]}},
        attack("alice", "t"), advance(Step.END)),
    "regular-combat-damage-step-skipped-after-first-strike": _w(
        {"alice": {"battlefield": ["First Striker as fs", "Bear as b"]}},
        attack("alice", "fs", "b"), advance(Step.END)),
    # -- costs and mana ------------------------------------------------------------------------
    "convoke-taps-another-players-creature": _w(
        {"alice": {"hand": ["Rally as r"], "mana": "{W}"}, "bob": {"battlefield": ["Bear"]}},
        cast("alice", "r"), resolve()),
    "hybrid-symbol-colored-by-its-first-half": _w(
        {"alice": {"battlefield": ["Boros Recruit"]}}, advance(Step.END)),
    # -- lands and zones -----------------------------------------------------------------------
    "nonland-card-played-as-a-land": _w(
        {"alice": {"hand": ["Bear as b"]}}, _play_land("alice", "b")),
    "graveyard-permission-reaches-another-players-graveyard": _w(
        {"alice": {"battlefield": ["Gravecaller"], "mana": "{1}{G}"},
         "bob": {"graveyard": ["Bear as b"]}},
        cast("alice", "b"), resolve()),
    "library-not-shuffled-after-a-search": _w(
        {"alice": {"hand": ["Land Grant as lg", "Divination as d"],
                   "library": ["Forest", "Bear", "Squire", "Memnite", "Ogre", "Trinket",
                               "Reacher", "Flyer"],
                   "mana": "{G}{U}{U}{U}"}},
        cast("alice", "lg"), resolve(), cast("alice", "d"), resolve()),
    # -- the end of the game -------------------------------------------------------------------
    "loss-waits-for-an-empty-stack": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Growth as g", "Shock as s"],
                   "mana": "{G}{R}"},
         "bob": {"life": 2}},
        cast("alice", "g", "b"), cast("alice", "s", BOB), resolve(), resolve()),
    # -- triggers ------------------------------------------------------------------------------
    "landfall-only-for-lands-played": _w(
        {"alice": {"battlefield": ["Landfall Totem"], "hand": ["Land Grant as lg"],
                   "library": ["Forest", "Bear"], "mana": "{G}"}},
        cast("alice", "lg"), resolve(), resolve()),
    "cast-trigger-only-for-spells-from-the-hand": _w(
        {"alice": {"battlefield": ["Cast Watcher", "Gravecaller"], "graveyard": ["Bear as b"],
                   "mana": "{1}{G}"}},
        cast("alice", "b"), resolve(), resolve()),
    # -- Rooms ---------------------------------------------------------------------------------
    "door-unlock-cost-reduced-as-a-spell": _w(
        {"alice": {"battlefield": ["Discount", {"card": ROOM, "as": "room"}], "mana": "{W}"}},
        unlock("alice", "room", "left"), resolve()),
    # -- face-down permanents ------------------------------------------------------------------
    "face-down-permanent-turned-up-by-another-player": _w(
        {"alice": {"battlefield": [FACE_DOWN_CRAGHORN]}, "bob": {"mana": "{1}{R}{R}"}},
        pass_priority("alice"), face_up("bob", "c")),
    "card-without-morph-cast-face-down": _w(
        {"alice": {"hand": ["Ogre as o"], "mana": "{3}"}},
        cast("alice", "o", face_down=True), resolve()),
    # -- transform -----------------------------------------------------------------------------
    "transformed-permanent-summoning-sick": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as w"], "mana": "{1}"}},
        activate("alice", "w"), resolve(), attack("alice", "w"), advance(Step.END)),
    "color-indicator-left-out-of-colors": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "transformed": True}]}},
        advance(Step.END)),
    # -- continuous effects --------------------------------------------------------------------
    "chosen-name-stops-only-its-controllers-sources": _w(
        {"alice": {"hand": ["Needle as n"], "mana": "{1}"},
         "bob": {"battlefield": ["Prodigal Pyromancer as pp"]}},
        cast("alice", "n"), resolve(), pass_priority("alice"), activate("bob", "pp"),
        resolve(), answers=(("Prodigal Pyromancer",), (ALICE,))),
    # -- copies and tokens ---------------------------------------------------------------------
    "copy-choice-limited-to-your-creatures": _w(
        {"alice": {"hand": ["Clone as cl"], "mana": "{3}{U}"}, "bob": {"battlefield": ["Ogre"]}},
        cast("alice", "cl"), resolve()),
    "token-copy-of-a-face-down-permanent-face-down": _w(
        {"alice": {"battlefield": [FACE_DOWN_CRAGHORN], "hand": ["Mirror as m"],
                   "mana": "{U}"}},
        cast("alice", "m", "c"), resolve()),
}
