"""Rulings run in a child process, so that an engine imported into the harness's process
that kills it (an abort or a crash in native code, a runaway allocation) or never returns
costs the ruling under way an ``error`` or a ``timeout``, and every other ruling still runs.

An engine that runs in another process (the stdio protocol) is already kept apart and
timed by its client; an engine that is a Python package (phase.rs's bindings, python-mtg)
shares the harness's process, where no ``except`` catches a crash and nothing stops a call
that never returns.  :class:`IsolatedRun` forks one child that makes its own engine and
plays the rulings it is sent, one at a time, each verdict sent back as it is reached.  The
parent gives each ruling ``timeout`` seconds; when the child dies or runs out of time, the
ruling under way gets its verdict from that, and a new child with a new engine plays the
rest.  The child's address space is limited (a runaway allocation fails there instead of
bringing in the system's out-of-memory killer).  Where processes cannot be forked, the
rulings run in the harness's process as before.

Nothing the engine starts outlives the run.  The child leads a process group of its own, and
the group is killed when the child ends, whatever ends it, so that a helper process an
engine started cannot hold the run's standard output open (``conformance run ... | cat``
would wait for it).  On Linux the child is also killed when the harness dies, even by
``SIGKILL`` (``PR_SET_PDEATHSIG``), and a watchdog in the group, forked before the engine is
made, kills the group when the child dies.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any

from ..contract.protocol import Engine
from ..format.cards import CardPool
from ..format.model import Ruling
from .execute import run_corpus, run_ruling
from .results import Result, Status

#: The default limit on a child's address space: generous for a game (the harness with its
#: corpus and an engine take a few hundred MiB), far below what a runaway allocation asks.
DEFAULT_MEMORY_LIMIT = 4 * 1024**3
#: Seconds a ruling may take in an isolated run when no ``--timeout`` is given: far more
#: than any ruling of the corpus needs on any engine, so that only a call that does not
#: return reaches it.
DEFAULT_RULING_SECONDS = 300.0


def available() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def limit_address_space(memory_limit: int | None) -> None:
    """Limit this process's address space to ``memory_limit`` bytes (within the hard
    limit it already has); ``None`` leaves it as it is."""
    if memory_limit is None:
        return
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = memory_limit if hard == resource.RLIM_INFINITY else min(memory_limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def how_it_died(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return signal.Signals(-exitcode).name
        except ValueError:
            return f"signal {-exitcode}"
    return f"exit status {exitcode}"


class IsolatedRun:
    """Rulings played by engines from ``factory`` in a forked child (see the module)."""

    def __init__(self, factory: Callable[[], Engine], cards: CardPool, *,
                 timeout: float | None = None,
                 memory_limit: int | None = DEFAULT_MEMORY_LIMIT) -> None:
        self.factory = factory
        self.cards = cards
        self.timeout = DEFAULT_RULING_SECONDS if timeout is None else timeout
        self.memory_limit = memory_limit
        self.children = 0  # how many children were started (a test counts the restarts)

    def run(self, rulings: Sequence[Ruling],
            on_result: Callable[[Result], None]) -> list[Result]:
        results: list[Result] = []
        if not available():
            engine = self.factory()
            try:
                return run_corpus(rulings, (), engine, self.cards, on_result)
            finally:
                engine.close()
        child: _Child | None = None
        try:
            for index, ruling in enumerate(rulings):
                if child is None:
                    child = _Child(self, rulings)
                    self.children += 1
                played = child.play(index, self.timeout)
                if played is None:  # the child died or ran out of time: a new one goes on
                    result = child.verdict_on_loss(ruling, self.timeout)
                    child.end()
                    child = None
                else:
                    result = played
                on_result(result)
                results.append(result)
        except BaseException:  # interrupted: no waiting for an engine that may hang
            if child is not None:
                child.end()
                child = None
            raise
        finally:
            if child is not None:
                child.close()
        return results


class _Child:
    def __init__(self, run: IsolatedRun, rulings: Sequence[Ruling]) -> None:
        context = multiprocessing.get_context("fork")
        self.connection, theirs = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(theirs, run.factory, rulings, run.cards, run.memory_limit),
            daemon=True)
        self.process.start()
        theirs.close()
        self.timed_out = False
        assert self.process.pid is not None
        self.pid = self.process.pid
        try:  # as the child does itself: whichever runs first, the group exists
            os.setpgid(self.pid, self.pid)
        except OSError:  # the child has already done it, or is gone
            pass

    def play(self, index: int, timeout: float) -> Result | None:
        """The verdict on ruling ``index``; ``None`` if the child died or ran out of time."""
        try:
            self.connection.send(index)
            if not self.connection.poll(timeout):
                self.timed_out = True
                return None
            found: Result = self.connection.recv()
        except (EOFError, OSError):
            return None
        return found

    def verdict_on_loss(self, ruling: Ruling, timeout: float) -> Result:
        base: dict[str, Any] = {"id": ruling.id, "path": ruling.path,
                                "line": ruling.location.line}
        if self.timed_out:
            return Result(status=Status.TIMEOUT, message=(
                f"no verdict within {timeout:g} s: the engine's process was stopped, and the "
                f"rulings after this one ran on a new engine"), **base)
        if exited_unreaped(self.pid, 5):  # what it started goes with it, before it is reaped
            kill_group(self.pid)
        self.process.join(5)
        return Result(status=Status.ERROR, message=(
            f"the engine's process died ({how_it_died(self.process.exitcode)}) during this "
            f"ruling; the rulings after it ran on a new engine"), **base)

    def end(self) -> None:
        """Kill the child and every process of its group (what its engine started)."""
        self.connection.close()
        kill_group(self.pid)  # before the child is reaped, its pid names the group
        self.process.join()

    def close(self) -> None:
        """Ask the child to close its engine and end; stop it if it does not.  Either way,
        what the engine started is killed with its process group."""
        try:
            self.connection.send(None)
        except OSError:
            pass
        exited_unreaped(self.pid, 10)
        self.end()


def exited_unreaped(pid: int, timeout: float) -> bool:
    """Wait up to ``timeout`` s for child ``pid`` to end, without reaping it (its pid still
    names its process group, and no other process can take it)."""
    deadline = time.monotonic() + timeout
    delay = 0.001
    while True:
        try:
            if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                return True
        except (ChildProcessError, OSError):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


#: ``prctl``'s option that has the kernel send a signal to a process when its parent dies.
_PR_SET_PDEATHSIG = 1


def die_with_parent(sig: int = signal.SIGKILL) -> bool:
    """Have the kernel send ``sig`` to this process when its parent dies, even by
    ``SIGKILL`` (Linux; ``False`` elsewhere, or when the parent has already died)."""
    if not sys.platform.startswith("linux"):
        return False
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if os.getppid() != parent:  # the parent died before the request was made
        os.kill(os.getpid(), sig)
    return True


def own_group() -> None:
    """Make the child the leader of a process group of its own, killed with the harness
    (Linux), and fork the watchdog that kills the group when the child dies."""
    try:
        os.setpgid(0, 0)
    except OSError:  # the parent has already done it
        pass
    if not die_with_parent():
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR2})
    watchdog = os.fork()
    if watchdog == 0:  # pragma: no cover - runs in the watchdog, which never returns
        try:
            os.closerange(3, 65536)  # the child's pipes are the child's alone
            die_with_parent(signal.SIGUSR2)
            signal.sigwait({signal.SIGUSR2})
            os.killpg(0, signal.SIGKILL)
        finally:
            os._exit(0)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR2})


def _serve(connection: Connection, factory: Callable[[], Engine], rulings: Sequence[Ruling],
           cards: CardPool, memory_limit: int | None) -> None:
    own_group()
    limit_address_space(memory_limit)
    engine = factory()
    try:
        while True:
            index = connection.recv()
            if index is None:
                return
            connection.send(run_ruling(rulings[index], engine, cards))
    except (EOFError, OSError):
        return
    finally:
        engine.close()
