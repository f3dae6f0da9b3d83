"""For each held-out bug, a game in which it changes something a player can see (see
``play.py``): the proof that the bug is not a no-op.  A bug that no game here can tell
apart from the reference engine would be listed in ``EQUIVALENT`` with the reason."""

from __future__ import annotations

from conformance.contract.types import Cast, DeclareAttackers
from conformance.format.vocabulary import Step, Zone

from .fifth_witnesses import FIFTH_BATCH
from .fourth_witnesses import FOURTH_BATCH
from .seventh_witnesses import SEVENTH_BATCH
from .eighth_witnesses import EIGHTH_BATCH
from .ninth_witnesses import NINTH_BATCH
from .tenth_witnesses import TENTH_BATCH
from .eleventh_witnesses import ELEVENTH_BATCH
from .twelfth_witnesses import TWELFTH_BATCH
from .thirteenth_witnesses import THIRTEENTH_BATCH
from .fourteenth_witnesses import FOURTEENTH_BATCH
from .fifteenth_witnesses import FIFTEENTH_BATCH
from .sixteenth_witnesses import SIXTEENTH_BATCH
from .seventeenth_witnesses import SEVENTEENTH_BATCH
from .eighteenth_witnesses import EIGHTEENTH_BATCH
from .nineteenth_witnesses import NINETEENTH_BATCH
from .sixth_witnesses import SIXTH_BATCH
from .third_witnesses import THIRD_BATCH
from .play import (
    Step_, Witness, activate, advance, attack, block, cast, face_up, move, pass_priority,
    resolve, setup, unlock,
)

B, G, E = Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.EXILE
BOB = "player:bob"


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active), tuple(script), answers)  # type: ignore[arg-type]


