"""The properties of damage marked, trample's lethal damage, damage divided among targets,
what a face change keeps and what a triggered ability's source must have been there for
(``trample-assignment``, ``divided-damage``,
``combat-damage-amounts``,
``damage-marked``, ``face-changes-keep-the-object``, ``triggers-from-the-battlefield``,
``attachments-through-a-return``): each holds on the reference engine and catches an engine
that breaks its rule (tests/wrong_engines.py), in ``ci`` games from a board that has what
it talks about, which no change to the random boards moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import wrong_engines
from builders import judged_script
from conformance.contract.types import AdvanceTo, Cast, Move, Resolve
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES}
PLENTY = "{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}"
_LIBRARY = (CardEntry("Memnite"), CardEntry("Grizzly Bears"), CardEntry("Shock"))


def _board(alice: dict[Zone, tuple[CardEntry, ...]],
           bob: dict[Zone, tuple[CardEntry, ...]] | None = None, *,
           life: int = 20) -> Setup:
    return Setup((PlayerSetup("alice", life=life, mana=PLENTY,
                              zones={Zone.LIBRARY: _LIBRARY, **alice}),
                  PlayerSetup("bob", mana=PLENTY, zones={Zone.LIBRARY: _LIBRARY, **(bob or {})})),
                 "alice", Step.PRECOMBAT_MAIN)


#: (property, wrong engine): a board on which the property catches the wrong engine in
#: ``ci`` games and passes the reference engine.
CAUGHT_FROM: dict[tuple[str, str], Setup] = {
    ("trample-assignment", "trample_assigns_one_to_each_blocker"):
        _board({Zone.BATTLEFIELD: (CardEntry("Colossal Dreadmaw"),)},
               {Zone.BATTLEFIELD: (CardEntry("Giant Spider"),)}),
    ("trample-assignment", "division_capped_at_lethal"):
        _board({Zone.BATTLEFIELD: (CardEntry("Colossal Dreadmaw"),)},
               {Zone.BATTLEFIELD: (CardEntry("Grizzly Bears"),)}),
    ("divided-damage", "divisions_favour_the_first_target"):
        _board({Zone.HAND: (CardEntry("Arc Lightning"),)},
               {Zone.BATTLEFIELD: (CardEntry("Grizzly Bears"), CardEntry("Hill Giant"))}),
    ("triggers-from-the-battlefield", "graveyard_permanents_trigger"):
        _board({Zone.GRAVEYARD: (CardEntry("Funeral Room // Awakening Hall"),),
                Zone.HAND: (CardEntry("Shock"),),
                Zone.BATTLEFIELD: (CardEntry("Grizzly Bears"), CardEntry("Memnite"))}),
    ("combat-damage-amounts", "combat_damage_from_printed_power"):
        _board({Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", counters=(("+1/+1", 2),)),)},
               {Zone.BATTLEFIELD: (CardEntry("Hill Giant", counters=(("+1/+1", 1),)),)}),
    ("attachments-through-a-return", "attachments_follow_their_object"):
        _board({Zone.HAND: (CardEntry("Holy Strength"),),
                Zone.BATTLEFIELD: (CardEntry("Terra, Magical Adept // Esper Terra"),)}),
    ("face-changes-keep-the-object", "turning_face_up_makes_a_new_object"):
        _board({Zone.HAND: (CardEntry("Giant Growth"),),
                Zone.BATTLEFIELD: (CardEntry("Hystrodon", face_down=True,
                                             counters=(("+1/+1", 1),)),)}),
    ("face-changes-keep-the-object", "turning_face_up_makes_summoning_sick"):
        _board({Zone.BATTLEFIELD: (CardEntry("Hystrodon", face_down=True),)}),
}

#: More games where the board leaves the machine many other moves.
EXAMPLES: dict[tuple[str, str], int] = {}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.parametrize(("prop_id", "wrong"), sorted(CAUGHT_FROM))
def test_the_property_catches_a_wrong_engine_on_a_board_with_its_subject(corpus, prop_id,
                                                                       wrong):
    prop = OWN[prop_id]
    chosen = settings(PROFILES[quick_profile("ci")],
                      max_examples=EXAMPLES.get((prop_id, wrong), 30))
    for factory in (ReferenceEngine, getattr(wrong_engines, wrong)):
        machine = machine_class(factory, corpus.cards, [prop], moves=True,
                                setups=st.just(CAUGHT_FROM[prop_id, wrong]))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()  # the same games pass
        else:
            with pytest.raises(PropertyFailure, match=prop_id):
                games_test(machine, chosen)()


def test_damage_marked_catches_damage_kept_by_a_returned_permanent(corpus):
    """Hill Giant is dealt 2, goes to exile and back, and is dealt 2 again: the new object
    has 2 marked, and lives (CR 400.7); an engine keeping the damage on the card kills it."""
    board = Setup((PlayerSetup("alice", mana=PLENTY, zones={
        Zone.HAND: (CardEntry("Shock", "s1"), CardEntry("Shock", "s2")),
        Zone.BATTLEFIELD: (CardEntry("Hill Giant", "g"),)}), PlayerSetup("bob")),
        "alice", Step.PRECOMBAT_MAIN)
    script = [lambda i: Cast("alice", i["s1"], targets=(i["g"],)), lambda i: Resolve(),
              lambda i: Move(i["g"], Zone.EXILE), lambda i: Move(i["g"], Zone.BATTLEFIELD),
              lambda i: Cast("alice", i["s2"], targets=(i["g"],)), lambda i: Resolve()]
    prop = OWN["damage-marked"]
    assert judged_script(ReferenceEngine(), corpus.cards, prop, board, script) == []
    found = judged_script(wrong_engines.returned_permanents_keep_damage(), corpus.cards,
                           prop, board, script)
    assert found and "Hill Giant" in found[0].message


def test_damage_marked_catches_a_pumped_creature_dying_as_the_turn_ends(corpus):
    """Grizzly Bears gets +3/+3 from Giant Growth and is dealt 2 by Shock: at the cleanup
    step its damage wears off as the effect ends, and it lives (CR 514.2); an engine ending
    the effect and checking state-based actions before removing the damage kills it."""
    board = _board({Zone.HAND: (CardEntry("Giant Growth", "g"), CardEntry("Shock", "s")),
                    Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "b"),)})
    script = [lambda i: Cast("alice", i["g"], targets=(i["b"],)), lambda i: Resolve(),
              lambda i: Cast("alice", i["s"], targets=(i["b"],)), lambda i: Resolve(),
              lambda i: AdvanceTo(Step.UPKEEP)]
    prop = OWN["damage-marked"]
    assert judged_script(ReferenceEngine(), corpus.cards, prop, board, script) == []
    found = judged_script(wrong_engines.cleanup_ends_effects_before_damage(), corpus.cards,
                          prop, board, script)
    assert found and "left the battlefield as the turn ended" in found[0].message


def test_face_changes_keep_the_object_catches_counters_lost_on_transforming(corpus):
    """Serah Farron with a +1/+1 counter, beside two other legendary creatures, transforms
    as combat begins and keeps its counter (CR 712.18); an engine making a new object of it
    loses the counter."""
    board = Setup((PlayerSetup("alice", zones={
        Zone.BATTLEFIELD: (CardEntry("Serah Farron // Crystallized Serah", "s",
                                     counters=(("+1/+1", 1),)),
                           CardEntry("Isamaru, Hound of Konda"),
                           CardEntry("Thalia, Guardian of Thraben")),
        Zone.LIBRARY: _LIBRARY}), PlayerSetup("bob", zones={Zone.LIBRARY: _LIBRARY})),
        "alice", Step.PRECOMBAT_MAIN)
    script = [lambda i: AdvanceTo(Step.BEGINNING_OF_COMBAT), lambda i: Resolve()]
    prop = OWN["face-changes-keep-the-object"]
    assert judged_script(ReferenceEngine(), corpus.cards, prop, board, script) == []
    found = judged_script(wrong_engines.transforming_makes_a_new_object(), corpus.cards,
                           prop, board, script)
    assert found and "counters" in found[0].message


def test_face_changes_keep_the_object_catches_summoning_sickness_in_its_ci_games(corpus):
    """In the property's own ``ci`` games (its boards, not one drawn for the test), an
    engine making a creature turned face up summoning sick is caught: a creature face down
    since the turn began could attack, and once turned face up may not (CR 708.8, 302.6)."""
    prop = OWN["face-changes-keep-the-object"]
    machine = machine_class(wrong_engines.turning_face_up_makes_summoning_sick, corpus.cards,
                            [prop], moves=True)
    with pytest.raises(PropertyFailure, match=prop.id):
        games_test(machine, settings(PROFILES[quick_profile("ci")]))()
