"""Ruling coverage: how much of the corpus is executable and passing, by card, by mechanic
and by Comprehensive Rules section.

Computed from a loaded corpus and, for "passing", the results of a run; it runs nothing.
"""

from __future__ import annotations

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

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ids"] = list(self.ids)
        return data


def _rows(groups: Mapping[str, list[Ruling]], titles: Mapping[str, str],
          passed: set[str] | None) -> list[Row]:
    rows = []
    for key in sorted(groups, key=_sort_key):
        members = groups[key]
        rows.append(Row(
            key=key, title=titles.get(key, ""), rulings=len(members),
            executable=sum(1 for r in members if r.executable),
            passing=None if passed is None else sum(1 for r in members if r.id in passed),
            ids=tuple(sorted(r.id for r in members)),
        ))
    return rows


def _sort_key(key: str) -> list[Any]:
    return [(0, int(part)) if part.isdigit() else (1, part)
            for part in key.replace(".", " . ").split()]


def _group(rulings: Iterable[Ruling], keys_of: Any) -> dict[str, list[Ruling]]:
    groups: dict[str, list[Ruling]] = {}
    for ruling in rulings:
        for key in dict.fromkeys(keys_of(ruling)):
            groups.setdefault(key, []).append(ruling)
    return groups


def coverage(rulings: Sequence[Ruling], cr_sections: Mapping[str, str],
             results: Sequence[Result] | None = None) -> dict[str, Any]:
    """The coverage document: totals, then rows by card, mechanic and CR section (each
    cited number and the rule it belongs to, e.g. ``709.5e`` and ``709``)."""
    passed = None if results is None else {r.id for r in results if r.status is Status.PASSED}
    sections = _group(rulings, lambda r: [p for n in r.cr for p in parents(n)])
    not_executable = [{"id": r.id, "reason": r.not_executable_reason, "path": r.path}
                      for r in rulings if not r.executable]
    return {
        "format": COVERAGE_FORMAT,
        "totals": {
            "rulings": len(rulings),
            "executable": sum(1 for r in rulings if r.executable),
            "passing": None if passed is None else sum(1 for r in rulings if r.id in passed),
            "translations": sum(len(v) if isinstance(v, tuple) else 1
                                for r in rulings for v in r.translations.values()),
        },
        "by_card": [row.to_json() for row in _rows(_group(rulings, lambda r: r.cards), {}, passed)],
        "by_mechanic": [row.to_json() for row in _rows(
            _group(rulings, lambda r: r.mechanics), MECHANICS, passed)],
        "by_cr_section": [row.to_json() for row in _rows(
            sections, {key: title(cr_sections, key) for key in sections}, passed)],
        "not_executable": not_executable,
    }


def render_text(document: Mapping[str, Any]) -> str:
    """A plain-text table of a coverage document."""
    totals = document["totals"]
    passing = "not run" if totals["passing"] is None else str(totals["passing"])
    lines = [f"{totals['rulings']} rulings, {totals['executable']} executable, "
             f"{passing} passing, {totals['translations']} translations"]
    for heading, key in (("card", "by_card"), ("mechanic", "by_mechanic"),
                         ("CR section", "by_cr_section")):
        rows = document[key]
        width = max([len(heading)] + [len(r["key"]) for r in rows])
        lines += ["", f"{heading:<{width}}  rulings  executable  passing"]
        for row in rows:
            shown = "-" if row["passing"] is None else row["passing"]
            lines.append(f"{row['key']:<{width}}  {row['rulings']:>7}  {row['executable']:>10}  "
                         f"{shown:>7}")
    if document["not_executable"]:
        lines += ["", "not executable:"]
        lines += [f"  {item['id']}: {item['reason']}" for item in document["not_executable"]]
    return "\n".join(lines) + "\n"
