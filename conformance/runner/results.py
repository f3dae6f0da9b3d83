"""Results: one per ruling, and the results file they are streamed to.

The results file is JSON (schema in docs/results-format.md).  It is rewritten atomically
after every result, so at any moment it is complete and valid: a crash loses only the
ruling that was running.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import Any

RESULTS_FORMAT = "conformance-results/1"


class Status(str, Enum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    UNSUPPORTED = "unsupported"
    NOT_EXECUTABLE = "not-executable"
    #: the engine did not answer within the per-scenario time limit (``--timeout``)
    TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class Result:
    """The verdict on one ruling for one engine.

    ``line`` is the line of the step that failed (0 when not about a step); ``setup`` is
    ``"injected"`` if any scenario's starting state was put in place directly, else
    ``"legal-play"``; ``injected_steps`` counts script steps that moved cards outside
    the rules.
    """

    id: str
    status: Status
    message: str = ""
    duration: float = 0.0
    path: str = ""
    line: int = 0
    scenario: str = ""
    setup: str = ""
    injected_steps: int = 0
    kind: str = "ruling"
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["status"] = self.status.value
        data["duration"] = round(self.duration, 6)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        return cls(**{**data, "status": Status(data["status"])})


def summary(results: list[Result]) -> Counter[Status]:
    counts: Counter[Status] = Counter({status: 0 for status in Status})
    counts.update(result.status for result in results)
    return counts


def exit_code(results: list[Result]) -> int:
    """0 when every ruling passed (or could not run for a declared reason), 1 when one
    failed, 2 when a harness or input error happened (an engine that crashed or timed out
    counts as one)."""
    statuses = {result.status for result in results}
    if Status.ERROR in statuses or Status.TIMEOUT in statuses:
        return 2
    if Status.FAILED in statuses:
        return 1
    return 0


class ResultsWriter:
    """Writes the results file, complete after every :meth:`add`."""

    def __init__(self, path: Path | None, header: dict[str, Any]) -> None:
        self.path = path
        self.header = {
            "format": RESULTS_FORMAT,
            "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            **header,
        }
        self.results: list[Result] = []
        self._write()

    def add(self, result: Result) -> None:
        self.results.append(result)
        self._write()

    def finish(self) -> None:
        self.header["finished"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.header["summary"] = {s.value: n for s, n in summary(self.results).items()}
        self._write()

    def _write(self) -> None:
        if self.path is None:
            return
        document = {**self.header, "results": [r.to_json() for r in self.results]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".results-")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(document, stream, indent=1, ensure_ascii=False)
            stream.write("\n")
        os.replace(temporary, self.path)


def load_results(path: Path) -> tuple[dict[str, Any], list[Result]]:
    document = json.loads(path.read_text(encoding="utf-8"))
    results = [Result.from_json(r) for r in document.pop("results")]
    return document, results
