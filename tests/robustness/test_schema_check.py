"""The compiled schema check never lets through what ``jsonschema`` refuses.

Ruling files, property files, expectations files and results files are checked by a
validator compiled from their schema first (:mod:`conformance.format.filecheck`); only when
it refuses a document does ``jsonschema`` look at it, to word the problems -- so a document
the compiled validator accepts must be one ``jsonschema`` accepts too.  Checked on every
real and every deliberately broken file, and on documents mutated by Hypothesis (a key
removed, added or given another value, anywhere in the document).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.format.filecheck import SCHEMAS, accepts, validator
from conformance.format.loader import find_ruling_files
from conformance.format.yamlsource import load_yaml
from conformance.runner.resultsfile import _validators

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
BROKEN = ROOT / "tests" / "data" / "broken"


def plain(value: Any) -> Any:
    """A copy made of plain dicts and lists (no line numbers), for mutating."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def documents(kind: str) -> list[Any]:
    if kind == "ruling":
        paths = find_ruling_files([RULINGS]) + sorted(BROKEN.rglob("*.yaml"))
    else:
        paths = sorted(RULINGS.rglob("*.property.yaml")) if kind == "property" else []
    found = []
    for path in paths:
        try:
            found.append(plain(load_yaml(path)))
        except Exception:  # a file that is not even YAML has no schema check
            continue
    return found


RULING_DOCUMENTS = documents("ruling")


def agrees(kind: str, document: Any) -> None:
    """The compiled validator accepts only what jsonschema accepts."""
    if accepts(kind, document):
        assert validator(kind).is_valid(document), document


@pytest.mark.parametrize("kind", sorted(SCHEMAS))
def test_every_file_of_the_project_is_judged_alike(kind: str) -> None:
    for document in documents(kind):
        agrees(kind, document)


def test_every_real_ruling_takes_the_fast_path() -> None:
    """Valid files never reach jsonschema: that is what makes loading cheap."""
    for path in find_ruling_files([RULINGS]):
        assert accepts("ruling", load_yaml(path)), path


def test_the_broken_files_are_refused_by_both() -> None:
    for path in sorted(BROKEN.rglob("*.yaml")):
        try:
            document = plain(load_yaml(path))
        except Exception:
            continue
        if not validator("ruling").is_valid(document):
            assert not accepts("ruling", document), path


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.0, 1.0, 1.5, -1.0]),
    st.sampled_from(["", "x", "x\n", "room", "hand", "battlefield", "left", "passed", "001-01",
                     "2024-01-01", "2024-01-01\n", "709.5", "{1}{W}", "a-b", "A", "1"]),
    st.text(max_size=4))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.sampled_from(["card", "as", "x", "object", "zone"]),
                                        inner, max_size=2), max_leaves=6)


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _nodes(item, (*path, index))
    return found


@st.composite
def mutated(draw: st.DrawFn, originals: list[Any]) -> Any:
    document = plain(draw(st.sampled_from(originals)))
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(_nodes(document)))
        if not path:
            continue
        *parents, last = path
        node = document
        for part in parents:
            node = node[part]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete":
            del node[last]
        elif action == "add" and isinstance(node, dict):
            node[draw(st.sampled_from(["extra", "as", "card", "door", "zone", "notes", 1]))] = \
                draw(VALUES)
        elif action == "add":
            node.insert(last, draw(VALUES))
        else:
            node[last] = draw(VALUES)
    return document


FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(mutated(RULING_DOCUMENTS))
def test_a_mutated_ruling_is_accepted_only_if_jsonschema_accepts_it(document: Any) -> None:
    agrees("ruling", document)


RESULT = {"id": "r", "status": "passed", "duration": 0.1, "message": "", "path": "r.yaml",
          "line": 3, "scenario": "", "setup": "legal-play", "injected_steps": 0,
          "kind": "ruling", "details": {}}
HEADER = {"format": "conformance-results/1", "started": "2026-01-01T00:00:00+00:00",
          "harness": {"name": "conformance", "version": "0"},
          "engine": {"name": "e", "version": "1", "capabilities": ["x"], "contract": "1"},
          "corpus": {"root": "rulings", "revision": "abc"}, "seed": 0, "profile": "ci",
          "summary": {"passed": 1}}


@FUZZ
@given(st.data())
def test_a_mutated_results_line_is_accepted_only_if_jsonschema_accepts_it(
        data: st.DataObject) -> None:
    header, result = _validators()
    for part, original in ((header, HEADER), (result, RESULT)):
        document = data.draw(mutated([original]))
        if part.accepts(document):
            assert part.validator().is_valid(document), document