def _combat(alice: dict[str, object], bob: dict[str, object], attacker: str,
            blocker: str | None = None, *before: object,
            answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    blocks = block("bob", (blocker, attacker)) if blocker else block("bob")
    return _w({"alice": alice, "bob": bob}, *before, attack("alice", attacker), blocks,
              advance(Step.END), answers=answers)


BEAR_ENTERS = ({"hand": ["Bear as bear"], "mana": "{1}{G}"}, cast("alice", "bear"), resolve())

WITNESSES: dict[str, Witness] = {
    # -- triggers -----------------------------------------------------------------------
    "doubler-any-controller": _w(
        {"alice": {"battlefield": ["Greeter"], **BEAR_ENTERS[0]},
         "bob": {"battlefield": ["Doubler"]}}, *BEAR_ENTERS[1:]),
    "doubler-ignores-entering-condition": _w(
        {"alice": {"battlefield": ["Entry Doubler", "End Pinger"]}}, advance(Step.END)),
    "doubler-checks-trigger-source": _w(
        {"alice": {"battlefield": ["Entry Doubler", "Greeter"], **BEAR_ENTERS[0]}},
        *BEAR_ENTERS[1:]),
    "doubler-no-lki": _w(
        {"alice": {"battlefield": ["Doubler", "Self Mourner as sm"]}}, move("sm", G)),
    "doubler-doubles-delayed": _w(
        {"alice": {"battlefield": ["Doubler", "Bear as bear"], "hand": ["Fleeting Mirror as fm"],
                   "mana": "{U}"}},
        cast("alice", "fm", "bear"), resolve(), advance(Step.END)),
    "apnap-reversed": _w(
        {"alice": {"battlefield": ["End Pinger"]}, "bob": {"battlefield": ["End Healer"]}},
        advance(Step.END)),
    "trigger-order-not-asked": _w(
        {"alice": {"battlefield": ["End Pinger", "End Healer"]}}, advance(Step.END)),
    "intervening-if-only-on-resolution": _w(
        {"alice": {"battlefield": ["Conditional", "Bear"]}}, advance(Step.END)),
    "intervening-if-not-rechecked": _w(
        {"alice": {"battlefield": ["Conditional", "Bear as b1", "Bear"]}},
        advance(Step.END), move("b1", G), resolve()),
    "dies-filter-without-lki": _w(
        {"alice": {"battlefield": ["Mourner"], "hand": ["Token Maker as tm"], "mana": "{W}"}},
        cast("alice", "tm"), resolve(), move("token:Soldier Token", G)),
    "simultaneous-deaths-unseen": _w(
        {"alice": {"battlefield": ["Elegist as e1", "Elegist as e2"], "hand": ["Wither as w"],
                   "mana": "{B}"}},
        cast("alice", "w", "e1", "e2"), resolve()),
    # -- copies and tokens ----------------------------------------------------------------
    "token-copy-keeps-counters": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "bear", "counters": {"+1/+1": 2}}],
                   "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "bear"), resolve()),
    "token-copy-keeps-pt-effects": _w(
        {"alice": {"battlefield": ["Bear as bear"], "hand": ["Growth as g", "Mirror as m"],
                   "mana": "{G}{U}"}},
        cast("alice", "g", "bear"), resolve(), cast("alice", "m", "bear"), resolve()),
    "token-copy-front-face-up": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "wolf",
                                    "transformed": True}],
                   "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "wolf"), resolve()),
    "token-copy-keeps-doors": _w(
        {"alice": {"battlefield": [{"card": "Left Hall // Right Hall", "as": "room",
                                    "unlocked": ["left"]}],
                   "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "room"), resolve()),
    "copy-ignores-copy-effects": _w(
        {"alice": {"battlefield": ["Bear as bear"], "hand": ["Clone as clone", "Mirror as m"],
                   "mana": "{3}{U}{U}"}},
        cast("alice", "clone"), resolve(), cast("alice", "m", "clone"), resolve(),
        answers=(("bear",),)),
    "copy-of-face-down-face-up": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "fd", "face_down": True}],
                   "hand": ["Mirror as m"], "mana": "{U}"}},
        cast("alice", "m", "fd"), resolve()),
    "copy-of-transformed-front-face": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "wolf",
                                    "transformed": True}],
                   "hand": ["Clone as clone"], "mana": "{3}{U}"}},
        cast("alice", "clone"), resolve(), answers=(("wolf",),)),
    "tokens-do-not-cease": _w(
        {"alice": {"hand": ["Token Maker as tm"], "mana": "{W}"}},
        cast("alice", "tm"), resolve(), move("token:Soldier Token", G)),
    "permanent-spell-copy-not-token": _w(
        {"alice": {"hand": ["Bear as bear", "Twincast as tc"], "mana": "{1}{G}{U}"}},
        cast("alice", "bear"), cast("alice", "tc", "bear"), resolve(), resolve()),
    "spell-copy-x-zero": _w(
        {"alice": {"hand": ["Fireball as fb", "Twincast as tc"], "mana": "{3}{R}{U}"}},
        cast("alice", "fb", BOB, x=3), cast("alice", "tc", "fb"), resolve(), resolve()),
    "spell-copy-is-cast": _w(
        {"alice": {"battlefield": ["Cast Watcher"], "hand": ["Shock as sh", "Twincast as tc"],
                   "mana": "{R}{U}"}},
        cast("alice", "sh", BOB), resolve(), cast("alice", "tc", "sh"), resolve(), resolve()),
    "spell-copy-loses-door": _w(
        {"alice": {"hand": ["Left Hall // Right Hall as room", "Twincast as tc"],
                   "mana": "{1}{W}{U}"}},
        cast("alice", "room", door="left"), cast("alice", "tc", "room"), resolve(), resolve()),
    "spell-copy-original-controller": _w(
        {"alice": {"hand": ["Twincast as tc"], "mana": "{U}"},
         "bob": {"hand": ["Bear as bear"], "mana": "{1}{G}"}},
        cast("bob", "bear"), pass_priority("bob"), cast("alice", "tc", "bear"), resolve(),
        resolve(), active="bob"),
    "cast-copy-not-cast": _w(
        {"alice": {"battlefield": ["Cast Watcher"], "hand": ["Scepter as sc", "Shock as sh"],
                   "mana": "{4}"}},
        cast("alice", "sc"), resolve(), resolve(), resolve(), activate("alice", "sc"),
        resolve(), answers=(("sh",), ("sh",), (BOB,))),
    # -- face-down, transform, Rooms ------------------------------------------------------
    "face-down-keeps-mana-value": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "face_down": True}]}},
        advance(Step.END)),
    "face-down-abilities-trigger": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "face_down": True}]}},
        advance(Step.END)),
    "turn-face-up-enters": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "fd", "face_down": True}],
                   "mana": "{2}{G}"}},
        face_up("alice", "fd")),
    "turn-face-up-prevented-by-name": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "fd", "face_down": True}],
                   "hand": ["Needle as n"], "mana": "{1}{2}{G}"}},
        cast("alice", "n"), resolve(), face_up("alice", "fd"), answers=(("Shapeshifter",),)),
    "transformed-mana-value-back-face": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "transformed": True}]}},
        advance(Step.END)),
    "transformed-card-leaves-back-face-up": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "wolf",
                                    "transformed": True}]}},
        move("wolf", G)),
    "copy-of-dfc-transforms": _w(
        {"alice": {"battlefield": ["Day Wolf // Night Wolf as wolf"], "hand": ["Clone as clone"],
                   "mana": "{3}{U}{1}"}},
        cast("alice", "clone"), resolve(), activate("alice", "clone"), resolve(),
        answers=(("wolf",),)),
    "enters-transformed-anything": _w(
        {"alice": {"battlefield": ["Blinker as bl"], "mana": "{1}"}},
        activate("alice", "bl"), resolve()),
    "room-enters-locked": _w(
        {"alice": {"hand": ["Left Hall // Right Hall as room"], "mana": "{1}{W}"}},
        cast("alice", "room", door="left"), resolve()),
    "locked-doors-have-abilities": _w(
        {"alice": {"battlefield": [{"card": "Left Hall // Right Hall", "unlocked": ["left"]}]}},
        advance(Step.END)),
    "unlock-trigger-any-door": _w(
        {"alice": {"battlefield": [{"card": "Left Hall // Right Hall", "as": "room",
                                    "unlocked": ["left"]}], "mana": "{3}{W}"}},
        unlock("alice", "room", "right")),
    "unlock-cost-left-door": _w(
        {"alice": {"battlefield": ["Left Hall // Right Hall as room"], "mana": "{1}{W}"}},
        unlock("alice", "room", "right")),
    # -- costs, permissions, legend rule, durations, combat -------------------------------
    "cost-increase-own-spells-only": _w(
        {"alice": {"battlefield": ["Thorn"]}, "bob": {"hand": ["Shock as sh"], "mana": "{R}"}},
        cast("bob", "sh", "player:alice"), active="bob"),
    "cost-reductions-before-increases": _w(
        {"alice": {"battlefield": ["Thorn", "Discount"], "hand": ["Shock as sh"], "mana": "{R}"}},
        cast("alice", "sh", BOB)),
    "cost-increase-adds-colored": _w(
        {"alice": {"battlefield": ["Thorn"], "hand": ["Shock as sh"], "mana": "{1}{R}"}},
        cast("alice", "sh", BOB)),
    "first-each-turn-reduction-every-spell": _w(
        {"alice": {"battlefield": ["First Discount"], "hand": ["Bear as b1", "Bear as b2"],
                   "mana": "{G}{G}"}},
        cast("alice", "b1"), resolve(), cast("alice", "b2")),
    "graveyard-permission-by-card-name": _w(
        {"alice": {"battlefield": ["Gravecaller", "Gravecaller"],
                   "graveyard": ["Bear as b1", "Bear as b2"], "mana": "{1}{G}{1}{G}"}},
        cast("alice", "b1"), resolve(), cast("alice", "b2")),
    "legend-rule-across-players": _w(
        {"alice": {"hand": ["Legend as lg"], "mana": "{2}{W}"}, "bob": {"battlefield": ["Legend"]}},
        cast("alice", "lg"), resolve()),
    "legend-rule-printed-name": _w(
        {"alice": {"battlefield": ["Legend as lg"], "hand": ["Clone as clone"], "mana": "{3}{U}"}},
        cast("alice", "clone"), resolve(), answers=(("lg",),)),
    "until-end-of-turn-never-ends": _w(
        {"alice": {"battlefield": ["Bear as bear"], "hand": ["Growth as g"], "mana": "{G}"}},
        cast("alice", "g", "bear"), resolve(), advance(Step.UPKEEP)),
    "until-end-of-turn-ends-at-end-step": _w(
        {"alice": {"battlefield": ["Bear as bear"], "hand": ["Growth as g"], "mana": "{G}"}},
        cast("alice", "g", "bear"), resolve(), advance(Step.END)),
    "double-strike-deals-once": _combat({"battlefield": ["Double Striker as a"]}, {}, "a"),
    "first-strike-deals-twice": _combat({"battlefield": ["First Striker as a"]}, {}, "a"),
    "trample-ignores-deathtouch": _combat(
        {"battlefield": ["Deadly Trampler as a"]}, {"battlefield": ["Blocker Wall as w"]},
        "a", "w", answers=(("w", BOB, BOB, BOB),)),
    "trample-ignores-marked-damage": _combat(
        {"battlefield": ["Trampler as a"], "hand": ["Shock as sh"], "mana": "{R}"},
        {"battlefield": ["Blocker Wall as w"]}, "a", "w", cast("alice", "sh", "w"), resolve(),
        answers=(("w", "w", BOB, BOB),)),
    "combat-damage-trigger-per-creature": _w(
        {"alice": {"battlefield": ["Locker", "Bear as b1", "Bear as b2"]}},
        attack("alice", "b1", "b2"), block("bob"), advance(Step.END)),
    "blockers-gone-attacker-unblocked": _w(
        {"alice": {"battlefield": ["Bear as a"]}, "bob": {"battlefield": ["Blocker Wall as w"]}},
        attack("alice", "a"), block("bob", ("w", "a")), move("w", E), advance(Step.END)),
}


