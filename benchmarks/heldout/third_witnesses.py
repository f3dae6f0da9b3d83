"""Witness games of the third batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step, Zone

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, move, pass_priority, resolve, setup,
    unlock,
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


THIRD_BATCH: dict[str, Witness] = {
    # -- lands, the cleanup step, summoning sickness, state-based actions, legend rule ---
    "exiled-land-play-uncounted": _w(
        {"alice": {"hand": ["Impulse as im", "Plains as p2"], "mana": "{R}",
                   "library": ["Plains as p1", *_LIBRARY]}},
        cast("alice", "im"), resolve(), play_land("alice", "p1"), play_land("alice", "p2")),
    "land-play-triggers-cast-abilities": _w(
        {"alice": {"battlefield": ["Cast Watcher"], "hand": ["Plains as p"]}},
        play_land("alice", "p")),
    "land-played-on-opponents-turn": _w(
        {"alice": {"hand": ["Plains as p"]}, "bob": {}},
        pass_priority("bob"), play_land("alice", "p"), active="bob"),
    "put-land-uses-land-play": _w(
        {"alice": {"hand": ["Land Grant as lg", "Plains as p"], "mana": "{G}",
                   "library": ["Plains", *_LIBRARY]}},
        cast("alice", "lg"), resolve(), play_land("alice", "p")),
    "cleanup-discard-keeps-damage": _w(
        {"alice": {"battlefield": ["Bear as b"], "mana": "{R}", "library": _LIBRARY,
                   "hand": ["Shock as sh", *(["Memnite"] * 8)]},
         "bob": {"battlefield": ["Ogre as o"], "library": _LIBRARY}},
        cast("alice", "sh", "o"), resolve(), advance(Step.UPKEEP), attack("bob", "o"),
        block("alice", ("b", "o")), advance(Step.END)),
    "nonactive-player-discards-to-hand-size": _w(
        {"alice": {"library": _LIBRARY},
         "bob": {"hand": ["Memnite"] * 8, "library": _LIBRARY}},
        advance(Step.UPKEEP)),
    "defender-can-attack": _w(
        {"alice": {"battlefield": ["Gate Wall as gw"]}}, attack("alice", "gw")),
    "tap-ability-ignores-summoning-sickness": _w(
        {"alice": {"hand": ["Deadly Pinger as dp"], "mana": "{1}{B}"},
         "bob": {"battlefield": ["Bear"]}},
        cast("alice", "dp"), resolve(), activate("alice", "dp")),
    "aura-stays-unattached": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Might Aura as a"], "mana": "{W}"}},
        cast("alice", "a", "b"), resolve(), move("b", G)),
    "saga-sacrificed-before-last-chapter": _w(
        {"alice": {"battlefield": [{"card": "Tale", "counters": {"lore": 1}}],
                   "library": _LIBRARY}},
        advance(Step.PRECOMBAT_MAIN), resolve(), step=Step.UPKEEP),
    "saga-first-lore-counter-silent": _w(
        {"alice": {"hand": ["Tale as t"], "mana": "{1}{W}"}}, cast("alice", "t"), resolve()),
    "legend-rule-keeps-none": _w(
        {"alice": {"battlefield": ["Legend"], "hand": ["Legend as lg"], "mana": "{2}{W}"}},
        cast("alice", "lg"), resolve()),
    # -- triggers, doubling, durations ------------------------------------------------
    "trigger-controlled-by-active-player": _w(
        {"alice": {"hand": ["Bear as bear"], "mana": "{1}{G}"},
         "bob": {"battlefield": ["Watchful Shrine"]}},
        cast("alice", "bear"), resolve(), resolve()),
    "another-includes-itself": _w(
        {"alice": {"hand": ["Warden as w"], "mana": "{W}"}}, cast("alice", "w"), resolve()),
    "enters-you-any-controller": _w(
        {"alice": {"battlefield": ["Greeter"]},
         "bob": {"hand": ["Bear as bear"], "mana": "{1}{G}"}},
        cast("bob", "bear"), resolve(), active="bob"),
    "you-cast-any-caster": _w(
        {"alice": {"battlefield": ["Cast Watcher"]},
         "bob": {"hand": ["Shock as sh"], "mana": "{R}"}},
        cast("bob", "sh", "player:alice"), active="bob"),
    "entry-doubler-any-permanent-type": _w(
        {"alice": {"battlefield": ["Entry Doubler", "Landfall Totem"], "hand": ["Plains as p"]}},
        play_land("alice", "p")),
    "effect-follows-card-to-new-object": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Growth as g", "Flicker as f"],
                   "mana": "{G}{W}"}},
        cast("alice", "g", "b"), resolve(), cast("alice", "f", "b"), resolve()),
    # -- copies, face-down, transform, Rooms, costs -------------------------------------
    "copy-of-copy-loses-exceptions": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Spirit Mirror as sm", "Clone as c"],
                   "mana": "{U}{3}{U}"}},
        cast("alice", "sm", "b"), resolve(), move("b", G), cast("alice", "c"), resolve()),
    "spell-copy-goes-to-graveyard": _w(
        {"alice": {"hand": ["Shock as sh", "Twincast as tc"], "mana": "{R}{U}"}},
        cast("alice", "sh", BOB), cast("alice", "tc", "sh"), resolve(), resolve(), resolve()),
    "spell-copy-loses-division": _w(
        {"alice": {"hand": ["Split Bolt as sb", "Twincast as tc"], "mana": "{1}{R}{U}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sb", BOB, "b"), cast("alice", "tc", "sb"), resolve(), resolve(),
        resolve()),
    "face-down-stays-hidden-off-battlefield": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "fd", "face_down": True}]}},
        move("fd", G)),
    "face-down-cast-costs-mana-cost": _w(
        {"alice": {"hand": ["Shapeshifter as s"], "mana": "{3}"}},
        cast("alice", "s", face_down=True), resolve()),
    "transform-follows-new-object": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as w"], "hand": ["Flicker as f"],
                   "mana": "{1}{W}"}},
        activate("alice", "w"), cast("alice", "f", "w"), resolve(), resolve()),
    "split-card-front-half-off-stack": _w(
        {"alice": {"hand": ["Left Hall // Right Hall"]}}, advance(Step.END)),
    "room-second-door-has-no-text": _w(
        {"alice": {"battlefield": [{"card": "Left Hall // Right Hall", "as": "room",
                                    "unlocked": ["left"]}], "mana": "{3}{W}"}},
        unlock("alice", "room", "right"), advance(Step.END)),
    "unlock-by-effect-not-an-event": _w(
        {"alice": {"battlefield": [{"card": "Left Hall // Right Hall", "as": "room",
                                    "unlocked": ["right"]}],
                   "hand": ["Skeleton Key as k"], "mana": "{U}"}},
        cast("alice", "k", "room"), resolve(), resolve()),
    "x-not-in-mana-value-on-stack": _w(
        {"alice": {"hand": ["Fireball as fb"], "mana": "{3}{R}"}},
        cast("alice", "fb", BOB, x=3)),
    "cost-reduction-every-players-spells": _w(
        {"alice": {"battlefield": ["Discount"]}, "bob": {"hand": ["Bear as bear"], "mana": "{G}"}},
        cast("bob", "bear"), active="bob"),
    "cost-reduction-ignores-filter": _w(
        {"alice": {"battlefield": ["First Discount"], "hand": ["Split Bolt as sb"],
                   "mana": "{R}"}},
        cast("alice", "sb", BOB)),
    "convoke-taps-creatures-paying-nothing": _w(
        {"alice": {"battlefield": ["Bear as b1", "Bear as b2"], "hand": ["Rally as r"],
                   "mana": "{W}"}},
        cast("alice", "r"), resolve(), answers=(("b1", "b2"),)),
    "graveyard-permission-ignores-filter": _w(
        {"alice": {"battlefield": ["Gravecaller"], "graveyard": ["Shock as sh"], "mana": "{R}"}},
        cast("alice", "sh", BOB)),
    "reduction-spills-to-colored": _w(
        {"alice": {"battlefield": ["Discount"], "hand": ["Shock as sh"]}},
        cast("alice", "sh", BOB)),
}
