"""HTML reports, rendered from results files with the templates in ``reports/``.

Three reports, each one self-contained file (inline CSS and JavaScript, nothing fetched),
readable with JavaScript off:

* :func:`run_report` -- one run: the summary (a bar per status), what would judge more
  rulings (the capabilities and cards the engine lacks, most rulings first, as the terminal
  summary ranks them), then the unexpected results (given an expectations file), failures,
  errors, unsupported rulings by the capability lacking (closed when ranked above), not
  executable ones and passes, each failure with where and why, the
  script around the failing step and the commands that rerun and reproduce it; every
  ruling again by card and by mechanic, closed until opened;
* ``matrix.matrix_report`` -- several runs: rulings x engines (built on the helpers here);
* :func:`coverage_report` -- a coverage document (``reporting.coverage``);
* ``history.history_report`` -- several versions of each engine, verdicts in order.

Every value from a ruling file or an engine goes through Jinja's autoescaping.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from .. import __version__
from ..format.crsections import title
from ..format.model import Ruling
from ..runner.results import Result, Status, what_would_judge_more
from . import environment
from .details import Links, expectations_for, is_file, missing_capabilities, view
from .runs import Run, counts

NO_CARD = "(ruling not in the corpus)"
NO_MECHANIC = "(ruling not in the corpus)"


@dataclass(frozen=True, slots=True)
class Entry:
    """What a report shows of one ruling, computed once and shown in every group."""

    id: str
    texts: tuple[str, ...]
    text_lang: str  # the language of ``texts``
    fallback: bool  # English shown because the requested language is missing
    cr: tuple[tuple[str, str], ...]  # (number, title)
    cards: tuple[str, ...]
    mechanics: tuple[str, ...]
    path: str


def entry(ruling_id: str, ruling: Ruling | None, cr_sections: Mapping[str, str],
          lang: str = "en") -> Entry:
    if ruling is None:
        return Entry(ruling_id, (), "en", False, (), (), (), "")
    texts: tuple[str, ...] = (ruling.text,)
    fallback = False
    if lang != "en":
        translated = ruling.translations.get(lang)
        if translated is None:
            fallback = True
        else:
            texts = translated if isinstance(translated, tuple) else (translated,)
    return Entry(ruling.id, texts, "en" if lang == "en" or fallback else lang, fallback,
                 tuple((n, cr_sections.get(n) or title(cr_sections, n)) for n in ruling.cr),
                 ruling.cards, ruling.mechanics, ruling.path)


def _groups(ids: Iterable[str], keys_of: Callable[[str], Sequence[str]],
            missing: str) -> list[tuple[str, list[str]]]:
    """``(key, sorted ids)`` for every key, keys sorted; ids without a key under ``missing``."""
    grouped: dict[str, list[str]] = {}
    for ruling_id in ids:
        for key in dict.fromkeys(keys_of(ruling_id)) or (missing,):
            grouped.setdefault(key, []).append(ruling_id)
    return [(key, sorted(grouped[key])) for key in sorted(grouped, key=_key_order)]


def _key_order(key: str) -> tuple[int, list[Any]]:
    parts = [(0, int(p), "") if p.isdigit() else (1, 0, p)
             for p in key.replace(".", " . ").split()]
    return (1 if key.startswith("(") else 0, parts)


def _header(run: Run, links: Links | None = None) -> dict[str, Any]:
    """A run's header; with ``links``, the links to its results file and to the run report
    beside it (when there is one)."""
    header = run.header
    engine = header.get("engine") or {}
    corpus = header.get("corpus") or {}
    harness = header.get("harness") or {}
    report = run.path.with_suffix(".html")
    return {
        "file": str(run.path), "engine": run.engine, "version": engine.get("version") or "",
        "file_href": links.file(str(run.path)) if links else "",
        "report_href": links.file(str(report)) if links and report != run.path
        and is_file(str(report)) else "",
        "contract": engine.get("contract") or "", "harness": harness.get("version") or "",
        "corpus": corpus.get("root") or "", "revision": corpus.get("revision") or "",
        "started": header.get("started") or "", "finished": header.get("finished") or "",
    }


def _counts_text(statuses: Iterable[str]) -> str:
    return ", ".join(f"{n} {s}" for s, n in counts(statuses).items() if n)


#: Statuses shown on one line (no script excerpt, no commands).
_COMPACT = ("passed", "unsupported", "not-executable")


def judge_more(results: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, int]]:
    """What would judge more rulings (``runner.results.what_would_judge_more``), read from a
    results file's results; statuses this version does not know count for nothing."""
    known = {status.value for status in Status}
    return what_would_judge_more([Result.from_json(dict(r)) for r in results.values()
                                  if r.get("status") in known])


