"""Witness games of the eighth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step, Zone

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, move, pass_priority, resolve,
    setup, unlock,
)

G, E = Zone.GRAVEYARD, Zone.EXILE
ALICE, BOB = "player:alice", "player:bob"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Bear", "Bear", "Bear"]


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


def _fight(alice: list[object], bob: list[object], attacker: str, blocker: str) -> Witness:
    return _w({"alice": {"battlefield": alice}, "bob": {"battlefield": bob}},
              attack("alice", attacker), block("bob", (blocker, attacker)), advance(Step.END))


EIGHTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "given-targets-taken-unchecked": _w(
        {"alice": {"battlefield": ["Squire"], "hand": ["Rescue as r"], "mana": "{U}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "r", "b"), resolve()),
    "tapped-target-filter-ignored": _w(
        {"alice": {"hand": ["Surrakar Banisher as sb"], "mana": "{4}{U}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sb"), resolve(), resolve()),
    # -- the stack and priority ----------------------------------------------------------------
    "step-ends-with-an-ability-on-the-stack": _w(
        {"alice": {"battlefield": ["Upkeep Keeper"], "library": LIBRARY},
         "bob": {"library": LIBRARY}},
        advance(Step.DRAW), active="bob", step=Step.END),
    "spell-copy-without-targets": _w(
        {"alice": {"hand": ["Shock as sh", "Twincast as tc"], "mana": "{R}{U}"}},
        cast("alice", "sh", BOB), cast("alice", "tc", "sh"), resolve(), resolve(), resolve()),
    # -- timing --------------------------------------------------------------------------------
    "sorcery-cast-outside-main-phase": _w(
        {"alice": {"hand": ["Divination as d"], "library": LIBRARY, "mana": "{2}{U}"}},
        cast("alice", "d"), resolve(), step=Step.BEGINNING_OF_COMBAT),
    # -- state-based actions -------------------------------------------------------------------
    "legend-rule-chosen-by-the-active-player": _w(
        {"alice": {}, "bob": {"battlefield": ["Legend", "Legend"]}}, pass_priority("alice")),
    "saga-kept-after-its-last-chapter": _w(
        {"alice": {"battlefield": [{"card": "Tale", "counters": {"lore": 1}}],
                   "library": LIBRARY}},
        advance(Step.PRECOMBAT_MAIN), resolve(), step=Step.UPKEEP),
    # -- combat --------------------------------------------------------------------------------
    "defender-cannot-block": _fight(["Bear as a"], ["Gate Wall as gw"], "a", "gw"),
    "reach-ignored-when-blocking": _fight(["Flyer as f"], ["Reacher as r"], "f", "r"),
    "trample-damage-divided-by-the-defender": _fight(["Trampler as t"], ["Bear as b"], "t", "b"),
    # -- last known information ----------------------------------------------------------------
    "last-known-information-only-for-deaths": _w(
        {"alice": {"battlefield": ["Leech as l"]}, "bob": {"battlefield": ["Bear as b"]}},
        activate("alice", "l"), move("l", E), resolve(), answers=(("b",),)),
    # -- lands and costs -----------------------------------------------------------------------
    "land-played-outside-main-phase": _w(
        {"alice": {"hand": ["Forest as f"]}}, play_land("alice", "f"),
        step=Step.BEGINNING_OF_COMBAT),
    "x-left-out-of-the-total-cost": _w(
        {"alice": {"hand": ["Fireball as fb", "Trinket as t"], "mana": "{3}{R}"}},
        cast("alice", "fb", BOB, x=3), resolve(), cast("alice", "t"), resolve()),
    # -- the end of the game -------------------------------------------------------------------
    "game-won-by-the-player-who-lost": _w(
        {"alice": {"hand": ["Shock as sh"], "mana": "{R}"}, "bob": {"life": 2}},
        cast("alice", "sh", BOB), resolve()),
    # -- counters ------------------------------------------------------------------------------
    "untap-removes-every-stun-counter": _w(
        {"alice": {"battlefield": [{"card": "Bear", "tapped": True, "counters": {"stun": 2}}]}},
        advance(Step.UPKEEP), active="bob", step=Step.END),
    "counters-annihilated-from-one-kind": _w(
        {"alice": {"battlefield": [{"card": "Bear", "counters": {"+1/+1": 2, "-1/-1": 1}}]}},
        pass_priority("alice")),
    # -- zone and face changes -----------------------------------------------------------------
    "copy-effect-kept-off-the-battlefield": _w(
        {"alice": {"battlefield": ["Bear as bear"], "hand": ["Clone as c"], "mana": "{3}{U}"}},
        cast("alice", "c"), resolve(), move("c", G), answers=(("bear",),)),
    "transformed-permanent-cannot-transform-back": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as w"], "mana": "{2}"}},
        activate("alice", "w"), resolve(), activate("alice", "w"), resolve()),
    # -- Rooms ---------------------------------------------------------------------------------
    "door-unlocked-in-another-players-turn": _w(
        {"alice": {}, "bob": {"battlefield": [{"card": ROOM, "as": "r", "unlocked": ["left"]}],
                              "mana": "{3}{W}"}},
        pass_priority("alice"), unlock("bob", "r", "right")),
    # -- triggered abilities -------------------------------------------------------------------
    "intervening-if-count-off-by-one": _w(
        {"alice": {"battlefield": ["Conditional", "Bear", "Bear"]}}, advance(Step.END)),
    "delayed-trigger-triggers-again": _w(
        {"alice": {"battlefield": ["Bear as bear"], "hand": ["Fleeting Mirror as fm"],
                   "mana": "{U}", "library": LIBRARY}, "bob": {"library": LIBRARY}},
        cast("alice", "fm", "bear"), resolve(), advance(Step.END), resolve(),
        advance(Step.END), advance(Step.END)),
    # -- durations and continuous effects ------------------------------------------------------
    "damage-wears-off-active-players-permanents-only": _w(
        {"alice": {"battlefield": ["Mountain as m1", "Mountain as m2"],
                   "hand": ["Shock as s1", "Shock as s2"]},
         "bob": {"battlefield": ["Ogre as o"]}},
        activate("alice", "m1"), cast("alice", "s1", "o"), resolve(), advance(Step.UPKEEP),
        pass_priority("bob"), activate("alice", "m2"), cast("alice", "s2", "o"), resolve()),
    "aura-bonus-for-each-creature-of-its-controller": _w(
        {"alice": {"battlefield": ["Bear as b1", "Bear as b2"], "hand": ["Might Aura as ma"],
                   "mana": "{W}"}},
        cast("alice", "ma", "b1"), resolve()),
    # -- tokens --------------------------------------------------------------------------------
    "token-named-after-its-types": _w(
        {"alice": {"hand": ["Token Maker as tm"], "mana": "{W}"}}, cast("alice", "tm"), resolve()),
}

_ = (attack, block)
