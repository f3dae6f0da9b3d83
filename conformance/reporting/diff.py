"""What changed between two runs: regressions, fixes and other status changes.

Computed from two results files.  A regression is a ruling that passed before and does not
now; a fix, one that did not pass and does now; anything else -- a status changing between
two non-passing statuses, a ruling only one run has -- is another change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .runs import Run

#: What a ruling missing from one of the two runs shows as.
ABSENT = "(absent)"


@dataclass(frozen=True, slots=True)
class Change:
    id: str
    old: str
    new: str
    result: dict[str, Any] | None  # the new result, when there is one

    @property
    def kind(self) -> str:
        if self.old == "passed" and self.new != ABSENT:
            return "regression"
        if self.new == "passed":
            return "fix"
        return "other"


KINDS = ("regression", "fix", "other")


def diff(old: Run, new: Run) -> list[Change]:
    """Rulings whose status differs: regressions first, then fixes, then the others; by id
    within each."""
    changes = []
    for ruling_id in sorted(set(old.results) | set(new.results)):
        before = old.results.get(ruling_id)
        after = new.results.get(ruling_id)
        old_status = before["status"] if before else ABSENT
        new_status = after["status"] if after else ABSENT
        if old_status != new_status:
            changes.append(Change(ruling_id, old_status, new_status, after))
    return sorted(changes, key=lambda c: (KINDS.index(c.kind), c.id))


_PLURALS = {"regression": "regressions", "fix": "fixes", "other change": "other changes"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else _PLURALS[word]}"


def render_text(old: Run, new: Run, changes: list[Change]) -> str:
    """The diff as text: a count line, then each group with one line per ruling (and, for a
    regression, where and why it fails now)."""
    by_kind = {kind: [c for c in changes if c.kind == kind] for kind in KINDS}
    lines = [f"{old.path} -> {new.path}: "
             + ", ".join([_plural(len(by_kind["regression"]), "regression"),
                          _plural(len(by_kind["fix"]), "fix"),
                          _plural(len(by_kind["other"]), "other change")])]
    if old.label != new.label:
        lines.append(f"engine: {old.label} -> {new.label}")
    headings = {"regression": "regressions", "fix": "fixes", "other": "other changes"}
    for kind in KINDS:
        if not by_kind[kind]:
            continue
        lines += ["", f"{headings[kind]}:"]
        for change in by_kind[kind]:
            lines.append(f"  {change.id}: {change.old} -> {change.new}")
            result = change.result
            if kind != "fix" and result and result["status"] != "passed":
                where = f"{result['path']}:{result['line']}" if result.get("line") else \
                    result.get("path", "")
                for line in str(result.get("message") or "").splitlines():
                    prefix = "" if not where or line.startswith(str(result.get("path"))) \
                        else f"{where}: "
                    lines.append(f"    {prefix}{line}")
                if result.get("scenario"):
                    lines.append(f"    (scenario: {result['scenario']})")
    return "\n".join(lines) + "\n"

