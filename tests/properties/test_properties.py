"""Properties: they hold on the reference engine, they catch planted bugs, and a planted
bug's shrunk counterexample is a ruling that fails on the buggy engine and passes on the
reference engine."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus, load_ruling
from conformance.mutants import catalogue
from conformance.properties import PROPERTIES, run_property
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status

from ci_games import group, played_in_ci

RULINGS = Path(__file__).parents[2] / "rulings"
BY_ID = {p.id: p for p in PROPERTIES}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def test_every_property_names_real_rulings(corpus):
    ids = {r.id for r in corpus.rulings}
    for prop in PROPERTIES:
        assert prop.rulings and set(prop.rulings) <= ids, prop.id
        assert prop.description


@pytest.mark.parametrize("prop", [pytest.param(p, marks=group(p.id)) for p in PROPERTIES],
                         ids=lambda p: p.id)
def test_properties_hold_on_the_reference_engine(prop):
    result = played_in_ci(prop).result  # the games test_reachability*.py judge too
    assert result.status is Status.PASSED, result.message
    assert result.kind == "property" and result.details["profile"] == "ci"


#: The tests of the planted bug's search, kept together (tests/conftest.py) so that one
#: process runs them: seconds of shrinking.
ONE_SEARCH = pytest.mark.xdist_group("planted-room-bug")


@pytest.fixture(scope="module")
def planted(corpus):
    """The property about Rooms' characteristics against a bug: a Room card outside the
    stack and battlefield has only its first door's values."""
    mutant = catalogue()["room-one-door-off-battlefield"]
    return run_property(BY_ID["room-characteristics-by-zone"], mutant.engine, corpus.cards,
                        corpus.rulings, profile="ci")


@ONE_SEARCH
def test_a_planted_bug_is_found_and_explained(planted):
    assert planted.status is Status.FAILED
    assert "has the names ['Bottomless Pool']" in planted.message
    details = planted.details
    assert {"counterexample", "scenario", "seed", "hypothesis", "replay"} <= set(details)


@ONE_SEARCH
def test_the_counterexample_is_small(planted):
    document = yaml.safe_load(planted.details["counterexample"])
    (scenario,) = document["scenarios"]
    cards = [item for player in scenario["setup"]["players"].values()
             for zone in player.values() if isinstance(zone, list) for item in zone]
    assert len(cards) <= 3  # shrunk: a Room somewhere off the battlefield, little else
    assert scenario["script"][-1]["expect"]["names"] == ["Bottomless Pool", "Locker Room"]


@ONE_SEARCH
def test_the_counterexample_pasted_into_rulings_fails_on_the_bug_only(planted, tmp_path, corpus):
    folder = tmp_path / "rulings"
    (folder / "found").mkdir(parents=True)
    for data in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / data, folder / data)
    path = folder / "found" / "counterexample.yaml"
    path.write_text(planted.details["counterexample"], "utf-8")
    loaded = load_corpus([folder])
    assert not loaded.failures, loaded.failures[0].message
    (ruling,) = loaded.rulings
    buggy = run_ruling(ruling, catalogue()["room-one-door-off-battlefield"].engine(),
                       loaded.cards)
    assert buggy.status is Status.FAILED
    assert run_ruling(ruling, ReferenceEngine(), loaded.cards).status is Status.PASSED
    assert isinstance(load_ruling(path, loaded.cards), type(ruling))


def test_a_property_an_engine_cannot_support_is_unsupported(corpus):
    from conformance.properties import run_properties

    engine = ReferenceEngine()
    seen = []
    results = run_properties([BY_ID["face-down-characteristics"]], ReferenceEngine,
                             engine.info.capabilities - {"morph"}, corpus.cards,
                             corpus.rulings, profile="ci", seed=None, engine_name="reference",
                             on_result=seen.append)
    assert [r.status for r in results] == [Status.UNSUPPORTED]
    assert "morph" in results[0].message and seen == results


def test_differential_mode_agrees_with_itself(corpus):
    from conformance.properties.differential import differential

    prop = differential(ReferenceEngine, "reference")
    result = run_property(prop, ReferenceEngine, corpus.cards, corpus.rulings, profile="ci")
    assert result.status is Status.PASSED, result.message


@pytest.mark.slow  # minutes of CPU: the slow tier (pyproject.toml)
def test_differential_mode_reports_the_first_difference(corpus):
    from conformance.properties.differential import differential

    mutant = catalogue()["room-one-door-off-battlefield"]
    prop = differential(mutant.engine, "mutant")
    result = run_property(prop, ReferenceEngine, corpus.cards, corpus.rulings, profile="ci")
    assert result.status is Status.FAILED
    # Whichever Room the games found: one door's name on the mutant, both on the reference.
    found = re.search(r"names is \['([^']+)'\] on mutant, \['([^']+)', '([^']+)'\] on the "
                      r"reference engine", result.message)
    assert found is not None, result.message
    one, *both = found.groups()
    assert one in both
    assert all(door in result.details["scenario"] for door in both)
    assert "counterexample" not in result.details  # no official ruling to attach it to
