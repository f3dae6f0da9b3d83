"""A property that finds a legal action refused writes it as an ``expect_legal`` step, so that
its counterexample, pasted into rulings/, fails on the engine that refused it and passes on
the reference engine -- as an action found allowed is written as ``expect_illegal``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import settings
from hypothesis import strategies as st
from conformance.properties.machine import games_test

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.mutants import catalogue
from conformance.properties import PROPERTIES, run_property
from conformance.properties.machine import PropertyFailure, machine_class
from conformance.properties.profiles import PROFILES
from conformance.properties.run import counterexample_ruling
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
LEGAL_ACTIONS = next(p for p in PROPERTIES if p.id == "legal-actions")
#: Serra Paragon lets alice cast a Room's door of mana value 3 or less from her graveyard
BOARD = Setup((
    PlayerSetup("alice", mana="{1}{W}", zones={
        Zone.BATTLEFIELD: (CardEntry("Serra Paragon"),),
        Zone.GRAVEYARD: (CardEntry("Grand Entryway // Elegant Rotunda"),)}),
    PlayerSetup("bob")), "alice", Step.PRECOMBAT_MAIN)
#: it checks the card's combined mana value instead of the door's (CR 709.3a)
MUTANT = "permission-checks-the-card-not-the-spell"


def test_a_refused_legal_action_replays_as_expect_legal(corpus, tmp_path):
    wrong = catalogue()[MUTANT].engine
    machine = machine_class(wrong, corpus.cards, [LEGAL_ACTIONS], moves=True,
                            setups=st.just(BOARD))
    with pytest.raises(PropertyFailure) as raised:
        games_test(machine, settings(PROFILES["ci"], max_examples=10))()
    failure = raised.value
    assert "is illegal though" in str(failure)
    document = counterexample_ruling(failure, corpus.rulings, 0)
    (scenario,) = document["scenarios"]
    assert "expect_legal" in scenario["script"][-1], scenario["script"]
    folder = tmp_path / "rulings"
    folder.mkdir()
    for data in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / data, folder / data)
    (folder / "found.yaml").write_text(yaml.safe_dump(document, sort_keys=False), "utf-8")
    loaded = load_corpus([folder])
    assert not loaded.failures, loaded.failures[0].message
    (ruling,) = loaded.rulings
    assert run_ruling(ruling, wrong(), loaded.cards).status is Status.FAILED
    assert run_ruling(ruling, ReferenceEngine(), loaded.cards).status is Status.PASSED



TARGET_COUNTS = next(p for p in PROPERTIES if p.id == "target-counts")


def test_a_probed_cast_replays_with_the_targets_it_named(corpus, tmp_path):
    """A cast the engine should have refused for its targets (one named twice) is written
    with those targets: without them the step would be another cast, which is legal."""
    import wrong_engines

    wrong = wrong_engines.duplicate_targets_accepted
    result = run_property(TARGET_COUNTS, wrong, corpus.cards, corpus.rulings, profile="ci")
    assert result.status is Status.FAILED, result.message
    document = yaml.safe_load(result.details["counterexample"])
    (scenario,) = document["scenarios"]
    last = scenario["script"][-1]
    assert "expect_illegal" in last and last["expect_illegal"]["cast"]["targets"], last
    folder = tmp_path / "rulings"
    folder.mkdir()
    for data in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / data, folder / data)
    (folder / "found.yaml").write_text(yaml.safe_dump(document, sort_keys=False), "utf-8")
    loaded = load_corpus([folder])
    assert not loaded.failures, loaded.failures[0].message
    (ruling,) = loaded.rulings
    assert run_ruling(ruling, wrong(), loaded.cards).status is Status.FAILED
    assert run_ruling(ruling, ReferenceEngine(), loaded.cards).status is Status.PASSED
