"""Ruling coverage: how much of the corpus is executable and passing, by card, by mechanic
and by Comprehensive Rules section, and how many of the CR sections under the rules in scope
(those listed in ``cr-sections.yaml``) have an executable ruling.

Computed from a loaded corpus and, for "passing", the results of a run; it runs nothing.
A row's status is about the corpus, never an engine's verdict: ``covered`` (every ruling
in it executable, every section with an executable ruling), ``partial`` or ``uncovered``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..format.crsections import parents, title
from ..format.model import Ruling
from ..format.vocabulary import MECHANICS
from ..runner.results import Result, Status

COVERAGE_FORMAT = "conformance-coverage/1"


@dataclass(frozen=True, slots=True)
class Row:
    """One group of rulings: a card, a mechanic or a CR section."""

    key: str
    title: str
    rulings: int
    executable: int
    passing: int | None  # None without results
    ids: tuple[str, ...] = field(default=())
    #: with several runs: (engine, passing) per run, in the order given
    passing_by_engine: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ids"] = list(self.ids)
        if self.passing_by_engine:
            data["passing_by_engine"] = dict(self.passing_by_engine)
        else:
            del data["passing_by_engine"]
        return data


def _rows(groups: Mapping[str, list[Ruling]], titles: Mapping[str, str],
          passed: set[str] | None,
          engines: Sequence[tuple[str, set[str]]] = ()) -> list[Row]:
    rows = []
    for key in sorted(groups, key=_sort_key):
        members = groups[key]
        rows.append(Row(
            key=key, title=titles.get(key, ""), rulings=len(members),
            executable=sum(1 for r in members if r.executable),
            passing=None if passed is None else sum(1 for r in members if r.id in passed),
            ids=tuple(sorted(r.id for r in members)),
            passing_by_engine=tuple((name, sum(1 for r in members if r.id in ids))
                                    for name, ids in engines),
        ))
    return rows


def _sort_key(key: str) -> list[Any]:
    """CR numbers in rules order (``607.1b`` before ``607.5``), other keys by name."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part)
            for part in re.findall(r"\d+|[^\d.\s]+", key)]


def _group(rulings: Iterable[Ruling], keys_of: Any) -> dict[str, list[Ruling]]:
    groups: dict[str, list[Ruling]] = {}
    for ruling in rulings:
        for key in dict.fromkeys(keys_of(ruling)):
            groups.setdefault(key, []).append(ruling)
    return groups


def corpus_status(done: int, total: int) -> str:
    """``covered``, ``partial`` or ``uncovered``: ``done`` of ``total`` things covered."""
    if total and done >= total:
        return "covered"
    return "partial" if done else "uncovered"


def _top(number: str) -> str:
    return number.split(".")[0]


def cr_scope(rulings: Sequence[Ruling], cr_sections: Mapping[str, str]) -> list[dict[str, Any]]:
    """Per rule in scope (the top numbers of ``cr-sections.yaml``): its sections, those with
    at least one executable ruling (citing it or a section under it), the others listed."""
    executable = {p for r in rulings if r.executable for n in r.cr for p in _ancestors(n)}
    cited = {p for r in rulings for n in r.cr for p in _ancestors(n)}
    rules: dict[str, list[str]] = {}
    for number in cr_sections:
        rules.setdefault(_top(number), []).append(number)
    rows = []
    for rule in sorted(rules, key=_sort_key):
        sections = sorted(rules[rule], key=_sort_key)
        covered = [n for n in sections if n in executable]
        rows.append({
            "rule": rule, "title": title(cr_sections, rule), "sections": len(sections),
            "covered": len(covered), "status": corpus_status(len(covered), len(sections)),
            "uncovered": [{"number": n, "title": cr_sections[n],
                           "cited": n in cited} for n in sections if n not in executable],
        })
    return rows


def _ancestors(number: str) -> list[str]:
    """``709.5e`` -> ``709.5e``, ``709.5``, ``709`` (a ruling on a sub-rule covers the rule)."""
    return parents(number)


