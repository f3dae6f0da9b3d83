"""A corpus run spread over ``jobs`` processes (``conformance run --jobs N``).

Each of ``jobs`` forked children takes every ``jobs``-th ruling file and plays it in two
steps.  First it loads its files (through the ruling cache, when there is one) and tells the
harness what each file is: a ruling's id and where it is, or the failure of a file that does
not load.  The harness, which alone sees every file, settles duplicate ids as
``load_corpus`` does -- the first file in path order keeps the id, each later one is an
``error`` result naming the first -- and tells each child which of its rulings to play.
Then each child makes its own engine and plays them, each verdict sent back as it is
reached; the harness records the verdicts as they come (the results file's order is not
the serial run's; reports sort by id).

A child that dies (an engine that crashes its process) costs the rulings it had left an
``error`` each, and the other children go on; with ``isolate``, each child plays its rulings
in a child of its own (``isolated.IsolatedRun``), so a crash costs one ruling, as in a
serial isolated run.  Where processes cannot be forked, the caller runs serially.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from ..contract.protocol import Engine
from ..errors import Location, RulingFileError
from ..format.cards import CardPool
from ..format.loader import LoadFailure
from ..format.model import Ruling
from .execute import failure_result, run_corpus
from .isolated import available, how_it_died, own_group
from .results import Result, Status

#: What a child says of each of its files: (index, ruling id, "path:line", path, line) for
#: a ruling, or (index, None, failure result) for a file that did not load.
Loaded = tuple[int, "str | None", Any]


def can_run_in_parallel() -> bool:
    return available()


def run_in_parallel(files: Sequence[Path], jobs: int, *,
                    load: Callable[[Path], Ruling | LoadFailure],
                    factory: Callable[[], Engine], cards: CardPool,
                    on_result: Callable[[Result], None],
                    isolated: Callable[[Sequence[Ruling], Callable[[Result], None]],
                                       list[Result]] | None = None) -> list[Result]:
    """Every file of ``files`` loaded by ``load`` and played on an engine from ``factory``,
    in ``jobs`` processes (see the module); ``isolated``, when given, plays a child's
    rulings in place of a plain loop over one engine."""
    context = multiprocessing.get_context("fork")
    children = []
    for k in range(jobs):
        share = list(range(k, len(files), jobs))
        if not share:
            continue
        ours, theirs = context.Pipe()
        process = context.Process(target=_child, args=(  # not daemonic: it may fork its own
            theirs, [(i, files[i]) for i in share], load, factory, cards, isolated))
        process.start()
        theirs.close()
        children.append(_Worker(process, ours, share))
    results: list[Result] = []

    def record(result: Result) -> None:
        on_result(result)
        results.append(result)

    try:
        loaded: dict[int, Loaded] = {}
        for child in children:
            for item in child.receive_loaded(files):
                loaded[item[0]] = item
        first: dict[str, int] = {}
        for index in sorted(loaded):
            _index, ruling_id, detail = loaded[index]
            if ruling_id is None:
                record(detail)
            elif ruling_id in first:
                location, path, line = detail
                record(failure_result(LoadFailure(path, (RulingFileError(
                    Location(path, line), f"ruling id {ruling_id!r} is already used by "
                                          f"{loaded[first[ruling_id]][2][0]}"),), ruling_id)))
            else:
                first[ruling_id] = index
        kept = set(first.values())
        for child in children:
            child.play([i for i in child.share if i in kept], loaded)
        pending = {id(child.connection): child for child in children}
        while pending:
            for ready in wait([child.connection for child in pending.values()]):
                child = pending[id(ready)]
                message = child.receive()
                if message is None:  # done, or died: what it had left is an error each
                    for result in child.lost():
                        record(result)
                    del pending[id(ready)]
                else:
                    child.done.add(message.id)
                    record(message)
    finally:
        for child in children:
            child.end()
    return results


class _Worker:
    def __init__(self, process: Any, connection: Connection, share: list[int]) -> None:
        self.process = process
        self.connection = connection
        self.share = share
        self.playing: list[tuple[str, str, int]] = []  # (id, path, line) of what it plays
        self.done: set[str] = set()
        self.finished = False

    def receive_loaded(self, files: Sequence[Path]) -> list[Loaded]:
        try:
            found: list[Loaded] = self.connection.recv()
            return found
        except (EOFError, OSError):  # it died loading: each of its files is an error
            self.finished = True
            return [(i, None, Result(id=str(files[i]), status=Status.ERROR, path=str(files[i]),
                                     message=f"the process loading this file died "
                                             f"({self._death()})")) for i in self.share]

    def play(self, indices: list[int], loaded: dict[int, Loaded]) -> None:
        self.playing = [(str(loaded[i][1]), loaded[i][2][1], loaded[i][2][2]) for i in indices]
        if self.finished:
            return
        try:
            self.connection.send(indices)
        except OSError:
            self.finished = True

    def receive(self) -> Result | None:
        try:
            message: Result | None = self.connection.recv()
        except (EOFError, OSError):
            return None
        if message is None:
            self.finished = True
        return message

    def lost(self) -> list[Result]:
        """An ``error`` for each ruling it was to play and did not (it died)."""
        why = self._death()
        return [Result(id=ruling_id, status=Status.ERROR, path=path, line=line,
                       message=f"the process playing this ruling died ({why}) before its "
                               f"verdict; the other processes went on")
                for ruling_id, path, line in self.playing if ruling_id not in self.done]

    def _death(self) -> str:
        self.process.join(5)
        return how_it_died(self.process.exitcode)

    def end(self) -> None:
        self.connection.close()
        self.process.join(10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


def _child(connection: Connection, files: list[tuple[int, Path]],
           load: Callable[[Path], Ruling | LoadFailure], factory: Callable[[], Engine],
           cards: CardPool,
           isolated: Callable[[Sequence[Ruling], Callable[[Result], None]],
                              list[Result]] | None) -> None:
    own_group()
    try:
        rulings: dict[int, Ruling] = {}
        told: list[Loaded] = []
        for index, path in files:
            loaded = load(path)
            if isinstance(loaded, LoadFailure):
                told.append((index, None, failure_result(loaded)))
            else:
                rulings[index] = loaded
                told.append((index, loaded.id, (str(loaded.location), loaded.path,
                                                loaded.location.line)))
        connection.send(told)
        chosen = [rulings[i] for i in connection.recv()]
        if isolated is not None:
            isolated(chosen, connection.send)
        else:
            engine = factory()
            try:
                run_corpus(chosen, (), engine, cards, connection.send)
            finally:
                engine.close()
        connection.send(None)
    except (EOFError, OSError, KeyboardInterrupt):
        return
