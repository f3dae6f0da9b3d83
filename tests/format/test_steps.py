"""Typed script steps: every step of the corpus reads back to what its file writes, the step
classes are the vocabulary's and the schema's, and closed lists are the contract's."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.contract.types import CHOICE_KINDS
from conformance.format import vocabulary
from conformance.format.expect import (
    ChoiceExpectation, ChoiceIs, DoorsUnlocked, GameExpectation, InZone, ObjectExpectation,
    ObjectFilter, ObjectItems, ObjectValue,
)
from conformance.format.loader import Corpus, ruling_schema
from conformance.format.steps import (
    STEP_KINDS, AttackStep, BlockStep, CastStep, ChooseStep, ExpectIllegalStep, ExpectStep,
    ExpectLegalStep, FindStep, MoveStep, PassStep, PlayLandStep, ResolveStep,
)
from conformance.format.stepyaml import _READERS, _SCALARS, parse_step, render_step
from conformance.format.yamlsource import load_yaml


def _written_steps(corpus: Corpus) -> list[tuple[str, int, object]]:
    """Every step of the corpus as its file writes it: ``(path, line, YAML value)``."""
    steps = []
    for ruling in corpus.rulings:
        document = load_yaml(Path(ruling.path))
        for scenario in document.get("scenarios") or ():
            script = scenario["script"]
            steps.extend((ruling.path, script.item_lines[i], entry)
                         for i, entry in enumerate(script))
    return steps


def _plain(value: object) -> object:
    """YAML values without their line bookkeeping, and without what a reader may omit."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not False}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def test_every_corpus_step_renders_as_written(corpus: Corpus) -> None:
    written = _written_steps(corpus)
    assert len(written) > 500
    for path, line, entry in written:
        step = parse_step(entry, line)
        assert step.line == line
        assert _plain(render_step(step)) == _plain(entry), f"{path}:{line}"
        assert parse_step(render_step(step), line) == step, f"{path}:{line}"


def test_the_loader_keeps_the_parsed_steps(corpus: Corpus) -> None:
    by_line = {(path, line): parse_step(entry, line) for path, line, entry in _written_steps(corpus)}
    for ruling in corpus.rulings:
        for scenario in ruling.scenarios:
            for step in scenario.script:
                assert by_line[(ruling.path, step.line)] == step


def test_step_classes_are_the_vocabulary_steps() -> None:
    assert set(STEP_KINDS) == set(vocabulary.SCALAR_STEPS) | set(vocabulary.KEYED_STEPS)
    scalar, keyed = ruling_schema()["$defs"]["step_entry"]["oneOf"]
    assert set(STEP_KINDS) == set(scalar["enum"]) | set(keyed["properties"])


def test_every_step_has_a_reader() -> None:
    assert set(_READERS) | set(_SCALARS) == set(STEP_KINDS)
    assert not set(_READERS) & set(_SCALARS)


def test_choice_kinds_are_the_contract_choice_kinds() -> None:
    assert tuple(kind.value for kind in vocabulary.ChoiceKind) == CHOICE_KINDS
    schema = ruling_schema()["$defs"]["choice_expectation"]["oneOf"][1]
    assert set(schema["properties"]["kind"]["enum"]) <= set(CHOICE_KINDS)


@pytest.mark.parametrize(("written", "step"), [
    ("resolve", ResolveStep(line=3)),
    ({"cast": {"card": "room", "door": "left", "targets": ["bob"], "as": "spell"}},
     CastStep("room", vocabulary.Door.LEFT, targets=("bob",), alias="spell", line=3)),
    ({"move": {"object": "x", "to": "exile"}}, MoveStep("x", vocabulary.Zone.EXILE, line=3)),
    ({"pass": "bob"}, PassStep("bob", line=3)),
    ({"attack": {"attackers": ["a", "b"], "defender": "bob"}},
     AttackStep(("a", "b"), "bob", line=3)),
    ({"block": {"blockers": {"wall": "a"}, "player": "bob"}},
     BlockStep((("wall", "a"),), "bob", line=3)),
    ({"choose": ["left", 2]}, ChooseStep(("left", 2), listed=True, line=3)),
    ({"find": {"as": "t", "zone": "battlefield", "token": True, "not": ["u"], "first": True}},
     FindStep("t", ObjectFilter(vocabulary.Zone.BATTLEFIELD, token=True, excluded=("u",)),
              first=True, line=3)),
    ({"expect_illegal": {"pass": "alice"}}, ExpectIllegalStep(PassStep("alice", line=3), line=3)),
    ({"expect_illegal": {"choose": ["bears", "bears", "bears"]}},
     ExpectIllegalStep(ChooseStep(("bears", "bears", "bears"), listed=True, line=3), line=3)),
    ({"expect_illegal": {"choose": "left"}},
     ExpectIllegalStep(ChooseStep(("left",), line=3), line=3)),
    ({"play_land": {"card": "forest"}}, PlayLandStep("forest", line=3)),
    ({"expect_legal": {"play_land": {"card": "land", "player": "bob"}}},
     ExpectLegalStep(PlayLandStep("land", "bob", line=3), line=3)),
])
def test_steps_read_as_typed_values(written: object, step: object) -> None:
    parsed = parse_step(written, 3)  # type: ignore[arg-type]
    assert parsed == step
    assert render_step(parsed) == written


def test_an_expectation_keeps_its_subject_and_the_order_written() -> None:
    step = parse_step({"expect": {"object": "room", "zone": "battlefield", "names": ["A"],
                                  "unlocked_doors": ["left"], "power": None}}, 7)
    assert step == ExpectStep(ObjectExpectation("room", None, (
        InZone(vocabulary.Zone.BATTLEFIELD), ObjectItems(vocabulary.ObjectObservation.NAMES, ("A",)),
        DoorsUnlocked((vocabulary.Door.LEFT,)),
        ObjectValue(vocabulary.ObjectObservation.POWER, None))), line=7)
    choice = parse_step({"expect": {"choice": {"kind": "door", "offers": ["left"]}}}, 8)
    assert choice == ExpectStep(GameExpectation((ChoiceIs(ChoiceExpectation(
        vocabulary.ChoiceKind.DOOR, offers=("left",))),)), line=8)
