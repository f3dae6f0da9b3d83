"""Results files for report, diff and gate tests, written without running an engine."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "rulings"
SNAPSHOTS = Path(__file__).parent / "data" / "snapshots"

#: A message no report may let through as markup.
HOSTILE = '<script>alert("owned")</script> & <b>bold</b> "quoted"'


def result(ruling_id: str, status: str, message: str = "", *, path: str = "",
           line: int = 0, scenario: str = "", duration: float = 0.001) -> dict[str, Any]:
    return {"id": ruling_id, "status": status, "message": message, "duration": duration,
            "path": path, "line": line, "scenario": scenario, "setup": "legal-play",
            "injected_steps": 0, "kind": "ruling", "details": {}}


def write_results(path: Path, results: list[dict[str, Any]], engine: str = "reference",
                  version: str = "0.1.0", started: str = "2026-01-01T00:00:00+00:00") -> Path:
    statuses: dict[str, int] = {}
    for r in results:
        statuses[r["status"]] = statuses.get(r["status"], 0) + 1
    document = {
        "format": "conformance-results/1", "started": started, "finished": started,
        "harness": {"name": "conformance", "version": "0.1.0"},
        "engine": {"name": engine, "version": version, "capabilities": [], "contract": "1.0"},
        "corpus": {"root": "rulings", "revision": "unknown"}, "seed": 0,
        "summary": statuses, "results": results,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    return path


def statuses_of(path: Path) -> dict[str, str]:
    document = json.loads(path.read_text(encoding="utf-8"))
    return {r["id"]: r["status"] for r in document["results"]}


def normalise(text: str, replacements: Mapping[str, str]) -> str:
    """Replace machine-specific paths with placeholders and drop timing digits."""
    for old, new in replacements.items():
        text = text.replace(old, new)
    return re.sub(r"\b\d+\.\d+ ?s\b", "<time>", text)


def check_snapshot(name: str, text: str) -> None:
    """Compare with tests/data/snapshots/NAME; UPDATE_SNAPSHOTS=1 rewrites it."""
    path = SNAPSHOTS / name
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} changed: UPDATE_SNAPSHOTS=1 " \
                                                     "rewrites it after a deliberate change"
