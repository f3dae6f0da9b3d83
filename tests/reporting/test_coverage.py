"""Coverage by card, mechanic and CR section, and the CR section list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.format.crsections import load_cr_sections, parents, title
from conformance.format.loader import load_corpus
from conformance.frontends.cli import main
from conformance.reporting.coverage import coverage, render_text
from conformance.runner.results import Result, Status

RULINGS = Path(__file__).parents[2] / "rulings"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def row(document, group, key):
    return next(r for r in document[group] if r["key"] == key)


def test_counts_by_card_mechanic_and_cr_section(corpus):
    some = [r for r in corpus.rulings if r.id.startswith("room-")]
    results = [Result(r.id, Status.PASSED) for r in some[:3]] + \
              [Result(r.id, Status.FAILED) for r in some[3:]]
    document = coverage(some, corpus.cr_sections, results)
    assert document["totals"]["rulings"] == len(some)
    assert document["totals"]["passing"] == 3
    room = row(document, "by_card", "Bottomless Pool // Locker Room")
    assert room["rulings"] == sum(1 for r in some if "Bottomless Pool // Locker Room" in r.cards)
    rooms = row(document, "by_mechanic", "rooms")
    assert rooms["title"].startswith("Room cards")
    # A ruling citing 709.5e counts under 709.5e, 709.5 and 709.
    unlock = row(document, "by_cr_section", "709.5e")
    assert "room-unlock-is-a-special-action" in unlock["ids"]
    assert "room-unlock-is-a-special-action" in row(document, "by_cr_section", "709")["ids"]
    assert row(document, "by_cr_section", "709")["title"] == "Split Cards"


def test_without_results_passing_is_unknown(corpus):
    document = coverage(corpus.rulings, corpus.cr_sections, None)
    assert document["totals"]["passing"] is None
    assert "not run" in render_text(document)


def test_not_executable_rulings_are_listed_with_their_reason(corpus):
    document = coverage(corpus.rulings, corpus.cr_sections, None)
    for item in document["not_executable"]:
        assert item["reason"]
    assert len(document["not_executable"]) == sum(1 for r in corpus.rulings if not r.executable)


def test_cr_section_parents():
    assert parents("709.5e") == ["709.5e", "709.5", "709"]
    assert parents("709") == ["709"]
    assert title({"709": "Split Cards"}, "709.5e") == "Split Cards"


def test_a_cited_cr_number_must_be_listed(tmp_path, corpus):
    sections = load_cr_sections(RULINGS / "cr-sections.yaml")
    for ruling in corpus.rulings:
        assert set(ruling.cr) <= set(sections), ruling.id
    (tmp_path / "rooms").mkdir()
    (tmp_path / "cards.yaml").write_text((RULINGS / "cards.yaml").read_text("utf-8"), "utf-8")
    (tmp_path / "cr-sections.yaml").write_text("'709': Split Cards\n", "utf-8")
    source = (RULINGS / "rooms" / "cast-one-door.yaml").read_text("utf-8")
    (tmp_path / "rooms" / "x.yaml").write_text(source, "utf-8")
    loaded = load_corpus([tmp_path])
    (failure,) = loaded.failures
    assert "unknown CR section (not in cr-sections.yaml) '709.3'" in failure.message


def test_bad_cr_section_file(tmp_path):
    path = tmp_path / "cr-sections.yaml"
    path.write_text("'709': Split Cards\nseven: nope\n", "utf-8")
    with pytest.raises(Exception) as caught:
        load_cr_sections(path)
    assert str(caught.value) == f"{path}:2: 'seven' is not a Comprehensive Rules number"


def test_cli_coverage_writes_json(tmp_path, capsys):
    out = tmp_path / "coverage.json"
    assert main(["coverage", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "CR section" in printed and "mechanic" in printed
    document = json.loads(out.read_text("utf-8"))
    assert document["format"] == "conformance-coverage/1"
    totals = document["totals"]
    assert totals["passing"] == totals["executable"] == totals["rulings"] - len(
        document["not_executable"])


def test_cli_coverage_from_a_results_file(tmp_path, capsys):
    results = tmp_path / "r.json"
    assert main(["run", "--results", str(results), "-q"]) == 0
    capsys.readouterr()
    out = tmp_path / "c.json"
    assert main(["coverage", "--results", str(results), "--json", str(out)]) == 0
    assert json.loads(out.read_text("utf-8"))["totals"]["passing"] > 0