def coverage(rulings: Sequence[Ruling], cr_sections: Mapping[str, str],
             results: Sequence[Result] | None = None,
             engines: Sequence[tuple[str, Iterable[str]]] = ()) -> dict[str, Any]:
    """The coverage document: totals, then rows by card, mechanic and CR section (each
    cited number and the rule it belongs to, e.g. ``709.5e`` and ``709``).

    ``engines`` -- ``(name, ids of the rulings it passed)`` per run -- adds the passing
    count of each engine to every row (``passing_by_engine``); ``passing`` is then the
    first engine's unless ``results`` is given.
    """
    passing_sets = [(name, set(ids)) for name, ids in engines]
    if results is not None:
        passed: set[str] | None = {r.id for r in results if r.status is Status.PASSED}
    else:
        passed = passing_sets[0][1] if passing_sets else None
    sections = _group(rulings, lambda r: [p for n in r.cr for p in parents(n)])
    not_executable = [{"id": r.id, "reason": r.not_executable_reason, "path": r.path}
                      for r in rulings if not r.executable]
    document: dict[str, Any] = {
        "format": COVERAGE_FORMAT,
        "totals": {
            "rulings": len(rulings),
            "executable": sum(1 for r in rulings if r.executable),
            "passing": None if passed is None else sum(1 for r in rulings if r.id in passed),
            "translations": sum(len(v) if isinstance(v, tuple) else 1
                                for r in rulings for v in r.translations.values()),
        },
        "by_card": [row.to_json() for row in _rows(
            _group(rulings, lambda r: r.cards), {}, passed, passing_sets)],
        "by_mechanic": [row.to_json() for row in _rows(
            _group(rulings, lambda r: r.mechanics), MECHANICS, passed, passing_sets)],
        "by_cr_section": [row.to_json() for row in _rows(
            sections, {key: title(cr_sections, key) for key in sections}, passed,
            passing_sets)],
        "not_executable": not_executable,
        "cr_scope": cr_scope(rulings, cr_sections),
    }
    scope = document["cr_scope"]
    document["totals"]["cr_sections"] = sum(row["sections"] for row in scope)
    document["totals"]["cr_sections_covered"] = sum(row["covered"] for row in scope)
    for key in ("by_card", "by_mechanic", "by_cr_section"):
        for row in document[key]:
            row["status"] = corpus_status(row["executable"], row["rulings"])
    if passing_sets:
        known = {r.id for r in rulings}
        document["engines"] = [name for name, _ids in passing_sets]
        document["totals"]["passing_by_engine"] = {
            name: len(ids & known) for name, ids in passing_sets}
    return document


def render_text(document: Mapping[str, Any]) -> str:
    """A plain-text table of a coverage document."""
    totals = document["totals"]
    passing = "not run" if totals["passing"] is None else str(totals["passing"])
    lines = [f"{totals['rulings']} rulings, {totals['executable']} executable, "
             f"{passing} passing, {totals['translations']} translations"]
    engines = document.get("engines") or []
    if len(engines) > 1:
        lines.append("passing per engine: " + ", ".join(
            f"{name} {n}" for name, n in totals["passing_by_engine"].items()))
    for heading, key in (("card", "by_card"), ("mechanic", "by_mechanic"),
                         ("CR section", "by_cr_section")):
        rows = document[key]
        width = max([len(heading)] + [len(r["key"]) for r in rows])
        if len(engines) > 1:
            widths = [max(len(name), 7) for name in engines]
            lines += ["", f"{heading:<{width}}  rulings  executable  " + "  ".join(
                f"{name:>{w}}" for name, w in zip(engines, widths))]
            for row in rows:
                lines.append(f"{row['key']:<{width}}  {row['rulings']:>7}  "
                             f"{row['executable']:>10}  " + "  ".join(
                                 f"{row['passing_by_engine'][name]:>{w}}"
                                 for name, w in zip(engines, widths)))
            continue
        lines += ["", f"{heading:<{width}}  rulings  executable  passing"]
        for row in rows:
            shown = "-" if row["passing"] is None else row["passing"]
            lines.append(f"{row['key']:<{width}}  {row['rulings']:>7}  {row['executable']:>10}  "
                         f"{shown:>7}")
    lines += ["", f"CR sections with an executable ruling: {totals['cr_sections_covered']} of "
                  f"{totals['cr_sections']} listed in cr-sections.yaml"]
    for row in document["cr_scope"]:
        missing = ", ".join(item["number"] for item in row["uncovered"])
        lines.append(f"  {row['rule']:<5} {row['covered']:>3}/{row['sections']:<3} "
                     f"{row['title'][:40]}" + (f"  (none: {missing})" if missing else ""))
    official = document.get("official")
    if official:
        t = official["totals"]
        lines += ["", f"official rulings: {t['official']} for {len(official['by_card'])} cards "
                      f"with an oracle id: {t['executable']} executable, "
                      f"{t['not_executable']} not executable, {t['missing']} missing"]
        for item in official["backlog"]:
            lines.append(f"  missing: {item['card']} ({item['published_at']}): "
                         f"{item['comment'][:90]}")
            if item.get("command"):
                lines.append(f"    scaffold it: {item['command']}")
        if official["cards_without_oracle_id"]:
            lines.append(f"  {len(official['cards_without_oracle_id'])} cards have no "
                         "identifiers.scryfallOracleId in the card file")
        if official["unmatched_oracle_ids"]:
            lines.append(f"  {len(official['unmatched_oracle_ids'])} oracle ids of the official "
                         "rulings are those of no card of the pool (not counted)")
    if document["not_executable"]:
        lines += ["", "not executable:"]
        lines += [f"  {item['id']}: {item['reason']}" for item in document["not_executable"]]
    return "\n".join(lines) + "\n"