def _attack_with(player: str, *objects: str) -> Step_:
    """Declare attackers named by alias or ``token:<name>`` (tokens have no alias)."""
    return lambda t: DeclareAttackers(player, tuple(t.ref(o) for o in objects))


def _cast_with_no_target(player: str, card: str) -> Step_:
    return lambda t: Cast(player, t.ids[card], None, targets=())


_LIBRARY = ["Bear", "Bear", "Bear"]

#: The second batch (combat, the turn, state-based actions, damage, targets, convoke).
SECOND_BATCH: dict[str, Witness] = {
    # -- combat -------------------------------------------------------------------------
    "flying-ignored-when-blocking": _combat(
        {"battlefield": ["Flyer as a"]}, {"battlefield": ["Bear as b"]}, "a", "b"),
    "flyer-cannot-block-flyer": _combat(
        {"battlefield": ["Flyer as a"]}, {"battlefield": ["Flyer as b"]}, "a", "b"),
    "attackers-do-not-tap": _combat({"battlefield": ["Bear as a"]}, {}, "a"),
    "you-attack-per-attacker": _w(
        {"alice": {"battlefield": ["Raid Horn", "Bear as b1", "Bear as b2"]}},
        attack("alice", "b1", "b2")),
    "you-attack-needs-two-attackers": _w(
        {"alice": {"battlefield": ["Raid Horn", "Bear as a"]}}, attack("alice", "a")),
    "attacks-trigger-any-attacker": _w(
        {"alice": {"battlefield": ["Warcaller", "Bear as a"]}}, attack("alice", "a")),
    "lifelink-only-to-players": _combat(
        {"battlefield": ["Lifelinker as a"]}, {"battlefield": ["Blocker Wall as w"]}, "a", "w"),
    "deathtouch-only-in-combat": _w(
        {"alice": {"battlefield": ["Deadly Pinger as dp"]},
         "bob": {"battlefield": ["Blocker Wall as w"]}},
        activate("alice", "dp"), resolve(), answers=(("w",),)),
    "noncombat-damage-triggers-combat-damage": _w(
        {"alice": {"battlefield": ["Raider as r"]}},
        activate("alice", "r"), resolve(), answers=((BOB,),)),
    "first-strike-blockers-ignored": _combat(
        {"battlefield": ["Bear as a"]}, {"battlefield": ["First Striker as fs"]}, "a", "fs"),
    "damage-assignment-order": _w(
        {"alice": {"battlefield": ["Ogre as a"]},
         "bob": {"battlefield": ["Blocker Wall as w1", "Blocker Wall as w2"]}},
        attack("alice", "a"), block("bob", ("w1", "a"), ("w2", "a")), advance(Step.END),
        answers=(("w1", "w1", "w2", "w2"),)),
    "trample-removed-blocker-no-damage": _w(
        {"alice": {"battlefield": ["Trampler as a"]},
         "bob": {"battlefield": ["Blocker Wall as w"]}},
        attack("alice", "a"), block("bob", ("w", "a")), move("w", E), advance(Step.END)),
    # -- the turn -----------------------------------------------------------------------
    "mana-kept-between-steps": _w(
        {"alice": {"hand": ["Shock as sh"], "mana": "{R}"}},
        advance(Step.BEGINNING_OF_COMBAT), cast("alice", "sh", BOB)),
    "upkeep-trigger-every-upkeep": _w(
        {"alice": {"battlefield": ["Upkeep Keeper"]}}, advance(Step.UPKEEP)),
    "each-end-step-only-yours": _w(
        {"alice": {}, "bob": {"battlefield": ["End Pinger"]}}, advance(Step.END)),
    "tokens-not-summoning-sick": _w(
        {"alice": {"hand": ["Token Maker as tm"], "mana": "{W}"}},
        cast("alice", "tm"), resolve(), _attack_with("alice", "token:Soldier Token")),
    "trigger-order-reversed": _w(
        {"alice": {"battlefield": ["End Pinger as ep", "End Healer as eh"]}},
        advance(Step.END), resolve(), answers=(("ep", "eh"),)),
    "next-turn-permission-ends-early": _w(
        {"alice": {"hand": ["Impulse as im"], "mana": "{R}",
                   "library": ["Memnite as m", *_LIBRARY]},
         "bob": {"library": _LIBRARY}},
        cast("alice", "im"), resolve(), advance(Step.UPKEEP), advance(Step.END),
        advance(Step.UPKEEP), advance(Step.PRECOMBAT_MAIN), cast("alice", "m")),
    "exiled-cards-ignore-timing": _w(
        {"alice": {"hand": ["Impulse as im"], "mana": "{R}",
                   "library": ["Free Lesson as fl", *_LIBRARY]}},
        cast("alice", "im"), resolve(), advance(Step.END), cast("alice", "fl")),
    # -- state-based actions, the end of the game, dies triggers -------------------------
    "zero-toughness-survives": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Wither as w"], "mana": "{B}"}},
        cast("alice", "w", "b"), resolve()),
    "simultaneous-loss-not-draw": _w(
        {"alice": {"life": 2, "hand": ["Scorch as sc"], "mana": "{R}"}, "bob": {"life": 2}},
        cast("alice", "sc"), resolve()),
    "token-deaths-unseen": _w(
        {"alice": {"battlefield": ["Mourner"], "hand": ["Token Maker as tm"], "mana": "{W}"}},
        cast("alice", "tm"), resolve(), move("token:Soldier Token", G)),
    "dies-on-any-zone-change": _w(
        {"alice": {"battlefield": ["Self Mourner as sm"]}}, move("sm", E)),
    # -- divided damage, targets with a minimum, convoke ---------------------------------
    "divided-damage-to-each-target": _w(
        {"alice": {"hand": ["Split Bolt as sb"], "mana": "{1}{R}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sb", BOB, "b"), resolve()),
    "divided-damage-zero-share": _w(
        {"alice": {"hand": ["Split Bolt as sb"], "mana": "{1}{R}"},
         "bob": {"battlefield": ["Bear as b"]}},
        cast("alice", "sb", BOB, "b"), resolve(), answers=((BOB, BOB),)),
    "target-minimum-not-enforced": _w(
        {"alice": {"hand": ["Split Bolt as sb"], "mana": "{1}{R}"}},
        _cast_with_no_target("alice", "sb")),
    "convoke-pays-generic-only": _w(
        {"alice": {"battlefield": ["Squire as s"], "hand": ["Rally as r"], "mana": "{1}"}},
        cast("alice", "r"), resolve(), answers=(("s",),)),
    "convoke-pays-any-color": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Small Rally as r"]}},
        cast("alice", "r"), resolve(), answers=(("b",),)),
    "convoke-taps-noncreatures": _w(
        {"alice": {"battlefield": ["Trinket"], "hand": ["Generic Rally as r"], "mana": "{1}"}},
        cast("alice", "r"), resolve()),
}
WITNESSES.update(SECOND_BATCH)
WITNESSES.update(THIRD_BATCH)
WITNESSES.update(FOURTH_BATCH)
WITNESSES.update(FIFTH_BATCH)
WITNESSES.update(SIXTH_BATCH)
WITNESSES.update(SEVENTH_BATCH)
WITNESSES.update(EIGHTH_BATCH)
WITNESSES.update(NINTH_BATCH)
WITNESSES.update(TENTH_BATCH)
WITNESSES.update(ELEVENTH_BATCH)
WITNESSES.update(TWELFTH_BATCH)
WITNESSES.update(THIRTEENTH_BATCH)
WITNESSES.update(FOURTEENTH_BATCH)
WITNESSES.update(FIFTEENTH_BATCH)
WITNESSES.update(SIXTEENTH_BATCH)
WITNESSES.update(SEVENTEENTH_BATCH)
WITNESSES.update(EIGHTEENTH_BATCH)
WITNESSES.update(NINETEENTH_BATCH)

#: Held-out bugs that no game can tell apart from the reference engine, with the reason.
EQUIVALENT: dict[str, str] = {}

_ = B
