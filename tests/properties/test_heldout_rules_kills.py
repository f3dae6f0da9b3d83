"""Properties that state rules the eighth batch of held-out bugs broke (a development set
since it was measured): each catches its bug in ``ci`` games (without shrinking, as the
meter runs them) and passes the reference engine there."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from benchmarks.heldout import catalogue
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import load_cards
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Zone
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES
from conformance.runner.results import Status

from builders import board

RULINGS = Path(__file__).parents[2] / "rulings"

#: held-out bug: the property that catches it in its own ``ci`` games
CAUGHT_BY = {
    "x-left-out-of-the-total-cost": "x-costs",
    "defender-cannot-block": "attacks-and-blocks",
    "given-targets-taken-unchecked": "offered-targets",
    "legend-rule-chosen-by-the-active-player": "legend-rule",
}


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize("bug", sorted(CAUGHT_BY))
def test_the_property_catches_the_bug(corpus, bug):
    result = run_property(_property(CAUGHT_BY[bug]), catalogue()[bug].engine, corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


@pytest.mark.parametrize("prop_id", sorted(set(CAUGHT_BY.values())))
def test_the_property_passes_the_reference_engine(corpus, prop_id):
    result = run_property(_property(prop_id), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0


#: A card file with "target tapped creature" (Surrakar Banisher: "When this creature enters,
#: you may return target tapped creature to its owner's hand."); no card of the corpus or of
#: the property games' own says "target tapped" or "target untapped".
HELD_OUT_CARDS = Path(__file__).parents[2] / "benchmarks" / "heldout" / "cards.yaml"

#: (property, held-out bug): a board with what the property talks about, on which it
#: catches the bug in ``ci`` games and passes the reference engine.
CAUGHT_FROM = {
    ("offered-targets", "tapped-target-filter-ignored"): board(
        {Zone.HAND: (CardEntry("Surrakar Banisher"),), Zone.BATTLEFIELD: (CardEntry("Bear"),)},
        {Zone.BATTLEFIELD: (CardEntry("Bear", tapped=True), CardEntry("Ogre"))}),
}


@pytest.mark.parametrize(("prop_id", "bug"), sorted(CAUGHT_FROM))
def test_the_property_catches_the_bug_on_a_board_with_its_subject(prop_id, bug):
    cards = load_cards(HELD_OUT_CARDS)
    chosen = settings(PROFILES[quick_profile("ci")])
    prop = _property(prop_id)
    for factory in (ReferenceEngine, catalogue()[bug].engine):
        machine = machine_class(factory, cards, [prop], moves=True,
                                setups=st.just(CAUGHT_FROM[prop_id, bug]))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()  # the same games pass
        else:
            with pytest.raises(PropertyFailure, match=prop_id):
                games_test(machine, chosen)()
