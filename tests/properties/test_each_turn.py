"""``cost-reductions-each-turn``: a "first ... spell you cast each turn" reduction applies
again in each new turn (CR 601.2f).  Its ``ci`` games on the reference engine pass and reach
a cast judged in a later turn beside the reduction, and they catch an engine that counts
the spells cast in earlier turns (tests/wrong_engines.py)."""

from __future__ import annotations

import pytest
from hypothesis import settings

import wrong_engines
from ci_games import group, played_in_ci, watch
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES
from conformance.runner.results import Status

PROP = next(p for p in PROPERTIES if p.id == "cost-reductions-each-turn")
assert PROP.reached is not None
watch(PROP.id, {"its precondition": PROP.reached})


@group(PROP.id)
def test_the_property_passes_and_reaches_its_subject_in_ci():
    played = played_in_ci(PROP)
    assert played.result.status is Status.PASSED, played.result.message
    assert played.seen["its precondition"] >= 100, dict(played.seen)


@pytest.mark.parametrize("wrong", ["spells_cast_counted_in_later_turns"])
def test_its_ci_games_catch_an_engine_counting_earlier_turns(wrong):
    from ci_games import _corpus

    machine = machine_class(getattr(wrong_engines, wrong), _corpus().cards, [PROP],
                            moves=True)
    chosen = settings(PROFILES[quick_profile("ci")],
                      stateful_step_count=max(PROP.steps, PROFILES["ci"].stateful_step_count))
    with pytest.raises(PropertyFailure, match=PROP.id):
        games_test(machine, chosen)()

