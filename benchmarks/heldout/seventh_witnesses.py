"""Witness games of the seventh batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import PlayLand
from conformance.format.vocabulary import Step, Zone

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, face_up, move, pass_priority,
    resolve, setup, unlock,
)

G = Zone.GRAVEYARD
ALICE, BOB = "player:alice", "player:bob"


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


ROOM = "Left Hall // Right Hall"

SEVENTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "target-opponent-offers-yourself": _w(
        {"alice": {"hand": ["Bump in the Night as bn"], "mana": "{B}"}},
        cast("alice", "bn", ALICE), resolve()),
    "up-to-targets-need-one": _w(
        {"alice": {"hand": ["Wither as w"], "mana": "{B}"}, "bob": {"battlefield": ["Bear"]}},
        cast("alice", "w"), resolve(), answers=((),)),
    # -- the stack and priority ----------------------------------------------------------------
    "priority-passed-on-from-the-active-player": _w(
        {"alice": {}, "bob": {"hand": ["Shock as sh"], "mana": "{R}"}},
        pass_priority("alice"), cast("bob", "sh", ALICE), pass_priority("bob"),
        pass_priority("alice")),
    "spell-copy-put-under-its-original": _w(
        {"alice": {"hand": ["Shock as sh", "Twincast as tc"], "mana": "{R}{U}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sh", "b"), cast("alice", "tc", "sh"), resolve(), resolve(), resolve()),
    # -- timing --------------------------------------------------------------------------------
    "permanent-spells-at-instant-speed": _w(
        {"alice": {}, "bob": {"hand": ["Bear as b"], "mana": "{1}{G}"}},
        pass_priority("alice"), cast("bob", "b"), resolve()),
    "turn-face-up-only-as-a-sorcery": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "s", "face_down": True}],
                   "mana": "{2}{G}"}, "bob": {}},
        pass_priority("bob"), face_up("alice", "s"), active="bob"),
    # -- state-based actions -------------------------------------------------------------------
    "effect-draw-from-empty-library-no-loss": _w(
        {"alice": {"hand": ["Divination as d"], "library": ["Bear"], "mana": "{2}{U}"}},
        cast("alice", "d"), resolve()),
    "damage-equal-to-toughness-not-lethal": _w(
        {"alice": {"hand": ["Shock as sh"], "mana": "{R}"}, "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sh", "b"), resolve()),
    # -- combat --------------------------------------------------------------------------------
    "summoning-sick-creature-cannot-block": _w(
        {"alice": {"battlefield": ["Bear as a"]},
         "bob": {"battlefield": [{"card": "Bear", "as": "b", "summoning_sick": True}]}},
        attack("alice", "a"), block("bob", ("b", "a")), advance(Step.END)),
    "first-strike-gained-late-deals-no-damage": _w(
        {"alice": {"battlefield": ["First Striker as fs",
                                   {"card": "Battering Craghorn", "as": "bc", "face_down": True},
                                   "Mountain as m1", "Mountain as m2", "Mountain as m3"]}},
        attack("alice", "fs", "bc"), block("bob"), advance(Step.COMBAT_DAMAGE),
        activate("alice", "m1"), activate("alice", "m2"), activate("alice", "m3"),
        face_up("alice", "bc"), advance(Step.END)),
    # -- lands and mana ------------------------------------------------------------------------
    "land-summoning-sick-for-mana": _w(
        {"alice": {"hand": ["Forest as f"]}}, play_land("alice", "f"), activate("alice", "f")),
    "second-land-play-allowed": _w(
        {"alice": {"hand": ["Plains as p", "Forest as f"]}},
        play_land("alice", "p"), play_land("alice", "f")),
    "hybrid-paid-with-first-color-only": _w(
        {"alice": {"hand": ["Boros Recruit as br"], "mana": "{W}"}},
        cast("alice", "br"), resolve()),
    "colorless-symbol-paid-as-generic": _w(
        {"alice": {"hand": ["Spatial Contortion as sc"], "mana": "{W}{W}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sc", "b"), resolve()),
    # -- the turn ------------------------------------------------------------------------------
    "untap-step-untaps-the-previous-player": _w(
        {"alice": {"battlefield": [{"card": "Bear", "tapped": True}]},
         "bob": {"battlefield": [{"card": "Ogre", "tapped": True}]}},
        advance(Step.UPKEEP), step=Step.END),
    "lore-counter-in-each-main-phase": _w(
        {"alice": {"battlefield": [{"card": "Tale", "counters": {"lore": 1}}]}},
        advance(Step.POSTCOMBAT_MAIN), resolve()),
    # -- counters ------------------------------------------------------------------------------
    "enters-with-x-counters-reads-zero": _w(
        {"alice": {"hand": ["Endless One as e"], "mana": "{3}"}},
        cast("alice", "e", x=3), resolve()),
    # -- zone and face changes -----------------------------------------------------------------
    "face-down-spell-enters-face-up": _w(
        {"alice": {"hand": ["Shapeshifter as s"], "mana": "{3}"}},
        cast("alice", "s", face_down=True), resolve(), resolve()),
    "flickered-permanent-returns-to-its-flickerer": _w(
        {"alice": {"hand": ["Flicker as f"], "mana": "{W}"}, "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "f", "b"), resolve()),
    # -- triggered abilities -------------------------------------------------------------------
    "trigger-once-per-condition-met": _w(
        {"alice": {"hand": ["Hada Freeblade as h"], "mana": "{W}"}},
        cast("alice", "h"), resolve(), resolve(), resolve()),
    # -- continuous effects --------------------------------------------------------------------
    "anthem-pumps-every-players-creatures": _w(
        {"alice": {"hand": ["Glorious Anthem as ga"], "mana": "{1}{W}{W}"},
         "bob": {"battlefield": ["Bear"]}},
        cast("alice", "ga"), resolve()),
    # -- copies --------------------------------------------------------------------------------
    "copy-of-a-token-is-a-token": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "t", "token": True}],
                   "hand": ["Clone as c"], "mana": "{3}{U}"}},
        cast("alice", "c"), resolve(), move("c", G), answers=(("t",),)),
    # -- Rooms ---------------------------------------------------------------------------------
    "door-unlocked-over-a-spell": _w(
        {"alice": {"battlefield": [{"card": ROOM, "as": "r", "unlocked": ["left"]}],
                   "hand": ["Shock as sh"], "mana": "{R}{3}{W}"}},
        cast("alice", "sh", BOB), unlock("alice", "r", "right"), resolve()),
    "room-mana-value-counts-locked-door": _w(
        {"alice": {"hand": [f"{ROOM} as r"], "mana": "{1}{W}"}},
        cast("alice", "r", door="left"), resolve()),
}
