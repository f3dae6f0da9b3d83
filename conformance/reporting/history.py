"""History: each engine's verdicts across its versions (``conformance history RESULTS...``).

The results files are grouped by engine name and each group ordered by version (numbers
compared as numbers; then by start time).  Every ruling gets the status it had in each
version and a change, read from the last two versions: a regression (passed, now failing),
newly failing, newly passing, still failing since version N, passing, or other (unsupported,
not executable, not run).  Nothing is re-run.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .runs import Run, counts, labels, ordered_statuses

#: Statuses that mean the engine did not do what the ruling says (or broke).
FAILING = frozenset({"failed", "error", "timeout"})

#: The changes, in the order a history shows them, with their headings.
CHANGES: tuple[tuple[str, str], ...] = (
    ("regression", "Regressions: passed before, failing now"),
    ("newly-failing", "Newly failing"),
    ("newly-passing", "Newly passing"),
    ("still-failing", "Still failing"),
    ("other", "Not judged in the last version (unsupported, not executable, not run)"),
    ("passing", "Still passing"),
)


@dataclass(frozen=True, slots=True)
class RulingHistory:
    id: str
    statuses: tuple[str, ...]  # one per version; "missing" where the file has no result
    change: str  # a key of CHANGES
    since: str  # the version from which the last status holds without a break

    @property
    def last(self) -> str:
        return self.statuses[-1]


@dataclass(frozen=True, slots=True)
class EngineHistory:
    engine: str
    versions: tuple[str, ...]  # column labels, oldest first
    runs: tuple[Run, ...]
    rulings: tuple[RulingHistory, ...]

    def by_change(self) -> list[tuple[str, str, list[RulingHistory]]]:
        return [(key, heading, [r for r in self.rulings if r.change == key])
                for key, heading in CHANGES]

    def counts(self) -> list[dict[str, int]]:
        return [counts(r.statuses[n] for r in self.rulings if r.statuses[n] != "missing")
                for n in range(len(self.versions))]

    def mixed(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Corpus revisions, harness or contract versions that differ between the versions."""
        from .matrix import mixed

        return mixed(self.runs)

    def to_json(self) -> dict[str, Any]:
        return {"engine": self.engine, "versions": list(self.versions),
                "rulings": {r.id: {"statuses": list(r.statuses), "change": r.change,
                                   "since": r.since} for r in self.rulings}}


def version_key(run: Run) -> tuple[list[tuple[int, int, str]], str]:
    """Versions compared part by part, numbers as numbers (0.9 < 0.10); then start time."""
    engine = run.header.get("engine")
    version = str((engine or {}).get("version") or "") if isinstance(engine, dict) else ""
    parts = [(0, int(p), "") if p.isdigit() else (1, 0, p)
             for p in re.split(r"[.\-+_ ]", version) if p]
    return parts, str(run.header.get("started") or "")


def _change(statuses: Sequence[str]) -> str:
    last = statuses[-1]
    before = statuses[-2] if len(statuses) > 1 else None
    if last in FAILING:
        if before == "passed":
            return "regression"
        return "still-failing" if before in FAILING else "newly-failing"
    if last == "passed":
        return "passing" if before in (None, "passed") else "newly-passing"
    return "other"


def _since(statuses: Sequence[str], versions: Sequence[str]) -> str:
    """The first version of the run of versions ending at the last with the same kind of
    status (failing counts as one kind)."""
    def kind(status: str) -> str:
        return "failing" if status in FAILING else status

    n = len(statuses) - 1
    while n > 0 and kind(statuses[n - 1]) == kind(statuses[-1]):
        n -= 1
    return versions[n]


def history(runs: Sequence[Run]) -> list[EngineHistory]:
    """One history per engine name, engines in the order first given."""
    engines: dict[str, list[Run]] = {}
    for run in runs:
        engines.setdefault(run.engine, []).append(run)
    histories = []
    for engine, group in engines.items():
        ordered = sorted(group, key=version_key)
        versions = _version_labels(ordered)
        ids = sorted(set().union(*(run.results for run in ordered)))
        rulings = []
        for i in ids:
            statuses = tuple(str(run.results[i]["status"]) if i in run.results else "missing"
                             for run in ordered)
            rulings.append(RulingHistory(i, statuses, _change(statuses),
                                         _since(statuses, versions)))
        histories.append(EngineHistory(engine, versions, tuple(ordered), tuple(rulings)))
    return histories


def _version_labels(runs: Sequence[Run]) -> tuple[str, ...]:
    plain = [run.label.removeprefix(run.engine).strip() or "?" for run in runs]
    distinct = labels(runs)
    return tuple(p if plain.count(p) == 1 else d.removeprefix(run.engine).strip()
                 for p, d, run in zip(plain, distinct, runs))


