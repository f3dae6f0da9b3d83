"""Rules no property stated before, stated in general: what a resolving spell or ability
does with its keyword actions and to life totals, where a resolving spell goes, and the
cleanup step's discard, and who chooses the cards a player discards.  Each property holds on the reference engine in its ``ci`` games
and catches, in the same games (without shrinking, as the meter runs them), engines that
break its rule (tests/wrong_engines.py) and the development set's held-out bug of its
rule."""

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

#: wrong engine: the property that catches it in its own ``ci`` games
WRONG = {
    "target_player_discards_are_the_controllers": "keyword-actions",
    "tokens_created_for_the_opponent": "keyword-actions",
    "target_player_draws_are_the_controllers": "keyword-actions",
    "tokens_created_without_their_subtypes": "keyword-actions",
    "each_opponent_is_each_player": "life-gained-and-lost",
    "life_gained_twice": "life-gained-and-lost",
    "damage_to_each_player_spares_its_controller": "life-gained-and-lost",
    "permanent_spells_enter_under_the_active_player": "resolved-spell-destination",
    "resolved_instants_exiled": "resolved-spell-destination",
    "cleanup_discards_down_to_eight": "cleanup-discard",
    "cleanup_discard_chosen_by_the_other_player": "cleanup-discard",
    "no_maximum_hand_size_ignored": "cleanup-discard",
    "cleanup_discard_taken_without_asking": "cleanup-discard",
    "discards_chosen_by_the_spells_controller": "discard-chosen-by-the-discarder",
}

#: held-out bug of the development set: the property that catches it in its own ``ci`` games
CAUGHT_BY = {
    "nonactive-player-discards-to-hand-size": "cleanup-discard",
    "cleanup-discard-not-chosen": "cleanup-discard",
    "target-player-draw-made-by-the-caster": "keyword-actions",
    "token-created-colorless": "keyword-actions",
    "discard-chosen-by-the-caster": "discard-chosen-by-the-discarder",
}


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_the_property_catches_the_wrong_engine(corpus, wrong):
    result = run_property(_property(WRONG[wrong]), getattr(wrong_engines, wrong),
                          corpus.cards, corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("bug", sorted(CAUGHT_BY))
def test_the_property_catches_the_held_out_bug(corpus, bug):
    result = run_property(_property(CAUGHT_BY[bug]), catalogue()[bug].engine, corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


@pytest.mark.parametrize("prop_id", sorted(set(WRONG.values())))
def test_the_property_passes_the_reference_engine(corpus, prop_id):
    result = run_property(_property(prop_id), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0
