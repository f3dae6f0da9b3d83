"""What a report shows of one result beyond its status: where it failed (a link to the ruling
file at the failing line and the script lines around it), each scenario's verdict, the
choices the engine made itself, the command that reruns the ruling and the one that writes
the engine's standalone reproduction.

Everything here is read from the results file and the ruling files; nothing is re-run.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

#: Lines shown before and after the failing step.
CONTEXT = 3
#: The message of an ``unsupported`` result names the capabilities the engine lacks.
_LACKS = re.compile(r"lacks:\s*(.+)$")
#: Where ``conformance rerun`` commands write, so that they never overwrite the run's file.
RERUN_RESULTS = "out/rerun.json"


@dataclass(frozen=True, slots=True)
class ScriptLine:
    number: int
    text: str
    failing: bool


@dataclass(frozen=True, slots=True)
class Links:
    """How a report names files: ``out`` is the report's folder (links are relative to it);
    ``source_url`` a template with ``{path}``, ``{line}`` and ``{revision}``."""

    out: Path | None = None
    source_url: str = ""
    revision: str = ""

    def ruling(self, path: str, line: int) -> str:
        if not path:
            return ""
        if self.source_url:
            return self.source_url.format(path=quote(path), line=line or 1,
                                          revision=quote(self.revision, safe=""))
        return self.file(path) + (f"#L{line}" if line else "")

    def file(self, path: str) -> str:
        """A link to a local file (a results file, a report): relative to the report, and
        only ever a file's path (:func:`file_href`) whatever a results file says."""
        if not path or self.out is None:
            return file_href(path)
        folder, name = os.path.split(path)
        return file_href(_relative_folder(folder, str(self.out), os.getcwd()) + name)


def file_href(path: str) -> str:
    """``path`` as a link that can only name a file, relative or absolute: percent-encoded, so
    that no ``:`` can start a scheme (``javascript:...``, ``data:...``) and no ``?``, ``#`` or
    backslash change what it names, and never starting with ``//`` (another host)."""
    link = quote(path)
    return "/" + link.lstrip("/") if link.startswith("//") else link


def is_file(path: str) -> bool:
    """Whether ``path`` names a regular file; ``False`` for a path that cannot be looked up
    (a name over 255 bytes, a folder that cannot be read) instead of an ``OSError``."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


@lru_cache(maxsize=4096)
def _relative_folder(folder: str, out: str, cwd: str) -> str:
    """``folder`` (relative to ``cwd``) as seen from ``out``, with a trailing slash; once per
    folder, as a report links thousands of files in a few folders."""
    start = Path(cwd)
    relative = os.path.relpath((start / folder).resolve(), (start / out).resolve())
    return "" if relative == "." else Path(relative).as_posix() + "/"


def excerpt(path: str, line: int, context: int = CONTEXT) -> tuple[ScriptLine, ...]:
    """The lines of the ruling file around ``line`` (none when the file can't be read)."""
    if not path or line <= 0 or not is_file(path):  # never block on a FIFO
        return ()
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ()
    first, last = max(1, line - context), min(len(lines), line + context)
    return tuple(ScriptLine(n, lines[n - 1], n == line) for n in range(first, last + 1))


def missing_capabilities(message: str) -> str:
    """``token-copies, x-costs`` from an ``unsupported`` message; its text when it names none."""
    found = _LACKS.search(message.strip().splitlines()[0] if message.strip() else "")
    return found.group(1).strip() if found else (message.strip() or "(no reason given)")


def rerun_command(engine: str, path: str) -> str:
    """The command that reruns one ruling file, as it pastes into a shell: every word
    quoted (``--engine 'cmd:node toy.js'``), the file by its absolute path when it is here
    (so the command works from any folder), the results in a file of its own."""
    return shlex.join(["conformance", "run", "--engine", engine, "--rulings",
                       _absolute(path), "--results", RERUN_RESULTS])


def repro_command(results_file: str, ruling_id: str) -> str:
    """The command that writes (and runs) an engine's standalone reproduction of a failure,
    quoted, the results file by its absolute path."""
    return (shlex.join(["conformance", "repro", _absolute(results_file), "--ruling",
                        ruling_id, "--out", "repro.py"]) + " && python repro.py")


def _absolute(path: str) -> str:
    """``path`` made absolute when it names a file here; as it is otherwise."""
    return os.path.abspath(path) if is_file(path) else path


def _scenarios(details: Mapping[str, Any], path: str, links: Links) -> list[dict[str, Any]]:
    scenarios = details.get("scenarios")
    if not isinstance(scenarios, list):
        return []
    shown = []
    for scenario in scenarios:
        if isinstance(scenario, dict):
            line = _int(scenario.get("line"))
            shown.append({"name": str(scenario.get("name") or ""),
                          "status": str(scenario.get("status") or "unknown"),
                          "message": str(scenario.get("message") or ""), "line": line,
                          "href": links.ruling(path, line) if line else ""})
    return shown


def _int(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _strings(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def view(result: Mapping[str, Any], engine: str, results_file: str, links: Links,
         expectation: tuple[str, str] | None = None, full: bool = True,
         local: str = "") -> dict[str, Any]:
    """The template's view of one result.  ``expectation``: (expected status, why) from an
    expectations file; ``full``: also the script excerpt and commands (failures, errors);
    ``local``: the ruling file as loaded for this report, read (and linked) when the path in
    the results file does not lead to it from here (a run made in another folder)."""
    details = result.get("details")
    details = details if isinstance(details, Mapping) else {}
    path, line = str(result.get("path") or ""), _int(result.get("line"))
    status = str(result["status"])
    reproduction = details.get("reproduction")
    shown: dict[str, Any] = {
        "id": str(result["id"]), "status": status, "message": str(result.get("message") or ""),
        "path": path, "line": line, "location": f"{path}:{line}" if line else path,
        "href": links.ruling(path, line), "scenario": str(result.get("scenario") or ""),
        "scenarios": _scenarios(details, path, links),
        "automatic": _strings(details.get("automatic_choices")),
        "expected": expectation[0] if expectation else "",
        "why": expectation[1] if expectation else "",
        "unexpected": expectation is not None and not _matches(status, expectation[0]),
        "excerpt": (), "rerun": "", "repro": "", "reproduction": "",
    }
    if full:
        readable = path
        if local and local != path and not is_file(path) and is_file(local):
            readable = local
            if not links.source_url:
                shown["href"] = links.ruling(local, line)
                shown["scenarios"] = _scenarios(details, local, links)
        shown["excerpt"] = excerpt(readable, line)
        shown["rerun"] = rerun_command(engine, readable) \
            if readable.endswith((".yaml", ".yml")) else ""
        if isinstance(reproduction, str) and reproduction:
            shown["repro"] = repro_command(results_file, str(result["id"]))
            shown["reproduction"] = reproduction
    return shown


def _matches(status: str, expected: str) -> bool:
    from ..runner.expectations import ALWAYS_MATCH

    return status == expected or status in ALWAYS_MATCH


def expectations_for(path: Path | None, engine: str,
                     ids: Sequence[str]) -> dict[str, tuple[str, str]]:
    """(expected status, why) for every id of a run of ``engine``: ``passed`` unless the
    expectations file says otherwise.  Empty without a file."""
    if path is None:
        return {}
    from ..runner.expectations import load_expectations

    listed = load_expectations(path).for_engine(engine)
    return {i: ((listed[i].status, listed[i].why) if i in listed else ("passed", ""))
            for i in ids}
