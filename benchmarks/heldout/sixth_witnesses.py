"""Witness games of the sixth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step, Zone

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, move, pass_priority, resolve, setup,
)

G = Zone.GRAVEYARD
ALICE, BOB = "player:alice", "player:bob"
_LIBRARY = ["Bear", "Bear", "Bear"]


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


SIXTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "same-object-targeted-twice": _w(
        {"alice": {"hand": ["Twin Ping as tp"], "mana": "{R}"},
         "bob": {"battlefield": ["Bear as b", "Memnite"]}},
        cast("alice", "tp", "b", "b"), resolve()),
    "targets-rechecked-for-active-player": _w(
        {"alice": {}, "bob": {"battlefield": ["Bear as b"], "hand": ["Rescue as r"],
                              "mana": "{U}"}},
        pass_priority("alice"), cast("bob", "r", "b"), resolve()),
    "targetless-trigger-put-on-stack": _w(
        {"alice": {"hand": ["Surrakar Banisher as sb"], "mana": "{4}{U}"},
         "bob": {"battlefield": ["Bear"]}},
        cast("alice", "sb"), resolve(), resolve()),
    # -- the stack and priority ----------------------------------------------------------------
    "stack-resolves-from-the-bottom": _w(
        {"alice": {"hand": ["Shock as sh", "Growth as g"], "mana": "{R}{G}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sh", "b"), cast("alice", "g", "b"), resolve(), resolve()),
    "mana-ability-uses-the-stack": _w(
        {"alice": {"battlefield": ["Plains as p"]}}, activate("alice", "p")),
    "spell-cast-without-priority": _w(
        {"alice": {}, "bob": {"hand": ["Shock as sh"], "mana": "{R}"}},
        cast("bob", "sh", ALICE)),
    # -- timing --------------------------------------------------------------------------------
    "sorcery-only-in-first-main-phase": _w(
        {"alice": {"hand": ["Free Lesson as fl"]}},
        cast("alice", "fl"), resolve(), step=Step.POSTCOMBAT_MAIN),
    "land-played-over-a-spell": _w(
        {"alice": {"hand": ["Shock as sh", "Plains as p"], "mana": "{R}"}},
        cast("alice", "sh", BOB), play_land("alice", "p"), resolve()),
    # -- state-based actions -------------------------------------------------------------------
    "state-based-actions-checked-once": _w(
        {"alice": {"battlefield": ["Memnite as m"], "hand": ["Might Aura as ma", "Fireball as fb"],
                   "mana": "{W}{R}{3}"}},
        cast("alice", "ma", "m"), resolve(), cast("alice", "fb", "m", x=3), resolve()),
    "lethal-damage-against-printed-toughness": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Growth as g", "Shock as sh"],
                   "mana": "{G}{R}"}},
        cast("alice", "g", "b"), resolve(), cast("alice", "sh", "b"), resolve()),
    # -- combat declarations -------------------------------------------------------------------
    "tapped-creature-blocks": _w(
        {"alice": {"battlefield": ["Bear as a"]},
         "bob": {"battlefield": [{"card": "Bear", "as": "b", "tapped": True}]}},
        attack("alice", "a"), block("bob", ("b", "a")), advance(Step.END)),
    "one-creature-blocks-two-attackers": _w(
        {"alice": {"battlefield": ["Bear as a1", "Bear as a2"]},
         "bob": {"battlefield": ["Ogre as o"]}},
        attack("alice", "a1", "a2"), block("bob", ("o", "a1"), ("o", "a2")), advance(Step.END)),
    "haste-ignored-when-attacking": _w(
        {"alice": {"battlefield": [{"card": "Raging Goblin", "as": "rg",
                                    "summoning_sick": True}]}},
        attack("alice", "rg"), advance(Step.END)),
    # -- damage decided by its source ----------------------------------------------------------
    "deathtouch-trample-skips-blocker": _w(
        {"alice": {"battlefield": ["Deadly Trampler as t"]},
         "bob": {"battlefield": ["Bear as b"]}},
        attack("alice", "t"), block("bob", ("b", "t")), advance(Step.END),
        answers=((BOB, BOB, BOB, BOB),)),
    "blocker-damage-fixed-when-declared": _w(
        {"alice": {"battlefield": ["Ogre as o"]},
         "bob": {"battlefield": ["Bear as b", "Forest as fo"], "hand": ["Growth as g"]}},
        attack("alice", "o"), block("bob", ("b", "o")), pass_priority("alice"),
        activate("bob", "fo"), cast("bob", "g", "b"), resolve(), advance(Step.END)),
    "first-strike-victims-deal-damage": _w(
        {"alice": {"battlefield": ["First Striker as fs"]},
         "bob": {"battlefield": ["Bear as b"]}},
        attack("alice", "fs"), block("bob", ("b", "fs")), advance(Step.END)),
    # -- last known information ----------------------------------------------------------------
    "gone-source-loses-its-keywords": _w(
        {"alice": {"battlefield": ["Leech as l"]}, "bob": {"battlefield": ["Ogre as o"]}},
        activate("alice", "l"), move("l", G), resolve(), answers=(("o",),)),
    "dying-copy-seen-as-printed-card": _w(
        {"alice": {"battlefield": ["Self Mourner as sm"], "hand": ["Clone as c"],
                   "mana": "{3}{U}"}},
        cast("alice", "c"), resolve(), move("c", G), answers=(("sm",),)),
    # -- counters ------------------------------------------------------------------------------
    "untap-effect-ignores-stun-counter": _w(
        {"alice": {"battlefield": ["Kiora's Follower as kf"]},
         "bob": {"battlefield": [{"card": "Bear", "as": "b", "tapped": True,
                                  "counters": {"stun": 1}}]}},
        activate("alice", "kf"), resolve(), answers=(("b",),)),
    "earlier-chapters-trigger-again": _w(
        {"alice": {"battlefield": [{"card": "Tale", "counters": {"lore": 1}}],
                   "library": _LIBRARY}},
        advance(Step.PRECOMBAT_MAIN), resolve(), resolve(), step=Step.UPKEEP),
    "lore-counter-on-every-players-saga": _w(
        {"alice": {"library": _LIBRARY},
         "bob": {"battlefield": [{"card": "Tale", "counters": {"lore": 1}}]}},
        advance(Step.PRECOMBAT_MAIN), step=Step.UPKEEP),
    # -- what a zone change resets -------------------------------------------------------------
    "tapped-kept-through-zone-change": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "b", "tapped": True}],
                   "hand": ["Flicker as f"], "mana": "{W}"}},
        cast("alice", "f", "b"), resolve()),
    "flickered-creature-not-summoning-sick": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp"], "hand": ["Flicker as f"],
                   "mana": "{W}"}},
        cast("alice", "f", "pp"), resolve(), activate("alice", "pp"), answers=((BOB,),)),
    "flickered-attacker-stays-in-combat": _w(
        {"alice": {"battlefield": ["Bear as b", "Plains as p"], "hand": ["Flicker as f"]}},
        attack("alice", "b"), block("bob"), activate("alice", "p"), cast("alice", "f", "b"),
        resolve(),
        advance(Step.END)),
}
