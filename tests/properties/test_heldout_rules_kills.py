"""Properties that state rules the eighth batch of held-out bugs broke (a development set
since it was measured): each catches its bug in ``ci`` games (without shrinking, as the
meter runs them) and passes the reference engine there."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.heldout import catalogue
from conformance.engines.reference import ReferenceEngine
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

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
