"""Witness games of the fifth batch of held-out bugs (see ``witnesses.py``): in each, the
bug changes something a player can see."""

from __future__ import annotations

from conformance.format.vocabulary import Step, Zone

from .play import (
    Witness, activate, advance, attack, block, cast, face_up, move, pass_priority, resolve,
    setup,
)

G = Zone.GRAVEYARD
ALICE, BOB = "player:alice", "player:bob"
_LIBRARY = ["Bear", "Bear", "Bear"]


def _w(players: dict[str, dict[str, object]], *script: object, active: str = "alice",
       step: Step = Step.PRECOMBAT_MAIN,
       answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    return Witness(setup(players, active, step), tuple(script), answers)  # type: ignore[arg-type]


def _combat(alice: list[object], bob: list[object], attacker: str, blocker: str,
            answers: tuple[tuple[str, ...], ...] = ()) -> Witness:
    """``attacker`` attacks, ``blocker`` blocks it, and the game goes on to the end step."""
    return _w({"alice": {"battlefield": alice}, "bob": {"battlefield": bob}},
              attack("alice", attacker), block("bob", (blocker, attacker)),
              advance(Step.END), answers=answers)


FIFTH_BATCH: dict[str, Witness] = {
    # -- targets on resolution ----------------------------------------------------------------
    "illegal-target-still-in-zone-affected": _w(
        {"alice": {"battlefield": ["Kiora's Follower as kf"],
                   "hand": ["Surrakar Banisher as sb"], "mana": "{4}{U}"},
         "bob": {"battlefield": [{"card": "Bear", "as": "b", "tapped": True}]}},
        cast("alice", "sb"), resolve(), activate("alice", "kf"), resolve(), resolve(),
        answers=(("b",), ("b",), ("yes",))),
    "divided-share-moves-to-legal-target": _w(
        {"alice": {"hand": ["Forked Bolt as fb"], "mana": "{R}"},
         "bob": {"battlefield": ["Memnite as m", "Bear as b"]}},
        cast("alice", "fb", "m", "b"), move("m", G), resolve()),
    "aura-spell-enters-without-its-target": _w(
        {"alice": {"battlefield": ["Eidolon of Blossoms", "Bear as b"],
                   "hand": ["Might Aura as ma"], "mana": "{W}", "library": _LIBRARY}},
        cast("alice", "ma", "b"), move("b", G), resolve()),
    "ability-fizzles-when-source-leaves": _w(
        {"alice": {"battlefield": ["Prodigal Pyromancer as pp"]}},
        activate("alice", "pp"), move("pp", G), resolve(), answers=((BOB,),)),
    # -- priority -----------------------------------------------------------------------------
    "priority-to-opponent-after-casting": _w(
        {"alice": {"hand": ["Shock as sh"], "mana": "{R}"}}, cast("alice", "sh", BOB)),
    "priority-after-resolution-to-controller": _w(
        {"alice": {}, "bob": {"hand": ["Shock as sh"], "mana": "{R}"}},
        pass_priority("alice"), cast("bob", "sh", ALICE), resolve()),
    "priority-in-new-step-to-last-passer": _w(
        {"alice": {}}, pass_priority("alice"), pass_priority("bob")),
    "passes-kept-after-acting": _w(
        {"alice": {}, "bob": {"hand": ["Shock as sh"], "mana": "{R}"}},
        pass_priority("alice"), cast("bob", "sh", ALICE), pass_priority("bob")),
    # -- timing -------------------------------------------------------------------------------
    "flash-ignored": _w(
        {"alice": {"hand": ["Shock as sh", "Ambush Viper as av"], "mana": "{R}{1}{G}"}},
        cast("alice", "sh", BOB), cast("alice", "av"), resolve(), resolve()),
    "sorcery-cast-with-spell-on-stack": _w(
        {"alice": {"hand": ["Shock as sh", "Free Lesson as fl"], "mana": "{R}"}},
        cast("alice", "sh", BOB), cast("alice", "fl"), resolve()),
    "sorcery-cast-in-opponents-turn": _w(
        {"alice": {}, "bob": {"hand": ["Free Lesson as fl"]}},
        pass_priority("alice"), cast("bob", "fl"), resolve()),
    "sorcery-speed-ability-at-instant-speed": _w(
        {"alice": {"battlefield": ["Ainok Bond-Kin as ab"], "hand": ["Shock as sh"],
                   "mana": "{R}{1}{W}"}},
        cast("alice", "sh", BOB), activate("alice", "ab"), resolve(), resolve()),
    # -- damage decided by its source, simultaneous events -----------------------------------
    "trample-lethal-reads-blockers-deathtouch": _combat(
        ["Trampler as t"], ["Vampire Nighthawk as nh"], "t", "nh",
        answers=(("nh", BOB, BOB, BOB),)),
    "blocker-lifelink-to-attacking-player": _combat(
        ["Bear as b"], ["Vampire Nighthawk as nh"], "b", "nh"),
    "lifelink-capped-at-lethal-damage": _combat(
        ["Lifelinker as l"], ["Memnite as m"], "l", "m"),
    "combat-damage-dealt-one-by-one": _combat(
        ["Bear as a"], ["Bear as b"], "a", "b"),
    # -- last known information, counters ----------------------------------------------------
    "enters-with-counters-as-trigger": _w(
        {"alice": {"hand": ["Endless One as eo"], "mana": "{2}"}},
        cast("alice", "eo", x=2), resolve()),
    "last-known-information-kept-too-long": _w(
        {"alice": {"battlefield": ["Elegist as el", "Bear as b"]}},
        move("el", G), move("b", G)),
    "lethal-damage-ignores-counters": _combat(
        ["Trampler as t"], [{"card": "Bear", "as": "b", "counters": {"+1/+1": 1}}], "t", "b",
        answers=(("b", "b", BOB, BOB),)),
    "counters-removed-in-cleanup": _w(
        {"alice": {"battlefield": [{"card": "Bear", "as": "b", "counters": {"+1/+1": 1}}],
                   "library": _LIBRARY},
         "bob": {"library": _LIBRARY}},
        advance(Step.UPKEEP)),
    # -- what a zone or face change resets ---------------------------------------------------
    "transform-clears-counters": _w(
        {"alice": {"battlefield": [{"card": "Day Wolf // Night Wolf", "as": "w",
                                    "counters": {"+1/+1": 1}}], "mana": "{1}"}},
        activate("alice", "w"), resolve()),
    "turn-face-up-ends-effects": _w(
        {"alice": {"battlefield": [{"card": "Shapeshifter", "as": "s", "face_down": True}],
                   "hand": ["Growth as g"], "mana": "{G}{2}{G}"}},
        cast("alice", "g", "s"), resolve(), face_up("alice", "s")),
    "aura-follows-flickered-permanent": _w(
        {"alice": {"battlefield": ["Bear as b"], "hand": ["Might Aura as ma", "Flicker as f"],
                   "mana": "{W}{W}"}},
        cast("alice", "ma", "b"), resolve(), cast("alice", "f", "b"), resolve()),
    "damage-kept-through-zone-change": _w(
        {"alice": {"battlefield": ["Ogre as o"],
                   "hand": ["Shock as s1", "Flicker as f", "Shock as s2"],
                   "mana": "{R}{W}{R}"}},
        cast("alice", "s1", "o"), resolve(), cast("alice", "f", "o"), resolve(),
        cast("alice", "s2", "o"), resolve()),
}
