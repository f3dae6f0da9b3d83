"""Results files as the reports read them: plain dicts, any status.

Reports read results files only.  They keep each result as the JSON object it is, so that
a status this version does not know (``timeout``, say) is shown rather than refused.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConformanceError
from ..runner.results import RESULTS_FORMAT, Status

#: The statuses in the order reports show them; any other status follows, alphabetically.
STATUS_ORDER: tuple[str, ...] = tuple(s.value for s in Status)


#: What a result has when the file leaves it out.
_DEFAULTS: dict[str, Any] = {"message": "", "duration": 0.0, "path": "", "line": 0,
                             "scenario": ""}


def status_key(status: str) -> tuple[int, str]:
    return (STATUS_ORDER.index(status), "") if status in STATUS_ORDER else (len(STATUS_ORDER),
                                                                            status)


def ordered_statuses(present: Iterable[str]) -> list[str]:
    """The standard statuses, then any other status present."""
    return sorted(set(STATUS_ORDER) | set(present), key=status_key)


def counts(statuses: Iterable[str]) -> dict[str, int]:
    """Counts per status: every standard status (0 included), then others present."""
    counted = Counter(statuses)
    return {status: counted[status] for status in ordered_statuses(counted)}


@dataclass(frozen=True, slots=True)
class Run:
    """One results file: its header and its results, by ruling id."""

    path: Path
    header: dict[str, Any]
    results: dict[str, dict[str, Any]]

    @property
    def engine(self) -> str:
        engine = self.header.get("engine") or {}
        return str(engine.get("name") or "unknown")

    @property
    def label(self) -> str:
        engine = self.header.get("engine") or {}
        version = engine.get("version")
        return f"{self.engine} {version}" if version else self.engine


def read_run(path: Path) -> Run:
    """Read a results file; :class:`ConformanceError` when it is not one."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ConformanceError(f"{path}: not a readable results file ({exc})") from None
    if not isinstance(document, dict) or document.get("format") != RESULTS_FORMAT:
        raise ConformanceError(f"{path}: not a results file (expected format {RESULTS_FORMAT!r})")
    results: dict[str, dict[str, Any]] = {}
    for index, result in enumerate(document.pop("results", None) or []):
        if not isinstance(result, dict) or not isinstance(result.get("id"), str) \
                or not isinstance(result.get("status"), str):
            raise ConformanceError(f"{path}: result {index} has no id or status")
        results[result["id"]] = {**_DEFAULTS, **result}
    return Run(Path(path), document, results)


def labels(runs: Sequence[Run]) -> list[str]:
    """A distinct column label per run: the engine and version, then the file if needed."""
    plain = [run.label for run in runs]
    return [f"{label} ({run.path})" if plain.count(label) > 1 else label
            for label, run in zip(plain, runs)]
