"""Properties stating in full the rules of eighth-batch held-out bugs that survived its
first measurement (a development set since): each catches its bug, the reference-engine
function with one wrong branch, in its own ``ci`` games (without shrinking, as the meter
runs them), and passes the reference engine there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.heldout import catalogue
from conformance.engines.reference import ReferenceEngine
from conformance.engines.reference import triggers
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.state import GameObject, PendingTrigger
from conformance.mutants import MutantEngine
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

import wrong_engines

RULINGS = Path(__file__).parents[2] / "rulings"

#: held-out bug: the property that catches it in its own ``ci`` games
CAUGHT_BY = {
    "step-ends-with-an-ability-on-the-stack": "steps-end-with-the-stack-empty",
    "saga-kept-after-its-last-chapter": "counter-rules",
    "untap-removes-every-stun-counter": "counter-rules",
    "counters-annihilated-from-one-kind": "counter-rules",
    "trample-damage-divided-by-the-defender": "trample-assignment",
    "tapped-target-filter-ignored": "offered-targets",
    "last-known-information-only-for-deaths": "damage-from-a-source-that-left",
    "transformed-permanent-cannot-transform-back": "double-faced-faces",
    "delayed-trigger-triggers-again": "delayed-triggers-once",
}


def _untap_keeping_stun_counters(self: GameObject) -> None:
    """GameObject.untap, but a stun counter only keeps the permanent tapped: none is
    removed, so it never untaps again (CR 122.1d: one is removed instead)."""
    if self.tapped and not self.counters.get("stun", 0):
        self.tapped = False


def _delayed_at_every_end_step(game: Any, event: Any) -> None:
    """triggers._delayed, but a delayed triggered ability is kept once it triggers, and
    triggers at every end step, whoever's turn (CR 603.7c: only once)."""
    if event.kind != "step_began":
        return
    state = game.state
    for delayed in list(state.delayed):
        if delayed.step != event.data["step"]:
            continue
        ability = Ability("triggered", 0, -1, {}, effects=delayed.effects,
                          text=f"delayed trigger of {delayed.source_card.name}")
        state.pending_triggers.append(PendingTrigger(
            delayed.source, delayed.source_card, ability, delayed.controller,
            {"kind": "delayed", "objects": list(delayed.objects)}))


#: wrong engine (the rule of one of the properties above broken in general): the property
WRONG = {
    "delayed-trigger-at-every-end-step": (
        lambda: MutantEngine("delayed-trigger-at-every-end-step",
                             [(triggers, "_delayed", _delayed_at_every_end_step)]),
        "delayed-triggers-once"),
    "stun-counters-never-removed": (
        lambda: MutantEngine("stun-counters-never-removed",
                             [(GameObject, "untap", _untap_keeping_stun_counters)]),
        "counter-rules"),
    "transform-effect-ignored": (wrong_engines.transform_effect_ignored, "double-faced-faces"),
    "target-states-ignored": (wrong_engines.target_states_ignored, "offered-targets"),
    "gone-sources-without-keywords": (wrong_engines.gone_sources_without_keywords,
                                      "damage-from-a-source-that-left"),
}


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize("bug", sorted(CAUGHT_BY))
def test_the_property_catches_the_bug(corpus, bug):
    result = run_property(_property(CAUGHT_BY[bug]), catalogue()[bug].engine, corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_the_property_catches_the_wrong_engine(corpus, wrong):
    make, prop_id = WRONG[wrong]
    result = run_property(_property(prop_id), make, corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("prop_id", sorted({*CAUGHT_BY.values(), "delayed-triggers-once"}))
def test_the_property_passes_the_reference_engine(corpus, prop_id):
    result = run_property(_property(prop_id), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0
