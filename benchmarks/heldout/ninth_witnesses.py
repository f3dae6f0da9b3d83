"""Witness games of the ninth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.format.vocabulary import Step, Zone

from .play import (
    Witness, activate, advance, attack, block, cast, move, pass_priority, resolve, setup,
)

B, G = Zone.BATTLEFIELD, Zone.GRAVEYARD
ALICE, BOB = "player:alice", "player:bob"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Bear", "Bear", "Bear"]


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def _fight(alice: list[object], bob: list[object], attacker: str, blocker: str) -> Witness:
    return _w({"alice": {"battlefield": alice}, "bob": {"battlefield": bob}},
              attack("alice", attacker), block("bob", (blocker, attacker)), advance(Step.END))


NINTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "spell-among-its-own-targets": _w(
        {"alice": {"hand": ["Twincast as tc"], "mana": "{U}"}}, cast("alice", "tc"), resolve()),
    # -- the stack and timing ------------------------------------------------------------------
    "untargeted-ability-resolves-at-once": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as w"], "mana": "{1}"}},
        activate("alice", "w"), resolve()),
    "ability-refused-in-another-players-turn": _w(
        {"alice": {}, "bob": {"battlefield": ["Prodigal Pyromancer as pp"]}},
        pass_priority("alice"), activate("bob", "pp"), resolve(), answers=((ALICE,),)),
    # -- lands ---------------------------------------------------------------------------------
    "searched-land-put-into-the-hand": _w(
        {"alice": {"hand": ["Land Grant as lg"], "mana": "{G}", "library": ["Forest", "Bear"]}},
        cast("alice", "lg"), resolve()),
    # -- combat --------------------------------------------------------------------------------
    "combat-damage-to-a-creature-seen-as-to-a-player": _fight(
        ["Raider as r"], ["Bear as b"], "r", "b"),
    # -- last known information ----------------------------------------------------------------
    "face-down-permanent-remembered-face-up": _w(
        {"alice": {"battlefield": [{"card": "Self Mourner", "as": "sm", "face_down": True}]}},
        move("sm", G)),
    # -- costs and mana ------------------------------------------------------------------------
    "x-added-after-cost-reductions": _w(
        {"alice": {"battlefield": ["Discount"], "hand": ["Fireball as fb"], "mana": "{2}{R}"}},
        cast("alice", "fb", BOB, x=3), resolve()),
    "only-the-last-cost-reduction-applies": _w(
        {"alice": {"battlefield": ["Discount", "Discount"], "hand": ["Ogre as o"],
                   "mana": "{1}{R}"}},
        cast("alice", "o"), resolve()),
    "sacrifice-cost-paid-before-targets": _w(
        {"alice": {"battlefield": ["Mogg Fanatic as mf"]}, "bob": {"battlefield": ["Bear as b"]}},
        activate("alice", "mf"), resolve(), answers=(("b",),)),
    "mana-added-to-the-active-players-pool": _w(
        {"alice": {}, "bob": {"battlefield": ["Mountain as m"], "hand": ["Shock as s"]}},
        pass_priority("alice"), activate("bob", "m"), cast("bob", "s", ALICE), resolve()),
    # -- the end of the game and state-based actions -------------------------------------------
    "actions-taken-after-the-game-ended": _w(
        {"alice": {"hand": ["Shock as s1", "Shock as s2"], "mana": "{R}{R}"}, "bob": {"life": 2}},
        cast("alice", "s1", BOB), resolve(), cast("alice", "s2", BOB), resolve()),
    "counter-pairs-never-removed": _w(
        {"alice": {"battlefield": [{"card": "Bear", "counters": {"+1/+1": 1, "-1/-1": 1}}]}},
        pass_priority("alice")),
    # -- counters ------------------------------------------------------------------------------
    "saga-lore-counter-only-when-cast": _w(
        {"alice": {"hand": ["Tale as t"]}}, move("t", B), resolve()),
    "minus-counters-left-out-of-power-and-toughness": _w(
        {"alice": {"battlefield": [{"card": "Bear", "counters": {"-1/-1": 1}}]}},
        pass_priority("alice")),
    # -- face-down spells and copies -----------------------------------------------------------
    "face-down-spell-face-up-on-the-stack": _w(
        {"alice": {"hand": ["Shapeshifter as s"], "mana": "{3}"}},
        cast("alice", "s", face_down=True), resolve()),
    "copy-announced-before-it-copies": _w(
        {"alice": {"battlefield": ["Shapeshifter as ss"], "hand": ["Clone as c"],
                   "mana": "{3}{U}"}},
        cast("alice", "c"), resolve(), resolve(), answers=(("ss",),)),
    # -- Rooms ---------------------------------------------------------------------------------
    "room-cast-as-its-left-half": _w(
        {"alice": {"hand": [f"{ROOM} as room"], "mana": "{3}{W}"}},
        cast("alice", "room", door="right"), resolve()),
    # -- triggered abilities -------------------------------------------------------------------
    "intervening-if-counts-every-players-permanents": _w(
        {"alice": {"battlefield": ["Conditional", "Bear"]}, "bob": {"battlefield": ["Bear"]}},
        advance(Step.END), resolve()),
    "next-end-step-trigger-at-end-of-combat": _w(
        {"alice": {"battlefield": ["Bear as bear"], "hand": ["Fleeting Mirror as fm"],
                   "mana": "{U}"}},
        cast("alice", "fm", "bear"), resolve(), advance(Step.END), resolve()),
    "sacrificed-permanent-does-not-die": _w(
        {"alice": {"battlefield": ["Self Mourner as sm"], "hand": ["Fleeting Mirror as fm"],
                   "mana": "{U}"}},
        cast("alice", "fm", "sm"), resolve(), advance(Step.END), resolve(), resolve()),
    # -- durations and continuous effects ------------------------------------------------------
    "gained-keyword-outlasts-the-turn": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Mighty Leap as ml"],
                   "mana": "{1}{W}"}},
        cast("alice", "ml", "b"), resolve(), advance(Step.UPKEEP)),
    "anthem-works-from-the-hand": _w(
        {"alice": {"battlefield": ["Bear"], "hand": ["Glorious Anthem"]}}, pass_priority("alice")),
    # -- tokens and drawing --------------------------------------------------------------------
    "token-created-colorless": _w(
        {"alice": {"hand": ["Token Maker as tm"], "mana": "{W}"}}, cast("alice", "tm"), resolve()),
    "target-player-draw-made-by-the-caster": _w(
        {"alice": {"hand": ["Inspiration as i"], "mana": "{3}{U}", "library": LIBRARY},
         "bob": {"library": LIBRARY}},
        cast("alice", "i", BOB), resolve()),
}
