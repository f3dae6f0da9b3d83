"""Coverage by card, mechanic and CR section, and the CR section list."""

from __future__ import annotations

import json
import re
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


# -- denominators: the CR sections in scope, the official rulings of each card ----------------

OFFICIAL = Path(__file__).parents[1] / "data" / "official" / "rulings.json"
ROOM_ID = "00000000-0000-4000-8000-00000000000a"
WINDS_ID = "00000000-0000-4000-8000-00000000000b"


def cards_with_oracle_ids(tmp_path: Path) -> Path:
    """A copy of the card file where two cards, and only they, carry MTGJSON identifiers
    (the ids of the project's card file are left out: tests/data/official/real-ids.json is
    the sample for those)."""
    text = re.sub(r"^ *identifiers: .*\n", "", (RULINGS / "cards.yaml").read_text("utf-8"),
                  flags=re.MULTILINE)
    for name, oracle in (("Bottomless Pool // Locker Room", ROOM_ID),
                         ("Thousand Winds", WINDS_ID)):
        face = re.search(rf"^{re.escape(name)}:\n( *)- name: .*\n", text, re.MULTILINE)
        assert face, name
        text = text[:face.end()] + f"{face.group(1)}  identifiers: {{scryfallOracleId: " \
                                   f"{oracle}}}\n" + text[face.end():]
    path = tmp_path / "cards.yaml"
    path.write_text(text, "utf-8")
    return path


def test_cr_sections_in_scope_have_a_denominator(corpus):
    document = coverage(corpus.rulings, corpus.cr_sections, None)
    scope = {row["rule"]: row for row in document["cr_scope"]}
    assert sum(row["sections"] for row in scope.values()) == len(corpus.cr_sections) == \
        document["totals"]["cr_sections"]
    executable_sections = {p for r in corpus.rulings if r.executable for n in r.cr
                           for p in parents(n)}
    rooms = scope["709"]
    listed = [n for n in corpus.cr_sections if n.split(".")[0] == "709"]
    assert rooms["sections"] == len(listed)
    assert rooms["covered"] == sum(1 for n in listed if n in executable_sections)
    assert [item["number"] for item in rooms["uncovered"]] == [
        n for n in sorted(listed, key=lambda n: [int(p) if p.isdigit() else p for p in
                                                 re.findall(r"\d+|[a-z]+", n)])
        if n not in executable_sections]
    assert rooms["uncovered"] and rooms["status"] == "partial"
    # a row's status is about the corpus: every ruling executable or not
    winds = row(document, "by_card", "Thousand Winds")
    assert winds["status"] == "partial"  # one of its rulings is not executable
    assert row(document, "by_card", "Wargate")["status"] == "covered"


def test_official_rulings_by_card_with_the_backlog(tmp_path, capsys):
    cards = cards_with_oracle_ids(tmp_path)
    out, html = tmp_path / "coverage.json", tmp_path / "coverage.html"
    assert main(["coverage", "--cards", str(cards), "--official", str(OFFICIAL), "--json",
                 str(out), "--html", str(html), "--engine", "reference"]) == 0
    text = capsys.readouterr().out
    official = json.loads(out.read_text("utf-8"))["official"]
    assert official["totals"] == {"official": 5, "executable": 3, "not_executable": 1,
                                  "missing": 1}
    by_card = {r["card"]: r for r in official["by_card"]}
    assert set(by_card) == {"Bottomless Pool // Locker Room", "Thousand Winds"}
    assert (by_card["Thousand Winds"]["executable"], by_card["Thousand Winds"]["not_executable"],
            by_card["Thousand Winds"]["missing"]) == (1, 1, 0)  # typographic quotes match
    assert [item["comment"][:15] for item in official["backlog"]] == ["Example ruling "]
    assert official["backlog"][0]["card"] == "Bottomless Pool // Locker Room"
    assert official["unmatched_oracle_ids"] == ["00000000-0000-4000-8000-0000000000ff"]
    assert "official rulings: 5 for 2 cards with an oracle id: 3 executable, 1 not " \
           "executable, 1 missing" in text
    page = html.read_text("utf-8")
    assert '<h3 id="backlog">' in page and "Example ruling that the corpus does not have" in page
    assert page.count('data-id="official:') == 2


def test_official_file_in_the_wrong_shape_is_a_harness_error(tmp_path, capsys):
    bad = tmp_path / "rulings.json"
    bad.write_text('{"object": "list"}', "utf-8")
    assert main(["coverage", "--official", str(bad), "--json", str(tmp_path / "c.json")]) == 2
    assert f"{bad}: expected a JSON list of rulings" in capsys.readouterr().err