def _sections(views: Mapping[str, dict[str, Any]], unexpected_first: bool
              ) -> list[dict[str, Any]]:
    """The run report's sections, in reading order: unexpected results (with an
    expectations file), failures, errors (and timeouts, and statuses this version does not
    know), unsupported grouped by the capability lacking, not executable, passed."""
    ids = sorted(views)
    taken: set[str] = set()

    def pick(test: Callable[[dict[str, Any]], bool]) -> list[str]:
        chosen = [i for i in ids if i not in taken and test(views[i])]
        taken.update(chosen)
        return chosen

    sections: list[dict[str, Any]] = []
    if unexpected_first:
        sections.append({"id": "unexpected", "heading": "Unexpected results",
                         "groups": [("", pick(lambda v: bool(v["unexpected"])))],
                         "full": True})
    sections.append({"id": "failed", "heading": "Failures",
                     "groups": [("", pick(lambda v: v["status"] == "failed"))], "full": True})
    errors = pick(lambda v: v["status"] not in ("passed", "unsupported", "not-executable"))
    sections.append({"id": "errors", "heading": "Errors", "groups": [("", errors)],
                     "full": True})
    unsupported = pick(lambda v: v["status"] == "unsupported")
    by_capability: dict[str, list[str]] = {}
    for i in unsupported:
        by_capability.setdefault(missing_capabilities(views[i]["message"]), []).append(i)
    sections.append({"id": "unsupported", "heading": "Unsupported, by the capability lacking",
                     "groups": sorted(by_capability.items(), key=lambda kv: (-len(kv[1]), kv[0])),
                     "full": False})
    sections.append({"id": "not-executable", "heading": "Not executable",
                     "groups": [("", pick(lambda v: v["status"] == "not-executable"))],
                     "full": False})
    sections.append({"id": "passed", "heading": "Passed",
                     "groups": [("", pick(lambda v: True))], "full": False})
    for section in sections:
        section["count"] = sum(len(members) for _key, members in section["groups"])
    return [s for s in sections if s["count"]]


