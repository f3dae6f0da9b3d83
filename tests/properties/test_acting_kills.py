"""Only the player who has priority acts (CR 117.1, 116.2): ``acting-with-priority`` probes,
for each player without priority, every kind of action -- casting an instant, activating an
ability, playing a land, turning a face-down permanent face up, unlocking a door.  Its own
``ci`` games (a board drawn for its focus: a land, a face-down morph creature and a locked
Room for alice, an instant for bob) catch engines letting a player without priority cast or
take a special action (without shrinking, as the meter runs them); on the reference engine
they pass (test_reachability_rules.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

import wrong_engines

RULINGS = Path(__file__).parents[2] / "rulings"

#: wrong engines the property's ``ci`` games catch
WRONG = ("special_actions_without_priority", "instants_without_priority",
         "mana_abilities_without_priority")


@pytest.mark.parametrize("wrong", WRONG)
def test_acting_with_priority_catches_the_wrong_engine_in_ci(corpus, wrong):
    prop = {p.id: p for p in all_properties([RULINGS])}["acting-with-priority"]
    result = run_property(prop, getattr(wrong_engines, wrong), corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)
    print(wrong, result.message, result.details.get("games"))
