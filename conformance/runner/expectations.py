"""Expectations: the rulings each engine is known not to pass, and the CI gate over them.

An expectations file (docs/expectations.md) lists, per engine, the rulings expected to end
``failed``, ``error``, ``timeout`` or ``unsupported``, each with a reason or a bug link.
Every other ruling is expected to pass (``not-executable`` always matches: it is a property
of the ruling, not of the engine).  :func:`check` compares a run with the file; the gate's
exit code is 0 when every result is as expected, 1 on an unexpected result (an unexpected
pass included), 2 when an unexpected result is itself a harness error (``error`` or
``timeout``).  :func:`update` rewrites an engine's entries from a run, keeping reasons.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import ConformanceError, Location, RulingFileError, did_you_mean
from ..format.filecheck import schema_errors
from ..format.yamlsource import LineDict, key_line, load_yaml
from .results import Result, Status

EXPECTATIONS_FORMAT = "conformance-expectations/1"
#: The statuses an entry may expect.
EXPECTABLE = ("failed", "error", "timeout", "unsupported")
#: Statuses that always match: nothing about the engine.
ALWAYS_MATCH = ("not-executable",)
#: Unexpected statuses that make the gate a harness error (exit 2) rather than a verdict.
HARNESS_ERRORS = ("error", "timeout")
TODO_REASON = "TODO: say why, or link the bug"
_ENTRY_KEYS = ("status", "reason", "bug")


class ExpectationsError(RulingFileError):
    """The expectations file is malformed (``path:line: message``)."""


@dataclass(frozen=True, slots=True)
class Expectation:
    """One ruling expected not to pass on one engine."""

    id: str
    status: str
    reason: str = ""
    bug: str = ""
    line: int = 0

    @property
    def why(self) -> str:
        return "; ".join(part for part in (self.reason, self.bug) if part)

    def to_yaml(self) -> dict[str, str]:
        entry = {"status": self.status}
        if self.reason:
            entry["reason"] = self.reason
        if self.bug:
            entry["bug"] = self.bug
        return entry


@dataclass(frozen=True, slots=True)
class Expectations:
    """An expectations file: per engine name, expectations by ruling id."""

    path: str
    engines: Mapping[str, Mapping[str, Expectation]] = field(default_factory=dict)

    def for_engine(self, engine: str) -> Mapping[str, Expectation]:
        return self.engines.get(engine, {})


def _error(path: Path, line: int, message: str) -> ExpectationsError:
    return ExpectationsError(Location(str(path), line), message)


def load_expectations(path: Path) -> Expectations:
    """Read and check an expectations file; every problem is an :class:`ExpectationsError`
    with its line."""
    if not path.is_file():
        raise ConformanceError(f"{path}: no such expectations file")
    try:
        document = load_yaml(path)
    except RulingFileError as exc:
        raise ExpectationsError(exc.location, exc.message) from None
    if document is None:
        return Expectations(str(path))
    if not isinstance(document, LineDict):
        raise _error(path, getattr(document, "line", 1),
                     "an expectations file is a mapping with 'format' and 'engines'")
    for key in document:
        if key not in ("format", "engines"):
            raise _error(path, key_line(document, key), f"unknown key {key!r}"
                         + did_you_mean(str(key), ["format", "engines"]))
    if document.get("format", EXPECTATIONS_FORMAT) != EXPECTATIONS_FORMAT:
        raise _error(path, key_line(document, "format"),
                     f"format: expected {EXPECTATIONS_FORMAT!r}, found {document['format']!r}")
    engines_node = document.get("engines") or {}
    if not isinstance(engines_node, dict):
        raise _error(path, key_line(document, "engines"), "engines: a mapping of engine names")
    engines: dict[str, dict[str, Expectation]] = {}
    for engine, rulings in engines_node.items():
        if rulings is None:
            engines[str(engine)] = {}
            continue
        if not isinstance(rulings, dict):
            raise _error(path, key_line(engines_node, engine),
                         f"engines.{engine}: a mapping of ruling ids to entries")
        engines[str(engine)] = {
            str(ruling_id): _entry(path, f"engines.{engine}.{ruling_id}", str(ruling_id), entry,
                                   key_line(rulings, ruling_id))
            for ruling_id, entry in rulings.items()}
    for error in schema_errors("expectations", document, str(path))[:1]:
        raise ExpectationsError(error.location, error.message)
    return Expectations(str(path), engines)


def _entry(path: Path, where: str, ruling_id: str, entry: Any, line: int) -> Expectation:
    if isinstance(entry, str):  # the short form: "ruling-id: failed", on the id's line
        entry = {"status": entry}
    if not isinstance(entry, dict):
        raise _error(path, line, f"{where}: expected a mapping with status and reason or bug, "
                                 f"found {_kind(entry)}")

    def line_of(key: str) -> int:
        return key_line(entry, key) if isinstance(entry, LineDict) else line

    for key in entry:
        if key not in _ENTRY_KEYS:
            raise _error(path, line_of(key), f"{where}: unknown key {key!r}"
                         + did_you_mean(str(key), _ENTRY_KEYS))
    status = entry.get("status")
    if status not in EXPECTABLE:
        hint = did_you_mean(str(status), EXPECTABLE) if status is not None else ""
        raise _error(path, line_of("status"),
                     f"{where}: status must be one of {list(EXPECTABLE)}, found "
                     f"{_short(status)}{hint}")
    reason = str(entry.get("reason") or "").strip()
    bug = str(entry.get("bug") or "").strip()
    if not reason and not bug:
        raise _error(path, line, f"{where}: give a reason or a bug link")
    return Expectation(ruling_id, str(status), reason, bug, line)


def _kind(value: Any) -> str:
    """A value of the wrong type, for a message: a list or a mapping by its kind."""
    if isinstance(value, list):
        return f"a list ({_short(value)})"
    return "nothing" if value is None else _short(value)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


# -- the gate ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """One result against its expectation."""

    id: str
    status: str
    expected: str  # "passed" unless the file says otherwise
    expectation: Expectation | None
    result: Result

    @property
    def matched(self) -> bool:
        return self.status == self.expected or self.status in ALWAYS_MATCH

    @property
    def kind(self) -> str:
        """``as-expected``, ``unexpected-pass`` or ``unexpected-<status>``."""
        if self.matched:
            return "as-expected"
        return f"unexpected-{'pass' if self.status == 'passed' else self.status}"


@dataclass(frozen=True, slots=True)
class GateReport:
    engine: str
    path: str
    outcomes: tuple[Outcome, ...]
    #: ids listed for the engine that the run did not include
    not_run: tuple[str, ...]
    has_section: bool

    @property
    def unexpected(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.matched]

    @property
    def exit_code(self) -> int:
        unexpected = self.unexpected
        if any(o.status in HARNESS_ERRORS for o in unexpected):
            return 2
        return 1 if unexpected else 0

    def by_id(self) -> dict[str, Outcome]:
        return {o.id: o for o in self.outcomes}


def _status(result: Result) -> str:
    return result.status.value if isinstance(result.status, Status) else str(result.status)


def check(results: Sequence[Result], expectations: Expectations, engine: str) -> GateReport:
    """Compare a run of ``engine`` with the expectations."""
    expected = expectations.for_engine(engine)
    outcomes = []
    for result in sorted(results, key=lambda r: r.id):
        expectation = expected.get(result.id)
        outcomes.append(Outcome(result.id, _status(result),
                                expectation.status if expectation else "passed", expectation,
                                result))
    seen = {r.id for r in results}
    return GateReport(engine, expectations.path, tuple(outcomes),
                      tuple(sorted(set(expected) - seen)), engine in expectations.engines)


def render_gate(report: GateReport) -> str:
    """The gate's verdict as text: one line per unexpected result, then the tally."""
    unexpected = report.unexpected
    expected_not_passing = [o for o in report.outcomes
                            if o.matched and o.expectation is not None]
    lines = []
    if not report.has_section:
        lines.append(f"gate: {report.path} lists nothing for engine {report.engine}: "
                     "every ruling is expected to pass")
    for outcome in unexpected:
        why = f" ({outcome.expectation.why})" if outcome.expectation else ""
        label = "UNEXPECTED PASS" if outcome.status == "passed" else \
            f"UNEXPECTED {outcome.status.upper()}"
        lines.append(f"{label} {outcome.id}: expected {outcome.expected}{why}")
    for ruling_id in report.not_run:
        lines.append(f"not run: {ruling_id} (listed in {report.path} for {report.engine})")
    tally: dict[str, int] = {}
    for outcome in expected_not_passing:
        tally[outcome.status] = tally.get(outcome.status, 0) + 1
    known = ", ".join(f"{n} {status}" for status, n in sorted(tally.items())) or "none"
    verdict = "FAILED" if unexpected else "passed"
    lines.append(f"gate {verdict} (expectations {report.path}, engine {report.engine}): "
                 f"{len(unexpected)} unexpected, {len(report.outcomes) - len(unexpected)} "
                 f"as expected (known not to pass: {known})")
    return "\n".join(lines) + "\n"


