"""An engine imported into the harness's process that kills the process or never returns:
``conformance run`` plays the rulings in a child process by default for such engines, so
that the ruling under way gets an ``error`` or a ``timeout`` naming its file and line, a new
engine plays the others, every result is written and the run exits 2."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.contract.types import ObjectId
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import CardPool
from conformance.format.model import Setup
from conformance.frontends.cli import main
from conformance.runner import isolated

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
#: The engines below misbehave on the middle ruling only (the only one with Thousand Winds).
FILES = [RULINGS / "rooms" / "cast-one-door.yaml",
         RULINGS / "morph" / "cast-face-down-for-3.yaml",
         RULINGS / "rooms" / "room-has-two-names.yaml"]
IDS = [yaml.safe_load(path.read_text(encoding="utf-8"))["id"] for path in FILES]

pytestmark = pytest.mark.skipif(not isolated.available(), reason="needs fork")


def _misbehaves(setup: Setup) -> bool:
    return any(entry.card == "Thousand Winds" for _player, _zone, entry in setup.entries())


class Killing(ReferenceEngine):
    """Kills its own process (as an abort in native code would) on the middle ruling."""

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        if _misbehaves(setup):
            os.kill(os.getpid(), signal.SIGKILL)
        return super().start(setup, cards)


class Hanging(ReferenceEngine):
    """Never returns from starting the middle ruling's game."""

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        if _misbehaves(setup):
            time.sleep(3600)
        return super().start(setup, cards)


def run(engine: str, tmp_path: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    results = tmp_path / "results.json"
    code = main(["run", "--engine", f"{__name__}:{engine}", "--rulings", *map(str, FILES),
                 "--no-html", "--results", str(results), *extra])
    document = json.loads(results.read_text(encoding="utf-8"))
    assert [r["id"] for r in document["results"]] == IDS
    return code, {r["id"]: r for r in document["results"]}


def test_an_engine_that_kills_the_process_costs_one_ruling_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, results = run("Killing", tmp_path)
    assert code == 2
    dead = results[IDS[1]]
    assert dead["status"] == "error"
    assert "died (SIGKILL) during this ruling" in dead["message"]
    assert dead["path"].endswith("cast-face-down-for-3.yaml") and dead["line"] >= 1
    assert results[IDS[0]]["status"] == results[IDS[2]]["status"] == "passed"
    out = capsys.readouterr()
    assert "cast-face-down-for-3.yaml:" in out.out and "Traceback" not in out.out + out.err


def test_an_engine_that_never_returns_costs_one_ruling_a_timeout(tmp_path: Path) -> None:
    started = time.monotonic()
    code, results = run("Hanging", tmp_path, "--timeout", "3")
    assert time.monotonic() - started < 60
    assert code == 2
    assert results[IDS[1]]["status"] == "timeout"
    assert "no verdict within 3 s" in results[IDS[1]]["message"]
    assert results[IDS[0]]["status"] == results[IDS[2]]["status"] == "passed"


def test_a_new_engine_is_started_only_after_a_loss(tmp_path: Path) -> None:
    from conformance.format.loader import load_corpus

    corpus = load_corpus(FILES, RULINGS / "cards.yaml")
    for factory, children in ((ReferenceEngine, 1), (Killing, 2)):
        run_ = isolated.IsolatedRun(factory, corpus.cards)
        found = [r.status.value for r in run_.run(corpus.rulings, lambda r: None)]
        assert run_.children == children
        assert found.count("passed") == 3 - (children - 1)


def test_without_isolation_the_rulings_run_in_this_process(tmp_path: Path) -> None:
    """``--no-isolate`` plays in the harness's process, as the reference engine does by
    default (nothing is forked: the engine's class attribute is set here)."""
    Counting.started = 0
    code, results = run("Counting", tmp_path, "--no-isolate")
    assert code == 0 and Counting.started >= 3  # one game per scenario, all seen here


class Counting(ReferenceEngine):
    started = 0

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        type(self).started += 1
        return super().start(setup, cards)
