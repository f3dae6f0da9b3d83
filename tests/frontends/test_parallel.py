"""Parallel runs: ``pytest rulings -n 2`` and pytest-xdist gateways (``--tx``) give the same
merged results file -- and so the same reports -- as a run in one process."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.format.loader import load_corpus
from conformance.reporting.html import run_report
from conformance.reporting.runs import read_run

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
WRONG = "wrong_engines:room_one_door_off_battlefield"  # one ruling fails, with a message


def pytest_rulings(results: Path, *options: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(TESTS), *filter(None, [os.environ.get("PYTHONPATH")])])}
    process = subprocess.run(
        [sys.executable, "-m", "pytest", "rulings", "-q", "-p", "no:cacheprovider",
         "--engine", WRONG, "--conformance-results", str(results), *options],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert process.returncode == 1, process.stdout + process.stderr  # the one failure
    document: dict[str, Any] = json.loads(results.read_text(encoding="utf-8"))
    return document


def comparable(document: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    ids = [r["id"] for r in document["results"]]
    assert len(ids) == len(set(ids)), "a ruling recorded twice"
    return {r["id"]: (r["status"], r["message"], r["path"], r["line"], r["scenario"],
                      r["setup"], r["injected_steps"]) for r in document["results"]}


@functools.cache
def corpus() -> Any:
    return load_corpus([ROOT / "rulings"])


def report_without_times(path: Path) -> str:
    corpus_ = corpus()
    html = run_report(read_run(path), {r.id: r for r in corpus_.rulings}, corpus_.cr_sections)
    html = html.replace(str(path), "<results>")
    html = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[^ <]*", "<time>", html)
    return re.sub(r'<span class="duration">[^<]*</span>', "", html)


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serial") / "results.json"
    pytest_rulings(path)
    return path


@pytest.mark.parametrize("options", [
    ("-n", "2"),
    ("--tx", "2*popen", "--dist", "load"),
    ("-d", "--tx", "popen", "--tx", "popen"),
], ids=["n2", "tx-2-popen", "d-tx-popen-popen"])
def test_parallel_runs_give_the_same_results_and_reports(serial, tmp_path, options):
    one = json.loads(serial.read_text(encoding="utf-8"))
    path = tmp_path / "results.json"
    many = pytest_rulings(path, *options)
    assert comparable(many) == comparable(one)
    assert sum(1 for r in one["results"] if r["status"] == "failed") == 1
    assert many["summary"] == one["summary"]
    assert "finished" in many
    assert report_without_times(path) == report_without_times(serial)