# -- rewriting the file ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Update:
    """What :func:`update` changed for one engine."""

    added: tuple[str, ...]
    removed: tuple[str, ...]
    changed: tuple[str, ...]
    kept: tuple[str, ...]
    not_run: tuple[str, ...]


def update(expectations: Expectations, engine: str,
           results: Iterable[Result]) -> tuple[Expectations, Update]:
    """The expectations with ``engine``'s entries rewritten from a run.

    A result that is not ``passed`` (nor ``not-executable``) gets an entry; an existing
    entry keeps its reason and bug, a new one gets a TODO reason.  Entries of rulings the
    run does not include are kept; other engines are untouched.
    """
    old = dict(expectations.for_engine(engine))
    new: dict[str, Expectation] = {}
    added: list[str] = []
    removed: list[str] = []
    changed: list[str] = []
    kept: list[str] = []
    seen = set()
    for result in sorted(results, key=lambda r: r.id):
        seen.add(result.id)
        status = _status(result)
        previous = old.get(result.id)
        if status == "passed" or status in ALWAYS_MATCH:
            if previous is not None:
                removed.append(result.id)
            continue
        if status not in EXPECTABLE:
            raise ConformanceError(f"{result.id}: status {status!r} cannot be expected")
        if previous is None:
            new[result.id] = Expectation(result.id, status, TODO_REASON)
            added.append(result.id)
        else:
            new[result.id] = Expectation(result.id, status, previous.reason, previous.bug)
            (changed if previous.status != status else kept).append(result.id)
    not_run = sorted(set(old) - seen)
    for ruling_id in not_run:
        new[ruling_id] = old[ruling_id]
    engines = {name: entries for name, entries in expectations.engines.items()}
    engines[engine] = dict(sorted(new.items()))
    return (Expectations(expectations.path, engines),
            Update(tuple(added), tuple(removed), tuple(changed), tuple(kept), tuple(not_run)))


def dump(expectations: Expectations) -> str:
    """The file's text: engines and ruling ids sorted, one entry per ruling."""
    document = {
        "format": EXPECTATIONS_FORMAT,
        "engines": {engine: {i: e.to_yaml() for i, e in sorted(entries.items())}
                    for engine, entries in sorted(expectations.engines.items())},
    }
    header = ("# Rulings each engine is expected not to pass (docs/expectations.md).\n"
              "# Rewritten by `conformance expect update`: reasons and bug links are kept,\n"
              "# comments are not.\n")
    return header + yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)
