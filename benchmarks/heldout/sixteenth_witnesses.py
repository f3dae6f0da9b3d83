"""Witness games of the sixteenth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, face_up, pass_priority, resolve,
    setup,
)

BOB = "player:bob"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Bear", "Bear", "Bear"]
FACE_DOWN_CRAGHORN = {"card": "Battering Craghorn", "as": "c", "face_down": True}


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


def _play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


SIXTEENTH_BATCH: dict[str, Witness] = {
    # -- targets and the stack -----------------------------------------------------------------
    "permanent-spell-offered-as-a-target-permanent": _w(
        {"alice": {"hand": ["Bear as b", "Rescue as r"], "mana": "{1}{G}{U}"}},
        cast("alice", "b"), cast("alice", "r", "b"), resolve(), resolve()),
    "resolving-spell-loses-its-x": _w(
        {"alice": {"hand": ["Fireball as fb"], "mana": "{2}{R}"}},
        cast("alice", "fb", BOB, x=2), resolve()),
    # -- timing and durations ------------------------------------------------------------------
    "instant-cast-from-exile-at-sorcery-speed": _w(
        {"alice": {"battlefield": ["Mountain as mtn"], "hand": ["Impulse as imp"],
                   "library": ["Shock as s", "Bear", "Bear"], "mana": "{R}"}},
        cast("alice", "imp"), resolve(), advance(Step.END), activate("alice", "mtn"),
        cast("alice", "s", BOB), resolve()),
    "until-end-of-turn-ends-as-combat-ends": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Growth as g"], "mana": "{G}"}},
        cast("alice", "g", "b"), resolve(), advance(Step.POSTCOMBAT_MAIN)),
    # -- state-based actions -------------------------------------------------------------------
    "legend-rule-losers-leave-unseen": _w(
        {"alice": {"battlefield": ["Legend", "Mourner"], "hand": ["Legend as l2"],
                   "mana": "{2}{W}"}},
        cast("alice", "l2"), resolve(), resolve()),
    # -- combat and the turn's steps -----------------------------------------------------------
    "blockers-become-tapped": _w(
        {"alice": {"battlefield": ["Bear as b"]}, "bob": {"battlefield": ["Blocker Wall as w"]}},
        attack("alice", "b"), block("bob", ("w", "b")), advance(Step.END)),
    "attacker-deals-its-power-to-each-blocker": _w(
        {"alice": {"battlefield": ["Ogre as o"]},
         "bob": {"battlefield": ["Bear as bb", "Squire as sq"]}},
        attack("alice", "o"), block("bob", ("bb", "o"), ("sq", "o")), advance(Step.END)),
    "summoning-sickness-ends-for-the-previous-player": _w(
        {"alice": {}, "bob": {"hand": ["Ambush Viper as v"], "mana": "{1}{G}",
                              "library": LIBRARY}},
        pass_priority("alice"), cast("bob", "v"), resolve(), advance(Step.UPKEEP),
        attack("bob", "v"), advance(Step.END)),
    # -- costs and mana ------------------------------------------------------------------------
    "cost-increase-only-from-the-hand": _w(
        {"alice": {"battlefield": ["Thorn", "Gravecaller"], "graveyard": ["Trinket as t"],
                   "mana": "{1}"}},
        cast("alice", "t"), resolve()),
    "convoke-refuses-summoning-sick-creatures": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "b", "summoning_sick": True}],
                   "hand": ["Rally as r"], "mana": "{W}"}},
        cast("alice", "r"), resolve(), answers=(("b",),)),
    "mana-left-over-lost-on-payment": _w(
        {"alice": {"hand": ["Shock as s1", "Shock as s2"], "mana": "{R}{R}"}},
        cast("alice", "s1", BOB), cast("alice", "s2", BOB), resolve(), resolve()),
    # -- lands ---------------------------------------------------------------------------------
    "exiled-land-cannot-be-played": _w(
        {"alice": {"hand": ["Impulse as imp"], "library": ["Forest as f", "Bear", "Bear"],
                   "mana": "{R}"}},
        cast("alice", "imp"), resolve(), _play_land("alice", "f")),
    # -- the end of the game and drawing -------------------------------------------------------
    "empty-library-loses-without-a-draw": _w(
        {"alice": {"hand": ["Free Lesson as fl"]}, "bob": {"library": LIBRARY}},
        cast("alice", "fl"), resolve()),
    "short-library-draw-draws-nothing": _w(
        {"alice": {"hand": ["Divination as d"], "library": ["Bear"], "mana": "{2}{U}"},
         "bob": {"library": LIBRARY}},
        cast("alice", "d"), resolve()),
    # -- triggers ------------------------------------------------------------------------------
    "summoning-sick-creatures-step-triggers-skipped": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "summoning_sick": True}]}},
        advance(Step.END), resolve()),
    # -- Rooms ---------------------------------------------------------------------------------
    "room-enters-with-its-first-door-unlocked": _w(
        {"alice": {"hand": [{"card": ROOM, "as": "room"}], "mana": "{3}{W}"}},
        cast("alice", "room", door="right"), resolve(), resolve()),
    # -- face-down permanents ------------------------------------------------------------------
    "damage-removed-when-turned-face-up": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp", FACE_DOWN_CRAGHORN],
                   "mana": "{1}{R}{R}"}},
        activate("alice", "pp"), resolve(), face_up("alice", "c"), advance(Step.END),
        answers=(("c",),)),
    # -- transform -----------------------------------------------------------------------------
    "transformed-attacker-removed-from-combat": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as w", "Mountain as mtn"]}},
        attack("alice", "w"), activate("alice", "mtn"), activate("alice", "w"), resolve(),
        advance(Step.END)),
    # -- continuous effects and counters -------------------------------------------------------
    "anthem-locked-to-creatures-already-there": _w(
        {"alice": {"battlefield": ["Glorious Anthem"], "hand": ["Bear as b"], "mana": "{1}{G}"}},
        cast("alice", "b"), resolve()),
    "plus-counters-raise-power-only": _w(
        {"alice": {"battlefield": ["Ainok Bond-Kin as a"], "mana": "{1}{W}"}},
        activate("alice", "a"), resolve()),
    # -- copies and tokens ---------------------------------------------------------------------
    "copy-keeps-its-own-supertypes": _w(
        {"alice": {"battlefield": ["Legend as lg"], "hand": ["Clone as cl"], "mana": "{3}{U}"}},
        cast("alice", "cl"), resolve(), answers=(("lg",),)),
    "token-copy-takes-the-originals-choices": _w(
        {"alice": {"hand": ["Needle as n", "Mirror as m"], "mana": "{1}{U}"},
         "bob": {"battlefield": ["Prodigal Pyromancer"]}},
        cast("alice", "n"), resolve(), cast("alice", "m", "n"), resolve(),
        answers=(("Prodigal Pyromancer",),)),
    # -- replacement effects -------------------------------------------------------------------
    "as-enters-replacements-only-for-spells": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Clone as cl", "Flicker as f"],
                   "mana": "{3}{U}{W}"}},
        cast("alice", "cl"), resolve(), cast("alice", "f", "cl"), resolve(),
        answers=(("b",), ("b",))),
    # -- damage --------------------------------------------------------------------------------
    "deathtouch-read-from-the-creature-dealt-damage": _w(
        {"alice": {"battlefield": ["Deadly Pinger as dp"]},
         "bob": {"battlefield": ["Ogre as o"]}},
        activate("alice", "dp"), resolve(), answers=(("o",),)),
}
