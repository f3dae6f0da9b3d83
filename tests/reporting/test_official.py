"""Official rulings the corpus lacks, and ``conformance new --from-official`` scaffolding them."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
import yaml

from conformance.format.loader import LoadFailure, load_corpus, load_ruling
from conformance.frontends.cli import main
from conformance.frontends.new_cmd import SCAFFOLD_REASON
from conformance.reporting.official import read_official
from test_coverage import OFFICIAL, ROOM_ID, RULINGS, cards_with_oracle_ids

ROOM = "Bottomless Pool // Locker Room"
MISSING = "Example ruling that the corpus does not have (test data, not an official text)."


@pytest.fixture
def corpus_copy(tmp_path: Path) -> Path:
    """A copy of the corpus whose card file gives two cards their oracle ids."""
    folder = tmp_path / "corpus"
    shutil.copytree(RULINGS, folder)
    shutil.copy(cards_with_oracle_ids(tmp_path), folder / "cards.yaml")
    return folder


def official_of(corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    out = tmp_path / "coverage.json"
    assert main(["coverage", "--rulings", str(corpus), "--official", str(OFFICIAL),
                 "--json", str(out), "--results", str(_empty_results(tmp_path))]) == 0
    capsys.readouterr()
    return dict(json.loads(out.read_text("utf-8"))["official"])


def _empty_results(tmp_path: Path) -> Path:
    from results_files import write_results

    return write_results(tmp_path / "none.json", [])


def test_the_backlog_gives_each_missing_ruling_the_command_that_scaffolds_it(
        corpus_copy, tmp_path, capsys):
    official = official_of(corpus_copy, tmp_path, capsys)
    (missing,) = official["backlog"]
    key = next(o.key for o in read_official(OFFICIAL) if o.comment == MISSING)
    assert missing["id"] == key
    assert missing["command"] == shlex.join([
        "conformance", "new", "--from-official", str(OFFICIAL), "--id", key,
        "--rulings", str(corpus_copy)])
    main(["coverage", "--rulings", str(corpus_copy), "--official", str(OFFICIAL), "--json",
          str(tmp_path / "c.json"), "--html", str(tmp_path / "c.html"),
          "--results", str(_empty_results(tmp_path))])
    text = capsys.readouterr().out
    assert f"    scaffold it: {missing['command']}\n" in text
    assert f'<code class="cmd">{missing["command"]}</code>' in \
        (tmp_path / "c.html").read_text("utf-8")

    # the command, as listed, scaffolds a ruling file that loads and is not executable
    assert main(shlex.split(missing["command"])[1:]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"scaffolded {corpus_copy}/rooms/") and \
        out.endswith(": not executable until its scenario is written\n")
    corpus = load_corpus([corpus_copy])
    assert corpus.failures == ()
    (ruling,) = [r for r in corpus.rulings if r.text == MISSING]
    assert (ruling.date, ruling.cards, ruling.executable, ruling.not_executable_reason) == (
        "2024-09-20", (ROOM,), False, SCAFFOLD_REASON)
    assert ruling.scenarios == ()  # nothing that could pass or fail
    assert ROOM_ID in Path(ruling.path).read_text("utf-8")  # the source names the card
    assert "wotc" in ruling.page and key in ruling.page
    assert ruling.cr and ruling.mechanics == ("rooms",)

    # coverage now finds it in the corpus, not executable; the backlog is empty
    after = official_of(corpus_copy, tmp_path, capsys)
    assert (after["totals"]["missing"], after["totals"]["not_executable"]) == (
        0, official["totals"]["not_executable"] + 1)
    assert after["backlog"] == []
    # a run gives it no verdict: it is not executable
    assert main(["run", "-q", "--rulings", str(corpus_copy), "--results",
                 str(tmp_path / "run.json"), "--no-html"]) == 0
    statuses = {r["id"]: r["status"] for r in
                json.loads((tmp_path / "run.json").read_text("utf-8"))["results"]}
    assert statuses[ruling.id] == "not-executable"


def test_the_stub_left_as_written_does_not_load(corpus_copy, capsys):
    """Uncommenting the stub without writing the scenario gives a file the loader refuses,
    never a scenario that passes."""
    assert main(["new", "--from-official", str(OFFICIAL), "--card", "Bottomless Pool",
                 "--rulings", str(corpus_copy), "--ruling-id", "room-example",
                 "--cr", "709.5", "--mechanic", "rooms"]) == 0
    path = corpus_copy / "rooms" / "room-example.yaml"
    assert "room-example" in capsys.readouterr().out
    text = path.read_text("utf-8")
    assert "notes: Scaffolded" in text  # cr and mechanics given: nothing guessed
    metadata = yaml.safe_load(text)
    del metadata["executable"], metadata["not_executable_reason"]
    stub = text[text.index("# scenarios:"):]
    uncommented = yaml.safe_dump(metadata, sort_keys=False) + "".join(
        line[2:] for line in stub.splitlines(keepends=True))
    assert "\nscenarios:\n- name: WHAT THE RULING SAYS HAPPENS" in uncommented
    path.write_text(uncommented, "utf-8")
    corpus = load_corpus([corpus_copy])
    failure = load_ruling(path, corpus.cards, corpus.cr_sections)
    assert isinstance(failure, LoadFailure), failure


def test_a_card_with_nothing_missing_and_bad_requests(corpus_copy, capsys):
    args = ["new", "--from-official", str(OFFICIAL), "--rulings", str(corpus_copy)]
    assert main([*args, "--card", "Thousand Winds"]) == 0
    assert capsys.readouterr().out == (
        "nothing to scaffold: the corpus has every official ruling of Thousand Winds\n")
    present = next(o for o in read_official(OFFICIAL) if o.comment.startswith("While on"))
    assert main([*args, "--id", present.key]) == 2
    assert f"official ruling {present.key} is already in the corpus: room-" in \
        capsys.readouterr().err
    missing = next(o for o in read_official(OFFICIAL) if o.comment == MISSING)
    assert main([*args, "--id", missing.key[:-1] + "x"]) == 2
    assert f"did you mean {missing.key!r}?" in capsys.readouterr().err
    outside = next(o for o in read_official(OFFICIAL) if o.oracle_id.endswith("ff"))
    assert main([*args, "--id", outside.key]) == 2
    assert "about a card that is not in the pool" in capsys.readouterr().err
    assert main([*args, "--card", "Wargate"]) == 2  # no oracle id in the card file
    assert "no card 'Wargate' with identifiers.scryfallOracleId" in capsys.readouterr().err
    assert main([*args, "--id", missing.key, "--mechanic", "roooms"]) == 2
    assert "did you mean 'rooms'?" in capsys.readouterr().err
    assert main(["new", "--from-official", str(OFFICIAL), "--card", "Entity Tracker"]) == 2
    assert "no card 'Entity Tracker' with identifiers.scryfallOracleId" in \
        capsys.readouterr().err  # the project's card file gives it none
    assert list(corpus_copy.rglob("*example*")) == []


def test_any_text_is_kept_verbatim(corpus_copy, tmp_path, capsys):
    hostile = ("It's \"quoted\" # not a comment: {x: 1}\n- and a new line\u2014with 'quotes'"
               " a bell \x07, a tab\t and trailing space ")
    official = tmp_path / "official.json"
    official.write_text(json.dumps([
        {"oracle_id": ROOM_ID, "source": "scryfall", "published_at": "not a date",
         "comment": hostile},
        {"oracle_id": ROOM_ID, "source": "wotc", "published_at": "2025-01-01",
         "comment": "Zzz a lone surrogate \ud800 here."}]), "utf-8")
    assert main(["new", "--from-official", str(official), "--card", ROOM,
                 "--rulings", str(corpus_copy), "--out", str(tmp_path / "new")]) == 0
    paths = sorted((tmp_path / "new").glob("*.yaml"))
    assert [p.name for p in paths] == ["bottomless-pool-it-s-quoted-not-a-comment.yaml",
                                       "bottomless-pool-zzz-a-lone-surrogate-here.yaml"]
    cards = load_corpus([corpus_copy]).cards
    ruling, other = (load_ruling(path, cards) for path in paths)
    assert not isinstance(ruling, LoadFailure), ruling.message
    assert (ruling.text, ruling.date, ruling.executable) == (hostile, None, False)
    assert not isinstance(other, LoadFailure), other.message
    assert other.text == "Zzz a lone surrogate \ufffd here."  # never an encoding crash
    capsys.readouterr()
