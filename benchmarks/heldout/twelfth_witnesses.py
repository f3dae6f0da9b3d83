"""Witness games of the twelfth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.format.vocabulary import Step, Zone

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, move, pass_priority, resolve,
    setup, unlock,
)

BOB = "player:bob"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Memnite", "Bear", "Ogre"]


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


TWELFTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "any-target-offers-noncreature-permanents": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"},
         "bob": {"battlefield": ["Trinket as t"]}},
        cast("alice", "s", "t"), resolve()),
    "one-target-more-than-allowed": _w(
        {"alice": {"hand": ["Wither as w"], "mana": "{B}"},
         "bob": {"battlefield": ["Squire as s1", "Squire as s2", "Squire as s3"]}},
        cast("alice", "w", "s1", "s2", "s3"), resolve()),
    "trigger-targets-chosen-by-the-active-player": _w(
        {"alice": {"battlefield": [{"card": "Bear", "tapped": True}]},
         "bob": {"battlefield": ["Surrakar Banisher as sb"], "hand": ["Flicker as fl"],
                 "mana": "{W}"}},
        pass_priority("alice"), cast("bob", "fl", "sb"), resolve(), resolve()),
    # -- the stack and priority ----------------------------------------------------------------
    "passes-kept-after-resolution": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"}},
        cast("alice", "s", BOB), pass_priority("alice"), pass_priority("bob"),
        pass_priority("alice")),
    # -- combat --------------------------------------------------------------------------------
    "tapped-creature-attacks": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "a", "tapped": True}]}},
        attack("alice", "a"), block("bob"), advance(Step.END)),
    "flyer-blocks-only-flyers": _w(
        {"alice": {"battlefield": ["Bear as a"]}, "bob": {"battlefield": ["Flyer as f"]}},
        attack("alice", "a"), block("bob", ("f", "a")), advance(Step.END)),
    # -- state-based actions -------------------------------------------------------------------
    "legend-rule-discards-the-one-kept": _w(
        {"alice": {"battlefield": [{"card": "Legend", "counters": {"+1/+1": 1}}],
                   "hand": ["Legend as l"], "mana": "{2}{W}"}},
        cast("alice", "l"), resolve()),
    # -- costs and mana abilities --------------------------------------------------------------
    "first-creature-spell-discount-used-by-any-spell": _w(
        {"alice": {"battlefield": ["First Discount"],
                   "hand": ["Free Lesson as fl", "Bear as b"], "mana": "{G}"}},
        cast("alice", "fl"), resolve(), cast("alice", "b"), resolve()),
    "convoke-taps-a-tapped-creature": _w(
        {"alice": {"battlefield": [{"card": "Squire", "as": "s", "tapped": True}],
                   "hand": ["Rally as r"], "mana": "{W}"}},
        cast("alice", "r"), resolve(), answers=(("s",),)),
    "mana-ability-without-priority": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"},
         "bob": {"battlefield": ["Forest as f"]}},
        cast("alice", "s", BOB), activate("bob", "f"), resolve()),
    "hybrid-paid-with-any-mana": _w(
        {"alice": {"hand": ["Boros Recruit as br"], "mana": "{G}"}},
        cast("alice", "br"), resolve()),
    # -- drawing and the cleanup step ----------------------------------------------------------
    "cleanup-discard-exiled": _w(
        {"alice": {"hand": ["Bear", "Bear", "Ogre", "Ogre", "Squire", "Squire", "Memnite",
                            "Trinket"], "library": LIBRARY},
         "bob": {"library": LIBRARY}},
        advance(Step.UPKEEP), step=Step.END),
    "card-drawn-by-the-non-active-player": _w(
        {"alice": {"library": LIBRARY}, "bob": {"library": LIBRARY}},
        advance(Step.DRAW), step=Step.UPKEEP),
    # -- the end of the game -------------------------------------------------------------------
    "game-goes-on-with-one-player-left": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"}, "bob": {"life": 2}},
        cast("alice", "s", BOB), resolve()),
    # -- transform and face-down permanents ----------------------------------------------------
    "transformed-power-from-the-front-face": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as wolf"], "mana": "{1}"}},
        activate("alice", "wolf"), resolve()),
    "face-down-keeps-its-keywords": _w(
        {"alice": {"hand": ["Battering Craghorn as bc"], "mana": "{3}"}},
        cast("alice", "bc", face_down=True), resolve()),
    # -- triggers ------------------------------------------------------------------------------
    "enters-trigger-only-from-the-stack": _w(
        {"alice": {"battlefield": ["Shapeshifter as ss"], "hand": ["Flicker as fl"],
                   "mana": "{W}"}},
        cast("alice", "fl", "ss"), resolve(), resolve()),
    "enters-trigger-limited-to-your-permanents": _w(
        {"alice": {"battlefield": ["Watchful Shrine"], "hand": ["Flicker as fl"],
                   "mana": "{W}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "fl", "b"), resolve(), resolve()),
    "trigger-dropped-when-its-source-is-gone": _w(
        {"alice": {"battlefield": ["Self Mourner as sm"]}}, move("sm", Zone.GRAVEYARD),
        resolve()),
    # -- copies and tokens ---------------------------------------------------------------------
    "copy-offered-itself": _w(
        {"alice": {"hand": ["Clone as c"], "mana": "{3}{U}"}},
        cast("alice", "c"), resolve()),
    "copy-exception-replaces-subtypes": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Spirit Mirror as sm"],
                   "mana": "{U}"}},
        cast("alice", "sm", "b"), resolve()),
    "token-copy-created-for-the-active-player": _w(
        {"alice": {}, "bob": {"battlefield": ["Bear as b"], "hand": ["Mirror as m"], "mana": "{U}"}},
        pass_priority("alice"), cast("bob", "m", "b"), resolve()),
    # -- Rooms ---------------------------------------------------------------------------------
    "door-unlocked-outside-a-main-phase": _w(
        {"alice": {"battlefield": [{"card": ROOM, "as": "room"}, "Plains as p1",
                                   "Plains as p2"]}},
        advance(Step.BEGINNING_OF_COMBAT), activate("alice", "p1"), activate("alice", "p2"),
        unlock("alice", "room", "left")),
    # -- durations -----------------------------------------------------------------------------
    "until-end-of-turn-ends-on-the-active-players-permanents": _w(
        {"alice": {"hand": ["Growth as g"], "mana": "{G}", "library": LIBRARY},
         "bob": {"battlefield": ["Bear as b"], "library": LIBRARY}},
        cast("alice", "g", "b"), resolve(), advance(Step.UPKEEP)),
}
