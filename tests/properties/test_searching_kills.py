"""A card found by searching a library goes where the instruction says (CR 701.23a,
608.2c): ``searched-cards-go-where-said`` holds on the reference engine in its ``ci``
games, and catches, in the same games (without shrinking, as the meter runs them), an
engine putting what a search finds elsewhere (tests/wrong_engines.py) and the development
set's held-out bug of its rule.  test_reachability.py holds it to reaching its subject."""

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
PROPERTY = "searched-cards-go-where-said"

#: wrong engines and held-out bugs of the development set it catches in its ``ci`` games
WRONG = ("searched_cards_put_into_the_graveyard",)
CAUGHT = ("searched-land-put-into-the-hand",)


def _property():
    return {p.id: p for p in all_properties([RULINGS])}[PROPERTY]


@pytest.mark.parametrize("wrong", WRONG)
def test_the_property_catches_the_wrong_engine(corpus, wrong):
    result = run_property(_property(), getattr(wrong_engines, wrong), corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("bug", CAUGHT)
def test_the_property_catches_the_held_out_bug(corpus, bug):
    result = run_property(_property(), catalogue()[bug].engine, corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


def test_the_property_passes_the_reference_engine(corpus):
    result = run_property(_property(), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0
