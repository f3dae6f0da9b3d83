"""Engines launched through a wrapper (``sh -c``, ``npm run``, ``uv run`` ...): the wrapper,
the engine under it and every helper they start run in one process group, which the
client ends on a timeout, a crash or ``close``.  Each hang is a ``timeout``, the engine is
restarted, the run ends in bounded time and no process is left behind."""

from __future__ import annotations

import json
import os
import queue
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.frontends.cli import main
from conformance.protocol.client import _Process

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
FAULTY = ROOT / "tests" / "protocol" / "engines" / "faulty.py"
#: The faulty engine misbehaves on the face-down cast of the middle ruling only, which has
#: one scenario: one hang per run (tests/protocol/test_isolation.py has a restart after each
#: of four).
FILES = [RULINGS / "rooms" / "cast-one-door.yaml",
         RULINGS / "morph" / "face-down-spell.yaml",
         RULINGS / "rooms" / "room-has-two-names.yaml"]
IDS = [yaml.safe_load(path.read_text(encoding="utf-8"))["id"] for path in FILES]
#: The time limit where the engine hangs (tests/protocol/test_isolation.py gives the same
#: engine, unwrapped, 1 s).
HANG = 1.5


def marker() -> str:
    """A ``sleep`` duration no other process on the machine has in its command line."""
    return f"{random.randrange(10**6, 10**7)}.{random.randrange(10**3, 10**4)}"


def processes_with(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if text in command and str(os.getpid()) != entry.name:
            found.append(int(entry.name))
    return found


def wait_until_gone(text: str, seconds: float = 5.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while (left := processes_with(text)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def run(engine: str, tmp_path: Path, timeout: float = 4.0) -> tuple[int, dict[str, Any]]:
    results = tmp_path / "results.json"
    code = main(["run", "--engine", engine, "--rulings", *map(str, FILES), "--no-html",
                 "--results", str(results), "--timeout", str(timeout)])
    document = json.loads(results.read_text(encoding="utf-8"))
    assert [r["id"] for r in document["results"]] == IDS
    return code, {r["id"]: r for r in document["results"]}


def shell(script: str) -> str:
    return "cmd:" + shlex.join(["sh", "-c", script])


def test_a_hanging_engine_behind_sh_with_a_helper_times_out_and_leaves_nothing(
        tmp_path: Path) -> None:
    helper = marker()
    engine = shell(f"sleep {helper} & {shlex.quote(sys.executable)} {FAULTY} hang; echo done")
    started = time.monotonic()
    code, results = run(engine, tmp_path, timeout=HANG)
    assert time.monotonic() - started < 60  # was: forever
    assert code == 2
    assert results[IDS[1]]["status"] == "timeout"
    assert results[IDS[0]]["status"] == results[IDS[2]]["status"] == "passed", results
    assert wait_until_gone(helper) == []
    assert wait_until_gone(f"{FAULTY} hang") == []


def test_a_dead_engine_whose_child_keeps_stdout_open_times_out_and_leaves_nothing(
        tmp_path: Path) -> None:
    helper = marker()  # the helper inherits stdout: the pipe never reaches end of file
    engine = shell(f"sleep {helper} & exec {shlex.quote(sys.executable)} {FAULTY} die")
    code, results = run(engine, tmp_path, timeout=HANG)
    assert code == 2
    assert results[IDS[1]]["status"] in ("timeout", "error")
    assert results[IDS[2]]["status"] == "passed"
    assert wait_until_gone(helper) == []


def test_helpers_of_a_well_behaved_engine_end_with_the_run(tmp_path: Path) -> None:
    helper = marker()
    serve = shlex.join([sys.executable, "-m", "conformance.frontends.cli", "serve"])
    engine = shell(f"sleep {helper} >/dev/null 2>&1 & {serve}")
    code, results = run(engine, tmp_path)
    assert code == 0, results
    assert wait_until_gone(helper) == []


def test_an_engine_that_reads_nothing_never_blocks_the_harness() -> None:
    """A request larger than the pipe holds, to an engine that does not read: ``send``
    returns at once, the answer times out, and killing ends the engine."""
    helper = marker()
    process = _Process(["sh", "-c", f"sleep {helper}; true"])
    started = time.monotonic()
    process.send("x" * 1_000_000)  # was: blocked forever in write()
    with pytest.raises(queue.Empty):
        process.read(0.5)
    process.kill()
    assert time.monotonic() - started < 10
    assert wait_until_gone(helper) == []
