"""The rules of when a triggered ability triggers and what a permanent enters with, stated in
general: a delayed trigger "at the beginning of the next end step" triggers as an end step
begins and at no other step (CR 603.7, 513.1); a Saga enters with a lore counter however it
enters, and its chapter I ability triggers (CR 714.3a, 714.2b); a creature put into a
graveyard from the battlefield dies, whatever put it there -- a sacrifice too (CR 700.4,
701.21a). Each property catches an engine breaking its
rule in its own ``ci`` games (without shrinking, as the meter runs them), and passes the
reference engine there."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

import wrong_engines

RULINGS = Path(__file__).parents[2] / "rulings"

#: wrong engine, and a property whose ``ci`` games catch it
WRONG = (
    ("delayed_trigger_at_the_next_step", "delayed-triggers-once"),
    ("saga_enters_without_lore", "entering-permanents"),
    ("saga_enters_without_lore", "counter-rules"),
    ("saga_enters_without_lore", "counters"),
    ("saga_chapter_one_untriggered", "counter-rules"),
    ("sacrificed_creatures_do_not_die", "dies-abilities"),
)


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize(("wrong", "prop_id"), WRONG)
def test_the_property_catches_the_wrong_engine(corpus, wrong, prop_id):
    result = run_property(_property(prop_id), getattr(wrong_engines, wrong),
                          corpus.cards, corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("prop_id", sorted({p for _w, p in WRONG}))
def test_the_property_passes_the_reference_engine(corpus, prop_id):
    result = run_property(_property(prop_id), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0
