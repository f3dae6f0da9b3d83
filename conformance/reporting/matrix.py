"""The comparison matrix: rulings x engines (``conformance report A.json B.json --html``).

Only rulings every compared engine could judge count towards interoperability: a ruling an
engine does not support, did not run or that is not executable tells nothing about
whether the engines agree, so it is left out of the figure (and counted as left out).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..format.model import Ruling
from .details import Links
from .html import NO_CARD, NO_MECHANIC, _groups, _header, _render, _rows, entry
from .runs import Run, counts, labels, ordered_statuses
from . import environment

if TYPE_CHECKING:
    from .history import EngineHistory

#: Statuses that are a verdict of the engine on the ruling.
JUDGED = frozenset({"passed", "failed", "error", "timeout"})


@dataclass(frozen=True, slots=True)
class Interop:
    """Rulings every engine passes, of those every engine could judge."""

    passed: int  # passed on every engine
    judged: int  # judged (passed, failed, error, timeout) by every engine
    total: int  # in any results file

    @property
    def left_out(self) -> int:
        return self.total - self.judged

    @property
    def percent(self) -> float:
        return 100.0 * self.passed / self.judged if self.judged else 0.0

    def text(self) -> str:
        return (f"interop: {self.passed} of {self.judged} rulings every engine could judge "
                f"pass on every engine ({self.left_out} of {self.total} left out: unsupported, "
                f"not run or not executable on some engine)")


def status_of(run: Run, ruling_id: str) -> str:
    result = run.results.get(ruling_id)
    return str(result["status"]) if result else "missing"


def interop(runs: Sequence[Run]) -> Interop:
    ids = set().union(*(run.results for run in runs)) if runs else set()
    judged = [i for i in ids if all(status_of(run, i) in JUDGED for run in runs)]
    passed = sum(1 for i in judged if all(status_of(run, i) == "passed" for run in runs))
    return Interop(passed, len(judged), len(ids))


def disagree(statuses: Sequence[str]) -> bool:
    """Engines disagree when two that judged the ruling reached different verdicts."""
    verdicts = {s for s in statuses if s in JUDGED}
    return len(verdicts) > 1


def _fingerprint(run: Run, key: str, field: str) -> str:
    value = (run.header.get(key) or {}).get(field) if isinstance(run.header.get(key), dict) \
        else None
    return str(value or "unknown")


def mixed(runs: Sequence[Run]) -> list[tuple[str, list[tuple[str, str]]]]:
    """What differs between the runs and should not be mixed silently: the corpus revision,
    the harness version, the contract version; ``(what, [(label, value)])`` per difference."""
    names = labels(runs)
    found = []
    for what, key, field in (("corpus revision", "corpus", "revision"),
                             ("harness version", "harness", "version"),
                             ("contract version", "engine", "contract")):
        values = [_fingerprint(run, key, field) for run in runs]
        if len(set(values)) > 1:
            found.append((what, list(zip(names, values))))
    return found


def pairs(runs: Sequence[Run], ids: Sequence[str]) -> list[list[tuple[int, int, int]]]:
    """For each pair of runs: (rulings both judged, of those with the same verdict, of those
    passed on both)."""
    table = []
    for a in runs:
        row = []
        for b in runs:
            both = [i for i in ids if status_of(a, i) in JUDGED and status_of(b, i) in JUDGED]
            row.append((len(both), sum(1 for i in both if status_of(a, i) == status_of(b, i)),
                        sum(1 for i in both if status_of(a, i) == status_of(b, i) == "passed")))
        table.append(row)
    return table


def _bar_parts(statuses: Sequence[str], order: Sequence[str]) -> list[tuple[str, int]]:
    counted = counts(statuses)
    return [(s, counted.get(s, 0)) for s in order if counted.get(s, 0)]


def _revision(runs: Sequence[Run]) -> str:
    """The corpus revision of the runs, when they share one (for ``{revision}`` links)."""
    found = {_fingerprint(run, "corpus", "revision") for run in runs}
    return found.pop() if len(found) == 1 else "unknown"


def _cell_href(links: Links, local: str, result: Mapping[str, Any] | None) -> str:
    """A link to the line a result points at: in the corpus's file as loaded for this report
    (``local``), or at the path the result names when there is none or links go to
    ``source_url`` (a path in the corpus's repository)."""
    if not result or not result.get("line"):
        return ""
    path = str(result.get("path") or "")
    if local and not links.source_url:
        path = local
    try:
        return links.ruling(path, int(result["line"]))
    except (TypeError, ValueError):
        return ""


def matrix_report(runs: Sequence[Run], rulings: Mapping[str, Ruling],
                  cr_sections: Mapping[str, str], lang: str = "en",
                  history: Sequence[EngineHistory] = (), *, out: Path | None = None,
                  source_url: str = "") -> str:
    """Rulings x engines.  ``history``: engines' histories (``history.history``) shown
    below the summary when several versions of an engine are compared.  ``out`` and
    ``source_url``: how the ruling files and the results files are linked (as in
    ``html.run_report``)."""
    from .history import links as history_links

    ids = sorted(set().union(*(run.results for run in runs)))
    links = Links(out, source_url, _revision(runs))
    entries = {i: entry(i, rulings.get(i), cr_sections, lang) for i in ids}
    columns = labels(runs)
    cells: dict[str, list[dict[str, Any] | None]] = {
        i: [run.results.get(i) for run in runs] for i in ids}
    statuses: dict[str, list[str]] = {i: [status_of(run, i) for run in runs] for i in ids}
    figure = interop(runs)
    judged_all = {i for i in ids if all(s in JUDGED for s in statuses[i])}
    everywhere = {i for i in judged_all if all(s == "passed" for s in statuses[i])}
    present = {s for row in statuses.values() for s in row}
    shown = ordered_statuses(present - {"missing"}) + (["missing"] if "missing" in present else [])
    rank = {status: n for n, status in enumerate(shown)}

    def section(keys_of: Callable[[str], Sequence[str]], missing: str,
                titles: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
        groups = []
        for key, members in _groups(ids, keys_of, missing):
            groups.append({
                "key": key, "title": (titles or {}).get(key, ""), "ids": members,
                "passed": [sum(1 for i in members if statuses[i][n] == "passed")
                           for n in range(len(runs))],
                "judged": [sum(1 for i in members if statuses[i][n] in JUDGED)
                           for n in range(len(runs))],
                "bars": [_bar_parts([statuses[i][n] for i in members], shown)
                         for n in range(len(runs))],
                "everywhere": sum(1 for i in members if i in everywhere),
                "comparable": sum(1 for i in members if i in judged_all),
            })
        return groups

    sections = {n for e in entries.values() for n in e.cr}
    env = environment()
    items = []
    for i in ids:
        flags = " ".join(flag for flag, on in (("disagree", disagree(statuses[i])),
                                               ("everywhere", i in everywhere)) if on)
        items.append((entries[i], cells[i], statuses[i],
                      " ".join(sorted(set(statuses[i]), key=rank.__getitem__)), flags,
                      i in everywhere, i in judged_all, links.ruling(entries[i].path, 0),
                      [_cell_href(links, entries[i].path, cell) for cell in cells[i]]))
    rows = dict(zip(ids, _rows(env, "_matrix_rows.html.j2", items, rank=rank)))
    by_mechanic = section(lambda i: entries[i].mechanics, NO_MECHANIC)
    return _render(
        env, "matrix.html.j2", title="conformance: " + " vs ".join(columns),
        columns=columns, headers=[_header(run, links) for run in runs], lang=lang, rows=rows,
        interop=figure, disagreements=sum(1 for i in ids if disagree(statuses[i])),
        mixed=mixed(runs), history=list(history),
        **history_links(history, {i: e.path for i, e in entries.items() if e.path}, out,
                        source_url),
        pairs=pairs(runs, ids) if len(runs) > 2 else [],
        texts={i: e.texts[0] for i, e in entries.items() if e.texts},
        engine_bars=[_bar_parts([statuses[i][n] for i in ids], shown)
                     for n in range(len(runs))],
        engine_judged=[sum(1 for i in ids if statuses[i][n] in JUDGED) for n in range(len(runs))],
        engine_passed=[sum(1 for i in ids if statuses[i][n] == "passed")
                       for n in range(len(runs))],
        total=len(ids), summaries=[counts(r["status"] for r in run.results.values())
                                   for run in runs],
        statuses_present=shown, by_mechanic=by_mechanic,
        views=[
            ("card", "By card", section(lambda i: entries[i].cards, NO_CARD)),
            ("mechanic", "By mechanic", by_mechanic),
            ("cr", "By CR section", section(lambda i: [n for n, _t in entries[i].cr],
                                             "(no CR reference)", dict(sections))),
        ],
    )