def render_text(histories: Sequence[EngineHistory]) -> str:
    lines: list[str] = []
    for h in histories:
        lines.append(f"{h.engine}: {' -> '.join(h.versions)}")
        for version, counted in zip(h.versions, h.counts()):
            lines.append(f"  {version}: " + ", ".join(
                f"{n} {s}" for s, n in counted.items() if n))
        if len(h.versions) < 2:
            lines.append("  (one version: nothing to compare)")
            continue
        for key, heading, members in h.by_change():
            if not members or key in ("passing", "other"):
                continue
            lines.append(f"  {heading.lower()} ({len(members)}):")
            for r in members:
                since = f" since {r.since}" if key == "still-failing" else ""
                lines.append(f"    {r.id}: {' -> '.join(r.statuses)}{since}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


#: The trend chart's size in pixels, and the margins its axis labels take.
_CHART = {"width": 460, "height": 130, "left": 40, "right": 70, "top": 10, "bottom": 24}


def trend(h: EngineHistory) -> dict[str, Any]:
    """A line chart of ``h``'s passes and failures (failed, error, timeout) per version, as
    coordinates for an inline SVG (``_history.html.j2``): ``lines`` [(status, label,
    "x,y x,y ...", [(x, y, title)])], ``ticks`` [(y, label)], ``x_labels`` [(x, label)] and
    ``summary``, the counts as text (``passed 3 → 4; failing 2 → 1``);
    the y axis runs from 0 to the most rulings any version has a result for."""
    width, height = _CHART["width"], _CHART["height"]
    left, top = _CHART["left"], _CHART["top"]
    inner_w = width - left - _CHART["right"]
    inner_h = height - top - _CHART["bottom"]
    counted = h.counts()
    most = max([sum(c.values()) for c in counted] + [1])
    steps = max(len(h.versions) - 1, 1)
    xs = [left + (inner_w * n / steps if len(h.versions) > 1 else inner_w / 2)
          for n in range(len(h.versions))]

    def y(value: int) -> float:
        return top + inner_h * (1 - value / most)

    lines = []
    told = []
    for status, label in (("passed", "passed"), ("failed", "failing")):
        values = [c.get("passed", 0) if status == "passed"
                  else sum(c.get(s, 0) for s in FAILING) for c in counted]
        points = [(round(x, 1), round(y(v), 1),
                   f"{version}: {v} {label} of {sum(c.values())}")
                  for x, v, version, c in zip(xs, values, h.versions, counted)]
        lines.append((status, label, " ".join(f"{px},{py}" for px, py, _t in points), points))
        told.append(f"{label} " + " → ".join(map(str, values)))
    return {**_CHART, "lines": lines, "summary": "; ".join(told),
            "ticks": [(round(y(v), 1), str(v)) for v in sorted({0, most // 2, most})],
            "x_labels": [(round(x, 1), version) for x, version in zip(xs, h.versions)]}


def statuses_present(histories: Sequence[EngineHistory]) -> list[str]:
    present = {s for h in histories for r in h.rulings for s in r.statuses}
    return ordered_statuses(present - {"missing"}) + (["missing"] if "missing" in present else [])


def links(histories: Sequence[EngineHistory], paths: Mapping[str, str], out: Path | None,
          source_url: str = "") -> dict[str, Any]:
    """The links of a history: per engine, each version's results file and run report
    (``version_links``); per ruling, its file (``ruling_links``): the corpus's (``paths``,
    by id), else the one its last result names when that leads somewhere from here."""
    from .details import Links, is_file
    from .html import _header

    linker = Links(out, source_url)
    version_links = {h.engine: [_header(run, linker) for run in h.runs] for h in histories}
    ruling_links: dict[str, str] = {}
    for h in histories:
        for run in reversed(h.runs):
            for ruling_id, result in run.results.items():
                path = paths.get(ruling_id) or str(result.get("path") or "")
                if ruling_id not in ruling_links and path and \
                        (source_url or is_file(path)):
                    ruling_links[ruling_id] = linker.ruling(path, 0)
    return {"version_links": version_links, "ruling_links": ruling_links}


def history_report(runs: Sequence[Run], texts: dict[str, str] | None = None, *,
                   paths: Mapping[str, str] | None = None, out: Path | None = None,
                   source_url: str = "") -> str:
    """The history as one self-contained HTML page (``conformance history ... --html``);
    ``texts``: ruling texts by id, shown as tooltips; ``paths``: ruling files by id, linked
    from each row (relative to ``out``, the page's folder, or by ``source_url``)."""
    from . import environment
    from .html import _render

    histories = history(runs)
    return _render(environment(), "history.html.j2",
                   title="conformance history: " + ", ".join(h.engine for h in histories),
                   lang="en", history=histories, texts=texts or {},
                   trends={h.engine: trend(h) for h in histories},
                   statuses_present=statuses_present(histories),
                   **links(histories, paths or {}, out, source_url))
