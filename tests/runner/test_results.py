"""Results and the results file: written whole after every result, summarised at the end,
and turned into the run's exit code."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from conformance.runner.results import (
    RESULTS_FORMAT, Result, ResultsWriter, Status, exit_code, load_results, summary,
)

HEADER = {"harness": {"name": "conformance", "version": "0.1.0"},
          "engine": {"name": "reference"}, "seed": 0}


def result(status: Status, ruling_id: str = "a-ruling", **fields: object) -> Result:
    return Result(id=ruling_id, status=status, **fields)  # type: ignore[arg-type]


def read(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


# -- the results file ------------------------------------------------------------------------


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_file_exists_and_is_readable_before_any_result(tmp_path: Path) -> None:
    path = tmp_path / "out" / "results.json"  # the folder is created too
    ResultsWriter(path, HEADER)
    (header,) = lines(path)  # JSON Lines while running: the header line
    assert header["format"] == RESULTS_FORMAT
    assert header["harness"] == HEADER["harness"]
    assert header["engine"] == {"name": "reference"}
    assert header["seed"] == 0
    datetime.fromisoformat(header["started"])
    assert "finished" not in header and "summary" not in header
    read_header, results = load_results(path)
    assert results == [] and read_header["format"] == RESULTS_FORMAT


def test_each_result_is_appended_as_one_line_and_readable_at_once(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    writer = ResultsWriter(path, HEADER)
    added = [
        result(Status.PASSED, "first", path="r/first.yaml", setup="legal-play"),
        result(Status.FAILED, "second", message="x: expected 6, found 1", path="r/second.yaml",
               line=42, scenario="a scenario", setup="injected", injected_steps=2),
        result(Status.ERROR, "third", message="engine raised RuntimeError: boom"),
    ]
    for count, item in enumerate(added, start=1):
        before = path.read_bytes()
        writer.add(item)
        assert path.read_bytes().startswith(before)  # appended, never rewritten
        assert lines(path)[-1] == item.to_json()
        assert load_results(path)[1] == added[:count]
    # no temporary file while running
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def test_finish_makes_one_document_with_finished_and_a_summary(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    writer = ResultsWriter(path, HEADER)
    for status in (Status.PASSED, Status.PASSED, Status.FAILED, Status.NOT_EXECUTABLE):
        writer.add(result(status))
    writer.finish()
    document = read(path)
    datetime.fromisoformat(document["finished"])
    assert document["finished"] >= document["started"]
    assert document["summary"] == {"passed": 2, "failed": 1, "error": 0, "unsupported": 0,
                                   "not-executable": 1, "timeout": 0}
    assert len(document["results"]) == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def test_load_results_reads_back_what_the_writer_wrote(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    writer = ResultsWriter(path, HEADER)
    written = [result(Status.PASSED, "one", duration=0.5),
               result(Status.UNSUPPORTED, "two", message="the engine lacks: morph")]
    for item in written:
        writer.add(item)
    writer.finish()
    header, results = load_results(path)
    assert results == written
    assert header["summary"]["unsupported"] == 1
    assert "results" not in header


def test_a_writer_without_a_path_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    monkeypatch.chdir(tmp_path)
    writer = ResultsWriter(None, HEADER)
    writer.add(result(Status.PASSED))
    writer.finish()
    assert writer.results == [result(Status.PASSED)]
    assert list(tmp_path.iterdir()) == []


# -- exit codes and the summary --------------------------------------------------------------


@pytest.mark.parametrize("statuses", [
    [],
    [Status.PASSED],
    [Status.UNSUPPORTED],
    [Status.NOT_EXECUTABLE],
    [Status.PASSED, Status.UNSUPPORTED, Status.NOT_EXECUTABLE],
])
def test_exit_code_is_0_when_nothing_failed(statuses: list[Status]) -> None:
    assert exit_code([result(s) for s in statuses]) == 0


@pytest.mark.parametrize("statuses", [
    [Status.FAILED],
    [Status.PASSED, Status.FAILED, Status.UNSUPPORTED, Status.NOT_EXECUTABLE],
])
def test_exit_code_is_1_with_a_failure(statuses: list[Status]) -> None:
    assert exit_code([result(s) for s in statuses]) == 1


@pytest.mark.parametrize("statuses", [
    [Status.ERROR],
    [Status.FAILED, Status.ERROR],
    [Status.ERROR, Status.PASSED, Status.FAILED],
    [Status.TIMEOUT],
    [Status.PASSED, Status.FAILED, Status.TIMEOUT],
])
def test_exit_code_is_2_with_an_error_even_beside_failures(statuses: list[Status]) -> None:
    assert exit_code([result(s) for s in statuses]) == 2


def test_summary_counts_every_status_including_zeros() -> None:
    counts = summary([result(Status.FAILED), result(Status.FAILED), result(Status.ERROR)])
    assert dict(counts) == {Status.PASSED: 0, Status.FAILED: 2, Status.ERROR: 1,
                            Status.UNSUPPORTED: 0, Status.NOT_EXECUTABLE: 0, Status.TIMEOUT: 0}


# -- one result ------------------------------------------------------------------------------


@pytest.mark.parametrize("status", list(Status))
def test_result_round_trips_through_json(status: Status) -> None:
    original = Result(id="room-cast-one-door", status=status, message="why: expected 1, found 2",
                      duration=0.25, path="rulings/rooms/cast-one-door.yaml", line=31,
                      scenario="casting a Room", setup="injected", injected_steps=3,
                      details={"extra": [1, 2]})
    data = original.to_json()
    assert data["status"] == status.value
    again = Result.from_json(json.loads(json.dumps(data)))
    assert again == original
    assert again.status is status


def test_to_json_has_every_documented_key_and_rounds_the_duration() -> None:
    data = Result(id="x", status=Status.PASSED, duration=0.1234567891).to_json()
    assert set(data) == {"id", "status", "message", "duration", "path", "line", "scenario",
                         "setup", "injected_steps", "kind", "details"}
    assert data["duration"] == 0.123457
    assert data["kind"] == "ruling"
    assert data["details"] == {}


def test_location_is_path_and_line_or_the_path_alone() -> None:
    assert result(Status.FAILED, path="r/x.yaml", line=7).location == "r/x.yaml:7"
    assert result(Status.ERROR, path="r/x.yaml").location == "r/x.yaml"
