"""Properties written in YAML: loaded with clear errors, checked like the built-in ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.errors import RulingFileError
from conformance.format.loader import find_ruling_files, load_corpus
from conformance.mutants import catalogue
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, load_property, run_property
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
NO_DOOR = RULINGS / "properties" / "room-with-no-door-unlocked.property.yaml"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def test_yaml_properties_are_found_beside_the_rulings_and_are_not_rulings():
    ids = {p.id for p in all_properties([RULINGS])}
    assert {"room-with-no-door-is-nameless", "room-characteristics-by-zone"} <= ids
    assert not any(p.name.endswith(".property.yaml") for p in find_ruling_files([RULINGS]))


def test_a_yaml_property_holds_on_the_reference_engine_and_catches_a_bug(corpus):
    prop = load_property(NO_DOOR)
    assert prop.rulings == ("room-with-no-door-unlocked",)
    passed = run_property(prop, ReferenceEngine, corpus.cards, corpus.rulings, profile="ci")
    assert passed.status is Status.PASSED, passed.message
    bug = catalogue()["room-every-door-on-battlefield"]
    # The ci games without shrinking (as the meter plays them): a shrunk counterexample is
    # test_properties.py's subject.
    failed = run_property(prop, bug.engine, corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert failed.status is Status.FAILED
    assert "has names" in failed.message and "counterexample" in failed.details


@pytest.mark.parametrize(("text", "line", "message"), [
    ("property: x\nchecks: [a]\ninvariants: []\n", 3, "unknown key 'invariants'; did you mean 'invariant'?"),
    ("property: x\nchecks: [a]\n", 1, "'invariant' is required"),
    ("property: x\nchecks: [a]\nrequires: [room]\ninvariant: []\n", 3,
     "unknown capability 'room'; did you mean 'rooms'?"),
    ("property: x\nchecks: [a]\ninvariant:\n  - where: {zone: hand}\n    expect: {name: []}\n",
     5, "unknown observation 'name'; did you mean 'names'?"),
    ("property: x\nchecks: [a]\ninvariant:\n  - expect: {names: []}\n", 4,
     "each invariant has 'where' and 'expect'"),
])
def test_mistakes_are_reported_with_their_line(tmp_path, text, line, message):
    path = tmp_path / "bad.property.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(RulingFileError) as caught:
        load_property(path)
    assert str(caught.value) == f"{path}:{line}: {message}"
