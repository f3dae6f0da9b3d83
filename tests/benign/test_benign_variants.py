"""Correct engines that differ from the reference engine only incidentally pass every
ruling and every property: the harness blames no engine for its ids, its orders, its
typography, its extra events or the shape of its prompts."""

from __future__ import annotations

from pathlib import Path

import pytest
from benign_variants import PROPERTY_VARIANTS, VARIANTS, TableClearedAtTheEnd, Variant
from hypothesis import settings
from hypothesis import strategies as st
from conformance.properties.machine import games_test

from conformance.engines.reference import ReferenceEngine
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.properties import all_properties
from conformance.properties.differential import differential
from conformance.properties.machine import machine_class
from conformance.properties.profiles import PROFILES
from conformance.runner.execute import run_ruling

RULINGS = Path(__file__).parents[2] / "rulings"

#: The ``ci`` profile with fewer games: every property at once, on every variant.
FEW_GAMES = settings(PROFILES["ci"], max_examples=12)


@pytest.fixture(scope="module")
def reference_verdicts(corpus):
    engine = ReferenceEngine()
    return {r.id: run_ruling(r, engine, corpus.cards).status for r in corpus.rulings}


@pytest.mark.parametrize("name", VARIANTS)
def test_a_benign_variant_passes_every_ruling(name, corpus, reference_verdicts):
    """Every ruling's verdict on the variant is the reference engine's (which passes every
    executable ruling: `pytest rulings/`)."""
    engine: Variant = VARIANTS[name]()
    wrong = {}
    for ruling in corpus.rulings:
        result = run_ruling(ruling, engine, corpus.cards)
        if result.status is not reference_verdicts[ruling.id]:
            wrong[ruling.id] = f"{result.status.value}: {result.message}"
    assert not wrong, f"{VARIANTS[name].description}: {wrong}"


@pytest.mark.parametrize("name", PROPERTY_VARIANTS)
def test_a_benign_variant_passes_every_property(name, corpus):
    properties = all_properties([RULINGS])
    machine = machine_class(PROPERTY_VARIANTS[name], corpus.cards, properties, moves=True)
    games_test(machine, FEW_GAMES)()


@pytest.mark.parametrize("name", ["random-ids", "curly-texts", "other-yes-no-values",
                                  "door-choice-kept-pending", "everything"])
def test_a_benign_variant_agrees_with_the_reference_engine(name, corpus):
    """Differential mode: games on the reference engine, replayed on the variant."""
    prop = differential(VARIANTS[name], name)
    machine = machine_class(ReferenceEngine, corpus.cards, [prop], moves=True)
    games_test(machine, settings(FEW_GAMES, max_examples=6))()


def test_nothing_shown_after_the_end_of_the_game_is_judged(corpus):
    """Games that end (bob draws from an empty library) on an engine that then shows the
    table moved to exile as it was, a tapped permanent and a token among it."""
    alice = PlayerSetup("alice", zones={
        Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", tapped=True),
                           CardEntry("Grizzly Bears", token=True)),
        Zone.LIBRARY: (CardEntry("Plains"),)})
    setup = Setup((alice, PlayerSetup("bob")), "alice", Step.END)
    ended = []

    class Watching(TableClearedAtTheEnd):
        def events(self, events):
            shown = super().events(events)
            ended.append(bool(self.cleared))
            return shown

    properties = all_properties([RULINGS])
    machine = machine_class(Watching, corpus.cards, properties, moves=True,
                            setups=st.just(setup))
    games_test(machine, settings(FEW_GAMES, max_examples=20))()
    assert any(ended), "no game reached its end"


def test_a_cast_refused_only_once_its_targets_are_chosen_passes_x_costs(corpus):
    """x-costs' own ``ci`` games -- Blaze ("deals X damage to any target") among them -- on
    an engine that refuses a cast with X too large only once its target is chosen, as
    phase.rs does: passed (a cast legal up to its first choice is not judged refused)."""
    from conformance.mutants.meter import quick_profile
    from conformance.properties import run_property
    from conformance.runner.results import Status

    prop = next(p for p in all_properties([RULINGS]) if p.id == "x-costs")
    found = run_property(prop, VARIANTS["x-paid-after-targets"], corpus.cards, corpus.rulings,
                         profile=quick_profile("ci"))
    assert found.status is Status.PASSED, found.message
