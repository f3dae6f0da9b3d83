"""A property's search in a child process, so that an engine that kills its process (an
abort, a runaway allocation) costs that property an ``error`` and nothing else.

An engine imported into the harness's process (phase.rs is one) can abort the process: no
``except`` catches that.  :class:`Isolation` forks a child for each property's search; the
child sends its result back over a pipe, under a limit on its address space (so that a
runaway allocation fails there instead of bringing in the system's out-of-memory killer).
While it plays, the child keeps the game in progress -- its setup and the steps taken, with
the call under way -- in a journal file, so that when it dies the parent reports that game
as the scenario it died in.  Where processes cannot be forked (``fork`` is a POSIX start
method), searches run in the harness's process as before.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from multiprocessing import connection
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..contract.protocol import Engine
from ..contract.types import Action, Event, ObjectId
from ..format.cards import CardPool
from ..format.model import Setup
from ..runner.isolated import (
    DEFAULT_MEMORY_LIMIT, exited_unreaped, how_it_died, kill_group, limit_address_space,
    own_group,
)
from ..runner.results import Result, Status
from .recording import Recorder, scenario_text, setup_yaml

__all__ = ["DEFAULT_MEMORY_LIMIT", "Isolation", "Search"]


#: One property's search: given the wrapper to put around each engine it makes, its result.
Work = Callable[[Callable[[Engine], Engine]], Result]


@dataclass(frozen=True, slots=True)
class Search:
    """A property's search to run in a child; ``details`` go into the ``error`` of a child
    that dies."""

    work: Work
    property_id: str
    details: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Isolation:
    """Each property's search in a forked child whose address space is limited to
    ``memory_limit`` bytes (``None``: no limit), ``jobs`` children at a time."""

    memory_limit: int | None = DEFAULT_MEMORY_LIMIT
    jobs: int = 1

    @staticmethod
    def available() -> bool:
        return "fork" in multiprocessing.get_all_start_methods()

    def run_all(self, searches: Sequence[Search | Result],
                on_result: Callable[[Result], None]) -> list[Result]:
        """Each search's result, computed in a child of its own, up to ``jobs`` at once (a
        ``Result`` given stands for itself); ``on_result`` is called with each in the order
        given, as soon as it and every one before it are known.  A child that dies without a
        result gives an ``error`` naming how it died, with its search's ``details`` and the
        game under way."""
        results: list[Result | None] = [s if isinstance(s, Result) else None for s in searches]
        running: dict[int, _Child] = {}
        started = reported = 0
        try:
            while reported < len(searches):
                while started < len(searches) and len(running) < max(1, self.jobs):
                    search = searches[started]
                    if isinstance(search, Search):
                        if self.available():
                            running[started] = _Child(search, self.memory_limit)
                        else:  # where processes cannot be forked: in this process
                            results[started] = search.work(lambda engine: engine)
                    started += 1
                while reported < len(searches):
                    done = results[reported]
                    if done is None:
                        break
                    on_result(done)
                    reported += 1
                if running:
                    connection.wait([w for child in running.values() for w in child.waits()],
                                    timeout=0.2)
                    for index, child in list(running.items()):
                        found = child.result()
                        if found is not None:
                            results[index] = found
                            del running[index]
        finally:
            for child in running.values():
                child.close()
        return [r for r in results if r is not None]


class _Child:
    """A search under way in a forked child, with the journal of its game."""

    def __init__(self, search: Search, memory_limit: int | None) -> None:
        self.search = search
        context = multiprocessing.get_context("fork")
        handle, name = tempfile.mkstemp(prefix="conformance-game-", suffix=".json")
        os.close(handle)
        self.journal = Path(name)
        self.receiving, sending = context.Pipe(duplex=False)
        self.process = context.Process(target=_child, daemon=True, args=(
            search.work, self.journal, sending, memory_limit))
        try:
            self.process.start()
        finally:
            sending.close()
        assert self.process.pid is not None
        self.pid = self.process.pid
        try:  # as the child does itself: whichever runs first, the group exists
            os.setpgid(self.pid, self.pid)
        except OSError:  # the child has already done it, or is gone
            pass

    def waits(self) -> list[Any]:
        """What becomes ready when it sends its result or ends."""
        return [self.receiving, self.process.sentinel]

    def result(self) -> Result | None:
        """Its result once it sent one or died (it is then closed), else ``None``."""
        if self.receiving.poll(0):
            try:
                found: Result = self.receiving.recv()
            except EOFError:
                found = self._died()
            else:
                self._reap()
                found = _with_game(found, self.journal)
        elif self.process.is_alive():
            return None
        elif self.receiving.poll(0):
            return self.result()  # it sent its result as it ended
        else:
            found = self._died()
        self.close()
        return found

    def _reap(self) -> None:
        """Wait for the child to end, kill what its engine started (its process group, named
        by its pid until it is reaped), then reap it."""
        if exited_unreaped(self.pid, 5):
            kill_group(self.pid)
        self.process.join()

    def _died(self) -> Result:
        self._reap()
        return _died(self.search.property_id, self.process.exitcode, self.journal,
                     self.search.details)

    def close(self) -> None:
        """Stop the child if it is still searching, and kill every process of its group
        (what its engine started) before it is reaped, while its pid names the group."""
        self.receiving.close()
        exited_unreaped(self.pid, 0 if self.process.is_alive() else 5)
        kill_group(self.pid)
        self.process.join()
        self.journal.unlink(missing_ok=True)


def _child(work: Callable[[Callable[[Engine], Engine]], Result], journal: Path,
           sending: Connection, memory_limit: int | None) -> None:
    own_group()
    limit_address_space(memory_limit)
    result = work(lambda engine: _JournaledEngine(engine, journal))
    sending.send(result)
    sending.close()


def _died(property_id: str, exitcode: int | None, journal: Path,
          details: dict[str, Any]) -> Result:
    how = how_it_died(exitcode)
    found = dict(details)
    game = _last_game(journal)
    where = "during a game"
    if game is not None:
        scenario, call = game
        found["scenario"] = scenario_text(scenario)
        if call is not None:
            found["dying_call"] = call
            where = f"during a game ({call})"
    else:
        where = "before any game started"
    return Result(id=property_id, status=Status.ERROR, kind="property",
                  message=f"the engine's process died ({how}) {where}", details=found)


def _with_game(result: Result, journal: Path) -> Result:
    """An ``error`` the engine raised during a game, with that game as its scenario (the
    last game the journal kept: Hypothesis plays a failing game once more at the end)."""
    if result.status is not Status.ERROR or "scenario" in result.details:
        return result
    game = _last_game(journal)
    if game is None:
        return result
    scenario = {**game[0], "name": "the game under way when the error was raised"}
    return replace(result, details={**result.details, "scenario": scenario_text(scenario)})


def _last_game(journal: Path) -> tuple[dict[str, Any], str | None] | None:
    """The scenario of the game under way when the child died (the step it was taking
    last, marked by ``dying_call``), if one had started."""
    try:
        text = journal.read_text("utf-8")
    except OSError:
        return None
    if not text:
        return None
    try:
        game = json.loads(text)
    except ValueError:
        return None
    return game["scenario"], game.get("call")


class _JournaledEngine:
    """An engine that writes the game under way to ``journal`` before each action or answer
    it is given (a process that dies in the call leaves the step that killed it), with the
    state machine's recorder: aliases, never engine ids."""

    def __init__(self, engine: Engine, journal: Path) -> None:
        self._engine = engine
        self._journal = journal
        self._recorder: Recorder | None = None
        self._setup: dict[str, Any] = {}

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        self._recorder = None
        self._setup = setup_yaml(setup)
        self._write([], "start")
        aliases = dict(self._engine.start(setup, cards))
        self._recorder = Recorder(setup, dict(aliases))
        self._write([], None)
        return aliases

    def perform(self, action: Action) -> Sequence[Event]:
        recorder = self._recorder
        if recorder is None:
            return self._engine.perform(action)
        mark = recorder.mark()
        step = recorder.action(self._engine, action)
        self._write([step], f"perform {type(action).__name__}")
        try:
            events = self._engine.perform(action)
        except BaseException:
            recorder.rewind(mark)
            raise
        recorder.steps.append(step)
        recorder.follow(events)
        return events

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        recorder = self._recorder
        if recorder is None:
            return self._engine.answer(values)
        mark = recorder.mark()
        choice = self._engine.pending_choice()
        by_value = {o.value: o for o in choice.options} if choice is not None else {}
        step = {"choose": [recorder.value(self._engine, v, by_value.get(v)) for v in values]}
        self._write([step], "answer")
        try:
            events = self._engine.answer(values)
        except BaseException:
            recorder.rewind(mark)
            raise
        recorder.steps.append(step)
        recorder.follow(events)
        return events

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def _write(self, pending: list[Any], call: str | None) -> None:
        steps = list(self._recorder.steps) if self._recorder is not None else []
        scenario = {"name": "the game under way when the engine's process died",
                    "setup": self._setup, "script": steps + pending}
        self._journal.write_text(json.dumps({"scenario": scenario, "call": call},
                                            default=str), "utf-8")
