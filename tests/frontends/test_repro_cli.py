"""``conformance repro``: a failed result's standalone reproduction, written out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conformance.frontends.cli import main
from results_files import result, write_results

SCRIPT = "import sys\nprint('value: 2, expected 1')\nsys.exit(0)\n"


@pytest.fixture
def results(tmp_path: Path) -> Path:
    failed = result("room-x", "failed", "room: ability_count: expected 1, found 2")
    failed["details"] = {"reproduction": SCRIPT}
    return write_results(tmp_path / "r.json", [failed, result("room-y", "passed")], engine="phase")


def test_repro_writes_the_script_that_runs_on_its_own(results: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "repro.py"
    assert main(["repro", str(results), "--ruling", "room-x", "--out", str(out)]) == 0
    assert out.read_text() == SCRIPT
    ran = subprocess.run([sys.executable, str(out)], capture_output=True, text=True)
    assert (ran.returncode, ran.stdout) == (0, "value: 2, expected 1\n")
    assert main(["repro", str(results), "--ruling", "room-x"]) == 0
    assert capsys.readouterr().out.endswith(SCRIPT)


@pytest.mark.parametrize("ruling, message", [
    ("room-y", "ruling 'room-y' (passed) has no reproduction"),
    ("room-q", "no result for ruling 'room-q'"),
])
def test_repro_without_a_reproduction_says_why(results: Path, ruling: str, message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["repro", str(results), "--ruling", ruling]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
