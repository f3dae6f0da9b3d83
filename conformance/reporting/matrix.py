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


#: The agreement groups of the default view, in reading order: (key, heading).
AGREEMENT: tuple[tuple[str, str], ...] = (
    ("disagree", "Engines disagree"),
    ("failing", "Same verdict, not passed, on every engine that judged it"),
    ("passed-where-judged", "Passed wherever judged (some engine could not judge it)"),
    ("unjudged", "Judged by no engine"),
    ("everywhere", "Passed on every engine"),
)


def agreement(statuses: Sequence[str]) -> str:
    """Which :data:`AGREEMENT` group a ruling with these statuses (one per engine) is in."""
    verdicts = {s for s in statuses if s in JUDGED}
    if len(verdicts) > 1:
        return "disagree"
    if not verdicts:
        return "unjudged"
    if verdicts != {"passed"}:
        return "failing"
    return "everywhere" if all(s in JUDGED for s in statuses) else "passed-where-judged"


def _bar_parts(statuses: Sequence[str], order: Sequence[str]) -> list[tuple[str, int]]:
    counted = counts(statuses)
    return [(s, counted.get(s, 0)) for s in order if counted.get(s, 0)]


def _revision(runs: Sequence[Run]) -> str:
    """The corpus revision of the runs, when they share one (for ``{revision}`` links)."""
    found = {_fingerprint(run, "corpus", "revision") for run in runs}
    return found.pop() if len(found) == 1 else "unknown"


def _cell_link(n: int, ruling_id: str, status: str,
               result: Mapping[str, Any] | None) -> tuple[str, str]:
    """(href, title) of an engine's cell: a failure, an error or a timeout links to that
    engine's entry in the failures section (where, why, the rerun and repro commands); the
    title is the first line of the result's message."""
    message = str((result or {}).get("message") or "").strip()
    title = message.splitlines()[0] if message else ""
    if result is None or status in _QUIET:
        return "", title
    return f"#{failure_anchor(n, ruling_id)}", title


#: Statuses whose cells link nowhere: nothing went wrong, or nothing was judged.
_QUIET = frozenset({"passed", "unsupported", "not-executable", "missing"})


def failure_anchor(n: int, ruling_id: str) -> str:
    """The id of the ``n``-th engine's failure entry for ``ruling_id`` in the failures
    section (ruling ids are ``[a-z0-9-]``; anything else a results file holds still makes an
    id without spaces)."""
    return f"f{n}-" + "".join(c if c.isalnum() or c in "-_" else "_" for c in ruling_id)


def matrix_report(runs: Sequence[Run], rulings: Mapping[str, Ruling],
                  cr_sections: Mapping[str, str], lang: str = "en",
                  history: Sequence[EngineHistory] = (), *, out: Path | None = None,
                  source_url: str = "") -> str:
    """Rulings x engines, one line per ruling, disagreements first; each failing cell links
    to that engine's failure below (where, why, the commands that rerun and reproduce it).
    ``history``: engines' histories (``history.history``) shown below the engines when
    several versions of an engine are compared.  ``out`` and ``source_url``: how the ruling
    files and the results files are linked (as in ``html.run_report``)."""
    from .details import view
    from .history import links as history_links
    from .history import trend

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

    def summarise(key: str, members: list[str], title: str = "") -> dict[str, Any]:
        return {
            "key": key, "title": title, "ids": members,
            "passed": [sum(1 for i in members if statuses[i][n] == "passed")
                       for n in range(len(runs))],
            "judged": [sum(1 for i in members if statuses[i][n] in JUDGED)
                       for n in range(len(runs))],
            "bars": [_bar_parts([statuses[i][n] for i in members], shown)
                     for n in range(len(runs))],
            "everywhere": sum(1 for i in members if i in everywhere),
            "comparable": sum(1 for i in members if i in judged_all),
        }

    def section(keys_of: Callable[[str], Sequence[str]], missing: str,
                titles: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
        return [summarise(key, members, (titles or {}).get(key, ""))
                for key, members in _groups(ids, keys_of, missing)]

    agreed: dict[str, list[str]] = {key: [] for key, _heading in AGREEMENT}
    for i in ids:
        agreed[agreement(statuses[i])].append(i)
    by_agreement = [summarise(heading, agreed[key]) for key, heading in AGREEMENT
                    if agreed[key]]

    sections = {n for e in entries.values() for n in e.cr}
    env = environment()
    headers = [_header(run, links) for run in runs]
    items = []
    for i in ids:
        flags = " ".join(flag for flag, on in (("disagree", disagree(statuses[i])),
                                               ("everywhere", i in everywhere)) if on)
        items.append((entries[i], cells[i], statuses[i],
                      " ".join(sorted(set(statuses[i]), key=rank.__getitem__)), flags,
                      i in everywhere, i in judged_all, links.ruling(entries[i].path, 0),
                      [_cell_link(n, i, statuses[i][n], cell)
                       for n, cell in enumerate(cells[i])]))
    rows = dict(zip(ids, _rows(env, "_matrix_rows.html.j2", items, rank=rank)))
    failures = []
    for n, run in enumerate(runs):
        failing = [view(run.results[i], run.engine, str(run.path), links, local=entries[i].path)
                   for i in ids if statuses[i][n] not in _QUIET]
        for shown_view in failing:
            local = entries[shown_view["id"]].path
            if local and not source_url and shown_view["line"]:  # the file loaded here
                shown_view["href"] = links.ruling(local, shown_view["line"])
            shown_view["anchor"] = failure_anchor(n, shown_view["id"])
            shown_view["report"] = (headers[n]["report_href"] + "#r-" + shown_view["id"]) \
                if headers[n]["report_href"] else ""
        failures.append(failing)
    by_mechanic = section(lambda i: entries[i].mechanics, NO_MECHANIC)
    return _render(
        env, "matrix.html.j2", title="conformance: " + " vs ".join(columns),
        columns=columns, headers=headers, lang=lang, rows=rows,
        interop=figure, disagreements=sum(1 for i in ids if disagree(statuses[i])),
        mixed=mixed(runs), history=list(history),
        trends={h.engine: trend(h) for h in history},
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
        statuses_present=shown, by_mechanic=by_mechanic, failures=failures,
        views=[
            ("agreement", "By agreement", by_agreement),
            ("card", "By card", section(lambda i: entries[i].cards, NO_CARD)),
            ("mechanic", "By mechanic", by_mechanic),
            ("cr", "By CR section", section(lambda i: [n for n, _t in entries[i].cr],
                                             "(no CR reference)", dict(sections))),
        ],
    )
