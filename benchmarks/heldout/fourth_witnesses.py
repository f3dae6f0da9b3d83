"""Witness games of the fourth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step, Zone

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, move, pass_priority, resolve, setup,
)

G = Zone.GRAVEYARD
BOB = "player:bob"
_LIBRARY = ["Bear", "Bear", "Bear"]


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


FOURTH_BATCH: dict[str, Witness] = {
    # -- the stack, priority, the state check ---------------------------------------------
    "spell-fizzles-on-one-illegal-target": _w(
        {"alice": {"hand": ["Twin Ping as tp"], "mana": "{R}"},
         "bob": {"battlefield": ["Memnite as m1", "Memnite as m2"]}},
        cast("alice", "tp", "m1", "m2"), move("m1", G), resolve()),
    "spell-resolves-without-its-target": _w(
        {"alice": {"hand": ["Drain Bolt as db"], "mana": "{B}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "db", "b"), move("b", G), resolve()),
    "ability-resolves-without-its-targets": _w(
        {"alice": {"battlefield": ["Leech as l"]}, "bob": {"battlefield": ["Bear as b"]}},
        activate("alice", "l"), move("b", G), resolve(), answers=(("b",),)),
    "target-follows-flickered-permanent": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Shock as sh", "Flicker as f"],
                   "mana": "{R}{W}"}},
        cast("alice", "sh", "b"), cast("alice", "f", "b"), resolve(), resolve()),
    "one-pass-resolves-the-stack": _w(
        {"alice": {"hand": ["Shock as sh"], "mana": "{R}"}},
        cast("alice", "sh", BOB), pass_priority("alice")),
    "one-pass-ends-the-step": _w({"alice": {"library": _LIBRARY}}, pass_priority("alice")),
    "triggers-stacked-before-state-based-actions": _w(
        {"alice": {"battlefield": ["Greeter", "Mourner"], "hand": ["Clone as c"],
                   "mana": "{3}{U}"}},
        cast("alice", "c"), resolve()),
    "zero-life-player-survives": _w(
        {"alice": {"hand": ["Shock as sh"], "mana": "{R}"}, "bob": {"life": 2}},
        cast("alice", "sh", BOB), resolve()),
    # -- combat, damage, the turn, mana ---------------------------------------------------
    "vigilance-attacker-taps": _w(
        {"alice": {"battlefield": ["Vigil Knight as vk"]}}, attack("alice", "vk")),
    "combat-damage-replaces-marked-damage": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Shock as sh"], "mana": "{R}"},
         "bob": {"battlefield": ["Ogre as o"]}},
        cast("alice", "sh", "o"), resolve(), attack("alice", "b"), block("bob", ("o", "b")),
        advance(Step.POSTCOMBAT_MAIN)),
    "lifelink-only-for-combat-damage": _w(
        {"alice": {"battlefield": ["Leech as l"]}, "bob": {"battlefield": ["Bear as b"]}},
        activate("alice", "l"), resolve(), answers=(("b",),)),
    "summoning-sickness-ends-any-turn": _w(
        {"alice": {"hand": ["Deadly Pinger as dp"], "mana": "{1}{B}", "library": _LIBRARY},
         "bob": {"battlefield": ["Bear"], "library": _LIBRARY}},
        cast("alice", "dp"), resolve(), advance(Step.UPKEEP), pass_priority("bob"),
        activate("alice", "dp")),
    "generic-paid-with-colors-first": _w(
        {"alice": {"hand": ["Trinket as tr", "Shock as sh"], "mana": "{R}{1}"}},
        cast("alice", "tr"), resolve(), cast("alice", "sh", BOB)),
    # -- zones, tokens, the legend rule, permissions, triggers ----------------------------
    "counters-kept-through-zone-change": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "b", "counters": {"+1/+1": 1}}],
                   "hand": ["Flicker as f"], "mana": "{W}"}},
        cast("alice", "f", "b"), resolve()),
    "created-token-enters-unseen": _w(
        {"alice": {"battlefield": ["Greeter"], "hand": ["Token Maker as tm"], "mana": "{W}"}},
        cast("alice", "tm"), resolve()),
    "legend-rule-any-same-name": _w(
        {"alice": {"battlefield": ["Bear"], "hand": ["Bear as b"], "mana": "{1}{G}"}},
        cast("alice", "b"), resolve()),
    "once-each-turn-permission-not-used": _w(
        {"alice": {"battlefield": ["Gravecaller"], "graveyard": ["Bear as b1", "Bear as b2"],
                   "mana": "{1}{G}{1}{G}"}},
        cast("alice", "b1"), resolve(), cast("alice", "b2")),
    "cast-trigger-on-resolution": _w(
        {"alice": {"battlefield": ["Cast Watcher"], "hand": ["Shock as sh"], "mana": "{R}"}},
        cast("alice", "sh", BOB), resolve(), resolve()),
    "dies-trigger-on-entering": _w(
        {"alice": {"hand": ["Self Mourner as sm"], "mana": "{1}{B}"}},
        cast("alice", "sm"), resolve()),
    "copy-enters-as-printed-card": _w(
        {"alice": {"battlefield": ["Bear Warden", "Bear as b"], "hand": ["Clone as c"],
                   "mana": "{3}{U}"}},
        cast("alice", "c"), resolve(), answers=(("b",),)),
    "land-play-returned-when-land-leaves": _w(
        {"alice": {"hand": ["Plains as p1", "Plains as p2"]}},
        play_land("alice", "p1"), move("p1", G), play_land("alice", "p2")),
    "room-copy-enters-with-a-door-unlocked": _w(
        {"alice": {"battlefield": ["Left Hall // Right Hall as h"], "hand": ["Mirror as m"],
                   "mana": "{U}"}},
        cast("alice", "m", "h"), resolve()),
    "transformed-keeps-front-face-abilities": _w(
        {"alice": {"battlefield": ["Moon Sage // Moon Beast as ms"], "mana": "{1}{1}"}},
        activate("alice", "ms"), resolve(), activate("alice", "ms")),
    "leaves-trigger-misses-exile": _w(
        {"alice": {"battlefield": ["Departing Spirit as ds"], "hand": ["Flicker as f"],
                   "mana": "{W}"}},
        cast("alice", "f", "ds"), resolve()),
}
