"""Witness games of the nineteenth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, face_up, pass_priority, resolve,
    setup,
)

BOB = "player:bob"
ROOM = "Left Hall // Right Hall"
FACE_DOWN_CRAGHORN = {"card": "Battering Craghorn", "as": "c", "face_down": True}


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


NINETEENTH_BATCH: dict[str, Witness] = {
    # -- targets and the stack -----------------------------------------------------------------
    "trigger-targets-chosen-on-resolution": _w(
        {"alice": {"hand": ["Surrakar Banisher as sb"], "mana": "{4}{U}"},
         "bob": {"battlefield": [{"card": "Bear", "as": "bb", "tapped": True}]}},
        cast("alice", "sb"), resolve(), resolve()),
    "turning-face-up-uses-the-stack": _w(
        {"alice": {"battlefield": [FACE_DOWN_CRAGHORN], "mana": "{1}{R}{R}"}},
        face_up("alice", "c"), resolve()),
    # -- timing, costs, convoke and mana abilities ---------------------------------------------
    "face-down-spell-cast-at-instant-speed": _w(
        {"alice": {"hand": ["Battering Craghorn as c"], "mana": "{3}"}, "bob": {}},
        pass_priority("bob"), cast("alice", "c", face_down=True), resolve(), active="bob"),
    "first-creature-discount-sees-the-spell-itself": _w(
        {"alice": {"battlefield": ["First Discount"], "hand": ["Bear as b"], "mana": "{G}"}},
        cast("alice", "b"), resolve()),
    "convoke-spell-refused-with-an-empty-pool": _w(
        {"alice": {"battlefield": ["Squire as sq"], "hand": ["Small Rally as r"]}},
        cast("alice", "r"), resolve(), answers=(("sq",),)),
    "tapped-permanents-abilities-refused": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "w",
                                    "tapped": True}], "mana": "{1}"}},
        activate("alice", "w"), resolve()),
    "mana-ability-refused-in-another-players-turn": _w(
        {"alice": {"battlefield": ["Forest as f", "Bear as b"], "hand": ["Growth as g"]},
         "bob": {}},
        pass_priority("bob"), activate("alice", "f"), cast("alice", "g", "b"), resolve(),
        active="bob"),
    # -- zones ---------------------------------------------------------------------------------
    "library-search-must-find-a-card": _w(
        {"alice": {"hand": ["Land Grant as lg"], "library": ["Forest", "Bear"],
                   "mana": "{G}"}},
        cast("alice", "lg"), resolve(), answers=((),)),
    "discard-chosen-by-the-caster": _w(
        {"alice": {"hand": ["Mind Rot as mr"], "mana": "{2}{B}"},
         "bob": {"hand": ["Bear", "Shock", "Forest"]}},
        cast("alice", "mr", BOB), resolve()),
    # -- combat, the turn's steps and the end of the game --------------------------------------
    "another-players-creature-declared-as-an-attacker": _w(
        {"alice": {}, "bob": {"battlefield": ["Bear as bb"]}},
        attack("alice", "bb"), advance(Step.END)),
    "no-maximum-hand-size-for-every-player": _w(
        {"alice": {"hand": ["Bear"] * 8}, "bob": {"battlefield": ["Reliquary Tower"]}},
        advance(Step.UPKEEP), step=Step.END),
    "life-total-floored-at-zero": _w(
        {"alice": {"life": 1, "battlefield": ["Lifelinker as ll"]},
         "bob": {"battlefield": ["Ogre as o", "Bear as b"]}},
        attack("bob", "o", "b"), block("alice", ("ll", "b")), advance(Step.END),
        active="bob"),
    # -- damage and mana value -----------------------------------------------------------------
    "marked-damage-lowers-toughness": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"},
         "bob": {"battlefield": ["Ogre as o"]}},
        cast("alice", "s", "o"), resolve()),
    "colorless-symbol-left-out-of-mana-value": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Spatial Contortion as sc"],
                   "mana": "{1}{C}"}},
        cast("alice", "sc", "b"), resolve()),
    # -- triggers ------------------------------------------------------------------------------
    "two-doublers-add-one-instance": _w(
        {"alice": {"battlefield": ["Doubler", "Doubler", "Greeter"], "hand": ["Bear as b"],
                   "mana": "{1}{G}"}},
        cast("alice", "b"), resolve(), resolve(), resolve(), resolve()),
    "delayed-trigger-dropped-with-its-source": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Fleeting Mirror as fm"],
                   "mana": "{U}"}},
        cast("alice", "fm", "b"), resolve(), advance(Step.END), resolve()),
    "creature-attacks-trigger-once-per-combat": _w(
        {"alice": {"battlefield": ["Hellrider as h", "Bear as b", "Squire as s"]}},
        attack("alice", "h", "b", "s"), resolve(), resolve(), resolve(), advance(Step.END)),
    "your-end-step-trigger-at-every-end-step": _w(
        {"alice": {"battlefield": ["Shapeshifter"]}, "bob": {}},
        advance(Step.END), resolve(), active="bob"),
    "trigger-order-chosen-by-the-active-player": _w(
        {"alice": {},
         "bob": {"battlefield": ["Watchful Shrine", "Greeter"],
                 "hand": ["Ambush Viper as v"], "mana": "{1}{G}"}},
        pass_priority("alice"), cast("bob", "v"), resolve(), resolve(), resolve()),
    # -- linked abilities and copies -----------------------------------------------------------
    "linked-exile-found-by-name": _w(
        {"alice": {"battlefield": ["Scepter as sa"], "hand": ["Scepter as sb", "Bear as b"],
                   "mana": "{4}"}},
        cast("alice", "sb"), resolve(), resolve(), activate("alice", "sa"), resolve(),
        resolve(), answers=(("b",),)),
    "copy-takes-keywords-gained-from-effects": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Mighty Leap as ml", "Clone as cl"],
                   "mana": "{4}{W}{U}"}},
        cast("alice", "ml", "b"), resolve(), cast("alice", "cl"), resolve(),
        answers=(("b",),)),
    # -- Rooms, transform and continuous effects -----------------------------------------------
    "room-door-abilities-repeated-per-unlocked-door": _w(
        {"alice": {"battlefield": [{"card": ROOM, "as": "room",
                                    "unlocked": ["left", "right"]}]}},
        advance(Step.END), resolve(), resolve()),
    "transform-ends-until-end-of-turn-effects": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as w"], "hand": ["Growth as g"],
                   "mana": "{1}{G}"}},
        cast("alice", "g", "w"), resolve(), activate("alice", "w"), resolve()),
    "chosen-name-read-from-the-printed-card": _w(
        {"alice": {"hand": ["Needle as n", "Clone as cl"], "mana": "{5}{U}"},
         "bob": {"battlefield": ["Day Wolf // Night Wolf as dw"]}},
        cast("alice", "n"), resolve(), cast("alice", "cl"), resolve(),
        activate("alice", "cl"), resolve(), answers=(("Day Wolf",), ("dw",))),
}
