"""Helpers the command modules share: loading the corpus, writing an output file, printing
safely."""

from __future__ import annotations

import io
import os
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..errors import ConformanceError
from ..format.loader import Corpus, load_corpus
from ..runner.resultsfile import valid_text

if TYPE_CHECKING:
    from ..properties.isolation import Isolation
    from ..reporting.runs import Run
    from ..runner.results import Result

DEFAULT_RULINGS = Path("rulings")


def default_jobs() -> int:
    """How many child processes to run at once by default: two, or one on one core."""
    return max(1, min(2, os.cpu_count() or 1))


def isolation(isolate: bool | None, memory_limit_mib: int | None,
              engine: str | None) -> tuple[bool, int | None]:
    """Whether to play in child processes (``--isolate``; by default, for every engine the
    harness imports but the reference engine) and the limit on their address space in
    bytes (``--memory-limit`` in MiB, 0 for none; by default 4 GiB)."""
    from ..contract import registry
    from ..errors import UsageError
    from ..runner.isolated import DEFAULT_MEMORY_LIMIT

    if isolate is None:
        isolate = (engine or registry.DEFAULT_ENGINE) != registry.DEFAULT_ENGINE \
            and registry.runs_in_this_process(engine)
    if memory_limit_mib is not None and memory_limit_mib < 0:
        raise UsageError(f"--memory-limit must be a number of MiB, not {memory_limit_mib}")
    if not isolate:
        if memory_limit_mib:
            raise UsageError("--memory-limit limits isolated runs: not with --no-isolate")
        return False, None
    if memory_limit_mib is None:
        return True, DEFAULT_MEMORY_LIMIT
    return True, memory_limit_mib * 1024**2 or None


def search_isolation(isolate: bool | None, memory_limit_mib: int | None, engine: str | None,
                     jobs: int | None, searches: int) -> Isolation | None:
    """How ``searches`` property searches run (``--isolate``, ``--memory-limit``, ``--jobs``):
    each in a child process for any engine the harness imports but the reference engine
    (such an engine can abort the process), unless told; as many at once as ``jobs`` says
    (more than one isolates them), by default two (one on a machine with one core).  Unless
    told otherwise, several searches on a machine with more than one core run side by side,
    so each in a child process, whatever the engine."""
    from ..errors import UsageError
    from ..properties.isolation import Isolation

    if jobs is not None and jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    if jobs is not None and jobs > 1 and isolate is False:
        raise UsageError("--jobs runs searches in child processes: not with --no-isolate")
    at_once = jobs or default_jobs()
    wanted = True if at_once > 1 and (jobs is not None or (
        isolate is None and searches > 1)) else isolate
    isolated, memory_limit = isolation(wanted, memory_limit_mib, engine)
    return Isolation(memory_limit, at_once) if isolated else None


def recorded_corpus(given: Sequence[Path] | None, runs: Sequence[Run]) -> list[Path]:
    """The corpus a report reads its ruling texts from: ``--rulings`` when given; else the
    corpus the first results file that records one names (``corpus.root``), found as
    written (absolute, or from here) or, when it was written relative to another folder,
    from the results file's folder and those above it (``results/x.json`` beside
    ``rulings/``); else ``rulings`` here."""
    if given:
        return list(given)
    for run in runs:
        corpus = run.header.get("corpus")
        root = corpus.get("root") if isinstance(corpus, dict) else None
        if not isinstance(root, str) or not root or "\0" in root:
            continue
        for folder in [Path.cwd(), *Path(os.path.abspath(run.path)).parents]:
            candidate = folder / root  # an absolute root stays itself
            if _is_folder(candidate):
                return [Path(os.path.abspath(candidate))]
    return [DEFAULT_RULINGS]


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def load(paths: Sequence[Path], cards: Path | None, *, cached: bool = False,
         rulings: bool = True) -> Corpus:
    """The corpus; ``cached``: rulings read through the ruling cache (``format/cache.py``);
    ``rulings=False``: the card data and CR sections only (the rulings are loaded by the
    processes that play them)."""
    try:
        if not rulings:
            return _card_data(paths, cards)
        if cached:
            from ..format.cache import load_corpus_cached

            return load_corpus_cached(paths, cards)
        return load_corpus(paths, cards)
    except FileNotFoundError as exc:
        raise ConformanceError(f"no such file or folder: {exc.args[0] if exc.args else exc}") \
            from None


def _card_data(paths: Sequence[Path], cards: Path | None) -> Corpus:
    from ..format.cards import load_cards
    from ..format.crsections import FILE_NAME, load_cr_sections
    from ..format.loader import find_card_file

    for path in paths:
        if not path.exists():
            raise FileNotFoundError(str(path))
    card_file = cards or find_card_file(paths)
    sections = card_file.parent / FILE_NAME
    return Corpus((), (), load_cards(card_file), str(paths[0]) if paths else ".",
                  load_cr_sections(sections) if sections.exists() else {})


