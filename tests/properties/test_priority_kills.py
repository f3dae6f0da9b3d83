"""When all players pass in succession, the top of the stack resolves or the step ends (CR
117.4, 500.2): ``priority`` holds on the reference engine in its ``ci`` games, reaches a
second pass in succession there (with the stack holding something, and without), and
catches, in the same games (without shrinking, as the meter runs them), an engine that
needs one pass more (tests/wrong_engines.py) and the development set's held-out bug of
that rule."""

from __future__ import annotations

from pathlib import Path

import pytest

import wrong_engines
from benchmarks.heldout import catalogue
from conformance.contract.types import PassPriority
from conformance.mutants.meter import quick_profile
from conformance.properties import Observation, all_properties, run_property
from conformance.properties.invariants.turns import turn_of
from conformance.properties.memory import step_of
from conformance.runner.results import Status

from ci_games import played_in_ci, watch

RULINGS = Path(__file__).parents[2] / "rulings"
PROPERTY = "priority"

WRONG = ("one_pass_too_many",)
CAUGHT = ("one-pass-too-many-to-resolve",)


def _second_pass(o: Observation) -> bool:
    turn = turn_of(o)
    return step_of(o).acted and isinstance(o.action, PassPriority) \
        and not turn.fresh_before and turn.passed_before not in (None, o.action.player)


def _second_pass_over_the_stack(o: Observation) -> bool:
    before = step_of(o).before_game
    return _second_pass(o) and before is not None and bool(before.stack)


SITUATIONS = {
    "a second pass in succession": (_second_pass, 5),
    "a second pass in succession over a spell or ability": (_second_pass_over_the_stack, 5),
}
watch(PROPERTY, {name: holds for name, (holds, _least) in SITUATIONS.items()})


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


@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_the_property_passes_the_reference_engine_and_reaches(situation):
    played = played_in_ci(_property())
    assert played.result.status is Status.PASSED, played.result.message
    assert played.seen[situation] >= SITUATIONS[situation][1], dict(played.seen)
