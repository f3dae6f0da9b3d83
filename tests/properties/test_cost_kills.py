"""Costs judged from the mana the judge follows: ``legal-actions`` catches the wrong engines of
the mutation meter that compute a total cost wrongly (CR 601.2f-h, 118, 702.37c), or use
permissions to cast from a graveyard wrongly (CR 601.3), on a board with what each is about
-- a cost change, a spell it changes and mana at the edge of that spell's cost; two
permissions, or a Room whose door is cheap enough -- and passes on the reference engine in
the same games.  The pools it follows
are every pool some way of paying leaves, so that an engine paying its players' costs in
another way is judged the same."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine, mana
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Door, Step, Zone
from conformance.properties import PROPERTIES, run_property
from conformance.properties.judge import Cost
from conformance.properties.invariants.pools import Pools, _mana
from conformance.runner.results import Status

from builders import assert_caught_on_a_board

RULINGS = Path(__file__).parents[2] / "rulings"
LEGAL_ACTIONS = next(p for p in PROPERTIES if p.id == "legal-actions")


def _board(mana_: str, hand: tuple[str, ...], mine: tuple[str, ...] = (),
           theirs: tuple[str, ...] = (), graveyard: tuple[str, ...] = ()) -> Setup:
    return Setup((PlayerSetup("alice", mana=mana_, zones={
        Zone.HAND: tuple(CardEntry(n) for n in hand),
        Zone.BATTLEFIELD: tuple(CardEntry(n, unlocked=tuple(Door) if "Room" in n else ())
                                for n in mine),
        Zone.GRAVEYARD: tuple(CardEntry(n) for n in graveyard)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: tuple(CardEntry(n) for n in theirs)})),
        "alice", Step.PRECOMBAT_MAIN)


THALIA, SERAH = "Thalia, Guardian of Thraben", "Serah Farron // Crystallized Serah"
ELECTROMANCER = "Goblin Electromancer"

#: mutant: a board on which ``legal-actions`` catches it
CAUGHT_FROM = {
    "cost-increase-ignored": _board("{R}", ("Shock",), theirs=(THALIA,)),
    "cost-increase-only-from-own-permanents": _board("{R}", ("Shock",), theirs=(THALIA,)),
    "cost-increase-only-from-opponents-permanents": _board("{R}", ("Shock",), (THALIA,)),
    "noncreature-increase-for-creature-spells": _board("{1}{G}", ("Grizzly Bears",),
                                                       (THALIA,)),
    "reduction-for-any-creature-spell": _board("{G}", ("Grizzly Bears",), (SERAH,)),
    "reduction-for-every-player": _board("{R}", ("Tyrox, Saurid Tyrant",), theirs=(SERAH,)),
    "reduction-reduces-colored-mana": _board("", ("Isamaru, Hound of Konda",), (SERAH,)),
    "hybrid-mana-paid-with-any-color": _board("{3}", ("Lurrus of the Dream-Den",)),
    "cost-reductions-before-increases": _board("{R}", ("Shock",), (THALIA, ELECTROMANCER)),
    "face-down-costs-2": _board("{2}", ("Hystrodon",)),
    "convoke-ignores-creature-colors": _board(
        "{1}", ("Grizzly Bears",), ("Dazzling Theater // Prop Room", "Isamaru, Hound of Konda")),
    "first-each-turn-reduction-every-time": _board(
        "{R}{B}{B}", ("Tyrox, Saurid Tyrant", "Kalakscion, Hunger Tyrant"), (SERAH,)),
    "once-each-turn-shared-by-every-permission": _board(
        "{1}{G}", (), ("Serra Paragon", "Lurrus of the Dream-Den"),
        graveyard=("Memnite", "Grizzly Bears")),
    "permission-checks-the-card-not-the-spell": _board(
        "{1}{W}", (), ("Serra Paragon",), graveyard=("Grand Entryway // Elegant Rotunda",)),
}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.parametrize("mutant", sorted(CAUGHT_FROM))
def test_legal_actions_catches_a_wrong_total_cost(corpus, mutant):
    assert_caught_on_a_board(corpus.cards, LEGAL_ACTIONS, mutant, CAUGHT_FROM[mutant])


def test_the_pools_left_are_every_way_of_paying():
    pools = Pools(frozenset({_mana(Counter({"W": 1, "U": 1, "C": 1}))}))
    left = pools.after(Cost(1, ("W",)))
    assert left is not None
    assert left.possible == {_mana(Counter({"U": 1})), _mana(Counter({"C": 1}))}
    assert left.can_pay(Cost(1)) is True
    assert left.can_pay(Cost(0, ("U",))) is None  # paid with {U} or not: the judge can't tell
    assert left.can_pay(Cost(2)) is False
    hybrid = Pools(frozenset({_mana(Counter({"W": 1, "B": 1}))})).after(Cost(0, ("W/B",)))
    assert hybrid is not None and hybrid.possible == {_mana(Counter({"W": 1})),
                                                      _mana(Counter({"B": 1}))}
    assert Pools(frozenset({()})).after(Cost(1)) is None  # nothing pays it


def test_legal_actions_holds_on_an_engine_paying_generic_mana_with_colors_first(
        corpus, monkeypatch):
    """How a cost is paid is the player's choice: an engine that spends colored mana on
    the generic part before colorless mana is as correct as the reference engine."""
    monkeypatch.setattr(mana, "COLORS", tuple(reversed(mana.COLORS)))
    real_pay = mana.ManaPool.pay

    def pay(self: mana.ManaPool, cost: mana.Cost) -> None:
        colorless = self.mana["C"]
        self.mana["C"] = 0
        try:
            real_pay(self, cost)
        finally:
            self.mana["C"] += colorless

    def pay_colors_first(self: mana.ManaPool, cost: mana.Cost) -> None:
        try:
            pay(self, cost)
        except Exception:
            real_pay(self, cost)

    monkeypatch.setattr(mana.ManaPool, "pay", pay_colors_first)
    result = run_property(LEGAL_ACTIONS, ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message


@pytest.mark.parametrize("bug", ["wrong:convoke_offers_tapped_creatures",
                                 "held-out:convoke-taps-a-tapped-creature"])
def test_legal_actions_catches_convoke_offering_tapped_creatures_in_ci(corpus, bug):
    """Convoke offers untapped creatures its caster controls and nothing else (CR
    702.51a): an engine offering the tapped ones too is caught in the property's own
    ``ci`` games (where the reference engine's offers are judged: the property holds on it,
    ``test_properties.py``)."""
    import wrong_engines
    from benchmarks.heldout import catalogue as held_out
    from conformance.mutants.meter import quick_profile
    from conformance.properties import run_property
    from conformance.runner.results import Status

    kind, name = bug.split(":")
    make = getattr(wrong_engines, name) if kind == "wrong" else held_out()[name].engine
    result = run_property(LEGAL_ACTIONS, make, corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert result.status is Status.FAILED, result.message
    assert "for convoke" in (result.message or "")


def test_legal_actions_catches_a_land_played_from_another_players_hand_in_ci(corpus):
    """A player plays a land from their own hand (or a zone an effect lets them play it
    from), never from another player's (CR 305.1, 116.2a): the thirteenth batch's
    land-played-from-another-players-hand (a development set since its first measurement)
    is caught in the property's own ``ci`` games, where the other player's lands come to
    their hand by the games' moves."""
    from benchmarks.heldout import catalogue as held_out
    from conformance.mutants.meter import quick_profile
    from conformance.properties import run_property
    from conformance.runner.results import Status

    result = run_property(LEGAL_ACTIONS, held_out()["land-played-from-another-players-hand"]
                          .engine, corpus.cards, corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, result.message
    assert "PlayLand" in (result.message or "") and "hand, not" in (result.message or "")


def test_legal_actions_counts_creatures_with_summoning_sickness_for_convoke(corpus):
    """A creature that came under its caster's control this turn helps pay for a spell with
    convoke (CR 702.51a, 302.6: tapping it for convoke is no {T} cost): with Dazzling
    Theater's "creature spells you cast have convoke", a Grizzly Bears that just entered and
    {G}, a Grizzly Bears in hand is castable, and offered that creature to tap -- the
    property holds on the reference engine and catches an engine refusing the creature."""
    import wrong_engines_general
    from hypothesis import settings
    from hypothesis import strategies as st
    from conformance.mutants.meter import quick_profile
    from conformance.properties.machine import PropertyFailure, games_test, machine_class
    from conformance.properties.profiles import PROFILES

    board = Setup((PlayerSetup("alice", mana="{G}", zones={
        Zone.HAND: (CardEntry("Grizzly Bears"),),
        Zone.BATTLEFIELD: (CardEntry("Dazzling Theater // Prop Room", unlocked=tuple(Door)),
                           CardEntry("Grizzly Bears", summoning_sick=True))}),
        PlayerSetup("bob")), "alice", Step.PRECOMBAT_MAIN)
    chosen = settings(PROFILES[quick_profile("ci")])
    for factory in (ReferenceEngine,
                    wrong_engines_general.convoke_refuses_summoning_sick_creatures):
        machine = machine_class(factory, corpus.cards, [LEGAL_ACTIONS], moves=True,
                                setups=st.just(board))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()
        else:
            with pytest.raises(PropertyFailure, match="legal-actions"):
                games_test(machine, chosen)()
