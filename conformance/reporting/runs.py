"""Results files as the reports read them: plain dicts, any status.

Reports read results files only.  They keep each result as the JSON object it is, so that
a status this version does not know (``timeout``, say) is shown rather than refused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..runner.results import RESULTS_FORMAT, Status
from ..runner.resultsfile import read_results

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
        engine = self.header.get("engine")
        return str((engine.get("name") if isinstance(engine, dict) else None) or "unknown")

    @property
    def label(self) -> str:
        engine = self.header.get("engine")
        version = engine.get("version") if isinstance(engine, dict) else None
        return f"{self.engine} {version}" if version else self.engine


def duplicate_id(ruling_id: str, number: int) -> str:
    """The id a report shows for the ``number``-th result (2, 3, ...) claiming ``ruling_id``."""
    return f"{ruling_id} (duplicate {number})"


def read_run(path: Path) -> Run:
    """Read a results file, finished or not; :class:`ConformanceError` (``path: where:
    what``) when it is not one.

    Two results with the same id are both kept: the second is shown under
    :func:`duplicate_id`, with ``duplicate_of`` naming the id it repeats.
    """
    header, entries = read_results(Path(path), RESULTS_FORMAT)
    results: dict[str, dict[str, Any]] = {}
    claims: Counter[str] = Counter()
    for _where, result in entries:
        ruling_id = result["id"]
        claims[ruling_id] += 1
        if claims[ruling_id] > 1:
            shown = duplicate_id(ruling_id, claims[ruling_id])
            result = {**result, "id": shown, "duplicate_of": ruling_id,
                      "message": f"another result has the id {ruling_id!r}"
                                 + (f"; {result['message']}" if result.get("message") else "")}
            ruling_id = shown
        results[ruling_id] = {**_DEFAULTS, **result}
    return Run(Path(path), header, results)


def labels(runs: Sequence[Run]) -> list[str]:
    """A distinct column label per run: the engine and version, then the file if needed."""
    plain = [run.label for run in runs]
    return [f"{label} ({run.path})" if plain.count(label) > 1 else label
            for label, run in zip(plain, runs)]