def run_report(run: Run, rulings: Mapping[str, Ruling], cr_sections: Mapping[str, str],
               lang: str = "en", *, expectations: Path | None = None, out: Path | None = None,
               source_url: str = "") -> str:
    """The report of one run (``conformance report RESULTS --html OUT``).

    ``expectations``: an expectations file (unexpected results first); ``out``: the
    report's folder, for relative links to the ruling files; ``source_url``: a link
    template instead (``{path}``, ``{line}``, ``{revision}``).
    """
    results = run.results
    ids = sorted(results)
    entries = {i: entry(i, rulings.get(i), cr_sections, lang) for i in ids}
    summary = counts(r["status"] for r in results.values())
    total_duration = sum(float(r.get("duration") or 0) for r in results.values())
    header = _header(run)
    links = Links(out, source_url, header["revision"])
    expected = expectations_for(expectations, run.engine, ids)
    views = {i: view(results[i], run.engine, str(run.path), links, expected.get(i),
                     full=results[i]["status"] not in _COMPACT, local=entries[i].path)
             for i in ids}

    def section(keys_of: Callable[[str], Sequence[str]], missing: str) -> list[dict[str, Any]]:
        groups = []
        for key, members in _groups(ids, keys_of, missing):
            counted = counts(results[i]["status"] for i in members)
            groups.append({"key": key, "total": len(members),
                           "parts": [(s, n) for s, n in counted.items() if n],
                           "failing": [i for i in members
                                       if results[i]["status"] not in _COMPACT]})
        return groups

    env = environment()
    for i in ids:  # joined once here: a filter per row costs more than the rest of the row
        views[i]["cards_text"] = " · ".join(entries[i].cards)
        views[i]["cr_text"] = " ".join(n for n, _t in entries[i].cr)
        partial = (results[i].get("details") or {}).get("partial")
        if results[i]["status"] == "passed" and isinstance(partial, dict):
            views[i]["partly"] = (f"{partial.get('passed')} of {partial.get('scenarios')} "
                                  f"scenarios")  # the others unsupported
            views[i]["partly_why"] = str(results[i].get("message") or "")

    def block(members: Sequence[str]) -> Markup:
        """The entries of a group, rendered in one pass per run of entries of one kind."""
        parts: list[str] = []
        for compact, run_of in itertools.groupby(
                members, key=lambda i: results[i]["status"] in _COMPACT):
            chosen = list(run_of)
            name = "_run_lines.html.j2" if compact else "_run_items.html.j2"
            parts.append(env.get_template(name).render(
                items=[(views[i], entries[i]) for i in chosen], lang=lang))
        return Markup("".join(parts))

    sections = _sections(views, bool(expected))
    for status_section in sections:
        status_section["groups"] = [(key, len(members), block(members))
                                    for key, members in status_section["groups"]]
    unexpected = sum(1 for v in views.values() if v["unexpected"])
    ranking = judge_more(results)
    return _render(env, "run.html.j2",
                   title=f"conformance: {run.label}", header=header, summary=summary,
                   total=len(results), lang=lang, duration=total_duration,
                   sections=sections, ranking=ranking,
                   expectations=str(expectations) if expectations else "",
                   unexpected=unexpected,
                   by_card=section(lambda i: entries[i].cards, NO_CARD),
                   by_mechanic=section(lambda i: entries[i].mechanics, NO_MECHANIC))


#: Ends every row a rows template renders; no escaped value can contain "<".
_ROW_END = "<!--row-->"


def _rows(env: jinja2.Environment, name: str, items: Sequence[Any],
          **context: Any) -> list[Markup]:
    """Render the rows of ``items`` in one pass (a row shows in several groups, so each is
    rendered once and placed many times)."""
    text = env.get_template(name).render(items=items, **context)
    rows = [Markup(part.strip()) for part in text.split(_ROW_END)][:-1]
    assert len(rows) == len(items), "a row template must end each row with " + _ROW_END
    return rows


def _render(env: jinja2.Environment, name: str, **context: Any) -> str:
    """Render a report with the inline script and the hash the page's CSP allows it by."""
    script = env.loader.get_source(env, "_report.js")[0] if env.loader else ""
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return env.get_template(name).render(generator=f"conformance {__version__}",
                                         script=Markup(script), script_hash=f"sha256-{digest}",
                                         **context)


def coverage_report(document: Mapping[str, Any], engines: Sequence[str],
                    out: Path | None = None) -> str:
    """A coverage document as HTML (``conformance coverage --html OUT``).

    ``engines`` names the columns of each row's ``passing_by_engine`` (empty: not run);
    ``out``: the report's folder, for relative links to the ruling files.
    """
    links = Links(out)
    hrefs = {item["path"]: links.ruling(item["path"], 0)
             for item in document.get("not_executable") or () if item.get("path")}
    return _render(environment(), "coverage.html.j2", title="conformance: coverage",
                   document=document, engines=list(engines), lang="en", hrefs=hrefs)