def write(path: Path, text: str) -> None:
    """Write an output file (its folder made if needed); an OSError is a harness error.

    A results file is never overwritten by a report (``report r.json --html r.json``)."""
    if _is_results_file(path):
        raise ConformanceError(f"{path}: is a results file; a report is not written over it")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConformanceError(f"{path}: cannot write ({exc.strerror or exc})") from None


def _is_results_file(path: Path) -> bool:
    if not os.path.isfile(path):  # never open a FIFO: it could block
        return False
    try:
        with open(path, "rb") as stream:
            start = stream.read(512)
    except OSError:
        return False
    return _RESULTS_START.search(start) is not None


_RESULTS_START = re.compile(rb'^\s*\{\s*"format"\s*:\s*"conformance-results/')


def html_path(results: Path) -> Path:
    """Where the HTML run report of ``results`` goes: beside it, ``.html`` for its suffix --
    never the results file itself (``--results x.html`` gives ``x.report.html``)."""
    candidate = results.with_suffix(".html")
    if _same_file(candidate, results):
        candidate = results.with_name(f"{results.stem}.report.html")
    return candidate


def _same_file(one: Path, other: Path) -> bool:
    if one.resolve() == other.resolve():
        return True
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


#: Control characters (all but tab and newline), DEL and the C1 controls: terminal escapes.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_text(text: str) -> str:
    """``text`` safe to print: a control character from data (an ANSI escape, a carriage
    return) is shown as ``\\xNN``, and a lone surrogate as U+FFFD."""
    text = valid_text(text)
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class TerminalOutput(io.TextIOBase):
    """``sys.stdout``/``sys.stderr`` for a command: text neutralised by :func:`terminal_text`,
    and a reader that went away (``conformance ... | head``) silences the output instead of
    stopping the command, so that its files are still written."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.reader_gone = False

    def write(self, text: str) -> int:
        if not self.reader_gone:
            try:
                self.stream.write(terminal_text(text))
            except BrokenPipeError:
                self._silence()
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._silence()

    def _silence(self) -> None:
        self.reader_gone = True
        try:  # so that the interpreter's own flush at exit finds somewhere to write
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass

    def isatty(self) -> bool:
        return bool(self.stream.isatty())

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.stream, "encoding", "utf-8"))


class SearchProgress:
    """What a run of property searches prints as it goes: a header naming the engine, the
    profile and the seed; ``[k/N]`` before each result; and, while searches run with nothing
    printed for ``every`` seconds, a heartbeat line saying how many are done.

    Used as a context manager around the searches (the heartbeat is a daemon thread)."""

    def __init__(self, total: int, *, every: float = 10.0, out: TextIO | None = None) -> None:
        import threading  # only when properties run: not at every command's start-up

        self.total = total
        self.done = 0
        self.every = every
        self._out = out
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, daemon=True,
                                        name="conformance-heartbeat")
        self._started = 0.0
        self._last = 0.0

    @property
    def out(self) -> TextIO:
        return self._out if self._out is not None else sys.stdout

    def header(self, engine: str, profile: str, seed: int | None) -> None:
        chosen = f"seed {seed}" if seed is not None else "a seed of its own for each"
        self.say(f"properties: {self.total} on engine {engine}, profile {profile}, {chosen}")

    def say(self, line: str) -> None:
        with self._lock:
            print(line, file=self.out, flush=True)
            self._last = time.monotonic()

    def count(self) -> int:
        """One more result: how many there have been."""
        with self._lock:
            self.done += 1
            return self.done

    def prefix(self) -> str:
        """``[k/N] `` for the next result (counting it)."""
        return f"[{self.count()}/{self.total}] "

    def __enter__(self) -> SearchProgress:
        self._started = self._last = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=1.0)

    def _beat(self) -> None:
        while not self._stop.wait(min(1.0, self.every)):
            now = time.monotonic()
            with self._lock:
                silent = now - self._last >= self.every
                done = self.done
            if silent:
                self.say(f"  ... searching: {done} of {self.total} done, "
                         f"{now - self._started:.0f} s")


def played(result: Result) -> str:
    """What a property's search played, as its result says: ``seed 3, 30 games, 365 steps``."""
    details = result.details
    parts = [f"seed {details.get('seed')}"]
    if "games" in details:
        parts.append(f"{details['games']} games")
    if "steps" in details:
        parts.append(f"{details['steps']} steps")
    if details.get("budget_reached") is not None:
        parts.append(f"budget of {details['budget_reached']} actions reached")
    return ", ".join(parts)
