"""The results of combat damage dealt to or by several creatures at once: a source with
lifelink that divides its combat damage among several creatures gains its controller all of
it, and a creature dealt damage by a deathtoucher and another at once is destroyed (CR
702.15b, 702.2b, 510.2, 704.5h).  ``damage-results-in-double-blocks`` reaches that in its own
``ci`` games on the reference engine, passes there, and catches an engine counting one share
of a lifelinker's damage (without shrinking, as the meter runs it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, all_properties, run_property
from conformance.properties.invariants import damage_results
from conformance.runner.results import Status

import wrong_engines
from ci_games import group, played_in_ci, watch

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES}

#: wrong engine, and a property whose ``ci`` games catch it
WRONG = (
    ("lifelink_for_one_share_of_combat_damage", "damage-results-in-double-blocks"),
)

#: each property's subjects, with the least number of observations in its ``ci`` games
REACHED = (
    ("damage-results-in-double-blocks",
     "a lifelinker's combat damage to several, or a deathtoucher's and another's to one",
     damage_results.reached_shared_damage, 1),
)

for _prop_id, _name, _condition, _least in REACHED:
    watch(_prop_id, {_name: _condition})


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize(("wrong", "prop_id"), WRONG)
def test_the_property_catches_the_wrong_engine(corpus, wrong, prop_id):
    result = run_property(_property(prop_id), getattr(wrong_engines, wrong),
                          corpus.cards, corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize(("prop_id", "name", "least"),
                         [pytest.param(p, n, least, marks=group(p), id=f"{p}: {n}")
                          for p, n, _c, least in REACHED])
def test_the_property_reaches_its_subject_and_passes_in_ci(prop_id, name, least):
    played = played_in_ci(OWN[prop_id])
    assert played.result.status is Status.PASSED, played.result.message
    assert played.result.details["games"] > 0
    assert played.seen[name] >= least, f"{prop_id} reached {name} {played.seen[name]} times"
