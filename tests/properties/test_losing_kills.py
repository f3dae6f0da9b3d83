"""When a player loses in combat, stated in general: combat damage is one event, lifelink's
life gain part of it, and a player loses for 0 or less life only when state-based actions
are checked after it (CR 510.2, 702.15b, 704.3, 704.5a).  The property reaches its subject
in its own ``ci`` games on the reference engine, passes there, and catches an engine
breaking the rule (without shrinking, as the meter runs them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, all_properties, run_property
from conformance.properties.invariants import losing
from conformance.runner.results import Status

import wrong_engines
from ci_games import group, played_in_ci, watch

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES}

#: wrong engine, and a property whose ``ci`` games catch it
WRONG = (
    ("players_lose_in_the_middle_of_an_event", "losing-after-combat-damage"),
)

#: each property's subject, with the least number of observations in its ``ci`` games
REACHED = {
    "losing-after-combat-damage": (
        "a combat damage step whose damage alone took a player to 0, who ended above 0",
        losing.reached, 3),
}

for _prop_id, (_name, _condition, _least) in REACHED.items():
    watch(_prop_id, {_name: _condition})


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize(("wrong", "prop_id"), WRONG)
def test_the_property_catches_the_wrong_engine(corpus, wrong, prop_id):
    result = run_property(_property(prop_id), getattr(wrong_engines, wrong),
                          corpus.cards, corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("prop_id", [pytest.param(p, marks=group(p)) for p in REACHED])
def test_the_property_reaches_its_subject_and_passes_in_ci(prop_id):
    played = played_in_ci(OWN[prop_id])
    assert played.result.status is Status.PASSED, played.result.message
    assert played.result.details["games"] > 0
    name, _condition, least = REACHED[prop_id]
    assert played.seen[name] >= least, f"{prop_id} reached {name} {played.seen[name]} times"
    print(prop_id, dict(played.seen), played.result.details.get("games"),
          played.result.details.get("steps"))
