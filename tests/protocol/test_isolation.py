"""Isolation: an engine process that hangs, dies, raises or speaks garbage costs one ruling
its result (``timeout`` or ``error``, with the reason); the process is restarted, the later
rulings run and the results file is complete."""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
ENGINES = Path(__file__).parent / "engines"
#: The faulty engines misbehave on the face-down cast of the middle ruling only.
FILES = [RULINGS / "rooms" / "cast-one-door.yaml",
         RULINGS / "morph" / "cast-face-down-for-3.yaml",
         RULINGS / "rooms" / "room-has-two-names.yaml"]
IDS = [yaml.safe_load(path.read_text(encoding="utf-8"))["id"] for path in FILES]
FIRST, FAULTY, LAST = IDS


def command(script: str, *args: str) -> str:
    return "cmd:" + shlex.join([sys.executable, str(ENGINES / script), *args])


def run(engine: str, tmp_path: Path, timeout: float = 1.0,
        files: list[Path] = FILES) -> tuple[int, dict[str, Any], str]:
    results = tmp_path / "results.json"
    code = main(["run", "--engine", engine, "--rulings", *map(str, files),
                 "--results", str(results), "--timeout", str(timeout)])
    document = json.loads(results.read_text(encoding="utf-8"))
    assert "finished" in document and "summary" in document  # the file is complete
    return code, document, str(results)


def by_id(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    assert [r["id"] for r in document["results"]] == IDS
    return {r["id"]: r for r in document["results"]}


def test_a_hanging_engine_times_out_and_is_restarted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    code, document, _ = run(command("faulty.py", "hang"), tmp_path, timeout=1.0)
    elapsed = time.monotonic() - started

    assert code == 2
    results = by_id(document)
    hung = results[FAULTY]
    assert hung["status"] == "timeout"
    assert hung["message"].startswith("the engine did not answer 'perform' within the "
                                      "per-scenario time limit of 1s; the process was killed")
    assert hung["line"] > 0 and hung["scenario"]
    assert results[FIRST]["status"] == "passed"
    assert results[LAST]["status"] == "passed"  # after a restart
    assert document["summary"]["timeout"] == 1
    assert elapsed < 20
    out = capsys.readouterr().out
    assert f"TIMEOUT {FAULTY}" in out


def test_an_engine_that_dies_mid_run_is_an_error_with_its_stderr(tmp_path: Path) -> None:
    code, document, _ = run(command("faulty.py", "die"), tmp_path)

    assert code == 2
    results = by_id(document)
    died = results[FAULTY]
    assert died["status"] == "error"
    assert died["message"] == ("engine broke the contract: the engine process exited with "
                               "status 3 while answering 'perform'; stderr: faulty: dying on "
                               "purpose")
    assert results[LAST]["status"] == "passed"


def test_an_engine_that_prints_garbage_is_an_error(tmp_path: Path) -> None:
    code, document, _ = run(command("faulty.py", "garbage"), tmp_path)

    assert code == 2
    results = by_id(document)
    garbled = results[FAULTY]
    assert garbled["status"] == "error"
    assert garbled["message"] == ("engine broke the contract: the engine answered 'perform' "
                                  "with a line that is not JSON: 'this is not JSON'")
    assert results[LAST]["status"] == "passed"


def test_an_engine_that_raises_is_an_error_and_keeps_running(tmp_path: Path) -> None:
    code, document, _ = run(command("faulty.py", "raise"), tmp_path)

    assert code == 2
    results = by_id(document)
    assert results[FAULTY]["status"] == "error"
    assert results[FAULTY]["message"] == \
        "engine raised RuntimeError: face-down casting is broken on purpose"
    assert results[LAST]["status"] == "passed"


def test_an_engine_that_exits_after_the_handshake_errs_on_every_ruling(tmp_path: Path) -> None:
    code, document, _ = run(command("exits_after_hello.py"), tmp_path)

    assert code == 2
    assert document["engine"]["name"] == "exits-after-hello"
    results = by_id(document)
    for result in results.values():
        assert result["status"] == "error"
        assert result["message"] == ("engine broke the contract: the engine process exited "
                                     "with status 3 while answering 'start'; stderr: "
                                     "exits_after_hello: giving up on start")


def test_the_timeout_is_per_scenario_not_per_call(tmp_path: Path) -> None:
    """A generous limit lets a whole ruling through; the default is 30 s."""
    code, document, _ = run(command("faulty.py", "none"), tmp_path, timeout=5.0)
    assert code == 0
    assert {r["status"] for r in document["results"]} == {"passed"}

    from conformance.frontends.cli import _parser

    assert _parser().parse_args(["run"]).timeout is None  # the client's default applies
    from conformance.protocol.client import DEFAULT_TIMEOUT

    assert DEFAULT_TIMEOUT == 30
