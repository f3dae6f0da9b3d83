"""Witness games of the tenth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, face_up, pass_priority, resolve,
    setup, unlock,
)

ALICE, BOB = "player:alice", "player:bob"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Memnite", "Bear", "Ogre"]


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def _play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


TENTH_BATCH: dict[str, Witness] = {
    # -- targets and the stack -----------------------------------------------------------------
    "target-player-excludes-yourself": _w(
        {"alice": {"hand": ["Inspiration as i"], "mana": "{3}{U}", "library": LIBRARY}},
        cast("alice", "i", ALICE), resolve()),
    "latest-spell-resolves-before-abilities": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp", "Hada Freeblade as h"],
                   "hand": ["Mighty Leap as ml"], "mana": "{1}{W}"}},
        cast("alice", "ml", "h"), activate("alice", "pp"), resolve(), resolve(),
        answers=(("h",),)),
    # -- timing and lands ----------------------------------------------------------------------
    "land-played-without-priority": _w(
        {"alice": {"hand": ["Forest as f"]}}, pass_priority("alice"), _play_land("alice", "f")),
    # -- state-based actions and combat --------------------------------------------------------
    "legend-rule-ignores-tokens": _w(
        {"alice": {"battlefield": ["Legend as l"], "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "l"), resolve()),
    "attacker-blocked-by-one-creature-only": _w(
        {"alice": {"battlefield": ["Bear as a"]},
         "bob": {"battlefield": ["Bear as b1", "Bear as b2"]}},
        attack("alice", "a"), block("bob", ("b1", "a"), ("b2", "a")), advance(Step.END)),
    # -- the end of the game -------------------------------------------------------------------
    "player-loses-in-the-middle-of-combat-damage": _w(
        {"alice": {"life": 2, "battlefield": ["Lifelinker as ll"]},
         "bob": {"battlefield": ["Bear as b1", "Bear as b2"]}},
        attack("bob", "b1", "b2"), block("alice", ("ll", "b2")), advance(Step.END),
        active="bob"),
    # -- mana and costs ------------------------------------------------------------------------
    "mana-empties-from-the-active-players-pool-only": _w(
        {"alice": {}, "bob": {"battlefield": ["Mountain as m"], "hand": ["Shock as s"]}},
        pass_priority("alice"), activate("bob", "m"), pass_priority("bob"),
        pass_priority("alice"), pass_priority("alice"), cast("bob", "s", ALICE), resolve()),
    "generic-paid-before-colored-symbols": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Mighty Leap as ml"],
                   "mana": "{W}{G}"}},
        cast("alice", "ml", "b"), resolve()),
    "face-down-cost-not-reduced": _w(
        {"alice": {"battlefield": ["Discount"], "hand": ["Shapeshifter as s"], "mana": "{2}"}},
        cast("alice", "s", face_down=True), resolve()),
    "spells-cast-kept-into-the-next-turn": _w(
        {"alice": {"battlefield": ["First Discount", "Forest as f"],
                   "hand": ["Bear as b", "Ambush Viper as av"], "mana": "{G}"}},
        cast("alice", "b"), resolve(), advance(Step.UPKEEP), pass_priority("bob"),
        activate("alice", "f"), cast("alice", "av"), resolve()),
    # -- drawing and the turn's steps ----------------------------------------------------------
    "cards-drawn-from-the-bottom": _w(
        {"alice": {"hand": ["Divination as d"], "mana": "{2}{U}", "library": LIBRARY}},
        cast("alice", "d"), resolve()),
    "maximum-hand-size-eight": _w(
        {"alice": {"hand": ["Bear"] * 8}}, advance(Step.UPKEEP)),
    # -- counters, zone and face changes -------------------------------------------------------
    "stun-counter-removed-from-untapped-permanent": _w(
        {"alice": {}, "bob": {"battlefield": [{"card": "Bear", "counters": {"stun": 1}}]}},
        advance(Step.UPKEEP)),
    "flickered-permanent-returns-transformed": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "w",
                                    "transformed": True}],
                   "hand": ["Flicker as fl"], "mana": "{W}"}},
        cast("alice", "fl", "w"), resolve()),
    "turned-face-up-summoning-sick": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "s", "face_down": True}],
                   "mana": "{2}{G}"}},
        face_up("alice", "s"), attack("alice", "s"), advance(Step.POSTCOMBAT_MAIN)),
    "turned-face-up-without-priority": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "s", "face_down": True}],
                   "mana": "{2}{G}"}},
        pass_priority("alice"), face_up("alice", "s")),
    "optional-copy-made-mandatory": _w(
        {"alice": {"battlefield": ["Bear"], "hand": ["Clone as c"], "mana": "{3}{U}"}},
        cast("alice", "c"), resolve(), answers=((),)),
    # -- Rooms ---------------------------------------------------------------------------------
    "unlocked-door-unlocked-again": _w(
        {"alice": {"battlefield": [{"card": ROOM, "as": "room", "unlocked": ["left"]}],
                   "mana": "{1}{W}"}},
        unlock("alice", "room", "left")),
    # -- triggers ------------------------------------------------------------------------------
    "you-attack-with-no-attackers": _w(
        {"alice": {"battlefield": ["Raid Horn"]}}, attack("alice"), resolve()),
    "attack-trigger-on-blocking": _w(
        {"alice": {"battlefield": ["Bear as a"]}, "bob": {"battlefield": ["Warcaller as wc"]}},
        attack("alice", "a"), block("bob", ("wc", "a")), resolve()),
    "enters-trigger-ignores-types": _w(
        {"alice": {"battlefield": ["Eidolon of Blossoms"], "hand": ["Bear as b"],
                   "mana": "{1}{G}", "library": LIBRARY}},
        cast("alice", "b"), resolve(), resolve()),
    # -- continuous effects --------------------------------------------------------------------
    "pt-change-to-the-first-target-only": _w(
        {"alice": {"hand": ["Wither as w"], "mana": "{B}"},
         "bob": {"battlefield": ["Bear as b1", "Bear as b2"]}},
        cast("alice", "w", "b1", "b2"), resolve()),
    # -- durations and copies ------------------------------------------------------------------
    "damage-wears-off-as-combat-ends": _w(
        {"alice": {"battlefield": ["Bear as b", "Mountain as mt"], "hand": ["Shock as s"]},
         "bob": {"battlefield": ["Blocker Wall as w"]}},
        attack("alice", "b"), block("bob", ("w", "b")), advance(Step.POSTCOMBAT_MAIN),
        activate("alice", "mt"), cast("alice", "s", "w"), resolve()),
    "token-copy-enters-tapped": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "b", "tapped": True}],
                   "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "b"), resolve()),
}
