"""Results: one per ruling, and the results file they are streamed to.

While a run goes on, the results file is JSON Lines: a header line, then one line per
result, appended as each ruling ends -- writing is linear in the number of results, and a
crash (even ``kill -9``) loses only the ruling that was running.  When the run finishes,
the file is replaced atomically by the one JSON document of docs/results-format.md.
Readers (:func:`read_results`) take either layout.

Every string is valid Unicode before it is written: a lone surrogate (from a file name, an
escape in a ruling file, an engine's message) becomes U+FFFD.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections import Counter
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import IO, Any

from .resultsfile import ResultsFileError, clean, read_results, valid_text

RESULTS_FORMAT = "conformance-results/1"


class Status(str, Enum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    UNSUPPORTED = "unsupported"
    NOT_EXECUTABLE = "not-executable"
    #: the engine did not answer within the per-scenario time limit (``--timeout``)
    TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class Result:
    """The verdict on one ruling for one engine.

    ``line`` is the line of the step that failed (0 when not about a step); ``setup`` is
    ``"injected"`` if any scenario's starting state was put in place directly, else
    ``"legal-play"``; ``injected_steps`` counts script steps that moved cards outside
    the rules.
    """

    id: str
    status: Status
    message: str = ""
    duration: float = 0.0
    path: str = ""
    line: int = 0
    scenario: str = ""
    setup: str = ""
    injected_steps: int = 0
    kind: str = "ruling"
    details: dict[str, Any] = field(default_factory=dict)
    #: contract 1.2: why an ``unsupported`` result is, in a word beside ``message``
    #: (``format.vocabulary.UNSUPPORTED_CODES``: ``capability``, ``card``, ``setup``, ...)
    reason: str = ""

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["status"] = self.status.value
        data["duration"] = round(self.duration, 6)
        if not self.reason:
            del data["reason"]
        cleaned: dict[str, Any] = clean(data)
        return cleaned

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        known = {f.name for f in fields(cls)}
        return cls(**{**{k: v for k, v in data.items() if k in known},
                      "status": Status(data["status"])})


def partly_passed(result: Result) -> tuple[int, int] | None:
    """``(passed, scenarios)`` for a ruling passed on part of its scenarios only, the others
    unsupported (``details.partial``); ``None`` for any other result."""
    partial = result.details.get("partial") if result.status is Status.PASSED else None
    if not isinstance(partial, dict):
        return None
    return int(partial.get("passed", 0)), int(partial.get("scenarios", 0))


#: What an unsupported result's message names, by its reason code (contract 1.2).
_LACKS = "the engine lacks: "
_NOT_IN_POOL = re.compile(r"^'(.+)' is not in the engine's card pool")


def what_would_judge_more(results: list[Result]) -> list[tuple[str, int]]:
    """What the engine lacks, each with how many rulings name it among what kept them from
    running -- a capability (``capability``) or a card of the corpus (``card``) -- most first:
    what to implement next.  A ruling counts once for each thing it names."""
    counts: Counter[str] = Counter()
    for result in results:
        if result.status is Status.UNSUPPORTED:
            messages = [(result.reason, result.message)]
        elif partly_passed(result) is not None:
            messages = [(str(s.get("reason", "")), str(s.get("message", "")))
                        for s in result.details.get("scenarios", ())
                        if isinstance(s, dict) and s.get("status") == Status.UNSUPPORTED.value]
        else:
            continue
        named: set[str] = set()
        for reason, message in messages:
            if reason == "capability" and message.startswith(_LACKS):
                named.update(f"capability {c}" for c in message[len(_LACKS):].split(", ") if c)
            elif reason == "card" and (found := _NOT_IN_POOL.match(message)):
                named.add(f"card {found[1]}")
        counts.update(named)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def summary(results: list[Result]) -> Counter[Status]:
    counts: Counter[Status] = Counter({status: 0 for status in Status})
    counts.update(result.status for result in results)
    return counts


def exit_code(results: list[Result]) -> int:
    """0 when every ruling passed (or could not run for a declared reason), 1 when one
    failed, 2 when a harness or input error happened (an engine that crashed or timed out
    counts as one)."""
    statuses = {result.status for result in results}
    if Status.ERROR in statuses or Status.TIMEOUT in statuses:
        return 2
    if Status.FAILED in statuses:
        return 1
    return 0


def _line(value: Any) -> str:
    """One JSON line; never raises for a value JSON cannot hold (it is written as text)."""
    return json.dumps(clean(value), ensure_ascii=False, separators=(",", ":"), default=str)


class ResultsFileBusy(ResultsFileError):
    """Another run is writing the results file asked for (see :class:`ResultsWriter`)."""


class ResultsWriter:
    """Appends each result to the results file; :meth:`finish` makes it one document.

    The file is created with the usual permissions (``0666`` less the umask).  The only
    temporary file, ``.NAME.finishing`` beside it, exists while :meth:`finish` writes and
    is removed if that fails; one left by a killed run is removed by the next writer.

    One writer at a time: the writer holds an exclusive lock (``flock``) on the results file
    from before it empties it until the finished document has replaced it, and a second
    writer of the same path -- another run, in this process or another -- is refused with
    :class:`ResultsFileBusy` before it changes anything, instead of silently replacing the
    first one's results.  (Where the file system has no locks, nothing is locked.)
    """

    def __init__(self, path: Path | None, header: dict[str, Any]) -> None:
        self.path = path
        self.header = {
            "format": RESULTS_FORMAT,
            "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            **header,
        }
        self.results: list[Result] = []
        self._stream: IO[str] | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._stream = _open_locked(path)
            _remove(self._finishing)
            self._stream.truncate(0)
            self._append(_line(self.header))

    @property
    def _finishing(self) -> Path:
        assert self.path is not None
        name = f".{self.path.name}.finishing"
        if len(os.fsencode(name)) > _MAX_NAME_BYTES:  # the results file's name is near it
            digest = hashlib.sha256(os.fsencode(self.path.name)).hexdigest()[:16]
            name = f".{digest}.finishing"
        return self.path.with_name(name)

    def _append(self, line: str) -> None:
        if self._stream is None:
            return
        self._stream.write(line + "\n")
        self._stream.flush()

    def add(self, result: Result) -> None:
        self.results.append(result)
        if self._stream is not None:
            self._append(_line(result.to_json()))
        elif self.path is not None:  # after finish: the document again, whole
            self._write_document()

    def finish(self) -> None:
        """Write the one document (it replaces the file atomically), then let go of the
        lock: the file is another run's to write from then on."""
        self.header["finished"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
        self.header["summary"] = {s.value: n for s, n in summary(self.results).items()}
        if self.path is None:
            return
        try:
            self._write_document()
        finally:
            if self._stream is not None:
                self._stream.close()
                self._stream = None

    def _write_document(self) -> None:
        assert self.path is not None
        document = {**self.header, "results": [r.to_json() for r in self.results]}
        temporary = self._finishing
        _remove(temporary)
        try:
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
                json.dump(clean(document), stream, indent=1, ensure_ascii=False, default=str)
                stream.write("\n")
            os.replace(temporary, self.path)
        except BaseException:
            _remove(temporary)
            raise


#: The longest file name most file systems take, in bytes.
_MAX_NAME_BYTES = 255


def _open_locked(path: Path) -> IO[str]:
    """The results file opened for writing (not emptied) and locked for this writer alone;
    :class:`ResultsFileBusy` when another writer holds it.  A path that is not a regular
    file (a FIFO would block, a device would be replaced by the finished document) is a
    :class:`ResultsFileError`."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) \
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file"
        raise ResultsFileError(f"{path}: expected a results file (a regular file, or none yet), "
                               f"found {what}")
    for _attempt in range(10):
        stream = open(os.open(path, os.O_WRONLY | os.O_CREAT, 0o666), "w",  # noqa: SIM115
                      encoding="utf-8")
        try:
            if not _lock(stream.fileno()):
                raise ResultsFileBusy(
                    f"{path}: another run is writing this results file (it is locked); "
                    f"expected no other run, found one: wait for it to end, or give this run "
                    f"another --results path")
            if _same_file(stream.fileno(), path):
                return stream
        except BaseException:
            stream.close()
            raise
        stream.close()  # the other run finished and replaced the file meanwhile: again
    raise ResultsFileBusy(f"{path}: replaced again and again while this run opened it")


def _lock(descriptor: int) -> bool:
    """Take the exclusive lock on an open file: ``False`` when another holder has it."""
    try:
        import fcntl
    except ImportError:  # no flock here: nothing to lock with
        return True
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks (some network ones)
        return True
    return True


def _same_file(descriptor: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(descriptor), os.stat(path))
    except OSError:
        return False


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


__all__ = ["RESULTS_FORMAT", "Result", "ResultsFileBusy", "ResultsFileError", "ResultsWriter",
           "Status", "exit_code", "load_results", "summary", "valid_text"]

_STATUSES = re.compile("|".join(re.escape(s.value) for s in Status))


def load_results(path: Path) -> tuple[dict[str, Any], list[Result]]:
    """The header and the results of a results file (either layout), checked: a file that
    is not one is a :class:`ResultsFileError` (``path: where: what``)."""
    header, entries = read_results(path, RESULTS_FORMAT)
    results = []
    for where, entry in entries:
        if not _STATUSES.fullmatch(entry["status"]):
            raise ResultsFileError(f"{where}: status: {entry['status'][:40]!r} is not one of "
                                   f"{[s.value for s in Status]}")
        results.append(Result.from_json(entry))
    return header, results
