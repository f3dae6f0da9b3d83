"""Witness games of the eleventh batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, pass_priority, resolve, setup,
    unlock,
)

BOB = "player:bob"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Memnite", "Bear", "Ogre"]


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def _play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


ELEVENTH_BATCH: dict[str, Witness] = {
    # -- targets, the stack and priority -------------------------------------------------------
    "exactly-enough-targets-refused": _w(
        {"alice": {"hand": ["Twin Ping as tp"], "mana": "{R}"},
         "bob": {"battlefield": ["Bear as b1", "Bear as b2"]}},
        cast("alice", "tp", "b1", "b2"), resolve()),
    "resolved-spell-put-into-exile": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"}},
        cast("alice", "s", BOB), resolve()),
    "one-pass-too-many-to-resolve": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"}},
        cast("alice", "s", BOB), pass_priority("alice"), pass_priority("bob"),
        pass_priority("alice")),
    # -- timing and lands ----------------------------------------------------------------------
    "land-play-in-the-first-main-phase-only": _w(
        {"alice": {"hand": ["Forest as f"]}},
        advance(Step.POSTCOMBAT_MAIN), _play_land("alice", "f")),
    "tap-abilities-only-as-a-sorcery": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp"], "hand": ["Shock as s"],
                   "mana": "{R}"}},
        cast("alice", "s", BOB), activate("alice", "pp"), resolve(), resolve(),
        answers=((BOB,),)),
    # -- the end of the game -------------------------------------------------------------------
    "non-active-player-at-zero-life-stays": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"}, "bob": {"life": 2}},
        cast("alice", "s", BOB), resolve()),
    # -- combat and damage ---------------------------------------------------------------------
    "trample-over-after-one-lethal-blocker": _w(
        {"alice": {"battlefield": ["Trampler as t"]},
         "bob": {"battlefield": ["Bear as b1", "Bear as b2"]}},
        attack("alice", "t"), block("bob", ("b1", "t"), ("b2", "t")), advance(Step.END),
        answers=(("b1", "b1", BOB, BOB),)),
    "flying-read-from-the-printed-card": _w(
        {"alice": {"battlefield": ["Bear as a"], "hand": ["Mighty Leap as ml"],
                   "mana": "{1}{W}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "ml", "a"), resolve(), attack("alice", "a"), block("bob", ("b", "a")),
        advance(Step.END)),
    "each-player-read-as-each-opponent": _w(
        {"alice": {"hand": ["Scorch as s"], "mana": "{R}"}},
        cast("alice", "s"), resolve()),
    # -- costs and mana abilities --------------------------------------------------------------
    "tap-cost-paid-by-a-tapped-permanent": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp"]}},
        activate("alice", "pp"), resolve(), activate("alice", "pp"), resolve(),
        answers=((BOB,), (BOB,))),
    "spell-cost-reduction-applied-to-abilities": _w(
        {"alice": {"battlefield": ["Discount", "Day Wolf // Night Wolf as wolf"]}},
        activate("alice", "wolf"), resolve()),
    "mana-abilities-never-prevented": _w(
        {"alice": {"battlefield": ["Forest as f"], "hand": ["Needle as n"], "mana": "{1}"}},
        cast("alice", "n"), resolve(), activate("alice", "f"), answers=(("Forest",),)),
    # -- drawing -------------------------------------------------------------------------------
    "card-drawn-in-the-upkeep": _w(
        {"alice": {"library": LIBRARY}, "bob": {"library": LIBRARY}},
        advance(Step.UPKEEP)),
    # -- counters and state-based actions ------------------------------------------------------
    "counters-put-replace-those-there": _w(
        {"alice": {"battlefield": [{"card": "Ainok Bond-Kin", "as": "a",
                                    "counters": {"+1/+1": 1}}], "mana": "{1}{W}"}},
        activate("alice", "a"), resolve()),
    "saga-kept-while-any-ability-waits": _w(
        {"alice": {"battlefield": [{"card": "Tale", "counters": {"lore": 2}},
                                   "Prodigal Pyromancer as pp"]}},
        activate("alice", "pp"), resolve(), answers=((BOB,),)),
    # -- zone and face changes, copies, tokens -------------------------------------------------
    "transformed-permanent-untaps": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "wolf",
                                    "tapped": True}], "mana": "{1}"}},
        activate("alice", "wolf"), resolve()),
    "copy-of-any-creature-offers-every-permanent": _w(
        {"alice": {"battlefield": ["Trinket", "Bear"], "hand": ["Clone as c"],
                   "mana": "{3}{U}"}},
        cast("alice", "c"), resolve()),
    "token-copy-created-for-the-originals-controller": _w(
        {"alice": {"hand": ["Mirror as m"], "mana": "{U}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "m", "b"), resolve()),
    # -- triggers ------------------------------------------------------------------------------
    "delayed-sacrifice-of-the-original": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Fleeting Mirror as fm"],
                   "mana": "{U}"}},
        cast("alice", "fm", "b"), resolve(), advance(Step.END), resolve()),
    "combat-damage-trigger-for-any-players-creatures": _w(
        {"alice": {"battlefield": ["Bear as a"]}, "bob": {"battlefield": ["Locker"]}},
        attack("alice", "a"), block("bob"), advance(Step.END)),
    # -- continuous effects and durations ------------------------------------------------------
    "gained-keyword-dropped": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Mighty Leap as ml"],
                   "mana": "{1}{W}"}},
        cast("alice", "ml", "b"), resolve()),
    "once-each-turn-permission-never-renewed": _w(
        {"alice": {"battlefield": ["Gravecaller", "Forest as f1", "Forest as f2"],
                   "graveyard": ["Bear as g1", "Bear as g2"], "mana": "{1}{G}",
                   "library": LIBRARY},
         "bob": {"library": LIBRARY}},
        cast("alice", "g1"), resolve(), advance(Step.PRECOMBAT_MAIN),
        advance(Step.PRECOMBAT_MAIN), activate("alice", "f1"), activate("alice", "f2"),
        cast("alice", "g2"), resolve()),
    # -- replacement effects and Rooms ---------------------------------------------------------
    "chosen-name-front-faces-only": _w(
        {"alice": {"hand": ["Needle as n"], "mana": "{1}"}},
        cast("alice", "n"), resolve()),
    "door-unlocked-by-another-player": _w(
        {"alice": {"battlefield": [{"card": ROOM, "as": "room"}]},
         "bob": {"mana": "{1}{W}"}},
        unlock("bob", "room", "left"), active="bob"),
}

