"""Witness games of the eighteenth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step

from .play import (
    Step_, Table, Witness, activate, advance, attack, block, cast, face_up, pass_priority,
    resolve, setup, unlock,
)

BOB = "player:bob"
ROOM = "Left Hall // Right Hall"
FACE_DOWN_CRAGHORN = {"card": "Battering Craghorn", "as": "c", "face_down": True}


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


def _play_land(player: str, card: str) -> Step_:
    def step(t: Table) -> PlayLand:
        return PlayLand(player, t.ids[card])
    return step


_VIPER_IN_BOBS_TURN = _w(
    {"alice": {"hand": ["Ambush Viper as v"], "mana": "{1}{G}"}, "bob": {}},
    pass_priority("bob"), cast("alice", "v"), resolve(), active="bob")

EIGHTEENTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "face-down-creature-refused-as-a-target": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"},
         "bob": {"battlefield": [FACE_DOWN_CRAGHORN]}},
        cast("alice", "s", "c"), resolve()),
    "spell-countered-on-resolution-exiled": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Shock as s", "Rescue as r"],
                   "mana": "{R}{U}"}},
        cast("alice", "s", "b"), cast("alice", "r", "b"), resolve(), resolve()),
    # -- priority and the stack ----------------------------------------------------------------
    "land-play-passes-priority": _w(
        {"alice": {"hand": ["Forest as f"]}},
        _play_land("alice", "f"), activate("alice", "f")),
    "permanent-spell-resolves-under-the-active-player": _VIPER_IN_BOBS_TURN,
    # -- timing, costs and mana ----------------------------------------------------------------
    "flash-spell-refused-in-another-players-turn": _VIPER_IN_BOBS_TURN,
    "cost-increases-of-one-name-counted-once": _w(
        {"alice": {"battlefield": ["Thorn", "Thorn"], "hand": ["Shock as s"], "mana": "{1}{R}"}},
        cast("alice", "s", BOB), resolve()),
    "colorless-mana-pays-a-colored-symbol": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{1}"}},
        cast("alice", "s", BOB), resolve()),
    "sacrifice-cost-refused-for-a-summoning-sick-creature": _w(
        {"alice": {"battlefield": [{"card": "Mogg Fanatic", "as": "mf",
                                    "summoning_sick": True}]}},
        activate("alice", "mf"), resolve(), answers=((BOB,),)),
    # -- lands ---------------------------------------------------------------------------------
    "basic-land-colored-by-its-land-type": _w(
        {"alice": {"battlefield": ["Forest as f"]}},
        activate("alice", "f")),
    # -- combat and state-based actions --------------------------------------------------------
    "attacker-gaining-flying-after-blocks-unblocked": _w(
        {"alice": {"battlefield": ["Bear as b", "Plains as p1", "Plains as p2"],
                   "hand": ["Mighty Leap as ml"]},
         "bob": {"battlefield": ["Bear as bb"]}},
        attack("alice", "b"), block("bob", ("bb", "b")), activate("alice", "p1"),
        activate("alice", "p2"), cast("alice", "ml", "b"), resolve(), advance(Step.END)),
    "lethal-damage-spares-the-non-active-players-creatures": _w(
        {"alice": {"hand": ["Shock as s"], "mana": "{R}"},
         "bob": {"battlefield": ["Bear as bb"]}},
        cast("alice", "s", "bb"), resolve()),
    "untap-step-untaps-only-creatures": _w(
        {"alice": {},
         "bob": {"battlefield": [{"card": "Mountain", "as": "m", "tapped": True},
                                 {"card": "Bear", "as": "bb", "tapped": True}]}},
        advance(Step.UPKEEP), step=Step.END),
    # -- damage --------------------------------------------------------------------------------
    "lifelink-counted-once-per-source": _w(
        {"alice": {"battlefield": ["Vampire Nighthawk as vn"]},
         "bob": {"battlefield": ["Flyer as f", "Reacher as r"]}},
        attack("alice", "vn"), block("bob", ("f", "vn"), ("r", "vn")), advance(Step.END),
        answers=(("f", "r"),)),
    "deathtouch-forgotten-after-other-damage": _w(
        {"alice": {"battlefield": ["Trampler as t"]},
         "bob": {"battlefield": ["Ambush Viper as v", "Squire as s"]}},
        attack("alice", "t"), block("bob", ("v", "t"), ("s", "t")), advance(Step.END),
        answers=(("v", "s", BOB, BOB),)),
    # -- triggers ------------------------------------------------------------------------------
    "combat-damage-trigger-once-per-combat": _w(
        {"alice": {"battlefield": ["Double Striker as ds", "Locker"]}},
        attack("alice", "ds"), advance(Step.END), resolve(), advance(Step.END), resolve(),
        advance(Step.END)),
    "cast-trigger-of-the-spell-being-cast": _w(
        {"alice": {"hand": ["Cast Watcher as cw"], "mana": "{1}{U}"}},
        cast("alice", "cw"), resolve(), resolve()),
    "another-read-as-another-name": _w(
        {"alice": {"battlefield": ["Warden"], "hand": ["Warden as w2"], "mana": "{W}"}},
        cast("alice", "w2"), resolve(), resolve()),
    # -- counters, continuous effects and copies -----------------------------------------------
    "turned-face-up-loses-its-counters": _w(
        {"alice": {"battlefield": [{**FACE_DOWN_CRAGHORN, "counters": {"+1/+1": 1}}],
                   "mana": "{1}{R}{R}"}},
        face_up("alice", "c"), advance(Step.END)),
    "anthem-leaves-out-tokens": _w(
        {"alice": {"battlefield": ["Glorious Anthem"], "hand": ["Token Maker as tm"],
                   "mana": "{W}"}},
        cast("alice", "tm"), resolve()),
    "copy-keeps-its-own-abilities": _w(
        {"alice": {"hand": ["Clone as cl", "Bear as b"], "mana": "{4}{U}{G}"},
         "bob": {"battlefield": ["Warden as wd"]}},
        cast("alice", "cl"), resolve(), cast("alice", "b"), resolve(), resolve(),
        answers=(("wd",),)),
    "cast-copy-left-out-of-spells-cast": _w(
        {"alice": {"battlefield": ["First Discount"],
                   "hand": ["Scepter as sc", "Bear as b1", "Bear as b2"], "mana": "{4}{G}"}},
        cast("alice", "sc"), resolve(), resolve(), activate("alice", "sc"), resolve(),
        resolve(), cast("alice", "b2"), resolve(), answers=(("b1",), ("b1",))),
    # -- Rooms, face-down permanents and transform ---------------------------------------------
    "door-unlock-seen-as-entering": _w(
        {"alice": {"battlefield": ["Eidolon of Blossoms",
                                   {"card": ROOM, "as": "room", "unlocked": ["left"]}],
                   "library": ["Bear", "Bear"], "mana": "{3}{W}"}},
        unlock("alice", "room", "right"), resolve()),
    "spell-cost-reduction-applied-to-turning-face-up": _w(
        {"alice": {"battlefield": ["Discount", FACE_DOWN_CRAGHORN], "mana": "{R}{R}"}},
        face_up("alice", "c"), advance(Step.END)),
    "transform-removes-damage": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp", "Day Wolf // Night Wolf as w"],
                   "hand": ["Fireball as f"], "mana": "{4}{R}"}},
        activate("alice", "pp"), resolve(), activate("alice", "w"), resolve(),
        cast("alice", "f", "w", x=3), resolve(), answers=(("w",),)),
}
