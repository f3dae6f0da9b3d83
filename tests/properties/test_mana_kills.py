"""``mana-symbols`` catches engines that pay hybrid symbols or {C} wrongly (CR 107.4c,
107.4e): in its own ``ci`` games (Lurrus of the Dream-Den's {W/B}{W/B} is the corpus's only
such cost), and, for {C} (no card of the corpus has it in its cost), in ``ci`` games from a
board of the held-out card file with Spatial Contortion ({1}{C}) -- and passes on the
reference engine in the same games."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from benchmarks.heldout import catalogue as held_out
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import load_cards
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.mutants import catalogue as mutants
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, run_property
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
HELD_OUT_CARDS = Path(__file__).parents[2] / "benchmarks" / "heldout" / "cards.yaml"
MANA_SYMBOLS = next(p for p in PROPERTIES if p.id == "mana-symbols")


def _engine(name: str):
    """A held-out bug ("held-out:NAME") or a mutant of the meter's catalogue."""
    if name.startswith("held-out:"):
        return held_out()[name.removeprefix("held-out:")].engine
    return mutants()[name].engine


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.parametrize("wrong", ["held-out:hybrid-paid-with-first-color-only",
                                   "hybrid-mana-paid-with-any-color"])
def test_mana_symbols_catches_a_wrong_engine_in_its_ci_games(corpus, wrong):
    result = run_property(MANA_SYMBOLS, _engine(wrong), corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.FAILED, result.message
    assert result.details["games"] > 0


def _board(mana: str) -> Setup:
    return Setup((PlayerSetup("alice", mana=mana, zones={
        Zone.HAND: (CardEntry("Spatial Contortion"),), Zone.BATTLEFIELD: (CardEntry("Bear"),)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Ogre"),)})),
        "alice", Step.PRECOMBAT_MAIN)


@pytest.mark.parametrize("mana", ["{W}{W}", "{R}{G}{G}"])
def test_mana_symbols_catches_colorless_symbols_paid_as_generic_on_a_board(mana):
    cards = load_cards(HELD_OUT_CARDS)
    chosen = settings(PROFILES[quick_profile("ci")])
    for factory in (ReferenceEngine, _engine("held-out:colorless-symbol-paid-as-generic")):
        machine = machine_class(factory, cards, [MANA_SYMBOLS], moves=True,
                                setups=st.just(_board(mana)))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()  # the same games pass
        else:
            with pytest.raises(PropertyFailure, match="mana-symbols"):
                games_test(machine, chosen)()
