"""Properties stating in full the rules of tenth-batch held-out bugs that survived its
first measurement (a development set since): each catches its bug, the reference-engine
function with one wrong branch, in its own ``ci`` games (without shrinking, as the meter
runs them), a deliberately wrong engine breaking the same rule in general, and passes the
reference engine there."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.heldout import catalogue
from conformance.engines.reference import ReferenceEngine
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

import wrong_engines

RULINGS = Path(__file__).parents[2] / "rulings"

#: held-out bug: the property that catches it in its own ``ci`` games
CAUGHT_BY = {
    "stun-counter-removed-from-untapped-permanent": "counter-rules",
    "pt-change-to-the-first-target-only": "power-and-toughness",
    "cards-drawn-from-the-bottom": "keyword-actions",
    "land-played-without-priority": "acting-with-priority",
    "turned-face-up-without-priority": "acting-with-priority",
}

#: wrong engine (the rule of one of the properties above broken in general): the property
WRONG = {
    "stun-removed-from-untapped-permanents": (
        wrong_engines.stun_removed_from_untapped_permanents, "counter-rules"),
    "pt-change-to-one-target-only": (
        wrong_engines.pt_change_to_one_target_only, "power-and-toughness"),
    "cards-drawn-from-below-the-top": (
        wrong_engines.cards_drawn_from_below_the_top, "keyword-actions"),
    "cards-drawn-from-below-the-top in draw steps": (
        wrong_engines.cards_drawn_from_below_the_top, "draw-step"),
}


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize("bug", sorted(CAUGHT_BY))
def test_the_property_catches_the_bug(corpus, bug):
    result = run_property(_property(CAUGHT_BY[bug]), catalogue()[bug].engine, corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_the_property_catches_the_wrong_engine(corpus, wrong):
    make, prop_id = WRONG[wrong]
    result = run_property(_property(prop_id), make, corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("prop_id", sorted({*CAUGHT_BY.values(), *(p for _, p in WRONG.values())}))
def test_the_property_passes_the_reference_engine(corpus, prop_id):
    result = run_property(_property(prop_id), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0
