"""Results files are never lost, slow or unreadable: appended while running, one document at
the end, normal permissions, nothing left behind by a kill; any string can be written; every
command reading a broken file says ``path: where: what`` and exits 2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from conformance.frontends.cli import main
from conformance.reporting.junit import junit_xml
from conformance.reporting.runs import duplicate_id, read_run
from conformance.runner.results import Result, ResultsWriter, Status, load_results

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
TESTS = ROOT / "tests"
sys.path.insert(0, str(TESTS))
from results_files import result, write_results  # noqa: E402

HEADER = {"engine": {"name": "reference"}, "seed": 0}
HOSTILE_TEXT = "a\ud800b \x1b[31mred\x1b[0m \x00\x07 end"


# -- writing ---------------------------------------------------------------------------------


def test_the_results_file_has_the_usual_permissions(tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        path = tmp_path / "results.json"
        writer = ResultsWriter(path, HEADER)
        assert path.stat().st_mode & 0o777 == 0o644  # was 0600
        writer.add(Result("x", Status.PASSED))
        writer.finish()
        assert path.stat().st_mode & 0o777 == 0o644
    finally:
        os.umask(previous)


KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
from conformance.runner.results import Result, ResultsWriter, Status
writer = ResultsWriter(Path(sys.argv[1]), {"engine": {"name": "reference"}})
for n in range(5):
    writer.add(Result(f"ruling-{n}", Status.PASSED, message="x" * 1000))
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_killed_run_loses_no_result_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    process = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(path)], cwd=ROOT,
                             check=False, timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]
    header, results = load_results(path)
    assert [r.id for r in results] == [f"ruling-{n}" for n in range(5)]
    assert "finished" not in header
    assert len(read_run(path).results) == 5  # the reports read it too


def test_a_line_cut_short_by_a_kill_is_ignored_and_a_broken_line_is_located(
        tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    writer = ResultsWriter(path, HEADER)
    writer.add(Result("one", Status.PASSED))
    with path.open("a", encoding="utf-8") as stream:
        stream.write('{"id": "two", "sta')
    assert [r.id for r in load_results(path)[1]] == ["one"]
    with path.open("a", encoding="utf-8") as stream:
        stream.write('\n{"id": "three", "status": "passed"}\n')
    with pytest.raises(Exception, match=rf"^{path}:3: not a results line \(not JSON"):
        load_results(path)


def test_a_temporary_file_left_by_a_killed_finish_is_removed(tmp_path: Path) -> None:
    (tmp_path / ".results.json.finishing").write_text("{", encoding="utf-8")
    writer = ResultsWriter(tmp_path / "results.json", HEADER)
    writer.finish()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def hostile_result(status: Status = Status.FAILED) -> Result:
    return Result(id="id-\ud800", status=status, message=HOSTILE_TEXT,
                  path="rulings/\udcff.yaml", line=3, scenario="s\udc80",
                  details={"key\ud800": ["v\udfff", {"deep": "\ud800"}]})


def test_lone_surrogates_never_crash_the_writer_and_read_back_replaced(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    writer = ResultsWriter(path, HEADER)
    writer.add(hostile_result())  # was: UnicodeEncodeError, the file cut short
    writer.finish()
    path.read_bytes().decode("utf-8")  # strict UTF-8
    (read,) = load_results(path)[1]
    assert read.id == "id-\ufffd" and read.path == "rulings/\ufffd.yaml"
    assert read.details == {"key\ufffd": ["v\ufffd", {"deep": "\ufffd"}]}


def test_junit_is_well_formed_with_control_characters_and_surrogates() -> None:
    results = [hostile_result(status) for status in Status]
    results.append(Result(id="ctl\x01\x1b", status=Status.ERROR, message="\x0c", path="\x02"))
    document = junit_xml(results, "eng\x07ine")
    root = ET.fromstring(document.encode("utf-8"))  # well-formed XML 1.0
    assert root.get("tests") == str(len(results))


def test_hostile_strings_in_a_results_file_reach_every_reader(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    escaped = json.dumps(HOSTILE_TEXT)  # JSON may spell a lone surrogate as \ud800
    path = tmp_path / "results.json"
    write_results(path, [result("x-\ud800", "failed", HOSTILE_TEXT, path="r/x.yaml", line=2)])
    assert "\\ud800" in path.read_text(encoding="utf-8") and escaped
    assert main(["report", str(path)]) == 0
    assert main(["report", str(path), "--html", str(tmp_path / "r.html")]) == 0
    assert main(["diff", str(path), str(path)]) == 0
    assert main(["coverage", "--results", str(path), "--json", str(tmp_path / "c.json")]) == 0
    assert main(["expect", "update", str(path), "--expect", str(tmp_path / "e.yaml"),
                 "--allow-todo"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out  # terminal escapes from data are neutralised
    assert "\\x1b[31mred" in out


def test_the_html_report_never_overwrites_the_results_file(tmp_path: Path) -> None:
    results = tmp_path / "x.html"
    code = main(["run", "--rulings", str(RULINGS / "rooms" / "cast-one-door.yaml"),
                 "--results", str(results), "-q"])
    assert code == 0
    assert load_results(results)[1][0].status is Status.PASSED  # still the results
    assert (tmp_path / "x.report.html").read_text(encoding="utf-8").startswith("<!")


# -- reading broken results files ------------------------------------------------------------


def document(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "conformance-results/1", "started": "2026-01-01T00:00:00+00:00",
        "engine": {"name": "reference", "version": "0.1.0"}, "seed": 0,
        "results": [result("a-ruling", "passed")]}
    base.update(changes)
    return base


BROKEN: list[tuple[str, Any, str]] = [
    ("engine-a-string", document(engine="x"), ": engine: expected object, found 'x'"),
    ("results-a-number", document(results=5), ": results: expected array, found 5"),
    ("duration-text", document(results=[{**result("a", "passed"), "duration": "abc"}]),
     ": results[0].duration: expected number, found 'abc'"),
    ("result-not-object", document(results=[7]), ": results[0]: expected object, found 7"),
    ("no-status", document(results=[{"id": "a"}]), ": results[0]: status is required"),
    ("negative-line", document(results=[{**result("a", "failed"), "line": -1}]),
     ": results[0].line: expected at least 0, found -1"),
    ("top-level-null", None, ": not a results file (expected format"),
    ("top-level-list", [1], ": not a results file (expected format"),
    ("deep-nesting", "[" * 100_000 + "]" * 100_000, ": nested too deeply"),
    ("not-json", "{nope", ": not a readable results file (not JSON"),
    ("summary-text", document(summary="all good"), ": summary: expected object"),
]


def write_broken(tmp_path: Path, content: Any) -> Path:
    path = tmp_path / "broken.json"
    text = content if isinstance(content, str) else json.dumps(content)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("content", "message"), [(c, m) for _, c, m in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
@pytest.mark.parametrize("command", ["report", "report-html", "diff", "expect", "coverage",
                                     "repro"])
def test_every_reader_refuses_a_broken_results_file_with_where_and_what(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, content: Any,
        message: str) -> None:
    path = write_broken(tmp_path, content)
    argv = {
        "report": ["report", str(path)],
        "report-html": ["report", str(path), "--html", str(tmp_path / "r.html")],
        "diff": ["diff", str(path), str(path)],
        "expect": ["expect", "update", str(path), "--expect", str(tmp_path / "e.yaml")],
        "coverage": ["coverage", "--results", str(path), "--json", str(tmp_path / "c.json")],
        "repro": ["repro", str(path), "--ruling", "a-ruling"],
    }[command]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{path}{message}" in err, err


def test_a_duplicated_id_is_shown_as_such_in_every_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_results(tmp_path / "run.json", [
        result("room-cast-one-door", "passed", path="rulings/rooms/cast-one-door.yaml"),
        result("room-cast-one-door", "error", "bad file", path="rulings/broken.yaml")])
    run = read_run(path)
    shown = duplicate_id("room-cast-one-door", 2)
    assert set(run.results) == {"room-cast-one-door", shown}
    assert run.results[shown]["duplicate_of"] == "room-cast-one-door"
    assert run.results[shown]["status"] == "error"
    html = tmp_path / "r.html"
    assert main(["report", str(path), "--html", str(html)]) == 0
    assert shown in html.read_text(encoding="utf-8")
    assert main(["report", str(path)]) == 0
    assert shown in capsys.readouterr().out
    other = write_results(tmp_path / "other.json",
                          [result("room-cast-one-door", "passed")])
    assert main(["diff", str(other), str(path)]) == 0
    assert f"{shown}: (absent) -> error" in capsys.readouterr().out


@pytest.mark.parametrize("layout", ["document", "lines"])
def test_a_report_is_never_written_over_a_results_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], layout: str) -> None:
    path = write_results(tmp_path / "run.json", [result("room-cast-one-door", "passed")])
    if layout == "lines":
        writer = ResultsWriter(path, HEADER)
        writer.add(Result("room-cast-one-door", Status.PASSED))
    before = path.read_bytes()
    assert main(["report", str(path), "--html", str(path)]) == 2
    assert "is a results file; a report is not written over it" in capsys.readouterr().err
    assert path.read_bytes() == before
