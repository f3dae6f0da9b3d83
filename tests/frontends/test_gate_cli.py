"""``conformance run --expect FILE --junit FILE`` and ``conformance expect update``."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.frontends.cli import main
from results_files import RULINGS, check_snapshot, normalise, statuses_of

ROOMS = RULINGS / "rooms"
CARDS = RULINGS / "cards.yaml"
WRONG = "wrong_engines:room_one_door_off_battlefield"
CAUGHT = "room-characteristics-outside-stack-and-battlefield"
BROKEN = Path(__file__).parents[1] / "data" / "broken" / "unknown-mechanic.yaml"

EXPECT_CAUGHT = f"""\
format: conformance-expectations/1
engines:
  reference:
    {CAUGHT}:
      status: failed
      reason: "the wrong engine <b>keeps</b> one door's values off the battlefield"
      bug: https://example.invalid/issues/1
"""


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str,
        rulings: Path = ROOMS) -> tuple[int, str, str]:
    code = main(["run", "-q", "--rulings", str(rulings), "--cards", str(CARDS),
                 "--results", str(tmp_path / "results.json"), *args])
    out, err = capsys.readouterr()
    return code, normalise(out, {str(tmp_path): "<tmp>", str(RULINGS): "<rulings>"}), err


@pytest.fixture
def expect(tmp_path: Path) -> Path:
    path = tmp_path / "expectations.yaml"
    path.write_text(EXPECT_CAUGHT, encoding="utf-8")
    return path


def test_expected_failure_passes_the_gate(tmp_path, capsys, expect):
    code, out, err = run(tmp_path, capsys, "--engine", WRONG, "--expect", str(expect),
                         "--junit", str(tmp_path / "junit.xml"))
    assert (code, err) == (0, "")
    check_snapshot("gate-as-expected.txt", out)


def test_an_unexpected_pass_fails_the_gate(tmp_path, capsys, expect):
    code, out, err = run(tmp_path, capsys, "--expect", str(expect),
                         "--junit", str(tmp_path / "junit.xml"))
    assert (code, err) == (1, "")
    check_snapshot("gate-unexpected-pass.txt", out)
    suite = ET.parse(tmp_path / "junit.xml").getroot()
    case = suite.find(f".//testcase[@name='{CAUGHT}']")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "unexpected-pass"
    assert "expected failed" in (failure.get("message") or "")
    assert suite.get("failures") == "1"


def test_an_unexpected_failure_fails_the_gate(tmp_path, capsys):
    empty = tmp_path / "empty.yaml"
    empty.write_text("format: conformance-expectations/1\nengines:\n  reference: {}\n", "utf-8")
    code, out, _err = run(tmp_path, capsys, "--engine", WRONG, "--expect", str(empty))
    assert code == 1
    assert f"UNEXPECTED FAILED {CAUGHT}: expected passed" in out


def test_junit_reflects_the_expected_failure(tmp_path, capsys, expect):
    junit = tmp_path / "junit.xml"
    run(tmp_path, capsys, "--engine", WRONG, "--expect", str(expect), "--junit", str(junit))
    root = ET.parse(junit).getroot()
    suite = root.find("testsuite")
    assert suite is not None
    ids = sorted(statuses_of(tmp_path / "results.json"))
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ids  # one testcase per ruling
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"),
            suite.get("skipped")) == (str(len(ids)), "0", "0", "1")
    caught = suite.find(f"testcase[@name='{CAUGHT}']")
    assert caught is not None
    skipped = caught.find("skipped")
    assert skipped is not None and skipped.get("type") == "expected-failed"
    assert skipped.get("message") == ("expected failed: the wrong engine <b>keeps</b> one door's "
                                      "values off the battlefield; https://example.invalid/issues/1")
    assert "mana_value: expected 6, found 1" in (skipped.text or "")


def test_junit_without_expectations(tmp_path, capsys):
    junit = tmp_path / "junit.xml"
    code, out, _err = run(tmp_path, capsys, "--engine", WRONG, "--junit", str(junit))
    assert code == 1
    assert "JUnit XML written to <tmp>/junit.xml" in out
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("failures") == "1"
    failure = suite.find(f"testcase[@name='{CAUGHT}']/failure")
    assert failure is not None and failure.get("type") == "failed"
    text = failure.text or ""
    assert "characteristics-outside-stack-and-battlefield.yaml:44" in text
    assert "mana_value: expected 6, found 1" in text


def test_a_bad_expectations_file_is_exit_2_before_running(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("engines:\n  reference:\n    some-ruling: {status: failed}\n", "utf-8")
    code, out, err = run(tmp_path, capsys, "--expect", str(bad))
    assert code == 2 and out == ""
    assert err == (f"conformance: error: {bad}:3: engines.reference.some-ruling: "
                   "give a reason or a bug link\n")
    assert not (tmp_path / "results.json").exists()


def test_an_unexpected_error_is_exit_2_and_an_expected_one_is_0(tmp_path, capsys):
    folder = tmp_path / "rulings"
    folder.mkdir()
    shutil.copy(ROOMS / "cast-one-door.yaml", folder / "good.yaml")
    shutil.copy(BROKEN, folder / "broken.yaml")
    plain = tmp_path / "plain.yaml"
    plain.write_text("engines: {}\n", "utf-8")
    code, out, _err = run(tmp_path, capsys, "--expect", str(plain), rulings=folder)
    assert code == 2
    assert "UNEXPECTED ERROR broken-unknown-mechanic: expected passed" in out
    listed = tmp_path / "listed.yaml"
    listed.write_text("engines:\n  reference:\n    broken-unknown-mechanic:\n"
                      "      {status: error, reason: deliberately broken}\n", "utf-8")
    code, out, _err = run(tmp_path, capsys, "--expect", str(listed), rulings=folder)
    assert code == 0, out


def test_expect_update_writes_the_file_then_keeps_reasons(tmp_path, capsys, expect):
    run(tmp_path, capsys, "--engine", WRONG)
    results = tmp_path / "results.json"
    fresh = tmp_path / "fresh.yaml"
    update = ["expect", "update", str(results), "--rulings", str(ROOMS)]
    # a new entry has no reason: refused, nothing written, unless told
    assert main([*update, "--expect", str(fresh)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"conformance: error: {fresh}: not written: 1 entry has no reason "
                          f"yet for engine reference:\n  {CAUGHT} (failed)\n")
    assert "--reason ID=TEXT" in err and "--allow-todo" in err
    assert not fresh.exists()
    assert main([*update, "--expect", str(fresh), "--allow-todo"]) == 0
    out = capsys.readouterr().out
    assert out == (f"{fresh}: engine reference: 1 added, 0 removed, 0 changed status, 0 kept, "
                   f"0 pruned, 0 not in the results (kept)\n"
                   f"  {CAUGHT}: give a reason or a bug link (TODO)\n")
    assert "TODO" in fresh.read_text("utf-8")
    # the file the update wrote gates the same run
    code, _out, _err = run(tmp_path, capsys, "--engine", WRONG, "--expect", str(fresh))
    assert code == 0
    # a TODO left in the file is refused again; a reason given on the command line is kept
    assert main([*update, "--expect", str(fresh)]) == 2
    assert f"  {CAUGHT} (failed)\n" in capsys.readouterr().err
    assert main([*update, "--expect", str(fresh), "--reason", f"{CAUGHT}=one door kept",
                 "--bug", f"{CAUGHT}=https://example.invalid/2"]) == 0
    capsys.readouterr()
    text = fresh.read_text("utf-8")
    assert "TODO" not in text and "reason: one door kept" in text and "example.invalid/2" in text
    assert main([*update, "--expect", str(fresh), "--reason", "no-such-ruling=x"]) == 2
    assert "--reason no-such-ruling: no entry" in capsys.readouterr().err

    assert main([*update, "--expect", str(expect)]) == 0
    capsys.readouterr()
    text = expect.read_text("utf-8")
    assert "keeps</b> one door's values" in text and "https://example.invalid/issues/1" in text
    assert "TODO" not in text


def test_expect_update_prunes_entries_of_rulings_that_no_longer_exist(tmp_path, capsys, expect,
                                                                     monkeypatch):
    run(tmp_path, capsys, "--engine", WRONG, rulings=ROOMS / "cast-one-door.yaml")
    results = tmp_path / "results.json"
    expect.write_text(EXPECT_CAUGHT + """\
    room-renamed-long-ago:
      status: failed
      reason: gone from the corpus
  python-mtg:
    room-renamed-long-ago: {status: failed, reason: another engine's entry is left alone}
""", "utf-8")
    # the run covered one file: the entry of a ruling it did not run is kept, the entry of a
    # ruling the corpus does not have is pruned
    assert main(["expect", "update", str(results), "--expect", str(expect),
                 "--rulings", str(ROOMS)]) == 0
    out = capsys.readouterr().out
    assert out == (f"{expect}: engine reference: 0 added, 0 removed, 0 changed status, 0 kept, "
                   "1 pruned, 1 not in the results (kept)\n"
                   "  pruned room-renamed-long-ago: no such ruling in the corpus\n")
    text = expect.read_text("utf-8")
    assert CAUGHT in text
    assert text.count("room-renamed-long-ago") == 1  # python-mtg's
    # without --rulings the corpus is the one the results file names
    document = json.loads(results.read_text("utf-8"))
    document["corpus"]["root"] = str(ROOMS)
    results.write_text(json.dumps(document), "utf-8")
    monkeypatch.chdir(tmp_path)  # no rulings/ folder here
    expect.write_text(EXPECT_CAUGHT + "    gone: {status: failed, reason: gone}\n", "utf-8")
    assert main(["expect", "update", str(results), "--expect", str(expect)]) == 0
    assert "pruned gone: no such ruling in the corpus" in capsys.readouterr().out
    # a corpus that is not here: said, nothing written
    document = json.loads(results.read_text("utf-8"))
    document["corpus"]["root"] = str(tmp_path / "elsewhere")
    results.write_text(json.dumps(document), "utf-8")
    expect.write_text(EXPECT_CAUGHT + "    gone: {status: failed, reason: gone}\n", "utf-8")
    assert main(["expect", "update", str(results), "--expect", str(expect)]) == 2
    assert "give --rulings" in capsys.readouterr().err
    assert "gone:" in expect.read_text("utf-8")


def test_expect_update_from_an_unreadable_results_file_is_exit_2(tmp_path, capsys, expect):
    assert main(["expect", "update", str(tmp_path / "none.json"), "--expect", str(expect)]) == 2
    assert "not a readable results file" in capsys.readouterr().err


def test_an_unexpected_failure_is_printed_with_its_message_and_nothing_else(tmp_path, capsys):
    empty = tmp_path / "empty.yaml"
    empty.write_text("format: conformance-expectations/1\nengines:\n  reference: {}\n", "utf-8")
    code = main(["run", "--engine", WRONG, "--rulings", str(ROOMS), "--cards", str(CARDS),
                 "--results", str(tmp_path / "results.json"), "--expect", str(empty)])
    out = capsys.readouterr().out
    assert code == 1
    lines = out.splitlines()
    first = lines.index(f"UNEXPECTED FAILED {CAUGHT}: expected passed")
    assert lines[first + 1].startswith(f"  {ROOMS}/characteristics-outside-stack-and-"
                                       "battlefield.yaml:44: ")
    assert out.count(CAUGHT) == 1  # not also printed while the run went


def test_a_missing_expectations_file_says_how_to_make_one(tmp_path, capsys):
    missing = tmp_path / "expectations.yaml"
    code, out, err = run(tmp_path, capsys, "--expect", str(missing))
    assert code == 2 and out == ""
    assert f"conformance expect update {tmp_path / 'results.json'} --expect {missing} " \
        "--allow-todo\n" in err


def test_report_with_a_missing_expectations_file_says_how_to_make_one(tmp_path, capsys):
    run(tmp_path, capsys)
    results, missing = tmp_path / "results.json", tmp_path / "expectations.yaml"
    assert main(["report", str(results), "--html", str(tmp_path / "r.html"),
                 "--expect", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"conformance expect update {results} --expect {missing} --allow-todo\n" in err
    assert "conformance run" not in err  # the results are at hand: nothing to re-run
    assert not (tmp_path / "r.html").exists()
