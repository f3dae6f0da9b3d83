"""Every committed reproduction of a failure on phase.rs still reproduces it.

Each script in docs/engines/phase/repros/ was written by the phase adapter
(``PhaseEngine.reproduction``) for a ``failed`` result of results/phase-python-*.json.  It
uses only phase-python and exits 0 when the departure shows.  A verdict its script does not
reproduce is a harness bug.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("phase")

ROOT = Path(__file__).parents[3]
REPROS = ROOT / "docs" / "engines" / "phase" / "repros"
SCRIPTS = sorted(REPROS.glob("*.py"))
#: the departures the properties find, one script per property (docs/engines/phase.md)
PROPERTY_SCRIPTS = sorted((REPROS.parent / "property-repros").glob("*.py"))


def _failed_rulings() -> set[str]:
    results = sorted((ROOT / "results").glob("phase-python-*.json"))
    if not results:
        return set()
    document = json.loads(results[-1].read_text(encoding="utf-8"))
    return {r["id"] for r in document["results"] if r["status"] == "failed"}


@pytest.mark.parametrize("script", SCRIPTS + PROPERTY_SCRIPTS,
                         ids=[s.stem for s in SCRIPTS + PROPERTY_SCRIPTS])
def test_reproduction_shows_the_departure(script: Path) -> None:
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=300, cwd=script.parent)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "DEPARTURE REPRODUCED" in run.stdout


def test_each_failure_has_a_reproduction() -> None:
    assert _failed_rulings() == {s.stem for s in SCRIPTS}


def test_scripts_use_only_phase() -> None:
    for script in SCRIPTS + PROPERTY_SCRIPTS:
        imports = {line.split()[1] for line in script.read_text().splitlines()
                   if line.startswith(("import ", "from "))}
        assert imports <= {"json", "sys", "uuid", "phase"}, (script.name, imports)
