"""A card found by searching a library goes where the instruction says (CR 701.23a,
608.2c), and a search for cards of a stated quality may find none (CR 701.23b):
``searched-cards-go-where-said`` and ``searches-may-find-nothing`` hold on the reference
engine in their ``ci`` games, and catch, in the same games (without shrinking, as the meter
runs them), an engine putting what a search finds elsewhere and one whose searches must
find a card (tests/wrong_engines.py), and the development set's held-out bugs of their
rules.  test_reachability.py holds them to reaching their subjects."""

from __future__ import annotations

from pathlib import Path

import pytest

import wrong_engines
from benchmarks.heldout import catalogue
from conformance.engines.reference import ReferenceEngine
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
#: wrong engines and held-out bugs of the development set each property catches in its
#: ``ci`` games
WRONG = {"searched_cards_put_into_the_graveyard": "searched-cards-go-where-said",
         "searches_must_find_a_card": "searches-may-find-nothing"}
CAUGHT = {"searched-land-put-into-the-hand": "searched-cards-go-where-said",
          "library-search-must-find-a-card": "searches-may-find-nothing"}


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_the_property_catches_the_wrong_engine(corpus, wrong):
    result = run_property(_property(WRONG[wrong]), getattr(wrong_engines, wrong), corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("bug", sorted(CAUGHT))
def test_the_property_catches_the_held_out_bug(corpus, bug):
    result = run_property(_property(CAUGHT[bug]), catalogue()[bug].engine, corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


@pytest.mark.parametrize("prop_id", sorted(set(WRONG.values())))
def test_the_property_passes_the_reference_engine(corpus, prop_id):
    result = run_property(_property(prop_id), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0
