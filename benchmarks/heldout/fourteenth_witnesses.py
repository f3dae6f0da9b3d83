"""Witness games of the fourteenth batch of held-out bugs (see ``witnesses.py``): in each,
the bug changes something a player can see."""

from __future__ import annotations

from conformance.contract.types import Activate, PlayLand
from conformance.format.vocabulary import Step

from .play import (
    Step_, Witness, activate, advance, attack, block, cast, pass_priority, resolve, setup,
)

BOB = "player:bob"
ALICE = "player:alice"
ROOM = "Left Hall // Right Hall"
LIBRARY = ["Bear", "Bear", "Bear"]


def _w(players: dict[str, dict[str, object]], *script: Step_, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)


def _play_land(player: str, card: str) -> Step_:
    return lambda t: PlayLand(player, t.ids[card])


def _activate_token(player: str, name: str) -> Step_:
    """Activate the first ability of a token, named ``token:<name>`` (tokens have no alias)."""
    return lambda t: Activate(player, t.ref(name), 0)


FOURTEENTH_BATCH: dict[str, Witness] = {
    # -- targets -------------------------------------------------------------------------------
    "target-permanent-read-as-target-creature": _w(
        {"alice": {"battlefield": ["Trinket as t"], "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "t"), resolve()),
    "divided-amount-to-one-target-dealt-once": _w(
        {"alice": {"hand": ["Forked Bolt as fb"], "mana": "{R}"}},
        cast("alice", "fb", BOB), resolve()),
    # -- the stack -----------------------------------------------------------------------------
    "may-carried-out-whatever-the-answer": _w(
        {"alice": {"hand": ["Hada Freeblade as h"], "mana": "{W}"}},
        cast("alice", "h"), resolve(), resolve(), answers=(("no",),)),
    "ability-activated-by-another-player": _w(
        {"alice": {}, "bob": {"battlefield": ["Prodigal Pyromancer as pp"]}},
        activate("alice", "pp"), resolve(), answers=((BOB,),)),
    # -- timing and durations ------------------------------------------------------------------
    "exiled-card-played-by-another-player": _w(
        {"alice": {"hand": ["Impulse as imp"], "library": ["Shock as s", "Bear"], "mana": "{R}"},
         "bob": {"mana": "{R}"}},
        cast("alice", "imp"), resolve(), pass_priority("alice"), cast("bob", "s", ALICE),
        resolve()),
    "play-permission-outlasts-its-turn": _w(
        {"alice": {"battlefield": ["Mountain as mtn"], "hand": ["Impulse as imp"],
                   "library": ["Shock as s", "Bear", "Bear"], "mana": "{R}"},
         "bob": {"library": LIBRARY}},
        cast("alice", "imp"), resolve(), advance(Step.UPKEEP), advance(Step.UPKEEP),
        advance(Step.UPKEEP), pass_priority("bob"), activate("alice", "mtn"),
        cast("alice", "s", BOB), resolve()),
    # -- state-based actions -------------------------------------------------------------------
    "counter-pairs-remove-every-counter": _w(
        {"alice": {"battlefield": [{"card": "Bear", "counters": {"+1/+1": 2, "-1/-1": 1}}]}},
        advance(Step.END)),
    # -- combat and the turn's steps -----------------------------------------------------------
    "tapped-blocker-deals-no-combat-damage": _w(
        {"alice": {"battlefield": ["Squire as a"]},
         "bob": {"battlefield": ["Prodigal Pyromancer as pp"]}},
        attack("alice", "a"), block("bob", ("pp", "a")), pass_priority("alice"),
        activate("bob", "pp"), resolve(), advance(Step.END), answers=((ALICE,),)),
    "combat-steps-kept-without-attackers": _w(
        {"alice": {"battlefield": ["Bear"]}},
        attack("alice"), advance(Step.COMBAT_DAMAGE)),
    "reach-read-as-evasion": _w(
        {"alice": {"battlefield": ["Reacher as a"]}, "bob": {"battlefield": ["Bear as b"]}},
        attack("alice", "a"), block("bob", ("b", "a")), advance(Step.END)),
    "untap-step-untaps-every-player": _w(
        {"alice": {"battlefield": [{"card": "Bear", "tapped": True}]}, "bob": {}},
        advance(Step.UPKEEP)),
    # -- costs and mana value ------------------------------------------------------------------
    "first-creature-discount-used-by-another-players-spell": _w(
        {"alice": {"battlefield": ["First Discount"], "hand": ["Bear as b"], "mana": "{G}"},
         "bob": {"hand": ["Ambush Viper as v"], "mana": "{1}{G}"}},
        pass_priority("alice"), cast("bob", "v"), resolve(), cast("alice", "b"), resolve()),
    "room-half-cast-for-the-left-halfs-cost": _w(
        {"alice": {"hand": [f"{ROOM} as room"], "mana": "{1}{W}"}},
        cast("alice", "room", door="right"), resolve()),
    "hybrid-symbol-counted-for-each-half": _w(
        {"alice": {"battlefield": ["Boros Recruit"]}}, advance(Step.END)),
    # -- lands and library searches ------------------------------------------------------------
    "cast-permission-lets-a-land-be-played": _w(
        {"alice": {"battlefield": ["Gravecaller"], "graveyard": ["Forest as f"]}},
        _play_land("alice", "f")),
    "library-search-ignores-its-filter": _w(
        {"alice": {"hand": ["Land Grant as lg"], "library": ["Bear", "Forest"], "mana": "{G}"}},
        cast("alice", "lg"), resolve()),
    # -- the end of the game -------------------------------------------------------------------
    "life-loss-to-zero-does-not-lose": _w(
        {"alice": {"hand": ["Bump in the Night as b"], "mana": "{B}"}, "bob": {"life": 3}},
        cast("alice", "b", BOB), resolve()),
    # -- triggers ------------------------------------------------------------------------------
    "this-read-as-the-entering-permanent": _w(
        {"alice": {"battlefield": ["Hada Freeblade as h1"], "hand": ["Hada Freeblade as h2"],
                   "mana": "{W}"}},
        cast("alice", "h2"), resolve(), resolve(), resolve()),
    "leaves-trigger-for-a-permanent-of-its-name": _w(
        {"alice": {"battlefield": ["Departing Spirit as d1", "Departing Spirit as d2"],
                   "hand": ["Rescue as r"], "mana": "{U}"}},
        cast("alice", "r", "d1"), resolve(), resolve(), resolve()),
    # -- Rooms and zone changes ----------------------------------------------------------------
    "cast-door-unlocked-without-the-event": _w(
        {"alice": {"hand": [f"{ROOM} as room"], "mana": "{1}{W}"}},
        cast("alice", "room", door="left"), resolve(), resolve()),
    "room-keeps-its-doors-through-a-zone-change": _w(
        {"alice": {"battlefield": [{"card": ROOM, "as": "room", "unlocked": ["left"]}],
                   "hand": ["Rescue as r"], "mana": "{U}{1}{W}"}},
        cast("alice", "r", "room"), resolve(), cast("alice", "room", door="left"), resolve(),
        resolve()),
    # -- copies, transform and tokens ----------------------------------------------------------
    "token-copy-of-a-transforming-card-cannot-transform": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as w"], "hand": ["Mirror as m"],
                   "mana": "{U}{1}"}},
        cast("alice", "m", "w"), resolve(), _activate_token("alice", "token:Day Wolf"),
        resolve()),
    "token-copy-mana-value-zero": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "b"), resolve()),
    # -- continuous effects --------------------------------------------------------------------
    "anthems-of-one-name-applied-once": _w(
        {"alice": {"battlefield": ["Glorious Anthem", "Glorious Anthem", "Bear"]}},
        advance(Step.END)),
}
