"""The defects issue 24 found with hostile and broken input and with faults, one test (or a
few) each: every one is now a clear ``path:line: message`` (or a plain message), exit 2 and no
traceback, or no longer happens at all."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
GOOD = RULINGS / "rooms" / "cast-one-door.yaml"
GOOD_ID = "room-cast-one-door"


def corpus(tmp_path: Path) -> Path:
    """A corpus of one ruling that passes on the reference engine."""
    root = tmp_path / "rulings"
    root.mkdir()
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, root / name)
    shutil.copy(GOOD, root / "good.yaml")
    return root


# -- 1. the text summary of a results file pytest wrote ---------------------------------------


def test_the_summary_of_a_results_file_pytest_wrote(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = corpus(tmp_path)
    results = tmp_path / "pytest-results.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p",
                           "no:cacheprovider", "-q", str(root), "--conformance-results",
                           str(results)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "version" not in json.loads(results.read_text("utf-8"))["engine"]
    assert main(["report", str(results)]) == 0  # was: a traceback (no engine version)
    out = capsys.readouterr().out
    assert out.startswith("conformance 0.1.0 -- engine reference\n1 passed, 0 failed")


def test_the_summary_of_a_results_file_with_only_its_format(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "bare.json"
    results.write_text('{"format": "conformance-results/1", "results": []}', encoding="utf-8")
    assert main(["report", str(results)]) == 0
    assert capsys.readouterr().out.startswith("conformance -- engine unknown\n0 passed")
