"""Witness games of the seventeenth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, face_up, resolve, setup,
)

BOB = "player:bob"
ROOM = "Left Hall // Right Hall"
FACE_DOWN_CRAGHORN = {"card": "Battering Craghorn", "as": "c", "face_down": True}
MOUNTAINS = ["Mountain as m1", "Mountain as m2", "Mountain as m3"]


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


SEVENTEENTH_BATCH: dict[str, Witness] = {
    # -- targets and priority ------------------------------------------------------------------
    "ability-source-excluded-from-its-targets": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp"]}},
        activate("alice", "pp"), resolve(), answers=(("pp",),)),
    "trigger-controller-receives-priority": _w(
        {"alice": {}, "bob": {"battlefield": ["End Pinger"]}},
        advance(Step.END), resolve()),
    # -- timing and durations ------------------------------------------------------------------
    "flash-spell-refused-over-a-spell": _w(
        {"alice": {"hand": ["Shock as s", "Ambush Viper as v"], "mana": "{R}{1}{G}"}},
        cast("alice", "s", BOB), cast("alice", "v"), resolve(), resolve()),
    "pump-ends-before-damage-wears-off": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Growth as g", "Shock as s"],
                   "mana": "{G}{R}"}},
        cast("alice", "g", "b"), resolve(), cast("alice", "s", "b"), resolve(),
        advance(Step.UPKEEP)),
    # -- state-based actions -------------------------------------------------------------------
    "aura-on-another-players-permanent-put-away": _w(
        {"alice": {"hand": ["Might Aura as a"], "mana": "{W}"},
         "bob": {"battlefield": ["Bear as bb"]}},
        cast("alice", "a", "bb"), resolve()),
    # -- combat --------------------------------------------------------------------------------
    "noncreature-permanent-blocks": _w(
        {"alice": {"battlefield": ["Bear as b"]}, "bob": {"battlefield": ["Trinket as t"]}},
        attack("alice", "b"), block("bob", ("t", "b")), advance(Step.END)),
    "every-creature-strikes-in-the-first-strike-step": _w(
        {"alice": {"battlefield": ["First Striker as fs"]},
         "bob": {"battlefield": ["Bear as bb"]}},
        attack("alice", "fs"), block("bob", ("bb", "fs")), advance(Step.END)),
    "trample-excess-forced-onto-the-player": _w(
        {"alice": {"battlefield": ["Trampler as t"]}, "bob": {"battlefield": ["Bear as bb"]}},
        attack("alice", "t"), block("bob", ("bb", "t")), advance(Step.END),
        answers=(("bb", "bb", "bb", "bb"),)),
    # -- the turn's steps, lands, mana and costs -----------------------------------------------
    "cleanup-discard-not-chosen": _w(
        {"alice": {"hand": ["Bear"] * 7 + ["Shock as s"]}},
        advance(Step.UPKEEP), answers=(("s",),)),
    "land-card-cast-as-a-spell": _w(
        {"alice": {"hand": ["Forest as f"]}},
        cast("alice", "f"), resolve()),
    "unspent-mana-burns": _w(
        {"alice": {"battlefield": ["Mountain as m"]}},
        activate("alice", "m"), advance(Step.BEGINNING_OF_COMBAT)),
    "cost-increase-spares-its-controller": _w(
        {"alice": {"battlefield": ["Thorn"], "hand": ["Shock as s"], "mana": "{R}"}},
        cast("alice", "s", BOB), resolve()),
    # -- damage and counters -------------------------------------------------------------------
    "lifelink-gains-the-sources-power": _w(
        {"alice": {"battlefield": ["Leech as l"], "hand": ["Growth as g"], "mana": "{G}"},
         "bob": {"battlefield": ["Ogre as o"]}},
        cast("alice", "g", "l"), resolve(), activate("alice", "l"), resolve(),
        answers=(("o",),)),
    "stun-counter-never-removed": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "b", "tapped": True,
                                    "counters": {"stun": 1}}]},
         "bob": {}},
        advance(Step.UPKEEP), active="bob"),
    # -- tokens and copies ---------------------------------------------------------------------
    "flickered-token-returns": _w(
        {"alice": {"hand": ["Token Maker as tm", "Flicker as f"], "mana": "{W}{W}"}},
        cast("alice", "tm"), resolve(), cast("alice", "f", "token:Soldier Token"), resolve()),
    "cast-copy-held-to-sorcery-timing": _w(
        {"alice": {"hand": ["Scepter as sc", "Free Lesson"], "mana": "{4}"}},
        cast("alice", "sc"), resolve(), resolve(), activate("alice", "sc"), resolve(),
        resolve()),
    "copy-keeps-its-own-keywords": _w(
        {"alice": {"hand": ["Clone as cl"], "mana": "{3}{U}"},
         "bob": {"battlefield": ["Vampire Nighthawk as vn"]}},
        cast("alice", "cl"), resolve(), answers=(("vn",),)),
    # -- continuous effects --------------------------------------------------------------------
    "chosen-name-read-from-the-front-face": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "w",
                                    "transformed": True}],
                   "hand": ["Needle as n"], "mana": "{2}"}},
        cast("alice", "n"), resolve(), activate("alice", "w"), resolve(),
        answers=(("Night Wolf",),)),
    # -- triggers ------------------------------------------------------------------------------
    "doubled-trigger-shares-its-targets": _w(
        {"alice": {"battlefield": ["Doubler"], "hand": ["Surrakar Banisher as sb"],
                   "mana": "{4}{U}"},
         "bob": {"battlefield": [{"card": "Bear", "as": "bb", "tapped": True},
                                 {"card": "Ogre", "as": "o", "tapped": True}]}},
        cast("alice", "sb"), resolve(), resolve(), resolve(), answers=(("bb",), ("o",))),
    "face-down-creature-enters-unseen": _w(
        {"alice": {"battlefield": ["Watchful Shrine"], "hand": ["Battering Craghorn as c"],
                   "mana": "{3}"}},
        cast("alice", "c", face_down=True), resolve(), resolve()),
    "ability-activation-triggers-cast-abilities": _w(
        {"alice": {"battlefield": ["Cast Watcher", "Prodigal Pyromancer as pp"]}},
        activate("alice", "pp"), resolve(), resolve(), answers=((BOB,),)),
    # -- transform, Rooms and face-down permanents ---------------------------------------------
    "transform-seen-as-entering": _w(
        {"alice": {"battlefield": ["Greeter", "Day Wolf // Night Wolf as w"], "mana": "{1}"}},
        activate("alice", "w"), resolve(), resolve()),
    "room-spell-has-both-halves-on-the-stack": _w(
        {"alice": {"hand": [{"card": ROOM, "as": "room"}], "mana": "{1}{W}"}},
        cast("alice", "room", door="left"), resolve(), resolve()),
    "tapped-face-down-permanent-cannot-turn-face-up": _w(
        {"alice": {"battlefield": [FACE_DOWN_CRAGHORN, *MOUNTAINS]}},
        attack("alice", "c"), activate("alice", "m1"), activate("alice", "m2"),
        activate("alice", "m3"), face_up("alice", "c"), advance(Step.END)),
}
