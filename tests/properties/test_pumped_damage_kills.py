"""A pumped creature's damage and its pump end together: in the cleanup step damage wears
off as the "until end of turn" effects end, and state-based actions are checked only after
both (CR 514.2, 514.3), so a creature given +N/+N and then dealt at least its printed
toughness survives the turn's end.  ``damage-after-a-pump`` reaches that in its own ``ci``
games on the reference engine, passes there, and catches an engine ending the effects
first (without shrinking, as the meter runs it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, all_properties, run_property
from conformance.properties.invariants import marked
from conformance.runner.results import Status

import wrong_engines
from ci_games import group, played_in_ci, watch

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES}

#: wrong engine, and a property whose ``ci`` games catch it
WRONG = (
    ("pumps_end_before_damage_wears_off", "damage-after-a-pump"),
)

#: each property's subjects, with the least number of observations in its ``ci`` games
REACHED = (
    ("damage-after-a-pump",
     "a turn ended with a creature dealt its printed toughness, pumped beyond it",
     marked.reached_pumped_survivor, 1),
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
