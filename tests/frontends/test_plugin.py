"""The pytest plugin, end to end in pytester runs: one item per ruling named by its id,
failures as the ruling and ``path:line`` (never a traceback), skips for unsupported and
not-executable rulings, pytest-xdist, and the results file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
RULINGS = ROOT / "rulings"
ROOMS = RULINGS / "rooms"

PASSING = "cast-one-door.yaml"  # passes on the reference engine and on the wrong engine below
PASSING_ID = "room-cast-one-door"
CAUGHT = "characteristics-outside-stack-and-battlefield.yaml"  # fails on that wrong engine
CAUGHT_ID = "room-characteristics-outside-stack-and-battlefield"
COPIES = "spell-copy-keeps-door-choice.yaml"  # requires spell-copies
COPIES_ID = "room-spell-copy-keeps-door-choice"
WRONG_ENGINE = "wrong_engines:room_one_door_off_battlefield"

BROKEN = """\
id: plugin-broken
text: A ruling with an unknown mechanic.
date: '2024-09-20'
source: {seed: 001-20}
cards: [Bottomless Pool // Locker Room]
cr: ['709.5']
mechanics: [rooms, split-card]
executable: false
not_executable_reason: It is only here to be broken.
"""
BROKEN_LINE = 7
BROKEN_MESSAGE = "unknown mechanic 'split-card'; did you mean 'split-cards'?"

NOT_EXECUTABLE = """\
id: plugin-not-executable
text: Each player may look at the cards they own in exile.
date: '2024-09-20'
source: {seed: 001-21}
cards: [Bottomless Pool // Locker Room]
cr: ['406.3']
mechanics: [hidden-information]
executable: false
not_executable_reason: Whether a player looked at a card is not observable.
"""

LACKING_ENGINE = """\
from conformance.contract.types import EngineInfo
from conformance.engines.reference import ReferenceEngine


LACKS = {lacks!r}


class Lacking:
    def __init__(self):
        self._engine = ReferenceEngine()

    @property
    def info(self):
        info = self._engine.info
        return EngineInfo(info.name, info.version, info.capabilities - LACKS, info.contract)

    def __getattr__(self, name):
        return getattr(self._engine, name)


def create():
    return Lacking()
"""


def corpus(pytester: pytest.Pytester, *rulings: str, folder: str = "rulings") -> Path:
    """A corpus in the pytester directory: cards.yaml and copies of ``rulings`` below it."""
    root = pytester.path / folder
    (root / "rooms").mkdir(parents=True)
    shutil.copy(RULINGS / "cards.yaml", root / "cards.yaml")
    for name in rulings:
        shutil.copy(ROOMS / name, root / "rooms" / name)
    return root


def output(result: pytest.RunResult) -> str:
    return "\n".join(result.outlines + result.errlines)


def assert_no_traceback(result: pytest.RunResult) -> None:
    text = output(result)
    assert "Traceback" not in text
    assert "conformance/runner" not in text
    assert "conformance/frontends" not in text
    assert "RulingProblem" not in text
    assert "INTERNALERROR" not in text


def line_containing(path: Path, text: str) -> int:
    lines = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if text in line]
    assert len(lines) == 1, (text, lines)
    return lines[0]


def results_file(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def by_id(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    ids = [r["id"] for r in document["results"]]
    assert len(ids) == len(set(ids)), f"a ruling recorded twice: {ids}"
    return {r["id"]: r for r in document["results"]}


@pytest.fixture
def wrong_engines_importable(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/wrong_engines.py importable in-process and in subprocesses (xdist workers)."""
    pytester.syspathinsert(TESTS)
    monkeypatch.setenv("PYTHONPATH", str(TESTS))


# -- collection ------------------------------------------------------------------------------


def test_each_ruling_is_one_item_named_by_its_id(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, CAUGHT)
    result = pytester.runpytest("--collect-only", "-q")
    result.stdout.fnmatch_lines([
        f"rulings/rooms/{PASSING}::{PASSING_ID}",
        f"rulings/rooms/{CAUGHT}::{CAUGHT_ID}",
    ])
    result.stdout.no_fnmatch_line("*cards.yaml*")
    assert result.ret == pytest.ExitCode.OK


def test_yaml_files_without_a_card_file_are_not_collected(pytester: pytest.Pytester) -> None:
    elsewhere = pytester.path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(ROOMS / PASSING, elsewhere / PASSING)
    corpus(pytester, PASSING, folder="corpus")
    result = pytester.runpytest("--collect-only", "-q")
    result.stdout.fnmatch_lines([f"corpus/rooms/{PASSING}::{PASSING_ID}"])
    result.stdout.no_fnmatch_line("elsewhere/*")
    result.stdout.fnmatch_lines(["1 test collected*"])


def test_a_passing_ruling_passes(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING)
    result = pytester.runpytest("-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([f"rulings/rooms/{PASSING}::{PASSING_ID} PASSED*"])
    assert result.ret == pytest.ExitCode.OK


def test_the_ruling_marker_selects_rulings(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, CAUGHT)
    result = pytester.runpytest("-m", "ruling", "--strict-markers")
    result.assert_outcomes(passed=2)


def test_rulings_run_under_xdist(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, CAUGHT)
    result = pytester.runpytest_subprocess("-n", "2", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["*2 workers*"])
    assert result.ret == pytest.ExitCode.OK


# -- failures ---------------------------------------------------------------------------------


def test_a_failure_shows_the_ruling_and_path_line_without_traceback(
        pytester: pytest.Pytester, wrong_engines_importable: None) -> None:
    root = corpus(pytester, PASSING, CAUGHT)
    path = root / "rooms" / CAUGHT
    line = line_containing(path, "- expect: {object: in_library")
    result = pytester.runpytest("--engine", WRONG_ENGINE)
    result.assert_outcomes(passed=1, failed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED == 1
    result.stdout.fnmatch_lines([
        "in_library: *mana_value: expected 6, found 1",
        f"at {path}:{line} (scenario: both doors combined in library, hand, graveyard and "
        "exile)",
        f"ruling {CAUGHT_ID}: While in any zone other than the stack or the battlefield, a "
        "Room card's characteristics are a combination of its two doors.*",
        f"FAILED rulings/rooms/{CAUGHT}::{CAUGHT_ID}*",
    ])
    assert_no_traceback(result)


def test_a_failure_under_xdist_shows_the_same_message(
        pytester: pytest.Pytester, wrong_engines_importable: None) -> None:
    root = corpus(pytester, PASSING, CAUGHT)
    path = root / "rooms" / CAUGHT
    line = line_containing(path, "- expect: {object: in_library")
    result = pytester.runpytest_subprocess("-n", "2", "-p", "no:cacheprovider",
                                           "--engine", WRONG_ENGINE)
    result.assert_outcomes(passed=1, failed=1)
    assert result.ret == 1
    result.stdout.fnmatch_lines([
        "in_library: *mana_value: expected 6, found 1",
        f"at {path}:{line} (scenario: *)",
        f"ruling {CAUGHT_ID}: While in any zone other than the stack or the battlefield*",
        f"FAILED rulings/rooms/{CAUGHT}::{CAUGHT_ID}*",
    ])
    assert_no_traceback(result)


@pytest.mark.parametrize("workers", [[], ["-n", "2", "-p", "no:cacheprovider"]],
                         ids=["one process", "xdist"])
def test_the_summary_line_and_the_junit_message_say_expected_and_found(
        pytester: pytest.Pytester, wrong_engines_importable: None,
        monkeypatch: pytest.MonkeyPatch, workers: list[str]) -> None:
    """The short summary line in full (as on CI) and the JUnit ``message`` are the verdict
    alone: what was expected and what was found, not the id and the ruling's text again."""
    import xml.etree.ElementTree as ET

    corpus(pytester, PASSING, CAUGHT)
    monkeypatch.setenv("CI", "true")  # pytest then prints the summary's message unclipped
    run = pytester.runpytest_subprocess if workers else pytester.runpytest
    result = run(*workers, "--engine", WRONG_ENGINE, "--junitxml", "junit.xml", "-rf")
    result.assert_outcomes(passed=1, failed=1)
    summary = [line for line in result.outlines if line.startswith("FAILED ")]
    assert len(summary) == 1
    assert summary[0].startswith(f"FAILED rulings/rooms/{CAUGHT}::{CAUGHT_ID} - in_library: ")
    assert summary[0].endswith("mana_value: expected 6, found 1")
    (failure,) = ET.parse(pytester.path / "junit.xml").getroot().iter("failure")
    message = failure.get("message") or ""
    assert message.startswith("in_library: ") and message.endswith("expected 6, found 1")
    assert "\n" not in message and CAUGHT_ID not in message
    assert "While in any zone" in (failure.text or "")  # the whole verdict in the element


def test_the_header_names_the_engine_and_the_corpus(pytester: pytest.Pytester,
                                                    wrong_engines_importable: None) -> None:
    corpus(pytester, PASSING)
    result = pytester.runpytest("rulings", "--engine", WRONG_ENGINE)
    result.stdout.fnmatch_lines([f"conformance *: engine {WRONG_ENGINE}, corpus rulings "
                                 "(card file rulings/cards.yaml)"])
    result = pytester.runpytest("rulings/rooms")
    result.stdout.fnmatch_lines(["conformance *: engine reference, corpus rulings/rooms "
                                 "(card file rulings/cards.yaml)"])
    elsewhere = pytester.mkdir("plain")
    (elsewhere / "test_x.py").write_text("def test_x():\n    pass\n", "utf-8")
    result = pytester.runpytest("plain")
    result.stdout.no_fnmatch_line("conformance *: engine*")


def test_expected_failures_are_strict_xfails(pytester: pytest.Pytester,
                                             wrong_engines_importable: None) -> None:
    corpus(pytester, PASSING, CAUGHT)
    expect = pytester.path / "expect.yaml"
    expect.write_text(f"""\
format: conformance-expectations/1
engines:
  "{WRONG_ENGINE}":
    {CAUGHT_ID}: {{status: failed, reason: one door kept off the battlefield}}
  reference:
    {CAUGHT_ID}: {{status: failed, reason: no longer true}}
""", "utf-8")
    result = pytester.runpytest("--engine", WRONG_ENGINE, "--expect", str(expect), "-rxX")
    result.assert_outcomes(passed=1, xfailed=1)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([f"XFAIL rulings/rooms/{CAUGHT}::{CAUGHT_ID} - expected "
                                 "failed: one door kept off the battlefield"])
    # an expected failure that passes fails the run (strict)
    result = pytester.runpytest("--expect", str(expect), "-rfxX")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["[[]XPASS(strict)[]] expected failed: no longer true",
                                 f"FAILED rulings/rooms/{CAUGHT}::{CAUGHT_ID}*"])
    # a broken expectations file is a usage error
    expect.write_text("engines: [\n", "utf-8")
    result = pytester.runpytest("--expect", str(expect))
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert_no_traceback(result)


def test_a_broken_ruling_file_is_one_failing_item_and_the_others_pass(
        pytester: pytest.Pytester) -> None:
    root = corpus(pytester, PASSING, CAUGHT)
    broken = root / "rooms" / "broken.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    collected = pytester.runpytest("--collect-only", "-q")
    collected.stdout.fnmatch_lines(["rulings/rooms/broken.yaml::plugin-broken"])
    result = pytester.runpytest()
    result.assert_outcomes(passed=2, failed=1)
    assert result.ret == 1
    result.stdout.fnmatch_lines([
        f"{broken}:{BROKEN_LINE}: {BROKEN_MESSAGE}",
        "FAILED rulings/rooms/broken.yaml::plugin-broken*",
    ])
    assert_no_traceback(result)


def test_a_file_that_is_not_yaml_is_one_failing_item_named_by_its_file(
        pytester: pytest.Pytester) -> None:
    root = corpus(pytester, PASSING)
    broken = root / "rooms" / "not-yaml.yaml"
    broken.write_text("id: x\ntext: [unclosed\n", encoding="utf-8")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines([f"{broken}:*: invalid YAML*",
                                 "FAILED rulings/rooms/not-yaml.yaml::not-yaml*"])
    assert_no_traceback(result)


def test_an_unknown_engine_fails_the_items_with_a_clear_message(
        pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, CAUGHT)
    result = pytester.runpytest("--engine", "nope")
    result.assert_outcomes(failed=2)
    assert result.ret == 1
    result.stdout.fnmatch_lines(["cannot start the engine: unknown engine 'nope'*(known: *"
                                 "reference*)"])
    assert_no_traceback(result)


def test_an_engine_that_cannot_start_is_an_error_in_the_results_file(
        pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, CAUGHT)
    result = pytester.runpytest("--engine", "nope", "--conformance-results", "out.json")
    result.assert_outcomes(failed=2)
    document = results_file(pytester.path / "out.json")
    assert document["summary"]["error"] == 2
    assert all("unknown engine 'nope'" in r["message"] for r in document["results"])


def test_an_engine_module_that_does_not_import_fails_clearly(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING)
    result = pytester.runpytest("--engine", "no_such_module_anywhere:create")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["cannot start the engine: cannot import engine module "
                                 "'no_such_module_anywhere'*"])
    assert_no_traceback(result)


# -- skips ------------------------------------------------------------------------------------


def test_a_ruling_needing_a_capability_the_engine_lacks_is_skipped_as_unsupported(
        pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, COPIES)
    pytester.makepyfile(lacking_engine=LACKING_ENGINE.format(lacks={"spell-copies"}))
    pytester.syspathinsert()
    full = pytester.runpytest()
    full.assert_outcomes(passed=2)  # the reference engine has spell-copies
    result = pytester.runpytest("--engine", "lacking_engine:create", "-rs")
    result.assert_outcomes(passed=1, skipped=1)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([
        "SKIPPED [[]1[]] *: unsupported: the engine lacks: spell-copies",
    ])
    assert "Traceback" not in output(result)


def test_a_ruling_that_is_not_executable_is_skipped_with_its_reason(
        pytester: pytest.Pytester) -> None:
    root = corpus(pytester, PASSING)
    (root / "not-executable.yaml").write_text(NOT_EXECUTABLE, encoding="utf-8")
    result = pytester.runpytest("-rs")
    result.assert_outcomes(passed=1, skipped=1)
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines([
        "SKIPPED [[]1[]] *: not-executable: "
        "Whether a player looked at a card is not observable.",
    ])


# -- the results file -------------------------------------------------------------------------


def test_the_results_file_has_one_result_per_ruling(pytester: pytest.Pytester,
                                                     wrong_engines_importable: None) -> None:
    root = corpus(pytester, PASSING, CAUGHT)
    (root / "rooms" / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    (root / "not-executable.yaml").write_text(NOT_EXECUTABLE, encoding="utf-8")
    result = pytester.runpytest("--engine", WRONG_ENGINE, "--conformance-results", "out.json")
    result.assert_outcomes(passed=1, failed=2, skipped=1)
    document = results_file(pytester.path / "out.json")
    assert document["format"] == "conformance-results/1"
    assert document["engine"] == {"name": WRONG_ENGINE}
    assert "finished" in document
    results = by_id(document)
    broken_path = str(root / "rooms" / "broken.yaml")
    assert {i: r["status"] for i, r in results.items()} == {
        PASSING_ID: "passed", CAUGHT_ID: "failed", "plugin-broken": "error",
        "plugin-not-executable": "not-executable",
    }
    caught = results[CAUGHT_ID]
    assert caught["path"] == str(root / "rooms" / CAUGHT)
    assert caught["line"] == line_containing(root / "rooms" / CAUGHT,
                                             "- expect: {object: in_library")
    assert "mana_value: expected 6, found 1" in caught["message"]
    assert results["plugin-broken"]["line"] == BROKEN_LINE
    assert results["plugin-broken"]["message"] == f"{broken_path}:{BROKEN_LINE}: {BROKEN_MESSAGE}"
    assert document["summary"] == {"passed": 1, "failed": 1, "error": 1, "unsupported": 0,
                                   "not-executable": 1, "timeout": 0}


def test_the_results_file_records_unsupported_rulings(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, COPIES)
    pytester.makepyfile(lacking_engine2=LACKING_ENGINE.format(lacks={"spell-copies"}))
    pytester.syspathinsert()
    pytester.runpytest("--engine", "lacking_engine2:create", "--conformance-results",
                       "out/r.json").assert_outcomes(passed=1, skipped=1)
    results = by_id(results_file(pytester.path / "out" / "r.json"))
    assert results[COPIES_ID]["status"] == "unsupported"
    assert results[COPIES_ID]["message"] == "the engine lacks: spell-copies"
    assert results[PASSING_ID]["status"] == "passed"


def test_the_results_file_under_xdist_is_merged_on_the_controller(
        pytester: pytest.Pytester, wrong_engines_importable: None) -> None:
    root = corpus(pytester, PASSING, CAUGHT, COPIES)
    (root / "rooms" / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    (root / "not-executable.yaml").write_text(NOT_EXECUTABLE, encoding="utf-8")
    result = pytester.runpytest_subprocess("-n", "2", "-p", "no:cacheprovider",
                                           "--engine", WRONG_ENGINE,
                                           "--conformance-results", "out.json")
    result.assert_outcomes(passed=2, failed=2, skipped=1)
    document = results_file(pytester.path / "out.json")
    results = by_id(document)
    assert {i: r["status"] for i, r in results.items()} == {
        PASSING_ID: "passed", COPIES_ID: "passed", CAUGHT_ID: "failed",
        "plugin-broken": "error", "plugin-not-executable": "not-executable",
    }
    assert document["summary"]["passed"] == 2
    assert "finished" in document
    # only the controller writes: no stray temporary files from workers
    assert sorted(p.name for p in pytester.path.glob("*.json")) == ["out.json"]
    assert not list(pytester.path.glob(".results-*"))


def test_without_the_option_no_results_file_is_written(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING)
    pytester.runpytest().assert_outcomes(passed=1)
    assert not list(pytester.path.rglob("*.json"))


def test_collect_only_leaves_an_empty_but_valid_results_file(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING)
    pytester.runpytest("--collect-only", "--conformance-results", "out.json")
    document = results_file(pytester.path / "out.json")
    assert document["results"] == []
    assert document["summary"]["passed"] == 0


# -- known bugs -------------------------------------------------------------------------------


def test_a_skipped_ruling_is_reported_at_its_ruling_file(pytester: pytest.Pytester) -> None:
    corpus(pytester, PASSING, "no-door-unlocked.yaml", "spell-has-only-cast-door.yaml")
    pytester.makepyfile(rooms_missing=LACKING_ENGINE.format(lacks={"rooms"}))
    pytester.syspathinsert()
    result = pytester.runpytest("--engine", "rooms_missing:create", "-rs")
    result.assert_outcomes(skipped=3)
    result.stdout.no_fnmatch_line("*conformance/frontends/plugin.py*")
    for name in (PASSING, "no-door-unlocked.yaml", "spell-has-only-cast-door.yaml"):
        result.stdout.fnmatch_lines([
            f"SKIPPED [[]1[]] rulings/rooms/{name}:*: unsupported: the engine lacks: rooms"])


def test_a_duplicate_ruling_id_is_an_error_as_in_conformance_run(
        pytester: pytest.Pytester) -> None:
    root = corpus(pytester, PASSING)
    (root / "again").mkdir()
    shutil.copy(ROOMS / PASSING, root / "again" / PASSING)
    result = pytester.runpytest("--conformance-results", "out.json")
    result.stdout.fnmatch_lines(["*ruling id 'room-cast-one-door' is already used by*"])
    assert result.ret == 1
    statuses = sorted(r["status"] for r in results_file(pytester.path / "out.json")["results"])
    assert statuses == ["error", "passed"]
